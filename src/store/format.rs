//! The data directory's format version, `DIR/format`: one number, so that
//! a judge never works on a directory laid out by a newer judge (it would
//! misread or damage it) and an older directory is brought up to date
//! once, in known steps, when a newer judge first opens it.
//!
//! A directory without the file was made before format versions existed:
//! it counts as version 0, whose layout is version 1's, so its one step
//! only writes the file. The next change of layout adds a step to
//! [`STEPS`], which raises [`CURRENT`].

use std::path::Path;
use std::time::Duration;

use super::lock::Lock;
use super::{DataDir, StoreError};

/// The name of the version file in the data directory.
pub const FILE: &str = "format";

/// One upgrade step: turns a directory of format `from` into `from + 1`.
/// Steps must be safe to run again after a crash half-way (the version is
/// written only once a step has finished).
pub struct Step {
  pub from: u32,
  /// What the step changes, for the log.
  pub what: &'static str,
  pub run: fn(&DataDir) -> Result<(), StoreError>,
}

/// The upgrade path, one step per format change, in order.
pub const STEPS: &[Step] = &[Step {
  from: 0,
  what: "the layout from before format versions: only the version file is written",
  run: |_| Ok(()),
}];

/// The format this judge writes and understands.
pub const CURRENT: u32 = STEPS.len() as u32;

/// How long an upgrade waits for another process upgrading the same
/// directory.
const UPGRADE_WAIT: Duration = Duration::from_secs(60);

/// The version recorded in `root`: `None` when there is no version file
/// (or no directory). An unreadable number is damage, never a guess.
pub fn read(root: &Path) -> Result<Option<u32>, StoreError> {
  let path = root.join(FILE);
  let bytes = match std::fs::read(&path) {
    Ok(bytes) => bytes,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
    Err(e) => return Err(StoreError::io("cannot read", &path, e)),
  };
  let text = String::from_utf8_lossy(&bytes);
  text.trim().parse::<u32>().map(Some).map_err(|_| StoreError::Damaged {
    path,
    message: format!("'{}' is not a format version number", text.trim()),
  })
}

/// Refuses a directory laid out by a newer judge, before anything in it
/// is touched.
pub fn refuse_newer(root: &Path) -> Result<Option<u32>, StoreError> {
  match read(root)? {
    Some(found) if found > CURRENT => Err(StoreError::FormatTooNew { found, known: CURRENT }),
    found => Ok(found),
  }
}

/// Whether `root` holds nothing yet (missing or empty): a directory the
/// judge is about to make, which needs no upgrade.
pub fn is_fresh(root: &Path) -> bool {
  match std::fs::read_dir(root) {
    Ok(mut entries) => entries.next().is_none(),
    Err(e) => e.kind() == std::io::ErrorKind::NotFound,
  }
}

/// Records [`CURRENT`] in a directory the judge has just made. (Processes
/// racing on a new directory all write the same number.)
pub fn stamp_new(data: &DataDir) -> Result<(), StoreError> {
  write(data, CURRENT)
}

/// Replaces the version file atomically (temporary file, fsync, rename).
/// Unlike `atomic::write` it passes no fault point, like the lock files
/// `ensure` makes: it is written once in a directory's life, a crash
/// leaves the old number or the new one (and every step may run again),
/// and counting it would renumber the changes every fault test names.
fn write(data: &DataDir, version: u32) -> Result<(), StoreError> {
  super::atomic::write_unhooked(&data.path(FILE), text(version).as_bytes())
}

/// Brings the directory up to [`CURRENT`], one step at a time, under a
/// lock so that two processes never run a step side by side. Returns the
/// steps run (none when it was up to date).
pub fn upgrade(data: &DataDir) -> Result<Vec<&'static str>, StoreError> {
  if refuse_newer(data.root())? == Some(CURRENT) {
    return Ok(Vec::new());
  }
  let _lock = Lock::acquire(&data.path("lock/format.lock"), UPGRADE_WAIT)?;
  // Another process may have upgraded it while we waited.
  let found = refuse_newer(data.root())?.unwrap_or(0);
  let mut done = Vec::new();
  for step in STEPS.iter().filter(|s| s.from >= found) {
    (step.run)(data)?;
    let version = step.from + 1;
    write(data, version)?;
    tracing::info!(format = version, step = step.what, "data directory upgraded");
    done.push(step.what);
  }
  Ok(done)
}

fn text(version: u32) -> String {
  format!("{version}\n")
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn the_steps_form_an_unbroken_path_to_the_current_format() {
    for (i, step) in STEPS.iter().enumerate() {
      assert_eq!(step.from, i as u32);
    }
    assert_eq!(CURRENT, STEPS.len() as u32);
  }

  #[test]
  fn a_missing_file_is_none_and_garbage_is_damage() {
    let dir = tempfile::tempdir().unwrap();
    assert!(matches!(read(dir.path()), Ok(None)));
    std::fs::write(dir.path().join(FILE), "one\n").unwrap();
    assert!(matches!(read(dir.path()), Err(StoreError::Damaged { .. })));
    std::fs::write(dir.path().join(FILE), format!("{}\n", CURRENT + 1)).unwrap();
    assert!(matches!(refuse_newer(dir.path()), Err(StoreError::FormatTooNew { .. })));
  }
}
