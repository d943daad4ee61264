//! Where unit tokens stand: at the board's points, lifted as DPjudge
//! lifts them, and, where two provinces' tokens would overlap (a crowded
//! inset such as Imperial's or Empire's Europe), moved apart: pushed
//! apart in pairs first, then each token still in the way moved to the
//! nearest spot where it is not (hiding as few names and centre dots as
//! it can), or shoving the one token in its way to such a spot; never
//! more than [`REACH`] standard units away and always on its own
//! province's shape, so it still marks its province. Worked out once per
//! board for every place a token may stand (each province's point and
//! each coast's), so a token stands in the same place in every picture
//! and no two overlap however full the board.

use super::board::{Board, Point};
use super::outline;
use crate::map::{Map, Terrain};

/// How far above its board point a token is centred (DPjudge draws its
/// units above the point and the name below it).
pub(super) const TOKEN_LIFT: f64 = 3.0;
/// The furthest a token is moved from its lifted point: a little more
/// than a fleet's width, which clears Imperial's Europe; its province's
/// shape bounds it further.
const REACH: f64 = 16.0;
/// How far the first, gentle pass pushes a token.
const PUSH: f64 = 10.0;
/// How far a token whose lifted point is already off its province (a
/// point on a thin coast or a drawn line) may move, as it has no shape to
/// stay on.
const OFF_SHAPE_REACH: f64 = 5.0;
/// How far off its shape's outline a token's centre may stand (a few
/// DPjudge points sit on a drawn line).
const ON_OUTLINE: f64 = 1.0;
/// Half the width and height of the box a token may fill: a fleet's hull
/// is 17.2 wide, an army's disc 11.2 across, with their outlines.
const FLEET_HALF: [f64; 2] = [9.05, 5.9];
const ARMY_HALF: [f64; 2] = [6.05, 6.05];
/// Room left between two tokens moved apart.
const GAP: f64 = 0.3;
/// The steps of the search for a free spot.
const STEP: f64 = 1.0;

/// A place a token may stand: its province (by index) and coast.
#[derive(Clone, Debug)]
pub(super) struct Place {
  pub province: usize,
  pub coast: Option<String>,
  pub at: Point,
}

/// Every token place of the map's provinces on this board, apart.
pub(super) fn places(map: &Map, board: &Board, u: f64) -> Vec<Place> {
  let mut places = Vec::new();
  let mut halves = Vec::new();
  let mut unmoved = Vec::new();
  // Each place's province outline, by place.
  let mut shapes: Vec<std::rc::Rc<Vec<Vec<Point>>>> = Vec::new();
  let mut areas: Vec<f64> = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else { continue };
    let lifted = |p: Point| [p[0], p[1] - TOKEN_LIFT * u];
    let half = match province.terrain {
      Terrain::Land => ARMY_HALF,
      Terrain::Sea | Terrain::Coast | Terrain::Port => FLEET_HALF,
      // No unit stands there: its place is in no one's way.
      Terrain::Impassable => {
        unmoved.push(Place { province: id.index(), coast: None, at: lifted(space.unit) });
        continue;
      }
    };
    let shape = std::rc::Rc::new(space.shape.as_deref().map(outline::rings).unwrap_or_default());
    let area = outline::area(&shape);
    places.push(Place { province: id.index(), coast: None, at: lifted(space.unit) });
    halves.push(half.map(|h| h * u));
    shapes.push(shape.clone());
    areas.push(area);
    for (coast, &p) in &space.coasts {
      places.push(Place { province: id.index(), coast: Some(coast.clone()), at: lifted(p) });
      halves.push(FLEET_HALF.map(|h| h * u));
      shapes.push(shape.clone());
      areas.push(area);
    }
  }
  let home: Vec<Point> = places.iter().map(|p| p.at).collect();
  let places_province: Vec<usize> = places.iter().map(|p| p.province).collect();
  // A token whose lifted point is on its province moves only within it;
  // one already off it, only a little.
  let on_shape: Vec<bool> =
    home.iter().zip(&shapes).map(|(&p, s)| outline::holds(s, p, ON_OUTLINE * u)).collect();
  let allowed = |k: usize, at: Point| {
    if on_shape[k] {
      outline::holds(&shapes[k], at, ON_OUTLINE * u)
    } else {
      (at[0] - home[k][0]).hypot(at[1] - home[k][1]) <= OFF_SHAPE_REACH * u
    }
  };
  let offsets = offsets(u);
  // After a gentle push apart, the largest provinces first, which have
  // the most room to move in.
  let mut order: Vec<usize> = (0..places.len()).collect();
  order.sort_by(|&a, &b| areas[a].total_cmp(&areas[b]).then(a.cmp(&b)));
  // What a token moved off its point had better not hide: the names
  // (where they are written when nothing is in the way) and centre dots
  // of other provinces, as boxes, by province.
  let mut marks: Vec<(usize, Point, Point)> = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else { continue };
    if province.terrain != Terrain::Impassable {
      let size = super::names::NAME_SIZE * u;
      let half = province.abbr.chars().count() as f64 * super::names::EM * size / 2.0;
      let base = [space.label[0], space.label[1] + super::names::NAME_DROP * u];
      marks.push((id.index(), [base[0] - half, base[1] - 0.72 * size], [base[0] + half, base[1]]));
    }
    if let (true, Some(c)) = (province.supply_center, space.center) {
      let r = super::names::CENTRE_R * u;
      marks.push((id.index(), [c[0] - r, c[1] - r], [c[0] + r, c[1] + r]));
    }
  }
  // Each place's marks within its reach.
  let reach = (REACH + 2.0 * FLEET_HALF[0]) * u;
  let marks_near: Vec<Vec<(usize, Point, Point)>> = home
    .iter()
    .zip(&places_province)
    .map(|(h, &province)| {
      marks
        .iter()
        .copied()
        .filter(|m| m.0 != province)
        .filter(|(_, min, max)| {
          min[0] - reach < h[0]
            && h[0] < max[0] + reach
            && min[1] - reach < h[1]
            && h[1] < max[1] + reach
        })
        .collect()
    })
    .collect();
  let hides = |k: usize, at: Point| -> f64 {
    let h = halves[k];
    marks_near[k]
      .iter()
      .map(|&(_, min, max)| {
        let w = (at[0] + h[0]).min(max[0]) - (at[0] - h[0]).max(min[0]);
        let t = (at[1] + h[1]).min(max[1]) - (at[1] - h[1]).max(min[1]);
        w.max(0.0) * t.max(0.0)
      })
      .sum::<f64>()
      / (u * u)
  };
  let room = Room { halves: &halves, home: &home, offsets: &offsets, allowed, hides, u };
  room.push_apart(&mut places);
  room.settle(&mut places, &order);
  places.extend(unmoved);
  places
}

