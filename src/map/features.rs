//! What a variant's map says beyond provinces and borders: its calendar,
//! homes that work differently, leagues, and changes that hold only in
//! some phases. Loaded by `file.rs`, read by the game and the adjudicator.

use super::{PowerId, ProvinceId, Terrain};

/// A calendar other than Spring, Fall and Winter (DPjudge `FLOW`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
  /// What a new year adds to the year number (Classical counts down).
  pub year_step: i32,
  /// Written after a printed year (`B.C.`).
  pub era: Option<String>,
  /// The steps of a year, in order.
  pub seasons: Vec<SeasonStep>,
}

/// One step of a year: a season and the phases played in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonStep {
  pub name: String,
  /// The letter of its turn ids.
  pub id: char,
  pub phases: Vec<StepPhase>,
  /// `(d, m)`: this step and the rest of the year happen only when the
  /// year divided by `d` leaves `m`.
  pub when_year_mod: Option<(u32, u32)>,
}

/// A phase a calendar step may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPhase {
  Movement,
  Retreats,
  Adjustments,
  /// A Payola income phase: skipped outside Payola games.
  Income,
}

impl StepPhase {
  /// Reads a phase word of a map file.
  pub fn from_word(word: &str) -> Option<StepPhase> {
    match word.to_ascii_lowercase().as_str() {
      "movement" => Some(StepPhase::Movement),
      "retreats" | "retreat" => Some(StepPhase::Retreats),
      "adjustments" | "adjustment" | "builds" => Some(StepPhase::Adjustments),
      "income" => Some(StepPhase::Income),
      _ => None,
    }
  }
}

/// A centre a power may build on in place of some of its homes (Zeus).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlternativeHome {
  pub center: ProvinceId,
  /// The homes it stands for; empty means any.
  pub instead_of: Vec<ProvinceId>,
}

/// How a power's league limits its help to others (DPjudge `LEAGUE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueKind {
  Member,
  /// Supports and convoys only units of its own league.
  Strict,
  /// Does not help a move by another league into land a protected league holds.
  Benign,
}

/// A power's league.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct League {
  pub name: String,
  pub kind: LeagueKind,
  pub protects: Vec<String>,
}

/// A change to the map that holds only in some phases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct During {
  /// A season name (every phase of that season) or a turn id, upper case.
  pub phase: String,
  pub terrain: Vec<(ProvinceId, Terrain)>,
  pub powers: Vec<PowerDuring>,
}

/// A power's homes as they are during a [`During`] phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerDuring {
  pub power: PowerId,
  pub home: Option<Vec<ProvinceId>>,
  pub alternative_homes: Option<Vec<AlternativeHome>>,
  pub hidden_builds: Option<Vec<ProvinceId>>,
}

impl super::Map {
  /// The `[[during]]` changes in force in `phase`: those naming its season
  /// (`SPRING`: every phase of Spring) or its turn id (`W1939A`).
  pub fn during_at(&self, phase: crate::phase::Phase) -> impl Iterator<Item = &During> + '_ {
    self.during().iter().filter(move |d| {
      d.phase.eq_ignore_ascii_case(self.season_name(phase))
        || self.parse_phase(&d.phase).is_ok_and(|p| p == phase)
    })
  }

  /// A province's terrain in `phase`: Loeb9's Arctic Ocean is impassable
  /// but for Spring, when it is sea. The map itself never changes.
  pub fn terrain_at(&self, province: ProvinceId, phase: crate::phase::Phase) -> Terrain {
    let base = self.province(province).terrain;
    if !self.during().iter().any(|d| d.terrain.iter().any(|&(p, _)| p == province)) {
      return base;
    }
    self
      .during_at(phase)
      .flat_map(|d| d.terrain.iter())
      .find(|&&(p, _)| p == province)
      .map_or(base, |&(_, terrain)| terrain)
  }

  /// True when no unit may enter, leave or act from `province` in `phase`.
  pub fn closed_at(&self, province: ProvinceId, phase: crate::phase::Phase) -> bool {
    self.terrain_at(province, phase) == Terrain::Impassable
  }

  /// The change a `[[during]]` entry makes to `power`'s homes in `phase`.
  pub fn power_during(&self, power: PowerId, phase: crate::phase::Phase) -> Option<&PowerDuring> {
    self.during_at(phase).flat_map(|d| d.powers.iter()).find(|p| p.power == power)
  }
}
