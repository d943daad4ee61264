//! Turn ids (`S1901M`): which season, year and kind of phase a game is in.

use std::fmt;
use std::str::FromStr;

/// A season of the year. Winter exists only as a spelling of the adjustment
/// phase (`W1901B` is read as `F1901B`, njudge's id); Summer (`U1901M`)
/// only in games with a summer turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Season {
  Spring,
  Summer,
  Fall,
}

/// What is ordered in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
  Movement,
  Retreat,
  Adjustment,
}

/// One phase of a game, ordered by time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Phase {
  pub year: u16,
  pub season: Season,
  pub kind: PhaseKind,
}

/// A turn id that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a phase: write season, year and phase, e.g. S1901M, F1901R or F1901B")]
pub struct PhaseError {
  pub text: String,
}

impl Phase {
  pub fn new(season: Season, year: u16, kind: PhaseKind) -> Phase {
    Phase { year, season, kind }
  }

  /// The season's name as results print it; adjustments happen in Winter.
  pub fn season_name(self) -> &'static str {
    match (self.season, self.kind) {
      (_, PhaseKind::Adjustment) => "Winter",
      (Season::Spring, _) => "Spring",
      (Season::Summer, _) => "Summer",
      (Season::Fall, _) => "Fall",
    }
  }

  /// The phase's kind as results print it.
  pub fn kind_name(self) -> &'static str {
    match self.kind {
      PhaseKind::Movement => "Movement",
      PhaseKind::Retreat => "Retreat",
      PhaseKind::Adjustment => "Adjustment",
    }
  }

  /// The movement phase that follows this phase's season: Spring, then
  /// Summer when the game has one (manual §9.1 SET SUMMER), then Fall, then
  /// the next year's Spring.
  pub fn next_movement(self, summer: bool) -> Phase {
    match (self.season, self.kind) {
      (Season::Fall, _) => {
        Phase::new(Season::Spring, self.year.saturating_add(1), PhaseKind::Movement)
      }
      (Season::Spring, _) if summer => Phase::new(Season::Summer, self.year, PhaseKind::Movement),
      (Season::Spring | Season::Summer, _) => {
        Phase::new(Season::Fall, self.year, PhaseKind::Movement)
      }
    }
  }

  /// The phase after this one: its retreat phase when units were dislodged,
  /// the adjustment phase after Fall when anyone must adjust, else the next
  /// movement phase (Summer's among them when `summer`).
  pub fn next(self, dislodged: bool, adjustments_due: bool, summer: bool) -> Phase {
    match self.kind {
      PhaseKind::Movement if dislodged => Phase::new(self.season, self.year, PhaseKind::Retreat),
      PhaseKind::Movement | PhaseKind::Retreat
        if self.season == Season::Fall && adjustments_due =>
      {
        Phase::new(Season::Fall, self.year, PhaseKind::Adjustment)
      }
      _ => self.next_movement(summer),
    }
  }
}

impl Phase {
  /// Reads a phase as players write it in commands: `F1905R`, `F 1905 R`
  /// or `Fall 1905 Retreat` (each word by its first letter, Summer as U).
  pub fn parse_words(text: &str) -> Result<Phase, PhaseError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let squeezed: String = words.concat();
    if let Ok(phase) = squeezed.parse() {
      return Ok(phase);
    }
    let error = || PhaseError { text: text.trim().to_string() };
    let [season, year, kind] = words[..] else { return Err(error()) };
    let season = match season.to_ascii_lowercase().as_str() {
      "summer" => 'U',
      word => word.chars().next().ok_or_else(error)?,
    };
    let kind = kind.chars().next().ok_or_else(error)?;
    format!("{season}{year}{kind}").parse().map_err(|_| error())
  }
}

impl FromStr for Phase {
  type Err = PhaseError;

  fn from_str(text: &str) -> Result<Phase, PhaseError> {
    let error = || PhaseError { text: text.to_string() };
    let trimmed = text.trim();
    if !trimmed.is_ascii() || trimmed.len() < 3 {
      return Err(error());
    }
    let bytes = trimmed.as_bytes();
    let kind = match bytes[bytes.len() - 1].to_ascii_uppercase() {
      b'M' => PhaseKind::Movement,
      b'R' => PhaseKind::Retreat,
      b'B' | b'A' => PhaseKind::Adjustment,
      _ => return Err(error()),
    };
    let season = match (bytes[0].to_ascii_uppercase(), kind) {
      (b'S', _) => Season::Spring,
      (b'U', _) => Season::Summer,
      (b'F', _) | (b'W', PhaseKind::Adjustment) => Season::Fall,
      _ => return Err(error()),
    };
    let year: u16 = trimmed[1..trimmed.len() - 1].parse().map_err(|_| error())?;
    Ok(Phase::new(season, year, kind))
  }
}

