//! Orders for a later phase (manual §6.3): what a PHASE block keeps, how it
//! is checked when it comes in, how it is entered when the game reaches
//! its phase, and how it is listed for its player.
//!
//! A block is kept as its lines ([`Line`]: orders as the player wrote
//! them, conditions as the judge read them, SET [NO] WAIT), so that it can
//! be stored as text and read back through the same [`Builder`] that
//! checked it. Only the syntax of orders can be checked in advance; the
//! board decides the rest when the phase begins, and a power with orders
//! kept for a phase counts as having its orders in for it, errors or not.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{report, Game, PhaseResult};
use crate::map::{Map, PowerId};
use crate::order::{self, Condition, ConditionError, OrderError, ParsedOrder};
use crate::phase::{Phase, PhaseKind, PhaseWordsError};

/// At most this many lines are kept for one power, over all its blocks.
pub const MAX_LINES: usize = 300;

/// One line of a PHASE block as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Line {
  /// An order as written.
  Order(String),
  /// `IF condition`, the condition as the judge read it.
  If(String),
  ElseIf(String),
  Else,
  EndIf,
  /// SET WAIT (true) or SET NO WAIT, carried to the phase.
  Wait(bool),
}

/// One PHASE block of one power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FutureOrders {
  pub power: PowerId,
  pub phase: Phase,
  pub lines: Vec<Line>,
  /// What the lines mean.
  steps: Vec<Step>,
}

/// The meaning of a block: orders, waits and conditionals, nested.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
  Order(String),
  Wait(bool),
  If { branches: Vec<(Condition, Vec<Step>)>, otherwise: Option<Vec<Step>> },
}

/// A line of a PHASE block that was not kept, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlockError {
  #[error("{0}")]
  Order(OrderError),

  #[error(
    "In orders for a later adjustment phase, write build or remove (or disband) before \
     the unit, e.g. 'build {0}' or 'remove {0}': the judge cannot know yet which you \
     will need."
  )]
  BuildOrRemove(String),

  #[error("{0}")]
  Condition(ConditionError),

  #[error("{what} has no IF before it in this PHASE block.")]
  NoIf { what: &'static str },

  #[error("{what} cannot come after ELSE: an IF has at most one ELSE, and it comes last.")]
  AfterElse { what: &'static str },

  /// IF or ELSE IF in a blind game.
  #[error(
    "Conditional orders ({what}) are not allowed in a Blind game: whether a condition held \
     could reveal where other powers' units are. Send the orders without the condition."
  )]
  Blind { what: &'static str },
}

impl BlockError {
  /// Whether the mistake leaves the block's structure in doubt, so that
  /// none of it may be kept (a bad order is just left out).
  pub fn breaks_block(&self) -> bool {
    !matches!(self, BlockError::Order(_) | BlockError::BuildOrRemove(_))
  }
}

/// An IF being read: its branches so far, and its ELSE once seen.
#[derive(Clone, Debug)]
struct Frame {
  branches: Vec<(Condition, Vec<Step>)>,
  otherwise: Option<Vec<Step>>,
}

impl Frame {
  fn body(&mut self) -> &mut Vec<Step> {
    if self.otherwise.is_none() {
      if let Some((_, body)) = self.branches.last_mut() {
        return body;
      }
    }
    self.otherwise.get_or_insert_with(Vec::new)
  }

  fn into_step(self) -> Step {
    Step::If { branches: self.branches, otherwise: self.otherwise }
  }
}

/// Reads a PHASE block line by line, checking each line as it comes.
#[derive(Clone, Debug)]
pub struct Builder {
  map: &'static Map,
  power: PowerId,
  phase: Phase,
  lines: Vec<Line>,
  steps: Vec<Step>,
  open: Vec<Frame>,
  /// IF and ELSE IF are taken (not in a blind game).
  conditions: bool,
}

