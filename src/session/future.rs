//! Orders for later phases in a message (manual §6.3): PHASE opens a block
//! that takes the lines after it, up to the next PHASE or the end of the
//! message; IF / ELSE [IF] / ENDIF and SET [NO] WAIT inside it are kept
//! with the orders; CLEAR drops everything kept.
//!
//! What is kept must be understood: a mistake in a block's structure (a
//! condition that cannot be read, an ELSE or ENDIF with no IF) keeps
//! nothing of the block, while a bad order is left out like a bad order
//! for the current phase. Lines after a refused PHASE, or inside an IF
//! outside any PHASE, are not read at all, so that orders meant for later
//! (or only under a condition) are never taken for the current phase.

use super::Session;
use crate::game::future::{self as kept, BlockError, Builder, Line};
use crate::game::report::wrap;
use crate::game::{Role, Status};
use crate::map::PowerId;
use crate::order::split_orders;
use crate::phase::Season;

/// Where the message's lines are going.
#[derive(Debug, Default)]
pub(crate) struct FutureState {
  reading: Reading,
  /// PHASE or CLEAR was used: the reply lists what is kept.
  touched: bool,
}

#[derive(Debug, Default)]
enum Reading {
  /// To the current phase, as usual.
  #[default]
  Now,
  /// Into a PHASE block; `broken` once its structure is in doubt.
  Block { builder: Builder, broken: bool },
  /// Nowhere: the PHASE before them was refused.
  Refused,
  /// Nowhere: they are inside an IF that came outside any PHASE block
  /// (`depth` IFs deep).
  StrayIf { depth: usize },
}

const REFUSED_LINE: &str =
  "Not read: the PHASE above was refused, so nothing after it is taken until the next PHASE.";
const STRAY_LINE: &str = "Not read: this line belongs to the IF above, which was refused.";

