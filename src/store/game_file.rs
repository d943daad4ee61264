//! The on-disk form of a game (`games/<name>/game.json`): settings,
//! members and clocks as they are; the board as unit texts (`F Stp/sc`)
//! and the orders as the players wrote them, checked again against the
//! board when read back, so a file edited by hand cannot smuggle in an
//! impossible unit or order. Orders kept for later phases are stored as
//! their lines and read back through the same checks as when they came.

use chrono::{DateTime, Utc};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::game::future::{self, Builder, Line};
use crate::game::master::Turn;
// The board kept with a phase's results is the pictures' own type.
pub use crate::game::picture::PastBoard;
use crate::game::{Game, Member, PostalPress, PowerOrders, Record, Settings, Status, Timing};
use crate::mail::outbound::Rendered;
use crate::map::{Map, PowerId};
use crate::order;
use crate::phase::Phase;
use crate::position::{unit_text, Dislodged, Position, Unit};
use crate::store::ledger::LedgerEntry;

/// The version of this layout, written into every file.
const FORMAT: u32 = 1;

/// How long a game remembers the origin of a change, so that a message
/// the mail system delivers again after a crash is recognised and not
/// carried out twice: longer than any MTA keeps retrying (Postfix's
/// `maximal_queue_lifetime` is five days by default).
pub const APPLIED_DAYS: i64 = 7;

/// The fewest recent origins kept whatever their age (a game idle for
/// weeks still recognises its last changes).
const APPLIED_KEPT: usize = 32;

/// The origin of one change made to a game, and when it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Applied {
  Timed {
    origin: String,
    at: DateTime<Utc>,
  },
  /// Files written before origins carried their time.
  Plain(String),
}

impl Applied {
  fn origin(&self) -> &str {
    match self {
      Applied::Timed { origin, .. } | Applied::Plain(origin) => origin,
    }
  }

  fn at(&self) -> Option<DateTime<Utc>> {
    match self {
      Applied::Timed { at, .. } => Some(*at),
      Applied::Plain(_) => None,
    }
  }
}

/// A game as stored, with what the store keeps beside it.
#[derive(Clone, Debug)]
pub struct Stored {
  pub game: Game,
  /// The origins (inbound message keys, sweep jobs) of the changes made
  /// in the last [`APPLIED_DAYS`] days (and at least the last few).
  pub applied: Vec<Applied>,
  /// The number the next history entry gets.
  pub history_next: u32,
  /// The mail and history of the latest change, kept until the next one so
  /// that a crash between saving and sending loses nothing.
  pub journal: Option<Journal>,
}

/// What one change sent and recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Journal {
  pub origin: String,
  /// Orders the change's files after everything written before it.
  pub stamp: String,
  pub mail: Vec<Rendered>,
  pub history: Vec<HistoryEntry>,
  /// What the change counted for the players' dedication.
  #[serde(default)]
  pub ledger: Vec<LedgerEntry>,
}

/// One entry of a game's history: something an observer saw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
  pub number: u32,
  pub time: DateTime<Utc>,
  /// The phase the game was in.
  pub phase: String,
  pub kind: HistoryKind,
  pub subject: String,
  pub body: String,
  /// With a phase's results: the board its orders were given in, so that
  /// MAP can draw any past phase (games before this was kept have none).
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub board: Option<PastBoard>,
  /// In a blind game, each viewer's own copy of these results, which is
  /// all HISTORY, MAP and the web show that viewer while the game runs.
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub views: Vec<SeenEntry>,
}

/// One viewer's copy of a blind game's results (`game/viewer.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenEntry {
  /// The viewer's key ([`crate::game::viewer::Viewer::key`]).
  pub viewer: String,
  pub body: String,
  pub board: PastBoard,
}

impl HistoryEntry {
  /// The entry as `viewer` (by key) may read it: the whole entry, or in
  /// a blind game that still hides things, the viewer's own copy; `None`
  /// when it has none (the entry came before the viewer's seat had one).
  pub fn seen_by(&self, viewer: &str, hides: bool) -> Option<(&str, Option<&PastBoard>)> {
    if !hides || viewer == "*" || self.views.is_empty() {
      return Some((&self.body, self.board.as_ref()));
    }
    self.views.iter().find(|v| v.viewer == viewer).map(|v| (v.body.as_str(), Some(&v.board)))
  }
}

