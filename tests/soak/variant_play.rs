//! Ten game years of random legal play on every built-in variant the
//! engine can play: seeded random orders (moves, supports, convoys,
//! retreats, builds, removals, waives, and whole powers sending nothing),
//! through the real game engine (`Game::enter_order`, `Game::process`),
//! with the board's invariants checked after every processed phase and
//! the players' texts (results, LIST, SUMMARY) rendered on the way.
//!
//! One test per variant (the keys are the file stems in `maps/`); a
//! variant whose map still needs features the engine lacks
//! (`Map::unplayable_features`) is skipped, and says so. A failure names
//! the variant, the seed, the phase and what broke; set
//! `VARIANT_PLAY_SEED` to replay with another seed.

use std::cmp::Ordering::Greater;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use chrono::{DateTime, Duration, Utc};
use judge::game::deadline::DeadlineRule;
use judge::game::{report, Game, Member, Processed, Role, Settings, Status};
use judge::map::{Location, Map, PowerId, ProvinceId, Terrain, UnitType};
use judge::phase::{Phase, PhaseKind};
use judge::position::{Position, Unit};
use judge::zone::Tz;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Game years played from the first phase; `VARIANT_PLAY_YEARS` plays
/// more (or fewer) when hunting bugs.
fn years() -> u16 {
  std::env::var("VARIANT_PLAY_YEARS").ok().and_then(|s| s.parse().ok()).unwrap_or(10)
}
/// How often a power sends no orders at all in a phase (civil disorder:
/// units hold, retreats and removals are made for it, builds are lost).
const NMR: f64 = 0.08;
/// The time zone results are written in.
const TZ: Tz = judge::zone::UTC;

/// What one variant's run played.
#[derive(Debug, Default)]
struct Stats {
  movement: u32,
  retreat: u32,
  adjustment: u32,
  /// Phases nobody had anything to order in, processed straight after:
  /// retreats with nowhere to go, adjustments nobody could make.
  skipped_retreat: u32,
  skipped_adjustment: u32,
  years: u16,
  orders_taken: u32,
  orders_refused: u32,
  /// Orders taken by kind: holds, moves, supports, convoys, retreats,
  /// disbands, builds, removals, waives.
  kinds: std::collections::BTreeMap<&'static str, u32>,
  ended: Option<String>,
  /// Rendered lines wider than 78 columns (a note, not a failure).
  wide_lines: usize,
  /// Dummy units standing through a movement or retreat phase, and units
  /// built for dummies (CD_BUILDS).
  dummy_units: u32,
  dummy_builds: u32,
  /// Of `dummy_units`, those of vassals (VASSAL_DUMMIES).
  vassal_units: u32,
}

/// A broken promise of the engine, with what is needed to replay it.
struct Failure {
  variant: &'static str,
  seed: u64,
  phase: String,
  what: String,
  orders: Vec<String>,
}

impl Failure {
  fn message(&self) -> String {
    let mut text =
      format!("variant {} (seed {}), phase {}: {}", self.variant, self.seed, self.phase, self.what);
    if !self.orders.is_empty() {
      text.push_str("\norders of the phase:");
      for order in &self.orders {
        let _ = write!(text, "\n  {order}");
      }
    }
    text
  }
}

/// The seed of a variant's run: its key hashed (FNV-1a), so each variant
/// plays its own game, or `VARIANT_PLAY_SEED` when set.
fn seed_for(key: &str) -> u64 {
  if let Some(seed) = std::env::var("VARIANT_PLAY_SEED").ok().and_then(|s| s.parse().ok()) {
    return seed;
  }
  key.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

fn start_time() -> DateTime<Utc> {
  "2026-03-02T12:00:00Z".parse().expect("a time")
}

/// The panic message of a caught panic.
fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
  if let Some(s) = payload.downcast_ref::<&str>() {
    (*s).to_string()
  } else if let Some(s) = payload.downcast_ref::<String>() {
    s.clone()
  } else {
    "a panic without a message".to_string()
  }
}

/// A started game of `map` with one player per playable power, as
/// `src/game/tests.rs` builds them, through the public API only.
fn started(map: &'static Map, rng: &mut StdRng) -> Game {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let settings = Settings::new(map, deadlines);
  let players = settings.players as usize;
  let mut game = Game::new("play", map, settings, start_time());
  for n in 0..players {
    game.members.push(Member::new(
      Role::Player,
      &format!("p{n}@x.test"),
      None,
      String::new(),
      start_time(),
    ));
  }
  assert_eq!(game.players_missing(), 0, "{}: every seat taken", map.key());
  game.start(start_time(), TZ, rng);
  game
}

