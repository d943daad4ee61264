//! What game events count for the players' dedication (manual §5.2), as
//! ledger entries: each turn due (on time or not), each late reminder,
//! abandonment, civil disorder, and each game started. Points come from
//! `[dedication]` in `judge.toml`; unrated games count nothing.

use chrono::{DateTime, Utc};

use crate::config::DedicationConfig;
use crate::game::{Ending, Game, Processed, Role, TimeEvent};
use crate::map::PowerId;
use crate::store::ledger::{LedgerEntry, LedgerKind};

/// The entries of a processed phase: a turn for each player who had to
/// order, with points when its orders were in on time. A player of
/// several powers (a duplex game) has one turn, late if any of them was.
pub fn turns(
  config: &DedicationConfig,
  game: &Game,
  processed: &Processed,
  now: DateTime<Utc>,
) -> Vec<LedgerEntry> {
  let entries = processed.turns.iter().filter_map(|&(power, on_time)| {
    let (kind, points) =
      if on_time { (LedgerKind::OnTime, config.on_time) } else { (LedgerKind::LateTurn, 0) };
    entry(game, power, kind, points, now)
  });
  once_per_player(entries, |e| u8::from(e.kind == LedgerKind::LateTurn))
}

/// One entry per player from `entries` of one event: the first of the
/// highest `rank` (a late turn over an on-time one, a win over a loss).
fn once_per_player(
  entries: impl Iterator<Item = LedgerEntry>,
  rank: impl Fn(&LedgerEntry) -> u8,
) -> Vec<LedgerEntry> {
  let mut kept: Vec<LedgerEntry> = Vec::new();
  for entry in entries {
    match kept.iter_mut().find(|k| k.user == entry.user) {
      Some(k) if rank(&entry) > rank(k) => *k = entry,
      Some(_) => {}
      None => kept.push(entry),
    }
  }
  kept
}

/// The entries of the clock's events: reminders, abandonment, civil
/// disorder.
pub fn time_events(
  config: &DedicationConfig,
  game: &Game,
  events: &[TimeEvent],
  now: DateTime<Utc>,
) -> Vec<LedgerEntry> {
  let mut entries = Vec::new();
  for event in events {
    let (powers, kind, points) = match event {
      TimeEvent::Late { powers, .. } => (powers, LedgerKind::Reminder, config.reminder),
      TimeEvent::Abandoned(powers) => (powers, LedgerKind::Abandoned, config.abandoned),
      TimeEvent::CivilDisorder(powers) => {
        (powers, LedgerKind::CivilDisorder, config.civil_disorder)
      }
      TimeEvent::Paused | TimeEvent::Preview(_) => continue,
    };
    // An abandoned power's player keeps paying for each reminder until
    // someone takes it over (manual §5.2).
    // One reminder per player, however many of its powers are late.
    let each = powers.iter().filter_map(|&p| entry(game, p, kind, points, now));
    entries.extend(once_per_player(each, |_| 0));
    // In a NoNMR game abandonment comes at the end of grace: the orders
    // missed it, which the civil-disorder ratio counts (an NMR game counts
    // its civil disorder instead).
    if let TimeEvent::Abandoned(powers) = event {
      if !game.settings.nmr {
        let missed = powers.iter().filter_map(|&p| entry(game, p, LedgerKind::MissedGrace, 0, now));
        entries.extend(missed);
      }
    }
  }
  entries
}

/// The entry of a newcomer taking over a power: a game started for them.
pub fn took_over(game: &Game, power: PowerId, now: DateTime<Utc>) -> Vec<LedgerEntry> {
  entry(game, power, LedgerKind::GameStarted, 0, now).into_iter().collect()
}

