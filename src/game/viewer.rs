//! What one viewer of a game is shown (issue 25): in a blind game, a
//! player sees the board as its own units see it ([`super::blind`]), an
//! observer or a stranger sees none of it while the game runs, and the
//! Master sees everything. Every results mail, listing and picture is
//! built from the masked copies made here, so that what is left out is
//! decided once, from the board, and never by cutting text.

use std::borrow::Cow;

use super::blind::{self, Shown, Sight, View};
use super::{Game, PhaseResult, Resolution, Role};
use crate::adjudicate::{Failure, Resolved};
use crate::map::{Map, PowerId, ProvinceId};
use crate::order::{Adjustment, Order};
use crate::position::{Position, Unit};

/// The DPjudge's rule names of the BLIND family that change what is seen
/// (`SET RULE`); BLIND itself turns the engine on.
pub const SIGHT_RULES: [&str; 13] = [
  "HIDE_BUILDS",
  "OWN_SCS_SEE",
  "NO_SCS_SEE",
  "NO_UNITS_SEE",
  "SEE_NO_SCS",
  "SEE_ALL_SCS",
  "SEE_NO_UNITS",
  "UNITS_SEE_OTHER",
  "UNITS_SEE_SAME",
  "MYOPIC",
  "VENETIAN",
  "GREEK",
  "TROJAN",
];

/// Why `settings` cannot be played, if a blind setting in them cannot
/// join the rest: njudge's Blind and the DPjudge's BLIND are two ways of
/// playing blind, and a NoDIAS draw (which names the powers in it) would
/// tell a blind player who is still alive.
pub fn misfit(settings: &super::Settings) -> Option<&'static str> {
  let variant = &settings.variant;
  let dpjudge = variant.has_rule("BLIND");
  if variant.blind && dpjudge {
    return Some(
      "njudge's Blind option and the DPjudge's BLIND rule are two ways of playing\n\
       blind and cannot be combined: use one (SET NOT VARIANT Blind or SET NO RULE\n\
       BLIND).",
    );
  }
  if (variant.blind || dpjudge) && variant.crystal_ball {
    return Some(
      "A Crystal Ball game cannot be blind: its lists name units on the whole\n\
       board, and the DPjudge never played the two together.",
    );
  }
  if variant.has_rule("HIDE_BUILDS") && !(variant.blind || dpjudge) {
    return Some(
      "HIDE_BUILDS keeps a build from the other players, which only a blind game\n\
       can: where everyone sees the whole board, the new unit is there for all to\n\
       see. Make the game blind first (SET RULE BLIND).",
    );
  }
  if (variant.blind || dpjudge) && !settings.dias {
    return Some(
      "A blind game cannot have NoDIAS draws: a draw naming its powers would tell\n\
       every player who is still alive (SET DIAS).",
    );
  }
  None
}

/// Who is looking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
  /// The whole truth: the Master, an observer the Master made omniscient,
  /// anyone once the game is over, and everyone in a game that is not
  /// blind.
  Everything,
  /// A player: these powers' units and centres (its own and its
  /// vassals') are its eyes.
  Seat(Vec<PowerId>),
  /// An observer or a stranger in a running blind game: no unit and no
  /// order, and centre owners only where everyone is shown them.
  Outsider,
}

impl Viewer {
  pub fn sees_everything(&self) -> bool {
    *self == Viewer::Everything
  }

  /// Whether `power` is the viewer's own (or it sees everything): whose
  /// holdings it may count, and whose retreats it is told.
  pub fn owns(&self, power: PowerId) -> bool {
    match self {
      Viewer::Everything => true,
      Viewer::Seat(powers) => powers.contains(&power),
      Viewer::Outsider => false,
    }
  }

  /// A key naming this viewer in a game's stored history (`F`, `EF`,
  /// `-` for outsiders), so a player's copy is found again.
  pub fn key(&self, map: &Map) -> String {
    match self {
      Viewer::Everything => "*".to_string(),
      Viewer::Seat(powers) => powers.iter().map(|&p| map.power(p).initial).collect(),
      Viewer::Outsider => "-".to_string(),
    }
  }
}

