//! The Payola game type (the DPjudge's, issue 27): each power has a
//! treasury, and in movement phases units follow whoever pays them most.
//!
//! A power's movement orders are an *offer sheet*: lines of bribes
//! (`crate::payola` reads and resolves them). The sheet is kept as written
//! and read again when the phase is processed, when every unit on the
//! board takes the order it was paid most for; the powers pay for what
//! their units and the others' did, and each gets its ledger. Retreats
//! and adjustments are ordered as usual. Money comes at the end of each
//! year, as income from the centres (or, under ZEROSUM, from the bribes
//! the power's units took and the treasuries it captured), and may be
//! given away with TRANSFER. Each power's acceptance list (SET ACCEPT)
//! breaks ties between bribes to its units.
//!
//! What is secret: each power's balance, sheet and ledger are seen only by
//! it and the Masters; the results show only the orders carried out.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::variant::UnknownRule;
use super::Game;
use crate::map::{Map, PowerId};
use crate::order::{render_order, UnitOrder};
use crate::payola::{self, Bidder, Line, Reach, Tax, Terms};
use crate::phase::PhaseKind;

/// The most lines one offer sheet may have.
pub const MAX_LINES: usize = 100;

/// Every power's money, kept in the game's file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasury {
  /// Each power's purse, by the power's name.
  #[serde(default)]
  pub purses: Vec<Purse>,
  /// Each movement turn played, the Masters' chart of who paid what:
  /// secret while the game runs, published when it ends (the Payola FAQ:
  /// "all bribe histories become public").
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub charts: Vec<PlayedChart>,
}

/// One movement turn's chart, as the Masters got it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedChart {
  /// The phase, as `S1901M`.
  pub phase: String,
  pub text: String,
}

/// One power's money and what it has written for the current phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Purse {
  pub power: String,
  /// Silver pieces (AgP), whole.
  pub balance: u32,
  /// The acceptance list: power initials, best first; `?` stands for the
  /// powers not named, in an order drawn each phase.
  pub accept: String,
  /// The offer sheet for the current movement phase, line by line as
  /// read back ([`payola::render_line`]).
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub sheet: Vec<String>,
  /// ONE_TRANSFER: the powers paid this phase.
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub sent: Vec<String>,
  /// ZEROSUM: what its units were paid this year, income at its end.
  #[serde(default, skip_serializing_if = "is_zero")]
  pub accrued: u32,
  /// ZEROSUM: the centres it owned when the year began.
  #[serde(default, skip_serializing_if = "is_zero")]
  pub year_centres: u32,
  /// Transfers in and out since its last ledger, for the next one.
  #[serde(default, skip_serializing_if = "Vec::is_empty")]
  pub notes: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
  *n == 0
}

impl Treasury {
  pub fn is_empty(&self) -> bool {
    self.purses.is_empty() && self.charts.is_empty()
  }

  pub fn purse(&self, map: &Map, power: PowerId) -> Option<&Purse> {
    let name = &map.power(power).name;
    self.purses.iter().find(|p| &p.power == name)
  }

  pub fn purse_mut(&mut self, map: &Map, power: PowerId) -> &mut Purse {
    let name = map.power(power).name.clone();
    if let Some(index) = self.purses.iter().position(|p| p.power == name) {
      return &mut self.purses[index];
    }
    self.purses.push(Purse { power: name, ..Purse::default() });
    let last = self.purses.len() - 1;
    &mut self.purses[last]
  }

  /// A power's balance (0 when it has no purse).
  pub fn balance(&self, map: &Map, power: PowerId) -> u32 {
    self.purse(map, power).map_or(0, |p| p.balance)
  }

  /// Checks that every purse names a power of the map and every
  /// acceptance list reads (a file read back could say anything).
  pub fn check(&self, map: &Map) -> Result<(), String> {
    for purse in &self.purses {
      if map.find_power(&purse.power).is_none() {
        return Err(format!("a Payola purse for '{}', not a power of the map", purse.power));
      }
      if let Err(error) = read_accept(map, &purse.accept) {
        return Err(format!("{}'s acceptance list: {error}", purse.power));
      }
    }
    Ok(())
  }
}

