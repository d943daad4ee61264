//! Resolver tests that need no order parser: a tiny notation builds the
//! position and orders (`"E F nth C A lon - nwy"`), and each test asserts the
//! outcomes players would see in the results.

use super::*;
use crate::map::{Location, Lookup, Map, PowerId, UnitType};
use crate::order::{Order, UnitOrder, Via};
use crate::position::{Position, Unit};

pub(super) fn map() -> &'static Map {
  Map::standard().expect("standard map")
}

pub(super) fn place(text: &str) -> Location {
  let (name, coast) = match text.split_once('/') {
    Some((n, c)) => (n, crate::map::Coast::from_word(c)),
    None => (text, None),
  };
  match map().lookup(name) {
    Lookup::Found(province) => Location { province, coast },
    other => panic!("{text}: {other:?}"),
  }
}

fn power(letter: &str) -> PowerId {
  map().power_by_initial(letter.chars().next().unwrap()).unwrap()
}

fn unit(power_letter: &str, kind: &str, at: &str) -> Unit {
  let kind = if kind == "A" { UnitType::Army } else { UnitType::Fleet };
  Unit { power: power(power_letter), kind, location: place(at) }
}

/// Builds the board from every order's unit, then the orders themselves.
pub(super) fn setup(lines: &[&str]) -> (Position, Vec<UnitOrder>) {
  let mut position = Position::empty(map(), "S1901M".parse().unwrap());
  let words: Vec<Vec<&str>> = lines.iter().map(|l| l.split_whitespace().collect()).collect();
  for w in &words {
    position.place(map(), unit(w[0], w[1], w[2])).unwrap();
  }
  let target = |kind: &str, at: &str| {
    position
      .unit_at(place(at).province)
      .filter(|u| u.kind == if kind == "A" { UnitType::Army } else { UnitType::Fleet })
      .unwrap_or_else(|| panic!("no {kind} {at}"))
  };
  let orders = words
    .iter()
    .map(|w| {
      let me = position.unit_at(place(w[2]).province).unwrap();
      let order = match &w[3..] {
        ["H"] => Order::Hold,
        ["-", to] => Order::Move { to: place(to), via: Via::Unspecified },
        ["-", to, "via"] => Order::Move { to: place(to), via: Via::Convoy },
        ["S", k, at] => Order::SupportHold { target: target(k, at) },
        ["S", k, from, "-", to] => Order::SupportMove { target: target(k, from), to: place(to) },
        ["C", k, from, "-", to] => {
          Order::Convoy { target: target(k, from), to: place(to).province }
        }
        other => panic!("cannot read {other:?}"),
      };
      UnitOrder { unit: me, order }
    })
    .collect();
  (position, orders)
}

/// Adjudicates and returns each unit's result word, keyed by its province.
fn results(lines: &[&str]) -> Vec<(String, String)> {
  results_with(lines, &Rules::default())
}

/// As [`results`], under `rules`.
pub(super) fn results_with(lines: &[&str], rules: &Rules) -> Vec<(String, String)> {
  let (position, orders) = setup(lines);
  let result = movement(map(), &position, &orders, rules);
  result
    .resolved
    .iter()
    .map(|r| (map().province(r.order.unit.location.province).abbr.clone(), r.outcome.to_string()))
    .collect()
}

pub(super) fn result_of(results: &[(String, String)], abbr: &str) -> String {
  results.iter().find(|(a, _)| a == abbr).map(|(_, r)| r.clone()).unwrap_or_default()
}

#[test]
fn supported_attack_dislodges_and_the_loser_bounces() {
  let r = results(&["G A mun - bur", "G A ruh S A mun - bur", "F A bur H"]);
  assert_eq!(result_of(&r, "Mun"), "ok");
  assert_eq!(result_of(&r, "Bur"), "dislodged");
}

#[test]
fn three_unit_circular_movement_succeeds() {
  // DATC 6.C.1
  let r = results(&["T F ank - con", "T A con - smy", "T A smy - ank"]);
  assert!(r.iter().all(|(_, word)| word == "ok"), "{r:?}");
}

