//! Processing speed: one movement phase of a 34-unit game, from disk to
//! results mail, as `judge sweep` does it when the phase is due: read the
//! index, lock and load the game, adjudicate, write the results and the
//! game atomically, and send the mail to its eight members by the file
//! transport. The game's files are put back before each run (not timed).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use judge::game::{Game, Member, Role, Settings, Status};
use judge::map::{Location, Map, UnitType};
use judge::position::Unit;
use judge::store::game_file::Stored;
use judge::store::games::{Change, Games, MailTarget};
use judge::store::DataDir;
use judge::sweep;

fn t0() -> DateTime<Utc> {
  Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).single().expect("a time")
}

/// A game in Spring 1905 with a unit on every supply centre (34 units),
/// every unit ordered (into a neighbouring foreign unit where there is
/// one, else holding), and its orders in since `t0`.
fn crowded_game(map: &'static Map) -> Game {
  let config = judge::config::Config::default();
  let deadlines = [config.movement.clone(), config.retreat.clone(), config.adjust.clone()];
  let mut game = Game::new("bench", map, Settings::new(map, deadlines), t0());
  let powers: Vec<judge::map::PowerId> = map.power_ids().collect();
  let mut owners = powers.iter().copied().cycle();
  for center in map.supply_centers() {
    let owner = match map.province(center).home_of {
      Some(home) => home,
      None => owners.next().expect("a power"),
    };
    game.position.set_owner(center, Some(owner));
    if game.position.unit_at(center).is_none() {
      let province = map.province(center);
      let kind = if province.is_land() { UnitType::Army } else { UnitType::Fleet };
      let location = Location::province(center);
      let _ = game.position.place(map, Unit { power: owner, kind, location });
    }
  }
  assert_eq!(game.position.units().count(), 34);
  game.position.phase = "S1905M".parse().expect("a phase");
  for (i, power) in map.power_ids().enumerate() {
    game.members.push(member(Role::Player, Some(power), i));
  }
  game.members.push(member(Role::Master, None, 7));
  game.status = Status::Active;
  game.seq = 17;
  let units: Vec<Unit> = game.position.units().collect();
  for unit in units {
    let here = map.location_abbr(unit.location);
    let target = map
      .army_neighbours(unit.location.province)
      .iter()
      .find(|&&p| game.position.unit_at(p).is_some_and(|other| other.power != unit.power));
    let attack =
      target.map(|&p| format!("{} {here} - {}", unit.kind.letter(), map.province(p).abbr));
    let taken = attack.is_some_and(|order| game.enter_order(unit.power, &order).is_ok());
    if !taken {
      game.enter_order(unit.power, &format!("{} {here} H", unit.kind.letter())).expect("a hold");
    }
  }
  game.timing.phase_began = t0();
  game.timing.deadline = Some(t0() + chrono::Duration::days(3));
  game.note_readiness(t0());
  game
}

fn member(role: Role, power: Option<judge::map::PowerId>, n: usize) -> Member {
  let password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA".to_string();
  let mut member = Member::new(role, &format!("player{n}@players.test"), None, password, t0());
  member.power = power;
  member
}

fn process_due_phase(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  let config = data.config().expect("default config");
  let map = Map::standard().expect("the standard map");
  let games = Games::new(&data, Duration::from_secs(5), MailTarget::Outbox(data.path("outbox")));
  let mut stored = Stored::new(crowded_game(map));
  let change = Change { origin: "setup".into(), ..Change::default() };
  games.commit(&mut stored, change).expect("the game is saved");
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
