//! Processing a phase: adjudicate the orders in, move the board on, keep
//! the record, and see whether the game is won. Phases in which nobody has
//! anything to order (only units that cannot retreat, or nobody able to
//! build or bound to remove) are processed straight after, so the game
//! always waits on a phase somebody plays.

use crate::zone::Tz;
use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use super::{deadline, Ending, Game, PowerOrders, Status, YearCenters};
use crate::adjudicate::{self, AdjustmentOutcome, Resolved};
use crate::map::{Location, PowerId, UnitType};
use crate::order::{Adjustment, Order, UnitOrder};
use crate::phase::{Phase, PhaseKind};
use crate::position::{Position, Unit};

/// Guards the loop over phases nobody plays (a game passes at most a
/// retreat and an adjustment phase before somebody must order).
const MAX_PHASES: usize = 8;

/// What processing did: every phase it went through, in order.
#[derive(Clone, Debug, Default)]
pub struct Processed {
  pub phases: Vec<PhaseResult>,
  /// Powers left with no units and no centres.
  pub eliminated: Vec<PowerId>,
  /// The power that reached the victory centres, which ends the game.
  pub winner: Option<PowerId>,
  /// Each power that had to order in the phase played, and whether its
  /// orders were in on time (for dedication, manual §5.2).
  pub turns: Vec<(PowerId, bool)>,
  /// Powers in civil disorder when the phase was played.
  pub civil_disorder: Vec<PowerId>,
  /// Several powers reached the victory centres in the same year, so the
  /// number needed to win went up to this (manual §9.1 SET CENTERS).
  pub victory_raised: Option<u32>,
  /// The postal press collected during the phase, to go out now.
  pub postal: Vec<super::PostalPress>,
  /// What became of the orders kept for the phase the game came to (and
  /// for phases it went past), one report per power and phase.
  pub future: Vec<super::future::FutureReport>,
  /// A Crystal Ball movement turn: the locked lists as they were carried
  /// out (`xtal.rs`).
  pub lists: Option<super::xtal::CarriedOut>,
  /// A Payola movement turn: what the money did (`payola.rs`).
  pub bought: Option<super::payola::Bought>,
}

/// One adjudicated phase.
#[derive(Clone, Debug)]
pub struct PhaseResult {
  pub phase: Phase,
  /// Its number in the game (njudge's `game.001`).
  pub seq: u32,
  pub resolution: Resolution,
  /// The board before the phase.
  pub before: Position,
  /// The board after it, in the phase that follows.
  pub after: Position,
  /// Whether it ended a Fall turn, so that centres changed hands.
  pub year_ended: bool,
  /// Whether nobody had anything to order in it.
  pub skipped: bool,
  /// Units dislodged in it and disbanded at once (AUTO DISBAND).
  pub disbanded: Vec<Unit>,
  /// Units lost where the map closed after it (no HIBERNATE).
  pub trapped: Vec<Unit>,
  /// NO_CHECK: the orders kept as written that were not carried out.
  pub not_carried: Vec<super::unchecked::NotCarried>,
  /// Units whose owners handed their orders to another power (SET PROXY),
  /// with that power: the results say so before the orders.
  pub proxies: Vec<(Unit, PowerId)>,
  /// Vassals' units destroyed for torn allegiance at the year's end.
  pub torn: Vec<Unit>,
  /// A Payola game's income at the year's end: each power's report.
  pub income: Vec<(PowerId, String)>,
}

/// What became of the orders of one phase.
#[derive(Clone, Debug)]
pub enum Resolution {
  Movement(Vec<Resolved>),
  Retreat(Vec<Resolved>),
  Adjustment {
    orders: Vec<(PowerId, Adjustment, AdjustmentOutcome)>,
    /// Units removed for powers that did not remove enough.
    civil_disorder: Vec<Unit>,
  },
}

