//! Playing a game once signed on (manual §§6.1, 7.1, 7.2): orders for the
//! current phase, SET PREFERENCE, SET [NO] WAIT, SET ADDRESS, SET PASSWORD,
//! RESIGN / WITHDRAW, and processing the phase when everything is in.

use super::{info::plausible_address, Session};
use crate::announce;
use crate::command::{BodyLine, Item};
use crate::game::preference::{Assignment, Preference};
use crate::game::{report, Role, Status};
use crate::map::Map;
use crate::order::{reads_as_order, split_orders};
use crate::password;

/// The reply to a taken order: `Accepted: Army Paris -> Burgundy.`, and
/// the order it replaced, if any. `head` is what comes before the colon.
pub(crate) fn accepted_line(head: &str, accepted: &crate::game::Accepted) -> String {
  match &accepted.replaced {
    Some(replaced) => format!("{head}: {} (replaces {replaced})", accepted.text),
    None => format!("{head}: {}", accepted.text),
  }
}

/// What the reply says of a signature without `-- ` (a closing salutation
/// and the lines under it), in place of echoing its lines.
pub(crate) fn signature_note(lines: &[BodyLine]) -> String {
  let first = lines.first().map_or(0, |l| l.number);
  let last = lines.last().map_or(first, |l| l.number);
  let salutation: String =
    lines.first().map(|l| l.text.trim().chars().take(40).collect()).unwrap_or_default();
  report::wrap(&format!(
    "(Lines {first} to {last}, from '{salutation}' on, were taken as your signature \
     and ignored.)"
  ))
}

/// What the reply says of the quoted blocks passed over: `(Lines 1 to 9
/// and 14 quote an earlier message, so they were not read.)`
pub(crate) fn quoted_note(blocks: &[(usize, usize)]) -> String {
  let ranges: Vec<String> = blocks
    .iter()
    .map(
      |&(first, last)| {
        if first == last {
          first.to_string()
        } else {
          format!("{first} to {last}")
        }
      },
    )
    .collect();
  let list = match ranges.split_last() {
    Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
    _ => ranges.join(""),
  };
  let (noun, verb) = match blocks {
    [(first, last)] if first == last => ("Line", "quotes"),
    _ => ("Lines", "quote"),
  };
  report::wrap(&format!(
    "({noun} {list} {verb} an earlier message (lines starting with '>', and the \
     'On ... wrote:' line above them), so {} not read.)",
    if noun == "Line" { "it was" } else { "they were" }
  ))
}

