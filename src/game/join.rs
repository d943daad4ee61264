//! Getting into a game (manual §4, §5.1, §8.1): which variant and options
//! a sign-on must name, whether a game takes a new player or has an
//! abandoned power to take over, and what joining changes in the game. A
//! refusal is a type whose text is the sentence the newcomer is told, so a
//! message and the web refuse alike; the password, the throttle and the
//! registration are the caller's.

use crate::zone::Tz;
use chrono::{DateTime, Utc};

use crate::map::{Map, PowerId};

use super::deadline::DeadlineRule;
use super::report::{capitalised, wrap};
use super::{Game, GameOption, Member, Role, Settings, Status, Tenure};

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
    let mut settings = super::Settings::default();
    for option in &self.options {
      option.set(&mut settings, true);
    }
    self
      .options
      .iter()
      .find_map(|o| o.not_for(map))
      .or_else(|| super::xtal::start_misfit(map, &settings).map(String::from))
      .or_else(|| super::viewer::misfit(&settings).map(String::from))
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
  unplayable_refusal(key).map(|refusal| refusal.to_string())
}

fn unplayable_refusal(key: &str) -> Option<VariantRefusal> {
  let map = Map::builtin(key).ok()?;
  let missing = map.unplayable_features();
  if missing.is_empty() {
    return None;
  }
  Some(VariantRefusal::Unplayable { variant: map.name().to_string(), missing })
}

/// Why a game of a variant cannot be made (CREATE); each reads as the
/// sentence the sender is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantRefusal {
  /// The variant needs what this judge cannot play yet.
  #[error(
    "{}",
    wrap(&format!(
      "The {variant} variant cannot be played on this judge yet: it needs {}.",
      missing.join(", ")
    ))
  )]
  Unplayable { variant: String, missing: Vec<String> },
  /// One of the options does not apply to the variant's map.
  #[error("{reason}")]
  Misfit { reason: String },
  /// The variant's map cannot be loaded, so no game is made.
  #[error("The {map} map cannot be loaded; the game was not created.")]
  NoMap { map: String },
}

impl SignOnVariant {
  /// Whether a game of this variant can be played on this judge: its map
  /// needs nothing the judge lacks, and every option applies to it.
  pub fn playable(&self) -> Result<(), VariantRefusal> {
    if let Some(refusal) = unplayable_refusal(&self.map) {
      return Err(refusal);
    }
    match self.misfit() {
      Some(reason) => Err(VariantRefusal::Misfit { reason }),
      None => Ok(()),
    }
  }
}

impl Game {
  /// A new game `name` of `variant`, forming, with the `deadlines` of its
  /// movement, retreat and adjustment phases, made at `now` by `first`,
  /// its first player.
  pub fn created(
    name: &str,
    variant: &SignOnVariant,
    deadlines: [DeadlineRule; 3],
    now: DateTime<Utc>,
    mut first: Member,
  ) -> Result<Game, VariantRefusal> {
    let Ok(map) = Map::builtin(&variant.map) else {
      return Err(VariantRefusal::NoMap { map: variant.map.clone() });
    };
    let mut settings = Settings::new(map, deadlines);
    for &option in &variant.options {
      option.name_in(&mut settings);
    }
    let mut game = Game::new(name, map, settings, now);
    first.role = Role::Player;
    game.members.push(first);
    Ok(game)
  }
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

/// Why a newcomer may not take over an abandoned power (manual §5.1);
/// each reads as the sentence they are told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TakeOverRefusal {
  #[error("{power} is out of game '{game}', so it cannot be taken over.")]
  Eliminated { power: String, game: String },
  #[error(
    "You already play a power in game '{game}', so you cannot also take over\n\
     {power}."
  )]
  PlaysAnother { power: String, game: String },
}

/// A power taken over (or taken back by its owner), as the game now has
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakenOver {
  /// The member who plays the power now (members before it who were
  /// observing as the newcomer are gone).
  pub index: usize,
  pub power: PowerId,
  /// The seat's own owner took it back, rather than a newcomer.
  pub returning: bool,
  /// The power was in civil disorder, and no longer is.
  pub was_cd: bool,
}

/// Why a SIGN ON with a power's initial cannot name a seat; reads as the
/// sentence the sender is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatRefusal {
  #[error(
    "Game '{game}' has not started, so no powers are dealt yet. Sign on to it\n\
     with SIGN ON ?{game} password."
  )]
  NotDealt { game: String },
}

/// The seat a SIGN ON with a power's initial names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerSeat {
  /// Member `index` plays the power: its password decides.
  Played(usize),
  /// Member `index` abandoned the power: a sign-on takes it over.
  Abandoned(usize),
}

impl Game {
  /// The seat of the power whose initial is `letter`: its player, or its
  /// abandoned seat. `Ok(None)` when there is no such seat to sign on to,
  /// which the sender is not told more about.
  pub fn power_seat(&self, letter: char) -> Result<Option<PowerSeat>, SeatRefusal> {
    let power = self.map.power_by_initial(letter);
    match power.and_then(|p| self.player_index(p)) {
      Some(index) if self.members[index].abandoned => Ok(Some(PowerSeat::Abandoned(index))),
      Some(index) => Ok(Some(PowerSeat::Played(index))),
      None if self.status == Status::Forming && power.is_some() => {
        Err(SeatRefusal::NotDealt { game: self.name.clone() })
      }
      None => Ok(None),
    }
  }

