//! The order language, read with nom.
//!
//! Movement and retreat phases: `[type] loc action`; adjustment phases:
//! `build|remove [type] loc`, `[type] loc [build|remove]` or `waive`. Any
//! letter case, blanks anywhere, a final `.`. Province names come from
//! [`Map::match_prefix`], so full, multi-word and hyphenated names work
//! although `-` is also the move operator.
//!
//! Parsers fail softly (`Fail::Soft`) while another reading may still
//! fit, and hard (`Fail::Hard`) once the player's mistake is certain,
//! which carries the message all the way out.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{alpha1, digit1};
use nom::combinator::{opt, recognize, value};
use nom::sequence::{pair, preceded, terminated};
use nom::Parser;

use super::fail::{self, Fail};
use super::{Action, OrderError, ParsedOrder};
use crate::map::{Coast, Location, Lookup, Map, PowerId, ProvinceId, UnitType};
use crate::phase::PhaseKind;

/// Longer texts are refused before parsing: no order needs them, and name
/// suggestions cost time in the length of the word.
const MAX_LEN: usize = 500;

const HOLD: &[&str] = &["holds", "hold", "h", "stands", "stand"];
/// `r` as the DPjudge and the `diplomacy` package write a retreat
/// (`A BUR R PIC`).
const MOVE: &[&str] = &["moves", "move", "m", "retreats", "retreat", "r"];
const SUPPORT: &[&str] = &["supports", "support", "s"];
const CONVOY: &[&str] = &["convoys", "convoy", "c", "transports", "transport", "t"];
const PROXY: &[&str] = &["proxy", "p"];
const DISBAND: &[&str] = &["disbands", "disband", "d"];
const BUILD: &[&str] = &["builds", "build", "b"];
const REMOVE: &[&str] = &["removes", "remove", "r", "disbands", "disband", "d"];
/// `b` after the unit as the `diplomacy` package writes a build
/// (`A PAR B`).
const BUILD_AFTER: &[&str] = &["builds", "build", "b"];
const REMOVE_AFTER: &[&str] = &["removes", "remove", "disbands", "disband", "d"];
const WAIVE: &[&str] = &["waives", "waive", "w"];
const MAINTAIN: &[&str] = &["maintains", "maintain", "m"];
const MAINTAIN_AFTER: &[&str] = &["maintains", "maintain"];
const TRANSFORM: &[&str] = &["transforms", "transform", "trafo"];
const ARMY: &[&str] = &["army", "a"];
const FLEET: &[&str] = &["fleet", "f"];
const WING: &[&str] = &["wing", "w"];

type Res<'a, T> = fail::Res<'a, T, OrderError>;

/// Whether a line reads as an order, right or wrong: its first word is a
/// unit type or an adjustment keyword, or it starts with (the beginning
/// of) a province's name. `A Par-Mos` is an order line (which may be
/// refused); `Thanks, see you next turn!` or `Cheers, Ann` is not, so a
/// reply can report such a line without counting it as a refused order.
pub fn reads_as_order(map: &Map, line: &str) -> bool {
  let line = line.trim();
  let first: String =
    line.chars().take_while(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
  if first.is_empty() {
    return false;
  }
  [ARMY, FLEET, WING, BUILD, REMOVE, WAIVE, TRANSFORM]
    .iter()
    .any(|words| words.contains(&first.as_str()))
    || matches!(map.match_prefix(line), Ok(_) | Err(Lookup::Ambiguous { .. }))
}

/// Splits a line holding several orders at `,` and `;`.
pub fn split_orders(line: &str) -> impl Iterator<Item = &str> {
  line.split([',', ';']).map(str::trim).filter(|s| !s.is_empty())
}

/// Parses one order written for a phase of the given kind. An order that
/// belongs to another kind of phase is named as such.
pub fn parse_order(map: &Map, kind: PhaseKind, text: &str) -> Result<ParsedOrder, OrderError> {
  check_size(text)?;
  match kind {
    PhaseKind::Adjustment => parse_adjustment(map, text),
    PhaseKind::Movement | PhaseKind::Retreat => parse_unit_order(map, kind, text),
  }
}

/// Parses a unit as written in a position: `A Vie`, `F Stp/sc`, `F spa(sc)`,
/// `Fleet St Petersburg (south coast)`. The type may be left out; a coast is
/// kept as written.
pub fn parse_unit(map: &Map, text: &str) -> Result<(Option<UnitType>, Location), OrderError> {
  check_size(text)?;
  if let Some(unit) = quick::unit_alone(map, text) {
    return Ok(unit);
  }
  finish(whole(text, |i| expect(unit(map, i), "a unit or a province", "", i)))
}

fn check_size(text: &str) -> Result<(), OrderError> {
  if text.len() > MAX_LEN {
    Err(OrderError::TooLong { limit: MAX_LEN })
  } else if !text.bytes().next().is_some_and(|b| b.is_ascii_graphic()) && text.trim().is_empty() {
    // (A visible first character settles it without `trim`, which reads
    // the whole text from both ends a character at a time.)
    Err(OrderError::Empty)
  } else {
    Ok(())
  }
}

fn parse_unit_order(map: &Map, kind: PhaseKind, text: &str) -> Result<ParsedOrder, OrderError> {
  if let Some(order) = quick::unit_order(map, text) {
    return Ok(order);
  }
  let error = match finish(whole(text, |i| unit_order(map, text, i))) {
    Ok(order) => return Ok(order),
    Err(error) => error,
  };
  match finish(whole(text, |i| adjustment_order(map, i))) {
    Ok(
      order @ (ParsedOrder::Build { .. }
      | ParsedOrder::Remove { .. }
      | ParsedOrder::Maintain { .. }
      | ParsedOrder::Transform { .. }
      | ParsedOrder::Waive { .. }),
    ) => Err(OrderError::misplaced_adjustment(&order, kind)),
    _ => Err(error),
  }
}

fn parse_adjustment(map: &Map, text: &str) -> Result<ParsedOrder, OrderError> {
  let error = match finish(whole(text, |i| adjustment_order(map, i))) {
    Ok(order) => return Ok(order),
    Err(error) => error,
  };
  match finish(whole(text, |i| unit_order(map, text, i))) {
    Ok(ParsedOrder::Unit { action, .. }) => {
      Err(OrderError::misplaced_action(&action, PhaseKind::Adjustment))
    }
    _ => Err(error),
  }
}

/// Runs `body` over the whole text: leading blanks, then the body, then
/// only blanks and a final `.`.
fn whole<'a, T>(text: &'a str, body: impl FnOnce(&'a str) -> Res<'a, T>) -> Res<'a, T> {
  let (rest, _) = blank(text)?;
  let (rest, found) = body(rest)?;
  let (rest, _) = end(text, rest)?;
  Ok((rest, found))
}

