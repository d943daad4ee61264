//! Reading a map data file (TOML, described in `docs/maps.md`) into a
//! validated [`Map`]. Every inconsistency is reported with the province and
//! the neighbour concerned, so a variant author can fix the file.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;

use super::names::NameIndex;
use super::{
  Coast, Location, Map, Power, PowerId, Province, ProvinceId, StartingUnit, Terrain, UnitType,
};

/// Why a map file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
  #[error("map file is not valid TOML: {message}")]
  Syntax { message: String },
  #[error("no variant named '{name}' (known: standard)")]
  UnknownVariant { name: String },
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
  #[error("unknown terrain '{terrain}' for {province} (use sea, coast, land or impassable)")]
  UnknownTerrain { province: String, terrain: String },
  #[error("power {power}: {message}")]
  BadPower { power: String, message: String },
  #[error("starting unit '{unit}' of {power}: {message}")]
  BadUnit { power: String, unit: String, message: String },
  #[error("first_phase '{phase}' is not a turn id like S1901M")]
  BadFirstPhase { phase: String },
  #[error("the map has {count} provinces; at most 65535 are supported")]
  TooManyProvinces { count: usize },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
  name: String,
  victory_centers: u32,
  first_phase: String,
  #[serde(default, rename = "power")]
  powers: Vec<PowerEntry>,
  #[serde(default, rename = "province")]
  provinces: Vec<ProvinceEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerEntry {
  name: String,
  adjective: String,
  initial: String,
  #[serde(default)]
  home: Vec<String>,
  #[serde(default)]
  units: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvinceEntry {
  abbr: String,
  name: String,
  #[serde(default)]
  aliases: Vec<String>,
  terrain: String,
  #[serde(default)]
  supply_center: bool,
  #[serde(default)]
  army: Vec<String>,
  #[serde(default)]
  fleet: Vec<String>,
  #[serde(default)]
  coasts: BTreeMap<String, Vec<String>>,
}

pub(super) fn load(text: &str) -> Result<Map, MapError> {
  let file: MapFile =
    toml::from_str(text).map_err(|e| MapError::Syntax { message: e.message().to_string() })?;
  if file.provinces.len() > usize::from(u16::MAX) {
    return Err(MapError::TooManyProvinces { count: file.provinces.len() });
  }
  if !is_turn_id(&file.first_phase) {
    return Err(MapError::BadFirstPhase { phase: file.first_phase });
  }
  let ids = province_ids(&file.provinces)?;
  let mut provinces = Vec::with_capacity(file.provinces.len());
  for entry in &file.provinces {
    provinces.push(build_province(entry, &ids, &file.provinces)?);
  }
  check_symmetry(&provinces)?;
  link_seas(&mut provinces);
  let names = NameIndex::build(
    provinces.iter().map(|p| ((p.abbr.as_str(), p.name.as_str()), p.aliases.as_slice())),
  )?;
  let mut map = Map {
    name: file.name,
    victory_centers: file.victory_centers,
    first_phase: file.first_phase.to_ascii_uppercase(),
    provinces,
    powers: Vec::new(),
    starting_units: Vec::new(),
    names,
  };
  load_powers(&mut map, &file.powers, &ids)?;
  Ok(map)
}

fn is_turn_id(text: &str) -> bool {
  let bytes = text.as_bytes();
  bytes.len() >= 6
    && matches!(bytes[0].to_ascii_uppercase(), b'S' | b'F' | b'U' | b'W')
    && bytes[1..bytes.len() - 1].iter().all(u8::is_ascii_digit)
    && matches!(bytes[bytes.len() - 1].to_ascii_uppercase(), b'M' | b'R' | b'B')
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
  let terrain = match entry.terrain.to_ascii_lowercase().as_str() {
    "sea" | "water" => Terrain::Sea,
    "coast" | "coastal" => Terrain::Coast,
    "land" | "inland" => Terrain::Land,
    "impassable" => Terrain::Impassable,
    other => {
      return Err(MapError::UnknownTerrain {
        province: entry.abbr.clone(),
        terrain: other.to_string(),
      })
    }
  };
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
  if !coasts.is_empty() && terrain != Terrain::Coast {
    return Err(MapError::CoastsOffCoast { province: entry.abbr.clone() });
  }
  if !coasts.is_empty() && !fleet.is_empty() {
    return Err(MapError::FleetListWithCoasts { province: entry.abbr.clone() });
  }
  Ok(Province {
    abbr: entry.abbr.clone(),
    name: entry.name.clone(),
    aliases: entry.aliases.clone(),
    terrain,
    supply_center: entry.supply_center,
    home_of: None,
    army,
    fleet,
    coasts,
    seas: Vec::new(),
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

/// Every border must be listed from both sides, with terrain that allows it.
fn check_symmetry(provinces: &[Province]) -> Result<(), MapError> {
  let abbr = |id: ProvinceId| provinces[id.index()].abbr.clone();
  for (index, province) in provinces.iter().enumerate() {
    let here = ProvinceId(index as u16);
    for &there in &province.army {
      let other = &provinces[there.index()];
      if !province.is_land() || !other.is_land() {
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
        if !province.is_water_or_coast() || !other.is_water_or_coast() {
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
    let mut initial = entry.initial.chars();
    let letter = match (initial.next(), initial.next()) {
      (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
      _ => return Err(bad(format!("initial '{}' must be one letter", entry.initial))),
    };
    if map.powers.iter().any(|p| p.initial == letter || p.name.eq_ignore_ascii_case(&entry.name)) {
      return Err(bad("name or initial is used by another power".into()));
    }
    let mut home_centers = Vec::new();
    for home in &entry.home {
      let province = resolve_province(&entry.name, home, ids)?;
      let target = &mut map.provinces[province.index()];
      if !target.supply_center {
        return Err(bad(format!("home centre {home} is not a supply centre")));
      }
      if target.home_of.is_some() {
        return Err(bad(format!("home centre {home} belongs to another power")));
      }
      target.home_of = Some(id);
      home_centers.push(province);
    }
    map.powers.push(Power {
      name: entry.name.clone(),
      adjective: entry.adjective.clone(),
      initial: letter,
      home_centers,
    });
    for unit in &entry.units {
      let starting = parse_starting_unit(map, id, unit, ids).map_err(|message| {
        MapError::BadUnit { power: entry.name.clone(), unit: unit.clone(), message }
      })?;
      map.starting_units.push(starting);
    }
  }
  Ok(())
}

fn parse_starting_unit(
  map: &Map,
  power: PowerId,
  text: &str,
  ids: &HashMap<String, ProvinceId>,
) -> Result<StartingUnit, String> {
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
  if map.starting_units.iter().any(|u| u.location.province == province) {
    return Err("another unit already starts there".into());
  }
  Ok(StartingUnit { power, kind, location })
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
      .filter(|p| provinces[p.index()].terrain == Terrain::Sea)
      .collect();
    seas.sort();
    seas.dedup();
    provinces[index].seas = seas;
  }
}
