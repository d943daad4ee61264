//! NO_CHECK, the DPjudge's face-to-face order entry: a movement order is
//! read when it comes in for its words and names only (an unknown or
//! ambiguous name is refused at once, as is a coast in a support), and
//! kept as written. Orders are checked against the board when the phase is
//! processed: one that does not stand is reported `(*invalid*)` and its
//! unit holds; a unit given different orders in one message holds, and
//! each of them is reported `(*reorder*)`. An order of a later message for
//! the same province replaces the earlier message's, as any order does.

use super::entry::Accepted;
use super::{Entered, Game};
use crate::map::{PowerId, ProvinceId};
use crate::order::{self, Action, OrderError, ParsedOrder, UnitOrder};
use crate::phase::PhaseKind;

/// A movement order kept as written (NO_CHECK).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
  pub text: String,
  /// The province the order names its unit in.
  pub province: ProvinceId,
  /// Whether it came in an earlier message (it was read back from the
  /// game's file): a later order for the same province replaces it, where
  /// two in one message both stand and make the unit hold.
  pub earlier: bool,
}

/// Why an order kept as written was not carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
  /// It does not stand on the board.
  Invalid,
  /// Its unit was given different orders in one message.
  Reorder,
}

impl Verdict {
  /// The results' note: `(*invalid*)`, `(*reorder*)`.
  pub fn word(self) -> &'static str {
    match self {
      Verdict::Invalid => "invalid",
      Verdict::Reorder => "reorder",
    }
  }
}

/// An order of a NO_CHECK game that was not carried out, for the results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotCarried {
  pub power: PowerId,
  pub text: String,
  pub verdict: Verdict,
}

impl Game {
  /// Whether orders now are kept as written (NO_CHECK, movement phases).
  pub(super) fn checks_late(&self) -> bool {
    self.position.phase.kind == PhaseKind::Movement && self.settings.variant.has_rule("NO_CHECK")
  }

  /// Keeps a movement order as written, once its words read (NO_CHECK).
  /// `None` when it is not a unit's order at all, for the usual checks
  /// to answer.
  pub(super) fn take_unchecked(
    &mut self,
    power: PowerId,
    text: &str,
    fresh: bool,
  ) -> Option<Result<Accepted, OrderError>> {
    let parsed = match order::parse_order(self.map, PhaseKind::Movement, text) {
      Ok(parsed) => parsed,
      Err(error) => return Some(Err(error)),
    };
    let ParsedOrder::Unit { at, action, .. } = parsed else { return None };
    if matches!(action, Action::SupportMove { to, .. } if to.coast.is_some()) {
      return Some(Err(OrderError::UncheckedSupportCoast));
    }
    let text = text.trim().trim_end_matches('.').to_string();
    let list = &mut self.orders[power.index()].unchecked;
    // Read back from the file, every order stays as it was.
    let earlier = |u: &Unchecked| fresh && u.earlier && u.province == at.province;
    let replaced = list.iter().position(earlier).map(|i| list[i].text.clone());
    list.retain(|u| !earlier(u));
    list.push(Unchecked { text: text.clone(), province: at.province, earlier: !fresh });
    Some(Ok(Accepted { text: format!("{text} (checked when the phase is processed)"), replaced }))
  }

  /// Checks the orders kept as written against the board, files those
  /// that stand as the powers' orders, and returns the others.
  pub(super) fn check_unchecked(&mut self) -> Vec<NotCarried> {
    let mut not_carried = Vec::new();
    for power in self.map.power_ids() {
      let Some(orders) = self.orders.get_mut(power.index()) else { continue };
      let lines = std::mem::take(&mut orders.unchecked);
      let mut taken: Vec<(PowerId, UnitOrder, String)> = Vec::new();
      for line in lines {
        match self.checked_unit_order(power, &line.text) {
          Ok((filed, order)) => taken.push((filed, order, line.text)),
          Err(_) => {
            not_carried.push(NotCarried { power, text: line.text, verdict: Verdict::Invalid })
          }
        }
      }
      for (i, (filed, order, text)) in taken.iter().enumerate() {
        let differing =
          taken.iter().any(|(_, o, _)| o.unit == order.unit && o.order != order.order);
        if differing {
          not_carried.push(NotCarried { power, text: text.clone(), verdict: Verdict::Reorder });
        } else if !taken[..i].iter().any(|(_, o, _)| o.unit == order.unit) {
          let entered = Entered { order: order.clone(), text: text.clone() };
          self.orders[filed.index()].units.push(entered);
        }
      }
    }
    not_carried
  }
}
