//! Dates as players write them (manual §2.4): a weekday, a month, a day of
//! the month, a four-digit year and an `hh:mm` time, in any order, each
//! optional, read in the judge's time zone relative to "now".

use crate::zone::Tz;
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc, Weekday};

use super::deadline::to_utc;

/// Why a date could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
  #[error(
    "'{word}' is not part of a date: write e.g. 'Mar 15 23:30', 'Fri 12:00' or '15 Mar 2026'."
  )]
  Unknown { word: String },
  #[error("The date gives {what} twice.")]
  Twice { what: &'static str },
  #[error("A weekday cannot be combined with a month or a day of the month.")]
  WeekdayAndDate,
  #[error("{day} {month} {year} does not exist.")]
  NoSuchDay { day: u32, month: String, year: i32 },
  #[error("'{text}' is not a time of day: write hh:mm on the 24-hour clock, 00:00 to 23:59.")]
  BadTime { text: String },
}

/// The parts of a date that were written.
#[derive(Default)]
struct Parts {
  weekday: Option<Weekday>,
  month: Option<u32>,
  day: Option<u32>,
  year: Option<i32>,
  time: Option<NaiveTime>,
}

const MONTHS: [&str; 12] =
  ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS: [(&str, Weekday); 7] = [
  ("sun", Weekday::Sun),
  ("mon", Weekday::Mon),
  ("tue", Weekday::Tue),
  ("wed", Weekday::Wed),
  ("thu", Weekday::Thu),
  ("fri", Weekday::Fri),
  ("sat", Weekday::Sat),
];

/// Reads a date relative to `now`; a date without a time of day gets
/// `default_time`. Dates in the past are returned as they are: whether
/// one is acceptable is the caller's business.
pub fn parse(
  text: &str,
  now: DateTime<Utc>,
  tz: Tz,
  default_time: NaiveTime,
) -> Result<DateTime<Utc>, DateError> {
  let parts = read_parts(text)?;
  let today = now.with_timezone(&tz).date_naive();
  let date = match parts.weekday {
    Some(_) if parts.month.is_some() || parts.day.is_some() => {
      return Err(DateError::WeekdayAndDate);
    }
    Some(weekday) => next_weekday(today, weekday, parts.year),
    None => calendar_date(&parts, today)?,
  };
  Ok(to_utc(date.and_time(parts.time.unwrap_or(default_time)), tz))
}

fn read_parts(text: &str) -> Result<Parts, DateError> {
  let mut parts = Parts::default();
  for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
    let lower = word.to_ascii_lowercase();
    if let Some((h, m)) = lower.split_once(':') {
      let time = match (h.parse::<u32>(), m.parse::<u32>()) {
        (Ok(h), Ok(m)) if m < 60 => NaiveTime::from_hms_opt(h, m, 0),
        _ => None,
      };
      let time = time.ok_or_else(|| DateError::BadTime { text: word.to_string() })?;
      set(&mut parts.time, time, "the time")?;
    } else if let Ok(number) = lower.parse::<u32>() {
      if lower.len() == 4 {
        set(&mut parts.year, number as i32, "the year")?;
      } else if (1..=31).contains(&number) && lower.len() <= 2 {
        set(&mut parts.day, number, "the day")?;
      } else {
        return Err(DateError::Unknown { word: word.to_string() });
      }
    } else if let Some(month) = named(&lower, &MONTHS) {
      set(&mut parts.month, month as u32 + 1, "the month")?;
    } else if let Some(index) = named(&lower, &WEEKDAYS.map(|(name, _)| name)) {
      set(&mut parts.weekday, WEEKDAYS[index].1, "the weekday")?;
    } else {
      return Err(DateError::Unknown { word: word.to_string() });
    }
  }
  Ok(parts)
}

/// The index of the name a word abbreviates (three letters or more of it:
/// `Jan`, `January`; `Thu`, `Thursday`).
fn named(word: &str, names: &[&str]) -> Option<usize> {
  if word.len() < 3 {
    return None;
  }
  const FULL: [&str; 19] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
  ];
  let full = FULL.iter().find(|f| f.starts_with(word))?;
  names.iter().position(|n| full.starts_with(n))
}

fn set<T>(slot: &mut Option<T>, value: T, what: &'static str) -> Result<(), DateError> {
  if slot.is_some() {
    return Err(DateError::Twice { what });
  }
  *slot = Some(value);
  Ok(())
}

/// The next such weekday after today (a week ahead when today is one).
fn next_weekday(today: NaiveDate, weekday: Weekday, year: Option<i32>) -> NaiveDate {
  let ahead = (7 + weekday.num_days_from_sunday() - today.weekday().num_days_from_sunday()) % 7;
  let mut date = today + Duration::days(if ahead == 0 { 7 } else { i64::from(ahead) });
  // A year with a weekday only moves the search to that year.
  if let Some(year) = year {
    while date.year() < year {
      date += Duration::days(7);
    }
  }
  date
}

