//! Crashes at every change: `judge receive` and `judge sweep` are stopped
//! (abort, as a SIGKILL would: no destructor, no flush) right before each
//! change they make to the data directory in turn (the fault injection of
//! `judge::fault`), then the judge recovers the way it does in
//! service: the sweep runs, the MTA delivers the message again, the sweep
//! runs again. Every message must then have been carried out exactly once
//! and answered exactly once, and every phase processed once with its
//! results sent once.

use crate::game_support;
use crate::judge_support;

use game_support::{holds, password, player, register, Table, POWERS};
use judge_support::{subjects, Judge, Sent};

const START: &str = "2026-03-02T10:00:00Z";
const T1: &str = "2026-03-03T10:00:00Z";
const T2: &str = "2026-03-03T10:05:00Z";
const LATER: &str = "2026-03-03T13:00:00Z";
const AFTER: &str = "2026-03-03T13:05:00Z";

/// Phases wait an hour after the last orders, so the sweep processes them.
const CONFIG: &str = "keeper_address = \"keeper@localhost\"\n\
  [move]\nmin = 0.0\ndelay = 1.0\n[retreat]\ndelay = 0.0\n[adjust]\ndelay = 0.0\n";

/// The most changes one run is expected to make: the loop stops there
/// even if the fault was never reached (which would fail the test).
const MAX_POINTS: usize = 200;