fn finish<T>(result: Res<'_, T>) -> Result<T, OrderError> {
  result.map(|(_, found)| found).map_err(|error| {
    // Every top-level parser turns its misses into messages; this is a fallback.
    fail::mistake(error).unwrap_or_else(|| OrderError::Expected {
      expected: "a unit or a province",
      after: String::new(),
      found: String::new(),
    })
  })
}

// ------------------------------------------------------------- orders

fn unit_order<'a>(map: &Map, text: &'a str, i: &'a str) -> Res<'a, ParsedOrder> {
  let (rest, (kind, at)) = expect(unit(map, i), "a unit or a province", "", i)?;
  let (rest, action) = action_after(map, text, rest)?;
  Ok((rest, ParsedOrder::Unit { kind, at, action }))
}

/// The action after the unit; its absence is the commonest slip, so it has
/// its own message.
fn action_after<'a>(map: &Map, text: &'a str, i: &'a str) -> Res<'a, Action> {
  let (rest, _) = blank(i)?;
  match action(map, rest) {
    Err(nom::Err::Error(_)) => {
      let order = consumed(text, i).trim().to_string();
      if at_end(rest) {
        hard(OrderError::NoAction { order })
      } else {
        hard(OrderError::Expected {
          expected: "an order (H, -, S, C, P or D)",
          after: order,
          found: first_word(rest),
        })
      }
    }
    other => other,
  }
}

fn action<'a>(map: &Map, i: &'a str) -> Res<'a, Action> {
  alt((
    value(Action::Hold, any_kw(HOLD)),
    value(Action::Disband, any_kw(DISBAND)),
    |j| move_action(map, j),
    |j| support_action(map, j),
    |j| convoy_action(map, j),
    |j| proxy_action(map, j),
    transform_action,
  ))(i)
}

/// `transforms to Army`, `trafo F (sc)`: the new type is always written
/// (manual §6.1), and a fleet's coast after it.
fn transform_action(i: &str) -> Res<'_, Action> {
  let (rest, word) =
    recognize(pair(any_kw(TRANSFORM), opt(preceded(blank, alt((kw("to"), kw("into")))))))(i)?;
  let (rest, into) =
    expect(preceded(blank, unit_type)(rest), "the type to become (A or F)", word, rest)?;
  let (rest, coast) = opt(coast)(rest)?;
  Ok((rest, Action::Transform { into, coast }))
}

/// `- Nth`, or a convoy route `- Nth - Nwy`, and perhaps `via convoy`.
/// Steps after the first become the route only when there are any, so a
/// plain move allocates nothing.
fn move_action<'a>(map: &Map, i: &'a str) -> Res<'a, Action> {
  let (mut rest, mut to) = step(map, i)?;
  let mut route = Vec::new();
  loop {
    match step(map, rest) {
      Ok((after, next)) => {
        route.push(to.province);
        to = next;
        rest = after;
      }
      Err(nom::Err::Error(_)) => break,
      Err(error) => return Err(error),
    }
  }
  let (rest, via_convoy) = via_convoy(rest)?;
  Ok((rest, Action::Move { to, route, via_convoy }))
}

