//! SUMMARY and WHOGAME in njudge's layouts (issue 14 §2): a game played
//! through 1901 in which Austria takes neutral Serbia and Italy takes
//! Austria's Trieste (and leaves its build unused), then the summary's
//! sections, the owner of each centre by year, the counts, and WHOGAME's
//! `England in game '…':` headings.

use crate::judge_support;

use crate::game_support;

use game_support::{player, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
const SPRING: &str = "2026-03-02T11:00:00Z";
const FALL: &str = "2026-03-03T11:00:00Z";
const WINTER: &str = "2026-03-04T11:00:00Z";
const ASKED: &str = "2026-03-05T09:00:00Z";

const GAME: &str = "sumwho";
const STRANGER: &str = "stranger@players.test";

/// The game after 1901: Austria took Serbia and lost Trieste to Italy,
/// which waived its build.
fn played_1901(judge: &Judge) -> Table<'_> {
  let table = Table::start(judge, GAME, START);
  table.turn(SPRING).orders(&[("Austria", "A Vie H\nA Bud-Ser\nF Tri-Alb\n")]).processed();
  table
    .turn(FALL)
    .orders(&[
      ("Austria", "A Vie H\nA Ser H\nF Alb H\n"),
      ("Italy", "F Nap H\nA Rom H\nA Ven-Tri\n"),
    ])
    .processed();
  table.turn(WINTER).orders(&[("Italy", "Waive\n")]).only_given().processed();
  table
}

/// The reply to `body` mailed by `from`.
fn ask(judge: &Judge, from: &str, body: &str) -> Sent {
  judge.send_at(ASKED, from, "info", body);
  let mail = judge.take_mail();
  let replies: Vec<&Sent> =
    mail.iter().filter(|m| m.to == from && m.subject.starts_with("Re:")).collect();
  assert_eq!(replies.len(), 1, "one reply to {from}: {:#?}", subjects(&mail));
  replies[0].clone()
}

/// The lines of `text` from the one equal to `heading` on.
fn section<'t>(text: &'t str, heading: &str) -> Vec<&'t str> {
  let lines: Vec<&str> = text.lines().collect();
  let start = lines
    .iter()
    .position(|l| *l == heading)
    .unwrap_or_else(|| panic!("no '{heading}' section in:\n{text}"));
  lines[start..].to_vec()
}

/// The column of the owner letters under the centre `abbr` in the table
/// of owners: the middle letter of its heading.
fn column(table: &[&str], abbr: &str) -> usize {
  table[2..4]
    .iter()
    .find_map(|l| l.find(&format!(" {abbr}")).map(|i| i + 2))
    .unwrap_or_else(|| panic!("no column for {abbr}:\n{}", table.join("\n")))
}

/// The owner letter of centre `abbr` in the row of `year`.
fn owner(table: &[&str], year: &str, abbr: &str) -> char {
  let row = table.iter().find(|l| l.starts_with(year)).unwrap_or_else(|| panic!("no {year} row"));
  row.chars().nth(column(table, abbr)).unwrap_or(' ')
}

/// Every line at most 78 characters wide.
#[track_caller]
fn narrow(text: &str) {
  for line in text.lines() {
    assert!(line.chars().count() <= 78, "a line wider than 78 characters: {line:?}");
  }
}

