//! The JSON form of one phase for `judge adjudicate` (see `CONTRACT.md`):
//! typed request and response, and the glue that turns a request into a
//! position and checked orders, adjudicates them, and reports the outcome.
//! Pure: no I/O, so the CLI, the DATC harnesses and the fuzz tests share it.

use std::collections::HashSet;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::adjudicate::{self, AdjustmentOutcome, Resolved, Rules, UnknownRule};
use crate::map::{Location, Map, MapError, PowerId, ProvinceId, UnitType};
use crate::order::{self, Adjustment, OrderError, UnitOrder};
use crate::phase::{Phase, PhaseError, PhaseKind};
use crate::position::{self, Dislodged, PlacementError, Position, Unit};

/// Lists keyed by power, kept in input order so that results follow the
/// order in which the caller wrote them.
pub type PowerLists<T> = IndexMap<String, Vec<T>>;

/// One phase to adjudicate: the position before it and everyone's orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
  #[serde(default = "standard_variant")]
  pub variant: String,
  /// njudge's turn id, e.g. `S1901M`; `W1901B` means `F1901B`.
  pub phase: String,
  #[serde(default)]
  pub units: PowerLists<String>,
  /// Units waiting to retreat; read in retreat phases only.
  #[serde(default)]
  pub dislodged: PowerLists<DislodgedUnit>,
  /// Extension: provinces left empty by a standoff in the movement phase
  /// before a retreat phase. Nobody may retreat there.
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub standoffs: Vec<String>,
  /// Supply-centre owners; when absent, every power owns its home centres.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub centers: Option<PowerLists<String>>,
  /// Order texts exactly as a player would mail them.
  #[serde(default)]
  pub orders: PowerLists<String>,
  /// Optional rule names; empty means the judge's defaults.
  #[serde(default)]
  pub rules: Vec<String>,
}

fn standard_variant() -> String {
  "standard".to_string()
}

impl Request {
  /// An empty standard-map request for a phase, for callers that build
  /// requests in code.
  pub fn new(phase: impl Into<String>) -> Request {
    Request {
      variant: standard_variant(),
      phase: phase.into(),
      units: PowerLists::new(),
      dislodged: PowerLists::new(),
      standoffs: Vec::new(),
      centers: None,
      orders: PowerLists::new(),
      rules: Vec::new(),
    }
  }
}

/// A dislodged unit. In a request, `retreats` may be left out: the judge then
/// works them out (see [`adjudicate::retreat_options`]). An attack that came by convoy
/// does not close its origin, so leave `attacker_from` out for one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DislodgedUnit {
  pub unit: String,
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub attacker_from: Option<String>,
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub retreats: Option<Vec<String>>,
}

/// The adjudicated phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
  pub phase: String,
  /// One entry per input order, in input order.
  pub orders: Vec<OrderReport>,
  /// The units after the phase, powers in map order.
  pub units: PowerLists<String>,
  /// Units dislodged by a movement phase, with their retreat options.
  pub dislodged: PowerLists<DislodgedUnit>,
  /// Centre owners, given after the last phase of a Fall turn.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub centers: Option<PowerLists<String>>,
  pub next_phase: String,
}

/// What became of one input order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderReport {
  pub power: String,
  /// The input text, unchanged, so callers can match results to orders.
  pub order: String,
  /// The judge's rendering in the results layout.
  pub text: String,
  /// `ok`, or annotation words such as `bounce, dislodged` or `invalid`.
  pub result: String,
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub error: Option<String>,
}