fn step<'a>(map: &Map, i: &'a str) -> Res<'a, Location> {
  let (rest, op) = preceded(blank, move_op)(i)?;
  expect_location(map, op, rest)
}

/// `via convoy` or `by convoy`; or `VIA` alone at the end of the order,
/// as the DPjudge's descendants (the `diplomacy` package, its exports)
/// write a move by convoy: `A LON - NWY VIA`.
fn via_convoy(i: &str) -> Res<'_, bool> {
  let Ok((rest, word)) = preceded(blank, alt((kw("via"), kw("by"))))(i) else {
    return Ok((i, false));
  };
  if word.eq_ignore_ascii_case("via") && at_end(rest) {
    return Ok((rest, true));
  }
  let (rest, _) = expect(preceded(blank, kw("convoy"))(rest), "'convoy'", word, rest)?;
  Ok((rest, true))
}

fn support_action<'a>(map: &Map, i: &'a str) -> Res<'a, Action> {
  let (rest, word) = any_kw(SUPPORT)(i)?;
  let (rest, (kind, from)) =
    expect(preceded(blank, |j| other_unit(map, j))(rest), "the unit to support", word, rest)?;
  match preceded(blank, move_op)(rest) {
    Ok((after, op)) => {
      let (after, to) = expect_location(map, op, after)?;
      Ok((after, Action::SupportMove { kind, from, to }))
    }
    Err(_) => {
      let (rest, _) = opt(preceded(blank, any_kw(HOLD)))(rest)?;
      Ok((rest, Action::SupportHold { kind, unit: from }))
    }
  }
}

fn convoy_action<'a>(map: &Map, i: &'a str) -> Res<'a, Action> {
  let (rest, word) = any_kw(CONVOY)(i)?;
  let (rest, (kind, from)) =
    expect(preceded(blank, |j| other_unit(map, j))(rest), "the army to convoy", word, rest)?;
  let said = consumed(i, rest);
  let (rest, op) =
    expect(preceded(blank, move_op)(rest), "'-' and the army's destination", said, rest)?;
  let (rest, to) = expect_location(map, op, rest)?;
  Ok((rest, Action::Convoy { kind, from, to }))
}

fn proxy_action<'a>(map: &Map, i: &'a str) -> Res<'a, Action> {
  let (rest, word) = recognize(pair(any_kw(PROXY), opt(preceded(blank, kw("to")))))(i)?;
  let (rest, name) = expect(preceded(blank, alpha1)(rest), "a power", word, rest)?;
  match map.find_power(name) {
    Some(power) => Ok((rest, Action::Proxy { power })),
    None => hard(OrderError::UnknownPower { text: name.to_string() }),
  }
}

fn adjustment_order<'a>(map: &Map, i: &'a str) -> Res<'a, ParsedOrder> {
  alt((
    |j| waive(map, j),
    |j| transform_first(map, j),
    |j| adjustment_first(map, j),
    |j| adjustment_last(map, j),
  ))(i)
}

/// `transform A Brest`, `trafo f spa/sc`: the word, the type the unit is
/// to become, and where it stands (its present type is not written).
fn transform_first<'a>(map: &Map, i: &'a str) -> Res<'a, ParsedOrder> {
  let (rest, word) = any_kw(TRANSFORM)(i)?;
  let (rest, into) =
    expect(preceded(blank, unit_type)(rest), "the type to become (A or F)", word, rest)?;
  let (rest, at) = expect_location(map, word, rest)?;
  Ok((rest, ParsedOrder::Transform { into, at }))
}

/// `waive`, perhaps with a count that one order cannot honour anyway, or
/// with the power whose build it is (`waive France`: a player of several
/// powers, in a duplex game).
fn waive<'a>(map: &Map, i: &'a str) -> Res<'a, ParsedOrder> {
  let (rest, _) = any_kw(WAIVE)(i)?;
  if let Ok((after, power)) = preceded(blank, |j| power_word(map, j))(rest) {
    return Ok((after, ParsedOrder::Waive { power: Some(power) }));
  }
  let (rest, _) = opt(preceded(blank, digit1))(rest)?;
  // `W Vie` is a wing, not a waive: give way unless the order ends here.
  if !at_end(rest) {
    return soft();
  }
  Ok((rest, ParsedOrder::Waive { power: None }))
}

/// What an adjustment order does with the unit or place it names.
#[derive(Clone, Copy)]
enum Verb {
  Build,
  Remove,
  Maintain,
}

