//! Game settings a moderator changes (manual §§8.2–8.6): how powers are
//! dealt, public or private, MAX ABSENCE, the comments, the obsolete
//! BN/EP/MN numbers and the admission thresholds (DEDICATION, ONTIMERAT,
//! RESRAT; the other access rules are in `access.rs`), and every SET option
//! whose row in the command table carries its change (NMR, STRICT GRACE,
//! QUIET, PROXY, the press settings, the §9.1 options, …: `set_setting`).
//! A moderator is the Master, or any player of an unmoderated game; every
//! change is told to everyone as a `Parameter Change`, naming who made it
//! unless the game is SET NO SHOW. At the end of a message, the settings'
//! effects: the Masters of a MANUAL PROCESS game told its phase is ready,
//! the next game of an AUTO CREATE game that ended.

use super::Session;
use crate::command::keyword::{self, Change};
use crate::command::{CommandKind, Invocation, Who};
use crate::game::preference::Assignment;
use crate::game::Moderators;
use crate::store::game_file::HistoryKind;
use crate::store::ledger::{self, Dedication};
use crate::store::StoreError;
use crate::{announce, successor};

/// The longest one-line comment (the manual asks for under 60).
const MAX_COMMENT: usize = 60;
/// The longest description SET COMMENT BEGIN takes.
const MAX_DESCRIPTION_LINES: usize = 40;
const MAX_DESCRIPTION: usize = 3000;

/// The admission thresholds of manual §8.4.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Threshold {
  Dedication,
  OntimeRatio,
  CdRatio,
}

