//! The offer line (§F.3):
//!
//! ```text
//! [amount] code unit order [| order ...] [% comment]
//! amount $
//! amount := part { + part }     part := [rep *] amt [# [plateau]]
//! code   := :  direct | !  negative | >  any move | @  any hold | &  gift
//! ```
//!
//! A line that starts with a unit is a 0 AgP direct offer (an ordinary
//! order); a line that starts with a code offers 0. Blanks may stand
//! anywhere between the parts of an amount and around the code; letter case
//! does not matter. Alternatives after `|` leave the unit out
//! (`5 : A Par - Bur | - Pic | H`).

use crate::map::{Map, PowerId};
use crate::order::{parse_order, validate_with, Action, Order, OrderError, ParsedOrder, Via};
use crate::phase::PhaseKind;
use crate::position::{unit_text, Position, Unit};

use super::{Reach, Terms};

/// Longer lines are refused before parsing.
const MAX_LEN: usize = 500;

/// The most single offers one sheet may hold, each copy (`3*5`), part
/// (`5+3`) and alternative (`| H`) counted: the resolution re-decides the
/// board once per AgP an overspender's offers fall, so the work must stay
/// bounded whatever a sheet says.
pub const MAX_OFFERS: u32 = 500;

/// How an offer's money is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
  /// `:` the money goes to each listed order.
  Direct,
  /// `!` the money goes to every candidate but the listed orders.
  Negative,
  /// `>` the money goes to every move the unit is offered.
  Move,
  /// `@` the money goes to every hold, support or convoy the unit is offered.
  Hold,
  /// `&` the money goes to whatever the unit does.
  Gift,
}

impl Code {
  /// The sign written for the code.
  pub fn symbol(self) -> char {
    match self {
      Code::Direct => ':',
      Code::Negative => '!',
      Code::Move => '>',
      Code::Hold => '@',
      Code::Gift => '&',
    }
  }

  /// The code a sign stands for.
  pub fn from_symbol(symbol: char) -> Option<Code> {
    match symbol {
      ':' => Some(Code::Direct),
      '!' => Some(Code::Negative),
      '>' => Some(Code::Move),
      '@' => Some(Code::Hold),
      '&' => Some(Code::Gift),
      _ => None,
    }
  }
}

/// One part of an offer's amount: `rep` offers of `amt` AgP each, none
/// reduced below `plateau` while the power's other offers can still fall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amount {
  /// 1–99 copies (always 1 when `amt` is 0).
  pub rep: u8,
  /// 0–9999 AgP.
  pub amt: u32,
  /// At most `amt`; 0 for none.
  pub plateau: u32,
}

/// A line of an offer sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
  /// `25 $`: money kept back from the phase's offers (the amount's parts
  /// summed, copies included).
  Savings(u32),
  Offer(Offer),
}

/// A checked offer to one unit on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
  /// The amount's parts, as written (`2*5#3+4`).
  pub amounts: Vec<Amount>,
  pub code: Code,
  /// The unit as it stands on the board (any power's).
  pub unit: Unit,
  /// The listed orders, in the order written; at least one, no two alike.
  pub orders: Vec<Order>,
}

impl Offer {
  /// How many single offers the line stands for (MAX_OFFERS' measure).
  pub fn count(&self) -> u32 {
    let copies: u32 = self.amounts.iter().map(|a| u32::from(a.rep)).sum();
    copies.saturating_mul(self.orders.len().max(1) as u32)
  }

  /// The money the line offers: Σ rep × amt (LIMIT_OFFERS' measure).
  pub fn total(&self) -> u32 {
    self.amounts.iter().map(|a| u32::from(a.rep) * a.amt).sum()
  }
}

