//! Advisory locks (flock through std's `File::lock`), with a time limit:
//! a judge that cannot get a lock in time gives up with exit 75 and the
//! mail system tries again, rather than hanging forever.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::StoreError;

/// A held lock; released when dropped.
#[derive(Debug)]
pub struct Lock {
  _file: File,
}

impl Lock {
  /// Waits up to `timeout` for an exclusive lock on `path` (created if
  /// missing).
  pub fn acquire(path: &Path, timeout: Duration) -> Result<Lock, StoreError> {
    let file = open(path)?;
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
      match file.try_lock() {
        Ok(()) => return Ok(Lock { _file: file }),
        Err(TryLockError::WouldBlock) => {}
        Err(TryLockError::Error(e)) => return Err(StoreError::io("cannot lock", path, e)),
      }
      if start.elapsed() >= timeout {
        return Err(StoreError::LockTimeout {
          path: path.to_path_buf(),
          seconds: timeout.as_secs(),
        });
      }
      std::thread::sleep(pause);
      pause = (pause * 2).min(Duration::from_millis(50));
    }
  }
}

impl Lock {
  /// Takes an exclusive lock on `path` (created if missing) if nobody
  /// holds it; `None` when someone does.
  pub fn try_acquire(path: &Path) -> Result<Option<Lock>, StoreError> {
    let file = open(path)?;
    match file.try_lock() {
      Ok(()) => Ok(Some(Lock { _file: file })),
      Err(TryLockError::WouldBlock) => Ok(None),
      Err(TryLockError::Error(e)) => Err(StoreError::io("cannot lock", path, e)),
    }
  }
}

/// Opens (creating it if need be) a lock file.
fn open(path: &Path) -> Result<File, StoreError> {
  OpenOptions::new()
    .create(true)
    .truncate(false)
    .write(true)
    .open(path)
    .map_err(|e| StoreError::io("cannot open the lock", path, e))
}

/// The lock serialising the carrying out of inbound messages, so that a
/// message and its redelivery are never applied side by side.
pub fn message_lock_path(lock_dir: &Path) -> PathBuf {
  lock_dir.join("messages.lock")
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_second_holder_waits_and_then_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.lock");
    let first = Lock::acquire(&path, Duration::from_secs(1));
    assert!(first.is_ok());
    let second = Lock::acquire(&path, Duration::from_millis(30));
    assert!(matches!(second, Err(StoreError::LockTimeout { .. })));
    drop(first);
    assert!(Lock::acquire(&path, Duration::from_millis(30)).is_ok());
  }
}
