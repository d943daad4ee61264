//! The SVG document of a scene: the board art, owners' tints, centres and
//! names (cached per board and map, as they do not change with the scene),
//! then the orders, the units, the title and the legend.
//!
//! The picture's height is the board's plus a title bar above and a legend
//! below, so nothing covers the board. Sizes are in the board's user units
//! times its `token_scale`, so a token has the same size on every board.

use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::sync::{Arc, Mutex, OnceLock};

use super::board::{Board, Space};
use super::{arrows, legend, tokens, DrawError, Point, Scene, FONT_FAMILY};
use crate::map::{Location, Map, PowerId, ProvinceId, Terrain};

/// Pixels per user unit on the standard board: about 1000 pixels wide.
const PIXELS_PER_UNIT: f64 = 1.6;
/// The widest picture, in pixels: Imperial's world, whose small tokens
/// keep its Europe legible, is drawn this wide so its text stays about
/// the standard board's size in pixels.
const MAX_WIDTH: f64 = 3300.0;
/// The colour of outlines drawn around tokens and arrows.
pub(super) const INK: &str = "#1a1a1a";

/// What every part of the drawing needs to know.
pub(super) struct Ctx<'a> {
  pub map: &'a Map,
  pub board: &'static Board,
  /// The size of one standard unit on this board.
  pub u: f64,
  /// Fill and contrast colour of each power, by [`PowerId::index`].
  pub colors: Vec<(String, String)>,
  /// The colour of an unowned centre.
  pub neutral: String,
  /// False when the scene's centre owners are not known.
  pub owners_known: bool,
  /// The board space of each province, by [`ProvinceId::index`].
  spaces: Arc<Statics>,
}

impl Ctx<'_> {
  /// Where a unit's token is centred at `location`.
  pub fn point(&self, location: Location) -> Result<Point, DrawError> {
    let index = location.province.index();
    let coast = location.coast.map(|c| c.abbr());
    let of_province = self.spaces.places.iter().filter(|p| p.province == index);
    let mut found = None;
    for place in of_province {
      if place.coast.as_deref() == coast {
        found = Some(place.at);
        break;
      }
      if place.coast.is_none() {
        found = Some(place.at);
      }
    }
    found.ok_or_else(|| no_place(self.map, self.board, location))
  }

  /// The board's space for a province.
  pub fn space(&self, province: ProvinceId) -> Option<&'static Space> {
    let board: &'static Board = self.board;
    self.spaces.space_of.get(province.index()).and_then(|&i| board.spaces.get(i))
  }

  pub fn color(&self, power: PowerId) -> &str {
    self.colors.get(power.index()).map_or("#808080", |c| c.0.as_str())
  }

  pub fn contrast(&self, power: PowerId) -> &str {
    self.colors.get(power.index()).map_or("#000000", |c| c.1.as_str())
  }
}

fn no_place(map: &Map, board: &Board, location: Location) -> DrawError {
  DrawError::NoPlace { board: board.map.clone(), location: map.location_abbr(location) }
}

/// A number printed compactly: at most two decimals, no trailing zeros.
#[derive(Clone, Copy)]
pub(super) struct N(pub f64);

impl fmt::Display for N {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let hundredths = (self.0 * 100.0).round();
    if !hundredths.is_finite() {
      return f.write_str("0");
    }
    let value = hundredths as i64;
    if value % 100 == 0 {
      write!(f, "{}", value / 100)
    } else if value % 10 == 0 {
      write!(f, "{:.1}", hundredths / 100.0)
    } else {
      write!(f, "{:.2}", hundredths / 100.0)
    }
  }
}

