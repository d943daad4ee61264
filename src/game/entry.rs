//! Taking orders for the current phase (manual §6.1): each order is read
//! and checked against the board (and the game's PROXY and STRICT CONVOY
//! settings) as it comes in; the last valid order for
//! a unit replaces any earlier one, and surplus builds or removals push out
//! the earliest ones.

use super::{Entered, Game};
use crate::map::PowerId;
use crate::order::{self, Adjustment, Order, OrderError, UnitOrder};
use crate::phase::PhaseKind;
use crate::position::Position;

/// An order checked, not yet taken.
enum Checked {
  Unit(UnitOrder),
  Adjustment(Adjustment),
}

/// An order that was taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
  /// The order as results print it (`Army Paris -> Burgundy.`).
  pub text: String,
  /// The earlier order it replaced or pushed out, as results print it.
  pub replaced: Option<String>,
}

impl Game {
  /// Takes one order for `power` (one piece of a line: lines are split at
  /// commas and semicolons by the caller), or says why not.
  pub fn enter_order(&mut self, power: PowerId, text: &str) -> Result<Accepted, OrderError> {
    self.take_order(power, text, true)
  }

  /// Takes an order read back from the game's file: it was checked against
  /// the settings when it came in, and a setting changed since (SET NO
  /// PROXY, SET STRICT CONVOY) does not take it back.
  pub fn restore_order(&mut self, power: PowerId, text: &str) -> Result<Accepted, OrderError> {
    self.take_order(power, text, false)
  }

  fn take_order(
    &mut self,
    power: PowerId,
    text: &str,
    fresh: bool,
  ) -> Result<Accepted, OrderError> {
    if self.checks_late() {
      if let Some(taken) = self.take_unchecked(power, text, fresh) {
        return taken;
      }
    }
    match self.checked_order(power, text, fresh)? {
      (filed, Checked::Unit(order)) => {
        // The echo is for the player who sent it (a restored order's is
        // not shown to anyone).
        let seen = if fresh { self.seen_by(power) } else { None };
        Ok(self.put_unit_order(filed, order, text, seen.as_ref()))
      }
      (power, Checked::Adjustment(adjustment)) if self.rules().any_disband => {
        self.put_any_disband(power, adjustment, text)
      }
      (power, Checked::Adjustment(adjustment)) => Ok(self.put_adjustment(power, adjustment, text)),
    }
  }

  /// How the judge reads `text` from `power` now, changing nothing: the
  /// order as results print it, or why it would be refused. (An
  /// adjustment may still push out an earlier one when entered.)
  pub fn check_order(&self, power: PowerId, text: &str) -> Result<String, OrderError> {
    self.check_order_seen(power, text, self.seen_by(power).as_ref())
  }

  /// [`Game::check_order`] with the board `power` is shown already worked
  /// out ([`Game::seen_by`]), for a caller checking many orders.
  pub(super) fn check_order_seen(
    &self,
    power: PowerId,
    text: &str,
    seen: Option<&Position>,
  ) -> Result<String, OrderError> {
    Ok(match self.checked_order(power, text, true)?.1 {
      Checked::Unit(order) => self.echo(&order, seen),
      Checked::Adjustment(adjustment) => order::render_adjustment(self.map, &adjustment),
    })
  }

  /// The board the player of `power` is shown, while the game is blind
  /// and hides things; `None` when orders are echoed in full.
  pub(super) fn seen_by(&self, power: PowerId) -> Option<Position> {
    self.hides().then(|| self.seen_position(&self.seat_viewer(power)).into_owned())
  }

  /// An order as its player is told it: in a blind game a unit it helps is
  /// named in full only when the player sees it (`render_order_seen`).
  fn echo(&self, order: &UnitOrder, seen: Option<&Position>) -> String {
    match seen {
      Some(seen) => order::render_order_seen(self.map, order, seen),
      None => order::render_order(self.map, order),
    }
  }

