//! Lateness by the clock (manual §5.1), driven by `judge sweep` alone: late
//! notices at the deadline and every day after it, abandonment at the end
//! of grace (NoNMR), the notices going on while the game waits, a takeover, and in an NMR game
//! abandonment a day before the end of grace and civil disorder at its end,
//! after which the game goes on without the late power. Dedication follows.

use crate::judge_support;

use crate::game_support;

use game_support::{holds, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
const TUESDAY: &str = "2026-03-03T12:00:00Z";
const BEFORE_DEADLINE: &str = "2026-03-05T23:29:00Z";
const DEADLINE: &str = "2026-03-05T23:30:00Z";
const NEXT_DAY: &str = "2026-03-06T23:30:00Z";
const GRACE_LESS_A_DAY: &str = "2026-03-11T22:30:00Z";
const GRACE: &str = "2026-03-12T22:30:00Z";

/// Every power but France sends holds.
fn all_but_france(table: &Table, now: &str) {
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, now, holds(power));
  }
}

#[test]
fn a_late_power_gets_daily_notices_and_is_abandoned_at_the_end_of_grace() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "late", START);
  all_but_france(&table, TUESDAY);
  judge.take_mail();

  judge.sweep_at(BEFORE_DEADLINE);
  assert!(judge.take_mail().is_empty(), "nothing before the deadline");

  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  let to_france: Vec<&Sent> = mail.iter().filter(|m| m.to == player("France")).collect();
  assert_eq!(to_france.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(to_france[0].subject, "[You are late!] XXXX:late - S1901M Late Notice: F");
  assert!(
    to_france[0].body.contains("Your orders for Movement for Spring of 1901"),
    "{}",
    to_france[0].body
  );
  assert!(
    to_france[0].body.contains("Thu Mar 12 2026 22:30:00 +0000"),
    "the end of grace: {}",
    to_france[0].body
  );
  let to_master = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
  assert_eq!(to_master.subject, "XXXX:late - S1901M Late Notice: F");
  assert!(to_master.body.contains("orders are still\nmissing from: France."), "{}", to_master.body);
  assert_eq!(mail.len(), 8, "France, the six others and the Master: {:#?}", subjects(&mail));

  judge.sweep_at(DEADLINE);
  assert!(judge.take_mail().is_empty(), "a second sweep at the same time sends nothing");
  judge.sweep_at(NEXT_DAY);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 8, "a reminder a day later: {:#?}", subjects(&mail));

  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  let notice = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
  assert_eq!(notice.subject, "XXXX:late - S1901M Abandoned: F", "{:#?}", subjects(&mail));
  assert!(notice.body.contains("France has been abandoned"), "{}", notice.body);
  // A NoNMR game waits for a replacement, and the daily notices go on.
  judge.sweep_at("2026-03-20T10:00:00Z");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 8, "one notice to each, however long since: {:#?}", subjects(&mail));
  let to_master = mail.iter().find(|m| m.to == MASTER).expect("the Master is told");
  assert_eq!(to_master.subject, "XXXX:late - S1901M Late Notice: F");
  assert!(
    to_master
      .body
      .contains("The grace period ended Thu Mar 12 2026 22:30:00 +0000. The game waits")
      && to_master.body.contains("  SIGN ON Flate password\n"),
    "{}",
    to_master.body
  );
  let to_france = mail.iter().find(|m| m.to == player("France")).expect("France is told");
  assert!(
    to_france.body.says("France has been abandoned. The game\nwaits until you take it back"),
    "{}",
    to_france.body
  );
  judge.sweep_at("2026-03-20T10:05:00Z");
  assert!(judge.take_mail().is_empty(), "one notice a day");
  let listing = table.listing("2026-03-20T10:00:00Z");
  assert!(listing.contains("(S1901M)"), "still Spring 1901:\n{listing}");
  assert!(listing.contains("abandoned"), "{listing}");

  // A newcomer takes France over and gets a deadline of their own.
  let newcomer = "newcomer@players.test";
  register(&judge, "2026-03-20T10:00:00Z", newcomer);
  judge.take_mail();
  judge.send_at("2026-03-20T10:00:00Z", newcomer, "take", "SIGN ON Flate newpw\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == newcomer).expect("a reply");
  assert!(reply.body.contains("taken over the abandoned France"), "{}", reply.body);
  assert!(
    reply.body.contains(":: Deadline: S1901M Mon Mar 23 2026 23:30:00 +0000"),
    "{}",
    reply.body
  );
  judge.send_at(
    "2026-03-20T11:00:00Z",
    newcomer,
    "orders",
    "SIGN ON Flate newpw\nSET NO WAIT\nA Par H\nA Mar H\nF Bre H\n",
  );
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:late - S1901M Results"),
    "the phase goes on once France's orders are in: {:#?}",
    subjects(&mail)
  );

  // The late player lost a point for each of the three notices and fifty
  // for being abandoned; the on-time players earned three for the phase.
  judge.send_at("2026-03-20T12:00:00Z", &player("France"), "me", "GET DEDICATION\n");
  let reply = judge.reply_to(&player("France"));
  assert!(reply.body.contains("Dedication:      -53 points"), "{}", reply.body);
  judge.send_at("2026-03-20T12:00:00Z", &player("Italy"), "me", "GET DEDICATION\n");
  let reply = judge.reply_to(&player("Italy"));
  assert!(reply.body.contains("Dedication:      3 points"), "{}", reply.body);
  assert!(reply.body.contains("On-time ratio:   1.00 (1 of 1 phases on time)"), "{}", reply.body);
}