/// What a history entry is, for HISTORY's filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HistoryKind {
  /// Turn results (and the end of the game).
  Results,
  /// Broadcast press.
  Broadcast,
  /// Any other notice to everyone: sign-ons, the start, resignations.
  Notice,
}

impl Stored {
  /// A game not saved before.
  pub fn new(game: Game) -> Stored {
    Stored { game, applied: Vec::new(), history_next: 1, journal: None }
  }

  /// Whether the change with this origin was already made to the game.
  pub fn was_applied(&self, origin: &str) -> bool {
    self.applied.iter().any(|a| a.origin() == origin)
  }

  /// Notes a change's origin made at `at`, and forgets origins older than
  /// [`APPLIED_DAYS`] beyond the last [`APPLIED_KEPT`]: forgetting goes
  /// by time, not by count, so a busy game cannot push out the record of
  /// a message the mail system may still deliver again.
  pub fn note_applied(&mut self, origin: &str, at: DateTime<Utc>) {
    self.applied.push(Applied::Timed { origin: origin.to_string(), at });
    let cutoff = at - chrono::Duration::days(APPLIED_DAYS);
    let keep_from = self.applied.len().saturating_sub(APPLIED_KEPT);
    let mut n = 0;
    self.applied.retain(|a| {
      n += 1;
      n > keep_from || a.at().is_some_and(|t| t >= cutoff)
    });
  }
}

#[derive(Serialize, Deserialize)]
struct GameFile {
  format: u32,
  name: String,
  variant: String,
  settings: Settings,
  status: Status,
  created: DateTime<Utc>,
  started: Option<DateTime<Utc>>,
  seq: u32,
  board: BoardFile,
  orders: Vec<OrdersFile>,
  members: Vec<Member>,
  timing: Timing,
  record: Record,
  #[serde(default)]
  postal: Vec<PostalPress>,
  /// The last turns played, for ROLLBACK.
  #[serde(default)]
  turns: Vec<TurnFile>,
  #[serde(default)]
  future: Vec<FutureFile>,
  /// A Crystal Ball game's order lists.
  #[serde(default, skip_serializing_if = "crate::game::xtal::Lists::is_empty")]
  xtal: crate::game::xtal::Lists,
  /// A Payola game's treasuries, acceptance lists and offer sheets.
  #[serde(default, skip_serializing_if = "crate::game::payola::Treasury::is_empty")]
  payola: crate::game::payola::Treasury,
  applied: Vec<Applied>,
  history_next: u32,
  journal: Option<Journal>,
}

/// A turn kept for ROLLBACK: the board and orders as they were before it
/// was processed.
#[derive(Serialize, Deserialize)]
struct TurnFile {
  seq: u32,
  board: BoardFile,
  orders: Vec<OrdersFile>,
  years: usize,
  victory_centers: u32,
  #[serde(default)]
  future: Vec<FutureFile>,
  #[serde(default, skip_serializing_if = "crate::game::xtal::Lists::is_empty")]
  xtal: crate::game::xtal::Lists,
  /// A Payola game's treasuries, acceptance lists and offer sheets.
  #[serde(default, skip_serializing_if = "crate::game::payola::Treasury::is_empty")]
  payola: crate::game::payola::Treasury,
}

#[derive(Serialize, Deserialize)]
struct BoardFile {
  phase: String,
  units: IndexMap<String, Vec<String>>,
  #[serde(default)]
  dislodged: Vec<DislodgedFile>,
  centers: IndexMap<String, Vec<String>>,
  /// Homes the game has changed (NEWHOMES, claimed homes); absent while
  /// the map's stand, and in files written before homes could change.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  homes: Option<IndexMap<String, Vec<String>>>,
  /// VASSAL_DUMMIES: each vassal and the power that controls it (none in
  /// files written before there were vassals).
  #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
  vassals: IndexMap<String, String>,
}

#[derive(Serialize, Deserialize)]
struct DislodgedFile {
  power: String,
  unit: String,
  attacker_from: Option<String>,
  retreats: Vec<String>,
}

#[derive(Serialize, Deserialize)]
struct OrdersFile {
  power: String,
  #[serde(default)]
  orders: Vec<String>,
  #[serde(default)]
  error_flag: bool,
  #[serde(default)]
  by_master: bool,
  #[serde(default, skip_serializing_if = "std::ops::Not::not")]
  received: bool,
}

/// A PHASE block: the power, the phase, the lines as kept.
#[derive(Serialize, Deserialize)]
struct FutureFile {
  power: String,
  phase: String,
  lines: Vec<Line>,
}

