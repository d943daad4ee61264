//! Writing a [`Board`] as the TOML of `docs/maps.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::read::{province_of, Board, Pos, Power, Special, UNOWNED};
use super::ConvertError;

/// The DPjudge's licence, kept in every converted file.
const LICENSE: &str = "Copyright 2017 Manus Hand

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the \"Software\"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.";

/// Display names that plain capitalisation of the file stem would get wrong.
const DISPLAY_NAMES: &[(&str, &str)] = &[
  ("ancmed", "AncMed"),
  ("fleetrome", "Fleet Rome"),
  ("sailho", "Sail Ho"),
  ("minorpower", "Minor Power"),
  ("shiftleft", "Shift Left"),
  ("shiftright", "Shift Right"),
  ("shiftaround", "Shift Around"),
  ("modern-up", "Modern Up"),
  ("empire-up", "Empire Up"),
];

type Edges = BTreeSet<(String, String)>;

/// The TOML text of the board read from `maps/<stem>.map`.
pub fn write(board: &Board, stem: &str) -> Result<String, ConvertError> {
  let whole = Pos { file: format!("{stem}.map"), line: 0 };
  let file_err = |what: String| ConvertError::File { file: format!("{stem}.map"), what };
  let powers: Vec<(&String, &Power)> = board.powers.iter().filter(|(k, _)| *k != UNOWNED).collect();
  if powers.len() < 2 {
    return Err(file_err("the map names fewer than two powers".into()));
  }
  let centres = board.centres();
  let calendar = Calendar::read(board)?;
  let first_phase = first_phase(board, &calendar)?;
  let during = read_during(board, &calendar)?;

  // Borders, as Map.abuts answers them; an opened impassable space keeps its own.
  let none = BTreeMap::new();
  let mut open = BTreeMap::new();
  for d in &during {
    for (loc, kind) in &d.terrain {
      open.insert(loc.clone(), kind.clone());
    }
  }
  let (mut army, mut fleet) = edges(board, &none);
  if !open.is_empty() {
    let (a2, f2) = edges(board, &open);
    let touches = |(a, b): &(String, String)| {
      open.contains_key(province_of(a)) || open.contains_key(province_of(b))
    };
    army.extend(a2.into_iter().filter(touches));
    fleet.extend(f2.into_iter().filter(touches));
  }
  for (set, what) in [(&army, "army"), (&fleet, "fleet")] {
    for (a, b) in set {
      if !set.contains(&(b.clone(), a.clone())) {
        let at = loc_pos(board, a).unwrap_or(&whole);
        return Err(at.err(format!("one-way {what} border {} -> {}", title_loc(a), title_loc(b))));
      }
    }
  }

  let mut out = String::new();
  let name = DISPLAY_NAMES
    .iter()
    .find(|(s, _)| *s == stem)
    .map_or_else(|| capitalise(stem), |(_, n)| n.to_string());
  let _ = writeln!(out, "# {name} (a DPjudge variant). Format: docs/maps.md");
  out.push_str("#\n");
  let _ = writeln!(
    out,
    "# Converted by judge convert-map from the DPjudge's maps/{stem}.map (and the files it uses)."
  );
  out.push_str("#\n");
  for line in LICENSE.lines() {
    if line.is_empty() {
      out.push_str("#\n");
    } else {
      let _ = writeln!(out, "# {line}");
    }
  }
  let _ = writeln!(out, "name = {}", quote(&name));
  let _ = writeln!(out, "source = {}", quote(&format!("DPjudge maps/{stem}.map")));
  let victory = board.victory.unwrap_or(centres.len() as u32 / 2 + 1);
  let _ = writeln!(out, "victory_centers = {victory}");
  if let Some(root) = board.root.as_ref().filter(|root| root.as_str() != stem) {
    let _ = writeln!(out, "board = {}", quote(root));
  }
  let _ = writeln!(out, "first_phase = {}", quote(&first_phase));
  let rules = rules(board);
  if !rules.is_empty() {
    let _ = writeln!(out, "rules = {}", list(rules.iter()));
  }
  if !board.new_homes.is_empty() {
    let mut years = Vec::new();
    for (y, at) in &board.new_homes {
      years
        .push(y.parse::<i64>().map_err(|_| at.err(format!("bad NEWHOMES year {y}")))?.to_string());
    }
    let _ = writeln!(out, "new_homes = [{}]", years.join(", "));
  }
  if !board.payola_rules.is_empty() || board.payola_tax.is_some() || board.payola_cap.is_some() {
    out.push_str("\n[payola]\n");
    if !board.payola_rules.is_empty() {
      let _ = writeln!(out, "rules = {}", list(board.payola_rules.iter()));
    }
    if let Some(tax) = board.payola_tax {
      let _ = writeln!(out, "tax = {tax}");
    }
    if let Some(cap) = board.payola_cap {
      let _ = writeln!(out, "cap = {cap}");
    }
  }
  Calendar::write(&calendar, &mut out);

  out.push_str("\n# ---------------------------------------------------------------- powers\n");
  let initials = initials(&powers, &whole)?;
  for ((key, p), initial) in powers.iter().zip(&initials) {
    write_power(&mut out, board, key, p, *initial, &centres)?;
  }
  if !board.neutral_units.is_empty() {
    for u in &board.neutral_units {
      check_unit(board, u, &whole)?;
    }
    out.push_str("\n[neutral]\n");
    let _ = writeln!(out, "units = {}", list(board.neutral_units.iter().map(|u| title_unit(u))));
  }
  for d in &during {
    out.push_str("\n[[during]]\n");
    let _ = writeln!(out, "phase = {}", quote(&d.phase));
    if !d.terrain.is_empty() {
      let items: Vec<String> = d
        .terrain
        .iter()
        .map(|(l, k)| format!("{} = {}", title_loc(l), quote(terrain_name(k))))
        .collect();
      let _ = writeln!(out, "terrain = {{ {} }}", items.join(", "));
    }
    for (key, p) in &d.powers {
      out.push_str("\n[[during.power]]\n");
      let _ = writeln!(out, "name = {}", quote(&dp_name(&board.powers[key].raw, true)));
      let _ = writeln!(out, "home = {}", list(sorted(&p.homes).iter().map(|h| title_loc(h))));
      let base = &board.powers[key];
      if p.alternative != base.alternative {
        let _ = writeln!(out, "alternative_homes = {}", alternatives(&p.alternative));
      }
      if sorted(&p.hidden) != sorted(&base.hidden) {
        let _ =
          writeln!(out, "hidden_builds = {}", list(sorted(&p.hidden).iter().map(|h| title_loc(h))));
      }
    }
  }

  out.push_str("\n# ------------------------------------------------------------- provinces\n");
  write_provinces(&mut out, board, &army, &fleet, &centres, &whole)?;
  Ok(out)
}

