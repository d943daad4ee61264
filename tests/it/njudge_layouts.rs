//! The layouts the hobby's tools parse (issue 14 §2), checked line by line
//! after a played movement turn: HISTORY in the reply, each archived
//! message under njudge's `Date:` and `Subject:` lines (what jDip and the
//! Bitmap Diplomacy Mapper look for), and LIST of a started game with the
//! full `::` header and njudge's status block (what jDip's and
//! Realpolitik's position readers look for).

use crate::judge_support;

use crate::game_support;

use game_support::{holds, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
/// An hour later: the orders go in and S1901M is processed.
const PLAYED: &str = "2026-03-02T11:00:00Z";
/// When the tests ask.
const ASKED: &str = "2026-03-03T09:00:00Z";

const STRANGER: &str = "stranger@players.test";

/// A game `lay` whose Spring 1901 was played: France and Germany move,
/// everyone else holds.
fn played(judge: &Judge) -> Table<'_> {
  let table = Table::start(judge, "lay", START);
  for (power, _) in POWERS {
    let orders = match power {
      "France" => "F Bre H\nA Par-Bur\nA Mar H\n",
      "Germany" => "F Kie-Den\nA Ber H\nA Mun-Ruh\n",
      other => holds(other),
    };
    table.send(power, PLAYED, orders);
  }
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:lay - S1901M Results"),
    "S1901M was not processed: {:#?}",
    subjects(&mail)
  );
  table
}

/// The one mail `body` from `from` makes: the reply.
fn reply(judge: &Judge, from: &str, body: &str) -> Sent {
  judge.send_at(ASKED, from, "info", body);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only a reply: {:#?}", subjects(&mail));
  assert!(mail[0].to == from && mail[0].subject.starts_with("Re:"), "{:#?}", subjects(&mail));
  mail[0].clone()
}

fn lines(text: &str) -> Vec<&str> {
  text.lines().collect()
}

#[track_caller]
fn no_long_lines(text: &str) {
  for line in text.lines() {
    assert!(line.chars().count() <= 78, "a line over 78 characters: '{line}'\n{text}");
  }
}

/// The lines from the first that starts with `start` to the next blank
/// line (or the end).
fn block<'t>(all: &[&'t str], start: &str) -> Vec<&'t str> {
  let from = all
    .iter()
    .position(|l| l.starts_with(start))
    .unwrap_or_else(|| panic!("no line starting '{start}' in:\n{}", all.join("\n")));
  all[from..].iter().take_while(|l| !l.is_empty()).copied().collect()
}

#[test]
fn history_comes_in_the_reply_with_each_message_under_date_and_subject_lines() {
  let judge = Judge::with_config(FAST);
  played(&judge);
  let sent = reply(&judge, STRANGER, "HISTORY lay FROM Jan 1 2000\n");
  let body = &sent.body;
  no_long_lines(body);
  let all = lines(body);
  // The game's header, which jDip needs to import the history at all.
  assert_eq!(all[0], ":: Judge: XXXX  Game: Lay  Variant: Standard", "{body}");
  assert!(all[1].starts_with(":: Deadline: F1901M "), "{body}");
  assert_eq!(all[2], "", "{body}");
  assert_eq!(all[3], "> HISTORY lay FROM Jan 1 2000", "{body}");
  assert_eq!(all[4], "History information for game 'lay' from Sat Jan 01 2000 00:00:00 +0000");
  assert_eq!(all[5], "through Tue Mar 03 2026 09:00:00 +0000:", "{body}");
  assert_eq!(all[6], "", "{body}");
  assert!(all[7].starts_with("Date:    Mon Mar  2 10:00:00 2026 (1772445600)"), "{body}");
  let last = all.iter().rev().find(|l| !l.is_empty()).copied();
  assert_eq!(last, Some("---- History terminated due to end of information."), "{body}");

  // Every archived message: a blank line, `Date:`, `Subject:`, a blank
  // line, and the text without its `::` lines.
  let dates: Vec<usize> = (0..all.len()).filter(|&i| all[i].starts_with("Date:")).collect();
  assert!(dates.len() >= 3, "the sign-ons, the start and the results:\n{body}");
  for &i in &dates {
    assert_eq!(all[i - 1], "", "a blank line before '{}':\n{body}", all[i]);
    let date = &all[i]["Date:    ".len()..];
    assert_eq!(&all[i][..9], "Date:    ", "{body}");
    // `Mon Mar  2 10:00:00 2026 (1772445600)`: a 24-character ctime date
    // and the epoch seconds in brackets.
    let (ctime, epoch) = date.split_at(24);
    assert_eq!(ctime.len(), 24, "{body}");
    assert!(ctime.ends_with(" 2026") && ctime.contains(':'), "'{ctime}'");
    let epoch = epoch.strip_prefix(" (").and_then(|e| e.strip_suffix(')')).unwrap_or("");
    assert!(epoch.parse::<i64>().is_ok(), "epoch seconds in '{}'", all[i]);
    assert!(all[i + 1].starts_with("Subject: XXXX:lay - "), "{body}");
    assert_eq!(all[i + 2], "", "a blank line after the subject:\n{body}");
  }
  assert_eq!(all.iter().filter(|l| l.starts_with("::")).count(), 2, "no '::' lines:\n{body}");

  // The results, as jDip and the Mapper find them.
  let at = all
    .iter()
    .position(|l| *l == "Date:    Mon Mar  2 11:00:00 2026 (1772449200)")
    .unwrap_or_else(|| panic!("the results' date line:\n{body}"));
  let results =
    ["Date:    Mon Mar  2 11:00:00 2026 (1772449200)", "Subject: XXXX:lay - S1901M Results", ""];
  assert_eq!(all[at..at + results.len()], results, "{body}");
  // (One space or two before the phase number: not this test's business.)
  let title = all[at + results.len()].split(" (").next();
  assert_eq!(title, Some("Movement results for Spring of 1901."), "{body}");
  assert!(all[at..].contains(&"France: Army Paris -> Burgundy."), "{body}");
  assert!(!body.contains("========"), "the old framing is gone:\n{body}");
  assert!(!body.contains("on its way"), "{body}");
}

