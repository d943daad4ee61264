//! Whatever it is given, `interchange::run` answers without panicking:
//! random bytes, random JSON, and random order texts on random legal
//! positions. On legal positions every order gets exactly one entry and no
//! province ends up holding two units. Case counts are kept modest so the
//! file runs in a few seconds.

use std::collections::HashSet;

use judge::interchange::{self, DislodgedUnit, PowerLists, Request, Response};
use judge::map::{Coast, Location, Map, ProvinceId, Terrain, UnitType};
use proptest::prelude::*;
use serde_json::Value;

fn standard() -> &'static Map {
  Map::standard().expect("the standard map loads")
}

fn config(cases: u32) -> ProptestConfig {
  ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

// ------------------------------------------------------------- raw input

proptest! {
  #![proptest_config(config(256))]

  #[test]
  fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
    let _ = interchange::run(&String::from_utf8_lossy(&bytes));
  }

  #[test]
  fn random_json_never_panics(values in proptest::collection::vec(json_value(), 1..4)) {
    let input: Vec<String> = values.iter().map(Value::to_string).collect();
    let _ = interchange::run(&input.join("\n"));
  }
}

/// Words that the request format and the order language know, so random
/// JSON reaches past the first checks.
const WORDS: &[&str] = &[
  "phase",
  "variant",
  "units",
  "dislodged",
  "standoffs",
  "centers",
  "orders",
  "rules",
  "unit",
  "attacker_from",
  "retreats",
  "standard",
  "S1901M",
  "F1901M",
  "S1901R",
  "F1901R",
  "W1901B",
  "F1901B",
  "England",
  "France",
  "ENG",
  "russian",
  "A Lon",
  "F Lon",
  "F Stp/sc",
  "A Nth",
  "Lon",
  "Nth",
  "Stp/nc",
  "Bur",
  "A Par - Bur",
  "F Lon H",
  "SZYKMAN",
  "PARADOX_1982",
  "",
  "\u{0}",
  "é",
];

fn word() -> impl Strategy<Value = String> {
  prop_oneof![
    4 => proptest::sample::select(WORDS).prop_map(String::from),
    1 => ".{0,12}",
  ]
}

fn json_value() -> impl Strategy<Value = Value> {
  let leaf = prop_oneof![
    Just(Value::Null),
    any::<bool>().prop_map(Value::Bool),
    any::<i32>().prop_map(Value::from),
    word().prop_map(Value::String),
  ];
  leaf.prop_recursive(4, 40, 6, |inner| {
    prop_oneof![
      proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
      proptest::collection::vec((word(), inner), 0..6)
        .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
    ]
  })
}

// ------------------------------------------------------- legal positions

/// A random legal phase: units on places they can stand, at most one per
/// province; for retreats some dislodged units; for adjustments some
/// centre owners; and random order texts.
#[derive(Clone, Debug)]
struct Phase {
  request: Request,
}

/// Every place a unit can stand, as the response would write it.
fn places(map: &Map) -> Vec<(ProvinceId, String)> {
  let mut all = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let abbr = &province.abbr;
    if province.is_land() {
      all.push((id, format!("A {abbr}")));
    }
    if province.terrain == Terrain::Sea || province.terrain == Terrain::Coast {
      if province.has_coasts() {
        for coast in province.coasts() {
          let location = Location { province: id, coast: Some(coast) };
          all.push((id, format!("F {}", map.location_abbr(location))));
        }
      } else {
        all.push((id, format!("F {abbr}")));
      }
    }
  }
  all
}

const ORDER_WORDS: &[&str] = &[
  "A",
  "F",
  "a",
  "f",
  "-",
  "->",
  "S",
  "C",
  "H",
  "hold",
  "supports",
  "convoys",
  "via",
  "convoy",
  "build",
  "remove",
  "disband",
  "waive",
  "(sc)",
  "/nc",
  "Stp/nc",
  "Spa/sc",
  "Bul/ec",
  "North Sea",
  "St Petersburg",
  "x",
  "123",
  "é",
  "🙂",
  ",",
  ";",
  "",
];

fn order_text(abbrs: Vec<String>) -> impl Strategy<Value = String> {
  let token = prop_oneof![
    3 => proptest::sample::select(abbrs),
    3 => proptest::sample::select(ORDER_WORDS).prop_map(String::from),
    1 => "[ -~]{0,6}",
  ];
  (proptest::collection::vec(token, 0..8), any::<bool>())
    .prop_map(|(tokens, spaced)| tokens.join(if spaced { " " } else { "" }))
}

