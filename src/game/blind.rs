//! What a power can see in a blind game (issue 25): the DPjudge's BLIND
//! visibility engine, with njudge's Blind as its narrowest setting. Pure:
//! it takes boards and answers which foreign units and centres a power
//! sees; the results, listings and pictures are to be built from it.
//!
//! A power *sees* a province when the province is in its sight set or next
//! to one in it, "next to" meaning a unit of either kind there could
//! support into it (by province, not coast). The sight set is the
//! provinces of its units (and dislodged units, and its vassals'), plus
//! what its centres give: its home centres by default, its owned centres
//! (OWN_SCS_SEE), or none (NO_SCS_SEE). A unit's own kind can matter:
//! under UNITS_SEE_SAME only units of the observed unit's kind give
//! sight, under UNITS_SEE_OTHER only the other kind.
//!
//! An observed unit gets four bits per seer, as the DPjudge's: 1, its
//! start province seen before the phase; 2, seen after; 4, its end
//! province seen before; 8, seen after. [`Shown`] turns them into what a
//! results line says.

use crate::adjudicate::Resolved;
use crate::map::{Map, PowerId, ProvinceId, UnitType};
use crate::order::Order;
use crate::position::Position;

/// Which of a power's units give it sight of a foreign unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitSight {
  /// Every unit (BLIND).
  All,
  /// Units of the observed unit's kind (UNITS_SEE_SAME).
  Same,
  /// Units of the other kind (UNITS_SEE_OTHER).
  Other,
  /// None (NO_UNITS_SEE).
  None,
}

/// Which centres give a power sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CentreSight {
  /// Its home centres, owned or not (BLIND).
  Homes,
  /// The centres it owns (OWN_SCS_SEE).
  Owned,
  /// None (NO_SCS_SEE).
  None,
}

/// Whose centre ownership a power is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ownership {
  /// Its own and those in sight (BLIND; `SET NEAR BCENTERS`).
  Seen,
  /// Every power's (SEE_ALL_SCS; njudge's `SET BCENTERS`).
  All,
  /// Its own only (SEE_NO_SCS; njudge's `SET NO BCENTERS`).
  Own,
}

/// The settings of a blind game's sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sight {
  pub units: UnitSight,
  pub centres: CentreSight,
  /// Whether foreign units are ever shown (not under SEE_NO_UNITS).
  pub foreign_units: bool,
  pub ownership: Ownership,
  /// The results never say `void` (the DPjudge's BLIND: it would tell
  /// what the supported unit did).
  pub void_hidden: bool,
  /// HIDE_BUILDS: no power is shown another's builds, even in sight; the
  /// new units are seen from the next phase on, as any unit in sight.
  pub hide_builds: bool,
}

impl Sight {
  /// The DPjudge's BLIND with no modifier.
  pub const BLIND: Sight = Sight {
    units: UnitSight::All,
    centres: CentreSight::Homes,
    foreign_units: true,
    ownership: Ownership::Seen,
    void_hidden: true,
    hide_builds: false,
  };

  /// njudge's Blind: a player sees its own units only, and its own
  /// centres, or with `bcenters` (SET BCENTERS) every power's.
  pub fn njudge(bcenters: bool) -> Sight {
    Sight {
      units: UnitSight::None,
      centres: CentreSight::None,
      foreign_units: false,
      ownership: if bcenters { Ownership::All } else { Ownership::Own },
      void_hidden: false,
      hide_builds: false,
    }
  }

