//! Retreat phase adjudication (placeholder body).

use super::{Resolved, Rules};
use crate::map::Map;
use crate::order::UnitOrder;
use crate::position::Position;

/// The adjudicated retreat phase.
#[derive(Clone, Debug)]
pub struct RetreatResult {
  /// One entry per dislodged unit: its retreat, or its disbanding.
  pub resolved: Vec<Resolved>,
  /// The board afterwards, with no dislodged units left.
  pub position: Position,
}

/// Adjudicates a retreat phase. `orders` are for dislodged units (their
/// `unit` is the dislodged unit); a dislodged unit without one disbands.
pub fn retreat(
  _map: &Map,
  position: &Position,
  _orders: &[UnitOrder],
  _rules: &Rules,
) -> RetreatResult {
  let mut after = position.clone();
  after.dislodged.clear();
  RetreatResult { resolved: Vec::new(), position: after }
}
