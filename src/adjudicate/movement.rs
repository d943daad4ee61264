//! Movement phase adjudication: Kruijswijk's guess algorithm (DATC 5.F, with
//! the `recursion_hits` refinement), the Szykman rule for convoy paradoxes
//! and "all moves succeed" for circular movement.
//!
//! Each unit has one decision: a move succeeds, a support is not cut, a
//! convoying fleet is not dislodged. Strengths and convoy paths are computed
//! from those decisions on demand; `resolve` detects cycles and guesses.
//!
//! Special borders (see [`crate::map::borders`]) follow the DPjudge
//! (`Game.py`). Strengths are doubled so that half a unit stays whole: a
//! unit is worth 2 (1 across a half-strength border, 0 across a strait),
//! each support 2. "Nobody contests" is [`NONE`], below every strength, so
//! that a move of strength 0 across a strait still takes an empty province,
//! as in the DPjudge, where the strongest unit bidding for a place gets it.

use super::convoy;
use super::{Failure, Outcome, ParadoxRule, Resolved, Rules};
use crate::map::borders::BorderKind;
use crate::map::{Location, Map, PowerId, ProvinceId, Terrain, UnitType};
use crate::order::{Order, UnitOrder, Via};
use crate::position::{Dislodged, Position, Unit};

/// The adjudicated movement phase.
#[derive(Clone, Debug)]
pub struct MovementResult {
  /// One entry per unit that was on the board, in map order.
  pub resolved: Vec<Resolved>,
  /// The board afterwards: units moved, dislodged units (with their retreat
  /// options) in `dislodged`. The phase is not advanced.
  pub position: Position,
}

impl MovementResult {
  /// The resolution of the unit that started in `province`.
  pub fn resolution_at(&self, province: ProvinceId) -> Option<&Resolved> {
    self.resolved.iter().find(|r| r.order.unit.location.province == province)
  }
}

/// Adjudicates a movement phase. `orders` holds checked orders (see
/// [`crate::order::validate`]); when a unit has several, the last one counts,
/// and units without one hold.
pub fn movement(
  map: &Map,
  position: &Position,
  orders: &[UnitOrder],
  rules: &Rules,
) -> MovementResult {
  let mut board = Board::new(map, position, orders, rules);
  for unit in 0..board.units.len() {
    board.resolve(unit);
  }
  board.finish(position)
}

/// The strength of a place nobody contests: an empty province, one whose
/// unit leaves, a move without a path. Below any real strength, even a
/// strait crossing's 0.
const NONE: i32 = -1;

/// A unit's own strength on the doubled scale, when it holds or stays.
const FULL: i32 = 2;

/// What a unit does, reduced to what the equations need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
  Hold,
  Move {
    to: ProvinceId,
    convoyed: bool,
  },
  /// A support whose supported unit does what it says.
  Support {
    to: ProvinceId,
  },
  /// A support the supported unit does not match.
  VoidSupport(Failure),
  /// A move across a border closed to the unit's power (Imperial's
  /// owner-only borders): the unit holds. The order checker refuses such
  /// moves; this guards orders that were not checked.
  VoidMove,
  /// A convoy matching an army's convoyed move.
  Convoy,
  VoidConvoy,
}

/// Lists of unit indices, one per key (a province or a unit), kept in one
/// vector: each list in the order its entries were found, so resolution
/// visits them as it would separate `Vec`s, but with two allocations in
/// all instead of one per list.
#[derive(Default)]
struct Lists {
  /// Where each key's list starts in `items`, and after the last, the end.
  start: Vec<usize>,
  items: Vec<usize>,
}

impl Lists {
  /// The lists of `keys` keys from (key, item) pairs in the order found.
  fn new(keys: usize, entries: &[(usize, usize)]) -> Lists {
    let mut start = vec![0; keys + 1];
    for &(key, _) in entries {
      start[key + 1] += 1;
    }
    for key in 0..keys {
      start[key + 1] += start[key];
    }
    // Filling moves each key's start to its end, which is the next key's
    // start; shifting back restores them.
    let mut items = vec![0; entries.len()];
    for &(key, item) in entries {
      items[start[key]] = item;
      start[key] += 1;
    }
    start.rotate_right(1);
    start[0] = 0;
    Lists { start, items }
  }
}

impl std::ops::Index<usize> for Lists {
  type Output = [usize];

  fn index(&self, key: usize) -> &[usize] {
    match (self.start.get(key), self.start.get(key + 1)) {
      (Some(&from), Some(&to)) => self.items.get(from..to).unwrap_or(&[]),
      _ => &[],
    }
  }
}