#[test]
fn history_by_phase_has_the_same_framing() {
  let judge = Judge::with_config(FAST);
  played(&judge);
  let sent = reply(&judge, STRANGER, "HISTORY lay EXCLSTART S9999M\n");
  let body = &sent.body;
  no_long_lines(body);
  let all = lines(body);
  let deadline = all.get(1).copied().unwrap_or_default();
  assert!(deadline.starts_with(":: Deadline: F1901M "), "{body}");
  let expected = [
    ":: Judge: XXXX  Game: Lay  Variant: Standard",
    deadline,
    "",
    "> HISTORY lay EXCLSTART S9999M",
    "History information for game 'lay' excluding turn 'S9999M'",
    "to turn 'end of game'.",
    "",
    "Date:    Mon Mar  2 11:00:00 2026 (1772449200)",
    "Subject: XXXX:lay - S1901M Results",
    "",
  ];
  assert_eq!(all[..expected.len()], expected, "{body}");
  let title = all[expected.len()].split(" (").next();
  assert_eq!(title, Some("Movement results for Spring of 1901."), "{body}");
  assert_eq!(all.iter().filter(|l| l.starts_with("Date:")).count(), 1, "results only:\n{body}");
  let last = all.iter().rev().find(|l| !l.is_empty()).copied();
  assert_eq!(last, Some("---- History terminated due to end of information."), "{body}");
}

#[test]
fn list_of_a_started_game_has_the_header_and_njudges_status_block() {
  let judge = Judge::with_config(FAST);
  played(&judge);
  let sent = reply(&judge, STRANGER, "LIST lay\n");
  let body = &sent.body;
  no_long_lines(body);
  let all = lines(body);
  // The reply opens with the game's header (once: not again under the
  // echoed command).
  assert_eq!(all[0], ":: Judge: XXXX  Game: Lay  Variant: Standard", "{body}");
  assert!(all[1].starts_with(":: Deadline: F1901M "), "{body}");
  assert_eq!(all[3], "> LIST lay", "{body}");
  assert_eq!(all.iter().filter(|l| l.starts_with("::")).count(), 2, "{body}");
  assert!(!body.contains("Units and supply centers"), "the old board is gone:\n{body}");

  let status = block(&all, "Status of the ");
  assert_eq!(status, ["Status of the Movement phase for Fall of 1901.  (lay.002)"], "{body}");
  let from = all.iter().position(|l| l.starts_with("Status of the ")).unwrap_or(0);
  // The units power by power, a blank line before each power.
  let mut units: Vec<Vec<&str>> = Vec::new();
  let mut at = from + 1;
  while all.get(at) == Some(&"") && all.get(at + 1).is_some_and(|l| !l.starts_with("Ownership")) {
    let group = block(&all[at + 1..], "");
    at += 1 + group.len();
    units.push(group);
  }
  let expected: [&[&str]; 7] = [
    &["Austria: Army Budapest.", "Austria: Army Vienna.", "Austria: Fleet Trieste."],
    &["England: Army Liverpool.", "England: Fleet Edinburgh.", "England: Fleet London."],
    &["France:  Army Burgundy.", "France:  Army Marseilles.", "France:  Fleet Brest."],
    &["Germany: Army Berlin.", "Germany: Army Ruhr.", "Germany: Fleet Denmark."],
    &["Italy:   Army Rome.", "Italy:   Army Venice.", "Italy:   Fleet Naples."],
    &[
      "Russia:  Army Moscow.",
      "Russia:  Army Warsaw.",
      "Russia:  Fleet Sevastopol.",
      "Russia:  Fleet St Petersburg (south coast).",
    ],
    &["Turkey:  Army Constantinople.", "Turkey:  Army Smyrna.", "Turkey:  Fleet Ankara."],
  ];
  assert_eq!(units.len(), 7, "seven powers' units:\n{body}");
  for (group, want) in units.into_iter().zip(expected) {
    let mut group = group;
    group.sort_unstable();
    assert_eq!(group, want, "{body}");
  }

  let ownership = block(&all[at + 1..], "Ownership of supply centers:");
  assert_eq!(ownership, ["Ownership of supply centers:"], "{body}");
  let centres = block(&all[at + 3..], "");
  let expected = [
    "Austria:   Budapest, Trieste, Vienna.",
    "England:   Edinburgh, London, Liverpool.",
    "France:    Brest, Marseilles, Paris.",
    "Germany:   Berlin, Kiel, Munich.",
    "Italy:     Naples, Rome, Venice.",
    "Russia:    Moscow, Sevastopol, St Petersburg, Warsaw.",
    "Turkey:    Ankara, Constantinople, Smyrna.",
    "Unowned:   Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,",
    "           Rumania, Serbia, Spain, Sweden, Tunis.",
  ];
  assert_eq!(centres, expected, "{body}");
}