/// Writes a stored game as JSON.
pub fn to_json(stored: &Stored) -> Result<Vec<u8>, String> {
  let game = &stored.game;
  let map = game.map;
  let file = GameFile {
    format: FORMAT,
    name: game.name.clone(),
    variant: map.storage_key().to_string(),
    settings: game.settings.clone(),
    status: game.status.clone(),
    created: game.created,
    started: game.started,
    seq: game.seq,
    board: board_file(map, &game.position),
    orders: orders_file(map, &game.orders),
    members: game.members.clone(),
    timing: game.timing.clone(),
    record: game.record.clone(),
    postal: game.postal.clone(),
    turns: game
      .turns
      .iter()
      .map(|t| TurnFile {
        seq: t.seq,
        board: board_file(map, &t.position),
        orders: orders_file(map, &t.orders),
        years: t.years,
        victory_centers: t.victory_centers,
        future: t.future.iter().map(|f| future_file(map, f)).collect(),
        xtal: t.xtal.clone(),
        payola: t.payola.clone(),
      })
      .collect(),
    future: game.future.iter().map(|f| future_file(map, f)).collect(),
    xtal: game.xtal.clone(),
    payola: game.payola.clone(),
    applied: stored.applied.clone(),
    history_next: stored.history_next,
    journal: stored.journal.clone(),
  };
  serde_json::to_vec_pretty(&file).map_err(|e| e.to_string())
}

/// Reads a stored game back, checking everything against its map.
pub fn from_json(bytes: &[u8]) -> Result<Stored, String> {
  let file: GameFile = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
  if file.format != FORMAT {
    return Err(format!("format {} is not the format {FORMAT} this judge reads", file.format));
  }
  let map = Map::builtin(&file.variant).map_err(|e| e.to_string())?;
  // SET [NO] DUALITY plays the map's dual provinces as ports or coasts.
  let map = match file.settings.variant.duality {
    Some(on) => map.with_duality(on).map_err(|e| e.to_string())?,
    None => map,
  };
  let position = read_board(map, &file.board)?;
  let mut game = Game::new(&file.name, map, file.settings, file.created);
  game.status = file.status;
  game.started = file.started;
  game.seq = file.seq;
  game.position = position.clone();
  game.members = file.members;
  game.timing = file.timing;
  game.record = file.record;
  game.postal = file.postal;
  file.xtal.check(map)?;
  game.xtal = file.xtal;
  file.payola.check(map)?;
  game.payola = file.payola;
  game.check()?;
  for turn in &file.turns {
    // Orders are checked against the board of their own turn.
    game.position = read_board(map, &turn.board).map_err(|e| format!("turn {}: {e}", turn.seq))?;
    read_orders(&mut game, &turn.orders).map_err(|e| format!("turn {}: {e}", turn.seq))?;
    let kept = turn.future.iter().map(|block| read_future(map, &game, block));
    let future = kept.collect::<Result<_, _>>().map_err(|e| format!("turn {}: {e}", turn.seq))?;
    game.turns.push(Turn {
      seq: turn.seq,
      position: game.position.clone(),
      orders: std::mem::take(&mut game.orders),
      years: turn.years.min(game.record.years.len()),
      victory_centers: turn.victory_centers,
      future,
      xtal: turn.xtal.clone(),
      payola: turn.payola.clone(),
    });
  }
  game.position = position;
  read_orders(&mut game, &file.orders)?;
  for block in &file.future {
    game.future.push(read_future(map, &game, block)?);
  }
  Ok(Stored {
    game,
    applied: file.applied,
    history_next: file.history_next.max(1),
    journal: file.journal,
  })
}

fn orders_file(map: &Map, orders: &[PowerOrders]) -> Vec<OrdersFile> {
  map
    .power_ids()
    .filter_map(|p| orders.get(p.index()).map(|o| (p, o)))
    .map(|(p, orders)| {
      let texts = orders.units.iter().map(|e| e.text.clone());
      OrdersFile {
        power: map.power(p).name.clone(),
        orders: texts
          .chain(orders.adjustments.iter().map(|e| e.text.clone()))
          .chain(orders.unchecked.iter().map(|u| u.text.clone()))
          .collect(),
        error_flag: orders.error_flag,
        by_master: orders.by_master,
        received: orders.received,
      }
    })
    .collect()
}

