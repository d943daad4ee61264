//! Turn ids (`S1901M`, `B273M`): which season, year and kind of phase a
//! game is in. A [`Phase`] is a plain value; what comes next, how it is
//! named and which of two phases is later belong to the map's calendar
//! (`src/map/calendar.rs`), since variants count time differently.

use std::fmt;
use std::str::FromStr;

/// A season of the year, by the letter of its turn ids: `S`pring, `U` for
/// Summer, `F`all in the standard calendar (where the Winter adjustments
/// are njudge's `F1901B`), and a map's own letters in others (`B` for
/// Classical's B.C., `A` for Hundred's A.D.).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Season(u8);

impl Season {
  pub const SPRING: Season = Season(b'S');
  pub const SUMMER: Season = Season(b'U');
  pub const FALL: Season = Season(b'F');

  /// The season with turn-id letter `letter` (any ASCII letter).
  pub fn from_letter(letter: char) -> Option<Season> {
    letter.is_ascii_alphabetic().then(|| Season(letter.to_ascii_uppercase() as u8))
  }

  /// The letter of its turn ids.
  pub fn letter(self) -> char {
    char::from(self.0)
  }
}

/// What is ordered in a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseKind {
  Movement,
  Retreat,
  Adjustment,
}

impl PhaseKind {
  /// The phase's kind as results print it.
  pub fn name(self) -> &'static str {
    match self {
      PhaseKind::Movement => "Movement",
      PhaseKind::Retreat => "Retreat",
      PhaseKind::Adjustment => "Adjustment",
    }
  }

  /// The last letter of turn ids (`B` for adjustments, as njudge writes).
  pub fn letter(self) -> char {
    match self {
      PhaseKind::Movement => 'M',
      PhaseKind::Retreat => 'R',
      PhaseKind::Adjustment => 'B',
    }
  }
}

/// One phase of a game. Not ordered by itself: Classical's years count
/// down, so which phase is later is the calendar's to say
/// ([`crate::map::Map::phase_order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

  /// The phase's kind as results print it.
  pub fn kind_name(self) -> &'static str {
    self.kind.name()
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
  #[error("{season} has no {kind} phase in this game's calendar.")]
  NotInCalendar { season: String, kind: &'static str },
}

/// A phase as players write it in commands, split into its three words:
/// `S 1903 M`, `F1905R`, `Fall 1905 Movement`, `A.D. 1425 Movement`.
/// Dots are dropped (`AD`), spaces optional between letters and digits.
pub fn split_words(text: &str) -> Option<(String, u16, String)> {
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
  let [season, year, kind] = parts.as_slice() else { return None };
  let year = match year.parse::<u16>() {
    Ok(year) if year > 0 => year,
    _ => return None,
  };
  Some((season.to_ascii_lowercase(), year, kind.to_ascii_lowercase()))
}

/// Reads a phase word (`m`, `moves`, `retreats`, `builds`, `adjustments`).
pub fn kind_word(word: &str) -> Option<PhaseKind> {
  let starts = |full: &[&str]| full.iter().any(|f| f.starts_with(word));
  if word.is_empty() {
    None
  } else if starts(&["movement", "moves"]) {
    Some(PhaseKind::Movement)
  } else if starts(&["retreats"]) {
    Some(PhaseKind::Retreat)
  } else if starts(&["builds", "adjustments"]) {
    Some(PhaseKind::Adjustment)
  } else {
    None
  }
}

/// Reads a turn id without its map: any season letter, a year, and `M`,
/// `R`, `B` or `A` (the DPjudge's adjustments). The map's calendar decides
/// whether the season is one of its own ([`crate::map::Map::parse_phase`]).
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
    let season = Season::from_letter(char::from(bytes[0])).ok_or_else(error)?;
    let digits = &trimmed[1..trimmed.len() - 1];
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
      return Err(error());
    }
    let year: u16 = digits.parse().map_err(|_| error())?;
    Ok(Phase::new(season, year, kind))
  }
}

impl fmt::Display for Phase {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{}{}{}", self.season.letter(), self.year, self.kind.letter())
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn turn_ids_round_trip() {
    for id in ["S1901M", "S1901R", "F1901M", "F1901R", "F1901B", "U1905M", "B273M", "S1M"] {
      assert_eq!(id.parse::<Phase>().map(|p| p.to_string()), Ok(id.to_string()));
    }
    assert_eq!("a1430a".parse::<Phase>().map(|p| p.to_string()), Ok("A1430B".to_string()));
    assert!("11901M".parse::<Phase>().is_err());
    assert!("S19x1M".parse::<Phase>().is_err());
    assert!("S1901X".parse::<Phase>().is_err());
    assert!("S+1901M".parse::<Phase>().is_err());
  }

  #[test]
  fn phase_words_split_into_season_year_and_kind() {
    let words = |t: &str| split_words(t);
    assert_eq!(words("Fall 1905 Retreat"), Some(("fall".into(), 1905, "retreat".into())));
    assert_eq!(words("f1905r"), Some(("f".into(), 1905, "r".into())));
    assert_eq!(words("A.D. 1425 Movement"), Some(("ad".into(), 1425, "movement".into())));
    for bad in ["", "Fall", "Fall 1905", "Fall year Movement", "S 19o5 M", "S 0 M"] {
      assert_eq!(words(bad), None, "{bad}");
    }
    assert_eq!(kind_word("b"), Some(PhaseKind::Adjustment));
    assert_eq!(kind_word("moves"), Some(PhaseKind::Movement));
    assert_eq!(kind_word("x"), None);
  }
}
