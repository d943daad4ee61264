//! The pictures a game's mail carries: the board of a phase (MAP, and the
//! results of players who SET MAP), drawn with its orders and their
//! outcomes once it is adjudicated, and SUMMARY's chart of centre counts.
//! Builds the scenes from the game; the drawing itself is `crate::draw`.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{report, Game, PhaseResult, Resolution};
use crate::adjudicate::AdjustmentOutcome;
use crate::draw::{Board, Chart, ChartLine, DrawnOrder, Scene};
use crate::map::{Location, Map};
use crate::order::{self, Action, Adjustment, Order, ParsedOrder, UnitOrder, Via};
use crate::phase::{Phase, PhaseKind};
use crate::position::{unit_text, Dislodged, Position, Unit};

/// The title of a game's picture: `Game 'alpha', Standard: Movement for
/// Spring of 1901`.
pub fn title(game: &Game, phase: Phase) -> String {
  format!(
    "Game '{}', {}: {}",
    game.name,
    report::variant_words(game),
    report::phase_words(game.map, phase)
  )
}

/// The file name stem of a game's picture of `phase`: `alpha-S1901M`.
pub fn stem(game: &Game, phase: Phase) -> String {
  format!("{}-{phase}", game.name)
}

/// The current board, before any orders are known: what LIST shows, so it
/// tells nobody more than LIST does (orders of the phase under way are
/// never drawn).
pub fn current(game: &Game) -> Scene<'_> {
  seen_now(game, &game.position)
}

/// The current board as a viewer sees it: `board` is
/// [`Game::seen_position`] (in a blind game, only what the viewer sees).
pub fn seen_now<'a>(game: &Game, board: &'a Position) -> Scene<'a> {
  Scene {
    map: game.map,
    title: title(game, game.position.phase),
    position: board,
    dislodged: &board.dislodged,
    orders: Vec::new(),
  }
}

/// The board of an adjudicated phase: the position its orders were given
/// in, the orders with their outcomes, and the units it dislodged with
/// where they may retreat. Shows what the phase's results text says.
pub fn adjudicated<'a>(game: &Game, result: &'a PhaseResult) -> Scene<'a> {
  let map = game.map;
  let dislodged: &[Dislodged] = match result.before.phase.kind {
    PhaseKind::Movement => &result.after.dislodged,
    PhaseKind::Retreat => &result.before.dislodged,
    PhaseKind::Adjustment => &[],
  };
  Scene {
    map,
    title: title(game, result.phase),
    position: &result.before,
    dislodged,
    orders: drawn_orders(map, &result.resolution, &result.before),
  }
}

/// The orders of an adjudicated phase as the picture draws them; units
/// that got no order (and so held or disbanded) are left out, as their
/// results line has nothing to draw.
///
/// `seen` is the board as the picture's viewer saw it before the phase: a
/// target not on it is named without owner or kind.
pub fn drawn_orders(map: &Map, resolution: &Resolution, seen: &Position) -> Vec<DrawnOrder> {
  match resolution {
    Resolution::Movement(resolved) | Resolution::Retreat(resolved) => resolved
      .iter()
      .filter(|r| r.ordered)
      .map(|r| DrawnOrder {
        power: r.order.unit.power,
        text: order::render_order_seen(map, &r.order, seen),
        order: parsed_unit_order(&r.order, seen),
        result: Some(r.outcome.to_string()),
      })
      .collect(),
    Resolution::Adjustment { orders, civil_disorder } => {
      let mut drawn: Vec<DrawnOrder> = orders
        .iter()
        .map(|(power, adjustment, outcome)| DrawnOrder {
          power: *power,
          text: order::render_adjustment(map, adjustment),
          order: parsed_adjustment(adjustment),
          result: Some(
            match outcome {
              AdjustmentOutcome::Done => "ok",
              AdjustmentOutcome::Unused => "unused",
            }
            .to_string(),
          ),
        })
        .collect();
      for unit in civil_disorder {
        let removal = Adjustment::Remove { unit: *unit };
        drawn.push(DrawnOrder {
          power: unit.power,
          text: order::render_adjustment(map, &removal),
          order: parsed_adjustment(&removal),
          result: Some("civil disorder".to_string()),
        });
      }
      drawn
    }
  }
}