/// `build A Lon`, `remove A Tun`, `maintain A Vie`.
fn adjustment_first<'a>(map: &Map, i: &'a str) -> Res<'a, ParsedOrder> {
  let (rest, (word, verb)) = alt((
    any_kw(BUILD).map(|w| (w, Verb::Build)),
    any_kw(REMOVE).map(|w| (w, Verb::Remove)),
    any_kw(MAINTAIN).map(|w| (w, Verb::Maintain)),
  ))(i)?;
  let (rest, (kind, at)) = expect(preceded(blank, |j| unit(map, j))(rest), "a unit", word, rest)?;
  Ok((rest, adjustment(verb, kind, at)))
}

/// `F lon build`, `A ber disband`, `A vie maintain`, or just `F StP/sc`.
fn adjustment_last<'a>(map: &Map, i: &'a str) -> Res<'a, ParsedOrder> {
  let (rest, (kind, at)) = expect(unit(map, i), "a unit or a province", "", i)?;
  let verb = alt((
    value(Verb::Build, any_kw(BUILD_AFTER)),
    value(Verb::Remove, any_kw(REMOVE_AFTER)),
    value(Verb::Maintain, any_kw(MAINTAIN_AFTER)),
  ));
  let (rest, verb) = opt(preceded(blank, verb))(rest)?;
  match verb {
    Some(verb) => Ok((rest, adjustment(verb, kind, at))),
    None => Ok((rest, ParsedOrder::BuildOrRemove { kind, at })),
  }
}

fn adjustment(verb: Verb, kind: Option<UnitType>, at: Location) -> ParsedOrder {
  match verb {
    Verb::Build => ParsedOrder::Build { kind, at },
    Verb::Remove => ParsedOrder::Remove { kind, at },
    Verb::Maintain => ParsedOrder::Maintain { kind, at },
  }
}

// ------------------------------------------------------------ fast path

/// The shapes nearly every order takes (`A Vie - Gal`, `F Lon H`,
/// `A Bud S A Vie - Gal`, `F Nth C A Yor - Nwy`), read word by word
/// without nom's alternatives and backtracking, several times faster.
/// `None` means "not one of these for sure", and the nom grammar then
/// reads the text: this path only ever accepts what the grammar reads the
/// same way, so every message and every odd spelling stays the grammar's.
mod quick {
  use super::{CONVOY, DISBAND, FLEET, HOLD, SUPPORT};
  use crate::map::{Coast, Location, Map, UnitType};
  use crate::order::{Action, ParsedOrder};

