//! Processing speed: one movement phase of a 34-unit game, from disk to
//! results mail, as `judge sweep` does it when the phase is due: read the
//! index, lock and load the game, adjudicate, write the results and the
//! game atomically, and send the mail to its eight members by the file
//! transport. The game's files are put back before each run (not timed).

#[path = "support/games.rs"]
mod support;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use judge::map::Map;
use judge::store::DataDir;
use judge::sweep;
use support::{crowded_game, games, save, t0};

fn process_due_phase(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  let config = data.config().expect("default config");
  let map = Map::standard().expect("the standard map");
  save(&games(&data), crowded_game(map));
  let game_file: PathBuf = data.path("games").join("bench").join("game.json");
  let index_file: PathBuf = data.path("index").join("bench.json");
  let saved =
    (std::fs::read(&game_file).expect("game"), std::fs::read(&index_file).expect("index"));
  let now = t0() + chrono::Duration::days(1);
  let outbox = data.path("outbox");
  c.bench_function("process_34_unit_movement_phase", |b| {
    b.iter_batched(
      || {
        std::fs::write(&game_file, &saved.0).expect("restore the game");
        std::fs::write(&index_file, &saved.1).expect("restore the index");
        let _ = std::fs::remove_dir_all(&outbox);
        std::fs::create_dir_all(&outbox).expect("outbox");
      },
      |()| {
        let report = sweep::sweep(&data, &config, now).expect("the sweep runs");
        assert_eq!(report.processed, 1);
        black_box(report)
      },
      BatchSize::PerIteration,
    )
  });
}

criterion_group! {
  name = benches;
  config = Criterion::default().measurement_time(Duration::from_secs(5)).sample_size(50);
  targets = process_due_phase
}
criterion_main!(benches);

/// The binary's allocator (src/main.rs), so the figures are the judge's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
