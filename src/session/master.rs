//! The Master's commands (manual §§8.1–8.2): SET MODERATE / UNMODERATE,
//! EJECT, FORCE BEGIN, PAUSE / RESUME, PREDICT, PROMOTE, PROCESS, ROLLBACK,
//! UNSTART and TERMINATE, and orders for any unit without BECOME. What
//! each does to the game lives in `game::master`; this is who may, what
//! the reply says and who is told.

use super::{play::accepted_line, Session};
use crate::announce;
use crate::game::master::{MasterRefusal, Resumed};
use crate::game::{report, Game, Role, Status};
use crate::order::split_orders;
use crate::phase::PhaseWordsError;
use crate::store::game_file::HistoryKind;

impl Session<'_> {
  /// SET MODERATE (a Master, or in an unmoderated game a player as with
  /// any setting there, makes the game moderated) and SET UNMODERATE (the
  /// Master only).
  pub(crate) fn set_moderated(&mut self, on: bool) {
    let command = if on { "SET MODERATE" } else { "SET UNMODERATE" };
    let allowed = if on { self.may_moderate(command, false) } else { self.may_master(command) };
    if !allowed {
      return;
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    if game.settings.moderated == on {
      let state = if on { "moderated" } else { "unmoderated" };
      let name = game.name.clone();
      self.say(&format!("Game '{name}' is already {state}; nothing was changed."));
      return;
    }
    game.settings.moderated = on;
    seat.changed = true;
    // `parameter_change` puts this after "In game 'x', " and ends it.
    let change = if on {
      "the game is now moderated: only its Masters may change its settings"
    } else {
      "the game is now unmoderated: its players may change its settings"
    };
    self.parameter_change(change);
  }

  /// EJECT power|address: resigns a player, or removes an observer or a
  /// Master (the only way a Master leaves a game). Returns true when the
  /// sender ejected themselves: nothing after it acts for the game, so the
  /// rest of the message is not read.
  pub(crate) fn eject(&mut self, args: &str) -> bool {
    if !self.may_master("EJECT") {
      return false;
    }
    let Some(seat) = self.seat.as_ref() else { return false };
    let game = &seat.stored.game;
    let word = args.trim();
    if word.is_empty() {
      self.error("EJECT needs a power or an address, e.g. EJECT France. Nothing was changed.");
      return false;
    }
    let by_power = if word.contains('@') { None } else { game.map.power_by_word(word) };
    let found: Vec<usize> = match by_power {
      Some(power) => (0..game.members.len())
        .filter(|&i| game.members[i].power == Some(power) && game.members[i].role == Role::Player)
        .collect(),
      None => (0..game.members.len()).filter(|&i| game.members[i].has_address(word)).collect(),
    };
    let shown: String = word.chars().take(40).collect();
    let index = match found[..] {
      [index] => index,
      [] => {
        self.error(&format!(
          "Nobody in game '{}' is '{shown}': give a power (EJECT France) or the address\n\
           of a member. Nothing was changed.",
          game.name
        ));
        return false;
      }
      _ => {
        self.error(&format!(
          "Several members of game '{}' answer to '{shown}'; eject them by power.\n\
           Nothing was changed.",
          game.name
        ));
        return false;
      }
    };
    let member = &game.members[index];
    let name = game.name.clone();
    let (role, power) = (member.role, member.power);
    let address = member.address.clone();
    let power_name = power.map(|p| game.power_name(p).to_string()).unwrap_or_default();
    if let Err(refusal) = game.may_eject(index) {
      self.error(&refusal.to_string());
      return false;
    }
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return false };
    match (role, power) {
      (Role::Player, Some(power)) => {
        let initial = seat.stored.game.map.power(power).initial;
        let game = &mut seat.stored.game;
        game.abandon_seat(index);
        game.note_readiness(now);
        seat.changed = true;
        self.say(&format!("{power_name} has been ejected and is abandoned."));
        self.notice(
          &format!("Resignation: {power_name}"),
          &format!(
            "The Master has ejected the player of {power_name} from game '{name}'.\n\
             {power_name} is abandoned: a registered player who is not in the game may\n\
             take it over with SIGN ON {initial}{name} password.\n"
          ),
        );
      }
      _ => {
        let was = match role {
          Role::Master => "Master",
          Role::Observer => "observer",
          Role::Player => "player",
        };
        let game = &mut seat.stored.game;
        game.members.remove(index);
        seat.changed = true;
        // The signed-on member's index moves down when one before it goes.
        if index < seat.member {
          seat.member -= 1;
        } else if index == seat.member {
          seat.leaving = true;
          seat.member = usize::MAX;
          seat.copy_to.clear();
          // Nothing else in this message acts for the game.
        }
        if let Some(became) = seat.became.as_mut() {
          if index < *became {
            *became -= 1;
          }
        }
        if role == Role::Master && !seat.stored.game.has_master() {
          seat.stored.game.settings.moderated = false;
        }
        let a = report::article(was);
        self.say(&format!("{address} is no longer {a} {was} of game '{name}'."));
        return self.sender_left();
      }
    }
    false
  }

  /// FORCE BEGIN: starts a forming game now, dummies standing in for the
  /// missing players.
  pub(crate) fn force_begin(&mut self) {
    if !self.may_master("FORCE BEGIN") {
      return;
    }
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let mut rng = game.deal(now);
    let dummies = match game.force_begin(now, tz, &mut rng) {
      Ok(dummies) => dummies,
      Err(error) => {
        self.error(&format!("FORCE BEGIN: {error}. Nothing was changed."));
        return;
      }
    };
    let announcement = announce::starting(self.ctx.config, game, now);
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    seat.changed = true;
    self.others.extend(announcement.mail);
    let name = game.name.clone();
    let abandoned: Vec<String> = game
      .members
      .iter()
      .filter(|m| m.dummy)
      .filter_map(|m| m.power)
      .map(|p| game.power_name(p).to_string())
      .collect();
    if dummies == 0 {
      self.say(&format!("Game '{name}' has started: see the Game Starting message."));
    } else {
      self.say(&format!(
        "Game '{name}' has started with {dummies} dummy player{}: {} {} abandoned, and a\n\
         registered player may take {} over with SIGN ON.",
        if dummies == 1 { "" } else { "s" },
        crate::game::press::and_list(&abandoned),
        if dummies == 1 { "is" } else { "are" },
        if dummies == 1 { "it" } else { "them" },
      ));
    }
  }

  /// PAUSE: the game's clock stops until RESUME.
  pub(crate) fn pause(&mut self) {
    if !self.may_master("PAUSE") {
      return;
    }
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let name = game.name.clone();
    if let Err(refusal) = game.may_pause() {
      self.error(&refusal.to_string());
      return;
    }
    if game.is_paused() {
      self.say(&format!("Game '{name}' is already paused; nothing was changed."));
      return;
    }
    game.pause(now);
    seat.changed = true;
    self.say(&format!("Game '{name}' is paused until you send RESUME."));
    self.announce(
      "Game Paused",
      &format!(
        "The Master has paused game '{name}'. No deadline runs and no phase is\n\
         processed until the game is resumed; press may still be sent.\n"
      ),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// RESUME: a paused game's clock runs again (its deadline moved on by the
  /// pause); a game that is over is under way again (manual §8.3).
  pub(crate) fn resume(&mut self) {
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let Some(seat) = self.seat_or_error("RESUME") else { return };
    let game = &seat.stored.game;
    let name = game.name.clone();
    let role = game.members[seat.member].role;
    let text = match seat.stored.game.resume_by(role, now, tz) {
      Ok(Resumed::Unpaused) => {
        format!("Game '{name}' has been resumed: its deadline moved on by the time it was paused.")
      }
      Ok(Resumed::Forming) => {
        format!("Game '{name}', which was over before it began, is forming again.")
      }
      Ok(Resumed::Reopened) => format!("Game '{name}', which was over, is under way again."),
      Err(refusal) => {
        self.error(&refusal.to_string());
        return;
      }
    };
    seat.changed = true;
    let deadline = report::time_to_deadline(&seat.stored.game, now).unwrap_or_default();
    self.say(&text);
    self.announce("Game Resumed", &format!("{text}\n{deadline}"), Some(HistoryKind::Notice), false);
  }

  /// PREDICT: the results the orders in now would give, to the Master alone.
  pub(crate) fn predict(&mut self) {
    if !self.may_master("PREDICT") {
      return;
    }
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let code = self.ctx.config.judge_code.clone();
    let Some(seat) = self.seat.as_ref() else { return };
    let game = &seat.stored.game;
    if let Err(refusal) = game.under_way_to("predict") {
      self.error(&refusal.to_string());
      return;
    }
    let phase = game.position.phase.to_string();
    let text = report::prediction(game, now, tz);
    let subject = crate::mail::subject::game(&code, &game.name, &phase, "Prediction");
    let header = report::header(&code, game, tz);
    self.to_sender.push((
      subject,
      format!(
        "{header}\nWhat processing {phase} would give with the orders in now (missing\n\
         orders hold). Nothing has been processed; nobody else sees this.\n\n{text}"
      ),
    ));
    self.say("The prediction is on its way to you in a separate message.");
  }

  /// PROMOTE address: an observer becomes a Master.
  pub(crate) fn promote(&mut self, args: &str) {
    let Some((who, name)) = self.change_observer("PROMOTE", |g| g.promote(args.trim())) else {
      return;
    };
    self.say(&format!("{who} is now a Master of game '{name}'."));
    self.announce(
      "Master Promotion",
      &format!("{who} has been promoted from observer to Master of game '{name}'.\n"),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// OMNISCIENT / NO OMNISCIENT address: whether an observer sees the
  /// whole board of a blind game while it runs; the Master is told.
  pub(crate) fn omniscient(&mut self, args: &str, on: bool) {
    let command = if on { "OMNISCIENT" } else { "NO OMNISCIENT" };
    let change = |g: &mut Game| g.make_omniscient(args.trim(), on);
    let Some((who, name)) = self.change_observer(command, change) else { return };
    self.say(&if on {
      format!("{who} now sees the whole board of game '{name}' while it runs.")
    } else {
      format!("{who} now sees game '{name}' as other observers do.")
    });
    if self.seat.as_ref().is_some_and(|s| s.stored.game.sight().is_none()) {
      self.say("Note: the game is not blind, so every observer sees the whole board anyway.");
    }
  }

  /// A Master's `command` changing one observer (`change` finds it and
  /// returns its index): the observer's address and the game's name, or
  /// `None` once the refusal is told.
  fn change_observer(
    &mut self,
    command: &str,
    change: impl FnOnce(&mut Game) -> Result<usize, MasterRefusal>,
  ) -> Option<(String, String)> {
    if !self.may_master(command) {
      return None;
    }
    let seat = self.seat.as_mut()?;
    let game = &mut seat.stored.game;
    match change(game) {
      Ok(index) => {
        seat.changed = true;
        let who = game.members[index].address.clone();
        Some((who, game.name.clone()))
      }
      Err(refusal) => {
        self.error(&refusal.to_string());
        None
      }
    }
  }

  /// PROCESS [phase]: processes the current phase now with the orders in;
  /// ignored when the phase named is not the current one.
  pub(crate) fn process_now(&mut self, args: &str) {
    if !self.may_master("PROCESS") {
      return;
    }
    let Some(seat) = self.seat.as_ref() else { return };
    let game = &seat.stored.game;
    if let Err(refusal) = game.under_way_to("process") {
      self.error(&refusal.to_string());
      return;
    }
    let mut named = None;
    if !args.trim().is_empty() {
      named = match game.map.parse_phase_words(args) {
        Ok(phase) => Some(phase),
        Err(error @ PhaseWordsError::Unreadable { .. }) => {
          self.error(&format!(
            "{error}: write it like F1905R or Fall 1905 Retreat.\nNothing was processed."
          ));
          return;
        }
        Err(error) => {
          self.error(&format!("{error}\nNothing was processed."));
          return;
        }
      };
    }
    if let Err(refusal) = game.may_process(named) {
      self.error(&refusal.to_string());
      return;
    }
    self.process_game(true);
  }

  /// ROLLBACK [turn]: back to before that turn (the last one played when no
  /// number is given), its orders in again for the Master to correct.
  pub(crate) fn rollback(&mut self, args: &str) {
    if !self.may_rollback() {
      return;
    }
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let word = args.trim();
    let turn = if word.is_empty() {
      None
    } else {
      match word.parse::<u32>() {
        Ok(turn) => Some(turn),
        Err(_) => {
          let shown: String = word.chars().take(20).collect();
          self.error(&format!(
            "'{shown}' is not a turn number: write ROLLBACK 3 (or ROLLBACK alone for the\n\
             last turn). Nothing was changed."
          ));
          return;
        }
      }
    };
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let name = game.name.clone();
    let back = match game.rollback(turn, now, tz) {
      Ok(back) => back,
      Err(error) => {
        self.error(&format!("ROLLBACK: {error}. Nothing was changed."));
        return;
      }
    };
    seat.changed = true;
    // Orders later in this message are for the phase gone back to.
    seat.phase = game.position.phase;
    let phase = report::phase_words(game.map, game.position.phase);
    let deadline = report::time_to_deadline(game, now).unwrap_or_default();
    self.say(&format!(
      "Game '{name}' is back at turn {back:03}, {phase},\n\
       with the orders that were in then. Correct them and PROCESS the turn again."
    ));
    self.announce(
      "Rollback",
      &format!(
        "The Master has rolled game '{name}' back to turn {back:03}, {phase}: the\n\
         results from then on no longer stand and the phase will be played again.\n{deadline}"
      ),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// ROLLBACK is the Master's, in a game under way or one that ended.
  fn may_rollback(&mut self) -> bool {
    let Some(seat) = self.seat_or_error("ROLLBACK") else { return false };
    if seat.stored.game.members[seat.member].role != Role::Master {
      self.error("ROLLBACK is for the Master. Nothing was changed.");
      return false;
    }
    true
  }

  /// UNSTART: back to forming before the first turn is processed.
  pub(crate) fn unstart(&mut self) {
    if !self.may_master("UNSTART") {
      return;
    }
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    if let Err(error) = game.unstart(now) {
      self.error(&format!("UNSTART: {error}. Nothing was changed."));
      return;
    }
    game.settings.manual_start = true;
    seat.changed = true;
    let name = game.name.clone();
    self.say(&format!(
      "Game '{name}' is forming again, its powers no longer dealt. It is set to MANUAL\n\
       START: send SET AUTO START or FORCE BEGIN when it should begin."
    ));
    self.announce(
      "Game Unstarted",
      &format!(
        "The Master has taken game '{name}' back to before its start: the powers will\n\
         be dealt again when it begins, so players may send SET PREFERENCE now.\n"
      ),
      Some(HistoryKind::Notice),
      false,
    );
  }

  /// TERMINATE: the game ends without a result.
  pub(crate) fn terminate(&mut self) {
    if !self.may_moderate("TERMINATE", false) {
      return;
    }
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let name = game.name.clone();
    let forming = game.status == Status::Forming;
    game.terminate(now);
    seat.changed = true;
    let summary =
      if forming { String::new() } else { report::summary(game, game.settings.reveal, tz) };
    self.say(&format!("Game '{name}' has been terminated."));
    let text = if forming {
      format!("Game '{name}' has been terminated before it began; nobody can join it now.\n")
    } else {
      format!("Game '{name}' has been terminated without a result.\n\n{summary}")
    };
    self.announce("Game Terminated", &text, Some(HistoryKind::Results), false);
    // The game is over: its diaries are read, as at any other end.
    let Some(seat) = self.seat.as_mut() else { return };
    let mut ended = announce::ended_lists(self.ctx.config, &seat.stored.game, now);
    ended.extend(announce::diaries(self.ctx.config, &seat.stored.game, now));
    seat.history.extend(ended.history);
    self.others.extend(ended.mail);
  }

  /// Orders a Master gives without BECOME: for whichever power owns the
  /// unit. They do not count as that power's orders being in (manual §8.2).
  pub(crate) fn master_orders(&mut self, line: &str) {
    let Some(seat) = self.seat.as_mut() else { return };
    let mut replies = Vec::new();
    let (mut taken, mut errors) = (0, 0);
    let pieces: Vec<&str> = split_orders(line).collect();
    let several = pieces.len() > 1;
    for piece in pieces {
      let prefix = if several { format!("'{piece}': ") } else { String::new() };
      let game = &mut seat.stored.game;
      match game.owner_of_order(piece) {
        Some(power) => match (game.is_in(power), game.enter_order(power, piece)) {
          (was_in, Ok(accepted)) => {
            taken += 1;
            // Orders already in stay in; otherwise the Master's orders do
            // not make them so.
            if !was_in {
              game.orders[power.index()].by_master = true;
            }
            let name = game.power_name(power);
            replies.push(accepted_line(&format!("{prefix}Accepted for {name}"), &accepted));
          }
          (_, Err(error)) => {
            errors += 1;
            replies.push(format!("{prefix}Error: {error}"));
          }
        },
        None => {
          errors += 1;
          replies.push(format!(
            "{prefix}Error: no unit of any power is there to take this order (a Master's\n\
             order names the unit, e.g. A Par-Bur; builds need BECOME power)."
          ));
        }
      }
    }
    seat.changed |= taken > 0;
    seat.order_errors += errors;
    self.errors += errors;
    self.say(&replies.join("\n"));
  }
}
