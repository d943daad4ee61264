//! The game store as a judgekeeper and players see it (issue 4, item 1
//! "Game store" and "Bad input"): deliveries at once and a sweep running
//! beside them lose nothing and do nothing twice; a redelivered message is
//! carried out once; a crash between saving a game and writing out its mail
//! is finished by the next sweep; a damaged game is reported, not fatal;
//! names cannot reach outside the data directory; passwords are never kept
//! or shown.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use game_support::{
  board, initial, password, player, register, Pairs, Table, FAST, MASTER, POWERS,
};
use judge::map::Map;
use judge_support::{parse_sent, Judge, Sent, NOW};

/// Movement phases process only half an hour after the last orders came
/// in, so that a sweep (run later) is the one to process them.
const DELAYED: &str =
  "[move]\nmin = 0.0\ndelay = 0.5\n[retreat]\ndelay = 0.0\n[adjust]\ndelay = 0.0\n";

/// An hour after [`NOW`]: when a [`DELAYED`] phase is due.
const LATER: &str = "2026-03-03T00:30:00Z";

/// Two hours after [`NOW`]: when a [`DELAYED`] phase whose orders came in
/// by [`LATER`] is due.
const FINAL: &str = "2026-03-03T01:30:00Z";

const KEEPER: &str = "judgekeeper@localhost";

/// Spring 1901 orders for each power: every unit moves, and nothing
/// bounces, so the board afterwards shows that every order was taken.
fn opening(power: &str) -> &'static str {
  match power {
    "Austria" => "A Vie - Gal\nA Bud - Ser\nF Tri - Alb\n",
    "England" => "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n",
    "France" => "A Par - Bur\nA Mar - Spa\nF Bre - Mid\n",
    "Germany" => "F Kie - Den\nA Ber - Kie\nA Mun - Ruh\n",
    "Italy" => "A Ven - Pie\nA Rom - Apu\nF Nap - Ion\n",
    "Russia" => "A Mos - Ukr\nA War - Lvn\nF Sev - Rum\nF Stp/sc - Bot\n",
    "Turkey" => "A Con - Bul\nA Smy - Arm\nF Ank - Bla\n",
    _ => panic!("not a power: {power}"),
  }
}

/// The units after every [`opening`] order succeeded, named as LIST shows
/// them.
fn after_opening() -> Pairs {
  let map = Map::standard().expect("the standard map");
  let mut units = Pairs::new();
  for (power, _) in POWERS {
    for order in opening(power).lines() {
      let (kind, target) = order.split_once(" - ").expect("a move");
      let kind = &kind[..1];
      let (kind, location) =
        judge::order::parse_unit(map, &format!("{kind} {target}")).expect("a place of the map");
      let kind = kind.expect("a unit type").name();
      units.insert((power.to_string(), format!("{kind} {}", map.location_name(location))));
    }
  }
  units
}

/// A power's Spring 1901 orders as a raw message (signed on first), with a
/// fresh Message-ID.
fn orders_message(judge: &Judge, game: &str, power: &str) -> String {
  let body = format!("SIGN ON {}{game} {}\n{}", initial(power), password(power), opening(power));
  judge.message(&player(power), "orders", &body)
}

/// Every address of a game of [`Table`]: the Master and the seven players.
fn members() -> Vec<String> {
  let mut all: Vec<String> = POWERS.iter().map(|(p, _)| player(p)).collect();
  all.push(MASTER.to_string());
  all
}

/// The Results mails of `game` among `mail`.
fn results<'m>(mail: &'m [Sent], game: &str) -> Vec<&'m Sent> {
  let prefix = format!("XXXX:{game} - ");
  mail.iter().filter(|m| m.subject.starts_with(&prefix) && m.subject.ends_with("Results")).collect()
}

/// Fails unless each member got exactly one Results mail of `game` for
/// Spring 1901, and nobody else got one.
fn assert_processed_once(mail: &[Sent], game: &str) {
  let results = results(mail, game);
  let subjects: Vec<&str> = mail.iter().map(|m| m.subject.as_str()).collect();
  for member in members() {
    let got = results.iter().filter(|m| m.to == member).count();
    assert_eq!(got, 1, "{member} should get exactly one Results mail: {subjects:#?}");
  }
  assert_eq!(results.len(), 8, "Results only to the members: {subjects:#?}");
  assert!(results.iter().all(|m| m.subject.contains("S1901M")), "{subjects:#?}");
}

