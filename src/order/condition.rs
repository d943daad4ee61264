//! The conditions of conditional orders (manual §6.3), read with nom:
//!
//! ```text
//! condition = term { (AND | OR) term }      evaluated left to right
//! term      = NOT term | "(" condition [")"] | unit
//! unit      = [power] [type] province       the three in any order
//! ```
//!
//! A trailing `THEN` is allowed; a missing `)` at the end of the text is
//! closed there (the end of a line closes every parenthesis). A unit holds
//! when a unit of that power and type (any, when left out) stands in the
//! province; dislodged units do not count. Pure: names are resolved with
//! the map, truth is read from a position.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::char;
use nom::combinator::{opt, value};
use nom::sequence::{pair, preceded};

use super::fail::{self, Fail};
use crate::map::{Lookup, Map, PowerId, ProvinceId, UnitType};
use crate::position::Position;

/// No condition needs more; longer texts are refused before parsing.
const MAX_LEN: usize = 500;
/// Parentheses and NOTs nest at most this deep (the parser recurses).
const MAX_DEPTH: usize = 32;

/// A condition as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
  /// A unit of this power and type (any, when `None`) is in the province.
  Unit {
    power: Option<PowerId>,
    kind: Option<UnitType>,
    province: ProvinceId,
  },
  Not(Box<Condition>),
  And(Box<Condition>, Box<Condition>),
  Or(Box<Condition>, Box<Condition>),
}

/// A condition that could not be read, in words a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConditionError {
  #[error(
    "A condition is missing: write [NOT] [power] [type] province, e.g. \
     IF NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)."
  )]
  Empty,

  #[error("The condition is longer than {limit} characters.")]
  TooLong { limit: usize },

  #[error("The condition nests parentheses and NOTs more than {limit} deep.")]
  TooDeep { limit: usize },

  /// `suggestions` are display forms such as `Ruh (Ruhr)`.
  #[error("'{text}' is not a province on this map.{}", did_you_mean(suggestions))]
  UnknownProvince { text: String, suggestions: Vec<String> },

  #[error("'{text}' could be {}: write more of the name.", candidates.join(" or "))]
  AmbiguousProvince { text: String, candidates: Vec<String> },

  #[error("'{text}' names no province: a condition must name one, e.g. '{text} Ruhr'.")]
  NoProvince { text: String },

  #[error(
    "'{text}' cannot be read as [power] [type] province: each of the three may be \
     given once, and two conditions must be joined with AND or OR."
  )]
  Unreadable { text: String },

  #[error("{what} needs a condition after it.")]
  MissingAfter { what: &'static str },

  #[error("'{text}' is not understood here: join conditions with AND or OR.")]
  Unexpected { text: String },
}

fn did_you_mean(suggestions: &[String]) -> String {
  match suggestions {
    [] => String::new(),
    [one] => format!(" Did you mean {one}?"),
    [rest @ .., last] => format!(" Did you mean {} or {last}?", rest.join(", ")),
  }
}

type Res<'a, T> = fail::Res<'a, T, ConditionError>;

fn hard<T>(error: ConditionError) -> Result<T, nom::Err<Fail<ConditionError>>> {
  fail::hard(error)
}

/// Reads a condition (the text after IF or ELSE IF).
pub fn parse_condition(map: &Map, text: &str) -> Result<Condition, ConditionError> {
  if text.len() > MAX_LEN {
    return Err(ConditionError::TooLong { limit: MAX_LEN });
  }
  // A final full stop, as orders allow.
  let text = text.trim().trim_end_matches('.');
  if text.is_empty() {
    return Err(ConditionError::Empty);
  }
  let parsed = condition(map, 0)(text).and_then(|(rest, found)| {
    let (rest, _) = opt(preceded(blank, keyword("then")))(rest)?;
    let (rest, _) = blank(rest)?;
    if rest.is_empty() {
      Ok(found)
    } else {
      hard(ConditionError::Unexpected { text: shown(rest) })
    }
  });
  parsed.map_err(|e| {
    fail::mistake(e).unwrap_or_else(|| ConditionError::Unexpected { text: shown(text) })
  })
}

