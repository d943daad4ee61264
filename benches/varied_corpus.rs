//! Writes the varied corpus of `json_lines_varied_1000` (1,000 mid-game
//! phases of seeded random games) to stdout as JSON Lines, for timing the
//! binary on it (docs/performance.md):
//!
//!     cargo bench --bench varied_corpus > /tmp/varied.jsonl
//!     time ./target/release/judge adjudicate < /tmp/varied.jsonl > /dev/null

#[path = "support/corpus.rs"]
mod corpus;

use std::io::Write;

fn main() {
  let count =
    std::env::var("JUDGE_CORPUS_PHASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1000);
  let mut out = std::io::stdout().lock();
  for line in corpus::varied_phases(corpus::SEED, count) {
    if writeln!(out, "{line}").is_err() {
      return;
    }
  }
}
