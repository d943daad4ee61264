//! Deadlines as the Master sets them and as the judge works them out
//! (manual §§2.4, 5.1, 8.6): dates in SET DEADLINE in any order, with the
//! weekday, year, day-only and month-only rules and the phase's clock as
//! the default time; the new deadline in the reply, in a `Deadline
//! Adjustment to:` notice to everyone and in the `::` header of later
//! mail; dates read and shown in the judge's time zone across a
//! daylight-saving change; bad dates refused with nothing changed; SET
//! GRACE and SET START; the deadline settings of SET MOVE, RETREAT and
//! ADJUST, the manual's worked example, and bad settings; a new deadline
//! never earlier than the last; and SET [NO] STRICT GRACE.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use game_support::{holds, player, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
const FIRST_DEADLINE: &str = "Thu Mar 05 2026 23:30:00 +0000";
/// Tuesday 3 March 2026, noon UTC.
const TUESDAY: &str = "2026-03-03T12:00:00Z";

/// Mails `lines` from the Master after a SIGN ON; returns the Master's
/// reply and the rest of the mail the judge sent.
fn as_master(table: &Table, now: &str, lines: &str) -> (Sent, Vec<Sent>) {
  let body = format!("SIGN ON M{} masterpw\n{lines}", table.game);
  table.judge.send_at(now, MASTER, "deadline", &body);
  let mail = table.judge.take_mail();
  let (replies, others): (Vec<Sent>, Vec<Sent>) =
    mail.into_iter().partition(|m| m.to == MASTER && m.subject.starts_with("Re:"));
  assert_eq!(replies.len(), 1, "one reply to the Master: {replies:#?}");
  (replies.into_iter().next().expect("a reply"), others)
}

/// The deadline a mail's `::` header gives for `phase`.
fn header_deadline(mail: &Sent, phase: &str) -> String {
  let prefix = format!(":: Deadline: {phase} ");
  mail
    .body
    .lines()
    .find_map(|line| line.strip_prefix(&prefix))
    .unwrap_or_else(|| panic!("no `{prefix}` line in:\n{}", mail.body))
    .to_string()
}

/// SET DEADLINE `date` by the Master at `now`: the deadline the reply's
/// `::` header then shows, with the reply and the other mail.
fn set_deadline(table: &Table, now: &str, date: &str) -> (String, Sent, Vec<Sent>) {
  let (reply, others) = as_master(table, now, &format!("SET DEADLINE {date}\n"));
  let shown = header_deadline(&reply, "S1901M");
  (shown, reply, others)
}

/// Every power mails the holds of the opening position.
fn all_hold(table: &Table, now: &str) -> Vec<Sent> {
  for (power, _) in POWERS {
    table.send(power, now, holds(power));
  }
  table.judge.take_mail()
}

/// The Results mail to the Master among `mail`, if any.
fn results(mail: &[Sent]) -> Option<&Sent> {
  mail.iter().find(|m| m.to == MASTER && m.subject.ends_with(" Results"))
}

/// The deadline of the next phase, as the Results among `mail` give it
/// (`The deadline for orders will be …`).
fn next_deadline(mail: &[Sent]) -> String {
  let results = results(mail).unwrap_or_else(|| panic!("no Results in {:#?}", subjects(mail)));
  results
    .body
    .lines()
    .find_map(|line| line.strip_prefix("The deadline for orders will be "))
    .map(|date| date.trim_end_matches('.').to_string())
    .unwrap_or_else(|| panic!("no next deadline in the results:\n{}", results.body))
}

/// The game files and the index: what a refused command must not touch.
fn game_state(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  judge
    .snapshot()
    .into_iter()
    .filter(|(path, _)| path.starts_with("games") || path.starts_with("index"))
    .collect()
}