const PHASES: &[&str] = &["S1901M", "F1901M", "S1901R", "F1901R", "F1901B"];

fn phase() -> impl Strategy<Value = Phase> {
  let map = standard();
  let places = places(map);
  let abbrs: Vec<String> = map.provinces().iter().map(|p| p.abbr.clone()).collect();
  let powers: Vec<String> = map.powers().iter().map(|p| p.name.clone()).collect();
  let units = proptest::collection::vec(
    (proptest::sample::select(places.clone()), proptest::sample::select(powers.clone())),
    0..30,
  );
  let dislodged = proptest::collection::vec(
    (proptest::sample::select(places), proptest::sample::select(powers.clone()), any::<bool>()),
    0..4,
  );
  let centers = proptest::collection::vec(
    (proptest::sample::select(abbrs.clone()), proptest::sample::select(powers.clone())),
    0..20,
  );
  let orders =
    proptest::collection::vec((proptest::sample::select(powers), order_text(abbrs)), 0..20);
  (proptest::sample::select(PHASES), units, dislodged, centers, orders).prop_map(
    |(id, units, dislodged, centers, orders)| {
      let map = standard();
      let mut request = Request::new(id);
      let mut taken = HashSet::new();
      for ((province, unit), power) in units {
        if taken.insert(province) {
          request.units.entry(power).or_default().push(unit);
        }
      }
      let mut gone = HashSet::new();
      for ((province, unit), power, give_retreats) in dislodged {
        if gone.insert(province) {
          let retreats = give_retreats.then(Vec::new);
          let entry = DislodgedUnit { unit, attacker_from: None, retreats };
          request.dislodged.entry(power).or_default().push(entry);
        }
      }
      let mut owned = HashSet::new();
      let mut lists = PowerLists::new();
      for (abbr, power) in centers {
        let is_center = map.provinces().iter().any(|p| p.abbr == abbr && p.supply_center);
        if is_center && owned.insert(abbr.clone()) {
          lists.entry(power).or_insert_with(Vec::new).push(abbr);
        }
      }
      request.centers = Some(lists);
      for (power, text) in orders {
        request.orders.entry(power).or_default().push(text);
      }
      Phase { request }
    },
  )
}

/// Each unit's province, for the one-unit-per-province check.
fn province_of(unit: &str) -> String {
  let place = unit.split_whitespace().nth(1).unwrap_or_default();
  place.split('/').next().unwrap_or_default().to_ascii_lowercase()
}

fn check(request: &Request, response: &Response) {
  let given: Vec<&String> = request.orders.values().flatten().collect();
  let reported: Vec<&String> = response.orders.iter().map(|o| &o.order).collect();
  assert_eq!(reported, given, "one entry per order, in input order");
  for report in &response.orders {
    assert_eq!(report.result == "invalid", report.error.is_some(), "{report:?}");
  }
  let mut seen = HashSet::new();
  for unit in response.units.values().flatten() {
    assert!(seen.insert(province_of(unit)), "two units in one province: {:?}", response.units);
  }
}

proptest! {
  #![proptest_config(config(96))]

  #[test]
  fn random_orders_on_legal_positions_are_all_answered(phase in phase()) {
    let response = interchange::adjudicate(&phase.request);
    let response = response.map_err(|e| TestCaseError::fail(format!("{e}: {:?}", phase.request)))?;
    check(&phase.request, &response);
    let line = serde_json::to_string(&phase.request).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let lines = interchange::run(&line).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(lines.len(), 1);
  }
}

/// The generator itself only makes legal positions.
#[test]
fn generated_places_are_legal() {
  let map = standard();
  for (province, unit) in places(map) {
    let (letter, place) = unit.split_once(' ').expect("a letter and a place");
    let kind = if letter == "A" { UnitType::Army } else { UnitType::Fleet };
    let (abbr, coast) = place.split_once('/').map_or((place, None), |(p, c)| (p, Some(c)));
    assert_eq!(map.province(province).abbr, abbr);
    let coast = coast.map(|c| Coast::from_word(c).expect("a coast"));
    assert!(map.can_stand(kind, Location { province, coast }), "{unit}");
  }
}