  /// The blank-separated words of an order, read one at a time.
  struct Words<'t> {
    /// The word under the cursor.
    current: Option<&'t str>,
    /// What follows it.
    rest: &'t str,
  }

  impl<'t> Words<'t> {
    /// The words of `text`, without a final `.` (which the grammar takes
    /// after a keyword, and as part of a last province name, which means
    /// the same). `None` for text this path leaves to the grammar.
    fn of(text: &'t str) -> Option<Words<'t>> {
      if !text.is_ascii() {
        return None;
      }
      let text = trim_blanks(text);
      let mut words = Words { current: None, rest: text.strip_suffix('.').unwrap_or(text) };
      words.advance();
      Some(words)
    }

    fn advance(&mut self) {
      let rest = self.rest;
      let start = rest.bytes().position(|b| !b.is_ascii_whitespace()).unwrap_or(rest.len());
      let rest = &rest[start..];
      let end = rest.bytes().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len());
      let (word, rest) = rest.split_at(end);
      self.current = (!word.is_empty()).then_some(word);
      self.rest = rest;
    }

    fn peek(&self) -> Option<&'t str> {
      self.current
    }

    fn take(&mut self) -> Option<&'t str> {
      let word = self.current?;
      self.advance();
      Some(word)
    }

    fn at_end(&self) -> bool {
      self.current.is_none()
    }

    /// The next word when it is one of `keywords`, in any letter case.
    fn keyword(&mut self, keywords: &[&str]) -> bool {
      let found = self.peek().is_some_and(|w| keywords.iter().any(|k| w.eq_ignore_ascii_case(k)));
      if found {
        self.advance();
      }
      found
    }

    /// `-` or `->`; the move words (`moves to`) are the grammar's.
    fn arrow(&mut self) -> bool {
      self.keyword(&["-", "->"])
    }
  }

  /// `text.trim()` for ASCII text, a byte at a time rather than a
  /// character at a time: the blanks `str::trim` drops from ASCII are tab,
  /// line feed, vertical tab, form feed, carriage return and space.
  fn trim_blanks(text: &str) -> &str {
    let blank = |b: &u8| matches!(b, b'\t'..=b'\r' | b' ');
    let start = text.bytes().position(|b| !blank(&b)).unwrap_or(text.len());
    let end = text.bytes().rposition(|b| !blank(&b)).map_or(start, |last| last + 1);
    text.get(start..end).unwrap_or("")
  }

  pub(super) fn unit_order(map: &Map, text: &str) -> Option<ParsedOrder> {
    let mut words = Words::of(text)?;
    let (kind, at) = unit(map, &mut words)?;
    let action = if words.keyword(HOLD) {
      Action::Hold
    } else if words.keyword(DISBAND) {
      Action::Disband
    } else if words.arrow() {
      let mut to = location(map, words.take()?)?;
      let mut route = Vec::new();
      while words.arrow() {
        route.push(to.province);
        to = location(map, words.take()?)?;
      }
      Action::Move { to, route, via_convoy: false }
    } else if words.keyword(SUPPORT) {
      let (kind, from) = other_unit(map, &mut words)?;
      if words.arrow() {
        Action::SupportMove { kind, from, to: location(map, words.take()?)? }
      } else {
        words.keyword(HOLD);
        Action::SupportHold { kind, unit: from }
      }
    } else if words.keyword(CONVOY) {
      let (kind, from) = other_unit(map, &mut words)?;
      if !words.arrow() {
        return None;
      }
      Action::Convoy { kind, from, to: location(map, words.take()?)? }
    } else {
      return None;
    };
    words.at_end().then_some(ParsedOrder::Unit { kind, at, action })
  }

  /// A unit as a position lists it: `A Vie`, `F Stp/sc`, `Lon`.
  pub(super) fn unit_alone(map: &Map, text: &str) -> Option<(Option<UnitType>, Location)> {
    // One word of letters and digits (a centre as requests list them,
    // `Bud`) is a place unless it names a type: what `unit` makes of it,
    // without splitting words.
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric());
    if plain && !super::ARMY.iter().chain(FLEET).any(|k| text.eq_ignore_ascii_case(k)) {
      return Some((None, Location::province(map.province_word(text)?)));
    }
    // A type letter, one space and one word with no dot (a unit as
    // requests list them, `A Bud`, `F Stp/sc`): what `unit` makes of it.
    if let [letter @ (b'A' | b'a' | b'F' | b'f'), b' ', place @ ..] = text.as_bytes() {
      if !place.is_empty() && place.iter().all(|&b| b.is_ascii_graphic() && b != b'.') {
        let kind =
          if letter.eq_ignore_ascii_case(&b'a') { UnitType::Army } else { UnitType::Fleet };
        return Some((Some(kind), location(map, text.get(2..)?)?));
      }
    }
    let mut words = Words::of(text)?;
    let unit = unit(map, &mut words)?;
    words.at_end().then_some(unit)
  }

  /// `[type] place`. The grammar takes a type word followed by anything
  /// but a letter or digit as the type, so `A/Vie` is left to it.
  fn unit(map: &Map, words: &mut Words) -> Option<(Option<UnitType>, Location)> {
    let word = words.take()?;
    let head = word.as_bytes().iter().position(|&b| b == b'/').map_or(word, |end| &word[..end]);
    let kind = if super::ARMY.iter().any(|k| head.eq_ignore_ascii_case(k)) {
      UnitType::Army
    } else if FLEET.iter().any(|k| head.eq_ignore_ascii_case(k)) {
      UnitType::Fleet
    } else {
      return Some((None, location(map, word)?));
    };
    if head.len() != word.len() {
      return None;
    }
    Some((Some(kind), location(map, words.take()?)?))
  }

  /// A supported or convoyed unit. A word that may name a power is the
  /// grammar's (`S Austrian A Tri`, `S Eng - Bel`).
  fn other_unit(map: &Map, words: &mut Words) -> Option<(Option<UnitType>, Location)> {
    let word = words.peek()?;
    let end = word.bytes().position(|b| !b.is_ascii_alphabetic()).unwrap_or(word.len());
    let letters = &word[..end];
    if !letters.is_empty() && map.find_power(letters).is_some() {
      return None;
    }
    unit(map, words)
  }

  /// `Vie`, `Stp/sc`. A place followed by a coast word (`Spa sc`) is left
  /// to the grammar, as is any name of several words.
  fn location(map: &Map, word: &str) -> Option<Location> {
    let (name, coast) = match word.as_bytes().iter().position(|&b| b == b'/') {
      Some(slash) => (&word[..slash], Some(&word[slash + 1..])),
      None => (word, None),
    };
    let province = map.province_word(name)?;
    let coast = match coast {
      Some(coast) => Some(coast_word(coast)?),
      None => None,
    };
    Some(Location { province, coast })
  }

  fn coast_word(word: &str) -> Option<Coast> {
    if !word.bytes().all(|b| b.is_ascii_alphabetic()) {
      return None;
    }
    super::coast_word(word)
  }
}

// -------------------------------------------------------- units and places

/// `[type] province [coast]`.
fn unit<'a>(map: &Map, i: &'a str) -> Res<'a, (Option<UnitType>, Location)> {
  let (rest, kind) = opt(recognize(terminated(unit_type, blank)))(i)?;
  let Some(word) = kind else {
    let (rest, at) = location(map, i)?;
    return Ok((rest, (None, at)));
  };
  let (_, kind) = unit_type(word)?;
  let (rest, at) = expect_location(map, word, rest)?;
  Ok((rest, (Some(kind), at)))
}

