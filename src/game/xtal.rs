//! The Crystal Ball game type (the DPjudge's Xtalball, issue 27): each
//! power writes its movement orders one movement turn ahead, as a list.
//!
//! A power has two lists. The *locked* list is for the next movement phase
//! to be processed and cannot be changed; the *open* list is for the
//! movement phase after it and may be rewritten until the current movement
//! phase is processed. In the game's first movement phase the lists sent
//! are locked for that phase itself, once every power with units has sent
//! one. Processing a movement phase carries out the locked lists as
//! [`Game::carry_out_lists`] says (the DPjudge's `determineOrders`): the
//! first L plain orders and the first S proxies of each list are
//! considered, where L is the centre count of the largest power and S that
//! of the smallest still owning one; a later entry for a unit revokes an
//! earlier one; orders for units that are not there are void. Then each
//! open list becomes the locked one; a power that sent none holds and is
//! put in civil disorder. Retreats and adjustments are ordered as usual.
//!
//! A list entry is checked only for its geography when it comes in (the
//! unit type is needed): the player writes it before the board it is
//! played on exists, so it tells nothing of the board.
//!
//! Each turn's lists, as carried out, are kept and published with the
//! lists left unplayed when the game ends ([`revealed`]). On an empty
//! board (EMPTY BOARD, MOBILIZE) the game starts one movement turn early,
//! for the first lists ([`Game::early_start`]).

use serde::{Deserialize, Serialize};

use super::Game;
use crate::map::{Map, PowerId, UnitType};
use crate::order::{self, Action, Order, OrderError, ParsedOrder, UnitOrder};
use crate::phase::{Phase, PhaseKind};
use crate::position::{Position, Unit};

/// The most entries one list may have.
pub const MAX_ENTRIES: usize = 60;

/// The two lists of every power, kept in the game's file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lists {
  /// Each power's lists, by the power's name (powers without any absent).
  #[serde(default)]
  pub powers: Vec<PowerLists>,
  /// The lists for the game's first movement turn are locked: from now on
  /// the lists sent are the open ones.
  #[serde(default)]
  pub begun: bool,
  /// Each movement turn played, its lists as they were carried out: kept
  /// secret while the game runs, published when it ends (G.4).
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub played: Vec<PlayedLists>,
}

/// One played turn's lists, as the Masters got them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedLists {
  /// The phase, as `S1901M`.
  pub phase: String,
  /// Every power's annotated list ([`lists_text`]).
  pub text: String,
}

/// One power's two lists, each entry as the player wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerLists {
  pub power: String,
  #[serde(default)]
  pub locked: Vec<String>,
  #[serde(default)]
  pub open: Vec<String>,
}

impl Lists {
  pub fn is_empty(&self) -> bool {
    self.powers.is_empty() && !self.begun && self.played.is_empty()
  }

  fn of(&self, map: &Map, power: PowerId) -> Option<&PowerLists> {
    let name = &map.power(power).name;
    self.powers.iter().find(|l| &l.power == name)
  }

  fn of_mut(&mut self, map: &Map, power: PowerId) -> &mut PowerLists {
    let name = map.power(power).name.clone();
    if let Some(index) = self.powers.iter().position(|l| l.power == name) {
      return &mut self.powers[index];
    }
    self.powers.push(PowerLists { power: name, ..PowerLists::default() });
    let last = self.powers.len() - 1;
    &mut self.powers[last]
  }

  /// A power's list, empty when it has none.
  pub fn list(&self, map: &Map, power: PowerId, which: Which) -> &[String] {
    match (self.of(map, power), which) {
      (Some(lists), Which::Locked) => &lists.locked,
      (Some(lists), Which::Open) => &lists.open,
      (None, _) => &[],
    }
  }

  /// Checks that every power named is one of the map's (a file read back
  /// could say anything).
  pub fn check(&self, map: &Map) -> Result<(), String> {
    match self.powers.iter().find(|l| map.find_power(&l.power).is_none()) {
      Some(bad) => Err(format!("Crystal Ball lists for '{}', not a power of the map", bad.power)),
      None => Ok(()),
    }
  }
}

