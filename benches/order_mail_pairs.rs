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
//! `JUDGE_PAIRS_ROUNDS` sets the rounds (80).

#[path = "support/games.rs"]
mod support;

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
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  let (orders, saved) = support::waiting_for_austria(&data, "bench", "sesame");
  let hash = stored_hash(&saved[0].1);

  let mut mail = Vec::new();
  let mut check = Vec::new();
  let mut trivial = Vec::new();
  for round in 0..rounds {
    // Each of the three goes first as often as the others.
    for step in 0..3 {
      match (round + step) % 3 {
        0 => {
          for (path, bytes) in &saved {
            std::fs::write(path, bytes).expect("restore");
          }
          let message = support::order_mail(round as u64, &orders);
          mail.push(timed(judge_command(&judge, dir.path()), Some(&message)));
        }
        1 => {
          let mut command = Command::new(&floor);
          command.env("FLOOR_HASH", &hash).env("FLOOR_PASSWORD", "sesame");
          check.push(timed(command, None));
        }
        _ => trivial.push(timed(Command::new(&floor), None)),
      }
    }
  }
  let answered = std::fs::read_dir(data.path("outbox")).map(|d| d.count()).unwrap_or(0);
  assert_eq!(answered, rounds, "every message answered once");

  let beyond: Vec<f64> = mail.iter().zip(&check).map(|(m, c)| m - c).collect();
  let hash_alone: Vec<f64> = check.iter().zip(&trivial).map(|(c, t)| c - t).collect();
  println!("order_mail_pairs, {rounds} rounds, medians, wall clock:");
  println!("  one order mail (judge receive)              {:6.2} ms", median(&mail));
  println!("  the floor: the check alone, a fresh process {:6.2} ms", median(&check));
  println!("  a trivial process                           {:6.2} ms", median(&trivial));
  println!("  the mail beyond the floor (pairwise)        {:6.2} ms", median(&beyond));
  println!("  the check beyond a trivial process          {:6.2} ms", median(&hash_alone));
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
