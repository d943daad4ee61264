//! Which order each unit follows, and what each power pays (§F.4–F.6).
//!
//! Every accepted line is expanded into internal offers, each with its
//! power's sequence number (§F.3's end); each power's own units without a
//! direct offer get `0 : unit H`. Then the whole board is decided, and
//! decided again after every reduction of an overspender's offers, until
//! no power spends more than it has.

use std::cmp::Reverse;

use crate::map::{Map, PowerId};
use crate::order::{Order, UnitOrder};
use crate::position::{Position, Unit};

use super::offer::{is_move, still_valid};
use super::{Code, Line, Terms};

/// One power's part in a movement phase's bribes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bidder {
  /// Its sheet, in the order written (savings lines included).
  pub lines: Vec<Line>,
  pub balance: u32,
  /// Its full acceptance order, `?` already expanded by the caller
  /// (seeded, once per phase); used when it owns a unit. Powers left out
  /// come last, in map order.
  pub accept: Vec<PowerId>,
  /// A dummy whose acceptance list is just `?` (§F.4 step 4).
  pub uncontrolled_dummy: bool,
}

impl Bidder {
  /// The money it may spend this phase: balance − Σ savings, not below 0
  /// (§0.3 #21).
  pub fn available(&self) -> u32 {
    available(self.balance, &self.lines)
  }
}

/// The money a sheet leaves free for bribes out of `balance`: the balance
/// less what its savings lines keep back, not below 0 (§0.3 #21).
pub fn available(balance: u32, lines: &[Line]) -> u32 {
  let saved: u32 = lines
    .iter()
    .map(|l| match l {
      Line::Savings(amount) => *amount,
      Line::Offer(_) => 0,
    })
    .fold(0, u32::saturating_add);
  balance.saturating_sub(saved)
}

/// What the bribes decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
  /// Exactly one order per unit on the board (the winning candidate), in
  /// the board's order.
  pub orders: Vec<UnitOrder>,
  /// One per unit, in the same order as `orders`.
  pub deals: Vec<UnitDeal>,
  /// Per power: what it pays (its balance less this is its new balance).
  pub spent: Vec<u32>,
  /// Per power: how many times its offers were reduced ("overpaid").
  pub reductions: Vec<u32>,
}

impl Outcome {
  /// Per power: the money actually paid for its units (ZEROSUM's accrued
  /// bribe profits; a tied dummy hold's display value is not money).
  pub fn earned(&self, powers: usize) -> Vec<u32> {
    let mut earned = vec![0u32; powers];
    for deal in &self.deals {
      if let Some(slot) = earned.get_mut(deal.unit.power.index()) {
        *slot = deal.paid.iter().fold(*slot, |sum, (_, amount)| sum.saturating_add(*amount));
      }
    }
    earned
  }
}

/// How one unit's order was bought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDeal {
  pub unit: Unit,
  /// The winner.
  pub order: Order,
  /// Its value as it won (after eBayola: the price; a dummy's tied hold:
  /// the top value + 1).
  pub total: u32,
  /// Who paid what for it (after eBayola's rebates), in power order; no
  /// zero payers.
  pub paid: Vec<(PowerId, u32)>,
  /// Every candidate with its value, best first (the chart, PUBLIC_TOTALS).
  pub candidates: Vec<(Order, u32)>,
  /// An uncontrolled dummy's unit held for a tie between different payers.
  pub tied_hold: bool,
}

/// One internal offer (§F.3's expansion).
#[derive(Clone, Debug)]
struct Internal {
  unit: Unit,
  code: Code,
  /// The candidate of a direct offer; the listed orders of a negative one.
  orders: Vec<Order>,
  amt: u32,
  plateau: u32,
  /// A direct offer whose order the unit may still give.
  valid: bool,
}

