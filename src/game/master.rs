//! What a Master does to a game beyond its settings (manual §8.2): pause
//! and resume it, force a begin with dummy players, unstart it, terminate
//! it, and roll it back to an earlier turn. Pure like the rest of the game:
//! the clock and the randomness are passed in.

use crate::zone::Tz;
use chrono::{DateTime, Utc};
use rand::Rng;

use super::{Ending, Game, Member, PowerOrders, Role, Status};
use crate::phase::Phase;
use crate::position::Position;

/// How many played turns a game keeps for ROLLBACK. The manual promises
/// only that the last turn can be taken back; a dozen covers a game year
/// and then some without making every game file large.
pub const KEPT_TURNS: usize = 12;

/// The game as it stood just before one of its turns was processed: what
/// ROLLBACK returns to.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
  /// The turn's number (njudge's `game.001`).
  pub seq: u32,
  pub position: Position,
  /// The orders that were in when the turn was processed; they are in
  /// again after a rollback, for the Master to correct.
  pub orders: Vec<PowerOrders>,
  /// How many years of centre counts the record held.
  pub years: usize,
  pub victory_centers: u32,
  /// The orders kept for later phases then (PHASE): after a rollback they
  /// are carried out again when their phase comes (manual §8.2).
  pub future: Vec<super::future::FutureOrders>,
  /// A Crystal Ball game's lists then.
  pub xtal: super::xtal::Lists,
  /// A Payola game's money then.
  pub payola: super::payola::Treasury,
}

/// Why a ROLLBACK cannot be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollbackError {
  #[error("game '{game}' has not processed a turn yet, so there is nothing to roll back")]
  NothingPlayed { game: String },
  #[error(
    "turn {turn:03} is not kept: ROLLBACK can go back to turn {kept}, the turns\n\
     this game still keeps"
  )]
  NotKept { turn: u32, kept: String },
  #[error("turn {turn:03} has not been played yet (the game is at turn {current:03})")]
  NotPlayed { turn: u32, current: u32 },
}

/// Why a game cannot be begun by force or unstarted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
  #[error("game '{game}' has already started")]
  Started { game: String },
  #[error("game '{game}' is over")]
  Over { game: String },
  #[error("game '{game}' has not started")]
  NotStarted { game: String },
  #[error(
    "game '{game}' has processed turns already; a game can be unstarted only before\n\
     its first turn is processed (ROLLBACK 001 takes it back to its first turn)"
  )]
  Played { game: String },
  #[error("game '{game}' has no player yet, so it cannot begin")]
  Empty { game: String },
}

/// Why a Master's PAUSE, RESUME, PREDICT, PROCESS, PROMOTE or EJECT is
/// refused; each reads as the sentence the Master is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MasterRefusal {
  #[error("Game '{0}' is not under way, so it cannot be paused.")]
  PauseNotUnderWay(String),
  /// PREDICT or PROCESS (`what`) of a game not under way.
  #[error("Game '{game}' is not under way: there is nothing to {what}.")]
  NothingTo { game: String, what: &'static str },
  #[error("RESUME is for the Master (this game is set NO RESUME). Nothing was changed.")]
  NoResume,
  #[error("RESUME is for the Master or a player. Nothing was changed.")]
  ResumeByObserver,
  #[error("Game '{0}' is neither paused nor over; nothing was changed.")]
  NothingToResume(String),
  #[error(
    "Game '{game}' is in {current}, not {named}: the PROCESS was ignored (the phase\n\
     you meant has probably been processed already)."
  )]
  NotThePhase { game: String, current: Phase, named: Phase },
  #[error("Game '{0}' is paused: RESUME it first. Nothing was processed.")]
  Paused(String),
  /// `shown` is what the Master wrote, cut to 40 characters.
  #[error(
    "'{shown}' is not an observer of game '{game}': only an observer can be promoted\n\
     (they sign on with SIGN ON O{game} password first). Nothing was changed."
  )]
  NotAnObserver { shown: String, game: String },
  /// `shown` is what the Master wrote, cut to 40 characters.
  #[error(
    "'{shown}' is not an observer of game '{game}': only an observer can be made\n\
     omniscient (they sign on with OBSERVE {game} password first). Nothing was changed."
  )]
  NoSuchObserver { shown: String, game: String },
  #[error("Game '{0}' is over. Nothing was changed.")]
  Over(String),
  #[error("{power} is already abandoned in game '{game}'. Nothing was changed.")]
  AlreadyAbandoned { power: String, game: String },
}