#[test]
fn circular_movement_attacked_from_outside_bounces() {
  // DATC 6.C.3
  let r = results(&["T F ank - con", "T A con - smy", "T A smy - ank", "T A bul - con"]);
  assert!(r.iter().all(|(_, word)| word == "bounce"), "{r:?}");
}

#[test]
fn simple_convoy_paradox_is_broken_by_szykman() {
  // DATC 6.F.14: the convoy fails, the army stays, the support is not cut.
  let r = results(&[
    "E F lon H",
    "E F wal S F lon",
    "F F eng C A bre - lon",
    "F A bre - lon",
    "G F nth S F bel - eng",
    "G F bel - eng",
  ]);
  assert_eq!(result_of(&r, "Eng"), "dislodged");
  assert_eq!(result_of(&r, "Bel"), "ok");
  assert_eq!(result_of(&r, "Bre"), "disrupted");
}

#[test]
fn pandins_paradox_fails_the_convoy() {
  // DATC 6.F.16
  let r = results(&[
    "E F lon S F wal - eng",
    "E F wal - eng",
    "F A bre - lon",
    "F F eng C A bre - lon",
    "G F nth S F bel - eng",
    "G F bel - eng",
  ]);
  assert_eq!(result_of(&r, "Wal"), "bounce");
  assert_eq!(result_of(&r, "Bel"), "bounce");
  assert_eq!(result_of(&r, "Eng"), "disrupted");
  assert_eq!(result_of(&r, "Lon"), "ok");
}

#[test]
fn swap_by_convoy_of_own_fleet_is_not_a_head_to_head() {
  // DATC 6.G.1
  let r = results(&["E A nwy - swe", "E F ska C A nwy - swe", "R F swe - nwy"]);
  assert_eq!(result_of(&r, "Nwy"), "ok");
  assert_eq!(result_of(&r, "Swe"), "ok");
}

#[test]
fn unnecessary_convoy_expresses_no_intent() {
  // DATC 6.G.19 (2023): both moves fail.
  let r =
    results(&["F A mar - spa", "F F wes C A mar - spa", "I F lyo C A mar - spa", "I A spa - mar"]);
  assert_eq!(result_of(&r, "Mar"), "bounce");
  assert_eq!(result_of(&r, "Spa"), "bounce");
  assert_eq!(result_of(&r, "Wes"), "void");
}

#[test]
fn dislodged_units_may_not_retreat_to_the_attackers_origin_or_a_standoff() {
  let (position, orders) = setup(&[
    "G A mun - bur",
    "G A ruh S A mun - bur",
    "F A bur H",
    "I A pie - mar",
    "A A tyr - mar",
  ]);
  let result = movement(map(), &position, &orders, &Rules::default());
  let dislodged = &result.position.dislodged;
  assert_eq!(dislodged.len(), 1);
  let options: Vec<String> =
    dislodged[0].retreats.iter().map(|l| map().location_abbr(*l)).collect();
  assert!(
    !options.contains(&"Mun".to_string()) && !options.contains(&"Mar".to_string()),
    "{options:?}"
  );
  assert!(
    options.contains(&"Gas".to_string()) && options.contains(&"Par".to_string()),
    "{options:?}"
  );
}

#[test]
fn civil_disorder_removes_the_unit_farthest_from_an_owned_centre() {
  // DATC 6.J.11 (2023): Italy owns only Warsaw.
  let mut position = Position::empty(map(), "F1901B".parse().unwrap());
  position.place(map(), unit("I", "A", "war")).unwrap();
  position.place(map(), unit("I", "A", "tus")).unwrap();
  position.set_owner(place("war").province, Some(power("I")));
  let result = adjustment(map(), &position, &[], &Rules::default());
  assert_eq!(result.civil_disorder.len(), 1);
  assert_eq!(map().location_abbr(result.civil_disorder[0].location), "Tus");
}

// ------------------------------------------------------ optional rules

