//! Reading the DPjudge map language into a [`Board`], as `Map.load` does.
//!
//! The tests run in the order of `Map.load`, so the first matching branch
//! wins; what the project's format cannot say is refused with the line.

use std::collections::{BTreeMap, BTreeSet};

use super::ConvertError;

/// Where a line came from, for error messages.
#[derive(Debug, Clone, Default)]
pub struct Pos {
  pub file: String,
  pub line: usize,
}

impl Pos {
  pub fn err(&self, what: impl Into<String>) -> ConvertError {
    ConvertError::Line { file: self.file.clone(), line: self.line, what: what.into() }
  }
}

/// One location (`ADR`, `SPA/NC`, or the lowercase `spa` of a split coast).
#[derive(Debug, Clone)]
pub struct Loc {
  pub terrain: String,
  pub abuts: Vec<String>,
  pub at: Pos,
}

/// A `Name = abbr alias…` line.
#[derive(Debug, Clone)]
pub struct PlaceName {
  pub name: String,
  pub abbr: String,
  pub aliases: Vec<String>,
  pub at: Pos,
}

/// A special border rule: `*`, `~` or an owner condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Special {
  Half,
  Strait,
  Owner(Vec<String>),
}

#[derive(Debug, Clone)]
pub struct Rule {
  pub kind: Special,
  pub from: String,
  pub to: String,
  pub at: Pos,
}

/// A power (or `UNOWNED`) as the map declares it.
#[derive(Debug, Clone, Default)]
pub struct Power {
  pub raw: String,
  pub adjective: Option<String>,
  pub initial: Option<char>,
  pub old_initial: Option<char>,
  pub homes: Vec<String>,
  pub partisan: Vec<String>,
  pub hidden: Vec<String>,
  pub alternative: Vec<(String, Vec<String>)>,
  pub centers: Option<Vec<String>>,
  pub units: Vec<String>,
  pub league: Option<Vec<String>>,
  pub at: Pos,
}

/// Changes that hold only in some phases (`IN`).
#[derive(Debug, Clone, Default)]
pub struct During {
  pub key: String,
  pub lines: Vec<(Vec<String>, Pos)>,
}

/// Everything read from a map file and its inclusions.
#[derive(Debug, Default)]
pub struct Board {
  pub locs: BTreeMap<String, Loc>,
  pub names: Vec<PlaceName>,
  pub powers: BTreeMap<String, Power>,
  pub neutral_units: Vec<String>,
  pub dummies: Vec<String>,
  pub inhabits: Vec<String>,
  pub rules: Vec<String>,
  /// The `PAYOLA DIRECTIVES` block: its rules, TAX and CAP.
  pub payola_rules: Vec<String>,
  pub payola_tax: Option<u32>,
  pub payola_cap: Option<u32>,
  pub victory: Option<u32>,
  pub begin: Option<(String, Pos)>,
  pub flow: Vec<(String, Pos)>,
  pub new_homes: Vec<(String, Pos)>,
  pub specials: Vec<Rule>,
  pub during: Vec<During>,
  pub files: Vec<String>,
  /// The map a `MAP` line names (`standard` for `MAP standard.geography`):
  /// the DPjudge draws the variant with that map's PostScript.
  pub root: Option<String>,
}

pub const UNOWNED: &str = "UNOWNED";

/// A power's key as `Map.normPower` makes it (upper case, no `+`, dots or spaces).
pub fn power_key(word: &str) -> String {
  word.to_uppercase().chars().filter(|c| !matches!(c, '+' | '.' | ':' | '-' | ',' | ' ')).collect()
}

/// A file loader: a name as written in a `USE` line gives (label, text).
pub type Loader<'a> = dyn FnMut(&str) -> Result<(String, String), String> + 'a;

