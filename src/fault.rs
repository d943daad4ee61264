//! Fault injection for the crash and full-disk tests: every change the
//! judge makes to its data directory passes through [`point`] first, so a
//! test can stop the process (or make the disk "full") exactly before the
//! Nth change and check that nothing is lost or done twice.
//!
//! Off unless the environment asks for it:
//! - `JUDGE_FAULT_AT=N` stops the process with `abort` (no destructor, no
//!   flush, as a SIGKILL would) at the Nth change;
//! - `JUDGE_FAULT_MODE=full` instead makes the Nth and every later change
//!   fail with "No space left on device";
//! - `JUDGE_FAULT_MODE=panic` instead panics at the Nth change (a bug met
//!   half-way).
//!
//! A judgekeeper never sets these; with them unset, a point costs one
//! relaxed atomic load.

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// What the environment asked for.
#[derive(Clone, Copy, Debug)]
struct Plan {
  at: u64,
  mode: Mode,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
  Abort,
  Full,
  Panic,
}

fn plan() -> Option<Plan> {
  static PLAN: OnceLock<Option<Plan>> = OnceLock::new();
  *PLAN.get_or_init(|| {
    let at = std::env::var("JUDGE_FAULT_AT").ok()?.trim().parse::<u64>().ok()?;
    let mode = match std::env::var("JUDGE_FAULT_MODE").as_deref().map(str::trim) {
      Ok("full") => Mode::Full,
      Ok("panic") => Mode::Panic,
      _ => Mode::Abort,
    };
    (at > 0).then_some(Plan { at, mode })
  })
}

/// Called before each change to the data directory; `what` names it for
/// the test's log. Fails (or never returns) when the test planned a fault
/// here.
pub fn point(what: &str) -> io::Result<()> {
  static COUNT: AtomicU64 = AtomicU64::new(0);
  let Some(plan) = plan() else { return Ok(()) };
  let n = COUNT.fetch_add(1, Ordering::Relaxed) + 1;
  match plan.mode {
    // Removing a file needs no room.
    Mode::Full if n >= plan.at && what != "remove" => {
      if n == plan.at {
        eprintln!("judge: fault injected at change {n} ({what}): the disk is full");
      }
      Err(io::Error::from_raw_os_error(28)) // ENOSPC
    }
    Mode::Panic if n == plan.at => panic!("fault injected at change {n} ({what})"),
    Mode::Abort if n == plan.at => {
      eprintln!("judge: fault injected at change {n} ({what})");
      std::process::abort()
    }
    _ => Ok(()),
  }
}
