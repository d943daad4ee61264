//! Orders drawn as arrows and marks, in the colour of the power that gave
//! them, each one element carrying `data-order` and `data-result`.
//!
//! A move is an arrow (dashed, paler and crossed when it failed); a
//! support a dashed line to the supported unit (ringed) or onto the
//! supported move (a dot where it lands); a convoy a dotted line from the
//! army through the fleet to the shore, beside the army's arrow and under
//! it; a hold a ring; a retreat an arrow
//! from the dislodged token; a build a solid token on a thick edge with a plus; a
//! removal or disband a cross over the unit.

use std::fmt::Write as _;

use super::svg::{luminance, Ctx, Esc, INK, N};
use super::tokens::{dislodged_point, shape, sticker};
use super::{DrawError, DrawnOrder, Point, Scene};
use crate::map::{Location, PowerId, UnitType};
use crate::order::{Action, ParsedOrder};
use crate::phase::PhaseKind;
use crate::position::Dislodged;

/// Length and width of an arrowhead, in standard units.
const HEAD: [f64; 2] = [6.5, 5.6];
/// How far to the side of the army's route a convoy's beads run.
pub const CONVOY_OFFSET: f64 = 5.0;

/// One arrowhead marker per power that has orders.
pub(super) fn markers(out: &mut String, ctx: &Ctx<'_>, scene: &Scene<'_>) {
  let u = ctx.u;
  let [len, wide] = [HEAD[0] * u, HEAD[1] * u];
  let pad = 1.0 * u;
  let mut done: Vec<String> = Vec::new();
  for order in &scene.orders {
    let id = head_id(order);
    if done.contains(&id) {
      continue;
    }
    let color = paint(ctx, order);
    let _ = writeln!(
      out,
      "<marker id=\"{id}\" markerUnits=\"userSpaceOnUse\" markerWidth=\"{}\" \
       markerHeight=\"{}\" refX=\"{}\" refY=\"{}\" orient=\"auto\"><path d=\"M{},{}L{},{}L{},{}Z\" \
       fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/></marker>",
      N(len + 2.0 * pad),
      N(wide + 2.0 * pad),
      N(pad),
      N(pad + wide / 2.0),
      N(pad),
      N(pad),
      N(pad + len),
      N(pad + wide / 2.0),
      N(pad),
      N(pad + wide),
      Esc(color),
      halo(color),
      N(0.7 * u)
    );
    done.push(id);
  }
}

/// The outline that sets a line of `color` off the board: dark, or light
/// around a dark colour (Germany's black, England's blue).
fn halo(color: &str) -> &'static str {
  if luminance(color) < 0.3 {
    "#f2f2f2"
  } else {
    INK
  }
}

/// The grey of an invalid order: not the power's colour, since the order
/// is no order at all.
const INVALID: &str = "#8c8c8c";

/// Whether the judge refused the order (`invalid`): drawn grey and dotted
/// with a no-entry sign, unlike an order that was tried and failed.
fn invalid(order: &DrawnOrder) -> bool {
  order.result.as_deref().is_some_and(|r| r.split([',', ' ']).any(|w| w == "invalid"))
}

/// The colour an order is drawn in.
fn paint<'a>(ctx: &'a Ctx<'_>, order: &DrawnOrder) -> &'a str {
  if invalid(order) {
    INVALID
  } else {
    ctx.color(order.power)
  }
}

/// The arrowhead marker an order's arrow ends in.
fn head_id(order: &DrawnOrder) -> String {
  if invalid(order) {
    "head-invalid".to_string()
  } else {
    format!("head{}", order.power.index())
  }
}

/// Whether an order failed: a result other than `ok` (none yet: drawn as
/// given).
fn failed(order: &DrawnOrder) -> bool {
  order.result.as_deref().is_some_and(|r| !r.trim().eq_ignore_ascii_case("ok"))
}

fn open(out: &mut String, order: &DrawnOrder, class: &str) {
  let _ = write!(
    out,
    "<g class=\"order {class}\" data-order=\"{}\" data-result=\"{}\"",
    Esc(&order.text),
    Esc(order.result.as_deref().unwrap_or(""))
  );
  // A move pales its arrow only, not its cross.
  if failed(order) && !matches!(class, "move" | "retreat") {
    out.push_str(" opacity=\"0.7\"");
  }
  out.push('>');
}

