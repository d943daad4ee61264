//! Units changing type (manual §9.1 SET TRANSFORM, §6.1 transform orders):
//! in which phases a unit may become an army or a fleet, and where. The
//! setting is read here from its `when:where` words, and order entry asks
//! [`transform_problem`] whether one unit may change now; the movement
//! adjudicator treats a transforming unit as holding.
//!
//! Where njudge's own code differs from its manual (`:ANYCENTER` never
//! turning build transforms on, `MOVE:NONE` leaving them on, MOVE:HOME
//! ignoring NO ATTACK TRANSFORM), this follows the manual; the differences
//! are listed in `docs/adjudication.md`.

use serde::{Deserialize, Serialize};

use super::sites::homes;
use crate::map::{Coast, Map, UnitType};
use crate::phase::PhaseKind;
use crate::position::{Position, Unit};

/// Where a unit may change type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TransformPlace {
  /// On a home centre of its power that its power owns.
  HomeCenter,
  /// On any centre its power owns, while its power owns a home centre.
  OneCenter,
  /// On any centre its power owns.
  AnyCenter,
  /// In any province that is not sea.
  Anywhere,
}

impl TransformPlace {
  /// The `where` word of SET TRANSFORM.
  pub fn word(self) -> &'static str {
    match self {
      TransformPlace::HomeCenter => "HOME CENTER",
      TransformPlace::OneCenter => "ONE CENTER",
      TransformPlace::AnyCenter => "ANY CENTER",
      TransformPlace::Anywhere => "ANYWHERE",
    }
  }

  /// Where, in words: `on a home centre its power owns`.
  pub fn words(self) -> &'static str {
    match self {
      TransformPlace::HomeCenter => "on a home centre its power owns",
      TransformPlace::OneCenter => "on a centre its power owns, while it owns a home centre",
      TransformPlace::AnyCenter => "on a centre its power owns",
      TransformPlace::Anywhere => "anywhere but at sea",
    }
  }
}

/// The game's transformation setting; off in both phases by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Transform {
  /// Where units may transform in movement phases (MOVE:where).
  pub moves: Option<TransformPlace>,
  /// Where units may transform in adjustment phases (BUILD:where).
  pub builds: Option<TransformPlace>,
  /// A unit attacked but not dislodged still transforms (SET ATTACK
  /// TRANSFORM); by default the attack stops it.
  pub attacked: bool,
}

impl Transform {
  /// Whether any transformation is allowed at all.
  pub fn on(&self) -> bool {
    self.moves.is_some() || self.builds.is_some()
  }

  /// Where units may transform in a phase of this kind (never in retreats).
  pub fn place(&self, phase: PhaseKind) -> Option<TransformPlace> {
    match phase {
      PhaseKind::Movement => self.moves,
      PhaseKind::Adjustment => self.builds,
      PhaseKind::Retreat => None,
    }
  }

  /// The setting as SET TRANSFORM writes it: `MOVE:ANYWHERE BUILD:HOME
  /// CENTER`, or `NONE`.
  pub fn words(&self) -> String {
    let parts: Vec<String> = [("MOVE", self.moves), ("BUILD", self.builds)]
      .iter()
      .filter_map(|(when, place)| place.map(|p| format!("{when}:{}", p.word())))
      .collect();
    if parts.is_empty() {
      "NONE".to_string()
    } else {
      parts.join(" ")
    }
  }