/// Why an input could not be adjudicated at all. Each message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
  #[error("no input: expected a JSON object describing one phase")]
  Empty,
  #[error("{0}")]
  Json(String),
  #[error(transparent)]
  Variant(#[from] MapError),
  #[error(transparent)]
  Phase(#[from] PhaseError),
  #[error(transparent)]
  Rule(#[from] UnknownRule),
  #[error("unknown power '{name}' (the powers are {known})")]
  UnknownPower { name: String, known: String },
  #[error("{power}: cannot read {what} '{text}': {reason}")]
  Unreadable { power: String, what: &'static str, text: String, reason: String },
  #[error("{power}: unit '{text}' needs its type, A or F")]
  NoUnitType { power: String, text: String },
  #[error("{power}: unit '{text}': {source}")]
  Placement { power: String, text: String, source: PlacementError },
  #[error("{power}: dislodged unit '{text}': {place} already has a dislodged unit")]
  DislodgedTwice { power: String, text: String, place: String },
  #[error("{power}: '{text}' is not a supply centre")]
  NotACenter { power: String, text: String },
  #[error("{place} is listed as a centre of both {first} and {second}")]
  CenterTwice { place: String, first: String, second: String },
  #[error("phase {index} (line {line}): {error}")]
  At { index: usize, line: usize, error: Box<InputError> },
  #[error("cannot write the result: {0}")]
  Output(String),
}

/// Reads a stream of requests (one JSON object, pretty or not, or JSON Lines)
/// and returns one compact JSON response line per request. The first bad
/// request stops everything, so a caller never gets a partial answer.
pub fn run(input: &str) -> Result<Vec<String>, InputError> {
  let mut stream = serde_json::Deserializer::from_str(input).into_iter::<Request>();
  let mut lines = Vec::new();
  loop {
    let start = stream.byte_offset();
    let Some(next) = stream.next() else { break };
    let index = lines.len() + 1;
    // Lines are counted only for an error, keeping long streams linear.
    let at = |error: InputError| InputError::At {
      index,
      line: line_at(input, start),
      error: Box::new(error),
    };
    let request = next.map_err(|e| at(InputError::Json(json_message(&input[start..], &e))))?;
    let response = adjudicate(&request).map_err(at)?;
    let text = serde_json::to_string(&response).map_err(|e| InputError::Output(e.to_string()))?;
    lines.push(text);
  }
  if lines.is_empty() {
    return Err(InputError::Empty);
  }
  Ok(lines)
}

/// serde's message, except for a value that is not an object at all, where
/// serde would talk about struct fields the user never wrote.
fn json_message(value: &str, error: &serde_json::Error) -> String {
  match value.trim_start().chars().next() {
    Some('{') | None => error.to_string(),
    Some(_) if error.is_syntax() || error.is_eof() => error.to_string(),
    Some(_) => {
      "expected a JSON object describing one phase (with \"phase\", \"units\", \"orders\")"
        .to_string()
    }
  }
}

/// The line on which the next JSON value after byte `offset` starts.
fn line_at(input: &str, offset: usize) -> usize {
  let before = input.get(..offset).unwrap_or(input);
  let after = input.get(offset..).unwrap_or("");
  let gap = &after[..after.len() - after.trim_start().len()];
  before.matches('\n').count() + gap.matches('\n').count() + 1
}

/// Adjudicates one phase.
pub fn adjudicate(request: &Request) -> Result<Response, InputError> {
  let map = Map::builtin(&request.variant)?;
  let phase: Phase = request.phase.parse()?;
  let rules = Rules::from_names(&request.rules)?;
  let position = read_position(map, phase, request)?;
  let given = read_orders(map, phase.kind, request)?;
  match phase.kind {
    PhaseKind::Movement => Ok(movement(map, &position, given, &rules)),
    PhaseKind::Retreat => Ok(retreat(map, &position, given, &rules)),
    PhaseKind::Adjustment => Ok(adjustment(map, &position, given, &rules)),
  }
}

// ------------------------------------------------------------------ input

/// The map's power for a key such as `England`, `ENG` or `english`.
fn power_of(map: &Map, key: &str) -> Result<PowerId, InputError> {
  map.find_power(key).ok_or_else(|| InputError::UnknownPower {
    name: key.to_string(),
    known: map.powers().iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
  })
}

/// Reads a location (`Lon`, `Stp/sc`, `spa(sc)`), with or without a unit type.
fn read_location(
  map: &Map,
  power: &str,
  what: &'static str,
  text: &str,
) -> Result<(Option<UnitType>, Location), InputError> {
  order::parse_unit(map, text).map_err(|e| InputError::Unreadable {
    power: power.to_string(),
    what,
    text: text.to_string(),
    reason: e.to_string(),
  })
}

/// Reads a unit (`F Stp/sc`) of `power`; its type is required.
fn read_unit(map: &Map, power: PowerId, key: &str, text: &str) -> Result<Unit, InputError> {
  match read_location(map, key, "unit", text)? {
    (Some(kind), location) => Ok(Unit { power, kind, location }),
    (None, _) => Err(InputError::NoUnitType { power: key.to_string(), text: text.to_string() }),
  }
}

fn read_position(map: &Map, phase: Phase, request: &Request) -> Result<Position, InputError> {
  let mut position = Position::empty(map, phase);
  for (key, texts) in &request.units {
    let power = power_of(map, key)?;
    for text in texts {
      let unit = read_unit(map, power, key, text)?;
      position.place(map, unit).map_err(|source| InputError::Placement {
        power: key.clone(),
        text: text.clone(),
        source,
      })?;
    }
  }
  read_centers(map, request, &mut position)?;
  if phase.kind == PhaseKind::Retreat {
    position.dislodged = read_dislodged(map, request, &position)?;
  }
  Ok(position)
}

/// Sets the centre owners: as given, or each power's home centres.
fn read_centers(map: &Map, request: &Request, position: &mut Position) -> Result<(), InputError> {
  let Some(centers) = &request.centers else {
    for power in map.power_ids() {
      for &home in &map.power(power).home_centers {
        position.set_owner(home, Some(power));
      }
    }
    return Ok(());
  };
  for (key, texts) in centers {
    let power = power_of(map, key)?;
    for text in texts {
      let (_, location) = read_location(map, key, "supply centre", text)?;
      let province = location.province;
      if !map.province(province).supply_center {
        return Err(InputError::NotACenter { power: key.clone(), text: text.clone() });
      }
      match position.owner(province) {
        Some(other) if other != power => {
          return Err(InputError::CenterTwice {
            place: map.province(province).name.clone(),
            first: map.power(other).name.clone(),
            second: map.power(power).name.clone(),
          });
        }
        _ => position.set_owner(province, Some(power)),
      }
    }
  }
  Ok(())
}

fn read_dislodged(
  map: &Map,
  request: &Request,
  position: &Position,
) -> Result<Vec<Dislodged>, InputError> {
  let standoffs = request
    .standoffs
    .iter()
    .map(|text| read_location(map, "standoffs", "province", text).map(|(_, l)| l.province))
    .collect::<Result<Vec<ProvinceId>, _>>()?;
  let mut all: Vec<Dislodged> = Vec::new();
  for (key, entries) in &request.dislodged {
    let power = power_of(map, key)?;
    for entry in entries {
      let dislodged = read_dislodged_unit(map, power, key, entry, position, &standoffs)?;
      let province = dislodged.unit.location.province;
      if all.iter().any(|d| d.unit.location.province == province) {
        return Err(InputError::DislodgedTwice {
          power: key.clone(),
          text: entry.unit.clone(),
          place: map.province(province).name.clone(),
        });
      }
      all.push(dislodged);
    }
  }
  Ok(all)
}

fn read_dislodged_unit(
  map: &Map,
  power: PowerId,
  key: &str,
  entry: &DislodgedUnit,
  position: &Position,
  standoffs: &[ProvinceId],
) -> Result<Dislodged, InputError> {
  let unit = read_unit(map, power, key, &entry.unit)?;
  position::check_terrain(map, unit).map_err(|source| InputError::Placement {
    power: key.to_string(),
    text: entry.unit.clone(),
    source,
  })?;
  let attacker_from = match &entry.attacker_from {
    Some(text) => Some(read_location(map, key, "province", text)?.1.province),
    None => None,
  };
  let retreats = match &entry.retreats {
    Some(texts) => texts
      .iter()
      .map(|text| read_location(map, key, "retreat", text).map(|(_, location)| location))
      .collect::<Result<Vec<_>, _>>()?,
    None => adjudicate::retreat_options(map, position, unit, attacker_from, standoffs),
  };
  Ok(Dislodged { unit, attacker_from, retreats })
}

/// One input order, with the power that gave it.
struct Given<'r> {
  power: PowerId,
  text: &'r str,
  parsed: Result<order::ParsedOrder, OrderError>,
}

/// Parses every order; checking against the board depends on the phase.
fn read_orders<'r>(
  map: &Map,
  kind: PhaseKind,
  request: &'r Request,
) -> Result<Vec<Given<'r>>, InputError> {
  let mut given = Vec::new();
  for (key, texts) in &request.orders {
    let power = power_of(map, key)?;
    for text in texts {
      given.push(Given { power, text, parsed: order::parse_order(map, kind, text) });
    }
  }
  Ok(given)
}