impl Game {
  /// The sight of a blind game: njudge's Blind (the `Blind` option, with
  /// SET BCENTERS), or the DPjudge's BLIND with the modifiers in force;
  /// `None` when everyone sees the whole board.
  pub fn sight(&self) -> Option<Sight> {
    let variant = &self.settings.variant;
    if variant.blind {
      return Some(Sight::njudge(self.settings.bcenters));
    }
    if !variant.has_rule("BLIND") {
      return None;
    }
    let words: Vec<&str> = SIGHT_RULES.iter().copied().filter(|r| variant.has_rule(r)).collect();
    Sight::with_modifiers(&words)
  }

  /// Whether the game is blind and still hides things (once it is over,
  /// everything is shown to everyone).
  pub fn hides(&self) -> bool {
    self.sight().is_some() && !self.is_finished()
  }

  /// What member `member` (`None`: somebody not in the game) is shown now.
  pub fn viewer(&self, member: Option<usize>) -> Viewer {
    if !self.hides() {
      return Viewer::Everything;
    }
    let Some(member) = member.and_then(|i| self.members.get(i)) else {
      return Viewer::Outsider;
    };
    match (member.role, member.power) {
      (Role::Master, _) => Viewer::Everything,
      (Role::Player, Some(power)) => self.seat_viewer(power),
      (Role::Observer, _) if member.omniscient => Viewer::Everything,
      _ => Viewer::Outsider,
    }
  }

  /// The viewer who plays `power`: its eyes are its own units and its
  /// vassals'.
  pub fn seat_viewer(&self, power: PowerId) -> Viewer {
    let mut powers = vec![power];
    powers.extend(self.position.vassals_of(power));
    Viewer::Seat(powers)
  }

  /// The board as `viewer` is shown it (borrowed when it is the whole
  /// board, as in every game that is not blind).
  pub fn seen_position(&self, viewer: &Viewer) -> Cow<'_, Position> {
    match self.sight() {
      Some(sight) if !viewer.sees_everything() => {
        Cow::Owned(mask_position(self.map, &self.position, viewer, sight))
      }
      _ => Cow::Borrowed(&self.position),
    }
  }

  /// An adjudicated phase as `viewer` is shown it.
  pub fn seen_result(&self, viewer: &Viewer, result: &PhaseResult) -> Seen {
    match self.sight() {
      Some(sight) if !viewer.sees_everything() => mask_result(self.map, result, viewer, sight),
      _ => Seen::whole(result.clone()),
    }
  }
}

/// A foreign unit seen only in part in a phase: its results line is
/// `Germany: Army Burgundy ARRIVES.` ([`Shown::line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glimpse {
  pub unit: Unit,
  pub shown: Shown,
  /// Where it ended the phase.
  pub end: ProvinceId,
}

impl Glimpse {
  pub fn line(&self, map: &Map) -> Option<String> {
    self.shown.line(map, self.unit, self.end)
  }
}

/// An adjudicated phase as one viewer is shown it: the phase with what
/// the viewer may not see taken out, and what the results say besides.
#[derive(Clone, Debug)]
pub struct Seen {
  pub result: PhaseResult,
  pub glimpses: Vec<Glimpse>,
  /// The centres whose owner the viewer is shown after the phase, by
  /// province index; `None`: every centre.
  pub centres: Option<Vec<bool>>,
  pub viewer: Viewer,
}

impl Seen {
  /// The phase as it is, for a viewer who sees everything.
  pub fn whole(result: PhaseResult) -> Seen {
    Seen { result, glimpses: Vec::new(), centres: None, viewer: Viewer::Everything }
  }

  /// Whether the viewer is shown who owns `centre`.
  pub fn shows_centre(&self, centre: ProvinceId) -> bool {
    self.centres.as_ref().is_none_or(|c| c.get(centre.index()).copied().unwrap_or(false))
  }

  /// Whether the viewer is shown `power`'s adjustment counts.
  pub fn counts(&self, power: PowerId) -> bool {
    self.viewer.owns(power)
  }
}