/// Which of a power's two lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
  /// For the next movement phase to be processed; no longer changed.
  Locked,
  /// For the movement phase after that; rewritten until then.
  Open,
}

/// What became of one entry of a locked list when its phase was processed
/// (the DPjudge's annotations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
  /// Carried out: the power's own unit of that type was there.
  Ordered,
  /// Carried out for a unit its owner proxied to this power.
  ByProxy,
  /// A proxy of the power's own unit, carried out.
  Proxied,
  /// No such unit of the power there (or of another type).
  NoUnit,
  /// Another power's unit, in a game without proxies.
  Foreign,
  /// Another power's unit, not proxied to this power.
  NoProxy,
  /// Beyond the number of orders (or proxies) considered.
  Ignored,
  /// A later considered entry for the same unit replaced it.
  Revoked,
  /// A proxy the power handed it to gave the unit no order: it held.
  Refused,
  /// A unit left without an order: it held.
  Default,
  /// The unit was there, but the order could not be carried out from
  /// where it stood (a fleet's coast): it held.
  Invalid,
}

impl Note {
  /// The note as lists show it: `[ordered]`.
  pub fn word(self) -> &'static str {
    match self {
      Note::Ordered => "ordered",
      Note::ByProxy => "byProxy",
      Note::Proxied => "proxied",
      Note::NoUnit => "no unit",
      Note::Foreign => "foreign",
      Note::NoProxy => "noProxy",
      Note::Ignored => "ignored",
      Note::Revoked => "revoked",
      Note::Refused => "refused",
      Note::Default => "default",
      Note::Invalid => "invalid",
    }
  }
}

/// One power's locked list as it was carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotated {
  pub power: PowerId,
  pub entries: Vec<(String, Note)>,
}

/// How a processed turn's lists were read: the annotated lists and the
/// limits that applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CarriedOut {
  pub phase: Option<Phase>,
  /// Orders considered per list (the largest power's centres); `None`:
  /// no limit (nobody owned a centre).
  pub orders: Option<usize>,
  /// Proxies considered per list (the smallest power's centres).
  pub proxies: Option<usize>,
  pub lists: Vec<Annotated>,
}

/// A line refused for a Crystal Ball list, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ListRefusal {
  #[error("{0}")]
  Order(OrderError),
  /// No unit type before the place.
  #[error(
    "Write the unit's type in a Crystal Ball list (the board it is played\n\
     on does not exist yet), e.g. 'A Par - Bur' or 'F Bre - Mao'."
  )]
  NoType,
  /// A build, removal or other adjustment in a movement list.
  #[error(
    "Only movement orders go into a Crystal Ball list; builds, removals and\n\
     retreats are ordered in their own phases."
  )]
  NotMovement,
  /// A proxy order in a game without them (SET NO PROXY).
  #[error("Proxy orders are not taken in this game (it is SET NO PROXY).")]
  NoProxy,
  #[error("A list holds at most {MAX_ENTRIES} orders; send a shorter list.")]
  TooLong,
}

impl Game {
  /// Where a Crystal Ball game on an empty board (EMPTY BOARD, the
  /// DPjudge's BLANK_BOARD) starts: in the movement phase before its first
  /// builds, in which no unit moves and every power writes the list for
  /// the first turn with units (§2(g) G.2.5 of the DPjudge note). `None`
  /// for other games, and where no movement phase leads to those builds
  /// (such games are refused, [`start_misfit`]).
  pub fn early_start(&self) -> Option<Phase> {
    let builds = self.position.phase;
    if !self.is_crystal_ball()
      || builds.kind != PhaseKind::Adjustment
      || self.position.units().next().is_some()
    {
      return None;
    }
    movement_before(self.map, builds, self.settings.variant.summer)
  }

  /// Whether the game is of the Crystal Ball type.
  pub fn is_crystal_ball(&self) -> bool {
    self.settings.variant.crystal_ball
  }

