//! The judge's time zone (`timezone` in `judge.toml`): a chrono
//! [`TimeZone`] whose rules are read once from the system's zoneinfo
//! (TZif) files, `/usr/share/zoneinfo/<name>` or under `TZDIR`, by `tz-rs`.
//!
//! chrono-tz still says which names are IANA time zones, but its
//! compiled-in tables of every zone's transitions are not linked into
//! the binary: they held tens of thousands of pointers that the loader
//! relocated at every start, a large part of a new process's start-up
//! (docs/performance.md, "One order mail"). UTC, the default, needs no
//! file; any other zone whose file is missing or damaged is refused when
//! the configuration is loaded, with a sentence naming the zone.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::{
  Datelike, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone,
  Timelike,
};
use tz::datetime::FoundDateTimeKind;
use tz::{DateTime as TzDateTime, LocalTimeType};

/// A time zone: UTC, or a zone read from the system's zoneinfo. Cheap to
/// copy; each zone is read once per process and kept.
#[derive(Clone, Copy)]
pub struct Tz(&'static Zone);

/// UTC, the default zone.
pub const UTC: Tz = Tz::UTC;

struct Zone {
  name: &'static str,
  /// `None` for UTC.
  rules: Option<tz::TimeZone>,
}

static UTC_ZONE: Zone = Zone { name: "UTC", rules: None };

/// UTC's one type, named `UTC` as chrono-tz names it.
static UTC_TYPE: LocalTimeType = match LocalTimeType::new(0, false, Some(b"UTC")) {
  Ok(utc) => utc,
  Err(_) => LocalTimeType::utc(),
};

/// Every zone read so far, for the process's lifetime.
static LOADED: Mutex<Vec<&'static Zone>> = Mutex::new(Vec::new());

/// Why a time zone cannot be used; each message is the sentence the
/// judgekeeper reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ZoneError {
  #[error("timezone '{name}' is not a known IANA time zone name (such as Europe/London)")]
  Unknown { name: String },
  #[error(
    "timezone '{name}': the system has no zoneinfo file for it (looked in {looked}); \
     install the time-zone data (Debian's tzdata package) or set TZDIR"
  )]
  Missing { name: String, looked: String },
  #[error("timezone '{name}': {path} is not a zoneinfo file the judge can read: {reason}")]
  Unreadable { name: String, path: String, reason: String },
}

impl Tz {
  /// UTC, the default zone.
  pub const UTC: Tz = Tz(&UTC_ZONE);

  /// The zone of this IANA name (`Europe/London`), read from the system's
  /// zoneinfo the first time the process asks for it.
  pub fn named(name: &str) -> Result<Tz, ZoneError> {
    if name == UTC_ZONE.name {
      return Ok(Tz::UTC);
    }
    let mut loaded = LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(zone) = loaded.iter().find(|zone| zone.name == name) {
      return Ok(Tz(zone));
    }
    let rules = load(name, &zoneinfo_dirs())?;
    let zone: &'static Zone =
      Box::leak(Box::new(Zone { name: Box::leak(Box::<str>::from(name)), rules: Some(rules) }));
    loaded.push(zone);
    Ok(Tz(zone))
  }

  /// The zone's IANA name.
  pub fn name(&self) -> &'static str {
    self.0.name
  }

  /// The local time type (offset, abbreviation) in force at `unix_time`.
  fn at(&self, unix_time: i64) -> LocalTimeType {
    let Some(rules) = &self.0.rules else { return UTC_TYPE };
    match rules.find_local_time_type(unix_time) {
      Ok(local) => *local,
      // Only past the last transition of a file without a rule for the
      // future, or beyond the years tz-rs reckons with: the type the last
      // transition brought is the best answer.
      Err(_) => {
        let zone = rules.as_ref();
        let last = zone.transitions().last().map_or(0, |t| t.local_time_type_index());
        zone.local_time_types().get(last).copied().unwrap_or(UTC_TYPE)
      }
    }
  }

  fn offset(&self, local: LocalTimeType) -> ZoneOffset {
    ZoneOffset { zone: *self, local }
  }
}

