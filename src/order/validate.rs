//! Checking parsed orders against the board, as njudge does when orders are
//! entered, taking the DATC's recommended choices where the rules leave room.
//! An order that passes is one the unit may legally give; whether it
//! succeeds is the adjudicator's business.

use super::render::unit_name;
use super::{Action, Adjustment, Order, OrderError, ParsedOrder, UnitOrder, Via};
use crate::map::{Coast, Location, Map, PowerId, ProvinceId, Terrain, UnitType};
use crate::phase::PhaseKind;
use crate::position::{Dislodged, Position, Unit};
use crate::rules::{build_site, league_forbids, LeagueBar, Rules, SiteProblem, TransformProblem};

mod portage;

/// Checks a movement- or retreat-phase order of `power` against `position`
/// under the standard rules.
pub fn validate(
  map: &Map,
  position: &Position,
  power: PowerId,
  order: &ParsedOrder,
) -> Result<UnitOrder, OrderError> {
  validate_with(map, position, power, order, &Rules::default())
}

/// Checks a movement- or retreat-phase order under the game's optional
/// `rules` (which fleets may convoy).
pub fn validate_with(
  map: &Map,
  position: &Position,
  power: PowerId,
  order: &ParsedOrder,
  rules: &Rules,
) -> Result<UnitOrder, OrderError> {
  let board = Board { map, position, power, rules };
  let phase = position.phase.kind;
  match (order, phase) {
    (ParsedOrder::Unit { kind, at, action }, PhaseKind::Movement) => {
      board.movement(*kind, *at, action)
    }
    (ParsedOrder::Unit { kind, at, action }, PhaseKind::Retreat) => {
      board.retreat(*kind, *at, action)
    }
    (other, _) => Err(OrderError::misplaced_adjustment(other, phase)),
  }
}

/// Checks an adjustment-phase order of `power` against `position` under
/// the standard rules.
pub fn validate_adjustment(
  map: &Map,
  position: &Position,
  power: PowerId,
  order: &ParsedOrder,
) -> Result<Adjustment, OrderError> {
  validate_adjustment_with(map, position, power, order, &Rules::default())
}

/// Checks an adjustment-phase order under the game's optional `rules`
/// (where builds go, whether any unit may be disbanded).
pub fn validate_adjustment_with(
  map: &Map,
  position: &Position,
  power: PowerId,
  order: &ParsedOrder,
  rules: &Rules,
) -> Result<Adjustment, OrderError> {
  let board = Board { map, position, power, rules };
  match *order {
    ParsedOrder::Build { kind, at } => board.build(kind, at),
    ParsedOrder::Remove { kind, at } => board.remove(kind, at),
    ParsedOrder::BuildOrRemove { kind, at } => board.build_or_remove(kind, at),
    ParsedOrder::Waive { power: Some(other) } if other != board.power => {
      Err(OrderError::WaiveOtherPower { power: map.power(other).name.clone() })
    }
    ParsedOrder::Waive { .. } => board.waive(),
    ParsedOrder::Maintain { kind, at } => board.maintain(kind, at),
    ParsedOrder::Transform { into, at } => {
      let unit = board.own_unit(None, at.province)?;
      let coast = board.transform(unit, into, at.coast)?;
      Ok(Adjustment::Transform { unit, into, coast })
    }
    ParsedOrder::Unit { ref action, .. } => {
      Err(OrderError::misplaced_action(action, PhaseKind::Adjustment))
    }
  }
}

/// SET STRICT CONVOY's test of a convoy order, exactly as manual §8.3
/// defines it: the convoy is "implausible" only when the army's province
/// `from` or its destination `to` touches no sea at all. Which fleets stand
/// where is not looked at (njudge's check is that minimal, and a chain can
/// still form by the time the orders are adjudicated).
pub fn convoy_conceivable(map: &Map, from: ProvinceId, to: ProvinceId) -> bool {
  let touches_sea = |place: ProvinceId| {
    map.province_ids().any(|sea| map.province(sea).terrain.convoys() && map.borders_sea(place, sea))
  };
  touches_sea(from) && touches_sea(to)
}

/// `CATHOLIC` as `Catholic`.
fn title_case(word: &str) -> String {
  let lower = word.to_lowercase();
  let mut chars = lower.chars();
  chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The position as seen by the power giving orders.
struct Board<'a> {
  map: &'a Map,
  position: &'a Position,
  power: PowerId,
  rules: &'a Rules,
}

// ------------------------------------------------------------ movement

