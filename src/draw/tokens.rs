//! Unit tokens: an army is a disc, a fleet a hull, both in the power's
//! colour with its initial in the contrast colour, so a token reads
//! without colour too. Dislodged units stand smaller beside their
//! province, with thin dotted lines to where they may retreat.

use std::fmt::Write as _;

use super::svg::{Ctx, Esc, INK, N};
use super::{DrawError, Point};
use crate::map::{PowerId, UnitType};
use crate::position::{Dislodged, Position};

/// Where a dislodged unit stands, relative to its province's point.
const DISLODGED_OFFSET: Point = [9.0, -7.0];
/// A dislodged token's size relative to a unit's.
const DISLODGED_SIZE: f64 = 0.75;

/// Every unit on the board.
pub(super) fn units(out: &mut String, ctx: &Ctx<'_>, position: &Position) -> Result<(), DrawError> {
  out.push_str("<g class=\"units\">\n");
  for unit in position.units() {
    let at = ctx.point(unit.location)?;
    let _ = write!(
      out,
      "<g data-power=\"{}\" data-unit=\"{}\" data-location=\"{}\" transform=\"translate({},{})\">",
      Esc(&ctx.map.power(unit.power).name),
      unit.kind.letter(),
      Esc(&ctx.map.location_abbr(unit.location)),
      N(at[0]),
      N(at[1])
    );
    shape(out, ctx, unit.power, unit.kind, 1.0, None);
    out.push_str("</g>\n");
  }
  out.push_str("</g>\n");
  Ok(())
}

/// Where a dislodged unit's token stands.
pub(super) fn dislodged_point(ctx: &Ctx<'_>, d: &Dislodged) -> Result<Point, DrawError> {
  let [x, y] = ctx.point(d.unit.location)?;
  Ok([x + DISLODGED_OFFSET[0] * ctx.u, y + DISLODGED_OFFSET[1] * ctx.u])
}

/// The dislodged units, each beside its province.
pub(super) fn dislodged(
  out: &mut String,
  ctx: &Ctx<'_>,
  dislodged: &[Dislodged],
) -> Result<(), DrawError> {
  if dislodged.is_empty() {
    return Ok(());
  }
  out.push_str("<g class=\"dislodged\">\n");
  for d in dislodged {
    let unit = d.unit;
    let at = dislodged_point(ctx, d)?;
    let _ = write!(
      out,
      "<g data-power=\"{}\" data-unit=\"{}\" data-location=\"{}\" data-dislodged=\"true\" \
       transform=\"translate({},{})\">",
      Esc(&ctx.map.power(unit.power).name),
      unit.kind.letter(),
      Esc(&ctx.map.location_abbr(unit.location)),
      N(at[0]),
      N(at[1])
    );
    shape(out, ctx, unit.power, unit.kind, DISLODGED_SIZE, Some("1.2 0.9"));
    out.push_str("</g>\n");
  }
  out.push_str("</g>\n");
  Ok(())
}

/// A line from each dislodged unit to each of its retreat options: white
/// on a dark edge, solid, ending in an open ring, so it reads apart from
/// the dashed coloured lines of supports.
pub(super) fn retreat_options(
  out: &mut String,
  ctx: &Ctx<'_>,
  dislodged: &[Dislodged],
) -> Result<(), DrawError> {
  if dislodged.iter().all(|d| d.retreats.is_empty()) {
    return Ok(());
  }
  let u = ctx.u;
  out.push_str("<g class=\"retreat-options\" fill=\"none\" stroke-linecap=\"round\">\n");
  for d in dislodged {
    let from = dislodged_point(ctx, d)?;
    for &option in &d.retreats {
      let to = ctx.point(option)?;
      let path = super::arrows::path_d(ctx, &[from, to]);
      let _ = writeln!(
        out,
        "<g data-retreat-from=\"{}\" data-retreat-to=\"{}\"><path stroke=\"{INK}\" \
         stroke-width=\"{}\" d=\"{path}\"/><path stroke=\"#ffffff\" stroke-width=\"{}\" \
         d=\"{path}\"/><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{INK}\" \
         stroke-width=\"{}\"/><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{INK}\" \
         stroke-width=\"{}\"/></g>",
        Esc(&ctx.map.location_abbr(d.unit.location)),
        Esc(&ctx.map.location_abbr(option)),
        N(2.6 * u),
        N(1.2 * u),
        N(to[0]),
        N(to[1]),
        N(2.6 * u),
        N(0.8 * u),
        N(to[0]),
        N(to[1]),
        N(1.0 * u),
        N(0.6 * u),
      );
    }
  }
  out.push_str("</g>\n");
  Ok(())
}

