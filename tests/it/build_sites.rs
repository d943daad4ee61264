//! Homes, build sites and seasonal terrain of the DPjudge maps, played on
//! the real maps through `judge adjudicate`'s JSON face:
//!
//! - Imperial's HOME_BUILDS: a power builds in any centre it owns that is
//!   some power's home, not only its own.
//! - 1898's MOBILIZE: nobody owns a centre at the start; each power makes
//!   one build in the first Winter, on a home of its choice, and owns it.
//! - 1900's partisan site: Russia may keep one more unit, and build in
//!   Siberia, while it holds some but not all of its four homes.
//! - 1897's NEWHOMES: until the 1899 adjustments a power builds in any
//!   centre it owns; then its homes become the centres it owns.
//! - Ambition's claimable home: the first captured centre built on becomes
//!   a home for good.
//! - Zeus's alternative home: in the first Winter California may stand
//!   for New York, never besides it.
//! - Loeb9's Arctic Ocean is sea in Spring only; a fleet left there when
//!   it closes holds (HIBERNATE).

use crate::json_support;

use json_support::{result, run};
use serde_json::{json, Value};

/// The strings of a list in the response (`units`, `centers`, `homes`).
fn list(response: &Value, field: &str, power: &str) -> Vec<String> {
  response[field][power]
    .as_array()
    .map(|all| all.iter().filter_map(|u| u.as_str().map(str::to_string)).collect())
    .unwrap_or_default()
}

#[test]
fn imperial_builds_in_another_powers_home_that_it_owns() {
  let request = |rules: Value| {
    json!({
      "variant": "imperial",
      "phase": "W1861A",
      "centers": { "Austria": ["Bud", "Vie", "Bra", "Alb"] },
      "orders": { "Austria": ["Build A Bra", "Build A Alb", "Build A Bud"] },
      "rules": rules,
    })
  };
  let response = run(request(json!([])));
  assert_eq!(result(&response, "Build A Bra"), "ok", "Brasilia is Brazil's home: {response}");
  assert_eq!(result(&response, "Build A Alb"), "invalid", "Albania is nobody's home");
  assert_eq!(result(&response, "Build A Bud"), "ok");
  assert_eq!(list(&response, "units", "Austria"), ["A Bra", "A Bud"]);
  // The standard rule, asked for, allows only Austria's own homes.
  let response = run(request(json!(["HOME_CENTER"])));
  assert_eq!(result(&response, "Build A Bra"), "invalid");
  assert_eq!(result(&response, "Build A Bud"), "ok");
}

#[test]
fn mobilization_builds_one_unit_on_a_chosen_home_which_becomes_owned() {
  let response = run(json!({
    "variant": "1898",
    "phase": "W1898A",
    "orders": {
      "Austria": ["Build A Vie"],
      "England": ["Build F Lon", "Build F Edi"],
      "Italy": ["Build A Mun"],
      "Russia": ["Build F Stp/sc"],
    },
  }));
  assert_eq!(result(&response, "Build A Vie"), "ok", "{response}");
  assert_eq!(result(&response, "Build F Lon"), "ok");
  assert_eq!(result(&response, "Build F Edi"), "void", "one build only");
  assert_eq!(result(&response, "Build A Mun"), "invalid", "Munich is not Italian");
  assert_eq!(result(&response, "Build F Stp/sc"), "ok");
  assert_eq!(list(&response, "centers", "Austria"), ["Vie"]);
  assert_eq!(list(&response, "centers", "England"), ["Lon"]);
  assert_eq!(list(&response, "centers", "Russia"), ["Stp"]);
  assert!(list(&response, "centers", "Italy").is_empty());
  assert_eq!(list(&response, "units", "England"), ["F Lon"]);
  assert_eq!(response["next_phase"], "S1899M");
  // Only the first Winter mobilizes: later, no centre means no build.
  let later = run(json!({
    "variant": "1898",
    "phase": "W1899A",
    "centers": {},
    "orders": { "Austria": ["Build A Vie"] },
  }));
  assert_eq!(result(&later, "Build A Vie"), "invalid", "{later}");
}