/// What checking a line needs to know.
#[derive(Clone, Copy)]
pub struct Context<'a> {
  pub map: &'a Map,
  /// The movement phase's board.
  pub position: &'a Position,
  /// Who writes the line.
  pub power: PowerId,
  /// Board rules (coastal convoys etc.).
  pub rules: &'a crate::adjudicate::Rules,
  pub terms: &'a Terms,
  /// Per power index: is a dummy (no player).
  pub dummies: &'a [bool],
  /// The lines this power already has on its sheet this phase.
  pub sheet: &'a [Line],
  /// The power's money available: balance − savings, not below 0.
  pub available: u32,
}

/// An offer line the judge will not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OfferError {
  #[error("The offer line is empty.")]
  Empty,

  #[error("The offer line is longer than {limit} characters: write one offer per line.")]
  TooLong { limit: usize },

  #[error(
    "This line would bring your sheet to more than {limit} offers (each copy, each part \
     after '+' and each alternative after '|' counts as one): offer more on fewer lines."
  )]
  TooManyOffers { limit: u32 },

  #[error(
    "'{text}' is not an amount: write whole AgP such as 5, 2*5 (two offers of 5), 10#8 (10, not \
     reduced below 8) or 5+3, with 1 to 99 copies, at most 9999 AgP each, and a plateau no \
     higher than its amount."
  )]
  BadAmount { text: String },

  #[error("This game allows no plateaus (#): write the amount alone, as in '10 : A Par - Bur'.")]
  NoPlateaus,

  #[error(
    "After the amount '{amount}' comes how it is offered: ':' for the order, '!' against it, \
     '>' for any move, '@' for any hold, support or convoy, '&' for whatever the unit does, \
     or '$' to save it; as in '{amount} : A Par - Bur'."
  )]
  NoCode { amount: String },

  #[error("This game allows no savings ($): write only offers.")]
  NoSavings,

  #[error("A savings request takes no plateau (#): write the amount alone, as in '25 $'.")]
  SavingsPlateau,

  #[error("Nothing may follow '$' in a savings request: write it on its own, as in '25 $'.")]
  AfterSavings,

  #[error("The offer names no unit: write the unit and its order after '{code}', as in '5 {code} A Par - Bur'.")]
  NoUnitWritten { code: char },

  /// `error` says what is wrong with the order as written or for the unit.
  #[error("In '{text}': {error}")]
  Order { text: String, error: Box<OrderError> },

  #[error("There is no unit in {place} to offer money to.")]
  NoUnit { place: String },

  #[error(
    "An alternative after '|' is empty: write an order for the {unit} after each '|', as in \
     '5 : A Par - Bur | - Pic | H'."
  )]
  EmptyAlternative { unit: String },

  #[error(
    "A unit cannot be paid to hand its orders to another power: there is no PROXY in Payola."
  )]
  Proxy,

  #[error(
    "In Blind Payola an offer to a unit that is not yours names the unit's type, as in \
     '5 : A {place} H': whether a unit is there is not told."
  )]
  BlindType { place: String },

  #[error(
    "In Blind Payola no offer of 0 AgP may go to a unit that is not yours ('{written}'): \
     offer 1 AgP or more."
  )]
  BlindZero { written: String },

  // ------------------------------------------------------- DIRECT ONLY
  #[error(
    "This game allows one offer per unit (DIRECT ONLY), and your sheet already has one for the \
     {unit}: change that line instead."
  )]
  DirectOnlyTwice { unit: String },

  #[error(
    "This game allows only direct offers, written with ':' (DIRECT ONLY): '{code}' offers are \
     not accepted."
  )]
  DirectOnlyCode { code: char },

  #[error(
    "This game allows one order per offer (DIRECT ONLY): no alternatives with '|'; write the \
     order you pay for."
  )]
  DirectOnlyAlternatives,

  #[error(
    "This game allows a plain amount only (DIRECT ONLY): no copies with '*' and no additions \
     with '+'; write one number, as in '10 : A Par - Bur'."
  )]
  DirectOnlyAmount,

  #[error(
    "With this line your offers would total {total} AgP, more than the {available} AgP you have \
     available (LIMIT OFFERS): lower or drop an offer first."
  )]
  OverLimit { total: u32, available: u32 },

  // ------------------------------------------------------- PAY DUMMIES
  #[error(
    "In this game only dummies' units take money (PAY DUMMIES): order your own {unit} with a \
     plain order, as in 'A Par - Bur', once, without '|'."
  )]
  OwnUnitPaid { unit: String },

  #[error(
    "The {unit} belongs to {owner}, who is played: in this game only dummies' units take money \
     (PAY DUMMIES)."
  )]
  PlayedUnit { unit: String, owner: String },

  // ------------------------------------------------------------ others
  #[error(
    "The {unit} is {owner}'s: another power's unit must be offered at least 1 AgP, as in \
     '1 : {written}'."
  )]
  ZeroToForeign { unit: String, owner: String, written: String },

  #[error(
    "'{order}' is listed twice in the offer to the {unit}: list each order once (two separate \
     lines are two offers)."
  )]
  Duplicate { unit: String, order: String },

  #[error(
    "You may offer money only to units next to one of yours (BRIBES ADJACENT), and the {unit} \
     is not: neither it nor any of your units could support the other to hold."
  )]
  NotAdjacent { unit: String },

  #[error(
    "You may offer money only to units next to none of yours (BRIBES REMOTE), and the {unit} is \
     next to one: one could support the other to hold."
  )]
  NotRemote { unit: String },
}