impl Board<'_> {
  fn movement(
    &self,
    kind: Option<UnitType>,
    at: Location,
    action: &Action,
  ) -> Result<UnitOrder, OrderError> {
    let unit = self.own_unit(kind, at.province)?;
    // A unit where the map is closed this phase may only hold (HIBERNATE).
    if self.map.closed_at(at.province, self.position.phase) && !matches!(action, Action::Hold) {
      return Err(OrderError::Trapped { unit: self.name(unit) });
    }
    let order = match *action {
      Action::Hold => Order::Hold,
      Action::Move { .. } if self.rules.immobile_dummies && self.map.power(unit.power).dummy => {
        return Err(OrderError::ImmobileDummy {
          unit: self.name(unit),
          power: self.map.power(unit.power).name.clone(),
        });
      }
      Action::Move { to, ref route, via_convoy } => self.move_order(unit, to, route, via_convoy)?,
      Action::SupportHold { kind, unit: at } => self.support_hold(unit, kind, at.province)?,
      Action::SupportMove { kind, from, to } => self.support_move(unit, kind, from.province, to)?,
      Action::Convoy { kind, from, to } if unit.kind == UnitType::Army => {
        self.army_convoy(unit, kind, from.province, to)?
      }
      Action::Convoy { kind, from, to } => self.convoy(unit, kind, from.province, to.province)?,
      Action::Proxy { power } => Order::Proxy { power },
      Action::Disband if self.rules.movement_disband => Order::Disband,
      Action::Disband => return Err(OrderError::misplaced_action(action, PhaseKind::Movement)),
      Action::Transform { into, coast } => {
        let coast = self.transform(unit, into, coast)?;
        Order::Transform { into, coast }
      }
    };
    Ok(UnitOrder { unit, order })
  }

  fn move_order(
    &self,
    unit: Unit,
    to: Location,
    route: &[ProvinceId],
    via_convoy: bool,
  ) -> Result<Order, OrderError> {
    if !route.is_empty() || via_convoy {
      if let Some(portage) = self.fleet_route(unit, to, route, via_convoy) {
        return portage;
      }
    }
    match unit.kind {
      UnitType::Fleet | UnitType::Wing if !route.is_empty() || via_convoy => {
        Err(OrderError::FleetConvoyed { unit: self.name(unit) })
      }
      UnitType::Wing => {
        self.check_entry(unit, to.province)?;
        let to = Location::province(to.province);
        if !self.map.can_move(UnitType::Wing, unit.location, to)
          || !self.border_open(unit, to.province)
        {
          return Err(OrderError::WingNotAdjacent {
            unit: self.name(unit),
            to: self.place(to.province),
          });
        }
        Ok(Order::Move { to, via: Via::Unspecified })
      }
      UnitType::Fleet => {
        let to = self.fleet_move(unit, to).map_err(|e| self.portage_hint(unit, to.province, e))?;
        Ok(Order::Move { to, via: Via::Unspecified })
      }
      UnitType::Army => self.army_move(unit, to.province, route, via_convoy),
    }
  }

  /// Where a fleet goes, its coast settled as DATC 4.B asks.
  fn fleet_move(&self, unit: Unit, to: Location) -> Result<Location, OrderError> {
    self.check_entry(unit, to.province)?;
    let reachable: Vec<Location> = self
      .map
      .fleet_neighbours(unit.location)
      .iter()
      .copied()
      .filter(|l| l.province == to.province && self.border_open(unit, l.province))
      .collect();
    if reachable.is_empty() {
      return Err(OrderError::FleetNotAdjacent {
        unit: self.name(unit),
        to: self.place(to.province),
      });
    }
    self.fleet_target(unit, to, &reachable)
  }

  /// Picks the coast among `reachable` (all in `to`'s province, none
  /// empty): a written coast must be one of them (6.B.3), and an unwritten
  /// one is chosen only when there is no choice (6.B.1, 6.B.2).
  fn fleet_target(
    &self,
    unit: Unit,
    to: Location,
    reachable: &[Location],
  ) -> Result<Location, OrderError> {
    if !self.map.province(to.province).has_coasts() {
      return Ok(Location::province(to.province));
    }
    match (to.coast, reachable) {
      (Some(coast), _) => {
        self.check_coast(to.province, coast)?;
        if reachable.contains(&to) {
          Ok(to)
        } else {
          Err(OrderError::CoastUnreachable {
            unit: self.name(unit),
            to: self.map.location_name(to),
            reachable: reachable.iter().map(|&l| self.map.location_name(l)).collect(),
          })
        }
      }
      (None, [only]) => Ok(*only),
      (None, _) => Err(OrderError::CoastRequired {
        unit: self.name(unit),
        to: self.place(to.province),
        options: reachable.iter().map(|&l| self.map.location_abbr(l)).collect(),
      }),
    }
  }

  /// An army's move: along a written route, by convoy, or over land; a
  /// coast written on the destination means nothing to it (6.B.12).
  fn army_move(
    &self,
    unit: Unit,
    to: ProvinceId,
    route: &[ProvinceId],
    via_convoy: bool,
  ) -> Result<Order, OrderError> {
    self.check_entry(unit, to)?;
    let via = if !route.is_empty() {
      self.check_route(unit.location.province, to, route)?;
      Via::Route(route.to_vec())
    } else if via_convoy {
      self.check_convoy(unit, to)?;
      Via::Convoy
    } else if self.walks(unit, to) || self.convoy_possible(unit.location.province, to) {
      Via::Unspecified
    } else {
      return Err(OrderError::ArmyUnreachable { unit: self.name(unit), to: self.place(to) });
    };
    Ok(Order::Move { to: Location::province(to), via })
  }

  /// True when the army may walk to `to`: a neighbour across a border open
  /// to its power.
  fn walks(&self, unit: Unit, to: ProvinceId) -> bool {
    self.map.can_reach(UnitType::Army, unit.location, to) && self.border_open(unit, to)
  }

  /// True when `unit`'s power may cross from where it stands into `to` as
  /// far as owner-only borders go (Imperial's Aegean–Black Sea needs
  /// Constantinople): for anyone else the two are not neighbours, for
  /// moves, supports and retreats alike (DPjudge `Game.abuts`, which
  /// `validOrder` asks with the unit's owner and the centres it owns now).
  fn border_open(&self, unit: Unit, to: ProvinceId) -> bool {
    let phase = self.position.phase;
    self.map.border_open(unit.location.province, to, unit.power, |c| self.position.owner(c))
      && !self.map.closed_at(to, phase)
      && !self.map.closed_at(unit.location.province, phase)
  }

  /// The checks every move shares: somewhere else, that this kind of unit
  /// may enter.
  fn check_entry(&self, unit: Unit, to: ProvinceId) -> Result<(), OrderError> {
    let (name, place) = (|| self.name(unit), || self.place(to));
    if to == unit.location.province {
      return Err(OrderError::MoveToSelf { unit: name() });
    }
    match (self.map.terrain_at(to, self.position.phase), unit.kind) {
      (Terrain::Impassable, _) => Err(OrderError::Impassable { unit: name(), to: place() }),
      (Terrain::Sea, UnitType::Army) => Err(OrderError::ArmyToSea { unit: name(), to: place() }),
      (Terrain::Land, UnitType::Fleet) => {
        Err(OrderError::FleetInland { unit: name(), to: place() })
      }
      _ => Ok(()),
    }
  }

  // ------------------------------------------------------------ convoys

  /// njudge's route check: coastal ends, and each step a sea (or, with
  /// coastal convoys, a coast) holding a fleet and touching the one before.
  fn check_route(
    &self,
    from: ProvinceId,
    to: ProvinceId,
    route: &[ProvinceId],
  ) -> Result<(), OrderError> {
    self.check_coastal(from)?;
    self.check_coastal(to)?;
    let mut previous = from;
    for (i, &sea) in route.iter().enumerate() {
      if self.rules.no_return && route[..i].contains(&sea) {
        return Err(OrderError::RouteRepeats { place: self.place(sea) });
      }
      if !self.may_convoy_from(sea) {
        return Err(OrderError::RouteNotSea { place: self.place(sea) });
      }
      // Under FICTIONAL_OK a fleet the player cannot see may be there.
      if !self.has_fleet(sea) && !self.rules.fictional_ok {
        return Err(OrderError::RouteNoFleet { place: self.place(sea) });
      }
      self.check_touch(sea, previous)?;
      previous = sea;
    }
    self.check_touch(previous, to)
  }

  fn check_touch(&self, sea: ProvinceId, other: ProvinceId) -> Result<(), OrderError> {
    if self.map.convoy_step(sea, other, self.rules.coastal_convoys) {
      Ok(())
    } else {
      Err(OrderError::RouteBroken { from: self.place(other), to: self.place(sea) })
    }
  }

  fn check_convoy(&self, unit: Unit, to: ProvinceId) -> Result<(), OrderError> {
    self.check_coastal(unit.location.province)?;
    self.check_coastal(to)?;
    if self.fleet_path(unit.location.province, to, None) {
      Ok(())
    } else {
      Err(OrderError::NoConvoyPath { unit: self.name(unit), to: self.place(to) })
    }
  }

  fn check_coastal(&self, province: ProvinceId) -> Result<(), OrderError> {
    if self.coastal(province) {
      Ok(())
    } else {
      Err(OrderError::NotCoastal { place: self.place(province) })
    }
  }

  fn convoy_possible(&self, from: ProvinceId, to: ProvinceId) -> bool {
    self.coastal(from) && self.coastal(to) && self.fleet_path(from, to, None)
  }

  /// True when fleets at sea, of any power, form a chain from `from` to
  /// `to`: njudge's test that a convoy is at least conceivable. The fleet in
  /// `without` is left out (a fleet cannot support and convoy at once).
  /// Under FICTIONAL_OK every sea counts as holding a fleet, so that which
  /// moves are taken tells nothing of fleets the player cannot see.
  fn fleet_path(&self, from: ProvinceId, to: ProvinceId, without: Option<ProvinceId>) -> bool {
    let fictional = self.rules.fictional_ok;
    let fleets: Vec<ProvinceId> = self
      .map
      .province_ids()
      .filter(|&s| Some(s) != without)
      .filter(|&s| if fictional { self.may_convoy_from(s) } else { self.convoy_sea(s) })
      .collect();
    self.map.convoy_connects_with(from, to, &fleets, self.rules.coastal_convoys)
  }

  fn convoy_sea(&self, province: ProvinceId) -> bool {
    self.may_convoy_from(province) && self.has_fleet(province)
  }

  /// Whether a fleet in `province` may convoy: at sea, or on a coast when
  /// the game has coastal convoys.
  fn may_convoy_from(&self, province: ProvinceId) -> bool {
    match self.map.province(province).terrain {
      Terrain::Sea | Terrain::Port => true,
      Terrain::Coast => self.rules.coastal_convoys,
      Terrain::Land | Terrain::Impassable => false,
    }
  }

  fn has_fleet(&self, province: ProvinceId) -> bool {
    self.position.unit_at(province).is_some_and(|u| u.kind == UnitType::Fleet)
  }

  fn is_land(&self, province: ProvinceId) -> bool {
    self.map.province(province).is_land()
  }

  fn coastal(&self, province: ProvinceId) -> bool {
    matches!(self.map.province(province).terrain, Terrain::Coast | Terrain::Port)
  }

  fn convoy(
    &self,
    fleet: Unit,
    kind: Option<UnitType>,
    from: ProvinceId,
    to: ProvinceId,
  ) -> Result<Order, OrderError> {
    // njudge takes a convoy order when the fleet and the army exist and the
    // destination is land (manual §6.2): a fleet on a coast (without SET
    // COASTAL CONVOYS) or an inland army is taken, and the convoy is void
    // when the orders are adjudicated. SET STRICT CONVOY checks a little
    // more, at entry (`Game::check_settings`).
    if fleet.kind != UnitType::Fleet {
      return Err(OrderError::CannotConvoy { unit: self.name(fleet) });
    }
    let target = self.helped_unit(kind, from, |u| u.kind == UnitType::Army)?;
    if target.kind != UnitType::Army {
      return Err(OrderError::FleetConvoyed { unit: self.name(target) });
    }
    if !self.is_land(to) {
      return Err(OrderError::NotLand { place: self.place(to) });
    }
    if to == from {
      return Err(OrderError::MoveToSelf { unit: self.name(target) });
    }
    self.check_league(fleet, target, Some(to))?;
    if self.rules.no_return && !self.simple_route_through(from, fleet.location.province, to) {
      return Err(OrderError::ConvoyTurnsBack {
        fleet: self.name(fleet),
        unit: self.name(target),
        to: self.place(to),
      });
    }
    Ok(Order::Convoy { target, to })
  }

  /// NO_RETURN: whether a route from `from` to `to` over seas that may
  /// hold convoying fleets passes `sea` without passing any sea twice.
  /// The seas are those with fleets (any sea under FICTIONAL_OK).
  fn simple_route_through(&self, from: ProvinceId, sea: ProvinceId, to: ProvinceId) -> bool {
    let fictional = self.rules.fictional_ok;
    let usable = |s: ProvinceId| {
      s == sea || if fictional { self.may_convoy_from(s) } else { self.convoy_sea(s) }
    };
    let mut search = RouteSearch {
      map: self.map,
      coastal: self.rules.coastal_convoys,
      seas: self.map.province_ids().filter(|&s| usable(s)).collect(),
      sea,
      to,
      path: Vec::new(),
      budget: ROUTE_SEARCH_STEPS,
    };
    search.from(from)
  }

  // ----------------------------------------------------------- supports

  fn support_hold(
    &self,
    supporter: Unit,
    kind: Option<UnitType>,
    at: ProvinceId,
  ) -> Result<Order, OrderError> {
    let target = self.helped_unit(kind, at, |_| true)?;
    if target.location.province == supporter.location.province {
      return Err(OrderError::SupportSelf { unit: self.name(supporter) });
    }
    self.signal(self.check_support_reach(supporter, at))?;
    self.signal(self.check_league(supporter, target, None))?;
    Ok(Order::SupportHold { target })
  }

  fn support_move(
    &self,
    supporter: Unit,
    kind: Option<UnitType>,
    from: ProvinceId,
    to: Location,
  ) -> Result<Order, OrderError> {
    let here = supporter.location.province;
    let target = self.helped_unit(kind, from, |u| self.could_move(u, to.province, here))?;
    if target.location.province == supporter.location.province {
      return Err(OrderError::SupportSelf { unit: self.name(supporter) });
    }
    if to.province == supporter.location.province {
      return Err(OrderError::SupportIntoOwnProvince { unit: self.name(supporter) });
    }
    self.signal(self.check_support_reach(supporter, to.province))?;
    if !self.could_move(target, to.province, supporter.location.province) {
      self.signal(Err(OrderError::SupportedMoveImpossible {
        target: self.name(target),
        to: self.place(to.province),
      }))?;
    }
    self.signal(self.check_league(supporter, target, Some(to.province)))?;
    Ok(Order::SupportMove { target, to: self.support_coast(target, to)? })
  }

  /// Under SIGNAL_SUPPORT a support that cannot be given (out of the
  /// supporter's reach, for a move the unit cannot make, barred by a
  /// league) is taken all the same, as a signal to the unit's owner: the
  /// adjudicator finds it void (`adjudicate::movement`, which checks reach
  /// and leagues itself), and the results print it so.
  fn signal(&self, checked: Result<(), OrderError>) -> Result<(), OrderError> {
    match checked {
      Err(_) if self.rules.signal_support => Ok(()),
      checked => checked,
    }
  }

  /// A league may forbid the helper to help `target` (into `into`, when
  /// it moves): see `rules::league_forbids`.
  fn check_league(
    &self,
    helper: Unit,
    target: Unit,
    into: Option<ProvinceId>,
  ) -> Result<(), OrderError> {
    // Who holds `into`, and whose the helped unit is, may be hidden from
    // the player under FICTIONAL_OK: the adjudicator applies the league's
    // bar then (the help fails), and nothing is said at entry.
    if self.rules.fictional_ok {
      return Ok(());
    }
    let held_by = into.and_then(|p| self.position.unit_at(p)).map(|u| u.power);
    let bar = league_forbids(self.map, helper.power, target.power, held_by, into.is_some());
    let power = self.map.power(helper.power);
    match bar {
      None => Ok(()),
      Some(LeagueBar::Strict) => Err(OrderError::LeagueStrict {
        power: power.name.clone(),
        league: power.league.as_ref().map_or_else(String::new, |l| title_case(&l.name)),
        target: self.name(target),
        owner: self.map.power(target.power).name.clone(),
      }),
      Some(LeagueBar::Benign) => Err(OrderError::LeagueBenign {
        power: power.name.clone(),
        target: self.name(target),
        place: into.map_or_else(String::new, |p| self.place(p)),
      }),
    }
  }

  /// Support goes to a province, by any coast (DATC 6.B.4), but only from
  /// where the supporter stands (6.B.5), and never across a half-strength
  /// border or a strait (DPjudge `validOrder`: "UNIT CANNOT DELIVER SUPPORT
  /// TO DESTINATION"), nor across an owner-only border closed to it.
  fn check_support_reach(&self, supporter: Unit, to: ProvinceId) -> Result<(), OrderError> {
    if self.map.can_reach(supporter.kind, supporter.location, to)
      && self.map.supports_across(supporter.location.province, to)
      && self.border_open(supporter, to)
    {
      Ok(())
    } else {
      Err(OrderError::CannotSupportInto { unit: self.name(supporter), place: self.place(to) })
    }
  }

  /// Whether the supported unit could make the move at all: a fleet to a
  /// neighbour, an army to a neighbour or between coasts by some convoy;
  /// across an owner-only border only when it is open to the target's power.
  fn could_move(&self, target: Unit, to: ProvinceId, supporter: ProvinceId) -> bool {
    let from = target.location;
    if to == from.province {
      return false;
    }
    match target.kind {
      UnitType::Fleet | UnitType::Wing => {
        (self.map.can_reach(target.kind, from, to) && self.border_open(target, to))
          || self.could_portage(target, to, supporter)
      }
      UnitType::Army => {
        self.map.province(to).is_land()
          && (self.walks(target, to)
            || (self.coastal(from.province)
              && self.coastal(to)
              && self.fleet_path(from.province, to, Some(supporter))))
      }
    }
  }

  /// A coast written in a support is kept only where it can matter: a fleet
  /// moving to a province with coasts (DATC 6.B.9).
  fn support_coast(&self, target: Unit, to: Location) -> Result<Location, OrderError> {
    // Under FICTIONAL_OK a coast that does not exist is refused whatever
    // the supported unit is, so that the refusal tells nothing of it.
    if let Some(coast) = to.coast.filter(|_| self.rules.fictional_ok) {
      if self.map.province(to.province).has_coasts() {
        self.check_coast(to.province, coast)?;
      }
    }
    match to.coast {
      Some(coast)
        if target.kind == UnitType::Fleet && self.map.province(to.province).has_coasts() =>
      {
        self.check_coast(to.province, coast)?;
        Ok(to)
      }
      _ => Ok(Location::province(to.province)),
    }
  }
}