/// Enters orders read back from a file, against the game's board as it is.
fn read_orders(game: &mut Game, files: &[OrdersFile]) -> Result<(), String> {
  let map = game.map;
  game.orders = vec![PowerOrders::default(); map.powers().len()];
  for entry in files {
    let power = power_named(map, &entry.power)?;
    for text in &entry.orders {
      game
        .restore_order(power, text)
        .map_err(|e| format!("{}: order '{text}': {e}", entry.power))?;
    }
    game.orders[power.index()].error_flag = entry.error_flag;
    game.orders[power.index()].by_master = entry.by_master;
    game.orders[power.index()].received = entry.received;
  }
  Ok(())
}

fn board_file(map: &Map, position: &Position) -> BoardFile {
  let per_power = |list: &dyn Fn(PowerId) -> Vec<String>| -> IndexMap<String, Vec<String>> {
    map
      .power_ids()
      .map(|p| (map.power(p).name.clone(), list(p)))
      .filter(|(_, items)| !items.is_empty())
      .collect()
  };
  BoardFile {
    phase: position.phase.to_string(),
    units: per_power(&|p| position.units_of(p).map(|u| unit_text(map, u)).collect()),
    dislodged: position
      .dislodged
      .iter()
      .map(|d| DislodgedFile {
        power: map.power(d.unit.power).name.clone(),
        unit: unit_text(map, d.unit),
        attacker_from: d.attacker_from.map(|p| map.province(p).abbr.clone()),
        retreats: d.retreats.iter().map(|&l| map.location_abbr(l)).collect(),
      })
      .collect(),
    centers: per_power(&|p| {
      position.centers_of(map, p).map(|c| map.province(c).abbr.clone()).collect()
    }),
    homes: position.changed_homes().map(|homes| {
      map
        .power_ids()
        .map(|p| {
          let list = homes.get(p.index()).map_or(&[][..], Vec::as_slice);
          (map.power(p).name.clone(), list.iter().map(|&c| map.province(c).abbr.clone()).collect())
        })
        .collect()
    }),
    vassals: map
      .power_ids()
      .filter_map(|p| {
        position.controller(p).map(|c| (map.power(p).name.clone(), map.power(c).name.clone()))
      })
      .collect(),
  }
}

fn read_board(map: &Map, board: &BoardFile) -> Result<Position, String> {
  let phase: Phase = board.phase.parse().map_err(|e: crate::phase::PhaseError| e.to_string())?;
  let mut position = Position::empty(map, phase);
  for (name, texts) in &board.units {
    let power = power_named(map, name)?;
    for text in texts {
      let unit = read_unit(map, power, text)?;
      position.place(map, unit).map_err(|e| format!("{name} {text}: {e}"))?;
    }
  }
  for d in &board.dislodged {
    let power = power_named(map, &d.power)?;
    let unit = read_unit(map, power, &d.unit)?;
    let attacker_from = match &d.attacker_from {
      Some(text) => Some(read_place(map, text)?.province),
      None => None,
    };
    let retreats = d.retreats.iter().map(|t| read_place(map, t)).collect::<Result<_, _>>()?;
    position.dislodged.push(Dislodged { unit, attacker_from, retreats });
  }
  for (name, texts) in &board.centers {
    let power = power_named(map, name)?;
    for text in texts {
      let place = read_place(map, text)?;
      if !map.province(place.province).supply_center {
        return Err(format!("{text} is not a supply centre"));
      }
      position.set_owner(place.province, Some(power));
    }
  }
  if let Some(homes) = &board.homes {
    let mut all = vec![Vec::new(); map.powers().len()];
    for (name, texts) in homes {
      let power = power_named(map, name)?;
      for text in texts {
        let place = read_place(map, text)?;
        if !map.province(place.province).supply_center {
          return Err(format!("home {text} is not a supply centre"));
        }
        all[power.index()].push(place.province);
      }
    }
    position.set_changed_homes(Some(all));
  }
  for (vassal, controller) in &board.vassals {
    let vassal = power_named(map, vassal)?;
    let controller = power_named(map, controller)?;
    if !map.power(vassal).dummy || map.power(controller).dummy {
      return Err(format!(
        "{} cannot be a vassal of {}",
        map.power(vassal).name,
        map.power(controller).name
      ));
    }
    position.set_controller(vassal, Some(controller));
  }
  Ok(position)
}

