//! Atomic file writes: a reader sees the old file or the new one, never
//! half of either, and a crash leaves one of the two on disk.

use std::io::Write;
use std::os::fd::OwnedFd;
use std::path::Path;

use atomic_write_file::AtomicWriteFile;
use rustix::fs::{Mode, OFlags};

use super::StoreError;
use crate::fault;

/// Replaces `path` with `bytes` (write a temporary file, fsync, rename,
/// fsync the directory).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
  fault::point("write").map_err(|e| StoreError::io("cannot create", path, e))?;
  write_unhooked(path, bytes)
}

/// As [`write`], without the fault-injection point: for the data
/// directory's format file, written before the changes the crash tests
/// count.
pub fn write_unhooked(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
  let mut file =
    AtomicWriteFile::open(path).map_err(|e| StoreError::io("cannot create", path, e))?;
  file.write_all(bytes).map_err(|e| StoreError::io("cannot write", path, e))?;
  file.commit().map_err(|e| StoreError::io("cannot save", path, e))
}

/// Writes `path` only if it does not exist yet; returns whether it wrote.
/// (Two processes racing both see `false` or one `true`: the file is
/// created by hard-linking a finished temporary file into place.)
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<bool, StoreError> {
  let dir = path.parent().unwrap_or(Path::new("."));
  let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
  let temp = dir.join(format!(".{name}.{}.new", std::process::id()));
  write(&temp, bytes)?;
  let linked = fault::point("link").and_then(|()| std::fs::hard_link(&temp, path));
  let _ = std::fs::remove_file(&temp);
  match linked {
    Ok(()) => Ok(true),
    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
    Err(e) => Err(StoreError::io("cannot create", path, e)),
  }
}

/// Removes `path`; a file that is already gone is fine.
pub fn remove(path: &Path) -> Result<(), StoreError> {
  match fault::point("remove").and_then(|()| std::fs::remove_file(path)) {
    Ok(()) => Ok(()),
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
    Err(e) => Err(StoreError::io("cannot remove", path, e)),
  }
}

/// The files of a directory whose names end with `suffix`, sorted by name
/// (a missing directory has none).
pub fn list(dir: &Path, suffix: &str) -> Result<Vec<std::path::PathBuf>, StoreError> {
  let entries = match std::fs::read_dir(dir) {
    Ok(entries) => entries,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
    Err(e) => return Err(StoreError::io("cannot list", dir, e)),
  };
  let mut paths = Vec::new();
  for entry in entries {
    let entry = entry.map_err(|e| StoreError::io("cannot list", dir, e))?;
    let name = entry.file_name();
    let Some(name) = name.to_str() else { continue };
    if name.ends_with(suffix) && !name.starts_with('.') {
      paths.push(entry.path());
    }
  }
  paths.sort();
  Ok(paths)
}

/// The names of the files in `dir` ending in `suffix`, leaving out
/// temporary (dot) files, in order: [`list`] without a path for each.
pub fn list_names(dir: &Path, suffix: &str) -> Result<Vec<String>, StoreError> {
  let entries = match std::fs::read_dir(dir) {
    Ok(entries) => entries,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
    Err(e) => return Err(StoreError::io("cannot list", dir, e)),
  };
  let mut names = Vec::new();
  for entry in entries {
    let entry = entry.map_err(|e| StoreError::io("cannot list", dir, e))?;
    let Ok(name) = entry.file_name().into_string() else { continue };
    if name.ends_with(suffix) && !name.starts_with('.') {
      names.push(name);
    }
  }
  names.sort_unstable();
  Ok(names)
}

/// Opens a folder for reading many of its files by name ([`read_in`]).
pub fn open_dir(dir: &Path) -> Result<OwnedFd, StoreError> {
  let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
  rustix::fs::open(dir, flags, Mode::empty())
    .map_err(|e| StoreError::io("cannot list", dir, e.into()))
}

/// Reads the file `name` of the open folder `dir` into `bytes` (cleared
/// first) and gives what `take` makes of them; `None` when there is no
/// such file. By name in the open folder, into a buffer used again: for
/// reading thousands of small files. A regular file reads short only at
/// its end, so when the first read leaves room to spare, `take` is tried
/// at once and the read that would find the end is saved (a quarter of
/// the system calls for a small file); should it fail, the file is read
/// to its end and `take` tried again, so a read cut short by anything
/// else costs time, never a wrong answer.
pub fn read_in<T, E>(
  dir: &OwnedFd,
  name: &str,
  bytes: &mut Vec<u8>,
  take: impl Fn(&[u8]) -> Result<T, E>,
) -> std::io::Result<Option<Result<T, E>>> {
  bytes.clear();
  let file = match rustix::fs::openat(dir, name, OFlags::RDONLY | OFlags::CLOEXEC, Mode::empty()) {
    Ok(file) => file,
    Err(rustix::io::Errno::NOENT) => return Ok(None),
    Err(e) => return Err(e.into()),
  };
  let mut first = true;
  loop {
    bytes.reserve(4096);
    let room = bytes.capacity() - bytes.len();
    match rustix::io::read(&file, rustix::buffer::spare_capacity(bytes)) {
      Ok(0) => return Ok(Some(take(bytes))),
      Ok(n) if first && n < room => {
        if let Ok(taken) = take(bytes) {
          return Ok(Some(Ok(taken)));
        }
      }
      Ok(_) => {}
      Err(rustix::io::Errno::INTR) => continue,
      Err(e) => return Err(e.into()),
    }
    first = false;
  }
}

