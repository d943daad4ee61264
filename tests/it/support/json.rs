//! `judge adjudicate`'s JSON face for the tests that play phases through
//! it: one request in, its one response out, and the result of an order.

#![allow(dead_code)]

use judge::interchange;
use serde_json::Value;

/// Adjudicates one request, given as JSON, and returns its response.
pub fn run(request: Value) -> Value {
  let lines = interchange::run(&request.to_string()).expect("a valid request");
  serde_json::from_str(&lines.join("\n")).expect("JSON out")
}

/// The result (`ok`, `bounce`, `void`, `invalid`…) of the order written
/// `order`.
pub fn result(response: &Value, order: &str) -> String {
  response["orders"]
    .as_array()
    .and_then(|all| all.iter().find(|r| r["order"] == order))
    .and_then(|r| r["result"].as_str())
    .unwrap_or_else(|| panic!("no result for {order} in {response}"))
    .to_string()
}