/// Army and fleet borders between the places units may stand on.
fn edges(board: &Board, open: &BTreeMap<String, String>) -> (Edges, Edges) {
  let mut army = Edges::new();
  let mut fleet = Edges::new();
  for key in board.locs.keys() {
    let from = key.to_uppercase();
    let candidates: BTreeSet<String> = board
      .abut_list(key)
      .iter()
      .flat_map(|e| {
        let up = e.to_uppercase();
        [province_of(&up).to_string(), up]
      })
      .collect();
    for to in &candidates {
      if *to == from {
        continue;
      }
      if board.army_ok(&from, open)
        && board.army_ok(to, open)
        && board.abuts(false, &from, to, open)
      {
        army.insert((from.clone(), to.clone()));
      }
      if board.fleet_ok(&from, open)
        && board.fleet_ok(to, open)
        && board.abuts(true, &from, to, open)
      {
        fleet.insert((from.clone(), to.clone()));
      }
    }
  }
  (army, fleet)
}

fn loc_pos<'a>(board: &'a Board, loc: &str) -> Option<&'a Pos> {
  board.locs.get(loc).or_else(|| board.locs.get(&loc.to_lowercase())).map(|l| &l.at)
}

fn write_provinces(
  out: &mut String,
  board: &Board,
  army: &Edges,
  fleet: &Edges,
  centres: &BTreeSet<String>,
  whole: &Pos,
) -> Result<(), ConvertError> {
  let provinces: BTreeSet<String> =
    board.locs.keys().map(|k| province_of(&k.to_uppercase()).to_string()).collect();
  let aliases = aliases(board, &provinces);
  for c in centres {
    if !provinces.contains(c) {
      return Err(whole.err(format!("supply centre {c} is not on the map")));
    }
  }
  let mut ordered: Vec<(String, &String)> = provinces.iter().map(|p| (title_loc(p), p)).collect();
  ordered.sort();
  for (abbr, p) in ordered {
    let Some(main) = board.locs.get(p).or_else(|| board.locs.get(&p.to_lowercase())) else {
      let at =
        board.locs.iter().find(|(k, _)| province_of(&k.to_uppercase()) == p).map(|(_, l)| &l.at);
      return Err(at.unwrap_or(whole).err(format!("{p} has coasts but no province line")));
    };
    let Some(name) = board.names.iter().find(|n| n.abbr == *p) else {
      return Err(main.at.err(format!("location {p} has no full name")));
    };
    let coasts: Vec<String> = board
      .locs
      .keys()
      .filter(|k| k.to_uppercase().starts_with(&format!("{p}/")))
      .map(|k| k.to_uppercase())
      .collect();
    let _ = write!(
      out,
      "\n[[province]]\nabbr = {}\nname = {}\n",
      quote(&abbr),
      quote(&dp_name(&name.name, false))
    );
    if let Some(list_) = aliases.get(p).filter(|a| !a.is_empty()) {
      let _ = writeln!(out, "aliases = {}", list(list_.iter()));
    }
    let _ = writeln!(out, "terrain = {}", quote(terrain_name(&main.terrain)));
    if centres.contains(p) {
      out.push_str("supply_center = true\n");
    }
    let targets = |set: &Edges, from: &str| -> Vec<String> {
      set.iter().filter(|(a, _)| a == from).map(|(_, b)| title_loc(b)).collect()
    };
    let a = targets(army, p);
    if !a.is_empty() {
      let _ = writeln!(out, "army = {}", list(a.iter()));
    }
    let f = targets(fleet, p);
    if !coasts.is_empty() {
      if !f.is_empty() || board.fleet_ok(p, &BTreeMap::new()) {
        return Err(
          main.at.err(format!("{p} holds fleets both on its coasts and on the province")),
        );
      }
      if coasts.len() < 2 {
        return Err(
          main.at.err(format!("{p} has a single named coast, which the format cannot express")),
        );
      }
      let mut items = Vec::new();
      for c in &coasts {
        let code = c[p.len() + 1..].to_lowercase();
        if !matches!(code.as_str(), "nc" | "sc" | "ec" | "wc") {
          let at = loc_pos(board, c).unwrap_or(&main.at);
          return Err(at.err(format!("unknown coast {c}")));
        }
        items.push(format!("{code} = {}", list(targets(fleet, c).iter())));
      }
      let _ = writeln!(out, "coasts = {{ {} }}", items.join(", "));
    } else if !f.is_empty() {
      let _ = writeln!(out, "fleet = {}", list(f.iter()));
    }
    write_specials(out, board, p, army, fleet)?;
  }
  Ok(())
}

