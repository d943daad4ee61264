//! `judge draw` as a user runs it: JSON of `judge adjudicate` on stdin,
//! a picture on stdout (or files in `--out DIR`), bad input refused with
//! one line and status 2; `--chart` from a SUMMARY.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
  status: Option<i32>,
  stdout: Vec<u8>,
  stderr: String,
}

fn draw(args: &[&str], input: &str) -> Run {
  let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
    .arg("draw")
    .args(args)
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the judge binary starts");
  let mut stdin = child.stdin.take().expect("stdin");
  stdin.write_all(input.as_bytes()).expect("write stdin");
  drop(stdin);
  let output = child.wait_with_output().expect("the judge finishes");
  Run {
    status: output.status.code(),
    stdout: output.stdout,
    stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
  }
}

fn spring_1901() -> String {
  let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/spring-1901.json");
  std::fs::read_to_string(path).expect("the example request")
}

/// The request and the response `judge adjudicate` gives for it.
fn adjudicated(request: &str) -> String {
  let response = judge::interchange::run(request).expect("a valid request");
  let request: serde_json::Value = serde_json::from_str(request).expect("JSON");
  format!("{{\"request\":{request},\"response\":{}}}", response[0])
}

/// Every value of `attribute` in the document, which must be well formed.
fn marks(svg: &str, attribute: &str) -> Vec<String> {
  let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well formed: {e}"));
  doc.descendants().filter_map(|n| n.attribute(attribute).map(str::to_string)).collect()
}

/// The `data-result` of the order drawn for `order`, if it is drawn.
fn result_of(doc: &roxmltree::Document<'_>, order: &str) -> Option<String> {
  doc
    .descendants()
    .find(|n| n.attribute("data-order") == Some(order))
    .and_then(|n| n.attribute("data-result"))
    .map(str::to_string)
}

fn one_line_error(run: &Run) -> &str {
  assert_eq!(run.status, Some(2), "{}", run.stderr);
  assert!(run.stdout.is_empty(), "no picture on bad input");
  assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
  assert!(run.stderr.starts_with("judge draw: "), "{}", run.stderr);
  &run.stderr
}

#[test]
fn a_request_draws_every_unit_at_its_place() {
  let run = draw(&[], &spring_1901());
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  let mut locations: Vec<String> =
    marks(&svg, "data-location").iter().map(|l| l.to_lowercase()).collect();
  locations.sort();
  let mut expected: Vec<String> = [
    "vie", "bud", "tri", "lon", "edi", "lvp", "par", "mar", "bre", "mun", "ber", "kie", "ven",
    "rom", "nap", "war", "mos", "sev", "stp/sc", "con", "smy", "ank",
  ]
  .iter()
  .map(|s| s.to_string())
  .collect();
  expected.sort();
  assert_eq!(locations, expected);
  // Before adjudication the orders are drawn without results.
  let results = marks(&svg, "data-result");
  assert_eq!(results.len(), 22, "an order each");
  assert!(results.iter().all(String::is_empty), "{results:?}");
}

#[test]
fn the_output_form_draws_each_order_with_its_result() {
  let run = draw(&[], &adjudicated(&spring_1901()));
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  let doc = roxmltree::Document::parse(&svg).expect("well formed");
  let result_of = |order: &str| result_of(&doc, order);
  assert_eq!(result_of("A Vie - Gal").as_deref(), Some("bounce"), "the failed move");
  assert_eq!(result_of("A Par - Bur").as_deref(), Some("ok"));
  assert_eq!(result_of("A Mar S A Par - Bur").as_deref(), Some("ok"));
}

#[test]
fn a_response_alone_draws_the_board_after_with_the_results() {
  let response = judge::interchange::run(&spring_1901()).expect("a valid request");
  let run = draw(&[], &response[0]);
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  let doc = roxmltree::Document::parse(&svg).expect("well formed");
  let result_of = |order: &str| result_of(&doc, order);
  assert_eq!(result_of("A Vie - Gal").as_deref(), Some("bounce"));
  assert_eq!(result_of("A Par - Bur").as_deref(), Some("ok"));
  // The units stand where the phase left them: Paris's army in Burgundy.
  let french: Vec<String> = doc
    .descendants()
    .filter(|n| n.attribute("data-power") == Some("France") && n.has_attribute("data-unit"))
    .filter_map(|n| n.attribute("data-location").map(str::to_string))
    .collect();
  assert!(french.contains(&"Bur".to_string()), "{french:?}");
  assert!(!french.contains(&"Par".to_string()), "{french:?}");
}

