//! `judge sweep`, the cron job (issue 5, items 6 and 7): one sweep does
//! whatever is due across every game at once, a second sweep at the same
//! moment changes nothing, a damaged game is reported to the judgekeeper
//! once and skipped, the judge coming back after an outage moves missed
//! deadlines on instead of making anyone late (njudge's time-warp guard), a
//! clock that jumps backwards changes nothing, and mail the transport
//! refused is sent by a later sweep.

use crate::judge_support;

use crate::game_support;

use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use game_support::{holds, player, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
const TUESDAY: &str = "2026-03-03T12:00:00Z";
const WEDNESDAY: &str = "2026-03-04T12:00:00Z";
const BEFORE_DEADLINE: &str = "2026-03-05T20:00:00Z";
const DEADLINE: &str = "2026-03-05T23:30:00Z";
const NEXT_DAY: &str = "2026-03-06T23:30:00Z";
const GRACE_LESS_A_DAY: &str = "2026-03-11T22:30:00Z";
const GRACE: &str = "2026-03-12T22:30:00Z";

const KEEPER: &str = "judgekeeper@localhost";

/// Every power but France sends holds.
fn all_but_france(table: &Table, now: &str) {
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, now, holds(power));
  }
}

/// Every power sends holds.
fn everyone_holds(table: &Table, now: &str) {
  for (power, _) in POWERS {
    table.send(power, now, holds(power));
  }
}

/// `to | subject` of each message, for failure messages.
/// The Master and the seven players of a [`Table`] game.
fn everyone() -> BTreeSet<String> {
  POWERS.iter().map(|(p, _)| player(p)).chain([MASTER.to_string()]).collect()
}

/// The seven players of a [`Table`] game (a Master's own change reaches
/// the Master as the reply).
fn players() -> BTreeSet<String> {
  POWERS.iter().map(|(p, _)| player(p)).collect()
}

/// Who got a message with exactly this subject.
fn recipients(mail: &[Sent], subject: &str) -> BTreeSet<String> {
  mail.iter().filter(|m| m.subject == subject).map(|m| m.to.clone()).collect()
}

/// The messages about game `name` (subjects `XXXX:name - …`, also after a
/// `[You are late!] ` flag).
fn about<'m>(mail: &'m [Sent], name: &str) -> Vec<&'m Sent> {
  let tag = format!("XXXX:{name} - ");
  mail.iter().filter(|m| m.subject.contains(&tag)).collect()
}

/// The files of one part of the data directory in a snapshot.
fn part(snapshot: &BTreeMap<PathBuf, Vec<u8>>, prefix: &str) -> BTreeMap<PathBuf, Vec<u8>> {
  snapshot
    .iter()
    .filter(|(p, _)| p.starts_with(prefix))
    .map(|(p, b)| (p.clone(), b.clone()))
    .collect()
}

/// Asserts that `mail` holds the usual late notice for France in `game`:
/// the flagged notice to France, the plain one to everyone else.
fn assert_france_late(mail: &[Sent], game: &str) {
  let flagged = format!("[You are late!] XXXX:{game} - S1901M Late Notice: F");
  let plain = format!("XXXX:{game} - S1901M Late Notice: F");
  let france: BTreeSet<String> = [player("France")].into();
  let mut others = everyone();
  others.remove(&player("France"));
  assert_eq!(recipients(mail, &flagged), france, "{:#?}", subjects(mail));
  assert_eq!(recipients(mail, &plain), others, "{:#?}", subjects(mail));
  assert_eq!(about(mail, game).len(), 8, "{:#?}", subjects(mail));
}

/// A shell script that takes a message on stdin and fails, as a
/// sendmail whose mail system is down would.
fn failing_sendmail(judge: &Judge) -> PathBuf {
  let script = judge.data().parent().expect("a parent").join("sendmail-down.sh");
  std::fs::write(&script, "#!/bin/sh\ncat >/dev/null\necho 'mail system down' >&2\nexit 1\n")
    .expect("write the script");
  std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
  script
}

fn set_config(judge: &Judge, config: &str) {
  std::fs::write(judge.data().join("judge.toml"), config).expect("write judge.toml");
}

