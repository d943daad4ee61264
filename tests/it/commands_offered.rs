//! Every command of the index is carried out, and every command the judge
//! does not carry out is answered "not offered yet" and left out of the
//! index (the rows of `judge::command::KEYWORDS` marked not offered): GET
//! index never offers what the judge would refuse.

use crate::game_support;
use crate::judge_support;

use game_support::{Table, FAST, MASTER};
use judge::command::{index_text, KEYWORDS};
use judge_support::{Judge, Says};

#[test]
fn the_index_offers_exactly_the_commands_the_judge_carries_out() {
  let judge = Judge::with_config(FAST);
  let _table = Table::start(&judge, "ix", "2026-03-02T10:00:00Z");
  let index = index_text();
  for keyword in KEYWORDS {
    let spelling = keyword.spellings[0];
    judge.send_at(
      "2026-03-02T11:00:00Z",
      MASTER,
      "try",
      &format!("SIGN ON Mix masterpw\n{spelling}\n"),
    );
    let refused = judge.take_mail().iter().any(|m| m.body.says("does not offer this command yet"));
    assert_eq!(refused, !keyword.kind.offered(), "{spelling}: refused {refused}");
    let listed = index.lines().any(|l| l.trim_start().starts_with(keyword.usage));
    if !keyword.kind.offered() {
      assert!(!listed, "{spelling} is refused, so the index must not offer it");
    }
  }
  assert!(index.contains("SET WAIT"), "offered commands stay in the index");
}

/// The commands of the manual's alphabetical index (§10), read from the
/// manual itself (`../shared/seeds/`): each cell of its table is a command,
/// stripped of the section number and the typesetting the conversion left
/// (`<u>`, `$\overline{…}$`, stray dots and rules).
fn manual_index() -> Vec<String> {
  let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seeds/njudge-users-manual.txt");
  let manual = std::fs::read_to_string(path).expect("the manual in ../shared/seeds");
  let start = manual.find("10. Alphabetical Index of Commands").expect("the manual's index");
  let mut names = Vec::new();
  for line in manual[start..].lines().skip(1) {
    for cell in line.split('\t') {
      let text = cell.replace("<u>", " ").replace("</u>", " ").replace("\\overline", " ");
      // A section number glued to the name (`GET DEDICATION3.3`).
      let text = match text.trim_end().rsplit_once('.') {
        Some((head, tail)) if !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) => {
          head.trim_end_matches(|c: char| c.is_ascii_digit()).to_string()
        }
        _ => text,
      };
      let text: String = text
        .chars()
        .map(|c| if c.is_ascii_uppercase() || c.is_ascii_digit() || c == '/' { c } else { ' ' })
        .collect();
      let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
      // "text" of the LaTeX markup, and the prose above the table.
      let name = name.trim_start_matches("text ").to_string();
      // Section numbers standing apart (`CREATE 4`, `INFO PLAYER 3 3`).
      let mut words: Vec<&str> = name.split(' ').collect();
      while words.len() > 1 && words.last().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit())) {
        words.pop();
      }
      let name = words.join(" ");
      if name.split(' ').count() <= 4 && name.len() >= 3 && !names.contains(&name) {
        names.push(name);
      }
    }
  }
  names
}

/// Every command the manual's index names is one this judge recognises,
/// whole (a SET of a variant the judge does not play yet is recognised and
/// answered "not offered"): the table is checked against the manual, not
/// against a list kept beside it. The index leaves out the NO of a SET
/// option's other form, so `SET FAKE` stands for SET [NO] FAKE.
#[test]
fn every_command_of_the_manuals_index_is_recognised() {
  let names = manual_index();
  assert!(names.len() > 150, "the index was not read: {names:?}");
  // What the conversion of the manual garbled, and what it is.
  let garbled = [("SET PROVY", "SET PROXY")];
  let mut unknown = Vec::new();
  for name in &names {
    let name = garbled.iter().find(|(g, _)| g == name).map_or(name.as_str(), |(_, n)| n);
    let whole = |name: &str| judge::command::lookup(name).is_some_and(|(_, len)| len == name.len());
    let negated = name.strip_prefix("SET ").map(|rest| format!("SET NO {rest}"));
    if !whole(name) && !negated.is_some_and(|n| whole(&n)) {
      unknown.push(name.to_string());
    }
  }
  assert!(
    unknown.is_empty(),
    "the manual's index names commands the judge does not know: {unknown:?}"
  );
}