// ------------------------------------------------------------- retreats

impl Board<'_> {
  fn retreat(
    &self,
    kind: Option<UnitType>,
    at: Location,
    action: &Action,
  ) -> Result<UnitOrder, OrderError> {
    let dislodged = self.dislodged_unit(kind, at.province)?;
    let unit = dislodged.unit;
    let order = match *action {
      Action::Move { ref route, via_convoy, .. } if !route.is_empty() || via_convoy => {
        return Err(OrderError::RetreatByConvoy { unit: self.name(unit) });
      }
      Action::Move { to, .. } => {
        Order::Move { to: self.retreat_target(dislodged, to)?, via: Via::Unspecified }
      }
      Action::Disband => Order::Disband,
      _ => return Err(OrderError::RetreatOnly { unit: self.name(unit) }),
    };
    Ok(UnitOrder { unit, order })
  }

  /// The power's dislodged unit in a province. The attacker that took its
  /// place may stand there too, and is not what the player means.
  fn dislodged_unit(
    &self,
    kind: Option<UnitType>,
    province: ProvinceId,
  ) -> Result<&Dislodged, OrderError> {
    let dislodged = self.position.dislodged_at(province);
    if self.rules.fictional_ok {
      // Say nothing of other powers' units (FICTIONAL_OK: a blind game).
      return match (dislodged, self.position.unit_at(province)) {
        (Some(dislodged), _) if dislodged.unit.power == self.power => {
          self.check_type(dislodged.unit, kind)?;
          Ok(dislodged)
        }
        (_, Some(unit)) if unit.power == self.power => {
          Err(OrderError::NotDislodged { unit: self.unit_in(unit) })
        }
        _ => Err(self.no_own_unit(province)),
      };
    }
    match (dislodged, self.position.unit_at(province)) {
      (Some(dislodged), _) if dislodged.unit.power == self.power => {
        self.check_type(dislodged.unit, kind)?;
        Ok(dislodged)
      }
      (Some(dislodged), Some(unit)) if unit.power != self.power => {
        Err(self.not_yours(dislodged.unit))
      }
      (Some(dislodged), None) => Err(self.not_yours(dislodged.unit)),
      (_, Some(unit)) => Err(OrderError::NotDislodged { unit: self.unit_in(unit) }),
      (None, None) => Err(OrderError::NoUnit { place: self.place(province) }),
    }
  }

  fn retreat_target(&self, dislodged: &Dislodged, to: Location) -> Result<Location, OrderError> {
    let unit = dislodged.unit;
    // Retreat options given from outside (a JSON request) were not checked
    // against owner-only borders: a closed one is no way out.
    let options: Vec<Location> = dislodged
      .retreats
      .iter()
      .copied()
      .filter(|l| l.province == to.province && self.border_open(unit, l.province))
      .collect();
    if options.is_empty() {
      return Err(OrderError::RetreatNotAllowed {
        unit: self.name(unit),
        to: self.place(to.province),
        options: dislodged.retreats.iter().map(|&l| self.map.location_name(l)).collect(),
      });
    }
    match unit.kind {
      UnitType::Army | UnitType::Wing => Ok(Location::province(to.province)),
      UnitType::Fleet => self.fleet_target(unit, to, &options),
    }
  }
}