impl fmt::Display for Phase {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let season = match self.season {
      Season::Spring => 'S',
      Season::Summer => 'U',
      Season::Fall => 'F',
    };
    let kind = match self.kind {
      PhaseKind::Movement => 'M',
      PhaseKind::Retreat => 'R',
      PhaseKind::Adjustment => 'B',
    };
    write!(f, "{season}{}{kind}", self.year)
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn phases_in_commands_may_be_spelled_out_or_spaced() {
    let fall_retreat = Phase::new(Season::Fall, 1905, PhaseKind::Retreat);
    for text in ["F1905R", "f 1905 r", "Fall 1905 Retreat", "FALL 1905 RETREATS"] {
      assert_eq!(Phase::parse_words(text), Ok(fall_retreat), "{text}");
    }
    let build = Phase::new(Season::Fall, 1901, PhaseKind::Adjustment);
    assert_eq!(Phase::parse_words("Winter 1901 Build"), Ok(build));
    assert_eq!(Phase::parse_words("Fall 1901 Adjustment"), Ok(build));
    let summer = Phase::parse_words("Summer 1905 Movement").map(|p| p.season);
    assert_eq!(summer, Ok(Season::Summer));
    for bad in ["", "Fall", "Fall 1905", "Autumn 1905 Movement", "Fall year Movement"] {
      assert!(Phase::parse_words(bad).is_err(), "{bad}");
    }
  }

  #[test]
  fn turn_ids_round_trip_and_winter_means_fall_adjustments() {
    for id in ["S1901M", "S1901R", "F1901M", "F1901R", "F1901B", "U1905M"] {
      assert_eq!(id.parse::<Phase>().map(|p| p.to_string()), Ok(id.to_string()));
    }
    assert_eq!("w1901b".parse::<Phase>().map(|p| p.to_string()), Ok("F1901B".to_string()));
    assert!("X1901M".parse::<Phase>().is_err());
    assert!("S19x1M".parse::<Phase>().is_err());
    assert!("W1901M".parse::<Phase>().is_err());
  }

  #[test]
  fn phases_follow_each_other_as_in_the_rules() {
    let spring: Phase = "S1901M".parse().unwrap();
    assert_eq!(spring.next(false, false, false).to_string(), "F1901M");
    assert_eq!(spring.next(true, false, false).to_string(), "S1901R");
    let fall: Phase = "F1901M".parse().unwrap();
    assert_eq!(fall.next(false, true, false).to_string(), "F1901B");
    assert_eq!(fall.next(false, false, false).to_string(), "S1902M");
    let retreat: Phase = "F1901R".parse().unwrap();
    assert_eq!(retreat.next(false, true, false).to_string(), "F1901B");
    let adjust: Phase = "F1901B".parse().unwrap();
    assert_eq!(adjust.next(false, true, false).to_string(), "S1902M");
    assert!(spring < fall && fall < adjust);
  }

  #[test]
  fn a_summer_turn_comes_between_spring_and_fall_when_the_game_has_one() {
    let next = |id: &str, dislodged: bool| {
      id.parse::<Phase>().unwrap().next(dislodged, true, true).to_string()
    };
    assert_eq!(next("S1901M", false), "U1901M");
    assert_eq!(next("S1901R", false), "U1901M");
    assert_eq!(next("U1901M", true), "U1901R");
    assert_eq!(next("U1901M", false), "F1901M");
    assert_eq!(next("U1901R", false), "F1901M");
    assert_eq!(next("F1901M", false), "F1901B");
    assert_eq!(next("F1901B", false), "S1902M");
    let summer: Phase = "U1901M".parse().unwrap();
    assert_eq!(summer.season_name(), "Summer");
    assert!("S1901R".parse::<Phase>().unwrap() < summer);
    assert!(summer < "F1901M".parse::<Phase>().unwrap());
  }
}