/// Fails unless each player got exactly one reply, without an error flag.
fn assert_one_clean_reply_each(mail: &[Sent]) {
  for (power, _) in POWERS {
    let to = player(power);
    let replies: Vec<&Sent> =
      mail.iter().filter(|m| m.to == to && m.subject.starts_with("Re:")).collect();
    assert_eq!(replies.len(), 1, "{power} should get exactly one reply: {mail:#?}");
    assert!(!replies[0].subject.contains("[Error Flag]"), "{}", replies[0].body);
  }
}

/// A [`Table`] game whose seven players have all mailed their Spring 1901
/// orders at [`NOW`]; the mail so far is taken.
fn table_with_orders_in<'j>(judge: &'j Judge, game: &str) -> Table<'j> {
  let table = Table::start(judge, game, NOW);
  for (power, _) in POWERS {
    table.send(power, NOW, opening(power));
  }
  judge.take_mail();
  table
}

/// The files of a snapshot under `sub` (a top-level directory of the data
/// directory).
fn under(snapshot: &BTreeMap<PathBuf, Vec<u8>>, subs: &[&str]) -> BTreeMap<PathBuf, Vec<u8>> {
  snapshot
    .iter()
    .filter(|(p, _)| subs.iter().any(|s| p.starts_with(s)))
    .map(|(p, b)| (p.clone(), b.clone()))
    .collect()
}

/// A snapshot without the outbox (to show that nothing but mail changed).
/// The data directory but the mail sent and the records of messages
/// handled (kept a week so that no message is carried out twice).
fn without_outbox(snapshot: BTreeMap<PathBuf, Vec<u8>>) -> BTreeMap<PathBuf, Vec<u8>> {
  snapshot.into_iter().filter(|(p, _)| !p.starts_with("outbox") && !p.starts_with("seen")).collect()
}