/// A checked unit order as the places it joins.
fn parsed_unit_order(order: &UnitOrder, seen: &Position) -> ParsedOrder {
  let unit = order.unit;
  // The kind of a target the viewer did not see is not told.
  let kind = |target: &Unit| {
    (seen.unit_at(target.location.province) == Some(*target)).then_some(target.kind)
  };
  let action = match &order.order {
    Order::Hold => Action::Hold,
    Order::Move { to, via } => Action::Move {
      to: *to,
      route: match via {
        Via::Route(route) => route.clone(),
        _ => Vec::new(),
      },
      via_convoy: !matches!(via, Via::Unspecified),
    },
    Order::SupportHold { target } => {
      Action::SupportHold { kind: kind(target), unit: target.location }
    }
    Order::SupportMove { target, to } => {
      Action::SupportMove { kind: kind(target), from: target.location, to: *to }
    }
    Order::Convoy { target, to } => Action::Convoy {
      kind: kind(target),
      from: target.location,
      to: Location { province: *to, coast: None },
    },
    Order::Proxy { power } => Action::Proxy { power: *power },
    Order::Disband => Action::Disband,
    Order::Transform { into, coast } => Action::Transform { into: *into, coast: *coast },
  };
  ParsedOrder::Unit { kind: Some(unit.kind), at: unit.location, action }
}

fn parsed_adjustment(adjustment: &Adjustment) -> ParsedOrder {
  match *adjustment {
    Adjustment::Build { kind, at } => ParsedOrder::Build { kind: Some(kind), at },
    Adjustment::Remove { unit } => ParsedOrder::Remove { kind: Some(unit.kind), at: unit.location },
    Adjustment::Waive => ParsedOrder::Waive { power: None },
    Adjustment::Maintain { unit } => {
      ParsedOrder::Maintain { kind: Some(unit.kind), at: unit.location }
    }
    Adjustment::Transform { unit, into, coast } => ParsedOrder::Transform {
      into,
      at: Location { province: unit.location.province, coast: coast.or(unit.location.coast) },
    },
  }
}

/// Why the picture of a past phase cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PastError {
  #[error("game '{game}' has not started yet, so there is no board to draw")]
  NotStarted { game: String },
  #[error("{0}")]
  Unreadable(String),
  #[error(
    "game '{game}' was not in {phase}. The phases that can be drawn are:\n{kept}\n\
     (write a phase as S1901M, F1901R or W1901B, or as Fall 1901 Movement)"
  )]
  NotPlayed { game: String, phase: String, kept: String },
  #[error(
    "the board of {phase} is not kept (games before pictures kept only their\n\
     last {} turns). The phases that can be drawn are:\n{kept}",
    super::master::KEPT_TURNS
  )]
  NotKept { phase: String, kept: String },
}

/// A past phase to draw: its board, the units it dislodged and its
/// orders with their outcomes.
#[derive(Clone, Debug)]
pub struct PastPhase {
  pub phase: Phase,
  pub position: Position,
  pub dislodged: Vec<Dislodged>,
  pub orders: Vec<DrawnOrder>,
}

impl PastPhase {
  /// The picture of it.
  pub fn scene<'a>(&'a self, game: &Game) -> Scene<'a> {
    Scene {
      map: game.map,
      title: title(game, self.phase),
      position: &self.position,
      dislodged: &self.dislodged,
      orders: self.orders.clone(),
    }
  }

  /// The picture of an adjudicated phase: its board, its orders and what
  /// became of them.
  pub fn of_result(game: &Game, result: &PhaseResult) -> PastPhase {
    let scene = adjudicated(game, result);
    PastPhase {
      phase: result.phase,
      position: result.before.clone(),
      dislodged: scene.dislodged.to_vec(),
      orders: scene.orders,
    }
  }
}

