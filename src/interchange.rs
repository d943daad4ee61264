//! The JSON form of one phase for `judge adjudicate` (see `CONTRACT.md`):
//! typed request and response, and the glue that turns a request into a
//! position and checked orders, adjudicates them, and reports the outcome.
//! No files or terminals (`run_stream` reads and writes only the streams it
//! is handed), so the CLI, the DATC harnesses and the fuzz tests share it.

use std::borrow::Cow;
use std::collections::hash_map::{Entry, HashMap};
use std::io::Write as _;

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::adjudicate::{self, AdjustmentOutcome, Resolved, Rules, UnknownRule};
use crate::game::blind::{Shown, Sight};
use crate::game::viewer::{mask_result, Viewer, SIGHT_RULES};
use crate::game::{PhaseResult, Resolution};
use crate::map::{Location, Map, MapError, PowerId, ProvinceId, UnitType};
use crate::order::{self, Adjustment, OrderError, UnitOrder};
use crate::phase::{Phase, PhaseError, PhaseKind};
use crate::position::{self, push_unit_text, unit_text, Dislodged, PlacementError, Position, Unit};

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
  /// Home centres where the game has changed them (NEWHOMES, claimed
  /// homes), as a response gives them back; absent, the map's homes.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub homes: Option<PowerLists<String>>,
  /// Order texts exactly as a player would mail them.
  #[serde(default)]
  pub orders: PowerLists<String>,
  /// Optional rule names; empty means the judge's defaults.
  #[serde(default)]
  pub rules: Vec<String>,
  /// Extension: the power whose view of a blind game to answer with
  /// (`docs/adjudication.md`); absent, the full answer.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub viewer: Option<String>,
  /// How the game is blind, for `viewer`: `BLIND` and its modifiers,
  /// `NJUDGE_BLIND` or `NJUDGE_BLIND_BCENTERS`.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub visibility: Option<Vec<String>>,
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
      homes: None,
      orders: PowerLists::new(),
      rules: Vec::new(),
      viewer: None,
      visibility: None,
    }
  }
}

/// The parts of a request the judge reads, borrowed: from a [`Request`],
/// or from a [`RequestJson`] whose strings point into the input.
struct Parts<'r, K> {
  variant: &'r str,
  phase: &'r str,
  units: Lists<'r, K>,
  dislodged: &'r PowerLists<DislodgedUnit>,
  standoffs: &'r [String],
  centers: Option<Lists<'r, K>>,
  homes: Option<&'r PowerLists<String>>,
  orders: Lists<'r, K>,
  rules: &'r [String],
  viewer: Option<&'r str>,
  visibility: Option<&'r [String]>,
}

/// A request's texts by power, in its order, as either kind of request
/// holds them.
enum Lists<'r, K> {
  Map(&'r IndexMap<K, Vec<K>>),
  Pairs(&'r [(K, Vec<K>)]),
}

impl<K> Clone for Lists<'_, K> {
  fn clone(&self) -> Self {
    *self
  }
}

impl<K> Copy for Lists<'_, K> {}

impl<'r, K> Lists<'r, K> {
  /// Each power's key and texts, in the request's order.
  fn iter(self) -> impl Iterator<Item = (&'r K, &'r [K])> {
    let (map, pairs) = match self {
      Lists::Map(map) => (Some(map), None),
      Lists::Pairs(pairs) => (None, Some(pairs)),
    };
    let from_map = map.into_iter().flatten().map(|(key, texts)| (key, texts.as_slice()));
    let from_pairs = pairs.into_iter().flatten().map(|(key, texts)| (key, texts.as_slice()));
    from_map.chain(from_pairs)
  }
}

impl Request {
  fn parts(&self) -> Parts<'_, String> {
    Parts {
      variant: &self.variant,
      phase: &self.phase,
      units: Lists::Map(&self.units),
      dislodged: &self.dislodged,
      standoffs: &self.standoffs,
      centers: self.centers.as_ref().map(Lists::Map),
      homes: self.homes.as_ref(),
      orders: Lists::Map(&self.orders),
      rules: &self.rules,
      viewer: self.viewer.as_deref(),
      visibility: self.visibility.as_deref(),
    }
  }
}

/// [`Request`] as `run` reads it: the unit and order texts, the bulk of a
/// request, borrowed from the input rather than copied, each list and map
/// of them read as a `Request` reads its own, messages included.
#[derive(Debug, Deserialize)]
#[serde(rename = "Request", deny_unknown_fields)]
struct RequestJson<'a> {
  #[serde(borrow, default = "standard_variant_json")]
  variant: JsonStr<'a>,
  #[serde(borrow)]
  phase: JsonStr<'a>,
  #[serde(borrow, default)]
  units: ListsJson<'a>,
  #[serde(default)]
  dislodged: PowerLists<DislodgedUnit>,
  #[serde(default)]
  standoffs: Vec<String>,
  #[serde(borrow, default)]
  centers: Option<ListsJson<'a>>,
  #[serde(default)]
  homes: Option<PowerLists<String>>,
  #[serde(borrow, default)]
  orders: ListsJson<'a>,
  #[serde(default)]
  rules: Vec<String>,
  #[serde(default)]
  viewer: Option<String>,
  #[serde(default)]
  visibility: Option<Vec<String>>,
}

fn standard_variant_json<'a>() -> JsonStr<'a> {
  JsonStr(Cow::Borrowed("standard"))
}

impl RequestJson<'_> {
  fn parts(&self) -> Parts<'_, JsonStr<'_>> {
    Parts {
      variant: &self.variant.0,
      phase: &self.phase.0,
      units: Lists::Pairs(&self.units.pairs),
      dislodged: &self.dislodged,
      standoffs: &self.standoffs,
      centers: self.centers.as_ref().map(|lists| Lists::Pairs(&lists.pairs)),
      homes: self.homes.as_ref(),
      orders: Lists::Pairs(&self.orders.pairs),
      rules: &self.rules,
      viewer: self.viewer.as_deref(),
      visibility: self.visibility.as_deref(),
    }
  }
}

/// Lists of strings by power, read as an `IndexMap<_, Vec<_>>` reads them
/// (the same messages; a key given twice keeps its place and takes the
/// last list), but as a list of pairs with room for the usual number of
/// powers: a request names a few powers, and hashing each key and
/// building a table for it cost more than the rest of reading the map.
#[derive(Default)]
struct ListsJson<'a> {
  pairs: Vec<(JsonStr<'a>, Vec<JsonStr<'a>>)>,
  /// Where each key is in `pairs`, made only once there are more keys
  /// than are worth comparing one by one, so that a request of many
  /// keys costs no more than a table would.
  index: Option<HashMap<String, usize>>,
}

/// The pairs only: the table's order is the hasher's, not the request's.
impl std::fmt::Debug for ListsJson<'_> {
  fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    f.debug_map().entries(self.pairs.iter().map(|(key, list)| (key, list))).finish()
  }
}

impl<'a> ListsJson<'a> {
  /// Keys compared one by one before a table is made.
  const COMPARED: usize = 32;

  fn new() -> Self {
    ListsJson { pairs: Vec::with_capacity(8), index: None }
  }

  /// Adds `key`'s list as `IndexMap::insert` does.
  fn insert(&mut self, key: JsonStr<'a>, list: Vec<JsonStr<'a>>) {
    let at = match &mut self.index {
      None if self.pairs.len() < Self::COMPARED => {
        self.pairs.iter().position(|(known, _)| *known == key)
      }
      index => {
        let index = index.get_or_insert_with(|| {
          self.pairs.iter().enumerate().map(|(at, (known, _))| (known.0.to_string(), at)).collect()
        });
        let next = self.pairs.len();
        match index.entry(key.0.to_string()) {
          Entry::Occupied(entry) => Some(*entry.get()),
          Entry::Vacant(entry) => {
            entry.insert(next);
            None
          }
        }
      }
    };
    match at {
      Some(at) => self.pairs[at].1 = list,
      None => self.pairs.push((key, list)),
    }
  }
}

impl<'de: 'a, 'a> Deserialize<'de> for ListsJson<'a> {
  fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
    deserializer.deserialize_map(ListsVisitor)
  }
}

