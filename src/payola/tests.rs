//! Payola on the standard map: the worked examples of the research note
//! (§F.12), the checks of an offer line, income, and lines written back.

use super::*;
use crate::adjudicate::Rules;
use crate::map::testing::{province, standard as map};
use crate::map::{Coast, Location, PowerId, UnitType};
use crate::order::{Order, Via};
use crate::position::{Position, Unit};

fn power(initial: char) -> PowerId {
  map().power_by_initial(initial).unwrap_or_else(|| panic!("no power {initial}"))
}

fn at(text: &str) -> Location {
  match text.split_once('/') {
    Some((name, coast)) => Location { province: province(name), coast: Coast::from_word(coast) },
    None => Location::province(province(text)),
  }
}

fn to(place: &str) -> Order {
  Order::Move { to: at(place), via: Via::Unspecified }
}

/// A board from `"F A Par"` (owner's initial, type, place).
fn board(units: &[&str]) -> Position {
  let mut position = Position::empty(map(), "S1901M".parse().unwrap_or_else(|e| panic!("{e:?}")));
  for text in units {
    let words: Vec<&str> = text.split_whitespace().collect();
    let kind = if words[1] == "A" { UnitType::Army } else { UnitType::Fleet };
    let unit =
      Unit { power: power(words[0].chars().next().unwrap_or('?')), kind, location: at(words[2]) };
    position.place(map(), unit).unwrap_or_else(|e| panic!("{text}: {e:?}"));
  }
  position
}

/// A movement phase's bribes: the board, the terms, each power's sheet,
/// balance and acceptance list.
struct Phase {
  position: Position,
  rules: Rules,
  terms: Terms,
  dummies: Vec<bool>,
  bidders: Vec<Bidder>,
}

impl Phase {
  fn new(units: &[&str]) -> Phase {
    let count = map().powers().len();
    let bidders = (0..count)
      .map(|i| {
        // Itself first, then the others in map order.
        let me = PowerId(i as u8);
        let mut accept = vec![me];
        accept.extend(map().power_ids().filter(|&p| p != me));
        Bidder { balance: 100, accept, ..Bidder::default() }
      })
      .collect();
    Phase {
      position: board(units),
      rules: Rules::default(),
      terms: Terms::default(),
      dummies: vec![false; count],
      bidders,
    }
  }

  fn bidder(&mut self, initial: char) -> &mut Bidder {
    &mut self.bidders[power(initial).index()]
  }

  /// Sets an acceptance list from initials (`"FEG"`); the rest follow in
  /// map order.
  fn accept(&mut self, initial: char, list: &str) {
    let mut accept: Vec<PowerId> = list.chars().map(power).collect();
    let rest: Vec<PowerId> = map().power_ids().filter(|p| !accept.contains(p)).collect();
    accept.extend(rest);
    self.bidder(initial).accept = accept;
  }

  fn check(&self, initial: char, text: &str) -> Result<Line, OfferError> {
    let bidder = &self.bidders[power(initial).index()];
    let cx = Context {
      map: map(),
      position: &self.position,
      power: power(initial),
      rules: &self.rules,
      terms: &self.terms,
      dummies: &self.dummies,
      sheet: &bidder.lines,
      available: bidder.available(),
    };
    parse_line(&cx, text)
  }

  /// Writes a line on a power's sheet; it must be accepted.
  fn write(&mut self, initial: char, text: &str) {
    let line = self.check(initial, text).unwrap_or_else(|e| panic!("{initial} '{text}': {e}"));
    self.bidder(initial).lines.push(line);
  }

  fn refused(&self, initial: char, text: &str) -> OfferError {
    match self.check(initial, text) {
      Ok(line) => panic!("{initial} '{text}' was accepted as {line:?}"),
      Err(error) => error,
    }
  }

  fn resolve(&self) -> Outcome {
    resolve(map(), &self.position, &self.rules, &self.bidders, &self.terms)
  }
}

fn deal<'a>(outcome: &'a Outcome, place: &str) -> &'a UnitDeal {
  let province = province(place);
  outcome
    .deals
    .iter()
    .find(|d| d.unit.location.province == province)
    .unwrap_or_else(|| panic!("no deal for {place}"))
}

fn spent(outcome: &Outcome, initial: char) -> u32 {
  outcome.spent[power(initial).index()]
}

fn paid(deal: &UnitDeal) -> Vec<(char, u32)> {
  deal.paid.iter().map(|&(p, amount)| (map().power(p).initial, amount)).collect()
}

// ------------------------------------------------------ worked examples