fn read_json(path: &Path) -> serde_json::Value {
  let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
  serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write_json(path: &Path, value: &serde_json::Value) {
  std::fs::write(path, serde_json::to_vec_pretty(value).expect("json")).expect("write");
}

/// Every file of the outbox, by name, with its bytes.
fn outbox(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  judge.files_in("outbox").into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect()
}

// ------------------------------------------------------------ 1. at once

#[test]
fn seven_order_mails_delivered_at_once_are_all_taken_and_processed_once() {
  let judge = &Judge::with_config(FAST);
  let table = Table::start(judge, "rush", NOW);
  let messages: Vec<String> =
    POWERS.iter().map(|(power, _)| orders_message(judge, "rush", power)).collect();
  let statuses: Vec<i32> = std::thread::scope(|scope| {
    let handles: Vec<_> = messages
      .iter()
      .map(|raw| scope.spawn(move || judge.run_at(NOW, &["receive"], raw.as_bytes())))
      .collect();
    handles.into_iter().map(|h| h.join().expect("a delivery thread")).map(|r| r.status).collect()
  });
  assert_eq!(statuses, vec![0; 7], "every delivery was handled");
  let mail = judge.take_mail();
  assert_one_clean_reply_each(&mail);
  assert_processed_once(&mail, "rush");
  assert!(judge.files_in("spool").is_empty(), "nothing left in the spool");

  let (units, _, _) = board(&table.listing(NOW));
  assert_eq!(units, after_opening(), "every power's orders were carried out");
  judge.sweep_at(LATER);
  assert!(judge.take_mail().is_empty(), "the sweep found nothing left to do");
}

// ------------------------------------------------- 2. a sweep beside mail

#[test]
fn a_sweep_running_while_mail_arrives_loses_nothing_and_does_nothing_twice() {
  let judge = &Judge::with_config(DELAYED);
  let table = Table::start(judge, "race", NOW);
  // Each player mails orders, and asks for the game's listing in another
  // message, while the cron job sweeps again and again.
  let mut messages: Vec<String> =
    POWERS.iter().map(|(power, _)| orders_message(judge, "race", power)).collect();
  for (power, _) in POWERS {
    messages.push(judge.message(&player(power), "listing", "LIST race\n"));
  }
  let done = &std::sync::atomic::AtomicBool::new(false);
  let (statuses, sweeps) = std::thread::scope(|scope| {
    let sweeper = scope.spawn(move || {
      let mut sweeps = Vec::new();
      while !done.load(std::sync::atomic::Ordering::SeqCst) {
        let run = judge.run_at(LATER, &["sweep"], b"");
        sweeps.push((run.status, run.stderr));
      }
      sweeps
    });
    let senders: Vec<_> = messages
      .iter()
      .map(|raw| scope.spawn(move || judge.run_at(NOW, &["receive"], raw.as_bytes()).status))
      .collect();
    let statuses: Vec<i32> = senders.into_iter().map(|h| h.join().expect("a sender")).collect();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    (statuses, sweeper.join().expect("the sweeper"))
  });
  assert_eq!(statuses, vec![0; 14], "every delivery was handled");
  // The cron job comes round once more, after the last delivery.
  judge.sweep_at(FINAL);
  let mail = judge.take_mail();
  let subjects: Vec<(&str, &str)> =
    mail.iter().map(|m| (m.to.as_str(), m.subject.as_str())).collect();
  for (power, _) in POWERS {
    for what in ["orders", "listing"] {
      let to = player(power);
      let these = mail
        .iter()
        .filter(|m| m.to == to && m.subject.starts_with("Re:") && m.subject.ends_with(what))
        .count();
      assert_eq!(these, 1, "{power} should get one reply to its {what}: {subjects:#?}");
    }
  }
  assert_processed_once(&mail, "race");
  let failed: Vec<&(i32, String)> = sweeps.iter().filter(|(status, _)| *status != 0).collect();
  assert!(failed.is_empty(), "{} of {} sweeps failed: {failed:#?}", failed.len(), sweeps.len());

  let (units, _, _) = board(&table.listing(FINAL));
  assert_eq!(units, after_opening(), "every power's orders were carried out");
  judge.sweep_at(FINAL);
  assert!(judge.take_mail().is_empty(), "a second sweep sends nothing");
}

// -------------------------------------------------------- 3. redelivery

#[test]
fn a_redelivered_order_mail_is_carried_out_once() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "again", NOW);
  let redelivered_at = "2026-03-02T23:40:00Z";
  let state = |judge: &Judge| under(&judge.snapshot(), &["games", "index"]);

  let france = orders_message(&judge, "again", "France");
  assert_eq!(judge.receive(france.as_bytes()).status, 0);
  table.send("Germany", NOW, opening("Germany"));
  assert_eq!(judge.take_mail().len(), 2, "one reply each");
  let before = state(&judge);
  let run = judge.run_at(redelivered_at, &["receive"], france.as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(judge.take_mail().is_empty(), "the redelivery sends nothing");
  assert_eq!(state(&judge), before, "the redelivery changes no game");

  let mut last = String::new();
  for (power, _) in POWERS.iter().filter(|(p, _)| !["France", "Germany"].contains(p)) {
    last = orders_message(&judge, "again", power);
    assert_eq!(judge.receive(last.as_bytes()).status, 0);
  }
  let mail = judge.take_mail();
  assert_processed_once(&mail, "again");

  // The message that completed the orders, and France's from before the
  // phase was processed, come again: no second Results, no orders for the
  // new phase, no reply.
  let before = state(&judge);
  for raw in [&last, &france] {
    let run = judge.run_at(redelivered_at, &["receive"], raw.as_bytes());
    assert_eq!(run.status, 0, "{}", run.stderr);
  }
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "the redeliveries send nothing: {mail:#?}");
  assert_eq!(state(&judge), before, "the redeliveries change no game");
  let listing = table.listing(redelivered_at);
  assert!(listing.contains("F1901M"), "{listing}");
  assert_eq!(board(&listing).0, after_opening());
}