// ------------------------------------------------------ transformations

impl Board<'_> {
  /// Whether `unit` may become `into` here and now (SET TRANSFORM), and
  /// the coast the new fleet stands on (`None` for an army or a province
  /// of one coast, whatever was written).
  fn transform(
    &self,
    unit: Unit,
    into: UnitType,
    coast: Option<Coast>,
  ) -> Result<Option<Coast>, OrderError> {
    let setting = &self.rules.transform;
    let province = self.map.province(unit.location.province);
    if into == UnitType::Wing && !self.rules.wings {
      return Err(OrderError::NoWings);
    }
    let problem =
      crate::rules::transform_problem(self.map, self.position, setting, unit, into, coast);
    let place = || province.name.clone();
    match problem {
      None if into == UnitType::Fleet && province.has_coasts() => Ok(coast),
      None => Ok(None),
      Some(TransformProblem::Off) => Err(OrderError::TransformOff {
        phase: match self.position.phase.kind {
          PhaseKind::Movement => "movement phases",
          PhaseKind::Retreat => "retreat phases",
          PhaseKind::Adjustment => "adjustment phases",
        },
      }),
      Some(TransformProblem::AtSea) => Err(OrderError::TransformAtSea { unit: self.name(unit) }),
      Some(TransformProblem::Same) => {
        Err(OrderError::TransformSame { unit: self.name(unit), kind: article(unit.kind) })
      }
      Some(TransformProblem::NoCoast) => {
        Err(OrderError::TransformNoCoast { unit: self.name(unit), place: place() })
      }
      Some(TransformProblem::CoastNeeded) => Err(OrderError::TransformCoastNeeded {
        place: place(),
        options: province.coasts().map(|c| format!("{}/{}", province.abbr, c.abbr())).collect(),
      }),
      Some(TransformProblem::BadCoast) => Err(OrderError::TransformBadCoast { place: place() }),
      Some(TransformProblem::Blockading) => {
        Err(OrderError::TransformBlockading { unit: self.name(unit) })
      }
      Some(TransformProblem::Place(rule)) => Err(OrderError::TransformPlace {
        unit: self.name(unit),
        rule: rule.words(),
        setting: setting.words(),
      }),
    }
  }
}