/// Writes the scene.
pub(super) fn draw(scene: &Scene<'_>, owners_known: bool) -> Result<String, DrawError> {
  let map = scene.map;
  let board = Board::for_map(map)?;
  let statics = statics(map, board)?;
  let mut ctx = context(map, board, statics.clone());
  ctx.owners_known = owners_known;
  let u = ctx.u;
  let [x, y, w, h] = board.view_box;
  let title_h = legend::title_height(u);
  let legend_h = legend::legend_height(&ctx, scene, w);
  let top = y - title_h;
  let total_h = h + title_h + legend_h;
  let mut ppu = PIXELS_PER_UNIT / u;
  let width_px = (w * ppu).clamp(640.0, MAX_WIDTH);
  ppu = width_px / w;

  let mut out = String::with_capacity(statics.fills.len() + statics.rest.len() + 32 * 1024);
  let _ = write!(
    out,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
     version=\"1.1\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\" font-family=\"{FONT_FAMILY}\">\n",
    N((w * ppu).round()),
    N((total_h * ppu).round()),
    N(x),
    N(top),
    N(w),
    N(total_h),
  );
  out.push_str("<title>");
  escape_into(&mut out, &scene.title);
  out.push_str("</title>\n<defs>\n");
  if let Some(clip) = &board.clip {
    out.push_str("<clipPath id=\"board-clip\"><path d=\"");
    escape_into(&mut out, clip);
    out.push_str("\"/></clipPath>\n");
  }
  arrows::markers(&mut out, &ctx, scene);
  out.push_str("</defs>\n");
  let _ = writeln!(
    out,
    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
    N(x),
    N(top),
    N(w),
    N(total_h)
  );

  // The board, clipped to its outline.
  if board.clip.is_some() {
    out.push_str("<g class=\"board\" clip-path=\"url(#board-clip)\">\n");
  } else {
    out.push_str("<g class=\"board\">\n");
  }
  out.push_str(&statics.fills);
  tints(&mut out, &ctx, scene);
  out.push_str(&statics.rest);
  out.push_str("</g>\n");
  centres(&mut out, &ctx, scene)?;

  let dislodged: &[crate::position::Dislodged] =
    if scene.dislodged.is_empty() { &scene.position.dislodged } else { scene.dislodged };
  tokens::retreat_options(&mut out, &ctx, dislodged)?;
  arrows::orders(&mut out, &ctx, scene, dislodged)?;
  tokens::units(&mut out, &ctx, scene.position)?;
  tokens::dislodged(&mut out, &ctx, dislodged)?;
  arrows::marks(&mut out, &ctx, scene, dislodged)?;

  legend::title(&mut out, &ctx, &scene.title, [x, top, w]);
  legend::legend(&mut out, &ctx, scene, [x, y + h, w, legend_h]);
  out.push_str("</svg>\n");
  Ok(out)
}

/// A layer of `map`'s province shapes, unpainted but catching clicks,
/// each with its abbreviation (`data-province`): laid over a picture, it
/// lets the web page know which province a click fell in.
pub(super) fn click_targets(map: &Map) -> Result<String, DrawError> {
  let board = Board::for_map(map)?;
  let ctx = context(map, board, statics(map, board)?);
  let mut out = String::from("<g class=\"targets\" fill=\"#000000\" fill-opacity=\"0\">\n");
  for id in map.province_ids() {
    let Some(shape) = ctx.space(id).and_then(|s| s.shape.as_deref()) else { continue };
    out.push_str("<path data-province=\"");
    escape_into(&mut out, &map.province(id).abbr);
    out.push_str("\" d=\"");
    escape_into(&mut out, shape);
    out.push_str("\"/>\n");
  }
  out.push_str("</g>\n");
  Ok(out)
}

/// Where the token of a unit at `location` is centred in every picture
/// of `map`: the board's point, lifted and pushed clear of its neighbours
/// (`places.rs`).
pub(super) fn token_point(map: &Map, location: Location) -> Result<Point, DrawError> {
  let board = Board::for_map(map)?;
  let statics = statics(map, board)?;
  context(map, board, statics).point(location)
}

fn context<'a>(map: &'a Map, board: &'static Board, spaces: Arc<Statics>) -> Ctx<'a> {
  let u =
    if board.token_scale.is_finite() && board.token_scale > 0.0 { board.token_scale } else { 1.0 };
  let colors = map
    .power_ids()
    .map(|p| match board.colors(map, p) {
      Some(c) => (c.color.clone(), c.contrast.clone()),
      None => fallback_color(p.index()),
    })
    .collect();
  let neutral = board
    .powers
    .iter()
    .find(|p| p.name.eq_ignore_ascii_case("unowned"))
    .map_or_else(|| "#997333".to_string(), |p| p.color.clone());
  Ctx { map, board, u, colors, neutral, owners_known: true, spaces }
}

/// Colours for a power the board does not name: distinct, and each with
/// a contrast colour its letter reads in.
fn fallback_color(index: usize) -> (String, String) {
  const PALETTE: [(&str, &str); 12] = [
    ("#e6194b", "#000000"),
    ("#3cb44b", "#000000"),
    ("#ffe119", "#000000"),
    ("#4363d8", "#ffffff"),
    ("#f58231", "#000000"),
    ("#911eb4", "#ffffff"),
    ("#42d4f4", "#000000"),
    ("#f032e6", "#000000"),
    ("#bfef45", "#000000"),
    ("#469990", "#ffffff"),
    ("#9a6324", "#ffffff"),
    ("#800000", "#ffffff"),
  ];
  let (c, k) = PALETTE[index % PALETTE.len()];
  (c.to_string(), k.to_string())
}

