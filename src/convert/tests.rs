//! Small inline maps, one directive at a time.

use super::{convert_text, convert_with, ConvertError};

/// Five places and three powers: ALP and DEL share an army-only border
/// (lowercase), DEL and EPS a convoy-only one (Title case).
const BASE: &str = "\
# a comment
Alpha = alp
Beta = bet
Gamma Sea = gam gamma
Delta = del
Epsilon = eps
ONE (ONISH) ALP
A ALP
TWO (TWOISH:W) BET
F BET
THREE DEL
UNOWNED EPS
COAST ALP ABUTS BET GAM del
COAST BET ABUTS ALP GAM
WATER GAM ABUTS ALP BET DEL EPS
COAST DEL ABUTS GAM alp Eps
COAST EPS ABUTS GAM Del
";

fn convert(extra: &str) -> Result<toml::Value, ConvertError> {
  let text = format!("{BASE}{extra}");
  let out = convert_text("mini.map", &text)?;
  toml::from_str(&out).map_err(|e| ConvertError::File { file: "out".into(), what: e.to_string() })
}

fn province<'a>(map: &'a toml::Value, abbr: &str) -> Option<&'a toml::Value> {
  map["province"].as_array()?.iter().find(|p| p["abbr"].as_str() == Some(abbr))
}

fn names(v: Option<&toml::Value>) -> Vec<String> {
  v.and_then(|v| v.as_array())
    .map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect())
    .unwrap_or_default()
}

#[test]
fn lowercase_and_title_case_entries() {
  let map = convert("").expect("converts");
  let alp = province(&map, "Alp").expect("Alp");
  assert_eq!(names(alp.get("army")), ["Bet", "Del"]);
  assert_eq!(names(alp.get("fleet")), ["Bet", "Gam"]);
  let del = province(&map, "Del").expect("Del");
  assert_eq!(names(del.get("army")), ["Alp"]);
  assert_eq!(names(del.get("fleet")), ["Eps", "Gam"]);
  let eps = province(&map, "Eps").expect("Eps");
  assert!(eps.get("army").is_none());
  assert_eq!(eps["supply_center"].as_bool(), Some(true));
  assert_eq!(map["victory_centers"].as_integer(), Some(3));
  assert_eq!(map["first_phase"].as_str(), Some("S1901M"));
  let powers = map["power"].as_array().expect("powers");
  let order: Vec<_> = powers.iter().filter_map(|p| p["name"].as_str()).collect();
  assert_eq!(order, ["One", "Three", "Two"]);
  assert_eq!(powers[2]["initial"].as_str(), Some("W"));
  assert_eq!(powers[2]["units"].as_array().map(Vec::len), Some(1));
}

#[test]
fn drop_forgets_the_place_and_its_borders() {
  let map = convert("DROP EPS\n").expect("converts");
  assert!(province(&map, "Eps").is_none());
  assert_eq!(names(province(&map, "Gam").and_then(|p| p.get("fleet"))), ["Alp", "Bet", "Del"]);
  assert_eq!(names(province(&map, "Del").and_then(|p| p.get("fleet"))), ["Gam"]);
}

#[test]
fn amend_removes_a_border() {
  let map = convert("AMEND ALP ABUTS -BET\nAMEND BET ABUTS -ALP\n").expect("converts");
  assert_eq!(names(province(&map, "Alp").and_then(|p| p.get("army"))), ["Del"]);
  assert!(province(&map, "Bet").and_then(|p| p.get("army")).is_none());
  assert_eq!(province(&map, "Bet").and_then(|p| p["terrain"].as_str()), Some("coast"));
}

#[test]
fn unplayed_removes_the_power() {
  let map = convert("UNPLAYED TWO\n").expect("converts");
  let powers = map["power"].as_array().expect("powers");
  assert_eq!(powers.len(), 2);
  assert!(powers.iter().all(|p| p["name"].as_str() != Some("Two")));
  // Its home stops being a centre; its unit goes.
  assert!(province(&map, "Bet").and_then(|p| p.get("supply_center")).is_none());
  assert_eq!(map["victory_centers"].as_integer(), Some(2));
}

#[test]
fn a_one_way_border_is_refused_with_its_line() {
  let err = convert("AMEND BET ABUTS -ALP\n").expect_err("refused");
  let text = err.to_string();
  assert!(text.starts_with("mini.map:13: one-way army border Alp -> Bet"), "{text}");
}