#[test]
fn russia_builds_in_siberia_while_it_holds_some_but_not_all_homes() {
  let build = |centers: Value, units: Value| {
    run(json!({
      "variant": "1900",
      "phase": "W1900A",
      "units": { "Russia": units },
      "centers": { "Russia": centers },
      "orders": { "Russia": ["Build A Sib"] },
    }))
  };
  // Two of four homes held, two units: two centres and the partisan site.
  let response = build(json!(["Mos", "Sev"]), json!(["A Mos", "F Sev"]));
  assert_eq!(result(&response, "Build A Sib"), "ok", "{response}");
  assert_eq!(list(&response, "units", "Russia"), ["A Mos", "F Sev", "A Sib"]);
  // Every home held: no emergency, and Siberia is no centre.
  let response = build(json!(["Mos", "Sev", "Stp", "War"]), json!(["A Mos"]));
  assert_eq!(result(&response, "Build A Sib"), "invalid", "{response}");
  // Every home lost: no emergency measures either.
  let response = build(json!(["Rum"]), json!([]));
  assert_eq!(result(&response, "Build A Sib"), "invalid", "{response}");
  // The partisan site also keeps a unit: three units on two homes stay.
  let response = run(json!({
    "variant": "1900",
    "phase": "W1900A",
    "units": { "Russia": ["A Mos", "F Sev", "A Ukr"], "Austria": ["A Vie"] },
    "centers": { "Russia": ["Mos", "Sev"], "Austria": ["Vie", "Bud"] },
    "orders": { "Austria": ["Build A Bud"] },
  }));
  assert_eq!(list(&response, "units", "Russia"), ["A Mos", "F Sev", "A Ukr"], "{response}");
}

#[test]
fn newhomes_turns_owned_centres_into_homes_in_1899() {
  // Before 1899 a power builds on any centre it owns.
  let before = run(json!({
    "variant": "1897",
    "phase": "W1898A",
    "centers": { "Austria": ["Vie", "Ber"] },
    "units": { "Austria": ["A Vie"] },
    "orders": { "Austria": ["Build A Ber"] },
  }));
  assert_eq!(result(&before, "Build A Ber"), "ok", "{before}");
  assert!(before.get("homes").is_none(), "no homes in play yet: {before}");
  // The Fall of 1899 ends the year: the centres owned then are the homes.
  let fall = run(json!({
    "variant": "1897",
    "phase": "F1899M",
    "units": { "Austria": ["A Ber", "A Tyr"] },
    "centers": { "Austria": ["Vie"] },
    "orders": { "Austria": ["A Ber H", "A Tyr - Mun"] },
  }));
  assert_eq!(list(&fall, "homes", "Austria"), ["Ber", "Mun", "Vie"], "{fall}");
  assert!(list(&fall, "homes", "Russia").is_empty());
  assert_eq!(fall["next_phase"], "F1899B");
  // Later, only those homes take builds; a centre taken since does not.
  let after = run(json!({
    "variant": "1897",
    "phase": "W1900A",
    "units": { "Austria": ["A Boh"] },
    "centers": { "Austria": ["Vie", "Ber", "Kie"] },
    "homes": fall["homes"].clone(),
    "orders": { "Austria": ["Build A Kie", "Build A Ber"] },
  }));
  assert_eq!(result(&after, "Build A Kie"), "invalid", "{after}");
  assert_eq!(result(&after, "Build A Ber"), "ok");
  assert_eq!(list(&after, "homes", "Austria"), ["Ber", "Mun", "Vie"]);
}

#[test]
fn zeus_california_stands_for_new_york_in_the_first_winter() {
  let response = run(json!({
    "variant": "zeus",
    "phase": "W1939A",
    "orders": { "USA": ["Build F Cal", "Build F Nyo", "Build F Haw", "Build A Was"] },
  }));
  assert_eq!(result(&response, "Build F Cal"), "ok", "{response}");
  assert_eq!(result(&response, "Build F Nyo"), "void", "California took New York's build");
  assert_eq!(result(&response, "Build F Haw"), "ok");
  assert_eq!(result(&response, "Build A Was"), "ok");
}

