//! Wrong-password throttling: so that a password cannot be guessed by
//! mailing the judge guess after guess, each seat (a game's power, its
//! Master seat, a forming game's player, a registration's I AM ALSO code)
//! keeps its recent failures in one small file, `throttle/<seat>`. After
//! [`LIMIT`] failures within [`WINDOW`] the seat takes no attempt at all,
//! right or wrong, for [`LOCKOUT`]. The files change under
//! `lock/throttle.lock` and are replaced atomically.

use std::path::PathBuf;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{atomic, lock::Lock, DataDir, StoreError};

/// How many failures within [`WINDOW`] lock a seat.
pub const LIMIT: usize = 5;

/// How far back failures count.
pub const WINDOW: chrono::TimeDelta = chrono::TimeDelta::hours(1);

/// How long a locked seat refuses every attempt.
pub const LOCKOUT: chrono::TimeDelta = chrono::TimeDelta::hours(1);

/// What a seat's file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Record {
  /// The recent failures, oldest first.
  #[serde(default)]
  failures: Vec<Failure>,
  /// Until when every attempt is refused.
  #[serde(default)]
  locked_until: Option<DateTime<Utc>>,
  /// The message that locked the seat: carried out again after a crash,
  /// it locks it again (and the owner is told again) instead of counting.
  #[serde(default)]
  locked_by: Option<String>,
}

/// One wrong attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Failure {
  at: DateTime<Utc>,
  /// The message it came in, so a message carried out twice counts once.
  origin: String,
}

/// What a failure led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
  /// Counted; this many more failures within the hour lock the seat.
  Counted { left: usize },
  /// This failure locked the seat until then: tell its owner.
  Locked { until: DateTime<Utc> },
}

/// The throttle files of a data directory.
#[derive(Clone, Debug)]
pub struct Throttle {
  dir: PathBuf,
  lock: PathBuf,
  timeout: Duration,
}

/// The key of a seat: `game` (or another scope) and who in it, as one safe
/// file name (letters, digits and `@_+-.` kept, anything else `%xx`).
pub fn seat(scope: &str, who: &str) -> String {
  super::safe_file_name(&format!("{scope}/{who}").to_lowercase())
}

impl Throttle {
  pub fn new(data: &DataDir, timeout: Duration) -> Throttle {
    Throttle { dir: data.path("throttle"), lock: data.path("lock").join("throttle.lock"), timeout }
  }

  fn path(&self, seat: &str) -> PathBuf {
    self.dir.join(seat)
  }

  fn read(&self, seat: &str) -> Result<Record, StoreError> {
    let path = self.path(seat);
    let text = match std::fs::read_to_string(&path) {
      Ok(text) => text,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Record::default()),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    // A damaged throttle file must not lock anyone out for good: it is
    // read as no failures (and replaced at the next one).
    Ok(toml::from_str(&text).unwrap_or_default())
  }

  fn write(&self, seat: &str, record: &Record) -> Result<(), StoreError> {
    std::fs::create_dir_all(&self.dir)
      .map_err(|e| StoreError::io("cannot create", &self.dir, e))?;
    let path = self.path(seat);
    let text = toml::to_string(record)
      .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
    atomic::write(&path, text.as_bytes())
  }

  /// Until when the seat refuses every attempt, if it is locked at `now`.
  pub fn locked_until(
    &self,
    seat: &str,
    now: DateTime<Utc>,
  ) -> Result<Option<DateTime<Utc>>, StoreError> {
    Ok(self.read(seat)?.locked_until.filter(|&until| until > now))
  }

  /// Counts a wrong attempt at `now`, made by the message `origin`.
  pub fn failed(&self, seat: &str, now: DateTime<Utc>, origin: &str) -> Result<Failed, StoreError> {
    let _lock = Lock::acquire(&self.lock, self.timeout)?;
    let mut record = self.read(seat)?;
    if let Some(until) = record.locked_until.filter(|&until| until > now) {
      if record.locked_by.as_deref() == Some(origin) {
        return Ok(Failed::Locked { until });
      }
      return Ok(Failed::Counted { left: 0 });
    }
    if record.locked_until.is_some() {
      // The lockout is over: the count starts again.
      record = Record::default();
    }
    record.failures.retain(|f| now - f.at < WINDOW && f.at <= now);
    if !record.failures.iter().any(|f| f.origin == origin) {
      record.failures.push(Failure { at: now, origin: origin.to_string() });
    }
    let outcome = if record.failures.len() >= LIMIT {
      let until = now + LOCKOUT;
      record.locked_until = Some(until);
      record.locked_by = Some(origin.to_string());
      record.failures.clear();
      Failed::Locked { until }
    } else {
      Failed::Counted { left: LIMIT - record.failures.len() }
    };
    self.write(seat, &record)?;
    Ok(outcome)
  }

