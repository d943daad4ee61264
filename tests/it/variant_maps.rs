//! Every built-in variant's map loads, and the registry finds each by its
//! key, display name and aliases.

use judge::map::Map;

#[test]
fn every_built_in_map_loads() {
  let mut failures = Vec::new();
  for info in Map::variants() {
    if let Err(e) = info.map() {
      failures.push(format!("{}: {e}", info.key));
    }
  }
  assert!(failures.is_empty(), "maps that do not load:\n{}", failures.join("\n"));
}

/// The table of `docs/variants.md`: every built-in variant, its players,
/// centres, first phase, source, and whether this judge plays it (or why
/// CREATE refuses it), made from the maps themselves.
fn variants_table() -> String {
  let mut table = String::from(
    "| variant | name | players | centres to win | first phase | source | status |\n\
     | --- | --- | --- | --- | --- | --- | --- |\n",
  );
  for info in Map::variants() {
    let map = info.map().expect("every built-in map loads");
    let missing = map.unplayable_features();
    let status = if missing.is_empty() {
      "played".to_string()
    } else {
      format!("refused at CREATE: needs {}", missing.join(", "))
    };
    let dummies = map.powers().len() - map.playable_powers().count();
    let players = match dummies {
      0 => map.powers().len().to_string(),
      n => format!("{} (+{n} nobody plays)", map.playable_powers().count()),
    };
    table.push_str(&format!(
      "| `{}` | {} | {players} | {} of {} | {} | {} | {status} |\n",
      info.key,
      map.name(),
      map.victory_centers(),
      map.supply_centers().count(),
      map.season_and_year(map.first()).replace(" of ", " "),
      map.source(),
    ));
  }
  table
}

/// docs/variants.md lists every variant with its source and status, as
/// the maps and the engine have them now; `JUDGE_BLESS=1` rewrites the
/// table after a change.
#[test]
fn the_variants_document_lists_every_variant_as_the_engine_plays_it() {
  let path = "docs/variants.md";
  let doc = std::fs::read_to_string(path).expect("docs/variants.md");
  let (start, end) = ("<!-- variants table: start -->\n", "<!-- variants table: end -->");
  let from = doc.find(start).expect("the table's start mark") + start.len();
  let to = doc.find(end).expect("the table's end mark");
  let table = variants_table();
  if std::env::var_os("JUDGE_BLESS").is_some() {
    let updated = format!("{}{table}{}", &doc[..from], &doc[to..]);
    std::fs::write(path, updated).expect("docs/variants.md written");
    return;
  }
  assert_eq!(&doc[from..to], table, "docs/variants.md is out of date: run with JUDGE_BLESS=1");
  // Every refused variant is also explained in the text around the table.
  for info in Map::variants() {
    let map = info.map().expect("loads");
    if !map.unplayable_features().is_empty() {
      assert!(doc[to..].contains(&format!("`{}`", info.key)), "{} not explained", info.key);
    }
  }
}

#[test]
fn variants_answer_to_their_key_display_name_and_aliases_in_any_case() {
  let key_of = |name: &str| Map::variant_info(name).map(|v| v.key);
  assert_eq!(key_of("ancmed"), Some("ancmed"));
  assert_eq!(key_of("AncMed"), Some("ancmed"));
  assert_eq!(key_of("Ancient_Mediterranean"), Some("ancmed"));
  assert_eq!(key_of("Fleet_Rome"), Some("fleetrome"));
  assert_eq!(key_of("fleet rome"), Some("fleetrome"));
  assert_eq!(key_of("FLEETROME"), Some("fleetrome"));
  assert_eq!(key_of("FvA"), Some("france-austria"));
  assert_eq!(key_of("France-Austria"), Some("france-austria"));
  assert_eq!(key_of("GvI"), Some("germany-italy"));
  assert_eq!(key_of("chaos"), Some("chaos"));
  assert_eq!(key_of("Gunboat"), None, "an option word is not a variant");
  assert_eq!(key_of("atlantis"), None);
  let map = Map::builtin("Fleet_Rome").expect("fleet rome loads");
  assert_eq!((map.key(), map.name()), ("fleetrome", "Fleet Rome"));
}

#[test]
fn every_map_has_a_names_entry_and_no_name_is_shared() {
  let text = std::fs::read_to_string("data/variants/names.toml").expect("names file");
  let table: toml::Table = toml::from_str(&text).expect("names file is TOML");
  let keys: Vec<&str> = Map::builtin_names().collect();
  for key in &keys {
    assert!(table.contains_key(*key), "data/variants/names.toml has no entry for {key}");
  }
  for key in table.keys() {
    assert!(keys.contains(&key.as_str()), "names.toml names {key}, which has no map file");
  }
  let mut seen = std::collections::HashMap::new();
  for info in Map::variants() {
    let fold = |s: &str| s.to_lowercase().replace([' ', '_', '-', '.'], "");
    for name in std::iter::once(info.key.to_string())
      .chain(std::iter::once(info.display.clone()))
      .chain(info.aliases.iter().cloned())
    {
      if let Some(other) = seen.insert(fold(&name), info.key) {
        assert_eq!(other, info.key, "'{name}' names both {other} and {}", info.key);
      }
    }
  }
}

/// France-Austria and Germany-Italy are the standard board with two
/// powers: same provinces and centres, the two powers as in the standard
/// game, and every other home centre neutral and empty.
#[test]
fn the_two_player_variants_are_the_standard_board_with_two_powers() {
  let standard = Map::standard().expect("standard");
  for (key, powers) in
    [("france-austria", ["Austria", "France"]), ("germany-italy", ["Germany", "Italy"])]
  {
    let map = Map::builtin(key).expect("loads");
    assert_eq!(map.provinces().len(), standard.provinces().len());
    for (a, b) in map.provinces().iter().zip(standard.provinces()) {
      assert_eq!((&a.abbr, a.terrain, a.supply_center), (&b.abbr, b.terrain, b.supply_center));
    }
    let names: Vec<&str> = map.powers().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, powers);
    assert_eq!(map.victory_centers(), 18);
    assert_eq!(map.starting_units().len(), 6);
    let owned: usize = map.powers().iter().map(|p| p.owns.len()).sum();
    assert_eq!(owned, 6, "{key}: only the two powers' homes are owned");
    assert!(map.unplayable_features().is_empty());
  }
}
