//! Payola (the DPjudge's game type): movement-phase orders are bought.
//!
//! Each power writes an offer sheet ([`offer`]: `5 : A Par - Bur | - Pic`,
//! `3 ! F Bre - Mid`, `25 $`); every unit on the board then follows the
//! order that was paid most for it, ties going to the powers its owner
//! accepts first ([`resolve`]); the chosen orders are adjudicated by the
//! standard rules by the caller. Money comes in at the year's end
//! ([`income`]). The rules are those of `shared/notes/dpjudge-rules.md`
//! §(f); the decisions of its §0.3 (rows 13–16, 20, 21) are followed.
//!
//! Pure domain code: no mail, files or clock. Randomness (the `?` of an
//! acceptance list) is drawn by the caller, which passes full lists.

mod income;
mod offer;
mod resolve;
#[cfg(test)]
mod tests;

pub use income::{
  income, starting_balance, zerosum_capture_list, zerosum_captures, zerosum_start, Capture, Purse,
  Tax,
};
pub use offer::{
  parse_line, render_line, restore_line, Amount, Code, Context, Line, Offer, OfferError, MAX_OFFERS,
};
pub use resolve::{available, resolve, Bidder, Outcome, UnitDeal};

/// The Payola rules that shape offers and their resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
  /// DIRECT_ONLY: one `:` offer per unit per power, no `|`, `*` or `+`.
  /// LIMIT_OFFERS implies it (see [`Terms::direct`]).
  pub direct_only: bool,
  /// LIMIT_OFFERS: the sheet's offers, the new line included, may not
  /// total more than the money available (§0.3 #20).
  pub limit_offers: bool,
  /// PAY_DUMMIES: a power orders its own units with plain `0 :` orders;
  /// only dummies' units take bribes.
  pub pay_dummies: bool,
  /// NO_SAVINGS: no `$` lines and no plateaus (`#`).
  pub no_savings: bool,
  /// NO_PLATEAU: no plateaus (`#`).
  pub no_plateau: bool,
  /// ZERO_FOREIGN: 0 AgP offers to other powers' units are allowed.
  pub zero_foreign: bool,
  /// EBAYOLA: the winner pays one more than the best losing candidate.
  pub ebayola: bool,
  /// PUBLIC_TOTALS: every unit's candidates and totals are published;
  /// eBayola's rebates then ignore plateaus.
  pub public_totals: bool,
  /// Which foreign units a power may bribe.
  pub reach: Reach,
  /// CD_DUMMIES: dummies' units are exempt from the reach rules.
  pub cd_dummies: bool,
  /// Blind Payola (the DPjudge's Tin Cup): an offer to a unit that is not
  /// the briber's own is taken as written, whether or not the unit is
  /// there (an offer to a unit that is not is ignored when the phase is
  /// processed), and never for 0 AgP.
  pub blind: bool,
}

impl Terms {
  /// DIRECT_ONLY in force, by itself or through LIMIT_OFFERS.
  pub fn direct(&self) -> bool {
    self.direct_only || self.limit_offers
  }

  /// Plateaus (`#`) allowed: neither NO_PLATEAU nor NO_SAVINGS.
  pub fn plateaus(&self) -> bool {
    !self.no_plateau && !self.no_savings
  }
}

/// Which foreign units a power may bribe. "Adjacent" means that either
/// unit could support the other to hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
  /// Any unit (the default).
  #[default]
  Any,
  /// Only units adjacent to one of the briber's units (TOUCH_BRIBE).
  Adjacent,
  /// Only units adjacent to none of the briber's units (REMOTE_BRIBE).
  Remote,
}