/// `Army Paris`, `Fleet St Petersburg (south coast)`.
pub(super) fn unit_words(map: &Map, unit: Unit) -> String {
  format!("{} {}", unit.kind.name(), map.location_name(unit.location))
}

/// Reads and checks one line of a power's offer sheet, in the order of
/// §F.3: the amount's form; DIRECT ONLY and LIMIT OFFERS; PAY DUMMIES; 0
/// AgP to a foreign unit; each order valid for the unit (as its owner's);
/// no order twice; the reach of TOUCH and REMOTE bribes.
pub fn parse_line(cx: &Context, text: &str) -> Result<Line, OfferError> {
  if text.len() > MAX_LEN {
    return Err(OfferError::TooLong { limit: MAX_LEN });
  }
  let text = text.split('%').next().unwrap_or_default().trim();
  if text.is_empty() {
    return Err(OfferError::Empty);
  }
  // The amount: digits, `*`, `#`, `+` and blanks up to the code or unit.
  let split = text
    .find(|c: char| !(c.is_ascii_digit() || matches!(c, '*' | '#' | '+') || c.is_whitespace()))
    .unwrap_or(text.len());
  let (amount_text, rest) = text.split_at(split);
  let amount_text: String = amount_text.chars().filter(|c| !c.is_whitespace()).collect();
  let amounts = if amount_text.is_empty() { None } else { Some(amounts(cx.terms, &amount_text)?) };
  let mut chars = rest.chars();
  let first = chars.next();
  if first == Some('$') {
    let Some(amounts) = amounts else {
      return Err(OfferError::BadAmount { text: "$".to_string() });
    };
    if cx.terms.no_savings {
      return Err(OfferError::NoSavings);
    }
    if amount_text.contains('#') {
      return Err(OfferError::SavingsPlateau);
    }
    if !chars.as_str().trim().is_empty() {
      return Err(OfferError::AfterSavings);
    }
    return Ok(Line::Savings(amounts.iter().map(|a| u32::from(a.rep) * a.amt).sum()));
  }
  let (code, orders_text) = match first.and_then(Code::from_symbol) {
    Some(code) => (code, chars.as_str().trim()),
    None if amounts.is_none() => (Code::Direct, rest.trim()),
    None => return Err(OfferError::NoCode { amount: amount_text }),
  };
  if orders_text.is_empty() {
    return Err(OfferError::NoUnitWritten { code: code.symbol() });
  }
  let amounts = amounts.unwrap_or_else(|| vec![Amount { rep: 1, amt: 0, plateau: 0 }]);
  let mut parts = orders_text.split('|').map(str::trim);
  let first_text = parts.next().unwrap_or_default();
  let first = parse_unit_order(cx.map, first_text)?;
  let ParsedOrder::Unit { at, .. } = first else {
    return Err(OfferError::NoUnitWritten { code: code.symbol() });
  };
  // Blind Payola: a unit not the briber's own is not looked for.
  if cx.terms.blind && cx.position.unit_at(at.province).is_none_or(|u| u.power != cx.power) {
    return blind_offer(cx, code, amounts, first, first_text, parts);
  }
  let unit = cx
    .position
    .unit_at(at.province)
    .ok_or_else(|| OfferError::NoUnit { place: cx.map.province(at.province).name.clone() })?;
  let written_unit = unit_text(cx.map, unit);
  let mut parsed = vec![(first_text.to_string(), first)];
  for part in parts {
    if part.is_empty() {
      return Err(OfferError::EmptyAlternative { unit: unit_words(cx.map, unit) });
    }
    parsed.push(alternative(cx.map, &written_unit, at.province, part)?);
  }
  let offer_unit = |p: &Offer| p.unit.location.province == unit.location.province;
  let own = unit.power == cx.power;
  let name = || unit_words(cx.map, unit);
  // DIRECT ONLY and LIMIT OFFERS.
  if cx.terms.direct() {
    if cx.sheet.iter().any(|l| matches!(l, Line::Offer(o) if offer_unit(o))) {
      return Err(OfferError::DirectOnlyTwice { unit: name() });
    }
    if code != Code::Direct {
      return Err(OfferError::DirectOnlyCode { code: code.symbol() });
    }
    if parsed.len() > 1 {
      return Err(OfferError::DirectOnlyAlternatives);
    }
    if amount_text.contains(['*', '+']) {
      return Err(OfferError::DirectOnlyAmount);
    }
  }
  if cx.terms.limit_offers {
    let before: u32 = cx
      .sheet
      .iter()
      .map(|l| match l {
        Line::Offer(o) => o.total(),
        Line::Savings(_) => 0,
      })
      .fold(0, u32::saturating_add);
    let new: u32 = amounts.iter().map(|a| u32::from(a.rep) * a.amt).sum();
    let total = before.saturating_add(new);
    if total > cx.available {
      return Err(OfferError::OverLimit { total, available: cx.available });
    }
  }
  // PAY DUMMIES.
  let dummy = |power: PowerId| cx.dummies.get(power.index()).copied().unwrap_or(false);
  if cx.terms.pay_dummies {
    if own {
      if amounts.iter().any(|a| a.amt != 0)
        || code != Code::Direct
        || parsed.len() > 1
        || cx.sheet.iter().any(|l| matches!(l, Line::Offer(o) if offer_unit(o)))
      {
        return Err(OfferError::OwnUnitPaid { unit: name() });
      }
    } else if !dummy(unit.power) {
      return Err(OfferError::PlayedUnit {
        unit: name(),
        owner: cx.map.power(unit.power).name.clone(),
      });
    }
  }
  // 0 AgP to another power's unit.
  if !own && !cx.terms.zero_foreign && amounts.iter().any(|a| a.amt == 0) {
    return Err(OfferError::ZeroToForeign {
      unit: name(),
      owner: cx.map.power(unit.power).name.clone(),
      written: first_text.to_string(),
    });
  }
  // Each order valid for the unit, as its owner would give it.
  let mut orders: Vec<Order> = Vec::with_capacity(parsed.len());
  for (written, order) in &parsed {
    let checked = validate_with(cx.map, cx.position, unit.power, order, cx.rules)
      .map_err(|error| OfferError::Order { text: written.clone(), error: Box::new(error) })?;
    if matches!(checked.order, Order::Proxy { .. }) {
      return Err(OfferError::Proxy);
    }
    if orders.contains(&checked.order) {
      return Err(OfferError::Duplicate {
        unit: name(),
        order: order_text(cx.map, &checked.order),
      });
    }
    orders.push(checked.order);
  }
  // The reach of TOUCH and REMOTE bribes.
  if cx.terms.reach != Reach::Any && !own && !(cx.terms.cd_dummies && dummy(unit.power)) {
    let near = cx
      .position
      .units_of(cx.power)
      .any(|mine| could_support(cx, mine, unit) || could_support(cx, unit, mine));
    match cx.terms.reach {
      Reach::Adjacent if !near => return Err(OfferError::NotAdjacent { unit: name() }),
      Reach::Remote if near => return Err(OfferError::NotRemote { unit: name() }),
      _ => {}
    }
  }
  within_offers(cx, Offer { amounts, code, unit, orders })
}

