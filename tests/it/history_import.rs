//! An importer's test of a played year's HISTORY (issue 14 §2, issue 22
//! §1). jDip, the hobby's desktop program, imports a judge game from the
//! HISTORY text alone; it cannot run here, so this test carries a small
//! njudge-format reader of its own, as strict as jDip
//! (`/work/shared/notes/njudge-output-layouts.md`):
//! - the first `::` line must match jDip's header pattern
//!   `judge\W*(\S*)\W*game\W*(\S*)\W*variant\W*(\S*)` (case-insensitive),
//!   else jDip stops with "Missing :: Judge: line in input file";
//! - it splits HISTORY into messages at each `Date:` line followed by a
//!   `Subject:` line, finds the `Movement results for …`, `Retreat results
//!   for …` and `Adjustment results for …` blocks, and reads one order a
//!   line: a line of a block that is not `Power: order` (an order wrapped
//!   onto a second line) fails the import, as it fails jDip's;
//! - it reads the orders, retreats and adjustments in njudge's words.
//!
//! From the standard opening it applies each phase (moves without a failure
//! note, dislodgements, retreats, disbands, builds, removals) and checks the
//! rebuilt positions against the status blocks of the judge's LIST in Fall
//! 1901 and Spring 1902. The played year holds an order line longer than 78
//! columns. Any line in a block it cannot read fails the test.

use crate::judge_support;

use crate::game_support;

use crate::year;

use std::collections::BTreeSet;

use game_support::{FAST, POWERS};
use judge_support::Judge;

/// A unit: its power, `Army` or `Fleet`, and its place as njudge names it
/// (`St Petersburg (south coast)`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Unit {
  power: String,
  kind: String,
  place: String,
}

/// The units on the board.
type Position = BTreeSet<Unit>;

/// The standard opening, in njudge's names.
const OPENING: [(&str, &str, &str); 22] = [
  ("Austria", "Army", "Vienna"),
  ("Austria", "Army", "Budapest"),
  ("Austria", "Fleet", "Trieste"),
  ("England", "Fleet", "London"),
  ("England", "Fleet", "Edinburgh"),
  ("England", "Army", "Liverpool"),
  ("France", "Army", "Paris"),
  ("France", "Army", "Marseilles"),
  ("France", "Fleet", "Brest"),
  ("Germany", "Army", "Berlin"),
  ("Germany", "Army", "Munich"),
  ("Germany", "Fleet", "Kiel"),
  ("Italy", "Army", "Rome"),
  ("Italy", "Army", "Venice"),
  ("Italy", "Fleet", "Naples"),
  ("Russia", "Army", "Moscow"),
  ("Russia", "Army", "Warsaw"),
  ("Russia", "Fleet", "Sevastopol"),
  ("Russia", "Fleet", "St Petersburg (south coast)"),
  ("Turkey", "Army", "Constantinople"),
  ("Turkey", "Army", "Smyrna"),
  ("Turkey", "Fleet", "Ankara"),
];

/// The adjectives of the dislodged list (`The German Army in Munich …`).
const ADJECTIVES: [(&str, &str); 7] = [
  ("Austrian", "Austria"),
  ("English", "England"),
  ("French", "France"),
  ("German", "Germany"),
  ("Italian", "Italy"),
  ("Russian", "Russia"),
  ("Turkish", "Turkey"),
];

fn opening() -> Position {
  OPENING.iter().map(|&(power, kind, place)| unit(power, kind, place)).collect()
}

fn unit(power: &str, kind: &str, place: &str) -> Unit {
  Unit { power: power.into(), kind: kind.into(), place: place.into() }
}

/// A place's province (the place without its coast).
fn province(place: &str) -> &str {
  place.split(" (").next().unwrap_or(place)
}

/// One archived message of HISTORY.
#[derive(Debug)]
struct Message {
  subject: String,
  lines: Vec<String>,
}