impl Game {
  /// Processes the current phase with the orders in, then any phases
  /// nobody plays; sets the next deadline (never earlier than the last
  /// one) or ends the game on a solo victory.
  pub fn process(&mut self, now: DateTime<Utc>, tz: Tz) -> Processed {
    let mut processed = Processed::default();
    let (last_deadline, last_grace) = (self.timing.deadline, self.timing.grace);
    let alive_before: Vec<PowerId> =
      self.map.power_ids().filter(|&p| !self.is_eliminated(p)).collect();
    // Nobody plays a dummy: it has no turn to be on time for.
    for power in self.map.playable_powers().filter(|&p| self.must_order(p)) {
      let member = self.player_of(power);
      let on_time = member.is_some_and(|m| !m.late && !m.cd) && self.is_in(power);
      processed.turns.push((power, on_time));
      if member.is_some_and(|m| m.cd) {
        processed.civil_disorder.push(power);
      }
    }
    // Crystal Ball: the locked lists are the movement orders.
    let crystal = self.is_crystal_ball() && self.position.phase.kind == PhaseKind::Movement;
    if crystal {
      processed.lists = Some(self.carry_out_lists());
    }
    // Payola: the units take the orders they were paid for; the turn kept
    // for ROLLBACK has them as its orders, and the money as it was.
    let payola = self.is_payola() && self.position.phase.kind == PhaseKind::Movement;
    let treasury = self.payola.clone();
    if payola {
      let (orders, bought) = self.buy_orders();
      self.enter_bought(orders);
      processed.bought = Some(bought);
    }
    self.keep_turn();
    if let Some(turn) = self.turns.last_mut().filter(|_| payola) {
      turn.payola = treasury;
    }
    if crystal {
      self.advance_lists();
    }
    for _ in 0..MAX_PHASES {
      let skipped = self.nothing_to_order();
      let result = self.process_one(skipped);
      let (year_ended, phase) = (result.year_ended, result.phase);
      processed.phases.push(result);
      if year_ended {
        if let Some(powers) = self.shared_winners() {
          self.status = Status::Finished(Ending::Drawn(powers));
          self.record.ended = Some((now, phase.to_string()));
          break;
        }
        processed.winner = self.winner(&mut processed.victory_raised);
        if let Some(winner) = processed.winner {
          self.status = Status::Finished(Ending::Won(winner));
          self.record.ended = Some((now, phase.to_string()));
          break;
        }
        if let Some(powers) = self.allied_winner() {
          processed.winner = powers.first().copied();
          self.status = Status::Finished(Ending::Allied(powers));
          self.record.ended = Some((now, phase.to_string()));
          break;
        }
      }
      if !self.nothing_to_order() {
        break;
      }
    }
    self.new_payola_phase();
    // A map's own income phase (Ambition's) is passed over and paid here,
    // when the movement phase it comes before begins.
    if self.is_payola()
      && self.status == Status::Active
      && self.map.income_before(self.position.phase)
    {
      let owners: Vec<Option<PowerId>> =
        self.map.supply_centers().map(|c| self.position.owner(c)).collect();
      let reports = self.pay_income(&owners).reports;
      if let Some(last) = processed.phases.last_mut() {
        last.income = reports;
      }
    }
    processed.eliminated = alive_before.into_iter().filter(|&p| self.is_eliminated(p)).collect();
    processed.postal = std::mem::take(&mut self.postal);
    self.clear_votes();
    for member in &mut self.members {
      member.wait = false;
      member.late = false;
      member.absences.retain(|a| a.end > now);
    }
    // After the waits are cleared: kept orders may SET WAIT again.
    if self.status == Status::Active {
      processed.future = self.arrive(&processed.phases);
    } else {
      self.future.clear();
    }
    self.wait_for_disbands();
    self.timing.phase_began = now;
    self.timing.orders_in = None;
    self.timing.start = None;
    self.timing.late_notice = None;
    self.timing.abandoned = false;
    if self.status == Status::Active {
      let next = self.deadline_from(self.rule(), now, tz);
      let deadline = self.after_absences(last_deadline.map_or(next, |last| next.max(last)), tz);
      self.timing.deadline = Some(deadline);
      // Never earlier than the last one either (manual §5.1).
      let grace = self.grace_after(deadline, tz);
      self.timing.grace = Some(last_grace.map_or(grace, |last| grace.max(last)));
      self.note_readiness(now);
    }
    processed
  }