#[test]
fn one_sweep_does_what_is_due_in_every_game_and_a_second_sweep_changes_nothing() {
  let judge = Judge::with_config(FAST);
  // (a) every order in, to be processed at a SET START of the end of grace;
  let ready = Table::start(&judge, "ready", START);
  // (b) the deadline moved to that moment, France's orders missing;
  let tardy = Table::start_registered(&judge, "tardy", START);
  // (c) a NoNMR game whose grace ends then, France late since the deadline;
  let gone = Table::start_registered(&judge, "gone", START);
  // (d) the same in an NMR game;
  let cdgame = Table::start_registered(&judge, "cdgame", START);
  // (e) a game whose deadline is days after that moment.
  let quiet = Table::start_registered(&judge, "quiet", START);

  judge.send_at(START, MASTER, "start", "SIGN ON Mready masterpw\nSET START Mar 12 2026 22:30\n");
  judge.send_at(
    START,
    MASTER,
    "deadline",
    "SIGN ON Mtardy masterpw\nSET DEADLINE Mar 12 2026 22:30\n",
  );
  judge.send_at(START, MASTER, "nmr", "SIGN ON Mcdgame masterpw\nSET NMR\n");
  judge.send_at(
    START,
    MASTER,
    "deadline",
    "SIGN ON Mquiet masterpw\nSET DEADLINE Mar 16 2026 23:30\n",
  );
  let mail = judge.take_mail();
  assert_eq!(
    recipients(&mail, "XXXX:tardy - S1901M Deadline Adjustment to: Thu Mar 12 2026 22:30:00 +0000"),
    players(),
    "{:#?}",
    subjects(&mail)
  );
  assert_eq!(
    recipients(&mail, "XXXX:quiet - S1901M Deadline Adjustment to: Mon Mar 16 2026 23:30:00 +0000"),
    players(),
    "{:#?}",
    subjects(&mail)
  );
  assert!(
    mail.iter().all(|m| !m.body.contains("Nothing was changed")),
    "every setting was taken: {mail:#?}"
  );

  everyone_holds(&ready, TUESDAY);
  all_but_france(&tardy, TUESDAY);
  all_but_france(&gone, TUESDAY);
  all_but_france(&cdgame, TUESDAY);
  all_but_france(&quiet, TUESDAY);
  let mail = judge.take_mail();
  assert!(
    mail.iter().all(|m| !m.subject.ends_with("Results")),
    "nothing is processed before its time: {:#?}",
    subjects(&mail)
  );

  // The judge's cron runs on: late notices, reminders and the NMR game's
  // abandonment as they fall due.
  judge.sweep_at(TUESDAY);
  assert!(judge.take_mail().is_empty());
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  assert_france_late(&mail, "gone");
  assert_france_late(&mail, "cdgame");
  assert_eq!(mail.len(), 16, "only the two games at their deadline: {:#?}", subjects(&mail));
  for day in 6..=10 {
    judge.sweep_at(&format!("2026-03-{day:02}T23:30:00Z"));
    let mail = judge.take_mail();
    assert_eq!(mail.len(), 16, "daily reminders in two games: {:#?}", subjects(&mail));
  }
  judge.sweep_at(GRACE_LESS_A_DAY);
  let mail = judge.take_mail();
  assert_eq!(
    recipients(&mail, "XXXX:cdgame - S1901M Abandoned: F"),
    everyone(),
    "{:#?}",
    subjects(&mail)
  );
  judge.sweep_at("2026-03-11T23:30:00Z");
  judge.take_mail();

  // The end of grace: one sweep for all five games.
  let before = judge.snapshot();
  let run = judge.sweep_at(GRACE);
  assert_eq!(run.status, 0);
  let mail = judge.take_mail();

  assert_eq!(
    recipients(&mail, "XXXX:ready - S1901M Results"),
    everyone(),
    "{:#?}",
    subjects(&mail)
  );
  assert_eq!(about(&mail, "ready").len(), 8, "{:#?}", subjects(&mail));
  let results = mail.iter().find(|m| m.subject == "XXXX:ready - S1901M Results").expect("results");
  assert!(results.body.contains("Movement results for Spring of 1901"), "{}", results.body);
  assert!(results.body.contains("will be Movement for Fall of 1901"), "{}", results.body);

  assert_france_late(&mail, "tardy");
  let to_france = mail
    .iter()
    .find(|m| m.subject == "[You are late!] XXXX:tardy - S1901M Late Notice: F")
    .expect("a late notice");
  assert!(
    to_france.body.says("they were due by Thu Mar 12 2026 22:30:00 +0000"),
    "{}",
    to_france.body
  );

  assert_eq!(
    recipients(&mail, "XXXX:gone - S1901M Abandoned: F"),
    everyone(),
    "{:#?}",
    subjects(&mail)
  );
  assert_eq!(about(&mail, "gone").len(), 8, "abandoned, not processed: {:#?}", subjects(&mail));
  let notice =
    mail.iter().find(|m| m.subject == "XXXX:gone - S1901M Abandoned: F").expect("notice");
  assert!(notice.body.contains("France has been abandoned"), "{}", notice.body);

  assert_eq!(
    recipients(&mail, "XXXX:cdgame - S1901M Results"),
    everyone(),
    "{:#?}",
    subjects(&mail)
  );
  assert_eq!(about(&mail, "cdgame").len(), 8, "{:#?}", subjects(&mail));
  let results = mail.iter().find(|m| m.subject == "XXXX:cdgame - S1901M Results").expect("results");
  assert!(results.body.contains("Civil disorder: France."), "{}", results.body);

  assert!(about(&mail, "quiet").is_empty(), "nothing is due in quiet: {:#?}", subjects(&mail));
  assert_eq!(mail.len(), 32, "nothing else: {:#?}", subjects(&mail));
  let after = judge.snapshot();
  assert_eq!(part(&before, "games/quiet"), part(&after, "games/quiet"), "quiet was not touched");
  assert_eq!(part(&before, "index/quiet.json"), part(&after, "index/quiet.json"));
  assert!(!part(&before, "games/quiet").is_empty(), "the snapshot holds quiet's files");

  // The same sweep again: nothing is sent and nothing changes.
  judge.sweep_at(GRACE);
  let again = judge.take_mail();
  assert!(again.is_empty(), "a second sweep sends nothing: {:#?}", subjects(&again));
  let twice = judge.snapshot();
  for prefix in ["games", "index", "users", "outbox"] {
    assert_eq!(part(&after, prefix), part(&twice, prefix), "{prefix}/ changed");
  }
  assert_eq!(after, twice, "nothing in the data directory changed");
}

