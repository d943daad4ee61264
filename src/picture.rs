//! What `judge draw` reads, turned into pictures: the JSON of `judge
//! adjudicate` into scenes ([`pictures`]), and a game's SUMMARY into the
//! chart of its centre counts ([`chart`]). Pure: the CLI reads and
//! writes. The forms accepted are documented in `docs/draw-command.md`.

use indexmap::IndexMap;
use serde::Deserialize;
use serde_json::Value;

use crate::draw::{Board, Chart, ChartLine, DrawnOrder, Scene};
use crate::interchange::{self, InputError, Request, Response};
use crate::map::{Map, MapError};
use crate::position::{Dislodged, Position};

/// One picture to draw, owning what its [`Scene`] borrows.
#[derive(Clone, Debug)]
pub struct Picture {
  pub map: &'static Map,
  /// The phase as the input wrote it (`S1901M`), for file names.
  pub phase: String,
  pub title: String,
  pub position: Position,
  pub dislodged: Vec<Dislodged>,
  pub orders: Vec<DrawnOrder>,
  /// False when the input does not say who owns the centres (a response
  /// alone, after a turn that gives no owners): they are drawn as unknown.
  pub owners_known: bool,
}

impl Picture {
  /// The picture as SVG.
  pub fn svg(&self) -> Result<String, crate::draw::DrawError> {
    if self.owners_known {
      crate::draw::svg(&self.scene())
    } else {
      crate::draw::svg_owners_unknown(&self.scene())
    }
  }

  pub fn scene(&self) -> Scene<'_> {
    Scene {
      map: self.map,
      title: self.title.clone(),
      position: &self.position,
      dislodged: &self.dislodged,
      orders: self.orders.clone(),
    }
  }
}

/// Why the input cannot be drawn. Each message is one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
  #[error("no input: expected a JSON object describing one phase")]
  Empty,
  #[error("{0}")]
  Json(String),
  #[error("the response has {response} orders but the request {request}")]
  OrderCount { request: usize, response: usize },
  #[error("the response has no result for {power}'s order '{order}'")]
  Unmatched { power: String, order: String },
  #[error(transparent)]
  Input(#[from] InputError),
  #[error(transparent)]
  Variant(#[from] MapError),
  #[error("value {index} (line {line}): {error}")]
  At { index: usize, line: usize, error: Box<PictureError> },
  #[error("unknown power '{name}' (the powers are {known})")]
  UnknownPower { name: String, known: String },
  #[error("the SUMMARY has no \"History of Supply Center Counts\" table")]
  NoCounts,
  #[error("the SUMMARY's table of counts: {0}")]
  Counts(String),
  /// A request's board is the whole board: one player's view is drawn
  /// from the answer `judge adjudicate` gave for that viewer.
  #[error(
    "a request with a \"viewer\" would be drawn whole: draw the response judge \
     adjudicate gives for that viewer instead (it holds only what the viewer sees)"
  )]
  ViewerRequest,
}

/// The combined form: a request and the response `judge adjudicate` gave.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Adjudicated {
  request: Value,
  response: Response,
}

/// Reads every JSON value of `input` (one, several, or JSON Lines): a
/// request (the position with its orders, not adjudicated) or
/// `{"request": …, "response": …}` (the orders with their results, on the
/// request's position, with the units the response dislodged). A value
/// that names no variant is on `variant`, else on the standard map.
pub fn pictures(input: &str, variant: Option<&str>) -> Result<Vec<Picture>, PictureError> {
  let mut stream = serde_json::Deserializer::from_str(input).into_iter::<Value>();
  let mut all = Vec::new();
  loop {
    let start = stream.byte_offset();
    let Some(next) = stream.next() else { break };
    let index = all.len() + 1;
    let at = |error: PictureError| PictureError::At {
      index,
      line: interchange::line_at(input, start),
      error: Box::new(error),
    };
    let value = next.map_err(|e| at(PictureError::Json(e.to_string())))?;
    all.push(picture(value, variant).map_err(at)?);
  }
  if all.is_empty() {
    return Err(PictureError::Empty);
  }
  Ok(all)
}

fn picture(value: Value, variant: Option<&str>) -> Result<Picture, PictureError> {
  let Value::Object(object) = &value else {
    return Err(PictureError::Json(
      "expected a JSON object: a request of judge adjudicate, or {\"request\", \"response\"}"
        .to_string(),
    ));
  };
  if object.contains_key("request") {
    let both: Adjudicated = serde_json::from_value(value).map_err(json)?;
    return on_request(both.request, Some(&both.response), variant);
  }
  if object.contains_key("next_phase") {
    return on_response(value, variant);
  }
  on_request(value, None, variant)
}

