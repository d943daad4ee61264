//! PORTAGE_CONVOY (a DPjudge rule): armies carry fleets overland. The
//! fleet writes the provinces of the armies on its way (`F Lon-Wal-Lvp`),
//! and each army is ordered to convoy it (`A Wal C F Lon-Lvp`). A carrier
//! is an army on land (a coast, inland or a port; never a sea); both ends
//! of the fleet's move are coastal; only the fleet's move may name the
//! coast it lands on, any coast of the province, even another coast of
//! the province it stands in (`F Spa/nc-Gas-Spa/sc`). A fleet never goes
//! by portage without writing its route, as in the DPjudge. Without the
//! rule, both orders are refused, saying so.

use super::Board;
use crate::map::{Location, ProvinceId, UnitType};
use crate::order::{Order, OrderError, Via};
use crate::position::Unit;

impl Board<'_> {
  /// A fleet's move that names a route, or asks for a convoy: a portage
  /// under the rule, refused otherwise. `None` when the move is not one
  /// the rule is about (a route over seas), for the caller's own reason.
  pub(super) fn fleet_route(
    &self,
    fleet: Unit,
    to: Location,
    route: &[ProvinceId],
    via_convoy: bool,
  ) -> Option<Result<Order, OrderError>> {
    if fleet.kind != UnitType::Fleet {
      return None;
    }
    if !self.rules.portage_convoy {
      // A route over land is a portage the game does not play; one over
      // seas is a fleet asking to be convoyed, which no rule allows.
      let overland = !route.is_empty() && route.iter().all(|&p| self.is_land(p));
      return overland.then(|| Err(OrderError::PortageOff { unit: self.name(fleet) }));
    }
    if route.is_empty() || via_convoy {
      return Some(Err(OrderError::PortageRouteNeeded {
        unit: self.name(fleet),
        to: self.place(to.province),
      }));
    }
    Some(self.portage_move(fleet, to, route))
  }

  /// Under the rule, a fleet's plain move to a coast it does not touch
  /// is refused with the way to write a portage (the DPjudge carries a
  /// fleet only along a route it names).
  pub(super) fn portage_hint(&self, fleet: Unit, to: ProvinceId, error: OrderError) -> OrderError {
    let not_adjacent = matches!(error, OrderError::FleetNotAdjacent { .. });
    if self.rules.portage_convoy
      && not_adjacent
      && self.coastal(fleet.location.province)
      && self.coastal(to)
    {
      OrderError::PortageRouteNeeded { unit: self.name(fleet), to: self.place(to) }
    } else {
      error
    }
  }

  /// `F Lon-Wal-Lvp`: coastal ends, each step a province on land holding
  /// an army and touching the one before, and the landing coast settled.
  fn portage_move(
    &self,
    fleet: Unit,
    to: Location,
    route: &[ProvinceId],
  ) -> Result<Order, OrderError> {
    let from = fleet.location.province;
    self.check_coastal(from)?;
    let coast_change = to.province == from && self.map.province(from).has_coasts();
    if !coast_change {
      self.check_entry(fleet, to.province)?;
    }
    self.check_coastal(to.province)?;
    let mut previous = from;
    for (i, &step) in route.iter().enumerate() {
      if self.rules.no_return && route[..i].contains(&step) {
        return Err(OrderError::PortageRepeats { place: self.place(step) });
      }
      if !self.is_land(step) {
        return Err(OrderError::PortageNotLand { place: self.place(step) });
      }
      // Under FICTIONAL_OK an army the player cannot see may be there.
      if !self.has_army(step) && !self.rules.fictional_ok {
        return Err(OrderError::PortageNoArmy { place: self.place(step) });
      }
      self.check_portage_step(previous, step)?;
      previous = step;
    }
    self.check_portage_step(previous, to.province)?;
    // "A fleet portaged through an army adjacent to a multi-coast province
    // may end its move on any coast of that province" (the rule's text);
    // not on the coast it stands on.
    let reachable: Vec<Location> = match self.map.province(to.province).has_coasts() {
      false => vec![Location::province(to.province)],
      true => self
        .map
        .province(to.province)
        .coasts()
        .map(|coast| Location { province: to.province, coast: Some(coast) })
        .filter(|&l| l != fleet.location)
        .collect(),
    };
    if coast_change && to.coast.is_some() && to.coast == fleet.location.coast {
      return Err(OrderError::MoveToSelf { unit: self.name(fleet) });
    }
    let to = self.fleet_target(fleet, to, &reachable)?;
    Ok(Order::Move { to, via: Via::Route(route.to_vec()) })
  }

  /// Two provinces the route joins: neighbours by land or by sea.
  fn portage_step(&self, a: ProvinceId, b: ProvinceId) -> bool {
    self.map.army_neighbours(a).contains(&b)
      || self.map.fleet_neighbours_any_coast(a).any(|p| p == b)
  }

  fn check_portage_step(&self, a: ProvinceId, b: ProvinceId) -> Result<(), OrderError> {
    if self.portage_step(a, b) {
      Ok(())
    } else {
      Err(OrderError::RouteBroken { from: self.place(a), to: self.place(b) })
    }
  }

  fn has_army(&self, province: ProvinceId) -> bool {
    self.position.unit_at(province).is_some_and(|u| u.kind == UnitType::Army)
  }

  /// A province where a carrier may stand: on land, holding an army
  /// (any province on land under FICTIONAL_OK), and not `without`.
  fn carrier_at(&self, province: ProvinceId, without: Option<ProvinceId>) -> bool {
    Some(province) != without
      && self.is_land(province)
      && (self.rules.fictional_ok || self.has_army(province))
  }

  /// Whether armies (of any power) chain from `from` to `to`, overland:
  /// the portage a support of the fleet's move may count on. `via`, when
  /// given, must be on the chain; `without` is left out (a supporter).
  pub(super) fn portage_chain(
    &self,
    from: ProvinceId,
    to: ProvinceId,
    via: Option<ProvinceId>,
    without: Option<ProvinceId>,
  ) -> bool {
    match via {
      Some(via) => {
        self.carrier_at(via, without)
          && self.portage_reaches(from, via, without, true)
          && self.portage_reaches(via, to, without, true)
      }
      None => self.portage_reaches(from, to, without, false),
    }
  }

  /// A breadth-first search over carriers from `from`, stopping when a
  /// step reaches `to`. With `direct`, `from` may step to `to` at once (it
  /// is a carrier, or `to` is); else the chain needs a carrier.
  fn portage_reaches(
    &self,
    from: ProvinceId,
    to: ProvinceId,
    without: Option<ProvinceId>,
    direct: bool,
  ) -> bool {
    let mut reached = vec![from];
    let mut next = 0;
    while let Some(&here) = reached.get(next) {
      next += 1;
      if (direct || next > 1) && self.portage_step(here, to) {
        return true;
      }
      for other in self.map.province_ids() {
        if !reached.contains(&other)
          && other != to
          && self.carrier_at(other, without)
          && self.portage_step(here, other)
        {
          reached.push(other);
        }
      }
    }
    false
  }

  /// `A Wal C F Lon-Lvp`: an army's convoy order. Under the rule it
  /// carries a fleet, on a chain of armies through it between two coasts,
  /// and names no coast; without it, an army convoys nothing.
  pub(super) fn army_convoy(
    &self,
    carrier: Unit,
    kind: Option<UnitType>,
    from: ProvinceId,
    to: Location,
  ) -> Result<Order, OrderError> {
    let fleet_there = self.position.unit_at(from).is_some_and(|u| u.kind == UnitType::Fleet);
    let of_fleet = kind == Some(UnitType::Fleet) || (kind.is_none() && fleet_there);
    if !self.rules.portage_convoy {
      return Err(if of_fleet {
        OrderError::CarrierOff { unit: self.name(carrier) }
      } else {
        OrderError::CannotConvoy { unit: self.name(carrier) }
      });
    }
    let target = self.helped_unit(kind, from, |u| u.kind == UnitType::Fleet)?;
    if target.kind != UnitType::Fleet {
      return Err(OrderError::PortageArmyCarried { unit: self.name(carrier) });
    }
    if to.coast.is_some() {
      let short = |p: ProvinceId| self.map.province(p).abbr.clone();
      return Err(OrderError::PortageConvoyCoast {
        order: format!(
          "{} {} C F {} - {}",
          carrier.kind.letter(),
          short(carrier.location.province),
          short(from),
          short(to.province)
        ),
      });
    }
    let to = to.province;
    self.check_coastal(from)?;
    self.check_coastal(to)?;
    if to == from && !self.map.province(to).has_coasts() {
      return Err(OrderError::MoveToSelf { unit: self.name(target) });
    }
    let here = carrier.location.province;
    if !self.portage_chain(from, to, Some(here), None) {
      return Err(OrderError::PortageImpossible {
        unit: self.name(carrier),
        fleet: self.name(target),
        to: self.place(to),
      });
    }
    self.check_league(carrier, target, Some(to))?;
    Ok(Order::Convoy { target, to })
  }

  /// Whether a fleet could reach `to` by portage, for a support of its
  /// move from `supporter` (which cannot carry it at the same time).
  pub(super) fn could_portage(&self, fleet: Unit, to: ProvinceId, supporter: ProvinceId) -> bool {
    self.rules.portage_convoy
      && self.coastal(fleet.location.province)
      && self.coastal(to)
      && self.portage_chain(fleet.location.province, to, None, Some(supporter))
  }
}
