//! Reading jDip's text test format as godip keeps it (`godip-*.txt`, README
//! "Format 2"), and turning a case into a `judge adjudicate` request and
//! the position expected after it. Needs `mod datc` (support/datc.rs) at
//! the includer's root for the map helpers.

#![allow(dead_code)]

use judge::interchange::{DislodgedUnit, Request, Response};
use judge::map::{Map, ProvinceId, UnitType};

use crate::datc::{canonical_unit, province};

/// A unit line, `Nation: A prov` (the colon is sometimes missing, and the
/// letter sometimes lower case).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
  pub nation: String,
  pub kind: String,
  pub place: String,
}

impl Placed {
  /// As a request's unit string: `F spa/nc`.
  pub fn unit(&self) -> String {
    format!("{} {}", self.kind.to_ascii_uppercase(), self.place)
  }
}

/// One `CASE ... END` block.
#[derive(Clone, Debug, Default)]
pub struct GodipCase {
  pub id: String,
  pub title: String,
  pub file: String,
  pub line: usize,
  /// Turn id; the format's default is Spring 1901 Movement.
  pub phase: String,
  /// The complete centre ownership, when given.
  pub owners: Option<Vec<Placed>>,
  pub prestate: Vec<Placed>,
  pub dislodged: Vec<Placed>,
  /// (success, nation, order) of the movement phase before a retreat.
  pub results: Vec<(bool, String, String)>,
  pub orders: Vec<(String, String)>,
  pub post_same: bool,
  pub post: Vec<Placed>,
  pub post_dislodged: Vec<Placed>,
}

impl GodipCase {
  pub fn label(&self) -> String {
    let title = if self.title.is_empty() { String::new() } else { format!(" {}", self.title) };
    format!("{}{title} ({}:{})", self.id, self.file, self.line)
  }

  pub fn is_retreat(&self) -> bool {
    self.phase.ends_with('R')
  }

  pub fn is_movement(&self) -> bool {
    self.phase.ends_with('M')
  }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
  Owners,
  Prestate,
  Dislodged,
  Results,
  Orders,
  Post,
  PostDislodged,
}

/// The file's typo `Germnay` and its nations, as the map spells them.
pub fn nation(text: &str) -> String {
  let text = text.trim().trim_end_matches(':');
  if text.eq_ignore_ascii_case("germnay") {
    "Germany".to_string()
  } else {
    text.to_string()
  }
}

fn placed(line: &str) -> Option<Placed> {
  let spaced = line.replacen(':', " ", 1);
  let words: Vec<&str> = spaced.split_whitespace().collect();
  match words.as_slice() {
    [who, kind, place] => {
      Some(Placed { nation: nation(who), kind: kind.to_string(), place: place.to_string() })
    }
    _ => None,
  }
}

/// `Spring 1901, Movement` → `S1901M`.
fn turn_id(text: &str) -> Option<String> {
  let words: Vec<&str> = text.split([' ', ',', '\t']).filter(|w| !w.is_empty()).collect();
  let [season, year, kind] = words.as_slice() else { return None };
  let season = match season.to_ascii_lowercase().as_str() {
    "spring" => 'S',
    "fall" => 'F',
    _ => return None,
  };
  let kind = match kind.to_ascii_lowercase().as_str() {
    "movement" => 'M',
    "retreat" => 'R',
    "adjustment" => 'B',
    _ => return None,
  };
  Some(format!("{season}{year}{kind}"))
}