  /// The movement phase after `phase` (the next one when `phase` is a
  /// retreat or adjustment phase).
  fn movement_after(&self, phase: Phase) -> Phase {
    self.map.next_phase(phase, false, false, self.settings.variant.summer)
  }

  /// The phase the locked lists are for: the current movement phase, or
  /// the next one.
  pub fn locked_phase(&self) -> Phase {
    let now = self.position.phase;
    if now.kind == PhaseKind::Movement {
      now
    } else {
      self.movement_after(now)
    }
  }

  /// The phase the open lists are for: the movement phase after the
  /// locked lists'.
  pub fn open_phase(&self) -> Phase {
    self.movement_after(self.locked_phase())
  }

  /// Whether the game waits for the first lists of its first movement
  /// turn: they are locked for the current phase once everyone with units
  /// has sent one.
  pub fn first_lists_due(&self) -> bool {
    self.is_crystal_ball()
      && !self.xtal.begun
      && self.position.phase.kind == PhaseKind::Movement
      && self.position.units().next().is_some()
  }

  /// The list a movement order line from a player goes to now, without a
  /// PHASE line: the first turn's list until those are locked, then the
  /// open list.
  pub fn list_target(&self) -> Which {
    if self.first_lists_due() {
      Which::Locked
    } else {
      Which::Open
    }
  }

  /// The phase a list is for.
  pub fn list_phase(&self, which: Which) -> Phase {
    match which {
      Which::Locked => self.locked_phase(),
      Which::Open => self.open_phase(),
    }
  }

  /// A power's list.
  pub fn list(&self, power: PowerId, which: Which) -> &[String] {
    self.xtal.list(self.map, power, which)
  }

  /// Replaces a power's list (a message's list lines, all accepted).
  pub fn set_list(&mut self, power: PowerId, which: Which, entries: Vec<String>) {
    let lists = self.xtal.of_mut(self.map, power);
    match which {
      Which::Locked => lists.locked = entries,
      Which::Open => lists.open = entries,
    }
  }

  /// Whether every power with units has its first list in; if so, locks
  /// them (the game's first movement turn). True when they were locked now.
  pub fn lock_first_lists(&mut self) -> bool {
    if !self.first_lists_due() {
      return false;
    }
    let waiting = self.map.playable_powers().any(|p| {
      self.position.units_of(p).next().is_some()
        && !self.in_civil_disorder(p)
        && self.list(p, Which::Locked).is_empty()
    });
    if waiting {
      return false;
    }
    self.xtal.begun = true;
    true
  }

  /// In a Crystal Ball movement phase: whether a power has sent the list
  /// the phase waits for (its first list, or its open list).
  pub(super) fn list_in(&self, power: PowerId) -> bool {
    !self.list(power, self.list_target()).is_empty()
  }

  /// Whether a power must send a list in this movement phase: it has units,
  /// or nobody has any yet (the turn before an EMPTY BOARD game's first
  /// builds, [`Game::early_start`], in which the first lists are written)
  /// and it is in the game.
  pub(super) fn owes_list(&self, power: PowerId) -> bool {
    self.position.units_of(power).next().is_some()
      || (self.position.units().next().is_none() && !self.is_eliminated(power))
  }

  /// Checks one line for a list of `power`: it must read as a movement
  /// order naming its unit's type, and make sense on the map (where the
  /// unit could go or help); nothing of the board is looked at. Returns
  /// the order as the list keeps it.
  pub fn check_list_line(&self, power: PowerId, text: &str) -> Result<String, ListRefusal> {
    let parsed =
      order::parse_order(self.map, PhaseKind::Movement, text).map_err(ListRefusal::Order)?;
    let ParsedOrder::Unit { kind, at, action } = &parsed else {
      return Err(ListRefusal::NotMovement);
    };
    let Some(kind) = *kind else { return Err(ListRefusal::NoType) };
    if matches!(action, Action::Proxy { .. }) && !self.settings.proxy {
      return Err(ListRefusal::NoProxy);
    }
    let rules = crate::adjudicate::Rules { fictional_ok: true, ..self.rules() };
    let phase = self.open_phase();
    let mut first_error = None;
    for location in self.places(kind, *at) {
      let mut board = Position::empty(self.map, phase);
      let unit = Unit { power, kind, location };
      if board.place(self.map, unit).is_err() {
        continue;
      }
      match order::validate_with(self.map, &board, power, &parsed, &rules) {
        Ok(_) => return Ok(text.trim().to_string()),
        Err(error) => {
          first_error.get_or_insert(error);
        }
      }
    }
    Err(ListRefusal::Order(first_error.unwrap_or(OrderError::NoOwnUnit {
      power: self.power_name(power).to_string(),
      place: self.map.location_name(*at),
    })))
  }

