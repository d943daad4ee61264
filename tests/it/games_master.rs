//! The Master's commands by mail (manual §§8.1–8.2): PAUSE and RESUME,
//! PROCESS, ROLLBACK and reprocessing, orders without BECOME, FORCE BEGIN
//! with dummies, UNSTART, EJECT, PROMOTE, PREDICT, TERMINATE and SET
//! [UN]MODERATE, each with the refusals a player or a bad argument gets.

use crate::game_support;
use crate::judge_support;

use game_support::{holds, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
const T1: &str = "2026-03-03T10:00:00Z";
const T2: &str = "2026-03-03T11:00:00Z";
const T3: &str = "2026-03-03T12:00:00Z";

/// Mails `lines` as the Master of `game`, signed on; returns all the mail.
fn master(judge: &Judge, game: &str, now: &str, lines: &str) -> Vec<Sent> {
  judge.send_at(now, MASTER, "master", &format!("SIGN ON M{game} masterpw\n{lines}"));
  judge.take_mail()
}

fn reply<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {to}: {:#?}", subjects(mail)))
}

fn with_subject<'m>(mail: &'m [Sent], to: &str, ending: &str) -> Option<&'m Sent> {
  mail.iter().find(|m| m.to == to && m.subject.ends_with(ending))
}

/// Everyone but France sends holds, so France's orders decide the phase.
fn others_hold(table: &Table, now: &str) {
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, now, holds(power));
  }
  table.judge.take_mail();
}

#[test]
fn players_cannot_use_master_commands() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "mc", START);
  for command in [
    "PAUSE",
    "PROCESS",
    "ROLLBACK",
    "FORCE BEGIN",
    "UNSTART",
    "PREDICT",
    "PROMOTE x@y.z",
    "EJECT Germany",
    "SET UNMODERATE",
  ] {
    table.send("France", T1, &format!("{command}\n"));
    let mail = judge.take_mail();
    let answer = reply(&mail, &player("France"));
    assert!(answer.body.contains("is for the Master"), "{command}: {}", answer.body);
    assert!(answer.subject.contains("mc"), "{}", answer.subject);
    assert_eq!(mail.len(), 1, "{command} sent mail: {:#?}", subjects(&mail));
  }
  // TERMINATE is a moderator's: in a moderated game, not a player's.
  table.send("France", T1, "TERMINATE\n");
  assert!(judge.reply_to(&player("France")).body.contains("is for the Master"));
}

#[test]
fn pause_stops_the_clock_and_resume_moves_the_deadline_on() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "pz", START);
  let mail = master(&judge, "pz", T1, "PAUSE\n");
  assert!(reply(&mail, MASTER).body.contains("is paused until you send RESUME"));
  let notice = with_subject(&mail, &player("Italy"), "Game Paused").expect("players told");
  assert!(notice.body.contains("press may still be sent"), "{}", notice.body);

  assert!(table.listing(T1).contains("The game is paused since"), "LIST tells");
  // Orders wait; press goes on.
  table.send("France", T2, "A Par-Bur\n");
  let answer = judge.reply_to(&player("France"));
  assert!(answer.body.contains("is paused: no orders are taken"), "{}", answer.body);
  table.send("France", T2, "BROADCAST\nStill here.\nENDPRESS\n");
  assert!(judge
    .take_mail()
    .iter()
    .any(|m| m.to == player("Italy") && m.body.contains("Still here.")));

  // A month on: nothing processed, nobody late, a daily reminder.
  judge.sweep_at("2026-04-03T10:30:00Z");
  let swept = judge.take_mail();
  assert!(
    swept.iter().all(|m| !m.subject.contains("Late") && !m.subject.contains("Results")),
    "{:#?}",
    subjects(&swept)
  );
  assert!(
    with_subject(&swept, &player("Italy"), "Game Paused").is_some(),
    "{:#?}",
    subjects(&swept)
  );
  judge.sweep_at("2026-04-03T11:00:00Z");
  assert!(judge.take_mail().is_empty(), "one reminder a day");

  let mail = master(&judge, "pz", "2026-04-03T12:00:00Z", "RESUME\n");
  let resumed = with_subject(&mail, &player("Italy"), "Game Resumed").expect("players told");
  assert!(resumed.body.contains("deadline moved on"), "{}", resumed.body);
  // The deadline was days after the start: a month of pause moved it a
  // month on, so the sweep an hour later finds nobody late.
  judge.sweep_at("2026-04-03T13:00:00Z");
  assert!(judge.take_mail().iter().all(|m| !m.subject.contains("Late")));
  let mail = master(&judge, "pz", "2026-04-03T13:00:00Z", "RESUME\n");
  assert!(reply(&mail, MASTER).body.contains("neither paused nor over"));
}

