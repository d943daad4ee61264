//! A game as the judge runs it: who is in it, its settings, the board and
//! the orders in for the current phase, and the rules that carry it from
//! forming to finished (manual §§4–7). Pure: no files, mail or clock; the
//! time, the time zone and the randomness are passed in.
//!
//! [`entry`] takes orders for the current phase, [`process`] adjudicates a
//! phase and moves the game on, [`report`] writes what players read about
//! it, [`deadline`] and [`date`] handle time, [`preference`] deals powers,
//! [`access`] says who may join, and `successor` what game AUTO CREATE
//! makes when one ends.
//! [`variant`] holds the optional rules (manual §9.1).

pub mod absence;
pub mod access;
pub mod blind;
pub mod choices;
mod civil_disorder;
pub mod clock;
pub mod date;
pub mod deadline;
pub mod dpjudge;
mod entry;
pub mod future;
pub mod join;
pub mod master;
pub mod payola;
mod permission;
pub mod picture;
pub mod preference;
pub mod press;
mod press_rules;
mod process;
mod remap;
pub mod report;
mod successor;
pub mod summary;
pub mod unchecked;
pub mod variant;
pub mod viewer;
mod vote;
pub mod xtal;

use crate::zone::Tz;
use chrono::{DateTime, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};

pub use clock::TimeEvent;
pub use entry::Accepted;
pub use permission::{ChangeRefusal, Moderators, ResignRefusal, SettingRefusal, WaitRefusal};
pub use process::{PhaseResult, Processed, Resolution};
pub use remap::{RemapRefusal, Remapped};
pub use variant::{GameOption, Variant};
pub use vote::{DrawVote, VoteRefusal};

use self::access::{Level, SiteRule};
use self::deadline::DeadlineRule;
use self::preference::{Assignment, Preference};
use crate::adjudicate::{self, Rules};
use crate::map::{Map, PowerId};
use crate::order::{Adjustment, UnitOrder};
use crate::phase::PhaseKind;
use crate::position::Position;

/// One game.
#[derive(Clone, Debug)]
pub struct Game {
  /// Lower-case letters and digits, at most [`MAX_NAME`] of them.
  pub name: String,
  pub map: &'static Map,
  pub settings: Settings,
  pub status: Status,
  pub created: DateTime<Utc>,
  pub started: Option<DateTime<Utc>>,
  /// The number of the current phase, counting from 1 at the start
  /// (njudge's `game.001`); 0 while forming.
  pub seq: u32,
  /// The board of the current phase.
  pub position: Position,
  /// The orders in for the current phase, one entry per power.
  pub orders: Vec<PowerOrders>,
  /// Players, observers and Masters, in the order they joined.
  pub members: Vec<Member>,
  pub timing: Timing,
  pub record: Record,
  /// Postal press to go out with the next results.
  pub postal: Vec<PostalPress>,
  /// The last turns played, as they stood before processing (ROLLBACK).
  pub turns: Vec<master::Turn>,
  /// Orders kept for later phases (PHASE blocks), in the order they came.
  pub future: Vec<future::FutureOrders>,
  /// A Crystal Ball game's order lists (`xtal.rs`); empty in others.
  pub xtal: xtal::Lists,
  /// A Payola game's money (`payola.rs`); empty in others.
  pub payola: payola::Treasury,
}

/// The longest game name (manual §4).
pub const MAX_NAME: usize = 8;

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
  /// Waiting for players.
  Forming,
  /// Being played.
  Active,
  /// Over, and how it ended.
  Finished(Ending),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
  /// A solo victory.
  Won(PowerId),
  /// A draw the survivors agreed on, among these powers.
  Drawn(Vec<PowerId>),
  /// A win by one player of several powers (a duplex game): together
  /// they hold four thirds of the victory count (SET ALLIED WIN), or a
  /// draw was agreed among them alone.
  Allied(Vec<PowerId>),
  /// The others conceded the game to this power.
  Conceded(PowerId),
  /// Stopped without a result.
  Terminated,
}

