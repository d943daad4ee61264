//! Embeds every map in `maps/` in the binary: adding a variant is adding
//! its file, with no table to edit by hand.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
  println!("cargo:rerun-if-changed=maps");
  let mut keys: Vec<String> = match fs::read_dir("maps") {
    Ok(entries) => entries
      .filter_map(Result::ok)
      .filter_map(|e| e.file_name().into_string().ok())
      .filter_map(|name| name.strip_suffix(".toml").map(str::to_string))
      .collect(),
    Err(e) => panic!("cannot read maps/: {e}"),
  };
  // Standard first, the rest by key: the order `SIGN ON ?` lists them.
  keys.sort_by_key(|k| (k != "standard", k.clone()));
  let root = env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
  let mut out = String::from("pub(super) const MAPS: &[(&str, &str)] = &[\n");
  for key in &keys {
    let path = Path::new(&root).join("maps").join(format!("{key}.toml"));
    println!("cargo:rerun-if-changed={}", path.display());
    let _ = writeln!(out, "  ({key:?}, include_str!({:?})),", path.display().to_string());
  }
  out.push_str("];\n");
  let dest = Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("maps.rs");
  if let Err(e) = fs::write(&dest, out) {
    panic!("cannot write {}: {e}", dest.display());
  }
}