/// What MAP draws for `phase` (the current phase when `None`): the board
/// now (`None`), a kept turn adjudicated again from the board and orders
/// it was processed with, or the board `kept` with the phase's results
/// (each with its phase, oldest first, as the game's history holds them).
///
/// A kept turn is drawn as `who` sees it; `kept` boards are already the
/// viewer's ([`crate::view::kept_boards`]).
pub fn past(
  game: &Game,
  who: &super::viewer::Viewer,
  phase: Option<&str>,
  kept: &[(&str, &PastBoard)],
) -> Result<Option<PastPhase>, PastError> {
  if game.status == super::Status::Forming || game.seq == 0 {
    return Err(PastError::NotStarted { game: game.name.clone() });
  }
  let Some(text) = phase.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
  let shown: String = text.chars().take(30).collect();
  let wanted =
    game.map.parse_phase(text).or_else(|_| game.map.parse_phase_words(text)).map_err(|_| {
      PastError::Unreadable(format!(
        "'{shown}' is not a phase: write it as S1901M, F1901R or W1901B, or as\n\
         Fall 1901 Movement."
      ))
    })?;
  if wanted == game.position.phase && !game.is_finished() {
    return Ok(None);
  }
  if let Some(turn) = game.turns.iter().find(|t| t.position.phase == wanted) {
    let seen = game.seen_result(who, &game.replay(turn));
    return Ok(Some(PastPhase::of_result(game, &seen.result)));
  }
  let recorded = kept.iter().rev().find(|(phase, _)| *phase == wanted.to_string());
  if let Some((_, board)) = recorded {
    return from_past_board(game.map, wanted, board).map(Some).map_err(PastError::Unreadable);
  }
  let mut phases: Vec<Phase> = kept
    .iter()
    .filter_map(|(phase, _)| phase.parse::<Phase>().ok())
    .chain(game.turns.iter().map(|t| t.position.phase))
    .collect();
  phases.sort_by(|a, b| game.map.phase_order(*a, *b));
  phases.dedup();
  let mut names: Vec<String> = phases.iter().map(Phase::to_string).collect();
  names.push(format!("{} (the current phase)", game.position.phase));
  let kept = report::wrap(&names.join(", "));
  let first = game.map.parse_phase(game.map.first_phase()).ok();
  let played = game.map.phase_order(wanted, game.position.phase).is_lt()
    && first.is_none_or(|first| game.map.phase_order(wanted, first).is_ge());
  if played {
    Err(PastError::NotKept { phase: wanted.to_string(), kept })
  } else {
    Err(PastError::NotPlayed { game: game.name.clone(), phase: wanted.to_string(), kept })
  }
}

/// The board of an adjudicated phase, in the map's abbreviations: what a
/// picture of it needs, read back through the same parsers as orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastBoard {
  /// (power, `F Stp/sc`) for each unit.
  pub units: Vec<(String, String)>,
  /// (power, centre abbreviation) for each owned supply centre.
  pub owners: Vec<(String, String)>,
  /// (power, `A Vie`, retreat places) for each unit dislodged.
  pub dislodged: Vec<(String, String, Vec<String>)>,
  /// (power, order in abbreviations `A Par - Bur`, order as the results
  /// word it, outcome) for each order drawn.
  pub orders: Vec<(String, String, String, String)>,
}

/// The board of an adjudicated phase to keep with its results.
pub fn past_board(game: &Game, result: &PhaseResult) -> PastBoard {
  let map = game.map;
  let scene = adjudicated(game, result);
  let power = |p: crate::map::PowerId| map.power(p).name.clone();
  PastBoard {
    units: scene.position.units().map(|u| (power(u.power), unit_text(map, u))).collect(),
    owners: map
      .supply_centers()
      .filter_map(|c| scene.position.owner(c).map(|p| (power(p), map.province(c).abbr.clone())))
      .collect(),
    dislodged: scene
      .dislodged
      .iter()
      .map(|d| {
        let retreats = d.retreats.iter().map(|&l| abbr(map, l)).collect();
        (power(d.unit.power), unit_text(map, d.unit), retreats)
      })
      .collect(),
    orders: scene
      .orders
      .iter()
      .filter_map(|o| {
        let short = short_order(map, &o.order)?;
        Some((power(o.power), short, o.text.clone(), o.result.clone().unwrap_or_default()))
      })
      .collect(),
  }
}