/// What RESUME did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resumed {
  /// A paused game runs again, its deadline moved on by the pause.
  Unpaused,
  /// A game that was over is under way again.
  Reopened,
  /// A game terminated before it began forms again.
  Forming,
}

impl Game {
  /// Whether the Master may PAUSE the game (one already paused is told so,
  /// not refused).
  pub fn may_pause(&self) -> Result<(), MasterRefusal> {
    if self.status != Status::Active {
      return Err(MasterRefusal::PauseNotUnderWay(self.name.clone()));
    }
    Ok(())
  }

  /// Whether the game is under way, for a Master's `what` ("predict",
  /// "process").
  pub fn under_way_to(&self, what: &'static str) -> Result<(), MasterRefusal> {
    if self.status != Status::Active {
      return Err(MasterRefusal::NothingTo { game: self.name.clone(), what });
    }
    Ok(())
  }

  /// Whether PROCESS `named` (the current phase when `None`) may go
  /// ahead in a game under way: the phase named must be the current one,
  /// and the game not paused.
  pub fn may_process(&self, named: Option<Phase>) -> Result<(), MasterRefusal> {
    let current = self.position.phase;
    if let Some(named) = named.filter(|&named| named != current) {
      return Err(MasterRefusal::NotThePhase { game: self.name.clone(), current, named });
    }
    if self.is_paused() {
      return Err(MasterRefusal::Paused(self.name.clone()));
    }
    Ok(())
  }

  /// RESUME by a member in `role` (manual §8.3): a paused game runs again,
  /// one that is over is under way again. Players may, unless the game is
  /// set NO RESUME; observers may not.
  pub fn resume_by(
    &mut self,
    role: Role,
    now: DateTime<Utc>,
    tz: Tz,
  ) -> Result<Resumed, MasterRefusal> {
    match role {
      Role::Master => {}
      Role::Player if self.settings.resume => {}
      Role::Player => return Err(MasterRefusal::NoResume),
      Role::Observer => return Err(MasterRefusal::ResumeByObserver),
    }
    if self.is_paused() {
      self.resume(now);
      Ok(Resumed::Unpaused)
    } else if self.is_finished() {
      self.reopen(now, tz);
      Ok(if self.status == Status::Forming { Resumed::Forming } else { Resumed::Reopened })
    } else {
      Err(MasterRefusal::NothingToResume(self.name.clone()))
    }
  }

  /// PROMOTE: the observer at `address` becomes a Master; returns their
  /// member index.
  pub fn promote(&mut self, address: &str) -> Result<usize, MasterRefusal> {
    let found =
      self.members.iter().position(|m| m.role == Role::Observer && m.has_address(address));
    let Some(index) = found else {
      let shown: String = address.chars().take(40).collect();
      return Err(MasterRefusal::NotAnObserver { shown, game: self.name.clone() });
    };
    self.members[index].role = Role::Master;
    self.members[index].all_press = false;
    Ok(index)
  }

  /// OMNISCIENT / NO OMNISCIENT address: lets an observer see the whole
  /// board of a blind game while it runs, or no longer.
  pub fn make_omniscient(&mut self, address: &str, on: bool) -> Result<usize, MasterRefusal> {
    let found =
      self.members.iter().position(|m| m.role == Role::Observer && m.has_address(address));
    let Some(index) = found else {
      let shown: String = address.chars().take(40).collect();
      return Err(MasterRefusal::NoSuchObserver { shown, game: self.name.clone() });
    };
    self.members[index].omniscient = on;
    Ok(index)
  }