/// The start of a text, for a message.
fn shown(text: &str) -> String {
  text.trim().chars().take(40).collect()
}

fn blank(i: &str) -> Res<'_, &str> {
  take_while(char::is_whitespace)(i)
}

/// A whole word, any case.
fn keyword<'a>(word: &'static str) -> impl FnMut(&'a str) -> Res<'a, &'a str> {
  move |i: &'a str| {
    let (rest, found) = take_while1(char::is_alphanumeric)(i)?;
    if found.eq_ignore_ascii_case(word) {
      Ok((rest, found))
    } else {
      Err(nom::Err::Error(Fail::Soft))
    }
  }
}

#[derive(Clone, Copy)]
enum Op {
  And,
  Or,
}

/// `term { (AND | OR) term }`, folded left to right.
fn condition<'a>(map: &'a Map, depth: usize) -> impl FnMut(&'a str) -> Res<'a, Condition> {
  move |i: &'a str| {
    if depth > MAX_DEPTH {
      return hard(ConditionError::TooDeep { limit: MAX_DEPTH });
    }
    let (mut rest, mut left) = term(map, depth)(i)?;
    loop {
      let op = preceded(blank, alt((value(Op::And, keyword("and")), value(Op::Or, keyword("or")))));
      let Ok((after, (op, _))) = pair(op, blank)(rest) else { break };
      let what = match op {
        Op::And => "AND",
        Op::Or => "OR",
      };
      let (after, right) = needed(term(map, depth)(after), what)?;
      left = match op {
        Op::And => Condition::And(Box::new(left), Box::new(right)),
        Op::Or => Condition::Or(Box::new(left), Box::new(right)),
      };
      rest = after;
    }
    Ok((rest, left))
  }
}

/// A soft failure where something must follow `what` becomes the player's
/// mistake.
fn needed<'a, T>(result: Res<'a, T>, what: &'static str) -> Res<'a, T> {
  match result {
    Err(nom::Err::Error(Fail::Soft)) => hard(ConditionError::MissingAfter { what }),
    other => other,
  }
}

/// `NOT term`, `( condition [)] )` or a unit.
fn term<'a>(map: &'a Map, depth: usize) -> impl FnMut(&'a str) -> Res<'a, Condition> {
  move |i: &'a str| {
    let (i, _) = blank(i)?;
    if let Ok((rest, _)) = pair(keyword("not"), blank)(i) {
      let (rest, inner) = needed(term(map, depth + 1)(rest), "NOT")?;
      return Ok((rest, Condition::Not(Box::new(inner))));
    }
    if let Ok((rest, _)) = char::<&str, Fail<ConditionError>>('(')(i) {
      let (rest, inner) = needed(condition(map, depth + 1)(rest), "'('")?;
      let (rest, _) = blank(rest)?;
      // The end of the line closes every parenthesis still open.
      let (rest, closed) = opt(tag(")"))(rest)?;
      if closed.is_none() && !rest.is_empty() {
        return hard(ConditionError::Unexpected { text: shown(rest) });
      }
      return Ok((rest, inner));
    }
    unit(map)(i)
  }
}

/// The words of one unit: everything up to a parenthesis or a standalone
/// AND, OR or THEN.
fn unit<'a>(map: &'a Map) -> impl FnMut(&'a str) -> Res<'a, Condition> {
  move |i: &'a str| {
    let (rest, text) = map_words(i)?;
    if text.trim().is_empty() {
      return Err(nom::Err::Error(Fail::Soft));
    }
    match resolve(map, text.trim()) {
      Some((power, kind, province)) => Ok((rest, Condition::Unit { power, kind, province })),
      None => hard(diagnose(map, text.trim())),
    }
  }
}

