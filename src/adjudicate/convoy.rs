//! Which fleets a convoy route could need (DATC 4.E.1); finding a route
//! itself is [`Map::convoy_connects`].

use crate::map::{Map, ProvinceId, Terrain};

/// True when the fleet in `sea` lies on some convoy route from `from` to
/// `to` through `fleets` that has no shortcut, i.e. the fleet could be
/// needed (DATC 4.E.1: a convoy no route needs is not a legal order).
/// With `coastal` (SET COASTAL CONVOYS) the fleet may be on a coast.
pub(super) fn could_be_needed(
  map: &Map,
  sea: ProvinceId,
  from: ProvinceId,
  to: ProvinceId,
  fleets: &[ProvinceId],
  coastal: bool,
) -> bool {
  let convoys_here = match map.province(sea).terrain {
    Terrain::Sea | Terrain::Port => true,
    Terrain::Coast => coastal,
    Terrain::Land | Terrain::Impassable => false,
  };
  if !convoys_here || from == to || sea == from || sea == to {
    return false;
  }
  let search = RouteSearch { map, sea, from, to, fleets, coastal };
  let mut path = Vec::new();
  fleets
    .iter()
    .copied()
    .filter(|&s| s != to && search.step(from, s))
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
  coastal: bool,
}

impl RouteSearch<'_> {
  fn step(&self, a: ProvinceId, b: ProvinceId) -> bool {
    self.map.convoy_step(a, b, self.coastal)
  }

  /// Extends `path` by `step`, unless a shorter route would skip it.
  fn through(&self, step: ProvinceId, path: &mut Vec<ProvinceId>) -> bool {
    let shortcut = !path.is_empty() && self.step(self.from, step)
      || path.iter().rev().skip(1).any(|&earlier| self.step(earlier, step))
      || path.contains(&step);
    if shortcut {
      return false;
    }
    path.push(step);
    let found = if self.step(step, self.to) {
      path.contains(&self.sea)
    } else {
      self
        .fleets
        .iter()
        .copied()
        .filter(|&s| s != self.to && s != self.from && self.step(step, s))
        .any(|s| self.through(s, path))
    };
    path.pop();
    found
  }
}