/// Why a Payola game does not take a rule, if it does not (the DPjudge's
/// `VARIANT payola` line: PROXY_OK and NO_CHECK are refused, FICTIONAL_OK
/// too but through BLIND; and RESTRICT_SIGNAL, a rule of the DPjudge's
/// code alone, is not played).
pub fn refused_rule(name: &str, on: bool) -> Option<UnknownRule> {
  let game_type = "Payola";
  match (name, on) {
    ("PROXY_OK" | "NO_CHECK" | "FICTIONAL_OK" | "RESTRICT_SIGNAL", true) => {
      Some(UnknownRule::NotPlayedIn { rule: name.to_string(), game_type })
    }
    ("ORDER_ANY", false) => Some(UnknownRule::Forced { rule: name.to_string(), game_type }),
    _ => None,
  }
}

/// Reads an acceptance list (`FE?`): power initials, each at most once,
/// and `?`; a `?` is added at the end unless every power is named.
pub fn read_accept(map: &Map, letters: &str) -> Result<String, AcceptError> {
  let mut list = String::new();
  for c in letters.chars().filter(|c| !c.is_whitespace()) {
    let c = c.to_ascii_uppercase();
    if c != '?' && map.power_by_initial(c).is_none() {
      return Err(AcceptError::NotAnInitial(c));
    }
    if list.contains(c) {
      return Err(AcceptError::Twice(c));
    }
    list.push(c);
  }
  let named = list.chars().filter(|&c| c != '?').count();
  if !list.contains('?') && named < map.powers().len() {
    list.push('?');
  }
  Ok(list)
}

/// A SET ACCEPT list that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AcceptError {
  #[error("'{0}' is not the initial of a power of this map")]
  NotAnInitial(char),
  #[error("'{0}' is named twice")]
  Twice(char),
}

/// A TRANSFER the judge does not make.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransferError {
  #[error("Transfers are not allowed in this game (NO_TRANSFER).")]
  NotAllowed,
  #[error("An amount of money must be more than nothing.")]
  Nothing,
  #[error("You have only {balance} AgP: you cannot give {amount}.")]
  TooMuch { balance: u32, amount: u32 },
  #[error("Money goes to another power, not to yourself.")]
  ToSelf,
  #[error("{0} is a dummy: money may not be given to it here (VASSAL_DUMMIES).")]
  ToDummy(String),
  #[error("A power with no centres may not give money away (NO_DONATIONS).")]
  Doomed,
  #[error("A dummy's money may not be given away (NO_LOOTING).")]
  Looting,
  #[error("You have already given {0} money this phase: one transfer each (ONE_TRANSFER).")]
  Once(String),
  #[error("Money can change hands only while the game is being played.")]
  NotPlaying,
}

/// What processing a Payola movement phase did with the money.
#[derive(Clone, Debug, Default)]
pub struct Bought {
  /// Each power's ledger, to it alone (and the Masters), unless
  /// NO_LEDGERS.
  pub ledgers: Vec<(PowerId, String)>,
  /// The bribe totals of every unit, for everyone (PUBLIC_TOTALS).
  pub totals: Option<String>,
  /// The whole chart of who paid what, for the Masters.
  pub chart: String,
}

/// What a year's income brought.
#[derive(Clone, Debug, Default)]
pub struct Income {
  /// Each power's income report, to it alone (and the Masters), unless
  /// NO_LEDGERS.
  pub reports: Vec<(PowerId, String)>,
}

impl Game {
  /// Whether the game is of the Payola type.
  pub fn is_payola(&self) -> bool {
    self.settings.variant.payola
  }

  /// The Payola rules in force, as the offers and their resolution read
  /// them.
  pub fn payola_terms(&self) -> Terms {
    let on = |name: &str| self.settings.variant.has_rule(name);
    Terms {
      direct_only: on("DIRECT_ONLY") || on("LIMIT_OFFERS"),
      limit_offers: on("LIMIT_OFFERS"),
      pay_dummies: on("PAY_DUMMIES"),
      no_savings: on("NO_SAVINGS"),
      no_plateau: on("NO_PLATEAU") || on("NO_SAVINGS"),
      zero_foreign: on("ZERO_FOREIGN"),
      ebayola: on("EBAYOLA"),
      public_totals: on("PUBLIC_TOTALS"),
      reach: if on("TOUCH_BRIBE") {
        Reach::Adjacent
      } else if on("REMOTE_BRIBE") {
        Reach::Remote
      } else {
        Reach::Any
      },
      cd_dummies: on("CD_DUMMIES"),
      blind: self.settings.variant.blind || on("BLIND"),
    }
  }