/// The longest run of words before a parenthesis or an operator word.
fn map_words(i: &str) -> Res<'_, &str> {
  let mut end = 0;
  let mut rest = i;
  loop {
    let (after_blank, _) = blank(rest)?;
    if after_blank.is_empty() || after_blank.starts_with(['(', ')']) {
      break;
    }
    let operator = alt((keyword("and"), keyword("or"), keyword("then")))(after_blank);
    if operator.is_ok() {
      break;
    }
    let (after, _) =
      take_while1(|c: char| !c.is_whitespace() && c != '(' && c != ')')(after_blank)?;
    end = i.len() - after.len();
    rest = after;
  }
  Ok((&i[end..], &i[..end]))
}

/// What a run of words names: the power, the type and the province.
type Reading = (Option<PowerId>, Option<UnitType>, ProvinceId);

/// The unit a run of words names. Each word may be a unit type, a power or
/// (the start of) a province name; of the readings that use every word,
/// the one whose province name is longest wins, so `English Channel` is
/// the sea and not England's unit in the Channel, while `Eng` alone is the
/// sea and `Eng Eng` England's unit in it.
fn resolve(map: &Map, text: &str) -> Option<Reading> {
  let mut best: Option<(usize, Reading)> = None;
  readings(map, text, (None, None, None), 0, &mut |span, reading| {
    if best.is_none_or(|(longest, _)| span > longest) {
      best = Some((span, reading));
    }
  });
  best.map(|(_, reading)| reading)
}

/// Calls `found` with every complete reading of `text` (and the length of
/// its province name) that extends the slots filled so far. Each slot is
/// filled at most once, so this never goes more than three words deep.
fn readings(
  map: &Map,
  text: &str,
  (power, kind, province): (Option<PowerId>, Option<UnitType>, Option<ProvinceId>),
  span: usize,
  found: &mut dyn FnMut(usize, Reading),
) {
  let text = text.trim_start();
  if text.is_empty() {
    if let Some(province) = province {
      found(span, (power, kind, province));
    }
    return;
  }
  let (word, after) = text.split_at(text.find(char::is_whitespace).unwrap_or(text.len()));
  if kind.is_none() {
    if let Some(unit_kind) = unit_type(word) {
      readings(map, after, (power, Some(unit_kind), province), span, found);
    }
  }
  if power.is_none() && word.len() >= 2 {
    if let Some(named) = map.find_power(word) {
      readings(map, after, (Some(named), kind, province), span, found);
    }
  }
  if province.is_none() {
    if let Ok((named, used)) = map.match_prefix(text) {
      let after = skip_coast(text.get(used..).unwrap_or_default());
      if after.is_empty() || after.starts_with(char::is_whitespace) {
        readings(map, after, (power, kind, Some(named)), used, found);
      }
    }
  }
}

fn unit_type(word: &str) -> Option<UnitType> {
  match word.to_ascii_lowercase().as_str() {
    "a" | "army" => Some(UnitType::Army),
    "f" | "fleet" => Some(UnitType::Fleet),
    _ => None,
  }
}

/// A coast after a province (`StP/sc`) says nothing about who is there.
fn skip_coast(text: &str) -> &str {
  match text.strip_prefix('/') {
    Some(coast) => coast.trim_start_matches(|c: char| c.is_ascii_alphabetic()),
    None => text,
  }
}

/// Why a run of words is not a unit: the first word that is neither a type
/// nor a power and starts no province, or else what is missing or doubled.
fn diagnose(map: &Map, text: &str) -> ConditionError {
  let mut rest = text;
  let mut province_seen = false;
  while !rest.is_empty() {
    let (word, after) = rest.split_at(rest.find(char::is_whitespace).unwrap_or(rest.len()));
    let known_word =
      unit_type(word).is_some() || (word.len() >= 2 && map.find_power(word).is_some());
    match map.match_prefix(rest) {
      Ok((_, used)) => {
        province_seen = true;
        rest = skip_coast(rest.get(used..).unwrap_or_default()).trim_start();
        continue;
      }
      Err(_) if known_word => {}
      Err(Lookup::Ambiguous { text, candidates }) => {
        let candidates = candidates.iter().map(|&c| map.province(c).name.clone()).collect();
        return ConditionError::AmbiguousProvince { text, candidates };
      }
      Err(Lookup::Unknown { text, suggestions }) => {
        let suggestions = suggestions
          .iter()
          .map(|&s| format!("{} ({})", map.province(s).abbr, map.province(s).name))
          .collect();
        return ConditionError::UnknownProvince { text, suggestions };
      }
      Err(Lookup::Found(_)) => {}
    }
    rest = after.trim_start();
  }
  if province_seen {
    ConditionError::Unreadable { text: text.to_string() }
  } else {
    ConditionError::NoProvince { text: text.to_string() }
  }
}