#[test]
fn a_damaged_game_is_reported_to_the_keeper_once_and_the_others_go_on() {
  let judge = Judge::with_config(FAST);
  Table::start(&judge, "broken", START);
  let fine = Table::start_registered(&judge, "fine", START);
  all_but_france(&fine, TUESDAY);
  judge.sweep_at(TUESDAY);
  judge.take_mail();

  let game_file = judge.data().join("games/broken/game.json");
  assert!(game_file.exists(), "the game's file is where the test expects it");
  std::fs::write(&game_file, "{ \"name\": \"broken\", this is not JSON").expect("damage it");
  let index_file = judge.data().join("index/broken.json");
  let index = std::fs::read_to_string(&index_file).expect("the game's index entry");
  let mut entry: serde_json::Value = serde_json::from_str(&index).expect("JSON");
  entry["wake"] = serde_json::Value::String(TUESDAY.to_string());
  std::fs::write(&index_file, serde_json::to_string(&entry).expect("JSON")).expect("write");

  let run = judge.run_at(WEDNESDAY, &["sweep"], b"");
  assert_eq!(run.status, 0, "a damaged game does not stop the sweep: {}", run.stderr);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(mail[0].to, KEEPER);
  assert_eq!(mail[0].subject, "XXXX Damaged game: broken");
  assert!(mail[0].body.contains("broken"), "{}", mail[0].body);

  // The other game's deadline: its late notices go out, and the keeper is
  // not told again.
  let run = judge.run_at(DEADLINE, &["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  let mail = judge.take_mail();
  assert_france_late(&mail, "fine");
  assert!(mail.iter().all(|m| m.to != KEEPER), "told once only: {:#?}", subjects(&mail));
  assert_eq!(mail.len(), 8, "{:#?}", subjects(&mail));

  judge.sweep_at(NEXT_DAY);
  let mail = judge.take_mail();
  assert!(mail.iter().all(|m| m.to != KEEPER), "told once only: {:#?}", subjects(&mail));
  assert_eq!(about(&mail, "fine").len(), 8, "a reminder a day later: {:#?}", subjects(&mail));
  assert_eq!(mail.len(), 8, "{:#?}", subjects(&mail));

  let damaged = std::fs::read_to_string(&game_file).expect("still there");
  assert!(damaged.contains("this is not JSON"), "the damaged file is left for the keeper");
}

#[test]
fn a_deadline_missed_while_the_judge_was_down_is_moved_on_and_everyone_told() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "warp", START);
  all_but_france(&table, TUESDAY);
  judge.sweep_at(BEFORE_DEADLINE);
  judge.take_mail();

  // The judge comes back on Friday morning, ten and a half hours after the
  // deadline: the deadline is moved 24 hours on, and nobody is late.
  judge.sweep_at("2026-03-06T10:00:00Z");
  let mail = judge.take_mail();
  let moved = "Sat Mar 07 2026 10:00:00 +0000";
  let subject = format!("XXXX:warp - S1901M Deadline Adjustment to: {moved}");
  assert_eq!(recipients(&mail, &subject), everyone(), "{:#?}", subjects(&mail));
  let notice = mail.iter().find(|m| m.subject == subject).expect("a notice");
  assert!(
    notice.body.contains(&format!(":: Deadline: S1901M {moved}\n")),
    "the header shows the new deadline: {}",
    notice.body
  );
  assert!(notice.body.contains("Thu Mar 12 2026 22:30:00 +0000"), "the grace: {}", notice.body);
  let keeper: Vec<&Sent> = mail.iter().filter(|m| m.to == KEEPER).collect();
  assert_eq!(keeper.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(keeper[0].subject, "XXXX Diplomacy time warp");
  assert!(keeper[0].body.contains("warp"), "the game is named: {}", keeper[0].body);
  assert!(mail.iter().all(|m| !m.subject.contains("Late Notice")), "{:#?}", subjects(&mail));
  assert_eq!(mail.len(), 9, "{:#?}", subjects(&mail));

  // The same sweep again does not move it again.
  judge.sweep_at("2026-03-06T10:00:00Z");
  assert!(judge.take_mail().is_empty());

  // At the moved deadline, France is late.
  judge.sweep_at("2026-03-07T10:00:00Z");
  let mail = judge.take_mail();
  assert_france_late(&mail, "warp");
  assert_eq!(mail.len(), 8, "no second warp: {:#?}", subjects(&mail));
  let to_france = mail.iter().find(|m| m.to == player("France")).expect("a notice");
  assert!(to_france.body.says(&format!("they were due by {moved}")), "{}", to_france.body);
}

#[test]
fn with_a_long_outage_threshold_the_same_jump_makes_the_power_late_at_once() {
  let judge = Judge::with_config(&format!("{FAST}[outage]\nafter_hours = 1000\n"));
  let table = Table::start(&judge, "patient", START);
  all_but_france(&table, TUESDAY);
  judge.sweep_at(BEFORE_DEADLINE);
  judge.take_mail();

  judge.sweep_at("2026-03-06T10:00:00Z");
  let mail = judge.take_mail();
  assert_france_late(&mail, "patient");
  assert_eq!(mail.len(), 8, "no deadline moved, no time warp: {:#?}", subjects(&mail));
  let to_france = mail.iter().find(|m| m.to == player("France")).expect("a notice");
  assert!(
    to_france.body.says("they were due by Thu Mar 05 2026 23:30:00 +0000"),
    "{}",
    to_france.body
  );
}

#[test]
fn a_sweep_at_the_moment_of_the_deadline_is_no_outage_however_long_since_the_last() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "prompt", START);
  all_but_france(&table, TUESDAY);
  judge.sweep_at(START);
  judge.take_mail();

  // Three and a half days without a sweep (nothing was due), then one at
  // the deadline: France is late, nothing is moved.
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  assert_france_late(&mail, "prompt");
  assert_eq!(mail.len(), 8, "no time warp: {:#?}", subjects(&mail));
  let stamp = std::fs::read_to_string(judge.data().join("last-sweep")).expect("a stamp");
  assert_eq!(
    chrono::DateTime::parse_from_rfc3339(stamp.trim()).ok(),
    chrono::DateTime::parse_from_rfc3339(DEADLINE).ok(),
    "the sweep recorded its time: {stamp}"
  );
}

