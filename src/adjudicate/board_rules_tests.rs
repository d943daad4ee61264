//! The DPjudge's board rules that change adjudication (FRIENDLY_FIRE,
//! WEAK_BOUNCES, COASTAL_CRAWL, SAFE_CONVOYS, WEAK_CONVOYS): each case of
//! `../shared/notes/dpjudge-rules.md` §(a), adjudicated with and without
//! its rule, so that each rule is seen to change exactly what it says.

use super::tests::{map, place, result_of, results_with, setup};
use super::*;

fn with(name: &str) -> Rules {
  Rules::from_names(&[name]).unwrap_or_else(|e| panic!("{e}"))
}

/// (province, standard result, result under the rule) for each unit.
type Case<'a> = (&'a str, &'a str, &'a str);

fn check(rule: &str, lines: &[&str], expected: &[Case]) {
  let standard = results_with(lines, &Rules::default());
  let ruled = results_with(lines, &with(rule));
  for &(at, plain, under) in expected {
    assert_eq!(result_of(&standard, at), plain, "{at} without {rule}: {standard:?}");
    assert_eq!(result_of(&ruled, at), under, "{at} under {rule}: {ruled:?}");
  }
}

#[test]
fn friendly_fire_dislodges_ones_own_unit() {
  check(
    "FRIENDLY_FIRE",
    &["G A mun - ber", "G A sil S A mun - ber", "G A ber H"],
    &[("Mun", "bounce", "ok"), ("Ber", "ok", "dislodged")],
  );
  // The dislodged army may not retreat to where the attack came from.
  let (position, orders) = setup(&["G A mun - ber", "G A sil S A mun - ber", "G A ber H"]);
  let result = movement(map(), &position, &orders, &with("FRIENDLY_FIRE"));
  let berlin = result.position.dislodged_at(place("ber").province).expect("Berlin dislodged");
  assert!(!berlin.retreats.iter().any(|l| l.province == place("mun").province));
}

#[test]
fn friendly_fire_cuts_ones_own_support() {
  check(
    "FRIENDLY_FIRE",
    &["R A sil H", "G A mun - sil", "G A ber S A mun - sil", "G A kie - ber"],
    &[
      ("Mun", "ok", "bounce"),
      ("Sil", "dislodged", "ok"),
      ("Ber", "ok", "cut"),
      ("Kie", "bounce", "bounce"),
    ],
  );
}

#[test]
fn weak_bounces_leave_a_bounced_unit_no_strength_to_hold() {
  let lines = ["A A vie - gal", "R A war - gal", "I A tyr - vie"];
  check("WEAK_BOUNCES", &lines, &[("Vie", "bounce", "bounce, dislodged"), ("Tyr", "bounce", "ok")]);
  let (position, orders) = setup(&lines);
  let result = movement(map(), &position, &orders, &with("WEAK_BOUNCES"));
  let vienna = result.position.dislodged_at(place("vie").province).expect("Vienna dislodged");
  let names: Vec<&str> =
    vienna.retreats.iter().map(|l| map().province(l.province).abbr.as_str()).collect();
  assert!(!names.contains(&"Gal") && !names.contains(&"Tyr"), "{names:?}");
  assert!(names.contains(&"Boh") && names.contains(&"Bud") && names.contains(&"Tri"), "{names:?}");
}

#[test]
fn weak_bounces_spare_a_unit_its_own_power_attacks_and_a_beleaguered_one() {
  check(
    "WEAK_BOUNCES",
    &["A A vie - gal", "R A war - gal", "A A bud - vie"],
    &[("Vie", "bounce", "bounce"), ("Bud", "bounce", "bounce")],
  );
  check(
    "WEAK_BOUNCES",
    &["A A vie - gal", "R A war - gal", "I A tyr - vie", "G A boh - vie"],
    &[("Vie", "bounce", "bounce"), ("Tyr", "bounce", "bounce"), ("Boh", "bounce", "bounce")],
  );
}

#[test]
fn coastal_crawl_lets_fleets_pass_along_two_coasts() {
  check(
    "COASTAL_CRAWL",
    &["F F spa/sc - por", "F F por - spa/nc"],
    &[("Spa", "bounce", "ok"), ("Por", "bounce", "ok")],
  );
  // Into the coast the other fleet leaves: head to head as ever.
  check(
    "COASTAL_CRAWL",
    &["F F spa/sc - por", "F F por - spa/sc"],
    &[("Spa", "bounce", "bounce"), ("Por", "bounce", "bounce")],
  );
}

#[test]
fn safe_convoys_fail_when_the_fleet_is_beleaguered() {
  let convoy = ["E F nth C A yor - nwy", "E A yor - nwy via"];
  let supported =
    ["G F hel - nth", "G F den S F hel - nth", "F F eng - nth", "F F bel S F eng - nth"];
  let lines: Vec<&str> = convoy.iter().chain(supported.iter()).copied().collect();
  check("SAFE_CONVOYS", &lines, &[("Yor", "ok", "disrupted"), ("Nth", "ok", "disrupted")]);
  // Unsupported attacks (1 and 1 against a hold of 1) leave it safe.
  let lines = [convoy[0], convoy[1], "G F hel - nth", "F F eng - nth"];
  check("SAFE_CONVOYS", &lines, &[("Yor", "ok", "ok")]);
}