/// §F.12 example 1: England and Germany offer 5 each for the French army;
/// France lists England before Germany, so England's move wins and England
/// alone pays. One player's two equal offers: the earlier wins.
#[test]
fn a_tie_goes_to_the_power_the_owner_accepts_first_then_to_the_earlier_offer() {
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Mun"]);
  phase.accept('F', "FEG");
  phase.write('E', "5 : A PAR - PIC");
  phase.write('G', "5 : A PAR - BUR");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  assert_eq!(par.order, to("Pic"));
  assert_eq!(paid(par), vec![('E', 5)]);
  assert_eq!(spent(&outcome, 'E'), 5);
  assert_eq!(spent(&outcome, 'G'), 0);
  assert_eq!(spent(&outcome, 'F'), 0);
  assert_eq!(par.candidates, vec![(to("Pic"), 5), (to("Bur"), 5), (Order::Hold, 0)]);
  // Germany first in France's list: Burgundy.
  phase.accept('F', "FGE");
  assert_eq!(deal(&phase.resolve(), "Par").order, to("Bur"));

  // One player, two equal offers: the first written wins.
  let mut phase = Phase::new(&["F A Par", "E F Lon"]);
  phase.write('E', "4 : A PAR - BUR");
  phase.write('E', "4 : A PAR - GAS");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, to("Bur"));
  assert_eq!(spent(&outcome, 'E'), 4);
}

/// §F.12 example 2: `4 ! A Par - Bur` pays 4 to every candidate but the
/// move to Burgundy, through a hidden `0 : A Par H`.
#[test]
fn a_negative_bribe_pays_for_every_other_order() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.write('F', "3 : A PAR - BUR");
  phase.write('G', "4 ! A PAR - BUR");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  assert_eq!(par.order, Order::Hold);
  assert_eq!(par.total, 4);
  assert_eq!(paid(par), vec![('G', 4)]);
  assert_eq!(spent(&outcome, 'F'), 0);
  assert_eq!(spent(&outcome, 'G'), 4);

  // Against the hold, with nothing else offered: the owner's default hold
  // is the only candidate, the wildcard does not match it, and the
  // negator is not charged.
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.write('G', "4 ! A PAR H");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, Order::Hold);
  assert_eq!(deal(&outcome, "Par").total, 0);
  assert_eq!(spent(&outcome, 'G'), 0);
}

/// §F.12 example 3: a move wildcard adds to every move offered, and the
/// hold wildcard to every hold, support or convoy.
#[test]
fn move_and_hold_wildcards_add_to_every_matching_candidate() {
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Mun"]);
  phase.write('E', "4 > A PAR - BUR");
  phase.write('G', "2 : A PAR - GAS");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  assert_eq!(par.order, to("Gas"));
  assert_eq!(par.total, 6);
  assert_eq!(par.candidates, vec![(to("Gas"), 6), (to("Bur"), 4), (Order::Hold, 0)]);
  assert_eq!(paid(par), vec![('E', 4), ('G', 2)]);

  // `@`: Burgundy gets 4 directly, the hold 4 by the wildcard.
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Bur"]);
  phase.accept('F', "FGE");
  phase.write('E', "4 @ A PAR - BUR");
  phase.write('G', "1 : A PAR S A BUR");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  // The support: 1 + 4 = 5, ahead of the hold (4, France's own) and
  // Burgundy (4).
  assert_eq!(par.candidates[0].1, 5);
  assert!(matches!(par.order, Order::SupportHold { .. }));
  assert_eq!(par.candidates[1..], [(Order::Hold, 4), (to("Bur"), 4)]);
  assert_eq!(paid(par), vec![('E', 4), ('G', 1)]);

  // `&`: a gift follows whatever the unit does.
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Mun"]);
  phase.write('E', "3 & A PAR - PIC");
  phase.write('G', "2 : A PAR - BUR");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  assert_eq!(par.order, to("Bur"));
  assert_eq!(paid(par), vec![('E', 3), ('G', 2)]);
}

/// §F.12 example 4: France (20 AgP) offers 12 and 10#9 and would spend 22;
/// both fall by one, Paris ties Germany's hold at 11 and France, first in
/// its own list, keeps the move. France pays 20, reduced once.
#[test]
fn an_overspender_is_reduced_until_it_can_pay_down_to_its_plateaus() {
  let mut phase = Phase::new(&["F A Par", "F F Bre", "G A Mun"]);
  phase.bidder('F').balance = 20;
  phase.write('F', "12 : A PAR - BUR");
  phase.write('F', "10#9 : F BRE - MAO");
  phase.write('G', "11 : A PAR H");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, to("Bur"));
  assert_eq!(deal(&outcome, "Bre").order, to("Mid"));
  assert_eq!(deal(&outcome, "Bre").total, 9);
  assert_eq!(spent(&outcome, 'F'), 20);
  assert_eq!(spent(&outcome, 'G'), 0);
  assert_eq!(outcome.reductions[power('F').index()], 1);
  assert_eq!(outcome.reductions[power('G').index()], 0);

  // With 18: the plateau holds Brest at 9 while Paris falls to 10 and
  // loses to Germany's 11; France pays 9 and Germany 11.
  phase.bidder('F').balance = 18;
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, Order::Hold);
  assert_eq!(spent(&outcome, 'F'), 9);
  assert_eq!(spent(&outcome, 'G'), 11);

  // With 5: once every offer is at its plateau, plateaus are forgotten
  // and all fall, until France can pay.
  let mut phase = Phase::new(&["F F Bre"]);
  phase.bidder('F').balance = 5;
  phase.write('F', "8# : F BRE - MAO");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Bre").total, 5);
  assert_eq!(spent(&outcome, 'F'), 5);
  assert_eq!(outcome.reductions[power('F').index()], 3);
}