/// The messages of a HISTORY: each starts at a `Date:` line followed by a
/// `Subject:` line.
fn messages(history: &str) -> Vec<Message> {
  let lines: Vec<&str> = history.lines().collect();
  let mut found: Vec<Message> = Vec::new();
  let mut i = 0;
  while i < lines.len() {
    let subject = lines.get(i + 1).and_then(|l| l.strip_prefix("Subject:"));
    if let (true, Some(subject)) = (lines[i].starts_with("Date:"), subject) {
      found.push(Message { subject: subject.trim().into(), lines: Vec::new() });
      i += 2;
      continue;
    }
    if let Some(message) = found.last_mut() {
      message.lines.push(lines[i].to_string());
    }
    i += 1;
  }
  found
}

/// The `Power: text` lines from `lines[start..]`, up to the first other
/// line that is not blank. `text` is trimmed (njudge pads the power's
/// name). One order is one line: a continuation (an order wrapped onto an
/// indented second line) is an error, as it is to jDip.
fn power_lines(lines: &[String], start: usize) -> Result<Vec<(String, String)>, String> {
  let mut found: Vec<(String, String)> = Vec::new();
  for line in &lines[start..] {
    if line.trim().is_empty() {
      continue;
    }
    if line.starts_with(' ') {
      let before = found.last().map(|(p, t)| format!("{p}: {t}")).unwrap_or_default();
      return Err(format!("an order split over two lines: '{before}' / '{line}'"));
    }
    match line.split_once(':') {
      Some((power, text))
        if !power.is_empty() && power.chars().all(|c| c.is_ascii_alphabetic()) =>
      {
        found.push((power.to_string(), text.trim().to_string()));
      }
      _ => break,
    }
  }
  Ok(found)
}

/// jDip's test of a history's first `::` line (`JudgeParser`): the judge's
/// code, the game and the variant, or why it refuses the file.
fn header(history: &str) -> Result<(String, String, String), String> {
  let first = history
    .lines()
    .find(|l| l.starts_with("::"))
    .ok_or("Missing :: Judge: line in input file (no :: line at all)")?;
  let pattern = regex::RegexBuilder::new(r"judge\W*(\S*)\W*game\W*(\S*)\W*variant\W*(\S*)")
    .case_insensitive(true)
    .build()
    .expect("the pattern");
  let found = pattern
    .captures(first)
    .ok_or_else(|| format!("Missing :: Judge: line in input file ('{first}')"))?;
  Ok((found[1].to_string(), found[2].to_string(), found[3].to_string()))
}

/// A results block: `Movement`, `Retreat` or `Adjustment`, its season and
/// year, the subject of its message, and its lines by power.
#[derive(Debug)]
struct Block {
  kind: String,
  season: String,
  year: u32,
  subject: String,
  lines: Vec<(String, String)>,
  /// The movement message's `The following units were dislodged:` list.
  dislodged: Vec<Unit>,
}

/// The results blocks of the messages, in order, or the first line the
/// reader cannot take.
fn blocks(messages: &[Message]) -> Result<Vec<Block>, String> {
  let mut found = Vec::new();
  for message in messages {
    for (i, line) in message.lines.iter().enumerate() {
      let Some((kind, when)) = ["Movement", "Retreat", "Adjustment"]
        .into_iter()
        .find_map(|k| line.strip_prefix(&format!("{k} results for ")).map(|w| (k, w)))
      else {
        continue;
      };
      let (season, rest) = when.split_once(" of ").unwrap_or_else(|| panic!("a season: {line}"));
      let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
      let year = digits.parse().unwrap_or_else(|_| panic!("a year: {line}"));
      found.push(Block {
        kind: kind.into(),
        season: season.into(),
        year,
        subject: message.subject.clone(),
        lines: power_lines(&message.lines, i + 1)?,
        dislodged: dislodged_list(&message.lines),
      });
    }
  }
  Ok(found)
}

/// The units of a message's `The following units were dislodged:` list
/// (`The German Army in Munich can retreat to Bohemia or Ruhr.`).
fn dislodged_list(lines: &[String]) -> Vec<Unit> {
  let Some(start) = lines.iter().position(|l| l == "The following units were dislodged:") else {
    return Vec::new();
  };
  let mut found = Vec::new();
  for line in &lines[start + 1..] {
    if line.trim().is_empty() || line.starts_with(' ') {
      continue;
    }
    let Some(rest) = line.strip_prefix("The ") else { break };
    let Some((adjective, rest)) = rest.split_once(' ') else { break };
    let Some(&(_, power)) = ADJECTIVES.iter().find(|(a, _)| *a == adjective) else { break };
    let (kind, rest) = rest.split_once(" in ").unwrap_or_else(|| panic!("a unit: {line}"));
    let place = rest.split(" can retreat to ").next().unwrap_or(rest);
    let place = place.trim_end_matches('.').trim_end_matches(" cannot retreat");
    found.push(unit(power, kind, place));
  }
  found
}

