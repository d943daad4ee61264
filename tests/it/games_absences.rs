//! Absences by mail (manual §7.2, SET MAX ABSENCE in §8.6): SET ABSENCE
//! and its HOLIDAY(S) and VACATION(S) spellings, confirmed to the player
//! and announced to the Master, listed in later replies; the next deadline
//! stepping over an absence while the current one stands; the limits
//! (three pending, no overlaps, no past starts, no ends before starts, a
//! day when no end is given, MAX ABSENCE for players but not the Master);
//! SET NO ABSENCE; and refusals that leave the game files as they were.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use game_support::{holds, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
/// Tuesday 3 March, midday: when the tests' absences are asked for.
const TUESDAY: &str = "2026-03-03T12:00:00Z";
/// Thursday 5 March, midday: still before the first deadline.
const THURSDAY: &str = "2026-03-05T12:00:00Z";

/// The first deadline, as njudge writes it.
const FIRST_DEADLINE: &str = "Thu Mar 05 2026 23:30:00 +0000";

/// What the judge said under the echo of `line` (`> line`): the lines up
/// to the next blank line. Fails the test if the line was not echoed.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The `Absences pending:` block closing a signed-on reply: its indented
/// lines, or nothing when the reply has no such block.
fn pending(body: &str) -> Vec<String> {
  let Some(start) = body.find("\nAbsences pending:\n") else { return Vec::new() };
  body[start + "\nAbsences pending:\n".len()..]
    .lines()
    .take_while(|l| l.starts_with("  "))
    .map(|l| l.trim().to_string())
    .collect()
}

/// The games and the index of games, as the judge keeps them on disk.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with("games") || path.starts_with("index"));
  assert!(!files.is_empty(), "the judge keeps its games under games/ and index/");
  files
}

/// The reply to `to` among `mail`.
fn reply_in<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {to} in {:#?}", subjects(mail)))
}

/// Mails `lines` as `power` at `now`, checks that the game files did not
/// change, and returns what the judge said under `lines`' first line.
fn refused(table: &Table, power: &str, now: &str, lines: &str) -> String {
  let before = game_files(table.judge);
  table.send(power, now, lines);
  let mail = table.judge.take_mail();
  let first = lines.lines().next().expect("a line");
  assert_eq!(
    game_files(table.judge),
    before,
    "the refused '{first}' changed the game files; the judge said:\n{}",
    table.reply(&mail, power).body
  );
  assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  answer(&table.reply(&mail, power).body, first).to_string()
}

/// Mails `lines` signed on as the Master of the table's game at `now`, and
/// returns all the mail that followed.
fn as_master(table: &Table, now: &str, lines: &str) -> Vec<Sent> {
  let body = format!("SIGN ON M{} masterpw\n{lines}", table.game);
  table.judge.send_at(now, MASTER, "master", &body);
  table.judge.take_mail()
}