/// A Winter board: the units given, and the centres given owned.
fn winter(units: &[(&str, &str, &str)], centres: &[(&str, &str)]) -> Position {
  let mut position = Position::empty(map(), "F1901B".parse().unwrap());
  for &(p, k, at) in units {
    position.place(map(), unit(p, k, at)).unwrap();
  }
  for &(p, at) in centres {
    position.set_owner(place(at).province, Some(power(p)));
  }
  position
}

fn build(p: &str, kind: &str, at: &str) -> (PowerId, crate::order::Adjustment) {
  let kind = if kind == "A" { UnitType::Army } else { UnitType::Fleet };
  (power(p), crate::order::Adjustment::Build { kind, at: place(at) })
}

fn outcomes(result: &AdjustmentResult) -> Vec<AdjustmentOutcome> {
  result.resolved.iter().map(|(_, _, o)| *o).collect()
}

#[test]
fn builds_go_to_home_centres_or_any_owned_centre_as_the_build_rule_says() {
  use AdjustmentOutcome::{Done, Unused};
  // France owns Paris (home) and Belgium; no units: two builds.
  let board = winter(&[], &[("F", "par"), ("F", "bel")]);
  let orders = [build("F", "A", "bel"), build("F", "A", "par")];
  let home = adjustment(map(), &board, &orders, &Rules::default());
  assert_eq!(outcomes(&home), [Unused, Done], "standard: Belgium is no home centre");
  for rule in [BuildRule::Any, BuildRule::One] {
    let rules = Rules { builds: rule, ..Rules::default() };
    let result = adjustment(map(), &board, &orders, &rules);
    assert_eq!(outcomes(&result), [Done, Done], "{rule:?}");
    assert!(result.position.unit_at(place("bel").province).is_some());
  }
  // Without a home centre, ONE CENTER allows no builds, ANY CENTER does.
  let abroad = winter(&[], &[("F", "bel"), ("F", "hol")]);
  let orders = [build("F", "A", "bel")];
  let one = Rules { builds: BuildRule::One, ..Rules::default() };
  assert_eq!(outcomes(&adjustment(map(), &abroad, &orders, &one)), [Unused]);
  assert_eq!(
    build_site(map(), &abroad, power("F"), place("bel").province, &one),
    Err(SiteProblem::NoHomeOwned)
  );
  let any = Rules { builds: BuildRule::Any, ..Rules::default() };
  assert_eq!(outcomes(&adjustment(map(), &abroad, &orders, &any)), [Done]);
  assert_eq!(
    build_site(map(), &abroad, power("F"), place("bur").province, &any),
    Err(SiteProblem::NotCentre)
  );
  assert_eq!(
    build_site(map(), &abroad, power("F"), place("par").province, &any),
    Err(SiteProblem::NotOwned)
  );
}

/// HOME_BUILDS with REMOTE_BUILDS (ONE_HOME): a home of any power, and
/// only while one of the builder's own homes is kept.
#[test]
fn one_home_builds_on_any_powers_home_while_one_of_ones_own_is_kept() {
  use AdjustmentOutcome::{Done, Unused};
  let rules = Rules::from_names(&["HOME_BUILDS", "REMOTE_BUILDS"]).unwrap_or_default();
  assert_eq!(rules.builds, BuildRule::OneHome);
  assert_eq!(Rules::from_names(&["ONE_HOME"]).map(|r| r.builds), Ok(BuildRule::OneHome));
  // France owns Paris, Munich (Germany's home) and Belgium (nobody's).
  let board = winter(&[], &[("F", "par"), ("F", "mun"), ("F", "bel")]);
  let orders = [build("F", "A", "mun"), build("F", "A", "bel")];
  assert_eq!(outcomes(&adjustment(map(), &board, &orders, &rules)), [Done, Unused]);
  assert_eq!(
    build_site(map(), &board, power("F"), place("bel").province, &rules),
    Err(SiteProblem::NotAnyHome)
  );
  // Without a home of its own, nowhere; HOME_BUILDS alone still builds.
  let abroad = winter(&[], &[("F", "mun"), ("F", "bel")]);
  assert_eq!(
    build_site(map(), &abroad, power("F"), place("mun").province, &rules),
    Err(SiteProblem::NoHomeOwned)
  );
  let any_home = Rules { builds: BuildRule::AnyHome, ..Rules::default() };
  assert_eq!(build_site(map(), &abroad, power("F"), place("mun").province, &any_home), Ok(()));
}

