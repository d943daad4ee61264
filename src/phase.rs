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

/// Why a phase named in a command (PHASE, PROCESS) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhaseWordsError {
  #[error("'{text}' is not a phase")]
  Unreadable { text: String },
  #[error("Adjustments come only after the Fall: write F{year}B (or Winter {year} Builds).")]
  AdjustmentNotInFall { year: u16 },
  #[error("Winter has only the adjustment phase: write F{year}B (or Winter {year} Builds).")]
  WinterMovement { year: u16 },
}

impl Phase {
  /// Reads a phase as players write it in commands: `S 1903 M`, `F1905R`,
  /// `Fall 1905 Movement`, `Winter 1905 Builds`; seasons and phases by the
  /// start of their names (Summer as U or SU…), spaces optional.
  pub fn parse_words(text: &str) -> Result<Phase, PhaseWordsError> {
    let unreadable =
      || PhaseWordsError::Unreadable { text: text.trim().chars().take(40).collect() };
    // Runs of letters and of digits, whatever separates them.
    let mut parts: Vec<String> = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace() && !matches!(c, ',' | '.')) {
      let continues = parts
        .last()
        .and_then(|p| p.chars().last())
        .is_some_and(|l| l.is_ascii_digit() == c.is_ascii_digit());
      match parts.last_mut() {
        Some(part) if continues => part.push(c),
        _ => parts.push(c.to_string()),
      }
    }
    let [season, year, kind] = parts.as_slice() else { return Err(unreadable()) };
    let season = season.to_ascii_lowercase();
    let kind = kind.to_ascii_lowercase();
    let starts = |word: &str, full: &[&str]| full.iter().any(|f| f.starts_with(word));
    let (season, winter) = match season.as_str() {
      "u" => (Season::Summer, false),
      s if s.len() >= 2 && starts(s, &["summer"]) => (Season::Summer, false),
      s if starts(s, &["spring"]) => (Season::Spring, false),
      s if starts(s, &["fall", "autumn"]) => (Season::Fall, false),
      s if starts(s, &["winter"]) => (Season::Fall, true),
      _ => return Err(unreadable()),
    };
    let kind = match kind.as_str() {
      k if starts(k, &["movement", "moves"]) => PhaseKind::Movement,
      k if starts(k, &["retreats"]) => PhaseKind::Retreat,
      k if starts(k, &["builds", "adjustments"]) => PhaseKind::Adjustment,
      _ => return Err(unreadable()),
    };
    let year: u16 = match year.parse() {
      Ok(year) if year > 0 => year,
      _ => return Err(unreadable()),
    };
    match kind {
      PhaseKind::Adjustment if season != Season::Fall => {
        Err(PhaseWordsError::AdjustmentNotInFall { year })
      }
      PhaseKind::Movement | PhaseKind::Retreat if winter => {
        Err(PhaseWordsError::WinterMovement { year })
      }
      _ => Ok(Phase::new(season, year, kind)),
    }
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
    assert_eq!(Phase::parse_words("Autumn 1905 Retreat"), Ok(fall_retreat));
    for bad in ["", "Fall", "Fall 1905", "Fall year Movement", "X 1905 M", "S 19o5 M"] {
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
