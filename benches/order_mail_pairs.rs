//! One order mail beside its floors, taken in pairs (docs/performance.md,
//! "One order mail"). Criterion's figure for the mail moves by about a
//! millisecond from one run to the next on a small machine (the previous
//! run's files still being written out), more than the differences worth
//! measuring; so this runs, in turn and many times over, the three
//! processes to compare and takes the median of each round's differences:
//!
//! - the mail: `judge receive` of Austria's orders, signing on with the
//!   argon2id check, as `receive_order_mail_binary` sends it;
//! - the floor: `examples/password_floor` checking the same password
//!   against the same hash, nothing else (start-up, fresh memory, hash);
//! - the trivial process: the same example with nothing to do.
//!
//! Build the example first, then run this:
//!
//!     cargo build --release --example password_floor
//!     cargo bench --bench order_mail_pairs
//!
//! `JUDGE_PAIRS_ROUNDS` sets the rounds (80). `JUDGE_PAIRS_BASELINE=PATH`
//! times another build of the judge in turn with this one, each round
//! a trivial process, a check and a mail for each, and gives the difference
//! between the two: for a change's before and after, or the build the
//! keeper installs (`target/release/judge`, stripped) beside this one.

#[path = "support/games.rs"]
mod support;

#[path = "support/installed.rs"]
mod installed;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use judge::store::DataDir;

/// The binary's allocator (src/main.rs), as in the other benchmarks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
  let judge = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
  let floor = judge.with_file_name("examples").join("password_floor");
  if !floor.exists() {
    eprintln!(
      "{} is missing: build it first with `cargo build --release --example password_floor`",
      floor.display()
    );
    std::process::exit(2);
  }
  let rounds: usize =
    std::env::var("JUDGE_PAIRS_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(80);
  let dir = tempfile::tempdir().expect("temporary directory");
  let bin = tempfile::tempdir().expect("temporary directory");
  let (judge, floor) =
    (installed::installed(&judge, bin.path()), installed::installed(&floor, bin.path()));
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  let (orders, saved) = support::waiting_for_austria(&data, "bench", "sesame");
  let hash = stored_hash(&saved[0].1);

  let baseline = std::env::var_os("JUDGE_PAIRS_BASELINE").map(PathBuf::from);
  let mut mail = Vec::new();
  let mut check = Vec::new();
  let mut trivial = Vec::new();
  let mut before = Vec::new();
  let mut before_check = Vec::new();
  let mut sent = 0;
  let mut send = |judge: &Path| {
    for (path, bytes) in &saved {
      std::fs::write(path, bytes).expect("restore");
    }
    sent += 1;
    timed(judge_command(judge, dir.path()), Some(&support::order_mail(sent, &orders)))
  };
  let check_alone = || {
    let mut command = Command::new(&floor);
    command.env("FLOOR_HASH", &hash).env("FLOOR_PASSWORD", "sesame");
    timed(command, None)
  };
  for round in 0..rounds {
    match &baseline {
      // Each of the three goes first as often as the others.
      None => {
        for step in 0..3 {
          match (round + step) % 3 {
            0 => mail.push(send(&judge)),
            1 => check.push(check_alone()),
            _ => trivial.push(timed(Command::new(&floor), None)),
          }
        }
      }
      // The two builds in turn, each after a check and never straight
      // after the other's mail, whose files the system may still be
      // writing out: a mail that follows a mail is slower by most of a
      // millisecond.
      Some(other) => {
        for this_one in [round % 2 == 0, round % 2 == 1] {
          // Timed for both, kept for this build's pairs only, so that each
          // check is paired with the trivial process just before it.
          let trivial_time = timed(Command::new(&floor), None);
          if this_one {
            trivial.push(trivial_time);
            check.push(check_alone());
            mail.push(send(&judge));
          } else {
            before_check.push(check_alone());
            before.push(send(other));
          }
        }
      }
    }
  }
  let answered = std::fs::read_dir(data.path("outbox")).map(|d| d.count()).unwrap_or(0);
  assert_eq!(answered, sent as usize, "every message answered once");

  let beyond: Vec<f64> = mail.iter().zip(&check).map(|(m, c)| m - c).collect();
  let hash_alone: Vec<f64> = check.iter().zip(&trivial).map(|(c, t)| c - t).collect();
  println!("order_mail_pairs, {rounds} rounds, medians, wall clock:");
  println!("  one order mail (judge receive)              {:6.2} ms", median(&mail));
  println!("  the floor: the check alone, a fresh process {:6.2} ms", median(&check));
  println!("  a trivial process                           {:6.2} ms", median(&trivial));
  println!("  the mail beyond the floor (pairwise)        {:6.2} ms", median(&beyond));
  println!("  the check beyond a trivial process          {:6.2} ms", median(&hash_alone));
  if !before.is_empty() {
    let beyond: Vec<f64> = before.iter().zip(&before_check).map(|(m, c)| m - c).collect();
    let change: Vec<f64> = mail.iter().zip(&before).map(|(m, b)| m - b).collect();
    println!("  the baseline's mail                         {:6.2} ms", median(&before));
    println!("  the baseline's mail beyond the floor        {:6.2} ms", median(&beyond));
    println!("  this judge less the baseline (pairwise)     {:6.2} ms", median(&change));
  }
}

/// The password hash stored for Austria, from the saved game file.
fn stored_hash(game_file: &[u8]) -> String {
  let game: serde_json::Value = serde_json::from_slice(game_file).expect("the saved game");
  game["members"][0]["password"].as_str().expect("a password hash").to_string()
}

fn judge_command(judge: &Path, root: &Path) -> Command {
  let mut command = Command::new(judge);
  command.arg("--data").arg(root).args(["--now", "2026-03-02T13:00:00Z", "receive"]);
  command
}

/// Milliseconds from the start of the process to its exit, its input
/// written to it first.
fn timed(mut command: Command, input: Option<&[u8]>) -> f64 {
  let start = Instant::now();
  let mut child = command
    .stdin(Stdio::piped())
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .expect("the process starts");
  if let (Some(mut stdin), Some(input)) = (child.stdin.take(), input) {
    let _ = stdin.write_all(input);
  }
  let status = child.wait().expect("the process ends");
  let elapsed = start.elapsed().as_secs_f64() * 1000.0;
  assert!(status.success(), "{status}");
  elapsed
}

fn median(values: &[f64]) -> f64 {
  let mut sorted = values.to_vec();
  sorted.sort_by(f64::total_cmp);
  sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}
