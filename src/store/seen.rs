//! Which inbound messages have been carried out, by key (a hash of the
//! Message-ID, or of the bytes when there is none), so that the same
//! message delivered twice (after a crash, an exit 75, or by the sweep's
//! rerun of the spool and the MTA's redelivery both) is carried out and
//! answered once.
//!
//! ```text
//! DIR/pending/<key>.json  a message carried out whose mail is not yet
//!                         written out: its commit (see below)
//! DIR/seen/<key>          a message carried out, all its mail written out
//!                         (the time it was handled, RFC 3339)
//! ```
//!
//! A message that changes no game is committed by writing its rendered
//! mail to `pending/` (synced): that is its commit point. The mail is then
//! written to the outbox or the queue under names fixed by the record, the
//! `seen/` record is written and the pending one removed. Whoever finds a
//! pending record (the sweep, or the message's redelivery) writes its mail
//! out, skipping files already there. A message that changes a game is
//! committed with the game (the game remembers its origin too); its `seen/`
//! record follows.
//!
//! Records are kept [`KEEP_DAYS`] days, longer than any MTA retries.

use std::path::{Path, PathBuf};
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::games::MailTarget;
use super::lock::{message_lock_path, Lock};
use super::{atomic, spool, DataDir, StoreError};
use crate::mail::outbound::Rendered;

/// How long a record is kept: longer than any MTA keeps retrying a
/// deferred message (Postfix gives up after five days by default).
pub const KEEP_DAYS: i64 = 7;

/// The handled-message records of a data directory.
#[derive(Clone, Debug)]
pub struct Seen {
  seen: PathBuf,
  pending: PathBuf,
  root: PathBuf,
}

/// The commit of a message that changed no game: its mail, to write out.
#[derive(Debug, Serialize, Deserialize)]
struct Pending {
  handled: DateTime<Utc>,
  /// Orders the mail's files after everything written before it.
  stamp: String,
  mail: Vec<Rendered>,
}

impl Seen {
  pub fn new(data: &DataDir) -> Seen {
    Seen { seen: data.path("seen"), pending: data.path("pending"), root: data.root().into() }
  }

  fn record_path(&self, key: &str) -> PathBuf {
    self.seen.join(key)
  }

  fn pending_path(&self, key: &str) -> PathBuf {
    self.pending.join(format!("{key}.json"))
  }

  /// Whether the message with this key was carried out already.
  pub fn contains(&self, key: &str) -> bool {
    self.record_path(key).exists() || self.pending_path(key).exists()
  }

  /// Commits a message that changed no game: after this, it counts as
  /// carried out, and its mail will be written out whatever happens.
  pub fn commit(
    &self,
    key: &str,
    now: DateTime<Utc>,
    mail: Vec<Rendered>,
  ) -> Result<(), StoreError> {
    let path = self.pending_path(key);
    let pending = Pending { handled: now, stamp: spool::unique_stamp(), mail };
    let bytes = serde_json::to_vec(&pending)
      .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
    if let Some(dir) = path.parent() {
      std::fs::create_dir_all(dir).map_err(|e| StoreError::io("cannot create", dir, e))?;
    }
    atomic::write(&path, &bytes)
  }

  /// Writes out the mail of a committed message, if any is pending, and
  /// leaves the plain record; returns how many messages were written.
  pub fn release(&self, key: &str, target: &MailTarget) -> Result<usize, StoreError> {
    let path = self.pending_path(key);
    let bytes = match std::fs::read(&path) {
      Ok(bytes) => bytes,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    let pending: Pending = serde_json::from_slice(&bytes)
      .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
    target.release(&pending.stamp, key, &pending.mail)?;
    atomic::sync_filesystem(&self.root)?;
    atomic::write(&self.record_path(key), record_text(pending.handled).as_bytes())?;
    atomic::remove(&path)?;
    Ok(pending.mail.len())
  }

  /// Writes out the mail of every committed message whose writing a crash
  /// or a full disk interrupted; returns how many messages there were.
  /// Under the message lock, as `receive` writes its own: a message's mail
  /// is never written out twice side by side, so none is sent twice.
  pub fn release_all(
    &self,
    target: &MailTarget,
    timeout: StdDuration,
  ) -> Result<usize, StoreError> {
    let pending = atomic::list(&self.pending, ".json")?;
    if pending.is_empty() {
      return Ok(0);
    }
    let _lock = Lock::acquire(&message_lock_path(&self.root.join("lock")), timeout)?;
    let mut released = 0;
    for path in pending {
      let Some(key) = path.file_stem().and_then(|s| s.to_str()) else { continue };
      match self.release(key, target) {
        Ok(_) => released += 1,
        Err(StoreError::Damaged { path, message }) => {
          // Set aside so that one bad record cannot hold up the rest.
          tracing::error!(path = %path.display(), %message, "damaged pending mail set aside");
          let _ = std::fs::rename(&path, path.with_extension("damaged"));
        }
        Err(error) => return Err(error),
      }
    }
    Ok(released)
  }

  /// Records that the message with this key was carried out (after the
  /// commit of the game it changed, which remembers it too).
  pub fn insert(&self, key: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
    atomic::write_unsynced(&self.record_path(key), record_text(now).as_bytes())
  }

  /// Forgets messages handled before `now` less [`KEEP_DAYS`]; returns
  /// how many.
  pub fn prune(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
    prune(&self.seen, now - Duration::days(KEEP_DAYS))
  }
}

fn record_text(time: DateTime<Utc>) -> String {
  format!("{}\n", time.to_rfc3339())
}

/// Forgets records older than `cutoff`. A record that cannot be read is
/// left alone.
fn prune(seen: &Path, cutoff: DateTime<Utc>) -> Result<usize, StoreError> {
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
