//! The SVG document of a scene.

use std::fmt::Write as _;

use super::{Board, DrawError, Scene};

/// Writes the board and the units (a first cut: the full drawing grows
/// here).
pub(super) fn draw(scene: &Scene<'_>) -> Result<String, DrawError> {
  let map = scene.map;
  let board = Board::for_map(map)?;
  let [x, y, w, h] = board.view_box;
  let mut out = String::with_capacity(64 * 1024);
  let _ = writeln!(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x} {y} {w} {h}\">");
  for layer in &board.layers {
    let fill = layer.fill.as_deref().unwrap_or("none");
    let stroke = layer.stroke.as_deref().unwrap_or("none");
    let _ = writeln!(out, "<path fill=\"{fill}\" stroke=\"{stroke}\" d=\"{}\"/>", layer.d);
  }
  for unit in scene.position.units() {
    let Some([ux, uy]) = board.unit_point(map, unit.location) else {
      return Err(DrawError::NoPlace {
        board: board.map.clone(),
        location: map.location_name(unit.location),
      });
    };
    let _ = writeln!(
      out,
      "<circle data-power=\"{}\" data-unit=\"{}\" cx=\"{ux}\" cy=\"{uy}\" r=\"5\"/>",
      map.power(unit.power).name,
      unit.kind.letter()
    );
  }
  out.push_str("</svg>\n");
  Ok(out)
}

/// `text` with the characters XML gives meaning to escaped.
pub(super) fn escape(text: &str) -> String {
  text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
