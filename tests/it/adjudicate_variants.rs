//! `judge adjudicate` with `"variant"` for every variant the judge plays
//! (CONTRACT: the JSON face, unchanged but for the variant): a movement
//! phase of the starting units leads where the variant's calendar says; a
//! dislodged unit retreats; and a power builds on a centre the variant lets
//! it build on. Province abbreviations in and out are the map's own.

use judge::adjudicate::{BuildRule, Rules};
use judge::interchange;
use judge::map::{Location, Map, Terrain};
use judge::phase::PhaseKind;
use judge::position::Position;
use serde_json::{json, Map as Object, Value};

/// The variants CREATE accepts.
fn played() -> Vec<&'static Map> {
  Map::variants()
    .iter()
    .map(|info| info.map().expect("every built-in map loads"))
    .filter(|map| map.unplayable_features().is_empty())
    .collect()
}

/// Runs one request and returns its one response.
fn adjudicate(request: &Value) -> Value {
  let lines =
    interchange::run(&request.to_string()).unwrap_or_else(|e| panic!("{e} for {request}"));
  assert_eq!(lines.len(), 1, "{lines:?}");
  serde_json::from_str(&lines[0]).expect("JSON out")
}

/// `{power: [unit texts]}` for a position.
fn units_of(map: &Map, position: &Position) -> Value {
  let mut units = Object::new();
  for unit in position.units() {
    let power = map.power(unit.power).name.clone();
    let list = units.entry(power).or_insert_with(|| json!([]));
    if let Value::Array(list) = list {
      list.push(json!(judge::position::unit_text(map, unit)));
    }
  }
  Value::Object(units)
}

/// `{power: [centre abbreviations]}` for a position.
fn centers_of(map: &Map, position: &Position) -> Value {
  let mut centers = Object::new();
  for power in map.power_ids() {
    let owned: Vec<Value> =
      position.centers_of(map, power).map(|c| json!(map.province(c).abbr)).collect();
    if !owned.is_empty() {
      centers.insert(map.power(power).name.clone(), Value::Array(owned));
    }
  }
  Value::Object(centers)
}

#[test]
fn the_starting_units_hold_and_the_calendar_says_what_comes_next() {
  for map in played() {
    let start = map.first();
    let position = Position::initial(map).expect("the initial position");
    let phase = if start.kind == PhaseKind::Movement {
      start
    } else {
      map.next_phase(start, false, false, false)
    };
    let request = json!({
      "variant": map.key(),
      "phase": phase.to_string(),
      "units": units_of(map, &position),
      "orders": {},
      "rules": [],
    });
    let response = adjudicate(&request);
    assert_eq!(response["units"], request["units"], "{}: nothing moved", map.key());
    let year_ends = map.adjustments_follow(phase, false);
    let rules = Rules::for_map(map);
    let due = year_ends && map.power_ids().any(|p| position.adjustment_due(map, p, &rules) != 0);
    let next = map.next_phase(phase, false, due, false);
    assert_eq!(response["next_phase"], json!(next.to_string()), "{}", map.key());
    assert_ne!(response["next_phase"], json!(phase.to_string()), "{}", map.key());
  }
}

#[test]
fn a_dislodged_unit_retreats_to_an_empty_neighbour() {
  for map in played() {
    let position = Position::initial(map).expect("the initial position");
    let mut phase = map.first();
    if phase.kind != PhaseKind::Movement {
      phase = map.next_phase(phase, false, false, false);
    }
    let retreat = map.next_phase(phase, true, false, false);
    assert_eq!(retreat.kind, PhaseKind::Retreat, "{}", map.key());
    // An army on a province with two empty land neighbours: one the
    // attacker came from, the other the way out.
    let found = position.units().find_map(|unit| {
      let province = map.province(unit.location.province);
      if !province.is_land() || unit.kind != judge::map::UnitType::Army {
        return None;
      }
      let empty: Vec<_> = map
        .army_neighbours(unit.location.province)
        .iter()
        .copied()
        .filter(|&n| position.unit_at(n).is_none())
        .filter(|&n| map.province(n).terrain != Terrain::Impassable)
        .collect();
      (empty.len() >= 2).then(|| (unit, empty[0], empty[1]))
    });
    let Some((unit, from, to)) = found else { continue };
    let mut rest = position.clone();
    rest.remove(unit.location.province);
    let power = map.power(unit.power).name.clone();
    let text = judge::position::unit_text(map, unit);
    let order = format!("{text} - {}", map.province(to).abbr);
    let request = json!({
      "variant": map.key(),
      "phase": retreat.to_string(),
      "units": units_of(map, &rest),
      "dislodged": { power.clone(): [ { "unit": text, "attacker_from": map.province(from).abbr } ] },
      "orders": { power.clone(): [order.clone()] },
      "rules": [],
    });
    let response = adjudicate(&request);
    let result = &response["orders"][0];
    assert_eq!(result["order"], json!(order), "{}", map.key());
    assert_eq!(result["result"], json!("ok"), "{}: {response}", map.key());
    let moved = Location::province(to);
    let there = format!("A {}", map.location_abbr(moved));
    let after = response["units"][&power].as_array().cloned().unwrap_or_default();
    assert!(after.contains(&json!(there)), "{}: {there} in {response}", map.key());
  }
}

#[test]
fn a_power_builds_where_its_variant_lets_it() {
  for map in played() {
    let rules = Rules::for_map(map);
    let initial = Position::initial(map).expect("the initial position");
    // The first adjustments of the game: the start itself for Chaos-like
    // maps, else the year's end.
    let phase = if map.first().kind == PhaseKind::Adjustment {
      map.first()
    } else {
      map.adjustments_of(map.first().year)
    };
    // A power owns a vacant centre it may build on: a home of its own, or
    // under BUILD_ANY any centre (Void's powers have no homes at all).
    let site = map.power_ids().find_map(|power| {
      let homes = &map.power(power).home_centers;
      let land = |c: &judge::map::ProvinceId| map.province(*c).is_land();
      homes.iter().copied().find(|c| land(c)).map(|c| (power, c))
    });
    let site = site.or_else(|| {
      let any = map.supply_centers().find(|&c| map.province(c).is_land());
      (rules.builds == BuildRule::Any)
        .then_some(())
        .and(any)
        .and_then(|c| map.power_ids().next().map(|p| (p, c)))
    });
    let Some((power, center)) = site else { panic!("{}: no power can build", map.key()) };
    // The power has lost all its units, so it is due a build for each
    // centre it owns.
    let mut position = initial.clone();
    let lost: Vec<_> = position.units().filter(|u| u.power == power).collect();
    for unit in lost {
      position.remove(unit.location.province);
    }
    position.remove(center);
    position.set_owner(center, Some(power));
    let name = map.power(power).name.clone();
    let order = format!("Build A {}", map.province(center).abbr);
    let request = json!({
      "variant": map.key(),
      "phase": phase.to_string(),
      "units": units_of(map, &position),
      "centers": centers_of(map, &position),
      "orders": { name.clone(): [order.clone()] },
      "rules": [],
    });
    let response = adjudicate(&request);
    let result = &response["orders"][0];
    assert_eq!(result["result"], json!("ok"), "{}: {order}: {response}", map.key());
    let built = json!(format!("A {}", map.province(center).abbr));
    let after = response["units"][&name].as_array().cloned().unwrap_or_default();
    assert!(after.contains(&built), "{}: {built} in {response}", map.key());
    assert!(response.get("centers").is_some(), "{}: centres after adjustments", map.key());
  }
}
