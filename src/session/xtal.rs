//! Crystal Ball lists by mail (`game/xtal.rs`, issue 27).
//!
//! In a movement phase a player's order lines are its list: the first
//! turn's list until everyone's is in and locked, then the open list for
//! the next movement phase. In a retreat or adjustment phase the order
//! lines are the retreats or builds, and the open list follows a PHASE line
//! naming its phase. A message's list lines replace the list whole at the
//! end of the message, and only when none of them was refused: a refused
//! line never changes a list. CLEAR empties the list (and drops the orders
//! kept for later phases, as in any game). A list locked for a phase is
//! never changed, and conditions (IF) are not taken.

use super::Session;
use crate::game::future::phase_name;
use crate::game::report::wrap;
use crate::game::xtal::{Which, MAX_ENTRIES};
use crate::game::{Game, Role, Status};
use crate::map::PowerId;
use crate::order::split_orders;
use crate::phase::PhaseKind;
use crate::store::game_file::HistoryKind;

/// The list lines of the message being read.
#[derive(Debug, Default)]
pub(crate) struct Draft {
  /// Where lines go after a PHASE line naming the open list's phase.
  by_phase: Option<Which>,
  /// The lines for each list, and how many were refused.
  parts: Vec<Part>,
  /// Lists were touched (lines, PHASE or CLEAR): the reply shows them.
  touched: bool,
}

#[derive(Debug)]
struct Part {
  which: Which,
  lines: Vec<String>,
  refused: usize,
}

impl Draft {
  fn part(&mut self, which: Which) -> &mut Part {
    if let Some(index) = self.parts.iter().position(|p| p.which == which) {
      return &mut self.parts[index];
    }
    self.parts.push(Part { which, lines: Vec::new(), refused: 0 });
    let last = self.parts.len() - 1;
    &mut self.parts[last]
  }
}

/// `the open list` / `the first list`, for replies.
fn list_words(which: Which) -> &'static str {
  match which {
    Which::Locked => "first-turn list",
    Which::Open => "list",
  }
}

