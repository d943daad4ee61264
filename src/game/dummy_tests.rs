//! Tests of powers nobody plays (the DPjudge's DUMMY) in a game: Sengoku's
//! Neutral armies are never dealt nor waited for, hold, have no vote, and
//! are rebuilt under CD_BUILDS; NO_DRAW refuses draws.

use chrono::{DateTime, Duration, Utc};
use rand::SeedableRng;

use super::*;
use crate::map::{Lookup, Map, ProvinceId};
use crate::order::OrderError;
use crate::position::Unit;

fn t(hours: i64) -> DateTime<Utc> {
  let start: DateTime<Utc> = "2026-03-02T12:00:00Z".parse().expect("a time");
  start + Duration::hours(hours)
}

fn sengoku() -> &'static Map {
  Map::builtin("sengoku").expect("the Sengoku map")
}

fn neutral() -> PowerId {
  sengoku().find_power("Neutral").expect("the Neutral dummy")
}

fn place(name: &str) -> ProvinceId {
  match sengoku().lookup(name) {
    Lookup::Found(id) => id,
    other => panic!("{name}: {other:?}"),
  }
}

/// A started Sengoku game with `players` players (8 fills every seat).
fn started(players: usize) -> Game {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut settings = Settings::new(sengoku(), deadlines);
  assert_eq!(settings.players, 8, "one player per daimyo, none for Neutral");
  settings.players = players as u32;
  let mut game = Game::new("sengoku", sengoku(), settings, t(0));
  for n in 0..players {
    let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
    game.members.push(member);
  }
  assert_eq!(game.players_missing(), 0);
  let mut rng = rand::rngs::StdRng::seed_from_u64(3);
  game.start(t(0), crate::zone::UTC, &mut rng);
  game
}

/// Every unit of every played power holds.
fn players_hold(game: &mut Game) {
  let units: Vec<Unit> = game.position.units().filter(|u| !game.is_dummy(u.power)).collect();
  for unit in units {
    let text = format!("{} {} H", unit.kind.letter(), game.map.location_abbr(unit.location));
    game.enter_order(unit.power, &text).expect("a hold");
  }
}

#[test]
fn the_neutral_armies_are_never_dealt_and_never_waited_for() {
  for players in [8, 3] {
    let game = started(players);
    assert!(game.player_of(neutral()).is_none(), "{players} players: Neutral is nobody's");
    let dealt: usize = game.players().filter(|m| m.power.is_some()).count();
    assert_eq!(dealt, 8, "{players} players share the eight daimyo");
  }
  let mut game = started(8);
  assert!(game.is_dummy(neutral()));
  assert!(game.is_in(neutral()), "the dummy holds nobody up");
  assert!(!game.late_powers().contains(&neutral()));
  assert!(!game.all_in(), "the daimyo have not ordered");
  players_hold(&mut game);
  assert!(game.all_in());
  let before: Vec<Unit> = game.position.units_of(neutral()).collect();
  assert_eq!(before.len(), 6);
  game.process(t(24), crate::zone::UTC);
  let after: Vec<Unit> = game.position.units_of(neutral()).collect();
  assert_eq!(before, after, "the neutral armies hold");
  assert_eq!(game.position.phase.to_string(), "F1570M");
}

#[test]
fn an_immobile_dummy_cannot_be_ordered_to_move() {
  let mut game = started(8);
  let refused = game.enter_order(neutral(), "A Bun - Chz");
  assert!(matches!(refused, Err(OrderError::ImmobileDummy { .. })), "{refused:?}");
  assert!(game.enter_order(neutral(), "A Bun H").is_ok(), "holding is allowed");
  let text = refused.err().map(|e| e.to_string()).unwrap_or_default();
  assert!(text.contains("nobody plays Neutral"), "{text}");
}

#[test]
fn no_draw_refuses_draws_and_concessions() {
  let mut game = started(8);
  assert!(game.draws_refused().is_some_and(|r| r.to_string().contains("does not allow")));
  for member in &mut game.members {
    member.draw = Some(DrawVote { powers: Vec::new() });
  }
  assert_eq!(game.agreed_ending(), None, "a draw everyone votes for still does not pass");
}