/// A supported or convoyed unit, perhaps after its power's name (`S Austrian
/// A Tri`, DATC 4.C.5), which is ignored. `S Eng - Bel` names a province
/// that starts like a power, so the word is tried both ways.
fn other_unit<'a>(map: &Map, i: &'a str) -> Res<'a, (Option<UnitType>, Location)> {
  if let Ok((rest, _)) = power_word(map, i) {
    if let Ok(found) = preceded(take_while1(char::is_whitespace), |j| unit(map, j))(rest) {
      return Ok(found);
    }
  }
  unit(map, i)
}

fn power_word<'a>(map: &Map, i: &'a str) -> Res<'a, PowerId> {
  let (rest, word) = alpha1(i)?;
  match map.find_power(word) {
    Some(power) => Ok((rest, power)),
    None => soft(),
  }
}

fn unit_type(i: &str) -> Res<'_, UnitType> {
  alt((
    value(UnitType::Army, any_kw(ARMY)),
    value(UnitType::Fleet, any_kw(FLEET)),
    value(UnitType::Wing, any_kw(WING)),
  ))(i)
}

fn expect_location<'a>(map: &Map, after: &str, i: &'a str) -> Res<'a, Location> {
  expect(preceded(blank, |j| location(map, j))(i), "a province", after, i)
}

fn location<'a>(map: &Map, i: &'a str) -> Res<'a, Location> {
  let (rest, province) = province(map, i)?;
  let (rest, coast) = opt(coast)(rest)?;
  Ok((rest, Location { province, coast }))
}

/// A province name; a name that is wrong (rather than absent) is final.
fn province<'a>(map: &Map, i: &'a str) -> Res<'a, ProvinceId> {
  match map.match_prefix(i) {
    Ok((id, used)) => i.get(used..).map_or_else(soft, |rest| Ok((rest, id))),
    Err(Lookup::Ambiguous { text, candidates }) => {
      let candidates = candidates.iter().map(|&c| map.province(c).name.clone()).collect();
      hard(OrderError::AmbiguousProvince { text, candidates })
    }
    Err(Lookup::Unknown { text, suggestions }) if !text.is_empty() => {
      let suggestions = suggestions
        .iter()
        .map(|&s| format!("{} ({})", map.province(s).abbr, map.province(s).name))
        .collect();
      hard(OrderError::UnknownProvince { text, suggestions })
    }
    Err(_) => soft(),
  }
}

/// `/sc`, `(south coast)`, or a blank and a coast word of two letters or
/// more (a bare ` s` is the support keyword).
fn coast(i: &str) -> Res<'_, Coast> {
  alt((slash_coast, paren_coast, spaced_coast))(i)
}

fn slash_coast(i: &str) -> Res<'_, Coast> {
  let (rest, slash) = preceded(blank, tag("/"))(i)?;
  let (rest, _) = blank(rest)?;
  coast_name(slash, rest)
}

fn paren_coast(i: &str) -> Res<'_, Coast> {
  let (start, open) = preceded(blank, tag("("))(i)?;
  let (rest, _) = blank(start)?;
  let (rest, coast) = coast_name(open, rest)?;
  let said = consumed(i, rest);
  let (rest, _) = expect(preceded(blank, tag(")"))(rest), "')'", said, rest)?;
  Ok((rest, coast))
}

fn spaced_coast(i: &str) -> Res<'_, Coast> {
  let (rest, _) = take_while1(char::is_whitespace)(i)?;
  let (rest, words) = coast_words(rest)?;
  let word = words.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or_default();
  match coast_word(word) {
    Some(coast) if word.len() > 1 => Ok((rest, coast)),
    _ => soft(),
  }
}

/// The coast after `/` or `(`, where any coast word is allowed and nothing
/// else is.
fn coast_name<'a>(after: &str, i: &'a str) -> Res<'a, Coast> {
  let (rest, words) = expect(coast_words(i), "a coast", after, i)?;
  let word = words.split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or_default();
  match coast_word(word) {
    Some(coast) => Ok((rest, coast)),
    None => hard(OrderError::UnknownCoast { text: words.to_string() }),
  }
}

/// The coast a word names in any letter case, folded on the stack: the
/// parser asks this of the word after every province.
fn coast_word(word: &str) -> Option<Coast> {
  // No coast word is longer ("ncoast").
  let mut folded = [0u8; 6];
  let head = folded.get_mut(..word.len())?;
  head.copy_from_slice(word.as_bytes());
  head.make_ascii_lowercase();
  Coast::from_word(std::str::from_utf8(head).ok()?)
}

