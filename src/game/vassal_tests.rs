//! VASSAL_DUMMIES in a game (Vassal's minor powers): a controller's player
//! orders its vassal's units, the orders being the vassal's; victory
//! counts the bloc; the vassals are saved with the board and listed.

use chrono::{DateTime, Duration, Utc};
use rand::SeedableRng;

use super::*;
use crate::map::{Location, Lookup, Map, UnitType};
use crate::position::Unit;

fn t(hours: i64) -> DateTime<Utc> {
  let start: DateTime<Utc> = "2026-03-02T12:00:00Z".parse().expect("a time");
  start + Duration::hours(hours)
}

fn map() -> &'static Map {
  Map::builtin("vassal").expect("the Vassal map")
}

fn power(name: &str) -> PowerId {
  map().find_power(name).expect("a power")
}

fn at(name: &str) -> Location {
  match map().lookup(name) {
    Lookup::Found(province) => Location { province, coast: None },
    other => panic!("{name}: {other:?}"),
  }
}

/// A started Vassal game put at `phase`: every power owns its homes, the
/// armies are these (power, place), and Belgium is France's vassal.
fn game_at(phase: &str, armies: &[(&str, &str)]) -> Game {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let settings = Settings::new(map(), deadlines);
  let mut game = Game::new("vassal", map(), settings, t(0));
  for n in 0..7 {
    let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
    game.members.push(member);
  }
  let mut rng = rand::rngs::StdRng::seed_from_u64(5);
  game.start(t(0), crate::zone::UTC, &mut rng);
  let mut position = Position::empty(map(), phase.parse().expect("a phase"));
  for p in map().power_ids() {
    for &home in &map().power(p).home_centers {
      position.set_owner(home, Some(p));
    }
  }
  for (owner, place) in armies {
    let unit = Unit { power: power(owner), kind: UnitType::Army, location: at(place) };
    position.place(map(), unit).expect("room");
  }
  position.set_controller(power("Belgium"), Some(power("France")));
  game.position = position;
  game.orders = vec![PowerOrders::default(); map().powers().len()];
  game
}

#[test]
fn the_controller_orders_its_vassals_units_as_the_vassals() {
  let mut game = game_at("S1901M", &[("France", "Par"), ("Belgium", "Bel"), ("Holland", "Hol")]);
  let (france, belgium) = (power("France"), power("Belgium"));
  let accepted = game.enter_order(france, "A Bel - Pic").expect("France orders Belgium's army");
  assert!(accepted.text.contains("Picardy"), "{accepted:?}");
  assert_eq!(game.orders[belgium.index()].units.len(), 1, "kept as Belgium's order");
  assert!(game.orders[france.index()].units.is_empty());
  assert!(game.enter_order(power("Germany"), "A Bel H").is_err(), "not Germany's vassal");
  assert!(game.enter_order(france, "A Hol H").is_err(), "Holland is independent");
  game.enter_order(france, "A Par H").expect("France's own army");
  let processed = game.process(t(1), crate::zone::UTC);
  let Resolution::Movement(resolved) = &processed.phases[0].resolution else {
    panic!("a movement phase")
  };
  assert!(resolved.iter().any(|r| r.order.unit.power == belgium), "listed as Belgium's");
  let moved = game.position.unit_at(at("Pic").province).expect("the Belgian army moved");
  assert_eq!(moved.power, belgium);
}

#[test]
fn the_controller_builds_for_its_vassal_on_the_vassals_home() {
  let mut game = game_at("W1901A", &[("France", "Par")]);
  let belgium = power("Belgium");
  game.enter_order(power("France"), "Build F Bel").expect("a build for Belgium");
  assert_eq!(game.orders[belgium.index()].adjustments.len(), 1);
  game.process(t(1), crate::zone::UTC);
  let built = game.position.unit_at(at("Bel").province).expect("the build");
  assert_eq!(
    (built.power, built.kind),
    (belgium, UnitType::Fleet),
    "the order given, not at random"
  );
}