// ---------------------------------------------------------- adjustments

impl Board<'_> {
  /// `F Stp/sc` alone: a build or a removal, whichever the power is due;
  /// under ANY DISBAND, a removal when its own unit stands there.
  fn build_or_remove(
    &self,
    kind: Option<UnitType>,
    at: Location,
  ) -> Result<Adjustment, OrderError> {
    let own_unit_there = self.position.unit_at(at.province).is_some_and(|u| u.power == self.power);
    match self.due() {
      _ if self.rules.any_disband && own_unit_there => self.remove(kind, at),
      due if due > 0 => self.build(kind, at),
      due if due < 0 => self.remove(kind, at),
      _ => Err(OrderError::NoAdjustmentsDue { power: self.power_name() }),
    }
  }

  fn build(&self, kind: Option<UnitType>, at: Location) -> Result<Adjustment, OrderError> {
    self.require_builds()?;
    self.check_build_site(at.province)?;
    let kind = self.build_kind(kind, at)?;
    let at = self.build_location(kind, at)?;
    if !self.map.can_stand(kind, at) {
      let kind = match kind {
        UnitType::Army => "An army",
        UnitType::Fleet => "A fleet",
        UnitType::Wing => "A wing",
      };
      return Err(OrderError::CannotStand { kind, place: self.map.location_name(at) });
    }
    Ok(Adjustment::Build { kind, at })
  }

  /// A removal, when the power has too many units, or of any unit under
  /// ANY DISBAND.
  fn remove(&self, kind: Option<UnitType>, at: Location) -> Result<Adjustment, OrderError> {
    if self.due() >= 0 && !self.rules.any_disband {
      return Err(OrderError::NoRemovalsDue { power: self.power_name() });
    }
    Ok(Adjustment::Remove { unit: self.own_unit(kind, at.province)? })
  }

  /// `maintain A Vie`: under ANY DISBAND every unit needs an order, and
  /// this is the one for a unit that stays (manual §9.1). Elsewhere units
  /// stay unless removed, and the order is refused as meaningless.
  fn maintain(&self, kind: Option<UnitType>, at: Location) -> Result<Adjustment, OrderError> {
    if !self.rules.any_disband {
      return Err(OrderError::MaintainNotNeeded);
    }
    Ok(Adjustment::Maintain { unit: self.own_unit(kind, at.province)? })
  }

  fn waive(&self) -> Result<Adjustment, OrderError> {
    self.require_builds()?;
    Ok(Adjustment::Waive)
  }

  fn due(&self) -> i32 {
    self.position.adjustment_due(self.map, self.power, self.rules)
  }

  /// Builds are due, or (ANY DISBAND) could be made room for by disbanding
  /// one of the power's units; whether room was made is for the game to
  /// see, which knows the power's other orders.
  fn require_builds(&self) -> Result<(), OrderError> {
    let could_disband =
      self.rules.any_disband && self.position.units_of(self.power).next().is_some();
    if self.due() > 0 || could_disband {
      Ok(())
    } else {
      Err(OrderError::NoBuildsDue { power: self.power_name() })
    }
  }

  /// An empty centre the power may build in under the game's build rule.
  fn check_build_site(&self, province: ProvinceId) -> Result<(), OrderError> {
    let (place, power) = (self.place(province), self.power_name());
    match build_site(self.map, self.position, self.power, province, self.rules) {
      Ok(()) => {}
      Err(SiteProblem::NotHome) => return Err(OrderError::NotHomeCentre { place, power }),
      Err(SiteProblem::NotAnyHome) => return Err(OrderError::NotAnyHomeCentre { place }),
      Err(SiteProblem::NotCentre) => return Err(OrderError::NotSupplyCentre { place }),
      Err(SiteProblem::NotOwned) => return Err(OrderError::CentreNotOwned { place, power }),
      Err(SiteProblem::NoHomeOwned) => return Err(OrderError::NoHomeCentreOwned { place, power }),
      Err(SiteProblem::Garrisoned) => return Err(OrderError::GarrisonedHome { place }),
    }
    // Under ANY DISBAND the power's own unit there may be disbanded first;
    // the game checks that it is.
    let own_unit = |u: Unit| self.rules.any_disband && u.power == self.power;
    if self.position.unit_at(province).is_some_and(|u| !own_unit(u)) {
      return Err(OrderError::CentreOccupied { place });
    }
    Ok(())
  }

  /// DATC 4.C.3, choice c: without a type, an inland centre gets an army
  /// and a written coast means a fleet; otherwise the player must say.
  fn build_kind(&self, kind: Option<UnitType>, at: Location) -> Result<UnitType, OrderError> {
    let province = self.map.province(at.province);
    match (kind, province.terrain, at.coast) {
      (Some(UnitType::Wing), _, _) if !self.rules.wings => Err(OrderError::NoWings),
      (Some(kind), _, _) => Ok(kind),
      (None, Terrain::Sea, _) | (None, Terrain::Coast | Terrain::Port, Some(_)) => {
        Ok(UnitType::Fleet)
      }
      (None, Terrain::Coast | Terrain::Port, None) => Err(OrderError::BuildTypeMissing {
        place: province.name.clone(),
        abbr: province.abbr.clone(),
      }),
      (None, Terrain::Land | Terrain::Impassable, _) => Ok(UnitType::Army),
    }
  }

  /// Where the new unit stands: a fleet needs its coast named where there
  /// are several (DATC 6.B.14); other coasts written are dropped.
  fn build_location(&self, kind: UnitType, at: Location) -> Result<Location, OrderError> {
    let province = self.map.province(at.province);
    if kind != UnitType::Fleet || !province.has_coasts() {
      if kind == UnitType::Fleet && province.terrain == Terrain::Land {
        return Err(OrderError::BuildFleetInland { place: province.name.clone() });
      }
      return Ok(Location::province(at.province));
    }
    match at.coast {
      Some(coast) => {
        self.check_coast(at.province, coast)?;
        Ok(at)
      }
      None => Err(OrderError::BuildCoastRequired {
        place: province.name.clone(),
        options: province
          .coasts()
          .map(|c| self.map.location_abbr(Location { province: at.province, coast: Some(c) }))
          .collect(),
      }),
    }
  }
}