// ------------------------------------------------------------ adjudication

/// A movement or retreat order after checking.
enum Checked {
  Valid(UnitOrder),
  Invalid(String),
  /// Valid, but a later order for the same unit replaces it.
  Replaced(UnitOrder),
}

const REPLACED: &str = "replaced by a later order for the same unit";

/// Checks unit orders against the board; the last valid order for a unit wins.
fn check_unit_orders(
  map: &Map,
  position: &Position,
  given: &[Given],
  rules: &Rules,
) -> Vec<Checked> {
  let mut checked: Vec<Checked> = given
    .iter()
    .map(|g| {
      let valid = g
        .parsed
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|parsed| order::validate_with(map, position, g.power, parsed, rules));
      match valid {
        Ok(order) => Checked::Valid(order),
        Err(error) => Checked::Invalid(error.to_string()),
      }
    })
    .collect();
  let mut seen = HashSet::new();
  for entry in checked.iter_mut().rev() {
    if let Checked::Valid(order) = entry {
      if !seen.insert(order.unit.location.province) {
        *entry = Checked::Replaced(order.clone());
      }
    }
  }
  checked
}

fn surviving(checked: &[Checked]) -> Vec<UnitOrder> {
  checked
    .iter()
    .filter_map(|c| match c {
      Checked::Valid(order) => Some(order.clone()),
      _ => None,
    })
    .collect()
}