#[test]
fn loeb9_arctic_ocean_is_open_in_spring_and_closed_in_fall() {
  let request = |phase: &str| {
    json!({
      "variant": "loeb9",
      "phase": phase,
      "units": { "England": ["F Nwg"] },
      "orders": { "England": ["F Nwg - Arc"] },
    })
  };
  let spring = run(request("S1901M"));
  assert_eq!(result(&spring, "F Nwg - Arc"), "ok", "{spring}");
  assert_eq!(list(&spring, "units", "England"), ["F Arc"]);
  let fall = run(request("F1901M"));
  assert_eq!(result(&fall, "F Nwg - Arc"), "invalid", "{fall}");
  assert_eq!(list(&fall, "units", "England"), ["F Nwg"]);
}

#[test]
fn hibernate_a_fleet_in_the_closed_arctic_ocean_holds() {
  let request = |phase: &str, order: &str| {
    json!({
      "variant": "loeb9",
      "phase": phase,
      "units": { "England": ["F Arc", "F Nwg"], "Russia": ["F Bar"] },
      "orders": { "England": [order], "Russia": ["F Bar - Arc"] },
    })
  };
  let fall = run(request("F1901M", "F Arc - Nao"));
  assert_eq!(result(&fall, "F Arc - Nao"), "invalid", "{fall}");
  assert_eq!(result(&fall, "F Bar - Arc"), "invalid", "nobody enters it either");
  assert_eq!(list(&fall, "units", "England"), ["F Arc", "F Nwg"]);
  let support = run(request("F1901M", "F Arc S F Nwg"));
  assert_eq!(result(&support, "F Arc S F Nwg"), "invalid", "{support}");
  let hold = run(request("F1901M", "F Arc H"));
  assert_eq!(result(&hold, "F Arc H"), "ok", "{hold}");
  // In Spring it is open sea again.
  let spring = run(request("S1902M", "F Arc - Nao"));
  assert_eq!(result(&spring, "F Arc - Nao"), "ok", "{spring}");
}

#[test]
fn ambition_the_first_captured_centre_built_on_becomes_a_home() {
  let response = run(json!({
    "variant": "ambition",
    "phase": "W1763A",
    "units": { "Sweden": ["F Sto"] },
    "centers": { "Sweden": ["Abo", "Sto", "Cou", "Kon"] },
    "orders": { "Sweden": ["Build A Cou", "Build A Kon"] },
  }));
  assert_eq!(result(&response, "Build A Cou"), "ok", "{response}");
  assert_eq!(result(&response, "Build A Kon"), "void", "one claim only");
  assert_eq!(list(&response, "homes", "Sweden"), ["Abo", "Sto", "Cou"]);
  assert_eq!(list(&response, "homes", "Prussia"), ["Ber", "Brl", "Kon"]);
  // The claim is for good: Courland takes builds, Konigsberg does not.
  let later = run(json!({
    "variant": "ambition",
    "phase": "W1764A",
    "units": { "Sweden": ["F Sto"] },
    "centers": { "Sweden": ["Abo", "Sto", "Cou", "Kon"] },
    "homes": response["homes"].clone(),
    "orders": { "Sweden": ["Build A Kon", "Build A Cou"] },
  }));
  assert_eq!(result(&later, "Build A Kon"), "invalid", "{later}");
  assert_eq!(result(&later, "Build A Cou"), "ok");
}

#[test]
fn no_retreat_into_the_arctic_ocean_outside_spring() {
  let retreat = |phase: &str| {
    run(json!({
      "variant": "loeb9",
      "phase": phase,
      "units": { "Germany": ["F Nwg"] },
      "dislodged": { "England": [{ "unit": "F Bar", "attacker_from": "Nwg" }] },
      "orders": { "England": ["F Bar - Arc"] },
    }))
  };
  let fall = retreat("F1901R");
  assert_eq!(result(&fall, "F Bar - Arc"), "invalid", "{fall}");
  let spring = retreat("S1902R");
  assert_eq!(result(&spring, "F Bar - Arc"), "ok", "{spring}");
  assert_eq!(list(&spring, "units", "England"), ["F Arc"]);
}