/// Splitting an offer makes it fall faster: `2*4` loses 2 a pass.
#[test]
fn copies_of_an_offer_fall_one_each_per_reduction() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.bidder('G').balance = 6;
  phase.write('G', "2*4 : A PAR - BUR");
  phase.write('F', "5 : A PAR H");
  let outcome = phase.resolve();
  // 8 > 6: each copy falls to 3 (6 in all), which beats France's 5.
  assert_eq!(deal(&outcome, "Par").order, to("Bur"));
  assert_eq!(spent(&outcome, 'G'), 6);
  assert_eq!(outcome.reductions[power('G').index()], 1);
}

/// §F.12 example 5: 6 + 8 for Burgundy against France's 10 for the hold:
/// the price is 11, and the 3 saved goes back in France's list order.
#[test]
fn ebayola_charges_one_more_than_the_runner_up_rebating_in_acceptance_order() {
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Mun"]);
  phase.terms.ebayola = true;
  phase.accept('F', "FEG");
  phase.write('E', "6 : A PAR - BUR");
  phase.write('G', "8 : A PAR - BUR");
  phase.write('F', "10 : A PAR H");
  let outcome = phase.resolve();
  let par = deal(&outcome, "Par");
  assert_eq!(par.order, to("Bur"));
  assert_eq!(par.total, 11);
  assert_eq!(paid(par), vec![('E', 3), ('G', 8)]);
  assert_eq!(par.candidates, vec![(to("Bur"), 11), (Order::Hold, 10)]);
  assert_eq!(spent(&outcome, 'F'), 0);

  // England's offer with a plateau of 5: its rebate stops at 1.
  let mut phase = Phase::new(&["F A Par", "E F Lon", "G A Mun"]);
  phase.terms.ebayola = true;
  phase.accept('F', "FEG");
  phase.write('E', "6#5 : A PAR - BUR");
  phase.write('G', "8 : A PAR - BUR");
  phase.write('F', "10 : A PAR H");
  let par = phase.resolve();
  assert_eq!(paid(deal(&par, "Par")), vec![('E', 5), ('G', 6)]);
  // PUBLIC_TOTALS: plateaus do not limit the rebate.
  phase.terms.public_totals = true;
  assert_eq!(paid(deal(&phase.resolve(), "Par")), vec![('E', 3), ('G', 8)]);

  // No runner-up: the price is 1.
  let mut phase = Phase::new(&["F A Par"]);
  phase.terms.ebayola = true;
  phase.write('F', "7 : A PAR - BUR");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").total, 1);
  assert_eq!(spent(&outcome, 'F'), 1);

  // A tie won through the acceptance list costs the bid, never more.
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.terms.ebayola = true;
  phase.write('F', "5 : A PAR H");
  phase.write('G', "5 : A PAR - BUR");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, Order::Hold);
  assert_eq!(spent(&outcome, 'F'), 5);
}

/// §F.12 example 6: Austria (60 AgP + 12 accrued, 4 centres at the start
/// of the year) loses Trieste to Italy and Serbia to Russia: each captor
/// gets 18; a neutral centre brings 10 from the bank.
#[test]
fn zerosum_captures_share_the_losers_purse_by_its_centres() {
  let (a, i, r, t) = (power('A'), power('I'), power('R'), power('T'));
  let mut purses = vec![Purse::default(); map().powers().len()];
  purses[a.index()] = Purse { balance: 60, accrued: 12, start_centres: 4 };
  let owners = [
    (province("Tri"), Some(a), Some(i)),
    (province("Ser"), Some(a), Some(r)),
    (province("Vie"), Some(a), Some(a)),
    (province("Bul"), None, Some(t)),
  ];
  let deltas = zerosum_captures(&owners, &purses);
  assert_eq!(deltas[a.index()], -36);
  assert_eq!(deltas[i.index()], 18);
  assert_eq!(deltas[r.index()], 18);
  assert_eq!(deltas[t.index()], 10);
  assert_eq!(deltas.iter().sum::<i64>(), 10, "only the neutral centre adds money");
  let list = zerosum_capture_list(&owners, &purses);
  assert_eq!(list.len(), 3);
  assert_eq!(list[0], Capture { centre: province("Tri"), from: Some(a), to: i, amount: 18 });
  assert_eq!(zerosum_start(3), 30);
  assert_eq!(zerosum_start(4), 40);
}

