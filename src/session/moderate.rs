//! Game settings a moderator changes (manual §§8.2–8.6): how powers are
//! dealt, public or private, NMR, STRICT GRACE and STRICT WAIT, LATE
//! COUNT, MAX ABSENCE, QUIET, RATED, DIAS, CONCESSIONS, REVEAL, AUTO
//! CREATE, MANUAL PROCESS and START, PROXY, RESUME, STRICT CONVOY, SHOW,
//! the comments, the obsolete BN/EP/MN numbers, the on/off press settings,
//! and the admission thresholds (DEDICATION, ONTIMERAT, RESRAT; the other
//! access rules are in `access.rs`). A moderator is the Master, or any
//! player of an unmoderated game; every change is told to everyone as a
//! `Parameter Change`, naming who made it unless the game is SET NO SHOW.
//! At the end of a message, the settings' effects: the Masters of a MANUAL
//! PROCESS game told its phase is ready, the next game of an AUTO CREATE
//! game that ended.

use super::Session;
use crate::command::{CommandKind, Invocation};
use crate::game::preference::Assignment;
use crate::game::{Game, Role, Settings, Status, MAX_NAME};
use crate::store::game_file::HistoryKind;
use crate::store::ledger::{self, Dedication};
use crate::store::StoreError;
use crate::{announce, successor};

/// The longest one-line comment (the manual asks for under 60).
const MAX_COMMENT: usize = 60;
/// The longest description SET COMMENT BEGIN takes.
const MAX_DESCRIPTION_LINES: usize = 40;
const MAX_DESCRIPTION: usize = 3000;

/// A game setting that is on or off.
#[derive(Clone, Copy, Debug)]
pub(super) enum Flag {
  Nmr,
  StrictGrace,
  StrictWait,
  LateCount,
  Quiet,
  Rated,
  Dias,
  Concessions,
  Reveal,
  PostalPress,
  BlankPress,
  LatePress,
  MinorPress,
  MustOrder,
  Partial,
  WatchAllPress,
  AutoCreate,
  ManualProcess,
  ManualStart,
  Proxy,
  Resume,
  StrictConvoy,
  Show,
}

impl Flag {
  /// The flag a SET command turns on or off, and which way.
  pub(super) fn of(kind: CommandKind) -> Option<(Flag, bool)> {
    Some(match kind {
      CommandKind::SetNmr => (Flag::Nmr, true),
      CommandKind::SetNoNmr => (Flag::Nmr, false),
      CommandKind::SetStrictGrace => (Flag::StrictGrace, true),
      CommandKind::SetNoStrictGrace => (Flag::StrictGrace, false),
      CommandKind::SetStrictWait => (Flag::StrictWait, true),
      CommandKind::SetNoStrictWait => (Flag::StrictWait, false),
      CommandKind::SetLateCount => (Flag::LateCount, true),
      CommandKind::SetNoLateCount => (Flag::LateCount, false),
      CommandKind::SetQuiet => (Flag::Quiet, true),
      CommandKind::SetNoQuiet => (Flag::Quiet, false),
      CommandKind::SetRated => (Flag::Rated, true),
      CommandKind::SetUnrated => (Flag::Rated, false),
      CommandKind::SetDias => (Flag::Dias, true),
      CommandKind::SetNoDias => (Flag::Dias, false),
      CommandKind::SetConcessions => (Flag::Concessions, true),
      CommandKind::SetNoConcessions => (Flag::Concessions, false),
      CommandKind::SetReveal => (Flag::Reveal, true),
      CommandKind::SetNoReveal => (Flag::Reveal, false),
      CommandKind::SetPostalPress => (Flag::PostalPress, true),
      CommandKind::SetNoPostalPress => (Flag::PostalPress, false),
      CommandKind::SetBlankPress => (Flag::BlankPress, true),
      CommandKind::SetNoBlankPress => (Flag::BlankPress, false),
      CommandKind::SetLatePress => (Flag::LatePress, true),
      CommandKind::SetNoLatePress => (Flag::LatePress, false),
      CommandKind::SetMinorPress => (Flag::MinorPress, true),
      CommandKind::SetNoMinorPress => (Flag::MinorPress, false),
      CommandKind::SetMustOrder => (Flag::MustOrder, true),
      CommandKind::SetNoMustOrder => (Flag::MustOrder, false),
      CommandKind::SetPartial => (Flag::Partial, true),
      CommandKind::SetNoPartial => (Flag::Partial, false),
      CommandKind::SetWatchAllPress => (Flag::WatchAllPress, true),
      CommandKind::SetNoWatchAllPress => (Flag::WatchAllPress, false),
      CommandKind::SetAutoCreate => (Flag::AutoCreate, true),
      CommandKind::SetNoAutoCreate => (Flag::AutoCreate, false),
      CommandKind::SetManualProcess => (Flag::ManualProcess, true),
      CommandKind::SetAutoProcess => (Flag::ManualProcess, false),
      CommandKind::SetManualStart => (Flag::ManualStart, true),
      CommandKind::SetAutoStart => (Flag::ManualStart, false),
      CommandKind::SetProxy => (Flag::Proxy, true),
      CommandKind::SetNoProxy => (Flag::Proxy, false),
      CommandKind::SetResume => (Flag::Resume, true),
      CommandKind::SetNoResume => (Flag::Resume, false),
      CommandKind::SetStrictConvoy => (Flag::StrictConvoy, true),
      CommandKind::SetNoStrictConvoy => (Flag::StrictConvoy, false),
      CommandKind::SetShow => (Flag::Show, true),
      CommandKind::SetNoShow => (Flag::Show, false),
      _ => return None,
    })
  }