/// `half_strength`, `strait` and `owner_only` of one province.
fn write_specials(
  out: &mut String,
  board: &Board,
  p: &str,
  army: &Edges,
  fleet: &Edges,
) -> Result<(), ConvertError> {
  let mut half = BTreeSet::new();
  let mut strait = BTreeSet::new();
  let mut owner: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
  for rule in board.specials.iter().filter(|r| province_of(&r.from) == p) {
    let border = army
      .iter()
      .chain(fleet.iter())
      .any(|(a, b)| province_of(a) == p && province_of(b) == rule.to);
    if !border {
      return Err(rule.at.err(format!("special border {p}-{} is not a border", rule.to)));
    }
    match &rule.kind {
      Special::Half => {
        half.insert(title_loc(&rule.to));
      }
      Special::Strait => {
        strait.insert(title_loc(&rule.to));
      }
      Special::Owner(need) => {
        owner.entry(title_loc(&rule.to)).or_default().extend(need.iter().map(|c| title_loc(c)));
      }
    }
  }
  if !half.is_empty() {
    let _ = writeln!(out, "half_strength = {}", list(half.iter()));
  }
  if !strait.is_empty() {
    let _ = writeln!(out, "strait = {}", list(strait.iter()));
  }
  if !owner.is_empty() {
    let items: Vec<String> =
      owner.iter().map(|(to, c)| format!("{to} = {}", list(c.iter()))).collect();
    let _ = writeln!(out, "owner_only = {{ {} }}", items.join(", "));
  }
  Ok(())
}

