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
use crate::map::{Location, Map, PowerId, ProvinceId, UnitType};
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
      Action::Transform { .. } => "transform",
    },
  );
  if invalid(order) {
    no_entry(out, ctx, [start[0] - 8.0 * u, start[1] - 6.5 * u]);
  }
  match action {
    // A transforming unit holds; the ring is doubled to tell it apart.
    Action::Transform { .. } => {
      ring(out, ctx, start, 8.4 * u, color, 1.8 * u, dash);
      ring(out, ctx, start, 11.0 * u, color, 1.0 * u, dash);
    }
    Action::Hold => {
      ring(out, ctx, start, 8.4 * u, color, 1.8 * u, dash);
    }
    Action::Move { to, route, .. } => {
      let mut points = vec![start];
      match convoy_route(ctx, scene, *at, *to, route) {
        Some(seas) => {
          let via = convoying(scene, *at, *to);
          points.extend(through_seas(ctx, at.province, &seas, to.province, &via)?);
        }
        None if !retreat => points.extend(convoying_fleets(ctx, scene, *at, *to, start)?),
        None => {}
      }
      let occupied = !retreat && scene.position.unit_at(to.province).is_some();
      points.push(ctx.point(*to)?);
      // A move and its reverse (a swap, or a bounce head to head) are
      // drawn side by side rather than on top of each other.
      if points.len() == 2 && reversed(scene, order, *at, *to) {
        shift(&mut points, 2.2 * u);
      }
      let gap = if occupied { 6.5 } else { 2.0 } * u;
      shorten_on(ctx, &mut points, gap + HEAD[0] * u);
      if failed(order) && !invalid(order) {
        // The arrow pale, its cross at full strength over it.
        out.push_str("<g opacity=\"0.7\">");
        line(out, ctx, &points, color, 2.2 * u, dash, Some(&head));
        out.push_str("</g>");
        let b = points[points.len() - 1];
        let a = last_from(ctx, &points).unwrap_or(b);
        cross(out, ctx, lerp(a, b, 0.55), 4.2 * u);
      } else {
        line(out, ctx, &points, color, 2.2 * u, dash, Some(&head));
      }
    }
    Action::SupportHold { unit, .. } => {
      let (target, _) = unit_point(ctx, scene, dislodged, *unit)?;
      let ring_r = 8.4 * u;
      let mut points = vec![start, target];
      shorten_on(ctx, &mut points, ring_r);
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
      // Along the army's route when this fleet is on it, else through the
      // fleet.
      let mut points = vec![a];
      match convoy_route(ctx, scene, *from, *to, &[]) {
        Some(seas) if seas.contains(&at.province) => {
          let via = convoying(scene, *from, *to);
          points.extend(through_seas(ctx, from.province, &seas, to.province, &via)?);
        }
        _ => points.push(start),
      }
      points.push(ctx.point(*to)?);
      shorten_on(ctx, &mut points, 3.0 * u + HEAD[0] * u);
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

/// The seas a convoyed army at `from` crosses to `to`: those the order
/// names, else the shortest chain of seas whose fleets the scene orders
/// to convoy it, else of seas holding fleets, else of any seas; `None`
/// when the move is not a convoy (the army can walk there) or no chain
/// of seas joins the two.
fn convoy_route(
  ctx: &Ctx<'_>,
  scene: &Scene<'_>,
  from: Location,
  to: Location,
  route: &[ProvinceId],
) -> Option<Vec<ProvinceId>> {
  let map = ctx.map;
  if !route.is_empty() {
    return Some(route.to_vec());
  }
  let army = scene.position.unit_at(from.province).is_none_or(|u| u.kind == UnitType::Army);
  if !army
    || from.province == to.province
    || map.army_neighbours(from.province).contains(&to.province)
  {
    return None;
  }
  let convoying = convoying(scene, from, to);
  let sea = |p: ProvinceId| map.province(p).terrain.convoys();
  let fleet = |p: ProvinceId| sea(p) && scene.position.unit_at(p).is_some();
  sea_path(map, from.province, to.province, &|p| convoying.contains(&p))
    .or_else(|| sea_path(map, from.province, to.province, &fleet))
    .or_else(|| sea_path(map, from.province, to.province, &sea))
}

/// The points a convoyed army's arrow passes between `from` and `to`:
/// where the route crosses from one province into the next, the middle
/// of their common border, so the arrow keeps to the water rather than
/// cutting across a cape or an island; and the fleets the scene orders
/// to convoy it (`via`), which the arrow goes through.
fn through_seas(
  ctx: &Ctx<'_>,
  from: ProvinceId,
  seas: &[ProvinceId],
  to: ProvinceId,
  via: &[ProvinceId],
) -> Result<Vec<Point>, DrawError> {
  let mut points = Vec::with_capacity(2 * seas.len() + 1);
  let mut before = from;
  for &sea in seas {
    let border = border_middle(ctx, before, sea);
    points.extend(border);
    if via.contains(&sea) || border.is_none() {
      points.push(ctx.point(Location::province(sea))?);
    }
    before = sea;
  }
  points.extend(border_middle(ctx, before, to));
  Ok(points)
}

/// The middle of the border two provinces' shapes share, if they share
/// one (the shapes of a board are faces of one drawing: a border's
/// points are the same in both).
fn border_middle(ctx: &Ctx<'_>, a: ProvinceId, b: ProvinceId) -> Option<Point> {
  let shape_a = ctx.space(a)?.shape.as_deref()?;
  let shape_b = ctx.space(b)?.shape.as_deref()?;
  fn vertices(d: &str) -> Vec<&str> {
    d.split(['M', 'L', 'Z']).filter(|v| !v.is_empty()).collect()
  }
  let of_a: std::collections::HashSet<&str> = vertices(shape_a).into_iter().collect();
  let point = |v: &str| -> Option<Point> {
    let (x, y) = v.split_once(',')?;
    Some([x.parse().ok()?, y.parse().ok()?])
  };
  // The runs of b's outline that are a's too, going round b's rings; the
  // longest is the border (single shared points are corners).
  let mut best: Vec<Point> = Vec::new();
  for ring in shape_b.split('Z').filter(|r| !r.is_empty()) {
    let ring = vertices(ring);
    let n = ring.len();
    let Some(outside) = (0..n).find(|&i| !of_a.contains(ring[i])) else { continue };
    let mut run: Vec<Point> = Vec::new();
    for k in 1..=n {
      let v = ring[(outside + k) % n];
      if of_a.contains(v) {
        run.extend(point(v));
      } else {
        if length(&run) > length(&best) {
          best = std::mem::take(&mut run);
        }
        run.clear();
      }
    }
  }
  // Halfway along it.
  let mut left = length(&best) / 2.0;
  for w in best.windows(2) {
    let step = dist(w[0], w[1]);
    if step >= left && step > 0.0 {
      return Some(lerp(w[0], w[1], left / step));
    }
    left -= step;
  }
  best.first().copied()
}

/// The length of a polyline.
fn length(points: &[Point]) -> f64 {
  points.windows(2).map(|w| dist(w[0], w[1])).sum()
}

/// The provinces of the fleets the scene orders to convoy `from` to `to`.
fn convoying(scene: &Scene<'_>, from: Location, to: Location) -> Vec<ProvinceId> {
  scene
    .orders
    .iter()
    .filter_map(|o| match &o.order {
      ParsedOrder::Unit { at, action: Action::Convoy { from: f, to: t, .. }, .. }
        if f.province == from.province && t.province == to.province =>
      {
        Some(at.province)
      }
      _ => None,
    })
    .collect()
}

/// The shortest chain of provinces `allowed` from coastal `from` to
/// coastal `to`, each step a convoy step.
fn sea_path(
  map: &Map,
  from: ProvinceId,
  to: ProvinceId,
  allowed: &dyn Fn(ProvinceId) -> bool,
) -> Option<Vec<ProvinceId>> {
  let mut parent: Vec<Option<ProvinceId>> = vec![None; map.provinces().len()];
  let mut seen = vec![false; map.provinces().len()];
  let mut queue = std::collections::VecDeque::new();
  for next in map.fleet_neighbours_any_coast(from) {
    if next != to && allowed(next) && map.convoy_step(from, next, false) && !seen[next.index()] {
      seen[next.index()] = true;
      queue.push_back(next);
    }
  }
  while let Some(here) = queue.pop_front() {
    if map.convoy_step(here, to, false) {
      let mut path = vec![here];
      while let Some(before) = parent[path[path.len() - 1].index()] {
        path.push(before);
      }
      path.reverse();
      return Some(path);
    }
    for next in map.fleet_neighbours_any_coast(here) {
      if next != from && next != to && !seen[next.index()] && allowed(next) {
        seen[next.index()] = true;
        parent[next.index()] = Some(here);
        queue.push_back(next);
      }
    }
  }
  None
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
      // The unit as it will be, drawn as a new one over the old.
      ParsedOrder::Transform { into, at } => {
        open(out, order, "transform");
        build(out, ctx, order.power, Some(*into), *at)?;
      }
      ParsedOrder::Waive { .. } | ParsedOrder::Maintain { .. } => open(out, order, "note"),
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
  let d = path_d(ctx, points);
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

/// The start of the last segment, moved by the board's width when the
/// segment wraps round the world (see [`path_d`]).
fn last_from(ctx: &Ctx<'_>, points: &[Point]) -> Option<Point> {
  let n = points.len();
  if n < 2 {
    return None;
  }
  let [a, b] = [points[n - 2], points[n - 1]];
  let width = ctx.board.view_box[2];
  let dx = b[0] - a[0];
  Some(if dx.abs() > width / 2.0 { [a[0] + dx.signum() * width, a[1]] } else { a })
}

/// [`shorten`] on a path that may wrap round the world.
fn shorten_on(ctx: &Ctx<'_>, points: &mut [Point], by: f64) {
  let n = points.len();
  if let Some(from) = last_from(ctx, points) {
    let mut last = [from, points[n - 1]];
    shorten(&mut last, by);
    points[n - 1] = last[1];
  }
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

/// Path data through `points`. A step longer than half the board's width
/// joins two places across the edge of a world map that wraps round
/// (Imperial's Pacific): it is drawn as two halves, one leaving by the
/// nearer edge and one coming in from the other, not across the board.
pub(super) fn path_d(ctx: &Ctx<'_>, points: &[Point]) -> String {
  let width = ctx.board.view_box[2];
  let mut d = String::with_capacity(16 * points.len());
  for (i, p) in points.iter().enumerate() {
    if i > 0 {
      let a = points[i - 1];
      let dx = p[0] - a[0];
      if dx.abs() > width / 2.0 {
        // The same step taken the short way round, from each end.
        let shift = if dx > 0.0 { -width } else { width };
        let out_to = lerp(a, [p[0] + shift, p[1]], 0.5);
        let in_from = lerp([a[0] - shift, a[1]], *p, 0.5);
        let _ = write!(d, "L{},{}M{},{}", N(out_to[0]), N(out_to[1]), N(in_from[0]), N(in_from[1]));
      }
    }
    let _ = write!(d, "{}{},{}", if i == 0 { 'M' } else { 'L' }, N(p[0]), N(p[1]));
  }
  d
}