/// The powers that are `viewer`'s eyes (none for an outsider, who so sees
/// nothing of the board and only the owners everyone is shown).
fn eyes(viewer: &Viewer) -> &[PowerId] {
  match viewer {
    Viewer::Seat(powers) => powers,
    _ => &[],
  }
}

/// Which centres of `position` `viewer` is shown the owner of, by
/// province index.
pub fn centres_shown(map: &Map, position: &Position, viewer: &Viewer, sight: Sight) -> Vec<bool> {
  let mut shown = vec![false; map.provinces().len()];
  let powers = eyes(viewer);
  let view = View::of(map, position, powers, sight);
  for centre in map.supply_centers() {
    let owner = position.owner(centre);
    let visible = viewer.sees_everything() || view.shows_owner(sight, powers, centre, owner);
    if let Some(slot) = shown.get_mut(centre.index()) {
      *slot = visible;
    }
  }
  shown
}

/// `position` with the units `viewer` does not see taken away and the
/// owners of centres it is not shown cleared.
pub fn mask_position(map: &Map, position: &Position, viewer: &Viewer, sight: Sight) -> Position {
  if viewer.sees_everything() {
    return position.clone();
  }
  let powers = eyes(viewer);
  let view = View::of(map, position, powers, sight);
  let seen = |unit: &Unit| {
    powers.contains(&unit.power)
      || (sight.foreign_units && view.sees(unit.kind, unit.location.province))
  };
  let mut masked = position.clone();
  for unit in position.units().filter(|u| !seen(u)) {
    masked.remove(unit.location.province);
  }
  masked.dislodged.retain(|d| seen(&d.unit));
  // Where a foreign unit may retreat is its owner's business.
  for d in masked.dislodged.iter_mut().filter(|d| !powers.contains(&d.unit.power)) {
    d.retreats.clear();
  }
  let shown = centres_shown(map, position, viewer, sight);
  for centre in map.supply_centers() {
    if !shown.get(centre.index()).copied().unwrap_or(false) {
      masked.set_owner(centre, None);
    }
  }
  masked
}

/// Whether a build of `power` at `site` is kept from the other powers:
/// under HIDE_BUILDS every build, and on a map's hidden homes (Zeus's
/// `~` centres) the builds there.
fn hidden_build(map: &Map, sight: Sight, power: PowerId, site: ProvinceId) -> bool {
  sight.hide_builds || map.power(power).hidden_builds.contains(&site)
}