  /// ANY DISBAND and build-phase transformations (manual §9.1): an
  /// adjustment phase waits for its deadline for everyone who has units,
  /// so that each may choose to disband or transform; a player who is
  /// done sends SET NO WAIT.
  fn wait_for_disbands(&mut self) {
    if !self.rules().adjusts_any_unit()
      || self.status != Status::Active
      || self.position.phase.kind != PhaseKind::Adjustment
    {
      return;
    }
    let position = &self.position;
    for member in &mut self.members {
      let has_units = member.power.is_some_and(|p| position.units_of(p).next().is_some());
      if member.role == super::Role::Player && has_units && !member.cd && !member.abandoned {
        member.wait = true;
      }
    }
  }

  /// A deadline moved out of every absence of the people still playing
  /// (and the Masters): to the first time after the absence that the
  /// phase's `clock` and `days` allow (manual §7.2).
  fn after_absences(&self, mut deadline: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
    let rule = deadline::DeadlineRule { next: 0.0, ..self.rule().clone() };
    let counted = |m: &&super::Member| match m.role {
      super::Role::Master => true,
      super::Role::Player => !m.abandoned && m.power.is_some_and(|p| !self.is_eliminated(p)),
      super::Role::Observer => false,
    };
    // Each pass moves past one absence; absences may follow each other.
    for _ in 0..16 {
      let inside = self
        .members
        .iter()
        .filter(counted)
        .flat_map(|m| m.absences.iter())
        .filter(|a| a.start <= deadline && deadline < a.end)
        .map(|a| a.end)
        .max();
      match inside {
        Some(end) => deadline = self.deadline_from(&rule, end, tz),
        None => break,
      }
    }
    deadline
  }

  /// A kept turn adjudicated again, on a copy of the game: the board and
  /// orders it was processed with give the same outcomes its results did
  /// (for drawing a past phase).
  pub fn replay(&self, turn: &super::master::Turn) -> PhaseResult {
    let mut copy = self.clone();
    copy.seq = turn.seq;
    copy.position = turn.position.clone();
    copy.orders = turn.orders.clone();
    copy.record.years.truncate(turn.years);
    copy.settings.victory_centers = turn.victory_centers;
    let skipped = copy.nothing_to_order();
    copy.process_one(skipped)
  }

  /// What the current phase would come to with the orders `power` has
  /// in (and its vassals') and every other unit holding, on a copy of the
  /// game: the web's preview, which changes nothing.
  pub fn preview(&self, power: PowerId) -> PhaseResult {
    let mut copy = self.clone();
    // A blind seat's preview is played on the board it sees: units it
    // cannot see are not there to bounce its moves.
    if self.hides() {
      copy.position = self.seen_position(&self.seat_viewer(power)).into_owned();
    }
    let vassals: Vec<PowerId> = self.position.vassals_of(power).collect();
    for (index, orders) in copy.orders.iter_mut().enumerate() {
      if index != power.index() && !vassals.iter().any(|v| v.index() == index) {
        *orders = Default::default();
      }
    }
    let skipped = copy.nothing_to_order();
    copy.process_one(skipped)
  }