impl Builder {
  pub fn new(map: &'static Map, power: PowerId, phase: Phase) -> Builder {
    let (lines, steps, open) = (Vec::new(), Vec::new(), Vec::new());
    Builder { map, power, phase, lines, steps, open, conditions: true }
  }

  /// A block a player of `game` is sending now: in a game that hides
  /// things (Blind) it takes no condition, since what a condition found
  /// would show the player units it does not see.
  pub fn for_game(game: &Game, power: PowerId, phase: Phase) -> Builder {
    Builder { conditions: !game.hides(), ..Builder::new(game.map, power, phase) }
  }

  pub fn phase(&self) -> Phase {
    self.phase
  }

  /// `Fall 1905 Movement (F1905M)`: the block's phase by name.
  pub fn phase_name(&self) -> String {
    phase_name(self.map, self.phase)
  }

  pub fn power(&self) -> PowerId {
    self.power
  }

  /// How many orders are kept so far (IF, ELSE, ENDIF and SET lines aside).
  pub fn orders(&self) -> usize {
    self.lines.iter().filter(|l| matches!(l, Line::Order(_))).count()
  }

  /// How many lines are kept so far.
  pub fn len(&self) -> usize {
    self.lines.len()
  }

  pub fn is_empty(&self) -> bool {
    self.lines.is_empty()
  }

  /// Takes one line; an error says why it was not kept. Conditions are
  /// kept as the judge read them (see [`Condition::render`]).
  pub fn push(&mut self, line: Line) -> Result<Line, BlockError> {
    let kept = match line {
      Line::Order(text) => {
        check_order(self.map, self.phase.kind, &text)?;
        self.body().push(Step::Order(text.clone()));
        Line::Order(text)
      }
      Line::Wait(on) => {
        self.body().push(Step::Wait(on));
        Line::Wait(on)
      }
      Line::If(_) if !self.conditions => return Err(BlockError::Blind { what: "IF" }),
      Line::ElseIf(_) if !self.conditions => return Err(BlockError::Blind { what: "ELSE IF" }),
      Line::If(text) => {
        let condition = order::parse_condition(self.map, &text).map_err(BlockError::Condition)?;
        let shown = condition.render(self.map);
        self.open.push(Frame { branches: vec![(condition, Vec::new())], otherwise: None });
        Line::If(shown)
      }
      Line::ElseIf(text) => {
        let map = self.map;
        let frame = self.frame("ELSE IF")?;
        let condition = order::parse_condition(map, &text).map_err(BlockError::Condition)?;
        let shown = condition.render(map);
        frame.branches.push((condition, Vec::new()));
        Line::ElseIf(shown)
      }
      Line::Else => {
        self.frame("ELSE")?.otherwise = Some(Vec::new());
        Line::Else
      }
      Line::EndIf => {
        let frame = self.open.pop().ok_or(BlockError::NoIf { what: "ENDIF" })?;
        self.body().push(frame.into_step());
        Line::EndIf
      }
    };
    self.lines.push(kept.clone());
    Ok(kept)
  }

  /// The innermost IF, still without its ELSE.
  fn frame(&mut self, what: &'static str) -> Result<&mut Frame, BlockError> {
    let frame = self.open.last_mut().ok_or(BlockError::NoIf { what })?;
    if frame.otherwise.is_some() {
      return Err(BlockError::AfterElse { what });
    }
    Ok(frame)
  }

  fn body(&mut self) -> &mut Vec<Step> {
    match self.open.last_mut() {
      Some(frame) => frame.body(),
      None => &mut self.steps,
    }
  }

  /// The block, every IF still open closed (the end of the mail closes
  /// them without an error).
  pub fn finish(mut self) -> FutureOrders {
    while let Some(frame) = self.open.pop() {
      self.lines.push(Line::EndIf);
      let step = frame.into_step();
      self.body().push(step);
    }
    FutureOrders { power: self.power, phase: self.phase, lines: self.lines, steps: self.steps }
  }
}