impl Board {
  /// Reads one file (and, recursively, what it uses).
  pub fn load(
    &mut self,
    name: &str,
    loader: &mut Loader,
    from: Option<&Pos>,
  ) -> Result<(), ConvertError> {
    if self.files.len() > 64 {
      return Err(from.map_or_else(
        || ConvertError::File { file: name.into(), what: "too many included files".into() },
        |p| p.err("too many included files"),
      ));
    }
    self.files.push(name.to_string());
    let (label, text) = loader(name).map_err(|what| match from {
      Some(p) => p.err(format!("cannot read {name}: {what}")),
      None => ConvertError::File { file: name.into(), what },
    })?;
    let mut power: Option<String> = None;
    let mut variant: Option<String> = None;
    let mut phase: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
      let at = Pos { file: label.clone(), line: n + 1 };
      let word: Vec<&str> = line.split_whitespace().collect();
      let Some(first) = word.first() else { continue };
      if first.starts_with('#') {
        continue;
      }
      let up = first.to_uppercase();
      let last = word[word.len() - 1].to_uppercase();
      if last == "DIRECTIVE" || last == "DIRECTIVES" {
        match word.len() {
          1 => variant = Some("ALL".into()),
          2 if up == "END" => variant = None,
          2 => variant = Some(up.clone()),
          _ => return Err(at.err("bad DIRECTIVES line")),
        }
      } else if let Some(v) = &variant {
        // The block for every game, and Payola's; other game types' are
        // skipped.
        let number = |w: Option<&&str>| {
          w.and_then(|w| w.parse::<u32>().ok()).ok_or_else(|| at.err(format!("bad {up} directive")))
        };
        match (v.as_str(), up.as_str()) {
          ("ALL", "RULE" | "RULES") => {
            self.rules.extend(word[1..].iter().map(|w| w.to_uppercase()));
          }
          ("PAYOLA", "RULE" | "RULES") => {
            self.payola_rules.extend(word[1..].iter().map(|w| w.to_uppercase()));
          }
          ("PAYOLA", "TAX") if word.len() == 2 => self.payola_tax = Some(number(word.get(1))?),
          ("PAYOLA", "CAP") => self.payola_cap = Some(number(word.get(1))?),
          ("ALL" | "PAYOLA", _) => {
            return Err(at.err(format!("directive {up} cannot be expressed in the map format")));
          }
          _ => {}
        }
      } else if up == "IN" || up == "FROM" {
        if up == "FROM" {
          return Err(at.err("FROM directives are not supported"));
        }
        let rest = word[1..].join(" ");
        let mut data = rest.splitn(2, ':').map(str::trim);
        let key = data.next().unwrap_or("").to_uppercase();
        if key.is_empty() {
          return Err(at.err("IN without a phase"));
        }
        let index = match self.during.iter().position(|d| d.key == key) {
          Some(i) => i,
          None => {
            self.during.push(During { key, lines: Vec::new() });
            self.during.len() - 1
          }
        };
        match data.next() {
          Some(what) => {
            let words = what.split_whitespace().map(String::from).collect();
            self.during[index].lines.push((words, at));
            phase = None;
          }
          None => phase = Some(index),
        }
      } else if let Some(i) = phase {
        self.during[i].lines.push((word.iter().map(|w| w.to_string()).collect(), at));
      } else if matches!(up.as_str(), "TEXTONLY" | "FLAGS" | "NOTIFY" | "ROTATE") {
      } else if up == "VICTORY" {
        let n = word.get(1).and_then(|w| w.parse::<u32>().ok());
        match n {
          Some(n) => self.victory = Some(n),
          None => return Err(at.err("bad VICTORY line")),
        }
      } else if up == "USE" || up == "USES" || up == "MAP" {
        if up == "MAP" {
          let root = word.get(1).and_then(|w| w.split('.').next()).unwrap_or_default();
          self.root = Some(root.to_string());
        }
        for file in &word[1..] {
          let file = if file.contains('.') { file.to_string() } else { format!("{file}.map") };
          if self.files.contains(&file) {
            return Err(at.err(format!("file used twice: {file}")));
          }
          self.load(&file, loader, Some(&at))?;
        }
      } else if up == "FLOW" {
        if word.len() == 1 {
          self.flow.clear();
        }
        self.flow.extend(word[1..].iter().map(|w| (w.to_uppercase(), at.clone())));
      } else if up == "BEGIN" {
        self.begin = Some((word[1..].join(" ").to_uppercase(), at));
      } else if up == "RULE" || up == "RULES" {
        self.rules.extend(word[1..].iter().map(|w| w.to_uppercase()));
      } else if up == "NEWHOMES" {
        self.new_homes = word[1..].iter().map(|w| (w.to_string(), at.clone())).collect();
      } else if line.contains('=') {
        self.place_name(line, &at)?;
      } else if up == "FLAG" {
      } else if up == "OWNS" || up == "CENTERS" {
        let p = self.current(&power, &at, &up)?;
        let list: Vec<String> = word[1..].iter().map(|w| w.to_uppercase()).collect();
        let centers = p.centers.get_or_insert_with(Vec::new);
        if up == "CENTERS" {
          centers.clear();
        }
        for c in list {
          if !centers.contains(&c) {
            centers.push(c);
          }
        }
      } else if up == "INHABITS" || up == "HOME" || up == "HOMES" {
        let key = power.clone().ok_or_else(|| at.err(format!("{up} before a power")))?;
        let reinit = up != "INHABITS" || !self.inhabits.contains(&key);
        if !self.inhabits.contains(&key) {
          self.inhabits.push(key.clone());
        }
        self.add_homes(&key, &word[1..], reinit, &at)?;
      } else if up == "UNITS" {
        self.current(&power, &at, &up)?.units.clear();
      } else if matches!(up.as_str(), "RESERVES" | "MILITIA" | "CONTROL" | "TEAM" | "TEAMS") {
        return Err(at.err(format!("{up} cannot be expressed in the map format")));
      } else if up == "LEAGUE" {
        let p = self.current(&power, &at, &up)?;
        let list: Vec<String> = word[1..].iter().map(|w| w.to_uppercase()).collect();
        if list.is_empty() || p.league.is_some() {
          return Err(at.err("bad LEAGUE line"));
        }
        if list.len() > 1 && list[1] != "STRICT" && list[1] != "BENIGN" {
          return Err(at.err("bad league behaviour"));
        }
        if list.len() > 2 && list[1] == "STRICT" {
          return Err(at.err("a STRICT league protects no other"));
        }
        p.league = Some(list);
      } else if up == "A" || up == "F" {
        if word.len() != 2 {
          return Err(at.err("bad unit"));
        }
        let unit = format!("{up} {}", word[1].to_uppercase());
        let province = province_of(&unit[2..]).to_string();
        for p in self.powers.values_mut() {
          p.units.retain(|u| province_of(&u[2..]) != province);
        }
        self.neutral_units.retain(|u| province_of(&u[2..]) != province);
        match &power {
          Some(key) if key != UNOWNED => self.current(&power, &at, &up)?.units.push(unit),
          Some(_) => self.neutral_units.push(unit),
          None => return Err(at.err("unit before a power")),
        }
      } else if up == "DUMMY" || up == "DUMMIES" {
        self.dummy_line(&word, &mut power, &at)?;
      } else if up == "DROP" {
        for place in &word[1..] {
          self.drop(&place.to_uppercase(), false);
        }
      } else if word.len() > 1
        && matches!(up.as_str(), "AMEND" | "WATER" | "LAND" | "COAST" | "PORT" | "SHUT")
      {
        self.terrain_line(&word, &at)?;
      } else if up == "UNPLAYED" {
        let goners = self.power_list(&word, &power, &at)?;
        for goner in goners {
          if self.powers.remove(&goner).is_none() {
            return Err(at.err(format!("no such power to remove: {goner}")));
          }
          self.dummies.retain(|d| *d != goner);
          self.inhabits.retain(|d| *d != goner);
        }
        power = None;
      } else {
        power = Some(self.power_line(&word, &at)?);
      }
    }
    Ok(())
  }

  /// The current power, or an error saying the directive came too early.
  fn current(
    &mut self,
    power: &Option<String>,
    at: &Pos,
    what: &str,
  ) -> Result<&mut Power, ConvertError> {
    match power {
      Some(key) if key != UNOWNED => {
        self.powers.get_mut(key).ok_or_else(|| at.err(format!("{what} before a power")))
      }
      _ => Err(at.err(format!("{what} before a power"))),
    }
  }

  /// `UNPLAYED`/`DUMMY` lists: the current power, `ALL [EXCEPT p…]`, or names.
  fn power_list(
    &self,
    word: &[&str],
    power: &Option<String>,
    at: &Pos,
  ) -> Result<Vec<String>, ConvertError> {
    let all = || self.powers.keys().filter(|k| *k != UNOWNED).cloned();
    if word.len() == 1 {
      return match power {
        Some(p) if p != UNOWNED => Ok(vec![p.clone()]),
        _ => Err(at.err(format!("{} before a power", word[0]))),
      };
    }
    if !word[1].eq_ignore_ascii_case("ALL") {
      return Ok(word[1..].iter().map(|w| power_key(w)).collect());
    }
    if word.len() == 2 {
      return Ok(all().collect());
    }
    if !word[2].eq_ignore_ascii_case("EXCEPT") || word.len() == 3 {
      return Err(at.err("expected ALL EXCEPT and a power"));
    }
    let except: Vec<String> = word[3..].iter().map(|w| power_key(w)).collect();
    Ok(all().filter(|k| !except.contains(k)).collect())
  }

  fn dummy_line(
    &mut self,
    word: &[&str],
    power: &mut Option<String>,
    at: &Pos,
  ) -> Result<(), ConvertError> {
    if word.len() == 1 && word[0].eq_ignore_ascii_case("DUMMIES") {
      return Err(at.err("DUMMIES needs a list of powers"));
    }
    let list = self.power_list(word, power, at)?;
    if word.len() > 1 {
      *power = None;
    }
    if word.len() > 1 && word[1].eq_ignore_ascii_case("ALL") {
      self.dummies = list;
    } else {
      for p in list {
        if !self.dummies.contains(&p) {
          self.dummies.push(p);
        }
      }
    }
    Ok(())
  }

  /// `[OLD ->] Name = abbr alias…`.
  fn place_name(&mut self, line: &str, at: &Pos) -> Result<(), ConvertError> {
    let mut halves = line.splitn(3, '=');
    let left = halves.next().unwrap_or("").trim();
    let right: Vec<&str> = halves.next().unwrap_or("").split_whitespace().collect();
    let Some(abbr) = right.first() else {
      return Err(at.err("place name without an abbreviation"));
    };
    let abbr = abbr.to_uppercase();
    let ok_ends = abbr.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
      && abbr.chars().last().is_some_and(|c| c.is_ascii_alphanumeric());
    if !ok_ends || !abbr.chars().all(|c| c.is_ascii_alphanumeric() || c == '/') {
      return Err(at.err(format!("invalid location abbreviation: {abbr}")));
    }
    let parts: Vec<&str> = left.split("->").map(str::trim).collect();
    let name = match parts.as_slice() {
      [name] => name.to_string(),
      [old, name] => {
        self.rename(&old.to_uppercase(), &abbr, at)?;
        name.to_string()
      }
      _ => return Err(at.err("bad rename")),
    };
    self.names.retain(|n| n.abbr != abbr);
    let aliases = right[1..].iter().map(|a| a.to_string()).collect();
    self.names.push(PlaceName { name, abbr, aliases, at: at.clone() });
    Ok(())
  }

  /// `OLD -> New = new`: a location renamed everywhere.
  fn rename(&mut self, old: &str, new: &str, at: &Pos) -> Result<(), ConvertError> {
    if !self.names.iter().any(|n| n.abbr == old) {
      return Err(at.err(format!("invalid rename location: {old}")));
    }
    self.names.retain(|n| n.abbr != old);
    if old == new {
      return Ok(());
    }
    let keys: Vec<String> = self.locs.keys().filter(|k| k.to_uppercase() == old).cloned().collect();
    for key in keys {
      if let Some(loc) = self.locs.remove(&key) {
        let to = if key == old { new.to_string() } else { new.to_lowercase() };
        self.locs.insert(to, loc);
      }
    }
    let swap = |s: &mut String| {
      if s == old {
        *s = new.to_string();
      }
    };
    for p in self.powers.values_mut() {
      p.homes.iter_mut().for_each(swap);
      p.partisan.iter_mut().for_each(swap);
      p.hidden.iter_mut().for_each(swap);
      if let Some(c) = &mut p.centers {
        c.iter_mut().for_each(swap);
      }
      for (home, limits) in &mut p.alternative {
        swap(home);
        limits.iter_mut().for_each(swap);
      }
      for unit in p.units.iter_mut().chain(self.neutral_units.iter_mut()) {
        if unit[2..] == *old {
          *unit = format!("{}{new}", &unit[..2]);
        }
      }
    }
    for loc in self.locs.values_mut() {
      for site in &mut loc.abuts {
        if site == old {
          *site = new.to_string();
        } else if *site == old.to_lowercase() {
          *site = new.to_lowercase();
        } else if *site == py_title(old) {
          *site = py_title(new);
        }
      }
    }
    for rule in &mut self.specials {
      if rule.from == old {
        rule.from = new.to_string();
      }
      if rule.to == old {
        rule.to = new.to_string();
      }
    }
    Ok(())
  }

  /// `DROP`: the place and everything that names it. `decoast` turns border
  /// entries naming a dropped coast into the bare province.
  fn drop(&mut self, place: &str, decoast: bool) {
    let starts = |s: &str| s.to_uppercase().starts_with(place);
    self.locs.retain(|k, _| !starts(k));
    self.names.retain(|n| !n.abbr.starts_with(place));
    let province = province_of(place).to_string();
    for p in self.powers.values_mut() {
      p.homes.retain(|h| h != place);
      p.partisan.retain(|h| h != place);
      p.hidden.retain(|h| h != place);
      p.alternative.retain(|(h, _)| h != place);
      if let Some(c) = &mut p.centers {
        c.retain(|h| h != place);
      }
      p.units.retain(|u| province_of(&u[2..]) != province);
    }
    self.neutral_units.retain(|u| province_of(&u[2..]) != province);
    for loc in self.locs.values_mut() {
      let before = loc.abuts.len();
      loc.abuts.retain(|s| !starts(s));
      if decoast && loc.abuts.len() != before && !loc.abuts.contains(&province) {
        loc.abuts.push(province.clone());
      }
    }
    self.specials.retain(|r| !r.from.starts_with(place) && !r.to.starts_with(place));
  }

  /// `AMEND|WATER|LAND|COAST|PORT|SHUT place [ABUTS …]`.
  fn terrain_line(&mut self, word: &[&str], at: &Pos) -> Result<(), ConvertError> {
    let kind = word[0].to_uppercase();
    let place = word[1].to_string();
    let other = swapcase(&place);
    if let Some(old) = self.locs.remove(&other) {
      if kind == "AMEND" {
        self.locs.insert(place.clone(), Loc { at: at.clone(), ..old });
      }
      if place.chars().all(|c| !c.is_lowercase()) {
        let coasts: Vec<String> =
          self.locs.keys().filter(|k| k.starts_with(&format!("{place}/"))).cloned().collect();
        for coast in coasts {
          self.drop(&coast, true);
        }
      }
    }
    if kind != "AMEND" {
      let loc = self.locs.entry(place.clone()).or_insert_with(|| Loc {
        terrain: String::new(),
        abuts: Vec::new(),
        at: at.clone(),
      });
      loc.terrain = kind.clone();
      loc.at = at.clone();
      if word.len() > 2 {
        loc.abuts.clear();
      }
    } else if !self.locs.contains_key(&place) {
      return Err(at.err(format!("no data to AMEND for {place}")));
    } else if let Some(loc) = self.locs.get_mut(&place) {
      loc.at = at.clone();
    }
    if word.len() > 2 && !word[2].eq_ignore_ascii_case("ABUTS") {
      return Err(at.err(format!("no ABUTS for {place}")));
    }
    for dest in word.iter().skip(3) {
      if let Some(gone) = dest.strip_prefix('-') {
        let gone = gone.to_uppercase();
        if let Some(loc) = self.locs.get_mut(&place) {
          loc.abuts.retain(|s| !s.to_uppercase().starts_with(&gone));
        }
        let gone3: String = gone.chars().take(3).collect();
        self.specials.retain(|r| r.from != gone3 && r.to != gone3);
        continue;
      }
      let mut dest = dest.to_string();
      let mut kinds = Vec::new();
      if dest.contains(':') {
        return Err(
          at.err(format!("power-restricted border {dest} cannot be expressed in the map format")),
        );
      }
      if dest.matches('(').count() == 1 && dest.ends_with(')') {
        let open = dest.find('(').unwrap_or(0);
        let need =
          dest[open + 1..dest.len() - 1].split(',').map(|c| c.trim().to_uppercase()).collect();
        kinds.push(Special::Owner(need));
        dest.truncate(open);
      }
      while let Some(c) = dest.chars().next().filter(|c| !c.is_ascii_alphanumeric()) {
        kinds.push(special(c, at)?);
        dest.remove(0);
      }
      while let Some(c) = dest.chars().last().filter(|c| !c.is_ascii_alphanumeric()) {
        kinds.push(special(c, at)?);
        dest.pop();
      }
      if dest.is_empty() {
        return Err(at.err(format!("bad special border for {place}")));
      }
      let to = province_of(&dest.to_uppercase()).to_string();
      for kind in kinds {
        self.specials.push(Rule {
          kind,
          from: place.to_uppercase(),
          to: to.clone(),
          at: at.clone(),
        });
      }
      if let Some(loc) = self.locs.get_mut(&place) {
        loc.abuts.push(dest);
      }
    }
    Ok(())
  }

  /// A power line: `[OLD ->] NAME [(adj[:X])] homes…`, or `UNOWNED homes…`.
  fn power_line(&mut self, word: &[&str], at: &Pos) -> Result<String, ConvertError> {
    let mut word: Vec<&str> = word.to_vec();
    let norm = |w: &str| {
      let up = w.to_uppercase();
      if up == "NEUTRAL" || up == "CENTERS" {
        UNOWNED.to_string()
      } else {
        power_key(w)
      }
    };
    let mut key = norm(word[0]);
    if word.len() > 2 && word[1] == "->" {
      let old = key;
      word.drain(..2);
      key = norm(word[0]);
      if old == UNOWNED || key == UNOWNED {
        return Err(at.err("renaming UNOWNED is not allowed"));
      }
      let Some(mut p) = self.powers.remove(&old) else {
        return Err(at.err(format!("renaming an undefined power: {old}")));
      };
      p.old_initial = p.initial.or(p.old_initial);
      p.initial = None;
      p.adjective = None;
      p.raw = word[0].to_string();
      p.at = at.clone();
      self.powers.insert(key.clone(), p);
      for d in self.dummies.iter_mut().chain(self.inhabits.iter_mut()) {
        if *d == old {
          *d = key.clone();
        }
      }
    }
    let entry = self.powers.entry(key.clone()).or_insert_with(|| Power {
      raw: word[0].to_string(),
      at: at.clone(),
      ..Power::default()
    });
    if key != UNOWNED && word.len() > 1 && word[1].starts_with('(') {
      let inner = word[1].trim_start_matches('(').trim_end_matches(')');
      let (own, initial) = match inner.split_once(':') {
        Some((own, abbrev)) => {
          let c = abbrev.chars().next().map(|c| c.to_ascii_uppercase());
          match c {
            Some(c) if c != 'M' && c != '?' => (own, Some(c)),
            _ => return Err(at.err("illegal power initial")),
          }
        }
        None => (inner, None),
      };
      entry.adjective = if own.is_empty() { None } else { Some(own.to_string()) };
      if initial.is_some() {
        entry.initial = initial;
      }
      word.remove(1);
    }
    let reinit = self.inhabits.contains(&key);
    if reinit {
      self.inhabits.retain(|k| *k != key);
    }
    self.add_homes(&key, &word[1..], reinit, at)?;
    Ok(key)
  }

  /// Home centres with their prefixes, as `Map.addHomes`.
  pub fn add_homes(
    &mut self,
    key: &str,
    homes: &[impl AsRef<str>],
    reinit: bool,
    at: &Pos,
  ) -> Result<(), ConvertError> {
    let mut freed = Vec::new();
    let Some(p) = self.powers.get_mut(key) else { return Err(at.err("homes before a power")) };
    if reinit {
      p.homes.clear();
      p.partisan.clear();
      p.hidden.clear();
      p.alternative.clear();
    }
    for home in homes {
      let mut home = home.as_ref().to_uppercase();
      let (mut remove, mut partisan, mut hidden, mut alternative) = (false, false, false, false);
      while let Some(c) = home.chars().next() {
        match c {
          '-' => remove = true,
          '*' => partisan = true,
          '~' => hidden = true,
          '@' => alternative = true,
          '+' => {
            return Err(at.err(format!("factory {home} cannot be expressed in the map format")))
          }
          _ => break,
        }
        home.remove(0);
      }
      if home.is_empty() {
        continue;
      }
      let mut limits = Vec::new();
      if let (Some(open), true) = (home.find('('), home.ends_with(')')) {
        limits = home[open + 1..home.len() - 1]
          .split(',')
          .filter(|s| !s.is_empty())
          .map(String::from)
          .collect();
        home.truncate(open);
      }
      if home.is_empty() {
        continue;
      }
      p.alternative.retain(|(h, _)| *h != home);
      p.hidden.retain(|h| *h != home);
      if p.partisan.contains(&home) {
        p.partisan.retain(|h| *h != home);
      } else if let Some(i) = p.homes.iter().position(|h| *h == home) {
        p.homes.remove(i);
        if key != UNOWNED {
          freed.push(home.clone());
        }
      }
      if !remove {
        if alternative {
          p.alternative.push((home.clone(), limits));
        }
        if hidden {
          p.hidden.push(home.clone());
        }
        if partisan {
          p.partisan.push(home);
        } else {
          p.homes.push(home);
        }
      }
    }
    if !freed.is_empty() {
      let unowned = self
        .powers
        .entry(UNOWNED.into())
        .or_insert_with(|| Power { raw: UNOWNED.into(), ..Power::default() });
      unowned.homes.extend(freed);
    }
    Ok(())
  }

  /// Terrain of a location (either case), as `Map.areatype`.
  pub fn area_type<'a>(&'a self, loc: &str, open: &'a BTreeMap<String, String>) -> Option<&'a str> {
    let up = loc.to_uppercase();
    if let Some(t) = open.get(&up) {
      return Some(t);
    }
    self.locs.get(&up).or_else(|| self.locs.get(&loc.to_lowercase())).map(|l| l.terrain.as_str())
  }

  pub fn abut_list(&self, loc: &str) -> &[String] {
    self.locs.get(loc).or_else(|| self.locs.get(&loc.to_lowercase())).map_or(&[], |l| &l.abuts)
  }

  /// `Map.abuts` for a move (`-`): can a unit of this type move from `from` to `to`?
  pub fn abuts(&self, fleet: bool, from: &str, to: &str, open: &BTreeMap<String, String>) -> bool {
    let to = to.to_uppercase();
    if to.contains('/') && !fleet {
      return false;
    }
    let Some(place) = self.abut_list(from).iter().find(|p| {
      let up = p.to_uppercase();
      up == to || province_of(&up) == to
    }) else {
      return false;
    };
    let Some(kind) = self.area_type(&to, open) else { return false };
    if kind == "SHUT" {
      return false;
    }
    if fleet {
      let first_upper = place.chars().next().is_some_and(|c| !c.is_lowercase());
      kind != "LAND" && first_upper && self.locs.contains_key(&to)
    } else {
      kind != "WATER" && *place != py_title(place)
    }
  }

  /// Where a fleet may stand (`Map.isValidUnit`).
  pub fn fleet_ok(&self, loc: &str, open: &BTreeMap<String, String>) -> bool {
    matches!(self.area_type(loc, open), Some("WATER" | "COAST" | "PORT"))
      && !self.locs.contains_key(&loc.to_lowercase())
  }

  /// Where an army may stand.
  pub fn army_ok(&self, loc: &str, open: &BTreeMap<String, String>) -> bool {
    !loc.contains('/') && matches!(self.area_type(loc, open), Some("LAND" | "COAST" | "PORT"))
  }

  /// All supply centres (`Map.validate`).
  pub fn centres(&self) -> BTreeSet<String> {
    let mut scs = BTreeSet::new();
    for p in self.powers.values() {
      scs.extend(p.homes.iter().filter(|h| *h != "&SC").cloned());
      if let Some(c) = &p.centers {
        scs.extend(c.iter().filter(|h| *h != "SC!" && *h != "SC?").cloned());
      }
    }
    scs
  }
}

fn special(c: char, at: &Pos) -> Result<Special, ConvertError> {
  match c {
    '*' => Ok(Special::Half),
    '~' => Ok(Special::Strait),
    _ => Err(at.err(format!("unknown special border mark {c}"))),
  }
}

/// The province part of a location (`SPA/NC` → `SPA`).
pub fn province_of(loc: &str) -> &str {
  loc.split('/').next().unwrap_or(loc)
}

fn swapcase(s: &str) -> String {
  s.chars()
    .map(|c| if c.is_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
    .collect()
}

/// Python's `str.title()`: a letter after a non-letter is upper case, others lower.
pub fn py_title(s: &str) -> String {
  let mut out = String::new();
  let mut prev_letter = false;
  for c in s.chars() {
    if c.is_alphabetic() {
      if prev_letter {
        out.extend(c.to_lowercase());
      } else {
        out.extend(c.to_uppercase());
      }
      prev_letter = true;
    } else {
      out.push(c);
      prev_letter = false;
    }
  }
  out
}
