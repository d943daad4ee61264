//! `judge adjudicate` as a caller sees it: the real binary, stdin in,
//! stdout, stderr and the exit status out (CONTRACT.md).

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// What a run of the binary gave.
struct Run {
  status: i32,
  stdout: String,
  stderr: String,
}

fn adjudicate(input: &str) -> Run {
  let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
    .arg("adjudicate")
    .env_remove("JUDGE_NOW")
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the judge binary starts");
  let mut stdin = child.stdin.take().expect("stdin");
  stdin.write_all(input.as_bytes()).expect("write stdin");
  drop(stdin);
  let output = child.wait_with_output().expect("the judge finishes");
  Run {
    status: output.status.code().unwrap_or(-1),
    stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
    stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
  }
}

/// The one line on stdout of a successful single-phase run, parsed.
fn one_result(run: &Run) -> Value {
  assert_eq!(run.status, 0, "stderr: {}", run.stderr);
  let lines: Vec<&str> = run.stdout.lines().collect();
  assert_eq!(lines.len(), 1, "one line per phase: {}", run.stdout);
  serde_json::from_str(lines[0]).expect("the output is JSON")
}

/// Malformed input: status 2, one line on stderr saying what, nothing else.
fn assert_rejected(input: &str, says: &str) {
  let run = adjudicate(input);
  assert_eq!(run.status, 2, "stdout: {} stderr: {}", run.stdout, run.stderr);
  assert_eq!(run.stdout, "", "nothing on stdout");
  assert_eq!(run.stderr.lines().count(), 1, "one line on stderr: {}", run.stderr);
  assert!(run.stderr.starts_with("judge adjudicate: "), "{}", run.stderr);
  assert!(run.stderr.to_lowercase().contains(&says.to_lowercase()), "{says}: {}", run.stderr);
}

fn strings(value: &Value) -> BTreeSet<String> {
  value.as_array().into_iter().flatten().filter_map(|v| v.as_str().map(String::from)).collect()
}

const CONTRACT_EXAMPLE: &str = r#"{
  "variant": "standard",
  "phase": "S1901M",
  "units":     { "England": ["F Lon", "F Edi", "A Lvp"], "France": ["A Par"] },
  "dislodged": { "France": [ { "unit": "A Bur", "attacker_from": "Mun" } ] },
  "centers":   { "England": ["Lon", "Edi", "Lvp"] },
  "orders":    { "England": ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"], "France": ["A Par H"] },
  "rules": []
}"#;

#[test]
fn the_contract_example_gives_the_contract_fields() {
  let result = one_result(&adjudicate(CONTRACT_EXAMPLE));
  let fields: BTreeSet<&str> =
    result.as_object().expect("an object").keys().map(String::as_str).collect();
  let allowed = BTreeSet::from(["phase", "orders", "units", "dislodged", "centers", "next_phase"]);
  assert!(fields.is_subset(&allowed), "{fields:?}");
  for required in ["phase", "orders", "units", "dislodged", "next_phase"] {
    assert!(fields.contains(required), "{required} missing");
  }
  assert_eq!(result["phase"], "S1901M");
  assert_eq!(result["next_phase"], "F1901M");
  let orders = result["orders"].as_array().expect("orders");
  let given = ["F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor", "A Par H"];
  assert_eq!(orders.len(), given.len());
  for (report, text) in orders.iter().zip(given) {
    assert_eq!(report["order"], text, "input order kept, in input order");
    assert!(report["power"] == "England" || report["power"] == "France");
    assert!(report["text"].as_str().is_some_and(|t| !t.is_empty()), "{report}");
    assert_eq!(report["result"], "ok", "{report}");
    assert!(report.get("error").is_none(), "{report}");
  }
  assert_eq!(orders[0]["text"], "Fleet London -> North Sea.");
  assert_eq!(
    strings(&result["units"]["England"]),
    BTreeSet::from(["F Nth".to_string(), "F Nwg".to_string(), "A Yor".to_string()])
  );
  assert_eq!(strings(&result["units"]["France"]), BTreeSet::from(["A Par".to_string()]));
  assert_eq!(result["dislodged"], serde_json::json!({}));
}