/// §F.12 example 7: an uncontrolled dummy's army in Belgium, France 3 for
/// Picardy and Germany 3 for Ruhr: different payers tie, so it holds,
/// shown as a hold worth 4, and nobody pays.
#[test]
fn an_uncontrolled_dummys_unit_tied_between_different_payers_holds_for_free() {
  let mut phase = Phase::new(&["I A Bel", "F A Par", "G A Mun"]);
  let italy = power('I');
  phase.terms.pay_dummies = true;
  phase.dummies[italy.index()] = true;
  phase.bidder('I').uncontrolled_dummy = true;
  phase.write('F', "3 : A BEL - PIC");
  phase.write('G', "3 : A BEL - RUH");
  let outcome = phase.resolve();
  let bel = deal(&outcome, "Bel");
  assert_eq!(bel.order, Order::Hold);
  assert!(bel.tied_hold);
  assert_eq!(bel.total, 4);
  assert_eq!(bel.candidates[0], (Order::Hold, 4));
  assert!(bel.paid.is_empty());
  assert_eq!(spent(&outcome, 'F'), 0);
  assert_eq!(spent(&outcome, 'G'), 0);

  // The same set of payers on both: no dummy rule, the earlier wins.
  let mut phase = Phase::new(&["I A Bel", "F A Par"]);
  phase.bidder('I').uncontrolled_dummy = true;
  phase.write('F', "3 : A BEL - PIC");
  phase.write('F', "3 : A BEL - RUH");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Bel").order, to("Pic"));
  assert!(!deal(&outcome, "Bel").tied_hold);
  assert_eq!(spent(&outcome, 'F'), 3);

  // Money on the hold is paid by whoever put it there.
  let mut phase = Phase::new(&["I A Bel", "F A Par", "G A Mun", "E F Lon"]);
  phase.bidder('I').uncontrolled_dummy = true;
  phase.write('F', "3 : A BEL - PIC");
  phase.write('G', "3 : A BEL - RUH");
  phase.write('E', "2 : A BEL H");
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Bel").total, 4);
  assert_eq!(paid(deal(&outcome, "Bel")), vec![('E', 2)]);
}

// ------------------------------------------------------ other behaviour

/// Every unit gets exactly one order; units nobody paid hold; a unit
/// whose owner sent nothing goes to anyone's 1 AgP.
#[test]
fn every_unit_gets_one_order_and_an_unordered_unit_holds_or_is_for_sale() {
  let mut phase = Phase::new(&["F A Par", "F F Bre", "G A Mun", "E F Lon"]);
  phase.write('E', "1 : A MUN - RUH");
  phase.write('F', "A Par - Bur");
  let outcome = phase.resolve();
  assert_eq!(outcome.orders.len(), 4);
  assert_eq!(outcome.deals.len(), 4);
  for (order, deal) in outcome.orders.iter().zip(&outcome.deals) {
    assert_eq!(order.unit, deal.unit);
    assert_eq!(order.order, deal.order);
  }
  assert_eq!(deal(&outcome, "Par").order, to("Bur"));
  assert_eq!(deal(&outcome, "Bre").order, Order::Hold);
  assert_eq!(deal(&outcome, "Lon").order, Order::Hold);
  assert_eq!(deal(&outcome, "Mun").order, to("Ruh"));
  assert_eq!(outcome.spent.iter().sum::<u32>(), 1);
  assert_eq!(outcome.earned(map().powers().len())[power('G').index()], 1);
}

/// `25 $` keeps money out of the phase: available = balance − savings,
/// never below 0.
#[test]
fn savings_lower_the_money_available() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.bidder('G').balance = 30;
  phase.write('G', "25 $");
  phase.write('G', "10 : A PAR - BUR");
  phase.write('F', "4 : A PAR H");
  assert_eq!(phase.bidders[power('G').index()].available(), 5);
  let outcome = phase.resolve();
  // 10 falls to 5, still above France's 4.
  assert_eq!(deal(&outcome, "Par").order, to("Bur"));
  assert_eq!(spent(&outcome, 'G'), 5);
  phase.write('G', "2*10 $");
  assert_eq!(phase.bidders[power('G').index()].available(), 0);
}

/// An offer whose order is no longer valid when the phase is processed
/// is ignored.
#[test]
fn an_offer_no_longer_valid_at_processing_is_ignored() {
  let mut phase = Phase::new(&["F A Par", "F A Mar", "G A Mun"]);
  phase.write('G', "5 : A PAR S A MAR - BUR");
  phase.position.remove(province("Mar"));
  let outcome = phase.resolve();
  assert_eq!(deal(&outcome, "Par").order, Order::Hold);
  assert_eq!(spent(&outcome, 'G'), 0);

  // The owner's own offer gone too: its unit holds all the same.
  let mut phase = Phase::new(&["F A Par", "F A Mar"]);
  phase.write('F', "A Par S A Mar - Bur");
  phase.position.remove(province("Mar"));
  let outcome = phase.resolve();
  assert_eq!(outcome.orders.len(), 1);
  assert_eq!(deal(&outcome, "Par").order, Order::Hold);
  assert_eq!(deal(&outcome, "Par").candidates, vec![(Order::Hold, 0)]);
}

// ------------------------------------------------------------ income

