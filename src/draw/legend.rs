//! The title bar above the board and the legend below it: each power's
//! colour, initial, name, centres and units, so the picture is read
//! without the results text.

use std::fmt::Write as _;

use super::svg::{escape_into, Ctx, Esc, INK, N};
use super::Scene;
use crate::map::PowerId;

const TITLE: f64 = 20.0;
const ROW: f64 = 21.0;
const PAD: f64 = 6.0;
const MIN_COLUMN: f64 = 118.0;

/// The height of the title bar.
pub(super) fn title_height(u: f64) -> f64 {
  TITLE * u
}

/// The powers the legend lists: those still in the game, with centres or
/// units (Chaos's 34 powers dwindle; an eliminated power is not listed).
fn listed<'a>(ctx: &'a Ctx<'_>, scene: &'a Scene<'_>) -> impl Iterator<Item = PowerId> + 'a {
  ctx.map.power_ids().filter(move |&p| {
    scene.position.units_of(p).next().is_some()
      || scene.position.centers_of(ctx.map, p).next().is_some()
  })
}

/// The name of the unowned centres' row: `Neutral`, or `Unowned` when a
/// power of the map is itself called Neutral (Sengoku's), so the legend
/// does not have two rows of the one name.
fn unowned_name(ctx: &Ctx<'_>) -> &'static str {
  if ctx.map.powers().iter().any(|p| p.name.eq_ignore_ascii_case("neutral")) {
    "Unowned"
  } else {
    "Neutral"
  }
}

/// Rows and columns for `entries` in a board `w` wide.
fn grid(ctx: &Ctx<'_>, entries: usize, w: f64) -> (usize, usize) {
  let max_cols = (((w - 2.0 * PAD * ctx.u) / (MIN_COLUMN * ctx.u)).floor() as usize).max(1);
  let rows = entries.div_ceil(max_cols).max(1);
  let cols = entries.div_ceil(rows).max(1);
  (rows, cols)
}

/// The height of the legend under a board `w` wide.
pub(super) fn legend_height(ctx: &Ctx<'_>, scene: &Scene<'_>, w: f64) -> f64 {
  let entries = listed(ctx, scene).count() + 1;
  let (rows, _) = grid(ctx, entries, w);
  (rows as f64 * ROW + 2.0 * PAD) * ctx.u
}

/// The title bar: game, variant and phase.
pub(super) fn title(out: &mut String, ctx: &Ctx<'_>, title: &str, [x, top, w]: [f64; 3]) {
  let u = ctx.u;
  let _ = write!(
    out,
    "<g class=\"title\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#24324a\"/>\
     <text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"#ffffff\">",
    N(x),
    N(top),
    N(w),
    N(TITLE * u),
    N(x + PAD * u),
    N(top + 13.6 * u),
    N(10.0 * u)
  );
  escape_into(out, title);
  out.push_str("</text></g>\n");
}

/// The legend, in the box `[x, y, w, h]` under the board.
pub(super) fn legend(out: &mut String, ctx: &Ctx<'_>, scene: &Scene<'_>, [x, y, w, h]: [f64; 4]) {
  let u = ctx.u;
  let map = ctx.map;
  let powers: Vec<PowerId> = listed(ctx, scene).collect();
  let (_, cols) = grid(ctx, powers.len() + 1, w);
  let col_w = (w - 2.0 * PAD * u) / cols as f64;
  let _ = writeln!(
    out,
    "<g class=\"legend\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f3efe3\" \
     stroke=\"{INK}\" stroke-width=\"{}\"/>",
    N(x),
    N(y),
    N(w),
    N(h),
    N(0.6 * u)
  );
  let cell = |i: usize| {
    let (row, col) = (i / cols, i % cols);
    [x + PAD * u + col as f64 * col_w, y + PAD * u + row as f64 * ROW * u]
  };
  for (i, &power) in powers.iter().enumerate() {
    let [cx, cy] = cell(i);
    let centres = scene.position.centers_of(map, power).count();
    let units = scene.position.units_of(power).count();
    let p = map.power(power);
    let (centres, centres_text) = if ctx.owners_known {
      (centres.to_string(), count(centres, "centre", "centres"))
    } else {
      (String::new(), "centres ?".to_string())
    };
    let _ = write!(
      out,
      "<g data-legend=\"{}\" data-centers=\"{centres}\" data-units=\"{units}\">\
       <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{}\" stroke=\"{INK}\" \
       stroke-width=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" \
       text-anchor=\"middle\" fill=\"{}\">{}</text>",
      Esc(&p.name),
      N(cx),
      N(cy + 1.5 * u),
      N(14.0 * u),
      N(14.0 * u),
      N(2.0 * u),
      Esc(ctx.color(power)),
      N(0.8 * u),
      N(cx + 7.0 * u),
      N(cy + 11.8 * u),
      N(8.5 * u),
      Esc(ctx.contrast(power)),
      Esc(p.initial.encode_utf8(&mut [0; 4]))
    );
    let _ = write!(
      out,
      "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{INK}\">{}</text>\
       <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#4a4a4a\">{}, {}</text></g>",
      N(cx + 18.0 * u),
      N(cy + 7.5 * u),
      N(7.6 * u),
      Esc(&p.name),
      N(cx + 18.0 * u),
      N(cy + 16.0 * u),
      N(6.6 * u),
      centres_text,
      count(units, "unit", "units"),
    );
    out.push('\n');
  }
  let unowned = map.supply_centers().filter(|&c| scene.position.owner(c).is_none()).count();
  let (name, unowned, unowned_text, fill) = if ctx.owners_known {
    (
      unowned_name(ctx),
      unowned.to_string(),
      count(unowned, "centre", "centres"),
      ctx.neutral.as_str(),
    )
  } else {
    ("Centres", String::new(), "owners not given".to_string(), "#ffffff")
  };
  let [cx, cy] = cell(powers.len());
  let _ = write!(
    out,
    "<g data-legend=\"\" data-centers=\"{unowned}\"><circle cx=\"{}\" cy=\"{}\" r=\"{}\" \
     fill=\"{}\" stroke=\"{INK}\" stroke-width=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"{}\" \
     font-weight=\"bold\" fill=\"{INK}\">{}</text><text x=\"{}\" y=\"{}\" font-size=\"{}\" \
     fill=\"#4a4a4a\">{}</text></g>",
    N(cx + 7.0 * u),
    N(cy + 8.5 * u),
    N(4.0 * u),
    Esc(fill),
    N(0.9 * u),
    N(cx + 18.0 * u),
    N(cy + 7.5 * u),
    N(7.6 * u),
    name,
    N(cx + 18.0 * u),
    N(cy + 16.0 * u),
    N(6.6 * u),
    unowned_text
  );
  out.push('\n');
  out.push_str("</g>\n");
}

fn count(n: usize, one: &str, many: &str) -> String {
  format!("{n} {}", if n == 1 { one } else { many })
}
