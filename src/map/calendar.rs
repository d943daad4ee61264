//! The map's calendar: which phase follows which, what phases are called,
//! how turn ids and phase words are read, and which phase is later. The
//! standard calendar (Spring, an optional Summer, Fall, Winter adjustments
//! written `F1901B` as njudge does) is one flow among others, so Classical
//! (years counting down, adjustments every second year) and Hundred (five
//! years a turn, adjustments every tenth year) run through the same code.

use std::cmp::Ordering;

use super::{Calendar, Map, SeasonStep, StepPhase};
use crate::phase::{kind_word, split_words, Phase, PhaseError, PhaseKind, PhaseWordsError, Season};

/// A step of the flow as the engine walks it.
struct Step<'a> {
  name: &'a str,
  id: char,
  phases: &'a [StepPhase],
  when_year_mod: Option<(u32, u32)>,
}

const STANDARD: [(&str, char, &[StepPhase]); 4] = [
  ("Spring", 'S', &[StepPhase::Movement, StepPhase::Retreats]),
  ("Summer", 'U', &[StepPhase::Movement, StepPhase::Retreats]),
  ("Fall", 'F', &[StepPhase::Movement, StepPhase::Retreats]),
  ("Winter", 'F', &[StepPhase::Adjustments]),
];

/// A place in the flow: the year, the step and the phase within it.
#[derive(Clone, Copy, Debug)]
struct At {
  year: u16,
  step: usize,
  phase: usize,
}

/// How many steps the engine walks before it gives up on a flow whose
/// year conditions never hold (the loader cannot rule out every such map).
const WALK_LIMIT: usize = 400;

fn kind_of(phase: StepPhase) -> Option<PhaseKind> {
  match phase {
    StepPhase::Movement => Some(PhaseKind::Movement),
    StepPhase::Retreats => Some(PhaseKind::Retreat),
    StepPhase::Adjustments => Some(PhaseKind::Adjustment),
    StepPhase::Income => None,
  }
}