fn unit_text(map: &Map, unit: Unit) -> String {
  format!("{} {}", unit.kind.letter(), map.location_abbr(unit.location))
}

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> Option<&'a T> {
  if items.is_empty() {
    None
  } else {
    Some(&items[rng.random_range(0..items.len())])
  }
}

/// Where a unit of `kind` at `from` may move: each location it reaches.
fn destinations(map: &Map, kind: UnitType, from: Location) -> Vec<Location> {
  map.moves_from(kind, from)
}

/// The orders entered in one phase, as typed, with whether each was taken.
struct Entry<'g> {
  game: &'g mut Game,
  log: Vec<String>,
  taken: u32,
  refused: u32,
  kinds: std::collections::BTreeMap<&'static str, u32>,
}

/// The kind of an order, by its text as this test writes them.
fn kind_of(phase: PhaseKind, text: &str) -> &'static str {
  let has = |word: &str| text.contains(word);
  match phase {
    PhaseKind::Movement if has(" C ") => "convoy",
    PhaseKind::Movement if has(" S ") => "support",
    PhaseKind::Movement if has(" - ") => "move",
    PhaseKind::Movement => "hold",
    PhaseKind::Retreat if has(" - ") => "retreat",
    PhaseKind::Retreat => "disband",
    PhaseKind::Adjustment if text.starts_with("build") => "build",
    PhaseKind::Adjustment if text.starts_with("remove") => "removal",
    PhaseKind::Adjustment => "waive",
  }
}

/// What went wrong entering an order: the engine panicked.
struct EntryPanic(String);

impl Entry<'_> {
  /// Enters one order; `Ok(true)` when taken, `Ok(false)` when refused.
  fn order(&mut self, power: PowerId, text: &str) -> Result<bool, EntryPanic> {
    let game = &mut *self.game;
    let result = catch_unwind(AssertUnwindSafe(|| game.enter_order(power, text)));
    let name = self.game.power_name(power).to_string();
    match result {
      Ok(Ok(_)) => {
        self.taken += 1;
        *self.kinds.entry(kind_of(self.game.position.phase.kind, text)).or_default() += 1;
        self.log.push(format!("{name}: {text}"));
        Ok(true)
      }
      Ok(Err(_)) => {
        self.refused += 1;
        Ok(false)
      }
      Err(payload) => {
        Err(EntryPanic(format!("enter_order({name}, {text:?}) panicked: {}", panic_text(payload))))
      }
    }
  }
}

