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
mod vassal;

pub use adjustment::{adjustment, AdjustmentOutcome, AdjustmentResult};
pub use movement::{movement, MovementResult};
pub use outcome::{Failure, Outcome, Resolved};
pub use retreat::{retreat, retreat_options, RetreatResult};
// The board's rules, which order entry shares (`crate::rules`), as the
// adjudicator's callers have always named them.
use crate::rules::sites;
pub use crate::rules::{
  allowance, build_conflict, build_limit, build_site, claim_open, free_sites, homes,
  league_forbids, mobilize_phase, mobilizing, partisans_active, BuildRule, LeagueBar, ParadoxRule,
  Rules, SiteProblem, UnknownRule,
};
pub use vassal::bloc_centers;

use crate::map::Map;
use crate::phase::PhaseKind;
use crate::position::{Position, Unit};

/// When the year ends (the map's calendar reaches its adjustments), each
/// supply centre belongs to the power whose unit stands on it; unoccupied
/// centres keep their owner, and so does a centre occupied by its owner's
/// own bloc (a vassal on its controller's centre, or the other way round,
/// under VASSAL_DUMMIES; without vassals a bloc is one power).
pub fn update_ownership(map: &Map, position: &mut Position) {
  for province in map.supply_centers() {
    let Some(unit) = position.unit_at(province) else { continue };
    // A wing blockades a centre; it does not take it.
    if unit.kind == crate::map::UnitType::Wing {
      continue;
    }
    let same_bloc = position
      .owner(province)
      .is_some_and(|owner| position.bloc(owner) == position.bloc(unit.power));
    if !same_bloc {
      position.set_owner(province, Some(unit.power));
    }
  }
}

/// The board after an adjudicated phase, moved on to the phase that
/// follows.
#[derive(Clone, Debug)]
pub struct Concluded {
  /// The board, its phase set to the next one; at the end of a year its
  /// centres have changed hands.
  pub position: Position,
  /// Whether the phase ended the year: the calendar reaches adjustments
  /// next (after Fall in the standard game), so centre ownership was
  /// updated and victory is looked at.
  pub year_ended: bool,
  /// Units dislodged and disbanded at once, because the game has no
  /// retreats (AUTO DISBAND).
  pub disbanded: Vec<Unit>,
  /// Units lost because the map closes where they stand in the next phase
  /// and the game does not let them hibernate (no HIBERNATE).
  pub trapped: Vec<Unit>,
  /// Vassals' units destroyed at the year's end for standing on another
  /// bloc's centre (TORN_ALLEGIANCE).
  pub torn: Vec<Unit>,
}

/// What follows a phase: `after` is the adjudicator's board (still in the
/// phase of `before`). A movement phase that dislodged units leads to their
/// retreats (unless `rules` disband them at once); the last phase before
/// the calendar's adjustments (Fall's, in the standard game) updates centre
/// ownership and leads to adjustments when anyone is due some (every time
/// under ANY DISBAND or build-phase transformations, for anyone with
/// units); otherwise the next movement phase comes, Summer's among them.
pub fn conclude(map: &Map, before: &Position, mut after: Position, rules: &Rules) -> Concluded {
  let phase = before.phase;
  let mut disbanded = Vec::new();
  if rules.auto_disband && phase.kind == PhaseKind::Movement {
    disbanded = after.dislodged.drain(..).map(|d| d.unit).collect();
  }
  let dislodged = phase.kind == PhaseKind::Movement && !after.dislodged.is_empty();
  let year_ended = match phase.kind {
    PhaseKind::Movement => !dislodged && map.adjustments_follow(phase, rules.summer),
    PhaseKind::Retreat => map.adjustments_follow(phase, rules.summer),
    PhaseKind::Adjustment => false,
  };
  let mut torn = Vec::new();
  if year_ended {
    update_ownership(map, &mut after);
    if rules.vassal_dummies {
      torn = vassal::settle(map, &mut after, rules.torn_allegiance);
    }
    sites::renew_homes(map, &mut after, phase.year);
  }
  let adjustments_due = year_ended
    && map.power_ids().any(|p| {
      after.adjustment_due(map, p, rules) != 0
        || (rules.adjusts_any_unit() && after.units_of(p).next().is_some())
    });
  after.phase = map.next_phase(phase, dislodged, adjustments_due, rules.summer);
  let mut trapped = Vec::new();
  if !rules.hibernate && !map.during().is_empty() {
    let closed: Vec<Unit> =
      after.units().filter(|u| map.closed_at(u.location.province, after.phase)).collect();
    for unit in closed {
      after.remove(unit.location.province);
      trapped.push(unit);
    }
  }
  Concluded { position: after, year_ended, disbanded, trapped, torn }
}

#[cfg(test)]
mod board_rules_tests;
#[cfg(test)]
mod dummy_tests;
#[cfg(test)]
mod portage_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod transform_tests;
#[cfg(test)]
mod wings_tests;