impl std::str::FromStr for Tz {
  type Err = ZoneError;

  fn from_str(name: &str) -> Result<Tz, ZoneError> {
    Tz::named(name)
  }
}

impl fmt::Debug for Tz {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(self.name())
  }
}

impl fmt::Display for Tz {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(self.name())
  }
}

impl PartialEq for Tz {
  fn eq(&self, other: &Tz) -> bool {
    self.name() == other.name()
  }
}

impl Eq for Tz {}

/// Where the zoneinfo files are: `TZDIR` when set, as the C library
/// reads it, then the usual places.
fn zoneinfo_dirs() -> Vec<PathBuf> {
  let mut dirs: Vec<PathBuf> =
    std::env::var_os("TZDIR").filter(|d| !d.is_empty()).map(PathBuf::from).into_iter().collect();
  // The unit tests read the zones the repository carries, so that they
  // need no system time-zone data.
  #[cfg(test)]
  dirs.insert(0, tests::fixtures());
  dirs.extend(["/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/etc/zoneinfo"].map(PathBuf::from));
  dirs
}

/// Reads the zone `name` from the first of `dirs` that has its file.
/// The name must be one chrono-tz knows, so it is never a path of its own
/// (`..` or absolute).
fn load(name: &str, dirs: &[PathBuf]) -> Result<tz::TimeZone, ZoneError> {
  let known = name.parse::<chrono_tz::Tz>().is_ok_and(|zone| zone.name() == name);
  if !known {
    return Err(ZoneError::Unknown { name: name.to_string() });
  }
  for dir in dirs {
    let path = dir.join(name);
    match std::fs::read(&path) {
      Ok(bytes) => {
        return tz::TimeZone::from_tz_data(&bytes).map_err(|e| unreadable(name, &path, e));
      }
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
      Err(e) => return Err(unreadable(name, &path, e)),
    }
  }
  let looked = dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ");
  Err(ZoneError::Missing { name: name.to_string(), looked })
}

fn unreadable(name: &str, path: &Path, reason: impl fmt::Display) -> ZoneError {
  ZoneError::Unreadable {
    name: name.to_string(),
    path: path.display().to_string(),
    reason: reason.to_string(),
  }
}

/// An offset of a [`Tz`]: its UTC offset and abbreviation at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneOffset {
  zone: Tz,
  local: LocalTimeType,
}

impl ZoneOffset {
  /// The abbreviation, such as `BST` (or a numeric one such as `-03`).
  pub fn abbreviation(&self) -> &str {
    self.local.time_zone_designation()
  }
}

impl Offset for ZoneOffset {
  fn fix(&self) -> FixedOffset {
    FixedOffset::east_opt(self.local.ut_offset()).unwrap_or_else(|| chrono::Utc.fix())
  }
}

/// The abbreviation, as chrono-tz shows an offset (`%Z`).
impl fmt::Display for ZoneOffset {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match self.abbreviation() {
      "" => write!(f, "{}", self.fix()),
      abbreviation => f.write_str(abbreviation),
    }
  }
}

impl TimeZone for Tz {
  type Offset = ZoneOffset;

  fn from_offset(offset: &ZoneOffset) -> Tz {
    offset.zone
  }

