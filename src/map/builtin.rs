//! The variants compiled into the binary: every file in `maps/` (embedded
//! by `build.rs`), with the names players call them by
//! (`data/variants/names.toml`). Each map is loaded the first time a game
//! or a command asks for it.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::{Map, MapError};

include!(concat!(env!("OUT_DIR"), "/maps.rs"));
/// Each map's display name, in the order of `MAPS` (made by `build.rs`
/// from the same names file): a map's load names it without reading
/// every variant's names and aliases into [`all`], which took about a
/// fifth of loading the standard map.
const DISPLAY: &[&str] = include!(concat!(env!("OUT_DIR"), "/display.rs"));

/// `data/variants/names.toml` as JSON (made by `build.rs`, empty if the
/// TOML did not parse): read at every start, and JSON is the cheaper read.
const NAMES: &str = include_str!(concat!(env!("OUT_DIR"), "/names.json"));

/// A built-in variant: its key, the name players see, and the other names
/// it answers to.
#[derive(Debug)]
pub struct VariantInfo {
  /// The file stem, stored in game files (`ancmed`).
  pub key: &'static str,
  pub display: String,
  pub aliases: Vec<String>,
  text: &'static str,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameEntry {
  display: String,
  #[serde(default)]
  aliases: Vec<String>,
}

/// Every built-in variant, standard first.
pub(super) fn all() -> &'static [VariantInfo] {
  static ALL: OnceLock<Vec<VariantInfo>> = OnceLock::new();
  ALL.get_or_init(|| {
    // The names file is part of the source: a broken one fails the tests,
    // and a variant missing from it is still listed under its own key.
    let mut names: BTreeMap<String, NameEntry> = serde_json::from_str(NAMES).unwrap_or_default();
    MAPS
      .iter()
      .map(|&(key, text, _)| {
        let entry = names.remove(key);
        VariantInfo {
          key,
          display: entry.as_ref().map_or_else(|| key.to_string(), |e| e.display.clone()),
          aliases: entry.map(|e| e.aliases).unwrap_or_default(),
          text,
        }
      })
      .collect()
  })
}

/// The keys, in listing order.
pub(super) fn keys() -> impl Iterator<Item = &'static str> {
  MAPS.iter().map(|(key, _, _)| *key)
}

/// Folds a variant name for comparison: case, blanks, `_`, `-` and `.`
/// do not count (`Fleet_Rome`, `fleet rome`, `FleetRome`).
pub fn fold(name: &str) -> String {
  name
    .chars()
    .filter(|c| !matches!(c, ' ' | '\t' | '_' | '-' | '.'))
    .map(|c| c.to_ascii_lowercase())
    .collect()
}

/// The index of the variant `name` names, if any.
fn index(name: &str) -> Option<usize> {
  let name = name.trim();
  // Keys first, compared in place: `judge adjudicate` asks once per phase.
  if let Some(i) = MAPS.iter().position(|(key, _, _)| key.eq_ignore_ascii_case(name)) {
    return Some(i);
  }
  let folded = fold(name);
  if folded.is_empty() {
    return None;
  }
  all().iter().position(|v| {
    fold(v.key) == folded
      || fold(&v.display) == folded
      || v.aliases.iter().any(|a| fold(a) == folded)
  })
}

pub(super) fn info(name: &str) -> Option<&'static VariantInfo> {
  index(name).map(|i| &all()[i])
}

pub(super) fn map(name: &str) -> Result<&'static Map, MapError> {
  static LOADED: OnceLock<Vec<OnceLock<Result<Map, MapError>>>> = OnceLock::new();
  let Some(i) = index(name) else {
    return Err(MapError::UnknownVariant {
      name: name.to_string(),
      known: keys().collect::<Vec<_>>().join(", "),
    });
  };
  let cells = LOADED.get_or_init(|| MAPS.iter().map(|_| OnceLock::new()).collect());
  let (key, text, json) = MAPS[i];
  cells[i]
    .get_or_init(|| {
      let mut map = super::file::load_builtin(json, text, None)?;
      map.key = key.to_string();
      // The registry's display name wins over the file's, so that one
      // list (data/variants/names.toml) says what players see.
      map.name = DISPLAY[i].to_string();
      Ok(map)
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// The map of `name` with its dual provinces ports (`on`) or coasts,
/// loaded once per process (see [`Map::with_duality`]).
pub(super) fn map_with_duality(name: &str, on: bool) -> Result<&'static Map, MapError> {
  /// Each map loaded without and with duality, on first use.
  type Pair = [OnceLock<Result<Map, MapError>>; 2];
  static LOADED: OnceLock<Vec<Pair>> = OnceLock::new();
  let Some(i) = index(name) else { return map(name) };
  let cells =
    LOADED.get_or_init(|| MAPS.iter().map(|_| [OnceLock::new(), OnceLock::new()]).collect());
  let (key, text, json) = MAPS[i];
  cells[i][usize::from(on)]
    .get_or_init(|| {
      let mut map = super::file::load_builtin(json, text, Some(on))?;
      map.key = key.to_string();
      map.name = DISPLAY[i].to_string();
      Ok(map)
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl VariantInfo {
  /// The variant's map, loaded on first use.
  pub fn map(&self) -> Result<&'static Map, MapError> {
    map(self.key)
  }

  /// The map file's text.
  pub fn text(&self) -> &'static str {
    self.text
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  /// The judge reads each built-in map and the names from the JSON that
  /// `build.rs` makes of their TOML: it must say exactly what the TOML says.
  #[test]
  fn the_json_of_every_builtin_map_reads_as_its_toml() {
    for &(key, text, json) in MAPS {
      assert!(!json.is_empty(), "{key}: build.rs made no JSON");
      if let Err(difference) = super::super::file::json_reads_as_toml(json, text) {
        panic!("{key}: {difference}");
      }
    }
    let from_toml: BTreeMap<String, NameEntry> =
      toml::from_str(include_str!("../../data/variants/names.toml")).unwrap_or_default();
    let from_json: BTreeMap<String, NameEntry> = serde_json::from_str(NAMES).unwrap_or_default();
    let pairs = |names: &BTreeMap<String, NameEntry>| -> Vec<(String, String, Vec<String>)> {
      names.iter().map(|(k, e)| (k.clone(), e.display.clone(), e.aliases.clone())).collect()
    };
    assert!(!from_toml.is_empty());
    assert_eq!(pairs(&from_json), pairs(&from_toml));
  }

  /// A loaded map is named as the variant list names it (the names file's
  /// display name, or the key for a variant it leaves out), with and
  /// without duality: the list and the load read the names apart.
  #[test]
  fn every_loaded_map_has_its_listed_name() {
    assert_eq!(DISPLAY.len(), MAPS.len());
    for info in all() {
      let map = map(info.key).unwrap_or_else(|e| panic!("{}: {e}", info.key));
      assert_eq!(map.name, info.display, "{}", info.key);
      for on in [false, true] {
        let map = map_with_duality(info.key, on).unwrap_or_else(|e| panic!("{}: {e}", info.key));
        assert_eq!(map.name, info.display, "{} (duality {on})", info.key);
      }
    }
    assert_eq!(map("ambition").map(|m| m.name.as_str()), Ok("Ambition & Empire"));
  }
}