struct ListsVisitor;

impl<'de> serde::de::Visitor<'de> for ListsVisitor {
  type Value = ListsJson<'de>;

  /// What an `IndexMap` says it expects.
  fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
    f.write_str("a map")
  }

  fn visit_map<A: serde::de::MapAccess<'de>>(
    self,
    mut entries: A,
  ) -> Result<Self::Value, A::Error> {
    let mut lists = ListsJson::new();
    while let Some(key) = entries.next_key::<JsonStr<'de>>()? {
      let ListJson(list) = entries.next_value()?;
      lists.insert(key, list);
    }
    Ok(lists)
  }
}

/// One power's list, read as a `Vec` reads it.
struct ListJson<'a>(Vec<JsonStr<'a>>);

impl<'de: 'a, 'a> Deserialize<'de> for ListJson<'a> {
  fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
    deserializer.deserialize_seq(ListVisitor)
  }
}

struct ListVisitor;

impl<'de> serde::de::Visitor<'de> for ListVisitor {
  type Value = ListJson<'de>;

  /// What a `Vec` says it expects.
  fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
    f.write_str("a sequence")
  }

  fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<Self::Value, A::Error> {
    let mut list = Vec::with_capacity(8);
    while let Some(item) = items.next_element::<JsonStr<'de>>()? {
      list.push(item);
    }
    Ok(ListJson(list))
  }
}

/// A JSON string, borrowed from the input unless it had escapes to undo.
#[derive(Debug, PartialEq, Eq, Hash)]
struct JsonStr<'a>(Cow<'a, str>);

impl AsRef<str> for JsonStr<'_> {
  fn as_ref(&self) -> &str {
    &self.0
  }
}

impl<'de: 'a, 'a> Deserialize<'de> for JsonStr<'a> {
  fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
    deserializer.deserialize_str(JsonStrVisitor)
  }
}

struct JsonStrVisitor;

impl<'de> serde::de::Visitor<'de> for JsonStrVisitor {
  type Value = JsonStr<'de>;

  /// What a `String` says it expects, so that messages stay the same.
  fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
    f.write_str("a string")
  }

  fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Self::Value, E> {
    Ok(JsonStr(Cow::Borrowed(text)))
  }

  fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
    Ok(JsonStr(Cow::Owned(text.to_string())))
  }

  fn visit_string<E>(self, text: String) -> Result<Self::Value, E> {
    Ok(JsonStr(Cow::Owned(text)))
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
  /// The power whose view this is, when the request named one; then
  /// everything below is what that power is shown.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub viewer: Option<String>,
  /// One entry per input order, in input order; in a viewer's answer,
  /// only the orders it is shown.
  pub orders: Vec<OrderReport>,
  /// In a viewer's answer (always there, maybe empty): the foreign units
  /// it saw only in part.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub glimpses: Option<Vec<GlimpseReport>>,
  /// The units after the phase, powers in map order.
  pub units: PowerLists<String>,
  /// Units dislodged by a movement phase, with their retreat options.
  pub dislodged: PowerLists<DislodgedUnit>,
  /// Centre owners, given after the last phase of a Fall turn.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub centers: Option<PowerLists<String>>,
  /// Home centres after the phase, when the game has changed them.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub homes: Option<PowerLists<String>>,
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

/// A foreign unit a viewer saw only in part: arriving in its sight,
/// found there, departing from it, or lost from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlimpseReport {
  pub power: String,
  /// Its type and the province the line names, without coast (`A Bur`).
  pub unit: String,
  /// `arrives`, `found`, `departs` or `lost`.
  pub shown: String,
  /// The results line: `Germany: Army Burgundy ARRIVES.`
  pub text: String,
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
  #[error(transparent)]
  Visibility(#[from] VisibilityError),
  #[error("phase {index} (line {line}): {error}")]
  At { index: usize, line: usize, error: Box<InputError> },
  #[error("cannot write the result: {0}")]
  Output(String),
}

/// Why a request's `viewer` and `visibility` cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VisibilityError {
  #[error(
    "\"visibility\" needs \"viewer\", the power whose view to answer with \
     (leave both out for the full answer)"
  )]
  WithoutViewer,
  #[error(
    "\"viewer\" needs \"visibility\", how the game is blind: [\"BLIND\"] with any of \
     its modifiers, [\"NJUDGE_BLIND\"] or [\"NJUDGE_BLIND_BCENTERS\"]"
  )]
  WithoutVisibility,
  #[error(
    "unknown visibility rule '{name}' (known: BLIND, NJUDGE_BLIND, NJUDGE_BLIND_BCENTERS, \
     and BLIND's modifiers {})",
    SIGHT_RULES.join(", ")
  )]
  Unknown { name: String },
  #[error("\"visibility\" needs BLIND, NJUDGE_BLIND or NJUDGE_BLIND_BCENTERS")]
  NoBlind,
  #[error(
    "visibility rule '{name}' modifies BLIND: give \"BLIND\" with it (njudge's Blind \
     takes no modifier)"
  )]
  WithoutBlind { name: String },
  #[error("visibility rules '{first}' and '{second}' are two ways of playing blind: give one")]
  TwoWays { first: String, second: String },
}

/// Reads a stream of requests (one JSON object, pretty or not, or JSON Lines)
/// and returns one compact JSON response line per request. The first bad
/// request stops everything, so a caller never gets a partial answer.
pub fn run(input: &str) -> Result<Vec<String>, InputError> {
  let mut out = Vec::new();
  match run_stream(&mut input.as_bytes(), &mut out) {
    Ok(_) => {}
    Err(StreamError::Input(error)) => return Err(error),
    // A `&str` is UTF-8 and reading a slice cannot fail.
    Err(error) => return Err(InputError::Output(error.to_string())),
  }
  let text = String::from_utf8(out).map_err(|e| InputError::Output(e.to_string()))?;
  Ok(text.lines().map(str::to_string).collect())
}

mod quick;
mod stream;
pub use stream::{run_stream, StreamError};

/// serde's message, except for a value that is not an object at all, where
/// serde would talk about struct fields the user never wrote.
pub(crate) fn json_message(value: &str, error: &serde_json::Error) -> String {
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
pub(crate) fn line_at(input: &str, offset: usize) -> usize {
  let before = input.get(..offset).unwrap_or(input);
  let after = input.get(offset..).unwrap_or("");
  let gap = &after[..after.len() - after.trim_start().len()];
  before.matches('\n').count() + gap.matches('\n').count() + 1
}

/// Adjudicates one phase.
pub fn adjudicate(request: &Request) -> Result<Response, InputError> {
  resolve(request.parts()).map(Adjudicated::response)
}

/// The map as the rules `DUALITY` or `NO_DUALITY` have it played (the
/// last named counts; see [`Map::with_duality`]).
fn with_duality<K: AsRef<str>>(map: &'static Map, rules: &[K]) -> Result<&'static Map, InputError> {
  let mut duality = None;
  for name in rules {
    match crate::game::variant::rule_name(name.as_ref()).as_str() {
      "DUALITY" => duality = Some(true),
      "NO_DUALITY" => duality = Some(false),
      _ => {}
    }
  }
  Ok(match duality {
    Some(on) => map.with_duality(on)?,
    None => map,
  })
}

/// Adjudicates one phase, leaving the results as ids and checked orders.
fn resolve<'r, K: AsRef<str>>(request: Parts<'r, K>) -> Result<Adjudicated<'r>, InputError> {
  let map = with_duality(Map::builtin(request.variant)?, request.rules)?;
  let phase: Phase = map.parse_phase(request.phase)?;
  let mut rules = Rules::for_map(map).with_names(request.rules)?;
  let eye = read_eye(map, request.viewer, request.visibility)?;
  // Orders are checked as a blind game checks them, so that what the
  // viewer is told of its own orders says nothing of units it cannot see.
  rules.fictional_ok |= eye.is_some();
  let position = read_position(map, phase, &request)?;
  let given = read_orders(map, phase.kind, &request)?;
  let mut adjudicated = match phase.kind {
    PhaseKind::Movement => {
      unit_phase(map, position, given, &rules, |map, position, orders, rules| {
        let result = adjudicate::movement(map, position, orders, rules);
        (result.position, Resolution::Movement(result.resolved))
      })
    }
    PhaseKind::Retreat => {
      unit_phase(map, position, given, &rules, |map, position, orders, rules| {
        let result = adjudicate::retreat(map, position, orders, rules);
        (result.position, Resolution::Retreat(result.resolved))
      })
    }
    PhaseKind::Adjustment => adjustment(map, position, given, &rules),
  };
  adjudicated.eye = eye;
  Ok(adjudicated)
}