/// The settings a game is created with and its moderator may change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
  /// A Master runs the game (manual §8.1).
  pub moderated: bool,
  /// Players are anonymous.
  pub gunboat: bool,
  /// Shown to everyone in the brief LIST (manual §8.3 SET LIST).
  pub listed: bool,
  pub assignment: Assignment,
  /// Players needed to start; fewer than the powers means each plays several.
  pub players: u32,
  /// Supply centres for a solo victory.
  pub victory_centers: u32,
  /// In a duplex game, one player's powers together holding four thirds
  /// of the victory count do not win the game for it (SET NO ALLIED WIN;
  /// allied wins are on by default, as njudge's help says).
  pub no_allied_win: bool,
  pub movement: DeadlineRule,
  pub retreat: DeadlineRule,
  pub adjustment: DeadlineRule,
  /// NMR: at the end of the grace period, late powers go into civil
  /// disorder and the phase is processed without them (manual §5.1). The
  /// default (NoNMR) waits for them or a replacement.
  pub nmr: bool,
  /// The grace period is an absolute time after the deadline, not moved to
  /// a day `days` allows (SET STRICT GRACE).
  pub strict_grace: bool,
  /// Only players with something to order may SET WAIT (SET STRICT WAIT).
  pub strict_wait: bool,
  /// Late notices count how often each player has been late (SET LATE
  /// COUNT).
  pub late_count: bool,
  /// The longest absence a player may set, in days (SET MAX ABSENCE).
  pub max_absence: u32,
  /// No announcements of lateness, abandonment or takeovers to the other
  /// players (SET QUIET).
  pub quiet: bool,
  /// Whether the game counts for dedication; `None` follows moderation
  /// (moderated games are rated, manual §8.3 SET RATED).
  pub rated: Option<bool>,
  /// Who may sign on (manual §8.4): at least this many dedication points,
  /// at least this on-time ratio, at most this civil-disorder ratio.
  pub min_dedication: i32,
  pub min_ontime: f64,
  pub max_cd_ratio: f64,
  /// What press may be sent (manual §8.5).
  pub press: press::PressSettings,
  /// Draws include all survivors (SET DIAS, the default).
  pub dias: bool,
  /// Players may concede the game to the largest power (SET CONCESSIONS).
  pub concessions: bool,
  /// The final SUMMARY names the players of a gunboat game (SET REVEAL).
  pub reveal: bool,
  /// When the game ends in a result, the next one is created with the
  /// same settings (SET AUTO CREATE).
  pub auto_create: bool,
  /// Phases are processed only when the Master says PROCESS (SET MANUAL
  /// PROCESS); the sweep still sends late notices.
  pub manual_process: bool,
  /// A full game starts only when the Master starts it (SET MANUAL START).
  pub manual_start: bool,
  /// The one-line comment of the brief LIST (SET COMMENT).
  pub comment: String,
  /// The longer description of the full listing (SET COMMENT BEGIN).
  pub description: String,
  /// A player may hand units' orders to another power (SET PROXY).
  pub proxy: bool,
  /// Any player, not only a Master, may RESUME the game (SET RESUME).
  pub resume: bool,
  /// Convoy orders from or to a province that touches no sea are refused
  /// at entry (SET STRICT CONVOY, manual §8.3).
  pub strict_convoy: bool,
  /// Whether a `Parameter Change` names who made it; `None` follows the
  /// game (not in gunboat games) (SET SHOW).
  pub show: Option<bool>,
  /// The obsolete rating numbers (SET BN, EP, MN), kept as given.
  pub boardman: Option<String>,
  pub ep: Option<String>,
  pub miller: Option<String>,
  /// Who may join (manual §8.4): by site, by level, and the addresses
  /// allowed (when any are, only they) and denied.
  pub access: SiteRule,
  pub level: Level,
  pub allow: Vec<String>,
  pub deny: Vec<String>,
  /// The optional rules (manual §9.1); standard in games saved before
  /// there were any.
  pub variant: Variant,
  /// Results mail carries a picture of the board to members who have not
  /// said otherwise (a Master's SET MAP); off by default, as pictures
  /// make each results mail some 200 KB larger.
  pub pictures: bool,
  /// In a Blind game, each power is shown every power's supply centres
  /// (SET BCENTERS), not only its own (manual §9.1).
  pub bcenters: bool,
}

impl Default for Settings {
  fn default() -> Settings {
    Settings {
      moderated: false,
      gunboat: false,
      listed: false,
      assignment: Assignment::List,
      players: 7,
      no_allied_win: false,
      victory_centers: 18,
      movement: DeadlineRule::movement(),
      retreat: DeadlineRule::other(),
      adjustment: DeadlineRule::other(),
      nmr: false,
      strict_grace: false,
      strict_wait: false,
      late_count: false,
      max_absence: 15,
      quiet: false,
      rated: None,
      min_dedication: -10_000,
      min_ontime: 0.0,
      max_cd_ratio: 1.0,
      press: press::PressSettings::default(),
      dias: true,
      concessions: true,
      reveal: true,
      auto_create: false,
      manual_process: false,
      manual_start: false,
      comment: String::new(),
      description: String::new(),
      proxy: false,
      resume: true,
      strict_convoy: false,
      show: None,
      boardman: None,
      ep: None,
      miller: None,
      access: SiteRule::Any,
      level: Level::Any,
      allow: Vec::new(),
      pictures: false,
      deny: Vec::new(),
      variant: Variant::default(),
      bcenters: false,
    }
  }
}

impl Settings {
  /// A new game's settings on `map`, with the judgekeeper's deadlines.
  pub fn new(map: &Map, deadlines: [DeadlineRule; 3]) -> Settings {
    let [movement, retreat, adjustment] = deadlines;
    let mut settings = Settings {
      players: map.playable_powers().count() as u32,
      victory_centers: map.victory_centers(),
      movement,
      retreat,
      adjustment,
      ..Settings::default()
    };
    settings.variant.builds = crate::adjudicate::Rules::for_map(map).builds;
    settings.variant.map_rules = map.rules().iter().map(|r| r.to_ascii_uppercase()).collect();
    settings.imply_map_rules();
    settings
  }