/// A PHASE block read back: a later phase than the game's, every line
/// as acceptable as when it came.
fn future_file(map: &Map, block: &future::FutureOrders) -> FutureFile {
  FutureFile {
    power: map.power(block.power).name.clone(),
    phase: block.phase.to_string(),
    lines: block.lines.clone(),
  }
}

fn read_future(
  map: &'static Map,
  game: &Game,
  block: &FutureFile,
) -> Result<future::FutureOrders, String> {
  let power = power_named(map, &block.power)?;
  let phase: Phase = block.phase.parse().map_err(|e: crate::phase::PhaseError| e.to_string())?;
  if game.status == Status::Active && map.phase_order(phase, game.position.phase).is_le() {
    return Err(format!(
      "{}: orders are kept for {phase}, which is not after {}",
      block.power, game.position.phase
    ));
  }
  let mut builder = Builder::new(map, power, phase);
  for line in &block.lines {
    builder.push(line.clone()).map_err(|e| format!("{}: kept for {phase}: {e}", block.power))?;
  }
  Ok(builder.finish())
}

fn power_named(map: &Map, name: &str) -> Result<PowerId, String> {
  map.find_power(name).ok_or_else(|| format!("'{name}' is not a power of the {} map", map.name()))
}

fn read_unit(map: &Map, power: PowerId, text: &str) -> Result<Unit, String> {
  match order::parse_unit(map, text) {
    Ok((Some(kind), location)) => Ok(Unit { power, kind, location }),
    Ok((None, _)) => Err(format!("unit '{text}' has no type")),
    Err(e) => Err(format!("unit '{text}': {e}")),
  }
}

