//! Reading a map data file (TOML, described in `docs/maps.md`) into a
//! validated [`Map`]. Every inconsistency is reported with the province and
//! the neighbour concerned, so a variant author can fix the file.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

use super::names::NameIndex;
use super::{
  AlternativeHome, Calendar, Coast, During, League, LeagueKind, Location, Map, NeutralUnit, Power,
  PowerDuring, PowerId, Province, ProvinceId, SeasonStep, StartingUnit, StepPhase, Terrain,
  UnitType,
};

/// Why a map file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
  #[error("map file is not valid TOML: {message}")]
  Syntax { message: String },
  #[error("no variant named '{name}' (known: {known})")]
  UnknownVariant { name: String, known: String },
  #[error("province '{abbr}' is listed twice")]
  DuplicateProvince { abbr: String },
  #[error("the name '{name}' is used by both {first} and {second}")]
  DuplicateName { name: String, first: String, second: String },
  #[error("{province} names unknown neighbour '{neighbour}'")]
  UnknownSpace { province: String, neighbour: String },
  #[error(
    "{province} lists {neighbour} as {kind} neighbour, but {neighbour} does not list it back"
  )]
  AsymmetricAdjacency { province: String, neighbour: String, kind: &'static str },
  #[error("{province} has an army border with {neighbour}, but one of them is not land")]
  ArmyBorderOffLand { province: String, neighbour: String },
  #[error("{province} has a fleet border with {neighbour}, but one of them is inland")]
  FleetBorderInland { province: String, neighbour: String },
  #[error("'{location}' names coast '{coast}', but {province} has no such coast")]
  NoSuchCoast { location: String, coast: String, province: String },
  #[error("{province} has a single coast, so '{location}' may not name one")]
  CoastOnSingleCoastProvince { province: String, location: String },
  #[error("{province} has several coasts, so '{location}' must name one")]
  MissingCoast { province: String, location: String },
  #[error("{province} has coasts but is not a coastal province")]
  CoastsOffCoast { province: String },
  #[error(
    "{province}: a province with coasts lists its fleet borders per coast, not under `fleet`"
  )]
  FleetListWithCoasts { province: String },
  #[error("unknown terrain '{terrain}' for {province} (use sea, coast, land, port or impassable)")]
  UnknownTerrain { province: String, terrain: String },
  #[error("power {power}: {message}")]
  BadPower { power: String, message: String },
  #[error("starting unit '{unit}' of {power}: {message}")]
  BadUnit { power: String, unit: String, message: String },
  #[error("first_phase '{phase}' is not a turn id of this map's calendar, like S1901M")]
  BadFirstPhase { phase: String },
  #[error("calendar: {message}")]
  BadCalendar { message: String },
  #[error("{province}: {message}")]
  BadBorder { province: String, message: String },
  #[error("during {phase}: {message}")]
  BadDuring { phase: String, message: String },
  #[error("the map has {count} provinces; at most 65535 are supported")]
  TooManyProvinces { count: usize },
}

