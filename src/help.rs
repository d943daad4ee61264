//! The help files players fetch with `GET name` (manual §3.2), and the
//! new-player package `GET PACKAGE` sends.
//!
//! The texts are ours, kept as plain files in `data/` and compiled into the
//! binary, so a judge needs no help directory on disk. Two files are made
//! on demand instead: `index` from the keyword table, so it cannot drift
//! from what the parser accepts, and `map` from the standard map itself.
//! Each variant has its own `info.<variant>` (its description) and
//! `map.<variant>` (drawn from its map), and each variant option its
//! `info.<option>` (manual section 9).
//!
//! A requested name is only ever compared with the fixed list below; it is
//! never used as a path, so `GET ../judge.toml` has nothing to reach.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::command::keyword;
use crate::game::variant::GameOption;
use crate::map::{Location, Lookup, Map, ProvinceId, Terrain};

include!(concat!(env!("OUT_DIR"), "/about.rs"));

/// The `info.<option>` files, by option word (and `duplex`, the manual's
/// name for a game with fewer players than powers).
const OPTION_INFO: &[(&str, &str)] = &[
  ("gunboat", include_str!("../data/options/gunboat.txt")),
  ("summer", include_str!("../data/options/summer.txt")),
  ("anycenter", include_str!("../data/options/anycenter.txt")),
  ("onecenter", include_str!("../data/options/onecenter.txt")),
  ("anydisband", include_str!("../data/options/anydisband.txt")),
  ("autodisband", include_str!("../data/options/autodisband.txt")),
  ("emptyboard", include_str!("../data/options/emptyboard.txt")),
  ("coastalconvoys", include_str!("../data/options/coastalconvoys.txt")),
  ("secret", include_str!("../data/options/secret.txt")),
  ("blind", include_str!("../data/options/blind.txt")),
  ("touch", include_str!("../data/options/touch.txt")),
  ("transform", include_str!("../data/options/transform.txt")),
  ("duality", include_str!("../data/options/duality.txt")),
  ("wings", include_str!("../data/options/wings.txt")),
  ("trafo", include_str!("../data/options/transform.txt")),
  ("duplex", include_str!("../data/options/duplex.txt")),
  ("crystalball", include_str!("../data/options/crystalball.txt")),
  ("payola", include_str!("../data/options/payola.txt")),
  ("payolaclassic", include_str!("../data/options/payolaclassic.txt")),
  ("dpjudge", include_str!("../data/options/dpjudge.txt")),
];

/// Every file `GET` can send, in the order `flist` lists them.
const NAMES: &[&str] = &["info", "guide", "form", "flist", "index", "rules", "map", "house.rules"];

/// What `GET PACKAGE` sends, in this order: the orientation first, the
/// form to fill in, then the rules to read before playing. `index` and
/// `map` are left out because they are references, not reading.
const PACKAGE: &[&str] = &["info", "guide", "form", "flist", "house.rules", "rules"];

/// The files that are written by hand.
const WRITTEN: &[(&str, &str)] = &[
  ("info", include_str!("../data/info")),
  ("guide", include_str!("../data/guide")),
  ("form", include_str!("../data/form")),
  ("flist", include_str!("../data/flist")),
  ("rules", include_str!("../data/rules")),
  ("house.rules", include_str!("../data/house.rules")),
];

/// Help files keep to this width so no mail program rewraps them.
const WIDTH: usize = 72;

/// The text of the help file `name` (any case, surrounding blanks
/// ignored), or `None` when there is no such file.
pub fn file(name: &str) -> Option<Cow<'static, str>> {
  let name = name.trim();
  if let Some(text) = variant_file(name) {
    return Some(text);
  }
  let known = NAMES.iter().copied().find(|known| known.eq_ignore_ascii_case(name))?;
  match known {
    "index" => Some(Cow::Owned(keyword::index_text())),
    // Every DPjudge rule's line comes after the rules, from the one list
    // `info.dpjudge` gives.
    "rules" => Some(Cow::Owned(format!(
      "{}\n\nThe DPjudge's rules\n-------------------\n\n{}",
      include_str!("../data/rules").trim_end(),
      include_str!("../data/options/dpjudge.txt")
    ))),
    "map" => Some(Cow::Borrowed(map_text())),
    _ => {
      WRITTEN.iter().find(|(written, _)| *written == known).map(|(_, text)| Cow::Borrowed(*text))
    }
  }
}