  /// Whether the game counts for the players' dedication.
  pub fn is_rated(&self) -> bool {
    self.rated.unwrap_or(self.moderated)
  }

  /// Whether a `Parameter Change` names who made it (SET SHOW; by
  /// default, except in gunboat games).
  pub fn shows_changer(&self) -> bool {
    self.show.unwrap_or(!self.gunboat)
  }

  /// The deadline settings of a kind of phase.
  pub fn rule(&self, kind: PhaseKind) -> &DeadlineRule {
    match kind {
      PhaseKind::Movement => &self.movement,
      PhaseKind::Retreat => &self.retreat,
      PhaseKind::Adjustment => &self.adjustment,
    }
  }
}

/// The board of a MOBILIZE game (SET RULE MOBILIZE on a map that does not
/// start so itself): no units and no centre owned, in the adjustment phase
/// before the first movement turn, where each power has one build in a
/// home centre of its choice (`adjudicate::mobilizing`). A map that
/// starts in its adjustment phase (1897, 1898) is laid out so already.
fn mobilized(map: &Map, initial: &Position) -> Position {
  let Some(phase) = crate::adjudicate::mobilize_phase(map) else {
    return initial.clone();
  };
  if initial.phase.kind == PhaseKind::Adjustment {
    return initial.clone();
  }
  let mut board = initial.clone();
  for province in map.province_ids() {
    board.remove(province);
    board.set_owner(province, None);
  }
  board.dislodged.clear();
  board.phase = phase;
  board
}

/// The board of an EMPTY BOARD game: `initial` with every unit taken off
/// (centres keep their owners), in the adjustment phase before its first
/// movement turn; a board that starts in a build phase is left alone.
fn empty_board(map: &Map, initial: &Position) -> Position {
  let first = initial.phase;
  if first.kind == PhaseKind::Adjustment {
    return initial.clone();
  }
  let mut board = initial.clone();
  for province in map.province_ids() {
    board.remove(province);
  }
  board.dislodged.clear();
  board.phase = map.adjustments_before(first);
  board
}

/// What someone is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
  Player,
  Observer,
  Master,
}

/// A person in a game: a player (with a power once the game starts), an
/// observer, or a Master.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
  pub role: Role,
  /// The power played; `None` for observers, Masters and players of a
  /// game still forming.
  pub power: Option<PowerId>,
  /// Where the game's mail goes: one address, or several separated by
  /// commas (SET ADDRESS).
  pub address: String,
  /// The registration this member signed on with, if any.
  pub user: Option<u32>,
  /// The password, hashed (a PHC string).
  pub password: String,
  /// The preference list, in njudge's notation (forming games).
  #[serde(default)]
  pub preference: String,
  pub joined: DateTime<Utc>,
  /// SET WAIT: hold the phase until the deadline.
  #[serde(default)]
  pub wait: bool,
  /// The player resigned or was abandoned: the power awaits a replacement.
  #[serde(default)]
  pub abandoned: bool,
  /// The power is in civil disorder (NMR games): it does not hold up the
  /// game, and its units hold.
  #[serde(default)]
  pub cd: bool,
  /// The player's orders were late in the current phase (they got a late
  /// notice), so the phase does not count as on time for them.
  #[serde(default)]
  pub late: bool,
  /// How often the player has been late in this game (SET LATE COUNT).
  #[serde(default)]
  pub late_count: u32,
  /// Absences the player has set (manual §7.2), at most three pending.
  #[serde(default)]
  pub absences: Vec<Absence>,
  /// Broadcasts are not sent to this member (SET NO BROADCAST).
  #[serde(default)]
  pub no_broadcast: bool,
  /// Partial press between others is copied to this Master (or observer,
  /// where the game allows it) (SET ALL PRESS).
  #[serde(default)]
  pub all_press: bool,
  /// An observer the Master lets see the whole board of a blind game
  /// while it runs (the DPjudge's OMNISCIENT).
  #[serde(default, skip_serializing_if = "std::ops::Not::not")]
  pub omniscient: bool,
  /// Under TOUCH PRESS, the phase in which this player sent its one
  /// broadcast.
  #[serde(default, skip_serializing_if = "Option::is_none")]
  pub touch_broadcast: Option<String>,
  /// This phase's draw vote, if any (manual §7.3).
  #[serde(default)]
  pub draw: Option<DrawVote>,
  /// This phase's concession vote: the power conceded to.
  #[serde(default)]
  pub concede: Option<PowerId>,
  /// Diary entries, made public when the game ends.
  #[serde(default)]
  pub diary: Vec<DiaryEntry>,
  /// The number the next diary entry gets (numbers are never reused).
  #[serde(default)]
  pub diary_next: u32,
  /// A stand-in FORCE BEGIN dealt a power to: no address, abandoned from
  /// the start, waiting for a real player to take it over.
  #[serde(default)]
  pub dummy: bool,
  /// This member's own SET MAP (`Some(true)`) or SET NO MAP; `None`
  /// follows the game's default.
  #[serde(default)]
  pub pictures: Option<bool>,
}

