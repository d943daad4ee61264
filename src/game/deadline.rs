//! Deadlines (manual §5.1): when a phase's orders are due, from the game's
//! settings for that kind of phase, worked out in the judge's time zone so
//! that a deadline "at 23:30" stays at 23:30 across daylight-saving changes.

use crate::zone::Tz;
use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDateTime, NaiveTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

/// The deadline settings of one kind of phase: `clock` (minute of the day
/// deadlines fall on, or -1 for any time), `min`, `next`, `grace` and
/// `delay` in hours, and `days` (the weekdays deadlines may fall on, Sunday
/// first: `-MTWTF-`; a lower-case letter means not before noon).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeadlineRule {
  pub clock: i32,
  pub min: f64,
  pub next: f64,
  pub grace: f64,
  pub delay: f64,
  pub days: String,
}

impl DeadlineRule {
  /// The manual's defaults for movement phases.
  pub fn movement() -> DeadlineRule {
    DeadlineRule {
      clock: 1410,
      min: 12.0,
      next: 71.0,
      grace: 167.0,
      delay: 0.5,
      days: "-MTWTF-".into(),
    }
  }

  /// The manual's defaults for retreat and adjustment phases.
  pub fn other() -> DeadlineRule {
    DeadlineRule {
      clock: -1,
      min: 0.0,
      next: 23.0,
      grace: 71.0,
      delay: 0.5,
      days: "-MTWTF-".into(),
    }
  }

  /// What is wrong with these settings, if anything.
  pub fn check(&self) -> Result<(), String> {
    if self.days.chars().count() != 7 {
      return Err(format!("days '{}' must have seven characters, Sunday first", self.days));
    }
    if self.days.chars().all(|c| c == '-') {
      return Err("days must allow at least one day of the week".to_string());
    }
    if !(-1..1440).contains(&self.clock) {
      return Err(format!("clock {} must be -1 or a minute of the day (0 to 1439)", self.clock));
    }
    for (name, hours) in
      [("min", self.min), ("next", self.next), ("grace", self.grace), ("delay", self.delay)]
    {
      if !(0.0..=24.0 * 366.0).contains(&hours) {
        return Err(format!("{name} {hours} must be between 0 and 8784 hours"));
      }
    }
    Ok(())
  }
}

/// A number of hours as a duration, to the second.
pub fn hours(hours: f64) -> Duration {
  Duration::seconds((hours * 3600.0).round() as i64)
}

/// The deadline of a phase that begins at `from`: `next` hours later,
/// moved forward to the `clock` time of day, then to a day `days` allows.
pub fn next_deadline(rule: &DeadlineRule, from: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
  next_deadline_skipping(rule, from, tz, false)
}

/// [`next_deadline`], and with `skip` (the DPjudge's JUMP_OFF_DAYS) the
/// `next` hours are counted on the days `days` allows only: with days
/// `-MTWTF-` and 72 hours, a phase begun on Friday ends on Wednesday,
/// not Monday, giving three playing days.
pub fn next_deadline_skipping(
  rule: &DeadlineRule,
  from: DateTime<Utc>,
  tz: Tz,
  skip: bool,
) -> DateTime<Utc> {
  let start = from.with_timezone(&tz).naive_local();
  let earliest = if skip {
    counted_on_allowed_days(&rule.days, start, hours(rule.next))
  } else {
    (from + hours(rule.next)).with_timezone(&tz).naive_local()
  };
  let mut local = match clock_time(rule.clock) {
    Some(clock) => {
      let same_day = earliest.date().and_time(clock);
      if same_day < earliest {
        same_day + Duration::days(1)
      } else {
        same_day
      }
    }
    None => earliest,
  };
  local = allowed_day(&rule.days, local);
  to_utc(local, tz)
}

/// `from` and `span` more of the time that falls on days `days` allows
/// (a day left out, `-`, does not count; every other day counts whole).
fn counted_on_allowed_days(days: &str, from: NaiveDateTime, span: Duration) -> NaiveDateTime {
  let days: Vec<char> = days.chars().collect();
  let allowed = |at: NaiveDateTime| {
    days.get(at.weekday().num_days_from_sunday() as usize).is_none_or(|c| *c != '-')
  };
  // Every day left out would not bring the end any nearer: stop counting.
  if !(0..7).any(|d| allowed(from + Duration::days(d))) {
    return from + span;
  }
  let (mut at, mut left) = (from, span);
  while left > Duration::zero() {
    let midnight = at.date().and_time(NaiveTime::MIN) + Duration::days(1);
    let step = (midnight - at).min(left);
    if allowed(at) {
      left -= step;
    }
    at += step;
  }
  at
}

