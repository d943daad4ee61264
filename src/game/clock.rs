//! What time does to a game (manual §5.1). At the deadline, the powers
//! whose orders are not in get a late notice, repeated every day until
//! they are in. At the end of grace, a NoNMR game (the default) abandons
//! them and waits for a replacement; an NMR game abandons them a day
//! earlier and, at the end of grace, puts them in civil disorder, so the
//! phase is processed without them. [`Game::wake`] says when the sweep must
//! next look at the game.

use crate::zone::Tz;
use chrono::{DateTime, Duration, Utc};

use super::{deadline, Game, Status};
use crate::map::PowerId;

/// How often late notices repeat, and how long before the end of grace an
/// NMR game abandons late powers.
fn day() -> Duration {
  Duration::days(1)
}

/// What the clock did to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeEvent {
  /// These powers' orders are late: the first notice at the deadline, or
  /// a daily reminder.
  Late { powers: Vec<PowerId>, first: bool },
  /// These powers are abandoned: anyone not in the game may take them over.
  Abandoned(Vec<PowerId>),
  /// These powers are in civil disorder: the phase goes ahead without them.
  CivilDisorder(Vec<PowerId>),
  /// The game is still paused (a daily reminder, manual §8.2 PAUSE).
  Paused,
  /// CIVIL_PREVIEW: grace ended with these powers late; the Masters get a
  /// preview of the results, and the phase waits for them to PROCESS or
  /// for the late orders.
  Preview(Vec<PowerId>),
}

impl Game {
  /// The powers holding up the current phase: they must order, their orders
  /// are not in, and they are not in civil disorder.
  pub fn late_powers(&self) -> Vec<PowerId> {
    self.map.power_ids().filter(|&p| !self.is_in(p)).collect()
  }

  /// Moves the game's clock to `now`: late notices, abandonment and civil
  /// disorder as they fall due. Doing it twice at the same moment does
  /// nothing the second time.
  pub fn tick(&mut self, now: DateTime<Utc>) -> Vec<TimeEvent> {
    let mut events = Vec::new();
    if let Some(since) = self.timing.paused {
      if self.status == Status::Active && self.timing.pause_notice.unwrap_or(since) + day() <= now {
        // Anchored to the pause, so reminders keep a daily rhythm.
        self.timing.pause_notice = Some(since + Duration::days((now - since).num_days()));
        events.push(TimeEvent::Paused);
      }
      return events;
    }
    let (Some(deadline), Some(grace)) = (self.timing.deadline, self.timing.grace) else {
      return events;
    };
    if self.status != Status::Active || now < deadline {
      return events;
    }
    let late = self.late_powers();
    if late.is_empty() {
      return events;
    }
    if now >= grace && self.civil_preview() {
      // Once a phase; the daily notices go on.
      if self.timing.ready_told != Some(self.seq) {
        self.timing.ready_told = Some(self.seq);
        events.push(TimeEvent::Preview(late.clone()));
      }
    } else if now >= grace {
      if !self.timing.abandoned {
        let newly = self.abandon(&late);
        if !newly.is_empty() {
          events.push(TimeEvent::Abandoned(newly));
        }
      }
      if self.settings.nmr {
        for &power in &late {
          if let Some(i) = self.player_index(power) {
            self.members[i].cd = true;
            self.members[i].wait = false;
          }
        }
        self.note_readiness(now);
        events.push(TimeEvent::CivilDisorder(late));
        return events;
      }
      // A NoNMR game waits for replacements, and the daily notices go on
      // (manual §5.2: an abandoned power costs a point a day).
    } else if self.settings.nmr && !self.timing.abandoned && now >= grace - day() {
      let newly = self.abandon(&late);
      if !newly.is_empty() {
        events.push(TimeEvent::Abandoned(newly));
      }
    }
    // A tick that abandons powers tells of that instead of a reminder.
    let abandoning = !events.is_empty();
    let next_notice = self.timing.late_notice.map_or(deadline, |last| last + day());
    if next_notice <= now {
      // Anchored to the deadline, so the notices keep a daily rhythm
      // however late the sweep runs.
      let at = deadline + Duration::days((now - deadline).num_days());
      let first = self.timing.late_notice.is_none();
      self.timing.late_notice = Some(at);
      for &power in &late {
        if let Some(i) = self.player_index(power) {
          let member = &mut self.members[i];
          member.late = true;
          if first {
            member.late_count += 1;
          }
        }
      }
      if !abandoning {
        events.push(TimeEvent::Late { powers: late, first });
      }
    }
    events
  }

  /// CIVIL_PREVIEW in force: late powers at the end of grace neither go
  /// into civil disorder nor are abandoned; the Masters decide (an NMR
  /// game's civil disorder comes first, as in the DPjudge).
  fn civil_preview(&self) -> bool {
    !self.settings.nmr && self.settings.variant.has_rule("CIVIL_PREVIEW")
  }

  /// Whether the grace period of a NoNMR game has ended with powers
  /// abandoned, so the phase waits for them to be taken over.
  pub fn waiting_for_replacements(&self) -> bool {
    !self.settings.nmr && self.timing.abandoned
  }

  /// Marks late powers abandoned (once per phase); returns those that
  /// were not abandoned already.
  fn abandon(&mut self, late: &[PowerId]) -> Vec<PowerId> {
    self.timing.abandoned = true;
    let mut newly = Vec::new();
    for &power in late {
      if let Some(i) = self.player_index(power) {
        let member = &mut self.members[i];
        if !member.abandoned {
          newly.push(power);
        }
        member.abandoned = true;
        member.wait = false;
      }
    }
    newly
  }