fn crash_at(n: usize) -> [(&'static str, String); 1] {
  [("JUDGE_FAULT_AT", n.to_string())]
}

/// Runs `args` with a crash planned at change `n`; returns whether the
/// crash happened (false: the run made fewer than `n` changes).
fn crashed(judge: &Judge, now: &str, args: &[&str], stdin: &[u8], n: usize) -> bool {
  let env = crash_at(n);
  let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
  let run = judge.run_with(now, args, stdin, &env);
  if run.stderr.contains("fault injected") {
    assert_ne!(run.status, 0, "a crashed run cannot succeed");
    return true;
  }
  assert!(run.status == 0 || run.status == 75, "status {}: {}", run.status, run.stderr);
  false
}

/// What the MTA and cron do after a crash: the sweep, the redelivery, the
/// sweep again.
fn recover(judge: &Judge, raw: &[u8]) {
  let sweep = judge.run_at(T2, &["sweep"], b"");
  assert_eq!(sweep.status, 0, "{}", sweep.stderr);
  let again = judge.run_at(T2, &["receive"], raw);
  assert_eq!(again.status, 0, "{}", again.stderr);
  let sweep = judge.run_at(T2, &["sweep"], b"");
  assert_eq!(sweep.status, 0, "{}", sweep.stderr);
}

/// Whether a file holds the same state: an index entry marked pending by a
/// commit that then failed is the same entry (the next reader clears it).
fn same_state(before: Option<&Vec<u8>>, after: &[u8]) -> bool {
  let Some(before) = before else { return false };
  let unmarked = |bytes: &[u8]| {
    let mut value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    value.as_object_mut()?.remove("pending");
    Some(value)
  };
  before.as_slice() == after || unmarked(before).is_some_and(|b| Some(b) == unmarked(after))
}

fn count(mail: &[Sent], to: &str, subject_part: &str) -> usize {
  mail.iter().filter(|m| m.to == to && m.subject.contains(subject_part)).count()
}

/// Crashes a message at every change in turn; `check` sees the mail sent
/// in all (the crashed run, the recovery) and the judge afterwards.
fn crash_everywhere(template: &Judge, raw: &str, check: impl Fn(usize, &Judge, &[Sent])) {
  for n in 1..MAX_POINTS {
    let judge = template.copy();
    if !crashed(&judge, T1, &["receive"], raw.as_bytes(), n) {
      assert!(n > 4, "the message made only {} changes", n - 1);
      return;
    }
    recover(&judge, raw.as_bytes());
    let mail = judge.take_mail();
    check(n, &judge, &mail);
  }
  panic!("no run finished within {MAX_POINTS} changes");
}

#[test]
fn a_registration_crashed_anywhere_is_made_and_answered_once() {
  let template = Judge::with_config(CONFIG);
  assert_eq!(template.run_at(START, &["init"], b"").status, 0);
  let ann = "ann@players.test";
  let raw = template.message(
    ann,
    "register",
    "REGISTER\nName: Ann Tester\nAddress: 1 Test Road\nCountry: Testland\n\
     Email: ann@players.test\nLevel: Novice\nEND\n",
  );
  crash_everywhere(&template, &raw, |n, judge, mail| {
    assert_eq!(count(mail, ann, "Re:"), 1, "crash at {n}: {:#?}", subjects(mail));
    let records =
      judge.files_in("users").into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml"));
    assert_eq!(records.count(), 1, "crash at {n}: one user");
  });
}

#[test]
fn help_and_a_failed_sign_on_crashed_anywhere_are_answered_once() {
  let template = Judge::with_config(CONFIG);
  Table::start(&template, "cr", START);
  let bob = "bob@players.test";
  let raw = template.message(bob, "help", "HELP\n");
  crash_everywhere(&template, &raw, |n, _, mail| {
    assert_eq!(count(mail, bob, "Re:"), 1, "crash at {n}: {:#?}", subjects(mail));
    assert_eq!(mail.iter().filter(|m| m.to == bob).count(), 2, "reply and file once: {n}");
  });
  let raw = template.message(&player("France"), "wrong", "SIGN ON Fcr wrongpassword\n");
  crash_everywhere(&template, &raw, |n, _, mail| {
    let to = player("France");
    assert_eq!(count(mail, &to, "Re:"), 1, "crash at {n}: {:#?}", subjects(mail));
  });
}

#[test]
fn orders_crashed_anywhere_are_taken_and_answered_once() {
  let template = Judge::with_config(CONFIG);
  let table = Table::start(&template, "co", START);
  let france = player("France");
  let raw = template.message(
    &france,
    "orders",
    &format!("SIGN ON Fco {}\nA Par-Bur\nF Bre-Mao\nA Mar H\n", password("France")),
  );
  crash_everywhere(&template, &raw, |n, judge, mail| {
    assert_eq!(count(mail, &france, "Re:"), 1, "crash at {n}: {:#?}", subjects(mail));
    let check = Table { judge, game: table.game.clone() };
    check.send("France", T2, "");
    let reply = judge.take_mail();
    let orders = &check.reply(&reply, "France").body;
    assert!(orders.contains("Army Paris -> Burgundy"), "crash at {n}: {orders}");
  });
}

#[test]
fn a_sign_on_crashed_anywhere_joins_once() {
  let template = Judge::with_config(CONFIG);
  register(&template, START, "master@players.test");
  let ann = "ann@players.test";
  register(&template, START, ann);
  template.send_at(START, "master@players.test", "create", "CREATE ?cj masterpw\n");
  template.take_mail();
  let raw = template.message(ann, "join", "SIGN ON ?cj annpw\n");
  crash_everywhere(&template, &raw, |n, judge, mail| {
    assert_eq!(count(mail, ann, "Re:"), 1, "crash at {n}: {:#?}", subjects(mail));
    judge.send_at(T2, ann, "who", "WHOGAME cj\n");
    let reply = judge.reply_to(ann);
    let seats = reply.body.lines().filter(|l| l.starts_with("User #") && l.ends_with(ann));
    assert_eq!(seats.count(), 1, "crash at {n}: {}", reply.body);
  });
}

/// The sweep processing a phase, crashed at every change: once recovered,
/// the phase was processed once and everyone got the results once.
#[test]
fn a_phase_processed_by_a_crashed_sweep_is_processed_and_sent_once() {
  let template = Judge::with_config(CONFIG);
  let table = Table::start(&template, "cs", START);
  for (power, _) in POWERS {
    table.send(power, T1, holds(power));
  }
  template.take_mail();
  sweep_crashed_everywhere(&template, |n, judge, mail| {
    for (power, _) in POWERS {
      let results = count(mail, &player(power), "S1901M Results");
      assert_eq!(results, 1, "crash at {n}, {power}: {:#?}", subjects(mail));
    }
    let check = Table { judge, game: table.game.clone() };
    assert!(check.listing(AFTER).contains("F1901M"), "crash at {n}: processed once");
  });
}

/// Crashes the sweep that processes a due phase at every change in turn,
/// recovers with two more sweeps; `check` sees the mail sent in all and
/// the judge afterwards.
fn sweep_crashed_everywhere(template: &Judge, check: impl Fn(usize, &Judge, &[Sent])) {
  for n in 1..MAX_POINTS {
    let judge = template.copy();
    if !crashed(&judge, LATER, &["sweep"], b"", n) {
      assert!(n > 11, "the sweep made only {} changes", n - 1);
      return;
    }
    for _ in 0..2 {
      let sweep = judge.run_at(AFTER, &["sweep"], b"");
      assert_eq!(sweep.status, 0, "{}", sweep.stderr);
    }
    let mail = judge.take_mail();
    check(n, &judge, &mail);
  }
  panic!("no sweep finished within {MAX_POINTS} changes");
}

/// A Payola turn processed by a crashed sweep: once recovered, the bribes
/// were paid once (no money made or lost) and every ledger sent once.
#[test]
fn a_payola_turn_processed_by_a_crashed_sweep_pays_and_reports_once() {
  let template = Judge::with_config(CONFIG);
  let table = Table::start_with(&template, "cp", START, "Standard Payola", "");
  table.send("France", T1, "5 : A Par - Bur\nA Mar H\nF Bre H\n");
  table.send("Germany", T1, "6 : A Par H\nA Mun H\nF Kie H\nA Ber H\n");
  for (power, _) in POWERS.iter().filter(|(p, _)| !matches!(*p, "France" | "Germany")) {
    table.send(power, T1, holds(power));
  }
  template.take_mail();
  sweep_crashed_everywhere(&template, |n, judge, mail| {
    for (power, _) in POWERS {
      let ledgers = count(mail, &player(power), "S1901M Ledger");
      assert_eq!(ledgers, 1, "crash at {n}, {power}: {:#?}", subjects(mail));
    }
    judge.send_at(AFTER, "master@players.test", "list", "SIGN ON Mcp masterpw\nLIST cp\n");
    let list = judge.reply_to("master@players.test").body;
    assert!(list.contains("Treasury of Germany: 42 AgP"), "crash at {n}: {list}");
    assert!(list.contains("Treasury of France: 48 AgP"), "crash at {n}: {list}");
    assert!(list.contains("F1901M"), "crash at {n}: processed once");
  });
}

/// The disk fills up at every change in turn: an exit 75 (the MTA tries
/// again) comes only when nothing was changed; after an exit 0 the
/// message was carried out, and the sweep sends what could not be written.
/// Either way the sender is answered once and the orders are taken.
#[test]
fn orders_on_a_disk_that_fills_up_anywhere_are_taken_and_answered_once() {
  let template = Judge::with_config(CONFIG);
  let table = Table::start(&template, "fd", START);
  let france = player("France");
  let raw = template.message(
    &france,
    "orders",
    &format!("SIGN ON Ffd {}\nA Par-Bur\nF Bre-Mao\nA Mar H\n", password("France")),
  );
  let mut full_runs = 0;
  for n in 1..MAX_POINTS {
    let judge = template.copy();
    let before = judge.snapshot();
    let env = [("JUDGE_FAULT_AT", n.to_string()), ("JUDGE_FAULT_MODE", "full".to_string())];
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let run = judge.run_with(T1, &["receive"], raw.as_bytes(), &env);
    match run.status {
      75 => {
        full_runs += 1;
        let after = judge.snapshot();
        let changed: Vec<_> = after
          .iter()
          .filter(|(path, bytes)| !same_state(before.get(*path), bytes))
          .map(|(path, _)| path.clone())
          .filter(|path| !path.starts_with("lock") && !path.starts_with("spool"))
          .collect();
        assert!(changed.is_empty(), "disk full at {n}: exit 75 but changed {changed:?}");
        let again = judge.run_at(T2, &["receive"], raw.as_bytes());
        assert_eq!(again.status, 0, "{}", again.stderr);
      }
      0 => {
        let sweep = judge.run_at(T2, &["sweep"], b"");
        assert_eq!(sweep.status, 0, "{}", sweep.stderr);
      }
      other => panic!("disk full at {n}: status {other}: {}", run.stderr),
    }
    let mail = judge.take_mail();
    assert_eq!(count(&mail, &france, "Re:"), 1, "disk full at {n}: {:#?}", subjects(&mail));
    let check = Table { judge: &judge, game: table.game.clone() };
    check.send("France", T2, "");
    let reply = judge.take_mail();
    let orders = &check.reply(&reply, "France").body;
    assert!(orders.contains("Army Paris -> Burgundy"), "disk full at {n}: {orders}");
    if !run.stderr.contains("fault injected") {
      // The message made fewer than `n` changes: every one was tried.
      assert!(full_runs > 2, "only {full_runs} changes came before the commit");
      assert!(n > full_runs + 3, "only {} changes came after the commit", n - full_runs);
      return;
    }
  }
  panic!("no run finished within {MAX_POINTS} changes");
}

/// An order form posted to `judge serve`, the server killed before each
/// change it makes in turn; then what follows in service: the sweep runs,
/// the player's browser sends the form again (a new server), the sweep
/// runs again. The orders are taken once and the seat is mailed its
/// receipt once, as for a mailed message.
#[test]
fn a_web_order_post_crashed_anywhere_is_taken_and_answered_once() {
  use crate::web_support::{form, Server};
  let template = Judge::with_config(CONFIG);
  let table = Table::start(&template, "cw", START);
  let (cookie, csrf) = {
    let server = Server::start(&template);
    let body = form(&[("power", "France"), ("password", &password("France"))]);
    let signed = server.post("/games/cw/login", "", &body);
    let cookie = signed.cookie().expect("signed in");
    let csrf = server.get_as("/games/cw/me", &cookie).field("csrf").expect("a csrf field");
    (cookie, csrf)
  };
  let _ = std::fs::remove_file(template.data().join("web.sock"));
  let france = player("France");
  let orders = form(&[
    ("orders", "A Par-Bur\nF Bre-Mao\nA Mar H\n"),
    ("csrf", &csrf),
    ("phase", "S1901M"),
    ("form", "f1"),
  ]);
  for n in 1..MAX_POINTS {
    let judge = template.copy();
    let fault = n.to_string();
    let mut server = Server::start_with(&judge, &[("JUDGE_FAULT_AT", &fault)]);
    let answer = server.try_post("/games/cw/orders", &cookie, &orders);
    // No answer: the server died on the way (give it a moment to be gone).
    let started = std::time::Instant::now();
    while answer.is_none() && !server.ended() {
      assert!(started.elapsed().as_secs() < 10, "crash at {n}: no answer, yet the server lives");
      std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let crashed = answer.is_none();
    drop(server);
    let _ = std::fs::remove_file(judge.data().join("web.sock"));
    if !crashed {
      let answer = answer.expect("an answer from a server that did not crash");
      assert_eq!(answer.status, 200, "{answer:?}");
      assert!(n > 4, "the post made only {} changes", n - 1);
      return;
    }
    let sweep = judge.run_at(T2, &["sweep"], b"");
    assert_eq!(sweep.status, 0, "{}", sweep.stderr);
    let again = Server::start(&judge).post("/games/cw/orders", &cookie, &orders);
    assert_eq!(again.status, 200, "crash at {n}: {again:?}");
    let _ = std::fs::remove_file(judge.data().join("web.sock"));
    let sweep = judge.run_at(T2, &["sweep"], b"");
    assert_eq!(sweep.status, 0, "{}", sweep.stderr);
    let mail = judge.take_mail();
    assert_eq!(count(&mail, &france, "Re:"), 1, "crash at {n}: {:#?}", subjects(&mail));
    let check = Table { judge: &judge, game: table.game.clone() };
    check.send("France", T2, "");
    let reply = judge.take_mail();
    let listed = &check.reply(&reply, "France").body;
    assert!(listed.contains("Fleet Brest -> Mid-Atlantic Ocean."), "crash at {n}: {listed}");
  }
  panic!("no post finished within {MAX_POINTS} changes");
}