/// A kept board read back: each unit, centre and order through the
/// parsers that read them from players.
fn from_past_board(map: &Map, phase: Phase, board: &PastBoard) -> Result<PastPhase, String> {
  let power = |name: &str| {
    map.find_power(name).ok_or_else(|| format!("The kept board of {phase} names '{name}'."))
  };
  let unit = |owner: &str, text: &str| -> Result<Unit, String> {
    let power = power(owner)?;
    match order::parse_unit(map, text) {
      Ok((Some(kind), location)) => Ok(Unit { power, kind, location }),
      _ => Err(format!("The kept board of {phase} has a unit '{text}' the map lacks.")),
    }
  };
  let place = |text: &str| {
    order::parse_unit(map, text)
      .map(|(_, l)| l)
      .map_err(|_| format!("The kept board of {phase} names a place '{text}' the map lacks."))
  };
  let mut position = Position::empty(map, phase);
  for (owner, text) in &board.units {
    let unit = unit(owner, text)?;
    position.place(map, unit).map_err(|e| format!("The kept board of {phase}: {e}."))?;
  }
  for (owner, center) in &board.owners {
    position.set_owner(place(center)?.province, Some(power(owner)?));
  }
  let mut dislodged = Vec::new();
  for (owner, text, retreats) in &board.dislodged {
    let retreats = retreats.iter().map(|r| place(r)).collect::<Result<Vec<_>, _>>()?;
    dislodged.push(Dislodged { unit: unit(owner, text)?, attacker_from: None, retreats });
  }
  let mut orders = Vec::new();
  for (owner, short, text, result) in &board.orders {
    let order = order::parse_order(map, phase.kind, short)
      .map_err(|e| format!("The kept board of {phase} has an order '{short}': {e}."))?;
    orders.push(DrawnOrder {
      power: power(owner)?,
      text: text.clone(),
      order,
      result: Some(result.clone()),
    });
  }
  Ok(PastPhase { phase, position, dislodged, orders })
}

/// `Stp/sc`: a place in the map's abbreviations, as unit texts write it.
fn abbr(map: &Map, location: Location) -> String {
  let province = &map.province(location.province).abbr;
  match location.coast {
    Some(coast) => format!("{province}/{}", coast.abbr()),
    None => province.clone(),
  }
}

/// An order in the short form the order parser reads (`A Par - Bur`,
/// `F Nth C A Lon - Nwy`, `build F Stp/sc`); `None` for a proxy.
fn short_order(map: &Map, order: &ParsedOrder) -> Option<String> {
  let unit = |kind: Option<crate::map::UnitType>, at: Location| {
    format!("{} {}", kind.map_or('A', |k| k.letter()), abbr(map, at))
  };
  Some(match order {
    ParsedOrder::Unit { kind, at, action } => {
      let me = unit(*kind, *at);
      match action {
        Action::Hold => format!("{me} H"),
        Action::Move { to, route, via_convoy } => {
          let mut text = me;
          for sea in route {
            text.push_str(" - ");
            text.push_str(&map.province(*sea).abbr);
          }
          text.push_str(" - ");
          text.push_str(&abbr(map, *to));
          if *via_convoy && route.is_empty() {
            text.push_str(" via convoy");
          }
          text
        }
        Action::SupportHold { kind, unit: at2 } => format!("{me} S {}", unit(*kind, *at2)),
        Action::SupportMove { kind, from, to } => {
          format!("{me} S {} - {}", unit(*kind, *from), abbr(map, *to))
        }
        Action::Convoy { kind, from, to } => {
          format!("{me} C {} - {}", unit(*kind, *from), abbr(map, *to))
        }
        Action::Proxy { .. } => return None,
        Action::Disband => format!("{me} disband"),
        Action::Transform { into, coast } => {
          let coast = coast.map_or(String::new(), |c| format!("/{}", c.abbr()));
          format!("{me} transform {}{coast}", into.letter())
        }
      }
    }
    ParsedOrder::Build { kind, at } => format!("build {}", unit(*kind, *at)),
    ParsedOrder::Remove { kind, at } => format!("remove {}", unit(*kind, *at)),
    ParsedOrder::BuildOrRemove { kind, at } => unit(*kind, *at),
    ParsedOrder::Waive { .. } => "waive".to_string(),
    ParsedOrder::Maintain { kind, at } => format!("maintain {}", unit(*kind, *at)),
    ParsedOrder::Transform { into, at } => {
      format!("transform {} {}", into.letter(), abbr(map, *at))
    }
  })
}

