//! The inbound spool: every raw message is written here before anything in
//! it is carried out, and removed once its effects and its outgoing mail
//! are safely on disk. Whatever a crash leaves behind, `judge sweep` runs
//! again.

use std::path::{Path, PathBuf};

use super::{atomic, StoreError};

/// Writes `raw` into the spool and returns its path. Names sort in arrival
/// order and never collide.
pub fn put(spool: &Path, raw: &[u8], key: &str) -> Result<PathBuf, StoreError> {
  let path = spool.join(format!("{}-{key}.eml", unique_stamp()));
  atomic::write(&path, raw)?;
  Ok(path)
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
