//! Getting into a game (manual §4, §5.1, §8.1): which variant and options
//! a sign-on must name, whether a game takes a new player or has an
//! abandoned power to take over, and what joining changes in the game. A
//! refusal is a type whose text is the sentence the newcomer is told, so a
//! message and the web refuse alike; the password, the throttle and the
//! registration are the caller's.

use crate::map::Map;

use super::report::{capitalised, wrap};
use super::{Game, GameOption, Member, Role, Status};

/// A variant and the options on it, as CREATE and SIGN ON ?name name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignOnVariant {
  /// The map's storage key (`standard`).
  pub map: String,
  /// The options named, in [`GameOption::ALL`] order.
  pub options: Vec<GameOption>,
}

impl SignOnVariant {
  /// The variant `map` with `options` (in any order, each counted once).
  pub fn new(map: &str, options: &[GameOption]) -> SignOnVariant {
    let options = GameOption::ALL.into_iter().filter(|o| options.contains(o)).collect();
    SignOnVariant { map: map.to_string(), options }
  }

  /// What a SIGN ON to the game must say: its map, Gunboat if it is, and
  /// the options named when it was created or by SET VARIANT.
  pub fn of(game: &Game) -> SignOnVariant {
    SignOnVariant {
      map: game.map.storage_key().to_string(),
      options: game.settings.sign_on_options(),
    }
  }

  /// Why one of the options cannot be played on the map, if one cannot.
  pub fn misfit(&self) -> Option<String> {
    let map = Map::builtin(&self.map).ok()?;
    self.options.iter().find_map(|o| o.not_for(map))
  }

  /// Whether the variant is played gunboat.
  pub fn gunboat(&self) -> bool {
    self.options.contains(&GameOption::Gunboat)
  }

  /// The option words, lower case, leaving out Gunboat (the games index
  /// keeps that apart).
  pub fn named(&self) -> Vec<String> {
    self
      .options
      .iter()
      .filter(|&&o| o != GameOption::Gunboat)
      .map(|o| o.word().to_ascii_lowercase())
      .collect()
  }

  /// ` Gunboat Summer`: the option words as a sign-on spells them.
  fn option_words(&self) -> String {
    self.options.iter().map(|o| format!(" {}", o.word())).collect()
  }

  /// What a SIGN ON ?name writes after the password: the variant unless
  /// it is the standard game, then the options (` Chaos Gunboat`).
  pub fn sign_on_words(&self) -> String {
    if self.map == "standard" {
      self.option_words()
    } else {
      format!(" {}", self.words())
    }
  }

  /// `Standard Gunboat`, as a sign-on would spell it.
  pub fn words(&self) -> String {
    format!("{}{}", variant_word(&self.map), self.option_words())
  }
}

/// The variant `key` as one word a SIGN ON may use: its display name with
/// `_` for blanks (`Fleet_Rome`), or the key for a map not built in.
pub fn variant_word(key: &str) -> String {
  match Map::variant_info(key) {
    Some(info) => info.display.replace(' ', "_"),
    None => capitalised(key),
  }
}

/// Why the variant `key` cannot be played on this judge yet, if it cannot.
pub fn unplayable(key: &str) -> Option<String> {
  let map = Map::builtin(key).ok()?;
  let missing = map.unplayable_features();
  if missing.is_empty() {
    return None;
  }
  let mut text =
    format!("The {} variant cannot be played on this judge yet: it needs ", map.name());
  text.push_str(&missing.join(", "));
  text.push('.');
  Some(wrap(&text))
}

/// Why nobody new can SIGN ON ?name to a game (manual §4); each reads as
/// the sentence the newcomer is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinRefusal {
  #[error("Game '{game}' is over; nobody can join it.")]
  Over { game: String },
  #[error("Game '{game}' has started and has no abandoned power to take over.")]
  NoAbandonedPower { game: String },
  #[error(
    "Game '{game}' is a {} game. To sign on to it, write:\n\
     SIGN ON ?{game} password{}",
    variant.words(),
    variant.sign_on_words()
  )]
  OtherVariant { game: String, variant: SignOnVariant },
  #[error("Game '{game}' already has all its players.")]
  Full { game: String },
}

/// What SIGN ON ?name can do in a game that takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
  /// The game is forming: a newcomer joins it as a player.
  Forming,
  /// The game is under way: a newcomer takes over member `index`'s
  /// abandoned power.
  TakeOver(usize),
}

/// A player who has joined a forming game, and what the game now says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joined {
  /// The new member's index.
  pub index: usize,
  /// How many players the game has now.
  pub count: usize,
  /// How many more it needs.
  pub missing: u32,
  /// SET SECRET: the number of players is not told (manual §9.1).
  pub secret: bool,
  /// MANUAL START: a full game waits for its Master to start it.
  pub manual_start: bool,
}

impl Game {
  /// What SIGN ON ?name may do in this game: join it while it forms, take
  /// over an abandoned power once it is under way; nothing once it is over.
  pub fn opening(&self) -> Result<Opening, JoinRefusal> {
    match self.status {
      Status::Finished(_) => Err(JoinRefusal::Over { game: self.name.clone() }),
      Status::Active => match self.abandoned_power() {
        Some(index) => Ok(Opening::TakeOver(index)),
        None => Err(JoinRefusal::NoAbandonedPower { game: self.name.clone() }),
      },
      Status::Forming => Ok(Opening::Forming),
    }
  }

  /// The first member whose power is abandoned and still in the game.
  pub fn abandoned_power(&self) -> Option<usize> {
    self.members.iter().position(|m| m.abandoned && m.power.is_some_and(|p| !self.is_eliminated(p)))
  }

  /// Whether a sign-on naming `wanted` is one to this forming game: the
  /// same variant and options it was created or set with.
  pub fn may_join_as(&self, wanted: &SignOnVariant) -> Result<(), JoinRefusal> {
    let actual = SignOnVariant::of(self);
    if *wanted == actual {
      Ok(())
    } else {
      Err(JoinRefusal::OtherVariant { game: self.name.clone(), variant: actual })
    }
  }

  /// Adds `member` to the forming game as a player, unless it has all its
  /// players already.
  pub fn join_forming(&mut self, mut member: Member) -> Result<Joined, JoinRefusal> {
    if self.players_missing() == 0 {
      return Err(JoinRefusal::Full { game: self.name.clone() });
    }
    member.role = Role::Player;
    self.members.push(member);
    Ok(Joined {
      index: self.members.len() - 1,
      count: self.players().count(),
      missing: self.players_missing(),
      secret: self.settings.variant.secret,
      manual_start: self.settings.manual_start,
    })
  }
}