/// A Blind Payola offer to a unit that is not the briber's own: its type
/// must be written; each order is checked on a board holding only that
/// unit, so nothing of the real board is told; no 0 AgP (BLIND forbids
/// ZERO_FOREIGN) and, as DIRECT ONLY allows, one line per unit.
fn blind_offer<'t>(
  cx: &Context,
  code: Code,
  amounts: Vec<Amount>,
  first: ParsedOrder,
  first_text: &str,
  parts: impl Iterator<Item = &'t str>,
) -> Result<Line, OfferError> {
  let ParsedOrder::Unit { kind, at, .. } = &first else {
    return Err(OfferError::NoUnitWritten { code: code.symbol() });
  };
  let place = || cx.map.location_name(*at);
  let Some(kind) = *kind else { return Err(OfferError::BlindType { place: place() }) };
  let unit = Unit { power: cx.power, kind, location: *at };
  let mut board = Position::empty(cx.map, cx.position.phase);
  if board.place(cx.map, unit).is_err() {
    return Err(OfferError::NoUnit { place: place() });
  }
  let written_unit = unit_text(cx.map, unit);
  let mut parsed = vec![(first_text.to_string(), first.clone())];
  for part in parts {
    if part.is_empty() {
      return Err(OfferError::EmptyAlternative { unit: unit_words(cx.map, unit) });
    }
    parsed.push(alternative(cx.map, &written_unit, at.province, part)?);
  }
  if amounts.iter().any(|a| a.amt == 0) {
    return Err(OfferError::BlindZero { written: first_text.to_string() });
  }
  let offer_unit = |o: &Offer| o.unit.location.province == at.province;
  if cx.terms.direct() {
    if cx.sheet.iter().any(|l| matches!(l, Line::Offer(o) if offer_unit(o))) {
      return Err(OfferError::DirectOnlyTwice { unit: unit_words(cx.map, unit) });
    }
    if code != Code::Direct {
      return Err(OfferError::DirectOnlyCode { code: code.symbol() });
    }
    if parsed.len() > 1 {
      return Err(OfferError::DirectOnlyAlternatives);
    }
  }
  let rules = crate::adjudicate::Rules { fictional_ok: true, ..cx.rules.clone() };
  let mut orders: Vec<Order> = Vec::with_capacity(parsed.len());
  for (written, order) in &parsed {
    let checked = validate_with(cx.map, &board, cx.power, order, &rules)
      .map_err(|error| OfferError::Order { text: written.clone(), error: Box::new(error) })?;
    if matches!(checked.order, Order::Proxy { .. }) {
      return Err(OfferError::Proxy);
    }
    if orders.contains(&checked.order) {
      return Err(OfferError::Duplicate {
        unit: unit_words(cx.map, unit),
        order: order_text(cx.map, &checked.order),
      });
    }
    orders.push(checked.order);
  }
  within_offers(cx, Offer { amounts, code, unit, orders })
}