/// Replaces `path` with `bytes` by writing a temporary file and renaming
/// it, without waiting for the disk: for files written in a batch that
/// [`sync_filesystem`] then makes durable with one call.
pub fn write_unsynced(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
  let dir = path.parent().unwrap_or(Path::new("."));
  let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
  let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
  fault::point("write")
    .and_then(|()| std::fs::write(&temp, bytes))
    .map_err(|e| StoreError::io("cannot write", &temp, e))?;
  fault::point("rename")
    .and_then(|()| std::fs::rename(&temp, path))
    .map_err(|e| StoreError::io("cannot save", path, e))
}

/// Makes a file written by [`write_unsynced`] durable, its name in its
/// folder included.
pub fn sync_file(path: &Path) -> Result<(), StoreError> {
  fault::point("sync").map_err(|e| StoreError::io("cannot sync", path, e))?;
  let file = std::fs::File::open(path).map_err(|e| StoreError::io("cannot open", path, e))?;
  file.sync_all().map_err(|e| StoreError::io("cannot sync", path, e))?;
  let dir = path.parent().unwrap_or(Path::new("."));
  let folder = std::fs::File::open(dir).map_err(|e| StoreError::io("cannot open", dir, e))?;
  folder.sync_all().map_err(|e| StoreError::io("cannot sync", dir, e))
}

/// Makes everything written to the filesystem holding `dir` durable (one
/// `syncfs` instead of an fsync per file).
pub fn sync_filesystem(dir: &Path) -> Result<(), StoreError> {
  fault::point("sync").map_err(|e| StoreError::io("cannot sync", dir, e))?;
  let handle = std::fs::File::open(dir).map_err(|e| StoreError::io("cannot open", dir, e))?;
  rustix::fs::syncfs(&handle).map_err(|e| StoreError::io("cannot sync", dir, e.into()))
}

/// Whether the file at `path` was last changed more than `age` ago (by
/// the machine's clock, which is what stamps files).
pub fn older_than(path: &Path, age: std::time::Duration) -> bool {
  std::fs::symlink_metadata(path)
    .and_then(|m| m.modified())
    .ok()
    .and_then(|modified| modified.elapsed().ok())
    .is_some_and(|elapsed| elapsed > age)
}

/// Removes the temporary files that writes killed half-way left in `dir`
/// (names starting with a dot: `.name.XXXXXX`, `.name.PID.tmp`,
/// `.name.PID.new`), if older than `age` so no live write is disturbed.
/// Returns how many it removed; a missing directory has none.
pub fn clean_temporaries(dir: &Path, age: std::time::Duration) -> Result<usize, StoreError> {
  let entries = match std::fs::read_dir(dir) {
    Ok(entries) => entries,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
    Err(e) => return Err(StoreError::io("cannot list", dir, e)),
  };
  let mut removed = 0;
  for entry in entries {
    let entry = entry.map_err(|e| StoreError::io("cannot list", dir, e))?;
    let is_temporary =
      entry.file_name().to_str().is_some_and(|n| n.starts_with('.') && n.len() > 1);
    let is_file = entry.file_type().is_ok_and(|t| t.is_file());
    if is_temporary && is_file && older_than(&entry.path(), age) {
      remove(&entry.path())?;
      removed += 1;
    }
  }
  Ok(removed)
}

#[cfg(test)]
mod tests {
  use super::*;

  fn lengths(dir: &OwnedFd, name: &str) -> Option<Result<usize, String>> {
    let mut bytes = Vec::new();
    read_in(dir, name, &mut bytes, |b| {
      // Whole only when it ends as the file was written.
      if b.ends_with(b"END") {
        Ok(b.len())
      } else {
        Err(format!("cut at {}", b.len()))
      }
    })
    .unwrap()
  }

  #[test]
  fn read_in_gives_every_file_whole_or_says_it_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    for size in [3, 10, 4095, 4096, 4097, 20_000] {
      let mut text = "x".repeat(size - 3);
      text.push_str("END");
      std::fs::write(dir.path().join(format!("f{size}")), text).unwrap();
    }
    std::fs::write(dir.path().join("empty"), "").unwrap();
    let open = open_dir(dir.path()).unwrap();
    for size in [3, 10, 4095, 4096, 4097, 20_000] {
      assert_eq!(lengths(&open, &format!("f{size}")), Some(Ok(size)), "{size} bytes");
    }
    assert_eq!(lengths(&open, "empty"), Some(Err("cut at 0".into())));
    assert_eq!(lengths(&open, "missing"), None);
  }
}
