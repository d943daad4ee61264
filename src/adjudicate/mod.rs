//! Adjudication: pure functions from (map, position, checked orders, rules)
//! to results and the next position. No I/O, no text parsing, no clocks.
//!
//! Movement uses Kruijswijk's guess-and-check resolver (DATC chapter 5) with
//! the Szykman rule for convoy paradoxes; retreat and adjustment phases are
//! simple in comparison. Choices among the DATC's options are listed in
//! `docs/adjudication.md`.

mod adjustment;
mod convoy;
mod movement;
mod outcome;
mod retreat;
mod rules;

pub use adjustment::{adjustment, build_site, AdjustmentOutcome, AdjustmentResult, SiteProblem};
pub use movement::{movement, MovementResult};
pub use outcome::{Failure, Outcome, Resolved};
pub use retreat::{retreat, retreat_options, RetreatResult};
pub use rules::{BuildRule, ParadoxRule, Rules, UnknownRule};

use crate::map::Map;
use crate::phase::{PhaseKind, Season};
use crate::position::{Position, Unit};

/// After the last phase of a Fall turn, each supply centre belongs to the
/// power whose unit stands on it; unoccupied centres keep their owner.
pub fn update_ownership(map: &Map, position: &mut Position) {
  for province in map.supply_centers() {
    if let Some(unit) = position.unit_at(province) {
      position.set_owner(province, Some(unit.power));
    }
  }
}

/// The board after an adjudicated phase, moved on to the phase that
/// follows.
#[derive(Clone, Debug)]
pub struct Concluded {
  /// The board, its phase set to the next one; after a Fall turn its
  /// centres have changed hands.
  pub position: Position,
  /// Whether the phase ended a Fall turn (centre ownership was updated).
  pub fall_ended: bool,
  /// Units dislodged and disbanded at once, because the game has no
  /// retreats (AUTO DISBAND).
  pub disbanded: Vec<Unit>,
}

/// What follows a phase: `after` is the adjudicator's board (still in the
/// phase of `before`). A movement phase that dislodged units leads to their
/// retreats (unless `rules` disband them at once); the last phase of a Fall
/// turn updates centre ownership and leads to adjustments when anyone is
/// due some (every year under ANY DISBAND, for anyone with units);
/// otherwise the next movement phase comes, Summer's among them.
pub fn conclude(map: &Map, before: &Position, mut after: Position, rules: &Rules) -> Concluded {
  let phase = before.phase;
  let mut disbanded = Vec::new();
  if rules.auto_disband && phase.kind == PhaseKind::Movement {
    disbanded = after.dislodged.drain(..).map(|d| d.unit).collect();
  }
  let dislodged = phase.kind == PhaseKind::Movement && !after.dislodged.is_empty();
  let fall_ended = phase.season == Season::Fall
    && match phase.kind {
      PhaseKind::Movement => !dislodged,
      PhaseKind::Retreat => true,
      PhaseKind::Adjustment => false,
    };
  if fall_ended {
    update_ownership(map, &mut after);
  }
  let adjustments_due = fall_ended
    && map.power_ids().any(|p| {
      after.adjustment_due(map, p) != 0 || (rules.any_disband && after.units_of(p).next().is_some())
    });
  after.phase = phase.next(dislodged, adjustments_due, rules.summer);
  Concluded { position: after, fall_ended, disbanded }
}

#[cfg(test)]
mod tests;