/// The entries of a game that has just ended: for each player of a power
/// at the end, whether it won, shared a draw, or neither.
pub fn ended(game: &Game, now: DateTime<Utc>) -> Vec<LedgerEntry> {
  let crate::game::Status::Finished(ending) = &game.status else { return Vec::new() };
  let outcome = |power: PowerId| match ending {
    Ending::Won(p) | Ending::Conceded(p) if *p == power => Some(LedgerKind::Won),
    Ending::Allied(powers) if powers.contains(&power) => Some(LedgerKind::Won),
    Ending::Drawn(powers) if powers.contains(&power) => Some(LedgerKind::Drawn),
    Ending::Terminated => None,
    _ => Some(LedgerKind::Lost),
  };
  let entries =
    game.map.power_ids().filter_map(|p| outcome(p).and_then(|kind| entry(game, p, kind, 0, now)));
  // A player of several powers (duplex) ends the game once, as its best.
  once_per_player(entries, |e| match e.kind {
    LedgerKind::Won => 2,
    LedgerKind::Drawn => 1,
    _ => 0,
  })
}

/// The entries of a game that has just started: one game for each player.
pub fn started(game: &Game, now: DateTime<Utc>) -> Vec<LedgerEntry> {
  if !game.settings.is_rated() {
    return Vec::new();
  }
  let mut users: Vec<u32> =
    game.members.iter().filter(|m| m.role == Role::Player).filter_map(|m| m.user).collect();
  users.sort_unstable();
  users.dedup();
  users
    .into_iter()
    .map(|user| LedgerEntry {
      user,
      game: game.name.clone(),
      time: now,
      kind: LedgerKind::GameStarted,
      points: 0,
    })
    .collect()
}

/// The entry for the registered player of `power`, in a rated game.
fn entry(
  game: &Game,
  power: PowerId,
  kind: LedgerKind,
  points: i32,
  now: DateTime<Utc>,
) -> Option<LedgerEntry> {
  if !game.settings.is_rated() {
    return None;
  }
  let user = game.player_of(power)?.user?;
  Some(LedgerEntry { user, game: game.name.clone(), time: now, kind, points })
}

#[cfg(test)]
mod tests {
  use chrono::{DateTime, Utc};

  use super::*;
  use crate::game::deadline::DeadlineRule;
  use crate::game::{Member, Settings};
  use crate::map::Map;

  fn now() -> DateTime<Utc> {
    "2026-03-06T23:30:00Z".parse().expect("a time")
  }

  /// A rated game with France (user 1) and Germany (user 2) seated.
  fn rated_game() -> Game {
    let map = Map::standard().expect("the standard map");
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut settings = Settings::new(map, rules);
    settings.rated = Some(true);
    let mut game = Game::new("rated", map, settings, now());
    for (user, name) in [(1, "France"), (2, "Germany")] {
      let mut member = Member::new(Role::Player, "p@x.test", Some(user), String::new(), now());
      member.power = map.find_power(name);
      game.members.push(member);
    }
    game
  }

  #[test]
  fn a_reminder_costs_a_point_even_once_the_power_is_abandoned() {
    let mut game = rated_game();
    let map = game.map;
    let (Some(france), Some(germany)) = (map.find_power("France"), map.find_power("Germany"))
    else {
      panic!("standard powers");
    };
    game.members[1].abandoned = true;
    let late = [TimeEvent::Late { powers: vec![france, germany], first: false }];
    let entries = time_events(&DedicationConfig::default(), &game, &late, now());
    let charged: Vec<(u32, i32)> = entries.iter().map(|e| (e.user, e.points)).collect();
    assert_eq!(charged, [(1, -1), (2, -1)], "Germany's player pays until it is taken over");
    game.settings.rated = Some(false);
    assert!(time_events(&DedicationConfig::default(), &game, &late, now()).is_empty());
  }

  #[test]
  fn a_player_of_two_powers_is_counted_once_a_turn_and_once_late() {
    let mut game = rated_game();
    let map = game.map;
    let (Some(france), Some(germany)) = (map.find_power("France"), map.find_power("Germany"))
    else {
      panic!("standard powers");
    };
    game.members[1].user = Some(1); // a duplex player holds both
    let config = DedicationConfig::default();
    let late = [TimeEvent::Late { powers: vec![france, germany], first: false }];
    assert_eq!(time_events(&config, &game, &late, now()).len(), 1, "one reminder");
    let processed =
      Processed { turns: vec![(france, true), (germany, false)], ..Processed::default() };
    let entries = turns(&config, &game, &processed, now());
    let kinds: Vec<LedgerKind> = entries.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [LedgerKind::LateTurn], "one turn, late because one power was");
  }
}