/// A response on its own: the board after the phase (its units, the units
/// it dislodged with their retreats, its centre owners when it gives them)
/// with the phase's orders and their results drawn from where each order
/// says its unit stood.
fn on_response(mut value: Value, variant: Option<&str>) -> Result<Picture, PictureError> {
  let named = match &mut value {
    Value::Object(object) => match object.remove("variant") {
      Some(Value::String(name)) => Some(name),
      Some(_) => return Err(PictureError::Json("\"variant\" must be a string".to_string())),
      None => None,
    },
    _ => None,
  };
  let response: Response = serde_json::from_value(value).map_err(json)?;
  // The orders grouped by power as a request holds them.
  let mut orders: IndexMap<String, Vec<String>> = IndexMap::new();
  for report in &response.orders {
    orders.entry(report.power.clone()).or_default().push(report.order.clone());
  }
  let mut request = Request::new(response.phase.clone());
  request.variant =
    named.or_else(|| variant.map(str::to_string)).unwrap_or_else(|| request.variant.clone());
  request.units = response.units.clone();
  request.centers = response.centers.clone();
  request.homes = response.homes.clone();
  request.orders = orders;
  let read = interchange::read_request(&request)?;
  let map = read.map;
  let results = results_by_identity(map, &read.orders, &response.orders)?;
  let orders = read
    .orders
    .into_iter()
    .zip(results)
    .filter_map(|((power, text, parsed), result)| {
      Some(DrawnOrder { power, text, order: parsed.ok()?, result })
    })
    .collect();
  let dislodged = interchange::read_dislodged_lists(map, &response.dislodged, &read.position)?;
  // Without owners in the response, only the first turn's are known (the
  // map's own); anything else drawn would be a guess.
  let owners_known = response.centers.is_some()
    || map.parse_phase(map.first_phase()).is_ok_and(|first| first == read.phase);
  let mut position = read.position;
  if !owners_known {
    for centre in map.supply_centers() {
      position.set_owner(centre, None);
    }
  }
  Ok(Picture {
    map,
    phase: response.phase.clone(),
    title: title(map, read.phase),
    position,
    dislodged,
    orders,
    owners_known,
  })
}

fn title(map: &Map, phase: crate::phase::Phase) -> String {
  format!("{}, {} {}", capitalised(map.name()), map.season_and_year(phase), phase.kind_name())
}

fn json(error: serde_json::Error) -> PictureError {
  PictureError::Json(error.to_string())
}

/// The request's position and orders, with the response's results.
fn on_request(
  mut value: Value,
  response: Option<&Response>,
  variant: Option<&str>,
) -> Result<Picture, PictureError> {
  if let (Value::Object(object), Some(variant)) = (&mut value, variant) {
    object.entry("variant").or_insert_with(|| Value::String(variant.to_string()));
  }
  let request: Request = serde_json::from_value(value).map_err(json)?;
  if request.viewer.is_some() || response.is_some_and(|r| r.viewer.is_some()) {
    return Err(PictureError::ViewerRequest);
  }
  let read = interchange::read_request(&request)?;
  let map = read.map;
  if let Some(response) = response {
    if response.orders.len() != read.orders.len() {
      return Err(PictureError::OrderCount {
        request: read.orders.len(),
        response: response.orders.len(),
      });
    }
  }
  let results = match response {
    Some(response) => results_by_identity(map, &read.orders, &response.orders)?,
    None => vec![None; read.orders.len()],
  };
  let orders = read
    .orders
    .into_iter()
    .zip(results)
    .filter_map(|((power, text, parsed), result)| {
      // An order that cannot be read has nothing to draw.
      let order = parsed.ok()?;
      Some(DrawnOrder { power, text, order, result })
    })
    .collect();
  let dislodged = match response {
    Some(response) => interchange::read_dislodged_lists(map, &response.dislodged, &read.position)?,
    None => read.position.dislodged.clone(),
  };
  Ok(Picture {
    map,
    phase: request.phase.clone(),
    title: title(map, read.phase),
    position: read.position,
    dislodged,
    orders,
    owners_known: true,
  })
}