#[test]
fn summary_has_njudges_sections_and_each_centres_owner_by_year() {
  let judge = Judge::with_config(FAST);
  let _table = played_1901(&judge);
  let reply = ask(&judge, STRANGER, &format!("SUMMARY {GAME}\n"));
  let body = &reply.body;
  eprintln!("{body}");
  narrow(body);
  assert!(body.contains(&format!("Summary of game '{GAME}' through F1901B.\n")), "{body}");

  // The players, each with their registered name and address.
  for (power, _) in POWERS {
    let row = body
      .lines()
      .find(|l| l.starts_with(&format!("  {power}:")))
      .unwrap_or_else(|| panic!("no line for {power}:\n{body}"));
    let name = format!("{} Tester", power.to_lowercase());
    assert!(row.contains(&name) && row.ends_with(&player(power)), "{row}");
    assert_eq!(row.find(&name), Some(17), "the names start in column 17: {row:?}");
  }
  assert!(body.lines().any(|l| l.starts_with("  Master:") && l.ends_with(MASTER)), "{body}");

  // The parameters.
  let parameters = section(body, "Game parameters are/were as follows:");
  for start in [" Move    clock", "  Variant:  Standard.", "    Flags:  NoNMR", "    Press:  "] {
    assert!(parameters.iter().any(|l| l.starts_with(start)), "'{start}':\n{body}");
  }
  for line in ["  Winning Centers: 18.", "  Judge: XXXX."] {
    assert!(parameters.contains(&line), "'{line}':\n{body}");
  }

  // The owner of each centre at the start and at the end of 1901.
  let owners = section(body, "Historical Supply Center Summary");
  assert_eq!(owners[1], "-".repeat("Historical Supply Center Summary".len()));
  assert!(owners[2].starts_with("    Ank Ber"), "{:?}", owners[2]);
  assert!(owners[3].starts_with("Year  Bel Bre"), "{:?}", owners[3]);
  assert!(owners[4].starts_with("1900 T . G F A"), "{:?}", owners[4]);
  assert!(owners[5].starts_with("1901 T . G F A"), "{:?}", owners[5]);
  assert_eq!(owners[4].len(), 4 + 34 * 2, "a letter for each of 34 centres: {:?}", owners[4]);
  assert_eq!((owner(&owners, "1900", "Tri"), owner(&owners, "1901", "Tri")), ('A', 'I'));
  assert_eq!((owner(&owners, "1900", "Ser"), owner(&owners, "1901", "Ser")), ('.', 'A'));
  assert_eq!((owner(&owners, "1900", "Bel"), owner(&owners, "1901", "Bel")), ('.', '.'));
  assert_eq!((owner(&owners, "1900", "Stp"), owner(&owners, "1901", "Stp")), ('R', 'R'));

  // The counts, with Italy's unused build marked.
  let counts = section(body, "History of Supply Center Counts");
  assert_eq!(counts[1], "-".repeat("History of Supply Center Counts".len()));
  assert!(counts[2].starts_with("Power    1900 '01") && counts[2].ends_with("Player"), "{body}");
  assert_eq!(counts[2].find("Player"), Some(52), "{:?}", counts[2]);
  let row = |power: &str| -> String {
    let line = counts.iter().find(|l| l.starts_with(power)).copied().unwrap_or("");
    line.get(..18).unwrap_or(line).to_string()
  };
  assert_eq!(row("Austria"), "Austria     3   3 ");
  assert_eq!(row("Italy"), "Italy       3   4*");
  assert_eq!(row("Russia"), "Russia      4   4 ");
  let austria = counts.iter().find(|l| l.starts_with("Austria")).copied().unwrap_or("");
  assert_eq!(&austria[52..], "austria Tester", "{body}");
  // (6 × 9 + 16) / 7 = 10 at the start; (5 × 9 + 2 × 16) / 7 = 11 after 1901.
  assert!(counts.contains(&"Index:     10  11"), "{body}");
  assert!(counts.contains(&"* = 1 unused build."), "{body}");
}

#[test]
fn summary_of_a_gunboat_game_names_nobody_to_a_stranger() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "gunsum", START, "Standard Gunboat", "");
  table.turn(SPRING).orders(&[]).processed();
  let reply = ask(&judge, STRANGER, "SUMMARY gunsum\n");
  let body = &reply.body;
  narrow(body);
  assert!(body.contains("Summary of game 'gunsum' through S1901M."), "{body}");
  assert!(body.contains("  Variant:  Standard, Gunboat."), "{body}");
  for (power, _) in POWERS {
    assert!(!body.contains(&player(power)), "{power}'s player is named:\n{body}");
    assert!(!body.contains(&format!("{} Tester", power.to_lowercase())), "{body}");
  }
  assert!(body.contains("Historical Supply Center Summary"), "the start row:\n{body}");
}

#[test]
fn whogame_heads_each_member_as_njudge_does() {
  let judge = Judge::with_config(FAST);
  let _table = played_1901(&judge);
  let reply = ask(&judge, STRANGER, &format!("WHOGAME {GAME}\n"));
  let body = &reply.body;
  eprintln!("{body}");
  for (power, _) in POWERS {
    let heading = format!("{power} in game '{GAME}':\n\nWhois {}\n", player(power));
    assert!(body.contains(&heading), "{heading:?} in:\n{body}");
    let name = power.to_lowercase();
    assert!(body.contains(&format!("Name: {name} Tester")), "{body}");
  }
  let master = format!("Master in game '{GAME}':\n\nWhois {MASTER}\n");
  assert!(body.contains(&master), "{body}");
  assert!(!body.contains("The people in game"), "the old heading is gone:\n{body}");
}
