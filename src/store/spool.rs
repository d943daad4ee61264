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
//!
//! A message is written without waiting for the disk: until `receive`
//! exits 0 the MTA keeps its own copy and brings it again after any
//! failure, and once the message is carried out the commit's sync covers
//! the spool too. Only a message kept for the sweep while the MTA is told
//! it arrived is made durable first ([`keep`]). A power cut can leave a
//! spooled copy cut short; its name holds its length, so the sweep drops
//! such a copy ([`cut_short`]) rather than carry out half a message whose
//! whole the MTA still has.

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

/// Writes `raw` into the spool, claimed by this process, without waiting
/// for the disk. Names sort in arrival order, never collide, and end with
/// the message's length.
pub fn put(spool: &Path, raw: &[u8], key: &str) -> Result<Claimed, StoreError> {
  let name = format!("{}-{key}-{}", unique_stamp(), raw.len());
  let lock_path = spool.join(format!("{name}.lock"));
  let lock = Lock::try_acquire(&lock_path)?.ok_or_else(|| StoreError::Damaged {
    path: lock_path.clone(),
    message: "a new spool name is already locked".to_string(),
  })?;
  let path = spool.join(format!("{name}.eml"));
  atomic::write_unsynced(&path, raw)?;
  Ok(Claimed { path, lock_path, _lock: lock })
}

/// Makes a spooled message durable: for one kept for the sweep when the
/// MTA is about to be told it arrived.
pub fn keep(path: &Path) -> Result<(), StoreError> {
  atomic::sync_file(path)
}

/// Whether the spooled message at `path` is shorter or longer than its
/// name says: a copy a power cut caught before it reached the disk.
/// Names without a length (spooled by an older judge, always synced)
/// are never cut short.
pub fn cut_short(path: &Path, bytes: &[u8]) -> bool {
  let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
  let parts: Vec<&str> = stem.split('-').collect();
  match parts.as_slice() {
    [_, _, _, _, length] => length.parse::<usize>().is_ok_and(|n| n != bytes.len()),
    _ => false,
  }
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

/// How often a spooled message may fail (a panic, or an error that is not
/// a passing one) before it is set aside in the quarantine.
pub const MAX_FAILURES: u32 = 3;

fn failure_path(path: &Path) -> PathBuf {
  path.with_extension("fail")
}

/// How often the spooled message at `path` has failed so far.
pub fn failures(path: &Path) -> u32 {
  std::fs::read_to_string(failure_path(path))
    .ok()
    .and_then(|text| text.lines().next().and_then(|n| n.trim().parse().ok()))
    .unwrap_or(0)
}

/// Counts one more failure of the spooled message at `path` (call while
/// holding its claim); returns the count.
pub fn note_failure(path: &Path, reason: &str) -> Result<u32, StoreError> {
  let count = failures(path) + 1;
  atomic::write(&failure_path(path), format!("{count}\n{reason}\n").as_bytes())?;
  Ok(count)
}

/// Moves the spooled message at `path` into `quarantine` with a file
/// saying why (call while holding its claim); returns its new path.
pub fn quarantine(path: &Path, quarantine: &Path, reason: &str) -> Result<PathBuf, StoreError> {
  let name = path.file_name().map(PathBuf::from).unwrap_or_else(|| PathBuf::from("message.eml"));
  let target = quarantine.join(name);
  std::fs::create_dir_all(quarantine)
    .map_err(|e| StoreError::io("cannot create", quarantine, e))?;
  atomic::write(&target.with_extension("reason"), format!("{reason}\n").as_bytes())?;
  crate::fault::point("rename")
    .and_then(|()| std::fs::rename(path, &target))
    .map_err(|e| StoreError::io("cannot move", path, e))?;
  atomic::remove(&failure_path(path))?;
  Ok(target)
}

/// Removes the failure count of a message that is gone from the spool.
pub fn forget_failures(path: &Path) {
  let _ = atomic::remove(&failure_path(path));
}

/// Removes a spooled message and its failure count: for a copy the MTA
/// brings again (it was told to try later, or never told it arrived).
pub fn discard(path: &Path) -> Result<(), StoreError> {
  let removed = atomic::remove(path);
  forget_failures(path);
  removed
}

/// Removes what killed processes left in the spool: lock and failure
/// files whose message is gone, older than `age`, that nobody holds.
/// Returns how many files it removed.
pub fn clean(spool: &Path, age: std::time::Duration) -> Result<usize, StoreError> {
  let mut removed = 0;
  for path in atomic::list(spool, "")? {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !matches!(extension, "lock" | "fail") || path.with_extension("eml").exists() {
      continue;
    }
    if !atomic::older_than(&path, age) {
      continue;
    }
    // A live process holds the lock of a message it is still writing.
    let held = if extension == "lock" { Lock::try_acquire(&path)? } else { None };
    if extension == "lock" && held.is_none() {
      continue;
    }
    atomic::remove(&path)?;
    removed += 1;
  }
  Ok(removed)
}
