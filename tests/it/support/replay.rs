//! The recorded standard game of `tests/data/solo_game.txt` (orders and
//! boards recorded with an independent adjudicator, see
//! `tests/data/record_solo.py`), and playing its phases by mail, checking
//! the judge's board after each against the recording. Needs
//! `judge_support` and `game_support` beside it in the test crate.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use judge::map::Map;

use crate::game_support::{board, Table, MASTER};
use crate::judge_support::{Judge, Sent};

/// One recorded phase: the orders of each power, and the board after it.
#[derive(Debug, Default)]
pub struct Phase {
  pub id: String,
  pub orders: BTreeMap<String, Vec<String>>,
  pub units: BTreeSet<(String, String)>,
  pub dislodged: BTreeSet<(String, String)>,
  pub centers: BTreeSet<(String, String)>,
}

/// Reads the recording, naming places as the judge's listing does; also
/// returns the winner it ends with.
pub fn recording() -> (Vec<Phase>, String) {
  let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/solo_game.txt");
  let text = std::fs::read_to_string(path).expect("the recorded game");
  let map = Map::standard().expect("the standard map");
  let place = |abbr: &str| {
    let (kind, location) = judge::order::parse_unit(map, abbr).expect("a place of the map");
    let name = map.location_name(location);
    match kind {
      Some(kind) => format!("{} {name}", kind.name()),
      None => map.province(location.province).name.clone(),
    }
  };
  let mut phases: Vec<Phase> = Vec::new();
  let mut winner = String::new();
  for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
    let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
    let (power, items) = rest.split_once(' ').unwrap_or((rest, ""));
    let current = phases.last_mut();
    match (tag, current) {
      ("PHASE", _) => phases.push(Phase { id: rest.to_string(), ..Phase::default() }),
      ("ORDER", Some(phase)) => {
        phase.orders.entry(power.to_string()).or_default().push(items.to_string());
      }
      ("UNITS" | "DISLODGED", Some(phase)) => {
        let words: Vec<&str> = items.split_whitespace().collect();
        let list = if tag == "UNITS" { &mut phase.units } else { &mut phase.dislodged };
        for unit in words.chunks(2) {
          list.insert((power.to_string(), place(&unit.join(" "))));
        }
      }
      ("CENTERS", Some(phase)) => {
        for center in items.split_whitespace() {
          phase.centers.insert((power.to_string(), place(center)));
        }
      }
      ("WINNER", _) => winner = rest.to_string(),
      _ => panic!("unexpected line in the recording: {line}"),
    }
  }
  (phases, winner)
}

/// `hours` after `start`, as `--now` takes it.
pub fn at(start: DateTime<Utc>, hours: i64) -> String {
  (start + Duration::hours(hours)).to_rfc3339()
}

/// Mails one recorded phase's orders at `now`, checks that they were all
/// taken and that the phase was processed, and that the board the judge
/// lists afterwards is the recorded one. Returns the mail the phase
/// produced and the listing.
pub fn play(judge: &Judge, table: &Table, phase: &Phase, now: &str) -> (Vec<Sent>, String) {
  let listing = table.listing(now);
  assert!(
    listing.contains(&format!("({})", phase.id)),
    "before playing {}, the game should be in it:\n{listing}",
    phase.id
  );
  for (power, orders) in &phase.orders {
    let run = table.send(power, now, &(orders.join("\n") + "\n"));
    assert_eq!(run.status, 0);
  }
  let mail = judge.take_mail();
  for power in phase.orders.keys() {
    let reply = table.reply(&mail, power);
    assert!(
      !reply.subject.contains("[Error Flag]"),
      "{} orders of {power} were refused:\n{}",
      phase.id,
      reply.body
    );
  }
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Results")).collect();
  assert!(
    results.iter().any(|m| m.to == MASTER && m.subject.contains(&phase.id)),
    "{} was not processed when its last orders came in: {:#?}",
    phase.id,
    mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
  );
  assert_eq!(results.len(), 8, "results go to the seven players and the Master");
  let listing = table.listing(now);
  let (units, dislodged, centers) = board(&listing);
  assert_eq!(units, phase.units, "units after {}:\n{listing}", phase.id);
  assert_eq!(dislodged, phase.dislodged, "dislodged units after {}:\n{listing}", phase.id);
  assert_eq!(centers, phase.centers, "centres after {}:\n{listing}", phase.id);
  (mail, listing)
}
