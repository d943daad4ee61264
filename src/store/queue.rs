//! The outgoing queue: every message the judge sends is written here first
//! and removed once the transport has taken it. Messages the transport
//! refused stay, and `judge sweep` (or the redelivery of the message that
//! caused them) sends them again.

use std::path::{Path, PathBuf};

use super::{atomic, spool::unique_stamp, StoreError};
use crate::mail::outbound::Rendered;

/// Queues one rendered message on behalf of the inbound message (or sweep
/// job) `origin`.
pub fn push(queue: &Path, origin: &str, mail: &Rendered) -> Result<PathBuf, StoreError> {
  let path = queue.join(format!("{}-{origin}.json", unique_stamp()));
  let json = serde_json::to_vec(mail)
    .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
  atomic::write(&path, &json)?;
  Ok(path)
}

/// Every queued message, oldest first; with `origin`, only that origin's.
pub fn list(queue: &Path, origin: Option<&str>) -> Result<Vec<PathBuf>, StoreError> {
  let all = atomic::list(queue, ".json")?;
  Ok(match origin {
    None => all,
    Some(origin) => {
      let suffix = format!("-{origin}.json");
      all.into_iter().filter(|p| p.to_string_lossy().ends_with(&suffix)).collect()
    }
  })
}

/// Reads a queued message.
pub fn read(path: &Path) -> Result<Rendered, StoreError> {
  let bytes = std::fs::read(path).map_err(|e| StoreError::io("cannot read", path, e))?;
  serde_json::from_slice(&bytes)
    .map_err(|e| StoreError::Damaged { path: path.to_path_buf(), message: e.to_string() })
}

/// Removes a message the transport has taken.
pub fn remove(path: &Path) -> Result<(), StoreError> {
  atomic::remove(path)
}

/// Writes one rendered message at `path` in the queue without waiting for
/// the disk (the caller syncs a whole batch at once).
pub fn write_unsynced(path: &Path, mail: &Rendered) -> Result<(), StoreError> {
  let json = serde_json::to_vec(mail)
    .map_err(|e| StoreError::Damaged { path: path.to_path_buf(), message: e.to_string() })?;
  atomic::write_unsynced(path, &json)
}