/// `info.<variant>`, `info.<option>` and `map.<variant>` (any spelling
/// of the variant or option the judge knows: `info.FvA`, `map.Fleet_Rome`,
/// `INFO.GUNBOAT`).
fn variant_file(name: &str) -> Option<Cow<'static, str>> {
  let (kind, what) = name.split_once('.')?;
  if kind.eq_ignore_ascii_case("info") {
    if let Some(info) = Map::variant_info(what) {
      return ABOUT.iter().find(|(key, _)| *key == info.key).map(|(_, text)| Cow::Borrowed(*text));
    }
    let option = GameOption::parse(what).map(|o| o.word().to_ascii_lowercase());
    let word = option.unwrap_or_else(|| what.to_ascii_lowercase());
    return OPTION_INFO.iter().find(|(w, _)| *w == word).map(|(_, text)| Cow::Borrowed(*text));
  }
  if kind.eq_ignore_ascii_case("map") {
    let info = Map::variant_info(what)?;
    return Some(Cow::Owned(match info.map() {
      Ok(map) => describe_map(map),
      Err(error) => unloadable(error),
    }));
  }
  None
}

/// The answer when a built-in map fails to load: only a broken build gets
/// here, and the player still gets an answer.
fn unloadable(error: impl std::fmt::Display) -> String {
  format!(
    "The map cannot be shown because it failed to load ({error}).\n\
     Please tell the judgekeeper.\n"
  )
}

/// The names of every file `GET` can send, as `flist` lists them.
pub fn names() -> &'static [&'static str] {
  NAMES
}

/// The files of the new-player package, in the order they are sent.
pub fn package() -> &'static [&'static str] {
  PACKAGE
}

/// The `map` file, built once per process from the standard map.
fn map_text() -> &'static str {
  static TEXT: OnceLock<String> = OnceLock::new();
  TEXT.get_or_init(|| match Map::standard() {
    Ok(map) => describe_map(map),
    Err(error) => unloadable(error),
  })
}

/// The other spellings of a province that `map` accepts: only those the
/// map really resolves to it, so the list never promises a name that fails.
fn aliases(map: &Map, id: ProvinceId) -> Vec<String> {
  let province = map.province(id);
  province
    .aliases
    .iter()
    .filter(|alias| {
      !alias.eq_ignore_ascii_case(&province.abbr) && !alias.eq_ignore_ascii_case(&province.name)
    })
    .filter(|alias| map.lookup(alias) == Lookup::Found(id))
    .cloned()
    .collect()
}

/// The whole `map` file: a key, the powers, the supply centres, a short
/// table of abbreviations, then one entry per province.
fn describe_map(map: &Map) -> String {
  let mut out = String::new();
  let title = format!("MAP: the {} map", map.name().to_lowercase());
  let _ = writeln!(out, "{title}\n{}\n", "=".repeat(title.len()));
  out.push_str(MAP_KEY);
  describe_powers(map, &mut out);
  describe_centers(map, &mut out);
  describe_abbreviations(map, &mut out);
  describe_provinces(map, &mut out);
  out
}

/// How to read the `map` file.
const MAP_KEY: &str = "\
Orders may name a province by its abbreviation (Stp), by its full
name (St Petersburg), or by any of the other spellings listed under
\"also\". Capitals do not matter.

Each province is one of four types:
  sea         fleets only
  coast       land by the sea: armies, and fleets along the coast
  land        inland: armies only
  impassable  no unit may enter

A fleet in a province with two coasts stands on one of them, written
as in Stp/nc (north coast) or Spa/sc (south coast), and can only sail
to the places that coast touches. \"armies\" lists where an army can
move from a province, \"fleets\" where a fleet can.

";