/// Random movement orders for `power`: holds, moves, supports of holds
/// and moves, and convoys of its own armies by its own fleets at sea.
fn movement_orders(entry: &mut Entry<'_>, power: PowerId, rng: &mut StdRng) -> Result<(), String> {
  let map = entry.game.map;
  let position = entry.game.position.clone();
  let all: Vec<Unit> = position.units().collect();
  // A power's vassals (VASSAL_DUMMIES) are ordered by its player.
  let mine: Vec<Unit> = position.units().filter(|u| position.bloc(u.power) == power).collect();
  let mut ordered: BTreeSet<ProvinceId> = BTreeSet::new();
  // Convoys first: a fleet at sea (or in a port) next to one of the
  // power's armies carries it to a coast the fleet touches.
  for fleet in mine.iter().filter(|u| u.kind == UnitType::Fleet) {
    let here = map.province(fleet.location.province);
    if !here.terrain.convoys()
      || ordered.contains(&fleet.location.province)
      || !rng.random_bool(0.5)
    {
      continue;
    }
    let touching: Vec<ProvinceId> =
      map.fleet_neighbours_any_coast(fleet.location.province).collect();
    let armies: Vec<Unit> = mine
      .iter()
      .filter(|u| {
        u.kind == UnitType::Army
          && touching.contains(&u.location.province)
          && !ordered.contains(&u.location.province)
      })
      .copied()
      .collect();
    let Some(&army) = pick(rng, &armies) else { continue };
    let shores: Vec<ProvinceId> = touching
      .iter()
      .copied()
      .filter(|&p| p != army.location.province && map.province(p).is_land())
      .collect();
    let Some(&to) = pick(rng, &shores) else { continue };
    let to = &map.province(to).abbr;
    let convoy = format!("{} C {} - {to}", unit_text(map, *fleet), unit_text(map, army));
    let moved = format!("{} - {to}", unit_text(map, army));
    let convoy_taken = entry.order(power, &convoy).map_err(|e| e.0)?;
    let move_taken = entry.order(power, &moved).map_err(|e| e.0)?;
    if convoy_taken {
      ordered.insert(fleet.location.province);
    }
    if move_taken {
      ordered.insert(army.location.province);
    }
  }
  // Then each other unit holds, moves or supports. Moves go first (half
  // of them at a foreign unit next door when there is one), so that
  // supports can back them: supported attacks dislodge, and the game
  // meets retreats.
  let mut moves: Vec<(Unit, ProvinceId)> = Vec::new();
  let mut supporters: Vec<Unit> = Vec::new();
  for unit in &mine {
    if ordered.contains(&unit.location.province) {
      continue;
    }
    let me = unit_text(map, *unit);
    let roll = rng.random_range(0..100);
    if roll < 15 {
      hold(entry, power, &me)?;
    } else if roll < 60 {
      let options = destinations(map, unit.kind, unit.location);
      let attacks: Vec<Location> = options
        .iter()
        .copied()
        .filter(|l| position.unit_at(l.province).is_some_and(|u| u.power != power))
        .collect();
      let to = if rng.random_bool(0.5) && !attacks.is_empty() {
        pick(rng, &attacks)
      } else {
        pick(rng, &options)
      };
      match to {
        Some(&to) => {
          let text = format!("{me} - {}", map.location_abbr(to));
          if entry.order(power, &text).map_err(|e| e.0)? {
            moves.push((*unit, to.province));
          } else {
            hold(entry, power, &me)?;
          }
        }
        None => hold(entry, power, &me)?,
      }
    } else {
      supporters.push(*unit);
    }
  }
  for unit in supporters {
    let me = unit_text(map, unit);
    let here = unit.location.province;
    let backing: Vec<(Unit, ProvinceId)> = moves
      .iter()
      .copied()
      .filter(|&(_, to)| to != here && map.can_reach(unit.kind, unit.location, to))
      .collect();
    let text = if rng.random_bool(0.7) && !backing.is_empty() {
      let &(other, to) = pick(rng, &backing).expect("a move to back");
      Some(format!("{me} S {} - {}", unit_text(map, other), map.province(to).abbr))
    } else if rng.random_bool(0.5) {
      // A support of a neighbour's hold.
      let near: Vec<Unit> = all
        .iter()
        .filter(|u| {
          u.location.province != here
            && map.can_reach(unit.kind, unit.location, u.location.province)
        })
        .copied()
        .collect();
      pick(rng, &near).map(|&other| format!("{me} S {}", unit_text(map, other)))
    } else {
      // A support of any unit's move to a province this one reaches.
      let mut pairs: Vec<(Unit, ProvinceId)> = Vec::new();
      for other in all.iter().filter(|u| u.location.province != here) {
        for to in destinations(map, other.kind, other.location) {
          if to.province != here && map.can_reach(unit.kind, unit.location, to.province) {
            pairs.push((*other, to.province));
          }
        }
      }
      pick(rng, &pairs)
        .map(|&(other, to)| format!("{me} S {} - {}", unit_text(map, other), map.province(to).abbr))
    };
    match text {
      Some(text) if entry.order(power, &text).map_err(|e| e.0)? => {}
      _ => hold(entry, power, &me)?,
    }
  }
  Ok(())
}

/// A hold of one of the power's own units, which the judge must take.
fn hold(entry: &mut Entry<'_>, power: PowerId, unit: &str) -> Result<(), String> {
  let text = format!("{unit} H");
  if entry.order(power, &text).map_err(|e| e.0)? {
    return Ok(());
  }
  let refused = entry.game.enter_order(power, &text).err().map(|e| e.to_string());
  Err(format!(
    "the hold {text:?} of {}'s own unit was refused: {}",
    entry.game.power_name(power),
    refused.unwrap_or_default()
  ))
}

/// Random retreat orders for `power`: a retreat to one of the options the
/// board gives, or a disband.
fn retreat_orders(entry: &mut Entry<'_>, power: PowerId, rng: &mut StdRng) -> Result<(), String> {
  let map = entry.game.map;
  let dislodged: Vec<_> =
    entry.game.position.dislodged.iter().filter(|d| d.unit.power == power).cloned().collect();
  for d in dislodged {
    let me = unit_text(map, d.unit);
    if rng.random_bool(0.8) {
      if let Some(to) = pick(rng, &d.retreats) {
        let text = format!("{me} - {}", map.location_abbr(*to));
        if entry.order(power, &text).map_err(|e| e.0)? {
          continue;
        }
        return Err(format!("the retreat {text:?} to an option the board lists was refused"));
      }
    }
    let text = format!("{me} disband");
    if !entry.order(power, &text).map_err(|e| e.0)? && !d.retreats.is_empty() {
      return Err(format!("the disband {text:?} of a dislodged unit was refused"));
    }
  }
  Ok(())
}