/// What moving tokens apart needs besides where they stand: each
/// place's half size and home (its lifted point), the offsets to try,
/// which spots a token may take and how much a spot hides, all in
/// standard units of `u`.
struct Room<'a, A, H> {
  halves: &'a [[f64; 2]],
  home: &'a [Point],
  offsets: &'a [Point],
  allowed: A,
  hides: H,
  u: f64,
}

impl<A: Fn(usize, Point) -> bool, H: Fn(usize, Point) -> f64> Room<'_, A, H> {
  /// Every two provinces' tokens that overlap pushed apart, half each,
  /// along the axis that needs the shorter push, as long as each stays
  /// on its province and within [`PUSH`] of its home: a gentle first
  /// pass that keeps both near their points.
  fn push_apart(&self, places: &mut [Place]) {
    let (halves, home, u) = (self.halves, self.home, self.u);
    let limit = PUSH * u;
    for _ in 0..60 {
      let mut moved = false;
      for i in 0..places.len() {
        for j in i + 1..places.len() {
          if places[i].province == places[j].province {
            continue;
          }
          let (a, b) = (places[i].at, places[j].at);
          let over = [
            halves[i][0] + halves[j][0] + GAP * u - (a[0] - b[0]).abs(),
            halves[i][1] + halves[j][1] + GAP * u - (a[1] - b[1]).abs(),
          ];
          if over[0] <= 0.0 || over[1] <= 0.0 {
            continue;
          }
          let axis = usize::from(over[1] < over[0]);
          let sign = if a[axis] < b[axis] || (a[axis] == b[axis] && i < j) { -1.0 } else { 1.0 };
          let step = over[axis] / 2.0 + 0.01 * u;
          for (k, sign) in [(i, sign), (j, -sign)] {
            let mut at = places[k].at;
            at[axis] += sign * step;
            let d = [at[0] - home[k][0], at[1] - home[k][1]];
            let len = d[0].hypot(d[1]);
            if len > limit {
              at = [home[k][0] + d[0] * limit / len, home[k][1] + d[1] * limit / len];
            }
            if at != places[k].at && (self.allowed)(k, at) {
              places[k].at = at;
              moved = true;
            }
          }
        }
      }
      if !moved {
        break;
      }
    }
  }

  /// Where placing in turn left tokens overlapping (a token hemmed in by
  /// its province's outline), each such token in turn moves again, now
  /// knowing where every other stands, until none improves.
  fn settle(&self, places: &mut [Place], order: &[usize]) {
    for round in 0..20 {
      let mut moved = false;
      // Alternately smallest and largest first, so neither always yields.
      let turn: Vec<usize> =
        if round % 2 == 0 { order.to_vec() } else { order.iter().rev().copied().collect() };
      for k in turn {
        let others = self.others(k, places);
        let at = self.free_spot(k, places, &others);
        if at != places[k].at {
          places[k].at = at;
          moved = true;
        }
        if self.overlap(k, at, places, &others) > 0.0 {
          moved |= self.shove(k, places, &others);
        }
      }
      if !moved {
        break;
      }
    }
  }

  /// The other provinces' tokens that may be in the way of `k` moved
  /// about its home.
  fn others(&self, k: usize, places: &[Place]) -> Vec<usize> {
    let reach = (REACH + 2.0 * FLEET_HALF[0] + GAP) * self.u;
    let home = self.home[k];
    (0..places.len())
      .filter(|&j| {
        let b = places[j].at;
        places[j].province != places[k].province
          && (b[0] - home[0]).abs() < reach
          && (b[1] - home[1]).abs() < reach
      })
      .collect()
  }

  /// How much a token `k` at `at` overlaps the tokens `others`.
  fn overlap(&self, k: usize, at: Point, places: &[Place], others: &[usize]) -> f64 {
    let halves = self.halves;
    others.iter().map(|&j| depth(at, halves[k], places[j].at, halves[j], self.u)).sum()
  }

  /// The spot nearest `k`'s home where it overlaps none of `others`,
  /// else where it overlaps them least.
  fn free_spot(&self, k: usize, places: &[Place], others: &[usize]) -> Point {
    // Overlapping a token first, then hiding names and dots: the second
    // is asked only of a spot the first does not already rule out.
    let here = places[k].at;
    let mut best = ((self.overlap(k, here, places, others), (self.hides)(k, here)), here);
    if best.0 .0 <= 0.0 {
      return best.1;
    }
    for d in self.offsets {
      let at = [self.home[k][0] + d[0], self.home[k][1] + d[1]];
      let over = self.overlap(k, at, places, others);
      if over > best.0 .0 {
        continue;
      }
      let c = (over, (self.hides)(k, at));
      let better = c.0 < best.0 .0 - 1e-9 || (c.0 <= best.0 .0 && c.1 < best.0 .1 - 1e-9);
      if better && (self.allowed)(k, at) {
        best = (c, at);
        if c == (0.0, 0.0) {
          break;
        }
      }
    }
    best.1
  }

  /// For a token `k` no single move frees: a spot where it is in the way
  /// of one other token only, which itself has a free spot to go to;
  /// both move. Whether it found one.
  fn shove(&self, k: usize, places: &mut [Place], others: &[usize]) -> bool {
    /// Spots tried: the nearest ones, enough for a token's width around.
    const TRIES: usize = 60;
    let (halves, u) = (self.halves, self.u);
    let mut tried = 0;
    for d in self.offsets {
      let at = [self.home[k][0] + d[0], self.home[k][1] + d[1]];
      let mut blockers =
        others.iter().filter(|&&j| depth(at, halves[k], places[j].at, halves[j], u) > 0.0);
      let (Some(&j), None) = (blockers.next(), blockers.next()) else { continue };
      if !(self.allowed)(k, at) {
        continue;
      }
      tried += 1;
      if tried > TRIES {
        break;
      }
      let was = places[k].at;
      places[k].at = at;
      let around = self.others(j, places);
      let to = self.free_spot(j, places, &around);
      if self.overlap(j, to, places, &around) <= 0.0 {
        places[j].at = to;
        return true;
      }
      places[k].at = was;
    }
    false
  }
}

/// The offsets from a token's home it may move by, nearest first.
fn offsets(u: f64) -> Vec<Point> {
  let reach = (REACH / STEP) as i32;
  let mut offsets: Vec<Point> = Vec::new();
  for dx in -reach..=reach {
    for dy in -reach..=reach {
      let d = [dx as f64 * STEP * u, dy as f64 * STEP * u];
      if d[0].hypot(d[1]) <= REACH * u {
        offsets.push(d);
      }
    }
  }
  offsets.sort_by(|a, b| a[0].hypot(a[1]).total_cmp(&b[0].hypot(b[1])));
  offsets
}

/// How deep two token boxes overlap, with [`GAP`] between them (zero:
/// apart).
fn depth(a: Point, ha: [f64; 2], b: Point, hb: [f64; 2], u: f64) -> f64 {
  let over =
    [ha[0] + hb[0] + GAP * u - (a[0] - b[0]).abs(), ha[1] + hb[1] + GAP * u - (a[1] - b[1]).abs()];
  over[0].min(over[1]).max(0.0)
}