/// A text with its runs of spaces folded.
fn folded(text: &str) -> String {
  text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn set_deadline_reads_the_parts_of_a_date_in_any_order_and_tells_everyone() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "dates", START);

  let (shown, reply, others) = set_deadline(&table, TUESDAY, "Jun 15 23:30");
  let june = "Mon Jun 15 2026 23:30:00 +0000";
  assert_eq!(shown, june, "{}", reply.body);
  // A later deadline takes the grace period with it: 167 hours on.
  assert!(reply.body.contains("Mon Jun 22 2026 22:30:00 +0000"), "{}", reply.body);
  assert!(reply.body.contains("SET DEADLINE Jun 15 23:30"), "the line is echoed: {}", reply.body);
  for (power, _) in POWERS {
    let notice = others
      .iter()
      .find(|m| m.to == player(power))
      .unwrap_or_else(|| panic!("{power} is told: {:#?}", subjects(&others)));
    assert_eq!(notice.subject, format!("XXXX:dates - S1901M Deadline Adjustment to: {june}"));
    assert!(
      notice.body.starts_with(&format!(
        ":: Judge: XXXX  Game: Dates  Variant: Standard\n:: Deadline: S1901M {june}\n"
      )),
      "{}",
      notice.body
    );
  }

  // The same date written in other orders, and with a comma and a year.
  for text in ["23:30 15 Jun", "Jun 23:30 15", "Jun 15, 2026 23:30"] {
    set_deadline(&table, TUESDAY, "Jun 16 12:00");
    let (shown, reply, _) = set_deadline(&table, TUESDAY, text);
    assert_eq!(shown, june, "{text}: {}", reply.body);
  }

  // Moved earlier, the deadline leaves the grace period where it was
  // (after the latest deadline, Tuesday 16 June at 12:00).
  let (shown, reply, _) = set_deadline(&table, TUESDAY, "Mar 20");
  assert_eq!(shown, "Fri Mar 20 2026 23:30:00 +0000");
  assert!(reply.body.contains("Tue Jun 23 2026 11:00:00 +0000"), "{}", reply.body);

  // Today is Tuesday 3 March: the next Wednesday is tomorrow, the next
  // Tuesday a week ahead; a date without a time gets the phase's clock.
  let cases = [
    ("Wed", "Wed Mar 04 2026 23:30:00 +0000"),
    ("Tue", "Tue Mar 10 2026 23:30:00 +0000"),
    ("fri 18:00", "Fri Mar 06 2026 18:00:00 +0000"),
    // A day without a month: the next date with that day number.
    ("15", "Sun Mar 15 2026 23:30:00 +0000"),
    ("2", "Thu Apr 02 2026 23:30:00 +0000"),
    // A month without a day: its first day, or today in this month.
    ("Apr", "Wed Apr 01 2026 23:30:00 +0000"),
    ("Mar 20:00", "Tue Mar 03 2026 20:00:00 +0000"),
    // A time alone: today.
    ("21:15", "Tue Mar 03 2026 21:15:00 +0000"),
  ];
  for (text, expected) in cases {
    let (shown, reply, others) = set_deadline(&table, TUESDAY, text);
    assert_eq!(shown, expected, "SET DEADLINE {text}: {}", reply.body);
    assert!(reply.body.contains(expected), "the reply says it: {}", reply.body);
    let to_italy = others.iter().find(|m| m.to == player("Italy")).expect("Italy is told");
    assert_eq!(to_italy.subject, format!("XXXX:dates - S1901M Deadline Adjustment to: {expected}"));
  }

  // Later mail carries the new deadline in its header.
  table.send("Italy", TUESDAY, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Italy");
  assert_eq!(header_deadline(reply, "S1901M"), "Tue Mar 03 2026 21:15:00 +0000");
  let listing = table.listing(TUESDAY);
  assert!(
    listing.contains("The deadline for orders is Tue Mar 03 2026 21:15:00 +0000."),
    "{listing}"
  );
}

#[test]
fn in_the_autumn_early_months_mean_next_year() {
  let judge = Judge::with_config(FAST);
  // Tuesday 20 October 2026.
  let autumn = "2026-10-20T10:00:00Z";
  let table = Table::start(&judge, "autumn", autumn);
  let later = "2026-10-20T12:00:00Z";
  let cases = [
    // January to April are at most six months ahead: next year.
    ("Jan 10", "Sun Jan 10 2027 23:30:00 +0000"),
    ("Apr 5 12:00", "Mon Apr 05 2027 12:00:00 +0000"),
    // A later month this year.
    ("Nov 3", "Tue Nov 03 2026 23:30:00 +0000"),
    // A day number already past this month: next month.
    ("15", "Sun Nov 15 2026 23:30:00 +0000"),
    ("Jan 10 2028", "Mon Jan 10 2028 23:30:00 +0000"),
  ];
  for (text, expected) in cases {
    let (shown, reply, _) = set_deadline(&table, later, text);
    assert_eq!(shown, expected, "SET DEADLINE {text}: {}", reply.body);
  }
  // May is seven months ahead, so it means this (past) May: refused.
  let before = game_state(&judge);
  let (shown, reply, others) = set_deadline(&table, later, "May 1");
  assert_eq!(shown, "Mon Jan 10 2028 23:30:00 +0000", "{}", reply.body);
  assert!(reply.body.contains("Fri May 01 2026 23:30:00 +0000"), "{}", reply.body);
  assert!(reply.body.contains("Nothing was changed"), "{}", reply.body);
  assert!(others.is_empty(), "nobody else is told: {:#?}", subjects(&others));
  assert_eq!(game_state(&judge), before, "the game did not change");
}