  /// Whether the Master may EJECT member `index`: not once the game is
  /// over, and a player's power not when it is abandoned already.
  pub fn may_eject(&self, index: usize) -> Result<(), MasterRefusal> {
    if self.is_finished() {
      return Err(MasterRefusal::Over(self.name.clone()));
    }
    let Some(member) = self.members.get(index) else { return Ok(()) };
    match member.power {
      Some(power) if member.role == Role::Player && member.abandoned => {
        Err(MasterRefusal::AlreadyAbandoned {
          power: self.power_name(power).to_string(),
          game: self.name.clone(),
        })
      }
      _ => Ok(()),
    }
  }

  /// Keeps the board and orders of the turn about to be processed, for
  /// ROLLBACK; only the last [`KEPT_TURNS`] are kept.
  pub(super) fn keep_turn(&mut self) {
    self.turns.push(Turn {
      seq: self.seq,
      position: self.position.clone(),
      orders: self.orders.clone(),
      years: self.record.years.len(),
      victory_centers: self.settings.victory_centers,
      future: self.future.clone(),
      xtal: self.xtal.clone(),
      payola: self.payola.clone(),
    });
    let surplus = self.turns.len().saturating_sub(KEPT_TURNS);
    self.turns.drain(..surplus);
  }

  /// The turn numbers ROLLBACK can go back to, for messages: `003, 004`.
  pub fn kept_turns(&self) -> String {
    let numbers: Vec<String> = self.turns.iter().map(|t| format!("{:03}", t.seq)).collect();
    numbers.join(", ")
  }

  /// Rolls the game back to the moment before turn `turn` (the last turn
  /// played when `None`) was processed: its board, the orders that were in
  /// then, and a fresh deadline. A game that ended in that turn or after
  /// is under way again. Returns the turn gone back to.
  pub fn rollback(
    &mut self,
    turn: Option<u32>,
    now: DateTime<Utc>,
    tz: Tz,
  ) -> Result<u32, RollbackError> {
    let Some(last) = self.turns.last() else {
      return Err(RollbackError::NothingPlayed { game: self.name.clone() });
    };
    let wanted = turn.unwrap_or(last.seq);
    if wanted >= self.seq {
      return Err(RollbackError::NotPlayed { turn: wanted, current: self.seq });
    }
    let Some(index) = self.turns.iter().position(|t| t.seq == wanted) else {
      return Err(RollbackError::NotKept { turn: wanted, kept: self.kept_turns() });
    };
    let back = self.turns[index].clone();
    self.turns.truncate(index);
    self.seq = back.seq;
    self.position = back.position;
    self.orders = back.orders;
    self.record.years.truncate(back.years);
    self.record.ended = None;
    self.settings.victory_centers = back.victory_centers;
    // The blocks kept then, and any sent since for phases still to come.
    let since: Vec<_> =
      std::mem::take(&mut self.future).into_iter().filter(|f| !back.future.contains(f)).collect();
    self.future = back.future;
    self.future.extend(since);
    self.xtal = back.xtal;
    self.payola = back.payola;
    self.status = Status::Active;
    for member in &mut self.members {
      member.wait = false;
      member.late = false;
      member.draw = None;
      member.concede = None;
    }
    self.restart_clock(now, tz);
    Ok(back.seq)
  }

  /// A new deadline for the current phase as if it had just begun.
  pub(super) fn restart_clock(&mut self, now: DateTime<Utc>, tz: Tz) {
    let deadline = self.deadline_from(self.rule(), now, tz);
    self.timing.phase_began = now;
    self.timing.deadline = Some(deadline);
    self.timing.grace = Some(self.grace_after(deadline, tz));
    self.timing.orders_in = None;
    self.timing.start = None;
    self.timing.late_notice = None;
    self.timing.abandoned = false;
    self.timing.paused = None;
    self.timing.pause_notice = None;
    self.note_readiness(now);
  }

  /// Whether the game is paused (PAUSE): nothing is processed and no
  /// deadline runs until RESUME.
  pub fn is_paused(&self) -> bool {
    self.timing.paused.is_some()
  }