/// Each read order's result: the report of the same power with the same
/// text (the n-th such order takes the n-th such report). Matching by
/// place would be wrong whenever the request's powers reach us in another
/// order than `judge adjudicate` read them: a JSON object's keys have no
/// order a reader must keep, and the response lists them as it read them.
fn results_by_identity(
  map: &Map,
  orders: &[(crate::map::PowerId, String, ParsedResult)],
  reports: &[interchange::OrderReport],
) -> Result<Vec<Option<String>>, PictureError> {
  let mut unclaimed: std::collections::HashMap<(&str, &str), std::collections::VecDeque<&str>> =
    std::collections::HashMap::new();
  for report in reports {
    unclaimed
      .entry((report.power.as_str(), report.order.as_str()))
      .or_default()
      .push_back(report.result.as_str());
  }
  orders
    .iter()
    .map(|(power, text, _)| {
      let name = map.power(*power).name.as_str();
      unclaimed
        .get_mut(&(name, text.as_str()))
        .and_then(std::collections::VecDeque::pop_front)
        .map(|result| Some(result.to_string()))
        .ok_or_else(|| PictureError::Unmatched { power: name.to_string(), order: text.clone() })
    })
    .collect()
}

type ParsedResult = Result<crate::order::ParsedOrder, crate::order::OrderError>;

fn capitalised(word: &str) -> String {
  let mut chars = word.chars();
  match chars.next() {
    Some(first) => first.to_uppercase().chain(chars).collect(),
    None => String::new(),
  }
}

// ------------------------------------------------------------------ chart

/// The chart's JSON form.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartJson {
  #[serde(default)]
  variant: Option<String>,
  #[serde(default)]
  title: Option<String>,
  years: Vec<Value>,
  /// Per power, its count at the end of each year; `null` for none.
  counts: IndexMap<String, Vec<Option<u32>>>,
}

/// The chart of centre counts: from a SUMMARY's text (its "History of
/// Supply Center Counts", the variant from its `Variant:` line, the
/// title from its first line) or from JSON (`{"variant", "title",
/// "years", "counts": {"Austria": [3, 4, null]}}`). The data's own
/// variant wins over `variant`; the standard map is the last resort.
pub fn chart(input: &str, variant: Option<&str>) -> Result<Chart, PictureError> {
  if input.trim_start().starts_with('{') {
    let data: ChartJson = serde_json::from_str(input).map_err(json)?;
    let map = Map::builtin(data.variant.as_deref().or(variant).unwrap_or("standard"))?;
    let years: Vec<String> = data
      .years
      .iter()
      .map(|y| match y {
        Value::String(s) => s.clone(),
        other => other.to_string(),
      })
      .collect();
    let rows = data.counts.into_iter().collect::<Vec<_>>();
    let title = data.title.unwrap_or_else(|| default_title(map));
    return lines(map, title, years, rows);
  }
  let named = summary_variant(input);
  let map = match named.as_deref().map(Map::builtin) {
    Some(Ok(map)) => map,
    _ => Map::builtin(variant.unwrap_or("standard"))?,
  };
  let title = input
    .lines()
    .find_map(|line| {
      let rest = line.trim().strip_prefix("Summary of game '")?;
      let name = &rest[..rest.find('\'')?];
      Some(format!("Game '{name}' ({}): supply centres by year", capitalised(map.name())))
    })
    .unwrap_or_else(|| default_title(map));
  let (years, rows) = summary_counts(input)?;
  lines(map, title, years, rows)
}

fn default_title(map: &Map) -> String {
  format!("{}: supply centres by year", capitalised(map.name()))
}

/// The variant a SUMMARY names (`  Variant:  Standard, Gunboat.`).
fn summary_variant(text: &str) -> Option<String> {
  let line = text.lines().find_map(|l| l.trim().strip_prefix("Variant:"))?;
  let word = line.trim().split([',', ' ', '.']).next()?;
  Some(word.to_lowercase())
}

type Rows = Vec<(String, Vec<Option<u32>>)>;

