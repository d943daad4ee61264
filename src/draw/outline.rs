//! A province's outline as polygons, read from its board `shape`, to ask
//! whether a token or a name moved off its board point still stands in
//! its own province.

use super::board::Point;

/// The closed rings of a shape (`Mx,yLx,y…Z`, one or more), holes
/// included; a point or ring that does not read is left out.
pub(super) fn rings(d: &str) -> Vec<Vec<Point>> {
  d.split('Z')
    .filter_map(|ring| {
      let body = ring.trim().strip_prefix('M')?;
      let points: Vec<Point> = body
        .split('L')
        .filter_map(|pair| {
          let (x, y) = pair.split_once(',')?;
          Some([x.trim().parse().ok()?, y.trim().parse().ok()?])
        })
        .collect();
      (points.len() >= 3).then_some(points)
    })
    .collect()
}

/// Whether `p` lies in the rings (even-odd, as the holes are cut), or
/// within `tolerance` of their outline.
pub(super) fn holds(rings: &[Vec<Point>], p: Point, tolerance: f64) -> bool {
  let mut inside = false;
  let mut near = f64::INFINITY;
  for ring in rings {
    for i in 0..ring.len() {
      let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
      if (a[1] > p[1]) != (b[1] > p[1])
        && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
      {
        inside = !inside;
      }
      let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
      let len2 = dx * dx + dy * dy;
      let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
      } else {
        0.0
      };
      near = near.min((p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy));
    }
  }
  inside || near <= tolerance
}

/// The area the rings enclose (holes, drawn the other way round,
/// subtract).
pub(super) fn area(rings: &[Vec<Point>]) -> f64 {
  let signed: f64 = rings
    .iter()
    .map(|ring| {
      (0..ring.len())
        .map(|i| {
          let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
          a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f64>()
        / 2.0
    })
    .sum();
  signed.abs()
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_square_with_a_hole_holds_its_ring_not_its_hole() {
    let r = rings("M0,0L10,0L10,10L0,10ZM4,4L4,6L6,6L6,4Z");
    assert_eq!(r.len(), 2);
    assert!(holds(&r, [2.0, 2.0], 0.0));
    assert!(!holds(&r, [5.0, 5.0], 0.0));
    assert!(!holds(&r, [12.0, 5.0], 0.0));
    assert!(holds(&r, [10.5, 5.0], 1.0));
    assert_eq!(area(&r), 96.0);
  }

  #[test]
  fn a_broken_shape_holds_nothing_and_does_not_panic() {
    assert!(rings("M1,xL2").is_empty());
    assert!(!holds(&rings("garbage"), [0.0, 0.0], 1.0));
  }
}