/// `sc`, `s`, `south`, `south coast`.
fn coast_words(i: &str) -> Res<'_, &str> {
  recognize(pair(alpha1, opt(preceded(blank, kw("coast")))))(i)
}

// ---------------------------------------------------------------- tokens

/// `-`, `->`, `m`, `move`, `moves to`, `retreat to` and the like.
fn move_op(i: &str) -> Res<'_, &str> {
  let words = pair(any_kw(MOVE), opt(preceded(blank, kw("to"))));
  recognize(alt((value((), tag("->")), value((), tag("-")), value((), words))))(i)
}

/// A keyword in any letter case, not running on into a name (`m` must not
/// take the start of `Mun`).
fn kw(word: &'static str) -> impl Fn(&str) -> Res<'_, &str> {
  move |i: &str| match (i.get(..word.len()), i.get(word.len()..)) {
    (Some(head), Some(rest))
      if head.eq_ignore_ascii_case(word) && !rest.starts_with(char::is_alphanumeric) =>
    {
      Ok((rest, head))
    }
    _ => soft(),
  }
}

fn any_kw(words: &'static [&'static str]) -> impl Fn(&str) -> Res<'_, &str> {
  move |i: &str| words.iter().find_map(|w| kw(w)(i).ok()).map_or_else(soft, Ok)
}

/// Blanks, possibly none.
fn blank(i: &str) -> Res<'_, &str> {
  take_while(char::is_whitespace)(i)
}

/// Only blanks and a final `.` may follow an order.
fn end<'a>(text: &str, i: &'a str) -> Res<'a, ()> {
  if at_end(i) {
    Ok(("", ()))
  } else {
    hard(OrderError::Expected {
      expected: "the end of the order",
      after: consumed(text, i).trim().to_string(),
      found: first_word(i),
    })
  }
}

fn at_end(i: &str) -> bool {
  let rest = i.trim_start();
  rest.strip_prefix('.').unwrap_or(rest).trim().is_empty()
}

/// Turns a soft miss into the message naming what was missing.
fn expect<'a, T>(
  result: Res<'a, T>,
  expected: &'static str,
  after: &str,
  i: &'a str,
) -> Res<'a, T> {
  match result {
    Err(nom::Err::Error(Fail::Soft)) => {
      hard(OrderError::Expected { expected, after: after.trim().to_string(), found: first_word(i) })
    }
    other => other,
  }
}

/// The text of `whole` before its suffix `rest`.
fn consumed<'a>(whole: &'a str, rest: &str) -> &'a str {
  whole.get(..whole.len().saturating_sub(rest.len())).unwrap_or(whole)
}

/// The next word, short enough to quote in a message.
fn first_word(i: &str) -> String {
  i.split_whitespace().next().unwrap_or_default().chars().take(24).collect()
}

fn soft<'a, T>() -> Res<'a, T> {
  Err(nom::Err::Error(Fail::Soft))
}

