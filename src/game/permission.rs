//! Who may do what to a game, and why not: changing its settings (the
//! Master, or any player of an unmoderated game), RESIGN, SET WAIT, the
//! settings that need a Master or room for a next game's name. A refusal
//! is a type whose text is the sentence the member is told, so a message,
//! the sweep and the web refuse alike.

use super::{Game, Role, Status, MAX_NAME};

/// Why a member may not SET WAIT or SET NO WAIT (manual §7.2); each
/// reads as the sentence a player is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WaitRefusal {
  #[error("{} applies only while game '{game}' is being played.", if *wait { "SET WAIT" } else { "SET NO WAIT" })]
  NotPlayed { wait: bool, game: String },
  #[error("Observers cannot hold up a game.")]
  Observer,
  #[error("Your power is out of the game.")]
  Eliminated,
  #[error("This game has STRICT WAIT: only players with orders to give may wait.")]
  StrictWait,
  #[error("Game '{0}' is played in real time (REAL_TIME): nobody may SET WAIT.")]
  RealTime(String),
  #[error("Game '{0}' has NO_MINOR_WAIT: SET WAIT is taken only in movement phases.")]
  MinorWait(String),
}

/// Why a member may not RESIGN (manual §7.1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResignRefusal {
  #[error("A Master cannot resign.")]
  Master,
  #[error("Game '{game}' is over.")]
  Over { game: String },
}

/// Who may change a game's settings (manual §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moderators {
  /// Only a Master of the game (§8.2).
  Master,
  /// A Master, or any player when the game is unmoderated (§§8.3–8.6).
  MasterOrUnmoderated,
}

/// Why a member may not change a game's settings now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangeRefusal {
  /// The member is not one of the [`Moderators`].
  NotModerator(Moderators),
  /// The setting is changed only before the start, and the game started.
  Started,
  /// The game is over.
  Over,
}

impl ChangeRefusal {
  /// The sentence the member is told, naming the `command` refused.
  pub fn naming(&self, command: &str) -> String {
    match self {
      ChangeRefusal::NotModerator(Moderators::Master) => format!("{command} is for the Master."),
      ChangeRefusal::NotModerator(Moderators::MasterOrUnmoderated) => {
        format!("{command} is for the Master (or, in an unmoderated game, a player).")
      }
      ChangeRefusal::Started => {
        format!("{command} applies only before the game starts, and this game has started.")
      }
      ChangeRefusal::Over => "The game is over.".to_string(),
    }
  }
}

/// Why a game cannot take a setting (manual §8.3); each reads as the
/// sentence the moderator is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingRefusal {
  #[error(
    "{command} makes the game wait for its Master, and game '{game}' has none\n\
     (only a Master may PROCESS or start a game)."
  )]
  NoMaster { command: String, game: String },
  #[error(
    "The next game's name is this one's with a number added or raised, and\n\
     '{game}' leaves no room for one within {max} characters, so AUTO CREATE cannot\n\
     be set.",
    max = MAX_NAME
  )]
  NoSuccessorName { game: String },
}

impl Game {
  /// Whether member `index` may change the game's settings: one of `who`,
  /// and, for what is settled at the start (`forming`), before it; never
  /// once the game is over.
  pub fn may_change_settings(
    &self,
    index: usize,
    who: Moderators,
    forming: bool,
  ) -> Result<(), ChangeRefusal> {
    let allowed = match self.members.get(index).map(|m| m.role) {
      Some(Role::Master) => true,
      Some(Role::Player) => who == Moderators::MasterOrUnmoderated && !self.settings.moderated,
      Some(Role::Observer) | None => false,
    };
    if !allowed {
      Err(ChangeRefusal::NotModerator(who))
    } else if forming && self.status != Status::Forming {
      Err(ChangeRefusal::Started)
    } else if self.is_finished() {
      Err(ChangeRefusal::Over)
    } else {
      Ok(())
    }
  }

  /// Whether the game may wait for a Master to process or start it (MANUAL
  /// PROCESS and MANUAL START, named by `command`): not when it has none.
  pub fn may_wait_for_master(&self, command: &str) -> Result<(), SettingRefusal> {
    if self.has_master() {
      Ok(())
    } else {
      Err(SettingRefusal::NoMaster { command: command.to_string(), game: self.name.clone() })
    }
  }

  /// Whether the game may have a next game made when it ends (AUTO
  /// CREATE): its name must leave room for the number the next one adds.
  pub fn may_auto_create(&self) -> Result<(), SettingRefusal> {
    match Game::successor_name(&self.name) {
      Some(_) => Ok(()),
      None => Err(SettingRefusal::NoSuccessorName { game: self.name.clone() }),
    }
  }

  /// Whether member `index` may resign: not a Master, and not once the
  /// game is over.
  pub fn may_resign(&self, index: usize) -> Result<(), ResignRefusal> {
    if self.members.get(index).is_some_and(|m| m.role == Role::Master) {
      Err(ResignRefusal::Master)
    } else if self.is_finished() {
      Err(ResignRefusal::Over { game: self.name.clone() })
    } else {
      Ok(())
    }
  }

  /// Whether member `index` may SET WAIT (`wait`) or SET NO WAIT now:
  /// only while the game is played, not an observer, not out of the game,
  /// and under STRICT WAIT only a player with orders to give may wait.
  pub fn may_wait(&self, index: usize, wait: bool) -> Result<(), WaitRefusal> {
    let Some(member) = self.members.get(index) else { return Err(WaitRefusal::Observer) };
    if self.status != Status::Active {
      Err(WaitRefusal::NotPlayed { wait, game: self.name.clone() })
    } else if member.role == Role::Observer {
      Err(WaitRefusal::Observer)
    } else if member.power.is_some_and(|p| self.is_eliminated(p)) {
      Err(WaitRefusal::Eliminated)
    } else if wait
      && self.settings.strict_wait
      && member.role == Role::Player
      && !member.power.is_some_and(|p| self.must_order(p))
    {
      Err(WaitRefusal::StrictWait)
    } else if wait && self.settings.variant.has_rule("REAL_TIME") {
      Err(WaitRefusal::RealTime(self.name.clone()))
    } else if wait
      && self.settings.variant.has_rule("NO_MINOR_WAIT")
      && self.position.phase.kind != crate::phase::PhaseKind::Movement
    {
      Err(WaitRefusal::MinorWait(self.name.clone()))
    } else {
      Ok(())
    }
  }
}