/// Aliases players may type: DPjudge aliases without the ambiguous (`?`),
/// per-coast and clashing ones.
fn aliases(board: &Board, provinces: &BTreeSet<String>) -> BTreeMap<String, Vec<String>> {
  let norm = |s: &str| {
    let s = s.to_lowercase().replace('.', "").replace(['-', '+'], " ");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
  };
  let names: Vec<_> = board.names.iter().filter(|n| provinces.contains(&n.abbr)).collect();
  let mut taken: BTreeSet<String> = BTreeSet::new();
  for n in &names {
    taken.insert(norm(&n.abbr));
    taken.insert(norm(&dp_name(&n.name, false)));
  }
  let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
  for n in &names {
    let kept = out.entry(n.abbr.clone()).or_default();
    for a in &n.aliases {
      if a.ends_with('?') || a.contains(['/', '(', ')']) {
        continue;
      }
      let normed = norm(a);
      if normed.is_empty() || !taken.insert(normed) {
        continue;
      }
      kept.push(a.to_lowercase().replace('+', " "));
    }
  }
  out
}

fn write_power(
  out: &mut String,
  board: &Board,
  key: &str,
  p: &Power,
  initial: char,
  centres: &BTreeSet<String>,
) -> Result<(), ConvertError> {
  let homes: Vec<String> = sorted(&p.homes).into_iter().filter(|h| h != "&SC").collect();
  for h in homes.iter().chain(&p.partisan).chain(p.alternative.iter().map(|(h, _)| h)) {
    if loc_pos(board, h).is_none() {
      return Err(p.at.err(format!("home {h} of {key} is not on the map")));
    }
  }
  for u in &p.units {
    check_unit(board, u, &p.at)?;
  }
  let name = dp_name(&p.raw, true);
  let _ = write!(out, "\n[[power]]\nname = {}\n", quote(&name));
  let adjective = p.adjective.as_deref().map_or_else(|| name.clone(), |a| dp_name(a, true));
  let _ = writeln!(out, "adjective = {}", quote(&adjective));
  let _ = writeln!(out, "initial = {}", quote(&initial.to_string()));
  let _ = writeln!(out, "home = {}", list(homes.iter().map(|h| title_loc(h))));
  let mut mobilize = false;
  if let Some(c) = &p.centers {
    if c.iter().any(|c| c == "SC?") {
      return Err(
        p.at.err("SC? (building without taking the centre) cannot be expressed in the map format"),
      );
    }
    mobilize = c.iter().any(|c| c == "SC!");
    let owns: Vec<String> = sorted(c).into_iter().filter(|c| c != "SC!").collect();
    for c in &owns {
      if !centres.contains(c) {
        return Err(p.at.err(format!("owned centre {c} of {key} is not a supply centre")));
      }
    }
    if owns != homes {
      let _ = writeln!(out, "owns = {}", list(owns.iter().map(|h| title_loc(h))));
    }
  }
  if !p.units.is_empty() {
    let _ = writeln!(out, "units = {}", list(p.units.iter().map(|u| title_unit(u))));
  }
  if board.dummies.iter().any(|d| d == key) {
    out.push_str("dummy = true\n");
  }
  if !p.partisan.is_empty() {
    let _ = writeln!(out, "partisan = {}", list(sorted(&p.partisan).iter().map(|h| title_loc(h))));
  }
  if !p.alternative.is_empty() {
    let _ = writeln!(out, "alternative_homes = {}", alternatives(&p.alternative));
  }
  if !p.hidden.is_empty() {
    let _ =
      writeln!(out, "hidden_builds = {}", list(sorted(&p.hidden).iter().map(|h| title_loc(h))));
  }
  if p.homes.iter().any(|h| h == "&SC") {
    out.push_str("claim_home = true\n");
  }
  if mobilize {
    let _ = writeln!(out, "mobilize = {}", list(homes.iter().map(|h| title_loc(h))));
  }
  if let Some(league) = &p.league {
    let kind = league.get(1).map_or("member", |k| if k == "STRICT" { "strict" } else { "benign" });
    let mut text = format!("{{ name = {}, kind = {}", quote(&league[0]), quote(kind));
    if league.len() > 2 {
      let _ = write!(text, ", protects = {}", list(league[2..].iter()));
    }
    text.push_str(" }");
    let _ = writeln!(out, "league = {text}");
  }
  Ok(())
}