  /// Where a unit of `kind` written at `at` could stand: the coast written,
  /// or for a fleet in a province with coasts and none written, each.
  fn places(&self, kind: UnitType, at: crate::map::Location) -> Vec<crate::map::Location> {
    let province = self.map.province(at.province);
    if kind == UnitType::Fleet && at.coast.is_none() && province.has_coasts() {
      province
        .coasts()
        .map(|coast| crate::map::Location { province: at.province, coast: Some(coast) })
        .collect()
    } else if kind == UnitType::Army {
      vec![crate::map::Location { province: at.province, coast: None }]
    } else {
      vec![at]
    }
  }

  /// The limits of the current turn: orders considered per list (the
  /// largest power's centres) and proxies (the smallest power's, among
  /// those that own any); `None` when nobody owns a centre.
  pub fn list_limits(&self) -> (Option<usize>, Option<usize>) {
    let sizes: Vec<usize> = self
      .map
      .power_ids()
      .map(|p| self.position.centers_of(self.map, p).count())
      .filter(|&n| n > 0)
      .collect();
    (sizes.iter().max().copied(), sizes.iter().min().copied())
  }

  /// Puts the orders of the locked lists in as the current movement
  /// phase's orders (every order given otherwise is dropped), and says
  /// what became of each entry.
  pub(super) fn carry_out_lists(&mut self) -> CarriedOut {
    let (largest, smallest) = self.list_limits();
    let rules = self.rules();
    let map = self.map;
    for orders in &mut self.orders {
      orders.units.clear();
    }
    // The lists, read: each entry's parsed order, or none.
    let powers: Vec<PowerId> = map.power_ids().collect();
    let mut lists: Vec<(PowerId, Vec<Reading>)> = Vec::new();
    for &power in &powers {
      let entries = self.list(power, Which::Locked);
      let read = entries
        .iter()
        .map(|text| {
          let parsed = order::parse_order(map, PhaseKind::Movement, text).ok();
          (text.clone(), parsed, None)
        })
        .collect();
      lists.push((power, read));
    }
    // Which entries are considered, and the proxies among them.
    let mut proxies: Vec<(Unit, PowerId, PowerId, usize)> = Vec::new();
    for (power, entries) in &mut lists {
      let (mut order_count, mut proxy_count) = (0, 0);
      for index in 0..entries.len() {
        let key = entries[index].1.as_ref().and_then(unit_key);
        let note = match &entries[index].1 {
          Some(ParsedOrder::Unit { action: Action::Proxy { power: to }, at, kind, .. }) => {
            if smallest.is_some_and(|s| proxy_count >= s) {
              Some(Note::Ignored)
            } else {
              proxy_count += 1;
              let own = self
                .position
                .unit_at(at.province)
                .filter(|u| u.power == *power && Some(u.kind) == *kind);
              match own {
                Some(unit) => {
                  proxies.push((unit, *power, *to, index));
                  Some(Note::Proxied)
                }
                None => Some(Note::NoUnit),
              }
            }
          }
          Some(_) if largest.is_some_and(|l| order_count >= l) => Some(Note::Ignored),
          Some(_) => {
            order_count += 1;
            None
          }
          None => Some(Note::Invalid),
        };
        entries[index].2 = note;
        if note != Some(Note::Ignored) && note != Some(Note::Invalid) {
          for earlier in &mut entries[..index] {
            if earlier.1.as_ref().and_then(unit_key).is_some()
              && earlier.1.as_ref().and_then(unit_key) == key
            {
              earlier.2 = Some(Note::Revoked);
            }
          }
        }
      }
    }
    // A proxy revoked by a later entry for its unit hands nothing over.
    proxies.retain(|(_, owner, _, index)| {
      lists.iter().any(|(p, entries)| p == owner && entries[*index].2 == Some(Note::Proxied))
    });
    // The proxies go in as their owners' orders.
    for &(unit, owner, to, index) in &proxies {
      let order = UnitOrder { unit, order: Order::Proxy { power: to } };
      let text = lists.iter().find(|(p, _)| *p == owner).map(|(_, e)| e[index].0.clone());
      self.orders[owner.index()]
        .units
        .push(super::Entered { order, text: text.unwrap_or_default() });
    }
    // The orders the considered entries give.
    for (power, entries) in &mut lists {
      for (text, parsed, note) in entries.iter_mut() {
        let (Some(parsed), None) = (parsed.as_ref(), *note) else { continue };
        let Some((kind, province)) = unit_key(parsed) else {
          *note = Some(Note::Invalid);
          continue;
        };
        let there = self.position.unit_at(province).filter(|u| u.kind == kind);
        let proxied = there.filter(|u| proxies.iter().any(|(pu, _, to, _)| pu == u && to == power));
        let (owner, found) = match (there, proxied) {
          (Some(unit), _) if unit.power == *power => (unit.power, Note::Ordered),
          (Some(unit), Some(_)) => (unit.power, Note::ByProxy),
          (None, _) => {
            *note = Some(Note::NoUnit);
            continue;
          }
          (Some(_), None) if !self.settings.proxy => {
            *note = Some(Note::Foreign);
            continue;
          }
          (Some(_), None) => {
            *note = Some(Note::NoProxy);
            continue;
          }
        };
        match order::validate_with(map, &self.position, owner, parsed, &rules) {
          Ok(order) => {
            self.orders[power.index()].units.push(super::Entered { order, text: text.clone() });
            *note = Some(found);
          }
          Err(_) => *note = Some(Note::Invalid),
        }
      }
    }
    // Units left without an order hold; a proxy nobody used is refused.
    let mut carried = CarriedOut {
      phase: Some(self.position.phase),
      orders: largest,
      proxies: smallest,
      lists: Vec::new(),
    };
    for (power, entries) in lists {
      let mut annotated: Vec<(String, Note)> =
        entries.into_iter().map(|(text, _, note)| (text, note.unwrap_or(Note::Invalid))).collect();
      let units: Vec<Unit> = self.position.units_of(power).collect();
      for unit in units {
        let ordered =
          |p: PowerId| self.orders[p.index()].units.iter().any(|e| e.order.unit == unit);
        let proxy = proxies.iter().find(|(u, ..)| *u == unit);
        match proxy {
          Some(&(_, _, to, index)) => {
            let used = self.orders[to.index()]
              .units
              .iter()
              .any(|e| e.order.unit == unit && !matches!(e.order.order, Order::Proxy { .. }));
            if !used {
              if let Some(entry) = annotated.get_mut(index) {
                entry.1 = Note::Refused;
              }
            }
          }
          None if ordered(power) => {}
          None => {
            let order = UnitOrder { unit, order: Order::Hold };
            let text = format!("{} {} H", unit.kind.letter(), map.location_name(unit.location));
            annotated.push((text.clone(), Note::Default));
            self.orders[power.index()].units.push(super::Entered { order, text });
          }
        }
      }
      if !annotated.is_empty() {
        carried.lists.push(Annotated { power, entries: annotated });
      }
    }
    // Kept for the end of the game; a turn played again after ROLLBACK
    // replaces its own.
    if !carried.lists.is_empty() {
      let phase = self.position.phase.to_string();
      let all: Vec<PowerId> = map.power_ids().collect();
      let text = lists_text(self, &carried, &all, None);
      self.xtal.played.retain(|p| p.phase != phase);
      self.xtal.played.push(PlayedLists { phase, text });
    }
    carried
  }