#[test]
fn process_names_the_phase_and_ignores_any_other() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "pr", START);
  table.send("France", T1, "A Par-Bur\n");
  judge.take_mail();
  let mail = master(&judge, "pr", T2, "PROCESS Fall 1901 Movement\n");
  let answer = reply(&mail, MASTER);
  assert!(
    answer.body.contains("is in S1901M, not F1901M: the PROCESS was ignored"),
    "{}",
    answer.body
  );
  assert!(mail.iter().all(|m| !m.subject.ends_with("Results")));
  let mail = master(&judge, "pr", T2, "PROCESS Autumn\n");
  assert!(reply(&mail, MASTER).body.contains("is not a phase"));

  // Spelled out or short, the current phase is processed with what is in:
  // the others' units hold and nobody is in civil disorder.
  let mail = master(&judge, "pr", T2, "PROCESS Spring 1901 Movement\n");
  let said = &reply(&mail, MASTER).body;
  assert!(said.contains("On the Master's PROCESS (not all orders were in)"), "{said}");
  assert!(!said.contains("All orders are in"), "{said}");
  let results = with_subject(&mail, &player("Italy"), "S1901M Results").expect("results");
  assert!(results.body.contains("Army Paris -> Burgundy."), "{}", results.body);
  assert!(!results.body.to_lowercase().contains("civil disorder"), "{}", results.body);
  assert!(table.listing(T3).contains("F1901M"));
}

#[test]
fn rollback_restores_the_turn_and_its_orders_for_the_master_to_correct() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "rb", START);
  let mail = master(&judge, "rb", T1, "ROLLBACK\n");
  assert!(reply(&mail, MASTER).body.contains("has not processed a turn yet"));

  others_hold(&table, T1);
  table.send("France", T1, "F Bre H\nA Mar H\nA Par-Bur\n");
  let mail = judge.take_mail();
  assert!(
    with_subject(&mail, &player("Italy"), "S1901M Results").is_some(),
    "{:#?}",
    subjects(&mail)
  );
  let listing = table.listing(T1);
  assert!(listing.contains("Army Burgundy."), "{listing}");

  for (bad, says) in
    [("ROLLBACK 9", "has not been played yet"), ("ROLLBACK two", "is not a turn number")]
  {
    let game_file = judge.data().join("games/rb/game.json");
    let before = std::fs::read(&game_file).expect("the game file");
    let mail = master(&judge, "rb", T2, &format!("{bad}\n"));
    assert!(reply(&mail, MASTER).body.contains(says), "{bad}: {}", reply(&mail, MASTER).body);
    assert!(std::fs::read(&game_file).expect("the game file") == before, "{bad} changed the game");
  }

  // Back to before turn 001, France's orders in again; the Master corrects
  // one without BECOME and processes the turn again.
  let mail = master(&judge, "rb", T2, "ROLLBACK 001\nA Par-Pic\nPROCESS S1901M\n");
  let answer = reply(&mail, MASTER);
  assert!(answer.body.contains("is back at turn 001"), "{}", answer.body);
  assert!(answer.body.contains("Accepted for France: Army Paris -> Picardy."), "{}", answer.body);
  let told = with_subject(&mail, &player("Italy"), "Rollback").expect("players told");
  assert!(told.body.contains("rolled game 'rb' back to turn 001"), "{}", told.body);
  let results = with_subject(&mail, &player("Italy"), "S1901M Results").expect("reprocessed");
  assert!(results.body.contains("Army Paris -> Picardy."), "{}", results.body);
  assert!(
    results.body.contains("Army Venice HOLD") || results.body.contains("Army Venice Hold"),
    "the others' orders were in again: {}",
    results.body
  );
  let listing = table.listing(T3);
  assert!(listing.contains("Army Picardy.") && !listing.contains("Burgundy"), "{listing}");
}