/// A candidate order for one unit, and the money on it.
#[derive(Clone, Debug)]
struct Candidate {
  order: Order,
  total: u32,
  cost: Vec<u32>,
  plateau: Vec<u32>,
  /// Per power: its earliest offer contributing to the candidate.
  seqs: Vec<Option<usize>>,
}

impl Candidate {
  fn new(order: Order, powers: usize) -> Candidate {
    Candidate {
      order,
      total: 0,
      cost: vec![0; powers],
      plateau: vec![0; powers],
      seqs: vec![None; powers],
    }
  }

  fn add(&mut self, power: usize, seq: usize, offer: &Internal, public_totals: bool) {
    let slot = &mut self.seqs[power];
    *slot = Some(slot.map_or(seq, |s| s.min(seq)));
    self.total = self.total.saturating_add(offer.amt);
    self.cost[power] = self.cost[power].saturating_add(offer.amt);
    if !public_totals {
      self.plateau[power] = self.plateau[power].saturating_add(offer.plateau);
    }
  }

  fn payers(&self) -> Vec<bool> {
    self.seqs.iter().map(Option::is_some).collect()
  }
}

/// Decides every unit's order and every power's payment for a movement
/// phase. `bidders[i]` is power i (one per map power, in `PowerId` order).
pub fn resolve(
  map: &Map,
  position: &Position,
  rules: &crate::adjudicate::Rules,
  bidders: &[Bidder],
  terms: &Terms,
) -> Outcome {
  let powers = map.powers().len().max(bidders.len());
  let bidder = |p: usize| bidders.get(p);
  let available: Vec<u32> = (0..powers).map(|p| bidder(p).map_or(0, Bidder::available)).collect();
  let units: Vec<Unit> = position.units().collect();
  let mut offers = expand(map, position, rules, bidders, powers, &units);
  // Each power's acceptance order, complete.
  let ranks: Vec<Vec<usize>> = (0..powers)
    .map(|p| {
      let mut rank: Vec<usize> = Vec::with_capacity(powers);
      for who in bidder(p).map(|b| b.accept.as_slice()).unwrap_or_default() {
        if who.index() < powers && !rank.contains(&who.index()) {
          rank.push(who.index());
        }
      }
      rank.extend((0..powers).filter(|i| !rank.contains(i)).collect::<Vec<_>>());
      rank
    })
    .collect();
  // Each unit's offers, as (power, sequence number), in power order.
  let by_unit: Vec<Vec<(usize, usize)>> = units
    .iter()
    .map(|&unit| {
      offers
        .iter()
        .enumerate()
        .flat_map(|(p, list)| {
          list.iter().enumerate().filter(move |(_, o)| o.unit == unit).map(move |(seq, _)| (p, seq))
        })
        .collect()
    })
    .collect();
  let mut reductions = vec![0u32; powers];
  loop {
    let mut left: Vec<i64> = available.iter().map(|&a| i64::from(a)).collect();
    let deals: Vec<UnitDeal> = units
      .iter()
      .zip(&by_unit)
      .map(|(&unit, refs)| {
        let owner = unit.power.index();
        let dummy = bidder(owner).is_some_and(|b| b.uncontrolled_dummy);
        decide(unit, &offers, refs, &ranks[owner], dummy, terms, powers)
      })
      .collect();
    for deal in &deals {
      for &(payer, amount) in &deal.paid {
        left[payer.index()] -= i64::from(amount);
      }
    }
    let over: Vec<usize> = (0..powers).filter(|&p| left[p] < 0).collect();
    if over.is_empty() {
      let spent = (0..powers)
        .map(|p| available[p] - u32::try_from(left[p]).unwrap_or(available[p]))
        .collect();
      let orders =
        deals.iter().map(|d| UnitOrder { unit: d.unit, order: d.order.clone() }).collect();
      return Outcome { orders, deals, spent, reductions };
    }
    for p in over {
      reductions[p] += 1;
      reduce(&mut offers[p]);
    }
  }
}

