//! The standard map loads, validates, and resolves the names players type.

use judge::map::{Lookup, Map, Terrain};

fn standard() -> &'static Map {
  Map::standard().expect("the built-in standard map loads")
}

#[test]
fn standard_map_has_the_classic_board() {
  let map = standard();
  assert_eq!(map.provinces().len(), 76, "75 spaces plus impassable Switzerland");
  assert_eq!(map.supply_centers().count(), 34);
  assert_eq!(map.provinces().iter().filter(|p| p.terrain == Terrain::Sea).count(), 19);
  assert_eq!(map.powers().len(), 7);
  assert_eq!(map.starting_units().len(), 22);
  assert_eq!(map.victory_centers(), 18);
}

#[test]
fn every_alias_of_the_common_adjudicators_resolves() {
  let map = standard();
  for (typed, abbr) in [
    ("mao", "Mao"),
    ("mid", "Mao"),
    ("nao", "Nao"),
    ("nat", "Nao"),
    ("nth", "Nth"),
    ("tys", "Tys"),
    ("tyn", "Tys"),
    ("lyo", "Lyo"),
    ("gol", "Lyo"),
    ("eng", "Eng"),
    ("ech", "Eng"),
    ("nwg", "Nwg"),
    ("nrg", "Nwg"),
    ("naf", "Naf"),
    ("StP", "Stp"),
    ("St. Petersburg", "Stp"),
    ("Mid-Atlantic Ocean", "Mao"),
    ("north sea", "Nth"),
    ("Gulf of Lyon", "Lyo"),
    ("tyr", "Tyr"),
    ("Liverp", "Lvp"),
    ("nwy", "Nwy"),
  ] {
    match map.lookup(typed) {
      Lookup::Found(id) => assert_eq!(map.province(id).abbr, abbr, "{typed}"),
      other => panic!("{typed}: {other:?}"),
    }
  }
}

#[test]
fn misspelt_and_ambiguous_names_are_explained() {
  let map = standard();
  match map.lookup("URK") {
    Lookup::Unknown { suggestions, .. } => {
      assert_eq!(map.province(suggestions[0]).abbr, "Ukr");
    }
    other => panic!("{other:?}"),
  }
  match map.lookup("Nort") {
    Lookup::Ambiguous { candidates, .. } => {
      let names: Vec<_> = candidates.iter().map(|&c| map.province(c).abbr.as_str()).collect();
      assert!(names.contains(&"Nth") && names.contains(&"Nao"), "{names:?}");
    }
    other => panic!("{other:?}"),
  }
}

#[test]
fn broken_maps_are_rejected_with_the_place_named() {
  let asymmetric = r#"
name = "Tiny"
victory_centers = 1
first_phase = "S1901M"
[[province]]
abbr = "Aaa"
name = "Alpha"
terrain = "land"
army = ["Bbb"]
[[province]]
abbr = "Bbb"
name = "Beta"
terrain = "land"
"#;
  let err = Map::from_toml(asymmetric).unwrap_err().to_string();
  assert!(
    err.contains("Aaa") && err.contains("Bbb") && err.contains("does not list it back"),
    "{err}"
  );

  let unknown = asymmetric.replace("army = [\"Bbb\"]", "army = [\"Ccc\"]");
  let err = Map::from_toml(&unknown).unwrap_err().to_string();
  assert!(err.contains("unknown neighbour 'Ccc'"), "{err}");

  let coast = r#"
name = "Tiny"
victory_centers = 1
first_phase = "S1901M"
[[province]]
abbr = "Sea"
name = "Sea"
terrain = "sea"
fleet = ["Lnd/nc"]
[[province]]
abbr = "Lnd"
name = "Land"
terrain = "coast"
fleet = ["Sea"]
"#;
  let err = Map::from_toml(coast).unwrap_err().to_string();
  assert!(err.contains("single coast") && err.contains("Lnd/nc"), "{err}");
}
