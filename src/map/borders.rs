//! Special borders of variant maps, as the DPjudge plays them (its
//! `Map.abutRules`, read in `Game.py`): half-strength borders (1900's Cape
//! route, `*`), zero-strength straits (Loeb9, `~`) and borders open only
//! to the owner of some centres (Imperial's Aegean–Black Sea, `X(C)`).
//!
//! Like the DPjudge's `abutRules`, each is a property of the border as seen
//! from one side: `from`'s province lists `to`. The maps list both sides.

use super::{Map, PowerId, ProvinceId};

/// What a move across a border is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BorderKind {
  /// A strait (`~`): the move has no strength of its own, only its
  /// supports', and loses a retreat conflict to anything else.
  Strait,
  /// A half-strength border (`*`): the move has half its strength, cuts no
  /// support, and loses a retreat conflict to an ordinary retreat.
  HalfStrength,
  /// Any other border.
  Normal,
}

impl BorderKind {
  /// The strength of the moving unit itself, doubled so that a half stays
  /// a whole number (every support adds [`BorderKind::SUPPORT`]). DPjudge
  /// `Game.strengths`: 0.5 across `*`, 0 across `~`, 1 otherwise.
  pub fn own_strength(self) -> i32 {
    match self {
      BorderKind::Strait => 0,
      BorderKind::HalfStrength => 1,
      BorderKind::Normal => 2,
    }
  }

  /// What one support adds, on the doubled scale of
  /// [`BorderKind::own_strength`].
  pub const SUPPORT: i32 = 2;
}

impl Map {
  /// The kind of the border a unit crosses going from `from` to `to`
  /// (whether or not the two are neighbours).
  pub fn border_kind(&self, from: ProvinceId, to: ProvinceId) -> BorderKind {
    let province = self.province(from);
    if province.strait.contains(&to) {
      BorderKind::Strait
    } else if province.half_strength.contains(&to) {
      BorderKind::HalfStrength
    } else {
      BorderKind::Normal
    }
  }

  /// True when a unit at `from` may support into `to` as far as the
  /// border goes: never across a half-strength border or a strait (DPjudge
  /// `Game.validOrder`, "UNIT CANNOT DELIVER SUPPORT TO DESTINATION").
  pub fn supports_across(&self, from: ProvinceId, to: ProvinceId) -> bool {
    self.border_kind(from, to) == BorderKind::Normal
  }

  /// The centres whose owner alone may cross from `from` to `to`; `None`
  /// for a border open to all.
  pub fn border_owners(&self, from: ProvinceId, to: ProvinceId) -> Option<&[ProvinceId]> {
    self.province(from).owner_only.iter().find(|(there, _)| *there == to).map(|(_, c)| c.as_slice())
  }

  /// True when a unit of `power` may cross from `from` to `to` as far as
  /// owner-only borders go: the border is open to all, or `power` owns
  /// every centre it names (`owner` tells who owns a centre now). DPjudge
  /// `Game.abuts` makes the same test with the power's centres, for moves,
  /// supports and retreats alike; elsewhere the provinces are simply not
  /// neighbours. Says nothing of whether they are neighbours at all.
  pub fn border_open(
    &self,
    from: ProvinceId,
    to: ProvinceId,
    power: PowerId,
    owner: impl Fn(ProvinceId) -> Option<PowerId>,
  ) -> bool {
    self
      .border_owners(from, to)
      .is_none_or(|centres| centres.iter().all(|&c| owner(c) == Some(power)))
  }
}