#[test]
fn an_absence_is_confirmed_told_to_the_master_and_listed_in_later_replies() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "away", START);

  table.send("France", TUESDAY, "SET ABSENCE Mar 10 TO Mar 12\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "the reply and the Master's notice: {:#?}", subjects(&mail));
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: XXXX:away - S1901M orders");
  let france_span = "Tue Mar 10 2026 00:00:00 +0000 to Thu Mar 12 2026 23:59:00 +0000";
  assert_eq!(
    answer(&reply.body, "SET ABSENCE Mar 10 TO Mar 12"),
    format!("Absence set in game 'away':\n  {france_span}.\nNo deadline will fall in it.")
  );
  assert_eq!(pending(&reply.body), [format!("You: {france_span}")], "{}", reply.body);
  let notice = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
  assert_eq!(notice.subject, "XXXX:away - S1901M Absence Notice");
  assert!(
    notice.body.starts_with(&format!(
      ":: Judge: XXXX  Game: Away  Variant: Standard\n:: Deadline: S1901M {FIRST_DEADLINE}\n"
    )),
    "{}",
    notice.body
  );
  assert!(
    notice
      .body
      .says(&format!("{} will be absent from game 'away': {france_span}.", player("France"))),
    "{}",
    notice.body
  );

  // The other spellings, one player each; a date alone is a day away.
  let spellings = [
    (
      "England",
      "SET HOLIDAY Mar 16",
      "Mon Mar 16 2026 00:00:00 +0000 to Tue Mar 17 2026 00:00:00 +0000",
    ),
    (
      "Germany",
      "SET HOLIDAYS Mar 17 TO Mar 18",
      "Tue Mar 17 2026 00:00:00 +0000 to Wed Mar 18 2026 23:59:00 +0000",
    ),
    (
      "Italy",
      "SET VACATION Mar 4",
      "Wed Mar 04 2026 00:00:00 +0000 to Thu Mar 05 2026 00:00:00 +0000",
    ),
    (
      "Russia",
      "SET VACATIONS Mar 24 TO Mar 26",
      "Tue Mar 24 2026 00:00:00 +0000 to Thu Mar 26 2026 23:59:00 +0000",
    ),
  ];
  for (power, line, span) in spellings {
    table.send(power, TUESDAY, &format!("{line}\n"));
    let mail = judge.take_mail();
    let reply = table.reply(&mail, power);
    assert_eq!(
      answer(&reply.body, line),
      format!("Absence set in game 'away':\n  {span}.\nNo deadline will fall in it."),
      "{}",
      reply.body
    );
    let notice = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
    assert_eq!(notice.subject, "XXXX:away - S1901M Absence Notice");
    assert!(
      notice.body.says(&format!("{} will be absent from game 'away': {span}.", player(power))),
      "{}",
      notice.body
    );
    assert_eq!(mail.len(), 2, "nobody else hears of it: {:#?}", subjects(&mail));
  }

  // France's next reply lists her own absence, and nobody else's.
  table.send("France", TUESDAY, holds("France"));
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(pending(&reply.body), [format!("You: {france_span}")], "{}", reply.body);

  // The Master sees everyone's.
  let mail = as_master(&table, TUESDAY, "");
  let reply = reply_in(&mail, MASTER);
  let mut listed = pending(&reply.body);
  listed.sort();
  assert_eq!(
    listed,
    [
      "England: Mon Mar 16 2026 00:00:00 +0000 to Tue Mar 17 2026 00:00:00 +0000",
      "France: Tue Mar 10 2026 00:00:00 +0000 to Thu Mar 12 2026 23:59:00 +0000",
      "Germany: Tue Mar 17 2026 00:00:00 +0000 to Wed Mar 18 2026 23:59:00 +0000",
      "Italy: Wed Mar 04 2026 00:00:00 +0000 to Thu Mar 05 2026 00:00:00 +0000",
      "Russia: Tue Mar 24 2026 00:00:00 +0000 to Thu Mar 26 2026 23:59:00 +0000",
    ],
    "{}",
    reply.body
  );

  // Once over, an absence is no longer pending: Italy's has ended by
  // Thursday, France's has not.
  table.send("Italy", THURSDAY, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Italy");
  assert!(pending(&reply.body).is_empty(), "{}", reply.body);
  let mail = as_master(&table, THURSDAY, "");
  let reply = reply_in(&mail, MASTER);
  let listed = pending(&reply.body);
  assert_eq!(listed.len(), 4, "{}", reply.body);
  assert!(!listed.iter().any(|l| l.starts_with("Italy:")), "{}", reply.body);
}

#[test]
fn the_next_deadline_steps_over_an_absence_and_the_current_one_stands() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "skip", START);

  // France will be away from Thursday 5 to Tuesday 10 March: the current
  // deadline (Thursday 23:30) falls in it and stays where it is.
  table.send("France", TUESDAY, "SET ABSENCE Mar 5 TO Mar 10\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 5 TO Mar 10").starts_with(
      "Absence set in game 'skip':\n  Thu Mar 05 2026 00:00:00 +0000 to Tue Mar 10 2026 23:59:00 +0000."
    ),
    "{}",
    reply.body
  );
  assert!(
    reply.body.contains(&format!(":: Deadline: S1901M {FIRST_DEADLINE}\n")),
    "an absence does not move the current deadline:\n{}",
    reply.body
  );
  let listing = table.listing(TUESDAY);
  assert!(listing.contains(FIRST_DEADLINE), "{listing}");

  // Everyone orders on Tuesday at noon. Without the absence the next
  // deadline would be 71 hours on at 23:30, Friday 6 March (as the game
  // beside this one shows); France is away until Tuesday 10 March ends, so
  // it is the first 23:30 of a weekday after that: Wednesday 11 March.
  for (power, _) in POWERS {
    table.send(power, TUESDAY, holds(power));
  }
  let mail = judge.take_mail();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject == "XXXX:skip - S1901M Results")
    .unwrap_or_else(|| panic!("the phase was processed: {:#?}", subjects(&mail)));
  assert!(
    results.body.contains("The deadline for orders will be Wed Mar 11 2026 23:30:00 +0000."),
    "{}",
    results.body
  );
  table.send("France", TUESDAY, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    reply.body.contains(":: Deadline: F1901M Wed Mar 11 2026 23:30:00 +0000\n"),
    "{}",
    reply.body
  );

  // The same orders at the same time in a game without absences.
  let plain = Table::start_registered(&judge, "plain", START);
  for (power, _) in POWERS {
    plain.send(power, TUESDAY, holds(power));
  }
  let mail = judge.take_mail();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject == "XXXX:plain - S1901M Results")
    .unwrap_or_else(|| panic!("the phase was processed: {:#?}", subjects(&mail)));
  assert!(
    results.body.contains("The deadline for orders will be Fri Mar 06 2026 23:30:00 +0000."),
    "{}",
    results.body
  );
}