#[test]
fn weak_convoys_fail_under_any_foreign_attack_as_strong_as_the_hold() {
  let lines = ["E F nth C A yor - nwy", "E A yor - nwy via", "G F hel - nth"];
  check("WEAK_CONVOYS", &lines, &[("Yor", "ok", "disrupted"), ("Nth", "ok", "disrupted")]);
  // A support to hold makes the fleet stronger than the attack.
  let lines = ["E F nth C A yor - nwy", "E A yor - nwy via", "G F hel - nth", "E F edi S F nth"];
  check("WEAK_CONVOYS", &lines, &[("Yor", "ok", "ok")]);
}

/// GARRISON: Austria has lost every centre to Russia but no foreign unit
/// stands on its homes, so it keeps its army and may build one more at
/// home, where Russia (building anywhere) may not.
#[test]
fn garrison_keeps_a_power_without_centres_alive_at_home() {
  use crate::map::UnitType;
  use crate::position::{Position, Unit};
  use crate::rules::{build_site, SiteProblem};
  let map = map();
  let austria = map.find_power("Austria").expect("Austria");
  let russia = map.find_power("Russia").expect("Russia");
  let phase = "S1901M".parse().expect("a phase");
  let mut position = Position::empty(map, phase);
  for home in ["vie", "bud", "tri"] {
    position.set_owner(place(home).province, Some(russia));
  }
  let army = Unit { power: austria, kind: UnitType::Army, location: place("gal") };
  position.place(map, army).expect("room in Galicia");
  let garrison = Rules { builds: BuildRule::Any, ..with("GARRISON") };
  let plain = Rules { builds: BuildRule::Any, ..Rules::default() };
  assert_eq!(position.adjustment_due(map, austria, &plain), -1, "without it, Austria removes");
  assert_eq!(position.adjustment_due(map, austria, &garrison), 1, "with it, one build");
  let vienna = place("vie").province;
  assert_eq!(build_site(map, &position, austria, vienna, &garrison), Ok(()));
  assert_eq!(
    build_site(map, &position, russia, vienna, &garrison),
    Err(SiteProblem::Garrisoned),
    "Russia owns Vienna but may not build there while Austria holds out"
  );
  assert_eq!(build_site(map, &position, russia, vienna, &plain), Ok(()));
  // A Russian army in Budapest ends it.
  let occupier = Unit { power: russia, kind: UnitType::Army, location: place("bud") };
  position.place(map, occupier).expect("room in Budapest");
  assert_eq!(position.adjustment_due(map, austria, &garrison), -1);
  assert_eq!(build_site(map, &position, russia, vienna, &garrison), Ok(()));
}

#[test]
fn set_disband_lets_a_unit_disband_in_a_movement_phase() {
  use crate::order::{parse_order, validate_with, OrderError};
  let (position, _) = setup(&["F A par H", "G A mun H", "G A bur H", "G A pic H"]);
  let france = map().find_power("France").expect("France");
  let read = |rules: &Rules| {
    let parsed = parse_order(map(), crate::phase::PhaseKind::Movement, "A Par disband")
      .unwrap_or_else(|e| panic!("{e}"));
    validate_with(map(), &position, france, &parsed, rules)
  };
  // Refused without the rule, as njudge refuses it.
  assert!(matches!(read(&Rules::default()), Err(OrderError::WrongPhase { .. })));
  let rules = with("DISBAND");
  let order = read(&rules).unwrap_or_else(|e| panic!("{e}"));
  assert_eq!(crate::order::render_order(map(), &order), "Army Paris DISBAND.");
  // It holds for the phase (Burgundy's attack bounces), then it is gone;
  // dislodged, it is gone too and has no retreat.
  let (_, mut orders) = setup(&["F A par H", "G A bur - par", "G A pic H", "G A mun H"]);
  orders[0] = order.clone();
  let result = movement(map(), &position, &orders, &rules);
  assert_eq!(result_of(&outcomes(&result), "Bur"), "bounce");
  assert!(result.position.unit_at(place("par").province).is_none(), "Paris disbanded");
  let (_, mut orders) =
    setup(&["F A par H", "G A bur - par", "G A pic S A bur - par", "G A mun H"]);
  orders[0] = order;
  let result = movement(map(), &position, &orders, &rules);
  assert!(result.position.dislodged.is_empty(), "no retreat for a disbanded unit");
  assert_eq!(
    result.position.unit_at(place("par").province).map(|u| u.power),
    map().find_power("Germany")
  );
}

/// (province, result) of each unit of an adjudicated phase.
fn outcomes(result: &MovementResult) -> Vec<(String, String)> {
  result
    .resolved
    .iter()
    .map(|r| (map().province(r.order.unit.location.province).abbr.clone(), r.outcome.to_string()))
    .collect()
}