// ------------------------------------------------------------------ input

/// A request read but not adjudicated: what `judge draw` draws.
pub(crate) struct ReadRequest {
  pub map: &'static Map,
  pub phase: Phase,
  /// The position, with the dislodged units of a retreat phase.
  pub position: Position,
  /// Each order with its power and text; unreadable ones as errors.
  pub orders: Vec<(PowerId, String, Result<order::ParsedOrder, OrderError>)>,
}

/// Reads a request's map, phase, position and orders as `judge
/// adjudicate` would, with the same errors, without adjudicating.
pub(crate) fn read_request(request: &Request) -> Result<ReadRequest, InputError> {
  let parts = request.parts();
  let map = with_duality(Map::builtin(parts.variant)?, parts.rules)?;
  let phase: Phase = map.parse_phase(parts.phase)?;
  let position = read_position(map, phase, &parts)?;
  let orders = read_orders(map, phase.kind, &parts)?
    .into_iter()
    .map(|g| (g.power, g.text.to_string(), g.parsed))
    .collect();
  Ok(ReadRequest { map, phase, position, orders })
}

/// Reads the dislodged units of a response, as they stood in `position`.
pub(crate) fn read_dislodged_lists(
  map: &Map,
  lists: &PowerLists<DislodgedUnit>,
  position: &Position,
) -> Result<Vec<Dislodged>, InputError> {
  let mut all = Vec::new();
  for (key, entries) in lists {
    let power = power_of(map, key)?;
    for entry in entries {
      all.push(read_dislodged_unit(map, power, key, entry, position, &[])?);
    }
  }
  Ok(all)
}

/// The map's power for a key such as `England`, `ENG` or `english`.
fn power_of(map: &Map, key: &str) -> Result<PowerId, InputError> {
  map.find_power(key).ok_or_else(|| InputError::UnknownPower {
    name: key.to_string(),
    known: map.powers().iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
  })
}

/// Whose view to answer with, and how the game is blind.
struct Eye {
  /// The power named by `viewer`.
  power: PowerId,
  /// The power as a viewer: a request says nothing of vassals, so its
  /// own units and centres are its only eyes.
  viewer: Viewer,
  sight: Sight,
}

/// Reads `viewer` and `visibility`, which come together or not at all.
fn read_eye(
  map: &Map,
  viewer: Option<&str>,
  visibility: Option<&[String]>,
) -> Result<Option<Eye>, InputError> {
  match (viewer, visibility) {
    (None, None) => Ok(None),
    (None, Some(_)) => Err(VisibilityError::WithoutViewer.into()),
    (Some(_), None) => Err(VisibilityError::WithoutVisibility.into()),
    (Some(name), Some(names)) => {
      let sight = read_sight(names)?;
      let power = power_of(map, name)?;
      Ok(Some(Eye { power, viewer: Viewer::Seat(vec![power]), sight }))
    }
  }
}

/// One way of playing blind, as `visibility` names it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Blindness {
  /// The DPjudge's BLIND, which takes modifiers.
  Dpjudge,
  /// njudge's Blind, with or without SET BCENTERS.
  Njudge { bcenters: bool },
}

/// Reads `visibility`: one way of playing blind (case as you like), and
/// for the DPjudge's BLIND its modifiers, applied in the order given.
fn read_sight(names: &[String]) -> Result<Sight, VisibilityError> {
  let mut way: Option<(&str, Blindness)> = None;
  let mut modifiers: Vec<(&str, String)> = Vec::new();
  for name in names {
    let word = crate::game::variant::rule_name(name);
    let this = match word.as_str() {
      "BLIND" => Blindness::Dpjudge,
      "NJUDGE_BLIND" => Blindness::Njudge { bcenters: false },
      "NJUDGE_BLIND_BCENTERS" => Blindness::Njudge { bcenters: true },
      modifier if SIGHT_RULES.contains(&modifier) => {
        modifiers.push((name, word));
        continue;
      }
      _ => return Err(VisibilityError::Unknown { name: name.clone() }),
    };
    match way {
      Some((first, other)) if other != this => {
        return Err(VisibilityError::TwoWays { first: first.to_string(), second: name.clone() });
      }
      _ => way = Some((name, this)),
    }
  }
  let without_blind = |name: &str| VisibilityError::WithoutBlind { name: name.to_string() };
  match way {
    None => {
      Err(modifiers.first().map_or(VisibilityError::NoBlind, |(name, _)| without_blind(name)))
    }
    Some((_, Blindness::Njudge { bcenters })) => match modifiers.first() {
      Some((name, _)) => Err(without_blind(name)),
      None => Ok(Sight::njudge(bcenters)),
    },
    Some((_, Blindness::Dpjudge)) => {
      let words: Vec<&str> = modifiers.iter().map(|(_, word)| word.as_str()).collect();
      // Every word is one of SIGHT_RULES, which `with_modifiers` knows.
      Sight::with_modifiers(&words).ok_or_else(|| VisibilityError::Unknown {
        name: modifiers.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", "),
      })
    }
  }
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

fn read_position<K: AsRef<str>>(
  map: &Map,
  phase: Phase,
  request: &Parts<K>,
) -> Result<Position, InputError> {
  let mut position = Position::empty(map, phase);
  for (key, texts) in request.units.iter() {
    let key = key.as_ref();
    let power = power_of(map, key)?;
    for text in texts {
      let text = text.as_ref();
      let unit = read_unit(map, power, key, text)?;
      position.place(map, unit).map_err(|source| InputError::Placement {
        power: key.to_string(),
        text: text.to_string(),
        source,
      })?;
    }
  }
  read_centers(map, request, &mut position)?;
  read_homes(map, request, &mut position)?;
  if phase.kind == PhaseKind::Retreat {
    position.dislodged = read_dislodged(map, request, &position)?;
  }
  Ok(position)
}

