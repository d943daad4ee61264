//! VASSAL_DUMMIES (the DPjudge's `vassalship`): at the end of each year,
//! once centres have changed hands between blocs
//! ([`super::update_ownership`]), a
//! dummy whose home centres are all held by one bloc (a played power and
//! its vassals) becomes that power's vassal; every dummy then gets its
//! homes back, and every leader its own homes held by its vassals. Under
//! TORN_ALLEGIANCE a vassal's unit left on a centre of another bloc is
//! destroyed.

use crate::map::{Map, PowerId};
use crate::position::{Position, Unit};

/// Settles vassal status once the year's centres have changed hands, gives
/// the homes back, and returns the units destroyed for torn allegiance
/// (none unless `torn_allegiance`).
pub fn settle(map: &Map, position: &mut Position, torn_allegiance: bool) -> Vec<Unit> {
  let dummies: Vec<PowerId> = map.power_ids().filter(|&p| map.power(p).dummy).collect();
  // Every dummy's new status is read from the board as the year left it,
  // before any of them changes.
  let mut settled = Vec::new();
  for &dummy in &dummies {
    let leaders: Vec<PowerId> = map
      .power(dummy)
      .home_centers
      .iter()
      .filter_map(|&home| position.owner(home))
      .map(|owner| position.bloc(owner))
      .collect();
    let Some(&leader) = leaders.first() else { continue };
    if leader == dummy || leaders.iter().any(|&l| l != leader) {
      continue;
    }
    // Taken by another dummy, it is nobody's vassal.
    settled.push((dummy, (!map.power(leader).dummy).then_some(leader)));
  }
  for (dummy, controller) in settled {
    position.set_controller(dummy, controller);
  }
  for &dummy in &dummies {
    for &home in &map.power(dummy).home_centers {
      if position.owner(home).is_some() {
        position.set_owner(home, Some(dummy));
      }
    }
    if let Some(leader) = position.controller(dummy) {
      for &home in &map.power(leader).home_centers {
        if position.owner(home) == Some(dummy) {
          position.set_owner(home, Some(leader));
        }
      }
    }
  }
  if !torn_allegiance {
    return Vec::new();
  }
  let mut torn = Vec::new();
  for &dummy in &dummies {
    if position.controller(dummy).is_none() {
      continue;
    }
    let units: Vec<Unit> = position.units_of(dummy).collect();
    for unit in units {
      let province = unit.location.province;
      let Some(owner) = position.owner(province) else { continue };
      let other_bloc = position.bloc(owner) != position.bloc(dummy);
      // A centre of an independent dummy tears nobody's allegiance.
      let played = !map.power(owner).dummy || position.controller(owner).is_some();
      if other_bloc && played {
        position.remove(province);
        torn.push(unit);
      }
    }
  }
  torn
}