/// A map's Payola directives (`[payola]`).
#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct PayolaEntry {
  #[serde(default)]
  rules: Vec<String>,
  /// AgP per centre a year (`TAX n`).
  tax: Option<u32>,
  /// The most income a power gets in a year (`CAP n`).
  cap: Option<u32>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct MapFile {
  name: String,
  #[serde(default)]
  source: String,
  victory_centers: u32,
  first_phase: String,
  #[serde(default)]
  rules: Vec<String>,
  /// The map's `PAYOLA DIRECTIVES`: rules and income in Payola games.
  payola: Option<PayolaEntry>,
  #[serde(default)]
  new_homes: Vec<i32>,
  /// The board file the variant is drawn on, when not its own.
  board: Option<String>,
  calendar: Option<CalendarEntry>,
  #[serde(default, rename = "power")]
  powers: Vec<PowerEntry>,
  neutral: Option<NeutralEntry>,
  #[serde(default)]
  during: Vec<DuringEntry>,
  #[serde(default, rename = "province")]
  provinces: Vec<ProvinceEntry>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct CalendarEntry {
  #[serde(default = "one")]
  year_step: i32,
  era: Option<String>,
  #[serde(rename = "season")]
  seasons: Vec<SeasonEntry>,
}

fn one() -> i32 {
  1
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct SeasonEntry {
  name: String,
  id: Option<String>,
  phases: Vec<String>,
  when_year_mod: Option<(u32, u32)>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct PowerEntry {
  name: String,
  adjective: String,
  initial: String,
  #[serde(default)]
  home: Vec<String>,
  owns: Option<Vec<String>>,
  #[serde(default)]
  units: Vec<String>,
  #[serde(default)]
  dummy: bool,
  #[serde(default)]
  partisan: Vec<String>,
  #[serde(default)]
  alternative_homes: Vec<AlternativeEntry>,
  #[serde(default)]
  hidden_builds: Vec<String>,
  #[serde(default)]
  claim_home: bool,
  #[serde(default)]
  mobilize: Vec<String>,
  league: Option<LeagueEntry>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct AlternativeEntry {
  center: String,
  #[serde(default)]
  instead_of: Vec<String>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct LeagueEntry {
  name: String,
  #[serde(default = "member")]
  kind: String,
  #[serde(default)]
  protects: Vec<String>,
}

fn member() -> String {
  "member".into()
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct NeutralEntry {
  #[serde(default)]
  units: Vec<String>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct DuringEntry {
  phase: String,
  #[serde(default)]
  terrain: BTreeMap<String, String>,
  #[serde(default, rename = "power")]
  powers: Vec<PowerDuringEntry>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct PowerDuringEntry {
  name: String,
  home: Option<Vec<String>>,
  alternative_homes: Option<Vec<AlternativeEntry>>,
  hidden_builds: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Debug))]
#[serde(deny_unknown_fields)]
struct ProvinceEntry {
  abbr: String,
  name: String,
  #[serde(default)]
  aliases: Vec<String>,
  terrain: String,
  /// Land and water at once when the game plays duality (SET DUALITY):
  /// a coast that is then a port (the standard map's Constantinople and
  /// Denmark). A port is dual by nature.
  #[serde(default)]
  dual: bool,
  #[serde(default)]
  supply_center: bool,
  #[serde(default)]
  army: Vec<String>,
  #[serde(default)]
  fleet: Vec<String>,
  #[serde(default)]
  coasts: BTreeMap<String, Vec<String>>,
  #[serde(default)]
  half_strength: Vec<String>,
  #[serde(default)]
  strait: Vec<String>,
  #[serde(default)]
  owner_only: BTreeMap<String, Vec<String>>,
}

pub(super) fn load(text: &str) -> Result<Map, MapError> {
  load_with(text, None)
}

/// [`load`], with the map's dual provinces made ports (`Some(true)`, SET
/// DUALITY) or ordinary coasts (`Some(false)`, SET NO DUALITY) rather
/// than as the file writes them (`None`).
pub(super) fn load_with(text: &str, duality: Option<bool>) -> Result<Map, MapError> {
  let file: MapFile =
    toml::from_str(text).map_err(|e| MapError::Syntax { message: e.message().to_string() })?;
  build(file, duality)
}

/// [`load_with`] for a built-in map, from the JSON that `build.rs` made of
/// its TOML `text`: serde_json reads it some ten times faster than the TOML
/// is parsed, and a process loads its map at every message. Where there is
/// no JSON (the TOML did not parse) or it does not fit, the TOML is read,
/// so that the error is the one the file has always given.
pub(super) fn load_builtin(json: &str, text: &str, duality: Option<bool>) -> Result<Map, MapError> {
  match serde_json::from_str::<MapFile>(json) {
    Ok(file) => build(file, duality),
    Err(_) => load_with(text, duality),
  }
}

/// Whether the built-in map's JSON reads as the same file as its TOML:
/// the JSON is used in its place (see [`load_builtin`]).
#[cfg(test)]
pub(super) fn json_reads_as_toml(json: &str, text: &str) -> Result<(), String> {
  let from_json: MapFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
  let from_toml: MapFile = toml::from_str(text).map_err(|e| e.to_string())?;
  let (json, toml) = (format!("{from_json:#?}"), format!("{from_toml:#?}"));
  if json == toml {
    Ok(())
  } else {
    Err(format!("the JSON reads as\n{json}\nthe TOML as\n{toml}"))
  }
}

/// The validated map of a parsed file.
fn build(file: MapFile, duality: Option<bool>) -> Result<Map, MapError> {
  if file.provinces.len() > usize::from(u16::MAX) {
    return Err(MapError::TooManyProvinces { count: file.provinces.len() });
  }
  let calendar = file.calendar.as_ref().map(load_calendar).transpose()?;
  let first_phase = turn_id(&file.first_phase, calendar.as_ref())
    .ok_or_else(|| MapError::BadFirstPhase { phase: file.first_phase.clone() })?;
  let ids = province_ids(&file.provinces)?;
  let opened = opened_terrain(&file.during, &ids)?;
  let mut provinces = Vec::with_capacity(file.provinces.len());
  for entry in &file.provinces {
    let mut province = build_province(entry, &ids, &file.provinces)?;
    match (duality, province.terrain) {
      (Some(true), Terrain::Coast) if province.dual => province.terrain = Terrain::Port,
      (Some(false), Terrain::Port) => province.terrain = Terrain::Coast,
      _ => {}
    }
    provinces.push(province);
  }
  check_symmetry(&provinces, &opened)?;
  link_seas(&mut provinces);
  let names = NameIndex::build(
    provinces.iter().map(|p| ((p.abbr.as_str(), p.name.as_str()), p.aliases.as_slice())),
  )?;
  let mut map = Map {
    key: String::new(),
    name: file.name,
    source: file.source,
    victory_centers: file.victory_centers,
    first_phase,
    rules: file.rules.iter().map(|r| r.trim().to_ascii_uppercase()).collect(),
    payola: file.payola.map_or_else(super::PayolaDirectives::default, |p| {
      super::PayolaDirectives {
        rules: p.rules.iter().map(|r| r.trim().to_ascii_uppercase()).collect(),
        tax: p.tax,
        cap: p.cap,
      }
    }),
    new_homes: file.new_homes,
    board: file.board,
    calendar,
    provinces,
    powers: Vec::new(),
    starting_units: Vec::new(),
    neutral_units: Vec::new(),
    during: Vec::new(),
    names,
  };
  load_powers(&mut map, &file.powers, &ids)?;
  if let Some(neutral) = &file.neutral {
    for unit in &neutral.units {
      let (kind, location) = parse_unit(&map, unit, &ids).map_err(|message| MapError::BadUnit {
        power: "neutral".into(),
        unit: unit.clone(),
        message,
      })?;
      map.neutral_units.push(NeutralUnit { kind, location });
    }
  }
  for entry in &file.during {
    let during = load_during(&map, entry, &ids)?;
    map.during.push(during);
  }
  Ok(map)
}

/// Reads a turn id of the map's calendar (`S1901M`, `W1900A`, `B273M`) into
/// its stored form: upper case, with `A` (the DPjudge's adjustments) as `B`.
fn turn_id(text: &str, calendar: Option<&Calendar>) -> Option<String> {
  let upper = text.trim().to_ascii_uppercase();
  let mut chars = upper.chars();
  let season = chars.next()?;
  let kind = chars.next_back()?;
  let year = chars.as_str();
  let season_ok = match calendar {
    None => matches!(season, 'S' | 'F' | 'U' | 'W'),
    Some(calendar) => calendar.seasons.iter().any(|s| s.id == season),
  };
  let kind = match kind {
    'M' | 'R' | 'B' => kind,
    'A' => 'B',
    _ => return None,
  };
  let year_ok = !year.is_empty() && year.len() <= 6 && year.bytes().all(|b| b.is_ascii_digit());
  (season_ok && year_ok).then(|| format!("{season}{year}{kind}"))
}

fn load_calendar(entry: &CalendarEntry) -> Result<Calendar, MapError> {
  let bad = |message: String| MapError::BadCalendar { message };
  if entry.year_step == 0 {
    return Err(bad("year_step may not be 0".into()));
  }
  if entry.seasons.is_empty() {
    return Err(bad("a calendar needs at least one season".into()));
  }
  let mut seasons = Vec::with_capacity(entry.seasons.len());
  for season in &entry.seasons {
    let id = match &season.id {
      Some(id) => {
        let mut chars = id.chars();
        match (chars.next(), chars.next()) {
          (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
          _ => return Err(bad(format!("season {}: id '{id}' must be one letter", season.name))),
        }
      }
      None => season
        .name
        .chars()
        .find(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .ok_or_else(|| bad(format!("season '{}' needs an id letter", season.name)))?,
    };
    if season.phases.is_empty() {
      return Err(bad(format!("season {} has no phases", season.name)));
    }
    let mut phases = Vec::with_capacity(season.phases.len());
    for word in &season.phases {
      phases.push(StepPhase::from_word(word).ok_or_else(|| {
        bad(format!(
          "season {}: unknown phase '{word}' (use movement, retreats, adjustments or income)",
          season.name
        ))
      })?);
    }
    if let Some((d, m)) = season.when_year_mod {
      if d == 0 || m >= d {
        return Err(bad(format!("season {}: when_year_mod [{d}, {m}] is impossible", season.name)));
      }
    }
    seasons.push(SeasonStep {
      name: season.name.clone(),
      id,
      phases,
      when_year_mod: season.when_year_mod,
    });
  }
  Ok(Calendar { year_step: entry.year_step, era: entry.era.clone(), seasons })
}

/// The terrain each province takes in some phase (a `[[during]]` entry),
/// which its borders are checked against when it is impassable otherwise.
fn opened_terrain(
  during: &[DuringEntry],
  ids: &HashMap<String, ProvinceId>,
) -> Result<HashMap<ProvinceId, Terrain>, MapError> {
  let mut opened = HashMap::new();
  for entry in during {
    for (place, word) in &entry.terrain {
      let province = resolve_province(&format!("during {}", entry.phase), place, ids)?;
      let terrain = terrain_word(word).ok_or_else(|| MapError::UnknownTerrain {
        province: place.clone(),
        terrain: word.clone(),
      })?;
      opened.insert(province, terrain);
    }
  }
  Ok(opened)
}

fn terrain_word(word: &str) -> Option<Terrain> {
  Some(match word.to_ascii_lowercase().as_str() {
    "sea" | "water" => Terrain::Sea,
    "coast" | "coastal" => Terrain::Coast,
    "land" | "inland" => Terrain::Land,
    "port" => Terrain::Port,
    "impassable" | "shut" => Terrain::Impassable,
    _ => return None,
  })
}

fn load_during(
  map: &Map,
  entry: &DuringEntry,
  ids: &HashMap<String, ProvinceId>,
) -> Result<During, MapError> {
  let phase = entry.phase.trim().to_ascii_uppercase();
  let bad = |message: String| MapError::BadDuring { phase: phase.clone(), message };
  let mut terrain = Vec::new();
  for (place, word) in &entry.terrain {
    let province = resolve_province(&format!("during {phase}"), place, ids)?;
    let kind = terrain_word(word).ok_or_else(|| bad(format!("unknown terrain '{word}'")))?;
    terrain.push((province, kind));
  }
  let mut powers = Vec::new();
  for change in &entry.powers {
    let power = map
      .power_ids()
      .find(|&p| map.power(p).name.eq_ignore_ascii_case(&change.name))
      .ok_or_else(|| bad(format!("unknown power '{}'", change.name)))?;
    let centres = |list: &[String]| -> Result<Vec<ProvinceId>, MapError> {
      list.iter().map(|c| supply_center(map, &change.name, c, ids)).collect()
    };
    powers.push(PowerDuring {
      power,
      home: change.home.as_deref().map(centres).transpose()?,
      alternative_homes: change
        .alternative_homes
        .as_deref()
        .map(|list| alternatives(map, &change.name, list, ids))
        .transpose()?,
      hidden_builds: change.hidden_builds.as_deref().map(centres).transpose()?,
    });
  }
  Ok(During { phase, terrain, powers })
}

fn supply_center(
  map: &Map,
  power: &str,
  text: &str,
  ids: &HashMap<String, ProvinceId>,
) -> Result<ProvinceId, MapError> {
  let province = resolve_province(power, text, ids)?;
  if !map.provinces[province.index()].supply_center {
    return Err(MapError::BadPower {
      power: power.to_string(),
      message: format!("{text} is not a supply centre"),
    });
  }
  Ok(province)
}

fn alternatives(
  map: &Map,
  power: &str,
  list: &[AlternativeEntry],
  ids: &HashMap<String, ProvinceId>,
) -> Result<Vec<AlternativeHome>, MapError> {
  list
    .iter()
    .map(|alt| {
      Ok(AlternativeHome {
        center: supply_center(map, power, &alt.center, ids)?,
        instead_of: alt
          .instead_of
          .iter()
          .map(|c| supply_center(map, power, c, ids))
          .collect::<Result<_, _>>()?,
      })
    })
    .collect()
}

fn province_ids(entries: &[ProvinceEntry]) -> Result<HashMap<String, ProvinceId>, MapError> {
  let mut ids = HashMap::new();
  for (index, entry) in entries.iter().enumerate() {
    let id = ProvinceId(
      u16::try_from(index).map_err(|_| MapError::TooManyProvinces { count: entries.len() })?,
    );
    if ids.insert(entry.abbr.to_ascii_lowercase(), id).is_some() {
      return Err(MapError::DuplicateProvince { abbr: entry.abbr.clone() });
    }
  }
  Ok(ids)
}

fn build_province(
  entry: &ProvinceEntry,
  ids: &HashMap<String, ProvinceId>,
  entries: &[ProvinceEntry],
) -> Result<Province, MapError> {
  let terrain = terrain_word(&entry.terrain).ok_or_else(|| MapError::UnknownTerrain {
    province: entry.abbr.clone(),
    terrain: entry.terrain.clone(),
  })?;
  let mut army = Vec::with_capacity(entry.army.len());
  for neighbour in &entry.army {
    army.push(resolve_province(&entry.abbr, neighbour, ids)?);
  }
  let resolve_fleet = |list: &[String]| -> Result<Vec<Location>, MapError> {
    list.iter().map(|n| resolve_location(&entry.abbr, n, ids, entries)).collect()
  };
  let fleet = resolve_fleet(&entry.fleet)?;
  let mut coasts = Vec::new();
  for (name, list) in &entry.coasts {
    let coast =
      Coast::from_word(&name.to_ascii_lowercase()).ok_or_else(|| MapError::NoSuchCoast {
        location: format!("{}/{name}", entry.abbr),
        coast: name.clone(),
        province: entry.abbr.clone(),
      })?;
    coasts.push((coast, resolve_fleet(list)?));
  }
  coasts.sort_by_key(|(coast, _)| *coast);
  if !coasts.is_empty() && !matches!(terrain, Terrain::Coast | Terrain::Port) {
    return Err(MapError::CoastsOffCoast { province: entry.abbr.clone() });
  }
  if !coasts.is_empty() && !fleet.is_empty() {
    return Err(MapError::FleetListWithCoasts { province: entry.abbr.clone() });
  }
  let is_border = |there: ProvinceId| {
    army.contains(&there)
      || fleet.iter().chain(coasts.iter().flat_map(|(_, l)| l)).any(|l| l.province == there)
  };
  let special = |list: &[String], what: &str| -> Result<Vec<ProvinceId>, MapError> {
    let mut out = Vec::with_capacity(list.len());
    for name in list {
      let there = resolve_province(&entry.abbr, name, ids)?;
      if !is_border(there) {
        return Err(MapError::BadBorder {
          province: entry.abbr.clone(),
          message: format!("{what} border with {name}, which is not a neighbour"),
        });
      }
      out.push(there);
    }
    Ok(out)
  };
  let half_strength = special(&entry.half_strength, "a half-strength")?;
  let strait = special(&entry.strait, "a strait")?;
  let mut owner_only = Vec::with_capacity(entry.owner_only.len());
  for (name, centres) in &entry.owner_only {
    let there = special(std::slice::from_ref(name), "an owner-only")?[0];
    let mut needed = Vec::with_capacity(centres.len());
    for centre in centres {
      let id = resolve_province(&entry.abbr, centre, ids)?;
      if !entries[id.index()].supply_center {
        return Err(MapError::BadBorder {
          province: entry.abbr.clone(),
          message: format!("the border with {name} needs {centre}, which is not a supply centre"),
        });
      }
      needed.push(id);
    }
    owner_only.push((there, needed));
  }
  Ok(Province {
    abbr: entry.abbr.clone(),
    name: entry.name.clone(),
    aliases: entry.aliases.clone(),
    terrain,
    dual: entry.dual || terrain == Terrain::Port,
    supply_center: entry.supply_center,
    home_of: Vec::new(),
    army,
    fleet,
    coasts,
    seas: Vec::new(),
    half_strength,
    strait,
    owner_only,
  })
}

fn resolve_province(
  from: &str,
  text: &str,
  ids: &HashMap<String, ProvinceId>,
) -> Result<ProvinceId, MapError> {
  ids.get(&text.to_ascii_lowercase()).copied().ok_or_else(|| MapError::UnknownSpace {
    province: from.to_string(),
    neighbour: text.to_string(),
  })
}

/// Reads `Spa/nc` or `Lon` from a map file, checking the coast against the
/// target province's own coast list.
fn resolve_location(
  from: &str,
  text: &str,
  ids: &HashMap<String, ProvinceId>,
  entries: &[ProvinceEntry],
) -> Result<Location, MapError> {
  let (name, coast) = match text.split_once('/') {
    Some((name, coast)) => (name, Some(coast)),
    None => (text, None),
  };
  let province = resolve_province(from, name, ids)?;
  let target = &entries[province.index()];
  match coast {
    None if !target.coasts.is_empty() => {
      Err(MapError::MissingCoast { province: target.abbr.clone(), location: text.to_string() })
    }
    None => Ok(Location::province(province)),
    Some(_) if target.coasts.is_empty() => Err(MapError::CoastOnSingleCoastProvince {
      province: target.abbr.clone(),
      location: text.to_string(),
    }),
    Some(word) => {
      let coast = Coast::from_word(&word.to_ascii_lowercase())
        .filter(|c| {
          target.coasts.keys().any(|k| Coast::from_word(&k.to_ascii_lowercase()) == Some(*c))
        })
        .ok_or_else(|| MapError::NoSuchCoast {
          location: text.to_string(),
          coast: word.to_string(),
          province: target.abbr.clone(),
        })?;
      Ok(Location { province, coast: Some(coast) })
    }
  }
}

/// Every border must be listed from both sides, with terrain that allows
/// it. An impassable province's borders are checked against the terrain a
/// `[[during]]` entry gives it; with none, it may have no borders.
fn check_symmetry(
  provinces: &[Province],
  opened: &HashMap<ProvinceId, Terrain>,
) -> Result<(), MapError> {
  let abbr = |id: ProvinceId| provinces[id.index()].abbr.clone();
  let terrain = |id: ProvinceId| match provinces[id.index()].terrain {
    Terrain::Impassable => opened.get(&id).copied().unwrap_or(Terrain::Impassable),
    other => other,
  };
  let land = |id: ProvinceId| matches!(terrain(id), Terrain::Coast | Terrain::Land | Terrain::Port);
  let watery =
    |id: ProvinceId| matches!(terrain(id), Terrain::Coast | Terrain::Sea | Terrain::Port);
  for (index, province) in provinces.iter().enumerate() {
    let here = ProvinceId(index as u16);
    for &there in &province.army {
      let other = &provinces[there.index()];
      if !land(here) || !land(there) {
        return Err(MapError::ArmyBorderOffLand {
          province: province.abbr.clone(),
          neighbour: other.abbr.clone(),
        });
      }
      if !other.army.contains(&here) {
        return Err(MapError::AsymmetricAdjacency {
          province: province.abbr.clone(),
          neighbour: abbr(there),
          kind: "an army",
        });
      }
    }
    let sides = std::iter::once((None, &province.fleet))
      .chain(province.coasts.iter().map(|(coast, list)| (Some(*coast), list)));
    for (coast, list) in sides {
      let from = Location { province: here, coast };
      for &to in list {
        let other = &provinces[to.province.index()];
        if !watery(here) || !watery(to.province) {
          return Err(MapError::FleetBorderInland {
            province: province.abbr.clone(),
            neighbour: other.abbr.clone(),
          });
        }
        let back = match to.coast {
          None => &other.fleet,
          Some(c) => other.coasts.iter().find(|(oc, _)| *oc == c).map_or(&other.fleet, |(_, l)| l),
        };
        if !back.contains(&from) {
          return Err(MapError::AsymmetricAdjacency {
            province: location_text(provinces, from),
            neighbour: location_text(provinces, to),
            kind: "a fleet",
          });
        }
      }
    }
  }
  Ok(())
}

fn location_text(provinces: &[Province], location: Location) -> String {
  let abbr = &provinces[location.province.index()].abbr;
  match location.coast {
    None => abbr.clone(),
    Some(coast) => format!("{abbr}/{}", coast.abbr()),
  }
}

fn load_powers(
  map: &mut Map,
  entries: &[PowerEntry],
  ids: &HashMap<String, ProvinceId>,
) -> Result<(), MapError> {
  if entries.len() > usize::from(u8::MAX) {
    return Err(MapError::BadPower {
      power: String::new(),
      message: "more than 255 powers".into(),
    });
  }
  for (index, entry) in entries.iter().enumerate() {
    let id = PowerId(index as u8);
    let bad = |message: String| MapError::BadPower { power: entry.name.clone(), message };
    let initial = power_initial(&entry.initial).map_err(bad)?;
    if map.powers.iter().any(|p| p.initial == initial || p.name.eq_ignore_ascii_case(&entry.name)) {
      return Err(bad("name or initial is used by another power".into()));
    }
    let centres = |list: &[String]| -> Result<Vec<ProvinceId>, MapError> {
      list.iter().map(|c| supply_center(map, &entry.name, c, ids)).collect()
    };
    let home_centers = centres(&entry.home)?;
    // A mobilizing power owns nothing until it builds (DPjudge `SC!`).
    let mobilizes = map.has_rule("MOBILIZE") || !entry.mobilize.is_empty();
    let owns = match &entry.owns {
      Some(list) => centres(list)?,
      None if mobilizes => Vec::new(),
      None => home_centers.clone(),
    };
    let mut partisan = Vec::with_capacity(entry.partisan.len());
    for site in &entry.partisan {
      partisan.push(resolve_province(&entry.name, site, ids)?);
    }
    let league = match &entry.league {
      None => None,
      Some(league) => Some(League {
        name: league.name.to_ascii_uppercase(),
        kind: match league.kind.to_ascii_lowercase().as_str() {
          "member" => LeagueKind::Member,
          "strict" => LeagueKind::Strict,
          "benign" => LeagueKind::Benign,
          other => {
            return Err(bad(format!("league kind '{other}' (use member, strict or benign)")))
          }
        },
        protects: league.protects.iter().map(|l| l.to_ascii_uppercase()).collect(),
      }),
    };
    let power = Power {
      name: entry.name.clone(),
      adjective: entry.adjective.clone(),
      initial,
      owns,
      dummy: entry.dummy,
      partisan,
      alternative_homes: alternatives(map, &entry.name, &entry.alternative_homes, ids)?,
      hidden_builds: centres(&entry.hidden_builds)?,
      claim_home: entry.claim_home,
      mobilize: centres(&entry.mobilize)?,
      league,
      home_centers,
    };
    for &home in &power.home_centers {
      map.provinces[home.index()].home_of.push(id);
    }
    map.powers.push(power);
    for unit in &entry.units {
      let (kind, location) = parse_unit(map, unit, ids).map_err(|message| MapError::BadUnit {
        power: entry.name.clone(),
        unit: unit.clone(),
        message,
      })?;
      map.starting_units.push(StartingUnit { power: id, kind, location });
    }
  }
  Ok(())
}

/// A power's initial: one character that SIGN ON, press lists and results
/// can use. `O`, `M` and `?` are SIGN ON's own (observer, master, join).
fn power_initial(text: &str) -> Result<char, String> {
  let mut chars = text.chars();
  match (chars.next(), chars.next()) {
    (Some(c), None) if c.is_ascii_graphic() => {
      let c = c.to_ascii_uppercase();
      if matches!(c, 'O' | 'M' | '?') {
        Err(format!("initial '{c}' is reserved by SIGN ON (observer, master, join)"))
      } else {
        Ok(c)
      }
    }
    _ => Err(format!("initial '{text}' must be one letter, digit or sign")),
  }
}

/// Reads a unit of the map file (`A Vie`, `F Stp/sc`), checking that it
/// may stand there and that no other unit starts in the province.
fn parse_unit(
  map: &Map,
  text: &str,
  ids: &HashMap<String, ProvinceId>,
) -> Result<(UnitType, Location), String> {
  let (kind, place) = text.trim().split_once(' ').ok_or("write it as 'A Vie' or 'F Stp/sc'")?;
  let kind = match kind {
    "A" | "a" => UnitType::Army,
    "F" | "f" => UnitType::Fleet,
    _ => return Err(format!("unknown unit type '{kind}'")),
  };
  let (name, coast) = match place.trim().split_once('/') {
    Some((name, coast)) => (name, Some(coast)),
    None => (place.trim(), None),
  };
  let province =
    *ids.get(&name.to_ascii_lowercase()).ok_or(format!("unknown province '{name}'"))?;
  let coast = match coast {
    None => None,
    Some(word) => {
      Some(Coast::from_word(&word.to_ascii_lowercase()).ok_or(format!("unknown coast '{word}'"))?)
    }
  };
  let location = Location { province, coast };
  if !map.can_stand(kind, location) {
    return Err(format!(
      "a {} cannot stand at {}",
      kind.name().to_lowercase(),
      map.location_abbr(location)
    ));
  }
  let taken = map.starting_units.iter().map(|u| u.location.province);
  if taken.chain(map.neutral_units.iter().map(|u| u.location.province)).any(|p| p == province) {
    return Err("another unit already starts there".into());
  }
  Ok((kind, location))
}

/// Records, for each province, the seas a fleet there reaches from any coast.
fn link_seas(provinces: &mut [Province]) {
  for index in 0..provinces.len() {
    let province = &provinces[index];
    let mut seas: Vec<ProvinceId> = province
      .fleet
      .iter()
      .chain(province.coasts.iter().flat_map(|(_, list)| list))
      .map(|l| l.province)
      .filter(|p| provinces[p.index()].terrain.convoys())
      .collect();
    seas.sort();
    seas.dedup();
    provinces[index].seas = seas;
  }
}