/// The chart of a game's supply-centre counts at the end of each year,
/// from the same record as SUMMARY's History of Supply Center Counts; one
/// line per power that has been in the game, in its board colour.
///
/// None while a blind game hides its centre history.
pub fn chart(game: &Game) -> Option<Chart> {
  if game.hides() {
    return None;
  }
  let years = &game.record.years;
  if years.is_empty() {
    return None;
  }
  let map = game.map;
  let board = Board::for_map(map).ok();
  let lines = map
    .power_ids()
    .filter(|p| years.iter().any(|y| y.centers.get(p.index()).is_some_and(|&c| c > 0)))
    .map(|p| ChartLine {
      power: map.power(p).name.clone(),
      color: board
        .and_then(|b| b.colors(map, p))
        .map_or_else(|| "#000000".to_string(), |c| c.color.clone()),
      counts: years.iter().map(|y| y.centers.get(p.index()).map(|&c| u32::from(c))).collect(),
    })
    .collect();
  Some(Chart {
    title: format!(
      "Game '{}' ({}): supply centres by year",
      game.name,
      report::variant_words(game)
    ),
    years: years.iter().map(|y| y.year.to_string()).collect(),
    lines,
  })
}

/// A board read from a LIST output (MAP *): the variant, the phase and the
/// position it shows.
#[derive(Clone, Debug)]
pub struct Listed {
  pub map: &'static Map,
  pub position: Position,
  /// `Game 'alpha' (from a LIST): Movement for Fall of 1901`
  pub title: String,
  pub game: String,
}

/// Reads the board from a LIST output, in the layout every njudge writes:
/// the `Variant:` line (Standard when there is none), the `Status of the
/// Movement phase for Fall of 1901.  (alpha.003)` line, a line per unit
/// (`Austria: Army Vienna.`), the `Ownership of supply centers:` block and
/// the dislodged units. Unreadable unit and centre lines are errors, named.
pub fn from_listing(lines: &[String]) -> Result<Listed, String> {
  let variant = lines
    .iter()
    .find_map(|l| l.trim().strip_prefix("Variant:"))
    .and_then(|v| v.split(',').next())
    .map(|v| v.trim().to_string());
  // `Standard, Gunboat` here; njudge writes `Standard Gunboat`.
  let map = match &variant {
    Some(name) => Map::builtin(name)
      .or_else(|e| name.split_whitespace().next().map_or(Err(e), Map::builtin))
      .map_err(|_| format!("'{name}' is not a variant this judge knows."))?,
    None => Map::standard().map_err(|e| e.to_string())?,
  };
  let Some(index) = lines.iter().position(|l| l.starts_with("Status of the ")) else {
    return Err(
      "No 'Status of the ... phase for ...' line was found: MAP * must be followed\n\
       by the whole of a LIST output, each line as the judge wrote it (no '>')."
        .to_string(),
    );
  };
  let status = &lines[index];
  let (phase, game) = status_phase(map, status)?;
  let mut position = Position::empty(map, phase);
  #[derive(PartialEq)]
  enum Part {
    Units,
    Centers,
    Dislodged,
    Other,
  }
  let mut part = Part::Units;
  let mut owner: Option<Option<crate::map::PowerId>> = None;
  for line in &lines[index + 1..] {
    if line.starts_with("Ownership of supply centers") {
      part = Part::Centers;
      continue;
    }
    if line.starts_with("The following units were dislodged") {
      part = Part::Dislodged;
      continue;
    }
    if line.starts_with("Home centres") || line.starts_with("Vassal") {
      part = Part::Other;
      continue;
    }
    if line.trim().is_empty() || part == Part::Other {
      continue;
    }
    let (label, rest) = match line.split_once(':') {
      Some((label, rest)) if !label.starts_with(' ') => (Some(label.trim()), rest),
      _ if line.starts_with(' ') => (None, line.as_str()),
      _ => continue,
    };
    let rest = rest.trim().trim_end_matches('.');
    match part {
      Part::Units | Part::Dislodged => {
        let Some(label) = label else { continue };
        let power = map
          .find_power(label)
          .ok_or_else(|| format!("'{label}' is not a power of {}.", map.name()))?;
        let (text, retreats) = match rest.split_once(" can retreat to ") {
          Some((unit, to)) => (unit, to.split(" or ").map(str::trim).collect::<Vec<_>>()),
          None => (rest.trim_end_matches(" cannot retreat"), Vec::new()),
        };
        let unit = listed_unit(map, power, text)?;
        if part == Part::Units {
          position.place(map, unit).map_err(|e| format!("'{}': {e}", line.trim()))?;
        } else {
          let retreats =
            retreats.iter().map(|r| listed_location(map, r)).collect::<Result<Vec<_>, _>>()?;
          position.dislodged.push(Dislodged { unit, attacker_from: None, retreats });
        }
      }
      Part::Centers => {
        if let Some(label) = label {
          owner = Some(if label.eq_ignore_ascii_case("Unowned") {
            None
          } else {
            Some(
              map
                .find_power(label)
                .ok_or_else(|| format!("'{label}' is not a power of {}.", map.name()))?,
            )
          });
        }
        let Some(owner) = owner else { continue };
        for name in rest.split(',').map(str::trim).filter(|n| !n.is_empty()) {
          let place = listed_location(map, name)?;
          position.set_owner(place.province, owner);
        }
      }
      Part::Other => {}
    }
  }
  let mut title = String::new();
  let _ = write!(title, "Game '{game}' (from a LIST): {}", report::phase_words(map, phase));
  Ok(Listed { map, position, title, game })
}

