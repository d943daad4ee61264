//! Transformations (manual §9.1 SET TRANSFORM, §6.1): the manual's own
//! order examples read, checked and adjudicated, in movement and
//! adjustment phases, with and without SET ATTACK TRANSFORM.

use super::tests::{map, place};
use super::*;
use crate::map::{PowerId, UnitType};
use crate::order::{
  parse_order, validate_adjustment_with, validate_with, Adjustment, OrderError, UnitOrder,
};
use crate::phase::PhaseKind;

fn power(letter: char) -> PowerId {
  map().power_by_initial(letter).unwrap_or_else(|| panic!("no power {letter}"))
}

/// A board of units written `F A bre` (power, type, place) in `phase`.
fn board(phase: &str, units: &[&str]) -> Position {
  let mut position = Position::empty(map(), phase.parse().unwrap_or_else(|e| panic!("{e:?}")));
  for line in units {
    let w: Vec<&str> = line.split_whitespace().collect();
    let kind = if w[1] == "A" { UnitType::Army } else { UnitType::Fleet };
    let unit =
      Unit { power: power(w[0].chars().next().unwrap_or('?')), kind, location: place(w[2]) };
    position.place(map(), unit).unwrap_or_else(|e| panic!("{line}: {e:?}"));
  }
  // Every power owns its home centres, as at the start.
  for id in map().power_ids() {
    for &home in &map().power(id).home_centers {
      position.set_owner(home, Some(id));
    }
  }
  position
}

fn rules(names: &[&str]) -> Rules {
  Rules::from_names(names).unwrap_or_else(|e| panic!("{e}"))
}

/// A movement order of `letter`'s power as a player writes it, checked.
fn order(
  position: &Position,
  rules: &Rules,
  letter: char,
  text: &str,
) -> Result<UnitOrder, OrderError> {
  let parsed = parse_order(map(), position.phase.kind, text)?;
  validate_with(map(), position, power(letter), &parsed, rules)
}

/// Adjudicates the orders (each `letter text`) and returns the result.
fn play(position: &Position, rules: &Rules, orders: &[(char, &str)]) -> MovementResult {
  let checked: Vec<UnitOrder> = orders
    .iter()
    .map(|&(letter, text)| {
      order(position, rules, letter, text).unwrap_or_else(|e| panic!("{text}: {e}"))
    })
    .collect();
  movement(map(), position, &checked, rules)
}

fn unit_at(position: &Position, at: &str) -> Option<(UnitType, Option<crate::map::Coast>)> {
  position.unit_at(place(at).province).map(|u| (u.kind, u.location.coast))
}

fn outcome(result: &MovementResult, at: &str) -> String {
  result.resolution_at(place(at).province).map(|r| r.outcome.to_string()).unwrap_or_default()
}

#[test]
fn the_manuals_movement_examples_transform_a_fleet_and_an_army() {
  let position = board("S1901M", &["F F bre", "F A spa"]);
  let anywhere = rules(&["TRANSFORM_MOVE_ANYWHERE"]);
  let result =
    play(&position, &anywhere, &[('F', "F Brest transforms to Army"), ('F', "Spain trafo F (sc)")]);
  assert_eq!(unit_at(&result.position, "bre"), Some((UnitType::Army, None)));
  let south = crate::map::Coast::from_word("sc");
  assert_eq!(unit_at(&result.position, "spa"), Some((UnitType::Fleet, south)));
  assert_eq!(outcome(&result, "bre"), "ok");
  let text: Vec<String> =
    result.resolved.iter().map(|r| crate::order::render_order(map(), &r.order)).collect();
  assert!(text.contains(&"Fleet Brest TRANSFORM TO Army.".to_string()), "{text:?}");
  assert!(text.contains(&"Army Spain TRANSFORM TO Fleet (south coast).".to_string()), "{text:?}");
  // What results print reads back as the same order.
  for line in &text {
    let again = order(&position, &anywhere, 'F', line.trim_end_matches('.'));
    assert!(again.is_ok(), "{line}: {again:?}");
  }
}