#[test]
fn png_gives_a_png() {
  let run = draw(&["--png"], &spring_1901());
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  assert_eq!(&run.stdout[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn json_lines_write_one_file_each_into_the_directory() {
  let request: serde_json::Value = serde_json::from_str(&spring_1901()).expect("JSON");
  let mut fall = request.clone();
  fall["phase"] = "F1901M".into();
  let lines = format!("{request}\n{fall}\n{}\n", adjudicated(&request.to_string()));
  let dir = tempfile::tempdir().expect("a temporary directory");
  let out = dir.path().join("pictures");
  let run = draw(&["--out", out.to_str().expect("UTF-8 path")], &lines);
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  assert!(run.stdout.is_empty());
  let mut names: Vec<String> = std::fs::read_dir(&out)
    .expect("the directory was made")
    .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
    .collect();
  names.sort();
  assert_eq!(names, ["001-S1901M.svg", "002-F1901M.svg", "003-S1901M.svg"]);
  let third = std::fs::read_to_string(out.join("003-S1901M.svg")).expect("the third picture");
  assert!(marks(&third, "data-result").contains(&"bounce".to_string()));

  // Without --out, several pictures have nowhere to go.
  let run = draw(&[], &lines);
  assert!(one_line_error(&run).contains("--out"), "{}", run.stderr);
}

#[test]
fn malformed_json_is_one_line_and_status_two() {
  let run = draw(&[], "{\"phase\": \"S1901M\",\n \"units\": {\"France\": [\"A Par\"}\n}");
  let message = one_line_error(&run);
  assert!(message.contains("line 2"), "says where: {message}");
  let run = draw(&[], "");
  assert!(one_line_error(&run).contains("no input"));
}

#[test]
fn a_bad_location_power_or_variant_is_named() {
  let run = draw(&[], r#"{"phase": "S1901M", "units": {"France": ["A Par", "A Xyz"]}}"#);
  assert!(one_line_error(&run).contains("'A Xyz'"), "{}", run.stderr);
  let run = draw(&[], r#"{"phase": "S1901M", "units": {"Narnia": ["A Par"]}}"#);
  assert!(one_line_error(&run).contains("'Narnia'"), "{}", run.stderr);
  let run = draw(&["--variant", "atlantis"], r#"{"phase": "S1901M"}"#);
  assert!(one_line_error(&run).contains("'atlantis'"), "{}", run.stderr);
  // The value's own variant wins over --variant.
  let run = draw(&["--variant", "atlantis"], r#"{"variant": "standard", "phase": "S1901M"}"#);
  assert_eq!(run.status, Some(0), "{}", run.stderr);
}

const SUMMARY: &[&str] = &[
  "Summary of game 'chartg' through Winter of 1903.",
  "",
  "  Variant:  Standard.",
  "",
  "History of Supply Center Counts",
  "-------------------------------",
  "Power    1900 '01 '02 '03                           Player",
  "Austria     3   4   5   6                           austria Tester",
  "England     3   4   4   5                           england Tester",
  "France      3   5   6   6                           france Tester",
  "Germany     3   5   4   3                           germany Tester",
  "Italy       3   4   4   4                           italy Tester",
  "Russia      4   5   4   4*                          russia Tester",
  "Turkey      3   4   5   6                           turkey Tester",
  "Index:     10  18  18  19",
  "",
  "* = 1 unused build.",
];

#[test]
fn the_chart_has_a_line_per_power_in_its_colour() {
  let run = draw(&["--chart"], &SUMMARY.join("\n"));
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  let doc = roxmltree::Document::parse(&svg).expect("well formed");
  let lines: Vec<_> = doc
    .descendants()
    .filter(|n| n.has_tag_name("polyline") && n.attribute("data-power").is_some())
    .collect();
  let powers: Vec<&str> = lines.iter().filter_map(|n| n.attribute("data-power")).collect();
  assert_eq!(powers, ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]);
  let colors: std::collections::BTreeSet<&str> =
    lines.iter().filter_map(|n| n.attribute("stroke")).collect();
  assert_eq!(colors.len(), 7, "each power in its own colour");
  let points = lines[0].attribute("points").unwrap_or("");
  assert_eq!(points.split_whitespace().count(), 4, "a point per year: {points}");
  assert!(svg.contains("chartg"), "the title names the game");

  let run = draw(&["--chart", "--png"], &SUMMARY.join("\n"));
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  assert_eq!(&run.stdout[..8], b"\x89PNG\r\n\x1a\n");

  let run = draw(&["--chart"], "Summary of game 'x': no turn has been played yet.\n");
  assert!(one_line_error(&run).contains("History of Supply Center Counts"));
}

#[test]
fn the_chart_reads_json_too() {
  let json =
    r#"{"title": "Mine", "years": [1901, 1902], "counts": {"France": [5, 6], "Italy": [4, null]}}"#;
  let run = draw(&["--chart"], json);
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  assert_eq!(marks(&svg, "data-power").iter().filter(|p| *p == "France").count(), 2);
  let run = draw(&["--chart"], r#"{"years": [1901], "counts": {"Narnia": [5]}}"#);
  assert!(one_line_error(&run).contains("'Narnia'"));
}

/// The starting position of `map` as a request, its powers in reverse
/// order, every unit moving to its first neighbour (some get through,
/// some bounce).
fn reversed_request(map: &judge::map::Map) -> (String, usize) {
  use judge::map::UnitType;
  let position = judge::position::Position::initial(map).expect("the first phase");
  let quote = |s: &str| serde_json::Value::from(s).to_string();
  let (mut units, mut orders) = (Vec::new(), Vec::new());
  let mut count = 0;
  for power in map.power_ids().collect::<Vec<_>>().into_iter().rev() {
    let name = quote(&map.power(power).name);
    let (mut mine, mut moves) = (Vec::new(), Vec::new());
    for unit in position.units_of(power) {
      let here = map.location_abbr(unit.location);
      mine.push(quote(&format!("{} {here}", unit.kind.letter())));
      let to = match unit.kind {
        UnitType::Army => {
          map.army_neighbours(unit.location.province).first().map(|&p| map.province(p).abbr.clone())
        }
        UnitType::Fleet | UnitType::Wing => {
          map.fleet_neighbours(unit.location).first().map(|&l| map.location_abbr(l))
        }
      };
      if let Some(to) = to {
        moves.push(quote(&format!("{} {here} - {to}", unit.kind.letter())));
        count += 1;
      }
    }
    units.push(format!("{name}:[{}]", mine.join(",")));
    orders.push(format!("{name}:[{}]", moves.join(",")));
  }
  let request = format!(
    "{{\"variant\":{},\"phase\":{},\"units\":{{{}}},\"orders\":{{{}}}}}",
    quote(map.key()),
    quote(map.first_phase()),
    units.join(","),
    orders.join(",")
  );
  (request, count)
}

#[test]
fn results_follow_their_orders_whatever_order_the_powers_come_in() {
  let mut failures = Vec::new();
  let (mut checked, mut failed_moves) = (0, 0);
  for key in judge::map::Map::builtin_names() {
    let map = judge::map::Map::builtin(key).expect("a built-in map");
    let (request, count) = reversed_request(map);
    if count == 0 {
      continue;
    }
    let response = judge::interchange::run(&request).expect("a valid request");
    let reports: serde_json::Value = serde_json::from_str(&response[0]).expect("JSON");
    // The pair as a user makes it, the request's text unchanged.
    let pair = format!("{{\"request\":{request},\"response\":{}}}", response[0]);
    let run = draw(&[], &pair);
    assert_eq!(run.status, Some(0), "{key}: {}", run.stderr);
    let svg = String::from_utf8(run.stdout).expect("SVG is text");
    let doc = roxmltree::Document::parse(&svg).expect("well formed");
    for report in reports["orders"].as_array().expect("orders") {
      let order = report["order"].as_str().expect("order text");
      let expected = report["result"].as_str().expect("result");
      let drawn = result_of(&doc, order);
      if drawn.is_none() && expected == "invalid" {
        continue; // an order that cannot be read in this phase is not drawn
      }
      checked += 1;
      failed_moves += usize::from(expected != "ok");
      if drawn.as_deref() != Some(expected) {
        failures.push(format!("{key}: '{order}' drawn as {drawn:?}, adjudicated {expected}"));
      }
    }
  }
  assert!(checked > 500 && failed_moves > 50, "{checked} orders, {failed_moves} failed");
  assert!(failures.is_empty(), "{} wrong:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_response_alone_without_owners_claims_no_centre_for_anyone() {
  // Spring 1905: the response gives no owners, and the homes of 1901 are
  // not who owns what by now.
  let request = r#"{"phase":"S1905M","units":{"France":["A Mun","A Par"],"Germany":["A Ber"]},
    "centers":{"France":["Mun","Par","Bre","Mar"],"Germany":["Ber","Kie"]},
    "orders":{"France":["A Mun - Boh","A Par H"],"Germany":["A Ber - Kie"]}}"#;
  let response = judge::interchange::run(request).expect("a valid request");
  let run = draw(&[], &response[0]);
  assert_eq!(run.status, Some(0), "{}", run.stderr);
  let svg = String::from_utf8(run.stdout).expect("SVG is text");
  let doc = roxmltree::Document::parse(&svg).expect("well formed");
  let owned: Vec<(&str, &str)> = doc
    .descendants()
    .filter_map(|n| Some((n.attribute("data-center")?, n.attribute("data-owner")?)))
    .filter(|(_, owner)| !owner.is_empty())
    .collect();
  assert!(owned.is_empty(), "centres drawn as owned: {owned:?}");
  let unknown = doc.descendants().filter(|n| n.attribute("data-owner-unknown") == Some("true"));
  assert_eq!(unknown.count(), 34, "every centre drawn as owner unknown");
  let counts: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("data-centers")).collect();
  assert!(counts.iter().all(|c| c.is_empty()), "the legend counts centres: {counts:?}");
  assert!(svg.contains("owners not given"));

  // After the first turn the map's own owners still hold, and after a
  // Fall the response gives them.
  let response = judge::interchange::run(&spring_1901()).expect("a valid request");
  let svg = String::from_utf8(draw(&[], &response[0]).stdout).expect("SVG is text");
  assert!(marks(&svg, "data-owner").contains(&"France".to_string()));
  let fall = request.replace("S1905M", "F1905M");
  let response = judge::interchange::run(&fall).expect("a valid request");
  let svg = String::from_utf8(draw(&[], &response[0]).stdout).expect("SVG is text");
  let owners = marks(&svg, "data-owner");
  assert!(owners.contains(&"France".to_string()) && owners.contains(&"Germany".to_string()));
}

/// One player's view of a blind game is drawn from the answer `judge
/// adjudicate` gave that viewer; a request naming a viewer is refused, as
/// its board is the whole board.
#[test]
fn a_viewers_picture_comes_from_its_own_answer_and_a_viewers_request_is_refused() {
  let request = spring_1901();
  let trimmed = request.trim_end().trim_end_matches('}');
  let asked = format!(r#"{trimmed}, "viewer": "France", "visibility": ["NJUDGE_BLIND"]}}"#);
  let refused = draw(&[], &asked);
  assert!(one_line_error(&refused).contains("draw the response"), "{}", refused.stderr);
  let answer = judge::interchange::run(&asked).unwrap_or_else(|e| panic!("{e}"));
  let both = format!(
    "{{\"request\":{},\"response\":{}}}",
    serde_json::from_str::<serde_json::Value>(&asked).unwrap_or_else(|e| panic!("{e}")),
    answer[0]
  );
  assert!(one_line_error(&draw(&[], &both)).contains("viewer"));
  let drawn = draw(&[], &answer[0]);
  assert_eq!(drawn.status, Some(0), "{}", drawn.stderr);
  let svg = String::from_utf8_lossy(&drawn.stdout).into_owned();
  let powers = marks(&svg, "data-power");
  assert!(!powers.is_empty() && powers.iter().all(|p| p == "France"), "{powers:?}");
}