fn calendar_date(parts: &Parts, today: NaiveDate) -> Result<NaiveDate, DateError> {
  let (year, month, day) = match (parts.month, parts.day) {
    (None, None) => (parts.year.unwrap_or(today.year()), today.month(), today.day()),
    (None, Some(day)) => return day_only(parts, today, day),
    (Some(month), day) => {
      let year = parts.year.unwrap_or_else(|| year_for(month, today));
      let day = match day {
        Some(day) => day,
        None if month == today.month() && year == today.year() => today.day(),
        None => 1,
      };
      (year, month, day)
    }
  };
  NaiveDate::from_ymd_opt(year, month, day).ok_or_else(|| DateError::NoSuchDay {
    day,
    month: month_name(month),
    year,
  })
}

/// The manual's year rule: this year, unless the month is earlier than the
/// current one and at most six months ahead, which means next year.
fn year_for(month: u32, today: NaiveDate) -> i32 {
  let current = today.month();
  if month < current && month + 12 - current <= 6 {
    today.year() + 1
  } else {
    today.year()
  }
}

/// A day of the month alone: the next date with that day number (today
/// counts), skipping months too short to have it.
fn day_only(parts: &Parts, today: NaiveDate, day: u32) -> Result<NaiveDate, DateError> {
  let (mut year, mut month) = (parts.year.unwrap_or(today.year()), today.month());
  if parts.year.is_none() && day < today.day() {
    (year, month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
  }
  for _ in 0..3 {
    if let Some(date) = NaiveDate::from_ymd_opt(year, month, day) {
      return Ok(date);
    }
    (year, month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
  }
  Err(DateError::NoSuchDay { day, month: month_name(month), year })
}

fn month_name(month: u32) -> String {
  let abbr = MONTHS.get(month.saturating_sub(1) as usize).copied().unwrap_or("?");
  super::report::capitalised(abbr)
}

#[cfg(test)]
mod tests {
  use super::*;

  fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).map(|t| t.with_timezone(&Utc)).expect("a time")
  }

  /// Monday 2 March 2026, 23:30 UTC.
  fn now() -> DateTime<Utc> {
    utc("2026-03-02T23:30:00Z")
  }

  fn read(text: &str) -> Result<DateTime<Utc>, DateError> {
    parse(text, now(), Tz::UTC, NaiveTime::MIN)
  }

  #[test]
  fn the_parts_may_come_in_any_order() {
    let expected = utc("2026-06-15T23:30:00Z");
    for text in ["Jun 15 23:30", "23:30 15 Jun", "Jun 23:30 15", "June 15, 2026 23:30"] {
      assert_eq!(read(text), Ok(expected), "{text}");
    }
  }

  #[test]
  fn a_weekday_is_the_next_one_and_a_week_ahead_when_today() {
    assert_eq!(read("Tue"), Ok(utc("2026-03-03T00:00:00Z")));
    assert_eq!(read("mon 12:00"), Ok(utc("2026-03-09T12:00:00Z")));
    assert_eq!(read("Mon 15 Mar"), Err(DateError::WeekdayAndDate));
  }

  #[test]
  fn the_year_rule_looks_at_most_six_months_ahead() {
    let december = utc("2026-12-05T10:00:00Z");
    let jan = parse("10 Jan", december, Tz::UTC, NaiveTime::MIN);
    assert_eq!(jan, Ok(utc("2027-01-10T00:00:00Z")));
    // In March, January is ten months ahead: it means this (past) January.
    assert_eq!(read("10 Jan"), Ok(utc("2026-01-10T00:00:00Z")));
    assert_eq!(read("Jan 1, 1990"), Ok(utc("1990-01-01T00:00:00Z")));
  }

  #[test]
  fn a_day_without_a_month_and_a_month_without_a_day() {
    assert_eq!(read("15"), Ok(utc("2026-03-15T00:00:00Z")));
    assert_eq!(read("1"), Ok(utc("2026-04-01T00:00:00Z")));
    assert_eq!(read("Apr"), Ok(utc("2026-04-01T00:00:00Z")));
    assert_eq!(read("Mar"), Ok(utc("2026-03-02T00:00:00Z")));
    assert_eq!(read("31"), Ok(utc("2026-03-31T00:00:00Z")));
  }

  #[test]
  fn impossible_dates_and_times_are_named() {
    assert!(matches!(read("Feb 30"), Err(DateError::NoSuchDay { day: 30, .. })));
    assert!(matches!(read("25:00"), Err(DateError::BadTime { .. })));
    assert!(matches!(read("12:75"), Err(DateError::BadTime { .. })));
    assert!(matches!(read("soon"), Err(DateError::Unknown { .. })));
    assert!(matches!(read("Jan Feb"), Err(DateError::Twice { .. })));
  }

  #[test]
  fn no_date_means_today() {
    assert_eq!(read("18:00"), Ok(utc("2026-03-02T18:00:00Z")));
    assert_eq!(read(""), Ok(utc("2026-03-02T00:00:00Z")));
  }
}