impl Session<'_> {
  /// Press inside a PHASE block goes now: says so.
  pub(crate) fn note_press_in_phase_block(&mut self) {
    if matches!(self.future.reading, Reading::Block { .. }) {
      self.say("(Only orders and SET WAIT are kept for a later phase: this press goes now.)");
    }
  }

  /// Lines after a refused PHASE are not read, up to the next PHASE.
  pub(crate) fn future_refuse_block(&mut self) {
    self.future.reading = Reading::Refused;
  }

  /// Lines inside a refused IF are not read, up to its ENDIF.
  pub(crate) fn future_stray_if(&mut self) {
    self.future.reading = Reading::StrayIf { depth: 1 };
  }

  /// PHASE season year phase.
  pub(crate) fn future_phase(&mut self, args: &str) {
    // A Crystal Ball game's movement phases are its lists.
    if self.list_phase(args) {
      return;
    }
    self.close_future_block();
    self.future.touched = true;
    self.future.reading = Reading::Refused;
    let Some(power) = self.future_power("PHASE") else { return };
    let Some(seat) = self.seat.as_ref() else { return };
    let game = &seat.stored.game;
    let now = game.position.phase;
    let not_read = "The lines after it, up to the next PHASE, are not read.";
    let phase = match kept::read_phase(game.map, args) {
      Ok(phase) => phase,
      Err(problem) => {
        self.refused_order_lines += 1;
        self.error(&format!("{problem}\n{not_read}"));
        return;
      }
    };
    let name = kept::phase_name(game.map, phase);
    if !game.map.has_phase(phase, game.settings.variant.summer) {
      self.refused_order_lines += 1;
      let why = if phase.season == Season::SUMMER && game.map.calendar().is_none() {
        "has no Summer phases (it is not SET SUMMER)".to_string()
      } else {
        format!("has no phase {phase} in its calendar")
      };
      self.error(&format!("Game '{}' {why}.\n{not_read}", game.name));
      return;
    }
    if game.map.phase_order(phase, now).is_le() {
      let why = if phase == now {
        format!(
          "{name} is the current phase: PHASE is only for later phases. Send\n\
           orders for the current phase without a PHASE line."
        )
      } else {
        format!("{name} is over: the game is in {}.", kept::phase_name(game.map, now))
      };
      self.refused_order_lines += 1;
      self.error(&format!("{why}\n{not_read}"));
      return;
    }
    self.future.reading =
      Reading::Block { builder: Builder::for_game(game, power, phase), broken: false };
    self.say(&format!(
      "The orders after this line, up to the next PHASE or the end of your message,\n\
       are kept for {name} and entered when that phase begins."
    ));
  }

  /// CLEAR: every order kept for a later phase is dropped, with what this
  /// message's open PHASE block has kept so far.
  pub(crate) fn future_clear(&mut self) {
    self.list_clear();
    self.sheet_clear();
    self.future.touched = true;
    let Some(power) = self.future_power("CLEAR") else { return };
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let mut dropped = game.clear_future(power);
    seat.changed |= dropped > 0;
    let mut still = String::new();
    if let Reading::Block { builder, broken } = &mut self.future.reading {
      dropped += builder.len();
      let phase = builder.phase();
      *builder = Builder::for_game(game, power, phase);
      *broken = false;
      still = format!("\nThe lines after it still go to {}.", kept::phase_name(game.map, phase));
    }
    if dropped == 0 {
      self.say(&format!("You had no orders kept for later phases.{still}"));
    } else {
      self.say(&format!("Every order kept for a later phase has been dropped.{still}"));
    }
  }

  /// IF condition [THEN].
  pub(crate) fn future_if(&mut self, args: &str) {
    let read = matches!(self.future.reading, Reading::Now | Reading::Block { .. });
    if read && self.list_condition() {
      return;
    }
    match &mut self.future.reading {
      Reading::Block { .. } => self.block_line(Line::If(args.to_string())),
      Reading::Refused => self.say(REFUSED_LINE),
      Reading::StrayIf { depth } => {
        *depth += 1;
        self.say(STRAY_LINE);
      }
      Reading::Now => {
        self.future.reading = Reading::StrayIf { depth: 1 };
        self.refused_order_lines += 1;
        // A blind game takes no condition at all: say so, not where IF goes.
        if self.seat.as_ref().is_some_and(|s| s.stored.game.hides()) {
          let why = BlockError::Blind { what: "IF" }.to_string();
          self.error(&format!("{}\nThe lines up to its ENDIF are not read.", wrap(&why)));
          return;
        }
        self.error(
          "IF is only for orders kept for a later phase: put a PHASE line before it\n\
           (e.g. PHASE Fall 1905 Movement). The lines up to its ENDIF are not read.",
        );
      }
    }
  }

  /// ELSE, ELSE IF condition [THEN].
  pub(crate) fn future_else(&mut self, args: &str) {
    let words = args.trim().trim_end_matches('.').trim_end();
    let (first, rest) = words.split_at(words.find(char::is_whitespace).unwrap_or(words.len()));
    let line = if words.is_empty() || words.eq_ignore_ascii_case("then") {
      Some(Line::Else)
    } else if first.eq_ignore_ascii_case("if") {
      Some(Line::ElseIf(rest.trim().to_string()))
    } else {
      None
    };
    match (&mut self.future.reading, line) {
      (Reading::Block { .. }, Some(line)) => self.block_line(line),
      (Reading::Block { broken, .. }, None) => {
        *broken = true;
        self.refused_order_lines += 1;
        self.error(&wrap(&format!(
          "ELSE takes nothing after it but IF and a condition (ELSE IF condition), not \
           '{words}'. {}",
          self.block_refused()
        )));
      }
      (Reading::Refused, _) => self.say(REFUSED_LINE),
      (Reading::StrayIf { .. }, _) => self.say(STRAY_LINE),
      (Reading::Now, _) => {
        // The orders after it were meant to count only under a condition.
        self.future.reading = Reading::StrayIf { depth: 1 };
        self.refused_order_lines += 1;
        self.error(
          "ELSE has no IF before it: IF ... ELSE ... ENDIF come after a PHASE line.\n\
           The lines up to its ENDIF are not read.",
        );
      }
    }
  }

  /// ENDIF.
  pub(crate) fn future_endif(&mut self, args: &str) {
    match &mut self.future.reading {
      Reading::Block { broken, .. } if !args.trim().trim_end_matches('.').is_empty() => {
        *broken = true;
        self.refused_order_lines += 1;
        let refused = self.block_refused();
        self.error(&wrap(&format!("ENDIF stands alone on its line. {refused}")));
      }
      Reading::Block { .. } => self.block_line(Line::EndIf),
      Reading::Refused => self.say(REFUSED_LINE),
      Reading::StrayIf { depth } => {
        *depth -= 1;
        if *depth == 0 {
          self.future.reading = Reading::Now;
          self.say("Not read (the end of the IF above); the lines after it are read as usual.");
        } else {
          self.say(STRAY_LINE);
        }
      }
      Reading::Now => {
        self.refused_order_lines += 1;
        self.error("ENDIF has no IF before it, so nothing was done.");
      }
    }
  }

  /// A line that is not a command, while PHASE blocks are being read:
  /// returns false when it is an order for the current phase.
  pub(crate) fn future_order(&mut self, text: &str) -> bool {
    if self.drop_unread_line() {
      return true;
    }
    if !matches!(self.future.reading, Reading::Block { .. }) {
      return false;
    }
    let lower = text.to_ascii_lowercase();
    if lower == "then" {
      self.say("(THEN is optional after IF; noted.)");
    } else if let Some(rest) = lower.strip_prefix("elseif").filter(|r| r.starts_with(' ')) {
      let condition = text.get(text.len() - rest.len()..).unwrap_or(rest).trim();
      self.block_line(Line::ElseIf(condition.to_string()));
    } else {
      let pieces: Vec<&str> = split_orders(text).collect();
      let several = pieces.len() > 1;
      for piece in pieces {
        if several {
          self.body.push_str(&format!("'{piece}': "));
        }
        self.block_line(Line::Order(piece.to_string()));
      }
    }
    true
  }

  /// SET [NO] WAIT inside a PHASE block is kept for its phase.
  pub(crate) fn future_wait(&mut self, on: bool) -> bool {
    if self.drop_unread_line() {
      return true;
    }
    if !matches!(self.future.reading, Reading::Block { .. }) {
      return false;
    }
    self.block_line(Line::Wait(on));
    true
  }

  /// Answers a line after a refused PHASE or inside a stray IF, which is not
  /// read; false when the line is to be read.
  fn drop_unread_line(&mut self) -> bool {
    let note = match self.future.reading {
      Reading::Refused => REFUSED_LINE,
      Reading::StrayIf { .. } => STRAY_LINE,
      Reading::Now | Reading::Block { .. } => return false,
    };
    self.say(note);
    true
  }

  /// One line into the open block, answered.
  fn block_line(&mut self, line: Line) {
    let Reading::Block { builder, broken } = &mut self.future.reading else { return };
    let phase = builder.phase();
    if *broken {
      self.say("Not kept: this PHASE block has an error above, so none of it is kept.");
      return;
    }
    match builder.push(line) {
      Ok(Line::If(condition)) => self.say(&format!("Noted for {phase}: IF {condition}")),
      Ok(Line::ElseIf(condition)) => self.say(&format!("Noted for {phase}: ELSE IF {condition}")),
      Ok(Line::Wait(true)) => {
        self.say(&format!("Noted for {phase}: the wait is set when that phase begins."))
      }
      Ok(Line::Wait(false)) => {
        self.say(&format!("Noted for {phase}: no wait when that phase begins."))
      }
      Ok(_) => self.say(&format!("Noted for {phase}.")),
      Err(error) if error.breaks_block() => {
        *broken = true;
        self.refused_order_lines += 1;
        let refused = self.block_refused();
        self.error(&format!("{}\n{}", wrap(&error.to_string()), wrap(&refused)));
      }
      Err(error) => {
        self.refused_order_lines += 1;
        let hint = match error {
          BlockError::BuildOrRemove(_) => "",
          _ => {
            " (Only names and wording are checked now; the board is checked when the phase begins.)"
          }
        };
        self.error(&wrap(&format!("Error: {error} This order was not kept.{hint}")));
      }
    }
  }

  /// What a mistake in a block's structure means for the block, on one
  /// line for the caller to wrap (a phase's name may make it long).
  fn block_refused(&self) -> String {
    let phase = match &self.future.reading {
      Reading::Block { builder, .. } => builder.phase().to_string(),
      _ => "the phase".to_string(),
    };
    format!(
      "Nothing of this PHASE block ({phase}) will be kept: correct the mistake and send \
       the whole block again."
    )
  }

  /// Ends the open PHASE block (at the next PHASE or the end of the
  /// message): keeps it in the game if it was understood. Returns whether
  /// there was a block.
  pub(crate) fn close_future_block(&mut self) -> bool {
    let reading = std::mem::take(&mut self.future.reading);
    let Reading::Block { builder, broken } = reading else { return false };
    let name = builder.phase_name();
    if broken {
      self.say(&format!("Nothing was kept for {name}, because of the error above."));
      return true;
    }
    if builder.is_empty() {
      self.say(&format!("Nothing was kept for {name}: no orders followed its PHASE line."));
      return true;
    }
    let Some(seat) = self.seat.as_mut() else { return true };
    let game = &mut seat.stored.game;
    let power = builder.power();
    let existing: usize = game.future_of(power).map(|f| f.lines.len()).sum();
    if existing + builder.len() > kept::MAX_LINES {
      self.refused_order_lines += 1;
      self.error(&format!(
        "Nothing was kept for {name}: at most {} lines are kept for later phases,\n\
         and you have {existing} already. Send CLEAR and then the orders you want kept.",
        kept::MAX_LINES
      ));
      return true;
    }
    let orders = builder.orders();
    game.future.push(builder.finish());
    seat.changed = true;
    let plural = if orders == 1 { "" } else { "s" };
    self.say(&format!("{orders} order{plural} kept for {name}."));
    true
  }

  /// The orders kept for the signed-on power, for the end of the reply:
  /// listed when the reply lists the current orders or the message used
  /// PHASE or CLEAR.
  pub(crate) fn future_footer(&self, listed_current: bool) -> String {
    let Some(seat) = self.seat.as_ref() else { return String::new() };
    let game = &seat.stored.game;
    let Some(member) = game.members.get(seat.member) else { return String::new() };
    let (Some(power), Role::Player, Status::Active) = (member.power, member.role, &game.status)
    else {
      return String::new();
    };
    if !(listed_current || self.future.touched) {
      return String::new();
    }
    let listing = kept::listing(game, power);
    if listing.is_empty() {
      return String::new();
    }
    format!("{listing}\n")
  }

  /// The power the signed-on member orders for, or an error saying why
  /// `command` cannot be used.
  fn future_power(&mut self, command: &str) -> Option<PowerId> {
    let seat = self.seat_or_error(command)?;
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    let problem = match (&game.status, member.role, member.power) {
      (Status::Forming, ..) => {
        format!("Game '{}' has not started yet: orders are taken once it has.", game.name)
      }
      (Status::Finished(_), ..) => format!("Game '{}' is over: no orders are taken.", game.name),
      (_, Role::Player, Some(power)) => return Some(power),
      (_, Role::Master, _) => {
        format!("A Master uses {command} for a power after BECOME power (e.g. BECOME France).")
      }
      _ => format!("{command} is for players with a power in the game."),
    };
    self.refused_order_lines += 1;
    self.error(&format!("{problem} Nothing was changed."));
    None
  }
}
