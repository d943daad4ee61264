//! The inbound spool: every raw message is written here before anything in
//! it is carried out, and removed once its effects and its outgoing mail
//! are safely on disk. Whatever a crash leaves behind, `judge sweep` runs
//! again.
//!
//! Each message `N.eml` has a lock file `N.lock`, held by the process
//! working on it from before the message appears until it is gone. The
//! sweep takes only messages whose lock it can get: those of a process that
//! died (a crash releases its locks), never those of a `receive` still
//! waiting for its turn.

use std::path::{Path, PathBuf};

use super::lock::Lock;
use super::{atomic, StoreError};

/// A spooled message this process is working on.
#[derive(Debug)]
pub struct Claimed {
  pub path: PathBuf,
  lock_path: PathBuf,
  _lock: Lock,
}

impl Claimed {
  /// Lets the message go: its lock file is removed, then its lock.
  pub fn release(self) {
    let _ = std::fs::remove_file(&self.lock_path);
  }
}

/// Writes `raw` into the spool, claimed by this process. Names sort in
/// arrival order and never collide.
pub fn put(spool: &Path, raw: &[u8], key: &str) -> Result<Claimed, StoreError> {
  let name = format!("{}-{key}", unique_stamp());
  let lock_path = spool.join(format!("{name}.lock"));
  let lock = Lock::try_acquire(&lock_path)?.ok_or_else(|| StoreError::Damaged {
    path: lock_path.clone(),
    message: "a new spool name is already locked".to_string(),
  })?;
  let path = spool.join(format!("{name}.eml"));
  atomic::write(&path, raw)?;
  Ok(Claimed { path, lock_path, _lock: lock })
}

/// Claims a spooled message that no live process is working on; `None`
/// when one is, or when the message is already gone.
pub fn claim(path: &Path) -> Result<Option<Claimed>, StoreError> {
  let lock_path = path.with_extension("lock");
  let Some(lock) = Lock::try_acquire(&lock_path)? else { return Ok(None) };
  let claimed = Claimed { path: path.to_path_buf(), lock_path, _lock: lock };
  if path.exists() {
    Ok(Some(claimed))
  } else {
    claimed.release();
    Ok(None)
  }
}

/// Every spooled message, oldest first.
pub fn list(spool: &Path) -> Result<Vec<PathBuf>, StoreError> {
  atomic::list(spool, ".eml")
}

/// Reads a spooled message.
pub fn read(path: &Path) -> Result<Vec<u8>, StoreError> {
  std::fs::read(path).map_err(|e| StoreError::io("cannot read", path, e))
}

/// A stamp that sorts by time of creation and is unique on this machine:
/// wall-clock nanoseconds, process id and a counter.
pub fn unique_stamp() -> String {
  use std::sync::atomic::{AtomicU32, Ordering};
  static COUNTER: AtomicU32 = AtomicU32::new(0);
  let nanos = std::time::SystemTime::now()
    .duration_since(std::time::UNIX_EPOCH)
    .map(|d| d.as_nanos())
    .unwrap_or(0);
  let n = COUNTER.fetch_add(1, Ordering::Relaxed);
  format!("{nanos:020}-{:07}-{n:04}", std::process::id())
}