  /// How centres bring income in this game.
  fn tax(&self) -> Tax {
    if let Some(each) = self.map.payola_tax() {
      Tax::Each(each)
    } else if self.settings.variant.has_rule("FLAT_TAX") {
      Tax::Flat
    } else {
      Tax::Sliding
    }
  }

  fn centres(&self, power: PowerId) -> Vec<crate::map::ProvinceId> {
    self.position.centers_of(self.map, power).collect()
  }

  /// Whether a power keeps no purse of its own: a dummy under
  /// VASSAL_DUMMIES, whose money is its leader's.
  fn pursed(&self, power: PowerId) -> bool {
    !(self.is_dummy(power) && self.settings.variant.has_rule("VASSAL_DUMMIES"))
  }

  /// Opens every power's purse when a Payola game starts: a year's income,
  /// or half the victory count per unit when the centres bring nothing
  /// (a mobilizing start); under ZEROSUM, 10 per centre.
  pub fn open_treasury(&mut self) {
    if !self.is_payola() || !self.payola.is_empty() {
      return;
    }
    let victory = self.settings.victory_centers;
    let powers = self.map.powers().len();
    let tax = self.tax();
    let zerosum = self.settings.variant.has_rule("ZEROSUM");
    for power in self.map.power_ids() {
      let centres = self.centres(power);
      let units = self.position.units_of(power).count();
      let balance = if !self.pursed(power) {
        0
      } else if zerosum {
        payola::zerosum_start(centres.len())
      } else {
        payola::starting_balance(&centres, units, victory, powers, &tax, self.map.payola_cap())
      };
      let initial = self.map.power(power).initial;
      let accept = if self.is_dummy(power) { "?".to_string() } else { format!("{initial}?") };
      let year_centres = centres.len() as u32;
      let purse = self.payola.purse_mut(self.map, power);
      purse.balance = balance;
      purse.accept = accept;
      purse.year_centres = year_centres;
    }
  }

  /// The money a power has free for bribes: its balance less what its
  /// sheet's savings lines keep back, never below nothing.
  fn available(&self, power: PowerId, lines: &[Line]) -> u32 {
    payola::available(self.payola.balance(self.map, power), lines)
  }

  /// Reads one offer line of `power`'s, after `before` (the lines of the
  /// sheet so far), against the current board; returns it read back.
  pub fn check_offer_line(
    &self,
    power: PowerId,
    before: &[String],
    text: &str,
  ) -> Result<String, payola::OfferError> {
    let terms = self.payola_terms();
    let rules = self.rules();
    let dummies: Vec<bool> = self.map.power_ids().map(|p| self.is_dummy(p)).collect();
    let sheet = self.read_sheet(power, before, &rules);
    let cx = payola::Context {
      map: self.map,
      position: &self.position,
      power,
      rules: &rules,
      terms: &terms,
      dummies: &dummies,
      sheet: &sheet,
      available: self.available(power, &sheet),
    };
    let line = payola::parse_line(&cx, text)?;
    Ok(payola::render_line(self.map, &line))
  }

  /// A sheet's lines read back as they were taken (a line that no longer
  /// reads, its unit gone, is left out); the game's terms were checked
  /// when each came in, and the money may have moved since.
  fn read_sheet(
    &self,
    power: PowerId,
    lines: &[String],
    rules: &crate::adjudicate::Rules,
  ) -> Vec<Line> {
    lines
      .iter()
      .filter_map(|text| payola::restore_line(self.map, &self.position, rules, power, text).ok())
      .collect()
  }

  /// A power's offer sheet for the current phase, as written.
  pub fn sheet(&self, power: PowerId) -> &[String] {
    self.payola.purse(self.map, power).map_or(&[], |p| &p.sheet)
  }

  /// Replaces a power's offer sheet.
  pub fn set_sheet(&mut self, power: PowerId, lines: Vec<String>) {
    self.payola.purse_mut(self.map, power).sheet = lines;
  }