#[test]
fn dates_are_read_and_shown_in_the_judges_time_zone_across_daylight_saving() {
  let judge = Judge::with_config(&format!("timezone = \"America/Chicago\"\n{FAST}"));
  // 04:00 on Monday 2 March in Chicago (CST, -0600).
  let table = Table::start(&judge, "tz", START);
  let listing = table.listing(START);
  assert!(
    listing.contains("The deadline for orders is Thu Mar 05 2026 23:30:00 -0600."),
    "{listing}"
  );

  // 03:00 UTC on Tuesday is still Monday evening in Chicago, so the next
  // Tuesday is tomorrow there.
  let monday_evening = "2026-03-03T03:00:00Z";
  let (shown, reply, others) = set_deadline(&table, monday_evening, "Tue");
  assert_eq!(shown, "Tue Mar 03 2026 23:30:00 -0600", "{}", reply.body);
  let to_france = others.iter().find(|m| m.to == player("France")).expect("France is told");
  assert_eq!(
    to_france.subject,
    "XXXX:tz - S1901M Deadline Adjustment to: Tue Mar 03 2026 23:30:00 -0600"
  );
  // After 8 March Chicago keeps summer time (CDT, -0500).
  let (shown, reply, _) = set_deadline(&table, monday_evening, "Mar 10");
  assert_eq!(shown, "Tue Mar 10 2026 23:30:00 -0500", "{}", reply.body);
  let (shown, reply, _) = set_deadline(&table, monday_evening, "Mar 5 23:30");
  assert_eq!(shown, "Thu Mar 05 2026 23:30:00 -0600", "{}", reply.body);

  // Processed on Wednesday evening in Chicago (20:00 CST): 71 hours on is
  // Saturday, so the deadline is Monday at 23:30 local time, now CDT.
  let mail = all_hold(&table, "2026-03-05T02:00:00Z");
  assert_eq!(next_deadline(&mail), "Mon Mar 09 2026 23:30:00 -0500", "{:#?}", subjects(&mail));
  table.send("France", "2026-03-05T03:00:00Z", "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(header_deadline(reply, "F1901M"), "Mon Mar 09 2026 23:30:00 -0500");

  // The deadline falls at 23:30 Chicago time, 04:30 UTC, not an hour later.
  judge.sweep_at("2026-03-10T04:29:00Z");
  assert!(judge.take_mail().is_empty(), "nobody is late before 23:30 local time");
  judge.sweep_at("2026-03-10T04:30:00Z");
  let mail = judge.take_mail();
  let late = mail
    .iter()
    .find(|m| m.to == player("France"))
    .unwrap_or_else(|| panic!("France is late at 23:30 CDT: {:#?}", subjects(&mail)));
  assert!(late.subject.contains("Late Notice"), "{}", late.subject);
  // 167 hours of grace would end at 22:30 local time a week later, on
  // 16 March; but the Master's SET DEADLINE Mar 10 above moved the last
  // grace period to 17 March, and a new one is never earlier (§5.1).
  assert!(late.body.contains("Tue Mar 17 2026 22:30:00 -0500"), "{}", late.body);
}

#[test]
fn impossible_or_past_dates_are_refused_and_change_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "baddate", START);
  let before = game_state(&judge);
  let cases = [
    ("Feb 30", "30 Feb 2026 does not exist"),
    ("Apr 31 23:00", "31 Apr 2026 does not exist"),
    ("25:00", "'25:00' is not a time of day"),
    ("Jun 15 12:75", "'12:75' is not a time of day"),
    ("soon", "'soon' is not part of a date"),
    ("Mar 1", "already past"),
    ("Jan 1 2025", "already past"),
    ("09:00", "already past"),
    ("Mon Mar 9", "weekday cannot be combined"),
    ("", "needs a date"),
  ];
  for (text, problem) in cases {
    let (shown, reply, others) = set_deadline(&table, TUESDAY, text);
    assert!(reply.body.contains(problem), "SET DEADLINE {text}: {}", reply.body);
    assert!(reply.body.says("Nothing was changed"), "SET DEADLINE {text}: {}", reply.body);
    assert_eq!(shown, FIRST_DEADLINE, "SET DEADLINE {text}");
    assert!(others.is_empty(), "SET DEADLINE {text}: {:#?}", subjects(&others));
  }
  assert_eq!(game_state(&judge), before, "the refused dates changed the game");
}