  /// Reads the options of SET TRANSFORM: `NONE`, or one or two
  /// `when:where` with `when` MOVE or BUILD (BUILD when left out) and
  /// `where` HOME, ONE or ANY [CENTER|CENTRE], ANYWHERE or NONE (HOME
  /// CENTER when left out; then the colon may go too). The phases not
  /// named are off: the command states the whole setting. The
  /// attack rule is kept.
  pub fn parse(&self, text: &str) -> Result<Transform, TransformSyntax> {
    let squeezed: String =
      text.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_uppercase()).collect();
    let mut setting = Transform { moves: None, builds: None, attacked: self.attacked };
    if squeezed.is_empty() {
      return Err(TransformSyntax::Missing);
    }
    if squeezed == "NONE" {
      return Ok(setting);
    }
    let mut rest = squeezed.as_str();
    let mut named: Vec<&str> = Vec::new();
    while !rest.is_empty() {
      let (when, after) = match ["MOVE", "BUILD"].iter().find(|w| rest.starts_with(*w)) {
        Some(w) => (Some(*w), &rest[w.len()..]),
        None => (None, rest),
      };
      let (place, after) = match after.strip_prefix(':') {
        Some(after) => place_word(after)?,
        None if when.is_some() => (Some(TransformPlace::HomeCenter), after),
        None => {
          let word = after.split(':').next().unwrap_or(after).to_string();
          return Err(TransformSyntax::NoColon { word });
        }
      };
      let when = when.unwrap_or("BUILD");
      if named.contains(&when) {
        return Err(TransformSyntax::Twice { when: when.to_string() });
      }
      named.push(when);
      if when == "MOVE" {
        setting.moves = place;
      } else {
        setting.builds = place;
      }
      rest = after;
    }
    Ok(setting)
  }
}

/// A `where` word at the start of `text`, and what follows it.
fn place_word(text: &str) -> Result<(Option<TransformPlace>, &str), TransformSyntax> {
  const WORDS: [(&str, Option<TransformPlace>); 5] = [
    ("ANYWHERE", Some(TransformPlace::Anywhere)),
    ("HOME", Some(TransformPlace::HomeCenter)),
    ("ONE", Some(TransformPlace::OneCenter)),
    ("ANY", Some(TransformPlace::AnyCenter)),
    ("NONE", None),
  ];
  for (word, place) in WORDS {
    if let Some(after) = text.strip_prefix(word) {
      let after = if place.is_some() && word != "ANYWHERE" {
        ["CENTERS", "CENTRES", "CENTER", "CENTRE"]
          .iter()
          .find_map(|c| after.strip_prefix(c))
          .unwrap_or(after)
      } else {
        after
      };
      return Ok((place, after));
    }
  }
  let word = text.split(':').next().unwrap_or(text);
  let word = word.strip_suffix("MOVE").or_else(|| word.strip_suffix("BUILD")).unwrap_or(word);
  Err(TransformSyntax::UnknownPlace { word: word.to_string() })
}

/// A SET TRANSFORM whose options do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransformSyntax {
  #[error("SET TRANSFORM needs NONE or when:where (e.g. SET TRANSFORM MOVE:ANYWHERE).")]
  Missing,
  #[error(
    "'{word}' needs its phase and a colon: write MOVE:{word} or BUILD:{word} (or :{word}\n\
     for BUILD)."
  )]
  NoColon { word: String },
  #[error(
    "'{word}' is not a place for SET TRANSFORM: write HOME CENTER, ONE CENTER, ANY CENTER,\n\
     ANYWHERE or NONE after the colon."
  )]
  UnknownPlace { word: String },
  #[error("SET TRANSFORM names {when} twice: give each of MOVE and BUILD once.")]
  Twice { when: String },
}

/// Why a unit may not change type here and now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransformProblem {
  /// The game allows no transformation in this kind of phase.
  Off,
  /// Units never transform at sea.
  AtSea,
  /// The unit is already of that type.
  Same,
  /// An army becomes a fleet only where a fleet may stand.
  NoCoast,
  /// A fleet on a province of several coasts must be given one.
  CoastNeeded,
  /// The coast written is not one of the province's.
  BadCoast,
  /// The setting's place rule: not where it allows.
  Place(TransformPlace),
  /// A wing on a supply centre in a build phase (manual §9.1).
  Blockading,
}