/// The end of the grace period of a deadline: `grace` hours later, moved
/// to a day `days` allows (manual §5.1, unless STRICT GRACE).
pub fn grace_end(rule: &DeadlineRule, deadline: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
  let local = (deadline + hours(rule.grace)).with_timezone(&tz).naive_local();
  to_utc(allowed_day(&rule.days, local), tz)
}

/// `clock` as a time of day, or `None` for "any time".
fn clock_time(clock: i32) -> Option<NaiveTime> {
  let minute = u32::try_from(clock).ok()?;
  NaiveTime::from_hms_opt(minute / 60 % 24, minute % 60, 0)
}

/// Moves a local time forward, a day at a time, until its weekday is
/// allowed; on a lower-case day, not before noon.
fn allowed_day(days: &str, mut local: NaiveDateTime) -> NaiveDateTime {
  let days: Vec<char> = days.chars().collect();
  for _ in 0..8 {
    let index = local.weekday().num_days_from_sunday() as usize;
    match days.get(index) {
      Some('-') => local += Duration::days(1),
      Some(c) if c.is_lowercase() => {
        let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or(NaiveTime::MIN);
        if local.time() < noon {
          local = local.date().and_time(noon);
        }
        return local;
      }
      _ => return local,
    }
  }
  local
}

/// A local time in `tz` as UTC. A time that falls in a daylight-saving gap
/// is moved past the gap; an ambiguous one takes the earlier instant.
pub fn to_utc(local: NaiveDateTime, tz: Tz) -> DateTime<Utc> {
  let mut probe = local;
  for _ in 0..4 {
    match tz.from_local_datetime(&probe) {
      LocalResult::Single(t) => return t.with_timezone(&Utc),
      LocalResult::Ambiguous(earlier, _) => return earlier.with_timezone(&Utc),
      LocalResult::None => probe += Duration::minutes(30),
    }
  }
  Utc.from_utc_datetime(&local)
}

/// A time as njudge writes it: `Mon Mar 02 2026 23:30:00 -0600`.
pub fn show(time: DateTime<Utc>, tz: Tz) -> String {
  time.with_timezone(&tz).format("%a %b %d %Y %H:%M:%S %z").to_string()
}

/// A span of time in words: `5 days, 23 hours, 30 minutes and 0 seconds`.
pub fn span(duration: Duration) -> String {
  let total = duration.num_seconds().max(0);
  let parts = [
    (total / 86_400, "day"),
    (total / 3600 % 24, "hour"),
    (total / 60 % 60, "minute"),
    (total % 60, "second"),
  ];
  let words: Vec<String> =
    parts.iter().map(|&(n, unit)| format!("{n} {unit}{}", if n == 1 { "" } else { "s" })).collect();
  format!("{}, and {}", words[..3].join(", "), words[3])
}

#[cfg(test)]
mod tests {
  use super::*;

  fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).map(|t| t.with_timezone(&Utc)).expect("a time")
  }

  /// JUMP_OFF_DAYS: days left out are not counted, so a Friday phase of
  /// three days ends on Wednesday; without it, on Monday.
  #[test]
  fn skipping_days_counts_only_the_days_allowed() {
    let rule = DeadlineRule { clock: -1, next: 72.0, ..DeadlineRule::movement() };
    let friday = utc("2026-03-06T12:00:00Z");
    assert_eq!(next_deadline(&rule, friday, Tz::UTC), utc("2026-03-09T12:00:00Z"));
    assert_eq!(next_deadline_skipping(&rule, friday, Tz::UTC, true), utc("2026-03-11T12:00:00Z"));
    // Begun on a Saturday: the weekend does not count at all.
    let saturday = utc("2026-03-07T09:00:00Z");
    let day = DeadlineRule { next: 24.0, ..rule.clone() };
    assert_eq!(next_deadline_skipping(&day, saturday, Tz::UTC, true), utc("2026-03-10T00:00:00Z"));
    // With the clock, the count ends first and the clock follows.
    let clocked = DeadlineRule { clock: 1410, ..rule.clone() };
    assert_eq!(
      next_deadline_skipping(&clocked, friday, Tz::UTC, true),
      utc("2026-03-11T23:30:00Z")
    );
    // Every day left out: counted as if none were.
    let never = DeadlineRule { days: "-------".into(), ..rule };
    assert_eq!(
      next_deadline_skipping(&never, friday, Tz::UTC, true),
      next_deadline(&never, friday, Tz::UTC)
    );
  }

  #[test]
  fn the_manuals_example_lands_on_the_clock_and_skips_the_weekend() {
    let rule = DeadlineRule::movement();
    // Processed Monday 23:35: 71 hours is Thursday 22:35, so Thursday 23:30.
    let monday = utc("2026-03-02T23:35:00Z");
    assert_eq!(next_deadline(&rule, monday, Tz::UTC), utc("2026-03-05T23:30:00Z"));
    // With next 72 the clock pushes it to Friday.
    let rule72 = DeadlineRule { next: 72.0, ..rule.clone() };
    assert_eq!(next_deadline(&rule72, monday, Tz::UTC), utc("2026-03-06T23:30:00Z"));
    // Processed Wednesday: Saturday is not allowed, so Monday.
    let wednesday = utc("2026-03-04T23:35:00Z");
    assert_eq!(next_deadline(&rule, wednesday, Tz::UTC), utc("2026-03-09T23:30:00Z"));
  }

  #[test]
  fn a_negative_clock_keeps_the_time_and_lower_case_days_wait_for_noon() {
    let rule = DeadlineRule { days: "sMTWTFs".into(), ..DeadlineRule::other() };
    // Friday 01:00 + 23 h = Saturday 00:00, a lower-case day: noon.
    let friday = utc("2026-03-06T01:00:00Z");
    assert_eq!(next_deadline(&rule, friday, Tz::UTC), utc("2026-03-07T12:00:00Z"));
  }

  #[test]
  fn the_clock_holds_across_daylight_saving() {
    let chicago: Tz = "America/Chicago".parse().expect("zone");
    let rule = DeadlineRule { days: "SMTWTFS".into(), ..DeadlineRule::movement() };
    // Friday 6 March 2026 23:25 CST; DST starts Sunday 8 March, so 71
    // hours later is Monday 23:25 CDT, and the clock makes it 23:30.
    let from = utc("2026-03-07T05:25:00Z");
    let deadline = next_deadline(&rule, from, chicago);
    assert_eq!(show(deadline, chicago), "Mon Mar 09 2026 23:30:00 -0500");
  }

  #[test]
  fn grace_slides_to_an_allowed_day() {
    let rule = DeadlineRule::movement();
    // Thursday 23:30 + 167 h = Thursday 22:30 a week later.
    let deadline = utc("2026-03-05T23:30:00Z");
    assert_eq!(grace_end(&rule, deadline, Tz::UTC), utc("2026-03-12T22:30:00Z"));
    let saturday_grace = DeadlineRule { grace: 48.0, ..rule };
    assert_eq!(grace_end(&saturday_grace, deadline, Tz::UTC), utc("2026-03-09T23:30:00Z"));
  }

  #[test]
  fn spans_read_like_njudge() {
    let span_text = span(Duration::seconds(5 * 86_400 + 23 * 3600 + 30 * 60));
    assert_eq!(span_text, "5 days, 23 hours, 30 minutes, and 0 seconds");
    assert_eq!(span(Duration::seconds(-5)), "0 days, 0 hours, 0 minutes, and 0 seconds");
  }

  #[test]
  fn settings_out_of_range_are_named() {
    assert!(DeadlineRule::movement().check().is_ok());
    let bad_days = DeadlineRule { days: "-------".into(), ..DeadlineRule::movement() };
    assert!(bad_days.check().is_err());
    let bad_clock = DeadlineRule { clock: 1440, ..DeadlineRule::movement() };
    assert!(bad_clock.check().is_err_and(|e| e.contains("clock")));
  }
}
