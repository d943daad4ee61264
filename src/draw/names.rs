//! Where each province's name is written: under its unit's place, as the
//! board gives it, moved the least that clears it of every supply-centre
//! dot and of every place a unit token may stand (anywhere within
//! [`NEAR`], further only on its own province; a few directions first,
//! then, for a name still covered, a fine grid), so no dot or token
//! hides a name, however crowded the board. Computed once per board
//! with the rest of its static parts.

use super::board::{Board, Point};
use super::outline;
use super::places::Place;
use crate::map::{Map, Terrain};

/// A footprint on the board: a disc or a box.
#[derive(Clone, Copy, Debug)]
enum Mark {
  Disc { c: Point, r: f64 },
  Rect { min: Point, max: Point },
}

impl Mark {
  fn contains(self, p: Point) -> bool {
    match self {
      Mark::Disc { c, r } => (p[0] - c[0]).hypot(p[1] - c[1]) < r,
      Mark::Rect { min, max } => p[0] > min[0] && p[0] < max[0] && p[1] > min[1] && p[1] < max[1],
    }
  }

  fn near(self, p: Point, reach: f64) -> bool {
    let c = match self {
      Mark::Disc { c, .. } => c,
      Mark::Rect { min, max } => [(min[0] + max[0]) / 2.0, (min[1] + max[1]) / 2.0],
    };
    (p[0] - c[0]).abs() < reach && (p[1] - c[1]).abs() < reach
  }
}

/// The sizes the drawing uses, in standard units (see `tokens.rs`).
const ARMY_R: f64 = 5.6;
const FLEET: [f64; 3] = [8.6, 5.2, 5.4];
pub(super) const CENTRE_R: f64 = 3.2;
const OUTLINE: f64 = 0.45;
/// A name's baseline below its label point, and its font size.
pub(super) const NAME_DROP: f64 = 8.2;
pub(super) const NAME_SIZE: f64 = 6.2;
/// The width of one bold character, in ems (DejaVu Sans Bold, about).
pub(super) const EM: f64 = 0.66;

/// Every dot and every token place (`places`, lifted already) on the board.
fn obstacles(map: &Map, board: &Board, u: f64, places: &[Place]) -> Vec<Mark> {
  let army = |c: Point| Mark::Disc { c, r: (ARMY_R + OUTLINE) * u };
  let fleet = |c: Point| {
    let [w, up, down] = FLEET.map(|v| (v + OUTLINE) * u);
    Mark::Rect { min: [c[0] - w, c[1] - up], max: [c[0] + w, c[1] + down] }
  };
  let mut marks = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else { continue };
    if let (true, Some(c)) = (province.supply_center, space.center) {
      marks.push(Mark::Disc { c, r: (CENTRE_R + OUTLINE) * u });
    }
    for place in places.iter().filter(|p| p.province == id.index()) {
      match province.terrain {
        Terrain::Impassable => {}
        Terrain::Sea => marks.push(fleet(place.at)),
        Terrain::Land => marks.push(army(place.at)),
        Terrain::Coast | Terrain::Port => {
          if place.coast.is_none() {
            marks.push(army(place.at));
          }
          marks.push(fleet(place.at));
        }
      }
    }
  }
  marks
}

/// The share of the name box at baseline `at` that the marks cover.
fn covered(at: Point, half: f64, size: f64, marks: &[Mark]) -> f64 {
  let (nx, ny) = (12, 5);
  let mut hit = 0;
  for i in 0..nx {
    for j in 0..ny {
      let p = [
        at[0] - half + 2.0 * half * (i as f64 + 0.5) / nx as f64,
        at[1] - 0.72 * size * (j as f64 + 0.5) / ny as f64,
      ];
      hit += usize::from(marks.iter().any(|m| m.contains(p)));
    }
  }
  hit as f64 / (nx * ny) as f64
}

/// How far a name may move anywhere, in standard units; beyond it (up to
/// [`FAR`]) only onto its own province, so it still names it.
const NEAR: f64 = 9.0;
const FAR: f64 = 24.0;
/// The step of the fine search for a name the first search left covered.
const GRID: f64 = 0.75;