/// `result` as `viewer` is shown it: the orders it sees in full (its own
/// and foreign ones seen before and after), the others as glimpses or not
/// at all, and both boards masked.
pub fn mask_result(map: &Map, result: &PhaseResult, viewer: &Viewer, sight: Sight) -> Seen {
  if viewer.sees_everything() {
    return Seen::whole(result.clone());
  }
  let powers = eyes(viewer);
  let (then, now) =
    (View::of(map, &result.before, powers, sight), View::of(map, &result.after, powers, sight));
  let shown_of = |r: &Resolved| blind::order_shown(&then, &now, powers, sight, r);
  let seen_before = |unit: &Unit| {
    powers.contains(&unit.power)
      || (sight.foreign_units && then.sees(unit.kind, unit.location.province))
  };
  let mut glimpses = Vec::new();
  let mut keep = |resolved: &[Resolved]| -> Vec<Resolved> {
    let mut kept = Vec::new();
    for r in resolved {
      match shown_of(r) {
        Shown::Full => kept.push(quiet_void(r, sight)),
        Shown::Hidden => {}
        shown => glimpses.push(Glimpse { unit: r.order.unit, shown, end: blind::end_of(r) }),
      }
    }
    kept
  };
  let resolution = match &result.resolution {
    Resolution::Movement(resolved) => Resolution::Movement(keep(resolved)),
    Resolution::Retreat(resolved) => Resolution::Retreat(keep(resolved)),
    Resolution::Adjustment { orders, civil_disorder } => {
      let seen_after = |power: PowerId, adjustment: &Adjustment| match adjustment {
        _ if powers.contains(&power) => true,
        Adjustment::Build { at, .. } if hidden_build(map, sight, power, at.province) => false,
        Adjustment::Build { kind, at } => sight.foreign_units && now.sees(*kind, at.province),
        Adjustment::Remove { unit }
        | Adjustment::Maintain { unit }
        | Adjustment::Transform { unit, .. } => seen_before(unit),
        Adjustment::Waive => false,
      };
      Resolution::Adjustment {
        orders: orders.iter().filter(|(p, a, _)| seen_after(*p, a)).cloned().collect(),
        civil_disorder: civil_disorder.iter().filter(|u| seen_before(u)).copied().collect(),
      }
    }
  };
  // A hidden build is not on the board shown after its phase either.
  let mut after = mask_position(map, &result.after, viewer, sight);
  if let Resolution::Adjustment { orders, .. } = &result.resolution {
    for (power, adjustment, _) in orders.iter().filter(|(p, ..)| !powers.contains(p)) {
      if let Adjustment::Build { at, .. } = adjustment {
        if hidden_build(map, sight, *power, at.province) {
          after.remove(at.province);
        }
      }
    }
  }
  let masked = PhaseResult {
    resolution,
    before: mask_position(map, &result.before, viewer, sight),
    after,
    disbanded: result.disbanded.iter().filter(|u| seen_before(u)).copied().collect(),
    trapped: result.trapped.iter().filter(|u| seen_before(u)).copied().collect(),
    proxies: result.proxies.iter().filter(|(u, _)| seen_before(u)).copied().collect(),
    torn: result.torn.iter().filter(|u| seen_before(u)).copied().collect(),
    not_carried: result.not_carried.iter().filter(|n| powers.contains(&n.power)).cloned().collect(),
    ..result.clone()
  };
  Seen {
    result: masked,
    glimpses,
    centres: Some(centres_shown(map, &result.after, viewer, sight)),
    viewer: viewer.clone(),
  }
}