  /// When the sweep must next look at the game: when the phase is due
  /// (in a MANUAL PROCESS game, until the Masters are told), or the next
  /// late notice, abandonment or end of grace.
  pub fn wake(&self) -> Option<DateTime<Utc>> {
    if self.status != Status::Active {
      return None;
    }
    if let Some(since) = self.timing.paused {
      return Some(self.timing.pause_notice.unwrap_or(since) + day());
    }
    // A MANUAL PROCESS game is looked at when due only to tell the Masters.
    let told = self.settings.manual_process && self.timing.ready_told == Some(self.seq);
    let mut times: Vec<DateTime<Utc>> = self.due_at().filter(|_| !told).into_iter().collect();
    if let (Some(deadline), Some(grace)) = (self.timing.deadline, self.timing.grace) {
      if !self.late_powers().is_empty() {
        // Daily notices, in a NoNMR game also after grace until the late
        // powers are taken over (an NMR game is processed at grace).
        times.push(self.timing.late_notice.map_or(deadline, |last| last + day()));
        let previewed = self.civil_preview() && self.timing.ready_told == Some(self.seq);
        if !self.timing.abandoned && !previewed {
          times.push(if self.settings.nmr { grace - day() } else { grace });
        }
        if self.settings.nmr {
          times.push(grace);
        }
      }
    }
    times.into_iter().min()
  }

  /// Gives a power taken over (or returning) time to order: when the
  /// deadline has passed, a new one as if the phase had just begun, and
  /// the lateness of the phase starts over.
  pub fn fresh_deadline(&mut self, now: DateTime<Utc>, tz: Tz) {
    if self.timing.deadline.is_some_and(|d| d > now) {
      return;
    }
    let rule = self.rule().clone();
    let deadline = self.deadline_from(&rule, now, tz);
    self.timing.deadline = Some(deadline);
    self.timing.grace = Some(self.grace_after(deadline, tz));
    self.timing.late_notice = None;
    self.timing.abandoned = false;
  }

  /// The deadline of a phase begun at `from` under `rule`, the days left
  /// out not counted under JUMP_OFF_DAYS.
  pub(crate) fn deadline_from(
    &self,
    rule: &deadline::DeadlineRule,
    from: DateTime<Utc>,
    tz: Tz,
  ) -> DateTime<Utc> {
    let skip = self.settings.variant.has_rule("JUMP_OFF_DAYS");
    deadline::next_deadline_skipping(rule, from, tz, skip)
  }

  /// The end of the grace period after `deadline`, on a day `days` allows
  /// unless the game has STRICT GRACE.
  pub fn grace_after(&self, deadline: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
    let rule = self.rule();
    if self.settings.strict_grace {
      deadline + deadline::hours(rule.grace)
    } else {
      deadline::grace_end(rule, deadline, tz)
    }
  }

  /// Whether a moderator may move the current phase's deadline, grace or
  /// start (`command`): only while the game is under way.
  pub fn may_move_clock(&self, command: &'static str) -> Result<(), ClockRefusal> {
    if self.status != Status::Active {
      return Err(ClockRefusal::NotUnderWay { command });
    }
    Ok(())
  }

  /// SET DEADLINE: the current phase's deadline is `when`. A later one
  /// brings a fresh grace period; an earlier one pulls the grace in to
  /// it. Nobody is late any more.
  pub fn move_deadline(&mut self, when: DateTime<Utc>, now: DateTime<Utc>, tz: Tz) {
    let later = self.timing.deadline.is_none_or(|old| when > old);
    self.timing.deadline = Some(when);
    if later {
      self.timing.grace = Some(self.grace_after(when, tz));
    } else if self.timing.grace.is_some_and(|grace| grace < when) {
      self.timing.grace = Some(when);
    }
    self.timing.late_notice = None;
    for member in &mut self.members {
      member.late = false;
    }
    self.note_readiness(now);
  }

  /// SET GRACE: the current grace period ends at `when`, never before the
  /// deadline.
  pub fn move_grace(&mut self, when: DateTime<Utc>, tz: Tz) -> Result<(), ClockRefusal> {
    if let Some(deadline) = self.timing.deadline.filter(|&d| when < d) {
      return Err(ClockRefusal::GraceBeforeDeadline(deadline::show(deadline, tz)));
    }
    self.timing.grace = Some(when);
    Ok(())
  }

  /// SET START: the current phase is not processed before `when`; a
  /// start after the deadline moves the deadline (and grace) with it.
  pub fn move_start(&mut self, when: DateTime<Utc>, tz: Tz) {
    self.timing.start = Some(when);
    if self.timing.deadline.is_some_and(|d| d < when) {
      self.timing.deadline = Some(when);
      if self.timing.grace.is_some_and(|g| g < when) {
        self.timing.grace = Some(self.grace_after(when, tz));
      }
    }
  }
}

/// `when`, if it is in the future, as the date `command` moves the clock
/// to.
pub fn future_date(
  command: &'static str,
  when: DateTime<Utc>,
  now: DateTime<Utc>,
  tz: Tz,
) -> Result<DateTime<Utc>, ClockRefusal> {
  if when <= now {
    return Err(ClockRefusal::Past { command, shown: deadline::show(when, tz) });
  }
  Ok(when)
}

/// Why a moderator may not move the clock of the current phase; each
/// reads as the sentence they are told (the caller adds that nothing was
/// changed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockRefusal {
  #[error("{command} applies to a game under way.")]
  NotUnderWay { command: &'static str },
  /// `shown` is the date as the game's time zone shows it.
  #[error("{shown} is already past: {command} needs a date in the future.")]
  Past { command: &'static str, shown: String },
  /// The deadline, as shown.
  #[error("The grace period cannot end before the deadline, {0}.")]
  GraceBeforeDeadline(String),
}