/// Where each province's name goes (its baseline's middle), by
/// [`crate::map::ProvinceId::index`].
pub(super) fn places(map: &Map, board: &Board, u: f64, tokens: &[Place]) -> Vec<Point> {
  let all = obstacles(map, board, u, tokens);
  let size = NAME_SIZE * u;
  // Candidate moves, nearest first: down, sideways, diagonally, up; then
  // further, in more directions.
  let mut moves: Vec<Point> = vec![[0.0, 0.0]];
  for step in 1..=6 {
    let r = 1.5 * step as f64 * u;
    moves.extend([[0.0, r], [r, 0.0], [-r, 0.0], [r, r], [-r, r], [0.0, -r], [r, -r], [-r, -r]]);
  }
  let mut far: Vec<Point> = Vec::new();
  for step in 1..=(FAR / 1.5) as usize {
    let r = 1.5 * step as f64 * u;
    for k in 0..16 {
      let a = std::f64::consts::PI * k as f64 / 8.0;
      let m = [r * a.sin(), r * a.cos()];
      if m[0].hypot(m[1]) > NEAR * u + 1e-9 {
        far.push(m);
      }
    }
  }
  far.sort_by(|a, b| a[0].hypot(a[1]).total_cmp(&b[0].hypot(b[1])));
  // The names written so far: a later name keeps off them too, once it
  // is clear of dots and tokens.
  let mut written: Vec<Mark> = Vec::new();
  let mut out = Vec::with_capacity(map.provinces().len());
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else {
      out.push([0.0, 0.0]);
      continue;
    };
    let home = [space.label[0], space.label[1] + NAME_DROP * u];
    let half = province.abbr.chars().count() as f64 * EM * size / 2.0;
    let reach = (20.0 + FAR) * u;
    let near: Vec<Mark> = all.iter().copied().filter(|m| m.near(home, reach)).collect();
    let names: Vec<Mark> = written.iter().copied().filter(|m| m.near(home, reach)).collect();
    let shape = space.shape.as_deref().map(outline::rings).unwrap_or_default();
    // The middle of the name's box.
    let on_province = |at: Point| outline::holds(&shape, [at[0], at[1] - 0.36 * size], 0.0);
    let mut best = ((f64::INFINITY, f64::INFINITY), home);
    for (m, must_stay) in moves.iter().map(|m| (m, false)).chain(far.iter().map(|m| (m, true))) {
      let at = [home[0] + m[0], home[1] + m[1]];
      let share = (covered(at, half, size, &near), covered(at, half + 0.5 * u, size, &names));
      let better =
        share.0 < best.0 .0 - 1e-9 || (share.0 <= best.0 .0 && share.1 < best.0 .1 - 1e-9);
      if better && (!must_stay || on_province(at)) {
        best = (share, at);
      }
      if best.0 == (0.0, 0.0) {
        break;
      }
    }
    if best.0 .0 > 0.0 {
      // Still covered: every spot of a fine grid within reach, the
      // nearest of the least covered (off its province only within
      // [`NEAR`]).
      let step = GRID * u;
      let n = (FAR / GRID) as i32;
      let mut spots: Vec<Point> = Vec::new();
      for i in -n..=n {
        for j in -n..=n {
          let m = [i as f64 * step, j as f64 * step];
          if m[0].hypot(m[1]) <= FAR * u + 1e-9 {
            spots.push(m);
          }
        }
      }
      spots.sort_by(|a, b| a[0].hypot(a[1]).total_cmp(&b[0].hypot(b[1])));
      for m in spots {
        let at = [home[0] + m[0], home[1] + m[1]];
        let share = covered(at, half, size, &near);
        if share > best.0 .0 {
          continue;
        }
        let must_stay = m[0].hypot(m[1]) > NEAR * u + 1e-9;
        if must_stay && !on_province(at) {
          continue;
        }
        let share = (share, covered(at, half + 0.5 * u, size, &names));
        if share.0 < best.0 .0 - 1e-9 || (share.0 <= best.0 .0 && share.1 < best.0 .1 - 1e-9) {
          best = (share, at);
          if best.0 == (0.0, 0.0) {
            break;
          }
        }
      }
    }
    let at = best.1;
    if province.terrain != Terrain::Impassable {
      written
        .push(Mark::Rect { min: [at[0] - half, at[1] - 0.72 * size], max: [at[0] + half, at[1]] });
    }
    out.push(at);
  }
  out
}