/// The texts that build a unit in `province`: an army where armies
/// stand, a fleet on each coast (or the province) where fleets do.
fn build_texts(map: &Map, province: ProvinceId) -> Vec<String> {
  let here = map.province(province);
  let mut texts = Vec::new();
  if here.is_land() {
    texts.push(format!("build A {}", here.abbr));
  }
  if here.is_water_or_coast() && here.terrain != Terrain::Impassable {
    if here.has_coasts() {
      for coast in here.coasts() {
        texts.push(format!("build F {}/{}", here.abbr, coast.abbr()));
      }
    } else {
      texts.push(format!("build F {}", here.abbr));
    }
  }
  texts
}

/// Random adjustment orders for `power`: builds on random free places the
/// game says it may build in (now and then one on a centre it may not
/// build on, to be refused), waives, or removals of random units (sometimes too few, so
/// that the judge removes the rest).
fn adjustment_orders(
  entry: &mut Entry<'_>,
  power: PowerId,
  rng: &mut StdRng,
) -> Result<(), String> {
  let map = entry.game.map;
  let owed = entry.game.adjustments_owed(power);
  if owed > 0 {
    let mut sites: Vec<ProvinceId> = entry.game.build_places(power);
    let mut built = 0;
    let mut tries = 0;
    while built < owed && tries < 3 * owed + 3 {
      tries += 1;
      if rng.random_bool(0.1) {
        entry.order(power, "waive").map_err(|e| e.0)?;
        built += 1;
        continue;
      }
      // Sometimes a site it may not build on: the judge refuses it.
      let site = if rng.random_bool(0.1) {
        let any: Vec<ProvinceId> = map.supply_centers().collect();
        pick(rng, &any).copied()
      } else if sites.is_empty() {
        None
      } else {
        Some(sites.swap_remove(rng.random_range(0..sites.len())))
      };
      let Some(site) = site else { break };
      let texts = build_texts(map, site);
      let Some(text) = pick(rng, &texts) else { continue };
      if entry.order(power, text).map_err(|e| e.0)? {
        built += 1;
      }
    }
  } else if owed < 0 {
    let mut units: Vec<Unit> = entry.game.position.units_of(power).collect();
    let mut count = owed.unsigned_abs() as usize;
    if rng.random_bool(0.15) {
      count = rng.random_range(0..count);
    }
    for _ in 0..count.min(units.len()) {
      let unit = units.swap_remove(rng.random_range(0..units.len()));
      let text = format!("remove {}", unit_text(map, unit));
      if !entry.order(power, &text).map_err(|e| e.0)? {
        return Err(format!("the removal {text:?} of the power's own unit was refused"));
      }
    }
  }
  Ok(())
}

/// Checks one board the engine produced: one unit per province, each
/// where its kind may stand, dislodged units and their retreats sound,
/// centre owners real powers and no more centres owned than the map has.
fn check_board(map: &Map, position: &Position) -> Result<(), String> {
  let mut seen = BTreeSet::new();
  for unit in position.units() {
    if !seen.insert(unit.location.province) {
      return Err(format!("two units in {}", map.location_name(unit.location)));
    }
    if !map.can_stand(unit.kind, unit.location) {
      return Err(format!("{} stands where it may not", unit_text(map, unit)));
    }
    if position.unit_at(unit.location.province) != Some(unit) {
      return Err(format!("{} is not where the board keeps it", unit_text(map, unit)));
    }
    if unit.power.index() >= map.powers().len() {
      return Err(format!("{} belongs to no power of the map", unit_text(map, unit)));
    }
  }
  let mut dislodged = BTreeSet::new();
  for d in &position.dislodged {
    if !dislodged.insert(d.unit.location.province) {
      return Err(format!("two dislodged units from {}", map.location_name(d.unit.location)));
    }
    if !map.can_stand(d.unit.kind, d.unit.location) {
      return Err(format!("dislodged {} stood where it may not", unit_text(map, d.unit)));
    }
    for to in &d.retreats {
      if !map.can_stand(d.unit.kind, *to) || !map.can_move(d.unit.kind, d.unit.location, *to) {
        return Err(format!(
          "dislodged {} is offered a retreat to {}, where it cannot go",
          unit_text(map, d.unit),
          map.location_abbr(*to)
        ));
      }
      if position.unit_at(to.province).is_some() {
        return Err(format!(
          "dislodged {} is offered a retreat to occupied {}",
          unit_text(map, d.unit),
          map.location_abbr(*to)
        ));
      }
    }
  }
  if !position.dislodged.is_empty() && position.phase.kind != PhaseKind::Retreat {
    return Err(format!("{} dislodged units outside a retreat phase", position.dislodged.len()));
  }
  let centres = map.supply_centers().count();
  let mut owned = 0;
  for centre in map.supply_centers() {
    if let Some(owner) = position.owner(centre) {
      if owner.index() >= map.powers().len() {
        return Err(format!("{} is owned by no power of the map", map.province(centre).name));
      }
      owned += 1;
    }
  }
  let by_power: usize = map.power_ids().map(|p| position.centers_of(map, p).count()).sum();
  if owned > centres || by_power != owned {
    return Err(format!("{by_power} centres owned by powers, {owned} owned, of {centres}"));
  }
  Ok(())
}