#[test]
fn flow_makes_a_calendar() {
  let extra = "FLOW NEWYEAR:-1\nFLOW B.C.:MOVEMENT,RETREATS\nFLOW IFYEARDIV:2\nFLOW B.C.:ADJUSTMENTS\nBEGIN B.C. 273 MOVEMENT\n";
  let map = convert(extra).expect("converts");
  assert_eq!(map["first_phase"].as_str(), Some("B273M"));
  let cal = &map["calendar"];
  assert_eq!(cal["year_step"].as_integer(), Some(-1));
  let seasons = cal["season"].as_array().expect("seasons");
  assert_eq!(seasons.len(), 2);
  assert_eq!(seasons[0]["name"].as_str(), Some("B.C."));
  assert_eq!(seasons[0]["id"].as_str(), Some("B"));
  assert_eq!(names(seasons[0].get("phases")), ["movement", "retreats"]);
  assert!(seasons[0].get("when_year_mod").is_none());
  assert_eq!(names(seasons[1].get("phases")), ["adjustments"]);
  let when: Vec<_> = seasons[1]["when_year_mod"]
    .as_array()
    .expect("mod")
    .iter()
    .filter_map(toml::Value::as_integer)
    .collect();
  assert_eq!(when, [2, 0]);
}

#[test]
fn begin_in_winter_is_an_adjustment_phase() {
  let map = convert("BEGIN WINTER 1900 ADJUSTMENTS\n").expect("converts");
  assert_eq!(map["first_phase"].as_str(), Some("W1900B"));
  assert!(map.get("calendar").is_none());
}

#[test]
fn use_reads_the_other_file() {
  let mut loader = |name: &str| -> Result<(String, String), String> {
    match name {
      "top.map" => Ok((name.into(), "USE base\nRULE BUILD_ANY\nRULE FOO\nRULE !FOO\n".into())),
      "base.map" => Ok((name.into(), BASE.into())),
      _ => Err("missing".into()),
    }
  };
  let out = convert_with("top.map", &mut loader).expect("converts");
  let map: toml::Value = toml::from_str(&out).expect("toml");
  assert_eq!(names(map.get("rules")), ["BUILD_ANY"]);
  assert_eq!(map["source"].as_str(), Some("DPjudge maps/top.map"));
}

#[test]
fn unexpressible_directives_are_refused() {
  let err = convert("ONE\nRESERVES 2\n").expect_err("refused");
  assert!(err.to_string().starts_with("mini.map:19: RESERVES"), "{err}");
  let err = convert("AMEND ALP ABUTS R:GAM\n").expect_err("refused");
  assert!(err.to_string().contains("power-restricted"), "{err}");
}

#[test]
fn shut_spaces_lose_their_borders_unless_opened() {
  let closed = convert("SHUT EPS\n").expect("converts");
  let eps = province(&closed, "Eps").expect("Eps");
  assert_eq!(eps["terrain"].as_str(), Some("impassable"));
  assert!(eps.get("fleet").is_none());
  assert_eq!(names(province(&closed, "Gam").and_then(|p| p.get("fleet"))), ["Alp", "Bet", "Del"]);
  let open = convert("SHUT EPS\nIN SPRING: COAST EPS\n").expect("converts");
  assert_eq!(names(province(&open, "Eps").and_then(|p| p.get("fleet"))), ["Del", "Gam"]);
  let during = &open["during"].as_array().expect("during")[0];
  assert_eq!(during["phase"].as_str(), Some("Spring"));
  assert_eq!(during["terrain"]["Eps"].as_str(), Some("coast"));
}

#[test]
fn power_names_and_aliases() {
  let map = convert("U+S+A (Yankee:Y)\nDelta = del gam d+elta tri? bet alp/nc gamma delta\n")
    .expect("converts");
  let powers = map["power"].as_array().expect("powers");
  assert_eq!(powers[3]["name"].as_str(), Some("USA"));
  assert_eq!(powers[3]["adjective"].as_str(), Some("Yankee"));
  assert_eq!(powers[3]["initial"].as_str(), Some("Y"));
  let gam = province(&map, "Gam").expect("Gam");
  assert_eq!(names(gam.get("aliases")), ["gamma"]);
  let del = province(&map, "Del").expect("Del");
  assert_eq!(names(del.get("aliases")), ["d elta"]);
}
