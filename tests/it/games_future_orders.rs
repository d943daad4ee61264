//! Transcripts of orders for later phases (manual §6.3): PHASE blocks kept
//! and entered when their phase begins, the power then counting as in;
//! conditional orders (IF / ELSE IF / ELSE / ENDIF, nested) decided by the
//! board at the start of the phase; SET WAIT carried to the phase; CLEAR;
//! errors found at entry mailed to the player; a phase the game never has
//! dropped with a note; and bad input refused with no change.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use chrono::{DateTime, Duration, Utc};
use game_support::{holds, Table, FAST, MASTER};
use judge_support::{Judge, Says, Sent};

use crate::game_support::START;

/// `START` plus `hours`, as `--now` takes it.
fn at(hours: i64) -> String {
  let start: DateTime<Utc> = START.parse().expect("a time");
  (start + Duration::hours(hours)).to_rfc3339()
}

/// What the judge said under the echo of `line`, up to the next blank line.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The results mail the Master got among `mail`, if any.
fn results_in(mail: &[Sent]) -> Option<&Sent> {
  mail.iter().find(|m| m.to == MASTER && m.subject.ends_with(" Results"))
}

/// The `Pending Orders` mail among `mail`, and who got it.
fn pending_in(mail: &[Sent]) -> Vec<&Sent> {
  mail.iter().filter(|m| m.subject.ends_with(" Pending Orders")).collect()
}

/// Results with each run of spaces folded into one.
fn fold(text: &str) -> String {
  text
    .lines()
    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The games and the index of games, as the judge keeps them on disk.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with("games") || path.starts_with("index"));
  files
}

/// The deadline a reply's `:: Deadline: S1901M …` line shows.
fn deadline_of(reply: &Sent) -> DateTime<Utc> {
  let line = reply
    .body
    .lines()
    .find_map(|l| l.strip_prefix(":: Deadline: "))
    .unwrap_or_else(|| panic!("no deadline line in:\n{}", reply.body));
  let (_, date) = line.split_once(' ').expect("a phase, then a date");
  DateTime::parse_from_str(date.trim(), "%a %b %d %Y %H:%M:%S %z")
    .unwrap_or_else(|e| panic!("'{date}' is not a deadline: {e}"))
    .with_timezone(&Utc)
}