  /// Whether a power has done what a Payola movement phase asks: sent a
  /// sheet, or has nothing it could do.
  pub(super) fn sheet_in(&self, power: PowerId) -> bool {
    !self.sheet(power).is_empty()
      || (self.is_dummy(power) && self.settings.variant.has_rule("CD_DUMMIES"))
  }

  /// SET ACCEPT: a power's acceptance list.
  pub fn set_accept(&mut self, power: PowerId, letters: &str) -> Result<String, AcceptError> {
    let list = read_accept(self.map, letters)?;
    self.payola.purse_mut(self.map, power).accept = list.clone();
    Ok(list)
  }

  /// TRANSFER: moves money from one power to another at once; both get a
  /// note in their next ledger.
  pub fn transfer(&mut self, from: PowerId, to: PowerId, amount: u32) -> Result<(), TransferError> {
    let on = |name: &str| self.settings.variant.has_rule(name);
    if self.status != super::Status::Active {
      return Err(TransferError::NotPlaying);
    }
    if on("NO_TRANSFER") {
      return Err(TransferError::NotAllowed);
    }
    if amount == 0 {
      return Err(TransferError::Nothing);
    }
    if from == to {
      return Err(TransferError::ToSelf);
    }
    if !self.pursed(to) {
      return Err(TransferError::ToDummy(self.power_name(to).to_string()));
    }
    if on("NO_DONATIONS") && self.centres(from).is_empty() {
      return Err(TransferError::Doomed);
    }
    if on("NO_LOOTING") && self.is_dummy(from) {
      return Err(TransferError::Looting);
    }
    let balance = self.payola.balance(self.map, from);
    if amount > balance {
      return Err(TransferError::TooMuch { balance, amount });
    }
    let to_name = self.power_name(to).to_string();
    let from_name = self.power_name(from).to_string();
    if on("ONE_TRANSFER")
      && self.payola.purse(self.map, from).is_some_and(|p| p.sent.contains(&to_name))
    {
      return Err(TransferError::Once(to_name));
    }
    let anonymous = on("ANON_TRANSFER");
    let sender = self.payola.purse_mut(self.map, from);
    sender.balance -= amount;
    sender.sent.push(to_name.clone());
    sender.notes.push(format!("Transfer of {amount} AgP to {to_name}."));
    let receiver = self.payola.purse_mut(self.map, to);
    receiver.balance = receiver.balance.saturating_add(amount);
    let who = if anonymous { "someone".to_string() } else { from_name };
    receiver.notes.push(format!("Transfer of {amount} AgP from {who}."));
    Ok(())
  }

  /// The acceptance list a power's units go by: its own, or a vassal's
  /// leader's (VASSAL_DUMMIES); just `?` without a purse.
  fn accept_letters(&self, power: PowerId) -> &str {
    let chooser = self.position.bloc(power);
    self.payola.purse(self.map, chooser).map_or("?", |p| p.accept.as_str())
  }

  /// Each power's acceptance list with `?` drawn for this phase: seeded
  /// by the game and the phase, so the phase processed again draws the
  /// same (ROLLBACK, PREDICT).
  fn drawn_accept(&self, power: PowerId) -> Vec<PowerId> {
    let letters = self.accept_letters(power);
    let of = |c: char| self.map.power_by_initial(c);
    let named: Vec<PowerId> = letters.chars().filter_map(of).collect();
    let mut others: Vec<PowerId> = self.map.power_ids().filter(|p| !named.contains(p)).collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(self.phase_seed() ^ (power.index() as u64 + 1));
    others.shuffle(&mut rng);
    let mut list = Vec::new();
    for c in letters.chars() {
      if c == '?' {
        list.append(&mut others);
      } else if let Some(p) = of(c) {
        list.push(p);
      }
    }
    list.extend(others);
    list
  }