/// Checks what one `process` call did against the board before it.
fn check_processed(
  game: &Game,
  before: Phase,
  seq_before: u32,
  processed: &Processed,
) -> Result<(), String> {
  let map = game.map;
  let later = |a: Phase, b: Phase| map.phase_order(a, b);
  if processed.phases.is_empty() {
    return Err("process played no phase".into());
  }
  let mut last: Option<Phase> = None;
  let mut seq = seq_before;
  for (i, result) in processed.phases.iter().enumerate() {
    let phase = result.phase;
    if i == 0 && phase != before {
      return Err(format!("the first phase processed was {phase}, not the current one"));
    }
    if last.is_some_and(|l| later(phase, l) != Greater) {
      return Err(format!("phase {phase} played after {}", last.unwrap()));
    }
    if result.seq != seq {
      return Err(format!("phase {phase} numbered {}, expected {seq}", result.seq));
    }
    seq += 1;
    // The board after a phase is in a later one (whose year is never an
    // earlier one, in the calendar's count).
    if later(result.after.phase, phase) != Greater {
      return Err(format!("phase {phase} was followed by {}: no progress", result.after.phase));
    }
    check_board(map, &result.after).map_err(|e| format!("after {phase}: {e}"))?;
    // Once a year's adjustments are over (played, or skipped because
    // nobody had any to make), no power keeps more units than centres.
    let year_over = phase.kind == PhaseKind::Adjustment
      || (result.year_ended && result.after.phase.kind != PhaseKind::Adjustment);
    if year_over {
      for power in map.power_ids() {
        let units = result.after.units_of(power).count();
        // Centres, and any partisan site the map gives (1900's Siberia).
        let centres =
          judge::adjudicate::allowance(map, &result.after, power, &game.rules()).max(0) as usize;
        if units > centres {
          return Err(format!(
            "after {phase} {} has {units} units and {centres} centres",
            map.power(power).name
          ));
        }
      }
    }
    // A year that ends with some power owed builds or removals goes on
    // to its adjustment phase (played or skipped), never past it.
    if result.year_ended && result.after.phase.kind != PhaseKind::Adjustment {
      for power in map.power_ids() {
        let due = result.after.adjustment_due(map, power, &game.rules());
        if due != 0 {
          return Err(format!(
            "{phase} ended the year with {} owed {due} adjustments, and the game went on to {}",
            map.power(power).name,
            result.after.phase
          ));
        }
      }
    }
    last = Some(phase);
  }
  let after = processed.phases.last().expect("a phase").after.phase;
  if game.position.phase != after || game.seq != seq {
    return Err(format!(
      "the game stands at {} (number {}), its last result at {after} (number {seq})",
      game.position.phase, game.seq
    ));
  }
  if later(game.position.phase, before) != Greater {
    return Err(format!("the game did not move on from {before}"));
  }
  check_board(map, &game.position)?;
  game.check()?;
  match &game.status {
    Status::Active => {
      if game.nothing_to_order() {
        return Err(format!("the game waits on {} where nobody orders", game.position.phase));
      }
    }
    Status::Finished(judge::game::Ending::Won(winner)) => {
      let centres = game.position.centers_of(map, *winner).count() as u32;
      if processed.winner != Some(*winner) || centres < game.settings.victory_centers {
        return Err(format!(
          "{} won with {centres} centres of {} needed",
          map.power(*winner).name,
          game.settings.victory_centers
        ));
      }
    }
    other => return Err(format!("the game ended unexpectedly: {other:?}")),
  }
  if processed.phases.iter().any(|p| p.year_ended)
    && game.record.years.last().map(|y| y.centers.len()) != Some(map.powers().len())
  {
    return Err("a Fall ended and the record has no year with every power's centres".into());
  }
  Ok(())
}