#[test]
fn orders_kept_with_phase_are_entered_when_it_begins_and_count_as_in() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "later", &at(0));

  // Spring orders first; everything after PHASE is for the Fall. The
  // Fall block leaves Marseilles without an order and orders a unit that
  // will have moved away.
  table.send(
    "France",
    &at(1),
    "F Bre - Mao\nA Par - Bur\nA Mar H\nPhase Fall 1901 Movement\nA Bur - Bel\nF Mao - Spa/nc\nA Par - Pic\n",
  );
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(!reply.subject.contains("[Error Flag]"), "{}", reply.subject);
  let said = answer(&reply.body, "Phase Fall 1901 Movement");
  assert!(said.contains("kept for Fall 1901 Movement (F1901M)"), "{said}");
  assert_eq!(answer(&reply.body, "A Bur - Bel"), "Noted for F1901M.");
  assert!(reply.body.contains("3 orders kept for Fall 1901 Movement"), "{}", reply.body);
  assert!(
    reply.body.contains("Orders for France, Movement phase of Spring 1901"),
    "{}",
    reply.body
  );
  assert!(reply.body.contains("France: Army Paris -> Burgundy."), "{}", reply.body);
  let listed = &reply.body[reply.body.find("Orders kept for later phases").expect("a listing")..];
  assert!(listed.contains("For Fall 1901 Movement (F1901M):\n  A Bur - Bel\n"), "{listed}");

  // A later mail for the current phase lists the kept orders again.
  table.send("France", &at(2), "A Mar - Spa\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(reply.body.contains("Orders kept for later phases"), "{}", reply.body);
  assert!(reply.body.contains("  F Mao - Spa/nc\n"), "{}", reply.body);

  // The Spring is played; the Fall begins with France's orders entered,
  // and France is told what became of each.
  table.turn(&at(3)).orders(&[]).skip(&["France"]).send();
  let mail = judge.take_mail();
  assert!(results_in(&mail).is_some(), "Spring 1901 was processed");
  let pending = pending_in(&mail);
  assert_eq!(pending.len(), 1, "{pending:#?}");
  let note = pending[0];
  assert_eq!(note.to, "france@players.test");
  assert!(note.subject.ends_with(":later - F1901M Pending Orders"), "{}", note.subject);
  assert!(note.body.contains(":: Deadline: F1901M"), "{}", note.body);
  assert!(note.body.contains("A Bur - Bel: Accepted: Army Burgundy -> Belgium."), "{}", note.body);
  assert!(note.body.contains("A Par - Pic: Error: There is no unit in Paris."), "{}", note.body);
  assert!(note.body.contains("France: Army Spain, No Order Processed."), "{}", note.body);
  assert!(note.body.contains("count as in"), "{}", note.body);

  // Though the Fleet in Spain has no order and one order failed, France
  // counts as in: the others' orders process the Fall.
  let fall = [
    ("Austria", "A Vie H\nA Bud H\nF Tri H\n"),
    ("England", "F Lon H\nF Edi H\nA Lvp H\n"),
    ("Germany", "F Kie H\nA Ber H\nA Mun H\n"),
    ("Italy", "F Nap H\nA Rom H\nA Ven H\n"),
    ("Russia", "A Mos H\nF Sev H\nF Stp/sc H\nA War H\n"),
    ("Turkey", "F Ank H\nA Con H\nA Smy H\n"),
  ];
  table.turn(&at(4)).orders(&fall).skip(&["France"]).send();
  let mail = judge.take_mail();
  let results = results_in(&mail).expect("France's kept orders count as in");
  assert!(results.subject.contains("F1901M"), "{}", results.subject);
  assert!(fold(&results.body).contains("France: Army Burgundy -> Belgium."), "{}", results.body);
}

#[test]
fn conditional_orders_follow_the_board_at_the_start_of_the_phase() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "cond", &at(0));

  // The manual's shape, with an IF nested inside the first branch; ELSE
  // IF and ELSE are not used; THEN is optional.
  let germany = "F Kie - Hol\nA Ber H\nA Mun H\n\
                 PHASE F1901M\n\
                 IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia) THEN\n\
                 Munich -> Bohemia\n\
                 IF Russian Army Silesia\n\
                 Berlin -> Prussia\n\
                 ELSE\n\
                 A Ber H\n\
                 ENDIF\n\
                 ELSE IF French Ruhr\n\
                 A Mun H\n\
                 ELSE\n\
                 Munich -> Ruhr\n\
                 ENDIF\n\
                 F Hol H\n";
  table.send("Germany", &at(1), germany);
  let reply = table.reply(&judge.take_mail(), "Germany").clone();
  assert!(!reply.subject.contains("[Error Flag]"), "{}", reply.body);
  let said =
    answer(&reply.body, "IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia) THEN");
  assert!(
    said.says("Noted for F1901M: IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)"),
    "{said}"
  );
  let listed = &reply.body[reply.body.find("Orders kept for later phases").expect("a listing")..];
  assert!(
    listed.contains("    IF Russian Army Silesia\n      Berlin -> Prussia\n    ELSE\n"),
    "{listed}"
  );

  // France's block has no ENDIF: the end of the mail closes it.
  table.send(
    "France",
    &at(1),
    "F Bre H\nA Par H\nA Mar H\nPHASE F 1901 M\nIF German Fleet Holland\nA Par - Pic\nELSE\nA Par - Bur\n",
  );
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(!reply.subject.contains("[Error Flag]"), "{}", reply.body);

  table
    .turn(&at(2))
    .orders(&[("Russia", "A Mos H\nF Sev H\nF Stp/sc H\nA War - Sil\n")])
    .skip(&["Germany", "France"])
    .send();
  let mail = judge.take_mail();
  assert!(results_in(&mail).is_some(), "Spring 1901 was processed");
  let pending = pending_in(&mail);
  assert_eq!(pending.len(), 2, "{pending:#?}");
  let to_germany = pending.iter().find(|m| m.to == "germany@players.test").expect("Germany's");
  let body = &to_germany.body;
  for line in [
    "IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia): true.",
    "    Munich -> Bohemia: Accepted: Army Munich -> Bohemia.",
    "    IF Russian Army Silesia: true.",
    "        Berlin -> Prussia: Accepted: Army Berlin -> Prussia.",
    "    ELSE: not used.",
    "ELSE IF French Ruhr: not looked at.",
    "ELSE: not used.",
    "F Hol H: Accepted: Fleet Holland HOLD.",
  ] {
    assert!(body.contains(line), "'{line}' missing in:\n{body}");
  }
  assert!(body.contains("Your orders are complete."), "{body}");
  let to_france = pending.iter().find(|m| m.to == "france@players.test").expect("France's");
  assert!(to_france.body.contains("IF German Fleet Holland: true."), "{}", to_france.body);
  assert!(to_france.body.contains("A Par - Pic: Accepted"), "{}", to_france.body);
  assert!(!to_france.body.contains("A Par - Bur: Accepted"), "{}", to_france.body);
}