#[test]
fn an_attack_stops_a_transformation_unless_attack_transform_is_set() {
  let position = board("S1901M", &["F F bre", "G A pic"]);
  let orders = [('F', "F Brest transforms to Army"), ('G', "A Pic - Bre")];
  // (rules, result in Brest, the unit in Brest afterwards)
  let cases = [
    (rules(&["TRANSFORM_MOVE_ANYWHERE"]), "attacked", UnitType::Fleet),
    (rules(&["TRANSFORM_MOVE_ANYWHERE", "ATTACK_TRANSFORM"]), "ok", UnitType::Army),
  ];
  for (rules, words, kind) in cases {
    let result = play(&position, &rules, &orders);
    assert_eq!(outcome(&result, "bre"), words, "{rules:?}");
    assert_eq!(unit_at(&result.position, "bre").map(|u| u.0), Some(kind), "{rules:?}");
    assert_eq!(outcome(&result, "pic"), "bounce");
  }
  // A move that never gets there (a convoy with no fleet) is no attack.
  let far = board("S1901M", &["F F bre", "G A lon", "E F eng"]);
  let result = play(
    &far,
    &rules(&["TRANSFORM_MOVE_ANYWHERE"]),
    &[('F', "F Bre trafo A"), ('G', "A Lon - Bre")],
  );
  assert_eq!(outcome(&result, "bre"), "ok");
  assert_eq!(unit_at(&result.position, "bre").map(|u| u.0), Some(UnitType::Army));
}

#[test]
fn a_transforming_unit_holds_may_be_supported_and_fails_when_dislodged() {
  let anywhere = rules(&["TRANSFORM_MOVE_ANYWHERE", "ATTACK_TRANSFORM"]);
  // Supported to hold against a supported attack: it stands, and changes.
  let held = board("S1901M", &["F F bre", "F A gas", "G A pic", "G A par"]);
  let result = play(
    &held,
    &anywhere,
    &[
      ('F', "F Bre transforms to Army"),
      ('F', "A Gas S F Bre"),
      ('G', "A Pic - Bre"),
      ('G', "A Par S A Pic - Bre"),
    ],
  );
  assert_eq!(outcome(&result, "bre"), "ok");
  assert_eq!(unit_at(&result.position, "bre").map(|u| (u.0, u.1)), Some((UnitType::Army, None)));
  // Without the support it is dislodged, and goes to its retreat as it was.
  let alone = board("S1901M", &["F F bre", "G A pic", "G A par"]);
  let result = play(
    &alone,
    &anywhere,
    &[('F', "F Bre transforms to Army"), ('G', "A Pic - Bre"), ('G', "A Par S A Pic - Bre")],
  );
  assert_eq!(outcome(&result, "bre"), "dislodged");
  let dislodged = result.position.dislodged_at(place("bre").province).map(|d| d.unit.kind);
  assert_eq!(dislodged, Some(UnitType::Fleet));
  assert_eq!(unit_at(&result.position, "bre").map(|u| u.0), Some(UnitType::Army), "the attacker");
}

#[test]
fn transformation_orders_are_refused_with_the_reason() {
  let position =
    board("S1901M", &["F F bre", "F A par", "F F mao", "F A spa", "F A gas", "G A mun"]);
  let home = rules(&["TRANSFORM_MOVE_HOME_CENTER"]);
  let anywhere = rules(&["TRANSFORM_MOVE_ANYWHERE"]);
  let refused = |rules: &Rules, text: &str| match order(&position, rules, 'F', text) {
    Err(e) => e,
    Ok(o) => panic!("{text} taken as {o:?}"),
  };
  assert!(matches!(
    refused(&Rules::default(), "F Bre transforms to A"),
    OrderError::TransformOff { .. }
  ));
  assert!(matches!(refused(&anywhere, "F Mao transforms to A"), OrderError::TransformAtSea { .. }));
  assert!(matches!(refused(&anywhere, "F Bre transforms to F"), OrderError::TransformSame { .. }));
  assert!(matches!(
    refused(&anywhere, "A Par transforms to F"),
    OrderError::TransformNoCoast { .. }
  ));
  assert!(matches!(
    refused(&anywhere, "A Spa transforms to F"),
    OrderError::TransformCoastNeeded { .. }
  ));
  assert!(matches!(
    refused(&anywhere, "A Spa transforms to F/ec"),
    OrderError::TransformBadCoast { .. }
  ));
  // Gascony is no centre, Spain no home of France's, Munich not hers.
  assert!(matches!(refused(&home, "A Gas transforms to F"), OrderError::TransformPlace { .. }));
  assert!(matches!(refused(&home, "A Spa transforms to F/sc"), OrderError::TransformPlace { .. }));
  assert!(matches!(
    refused(&home, "A Mun transforms to F"),
    OrderError::NotYourUnit { .. } | OrderError::NoOwnUnit { .. }
  ));
  assert!(order(&position, &home, 'F', "F Bre transforms to A").is_ok());
  // The new type must be written; "t" is a convoy.
  assert!(matches!(refused(&anywhere, "F Bre transforms"), OrderError::Expected { .. }));
  assert!(order(&position, &anywhere, 'F', "F Bre t A").is_err());
  // The adjustment form belongs to adjustment phases.
  assert_eq!(refused(&anywhere, "Transform A Brest"), OrderError::TransformForm);
}

