//! The judge under failure: a poison message that fails every time is set
//! aside without stopping the judge, a redelivery days and many changes
//! later is recognised, a full disk after the commit point does not make
//! the MTA send the message again, and the sweep cleans up after killed
//! writes and works on when its log cannot be written.

use crate::game_support;
use crate::judge_support;

use game_support::{holds, player, Table, FAST, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
const T1: &str = "2026-03-03T10:00:00Z";
const T2: &str = "2026-03-03T10:05:00Z";
const T3: &str = "2026-03-03T10:10:00Z";

const KEEPER: &str = "keeper@localhost";

fn config() -> String {
  format!("keeper_address = \"{KEEPER}\"\n{FAST}")
}

fn help_message(judge: &Judge, from: &str) -> String {
  judge.message(from, "help", "HELP\n")
}

fn replies_to<'m>(mail: &'m [Sent], to: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.to == to && m.subject.starts_with("Re:")).collect()
}

fn spooled(judge: &Judge) -> usize {
  judge.files_in("spool").iter().filter(|p| p.extension().is_some_and(|e| e == "eml")).count()
}

/// A message that makes the judge panic every time it is carried out is
/// kept, retried by the sweep, and after three failures set aside with one
/// notice to the keeper; the sweep meanwhile goes on with the games.
#[test]
fn a_poison_message_is_quarantined_and_the_sweep_goes_on() {
  let judge = Judge::with_config(&config());
  let table = Table::start(&judge, "pz", START);
  // Everybody's orders are in except France's, whose turn is due later.
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, START, holds(power));
  }
  judge.take_mail();

  // The first change the message would make panics (as a bug would):
  // changes 1 and 2 are the spool copy, written and renamed.
  let poison = help_message(&judge, "ann@players.test");
  let panic_at = [("JUDGE_FAULT_AT", "3"), ("JUDGE_FAULT_MODE", "panic")];
  let run = judge.run_with(T1, &["receive"], poison.as_bytes(), &panic_at);
  assert_eq!(run.status, 0, "the MTA hears 'done': the spool keeps it: {}", run.stderr);
  assert_eq!(spooled(&judge), 1);
  let mail = judge.take_mail();
  let held = replies_to(&mail, "ann@players.test");
  assert_eq!(held.len(), 1, "{:#?}", subjects(&mail));
  assert!(held[0].body.contains("tries it again"), "{}", held[0].body);

  // Two sweeps meet the same panic; the second sets the message aside.
  let panic_first = [("JUDGE_FAULT_AT", "1"), ("JUDGE_FAULT_MODE", "panic")];
  let run = judge.run_with(T2, &["sweep"], b"", &panic_first);
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(spooled(&judge), 1, "kept for another try");
  assert!(judge.take_mail().iter().all(|m| m.to != KEEPER), "the keeper is told once, at the end");
  let run = judge.run_with(T3, &["sweep"], b"", &panic_first);
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(spooled(&judge), 0, "no longer in the spool");
  let quarantine = judge.files_in("quarantine");
  assert!(quarantine.iter().any(|p| p.extension().is_some_and(|e| e == "eml")), "{quarantine:?}");
  let mail = judge.take_mail();
  let notices: Vec<&Sent> = mail.iter().filter(|m| m.to == KEEPER).collect();
  assert_eq!(notices.len(), 1, "{:#?}", subjects(&mail));
  assert!(notices[0].subject.contains("Message quarantined"), "{}", notices[0].subject);
  assert!(notices[0].body.contains("panic"), "the reason is given: {}", notices[0].body);
  assert!(replies_to(&mail, "ann@players.test").is_empty(), "the sender is not told twice");

  // The judge carries on: France's orders are taken and the turn processed.
  table.send("France", T3, holds("France"));
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject.ends_with("S1901M Results")),
    "the game went on: {:#?}",
    subjects(&mail)
  );
  let later = judge.run_at(T3, &["sweep"], b"");
  assert_eq!(later.status, 0, "{}", later.stderr);
  assert!(judge.take_mail().is_empty(), "the quarantined message is not tried again");
}