/// Reports unit orders, taking each valid order's result from `resolved`.
fn report_unit_orders(
  map: &Map,
  given: &[Given],
  checked: &[Checked],
  resolved: &[Resolved],
) -> Vec<OrderReport> {
  given
    .iter()
    .zip(checked)
    .map(|(g, c)| match c {
      Checked::Invalid(error) => invalid(map, g, g.text.to_string(), error),
      Checked::Replaced(order) => invalid(map, g, order::render_order(map, order), REPLACED),
      Checked::Valid(order) => {
        let province = order.unit.location.province;
        let outcome = resolved.iter().find(|r| r.order.unit.location.province == province);
        // A valid order the adjudicator did not resolve had no effect.
        let result = outcome.map_or_else(|| "void".to_string(), |r| r.outcome.to_string());
        report(map, g, order::render_order(map, order), result)
      }
    })
    .collect()
}

fn report(map: &Map, given: &Given, text: String, result: String) -> OrderReport {
  OrderReport {
    power: map.power(given.power).name.clone(),
    order: given.text.to_string(),
    text,
    result,
    error: None,
  }
}

fn invalid(map: &Map, given: &Given, text: String, error: &str) -> OrderReport {
  OrderReport { error: Some(error.to_string()), ..report(map, given, text, "invalid".to_string()) }
}

fn movement(map: &Map, position: &Position, given: Vec<Given>, rules: &Rules) -> Response {
  let checked = check_unit_orders(map, position, &given, rules);
  let result = adjudicate::movement(map, position, &surviving(&checked), rules);
  let reports = report_unit_orders(map, &given, &checked, &result.resolved);
  finish(map, position, result.position, reports, rules)
}

fn retreat(map: &Map, position: &Position, given: Vec<Given>, rules: &Rules) -> Response {
  let checked = check_unit_orders(map, position, &given, rules);
  let result = adjudicate::retreat(map, position, &surviving(&checked), rules);
  let reports = report_unit_orders(map, &given, &checked, &result.resolved);
  finish(map, position, result.position, reports, rules)
}

