//! The order language as players meet it: what they may write, what the
//! judge makes of it, what it refuses and how it says so, and how accepted
//! orders read in the results.

use judge::map::{Coast, Location, Lookup, Map, PowerId, ProvinceId, UnitType};
use judge::order::{
  parse_order, parse_unit, render_adjustment, render_order, split_orders, validate,
  validate_adjustment, Action, Adjustment, Order, OrderError, ParsedOrder, UnitOrder, Via,
};
use judge::phase::{Phase, PhaseKind};
use judge::position::{Dislodged, Position, Unit};
use pretty_assertions::assert_eq;

use PhaseKind::{Adjustment as Adj, Movement, Retreat};
use UnitType::{Army, Fleet};

// ---------------------------------------------------------------- helpers

fn map() -> &'static Map {
  Map::standard().expect("the standard map loads")
}

fn prov(name: &str) -> ProvinceId {
  match map().lookup(name) {
    Lookup::Found(id) => id,
    other => panic!("{name}: {other:?}"),
  }
}

fn at(name: &str) -> Location {
  Location::province(prov(name))
}

fn coast(name: &str, coast: Coast) -> Location {
  Location { province: prov(name), coast: Some(coast) }
}

fn power(name: &str) -> PowerId {
  map().find_power(name).expect("a power of the standard map")
}

