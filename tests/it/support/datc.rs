//! Reading the DATC v3.0 JSON suite (`teddriggs-datc-v3.json`, see
//! `shared/datc/README.md`) and turning its cases into `judge adjudicate`
//! requests. Shared by `tests/it/datc_v3.rs`, `tests/it/datc_v24.rs` (the map
//! helpers) and `benches/adjudicate.rs`, so that the bench adjudicates
//! exactly what the tests check.

// Each includer uses a different part of this file.
#![allow(dead_code)]

use std::collections::HashMap;

use indexmap::IndexMap;
use judge::interchange::{self, DislodgedUnit, PowerLists, Request, Response};
use judge::map::{Coast, Location, Lookup, Map, PowerId, ProvinceId};
use serde::Deserialize;

/// Where the shared test data lives: beside the crate, never copied into it.
pub const DATC_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datc/");

/// Reads a file of the shared DATC data.
pub fn read_data(file: &str) -> String {
  let path = format!("{DATC_DIR}{file}");
  std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

pub fn standard() -> &'static Map {
  Map::standard().expect("the built-in standard map loads")
}

// ------------------------------------------------------------ the JSON file

/// What a case says about one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Expect {
  Succeeds,
  Fails,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum CasePhase {
  Main,
  Retreat,
  Build,
}

/// Order key (`"ENG: F lon -> nth"`) → expectation (`null`: not asserted),
/// in file order.
pub type Orders = IndexMap<String, Option<Expect>>;