/// Sets the centre owners: as given, or each power's home centres.
fn read_centers<K: AsRef<str>>(
  map: &Map,
  request: &Parts<K>,
  position: &mut Position,
) -> Result<(), InputError> {
  let Some(centers) = request.centers else {
    for power in map.power_ids() {
      for &home in &map.power(power).owns {
        position.set_owner(home, Some(power));
      }
    }
    return Ok(());
  };
  for (key, texts) in centers.iter() {
    let key = key.as_ref();
    let power = power_of(map, key)?;
    for text in texts {
      let text = text.as_ref();
      let (_, location) = read_location(map, key, "supply centre", text)?;
      let province = location.province;
      if !map.province(province).supply_center {
        return Err(InputError::NotACenter { power: key.to_string(), text: text.to_string() });
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

/// Sets the homes the game has changed, when the request gives them.
fn read_homes<K>(map: &Map, request: &Parts<K>, position: &mut Position) -> Result<(), InputError> {
  let Some(homes) = request.homes else { return Ok(()) };
  let mut all = vec![Vec::new(); map.powers().len()];
  for (key, texts) in homes {
    let power = power_of(map, key)?;
    for text in texts {
      let (_, location) = read_location(map, key, "home centre", text)?;
      if !map.province(location.province).supply_center {
        return Err(InputError::NotACenter { power: key.clone(), text: text.clone() });
      }
      all[power.index()].push(location.province);
    }
  }
  position.set_changed_homes(Some(all));
  Ok(())
}

/// The homes the game has changed, per power in map order; `None` while
/// the map's stand.
fn home_lists(map: &Map, position: &Position) -> Option<PowerLists<String>> {
  let homes = position.changed_homes()?;
  Some(
    map
      .power_ids()
      .map(|p| {
        let list = homes.get(p.index()).map_or(&[][..], Vec::as_slice);
        (map.power(p).name.clone(), list.iter().map(|&c| map.province(c).abbr.clone()).collect())
      })
      .collect(),
  )
}

fn read_dislodged<K>(
  map: &Map,
  request: &Parts<K>,
  position: &Position,
) -> Result<Vec<Dislodged>, InputError> {
  let standoffs = request
    .standoffs
    .iter()
    .map(|text| read_location(map, "standoffs", "province", text).map(|(_, l)| l.province))
    .collect::<Result<Vec<ProvinceId>, _>>()?;
  let mut all: Vec<Dislodged> = Vec::new();
  for (key, entries) in request.dislodged {
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
fn read_orders<'r, K: AsRef<str>>(
  map: &Map,
  kind: PhaseKind,
  request: &Parts<'r, K>,
) -> Result<Vec<Given<'r>>, InputError> {
  let orders = request.orders;
  let mut given = Vec::with_capacity(orders.iter().map(|(_, texts)| texts.len()).sum());
  for (key, texts) in orders.iter() {
    let power = power_of(map, key.as_ref())?;
    for text in texts {
      let text = text.as_ref();
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
  /// Valid, but the unit was given a different one too, so it holds
  /// (NO_CHECK).
  Reorder(UnitOrder),
}

const REPLACED: &str = "replaced by a later order for the same unit";
const NO_PROXY: &str = "proxy orders are taken under the rule PROXY_OK only";
const REORDER: &str = "the unit was given different orders, so it holds (NO_CHECK)";

/// Checks unit orders against the board; the last valid order for a unit wins.
fn check_unit_orders(
  map: &Map,
  position: &Position,
  given: &[Given],
  rules: &Rules,
) -> Vec<Checked> {
  let handed = proxies(position, given, rules);
  let mut checked: Vec<Checked> = given
    .iter()
    .map(|g| {
      // An order for a unit handed to this power is checked as its
      // owner's (PROXY_OK).
      let owner = g.parsed.as_ref().ok().and_then(|parsed| match parsed {
        order::ParsedOrder::Unit { at, .. } => handed
          .iter()
          .find(|(unit, holder)| unit.location.province == at.province && *holder == g.power)
          .map(|(unit, _)| unit.power),
        _ => None,
      });
      let valid = g.parsed.as_ref().map_err(Clone::clone).and_then(|parsed| {
        order::validate_with(map, position, owner.unwrap_or(g.power), parsed, rules)
      });
      match valid {
        Ok(UnitOrder { order: order::Order::Proxy { .. }, .. }) if !rules.proxy_ok => {
          Checked::Invalid(NO_PROXY.to_string())
        }
        Ok(order) => Checked::Valid(order),
        Err(error) => Checked::Invalid(error.to_string()),
      }
    })
    .collect();
  if rules.no_check {
    // A unit given different orders holds, and none of them counts; the
    // same order twice is one order.
    let valid: Vec<UnitOrder> = surviving(&checked);
    for entry in &mut checked {
      if let Checked::Valid(order) = entry {
        if valid.iter().any(|o| o.unit == order.unit && o.order != order.order) {
          *entry = Checked::Reorder(order.clone());
        }
      }
    }
  }
  // One flag per province: cheaper than hashing for a board's worth.
  // A proxy order stands beside the order the unit is then given: each
  // replaces only its own kind.
  let mut seen = vec![false; map.provinces().len()];
  let mut seen_proxy = vec![false; map.provinces().len()];
  for entry in checked.iter_mut().rev() {
    if let Checked::Valid(order) = entry {
      let seen = match order.order {
        order::Order::Proxy { .. } => &mut seen_proxy,
        _ => &mut seen,
      };
      let seen = &mut seen[order.unit.location.province.index()];
      if std::mem::replace(seen, true) {
        *entry = Checked::Replaced(order.clone());
      }
    }
  }
  checked
}

/// PROXY_OK: each unit its owner hands to another power, with that
/// power (the last proxy order for a unit counts).
fn proxies(position: &Position, given: &[Given], rules: &Rules) -> Vec<(Unit, PowerId)> {
  let mut handed: Vec<(Unit, PowerId)> = Vec::new();
  if !rules.proxy_ok {
    return handed;
  }
  for g in given {
    let Ok(order::ParsedOrder::Unit { at, action: order::Action::Proxy { power }, .. }) = &g.parsed
    else {
      continue;
    };
    if let Some(unit) = position.unit_at(at.province).filter(|u| u.power == g.power) {
      handed.retain(|(u, _)| *u != unit);
      handed.push((unit, *power));
    }
  }
  handed
}

/// The orders the resolver gets: each valid one, except a unit's proxy
/// order when the power it went to gave the unit an order (PROXY_OK).
fn surviving(checked: &[Checked]) -> Vec<UnitOrder> {
  let mut orders: Vec<UnitOrder> = Vec::with_capacity(checked.len());
  for entry in checked {
    if let Checked::Valid(order) = entry {
      orders.push(order.clone());
    }
  }
  let is_proxy = |o: &UnitOrder| matches!(o.order, order::Order::Proxy { .. });
  let mut ordered: Vec<Unit> = Vec::with_capacity(orders.len());
  ordered.extend(orders.iter().filter(|o| !is_proxy(o)).map(|o| o.unit));
  orders.retain(|o| !is_proxy(o) || !ordered.contains(&o.unit));
  orders
}

/// What the response says of one order, before any of it is text.
struct Report<'r> {
  power: PowerId,
  /// The input text.
  order: &'r str,
  text: Text<'r>,
  result: Cow<'static, str>,
  error: Option<Cow<'static, str>>,
}

/// The judge's rendering of an order, or the input when it did not check.
enum Text<'r> {
  Given(&'r str),
  Order(UnitOrder),
  Adjustment(Adjustment),
}

impl<'r> Report<'r> {
  fn new(given: &Given<'r>, text: Text<'r>, result: &'static str) -> Report<'r> {
    Report { power: given.power, order: given.text, text, result: result.into(), error: None }
  }

  fn invalid(given: &Given<'r>, text: Text<'r>, error: Cow<'static, str>) -> Report<'r> {
    Report { error: Some(error), ..Report::new(given, text, "invalid") }
  }

  /// Appends the judge's rendering to `out`.
  fn push_text(&self, map: &Map, out: &mut String) {
    match &self.text {
      Text::Given(text) => out.push_str(text),
      Text::Order(order) => order::push_order(out, map, order),
      Text::Adjustment(adjustment) => order::push_adjustment(out, map, adjustment),
    }
  }

  fn into_report(self, map: &Map) -> OrderReport {
    let text = match &self.text {
      Text::Given(text) => text.to_string(),
      Text::Order(order) => order::render_order(map, order),
      Text::Adjustment(adjustment) => order::render_adjustment(map, adjustment),
    };
    OrderReport {
      power: map.power(self.power).name.clone(),
      order: self.order.to_string(),
      text,
      result: self.result.into_owned(),
      error: self.error.map(Cow::into_owned),
    }
  }
}

/// Reports unit orders, taking each valid order's result from `resolved`.
fn report_unit_orders<'r>(
  map: &Map,
  given: &[Given<'r>],
  checked: Vec<Checked>,
  resolved: &[Resolved],
) -> Vec<Report<'r>> {
  // The first resolution of each province, found by index, not by search.
  let mut resolution = vec![None; map.provinces().len()];
  for r in resolved.iter().rev() {
    resolution[r.order.unit.location.province.index()] = Some(r.outcome);
  }
  given
    .iter()
    .zip(checked)
    .map(|(g, c)| match c {
      Checked::Invalid(error) => Report::invalid(g, Text::Given(g.text), error.into()),
      Checked::Replaced(order) => Report::invalid(g, Text::Order(order), REPLACED.into()),
      Checked::Reorder(order) => {
        Report { error: Some(REORDER.into()), ..Report::new(g, Text::Order(order), "reorder") }
      }
      Checked::Valid(order) => {
        let outcome = resolution[order.unit.location.province.index()];
        // A valid order the adjudicator did not resolve had no effect.
        let result = outcome.map_or(Cow::Borrowed("void"), result_words);
        Report { result, ..Report::new(g, Text::Order(order), "") }
      }
    })
    .collect()
}

/// `ok` or the annotation words, as [`adjudicate::Outcome`] displays them,
/// allocating only for the rare `bounce, dislodged`.
fn result_words(outcome: adjudicate::Outcome) -> Cow<'static, str> {
  match outcome.failure {
    _ if outcome.is_ok() => Cow::Borrowed("ok"),
    Some(failure) if !outcome.dislodged => Cow::Borrowed(failure.word()),
    _ => Cow::Owned(outcome.to_string()),
  }
}

/// The adjudicator of a movement or a retreat phase, giving the board
/// after it and each order's fate.
type Resolve = fn(&Map, &Position, &[UnitOrder], &Rules) -> (Position, Resolution);

/// Checks the orders of a movement or retreat phase, resolves those that
/// stand, and reports on every order given.
fn unit_phase<'r>(
  map: &'static Map,
  position: Position,
  given: Vec<Given<'r>>,
  rules: &Rules,
  resolve: Resolve,
) -> Adjudicated<'r> {
  let checked = check_unit_orders(map, &position, &given, rules);
  let (after, resolution) = resolve(map, &position, &surviving(&checked), rules);
  let resolved = match &resolution {
    Resolution::Movement(resolved) | Resolution::Retreat(resolved) => resolved.as_slice(),
    Resolution::Adjustment { .. } => &[],
  };
  let reports = report_unit_orders(map, &given, checked, resolved);
  finish(map, position, after, reports, resolution, rules)
}

fn adjustment<'r>(
  map: &'static Map,
  position: Position,
  given: Vec<Given<'r>>,
  rules: &Rules,
) -> Adjudicated<'r> {
  let checked: Vec<Result<Adjustment, String>> = given
    .iter()
    .map(|g| {
      let parsed = g.parsed.as_ref().map_err(ToString::to_string)?;
      order::validate_adjustment_with(map, &position, g.power, parsed, rules)
        .map_err(|e| e.to_string())
    })
    .collect();
  let valid: Vec<(PowerId, Adjustment)> = given
    .iter()
    .zip(&checked)
    .filter_map(|(g, c)| c.as_ref().ok().map(|a| (g.power, *a)))
    .collect();
  let result = adjudicate::adjustment(map, &position, &valid, rules);
  let mut outcomes = result.resolved.iter().map(|(_, _, outcome)| *outcome);
  let reports = given
    .iter()
    .zip(checked)
    .map(|(g, c)| match c {
      Err(error) => Report::invalid(g, Text::Given(g.text), error.into()),
      Ok(adjustment) => {
        let result = match outcomes.next() {
          Some(AdjustmentOutcome::Done) => "ok",
          Some(AdjustmentOutcome::Unused) | None => "void",
        };
        Report::new(g, Text::Adjustment(adjustment), result)
      }
    })
    .collect();
  let resolution =
    Resolution::Adjustment { orders: result.resolved, civil_disorder: result.civil_disorder };
  finish(map, position, result.position, reports, resolution, rules)
}

// ------------------------------------------------------------------ output

/// An adjudicated phase before any of it is text: [`adjudicate`] turns it
/// into a [`Response`], [`run`] writes it straight out as JSON, sparing
/// the strings of a response it would only serialise and drop.
struct Adjudicated<'r> {
  map: &'static Map,
  /// The board the phase started from.
  before: Position,
  orders: Vec<Report<'r>>,
  /// The board after it, moved on to the next phase.
  after: Position,
  /// Whose centre owners the response lists, if any.
  centers: Centers,
  /// What became of the orders that stood, for a viewer's answer.
  resolution: Resolution,
  /// Whose view to answer with; `None`, the full answer.
  eye: Option<Eye>,
}