impl Session<'_> {
  /// Whether the lines from a closing salutation on are a signature: not
  /// one of them reads as an order on the map of the game signed on to
  /// (the standard map before any SIGN ON), so dropping them loses nothing
  /// the player meant as orders.
  pub(crate) fn is_signature(&self, lines: &[BodyLine]) -> bool {
    let map = match &self.seat {
      Some(seat) => Some(seat.stored.game.map),
      None => Map::standard().ok(),
    };
    let Some(map) = map else { return false };
    // In a Payola movement phase an offer line is orders too.
    let offers = self.goes_to_sheet();
    let orders = |text: &str| {
      reads_as_order(map, text) || (offers && crate::game::payola::reads_as_offer(text))
    };
    lines.iter().all(|l| matches!(&l.item, Item::Other(text) if !orders(text)))
  }

  /// One line of orders for the signed-on player's power.
  pub(crate) fn orders(&mut self, line: &str) {
    let to_list = self.goes_to_list();
    let to_sheet = self.goes_to_sheet();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    let offer = to_sheet && crate::game::payola::reads_as_offer(line);
    if !offer && !reads_as_order(game.map, line) {
      let shown: String = line.trim().chars().take(60).collect();
      self.error(&report::wrap(&format!(
        "'{shown}' is not an order or a command, so it was not read. It does \
         not change your orders."
      )));
      return;
    }
    let problem = match (&game.status, member.role, member.power) {
      (Status::Forming, ..) => Some(format!(
        "Game '{}' has not started yet: orders are taken once the powers are dealt.",
        game.name
      )),
      (Status::Finished(_), ..) => {
        Some(format!("Game '{}' is over: no orders are taken.", game.name))
      }
      (_, Role::Observer, _) => Some("Observers do not give orders.".to_string()),
      (_, Role::Master, _) if seat.phase != game.position.phase => {
        Some("The phase has been processed: these orders came too late for it.".to_string())
      }
      (_, Role::Master, _) if game.is_paused() => {
        Some(format!("Game '{}' is paused: no orders are taken until RESUME.", game.name))
      }
      (_, Role::Master, _) => None,
      (_, Role::Player, None) => Some("You have no power in this game.".to_string()),
      _ if seat.phase != game.position.phase => {
        Some("The phase has been processed: these orders came too late for it.".to_string())
      }
      _ if game.is_paused() => {
        Some(format!("Game '{}' is paused: no orders are taken until RESUME.", game.name))
      }
      _ => None,
    };
    if let Some(problem) = problem {
      self.refused_order_lines += 1;
      self.error(&format!("{problem} Nothing was changed."));
      return;
    }
    // A Payola game's movement orders are offer sheets.
    if to_sheet {
      self.sheet_line(line);
      return;
    }
    // A Crystal Ball game's movement orders are lists.
    if to_list {
      self.list_line(line);
      return;
    }
    if member.role == Role::Master {
      self.master_orders(line);
      return;
    }
    let Some(power) = member.power else { return };
    let had = *seat.had_orders.get_or_insert_with(|| game.has_orders(power));
    if let Some(refusal) = game.late_change_refusal(had, self.ctx.now) {
      self.refused_order_lines += 1;
      self.error(&format!("{refusal} Nothing was changed."));
      return;
    }
    let pieces: Vec<&str> = split_orders(line).collect();
    let several = pieces.len() > 1;
    let mut replies = Vec::new();
    let (mut taken, mut errors) = (0, 0);
    for piece in pieces {
      let prefix = if several { format!("'{piece}': ") } else { String::new() };
      match seat.stored.game.enter_order(power, piece) {
        Ok(accepted) => {
          taken += 1;
          replies.push(accepted_line(&format!("{prefix}Accepted"), &accepted));
        }
        Err(error) => {
          errors += 1;
          replies.push(format!("{prefix}Error: {error}"));
        }
      }
    }
    seat.orders_taken += taken;
    seat.order_errors += errors;
    seat.changed |= taken > 0;
    self.errors += errors;
    self.say(&replies.join("\n"));
  }

  pub(crate) fn set_preference(&mut self, args: &str) {
    let Some(seat) = self.seat_or_error("SET PREFERENCE") else { return };
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    if member.role != Role::Player || game.status != Status::Forming {
      self.error(
        "SET PREFERENCE is for players of a game that has not started yet (powers\n\
         are dealt at the start). Nothing was changed.",
      );
      return;
    }
    let preference = match Preference::parse(game.map, args) {
      Ok(preference) => preference,
      Err(error) => {
        self.error(&format!("{error} Your preference list was not changed."));
        return;
      }
    };
    let shown = preference.show(game.map);
    let note = match (game.settings.assignment, &preference) {
      (Assignment::Random, _) => {
        "\nThis game deals every power at random, so the list is kept but not used."
      }
      (Assignment::List, Preference::Random) => {
        "\nIn this game '*' counts as no list: you get a power once those with lists have theirs."
      }
      _ => "",
    };
    // Void has a power whose initial is `*`: say how to ask for it.
    let star = match (&preference, game.map.power_by_initial('*')) {
      (Preference::Random, Some(power)) => format!(
        "\n'*' alone asks for a random power; write [*] to ask for {}.",
        game.map.power(power).name
      ),
      _ => String::new(),
    };
    // Powers nobody plays (a variant's dummies) are never dealt.
    let unplayed: Vec<&str> = match &preference {
      Preference::Tiers(tiers) => tiers
        .iter()
        .flatten()
        .filter(|&&p| game.map.power(p).dummy)
        .map(|&p| game.map.power(p).name.as_str())
        .collect(),
      _ => Vec::new(),
    };
    let unplayed = match unplayed.as_slice() {
      [] => String::new(),
      [one] => format!("\n{one} is played by nobody in this variant, so it is never dealt."),
      many => format!(
        "\n{} are played by nobody in this variant, so they are never dealt.",
        many.join(", ")
      ),
    };
    let note = format!("{note}{star}{unplayed}");
    let game = &mut seat.stored.game;
    game.members[seat.member].preference = shown.clone();
    seat.changed = true;
    if shown.is_empty() {
      self.say(&format!("Preference list cleared: you will get a power at random.{note}"));
    } else {
      self.say(&format!("Preference list '{shown}' set.{note}"));
    }
    self.tell_masters_preferences();
  }

  /// Masters of a forming game see every preference list when one changes.
  fn tell_masters_preferences(&mut self) {
    let Some(seat) = &self.seat else { return };
    let game = &seat.stored.game;
    if !game.has_master() {
      return;
    }
    let mut text =
      format!("Player {} changed preference list.\n\nPreference lists are now:\n", self.reply_to);
    for member in game.players() {
      let list = if member.preference.is_empty() { "(none)" } else { member.preference.as_str() };
      text.push_str(&format!("{} has set '{list}'.\n", member.address));
    }
    let mail =
      announce::to_masters(self.ctx.config, game, "Preference Change", &text, self.ctx.now);
    self.others.extend(mail);
  }

  pub(crate) fn set_wait(&mut self, wait: bool) {
    // Inside a PHASE block it is kept for that phase.
    if self.future_wait(wait) {
      return;
    }
    let command = if wait { "SET WAIT" } else { "SET NO WAIT" };
    let tz = self.ctx.tz();
    let Some(seat) = self.seat_or_error(command) else { return };
    let game = &seat.stored.game;
    if let Err(refusal) = game.may_wait(seat.member, wait) {
      self.error(&format!("{refusal} Nothing was changed."));
      return;
    }
    let deadline = game.timing.deadline.map(|d| crate::game::deadline::show(d, tz));
    seat.stored.game.members[seat.member].wait = wait;
    seat.changed = true;
    if wait {
      let until = deadline.unwrap_or_else(|| "the deadline".to_string());
      self.say(&format!(
        "Wait set: this phase will not be processed before its deadline,\n{until},\n\
         unless you send SET NO WAIT. The wait ends when the phase is processed."
      ));
    } else {
      self.say("Wait cleared: the phase may be processed as soon as all orders are in.");
    }
  }

  pub(crate) fn set_address(&mut self, args: &str) -> Result<(), crate::store::StoreError> {
    let reply_to = self.reply_to.clone();
    let (judge, root) = (self.ctx.config.judge_address.trim(), self.ctx.data_root);
    let Some(seat) = self.seat_or_error("SET ADDRESS") else { return Ok(()) };
    let wanted: Vec<&str> =
      if args.trim().is_empty() { vec![reply_to.as_str()] } else { args.split(',').collect() };
    let mut addresses = Vec::new();
    for text in wanted {
      match plausible_address(text) {
        Some(address) => addresses.push(address),
        None => {
          let shown: String = text.trim().chars().take(60).collect();
          self.error(&format!(
            "'{shown}' is not an e-mail address: write SET ADDRESS name@example.org\n\
             (several separated by commas, no spaces). Nothing was changed."
          ));
          return Ok(());
        }
      }
    }
    // The game's mail must not go to the judge itself or to a machine that
    // answers it (another judge, a vacation responder): a mail loop.
    if let Some(address) = addresses.iter().find(|a| a.eq_ignore_ascii_case(judge)) {
      self.error(&report::wrap(&format!(
        "SET ADDRESS {address} names this judge's own address: the judge would \
         be mailing itself, in a loop. Give an address you read, for example \
         SET ADDRESS name@example.org. Nothing was changed."
      )));
      return Ok(());
    }
    if let Some(address) = addresses.iter().find(|a| crate::store::automatic::is_automatic(root, a))
    {
      self.error(&report::wrap(&format!(
        "SET ADDRESS {address} was refused: mail from that address came in \
         marked as sent automatically (by another judge or an automatic \
         responder), and two machines can answer each other for ever. Give an \
         address a person reads. If the address is yours and its automatic \
         replies are now off, send any message from it, then try again. \
         Nothing was changed."
      )));
      return Ok(());
    }
    let address = addresses.join(",");
    let game = &mut seat.stored.game;
    if game.members[seat.member].address.eq_ignore_ascii_case(&address) {
      // Nothing changes, so nobody is told.
      let name = game.name.clone();
      self.say(&format!("Mail for game '{name}' already goes to {address}; nothing was changed."));
      return Ok(());
    }
    game.members[seat.member].address = address.clone();
    seat.changed = true;
    seat.copy_to.clear();
    let member = &game.members[seat.member];
    let announce_it = !game.players_unnamed() && member.role == Role::Player;
    let who = match member.power {
      Some(power) => game.power_name(power).to_string(),
      None => "A player".to_string(),
    };
    let name = game.name.clone();
    self.say(&format!("Mail for game '{name}' now goes to {address}."));
    if announce_it {
      self.announce(
        "Address Change",
        &format!("{who} in game '{name}' has a new address: {address}.\n"),
        None,
        false,
      );
    }
    Ok(())
  }

  pub(crate) fn set_password(&mut self, args: &str) {
    let Some(seat) = self.seat_or_error("SET PASSWORD") else { return };
    match password::hash(args.trim()) {
      Ok(hash) => {
        seat.stored.game.members[seat.member].password = hash;
        seat.changed = true;
        let name = seat.stored.game.name.clone();
        self.say(&format!("Your password for game '{name}' has been changed."));
      }
      Err(error) => self.error(&format!("{error} Your password was not changed.")),
    }
  }

  pub(crate) fn resign(&mut self) {
    let lines_after = self.lines_after;
    let Some(seat) = self.seat_or_error("RESIGN") else { return };
    let game = &seat.stored.game;
    // The message's own rule first; then the game's.
    let problem = if lines_after > 0 {
      Some("RESIGN must be the last command of a message (manual §7.1); send anything\nelse before it.".to_string())
    } else {
      game.may_resign(seat.member).err().map(|refusal| refusal.to_string())
    };
    if let Some(problem) = problem {
      self.error(&format!("{problem} You have not resigned."));
      return;
    }
    let name = game.name.clone();
    let shown = self.shown_sender();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let member = &mut game.members[seat.member];
    seat.changed = true;
    match (member.role, member.power) {
      (Role::Player, Some(power)) => {
        game.abandon_seat(seat.member);
        let power_name = game.power_name(power).to_string();
        let initial = game.map.power(power).initial;
        self.say(&format!(
          "You have resigned from game '{name}'. {power_name} is abandoned and may be\n\
           taken over by a new player."
        ));
        self.notice(
          &format!("Resignation: {power_name}"),
          &format!(
            "{shown} has resigned as {power_name} in game '{name}'.\n\
             {power_name} is abandoned: a registered player who is not in the game may\n\
             take it over with SIGN ON {initial}{name} password.\n"
          ),
        );
      }
      (Role::Player, None) => {
        seat.leaving = true;
        let count = game.players().count() - 1;
        self.say(&format!("You have withdrawn from game '{name}', which has not started."));
        self.notice(
          "Resignation",
          &format!(
            "{shown} has withdrawn from game '{name}', which now has {count} player{}.\n",
            if count == 1 { "" } else { "s" }
          ),
        );
      }
      _ => {
        seat.leaving = true;
        self.say(&format!("You are no longer an observer of game '{name}'."));
      }
    }
  }

  /// Processes the signed-on game's phase and mails the results (`forced`:
  /// on the Master's PROCESS, whether or not the orders are in).
  pub(crate) fn process_game(&mut self, forced: bool) {
    let now = self.ctx.now;
    let config = self.ctx.config;
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let phase = report::phase_words(game.map, game.position.phase);
    let all_in = game.all_in();
    let announcement = announce::process(config, game, now);
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    seat.changed = true;
    self.others.extend(announcement.mail);
    let why = if all_in || !forced {
      "All orders are in, so"
    } else {
      "On the Master's PROCESS (not all orders were in),"
    };
    self.say(&format!(
      "{why} {phase} has been processed:\nthe results are on their way in a separate message."
    ));
  }
}