#[test]
fn an_absence_ending_on_a_friday_puts_the_next_deadline_on_monday() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "wkend", START);

  // A day's absence on Friday 6 March (no end given): the deadline that
  // would fall on Friday at 23:30 goes past it, and past the weekend the
  // game's days rule out.
  table.send("Austria", TUESDAY, "SET VACATION Mar 6\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  assert!(
    answer(&reply.body, "SET VACATION Mar 6").starts_with(
      "Absence set in game 'wkend':\n  Fri Mar 06 2026 00:00:00 +0000 to Sat Mar 07 2026 00:00:00 +0000."
    ),
    "{}",
    reply.body
  );
  for (power, _) in POWERS {
    table.send(power, TUESDAY, holds(power));
  }
  let mail = judge.take_mail();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject == "XXXX:wkend - S1901M Results")
    .unwrap_or_else(|| panic!("the phase was processed: {:#?}", subjects(&mail)));
  assert!(
    results.body.contains("The deadline for orders will be Mon Mar 09 2026 23:30:00 +0000."),
    "{}",
    results.body
  );
}

#[test]
fn absences_are_limited_in_number_overlap_dates_and_length() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "lim", START);

  // Dates that make no absence.
  let said = refused(&table, "France", TUESDAY, "SET ABSENCE Mar 2\n");
  assert!(
    said.starts_with("The absence would start in the past (Mon Mar 02 2026 00:00:00 +0000)."),
    "{said}"
  );
  assert!(said.contains("Nothing was changed."), "{said}");
  let said = refused(&table, "France", TUESDAY, "SET ABSENCE Mar 12 TO Mar 10\n");
  assert!(said.starts_with("The absence would end before it starts."), "{said}");
  assert!(said.contains("Nothing was changed."), "{said}");
  let said = refused(&table, "France", TUESDAY, "SET ABSENCE Feb 30\n");
  assert!(said.contains("Nothing was changed."), "{said}");

  // The manual's "Sat to Tue": sent on a Monday, Saturday is this week's
  // and Tuesday tomorrow, so it would end before it starts; sent on a
  // Tuesday, it runs from Saturday to the Tuesday after. Today is not past.
  let said = refused(&table, "Russia", START, "SET ABSENCE Sat TO Tue\n");
  assert!(said.starts_with("The absence would end before it starts."), "{said}");
  table.send("Russia", TUESDAY, "SET ABSENCE Sat TO Tue\nSET ABSENCE Mar 3\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Russia");
  assert!(
    answer(&reply.body, "SET ABSENCE Sat TO Tue").starts_with(
      "Absence set in game 'lim':\n  Sat Mar 07 2026 00:00:00 +0000 to Tue Mar 10 2026 23:59:00 +0000."
    ),
    "{}",
    reply.body
  );
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 3").starts_with(
      "Absence set in game 'lim':\n  Tue Mar 03 2026 00:00:00 +0000 to Wed Mar 04 2026 00:00:00 +0000."
    ),
    "{}",
    reply.body
  );

  // A day from midnight when no end is given.
  table.send("France", TUESDAY, "SET ABSENCE Mar 20\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 20").starts_with(
      "Absence set in game 'lim':\n  Fri Mar 20 2026 00:00:00 +0000 to Sat Mar 21 2026 00:00:00 +0000."
    ),
    "{}",
    reply.body
  );

  // One that overlaps it is refused.
  let said = refused(&table, "France", TUESDAY, "SET ABSENCE Mar 19 TO Mar 20\n");
  assert_eq!(said, "That absence overlaps one you have set already. Nothing was changed.");

  // Fifteen days is the most by default: 1 to 15 April is allowed, 1 to
  // 16 April is refused and the Master is asked to grant it.
  let before = game_files(&judge);
  table.send("France", TUESDAY, "SET ABSENCE Apr 1 TO Apr 16\n");
  let mail = judge.take_mail();
  assert_eq!(game_files(&judge), before, "a refused absence changed the game files");
  let reply = table.reply(&mail, "France");
  assert_eq!(
    answer(&reply.body, "SET ABSENCE Apr 1 TO Apr 16"),
    "Game 'lim' allows absences of at most 15 days, so this one was not\n\
     set; the Master has been asked to set it for you."
  );
  assert_eq!(pending(&reply.body).len(), 1, "still only the one: {}", reply.body);
  let notice = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
  assert_eq!(notice.subject, "XXXX:lim - S1901M Absence Notice");
  assert!(
    notice.body.says(&format!(
      "{} asked for an absence in game 'lim' from Wed Apr 01 2026 00:00:00 +0000 to Thu Apr 16 2026 23:59:00 +0000,\n\
       longer than the 15 days the game allows, so it was not set.",
      player("France")
    )),
    "{}",
    notice.body
  );
  assert_eq!(mail.len(), 2, "the reply and the Master's notice: {:#?}", subjects(&mail));

  table.send("France", TUESDAY, "SET ABSENCE Apr 1 TO Apr 15\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    answer(&reply.body, "SET ABSENCE Apr 1 TO Apr 15").starts_with("Absence set in game 'lim'"),
    "{}",
    reply.body
  );

  // A third is allowed; a fourth is not.
  table.send("France", TUESDAY, "SET ABSENCE Mar 25 TO Mar 26\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(pending(&reply.body).len(), 3, "{}", reply.body);
  let said = refused(&table, "France", TUESDAY, "SET ABSENCE May 4\n");
  assert!(said.starts_with("You already have 3 absences pending"), "{said}");
  assert!(said.contains("SET NO ABSENCE"), "{said}");
  assert!(said.contains("Nothing was changed."), "{said}");

  // The Master is not bound by MAX ABSENCE.
  let mail = as_master(&table, TUESDAY, "SET ABSENCE Apr 1 TO Apr 30\n");
  let reply = reply_in(&mail, MASTER);
  assert!(
    answer(&reply.body, "SET ABSENCE Apr 1 TO Apr 30").starts_with(
      "Absence set in game 'lim':\n  Wed Apr 01 2026 00:00:00 +0000 to Thu Apr 30 2026 23:59:00 +0000."
    ),
    "{}",
    reply.body
  );

  assert!(
    pending(&reply.body).contains(
      &"You: Wed Apr 01 2026 00:00:00 +0000 to Thu Apr 30 2026 23:59:00 +0000".to_string()
    ),
    "the Master's own absence is listed as theirs: {}",
    reply.body
  );

  // Only the Master sets MAX ABSENCE in a moderated game.
  let said = refused(&table, "France", TUESDAY, "SET MAX ABSENCE 31\n");
  assert!(said.starts_with("SET MAX ABSENCE is for the Master"), "{said}");

  // SET MAX ABSENCE 3: three days, and no more.
  let mail = as_master(&table, TUESDAY, "SET MAX ABSENCE 3\n");
  let reply = reply_in(&mail, MASTER);
  assert_eq!(
    answer(&reply.body, "SET MAX ABSENCE 3"),
    "In game 'lim', players may set absences of at most 3 days."
  );
  assert!(
    mail
      .iter()
      .any(|m| m.to == player("Germany") && m.subject == "XXXX:lim - S1901M Parameter Change"),
    "{:#?}",
    subjects(&mail)
  );
  let before = game_files(&judge);
  table.send("Germany", TUESDAY, "SET ABSENCE Mar 20 TO Mar 23\n");
  let mail = judge.take_mail();
  assert_eq!(game_files(&judge), before, "a refused absence changed the game files");
  let reply = table.reply(&mail, "Germany");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 20 TO Mar 23")
      .starts_with("Game 'lim' allows absences of at most 3 days"),
    "{}",
    reply.body
  );
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:lim - S1901M Absence Notice"),
    "{:#?}",
    subjects(&mail)
  );
  table.send("Germany", TUESDAY, "SET ABSENCE Mar 20 TO Mar 22\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 20 TO Mar 22").starts_with(
      "Absence set in game 'lim':\n  Fri Mar 20 2026 00:00:00 +0000 to Sun Mar 22 2026 23:59:00 +0000."
    ),
    "{}",
    reply.body
  );

  // MAX ABSENCE runs from 0 to 31.
  let before = game_files(&judge);
  let mail = as_master(&table, TUESDAY, "SET MAX ABSENCE 40\n");
  assert_eq!(game_files(&judge), before, "a refused SET MAX ABSENCE changed the game files");
  let reply = reply_in(&mail, MASTER);
  let said = answer(&reply.body, "SET MAX ABSENCE 40");
  assert!(said.contains("from 0 to 31"), "{said}");
  assert!(said.contains("Nothing was"), "{said}");
  assert_eq!(mail.len(), 1, "no Parameter Change: {:#?}", subjects(&mail));
  let before = game_files(&judge);
  table.send("Italy", TUESDAY, "SET ABSENCE Mar 20 TO Mar 23\n");
  let mail = judge.take_mail();
  assert_eq!(game_files(&judge), before, "a refused absence changed the game files");
  let reply = table.reply(&mail, "Italy");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 20 TO Mar 23")
      .starts_with("Game 'lim' allows absences of at most 3 days"),
    "still 3: {}",
    reply.body
  );
}