/// Which board's centre owners a response lists.
enum Centers {
  Unlisted,
  /// The owners before an adjustment phase.
  Before,
  /// The owners after the last phase of a Fall turn.
  After,
}

/// Settles the next phase: ownership changes after the last phase of a Fall
/// turn, and the next phase follows from dislodgements and adjustments due.
fn finish<'r>(
  map: &'static Map,
  before: Position,
  after: Position,
  orders: Vec<Report<'r>>,
  resolution: Resolution,
  rules: &Rules,
) -> Adjudicated<'r> {
  let concluded = adjudicate::conclude(map, &before, after, rules);
  let centers = if concluded.year_ended {
    Centers::After
  } else if before.phase.kind == PhaseKind::Adjustment {
    Centers::Before
  } else {
    Centers::Unlisted
  };
  Adjudicated { map, before, orders, after: concluded.position, centers, resolution, eye: None }
}

impl<'r> Adjudicated<'r> {
  fn center_lists(&self) -> Option<PowerLists<String>> {
    match self.centers {
      Centers::Unlisted => None,
      // The adjustments change no owner, but for a mobilizing power's build.
      Centers::Before => Some(center_lists(self.map, &self.after)),
      Centers::After => Some(center_lists(self.map, &self.after)),
    }
  }

  fn dislodged_lists(&self) -> PowerLists<DislodgedUnit> {
    if self.after.dislodged.is_empty() {
      PowerLists::new()
    } else {
      dislodged_lists(self.map, &self.after)
    }
  }

  fn response(self) -> Response {
    if let Some(eye) = &self.eye {
      return self.seen_by(eye);
    }
    let map = self.map;
    Response {
      phase: self.before.phase.to_string(),
      viewer: None,
      glimpses: None,
      units: unit_lists(map, &self.after),
      dislodged: self.dislodged_lists(),
      centers: self.center_lists(),
      homes: home_lists(map, &self.after),
      next_phase: self.after.phase.to_string(),
      orders: self.orders.into_iter().map(|r| r.into_report(map)).collect(),
    }
  }

  /// The phase as `eye` is shown it (`docs/adjudication.md`): the orders
  /// it sees in full, the units it glimpses, and both boards masked, so
  /// that nothing names a foreign unit it does not see.
  fn seen_by(&self, eye: &Eye) -> Response {
    let map = self.map;
    let whole = PhaseResult {
      phase: self.before.phase,
      seq: 0,
      resolution: self.resolution.clone(),
      before: self.before.clone(),
      after: self.after.clone(),
      year_ended: matches!(self.centers, Centers::After),
      skipped: false,
      disbanded: Vec::new(),
      not_carried: Vec::new(),
      trapped: Vec::new(),
      proxies: Vec::new(),
      torn: Vec::new(),
      income: Vec::new(),
    };
    let seen = mask_result(map, &whole, &eye.viewer, eye.sight);
    let shown = &seen.result;
    let own = |power: PowerId| eye.viewer.owns(power);
    // The orders shown in full, found by the province their unit was in.
    let mut resolved: Vec<Option<&Resolved>> = vec![None; map.provinces().len()];
    let mut adjustments: &[(PowerId, Adjustment, AdjustmentOutcome)] = &[];
    match &shown.resolution {
      Resolution::Movement(list) | Resolution::Retreat(list) => {
        for r in list.iter().rev() {
          resolved[r.order.unit.location.province.index()] = Some(r);
        }
      }
      Resolution::Adjustment { orders, .. } => adjustments = orders,
    }
    let orders = self
      .orders
      .iter()
      .filter_map(|report| {
        let (text, result) = match (&report.text, &report.error) {
          (Text::Order(order), None) => {
            let result = match resolved[order.unit.location.province.index()] {
              Some(r) => result_words(r.outcome),
              None if own(report.power) => report.result.clone(),
              None => return None,
            };
            (order::render_order_seen(map, order, &shown.before), result)
          }
          (Text::Adjustment(adjustment), None) => {
            let seen = adjustments.iter().any(|(p, a, _)| *p == report.power && a == adjustment);
            if !seen && !own(report.power) {
              return None;
            }
            (order::render_adjustment(map, adjustment), report.result.clone())
          }
          // Refused orders are shown to the power that gave them only.
          _ if !own(report.power) => return None,
          (Text::Order(order), _) => {
            (order::render_order_seen(map, order, &shown.before), report.result.clone())
          }
          (Text::Adjustment(adjustment), _) => {
            (order::render_adjustment(map, adjustment), report.result.clone())
          }
          (Text::Given(given), _) => (given.to_string(), report.result.clone()),
        };
        // Another power's order as it was written could name units the
        // viewer does not see: it is given as the viewer is shown it.
        let given = if own(report.power) { report.order.to_string() } else { text.clone() };
        Some(OrderReport {
          power: map.power(report.power).name.clone(),
          order: given,
          text,
          result: result.into_owned(),
          error: report.error.as_deref().map(str::to_string),
        })
      })
      .collect();
    let glimpses = seen
      .glimpses
      .iter()
      .filter_map(|glimpse| {
        let text = glimpse.line(map)?;
        let (shown, at) = match glimpse.shown {
          Shown::Arrives => ("arrives", glimpse.end),
          Shown::Found => ("found", glimpse.end),
          Shown::Departs => ("departs", glimpse.unit.location.province),
          Shown::Lost => ("lost", glimpse.unit.location.province),
          Shown::Full | Shown::Hidden => return None,
        };
        Some(GlimpseReport {
          power: map.power(glimpse.unit.power).name.clone(),
          unit: format!("{} {}", glimpse.unit.kind.letter(), map.province(at).abbr),
          shown: shown.to_string(),
          text,
        })
      })
      .collect();
    // Where an attack came from is told only by the orders shown.
    let mut dislodged = dislodged_lists(map, &shown.after);
    for entry in dislodged.values_mut().flatten() {
      entry.attacker_from = None;
    }
    Response {
      phase: self.before.phase.to_string(),
      viewer: Some(map.power(eye.power).name.clone()),
      orders,
      glimpses: Some(glimpses),
      units: unit_lists(map, &shown.after),
      dislodged,
      centers: match self.centers {
        Centers::Unlisted => None,
        Centers::Before | Centers::After => Some(center_lists(map, &shown.after)),
      },
      homes: home_lists(map, &shown.after),
      next_phase: self.after.phase.to_string(),
    }
  }