/// A foreign unit's order seen in full, or one's own: under the DPjudge's
/// BLIND the results never say `void` (it would tell what the supported
/// unit did); a convoyed army's void move reads as `no convoy`.
fn quiet_void(resolved: &Resolved, sight: Sight) -> Resolved {
  let mut shown = resolved.clone();
  if sight.void_hidden && shown.outcome.failure == Some(Failure::Void) {
    shown.outcome.failure = match shown.order.order {
      Order::Move { .. } => Some(Failure::NoConvoy),
      _ => None,
    };
  }
  shown
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::map::testing::{province, standard as map};
  use crate::map::{Location, UnitType};
  use crate::phase::Phase;

  fn power(name: &str) -> PowerId {
    map().find_power(name).unwrap_or_else(|| panic!("{name}"))
  }

  /// France in Paris, Germany in Burgundy (next to Paris) and Munich
  /// (far from France), Belgium Germany's.
  fn board() -> Position {
    let phase: Phase = "S1901M".parse().unwrap_or_else(|e| panic!("{e:?}"));
    let mut position = Position::empty(map(), phase);
    for (owner, at) in [("France", "Par"), ("Germany", "Bur"), ("Germany", "Mun")] {
      let unit = Unit {
        power: power(owner),
        kind: UnitType::Army,
        location: Location::province(province(at)),
      };
      position.place(map(), unit).unwrap_or_else(|e| panic!("{e}"));
    }
    position.set_owner(province("Bel"), Some(power("Germany")));
    position.set_owner(province("Par"), Some(power("France")));
    position
  }

  /// Who is left on the board each viewer is shown, and whose centres.
  #[test]
  fn each_viewer_is_shown_its_own_board() {
    let position = board();
    let france = Viewer::Seat(vec![power("France")]);
    let at = |p: &Position, name: &str| p.unit_at(province(name)).is_some();
    let blind = mask_position(map(), &position, &france, Sight::BLIND);
    assert!(at(&blind, "Par") && at(&blind, "Bur") && !at(&blind, "Mun"));
    assert_eq!(blind.owner(province("Bel")), None, "Belgium is out of sight");
    let no_units = Sight::with_modifiers(&["SEE_NO_UNITS"]).unwrap_or(Sight::BLIND);
    let none = mask_position(map(), &position, &france, no_units);
    assert!(at(&none, "Par") && !at(&none, "Bur"), "SEE_NO_UNITS: no foreign unit at all");
    let njudge = mask_position(map(), &position, &france, Sight::njudge(true));
    assert!(!at(&njudge, "Bur"));
    assert_eq!(njudge.owner(province("Bel")), Some(power("Germany")), "BCENTERS");
    let outsider = mask_position(map(), &position, &Viewer::Outsider, Sight::BLIND);
    assert_eq!(outsider.units().count(), 0, "an observer sees no unit");
    assert_eq!(outsider.owner(province("Par")), None);
    let all = mask_position(map(), &position, &Viewer::Everything, Sight::BLIND);
    assert_eq!(all.units().count(), 3, "the Master sees everything");
  }

  /// HIDE_BUILDS: a German build in Kiel, which France's army in the
  /// Ruhr sees, is not shown to France in the results nor on the board
  /// after them; without the rule it is.
  #[test]
  fn hidden_builds_are_kept_from_the_others_even_in_sight() {
    let phase: Phase = "F1901B".parse().unwrap_or_else(|e| panic!("{e:?}"));
    let mut before = Position::empty(map(), phase);
    let ruhr = Unit {
      power: power("France"),
      kind: UnitType::Army,
      location: Location::province(province("Ruh")),
    };
    before.place(map(), ruhr).unwrap_or_else(|e| panic!("{e}"));
    let mut after = before.clone();
    let kiel = Location::province(province("Kie"));
    let built = Unit { power: power("Germany"), kind: UnitType::Army, location: kiel };
    after.place(map(), built).unwrap_or_else(|e| panic!("{e}"));
    let build = Adjustment::Build { kind: UnitType::Army, at: kiel };
    let result = PhaseResult {
      phase,
      seq: 3,
      resolution: Resolution::Adjustment {
        orders: vec![(power("Germany"), build, crate::adjudicate::AdjustmentOutcome::Done)],
        civil_disorder: Vec::new(),
      },
      before,
      after,
      year_ended: false,
      skipped: false,
      disbanded: Vec::new(),
      trapped: Vec::new(),
      not_carried: Vec::new(),
      proxies: Vec::new(),
      torn: Vec::new(),
      income: Vec::new(),
    };
    let france = Viewer::Seat(vec![power("France")]);
    let builds = |seen: &Seen| match &seen.result.resolution {
      Resolution::Adjustment { orders, .. } => orders.len(),
      _ => 0,
    };
    let shown = mask_result(map(), &result, &france, Sight::BLIND);
    assert_eq!(builds(&shown), 1, "in sight");
    assert!(shown.result.after.unit_at(province("Kie")).is_some());
    let hide = Sight::with_modifiers(&["HIDE_BUILDS"]).unwrap_or(Sight::BLIND);
    let hidden = mask_result(map(), &result, &france, hide);
    assert_eq!(builds(&hidden), 0, "HIDE_BUILDS");
    assert!(hidden.result.after.unit_at(province("Kie")).is_none());
    let germany = Viewer::Seat(vec![power("Germany")]);
    assert_eq!(builds(&mask_result(map(), &result, &germany, hide)), 1, "its own builds");
  }

  #[test]
  fn a_misfit_of_blind_settings_says_why() {
    let mut settings = super::super::Settings::default();
    settings.variant.blind = true;
    assert_eq!(misfit(&settings), None);
    settings.dias = false;
    assert!(misfit(&settings).is_some_and(|r| r.contains("NoDIAS")));
    settings.dias = true;
    settings.variant.map_rules.push("BLIND".to_string());
    assert!(misfit(&settings).is_some_and(|r| r.contains("cannot be combined")));
    let mut plain = super::super::Settings::default();
    plain.variant.map_rules.push("HIDE_BUILDS".to_string());
    assert!(misfit(&plain).is_some_and(|r| r.contains("only a blind game")));
    plain.variant.map_rules.push("BLIND".to_string());
    assert_eq!(misfit(&plain), None);
  }
}