#[test]
fn income_on_the_standard_map() {
  let centres: Vec<_> = ["Par", "Bre", "Mar", "Mos"].iter().map(|&c| province(c)).collect();
  let v = map().victory_centers();
  assert_eq!(v, 18);
  let sliding = |n: usize| income(&centres[..n], v, 7, &Tax::Sliding, None);
  assert_eq!(sliding(0), 0);
  assert_eq!(sliding(1), 17);
  assert_eq!(sliding(2), 33);
  assert_eq!(sliding(3), 48);
  assert_eq!(sliding(4), 62);
  assert_eq!(income(&centres[..3], v, 7, &Tax::Flat, None), 21);
  assert_eq!(income(&centres, v, 7, &Tax::Flat, None), 28);
  assert_eq!(income(&centres[..3], v, 7, &Tax::Each(1), Some(2)), 2);
  assert_eq!(income(&centres, v, 7, &Tax::Each(5), None), 20);
  let values = Tax::ByCentre(vec![(province("Par"), 7), (province("Mos"), 3)]);
  assert_eq!(income(&centres, v, 7, &values, None), 10);
  assert_eq!(income(&centres, v, 7, &Tax::Sliding, Some(50)), 50);
  // The start: income, or victory ÷ 2 per unit when that is 0.
  assert_eq!(starting_balance(&centres[..3], 3, v, 7, &Tax::Sliding, None), 48);
  assert_eq!(starting_balance(&[], 2, v, 7, &Tax::Sliding, None), 18);
}

// ---------------------------------------------------- the offer line

fn offer(line: &Line) -> &Offer {
  match line {
    Line::Offer(offer) => offer,
    Line::Savings(_) => panic!("a savings line"),
  }
}