/// Checks what became of the dummies' units: nobody ordered them, so none
/// moved (and under IMMOBILE_DUMMIES none retreated); counts their units
/// and the builds made for them (CD_BUILDS).
fn check_dummies(game: &Game, processed: &Processed, stats: &mut Stats) -> Result<(), String> {
  let map = game.map;
  for result in &processed.phases {
    for power in map.power_ids().filter(|&p| map.power(p).dummy) {
      let before: Vec<Unit> = result.before.units_of(power).collect();
      if result.phase.kind != PhaseKind::Adjustment {
        stats.dummy_units += before.len() as u32;
        let strays: Vec<Unit> =
          result.after.units_of(power).filter(|u| !before.contains(u)).collect();
        // A vassal's units move as its controller orders them.
        if result.before.controller(power).is_some() {
          stats.vassal_units += before.len() as u32;
        } else if !strays.is_empty() {
          return Err(format!(
            "in {} the dummy {} moved: {strays:?}",
            result.phase,
            map.power(power).name
          ));
        }
      }
      if result.phase.kind == PhaseKind::Adjustment {
        let built = result.after.units_of(power).filter(|u| !before.contains(u)).count();
        stats.dummy_builds += built as u32;
      }
    }
  }
  Ok(())
}

/// Renders what the players read, and checks none of it panics or is empty.
fn render(
  game: &Game,
  processed: &Processed,
  now: DateTime<Utc>,
  year_end: bool,
) -> Result<usize, String> {
  let texts = catch_unwind(AssertUnwindSafe(|| {
    let mut texts = vec![
      ("results", report::results(game, processed, TZ)),
      ("LIST", report::listing(game, None, now, TZ)),
      ("units by power", report::units_by_power(game.map, &game.position)),
      ("roster", report::roster(game, true)),
    ];
    if let Some(index) = game.player_index(game.map.power_ids().next().expect("a power")) {
      texts.push(("LIST for a player", report::listing(game, Some(index), now, TZ)));
    }
    if year_end || game.is_finished() {
      texts.push(("SUMMARY", report::summary(game, true, TZ)));
    }
    texts
  }))
  .map_err(|p| format!("rendering panicked: {}", panic_text(p)))?;
  let mut wide = 0;
  let verbose = std::env::var_os("VARIANT_PLAY_VERBOSE").is_some();
  for (what, text) in &texts {
    if text.trim().is_empty() {
      return Err(format!("the {what} text is empty"));
    }
    for line in text.lines().filter(|l| l.chars().count() > 78) {
      wide += 1;
      if verbose {
        eprintln!(
          "variant_play: {} {what}: {} columns: {line}",
          game.map.key(),
          line.chars().count()
        );
      }
    }
  }
  Ok(wide)
}

/// Plays `key` for [`years`] years with random orders; `None` when the
/// engine cannot play the variant yet.
fn play(key: &'static str) -> Result<Option<Stats>, Failure> {
  play_as(key, false)
}