#[test]
fn a_redelivered_create_or_sign_on_is_carried_out_once() {
  let judge = Judge::new();
  let ann = "ann@players.test";
  let bob = "bob@players.test";
  register(&judge, NOW, ann);
  register(&judge, NOW, bob);
  let create = judge.message(ann, "new game", "CREATE ?fresh annpw\n");
  assert_eq!(judge.receive(create.as_bytes()).status, 0);
  let join = judge.message(bob, "join", "SIGN ON ?fresh bobpw\n");
  assert_eq!(judge.receive(join.as_bytes()).status, 0);
  judge.take_mail();
  let before = under(&judge.snapshot(), &["games", "index"]);

  assert_eq!(judge.receive(join.as_bytes()).status, 0);
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "a redelivered SIGN ON sends nothing: {mail:#?}");
  assert_eq!(judge.receive(create.as_bytes()).status, 0);
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "a redelivered CREATE sends nothing: {mail:#?}");
  assert_eq!(under(&judge.snapshot(), &["games", "index"]), before, "no game changed");
}

// ------------------------------------------------------------- 4. crash

/// What a crash between saving a game and writing out its last change's
/// mail and history took away: the files, with the bytes they had.
struct Crash {
  lost: BTreeMap<PathBuf, Vec<u8>>,
}

/// Makes it as if the judge had crashed right after saving `game`'s last
/// change: the index entry pending with the change's origin, and the
/// change's outbox files and history files gone.
fn crash_after_saving(judge: &Judge, game: &str) -> Crash {
  let data = judge.data();
  let saved = read_json(&data.join(format!("games/{game}/game.json")));
  let journal = &saved["journal"];
  let origin = journal["origin"].as_str().expect("the journal's origin").to_string();
  let stamp = journal["stamp"].as_str().expect("the journal's stamp").to_string();
  let mut lost = BTreeMap::new();
  for (path, bytes) in outbox(judge) {
    if path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.contains(&stamp)) {
      lost.insert(path, bytes);
    }
  }
  let mails = journal["mail"].as_array().expect("the journal's mail").len();
  assert!(mails > 0 && lost.len() == mails, "the change's {mails} mails are in the outbox");
  for entry in journal["history"].as_array().expect("the journal's history") {
    let number = entry["number"].as_u64().expect("a history number");
    let path = data.join(format!("games/{game}/history/{number:06}.json"));
    lost.insert(path.clone(), std::fs::read(&path).expect("the change's history file"));
  }
  for path in lost.keys() {
    std::fs::remove_file(path).expect("remove");
  }
  let index = data.join(format!("index/{game}.json"));
  let mut entry = read_json(&index);
  entry["pending"] = serde_json::Value::String(origin);
  write_json(&index, &entry);
  Crash { lost }
}

/// Fails unless every file the crash took is back, exactly as it was.
fn assert_restored(crash: &Crash) {
  for (path, bytes) in &crash.lost {
    let now = std::fs::read(path).unwrap_or_else(|e| panic!("{} is not back: {e}", path.display()));
    assert!(now == *bytes, "{} is back but different", path.display());
  }
}

fn pending(judge: &Judge, game: &str) -> serde_json::Value {
  read_json(&judge.data().join(format!("index/{game}.json")))["pending"].clone()
}

#[test]
fn a_crash_between_saving_a_game_and_sending_its_mail_is_finished_by_the_sweep() {
  let judge = Judge::with_config(FAST);
  let table = table_with_orders_in(&judge, "crash");
  let outbox_before = outbox(&judge);
  let history_before = judge.files_in("games/crash/history");
  let entry_before = read_json(&judge.data().join("index/crash.json"));

  // The change that processed the phase: replies, Results and history.
  let crash = crash_after_saving(&judge, "crash");
  let lost_mail = crash.lost.keys().filter(|p| p.starts_with(judge.data().join("outbox"))).count();
  assert!(lost_mail >= 9, "the change that sent the reply and eight Results");
  assert!(crash.lost.len() > lost_mail, "and wrote the Results into the history");
  judge.sweep_at(NOW);
  assert_restored(&crash);
  assert_eq!(outbox(&judge), outbox_before, "the lost mail is written once, nothing more");
  assert_eq!(judge.files_in("games/crash/history"), history_before);
  assert_eq!(pending(&judge, "crash"), serde_json::Value::Null, "the entry is no longer pending");
  assert_eq!(read_json(&judge.data().join("index/crash.json")), entry_before);

  let before = judge.snapshot();
  judge.sweep_at(NOW);
  assert_eq!(judge.snapshot(), before, "a second sweep writes nothing more");

  // A crash before the game file was saved: the entry names a change the
  // game never got. The sweep clears it and sends nothing.
  let index = judge.data().join("index/crash.json");
  let mut entry = read_json(&index);
  entry["pending"] = serde_json::Value::String("0123456789abcdef0123456789abcdef".into());
  write_json(&index, &entry);
  let before = without_index(judge.snapshot());
  judge.sweep_at(NOW);
  assert_eq!(pending(&judge, "crash"), serde_json::Value::Null, "the entry is cleared");
  assert_eq!(without_index(judge.snapshot()), before, "no mail, no change to the game");
  assert_eq!(read_json(&index), entry_before);
  let (units, _, _) = board(&table.listing(NOW));
  assert_eq!(units, after_opening());
}

