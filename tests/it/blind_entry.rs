//! Orders entered in a Blind game by mail (issue 25): checking them tells
//! nothing of other powers' units (a support of a province with no unit
//! is taken, and fails at adjudication), the echo names a helped unit the
//! player does not see by its province alone, orders for other powers'
//! units tell nothing either, and conditional orders are refused with the
//! reason, changing nothing.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::game_support::START;
use crate::game_support::{Table, POWERS};
use crate::judge_support::Judge;

/// What the judge said under the echo of `line`, up to the next blank line.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The names and adjectives of the powers other than Germany.
fn foreign_words() -> Vec<&'static str> {
  let adjectives = ["Austrian", "English", "French", "Italian", "Russian", "Turkish"];
  POWERS.iter().map(|(p, _)| *p).filter(|p| *p != "Germany").chain(adjectives).collect()
}

/// The game's files as the judge keeps them.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with("games") || path.starts_with("index"));
  files
}

/// Germany's mail of `lines` to `table`, and the reply's body.
fn germany(table: &Table, lines: &str) -> String {
  table.send("Germany", START, lines);
  let mail = table.judge.take_mail();
  table.reply(&mail, "Germany").body.clone()
}

#[test]
fn a_blind_game_takes_help_for_units_not_seen_and_echoes_them_by_province() {
  let judge = Judge::new();
  let table = Table::start_with(&judge, "unseen", START, "Standard Blind", "SET PROXY\n");
  // Burgundy is empty, Paris and Warsaw hold units Germany does not see.
  let body = germany(&table, "A Mun S A Bur\nA Ber S A War - Sil\nF Kie S F Hol\n");
  let accepted = [
    ("A Mun S A Bur", "Accepted: Army Munich SUPPORT the unit in Burgundy."),
    ("A Ber S A War - Sil", "Accepted: Army Berlin SUPPORT the unit in Warsaw -> Silesia."),
    ("F Kie S F Hol", "Accepted: Fleet Kiel SUPPORT the unit in Holland."),
  ];
  for (line, echo) in accepted {
    assert_eq!(answer(&body, line), echo, "{body}");
  }
  // The listing of the orders in says no more.
  assert!(body.contains("Germany: Army Berlin SUPPORT the unit in Warsaw -> Silesia.\n"), "{body}");
  for word in foreign_words() {
    assert!(!body.contains(word), "'{word}' in:\n{body}");
  }
  // A support of a real unit replaces the order, in the same words.
  let body = germany(&table, "A Mun S A Par - Bur\n");
  let said = answer(&body, "A Mun S A Par - Bur");
  assert!(
    said.starts_with("Accepted: Army Munich SUPPORT the unit in Paris -> Burgundy."),
    "{body}"
  );
  assert!(!body.contains("French") && !body.contains("France"), "{body}");

  // An order for a province without a German unit is refused in the same
  // words whether another power's unit is there (Paris) or none
  // (Burgundy), SET PROXY or not.
  let body = germany(&table, "A Par - Pic\nA Bur - Pic\nF Par - Pic\n");
  assert_eq!(answer(&body, "A Par - Pic"), "Error: Germany has no unit in Paris.", "{body}");
  assert_eq!(answer(&body, "F Par - Pic"), "Error: Germany has no unit in Paris.", "{body}");
  assert_eq!(answer(&body, "A Bur - Pic"), "Error: Germany has no unit in Burgundy.", "{body}");
  // Once France hands the army to Germany, Germany may order it.
  table.send("France", START, "A Par P Germany\n");
  table.judge.take_mail();
  let body = germany(&table, "A Par - Pic\n");
  assert_eq!(answer(&body, "A Par - Pic"), "Accepted: Army Paris -> Picardy.", "{body}");
}

#[test]
fn a_game_that_is_not_blind_still_refuses_help_for_a_unit_not_there() {
  let judge = Judge::new();
  let table = Table::start(&judge, "seen", START);
  let body = germany(&table, "A Mun S A Bur\nA Ber S A War - Sil\n");
  assert_eq!(answer(&body, "A Mun S A Bur"), "Error: There is no unit in Burgundy.", "{body}");
  let echo = "Accepted: Army Berlin SUPPORT Russian Army Warsaw -> Silesia.";
  assert_eq!(answer(&body, "A Ber S A War - Sil"), echo, "{body}");
  let body = germany(&table, "A Mun S F Par\nA Par H\n");
  let said = answer(&body, "A Mun S F Par");
  assert_eq!(said, "Error: The unit in Paris is an army, not a fleet.", "{body}");
  assert_eq!(answer(&body, "A Par H"), "Error: The army in Paris belongs to France, not Germany.");
}

#[test]
fn a_blind_game_refuses_conditional_orders_and_keeps_nothing_of_the_block() {
  let judge = Judge::new();
  let table = Table::start_with(&judge, "ifless", START, "Standard Blind", "");
  let before = game_files(&judge);
  let body = germany(
    &table,
    "PHASE Fall 1901 Movement\nA Mun - Ruh\nIF French Army Burgundy\nA Mun - Bur\nENDIF\n",
  );
  let said = answer(&body, "IF French Army Burgundy").replace('\n', " ");
  assert!(said.contains("not allowed in a Blind game"), "{body}");
  assert!(said.contains("other powers' units"), "{body}");
  assert!(said.contains("without the condition"), "{body}");
  assert!(said.contains("Nothing of this PHASE block"), "{body}");
  assert!(!body.contains("kept for Fall 1901 Movement (F1901M).\n"), "{body}");
  assert_eq!(game_files(&judge), before, "nothing changed:\n{body}");

  // Outside a PHASE block the reason is the same.
  let body = germany(&table, "IF Burgundy\nA Mun - Bur\nENDIF\n");
  let said = answer(&body, "IF Burgundy").replace('\n', " ");
  assert!(said.contains("not allowed in a Blind game"), "{body}");
  assert_eq!(game_files(&judge), before, "nothing changed:\n{body}");

  // Orders kept for a later phase without a condition are taken.
  let body = germany(&table, "PHASE Fall 1901 Movement\nA Mun - Bur\n");
  assert!(body.contains("1 order kept for Fall 1901 Movement (F1901M)."), "{body}");
}