/// Reads the table of counts: blocks of up to ten years, each a header
/// (`Power    1901 '02 '03`), a row per power (its name in ten columns,
/// then four columns a year: the count and a mark), rows continued on
/// an indented line where the player changed, and an `Index:` line.
fn summary_counts(text: &str) -> Result<(Vec<String>, Rows), PictureError> {
  let start = text.find("History of Supply Center Counts").ok_or(PictureError::NoCounts)?;
  let mut years: Vec<u32> = Vec::new();
  let mut rows: IndexMap<String, Vec<Option<u32>>> = IndexMap::new();
  // The years of the block being read: the index of its first year.
  let mut block: Option<(usize, usize)> = None;
  let mut current: Option<String> = None;
  for line in text[start..].lines().skip(2) {
    if let Some(head) = line.strip_prefix("Power ") {
      let first = years.len();
      for word in head.split_whitespace() {
        let year = if let Some(short) = word.strip_prefix('\'') {
          let Ok(short) = short.parse::<u32>() else { break };
          let last = years.last().copied().unwrap_or(0);
          let mut year = last - last % 100 + short;
          if year <= last {
            year += 100;
          }
          year
        } else {
          let Ok(year) = word.parse::<u32>() else { break };
          year
        };
        years.push(year);
      }
      block = Some((first, years.len() - first));
      continue;
    }
    // Between blocks: the marks' key and the index's explanation.
    let Some((first, count)) = block else { continue };
    if line.starts_with("Index:") {
      block = None;
      current = None;
      continue;
    }
    if line.trim().is_empty() {
      continue;
    }
    let name = line.get(..10).unwrap_or(line).trim();
    if !name.is_empty() {
      current = Some(name.to_string());
    }
    let Some(power) = current.clone() else { continue };
    let row = rows.entry(power).or_default();
    for k in 0..count {
      let Some(cell) = line.get(10 + 4 * k..(14 + 4 * k).min(line.len())) else { break };
      let digits: String = cell.trim_start().chars().take_while(char::is_ascii_digit).collect();
      let Ok(centres) = digits.parse::<u32>() else { continue };
      if row.len() < first + k + 1 {
        row.resize(first + k + 1, None);
      }
      row[first + k] = Some(centres);
    }
  }
  if years.is_empty() {
    return Err(PictureError::Counts("no years".to_string()));
  }
  let rows = rows
    .into_iter()
    .map(|(power, mut counts)| {
      counts.resize(years.len(), None);
      (power, counts)
    })
    .collect();
  Ok((years.iter().map(u32::to_string).collect(), rows))
}

/// Each row as a line in its power's colour.
fn lines(map: &Map, title: String, years: Vec<String>, rows: Rows) -> Result<Chart, PictureError> {
  let board = Board::for_map(map).ok();
  let mut lines = Vec::new();
  for (name, mut counts) in rows {
    let power = find_power(map, &name).ok_or_else(|| PictureError::UnknownPower {
      name: name.clone(),
      known: map.powers().iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(", "),
    })?;
    let color = board
      .and_then(|b| b.colors(map, power))
      .map_or_else(|| fallback_color(power.index()), |c| c.color.clone());
    counts.resize(years.len(), None);
    lines.push(ChartLine { power: map.power(power).name.clone(), color, counts });
  }
  Ok(Chart { title, years, lines })
}

/// The power by name, or by the ten letters SUMMARY keeps of it.
fn find_power(map: &Map, name: &str) -> Option<crate::map::PowerId> {
  map.find_power(name).or_else(|| {
    let short = name.to_lowercase();
    map.power_ids().find(|&p| {
      let full = map.power(p).name.to_lowercase();
      short.chars().count() >= 10 && full.starts_with(&short)
    })
  })
}

/// Colours for a map without a board.
fn fallback_color(index: usize) -> String {
  const COLORS: [&str; 8] =
    ["#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#f781bf", "#666666"];
  COLORS[index % COLORS.len()].to_string()
}

#[cfg(test)]
mod tests {
  use super::*;

  const SUMMARY: &[&str] = &[
    "Summary of game 'sumg' through Fall of 1912.",
    "",
    "  Variant:  Standard, Gunboat.",
    "",
    "History of Supply Center Counts",
    "-------------------------------",
    "Power    1900 '01 '02 '03 '04 '05 '06 '07 '08 '09   Player",
    "Austria     3   3   4*  5   5   5   5   5   5   5   austria Tester",
    "England     3   4   4   4   4   4   4   4   4   4   england Tester",
    "Index:     10  11  11  12  12  12  12  12  12  12",
    "",
    "Power    1910 '11 '12                               Player",
    "Austria     5   6   7                               austria Tester",
    "England     4   3\\                                 england Tester",
    "                    2                               someone Else",
    "Index:     12  12  13",
  ];

