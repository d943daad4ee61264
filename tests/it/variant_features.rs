//! The map features of the variants that need no rule of their own, case
//! by case through `judge adjudicate`'s JSON face: a province with three
//! coasts (1900's Spain), impassable provinces (Youngstown's Himalayas),
//! building in any owned centre (Chaos) against home centres only
//! (standard), and a game that starts with adjustments on an empty board
//! (Chaos). The special borders and ports are in `special_borders.rs`; no
//! DPjudge map has a one-way border, so none is tested.

use crate::json_support;

use json_support::run;
use serde_json::{json, Value};

/// The result of each order given, `(power, order)`, in the order asked.
fn results(response: &Value, asked: &[(&str, &str)]) -> Vec<String> {
  let all = response["orders"].as_array().cloned().unwrap_or_default();
  asked
    .iter()
    .map(|(power, order)| {
      all
        .iter()
        .find(|r| r["power"] == *power && r["order"] == *order)
        .and_then(|r| r["result"].as_str())
        .unwrap_or("missing")
        .to_string()
    })
    .collect()
}

#[test]
fn spain_has_three_coasts_in_1900_and_a_fleet_names_the_one_it_means() {
  let response = run(json!({
    "variant": "1900",
    "phase": "S1900M",
    "units": {
      "France": ["F Mao", "F Bre"],
      "Italy": ["F Lyo"],
      "Britain": ["F Gib"],
    },
    "orders": {
      "France": ["F Mao - Spa", "F Bre - Gas"],
      "Italy": ["F Lyo - Spa/wc"],
      "Britain": ["F Gib - Spa/ec"],
    },
    "rules": [],
  }));
  // From the Mid-Atlantic a fleet could reach the north or the west
  // coast: without one named, the order is refused. Lyon touches only
  // the east coast. Gibraltar touches the east coast, and takes it.
  let asked = [
    ("France", "F Mao - Spa"),
    ("France", "F Bre - Gas"),
    ("Italy", "F Lyo - Spa/wc"),
    ("Britain", "F Gib - Spa/ec"),
  ];
  assert_eq!(results(&response, &asked), ["invalid", "ok", "invalid", "ok"], "{response}");
  assert_eq!(response["units"]["Britain"], json!(["F Spa/ec"]), "{response}");
  let response = run(json!({
    "variant": "1900",
    "phase": "S1900M",
    "units": { "France": ["F Mao"] },
    "orders": { "France": ["F Mao - Spa/wc"] },
    "rules": [],
  }));
  assert_eq!(results(&response, &[("France", "F Mao - Spa/wc")]), ["ok"], "{response}");
  assert_eq!(response["units"]["France"], json!(["F Spa/wc"]), "{response}");
}

#[test]
fn nobody_enters_youngstowns_himalayas() {
  let response = run(json!({
    "variant": "youngstown",
    "phase": "S1901M",
    "units": { "India": ["A Del"], "China": ["A Pek"] },
    "orders": { "India": ["A Del - Him"], "China": ["A Pek H"] },
    "rules": [],
  }));
  let asked = [("India", "A Del - Him"), ("China", "A Pek H")];
  assert_eq!(results(&response, &asked), ["invalid", "ok"], "{response}");
  assert_eq!(response["units"]["India"], json!(["A Del"]));
}

#[test]
fn a_chaos_power_builds_in_any_centre_it_owns_and_a_standard_one_only_at_home() {
  let chaos = run(json!({
    "variant": "chaos",
    "phase": "F1901B",
    "units": { "Paris": ["A Bur"] },
    "centers": { "Paris": ["Par", "Bre", "Bel"] },
    "orders": { "Paris": ["Build F Bre", "Build A Bel"] },
    "rules": [],
  }));
  let asked = [("Paris", "Build F Bre"), ("Paris", "Build A Bel")];
  assert_eq!(results(&chaos, &asked), ["ok", "ok"], "{chaos}");
  let standard = run(json!({
    "variant": "standard",
    "phase": "F1901B",
    "units": { "France": ["A Bur"] },
    "centers": { "France": ["Par", "Bre", "Mar", "Bel"] },
    "orders": { "France": ["Build A Bel", "Build F Bre"] },
    "rules": [],
  }));
  let asked = [("France", "Build A Bel"), ("France", "Build F Bre")];
  assert_eq!(results(&standard, &asked), ["invalid", "ok"], "{standard}");
}

#[test]
fn chaos_starts_with_adjustments_and_one_build_for_each_power() {
  let response = run(json!({
    "variant": "chaos",
    "phase": "W1900B",
    "units": {},
    "orders": { "Paris": ["Build A Par", "Build F Bre"], "Brest": ["Build F Bre"] },
    "rules": [],
  }));
  // Paris owns only Paris at the start; Brest builds in Brest.
  let asked = [("Paris", "Build A Par"), ("Paris", "Build F Bre"), ("Brest", "Build F Bre")];
  assert_eq!(results(&response, &asked), ["ok", "invalid", "ok"], "{response}");
  assert_eq!(response["next_phase"], json!("S1901M"), "{response}");
  assert_eq!(response["units"]["Paris"], json!(["A Par"]));
  assert_eq!(response["units"]["Brest"], json!(["F Bre"]));
}