/// Is the order one of those drawn over the units (crosses, new units)?
fn on_top(order: &DrawnOrder) -> bool {
  matches!(
    order.order,
    ParsedOrder::Build { .. }
      | ParsedOrder::Remove { .. }
      | ParsedOrder::BuildOrRemove { .. }
      | ParsedOrder::Unit { action: Action::Disband, .. }
  )
}

/// Where the unit an order is for stands, and whether one is there.
fn unit_point(
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  dislodged: &[Dislodged],
  at: Location,
) -> Result<(Point, bool), DrawError> {
  let retreat = scene.position.phase.kind == PhaseKind::Retreat;
  let beside = dislodged.iter().find(|d| d.unit.location.province == at.province);
  if let (true, Some(d)) = (retreat, beside) {
    return Ok((dislodged_point(ctx, d)?, true));
  }
  match scene.position.unit_at(at.province) {
    Some(unit) => Ok((ctx.point(unit.location)?, true)),
    None => Ok((ctx.point(at)?, false)),
  }
}

/// The arrows, rings and lines drawn under the units.
pub(super) fn orders(
  out: &mut String,
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  dislodged: &[Dislodged],
) -> Result<(), DrawError> {
  if scene.orders.is_empty() {
    return Ok(());
  }
  out.push_str("<g class=\"orders\">\n");
  // Convoys first, beads beside the convoyed army's route, then supports,
  // so the moves they help lie on top: nothing hides a move's dashes or
  // the cross of a failed one.
  for pass in 0..3 {
    for order in &scene.orders {
      if on_top(order) {
        continue;
      }
      let turn = match order.order {
        ParsedOrder::Unit { action: Action::Convoy { .. }, .. } => 0,
        ParsedOrder::Unit { action: Action::Move { .. } | Action::Hold, .. } => 2,
        _ => 1,
      };
      if turn == pass {
        under(out, ctx, scene, dislodged, order)?;
      }
    }
  }
  out.push_str("</g>\n");
  Ok(())
}

