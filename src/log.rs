//! The judge's log, `DIR/log/judge.log`: one line per message handled or
//! sweep run (sender, game, commands, outcome, time taken). Passwords never
//! reach it: commands are logged by keyword only.

use std::fs::OpenOptions;
use std::sync::Mutex;

use crate::store::DataDir;

/// Starts logging to the data directory's log file. Returns false (and the
/// judge runs on without a log) if the file cannot be opened: a log must
/// never be the reason mail is refused.
pub fn start(data: &DataDir) -> bool {
  let path = data.path("log").join("judge.log");
  let Ok(file) = OpenOptions::new().create(true).append(true).open(&path) else {
    return false;
  };
  tracing_subscriber::fmt()
    .with_writer(Mutex::new(file))
    .with_ansi(false)
    .with_target(false)
    .try_init()
    .is_ok()
}