fn check_unit(board: &Board, unit: &str, at: &Pos) -> Result<(), ConvertError> {
  let loc = &unit[2..];
  let none = BTreeMap::new();
  let ok =
    if unit.starts_with('A') { board.army_ok(loc, &none) } else { board.fleet_ok(loc, &none) };
  if ok {
    Ok(())
  } else {
    Err(at.err(format!("a unit cannot start at {loc}: {unit}")))
  }
}

fn alternatives(alt: &[(String, Vec<String>)]) -> String {
  let items: Vec<String> = alt
    .iter()
    .map(|(c, limits)| {
      format!(
        "{{ center = {}, instead_of = {} }}",
        quote(&title_loc(c)),
        list(limits.iter().map(|l| title_loc(l)))
      )
    })
    .collect();
  format!("[{}]", items.join(", "))
}

/// Initials: the map's `:X`, else the first letter of the name; a clash or a
/// reserved letter (which the DPjudge would leave as is, or write `_` for a
/// hidden power) takes the next free letter of the name, then of the alphabet.
fn initials(powers: &[(&String, &Power)], whole: &Pos) -> Result<Vec<char>, ConvertError> {
  let mut used = BTreeSet::new();
  let mut result: Vec<Option<char>> = Vec::new();
  for (key, p) in powers {
    match p.initial.or(p.old_initial) {
      Some(c) => {
        if !used.insert(c) {
          return Err(p.at.err(format!("initial {c} of {key} is taken by another power")));
        }
        result.push(Some(c));
      }
      None => result.push(None),
    }
  }
  let bad = |c: char| matches!(c, 'O' | 'M' | '?' | ' ' | '_');
  // First letters first, so a later clash does not steal an earlier power's letter.
  for ((_, p), slot) in powers.iter().zip(result.iter_mut()) {
    if slot.is_none() {
      let first = dp_name(&p.raw, true).chars().next().map(|c| c.to_ascii_uppercase());
      if let Some(c) = first.filter(|c| !bad(*c) && !used.contains(c)) {
        used.insert(c);
        *slot = Some(c);
      }
    }
  }
  let mut out = Vec::new();
  for ((key, p), slot) in powers.iter().zip(result) {
    let c = match slot {
      Some(c) => c,
      None => {
        let name: Vec<char> = dp_name(&p.raw, true)
          .to_uppercase()
          .chars()
          .filter(|c| c.is_ascii_alphanumeric())
          .collect();
        let pick = name
          .into_iter()
          .chain('A'..='Z')
          .chain('0'..='9')
          .find(|c| !bad(*c) && !used.contains(c));
        let Some(c) = pick else { return Err(whole.err(format!("no free initial for {key}"))) };
        used.insert(c);
        c
      }
    };
    out.push(c);
  }
  Ok(out)
}