  /// BLIND with the DPjudge's modifiers applied in turn (`MYOPIC`,
  /// `VENETIAN`, `GREEK`, `TROJAN` are named combinations of the others);
  /// `None` for a word that is not one.
  pub fn with_modifiers(words: &[&str]) -> Option<Sight> {
    let mut sight = Sight::BLIND;
    for word in words {
      match word.to_ascii_uppercase().as_str() {
        "OWN_SCS_SEE" => sight.centres = CentreSight::Owned,
        "NO_SCS_SEE" => sight.centres = CentreSight::None,
        "NO_UNITS_SEE" => sight.units = UnitSight::None,
        "UNITS_SEE_SAME" => sight.units = UnitSight::Same,
        "UNITS_SEE_OTHER" => sight.units = UnitSight::Other,
        "SEE_NO_UNITS" => sight.foreign_units = false,
        "SEE_NO_SCS" => sight.ownership = Ownership::Own,
        "SEE_ALL_SCS" => sight.ownership = Ownership::All,
        "HIDE_BUILDS" => sight.hide_builds = true,
        "MYOPIC" => {
          sight =
            Sight::with_modifiers(&["SEE_NO_SCS", "SEE_NO_UNITS", "NO_UNITS_SEE", "NO_SCS_SEE"])?;
        }
        "VENETIAN" => {
          sight.centres = CentreSight::Owned;
          sight.ownership = Ownership::Own;
        }
        "GREEK" => {
          sight.units = UnitSight::Same;
          sight.centres = CentreSight::None;
        }
        "TROJAN" => {
          sight.units = UnitSight::Other;
          sight.centres = CentreSight::None;
        }
        _ => return None,
      }
    }
    Some(sight)
  }
}

/// What one power sees of one board: its sight sets (by the observed
/// unit's kind, as UNITS_SEE_SAME and _OTHER make them differ).
#[derive(Clone, Debug)]
pub struct View {
  /// Provinces seen when observing an army, and a fleet, by index.
  army: Vec<bool>,
  fleet: Vec<bool>,
}

impl View {
  /// What `power` sees of `position` under `sight`; `powers` are the
  /// powers whose units count as its own (itself and its vassals).
  pub fn of(map: &Map, position: &Position, powers: &[PowerId], sight: Sight) -> View {
    let mine = |power: PowerId| powers.contains(&power);
    let mut spots: Vec<(ProvinceId, Option<UnitType>)> = Vec::new();
    let units = position.units().map(|u| (u.power, u.kind, u.location.province));
    let dislodged =
      position.dislodged.iter().map(|d| (d.unit.power, d.unit.kind, d.unit.location.province));
    for (_, kind, province) in units.chain(dislodged).filter(|(power, ..)| mine(*power)) {
      spots.push((province, Some(kind)));
    }
    for &power in powers {
      let centres: Vec<ProvinceId> = match sight.centres {
        CentreSight::Homes => map.power(power).home_centers.clone(),
        CentreSight::Owned => position.centers_of(map, power).collect(),
        CentreSight::None => Vec::new(),
      };
      spots.extend(centres.into_iter().map(|c| (c, None)));
    }
    let sees = |observed: UnitType| {
      let mut seen = vec![false; map.provinces().len()];
      for &(province, kind) in &spots {
        let gives = match (kind, sight.units) {
          (None, _) => true,
          (Some(_), UnitSight::All) => true,
          (Some(kind), UnitSight::Same) => kind == observed,
          (Some(kind), UnitSight::Other) => kind != observed,
          (Some(_), UnitSight::None) => false,
        };
        if gives {
          mark_around(map, province, &mut seen);
        }
      }
      seen
    };
    View { army: sees(UnitType::Army), fleet: sees(UnitType::Fleet) }
  }

  /// Whether a unit of `kind` in `province` is in sight.
  pub fn sees(&self, kind: UnitType, province: ProvinceId) -> bool {
    let seen = |set: &[bool]| set.get(province.index()).copied().unwrap_or(false);
    match kind {
      UnitType::Army => seen(&self.army),
      UnitType::Fleet => seen(&self.fleet),
      // A wing flies over land and sea alike: seen where either would be.
      UnitType::Wing => seen(&self.army) || seen(&self.fleet),
    }
  }

  /// Whether `province` is in sight at all (for centre ownership).
  pub fn sees_province(&self, province: ProvinceId) -> bool {
    self.sees(UnitType::Army, province) || self.sees(UnitType::Fleet, province)
  }
}

