//! Which inbound messages have been handled, by key (a hash of the
//! Message-ID, or of the bytes when there is none), so that the same message
//! delivered twice (after an exit 75, say) is never carried out twice.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::{atomic, StoreError};

fn path(seen: &Path, key: &str) -> PathBuf {
  seen.join(key)
}

/// Whether the message with this key was handled already.
pub fn contains(seen: &Path, key: &str) -> bool {
  path(seen, key).exists()
}

/// Records that the message with this key has been handled.
pub fn insert(seen: &Path, key: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
  atomic::write(&path(seen, key), format!("{}\n", now.to_rfc3339()).as_bytes())
}

/// Drops the record of one message (its mail is all sent).
pub fn remove(seen: &Path, key: &str) -> Result<(), StoreError> {
  atomic::remove(&path(seen, key))
}

/// Forgets messages handled before `cutoff` (a redelivery after that long
/// is not expected), so the directory does not grow for ever.
pub fn prune(seen: &Path, cutoff: DateTime<Utc>) -> Result<usize, StoreError> {
  let mut removed = 0;
  for file in atomic::list(seen, "")? {
    let Ok(text) = std::fs::read_to_string(&file) else { continue };
    let Ok(when) = DateTime::parse_from_rfc3339(text.trim()) else { continue };
    if when < cutoff {
      atomic::remove(&file)?;
      removed += 1;
    }
  }
  Ok(removed)
}