fn hard<'a, T>(error: OrderError) -> Res<'a, T> {
  fail::hard(error)
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_line_reads_as_an_order_by_its_first_word_or_province() {
    let map = Map::standard().expect("standard map");
    for order in ["A Par-Mos", "f lon h", "Build A Par", "waive", "Par - Bur", "Bur S Par", "d Kie"]
    {
      assert!(reads_as_order(map, order), "{order}");
    }
    for other in ["Thanks, see you next turn!", "Cheers, Ann", "", "-- ", "Kind regards"] {
      assert!(!reads_as_order(map, other), "{other}");
    }
  }

  /// A move ending in `VIA` alone is a move by convoy, as `via convoy`
  /// is; `VIA` followed by anything else still wants `convoy`.
  #[test]
  fn a_move_ending_in_via_goes_by_convoy() {
    let map = Map::standard().expect("standard map");
    let by_convoy = parse_order(map, PhaseKind::Movement, "A Lon - Nwy via convoy");
    for text in ["A LON - NWY VIA", "a lon - nwy via", "A Lon-Nwy via.", "A Lon - Nwy VIA  "] {
      assert_eq!(parse_order(map, PhaseKind::Movement, text), by_convoy, "{text}");
    }
    assert!(matches!(
      by_convoy,
      Ok(ParsedOrder::Unit { action: Action::Move { via_convoy: true, .. }, .. })
    ));
    for text in ["A Lon - Nwy via fleet", "A Lon - Nwy by"] {
      assert!(parse_order(map, PhaseKind::Movement, text).is_err(), "{text}");
    }
  }

  /// The `diplomacy` package's letters: `R` for a retreat, `B` after the
  /// unit for a build, as the judge's own words read.
  #[test]
  fn the_diplomacy_packages_retreats_and_builds_read() {
    let map = Map::standard().expect("standard map");
    let same = |kind, theirs: &str, ours: &str| {
      let (a, b) = (parse_order(map, kind, theirs), parse_order(map, kind, ours));
      assert!(a.is_ok(), "{theirs}: {a:?}");
      assert_eq!(a, b, "{theirs}");
    };
    same(PhaseKind::Retreat, "A BUR R PIC", "A Bur - Pic");
    same(PhaseKind::Retreat, "F SPA/SC R WES", "F Spa/sc retreat Wes");
    same(PhaseKind::Adjustment, "A PAR B", "Build A Par");
    same(PhaseKind::Adjustment, "F STP/NC B", "Build F Stp/nc");
    same(PhaseKind::Adjustment, "A PAR D", "Remove A Par");
  }

  /// The grammar alone, without the fast path.
  fn grammar(map: &Map, text: &str) -> Result<ParsedOrder, OrderError> {
    finish(whole(text, |i| unit_order(map, text, i)))
  }

  /// Words the generator strings together: every spelling shape the fast
  /// path sees or must refuse.
  fn pieces(map: &Map) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    for province in map.provinces() {
      pieces.push(province.abbr.clone());
      pieces.push(province.abbr.to_uppercase());
      pieces.push(province.name.clone());
      pieces.extend(province.aliases.iter().cloned());
      for coast in ["sc", "nc", "ec", "s", "south", "x", ""] {
        pieces.push(format!("{}/{coast}", province.abbr));
      }
      pieces.push(format!("{}.", province.abbr));
    }
    for power in map.powers() {
      pieces.push(power.name.clone());
      pieces.push(power.adjective.clone());
    }
    let words = "A F a f Army FLEET A/Vie F/Lon H hold Holds stand D disband - -> -- -Gal S \
      supports C convoy T transports M move to via convoy P proxy sc nc south coast (sc) . .. Eng \
      Ger Gal. x é 1 Vie' \u{b}";
    pieces.extend(words.split(' ').filter(|w| !w.is_empty()).map(String::from));
    pieces
  }

  #[test]
  fn the_fast_path_reads_as_the_grammar_does() {
    let map = Map::standard().expect("standard map");
    let pieces = pieces(map);
    let mut rng =
      <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0x2545_F491_4F6C_DD1D_u64);
    let mut next = |n: usize| rand::RngExt::random_range(&mut rng, 0..n);
    let shapes: &[&[usize]] = &[
      // 0 unit, 1 keyword slot filled from pieces, 2 province
      &[0, 2, 1, 2],
      &[0, 2, 1],
      &[0, 2, 1, 0, 2, 1, 2],
      &[0, 2, 1, 0, 2],
      &[0, 2, 1, 2, 1, 2],
      &[2, 1, 2],
      &[0, 2, 1, 2, 1],
      &[1, 1, 1, 1, 1],
    ];
    let units = ["A", "F", "a", "Fleet", "army", "Ger", ""];
    let keywords = ["-", "->", "H", "S", "C", "D", "hold", "support", "convoy", "t"];
    let mut fast = 0;
    for _ in 0..200_000 {
      let shape = shapes[next(shapes.len())];
      let mut words: Vec<String> = Vec::new();
      for &slot in shape {
        let word = match (slot, next(4)) {
          (0, _) => units[next(units.len())].to_string(),
          (1, 0) => pieces[next(pieces.len())].clone(),
          (1, _) => keywords[next(keywords.len())].to_string(),
          (_, 0) => pieces[next(pieces.len())].clone(),
          _ => map.provinces()[next(map.provinces().len())].abbr.clone(),
        };
        words.push(word);
      }
      let blank = [" ", "  ", " \t", " "][next(4)];
      let mut text = words.join(blank);
      match next(6) {
        0 => text.push('.'),
        1 => text.push_str(" ."),
        2 => text = format!(" {text} "),
        _ => {}
      }
      if let Some(order) = quick::unit_order(map, &text) {
        fast += 1;
        assert_eq!(Ok(order), grammar(map, &text), "{text:?}");
      }
      let unit = words[..words.len().min(1 + next(2))].join(blank);
      if let Some(found) = quick::unit_alone(map, &unit) {
        let grammar = finish(whole(&unit, |i| expect(super::unit(map, i), "a unit", "", i)));
        assert_eq!(Ok(found), grammar, "{unit:?}");
      }
    }
    assert!(fast > 20_000, "the generator reaches the fast path: {fast}");
  }

  #[test]
  fn common_shapes_take_the_fast_path() {
    let map = Map::standard().expect("standard map");
    for text in [
      "A Vie - Gal",
      "F Lon H",
      "A Bud S A Vie - Gal",
      "A Bud S A Vie",
      "F Nth C A Yor - Nwy",
      "F Stp/sc - Bot",
      "a vienna -> galicia.",
      "A Lon - Nth - Nwy",
      "A Mun D",
    ] {
      let order = quick::unit_order(map, text);
      assert!(order.is_some(), "{text}");
      assert_eq!(order.ok_or(OrderError::Empty), grammar(map, text), "{text}");
    }
  }
}