#[test]
fn set_wait_is_carried_to_the_phase_and_clear_drops_everything_kept() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "waits", &at(0));

  // Austria keeps complete Fall orders and a wait; England keeps orders,
  // then drops them with CLEAR in a later mail.
  let austria = format!("{}PHASE F1901M\nSET WAIT\n{}", holds("Austria"), holds("Austria"));
  table.send("Austria", &at(1), &austria);
  let reply = table.reply(&judge.take_mail(), "Austria").clone();
  assert!(answer(&reply.body, "SET WAIT").contains("the wait is set when that phase begins"));
  assert!(reply.body.contains("  SET WAIT\n"), "{}", reply.body);

  table.send("England", &at(1), &format!("{}PHASE F1901M\n{}", holds("England"), holds("England")));
  judge.take_mail();
  table.send("England", &at(1), "CLEAR\n");
  let reply = table.reply(&judge.take_mail(), "England").clone();
  assert_eq!(answer(&reply.body, "CLEAR"), "Every order kept for a later phase has been dropped.");
  assert!(!reply.body.contains("Orders kept for later phases"), "{}", reply.body);
  table.send("England", &at(1), "CLEAR\n");
  let reply = table.reply(&judge.take_mail(), "England").clone();
  assert_eq!(answer(&reply.body, "CLEAR"), "You had no orders kept for later phases.");

  table.turn(&at(2)).orders(&[]).skip(&["Austria", "England"]).send();
  let mail = judge.take_mail();
  let results = results_in(&mail).expect("Spring 1901 was processed");
  let deadline = deadline_of(results_in(&mail).expect("results"));
  let _ = results;
  let pending = pending_in(&mail);
  assert_eq!(pending.len(), 1, "England's orders were cleared: {pending:#?}");
  assert!(pending[0]
    .body
    .contains("SET WAIT: the phase will not be processed before its deadline."));

  // Everyone else orders; Austria's carried wait holds the Fall until
  // the deadline (England's cleared orders did not count it in).
  table.turn(&at(3)).orders(&[]).skip(&["Austria"]).send();
  assert!(results_in(&judge.take_mail()).is_none(), "the wait holds the Fall");
  judge.sweep_at(&(deadline - Duration::minutes(1)).to_rfc3339());
  assert!(results_in(&judge.take_mail()).is_none(), "not before the deadline");
  judge.sweep_at(&deadline.to_rfc3339());
  let mail = judge.take_mail();
  let results = results_in(&mail).expect("the sweep at the deadline processes the Fall");
  assert!(results.subject.contains("F1901M"), "{}", results.subject);
}