/// An order's text without its final `.` and its notes (`(*bounce*)`,
/// `(*cut*)`, `(*dislodged*)`, `(*void*)`, `(*no convoy*)` …).
fn notes(text: &str) -> (&str, Vec<String>) {
  let (order, notes) = match text.find(" (*") {
    Some(i) => {
      let inside = text[i + 3..].trim_end().trim_end_matches("*)");
      (&text[..i], inside.split(',').map(|n| n.trim().to_string()).collect())
    }
    None => (text, Vec::new()),
  };
  (order.trim_end().trim_end_matches('.'), notes)
}

/// `Army Vienna` (or `Army  Munich`): the type and the place.
fn kind_place(text: &str) -> (String, String) {
  let (kind, place) = text.split_once(' ').unwrap_or_else(|| panic!("a unit: {text}"));
  assert!(kind == "Army" || kind == "Fleet", "a unit: {text}");
  (kind.to_string(), place.trim().to_string())
}

/// Takes `power`'s `kind` in `place`'s province out of `units`.
fn take(units: &mut Position, power: &str, kind: &str, place: &str) -> Unit {
  let found = units
    .iter()
    .find(|u| u.power == power && u.kind == kind && province(&u.place) == province(place))
    .cloned()
    .unwrap_or_else(|| panic!("no {power} {kind} in {place} among {units:#?}"));
  units.remove(&found);
  found
}

/// Puts `unit` on the board, in a province nobody holds.
fn put(units: &mut Position, unit: Unit) {
  let taken = units.iter().any(|u| province(&u.place) == province(&unit.place));
  assert!(!taken, "two units in {}: {units:#?}", unit.place);
  units.insert(unit);
}

/// Applies a movement block: units that move without a note move, units
/// noted `dislodged` leave the board; the board and the dislodged.
fn movement(before: &Position, block: &Block) -> (Position, Vec<Unit>) {
  let mut waiting = before.clone();
  let mut moved: Vec<Unit> = Vec::new();
  let mut dislodged = Vec::new();
  for (power, text) in &block.lines {
    let (order, notes) = notes(text);
    let (unit, to) = if let Some((unit, _)) = order.split_once(" SUPPORT ") {
      (unit, None)
    } else if let Some((unit, _)) = order.split_once(" CONVOY ") {
      (unit, None)
    } else if let Some(unit) = order.strip_suffix(" HOLD") {
      (unit, None)
    } else if order.contains(" -> ") {
      let route: Vec<&str> = order.split(" -> ").collect();
      (route[0], route.last().copied())
    } else {
      panic!("an order the reader cannot read: {power}: {text}");
    };
    let (kind, place) = kind_place(unit);
    let mut unit = take(&mut waiting, power, &kind, &place);
    if notes.iter().any(|n| n == "dislodged") {
      dislodged.push(unit);
      continue;
    }
    if let (Some(to), true) = (to, notes.is_empty()) {
      unit.place = to.to_string();
    }
    moved.push(unit);
  }
  // Units without an order stay where they are.
  let mut after = Position::new();
  for unit in waiting.into_iter().chain(moved) {
    put(&mut after, unit);
  }
  (after, dislodged)
}

/// Applies a retreat block: retreats move onto the board, disbands (and
/// failed retreats) leave; dislodged units without a line are disbanded.
fn retreat(board: &mut Position, dislodged: &[Unit], block: &Block) {
  let mut waiting: Position = dislodged.iter().cloned().collect();
  for (power, text) in &block.lines {
    let (order, notes) = notes(text);
    if let Some(unit) = order.strip_suffix(" DISBAND") {
      let (kind, place) = kind_place(unit);
      take(&mut waiting, power, &kind, &place);
    } else if let Some((unit, to)) = order.split_once(" -> ") {
      let (kind, place) = kind_place(unit);
      let mut unit = take(&mut waiting, power, &kind, &place);
      if notes.is_empty() {
        unit.place = to.to_string();
        put(board, unit);
      }
    } else {
      panic!("a retreat the reader cannot read: {power}: {text}");
    }
  }
}

