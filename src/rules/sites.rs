//! Homes, build sites and how many units a power may keep, as a game has
//! them now rather than as the map lists them: homes the game changed
//! (1897's NEWHOMES, Ambition's claimed homes), the first Winter of a
//! MOBILIZE start, 1900's partisan site, Zeus's alternative homes and its
//! first-Winter homes, and the DPjudge's HOME_BUILDS. What each rule
//! means follows the DPjudge (`Game.buildSites`, `buildLimit`,
//! `ownership`, `Power.initialize`).

use super::{BuildRule, Rules};
use crate::map::{Map, PowerId, ProvinceId};
use crate::phase::{Phase, PhaseKind};
use crate::position::Position;

/// Why a province is not a place where a power may build, under the
/// game's build rule (whether it is free is another matter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteProblem {
  /// Standard rule: not one of the power's home centres.
  NotHome,
  /// HOME_BUILDS: not a home centre of any power.
  NotAnyHome,
  /// ONE or ANY CENTER: not a supply centre at all.
  NotCentre,
  /// The power does not own it.
  NotOwned,
  /// ONE CENTER: the power owns none of its home centres any more.
  NoHomeOwned,
  /// GARRISON: a home of another power that holds out there this year.
  Garrisoned,
}

/// GARRISON: `power` owns no centre and no other power's unit stands on
/// any of its homes, so it holds out: it keeps its units, may build one
/// more in a home each year, and no other power builds in its homes.
pub fn garrisoned(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> bool {
  let own = homes(map, position, power);
  rules.garrison
    && !own.is_empty()
    && position.centers_of(map, power).next().is_none()
    && own.iter().all(|&h| position.unit_at(h).is_none_or(|u| u.power == power))
}

/// The home centres of `power` now: those the game gave it, or none
/// before a NEWHOMES map's first new homes, or the map's for this phase
/// (a `[[during]]` entry may change them), or the map's own.
pub fn homes<'a>(map: &'a Map, position: &'a Position, power: PowerId) -> &'a [ProvinceId] {
  if let Some(homes) = position.changed_homes() {
    return homes.get(power.index()).map_or(&[], Vec::as_slice);
  }
  if !map.new_homes().is_empty() {
    return &[];
  }
  if let Some(home) = map.power_during(power, position.phase).and_then(|d| d.home.as_deref()) {
    return home;
  }
  &map.power(power).home_centers
}

/// True in the first phase of a MOBILIZE game (or for a power whose map
/// entry lists `mobilize` sites) while the power owns nothing yet: it has
/// one build, on a home of its choice, which it then owns. Also in the
/// empty movement turn before those builds, where a Crystal Ball game
/// starts for its first lists: the build is ahead, so the adjustments
/// follow and nobody is out of the game.
pub fn mobilizing(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> bool {
  let mobilizes = rules.mobilize || !map.power(power).mobilize.is_empty();
  let phase = position.phase;
  let ahead = |first: Phase| {
    phase.kind == PhaseKind::Movement
      && position.units().next().is_none()
      && map.next_phase(phase, false, true, false) == first
  };
  mobilizes
    && mobilize_phase(map).is_some_and(|first| first == phase || ahead(first))
    && position.centers_of(map, power).next().is_none()
}

/// The phase a MOBILIZE game starts in: the map's first phase when that is
/// an adjustment phase (1897, 1898), else the adjustment phase before it
/// (the standard map's Winter 1900), as the DPjudge starts such a game.
pub fn mobilize_phase(map: &Map) -> Option<Phase> {
  let first = map.parse_phase(map.first_phase()).ok()?;
  Some(if first.kind == PhaseKind::Adjustment { first } else { map.adjustments_before(first) })
}

/// Where a mobilizing power may build: the map's list, or its homes as
/// the map gives them (1897 has no homes in play until NEWHOMES).
fn mobilize_sites(map: &Map, power: PowerId) -> &[ProvinceId] {
  let data = map.power(power);
  if data.mobilize.is_empty() {
    &data.home_centers
  } else {
    &data.mobilize
  }
}

/// True while the power's partisan sites count (1900's Russian Emergency
/// Measures): it has lost some but not all of its homes.
pub fn partisans_active(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> bool {
  if rules.no_partisans || map.power(power).partisan.is_empty() {
    return false;
  }
  let homes = homes(map, position, power);
  let lost = homes.iter().filter(|&&h| position.owner(h) != Some(power)).count();
  lost > 0 && lost < homes.len()
}

/// How many units `power` may keep: its centres, one more while it is
/// mobilizing, and one per partisan site while they count; under
/// GARRISON, one more than it has while it holds out.
pub fn allowance(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> i32 {
  if garrisoned(map, position, power, rules) {
    return position.units_of(power).count() as i32 + 1;
  }
  let mut count = position.counted_centers(map, power).count();
  if mobilizing(map, position, power, rules) {
    count += 1;
  }
  if partisans_active(map, position, power, rules) {
    count += map.power(power).partisan.len();
  }
  count as i32
}

/// True while a power that may claim a home (`&SC`) has not yet: until
/// then it builds in any centre it owns, and the first one that is not a
/// home becomes one.
pub fn claim_open(map: &Map, position: &Position, power: PowerId) -> bool {
  let data = map.power(power);
  data.claim_home && homes(map, position, power).iter().all(|h| data.home_centers.contains(h))
}

/// Makes `site` one of `power`'s homes for the rest of the game.
pub fn claim_home(map: &Map, position: &mut Position, power: PowerId, site: ProvinceId) {
  let mut all: Vec<Vec<ProvinceId>> =
    map.power_ids().map(|p| homes(map, position, p).to_vec()).collect();
  if let Some(own) = all.get_mut(power.index()) {
    if !own.contains(&site) {
      own.push(site);
    }
  }
  position.set_changed_homes(Some(all));
}

/// NEWHOMES: in the adjustments of a year the map names, every power's
/// homes become the centres it owns then.
pub fn renew_homes(map: &Map, position: &mut Position, year: u16) {
  if map.new_homes().contains(&i32::from(year)) {
    let homes = map.power_ids().map(|p| position.centers_of(map, p).collect()).collect();
    position.set_changed_homes(Some(homes));
  }
}

/// Whether `power` may build in `province` under `rules.builds` and the
/// map's home rules: a home centre it owns (standard), any centre it owns
/// (ANY CENTER, or before NEWHOMES, or while a home may be claimed), any
/// centre it owns while it still owns a home (ONE CENTER), any owned
/// centre that is somebody's home (HOME_BUILDS); an unowned home while
/// mobilizing; a partisan site while those count.
pub fn build_site(
  map: &Map,
  position: &Position,
  power: PowerId,
  province: ProvinceId,
  rules: &Rules,
) -> Result<(), SiteProblem> {
  if mobilizing(map, position, power, rules) {
    let free = position.owner(province).is_none_or(|o| o == power);
    return if mobilize_sites(map, power).contains(&province) && free {
      Ok(())
    } else {
      Err(SiteProblem::NotHome)
    };
  }
  if map.power(power).partisan.contains(&province) && partisans_active(map, position, power, rules)
  {
    return Ok(());
  }
  if garrisoned(map, position, power, rules) {
    return if homes(map, position, power).contains(&province) {
      Ok(())
    } else {
      Err(SiteProblem::NotHome)
    };
  }
  let held_out = |p: PowerId| p != power && homes(map, position, p).contains(&province);
  if map.power_ids().any(|p| held_out(p) && garrisoned(map, position, p, rules)) {
    return Err(SiteProblem::Garrisoned);
  }
  let here = map.province(province);
  let own = homes(map, position, power);
  let before_new_homes = !map.new_homes().is_empty() && position.changed_homes().is_none();
  let anywhere = before_new_homes || claim_open(map, position, power);
  let any_centre = anywhere || matches!(rules.builds, BuildRule::One | BuildRule::Any);
  if any_centre && !here.supply_center {
    return Err(SiteProblem::NotCentre);
  }
  if !any_centre {
    match rules.builds {
      BuildRule::Home if !own.contains(&province) => return Err(SiteProblem::NotHome),
      BuildRule::AnyHome | BuildRule::OneHome
        if !map.power_ids().any(|p| homes(map, position, p).contains(&province)) =>
      {
        return Err(SiteProblem::NotAnyHome)
      }
      _ => {}
    }
  }
  if position.owner(province) != Some(power) {
    return Err(SiteProblem::NotOwned);
  }
  let one_kept = matches!(rules.builds, BuildRule::One | BuildRule::OneHome);
  if one_kept && !own.iter().any(|&h| position.owner(h) == Some(power)) {
    return Err(SiteProblem::NoHomeOwned);
  }
  Ok(())
}

/// The empty places `power` may build in now: centres and partisan sites.
pub fn free_sites(
  map: &Map,
  position: &Position,
  power: PowerId,
  rules: &Rules,
) -> Vec<ProvinceId> {
  map
    .supply_centers()
    .chain(map.power(power).partisan.iter().copied())
    .filter(|&site| {
      position.unit_at(site).is_none() && build_site(map, position, power, site, rules).is_ok()
    })
    .collect()
}

/// The alternative homes of `power` in this phase, each with the sites it
/// stands for: Zeus's California for any other US home, and in the first
/// Winter for New York only.
pub fn alternatives(
  map: &Map,
  position: &Position,
  power: PowerId,
) -> Vec<(ProvinceId, Vec<ProvinceId>)> {
  let list = map
    .power_during(power, position.phase)
    .and_then(|d| d.alternative_homes.as_deref())
    .unwrap_or(&map.power(power).alternative_homes);
  let centres: Vec<ProvinceId> = list.iter().map(|a| a.center).collect();
  list
    .iter()
    .map(|alt| {
      let group = if alt.instead_of.is_empty() {
        homes(map, position, power).iter().copied().filter(|h| !centres.contains(h)).collect()
      } else {
        alt.instead_of.clone()
      };
      (alt.center, group)
    })
    .collect()
}

/// How many builds `power` can make on the free sites it has: an
/// alternative home adds a place, never a build (DPjudge `buildLimit`).
pub fn build_limit(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> usize {
  let alternatives: Vec<ProvinceId> =
    alternatives(map, position, power).into_iter().map(|(a, _)| a).collect();
  let sites: Vec<ProvinceId> = free_sites(map, position, power, rules)
    .into_iter()
    .filter(|s| !alternatives.contains(s))
    .collect();
  if !claim_open(map, position, power) {
    return sites.len();
  }
  // Only one centre off the homes can be claimed in a phase.
  let homes = homes(map, position, power);
  let (home, away): (Vec<ProvinceId>, Vec<ProvinceId>) =
    sites.into_iter().partition(|s| homes.contains(s));
  home.len() + away.len().min(1)
}

/// True when a build at `site` would leave no site of an alternative
/// group unbuilt: of an alternative home and the free homes it stands
/// for, one must stay empty (DPjudge "builds in all alternative sites").
/// `start` is the board as the phase began, `built` the power's builds so
/// far.
pub fn fills_alternatives(
  map: &Map,
  start: &Position,
  power: PowerId,
  rules: &Rules,
  site: ProvinceId,
  built: &[ProvinceId],
) -> bool {
  let free = free_sites(map, start, power, rules);
  alternatives(map, start, power).into_iter().any(|(alt, group)| {
    if !free.contains(&alt) {
      return false;
    }
    let members: Vec<ProvinceId> =
      std::iter::once(alt).chain(group.into_iter().filter(|g| free.contains(g))).collect();
    members.contains(&site)
      && built.iter().filter(|b| members.contains(b)).count() + 2 > members.len()
  })
}

/// Which of the builds a power has entered (`built`, earliest first) a
/// new build at `site` must replace: one that with it would fill an
/// alternative group, or an earlier claim of a home when only one can be
/// claimed. `None` when the new build fits beside them all.
pub fn build_conflict(
  map: &Map,
  position: &Position,
  power: PowerId,
  rules: &Rules,
  site: ProvinceId,
  built: &[ProvinceId],
) -> Option<usize> {
  if fills_alternatives(map, position, power, rules, site, built) {
    return (0..built.len()).find(|&i| {
      let mut rest = built.to_vec();
      rest.remove(i);
      !fills_alternatives(map, position, power, rules, site, &rest)
    });
  }
  let homes = homes(map, position, power);
  if claim_open(map, position, power) && !homes.contains(&site) {
    return built.iter().position(|b| !homes.contains(b));
  }
  None
}

impl Position {
  /// Builds (positive) or removals (negative) a power is due in an
  /// adjustment phase: the units its centres (and a mobilization or
  /// partisan site, see [`allowance`]) keep, less those
  /// it has.
  pub fn adjustment_due(&self, map: &Map, power: PowerId, rules: &Rules) -> i32 {
    let units = self.units_of(power).count() as i32;
    allowance(map, self, power, rules) - units
  }
}
