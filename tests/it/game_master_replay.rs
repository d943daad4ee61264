//! A game a Master runs by mail from start to a corrected turn: a FORCE
//! BEGIN with three players and four dummies, conditional orders kept for
//! the Fall, the Master's PROCESS of a phase the dummies hold up, then a
//! ROLLBACK, a corrected order and the turn processed again, after which
//! the kept orders are decided anew by the new board (manual §§6.3, 8.2).

use crate::game_support;
use crate::judge_support;

use game_support::{password, player, register, FAST, MASTER};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
const T1: &str = "2026-03-03T10:00:00Z";
const T2: &str = "2026-03-03T11:00:00Z";
const T3: &str = "2026-03-03T12:00:00Z";

fn find<'m>(mail: &'m [Sent], to: &str, ending: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.contains(ending))
    .unwrap_or_else(|| panic!("no '{ending}' to {to}: {:#?}", subjects(mail)))
}

fn as_master(judge: &Judge, now: &str, lines: &str) -> Vec<Sent> {
  judge.send_at(now, MASTER, "master", &format!("SIGN ON Mrp masterpw\n{lines}"));
  judge.take_mail()
}

#[test]
fn forced_begin_kept_orders_rollback_and_reprocess() {
  let judge = Judge::with_config(FAST);
  register(&judge, START, MASTER);
  for power in ["France", "Germany", "Italy"] {
    register(&judge, START, &player(power));
  }
  judge.send_at(START, MASTER, "create", "CREATE ?rp masterpw\nBECOME MASTER\n");
  for (power, letter) in [("France", 'F'), ("Germany", 'G'), ("Italy", 'I')] {
    let body = format!("SIGN ON ?rp {}\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(START, &player(power), "join", &body);
  }
  judge.take_mail();

  // Three players of seven: the Master starts the game anyway.
  let mail = as_master(&judge, T1, "FORCE BEGIN\n");
  let started = find(&mail, &player("France"), "Game Starting");
  assert!(started.body.contains("France"), "{}", started.body);
  assert!(find(&mail, MASTER, "Game Starting").body.contains("Austria"));

  // France moves on Burgundy and keeps conditional Fall orders: on to
  // Munich if Burgundy is French by then, else try again.
  let france = "SIGN ON Frp pwfrance\nA Par-Bur\nA Mar H\nF Bre H\n\
                PHASE Fall 1901 Movement\n\
                IF French Army Burgundy THEN\nA Bur-Mun\nELSE\nA Par-Bur\nENDIF\n";
  judge.send_at(T1, &player("France"), "orders", france);
  let reply = judge.take_mail();
  let reply = find(&reply, &player("France"), "S1901M");
  assert!(reply.body.contains("Noted for F1901M"), "{}", reply.body);
  judge.send_at(
    T1,
    &player("Germany"),
    "o",
    "SIGN ON Grp pwgermany\nA Mun-Bur\nA Ber H\nF Kie H\n",
  );
  judge.send_at(T1, &player("Italy"), "o", "SIGN ON Irp pwitaly\nA Ven H\nA Rom H\nF Nap H\n");
  let mail = judge.take_mail();
  assert!(mail.iter().all(|m| !m.subject.ends_with("Results")), "the dummies hold the game up");

  // The Master processes it: the two armies bounce in Burgundy, so the
  // kept orders take the ELSE branch.
  let mail = as_master(&judge, T2, "PROCESS S1901M\n");
  let results = find(&mail, &player("Italy"), "S1901M Results");
  assert!(results.body.contains("Army Paris -> Burgundy."), "{}", results.body);
  assert!(results.body.contains("bounce"), "{}", results.body);
  let pending = find(&mail, &player("France"), "F1901M Pending Orders");
  assert!(pending.body.contains("IF French Army Burgundy: false."), "{}", pending.body);

  // Germany's order was a slip: the Master takes the turn back, holds
  // Munich for Germany and processes the turn again.
  let mail = as_master(&judge, T3, "ROLLBACK\nA Mun H\nPROCESS S1901M\n");
  let reply = find(&mail, MASTER, "S1901M");
  assert!(reply.body.contains("is back at turn 001"), "{}", reply.body);
  assert!(reply.body.contains("Accepted for Germany: Army Munich HOLD."), "{}", reply.body);
  find(&mail, &player("Italy"), "Rollback");
  let results = find(&mail, &player("Italy"), "S1901M Results");
  assert!(!results.body.contains("bounce"), "{}", results.body);
  // The orders kept for the Fall were kept through the rollback and are
  // decided by the corrected board.
  let pending = find(&mail, &player("France"), "F1901M Pending Orders");
  assert!(pending.body.contains("IF French Army Burgundy: true."), "{}", pending.body);
  judge.send_at(T3, MASTER, "list", "LIST rp\n");
  let listing = judge.take_mail();
  let listing = &find(&listing, MASTER, "").body;
  assert!(listing.contains("Army Burgundy."), "{listing}");
  assert!(listing.contains("F1901M"), "{listing}");
}
