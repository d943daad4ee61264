//! Movement phase adjudication (placeholder body; the resolver replaces it).

use super::{Outcome, Resolved, Rules};
use crate::map::{Map, ProvinceId};
use crate::order::{Order, UnitOrder};
use crate::position::Position;

/// The adjudicated movement phase.
#[derive(Clone, Debug)]
pub struct MovementResult {
  /// One entry per unit that was on the board, in map order.
  pub resolved: Vec<Resolved>,
  /// The board afterwards: units moved, dislodged units (with their retreat
  /// options) in `dislodged`. The phase is not advanced.
  pub position: Position,
}

impl MovementResult {
  /// The resolution of the unit that started in `province`.
  pub fn resolution_at(&self, province: ProvinceId) -> Option<&Resolved> {
    self.resolved.iter().find(|r| r.order.unit.location.province == province)
  }
}

/// Adjudicates a movement phase. `orders` holds at most one order per unit
/// (a later one replaces an earlier one); units without one hold.
pub fn movement(
  _map: &Map,
  position: &Position,
  orders: &[UnitOrder],
  _rules: &Rules,
) -> MovementResult {
  let resolved = position
    .units()
    .map(|unit| {
      let given = orders.iter().rev().find(|o| o.unit == unit);
      Resolved {
        order: given.cloned().unwrap_or(UnitOrder { unit, order: Order::Hold }),
        ordered: given.is_some(),
        outcome: Outcome::OK,
      }
    })
    .collect();
  MovementResult { resolved, position: position.clone() }
}