/// Whether an order could be given in a phase of this kind: its syntax
/// and names (the board is not known yet). Builds and removals must say
/// which they are.
pub fn check_order(map: &Map, kind: PhaseKind, text: &str) -> Result<(), BlockError> {
  match order::parse_order(map, kind, text).map_err(BlockError::Order)? {
    ParsedOrder::BuildOrRemove { .. } => Err(BlockError::BuildOrRemove(text.trim().to_string())),
    _ => Ok(()),
  }
}

/// A phase as PHASE names it (see [`Map::parse_phase_words`]), or what to
/// tell the player.
pub fn read_phase(map: &Map, text: &str) -> Result<Phase, String> {
  map.parse_phase_words(text).map_err(|error| match error {
    PhaseWordsError::Unreadable { .. } => format!(
      "{error}: write PHASE season year phase, e.g. PHASE Fall 1905 Movement, \
       PHASE S 1903 M or PHASE F1905B."
    ),
    error => error.to_string(),
  })
}

/// `Fall 1905 Movement (F1905M)`, `B.C. 273 Movement (B273M)`.
pub fn phase_name(map: &Map, phase: Phase) -> String {
  format!("{} {} {} ({phase})", map.season_name(phase), phase.year, phase.kind_name())
}

/// What became of one power's orders for a phase when the game reached
/// it, or went past it: a mail for its player.
#[derive(Clone, Debug)]
pub struct FutureReport {
  pub power: PowerId,
  pub phase: Phase,
  pub text: String,
}

impl Game {
  /// The blocks kept for a power, in the order they came.
  pub fn future_of(&self, power: PowerId) -> impl Iterator<Item = &FutureOrders> {
    self.future.iter().filter(move |f| f.power == power)
  }

  /// Drops every block kept for a power; returns how many lines they had.
  pub fn clear_future(&mut self, power: PowerId) -> usize {
    let dropped = self.future_of(power).map(|f| f.lines.len()).sum();
    self.future.retain(|f| f.power != power);
    dropped
  }

  /// Called once the game has moved on to a new phase (`passed` are the
  /// phases just processed): enters the orders kept for it, and drops
  /// those for phases the game went past. Says what happened to each.
  pub(super) fn arrive(&mut self, passed: &[PhaseResult]) -> Vec<FutureReport> {
    let now = self.position.phase;
    let map = self.map;
    let (due, rest): (Vec<FutureOrders>, Vec<FutureOrders>) = std::mem::take(&mut self.future)
      .into_iter()
      .partition(|f| map.phase_order(f.phase, now).is_le());
    self.future = rest;
    let mut reports: Vec<FutureReport> = Vec::new();
    for block in due {
      let power = block.power;
      if map.phase_order(block.phase, now).is_lt() || self.is_eliminated(power) {
        let why = if self.is_eliminated(power) {
          format!("{} has no units and no supply centres left.", self.power_name(power))
        } else if passed.iter().any(|p| p.phase == block.phase && p.skipped) {
          "Nobody had anything to order in that phase, so the judge went past it at once."
            .to_string()
        } else {
          format!("The game did not have that phase: it went on to {}.", phase_name(self.map, now))
        };
        let text = format!(
          "Your orders for {}, sent earlier with PHASE, were not used.\n{why}\n",
          phase_name(self.map, block.phase)
        );
        if !reports.iter().any(|r| r.power == power && r.phase == block.phase) {
          reports.push(FutureReport { power, phase: block.phase, text });
        }
        continue;
      }
      let mut text = String::new();
      self.run_steps(power, &block.steps, 0, &mut text);
      self.orders[power.index()].received = true;
      self.orders[power.index()].error_flag = false;
      match reports.iter_mut().find(|r| r.power == power && r.phase == now) {
        Some(report) => report.text.push_str(&text),
        None => reports.push(FutureReport { power, phase: now, text }),
      }
    }
    for report in reports.iter_mut().filter(|r| r.phase == now) {
      let body = std::mem::take(&mut report.text);
      report.text = format!(
        "{} has begun: the orders you sent for it\nwith PHASE have been entered.\n\n{body}\n\
         {} counts as having its orders in for this phase, whatever errors are shown\n\
         above; send orders as usual to change them.\n\n{}",
        phase_name(self.map, now),
        self.power_name(report.power),
        report::current_orders(self, report.power)
      );
    }
    reports
  }