#[test]
fn under_any_disband_a_power_may_trade_a_unit_for_a_new_one() {
  use crate::order::Adjustment;
  use AdjustmentOutcome::{Done, Unused};
  // France: three centres, three units; Paris and Marseilles are empty.
  let board = winter(
    &[("F", "A", "bur"), ("F", "A", "gas"), ("F", "F", "bre")],
    &[("F", "par"), ("F", "mar"), ("F", "bre")],
  );
  let orders = [
    build("F", "F", "mar"),
    (power("F"), Adjustment::Remove { unit: unit("F", "A", "bur") }),
    build("F", "A", "par"),
  ];
  let standard = adjustment(map(), &board, &orders, &Rules::default());
  assert_eq!(outcomes(&standard), [Unused, Unused, Unused], "nothing is due");
  let rules = Rules { any_disband: true, ..Rules::default() };
  let result = adjustment(map(), &board, &orders, &rules);
  assert_eq!(outcomes(&result), [Done, Done, Unused], "one removal makes room for one build");
  assert!(result.position.unit_at(place("bur").province).is_none());
  assert!(result.position.unit_at(place("mar").province).is_some());
  assert!(result.civil_disorder.is_empty());
  assert_eq!(result.position.units_of(power("F")).count(), 3);
}

#[test]
fn under_auto_disband_dislodged_units_are_disbanded_and_no_retreat_phase_follows() {
  let (position, orders) =
    setup(&["G A mun - bur", "G A ruh S A mun - bur", "F A bur H", "F A par H"]);
  let rules = Rules { auto_disband: true, ..Rules::default() };
  let result = movement(map(), &position, &orders, &rules);
  assert_eq!(result.position.dislodged.len(), 1);
  let concluded = conclude(map(), &position, result.position.clone(), &rules);
  assert_eq!(concluded.position.phase.to_string(), "F1901M");
  assert!(concluded.position.dislodged.is_empty());
  assert_eq!(concluded.disbanded, vec![unit("F", "A", "bur")]);
  let standard = conclude(map(), &position, result.position, &Rules::default());
  assert_eq!(standard.position.phase.to_string(), "S1901R");
  assert!(standard.disbanded.is_empty());
}

#[test]
fn the_summer_turn_follows_spring_and_any_disband_brings_a_winter_every_year() {
  let (position, orders) = setup(&["F A par H"]);
  let summer = Rules { summer: true, ..Rules::default() };
  let after = movement(map(), &position, &orders, &summer).position;
  assert_eq!(
    conclude(map(), &position, after.clone(), &summer).position.phase.to_string(),
    "U1901M"
  );
  assert_eq!(
    conclude(map(), &position, after, &Rules::default()).position.phase.to_string(),
    "F1901M"
  );
  // Fall, with France's one unit on its one centre: nothing is due, but
  // ANY DISBAND still holds a Winter for it.
  let mut fall = Position::empty(map(), "F1901M".parse().unwrap());
  fall.place(map(), unit("F", "A", "par")).unwrap();
  fall.set_owner(place("par").province, Some(power("F")));
  let next = |rules: &Rules| conclude(map(), &fall, fall.clone(), rules).position.phase.to_string();
  assert_eq!(next(&Rules::default()), "S1902M");
  assert_eq!(next(&Rules { any_disband: true, ..Rules::default() }), "F1901B");
}