#[test]
fn list_in_a_retreat_phase_names_the_phase_and_where_the_dislodged_may_go() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "ret", START);
  let turn = |now: &str, austria: &str| {
    for (power, _) in POWERS {
      let orders = if power == "Austria" { austria } else { holds(power) };
      let orders = if power == "Italy" { "F Nap H\nA Rom H\nA Ven H\n" } else { orders };
      table.send(power, now, orders);
    }
    let mail = judge.take_mail();
    assert!(mail.iter().any(|m| m.subject.ends_with(" Results")), "{:#?}", subjects(&mail));
  };
  turn(PLAYED, "A Vie-Tyr\nA Bud H\nF Tri H\n");
  turn(PLAYED, "A Tyr-Ven\nA Bud H\nF Tri S A Tyr-Ven\n");
  let sent = reply(&judge, STRANGER, "LIST ret\n");
  let body = &sent.body;
  no_long_lines(body);
  let all = lines(body);
  let status = block(&all, "Status of the ");
  assert_eq!(status, ["Status of the Retreat phase for Fall of 1901.  (ret.003)"], "{body}");
  let units = block(&all, "Austria: ");
  assert!(units.contains(&"Austria: Army Venice."), "the attacker moved in:\n{body}");
  let dislodged = block(&all, "The following units were dislodged:");
  assert_eq!(dislodged.len(), 1, "{body}");
  let retreats = block(&all, "Italy:     Army Venice");
  assert_eq!(
    retreats,
    ["Italy:     Army Venice can retreat to Apulia or Piedmont or Tuscany."],
    "{body}"
  );
}

/// Every reply about one game opens with that game's `::` lines, signed on
/// or not (issue 22 §1): jDip refuses a history whose first `::` line does
/// not name the judge, the game and the variant, and mail filters sort on
/// them. A reply about no game keeps the judge's line alone.
#[test]
fn every_reply_about_one_game_names_it_in_the_header() {
  let judge = Judge::with_config(FAST);
  played(&judge);
  for command in ["HISTORY lay", "LIST lay", "SUMMARY lay", "WHOGAME lay", "MAP lay"] {
    let sent = reply(&judge, STRANGER, &format!("{command}\n"));
    let all = lines(&sent.body);
    assert_eq!(all[0], ":: Judge: XXXX  Game: Lay  Variant: Standard", "{command}:\n{}", sent.body);
    assert!(all[1].starts_with(":: Deadline: F1901M "), "{command}:\n{}", sent.body);
    assert_eq!(all[2], "", "{command}:\n{}", sent.body);
  }
  // A message about no game in particular.
  let sent = reply(&judge, STRANGER, "LIST\n");
  assert_eq!(lines(&sent.body)[..2], [":: Judge: XXXX", ""], "{}", sent.body);
  // About the first game named, when a message names two.
  table_two(&judge);
  let sent = reply(&judge, STRANGER, "LIST two\nHISTORY lay\n");
  assert_eq!(lines(&sent.body)[0], ":: Judge: XXXX  Game: Two  Variant: Standard", "{}", sent.body);
}

/// A second started game, `two`.
fn table_two(judge: &Judge) {
  Table::start(judge, "two", START);
  judge.take_mail();
}