/// The offer, when the sheet with it stays within [`MAX_OFFERS`].
fn within_offers(cx: &Context, offer: Offer) -> Result<Line, OfferError> {
  let before: u32 = cx
    .sheet
    .iter()
    .map(|l| match l {
      Line::Offer(o) => o.count(),
      Line::Savings(_) => 0,
    })
    .fold(0, u32::saturating_add);
  if before.saturating_add(offer.count()) > MAX_OFFERS {
    return Err(OfferError::TooManyOffers { limit: MAX_OFFERS });
  }
  Ok(Line::Offer(offer))
}

/// Reads a line accepted earlier back from storage, for `power` on
/// `position`: the form and each order's validity are checked again, but
/// none of the game's terms nor the rest of the sheet (the money available
/// may have changed since, by transfers). An order no longer valid is
/// refused here; [`super::resolve`] ignores such an order instead.
pub fn restore_line(
  map: &Map,
  position: &Position,
  rules: &crate::adjudicate::Rules,
  power: PowerId,
  text: &str,
) -> Result<Line, OfferError> {
  let terms = Terms { zero_foreign: true, ..Terms::default() };
  let cx = Context {
    map,
    position,
    power,
    rules,
    terms: &terms,
    dummies: &[],
    sheet: &[],
    available: u32::MAX,
  };
  parse_line(&cx, text)
}