// ---------------------------------------------------------- shared checks

impl Board<'_> {
  /// The power's own unit in a province, of the type written if any; a
  /// coast written on it is ignored (DATC 6.B.10).
  /// Under FICTIONAL_OK (a blind game) a province without one of the
  /// power's units is refused in the same words whether another power's
  /// unit stands there or none.
  fn own_unit(&self, kind: Option<UnitType>, province: ProvinceId) -> Result<Unit, OrderError> {
    let unit = match self.position.unit_at(province) {
      Some(unit) if self.rules.fictional_ok && unit.power != self.power => None,
      unit => unit,
    };
    let unit = match unit {
      Some(unit) => unit,
      None if self.rules.fictional_ok => return Err(self.no_own_unit(province)),
      None => return Err(OrderError::NoUnit { place: self.place(province) }),
    };
    self.check_owner(unit)?;
    self.check_type(unit, kind)?;
    Ok(unit)
  }

  fn no_own_unit(&self, province: ProvinceId) -> OrderError {
    OrderError::NoOwnUnit { power: self.power_name(), place: self.place(province) }
  }

  /// The unit a support or convoy names, of the type written if any: it
  /// must be on the board, unless FICTIONAL_OK (every blind game) is on
  /// and it is not the power's own. Then the answer may not depend on
  /// other powers' units, which the player may not see: where the unit
  /// there is not of the type written, or there is none, or it could not
  /// be helped so (`fits`), a unit that is not on the board stands in for
  /// it, and the help fails at adjudication (which matches units exactly).
  /// The stand-in is of the type written, else the first of army and fleet
  /// (fleet first at sea) that `fits`; it belongs to the owner of the unit
  /// there, else to the power giving the order. When none fits, the first
  /// is returned, for the caller to refuse in words naming only what was
  /// written.
  fn helped_unit(
    &self,
    kind: Option<UnitType>,
    province: ProvinceId,
    fits: impl Fn(Unit) -> bool,
  ) -> Result<Unit, OrderError> {
    let there = self.position.unit_at(province);
    // The player's own units are no secret: a mistake about them is told.
    if !self.rules.fictional_ok || there.is_some_and(|u| u.power == self.power) {
      return self.any_unit(kind, province);
    }
    if let Some(unit) = there.filter(|u| kind.is_none_or(|k| k == u.kind) && fits(*u)) {
      return Ok(unit);
    }
    let power = there.map_or(self.power, |u| u.power);
    let place = self.map.province(province);
    let kinds = match (kind, place.terrain) {
      (Some(kind), _) => vec![kind],
      (None, Terrain::Sea) => vec![UnitType::Fleet, UnitType::Army],
      (None, _) => vec![UnitType::Army, UnitType::Fleet],
    };
    let mut candidates = Vec::new();
    for kind in kinds {
      if kind == UnitType::Fleet && place.has_coasts() {
        let coasts = place.coasts().map(|c| Location { province, coast: Some(c) });
        candidates.extend(coasts.map(|location| Unit { power, kind, location }));
      } else {
        candidates.push(Unit { power, kind, location: Location::province(province) });
      }
    }
    let first = candidates.first().copied();
    candidates
      .into_iter()
      .find(|&u| fits(u))
      .or(first)
      .ok_or_else(|| OrderError::NoUnit { place: self.place(province) })
  }

  /// Any power's unit in a province, of the type written if any.
  fn any_unit(&self, kind: Option<UnitType>, province: ProvinceId) -> Result<Unit, OrderError> {
    let unit = self
      .position
      .unit_at(province)
      .ok_or_else(|| OrderError::NoUnit { place: self.place(province) })?;
    self.check_type(unit, kind)?;
    Ok(unit)
  }

  fn check_owner(&self, unit: Unit) -> Result<(), OrderError> {
    if unit.power == self.power {
      Ok(())
    } else {
      Err(self.not_yours(unit))
    }
  }

  fn not_yours(&self, unit: Unit) -> OrderError {
    OrderError::NotYourUnit {
      unit: self.unit_in(unit),
      owner: self.map.power(unit.power).name.clone(),
      power: self.power_name(),
    }
  }

  fn check_type(&self, unit: Unit, written: Option<UnitType>) -> Result<(), OrderError> {
    match written {
      Some(kind) if kind != unit.kind => Err(OrderError::WrongType {
        place: self.place(unit.location.province),
        actual: article(unit.kind),
        written: article(kind),
      }),
      _ => Ok(()),
    }
  }

  fn check_coast(&self, province: ProvinceId, coast: Coast) -> Result<(), OrderError> {
    if self.map.province(province).coasts().any(|c| c == coast) {
      Ok(())
    } else {
      Err(OrderError::NoSuchCoast { place: self.place(province), coast: coast.name() })
    }
  }

  fn name(&self, unit: Unit) -> String {
    unit_name(self.map, unit)
  }

  /// `army in Munich`.
  fn unit_in(&self, unit: Unit) -> String {
    let kind = unit.kind.name().to_ascii_lowercase();
    format!("{kind} in {}", self.place(unit.location.province))
  }

  fn place(&self, province: ProvinceId) -> String {
    self.map.province(province).name.clone()
  }

  fn power_name(&self) -> String {
    self.map.power(self.power).name.clone()
  }
}

fn article(kind: UnitType) -> &'static str {
  kind.with_article()
}

/// The most steps [`RouteSearch`] takes before it gives up and takes the
/// order, as njudge would: a depth-first search of simple routes, which
/// the hobby's maps keep far below this.
const ROUTE_SEARCH_STEPS: u32 = 100_000;

/// A search for a convoy route that passes `sea` and no sea twice.
struct RouteSearch<'m> {
  map: &'m Map,
  coastal: bool,
  /// The seas a convoying fleet may be in.
  seas: Vec<ProvinceId>,
  sea: ProvinceId,
  to: ProvinceId,
  /// The seas passed so far.
  path: Vec<ProvinceId>,
  budget: u32,
}