#[test]
fn offer_lines_are_read_with_or_without_blanks_and_in_any_case() {
  let phase = Phase::new(&["F A Par", "F F Bre", "G A Mun", "E F Lon"]);
  for text in ["10 : A Par-Bur", "10:A PAR-BUR", "10 :a par - bur", "  10  :  A  Par  -  Bur  "] {
    let line = phase.check('G', text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let o = offer(&line);
    assert_eq!(o.amounts, vec![Amount { rep: 1, amt: 10, plateau: 0 }], "{text}");
    assert_eq!(o.code, Code::Direct);
    assert_eq!(o.orders, vec![to("Bur")]);
  }
  let line = phase.check('E', "2*5#3 > F Bre-Mid").unwrap_or_else(|e| panic!("{e}"));
  assert_eq!(offer(&line).amounts, vec![Amount { rep: 2, amt: 5, plateau: 3 }]);
  assert_eq!(offer(&line).code, Code::Move);
  assert_eq!(offer(&line).total(), 10);
  let line =
    phase.check('E', "2 * 5 # 3 + 4# > F Bre - Mid % to the sea").unwrap_or_else(|e| panic!("{e}"));
  assert_eq!(
    offer(&line).amounts,
    vec![Amount { rep: 2, amt: 5, plateau: 3 }, Amount { rep: 1, amt: 4, plateau: 4 }]
  );
  assert_eq!(offer(&line).total(), 14);
  // A plain order is a 0 AgP direct offer; a code alone offers 0; the unit
  // type may be left out.
  let line = phase.check('F', "Par - Pic | - Bur | h").unwrap_or_else(|e| panic!("{e}"));
  let o = offer(&line);
  assert_eq!(o.amounts, vec![Amount { rep: 1, amt: 0, plateau: 0 }]);
  assert_eq!(o.unit.kind, UnitType::Army);
  assert_eq!(o.orders, vec![to("Pic"), to("Bur"), Order::Hold]);
  let line = phase.check('F', "! A Par - Pic").unwrap_or_else(|e| panic!("{e}"));
  assert_eq!(offer(&line).code, Code::Negative);
  assert_eq!(offer(&line).total(), 0);
  // Savings.
  assert_eq!(phase.check('F', "25 $"), Ok(Line::Savings(25)));
  assert_eq!(phase.check('F', "2*10+5 $ % rainy day"), Ok(Line::Savings(25)));
  // An alternative may repeat the unit.
  let line = phase.check('F', "A Par - Pic | A Par - Bur").unwrap_or_else(|e| panic!("{e}"));
  assert_eq!(offer(&line).orders, vec![to("Pic"), to("Bur")]);
}

#[test]
fn lines_are_written_back_canonically_and_read_back_the_same() {
  let phase = Phase::new(&["F A Par", "F F Bre", "F A Mar", "E F Nth", "E A Yor", "R F Stp/sc"]);
  for (who, text, canonical) in [
    ('F', "5 : a par-bur | - pic | h", "5 : A Par - Bur | - Pic | H"),
    ('F', "10#9:F Bre-Mid", "10#9 : F Bre - Mao"),
    ('F', "25 $", "25 $"),
    ('E', "2*5#5+3 > A Par - Bur", "2*5#+3 > A Par - Bur"),
    ('F', "A Par H", "0 : A Par H"),
    ('E', "4 ! F Bre - Eng | H", "4 ! F Bre - Eng | H"),
    ('F', "1 @ A Par S A Mar - Bur | S F Bre", "1 @ A Par S A Mar - Bur | S F Bre"),
    ('F', "& A Mar - Bur", "0 & A Mar - Bur"),
    ('E', "3 : F Nth C A Yor - Nwy", "3 : F Nth C A Yor - Nwy"),
    ('E', "A Yor - Nth - Nwy", "0 : A Yor - Nth - Nwy"),
    ('E', "A Yor - Nwy via convoy", "0 : A Yor - Nwy via convoy"),
    ('E', "2 : F Stp/sc - Bot", "2 : F Stp/sc - Bot"),
  ] {
    let line = phase.check(who, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let written = render_line(map(), &line);
    assert_eq!(written, canonical, "{text}");
    let again = phase.check(who, &written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(again, line, "{written} reads back the same");
    let stored = restore_line(map(), &phase.position, &phase.rules, power(who), &written);
    assert_eq!(stored, Ok(line), "{written} restores the same");
  }
}

#[test]
fn malformed_lines_are_refused_with_the_right_form() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  for bad in [
    "0*5 : A Par H",
    "100*5 : A Par H",
    "10000 : A Par H",
    "5#6 : A Par H",
    "5+ : A Par H",
    "5** : A Par H",
  ] {
    assert!(matches!(phase.refused('F', bad), OfferError::BadAmount { .. }), "{bad}");
  }
  assert_eq!(phase.refused('F', ""), OfferError::Empty);
  assert_eq!(phase.refused('F', "  % just a comment"), OfferError::Empty);
  assert!(matches!(phase.refused('F', "5 A Par - Bur"), OfferError::NoCode { .. }));
  assert!(matches!(phase.refused('F', "5 :"), OfferError::NoUnitWritten { code: ':' }));
  assert!(matches!(phase.refused('F', "5 : A Par - Bur |"), OfferError::EmptyAlternative { .. }));
  assert!(matches!(phase.refused('F', "5 : A Bur - Par"), OfferError::NoUnit { .. }));
  assert!(matches!(phase.refused('F', "25 $ A Par"), OfferError::AfterSavings));
  assert!(matches!(phase.refused('F', "25# $"), OfferError::SavingsPlateau));
  // An order the unit may not give, as its owner's.
  let error = phase.refused('G', "5 : A Par - Bur | - Bel");
  assert!(matches!(&error, OfferError::Order { text, .. } if text == "- Bel"), "{error:?}");
  assert!(error.to_string().contains("- Bel"), "{error}");
  assert!(matches!(phase.refused('G', "5 : F Par - Bur"), OfferError::Order { .. }));
  // No order twice in one line.
  assert!(matches!(
    phase.refused('G', "5 : A Par - Bur | - Pic | - Bur"),
    OfferError::Duplicate { ref order, .. } if order == "- Bur"
  ));
  // NO_SAVINGS: no `$`, no `#`; NO_PLATEAU: no `#`.
  phase.terms.no_savings = true;
  assert_eq!(phase.refused('F', "25 $"), OfferError::NoSavings);
  assert_eq!(phase.refused('F', "5#3 : A Par H"), OfferError::NoPlateaus);
  phase.terms = Terms { no_plateau: true, ..Terms::default() };
  assert_eq!(phase.refused('F', "5# : A Par H"), OfferError::NoPlateaus);
  assert_eq!(phase.check('F', "25 $"), Ok(Line::Savings(25)));
}

#[test]
fn zero_offers_to_foreign_units_need_zero_foreign() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  let error = phase.refused('G', "A Par - Bur");
  assert!(matches!(error, OfferError::ZeroToForeign { .. }), "{error:?}");
  assert!(error.to_string().contains("1 : A Par - Bur"), "{error}");
  assert!(matches!(phase.refused('G', "5+0 : A Par - Bur"), OfferError::ZeroToForeign { .. }));
  assert!(phase.check('F', "A Par - Bur").is_ok(), "own units take 0");
  phase.terms.zero_foreign = true;
  assert!(phase.check('G', "A Par - Bur").is_ok());
}

/// Blind Payola: an offer to a unit that is not the briber's own is
/// answered the same whether the unit is there or not (its type written,
/// never 0 AgP); one to a unit that is not there is dropped when the
/// phase is read back for processing.
#[test]
fn blind_offers_do_not_tell_whether_a_unit_is_there() {
  let mut phase = Phase::new(&["F A Par", "G A Mun", "G F Kie"]);
  phase.terms.blind = true;
  assert!(phase.check('F', "3 : A Mun - Ruh").is_ok(), "a German army there");
  assert!(phase.check('F', "3 : A Kie H").is_ok(), "an army where a fleet stands");
  assert!(phase.check('F', "3 : A Bur H").is_ok(), "nobody there");
  assert!(matches!(phase.refused('F', "3 : Mun H"), OfferError::BlindType { .. }));
  assert!(matches!(phase.refused('F', "0 : A Mun H"), OfferError::BlindZero { .. }));
  assert!(matches!(phase.refused('F', "3 : A Mun - Lon"), OfferError::Order { .. }));
  assert!(phase.check('F', "A Par - Bur").is_ok(), "own units as usual");
  let back = |text: &str| restore_line(map(), &phase.position, &phase.rules, power('F'), text);
  assert!(back("3 : A Mun - Ruh").is_ok());
  assert!(back("3 : A Kie H").is_err() && back("3 : A Bur H").is_err());
}

/// A sheet holds at most MAX_OFFERS single offers, copies, parts and
/// alternatives counted, so that no sheet can make processing run long.
#[test]
fn a_sheet_holds_a_bounded_number_of_offers() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  let six = "99*10+99*10+99*10+99*10+99*10+99*10 : A Par H";
  assert_eq!(phase.refused('F', six), OfferError::TooManyOffers { limit: MAX_OFFERS });
  for _ in 0..5 {
    phase.write('F', "99*10 : A Par H");
  }
  assert_eq!(
    phase.refused('F', "6*1 : A Par - Bur"),
    OfferError::TooManyOffers { limit: MAX_OFFERS }
  );
  phase.write('F', "5*1 : A Par - Bur");
  assert_eq!(
    phase.refused('F', "1 : A Par - Pic"),
    OfferError::TooManyOffers { limit: MAX_OFFERS }
  );
  // Alternatives count each.
  let phase = Phase::new(&["F A Par"]);
  let alternatives = "99*10+99*10+99*10 : A Par H | - Bur";
  assert_eq!(phase.refused('F', alternatives), OfferError::TooManyOffers { limit: MAX_OFFERS });
}