impl Condition {
  /// Whether the condition holds on a board.
  pub fn holds(&self, position: &Position) -> bool {
    match self {
      Condition::Unit { power, kind, province } => position
        .unit_at(*province)
        .is_some_and(|u| power.is_none_or(|p| u.power == p) && kind.is_none_or(|k| u.kind == k)),
      Condition::Not(inner) => !inner.holds(position),
      Condition::And(left, right) => left.holds(position) && right.holds(position),
      Condition::Or(left, right) => left.holds(position) || right.holds(position),
    }
  }

  /// The condition as the judge understood it, in a form that reads back
  /// the same: `NOT French Army Ruhr AND (Russian Prussia OR Russian
  /// Silesia)`. Operators on the right are bracketed, since evaluation
  /// goes left to right.
  pub fn render(&self, map: &Map) -> String {
    match self {
      Condition::Unit { power, kind, province } => {
        let mut words = Vec::new();
        if let Some(p) = power {
          words.push(map.power(*p).adjective.clone());
        }
        if let Some(k) = kind {
          words.push(k.name().to_string());
        }
        words.push(map.province(*province).name.clone());
        words.join(" ")
      }
      Condition::Not(inner) => format!("NOT {}", inner.operand(map)),
      Condition::And(left, right) => format!("{} AND {}", left.render(map), right.operand(map)),
      Condition::Or(left, right) => format!("{} OR {}", left.render(map), right.operand(map)),
    }
  }

  /// Rendered, bracketed unless a unit or a NOT.
  fn operand(&self, map: &Map) -> String {
    match self {
      Condition::And(..) | Condition::Or(..) => format!("({})", self.render(map)),
      _ => self.render(map),
    }
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::position::Unit;

  fn map() -> &'static Map {
    Map::standard().expect("the standard map")
  }

  fn read(text: &str) -> Result<String, ConditionError> {
    parse_condition(map(), text).map(|c| c.render(map()))
  }

  fn board(units: &[(&str, UnitType, &str)]) -> Position {
    let map = map();
    let mut position = Position::empty(map, "F1905M".parse().expect("a phase"));
    for &(power, kind, at) in units {
      let power = map.find_power(power).expect("a power");
      let (_, location) = crate::order::parse_unit(map, at).expect("a place");
      position.place(map, Unit { power, kind, location }).expect("placed");
    }
    position
  }

  fn holds(text: &str, position: &Position) -> bool {
    parse_condition(map(), text).expect("a condition").holds(position)
  }

  #[test]
  fn the_manual_example_reads_as_written() {
    assert_eq!(
      read("NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)").as_deref(),
      Ok("NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)")
    );
  }

  #[test]
  fn power_type_and_province_come_in_any_order_and_abbreviated() {
    for text in ["French Army Ruhr", "army ruh fr", "Ruhr A France", "FRA a RUH", "fr ruh army"] {
      assert_eq!(read(text).as_deref(), Ok("French Army Ruhr"), "{text}");
    }
    assert_eq!(read("Ruh").as_deref(), Ok("Ruhr"));
    assert_eq!(read("F StP/sc").as_deref(), Ok("Fleet St Petersburg"));
    assert_eq!(read("Russian fleet st petersburg").as_deref(), Ok("Russian Fleet St Petersburg"));
  }

