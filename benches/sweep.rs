//! The cron sweep at scale: `judge sweep` over 10,000 and over 100,000 games
//! of which none is due (it reads the index and opens nothing), and over
//! 1,000 games that are all due at once (each is locked, processed,
//! committed and its results mailed to eight members by the file transport). The games are
//! written before the timing; in the second benchmark they are put back
//! after each run.

#[path = "support/games.rs"]
mod support;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use judge::map::Map;
use judge::store::DataDir;
use judge::sweep;
use support::{named, t0, waiting, write_fast};

fn ready_data() -> (tempfile::TempDir, DataDir) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  (dir, data)
}

fn sweep_10000_games_nothing_due(c: &mut Criterion) {
  let (_dir, data) = ready_data();
  let config = data.config().expect("default config");
  let map = Map::standard().expect("the standard map");
  for n in 0..10_000 {
    write_fast(&data, waiting(map, &format!("g{n}")));
  }
  let now = t0() + chrono::Duration::days(1);
  c.bench_function("sweep_10000_games_nothing_due", |b| {
    b.iter(|| {
      let report = sweep::sweep(&data, &config, now).expect("the sweep runs");
      assert_eq!(report.changed, 0);
      black_box(report)
    })
  });
}

/// 100,000 idle games, as a large judge has them: each game's index entry
/// as the store writes it (from the same waiting game, renamed) and its
/// folder, the game files hard links to a few copies of one file, which the
/// sweep does not open when nothing is due. The figure of issue 22 §5: under 1 s.
fn sweep_100000_games_nothing_due(c: &mut Criterion) {
  let (_dir, data) = ready_data();
  let config = data.config().expect("default config");
  let map = Map::standard().expect("the standard map");
  write_fast(&data, waiting(map, "g0"));
  let mut first = data.path("games").join("g0").join("game.json");
  let mut entry = judge::store::games::IndexEntry::of(&waiting(map, "g0"));
  for n in 1..100_000 {
    let name = format!("g{n}");
    let dir = data.path("games").join(&name);
    std::fs::create_dir_all(&dir).expect("the game directory");
    let file = dir.join("game.json");
    // A file takes at most 65,000 links on ext4: a copy now and then.
    if n % 50_000 == 0 {
      std::fs::copy(&first, &file).expect("the game file");
      first = file;
    } else {
      std::fs::hard_link(&first, file).expect("the game file");
    }
    entry.name = name;
    let index = serde_json::to_vec(&entry).expect("json");
    std::fs::write(data.path("index").join(format!("{}.json", entry.name)), index).expect("index");
  }
  let now = t0() + chrono::Duration::days(1);
  c.bench_function("sweep_100000_games_nothing_due", |b| {
    b.iter(|| {
      let report = sweep::sweep(&data, &config, now).expect("the sweep runs");
      assert_eq!(report.changed, 0);
      black_box(report)
    })
  });
}

fn sweep_1000_games_all_due(c: &mut Criterion) {
  let (_dir, data) = ready_data();
  let config = data.config().expect("default config");
  let map = Map::standard().expect("the standard map");
  let mut saved: Vec<(PathBuf, Vec<u8>)> = Vec::new();
  for n in 0..1_000 {
    let name = format!("d{n}");
    write_fast(&data, named(map, &name));
    for path in [
      data.path("games").join(&name).join("game.json"),
      data.path("index").join(format!("{name}.json")),
    ] {
      let bytes = std::fs::read(&path).expect("the file just written");
      saved.push((path, bytes));
    }
  }
  let now = t0() + chrono::Duration::days(1);
  let outbox = data.path("outbox");
  c.bench_function("sweep_1000_games_all_due", |b| {
    b.iter_batched(
      || {
        for (path, bytes) in &saved {
          std::fs::write(path, bytes).expect("restore");
        }
        let _ = std::fs::remove_dir_all(&outbox);
        std::fs::create_dir_all(&outbox).expect("outbox");
      },
      |()| {
        let report = sweep::sweep(&data, &config, now).expect("the sweep runs");
        assert_eq!(report.processed, 1_000);
        black_box(report)
      },
      BatchSize::PerIteration,
    )
  });
}

criterion_group! {
  name = nothing_due;
  config = Criterion::default().measurement_time(Duration::from_secs(15)).sample_size(10);
  targets = sweep_10000_games_nothing_due, sweep_100000_games_nothing_due
}
criterion_group! {
  name = all_due;
  config = Criterion::default().measurement_time(Duration::from_secs(120)).sample_size(10);
  targets = sweep_1000_games_all_due
}
criterion_main!(nothing_due, all_due);

/// The binary's allocator (src/main.rs), so the figures are the judge's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