#[test]
fn json_lines_give_one_line_per_phase() {
  let phases = [
    r#"{"phase": "S1901M", "units": {"Austria": ["A Vie"]}, "orders": {"Austria": ["A Vie - Gal"]}}"#,
    r#"{"phase": "F1901M", "units": {"Austria": ["A Gal"]}, "orders": {"Austria": ["A Gal - War"]}}"#,
    concat!(
      r#"{"phase": "W1901B", "units": {"Austria": ["A War"]}, "#,
      r#""centers": {"Austria": ["Bud", "Tri", "Vie", "War"]}, "#,
      r#""orders": {"Austria": ["Build A Vie"]}}"#
    ),
  ];
  let input = phases.join("\n") + "\n";
  let run = adjudicate(&input);
  assert_eq!(run.status, 0, "stderr: {}", run.stderr);
  let lines: Vec<Value> =
    run.stdout.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
  assert_eq!(lines.len(), 3);
  let ids: Vec<&str> = lines.iter().filter_map(|l| l["phase"].as_str()).collect();
  assert_eq!(ids, vec!["S1901M", "F1901M", "F1901B"]);
  assert_eq!(lines[1]["next_phase"], "F1901B", "Austria has War as a fourth centre");
  assert!(strings(&lines[1]["centers"]["Austria"]).contains("War"));
  assert_eq!(lines[2]["orders"][0]["result"], "ok");
  assert!(strings(&lines[2]["units"]["Austria"]).contains("A Vie"));
}

/// The input is read a window at a time (64 KiB): a stream longer than
/// that is answered in full and in order, and a bad phase deep in it still
/// gives no output at all, with its phase, line and column in the whole
/// input.
#[test]
fn a_long_stream_is_answered_whole_or_not_at_all() {
  let phase = |n: usize| {
    let (from, to) = if n.is_multiple_of(2) { ("Vie", "Gal") } else { ("Bud", "Rum") };
    format!(
      r#"{{"phase": "S1901M", "units": {{"Austria": ["A {from}"]}}, "orders": {{"Austria": ["A {from} - {to}"]}}}}"#
    )
  };
  let lines: Vec<String> = (0..1500).map(phase).collect();
  assert!(lines.join("\n").len() > 2 * 64 * 1024);
  let run = adjudicate(&(lines.join("\n") + "\n"));
  assert_eq!(run.status, 0, "stderr: {}", run.stderr);
  let units: Vec<Value> = run
    .stdout
    .lines()
    .map(|l| serde_json::from_str::<Value>(l).expect("each line is JSON")["units"].clone())
    .collect();
  assert_eq!(units.len(), 1500);
  assert_eq!(units[1000]["Austria"][0], "A Gal");
  assert_eq!(units[1001]["Austria"][0], "A Rum");
  let mut bad = lines.clone();
  bad[1200] = r#"{"phase": "S1901M", "units": {"Austria": ["A Vie"]}, "orders": }"#.to_string();
  let run = adjudicate(&bad.join("\n"));
  assert_eq!((run.status, run.stdout.as_str()), (2, ""), "stderr: {}", run.stderr);
  assert_eq!(
    run.stderr,
    "judge adjudicate: phase 1201 (line 1201): expected value at line 1201 column 64\n"
  );
  bad[1200] = r#"{"phase": "S1901M", "units": {"Austria": ["A Vie"]}, "orders": {"Atlantis": []}}"#
    .to_string();
  let run = adjudicate(&bad.join("\n"));
  assert_eq!((run.status, run.stdout.as_str()), (2, ""), "stderr: {}", run.stderr);
  assert!(run
    .stderr
    .starts_with("judge adjudicate: phase 1201 (line 1201): unknown power 'Atlantis'"));
}