  #[test]
  fn a_word_that_could_be_a_power_or_a_province_is_tried_both_ways() {
    assert_eq!(read("Eng").as_deref(), Ok("English Channel"));
    assert_eq!(read("Eng Eng").as_deref(), Ok("English English Channel"));
    assert_eq!(read("English Channel").as_deref(), Ok("English Channel"));
    assert_eq!(
      read("English Fleet English Channel").as_deref(),
      Ok("English Fleet English Channel")
    );
    assert_eq!(read("Tur Con").as_deref(), Ok("Turkish Constantinople"));
  }

  #[test]
  fn and_and_or_go_left_to_right_unless_bracketed() {
    assert_eq!(read("Ber OR Kie AND Mun").as_deref(), Ok("Berlin OR Kiel AND Munich"));
    let position = board(&[("Germany", UnitType::Army, "Ber")]);
    // (Ber OR Kie) AND Mun: false; Ber OR (Kie AND Mun): true.
    assert!(!holds("Ber OR Kie AND Mun", &position));
    assert!(holds("Ber OR (Kie AND Mun)", &position));
    assert_eq!(read("Ber OR (Kie AND Mun)").as_deref(), Ok("Berlin OR (Kiel AND Munich)"));
    assert_eq!(read("NOT (Ber AND Kie)").as_deref(), Ok("NOT (Berlin AND Kiel)"));
  }

  #[test]
  fn the_end_of_the_line_closes_parentheses_and_then_is_optional() {
    assert_eq!(read("Ber AND (Kie OR (Mun").as_deref(), Ok("Berlin AND (Kiel OR Munich)"));
    assert_eq!(read("Ber then").as_deref(), Ok("Berlin"));
    assert_eq!(read("(Ber) THEN").as_deref(), Ok("Berlin"));
    assert_eq!(read("Ber AND Kie.").as_deref(), Ok("Berlin AND Kiel"));
  }

  #[test]
  fn a_condition_holds_for_the_unit_named() {
    let position = board(&[
      ("France", UnitType::Army, "Ruh"),
      ("Russia", UnitType::Army, "Sil"),
      ("England", UnitType::Fleet, "Nth"),
    ]);
    assert!(holds("French Army Ruhr", &position));
    assert!(holds("Ruhr", &position));
    assert!(!holds("French Fleet Ruhr", &position));
    assert!(!holds("German Ruhr", &position));
    assert!(!holds("NOT French Army Ruhr", &position));
    assert!(holds("Russian Prussia OR Russian Silesia", &position));
    assert!(!holds("NOT French Army Ruhr AND (Russian Prussia OR Russian Silesia)", &position));
    assert!(holds("NOT German Ruhr AND (Russian Prussia OR Russian Silesia)", &position));
    assert!(holds("English F North Sea", &position));
    assert!(!holds("Kiel", &position));
  }

  #[test]
  fn mistakes_are_named() {
    let error = |text: &str| parse_condition(map(), text).expect_err(text);
    assert_eq!(error(""), ConditionError::Empty);
    assert!(matches!(error("French Army Xyzzy"), ConditionError::UnknownProvince { .. }));
    assert!(error("French Army Rhur").to_string().contains("Ruh (Ruhr)"));
    assert_eq!(error("French Army"), ConditionError::NoProvince { text: "French Army".into() });
    assert!(matches!(error("Ruhr Kiel"), ConditionError::Unreadable { .. }));
    assert_eq!(error("Ruhr AND"), ConditionError::MissingAfter { what: "AND" });
    assert_eq!(error("NOT"), ConditionError::MissingAfter { what: "NOT" });
    assert!(matches!(error("Ruhr) OR Kiel"), ConditionError::Unexpected { .. }));
    assert!(matches!(error("(Ruhr Kiel) OR Ber"), ConditionError::Unreadable { .. }));
    let deep = format!("{}Ruhr", "(".repeat(100));
    assert_eq!(error(&deep), ConditionError::TooDeep { limit: MAX_DEPTH });
    assert_eq!(error(&"x".repeat(600)), ConditionError::TooLong { limit: MAX_LEN });
  }
}