#[test]
fn master_orders_without_become_do_not_count_as_the_power_in() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "mo", START);
  others_hold(&table, T1);
  let mail = master(&judge, "mo", T1, "F Bre H, A Mar H\nA Par-Gas\nA Vie-Tyr\nF Lon-Mars\n");
  let answer = reply(&mail, MASTER);
  assert!(
    answer.body.contains("'F Bre H': Accepted for France: Fleet Brest HOLD")
      || answer.body.contains("Accepted for France: Fleet Brest"),
    "{}",
    answer.body
  );
  assert!(answer.body.contains("Accepted for France: Army Paris -> Gascony."), "{}", answer.body);
  assert!(answer.body.contains("Accepted for Austria: Army Vienna -> Tyrolia."), "{}", answer.body);
  assert!(answer.body.contains("Error:"), "{}", answer.body);
  assert!(
    answer.subject.contains("[Error Flag]") || answer.body.contains("Error"),
    "{}",
    answer.subject
  );
  // Every unit has an order, yet France has not sent any: no processing.
  // Austria's orders were in, and a Master's change leaves them in (it
  // must not earn Austria a late notice).
  assert!(mail.iter().all(|m| !m.subject.ends_with("Results")), "{:#?}", subjects(&mail));
  // France's own mail counts, and keeps the Master's orders it does not
  // replace: with it, everyone is in.
  table.send("France", T2, "A Mar H\n");
  let mail = judge.take_mail();
  assert!(
    with_subject(&mail, &player("Italy"), "S1901M Results")
      .is_some_and(|r| r.body.contains("Army Vienna -> Tyrolia.")),
    "{:#?}",
    subjects(&mail)
  );
  let results = with_subject(&mail, &player("Italy"), "S1901M Results").expect("processed");
  assert!(results.body.contains("Army Paris -> Gascony."), "{}", results.body);
}

#[test]
fn force_begin_fills_the_game_with_abandoned_dummies() {
  let judge = Judge::with_config(FAST);
  register(&judge, START, MASTER);
  for power in ["France", "Germany", "Italy"] {
    register(&judge, START, &player(power));
  }
  judge.send_at(START, MASTER, "create", "CREATE ?fb masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let mail = master(&judge, "fb", START, "FORCE BEGIN\n");
  assert!(reply(&mail, MASTER).body.contains("has no player yet"), "{}", reply(&mail, MASTER).body);
  for (power, letter) in [("France", 'F'), ("Germany", 'G')] {
    let body = format!("SIGN ON ?fb {}\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(START, &player(power), "join", &body);
  }
  judge.take_mail();
  let mail = master(&judge, "fb", T1, "FORCE BEGIN\n");
  let answer = reply(&mail, MASTER);
  assert!(answer.body.contains("has started with 5 dummy players"), "{}", answer.body);
  assert!(
    with_subject(&mail, &player("France"), "Game Starting").is_some(),
    "{:#?}",
    subjects(&mail)
  );
  assert_eq!(
    mail.iter().filter(|m| m.subject.ends_with("Game Starting")).count(),
    3,
    "two players and the Master; the dummies get no mail: {:#?}",
    subjects(&mail)
  );
  let mail = master(&judge, "fb", T1, "FORCE BEGIN\n");
  assert!(reply(&mail, MASTER).body.contains("has already started"));

  // A dummy's power is open for a real player to take over.
  let italy = player("Italy");
  judge.send_at(T2, &italy, "take", &format!("SIGN ON Ifb {}\n", password("Italy")));
  let mail = judge.take_mail();
  let answer = reply(&mail, &italy);
  assert!(answer.body.contains("Italy"), "{}", answer.body);
  assert!(!answer.body.contains("Error"), "{}", answer.body);
}

#[test]
fn unstart_goes_back_to_forming_until_the_first_turn_is_played() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "us", START);
  let mail = master(&judge, "us", T1, "UNSTART\n");
  assert!(reply(&mail, MASTER).body.contains("is forming again"), "{}", reply(&mail, MASTER).body);
  assert!(with_subject(&mail, &player("France"), "Game Unstarted").is_some());
  // Full, but MANUAL START: it waits for the Master.
  judge.sweep_at(T2);
  assert!(judge.take_mail().iter().all(|m| !m.subject.ends_with("Game Starting")));
  let body = format!("SIGN ON ?us {}\nSET PREFERENCE F\n", password("France"));
  judge.send_at(T2, &player("France"), "pref", &body);
  assert!(judge.reply_to(&player("France")).body.contains("Preference list 'F' set"));
  let mail = master(&judge, "us", T2, "FORCE BEGIN\n");
  assert!(reply(&mail, MASTER).body.contains("has started"), "{}", reply(&mail, MASTER).body);
  others_hold(&table, T3);
  table.send("France", T3, holds("France"));
  judge.take_mail();
  let mail = master(&judge, "us", T3, "UNSTART\n");
  assert!(reply(&mail, MASTER).body.contains("has processed turns already"));
}