  /// Appends the full answer to `out` as one line of JSON: the very bytes
  /// serde_json gives for the [`Response`] that [`Adjudicated::response`]
  /// makes (same fields, order, skips and escapes), written straight from
  /// ids and the map's names. serde_json's writer escaped every string a
  /// byte at a time and took a quarter of `judge adjudicate`'s time.
  fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
    QUOTED.with(|cell| {
      let mut slot = cell.borrow_mut();
      let quoted = match &mut *slot {
        Some(quoted) if std::ptr::eq(quoted.map, self.map) => quoted,
        slot => slot.insert(Quoted::new(self.map)?),
      };
      self.write_json_with(out, quoted)
    })
  }

  fn write_json_with(&self, out: &mut Vec<u8>, quoted: &Quoted) -> serde_json::Result<()> {
    let map = self.map;
    let mut text = String::with_capacity(128);
    // A turn id is letters and digits (`S1901M`): nothing to escape.
    write!(out, "{{\"phase\":\"{}\"", self.before.phase).map_err(serde_json::Error::io)?;
    out.extend_from_slice(b",\"orders\":[");
    for (i, report) in self.orders.iter().enumerate() {
      if i > 0 {
        out.push(b',');
      }
      text.clear();
      report.push_text(map, &mut text);
      out.extend_from_slice(b"{\"power\":");
      out.extend_from_slice(quoted.power(report.power));
      out.extend_from_slice(b",\"order\":");
      push_json_str(out, report.order)?;
      out.extend_from_slice(b",\"text\":");
      push_json_str(out, &text)?;
      out.extend_from_slice(b",\"result\":");
      push_json_str(out, &report.result)?;
      if let Some(error) = &report.error {
        out.extend_from_slice(b",\"error\":");
        push_json_str(out, error)?;
      }
      out.push(b'}');
    }
    out.extend_from_slice(b"],\"units\":{");
    // Per power in map order, as `unit_lists`, each power's units in board
    // order: a pass over the few units a power, cheaper than sorting them.
    let units: Vec<Unit> = self.after.units().collect();
    let mut listed = false;
    for power in map.power_ids() {
      let mut group = units.iter().filter(|unit| unit.power == power).peekable();
      if group.peek().is_none() {
        continue;
      }
      if listed {
        out.push(b',');
      }
      listed = true;
      out.extend_from_slice(quoted.power(power));
      out.extend_from_slice(b":[");
      for (j, &unit) in group.enumerate() {
        if j > 0 {
          out.push(b',');
        }
        match quoted.unit(unit) {
          Some(json) => out.extend_from_slice(json),
          None => {
            text.clear();
            push_unit_text(&mut text, map, unit);
            push_json_str(out, &text)?;
          }
        }
      }
      out.push(b']');
    }
    out.extend_from_slice(b"},\"dislodged\":");
    if self.after.dislodged.is_empty() {
      out.extend_from_slice(b"{}");
    } else {
      serde_json::to_writer(&mut *out, &dislodged_lists(map, &self.after))?;
    }
    if !matches!(self.centers, Centers::Unlisted) {
      // Per power in map order, as `center_lists`, leaving out the powers
      // that own none.
      out.extend_from_slice(b",\"centers\":{");
      let mut listed = false;
      for power in map.power_ids() {
        let mut centers = self.after.centers_of(map, power).peekable();
        if centers.peek().is_none() {
          continue;
        }
        if listed {
          out.push(b',');
        }
        listed = true;
        out.extend_from_slice(quoted.power(power));
        out.extend_from_slice(b":[");
        for (j, center) in centers.enumerate() {
          if j > 0 {
            out.push(b',');
          }
          out.extend_from_slice(quoted.province(center));
        }
        out.push(b']');
      }
      out.push(b'}');
    }
    if let Some(homes) = home_lists(map, &self.after) {
      out.extend_from_slice(b",\"homes\":");
      serde_json::to_writer(&mut *out, &homes)?;
    }
    write!(out, ",\"next_phase\":\"{}\"", self.after.phase).map_err(serde_json::Error::io)?;
    out.push(b'}');
    Ok(())
  }
}

thread_local! {
  /// The names of the map last answered on this thread, as JSON.
  static QUOTED: std::cell::RefCell<Option<Quoted>> = const { std::cell::RefCell::new(None) };
}

/// A map's power names, province abbreviations and units without a coast
/// (`A Bud`) as JSON strings, quotes included, made once per map and
/// thread: they are most of an answer, and written one by one each was
/// checked for escapes and copied in three pieces.
struct Quoted {
  map: &'static Map,
  powers: Vec<Vec<u8>>,
  provinces: Vec<Vec<u8>>,
  /// Per province: an army's, a fleet's and a wing's, in that order.
  units: Vec<[Vec<u8>; 3]>,
}

impl Quoted {
  fn new(map: &'static Map) -> serde_json::Result<Quoted> {
    let json = |text: &str| -> serde_json::Result<Vec<u8>> {
      let mut out = Vec::with_capacity(text.len() + 2);
      push_json_str(&mut out, text)?;
      Ok(out)
    };
    let powers = map.power_ids().map(|p| json(&map.power(p).name)).collect::<Result<_, _>>()?;
    let provinces =
      map.province_ids().map(|p| json(&map.province(p).abbr)).collect::<Result<_, _>>()?;
    let mut text = String::new();
    let mut unit = |kind, province| {
      text.clear();
      let location = Location::province(province);
      push_unit_text(&mut text, map, Unit { power: PowerId(0), kind, location });
      json(&text)
    };
    let units = map
      .province_ids()
      .map(|p| Ok([unit(UnitType::Army, p)?, unit(UnitType::Fleet, p)?, unit(UnitType::Wing, p)?]))
      .collect::<serde_json::Result<_>>()?;
    Ok(Quoted { map, powers, provinces, units })
  }

  fn power(&self, power: PowerId) -> &[u8] {
    self.powers.get(power.index()).map_or(b"null", Vec::as_slice)
  }

  fn province(&self, province: ProvinceId) -> &[u8] {
    self.provinces.get(province.index()).map_or(b"null", Vec::as_slice)
  }