/// Applies an adjustment block: builds, removals and waives.
fn adjust(board: &mut Position, block: &Block) {
  for (power, text) in &block.lines {
    let (order, _) = notes(text);
    if order == "Build waived" {
      continue;
    }
    if let Some(rest) = order.strip_prefix("Builds ") {
      let (kind, place) = if let Some(place) = rest.strip_prefix("an army in ") {
        ("Army", place)
      } else if let Some(place) = rest.strip_prefix("a fleet in ") {
        ("Fleet", place)
      } else {
        panic!("a build the reader cannot read: {power}: {text}");
      };
      let place = place.strip_prefix("the ").unwrap_or(place);
      put(board, unit(power, kind, place));
    } else if let Some(rest) = order.strip_prefix("Removes the ") {
      let (kind, place) = if let Some(place) = rest.strip_prefix("army in ") {
        ("Army", place)
      } else if let Some(place) = rest.strip_prefix("fleet in ") {
        ("Fleet", place)
      } else {
        panic!("a removal the reader cannot read: {power}: {text}");
      };
      let place = place.strip_prefix("the ").unwrap_or(place);
      take(board, power, kind, place);
    } else {
      panic!("an adjustment the reader cannot read: {power}: {text}");
    }
  }
}

/// The units of a status block (`Status of the Movement phase for Fall of
/// 1901.`, as jDip's position reader and Realpolitik find it) in a LIST.
fn status(listing: &str, season: &str, year: u32) -> Position {
  let header = format!("Status of the Movement phase for {season} of {year}.");
  let lines: Vec<String> = listing.lines().map(String::from).collect();
  let start = lines
    .iter()
    .position(|l| l.starts_with(&header))
    .unwrap_or_else(|| panic!("'{header}' in the listing:\n{listing}"));
  power_lines(&lines, start + 1)
    .unwrap_or_else(|e| panic!("{e}"))
    .into_iter()
    .map(|(power, text)| {
      let (kind, place) = kind_place(text.trim_end_matches('.'));
      Unit { power, kind, place }
    })
    .collect()
}

/// The number of order lines in mailed `orders`.
fn mailed(orders: &str) -> usize {
  orders.lines().filter(|l| !l.trim().is_empty()).count()
}

/// The number of lines each power has in `block`.
fn per_power(block: &Block, power: &str) -> usize {
  block.lines.iter().filter(|(p, _)| p == power).count()
}