  /// Payola: every unit takes the order it was paid most for; the powers
  /// pay. Returns the orders for the adjudicator, and what the money did.
  pub(super) fn buy_orders(&mut self) -> (Vec<UnitOrder>, Bought) {
    let terms = self.payola_terms();
    let rules = self.rules();
    let bidders: Vec<Bidder> = self
      .map
      .power_ids()
      .map(|power| {
        let lines = self.read_sheet(power, self.sheet(power), &rules);
        Bidder {
          balance: self.payola.balance(self.map, power),
          accept: self.drawn_accept(power),
          uncontrolled_dummy: self.is_dummy(power) && self.accept_letters(power) == "?",
          lines,
        }
      })
      .collect();
    let outcome = payola::resolve(self.map, &self.position, &rules, &bidders, &terms);
    let mut bought = Bought::default();
    let no_ledgers = self.settings.variant.has_rule("NO_LEDGERS");
    let zerosum = self.settings.variant.has_rule("ZEROSUM");
    bought.chart = self.chart(&outcome);
    // Kept for the end; a turn played again after ROLLBACK replaces its own.
    let phase = self.position.phase.to_string();
    self.payola.charts.retain(|c| c.phase != phase);
    self.payola.charts.push(PlayedChart { phase, text: bought.chart.clone() });
    if terms.public_totals && !terms.blind {
      bought.totals = Some(self.totals(&outcome));
    }
    for power in self.map.power_ids() {
      let before = self.payola.balance(self.map, power);
      let spent = outcome.spent.get(power.index()).copied().unwrap_or(0);
      let reduced = outcome.reductions.get(power.index()).copied().unwrap_or(0);
      let ledger = self.ledger(power, &bidders[power.index()], &outcome, before, spent, reduced);
      let purse = self.payola.purse_mut(self.map, power);
      purse.balance = before.saturating_sub(spent);
      purse.notes.clear();
      if !no_ledgers && self.pursed(power) && !self.is_dummy(power) {
        bought.ledgers.push((power, ledger));
      }
    }
    // ZEROSUM: what a power's units were paid is its income at the year's end.
    if zerosum {
      for deal in &outcome.deals {
        let paid: u32 = deal.paid.iter().map(|(_, amount)| amount).sum();
        let owner = self.position.bloc(deal.unit.power);
        let purse = self.payola.purse_mut(self.map, owner);
        purse.accrued = purse.accrued.saturating_add(paid);
      }
    }
    // NO_DONATIONS: a power with no centres left loses its money.
    if self.settings.variant.has_rule("NO_DONATIONS") {
      for power in self.map.power_ids() {
        if self.centres(power).is_empty() {
          self.payola.purse_mut(self.map, power).balance = 0;
        }
      }
    }
    for purse in &mut self.payola.purses {
      purse.sheet.clear();
    }
    (outcome.orders, bought)
  }

  /// One power's ledger after a movement phase: its units' orders and
  /// what they were paid, the bribes it paid, its sheet, and its money.
  fn ledger(
    &self,
    power: PowerId,
    bidder: &Bidder,
    outcome: &payola::Outcome,
    before: u32,
    spent: u32,
    reduced: u32,
  ) -> String {
    let on = |name: &str| self.settings.variant.has_rule(name);
    let (hide_cost, hide_offers) = (on("HIDE_COST"), on("HIDE_OFFERS"));
    let blind = self.payola_terms().blind;
    let mut text = format!("Ledger of {} for {}.\n", self.power_name(power), self.phase_title());
    if !hide_cost {
      text.push_str("\nYour units did:\n");
      let mut any = false;
      for deal in outcome.deals.iter().filter(|d| d.unit.power == power) {
        any = true;
        let order = UnitOrder { unit: deal.unit, order: deal.order.clone() };
        // `*`: the unit did what others paid for, not what its owner
        // offered.
        let own = bidder.lines.iter().any(|line| {
          matches!(line, Line::Offer(offer)
            if offer.unit == deal.unit
              && offer.code == payola::Code::Direct
              && offer.orders.contains(&deal.order))
        });
        let mark = if own { ' ' } else { '*' };
        text.push_str(&format!("{:>6}{mark} {}\n", deal.total, render_order(self.map, &order)));
      }
      if !any {
        text.push_str("  (no units)\n");
      }
    }
    if !hide_offers {
      let taken: Vec<String> = outcome
        .deals
        .iter()
        .filter_map(|deal| {
          let paid = deal.paid.iter().find(|(p, _)| *p == power)?.1;
          // Blind Payola: another power's unit is named with its owner,
          // not what it did.
          if blind && deal.unit.power != power {
            let owner = &self.map.power(deal.unit.power).adjective;
            let unit = crate::position::unit_text(self.map, deal.unit);
            return Some(format!("{paid:>6}  {unit} ({owner})\n"));
          }
          let order = UnitOrder { unit: deal.unit, order: deal.order.clone() };
          Some(format!("{paid:>6}  {}\n", render_order(self.map, &order)))
        })
        .collect();
      text.push_str("\nBribes you paid:\n");
      if taken.is_empty() {
        text.push_str("  (none)\n");
      }
      for line in taken {
        text.push_str(&line);
      }
      text.push_str("\nYour offer sheet:\n");
      if bidder.lines.is_empty() {
        text.push_str("  (none sent: your units were offered 0 AgP to hold)\n");
      }
      for line in &bidder.lines {
        text.push_str(&format!("  {}\n", payola::render_line(self.map, line)));
      }
    }
    if let Some(purse) = self.payola.purse(self.map, power) {
      if !purse.notes.is_empty() {
        text.push('\n');
        for note in &purse.notes {
          text.push_str(note);
          text.push('\n');
        }
      }
    }
    text.push_str(&format!("\nBalance before the turn: {before:>6} AgP\n"));
    if reduced > 0 {
      let times = if reduced == 1 { "1 time".to_string() } else { format!("{reduced} times") };
      text.push_str(&format!("Your offers came to more than you had, and were reduced {times}.\n"));
    }
    text.push_str(&format!("Spent on bribes:         {spent:>6} AgP\n"));
    text.push_str(&format!("Balance now:             {:>6} AgP\n", before.saturating_sub(spent)));
    text
  }