impl Session<'_> {
  /// The signed-on game, when it is a running Crystal Ball game and the
  /// sender orders for a power in it.
  fn crystal_power(&self) -> Option<(&Game, PowerId)> {
    let seat = self.seat.as_ref()?;
    let game = &seat.stored.game;
    let member = game.members.get(seat.member)?;
    if !game.is_crystal_ball() || game.status != Status::Active || member.role != Role::Player {
      return None;
    }
    Some((game, member.power?))
  }

  /// Whether an order line goes into a list (rather than to the current
  /// phase): in a Crystal Ball game's movement phase, or after a PHASE
  /// line naming the open list's phase.
  pub(crate) fn goes_to_list(&self) -> bool {
    let Some(seat) = self.seat.as_ref() else { return false };
    let game = &seat.stored.game;
    game.is_crystal_ball()
      && (self.xtal.by_phase.is_some() || game.position.phase.kind == PhaseKind::Movement)
  }

  /// One order line for a list.
  pub(crate) fn list_line(&mut self, line: &str) {
    let Some((game, power)) = self.crystal_power() else {
      self.refused_order_lines += 1;
      self.error(
        "In a Crystal Ball game the movement orders are the powers' lists: a Master\n\
         sends one after BECOME power. Nothing was changed.",
      );
      return;
    };
    let which = self.xtal.by_phase.unwrap_or_else(|| game.list_target());
    let phase = game.list_phase(which);
    let pieces: Vec<&str> = split_orders(line).collect();
    let several = pieces.len() > 1;
    let mut replies = Vec::new();
    let mut kept = Vec::new();
    let mut refused = 0;
    let already = self.xtal.parts.iter().find(|p| p.which == which).map_or(0, |p| p.lines.len());
    for piece in pieces {
      let prefix = if several { format!("'{piece}': ") } else { String::new() };
      let checked = if already + kept.len() >= MAX_ENTRIES {
        Err(crate::game::xtal::ListRefusal::TooLong)
      } else {
        game.check_list_line(power, piece)
      };
      match checked {
        Ok(text) => {
          replies.push(format!("{prefix}Listed for {phase}: {text}"));
          kept.push(text);
        }
        Err(error) => {
          refused += 1;
          replies.push(format!("{prefix}Error: {error}\nThis line was not listed."));
        }
      }
    }
    self.xtal.touched = true;
    let part = self.xtal.part(which);
    part.lines.extend(kept);
    part.refused += refused;
    self.errors += refused;
    self.refused_order_lines += refused;
    self.say(&replies.join("\n"));
  }

  /// PHASE naming a movement phase in a Crystal Ball game: the open list's
  /// phase takes the lines after it; the locked list's, or any other, is
  /// refused with the reason. Returns false when the line is not one of
  /// these (another phase, or not a Crystal Ball game), for PHASE to read.
  pub(crate) fn list_phase(&mut self, args: &str) -> bool {
    self.xtal.by_phase = None;
    let Some((game, _)) = self.crystal_power() else { return false };
    let Ok(phase) = crate::game::future::read_phase(game.map, args) else { return false };
    if phase.kind != PhaseKind::Movement {
      return false;
    }
    let (locked, open) = (game.locked_phase(), game.open_phase());
    let open_name = phase_name(game.map, open);
    let locked_name = phase_name(game.map, locked);
    let right_form = format!(
      "The list you may write now is for {open_name}: send it after\n\
       PHASE {open}, or without a PHASE line during a movement phase."
    );
    let first = game.first_lists_due();
    let why = if phase == locked {
      format!(
        "Your list for {locked_name} is locked: it was written a turn ahead and\n\
         cannot be changed now (a second list for a locked phase is not taken)."
      )
    } else if game.map.phase_order(phase, locked).is_lt() {
      format!("{} is over.", phase_name(game.map, phase))
    } else {
      format!(
        "{} is too far ahead: a Crystal Ball game keeps one list\n\
         beyond the locked one.",
        phase_name(game.map, phase)
      )
    };
    self.close_future_block();
    self.xtal.touched = true;
    if phase == open {
      self.xtal.by_phase = Some(Which::Open);
      self.say(&format!(
        "The orders after this line, up to the next PHASE or the end of your message,\n\
         are your Crystal Ball list for {open_name}."
      ));
      return true;
    }
    if phase == locked && first {
      self.xtal.by_phase = Some(Which::Locked);
      self.say(&format!("The orders after this line are your first-turn list for {locked_name}."));
      return true;
    }
    self.refused_order_lines += 1;
    self.future_refuse_block();
    self.error(&format!(
      "{why}\n{right_form}\nThe lines after it, up to the next PHASE, are not read; no list was changed."
    ));
    true
  }

  /// IF in a Crystal Ball game: refused (a condition would show the board
  /// a list is written without). Returns whether it was.
  pub(crate) fn list_condition(&mut self) -> bool {
    let crystal = self.seat.as_ref().is_some_and(|s| s.stored.game.is_crystal_ball());
    if !crystal {
      return false;
    }
    self.refused_order_lines += 1;
    self.future_stray_if();
    self.error(
      "Conditional orders (IF) are not taken in a Crystal Ball game: a list is\n\
       written before the board it is played on, and a condition would look at it.\n\
       The lines up to its ENDIF are not read.",
    );
    true
  }

  /// CLEAR in a Crystal Ball game: the list the lines go to now is
  /// emptied (with the lines of this message for it so far).
  pub(crate) fn list_clear(&mut self) {
    let Some((game, _)) = self.crystal_power() else { return };
    let which = self.xtal.by_phase.unwrap_or_else(|| game.list_target());
    let name = phase_name(game.map, game.list_phase(which));
    self.xtal.touched = true;
    let part = self.xtal.part(which);
    part.lines.clear();
    part.refused = 0;
    // Marks the list to be replaced (by nothing, or by the lines after).
    self.say(&format!("Your {} for {name} will be emptied.", list_words(which)));
  }

  /// At the end of the message: each list written in it replaces the old
  /// one, unless a line of it was refused. A first-turn list that
  /// completes everyone's locks them, which everyone is told.
  pub(crate) fn close_lists(&mut self) {
    let parts = std::mem::take(&mut self.xtal.parts);
    self.xtal.by_phase = None;
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let Some((game, power)) = self.crystal_power() else { return };
    let power_name = game.power_name(power).to_string();
    let mut notes = Vec::new();
    let mut changed = Vec::new();
    for part in parts {
      let name = phase_name(game.map, game.list_phase(part.which));
      if part.refused > 0 {
        let plural = if part.refused == 1 { "line was" } else { "lines were" };
        notes.push(wrap(&format!(
          "Your {} for {name} was not changed: {} {plural} refused above. Send the whole \
           list again, corrected.",
          list_words(part.which),
          part.refused
        )));
        continue;
      }
      let count = part.lines.len();
      notes.push(match count {
        0 => format!("Your {} for {name} is now empty.", list_words(part.which)),
        1 => format!("Your {} for {name} now has 1 order.", list_words(part.which)),
        n => format!("Your {} for {name} now has {n} orders.", list_words(part.which)),
      });
      changed.push((part.which, part.lines));
    }
    if notes.is_empty() {
      return;
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let mut locked_now = false;
    for (which, lines) in changed {
      game.set_list(power, which, lines);
      seat.changed = true;
      if which == Which::Locked {
        locked_now |= game.lock_first_lists();
      }
    }
    if locked_now {
      game.restart_clock_now(now, tz);
    }
    let deadline = game.timing.deadline.map(|d| crate::game::deadline::show(d, tz));
    self.say(&notes.join("\n"));
    if locked_now {
      let text = format!(
        "All players have now entered an order list for the first turn of the game;\n\
         the lists are locked, and everyone should now send the next order list.\n\
         The deadline for it is {}.\n",
        deadline.unwrap_or_else(|| "not set".to_string())
      );
      self.say(&format!(
        "\n{power_name}'s list completed the first turn's lists: they are now locked."
      ));
      self.announce("Lists Locked", &text, Some(HistoryKind::Notice), true);
    }
  }

  /// The signed-on power's two lists, for the end of the reply when the
  /// message touched them or ordered anything.
  pub(crate) fn lists_footer(&self, listed_current: bool) -> String {
    let Some((game, power)) = self.crystal_power() else { return String::new() };
    if !(listed_current || self.xtal.touched) {
      return String::new();
    }
    format!("{}\n", crate::game::xtal::listing(game, power))
  }
}