  /// Adjudicates the current phase and moves the board on.
  fn process_one(&mut self, skipped: bool) -> PhaseResult {
    // NO_CHECK: the orders kept as written are checked now.
    let not_carried = self.check_unchecked();
    let before = self.position.clone();
    let proxies = self.proxies();
    let rules = self.rules();
    let (after, resolution) = match before.phase.kind {
      PhaseKind::Movement => {
        let mut orders = self.unit_orders();
        // CD_SUPPORTS: not in Crystal Ball, whose lists are the orders.
        if self.settings.variant.has_rule("CD_SUPPORTS") && !self.is_crystal_ball() {
          let supports = self.civil_disorder_supports();
          orders.retain(|o| !supports.iter().any(|s| s.unit == o.unit));
          orders.extend(supports);
        }
        let result = adjudicate::movement(self.map, &before, &orders, &rules);
        (result.position, Resolution::Movement(result.resolved))
      }
      PhaseKind::Retreat => {
        let mut orders = self.unit_orders();
        if self.settings.variant.has_rule("CD_RETREATS") {
          orders.extend(self.civil_disorder_retreats());
        }
        let result = adjudicate::retreat(self.map, &before, &orders, &rules);
        (result.position, Resolution::Retreat(result.resolved))
      }
      PhaseKind::Adjustment => {
        let mut orders: Vec<(PowerId, Adjustment)> = self
          .map
          .power_ids()
          .flat_map(|p| self.orders[p.index()].adjustments.iter().map(move |e| (p, e.order)))
          // A unit kept (ANY DISBAND) needs nothing done, and njudge's
          // results do not list it.
          .filter(|(_, order)| !matches!(order, Adjustment::Maintain { .. }))
          .collect();
        if rules.cd_builds {
          orders.extend(self.civil_disorder_builds(&rules));
        }
        let result = adjudicate::adjustment(self.map, &before, &orders, &rules);
        let resolution =
          Resolution::Adjustment { orders: result.resolved, civil_disorder: result.civil_disorder };
        (result.position, resolution)
      }
    };
    let concluded = adjudicate::conclude(self.map, &before, after, &rules);
    self.position = concluded.position;
    // Payola income at the year's end, unless the map's flow has its own
    // income phases (`Game::process`).
    let income = if concluded.year_ended && !self.map.has_income_phases() {
      let owners: Vec<Option<PowerId>> =
        self.map.supply_centers().map(|c| before.owner(c)).collect();
      self.pay_income(&owners).reports
    } else {
      Vec::new()
    };
    if concluded.year_ended {
      let centers =
        self.map.power_ids().map(|p| self.position.centers_of(self.map, p).count() as u8).collect();
      let owners = self.map.supply_centers().map(|c| self.position.owner(c)).collect();
      // The units as the winter leaves them, for SUMMARY to mark builds
      // left unused: now when no adjustments are due, else after them.
      let units = if self.position.phase.kind == PhaseKind::Adjustment {
        Vec::new()
      } else {
        self.map.power_ids().map(|p| self.position.units_of(p).count() as u8).collect()
      };
      self.record.years.push(YearCenters { year: before.phase.year, centers, owners, units });
    } else if before.phase.kind == PhaseKind::Adjustment {
      let after: Vec<u8> =
        self.map.power_ids().map(|p| self.position.units_of(p).count() as u8).collect();
      if let Some(year) = self.record.years.last_mut().filter(|y| y.year == before.phase.year) {
        year.units = after;
      }
    }
    let result = PhaseResult {
      phase: before.phase,
      seq: self.seq,
      resolution,
      after: self.position.clone(),
      before,
      year_ended: concluded.year_ended,
      skipped,
      disbanded: concluded.disbanded,
      trapped: concluded.trapped,
      proxies,
      torn: concluded.torn,
      not_carried,
      income,
    };
    self.seq += 1;
    self.orders = vec![PowerOrders::default(); self.map.powers().len()];
    result
  }

  /// CD_BUILDS: the builds of each power in civil disorder (every dummy)
  /// that gave no adjustment orders, on free build sites picked at random,
  /// never two on one site. The draw is seeded by the game and the phase,
  /// so processing the same phase again builds the same.
  pub(super) fn civil_disorder_builds(
    &self,
    rules: &adjudicate::Rules,
  ) -> Vec<(PowerId, Adjustment)> {
    let mut rng = StdRng::seed_from_u64(self.phase_seed());
    let mut builds = Vec::new();
    for power in self.map.power_ids() {
      let owed = self.position.adjustment_due(self.map, power, rules);
      if owed <= 0
        || !self.in_civil_disorder(power)
        || !self.orders[power.index()].adjustments.is_empty()
      {
        continue;
      }
      let mut options: Vec<Unit> = Vec::new();
      for site in self.map.supply_centers() {
        if self.position.unit_at(site).is_some()
          || adjudicate::build_site(self.map, &self.position, power, site, rules).is_err()
        {
          continue;
        }
        let province = self.map.province(site);
        let mut places = vec![Location { province: site, coast: None }];
        places
          .extend(province.coasts().map(|coast| Location { province: site, coast: Some(coast) }));
        for kind in [UnitType::Army, UnitType::Fleet] {
          for &location in &places {
            let unit = Unit { power, kind, location };
            let mut trial = self.position.clone();
            if trial.place(self.map, unit).is_ok() {
              options.push(unit);
            }
          }
        }
      }
      for _ in 0..owed {
        let Some(&unit) = options.choose(&mut rng) else { break };
        options.retain(|u| u.location.province != unit.location.province);
        builds.push((power, Adjustment::Build { kind: unit.kind, at: unit.location }));
      }
    }
    builds
  }