  /// After a movement phase is carried out: each open list becomes the
  /// locked one. A power with units (or, before the first builds, in the
  /// game) that sent no open list holds in the next turn and is put in
  /// civil disorder.
  pub(super) fn advance_lists(&mut self) {
    let map = self.map;
    let skip = self.position.units().next().is_none();
    for power in map.playable_powers() {
      let open = std::mem::take(&mut self.xtal.of_mut(map, power).open);
      let owes =
        self.position.units_of(power).next().is_some() || (skip && !self.is_eliminated(power));
      if open.is_empty() && owes {
        if let Some(index) = self.player_index(power) {
          self.members[index].cd = true;
        }
      }
      self.xtal.of_mut(map, power).locked = open;
    }
    self.xtal.powers.retain(|l| !l.locked.is_empty() || !l.open.is_empty());
    self.xtal.begun = true;
  }
}

/// A list entry being read: as written, as parsed, and its note once known.
type Reading = (String, Option<ParsedOrder>, Option<Note>);

/// The unit an entry names: its type and province.
fn unit_key(parsed: &ParsedOrder) -> Option<(UnitType, crate::map::ProvinceId)> {
  match parsed {
    ParsedOrder::Unit { kind: Some(kind), at, .. } => Some((*kind, at.province)),
    _ => None,
  }
}