/// Reads a whole file. `file` names it in labels.
pub fn parse(file: &str, text: &str) -> Result<Vec<GodipCase>, String> {
  let mut cases = Vec::new();
  let mut current: Option<GodipCase> = None;
  let mut section = None;
  for (number, raw) in text.lines().enumerate() {
    let line = raw.split('#').next().unwrap_or_default().trim();
    if line.is_empty() {
      continue;
    }
    let error = |what: &str| format!("{file}:{}: {what}: {raw}", number + 1);
    let (word, rest) = line.split_once([' ', '\t']).map_or((line, ""), |(w, r)| (w, r.trim()));
    if word == "VARIANT_ALL" {
      if !rest.eq_ignore_ascii_case("standard") {
        return Err(error("only the standard map is known"));
      }
      continue;
    }
    if word == "CASE" {
      if current.is_some() {
        return Err(error("CASE inside a case"));
      }
      let (id, title) = rest.split_once(' ').map_or((rest, ""), |(i, t)| (i, t.trim()));
      current = Some(GodipCase {
        id: id.trim_end_matches('.').to_string(),
        title: title.to_string(),
        file: file.to_string(),
        line: number + 1,
        phase: "S1901M".to_string(),
        ..GodipCase::default()
      });
      section = None;
      continue;
    }
    let Some(case) = current.as_mut() else { return Err(error("outside a case")) };
    section = match word {
      "END" => {
        cases.extend(current.take());
        None
      }
      "PRESTATE_SETPHASE" => {
        case.phase = turn_id(rest).ok_or_else(|| error("unknown phase"))?;
        None
      }
      "PRESTATE_SUPPLYCENTER_OWNERS" => {
        case.owners = Some(Vec::new());
        Some(Section::Owners)
      }
      "PRESTATE" => Some(Section::Prestate),
      "PRESTATE_DISLODGED" => Some(Section::Dislodged),
      "PRESTATE_RESULTS" => Some(Section::Results),
      "ORDERS" => Some(Section::Orders),
      "POSTSTATE" => Some(Section::Post),
      "POSTSTATE_DISLODGED" => Some(Section::PostDislodged),
      "POSTSTATE_SAME" => {
        case.post_same = true;
        None
      }
      _ => {
        let section = section.ok_or_else(|| error("a line outside any section"))?;
        add_line(case, section, line).ok_or_else(|| error("unreadable line"))?;
        Some(section)
      }
    };
  }
  match current {
    Some(case) => Err(format!("{file}: case {} has no END", case.id)),
    None => Ok(cases),
  }
}

fn add_line(case: &mut GodipCase, section: Section, line: &str) -> Option<()> {
  match section {
    Section::Owners => case.owners.get_or_insert_with(Vec::new).push(placed(line)?),
    Section::Prestate => case.prestate.push(placed(line)?),
    Section::Dislodged => case.dislodged.push(placed(line)?),
    Section::Post => case.post.push(placed(line)?),
    Section::PostDislodged => case.post_dislodged.push(placed(line)?),
    Section::Orders => {
      let (who, order) = line.split_once(':')?;
      case.orders.push((nation(who), order.trim().to_string()));
    }
    Section::Results => {
      let (status, rest) = line.split_once(':')?;
      let (who, order) = rest.split_once(':')?;
      let success = match status.trim() {
        "SUCCESS" => true,
        "FAILURE" => false,
        _ => return None,
      };
      case.results.push((success, nation(who), order.trim().to_string()));
    }
  }
  Some(())
}

// ------------------------------------------------------------- requests

/// A move from the results of the movement phase before a retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastMove {
  pub from: ProvinceId,
  pub to: ProvinceId,
  /// Explicitly `via convoy`, or an army going where it cannot walk.
  pub convoyed: bool,
}

/// Reads `A tri-vie`, `F spa/sc - por`, `A gas-mar via convoy`; `None` for
/// anything that is not a move.
pub fn past_move(map: &Map, order: &str) -> Option<PastMove> {
  let lower = order.to_ascii_lowercase();
  let via_convoy = lower.contains("via convoy");
  let spaced = lower.replace("via convoy", " ").replace('-', " - ");
  let words: Vec<&str> = spaced.split_whitespace().collect();
  let [kind, from, "-", to] = words.as_slice() else { return None };
  let (from, to) = (province(map, from)?, province(map, to)?);
  let walks = map.army_neighbours(from).contains(&to);
  Some(PastMove { from, to, convoyed: via_convoy || (*kind == "a" && !walks) })
}

fn past_moves(map: &Map, case: &GodipCase, success: bool) -> Vec<PastMove> {
  case
    .results
    .iter()
    .filter(|(s, _, _)| *s == success)
    .filter_map(|(_, _, order)| past_move(map, order))
    .collect()
}

/// Where the unit that dislodged the one in `at` came from; an attack by
/// convoy does not close its origin, so it gives none.
pub fn attacker_from(map: &Map, case: &GodipCase, at: ProvinceId) -> Option<ProvinceId> {
  past_moves(map, case, true).iter().find(|m| m.to == at && !m.convoyed).map(|m| m.from)
}

/// Provinces where the results show a standoff: a failed move over land
/// into a province that is empty now, unless its unit lost a head-to-head
/// battle with the unit that came from there (DATC 6.H.9).
pub fn standoffs(map: &Map, case: &GodipCase) -> Vec<ProvinceId> {
  let occupied: Vec<ProvinceId> =
    case.prestate.iter().filter_map(|p| province(map, &p.place)).collect();
  let dislodged: Vec<ProvinceId> =
    case.dislodged.iter().filter_map(|p| province(map, &p.place)).collect();
  let succeeded = past_moves(map, case, true);
  let mut found = Vec::new();
  for failed in past_moves(map, case, false) {
    let lost_head_to_head = dislodged.contains(&failed.from)
      && succeeded.iter().any(|m| m.from == failed.to && m.to == failed.from);
    if !failed.convoyed
      && !lost_head_to_head
      && !occupied.contains(&failed.to)
      && !found.contains(&failed.to)
    {
      found.push(failed.to);
    }
  }
  found
}