/// The spool is written without waiting for the disk, so a power cut can
/// leave a spooled copy shorter than the message. The sweep drops such a
/// copy instead of carrying out half the message (which would also make
/// the MTA's redelivery of the whole look "already carried out"); the
/// MTA, never told the message arrived, brings it whole, and that is
/// answered once.
#[test]
fn a_spooled_copy_cut_short_by_a_power_cut_is_dropped_not_carried_out() {
  let judge = Judge::with_config(&config());
  let whole = judge.message("dee@players.test", "version", "VERSION\nVERSION\n");
  let cut = &whole.as_bytes()[..whole.len() - "VERSION\n".len()];
  let spool = judge.data().join("spool");
  std::fs::create_dir_all(&spool).unwrap();
  let name = format!("01796000000000000000-0000001-0000-0123456789abcdef-{}.eml", whole.len());
  std::fs::write(spool.join(name), cut).unwrap();
  let sweep = judge.run_at(T1, &["sweep"], b"");
  assert_eq!(sweep.status, 0, "{}", sweep.stderr);
  assert!(judge.take_mail().is_empty(), "half a message is not answered");
  assert_eq!(spooled(&judge), 0, "the cut copy is dropped");
  assert_eq!(judge.run_at(T2, &["receive"], whole.as_bytes()).status, 0);
  let mail = judge.take_mail();
  let replies = replies_to(&mail, "dee@players.test");
  assert_eq!(replies.len(), 1, "{:#?}", subjects(&mail));
  let body = &replies[0].body;
  assert_eq!(body.matches("> VERSION").count(), 2, "the whole was carried out: {body}");
}

/// A message delivered again by the MTA a day later, after more than
/// thirty changes to its game, is recognised and not carried out again:
/// the player's newer orders stay, and nothing is answered twice. Also
/// when the handled-message record itself was lost (the game's own record
/// of its changes, kept by time, recognises it).
#[test]
fn a_stale_redelivery_is_not_carried_out_again() {
  for lose_the_record in [false, true] {
    let judge = Judge::with_config(&config());
    let table = Table::start(&judge, "st", START);
    let first = judge.message(
      &player("France"),
      "orders",
      "SIGN ON Fst pwfrance\nA Par-Bur\nF Bre-Mao\nA Mar H\n",
    );
    assert_eq!(judge.run_at(T1, &["receive"], first.as_bytes()).status, 0);
    table.send("France", T1, "A Par-Pic\n");
    for n in 0..40 {
      let orders = if n % 2 == 0 { "A Ber-Kie\n" } else { "A Ber H\n" };
      table.send("Germany", T1, orders);
    }
    judge.take_mail();
    if lose_the_record {
      for record in judge.files_in("seen") {
        std::fs::remove_file(record).unwrap();
      }
    }
    let again = judge.run_at(T2, &["receive"], first.as_bytes());
    assert_eq!(again.status, 0, "{}", again.stderr);
    let mail = judge.take_mail();
    assert!(mail.is_empty(), "nothing is answered twice: {:#?}", subjects(&mail));
    table.send("France", T2, "");
    let mail = judge.take_mail();
    let orders = &table.reply(&mail, "France").body;
    assert!(orders.contains("Army Paris -> Picardy"), "the newer orders stand: {orders}");
  }
}

/// A disk that fills up after the change is committed does not make the
/// judge ask for the message again (exit 75): it says "done", and the
/// sweep writes out the mail once there is room.
#[test]
fn a_full_disk_after_the_commit_gives_exit_zero_and_the_sweep_finishes() {
  let judge = Judge::with_config(&config());
  let message = help_message(&judge, "bob@players.test");
  // Changes: 1 and 2 the spool copy (written, renamed), 3 the commit, 4
  // on writing the mail out.
  let full_after_commit = [("JUDGE_FAULT_AT", "4"), ("JUDGE_FAULT_MODE", "full")];
  let run = judge.run_with(T1, &["receive"], message.as_bytes(), &full_after_commit);
  assert_eq!(run.status, 0, "committed, so not 75: {}", run.stderr);
  assert!(judge.take_mail().is_empty(), "no room to write the mail yet");
  let sweep = judge.run_at(T2, &["sweep"], b"");
  assert_eq!(sweep.status, 0, "{}", sweep.stderr);
  let mail = judge.take_mail();
  assert_eq!(replies_to(&mail, "bob@players.test").len(), 1, "{:#?}", subjects(&mail));
  // A redelivery (had the MTA been told 75) would change nothing.
  assert_eq!(judge.run_at(T2, &["receive"], message.as_bytes()).status, 0);
  assert!(judge.take_mail().is_empty());

  // Full before the commit: exit 75, nothing kept, and the redelivery
  // carries the message out once.
  let other = help_message(&judge, "cy@players.test");
  let full_at_commit = [("JUDGE_FAULT_AT", "3"), ("JUDGE_FAULT_MODE", "full")];
  let run = judge.run_with(T2, &["receive"], other.as_bytes(), &full_at_commit);
  assert_eq!(run.status, 75, "{}", run.stderr);
  assert_eq!(spooled(&judge), 0);
  assert_eq!(judge.run_at(T3, &["receive"], other.as_bytes()).status, 0);
  assert_eq!(judge.run_at(T3, &["sweep"], b"").status, 0);
  let mail = judge.take_mail();
  assert_eq!(replies_to(&mail, "cy@players.test").len(), 1, "{:#?}", subjects(&mail));
}

