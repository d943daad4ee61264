//! Convoy routes: chains of fleets at sea from one coast to another.

use crate::map::{Map, ProvinceId, Terrain};

/// Route finding over the seas of one map.
pub(super) struct ConvoyGraph<'a> {
  map: &'a Map,
}

impl<'a> ConvoyGraph<'a> {
  pub(super) fn new(map: &'a Map) -> ConvoyGraph<'a> {
    ConvoyGraph { map }
  }

  fn is_sea(&self, province: ProvinceId) -> bool {
    self.map.province(province).terrain == Terrain::Sea
  }

  /// True when `a` and `b` share a fleet border and one of them is a sea.
  fn touches(&self, a: ProvinceId, b: ProvinceId) -> bool {
    self.map.seas_next_to(a).contains(&b) || self.map.seas_next_to(b).contains(&a)
  }

  /// True when the seas in `fleets` link `from` to `to`.
  pub(super) fn connects(&self, from: ProvinceId, to: ProvinceId, fleets: &[ProvinceId]) -> bool {
    let mut reached: Vec<ProvinceId> =
      fleets.iter().copied().filter(|&s| self.touches(from, s)).collect();
    let mut next = 0;
    while next < reached.len() {
      let sea = reached[next];
      next += 1;
      if self.touches(sea, to) {
        return true;
      }
      for &other in fleets {
        if !reached.contains(&other) && self.touches(sea, other) {
          reached.push(other);
        }
      }
    }
    false
  }

  /// True when the fleet in `sea` lies on some convoy route from `from` to
  /// `to` through `fleets` that has no shortcut, i.e. the fleet could be
  /// needed (DATC 4.E.1: a convoy no route needs is not a legal order).
  pub(super) fn is_necessary(
    &self,
    sea: ProvinceId,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
  ) -> bool {
    if !self.is_sea(sea) || from == to {
      return false;
    }
    let mut path = Vec::new();
    fleets
      .iter()
      .copied()
      .filter(|&s| self.touches(from, s))
      .any(|first| self.minimal_route_through(sea, from, to, fleets, first, &mut path))
  }

  fn minimal_route_through(
    &self,
    sea: ProvinceId,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
    step: ProvinceId,
    path: &mut Vec<ProvinceId>,
  ) -> bool {
    let shortcut = !path.is_empty() && self.touches(from, step)
      || path.iter().rev().skip(1).any(|&earlier| self.touches(earlier, step))
      || path.contains(&step);
    if shortcut {
      return false;
    }
    path.push(step);
    let found = if self.touches(step, to) {
      path.contains(&sea)
    } else {
      fleets
        .iter()
        .copied()
        .filter(|&s| self.touches(step, s))
        .any(|s| self.minimal_route_through(sea, from, to, fleets, s, path))
    };
    path.pop();
    found
  }
}
