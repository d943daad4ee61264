//! Leagues (DPjudge `LEAGUE`, Ambition): whom a power may help. A STRICT
//! power supports and convoys only units of its own league; a BENIGN one
//! will not help a unit of another league move into a space held by its
//! own league or a league it protects. Members of a league are not bound.
//! The order checker refuses such orders; the adjudicator voids them.

use crate::map::{LeagueKind, Map, PowerId};

/// Why a power's league forbids it to help another power's unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeagueBar {
  /// STRICT: the helped unit is not of the helper's league.
  Strict,
  /// BENIGN: the helped move goes into a space the helper's leagues hold.
  Benign,
}

/// Whether `helper`'s league forbids it to support or convoy a unit of
/// `helped`. `moving_into` is the power holding the space the helped unit
/// moves into, for a support of a move or a convoy (`None` for a support
/// to hold, or an empty space).
pub fn league_forbids(
  map: &Map,
  helper: PowerId,
  helped: PowerId,
  moving_into: Option<PowerId>,
  is_move: bool,
) -> Option<LeagueBar> {
  let league = map.power(helper).league.as_ref()?;
  let league_of = |p: PowerId| map.power(p).league.as_ref().map(|l| l.name.as_str());
  let ours = |name: Option<&str>| {
    name.is_some_and(|n| n == league.name || league.protects.iter().any(|p| p == n))
  };
  match league.kind {
    LeagueKind::Member => None,
    LeagueKind::Strict => (helped != helper && league_of(helped) != Some(league.name.as_str()))
      .then_some(LeagueBar::Strict),
    LeagueKind::Benign => {
      let foreign = helped != helper && !ours(league_of(helped));
      let into_ours = moving_into.is_some_and(|v| v == helper || ours(league_of(v)));
      (is_move && foreign && into_ours).then_some(LeagueBar::Benign)
    }
  }
}
