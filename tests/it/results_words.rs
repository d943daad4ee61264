//! The words of the results that the hobby's tools read, as njudge prints
//! them: another power's unit in a SUPPORT or CONVOY is named with its
//! owner's adjective, and annotations follow a single space.

use judge::interchange;

fn texts(request: serde_json::Value) -> Vec<(String, String)> {
  let lines = interchange::run(&request.to_string()).expect("a valid request");
  let value: serde_json::Value = serde_json::from_str(&lines[0]).expect("JSON");
  value["orders"]
    .as_array()
    .cloned()
    .unwrap_or_default()
    .iter()
    .map(|o| {
      (o["text"].as_str().unwrap_or("").to_string(), o["result"].as_str().unwrap_or("").to_string())
    })
    .collect()
}

#[test]
fn another_powers_unit_is_named_with_its_owners_adjective() {
  let orders = texts(serde_json::json!({
    "variant": "standard",
    "phase": "S1901M",
    "units": { "France": ["A Par", "F Eng"], "Germany": ["A Mun", "A Ber"], "England": ["A Wal"] },
    "orders": {
      "France": ["A Par - Bur", "F Eng C A Wal - Bre"],
      "Germany": ["A Mun S A Par - Bur", "A Ber S A Mun"],
      "England": ["A Wal - Eng - Bre"]
    },
    "rules": []
  }));
  let text = |t: &str| orders.iter().any(|(o, _)| o == t);
  assert!(text("Army Munich SUPPORT French Army Paris -> Burgundy."), "{orders:?}");
  assert!(text("Army Berlin SUPPORT Army Munich."), "own units take no adjective: {orders:?}");
  assert!(text("Fleet English Channel CONVOY English Army Wales -> Brest."), "{orders:?}");
}