fn describe_powers(map: &Map, out: &mut String) {
  heading(out, "Powers");
  for id in map.power_ids() {
    let power = map.power(id);
    let _ = writeln!(out, "{} ({})", power.name, power.initial);
    let homes: Vec<String> = power
      .home_centers
      .iter()
      .map(|&id| {
        let province = map.province(id);
        format!("{} ({})", province.name, province.abbr)
      })
      .collect();
    push_wrapped(out, "  home centres    ", &homes, ", ");
    let units: Vec<String> = map
      .starting_units()
      .iter()
      .filter(|unit| unit.power == id)
      .map(|unit| format!("{} {}", unit.kind.letter(), map.location_abbr(unit.location)))
      .collect();
    push_wrapped(out, "  starting units  ", &units, ", ");
    let abbr = |id: &crate::map::ProvinceId| map.province(*id).abbr.clone();
    if !power.partisan.is_empty() {
      let mut sites: Vec<String> = power.partisan.iter().map(abbr).collect();
      sites.push("(a build and one more unit while some homes are lost)".into());
      push_wrapped(out, "  partisan sites  ", &sites, " ");
    }
    for alt in &power.alternative_homes {
      let instead: Vec<String> = alt.instead_of.iter().map(abbr).collect();
      let what = if instead.is_empty() { "any home".into() } else { instead.join(" or ") };
      push_wrapped(
        out,
        "  alternative     ",
        &[format!("{} in place of {what}", abbr(&alt.center))],
        "",
      );
    }
    if power.claim_home {
      push_wrapped(
        out,
        "  claim           ",
        &["the first captured centre built on becomes a home".into()],
        "",
      );
    }
  }
  out.push('\n');
}

fn describe_centers(map: &Map, out: &mut String) {
  heading(out, "Supply centres");
  let count = map.supply_centers().count();
  let _ = writeln!(
    out,
    "There are {count} supply centres. A power that owns {} of them when\nthe year ends (at the adjustments) wins.",
    map.victory_centers()
  );
  let neutral: Vec<String> = map
    .supply_centers()
    .filter(|&id| !map.powers().iter().any(|p| p.owns.contains(&id)))
    .map(|id| map.province(id).abbr.clone())
    .collect();
  push_wrapped(out, "Neutral at the start: ", &neutral, " ");
  if map.has_rule("MOBILIZE") {
    out.push_str("Nobody owns a centre at the start: in the first Winter each power builds\none unit on a home of its choice, and owns it.\n");
  }
  if !map.new_homes().is_empty() {
    let years: Vec<String> = map.new_homes().iter().map(|y| y.to_string()).collect();
    let _ = writeln!(
      out,
      "Until the adjustments of {}, a power builds in any centre it owns;\nthen its homes become the centres it owns.",
      years.join(", ")
    );
  }
  out.push('\n');
}

/// Two columns of `Abr Full name`, to find a name at a glance.
fn describe_abbreviations(map: &Map, out: &mut String) {
  heading(out, "Abbreviations");
  let entries: Vec<String> = map
    .provinces()
    .iter()
    .map(|province| format!("{:<5}{}", province.abbr, province.name))
    .collect();
  let (lefts, rights) = entries.split_at(entries.len().div_ceil(2));
  for (row, left) in lefts.iter().enumerate() {
    match rights.get(row) {
      Some(right) => {
        let _ = writeln!(out, "{left:<36}{right}");
      }
      None => {
        let _ = writeln!(out, "{left}");
      }
    }
  }
  out.push('\n');
}