#[test]
fn coastal_convoys_let_fleets_on_coasts_carry_armies() {
  // England's fleet in Belgium carries the army in Picardy to Holland.
  let lines = ["E A pic - hol via", "E F bel C A pic - hol"];
  let (position, orders) = setup(&lines);
  let standard = movement(map(), &position, &orders, &Rules::default());
  let rules = Rules { coastal_convoys: true, ..Rules::default() };
  let coastal = movement(map(), &position, &orders, &rules);
  let army_at_hol = |p: &Position| p.unit_at(place("hol").province).is_some();
  assert!(!army_at_hol(&standard.position), "a coastal fleet does not convoy");
  assert!(army_at_hol(&coastal.position), "{:?}", coastal.resolved);
  assert!(map().convoy_connects_with(
    place("pic").province,
    place("hol").province,
    &[place("bel").province],
    true
  ));
  assert!(!map().convoy_connects(
    place("pic").province,
    place("hol").province,
    &[place("bel").province]
  ));
}

#[test]
fn rules_are_named_for_the_json_face() {
  let rules =
    Rules::from_names(&["build_any", "ANY-DISBAND", "no retreat", "Summer", "COASTAL_CONVOY"])
      .expect("known rules");
  assert_eq!(rules.builds, BuildRule::Any);
  assert!(rules.any_disband && rules.auto_disband && rules.summer && rules.coastal_convoys);
  assert_eq!(Rules::from_names(&["REMOTE_BUILDS"]).map(|r| r.builds), Ok(BuildRule::One));
  assert!(Rules::from_names(&["PORTAGE_CONVOY"]).is_ok_and(|r| r.portage_convoy));
  assert!(Rules::from_names(&["PORTAGE_RAILWAY"]).is_err(), "not a rule");
}

/// Special borders at the resolver, with orders the order checker would
/// have refused (the resolver must not trust that every caller checks).
mod special_borders {
  use super::*;
  use crate::position::Dislodged;

