//! Adjustment phase adjudication (placeholder body).

use super::Rules;
use crate::map::{Map, PowerId};
use crate::order::Adjustment;
use crate::position::{Position, Unit};

/// What became of one adjustment order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdjustmentOutcome {
  /// Carried out.
  Done,
  /// Not carried out: the power had already used every build or removal it
  /// was due, or the order repeated an earlier one for the same province.
  Unused,
}

/// The adjudicated adjustment phase.
#[derive(Clone, Debug)]
pub struct AdjustmentResult {
  /// One entry per given order, in the order given.
  pub resolved: Vec<(PowerId, Adjustment, AdjustmentOutcome)>,
  /// Units removed by the civil-disorder rule for powers that removed too few.
  pub civil_disorder: Vec<Unit>,
  /// The board afterwards.
  pub position: Position,
}

/// Adjudicates an adjustment phase. When a power orders more builds or
/// removals than it is due, the last ones given are used (njudge).
pub fn adjustment(
  _map: &Map,
  position: &Position,
  orders: &[(PowerId, Adjustment)],
  _rules: &Rules,
) -> AdjustmentResult {
  AdjustmentResult {
    resolved: orders.iter().map(|(p, a)| (*p, *a, AdjustmentOutcome::Done)).collect(),
    civil_disorder: Vec::new(),
    position: position.clone(),
  }
}