impl RouteSearch<'_> {
  /// Whether the route can go on from `at` (the army's province, or the
  /// last sea of `path`) to `to` by way of `sea`.
  fn from(&mut self, at: ProvinceId) -> bool {
    if self.budget == 0 {
      return true;
    }
    self.budget -= 1;
    if self.path.contains(&self.sea) && self.map.convoy_step(at, self.to, self.coastal) {
      return true;
    }
    for i in 0..self.seas.len() {
      let next = self.seas[i];
      if self.path.contains(&next) || !self.map.convoy_step(next, at, self.coastal) {
        continue;
      }
      self.path.push(next);
      if self.from(next) {
        return true;
      }
      self.path.pop();
    }
    false
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::adjudicate::{movement, Failure};
  use crate::order::parse_order;

  use crate::map::testing::{province, standard as map};

  fn power(name: &str) -> PowerId {
    map().find_power(name).unwrap_or_else(|| panic!("no power {name}"))
  }

  fn unit(owner: &str, kind: UnitType, at: &str) -> Unit {
    Unit { power: power(owner), kind, location: Location::province(province(at)) }
  }

  /// The opening board, with `extra` units added.
  fn board(extra: &[Unit]) -> Position {
    let mut position = Position::initial(map()).unwrap_or_else(|e| panic!("{e}"));
    for &u in extra {
      position.place(map(), u).unwrap_or_else(|e| panic!("{u:?}: {e:?}"));
    }
    position
  }

  fn fictional() -> Rules {
    Rules { fictional_ok: true, ..Rules::default() }
  }

  fn check(
    rules: &Rules,
    position: &Position,
    who: &str,
    text: &str,
  ) -> Result<UnitOrder, OrderError> {
    let parsed = parse_order(map(), position.phase.kind, text).unwrap_or_else(|e| panic!("{e}"));
    validate_with(map(), position, power(who), &parsed, rules)
  }

  /// A convoy turning back (DPjudge NO_RETURN): taken by default, as
  /// njudge takes it, and refused under the rule, in a written route and
  /// in a convoy order only such a route could use.
  #[test]
  fn no_return_refuses_a_convoy_that_passes_a_sea_twice() {
    use UnitType::{Army, Fleet};
    let position = board(&[
      unit("Turkey", Army, "Gre"),
      unit("Turkey", Fleet, "Ion"),
      unit("Turkey", Fleet, "Adr"),
    ]);
    let no_return = Rules { no_return: true, ..Rules::default() };
    for rules in [Rules::default(), no_return.clone()] {
      let route = check(&rules, &position, "Turkey", "A Gre - Ion - Adr - Ion - Nap");
      let order = check(&rules, &position, "Turkey", "F Adr C A Gre - Nap");
      let direct = check(&rules, &position, "Turkey", "F Ion C A Gre - Nap");
      assert!(direct.is_ok(), "a convoy that need not turn back: {direct:?}");
      if rules.no_return {
        assert_eq!(route, Err(OrderError::RouteRepeats { place: "Ionian Sea".into() }));
        assert!(matches!(order, Err(OrderError::ConvoyTurnsBack { .. })), "{order:?}");
      } else {
        assert!(route.is_ok() && order.is_ok(), "{route:?} {order:?}");
      }
    }
    // Apulia is reached through the Adriatic once: no turning back.
    let apulia = check(&no_return, &position, "Turkey", "F Adr C A Gre - Apu");
    assert!(apulia.is_ok(), "{apulia:?}");
  }

  #[test]
  fn without_fictional_ok_helping_a_unit_that_is_not_there_is_refused_as_before() {
    let opening = board(&[]);
    let refused = |text: &str| check(&Rules::default(), &opening, "Germany", text).err();
    assert_eq!(refused("A Mun S A Bur"), Some(OrderError::NoUnit { place: "Burgundy".into() }));
    let italian = |text: &str| check(&Rules::default(), &opening, "Italy", text).err();
    assert_eq!(
      italian("A Rom - Tys - Tun"),
      Some(OrderError::RouteNoFleet { place: "Tyrrhenian Sea".into() })
    );
    assert!(matches!(italian("A Rom - Tun"), Some(OrderError::ArmyUnreachable { .. })));
    assert!(matches!(italian("A Rom - Tun via convoy"), Some(OrderError::NoConvoyPath { .. })));
    assert!(matches!(refused("A Par H"), Some(OrderError::NotYourUnit { .. })));
    let french = board(&[unit("France", UnitType::Army, "Bur")]);
    let wrong = check(&Rules::default(), &french, "Germany", "A Mun S F Bur");
    assert!(matches!(wrong, Err(OrderError::WrongType { .. })), "{wrong:?}");
  }

  #[test]
  fn under_fictional_ok_a_unit_not_there_is_helped_by_a_stand_in() {
    let opening = board(&[]);
    let order = check(&fictional(), &opening, "Germany", "A Mun S A Bur");
    let stand_in = unit("Germany", UnitType::Army, "Bur");
    assert_eq!(order.map(|o| o.order), Ok(Order::SupportHold { target: stand_in }));
    // A unit of another type: the stand-in keeps its owner and takes the
    // type written.
    let french = board(&[unit("France", UnitType::Army, "Bur")]);
    let order = check(&fictional(), &french, "Germany", "A Mun S F Bur");
    let stand_in = unit("France", UnitType::Fleet, "Bur");
    assert_eq!(order.map(|o| o.order), Ok(Order::SupportHold { target: stand_in }));
    // The real unit is helped when the order fits it.
    let order = check(&fictional(), &french, "Germany", "A Mun S Bur - Ruh");
    let real = unit("France", UnitType::Army, "Bur");
    assert_eq!(
      order.map(|o| o.order),
      Ok(Order::SupportMove { target: real, to: Location::province(province("Ruh")) })
    );
    // A convoyed army and a route through seas whose fleets the player
    // may not see.
    let convoy = check(&fictional(), &opening, "England", "F Lon C A Bel - Yor");
    let army = unit("England", UnitType::Army, "Bel");
    assert_eq!(convoy.map(|o| o.order), Ok(Order::Convoy { target: army, to: province("Yor") }));
    for text in ["A Rom - Tys - Tun", "A Rom - Tun", "A Rom - Tun via convoy"] {
      assert!(check(&fictional(), &opening, "Italy", text).is_ok(), "{text}");
    }
  }

  #[test]
  fn under_fictional_ok_a_mistake_about_ones_own_unit_is_still_told() {
    let opening = board(&[]);
    let wrong = check(&fictional(), &opening, "Germany", "F Kie S F Ber");
    assert!(matches!(wrong, Err(OrderError::WrongType { .. })), "{wrong:?}");
    let self_support = check(&fictional(), &opening, "Germany", "F Kie S Kie");
    assert!(matches!(self_support, Err(OrderError::SupportSelf { .. })), "{self_support:?}");
    let into_sea = check(&fictional(), &opening, "Germany", "A Mun S F Bur - Nth");
    assert!(into_sea.is_err(), "Munich does not reach the North Sea: {into_sea:?}");
  }

  /// Every order is taken or refused in the same words whether other
  /// powers' units stand in the places it names or not.
  #[test]
  fn under_fictional_ok_taking_an_order_tells_nothing_of_other_powers_units() {
    let (army, fleet) = (UnitType::Army, UnitType::Fleet);
    let boards = [
      board(&[]),
      board(&[unit("France", army, "Bur"), unit("England", fleet, "Tys")]),
      board(&[unit("France", fleet, "Hol"), unit("England", fleet, "Hel")]),
      board(&[
        unit("France", army, "Hol"),
        unit("Russia", army, "Ruh"),
        unit("Turkey", fleet, "Ion"),
      ]),
    ];
    let orders = [
      ("Germany", "A Mun S A Bur"),
      ("Germany", "A Mun S F Bur"),
      ("Germany", "A Mun S Bur"),
      ("Germany", "A Mun S Bur - Ruh"),
      ("Germany", "A Mun S F Bur - Ruh"),
      ("Germany", "A Mun S A Ruh - Bur"),
      ("Germany", "A Mun S Ruh"),
      ("Germany", "A Ber S Mun - Ruh"),
      ("Germany", "F Kie S Hol - Hel"),
      ("Germany", "F Kie S A Hol - Hel"),
      ("Germany", "F Kie S Hol - Bel"),
      ("Germany", "F Kie S Hel"),
      ("Germany", "F Kie C Hol - Den"),
      ("Germany", "F Kie C F Hol - Den"),
      ("Germany", "A Bur - Pic"),
      ("Germany", "A Hol H"),
      ("Italy", "A Rom - Tun"),
      ("Italy", "A Rom - Tys - Tun"),
      ("Italy", "A Rom - Tys - Ion - Gre"),
      ("Italy", "A Rom - Tun via convoy"),
      ("Italy", "F Nap C Tys - Tun"),
      ("Italy", "F Nap S Tys"),
      ("Italy", "F Nap S Ion - Tun"),
    ];
    for (who, text) in orders {
      let said = |position: &Position| {
        check(&fictional(), position, who, text).map(|_| ()).map_err(|e| e.to_string())
      };
      let first = said(&boards[0]);
      for position in &boards[1..] {
        assert_eq!(said(position), first, "{who}: {text}");
      }
    }
  }

  /// The adjudicator matches the helped unit exactly: help given to a
  /// stand-in fails, and the real unit there is not helped.
  #[test]
  fn help_for_a_stand_in_fails_at_adjudication() {
    let position = board(&[
      unit("France", UnitType::Army, "Bur"),
      unit("England", UnitType::Army, "Pic"),
      unit("England", UnitType::Army, "Bel"),
    ]);
    let mut orders: Vec<UnitOrder> =
      position.units().map(|u| UnitOrder { unit: u, order: Order::Hold }).collect();
    let mut give = |who: &str, text: &str| {
      let order =
        check(&fictional(), &position, who, text).unwrap_or_else(|e| panic!("{text}: {e}"));
      orders.retain(|o| o.unit != order.unit);
      orders.push(order);
    };
    give("England", "A Pic - Bur");
    give("England", "A Bel S A Pic - Bur");
    // Germany helps the French army in Burgundy, but writes a fleet.
    give("Germany", "A Mun S F Bur");
    // And supports a move from an empty Ruhr.
    give("Germany", "A Ber S A Ruh - Kie");
    let result = movement(map(), &position, &orders, &fictional());
    let at = |name: &str| result.resolution_at(province(name)).unwrap_or_else(|| panic!("{name}"));
    assert!(at("Mun").outcome.failure.is_some(), "{:?}", at("Mun"));
    assert_eq!(at("Ber").outcome.failure, Some(Failure::Void), "{:?}", at("Ber"));
    assert!(at("Bur").outcome.dislodged, "two against one: {:?}", at("Bur"));
    // Written as it is, the support holds Burgundy.
    let real =
      check(&fictional(), &position, "Germany", "A Mun S A Bur").unwrap_or_else(|e| panic!("{e}"));
    orders.retain(|o| o.unit != real.unit);
    orders.push(real);
    let result = movement(map(), &position, &orders, &fictional());
    let bur = result.resolution_at(province("Bur")).unwrap_or_else(|| panic!("Bur"));
    assert!(!bur.outcome.dislodged, "{bur:?}");
  }

  /// SIGNAL_SUPPORT: each support the unit cannot give is refused
  /// without the rule and taken with it; taken, it is void, helps nobody
  /// and leaves the supporter holding.
  #[test]
  fn signal_support_takes_a_support_that_cannot_be_given_and_voids_it() {
    let signals = Rules { signal_support: true, ..Rules::default() };
    let position = board(&[]);
    // (power, order): out of the supporter's reach; for a move the unit
    // cannot make; a fleet helping into an inland province.
    let cases = [
      ("Germany", "A Mun S A War - Mos"),
      ("Germany", "A Mun S A Par - Kie"),
      ("Germany", "F Kie S A Mun - Boh"),
      ("Austria", "A Vie S A Mos"),
    ];
    for (who, text) in cases {
      assert!(check(&Rules::default(), &position, who, text).is_err(), "refused: {text}");
      let taken = check(&signals, &position, who, text).unwrap_or_else(|e| panic!("{text}: {e}"));
      assert!(
        matches!(taken.order, Order::SupportMove { .. } | Order::SupportHold { .. }),
        "{text}: {taken:?}"
      );
    }
    // Still refused under the rule: what is not a support of a real unit.
    assert!(check(&signals, &position, "Germany", "A Mun S A Bur - Par").is_err(), "no unit");
    assert!(check(&signals, &position, "Germany", "A Mun S A Mun").is_err(), "itself");
    // Russia attacks Moscow's neighbour with Germany's signal beside it:
    // the signal adds nothing, and is void.
    let mut position = board(&[]);
    position
      .place(map(), unit("Germany", UnitType::Army, "Ukr"))
      .unwrap_or_else(|e| panic!("{e:?}"));
    let mut orders: Vec<UnitOrder> =
      position.units().map(|u| UnitOrder { unit: u, order: Order::Hold }).collect();
    let mut give = |who: &str, text: &str| {
      let order = check(&signals, &position, who, text).unwrap_or_else(|e| panic!("{text}: {e}"));
      orders.retain(|o| o.unit != order.unit);
      orders.push(order);
    };
    give("Germany", "A Ukr - Sev");
    give("Germany", "A Mun S A Ukr - Sev");
    let result = movement(map(), &position, &orders, &signals);
    let at = |name: &str| result.resolution_at(province(name)).unwrap_or_else(|| panic!("{name}"));
    assert_eq!(at("Mun").outcome.failure, Some(Failure::Void), "{:?}", at("Mun"));
    assert!(at("Ukr").outcome.failure.is_some(), "one against one: {:?}", at("Ukr"));
    assert!(!at("Sev").outcome.dislodged, "{:?}", at("Sev"));
  }
}
