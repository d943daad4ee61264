//! Money at the year's end (§F.7) and at the start (§F.2).

use crate::map::{PowerId, ProvinceId};

/// How income is counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Tax {
  /// The default: Σ_{k=0}^{n−1} (V − n + k) for n centres, V the victory
  /// count (17, 33, 48, 62 … on the standard map).
  #[default]
  Sliding,
  /// FLAT_TAX: n × the number of powers on the map.
  Flat,
  /// The map's `TAX t`: n × t.
  Each(u32),
  /// The map's `TAX centre v` lines: the values of the centres owned.
  ByCentre(Vec<(ProvinceId, u32)>),
}

/// Year-end income for a power owning `centres` (§F.7), at most `cap`
/// (the map's `CAP`). ZEROSUM's income is its accrued profits instead, and
/// VASSAL_DUMMIES moves dummies' income to their controller: both are the
/// caller's.
pub fn income(
  centres: &[ProvinceId],
  victory: u32,
  powers: usize,
  tax: &Tax,
  cap: Option<u32>,
) -> u32 {
  let n = u32::try_from(centres.len()).unwrap_or(u32::MAX);
  let bux = match tax {
    Tax::Sliding => {
      // Terms may go below 0 past the victory count, as in the DPjudge;
      // the sum is not allowed to.
      let (n, v) = (i64::from(n), i64::from(victory));
      let sum: i64 = (0..n).map(|k| v - n + k).sum();
      u32::try_from(sum.max(0)).unwrap_or(u32::MAX)
    }
    Tax::Flat => n.saturating_mul(u32::try_from(powers).unwrap_or(u32::MAX)),
    Tax::Each(t) => n.saturating_mul(*t),
    Tax::ByCentre(values) => centres
      .iter()
      .map(|c| values.iter().find(|(p, _)| p == c).map_or(0, |(_, v)| *v))
      .fold(0, u32::saturating_add),
  };
  cap.map_or(bux, |cap| bux.min(cap))
}

/// The starting balance (§F.2): the income of the centres owned, or, if
/// that is 0 (MOBILIZE starts with none), victory ÷ 2 per unit. ZEROSUM
/// games start with [`zerosum_start`] instead.
pub fn starting_balance(
  centres: &[ProvinceId],
  units: usize,
  victory: u32,
  powers: usize,
  tax: &Tax,
  cap: Option<u32>,
) -> u32 {
  match income(centres, victory, powers, tax, cap) {
    0 => (victory / 2).saturating_mul(u32::try_from(units).unwrap_or(u32::MAX)),
    bux => bux,
  }
}

/// ZEROSUM's starting balance: 10 AgP per centre.
pub fn zerosum_start(centres: usize) -> u32 {
  10u32.saturating_mul(u32::try_from(centres).unwrap_or(u32::MAX))
}

/// A power's money as the year ends, for ZEROSUM's captures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purse {
  /// Its balance before income.
  pub balance: u32,
  /// The bribe money paid to its units during the year.
  pub accrued: u32,
  /// The centres it held at the start of the year.
  pub start_centres: usize,
}

/// One centre changing hands at the year's end under ZEROSUM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
  pub centre: ProvinceId,
  /// The loser; `None` for a neutral centre (paid by the bank).
  pub from: Option<PowerId>,
  pub to: PowerId,
  pub amount: u32,
}

/// ZEROSUM's captures (§F.7): for each centre `(centre, owner before,
/// owner after)` that changed hands, a neutral centre brings its captor 10
/// AgP from the bank; a centre taken from P brings P's (balance + accrued)
/// ÷ the centres P held at the start of the year, integer division, paid by
/// P once per centre lost. `purses` is indexed by power. A centre left
/// without owner moves no money.
pub fn zerosum_capture_list(
  owners: &[(ProvinceId, Option<PowerId>, Option<PowerId>)],
  purses: &[Purse],
) -> Vec<Capture> {
  owners
    .iter()
    .filter(|(_, before, after)| before != after)
    .filter_map(|&(centre, from, after)| {
      let to = after?;
      let amount = match from {
        None => 10,
        Some(loser) => purses.get(loser.index()).map_or(0, |purse| {
          let worth = u64::from(purse.balance) + u64::from(purse.accrued);
          let share = worth.checked_div(purse.start_centres as u64).unwrap_or(0);
          u32::try_from(share).unwrap_or(u32::MAX)
        }),
      };
      Some(Capture { centre, from, to, amount })
    })
    .collect()
}

/// [`zerosum_capture_list`] summed per power (index as `purses`): gains
/// positive, losses negative.
pub fn zerosum_captures(
  owners: &[(ProvinceId, Option<PowerId>, Option<PowerId>)],
  purses: &[Purse],
) -> Vec<i64> {
  let mut deltas = vec![0i64; purses.len()];
  for capture in zerosum_capture_list(owners, purses) {
    if let Some(slot) = deltas.get_mut(capture.to.index()) {
      *slot += i64::from(capture.amount);
    }
    if let Some(slot) = capture.from.and_then(|loser| deltas.get_mut(loser.index())) {
      *slot -= i64::from(capture.amount);
    }
  }
  deltas
}