impl View {
  /// Whether a power whose own units and centres are `powers`'s is shown
  /// who owns `centre` (owned by `owner`) under `sight`, seeing as `self`
  /// after the phase.
  pub fn shows_owner(
    &self,
    sight: Sight,
    powers: &[PowerId],
    centre: ProvinceId,
    owner: Option<PowerId>,
  ) -> bool {
    let own = owner.is_some_and(|o| powers.contains(&o));
    match sight.ownership {
      Ownership::All => true,
      Ownership::Own => own,
      Ownership::Seen => own || self.sees_province(centre),
    }
  }
}

/// Marks `province` and every province a unit of either kind there could
/// support into.
fn mark_around(map: &Map, province: ProvinceId, seen: &mut [bool]) {
  let mut mark = |p: ProvinceId| {
    if let Some(slot) = seen.get_mut(p.index()) {
      *slot = true;
    }
  };
  mark(province);
  for next in map.neighbours_any_border(province) {
    mark(next);
  }
}

/// What a results line shows a seer of a foreign unit, from its bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
  /// The order in full, with its result.
  Full,
  /// The unit arriving at its end province.
  Arrives,
  /// The unit appearing at its end province.
  Found,
  /// The unit leaving its start province.
  Departs,
  /// The unit passing out of sight at its start province.
  Lost,
  /// Nothing.
  Hidden,
}

impl Shown {
  /// The line for a unit whose start and end provinces were seen before
  /// and after the phase as `bits` says (1, 2, 4, 8: see the module).
  pub fn of_bits(bits: u8) -> Shown {
    let (start_before, start_after, end_before, end_after) =
      (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0, bits & 8 != 0);
    match (end_after, start_before) {
      (true, true) => Shown::Full,
      (true, false) if end_before => Shown::Arrives,
      (true, false) => Shown::Found,
      (false, true) if start_after => Shown::Departs,
      (false, true) => Shown::Lost,
      (false, false) => Shown::Hidden,
    }
  }
}

impl Shown {
  /// The results line of a foreign unit seen only in part, as the
  /// DPjudge words it (`Germany: Army Burgundy ARRIVES.`): at its end
  /// province when it arrives or is found, at its start when it departs
  /// or is lost. `None` for an order shown in full, or not at all.
  pub fn line(self, map: &Map, unit: crate::position::Unit, end: ProvinceId) -> Option<String> {
    let (word, at) = match self {
      Shown::Arrives => ("ARRIVES", end),
      Shown::Found => ("FOUND", end),
      Shown::Departs => ("DEPARTS", unit.location.province),
      Shown::Lost => ("LOST", unit.location.province),
      Shown::Full | Shown::Hidden => return None,
    };
    Some(format!(
      "{}: {} {} {word}.",
      map.power(unit.power).name,
      unit.kind.name(),
      map.province(at).name
    ))
  }
}

/// The bits of a unit of `kind` that moved from `start` to `end` (the same
/// province when it stood still), seen from `before` and `after`.
pub fn bits(before: &View, after: &View, kind: UnitType, start: ProvinceId, end: ProvinceId) -> u8 {
  u8::from(before.sees(kind, start))
    | u8::from(after.sees(kind, start)) << 1
    | u8::from(before.sees(kind, end)) << 2
    | u8::from(after.sees(kind, end)) << 3
}

/// Where a unit is after its order: where it moved, or where it was.
pub fn end_of(resolved: &Resolved) -> ProvinceId {
  match &resolved.order.order {
    Order::Move { to, .. } if resolved.outcome.is_ok() => to.province,
    _ => resolved.order.unit.location.province,
  }
}