#[test]
fn set_no_absence_cancels_the_absence_that_includes_the_date() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "nope", START);
  table.send("Turkey", TUESDAY, "SET ABSENCE Mar 10 TO Mar 12\nSET ABSENCE Mar 20\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert_eq!(pending(&reply.body).len(), 2, "{}", reply.body);

  // A date in none of them.
  let said = refused(&table, "Turkey", TUESDAY, "SET NO ABSENCE Mar 15\n");
  assert_eq!(said, "None of your absences includes that date. Nothing was changed.");

  // A date inside the first cancels it; the other stays.
  table.send("Turkey", TUESDAY, "SET NO ABSENCE Mar 11\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert_eq!(
    answer(&reply.body, "SET NO ABSENCE Mar 11"),
    "Absence cancelled:\n  Tue Mar 10 2026 00:00:00 +0000 to Thu Mar 12 2026 23:59:00 +0000."
  );
  assert_eq!(
    pending(&reply.body),
    ["You: Fri Mar 20 2026 00:00:00 +0000 to Sat Mar 21 2026 00:00:00 +0000"],
    "{}",
    reply.body
  );
  let mail = as_master(&table, TUESDAY, "");
  let reply = reply_in(&mail, MASTER);
  assert_eq!(
    pending(&reply.body),
    ["Turkey: Fri Mar 20 2026 00:00:00 +0000 to Sat Mar 21 2026 00:00:00 +0000"],
    "the Master sees it gone: {}",
    reply.body
  );

  // The end date of a SET NO ABSENCE is ignored (manual §7.2): the
  // absence that includes the start date goes.
  table.send("Turkey", TUESDAY, "SET NO HOLIDAY Mar 20 TO Mar 21\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert_eq!(
    answer(&reply.body, "SET NO HOLIDAY Mar 20 TO Mar 21"),
    "Absence cancelled:\n  Fri Mar 20 2026 00:00:00 +0000 to Sat Mar 21 2026 00:00:00 +0000.",
    "{}",
    reply.body
  );
  assert!(pending(&reply.body).is_empty(), "{}", reply.body);
}