#[test]
fn eject_promote_predict_and_terminate() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "ep", START);
  let watcher = "watcher@players.test";
  register(&judge, START, watcher);
  judge.send_at(START, watcher, "watch", "OBSERVE ep watchpw\n");
  judge.take_mail();

  let mail = master(&judge, "ep", T1, "EJECT Germany\n");
  assert!(reply(&mail, MASTER).body.contains("Germany has been ejected"));
  let notice = with_subject(&mail, &player("Italy"), "Resignation: Germany").expect("told");
  assert!(notice.body.contains("SIGN ON Gep password"), "{}", notice.body);
  let mail = master(&judge, "ep", T1, "EJECT Kaiser\n");
  assert!(reply(&mail, MASTER).body.contains("Nobody in game 'ep' is 'Kaiser'"));

  let mail = master(&judge, "ep", T1, "PROMOTE france@players.test\n");
  assert!(reply(&mail, MASTER).body.contains("is not an observer"));
  let mail = master(&judge, "ep", T1, &format!("PROMOTE {watcher}\n"));
  assert!(reply(&mail, MASTER).body.contains("is now a Master"));
  assert!(with_subject(&mail, &player("Italy"), "Master Promotion").is_some());
  // The new Master can act as one: PREDICT goes to them alone.
  table.send("France", T2, "A Par-Bur\n");
  judge.take_mail();
  judge.send_at(T2, watcher, "p", "SIGN ON Mep watchpw\nPREDICT\n");
  let mail = judge.take_mail();
  let prediction = with_subject(&mail, watcher, "Prediction").expect("a prediction");
  assert!(prediction.body.contains("Army Paris -> Burgundy."), "{}", prediction.body);
  assert!(mail.iter().all(|m| m.to == watcher), "nobody else sees it: {:#?}", subjects(&mail));
  assert!(table.listing(T2).contains("S1901M"), "nothing processed");

  // The Master leaves by EJECTing their own address.
  let mail = master(&judge, "ep", T2, &format!("EJECT {watcher}\n"));
  assert!(reply(&mail, MASTER).body.contains("is no longer a Master"));

  table.send("France", T2, "DIARY\nParis will never fall.\nENDPRESS\n");
  judge.take_mail();
  let mail = master(&judge, "ep", T3, "TERMINATE\n");
  let over = with_subject(&mail, &player("Italy"), "Game Terminated").expect("told");
  assert!(over.body.contains("terminated without a result"), "{}", over.body);
  // The game is over, so its diaries are read (manual §7.4).
  let diaries = with_subject(&mail, &player("Italy"), "Diaries").expect("the diaries");
  assert!(diaries.body.contains("Paris will never fall."), "{}", diaries.body);
  table.send("France", T3, "A Par-Bur\n");
  assert!(judge.reply_to(&player("France")).body.contains("is over"));
  // RESUME brings a terminated game back.
  let mail = master(&judge, "ep", T3, "RESUME\n");
  assert!(
    reply(&mail, MASTER).body.contains("is under way again"),
    "{}",
    reply(&mail, MASTER).body
  );
  table.send("France", T3, "A Par-Bur\n");
  assert!(judge.reply_to(&player("France")).body.contains("Accepted"));
}