/// [`play`], or with `despite_missing` a variant whose other features the
/// engine lacks (played as if they were not there), to exercise the parts
/// it has, such as dummies.
fn play_as(key: &'static str, despite_missing: bool) -> Result<Option<Stats>, Failure> {
  let seed = seed_for(key);
  let fail = |phase: String, what: String, orders: Vec<String>| Failure {
    variant: key,
    seed,
    phase,
    what,
    orders,
  };
  let info = Map::variant_info(key)
    .ok_or_else(|| fail("-".into(), "not a built-in variant".into(), Vec::new()))?;
  let map =
    info.map().map_err(|e| fail("-".into(), format!("the map does not load: {e}"), Vec::new()))?;
  let missing = map.unplayable_features();
  if !missing.is_empty() && !despite_missing {
    eprintln!("variant_play: {key} skipped: the engine cannot play {}", missing.join(", "));
    return Ok(None);
  }
  let mut rng = StdRng::seed_from_u64(seed);
  let mut game = catch_unwind(AssertUnwindSafe(|| started(map, &mut rng))).map_err(|p| {
    fail(map.first_phase().into(), format!("starting panicked: {}", panic_text(p)), Vec::new())
  })?;
  check_board(map, &game.position)
    .map_err(|e| fail(game.position.phase.to_string(), e, Vec::new()))?;
  // Years are counted as they pass (Classical's count down).
  let mut year = game.position.phase.year;
  let mut years_played = 0;
  let mut stats = Stats::default();
  let mut now = start_time();
  // Generously more phases than ten years take, so a loop is caught.
  for _ in 0..(u32::from(years()) * 8) {
    if game.is_finished() || years_played >= years() {
      break;
    }
    let phase = game.position.phase;
    let seq = game.seq;
    let mut entry =
      Entry { game: &mut game, log: Vec::new(), taken: 0, refused: 0, kinds: Default::default() };
    // Nobody orders for a dummy: its units hold and its builds and
    // removals are made for it, and the game never waits for it.
    let powers: Vec<PowerId> =
      entry.game.map.playable_powers().filter(|&p| entry.game.must_order(p)).collect();
    if let Some(&dummy) = entry.game.late_powers().iter().find(|&&p| entry.game.is_dummy(p)) {
      return Err(fail(
        phase.to_string(),
        format!("the game waits for the dummy {}", entry.game.power_name(dummy)),
        Vec::new(),
      ));
    }
    // A phase only dummies act in (Vassal's first Winter) is due at once:
    // the sweep processes it, as the loop below does.
    if powers.is_empty() && entry.game.due_at().is_none() {
      return Err(fail(
        phase.to_string(),
        "the game waits on a phase nobody orders in".into(),
        Vec::new(),
      ));
    }
    for power in powers {
      // A power that sends nothing is put in civil disorder half the
      // time (as the grace period of an NMR game would), and taken out
      // again when it orders.
      let seat = entry.game.player_index(power);
      if rng.random_bool(NMR) {
        if let Some(i) = seat.filter(|_| rng.random_bool(0.5)) {
          entry.game.members[i].cd = true;
        }
        continue;
      }
      if let Some(i) = seat {
        entry.game.members[i].cd = false;
      }
      let done = match phase.kind {
        PhaseKind::Movement => movement_orders(&mut entry, power, &mut rng),
        PhaseKind::Retreat => retreat_orders(&mut entry, power, &mut rng),
        PhaseKind::Adjustment => adjustment_orders(&mut entry, power, &mut rng),
      };
      if let Err(what) = done {
        return Err(fail(phase.to_string(), what, entry.log));
      }
      let current = catch_unwind(AssertUnwindSafe(|| report::current_orders(entry.game, power)));
      if let Err(p) = current {
        return Err(fail(
          phase.to_string(),
          format!("current_orders panicked: {}", panic_text(p)),
          entry.log,
        ));
      }
    }
    stats.orders_taken += entry.taken;
    stats.orders_refused += entry.refused;
    for (kind, n) in std::mem::take(&mut entry.kinds) {
      *stats.kinds.entry(kind).or_default() += n;
    }
    let log = entry.log;
    now += Duration::hours(25);
    let processed = match catch_unwind(AssertUnwindSafe(|| game.process(now, TZ))) {
      Ok(processed) => processed,
      Err(p) => {
        return Err(fail(phase.to_string(), format!("process panicked: {}", panic_text(p)), log))
      }
    };
    check_processed(&game, phase, seq, &processed)
      .map_err(|e| fail(phase.to_string(), e, log.clone()))?;
    check_dummies(&game, &processed, &mut stats)
      .map_err(|e| fail(phase.to_string(), e, log.clone()))?;
    for result in &processed.phases {
      match result.phase.kind {
        PhaseKind::Retreat if result.skipped => stats.skipped_retreat += 1,
        PhaseKind::Adjustment if result.skipped => stats.skipped_adjustment += 1,
        PhaseKind::Movement => stats.movement += 1,
        PhaseKind::Retreat => stats.retreat += 1,
        PhaseKind::Adjustment => stats.adjustment += 1,
      }
    }
    let year_end = processed.phases.iter().any(|p| p.year_ended);
    if game.position.phase.year != year {
      year = game.position.phase.year;
      years_played += 1;
    }
    stats.wide_lines += render(&game, &processed, now, year_end)
      .map_err(|e| fail(phase.to_string(), e, log.clone()))?;
  }
  stats.years = years_played;
  if let Status::Finished(ending) = &game.status {
    let how = match ending {
      judge::game::Ending::Won(winner) => format!("won by {}", map.power(*winner).name),
      other => format!("{other:?}"),
    };
    stats.ended = Some(format!("{how} in {}", game.position.phase));
  } else if years_played < years() {
    return Err(fail(
      game.position.phase.to_string(),
      format!("the years were not over after {} calls to process", u32::from(years()) * 8),
      Vec::new(),
    ));
  }
  Ok(Some(stats))
}