#[test]
fn a_cancelled_absence_frees_its_slot() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "slot", START);
  table.send("Austria", TUESDAY, "SET ABSENCE Mar 10\nSET ABSENCE Mar 12\nSET ABSENCE Mar 16\n");
  judge.take_mail();
  let said = refused(&table, "Austria", TUESDAY, "SET ABSENCE Mar 18\n");
  assert!(said.starts_with("You already have 3 absences pending"), "{said}");
  table.send("Austria", TUESDAY, "SET NO VACATION Mar 12\nSET ABSENCE Mar 18\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 18").starts_with("Absence set in game 'slot'"),
    "{}",
    reply.body
  );
  assert_eq!(
    pending(&reply.body),
    [
      "You: Tue Mar 10 2026 00:00:00 +0000 to Wed Mar 11 2026 00:00:00 +0000",
      "You: Mon Mar 16 2026 00:00:00 +0000 to Tue Mar 17 2026 00:00:00 +0000",
      "You: Wed Mar 18 2026 00:00:00 +0000 to Thu Mar 19 2026 00:00:00 +0000",
    ],
    "{}",
    reply.body
  );
}

#[test]
fn observers_and_mail_without_a_sign_on_cannot_set_absences() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "obs", START);
  let watcher = "watcher@players.test";
  register(&judge, START, watcher);
  judge.send_at(START, watcher, "watch", "OBSERVE obs watchpw\n");
  judge.take_mail();

  let before = game_files(&judge);
  judge.send_at(TUESDAY, watcher, "away", "OBSERVE obs watchpw\nSET ABSENCE Mar 10 TO Mar 12\n");
  let mail = judge.take_mail();
  assert_eq!(game_files(&judge), before, "an observer's absence changed the game files");
  assert_eq!(mail.len(), 1, "only the reply, no notice: {:#?}", subjects(&mail));
  let reply = reply_in(&mail, watcher);
  assert_eq!(
    answer(&reply.body, "SET ABSENCE Mar 10 TO Mar 12"),
    "Observers cannot set absences. Nothing was changed."
  );
  assert!(pending(&reply.body).is_empty(), "{}", reply.body);

  // No SIGN ON, no game to be absent from.
  let before = game_files(&judge);
  judge.send_at(TUESDAY, &player("France"), "away", "SET ABSENCE Mar 10 TO Mar 12\n");
  let mail = judge.take_mail();
  assert_eq!(game_files(&judge), before, "an absence without a SIGN ON changed the game files");
  assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  let reply = reply_in(&mail, &player("France"));
  assert_eq!(reply.subject, "Re: XXXX away");
  let said = answer(&reply.body, "SET ABSENCE Mar 10 TO Mar 12");
  assert!(said.starts_with("SET ABSENCE needs a SIGN ON to your game"), "{said}");
  let said_no = {
    judge.send_at(TUESDAY, &player("France"), "back", "SET NO ABSENCE Mar 10\n");
    let reply = judge.reply_to(&player("France"));
    answer(&reply.body, "SET NO ABSENCE Mar 10").to_string()
  };
  assert!(said_no.starts_with("SET NO ABSENCE needs a SIGN ON to your game"), "{said_no}");
  assert_eq!(game_files(&judge), before, "SET NO ABSENCE without a SIGN ON changed the game files");

  // The master's view lists nobody away.
  let mail = as_master(&table, TUESDAY, "");
  let reply = reply_in(&mail, MASTER);
  assert!(pending(&reply.body).is_empty(), "{}", reply.body);
}