#[test]
fn unmoderated_games_let_players_moderate_but_not_master() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "um", START);
  let mail = master(&judge, "um", T1, "SET UNMODERATE\n");
  assert!(
    mail.iter().any(|m| m.to == player("France") && m.subject.ends_with("Parameter Change")),
    "{:#?}",
    subjects(&mail)
  );
  let said = &reply(&mail, MASTER).body;
  assert!(
    said.contains(
      "In game 'um', the game is now unmoderated: its players may change its\nsettings.\n"
    ) || said.contains(
      "In game 'um', the game is now unmoderated: its players may change its settings.\n"
    ),
    "one full stop, no capital mid-sentence: {said}"
  );
  // A player may now moderate, but PAUSE stays the Master's.
  table.send("France", T2, "PAUSE\n");
  assert!(judge.reply_to(&player("France")).body.contains("is for the Master"));
  // A player may make it moderated again, as any setting of an
  // unmoderated game; undoing that is the Master's.
  table.send("France", T2, "SET MODERATE\n");
  let said = judge.reply_to(&player("France")).body;
  assert!(said.contains("the game is now moderated"), "{said}");
  table.send("France", T2, "SET UNMODERATE\n");
  assert!(judge.reply_to(&player("France")).body.contains("is for the Master"));
  let mail = master(&judge, "um", T2, "SET MODERATE\nSET MODERATE\n");
  assert!(reply(&mail, MASTER).body.contains("already moderated"));
  table.send("France", T3, "TERMINATE\n");
  assert!(judge.reply_to(&player("France")).body.contains("is for the Master"));
  master(&judge, "um", T3, "SET UNMODERATE\n");
  table.send("France", T3, "TERMINATE\n");
  let mail = judge.take_mail();
  assert!(
    with_subject(&mail, &player("Italy"), "Game Terminated").is_some(),
    "{:#?}",
    subjects(&mail)
  );
}

/// Manual §8.2: a Master resigns by EJECTing their own address. That
/// message once panicked the judge and, left in the spool, stopped every
/// later sweep.
#[test]
fn a_master_ejecting_themselves_leaves_the_game() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "me", START);
  let second = "second@players.test";
  register(&judge, START, second);
  judge.send_at(START, second, "watch", "OBSERVE me secondpw\n");
  judge.take_mail();
  let mail = master(&judge, "me", T1, &format!("PROMOTE {second}\n"));
  assert!(reply(&mail, MASTER).body.contains("is now a Master"));

  let run = judge.send_at(
    T1,
    MASTER,
    "bye",
    &format!("SIGN ON Mme masterpw\nEJECT {MASTER}\nSET WAIT\nPAUSE\n"),
  );
  assert_eq!(run.status, 0, "{}", run.stderr);
  let mail = judge.take_mail();
  let body = &reply(&mail, MASTER).body;
  assert!(body.contains("is no longer a Master"), "{body}");
  assert!(body.contains("no longer a member"), "later lines are refused: {body}");
  assert!(judge.data().join("spool").read_dir().unwrap().next().is_none(), "spool empty");
  // The other Master runs the game on; the first can no longer sign on.
  let mail = master(&judge, "me", T2, "PAUSE\n");
  let refused = &reply(&mail, MASTER).body;
  assert!(refused.contains("Invalid password") && !refused.contains("is paused"), "{refused}");
  judge.send_at(T2, second, "p", "SIGN ON Mme secondpw\nPAUSE\n");
  let mail = judge.take_mail();
  let paused = &reply(&mail, second).body;
  assert!(paused.contains("is paused until you send RESUME"), "{paused}");
  let sweep = judge.run_at(T3, &["sweep"], b"");
  assert_eq!(sweep.status, 0, "{}", sweep.stderr);
  let _ = table;
}