#[test]
fn set_grace_cannot_end_before_the_deadline_and_is_announced() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "grace", START);
  let before = game_state(&judge);
  let (reply, others) = as_master(&table, TUESDAY, "SET GRACE Mar 4\n");
  assert!(reply.body.contains("cannot end before the deadline"), "{}", reply.body);
  assert!(reply.body.contains(FIRST_DEADLINE), "{}", reply.body);
  assert!(others.is_empty(), "{:#?}", subjects(&others));
  assert_eq!(game_state(&judge), before, "a refused SET GRACE changed the game");

  let new_grace = "Fri Mar 20 2026 12:00:00 +0000";
  let (reply, others) = as_master(&table, TUESDAY, "SET GRACE Mar 20 12:00\n");
  assert!(reply.body.contains(new_grace), "{}", reply.body);
  assert_eq!(header_deadline(&reply, "S1901M"), FIRST_DEADLINE, "the deadline stays");
  for (power, _) in POWERS {
    let notice = others.iter().find(|m| m.to == player(power)).expect("everyone is told");
    assert_eq!(notice.subject, format!("XXXX:grace - S1901M Grace Adjustment to: {new_grace}"));
  }

  // The late notices at the deadline give the new end of grace, and the
  // old one (Thursday 12 March, 22:30) passes without abandonment.
  judge.sweep_at("2026-03-05T23:30:00Z");
  let mail = judge.take_mail();
  let late = mail.iter().find(|m| m.to == player("France")).expect("a late notice");
  assert!(late.body.contains(new_grace), "{}", late.body);
  judge.sweep_at("2026-03-12T22:30:00Z");
  let mail = judge.take_mail();
  assert!(!mail.iter().any(|m| m.subject.contains("Abandoned")), "{:#?}", subjects(&mail));
  judge.sweep_at("2026-03-20T12:00:00Z");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject.starts_with("XXXX:grace - S1901M Abandoned")),
    "abandoned at the new end of grace: {:#?}",
    subjects(&mail)
  );
}

#[test]
fn set_start_holds_the_phase_and_a_start_after_the_deadline_moves_it() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "start", START);
  let (reply, others) = as_master(&table, START, "SET START Wed 12:00\n");
  assert!(reply.body.says("Wed Mar 04 2026 12:00:00 +0000"), "{}", reply.body);
  assert!(
    others
      .iter()
      .any(|m| m.to == player("Germany") && m.subject.starts_with("XXXX:start - S1901M")),
    "{:#?}",
    subjects(&others)
  );

  // All orders are in, with no delay, but the phase waits for the start.
  let mail = all_hold(&table, TUESDAY);
  assert!(results(&mail).is_none(), "processed before the start: {:#?}", subjects(&mail));
  judge.sweep_at("2026-03-04T11:59:00Z");
  assert!(results(&judge.take_mail()).is_none(), "processed before the start");
  judge.sweep_at("2026-03-04T12:00:00Z");
  let mail = judge.take_mail();
  // Wednesday noon plus 71 hours is Saturday: the deadline is Monday.
  assert_eq!(next_deadline(&mail), "Mon Mar 09 2026 23:30:00 +0000");

  // A start after the deadline takes the deadline with it.
  let (reply, _) = as_master(&table, "2026-03-05T10:00:00Z", "SET START Mar 12 20:00\n");
  assert_eq!(header_deadline(&reply, "F1901M"), "Thu Mar 12 2026 20:00:00 +0000", "{}", reply.body);
  let listing = table.listing("2026-03-05T10:00:00Z");
  assert!(
    listing.contains("The deadline for orders is Thu Mar 12 2026 20:00:00 +0000."),
    "{listing}"
  );
  judge.sweep_at("2026-03-09T23:30:00Z");
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "nobody is late at the old deadline: {:#?}", subjects(&mail));
  judge.sweep_at("2026-03-12T20:00:00Z");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == player("France") && m.subject.contains("Late Notice")),
    "late at the new deadline: {:#?}",
    subjects(&mail)
  );
}

