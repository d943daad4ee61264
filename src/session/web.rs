//! The web face's way in (`judge serve`). A seat signs in with its power
//! and password through the very SIGN ON of the mail (same checks, same
//! wrong-password brake), and a signed-in seat's form is carried out as
//! the lines of a message from that seat, after a SIGN ON the sign-in
//! stands for. So there is no rule here: only which seat, and the reply.

use serde::{Deserialize, Serialize};

use super::{game_name, join, Context, Outcome, Session};
use crate::command;
use crate::game::join::PowerSeat;
use crate::game::{Game, Role};
use crate::mail::inbound::Inbound;
use crate::store::StoreError;

/// The seat a web sign-in holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRef {
  pub game: String,
  /// The power's initial, or `M` for the Master.
  pub letter: char,
  /// A digest of the seat's password hash when it signed in: a new
  /// password (SET PASSWORD, or a new player taking the power over) ends
  /// every sign-in made with the old one.
  pub key: String,
}

impl SeatRef {
  /// The member of `game` holding this seat, while it is still theirs.
  pub fn member(&self, game: &Game) -> Option<usize> {
    member_of(game, self.letter, &self.key)
  }
}

/// What the web asks of a session.
pub enum WebEntry<'a> {
  /// Signing in: `seat` is a power's initial or name, or `master`.
  SignIn { game: &'a str, seat: &'a str, password: &'a str },
  /// A signed-in seat's lines (orders, SET WAIT, any command a message
  /// from the seat could hold after its SIGN ON).
  Seated { seat: &'a SeatRef, lines: &'a str },
}

/// What a web request led to.
#[derive(Debug)]
pub struct WebOutcome {
  pub outcome: Outcome,
  /// The seat signed in (sign-in) or still signed in (seated).
  pub seat: Option<SeatRef>,
  /// The judge's reply, as it would be mailed.
  pub reply: String,
}

/// The subject a receipt of web orders answers.
const WEB_SUBJECT: &str = "Orders entered on the web";

/// Carries out what the web asks, as the mail would.
pub fn run_web(ctx: &Context<'_>, entry: WebEntry<'_>) -> Result<WebOutcome, StoreError> {
  let mut session = Session::new(ctx, "");
  session.web = true;
  let seat = match entry {
    WebEntry::SignIn { game, seat, password } => session.web_sign_in(game, seat, password)?,
    WebEntry::Seated { seat, lines } => {
      let still = session.web_seated(seat)?;
      if still.is_some() {
        session.carry_out(&command::parse_body(lines))?;
      }
      still
    }
  };
  if session.replayed {
    let outcome = Outcome { replayed: true, ..Outcome::default() };
    return Ok(WebOutcome { outcome, seat, reply: String::new() });
  }
  session.conclude()?;
  let inbound = Inbound {
    message_id: None,
    from: None,
    reply_to: None,
    subject: WEB_SUBJECT.to_string(),
    references: Vec::new(),
    body: String::new(),
    noise: None,
  };
  let outcome = session.finish(&inbound);
  let reply = outcome.mail.first().map(|m| m.body.clone()).unwrap_or_default();
  Ok(WebOutcome { outcome, seat, reply })
}

/// The digest a sign-in keeps of a seat's password hash.
fn password_key(hash: &str) -> String {
  crate::digest::short(hash)
}

/// The letter SIGN ON takes for `seat` (an initial, a power's name, or
/// `master`) in `game`, if it names one.
fn seat_letter(game: &Game, seat: &str) -> Option<char> {
  let seat = seat.trim();
  if seat.eq_ignore_ascii_case("master") || seat.eq_ignore_ascii_case("m") {
    return Some('M');
  }
  game.map.power_by_word(seat).map(|power| game.map.power(power).initial.to_ascii_uppercase())
}

/// The member a letter and password digest name, if the seat is still
/// theirs.
fn member_of(game: &Game, letter: char, key: &str) -> Option<usize> {
  let holds = |index: &usize| password_key(&game.members[*index].password) == key;
  if letter == 'M' {
    return (0..game.members.len()).filter(|&i| game.members[i].role == Role::Master).find(holds);
  }
  match game.power_seat(letter) {
    Ok(Some(PowerSeat::Played(index))) => Some(index).filter(holds),
    _ => None,
  }
}

impl Session<'_> {
  /// Signs a seat in by the mail's own SIGN ON; the seat when it worked.
  fn web_sign_in(
    &mut self,
    name: &str,
    seat: &str,
    password: &str,
  ) -> Result<Option<SeatRef>, StoreError> {
    self.joined = true;
    let game = match game_name(name) {
      Some(name) => self.ctx.games.load(&name)?.map(|stored| stored.game),
      None => None,
    };
    let letter = game.as_ref().and_then(|game| seat_letter(game, seat));
    // An observer signs on by mail, from the address they observe with.
    let (Some(game), Some(letter)) = (game, letter.filter(|&l| l != 'O')) else {
      self.error(join::REFUSED);
      return Ok(None);
    };
    // The reply is the seat's, as if it had come from its address.
    let index = match letter {
      'M' => game.members.iter().position(|m| m.role == Role::Master),
      letter => game.power_seat(letter).ok().flatten().map(|seat| match seat {
        PowerSeat::Played(index) | PowerSeat::Abandoned(index) => index,
      }),
    };
    if let Some(address) = index.and_then(|i| game.members[i].addresses().next()) {
      self.reply_to = address.to_string();
    }
    self.sign_on_as(letter, &game.name, Some(password))?;
    Ok(self.seat_ref(letter))
  }

  /// Seats a signed-in seat for its lines, or says its sign-in ended.
  fn web_seated(&mut self, seat: &SeatRef) -> Result<Option<SeatRef>, StoreError> {
    self.joined = true;
    let Some((lock, stored)) = self.open_game(&seat.game)? else {
      if self.missing {
        self.error(&format!("There is no game called '{}' on this judge any more.", seat.game));
      }
      return Ok(None);
    };
    let Some(index) = seat.member(&stored.game) else {
      self.error(
        "Your web sign-in to this seat has ended: its password was changed, or it\n\
         has another player now. Nothing was done; sign in again.",
      );
      return Ok(None);
    };
    if let Some(address) = stored.game.members[index].addresses().next() {
      self.reply_to = address.to_string();
    }
    self.signed_on(lock, stored, index);
    Ok(self.seat_ref(seat.letter))
  }

  /// The seat this session is signed on to, as a sign-in holds it; the
  /// reply is then the seat's own (no copy "to the address of record").
  fn seat_ref(&mut self, letter: char) -> Option<SeatRef> {
    let seat = self.seat.as_mut()?;
    let member = seat.stored.game.members.get(seat.member)?;
    if let Some(address) = member.addresses().next() {
      self.reply_to = address.to_string();
    }
    seat.copy_to.clear();
    Some(SeatRef {
      game: seat.stored.game.name.clone(),
      letter,
      key: password_key(&member.password),
    })
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_password_key_changes_with_the_hash() {
    assert_eq!(password_key("$argon2id$a"), password_key("$argon2id$a"));
    assert_ne!(password_key("$argon2id$a"), password_key("$argon2id$b"));
    assert_eq!(password_key("x").len(), 32);
  }
}