#[test]
fn a_clock_that_jumps_backwards_changes_nothing_and_sends_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "back", START);
  all_but_france(&table, TUESDAY);
  judge.sweep_at(BEFORE_DEADLINE);
  judge.take_mail();
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  assert_france_late(&mail, "back");

  // The clock reads Wednesday again.
  let before = judge.snapshot();
  let run = judge.run_at(WEDNESDAY, &["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(judge.take_mail().is_empty(), "nothing is sent");
  assert_eq!(judge.snapshot(), before, "nothing changed");

  // Nor did it make the judge think it had been down since Wednesday: the
  // next day's sweep sends the reminder, and moves no deadline.
  judge.sweep_at(NEXT_DAY);
  let mail = judge.take_mail();
  assert_france_late(&mail, "back");
  assert_eq!(mail.len(), 8, "no time warp: {:#?}", subjects(&mail));
}

#[test]
fn mail_the_transport_refused_is_sent_by_a_later_sweep_exactly_once() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "queued", START);
  all_but_france(&table, TUESDAY);
  judge.sweep_at(TUESDAY);
  judge.take_mail();

  // The mail system goes down.
  let script = failing_sendmail(&judge);
  set_config(
    &judge,
    &format!("{FAST}[transport]\nkind = \"sendmail\"\ncommand = \"{}\"\n", script.display()),
  );
  let list = judge.message(MASTER, "list", "LIST queued\n");
  let run = judge.run_at(WEDNESDAY, &["receive"], list.as_bytes());
  assert_eq!(run.status, 0, "carried out; the reply waits for the transport: {}", run.stderr);
  let run = judge.run_at(DEADLINE, &["sweep"], b"");
  assert_eq!(run.status, 75, "the transport is down: {}", run.stderr);
  assert!(judge.take_mail().is_empty(), "nothing went out");
  assert!(!judge.files_in("queue").is_empty(), "the mail waits in the queue");

  // It comes back: the next sweep sends what waited, once.
  set_config(&judge, FAST);
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  let replies: Vec<&Sent> =
    mail.iter().filter(|m| m.to == MASTER && m.subject.starts_with("Re:")).collect();
  assert_eq!(replies.len(), 1, "the reply to LIST: {:#?}", subjects(&mail));
  assert!(replies[0].body.contains("queued"), "{}", replies[0].body);
  assert_france_late(&mail, "queued");
  assert_eq!(mail.len(), 9, "{:#?}", subjects(&mail));

  // The mail system delivers the LIST again (as after a crash): it is
  // not answered twice. Nor does another sweep send anything.
  let run = judge.run_at(DEADLINE, &["receive"], list.as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "nothing twice: {:#?}", subjects(&mail));
}

