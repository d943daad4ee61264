//! Table tests of the rules for powers nobody plays (IMMOBILE_DUMMIES,
//! DUMMY_FIRE) and of leagues, on the maps that use them (Sengoku's
//! Neutral armies; Ambition's Papacy, Catholic and Muslim blocs).

use super::*;
use crate::map::{Location, Lookup, Map, UnitType};
use crate::order::{Order, UnitOrder, Via};
use crate::position::{Position, Unit};

fn place(map: &Map, text: &str) -> Location {
  match map.lookup(text) {
    Lookup::Found(province) => Location { province, coast: None },
    other => panic!("{text}: {other:?}"),
  }
}

/// Builds the board from every line's unit (`N A Bun - Chz`: initial,
/// type, place, order), then the orders.
fn setup(map: &Map, lines: &[&str]) -> (Position, Vec<UnitOrder>) {
  let mut position = Position::empty(map, "S1901M".parse().expect("a phase"));
  let words: Vec<Vec<&str>> = lines.iter().map(|l| l.split_whitespace().collect()).collect();
  let kind = |k: &str| if k == "A" { UnitType::Army } else { UnitType::Fleet };
  for w in &words {
    let initial = w[0].chars().next().expect("an initial");
    let power = map.power_by_initial(initial).expect("a power");
    let unit = Unit { power, kind: kind(w[1]), location: place(map, w[2]) };
    position.place(map, unit).expect("room for the unit");
  }
  let at = |p: &str| position.unit_at(place(map, p).province).expect("a unit");
  let orders = words
    .iter()
    .map(|w| {
      let order = match &w[3..] {
        ["H"] => Order::Hold,
        ["-", to] => Order::Move { to: place(map, to), via: Via::Unspecified },
        ["S", _, target] => Order::SupportHold { target: at(target) },
        ["S", _, from, "-", to] => Order::SupportMove { target: at(from), to: place(map, to) },
        ["C", _, from, "-", to] => Order::Convoy { target: at(from), to: place(map, to).province },
        other => panic!("cannot read {other:?}"),
      };
      UnitOrder { unit: at(w[2]), order }
    })
    .collect();
  (position, orders)
}

/// The result word of the unit first standing in `abbr`.
fn outcome(result: &MovementResult, map: &Map, abbr: &str) -> String {
  let province = place(map, abbr).province;
  let found = result.resolved.iter().find(|r| r.order.unit.location.province == province);
  found.map(|r| r.outcome.to_string()).unwrap_or_default()
}

fn sengoku() -> &'static Map {
  Map::builtin("sengoku").expect("the Sengoku map")
}

fn ambition() -> &'static Map {
  Map::builtin("ambition").expect("the Ambition map")
}

#[test]
fn sengoku_turns_on_the_dummy_rules() {
  let rules = Rules::for_map(sengoku());
  assert!(rules.immobile_dummies && rules.cd_builds && !rules.dummy_fire);
  assert_eq!(rules.builds, BuildRule::Any);
  let named = Rules::from_names(&["IMMOBILE_DUMMIES", "dummy fire", "CD_BUILDS", "CD_DUMMIES"])
    .expect("known rules");
  assert!(named.immobile_dummies && named.dummy_fire && named.cd_builds);
}

#[test]
fn an_immobile_dummy_unit_does_not_move_and_is_destroyed_when_dislodged() {
  let map = sengoku();
  let lines = ["N A Bun - Chz", "S A Hig - Hiz", "S F ECS S A Hig - Hiz", "N A Hiz H"];
  let (position, orders) = setup(map, &lines);
  let immobile = Rules::for_map(map);
  let result = movement(map, &position, &orders, &immobile);
  assert_eq!(outcome(&result, map, "Bun"), "void", "a dummy's move is void");
  assert!(result.position.unit_at(place(map, "Bun").province).is_some());
  let dislodged = &result.position.dislodged;
  assert_eq!(dislodged.len(), 1);
  assert!(dislodged[0].retreats.is_empty(), "the neutral army has nowhere to go");
  // Without the rule the dummy's orders stand (a dummy is otherwise
  // ordered by nobody, so only `judge adjudicate` gives it orders).
  let free = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&free, map, "Bun"), "ok");
  assert!(!free.position.dislodged[0].retreats.is_empty(), "Hizen may retreat to Bungo");
}