/// The map's rules, with `!RULE` taking a rule away.
fn rules(board: &Board) -> Vec<String> {
  let off: BTreeSet<&str> = board.rules.iter().filter_map(|r| r.strip_prefix('!')).collect();
  let mut out: Vec<String> = Vec::new();
  for r in &board.rules {
    if !r.starts_with('!') && !off.contains(r.as_str()) && !out.contains(r) {
      out.push(r.clone());
    }
  }
  out
}

/// One step of the flow.
struct Season {
  name: String,
  phases: Vec<String>,
  when: Option<(i64, i64)>,
}

/// The `FLOW` of a map, if it has one.
struct Calendar {
  year_step: i64,
  seasons: Vec<Season>,
}

impl Calendar {
  fn read(board: &Board) -> Result<Option<Self>, ConvertError> {
    if board.flow.is_empty() {
      return Ok(None);
    }
    let mut cal = Calendar { year_step: 0, seasons: Vec::new() };
    let mut when = None;
    for (item, at) in &board.flow {
      let (head, rest) = match item.split_once(':') {
        Some((h, r)) => (h, Some(r)),
        None => (item.as_str(), None),
      };
      match (head, rest) {
        ("NEWYEAR", rest) => {
          if !cal.seasons.is_empty() {
            return Err(
              at.err("a new year in the middle of the flow cannot be expressed in the map format"),
            );
          }
          let n = match rest {
            None => 1,
            Some(r) => r
              .parse::<i64>()
              .ok()
              .filter(|n| *n != 0)
              .ok_or_else(|| at.err(format!("bad FLOW {item}")))?,
          };
          cal.year_step = n;
        }
        ("IFYEARDIV", Some(r)) => {
          let (d, m) = match r.split_once('=') {
            Some((d, m)) => (d.parse::<i64>().ok(), m.parse::<i64>().ok()),
            None => (r.parse::<i64>().ok(), Some(0)),
          };
          match (d, m) {
            (Some(d), Some(m)) if d > 0 && (0..d).contains(&m) => when = Some((d, m)),
            _ => return Err(at.err(format!("bad FLOW {item}"))),
          }
        }
        (season, Some(phases)) => {
          let mut list = Vec::new();
          for ph in phases.split(',') {
            let ph = match ph {
              "MOVEMENT" => "movement",
              "RETREATS" => "retreats",
              "ADJUSTMENTS" => "adjustments",
              "INCOME" => "income",
              _ => return Err(at.err(format!("unknown phase {ph} in FLOW"))),
            };
            list.push(ph.to_string());
          }
          cal.seasons.push(Season { name: dp_name(season, true), phases: list, when: when.take() });
        }
        _ => return Err(at.err(format!("bad FLOW {item}"))),
      }
    }
    if cal.year_step == 0 {
      cal.year_step = 1;
    }
    Ok(Some(cal))
  }