  /// PAUSE: the clock stops; press goes on, orders wait.
  pub fn pause(&mut self, now: DateTime<Utc>) {
    if self.timing.paused.is_none() {
      self.timing.paused = Some(now);
      self.timing.pause_notice = None;
    }
  }

  /// RESUME of a paused game: the deadline and grace move on by the time
  /// the game stood still, so nobody loses time to the pause.
  pub fn resume(&mut self, now: DateTime<Utc>) {
    let Some(since) = self.timing.paused.take() else { return };
    self.timing.pause_notice = None;
    let stood = now - since;
    if stood > chrono::Duration::zero() {
      self.timing.deadline = self.timing.deadline.map(|d| d + stood);
      self.timing.grace = self.timing.grace.map(|g| g + stood);
      self.timing.late_notice = self.timing.late_notice.map(|l| l + stood);
    }
    self.note_readiness(now);
  }

  /// RESUME of a game that is over (manual §8.3): it is under way again
  /// from where it stopped, with a fresh deadline.
  pub fn reopen(&mut self, now: DateTime<Utc>, tz: Tz) {
    if !self.is_finished() {
      return;
    }
    self.record.ended = None;
    if self.started.is_none() {
      // Terminated before it began: it forms again.
      self.status = Status::Forming;
      return;
    }
    self.status = Status::Active;
    self.restart_clock(now, tz);
  }

  /// FORCE BEGIN: the missing players are filled in by dummies that are
  /// abandoned from the start (so real players may take them over), and
  /// the game starts. Returns how many dummies were added.
  pub fn force_begin(
    &mut self,
    now: DateTime<Utc>,
    tz: Tz,
    rng: &mut impl Rng,
  ) -> Result<u32, StartError> {
    let game = self.name.clone();
    match self.status {
      Status::Forming => {}
      Status::Active => return Err(StartError::Started { game }),
      Status::Finished(_) => return Err(StartError::Over { game }),
    }
    if self.players().next().is_none() {
      return Err(StartError::Empty { game });
    }
    let missing = self.players_missing();
    for _ in 0..missing {
      let mut dummy = Member::new(Role::Player, "", None, String::new(), now);
      dummy.dummy = true;
      self.members.push(dummy);
    }
    self.start(now, tz, rng);
    let dummies: Vec<usize> = (0..self.members.len()).filter(|&i| self.members[i].dummy).collect();
    for index in dummies {
      self.abandon_seat(index);
    }
    Ok(missing)
  }

  /// UNSTART: back to forming, the powers no longer dealt, before any turn
  /// has been processed. Dummy players leave; the players' extra seats
  /// (several powers per player) fold back into one.
  pub fn unstart(&mut self, now: DateTime<Utc>) -> Result<(), StartError> {
    let game = self.name.clone();
    match self.status {
      Status::Forming => return Err(StartError::NotStarted { game }),
      Status::Finished(_) => return Err(StartError::Over { game }),
      Status::Active if self.seq > 1 || !self.turns.is_empty() => {
        return Err(StartError::Played { game })
      }
      Status::Active => {}
    }
    let mut kept: Vec<Member> = Vec::new();
    for mut member in std::mem::take(&mut self.members) {
      if member.dummy {
        continue;
      }
      let seen = kept.iter().any(|k| k.role == member.role && k.address == member.address);
      if member.role == Role::Player && seen {
        continue;
      }
      member.power = None;
      member.abandoned = false;
      member.cd = false;
      member.wait = false;
      member.late = false;
      kept.push(member);
    }
    self.members = kept;
    let fresh = Game::new(&self.name, self.map, self.settings.clone(), self.created);
    self.position = fresh.position;
    self.orders = fresh.orders;
    self.record = fresh.record;
    self.timing = fresh.timing;
    self.timing.phase_began = now;
    self.status = Status::Forming;
    self.started = None;
    self.seq = 0;
    Ok(())
  }

  /// TERMINATE: the game is over without a result.
  pub fn terminate(&mut self, now: DateTime<Utc>) {
    if !self.is_finished() {
      self.status = Status::Finished(Ending::Terminated);
      self.record.ended = Some((now, self.position.phase.to_string()));
      self.timing.paused = None;
    }
  }
}