  /// Forgets the seats whose failures and lockout are all over at `now`;
  /// returns how many (the sweep's housekeeping).
  pub fn prune(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let seats = atomic::list(&self.dir, "")?;
    if seats.is_empty() {
      return Ok(0);
    }
    let _lock = Lock::acquire(&self.lock, self.timeout)?;
    let mut removed = 0;
    for path in seats {
      let Some(seat) = path.file_name().and_then(|n| n.to_str()) else { continue };
      let record = self.read(seat)?;
      let locked = record.locked_until.is_some_and(|until| until > now);
      let counting = record.failures.iter().any(|f| now - f.at < WINDOW);
      if !locked && !counting {
        atomic::remove(&path)?;
        removed += 1;
      }
    }
    Ok(removed)
  }

  /// A right attempt: the seat's failures are forgotten.
  pub fn succeeded(&self, seat: &str) -> Result<(), StoreError> {
    let path = self.path(seat);
    if !path.exists() {
      return Ok(());
    }
    let _lock = Lock::acquire(&self.lock, self.timeout)?;
    atomic::remove(&path)
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  fn throttle() -> (tempfile::TempDir, Throttle) {
    let temp = tempfile::tempdir().unwrap();
    let data = DataDir::new(temp.path());
    data.ensure().unwrap();
    let throttle = Throttle::new(&data, Duration::from_secs(1));
    (temp, throttle)
  }

  fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-02T12:00:00Z").unwrap().with_timezone(&Utc)
      + chrono::TimeDelta::minutes(minutes)
  }

  #[test]
  fn the_sweep_forgets_seats_once_their_hour_is_over() {
    let (_temp, throttle) = throttle();
    let (locked, counting) = (seat("game", "france"), seat("game", "italy"));
    for i in 0..5 {
      throttle.failed(&locked, at(i), &format!("m{i}")).unwrap();
    }
    throttle.failed(&counting, at(30), "x").unwrap();
    assert_eq!(throttle.prune(at(60)).unwrap(), 0, "France is locked, Italy counting");
    assert_eq!(throttle.prune(at(65)).unwrap(), 1, "France's lockout is over");
    assert_eq!(throttle.locked_until(&locked, at(65)).unwrap(), None);
    assert_eq!(throttle.prune(at(91)).unwrap(), 1, "Italy's failure is an hour old");
    assert_eq!(throttle.prune(at(120)).unwrap(), 0);
  }

  #[test]
  fn seat_keys_cannot_escape_the_directory() {
    assert_eq!(seat("game1", "France"), "game1%2ffrance");
    assert!(!seat("../x", "a/b").contains('/'));
    assert!(!seat("..", "x").starts_with('.'));
  }

  #[test]
  fn five_failures_within_the_hour_lock_the_seat_for_an_hour() {
    let (_temp, throttle) = throttle();
    let seat = seat("game", "france");
    for i in 0..4 {
      let left = throttle.failed(&seat, at(i), &format!("m{i}")).unwrap();
      assert_eq!(left, Failed::Counted { left: 4 - i as usize });
    }
    assert_eq!(throttle.locked_until(&seat, at(4)).unwrap(), None);
    assert_eq!(throttle.failed(&seat, at(4), "m4").unwrap(), Failed::Locked { until: at(64) });
    assert_eq!(throttle.locked_until(&seat, at(30)).unwrap(), Some(at(64)));
    // Further failures while locked neither extend it nor tell anyone again.
    assert_eq!(throttle.failed(&seat, at(30), "m5").unwrap(), Failed::Counted { left: 0 });
    assert_eq!(throttle.locked_until(&seat, at(64)).unwrap(), None);
    assert_eq!(throttle.failed(&seat, at(65), "m6").unwrap(), Failed::Counted { left: 4 });
  }

  #[test]
  fn old_failures_and_a_success_are_forgotten_and_a_replay_counts_once() {
    let (_temp, throttle) = throttle();
    let seat = seat("game", "england");
    for i in 0..4 {
      throttle.failed(&seat, at(i), "same").unwrap();
    }
    assert_eq!(throttle.failed(&seat, at(5), "other").unwrap(), Failed::Counted { left: 3 });
    assert_eq!(throttle.failed(&seat, at(90), "late").unwrap(), Failed::Counted { left: 4 });
    throttle.succeeded(&seat).unwrap();
    assert_eq!(throttle.failed(&seat, at(91), "again").unwrap(), Failed::Counted { left: 4 });
  }
}