  /// A number fixed by the game's name and the phase's number, to seed
  /// what the judge picks at random for a phase (FNV-1a).
  pub(super) fn phase_seed(&self) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in self.name.bytes().chain(self.seq.to_le_bytes()) {
      hash ^= u64::from(byte);
      hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
  }

  /// Payola: the orders bought become the owners' orders for the phase.
  fn enter_bought(&mut self, orders: Vec<UnitOrder>) {
    self.orders = vec![PowerOrders::default(); self.map.powers().len()];
    for order in orders {
      let text = crate::order::render_order(self.map, &order);
      if let Some(list) = self.orders.get_mut(order.unit.power.index()) {
        list.units.push(super::Entered { order, text });
      }
    }
  }

  /// The proxy orders in: each unit handed to another power, with it.
  fn proxies(&self) -> Vec<(Unit, PowerId)> {
    let mut proxies = Vec::new();
    for (owner, list) in self.orders.iter().enumerate() {
      for entered in list.units.iter().filter(|e| e.order.unit.power.index() == owner) {
        if let Order::Proxy { power } = entered.order.order {
          proxies.push((entered.order.unit, power));
        }
      }
    }
    proxies
  }

  /// Every unit order in, for the adjudicator: each power's orders for its
  /// own units, except that a unit proxied to another power (SET PROXY)
  /// takes that power's order for it, or holds when it has none.
  fn unit_orders(&self) -> Vec<UnitOrder> {
    let mut orders = Vec::new();
    for (owner, list) in self.orders.iter().enumerate() {
      for entered in list.units.iter().filter(|e| e.order.unit.power.index() == owner) {
        match entered.order.order {
          Order::Proxy { power } => {
            let given = self.orders.get(power.index()).and_then(|o| {
              o.units.iter().find(|e| {
                e.order.unit == entered.order.unit && !matches!(e.order.order, Order::Proxy { .. })
              })
            });
            orders.extend(given.map(|e| e.order.clone()));
          }
          _ => orders.push(entered.order.clone()),
        }
      }
    }
    // Nobody orders a dummy's units: they hold, and the results say so.
    if self.position.phase.kind == PhaseKind::Movement {
      for unit in self.position.units().filter(|u| self.is_dummy(u.power)) {
        if !orders.iter().any(|o| o.unit == unit) {
          orders.push(UnitOrder { unit, order: Order::Hold });
        }
      }
    }
    orders
  }

  /// What a power's centres count toward victory: its own (not those
  /// blockaded), with its vassals' under VASSAL_DUMMIES or TEAM_VICTORY;
  /// under VICTORY_HOMES only centres that are another power's homes
  /// (not its own vassals').
  pub(super) fn victory_score(&self, power: PowerId) -> u32 {
    let team = self.rules().vassal_dummies || self.settings.variant.has_rule("TEAM_VICTORY");
    if self.position.controller(power).is_some() && team {
      return 0;
    }
    let homes_only = self.settings.variant.has_rule("VICTORY_HOMES");
    let own = |p: PowerId| -> u32 {
      if !homes_only {
        return self.position.counted_centers(self.map, p).count() as u32;
      }
      let foreign_home = |centre: crate::map::ProvinceId| {
        self.map.power_ids().any(|q| {
          q != power
            && self.position.controller(q) != Some(power)
            && crate::rules::homes(self.map, &self.position, q).contains(&centre)
        })
      };
      self.position.counted_centers(self.map, p).filter(|&c| foreign_home(c)).count() as u32
    };
    let mut score = own(power);
    if team {
      score += self.position.vassals_of(power).map(own).sum::<u32>();
    }
    score
  }