/// The supply centres a power counts for victory under VASSAL_DUMMIES:
/// its own and its vassals'; a vassal counts none.
pub fn bloc_centers(map: &Map, position: &Position, power: PowerId) -> usize {
  if position.controller(power).is_some() {
    return 0;
  }
  let own = position.counted_centers(map, power).count();
  own + position.vassals_of(power).map(|v| position.counted_centers(map, v).count()).sum::<usize>()
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::adjudicate::{conclude, Rules};
  use crate::map::{Location, Lookup, UnitType};

  fn vassal_map() -> &'static Map {
    Map::builtin("vassal").expect("the Vassal map")
  }

  fn power(map: &Map, name: &str) -> PowerId {
    map.find_power(name).expect("a power")
  }

  fn at(map: &Map, name: &str) -> Location {
    match map.lookup(name) {
      Lookup::Found(province) => Location { province, coast: None },
      other => panic!("{name}: {other:?}"),
    }
  }

  /// A Fall 1901 board with these armies (power, place) and every power
  /// owning its homes.
  fn fall(map: &Map, armies: &[(&str, &str)]) -> Position {
    let mut position = Position::empty(map, "F1901M".parse().expect("a phase"));
    for p in map.power_ids() {
      for &home in &map.power(p).home_centers {
        position.set_owner(home, Some(p));
      }
    }
    for (owner, place) in armies {
      let unit = Unit { power: power(map, owner), kind: UnitType::Army, location: at(map, place) };
      position.place(map, unit).expect("room");
    }
    position
  }

  fn year_end(map: &Map, position: &Position, rules: &Rules) -> (Position, Vec<Unit>) {
    let concluded = conclude(map, position, position.clone(), rules);
    assert!(concluded.year_ended);
    (concluded.position, concluded.torn)
  }

  fn vassal_rules() -> Rules {
    Rules::from_names(&["VASSAL_DUMMIES"]).expect("known")
  }

  #[test]
  fn a_dummy_whose_homes_one_power_holds_becomes_its_vassal_and_keeps_them() {
    let map = vassal_map();
    let (france, belgium) = (power(map, "France"), power(map, "Belgium"));
    let (after, _) = year_end(map, &fall(map, &[("France", "Bel")]), &vassal_rules());
    assert_eq!(after.controller(belgium), Some(france));
    assert_eq!(after.owner(at(map, "Bel").province), Some(belgium), "its home comes back");
    assert_eq!(after.vassals_of(france).collect::<Vec<_>>(), vec![belgium]);
    // Without the rule the centre is simply France's.
    let (plain, _) = year_end(map, &fall(map, &[("France", "Bel")]), &Rules::default());
    assert_eq!(plain.owner(at(map, "Bel").province), Some(france));
    assert_eq!(plain.controller(belgium), None);
  }

  #[test]
  fn a_bloc_does_not_take_its_own_centres_and_its_vassals_conquer_for_it() {
    let map = vassal_map();
    let (france, belgium, holland) =
      (power(map, "France"), power(map, "Belgium"), power(map, "Holland"));
    let mut position = fall(map, &[("Belgium", "Par"), ("Belgium", "Hol")]);
    position.set_controller(belgium, Some(france));
    position.set_owner(at(map, "Mar").province, Some(belgium));
    let (after, torn) = year_end(map, &position, &vassal_rules());
    assert_eq!(after.owner(at(map, "Par").province), Some(france), "no change inside a bloc");
    assert_eq!(after.owner(at(map, "Mar").province), Some(france), "a leader's home comes back");
    assert_eq!(after.controller(holland), Some(france), "taken by France's vassal");
    assert_eq!(after.owner(at(map, "Hol").province), Some(holland));
    assert_eq!(after.controller(belgium), Some(france));
    assert!(torn.is_empty());
    // Germany takes Belgium's home: Belgium changes sides, and its army
    // in Paris stands on another bloc's centre.
    let germany = power(map, "Germany");
    let unit = Unit { power: germany, kind: UnitType::Army, location: at(map, "Bel") };
    position.place(map, unit).expect("room");
    let (after, torn) = year_end(map, &position, &vassal_rules());
    assert_eq!(after.controller(belgium), Some(germany));
    assert!(torn.is_empty(), "no TORN_ALLEGIANCE");
    let rules = Rules::from_names(&["VASSAL_DUMMIES", "TORN_ALLEGIANCE"]).expect("known");
    let (after, torn) = year_end(map, &position, &rules);
    // Holland, now France's vassal, is another bloc's centre as well.
    let places: Vec<Location> = torn.iter().map(|u| u.location).collect();
    assert_eq!(places, vec![at(map, "Hol"), at(map, "Par")]);
    assert!(after.units_of(belgium).next().is_none());
  }

  #[test]
  fn a_split_hold_of_a_dummys_homes_changes_nothing() {
    // Sengoku's Neutral has six homes.
    let map = Map::builtin("sengoku").expect("the Sengoku map");
    let neutral = power(map, "Neutral");
    let homes = map.power(neutral).home_centers.clone();
    let (oda, mori) = (power(map, "Oda"), power(map, "Mori"));
    let mut position = Position::empty(map, "F1901M".parse().expect("a phase"));
    for (i, &home) in homes.iter().enumerate() {
      position.set_owner(home, Some(if i == 0 { mori } else { oda }));
    }
    settle(map, &mut position, false);
    assert_eq!(position.controller(neutral), None);
    assert!(homes.iter().all(|&h| position.owner(h) == Some(neutral)), "homes come back");
    for &home in &homes {
      position.set_owner(home, Some(oda));
    }
    settle(map, &mut position, false);
    assert_eq!(position.controller(neutral), Some(oda));
  }

  #[test]
  fn a_leader_counts_its_vassals_centres_and_a_vassal_none() {
    let map = vassal_map();
    let (france, belgium) = (power(map, "France"), power(map, "Belgium"));
    let mut position = fall(map, &[]);
    position.set_controller(belgium, Some(france));
    assert_eq!(bloc_centers(map, &position, france), 4);
    assert_eq!(bloc_centers(map, &position, belgium), 0);
    assert_eq!(bloc_centers(map, &position, power(map, "Holland")), 1);
  }
}
