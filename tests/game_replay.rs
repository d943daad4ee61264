//! A whole standard game, created, joined, played and won by mail alone:
//! the orders of `tests/data/solo_game.txt` (recorded with an independent
//! adjudicator, see `tests/data/record_solo.py`) are mailed phase by phase
//! by each power, and after every phase the board the judge lists must be
//! the recorded one, up to Germany's solo victory.

#[path = "support/judge.rs"]
mod judge_support;

#[path = "support/game.rs"]
mod game_support;

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use game_support::{board, Table, FAST, MASTER};
use judge::map::Map;
use judge_support::Judge;

/// One recorded phase: the orders of each power, and the board after it.
#[derive(Debug, Default)]
struct Phase {
  id: String,
  orders: BTreeMap<String, Vec<String>>,
  units: BTreeSet<(String, String)>,
  dislodged: BTreeSet<(String, String)>,
  centers: BTreeSet<(String, String)>,
}

/// Reads the recording, naming places as the judge's listing does.
fn recording() -> (Vec<Phase>, String) {
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

fn at(start: DateTime<Utc>, hours: i64) -> String {
  (start + Duration::hours(hours)).to_rfc3339()
}

#[test]
fn a_recorded_game_is_played_to_a_solo_victory_by_mail() {
  let (phases, winner) = recording();
  assert!(phases.len() > 20 && winner == "Germany", "the recording is the expected one");
  let judge = Judge::with_config(FAST);
  let start: DateTime<Utc> = "2026-03-02T10:00:00Z".parse().expect("a time");
  let table = Table::start(&judge, "solo", &at(start, 0));
  let mut phases_seen = 0;
  for (n, phase) in phases.iter().enumerate() {
    let now = at(start, n as i64 + 1);
    let listing = table.listing(&now);
    assert!(
      listing.contains(&format!("({})", phase.id)),
      "before playing {}, the game should be in it:\n{listing}",
      phase.id
    );
    for (power, orders) in &phase.orders {
      let run = table.send(power, &now, &(orders.join("\n") + "\n"));
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
    let results: Vec<_> = mail.iter().filter(|m| m.subject.ends_with("Results")).collect();
    assert!(
      results.iter().any(|m| m.to == MASTER && m.subject.contains(&phase.id)),
      "{} was not processed when its last orders came in: {:#?}",
      phase.id,
      mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    assert_eq!(results.len(), 8, "results go to the seven players and the Master");
    let listing = table.listing(&now);
    let (units, dislodged, centers) = board(&listing);
    assert_eq!(units, phase.units, "units after {}:\n{listing}", phase.id);
    assert_eq!(dislodged, phase.dislodged, "dislodged units after {}:\n{listing}", phase.id);
    assert_eq!(centers, phase.centers, "centres after {}:\n{listing}", phase.id);
    phases_seen += 1;
    if n + 1 == phases.len() {
      let last = results.iter().find(|m| m.to == MASTER).expect("the last results");
      let won = phase.centers.iter().filter(|(power, _)| *power == winner).count();
      assert!(won >= 18, "the recording ends in a solo");
      let line = format!("Germany has {won} supply centers and has won the game.");
      assert!(last.body.contains(&line), "{}", last.body);
      assert!(last.body.contains("Summary of game 'solo'"), "the final summary: {}", last.body);
      assert!(listing.contains("Game 'solo' is over: Germany won"), "{listing}");
    }
  }
  assert_eq!(phases_seen, phases.len());
  let after = at(start, phases.len() as i64 + 2);
  table.send("France", &after, "A Par H\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("Game 'solo' is over: no orders are taken."), "{}", reply.body);
}