#[test]
fn the_controller_is_waited_for_when_only_its_vassal_has_builds() {
  let mut game = game_at("W1901A", &[("France", "Par"), ("France", "Mar"), ("France", "Bre")]);
  let france = power("France");
  assert!(game.must_order(france), "Belgium's build is France's to order");
  assert!(!game.nothing_to_order(), "the phase is not skipped");
  assert!(!game.is_in(france));
  assert!(game.is_in(power("Belgium")), "nobody plays Belgium");
  game.enter_order(france, "Build A Bel").expect("a build for Belgium");
  assert!(game.is_in(france));
  // Independent, Belgium builds at random: France has nothing to order.
  game.position.set_controller(power("Belgium"), None);
  assert!(!game.must_order(france));
}

#[test]
fn victory_counts_a_leaders_vassals() {
  // France's three homes and Belgium's one make four; Holland's army in
  // Holland does not count for France.
  let mut game = game_at("F1901M", &[("France", "Par"), ("Belgium", "Hol")]);
  game.settings.victory_centers = 5;
  game.enter_order(power("France"), "A Par H").expect("a hold");
  let processed = game.process(t(1), crate::zone::UTC);
  let france = power("France");
  assert_eq!(game.position.controller(power("Holland")), Some(france), "Holland taken");
  assert_eq!(processed.winner, Some(france), "3 + 1 + 1 centres");
  let results = report::results(&game, &processed, crate::zone::UTC);
  assert!(results.contains("France:") && results.contains("Belgium, Holland."), "{results}");
}

#[test]
fn a_leader_is_in_the_game_while_it_has_vassals() {
  let mut game = game_at("S1901M", &[("Belgium", "Bel")]);
  let france = power("France");
  for &home in &map().power(france).home_centers {
    game.position.set_owner(home, None);
  }
  assert!(!game.is_eliminated(france));
  game.position.set_controller(power("Belgium"), None);
  assert!(game.is_eliminated(france));
}

#[test]
fn vassals_are_saved_with_the_board_and_old_files_have_none() {
  let game = game_at("S1901M", &[("Belgium", "Bel")]);
  let stored =
    crate::store::game_file::to_json(&crate::store::game_file::Stored::new(game)).expect("json");
  let text = String::from_utf8(stored.clone()).expect("utf-8");
  assert!(text.contains("\"vassals\""), "{text}");
  let back = crate::store::game_file::from_json(&stored).expect("read back");
  assert_eq!(back.game.position.controller(power("Belgium")), Some(power("France")));
  let mut old: serde_json::Value = serde_json::from_slice(&stored).expect("json");
  let board = old.get_mut("board").and_then(|b| b.as_object_mut()).expect("a board");
  assert!(board.remove("vassals").is_some());
  let old = serde_json::to_vec(&old).expect("json");
  let back = crate::store::game_file::from_json(&old).expect("an old file");
  assert_eq!(back.game.position.controller(power("Belgium")), None);
}

#[test]
fn rollback_restores_the_vassal_status_of_the_turn_kept() {
  let mut game = game_at("F1901M", &[("France", "Bel"), ("Germany", "Hol")]);
  let (france, germany) = (power("France"), power("Germany"));
  game.position.set_controller(power("Belgium"), None);
  game.enter_order(france, "A Bel H").expect("a hold");
  game.enter_order(germany, "A Hol H").expect("a hold");
  game.process(t(1), crate::zone::UTC);
  assert_eq!(game.position.controller(power("Belgium")), Some(france));
  assert_eq!(game.position.controller(power("Holland")), Some(germany));
  // The kept turn is saved and read back with its own (empty) status.
  let json = crate::store::game_file::to_json(&crate::store::game_file::Stored::new(game.clone()))
    .expect("json");
  let mut back = crate::store::game_file::from_json(&json).expect("read back").game;
  assert_eq!(back.position.controller(power("Holland")), Some(germany));
  back.rollback(None, t(2), crate::zone::UTC).expect("a rollback");
  assert_eq!(back.position.controller(power("Belgium")), None);
  assert_eq!(back.position.controller(power("Holland")), None);
}
