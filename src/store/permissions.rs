//! Keeping the data directory private to the judge's own user.
//!
//! The directory holds `judge.toml` (with the SMTP password), password
//! hashes, postal addresses and spooled raw mail with passwords in clear,
//! so nothing in it may be readable by other local users. The binary sets
//! its umask to 077 before anything is written (see `cli::run`), so what
//! the judge makes is 0600 (files) and 0700 (directories);
//! `atomic-write-file` creates with 0666 less the umask and keeps the mode
//! of the file it replaces, so a file that was loose before stays loose
//! until [`tighten`] fixes it. [`tighten`] repairs a directory made by an
//! older judge or by hand.

use std::fs::{self, Permissions};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

use super::StoreError;

/// The bits that let anyone but the owner in.
const LOOSE: u32 = 0o077;
/// What a directory is set to when it is tightened.
const DIR_MODE: u32 = 0o700;
/// What a file is set to when it is tightened.
const FILE_MODE: u32 = 0o600;

/// Takes group and other permissions off everything in the data directory
/// at `root` (directories become 0700, files 0600; symbolic links are
/// neither followed nor changed) and returns how many entries it changed.
///
/// Cheap when all is well: it looks only at the root, and walks the tree
/// only when the root itself lets other users in. That is enough because a
/// root of 0700 lets no other user reach anything inside it, whatever the
/// modes there; and a root found loose (an old install, or opened by hand)
/// gets the whole tree walked again. So the sweep may call this every run
/// on a directory with 100,000 games and pay for one `stat`.
///
/// The root is closed first, so other users are shut out at once even if
/// the walk then fails. An entry that cannot be changed (owned by another
/// user, say) does not stop the walk; the first such failure is returned
/// at the end, after everything else was tightened.
pub fn tighten(root: &Path) -> Result<usize, StoreError> {
  // The root may be a symbolic link to the real directory: follow it.
  let meta = fs::metadata(root).map_err(|e| StoreError::io("cannot inspect", root, e))?;
  if meta.mode() & LOOSE == 0 {
    return Ok(0);
  }
  set_mode(root, DIR_MODE)?;
  let mut changed = 1;
  let mut first_error = None;
  walk(root, &mut changed, &mut first_error);
  match first_error {
    Some(error) => Err(error),
    None => Ok(changed),
  }
}

/// Tightens everything under `dir` (not `dir` itself), depth first; a
/// directory is tightened before it is entered.
fn walk(dir: &Path, changed: &mut usize, first_error: &mut Option<StoreError>) {
  let mut note = |error: StoreError| {
    first_error.get_or_insert(error);
  };
  let entries = match fs::read_dir(dir) {
    Ok(entries) => entries,
    Err(e) => return note(StoreError::io("cannot list", dir, e)),
  };
  let mut subdirs = Vec::new();
  for entry in entries {
    let entry = match entry {
      Ok(entry) => entry,
      Err(e) => {
        note(StoreError::io("cannot list", dir, e));
        continue;
      }
    };
    let path = entry.path();
    // symlink_metadata: a link is looked at, never followed.
    let meta = match fs::symlink_metadata(&path) {
      Ok(meta) => meta,
      // Removed while we walked (a message handled meanwhile): nothing to do.
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
      Err(e) => {
        note(StoreError::io("cannot inspect", &path, e));
        continue;
      }
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
      continue;
    }
    if meta.mode() & LOOSE != 0 {
      let mode = if kind.is_dir() { DIR_MODE } else { FILE_MODE };
      match set_mode(&path, mode) {
        Ok(()) => *changed += 1,
        Err(error) => note(error),
      }
    }
    if kind.is_dir() {
      subdirs.push(path);
    }
  }
  for sub in subdirs {
    walk(&sub, changed, first_error);
  }
}

fn set_mode(path: &Path, mode: u32) -> Result<(), StoreError> {
  fs::set_permissions(path, Permissions::from_mode(mode))
    .map_err(|e| StoreError::io("cannot change the permissions of", path, e))
}

#[cfg(test)]
mod tests {
  use super::*;

  fn mode(path: &Path) -> u32 {
    fs::symlink_metadata(path).map(|m| m.mode() & 0o7777).unwrap_or(0)
  }

  fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, Permissions::from_mode(mode)).unwrap();
  }

  #[test]
  fn a_loose_tree_is_closed_and_links_are_left_alone() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("data");
    fs::create_dir_all(root.join("games/g")).unwrap();
    fs::write(root.join("judge.toml"), "x").unwrap();
    fs::write(root.join("games/g/game.toml"), "x").unwrap();
    let outside = temp.path().join("outside");
    fs::write(&outside, "x").unwrap();
    chmod(&outside, 0o644);
    std::os::unix::fs::symlink(&outside, root.join("games/link")).unwrap();
    chmod(&root, 0o755);
    chmod(&root.join("games"), 0o755);
    chmod(&root.join("games/g"), 0o750);
    chmod(&root.join("judge.toml"), 0o644);
    chmod(&root.join("games/g/game.toml"), 0o640);

    assert_eq!(tighten(&root).unwrap(), 5);
    assert_eq!(mode(&root), 0o700);
    assert_eq!(mode(&root.join("games/g")), 0o700);
    assert_eq!(mode(&root.join("judge.toml")), 0o600);
    assert_eq!(mode(&root.join("games/g/game.toml")), 0o600);
    assert_eq!(mode(&outside), 0o644, "a symbolic link is not followed");
    assert_eq!(tighten(&root).unwrap(), 0);
  }

  #[test]
  fn a_closed_root_is_not_walked() {
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("data");
    fs::create_dir_all(&root).unwrap();
    fs::write(root.join("file"), "x").unwrap();
    chmod(&root.join("file"), 0o644);
    chmod(&root, 0o700);
    assert_eq!(tighten(&root).unwrap(), 0);
    assert_eq!(mode(&root.join("file")), 0o644);
  }
}
