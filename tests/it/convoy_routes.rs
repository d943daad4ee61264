//! Convoys with the route written out (njudge's `A Yor-Nth-Nwg-Nwy`, manual
//! §6.2): the army goes the way its player wrote, through every fleet named,
//! with one fleet and up to four, minimal or not; a route broken by a
//! dislodged fleet or a missing convoy order fails. Through `judge
//! adjudicate`'s JSON face, from the order text to the results.

use judge::interchange;

/// Adjudicates English units and orders (and optional French ones) and
/// returns the result line of each order as `judge adjudicate` gives it.
fn results(units: &[&str], orders: &[&str], french: &[&str], french_orders: &[&str]) -> String {
  let request = serde_json::json!({
    "variant": "standard",
    "phase": "S1901M",
    "units": { "England": units, "France": french },
    "orders": { "England": orders, "France": french_orders },
    "rules": []
  });
  let lines = interchange::run(&request.to_string()).expect("a valid request");
  lines.join("\n")
}

/// The result `judge adjudicate` gives the order of the unit that `order`
/// is for (its first two words, `A Yor`).
fn result_of(response: &str, order: &str) -> String {
  let unit: Vec<&str> = order.split_whitespace().take(2).collect();
  let unit = unit.join(" ");
  let value: serde_json::Value = serde_json::from_str(response).expect("JSON");
  let all = value["orders"].as_array().cloned().unwrap_or_default();
  all
    .into_iter()
    .find(|r| r["order"].as_str().is_some_and(|o| o.starts_with(&unit)))
    .and_then(|r| r["result"].as_str().map(str::to_string))
    .unwrap_or_else(|| panic!("no result for {unit} in {response}"))
}

fn succeeded(response: &str, order: &str) -> bool {
  result_of(response, order) == "ok"
}

#[test]
fn written_routes_of_one_to_four_fleets_are_followed() {
  let table: [(&[&str], &[&str]); 6] = [
    // One fleet.
    (&["A Lon", "F Nth"], &["A Lon - Nth - Nwy", "F Nth C A Lon - Nwy"]),
    // Two fleets, the route the issue reported (not the shortest: the
    // army could go Yor-Nth-Nwy, but its player chose this way).
    (
      &["A Yor", "F Nth", "F Nwg"],
      &["A Yor - Nth - Nwg - Nwy", "F Nth C A Yor - Nwy", "F Nwg C A Yor - Nwy"],
    ),
    (
      &["A Lon", "F Nth", "F Ska"],
      &["A Lon - Nth - Ska - Nwy", "F Nth C A Lon - Nwy", "F Ska C A Lon - Nwy"],
    ),
    (
      &["A Edi", "F Nwg", "F Nth"],
      &["A Edi - Nwg - Nth - Hol", "F Nwg C A Edi - Hol", "F Nth C A Edi - Hol"],
    ),
    // Three fleets.
    (
      &["A Lvp", "F Iri", "F Mao", "F Eng"],
      &[
        "A Lvp - Iri - Mao - Eng - Bre",
        "F Iri C A Lvp - Bre",
        "F Mao C A Lvp - Bre",
        "F Eng C A Lvp - Bre",
      ],
    ),
    // Four fleets.
    (
      &["A Cly", "F Nat", "F Iri", "F Mao", "F Eng"],
      &[
        "A Cly - Nat - Iri - Mao - Eng - Pic",
        "F Nat C A Cly - Pic",
        "F Iri C A Cly - Pic",
        "F Mao C A Cly - Pic",
        "F Eng C A Cly - Pic",
      ],
    ),
  ];
  for (units, orders) in table {
    let response = results(units, orders, &[], &[]);
    for order in orders {
      assert!(succeeded(&response, order), "{order} should succeed:\n{response}");
    }
  }
}

#[test]
fn a_written_route_fails_when_a_fleet_on_it_does_not_convoy_or_is_dislodged() {
  // Nwg holds instead of convoying: the written route is broken, even
  // though Nth alone could have carried the army.
  let response = results(
    &["A Yor", "F Nth", "F Nwg"],
    &["A Yor - Nth - Nwg - Nwy", "F Nth C A Yor - Nwy", "F Nwg H"],
    &[],
    &[],
  );
  assert!(!succeeded(&response, "A Yor"), "{response}");
  // Nwg is dislodged by France.
  let response = results(
    &["A Yor", "F Nth", "F Nwg"],
    &["A Yor - Nth - Nwg - Nwy", "F Nth C A Yor - Nwy", "F Nwg C A Yor - Nwy"],
    &["F Nat", "F Bar"],
    &["F Nat - Nwg", "F Bar S F Nat - Nwg"],
  );
  assert!(!succeeded(&response, "A Yor"), "{response}");
}

/// njudge takes convoy orders that cannot work (manual §6.2: the fleet and
/// the army exist, the destination is land): a fleet on a coast, an army
/// inland, a destination inland. They are void when adjudicated, and the
/// units concerned simply hold.
#[test]
fn convoys_that_cannot_work_are_taken_and_void() {
  let cases: [(&[&str], &[&str], &str); 3] = [
    // A fleet on a coast (no COASTAL CONVOYS in the standard game).
    (&["F Lon", "A Wal"], &["F Lon C A Wal - Bel", "A Wal H"], "F Lon"),
    // An inland army.
    (&["F Nth", "A Mun"], &["F Nth C A Mun - Hol", "A Mun H"], "F Nth"),
    // An inland destination.
    (&["F Nth", "A Yor"], &["F Nth C A Yor - Mun", "A Yor H"], "F Nth"),
  ];
  for (units, orders, fleet) in cases {
    let response = results(units, orders, &[], &[]);
    assert_eq!(result_of(&response, fleet), "void", "{orders:?}: {response}");
    let army: Vec<&str> = orders[1].split_whitespace().take(2).collect();
    assert!(succeeded(&response, &army.join(" ")), "{orders:?}: {response}");
  }
}