  /// The current phase as the reports name it: `Spring 1901`.
  fn phase_title(&self) -> String {
    crate::game::future::phase_name(self.map, self.position.phase)
  }

  /// Every unit's candidates with their totals, without who paid
  /// (PUBLIC_TOTALS).
  fn totals(&self, outcome: &payola::Outcome) -> String {
    let mut text = String::from("Bribe totals:\n");
    for deal in &outcome.deals {
      for (order, total) in &deal.candidates {
        let order = UnitOrder { unit: deal.unit, order: order.clone() };
        text.push_str(&format!("{total:>6} : {}\n", render_order(self.map, &order)));
      }
    }
    text
  }

  /// The Masters' chart: every unit's winning order, its price and who
  /// paid it, then each power's money.
  fn chart(&self, outcome: &payola::Outcome) -> String {
    let mut text = String::from("Payola chart (Masters only):\n");
    for deal in &outcome.deals {
      let order = UnitOrder { unit: deal.unit, order: deal.order.clone() };
      let payers: Vec<String> = deal
        .paid
        .iter()
        .map(|(p, amount)| format!("{} {amount}", self.map.power(*p).initial))
        .collect();
      let tie = if deal.tied_hold { " (tie between payers: held)" } else { "" };
      text.push_str(&format!(
        "{:>6} {}{tie}{}\n",
        deal.total,
        render_order(self.map, &order),
        if payers.is_empty() { String::new() } else { format!("  [{}]", payers.join(", ")) }
      ));
    }
    text
  }

  /// A new phase: ONE_TRANSFER's count of the powers paid starts again.
  pub(super) fn new_payola_phase(&mut self) {
    for purse in &mut self.payola.purses {
      purse.sent.clear();
    }
  }