fn without_index(snapshot: BTreeMap<PathBuf, Vec<u8>>) -> BTreeMap<PathBuf, Vec<u8>> {
  snapshot.into_iter().filter(|(p, _)| !p.starts_with("index")).collect()
}

#[test]
fn a_crash_before_sending_is_finished_by_the_next_mail_to_the_game() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "resume", NOW);
  table.send("France", NOW, opening("France"));
  judge.take_mail();
  let crash = crash_after_saving(&judge, "resume");
  // France's reply is lost; Germany's orders come next.
  let outbox_before = outbox(&judge).len();
  assert_eq!(crash.lost.len(), 1, "the change was France's reply");
  table.send("Germany", NOW, opening("Germany"));
  assert_restored(&crash);
  assert_eq!(pending(&judge, "resume"), serde_json::Value::Null);
  assert_eq!(outbox(&judge).len(), outbox_before + 2, "France's reply, then Germany's");
  let listing = table.listing(NOW);
  assert!(listing.contains("S1901M"), "{listing}");
}

// ------------------------------------------------------------ 5. damage

const GARBAGE: &[u8] = b"{\"format\": 1, \"name\": \"broken\", \x00\xff garbage";

/// A game `broken` (forming, created by the Master) whose game file is
/// garbage, and whose index entry says it is under way and due.
fn damage_broken(judge: &Judge) {
  judge.send_at(NOW, MASTER, "create", "CREATE ?broken masterpw\nBECOME MASTER\n");
  std::fs::write(judge.data().join("games/broken/game.json"), GARBAGE).expect("write");
  let index = judge.data().join("index/broken.json");
  let mut entry = read_json(&index);
  entry["status"] = serde_json::Value::String("active".into());
  entry["wake"] = serde_json::Value::String(NOW.into());
  write_json(&index, &entry);
  judge.take_mail();
}

#[test]
fn a_damaged_game_is_reported_to_the_sender_and_the_keeper_and_the_sweep_goes_on() {
  let judge = Judge::with_config(DELAYED);
  table_with_orders_in(&judge, "good");
  damage_broken(&judge);

  let before = without_outbox(judge.snapshot());
  let run = judge.run_at(
    NOW,
    &["receive"],
    judge.message(&player("France"), "join", "SIGN ON ?broken frpw\n").as_bytes(),
  );
  assert_eq!(run.status, 0, "{}", run.stderr);
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == player("France")).expect("a reply to the sender");
  assert!(reply.body.contains("cannot be read"), "{}", reply.body);
  assert!(reply.body.contains("keeps the message"), "{}", reply.body);
  let keeper: Vec<&Sent> = mail.iter().filter(|m| m.to == KEEPER).collect();
  assert_eq!(keeper.len(), 1, "{mail:#?}");
  assert!(keeper[0].subject.contains("Damaged game"), "{}", keeper[0].subject);
  assert!(keeper[0].body.contains("broken"), "{}", keeper[0].body);
  assert_eq!(mail.len(), 2, "{mail:#?}");
  // The message is kept for a retry once the game is mended; nothing else
  // changed.
  let kept = |snapshot: BTreeMap<PathBuf, Vec<u8>>| -> BTreeMap<PathBuf, Vec<u8>> {
    without_outbox(snapshot)
      .into_iter()
      .filter(|(p, _)| !p.starts_with("spool") && !p.ends_with("broken.damaged"))
      .collect()
  };
  assert_eq!(kept(judge.snapshot()), kept(before.clone()), "nothing but mail changed");
  let spooled = judge.files_in("spool");
  assert!(spooled.iter().any(|p| p.extension().is_some_and(|e| e == "eml")), "{spooled:?}");
  let before = without_outbox(judge.snapshot());

  judge.send_at(NOW, &player("Italy"), "list", "LIST broken\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == player("Italy")).expect("a reply to LIST");
  assert!(reply.body.contains("cannot be read"), "{}", reply.body);
  assert!(mail.iter().all(|m| m.to != KEEPER), "the keeper is told once: {mail:#?}");
  assert_eq!(without_outbox(judge.snapshot()), before, "nothing but mail changed");

  judge.sweep_at(LATER);
  let mail = judge.take_mail();
  assert_processed_once(&mail, "good");
  assert!(mail.iter().all(|m| !m.subject.contains(":broken")), "{mail:#?}");
  assert_eq!(std::fs::read(judge.data().join("games/broken/game.json")).unwrap(), GARBAGE);
}