  /// A unit without a coast; one with a coast is written piece by piece.
  fn unit(&self, unit: Unit) -> Option<&[u8]> {
    if unit.location.coast.is_some() {
      return None;
    }
    let kind = match unit.kind {
      UnitType::Army => 0,
      UnitType::Fleet => 1,
      UnitType::Wing => 2,
    };
    self.units.get(unit.location.province.index()).map(|kinds| kinds[kind].as_slice())
  }
}

/// Appends `text` as a JSON string, as serde_json writes it. The judge's
/// strings (names, abbreviations, orders) rarely hold a quote, a backslash
/// or a control character, so they are checked eight bytes at a time and
/// copied whole; serde_json escapes the rest.
#[inline]
fn push_json_str(out: &mut Vec<u8>, text: &str) -> serde_json::Result<()> {
  if needs_escape(text.as_bytes()) {
    return push_escaped(out, text);
  }
  out.reserve(text.len() + 2);
  out.push(b'"');
  out.extend_from_slice(text.as_bytes());
  out.push(b'"');
  Ok(())
}

/// The rare string with something to escape, kept out of line so that
/// [`push_json_str`] stays small where it is inlined.
#[cold]
fn push_escaped(out: &mut Vec<u8>, text: &str) -> serde_json::Result<()> {
  serde_json::to_writer(out, text)
}