  /// A unit's order read and checked as if it had just come in, with the
  /// power it is for (NO_CHECK's orders, when the phase is processed).
  pub(super) fn checked_unit_order(
    &self,
    power: PowerId,
    text: &str,
  ) -> Result<(PowerId, UnitOrder), OrderError> {
    match self.checked_order(power, text, true)? {
      (filed, Checked::Unit(order)) => Ok((filed, order)),
      (_, Checked::Adjustment(_)) => Err(OrderError::Empty),
    }
  }

  /// An order read and checked against the board and the settings, with
  /// the power it is for (a vassal's, under VASSAL_DUMMIES).
  fn checked_order(
    &self,
    power: PowerId,
    text: &str,
    fresh: bool,
  ) -> Result<(PowerId, Checked), OrderError> {
    let kind = self.position.phase.kind;
    let parsed = order::parse_order(self.map, kind, text)?;
    // A controller's order for its vassal is the vassal's (VASSAL_DUMMIES), a
    // duplex player's for another of its powers that power's.
    let power = self.ordered_for(power, &parsed, text).unwrap_or(power);
    let rules = self.rules();
    match kind {
      PhaseKind::Movement | PhaseKind::Retreat => {
        // With SET PROXY a player may order another power's unit: the
        // order is checked as its owner's, and counts only if the owner
        // proxies the unit to this power (see `unit_orders`). In a blind
        // game a new order for another power's unit is taken only once the
        // unit is proxied to this power: otherwise it is refused in the
        // words used for an empty province, and tells nothing.
        let owner = self.owner_of_order(text).filter(|&owner| {
          owner != power
            && kind == PhaseKind::Movement
            && (self.settings.proxy || self.settings.variant.has_rule("ORDER_ANY") || !fresh)
            && (!fresh || !self.hides() || self.proxied_to(&parsed, power))
        });
        let checked =
          order::validate_with(self.map, &self.position, owner.unwrap_or(power), &parsed, &rules)?;
        if fresh {
          self.check_settings(&checked)?;
        }
        Ok((power, Checked::Unit(checked)))
      }
      PhaseKind::Adjustment => {
        let checked =
          order::validate_adjustment_with(self.map, &self.position, power, &parsed, &rules)?;
        Ok((power, Checked::Adjustment(checked)))
      }
    }
  }

  /// The vassal of `power` an order is for (VASSAL_DUMMIES), or another
  /// power of its player (a duplex game): the owner of the unit it names,
  /// the power whose home a build is on, or the power a `waive` names,
  /// when that power is one `power`'s player may order for.
  fn ordered_for(
    &self,
    power: PowerId,
    parsed: &order::ParsedOrder,
    text: &str,
  ) -> Option<PowerId> {
    let position = &self.position;
    let played = self.powers_of_player(power);
    if position.vassals_of(power).next().is_none() && played.len() < 2 {
      return None;
    }
    // A vassal of `power`, or another power its player plays (duplex).
    let mine =
      |p: PowerId| p != power && (position.controller(p) == Some(power) || played.contains(&p));
    let target = match parsed {
      order::ParsedOrder::Waive { power: named } => *named,
      order::ParsedOrder::Build { at, .. } | order::ParsedOrder::BuildOrRemove { at, .. }
        if position.unit_at(at.province).is_none() =>
      {
        self.map.province(at.province).home_of.iter().copied().find(|&p| mine(p))
      }
      _ => self.owner_of_order(text),
    };
    target.filter(|&v| mine(v))
  }

  /// The power whose unit an order names (a Master's order without
  /// BECOME goes to that power), if the order reads and a unit is there.
  pub fn owner_of_order(&self, text: &str) -> Option<PowerId> {
    let kind = self.position.phase.kind;
    let at = match order::parse_order(self.map, kind, text).ok()? {
      order::ParsedOrder::Unit { at, .. }
      | order::ParsedOrder::Remove { at, .. }
      | order::ParsedOrder::Maintain { at, .. }
      | order::ParsedOrder::Transform { at, .. }
      | order::ParsedOrder::BuildOrRemove { at, .. } => at,
      order::ParsedOrder::Build { .. } | order::ParsedOrder::Waive { .. } => return None,
    };
    match kind {
      PhaseKind::Retreat => self.position.dislodged_at(at.province).map(|d| d.unit.power),
      _ => self.position.unit_at(at.province).map(|u| u.power),
    }
  }

