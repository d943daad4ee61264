//! Pictures of the board: a position, optionally with the phase's orders
//! and their results, drawn as SVG on the variant's board geometry
//! ([`board`]), and rendered to PNG for mail clients that do not show SVG.
//! Pure: the caller reads and writes the files and the mail.

mod arrows;
pub mod board;
mod chart;
mod legend;
mod names;
mod outline;
mod places;
mod png;
mod svg;
mod tokens;

pub use board::{Board, BoardError, Point};
pub use chart::{chart_svg, Chart, ChartLine};
pub use png::FONT_FAMILY;

use crate::map::{Map, PowerId};
use crate::order::ParsedOrder;
use crate::position::{Dislodged, Position};

/// What one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
  pub map: &'a Map,
  /// The title line: game, variant and phase
  /// (`Game 'alpha', Standard, Spring 1901 movement`).
  pub title: String,
  /// The units and centre owners drawn; with orders, the position the
  /// orders were given in.
  pub position: &'a Position,
  /// Dislodged units to draw beside their province with their retreat
  /// options: after a movement phase, the units it dislodged. Empty, the
  /// position's own dislodged units are drawn (a retreat phase's).
  pub dislodged: &'a [Dislodged],
  /// The phase's orders, drawn as arrows and marks.
  pub orders: Vec<DrawnOrder>,
}

/// One order to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnOrder {
  pub power: PowerId,
  /// The order's text as given (the picture's `data-order`).
  pub text: String,
  /// Its meaning: the places the arrow joins.
  pub order: ParsedOrder,
  /// `ok`, or the results' annotation (`bounce`, `cut`, `dislodged`,
  /// `invalid`); `None` before the phase is adjudicated.
  pub result: Option<String>,
}

/// Why a picture could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
  #[error(transparent)]
  Board(#[from] BoardError),
  #[error("the {board} board has no place for {location}")]
  NoPlace { board: String, location: String },
  #[error("cannot render the picture: {0}")]
  Render(String),
}

/// The scene as an SVG document.
pub fn svg(scene: &Scene<'_>) -> Result<String, DrawError> {
  svg::draw(scene, true)
}

/// The scene as an SVG document when its centre owners are not known
/// (a response of `judge adjudicate` on its own, after a Spring turn,
/// gives none): the centres are drawn as owner unknown, not as anyone's,
/// and the legend says so instead of counting them.
pub fn svg_owners_unknown(scene: &Scene<'_>) -> Result<String, DrawError> {
  svg::draw(scene, false)
}

/// `svg`, a picture of `map`, with every province made a click target
/// carrying its abbreviation (the web's board to order by tapping).
pub fn with_click_targets(svg: &str, map: &Map) -> Result<String, DrawError> {
  let targets = svg::click_targets(map)?;
  let end = svg.rfind("</svg>").unwrap_or(svg.len());
  Ok(format!("{}{targets}{}", &svg[..end], &svg[end..]))
}

/// Where the token of a unit at `location` is centred on `map`'s board,
/// the same in every picture.
pub fn token_point(map: &Map, location: crate::map::Location) -> Result<Point, DrawError> {
  svg::token_point(map, location)
}

/// The PNG scale for mail: nine tenths of the picture's size in pixels
/// (about 910 pixels wide for the standard board), which keeps a
/// standard position's PNG well under 150 KB.
pub const PNG_SCALE: f32 = 0.9;

/// An SVG picture as PNG, `scale` times its size in pixels (the SVG's
/// `width` and `height`; [`PNG_SCALE`] for mail).
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, DrawError> {
  png::render(svg, scale)
}
