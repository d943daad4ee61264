//! Adjustment phase adjudication: builds, removals, waived builds, and the
//! civil-disorder rule for powers that remove too few units (2023 rules,
//! DATC 4.D.8 and 6.J).

use std::collections::VecDeque;

use super::Rules;
use crate::map::{Map, PowerId, ProvinceId, UnitType};
use crate::order::Adjustment;
use crate::position::{Position, Unit};
use crate::rules::sites::{self, build_site};

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

/// Adjudicates an adjustment phase. Orders are taken one by one in the order
/// given, and those beyond what a power is due are unused (DATC 4.D.4–4.D.6);
/// a judge that lets later mail replace earlier orders passes only the
/// orders that survive. Builds not ordered are waived.
///
/// Under ANY DISBAND every removal of a power's own unit is carried out
/// first, whatever the power was due, and the builds then fill the room
/// left (centres less the units that remain), so a power may trade a unit
/// for a new one elsewhere.
pub fn adjustment(
  map: &Map,
  position: &Position,
  orders: &[(PowerId, Adjustment)],
  rules: &Rules,
) -> AdjustmentResult {
  let mut after = position.clone();
  sites::renew_homes(map, &mut after, position.phase.year);
  let start = after.clone();
  let mut outcomes: Vec<Option<AdjustmentOutcome>> = vec![None; orders.len()];
  if rules.any_disband {
    for (i, &(power, order)) in orders.iter().enumerate() {
      if let Adjustment::Remove { unit } = order {
        let own = unit.power == power && after.unit_at(unit.location.province) == Some(unit);
        if own {
          after.remove(unit.location.province);
        }
        outcomes[i] = Some(if own { AdjustmentOutcome::Done } else { AdjustmentOutcome::Unused });
      }
    }
  }
  let due: Vec<i32> = map.power_ids().map(|p| after.adjustment_due(map, p, rules)).collect();
  let mut used = vec![0_i32; due.len()];
  let mut built: Vec<Vec<ProvinceId>> = vec![Vec::new(); due.len()];
  for (i, &(power, order)) in orders.iter().enumerate() {
    if outcomes[i].is_some() {
      continue;
    }
    let index = power.index();
    let applied = index < due.len()
      && apply(
        map,
        &start,
        &mut after,
        power,
        order,
        (due[index], &mut used[index], &mut built[index]),
        rules,
      );
    outcomes[i] = Some(if applied { AdjustmentOutcome::Done } else { AdjustmentOutcome::Unused });
  }
  let resolved = orders
    .iter()
    .zip(outcomes)
    .map(|(&(power, order), outcome)| (power, order, outcome.unwrap_or(AdjustmentOutcome::Unused)))
    .collect();
  let mut civil_disorder = Vec::new();
  for power in map.power_ids() {
    let missing = -due[power.index()] - used[power.index()];
    for _ in 0..missing.max(0) {
      if let Some(unit) = civil_disorder_removal(map, &after, power) {
        after.remove(unit.location.province);
        civil_disorder.push(unit);
      }
    }
  }
  AdjustmentResult { resolved, civil_disorder, position: after }
}

/// Carries out one order if the power still has that adjustment to make and
/// the board still allows it. `start` is the board as the phase began;
/// `count` holds what the power is due, what it has used and where it has
/// built so far. A mobilizing power takes the centre it builds on, and a
/// power that may claim a home makes the first centre off its homes one.
fn apply(
  map: &Map,
  start: &Position,
  board: &mut Position,
  power: PowerId,
  order: Adjustment,
  count: (i32, &mut i32, &mut Vec<ProvinceId>),
  rules: &Rules,
) -> bool {
  let (due, used, built) = count;
  let allowed = match order {
    Adjustment::Build { kind, at } => {
      let site = at.province;
      let mobilizing = sites::mobilizing(map, board, power, rules);
      let claims =
        sites::claim_open(map, board, power) && !sites::homes(map, board, power).contains(&site);
      let ok = due > *used
        && board.unit_at(site).is_none()
        && build_site(map, board, power, site, rules).is_ok()
        && !sites::fills_alternatives(map, start, power, rules, site, built)
        && board.place(map, Unit { power, kind, location: at }).is_ok();
      if ok {
        built.push(site);
        if mobilizing {
          board.set_owner(site, Some(power));
        }
        if claims {
          sites::claim_home(map, board, power, site);
        }
      }
      ok
    }
    Adjustment::Waive => due > *used,
    // Keeping a unit changes nothing, and uses up no adjustment.
    Adjustment::Maintain { .. } => return false,
    // Nor does changing its type, if it is still there to change.
    Adjustment::Transform { unit, into, coast } => {
      let there = unit.power == power && board.unit_at(unit.location.province) == Some(unit);
      if there {
        let location = crate::map::Location { province: unit.location.province, coast };
        board.place_unchecked(Unit { kind: into, location, ..unit });
      }
      return there;
    }
    Adjustment::Remove { unit } => {
      -due > *used
        && unit.power == power
        && board.unit_at(unit.location.province) == Some(unit)
        && {
          board.remove(unit.location.province);
          true
        }
    }
  };
  if allowed {
    *used += 1;
  }
  allowed
}

/// The unit the civil-disorder rule removes: the one farthest from the
/// nearest supply centre its power owns, counting steps over land and sea
/// for every unit; ties go to fleets, then to the province whose English
/// name sorts first.
fn civil_disorder_removal(map: &Map, board: &Position, power: PowerId) -> Option<Unit> {
  let owned: Vec<ProvinceId> = board.centers_of(map, power).collect();
  let distance = distances_from(map, &owned);
  board.units_of(power).max_by(|a, b| {
    let far = |u: &Unit| distance[u.location.province.index()];
    far(a)
      .cmp(&far(b))
      .then_with(|| (a.kind == UnitType::Fleet).cmp(&(b.kind == UnitType::Fleet)))
      .then_with(|| {
        map.province(b.location.province).name.cmp(&map.province(a.location.province).name)
      })
  })
}

/// Steps from the nearest of `sources` to every province, moving to any
/// neighbour by army or fleet; unreachable provinces get `u32::MAX`.
fn distances_from(map: &Map, sources: &[ProvinceId]) -> Vec<u32> {
  let mut distance = vec![u32::MAX; map.provinces().len()];
  let mut queue = VecDeque::new();
  for &source in sources {
    distance[source.index()] = 0;
    queue.push_back(source);
  }
  while let Some(here) = queue.pop_front() {
    let next = distance[here.index()] + 1;
    let neighbours =
      map.army_neighbours(here).iter().copied().chain(map.fleet_neighbours_any_coast(here));
    for there in neighbours {
      if distance[there.index()] == u32::MAX {
        distance[there.index()] = next;
        queue.push_back(there);
      }
    }
  }
  distance
}