#[test]
fn malformed_json_is_rejected() {
  assert_rejected(r#"{"phase": "S1901M", "units": "#, "line 1");
  assert_rejected("", "no input");
  assert_rejected(r#"{"phase": "S1901M", "units": {"England": "F Lon"}}"#, "invalid type");
  assert_rejected("{\"phase\": \"S1901M\"}\n{\"phase\": \"S1901M\"", "phase 2");
  for not_an_object in ["[]", "42", "\"S1901M\""] {
    assert_rejected(not_an_object, "expected a JSON object describing one phase");
  }
}

#[test]
fn an_unknown_power_is_rejected() {
  assert_rejected(r#"{"phase": "S1901M", "units": {"Atlantis": ["A Lon"]}}"#, "Atlantis");
  assert_rejected(r#"{"phase": "S1901M", "orders": {"Atlantis": ["A Lon H"]}}"#, "Atlantis");
}

#[test]
fn an_army_at_sea_is_rejected() {
  assert_rejected(r#"{"phase": "S1901M", "units": {"England": ["A Nth"]}}"#, "North Sea");
}

#[test]
fn two_units_in_one_province_are_rejected() {
  let input = r#"{"phase": "S1901M", "units": {"England": ["F Lon"], "France": ["A Lon"]}}"#;
  assert_rejected(input, "London");
}

#[test]
fn unknown_rules_variants_and_phases_are_rejected() {
  assert_rejected(
    r#"{"phase": "S1901M", "rules": ["FRIENDLY_FIRE_ALWAYS"]}"#,
    "FRIENDLY_FIRE_ALWAYS",
  );
  assert_rejected(r#"{"phase": "S1901M", "variant": "atlantis"}"#, "atlantis");
  assert_rejected(r#"{"phase": "X1901M"}"#, "X1901M");
}

#[test]
fn orders_for_missing_or_foreign_units_are_invalid() {
  let input = r#"{"phase": "S1901M",
    "units": {"England": ["F Lon"], "France": ["A Par"]},
    "orders": {"England": ["A Par - Bur", "A Mun - Ruh", "F Lon - Nth"]}}"#;
  let result = one_result(&adjudicate(input));
  let orders = result["orders"].as_array().expect("orders");
  assert_eq!(orders.len(), 3, "every input order gets an entry");
  for report in &orders[..2] {
    assert_eq!(report["result"], "invalid", "{report}");
    assert!(report["error"].as_str().is_some_and(|e| !e.is_empty()), "{report}");
    assert_eq!(report["text"], report["order"], "an invalid order is shown as written");
  }
  assert_eq!(orders[2]["result"], "ok");
  assert_eq!(strings(&result["units"]["France"]), BTreeSet::from(["A Par".to_string()]));
}

#[test]
fn a_later_order_for_the_same_unit_replaces_an_earlier_one() {
  let input = r#"{"phase": "S1901M", "units": {"England": ["F Lon"]},
    "orders": {"England": ["F Lon - Eng", "F Lon - Nth"]}}"#;
  let result = one_result(&adjudicate(input));
  assert_eq!(result["orders"][0]["result"], "invalid");
  assert_eq!(result["orders"][0]["error"], "replaced by a later order for the same unit");
  assert_eq!(result["orders"][1]["result"], "ok");
  assert_eq!(strings(&result["units"]["England"]), BTreeSet::from(["F Nth".to_string()]));
}

#[test]
fn a_malformed_now_is_rejected_with_a_clear_message() {
  let output = Command::new(env!("CARGO_BIN_EXE_judge"))
    .args(["--now", "tomorrow", "adjudicate"])
    .stdin(Stdio::null())
    .output()
    .expect("the judge runs");
  assert_eq!(output.status.code(), Some(2));
  let stderr = String::from_utf8_lossy(&output.stderr);
  assert!(stderr.contains("RFC 3339"), "{stderr}");
}

/// A spring with France, Germany, England and Italy moving, for the
/// viewer's answers: Germany's Munich army moves next to Paris, its
/// Kiel fleet far from anything French.
const BLIND_SPRING: &str = r#"{"phase": "S1901M",
  "units": {"France": ["A Par", "F Bre", "A Mar"], "Germany": ["A Mun", "F Kie"],
            "England": ["F Lon"], "Italy": ["A Ven"]},
  "orders": {"France": ["A Par H", "F Bre - Mid", "A Mar S A Bur - Gas"],
             "Germany": ["A Mun - Bur", "F Kie - Den"],
             "England": ["F Lon - Eng"], "Italy": ["A Ven - Tyr"]}"#;

/// `BLIND_SPRING` asked for `viewer` under `visibility` (a JSON array).
fn blind_spring(viewer: &str, visibility: &str) -> Value {
  let input = format!(r#"{BLIND_SPRING}, "viewer": "{viewer}", "visibility": {visibility}}}"#);
  one_result(&adjudicate(&input))
}

/// Every power named anywhere in an answer: in its orders, glimpses,
/// units, dislodged units and centres.
fn powers_named(result: &Value) -> BTreeSet<String> {
  let mut named = BTreeSet::new();
  for list in ["orders", "glimpses"] {
    for entry in result[list].as_array().into_iter().flatten() {
      named.extend(entry["power"].as_str().map(String::from));
    }
  }
  for map in ["units", "dislodged", "centers"] {
    named.extend(result[map].as_object().into_iter().flatten().map(|(power, _)| power.clone()));
  }
  named
}

#[test]
fn a_viewer_under_njudge_blind_is_shown_its_own_orders_and_units_only() {
  let result = blind_spring("France", r#"["NJUDGE_BLIND"]"#);
  assert_eq!(result["viewer"], "France");
  assert_eq!(powers_named(&result), BTreeSet::from(["France".to_string()]), "{result}");
  let orders: Vec<&str> = result["orders"]
    .as_array()
    .expect("orders")
    .iter()
    .filter_map(|o| o["order"].as_str())
    .collect();
  assert_eq!(orders, ["A Par H", "F Bre - Mid", "A Mar S A Bur - Gas"], "every French order");
  assert_eq!(result["glimpses"], serde_json::json!([]), "njudge's Blind glimpses nothing");
  assert_eq!(
    strings(&result["units"]["France"]),
    BTreeSet::from(["A Par".to_string(), "F Mao".to_string(), "A Mar".to_string()])
  );
  // France's support of a unit it does not see names the place only.
  assert_eq!(
    result["orders"][2]["text"],
    "Army Marseilles SUPPORT the unit in Burgundy -> Gascony."
  );
  assert!(!result.to_string().contains("Munich") && !result.to_string().contains("Mun"));
}

#[test]
fn a_viewer_under_blind_glimpses_a_unit_arriving_next_door_and_not_one_far_away() {
  let result = blind_spring("France", r#"["BLIND"]"#);
  let glimpses = result["glimpses"].as_array().expect("glimpses");
  let german: Vec<&Value> = glimpses.iter().filter(|g| g["power"] == "Germany").collect();
  assert_eq!(german.len(), 1, "{result}");
  assert_eq!(german[0]["unit"], "A Bur");
  assert_eq!(german[0]["shown"], "arrives");
  assert_eq!(german[0]["text"], "Germany: Army Burgundy ARRIVES.");
  assert!(strings(&result["units"]["Germany"]).contains("A Bur"), "{result}");
  // Kiel's fleet goes to Denmark, far from France: nothing of it is told.
  let text = result.to_string();
  for far in ["Kie", "Kiel", "Den", "Denmark", "Italy", "Tyr", "Ven"] {
    assert!(!text.contains(far), "{far} in {text}");
  }
  // The German order itself is not shown: Munich was out of sight.
  assert!(result["orders"].as_array().expect("orders").iter().all(|o| o["power"] == "France"));
  // England's fleet arrives in the Channel, next to Brest.
  assert!(glimpses.iter().any(|g| g["text"] == "England: Fleet English Channel ARRIVES."));
}

#[test]
fn a_viewer_sees_in_full_an_order_seen_before_and_after() {
  // Burgundy's German army is next to Paris before it moves and in
  // Gascony, next to Paris, after: its order is shown in full.
  let input = r#"{"phase": "F1901M",
    "units": {"France": ["A Par", "A Mar"], "Germany": ["A Bur", "A Ruh", "A Mun"]},
    "orders": {"France": ["A Par H"], "Germany": ["A Bur - Gas", "A Ruh S A Bur - Gas", "A Mun H"]},
    "viewer": "France", "visibility": ["BLIND"]}"#;
  let result = one_result(&adjudicate(input));
  let orders = result["orders"].as_array().expect("orders");
  let german: Vec<&Value> = orders.iter().filter(|o| o["power"] == "Germany").collect();
  assert_eq!(german.len(), 1, "{result}");
  assert_eq!(german[0]["text"], "Army Burgundy -> Gascony.");
  assert_eq!(german[0]["order"], german[0]["text"], "another power's order as shown");
  // Ruhr and Munich are out of sight: neither their orders nor the units.
  let text = result.to_string();
  assert!(!text.contains("Ruh") && !text.contains("Mun"), "{text}");
  // A year ended: only the owners France is shown.
  let centers = result["centers"].as_object().expect("centres after a Fall turn");
  assert!(centers.keys().all(|p| p == "France" || p == "Germany"), "{result}");
  assert!(!strings(&result["centers"]["Germany"]).contains("Ber"), "{result}");
}

#[test]
fn viewer_and_visibility_errors_are_rejected() {
  let phase = r#"{"phase": "S1901M", "units": {"France": ["A Par"]}, "#;
  let cases = [
    (r#""viewer": "France"}"#, "\"viewer\" needs \"visibility\""),
    (r#""visibility": ["BLIND"]}"#, "\"visibility\" needs \"viewer\""),
    (r#""viewer": "Atlantis", "visibility": ["BLIND"]}"#, "unknown power 'Atlantis'"),
    (r#""viewer": "France", "visibility": ["BLINDISH"]}"#, "unknown visibility rule 'BLINDISH'"),
    (r#""viewer": "France", "visibility": []}"#, "needs BLIND, NJUDGE_BLIND or"),
    (r#""viewer": "France", "visibility": ["MYOPIC"]}"#, "'MYOPIC' modifies BLIND"),
    (r#""viewer": "France", "visibility": ["NJUDGE_BLIND", "GREEK"]}"#, "'GREEK' modifies BLIND"),
    (r#""viewer": "France", "visibility": ["BLIND", "NJUDGE_BLIND"]}"#, "two ways"),
    (r#""viewer": "France", "visibility": "BLIND"}"#, "invalid type"),
  ];
  for (rest, says) in cases {
    assert_rejected(&format!("{phase}{rest}"), says);
  }
  assert_rejected(&format!("{phase}\"visibility\": [\"X\"], \"viewer\": \"France\"}}"), "MYOPIC");
}

#[test]
fn without_a_viewer_the_answer_is_the_full_one() {
  let full = adjudicate(&format!("{BLIND_SPRING}}}"));
  let result = one_result(&full);
  assert!(result.get("viewer").is_none() && result.get("glimpses").is_none(), "{result}");
  assert_eq!(result["orders"].as_array().map(Vec::len), Some(7));
  assert_eq!(
    powers_named(&result),
    ["England", "France", "Germany", "Italy"].map(String::from).into_iter().collect()
  );
  // Asking for one power's view does not change the full answer's
  // adjudication of its own units.
  let seen = blind_spring("Germany", r#"["BLIND", "MYOPIC"]"#);
  assert_eq!(seen["units"]["Germany"], result["units"]["Germany"]);
  assert_eq!(powers_named(&seen), BTreeSet::from(["Germany".to_string()]), "{seen}");
}

#[test]
fn transformation_rules_change_a_units_type() {
  let orders = r#""units": {"France": ["F Bre", "A Spa"], "Germany": ["A Pic"]},
    "orders": {"France": ["F Brest transforms to Army", "Spain trafo F (sc)"],
               "Germany": ["A Pic - Bre"]}"#;
  // Off by default: the orders are refused, and nothing changes.
  let result = one_result(&adjudicate(&format!(r#"{{"phase": "S1901M", {orders}}}"#)));
  assert_eq!(result["orders"][0]["result"], "invalid", "{result}");
  assert!(result["orders"][0]["error"].as_str().is_some_and(|e| e.contains("no transformations")));
  // Anywhere in movement phases: Brest is attacked, so it stays a fleet
  // unless ATTACK_TRANSFORM; Spain becomes a fleet on its south coast.
  for (rules, brest, result_word) in [
    (r#"["TRANSFORM_MOVE_ANYWHERE"]"#, "F Bre", "attacked"),
    (r#"["TRANSFORM MOVE:ANYWHERE", "ATTACK_TRANSFORM"]"#, "A Bre", "ok"),
  ] {
    let input = format!(r#"{{"phase": "S1901M", "rules": {rules}, {orders}}}"#);
    let result = one_result(&adjudicate(&input));
    assert_eq!(result["orders"][0]["result"], result_word, "{result}");
    let france = strings(&result["units"]["France"]);
    assert_eq!(france, BTreeSet::from([brest.to_string(), "F Spa/sc".to_string()]), "{result}");
  }
  assert_rejected(r#"{"phase": "S1901M", "rules": ["TRANSFORM_MOVE_EVERYWHERE"]}"#, "EVERYWHERE");
}

#[test]
fn under_duality_a_fleet_in_constantinople_convoys() {
  let input = |rules: &str| {
    format!(
      r#"{{"phase": "S1901M", "rules": {rules},
      "units": {{"Turkey": ["F Con", "A Bul"]}},
      "orders": {{"Turkey": ["F Con C A Bul - Ank", "A Bul - Ank"]}}}}"#
    )
  };
  // An ordinary coast: no convoy can take the army there, and it stays.
  let plain = one_result(&adjudicate(&input("[]")));
  assert_eq!(plain["orders"][1]["result"], "invalid", "{plain}");
  assert!(strings(&plain["units"]["Turkey"]).contains("A Bul"), "{plain}");
  // Land and water at once: the army crosses by Constantinople.
  let dual = one_result(&adjudicate(&input(r#"["DUALITY"]"#)));
  assert_eq!(dual["orders"][0]["result"], "ok", "{dual}");
  assert_eq!(dual["orders"][1]["result"], "ok", "{dual}");
  assert!(strings(&dual["units"]["Turkey"]).contains("A Ank"), "{dual}");
  let off = one_result(&adjudicate(&input(r#"["DUALITY", "NO_DUALITY"]"#)));
  assert_eq!(off["orders"][1]["result"], "invalid", "the last named counts: {off}");
}

#[test]
fn wings_fly_over_the_sea_and_are_given_as_w() {
  let input = r#"{"phase": "S1901M", "rules": ["WINGS"],
    "units": {"Italy": ["W Tri", "A Ven"]},
    "orders": {"Italy": ["W Tri - Adr", "A Ven S W Tri - Tyr"]}}"#;
  let result = one_result(&adjudicate(input));
  assert_eq!(result["orders"][0]["result"], "ok", "{result}");
  assert_eq!(result["orders"][0]["text"], "Wing Trieste -> Adriatic Sea.", "{result}");
  assert_eq!(result["orders"][1]["result"], "void", "the wing went elsewhere: {result}");
  assert_eq!(strings(&result["units"]["Italy"]), BTreeSet::from(["W Adr".into(), "A Ven".into()]));
}

#[test]
fn signal_support_is_taken_and_void() {
  let input = |rules: &str| {
    format!(
      r#"{{"phase": "S1901M", "rules": {rules},
      "units": {{"Germany": ["A Mun", "A Ukr"], "Russia": ["A Sev"]}},
      "orders": {{"Germany": ["A Mun S A Ukr - Sev", "A Ukr - Sev"]}}}}"#
    )
  };
  let plain = one_result(&adjudicate(&input("[]")));
  assert_eq!(plain["orders"][0]["result"], "invalid", "{plain}");
  let signals = one_result(&adjudicate(&input(r#"["SIGNAL_SUPPORT"]"#)));
  assert_eq!(signals["orders"][0]["result"], "void", "{signals}");
  assert_eq!(signals["orders"][1]["result"], "bounce", "one against one: {signals}");
  assert!(strings(&signals["units"]["Russia"]).contains("A Sev"), "{signals}");
}

#[test]
fn under_no_check_a_unit_given_different_orders_holds() {
  let input = |rules: &str| {
    format!(
      r#"{{"phase": "S1901M", "rules": {rules},
      "units": {{"France": ["A Par", "A Mar"]}},
      "orders": {{"France": ["A Par - Bur", "A Par - Pic", "A Mar - Spa", "A Mar - Spa"]}}}}"#
    )
  };
  // By default the last order for a unit replaces the earlier one.
  let plain = one_result(&adjudicate(&input("[]")));
  assert_eq!(plain["orders"][0]["result"], "invalid", "{plain}");
  assert!(strings(&plain["units"]["France"]).contains("A Pic"), "{plain}");
  let unchecked = one_result(&adjudicate(&input(r#"["NO_CHECK"]"#)));
  assert_eq!(unchecked["orders"][0]["result"], "reorder", "{unchecked}");
  assert_eq!(unchecked["orders"][1]["result"], "reorder", "{unchecked}");
  let france = strings(&unchecked["units"]["France"]);
  assert!(
    france.contains("A Par") && france.contains("A Spa"),
    "the same order twice is one: {unchecked}"
  );
}

#[test]
fn under_portage_convoy_an_army_carries_a_fleet_overland() {
  let input = |rules: &str, german: &str| {
    format!(
      r#"{{"phase": "S1901M", "rules": {rules},
      "units": {{"England": ["F Lon", "A Wal"], "Germany": ["A Yor", "F Eng"]}},
      "orders": {{"England": ["F Lon-Wal-Lvp", "A Wal C F Lon-Lvp"], "Germany": {german}}}}}"#
    )
  };
  let result = one_result(&adjudicate(&input(r#"["PORTAGE_CONVOY"]"#, "[]")));
  assert_eq!(result["orders"][0]["text"], "Fleet London -> Wales -> Liverpool.", "{result}");
  assert_eq!(result["orders"][0]["result"], "ok", "{result}");
  assert_eq!(result["orders"][1]["text"], "Army Wales CONVOY Fleet London -> Liverpool.");
  assert_eq!(
    strings(&result["units"]["England"]),
    BTreeSet::from(["F Lvp".into(), "A Wal".into()])
  );
  // The carrier dislodged: the portage is disrupted and the fleet stays.
  let attacked = input(r#"["PORTAGE"]"#, r#"["A Yor-Wal", "F Eng S A Yor-Wal"]"#);
  let result = one_result(&adjudicate(&attacked));
  assert_eq!(result["orders"][0]["result"], "disrupted", "{result}");
  assert!(strings(&result["units"]["England"]).contains("F Lon"), "{result}");
  // Without the rule both orders are invalid, and say why.
  let result = one_result(&adjudicate(&input("[]", "[]")));
  for i in 0..2 {
    assert_eq!(result["orders"][i]["result"], "invalid", "{result}");
    let error = result["orders"][i]["error"].as_str().unwrap_or_default();
    assert!(error.contains("PORTAGE_CONVOY"), "{result}");
  }
  assert!(strings(&result["units"]["England"]).contains("F Lon"), "{result}");
}

#[test]
fn under_proxy_ok_a_unit_handed_to_another_power_moves_by_its_order() {
  let input = |rules: &str| {
    format!(
      r#"{{"phase": "S1901M", "rules": {rules},
      "units": {{"France": ["A Par", "A Mar"], "Germany": ["A Mun"]}},
      "orders": {{"France": ["A Par P Germany", "A Mar P Germany"],
                  "Germany": ["A Par - Bur", "A Mun H"]}}}}"#
    )
  };
  let proxied = one_result(&adjudicate(&input(r#"["PROXY_OK"]"#)));
  assert_eq!(proxied["orders"][0]["result"], "ok", "{proxied}");
  assert_eq!(proxied["orders"][2]["text"], "Army Paris -> Burgundy.", "{proxied}");
  // Paris moves by Germany's order; Marseilles, given none, holds.
  let france = strings(&proxied["units"]["France"]);
  assert_eq!(france, BTreeSet::from(["A Bur".to_string(), "A Mar".to_string()]), "{proxied}");
  for rules in ["[]", r#"["PROXY_OK", "NO_PROXY"]"#] {
    let plain = one_result(&adjudicate(&input(rules)));
    assert_eq!(plain["orders"][0]["result"], "invalid", "{plain}");
    let error = plain["orders"][0]["error"].as_str().unwrap_or_default();
    assert!(error.contains("PROXY_OK"), "{plain}");
    assert_eq!(plain["orders"][2]["result"], "invalid", "not Germany's unit: {plain}");
    assert!(strings(&plain["units"]["France"]).contains("A Par"), "{plain}");
  }
}

#[test]
fn a_rule_for_a_map_feature_no_map_has_is_refused_with_the_reason() {
  assert_rejected(r#"{"phase": "S1901M", "rules": ["NO_RESERVES"]}"#, "turns off a map's reserves");
}