#[test]
fn a_dummy_has_no_vote_and_no_share_of_a_draw() {
  let mut game = started(8);
  game.settings.variant.map_rules.retain(|r| r != "NO_DRAW");
  assert_eq!(game.draws_refused(), None);
  assert!(!game.survivors().contains(&neutral()));
  assert_eq!(game.survivors().len(), 8);
  game.settings.dias = true;
  for member in &mut game.members {
    member.draw = Some(DrawVote { powers: Vec::new() });
  }
  match game.agreed_ending() {
    Some(Ending::Drawn(powers)) => assert!(!powers.contains(&neutral()) && powers.len() == 8),
    other => panic!("the daimyo's draw: {other:?}"),
  }
}

#[test]
fn press_cannot_be_addressed_to_a_dummy() {
  let game = started(8);
  let refused = press::addressees("N", &game);
  assert!(
    refused.as_ref().is_err_and(|e| e.to_string().contains("Nobody plays Neutral")),
    "{refused:?}"
  );
  assert!(press::addressees("AC", &game).is_ok());
}

#[test]
fn cd_builds_rebuild_the_neutral_armies_and_a_player_in_civil_disorder() {
  let mut game = started(8);
  game.position.phase = "F1570B".parse().expect("a phase");
  game.position.remove(place("Biz"));
  game.position.remove(place("Bun"));
  // Asakura has lost its army in Omi and is in civil disorder.
  let asakura = game.map.find_power("Asakura").expect("Asakura");
  game.position.remove(place("Omi"));
  let seat = game.player_index(asakura).expect("a player");
  game.members[seat].cd = true;
  assert!(game.all_in(), "only powers in civil disorder have builds");
  let mut again = game.clone();
  let processed = game.process(t(24), crate::zone::UTC);
  assert_eq!(game.position.phase.to_string(), "S1571M", "{processed:?}");
  assert_eq!(game.position.units_of(neutral()).count(), 6, "Bizen and Bungo rebuilt");
  assert!(game.position.unit_at(place("Biz")).is_some_and(|u| u.power == neutral()));
  assert!(game.position.unit_at(place("Bun")).is_some_and(|u| u.power == neutral()));
  assert_eq!(game.position.units_of(asakura).count(), 2, "Asakura rebuilt in its home");
  again.process(t(24), crate::zone::UTC);
  assert_eq!(game.position, again.position, "the same game builds the same at random");
  // Without the rule, nothing is built.
  let mut plain = started(8);
  plain.settings.variant.map_rules.retain(|r| r != "CD_BUILDS");
  plain.position.phase = "F1570B".parse().expect("a phase");
  plain.position.remove(place("Biz"));
  plain.process(t(24), crate::zone::UTC);
  assert_eq!(plain.position.units_of(neutral()).count(), 5);
}

#[test]
fn list_and_summary_show_the_dummy_without_a_player() {
  let game = started(8);
  let list = report::listing(&game, None, t(1), crate::zone::UTC);
  let line = list.lines().find(|l| l.contains("Neutral")).unwrap_or_default();
  assert!(line.contains("(nobody plays it)") && line.contains("6/6"), "{list}");
  let summary = report::summary(&game, true, crate::zone::UTC);
  assert!(summary.contains("Neutral:") && summary.contains("(nobody plays it)"), "{summary}");
  assert!(!summary.contains("Duplex"), "eight players fill the game: {summary}");
}

#[test]
fn a_first_phase_only_dummies_act_in_is_due_at_once() {
  let map = Map::builtin("vassal").expect("the Vassal map");
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let settings = Settings::new(map, deadlines);
  assert_eq!(settings.players, 7, "the twelve minor powers are dummies");
  let mut game = Game::new("vassal", map, settings, t(0));
  for n in 0..7 {
    let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
    game.members.push(member);
  }
  let mut rng = rand::rngs::StdRng::seed_from_u64(5);
  game.start(t(0), crate::zone::UTC, &mut rng);
  assert!(game.nothing_to_order(), "only the minors have builds in Winter 1900");
  assert!(game.due_at().is_some(), "the phase is due without waiting for anyone");
  // A standard game waits for its players' orders as before.
  let standard = Map::standard().expect("the standard map");
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut game = Game::new("std", standard, Settings::new(standard, deadlines), t(0));
  for n in 0..7 {
    let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
    game.members.push(member);
  }
  game.start(t(0), crate::zone::UTC, &mut rng);
  assert_eq!(game.due_at(), None);
}