#[test]
fn move_settings_change_future_deadlines_but_not_the_current_one() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "setmove", START);
  let (reply, others) = as_master(&table, START, "SET MOVE NEXT 48 DELAY 1\n");
  assert!(
    folded(&reply.body).contains("clock 1410 min 0.00 next 48.00 grace 167.00 delay 1.00"),
    "{}",
    reply.body
  );
  assert_eq!(header_deadline(&reply, "S1901M"), FIRST_DEADLINE, "the current deadline stays");
  let change = others.iter().find(|m| m.to == player("Turkey")).expect("Turkey is told");
  assert_eq!(change.subject, "XXXX:setmove - S1901M Parameter Change");
  let listing = table.listing(START);
  assert!(
    folded(&listing)
      .contains("Move clock 1410 min 0.00 next 48.00 grace 167.00 delay 1.00 days -MTWTF-"),
    "{listing}"
  );
  assert!(listing.contains(&format!("The deadline for orders is {FIRST_DEADLINE}.")), "{listing}");

  // Processed on Wednesday evening: 48 hours on is Friday (71 would have
  // been Saturday, so Monday).
  let mut mail = all_hold(&table, "2026-03-04T20:00:00Z");
  judge.sweep_at("2026-03-04T21:00:00Z");
  mail.extend(judge.take_mail());
  assert_eq!(next_deadline(&mail), "Fri Mar 06 2026 23:30:00 +0000", "{:#?}", subjects(&mail));

  // In the next movement phase the orders wait an hour after the last.
  let mail = all_hold(&table, "2026-03-06T10:00:00Z");
  assert!(results(&mail).is_none(), "processed without the delay: {:#?}", subjects(&mail));
  judge.sweep_at("2026-03-06T10:59:00Z");
  assert!(results(&judge.take_mail()).is_none(), "processed before the hour was up");
  judge.sweep_at("2026-03-06T11:00:00Z");
  let mail = judge.take_mail();
  assert_eq!(next_deadline(&mail), "Mon Mar 09 2026 23:30:00 +0000", "{:#?}", subjects(&mail));
}

#[test]
fn the_manuals_worked_example_of_next_71_and_next_72() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "example", START);

  // Processed on Wednesday evening: Saturday is not a deadline day, so
  // the weekend is skipped.
  let mail = all_hold(&table, "2026-03-04T23:35:00Z");
  assert_eq!(next_deadline(&mail), "Mon Mar 09 2026 23:30:00 +0000");

  // Processed on Monday evening at 23:35: 71 hours on is Thursday 22:35,
  // so Thursday 23:30.
  as_master(&table, "2026-03-08T12:00:00Z", "SET DEADLINE Tue\n");
  let mail = all_hold(&table, "2026-03-09T23:35:00Z");
  assert_eq!(next_deadline(&mail), "Thu Mar 12 2026 23:30:00 +0000");

  // With next 72 the same Monday evening gives Thursday 23:35, and the
  // clock pushes it to Friday.
  let (reply, _) =
    as_master(&table, "2026-03-11T12:00:00Z", "SET MOVE NEXT 72\nSET DEADLINE Mar 17\n");
  assert_eq!(header_deadline(&reply, "S1902M"), "Tue Mar 17 2026 23:30:00 +0000", "{}", reply.body);
  let mail = all_hold(&table, "2026-03-16T23:35:00Z");
  assert_eq!(next_deadline(&mail), "Fri Mar 20 2026 23:30:00 +0000");
}