impl Session<'_> {
  /// Whether the signed-on member may change the game's settings: the
  /// Master, or any player of an unmoderated game (manual §8); with
  /// `forming`, only before the game starts. Says why not when not.
  pub(crate) fn may_moderate(&mut self, command: &str, forming: bool) -> bool {
    self.may_change(command, forming, false)
  }

  /// As [`Session::may_moderate`], for the Master-only commands of §8.2.
  pub(crate) fn may_master(&mut self, command: &str) -> bool {
    self.may_change(command, false, true)
  }

  fn may_change(&mut self, command: &str, forming: bool, master_only: bool) -> bool {
    let Some(seat) = self.seat_or_error(command) else { return false };
    let game = &seat.stored.game;
    let who = if master_only { Moderators::Master } else { Moderators::MasterOrUnmoderated };
    match game.may_change_settings(seat.member, who, forming) {
      Err(refusal) => {
        self.error(&format!("{} Nothing was changed.", refusal.naming(command)));
        false
      }
      Ok(()) => true,
    }
  }

  /// Tells everyone in the game that a setting changed (`Parameter
  /// Change`), and who changed it.
  /// Who changed a setting or a deadline, as the others are told: the
  /// address, or a placeholder when the game does not show it (SET NO
  /// SHOW, and gunboat games by default).
  pub(crate) fn shown_changer(&self) -> String {
    match &self.seat {
      Some(seat) if !seat.stored.game.settings.shows_changer() => {
        crate::announce::ANONYMOUS.to_string()
      }
      _ => self.reply_to.clone(),
    }
  }

  pub(crate) fn parameter_change(&mut self, what: &str) {
    let Some(seat) = self.seat.as_mut() else { return };
    let name = seat.stored.game.name.clone();
    seat.parameter_changes.push(format!("{what}."));
    seat.changed = true;
    self.say(&format!("In game '{name}', {what}."));
  }

  /// The settings the message changed, in one `Parameter Change` to
  /// everyone else in the game.
  pub(crate) fn announce_parameter_changes(&mut self) {
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
  pub(crate) fn set_assignment(&mut self, assignment: Assignment) {
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
  pub(crate) fn set_listed(&mut self, listed: bool) {
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

  /// A SET option whose row in the command table says what it changes
  /// (SET [NO] NMR, STRICT GRACE, GREY, SUMMER, …): checked, made, and
  /// told to everyone as a `Parameter Change`.
  pub(crate) fn set_setting(&mut self, kind: CommandKind, setting: keyword::Setting) {
    let command = setting.name();
    let allowed = if kind.keyword().who == Who::Master {
      self.may_master(command)
    } else {
      self.may_moderate(command, setting.before_start)
    };
    if !allowed || !self.setting_possible(setting) {
      return;
    }
    if let Change::Option(option, true) = setting.change {
      if self.refuse_misfit(option) {
        return;
      }
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let mut after = game.settings.clone();
    // A DPjudge rule by its SET words is refused as SET RULE refuses it
    // (SET PUBLIC LISTS outside a Crystal Ball game).
    match setting.change {
      Change::Rule(name, on) => {
        if let Err(problem) = after.set_rule(name, on) {
          self.error(&format!("{problem}\nNothing was changed."));
          return;
        }
      }
      change => change.apply(&mut after),
    }
    // SET NO DIAS in a blind game, and the like.
    let fitted = crate::game::viewer::misfit(&game.settings).is_none();
    if let Some(reason) = crate::game::viewer::misfit(&after).filter(|_| fitted) {
      self.error(&format!("{reason}\nNothing was changed."));
      return;
    }
    let started_fit = crate::game::xtal::start_misfit(game.map, &game.settings).is_none();
    if let Some(reason) = crate::game::xtal::start_misfit(game.map, &after).filter(|_| started_fit)
    {
      self.error(&format!("{reason}\nNothing was changed."));
      return;
    }
    // Votes cast under the other draw rule would mean something else now.
    let redrawn = after.dias != game.settings.dias;
    game.settings = after;
    let cleared = redrawn && game.clear_draw_votes();
    if cleared {
      self
        .parameter_change(&format!("{}; the draw votes cast so far are cleared", setting.meaning));
    } else {
      self.parameter_change(setting.meaning);
    }
    let idle = matches!(kind, CommandKind::SetBCenters | CommandKind::SetNoBCenters)
      && self.seat.as_ref().is_some_and(|seat| !seat.stored.game.settings.variant.blind);
    if idle {
      self.say(
        "Note: this game is not Blind, so SET BCENTERS has no effect unless it\n\
         becomes one (SET VARIANT Blind).",
      );
    }
  }

  /// Whether the game allows the setting to be changed so: a game without
  /// a Master cannot wait for one to process or start it, and AUTO
  /// CREATE needs a name for the next game. Says why not.
  fn setting_possible(&mut self, setting: keyword::Setting) -> bool {
    let Some(seat) = self.seat.as_ref() else { return false };
    let game = &seat.stored.game;
    let allowed = setting.needs.map_or(Ok(()), |needs| needs(game, setting.name()));
    match allowed {
      Err(refusal) => {
        self.error(&format!("{refusal} Nothing was changed."));
        false
      }
      Ok(()) => true,
    }
  }

  /// SET COMMENT text (manual §8.3): the one-line comment of the brief
  /// LIST; without text, the comment is removed.
  pub(crate) fn set_comment(&mut self, args: &str) {
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
  pub(crate) fn set_description(&mut self, invocation: &Invocation) {
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
  pub(crate) fn set_number(
    &mut self,
    command: &str,
    name: &str,
    field: fn(&mut crate::game::Settings) -> &mut Option<String>,
    args: &str,
  ) {
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
      *field(&mut seat.stored.game.settings) = Some(number.to_string());
    }
    self.parameter_change(&format!("the game's {name} is {number}"));
  }

  /// SET MAX ABSENCE days (manual §8.6): 0 to 31.
  pub(crate) fn set_max_absence(&mut self, args: &str) {
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
  pub(crate) fn set_threshold(
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
  pub(crate) fn tell_master_ready(&mut self) {
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
  pub(crate) fn auto_create(&mut self) -> Result<(), StoreError> {
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
  pub(crate) fn sender_dedication(&self) -> Result<Dedication, StoreError> {
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