#[test]
fn list_full_from_a_member_of_a_damaged_game_still_gets_an_answer() {
  let judge = Judge::new();
  register(&judge, NOW, MASTER);
  damage_broken(&judge);
  judge.send_at(NOW, MASTER, "create", "CREATE ?fine masterpw\n");
  judge.take_mail();
  let run = judge.receive(judge.message(MASTER, "list", "LIST FULL\n").as_bytes());
  assert_eq!(run.status, 0, "LIST FULL is handled: {}", run.stderr);
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply to LIST FULL");
  assert!(reply.body.contains("cannot be read"), "{}", reply.body);
  assert!(reply.body.contains("Game 'fine'"), "the other game is listed: {}", reply.body);
}

#[test]
fn a_damaged_game_left_pending_by_a_crash_does_not_stop_the_sweep() {
  let judge = Judge::with_config(DELAYED);
  table_with_orders_in(&judge, "good");
  damage_broken(&judge);
  let index = judge.data().join("index/broken.json");
  let mut entry = read_json(&index);
  entry["pending"] = serde_json::Value::String("0123456789abcdef0123456789abcdef".into());
  write_json(&index, &entry);

  judge.sweep_at(LATER);
  assert_processed_once(&judge.take_mail(), "good");
  assert_eq!(std::fs::read(judge.data().join("games/broken/game.json")).unwrap(), GARBAGE);
}

// ------------------------------------------------------------ 6. names

#[test]
fn game_names_that_leave_the_data_directory_are_refused() {
  let judge = Judge::new();
  let ann = "ann@players.test";
  register(&judge, NOW, ann);
  judge.take_mail();
  let root = judge.data().parent().expect("the temporary directory").to_path_buf();
  let before = without_outbox(judge.snapshot());
  let tries = [
    "CREATE ?../evil pw\n",
    "CREATE ?..\\evil pw\n",
    "SIGN ON ?..%2f x pw\n",
    "SIGN ON ?../../evil pw\n",
    "SIGN ON F../evil pw\n",
    "OBSERVE ../evil pw\n",
    "LIST ../../etc\n",
    "HISTORY /etc/passwd\n",
    "SUMMARY ../index\n",
  ];
  let refusals = ["cannot be a game name", "Invalid password or power", "no game called"];
  for body in tries {
    let run = judge.receive(judge.message(ann, "escape", body).as_bytes());
    assert_eq!(run.status, 0, "{body}: {}", run.stderr);
    let reply = judge.reply_to(ann);
    assert!(refusals.iter().any(|r| reply.body.contains(r)), "{body}: {}", reply.body);
    assert!(!reply.subject.contains("evil"), "no game was joined: {}", reply.subject);
  }
  assert_eq!(without_outbox(judge.snapshot()), before, "nothing changed in the data directory");
  assert!(judge.files_in("games").is_empty(), "no game directory");
  assert!(judge.files_in("index").is_empty(), "no index entry");
  let outside: Vec<PathBuf> =
    std::fs::read_dir(&root).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
  assert_eq!(outside, vec![judge.data()], "nothing beside the data directory");
  let mut everything = Vec::new();
  all_files(&root, &mut everything);
  let evil: Vec<&PathBuf> =
    everything.iter().filter(|p| p.to_string_lossy().contains("evil")).collect();
  assert!(evil.is_empty(), "{evil:?}");
}