/// One diary entry (DIARY RECORD).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiaryEntry {
  pub number: u32,
  pub time: DateTime<Utc>,
  pub text: String,
}

/// A postal press message waiting for the phase to be processed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostalPress {
  /// The line that heads it: who sent it, as the game's colour allows.
  pub heading: String,
  pub text: String,
}

/// A time when a player is away: no deadline falls in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
  pub start: DateTime<Utc>,
  pub end: DateTime<Utc>,
}

impl Member {
  /// A new member: no power yet, no preference, nothing set.
  pub fn new(
    role: Role,
    address: &str,
    user: Option<u32>,
    password: String,
    joined: DateTime<Utc>,
  ) -> Member {
    Member {
      role,
      power: None,
      address: address.to_string(),
      user,
      password,
      preference: String::new(),
      joined,
      wait: false,
      abandoned: false,
      cd: false,
      late: false,
      late_count: 0,
      absences: Vec::new(),
      no_broadcast: false,
      all_press: false,
      omniscient: false,
      touch_broadcast: None,
      draw: None,
      concede: None,
      diary: Vec::new(),
      diary_next: 1,
      dummy: false,
      pictures: None,
    }
  }

  /// Whether this member's results mail carries the board's picture.
  pub fn wants_pictures(&self, settings: &Settings) -> bool {
    self.pictures.unwrap_or(settings.pictures)
  }

  /// Each address game mail for this member goes to.
  pub fn addresses(&self) -> impl Iterator<Item = &str> {
    self.address.split(',').map(str::trim).filter(|a| !a.is_empty())
  }

  /// Whether mail from `address` is mail from this member.
  pub fn has_address(&self, address: &str) -> bool {
    self.addresses().any(|a| a.eq_ignore_ascii_case(address.trim()))
  }
}

/// The orders one power has in for the current phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PowerOrders {
  /// Movement or retreat orders, at most one per unit, in the order given.
  pub units: Vec<Entered<UnitOrder>>,
  /// Builds, removals and waives, in the order given.
  pub adjustments: Vec<Entered<Adjustment>>,
  /// Movement orders as written, under NO_CHECK: checked only when the
  /// phase is processed (`unchecked.rs`).
  pub unchecked: Vec<unchecked::Unchecked>,
  /// The last mail with orders had an error in them (manual §6.1): the
  /// power's orders do not count as in until a mail without errors.
  pub error_flag: bool,
  /// A Master gave some of these orders without BECOME: they do not count
  /// as the power's orders being in (manual §8.2) until its player sends
  /// orders.
  pub by_master: bool,
  /// The orders came from orders kept for this phase (manual §6.3): the
  /// power counts as in, complete or not, until it sends orders itself.
  pub received: bool,
}

impl PowerOrders {
  /// Whether the power has any orders in, checked or not.
  pub fn any(&self) -> bool {
    !self.units.is_empty() || !self.adjustments.is_empty() || !self.unchecked.is_empty()
  }
}

/// An order as taken, with the text the player wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entered<T> {
  pub order: T,
  pub text: String,
}

/// The clock of the current phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
  /// When the current phase began (the game started or the last phase was
  /// processed).
  pub phase_began: DateTime<Utc>,
  /// When orders are due; `None` while forming.
  pub deadline: Option<DateTime<Utc>>,
  /// When the grace period ends.
  pub grace: Option<DateTime<Utc>>,
  /// When the last orders needed came in, while everyone's are in.
  pub orders_in: Option<DateTime<Utc>>,
  /// The earliest the current phase may be processed (SET START).
  #[serde(default)]
  pub start: Option<DateTime<Utc>>,
  /// When the last late notice of the current phase went out.
  #[serde(default)]
  pub late_notice: Option<DateTime<Utc>>,
  /// The late powers have been abandoned (NMR games, a day before the end
  /// of grace; NoNMR games, at the end of grace).
  #[serde(default)]
  pub abandoned: bool,
  /// Since when the game is paused (PAUSE), if it is.
  #[serde(default)]
  pub paused: Option<DateTime<Utc>>,
  /// When the last reminder that the game is paused went out.
  #[serde(default)]
  pub pause_notice: Option<DateTime<Utc>>,
  /// The number (`seq`) of the phase whose readiness the Masters of a
  /// MANUAL PROCESS game were told of, so they are told once.
  #[serde(default)]
  pub ready_told: Option<u32>,
}

/// What SUMMARY tells of a game's past.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
  /// Supply centres per power (in map order) after each Fall turn.
  pub years: Vec<YearCenters>,
  /// Who played each power, and from when to when.
  pub tenures: Vec<Tenure>,
  /// When the game ended, and in which phase.
  pub ended: Option<(DateTime<Utc>, String)>,
  /// The game AUTO CREATE made when this one ended.
  #[serde(default)]
  pub successor: Option<String>,
  /// The game this one was AUTO CREATEd after.
  #[serde(default)]
  pub predecessor: Option<String>,
}

