//! PORTAGE_CONVOY (DPjudge): armies carry fleets overland. Orders are
//! written as players write them, checked, and adjudicated, with and
//! without the rule (`../shared/notes/dpjudge-rules.md`, worked case 7).

use super::tests::{map, place};
use super::*;
use crate::map::{PowerId, UnitType};
use crate::order::{parse_order, render_order, render_order_seen, validate_with, OrderError};
use crate::order::{Order, UnitOrder, Via};

fn power(letter: char) -> PowerId {
  map().power_by_initial(letter).unwrap_or_else(|| panic!("no power {letter}"))
}

/// A Spring 1901 board of units written `E F lon` (power, type, place).
fn board(units: &[&str]) -> Position {
  let mut position = Position::empty(map(), "S1901M".parse().unwrap_or_else(|e| panic!("{e:?}")));
  for line in units {
    let w: Vec<&str> = line.split_whitespace().collect();
    let letter = w[0].chars().next().unwrap_or('?');
    let kind = if w[1] == "A" { UnitType::Army } else { UnitType::Fleet };
    let unit = Unit { power: power(letter), kind, location: place(w[2]) };
    position.place(map(), unit).unwrap_or_else(|e| panic!("{line}: {e:?}"));
  }
  position
}

fn with(names: &[&str]) -> Rules {
  Rules::from_names(names).unwrap_or_else(|e| panic!("{e}"))
}

fn portage() -> Rules {
  with(&["PORTAGE_CONVOY"])
}

fn order(position: &Position, text: &str, rules: &Rules) -> Result<UnitOrder, OrderError> {
  let (letter, text) = text.split_once(' ').unwrap_or(("?", text));
  let parsed = parse_order(map(), position.phase.kind, text)?;
  validate_with(map(), position, power(letter.chars().next().unwrap_or('?')), &parsed, rules)
}

/// Checks each order (`E F Lon-Wal-Lvp`: power initial, then the order),
/// keeps those accepted, and adjudicates them.
fn play(position: &Position, orders: &[&str], rules: &Rules) -> MovementResult {
  let checked: Vec<UnitOrder> =
    orders.iter().filter_map(|text| order(position, text, rules).ok()).collect();
  movement(map(), position, &checked, rules)
}

fn result_at(result: &MovementResult, at: &str) -> String {
  result.resolution_at(place(at).province).map(|r| r.outcome.to_string()).unwrap_or_default()
}

/// Where each unit of the board stands after the phase, as `F Lvp`.
fn units_after(result: &MovementResult) -> Vec<String> {
  let mut units: Vec<String> = result
    .position
    .units()
    .map(|u| format!("{} {}", u.kind.letter(), map().location_abbr(u.location)))
    .collect();
  units.sort();
  units
}

const CASE_7: [&str; 2] = ["E F lon", "E A wal"];
const CASE_7_ORDERS: [&str; 2] = ["E F Lon-Wal-Lvp", "E A Wal C F Lon-Lvp"];

#[test]
fn the_rule_is_named_portage_convoy_or_portage() {
  assert!(portage().portage_convoy);
  assert!(with(&["portage"]).portage_convoy);
  assert!(!Rules::default().portage_convoy);
}

#[test]
fn an_army_carries_a_fleet_two_moves_in_one_turn() {
  // Worked case 7: London to Liverpool is two fleet moves away.
  let position = board(&CASE_7);
  let result = play(&position, &CASE_7_ORDERS, &portage());
  assert_eq!(result_at(&result, "Lon"), "ok");
  assert_eq!(result_at(&result, "Wal"), "ok");
  assert_eq!(units_after(&result), ["A Wal", "F Lvp"]);
  // The results print the route and the convoy as njudge prints convoys.
  let texts: Vec<String> = result.resolved.iter().map(|r| render_order(map(), &r.order)).collect();
  assert!(texts.contains(&"Fleet London -> Wales -> Liverpool.".to_string()), "{texts:?}");
  assert!(texts.contains(&"Army Wales CONVOY Fleet London -> Liverpool.".to_string()), "{texts:?}");
}