/// The request for a case.
pub fn request(map: &Map, case: &GodipCase) -> Request {
  let mut request = Request::new(case.phase.clone());
  for unit in &case.prestate {
    request.units.entry(unit.nation.clone()).or_default().push(unit.unit());
  }
  if let Some(owners) = &case.owners {
    let mut centers = judge::interchange::PowerLists::new();
    for owner in owners {
      centers.entry(owner.nation.clone()).or_insert_with(Vec::new).push(owner.place.clone());
    }
    request.centers = Some(centers);
  }
  if case.is_retreat() {
    for unit in &case.dislodged {
      let from = province(map, &unit.place).and_then(|at| attacker_from(map, case, at));
      request.dislodged.entry(unit.nation.clone()).or_default().push(DislodgedUnit {
        unit: unit.unit(),
        attacker_from: from.map(|p| map.province(p).abbr.clone()),
        retreats: None,
      });
    }
    request.standoffs =
      standoffs(map, case).into_iter().map(|p| map.province(p).abbr.clone()).collect();
  }
  for (nation, order) in &case.orders {
    request.orders.entry(nation.clone()).or_default().push(order.clone());
  }
  request
}

// ------------------------------------------------------------- positions

/// A position to compare: (power, unit) pairs as the response writes them,
/// sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
  pub units: Vec<(String, String)>,
  pub dislodged: Vec<(String, String)>,
}

fn canonical(map: &Map, list: &[Placed]) -> Result<Vec<(String, String)>, String> {
  let mut out = Vec::new();
  for p in list {
    let power = map.find_power(&p.nation).map(|id| map.power(id).name.clone());
    let unit = canonical_unit(map, &p.kind, &p.place);
    match (power, unit) {
      (Some(power), Some(unit)) => out.push((power, unit)),
      _ => return Err(format!("cannot read unit {p:?}")),
    }
  }
  out.sort();
  Ok(out)
}

/// The position a case expects: after a movement phase, with its
/// dislodged units; after other phases, units only.
pub fn expected(map: &Map, case: &GodipCase) -> Result<Snapshot, String> {
  let (units, dislodged) = if case.post_same {
    (&case.prestate, &case.dislodged)
  } else {
    (&case.post, &case.post_dislodged)
  };
  Ok(Snapshot { units: canonical(map, units)?, dislodged: canonical(map, dislodged)? })
}

/// The position a response gives. A dislodged unit with nowhere to go is
/// left out: the file writes such units as destroyed ("NO RETREATS"),
/// while `judge adjudicate` lists them with an empty `retreats`.
pub fn actual(response: &Response) -> Snapshot {
  let mut units: Vec<(String, String)> = response
    .units
    .iter()
    .flat_map(|(power, list)| list.iter().map(move |u| (power.clone(), u.clone())))
    .collect();
  let mut dislodged: Vec<(String, String)> = response
    .dislodged
    .iter()
    .flat_map(|(power, list)| {
      list
        .iter()
        .filter(|d| d.retreats.as_ref().is_some_and(|r| !r.is_empty()))
        .map(move |d| (power.clone(), d.unit.clone()))
    })
    .collect();
  units.sort();
  dislodged.sort();
  Snapshot { units, dislodged }
}

/// What differs, both ways, or `None` when the positions agree.
pub fn difference(expected: &Snapshot, actual: &Snapshot) -> Option<String> {
  let mut parts = Vec::new();
  for (what, want, got) in [
    ("units", &expected.units, &actual.units),
    ("dislodged", &expected.dislodged, &actual.dislodged),
  ] {
    let missing: Vec<String> =
      want.iter().filter(|u| !got.contains(u)).map(|(p, u)| format!("{p}: {u}")).collect();
    let extra: Vec<String> =
      got.iter().filter(|u| !want.contains(u)).map(|(p, u)| format!("{p}: {u}")).collect();
    if !missing.is_empty() {
      parts.push(format!("{what} missing [{}]", missing.join(", ")));
    }
    if !extra.is_empty() {
      parts.push(format!("{what} unexpected [{}]", extra.join(", ")));
    }
  }
  (!parts.is_empty()).then(|| parts.join("; "))
}

/// True for a unit type letter as the files write it.
pub fn unit_type(letter: &str) -> Option<UnitType> {
  match letter {
    "A" | "a" => Some(UnitType::Army),
    "F" | "f" => Some(UnitType::Fleet),
    _ => None,
  }
}
