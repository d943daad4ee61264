//! Orders: the language players write them in, and the checked form the
//! adjudicator consumes.
//!
//! Text becomes a [`ParsedOrder`] (syntax and names only, [`parse_order`]),
//! which becomes an [`Order`] for a unit on the board once it has been checked
//! against the position the way njudge checks orders at entry
//! ([`validate`]); [`render`] writes orders back out in the results layout.
//! [`condition`] reads the conditions of conditional orders for a later
//! phase (`IF NOT French Army Ruhr`) and tells whether a board meets them.
//! Nothing here knows about games, players or mail.

mod condition;
mod error;
mod fail;
mod parse;
mod render;
mod validate;

pub use condition::{parse_condition, Condition, ConditionError};
pub use error::OrderError;
pub use parse::{parse_order, parse_unit, reads_as_order, split_orders};
pub use render::{push_adjustment, push_order, render_adjustment, render_order, render_order_seen};
pub use validate::{
  convoy_conceivable, validate, validate_adjustment, validate_adjustment_with, validate_with,
};

use crate::map::{Coast, Location, PowerId, ProvinceId, UnitType};
use crate::position::Unit;

/// An order as written, with names resolved but nothing checked against the
/// board. Unit types are optional because players may leave them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedOrder {
  /// An order to a unit in a movement or retreat phase.
  Unit { kind: Option<UnitType>, at: Location, action: Action },
  /// `build A Lon`.
  Build { kind: Option<UnitType>, at: Location },
  /// `remove A Tun`, `disband A Tun` (adjustment phase).
  Remove { kind: Option<UnitType>, at: Location },
  /// `F StP/sc` in an adjustment phase: a build or a removal, whichever the
  /// power is due.
  BuildOrRemove { kind: Option<UnitType>, at: Location },
  /// `waive`: decline one build; `waive France` names the power, for a
  /// player of several (duplex).
  Waive { power: Option<PowerId> },
  /// `maintain A Vie`: keep a unit (SET ANY DISBAND, where every unit
  /// needs an order).
  Maintain { kind: Option<UnitType>, at: Location },
  /// `transform A Brest`, `trafo f spa/sc` (SET TRANSFORM): the unit at
  /// `at` becomes `into`; the coast is where a fleet goes.
  Transform { into: UnitType, at: Location },
}

/// What a unit is told to do, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
  Hold,
  /// A move or retreat. `route` holds the provinces written between the
  /// start and `to` (`A Lon-Nth-Nwy` has route `[Nth]`).
  Move {
    to: Location,
    route: Vec<ProvinceId>,
    via_convoy: bool,
  },
  SupportHold {
    kind: Option<UnitType>,
    unit: Location,
  },
  SupportMove {
    kind: Option<UnitType>,
    from: Location,
    to: Location,
  },
  Convoy {
    kind: Option<UnitType>,
    from: Location,
    to: Location,
  },
  Proxy {
    power: PowerId,
  },
  Disband,
  /// `F Brest transforms to Army`, `Spain trafo F (sc)` (SET TRANSFORM).
  Transform {
    into: UnitType,
    coast: Option<Coast>,
  },
}

/// How a move intends to travel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
  /// Nothing said: over land (or by sea for a fleet) when adjacent, by convoy
  /// along any route otherwise.
  Unspecified,
  /// `via convoy`: by convoy even to an adjacent province.
  Convoy,
  /// njudge style `A Lon-Nth-Nwy`: by convoy along exactly these seas.
  Route(Vec<ProvinceId>),
}

/// A checked order for a unit on the board: every unit, province and
/// coast is real, and the order is one the unit may legally give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
  Hold,
  /// A move (movement phase) or retreat (retreat phase). For a fleet, `to`
  /// carries the coast, resolved when only one is reachable.
  Move {
    to: Location,
    via: Via,
  },
  SupportHold {
    target: Unit,
  },
  /// Support of `target` moving to `to`; `to.coast` is the coast written in
  /// the support, if any, which must then match the move's coast.
  SupportMove {
    target: Unit,
    to: Location,
  },
  Convoy {
    target: Unit,
    to: ProvinceId,
  },
  /// Hand the unit's orders to another power (a variant rule).
  Proxy {
    power: PowerId,
  },
  /// Disband a dislodged unit (retreat phase).
  Disband,
  /// Hold, and become a unit of another type unless dislodged (or,
  /// without SET ATTACK TRANSFORM, attacked); a fleet's coast is given
  /// where the province has several.
  Transform {
    into: UnitType,
    coast: Option<Coast>,
  },
}

/// A unit's checked order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitOrder {
  pub unit: Unit,
  pub order: Order,
}

/// A checked adjustment-phase order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjustment {
  Build {
    kind: UnitType,
    at: Location,
  },
  Remove {
    unit: Unit,
  },
  Waive,
  /// Keep the unit (SET ANY DISBAND): changes nothing on the board.
  Maintain {
    unit: Unit,
  },
  /// Change the unit's type where it stands (SET TRANSFORM BUILD:...);
  /// uses up no build or removal.
  Transform {
    unit: Unit,
    into: UnitType,
    coast: Option<Coast>,
  },
}