#[test]
fn the_manuals_adjustment_examples_change_units_without_using_a_build() {
  let position = board("W1901A", &["F F bre", "F A spa", "F A par"]);
  let builds = rules(&["TRANSFORM_BUILD_ANYWHERE"]);
  let france = power('F');
  let take = |text: &str| {
    let parsed =
      parse_order(map(), PhaseKind::Adjustment, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    validate_adjustment_with(map(), &position, france, &parsed, &builds)
  };
  let brest = take("Transform A Brest").unwrap_or_else(|e| panic!("{e}"));
  let spain = take("trafo f spa/sc").unwrap_or_else(|e| panic!("{e}"));
  assert!(matches!(brest, Adjustment::Transform { into: UnitType::Army, .. }));
  assert_eq!(
    crate::order::render_adjustment(map(), &spain),
    "Transform Army Spain to Fleet (south coast)."
  );
  // The old type is not written in an adjustment phase.
  assert!(parse_order(map(), PhaseKind::Adjustment, "transform F A Brest").is_err());
  // The movement form is refused here with the right form.
  let movement_form = parse_order(map(), PhaseKind::Adjustment, "F Brest transforms to Army");
  assert_eq!(movement_form, Err(OrderError::TransformForm));
  // Movement transformations only: none in builds.
  let moves = rules(&["TRANSFORM_MOVE_ANYWHERE"]);
  let parsed = parse_order(map(), PhaseKind::Adjustment, "Transform A Brest")
    .unwrap_or_else(|e| panic!("{e}"));
  assert!(matches!(
    validate_adjustment_with(map(), &position, france, &parsed, &moves),
    Err(OrderError::TransformOff { .. })
  ));
  let orders = [(france, brest), (france, spain)];
  let result = adjustment(map(), &position, &orders, &builds);
  assert!(result.resolved.iter().all(|r| r.2 == AdjustmentOutcome::Done), "{:?}", result.resolved);
  assert_eq!(unit_at(&result.position, "bre").map(|u| u.0), Some(UnitType::Army));
  assert_eq!(
    unit_at(&result.position, "spa"),
    Some((UnitType::Fleet, crate::map::Coast::from_word("sc")))
  );
  assert_eq!(result.position.units_of(france).count(), 3, "no unit built or removed");
}

#[test]
fn build_transformations_bring_an_adjustment_phase_every_year() {
  // France has as many units as centres, and nobody else has either.
  let mut position = Position::empty(map(), "F1901M".parse().unwrap_or_else(|e| panic!("{e:?}")));
  let france = power('F');
  for at in ["bre", "par", "mar"] {
    let kind = if at == "bre" { UnitType::Fleet } else { UnitType::Army };
    position.set_owner(place(at).province, Some(france));
    let unit = Unit { power: france, kind, location: place(at) };
    position.place(map(), unit).unwrap_or_else(|e| panic!("{e:?}"));
  }
  let after = movement(map(), &position, &[], &Rules::default()).position;
  let plain = conclude(map(), &position, after.clone(), &Rules::default());
  assert_eq!(plain.position.phase.kind, PhaseKind::Movement, "nobody due anything");
  let builds = conclude(map(), &position, after, &rules(&["TRANSFORM_BUILD_HOME_CENTER"]));
  assert_eq!(builds.position.phase.kind, PhaseKind::Adjustment);
}
