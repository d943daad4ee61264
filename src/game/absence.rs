//! Absences (manual §7.2): times a member is away, in which no deadline
//! falls. Who may set one, how many may be pending, and how long one may
//! be are the game's rules; a message and the web ask them alike.

use chrono::{DateTime, Duration, Utc};

use super::{Absence, Game, Role};

/// The most absences a member may have pending at once.
pub const MAX_ABSENCES: usize = 3;

/// Why an absence is not set; each reads as the sentence the member is
/// told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AbsenceRefusal {
  #[error("Observers cannot set absences.")]
  Observer,
  #[error("Your power is out of the game, so you cannot set absences.")]
  Eliminated,
  #[error("The game is over.")]
  Over,
  #[error(
    "You already have {MAX_ABSENCES} absences pending, the most allowed: cancel one\n\
     with SET NO ABSENCE first."
  )]
  TooMany,
  #[error("That absence overlaps one you have set already.")]
  Overlaps,
  /// Longer than SET MAX ABSENCE allows: the Master may set it instead.
  #[error(
    "Game '{game}' allows absences of at most {max_days} days, so this one was not\n\
     set; the Master has been asked to set it for you."
  )]
  TooLong { game: String, max_days: u32 },
  /// The DPjudge's NO_ABSENCES.
  #[error(
    "Game '{0}' has NO_ABSENCES: only the Master may SET ABSENCE; ask the Master\n\
     (PRESS TO M)."
  )]
  NoAbsences(String),
}

impl Game {
  /// Whether member `index` may set absences at all.
  pub fn may_set_absence(&self, index: usize) -> Result<(), AbsenceRefusal> {
    let Some(member) = self.members.get(index) else { return Err(AbsenceRefusal::Observer) };
    match (member.role, member.power) {
      (Role::Observer, _) => Err(AbsenceRefusal::Observer),
      (Role::Player, Some(power)) if self.is_eliminated(power) => Err(AbsenceRefusal::Eliminated),
      _ if self.is_finished() => Err(AbsenceRefusal::Over),
      _ => Ok(()),
    }
  }

  /// Sets `absence` for member `index`. `by_master` (the member is a
  /// Master, or a Master acting for the power by BECOME) lifts the limit
  /// of SET MAX ABSENCE.
  pub fn set_absence(
    &mut self,
    index: usize,
    absence: Absence,
    by_master: bool,
    now: DateTime<Utc>,
  ) -> Result<(), AbsenceRefusal> {
    self.may_set_absence(index)?;
    let max_days = self.settings.max_absence;
    let name = self.name.clone();
    let Some(member) = self.members.get_mut(index) else { return Err(AbsenceRefusal::Observer) };
    if member.absences.iter().filter(|a| a.end > now).count() >= MAX_ABSENCES {
      return Err(AbsenceRefusal::TooMany);
    }
    if member.absences.iter().any(|a| a.start < absence.end && absence.start < a.end) {
      return Err(AbsenceRefusal::Overlaps);
    }
    if !by_master && absence.end - absence.start > Duration::days(i64::from(max_days)) {
      return Err(AbsenceRefusal::TooLong { game: name, max_days });
    }
    member.absences.push(absence);
    Ok(())
  }

  /// SET NO ABSENCE: cancels member `index`'s first absence that includes
  /// the day starting at `when`, and returns it.
  pub fn cancel_absence(&mut self, index: usize, when: DateTime<Utc>) -> Option<Absence> {
    let member = self.members.get_mut(index)?;
    let day_end = when + Duration::days(1);
    let found = member.absences.iter().position(|a| a.start < day_end && when < a.end)?;
    Some(member.absences.remove(found))
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::game::deadline::DeadlineRule;
  use crate::game::{Member, Settings};
  use crate::map::Map;

  fn at(day: u32) -> DateTime<Utc> {
    let text = format!("2026-03-{day:02}T00:00:00Z");
    text.parse().unwrap_or_default()
  }

  fn game_with(role: Role) -> Game {
    let Ok(map) = Map::standard() else { panic!("the standard map") };
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut game = Game::new("g", map, Settings::new(map, rules), at(1));
    let mut member = Member::new(role, "p@x.test", None, String::new(), at(1));
    member.power = map.find_power("France");
    game.members.push(member);
    game
  }

  fn days(from: u32, to: u32) -> Absence {
    Absence { start: at(from), end: at(to) }
  }

  #[test]
  fn a_player_may_hold_three_absences_none_overlapping_none_too_long() {
    let mut game = game_with(Role::Player);
    game.settings.max_absence = 5;
    assert_eq!(game.set_absence(0, days(2, 4), false, at(1)), Ok(()));
    assert_eq!(game.set_absence(0, days(3, 5), false, at(1)), Err(AbsenceRefusal::Overlaps));
    let long = game.set_absence(0, days(5, 12), false, at(1)).map_err(|r| r.to_string());
    assert_eq!(
      long,
      Err(
        "Game 'g' allows absences of at most 5 days, so this one was not\n\
         set; the Master has been asked to set it for you."
          .into()
      )
    );
    assert_eq!(game.set_absence(0, days(5, 12), true, at(1)), Ok(()), "a Master may");
    assert_eq!(game.set_absence(0, days(13, 14), false, at(1)), Ok(()));
    assert_eq!(game.set_absence(0, days(15, 16), false, at(1)), Err(AbsenceRefusal::TooMany));
    assert_eq!(game.members[0].absences.len(), 3, "the refused ones are not kept");
    assert_eq!(game.cancel_absence(0, at(3)), Some(days(2, 4)));
    assert_eq!(game.cancel_absence(0, at(3)), None);
  }

  #[test]
  fn observers_set_no_absences() {
    let mut game = game_with(Role::Observer);
    assert_eq!(game.set_absence(0, days(2, 3), true, at(1)), Err(AbsenceRefusal::Observer));
    assert!(game.members[0].absences.is_empty());
  }
}