/// A processed turn's lists as text: each power's entries with their notes,
/// at most `limit` entries each (LIMIT_LISTS), in the map's order.
pub fn lists_text(
  game: &Game,
  carried: &CarriedOut,
  powers: &[PowerId],
  limit: Option<usize>,
) -> String {
  let mut text = String::new();
  for list in carried.lists.iter().filter(|l| powers.contains(&l.power)) {
    let name = format!("{}:", game.power_name(list.power));
    let shown = list.entries.iter().take(limit.unwrap_or(usize::MAX));
    for (entry, note) in shown {
      text.push_str(&format!("{name:<10}[{}] {entry}\n", note.word()));
    }
    text.push('\n');
  }
  text
}

impl Game {
  /// Starts the current phase's clock again (the first turn's lists were
  /// locked: the deadline is now for the next lists).
  pub fn restart_clock_now(&mut self, now: chrono::DateTime<chrono::Utc>, tz: crate::zone::Tz) {
    self.restart_clock(now, tz);
  }
}

/// A power's two lists, for replies: what is locked, what is open, and
/// how much of a list the board now lets count.
pub fn listing(game: &Game, power: PowerId) -> String {
  use std::fmt::Write as _;
  let map = game.map;
  let name = game.power_name(power);
  let mut text = format!("Crystal Ball lists of {name}:\n");
  let show = |text: &mut String, entries: &[String], empty: &str| {
    if entries.is_empty() {
      let _ = writeln!(text, "  ({empty})");
    }
    for entry in entries {
      let _ = writeln!(text, "  {entry}");
    }
  };
  let locked = super::future::phase_name(map, game.locked_phase());
  let open = super::future::phase_name(map, game.open_phase());
  if game.first_lists_due() {
    let _ =
      writeln!(text, "\nFirst-turn list, for {locked} (locked once every power has sent one):");
    show(&mut text, game.list(power, Which::Locked), "none yet");
  } else if game.position.units().next().is_some() {
    let _ = writeln!(text, "\nLocked, for {locked}:");
    show(&mut text, game.list(power, Which::Locked), "none: every unit holds");
  }
  let _ = writeln!(text, "\nOpen, for {open}:");
  show(&mut text, game.list(power, Which::Open), "none yet");
  let (largest, smallest) = game.list_limits();
  if let (Some(largest), Some(smallest)) = (largest, smallest) {
    let _ = writeln!(
      text,
      "\nAs the board stands, the first {largest} orders and the first {smallest} proxies of a\n\
       list are considered (the largest power has {largest} centres, the smallest {smallest})."
    );
  }
  text
}