#[test]
fn direct_only_allows_one_plain_direct_offer_per_unit() {
  let mut phase = Phase::new(&["F A Par", "G A Mun"]);
  phase.terms.direct_only = true;
  phase.write('G', "5 : A Par - Bur");
  assert!(matches!(phase.refused('G', "3 : A Par - Pic"), OfferError::DirectOnlyTwice { .. }));
  assert_eq!(phase.refused('F', "3 > A Par - Pic"), OfferError::DirectOnlyCode { code: '>' });
  assert_eq!(phase.refused('F', "3 ! A Par - Pic"), OfferError::DirectOnlyCode { code: '!' });
  assert_eq!(phase.refused('F', "3 : A Par - Pic | H"), OfferError::DirectOnlyAlternatives);
  assert_eq!(phase.refused('F', "2*3 : A Par - Pic"), OfferError::DirectOnlyAmount);
  assert_eq!(phase.refused('F', "2+3 : A Par - Pic"), OfferError::DirectOnlyAmount);
  assert!(phase.check('F', "3 : A Par - Pic").is_ok());
}

#[test]
fn limit_offers_counts_the_new_line_and_implies_direct_only() {
  let mut phase = Phase::new(&["F A Par", "F F Bre", "G A Mun"]);
  phase.terms.limit_offers = true;
  phase.bidder('F').balance = 20;
  phase.write('F', "12 : A Par - Bur");
  assert_eq!(
    phase.refused('F', "9 : F Bre - Mid"),
    OfferError::OverLimit { total: 21, available: 20 }
  );
  assert!(phase.check('F', "8 : F Bre - Mid").is_ok(), "12 + 8 = 20 is allowed");
  assert_eq!(phase.refused('F', "8 > F Bre - Mid"), OfferError::DirectOnlyCode { code: '>' });
  // Savings lower what is available.
  phase.write('F', "5 $");
  assert_eq!(
    phase.refused('F', "8 : F Bre - Mid"),
    OfferError::OverLimit { total: 20, available: 15 }
  );
  // A line stored earlier is read back whatever the money now.
  let stored = restore_line(map(), &phase.position, &phase.rules, power('F'), "99 : F Bre - Mid");
  assert!(matches!(stored, Ok(Line::Offer(ref o)) if o.total() == 99), "{stored:?}");
}

#[test]
fn pay_dummies_orders_own_units_plainly_and_bribes_only_dummies() {
  let mut phase = Phase::new(&["F A Par", "G A Mun", "I A Bel"]);
  phase.terms.pay_dummies = true;
  phase.dummies[power('I').index()] = true;
  assert!(matches!(phase.refused('F', "1 : A Par - Bur"), OfferError::OwnUnitPaid { .. }));
  assert!(matches!(phase.refused('F', "A Par - Bur | - Pic"), OfferError::OwnUnitPaid { .. }));
  assert!(matches!(phase.refused('F', "> A Par - Bur"), OfferError::OwnUnitPaid { .. }));
  phase.write('F', "A Par - Bur");
  assert!(
    matches!(phase.refused('F', "A Par - Pic"), OfferError::OwnUnitPaid { .. }),
    "each own unit once"
  );
  let error = phase.refused('F', "3 : A Mun - Ruh");
  assert!(
    matches!(error, OfferError::PlayedUnit { ref owner, .. } if owner == "Germany"),
    "{error:?}"
  );
  assert!(phase.check('F', "3 : A Bel - Pic").is_ok());
  assert!(matches!(phase.refused('F', "A Bel - Pic"), OfferError::ZeroToForeign { .. }));
}

