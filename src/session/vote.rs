//! Ending a game by agreement (manual §7.3): SET [NO] DRAW, SET [NO]
//! CONCEDE; and the victory rule, SET CENTERS (§9.1). Votes are secret and
//! last one phase; the moment every survivor agrees, the game ends and
//! everyone is told.

use super::Session;
use crate::game::press::addressees;
use crate::game::{DrawVote, VoteRefusal};
use crate::map::PowerId;
use crate::store::game_file::HistoryKind;

impl Session<'_> {
  /// SET DRAW [powers].
  pub(crate) fn set_draw(&mut self, args: &str) {
    let Some(seat) = self.seat_or_error("SET DRAW") else { return };
    let game = &seat.stored.game;
    if let Some(problem) = game.vote_refused(seat.member).or_else(|| game.draws_refused()) {
      self.error(&crate::game::report::wrap(&format!("{problem} No vote was recorded.")));
      return;
    }
    if game.proposes_draws() {
      self.propose_or_agree(args);
      return;
    }
    let list = args.trim();
    let powers = if list.is_empty() {
      if game.settings.dias {
        Vec::new()
      } else {
        game.survivors()
      }
    } else {
      let listed = match game.may_list_a_draw() {
        Ok(()) => draw_list(game, list),
        Err(refusal) => Err(refusal.to_string()),
      };
      match listed {
        Ok(powers) => powers,
        Err(problem) => {
          self.error(&format!("{problem}\nNo vote was recorded."));
          return;
        }
      }
    };
    let own = game.members[seat.member].power;
    let confirmation = if game.settings.dias {
      format!(
        "Your vote for a draw in game '{}' is recorded. A draw including every\n\
         survivor passes when all of them have voted for it; votes last until the\n\
         phase is processed.",
        game.name
      )
    } else {
      let names = power_names(game, &powers);
      let includes_you = own.is_some_and(|p| powers.contains(&p));
      let also = if includes_you {
        "any smaller draw among them that still includes you"
      } else {
        "any smaller draw among them, with or without you"
      };
      crate::game::report::wrap(&format!(
        "Your vote for a draw between {names} is recorded. It also accepts {also}. \
         The largest draw every survivor accepts passes; votes last until the phase \
         is processed."
      ))
    };
    seat.stored.game.members[seat.member].draw = Some(DrawVote { powers });
    seat.changed = true;
    self.say(&confirmation);
    self.settle_votes();
  }

  /// SET NO DRAW: in a NoDIAS game the same as a vote for a draw of one's
  /// own power alone (a concession to oneself).
  pub(crate) fn set_no_draw(&mut self) {
    let Some(seat) = self.seat_or_error("SET NO DRAW") else { return };
    let game = &seat.stored.game;
    if let Some(problem) = game.vote_refused(seat.member) {
      self.error(&format!("{problem} Nothing was changed."));
      return;
    }
    if game.proposes_draws() {
      self.veto();
      return;
    }
    let own = game.members[seat.member].power;
    let (vote, said) = match (game.settings.dias, own) {
      (false, Some(power)) => (
        Some(DrawVote { powers: vec![power] }),
        "Your draw vote is now for yourself alone: you accept no draw, only a\n\
         concession to you.",
      ),
      _ => (None, "Your draw vote is withdrawn."),
    };
    seat.stored.game.members[seat.member].draw = vote;
    seat.changed = true;
    self.say(said);
    self.settle_votes();
  }

  /// PROPOSE_DIAS: SET DRAW proposes a draw of every survivor when none
  /// is up, announced to the others (naming the proposer unless
  /// HIDE_PROPOSER), and agrees to the one up otherwise.
  fn propose_or_agree(&mut self, args: &str) {
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &seat.stored.game;
    let name = game.name.clone();
    if !args.trim().is_empty() {
      self.error(&format!(
        "Game '{name}' has PROPOSE_DIAS: a proposal is of a draw including every\n\
         survivor, so SET DRAW takes no list. No vote was recorded."
      ));
      return;
    }
    let up = game.proposal_up();
    let proposer = match game.members[seat.member].power {
      Some(power) if !game.settings.variant.has_rule("HIDE_PROPOSER") => {
        game.power_name(power).to_string()
      }
      _ => "A power".to_string(),
    };
    let survivors = game.survivors();
    seat.stored.game.members[seat.member].draw = Some(DrawVote { powers: survivors });
    seat.changed = true;
    if up {
      self.say(&format!(
        "Your agreement to the proposal of a draw in game '{name}' is recorded. It\n\
         passes when every survivor agrees; any survivor's SET NO DRAW vetoes it."
      ));
    } else {
      self.say(&format!(
        "Your proposal of a draw including every survivor of game '{name}' is\n\
         announced. It passes when every survivor agrees with SET DRAW; any of\n\
         them may veto it with SET NO DRAW. It lasts until the phase is processed."
      ));
      let text = crate::game::report::wrap(&format!(
        "{proposer} proposes that game '{name}' end in a draw including every \
         survivor. Agree with SET DRAW, or veto it with SET NO DRAW. It passes when \
         every survivor agrees, and lasts until the phase is processed."
      ));
      self.announce("Draw Proposal", &text, Some(HistoryKind::Notice), false);
    }
    self.settle_votes();
  }

  /// PROPOSE_DIAS: SET NO DRAW vetoes the proposal up, clearing it and
  /// every agreement to it; the others are told, not by whom.
  fn veto(&mut self) {
    let Some(seat) = self.seat.as_mut() else { return };
    let name = seat.stored.game.name.clone();
    if !seat.stored.game.proposal_up() {
      self
        .say(&format!("There is no draw proposal in game '{name}' to veto. Nothing was changed."));
      return;
    }
    seat.stored.game.clear_draw_votes();
    seat.changed = true;
    self.say(&format!(
      "You have vetoed the proposal of a draw in game '{name}': it is cleared,\n\
       with every agreement to it."
    ));
    let text = format!(
      "The proposal of a draw in game '{name}' has been vetoed and is cleared. Any\n\
       survivor may propose one again with SET DRAW."
    );
    self.announce("Draw Proposal Vetoed", &text, Some(HistoryKind::Notice), false);
  }

  /// SET CONCEDE power: concede the game to the largest power.
  pub(crate) fn set_concede(&mut self, args: &str) {
    let Some(seat) = self.seat_or_error("SET CONCEDE") else { return };
    let game = &seat.stored.game;
    if let Some(problem) = game.concession_refused(seat.member) {
      self.error(&crate::game::report::wrap(&format!("{problem} No vote was recorded.")));
      return;
    }
    let named = addressees(args.trim(), game).ok().and_then(|a| match a.powers.as_slice() {
      [one] if !a.observers && !a.masters => Some(*one),
      _ => None,
    });
    let Some(power) = named else {
      self.error(&format!(
        "SET CONCEDE needs the initial of the power you concede to (for example\n\
         SET CONCEDE F), not '{}'. No vote was recorded.",
        args.trim()
      ));
      return;
    };
    match game.may_concede(seat.member, power) {
      Ok(()) => {}
      // Its last line has room for the words only at the start of the next.
      Err(refusal @ VoteRefusal::NotLargest { .. }) => {
        self.error(&format!("{refusal} No vote was\nrecorded."));
        return;
      }
      Err(refusal) => {
        self.error(&format!("{refusal} No vote was recorded."));
        return;
      }
    }
    let said = format!(
      "Your vote to concede game '{}' to {} is recorded. The game is conceded when\n\
       every other survivor concedes too; votes last until the phase is processed.",
      game.name,
      game.power_name(power)
    );
    seat.stored.game.members[seat.member].concede = Some(power);
    seat.changed = true;
    self.say(&said);
    self.settle_votes();
  }

  /// SET NO CONCEDE.
  pub(crate) fn set_no_concede(&mut self) {
    let Some(seat) = self.seat_or_error("SET NO CONCEDE") else { return };
    if let Some(problem) = seat.stored.game.vote_refused(seat.member) {
      self.error(&format!("{problem} Nothing was changed."));
      return;
    }
    seat.stored.game.members[seat.member].concede = None;
    seat.changed = true;
    self.say("Your concession vote is withdrawn.");
  }

  /// Ends the game when the votes now agree.
  fn settle_votes(&mut self) {
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    let Some(ending) = seat.stored.game.agreed_ending() else { return };
    seat.stored.game.end(ending, now);
    let game = &seat.stored.game;
    let announcement = crate::announce::agreed_ending(self.ctx.config, game, now);
    let words = crate::game::report::ending_words(
      game,
      match &game.status {
        crate::game::Status::Finished(ending) => ending,
        _ => return,
      },
    );
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    self.others.extend(announcement.mail);
    let name = game.name.clone();
    self.say(&crate::game::report::wrap(&format!(
      "Every survivor agrees: game '{name}' is over, {words}."
    )));
  }

  /// SET CENTERS n: the supply centres that win the game.
  pub(crate) fn set_centers(&mut self, args: &str) {
    // A variant setting: before the start only (manual §9.1).
    if !self.may_moderate("SET CENTERS", true) {
      return;
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let map = seat.stored.game.map;
    let total = map.provinces().iter().filter(|p| p.supply_center).count() as u32;
    match args.trim().parse::<u32>() {
      Ok(n) if (1..=total).contains(&n) => {
        seat.stored.game.settings.victory_centers = n;
        self.parameter_change(&format!("a power wins with {n} supply centers"));
      }
      _ => self.error(&format!(
        "SET CENTERS needs a number of supply centers from 1 to {total}, not '{}'.\n\
         Nothing was changed.",
        args.trim()
      )),
    }
  }
}

