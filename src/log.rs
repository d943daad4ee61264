//! The judge's log, `DIR/log/judge.log`: one line per message handled or
//! sweep run (sender, game, commands, outcome, time taken). Passwords never
//! reach it: commands are logged by keyword only.

use std::fs::OpenOptions;
use std::sync::Mutex;

use crate::store::DataDir;

/// Starts logging to the data directory's log file, or, if the file
/// cannot be opened (a full disk, a folder made read-only), to stderr,
/// where the MTA or cron keeps it: a log must never be the reason mail is
/// refused or the sweep stops. Returns whether the log file is in use.
pub fn start(data: &DataDir) -> bool {
  let path = data.path("log").join("judge.log");
  match OpenOptions::new().create(true).append(true).open(&path) {
    Ok(file) => tracing_subscriber::fmt()
      .with_writer(Mutex::new(file))
      .with_ansi(false)
      .with_target(false)
      .try_init()
      .is_ok(),
    Err(error) => {
      let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .try_init();
      tracing::warn!(path = %path.display(), %error, "the log file cannot be written; logging to stderr");
      false
    }
  }
}