#[test]
fn an_nmr_game_left_alone_reaches_the_next_phase_by_sweep_alone() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "nmr", START);
  judge.send_at(START, MASTER, "nmr", "SIGN ON Mnmr masterpw\nSET NMR\n");
  let mail = judge.take_mail();
  assert!(
    mail
      .iter()
      .any(|m| m.to == player("France") && m.subject == "XXXX:nmr - S1901M Parameter Change"),
    "{:#?}",
    subjects(&mail)
  );
  all_but_france(&table, TUESDAY);
  judge.take_mail();

  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  let to_france = mail.iter().find(|m| m.to == player("France")).expect("a late notice");
  assert!(to_france.body.contains("put in civil disorder"), "{}", to_france.body);

  judge.sweep_at(GRACE_LESS_A_DAY);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject == "XXXX:nmr - S1901M Abandoned: F"),
    "an NMR game abandons a day before the end of grace: {:#?}",
    subjects(&mail)
  );

  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  let results = mail.iter().find(|m| m.to == MASTER && m.subject == "XXXX:nmr - S1901M Results");
  let results =
    results.unwrap_or_else(|| panic!("processed at the end of grace: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Civil disorder: France."), "{}", results.body);
  assert!(results.body.contains("France: Army Paris, No Order Processed."), "{}", results.body);

  // France, in civil disorder, does not hold up the next phase.
  let fall = "2026-03-13T10:00:00Z";
  all_but_france(&table, fall);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:nmr - F1901M Results"),
    "the other six are enough: {:#?}",
    subjects(&mail)
  );
  judge.send_at(fall, &player("France"), "me", "GET DEDICATION\n");
  let reply = judge.reply_to(&player("France"));
  assert!(reply.body.contains("Civil disorder:  1.00 (1 in 1 games)"), "{}", reply.body);

  // Signing on again takes France back, out of civil disorder, even after
  // the Master closed the game to players with France's civil-disorder
  // record: the admission rules are for newcomers, not a seat's owner.
  let spring = "2026-03-14T10:00:00Z";
  judge.send_at(spring, MASTER, "resrat", "SIGN ON Mnmr masterpw\nSET RESRAT 0.5\n");
  assert!(judge.reply_to(MASTER).body.contains("0.50"), "the threshold is set");
  table.send("France", spring, "");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("You have taken back France"), "{}", reply.body);
  assert!(reply.body.contains("France is no longer in civil disorder."), "{}", reply.body);
  assert!(!reply.body.contains("A wait"), "no wait is put on the owner: {}", reply.body);
  assert!(
    mail
      .iter()
      .any(|m| m.to == MASTER && m.subject == "XXXX:nmr - S1902M Returning Player Signon: F"),
    "{:#?}",
    subjects(&mail)
  );
}

/// CIVIL_PREVIEW (SET PREVIEW LATE): at the end of grace with France
/// late, France is neither abandoned nor put in civil disorder; the
/// Master alone gets a preview of the results, once; the phase waits, and
/// the Master's PROCESS plays it with France's units holding.
#[test]
fn civil_preview_sends_the_master_a_preview_and_waits_for_process() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "prev", START, "Standard", "SET PREVIEW LATE\n");
  judge.send_at(START, MASTER, "list", "SIGN ON Mprev masterpw\nLIST\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.says("CIVIL_PREVIEW"), "{}", reply.body);
  table.send("Germany", TUESDAY, "A Mun - Bur\nA Ber H\nF Kie H\n");
  for (power, _) in POWERS.iter().filter(|(p, _)| !matches!(*p, "France" | "Germany")) {
    table.send(power, TUESDAY, holds(power));
  }
  judge.take_mail();
  judge.sweep_at(DEADLINE);
  judge.take_mail();

  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  let previews: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Preview")).collect();
  assert_eq!(previews.len(), 1, "the Master alone: {:#?}", subjects(&mail));
  let preview = previews[0];
  assert_eq!(preview.to, MASTER);
  assert!(preview.body.says("has ended with France still late"), "{}", preview.body);
  assert!(preview.body.contains("Germany: Army Munich -> Burgundy."), "{}", preview.body);
  assert!(!mail.iter().any(|m| m.subject.contains("Abandoned")), "{:#?}", subjects(&mail));
  assert!(!mail.iter().any(|m| m.subject.ends_with("Results")), "not processed");
  judge.sweep_at("2026-03-13T10:00:00Z");
  let mail = judge.take_mail();
  assert!(!mail.iter().any(|m| m.subject.ends_with("Preview")), "once: {:#?}", subjects(&mail));
  assert!(!mail.iter().any(|m| m.subject.ends_with("Results")), "still waiting");

  judge.send_at("2026-03-13T11:00:00Z", MASTER, "process", "SIGN ON Mprev masterpw\nPROCESS\n");
  let mail = judge.take_mail();
  let results = mail
    .iter()
    .find(|m| m.to == player("Germany") && m.subject == "XXXX:prev - S1901M Results")
    .unwrap_or_else(|| panic!("processed: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Germany: Army Munich -> Burgundy."), "{}", results.body);
}