fn under(
  out: &mut String,
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  dislodged: &[Dislodged],
  order: &DrawnOrder,
) -> Result<(), DrawError> {
  let u = ctx.u;
  let color = paint(ctx, order);
  let head = head_id(order);
  let dash = if invalid(order) {
    Some([0.1 * u, 2.4 * u])
  } else if failed(order) {
    Some([4.0 * u, 2.4 * u])
  } else {
    None
  };
  let ParsedOrder::Unit { at, action, .. } = &order.order else {
    open(out, order, "note");
    out.push_str("</g>\n");
    return Ok(());
  };
  let (start, _) = unit_point(ctx, scene, dislodged, *at)?;
  let retreat = scene.position.phase.kind == PhaseKind::Retreat;
  open(
    out,
    order,
    match action {
      Action::Hold => "hold",
      Action::Move { .. } if retreat => "retreat",
      Action::Move { .. } => "move",
      Action::SupportHold { .. } | Action::SupportMove { .. } => "support",
      Action::Convoy { .. } => "convoy",
      Action::Proxy { .. } | Action::Disband => "note",
    },
  );
  if invalid(order) {
    no_entry(out, ctx, [start[0] - 8.0 * u, start[1] - 6.5 * u]);
  }
  match action {
    Action::Hold => {
      ring(out, ctx, start, 8.4 * u, color, 1.8 * u, dash);
    }
    Action::Move { to, route, .. } => {
      let mut points = vec![start];
      if route.is_empty() {
        points.extend(convoying_fleets(ctx, scene, *at, *to, start)?);
      } else {
        for &sea in route {
          points.push(ctx.point(Location::province(sea))?);
        }
      }
      let occupied = !retreat && scene.position.unit_at(to.province).is_some();
      points.push(ctx.point(*to)?);
      // A move and its reverse (a swap, or a bounce head to head) are
      // drawn side by side rather than on top of each other.
      if points.len() == 2 && reversed(scene, order, *at, *to) {
        shift(&mut points, 2.2 * u);
      }
      let gap = if occupied { 6.5 } else { 2.0 } * u;
      shorten(&mut points, gap + HEAD[0] * u);
      if failed(order) && !invalid(order) {
        // The arrow pale, its cross at full strength over it.
        out.push_str("<g opacity=\"0.7\">");
        line(out, ctx, &points, color, 2.2 * u, dash, Some(&head));
        out.push_str("</g>");
        let [a, b] = [points[points.len() - 2], points[points.len() - 1]];
        cross(out, ctx, lerp(a, b, 0.55), 4.2 * u);
      } else {
        line(out, ctx, &points, color, 2.2 * u, dash, Some(&head));
      }
    }
    Action::SupportHold { unit, .. } => {
      let (target, _) = unit_point(ctx, scene, dislodged, *unit)?;
      let ring_r = 8.4 * u;
      let mut points = vec![start, target];
      shorten(&mut points, ring_r);
      line(out, ctx, &points, color, 1.5 * u, Some([3.2 * u, 2.0 * u]), None);
      ring(out, ctx, target, ring_r, color, 1.5 * u, dash);
    }
    Action::SupportMove { from, to, .. } => {
      let (a, _) = unit_point(ctx, scene, dislodged, *from)?;
      let b = ctx.point(*to)?;
      let land = lerp(a, b, 0.62);
      // The supported move, faintly, when the scene does not draw it (the
      // supported power's orders are not shown).
      let drawn = scene.orders.iter().any(|o| {
        matches!(&o.order, ParsedOrder::Unit { at: f, action: Action::Move { to: t, .. }, .. }
          if f.province == from.province && t.province == to.province)
      });
      if !drawn {
        let mut ghost = [a, b];
        shorten(&mut ghost, 4.0 * u);
        let _ = write!(
          out,
          "<path d=\"M{},{}L{},{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
           stroke-dasharray=\"{} {}\" opacity=\"0.6\"/>",
          N(ghost[0][0]),
          N(ghost[0][1]),
          N(ghost[1][0]),
          N(ghost[1][1]),
          Esc(color),
          N(1.0 * u),
          N(1.5 * u),
          N(1.5 * u)
        );
      }
      line(out, ctx, &[start, land], color, 1.5 * u, Some([3.2 * u, 2.0 * u]), None);
      let _ = write!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"{}\"/>",
        N(land[0]),
        N(land[1]),
        N(2.2 * u),
        Esc(color),
        N(0.7 * u)
      );
    }
    Action::Convoy { from, to, .. } => {
      let (a, _) = unit_point(ctx, scene, dislodged, *from)?;
      let mut points = vec![a, start, ctx.point(*to)?];
      shorten(&mut points, 3.0 * u + HEAD[0] * u);
      // Beside the army's arrow, not on it, so the arrow's dashes and a
      // failed move's cross stay in sight.
      beside(&mut points, CONVOY_OFFSET * u);
      let dots = dash.map_or([0.1 * u, 3.2 * u], |_| [0.1 * u, 5.0 * u]);
      line(out, ctx, &points, color, 2.0 * u, Some(dots), Some(&head));
    }
    Action::Proxy { .. } | Action::Disband => {}
  }
  out.push_str("</g>\n");
  Ok(())
}

/// The fleets convoying the army at `from` to `to`, in the order the army
/// passes them (nearest first).
fn convoying_fleets(
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  from: Location,
  to: Location,
  start: Point,
) -> Result<Vec<Point>, DrawError> {
  let mut fleets = Vec::new();
  for order in &scene.orders {
    if let ParsedOrder::Unit { at, action: Action::Convoy { from: f, to: t, .. }, .. } =
      &order.order
    {
      if f.province == from.province && t.province == to.province {
        fleets.push(ctx.point(*at)?);
      }
    }
  }
  let mut ordered = Vec::with_capacity(fleets.len());
  let mut here = start;
  while !fleets.is_empty() {
    let (i, _) = fleets.iter().enumerate().fold((0, f64::INFINITY), |best, (i, p)| {
      let d = dist(here, *p);
      if d < best.1 {
        (i, d)
      } else {
        best
      }
    });
    here = fleets.swap_remove(i);
    ordered.push(here);
  }
  Ok(ordered)
}

/// True when another move in the scene goes from `to` to `at`.
fn reversed(scene: &Scene<'_>, this: &DrawnOrder, at: Location, to: Location) -> bool {
  scene.orders.iter().any(|o| {
    !std::ptr::eq(o, this)
      && matches!(&o.order, ParsedOrder::Unit { at: a, action: Action::Move { to: t, .. }, .. }
        if a.province == to.province && t.province == at.province)
  })
}

