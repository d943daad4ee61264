//! A board's geometry: the art of the map and, for every province, where
//! its unit, its name and its supply-centre marker go. Read from the
//! embedded `maps/boards/<name>.toml` (format: `docs/maps.md`); converted
//! once from the DPjudge's PostScript maps, so drawing needs no PostScript.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::map::{Coast, Location, Map, PowerId};

include!(concat!(env!("OUT_DIR"), "/boards.rs"));

/// A point in SVG user units, y pointing down.
pub type Point = [f64; 2];

/// One board file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
  /// The PostScript map it was converted from (`standard`).
  pub map: String,
  /// Where the geometry comes from, with its licence.
  pub source: String,
  /// `[x, y, width, height]` of the drawing.
  pub view_box: [f64; 4],
  /// Unit tokens' size relative to the standard board's.
  #[serde(default = "one")]
  pub token_scale: f64,
  /// The outline the board art is clipped to (SVG path data).
  #[serde(default)]
  pub clip: Option<String>,
  /// The board art in drawing order.
  #[serde(default, rename = "layer")]
  pub layers: Vec<Layer>,
  /// Where things go in each province.
  #[serde(default, rename = "space")]
  pub spaces: Vec<Space>,
  /// The colours of each power, by the DPjudge's name for it.
  #[serde(default, rename = "power")]
  pub powers: Vec<PowerColors>,
}

fn one() -> f64 {
  1.0
}

/// A filled shape (land, island, lake) or a stroked line (border, river).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layer {
  #[serde(default)]
  pub fill: Option<String>,
  #[serde(default)]
  pub stroke: Option<String>,
  #[serde(default)]
  pub width: Option<f64>,
  #[serde(default)]
  pub dash: Vec<f64>,
  /// SVG path data.
  pub d: String,
}

/// One province's points and shape.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Space {
  /// The province's abbreviation in the variant's map file.
  pub abbr: String,
  /// Where a unit stands (a fleet on a split coast: see `coasts`).
  pub unit: Point,
  /// Where the name goes.
  pub label: Point,
  /// Where the supply-centre marker goes.
  #[serde(default)]
  pub center: Option<Point>,
  /// Where a fleet stands on each coast, by the coast's abbreviation.
  #[serde(default)]
  pub coasts: BTreeMap<String, Point>,
  /// The province's outline (SVG path data), filled by its owner: closed
  /// rings, its parts' outlines and, drawn the other way round, holes, so
  /// either fill rule gives the same area. Every province of every
  /// built-in variant has one (`tests/it/board_geometry.rs`).
  #[serde(default)]
  pub shape: Option<String>,
}

/// A power's colours.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerColors {
  pub name: String,
  /// The power's colour (`#rrggbb`).
  pub color: String,
  /// A colour that reads on top of `color`.
  pub contrast: String,
}

/// Why a board cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
  #[error("no board drawing for the {0} map")]
  Missing(String),
  #[error("the board file {name} is broken: {reason}")]
  Broken { name: String, reason: String },
}

impl Board {
  /// A board file by its name (`standard`), parsed on first use: only
  /// the boards a process draws on are parsed (all 30 are 3 MB of TOML).
  pub fn builtin(name: &str) -> Result<&'static Board, BoardError> {
    static LOADED: [OnceLock<Result<Board, BoardError>>; BOARDS.len()] =
      [const { OnceLock::new() }; BOARDS.len()];
    let Some(index) = BOARDS.iter().position(|(key, _)| *key == name) else {
      return Err(BoardError::Missing(name.to_string()));
    };
    let (key, text) = BOARDS[index];
    let loaded = LOADED[index].get_or_init(|| {
      toml::from_str::<Board>(text)
        .map_err(|e| BoardError::Broken { name: key.to_string(), reason: e.to_string() })
    });
    loaded.as_ref().map_err(Clone::clone)
  }

  /// The board a variant is drawn on: the map's own `board`, else the
  /// board named like the variant.
  pub fn for_map(map: &Map) -> Result<&'static Board, BoardError> {
    Board::builtin(map.board())
  }

  /// The names of every embedded board.
  pub fn names() -> impl Iterator<Item = &'static str> {
    BOARDS.iter().map(|(key, _)| *key)
  }

  /// The space of a province, by the map's abbreviation (any case).
  pub fn space(&self, abbr: &str) -> Option<&Space> {
    self.spaces.iter().find(|s| s.abbr.eq_ignore_ascii_case(abbr))
  }

  /// Where a unit at `location` stands.
  pub fn unit_point(&self, map: &Map, location: Location) -> Option<Point> {
    let space = self.space(&map.province(location.province).abbr)?;
    match location.coast {
      Some(coast) => space.coasts.get(coast_key(coast)).copied().or(Some(space.unit)),
      None => Some(space.unit),
    }
  }

  /// A power's colours: by the power's name, ignoring case and anything
  /// but letters and digits (the DPjudge writes `POLAND-LITHUANIA`).
  pub fn colors(&self, map: &Map, power: PowerId) -> Option<&PowerColors> {
    let want = normal(&map.power(power).name);
    self.powers.iter().find(|p| normal(&p.name) == want)
  }
}

fn coast_key(coast: Coast) -> &'static str {
  coast.abbr()
}

fn normal(name: &str) -> String {
  name.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect()
}