/// The line the results of a Crystal Ball movement turn open with: whose
/// lists the orders below come from, and how much of each counted.
pub fn carried_note(game: &Game, carried: &CarriedOut) -> String {
  let phase = carried.phase.map_or_else(String::new, |p| super::report::phase_words(game.map, p));
  let limits = match (carried.orders, carried.proxies) {
    (Some(orders), Some(proxies)) => format!(
      " The first {orders} orders and the first {proxies} proxies of each list were considered."
    ),
    _ => String::new(),
  };
  super::report::wrap(&format!(
    "Crystal Ball: these orders were carried out from the lists locked for {phase}; \
     units left without an order held.{limits}"
  ))
}

/// Every power's two lists as the game ended, for everyone (G.4: the lists
/// are secret until the game is over). Empty when nobody had a list.
pub fn revealed(game: &Game) -> String {
  use std::fmt::Write as _;
  let map = game.map;
  let locked = super::future::phase_name(map, game.locked_phase());
  let open = super::future::phase_name(map, game.open_phase());
  let mut body = String::new();
  for power in map.playable_powers() {
    let (locked_list, open_list) = (game.list(power, Which::Locked), game.list(power, Which::Open));
    if locked_list.is_empty() && open_list.is_empty() {
      continue;
    }
    let _ = writeln!(body, "{}:", game.power_name(power));
    for (label, phase, entries) in [("Locked", &locked, locked_list), ("Open", &open, open_list)] {
      let _ = writeln!(body, "  {label}, for {phase}:");
      if entries.is_empty() {
        let _ = writeln!(body, "    (none)");
      }
      for entry in entries {
        let _ = writeln!(body, "    {entry}");
      }
    }
    body.push('\n');
  }
  let mut past = String::new();
  for played in &game.xtal.played {
    let title = match map.parse_phase(&played.phase) {
      Ok(phase) => super::future::phase_name(map, phase),
      Err(_) => played.phase.clone(),
    };
    let _ = writeln!(past, "{title}, as carried out:\n\n{}", played.text.trim_end());
    past.push('\n');
  }
  if body.is_empty() && past.is_empty() {
    return String::new();
  }
  let intro = super::report::wrap(
    "The game is over, so the Crystal Ball lists are secret no longer: every power's \
     list of each turn played, as it was carried out, and the lists written for the \
     turns that will not be played.",
  );
  let mut text = format!("{intro}\n\n");
  if !past.is_empty() {
    let _ = write!(text, "The turns played\n================\n\n{past}");
  }
  if !body.is_empty() {
    let _ = write!(text, "The lists left unplayed\n=======================\n\n{body}");
  }
  text
}

/// The movement phase whose adjustments are `builds` (the Fall before the
/// Winter builds), if the map's flow has one.
fn movement_before(map: &Map, builds: Phase, summer: bool) -> Option<Phase> {
  let movement = Phase::new(builds.season, builds.year, PhaseKind::Movement);
  (map.next_phase(movement, false, true, summer) == builds).then_some(movement)
}

/// Why a Crystal Ball game cannot start as set (`None`: it can): on an
/// empty board (EMPTY BOARD, or MOBILIZE by the map's rule or SET RULE)
/// on a map whose first builds follow no movement phase. The DPjudge's
/// rule starts such a game one movement turn early so that the first
/// lists can be written (G.2.5; for MOBILIZE the note's §0.3 #10).
pub fn start_misfit(map: &Map, settings: &super::Settings) -> Option<&'static str> {
  let variant = &settings.variant;
  if !variant.crystal_ball {
    return None;
  }
  let mobilize = variant.has_rule("MOBILIZE") || map.has_rule("MOBILIZE");
  if !variant.empty_board && !mobilize {
    return None;
  }
  let first = map.parse_phase(map.first_phase()).ok()?;
  let builds =
    if first.kind == PhaseKind::Adjustment { first } else { map.adjustments_before(first) };
  match movement_before(map, builds, false) {
    Some(_) => None,
    None => Some(
      "A Crystal Ball game on an empty board (EMPTY BOARD, MOBILIZE) starts with\n\
       a movement turn before its first builds, for the first lists, and this\n\
       map's calendar has none there: it cannot be played so as Crystal Ball.",
    ),
  }
}