#[test]
fn a_played_years_history_imports_to_the_judges_board() {
  let judge = Judge::with_config(FAST);
  let mut fall_listing = String::new();
  let table = year::play(&judge, |table, phase| {
    if phase == "S1901M" {
      judge.take_mail();
      fall_listing = table.listing(year::SPRING);
    }
  });
  let history = year::history(&judge);
  let spring_listing = table.listing(year::ASKED);

  // jDip's first test: the header names the judge, the game and the
  // variant.
  let (code, game, variant) = header(&history).unwrap_or_else(|e| panic!("{e}:\n{history}"));
  assert_eq!(code, "XXXX", "the judge's code in the header");
  assert!(game.eq_ignore_ascii_case(year::GAME), "the game in the header: {game}");
  assert_eq!(variant, "Standard", "the variant in the header");

  let messages = messages(&history);
  let blocks = blocks(&messages).unwrap_or_else(|e| panic!("{e}:\n{history}"));
  let found: Vec<(&str, &str, u32, &str)> = blocks
    .iter()
    .map(|b| (b.kind.as_str(), b.season.as_str(), b.year, b.subject.as_str()))
    .collect();
  assert_eq!(
    found,
    [
      ("Movement", "Spring", 1901, "XXXX:year - S1901M Results"),
      ("Movement", "Fall", 1901, "XXXX:year - F1901M Results"),
      ("Retreat", "Fall", 1901, "XXXX:year - F1901R Results"),
      ("Adjustment", "Winter", 1901, "XXXX:year - F1901B Results"),
    ],
    "the results blocks in HISTORY:\n{history}"
  );
  let [s1901m, f1901m, f1901r, w1901a] = &blocks[..] else { unreachable!() };
  // France's support of an English move not made: longer than 78 columns,
  // and one line.
  let (_, long) = f1901m
    .lines
    .iter()
    .find(|(power, text)| power == "France" && text.contains(" SUPPORT "))
    .unwrap_or_else(|| panic!("France's support in {f1901m:#?}"));
  assert_eq!(
    long,
    "Fleet Mid-Atlantic Ocean SUPPORT English Fleet Norwegian Sea -> North Atlantic Ocean. (*void*)"
  );
  assert!(history.lines().any(|l| l.starts_with("France: ") && l.ends_with(long.as_str())));

  // The opening the game announced is the standard one.
  let starting = messages
    .iter()
    .find(|m| m.subject.ends_with("Game Starting"))
    .expect("the Game Starting message");
  let at = starting
    .lines
    .iter()
    .position(|l| l.starts_with("Starting position for Spring of 1901."))
    .expect("the starting position");
  let announced: Position = power_lines(&starting.lines, at + 1)
    .unwrap_or_else(|e| panic!("{e}"))
    .into_iter()
    .map(|(power, text)| {
      let (kind, place) = kind_place(text.trim_end_matches('.'));
      Unit { power, kind, place }
    })
    .collect();
  assert_eq!(announced, opening(), "the starting position in HISTORY");

  // Every unit is ordered once in each movement block, each power with
  // as many lines as it mailed orders.
  for (block, orders) in [(s1901m, year::spring as fn(&str) -> &'static str), (f1901m, year::fall)]
  {
    assert_eq!(block.lines.len(), 22, "orders in {block:#?}");
    for (power, _) in POWERS {
      assert_eq!(per_power(block, power), mailed(orders(power)), "{power}'s orders in {block:#?}");
    }
  }
  for (block, orders) in [(f1901r, &year::RETREATS[..]), (w1901a, &year::ADJUSTMENTS[..])] {
    let want: usize = orders.iter().map(|(_, o)| mailed(o)).sum();
    assert_eq!(block.lines.len(), want, "lines in {block:#?}");
    for (power, o) in orders {
      assert_eq!(per_power(block, power), mailed(o), "{power}'s lines in {block:#?}");
    }
  }

  // Spring 1901: the position LIST gives at Fall 1901, live and golden.
  let (board, dislodged) = movement(&opening(), s1901m);
  assert!(dislodged.is_empty(), "nothing dislodged in Spring: {dislodged:#?}");
  assert_eq!(board, status(&fall_listing, "Fall", 1901), "Fall 1901:\n{fall_listing}");
  let golden = std::fs::read_to_string(
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts/list-f1901m.txt"),
  )
  .expect("the golden LIST");
  assert_eq!(board, status(&golden, "Fall", 1901), "list-f1901m.txt");
  assert_eq!(board.len(), 22);

  // Fall 1901: two dislodged, named the same in the dislodged list.
  let (mut board, dislodged) = movement(&board, f1901m);
  let want = [unit("Germany", "Army", "Munich"), unit("Russia", "Fleet", "Rumania")];
  assert_eq!(dislodged, want, "the units noted (*dislodged*)");
  assert_eq!(f1901m.dislodged, want, "the dislodged list");
  assert!(board.contains(&unit("England", "Army", "Norway")), "the convoy: {board:#?}");
  assert!(board.contains(&unit("France", "Army", "Munich")), "the attack: {board:#?}");
  assert!(board.contains(&unit("Russia", "Army", "Silesia")), "the bounce: {board:#?}");

  // The retreats and the adjustments: the board in Spring 1902.
  retreat(&mut board, &dislodged, f1901r);
  assert!(board.contains(&unit("Germany", "Army", "Ruhr")), "the retreat: {board:#?}");
  adjust(&mut board, w1901a);
  assert!(board.contains(&unit("Russia", "Fleet", "St Petersburg (south coast)")));
  assert!(!board.iter().any(|u| u.place == "Ruhr"), "the removal: {board:#?}");
  assert_eq!(board.len(), 25, "22 units, 1 disbanded, 5 built, 1 removed: {board:#?}");
  assert_eq!(board, status(&spring_listing, "Spring", 1902), "Spring 1902:\n{spring_listing}");
}

/// The reader on njudge's words the played year does not use: a failed
/// convoyed move, a bounce, a long order, and a removal `in the` sea.
#[test]
fn the_reader_reads_long_lines_and_failures() {
  let history = "\
Date:    Mon Mar  9 12:00:00 2026 (1773057600)
Subject: XXXX:demo - F1902M Results

Movement results for Fall of 1902. (demo.006)

England: Fleet North Sea CONVOY Army Yorkshire -> Norway. (*dislodged*)
England: Army Yorkshire -> North Sea -> Norway. (*no convoy*)

France: Army Ruhr -> Munich. (*bounce*)

Germany: Fleet Denmark SUPPORT Fleet Helgoland Bight -> North Sea.
Germany: Fleet Helgoland Bight -> North Sea.
Germany: Army Munich HOLD.

Date:    Mon Mar  9 13:00:00 2026 (1773061200)
Subject: XXXX:demo - F1902B Results

Adjustment results for Winter of 1902.  (demo.008)

England:                  Removes the army in Yorkshire.
Germany:                  Removes the fleet in the North Sea.
Germany:                  Builds a fleet in St Petersburg (north coast).
";
  let blocks = blocks(&messages(history)).expect("the blocks read");
  assert_eq!(blocks.len(), 2, "{blocks:#?}");
  assert_eq!(blocks[0].lines.len(), 6, "{:#?}", blocks[0]);
  let before: Position = [
    unit("England", "Fleet", "North Sea"),
    unit("England", "Army", "Yorkshire"),
    unit("France", "Army", "Ruhr"),
    unit("Germany", "Fleet", "Denmark"),
    unit("Germany", "Fleet", "Helgoland Bight"),
    unit("Germany", "Army", "Munich"),
  ]
  .into_iter()
  .collect();
  let (mut board, dislodged) = movement(&before, &blocks[0]);
  assert_eq!(dislodged, [unit("England", "Fleet", "North Sea")]);
  let want: Position = [
    unit("England", "Army", "Yorkshire"),
    unit("France", "Army", "Ruhr"),
    unit("Germany", "Fleet", "Denmark"),
    unit("Germany", "Fleet", "North Sea"),
    unit("Germany", "Army", "Munich"),
  ]
  .into_iter()
  .collect();
  assert_eq!(board, want);
  adjust(&mut board, &blocks[1]);
  let want: Position = [
    unit("France", "Army", "Ruhr"),
    unit("Germany", "Fleet", "Denmark"),
    unit("Germany", "Fleet", "St Petersburg (north coast)"),
    unit("Germany", "Army", "Munich"),
  ]
  .into_iter()
  .collect();
  assert_eq!(board, want);
}

/// The reader is as strict as jDip: an order wrapped onto a second line,
/// and a history whose first `::` line does not name the game and the
/// variant, are refused (the judge's HISTORY had both until issue 22).
#[test]
fn the_reader_refuses_what_jdip_refuses() {
  let wrapped = "\
:: Judge: XXXX  Game: demo  Variant: Standard

Date:    Mon Mar  9 12:00:00 2026 (1773057600)
Subject: XXXX:demo - F1902M Results

Movement results for Fall of 1902. (demo.006)

Italy: Army Venice SUPPORT Austrian Army Tyrolia -> Piedmont. (*void,
        dislodged*)
";
  assert_eq!(header(wrapped), Ok(("XXXX".into(), "demo".into(), "Standard".into())));
  let refused = blocks(&messages(wrapped)).expect_err("a wrapped order is refused");
  assert!(refused.contains("split over two lines"), "{refused}");
  let one_line = wrapped.replace(" (*void,\n        dislodged*)", " (*void, dislodged*)");
  let read = blocks(&messages(&one_line)).expect("one line an order reads");
  assert_eq!(read[0].lines.len(), 1);
  assert_eq!(notes(&read[0].lines[0].1).1, ["void", "dislodged"]);

  let bare = wrapped.replace("  Game: demo  Variant: Standard", "");
  let refused = header(&bare).expect_err("a header without game and variant");
  assert!(refused.starts_with("Missing :: Judge: line"), "{refused}");
}