  /// Enters a block's steps, writing what became of each into `out`.
  fn run_steps(&mut self, power: PowerId, steps: &[Step], depth: usize, out: &mut String) {
    let indent = "    ".repeat(depth);
    for step in steps {
      match step {
        Step::Order(text) => {
          let result = match self.enter_order(power, text) {
            Ok(accepted) => {
              let mut line = format!("Accepted: {}", accepted.text);
              if let Some(replaced) = accepted.replaced {
                let _ = write!(line, " (replaces {replaced})");
              }
              line
            }
            Err(error) => format!("Error: {error}"),
          };
          let _ = writeln!(out, "{indent}{text}: {result}");
        }
        Step::Wait(on) => {
          let said = if *on { "SET WAIT" } else { "SET NO WAIT" };
          let refused = *on && self.settings.strict_wait && !self.must_order(power);
          let result = if refused {
            "not done: this game has STRICT WAIT, and you have nothing to order."
          } else {
            if let Some(index) = self.player_index(power) {
              self.members[index].wait = *on;
            }
            if *on {
              "the phase will not be processed before its deadline."
            } else {
              "the phase may be processed as soon as all orders are in."
            }
          };
          let _ = writeln!(out, "{indent}{said}: {result}");
        }
        Step::If { branches, otherwise } => {
          let mut taken = false;
          for (i, (condition, body)) in branches.iter().enumerate() {
            let keyword = if i == 0 { "IF" } else { "ELSE IF" };
            let shown = condition.render(self.map);
            if taken {
              let _ = writeln!(out, "{indent}{keyword} {shown}: not looked at.");
            } else if condition.holds(&self.position) {
              taken = true;
              let _ = writeln!(out, "{indent}{keyword} {shown}: true.");
              self.run_steps(power, body, depth + 1, out);
            } else {
              let _ = writeln!(out, "{indent}{keyword} {shown}: false.");
            }
          }
          if let Some(body) = otherwise {
            if taken {
              let _ = writeln!(out, "{indent}ELSE: not used.");
            } else {
              let _ = writeln!(out, "{indent}ELSE:");
              self.run_steps(power, body, depth + 1, out);
            }
          }
          let _ = writeln!(out, "{indent}ENDIF");
        }
      }
    }
  }
}

/// The orders kept for a power, for replies: each phase with its lines,
/// indented under their IFs. Empty when there are none.
pub fn listing(game: &Game, power: PowerId) -> String {
  let mut phases: Vec<Phase> = game.future_of(power).map(|f| f.phase).collect();
  phases.sort_by(|&a, &b| game.map.phase_order(a, b));
  phases.dedup();
  if phases.is_empty() {
    return String::new();
  }
  let mut text = String::from("Orders kept for later phases (CLEAR drops them all):\n");
  for phase in phases {
    let _ = writeln!(text, "\nFor {}:", phase_name(game.map, phase));
    for block in game.future_of(power).filter(|f| f.phase == phase) {
      let mut depth = 1;
      for line in &block.lines {
        let (shown, before, after) = match line {
          Line::Order(order) => (order.clone(), 0, 0),
          Line::Wait(true) => ("SET WAIT".to_string(), 0, 0),
          Line::Wait(false) => ("SET NO WAIT".to_string(), 0, 0),
          Line::If(condition) => (format!("IF {condition}"), 0, 1),
          Line::ElseIf(condition) => (format!("ELSE IF {condition}"), -1, 1),
          Line::Else => ("ELSE".to_string(), -1, 1),
          Line::EndIf => ("ENDIF".to_string(), -1, 0),
        };
        depth = (depth + before).max(1);
        let _ = writeln!(text, "{}{shown}", "  ".repeat(depth as usize));
        depth += after;
      }
    }
  }
  text
}