/// What a seer (`seer`: a power and its vassals) is shown of one order of
/// a phase: its own in full, a foreign one by what it saw of the unit's
/// start and end provinces before (`then`) and after (`now`) the phase.
pub fn order_shown(then: &View, now: &View, seer: &[PowerId], sight: Sight, r: &Resolved) -> Shown {
  let unit = r.order.unit;
  if seer.contains(&unit.power) {
    Shown::Full
  } else if !sight.foreign_units {
    Shown::Hidden
  } else {
    Shown::of_bits(bits(then, now, unit.kind, unit.location.province, end_of(r)))
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::map::Location;
  use crate::phase::Phase;
  use crate::position::Unit;

  use crate::map::testing::{province as place, standard as map};

  /// What `seer` is shown of each order of a movement phase.
  fn movement_shown(
    map: &Map,
    before: &Position,
    after: &Position,
    resolved: &[Resolved],
    seer: &[PowerId],
    sight: Sight,
  ) -> Vec<Shown> {
    let (then, now) = (View::of(map, before, seer, sight), View::of(map, after, seer, sight));
    resolved.iter().map(|r| order_shown(&then, &now, seer, sight, r)).collect()
  }

  fn power(name: &str) -> PowerId {
    map().find_power(name).unwrap_or_else(|| panic!("{name}"))
  }

  /// The board with `units`: (power, kind, province).
  fn board(units: &[(&str, UnitType, &str)]) -> Position {
    let phase: Phase = "S1901M".parse().unwrap_or_else(|e| panic!("{e:?}"));
    let mut position = Position::empty(map(), phase);
    for &(owner, kind, at) in units {
      let unit = Unit { power: power(owner), kind, location: Location::province(place(at)) };
      position.place(map(), unit).unwrap_or_else(|e| panic!("{e}"));
    }
    position
  }

  use UnitType::{Army as A, Fleet as F};

  /// A setting's name, the setting, and which units it sees.
  type Case<'a> = (&'a str, Sight, &'a [(UnitType, &'a str, bool)]);

  /// Who sees which foreign unit, for each setting: a small table.
  #[test]
  fn each_setting_sees_what_its_rule_says() {
    let position = board(&[
      ("France", A, "Par"),
      ("France", F, "Bre"),
      ("Germany", A, "Bur"),
      ("Germany", A, "Mun"),
      ("England", F, "Eng"),
      ("England", A, "Wal"),
    ]);
    let france = [power("France")];
    let cases: [Case; 9] = [
      (
        "BLIND",
        Sight::BLIND,
        // Burgundy is next to Paris; the Channel to Brest; Munich and
        // Wales to nothing of France's (Marseilles, a home, sees Burgundy
        // too but not Munich).
        &[(A, "Bur", true), (F, "Eng", true), (A, "Mun", false), (A, "Wal", false)],
      ),
      (
        "GREEK",
        Sight::with_modifiers(&["GREEK"]).unwrap_or(Sight::BLIND),
        // Armies see armies, fleets fleets; homes give nothing.
        &[(A, "Bur", true), (F, "Eng", true), (A, "Mun", false)],
      ),
      (
        "TROJAN",
        Sight::with_modifiers(&["TROJAN"]).unwrap_or(Sight::BLIND),
        // The army in Paris cannot see the Channel's fleet; the fleet in
        // Brest cannot see armies, and Burgundy is beside Paris only.
        &[(A, "Bur", false), (F, "Eng", false)],
      ),
      (
        "MYOPIC",
        Sight::with_modifiers(&["MYOPIC"]).unwrap_or(Sight::BLIND),
        &[(A, "Bur", false), (F, "Eng", false)],
      ),
      (
        "NO_UNITS_SEE",
        Sight::with_modifiers(&["NO_UNITS_SEE"]).unwrap_or(Sight::BLIND),
        // Only the homes give sight: Marseilles and Paris see Burgundy,
        // Brest the Channel.
        &[(A, "Bur", true), (F, "Eng", true), (A, "Mun", false)],
      ),
      (
        "NO_SCS_SEE",
        Sight::with_modifiers(&["NO_SCS_SEE"]).unwrap_or(Sight::BLIND),
        // Units alone: Paris sees Burgundy, Brest the Channel; Marseilles
        // (a home, no unit there) gives nothing, so Piedmont is unseen.
        &[(A, "Bur", true), (F, "Eng", true), (A, "Pie", false)],
      ),
      (
        "UNITS_SEE_SAME",
        Sight::with_modifiers(&["UNITS_SEE_SAME"]).unwrap_or(Sight::BLIND),
        // Homes still give sight (Brest sees the Channel); of the units,
        // the fleet sees fleets only: the Channel's fleet, not Wales.
        &[(A, "Bur", true), (F, "Eng", true), (A, "Wal", false)],
      ),
      (
        "UNITS_SEE_OTHER",
        Sight::with_modifiers(&["UNITS_SEE_OTHER"]).unwrap_or(Sight::BLIND),
        // Homes still see around them; no unit reaches Wales either way.
        &[(A, "Bur", true), (F, "Eng", true), (A, "Wal", false)],
      ),
      ("njudge", Sight::njudge(false), &[(A, "Bur", false), (F, "Eng", false)]),
    ];
    for (name, sight, expected) in cases {
      let view = View::of(map(), &position, &france, sight);
      for &(kind, at, seen) in expected {
        assert_eq!(view.sees(kind, place(at)), seen, "{name}: {kind:?} {at}");
      }
    }
    assert_eq!(Sight::with_modifiers(&["SEE_EVERYTHING"]), None);
  }

  #[test]
  fn owned_centres_give_sight_under_own_scs_see() {
    // Russia owns Munich and has no unit near it.
    let mut position = board(&[("Germany", A, "Ruh")]);
    position.set_owner(place("Mun"), Some(power("Russia")));
    let russia = [power("Russia")];
    let owned = Sight::with_modifiers(&["OWN_SCS_SEE"]).unwrap_or(Sight::BLIND);
    assert!(View::of(map(), &position, &russia, owned).sees(A, place("Ruh")));
    assert!(!View::of(map(), &position, &russia, Sight::BLIND).sees(A, place("Ruh")));
  }

  #[test]
  fn centre_owners_are_shown_as_the_setting_says() {
    let mut position = board(&[("France", A, "Par")]);
    position.set_owner(place("Bel"), Some(power("Germany")));
    position.set_owner(place("Spa"), Some(power("Italy")));
    position.set_owner(place("Bre"), Some(power("France")));
    let france = [power("France")];
    let view = View::of(map(), &position, &france, Sight::BLIND);
    let shown = |sight: Sight, at: &str, owner: &str| {
      view.shows_owner(sight, &france, place(at), Some(power(owner)))
    };
    // Spain is beside Marseilles, a home; Belgium is beside nothing French.
    assert!(shown(Sight::BLIND, "Spa", "Italy"));
    assert!(!shown(Sight::BLIND, "Bel", "Germany"));
    assert!(shown(Sight::BLIND, "Bre", "France"));
    assert!(shown(Sight::njudge(true), "Bel", "Germany"), "SET BCENTERS shows every centre");
    assert!(!shown(Sight::njudge(false), "Spa", "Italy"), "NO BCENTERS shows one's own only");
    assert!(shown(Sight::njudge(false), "Bre", "France"));
    let with = |words: &[&str]| Sight::with_modifiers(words).unwrap_or(Sight::BLIND);
    assert!(!shown(with(&["SEE_NO_SCS"]), "Spa", "Italy"), "SEE_NO_SCS: own only");
    assert!(shown(with(&["SEE_ALL_SCS"]), "Bel", "Germany"), "SEE_ALL_SCS: every one");
    assert!(!shown(with(&["VENETIAN"]), "Spa", "Italy"), "VENETIAN sees no foreign owner");
    assert!(shown(with(&["VENETIAN"]), "Bre", "France"));
  }

  #[test]
  fn a_movement_phase_is_shown_to_france_as_france_could_see_it() {
    use crate::adjudicate::{Outcome, Resolved};
    use crate::order::{UnitOrder, Via};
    let unit = |owner: &str, kind, at: &str| Unit {
      power: power(owner),
      kind,
      location: Location::province(place(at)),
    };
    let moving = |u: Unit, to: &str, outcome: Outcome| Resolved {
      order: UnitOrder {
        unit: u,
        order: Order::Move { to: Location::province(place(to)), via: Via::Unspecified },
      },
      ordered: true,
      outcome,
    };
    let holding = |u: Unit| Resolved {
      order: UnitOrder { unit: u, order: Order::Hold },
      ordered: true,
      outcome: Outcome::OK,
    };
    let before = board(&[
      ("France", A, "Par"),
      ("Germany", A, "Mun"),
      ("Germany", A, "Ruh"),
      ("Germany", A, "Bur"),
      ("Italy", A, "Pie"),
    ]);
    let after = board(&[
      ("France", A, "Pic"),
      ("Germany", A, "Mun"),
      ("Germany", A, "Bel"),
      ("Germany", A, "Gas"),
      ("Italy", A, "Tyr"),
    ]);
    let resolved = [
      moving(unit("France", A, "Par"), "Pic", Outcome::OK),
      moving(unit("Germany", A, "Mun"), "Bur", Outcome::failed(crate::adjudicate::Failure::Bounce)),
      moving(unit("Germany", A, "Ruh"), "Bel", Outcome::OK),
      moving(unit("Germany", A, "Bur"), "Gas", Outcome::OK),
      moving(unit("Italy", A, "Pie"), "Tyr", Outcome::OK),
      holding(unit("Germany", A, "Mun")),
    ];
    let france = [power("France")];
    let shown = movement_shown(map(), &before, &after, &resolved, &france, Sight::BLIND);
    // Paris's army is France's own. Munich's bounce is out of sight; Ruhr
    // to Belgium: Belgium comes into sight from Picardy, Ruhr never was.
    // Burgundy to Gascony is watched from Paris, then Picardy and the
    // homes. Piedmont stays in sight from Marseilles, a home, so the
    // Italian army is seen to leave it for Tyrolia, which is out of sight.
    assert_eq!(
      shown,
      [Shown::Full, Shown::Hidden, Shown::Found, Shown::Full, Shown::Departs, Shown::Hidden]
    );
    let lines: Vec<Option<String>> = resolved
      .iter()
      .zip(&shown)
      .map(|(r, shown)| shown.line(map(), r.order.unit, end_of(r)))
      .collect();
    assert_eq!(lines[2].as_deref(), Some("Germany: Army Belgium FOUND."));
    assert_eq!(lines[4].as_deref(), Some("Italy: Army Piedmont DEPARTS."));
    assert_eq!(lines[0], None, "France's own order is written in full");
    let none = movement_shown(map(), &before, &after, &resolved, &france, Sight::njudge(true));
    assert_eq!(none[1..], [Shown::Hidden; 5], "njudge's Blind shows no foreign order");
  }

  #[test]
  fn the_bits_say_what_a_line_shows() {
    assert_eq!(Shown::of_bits(15), Shown::Full);
    assert_eq!(Shown::of_bits(8 | 4), Shown::Arrives);
    assert_eq!(Shown::of_bits(8), Shown::Found);
    assert_eq!(Shown::of_bits(1 | 2), Shown::Departs);
    assert_eq!(Shown::of_bits(1), Shown::Lost);
    assert_eq!(Shown::of_bits(0), Shown::Hidden);
    // A German army leaves Munich (unseen) for Burgundy (seen by Paris).
    let before = board(&[("France", A, "Par"), ("Germany", A, "Mun")]);
    let after = board(&[("France", A, "Par"), ("Germany", A, "Bur")]);
    let france = [power("France")];
    let (b, a) = (
      View::of(map(), &before, &france, Sight::BLIND),
      View::of(map(), &after, &france, Sight::BLIND),
    );
    let seen = bits(&b, &a, A, place("Mun"), place("Bur"));
    assert_eq!(Shown::of_bits(seen), Shown::Arrives);
  }
}