  fn command(self, on: bool) -> &'static str {
    match (self, on) {
      (Flag::Nmr, true) => "SET NMR",
      (Flag::Nmr, false) => "SET NO NMR",
      (Flag::StrictGrace, true) => "SET STRICT GRACE",
      (Flag::StrictGrace, false) => "SET NO STRICT GRACE",
      (Flag::StrictWait, true) => "SET STRICT WAIT",
      (Flag::StrictWait, false) => "SET NO STRICT WAIT",
      (Flag::LateCount, true) => "SET LATE COUNT",
      (Flag::LateCount, false) => "SET NO LATE COUNT",
      (Flag::Quiet, true) => "SET QUIET",
      (Flag::Quiet, false) => "SET NO QUIET",
      (Flag::Rated, true) => "SET RATED",
      (Flag::Rated, false) => "SET UNRATED",
      (Flag::Dias, true) => "SET DIAS",
      (Flag::Dias, false) => "SET NO DIAS",
      (Flag::Concessions, true) => "SET CONCESSIONS",
      (Flag::Concessions, false) => "SET NO CONCESSIONS",
      (Flag::Reveal, true) => "SET REVEAL",
      (Flag::Reveal, false) => "SET NO REVEAL",
      (Flag::PostalPress, true) => "SET POSTAL PRESS",
      (Flag::PostalPress, false) => "SET NO POSTAL PRESS",
      (Flag::BlankPress, true) => "SET BLANK PRESS",
      (Flag::BlankPress, false) => "SET NO BLANK PRESS",
      (Flag::LatePress, true) => "SET LATE PRESS",
      (Flag::LatePress, false) => "SET NO LATE PRESS",
      (Flag::MinorPress, true) => "SET MINOR PRESS",
      (Flag::MinorPress, false) => "SET NO MINOR PRESS",
      (Flag::MustOrder, true) => "SET MUST ORDER",
      (Flag::MustOrder, false) => "SET NO MUST ORDER",
      (Flag::Partial, true) => "SET PARTIAL",
      (Flag::Partial, false) => "SET NO PARTIAL",
      (Flag::WatchAllPress, true) => "SET WATCH ALL PRESS",
      (Flag::WatchAllPress, false) => "SET NO WATCH ALL PRESS",
      (Flag::AutoCreate, true) => "SET AUTO CREATE",
      (Flag::AutoCreate, false) => "SET NO AUTO CREATE",
      (Flag::ManualProcess, true) => "SET MANUAL PROCESS",
      (Flag::ManualProcess, false) => "SET AUTO PROCESS",
      (Flag::ManualStart, true) => "SET MANUAL START",
      (Flag::ManualStart, false) => "SET AUTO START",
      (Flag::Proxy, true) => "SET PROXY",
      (Flag::Proxy, false) => "SET NO PROXY",
      (Flag::Resume, true) => "SET RESUME",
      (Flag::Resume, false) => "SET NO RESUME",
      (Flag::StrictConvoy, true) => "SET STRICT CONVOY",
      (Flag::StrictConvoy, false) => "SET NO STRICT CONVOY",
      (Flag::Show, true) => "SET SHOW",
      (Flag::Show, false) => "SET NO SHOW",
    }
  }

  /// What the setting now means, in words.
  fn meaning(self, on: bool) -> &'static str {
    match (self, on) {
      (Flag::Nmr, true) => {
        "the game is NMR: at the end of the grace period, late powers go into\n\
         civil disorder and the phase is processed without their orders"
      }
      (Flag::Nmr, false) => {
        "the game is NoNMR: at the end of the grace period, late powers are\n\
         abandoned and the game waits for them or a replacement"
      }
      (Flag::StrictGrace, true) => "grace periods end exactly 'grace' hours after the deadline",
      (Flag::StrictGrace, false) => "grace periods end on a day the deadline 'days' allow",
      (Flag::StrictWait, true) => "only players with orders to give may SET WAIT",
      (Flag::StrictWait, false) => "any player may SET WAIT",
      (Flag::LateCount, true) => "late notices count how often each player has been late",
      (Flag::LateCount, false) => "late notices do not count how often players were late",
      (Flag::Quiet, true) => "lateness, abandonment and takeovers are told to the Master only",
      (Flag::Quiet, false) => "lateness, abandonment and takeovers are told to everyone",
      (Flag::Rated, true) => "the game counts for the players' dedication",
      (Flag::Rated, false) => "the game does not count for the players' dedication",
      (Flag::Dias, true) => "the game is DIAS: a draw includes every survivor",
      (Flag::Dias, false) => {
        "the game is NoDIAS: a draw vote names the powers it includes (SET DRAW list)"
      }
      (Flag::Concessions, true) => "players may concede the game to the largest power",
      (Flag::Concessions, false) => "the game cannot be conceded",
      (Flag::Reveal, true) => "the final summary names the players",
      (Flag::Reveal, false) => "the final summary does not name the players",
      (Flag::PostalPress, true) => "postal press is allowed: it goes out with the next results",
      (Flag::PostalPress, false) => "postal press is not allowed",
      (Flag::BlankPress, true) => "empty press messages are sent",
      (Flag::BlankPress, false) => "empty press messages are refused",
      (Flag::LatePress, true) => "players whose orders are late may send press",
      (Flag::LatePress, false) => "players whose orders are late may send press only to the Master",
      (Flag::MinorPress, true) => "press may be sent in retreat and adjustment phases",
      (Flag::MinorPress, false) => {
        "press may be sent only in movement phases (except to the Master)"
      }
      (Flag::MustOrder, true) => {
        "players may send press (except to the Master) only once their orders are in"
      }
      (Flag::MustOrder, false) => "players may send press whether or not their orders are in",
      (Flag::Partial, true) => "press may go to some of the powers (partial press)",
      (Flag::Partial, false) => "press goes to everyone or to the Master only (no partial press)",
      (Flag::WatchAllPress, true) => "observers may ask for copies of all press (SET ALL PRESS)",
      (Flag::WatchAllPress, false) => "only the Master may ask for copies of all press",
      (Flag::AutoCreate, true) => {
        "when the game ends in a result, a new game with the same settings is\n\
         created (AUTO CREATE)"
      }
      (Flag::AutoCreate, false) => "no new game is created when the game ends",
      (Flag::ManualProcess, true) => {
        "phases are processed only when the Master sends PROCESS (MANUAL PROCESS)"
      }
      (Flag::ManualProcess, false) => "phases are processed as soon as they are due (AUTO PROCESS)",
      (Flag::ManualStart, true) => {
        "the game starts only when the Master starts it, even when full (MANUAL START)"
      }
      (Flag::ManualStart, false) => {
        "the game starts as soon as it has all its players (AUTO START)"
      }
      (Flag::Proxy, true) => "players may hand units' orders to another power (PROXY)",
      (Flag::Proxy, false) => "proxy orders are not allowed",
      (Flag::Resume, true) => "any player may RESUME the game",
      (Flag::Resume, false) => "only a Master may RESUME the game",
      (Flag::StrictConvoy, true) => {
        "convoys from or to a province that touches no sea are refused (STRICT\n\
         CONVOY)"
      }
      (Flag::StrictConvoy, false) => "convoy orders are not checked for plausibility",
      (Flag::Show, true) => "setting changes are told with who made them",
      (Flag::Show, false) => "setting changes are told without saying who made them",
    }
  }

  fn set(self, settings: &mut Settings, on: bool) {
    match self {
      Flag::Nmr => settings.nmr = on,
      Flag::StrictGrace => settings.strict_grace = on,
      Flag::StrictWait => settings.strict_wait = on,
      Flag::LateCount => settings.late_count = on,
      Flag::Quiet => settings.quiet = on,
      Flag::Rated => settings.rated = Some(on),
      Flag::Dias => settings.dias = on,
      Flag::Concessions => settings.concessions = on,
      Flag::Reveal => settings.reveal = on,
      Flag::PostalPress => settings.press.postal = on,
      Flag::BlankPress => settings.press.blank = on,
      Flag::LatePress => settings.press.late = on,
      Flag::MinorPress => settings.press.minor = on,
      Flag::MustOrder => settings.press.must_order = on,
      Flag::Partial => settings.press.partial = on,
      Flag::WatchAllPress => settings.press.watch_all = on,
      Flag::AutoCreate => settings.auto_create = on,
      Flag::ManualProcess => settings.manual_process = on,
      Flag::ManualStart => settings.manual_start = on,
      Flag::Proxy => settings.proxy = on,
      Flag::Resume => settings.resume = on,
      Flag::StrictConvoy => settings.strict_convoy = on,
      Flag::Show => settings.show = Some(on),
    }
  }
}

