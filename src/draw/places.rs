//! Where unit tokens stand: at the board's points, lifted as DPjudge
//! lifts them, then pushed apart where two provinces' tokens would
//! overlap (a crowded inset such as Imperial's or Empire's Europe), by
//! at most [`MAX_SHIFT`] standard units so each stays on its province.
//! Worked out once per board for every place a token may stand (each
//! province's point and each coast's), so a token stands in the same
//! place in every picture and no two overlap however full the board.

use super::board::{Board, Point};
use crate::map::{Map, Terrain};

/// How far above its board point a token is centred (DPjudge draws its
/// units above the point and the name below it).
pub(super) const TOKEN_LIFT: f64 = 3.0;
/// The furthest a token is moved from its lifted point.
const MAX_SHIFT: f64 = 5.0;
/// Half the width and height of the box a token may fill: a fleet's hull
/// is 17.2 wide, an army's disc 11.2 across, with their outlines.
const FLEET_HALF: [f64; 2] = [9.05, 5.9];
const ARMY_HALF: [f64; 2] = [6.05, 6.05];
/// Room left between two tokens pushed apart.
const GAP: f64 = 0.3;

/// A place a token may stand: its province (by index) and coast.
#[derive(Clone, Debug)]
pub(super) struct Place {
  pub province: usize,
  pub coast: Option<String>,
  pub at: Point,
}

/// Every token place of the map's provinces on this board, pushed apart.
pub(super) fn places(map: &Map, board: &Board, u: f64) -> Vec<Place> {
  let mut places = Vec::new();
  let mut halves = Vec::new();
  for id in map.province_ids() {
    let province = map.province(id);
    let Some(space) = board.space(&province.abbr) else { continue };
    let half = match province.terrain {
      Terrain::Land | Terrain::Impassable => ARMY_HALF,
      Terrain::Sea | Terrain::Coast | Terrain::Port => FLEET_HALF,
    };
    let lifted = |p: Point| [p[0], p[1] - TOKEN_LIFT * u];
    places.push(Place { province: id.index(), coast: None, at: lifted(space.unit) });
    halves.push(half.map(|h| h * u));
    for (coast, &p) in &space.coasts {
      places.push(Place { province: id.index(), coast: Some(coast.clone()), at: lifted(p) });
      halves.push(FLEET_HALF.map(|h| h * u));
    }
  }
  let home: Vec<Point> = places.iter().map(|p| p.at).collect();
  let limit = MAX_SHIFT * u;
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
        // Apart along the axis that needs the shorter push, half each.
        let axis = usize::from(over[1] < over[0]);
        let sign = if a[axis] < b[axis] || (a[axis] == b[axis] && i < j) { -1.0 } else { 1.0 };
        let step = over[axis] / 2.0 + 0.01 * u;
        places[i].at[axis] += sign * step;
        places[j].at[axis] -= sign * step;
        for k in [i, j] {
          let d = [places[k].at[0] - home[k][0], places[k].at[1] - home[k][1]];
          let len = d[0].hypot(d[1]);
          if len > limit {
            places[k].at = [home[k][0] + d[0] * limit / len, home[k][1] + d[1] * limit / len];
          }
        }
        moved = true;
      }
    }
    if !moved {
      break;
    }
  }
  places
}