fn describe_provinces(map: &Map, out: &mut String) {
  heading(out, "Provinces");
  for id in map.province_ids() {
    let province = map.province(id);
    let _ = writeln!(out, "{:<5}{}", province.abbr, province.name);
    let mut kind = vec![String::from(match province.terrain {
      Terrain::Sea => "sea",
      Terrain::Coast => "coast",
      Terrain::Land => "land",
      Terrain::Impassable => "impassable",
      Terrain::Port => "port (its fleet convoys)",
    })];
    if province.supply_center {
      kind.push("supply centre".into());
      let homes: Vec<&str> = province.home_of.iter().map(|&p| map.power(p).name.as_str()).collect();
      match homes.as_slice() {
        [] => kind.push("neutral".into()),
        homes => kind.push(format!("home centre of {}", homes.join(" and "))),
      }
    }
    for during in map.during() {
      if let Some((_, terrain)) = during.terrain.iter().find(|(p, _)| *p == id) {
        let word = match terrain {
          Terrain::Sea => "sea",
          Terrain::Coast | Terrain::Port => "coast",
          Terrain::Land => "land",
          Terrain::Impassable => "impassable",
        };
        let lower = during.phase.to_ascii_lowercase();
        let mut when = lower.chars();
        let when: String =
          when.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(when).collect();
        kind.push(format!("{word} in {when}"));
      }
    }
    push_wrapped(out, "     type     ", &kind, ", ");
    let also = aliases(map, id);
    if !also.is_empty() {
      push_wrapped(out, "     also     ", &also, ", ");
    }
    if province.has_coasts() {
      let coasts: Vec<String> = province
        .coasts()
        .map(|coast| format!("{} ({}/{})", coast.name(), province.abbr, coast.abbr()))
        .collect();
      push_wrapped(out, "     coasts   ", &coasts, ", ");
    }
    let armies: Vec<String> =
      map.army_neighbours(id).iter().map(|&to| map.province(to).abbr.clone()).collect();
    if province.is_land() && !armies.is_empty() {
      push_wrapped(out, "     armies   ", &armies, " ");
    }
    if province.has_coasts() {
      for coast in province.coasts() {
        let from = Location { province: id, coast: Some(coast) };
        let label = format!("     fleets   from {}: ", map.location_abbr(from));
        let fleets: Vec<String> =
          map.fleet_neighbours(from).iter().map(|&to| map.location_abbr(to)).collect();
        push_wrapped(out, &label, &fleets, " ");
      }
    } else if province.is_water_or_coast() {
      let from = Location::province(id);
      let fleets: Vec<String> =
        map.fleet_neighbours(from).iter().map(|&to| map.location_abbr(to)).collect();
      push_wrapped(out, "     fleets   ", &fleets, " ");
    }
    out.push('\n');
  }
}

/// A section title underlined to its length.
fn heading(out: &mut String, title: &str) {
  let _ = writeln!(out, "{title}\n{}\n", "-".repeat(title.len()));
}

/// Writes `items` after `prefix`, joined by `separator`, breaking lines
/// between items so none is longer than [`WIDTH`] (unless one item alone
/// is); continuation lines are indented to line up under the first item.
pub(crate) fn push_wrapped(out: &mut String, prefix: &str, items: &[String], separator: &str) {
  let indent = " ".repeat(prefix.len());
  let mut line = String::from(prefix);
  let mut empty = true;
  for (position, item) in items.iter().enumerate() {
    let last = position + 1 == items.len();
    let piece = if last { item.clone() } else { format!("{item}{}", separator.trim_end()) };
    if !empty && line.len() + 1 + piece.len() > WIDTH {
      out.push_str(line.trim_end());
      out.push('\n');
      line = indent.clone();
      empty = true;
    }
    if !empty {
      line.push(' ');
    }
    line.push_str(&piece);
    empty = false;
  }
  out.push_str(line.trim_end());
  out.push('\n');
}

#[cfg(test)]
mod tests {
  use super::*;

  /// GET rules gives every DPjudge rule played by name its line, and
  /// names the two game types' own help.
  #[test]
  fn the_rules_file_has_a_line_for_every_dpjudge_rule() {
    let rules = file("rules").expect("GET rules");
    for rule in crate::game::dpjudge::RULES {
      assert!(rules.contains(rule.name), "{} is in GET rules", rule.name);
    }
    assert!(rules.contains("GET info.payola") && rules.contains("GET info.xtalball"));
    assert!(rules.lines().all(|l| l.len() <= WIDTH), "lines within {WIDTH} columns");
  }

  /// The sentence `tests/e2e/postfix.sh` looks for in the answer to HELP.
  const INFO_MARK: &str = "How to talk to the judge";
  /// The line it looks for in the answer to GET flist.
  const FLIST_MARK: &str = "FLIST: the files this judge sends";

  /// The names `flist` lists: the first word of each indented entry.
  fn flist_entries() -> Vec<String> {
    let flist = file("flist").unwrap_or_default();
    flist
      .lines()
      .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
      .filter_map(|line| line.split_whitespace().next())
      .map(str::to_string)
      .collect()
  }

  #[test]
  fn every_listed_name_resolves() {
    for name in names() {
      assert!(file(name).is_some(), "{name} does not resolve");
    }
  }

  #[test]
  fn every_flist_entry_resolves_except_the_package() {
    let entries = flist_entries();
    assert!(entries.len() > names().len(), "{entries:?}");
    for entry in entries.iter().filter(|entry| *entry != "package") {
      assert!(file(entry).is_some(), "flist lists {entry}, which does not resolve");
    }
  }

