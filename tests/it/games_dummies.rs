//! Powers nobody plays (the DPjudge's DUMMY), by mail: a Sengoku game
//! starts with its eight daimyo and never waits for the Neutral armies;
//! LIST and SUMMARY show Neutral without a player; the armies hold when
//! the phase is processed; draws are refused (NO_DRAW), and so is press
//! to the dummy.

use crate::judge_support;

use crate::game_support;

use game_support::{register, FAST, MASTER};
use judge_support::{Judge, Sent, NOW};

/// Sengoku's daimyo: name, initial, and holds for the opening units.
const DAIMYO: [(&str, char, &str); 8] = [
  ("Asakura", 'A', "F Ecz H\nA Omi H\n"),
  ("Chosokabe", 'C', "F Iyo H\nF Tos H\n"),
  ("Hojo", 'H', "F Izu H\nA Sag H\n"),
  ("Mori", 'R', "F Nag H\nA Iwa H\n"),
  ("Oda", 'D', "F Mik H\nA Owa H\n"),
  ("Shimazu", 'S', "A Sat H\nF Osu H\n"),
  ("Takeda", 'T', "A Ssh H\nA Kai H\n"),
  ("Uesugi", 'U', "F Ecg H\nA Koz H\n"),
];

fn address(name: &str) -> String {
  format!("{}@players.test", name.to_lowercase())
}

fn password(name: &str) -> String {
  format!("pw{}", name.to_lowercase())
}

/// The reply to `to` among `mail`.
fn reply<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {to} in {mail:#?}"))
}

/// The Master's reply to `body`.
fn master_asks(judge: &Judge, body: &str) -> String {
  judge.send(MASTER, "ask", body);
  let mail = judge.take_mail();
  reply(&mail, MASTER).body.clone()
}

