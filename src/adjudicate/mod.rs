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

pub use adjustment::{adjustment, AdjustmentOutcome, AdjustmentResult};
pub use movement::{movement, MovementResult};
pub use outcome::{Failure, Outcome, Resolved};
pub use retreat::{retreat, retreat_options, RetreatResult};
pub use rules::{ParadoxRule, Rules, UnknownRule};

use crate::map::Map;
use crate::position::Position;

/// After the last phase of a Fall turn, each supply centre belongs to the
/// power whose unit stands on it; unoccupied centres keep their owner.
pub fn update_ownership(map: &Map, position: &mut Position) {
  for province in map.supply_centers() {
    if let Some(unit) = position.unit_at(province) {
      position.set_owner(province, Some(unit.power));
    }
  }
}

#[cfg(test)]
mod tests;
