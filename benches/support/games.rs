//! Games for the benchmarks, built in code: a crowded 34-unit game with
//! every order in, and a data directory holding many games at once.

#![allow(dead_code)]

use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use judge::game::{Game, Member, Role, Settings, Status};
use judge::map::{Location, Map, UnitType};
use judge::position::Unit;
use judge::store::game_file::Stored;
use judge::store::games::{Change, Games, MailTarget};
use judge::store::DataDir;

pub fn t0() -> DateTime<Utc> {
  Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).single().expect("a time")
}

/// A game in Spring 1905 with a unit on every supply centre (34 units),
/// every unit ordered (into a neighbouring foreign unit where there is
/// one, else holding), and its orders in since `t0`.
pub fn crowded_game(map: &'static Map) -> Game {
  let config = judge::config::Config::default();
  let deadlines = [config.movement.clone(), config.retreat.clone(), config.adjust.clone()];
  let mut game = Game::new("bench", map, Settings::new(map, deadlines), t0());
  let powers: Vec<judge::map::PowerId> = map.power_ids().collect();
  let mut owners = powers.iter().copied().cycle();
  for center in map.supply_centers() {
    let owner = match map.province(center).home_of.first().copied() {
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

pub fn member(role: Role, power: Option<judge::map::PowerId>, n: usize) -> Member {
  let password = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA".to_string();
  let mut member = Member::new(role, &format!("player{n}@players.test"), None, password, t0());
  member.power = power;
  member
}

/// A ready data directory whose games are written by the store.
pub fn games(data: &DataDir) -> Games {
  Games::new(data, Duration::from_secs(5), MailTarget::Outbox(data.path("outbox")))
}

/// Saves `game` into the data directory as a new game.
pub fn save(games: &Games, game: Game) {
  let mut stored = Stored::new(game);
  let change = Change { origin: "setup".into(), ..Change::default() };
  games.commit(&mut stored, change).expect("the game is saved");
}

/// The crowded game under another name.
pub fn named(map: &'static Map, name: &str) -> Game {
  let mut game = crowded_game(map);
  game.name = name.to_string();
  game
}

/// The crowded game with no orders in: nothing is due until its deadline.
pub fn waiting(map: &'static Map, name: &str) -> Game {
  let mut game = named(map, name);
  game.orders = vec![Default::default(); map.powers().len()];
  game.timing.orders_in = None;
  game
}

/// Writes a game and its index entry straight to disk, without the
/// store's syncs: for setting up thousands of games quickly.
pub fn write_fast(data: &DataDir, game: Game) {
  let dir = data.path("games").join(&game.name);
  std::fs::create_dir_all(&dir).expect("the game directory");
  let entry = judge::store::games::IndexEntry::of(&game);
  let bytes = judge::store::game_file::to_json(&Stored::new(game)).expect("json");
  std::fs::write(dir.join("game.json"), bytes).expect("the game file");
  let index = serde_json::to_vec(&entry).expect("json");
  std::fs::write(data.path("index").join(format!("{}.json", entry.name)), index).expect("index");
}

/// A data directory with the crowded game `name` waiting for orders, its
/// first player (Austria) with the password `password`: Austria's five
/// holds as a player would mail them, and the game's files, to put back
/// before each timed run.
pub fn waiting_for_austria(
  data: &DataDir,
  name: &str,
  password: &str,
) -> (String, Vec<(std::path::PathBuf, Vec<u8>)>) {
  let map = Map::standard().expect("the standard map");
  let mut game = waiting(map, name);
  game.members[0].password = judge::password::hash(password).expect("a hash");
  let austria = game.members[0].power.expect("a power");
  let orders: String = game
    .position
    .units()
    .filter(|unit| unit.power == austria)
    .map(|unit| format!("{} {} H\r\n", unit.kind.letter(), map.location_abbr(unit.location)))
    .collect();
  save(&games(data), game);
  let saved = [
    data.path("games").join(name).join("game.json"),
    data.path("index").join(format!("{name}.json")),
  ]
  .into_iter()
  .map(|path| {
    let bytes = std::fs::read(&path).expect("the file just written");
    (path, bytes)
  })
  .collect();
  (orders, saved)
}

/// What tells this run's messages from an earlier run's: with
/// `JUDGE_ORDER_MAIL_DIR` the data directory, and the judge's record of
/// the messages it has handled, outlive the run, and a message handled
/// before is answered "already carried out" without the password check.
fn run_stamp() -> u128 {
  static START: std::sync::OnceLock<u128> = std::sync::OnceLock::new();
  *START.get_or_init(|| {
    std::time::SystemTime::now()
      .duration_since(std::time::UNIX_EPOCH)
      .map(|d| d.as_nanos())
      .unwrap_or(0)
  })
}

/// Austria's orders in the game of [`waiting_for_austria`], as a player
/// mails them after signing on, with a Message-ID no other run uses.
pub fn order_mail(n: u64, orders: &str) -> Vec<u8> {
  format!(
    "From: player0@players.test\r\nTo: judge@localhost\r\nSubject: orders\r\n\
     Message-ID: <orders-{n}-{run}@players.test>\r\nDate: Mon, 02 Mar 2026 13:00:00 +0000\r\n\
     MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
     SIGN ON Abench sesame\r\n{orders}SIGN OFF\r\n",
    run = run_stamp(),
  )
  .into_bytes()
}