  #[test]
  fn the_summary_table_gives_a_line_per_power_across_blocks() {
    let chart = chart(&SUMMARY.join("\n"), None).unwrap();
    assert_eq!(chart.years.len(), 13);
    assert_eq!(chart.years[0], "1900");
    assert_eq!(chart.years[12], "1912");
    assert!(chart.title.contains("'sumg'"), "{}", chart.title);
    let austria = &chart.lines[0];
    assert_eq!(austria.power, "Austria");
    assert_eq!(austria.counts[2], Some(4));
    assert_eq!(austria.counts[12], Some(7));
    let england = &chart.lines[1];
    assert_eq!(england.counts[11], Some(3));
    assert_eq!(england.counts[12], Some(2), "the new player's line continues the row");
    assert!(england.color.starts_with('#'));
  }

  #[test]
  fn years_roll_over_the_century() {
    let text =
      "History of Supply Center Counts\n---\nPower    1998 '99 '00\nFrance      5   6   7\n";
    let chart = chart(text, None).unwrap();
    assert_eq!(chart.years, ["1998", "1999", "2000"]);
  }

  #[test]
  fn a_request_is_drawn_unadjudicated_and_a_pair_with_results() {
    let request =
      r#"{"phase":"S1901M","units":{"France":["A Par"]},"orders":{"France":["A Par - Bur"]}}"#;
    let pictures = pictures(request, None).unwrap();
    assert_eq!(pictures[0].orders.len(), 1);
    assert_eq!(pictures[0].orders[0].result, None);
    assert!(pictures[0].title.contains("1901"), "{}", pictures[0].title);
    let response = interchange::run(request).unwrap();
    let both = format!("{{\"request\":{request},\"response\":{}}}", response[0]);
    let pictures = super::pictures(&both, None).unwrap();
    assert_eq!(pictures[0].orders[0].result.as_deref(), Some("ok"));
  }

  #[test]
  fn errors_name_the_bad_thing() {
    let bad = pictures(r#"{"phase":"S1901M","units":{"France":["A Xyz"]}}"#, None);
    assert!(bad.unwrap_err().to_string().contains("Xyz"));
    let bad = pictures(r#"{"phase":"S1901M","units":{"Narnia":["A Par"]}}"#, None);
    assert!(bad.unwrap_err().to_string().contains("Narnia"));
    let bad = pictures("{\"phase\":\n}", None).unwrap_err().to_string();
    assert!(bad.contains("line 2"), "{bad}");
    let bad = pictures(r#"{"phase":"S1901M"}"#, Some("nowhere")).unwrap_err().to_string();
    assert!(bad.contains("nowhere"), "{bad}");
    let bad = r#"{"phase":"S1901M","orders":[],"units":{"France":["A Xyz"]},"dislodged":{},"next_phase":"F1901M"}"#;
    let bad = pictures(bad, None).unwrap_err().to_string();
    assert!(bad.contains("Xyz"), "{bad}");
  }

  #[test]
  fn a_response_alone_is_the_board_after_with_the_orders_and_results() {
    let request = r#"{"phase":"S1901M","units":{"France":["A Par","A Mar"],"Germany":["A Mun"]},
      "orders":{"France":["A Par - Bur","A Mar - Bur"],"Germany":["A Mun - Ruh"]}}"#;
    let response = interchange::run(request).unwrap();
    let pictures = pictures(&response[0], None).unwrap();
    let picture = &pictures[0];
    let map = picture.map;
    let at = |abbr: &str| {
      let id = map.province_word(abbr).unwrap();
      picture.position.unit_at(id).map(|u| map.power(u.power).name.clone())
    };
    assert_eq!(at("Ruh").as_deref(), Some("Germany"), "units after the phase");
    assert_eq!(at("Mun"), None);
    assert_eq!(at("Par").as_deref(), Some("France"), "bounced units stay");
    let results: Vec<_> =
      picture.orders.iter().map(|o| (o.text.as_str(), o.result.as_deref())).collect();
    assert_eq!(
      results,
      [
        ("A Par - Bur", Some("bounce")),
        ("A Mar - Bur", Some("bounce")),
        ("A Mun - Ruh", Some("ok"))
      ]
    );
    let on_ancmed = format!("{{\"variant\":\"nowhere\",{}", &response[0][1..]);
    let bad = super::pictures(&on_ancmed, None).unwrap_err().to_string();
    assert!(bad.contains("nowhere"), "{bad}");
  }
}