/// The token's shape and letter at the origin, `size` times a unit's;
/// `dash` outlines it dashed (a dislodged or a new unit).
pub(super) fn shape(
  out: &mut String,
  ctx: &Ctx<'_>,
  power: PowerId,
  kind: UnitType,
  size: f64,
  dash: Option<&str>,
) {
  let s = size * ctx.u;
  let fill = ctx.color(power);
  let dash_attr = match dash {
    Some(d) => {
      let mut text = String::from(" stroke-dasharray=\"");
      for (i, part) in d.split(' ').enumerate() {
        let v: f64 = part.parse().unwrap_or(1.0);
        let _ = write!(text, "{}{}", if i > 0 { " " } else { "" }, N(v * s));
      }
      text.push('"');
      text
    }
    None => String::new(),
  };
  let letter_y = match kind {
    UnitType::Army => 2.3 * s,
    UnitType::Fleet => 3.6 * s,
    UnitType::Wing => 1.4 * s,
  };
  silhouette(out, kind, s);
  let _ = write!(
    out,
    " fill=\"{}\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linejoin=\"round\"{dash_attr}/>",
    Esc(fill),
    N(0.9 * s)
  );
  let initial = ctx.map.power(power).initial;
  let _ = write!(
    out,
    "<text y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
    N(letter_y),
    N(6.4 * s),
    Esc(ctx.contrast(power)),
    Esc(initial.encode_utf8(&mut [0; 4]))
  );
}

/// Opens the token's outline element at the origin (a disc for an army, a
/// hull with a low cabin for a fleet: wider than tall, unlike the disc,
/// and swept-back wings for a wing: a chevron, wide and pointed),
/// `s` times a standard token; the caller adds its paint and closes it.
fn silhouette(out: &mut String, kind: UnitType, s: f64) {
  match kind {
    UnitType::Army => {
      let _ = write!(out, "<circle r=\"{}\"", N(5.6 * s));
    }
    UnitType::Fleet => {
      let p = |v: f64| N(v * s);
      let _ = write!(
        out,
        "<path d=\"M{},{}H{}V{}H{}V{}H{}L{},{}H{}Z\"",
        p(-8.6),
        p(-2.4),
        p(-3.6),
        p(-5.2),
        p(3.6),
        p(-2.4),
        p(8.6),
        p(5.4),
        p(4.8),
        p(-5.4),
      );
    }
    UnitType::Wing => {
      let p = |v: f64| N(v * s);
      let _ = write!(
        out,
        "<path d=\"M0,{}L{},{}L{},{}L0,{}L{},{}L{},{}Z\"",
        p(-5.6),
        p(9.0),
        p(4.2),
        p(5.2),
        p(5.6),
        p(2.2),
        p(-5.2),
        p(5.6),
        p(-9.0),
        p(4.2),
      );
    }
  }
}

/// A thick edge of `color` around the token's silhouette, drawn under
/// it, so a new unit stands off any land, its own power's tint included,
/// and keeps its shape.
pub(super) fn sticker(out: &mut String, ctx: &Ctx<'_>, kind: UnitType, color: &str) {
  silhouette(out, kind, ctx.u);
  let _ = write!(
    out,
    " fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
    Esc(color),
    Esc(color),
    N(STICKER * ctx.u)
  );
}

/// The width of a new unit's edge, in standard units.
const STICKER: f64 = 5.4;
