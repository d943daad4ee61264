//! Payola by mail (`game/payola.rs`, issue 27): offer sheets, SET ACCEPT
//! and TRANSFER.
//!
//! In a Payola game's movement phase a player's order lines are its offer
//! sheet: each line a bribe (`5 : A Par - Bur`, `10#8 > F Bre - Mid`,
//! `25 $`), and a plain order a 0 AgP offer. A message's lines replace the
//! sheet whole at the end of the message, and only when none of them was
//! refused: a refused line never changes the sheet. CLEAR empties it.

use super::Session;
use crate::game::payola::MAX_LINES;
use crate::game::report::wrap;
use crate::game::{Game, Role, Status};
use crate::map::PowerId;
use crate::phase::PhaseKind;

/// The offer lines of the message being read.
#[derive(Debug, Default)]
pub(crate) struct Draft {
  /// The lines taken, in order.
  lines: Vec<String>,
  /// How many were refused.
  refused: usize,
  /// The sheet was written to (lines or CLEAR): it is replaced at the end.
  touched: bool,
}

impl Session<'_> {
  /// The signed-on game, when it is a running Payola game and the sender
  /// plays a power in it (a Master, after BECOME).
  fn payola_power(&self) -> Option<(&Game, PowerId)> {
    let seat = self.seat.as_ref()?;
    let game = &seat.stored.game;
    let member = game.members.get(seat.member)?;
    if !game.is_payola() || game.status != Status::Active || member.role != Role::Player {
      return None;
    }
    Some((game, member.power?))
  }

  /// Whether an order line goes to the offer sheet: in a Payola game's
  /// movement phase.
  pub(crate) fn goes_to_sheet(&self) -> bool {
    let Some(seat) = self.seat.as_ref() else { return false };
    let game = &seat.stored.game;
    game.is_payola() && game.position.phase.kind == PhaseKind::Movement
  }

  /// One line of the offer sheet.
  pub(crate) fn sheet_line(&mut self, line: &str) {
    let Some((game, power)) = self.payola_power() else {
      self.refused_order_lines += 1;
      self.error(
        "In a Payola game the movement orders are the powers' offer sheets: a Master\n\
         sends one after BECOME power. Nothing was changed.",
      );
      return;
    };
    let checked = if self.payola.lines.len() >= MAX_LINES {
      Err(format!("An offer sheet has at most {MAX_LINES} lines."))
    } else {
      game.check_offer_line(power, &self.payola.lines, line).map_err(|e| e.to_string())
    };
    self.payola.touched = true;
    match checked {
      Ok(text) => {
        self.say(&format!("Offered: {text}"));
        self.payola.lines.push(text);
      }
      Err(error) => {
        self.payola.refused += 1;
        self.errors += 1;
        self.refused_order_lines += 1;
        self.say(&format!("Error: {error}\nThis line was not put on your offer sheet."));
      }
    }
  }

  /// CLEAR in a Payola movement phase: the sheet is emptied (with the
  /// lines of this message so far).
  pub(crate) fn sheet_clear(&mut self) {
    if self.payola_power().is_none() || !self.goes_to_sheet() {
      return;
    }
    self.payola.lines.clear();
    self.payola.refused = 0;
    self.payola.touched = true;
    self.say("Your offer sheet will be emptied.");
  }

  /// At the end of the message: the sheet written in it replaces the old
  /// one, unless a line of it was refused.
  pub(crate) fn close_sheet(&mut self) {
    let draft = std::mem::take(&mut self.payola);
    if !draft.touched {
      return;
    }
    self.payola_touched = true;
    let Some((_, power)) = self.payola_power() else { return };
    if draft.refused > 0 {
      let plural = if draft.refused == 1 { "line was" } else { "lines were" };
      self.say(&wrap(&format!(
        "Your offer sheet was not changed: {} {plural} refused above. Send the whole sheet \
         again, corrected.",
        draft.refused
      )));
      return;
    }
    let count = draft.lines.len();
    let Some(seat) = self.seat.as_mut() else { return };
    seat.stored.game.set_sheet(power, draft.lines);
    seat.changed = true;
    self.say(&match count {
      0 => "Your offer sheet is now empty.".to_string(),
      1 => "Your offer sheet now has 1 line.".to_string(),
      n => format!("Your offer sheet now has {n} lines."),
    });
  }

  /// The signed-on power's money and sheet, at the end of the reply of a
  /// message that wrote to the sheet or used the money.
  pub(crate) fn purse_footer(&self, touched: bool) -> String {
    let Some((game, power)) = self.payola_power() else { return String::new() };
    if !touched {
      return String::new();
    }
    format!("{}\n", game.purse_lines(power))
  }

  /// SET ACCEPT letters: the power's acceptance list.
  pub(crate) fn set_accept(&mut self, args: &str) {
    let Some((_, power)) = self.payola_power() else {
      self.error(
        "SET ACCEPT is for a player of a running Payola game: it orders the powers\n\
         whose bribes your units prefer in a tie. Nothing was changed.",
      );
      return;
    };
    let Some(seat) = self.seat.as_mut() else { return };
    match seat.stored.game.set_accept(power, args) {
      Ok(list) => {
        seat.changed = true;
        self.payola_touched = true;
        self.say(&format!("Your acceptance list is now {list}."));
      }
      Err(error) => self.error(&format!(
        "SET ACCEPT: {error}. Give power initials, best first, and ? for the\n\
         others in a random order: SET ACCEPT FE?. Nothing was changed."
      )),
    }
  }

  /// TRANSFER amount [AgP] TO power: money given at once.
  pub(crate) fn transfer(&mut self, args: &str) {
    let Some((game, from)) = self.payola_power() else {
      self.error(
        "TRANSFER is for a player of a running Payola game: it gives money to\n\
         another power. Nothing was changed.",
      );
      return;
    };
    let words: Vec<String> = args.split_whitespace().map(str::to_ascii_uppercase).collect();
    let amount = words.first().and_then(|w| w.trim_end_matches("AGP").parse::<u32>().ok());
    let rest: Vec<&String> =
      words.iter().skip(1).filter(|w| w.as_str() != "AGP" && w.as_str() != "TO").collect();
    let name = rest.iter().map(|w| w.as_str()).collect::<Vec<_>>().join(" ");
    let to = game.map.power_by_word(&name);
    let (Some(amount), Some(to)) = (amount, to) else {
      self.error(
        "TRANSFER needs an amount and a power: TRANSFER 10 TO France (AgP may\n\
         follow the amount). Nothing was changed.",
      );
      return;
    };
    let to_name = game.power_name(to).to_string();
    let Some(seat) = self.seat.as_mut() else { return };
    match seat.stored.game.transfer(from, to, amount) {
      Ok(()) => {
        seat.changed = true;
        self.payola_touched = true;
        self.say(&format!("{amount} AgP transferred to {to_name}."));
      }
      Err(error) => self.error(&format!("{error} Nothing was transferred.")),
    }
  }
}