#[test]
fn a_master_grants_a_long_absence_by_becoming_the_player() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "grant", START);
  table.send("Italy", TUESDAY, "SET ABSENCE Mar 10 TO Mar 31\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:grant - S1901M Absence Notice"),
    "{:#?}",
    subjects(&mail)
  );

  // As the notice suggests, the Master becomes Italy and sets it: MAX
  // ABSENCE does not bind a Master, even under BECOME (manual §7.2), and
  // the absence is Italy's.
  let mail = as_master(&table, TUESDAY, "BECOME Italy\nSET ABSENCE Mar 10 TO Mar 31\n");
  let reply = reply_in(&mail, MASTER);
  assert!(
    answer(&reply.body, "SET ABSENCE Mar 10 TO Mar 31").starts_with(
      "Absence set in game 'grant':\n  Tue Mar 10 2026 00:00:00 +0000 to Tue Mar 31 2026 23:59:00 +0000."
    ),
    "{}",
    reply.body
  );
  // The Masters' notice names the power, not the Master acting for it.
  let notice = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("Absence Notice"));
  let notice = notice.unwrap_or_else(|| panic!("{:#?}", subjects(&mail)));
  assert!(notice.body.contains("Italy will be absent"), "{}", notice.body);
  table.send("Italy", TUESDAY, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Italy");
  assert_eq!(
    pending(&reply.body),
    ["You: Tue Mar 10 2026 00:00:00 +0000 to Tue Mar 31 2026 23:59:00 +0000"],
    "Italy's own, to cancel or change later: {}",
    reply.body
  );
}

/// An absence that takes in the current deadline does not move it (only
/// later ones are kept out of it): the reply says so and what to do,
/// instead of promising that no deadline falls in it.
#[test]
fn an_absence_over_the_current_deadline_says_that_deadline_stays() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "now", START);
  table.send("France", TUESDAY, "SET ABSENCE Mar 5 TO Mar 8\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  let said = answer(&reply.body, "SET ABSENCE Mar 5 TO Mar 8");
  assert!(said.contains(&format!("The current deadline, {FIRST_DEADLINE}, falls in it")), "{said}");
  assert!(said.contains("send your orders before you go"), "{said}");
  assert!(!said.contains("No deadline will fall in it"), "{said}");
  assert!(table.listing(TUESDAY).contains(FIRST_DEADLINE), "the deadline is not moved");
}
