//! Embeds every map in `maps/` in the binary, with its description from
//! `data/variants/`: adding a variant is adding its files, with no table to
//! edit by hand.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
  link_relocations_packed();
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
  let out_dir = env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
  // Each map's TOML (what `VariantInfo::text` gives) and the same data as
  // JSON, which the judge reads at every start instead (see `as_json`).
  let mut out = String::from("pub(super) const MAPS: &[(&str, &str, &str)] = &[\n");
  for key in &keys {
    let path = Path::new(&root).join("maps").join(format!("{key}.toml"));
    println!("cargo:rerun-if-changed={}", path.display());
    let json = Path::new(&out_dir).join(format!("map-{key}.json"));
    write(&json, &as_json(&read(&path)));
    let _ = writeln!(
      out,
      "  ({key:?}, include_str!({:?}), include_str!({:?})),",
      path.display().to_string(),
      json.display().to_string()
    );
  }
  out.push_str("];\n");
  write(&Path::new(&out_dir).join("maps.rs"), &out);

  // The variants' names (data/variants/names.toml), as JSON likewise.
  let names = Path::new(&root).join("data").join("variants").join("names.toml");
  println!("cargo:rerun-if-changed={}", names.display());
  let names = read(&names);
  write(&Path::new(&out_dir).join("names.json"), &as_json(&names));
  // And each map's display name beside it, in the order of `MAPS`: loading
  // a map names it without reading every variant's names and aliases.
  let names = toml::from_str::<toml::Table>(&names).unwrap_or_default();
  let mut display = String::from("&[\n");
  for key in &keys {
    let name = names.get(key).and_then(|entry| entry.get("display")).and_then(|d| d.as_str());
    let _ = writeln!(display, "  {:?},", name.unwrap_or(key.as_str()));
  }
  display.push_str("]\n");
  write(&Path::new(&out_dir).join("display.rs"), &display);

  // Each variant's description for GET info.<variant>, by the same keys.
  println!("cargo:rerun-if-changed=data/variants");
  let mut about = String::from("pub(crate) const ABOUT: &[(&str, &str)] = &[\n");
  for key in &keys {
    let path = Path::new(&root).join("data").join("variants").join(format!("{key}.txt"));
    if path.exists() {
      println!("cargo:rerun-if-changed={}", path.display());
      let _ = writeln!(about, "  ({key:?}, include_str!({:?})),", path.display().to_string());
    }
  }
  about.push_str("];\n");
  write(&Path::new(&out_dir).join("about.rs"), &about);

  // Each board's geometry (maps/boards/<name>.toml), for drawing.
  println!("cargo:rerun-if-changed=maps/boards");
  let mut boards: Vec<String> = fs::read_dir("maps/boards")
    .map(|entries| {
      entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".toml").map(str::to_string))
        .collect()
    })
    .unwrap_or_default();
  boards.sort();
  let mut out = String::from("pub(super) const BOARDS: &[(&str, &str)] = &[\n");
  for key in &boards {
    let path = Path::new(&root).join("maps").join("boards").join(format!("{key}.toml"));
    println!("cargo:rerun-if-changed={}", path.display());
    let _ = writeln!(out, "  ({key:?}, include_str!({:?})),", path.display().to_string());
  }
  out.push_str("];\n");
  write(&Path::new(&out_dir).join("boards.rs"), &out);
}

/// The binary stays position-independent (address randomisation), but its
/// tens of thousands of relative relocations (every pointer in a static
/// table, vtable and string list) are packed (DT_RELR) instead of 24 bytes
/// each: the loader reads a few kilobytes instead of about 1.5 MB at every
/// start, which a new process per message pays (docs/performance.md). It
/// needs GNU ld 2.38 or lld 15 to link, and glibc 2.36 to run; set
/// `JUDGE_PLAIN_RELOCATIONS=1` to build for an older system.
fn link_relocations_packed() {
  println!("cargo:rerun-if-env-changed=JUDGE_PLAIN_RELOCATIONS");
  let linux_gnu = env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux")
    && env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|e| e == "gnu");
  if linux_gnu && env::var_os("JUDGE_PLAIN_RELOCATIONS").is_none() {
    println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
  }
}

/// A TOML file's data as JSON, for reading with serde_json at run time:
/// parsing the standard map's TOML was about 4 million instructions at
/// every order mail, most of what the mail cost beyond the password check
/// (docs/performance.md). Tables, arrays, strings, integers and booleans
/// map one to one, so the judge's structs deserialize alike from either.
/// A file that is not valid TOML gives the empty string, for which the
/// judge parses the TOML itself and reports the error as before.
fn as_json(toml_text: &str) -> String {
  toml::from_str::<toml::Value>(toml_text)
    .ok()
    .and_then(|value| serde_json::to_string(&value).ok())
    .unwrap_or_default()
}

fn read(path: &Path) -> String {
  match fs::read_to_string(path) {
    Ok(text) => text,
    Err(e) => panic!("cannot read {}: {e}", path.display()),
  }
}

fn write(dest: &Path, text: &str) {
  if let Err(e) = fs::write(dest, text) {
    panic!("cannot write {}: {e}", dest.display());
  }
}