  #[test]
  fn flist_mentions_every_name_and_the_package() {
    let entries = flist_entries();
    for name in names() {
      assert!(entries.iter().any(|entry| entry == name), "flist does not list {name}");
    }
    assert!(entries.iter().any(|entry| entry == "package"));
    assert!(file("flist").unwrap_or_default().contains("GET PACKAGE"));
  }

  #[test]
  fn names_are_matched_without_regard_to_case() {
    assert_eq!(file("INFO"), file("info"));
    assert_eq!(file("House.Rules"), file("house.rules"));
    assert_eq!(file(" guide\n"), file("guide"));
    assert!(file("Info").is_some_and(|text| text.contains(INFO_MARK)));
  }

  #[test]
  fn anything_not_in_the_list_is_refused() {
    for name in [
      "",
      " ",
      "../judge.toml",
      "judge.toml",
      "/etc/passwd",
      "info/../x",
      "./info",
      "info/",
      "data/info",
      "..",
      "house rules",
      "info x",
      "in fo",
      "info\0",
      "package",
      "whois",
      "map.atlantis",
    ] {
      assert!(file(name).is_none(), "{name:?} should not resolve");
    }
  }

  #[test]
  fn the_package_is_made_of_listed_files() {
    assert_eq!(package(), ["info", "guide", "form", "flist", "house.rules", "rules"]);
    for name in package() {
      assert!(names().contains(name), "{name} is in the package but not in flist");
    }
  }

  #[test]
  fn index_is_the_keyword_table() {
    assert_eq!(file("index").map(Cow::into_owned), Some(keyword::index_text()));
  }

  #[test]
  fn our_files_are_ascii_lines_of_at_most_72_columns() {
    // The index is left out: its lines come from the keyword table.
    let fixed = names().iter().filter(|name| **name != "index").map(|n| n.to_string());
    let variants =
      Map::variants().iter().flat_map(|v| [format!("info.{}", v.key), format!("map.{}", v.key)]);
    let options = OPTION_INFO.iter().map(|(word, _)| format!("info.{word}"));
    for name in fixed.chain(variants).chain(options) {
      let text = file(&name).unwrap_or_default();
      assert!(text.ends_with('\n'), "{name} lacks a final newline");
      for (number, line) in text.lines().enumerate() {
        assert!(line.is_ascii(), "{name}:{}: not ASCII", number + 1);
        assert!(line.len() <= WIDTH, "{name}:{}: {} columns", number + 1, line.len());
        assert_eq!(line, line.trim_end(), "{name}:{}: trailing blanks", number + 1);
      }
    }
  }

  #[test]
  fn every_variant_and_option_has_its_files_under_any_spelling() {
    for variant in Map::variants() {
      let map = variant.map().expect("a built-in map loads");
      let info = file(&format!("info.{}", variant.key)).unwrap_or_default();
      assert!(info.starts_with(map.name()), "info.{} names {}", variant.key, map.name());
      let drawn = file(&format!("MAP.{}", variant.display.replace(' ', "_"))).unwrap_or_default();
      let title = format!("MAP: the {} map", map.name().to_lowercase());
      assert!(drawn.starts_with(&title), "map.{} starts {title}", variant.key);
      for power in map.powers() {
        assert!(drawn.contains(&format!("{} ({})", power.name, power.initial)), "{}", power.name);
      }
    }
    assert_eq!(file("info.FvA"), file("info.france-austria"));
    assert!(file("map.fleet rome").is_some_and(|t| t.contains("the fleet rome map")));
    for option in GameOption::ALL {
      let text = file(&format!("INFO.{}", option.word().to_ascii_uppercase()));
      assert!(text.is_some_and(|t| t.starts_with(option.title())), "info.{}", option.word());
    }
    assert!(file("info.any center").is_some(), "option words in any spelling");
    assert!(file("info.duplex").is_some_and(|t| t.contains("SET PLAYERS")));
    for unknown in ["info.atlantis", "map.gunboat", "map.", "info.", "rules.chaos", "info.../info"]
    {
      assert_eq!(file(unknown), None, "{unknown}");
    }
  }