/// The removals, disbands and builds, drawn over the units.
pub(super) fn marks(
  out: &mut String,
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  dislodged: &[Dislodged],
) -> Result<(), DrawError> {
  if !scene.orders.iter().any(on_top) {
    return Ok(());
  }
  let u = ctx.u;
  out.push_str("<g class=\"orders marks\">\n");
  for order in scene.orders.iter().filter(|o| on_top(o)) {
    match &order.order {
      ParsedOrder::Unit { at, .. } => {
        open(out, order, "disband");
        let (p, _) = unit_point(ctx, scene, dislodged, *at)?;
        cross(out, ctx, p, 5.0 * u);
      }
      ParsedOrder::Remove { at, .. } => {
        open(out, order, "remove");
        let (p, _) = unit_point(ctx, scene, dislodged, *at)?;
        cross(out, ctx, p, 6.0 * u);
      }
      ParsedOrder::BuildOrRemove { kind, at } => {
        if let Some(unit) = scene.position.unit_at(at.province) {
          open(out, order, "remove");
          let p = ctx.point(unit.location)?;
          let _ = kind;
          cross(out, ctx, p, 6.0 * u);
        } else {
          open(out, order, "build");
          build(out, ctx, order.power, *kind, *at)?;
        }
      }
      ParsedOrder::Build { kind, at } => {
        open(out, order, "build");
        build(out, ctx, order.power, *kind, *at)?;
      }
      ParsedOrder::Waive | ParsedOrder::Maintain { .. } => open(out, order, "note"),
    }
    out.push_str("</g>\n");
  }
  out.push_str("</g>\n");
  Ok(())
}

/// A new unit: its token, solid so an army's disc and a fleet's hull
/// read apart, on a thick edge that sets it off its own power's tint
/// (white, or dark around a light colour), with a plus badge.
fn build(
  out: &mut String,
  ctx: &Ctx<'_>,
  power: PowerId,
  kind: Option<UnitType>,
  at: Location,
) -> Result<(), DrawError> {
  let u = ctx.u;
  let p = ctx.point(at)?;
  let kind = kind.unwrap_or(if ctx.map.province(at.province).is_land() && at.coast.is_none() {
    UnitType::Army
  } else {
    UnitType::Fleet
  });
  let color = ctx.color(power);
  let edge = if luminance(color) > 0.6 { INK } else { "#ffffff" };
  let _ = write!(out, "<g transform=\"translate({},{})\">", N(p[0]), N(p[1]));
  sticker(out, ctx, kind, edge);
  shape(out, ctx, power, kind, 1.0, None);
  out.push_str("</g>");
  let dx = if kind == UnitType::Fleet { 9.6 } else { 7.0 };
  let [bx, by] = [p[0] + dx * u, p[1] - 6.0 * u];
  let r = 3.2 * u;
  let arm = 2.0 * u;
  let _ = write!(
    out,
    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"{}\"/>\
     <path d=\"M{},{}H{}M{},{}V{}\" stroke=\"{INK}\" stroke-width=\"{}\"/>",
    N(bx),
    N(by),
    N(r),
    N(0.8 * u),
    N(bx - arm),
    N(by),
    N(bx + arm),
    N(bx),
    N(by - arm),
    N(by + arm),
    N(1.1 * u)
  );
  Ok(())
}

/// A polyline in `color` over a dark outline, optionally dashed and
/// ending in an arrowhead.
fn line(
  out: &mut String,
  ctx: &Ctx<'_>,
  points: &[Point],
  color: &str,
  width: f64,
  dash: Option<[f64; 2]>,
  head: Option<&str>,
) {
  let mut d = String::with_capacity(16 * points.len());
  for (i, p) in points.iter().enumerate() {
    let _ = write!(d, "{}{},{}", if i == 0 { 'M' } else { 'L' }, N(p[0]), N(p[1]));
  }
  let dash_attr = match dash {
    Some([on, off]) => format!(" stroke-dasharray=\"{} {}\"", N(on), N(off)),
    None => String::new(),
  };
  let cap = if dash.is_some_and(|[on, _]| on < 0.5 * ctx.u) { "round" } else { "butt" };
  let _ = write!(
    out,
    "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{cap}\" \
     stroke-linejoin=\"round\"{dash_attr}/>",
    halo(color),
    N(width + 1.3 * ctx.u)
  );
  let _ = write!(
    out,
    "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{cap}\" \
     stroke-linejoin=\"round\"{dash_attr}",
    Esc(color),
    N(width)
  );
  if let Some(head) = head {
    let _ = write!(out, " marker-end=\"url(#{head})\"");
  }
  out.push_str("/>");
}

