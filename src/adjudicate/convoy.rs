//! Which fleets a convoy route could need (DATC 4.E.1); finding a route
//! itself is [`Map::convoy_connects`].

use crate::map::{Map, ProvinceId, Terrain};

/// True when the fleet in `sea` lies on some convoy route from `from` to
/// `to` through `fleets` that has no shortcut, i.e. the fleet could be
/// needed (DATC 4.E.1: a convoy no route needs is not a legal order).
pub(super) fn could_be_needed(
  map: &Map,
  sea: ProvinceId,
  from: ProvinceId,
  to: ProvinceId,
  fleets: &[ProvinceId],
) -> bool {
  if map.province(sea).terrain != Terrain::Sea || from == to {
    return false;
  }
  let search = RouteSearch { map, sea, from, to, fleets };
  let mut path = Vec::new();
  fleets
    .iter()
    .copied()
    .filter(|&s| map.borders_sea(from, s))
    .any(|first| search.through(first, &mut path))
}

/// A depth-first walk over routes without shortcuts, looking for one that
/// passes `sea`.
struct RouteSearch<'a> {
  map: &'a Map,
  sea: ProvinceId,
  from: ProvinceId,
  to: ProvinceId,
  fleets: &'a [ProvinceId],
}

impl RouteSearch<'_> {
  /// Extends `path` by `step`, unless a shorter route would skip it.
  fn through(&self, step: ProvinceId, path: &mut Vec<ProvinceId>) -> bool {
    let shortcut = !path.is_empty() && self.map.borders_sea(self.from, step)
      || path.iter().rev().skip(1).any(|&earlier| self.map.borders_sea(earlier, step))
      || path.contains(&step);
    if shortcut {
      return false;
    }
    path.push(step);
    let found = if self.map.borders_sea(step, self.to) {
      path.contains(&self.sea)
    } else {
      self
        .fleets
        .iter()
        .copied()
        .filter(|&s| self.map.borders_sea(step, s))
        .any(|s| self.through(s, path))
    };
    path.pop();
    found
  }
}