  #[test]
  fn the_e2e_marks_are_in_their_files() {
    assert!(file("info").unwrap_or_default().contains(INFO_MARK));
    assert!(file("flist").unwrap_or_default().contains(FLIST_MARK));
    assert!(!file("flist").unwrap_or_default().contains(INFO_MARK));
    assert!(!file("info").unwrap_or_default().contains(FLIST_MARK));
  }

  #[test]
  fn the_form_is_a_register_block_with_every_field() {
    let form = file("form").unwrap_or_default();
    // The notes come after SIGN OFF, where no judge reads, so the form
    // can be sent back exactly as it is.
    let (block, notes) = form.split_once("END\nSIGN OFF\n").unwrap_or_default();
    assert!(notes.lines().all(|line| line.is_empty() || line.starts_with('#')), "{notes}");
    assert!(notes.contains("Name (first and last)"));
    let mut lines = block.lines();
    assert_eq!(lines.next(), Some("REGISTER"));
    let fields: Vec<&str> = lines.filter_map(|line| line.split(':').next()).collect();
    assert_eq!(
      fields,
      [
        "Name",
        "Email",
        "Address",
        "Phone",
        "Country",
        "Level",
        "Site",
        "Timezone",
        "Birthdate",
        "Sex",
        "Interests",
        "Public",
        "Package"
      ]
    );
    assert!(form.contains("Package: yes"));
    for level in ["Novice", "Amateur", "Intermediate", "Advanced", "Expert"] {
      assert!(form.contains(level), "the form does not name the level {level}");
    }
  }

  #[test]
  fn the_map_shows_st_petersburg_with_its_coasts() {
    let map = file("map").unwrap_or_default();
    assert!(map.contains("Stp  St Petersburg\n"), "{map}");
    assert!(map.contains("north coast (Stp/nc), south coast (Stp/sc)"));
    assert!(map.contains("fleets   from Stp/nc: Bar Nwy\n"));
    assert!(map.contains("fleets   from Stp/sc: Bot Fin Lvn\n"));
    assert!(map.contains("coast, supply centre, home centre of Russia"));
    assert!(map.contains("saint petersburg"));
    assert!(map.contains("home centres    Moscow (Mos), Sevastopol (Sev),"));
    assert!(map.contains("starting units  F Stp/sc, A Mos, F Sev, A War"));
  }

  #[test]
  fn the_map_lists_every_province_and_power() {
    let text = file("map").unwrap_or_default();
    let Ok(map) = Map::standard() else {
      panic!("the standard map does not load");
    };
    for province in map.provinces() {
      let entry = format!("\n{:<5}{}\n", province.abbr, province.name);
      assert!(text.contains(&entry), "no entry for {}", province.name);
    }
    for power in map.powers() {
      assert!(text.contains(&format!("\n{} ({})\n", power.name, power.initial)));
    }
    assert!(text.contains("There are 34 supply centres. A power that owns 18 of them"));
    assert!(text.contains("Swi  Switzerland\n     type     impassable\n"));
    assert!(text.contains("Mun  Munich\n     type     land, supply centre, home centre of Germany"));
    assert!(text.contains("Bel  Belgium\n     type     coast, supply centre, neutral"));
  }

  #[test]
  fn the_map_lists_only_aliases_that_work() {
    let Ok(map) = Map::standard() else {
      panic!("the standard map does not load");
    };
    let total: usize = map.province_ids().map(|id| aliases(map, id).len()).sum();
    assert!(total > 50, "only {total} aliases");
    let Lookup::Found(adriatic) = map.lookup("Adr") else {
      panic!("no Adriatic Sea");
    };
    assert_eq!(aliases(map, adriatic), ["adriatic"]);
  }

  #[test]
  fn wrapping_keeps_to_the_width_and_lines_up() {
    let items: Vec<String> = (0..40).map(|i| format!("item{i}")).collect();
    let mut out = String::new();
    push_wrapped(&mut out, "  label  ", &items, ", ");
    for line in out.lines() {
      assert!(line.len() <= WIDTH, "{line}");
    }
    assert!(out.starts_with("  label  item0, item1,"));
    assert!(out.lines().nth(1).is_some_and(|line| line.starts_with("         item")));
    assert!(out.trim_end().ends_with("item39"));
  }
}