#[test]
fn touch_and_remote_bribes_look_at_the_bribers_neighbours() {
  let mut phase = Phase::new(&["F A Par", "G A Mun", "G A Ber", "I A Bel"]);
  phase.dummies[power('I').index()] = true;
  phase.terms.reach = Reach::Adjacent;
  // Paris and Munich are two provinces apart: neither could support the
  // other, so neither power may bribe the other's army.
  assert!(matches!(phase.refused('G', "3 : A Par - Bur"), OfferError::NotAdjacent { .. }));
  assert!(matches!(phase.refused('F', "3 : A Mun - Ruh"), OfferError::NotAdjacent { .. }));
  phase
    .position
    .place(map(), Unit { power: power('G'), kind: UnitType::Army, location: at("Bur") })
    .unwrap_or_else(|e| panic!("{e:?}"));
  assert!(phase.check('G', "3 : A Par - Pic").is_ok(), "Burgundy is next to Paris");
  // REMOTE: the reverse.
  phase.terms.reach = Reach::Remote;
  assert!(matches!(phase.refused('G', "3 : A Par - Pic"), OfferError::NotRemote { .. }));
  assert!(phase.check('F', "3 : A Ber - Kie").is_ok());
  // Own units are never out of reach; dummies' are exempt under CD_DUMMIES.
  assert!(phase.check('G', "A Bur - Pic").is_ok());
  assert!(matches!(phase.refused('G', "3 : A Bel - Pic"), OfferError::NotRemote { .. }));
  phase.terms.cd_dummies = true;
  assert!(phase.check('G', "3 : A Bel - Pic").is_ok());
}

#[test]
fn every_refusal_reads_as_a_sentence() {
  let errors = [
    OfferError::Empty,
    OfferError::BadAmount { text: "5#6".into() },
    OfferError::NoPlateaus,
    OfferError::NoCode { amount: "5".into() },
    OfferError::NoSavings,
    OfferError::Order { text: "- Bel".into(), error: Box::new(crate::order::OrderError::Empty) },
    OfferError::DirectOnlyAlternatives,
    OfferError::OverLimit { total: 21, available: 20 },
    OfferError::ZeroToForeign {
      unit: "Army Paris".into(),
      owner: "France".into(),
      written: "A Par H".into(),
    },
  ];
  for error in errors {
    let text = error.to_string();
    assert!(text.ends_with('.'), "{text}");
    assert!(text.chars().next().is_some_and(|c| c.is_uppercase() || c == '\''), "{text}");
  }
}

/// The loop ends however far a power overspends: every pass lowers its
/// offers, and an all-zero sheet costs nothing.
#[test]
fn the_loop_ends_however_far_a_power_overspends() {
  let mut phase = Phase::new(&["F A Par", "F F Bre", "G A Mun"]);
  phase.bidder('F').balance = 0;
  phase.bidder('G').balance = 3;
  phase.write('F', "99*9999 : A Par - Bur");
  phase.write('F', "50#40 + 7 > F Bre - Mao");
  phase.write('G', "1 : A Par H");
  phase.write('G', "9 : F Bre H");
  let outcome = phase.resolve();
  assert_eq!(spent(&outcome, 'F'), 0);
  assert!(spent(&outcome, 'G') <= 3);
  assert!(outcome.reductions[power('F').index()] >= 9999);
  assert!(outcome.reductions[power('G').index()] >= 1);
  // Every winner is paid for within the payers' means.
  for deal in &outcome.deals {
    for &(payer, amount) in &deal.paid {
      assert!(amount <= phase.bidders[payer.index()].available(), "{deal:?}");
    }
  }
}

proptest::proptest! {
  #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

  /// Whatever a player writes, reading it as an offer line (as it comes
  /// in, blind or not, and as it is read back from the game file) answers
  /// with a line or a refusal, never a panic; a line taken reads back as
  /// itself.
  #[test]
  fn any_text_is_an_offer_or_a_refusal(
    text in "[0-9*#+$:!>@&| %]{0,12}( ?[AF] (Par|Mun|Bur|Kie|Stp/sc|Mao|Xyz)( ?[-SCH] ?(A |F )?(Bur|Par|Pic|Ruh|Mun)?){0,2})?[ |]{0,2}[0-9a-zA-Z -]{0,6}",
    blind: bool,
  ) {
    let mut phase = Phase::new(&["F A Par", "G A Mun", "G F Kie"]);
    phase.terms.blind = blind;
    if let Ok(line) = phase.check('F', &text) {
      let written = render_line(map(), &line);
      let again = phase.check('F', &written);
      proptest::prop_assert!(again.is_ok(), "{text:?} -> {written:?} -> {again:?}");
    }
    let _ = restore_line(map(), &phase.position, &phase.rules, power('G'), &text);
  }
}