impl Map {
  /// The steps of a year. In the standard calendar Summer is a step only
  /// in games that have one (SET SUMMER).
  fn steps(&self, summer: bool) -> Vec<Step<'_>> {
    match self.calendar() {
      Some(calendar) => calendar
        .seasons
        .iter()
        .map(|s: &SeasonStep| Step {
          name: &s.name,
          id: s.id,
          phases: &s.phases,
          when_year_mod: s.when_year_mod,
        })
        .collect(),
      None => STANDARD
        .iter()
        .filter(|(_, id, _)| summer || *id != 'U')
        .map(|&(name, id, phases)| Step { name, id, phases, when_year_mod: None })
        .collect(),
    }
  }

  /// Whether to walk the standard calendar with its Summer: in games that
  /// have one, and from a Summer phase anyway (`judge adjudicate` may be
  /// given one without the rule).
  fn with_summer(&self, phase: Phase, summer: bool) -> bool {
    summer || (self.calendar().is_none() && phase.season == Season::SUMMER)
  }

  fn year_step(&self) -> i32 {
    self.calendar().map_or(1, |c: &Calendar| c.year_step)
  }

  /// Where `phase` stands in the flow, if it is one of its phases.
  fn locate(&self, steps: &[Step<'_>], phase: Phase) -> Option<At> {
    steps.iter().enumerate().find_map(|(i, step)| {
      if step.id != phase.season.letter() {
        return None;
      }
      let j = step.phases.iter().position(|&p| kind_of(p) == Some(phase.kind))?;
      Some(At { year: phase.year, step: i, phase: j })
    })
  }

  /// The next place in the flow: the next phase of the step, else the
  /// next step whose year condition holds, else the next year's first.
  fn advance(&self, steps: &[Step<'_>], at: At) -> At {
    if at.phase + 1 < steps[at.step].phases.len() {
      return At { phase: at.phase + 1, ..at };
    }
    let new_year = |year: u16| {
      let next = i32::from(year) + self.year_step();
      At { year: u16::try_from(next.max(1)).unwrap_or(u16::MAX), step: 0, phase: 0 }
    };
    let next = at.step + 1;
    if next >= steps.len() {
      return new_year(at.year);
    }
    match steps[next].when_year_mod {
      Some((d, m)) if u32::from(at.year) % d != m => new_year(at.year),
      _ => At { step: next, phase: 0, ..at },
    }
  }

  fn phase_at(&self, steps: &[Step<'_>], at: At) -> Option<Phase> {
    let step = &steps[at.step];
    let kind = kind_of(step.phases[at.phase])?;
    Some(Phase::new(Season::from_letter(step.id)?, at.year, kind))
  }

  /// Whether the map's flow pays Payola income right before `phase` (an
  /// `income` step phase just ahead of its movement: Ambition's, each
  /// season). Other maps' Payola income comes at the year's end.
  pub fn income_before(&self, phase: Phase) -> bool {
    if phase.kind != PhaseKind::Movement {
      return false;
    }
    let steps = self.steps(false);
    let Some(at) = self.locate(&steps, phase) else { return false };
    at.phase > 0 && steps[at.step].phases[at.phase - 1] == StepPhase::Income
  }

  /// Whether the map's flow has income phases of its own (Payola's).
  pub fn has_income_phases(&self) -> bool {
    self.calendar().is_some_and(|c| c.seasons.iter().any(|s| s.phases.contains(&StepPhase::Income)))
  }

  /// True when, after `phase` (a movement phase that dislodged nothing, or
  /// a retreat phase), the flow reaches an adjustment phase before the next
  /// movement: the year is over, and centres change hands.
  pub fn adjustments_follow(&self, phase: Phase, summer: bool) -> bool {
    let steps = self.steps(self.with_summer(phase, summer));
    let Some(mut at) = self.locate(&steps, phase) else { return false };
    for _ in 0..WALK_LIMIT {
      let next = self.advance(&steps, at);
      if next.year != at.year && next.step == 0 && next.phase == 0 {
        return false;
      }
      at = next;
      match steps[at.step].phases[at.phase] {
        StepPhase::Adjustments => return true,
        StepPhase::Movement => return false,
        StepPhase::Retreats | StepPhase::Income => {}
      }
    }
    false
  }

  /// The phase after `phase`: its retreats when units were dislodged, the
  /// adjustments the flow reaches when any are due, else the next movement
  /// phase (income phases, Payola's, are passed over).
  pub fn next_phase(
    &self,
    phase: Phase,
    dislodged: bool,
    adjustments_due: bool,
    summer: bool,
  ) -> Phase {
    if phase.kind == PhaseKind::Movement && dislodged {
      return Phase::new(phase.season, phase.year, PhaseKind::Retreat);
    }
    let steps = self.steps(self.with_summer(phase, summer));
    let fallback = || Phase::new(phase.season, phase.year.saturating_add(1), PhaseKind::Movement);
    let Some(mut at) = self.locate(&steps, phase) else { return fallback() };
    for _ in 0..WALK_LIMIT {
      at = self.advance(&steps, at);
      match steps[at.step].phases[at.phase] {
        StepPhase::Movement => return self.phase_at(&steps, at).unwrap_or_else(fallback),
        StepPhase::Adjustments if adjustments_due && at.year == phase.year => {
          return self.phase_at(&steps, at).unwrap_or_else(fallback)
        }
        _ => {}
      }
    }
    fallback()
  }

  /// The adjustment phase that comes before `phase` (where an EMPTY BOARD
  /// game starts): the last adjustments of an earlier year.
  pub fn adjustments_before(&self, phase: Phase) -> Phase {
    let steps = self.steps(false);
    let step = self.year_step();
    let adjustment =
      steps.iter().enumerate().find(|(_, s)| s.phases.contains(&StepPhase::Adjustments));
    let Some((index, found)) = adjustment else {
      return Phase::new(phase.season, phase.year, PhaseKind::Adjustment);
    };
    let gates: Vec<(u32, u32)> = steps[..=index].iter().filter_map(|s| s.when_year_mod).collect();
    let mut year = i32::from(phase.year);
    for _ in 0..WALK_LIMIT {
      year -= step;
      let Ok(y) = u16::try_from(year) else { break };
      if gates.iter().all(|&(d, m)| u32::from(y) % d == m) {
        return Phase::new(
          Season::from_letter(found.id).unwrap_or(phase.season),
          y,
          PhaseKind::Adjustment,
        );
      }
    }
    Phase::new(phase.season, phase.year, PhaseKind::Adjustment)
  }

  /// The adjustment phase of `year`, for records kept by year.
  pub fn adjustments_of(&self, year: u16) -> Phase {
    let steps = self.steps(false);
    let id =
      steps.iter().find(|s| s.phases.contains(&StepPhase::Adjustments)).map_or('F', |s| s.id);
    Phase::new(Season::from_letter(id).unwrap_or(Season::FALL), year, PhaseKind::Adjustment)
  }

  /// The first phase of the game, read by the calendar (`W1900B` is the
  /// standard calendar's `F1900B`).
  pub fn first(&self) -> Phase {
    self
      .parse_phase(self.first_phase())
      .unwrap_or_else(|_| Phase::new(Season::SPRING, 1901, PhaseKind::Movement))
  }

  /// True when `phase` is the first phase of a year (Spring's movement).
  pub fn starts_year(&self, phase: Phase) -> bool {
    let steps = self.steps(false);
    self.locate(&steps, phase).is_some_and(|at| at.step == 0 && at.phase == 0)
  }

  /// True when `phase` is one of this calendar's phases (Summer only in a
  /// game that has one).
  pub fn has_phase(&self, phase: Phase, summer: bool) -> bool {
    self.locate(&self.steps(summer), phase).is_some()
  }

  /// Compares two phases in time: by year (backwards where years count
  /// down), then by their place in the year.
  pub fn phase_order(&self, a: Phase, b: Phase) -> Ordering {
    let steps = self.steps(true);
    let place =
      |p: Phase| self.locate(&steps, p).map_or((usize::MAX, usize::MAX), |at| (at.step, at.phase));
    let years = a.year.cmp(&b.year);
    let years = if self.year_step() < 0 { years.reverse() } else { years };
    years.then_with(|| place(a).cmp(&place(b)))
  }

  /// The season's name as results print it (`Spring`, `Winter`, `B.C.`).
  pub fn season_name(&self, phase: Phase) -> &str {
    let steps = self.steps(true);
    self.locate(&steps, phase).map_or("", |at| steps[at.step].name)
  }

  /// `Spring of 1901`, `B.C. 273` (a season named like an era is written
  /// before the year), `Spring of 1 A.D.` (with the calendar's era).
  pub fn season_and_year(&self, phase: Phase) -> String {
    let season = self.season_name(phase);
    let era = self.calendar().and_then(|c| c.era.as_deref());
    match era {
      _ if season.ends_with('.') => format!("{season} {}", phase.year),
      Some(era) => format!("{season} of {} {era}", phase.year),
      None => format!("{season} of {}", phase.year),
    }
  }

  /// Reads a turn id (`S1901M`, `W1901B`, `B273M`) and checks it against
  /// the calendar. In the standard calendar `W` is read as `F` for the
  /// adjustments (njudge's id for the Winter phase).
  pub fn parse_phase(&self, text: &str) -> Result<Phase, PhaseError> {
    let mut phase: Phase = text.parse()?;
    if self.calendar().is_none()
      && phase.season.letter() == 'W'
      && phase.kind == PhaseKind::Adjustment
    {
      phase.season = Season::FALL;
    }
    if self.has_phase(phase, true) {
      Ok(phase)
    } else {
      Err(PhaseError { text: text.to_string() })
    }
  }

  /// Reads a phase as players write it in commands: `S 1903 M`, `F1905R`,
  /// `Fall 1905 Movement`, `Winter 1905 Builds`, `A.D. 1425 Movement`;
  /// seasons and phases by the start of their names (Summer as U or SU…).
  pub fn parse_phase_words(&self, text: &str) -> Result<Phase, PhaseWordsError> {
    let unreadable =
      || PhaseWordsError::Unreadable { text: text.trim().chars().take(40).collect() };
    let (season, year, kind) = split_words(text).ok_or_else(unreadable)?;
    let kind = kind_word(&kind).ok_or_else(unreadable)?;
    let steps = self.steps(true);
    let starts = |word: &str, full: &str| {
      let full: String =
        full.chars().filter(|c| *c != '.').map(|c| c.to_ascii_lowercase()).collect();
      full.starts_with(word)
    };
    let named: Vec<&Step<'_>> = if self.calendar().is_none() {
      // The standard names, with njudge's spellings: U or SU… for Summer,
      // Autumn for Fall.
      let name = match season.as_str() {
        "u" => "Summer",
        s if s.len() >= 2 && starts(s, "summer") => "Summer",
        s if starts(s, "spring") => "Spring",
        s if starts(s, "fall") || starts(s, "autumn") => "Fall",
        s if starts(s, "winter") => "Winter",
        _ => return Err(unreadable()),
      };
      match (name, kind) {
        ("Winter", PhaseKind::Adjustment) | ("Fall", PhaseKind::Adjustment) => {
          return Ok(Phase::new(Season::FALL, year, kind))
        }
        ("Winter", _) => return Err(PhaseWordsError::WinterMovement { year }),
        (_, PhaseKind::Adjustment) => return Err(PhaseWordsError::AdjustmentNotInFall { year }),
        _ => {}
      }
      steps.iter().filter(|s| s.name == name).collect()
    } else {
      let by_id: Vec<&Step<'_>> = steps
        .iter()
        .filter(|s| season.len() == 1 && s.id.to_ascii_lowercase().to_string() == season)
        .collect();
      if by_id.is_empty() {
        steps.iter().filter(|s| starts(&season, s.name)).collect()
      } else {
        by_id
      }
    };
    let Some(first) = named.first() else { return Err(unreadable()) };
    let step =
      named.iter().find(|s| s.phases.iter().any(|&p| kind_of(p) == Some(kind))).ok_or_else(
        || PhaseWordsError::NotInCalendar { season: first.name.to_string(), kind: kind.name() },
      )?;
    let season = Season::from_letter(step.id).ok_or_else(unreadable)?;
    Ok(Phase::new(season, year, kind))
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  fn map(key: &str) -> &'static Map {
    Map::builtin(key).expect("a built-in map")
  }

  fn id(map: &Map, text: &str) -> Phase {
    map.parse_phase(text).expect("a phase of the calendar")
  }

  /// Follows the flow from `from`, with adjustments due whenever reached
  /// and no dislodgements, for `count` phases.
  fn walk(map: &Map, from: &str, count: usize, summer: bool) -> Vec<String> {
    let mut phase = id(map, from);
    let mut seen = vec![phase.to_string()];
    for _ in 1..count {
      phase = map.next_phase(phase, false, true, summer);
      seen.push(phase.to_string());
    }
    seen
  }

  #[test]
  fn the_standard_year_is_spring_fall_and_winter_adjustments_written_as_fall() {
    let standard = map("standard");
    assert_eq!(
      walk(standard, "S1901M", 5, false),
      ["S1901M", "F1901M", "F1901B", "S1902M", "F1902M"]
    );
    assert_eq!(walk(standard, "S1901M", 4, true), ["S1901M", "U1901M", "F1901M", "F1901B"]);
    let spring = id(standard, "S1901M");
    assert_eq!(standard.next_phase(spring, true, false, false).to_string(), "S1901R");
    let fall = id(standard, "F1901M");
    assert_eq!(standard.next_phase(fall, false, false, false).to_string(), "S1902M");
    assert!(standard.adjustments_follow(fall, false));
    assert!(!standard.adjustments_follow(spring, false));
    assert!(standard.adjustments_follow(id(standard, "F1901R"), false));
    assert_eq!(id(standard, "W1901B").to_string(), "F1901B");
    assert_eq!(standard.season_name(id(standard, "F1901B")), "Winter");
    assert_eq!(standard.season_and_year(id(standard, "F1901M")), "Fall of 1901");
    assert!(standard.parse_phase("B1901M").is_err(), "no B season in the standard calendar");
    assert!(standard.parse_phase("W1901M").is_err(), "Winter has only adjustments");
    assert_eq!(standard.adjustments_before(spring).to_string(), "F1900B");
    let order = |a: &str, b: &str| standard.phase_order(id(standard, a), id(standard, b));
    assert!(order("S1901M", "S1901R").is_lt() && order("F1901M", "F1901B").is_lt());
    assert!(order("F1901B", "S1902M").is_lt() && order("U1901M", "F1901M").is_lt());
  }

  #[test]
  fn classical_counts_years_down_and_adjusts_every_second_year() {
    let classical = map("classical");
    assert_eq!(classical.first_phase(), "B273M");
    assert_eq!(walk(classical, "B273M", 5, false), ["B273M", "B272M", "B272B", "B271M", "B270M"]);
    assert!(!classical.adjustments_follow(id(classical, "B273M"), false), "273 is odd");
    assert!(classical.adjustments_follow(id(classical, "B272M"), false));
    let order = |a: &str, b: &str| classical.phase_order(id(classical, a), id(classical, b));
    assert!(order("B273M", "B272M").is_lt(), "273 B.C. comes before 272 B.C.");
    assert!(order("B272M", "B272B").is_lt());
    assert_eq!(classical.season_and_year(id(classical, "B273M")), "B.C. 273");
    assert_eq!(classical.parse_phase_words("B.C. 272 Adjustments"), Ok(id(classical, "B272B")));
    assert_eq!(classical.parse_phase_words("bc 273 m"), Ok(id(classical, "B273M")));
    assert_eq!(classical.adjustments_before(id(classical, "B273M")).to_string(), "B274B");
  }

  #[test]
  fn hundred_moves_five_years_a_turn_and_adjusts_every_tenth_year() {
    let hundred = map("hundred");
    assert_eq!(
      walk(hundred, "A1425M", 5, false),
      ["A1425M", "A1430M", "A1430B", "A1435M", "A1440M"]
    );
    // `A` is A.D. here, not Autumn.
    assert_eq!(hundred.parse_phase_words("A 1425 M"), Ok(id(hundred, "A1425M")));
    assert!(hundred.parse_phase("F1425M").is_err());
  }

  #[test]
  fn a_winter_start_leads_to_the_spring_and_income_phases_are_passed_over() {
    let chaos = map("chaos");
    let first = id(chaos, chaos.first_phase());
    assert_eq!(first.to_string(), "F1900B");
    assert_eq!(chaos.first(), first);
    assert_eq!(chaos.season_and_year(chaos.first()), "Winter of 1900");
    assert_eq!(chaos.next_phase(first, false, false, false).to_string(), "S1901M");
    let ambition = map("ambition");
    let spring = id(ambition, "S1763M");
    // Payola income comes before each of Ambition's movement phases.
    assert!(ambition.has_income_phases() && ambition.income_before(spring));
    assert!(!ambition.income_before(id(ambition, "W1763B")));
    let standard = map("standard");
    assert!(!standard.has_income_phases() && !standard.income_before(id(standard, "S1901M")));
    assert_eq!(ambition.next_phase(spring, false, false, false).to_string(), "F1763M");
    assert!(ambition.adjustments_follow(id(ambition, "F1763M"), false));
    assert_eq!(
      ambition.next_phase(id(ambition, "F1763M"), false, true, false).to_string(),
      "W1763B"
    );
    assert_eq!(
      ambition.next_phase(id(ambition, "W1763B"), false, true, false).to_string(),
      "S1764M"
    );
  }
}