  fn offset_from_local_date(&self, local: &NaiveDate) -> LocalResult<ZoneOffset> {
    self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN))
  }

  /// The offsets a local time can have: one, two in the hour repeated when
  /// the clocks go back (the earlier instant first), none in the hour
  /// skipped when they go forward. Like chrono-tz, whole seconds only.
  fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> LocalResult<ZoneOffset> {
    let Some(rules) = &self.0.rules else { return LocalResult::Single(self.offset(UTC_TYPE)) };
    let (month, day) = (local.month() as u8, local.day() as u8);
    let (hour, minute, second) = (local.hour() as u8, local.minute() as u8, local.second() as u8);
    let mut found = [None; 4];
    let Ok(list) = TzDateTime::find_n(
      &mut found,
      local.year(),
      month,
      day,
      hour,
      minute,
      second,
      0,
      rules.as_ref(),
    ) else {
      // Beyond the years tz-rs reckons with: the offset at that time read
      // as UTC.
      return LocalResult::Single(self.offset(self.at(local.and_utc().timestamp())));
    };
    let mut normal = list.data().iter().flatten().filter_map(|kind| match kind {
      FoundDateTimeKind::Normal(time) => Some(self.offset(*time.local_time_type())),
      FoundDateTimeKind::Skipped { .. } => None,
    });
    match (normal.next(), normal.next()) {
      (None, _) => LocalResult::None,
      (Some(only), None) => LocalResult::Single(only),
      (Some(earlier), Some(later)) => LocalResult::Ambiguous(earlier, later),
    }
  }

  fn offset_from_utc_date(&self, utc: &NaiveDate) -> ZoneOffset {
    self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
  }

  fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> ZoneOffset {
    self.offset(self.at(utc.and_utc().timestamp()))
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use chrono::{DateTime, Duration, Utc};

  /// The zoneinfo files the repository carries for the tests.
  pub(super) fn fixtures() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/zoneinfo"))
  }

  fn zone(name: &str) -> Tz {
    Tz::named(name).expect("the test zoneinfo has this zone")
  }

  fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).map(|t| t.with_timezone(&Utc)).expect("a time")
  }

  /// Every instant from 1970 to 2037 (the years chrono-tz's tables hold
  /// in full) in steps of a prime number of minutes, so that the steps
  /// fall on every hour of the day in turn, and every transition's own
  /// second and the seconds either side of it.
  fn instants(name: &str) -> Vec<DateTime<Utc>> {
    let reference: chrono_tz::Tz = name.parse().expect("chrono-tz knows the zone");
    let (start, end) = (utc("1970-01-01T00:00:00Z"), utc("2037-12-31T00:00:00Z"));
    let mut instants = Vec::new();
    let mut t = start;
    while t < end {
      instants.push(t);
      t += Duration::minutes(7919);
    }
    let hour = Duration::hours(1);
    let mut t = start;
    while t < end {
      let next = t + hour;
      let offset = |t: DateTime<Utc>| t.with_timezone(&reference).offset().fix();
      if offset(t) != offset(next) {
        // The transition's second: the first whose offset is the new one.
        let (mut before, mut after) = (t, next);
        while after - before > Duration::seconds(1) {
          let middle = before + (after - before) / 2;
          if offset(middle) == offset(t) {
            before = middle;
          } else {
            after = middle;
          }
        }
        instants.extend([before, after, after + Duration::seconds(1)]);
      }
      t = next;
    }
    instants
  }

  fn same_as_chrono_tz(name: &str) {
    let ours = zone(name);
    let reference: chrono_tz::Tz = name.parse().expect("chrono-tz knows the zone");
    let instants = instants(name);
    let transitions = instants.len();
    assert!(transitions > 3000, "{name}: {transitions} instants");
    for t in instants {
      let (a, b) = (t.with_timezone(&ours), t.with_timezone(&reference));
      assert_eq!(a.naive_local(), b.naive_local(), "{name} at {t}");
      assert_eq!(a.offset().fix(), b.offset().fix(), "{name} at {t}");
      assert_eq!(a.offset().to_string(), b.offset().to_string(), "{name} at {t}");
      assert_eq!(
        a.format("%a %b %d %Y %H:%M:%S %z").to_string(),
        b.format("%a %b %d %Y %H:%M:%S %z").to_string()
      );
      // The local time read back, on either side of every transition,
      // in its gaps and its repeated hours.
      for local in [b.naive_local(), b.naive_local() + Duration::minutes(30)] {
        let mine = ours.from_local_datetime(&local).map(|t| t.with_timezone(&Utc));
        let theirs = reference.from_local_datetime(&local).map(|t| t.with_timezone(&Utc));
        assert_eq!(mine, theirs, "{name}: local {local}");
      }
    }
  }

  #[test]
  fn london_agrees_with_chrono_tz_across_every_transition() {
    same_as_chrono_tz("Europe/London");
  }

  #[test]
  fn new_york_agrees_with_chrono_tz_across_every_transition() {
    same_as_chrono_tz("America/New_York");
  }

  #[test]
  fn a_southern_and_a_half_hour_zone_agree_too() {
    same_as_chrono_tz("Australia/Adelaide");
    same_as_chrono_tz("Asia/Kolkata");
  }

  #[test]
  fn the_clocks_going_forward_and_back() {
    let london = zone("Europe/London");
    let at = |text: &str| NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").expect("a time");
    // 29 March 2026, 01:00 GMT: 01:30 never happens.
    assert_eq!(london.from_local_datetime(&at("2026-03-29 01:30")), LocalResult::None);
    let before = london.from_local_datetime(&at("2026-03-29 00:59")).single().expect("one");
    assert_eq!(before.offset().to_string(), "GMT");
    let after = london.from_local_datetime(&at("2026-03-29 02:00")).single().expect("one");
    assert_eq!(
      (after.offset().to_string(), after.offset().fix().local_minus_utc()),
      ("BST".into(), 3600)
    );
    // 25 October 2026, 02:00 BST: 01:30 happens twice, BST first.
    match london.from_local_datetime(&at("2026-10-25 01:30")) {
      LocalResult::Ambiguous(first, second) => {
        assert_eq!(first.with_timezone(&Utc), utc("2026-10-25T00:30:00Z"));
        assert_eq!(second.with_timezone(&Utc), utc("2026-10-25T01:30:00Z"));
      }
      other => panic!("not ambiguous: {other:?}"),
    }
  }

  #[test]
  fn years_past_the_last_transition_follow_the_zones_rule() {
    // The TZif file's rule for the future: British Summer Time in 2100.
    let london = zone("Europe/London");
    let summer = utc("2100-07-01T12:00:00Z").with_timezone(&london);
    assert_eq!(summer.offset().to_string(), "BST");
    let winter = utc("2100-01-01T12:00:00Z").with_timezone(&london);
    assert_eq!(winter.offset().to_string(), "GMT");
  }

  #[test]
  fn utc_needs_no_file_and_a_zone_is_read_once() {
    let empty = tempfile::tempdir().expect("a directory");
    assert_eq!(Tz::named("UTC"), Ok(UTC));
    assert_eq!(UTC.name(), "UTC");
    let noon = utc("2026-06-01T12:00:00Z");
    assert_eq!(noon.with_timezone(&UTC).format("%H:%M %z %Z").to_string(), "12:00 +0000 UTC");
    assert!(load("UTC", &[empty.path().to_path_buf()]).is_err(), "only by name");
    let first = zone("Europe/Paris");
    assert!(std::ptr::eq(first.0, zone("Europe/Paris").0), "kept");
    assert_eq!(first.name(), "Europe/Paris");
  }

  #[test]
  fn an_unknown_name_is_refused_with_the_name() {
    for name in ["Mars/Olympus", "europe/london", "../../etc/passwd", "", "Europe/London "] {
      let error = Tz::named(name).expect_err(name).to_string();
      assert!(error.contains(&format!("'{name}'")), "{error}");
      assert!(error.contains("not a known IANA time zone name"), "{error}");
    }
  }

  #[test]
  fn a_missing_or_damaged_file_is_refused_with_the_zone_and_the_place() {
    let dir = tempfile::tempdir().expect("a directory");
    let dirs = [dir.path().to_path_buf()];
    let missing = load("Europe/London", &dirs).expect_err("no file").to_string();
    assert!(missing.contains("'Europe/London'"), "{missing}");
    assert!(missing.contains(&dir.path().display().to_string()), "{missing}");
    assert!(missing.contains("tzdata"), "{missing}");
    std::fs::create_dir(dir.path().join("Europe")).expect("a folder");
    std::fs::write(dir.path().join("Europe/London"), b"not a TZif file").expect("written");
    let damaged = load("Europe/London", &dirs).expect_err("damaged").to_string();
    assert!(
      damaged.contains("'Europe/London'") && damaged.contains("not a zoneinfo file"),
      "{damaged}"
    );
    // The first place that has the file wins.
    let other = tempfile::tempdir().expect("a directory");
    assert!(load("Europe/London", &[other.path().to_path_buf(), fixtures()]).is_ok());
  }
}
