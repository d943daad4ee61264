//! The state of the board between phases: units, dislodged units awaiting
//! retreat, supply-centre ownership, and the homes a game has changed.

use crate::map::{Location, Map, PowerId, ProvinceId, UnitType};
use crate::phase::Phase;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
  pub power: PowerId,
  pub kind: UnitType,
  pub location: Location,
}

/// A unit dislodged in a movement phase, waiting for its retreat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
  pub unit: Unit,
  /// The province the dislodging unit came from (not a retreat target
  /// unless the attack came by convoy).
  pub attacker_from: Option<ProvinceId>,
  /// Where the unit may retreat to.
  pub retreats: Vec<Location>,
}

/// Why a unit could not be put on the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
  #[error("{kind} cannot stand in {place}")]
  Terrain { kind: &'static str, place: String },
  #[error("{place} already holds a unit")]
  Occupied { place: String },
}

/// Checks that a unit of its kind may stand where it is: no army at sea, no
/// fleet inland, a fleet on a split coast with its coast named.
pub fn check_terrain(map: &Map, unit: Unit) -> Result<(), PlacementError> {
  if map.can_stand(unit.kind, unit.location) {
    return Ok(());
  }
  Err(PlacementError::Terrain {
    kind: unit.kind.with_article(),
    place: map.location_name(unit.location),
  })
}

/// Units, dislodged units and centre owners for one phase of one map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
  pub phase: Phase,
  /// The unit in each province, indexed by [`ProvinceId::index`].
  units: Vec<Option<Unit>>,
  pub dislodged: Vec<Dislodged>,
  /// The owner of each province (meaningful for supply centres).
  owners: Vec<Option<PowerId>>,
  /// Each power's home centres where the game has changed them (1897's
  /// NEWHOMES, Ambition's claimed homes); `None` while the map's stand.
  homes: Option<Vec<Vec<ProvinceId>>>,
  /// Under VASSAL_DUMMIES, the power each dummy is a vassal of, indexed by
  /// [`PowerId::index`] (`None`: independent, or not a dummy).
  vassal_of: Vec<Option<PowerId>>,
}

impl Position {
  /// An empty board.
  pub fn empty(map: &Map, phase: Phase) -> Position {
    let count = map.provinces().len();
    Position {
      phase,
      units: vec![None; count],
      dislodged: Vec::new(),
      owners: vec![None; count],
      homes: None,
      vassal_of: vec![None; map.powers().len()],
    }
  }

  /// The board at the start of a game: the map's starting units, and each
  /// power owning the centres the map gives it (its homes, unless the map
  /// says otherwise).
  pub fn initial(map: &Map) -> Result<Position, crate::phase::PhaseError> {
    let phase = map.parse_phase(map.first_phase())?;
    let mut position = Position::empty(map, phase);
    for unit in map.starting_units() {
      position.units[unit.location.province.index()] =
        Some(Unit { power: unit.power, kind: unit.kind, location: unit.location });
    }
    for power in map.power_ids() {
      for &centre in &map.power(power).owns {
        position.owners[centre.index()] = Some(power);
      }
    }
    Ok(position)
  }

  /// Puts a unit on the board, checking terrain and that the province is free.
  pub fn place(&mut self, map: &Map, unit: Unit) -> Result<(), PlacementError> {
    check_terrain(map, unit)?;
    let slot = &mut self.units[unit.location.province.index()];
    if slot.is_some() {
      return Err(PlacementError::Occupied {
        place: map.province(unit.location.province).name.clone(),
      });
    }
    *slot = Some(unit);
    Ok(())
  }

  /// Puts a unit on the board without checks, replacing any unit there: for
  /// the adjudicator, whose results are legal by construction.
  pub(crate) fn place_unchecked(&mut self, unit: Unit) {
    self.units[unit.location.province.index()] = Some(unit);
  }

  /// Removes and returns the unit in a province.
  pub fn remove(&mut self, province: ProvinceId) -> Option<Unit> {
    self.units[province.index()].take()
  }

  /// The unit in a province.
  pub fn unit_at(&self, province: ProvinceId) -> Option<Unit> {
    self.units[province.index()]
  }