/// Temporary files and spool lock files left by killed writes are removed
/// by the (hourly) sweep once they are an hour old; fresh ones are left
/// alone.
#[test]
fn the_sweep_removes_leftovers_of_killed_writes() {
  let judge = Judge::with_config(&config());
  assert_eq!(judge.run_at(T1, &["sweep"], b"").status, 0);
  let data = judge.data();
  let old = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
  let leftovers = [
    data.join("queue").join(".x.json.1234.tmp"),
    data.join("users").join(".7.toml.AbCdEf"),
    data.join("spool").join("0001-1-0000-abc.lock"),
    data.join(".judge.toml.99.new"),
  ];
  for path in &leftovers {
    std::fs::write(path, b"").unwrap();
    std::fs::File::options().write(true).open(path).unwrap().set_modified(old).unwrap();
  }
  let fresh = data.join("index").join(".y.json.55.tmp");
  std::fs::write(&fresh, b"").unwrap();
  // The sweep cleans up once an hour.
  assert_eq!(judge.run_at("2026-03-03T11:00:00Z", &["sweep"], b"").status, 0);
  for path in &leftovers {
    assert!(!path.exists(), "{} left", path.display());
  }
  assert!(fresh.exists(), "a write that may be under way is left alone");
}

/// A log folder that cannot be written never stops the sweep: it logs to
/// stderr and keeps its stamp with the data.
#[test]
fn the_sweep_works_on_when_the_log_cannot_be_written() {
  let judge = Judge::with_config(&config());
  assert_eq!(judge.run_at(T1, &["sweep"], b"").status, 0);
  let log = judge.data().join("log");
  std::fs::remove_dir_all(&log).unwrap();
  std::fs::write(&log, b"not a folder").unwrap();
  let run = judge.run_at(T2, &["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(run.stderr.contains("sweep done"), "the log went to stderr: {}", run.stderr);
  let stamp = std::fs::read_to_string(judge.data().join("last-sweep")).unwrap();
  assert!(stamp.starts_with("2026-03-03T10:05:00"), "{stamp}");
  let reply = judge.run_at(T2, &["receive"], help_message(&judge, "dee@players.test").as_bytes());
  assert_eq!(reply.status, 0, "{}", reply.stderr);
  assert_eq!(replies_to(&judge.take_mail(), "dee@players.test").len(), 1);
}

/// A game whose file is damaged: an order for it gets one clear answer
/// (the message is kept and will be carried out), not "Invalid password";
/// the message stays for a retry, and the keeper is told once.
#[test]
fn an_order_for_a_damaged_game_is_kept_with_one_clear_answer() {
  let judge = Judge::with_config(&config());
  let table = Table::start(&judge, "dg", START);
  let file = judge.data().join("games").join("dg").join("game.json");
  let good = std::fs::read(&file).unwrap();
  std::fs::write(&file, b"{ this is not a game").unwrap();
  table.send("France", T1, "A Par-Bur\n");
  let mail = judge.take_mail();
  let replies = replies_to(&mail, &player("France"));
  assert_eq!(replies.len(), 1, "{:#?}", subjects(&mail));
  let body = &replies[0].body;
  assert!(body.contains("tries it again"), "{body}");
  assert!(!body.contains("Invalid password"), "{body}");
  assert_eq!(spooled(&judge), 1, "kept for a retry");
  // The keeper mends the game before the sweep retries: the order is
  // carried out and answered.
  std::fs::write(&file, good).unwrap();
  assert_eq!(judge.run_at(T2, &["sweep"], b"").status, 0);
  let mail = judge.take_mail();
  let replies = replies_to(&mail, &player("France"));
  assert_eq!(replies.len(), 1, "{:#?}", subjects(&mail));
  assert!(replies[0].body.contains("Army Paris -> Burgundy"), "{}", replies[0].body);
  assert_eq!(spooled(&judge), 0);
}