  /// Whether the sender at `address` may take over the abandoned power of
  /// member `index`: the power must still be in the game, and the sender
  /// must not play another power in it.
  pub fn may_take_over(&self, index: usize, address: &str) -> Result<(), TakeOverRefusal> {
    let Some(power) = self.members.get(index).and_then(|m| m.power) else { return Ok(()) };
    let power_name = || self.power_name(power).to_string();
    if self.is_eliminated(power) {
      return Err(TakeOverRefusal::Eliminated { power: power_name(), game: self.name.clone() });
    }
    let plays_other =
      self.members.iter().enumerate().any(|(i, m)| {
        i != index && m.role == Role::Player && !m.abandoned && m.has_address(address)
      });
    if plays_other {
      return Err(TakeOverRefusal::PlaysAnother { power: power_name(), game: self.name.clone() });
    }
    Ok(())
  }

  /// Whether registered user `user` is the owner of member `index`'s seat,
  /// who may always take it back (manual §5.1: a valid sign-on clears civil
  /// disorder); the admission rules (§5.2, §8.4) are for newcomers.
  pub fn owns_seat(&self, index: usize, user: u32) -> bool {
    self.members.get(index).is_some_and(|m| m.user == Some(user))
  }

  /// The sender at `address` (registered user `user`, with the hashed
  /// `password`) takes over the abandoned power of member `index`, or its
  /// owner takes it back. A newcomer who was observing the game now plays
  /// in it instead, and gets a wait, time to read the game; the tenure of
  /// the power's last player ends, and the new one's begins; the power
  /// leaves civil disorder; a deadline already past is set afresh. `None`
  /// when member `index` has no power.
  pub fn take_over(
    &mut self,
    index: usize,
    address: &str,
    user: u32,
    password: String,
    now: DateTime<Utc>,
    tz: Tz,
  ) -> Option<TakenOver> {
    let power = self.members.get(index)?.power?;
    let returning = self.owns_seat(index, user);
    let phase = self.position.phase.to_string();
    let observing: Vec<usize> = (0..self.members.len())
      .filter(|&i| self.members[i].role == Role::Observer && self.members[i].has_address(address))
      .collect();
    let index = index - observing.iter().filter(|&&i| i < index).count();
    for &i in observing.iter().rev() {
      self.members.remove(i);
    }
    let member = &mut self.members[index];
    member.address = address.to_string();
    member.password = password;
    member.user = Some(user);
    member.abandoned = false;
    // A newcomer gets time to read the game; the owner knows it.
    member.wait = !returning;
    self.end_tenure(power);
    self.record.tenures.push(Tenure {
      power,
      address: address.to_string(),
      from: phase,
      until: None,
    });
    let member = &mut self.members[index];
    let was_cd = std::mem::take(&mut member.cd);
    member.late = false;
    if !returning {
      member.late_count = 0;
    }
    self.fresh_deadline(now, tz);
    Some(TakenOver { index, power, returning, was_cd })
  }

  /// The observer the sender is: one writing from an address of theirs,
  /// or signed on as registered user `user`. Another person who happens
  /// to choose the same password is a new observer.
  pub fn known_observer(&self, address: &str, user: Option<u32>) -> Option<usize> {
    self.members.iter().position(|m| {
      m.role == Role::Observer && (m.has_address(address) || (user.is_some() && m.user == user))
    })
  }

  /// Adds `member` to the game as an observer; its index.
  pub fn sign_on_observer(&mut self, mut member: Member) -> usize {
    member.role = Role::Observer;
    self.members.push(member);
    self.members.len() - 1
  }

  /// Member `index` has signed on: a power in civil disorder leaves it
  /// (manual §5.1). Whether it was in civil disorder.
  pub fn signed_on(&mut self, index: usize) -> bool {
    self.members.get_mut(index).is_some_and(|m| std::mem::take(&mut m.cd))
  }
}

/// Why a member may not BECOME MASTER or BECOME a power (manual §8.2);
/// each reads as the sentence they are told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BecomeRefusal {
  #[error("The game already has a Master.")]
  HasMaster,
  #[error("BECOME is for the Master.")]
  NotMaster,
  #[error("Game '{game}' is not under way, so no power can be taken on.")]
  NotUnderWay { game: String },
  #[error(
    "Nobody plays {power}, so nobody can act for it: its units hold, and the\n\
     judge makes its builds and removals."
  )]
  Dummy { power: String },
  #[error(
    "'{word}' is not a power of game '{game}': write its name or initial, e.g. BECOME France."
  )]
  NotAPower { word: String, game: String },
}

impl Game {
  /// Member `index`, who has just created the game, runs it as its Master
  /// instead of playing: the game is moderated.
  pub fn become_master(&mut self, index: usize) -> Result<(), BecomeRefusal> {
    if self.has_master() {
      return Err(BecomeRefusal::HasMaster);
    }
    if let Some(member) = self.members.get_mut(index) {
      member.role = Role::Master;
    }
    self.settings.moderated = true;
    Ok(())
  }

  /// Whether member `index` may act for a power (BECOME): a Master, while
  /// the game is under way.
  pub fn may_act_for_power(&self, index: usize) -> Result<(), BecomeRefusal> {
    if self.members.get(index).is_none_or(|m| m.role != Role::Master) {
      Err(BecomeRefusal::NotMaster)
    } else if self.status != Status::Active {
      Err(BecomeRefusal::NotUnderWay { game: self.name.clone() })
    } else {
      Ok(())
    }
  }

  /// The member a Master acts for with BECOME `word` (a power's name or
  /// initial): a power somebody plays.
  pub fn power_to_act_for(&self, word: &str) -> Result<usize, BecomeRefusal> {
    let power = self.map.power_by_word(word);
    if let Some(dummy) = power.filter(|&p| self.is_dummy(p)) {
      return Err(BecomeRefusal::Dummy { power: self.power_name(dummy).to_string() });
    }
    power.and_then(|p| self.player_index(p)).ok_or_else(|| BecomeRefusal::NotAPower {
      word: word.chars().take(20).collect(),
      game: self.name.clone(),
    })
  }
}