  fn on(variant: &str) -> &'static Map {
    Map::builtin(variant).expect("built-in map")
  }

  fn at(map: &Map, name: &str) -> Location {
    match map.lookup(name) {
      Lookup::Found(province) => Location::province(province),
      other => panic!("{name}: {other:?}"),
    }
  }

  fn piece(map: &Map, power: &str, kind: UnitType, place: &str) -> Unit {
    let power = map.find_power(power).expect("power");
    Unit { power, kind, location: at(map, place) }
  }

  fn board(map: &Map, units: &[Unit]) -> Position {
    let mut position = Position::empty(map, "S1901M".parse().unwrap());
    for &unit in units {
      position.place(map, unit).unwrap();
    }
    position
  }

  fn outcome_of(result: &MovementResult, unit: Unit) -> String {
    result.resolution_at(unit.location.province).expect("resolved").outcome.to_string()
  }

  #[test]
  fn a_move_across_a_closed_owner_only_border_is_void_and_the_unit_holds() {
    let map = on("imperial");
    let fleet = piece(map, "Russia", UnitType::Fleet, "Bla");
    let mut position = board(map, &[fleet]);
    let orders =
      [UnitOrder { unit: fleet, order: Order::Move { to: at(map, "Aeg"), via: Via::Unspecified } }];
    let result = movement(map, &position, &orders, &Rules::default());
    assert_eq!(outcome_of(&result, fleet), "void");
    assert_eq!(result.position.unit_at(fleet.location.province), Some(fleet));
    // Once Russia owns Constantinople the border is open.
    position.set_owner(at(map, "Con").province, Some(fleet.power));
    let result = movement(map, &position, &orders, &Rules::default());
    assert_eq!(outcome_of(&result, fleet), "ok");
  }

  #[test]
  fn a_support_across_the_cape_route_is_void() {
    let map = on("1900");
    let mao = piece(map, "Britain", UnitType::Fleet, "Mao");
    let pal = piece(map, "Britain", UnitType::Army, "Pal");
    let egy = piece(map, "Turkey", UnitType::Army, "Egy");
    let position = board(map, &[mao, pal, egy]);
    let orders = [
      UnitOrder { unit: mao, order: Order::SupportMove { target: pal, to: at(map, "Egy") } },
      UnitOrder { unit: pal, order: Order::Move { to: at(map, "Egy"), via: Via::Unspecified } },
    ];
    let result = movement(map, &position, &orders, &Rules::default());
    assert_eq!(outcome_of(&result, mao), "void");
    assert_eq!(outcome_of(&result, pal), "bounce");
    assert_eq!(outcome_of(&result, egy), "ok");
  }

  #[test]
  fn a_strait_crossing_into_a_vacated_province_succeeds() {
    // Loeb9: North Africa's army leaves for Tunis; Cordoba's, with no
    // strength of its own, follows it in.
    let map = on("loeb9");
    let cor = piece(map, "Spain", UnitType::Army, "Cor");
    let naf = piece(map, "Italy", UnitType::Army, "Naf");
    let position = board(map, &[cor, naf]);
    let orders = [
      UnitOrder { unit: cor, order: Order::Move { to: at(map, "Naf"), via: Via::Unspecified } },
      UnitOrder { unit: naf, order: Order::Move { to: at(map, "Tun"), via: Via::Unspecified } },
    ];
    let result = movement(map, &position, &orders, &Rules::default());
    assert_eq!(outcome_of(&result, cor), "ok");
    assert_eq!(outcome_of(&result, naf), "ok");
  }

  #[test]
  fn retreats_across_special_borders_lose_conflicts_and_closed_borders_are_no_way_out() {
    let map = on("1900");
    let mao = piece(map, "Britain", UnitType::Fleet, "Mao");
    let pal = piece(map, "Turkey", UnitType::Army, "Pal");
    let mut position = board(map, &[]);
    position.phase = "S1901R".parse().unwrap();
    let egy = at(map, "Egy");
    position.dislodged = vec![
      Dislodged { unit: mao, attacker_from: None, retreats: vec![egy] },
      Dislodged { unit: pal, attacker_from: None, retreats: vec![egy] },
    ];
    let orders = [
      UnitOrder { unit: mao, order: Order::Move { to: egy, via: Via::Unspecified } },
      UnitOrder { unit: pal, order: Order::Move { to: egy, via: Via::Unspecified } },
    ];
    let result = retreat(map, &position, &orders, &Rules::default());
    let words: Vec<String> = result.resolved.iter().map(|r| r.outcome.to_string()).collect();
    assert_eq!(words, ["bounce", "ok"]);
    assert_eq!(result.position.unit_at(egy.province), Some(Unit { location: egy, ..pal }));
    // Imperial: a Russian fleet in the Black Sea may not retreat to the
    // Aegean while Turkey holds Constantinople; a Turkish one may.
    let map = on("imperial");
    let mut after = board(map, &[]);
    after.set_owner(at(map, "Con").province, map.find_power("Turkey"));
    let aeg = at(map, "Aeg");
    let russian = piece(map, "Russia", UnitType::Fleet, "Bla");
    let turkish = piece(map, "Turkey", UnitType::Fleet, "Bla");
    assert!(!retreat_options(map, &after, russian, None, &[]).contains(&aeg));
    assert!(retreat_options(map, &after, turkish, None, &[]).contains(&aeg));
  }
}

#[test]
fn without_hibernate_a_unit_where_the_map_closes_is_lost() {
  let loeb9 = Map::builtin("loeb9").expect("the loeb9 map");
  let Lookup::Found(arc) = loeb9.lookup("Arc") else { panic!("Arc") };
  let england = loeb9.find_power("England").expect("England");
  let fleet = Unit { power: england, kind: UnitType::Fleet, location: Location::province(arc) };
  let mut spring = Position::empty(loeb9, loeb9.parse_phase("S1901M").expect("a phase"));
  spring.place(loeb9, fleet).expect("a fleet in the Arctic Ocean");
  let hibernate = Rules { hibernate: true, ..Rules::default() };
  let kept = conclude(loeb9, &spring, spring.clone(), &hibernate);
  assert_eq!(kept.position.unit_at(arc), Some(fleet));
  assert!(kept.trapped.is_empty());
  let lost = conclude(loeb9, &spring, spring.clone(), &Rules::default());
  assert_eq!(lost.position.unit_at(arc), None);
  assert_eq!(lost.trapped, vec![fleet]);
}