#[test]
fn retreat_and_adjust_settings_give_those_phases_their_deadlines() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "phases", START);
  let (reply, _) = as_master(
    &table,
    START,
    "SET RETREAT NEXT 47 CLOCK 720\nSET ADJUST NEXT 10 CLOCK 1200 DAYS SMTWTFS\n",
  );
  let body = folded(&reply.body);
  assert!(body.contains("clock 720 min 0.00 next 47.00 grace 71.00"), "{}", reply.body);
  assert!(body.contains("clock 1200 min 0.00 next 10.00 grace 71.00"), "{}", reply.body);
  let listing = folded(&table.listing(START));
  assert!(listing.contains("Retreat clock 720 min 0.00 next 47.00"), "{listing}");
  assert!(listing.contains("Adjust clock 1200 min 0.00 next 10.00"), "{listing}");
  assert!(listing.contains("days SMTWTFS"), "{listing}");

  // Spring: Austria moves to Tyrolia.
  for (power, _) in POWERS {
    let orders = if power == "Austria" { "A Vie - Tyr\nA Bud H\nF Tri H\n" } else { holds(power) };
    table.send(power, TUESDAY, orders);
  }
  let mail = judge.take_mail();
  assert!(results(&mail).is_some(), "{:#?}", subjects(&mail));

  // Fall: Austria takes Venice and Germany Denmark. The Master moves the
  // deadline to just after the processing, so that the retreat deadline
  // comes from the retreat settings alone.
  as_master(&table, "2026-03-04T11:00:00Z", "SET DEADLINE 12:30\n");
  let fall = "2026-03-04T12:00:00Z";
  for (power, _) in POWERS {
    let orders = match power {
      "Austria" => "A Tyr - Ven\nF Tri S A Tyr - Ven\nA Bud H\n",
      "Germany" => "F Kie - Den\nA Ber H\nA Mun H\n",
      _ => holds(power),
    };
    table.send(power, fall, orders);
  }
  let mail = judge.take_mail();
  // Wednesday noon plus 47 hours, at the 12:00 clock: Friday noon.
  assert_eq!(next_deadline(&mail), "Fri Mar 06 2026 12:00:00 +0000", "{:#?}", subjects(&mail));
  assert!(results(&mail).is_some_and(|r| r.body.contains("Retreats")), "a retreat phase");

  // Italy retreats on Thursday noon: ten hours on is 22:00, so the 20:00
  // clock gives Friday evening.
  table.send("Italy", "2026-03-05T12:00:00Z", "A Ven - Tus\n");
  let mail = judge.take_mail();
  assert_eq!(next_deadline(&mail), "Fri Mar 06 2026 20:00:00 +0000", "{:#?}", subjects(&mail));
  let results = results(&mail).expect("results");
  assert!(results.body.contains("Adjustments for Winter of 1901"), "{}", results.body);
}

#[test]
fn a_deadline_after_early_processing_is_never_before_the_last_one() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "early", START);
  // The Master gives a fortnight, but the orders are all in at once.
  let (shown, _, _) = set_deadline(&table, START, "Mar 19");
  assert_eq!(shown, "Thu Mar 19 2026 23:30:00 +0000");
  let mail = all_hold(&table, TUESDAY);
  // Tuesday noon plus 71 hours would be Friday 6 March.
  assert_eq!(next_deadline(&mail), "Thu Mar 19 2026 23:30:00 +0000", "{:#?}", subjects(&mail));
  table.send("England", TUESDAY, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "England");
  assert_eq!(header_deadline(reply, "F1901M"), "Thu Mar 19 2026 23:30:00 +0000");
}

#[test]
fn bad_deadline_settings_are_refused_and_change_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "badset", START);
  let move_line = "Move clock 1410 min 0.00 next 71.00 grace 167.00 delay 0.00 days -MTWTF-";
  assert!(folded(&table.listing(START)).contains(move_line));
  let before = game_state(&judge);
  let cases = [
    ("SET MOVE CLOCK 1500", "clock 1500 must be"),
    ("SET MOVE DAYS -------", "at least one day"),
    ("SET MOVE NEXT x", "not 'x'"),
    ("SET MOVE SPEED 3", "is not a deadline setting"),
    ("SET RETREAT GRACE -5", "-5 must be between 0"),
    ("SET ADJUST DAYS MTWTF", "seven characters"),
    ("SET ADJUST CLOCK", "needs a value"),
    ("SET MOVE", "no setting was given"),
  ];
  for (line, problem) in cases {
    let (reply, others) = as_master(&table, TUESDAY, &format!("{line}\n"));
    assert!(reply.body.to_lowercase().contains(problem), "{line}: {}", reply.body);
    assert!(reply.body.contains("Nothing was changed"), "{line}: {}", reply.body);
    assert!(others.is_empty(), "{line}: {:#?}", subjects(&others));
  }
  // A setting that is fine does not go through beside a bad one.
  let (reply, _) = as_master(&table, TUESDAY, "SET MOVE NEXT 48 CLOCK 2000\n");
  assert!(reply.body.contains("Nothing was changed"), "{}", reply.body);

  // A player of a moderated game may change none of it.
  for line in ["SET MOVE NEXT 48", "SET DEADLINE Mar 20", "SET GRACE Mar 20", "SET START Wed"] {
    table.send("France", TUESDAY, &format!("{line}\n"));
    let mail = judge.take_mail();
    let reply = table.reply(&mail, "France");
    assert!(reply.body.contains("is for the Master"), "{line}: {}", reply.body);
    assert!(reply.body.says("Nothing was changed"), "{line}: {}", reply.body);
    assert_eq!(mail.len(), 1, "{line}: {:#?}", subjects(&mail));
  }
  assert_eq!(game_state(&judge), before, "refused settings changed the game");
  assert!(folded(&table.listing(TUESDAY)).contains(move_line));
}