  /// The centres needed to win: the game's count, or under VICTORY_HOMES
  /// the DPjudge's count of other powers' homes, half the homes of all
  /// but one power and one more (10 on the standard map).
  pub fn victory_target(&self) -> u32 {
    if !self.settings.variant.has_rule("VICTORY_HOMES") {
      return self.settings.victory_centers;
    }
    let with_homes: Vec<PowerId> = self
      .map
      .power_ids()
      .filter(|&p| !crate::rules::homes(self.map, &self.position, p).is_empty())
      .collect();
    let homes = self
      .map
      .supply_centers()
      .filter(|&c| {
        with_homes.iter().any(|&p| crate::rules::homes(self.map, &self.position, p).contains(&c))
      })
      .count();
    let powers = with_homes.len().max(1);
    (homes * (powers - 1) / (2 * powers) + 1) as u32
  }

  /// SHARED_VICTORY: every power reaching the count at the same year-end
  /// wins jointly, whatever its lead (two or more; one alone is an
  /// ordinary win).
  fn shared_winners(&self) -> Option<Vec<PowerId>> {
    if !self.settings.variant.has_rule("SHARED_VICTORY") {
      return None;
    }
    let target = self.victory_target();
    let winners: Vec<PowerId> =
      self.map.power_ids().filter(|&p| self.victory_score(p) >= target).collect();
    (winners.len() > 1).then_some(winners)
  }

  /// A duplex game's allied win (SET ALLIED WIN, on unless SET NO
  /// ALLIED WIN): the powers of one player, two or more, together holding
  /// at least four thirds of the victory count, more than any other
  /// player's powers hold.
  fn allied_winner(&self) -> Option<Vec<PowerId>> {
    if self.settings.no_allied_win {
      return None;
    }
    let goal = (self.settings.victory_centers * 4).div_ceil(3);
    let mut groups: Vec<(u32, Vec<PowerId>)> = Vec::new();
    for power in self.map.power_ids() {
      let powers = self.powers_of_player(power);
      if powers.len() < 2 || powers[0] != power {
        continue;
      }
      let held =
        powers.iter().map(|&p| self.position.counted_centers(self.map, p).count() as u32).sum();
      groups.push((held, powers));
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.0));
    match groups.as_slice() {
      [(top, powers), rest @ ..] if *top >= goal && rest.first().is_none_or(|r| r.0 < *top) => {
        Some(powers.clone())
      }
      _ => None,
    }
  }

  /// The power with the most centres, if it has enough to win and nobody
  /// ties with it. When the top is tied at or above the victory centres,
  /// nobody wins and the number needed goes up to one more than the top
  /// (manual §9.1 SET CENTERS), noted in `raised`; not under
  /// SHARED_VICTORY or VICTORY_HOMES.
  fn winner(&mut self, raised: &mut Option<u32>) -> Option<PowerId> {
    let target = self.victory_target();
    let best = self.map.power_ids().max_by_key(|&p| self.victory_score(p))?;
    let top = self.victory_score(best);
    let tied = self.map.power_ids().filter(|&p| self.victory_score(p) == top).count() > 1;
    if top < target {
      return None;
    }
    // SHARED_VICTORY: a tie is a joint win (`shared_winners`), not a
    // higher count; VICTORY_HOMES counts against a fixed target.
    if tied {
      if !self.settings.variant.has_rule("SHARED_VICTORY")
        && !self.settings.variant.has_rule("VICTORY_HOMES")
      {
        self.settings.victory_centers = top + 1;
        *raised = Some(top + 1);
      }
      return None;
    }
    // The DPjudge's HOLD_WIN: the count held at the year-end before too
    // (the record of this year-end is the last one kept).
    if self.settings.variant.has_rule("HOLD_WIN") {
      let before = self.record.years.iter().rev().nth(1);
      let held = before.and_then(|y| y.centers.get(best.index())).copied().unwrap_or(0);
      if u32::from(held) < target {
        return None;
      }
    }
    Some(best)
  }
}
