//! The deadline commands (manual §§7.2, 8.6): a moderator's SET MOVE,
//! RETREAT and ADJUST settings, SET DEADLINE, SET GRACE and SET START for
//! the current phase; and anyone's SET [NO] ABSENCE (also HOLIDAY,
//! VACATION).

use chrono::{DateTime, Duration, NaiveTime, Utc};

use super::Session;
use crate::game::absence::AbsenceRefusal;
use crate::game::clock;
use crate::game::deadline::{self, DeadlineRule};
use crate::game::{date, Absence, Role};
use crate::phase::PhaseKind;
use crate::store::game_file::HistoryKind;

impl Session<'_> {
  /// SET MOVE|RETREAT|ADJUST setting value [setting value …]: the rule for
  /// future deadlines of that kind of phase.
  pub(crate) fn set_rule(&mut self, kind: PhaseKind, args: &str) {
    let command = match kind {
      PhaseKind::Movement => "SET MOVE",
      PhaseKind::Retreat => "SET RETREAT",
      PhaseKind::Adjustment => "SET ADJUST",
    };
    if !self.may_moderate(command, false) {
      return;
    }
    let Some(seat) = &self.seat else { return };
    let current = seat.stored.game.settings.rule(kind).clone();
    let rule = match read_rule(current, args) {
      Ok(rule) => rule,
      Err(problem) => {
        self.error(&format!(
          "{problem}\nWrite e.g. {command} NEXT 48 DELAY 1 DAYS SMTWTFS (settings CLOCK, MIN,\n\
           NEXT, GRACE, DELAY, DAYS). Nothing was changed."
        ));
        return;
      }
    };
    let shown = show_rule(&rule);
    if let Some(seat) = self.seat.as_mut() {
      let settings = &mut seat.stored.game.settings;
      match kind {
        PhaseKind::Movement => settings.movement = rule,
        PhaseKind::Retreat => settings.retreat = rule,
        PhaseKind::Adjustment => settings.adjustment = rule,
      }
    }
    let name = match kind {
      PhaseKind::Movement => "movement",
      PhaseKind::Retreat => "retreat",
      PhaseKind::Adjustment => "adjustment",
    };
    self.parameter_change(&format!(
      "the deadlines of {name} phases from the next one on follow\n{shown}"
    ));
  }

  /// SET DEADLINE date: the current phase's deadline. A later deadline
  /// moves the grace period on with it; an earlier one leaves it.
  pub(crate) fn set_deadline(&mut self, args: &str) {
    // The DPjudge's PLAYER_DEADLINES: a player may put the deadline later.
    let extension = self.seat.as_ref().is_some_and(|seat| {
      let game = &seat.stored.game;
      game.settings.variant.has_rule("PLAYER_DEADLINES")
        && game.members[seat.member].role == Role::Player
        && seat.became.is_none()
        && game.status == crate::game::Status::Active
    });
    let when = if extension {
      self.extension_date(args)
    } else {
      self.current_phase_date("SET DEADLINE", args)
    };
    let Some(when) = when else { return };
    let tz = self.ctx.tz();
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    game.move_deadline(when, now, tz);
    let shown = deadline::show(when, tz);
    let grace = game.timing.grace.map_or_else(String::new, |g| deadline::show(g, tz));
    let name = game.name.clone();
    self.say(&format!(
      "The deadline of game '{name}' is now {shown};\nthe grace period ends {grace}."
    ));
    let who = self.shown_changer();
    self.announce(
      &format!("Deadline Adjustment to: {shown}"),
      &format!(
        "{who} has moved the deadline of game '{name}' to\n{shown}.\nThe grace period ends {grace}.\n"
      ),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// SET GRACE date: the end of the current grace period, not before the
  /// deadline.
  pub(crate) fn set_grace(&mut self, args: &str) {
    let Some(when) = self.current_phase_date("SET GRACE", args) else { return };
    let tz = self.ctx.tz();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    if let Err(refusal) = game.move_grace(when, tz) {
      self.error(&format!("{refusal}\nNothing was changed."));
      return;
    }
    let shown = deadline::show(when, tz);
    let name = game.name.clone();
    self.say(&format!("The grace period of game '{name}' now ends {shown}."));
    let who = self.shown_changer();
    self.announce(
      &format!("Grace Adjustment to: {shown}"),
      &format!("{who} has moved the end of the grace period of game '{name}' to\n{shown}.\n"),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// SET START date: the earliest the current phase may be processed; a
  /// start after the deadline moves the deadline (and grace) with it.
  pub(crate) fn set_start(&mut self, args: &str) {
    let Some(when) = self.current_phase_date("SET START", args) else { return };
    let tz = self.ctx.tz();
    let Some(seat) = self.seat.as_mut() else { return };
    seat.stored.game.move_start(when, tz);
    let shown = deadline::show(when, tz);
    self.parameter_change(&format!("the current phase will not be processed before {shown}"));
  }

  /// A player's SET DEADLINE under PLAYER_DEADLINES: a date in the
  /// future, no sooner than the deadline now.
  fn extension_date(&mut self, args: &str) -> Option<DateTime<Utc>> {
    let seat = self.seat.as_ref()?;
    let deadline = seat.stored.game.timing.deadline;
    let name = seat.stored.game.name.clone();
    let default_time = default_time(seat.stored.game.rule());
    let (now, tz) = (self.ctx.now, self.ctx.tz());
    let when = date::parse(args, now, tz, default_time)
      .map_err(|e| e.to_string())
      .and_then(|w| clock::future_date("SET DEADLINE", w, now, tz).map_err(|e| e.to_string()));
    match when {
      Err(problem) => {
        self
          .error(&format!("{problem}\nWrite e.g. SET DEADLINE Mar 15 23:30. Nothing was changed."));
        None
      }
      Ok(when) if deadline.is_some_and(|d| when < d) => {
        self.error(&format!(
          "Game '{name}' has PLAYER_DEADLINES: a player may put the deadline later,\n\
           but only the Master may bring it sooner. Nothing was changed."
        ));
        None
      }
      Ok(when) => Some(when),
    }
  }

  /// The date of a SET DEADLINE, GRACE or START, checked: a moderator of a
  /// game under way, and a date in the future.
  fn current_phase_date(&mut self, command: &'static str, args: &str) -> Option<DateTime<Utc>> {
    if !self.may_moderate(command, false) {
      return None;
    }
    let seat = self.seat.as_ref()?;
    let game = &seat.stored.game;
    if let Err(refusal) = game.may_move_clock(command) {
      self.error(&format!("{refusal} Nothing was changed."));
      return None;
    }
    let default_time = default_time(game.rule());
    let tz = self.ctx.tz();
    if args.trim().is_empty() {
      self.error(&format!(
        "{command} needs a date, e.g. {command} Mar 15 23:30. Nothing was changed."
      ));
      return None;
    }
    let now = self.ctx.now;
    match date::parse(args, now, tz, default_time) {
      Ok(when) => match clock::future_date(command, when, now, tz) {
        Ok(when) => Some(when),
        Err(refusal) => {
          self.error(&format!("{refusal}\nNothing was changed."));
          None
        }
      },
      Err(error) => {
        self.error(&format!("{error} Nothing was changed."));
        None
      }
    }
  }

  /// SET ABSENCE start [TO end] (manual §7.2).
  pub(crate) fn set_absence(&mut self, args: &str) {
    let tz = self.ctx.tz();
    let now = self.ctx.now;
    let sender = self.reply_to.clone();
    let Some(seat) = self.seat_or_error("SET ABSENCE") else { return };
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    // A Master, also one acting for a power by BECOME, is not held to MAX
    // ABSENCE (manual §7.2).
    let master = member.role == Role::Master || seat.became.is_some();
    if let Err(refusal) = game.may_set_absence(seat.member) {
      self.error(&format!("{refusal} Nothing was changed."));
      return;
    }
    if !master && game.settings.variant.has_rule("NO_ABSENCES") {
      let refusal = AbsenceRefusal::NoAbsences(game.name.clone());
      self.error(&format!("{refusal}\nNothing was changed."));
      return;
    }
    let absence = match read_absence(args, now, tz) {
      Ok(absence) => absence,
      Err(problem) => {
        self.error(&format!(
          "{problem}\nWrite e.g. SET ABSENCE Jun 24 TO Jul 3. Nothing was changed."
        ));
        return;
      }
    };
    let name = game.name.clone();
    let span =
      format!("{} to {}", deadline::show(absence.start, tz), deadline::show(absence.end, tz));
    // Who is absent, as the Masters are told: after BECOME, the power the
    // Master acts for.
    let who = match (seat.became, member.power) {
      (Some(_), Some(power)) => game.power_name(power).to_string(),
      _ => sender,
    };
    // The current deadline is not moved by an absence set after it was
    // fixed: say so when it falls inside.
    let current = game.timing.deadline.filter(|&d| absence.start <= d && d <= absence.end);
    match seat.stored.game.set_absence(seat.member, absence, master, now) {
      Ok(()) => seat.changed = true,
      Err(refusal @ AbsenceRefusal::TooLong { max_days, .. }) => {
        self.error(&refusal.to_string());
        self.tell_masters(
          "Absence Notice",
          &format!(
            "{who} asked for an absence in game '{name}' from {span},\n\
             longer than the {max_days} days the game allows, so it was not set. To grant\n\
             it, BECOME that power and SET ABSENCE for them.\n"
          ),
        );
        return;
      }
      Err(refusal) => {
        self.error(&format!("{refusal} Nothing was changed."));
        return;
      }
    }
    // The span is a line of its own: two full dates fill most of one.
    self.say(&format!("Absence set in game '{name}':\n  {span}."));
    match current {
      Some(current) => self.say(&format!(
        "The current deadline, {}, falls in it and stays\n\
         where it is: send your orders before you go (or ask the Master to move\n\
         it). No later deadline will fall in your absence.",
        deadline::show(current, tz)
      )),
      None => self.say("No deadline will fall in it."),
    }
    self.tell_masters(
      "Absence Notice",
      &format!("{who} will be absent from game '{name}': {span}.\n"),
    );
  }

  /// SET NO ABSENCE date: cancels the first absence that includes it.
  pub(crate) fn set_no_absence(&mut self, args: &str) {
    let tz = self.ctx.tz();
    let now = self.ctx.now;
    let Some(seat) = self.seat_or_error("SET NO ABSENCE") else { return };
    // The end date, if given, is ignored (manual §7.2).
    let start = match args.to_ascii_lowercase().find(" to ") {
      Some(i) => &args[..i],
      None => args,
    };
    let when = match date::parse(start, now, tz, NaiveTime::MIN) {
      Ok(when) => when,
      Err(error) => {
        self.error(&format!("{error} Nothing was changed."));
        return;
      }
    };
    match seat.stored.game.cancel_absence(seat.member, when) {
      Some(absence) => {
        seat.changed = true;
        let span =
          format!("{} to {}", deadline::show(absence.start, tz), deadline::show(absence.end, tz));
        self.say(&format!("Absence cancelled:\n  {span}."));
      }
      None => self.error("None of your absences includes that date. Nothing was changed."),
    }
  }

  /// Mail to the Masters of the signed-on game only.
  pub(crate) fn tell_masters(&mut self, what: &str, text: &str) {
    let Some(seat) = &self.seat else { return };
    let game = &seat.stored.game;
    let mail = crate::announce::to_masters(self.ctx.config, game, what, text, self.ctx.now);
    self.others.extend(mail);
  }

  /// The absences to show in a signed-on reply: one's own, and everyone's
  /// for a Master (manual §7.2).
  pub(crate) fn absences_text(&self) -> String {
    let Some(seat) = &self.seat else { return String::new() };
    let game = &seat.stored.game;
    let Some(me) = game.members.get(seat.member) else { return String::new() };
    let tz = self.ctx.tz();
    let now = self.ctx.now;
    let mut lines = Vec::new();
    for member in &game.members {
      let mine = std::ptr::eq(member, me);
      if !(mine || me.role == Role::Master) {
        continue;
      }
      for absence in member.absences.iter().filter(|a| a.end > now) {
        let who = match (mine, member.power) {
          (true, _) => "You".to_string(),
          (false, Some(power)) => game.power_name(power).to_string(),
          (false, None) => member.address.clone(),
        };
        lines.push(format!(
          "  {who}: {} to {}",
          deadline::show(absence.start, tz),
          deadline::show(absence.end, tz)
        ));
      }
    }
    if lines.is_empty() {
      String::new()
    } else {
      format!("Absences pending:\n{}\n\n", lines.join("\n"))
    }
  }
}

/// The time of day a date given without one stands for: the phase's
/// deadline clock, or 23:59 when it has none.
fn default_time(rule: &DeadlineRule) -> NaiveTime {
  u32::try_from(rule.clock)
    .ok()
    .and_then(|minute| NaiveTime::from_hms_opt(minute / 60 % 24, minute % 60, 0))
    .unwrap_or_else(|| NaiveTime::from_hms_opt(23, 59, 0).unwrap_or(NaiveTime::MIN))
}

/// `start [TO end]`: from the start of the first day (or its time) to the
/// end of the last (or its time); a day when no end is given.
fn read_absence(args: &str, now: DateTime<Utc>, tz: crate::zone::Tz) -> Result<Absence, String> {
  let lower = args.to_ascii_lowercase();
  let (start_text, end_text) = match lower.find(" to ") {
    Some(i) => (&args[..i], Some(&args[i + 4..])),
    None => (args, None),
  };
  if start_text.trim().is_empty() {
    return Err("SET ABSENCE needs the date the absence starts.".to_string());
  }
  let start = date::parse(start_text, now, tz, NaiveTime::MIN).map_err(|e| e.to_string())?;
  let end = match end_text {
    Some(text) => {
      let last = NaiveTime::from_hms_opt(23, 59, 0).unwrap_or(NaiveTime::MIN);
      date::parse(text, now, tz, last).map_err(|e| e.to_string())?
    }
    None => start + Duration::days(1),
  };
  let today = deadline::to_utc(now.with_timezone(&tz).date_naive().and_time(NaiveTime::MIN), tz);
  if start < today {
    return Err(format!("The absence would start in the past ({}).", deadline::show(start, tz)));
  }
  if end <= start {
    return Err("The absence would end before it starts.".to_string());
  }
  Ok(Absence { start, end })
}

/// A rule with the settings of a SET MOVE (…) line applied.
fn read_rule(mut rule: DeadlineRule, args: &str) -> Result<DeadlineRule, String> {
  let words: Vec<&str> = args.split_whitespace().collect();
  if words.is_empty() {
    return Err("No setting was given.".to_string());
  }
  for pair in words.chunks(2) {
    let [key, value] = pair else {
      return Err(format!("'{}' needs a value after it.", pair[0]));
    };
    let hours =
      || value.parse::<f64>().map_err(|_| format!("{key} needs a number of hours, not '{value}'."));
    match key.to_ascii_lowercase().as_str() {
      "clock" => {
        rule.clock = value.parse::<i32>().map_err(|_| {
          format!("CLOCK needs the minute of the day (1410 is 23:30) or -1, not '{value}'.")
        })?
      }
      "min" => rule.min = hours()?,
      "next" => rule.next = hours()?,
      "grace" => rule.grace = hours()?,
      "delay" => rule.delay = hours()?,
      "days" => rule.days = value.to_string(),
      _ => return Err(format!("'{key}' is not a deadline setting.")),
    }
  }
  rule.check().map(|()| rule).map_err(|e| format!("{}{}.", e[..1].to_uppercase(), &e[1..]))
}

/// `clock 1410 min 12.00 next 71.00 …`, as LIST shows a rule.
fn show_rule(rule: &DeadlineRule) -> String {
  format!(
    "clock {} min {:.2} next {:.2} grace {:.2} delay {:.2} days {}",
    rule.clock, rule.min, rule.next, rule.grace, rule.delay, rule.days
  )
}