/// The adjudication of one movement phase in progress.
struct Board<'a> {
  map: &'a Map,
  rules: &'a Rules,
  /// The board before the phase: who owns the centres that open
  /// owner-only borders.
  position: &'a Position,
  units: Vec<Unit>,
  orders: Vec<Order>,
  ordered: Vec<bool>,
  kinds: Vec<Kind>,
  /// The unit in each province before the phase.
  at: Vec<Option<usize>>,
  /// Units ordered to move into each province.
  attackers: Lists,
  /// Valid supports of each unit's move, or of its hold when not moving.
  supports: Lists,
  /// (supported unit, supporter) pairs as `classify` finds them, until
  /// they become `supports`.
  support_entries: Vec<(usize, usize)>,
  /// Fleets whose convoy orders match each army's move.
  convoys: Vec<Vec<usize>>,
  /// The border each move crosses last: into its destination, from its
  /// origin or, by convoy, from its last fleet.
  crossing: Vec<BorderKind>,
  /// Decisions that are final.
  resolved: Vec<bool>,
  result: Vec<bool>,
  visited: Vec<bool>,
  cycle: Vec<usize>,
  guess_based: bool,
  recursion_hits: usize,
}

impl<'a> Board<'a> {
  fn new(map: &'a Map, position: &'a Position, given: &[UnitOrder], rules: &'a Rules) -> Board<'a> {
    // Room for a unit a province: collected from a filter, the list would
    // start small and grow several times a phase.
    let mut units: Vec<Unit> = Vec::with_capacity(map.provinces().len());
    units.extend(position.units());
    let mut at = vec![None; map.provinces().len()];
    for (index, unit) in units.iter().enumerate() {
      at[unit.location.province.index()] = Some(index);
    }
    let mut orders = vec![Order::Hold; units.len()];
    let mut ordered = vec![false; units.len()];
    for order in given {
      if let Some(index) = at[order.unit.location.province.index()] {
        if units[index] == order.unit {
          orders[index] = order.order.clone();
          ordered[index] = true;
        }
      }
    }
    let count = units.len();
    let mut board = Board {
      map,
      rules,
      position,
      units,
      orders,
      ordered,
      kinds: vec![Kind::Hold; count],
      at,
      attackers: Lists::default(),
      supports: Lists::default(),
      support_entries: Vec::new(),
      convoys: vec![Vec::new(); count],
      crossing: vec![BorderKind::Normal; count],
      resolved: vec![false; count],
      result: vec![false; count],
      visited: vec![false; count],
      cycle: Vec::new(),
      guess_based: false,
      recursion_hits: 0,
    };
    board.classify();
    board
  }

  /// Works out, before any resolution, which orders are moves (and which of
  /// those go by convoy), and which supports and convoys match.
  fn classify(&mut self) {
    let mut convoy_fleets: Vec<ProvinceId> = Vec::with_capacity(self.units.len());
    convoy_fleets.extend(
      self
        .units
        .iter()
        .filter(|u| {
          let terrain = self.map.province(u.location.province).terrain;
          u.kind == UnitType::Fleet
            && (terrain.convoys() || (self.rules.coastal_convoys && terrain == Terrain::Coast))
        })
        .map(|u| u.location.province),
    );
    // The fleets ordered to convoy, so that deciding whether a move goes
    // by convoy looks at these few and not at every unit on the board.
    let convoying: Vec<usize> =
      (0..self.units.len()).filter(|&i| matches!(self.orders[i], Order::Convoy { .. })).collect();
    let mut attacks = Vec::new();
    for index in 0..self.units.len() {
      if let Order::Move { to, via } = &self.orders[index] {
        let unit = self.units[index];
        if self.immobile(index) {
          self.kinds[index] = Kind::VoidMove;
          continue;
        }
        let convoyed = match unit.kind {
          UnitType::Army => self.is_convoyed(index, to.province, via, &convoying, &convoy_fleets),
          UnitType::Fleet => self.portaged(via),
          UnitType::Wing => false,
        };
        // A portage may land on another coast of the fleet's own province.
        let coast_change = convoyed && unit.kind == UnitType::Fleet && to.coast.is_some();
        if to.province != unit.location.province
          || (coast_change && to.coast != unit.location.coast)
        {
          if !convoyed && !self.border_open(index, to.province) {
            self.kinds[index] = Kind::VoidMove;
            continue;
          }
          self.kinds[index] = Kind::Move { to: to.province, convoyed };
          attacks.push((to.province.index(), index));
        }
      }
    }
    self.attackers = Lists::new(self.map.provinces().len(), &attacks);
    for index in 0..self.units.len() {
      self.kinds[index] = match self.orders[index].clone() {
        Order::SupportHold { target } => self.classify_support_hold(index, target),
        Order::SupportMove { target, to } => self.classify_support_move(index, target, to),
        Order::Convoy { target, to } => self.classify_convoy(index, target, to, &convoy_fleets),
        _ => continue,
      };
    }
    self.supports = Lists::new(self.units.len(), &std::mem::take(&mut self.support_entries));
    for index in 0..self.units.len() {
      if let Kind::Move { to, convoyed } = self.kinds[index] {
        self.crossing[index] = self.last_crossing(index, to, convoyed);
      }
    }
  }

  /// The border a move crosses into its destination, which decides its
  /// own strength and whether it cuts support. As the DPjudge's
  /// `strengths` (Game.py, "origin = word[-3]"), a convoyed army crosses
  /// from its last fleet: the one its route names, or else the best placed
  /// of the fleets convoying it (the army goes the strongest way).
  fn last_crossing(&self, unit: usize, to: ProvinceId, convoyed: bool) -> BorderKind {
    let from = self.units[unit].location.province;
    if !convoyed {
      return self.map.border_kind(from, to);
    }
    if let Order::Move { via: Via::Route(route), .. } = &self.orders[unit] {
      return self.map.border_kind(route.last().copied().unwrap_or(from), to);
    }
    self.convoys[unit]
      .iter()
      .map(|&f| self.units[f].location.province)
      .filter(|&sea| self.map.convoy_step(sea, to, self.rules.coastal_convoys))
      .map(|sea| self.map.border_kind(sea, to))
      .max()
      .unwrap_or(BorderKind::Normal)
  }

  /// True when the unit's power may cross from where it stands into `to`
  /// (Imperial's owner-only borders, DPjudge `Game.abuts`).
  fn border_open(&self, unit: usize, to: ProvinceId) -> bool {
    let unit = self.units[unit];
    let phase = self.position.phase;
    self.map.border_open(unit.location.province, to, unit.power, |c| self.position.owner(c))
      && !self.map.closed_at(to, phase)
      && !self.map.closed_at(unit.location.province, phase)
  }

  /// True when the supporter may support into `to` across its border: not
  /// across a half-strength border or a strait (DPjudge `validOrder`), nor
  /// across an owner-only border closed to it. The order checker refuses
  /// such supports; here they are void.
  fn may_support_into(&self, supporter: usize, to: ProvinceId) -> bool {
    let unit = self.units[supporter];
    // Order entry refuses a support out of reach, except as a signal
    // (SIGNAL_SUPPORT), which is void here.
    self.map.can_reach(unit.kind, unit.location, to)
      && self.map.supports_across(unit.location.province, to)
      && self.border_open(supporter, to)
  }

  /// DATC 4.A.3 (2023 rules): an army goes by convoy when it cannot walk, when
  /// its order says so, or when a fleet of its own power is legally ordered
  /// to convoy it there. There is no fallback to the land route.
  fn is_convoyed(
    &self,
    army: usize,
    to: ProvinceId,
    via: &Via,
    convoying: &[usize],
    convoy_fleets: &[ProvinceId],
  ) -> bool {
    let from = self.units[army].location;
    match via {
      Via::Route(_) | Via::Convoy => true,
      Via::Unspecified
        if !self.map.can_reach(UnitType::Army, from, to) || !self.border_open(army, to) =>
      {
        true
      }
      Via::Unspecified => convoying.iter().map(|&i| (&self.units[i], &self.orders[i])).any(|(unit, order)| {
        unit.power == self.units[army].power
          && matches!(order, Order::Convoy { target, to: dest }
            if *target == self.units[army] && *dest == to
              && convoy::could_be_needed(self.map, unit.location.province, from.province, to, convoy_fleets, self.rules.coastal_convoys))
      }),
    }
  }

  /// PORTAGE_CONVOY: a fleet's move along a written route goes overland,
  /// carried by the armies there, as an army goes by convoy.
  fn portaged(&self, via: &Via) -> bool {
    self.rules.portage_convoy && matches!(via, Via::Route(route) if !route.is_empty())
  }

  /// IMMOBILE_DUMMIES: this unit is a dummy's, so it may not move.
  fn immobile(&self, unit: usize) -> bool {
    self.rules.immobile_dummies && self.map.power(self.units[unit].power).dummy
  }

  /// FRIENDLY_FIRE, or DUMMY_FIRE for a dummy: `power`'s units may fight
  /// each other.
  fn friendly_fire(&self, power: PowerId) -> bool {
    self.rules.friendly_fire || (self.rules.dummy_fire && self.map.power(power).dummy)
  }

  /// Whether the helper's league forbids it to help `target`, moving into
  /// `into` when it moves (see `league.rs`).
  fn league_bars(&self, helper: usize, target: Unit, into: Option<ProvinceId>) -> bool {
    let held_by = into.and_then(|p| self.at[p.index()]).map(|i| self.units[i].power);
    let helper = self.units[helper].power;
    super::league_forbids(self.map, helper, target.power, held_by, into.is_some()).is_some()
  }

  fn classify_support_hold(&mut self, supporter: usize, target: Unit) -> Kind {
    if !self.may_support_into(supporter, target.location.province)
      || self.league_bars(supporter, target, None)
    {
      return Kind::VoidSupport(Failure::Void);
    }
    match self.unit_index(target) {
      Some(index) if !matches!(self.kinds[index], Kind::Move { .. }) => {
        self.support_entries.push((index, supporter));
        Kind::Support { to: target.location.province }
      }
      _ => Kind::VoidSupport(Failure::NoSupport),
    }
  }

  fn classify_support_move(&mut self, supporter: usize, target: Unit, to: Location) -> Kind {
    if !self.may_support_into(supporter, to.province)
      || self.league_bars(supporter, target, Some(to.province))
    {
      return Kind::VoidSupport(Failure::Void);
    }
    let Some(index) = self.unit_index(target) else { return Kind::VoidSupport(Failure::Void) };
    let coast_matches = |order: &Order| match order {
      Order::Move { to: moved, .. } => to.coast.is_none() || moved.coast == to.coast,
      _ => false,
    };
    match self.kinds[index] {
      Kind::Move { to: moved, .. }
        if moved == to.province && coast_matches(&self.orders[index]) =>
      {
        self.support_entries.push((index, supporter));
        Kind::Support { to: to.province }
      }
      _ => Kind::VoidSupport(Failure::Void),
    }
  }

  /// A convoy matches an army convoyed to the same place, on the army's
  /// route if it wrote one. A fleet that no convoy route could need is
  /// ignored (DATC 4.E.1, 6.G.19); but a fleet on a route the player
  /// wrote is needed, shortest or not (njudge's `A Yor-Nth-Nwg-Nwy`: the
  /// army goes the way written, checked as a chain when it was entered).
  fn classify_convoy(
    &mut self,
    fleet: usize,
    target: Unit,
    to: ProvinceId,
    convoy_fleets: &[ProvinceId],
  ) -> Kind {
    let here = self.units[fleet].location.province;
    let Some(army) = self.unit_index(target) else { return Kind::VoidConvoy };
    // Fleets carry armies; under PORTAGE_CONVOY armies carry fleets.
    let carries = match (self.units[fleet].kind, target.kind) {
      (UnitType::Fleet, UnitType::Army) => true,
      (UnitType::Army, UnitType::Fleet) => self.rules.portage_convoy,
      _ => false,
    };
    if !carries {
      return Kind::VoidConvoy;
    }
    if self.league_bars(fleet, target, Some(to)) {
      return Kind::VoidConvoy;
    }
    let (on_route, written) = match &self.orders[army] {
      Order::Move { via: Via::Route(route), .. } => (route.contains(&here), true),
      _ => (true, false),
    };
    let from = target.location.province;
    match self.kinds[army] {
      Kind::Move { to: dest, convoyed: true }
        if dest == to
          && on_route
          && (written
            || convoy::could_be_needed(
              self.map,
              here,
              from,
              to,
              convoy_fleets,
              self.rules.coastal_convoys,
            )) =>
      {
        self.convoys[army].push(fleet);
        Kind::Convoy
      }
      _ => Kind::VoidConvoy,
    }
  }

  fn unit_index(&self, unit: Unit) -> Option<usize> {
    self.at[unit.location.province.index()].filter(|&i| self.units[i] == unit)
  }

  /// DATC 5.F `resolve`, with `recursion_hits` so that a cycle is handled
  /// by the order that is the ancestor of the whole cycle.
  fn resolve(&mut self, unit: usize) -> bool {
    if self.resolved[unit] {
      return self.result[unit];
    }
    if self.cycle.contains(&unit) {
      self.guess_based = true;
      return self.result[unit];
    }
    if self.visited[unit] {
      self.cycle.push(unit);
      self.guess_based = true;
      self.recursion_hits += 1;
      return self.result[unit];
    }
    self.visited[unit] = true;
    let old_cycle_len = self.cycle.len();
    let old_guess_based = std::mem::replace(&mut self.guess_based, false);
    let old_hits = self.recursion_hits;
    self.result[unit] = false;
    let first = self.adjudicate(unit);
    if !self.guess_based {
      self.guess_based = old_guess_based;
      return self.settle(unit, first);
    }
    if self.cycle.contains(&unit) {
      self.recursion_hits -= 1;
    }
    if self.recursion_hits == old_hits {
      self.cycle.truncate(old_cycle_len);
      self.result[unit] = true;
      let second = self.adjudicate(unit);
      if first == second {
        self.cycle.truncate(old_cycle_len);
        self.guess_based = old_guess_based;
        return self.settle(unit, first);
      }
      let members: Vec<usize> = self.cycle.split_off(old_cycle_len);
      self.backup_rule(&members);
      self.guess_based = old_guess_based;
      self.visited[unit] = false;
      return self.resolve(unit);
    }
    if !self.cycle.contains(&unit) {
      self.cycle.push(unit);
    }
    self.result[unit] = first;
    self.visited[unit] = false;
    first
  }

  fn settle(&mut self, unit: usize, value: bool) -> bool {
    self.result[unit] = value;
    self.resolved[unit] = true;
    self.visited[unit] = false;
    value
  }

  /// A cycle with zero or two solutions: convoys in it fail (Szykman);
  /// pure circular movement succeeds; anything else fails.
  fn backup_rule(&mut self, members: &[usize]) {
    let convoys: Vec<usize> =
      members.iter().copied().filter(|&m| matches!(self.kinds[m], Kind::Convoy)).collect();
    if !convoys.is_empty() {
      for fleet in convoys {
        self.settle(fleet, false);
      }
      return;
    }
    let all_moves = members.iter().all(|&m| matches!(self.kinds[m], Kind::Move { .. }));
    for &member in members {
      self.settle(member, all_moves);
    }
  }

  fn adjudicate(&mut self, unit: usize) -> bool {
    match self.kinds[unit] {
      Kind::Move { .. } => self.adjudicate_move(unit),
      Kind::Support { .. } => !self.support_is_cut(unit),
      Kind::Convoy => !self.convoy_is_dislodged(unit) && !self.convoy_endangered(unit),
      Kind::Hold | Kind::VoidSupport(_) | Kind::VoidMove | Kind::VoidConvoy => true,
    }
  }

  /// DATC 5.B.1.
  fn adjudicate_move(&mut self, unit: usize) -> bool {
    let Kind::Move { to, .. } = self.kinds[unit] else { return false };
    let attack = self.attack_strength(unit);
    let opposition = match self.head_to_head(unit) {
      Some(opponent) => self.defend_strength(opponent),
      // A fleet changing coast by portage does not hold against itself.
      None if self.at[to.index()] == Some(unit) => NONE,
      None => self.hold_strength(to),
    };
    if attack <= opposition {
      return false;
    }
    // By index, as `successful_supports` does: the lists are fixed once
    // classified, and this runs for every move, so it allocates nothing.
    for i in 0..self.attackers[to.index()].len() {
      let rival = self.attackers[to.index()][i];
      if rival != unit && attack <= self.prevent_strength(rival) {
        return false;
      }
    }
    true
  }

  /// The unit moving the opposite way, when neither goes by convoy.
  fn head_to_head(&self, unit: usize) -> Option<usize> {
    let Kind::Move { to, convoyed: false } = self.kinds[unit] else { return None };
    let other = self.at[to.index()]?;
    match self.kinds[other] {
      Kind::Move { to: back, convoyed: false }
        if back == self.units[unit].location.province && !self.crawl(unit, other) =>
      {
        Some(other)
      }
      _ => None,
    }
  }

  /// COASTAL_CRAWL: two fleets swapping places, one of them entering a
  /// province with coasts by a coast the other does not stand on, pass
  /// each other (they then move as a circle of two).
  fn crawl(&self, unit: usize, other: usize) -> bool {
    if !self.rules.coastal_crawl {
      return false;
    }
    let fleets = [unit, other].iter().all(|&u| self.units[u].kind == crate::map::UnitType::Fleet);
    let entering = |mover: usize, stayer: usize| match &self.orders[mover] {
      Order::Move { to, .. } if to.coast.is_some() => to.coast != self.units[stayer].location.coast,
      _ => false,
    };
    fleets && (entering(unit, other) || entering(other, unit))
  }

  /// DATC 5.B.4: a direct move always has a path; a convoyed one needs a
  /// chain of successful matching convoys (along the written route, if any).
  fn path(&mut self, unit: usize) -> bool {
    let Kind::Move { to, convoyed } = self.kinds[unit] else { return false };
    if !convoyed {
      return true;
    }
    let fleets = self.convoys[unit].clone();
    if let Order::Move { via: Via::Route(route), .. } = &self.orders[unit] {
      let route = route.clone();
      return route.iter().all(|&sea| {
        fleets
          .iter()
          .find(|&&f| self.units[f].location.province == sea)
          .is_some_and(|&f| self.resolve(f))
      });
    }
    let mut working = Vec::with_capacity(fleets.len());
    for &fleet in &fleets {
      if self.resolve(fleet) {
        working.push(self.units[fleet].location.province);
      }
    }
    let from = self.units[unit].location.province;
    self.map.convoy_connects_with(from, to, &working, self.rules.coastal_convoys)
  }

  fn successful_supports(&mut self, unit: usize, not_of: Option<PowerId>) -> i32 {
    let mut count = 0;
    for i in 0..self.supports[unit].len() {
      let supporter = self.supports[unit][i];
      let power = self.units[supporter].power;
      if (Some(power) != not_of || self.friendly_fire(power)) && self.resolve(supporter) {
        count += 1;
      }
    }
    count
  }

  /// A move's strength with its supports (those of `not_of` left out):
  /// its own, by the border it crosses (DPjudge `strengths`: half across
  /// `*`, none across `~`), and every support in full.
  fn move_strength(&mut self, unit: usize, not_of: Option<PowerId>) -> i32 {
    self.crossing[unit].own_strength()
      + BorderKind::SUPPORT * self.successful_supports(unit, not_of)
  }

  /// DATC 5.B.5; an empty or vacated province is [`NONE`].
  fn hold_strength(&mut self, province: ProvinceId) -> i32 {
    let Some(unit) = self.at[province.index()] else { return NONE };
    let kind = self.kinds[unit];
    match kind {
      Kind::Move { .. } if self.rules.weak_bounces || self.resolve(unit) => NONE,
      Kind::Move { .. } => FULL,
      _ => FULL + BorderKind::SUPPORT * self.successful_supports(unit, None),
    }
  }

  /// DATC 5.B.8, on the doubled scale; [`NONE`] where DATC says 0.
  fn attack_strength(&mut self, unit: usize) -> i32 {
    let Kind::Move { to, .. } = self.kinds[unit] else { return NONE };
    if !self.path(unit) {
      return NONE;
    }
    let defender = match self.at[to.index()] {
      // Nobody, or the fleet itself changing coast by portage.
      None => return self.move_strength(unit, None),
      Some(defender) if defender == unit => return self.move_strength(unit, None),
      Some(defender) => defender,
    };
    let leaves = matches!(self.kinds[defender], Kind::Move { .. })
      && self.head_to_head(unit).is_none()
      && self.resolve(defender);
    if leaves {
      return self.move_strength(unit, None);
    }
    let defending_power = self.units[defender].power;
    if defending_power == self.units[unit].power && !self.friendly_fire(defending_power) {
      return NONE;
    }
    self.move_strength(unit, Some(defending_power))
  }

  /// DATC 5.B.7: the opponent's move, crossing the same border back, is
  /// weakened as the attack is (the DPjudge compares supports alone in a
  /// head-to-head battle).
  fn defend_strength(&mut self, unit: usize) -> i32 {
    self.move_strength(unit, None)
  }

  /// DATC 5.B.6; [`NONE`] where DATC says 0.
  fn prevent_strength(&mut self, unit: usize) -> i32 {
    if !self.path(unit) {
      return NONE;
    }
    if let Some(opponent) = self.head_to_head(unit) {
      if self.resolve(opponent) {
        return NONE;
      }
    }
    self.move_strength(unit, None)
  }

  /// DATC 5.B.2: cut by an attack of another power that has a path and does
  /// not come from where the support is directed, or by being dislodged.
  /// A move across a half-strength border never cuts, and one across a
  /// strait only when it is supported (DPjudge `cutSupport`, exceptions D
  /// and E); either still cuts by dislodging the supporter.
  fn support_is_cut(&mut self, supporter: usize) -> bool {
    let Kind::Support { to: supported_into } = self.kinds[supporter] else { return true };
    let here = self.units[supporter].location.province;
    for i in 0..self.attackers[here.index()].len() {
      let attacker = self.attackers[here.index()][i];
      let from = self.units[attacker].location.province;
      let power = self.units[supporter].power;
      let own = self.units[attacker].power == power && !self.friendly_fire(power);
      if own || from == supported_into {
        continue;
      }
      if self.rules.paradox == ParadoxRule::Rule1982
        && self.protected_by_1982_rule(attacker, supported_into)
      {
        continue;
      }
      let crossing = self.crossing[attacker];
      if crossing == BorderKind::HalfStrength || !self.path(attacker) {
        continue;
      }
      if crossing == BorderKind::Normal || self.successful_supports(attacker, None) > 0 {
        return true;
      }
    }
    self.is_dislodged_by_resolve(here)
  }

  /// The 1982 rule: a convoyed army does not cut support for an attack on a
  /// body of water that holds a fleet ordered to convoy. Under
  /// PORTAGE_CONVOY, as for sea convoys: a portaged fleet does not cut
  /// support for an attack on an army ordered to convoy.
  fn protected_by_1982_rule(&self, attacker: usize, supported_into: ProvinceId) -> bool {
    let Kind::Move { convoyed: true, .. } = self.kinds[attacker] else { return false };
    let at_sea = self.map.province(supported_into).terrain.convoys();
    self.at[supported_into.index()].is_some_and(|c| {
      let carrier = self.rules.portage_convoy && self.units[c].kind == UnitType::Army;
      (at_sea || carrier) && matches!(self.orders[c], Order::Convoy { .. })
    })
  }

  fn is_dislodged_by_resolve(&mut self, province: ProvinceId) -> bool {
    (0..self.attackers[province.index()].len()).any(|i| {
      let attacker = self.attackers[province.index()][i];
      self.resolve(attacker)
    })
  }

  /// SAFE_CONVOYS and WEAK_CONVOYS: the convoying fleet, not dislodged,
  /// is still too hard pressed to carry the army. Under WEAK_CONVOYS, a
  /// foreign attack as strong as the fleet's hold; under SAFE_CONVOYS, the
  /// fleet beleaguered: the strongest attack outdoes its hold and is
  /// matched by another, one of them foreign.
  fn convoy_endangered(&mut self, fleet: usize) -> bool {
    if !self.rules.weak_convoys && !self.rules.safe_convoys {
      return false;
    }
    let here = self.units[fleet].location.province;
    let power = self.units[fleet].power;
    let hold = self.hold_strength(here);
    let mut attacks: Vec<(i32, bool)> = Vec::new();
    for i in 0..self.attackers[here.index()].len() {
      let attacker = self.attackers[here.index()][i];
      let foreign = self.units[attacker].power != power;
      attacks.push((self.move_strength_on_path(attacker), foreign));
    }
    if self.rules.weak_convoys && attacks.iter().any(|&(s, foreign)| foreign && s >= hold) {
      return true;
    }
    let strongest = attacks.iter().map(|&(s, _)| s).max().unwrap_or(NONE);
    let top: Vec<bool> =
      attacks.iter().filter(|&&(s, _)| s == strongest).map(|&(_, f)| f).collect();
    self.rules.safe_convoys && strongest > hold && top.len() >= 2 && top.contains(&true)
  }

  /// A move's strength with every support, or [`NONE`] without a path.
  fn move_strength_on_path(&mut self, unit: usize) -> i32 {
    if !self.path(unit) {
      return NONE;
    }
    self.move_strength(unit, None)
  }

  /// DATC 5.B.3 with the trick of 5.D: the attackers' moves are adjudicated,
  /// not resolved, so that paradox cycles stay clean and simple.
  fn convoy_is_dislodged(&mut self, fleet: usize) -> bool {
    let here = self.units[fleet].location.province;
    (0..self.attackers[here.index()].len()).any(|i| {
      let attacker = self.attackers[here.index()][i];
      self.adjudicate(attacker)
    })
  }

  /// Turns the resolved decisions into outcomes and the next position.
  fn finish(mut self, before: &Position) -> MovementResult {
    let count = self.units.len();
    let moved: Vec<bool> =
      (0..count).map(|u| matches!(self.kinds[u], Kind::Move { .. }) && self.resolve(u)).collect();
    let mut after = before.clone();
    after.dislodged.clear();
    for unit in &self.units {
      after.remove(unit.location.province);
    }
    let mut dislodged_by: Vec<Option<usize>> = vec![None; count];
    for unit in 0..count {
      if moved[unit] {
        let Order::Move { to, .. } = self.orders[unit] else { continue };
        if let Some(victim) = self.at[to.province.index()].filter(|&v| !moved[v]) {
          dislodged_by[victim] = Some(unit);
        }
        after.place_unchecked(Unit { location: to, ..self.units[unit] });
      }
    }
    for unit in 0..count {
      if !moved[unit] && dislodged_by[unit].is_none() {
        let stays = self.units[unit];
        let change = match self.orders[unit] {
          Order::Transform { into, coast } => Some((into, coast)),
          _ => None,
        };
        match change {
          // Disbanded in a movement phase (SET DISBAND): gone at its end.
          _ if self.orders[unit] == Order::Disband => {}
          Some((into, coast)) if !self.transform_stopped(unit) => {
            let location = Location { province: stays.location.province, coast };
            after.place_unchecked(Unit { kind: into, location, ..stays });
          }
          _ => after.place_unchecked(stays),
        }
      }
    }
    let standoffs = self.standoffs(&moved, &after);
    let mut resolved = Vec::with_capacity(count);
    for unit in 0..count {
      if let Some(attacker) = dislodged_by[unit].filter(|_| self.orders[unit] != Order::Disband) {
        let retreats = self.retreats(unit, attacker, &after, &standoffs);
        after.dislodged.push(Dislodged {
          unit: self.units[unit],
          attacker_from: Some(self.units[attacker].location.province),
          retreats,
        });
      }
      let mut outcome = self.outcome(unit, moved[unit]);
      outcome.dislodged = dislodged_by[unit].is_some();
      resolved.push(Resolved {
        order: UnitOrder { unit: self.units[unit], order: self.orders[unit].clone() },
        ordered: self.ordered[unit],
        outcome,
      });
    }
    MovementResult { resolved, position: after }
  }

  /// A transforming unit that is attacked, by a move that reaches it,
  /// stays as it is unless the game says attacks do not stop it (SET
  /// ATTACK TRANSFORM; manual §9.1). Dislodging stops it in any case.
  fn transform_stopped(&mut self, unit: usize) -> bool {
    if self.rules.transform.attacked {
      return false;
    }
    let province = self.units[unit].location.province;
    let attackers = self.attackers[province.index()].to_vec();
    attackers.into_iter().any(|a| match self.kinds[a] {
      Kind::Move { convoyed, .. } => !convoyed || self.path(a),
      _ => false,
    })
  }

  fn outcome(&mut self, unit: usize, moved: bool) -> Outcome {
    let kind = self.kinds[unit];
    match kind {
      Kind::Hold if matches!(self.orders[unit], Order::Transform { .. }) => {
        if self.transform_stopped(unit) {
          Outcome::failed(Failure::Attacked)
        } else {
          Outcome::OK
        }
      }
      Kind::Hold => Outcome::OK,
      Kind::Move { convoyed, .. } if !moved => {
        if !convoyed || self.path(unit) {
          Outcome::failed(Failure::Bounce)
        } else if self.convoys[unit].is_empty() {
          Outcome::failed(Failure::NoConvoy)
        } else {
          Outcome::failed(Failure::Disrupted)
        }
      }
      Kind::Move { .. } => Outcome::OK,
      Kind::Support { .. } if self.resolve(unit) => Outcome::OK,
      Kind::Support { .. } => Outcome::failed(Failure::Cut),
      Kind::VoidSupport(failure) => Outcome::failed(failure),
      Kind::VoidMove => Outcome::failed(Failure::Void),
      Kind::VoidConvoy => Outcome::failed(Failure::Void),
      Kind::Convoy if self.resolve(unit) => Outcome::OK,
      Kind::Convoy if self.convoy_is_dislodged(unit) => Outcome::OK,
      Kind::Convoy => Outcome::failed(Failure::Disrupted),
    }
  }

  /// Provinces left empty by a stand-off: a failed move into a province
  /// nobody holds afterwards, by a unit that still kept others out of it (a
  /// unit beaten head-to-head does not, DATC 6.H.9).
  fn standoffs(&mut self, moved: &[bool], after: &Position) -> Vec<ProvinceId> {
    let mut provinces = Vec::new();
    for (unit, &moved) in moved.iter().enumerate() {
      if let Kind::Move { to, .. } = self.kinds[unit] {
        if !moved
          && after.unit_at(to).is_none()
          && !provinces.contains(&to)
          && self.prevent_strength(unit) > NONE
        {
          provinces.push(to);
        }
      }
    }
    provinces
  }

  /// Where a dislodged unit may go; an attack by convoy leaves its origin
  /// open (DATC 4.A.5).
  fn retreats(
    &self,
    unit: usize,
    attacker: usize,
    after: &Position,
    standoffs: &[ProvinceId],
  ) -> Vec<Location> {
    // IMMOBILE_DUMMIES: a dummy's dislodged unit is destroyed.
    if self.immobile(unit) {
      return Vec::new();
    }
    let by_convoy = matches!(self.kinds[attacker], Kind::Move { convoyed: true, .. });
    let origin = (!by_convoy).then_some(self.units[attacker].location.province);
    super::retreat_options(self.map, after, self.units[unit], origin, standoffs)
  }
}