/// The admission thresholds of manual §8.4.
#[derive(Clone, Copy, Debug)]
pub(super) enum Threshold {
  Dedication,
  OntimeRatio,
  CdRatio,
}

impl Session<'_> {
  /// Whether the signed-on member may change the game's settings: the
  /// Master, or any player of an unmoderated game (manual §8); with
  /// `forming`, only before the game starts. Says why not when not.
  pub(super) fn may_moderate(&mut self, command: &str, forming: bool) -> bool {
    self.may_change(command, forming, false)
  }

  /// As [`Session::may_moderate`], for the Master-only commands of §8.2.
  pub(super) fn may_master(&mut self, command: &str) -> bool {
    self.may_change(command, false, true)
  }

  fn may_change(&mut self, command: &str, forming: bool, master_only: bool) -> bool {
    let Some(seat) = self.seat_or_error(command) else { return false };
    let game = &seat.stored.game;
    let allowed = match game.members[seat.member].role {
      Role::Master => true,
      Role::Player => !master_only && !game.settings.moderated,
      Role::Observer => false,
    };
    let who =
      if master_only { "the Master" } else { "the Master (or, in an unmoderated game, a player)" };
    let problem = if !allowed {
      Some(format!("{command} is for {who}."))
    } else if forming && game.status != Status::Forming {
      Some(format!("{command} applies only before the game starts, and this game has started."))
    } else if game.is_finished() {
      Some("The game is over.".to_string())
    } else {
      None
    };
    match problem {
      Some(problem) => {
        self.error(&format!("{problem} Nothing was changed."));
        false
      }
      None => true,
    }
  }

  /// Tells everyone in the game that a setting changed (`Parameter
  /// Change`), and who changed it.
  /// Who changed a setting or a deadline, as the others are told: the
  /// address, or a placeholder when the game does not show it (SET NO
  /// SHOW, and gunboat games by default).
  pub(super) fn shown_changer(&self) -> String {
    match &self.seat {
      Some(seat) if !seat.stored.game.settings.shows_changer() => {
        crate::announce::ANONYMOUS.to_string()
      }
      _ => self.reply_to.clone(),
    }
  }

  pub(super) fn parameter_change(&mut self, what: &str) {
    let Some(seat) = self.seat.as_mut() else { return };
    let name = seat.stored.game.name.clone();
    seat.parameter_changes.push(format!("{what}."));
    seat.changed = true;
    self.say(&format!("In game '{name}', {what}."));
  }

  /// The settings the message changed, in one `Parameter Change` to
  /// everyone else in the game.
  pub(super) fn announce_parameter_changes(&mut self) {
    let Some(seat) = self.seat.as_mut() else { return };
    let changes = std::mem::take(&mut seat.parameter_changes);
    if changes.is_empty() {
      return;
    }
    let name = seat.stored.game.name.clone();
    let who = self.shown_changer();
    let (heading, list) = match changes.as_slice() {
      [one] => ("a setting", one.clone()),
      _ => ("settings", changes.iter().map(|c| format!("- {c}")).collect::<Vec<_>>().join("\n")),
    };
    self.announce(
      "Parameter Change",
      &format!("{who} has changed {heading} of game '{name}':\n{list}\n"),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// SET PRFLIST / PRFRAND / PRFBOTH (manual §8.3): how powers are dealt.
  pub(super) fn set_assignment(&mut self, assignment: Assignment) {
    let (command, how) = match assignment {
      Assignment::List => ("SET PRFLIST", "by the players' preference lists (PRFLIST)"),
      Assignment::Random => ("SET PRFRAND", "at random (PRFRAND)"),
      Assignment::Both => {
        ("SET PRFBOTH", "by preference lists, '*' asking for a random power (PRFBOTH)")
      }
    };
    if !self.may_moderate(command, true) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.assignment = assignment;
    }
    self.parameter_change(&format!("powers will be dealt {how}"));
  }

  /// SET [NO] LIST, SET PUBLIC, SET PRIVATE (manual §8.3): whether the game
  /// shows in everyone's brief LIST.
  pub(super) fn set_listed(&mut self, listed: bool) {
    let command = if listed { "SET LIST" } else { "SET NO LIST" };
    if !self.may_moderate(command, false) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.listed = listed;
    }
    let what = if listed {
      "the game is public: everyone's LIST shows it"
    } else {
      "the game is private: LIST shows it only to those in it"
    };
    self.parameter_change(what);
  }

  /// An on/off setting (SET [NO] NMR, STRICT GRACE, …).
  pub(super) fn set_flag(&mut self, flag: Flag, on: bool) {
    let command = flag.command(on);
    let allowed = match flag {
      Flag::Quiet | Flag::WatchAllPress => self.may_master(command),
      // Cannot change once the game is in progress (manual §8.5); starting
      // is over once the game has started.
      Flag::MinorPress | Flag::ManualStart => self.may_moderate(command, true),
      _ => self.may_moderate(command, false),
    };
    if !allowed || !self.flag_possible(flag, on, command) {
      return;
    }
    let mut cleared = false;
    if let Some(seat) = self.seat.as_mut() {
      let game = &mut seat.stored.game;
      // Votes cast under the other draw rule would mean something else now.
      if matches!(flag, Flag::Dias) && game.settings.dias != on {
        cleared = game.members.iter().any(|m| m.draw.is_some());
        for member in &mut game.members {
          member.draw = None;
        }
      }
      flag.set(&mut game.settings, on);
    }
    if cleared {
      self
        .parameter_change(&format!("{}; the draw votes cast so far are cleared", flag.meaning(on)));
    } else {
      self.parameter_change(flag.meaning(on));
    }
  }

  /// Whether the game allows the flag to be set so: a game without a
  /// Master cannot wait for one to process or start it, and AUTO CREATE
  /// needs a name for the next game. Says why not.
  fn flag_possible(&mut self, flag: Flag, on: bool, command: &str) -> bool {
    let Some(seat) = self.seat.as_ref() else { return false };
    let game = &seat.stored.game;
    let problem = match flag {
      Flag::ManualProcess | Flag::ManualStart if on && !game.has_master() => Some(format!(
        "{command} makes the game wait for its Master, and game '{}' has none\n\
         (only a Master may PROCESS or start a game).",
        game.name
      )),
      Flag::AutoCreate if on && Game::successor_name(&game.name).is_none() => Some(format!(
        "The next game's name is this one's with a number added or raised, and\n\
         '{}' leaves no room for one within {MAX_NAME} characters, so AUTO CREATE cannot\n\
         be set.",
        game.name
      )),
      _ => None,
    };
    match problem {
      Some(problem) => {
        self.error(&format!("{problem} Nothing was changed."));
        false
      }
      None => true,
    }
  }

  /// SET COMMENT text (manual §8.3): the one-line comment of the brief
  /// LIST; without text, the comment is removed.
  pub(super) fn set_comment(&mut self, args: &str) {
    if !self.may_moderate("SET COMMENT", false) {
      return;
    }
    let text = args.trim();
    let length = text.chars().count();
    if length > MAX_COMMENT {
      self.error(&format!(
        "SET COMMENT takes a comment of at most {MAX_COMMENT} characters, and yours has\n\
         {length}. Nothing was changed. (SET COMMENT BEGIN sets a longer description.)"
      ));
      return;
    }
    if text.chars().any(char::is_control) {
      self.error("SET COMMENT takes plain text on one line. Nothing was changed.");
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.comment = text.to_string();
    }
    if text.is_empty() {
      self.parameter_change("the game has no comment in the game list");
    } else {
      self.parameter_change(&format!("the game's comment in the game list is \"{text}\""));
    }
  }

  /// SET COMMENT BEGIN (manual §8.3): the description of the full
  /// listing, the rest of the message up to a SIGN OFF; empty, it is
  /// removed.
  pub(super) fn set_description(&mut self, invocation: &Invocation) {
    if !self.may_moderate("SET COMMENT BEGIN", false) {
      return;
    }
    let lines: Vec<&str> = invocation.block.iter().map(|l| l.trim_end()).collect();
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
    let last = lines.iter().rposition(|l| !l.is_empty()).map_or(first, |i| i + 1);
    let lines = &lines[first..last];
    let text = lines.join("\n");
    if lines.len() > MAX_DESCRIPTION_LINES || text.chars().count() > MAX_DESCRIPTION {
      self.error(&format!(
        "SET COMMENT BEGIN takes at most {MAX_DESCRIPTION_LINES} lines and {MAX_DESCRIPTION} characters,\n\
         and yours has {} lines and {} characters. Nothing was changed.",
        lines.len(),
        text.chars().count()
      ));
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.description = text;
    }
    match lines.len() {
      0 => self.parameter_change("the game has no description in its full listing"),
      n => self.parameter_change(&format!(
        "the game's description in its full listing is now {n} line{}",
        if n == 1 { "" } else { "s" }
      )),
    }
  }

  /// SET BN, SET EP, SET MN (manual §8.3): the obsolete rating numbers,
  /// recorded as given (`SET BN [NUMBER] number`).
  pub(super) fn set_number(&mut self, kind: CommandKind, args: &str) {
    let (command, name) = match kind {
      CommandKind::SetBn => ("SET BN", "Boardman number"),
      CommandKind::SetEp => ("SET EP", "EP number"),
      _ => ("SET MN", "Miller number"),
    };
    if !self.may_moderate(command, false) {
      return;
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let number = match words.as_slice() {
      [word, number] if word.eq_ignore_ascii_case("number") => Some(*number),
      [number] => Some(*number),
      _ => None,
    };
    let Some(number) = number.filter(|n| n.chars().count() <= 20) else {
      self.error(&format!(
        "{command} takes one number of at most 20 characters, as the custodian gave it\n\
         (e.g. {command} 1998A), not '{}'. Nothing was changed.",
        args.trim()
      ));
      return;
    };
    if let Some(seat) = self.seat.as_mut() {
      let settings = &mut seat.stored.game.settings;
      let slot = match kind {
        CommandKind::SetBn => &mut settings.boardman,
        CommandKind::SetEp => &mut settings.ep,
        _ => &mut settings.miller,
      };
      *slot = Some(number.to_string());
    }
    self.parameter_change(&format!("the game's {name} is {number}"));
  }

  /// SET MAX ABSENCE days (manual §8.6): 0 to 31.
  pub(super) fn set_max_absence(&mut self, args: &str) {
    if !self.may_moderate("SET MAX ABSENCE", false) {
      return;
    }
    let days = match args.trim().parse::<u32>() {
      Ok(days) if days <= 31 => days,
      _ => {
        self.error(&format!(
          "SET MAX ABSENCE needs a number of days from 0 to 31, not '{}'. Nothing was\n\
           changed.",
          args.trim()
        ));
        return;
      }
    };
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.max_absence = days;
    }
    self.parameter_change(&format!("players may set absences of at most {days} days"));
  }

  /// SET DEDICATION / ONTIMERAT / RESRAT (manual §8.4): who may sign on,
  /// bounded by the moderator's own ratings.
  pub(super) fn set_threshold(
    &mut self,
    threshold: Threshold,
    args: &str,
  ) -> Result<(), StoreError> {
    let command = match threshold {
      Threshold::Dedication => "SET DEDICATION",
      Threshold::OntimeRatio => "SET ONTIMERAT",
      Threshold::CdRatio => "SET RESRAT",
    };
    if !self.may_moderate(command, false) {
      return Ok(());
    }
    let own = self.sender_dedication()?;
    let value = args.trim();
    let changed = match threshold {
      Threshold::Dedication => match value.parse::<i32>() {
        Ok(points) if points <= own.points => Ok((
          points,
          format!("only players with more than {points} dedication points may sign on"),
        )),
        Ok(_) => {
          Err(format!("The minimum cannot be above your own dedication, {} points.", own.points))
        }
        Err(_) => Err(format!("SET DEDICATION needs a whole number of points, not '{value}'.")),
      }
      .map(|(points, what)| (Setting::Dedication(points), what)),
      Threshold::OntimeRatio => ratio(value, command).and_then(|r| {
        if r > own.ontime_ratio() {
          Err(format!(
            "The minimum cannot be above your own on-time ratio, {:.2}.",
            own.ontime_ratio()
          ))
        } else {
          Ok((
            Setting::Ontime(r),
            format!("only players on time at least {r:.2} of the time may sign on"),
          ))
        }
      }),
      Threshold::CdRatio => ratio(value, command).and_then(|r| {
        if r < own.cd_ratio() {
          Err(format!(
            "The maximum cannot be below your own civil-disorder ratio, {:.2}.",
            own.cd_ratio()
          ))
        } else {
          Ok((
            Setting::Cd(r),
            format!("only players with a civil-disorder ratio of at most {r:.2} may sign on"),
          ))
        }
      }),
    };
    match changed {
      Ok((setting, what)) => {
        if let Some(seat) = self.seat.as_mut() {
          let settings = &mut seat.stored.game.settings;
          match setting {
            Setting::Dedication(points) => settings.min_dedication = points,
            Setting::Ontime(r) => settings.min_ontime = r,
            Setting::Cd(r) => settings.max_cd_ratio = r,
          }
        }
        self.parameter_change(&what);
      }
      Err(problem) => self.error(&format!("{problem} Nothing was changed.")),
    }
    Ok(())
  }

  /// At the end of a message, in a MANUAL PROCESS game whose phase is
  /// now due: the Masters are told (once a phase), and so is the sender.
  pub(super) fn tell_master_ready(&mut self) {
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    if !seat.stored.game.note_ready_for_master(now) {
      return;
    }
    seat.changed = true;
    let mail = announce::ready_for_master(self.ctx.config, &seat.stored.game, now);
    self.others.extend(mail);
    self.say(
      "The phase is ready to be processed, but this game is set to MANUAL PROCESS:\n\
       its Master has been told, and it waits until the Master sends PROCESS.",
    );
  }

  /// At the end of a message that ended a game set to AUTO CREATE: the
  /// next game is created and everyone is told.
  pub(super) fn auto_create(&mut self) -> Result<(), StoreError> {
    let ctx = self.ctx;
    let Some(seat) = self.seat.as_mut() else { return Ok(()) };
    if !seat.stored.game.successor_due() {
      return Ok(());
    }
    let game = &mut seat.stored.game;
    let announcement = successor::create(ctx.games, ctx.config, game, ctx.origin, ctx.now)?;
    let made = game.record.successor.clone();
    seat.history.extend(announcement.history);
    seat.changed = true;
    self.others.extend(announcement.mail);
    match made {
      Some(name) => self.say(&format!(
        "The game was set to AUTO CREATE: game '{name}' has been created with the\n\
         same settings, and everyone has been told."
      )),
      None => self.say("The game was set to AUTO CREATE, but no name was free for the next game."),
    }
    Ok(())
  }

  /// The sender's dedication (a newcomer's when not registered).
  pub(super) fn sender_dedication(&self) -> Result<Dedication, StoreError> {
    match self.ctx.users.by_address(&self.reply_to)? {
      Some(user) => ledger::dedication(&ledger::dir(self.ctx.data_root), user.id),
      None => Ok(Dedication::default()),
    }
  }
}

/// One admission threshold's new value.
enum Setting {
  Dedication(i32),
  Ontime(f64),
  Cd(f64),
}

/// A ratio between 0 and 1.
fn ratio(text: &str, command: &str) -> Result<f64, String> {
  match text.parse::<f64>() {
    Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
    _ => Err(format!("{command} needs a ratio from 0.0 to 1.0, not '{text}'.")),
  }
}