/// Plays a variant and fails with what broke; returns what was played.
fn run(key: &'static str) -> Option<Stats> {
  let clock = Instant::now();
  let stats = match play(key) {
    Ok(stats) => stats,
    Err(failure) => panic!("{}", failure.message()),
  };
  let stats = stats?;
  eprintln!(
    "variant_play: {key} (seed {}): {} years, {} movement, {} retreat, {} adjustment phases \
     ({} and {} skipped), {} orders taken {:?}, {} refused, {} lines over 78 columns{}; {:.2} s",
    seed_for(key),
    stats.years,
    stats.movement,
    stats.retreat,
    stats.adjustment,
    stats.skipped_retreat,
    stats.skipped_adjustment,
    stats.orders_taken,
    stats.kinds,
    stats.orders_refused,
    stats.wide_lines,
    stats.ended.as_deref().map(|e| format!(", ended {e}")).unwrap_or_default(),
    clock.elapsed().as_secs_f64()
  );
  assert!(
    stats.movement > 0,
    "variant {key} (seed {}): no movement phase was played",
    seed_for(key)
  );
  let has_dummies = Map::builtin(key).is_ok_and(|m| m.powers().iter().any(|p| p.dummy));
  if has_dummies {
    eprintln!(
      "variant_play: {key}: dummy units stood {} times ({} as vassals), {} built for dummies",
      stats.dummy_units, stats.vassal_units, stats.dummy_builds
    );
    assert!(stats.dummy_units > 0, "variant {key}: the dummies were never on the board");
  }
  // Adjustments come only when centres change hands (or stand empty to
  // build on): a map whose every centre is a home (Pure) may not need
  // one in ten random years. Whether one was due is checked every year.
  if stats.adjustment == 0 {
    eprintln!("variant_play: warning: {key} (seed {}) had no adjustment phase", seed_for(key));
  }
  if stats.retreat == 0 {
    eprintln!("variant_play: warning: {key} (seed {}) had no retreat phase", seed_for(key));
  }
  Some(stats)
}

macro_rules! variants {
  ($($name:ident => $key:literal,)*) => {
    $(
      #[test]
      fn $name() {
        run($key);
      }
    )*

    /// The keys the tests above play, to check every map is among them.
    const KEYS: &[&str] = &[$($key),*];
  };
}

variants! {
  v1897 => "1897",
  v1898 => "1898",
  v1900 => "1900",
  aberration => "aberration",
  ambition => "ambition",
  ancmed => "ancmed",
  brazilian => "brazilian",
  britain => "britain",
  canton => "canton",
  chaos => "chaos",
  chromatic => "chromatic",
  classical => "classical",
  crowded => "crowded",
  empire_up => "empire-up",
  empire => "empire",
  fiveman => "fiveman",
  fleetrome => "fleetrome",
  france_austria => "france-austria",
  germany_italy => "germany-italy",
  hundred => "hundred",
  imperial => "imperial",
  loeb9 => "loeb9",
  milan => "milan",
  minorpower => "minorpower",
  modern_up => "modern-up",
  modern => "modern",
  pure => "pure",
  renaissance => "renaissance",
  sailho => "sailho",
  sengoku => "sengoku",
  shiftaround => "shiftaround",
  shiftleft => "shiftleft",
  shiftright => "shiftright",
  slovenia => "slovenia",
  v8 => "v8",
  vassal => "vassal",
  void => "void",
  youngstown => "youngstown",
  zeus => "zeus",
}

/// Standard plays like the others, and must show every kind of phase:
/// at least one variant has to have had movement, retreats and
/// adjustments (with its own seed; another seed given in
/// `VARIANT_PLAY_SEED` may play ten years without a retreat).
#[test]
fn standard() {
  let stats = run("standard").expect("the standard map is playable");
  if std::env::var_os("VARIANT_PLAY_SEED").is_some() {
    return;
  }
  assert!(
    stats.movement > 0 && stats.retreat > 0 && stats.adjustment > 0,
    "variant standard (seed {}): not every kind of phase was played: {stats:?}",
    seed_for("standard")
  );
}

#[test]
fn the_dummies_of_ambition_and_zeus_play_though_other_features_are_missing() {
  // Ambition's four blocs (IMMOBILE_DUMMIES, DUMMY_FIRE, leagues) and
  // Zeus's India: never ordered, never waited for, never moved.
  for key in ["ambition", "zeus"] {
    let stats = match play_as(key, true) {
      Ok(stats) => stats.expect("played"),
      Err(failure) => panic!("{}", failure.message()),
    };
    eprintln!(
      "variant_play: {key} (its other features left out): {} years, dummy units stood {} times",
      stats.years, stats.dummy_units
    );
    assert!(stats.dummy_units > 0, "{key}: the dummies were never on the board");
  }
}

#[test]
fn every_built_in_variant_has_a_test_here() {
  let listed: BTreeSet<&str> = KEYS.iter().copied().chain(["standard"]).collect();
  let missing: Vec<&str> =
    Map::variants().iter().map(|v| v.key).filter(|k| !listed.contains(k)).collect();
  assert!(
    missing.is_empty(),
    "variants without a play test in tests/soak/variant_play.rs: {missing:?}"
  );
}