#[derive(Clone, Debug, Deserialize)]
pub struct Suite {
  pub cases: Vec<Case>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
  pub name: String,
  pub url: String,
  pub phase: CasePhase,
  #[serde(default)]
  pub edition: Option<String>,
  #[serde(default)]
  pub ignore: Option<String>,
  #[serde(default)]
  pub errata: Option<String>,
  #[serde(default)]
  pub description: Option<String>,
  #[serde(default)]
  pub starting_state: Option<Vec<String>>,
  pub orders: Orders,
  #[serde(default)]
  pub preceding_main_phase: Option<MainPhase>,
  /// Build cases: SC → nation holding it other than its original owner.
  #[serde(default)]
  pub occupiers: IndexMap<String, String>,
  /// Build cases: units civil disorder must remove (a subset check).
  #[serde(default)]
  pub civil_disorder: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MainPhase {
  #[serde(default)]
  pub starting_state: Option<Vec<String>>,
  pub orders: Orders,
}

impl Case {
  /// The DATC id, e.g. `6.A.1`: the fragment of `url` (`DipMath` for the
  /// figures of "The Math of Adjudication", whose url has none).
  pub fn id(&self) -> &str {
    self.url.rsplit_once('#').map_or("DipMath", |(_, id)| id)
  }
}

/// Reads a file in the JSON format.
pub fn load_suite(file: &str) -> Vec<Case> {
  parse_suite(&read_data(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

pub fn parse_suite(text: &str) -> Result<Vec<Case>, serde_json::Error> {
  serde_json::from_str::<Suite>(text).map(|s| s.cases)
}

/// Which entries a judge following the 2023 rules (DATC's preferences) runs.
pub fn runs_for_2023_judge(case: &Case) -> bool {
  match case.edition.as_deref() {
    None | Some("2023") => true,
    // 6.G.2 and 6.G.4 exist only as 1971/1982 entries; DATC gives the same
    // outcome for 1982, 2000 and 2023 there, so their 1982 entries apply.
    Some("1982") => matches!(case.id(), "6.G.2" | "6.G.4"),
    // 1971 and DPTG entries assume other rulebooks.
    Some(_) => false,
  }
}

// --------------------------------------------------------- keys and units

/// Splits `"ENG: F lon -> nth"` into the nation and the order as written.
pub fn split_key(key: &str) -> (&str, &str) {
  key.split_once(": ").map_or(("", key), |(nation, text)| (nation.trim(), text.trim()))
}

/// The unit an order or unit string starts with: `("F", "spa(sc)")`.
pub fn leading_unit(text: &str) -> Option<(&str, &str)> {
  let mut words = text.split_whitespace();
  Some((words.next()?, words.next()?))
}

/// The file's region (`spa(sc)`, `stp/nc`) in the judge's spelling (`spa/sc`).
pub fn region(text: &str) -> String {
  text.replace('(', "/").replace(')', "")
}

/// `"F spa(sc)"` as a request's unit string, `"F spa/sc"`.
pub fn unit_string(kind: &str, place: &str) -> String {
  format!("{} {}", kind.to_ascii_uppercase(), region(place))
}

/// The province of a written region (`spa(sc)`, `stp/nc`, `Lon`).
pub fn province(map: &Map, text: &str) -> Option<ProvinceId> {
  let base = region(text);
  let base = base.split('/').next().unwrap_or_default();
  match map.lookup(base) {
    Lookup::Found(id) => Some(id),
    _ => None,
  }
}

/// A written location with its coast, if it names one.
pub fn location(map: &Map, text: &str) -> Option<Location> {
  let written = region(text);
  let mut parts = written.split('/');
  let province = province(map, parts.next()?)?;
  let coast = match parts.next() {
    Some(word) => Some(Coast::from_word(&word.to_ascii_lowercase())?),
    None => None,
  };
  Some(Location { province, coast })
}

/// `"A pru"` as the response writes it, `"A Pru"`; `None` if unreadable.
pub fn canonical_unit(map: &Map, kind: &str, place: &str) -> Option<String> {
  let location = location(map, place)?;
  Some(format!("{} {}", kind.to_ascii_uppercase(), map.location_abbr(location)))
}

/// The map's name for a nation code or name (`ENG`, `Germany`).
pub fn power_name(map: &Map, nation: &str) -> Option<String> {
  map.find_power(nation).map(|p| map.power(p).name.clone())
}

/// Province part of a response unit string, `"F Stp/sc"` → `"stp"`.
pub fn unit_province(unit: &str) -> String {
  let place = unit.split_whitespace().nth(1).unwrap_or_default();
  place.split('/').next().unwrap_or_default().to_ascii_lowercase()
}

// ------------------------------------------------------- order outcomes

/// The kind of an order, read from its text, which decides what
/// `Succeeds` means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKind {
  Hold,
  Move,
  Support,
  Convoy,
  Build,
  Disband,
}

pub fn kind_of(text: &str) -> OrderKind {
  let lower = text.to_ascii_lowercase();
  let words: Vec<&str> = lower.split_whitespace().collect();
  if words.contains(&"supports") || words.contains(&"support") {
    OrderKind::Support
  } else if words.contains(&"convoys") || (words.contains(&"convoy") && !lower.contains("via")) {
    OrderKind::Convoy
  } else if lower.contains("->") {
    OrderKind::Move
  } else if words.last() == Some(&"build") {
    OrderKind::Build
  } else if words.last() == Some(&"disband") {
    OrderKind::Disband
  } else {
    OrderKind::Hold
  }
}

/// Whether a `judge adjudicate` result counts as `Succeeds` for the DATC
/// (README: "What Succeeds / Fails mean").
pub fn succeeded(kind: OrderKind, result: &str) -> bool {
  let has = |word: &str| result.split(", ").any(|w| w == word);
  match kind {
    OrderKind::Move | OrderKind::Build | OrderKind::Disband => result == "ok",
    OrderKind::Hold => !has("dislodged"),
    OrderKind::Support => {
      !(has("cut") || has("dislodged") || has("void") || has("invalid") || has("no support"))
    }
    OrderKind::Convoy => !(has("disrupted") || has("dislodged") || has("invalid") || has("void")),
  }
}

// ------------------------------------------------------------- requests

/// One asserted order of a converted case: where its result is in the
/// response, and what the case expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
  pub index: usize,
  pub key: String,
  pub kind: OrderKind,
  pub expect: Option<Expect>,
}

/// A request and the checks on its response.
#[derive(Clone, Debug)]
pub struct Converted {
  pub request: Request,
  pub checks: Vec<Check>,
}

/// Puts the orders into the request, grouped by nation as the JSON object
/// requires, and works out where each lands in the response: the response
/// lists orders power by power, in the order of the request's keys.
pub fn add_orders(request: &mut Request, orders: &Orders) -> Vec<Check> {
  let mut slots = Vec::new();
  for (key, expect) in orders {
    let (nation, text) = split_key(key);
    let list = request.orders.entry(nation.to_string()).or_default();
    list.push(text.to_string());
    slots.push((nation.to_string(), list.len() - 1, key.clone(), *expect));
  }
  let mut start = HashMap::new();
  let mut offset = 0;
  for (nation, list) in &request.orders {
    start.insert(nation.clone(), offset);
    offset += list.len();
  }
  slots
    .into_iter()
    .map(|(nation, within, key, expect)| Check {
      index: start[&nation] + within,
      kind: kind_of(split_key(&key).1),
      key,
      expect,
    })
    .collect()
}

/// Adds `"NAT: T region"` units.
pub fn add_units(request: &mut Request, units: &[String]) {
  for entry in units {
    let (nation, unit) = split_key(entry);
    if let Some((kind, place)) = leading_unit(unit) {
      request.units.entry(nation.to_string()).or_default().push(unit_string(kind, place));
    }
  }
}

/// The units a case without `starting_state` implies: each order's unit,
/// on the order's region, of the order's nation (the first order wins).
pub fn units_from_orders(orders: &Orders) -> Vec<String> {
  let mut seen = Vec::new();
  let mut units = Vec::new();
  for key in orders.keys() {
    let (nation, text) = split_key(key);
    let Some((kind, place)) = leading_unit(text) else { continue };
    let base = region(place).split('/').next().unwrap_or_default().to_ascii_lowercase();
    if !seen.contains(&base) {
      seen.push(base);
      units.push(format!("{nation}: {kind} {place}"));
    }
  }
  units
}

/// A movement phase in Spring 1901.
pub fn main_request(starting_state: Option<&[String]>, orders: &Orders) -> Converted {
  let mut request = Request::new("S1901M");
  let units = starting_state.map_or_else(|| units_from_orders(orders), <[String]>::to_vec);
  add_units(&mut request, &units);
  let checks = add_orders(&mut request, orders);
  Converted { request, checks }
}

/// The retreat phase after `main`: its units and dislodged units as the
/// judge reported them, and the standoffs its results imply.
pub fn retreat_request(main: &Response, orders: &Orders) -> Converted {
  let mut request = Request::new("S1901R");
  request.units = main.units.clone();
  request.dislodged = main.dislodged.clone();
  request.standoffs = standoffs(main);
  let checks = add_orders(&mut request, orders);
  Converted { request, checks }
}

/// Provinces a bounced move targeted that are empty afterwards. A move that
/// lost a head-to-head battle (its unit was dislodged from the target)
/// does not make a standoff (DATC 6.H.9).
pub fn standoffs(main: &Response) -> Vec<String> {
  let occupied: Vec<String> = main.units.values().flatten().map(|u| unit_province(u)).collect();
  let dislodged: Vec<&DislodgedUnit> = main.dislodged.values().flatten().collect();
  let mut found: Vec<String> = Vec::new();
  for report in &main.orders {
    let Some((from, to)) = move_of(&report.order) else { continue };
    let bounced = report.result.split(", ").any(|w| w == "bounce");
    let lost_head_to_head = dislodged.iter().any(|d| {
      unit_province(&d.unit) == from
        && d.attacker_from.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(&to))
    });
    if bounced && !lost_head_to_head && !occupied.contains(&to) && !found.contains(&to) {
      found.push(to);
    }
  }
  found
}

/// `(from, to)` provinces of a move written `T from -> to ...`, lower case.
fn move_of(text: &str) -> Option<(String, String)> {
  let (before, after) = text.split_once("->")?;
  let from = leading_unit(before)?.1;
  let to = after.split_whitespace().next()?;
  let base = |r: &str| region(r).split('/').next().unwrap_or_default().to_ascii_lowercase();
  Some((base(from), base(to)))
}

/// An adjustment phase: ownership is the 1901 home centres, changed by
/// `occupiers`, then every starting unit's province taken by its nation
/// (as the suite's own harness builds it).
pub fn build_request(map: &Map, case: &Case) -> Converted {
  let mut request = Request::new("W1901B");
  let units = case.starting_state.clone().unwrap_or_default();
  add_units(&mut request, &units);
  let mut owners: Vec<Option<PowerId>> = vec![None; map.provinces().len()];
  for power in map.power_ids() {
    for &home in &map.power(power).home_centers {
      owners[home.index()] = Some(power);
    }
  }
  let mut take = |place: &str, nation: &str| {
    if let (Some(p), Some(power)) = (province(map, place), map.find_power(nation)) {
      if map.province(p).supply_center {
        owners[p.index()] = Some(power);
      }
    }
  };
  for (place, nation) in &case.occupiers {
    take(place, nation);
  }
  for entry in &units {
    let (nation, unit) = split_key(entry);
    if let Some((_, place)) = leading_unit(unit) {
      take(place, nation);
    }
  }
  request.centers = Some(centers_of(map, &owners));
  let checks = add_orders(&mut request, &case.orders);
  Converted { request, checks }
}

/// Centre lists per power, in map order.
pub fn centers_of(map: &Map, owners: &[Option<PowerId>]) -> PowerLists<String> {
  let mut centers = PowerLists::new();
  for power in map.power_ids() {
    let owned: Vec<String> = map
      .supply_centers()
      .filter(|p| owners[p.index()] == Some(power))
      .map(|p| map.province(p).abbr.clone())
      .collect();
    if !owned.is_empty() {
      centers.insert(map.power(power).name.clone(), owned);
    }
  }
  centers
}

/// Every request a case leads to, for the bench: a retreat case's own
/// request needs its main phase adjudicated first, so it is left out when
/// that fails.
pub fn requests_of(map: &Map, case: &Case) -> Vec<Request> {
  match case.phase {
    CasePhase::Main => vec![main_request(case.starting_state.as_deref(), &case.orders).request],
    CasePhase::Build => vec![build_request(map, case).request],
    CasePhase::Retreat => {
      let Some(main) = &case.preceding_main_phase else { return Vec::new() };
      let first = main_request(main.starting_state.as_deref(), &main.orders).request;
      let second = interchange::adjudicate(&first)
        .ok()
        .map(|response| retreat_request(&response, &case.orders).request);
      std::iter::once(first).chain(second).collect()
    }
  }
}