#[test]
fn orders_for_a_phase_the_game_never_has_are_dropped_with_a_note() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "skip", &at(0));
  table.send("Italy", &at(1), &format!("{}PHASE S 1901 R\nA Ven - Pie\n", holds("Italy")));
  let reply = table.reply(&judge.take_mail(), "Italy").clone();
  assert!(reply.body.contains("1 order kept for Spring 1901 Retreat"), "{}", reply.body);
  table.turn(&at(2)).orders(&[]).skip(&["Italy"]).send();
  let mail = judge.take_mail();
  let pending = pending_in(&mail);
  assert_eq!(pending.len(), 1, "{pending:#?}");
  assert!(pending[0].subject.ends_with(":skip - S1901R Pending Orders"), "{}", pending[0].subject);
  assert!(pending[0].body.says("were not used"), "{}", pending[0].body);
  assert!(pending[0].body.contains("did not have that phase"), "{}", pending[0].body);
  // Nothing is kept any more.
  table.send("Italy", &at(3), "A Ven H\n");
  let reply = table.reply(&judge.take_mail(), "Italy").clone();
  assert!(!reply.body.contains("Orders kept for later phases"), "{}", reply.body);
}

#[test]
fn mistakes_are_explained_raise_the_error_flag_and_change_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "oops", &at(0));
  let cases: [(&str, &str, &str); 9] = [
    (
      "IF French Army Ruhr\nA Par - Bur\nENDIF\n",
      "IF French Army Ruhr",
      "IF is only for orders kept for a later phase",
    ),
    (
      "PHASE F1901M\nIF French Army Xyzzy\nA Par - Bur\nENDIF\n",
      "IF French Army Xyzzy",
      "'Xyzzy' is not a province",
    ),
    (
      "PHASE F1901M\nA Par - Bur\nELSE\nA Par H\n",
      "ELSE",
      "ELSE has no IF before it in this PHASE block",
    ),
    ("PHASE F1901M\nENDIF\n", "ENDIF", "ENDIF has no IF before it"),
    ("ELSE\nA Par - Bur\n", "ELSE", "ELSE has no IF before it"),
    ("PHASE F1901B\nA Par\n", "A Par", "write build or remove (or disband)"),
    ("PHASE S1901M\nA Par - Bur\n", "PHASE S1901M", "is the current phase"),
    ("PHASE F1900M\nA Par - Bur\n", "PHASE F1900M", "is over"),
    ("PHASE Summer 1901 M\nA Par - Bur\n", "PHASE Summer 1901 M", "no Summer phases"),
  ];
  for (lines, line, expected) in cases {
    let before = game_files(&judge);
    table.send("France", &at(1), lines);
    let reply = table.reply(&judge.take_mail(), "France").clone();
    assert!(reply.subject.contains("[Error Flag]"), "{lines}: {}", reply.subject);
    let said = answer(&reply.body, line).replace('\n', " ");
    assert!(said.contains(expected), "{lines}:\n{}", reply.body);
    assert!(!reply.body.contains("Accepted"), "{lines}: nothing is taken:\n{}", reply.body);
    assert_eq!(game_files(&judge), before, "{lines}: nothing changed");
  }

  // The lines after a refused IF or PHASE are not taken for the current
  // phase; after the refused IF's ENDIF, orders are read again.
  table.send("France", &at(1), "IF Ruhr\nA Par - Bur\nENDIF\nA Mar H\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(answer(&reply.body, "A Par - Bur").starts_with("Not read"), "{}", reply.body);
  assert!(answer(&reply.body, "A Mar H").starts_with("Accepted"), "{}", reply.body);

  // A bad order is left out of a block; the rest is kept.
  table.send("France", &at(1), "PHASE F1901M\nA Par - Xyzzy\nA Par - Bur\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.subject);
  let said = answer(&reply.body, "A Par - Xyzzy").replace('\n', " ");
  assert!(said.contains("not a province") && said.contains("not kept"), "{said}");
  assert!(reply.body.contains("1 order kept for Fall 1901 Movement"), "{}", reply.body);
}

#[test]
fn summer_phases_can_be_named_only_in_a_game_that_has_them() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nosummer", START, "", "");
  table.send("France", START, "PHASE U 1901 M\nA Par - Bur\n");
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "France").body;
  assert!(reply.contains("has no Summer phases"), "{reply}");

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "summer", START, "", "SET SUMMER\n");
  table.send("France", START, "PHASE Summer 1901 Movement\nA Par - Bur\n");
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "France").body;
  assert!(!reply.contains("Summer phases"), "{reply}");
  assert!(reply.contains("U1901M"), "{reply}");
}