  /// Whether the unit an order names has been handed to `power` by its
  /// owner's proxy order (SET PROXY).
  fn proxied_to(&self, parsed: &order::ParsedOrder, power: PowerId) -> bool {
    let order::ParsedOrder::Unit { at, .. } = parsed else { return false };
    let Some(unit) = self.position.unit_at(at.province) else { return false };
    self.orders.get(unit.power.index()).is_some_and(|list| {
      list.units.iter().any(|e| e.order.unit == unit && e.order.order == Order::Proxy { power })
    })
  }

  /// What the game's settings add to the checks of an order: proxies only
  /// with SET PROXY; with SET STRICT CONVOY, no convoy from or to a
  /// province that touches no sea (manual §8.3).
  fn check_settings(&self, checked: &UnitOrder) -> Result<(), OrderError> {
    match checked.order {
      Order::Proxy { .. } if !self.settings.proxy => Err(OrderError::ProxyNotAllowed),
      Order::Convoy { target, to } if self.settings.strict_convoy => {
        let from = target.location.province;
        if order::convoy_conceivable(self.map, from, to) {
          return Ok(());
        }
        let name = |p| self.map.province(p).name.clone();
        let landlocked = if order::convoy_conceivable(self.map, from, from) { to } else { from };
        Err(OrderError::ImplausibleConvoy {
          unit: format!(
            "{} {}",
            checked.unit.kind.name(),
            self.map.location_name(checked.unit.location)
          ),
          from: name(from),
          to: name(to),
          place: name(landlocked),
        })
      }
      _ => Ok(()),
    }
  }

  /// Files `order` under `power`; the echo names helped units as `seen`
  /// shows them (`None`: in full).
  fn put_unit_order(
    &mut self,
    power: PowerId,
    order: UnitOrder,
    text: &str,
    seen: Option<&Position>,
  ) -> Accepted {
    let mut rendered = self.echo(&order, seen);
    // njudge wanted the route written (§6.2, `A Yor-Nth-Nwy`); this judge
    // finds it, and says so rather than take the order silently.
    if let Order::Move { to, via: order::Via::Unspecified } = order.order {
      let army = order.unit.kind == crate::map::UnitType::Army;
      if army && !self.map.can_reach(crate::map::UnitType::Army, order.unit.location, to.province) {
        rendered.push_str(" (by convoy; the judge finds the route)");
      }
    }
    let province = order.unit.location.province;
    let units = &self.orders[power.index()].units;
    let earlier = units.iter().position(|e| e.order.unit.location.province == province);
    let replaced = earlier.map(|i| self.orders[power.index()].units.remove(i));
    let replaced = replaced.map(|e| self.echo(&e.order, seen));
    self.orders[power.index()].units.push(Entered { order, text: text.to_string() });
    Accepted { text: rendered, replaced }
  }

