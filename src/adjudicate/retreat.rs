//! Retreat phase adjudication: dislodged units retreat or disband; two
//! retreats to the same province both fail and both units are destroyed,
//! unless special borders tell them apart (see [`retreat`]).

use super::{Failure, Outcome, Resolved, Rules};
use crate::map::{Location, Map, ProvinceId};
use crate::order::{Order, UnitOrder};
use crate::position::{Dislodged, Position, Unit};

/// The adjudicated retreat phase.
#[derive(Clone, Debug)]
pub struct RetreatResult {
  /// One entry per dislodged unit: its retreat, or its disbanding.
  pub resolved: Vec<Resolved>,
  /// The board afterwards, with no dislodged units left.
  pub position: Position,
}

/// Adjudicates a retreat phase. `orders` are for dislodged units (their
/// `unit` is the dislodged unit; the last one given counts); a dislodged unit
/// without a valid retreat disbands.
///
/// Of several retreats to one province, one across an ordinary border beats
/// those across half-strength borders or straits, and one across a
/// half-strength border beats those across straits: the DPjudge drops the
/// strait crossers first, then the half-strength ones, then, if more than
/// one is left, all (Game.py, "Determine retreat conflicts"). So a retreat
/// succeeds when it alone crosses the best border among them. On maps
/// without special borders, every contested retreat fails.
pub fn retreat(
  map: &Map,
  position: &Position,
  orders: &[UnitOrder],
  _rules: &Rules,
) -> RetreatResult {
  // Retreat options were worked out after the movement; an owner-only
  // border must still be open now (DPjudge `Game.abuts` at adjudication).
  let open = |unit: Unit, to: ProvinceId| {
    map.border_open(unit.location.province, to, unit.power, |c| position.owner(c))
  };
  let chosen: Vec<(&Dislodged, Option<&UnitOrder>)> = position
    .dislodged
    .iter()
    .map(|d| (d, orders.iter().rev().find(|o| o.unit == d.unit)))
    .collect();
  let target = |(dislodged, order): &(&Dislodged, Option<&UnitOrder>)| match order {
    Some(UnitOrder { order: Order::Move { to, .. }, .. })
      if dislodged.retreats.contains(to) && open(dislodged.unit, to.province) =>
    {
      Some(to.province)
    }
    _ => None,
  };
  let crossing = |entry: &(&Dislodged, Option<&UnitOrder>)| {
    target(entry).map(|to| map.border_kind(entry.0.unit.location.province, to))
  };
  let mut after = position.clone();
  after.dislodged.clear();
  let mut resolved = Vec::with_capacity(chosen.len());
  for (index, entry) in chosen.iter().enumerate() {
    let (dislodged, order) = *entry;
    let destination = target(entry);
    let mine = crossing(entry);
    // Another retreat to the same place across as good a border, or better.
    let contested = destination.is_some()
      && chosen.iter().enumerate().any(|(other_index, other)| {
        other_index != index && target(other) == destination && crossing(other) >= mine
      });
    let outcome = match (order.map(|o| &o.order), destination) {
      (_, Some(_)) if contested => Outcome::failed(Failure::Bounce),
      (Some(Order::Move { to, .. }), Some(_)) => {
        after.place_unchecked(Unit { location: *to, ..dislodged.unit });
        Outcome::OK
      }
      (Some(Order::Disband), _) => Outcome::OK,
      (Some(_), _) => Outcome::failed(Failure::Void),
      (None, _) => Outcome::OK,
    };
    resolved.push(Resolved {
      order: order.cloned().unwrap_or(UnitOrder { unit: dislodged.unit, order: Order::Disband }),
      ordered: order.is_some(),
      outcome,
    });
  }
  RetreatResult { resolved, position: after }
}

/// Where a dislodged unit may retreat: any place it could move to that is
/// empty after the movement, saw no stand-off, and is not where its attacker
/// came from. `attacker_from` is `None` when the attack came by convoy,
/// which leaves the origin open (DATC 4.A.5). An owner-only border closed
/// to the unit's power (by the owners in `after`) is no way out (DPjudge
/// `Game.abuts`, given the power).
pub fn retreat_options(
  map: &Map,
  after: &Position,
  unit: Unit,
  attacker_from: Option<ProvinceId>,
  standoffs: &[ProvinceId],
) -> Vec<Location> {
  let targets = map.moves_from(unit.kind, unit.location);
  let from = unit.location.province;
  targets
    .into_iter()
    .filter(|to| map.border_open(from, to.province, unit.power, |c| after.owner(c)))
    .filter(|to| !map.closed_at(to.province, after.phase) && !map.closed_at(from, after.phase))
    .filter(|to| after.unit_at(to.province).is_none())
    .filter(|to| Some(to.province) != attacker_from && !standoffs.contains(&to.province))
    .collect()
}