  /// Every unit on the board, in map order.
  pub fn units(&self) -> impl Iterator<Item = Unit> + '_ {
    self.units.iter().filter_map(|u| *u)
  }

  /// The units of one power.
  pub fn units_of(&self, power: PowerId) -> impl Iterator<Item = Unit> + '_ {
    self.units().filter(move |u| u.power == power)
  }

  /// The dislodged unit that stood in a province, if any.
  pub fn dislodged_at(&self, province: ProvinceId) -> Option<&Dislodged> {
    self.dislodged.iter().find(|d| d.unit.location.province == province)
  }

  pub fn owner(&self, province: ProvinceId) -> Option<PowerId> {
    self.owners[province.index()]
  }

  pub fn set_owner(&mut self, province: ProvinceId, owner: Option<PowerId>) {
    self.owners[province.index()] = owner;
  }

  /// The supply centres a power owns, in map order.
  pub fn centers_of<'a>(
    &'a self,
    map: &'a Map,
    power: PowerId,
  ) -> impl Iterator<Item = ProvinceId> + 'a {
    map.supply_centers().filter(move |&p| self.owner(p) == Some(power))
  }

  /// The supply centres that count for a power (builds, removals,
  /// victory): those it owns but for any a wing stands on.
  pub fn counted_centers<'a>(
    &'a self,
    map: &'a Map,
    power: PowerId,
  ) -> impl Iterator<Item = ProvinceId> + 'a {
    self.centers_of(map, power).filter(move |&p| !self.blockaded(p))
  }

  /// True when a wing stands on the province: a supply centre under a
  /// wing counts for nobody, its owner included, while it is there (the
  /// Wings option): not for builds, removals or victory.
  pub fn blockaded(&self, province: ProvinceId) -> bool {
    self.unit_at(province).is_some_and(|u| u.kind == UnitType::Wing)
  }

  /// The homes the game has given the powers in place of the map's, per
  /// power; `None` while the map's stand.
  pub fn changed_homes(&self) -> Option<&[Vec<ProvinceId>]> {
    self.homes.as_deref()
  }

  /// Gives every power new homes (indexed by power), or back the map's.
  pub fn set_changed_homes(&mut self, homes: Option<Vec<Vec<ProvinceId>>>) {
    self.homes = homes;
  }

  /// The power a dummy is a vassal of (VASSAL_DUMMIES), if any.
  pub fn controller(&self, power: PowerId) -> Option<PowerId> {
    self.vassal_of.get(power.index()).copied().flatten()
  }

  /// Makes `power` a vassal of `controller`, or independent (`None`).
  pub fn set_controller(&mut self, power: PowerId, controller: Option<PowerId>) {
    if let Some(slot) = self.vassal_of.get_mut(power.index()) {
      *slot = controller;
    }
  }

  /// The leader of a power's bloc: its controller, or itself.
  pub fn bloc(&self, power: PowerId) -> PowerId {
    self.controller(power).unwrap_or(power)
  }

  /// The vassals of a power, in map order.
  pub fn vassals_of(&self, leader: PowerId) -> impl Iterator<Item = PowerId> + '_ {
    (0..self.vassal_of.len())
      .filter(move |&i| self.vassal_of[i] == Some(leader))
      .map(|i| PowerId(i as u8))
  }
}

/// `F Stp/sc`: the unit's letter and the map's abbreviation of its place.
/// Built in one allocation of the right size: a response lists every unit.
pub fn unit_text(map: &Map, unit: Unit) -> String {
  let mut text = String::with_capacity(map.province(unit.location.province).abbr.len() + 5);
  push_unit_text(&mut text, map, unit);
  text
}

/// Appends what [`unit_text`] returns to `out`.
pub fn push_unit_text(out: &mut String, map: &Map, unit: Unit) {
  out.push(unit.kind.letter());
  out.push(' ');
  out.push_str(&map.province(unit.location.province).abbr);
  if let Some(coast) = unit.location.coast {
    out.push('/');
    out.push_str(coast.abbr());
  }
}