  fn write(this: &Option<Self>, out: &mut String) {
    let Some(cal) = this else { return };
    let _ = write!(out, "\n[calendar]\nyear_step = {}\n", cal.year_step);
    for s in &cal.seasons {
      let _ = write!(out, "\n[[calendar.season]]\nname = {}\n", quote(&s.name));
      let id: String = s.name.chars().take(1).collect();
      let _ = writeln!(out, "id = {}", quote(&id));
      let _ = writeln!(out, "phases = {}", list(s.phases.iter()));
      if let Some((d, m)) = s.when {
        let _ = writeln!(out, "when_year_mod = [{d}, {m}]");
      }
    }
  }

  /// Upper-case season names of the map.
  fn season_names(this: &Option<Self>) -> Vec<String> {
    match this {
      Some(cal) => cal.seasons.iter().map(|s| s.name.to_uppercase()).collect(),
      None => vec!["SPRING".into(), "FALL".into(), "WINTER".into()],
    }
  }
}

/// `BEGIN season year type` as a turn id.
fn first_phase(board: &Board, calendar: &Option<Calendar>) -> Result<String, ConvertError> {
  let Some((text, at)) = &board.begin else { return Ok("S1901M".into()) };
  let word: Vec<&str> = text.split_whitespace().collect();
  let bad = || at.err(format!("bad BEGIN phase: {text}"));
  let [season, year, kind] = word.as_slice() else { return Err(bad()) };
  let year: i64 = year.parse().map_err(|_| bad())?;
  if !Calendar::season_names(calendar).iter().any(|s| s == season) {
    return Err(bad());
  }
  let id = season.chars().next().ok_or_else(bad)?;
  let letter = match kind.chars().next() {
    Some('A') => 'B',
    Some(c) => c,
    None => return Err(bad()),
  };
  Ok(format!("{id}{year}{letter}"))
}

/// A `[[during]]` entry, resolved.
struct DuringOut {
  phase: String,
  terrain: BTreeMap<String, String>,
  powers: Vec<(String, Power)>,
}

fn read_during(board: &Board, calendar: &Option<Calendar>) -> Result<Vec<DuringOut>, ConvertError> {
  let mut out = Vec::new();
  for d in &board.during {
    let Some((_, first_at)) = d.lines.first() else { continue };
    let key = &d.key;
    let chars: Vec<char> = key.chars().collect();
    let turn = chars.len() > 2
      && chars[0].is_ascii_uppercase()
      && chars[chars.len() - 1].is_ascii_uppercase()
      && chars[1..chars.len() - 1].iter().all(char::is_ascii_digit);
    let phase = if turn {
      let last = if chars[chars.len() - 1] == 'A' { 'B' } else { chars[chars.len() - 1] };
      format!("{}{last}", &key[..key.len() - 1])
    } else if Calendar::season_names(calendar).contains(key) {
      dp_name(key, true)
    } else {
      return Err(first_at.err(format!("IN {key}: not a season or a turn id")));
    };
    let mut entry = DuringOut { phase, terrain: BTreeMap::new(), powers: Vec::new() };
    let mut scratch = Board::default();
    let mut current: Option<String> = None;
    for (words, at) in &d.lines {
      let Some(first) = words.first() else { continue };
      let up = first.to_uppercase();
      if matches!(up.as_str(), "WATER" | "LAND" | "COAST" | "PORT" | "SHUT") {
        if words.len() != 2 {
          return Err(at.err("borders that change by phase cannot be expressed in the map format"));
        }
        let loc = words[1].to_uppercase();
        if loc_pos(board, &loc).is_none() || loc.contains('/') {
          return Err(at.err(format!("unknown place {loc}")));
        }
        entry.terrain.insert(loc, up);
      } else if matches!(up.as_str(), "HOME" | "HOMES" | "INHABITS") {
        let Some(key) = &current else { return Err(at.err(format!("{up} before a power"))) };
        scratch.add_homes(key, &words[1..], true, at)?;
      } else if words.len() == 1 && board.powers.contains_key(&super::read::power_key(first)) {
        let key = super::read::power_key(first);
        if !scratch.powers.contains_key(&key) {
          scratch.powers.insert(key.clone(), board.powers[&key].clone());
        }
        current = Some(key);
      } else {
        return Err(at.err(format!("{up} in an IN block cannot be expressed in the map format")));
      }
    }
    entry.powers = scratch.powers.into_iter().filter(|(k, _)| k != UNOWNED).collect();
    out.push(entry);
  }
  Ok(out)
}

