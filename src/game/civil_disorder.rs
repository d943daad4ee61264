//! The orders the judge gives for a power in civil disorder (a dummy
//! always is) under the DPjudge's CD_RETREATS and CD_SUPPORTS: sensible
//! retreats instead of disbanding, and supports instead of holds. What is
//! picked at random is seeded by the game and the phase (as CD_BUILDS's
//! builds are), so processing the same phase again gives the same orders.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use super::Game;
use crate::map::{Location, PowerId, ProvinceId};
use crate::order::{Order, UnitOrder, Via};
use crate::position::Unit;

impl Game {
  /// Whether the judge orders for `power` this phase: it is in civil
  /// disorder and gave no orders for its own units.
  fn ordered_by_the_judge(&self, power: PowerId) -> bool {
    self.in_civil_disorder(power)
      && !self
        .orders
        .get(power.index())
        .is_some_and(|o| o.units.iter().any(|e| e.order.unit.power == power))
  }

  /// CD_RETREATS: a retreat for each dislodged unit of a power in civil
  /// disorder that gave no retreat orders, to a place picked at random
  /// from the first of these that has one: a home centre it does not
  /// own, another centre it does not own, a home centre it owns, another
  /// centre it owns, anywhere it may retreat. Two units of one power never
  /// go to one place; a unit with nowhere left is not ordered, and so
  /// disbands.
  pub(super) fn civil_disorder_retreats(&self) -> Vec<UnitOrder> {
    let mut rng = StdRng::seed_from_u64(self.phase_seed());
    let mut orders = Vec::new();
    for power in self.map.power_ids().filter(|&p| self.ordered_by_the_judge(p)) {
      let mut taken: Vec<ProvinceId> = Vec::new();
      for dislodged in self.position.dislodged.iter().filter(|d| d.unit.power == power) {
        let open: Vec<Location> =
          dislodged.retreats.iter().copied().filter(|l| !taken.contains(&l.province)).collect();
        let group = |owned: bool, home: bool| -> Vec<Location> {
          open
            .iter()
            .copied()
            .filter(|l| {
              let province = self.map.province(l.province);
              province.supply_center
                && province.is_home_of(power) == home
                && (self.position.owner(l.province) == Some(power)) == owned
            })
            .collect()
        };
        let options = [(false, true), (false, false), (true, true), (true, false)]
          .into_iter()
          .map(|(owned, home)| group(owned, home))
          .find(|g| !g.is_empty())
          .unwrap_or(open);
        let Some(&to) = options.choose(&mut rng) else { continue };
        taken.push(to.province);
        orders.push(UnitOrder {
          unit: dislodged.unit,
          order: Order::Move { to, via: Via::Unspecified },
        });
      }
    }
    orders
  }

  /// CD_SUPPORTS: supports in place for the units of each power in civil
  /// disorder that gave no orders, instead of holds. The units are taken
  /// from the one with the fewest foreign units next to it (able to move
  /// in) to the most; each supports, of its power's units it could
  /// support, one that two or more foreign units could attack, preferring
  /// a centre not yet supported enough, then the one needing most
  /// supports still, then the one under the biggest threat, picking at
  /// random among equals; a unit with none holds.
  pub(super) fn civil_disorder_supports(&self) -> Vec<UnitOrder> {
    let mut rng = StdRng::seed_from_u64(self.phase_seed());
    let map = self.map;
    let mut orders = Vec::new();
    for power in self.map.power_ids().filter(|&p| self.ordered_by_the_judge(p)) {
      let threat = |unit: Unit| {
        self
          .position
          .units()
          .filter(|e| e.power != power && map.can_reach(e.kind, e.location, unit.location.province))
          .count()
      };
      let mut sequence: Vec<(usize, Unit)> =
        self.position.units_of(power).map(|u| (threat(u), u)).collect();
      sequence.sort_by_key(|(count, _)| *count);
      let mut supported: Vec<Unit> = Vec::new();
      for &(_, unit) in &sequence {
        // (centre not yet supported enough, supports still needed, needed)
        let mut candidates: Vec<((i64, i64, i64), Unit)> = Vec::new();
        for &(count, other) in &sequence {
          let needs = count as i64 - 1;
          if other == unit
            || needs <= 0
            || !map.can_reach(unit.kind, unit.location, other.location.province)
          {
            continue;
          }
          let has = supported.iter().filter(|&&s| s == other).count() as i64;
          let centre = i64::from(map.province(other.location.province).supply_center);
          let key = (centre - i64::from(has >= needs), needs - has, needs);
          candidates.push((key, other));
        }
        let Some(best) = candidates.iter().map(|(key, _)| *key).max() else { continue };
        let best: Vec<Unit> =
          candidates.iter().filter(|(key, _)| *key == best).map(|(_, u)| *u).collect();
        let Some(&target) = best.choose(&mut rng) else { continue };
        supported.push(target);
        orders.push(UnitOrder { unit, order: Order::SupportHold { target } });
      }
    }
    orders
  }
}