fn read_place(map: &Map, text: &str) -> Result<crate::map::Location, String> {
  order::parse_unit(map, text).map(|(_, l)| l).map_err(|e| format!("'{text}': {e}"))
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::game::deadline::DeadlineRule;

  fn stored() -> Stored {
    let map = Map::standard().expect("map");
    let settings =
      Settings::new(map, [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]);
    Stored::new(Game::new("test1", map, settings, Utc::now()))
  }

  #[test]
  fn change_origins_are_forgotten_by_age_not_by_count() {
    let mut stored = stored();
    let start = DateTime::parse_from_rfc3339("2026-03-02T10:00:00Z").unwrap().to_utc();
    // A busy day: a hundred changes within hours.
    for n in 0..100 {
      stored.note_applied(&format!("m{n}"), start + chrono::Duration::minutes(n));
    }
    assert!(stored.was_applied("m0"), "a change of the same day is remembered");
    // Six days on, still remembered; eight days on, forgotten but for the
    // last 32 (a game idle for weeks still knows its last changes).
    stored.note_applied("six", start + chrono::Duration::days(6));
    assert!(stored.was_applied("m0"));
    stored.note_applied("eight", start + chrono::Duration::days(8));
    assert!(!stored.was_applied("m0"));
    assert!(stored.was_applied("m99") && stored.was_applied("eight"));
    assert_eq!(stored.applied.len(), 32);
  }

  #[test]
  fn origins_written_before_they_had_times_are_read() {
    let old: Vec<Applied> =
      serde_json::from_str(r#"["abc", {"origin": "def", "at": "2026-03-02T10:00:00Z"}]"#).unwrap();
    let mut stored = stored();
    stored.applied = old;
    assert!(stored.was_applied("abc") && stored.was_applied("def"));
  }

  #[test]
  fn a_game_reads_back_as_it_was_written() {
    let map = Map::standard().expect("map");
    let now = Utc::now();
    let settings =
      Settings::new(map, [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]);
    let mut game = Game::new("test1", map, settings, now);
    game.status = Status::Active;
    game.seq = 1;
    let france = map.find_power("France").expect("France");
    game.enter_order(france, "A Par - Bur").expect("an order");
    game.enter_order(france, "F Bre - Mid").expect("an order");
    let stored = Stored::new(game);
    let bytes = to_json(&stored).expect("json");
    let back = from_json(&bytes).expect("read back");
    assert_eq!(back.game.position, stored.game.position);
    assert_eq!(back.game.orders, stored.game.orders);
    assert_eq!(back.game.status, Status::Active);
  }

  #[test]
  fn homes_the_game_changed_read_back_and_old_files_keep_the_maps() {
    let map = Map::builtin("1897").expect("map");
    let settings =
      Settings::new(map, [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]);
    let mut game = Game::new("homes", map, settings, Utc::now());
    let austria = map.find_power("Austria").expect("Austria");
    let crate::map::Lookup::Found(berlin) = map.lookup("Ber") else { panic!("Berlin") };
    let mut homes = vec![Vec::new(); map.powers().len()];
    homes[austria.index()].push(berlin);
    game.position.set_changed_homes(Some(homes));
    let stored = Stored::new(game);
    let text = String::from_utf8(to_json(&stored).expect("json")).expect("utf8");
    assert!(text.contains("\"homes\""), "{text}");
    let back = from_json(text.as_bytes()).expect("read back");
    assert_eq!(back.game.position, stored.game.position);
    // A file from before homes could change has no `homes`: the map's stand.
    let game = Game::new("old", Map::standard().expect("map"), Settings::default(), Utc::now());
    let text = String::from_utf8(to_json(&Stored::new(game)).expect("json")).expect("utf8");
    assert!(!text.contains("\"homes\""));
    let back = from_json(text.as_bytes()).expect("read back");
    assert!(back.game.position.changed_homes().is_none());
  }

  #[test]
  fn damage_is_reported_not_panicked_on() {
    assert!(from_json(b"{").is_err());
    assert!(from_json(b"[]").is_err());
    let map = Map::standard().expect("map");
    let game = Game::new("g", map, Settings::default(), Utc::now());
    let text = String::from_utf8(to_json(&Stored::new(game)).expect("json")).expect("utf8");
    let bad_unit = text.replace("\"A Vie\"", "\"A Nth\"");
    assert!(from_json(bad_unit.as_bytes()).is_err_and(|e| e.contains("Nth")), "army at sea");
    let bad_power = text.replace("\"members\": []", "\"members\": [{\"role\":\"Player\",\"power\":40,\"address\":\"a@b.c\",\"user\":null,\"password\":\"x\",\"joined\":\"2026-03-02T23:30:00Z\"}]");
    assert!(from_json(bad_power.as_bytes()).is_err(), "power 40");
  }

  #[test]
  fn kept_orders_read_back_checked_and_old_files_have_none() {
    let map = Map::standard().expect("map");
    let mut game = Game::new("test1", map, Settings::default(), Utc::now());
    game.status = Status::Active;
    game.seq = 1;
    let france = map.find_power("France").expect("France");
    let mut block = Builder::new(map, france, "F1901M".parse().expect("a phase"));
    for line in [Line::If("fr a bur".into()), Line::Order("A Bur - Mun".into()), Line::Wait(true)] {
      block.push(line).expect("kept");
    }
    game.future.push(block.finish());
    game.orders[france.index()].received = true;
    let text = String::from_utf8(to_json(&Stored::new(game)).expect("json")).expect("utf8");
    let back = from_json(text.as_bytes()).expect("read back");
    assert_eq!(back.game.future.len(), 1);
    assert_eq!(back.game.future[0].lines.len(), 4, "the IF closed when kept");
    assert!(back.game.orders[france.index()].received);
    let bad_order = text.replace("A Bur - Mun", "A Bur - Xyzzy");
    assert!(from_json(bad_order.as_bytes()).is_err_and(|e| e.contains("Xyzzy")));
    let past = text.replace("\"F1901M\"", "\"S1901M\"");
    assert!(from_json(past.as_bytes()).is_err_and(|e| e.contains("not after")));
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut old = value.clone();
    old.as_object_mut().expect("an object").remove("future");
    let old = serde_json::to_vec(&old).expect("json");
    assert!(from_json(&old).expect("an old file").game.future.is_empty());
  }

  #[test]
  fn orders_a_setting_has_since_forbidden_still_read_back() {
    let map = Map::standard().expect("map");
    let settings =
      Settings::new(map, [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]);
    let mut game = Game::new("proxy", map, settings, Utc::now());
    game.status = Status::Active;
    game.seq = 1;
    game.settings.proxy = true;
    let austria = map.find_power("Austria").expect("Austria");
    let germany = map.find_power("Germany").expect("Germany");
    game.enter_order(austria, "A Vie P Germany").expect("a proxy");
    game.enter_order(germany, "A Vie - Gal").expect("an order for a proxied unit");
    // The moderator turns proxies off before the phase is processed.
    game.settings.proxy = false;
    let stored = Stored::new(game);
    let back = from_json(&to_json(&stored).expect("json")).expect("still readable");
    assert_eq!(back.game.orders, stored.game.orders);
  }
}