/// The parts of a picture that depend only on the board and the map.
struct Statics {
  /// The filled board art.
  fills: String,
  /// The stroked board art and the province names.
  rest: String,
  /// The index in the board's spaces of each province's space.
  space_of: Vec<usize>,
  /// Where tokens stand (`places.rs`).
  places: Vec<super::places::Place>,
}

/// The board's static parts, made once per board and map.
fn statics(map: &Map, board: &'static Board) -> Result<Arc<Statics>, DrawError> {
  type Cache = Mutex<HashMap<(String, String), Arc<Statics>>>;
  static CACHE: OnceLock<Cache> = OnceLock::new();
  let key = (map.storage_key().to_string(), map.board().to_string());
  let cache = CACHE.get_or_init(Cache::default);
  if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
    return Ok(found);
  }
  let made = Arc::new(make_statics(map, board)?);
  if let Ok(mut c) = cache.lock() {
    c.insert(key, made.clone());
  }
  Ok(made)
}

fn make_statics(map: &Map, board: &Board) -> Result<Statics, DrawError> {
  let u = if board.token_scale > 0.0 { board.token_scale } else { 1.0 };
  let mut fills = String::new();
  let mut rest = String::new();
  let mut space_of = Vec::with_capacity(map.provinces().len());
  for layer in &board.layers {
    if let Some(fill) = &layer.fill {
      fills.push_str("<path fill=\"");
      escape_into(&mut fills, fill);
      fills.push_str("\" d=\"");
      escape_into(&mut fills, &layer.d);
      fills.push_str("\"/>\n");
    }
    if let Some(stroke) = &layer.stroke {
      // Crisp, not smoothed: the board's many thin lines would otherwise
      // double the PNG's size for no gain in legibility.
      rest.push_str("<path shape-rendering=\"crispEdges\" fill=\"none\" stroke=\"");
      escape_into(&mut rest, stroke);
      let _ = write!(
        rest,
        "\" stroke-width=\"{}\" stroke-linejoin=\"round\"",
        N(layer.width.unwrap_or(1.0))
      );
      if !layer.dash.is_empty() {
        rest.push_str(" stroke-dasharray=\"");
        for (i, d) in layer.dash.iter().enumerate() {
          let _ = write!(rest, "{}{}", if i > 0 { " " } else { "" }, N(*d));
        }
        rest.push('"');
      }
      rest.push_str(" d=\"");
      escape_into(&mut rest, &layer.d);
      rest.push_str("\"/>\n");
    }
  }
  // Province names, land dark and sea light, under where the units stand
  // and clear of dots and tokens (`names.rs`).
  let size = super::names::NAME_SIZE * u;
  let places = super::places::places(map, board, u);
  let names = super::names::places(map, board, u, &places);
  let _ = writeln!(
    rest,
    "<g class=\"names\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\">",
    N(size)
  );
  for id in map.province_ids() {
    let province = map.province(id);
    let found = board.spaces.iter().position(|s| s.abbr.eq_ignore_ascii_case(&province.abbr));
    let Some(index) = found else {
      return Err(no_place(map, board, Location::province(id)));
    };
    space_of.push(index);
    let space = &board.spaces[index];
    // Impassable places have no name, unless the map lets fleets border
    // them (Loeb9's Arctic Ocean): a sea in all but name.
    let bordered = !map.fleet_neighbours(Location::province(id)).is_empty();
    if province.terrain == Terrain::Impassable && !bordered {
      continue;
    }
    let sea = province.terrain == Terrain::Sea || province.terrain == Terrain::Impassable;
    let fill = if sea { "#d9e8f2" } else { "#3d3118" };
    let [lx, ly] = names.get(id.index()).copied().unwrap_or(space.label);
    let _ = write!(rest, "<text x=\"{}\" y=\"{}\" fill=\"{fill}\">", N(lx), N(ly));
    escape_into(&mut rest, &province.abbr);
    rest.push_str("</text>\n");
  }
  rest.push_str("</g>\n");
  Ok(Statics { fills, rest, space_of, places })
}

