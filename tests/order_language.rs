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