/// §F.5's reduction of an overspender's offers, all of them: those above
/// their plateau fall by 1; if none is, plateaus are forgotten and every
/// offer falls by 1 (not below 0).
fn reduce(offers: &mut [Internal]) {
  if offers.iter().any(|o| o.amt > o.plateau) {
    for o in offers.iter_mut().filter(|o| o.amt > o.plateau) {
      o.amt -= 1;
    }
  } else {
    for o in offers.iter_mut() {
      o.plateau = 0;
      o.amt = o.amt.saturating_sub(1);
    }
  }
}

/// Every power's sheet as internal offers, its index the sequence number;
/// the default holds appended; a unit with no valid direct offer left
/// gets its owner's `0 : H`.
fn expand(
  map: &Map,
  position: &Position,
  rules: &crate::adjudicate::Rules,
  bidders: &[Bidder],
  powers: usize,
  units: &[Unit],
) -> Vec<Vec<Internal>> {
  let hold = |unit: Unit| Internal {
    unit,
    code: Code::Direct,
    orders: vec![Order::Hold],
    amt: 0,
    plateau: 0,
    valid: true,
  };
  let mut checked: Vec<(Unit, Order, bool)> = Vec::new();
  let mut valid = |unit: Unit, order: &Order| {
    if let Some((_, _, ok)) = checked.iter().find(|(u, o, _)| *u == unit && o == order) {
      return *ok;
    }
    let ok = still_valid(map, position, rules, unit, order);
    checked.push((unit, order.clone(), ok));
    ok
  };
  let mut all: Vec<Vec<Internal>> = vec![Vec::new(); powers];
  for (p, offers) in all.iter_mut().enumerate() {
    let Some(bidder) = bidders.get(p) else { continue };
    for line in &bidder.lines {
      let Line::Offer(offer) = line else { continue };
      // An offer to a unit no longer there is ignored.
      if position.unit_at(offer.unit.location.province) != Some(offer.unit) {
        continue;
      }
      for amount in &offer.amounts {
        for _ in 0..amount.rep.max(1) {
          let (amt, plateau) = (amount.amt, amount.plateau);
          if offer.code == Code::Negative {
            if !offer.orders.contains(&Order::Hold) {
              offers.push(hold(offer.unit));
            }
            offers.push(Internal {
              unit: offer.unit,
              code: Code::Negative,
              orders: offer.orders.clone(),
              amt,
              plateau,
              valid: true,
            });
            continue;
          }
          for order in &offer.orders {
            let paid = match offer.code {
              Code::Direct => true,
              Code::Move => !is_move(order),
              Code::Hold => is_move(order),
              Code::Gift | Code::Negative => false,
            };
            let bribe = if paid { amt } else { 0 };
            offers.push(Internal {
              unit: offer.unit,
              code: Code::Direct,
              orders: vec![order.clone()],
              amt: bribe,
              plateau: if bribe > 0 { plateau } else { 0 },
              valid: valid(offer.unit, order),
            });
          }
          if offer.code != Code::Direct {
            offers.push(Internal {
              unit: offer.unit,
              code: offer.code,
              orders: Vec::new(),
              amt,
              plateau,
              valid: true,
            });
          }
        }
      }
    }
  }
  // Defaults: each own unit without a direct offer holds for 0.
  for &unit in units {
    let mine = &mut all[unit.power.index()];
    if !mine.iter().any(|o| o.unit == unit && o.code == Code::Direct) {
      mine.push(hold(unit));
    }
  }
  // A unit whose direct offers are all invalid now: the owner's hold.
  for &unit in units {
    let any = all.iter().flatten().any(|o| o.unit == unit && o.code == Code::Direct && o.valid);
    if !any {
      all[unit.power.index()].push(hold(unit));
    }
  }
  all
}

