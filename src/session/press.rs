//! Press by mail (manual §7.4): PRESS and BROADCAST, POSTAL PRESS, DIARY,
//! and the press settings of §8.5 (SET WHITE, GREY, PARTIAL, FAKE, …) and
//! each member's own (SET [NO] BROADCAST, ALL PRESS).

use super::Session;
use crate::command::Invocation;
use crate::game::press::{self, Colors, ObserverPress};
use crate::game::{deadline, DiaryEntry, PostalPress, Role};

impl Session<'_> {
  /// PRESS or BROADCAST with its text.
  pub(crate) fn press(&mut self, invocation: &Invocation, broadcast: bool) {
    self.note_press_in_phase_block();
    let command = if broadcast { "BROADCAST" } else { "PRESS" };
    if self.seat_or_error(command).is_none() {
      return;
    }
    let ctx = self.ctx;
    let address = self.reply_to.clone();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &seat.stored.game;
    let text = invocation.block.join("\n");
    let planned = press::parse_options(&invocation.args, game).and_then(|options| {
      press::plan(&press::Request {
        game,
        sender: seat.member,
        address: &address,
        options: &options,
        broadcast,
        blank: text.trim().is_empty(),
        now: ctx.now,
      })
    });
    let plan = match planned {
      Ok(plan) => plan,
      Err(problem) => {
        self.error(&format!("{problem}\nNo message was sent."));
        return;
      }
    };
    let announcement = crate::announce::press(ctx.config, game, &plan, &text, ctx.now);
    // TOUCH PRESS counts a player's broadcasts: one a phase.
    if game.settings.press.touch && plan.broadcast {
      let phase = game.position.phase.to_string();
      seat.stored.game.members[seat.member].touch_broadcast = Some(phase);
    }
    seat.history.extend(announcement.history);
    // The message goes out with the game's commit, so a redelivery of this
    // mail cannot send it twice.
    seat.changed = true;
    self.others.extend(announcement.mail);
    for note in &plan.notes {
      self.say(note);
    }
    self.say(&format!("{}\n{}", plan.sent, plan.heading));
    if !invocation.closed {
      self.say("(No ENDPRESS line ended the message: it ran to the end of your mail.)");
    }
  }

  /// POSTAL PRESS: a broadcast kept until the phase is processed.
  pub(crate) fn postal_press(&mut self, invocation: &Invocation) {
    self.note_press_in_phase_block();
    if self.seat_or_error("POSTAL PRESS").is_none() {
      return;
    }
    let address = self.reply_to.clone();
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    let master = member.role == Role::Master;
    let text = invocation.block.join("\n");
    let settings = &game.settings.press;
    if let Some(problem) = press::postal_refusal(game, seat.member, &text, self.ctx.now) {
      self.error(&format!("{problem}\nNothing was kept."));
      return;
    }
    let as_what = match (member.role, member.power) {
      (Role::Master, _) => "Master".to_string(),
      (Role::Observer, _) => "Observer".to_string(),
      (Role::Player, Some(p)) => game.power_name(p).to_string(),
      (Role::Player, None) => "Player".to_string(),
    };
    let grey = !master
      && (matches!(settings.colors, Colors::Grey | Colors::GreyWhite)
        && !(member.role == Role::Observer && settings.observers == ObserverPress::White));
    let heading = if grey {
      "Postal press:".to_string()
    } else if game.players_unnamed() && !master {
      format!("Postal press from {as_what}:")
    } else {
      format!("Postal press from {address} as {as_what}:")
    };
    let phase = game.position.phase;
    seat.stored.game.postal.push(PostalPress { heading, text });
    seat.changed = true;
    self.say(&format!(
      "Your postal press is kept, and goes to everyone with the results of {phase}."
    ));
  }

  /// DIARY / DIARY RECORD: a new numbered entry.
  pub(crate) fn diary_record(&mut self, invocation: &Invocation) {
    let now = self.ctx.now;
    let Some(seat) = self.seat_or_error("DIARY") else { return };
    if seat.stored.game.is_finished() {
      self.error("The game is over, and its diaries have been sent out. Nothing was kept.");
      return;
    }
    let member = &mut seat.stored.game.members[seat.member];
    let number = member.diary_next.max(1);
    member.diary_next = number + 1;
    member.diary.push(DiaryEntry { number, time: now, text: invocation.block.join("\n") });
    seat.changed = true;
    self.say(&format!(
      "Diary entry {number} is kept. Your diary is sent to everyone in the game when it ends."
    ));
  }

  /// DIARY LIST: the sender's entries.
  pub(crate) fn diary_list(&mut self) {
    let tz = self.ctx.tz();
    let Some(seat) = self.seat_or_error("DIARY LIST") else { return };
    let diary = &seat.stored.game.members[seat.member].diary;
    if diary.is_empty() {
      self.say("Your diary has no entries.");
      return;
    }
    let mut text = String::from("Your diary entries:\n");
    for entry in diary {
      text.push_str(&format!("  {:>3}  {}\n", entry.number, deadline::show(entry.time, tz)));
    }
    self.say(&text);
  }

  /// DIARY READ n: one entry.
  pub(crate) fn diary_read(&mut self, args: &str) {
    let tz = self.ctx.tz();
    let Some(seat) = self.seat_or_error("DIARY READ") else { return };
    let diary = &seat.stored.game.members[seat.member].diary;
    match diary_number(args).and_then(|n| diary.iter().find(|e| e.number == n).ok_or(n)) {
      Ok(entry) => {
        let text = format!(
          "Diary entry {} ({}):\n{}",
          entry.number,
          deadline::show(entry.time, tz),
          entry.text
        );
        self.say(&text);
      }
      Err(n) => self.diary_missing("DIARY READ", args, n),
    }
  }

  /// DIARY DELETE n: removes an entry (its number is not used again).
  /// DIARY DELETE n [n …]: deletes each entry named (several on one line,
  /// `DIARY DELETE 1 3`).
  pub(crate) fn diary_delete(&mut self, args: &str) {
    if self.seat_or_error("DIARY DELETE").is_none() {
      return;
    }
    let words: Vec<&str> = args.split([' ', ',', '\t']).filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
      self.diary_missing("DIARY DELETE", args, 0);
      return;
    }
    for word in words {
      let Some(seat) = self.seat.as_mut() else { return };
      let diary = &mut seat.stored.game.members[seat.member].diary;
      match diary_number(word).and_then(|n| diary.iter().position(|e| e.number == n).ok_or(n)) {
        Ok(index) => {
          let entry = diary.remove(index);
          seat.changed = true;
          self.say(&format!("Diary entry {} is deleted.", entry.number));
        }
        Err(n) => self.diary_missing("DIARY DELETE", word, n),
      }
    }
  }

  fn diary_missing(&mut self, command: &str, args: &str, n: u32) {
    if n == 0 {
      self.error(&format!(
        "{command} needs the number of an entry (DIARY LIST shows them), not '{}'.",
        args.trim()
      ));
    } else {
      self.error(&format!("Your diary has no entry {n}; DIARY LIST shows the ones it has."));
    }
  }

  /// SET OBSERVER ANY | NO | WHITE (SET NO OBSERVER is SET OBSERVER NO).
  pub(crate) fn set_observer(&mut self, args: &str) {
    let word = args.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
    let observers = match word.as_str() {
      "ANY" => ObserverPress::Any,
      "NO" | "NONE" => ObserverPress::None,
      "WHITE" => ObserverPress::White,
      _ => {
        self.error(&format!(
          "SET OBSERVER needs ANY, NO or WHITE, not '{}'. Nothing was changed.",
          args.trim()
        ));
        return;
      }
    };
    if !self.may_moderate("SET OBSERVER", false) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.press.observers = observers;
    }
    let meaning = match observers {
      ObserverPress::Any => "observers may send press as players do",
      ObserverPress::White => "observers may send white press only",
      ObserverPress::None => "observers may send press only to the Master",
    };
    self.parameter_change(meaning);
  }

  /// SET [NO] BROADCAST: whether broadcasts reach the sender.
  pub(crate) fn set_broadcast(&mut self, on: bool) {
    let command = if on { "SET BROADCAST" } else { "SET NO BROADCAST" };
    let Some(seat) = self.seat_or_error(command) else { return };
    let name = seat.stored.game.name.clone();
    seat.stored.game.members[seat.member].no_broadcast = !on;
    seat.changed = true;
    if on {
      self.say(&format!("You will receive the broadcasts of game '{name}'."));
    } else {
      self.say(&format!(
        "You will no longer receive the broadcasts of game '{name}' (you can still send\n\
         them). SET BROADCAST brings them back."
      ));
    }
  }

  /// SET ALL PRESS / NORMAL PRESS: copies of all partial press, for a
  /// Master (or an observer, where SET WATCH ALL PRESS allows it).
  pub(crate) fn set_all_press(&mut self, on: bool) {
    let command = if on { "SET ALL PRESS" } else { "SET NORMAL PRESS" };
    let Some(seat) = self.seat_or_error(command) else { return };
    let game = &seat.stored.game;
    let member = &game.members[seat.member];
    let allowed = match member.role {
      Role::Master => seat.became.is_none(),
      Role::Observer => game.settings.press.watch_all,
      Role::Player => false,
    };
    if !allowed {
      self.error(&format!(
        "{command} is for the Master (and for observers where the Master has set WATCH\n\
         ALL PRESS). Nothing was changed."
      ));
      return;
    }
    let name = game.name.clone();
    seat.stored.game.members[seat.member].all_press = on;
    seat.changed = true;
    if on {
      self.say(&format!(
        "Copies of all press between the others in game '{name}' will be sent to you."
      ));
    } else {
      self.say(&format!("You will receive only the press of game '{name}' sent to you."));
    }
  }
}

/// The entry number of DIARY READ/DELETE; `Err(0)` when it is not one.
fn diary_number(args: &str) -> Result<u32, u32> {
  match args.trim().parse::<u32>() {
    Ok(n) if n > 0 => Ok(n),
    _ => Err(0),
  }
}