#[test]
fn dummy_fire_lets_a_dummy_dislodge_its_own_unit() {
  let map = sengoku();
  let lines = ["N A Bun - Hiz", "N A Chz S A Bun - Hiz", "N A Hiz H"];
  let (position, orders) = setup(map, &lines);
  let standard = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&standard, map, "Bun"), "bounce", "no power dislodges its own unit");
  let fire = Rules { dummy_fire: true, ..Rules::default() };
  let result = movement(map, &position, &orders, &fire);
  assert_eq!(outcome(&result, map, "Bun"), "ok");
  assert_eq!(outcome(&result, map, "Hiz"), "dislodged");
  // A played power is not touched by the rule.
  let lines = ["S A Bun - Hiz", "S A Chz S A Bun - Hiz", "S A Hiz H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &fire);
  assert_eq!(outcome(&result, map, "Bun"), "bounce");
}

#[test]
fn dummy_fire_lets_a_dummy_cut_its_own_support() {
  let map = sengoku();
  // Neutral's army in Hizen supports Shimazu into Higo; Neutral's own
  // army in Chikuzen attacks Hizen and, under DUMMY_FIRE, cuts it.
  let lines = ["S A Hyu - Hig", "N A Hiz S A Hyu - Hig", "N A Chz - Hiz", "R A Hig H"];
  let (position, orders) = setup(map, &lines);
  let standard = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&standard, map, "Hyu"), "ok", "the support stands: {standard:?}");
  let fire = Rules { dummy_fire: true, ..Rules::default() };
  let result = movement(map, &position, &orders, &fire);
  assert_eq!(outcome(&result, map, "Hiz"), "cut");
  assert_eq!(outcome(&result, map, "Hyu"), "bounce");
}

#[test]
fn a_strict_league_supports_only_its_own_league() {
  let map = ambition();
  // The Papacy is STRICT CATHOLIC: Austria is Catholic, Turkey is not.
  let lines = ["Y A Pap S A Tus", "A A Tus H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&result, map, "Pap"), "ok");
  let lines = ["Y A Pap S A Tus", "T A Tus H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&result, map, "Pap"), "void");
  let helper = map.power_by_initial('Y').expect("the Papacy");
  let turkey = map.power_by_initial('T').expect("Turkey");
  assert_eq!(league_forbids(map, helper, turkey, None, false), Some(LeagueBar::Strict));
}

#[test]
fn a_benign_league_does_not_help_a_foreign_move_into_a_protected_space() {
  let map = ambition();
  // The Catholic bloc protects the Christian league: it will not help
  // Turkey into Britain's Milan, but may help France there, or Turkey
  // into a Muslim-held Milan.
  let lines = ["C A Ven S A Tus - Mil", "T A Tus - Mil", "B A Mil H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&result, map, "Ven"), "void");
  assert_eq!(outcome(&result, map, "Tus"), "bounce");
  let lines = ["C A Ven S A Tus - Mil", "F A Tus - Mil", "B A Mil H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&result, map, "Ven"), "ok");
  assert_eq!(outcome(&result, map, "Mil"), "dislodged");
  let lines = ["C A Ven S A Tus - Mil", "T A Tus - Mil", "U A Mil H"];
  let (position, orders) = setup(map, &lines);
  let result = movement(map, &position, &orders, &Rules::default());
  assert_eq!(outcome(&result, map, "Ven"), "ok");
  // A support to hold is never barred by a benign league.
  let catholic = map.power_by_initial('C').expect("the Catholic bloc");
  let turkey = map.power_by_initial('T').expect("Turkey");
  assert_eq!(league_forbids(map, catholic, turkey, None, false), None);
}