fn terrain_name(kind: &str) -> &'static str {
  match kind {
    "WATER" => "sea",
    "LAND" => "land",
    "PORT" => "port",
    "SHUT" => "impassable",
    _ => "coast",
  }
}

/// `ADR` → `Adr`, `SPA/NC` → `Spa/nc`.
fn title_loc(loc: &str) -> String {
  let up = loc.to_uppercase();
  let (p, coast) = match up.split_once('/') {
    Some((p, c)) => (p, Some(c.to_lowercase())),
    None => (up.as_str(), None),
  };
  let mut s: String = p.chars().take(1).collect();
  s.push_str(&p.chars().skip(1).collect::<String>().to_lowercase());
  if let Some(c) = coast {
    s.push('/');
    s.push_str(&c);
  }
  s
}

fn title_unit(unit: &str) -> String {
  format!("{} {}", &unit[..1], title_loc(&unit[2..]))
}

/// A name from the raw file text: `+` is a word break, written as a space
/// except between single letters (`U+S+A` → `USA`). `title` rebuilds the
/// case as the DPjudge prints power names (`AUSTRIA` → `Austria`).
pub fn dp_name(raw: &str, title: bool) -> String {
  let raw = raw.trim_start_matches('_');
  let mut words: Vec<(String, bool)> = Vec::new();
  let mut plus_before = false;
  for chunk in raw.split(' ').filter(|s| !s.is_empty()) {
    for (i, part) in chunk.split('+').enumerate() {
      if part.is_empty() {
        plus_before = true;
        continue;
      }
      let joined = i > 0 || plus_before;
      plus_before = false;
      let word = if title { title_word(part, !words.is_empty()) } else { part.to_string() };
      words.push((word, joined));
    }
  }
  let mut out = String::new();
  for (i, (w, joined)) in words.iter().enumerate() {
    if i > 0 {
      let prev_single = words[i - 1].0.chars().count() == 1;
      let single = w.chars().count() == 1;
      if !(*joined && prev_single && single) {
        out.push(' ');
      }
    }
    out.push_str(w);
  }
  out
}

/// One word in DPjudge title case: capitals after `.` and `-`, `of` small.
fn title_word(word: &str, not_first: bool) -> String {
  if not_first && word.eq_ignore_ascii_case("OF") {
    return "of".into();
  }
  let mut out = String::new();
  let mut up = true;
  for c in word.chars() {
    if up {
      out.extend(c.to_uppercase());
    } else {
      out.extend(c.to_lowercase());
    }
    up = matches!(c, '.' | '-');
  }
  out
}

fn capitalise(stem: &str) -> String {
  let mut c = stem.chars();
  match c.next() {
    Some(f) => f.to_uppercase().chain(c).collect(),
    None => String::new(),
  }
}

fn sorted(v: &[String]) -> Vec<String> {
  let mut v = v.to_vec();
  v.sort();
  v.dedup();
  v
}

fn quote(s: &str) -> String {
  let mut out = String::from("\"");
  for c in s.chars() {
    match c {
      '"' => out.push_str("\\\""),
      '\\' => out.push_str("\\\\"),
      c if c.is_control() => {
        let _ = write!(out, "\\u{:04X}", c as u32);
      }
      c => out.push(c),
    }
  }
  out.push('"');
  out
}

fn list<T: AsRef<str>>(items: impl Iterator<Item = T>) -> String {
  let items: Vec<String> = items.map(|i| quote(i.as_ref())).collect();
  format!("[{}]", items.join(", "))
}