  fn put_adjustment(&mut self, power: PowerId, adjustment: Adjustment, text: &str) -> Accepted {
    let rendered = order::render_adjustment(self.map, &adjustment);
    let due = self.position.adjustment_due(self.map, power, &self.rules()).unsigned_abs() as usize;
    // A build that cannot stand beside an earlier one (Zeus's alternative
    // home, a second claimed home) replaces it, as one in the same place does.
    let conflict = match adjustment {
      Adjustment::Build { at, .. } => {
        let built: Vec<(usize, crate::map::ProvinceId)> = self.orders[power.index()]
          .adjustments
          .iter()
          .enumerate()
          .filter_map(|(i, e)| match e.order {
            Adjustment::Build { at: a, .. } if a.province != at.province => Some((i, a.province)),
            _ => None,
          })
          .collect();
        let sites: Vec<crate::map::ProvinceId> = built.iter().map(|&(_, p)| p).collect();
        crate::adjudicate::build_conflict(
          self.map,
          &self.position,
          power,
          &self.rules(),
          at.province,
          &sites,
        )
        .and_then(|k| built.get(k).map(|&(i, _)| i))
      }
      _ => None,
    };
    let map = self.map;
    let list = &mut self.orders[power.index()].adjustments;
    let same_place = |e: &Entered<Adjustment>| match (e.order, adjustment) {
      (Adjustment::Build { at: a, .. }, Adjustment::Build { at: b, .. }) => {
        a.province == b.province
      }
      // A unit is removed or transformed, whichever was said last.
      (
        Adjustment::Remove { unit: a } | Adjustment::Transform { unit: a, .. },
        Adjustment::Remove { unit: b } | Adjustment::Transform { unit: b, .. },
      ) => a == b,
      _ => false,
    };
    let mut replaced = match conflict {
      Some(i) if i < list.len() => Some(list.remove(i)),
      _ => list.iter().position(same_place).map(|i| list.remove(i)),
    };
    list.push(Entered { order: adjustment, text: text.to_string() });
    // Transformations use up no build or removal.
    let counted = |e: &Entered<Adjustment>| !matches!(e.order, Adjustment::Transform { .. });
    if list.iter().filter(|e| counted(e)).count() > due {
      // The earliest surplus order gives way (manual §5.1).
      replaced = list.iter().position(counted).map(|i| list.remove(i));
    }
    Accepted { text: rendered, replaced: replaced.map(|e| order::render_adjustment(map, &e.order)) }
  }

  /// An adjustment under ANY DISBAND: removals of the power's own units
  /// are not limited, and builds fill the room that is left (centres less
  /// the units not being removed); a build beyond that pushes out the
  /// earliest build, and a build with no room at all is refused. Each unit
  /// is ordered removed or maintained, the later order for it standing.
  fn put_any_disband(
    &mut self,
    power: PowerId,
    adjustment: Adjustment,
    text: &str,
  ) -> Result<Accepted, OrderError> {
    let map = self.map;
    let due = self.position.adjustment_due(map, power, &self.rules());
    let list = &mut self.orders[power.index()].adjustments;
    let rendered = order::render_adjustment(map, &adjustment);
    let removals = |list: &[Entered<Adjustment>]| {
      list.iter().filter(|e| matches!(e.order, Adjustment::Remove { .. })).count() as i32
    };
    // A later order for the same unit (remove or maintain) or the same
    // build site replaces the earlier one.
    let same = |e: &Entered<Adjustment>| match (e.order, adjustment) {
      (Adjustment::Build { at: a, .. }, Adjustment::Build { at: b, .. }) => {
        a.province == b.province
      }
      (
        Adjustment::Remove { unit: a }
        | Adjustment::Maintain { unit: a }
        | Adjustment::Transform { unit: a, .. },
        Adjustment::Remove { unit: b }
        | Adjustment::Maintain { unit: b }
        | Adjustment::Transform { unit: b, .. },
      ) => a == b,
      _ => false,
    };
    let is_build = matches!(adjustment, Adjustment::Build { .. } | Adjustment::Waive);
    if is_build && due + removals(list) <= 0 {
      return Err(OrderError::DisbandFirst { power: map.power(power).name.clone() });
    }
    if let Adjustment::Build { at, .. } = adjustment {
      let standing = self.position.unit_at(at.province);
      let removed = |u| list.iter().any(|e| e.order == Adjustment::Remove { unit: u });
      if standing.is_some_and(|u| !removed(u)) {
        return Err(OrderError::CentreOccupied { place: map.province(at.province).name.clone() });
      }
    }
    let mut replaced = list.iter().position(same).map(|i| list.remove(i));
    list.push(Entered { order: adjustment, text: text.to_string() });
    let room = (due + removals(list)).max(0) as usize;
    let builds: Vec<usize> = (0..list.len())
      .filter(|&i| matches!(list[i].order, Adjustment::Build { .. } | Adjustment::Waive))
      .collect();
    if builds.len() > room {
      // The earliest surplus build gives way (manual §5.1).
      replaced = Some(list.remove(builds[0]));
    }
    Ok(Accepted {
      text: rendered,
      replaced: replaced.map(|e| order::render_adjustment(map, &e.order)),
    })
  }
}