/// The centre counts at the end of one year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct YearCenters {
  pub year: u16,
  pub centers: Vec<u8>,
  /// The owner of each supply centre (in the map's centre order) once the
  /// year's last turn was played, for SUMMARY's table of centres by year;
  /// empty in years recorded before it was kept.
  #[serde(default)]
  pub owners: Vec<Option<PowerId>>,
  /// Each power's units after the year's adjustments (in map order), so
  /// SUMMARY can mark builds left unused; empty when not known.
  #[serde(default)]
  pub units: Vec<u8>,
}

/// One player's time at the helm of a power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tenure {
  pub power: PowerId,
  pub address: String,
  /// The phase they took it over in.
  pub from: String,
  /// The phase they left in, if they left.
  pub until: Option<String>,
}

impl Game {
  /// A new game, forming, with nobody in it yet.
  pub fn new(name: &str, map: &'static Map, settings: Settings, now: DateTime<Utc>) -> Game {
    let position = Position::initial(map).unwrap_or_else(|_| {
      // A built-in map's first phase is checked when it loads.
      Position::empty(map, map.first())
    });
    Game {
      name: name.to_ascii_lowercase(),
      map,
      settings,
      status: Status::Forming,
      created: now,
      started: None,
      seq: 0,
      position,
      orders: vec![PowerOrders::default(); map.powers().len()],
      members: Vec::new(),
      timing: Timing {
        phase_began: now,
        deadline: None,
        grace: None,
        orders_in: None,
        start: None,
        late_notice: None,
        abandoned: false,
        paused: None,
        pause_notice: None,
        ready_told: None,
      },
      record: Record::default(),
      postal: Vec::new(),
      turns: Vec::new(),
      future: Vec::new(),
      xtal: xtal::Lists::default(),
      payola: payola::Treasury::default(),
    }
  }

