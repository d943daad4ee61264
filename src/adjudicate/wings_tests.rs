//! Wings (manual §6.1, the Wings option): where a wing may go, what it
//! may not do, and the blockade of the centre it stands on.

use super::tests::{map, place};
use super::*;
use crate::map::{PowerId, UnitType};
use crate::order::{
  parse_order, validate_adjustment_with, validate_with, Adjustment, OrderError, ParsedOrder,
  UnitOrder,
};
use crate::phase::PhaseKind;

fn power(letter: char) -> PowerId {
  map().power_by_initial(letter).unwrap_or_else(|| panic!("no power {letter}"))
}

fn kind(letter: &str) -> UnitType {
  match letter {
    "A" => UnitType::Army,
    "F" => UnitType::Fleet,
    _ => UnitType::Wing,
  }
}

/// A board of units written `F W tri` (power, type, place) in `phase`,
/// every power owning its home centres.
fn board(phase: &str, units: &[&str]) -> Position {
  let mut position = Position::empty(map(), phase.parse().unwrap_or_else(|e| panic!("{e:?}")));
  for line in units {
    let w: Vec<&str> = line.split_whitespace().collect();
    let letter = w[0].chars().next().unwrap_or('?');
    let unit = Unit { power: power(letter), kind: kind(w[1]), location: place(w[2]) };
    position.place(map(), unit).unwrap_or_else(|e| panic!("{line}: {e:?}"));
  }
  for id in map().power_ids() {
    for &home in &map().power(id).home_centers {
      position.set_owner(home, Some(id));
    }
  }
  position
}

fn wings() -> Rules {
  Rules::from_names(&["WINGS"]).unwrap_or_else(|e| panic!("{e}"))
}

fn order(position: &Position, letter: char, text: &str) -> Result<UnitOrder, OrderError> {
  let parsed = parse_order(map(), position.phase.kind, text)?;
  validate_with(map(), position, power(letter), &parsed, &wings())
}

#[test]
fn a_wing_flies_across_any_border_and_is_never_convoyed_nor_convoys() {
  let position = board("S1901M", &["I W tri", "I A ven", "E W lon", "E F nth", "E A yor"]);
  assert_eq!(
    parse_order(map(), PhaseKind::Movement, "W Tri - Adr"),
    Ok(ParsedOrder::Unit {
      kind: Some(UnitType::Wing),
      at: place("tri"),
      action: crate::order::Action::Move { to: place("adr"), route: vec![], via_convoy: false },
    })
  );
  for to in ["Adr", "Ven", "Alb", "Vie", "Bud", "Tyr", "Ser"] {
    assert!(order(&position, 'I', &format!("Wing Trieste - {to}")).is_ok(), "Tri - {to}");
  }
  // Not a neighbour, and never by convoy.
  assert!(matches!(order(&position, 'I', "W Tri - Ion"), Err(OrderError::WingNotAdjacent { .. })));
  assert!(matches!(order(&position, 'E', "W Lon - Nwy"), Err(OrderError::WingNotAdjacent { .. })));
  assert!(matches!(
    order(&position, 'E', "W Lon - Nth - Nwy"),
    Err(OrderError::FleetConvoyed { .. })
  ));
  assert!(order(&position, 'E', "F Nth C W Lon - Nwy").is_err(), "a wing is not convoyed");
  assert!(order(&position, 'E', "W Lon C A Yor - Nwy").is_err(), "a wing does not convoy");
  // It supports and is supported like any unit.
  assert!(order(&position, 'I', "A Ven S W Tri - Tyr").is_ok());
  assert!(order(&position, 'I', "A Ven S W Tri - Alb").is_err(), "Venice does not reach Albania");
  assert!(order(&position, 'I', "W Tri S A Ven - Apu").is_err(), "Trieste does not reach Apulia");
  assert!(order(&position, 'I', "W Tri S A Ven - Tyr").is_ok());
  // It moves, and bounces, as any unit does.
  let orders: Vec<UnitOrder> = ["W Tri - Adr", "A Ven H"]
    .iter()
    .map(|t| order(&position, 'I', t).unwrap_or_else(|e| panic!("{t}: {e}")))
    .collect();
  let result = movement(map(), &position, &orders, &wings());
  let adriatic = result.position.unit_at(place("adr").province);
  assert_eq!(adriatic.map(|u| u.kind), Some(UnitType::Wing));
  assert_eq!(crate::order::render_order(map(), &orders[0]), "Wing Trieste -> Adriatic Sea.");
}

#[test]
fn a_dislodged_wing_may_retreat_over_the_sea() {
  let position = board("S1901M", &["I W tri", "A A vie", "A A bud"]);
  let vie = order(&position, 'A', "A Vie - Tri").unwrap_or_else(|e| panic!("{e}"));
  let bud = order(&position, 'A', "A Bud S A Vie - Tri").unwrap_or_else(|e| panic!("{e}"));
  let result = movement(map(), &position, &[vie, bud], &wings());
  let dislodged = result.position.dislodged_at(place("tri").province).expect("dislodged");
  let options: Vec<&str> =
    dislodged.retreats.iter().map(|l| map().province(l.province).abbr.as_str()).collect();
  assert!(options.contains(&"Adr") && options.contains(&"Alb"), "{options:?}");
  assert!(!options.contains(&"Vie"), "not where the attack came from: {options:?}");
}

#[test]
fn a_wing_blockades_the_centre_it_stands_on() {
  // A French wing on Munich: the centre counts for nobody.
  let position = board("F1901M", &["F W mun", "G A ber", "G F kie"]);
  let germany = power('G');
  assert_eq!(position.counted_centers(map(), germany).count(), 2, "Munich is blockaded");
  assert_eq!(position.centers_of(map(), germany).count(), 3, "but still Germany's");
  let result = movement(map(), &position, &[], &wings());
  let after = conclude(map(), &position, result.position, &wings());
  assert_eq!(after.position.owner(place("mun").province), Some(germany), "not taken");
  assert_eq!(after.position.adjustment_due(map(), germany, &wings()), 0, "2 centres, 2 units");
  assert_eq!(after.position.counted_centers(map(), power('F')).count(), 3, "nor France's");
}

#[test]
fn wings_are_built_only_when_the_game_has_them() {
  let position = board("W1901A", &[]);
  let france = power('F');
  let build = |rules: &Rules, text: &str| {
    let parsed = parse_order(map(), PhaseKind::Adjustment, text).unwrap_or_else(|e| panic!("{e}"));
    validate_adjustment_with(map(), &position, france, &parsed, rules)
  };
  let wing = build(&wings(), "build W Par").unwrap_or_else(|e| panic!("{e}"));
  assert!(matches!(wing, Adjustment::Build { kind: UnitType::Wing, .. }));
  assert_eq!(crate::order::render_adjustment(map(), &wing), "Build Wing Paris.");
  assert!(build(&wings(), "W Bre").is_ok(), "a wing built with its type alone");
  assert_eq!(build(&Rules::default(), "build W Par"), Err(OrderError::NoWings));
  // `w` alone is still a waive.
  assert!(matches!(
    parse_order(map(), PhaseKind::Adjustment, "w"),
    Ok(ParsedOrder::Waive { power: None })
  ));
}