/// Fills each province by its owner: a supply centre in its owner's
/// colour; other land, which no one owns in njudge's sense, lightly in the
/// colour of the power whose unit stands there. Seas stay blue.
fn tints(out: &mut String, ctx: &Ctx<'_>, scene: &Scene<'_>) {
  let map = ctx.map;
  out.push_str("<g class=\"owners\">\n");
  for id in map.province_ids() {
    let province = map.province(id);
    if !province.is_land() {
      continue;
    }
    let (power, opacity) = if province.supply_center && ctx.owners_known {
      match scene.position.owner(id) {
        Some(p) => (p, 0.55),
        None => continue,
      }
    } else {
      match scene.position.unit_at(id) {
        Some(unit) => (unit.power, 0.28),
        None => continue,
      }
    };
    let Some(shape) = ctx.space(id).and_then(|s| s.shape.as_deref()) else {
      continue;
    };
    let color = ctx.color(power);
    // Dark colours cover the land less, so the names stay legible.
    let opacity = if luminance(color) < 0.25 { opacity * 0.6 } else { opacity };
    let _ = write!(out, "<path fill=\"{}\" fill-opacity=\"{}\" d=\"", Esc(color), N(opacity));
    escape_into(out, shape);
    out.push_str("\"/>\n");
  }
  out.push_str("</g>\n");
}

/// Supply-centre markers in their owners' colours.
fn centres(out: &mut String, ctx: &Ctx<'_>, scene: &Scene<'_>) -> Result<(), DrawError> {
  let map = ctx.map;
  let u = ctx.u;
  out.push_str("<g class=\"centers\">\n");
  for id in map.supply_centers() {
    let province = map.province(id);
    let Some(space) = ctx.space(id) else {
      return Err(no_place(map, ctx.board, Location::province(id)));
    };
    let [cx, cy] = space.center.unwrap_or(space.label);
    if !ctx.owners_known {
      // Owner unknown: a white dot, dashed, claiming no one's colour.
      let _ = writeln!(
        out,
        "<circle data-center=\"{}\" data-owner=\"\" data-owner-unknown=\"true\" cx=\"{}\" \
         cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"{}\" \
         stroke-dasharray=\"{} {}\"/>",
        Esc(&province.abbr),
        N(cx),
        N(cy),
        N(3.2 * u),
        N(0.9 * u),
        N(1.6 * u),
        N(1.0 * u)
      );
      continue;
    }
    let owner = scene.position.owner(id);
    let (fill, name) = match owner {
      Some(p) => (ctx.color(p), map.power(p).name.as_str()),
      None => (ctx.neutral.as_str(), ""),
    };
    let _ = writeln!(
      out,
      "<circle data-center=\"{}\" data-owner=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" \
       stroke=\"{INK}\" stroke-width=\"{}\"/>",
      Esc(&province.abbr),
      Esc(name),
      N(cx),
      N(cy),
      N(3.2 * u),
      Esc(fill),
      N(0.9 * u)
    );
  }
  out.push_str("</g>\n");
  Ok(())
}

/// The relative luminance of `#rrggbb` (0 black, 1 white); 0.5 when the
/// colour is not in that form.
pub(super) fn luminance(color: &str) -> f64 {
  let hex = color.trim_start_matches('#');
  if hex.len() != 6 {
    return 0.5;
  }
  let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map(f64::from).unwrap_or(128.0);
  (0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)) / 255.0
}

/// Text escaped for XML as it is written.
pub(super) struct Esc<'a>(pub &'a str);

impl fmt::Display for Esc<'_> {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut rest = self.0;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
      f.write_str(&rest[..at])?;
      f.write_str(match rest.as_bytes()[at] {
        b'&' => "&amp;",
        b'<' => "&lt;",
        b'>' => "&gt;",
        b'"' => "&quot;",
        _ => "&apos;",
      })?;
      rest = &rest[at + 1..];
    }
    f.write_str(rest)
  }
}

/// Appends `text` escaped for XML.
pub(super) fn escape_into(out: &mut String, text: &str) {
  let _ = write!(out, "{}", Esc(text));
}

/// `text` with the characters XML gives meaning to escaped.
pub(super) fn escape(text: &str) -> String {
  Esc(text).to_string()
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn numbers_are_compact() {
    assert_eq!(N(3.0).to_string(), "3");
    assert_eq!(N(3.5).to_string(), "3.5");
    assert_eq!(N(12.34567).to_string(), "12.35");
    assert_eq!(N(-0.004).to_string(), "0");
    assert_eq!(N(-2.25).to_string(), "-2.25");
  }

  #[test]
  fn a_province_the_board_lacks_is_named() {
    let map = Map::standard().expect("the standard map");
    let mut broken = Board::for_map(map).expect("the standard board").clone();
    broken.spaces.retain(|s| s.abbr != "Bul");
    match make_statics(map, &broken) {
      Err(DrawError::NoPlace { location, .. }) => assert_eq!(location, "Bul"),
      Err(e) => panic!("{e}"),
      Ok(_) => panic!("drawn without Bulgaria"),
    }
  }

  #[test]
  fn text_is_escaped() {
    assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  }
}