/// The phase and game of `Status of the Movement phase for Fall of 1901.
/// (alpha.003)`.
fn status_phase(map: &Map, line: &str) -> Result<(Phase, String), String> {
  let bad = || format!("'{}' is not a status line this judge can read.", line.trim());
  let rest = line.strip_prefix("Status of the ").ok_or_else(bad)?;
  let (kind, rest) = rest.split_once(" phase for ").ok_or_else(bad)?;
  let (when, tail) = rest.split_once('.').ok_or_else(bad)?;
  let words = format!("{} {kind}", when.replace(" of ", " "));
  let phase = map.parse_phase_words(&words).map_err(|_| bad())?;
  let game = tail
    .trim()
    .trim_start_matches('(')
    .split('.')
    .next()
    .filter(|g| !g.is_empty() && g.chars().all(|c| c.is_ascii_alphanumeric()))
    .unwrap_or("unnamed")
    .to_string();
  Ok((phase, game))
}

fn listed_unit(map: &Map, power: crate::map::PowerId, text: &str) -> Result<Unit, String> {
  match order::parse_unit(map, text) {
    Ok((Some(kind), location)) => Ok(Unit { power, kind, location }),
    _ => Err(format!("'{text}' is not a unit on the {} map.", map.name())),
  }
}

fn listed_location(map: &Map, text: &str) -> Result<Location, String> {
  order::parse_unit(map, text)
    .map(|(_, location)| location)
    .map_err(|_| format!("'{text}' is not a place on the {} map.", map.name()))
}

#[cfg(test)]
mod tests {
  use super::*;

  /// Every kind of order survives being kept in the history: written
  /// short, read back by the order parser, it means the same.
  #[test]
  fn orders_kept_in_the_history_read_back_the_same() {
    let map = Map::standard().expect("the standard map");
    let cases = [
      (PhaseKind::Movement, "A Par H"),
      (PhaseKind::Movement, "A Par - Bur"),
      (PhaseKind::Movement, "F Stp/sc - Bot"),
      (PhaseKind::Movement, "F Mao - Spa/nc"),
      (PhaseKind::Movement, "A Mun S A Par - Bur"),
      (PhaseKind::Movement, "A Mun S F Kie"),
      (PhaseKind::Movement, "F Nth C A Lon - Nwy"),
      (PhaseKind::Movement, "A Lon - Nth - Nwy"),
      (PhaseKind::Movement, "A Bel - Hol via convoy"),
      (PhaseKind::Retreat, "A Bur - Gas"),
      (PhaseKind::Retreat, "A Bur disband"),
      (PhaseKind::Adjustment, "build F Stp/nc"),
      (PhaseKind::Adjustment, "remove A War"),
      (PhaseKind::Adjustment, "waive"),
    ];
    for (kind, text) in cases {
      let order = order::parse_order(map, kind, text).expect(text);
      let short = short_order(map, &order).expect("a short form");
      assert_eq!(order::parse_order(map, kind, &short).as_ref(), Ok(&order), "{text} as {short}");
    }
  }
}
