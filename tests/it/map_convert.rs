//! `judge convert-map`: the committed `maps/*.toml` are what converting the
//! DPjudge's maps gives, and the converted standard map is the board of the
//! hand-written `maps/standard.toml`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use judge::convert::convert_file;

/// The DPjudge snapshot's maps, next to the project (`../shared/dpjudge/maps`).
fn dpjudge_maps() -> Option<PathBuf> {
  let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/dpjudge/maps");
  dir.is_dir().then_some(dir)
}

fn map_files(dir: &Path) -> Vec<PathBuf> {
  let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
    .expect("read the maps")
    .filter_map(|e| e.ok().map(|e| e.path()))
    .filter(|p| p.extension().is_some_and(|x| x == "map"))
    .collect();
  files.sort();
  files
}

#[test]
fn converting_again_gives_the_committed_files() {
  let Some(dir) = dpjudge_maps() else {
    eprintln!("no DPjudge maps next to the project; nothing to compare");
    return;
  };
  let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
  let mut checked = 0;
  for file in map_files(&dir) {
    let stem = file.file_stem().and_then(|s| s.to_str()).expect("a file name").to_string();
    if stem == "standard" {
      continue;
    }
    let committed = ours.join(format!("{stem}.toml"));
    match convert_file(&file) {
      Ok(text) => {
        let want = std::fs::read_to_string(&committed)
          .unwrap_or_else(|e| panic!("{}: {e}", committed.display()));
        assert!(text == want, "maps/{stem}.toml differs from converting {}", file.display());
        checked += 1;
      }
      Err(error) => {
        assert!(!committed.exists(), "{stem} is refused ({error}) but maps/{stem}.toml exists")
      }
    }
  }
  assert!(checked > 30, "only {checked} maps converted");
}

/// The board a map file describes, in comparable form.
#[derive(Debug, PartialEq)]
struct Board {
  /// abbr (lower case) → (terrain, supply centre)
  provinces: BTreeMap<String, (String, bool)>,
  /// (from, to), lower case; fleet locations carry their coast.
  army: BTreeSet<(String, String)>,
  fleet: BTreeSet<(String, String)>,
  /// name → (initial, homes, units)
  powers: BTreeMap<String, (String, BTreeSet<String>, BTreeSet<String>)>,
}

fn strings(v: Option<&toml::Value>) -> Vec<String> {
  v.and_then(toml::Value::as_array)
    .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_lowercase)).collect())
    .unwrap_or_default()
}

fn board(text: &str) -> Board {
  let map: toml::Value = toml::from_str(text).expect("valid TOML");
  let mut b = Board {
    provinces: BTreeMap::new(),
    army: BTreeSet::new(),
    fleet: BTreeSet::new(),
    powers: BTreeMap::new(),
  };
  for p in map["province"].as_array().expect("provinces") {
    let abbr = p["abbr"].as_str().expect("abbr").to_lowercase();
    let terrain = p["terrain"].as_str().expect("terrain").to_string();
    let sc = p.get("supply_center").and_then(toml::Value::as_bool).unwrap_or(false);
    b.provinces.insert(abbr.clone(), (terrain, sc));
    for to in strings(p.get("army")) {
      b.army.insert((abbr.clone(), to));
    }
    for to in strings(p.get("fleet")) {
      b.fleet.insert((abbr.clone(), to));
    }
    if let Some(coasts) = p.get("coasts").and_then(toml::Value::as_table) {
      for (coast, list) in coasts {
        for to in strings(Some(list)) {
          b.fleet.insert((format!("{abbr}/{coast}"), to));
        }
      }
    }
  }
  for p in map["power"].as_array().expect("powers") {
    let name = p["name"].as_str().expect("name").to_string();
    let initial = p["initial"].as_str().expect("initial").to_string();
    let homes = strings(p.get("home")).into_iter().collect();
    let units = strings(p.get("units")).into_iter().collect();
    b.powers.insert(name, (initial, homes, units));
  }
  b
}

#[test]
fn the_converted_standard_map_is_the_hand_written_board() {
  let Some(dir) = dpjudge_maps() else {
    eprintln!("no DPjudge maps next to the project; nothing to compare");
    return;
  };
  let converted = convert_file(&dir.join("standard.map")).expect("standard converts");
  let hand =
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/standard.toml"))
      .expect("maps/standard.toml");
  let (ours, theirs) = (board(&converted), board(&hand));
  assert_eq!(ours.provinces, theirs.provinces);
  assert_eq!(ours.army, theirs.army);
  assert_eq!(ours.fleet, theirs.fleet);
  assert_eq!(ours.powers, theirs.powers);
  assert_eq!(ours.provinces.len(), 76);
}

#[test]
fn the_command_writes_toml_or_names_the_line() {
  let judge = env!("CARGO_BIN_EXE_judge");
  let dir = tempfile::tempdir().expect("a temporary directory");
  let good = dir.path().join("mini.map");
  std::fs::write(
    &good,
    "Alpha = alp\nBeta = bet\nUSE powers\nLAND ALP ABUTS BET\nLAND BET ABUTS ALP\n",
  )
  .expect("write");
  std::fs::write(dir.path().join("powers.map"), "ONE ALP\nA ALP\nTWO BET\n").expect("write");
  let out = Command::new(judge).arg("convert-map").arg(&good).output().expect("run judge");
  assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
  let text = String::from_utf8(out.stdout).expect("UTF-8");
  assert!(text.contains("name = \"Mini\""), "{text}");
  assert!(text.contains("units = [\"A Alp\"]"), "{text}");

  let bad = dir.path().join("bad.map");
  std::fs::write(&bad, "Alpha = alp\nBeta = bet\nONE ALP\nTWO BET\nLAND ALP ABUTS BET\nLAND BET\n")
    .expect("write");
  let out = Command::new(judge).arg("convert-map").arg(&bad).output().expect("run judge");
  assert_eq!(out.status.code(), Some(2));
  assert!(out.stdout.is_empty());
  let err = String::from_utf8(out.stderr).expect("UTF-8");
  assert_eq!(err, format!("judge: {}:5: one-way army border Alp -> Bet\n", bad.display()));
}