#[test]
fn strict_grace_ends_a_friday_deadlines_grace_on_saturday() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "strict", START);
  // A day of grace after a Friday deadline, with deadlines on weekdays
  // only: without STRICT GRACE it slides to Monday.
  let (reply, _) =
    as_master(&table, START, "SET MOVE GRACE 24\nSET NO STRICT GRACE\nSET DEADLINE Mar 6\n");
  assert_eq!(header_deadline(&reply, "S1901M"), "Fri Mar 06 2026 23:30:00 +0000");
  assert!(reply.body.contains("Mon Mar 09 2026 23:30:00 +0000"), "{}", reply.body);
  assert!(!reply.body.contains("Sat Mar 07 2026"), "{}", reply.body);

  // With STRICT GRACE it ends exactly a day later, on Saturday.
  let (reply, others) = as_master(&table, START, "SET STRICT GRACE\nSET DEADLINE Mar 13\n");
  assert_eq!(header_deadline(&reply, "S1901M"), "Fri Mar 13 2026 23:30:00 +0000");
  assert!(reply.body.contains("Sat Mar 14 2026 23:30:00 +0000"), "{}", reply.body);
  assert!(
    others.iter().any(|m| m.to == player("Russia") && m.subject.ends_with("Parameter Change")),
    "{:#?}",
    subjects(&others)
  );

  judge.sweep_at("2026-03-13T23:30:00Z");
  let mail = judge.take_mail();
  let late = mail.iter().find(|m| m.to == player("Russia")).expect("a late notice");
  assert!(late.body.contains("Sat Mar 14 2026 23:30:00 +0000"), "{}", late.body);
  judge.sweep_at("2026-03-14T23:30:00Z");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject.starts_with("XXXX:strict - S1901M Abandoned")),
    "grace ends on Saturday: {:#?}",
    subjects(&mail)
  );
}

#[test]
fn a_grace_period_after_early_processing_is_never_before_the_last_one() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "grace2", START);
  let (reply, _) = as_master(&table, START, "SET GRACE Apr 30 12:00\n");
  assert!(reply.body.contains("Thu Apr 30 2026 12:00:00 +0000"), "{}", reply.body);
  let mail = all_hold(&table, TUESDAY);
  assert_eq!(next_deadline(&mail), "Fri Mar 06 2026 23:30:00 +0000", "{:#?}", subjects(&mail));
  // The next grace period would end 167 hours after Friday's deadline, on
  // 13 March, which is earlier than the last one: it ends on 30 April.
  judge.sweep_at("2026-03-06T23:30:00Z");
  let mail = judge.take_mail();
  let late = mail
    .iter()
    .find(|m| m.to == player("Austria"))
    .unwrap_or_else(|| panic!("a late notice: {:#?}", subjects(&mail)));
  assert!(
    late.body.contains("Thu Apr 30 2026 12:00:00 +0000"),
    "the grace period ends before the last one did:\n{}",
    late.body
  );
}

/// Past the deadline, a reply does not count down "0 days, 0 hours": it
/// says the deadline has passed and when grace ends, or that both have.
#[test]
fn a_reply_after_the_deadline_says_it_has_passed() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "past", START);
  table.send("France", "2026-03-06T10:00:00Z", "");
  let reply = judge.reply_to(&player("France"));
  assert!(
    reply.body.contains("The deadline has passed; the grace period ends in 6 days"),
    "{}",
    reply.body
  );
  assert!(!reply.body.contains("Time to deadline"), "{}", reply.body);
  table.send("France", "2026-03-14T10:00:00Z", "");
  let reply = judge.reply_to(&player("France"));
  assert!(reply.body.contains("The deadline and the grace period have passed"), "{}", reply.body);
}