fn parse(kind: PhaseKind, text: &str) -> ParsedOrder {
  parse_order(map(), kind, text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn parse_err(kind: PhaseKind, text: &str) -> OrderError {
  match parse_order(map(), kind, text) {
    Ok(order) => panic!("{text:?} was accepted as {order:?}"),
    Err(error) => error,
  }
}

fn message(kind: PhaseKind, text: &str) -> String {
  parse_err(kind, text).to_string()
}

fn unit_order(kind: Option<UnitType>, place: Location, action: Action) -> ParsedOrder {
  ParsedOrder::Unit { kind, at: place, action }
}

fn mv(to: Location) -> Action {
  Action::Move { to, route: vec![], via_convoy: false }
}

fn unit(power_name: &str, kind: UnitType, location: Location) -> Unit {
  Unit { power: power(power_name), kind, location }
}

fn phase(id: &str) -> Phase {
  id.parse().expect("a turn id")
}

/// A board holding just the listed units, e.g. `("France", "A Par")`.
fn board(id: &str, units: &[(&str, &str)]) -> Position {
  let mut position = Position::empty(map(), phase(id));
  for &(owner, text) in units {
    let (kind, location) = parse_unit(map(), text).expect("a unit");
    let kind = kind.expect("a unit type");
    position.place(map(), unit(owner, kind, location)).expect("room for the unit");
  }
  position
}

fn check(position: &Position, owner: &str, text: &str) -> Result<UnitOrder, OrderError> {
  let order = parse_order(map(), position.phase.kind, text)?;
  validate(map(), position, power(owner), &order)
}

fn accepted(position: &Position, owner: &str, text: &str) -> UnitOrder {
  check(position, owner, text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn refused(position: &Position, owner: &str, text: &str) -> OrderError {
  match check(position, owner, text) {
    Ok(order) => panic!("{text:?} was accepted as {order:?}"),
    Err(error) => error,
  }
}

fn initial() -> Position {
  Position::initial(map()).expect("the initial position")
}

// ----------------------------------------------------------------- parsing

#[test]
fn the_manuals_movement_examples_parse() {
  let cases = [
    ("A Ber -> Kie", unit_order(Some(Army), at("Ber"), mv(at("Kie")))),
    ("A Ser m Rum", unit_order(Some(Army), at("Ser"), mv(at("Rum")))),
    ("Lon-Nth", unit_order(None, at("Lon"), mv(at("Nth")))),
    ("F Kiel moves to Berlin", unit_order(Some(Fleet), at("Kie"), mv(at("Ber")))),
    ("Par H", unit_order(None, at("Par"), Action::Hold)),
    ("F Rome Stands", unit_order(Some(Fleet), at("Rom"), Action::Hold)),
    (
      "A MUN S F KIE-BER",
      unit_order(
        Some(Army),
        at("Mun"),
        Action::SupportMove { kind: Some(Fleet), from: at("Kie"), to: at("Ber") },
      ),
    ),
    (
      "A Brest supports Paris",
      unit_order(Some(Army), at("Bre"), Action::SupportHold { kind: None, unit: at("Par") }),
    ),
    (
      "F Sev S A Ser M Rum",
      unit_order(
        Some(Fleet),
        at("Sev"),
        Action::SupportMove { kind: Some(Army), from: at("Ser"), to: at("Rum") },
      ),
    ),
  ];
  for (text, expected) in cases {
    assert_eq!(parse(Movement, text), expected, "{text}");
  }
}

#[test]
fn the_manuals_retreat_examples_parse() {
  let cases = [
    ("F Kiel m Den", unit_order(Some(Fleet), at("Kie"), mv(at("Den")))),
    ("A Rum-Bul", unit_order(Some(Army), at("Rum"), mv(at("Bul")))),
    ("Par -> Pic", unit_order(None, at("Par"), mv(at("Pic")))),
    ("Mun disbands", unit_order(None, at("Mun"), Action::Disband)),
  ];
  for (text, expected) in cases {
    assert_eq!(parse(Retreat, text), expected, "{text}");
  }
}

#[test]
fn the_manuals_adjustment_examples_parse() {
  let cases = [
    ("build A Lon", ParsedOrder::Build { kind: Some(Army), at: at("Lon") }),
    ("F StP/sc", ParsedOrder::BuildOrRemove { kind: Some(Fleet), at: coast("Stp", Coast::South) }),
    ("remove A Tun", ParsedOrder::Remove { kind: Some(Army), at: at("Tun") }),
    ("Tun", ParsedOrder::BuildOrRemove { kind: None, at: at("Tun") }),
  ];
  for (text, expected) in cases {
    assert_eq!(parse(Adj, text), expected, "{text}");
  }
}

#[test]
fn every_unit_type_spelling_is_understood() {
  for (text, kind) in [
    ("a Vie H", Some(Army)),
    ("A Vie H", Some(Army)),
    ("army Vie H", Some(Army)),
    ("ARMY Vie H", Some(Army)),
    ("f Vie H", Some(Fleet)),
    ("Fleet Vie H", Some(Fleet)),
    ("Vie H", None),
  ] {
    assert_eq!(parse(Movement, text), unit_order(kind, at("Vie"), Action::Hold), "{text}");
  }
}

#[test]
fn every_hold_spelling_is_understood() {
  for word in ["h", "H", "hold", "HOLD", "holds", "stand", "stands", "Stands"] {
    let text = format!("A Vie {word}");
    assert_eq!(parse(Movement, &text), unit_order(Some(Army), at("Vie"), Action::Hold), "{text}");
  }
}

#[test]
fn every_move_spelling_is_understood() {
  for op in [
    "-",
    "->",
    " - ",
    " -> ",
    " m ",
    " M ",
    " move ",
    " moves ",
    " move to ",
    " moves to ",
    " MOVES  TO ",
    " retreat ",
    " retreats ",
    " retreat to ",
  ] {
    let text = format!("A Vie{op}Gal");
    assert_eq!(parse(Movement, &text), unit_order(Some(Army), at("Vie"), mv(at("Gal"))), "{text}");
  }
}

#[test]
fn every_support_spelling_is_understood() {
  for word in ["s", "S", "support", "supports", "SUPPORTS"] {
    let text = format!("A Tyr {word} A Ven");
    let support = Action::SupportHold { kind: Some(Army), unit: at("Ven") };
    assert_eq!(parse(Movement, &text), unit_order(Some(Army), at("Tyr"), support), "{text}");
    let text = format!("A Ven {word} A Rom - Apu");
    let support = Action::SupportMove { kind: Some(Army), from: at("Rom"), to: at("Apu") };
    assert_eq!(parse(Movement, &text), unit_order(Some(Army), at("Ven"), support), "{text}");
  }
}

#[test]
fn a_support_may_end_in_hold_and_may_name_the_supported_power() {
  let hold = Action::SupportHold { kind: Some(Army), unit: at("Tri") };
  for text in [
    "A Ven S A Tri H",
    "A Ven S A Tri hold",
    "A Ven S Austrian A Tri",
    "A Ven S Austria A Tri",
    "A Ven S austrian A Tri holds",
  ] {
    assert_eq!(parse(Movement, text), unit_order(Some(Army), at("Ven"), hold.clone()), "{text}");
  }
  let support = Action::SupportMove { kind: Some(Fleet), from: at("Eng"), to: at("Bel") };
  for text in ["F Nth S English F Eng - Bel", "F Nth S F Eng - Bel"] {
    assert_eq!(parse(Movement, text), unit_order(Some(Fleet), at("Nth"), support.clone()));
  }
}

#[test]
fn a_province_that_starts_like_a_power_is_still_a_province() {
  // "Eng" begins "England", but here it is the English Channel.
  let support = Action::SupportMove { kind: None, from: at("Eng"), to: at("Bel") };
  assert_eq!(parse(Movement, "F Nth S Eng - Bel"), unit_order(Some(Fleet), at("Nth"), support));
  let hold = Action::SupportHold { kind: None, unit: at("Eng") };
  assert_eq!(parse(Movement, "F Nth S Eng"), unit_order(Some(Fleet), at("Nth"), hold.clone()));
  assert_eq!(parse(Movement, "F Nth S English Channel"), unit_order(Some(Fleet), at("Nth"), hold));
}

#[test]
fn every_convoy_spelling_is_understood() {
  let convoy = Action::Convoy { kind: Some(Army), from: at("Lon"), to: at("Nwy") };
  for word in ["c", "C", "convoy", "convoys", "t", "transport", "transports"] {
    let text = format!("F Nth {word} A Lon - Nwy");
    assert_eq!(parse(Movement, &text), unit_order(Some(Fleet), at("Nth"), convoy.clone()));
  }
  assert_eq!(
    parse(Movement, "F Nth convoys A Lon moves to Nwy"),
    unit_order(Some(Fleet), at("Nth"), convoy)
  );
}

#[test]
fn every_proxy_spelling_is_understood() {
  let proxy = Action::Proxy { power: power("Germany") };
  for text in ["A Vie P Germany", "A Vie p ge", "A Vie proxy German", "A Vie proxy to GER"] {
    assert_eq!(parse(Movement, text), unit_order(Some(Army), at("Vie"), proxy.clone()), "{text}");
  }
}

#[test]
fn every_disband_spelling_is_understood() {
  for word in ["d", "D", "disband", "disbands"] {
    let text = format!("A Mun {word}");
    assert_eq!(parse(Retreat, &text), unit_order(Some(Army), at("Mun"), Action::Disband));
  }
}

#[test]
fn every_coast_spelling_is_understood() {
  for spelling in [
    "/sc",
    "/s",
    "/SC",
    "/ sc",
    "/south",
    "/south coast",
    "/scoast",
    "(sc)",
    "(s)",
    "( sc )",
    " (sc)",
    "(south coast)",
    "(South Coast)",
    " sc",
    " south",
    " south coast",
    " SOUTH COAST",
  ] {
    let text = format!("F Stp{spelling} - Bot");
    assert_eq!(
      parse(Movement, &text),
      unit_order(Some(Fleet), coast("Stp", Coast::South), mv(at("Bot"))),
      "{text}"
    );
  }
  for (spelling, expected) in
    [("/nc", Coast::North), ("/n", Coast::North), ("(north)", Coast::North), (" nc", Coast::North)]
  {
    let text = format!("F Mao - Spa{spelling}");
    assert_eq!(
      parse(Movement, &text),
      unit_order(Some(Fleet), at("Mao"), mv(coast("Spa", expected))),
      "{text}"
    );
  }
}

#[test]
fn a_bare_s_after_a_province_is_support_not_south_coast() {
  let support = Action::SupportHold { kind: None, unit: at("Con") };
  assert_eq!(parse(Movement, "F Bul s Con"), unit_order(Some(Fleet), at("Bul"), support));
}

#[test]
fn full_multi_word_and_mixed_case_names_are_understood() {
  for (text, from, to) in [
    ("F London - North Sea", "Lon", "Nth"),
    ("F Mid-Atlantic Ocean - Brest", "Mao", "Bre"),
    ("F mid-atlantic ocean-brest", "Mao", "Bre"),
    ("F Brest-Mid-Atlantic Ocean", "Bre", "Mao"),
    ("F Brest - Mid Atlantic", "Bre", "Mao"),
    ("F ENGLISH CHANNEL -> north sea", "Eng", "Nth"),
    ("f gulf of lyon - tyrrhenian sea", "Lyo", "Tys"),
    ("A Liverpool - Yorkshire", "Lvp", "Yor"),
    ("A Liverp - Edi", "Lvp", "Edi"),
    ("F St. Petersburg - Bothnia", "Stp", "Bot"),
    ("A vIeNnA - gAlIcIa", "Vie", "Gal"),
  ] {
    let ParsedOrder::Unit { at: place, action: Action::Move { to: dest, .. }, .. } =
      parse(Movement, text)
    else {
      panic!("{text}: not a move");
    };
    assert_eq!((place.province, dest.province), (prov(from), prov(to)), "{text}");
  }
}

#[test]
fn several_orders_on_one_line_are_split_at_commas_and_semicolons() {
  let line = "A Ber -> Kie, A Mun - Ruh; F Kie - Den ;; ,";
  let orders: Vec<&str> = split_orders(line).collect();
  assert_eq!(orders, ["A Ber -> Kie", "A Mun - Ruh", "F Kie - Den"]);
  for order in orders {
    parse(Movement, order);
  }
}

#[test]
fn extra_blanks_and_a_final_full_stop_are_fine() {
  let expected = unit_order(Some(Army), at("Vie"), mv(at("Gal")));
  for text in [
    "  A   Vie  -   Gal  ",
    "A Vie - Gal.",
    "A Vie-Gal .",
    "\tA Vie\t->\tGal\n",
    "A\u{a0}Vie - Gal",
  ] {
    assert_eq!(parse(Movement, text), expected, "{text:?}");
  }
}

#[test]
fn convoy_routes_are_read_as_the_seas_between_start_and_destination() {
  let cases = [
    ("A Lon-Nth-Nwy", "Lon", vec!["Nth"], "Nwy", false),
    ("A Bre-Mid-Wes-Lyo-Mar", "Bre", vec!["Mao", "Wes", "Lyo"], "Mar", false),
    ("A Lon - North Sea - Norway", "Lon", vec!["Nth"], "Nwy", false),
    ("A Lon - Nwy via convoy", "Lon", vec![], "Nwy", true),
    ("A Lon - Nwy by Convoy", "Lon", vec![], "Nwy", true),
    ("A Lon-Nth-Nwy via convoy.", "Lon", vec!["Nth"], "Nwy", true),
    ("A LON - NWY VIA", "Lon", vec![], "Nwy", true),
  ];
  for (text, from, route, to, via_convoy) in cases {
    let route = route.into_iter().map(prov).collect();
    let action = Action::Move { to: at(to), route, via_convoy };
    assert_eq!(parse(Movement, text), unit_order(Some(Army), at(from), action), "{text}");
  }
}

#[test]
fn adjustment_orders_take_every_form() {
  let build = |kind, place| ParsedOrder::Build { kind, at: place };
  let remove = |kind, place| ParsedOrder::Remove { kind, at: place };
  let cases = [
    ("build A Lon", build(Some(Army), at("Lon"))),
    ("Builds army London", build(Some(Army), at("Lon"))),
    ("b F Edi", build(Some(Fleet), at("Edi"))),
    ("F lon build", build(Some(Fleet), at("Lon"))),
    ("build F Stp(nc)", build(Some(Fleet), coast("Stp", Coast::North))),
    ("remove A Tun", remove(Some(Army), at("Tun"))),
    ("removes Tun", remove(None, at("Tun"))),
    ("r A Tun", remove(Some(Army), at("Tun"))),
    ("disband A Tun", remove(Some(Army), at("Tun"))),
    ("d Tun", remove(None, at("Tun"))),
    ("A ber disband", remove(Some(Army), at("Ber"))),
    ("A Ber remove", remove(Some(Army), at("Ber"))),
    (
      "Fleet St Petersburg (south coast)",
      ParsedOrder::BuildOrRemove { kind: Some(Fleet), at: coast("Stp", Coast::South) },
    ),
    ("waive", ParsedOrder::Waive { power: None }),
    ("Waives", ParsedOrder::Waive { power: None }),
    ("w", ParsedOrder::Waive { power: None }),
    ("waive 2", ParsedOrder::Waive { power: None }),
    // SET ANY DISBAND's keep order, in the forms GET rules teaches.
    ("maintain A Vie", ParsedOrder::Maintain { kind: Some(Army), at: at("Vie") }),
    ("m A Vie", ParsedOrder::Maintain { kind: Some(Army), at: at("Vie") }),
    ("A Vie maintain", ParsedOrder::Maintain { kind: Some(Army), at: at("Vie") }),
    // A duplex player's waive for one of its powers, and a wing's build.
    ("waive France", ParsedOrder::Waive { power: map().find_power("France") }),
    ("W Par", ParsedOrder::BuildOrRemove { kind: Some(judge::map::UnitType::Wing), at: at("Par") }),
  ];
  for (text, expected) in cases {
    assert_eq!(parse(Adj, text), expected, "{text}");
  }
}

#[test]
fn units_are_read_with_or_without_type_and_coast() {
  for (text, kind, place) in [
    ("A Vie", Some(Army), at("Vie")),
    ("F Stp/sc", Some(Fleet), coast("Stp", Coast::South)),
    ("F spa(sc)", Some(Fleet), coast("Spa", Coast::South)),
    ("Fleet St Petersburg (south coast)", Some(Fleet), coast("Stp", Coast::South)),
    ("Lon", None, at("Lon")),
    ("  army   Mid-Atlantic Ocean ", Some(Army), at("Mao")),
  ] {
    assert_eq!(parse_unit(map(), text), Ok((kind, place)), "{text}");
  }
  assert!(matches!(parse_unit(map(), "A Vie H"), Err(OrderError::Expected { .. })));
  assert!(matches!(parse_unit(map(), ""), Err(OrderError::Empty)));
}

// ------------------------------------------------------- refused wording

#[test]
fn an_ambiguous_name_lists_the_candidates() {
  assert_eq!(
    message(Movement, "A Nort - Lon"),
    "'Nort' could be North Africa, North Atlantic Ocean or North Sea: write more of the name."
  );
  assert!(matches!(
    parse_err(Movement, "F Lon - Nort"),
    OrderError::AmbiguousProvince { ref text, ref candidates } if text == "Nort" && candidates.len() == 3
  ));
}

#[test]
fn a_misspelt_name_suggests_the_nearest() {
  assert_eq!(
    message(Movement, "A URK - Mos"),
    "'URK' is not a province on this map. Did you mean Ukr (Ukraine)?"
  );
  assert_eq!(message(Movement, "A Mos - Xyzzy"), "'Xyzzy' is not a province on this map.");
  assert_eq!(
    message(Adj, "build A Lnn"),
    "'Lnn' is not a province on this map. Did you mean Lon (London) or Lvn (Livonia)?"
  );
}

#[test]
fn syntax_errors_say_what_was_expected_where() {
  for (text, expected) in [
    ("A Lon -", "Expected a province after '-', but the order ends there."),
    ("A Lon moves to !!", "Expected a province after 'moves to', but found '!!'."),
    ("A", "Expected a province after 'A', but the order ends there."),
    ("!!! H", "Expected a unit or a province at the start of the order, but found '!!!'."),
    ("A Vie Gal", "Expected an order (H, -, S, C, P or D) after 'A Vie', but found 'Gal'."),
    ("A Vie H please", "Expected the end of the order after 'A Vie H', but found 'please'."),
    ("A Vie S", "Expected the unit to support after 'S', but the order ends there."),
    ("F Nth C", "Expected the army to convoy after 'C', but the order ends there."),
    (
      "F Nth C A Lon",
      "Expected '-' and the army's destination after 'C A Lon', but the order ends there.",
    ),
    ("A Lon - Nwy via fleet", "Expected 'convoy' after 'via', but found 'fleet'."),
    ("A Lon - Nwy by", "Expected 'convoy' after 'by', but the order ends there."),
    ("F Stp/ - Bot", "Expected a coast after '/', but found '-'."),
    ("F Stp(sc - Bot", "Expected ')' after '(sc', but found '-'."),
    ("A Vie P", "Expected a power after 'P', but the order ends there."),
  ] {
    assert_eq!(message(Movement, text), expected, "{text}");
  }
}

#[test]
fn a_unit_without_an_action_is_told_the_forms() {
  let error = parse_err(Movement, "A Vie");
  assert_eq!(error, OrderError::NoAction { order: "A Vie".to_string() });
  let text = error.to_string();
  for form in
    ["H to hold", "- and a province to move", "S to support", "C to convoy", "D to disband"]
  {
    assert!(text.contains(form), "{text}");
  }
  assert!(matches!(parse_err(Retreat, "F Stp/sc."), OrderError::NoAction { .. }));
}

#[test]
fn unknown_coasts_powers_and_empty_orders_are_named() {
  assert_eq!(
    message(Movement, "F Stp/xx - Bot"),
    "'xx' is not a coast: write nc, sc, ec or wc (or north, south, east, west)."
  );
  assert_eq!(
    message(Movement, "A Vie P Zanzibar"),
    "'Zanzibar' is not a power in this game: write two or more letters of its name."
  );
  assert!(matches!(parse_err(Movement, "A Vie P G"), OrderError::UnknownPower { .. }));
  assert_eq!(parse_err(Movement, "  "), OrderError::Empty);
  assert_eq!(parse_err(Adj, ""), OrderError::Empty);
}

#[test]
fn an_order_for_another_kind_of_phase_says_where_it_belongs() {
  for (kind, text, expected) in [
    (Movement, "build A Lon", "A build belongs in an adjustment phase, not in a movement phase."),
    (Retreat, "remove A Tun", "A removal belongs in an adjustment phase, not in a retreat phase."),
    (Movement, "waive", "Waiving a build belongs in an adjustment phase, not in a movement phase."),
    (
      Adj,
      "A Vie - Gal",
      "A move belongs in a movement or retreat phase, not in an adjustment phase.",
    ),
    (Adj, "A Vie S A Bud", "A support belongs in a movement phase, not in an adjustment phase."),
    (
      Adj,
      "F Nth C A Lon - Nwy",
      "A convoy belongs in a movement phase, not in an adjustment phase.",
    ),
    (Adj, "A Vie H", "A hold order belongs in a movement phase, not in an adjustment phase."),
  ] {
    assert_eq!(message(kind, text), expected, "{text}");
  }
}

#[test]
fn overlong_orders_are_refused_quickly() {
  let long = "A Vie - Gal ".repeat(10_000);
  assert!(matches!(parse_err(Movement, &long), OrderError::TooLong { .. }));
  let word = "x".repeat(490);
  assert!(matches!(parse_err(Movement, &word), OrderError::UnknownProvince { .. }));
}

// ------------------------------------------------------------ movement

#[test]
fn ordinary_orders_are_accepted_for_ones_own_units() {
  let position = initial();
  let cases = [
    ("Austria", "A Vie H", Order::Hold),
    ("Austria", "A Vie - Gal", Order::Move { to: at("Gal"), via: Via::Unspecified }),
    ("England", "Lon-Nth", Order::Move { to: at("Nth"), via: Via::Unspecified }),
    ("Germany", "F Kiel moves to Berlin", Order::Move { to: at("Ber"), via: Via::Unspecified }),
    ("France", "Par H", Order::Hold),
    ("Italy", "A Ven - Tyr", Order::Move { to: at("Tyr"), via: Via::Unspecified }),
    ("Austria", "A Vie P Germany", Order::Proxy { power: power("Germany") }),
  ];
  for (owner, text, order) in cases {
    let checked = accepted(&position, owner, text);
    assert_eq!(checked.order, order, "{text}");
    assert_eq!(checked.unit.power, power(owner), "{text}");
  }
}

#[test]
fn orders_for_missing_foreign_or_mistyped_units_are_refused() {
  let position = initial();
  for (owner, text, expected) in [
    ("France", "A Bur - Par", "There is no unit in Burgundy."),
    ("France", "F Lon - Nth", "The fleet in London belongs to England, not France."),
    ("France", "F Par - Bur", "The unit in Paris is an army, not a fleet."),
    ("England", "A Lon - Nth", "The unit in London is a fleet, not an army."),
  ] {
    assert_eq!(refused(&position, owner, text).to_string(), expected, "{text}");
  }
}

#[test]
fn impossible_moves_are_refused_with_the_reason() {
  let position = board(
    "S1901M",
    &[("England", "A Lvp"), ("England", "F Lon"), ("Germany", "F Kie"), ("Germany", "A Mun")],
  );
  for (owner, text, expected) in [
    ("England", "A Lvp - Iri", "Army Liverpool cannot move to Irish Sea: armies cannot go to sea."),
    ("Germany", "F Kie - Mun", "Fleet Kiel cannot move to Munich: fleets cannot go inland."),
    ("Germany", "A Mun - Swi", "Army Munich cannot move to Switzerland: no unit may enter it."),
    ("Germany", "F Kie - Kie", "Fleet Kiel cannot move to the province it is already in."),
    (
      "England",
      "F Lon - Nwy",
      "Fleet London cannot reach Norway: a fleet moves only to an adjacent space.",
    ),
    (
      "England",
      "A Lvp - Nwy",
      "Army Liverpool cannot reach Norway: it is not adjacent and no fleets could convoy it.",
    ),
    (
      "Germany",
      "A Mun - War",
      "Army Munich cannot reach Warsaw: it is not adjacent and no fleets could convoy it.",
    ),
  ] {
    assert_eq!(refused(&position, owner, text).to_string(), expected, "{text}");
  }
}

#[test]
fn an_army_needs_fleets_on_the_way_to_a_province_it_does_not_touch() {
  let alone = board("S1901M", &[("England", "A Lon")]);
  let error = refused(&alone, "England", "A Lon - Nwy");
  assert_eq!(
    error.to_string(),
    "Army London cannot reach Norway: it is not adjacent and no fleets could convoy it."
  );
  let with_fleet = board("S1901M", &[("England", "A Lon"), ("Germany", "F Nth")]);
  let order = accepted(&with_fleet, "England", "A Lon - Nwy");
  assert_eq!(order.order, Order::Move { to: at("Nwy"), via: Via::Unspecified });
  let long_way = board(
    "S1901M",
    &[("England", "A Lon"), ("England", "F Eng"), ("France", "F Mao"), ("Italy", "F Wes")],
  );
  let order = accepted(&long_way, "England", "A Lon - Tun");
  assert_eq!(order.order, Order::Move { to: at("Tun"), via: Via::Unspecified });
}

#[test]
fn a_written_convoy_route_must_follow_fleets_at_sea() {
  let position = board(
    "S1901M",
    &[
      ("England", "A Lon"),
      ("England", "F Nth"),
      ("France", "A Bre"),
      ("France", "F Mao"),
      ("France", "F Wes"),
      ("Italy", "F Lyo"),
      ("England", "F Wal"),
      ("Germany", "F Bal"),
      ("Germany", "A Mun"),
    ],
  );
  let route = |names: &[&str]| Via::Route(names.iter().map(|n| prov(n)).collect());
  let order = accepted(&position, "England", "A Lon-Nth-Nwy");
  assert_eq!(order.order, Order::Move { to: at("Nwy"), via: route(&["Nth"]) });
  let order = accepted(&position, "France", "A Bre-Mid-Wes-Lyo-Mar");
  assert_eq!(order.order, Order::Move { to: at("Mar"), via: route(&["Mao", "Wes", "Lyo"]) });
  for (owner, text, expected) in [
    (
      "England",
      "A Lon-Eng-Bel",
      "There is no fleet in English Channel to carry the army along that route.",
    ),
    ("England", "A Lon-Wal-Nwy", "Wales is not a sea, so it cannot be part of a convoy route."),
    ("England", "A Lon-Bal-Swe", "The convoy route is broken: London does not touch Baltic Sea."),
    (
      "England",
      "A Lon-Nth-Mar",
      "The convoy route is broken: Marseilles does not touch North Sea.",
    ),
    (
      "Germany",
      "A Mun-Bal-Swe",
      "Munich is not a coastal province, so no convoy can start or end there.",
    ),
    (
      "France",
      "F Mao-Wes-Tun",
      "Fleet Mid-Atlantic Ocean cannot be convoyed: only armies travel by convoy.",
    ),
  ] {
    assert_eq!(refused(&position, owner, text).to_string(), expected, "{text}");
  }
}

#[test]
fn via_convoy_needs_coastal_ends_and_a_chain_of_fleets() {
  let position = board(
    "S1901M",
    &[("England", "A Lon"), ("England", "A Yor"), ("France", "F Eng"), ("France", "A Pic")],
  );
  let order = accepted(&position, "France", "A Pic - Lon via convoy");
  assert_eq!(order.order, Order::Move { to: at("Lon"), via: Via::Convoy });
  let order = accepted(&position, "England", "A Lon - Bel by convoy");
  assert_eq!(order.order, Order::Move { to: at("Bel"), via: Via::Convoy });
  assert_eq!(
    refused(&position, "England", "A Yor - Nwy via convoy").to_string(),
    "Army Yorkshire cannot go to Norway by convoy: no chain of fleets at sea connects them."
  );
  assert_eq!(
    refused(&position, "France", "A Pic - Bur via convoy").to_string(),
    "Burgundy is not a coastal province, so no convoy can start or end there."
  );
}

#[test]
fn a_fleet_must_name_the_coast_only_when_it_could_reach_both() {
  let position = board(
    "S1901M",
    &[("France", "F Por"), ("France", "F Gas"), ("France", "F Mao"), ("Italy", "F Lyo")],
  );
  // DATC 6.B.1: two reachable coasts and none written.
  assert_eq!(
    refused(&position, "France", "F Por - Spa").to_string(),
    "Fleet Portugal can reach more than one coast of Spain: write which, Spa/nc or Spa/sc."
  );
  // DATC 6.B.2: one reachable coast is taken.
  let order = accepted(&position, "France", "F Gas - Spa");
  assert_eq!(order.order, Order::Move { to: coast("Spa", Coast::North), via: Via::Unspecified });
  // DATC 6.B.3: a written coast the fleet cannot reach.
  assert_eq!(
    refused(&position, "France", "F Gas - Spa/sc").to_string(),
    "Fleet Gascony cannot reach Spain (south coast); it can reach Spain (north coast)."
  );
  assert_eq!(
    refused(&position, "France", "F Mao - Spa/ec").to_string(),
    "Spain has no east coast."
  );
  let order = accepted(&position, "France", "F Mao - Spa(sc)");
  assert_eq!(order.order, Order::Move { to: coast("Spa", Coast::South), via: Via::Unspecified });
  let order = accepted(&position, "Italy", "F Lyo - Spa");
  assert_eq!(order.order, Order::Move { to: coast("Spa", Coast::South), via: Via::Unspecified });
  // A coast written on a province without coasts is ignored.
  let order = accepted(&position, "France", "F Mao - Bre/nc");
  assert_eq!(order.order, Order::Move { to: at("Bre"), via: Via::Unspecified });
}

#[test]
fn coasts_written_on_the_ordered_unit_or_an_army_destination_are_ignored() {
  let position = board("S1901M", &[("France", "F Spa/sc"), ("France", "A Gas")]);
  // DATC 6.B.10: the fleet is on the south coast whatever the order says.
  let order = accepted(&position, "France", "F Spa/nc - Lyo");
  assert_eq!(order.unit.location, coast("Spa", Coast::South));
  assert_eq!(order.order, Order::Move { to: at("Lyo"), via: Via::Unspecified });
  // DATC 6.B.12: an army goes to the province.
  let order = accepted(&position, "France", "A Gas - Spa/nc");
  assert_eq!(order.order, Order::Move { to: at("Spa"), via: Via::Unspecified });
}

#[test]
fn disbanding_in_a_movement_phase_is_refused() {
  assert_eq!(
    refused(&initial(), "Germany", "A Mun disband").to_string(),
    "A disband belongs in a retreat phase, not in a movement phase."
  );
}

// ------------------------------------------------------------ supports

#[test]
fn supports_a_unit_could_give_are_accepted() {
  let position = initial();
  let order = accepted(&position, "Italy", "A Ven S A Rom - Apu");
  let rome = unit("Italy", Army, at("Rom"));
  assert_eq!(order.order, Order::SupportMove { target: rome, to: at("Apu") });
  let order = accepted(&position, "Germany", "A MUN S F KIE-BER");
  let kiel = unit("Germany", Fleet, at("Kie"));
  assert_eq!(order.order, Order::SupportMove { target: kiel, to: at("Ber") });
  let order = accepted(&position, "Austria", "A Vie S F Tri");
  assert_eq!(order.order, Order::SupportHold { target: unit("Austria", Fleet, at("Tri")) });
  let order = accepted(&position, "France", "A Par S F Bre");
  assert_eq!(order.order, Order::SupportHold { target: unit("France", Fleet, at("Bre")) });
  // A foreign unit, with its power named as DATC 4.C.5 allows.
  let order = accepted(&position, "Italy", "A Ven S Austrian F Tri");
  assert_eq!(order.order, Order::SupportHold { target: unit("Austria", Fleet, at("Tri")) });
}

#[test]
fn a_support_may_go_to_a_coast_the_supporter_cannot_reach_but_not_from_one() {
  let position = board(
    "S1901M",
    &[("France", "F Mar"), ("France", "F Gas"), ("France", "F Spa/nc"), ("Italy", "F Lyo")],
  );
  // DATC 6.B.4: Marseilles reaches only Spain's south coast.
  let order = accepted(&position, "France", "F Mar S F Gas - Spa/nc");
  let gascony = unit("France", Fleet, at("Gas"));
  assert_eq!(order.order, Order::SupportMove { target: gascony, to: coast("Spa", Coast::North) });
  // DATC 6.B.5: from Spain's north coast, Lyon is out of reach.
  assert_eq!(
    refused(&position, "France", "F Spa/nc S F Mar - Lyo").to_string(),
    "Fleet Spain (north coast) cannot support into Gulf of Lyon: it could not move there itself."
  );
}

#[test]
fn the_coast_in_a_support_is_kept_only_for_a_fleet_moving_to_a_province_with_coasts() {
  let position = board(
    "S1901M",
    &[("Russia", "F Bla"), ("Turkey", "F Con"), ("Turkey", "A Smy"), ("Russia", "F Rum")],
  );
  let order = accepted(&position, "Russia", "F Bla S F Con - Bul/ec");
  let con = unit("Turkey", Fleet, at("Con"));
  assert_eq!(order.order, Order::SupportMove { target: con, to: coast("Bul", Coast::East) });
  let order = accepted(&position, "Russia", "F Bla S A Smy - Con/sc");
  assert_eq!(
    order.order,
    Order::SupportMove { target: unit("Turkey", Army, at("Smy")), to: at("Con") }
  );
  assert_eq!(
    refused(&position, "Russia", "F Bla S F Con - Bul/wc").to_string(),
    "Bulgaria has no west coast."
  );
}

#[test]
fn supports_a_unit_could_not_give_are_refused() {
  let position = board(
    "S1901M",
    &[
      ("Italy", "A Ven"),
      ("Italy", "A Tyr"),
      ("Austria", "F Tri"),
      ("England", "F Nth"),
      ("England", "A Lon"),
      ("Germany", "A Ber"),
      ("Germany", "A Kie"),
    ],
  );
  for (owner, text, expected) in [
    ("Austria", "F Tri S F Tri", "Fleet Trieste cannot support itself."),
    (
      "England",
      "F Nth S A Ber - Kie",
      "Fleet North Sea cannot support into Kiel: it could not move there itself.",
    ),
    (
      "Italy",
      "A Tyr S A Ven - Mun",
      "Army Venice could not move to Munich, so that move cannot be supported.",
    ),
    (
      "England",
      "F Nth S A Lon - Eng",
      "Army London could not move to English Channel, so that move cannot be supported.",
    ),
    (
      "Italy",
      "A Tyr S A Ven - Tyr",
      "Army Tyrolia cannot support a move into the province it stands in.",
    ),
    (
      "Austria",
      "F Tri S A Tyr",
      "Fleet Trieste cannot support into Tyrolia: it could not move there itself.",
    ),
    ("Italy", "A Tyr S A Boh", "There is no unit in Bohemia."),
    ("Italy", "A Tyr S F Ven", "The unit in Venice is an army, not a fleet."),
    (
      "Germany",
      "A Kie S A Ber - Swi",
      "Army Kiel cannot support into Switzerland: it could not move there itself.",
    ),
  ] {
    assert_eq!(refused(&position, owner, text).to_string(), expected, "{text}");
  }
  // DATC 6.D.31: the only convoy would need the supporting fleet itself.
  assert_eq!(
    refused(&position, "England", "F Nth S A Lon - Nwy").to_string(),
    "Army London could not move to Norway, so that move cannot be supported."
  );
  // With another fleet to carry it, a support for a convoyed army is accepted.
  let position =
    board("S1901M", &[("England", "F Nth"), ("England", "A Lon"), ("England", "F Ska")]);
  let order = accepted(&position, "England", "F Ska S A Lon - Nwy");
  assert_eq!(
    order.order,
    Order::SupportMove { target: unit("England", Army, at("Lon")), to: at("Nwy") }
  );
}

// -------------------------------------------------------------- convoys

#[test]
fn convoy_orders_need_a_fleet_an_army_and_a_land_destination() {
  let position = board(
    "S1901M",
    &[
      ("England", "F Nth"),
      ("England", "A Lon"),
      ("England", "F Edi"),
      ("England", "A Yor"),
      ("Germany", "A Mun"),
      ("Germany", "F Hol"),
    ],
  );
  let order = accepted(&position, "England", "F Nth C A Lon - Nwy");
  assert_eq!(
    order.order,
    Order::Convoy { target: unit("England", Army, at("Lon")), to: prov("Nwy") }
  );
  let order = accepted(&position, "England", "F Nth C Lon - Nwy");
  assert_eq!(
    order.order,
    Order::Convoy { target: unit("England", Army, at("Lon")), to: prov("Nwy") }
  );
  // njudge's check (manual §6.2) is that the fleet and the army exist and
  // the destination is land: a fleet on a coast and an inland army are
  // taken, and their convoy is void when the orders are adjudicated.
  for text in ["F Edi C A Lon - Nwy", "F Nth C A Mun - Lon", "F Nth C A Lon - Mun"] {
    assert!(matches!(accepted(&position, "England", text).order, Order::Convoy { .. }), "{text}");
  }
  for (text, expected) in [
    ("A Yor C A Lon - Nwy", "Army Yorkshire cannot convoy: only fleets convoy."),
    // DATC 6.A.7: a fleet is never convoyed.
    ("F Nth C F Hol - Lon", "Fleet Holland cannot be convoyed: only armies travel by convoy."),
    ("F Nth C A Hol - Lon", "The unit in Holland is a fleet, not an army."),
    ("F Nth C A Lon - Eng", "English Channel is not land, so no army can be convoyed there."),
    ("F Nth C A Lon - Lon", "Army London cannot move to the province it is already in."),
    ("F Nth C A Wal - Nwy", "There is no unit in Wales."),
  ] {
    assert_eq!(refused(&position, "England", text).to_string(), expected, "{text}");
  }
}

// ------------------------------------------------------------- retreats

/// Fall 1901 retreats: Germany's army in Munich was dislodged by France's
/// army from Burgundy, France's fleet in the Mid-Atlantic by England's.
fn retreat_board() -> Position {
  let mut position = board(
    "F1901R",
    &[("France", "A Mun"), ("Germany", "A Ber"), ("England", "F Mao"), ("Germany", "F Kie")],
  );
  position.dislodged.push(Dislodged {
    unit: unit("Germany", Army, at("Mun")),
    attacker_from: Some(prov("Bur")),
    retreats: vec![at("Boh"), at("Sil")],
  });
  position.dislodged.push(Dislodged {
    unit: unit("France", Fleet, at("Mao")),
    attacker_from: Some(prov("Eng")),
    retreats: vec![coast("Spa", Coast::North), coast("Spa", Coast::South), at("Por")],
  });
  position
}

#[test]
fn a_dislodged_unit_may_retreat_where_allowed_or_disband() {
  let position = retreat_board();
  let munich = unit("Germany", Army, at("Mun"));
  let order = accepted(&position, "Germany", "A Mun - Boh");
  assert_eq!(
    order,
    UnitOrder { unit: munich, order: Order::Move { to: at("Boh"), via: Via::Unspecified } }
  );
  let order = accepted(&position, "Germany", "Mun disbands");
  assert_eq!(order, UnitOrder { unit: munich, order: Order::Disband });
  let order = accepted(&position, "France", "F Mid-Atlantic Ocean retreats to Spain(sc)");
  assert_eq!(order.order, Order::Move { to: coast("Spa", Coast::South), via: Via::Unspecified });
  let order = accepted(&position, "France", "F Mao - Por");
  assert_eq!(order.order, Order::Move { to: at("Por"), via: Via::Unspecified });
}

#[test]
fn a_retreat_elsewhere_lists_where_the_unit_may_go() {
  let position = retreat_board();
  assert_eq!(
    refused(&position, "Germany", "A Mun - Kie").to_string(),
    "Army Munich cannot retreat to Kiel. Army Munich may retreat to Bohemia, Silesia, or disband."
  );
  assert_eq!(
    refused(&position, "France", "F Mao - Spa").to_string(),
    "Fleet Mid-Atlantic Ocean can reach more than one coast of Spain: write which, Spa/nc or Spa/sc."
  );
  assert_eq!(
    refused(&position, "Germany", "A Mun - Bur-Boh").to_string(),
    "Army Munich cannot retreat by convoy: a retreat goes to an adjacent space."
  );
}

#[test]
fn only_dislodged_units_are_ordered_and_only_to_retreat_or_disband() {
  let position = retreat_board();
  for (owner, text, expected) in [
    (
      "Germany",
      "A Ber - Pru",
      "The army in Berlin was not dislodged; only dislodged units are ordered in a retreat phase.",
    ),
    (
      "France",
      "A Mun - Bur",
      "The army in Munich was not dislodged; only dislodged units are ordered in a retreat phase.",
    ),
    (
      "England",
      "F Mao - Bre",
      "The fleet in Mid-Atlantic Ocean was not dislodged; only dislodged units are ordered in a \
       retreat phase.",
    ),
    ("Germany", "F Mao - Bre", "The fleet in Mid-Atlantic Ocean belongs to France, not Germany."),
    ("Germany", "A Sil - Ber", "There is no unit in Silesia."),
    ("Germany", "F Mun - Boh", "The unit in Munich is an army, not a fleet."),
    // DATC 6.H.1-3.
    (
      "Germany",
      "A Mun H",
      "Army Munich was dislodged: in a retreat phase it may only retreat or disband.",
    ),
    (
      "Germany",
      "A Mun S A Ber",
      "Army Munich was dislodged: in a retreat phase it may only retreat or disband.",
    ),
    (
      "France",
      "F Mao C A Bre - Spa",
      "Fleet Mid-Atlantic Ocean was dislodged: in a retreat phase it may only retreat or disband.",
    ),
  ] {
    assert_eq!(refused(&position, owner, text).to_string(), expected, "{text}");
  }
}

// ----------------------------------------------------------- adjustments

/// Winter 1901: Russia owns five centres and has one unit (four builds),
/// though Turkey holds Sevastopol; Germany has one centre too few; Italy is
/// even.
fn adjustment_board() -> Position {
  let mut position = board(
    "F1901B",
    &[
      ("Russia", "A War"),
      ("Germany", "A Ber"),
      ("Germany", "F Kie"),
      ("Germany", "A Mun"),
      ("Italy", "A Rom"),
      ("France", "A Par"),
    ],
  );
  for (centre, owner) in [
    ("Stp", "Russia"),
    ("Mos", "Russia"),
    ("War", "Russia"),
    ("Rum", "Russia"),
    ("Swe", "Russia"),
    ("Sev", "Turkey"),
    ("Ber", "Germany"),
    ("Kie", "Germany"),
    ("Rom", "Italy"),
    ("Par", "France"),
  ] {
    position.set_owner(prov(centre), Some(power(owner)));
  }
  position
}

fn adjust(position: &Position, owner: &str, text: &str) -> Result<Adjustment, OrderError> {
  let order = parse_order(map(), PhaseKind::Adjustment, text)?;
  validate_adjustment(map(), position, power(owner), &order)
}

/// `maintain` (manual §6: "used only if the SET ANY DISBAND flag is in
/// use") keeps one of the power's units; without ANY DISBAND units stay
/// unless removed, so it is refused as needless; in a movement phase it is
/// misplaced.
#[test]
fn maintain_keeps_a_unit_under_any_disband_only() {
  let position = adjustment_board();
  let any_disband = judge::adjudicate::Rules { any_disband: true, ..Default::default() };
  let berlin = unit("Germany", Army, at("Ber"));
  for text in ["maintain A Ber", "Maintain Ber", "m A Ber", "A Ber maintains", "ber maintain"] {
    let order = parse_order(map(), PhaseKind::Adjustment, text).expect(text);
    let kept = judge::order::validate_adjustment_with(
      map(),
      &position,
      power("Germany"),
      &order,
      &any_disband,
    );
    assert_eq!(kept, Ok(Adjustment::Maintain { unit: berlin }), "{text}");
    assert_eq!(
      render_adjustment(map(), &Adjustment::Maintain { unit: berlin }),
      "Maintain Army Berlin."
    );
    assert_eq!(adjust(&position, "Germany", text), Err(OrderError::MaintainNotNeeded), "{text}");
  }
  let order = parse_order(map(), PhaseKind::Adjustment, "maintain A Rom").expect("reads");
  let refused = judge::order::validate_adjustment_with(
    map(),
    &position,
    power("Germany"),
    &order,
    &any_disband,
  )
  .expect_err("Italy's army");
  assert!(refused.to_string().contains("Rome"), "{refused}");
  let movement = board("S1901M", &[("Germany", "A Ber")]);
  let misplaced = check(&movement, "Germany", "maintain A Ber").expect_err("not a movement order");
  assert!(misplaced.to_string().starts_with("A maintain order belongs in"), "{misplaced}");
}

#[test]
fn builds_in_free_home_centres_are_accepted_with_the_type_settled() {
  let position = adjustment_board();
  for (text, kind, place) in [
    ("build A Mos", Army, at("Mos")),
    ("Mos", Army, at("Mos")),
    ("F StP/sc", Fleet, coast("Stp", Coast::South)),
    ("build F Stp(nc)", Fleet, coast("Stp", Coast::North)),
    ("Stp/nc", Fleet, coast("Stp", Coast::North)),
    ("A Stp/nc", Army, at("Stp")),
    ("A Stp build", Army, at("Stp")),
  ] {
    assert_eq!(
      adjust(&position, "Russia", text),
      Ok(Adjustment::Build { kind, at: place }),
      "{text}"
    );
  }
  assert_eq!(adjust(&position, "Russia", "waive"), Ok(Adjustment::Waive));
}

#[test]
fn builds_that_break_the_rules_are_refused() {
  let position = adjustment_board();
  for (owner, text, expected) in [
    ("Russia", "build A Rum", "Rumania is not a home supply centre of Russia."),
    (
      "Russia",
      "build F Sev",
      "Russia does not control Sevastopol at present, so cannot build there.",
    ),
    (
      "Russia",
      "build A War",
      "Warsaw is occupied; a unit can only be built in an empty home centre.",
    ),
    (
      "Russia",
      "Stp",
      "Say whether to build an army or a fleet in St Petersburg: write A Stp or F Stp.",
    ),
    // DATC 4.C.4 and 6.B.14.
    ("Russia", "build F Mos", "A fleet cannot be built in Moscow: it is inland."),
    (
      "Russia",
      "build F Stp",
      "Say which coast of St Petersburg the fleet is built on: Stp/nc or Stp/sc.",
    ),
    ("Russia", "build F Stp/ec", "St Petersburg has no east coast."),
    ("Russia", "remove A War", "Russia has no units to remove this turn."),
    ("Germany", "build A Ber", "Germany has no builds this turn."),
    ("Germany", "waive", "Germany has no builds this turn."),
    ("Italy", "Rom", "Italy has neither builds nor removals this turn."),
  ] {
    let error = adjust(&position, owner, text).expect_err(text);
    assert_eq!(error.to_string(), expected, "{text}");
  }
}

#[test]
fn removals_name_a_unit_of_ones_own() {
  let position = adjustment_board();
  let munich = unit("Germany", Army, at("Mun"));
  for text in ["remove A Mun", "Mun", "A Mun disband", "d Mun", "disband Munich"] {
    assert_eq!(
      adjust(&position, "Germany", text),
      Ok(Adjustment::Remove { unit: munich }),
      "{text}"
    );
  }
  for (text, expected) in [
    ("remove A Kie", "The unit in Kiel is a fleet, not an army."),
    ("remove A Par", "The army in Paris belongs to France, not Germany."),
    ("remove A Sil", "There is no unit in Silesia."),
  ] {
    assert_eq!(adjust(&position, "Germany", text).expect_err(text).to_string(), expected, "{text}");
  }
}

#[test]
fn unit_orders_and_adjustments_are_kept_to_their_phases() {
  let position = adjustment_board();
  let hold = ParsedOrder::Unit { kind: None, at: at("Ber"), action: Action::Hold };
  assert_eq!(
    validate_adjustment(map(), &position, power("Germany"), &hold).map_err(|e| e.to_string()),
    Err("A hold order belongs in a movement phase, not in an adjustment phase.".to_string())
  );
  let build = ParsedOrder::Build { kind: Some(Army), at: at("Ber") };
  assert_eq!(
    validate(map(), &initial(), power("Germany"), &build).map_err(|e| e.to_string()),
    Err("A build belongs in an adjustment phase, not in a movement phase.".to_string())
  );
  let winter = adjustment_board();
  assert!(matches!(
    validate(map(), &winter, power("Germany"), &hold),
    Err(OrderError::WrongPhase { .. })
  ));
}

// ------------------------------------------------------------- rendering

#[test]
fn accepted_orders_read_as_in_the_results() {
  let position = board(
    "S1901M",
    &[
      ("Austria", "A Vie"),
      ("England", "A Lon"),
      ("England", "F Nth"),
      ("Italy", "A Ven"),
      ("Italy", "A Rom"),
      ("Italy", "A Tyr"),
      ("Russia", "F Stp/sc"),
      ("Russia", "F Bla"),
      ("Turkey", "F Con"),
    ],
  );
  for (owner, text, expected) in [
    ("Austria", "A Vie H", "Army Vienna HOLD."),
    ("Austria", "vie - gal", "Army Vienna -> Galicia."),
    ("England", "A Lon-Nth-Nwy", "Army London -> North Sea -> Norway."),
    ("England", "A Lon - Nwy via convoy", "Army London -> Norway via convoy."),
    ("England", "A Lon - Nwy", "Army London -> Norway."),
    ("Italy", "A Ven S A Rom - Apu", "Army Venice SUPPORT Army Rome -> Apulia."),
    ("Italy", "A Tyr S Ven", "Army Tyrolia SUPPORT Army Venice."),
    ("England", "F Nth C Lon - Nwy", "Fleet North Sea CONVOY Army London -> Norway."),
    ("Austria", "A Vie P Germany", "Army Vienna PROXY to Germany."),
    ("Russia", "F Stp - Bot", "Fleet St Petersburg (south coast) -> Gulf of Bothnia."),
    (
      "Russia",
      "F Bla S Con - Bul/ec",
      "Fleet Black Sea SUPPORT Turkish Fleet Constantinople -> Bulgaria (east coast).",
    ),
  ] {
    assert_eq!(render_order(map(), &accepted(&position, owner, text)), expected, "{text}");
  }
  let disband = accepted(&retreat_board(), "Germany", "Mun disbands");
  assert_eq!(render_order(map(), &disband), "Army Munich DISBAND.");
}

#[test]
fn adjustments_read_as_in_the_results() {
  for (adjustment, expected) in [
    (Adjustment::Build { kind: Army, at: at("Vie") }, "Build Army Vienna."),
    (
      Adjustment::Build { kind: Fleet, at: coast("Stp", Coast::North) },
      "Build Fleet St Petersburg (north coast).",
    ),
    (Adjustment::Remove { unit: unit("Germany", Army, at("Mun")) }, "Remove Army Munich."),
    (Adjustment::Waive, "Build waived."),
  ] {
    assert_eq!(render_adjustment(map(), &adjustment), expected);
  }
}

// ------------------------------------------------------------ robustness

/// Pieces players type, and some they should not, for the generators.
const FRAGMENTS: &[&str] = &[
  "A",
  "F",
  "army",
  "Fleet",
  "Lon",
  "Nth",
  "Nwy",
  "Stp",
  "/sc",
  "(nc)",
  " south coast",
  "Spa",
  "Mid-Atlantic",
  " Ocean",
  "-",
  "->",
  "- ",
  " ",
  "  ",
  "m",
  "moves to",
  "S",
  "supports",
  "C",
  "convoy",
  "H",
  "hold",
  "P",
  "proxy to",
  "Germany",
  "Austrian",
  "D",
  "disband",
  "build",
  "remove",
  "waive",
  "via",
  "convoy",
  "by",
  ".",
  ",",
  ";",
  "(",
  ")",
  "/",
  "Nort",
  "URK",
  "St. Petersburg",
  "é",
  "ß",
  "\u{212a}",
  "\u{130}",
  "日本",
  "\u{0}",
  "\t",
  "\n",
  "🙂",
  "\u{200b}",
  "--",
  "x",
];

/// One board of each phase kind, built once for the generators.
fn boards() -> &'static [Position; 3] {
  static BOARDS: std::sync::OnceLock<[Position; 3]> = std::sync::OnceLock::new();
  BOARDS.get_or_init(|| [initial(), retreat_board(), adjustment_board()])
}

fn every_entry_point(text: &str) {
  let [movement, retreat, winter] = boards();
  for kind in [Movement, Retreat, Adj] {
    if let Ok(order) = parse_order(map(), kind, text) {
      for owner in map().power_ids() {
        let _ = validate(map(), movement, owner, &order).map(|o| render_order(map(), &o));
        let _ = validate(map(), retreat, owner, &order).map(|o| render_order(map(), &o));
        let _ =
          validate_adjustment(map(), winter, owner, &order).map(|a| render_adjustment(map(), &a));
      }
    }
    for part in split_orders(text) {
      let _ = parse_order(map(), kind, part).map_err(|e| e.to_string());
    }
  }
  let _ = parse_unit(map(), text);
}

/// A small xorshift generator: repeatable, and no dependency.
fn generator(mut seed: u64) -> impl FnMut(usize) -> usize {
  move |below| {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    (seed % below.max(1) as u64) as usize
  }
}

#[test]
fn garbage_never_panics() {
  let mut next = generator(0x2545_f491_4f6c_dd1d);
  for _ in 0..400 {
    let pieces = next(9);
    let text: String = (0..pieces).map(|_| FRAGMENTS[next(FRAGMENTS.len())]).collect();
    every_entry_point(&text);
  }
}

#[test]
fn well_formed_orders_between_any_provinces_never_panic() {
  let names: Vec<String> = map().provinces().iter().map(|p| p.abbr.clone()).collect();
  let mut next = generator(0x9e37_79b9_7f4a_7c15);
  let templates = [
    "{t}{a}{c} - {b}{c}",
    "{t}{a} S {t}{b} - {d}{c}",
    "{t}{a} S {b}",
    "{t}{a} C {t}{b} - {d}",
    "{t}{a} - {b} - {d}",
    "{t}{a} - {d} via convoy",
    "{t}{a}{c}",
    "build {t}{a}{c}",
    "{a} d",
  ];
  for _ in 0..1500 {
    let mut text = templates[next(templates.len())].to_string();
    for (hole, choices) in
      [("{t}", &["", "A ", "F "][..]), ("{c}", &["", "/nc", "/sc", "(ec)"][..])]
    {
      while let Some(at) = text.find(hole) {
        text.replace_range(at..at + hole.len(), choices[next(choices.len())]);
      }
    }
    for hole in ["{a}", "{b}", "{d}"] {
      text = text.replace(hole, &names[next(names.len())]);
    }
    every_entry_point(&text);
  }
}

proptest::proptest! {
  #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

  #[test]
  fn arbitrary_unicode_never_panics(text in proptest::prelude::any::<String>()) {
    every_entry_point(&text);
  }
}
