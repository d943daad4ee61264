//! The data directory: where everything the judge keeps lives, written
//! atomically (write, fsync, rename) and changed under locks so that
//! simultaneous deliveries and a sweep lose nothing.
//!
//! ```text
//! DIR/format      the layout's version number (see format.rs)
//! DIR/judge.toml   the judgekeeper's settings
//! DIR/spool/       inbound messages not yet fully handled (sweep retries)
//! DIR/quarantine/  messages that failed again and again, set aside for
//!                  the keeper (see receive.rs)
//! DIR/pending/     handled messages whose mail is not yet written out
//! DIR/seen/        one file per handled message, kept a week, so a
//!                  redelivery is not carried out twice
//! DIR/queue/       outgoing mail the transport has not taken yet
//! DIR/outbox/      the file transport's .eml files
//! DIR/users/       registrations: <id>.toml, by-address/<address>
//! DIR/throttle/    recent wrong passwords, one file per seat
//! DIR/automatic/   one empty file per address that sent automatic mail
//! DIR/games/       one directory per game (see games.rs)
//! DIR/index/       one small summary per game, for LIST and the sweep
//! DIR/log/         judge.log, one line per message handled
//! DIR/lock/        lock files
//! ```

pub mod atomic;
pub mod automatic;
pub mod format;
pub mod game_file;
pub mod games;
pub mod ledger;
pub mod lock;
pub mod permissions;
pub mod queue;
pub mod seen;
pub mod spool;
pub mod throttle;
pub mod users;
pub mod web_sessions;

use std::io;
use std::path::{Path, PathBuf};

use crate::config::{self, Config};

/// A failure of the data directory. Any of these means the judge could not
/// finish for a passing reason (exit 75): the message stays with the MTA or
/// in the spool and is tried again.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
  #[error("{action} {path}: {source}")]
  Io { action: &'static str, path: PathBuf, source: io::Error },
  #[error("gave up waiting {seconds} s for the lock {path}")]
  LockTimeout { path: PathBuf, seconds: u64 },
  #[error("{path} is damaged: {message}")]
  Damaged { path: PathBuf, message: String },
  /// A newer judge laid the directory out: this one must not touch it
  /// (exit 75 keeps the mail with the MTA until the keeper acts).
  #[error(
    "data directory format {found} is newer than this judge understands ({known}); \
     upgrade the judge or restore the old binary"
  )]
  FormatTooNew { found: u32, known: u32 },
}

impl StoreError {
  pub fn io(action: &'static str, path: &Path, source: io::Error) -> StoreError {
    StoreError::Io { action, path: path.to_path_buf(), source }
  }
}

/// `text` as a file name that cannot leave its directory: letters, digits
/// and `@_+-` kept, a dot kept unless first, anything else written `%xx`.
pub(crate) fn safe_file_name(text: &str) -> String {
  let mut name = String::new();
  for (i, byte) in text.bytes().enumerate() {
    let safe = byte.is_ascii_alphanumeric() || b"@_+-".contains(&byte) || (byte == b'.' && i > 0);
    if safe {
      name.push(byte as char);
    } else {
      name.push_str(&format!("%{byte:02x}"));
    }
  }
  name
}

/// The judge's data directory.
#[derive(Clone, Debug)]
pub struct DataDir {
  root: PathBuf,
}

/// The folders of a data directory, made by [`DataDir::ensure`] (and
/// looked for by `judge check`).
pub const SUBDIRS: &[&str] = &[
  "spool",
  "pending",
  "quarantine",
  "seen",
  "queue",
  "outbox",
  "users",
  "users/by-address",
  "throttle",
  "games",
  "index",
  "log",
  "lock",
];

/// Lock files made once, so that handling a message adds no file.
const LOCKS: &[&str] =
  &["lock/messages.lock", "lock/users.lock", "lock/throttle.lock", "lock/format.lock"];

impl DataDir {
  pub fn new(root: impl Into<PathBuf>) -> DataDir {
    DataDir { root: root.into() }
  }

  pub fn root(&self) -> &Path {
    &self.root
  }

  pub fn path(&self, sub: &str) -> PathBuf {
    self.root.join(sub)
  }

  pub fn config_path(&self) -> PathBuf {
    self.root.join("judge.toml")
  }

  /// Creates whatever is missing: the directories and a commented
  /// `judge.toml`. Never overwrites an existing file. Returns whether the
  /// configuration file was written. What it makes is private to the
  /// judge's user (directories 0700, lock files 0600) even without the
  /// binary's umask, since the library may be driven by other programs.
  ///
  /// It first checks the format version (`format.rs`): a directory of a
  /// newer judge is refused untouched, an older one is upgraded, a new one
  /// is stamped with the current version.
  pub fn ensure(&self) -> Result<bool, StoreError> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    format::refuse_newer(&self.root)?;
    let fresh = format::is_fresh(&self.root);
    let mut dirs = std::fs::DirBuilder::new();
    dirs.recursive(true).mode(0o700);
    for sub in SUBDIRS {
      let path = self.path(sub);
      // Almost always there already: one stat then, where creating it
      // anyway costs a refused mkdir and the stat (every message pays it).
      if path.is_dir() {
        continue;
      }
      match dirs.create(&path) {
        Ok(()) => {}
        // A log must never be the reason work stops: without its folder
        // the judge logs to stderr (see log.rs).
        Err(_) if *sub == "log" => {}
        Err(e) => return Err(StoreError::io("cannot create", &path, e)),
      }
    }
    for lock in LOCKS {
      let path = self.path(lock);
      if !path.exists() {
        std::fs::OpenOptions::new()
          .write(true)
          .create(true)
          .truncate(false)
          .mode(0o600)
          .open(&path)
          .map_err(|e| StoreError::io("cannot create", &path, e))?;
      }
    }
    if fresh {
      format::stamp_new(self)?;
    } else {
      format::upgrade(self)?;
    }
    let config = self.config_path();
    if config.exists() {
      return Ok(false);
    }
    atomic::write_new(&config, config::TEMPLATE.as_bytes())
  }

  /// Reads `judge.toml` (all defaults when it is missing).
  pub fn config(&self) -> Result<Config, config::ConfigError> {
    Config::load(&self.config_path())
  }
}
