//! The data directory: where everything the judge keeps lives, written
//! atomically (write, fsync, rename) and changed under locks so that
//! simultaneous deliveries and a sweep lose nothing.
//!
//! ```text
//! DIR/judge.toml   the judgekeeper's settings
//! DIR/spool/       inbound messages not yet fully handled (sweep retries)
//! DIR/seen/        one file per handled message, so a redelivery is not
//!                  applied twice
//! DIR/queue/       outgoing mail the transport has not taken yet
//! DIR/outbox/      the file transport's .eml files
//! DIR/users/       registrations: <id>.toml, by-address/<address>
//! DIR/games/       one directory per game (see games.rs)
//! DIR/index/       one small summary per game, for LIST and the sweep
//! DIR/log/         judge.log, one line per message handled
//! DIR/lock/        lock files
//! ```

pub mod atomic;
pub mod game_file;
pub mod games;
pub mod ledger;
pub mod lock;
pub mod queue;
pub mod seen;
pub mod spool;
pub mod users;

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
}

impl StoreError {
  pub fn io(action: &'static str, path: &Path, source: io::Error) -> StoreError {
    StoreError::Io { action, path: path.to_path_buf(), source }
  }
}

/// The judge's data directory.
#[derive(Clone, Debug)]
pub struct DataDir {
  root: PathBuf,
}

const SUBDIRS: &[&str] = &[
  "spool",
  "seen",
  "queue",
  "outbox",
  "users",
  "users/by-address",
  "games",
  "index",
  "log",
  "lock",
];

/// Lock files made once, so that handling a message adds no file.
const LOCKS: &[&str] = &["lock/messages.lock", "lock/users.lock"];

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
  /// configuration file was written.
  pub fn ensure(&self) -> Result<bool, StoreError> {
    for sub in SUBDIRS {
      let path = self.path(sub);
      std::fs::create_dir_all(&path).map_err(|e| StoreError::io("cannot create", &path, e))?;
    }
    for lock in LOCKS {
      let path = self.path(lock);
      if !path.exists() {
        std::fs::write(&path, b"").map_err(|e| StoreError::io("cannot create", &path, e))?;
      }
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