  /// The year's income, paid when the year's centres are counted:
  /// NO_HOARDING empties the treasuries first; ZEROSUM pays the year's
  /// bribe profits and the captured treasuries instead of a tax.
  pub(super) fn pay_income(&mut self, owners_before: &[Option<PowerId>]) -> Income {
    let mut income = Income::default();
    if !self.is_payola() {
      return income;
    }
    let on = |name: &str| self.settings.variant.has_rule(name);
    let (zerosum, no_hoarding, no_ledgers) = (on("ZEROSUM"), on("NO_HOARDING"), on("NO_LEDGERS"));
    let vassals = on("VASSAL_DUMMIES");
    let victory = self.settings.victory_centers;
    let powers = self.map.powers().len();
    let tax = self.tax();
    let cap = self.map.payola_cap();
    // PAY_DUMMIES: while no dummy owns a centre, nobody gets income.
    let pay_dummies_dry = on("PAY_DUMMIES")
      && !self.map.power_ids().any(|p| self.is_dummy(p) && !self.centres(p).is_empty());
    let captures = if zerosum {
      let owners: Vec<_> = self
        .map
        .supply_centers()
        .zip(owners_before)
        .map(|(c, &before)| (c, before, self.position.owner(c)))
        .collect();
      let purses: Vec<payola::Purse> = self
        .map
        .power_ids()
        .map(|p| {
          let purse = self.payola.purse(self.map, p).cloned().unwrap_or_default();
          payola::Purse {
            balance: purse.balance,
            accrued: purse.accrued,
            start_centres: purse.year_centres as usize,
          }
        })
        .collect();
      payola::zerosum_captures(&owners, &purses)
    } else {
      Vec::new()
    };
    for power in self.map.power_ids() {
      if !self.pursed(power) {
        continue;
      }
      let centres = self.centres(power);
      let mut earned = if zerosum || pay_dummies_dry {
        0
      } else {
        payola::income(&centres, victory, powers, &tax, cap)
      };
      if vassals && !zerosum && !pay_dummies_dry {
        for vassal in self.position.vassals_of(power) {
          earned += payola::income(&self.centres(vassal), victory, powers, &tax, cap);
        }
      }
      let purse = self.payola.purse(self.map, power).cloned().unwrap_or_default();
      let forward = if no_hoarding { 0 } else { purse.balance };
      let profit = if zerosum { purse.accrued } else { 0 };
      let captured = captures.get(power.index()).copied().unwrap_or(0);
      let total = i64::from(forward) + i64::from(earned) + i64::from(profit) + captured;
      let new_balance = u32::try_from(total.max(0)).unwrap_or(u32::MAX);
      let mut report =
        format!("Income of {} for {}.\n\n", self.power_name(power), self.position.phase.year);
      report.push_str(&format!("Balance brought forward: {forward:>6} AgP\n"));
      if zerosum {
        report.push_str(&format!("Bribes your units took:  {profit:>6} AgP\n"));
        if captured != 0 {
          report.push_str(&format!("Centres captured/lost:   {captured:>6} AgP\n"));
        }
      } else {
        let label = format!(
          "Income from {} centre{}:",
          centres.len(),
          if centres.len() == 1 { "" } else { "s" }
        );
        report.push_str(&format!("{label:<25}{earned:>6} AgP\n"));
      }
      report.push_str(&format!("New balance:             {new_balance:>6} AgP\n"));
      let year_centres = centres.len() as u32;
      let purse = self.payola.purse_mut(self.map, power);
      purse.balance = new_balance;
      purse.accrued = 0;
      purse.year_centres = year_centres;
      if !no_ledgers && !self.is_dummy(power) {
        income.reports.push((power, report));
      }
    }
    income
  }

  /// The lines LIST shows a power of its money.
  pub fn purse_lines(&self, power: PowerId) -> String {
    let Some(purse) = self.payola.purse(self.map, power) else { return String::new() };
    let mut text = format!(
      "Treasury of {}: {} AgP; acceptance list {}.\n",
      self.power_name(power),
      purse.balance,
      purse.accept
    );
    if self.position.phase.kind == PhaseKind::Movement {
      match purse.sheet.len() {
        0 => text.push_str("No offer sheet sent for this phase.\n"),
        n => text.push_str(&format!(
          "Offer sheet for this phase ({n} line{}):\n",
          if n == 1 { "" } else { "s" }
        )),
      }
      for line in &purse.sheet {
        text.push_str(&format!("  {line}\n"));
      }
    }
    text
  }
}

/// What a Payola game publishes when it ends: every movement turn's
/// chart, who paid what for every unit; empty when none was played.
pub fn revealed(game: &Game) -> String {
  let mut text = String::new();
  for chart in &game.payola.charts {
    let body = chart.text.replacen("Payola chart (Masters only):\n", "", 1);
    text.push_str(&format!("Bribes of {}:\n{body}\n", chart.phase));
  }
  text
}

/// Whether a line reads as a Payola offer rather than a plain order: it
/// starts with an amount or an offer code.
pub fn reads_as_offer(line: &str) -> bool {
  line.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit() || ":!>@&".contains(c))
}