#[test]
fn without_the_rule_both_orders_are_refused_saying_so() {
  let position = board(&CASE_7);
  let rules = Rules::default();
  let fleet = order(&position, CASE_7_ORDERS[0], &rules);
  assert!(matches!(fleet, Err(OrderError::PortageOff { .. })), "{fleet:?}");
  let army = order(&position, CASE_7_ORDERS[1], &rules);
  assert!(matches!(army, Err(OrderError::CarrierOff { .. })), "{army:?}");
  for error in [fleet, army].into_iter().filter_map(Result::err) {
    assert!(error.to_string().contains("PORTAGE_CONVOY"), "{error}");
  }
  // An army convoying an army, and a fleet convoyed by sea, are refused
  // as they always were.
  assert!(matches!(
    order(&position, "E A Wal C A Lvp - Lon", &rules),
    Err(OrderError::CannotConvoy { .. })
  ));
  let by_sea = board(&["F F mao", "F F wes"]);
  assert!(matches!(
    order(&by_sea, "F F Mao-Wes-Tun", &rules),
    Err(OrderError::FleetConvoyed { .. })
  ));
  let result = play(&position, &CASE_7_ORDERS, &rules);
  assert_eq!(units_after(&result), ["A Wal", "F Lon"]);
}

#[test]
fn dislodging_the_carrier_disrupts_the_portage() {
  // Worked case 7, continued: Germany dislodges the army in Wales.
  let position = board(&["E F lon", "E A wal", "G A yor", "G F eng"]);
  let orders = [CASE_7_ORDERS[0], CASE_7_ORDERS[1], "G A Yor-Wal", "G F Eng S A Yor-Wal"];
  let result = play(&position, &orders, &portage());
  assert_eq!(result_at(&result, "Lon"), "disrupted");
  assert_eq!(result_at(&result, "Wal"), "dislodged");
  assert_eq!(result_at(&result, "Yor"), "ok");
  assert_eq!(units_after(&result), ["A Wal", "F Eng", "F Lon"]);
  // Unsupported, the attack stands off and the fleet goes through.
  let result = play(&position, &orders[..3], &portage());
  assert_eq!(result_at(&result, "Lon"), "ok");
  assert_eq!(result_at(&result, "Yor"), "bounce");
}

#[test]
fn a_portage_is_matched_like_a_convoy() {
  let position = board(&CASE_7);
  // No convoy order: the fleet stays.
  let result = play(&position, &CASE_7_ORDERS[..1], &portage());
  assert_eq!(result_at(&result, "Lon"), "no convoy");
  assert_eq!(units_after(&result), ["A Wal", "F Lon"]);
  // The army convoys elsewhere: void, and the fleet stays.
  let wrong = ["E F Lon-Wal-Lvp", "E A Wal C F Lon - Yor"];
  let result = play(&position, &wrong, &portage());
  assert_eq!(result_at(&result, "Wal"), "void");
  assert_eq!(units_after(&result), ["A Wal", "F Lon"]);
}

#[test]
fn a_portaged_move_is_supported_and_stood_off_as_any_move() {
  let position = board(&["E F lon", "E A wal", "E A yor", "F A edi"]);
  let orders = [CASE_7_ORDERS[0], CASE_7_ORDERS[1], "F A Edi-Lvp"];
  let result = play(&position, &orders, &portage());
  assert_eq!(result_at(&result, "Lon"), "bounce");
  assert_eq!(result_at(&result, "Edi"), "bounce");
  // Yorkshire may support the fleet's move, which only a portage makes.
  assert!(order(&position, "E A Yor S F Lon - Lvp", &Rules::default()).is_err());
  let support = order(&position, "E A Yor S F Lon - Lvp", &portage());
  assert!(support.is_ok(), "{support:?}");
  let supported = [orders[0], orders[1], orders[2], "E A Yor S F Lon - Lvp"];
  let result = play(&position, &supported, &portage());
  assert_eq!(result_at(&result, "Lon"), "ok");
  assert_eq!(result_at(&result, "Edi"), "bounce");
  assert!(units_after(&result).contains(&"F Lvp".to_string()));
}

