//! `judge adjudicate`, the whole process, on the varied corpus of
//! `json_lines_varied_1000` (docs/performance.md, "Varied phases"): the
//! figure issue 22 §5 names, 15 µs a phase end to end, start-up included,
//! the answers written to `/dev/null` as the issue measured them. One run
//! moves by a millisecond or so from the next on a small machine, so this
//! runs it many times, in turn with `judge --version` (start-up and exit
//! only), and gives the medians of the wall clock and of the CPU time; a
//! last run writes the answers to a file, to check there is one a phase.
//!
//!     cargo bench --bench adjudicate_pairs
//!
//! `JUDGE_PAIRS_ROUNDS` sets the rounds (40).

#[path = "support/corpus.rs"]
mod corpus;

#[path = "support/installed.rs"]
mod installed;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const PHASES: usize = 1000;

fn main() {
  let judge = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
  let rounds: usize =
    std::env::var("JUDGE_PAIRS_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(40);
  let dir = tempfile::tempdir().expect("temporary directory");
  let judge = installed::installed(&judge, dir.path());
  let input = dir.path().join("varied.jsonl");
  let mut corpus = corpus::varied_phases(corpus::SEED, PHASES).join("\n");
  corpus.push('\n');
  std::fs::write(&input, corpus).expect("the corpus written");
  let answers = dir.path().join("answers.jsonl");
  let null = Path::new("/dev/null");

  let mut phases = Vec::new();
  let mut trivial = Vec::new();
  for round in 0..rounds {
    // Each goes first as often as the other.
    for step in 0..2 {
      if (round + step) % 2 == 0 {
        phases.push(timed(&judge, &["adjudicate"], &input, null));
      } else {
        trivial.push(timed(&judge, &["--version"], &input, null));
      }
    }
  }
  timed(&judge, &["adjudicate"], &input, &answers);
  let answers = std::fs::read_to_string(&answers).expect("the answers");
  assert_eq!(answers.lines().count(), PHASES, "one answer a phase");

  let wall = |runs: &[(f64, f64)]| median(runs.iter().map(|r| r.0));
  let cpu = |runs: &[(f64, f64)]| median(runs.iter().map(|r| r.1));
  let cores = std::thread::available_parallelism().map_or(1, usize::from);
  println!("adjudicate_pairs, {rounds} rounds, {PHASES} phases, {cores} cores, medians:");
  println!("  judge adjudicate, wall clock      {:6.2} ms", wall(&phases));
  println!("  judge adjudicate, CPU (all cores) {:6.2} ms", cpu(&phases));
  println!("  judge --version, wall clock       {:6.2} ms", wall(&trivial));
  println!("  a phase, end to end               {:6.2} µs", wall(&phases) * 1000.0 / PHASES as f64);
}

/// Wall clock and CPU time (user and system, every thread) in
/// milliseconds, of `judge ARGS < input > output`.
fn timed(judge: &Path, args: &[&str], input: &Path, output: &Path) -> (f64, f64) {
  let stdin = std::fs::File::open(input).expect("the corpus");
  let stdout = std::fs::OpenOptions::new()
    .write(true)
    .create(true)
    .truncate(true)
    .open(output)
    .expect("the answers file");
  let before = children_cpu();
  let start = Instant::now();
  let status = Command::new(judge)
    .args(args)
    .stdin(stdin)
    .stdout(stdout)
    .stderr(Stdio::null())
    .status()
    .expect("the process runs");
  let wall = start.elapsed().as_secs_f64() * 1000.0;
  assert!(status.success(), "{status}");
  (wall, children_cpu() - before)
}

/// CPU milliseconds of the children waited for so far.
fn children_cpu() -> f64 {
  // SAFETY: `getrusage` fills the struct it is given and nothing else.
  let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
  // SAFETY: as above; `usage` is a valid, writable `rusage`.
  if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) } != 0 {
    return f64::NAN;
  }
  let ms = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
  ms(usage.ru_utime) + ms(usage.ru_stime)
}

fn median(values: impl Iterator<Item = f64>) -> f64 {
  let mut sorted: Vec<f64> = values.collect();
  sorted.sort_by(f64::total_cmp);
  sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}