/// A ring in `color` over a dark outline.
fn ring(
  out: &mut String,
  ctx: &Ctx<'_>,
  at: Point,
  r: f64,
  color: &str,
  width: f64,
  dash: Option<[f64; 2]>,
) {
  let dash_attr = match dash {
    Some([on, off]) => format!(" stroke-dasharray=\"{} {}\"", N(on), N(off)),
    None => String::new(),
  };
  let _ = write!(
    out,
    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{dash_attr}/>\
     <circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{dash_attr}/>",
    N(at[0]),
    N(at[1]),
    N(r),
    halo(color),
    N(width + 1.3 * ctx.u),
    N(at[0]),
    N(at[1]),
    N(r),
    Esc(color),
    N(width)
  );
}

/// A no-entry sign (a white disc, a grey ring and bar) beside the unit
/// of an invalid order.
fn no_entry(out: &mut String, ctx: &Ctx<'_>, at: Point) {
  let u = ctx.u;
  let [x, y] = at;
  let r = 3.6 * u;
  let _ = write!(
    out,
    "<circle class=\"no-entry\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{INK}\" \
     stroke-width=\"{}\"/><path d=\"M{},{}H{}\" stroke=\"{INK}\" stroke-width=\"{}\"/>",
    N(x),
    N(y),
    N(r),
    N(1.0 * u),
    N(x - r * 0.6),
    N(y),
    N(x + r * 0.6),
    N(1.6 * u)
  );
}

/// A dark cross with a white edge: a failed move, a removal, a disband.
fn cross(out: &mut String, ctx: &Ctx<'_>, at: Point, half: f64) {
  let [x, y] = at;
  let d = format!(
    "M{},{}L{},{}M{},{}L{},{}",
    N(x - half),
    N(y - half),
    N(x + half),
    N(y + half),
    N(x - half),
    N(y + half),
    N(x + half),
    N(y - half)
  );
  let _ = write!(
    out,
    "<path d=\"{d}\" stroke=\"#ffffff\" stroke-width=\"{}\" stroke-linecap=\"round\"/>\
     <path d=\"{d}\" stroke=\"#b00000\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
    N(3.4 * ctx.u),
    N(1.8 * ctx.u)
  );
}

fn dist(a: Point, b: Point) -> f64 {
  (b[0] - a[0]).hypot(b[1] - a[1])
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
  [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// Pulls the last point back along the last segment by `by` (never past
/// a third of the segment).
fn shorten(points: &mut [Point], by: f64) {
  let n = points.len();
  if n < 2 {
    return;
  }
  let [a, b] = [points[n - 2], points[n - 1]];
  let len = dist(a, b);
  if len <= f64::EPSILON {
    return;
  }
  let cut = by.min(len * 2.0 / 3.0);
  points[n - 1] = lerp(a, b, 1.0 - cut / len);
}

/// Moves a two-point line `by` to its right.
fn shift(points: &mut [Point], by: f64) {
  let [a, b] = [points[0], points[1]];
  let len = dist(a, b);
  if len <= f64::EPSILON {
    return;
  }
  let [nx, ny] = [-(b[1] - a[1]) / len * by, (b[0] - a[0]) / len * by];
  for p in points.iter_mut() {
    p[0] += nx;
    p[1] += ny;
  }
}

/// Moves a polyline `by` to the right of its direction of travel, each
/// vertex along the mean of its segments' normals.
fn beside(points: &mut [Point], by: f64) {
  let normal = |a: Point, b: Point| {
    let len = dist(a, b);
    if len <= f64::EPSILON {
      [0.0, 0.0]
    } else {
      [-(b[1] - a[1]) / len, (b[0] - a[0]) / len]
    }
  };
  let original = points.to_vec();
  let n = original.len();
  if n < 2 {
    return;
  }
  for (i, p) in points.iter_mut().enumerate() {
    let before = if i > 0 { normal(original[i - 1], original[i]) } else { [0.0, 0.0] };
    let after = if i + 1 < n { normal(original[i], original[i + 1]) } else { [0.0, 0.0] };
    let [mx, my] = [before[0] + after[0], before[1] + after[1]];
    let len = mx.hypot(my);
    if len <= f64::EPSILON {
      continue;
    }
    // Keep the offset `by` from both segments at a bend (a mitre, capped).
    let cos = (mx * after[0] + my * after[1]).max(len * 0.5) / len;
    let cos = if i + 1 < n { cos } else { 1.0 };
    let k = by / cos.max(0.5) / len;
    p[0] += mx * k;
    p[1] += my * k;
  }
}