/// A judge with a Sengoku game `sengo` created by the Master and all but
/// the last daimyo signed on, each asking for its own power.
fn forming() -> Judge {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  for (name, ..) in DAIMYO {
    register(&judge, NOW, &address(name));
  }
  judge.take_mail();
  judge.send(MASTER, "create", "CREATE ?sengo masterpw Sengoku\nBECOME MASTER\n");
  for (name, initial, _) in &DAIMYO[..7] {
    let body = format!("SIGN ON ?sengo {} Sengoku\nSET PREFERENCE {initial}\n", password(name));
    judge.send(&address(name), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(!mail.iter().any(|m| m.subject.ends_with("Game Starting")), "started too soon");
  judge
}

#[test]
fn a_sengoku_game_starts_with_eight_players_and_never_waits_for_the_neutral_armies() {
  let judge = forming();
  let list = master_asks(&judge, "LIST sengo\n");
  assert!(list.contains("waiting for 1 more player"), "{list}");
  assert!(list.contains("Draws:          none, nor concessions"), "{list}");
  assert!(list.contains("Neutral") && list.contains("(nobody plays it)"), "{list}");

  let (name, initial, _) = DAIMYO[7];
  let body = format!("SIGN ON ?sengo {} Sengoku\nSET PREFERENCE {initial}\n", password(name));
  judge.send(&address(name), "join", &body);
  let mail = judge.take_mail();
  let starting: Vec<&Sent> =
    mail.iter().filter(|m| m.subject.ends_with("S1570M Game Starting")).collect();
  assert!(!starting.is_empty(), "the eighth player starts the game: {mail:#?}");
  assert!(
    !starting.iter().any(|m| m.body.contains("You have been selected as Neutral")),
    "nobody is dealt Neutral"
  );

  let list = master_asks(&judge, "LIST sengo\n");
  let line = list.lines().find(|l| l.contains("Neutral")).unwrap_or_default();
  assert!(line.contains("(nobody plays it)") && line.contains("6/6"), "{list}");
  let summary = master_asks(&judge, "SUMMARY sengo\n");
  assert!(summary.contains("Neutral:") && summary.contains("(nobody plays it)"), "{summary}");

  // NO_DRAW: a draw is refused, saying why.
  let (name, initial, _) = DAIMYO[0];
  let signed = format!("SIGN ON {initial}sengo {}\n", password(name));
  judge.send(&address(name), "draw", &format!("{signed}SET DRAW\n"));
  let mail = judge.take_mail();
  let refusal = reply(&mail, &address(name)).body.replace('\n', " ");
  assert!(refusal.contains("does not allow draws"), "{refusal}");
  // Press to the dummy reaches nobody, so it is refused.
  judge.send(&address(name), "press", &format!("{signed}PRESS TO N\nHello\nENDPRESS\n"));
  let mail = judge.take_mail();
  let refusal = &reply(&mail, &address(name)).body;
  assert!(refusal.contains("Nobody plays Neutral"), "{refusal}");

  // The eight daimyo order; nobody orders for Neutral, and the phase is
  // processed at once.
  for (name, initial, holds) in DAIMYO {
    let body = format!("SIGN ON {initial}sengo {}\n{holds}", password(name));
    judge.send(&address(name), "orders", &body);
  }
  let mail = judge.take_mail();
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("S1570M Results")).collect();
  assert!(!results.is_empty(), "the phase was processed: {mail:#?}");
  assert!(results[0].body.contains("Neutral: Army Bungo HOLD."), "{}", results[0].body);
  let list = master_asks(&judge, "LIST sengo\n");
  assert!(list.contains("F1570M"), "{list}");
  let line = list.lines().find(|l| l.contains("Neutral")).unwrap_or_default();
  assert!(line.contains("6/6"), "the neutral armies held: {list}");
}

/// `judge adjudicate` on a variant with dummies: the map's rules hold (a
/// Sengoku Neutral army may not move), leagues bind (Ambition's Papacy
/// supports only Catholics), and DUMMY_FIRE may be named.
#[test]
fn judge_adjudicate_knows_the_dummy_rules_and_leagues() {
  use serde_json::{json, Value};
  let run = |request: Value| -> Value {
    let lines = judge::interchange::run(&request.to_string()).expect("a valid request");
    serde_json::from_str(&lines.join("\n")).expect("JSON out")
  };
  let result = |response: &Value, unit: &str| -> String {
    response["orders"]
      .as_array()
      .and_then(|all| all.iter().find(|r| r["order"].as_str().is_some_and(|o| o.starts_with(unit))))
      .and_then(|r| r["result"].as_str())
      .unwrap_or_else(|| panic!("no result for {unit} in {response}"))
      .to_string()
  };
  let response = run(json!({
    "variant": "sengoku",
    "phase": "S1570M",
    "units": { "Neutral": ["A Bun", "A Hiz"], "Shimazu": ["A Hig"] },
    "orders": { "Neutral": ["A Bun - Chz", "A Hiz H"], "Shimazu": ["A Hig - Hiz"] },
    "rules": [],
  }));
  assert_eq!(result(&response, "A Bun"), "invalid", "{response}");
  let response = run(json!({
    "variant": "sengoku",
    "phase": "S1570M",
    "units": { "Neutral": ["A Bun", "A Chz", "A Hiz"] },
    "orders": { "Neutral": ["A Bun - Hiz", "A Chz S A Bun - Hiz", "A Hiz H"] },
    "rules": ["DUMMY_FIRE"],
  }));
  // The map's IMMOBILE_DUMMIES still holds: the move is refused.
  assert_eq!(result(&response, "A Bun"), "invalid", "{response}");
  let response = run(json!({
    "variant": "ambition",
    "phase": "S1901M",
    "units": { "Papacy": ["A Pap"], "Turkey": ["A Tus"], "Austria": ["A Ven"] },
    "orders": { "Papacy": ["A Pap S A Tus", "A Pap S A Ven"] },
    "rules": [],
  }));
  assert_eq!(result(&response, "A Pap S A Tus"), "invalid", "{response}");
  assert_eq!(result(&response, "A Pap S A Ven"), "ok", "{response}");
  let text = response.to_string();
  assert!(text.contains("only units of the Catholic league"), "{text}");
}

#[test]
fn the_master_cannot_act_for_the_dummy() {
  let judge = forming();
  let (name, initial, _) = DAIMYO[7];
  let body = format!("SIGN ON ?sengo {} Sengoku\nSET PREFERENCE {initial}\n", password(name));
  judge.send(&address(name), "join", &body);
  judge.take_mail();
  let body = master_asks(&judge, "SIGN ON Msengo masterpw\nBECOME Neutral\nA Bun - Chz\n");
  assert!(body.contains("Nobody plays Neutral, so nobody can act for it"), "{body}");
}

#[test]
fn set_players_counts_only_the_powers_someone_plays() {
  let judge = forming();
  let body = master_asks(&judge, "SIGN ON Msengo masterpw\nSET PLAYERS 9\n");
  assert!(body.contains("from 1 to 8"), "{body}");
  let body = master_asks(&judge, "SIGN ON Msengo masterpw\nSET PLAYERS 7\n");
  assert!(!body.contains("from 1 to"), "{body}");
  let list = master_asks(&judge, "LIST sengo\n");
  assert!(list.contains("Players:        7"), "seven players share the daimyo: {list}");
}

#[test]
fn a_preference_for_the_neutral_armies_is_answered_they_are_never_dealt() {
  let judge = forming();
  let (name, initial, _) = DAIMYO[0];
  let body = format!("SIGN ON ?sengo {} Sengoku\nSET PREFERENCE N{initial}\n", password(name));
  judge.send(&address(name), "pref", &body);
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == address(name)).expect("a reply");
  assert!(
    reply.body.contains("Neutral is played by nobody in this variant, so it is never dealt."),
    "{}",
    reply.body
  );
}