/// A NoDIAS draw list: initials of surviving powers, each once.
fn draw_list(game: &crate::game::Game, list: &str) -> Result<Vec<PowerId>, String> {
  // A draw list is powers only: say so in its own terms, not the press
  // lists' (which also take O and M).
  let initials: String = game.map.playable_powers().map(|p| game.map.power(p).initial).collect();
  let all: String = game.map.powers().iter().map(|p| p.initial).collect();
  let unknown: Vec<String> = list
    .chars()
    .map(|c| c.to_ascii_uppercase())
    .filter(|&c| !c.is_whitespace() && !all.contains(c) && c != 'O' && c != 'M')
    .map(|c| format!("'{c}'"))
    .collect();
  if !unknown.is_empty() {
    return Err(format!(
      "{} in '{list}' {} not the initial of a power. SET DRAW takes the initials\n\
       of the powers in the draw ({initials}), as in SET DRAW FGI.",
      crate::game::press::and_list(&unknown),
      if unknown.len() == 1 { "is" } else { "are" },
    ));
  }
  let named = addressees(list, game).map_err(|refusal| refusal.to_string())?;
  if named.observers || named.masters {
    return Err("A draw is between powers: observers (O) and the Master (M) are not in it.".into());
  }
  game.may_draw_between(&named.powers).map_err(|refusal| refusal.to_string())?;
  Ok(named.powers)
}

fn power_names(game: &crate::game::Game, powers: &[PowerId]) -> String {
  let names: Vec<String> = powers.iter().map(|&p| game.power_name(p).to_string()).collect();
  crate::game::press::and_list(&names)
}