#[cfg(test)]
mod tests {
  use super::*;

  fn map() -> &'static Map {
    Map::standard().expect("the standard map")
  }

  fn builder(phase: &str) -> Builder {
    let france = map().find_power("France").expect("France");
    Builder::new(map(), france, phase.parse().expect("a phase"))
  }

  #[test]
  fn phases_are_read_in_every_spelling_the_manual_shows() {
    for (text, id) in [
      ("S 1903 M", "S1903M"),
      ("Fall 1905 Movement", "F1905M"),
      ("F1905B", "F1905B"),
      ("f 1905 b", "F1905B"),
      ("Winter 1905 Builds", "F1905B"),
      ("spring1903retreat", "S1903R"),
      ("Autumn 1901 Retreats", "F1901R"),
    ] {
      assert_eq!(read_phase(map(), text).map(|p| p.to_string()), Ok(id.to_string()), "{text}");
    }
    for text in ["", "1903", "S 1903", "X 1903 M", "S 19o3 M", "S 1903 Q", "S 99999 M"] {
      assert!(read_phase(map(), text).is_err(), "{text}");
    }
    assert_eq!(read_phase(map(), "U 1903 M").map(|p| p.to_string()), Ok("U1903M".to_string()));
    assert!(read_phase(map(), "S 1903 B").is_err_and(|e| e.contains("F1903B")));
    assert!(read_phase(map(), "Winter 1903 M").is_err_and(|e| e.contains("F1903B")));
  }

  #[test]
  fn builds_in_a_later_adjustment_phase_must_say_build_or_remove() {
    let mut block = builder("F1905B");
    assert!(block.push(Line::Order("build A Par".into())).is_ok());
    assert!(block.push(Line::Order("remove F Bre".into())).is_ok());
    assert!(block.push(Line::Order("waive".into())).is_ok());
    let error = block.push(Line::Order("F StP/sc".into())).expect_err("no word");
    assert!(!error.breaks_block());
    assert!(error.to_string().contains("build F StP/sc"), "{error}");
    assert_eq!(block.finish().lines.len(), 3);
  }

  #[test]
  fn structure_mistakes_break_the_block_and_bad_orders_do_not() {
    let mut block = builder("F1905M");
    assert!(block.push(Line::Order("A Par - Xyz".into())).is_err_and(|e| !e.breaks_block()));
    assert!(block.push(Line::Else).is_err_and(|e| e.breaks_block()));
    assert!(block.push(Line::EndIf).is_err_and(|e| e.breaks_block()));
    assert!(block.push(Line::If("French Xyz".into())).is_err_and(|e| e.breaks_block()));
    assert!(block.push(Line::If("Ruhr".into())).is_ok());
    assert!(block.push(Line::Else).is_ok());
    assert!(block.push(Line::Else).is_err_and(|e| e.to_string().contains("at most one ELSE")));
    assert!(block.push(Line::ElseIf("Kiel".into())).is_err_and(|e| e.breaks_block()));
  }

  #[test]
  fn open_ifs_are_closed_at_the_end_and_conditions_kept_as_read() {
    let mut block = builder("F1905M");
    for line in [
      Line::If("NOT fr a ruh AND (ru pru OR ru sil) THEN".into()),
      Line::Order("A Par - Bur".into()),
      Line::If("Bur".into()),
    ] {
      block.push(line).expect("kept");
    }
    let block = block.finish();
    assert_eq!(
      block.lines,
      vec![
        Line::If("NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)".into()),
        Line::Order("A Par - Bur".into()),
        Line::If("Burgundy".into()),
        Line::EndIf,
        Line::EndIf,
      ]
    );
    // Read back, the kept lines mean the same.
    let mut again = builder("F1905M");
    for line in block.lines.clone() {
      again.push(line).expect("kept again");
    }
    assert_eq!(again.finish(), block);
  }
}