/// Whether `unit` may become `into` (on `coast`) in the current phase of
/// `position` under `setting`: `None` when it may.
pub fn transform_problem(
  map: &Map,
  position: &Position,
  setting: &Transform,
  unit: Unit,
  into: UnitType,
  coast: Option<Coast>,
) -> Option<TransformProblem> {
  let Some(place) = setting.place(position.phase.kind) else {
    return Some(TransformProblem::Off);
  };
  let province = map.province(unit.location.province);
  if !province.is_land() {
    return Some(TransformProblem::AtSea);
  }
  if into == unit.kind {
    return Some(TransformProblem::Same);
  }
  // A wing blockading a centre keeps its blockade through a build phase.
  let blockading = unit.kind == UnitType::Wing && province.supply_center;
  if blockading && position.phase.kind == PhaseKind::Adjustment {
    return Some(TransformProblem::Blockading);
  }
  match into {
    UnitType::Fleet if !province.is_water_or_coast() => return Some(TransformProblem::NoCoast),
    UnitType::Fleet if province.has_coasts() => match coast {
      None => return Some(TransformProblem::CoastNeeded),
      Some(c) if !province.coasts().any(|k| k == c) => return Some(TransformProblem::BadCoast),
      Some(_) => {}
    },
    // A coast written for an army, or for a province of one coast, is
    // dropped as builds drop it.
    _ => {}
  }
  (!allowed_at(map, position, place, unit)).then_some(TransformProblem::Place(place))
}

/// The setting's place rule for a unit where it stands.
fn allowed_at(map: &Map, position: &Position, place: TransformPlace, unit: Unit) -> bool {
  let (power, province) = (unit.power, unit.location.province);
  let owned = position.owner(province) == Some(power) && map.province(province).supply_center;
  match place {
    TransformPlace::Anywhere => true,
    TransformPlace::AnyCenter => owned,
    TransformPlace::HomeCenter => owned && homes(map, position, power).contains(&province),
    TransformPlace::OneCenter => {
      owned && homes(map, position, power).iter().any(|&h| position.owner(h) == Some(power))
    }
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  fn parse(text: &str) -> Result<Transform, TransformSyntax> {
    Transform::default().parse(text)
  }

  #[test]
  fn the_manual_spellings_of_set_transform_read_as_it_says() {
    use TransformPlace::*;
    let set = |moves, builds| Transform { moves, builds, attacked: false };
    // "SET TRANSFORM :ANYCENTER is the same as SET TRANSFORM BUILD:
    // ANYCENTER"; "set transform move is move:Homecenter".
    assert_eq!(parse(":ANYCENTER"), Ok(set(None, Some(AnyCenter))));
    assert_eq!(parse("BUILD: ANYCENTER"), Ok(set(None, Some(AnyCenter))));
    assert_eq!(parse("move"), Ok(set(Some(HomeCenter), None)));
    assert_eq!(parse("move:Homecenter"), Ok(set(Some(HomeCenter), None)));
    assert_eq!(parse("MOVE:HOME CENTRE BUILD:ANYWHERE"), Ok(set(Some(HomeCenter), Some(Anywhere))));
    assert_eq!(parse("move:one build:any"), Ok(set(Some(OneCenter), Some(AnyCenter))));
    assert_eq!(parse("MOVE:ANYWHERE BUILD:NONE"), Ok(set(Some(Anywhere), None)));
    assert_eq!(parse("NONE"), Ok(set(None, None)));
    assert_eq!(parse("build"), Ok(set(None, Some(HomeCenter))));
    // A where without a colon is an error, as the manual says.
    assert_eq!(parse("ANYWHERE"), Err(TransformSyntax::NoColon { word: "ANYWHERE".into() }));
    assert_eq!(parse("move home"), Err(TransformSyntax::NoColon { word: "HOME".into() }));
    assert!(matches!(parse("move:everywhere"), Err(TransformSyntax::UnknownPlace { .. })));
    assert_eq!(parse("move:any move:home"), Err(TransformSyntax::Twice { when: "MOVE".into() }));
    assert_eq!(parse(""), Err(TransformSyntax::Missing));
    // The attack rule is a separate command, and survives.
    let attacked = Transform { attacked: true, ..Transform::default() };
    assert_eq!(attacked.parse("move").map(|t| t.attacked), Ok(true));
  }

  #[test]
  fn the_setting_is_written_back_as_it_is_read() {
    for text in ["MOVE:ANYWHERE BUILD:HOME CENTER", "MOVE:ONE CENTER", "BUILD:ANY CENTER", "NONE"] {
      let setting = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
      assert_eq!(setting.words(), text);
    }
  }
}