#[test]
fn a_portage_paradox_is_broken_by_the_paradox_rule_in_force() {
  // The fleet's attack on Liverpool would cut the support that dislodges
  // its carrier: as DATC 6.F.14 for a sea convoy, the portage fails
  // (Szykman), and under the 1982 rule the attack does not cut the
  // support of an attack on the carrier. Either way Wales falls.
  let position = board(&["E F lon", "E A wal", "G A yor", "G A lvp"]);
  let orders = [CASE_7_ORDERS[0], CASE_7_ORDERS[1], "G A Yor-Wal", "G A Lvp S A Yor-Wal"];
  for rules in [portage(), with(&["PORTAGE_CONVOY", "PARADOX_1982"])] {
    let result = play(&position, &orders, &rules);
    assert_eq!(result_at(&result, "Lon"), "disrupted", "{rules:?}");
    assert_eq!(result_at(&result, "Wal"), "dislodged", "{rules:?}");
    assert_eq!(result_at(&result, "Lvp"), "ok", "{rules:?}");
    assert_eq!(result_at(&result, "Yor"), "ok", "{rules:?}");
  }
}

#[test]
fn a_fleet_may_change_coast_through_an_adjacent_army() {
  let position = board(&["F F spa/nc", "F A gas"]);
  let orders = ["F F Spa/nc-Gas-Spa/sc", "F A Gas C F Spa - Spa"];
  let result = play(&position, &orders, &portage());
  assert_eq!(result_at(&result, "Spa"), "ok");
  assert_eq!(units_after(&result), ["A Gas", "F Spa/sc"]);
  // Unwritten, the coast is the other one; the same coast is no move.
  let checked = order(&position, "F F Spa/nc-Gas-Spa", &portage()).map(|o| o.order);
  assert_eq!(
    checked,
    Ok(Order::Move { to: place("spa/sc"), via: Via::Route(vec![place("gas").province]) })
  );
  assert!(matches!(
    order(&position, "F F Spa/nc-Gas-Spa/nc", &portage()),
    Err(OrderError::MoveToSelf { .. })
  ));
  // A move into Spain by another power stands the fleet off, and it
  // stays where it was.
  let attacked = board(&["F F spa/nc", "F A gas", "I A por"]);
  let result = play(&attacked, &[orders[0], orders[1], "I A Por-Spa"], &portage());
  assert_eq!(result_at(&result, "Spa"), "bounce");
  assert_eq!(result_at(&result, "Por"), "bounce");
  assert_eq!(units_after(&result), ["A Gas", "A Por", "F Spa/nc"]);
}

#[test]
fn only_the_fleets_move_names_the_coast_it_lands_on() {
  let position = board(&["F F bre", "F A gas"]);
  let result = play(&position, &["F F Bre-Gas-Spa/nc", "F A Gas C F Bre - Spa"], &portage());
  assert_eq!(units_after(&result), ["A Gas", "F Spa/nc"]);
  // Any coast may be written; none, when there is a choice, is refused.
  assert!(order(&position, "F F Bre-Gas-Spa/sc", &portage()).is_ok());
  assert!(matches!(
    order(&position, "F F Bre-Gas-Spa", &portage()),
    Err(OrderError::CoastRequired { .. })
  ));
  let coast = order(&position, "F A Gas C F Bre - Spa/nc", &portage());
  assert!(matches!(coast, Err(OrderError::PortageConvoyCoast { .. })), "{coast:?}");
  let said = coast.err().map(|e| e.to_string()).unwrap_or_default();
  assert!(said.contains("'A Gas C F Bre - Spa'"), "{said}");
}