/// Whether `helper` could support `held` to hold (as its owner's order,
/// SIGNAL_SUPPORT aside).
fn could_support(cx: &Context, helper: Unit, held: Unit) -> bool {
  let order = ParsedOrder::Unit {
    kind: Some(helper.kind),
    at: helper.location,
    action: Action::SupportHold { kind: Some(held.kind), unit: held.location },
  };
  let strict;
  let rules = if cx.rules.signal_support {
    strict = crate::adjudicate::Rules { signal_support: false, ..cx.rules.clone() };
    &strict
  } else {
    cx.rules
  };
  validate_with(cx.map, cx.position, helper.power, &order, rules).is_ok()
}

/// The amount before the code, blanks removed: parts joined by `+`.
fn amounts(terms: &Terms, text: &str) -> Result<Vec<Amount>, OfferError> {
  let bad = |part: &str| OfferError::BadAmount { text: part.to_string() };
  let mut out = Vec::new();
  for part in text.split('+') {
    if part.is_empty() {
      return Err(bad(text));
    }
    let (rep, rest) = match part.split_once('*') {
      Some((rep, rest)) => (rep.parse::<u8>().map_err(|_| bad(part))?, rest),
      None => (1, part),
    };
    let (amt, plateau) = match rest.split_once('#') {
      None => (rest.parse::<u32>().map_err(|_| bad(part))?, 0),
      Some(_) if !terms.plateaus() => return Err(OfferError::NoPlateaus),
      Some((amt, "")) => {
        let amt = amt.parse::<u32>().map_err(|_| bad(part))?;
        (amt, amt)
      }
      Some((amt, plateau)) => {
        (amt.parse::<u32>().map_err(|_| bad(part))?, plateau.parse::<u32>().map_err(|_| bad(part))?)
      }
    };
    if !(1..=99).contains(&rep) || amt > 9999 || plateau > amt {
      return Err(bad(part));
    }
    let rep = if amt == 0 { 1 } else { rep };
    out.push(Amount { rep, amt, plateau });
  }
  Ok(out)
}

/// The first order of a line, which names the unit.
fn parse_unit_order(map: &Map, text: &str) -> Result<ParsedOrder, OfferError> {
  parse_order(map, PhaseKind::Movement, text)
    .map_err(|error| OfferError::Order { text: text.to_string(), error: Box::new(error) })
}

/// An alternative after `|`: the order without its unit (`- Pic`, `H`),
/// or, tolerated, with the same unit written again.
fn alternative(
  map: &Map,
  unit: &str,
  province: crate::map::ProvinceId,
  part: &str,
) -> Result<(String, ParsedOrder), OfferError> {
  let text = format!("{unit} {part}");
  match parse_order(map, PhaseKind::Movement, &text) {
    Ok(order) => Ok((part.to_string(), order)),
    Err(error) => match parse_order(map, PhaseKind::Movement, part) {
      Ok(order @ ParsedOrder::Unit { at, .. }) if at.province == province => {
        Ok((part.to_string(), order))
      }
      _ => Err(OfferError::Order { text: part.to_string(), error: Box::new(error) }),
    },
  }
}