fn adjustment(map: &Map, position: &Position, given: Vec<Given>, rules: &Rules) -> Response {
  let checked: Vec<Result<Adjustment, String>> = given
    .iter()
    .map(|g| {
      let parsed = g.parsed.as_ref().map_err(ToString::to_string)?;
      order::validate_adjustment_with(map, position, g.power, parsed, rules)
        .map_err(|e| e.to_string())
    })
    .collect();
  let valid: Vec<(PowerId, Adjustment)> = given
    .iter()
    .zip(&checked)
    .filter_map(|(g, c)| c.as_ref().ok().map(|a| (g.power, *a)))
    .collect();
  let result = adjudicate::adjustment(map, position, &valid, rules);
  let mut outcomes = result.resolved.iter().map(|(_, _, outcome)| *outcome);
  let reports = given
    .iter()
    .zip(&checked)
    .map(|(g, c)| match c {
      Err(error) => invalid(map, g, g.text.to_string(), error),
      Ok(adjustment) => {
        let result = match outcomes.next() {
          Some(AdjustmentOutcome::Done) => "ok",
          Some(AdjustmentOutcome::Unused) | None => "void",
        };
        report(map, g, order::render_adjustment(map, adjustment), result.to_string())
      }
    })
    .collect();
  finish(map, position, result.position, reports, rules)
}

// ------------------------------------------------------------------ output

/// Builds the response: ownership changes after the last phase of a Fall
/// turn, and the next phase follows from dislodgements and adjustments due.
fn finish(
  map: &Map,
  before: &Position,
  after: Position,
  orders: Vec<OrderReport>,
  rules: &Rules,
) -> Response {
  let phase = before.phase;
  let concluded = adjudicate::conclude(map, before, after, rules);
  let after = concluded.position;
  let dislodged = !after.dislodged.is_empty();
  let centers = if concluded.fall_ended {
    Some(center_lists(map, &after))
  } else if phase.kind == PhaseKind::Adjustment {
    Some(center_lists(map, before))
  } else {
    None
  };
  Response {
    phase: phase.to_string(),
    orders,
    units: unit_lists(map, &after),
    dislodged: if dislodged { dislodged_lists(map, &after) } else { PowerLists::new() },
    centers,
    next_phase: after.phase.to_string(),
  }
}

/// `F Stp/sc`: the unit's letter and the map's abbreviation of its place.
pub fn unit_text(map: &Map, unit: Unit) -> String {
  format!("{} {}", unit.kind.letter(), map.location_abbr(unit.location))
}

/// Groups per power in map order, leaving out powers with nothing to list.
fn per_power<T>(map: &Map, mut list: impl FnMut(PowerId) -> Vec<T>) -> PowerLists<T> {
  map
    .power_ids()
    .filter_map(|power| {
      let items = list(power);
      (!items.is_empty()).then(|| (map.power(power).name.clone(), items))
    })
    .collect()
}

fn unit_lists(map: &Map, position: &Position) -> PowerLists<String> {
  per_power(map, |power| position.units_of(power).map(|u| unit_text(map, u)).collect())
}

fn center_lists(map: &Map, position: &Position) -> PowerLists<String> {
  per_power(map, |power| {
    position.centers_of(map, power).map(|p| map.province(p).abbr.clone()).collect()
  })
}