#[test]
fn bad_portages_are_refused_with_the_reason() {
  let position = board(&["E F lon", "E A wal", "E F eng", "F F bre", "F A par", "E A yor"]);
  let rules = portage();
  // Inland: a fleet may not be carried off the coast.
  assert!(matches!(
    order(&position, "F F Bre-Par-Bur", &rules),
    Err(OrderError::FleetInland { .. })
  ));
  // A sea is no carrier, nor is a fleet.
  assert!(matches!(
    order(&position, "E F Lon-Eng-Bre", &rules),
    Err(OrderError::PortageNotLand { .. })
  ));
  assert!(matches!(
    order(&position, "E F Eng C F Lon - Bre", &rules),
    Err(OrderError::FleetConvoyed { .. })
  ));
  // Any army on land carries, and a chain of them carries far; where no
  // army stands, nothing carries.
  assert!(order(&position, "E F Lon-Yor-Lvp", &rules).is_ok());
  assert!(order(&position, "E F Lon-Wal-Yor-Edi", &rules).is_ok());
  assert!(matches!(
    order(&position, "E F Lon-Wal-Lvp-Cly", &rules),
    Err(OrderError::PortageNoArmy { .. })
  ));
  // The route must join up.
  assert!(matches!(
    order(&position, "E F Lon-Wal-Edi", &rules),
    Err(OrderError::RouteBroken { .. })
  ));
  // An army carries only fleets, only between coasts it could link.
  assert!(matches!(
    order(&position, "E A Wal C A Yor - Lon", &rules),
    Err(OrderError::PortageArmyCarried { .. })
  ));
  assert!(matches!(
    order(&position, "E A Wal C F Lon - Bre", &rules),
    Err(OrderError::PortageImpossible { .. })
  ));
  // A fleet goes beyond its neighbours only along a route it writes.
  let plain = order(&position, "E F Lon - Lvp", &rules);
  assert!(matches!(plain, Err(OrderError::PortageRouteNeeded { .. })), "{plain:?}");
  assert!(plain.err().is_some_and(|e| e.to_string().contains("F Lon-Wal-Lvp")));
  assert!(matches!(
    order(&position, "E F Lon - Lvp via convoy", &rules),
    Err(OrderError::PortageRouteNeeded { .. })
  ));
  // Plain fleet moves are as before.
  assert!(order(&position, "E F Lon - Nth", &rules).is_ok());
}

#[test]
fn no_return_applies_to_portage_routes() {
  let position = board(&["E F lon", "E A wal", "E A yor"]);
  let route = "E F Lon-Wal-Yor-Wal-Lvp";
  assert!(order(&position, route, &portage()).is_ok());
  assert!(matches!(
    order(&position, route, &with(&["PORTAGE_CONVOY", "NO_RETURN"])),
    Err(OrderError::PortageRepeats { .. })
  ));
  assert!(order(&position, route, &with(&["PORTAGE_CONVOY", "NO_RETURN", "CONVOY_BACK"])).is_ok());
}

#[test]
fn a_blind_player_reads_a_carried_unit_as_the_fleet_in_its_province() {
  let position = board(&CASE_7);
  let convoy = order(&position, CASE_7_ORDERS[1], &portage()).unwrap_or_else(|e| panic!("{e}"));
  let alone = board(&["E A wal"]);
  assert_eq!(
    render_order_seen(map(), &convoy, &alone),
    "Army Wales CONVOY the fleet in London -> Liverpool."
  );
}

#[test]
fn a_carrier_is_pressed_as_a_convoying_fleet_is() {
  // WEAK_CONVOYS: an unsupported foreign attack on the carrier, which
  // bounces, still stops the portage.
  let position = board(&["E F lon", "E A wal", "G A yor"]);
  let orders = [CASE_7_ORDERS[0], CASE_7_ORDERS[1], "G A Yor-Wal"];
  let result = play(&position, &orders, &portage());
  assert_eq!(result_at(&result, "Lon"), "ok");
  let result = play(&position, &orders, &with(&["PORTAGE_CONVOY", "WEAK_CONVOYS"]));
  assert_eq!(result_at(&result, "Lon"), "disrupted");
  assert_eq!(result_at(&result, "Yor"), "bounce");
}

#[test]
fn a_unit_dislodged_by_a_carried_fleet_may_retreat_to_where_it_came_from() {
  // As after an attack by convoy (DATC 4.A.5): the fleet did not come
  // straight from Brest, so Brest is open to the fleet it dislodges.
  let position = board(&["F F bre", "F A par", "F A bur", "G F pic"]);
  let orders = ["F F Bre-Par-Pic", "F A Par C F Bre-Pic", "F A Bur S F Bre-Pic"];
  let result = play(&position, &orders, &portage());
  assert_eq!(result_at(&result, "Pic"), "dislodged");
  let picardy = result.position.dislodged_at(place("pic").province).expect("Picardy dislodged");
  assert!(picardy.retreats.iter().any(|l| l.province == place("bre").province), "{picardy:?}");
  // Straight from Brest, the fleet closes it.
  let straight = ["F F Bre-Pic", "F A Bur S F Bre-Pic"];
  let result = play(&position, &straight, &portage());
  let picardy = result.position.dislodged_at(place("pic").province).expect("Picardy dislodged");
  assert!(!picardy.retreats.iter().any(|l| l.province == place("bre").province), "{picardy:?}");
}