/// The line written back canonically: `5 : A Par - Bur | - Pic`,
/// `10#9 : F Bre - Mid`, `2*5+3 > A Mun - Bur`, `25 $`. A plain order is
/// written as the 0 AgP offer it is (`0 : A Par H`).
pub fn render_line(map: &Map, line: &Line) -> String {
  match line {
    Line::Savings(amount) => format!("{amount} $"),
    Line::Offer(offer) => {
      let mut out = String::with_capacity(48);
      for (i, a) in offer.amounts.iter().enumerate() {
        if i > 0 {
          out.push('+');
        }
        if a.rep > 1 {
          out.push_str(&format!("{}*", a.rep));
        }
        out.push_str(&a.amt.to_string());
        if a.plateau > 0 && a.plateau == a.amt {
          out.push('#');
        } else if a.plateau > 0 {
          out.push_str(&format!("#{}", a.plateau));
        }
      }
      out.push(' ');
      out.push(offer.code.symbol());
      out.push(' ');
      out.push_str(&unit_text(map, offer.unit));
      for (i, order) in offer.orders.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { " | " });
        out.push_str(&order_text(map, order));
      }
      out
    }
  }
}

/// An order in the short form a player writes, without its unit: `H`,
/// `- Bur`, `S A Mar - Bur`, `C A Lon - Nwy`, `- Nth - Nwy`.
pub(super) fn order_text(map: &Map, order: &Order) -> String {
  let loc = |l| map.location_abbr(l);
  let target = |t: Unit| unit_text(map, t);
  match order {
    Order::Hold => "H".to_string(),
    Order::Move { to, via } => {
      let mut out = String::from("-");
      if let Via::Route(route) = via {
        for &sea in route {
          out.push(' ');
          out.push_str(&map.province(sea).abbr);
          out.push_str(" -");
        }
      }
      out.push(' ');
      out.push_str(&loc(*to));
      if let Via::Convoy = via {
        out.push_str(" via convoy");
      }
      out
    }
    Order::SupportHold { target: t } => format!("S {}", target(*t)),
    Order::SupportMove { target: t, to } => format!("S {} - {}", target(*t), loc(*to)),
    Order::Convoy { target: t, to } => {
      format!("C {} - {}", target(*t), map.province(*to).abbr)
    }
    Order::Proxy { power } => format!("P {}", map.power(*power).name),
    Order::Disband => "D".to_string(),
    Order::Transform { into, coast: Some(coast) } => {
      format!("transform to {}/{}", into.letter(), coast.abbr())
    }
    Order::Transform { into, coast: None } => format!("transform to {}", into.letter()),
  }
}

/// Whether an order is a move (what `>` pays for and `@` does not).
pub(super) fn is_move(order: &Order) -> bool {
  matches!(order, Order::Move { .. })
}

/// Whether the order is still one the unit may give on `position` (as
/// its owner's): the unit stands there, and the order, written out and
/// read back, passes the checks.
pub(super) fn still_valid(
  map: &Map,
  position: &Position,
  rules: &crate::adjudicate::Rules,
  unit: Unit,
  order: &Order,
) -> bool {
  if position.unit_at(unit.location.province) != Some(unit) {
    return false;
  }
  if matches!(order, Order::Hold) {
    return true;
  }
  let text = format!("{} {}", unit_text(map, unit), order_text(map, order));
  parse_order(map, PhaseKind::Movement, &text)
    .ok()
    .is_some_and(|parsed| validate_with(map, position, unit.power, &parsed, rules).is_ok())
}