fn dislodged_lists(map: &Map, position: &Position) -> PowerLists<DislodgedUnit> {
  per_power(map, |power| {
    position
      .dislodged
      .iter()
      .filter(|d| d.unit.power == power)
      .map(|d| DislodgedUnit {
        unit: unit_text(map, d.unit),
        attacker_from: d.attacker_from.map(|p| map.province(p).abbr.clone()),
        retreats: Some(d.retreats.iter().map(|l| map.location_abbr(*l)).collect()),
      })
      .collect()
  })
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn empty_and_malformed_input_are_one_line_errors() {
    assert_eq!(run("  \n "), Err(InputError::Empty));
    for input in ["{", "[1,2]", "{\"phase\": 3}", "{\"phase\":\"S1901M\",\"bogus\":1}", "\u{0}"] {
      let error = run(input).expect_err(input).to_string();
      assert!(!error.contains('\n'), "{input}: {error}");
    }
  }

  #[test]
  fn errors_name_the_failing_phase_and_line() {
    let input = "{\"phase\":\"S1901M\"}\n{\"phase\":\"X1901M\"}\n";
    match run(input) {
      Err(InputError::At { index: 2, line: 2, error }) => {
        assert!(matches!(*error, InputError::Phase(_)), "{error}");
      }
      other => panic!("{other:?}"),
    }
  }

  #[test]
  fn bad_variant_power_and_rule_are_input_errors() {
    let mut request = Request::new("S1901M");
    request.variant = "chaos".into();
    assert!(matches!(adjudicate(&request), Err(InputError::Variant(_))));
    let mut request = Request::new("S1901M");
    request.orders.insert("Atlantis".into(), vec!["A Lon H".into()]);
    assert!(matches!(adjudicate(&request), Err(InputError::UnknownPower { .. })));
    let mut request = Request::new("S1901M");
    request.rules.push("NO_SUCH_RULE".into());
    assert!(matches!(adjudicate(&request), Err(InputError::Rule(_))));
  }

  #[test]
  fn an_empty_board_goes_to_the_next_phase() {
    let response = adjudicate(&Request::new("S1901M")).expect("empty board");
    assert_eq!(response.next_phase, "F1901M");
    assert_eq!(response.centers, None, "centres are given only after a Fall turn");
    let response = adjudicate(&Request::new("F1901M")).expect("empty board");
    assert_eq!(response.next_phase, "F1901B", "everyone has builds due");
    assert_eq!(response.centers.map(|c| c.len()), Some(7));
    let response = adjudicate(&Request::new("W1901B")).expect("winter");
    assert_eq!((response.phase.as_str(), response.next_phase.as_str()), ("F1901B", "S1902M"));
  }

  #[test]
  fn optional_rules_reach_the_json_face() {
    let mut request = Request::new("S1901M");
    request.rules.push("SUMMER".into());
    assert_eq!(adjudicate(&request).expect("summer").next_phase, "U1901M");
    let response = adjudicate(&Request::new("U1901M")).expect("a summer phase without the rule");
    assert_eq!((response.phase.as_str(), response.next_phase.as_str()), ("U1901M", "F1901M"));
    let mut request = Request::new("S1901M");
    request.units.insert("Germany".into(), vec!["A Mun".into(), "A Ruh".into()]);
    request.units.insert("France".into(), vec!["A Bur".into()]);
    request
      .orders
      .insert("Germany".into(), vec!["A Mun - Bur".into(), "A Ruh S A Mun - Bur".into()]);
    request.rules.push("NO_RETREAT".into());
    let response = adjudicate(&request).expect("auto disband");
    assert_eq!(response.next_phase, "F1901M");
    assert!(response.dislodged.is_empty() && !response.units.contains_key("France"));
    let mut request = Request::new("S1901M");
    request.units.insert("England".into(), vec!["A Pic".into(), "F Bel".into()]);
    request
      .orders
      .insert("England".into(), vec!["A Pic - Hol".into(), "F Bel C A Pic - Hol".into()]);
    request.rules.push("COASTAL_CONVOY".into());
    let response = adjudicate(&request).expect("coastal convoy");
    assert!(response.orders.iter().all(|o| o.result == "ok"), "{:?}", response.orders);
    assert_eq!(response.units["England"], vec!["F Bel", "A Hol"]);
  }

  #[test]
  fn retreat_options_leave_out_attacker_standoffs_and_occupied_places() {
    let map = Map::standard().expect("standard map");
    let find = |name: &str| match map.lookup(name) {
      crate::map::Lookup::Found(id) => id,
      other => panic!("{name}: {other:?}"),
    };
    let phase: Phase = "S1901R".parse().expect("phase");
    let mut position = Position::empty(map, phase);
    let russia = map.find_power("Russia").expect("Russia");
    let turkey = map.find_power("Turkey").expect("Turkey");
    let at = |p| Location::province(find(p));
    for place in ["Con", "Ank"] {
      position
        .place(map, Unit { power: russia, kind: UnitType::Fleet, location: at(place) })
        .expect("place");
    }
    let ank = Unit { power: turkey, kind: UnitType::Fleet, location: at("Ank") };
    let standoffs = [find("Arm")];
    let options = adjudicate::retreat_options(map, &position, ank, Some(find("Bla")), &standoffs);
    assert_eq!(options, vec![]);
    let options = adjudicate::retreat_options(map, &position, ank, Some(find("Bla")), &[]);
    assert_eq!(options, vec![at("Arm")]);
  }

  #[test]
  fn stream_lines_are_counted_from_the_value_start() {
    assert_eq!(line_at("{}\n\n  {}", 2), 3);
    assert_eq!(line_at("{}", 0), 1);
    assert_eq!(line_at("{}", 99), 1);
  }
}