/// Whether JSON escapes any of `bytes`: a control character (below 0x20),
/// `"` or `\\`. serde_json leaves every other byte as it is.
#[inline]
fn needs_escape(bytes: &[u8]) -> bool {
  const ONES: u64 = 0x0101_0101_0101_0101;
  const HIGH: u64 = 0x8080_8080_8080_8080;
  // The high bit of a byte of `(w - n) & !w` is set for some byte when and
  // only when some byte of `w` is below `n` (for `n` up to 0x80); a byte
  // equal to `c` is a zero byte of `w ^ c`.
  let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w;
  let word = |w: u64| {
    (below(w, 0x20)
      | below(w ^ (ONES * u64::from(b'"')), 1)
      | below(w ^ (ONES * u64::from(b'\\')), 1))
      & HIGH
      != 0
  };
  let eight = |at: usize| {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
  };
  if bytes.len() < 8 {
    // Padded with blanks, which need no escape.
    let short = bytes.iter().rev().fold(ONES * u64::from(b' '), |w, &b| (w << 8) | u64::from(b));
    return word(short);
  }
  // Whole words, then the last eight bytes, which may overlap the last
  // whole word: only whether some byte needs an escape matters.
  let mut bad = word(eight(bytes.len() - 8));
  for at in (0..bytes.len() - 7).step_by(8) {
    bad |= word(eight(at));
  }
  bad
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

/// One pass over the board into lists of the right size, rather than a
/// pass per power into growing ones: every response lists every unit.
fn unit_lists(map: &Map, position: &Position) -> PowerLists<String> {
  let mut counts = vec![0; map.powers().len()];
  for unit in position.units() {
    counts[unit.power.index()] += 1;
  }
  let mut lists: Vec<Vec<String>> = counts.iter().map(|&n| Vec::with_capacity(n)).collect();
  for unit in position.units() {
    lists[unit.power.index()].push(unit_text(map, unit));
  }
  per_power(map, |power| std::mem::take(&mut lists[power.index()]))
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

  /// Lists by power read as an `IndexMap` reads them, keys given twice
  /// included, whether the keys are few enough to be compared one by one
  /// or so many that they are looked up in a table, and on both readers.
  #[test]
  fn lists_by_power_read_as_a_map_reads_them() {
    for keys in [1, 3, 31, 32, 33, 100] {
      // Every third entry repeats an earlier key (the first, the middle,
      // or the one just before) with a list of its own.
      let mut entries = Vec::new();
      for at in 0..keys {
        entries.push((format!("P{at}"), vec![format!("A {at}")]));
        if at % 3 == 2 {
          let again = [0, at / 2, at - 1][at % 9 / 3];
          entries.push((format!("P{again}"), vec![format!("F {at}"), format!("A {again}")]));
        }
      }
      let object =
        entries.iter().map(|(key, list)| format!("{key:?}:{list:?}")).collect::<Vec<_>>().join(",");
      let text = format!("{{\"phase\":\"S1901M\",\"units\":{{{object}}}}}");
      let map: IndexMap<String, Vec<String>> =
        serde_json::from_str(&format!("{{{object}}}")).expect("a map");
      let expected: Vec<(String, Vec<String>)> = map.into_iter().collect();
      let by_serde: RequestJson = serde_json::from_str(&text).expect("a request");
      let (by_hand, _) = quick::request(&text).expect("the usual shape");
      for request in [by_serde, by_hand] {
        let read: Vec<(String, Vec<String>)> = request
          .units
          .pairs
          .iter()
          .map(|(key, list)| (key.0.to_string(), list.iter().map(|t| t.0.to_string()).collect()))
          .collect();
        assert_eq!(read, expected, "{keys} keys");
      }
    }
  }

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
    request.variant = "atlantis".into();
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

  /// `run` writes its lines straight from the adjudicated phase; they must
  /// be the very bytes of the serialised `Response` that `adjudicate` gives.
  /// The quick JSON strings are serde_json's: every ASCII byte and a few
  /// others, alone and at each place in strings of up to 20 bytes.
  #[test]
  fn json_strings_are_written_as_serde_json_writes_them() {
    let mut samples: Vec<String> = (0..128u8)
      .map(|b| char::from(b).to_string())
      .chain(["é", "\u{2028}", "∑x"].map(String::from))
      .collect();
    for len in 0..20 {
      for at in 0..=len {
        for odd in ["\"", "\\", "\n", "\u{1f}", "\u{7f}", "é", "/"] {
          // The base text is ASCII, so every byte is a character boundary.
          let mut text: String = "A Bud - Tri S F Bul/ec".chars().cycle().take(len).collect();
          text.insert_str(at, odd);
          samples.push(text);
        }
      }
    }
    for text in samples {
      let mut quick = Vec::new();
      push_json_str(&mut quick, &text).expect("a Vec takes it");
      assert_eq!(String::from_utf8(quick).ok(), serde_json::to_string(&text).ok(), "{text:?}");
    }
  }

  /// The names kept as JSON per map and thread are each map's own: every
  /// variant's opening (each unit moving to its first neighbour) answered
  /// in turn with the standard map's, on one thread, gives the serialised
  /// response.
  #[test]
  fn every_variants_answer_is_written_with_its_own_names() {
    let standard =
      r#"{"phase":"S1901M","units":{"France":["A Par"]},"orders":{"France":["A Par - Bur"]}}"#;
    let mut compared = 0;
    for info in Map::variants() {
      let Ok(map) = info.map() else { continue };
      let Ok(position) = Position::initial(map) else { continue };
      let mut request = Request::new(map.first_phase());
      request.variant = info.key.to_string();
      for unit in position.units() {
        let power = map.power(unit.power).name.clone();
        request.units.entry(power.clone()).or_default().push(unit_text(map, unit));
        let to = map.moves_from(unit.kind, unit.location).first().map(|l| l.province);
        let to = to.map_or("H".to_string(), |p| format!("- {}", map.province(p).abbr));
        request.orders.entry(power).or_default().push(format!("{} {to}", unit_text(map, unit)));
      }
      let Ok(response) = adjudicate(&request) else { continue };
      let line = serde_json::to_string(&request).expect("serialises");
      let expected = serde_json::to_string(&response).expect("serialises");
      assert_eq!(run(&line), Ok(vec![expected]), "{}", info.key);
      assert_eq!(run(standard).map(|lines| lines.len()), Ok(1));
      compared += 1;
    }
    assert!(compared > 30, "{compared}");
  }

  #[test]
  fn run_writes_exactly_the_serialised_response() {
    let map = Map::standard().expect("standard map");
    let abbrs: Vec<String> = map.provinces().iter().map(|p| p.abbr.clone()).collect();
    let powers: Vec<String> = map.powers().iter().map(|p| p.name.clone()).collect();
    let mut rng =
      <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0x9E37_79B9_7F4A_7C15_u64);
    let mut next = |n: usize| rand::RngExt::random_range(&mut rng, 0..n);
    let phases = ["S1901M", "F1901M", "S1902R", "F1901R", "F1901B", "W1903B", "S1901M"];
    let verbs = ["-", "S", "C", "H", "- Nth -", "build", "remove", "D", "via convoy", "\"x\" é"];
    let (mut compared, mut dislodged, mut centers, mut invalid) = (0, 0, 0, 0);
    for round in 0..3000 {
      let mut request = Request::new(phases[round % phases.len()]);
      if round % 3 == 0 {
        // An attack that dislodges, for the `dislodged` lists.
        request.units.insert("Germany".into(), vec!["A Mun".into(), "A Ruh".into()]);
        request.units.insert("France".into(), vec!["A Bur".into()]);
        let attack = vec!["A Mun - Bur".into(), "A Ruh S A Mun - Bur".into()];
        request.orders.insert("Germany".into(), attack);
      }
      let position = Position::initial(map).expect("initial position");
      for unit in position.units() {
        let power = powers[next(powers.len())].clone();
        if next(5) > 0 {
          request.units.entry(power).or_default().push(unit_text(map, unit));
        }
      }
      for _ in 0..next(6) {
        let place = &abbrs[next(abbrs.len())];
        let unit = format!("{} {place}", ["A", "F"][next(2)]);
        let power = powers[next(powers.len())].clone();
        match next(2) {
          0 => request.units.entry(power).or_default().push(unit),
          _ => request.dislodged.entry(power).or_default().push(DislodgedUnit {
            unit,
            attacker_from: None,
            retreats: None,
          }),
        }
      }
      let units: Vec<(String, String)> = request
        .units
        .iter()
        .flat_map(|(p, list)| list.iter().map(|u| (p.clone(), u.clone())))
        .chain(
          request
            .dislodged
            .iter()
            .flat_map(|(p, list)| list.iter().map(|d| (p.clone(), d.unit.clone()))),
        )
        .collect();
      for _ in 0..next(40) {
        let Some((power, unit)) = units.get(next(units.len().max(1))).cloned() else { break };
        let other = &units[next(units.len())].1;
        let place = &abbrs[next(abbrs.len())];
        let text = match next(6) {
          0 => format!("{unit} H"),
          1 => format!("{unit} - {place}"),
          2 => format!("{unit} S {other} - {place}"),
          3 => format!("{unit} S {other}"),
          4 => format!("{unit} C {other} - {place}"),
          _ => format!("{unit} {} {place}", verbs[next(verbs.len())]),
        };
        request.orders.entry(power).or_default().push(text);
      }
      if round % 4 == 1 {
        // Centre owners as a caller gives them, now and then a place that
        // is no centre or a centre listed twice.
        let mut centers = PowerLists::new();
        for center in map.supply_centers() {
          let power: String = powers[next(powers.len())].clone();
          centers.entry(power).or_insert_with(Vec::new).push(map.province(center).abbr.clone());
        }
        if next(8) == 0 {
          let power = powers[next(powers.len())].clone();
          centers.entry(power).or_insert_with(Vec::new).push(abbrs[next(abbrs.len())].clone());
        }
        request.centers = Some(centers);
      }
      let line = serde_json::to_string(&request).expect("a request serialises");
      let response = match adjudicate(&request) {
        Ok(response) => response,
        Err(error) => {
          let error = InputError::At { index: 1, line: 1, error: Box::new(error) };
          assert_eq!(run(&line), Err(error), "{line}");
          continue;
        }
      };
      let expected = serde_json::to_string(&response).expect("a response serialises");
      assert_eq!(run(&line), Ok(vec![expected]), "{line}");
      compared += 1;
      dislodged += usize::from(!response.dislodged.is_empty());
      centers += usize::from(response.centers.is_some());
      invalid += usize::from(response.orders.iter().any(|o| o.error.is_some()));
    }
    let counts = (compared, dislodged, centers, invalid);
    assert!(compared > 1000 && dislodged > 20 && centers > 200 && invalid > 200, "{counts:?}");
  }

  #[test]
  fn visibility_names_one_way_of_playing_blind_and_its_modifiers() {
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(read_sight(&names(&["BLIND"])), Ok(Sight::BLIND));
    assert_eq!(read_sight(&names(&["njudge-blind"])), Ok(Sight::njudge(false)));
    assert_eq!(read_sight(&names(&["NJUDGE_BLIND_BCENTERS"])), Ok(Sight::njudge(true)));
    let greek = Sight::with_modifiers(&["GREEK", "SEE_ALL_SCS"]);
    assert_eq!(read_sight(&names(&["greek", "Blind", "see_all_scs"])).ok(), greek);
    assert_eq!(read_sight(&[]), Err(VisibilityError::NoBlind));
    assert!(matches!(read_sight(&names(&["TROJAN"])), Err(VisibilityError::WithoutBlind { .. })));
    assert!(matches!(
      read_sight(&names(&["NJUDGE_BLIND", "NJUDGE_BLIND_BCENTERS"])),
      Err(VisibilityError::TwoWays { .. })
    ));
    assert!(matches!(read_sight(&names(&["SEE_ALL"])), Err(VisibilityError::Unknown { .. })));
  }

  /// A viewer's answer: the same from `run` as from `adjudicate`; never
  /// more units or orders than the full answer; under njudge's Blind no
  /// other power's unit or order at all.
  #[test]
  fn a_viewers_answer_is_cut_from_the_full_one() {
    let map = Map::standard().expect("standard map");
    let abbrs: Vec<String> = map.provinces().iter().map(|p| p.abbr.clone()).collect();
    let powers: Vec<String> = map.powers().iter().map(|p| p.name.clone()).collect();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(25);
    let mut next = |n: usize| rand::RngExt::random_range(&mut rng, 0..n);
    let position = Position::initial(map).expect("initial position");
    let sights =
      [&["NJUDGE_BLIND"][..], &["BLIND"], &["BLIND", "GREEK"], &["BLIND", "OWN_SCS_SEE"]];
    let mut glimpsed = 0;
    for round in 0..300 {
      let mut request = Request::new(["S1901M", "F1901M", "F1901B"][round % 3]);
      for unit in position.units() {
        let power = map.power(unit.power).name.clone();
        let orders = request.orders.entry(power.clone()).or_default();
        orders.push(format!("{} - {}", unit_text(map, unit), abbrs[next(abbrs.len())]));
        request.units.entry(power).or_default().push(unit_text(map, unit));
      }
      // What a blind game plays: its orders are checked under FICTIONAL_OK.
      request.rules = vec!["FICTIONAL_OK".to_string()];
      let full = adjudicate(&request).expect("a legal position");
      let viewer = powers[next(powers.len())].clone();
      request.viewer = Some(viewer.clone());
      let sight = sights[round % sights.len()];
      request.visibility = Some(sight.iter().map(|s| s.to_string()).collect());
      let seen = adjudicate(&request).expect("a viewer's answer");
      let line = serde_json::to_string(&request).expect("serialises");
      let expected = serde_json::to_string(&seen).expect("serialises");
      assert_eq!(run(&line), Ok(vec![expected]), "{line}");
      for (power, units) in &seen.units {
        let all = &full.units[power];
        assert!(units.iter().all(|u| all.contains(u)), "{line}");
        assert!(sight[0] != "NJUDGE_BLIND" || *power == viewer, "{line}");
      }
      for report in &seen.orders {
        let known = full.orders.iter().any(|o| o.text == report.text);
        assert!(known || report.power == viewer, "{line}: {report:?}");
        assert!(sight[0] != "NJUDGE_BLIND" || report.power == viewer, "{line}");
      }
      glimpsed += seen.glimpses.map_or(0, |g| g.len());
    }
    assert!(glimpsed > 20, "{glimpsed}");
  }

  #[test]
  fn stream_lines_are_counted_from_the_value_start() {
    assert_eq!(line_at("{}\n\n  {}", 2), 3);
    assert_eq!(line_at("{}", 0), 1);
    assert_eq!(line_at("{}", 99), 1);
  }
}