#[test]
fn an_nmr_grace_period_that_ended_while_the_judge_was_down_is_moved_on_not_enforced() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "down", START);
  judge.send_at(START, MASTER, "nmr", "SIGN ON Mdown masterpw\nSET NMR\n");
  all_but_france(&table, TUESDAY);
  judge.sweep_at(DEADLINE);
  for day in 6..=10 {
    judge.sweep_at(&format!("2026-03-{day:02}T23:30:00Z"));
  }
  judge.take_mail();

  // The judge is down from Tuesday night to Friday morning: France's
  // abandonment (Wednesday 22:30) and the end of grace (Thursday 22:30)
  // both fell while nobody was watching.
  let back = "2026-03-13T10:00:00Z";
  judge.sweep_at(back);
  let mail = judge.take_mail();
  assert!(
    mail.iter().all(|m| !m.subject.ends_with("Results") && !m.body.contains("Civil disorder")),
    "nobody is put in civil disorder at once: {:#?}",
    subjects(&mail)
  );
  assert!(
    mail.iter().all(|m| !m.subject.contains("Abandoned")),
    "nobody is abandoned at once for what fell due while the judge was down: {:#?}",
    subjects(&mail)
  );
  assert!(
    mail.iter().any(|m| m.to == KEEPER && m.subject == "XXXX Diplomacy time warp"),
    "{:#?}",
    subjects(&mail)
  );
  let notices: Vec<&Sent> = mail
    .iter()
    .filter(|m| {
      m.subject.starts_with("XXXX:down - S1901M ") && m.subject.contains("Adjustment to: ")
    })
    .collect();
  let told: BTreeSet<String> = notices.iter().map(|m| m.to.clone()).collect();
  assert_eq!(told, everyone(), "everyone is told: {:#?}", subjects(&mail));
  // The date the notice announces is one to come, not the deadline that
  // passed a week ago.
  let announced = notices[0].subject.split("Adjustment to: ").nth(1).unwrap_or_default();
  let announced = chrono::DateTime::parse_from_str(announced, "%a %b %d %Y %H:%M:%S %z");
  let back_time = chrono::DateTime::parse_from_rfc3339(back).expect("a time");
  assert!(
    announced.is_ok_and(|t| t > back_time),
    "the subject announces a date to come: {}\n{}",
    notices[0].subject,
    notices[0].body
  );
  assert!(
    !notices[0].body.contains("the deadline is now Thu Mar 05 2026 23:30:00 +0000"),
    "a deadline a week past is not news: {}",
    notices[0].body
  );
}