  /// Whether `name` may name a game: letters and digits, at most eight.
  pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= MAX_NAME && name.bytes().all(|b| b.is_ascii_alphanumeric())
  }

  /// The name as headers show it: `Dt` for `dt`.
  pub fn title(&self) -> String {
    report::capitalised(&self.name)
  }

  pub fn power_name(&self, power: PowerId) -> &str {
    &self.map.power(power).name
  }

  /// The players of a game (with or without a power yet).
  pub fn players(&self) -> impl Iterator<Item = &Member> {
    self.members.iter().filter(|m| m.role == Role::Player)
  }

  /// The member playing `power`.
  pub fn player_of(&self, power: PowerId) -> Option<&Member> {
    self.members.iter().find(|m| m.role == Role::Player && m.power == Some(power))
  }

  /// Every power played by the player of `power` (several in a duplex
  /// game, where one address holds more than one seat), in map order.
  pub fn powers_of_player(&self, power: PowerId) -> Vec<PowerId> {
    let Some(address) = self.player_of(power).map(|m| m.address.to_ascii_lowercase()) else {
      return vec![power];
    };
    self
      .map
      .power_ids()
      .filter(|&p| self.player_of(p).is_some_and(|m| m.address.eq_ignore_ascii_case(&address)))
      .collect()
  }

  /// A player's own orders came in (a message or a web form with some
  /// taken): the power's error flag says whether any were `refused`, and
  /// its orders are its own, no longer the Master's or those kept for the
  /// phase (manual §6.1).
  pub fn orders_given(&mut self, power: PowerId, refused: bool) {
    let Some(orders) = self.orders.get_mut(power.index()) else { return };
    orders.error_flag = refused;
    orders.by_master = false;
    orders.received = false;
  }

  /// The player of seat `index` leaves its power (RESIGN, EJECT, a dummy
  /// of FORCE BEGIN): the power is abandoned, so a new player may take it
  /// over, holds up nothing, and its player's tenure ends with this phase.
  pub fn abandon_seat(&mut self, index: usize) {
    let Some(member) = self.members.get_mut(index) else { return };
    member.abandoned = true;
    member.wait = false;
    if let Some(power) = member.power {
      self.end_tenure(power);
    }
  }

  /// Ends the open tenure of `power` with the current phase (its player
  /// left, or another takes it over).
  pub fn end_tenure(&mut self, power: PowerId) {
    let phase = self.position.phase.to_string();
    for tenure in self.record.tenures.iter_mut().filter(|t| t.power == power) {
      tenure.until.get_or_insert_with(|| phase.clone());
    }
  }

  /// The index of the member playing `power`.
  pub fn player_index(&self, power: PowerId) -> Option<usize> {
    self.members.iter().position(|m| m.role == Role::Player && m.power == Some(power))
  }

  /// Whether the game has a Master.
  pub fn has_master(&self) -> bool {
    self.members.iter().any(|m| m.role == Role::Master)
  }

  /// How many more players a forming game needs.
  pub fn players_missing(&self) -> u32 {
    self.settings.players.saturating_sub(self.players().count() as u32)
  }

  /// Whether the game is over.
  pub fn is_finished(&self) -> bool {
    matches!(self.status, Status::Finished(_))
  }

  /// Whether the players' addresses are kept from everyone but the
  /// Masters: in a gunboat game (who plays whom is the secret), and in a
  /// running SET SECRET game (one address against several powers would
  /// tell how many players there are).
  pub fn players_unnamed(&self) -> bool {
    self.settings.gunboat || (self.settings.variant.secret && !self.is_finished())
  }

  /// A power with no units and no centres is out of the game.
  pub fn is_eliminated(&self, power: PowerId) -> bool {
    // A mobilizing power owns nothing yet but has its first build.
    let alone = |p: PowerId| {
      self.position.units_of(p).next().is_none()
        && adjudicate::allowance(self.map, &self.position, p, &self.rules()) == 0
        && !self.position.dislodged.iter().any(|d| d.unit.power == p)
    };
    // A leader stays in the game while it has a vassal left.
    alone(power) && self.position.vassals_of(power).all(alone)
  }

  /// The deadline settings of the current phase.
  pub fn rule(&self) -> &DeadlineRule {
    self.settings.rule(self.position.phase.kind)
  }

  /// The optional rules the board obeys in this game.
  pub fn rules(&self) -> Rules {
    self.settings.variant.rules()
  }

  /// How many builds the free places a power could build in now allow:
  /// its home centres, or more under SET ANY / ONE CENTER and the map's
  /// home rules (an alternative home adds a place, not a build).
  pub fn build_sites(&self, power: PowerId) -> usize {
    adjudicate::build_limit(self.map, &self.position, power, &self.rules())
  }

  /// The free places a power could build in now (centres, or a partisan
  /// site), in map order.
  pub fn build_places(&self, power: PowerId) -> Vec<crate::map::ProvinceId> {
    adjudicate::free_sites(self.map, &self.position, power, &self.rules())
  }

  /// How many builds (positive) or removals (negative) a power can make in
  /// the current adjustment phase: builds are limited by free build sites.
  pub fn adjustments_owed(&self, power: PowerId) -> i32 {
    let due = self.position.adjustment_due(self.map, power, &self.rules());
    if due > 0 {
      due.min(self.build_sites(power) as i32)
    } else {
      due
    }
  }

  /// Whether a power has anything to order in the current phase, for
  /// itself or for a vassal of its (VASSAL_DUMMIES), whose orders its
  /// player gives.
  pub fn must_order(&self, power: PowerId) -> bool {
    self.owes_orders(power) || self.position.vassals_of(power).any(|v| self.owes_orders(v))
  }

  /// Whether a power has anything to order for itself.
  pub(crate) fn owes_orders(&self, power: PowerId) -> bool {
    match self.position.phase.kind {
      PhaseKind::Movement if self.is_crystal_ball() => self.owes_list(power),
      PhaseKind::Movement => self.position.units_of(power).next().is_some(),
      PhaseKind::Retreat => {
        self.position.dislodged.iter().any(|d| d.unit.power == power && !d.retreats.is_empty())
      }
      PhaseKind::Adjustment => {
        self.adjustments_owed(power) != 0
          || (self.rules().adjusts_any_unit() && self.position.units_of(power).next().is_some())
      }
    }
  }

  /// Whether a power's orders for the current phase are complete: every
  /// unit ordered, every retreat, build or removal given (builds may be
  /// waived), its vassals' as well as its own.
  pub fn orders_complete(&self, power: PowerId) -> bool {
    self.own_orders_complete(power)
      && self.position.vassals_of(power).all(|v| self.own_orders_complete(v))
  }

  /// [`Game::orders_complete`] for a power's own units and adjustments.
  fn own_orders_complete(&self, power: PowerId) -> bool {
    let orders = &self.orders[power.index()];
    // DEFAULT_UNORDERED: one order in is the power's orders in; the units
    // it left out hold (or retreat by default, or build nothing).
    if orders.any() && self.settings.variant.has_rule("DEFAULT_UNORDERED") {
      return true;
    }
    match self.position.phase.kind {
      PhaseKind::Movement => self.position.units_of(power).all(|unit| {
        let at = unit.location.province;
        orders.units.iter().any(|e| e.order.unit.location.province == at)
          || orders.unchecked.iter().any(|u| u.province == at)
      }),
      PhaseKind::Retreat => self
        .position
        .dislodged
        .iter()
        .filter(|d| d.unit.power == power && !d.retreats.is_empty())
        .all(|d| orders.units.iter().any(|e| e.order.unit == d.unit)),
      PhaseKind::Adjustment if self.settings.variant.any_disband => {
        self.any_disband_complete(power)
      }
      PhaseKind::Adjustment => {
        let owed = self.adjustments_owed(power);
        // Transformations are extra: they use up no build or removal.
        let given = orders
          .adjustments
          .iter()
          .filter(|e| !matches!(e.order, Adjustment::Transform { .. }))
          .count();
        given as i32 >= owed.abs()
      }
    }
  }

  /// Under ANY DISBAND a power's adjustment orders are complete when each
  /// of its units is ordered removed or maintained (manual §9.1), no more
  /// units are kept than it has centres, and the builds (or waives) fill
  /// the room left where it has sites to build.
  fn any_disband_complete(&self, power: PowerId) -> bool {
    let list = &self.orders[power.index()].adjustments;
    let ordered = |unit: crate::position::Unit| {
      list.iter().any(|e| {
        matches!(e.order, Adjustment::Remove { unit: u }
          | Adjustment::Maintain { unit: u }
          | Adjustment::Transform { unit: u, .. } if u == unit)
      })
    };
    if !self.position.units_of(power).all(ordered) {
      return false;
    }
    let count = |f: fn(&Adjustment) -> bool| list.iter().filter(|e| f(&e.order)).count() as i32;
    let removals = count(|a| matches!(a, Adjustment::Remove { .. }));
    let builds = count(|a| matches!(a, Adjustment::Build { .. } | Adjustment::Waive));
    let room = self.position.adjustment_due(self.map, power, &self.rules()) + removals;
    let sites = self.build_sites(power) as i32 + removals;
    room >= 0 && builds >= room.min(sites)
  }

  /// Whether nobody plays `power` (the map's DPjudge `DUMMY`): it is
  /// never dealt, never waited for, and has no vote; its units hold, or
  /// follow the variant's dummy rules.
  pub fn is_dummy(&self, power: PowerId) -> bool {
    self.map.power(power).dummy
  }

  /// Whether a power is in civil disorder: a dummy always is.
  pub fn in_civil_disorder(&self, power: PowerId) -> bool {
    self.is_dummy(power) || self.player_of(power).is_some_and(|m| m.cd)
  }

  /// Whether a power has done what the phase asks of it (a power in civil
  /// disorder, a dummy among them, holds nobody up).
  pub fn is_in(&self, power: PowerId) -> bool {
    // A Crystal Ball movement phase waits for lists, not orders.
    if self.is_crystal_ball() && self.position.phase.kind == PhaseKind::Movement {
      return !self.must_order(power) || self.in_civil_disorder(power) || self.list_in(power);
    }
    // A Payola movement phase waits for offer sheets.
    if self.is_payola() && self.position.phase.kind == PhaseKind::Movement {
      return !self.must_order(power) || self.in_civil_disorder(power) || self.sheet_in(power);
    }
    !self.must_order(power)
      || self.in_civil_disorder(power)
      || self.orders[power.index()].received
      || (self.orders_complete(power)
        && !self.orders[power.index()].error_flag
        && !self.orders[power.index()].by_master)
  }

  /// Whether every power that must order has complete orders in.
  pub fn all_in(&self) -> bool {
    self.map.power_ids().all(|p| self.is_in(p))
  }

  /// Whether nobody has anything to order in the current phase, so that
  /// it can be processed at once.
  pub fn nothing_to_order(&self) -> bool {
    !self.map.playable_powers().any(|p| self.must_order(p))
  }

  /// Notes the moment the last orders came in (or that they no longer are
  /// all in), which starts the `delay` before processing.
  pub fn note_readiness(&mut self, now: DateTime<Utc>) {
    let ready = self.status == Status::Active && self.all_in();
    match (ready, self.timing.orders_in) {
      (true, None) => self.timing.orders_in = Some(now),
      (false, Some(_)) => self.timing.orders_in = None,
      _ => {}
    }
  }

  /// When the current phase is to be processed, if its orders are all in:
  /// `delay` after the last came in (at once when that was after the
  /// deadline), no sooner than `min` after the phase began nor than a SET
  /// START; when someone waits, not before the deadline.
  pub fn due_at(&self) -> Option<DateTime<Utc>> {
    if self.status != Status::Active || self.is_paused() {
      return None;
    }
    let orders_in = self.timing.orders_in?;
    let rule = self.rule();
    let mut earliest = self.timing.phase_began + deadline::hours(rule.min);
    if let Some(start) = self.timing.start {
      earliest = earliest.max(start);
    }
    // The DPjudge's ALWAYS_WAIT is a standing wait (under NO_MINOR_WAIT
    // in movement phases only); REAL_TIME processes with no delay.
    let rules = &self.settings.variant;
    let always = rules.has_rule("ALWAYS_WAIT")
      && (self.position.phase.kind == PhaseKind::Movement || !rules.has_rule("NO_MINOR_WAIT"));
    let delay = if rules.has_rule("REAL_TIME") { 0.0 } else { rule.delay };
    let waiting = always || self.members.iter().any(|m| m.wait);
    let due = match self.timing.deadline {
      Some(deadline) if waiting => deadline,
      Some(deadline) if orders_in >= deadline => orders_in,
      Some(deadline) => (orders_in + deadline::hours(delay)).min(deadline),
      None => orders_in + deadline::hours(delay),
    };
    Some(due.max(earliest))
  }

  /// Whether the current phase is to be processed now: it is due, and the
  /// game processes by itself (not MANUAL PROCESS, where the Master
  /// decides).
  pub fn process_due(&self, now: DateTime<Utc>) -> bool {
    !self.settings.manual_process && self.due_at().is_some_and(|due| due <= now)
  }

  /// In a MANUAL PROCESS game whose phase is due, notes that the Masters
  /// are told so; true the first time in the phase (they are told once).
  pub fn note_ready_for_master(&mut self, now: DateTime<Utc>) -> bool {
    let due = self.due_at().is_some_and(|due| due <= now);
    if !self.settings.manual_process || !due || self.timing.ready_told == Some(self.seq) {
      return false;
    }
    self.timing.ready_told = Some(self.seq);
    true
  }

  /// Whether a forming game is to start now: it has all its players and
  /// starts by itself (not MANUAL START, where the Master starts it).
  pub fn ready_to_start(&self) -> bool {
    self.status == Status::Forming && self.players_missing() == 0 && !self.settings.manual_start
  }

  /// Whether a member in `role` may RESUME the game: a Master always, a
  /// player unless the game is SET NO RESUME (manual §8.3).
  pub fn may_resume(&self, role: Role) -> bool {
    match role {
      Role::Master => true,
      Role::Player => self.settings.resume,
      Role::Observer => false,
    }
  }

  /// The random source of the deal when the game starts at `now`, seeded
  /// by its name and that moment, both of which the game keeps (`name`,
  /// `started`): however the game is started (the message that fills it,
  /// FORCE BEGIN, the sweep), the same start deals the same powers, and a
  /// start can be dealt again from the game's record.
  pub fn deal(&self, now: DateTime<Utc>) -> rand::rngs::StdRng {
    use rand::SeedableRng;
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("{}@{}", self.name, now.to_rfc3339()));
    let seed = digest.iter().take(8).fold(0, |seed, &b| (seed << 8) | u64::from(b));
    rand::rngs::StdRng::seed_from_u64(seed)
  }

  /// Starts a forming game: deals the powers by the players' preferences
  /// (several to each player when there are fewer players than powers),
  /// lays out the board (empty, in the Winter before the first year, under
  /// EMPTY BOARD), and sets the first deadline. Returns nothing; the
  /// members now have their powers.
  pub fn start(&mut self, now: DateTime<Utc>, tz: Tz, rng: &mut impl Rng) {
    if self.settings.variant.empty_board {
      self.position = empty_board(self.map, &self.position);
    }
    if self.settings.variant.has_rule("MOBILIZE") {
      self.position = mobilized(self.map, &self.position);
    }
    // Crystal Ball on an empty board: one movement turn earlier, for the
    // first lists (`xtal::early_start`).
    if let Some(early) = self.early_start() {
      self.position.phase = early;
    }
    let players: Vec<usize> =
      (0..self.members.len()).filter(|&i| self.members[i].role == Role::Player).collect();
    let preferences: Vec<Preference> = players
      .iter()
      .map(|&i| Preference::parse(self.map, &self.members[i].preference).unwrap_or_default())
      .collect();
    let dealt = preference::assign(self.map, &preferences, self.settings.assignment, rng);
    let first_phase = self.position.phase.to_string();
    let mut seats = Vec::new();
    for (&index, powers) in players.iter().zip(dealt) {
      for (n, power) in powers.into_iter().enumerate() {
        let mut seat = self.members[index].clone();
        seat.power = Some(power);
        self.record.tenures.push(Tenure {
          power,
          address: seat.address.clone(),
          from: first_phase.clone(),
          until: None,
        });
        if n == 0 {
          self.members[index] = seat;
        } else {
          seats.push(seat);
        }
      }
    }
    self.members.extend(seats);
    self.status = Status::Active;
    // Payola: the map's Payola rules come in, and the purses open.
    if self.is_payola() {
      for rule in self.map.payola_rules() {
        let _ = self.settings.set_rule(rule, true);
      }
      self.open_treasury();
    }
    self.started = Some(now);
    self.seq = 1;
    self.timing.phase_began = now;
    let deadline = self.deadline_from(self.rule(), now, tz);
    self.timing.deadline = Some(deadline);
    self.timing.grace = Some(self.grace_after(deadline, tz));
    self.timing.orders_in = None;
    // A first phase only dummies act in (Vassal's Winter builds) is due
    // at once: nobody else will send orders for it.
    self.note_readiness(now);
  }

  /// Checks that every power id in the game names a power of its map (a
  /// game read back from a file could say anything).
  pub fn check(&self) -> Result<(), String> {
    let powers = self.map.powers().len();
    let bad = |p: PowerId| p.index() >= powers;
    if self.members.iter().filter_map(|m| m.power).any(bad)
      || self.record.tenures.iter().any(|t| bad(t.power))
      || self.members.iter().filter_map(|m| m.concede).any(bad)
      || self.future.iter().any(|f| bad(f.power))
      || self
        .members
        .iter()
        .filter_map(|m| m.draw.as_ref())
        .any(|d| d.powers.iter().any(|&p| bad(p)))
      || match &self.status {
        Status::Finished(Ending::Won(p) | Ending::Conceded(p)) => bad(*p),
        Status::Finished(Ending::Drawn(powers)) => powers.iter().any(|&p| bad(p)),
        _ => false,
      }
    {
      return Err(format!("a power number is not one of the {powers} powers of the map"));
    }
    if self.orders.len() != powers {
      return Err(format!("orders are kept for {} powers, not {powers}", self.orders.len()));
    }
    Ok(())
  }
}

#[cfg(test)]
mod dummy_tests;
#[cfg(test)]
mod join_tests;
#[cfg(test)]
mod payola_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vassal_tests;