fn all_files(dir: &Path, files: &mut Vec<PathBuf>) {
  let Ok(entries) = std::fs::read_dir(dir) else { return };
  for entry in entries.filter_map(|e| e.ok()) {
    let path = entry.path();
    if path.is_dir() {
      all_files(&path, files);
    }
    files.push(path);
  }
}

// -------------------------------------------------------- 7. passwords

#[test]
fn passwords_are_never_stored_or_shown() {
  let judge = Judge::new();
  let (ann, bob, cat) = ("ann@players.test", "bob@players.test", "cat@players.test");
  for who in [ann, bob, cat] {
    register(&judge, NOW, who);
  }
  judge.take_mail();
  let secrets = ["Zebra7Quartz", "Mango3Falcon", "Otter9Violet", "Cobalt4Heron", "Wrong5Guess"];
  let mut echoes = Vec::new();
  let mut mails = Vec::new();
  for (from, body) in [
    (ann, "CREATE ?pwgame Zebra7Quartz\n"),
    (bob, "SIGN ON ?pwgame Mango3Falcon\n"),
    (cat, "OBSERVE pwgame Cobalt4Heron\n"),
    (bob, "SIGN ON ?pwgame Mango3Falcon\nSET PASSWORD Otter9Violet\n"),
    (bob, "SIGN ON ?pwgame Mango3Falcon\n"),
    (bob, "SIGN ON ?pwgame Wrong5Guess\n"),
    (bob, "SIGN ON ?pwgame Otter9Violet\nWHOGAME\n"),
  ] {
    judge.send_at(NOW, from, "pw", body);
    let mail = judge.take_mail();
    let reply = mail.iter().find(|m| m.to == from).expect("a reply").clone();
    echoes.push((body, reply));
    mails.extend(mail);
  }
  for (body, reply) in &echoes {
    let with_password = ["CREATE", "SIGN ON", "OBSERVE", "SET PASSWORD"];
    for line in body.lines().filter(|l| with_password.iter().any(|c| l.starts_with(c))) {
      let words: Vec<&str> = line.split_whitespace().collect();
      let shown = format!("> {} ********", words[..words.len() - 1].join(" "));
      assert!(reply.body.contains(&shown), "'{line}' echoed as '{shown}':\n{}", reply.body);
    }
  }
  assert!(echoes[3].1.body.contains("has been changed"), "{}", echoes[3].1.body);
  assert!(echoes[4].1.body.contains("Invalid password"), "the old one no longer works");
  assert!(echoes[5].1.body.contains("Invalid password"), "a wrong one does not work");
  assert!(!echoes[6].1.body.contains("Invalid password"), "the new one works");
  assert!(echoes[6].1.body.contains("You are signed on"), "{}", echoes[6].1.body);

  for mail in &mails {
    for secret in secrets {
      for form in [secret.to_string(), secret.to_lowercase()] {
        assert!(
          !mail.body.contains(&form) && !mail.subject.contains(&form),
          "{form} shown in mail to {}:\n{}",
          mail.to,
          mail.body
        );
      }
    }
  }
  let mut files = Vec::new();
  all_files(&judge.data(), &mut files);
  assert!(files.iter().any(|p| p.ends_with("log/judge.log")), "the log is searched too");
  assert!(files.iter().any(|p| p.ends_with("games/pwgame/game.json")));
  for path in files.iter().filter(|p| p.is_file()) {
    let bytes = std::fs::read(path).unwrap();
    if path.extension().is_some_and(|e| e == "eml") {
      let sent = parse_sent(path);
      assert!(secrets.iter().all(|s| !sent.body.contains(s)), "{}", path.display());
    }
    // In any case: the original and the lower-case forms among them.
    let lower = bytes.to_ascii_lowercase();
    for secret in secrets {
      let form = secret.to_lowercase().into_bytes();
      let found = lower.windows(form.len()).any(|w| w == form.as_slice());
      assert!(!found, "{secret} is stored in {}", path.display());
    }
  }
}