/// §F.4 (and §F.6): the candidates for one unit, their values, the
/// winner and who pays.
fn decide(
  unit: Unit,
  offers: &[Vec<Internal>],
  refs: &[(usize, usize)],
  rank: &[usize],
  uncontrolled_dummy: bool,
  terms: &Terms,
  powers: usize,
) -> UnitDeal {
  let mut candidates: Vec<Candidate> = Vec::new();
  for &(p, seq) in refs {
    let o = &offers[p][seq];
    if o.code != Code::Direct || !o.valid {
      continue;
    }
    let Some(order) = o.orders.first() else { continue };
    let at = match candidates.iter().position(|c| c.order == *order) {
      Some(at) => at,
      None => {
        candidates.push(Candidate::new(order.clone(), powers));
        candidates.len() - 1
      }
    };
    candidates[at].add(p, seq, o, terms.public_totals);
  }
  if candidates.is_empty() {
    // Not reached: `expand` gives every unit a valid hold.
    candidates.push(Candidate::new(Order::Hold, powers));
  }
  // Wildcard money.
  for &(p, seq) in refs {
    let o = &offers[p][seq];
    if o.code == Code::Direct {
      continue;
    }
    for c in candidates.iter_mut() {
      let matches = match o.code {
        Code::Negative => !o.orders.contains(&c.order),
        Code::Move => is_move(&c.order),
        Code::Hold => !is_move(&c.order),
        Code::Gift => true,
        Code::Direct => false,
      };
      if matches {
        c.add(p, seq, o, terms.public_totals);
      }
    }
  }
  // Best first: highest value, then the owner's acceptance order.
  candidates.sort_by_cached_key(|c| {
    let seqs: Vec<usize> = rank.iter().map(|&p| c.seqs[p].unwrap_or(usize::MAX)).collect();
    (Reverse(c.total), seqs)
  });
  let top = candidates[0].total;
  // An uncontrolled dummy's unit holds when the top is tied between
  // different sets of payers (§0.3 #15).
  let best_payers = candidates[0].payers();
  let tied_hold = uncontrolled_dummy
    && candidates[1..].iter().take_while(|c| c.total == top).any(|c| c.payers() != best_payers);
  let mut total;
  if tied_hold {
    let hold = match candidates.iter().position(|c| c.order == Order::Hold) {
      Some(at) => candidates.remove(at),
      None => Candidate::new(Order::Hold, powers),
    };
    candidates.insert(0, hold);
    total = top.saturating_add(1);
  } else {
    total = top;
    if terms.ebayola {
      total = ebayola(&mut candidates, rank);
    }
  }
  let winner = &candidates[0];
  let paid: Vec<(PowerId, u32)> = (0..powers)
    .filter(|&p| winner.cost[p] > 0)
    .map(|p| (PowerId(u8::try_from(p).unwrap_or(u8::MAX)), winner.cost[p]))
    .collect();
  let mut list: Vec<(Order, u32)> = candidates.iter().map(|c| (c.order.clone(), c.total)).collect();
  list[0].1 = total;
  UnitDeal { unit, order: winner.order.clone(), total, paid, candidates: list, tied_hold }
}

/// §F.6: the winner's price is min(bid, runner-up + 1) (1 with no
/// runner-up, 0 if nothing was bid); the difference goes back to its
/// contributors in the owner's acceptance order, none below its plateau
/// (plateaus are not counted under PUBLIC_TOTALS). Returns the new total.
fn ebayola(candidates: &mut [Candidate], rank: &[usize]) -> u32 {
  let runner_up = candidates.get(1).map_or(0, |c| c.total);
  let Some((winner, _)) = candidates.split_first_mut() else { return 0 };
  let price = winner.total.min(runner_up.saturating_add(1));
  let mut over = winner.total - price;
  for &p in rank {
    if over == 0 {
      break;
    }
    if winner.cost[p] == 0 {
      continue;
    }
    let rebate = winner.cost[p].saturating_sub(winner.plateau[p]).min(over);
    winner.cost[p] -= rebate;
    winner.total -= rebate;
    over -= rebate;
  }
  winner.total
}
