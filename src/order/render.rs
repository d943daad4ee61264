//! Orders in the results layout: `Army Vienna -> Galicia.`
//!
//! Each order is written straight into one `String` of about the right
//! size: results are built for every order of every phase, and a
//! `format!` per piece used to cost more than resolving the phase.

use super::{Adjustment, Order, UnitOrder, Via};
use crate::map::{Location, Map, PowerId, ProvinceId, UnitType};
use crate::position::{Position, Unit};

/// `Army Vienna -> Galicia.`, `Fleet North Sea CONVOY Army London -> Norway.`
pub fn render_order(map: &Map, order: &UnitOrder) -> String {
  let mut out = String::with_capacity(64);
  push_order(&mut out, map, order);
  out
}

/// Appends what [`render_order`] returns to `out`.
pub fn push_order(out: &mut String, map: &Map, order: &UnitOrder) {
  push_order_for(out, map, order, None);
}

/// [`render_order`] for a player of a blind game, who is shown `seen`: a
/// unit the order supports or convoys is named in full only when it stands
/// on that board as the order names it, else by its province alone
/// (`SUPPORT the unit in Burgundy -> Picardy`, `CONVOY the army in Belgium
/// -> London`), so that the line tells neither its owner nor its type, nor
/// whether it is there at all.
pub fn render_order_seen(map: &Map, order: &UnitOrder, seen: &Position) -> String {
  let mut out = String::with_capacity(64);
  push_order_for(&mut out, map, order, Some(seen));
  out
}

/// An order, its targets named as `seen` shows them (`None`: in full).
fn push_order_for(out: &mut String, map: &Map, order: &UnitOrder, seen: Option<&Position>) {
  push_unit(out, map, order.unit);
  out.push(' ');
  push_order_text(out, map, order.unit, &order.order, seen);
  out.push('.');
}

/// A unit an order supports or convoys: with its owner's adjective when it
/// is another power's (`SUPPORT French Army Paris -> Burgundy`), as njudge
/// prints it, so a reader of the results knows whose unit it is; by its
/// province alone when `seen` does not show it (see [`render_order_seen`]).
/// `convoyer` is the unit convoying it, if the order is a convoy: an army
/// carries a fleet (PORTAGE_CONVOY), a fleet an army.
fn push_target(
  out: &mut String,
  map: &Map,
  orderer: PowerId,
  target: Unit,
  seen: Option<&Position>,
  convoyer: Option<UnitType>,
) {
  if seen.is_some_and(|s| s.unit_at(target.location.province) != Some(target)) {
    out.push_str(match convoyer {
      Some(UnitType::Army) => "the fleet in ",
      Some(_) => "the army in ",
      None => "the unit in ",
    });
    out.push_str(province_name(map, target.location.province));
    return;
  }
  if target.power != orderer {
    out.push_str(&map.power(target.power).adjective);
    out.push(' ');
  }
  push_unit(out, map, target);
}

/// `Build Army Vienna.`, `Remove Army Munich.`, `Build waived.`
pub fn render_adjustment(map: &Map, adjustment: &Adjustment) -> String {
  let mut out = String::with_capacity(32);
  push_adjustment(&mut out, map, adjustment);
  out
}

/// Appends what [`render_adjustment`] returns to `out`.
pub fn push_adjustment(out: &mut String, map: &Map, adjustment: &Adjustment) {
  match *adjustment {
    Adjustment::Build { kind, at } => {
      out.push_str("Build ");
      out.push_str(kind.name());
      out.push(' ');
      push_location(out, map, at);
    }
    Adjustment::Remove { unit } => {
      out.push_str("Remove ");
      push_unit(out, map, unit);
    }
    Adjustment::Waive => out.push_str("Build waived"),
    Adjustment::Maintain { unit } => {
      out.push_str("Maintain ");
      push_unit(out, map, unit);
    }
    Adjustment::Transform { unit, into, coast } => {
      out.push_str("Transform ");
      push_unit(out, map, unit);
      out.push_str(" to ");
      push_new_type(out, into, coast);
    }
  }
  out.push('.');
}

/// `Army London`, `Fleet St Petersburg (south coast)`: how results and
/// messages name a unit.
pub(super) fn unit_name(map: &Map, unit: Unit) -> String {
  let mut out = String::with_capacity(32);
  push_unit(&mut out, map, unit);
  out
}

fn push_unit(out: &mut String, map: &Map, unit: Unit) {
  out.push_str(unit.kind.name());
  out.push(' ');
  push_location(out, map, unit.location);
}

/// What [`Map::location_name`] returns, appended.
fn push_location(out: &mut String, map: &Map, location: Location) {
  out.push_str(province_name(map, location.province));
  if let Some(coast) = location.coast {
    out.push_str(" (");
    out.push_str(coast.name());
    out.push(')');
  }
}

fn push_order_text(
  out: &mut String,
  map: &Map,
  unit: Unit,
  order: &Order,
  seen: Option<&Position>,
) {
  let orderer = unit.power;
  match order {
    Order::Hold => out.push_str("HOLD"),
    Order::Move { to, via } => {
      out.push_str("-> ");
      push_move(out, map, *to, via);
    }
    Order::SupportHold { target } => {
      out.push_str("SUPPORT ");
      push_target(out, map, orderer, *target, seen, None);
    }
    Order::SupportMove { target, to } => {
      out.push_str("SUPPORT ");
      push_target(out, map, orderer, *target, seen, None);
      out.push_str(" -> ");
      push_location(out, map, *to);
    }
    Order::Convoy { target, to } => {
      out.push_str("CONVOY ");
      push_target(out, map, orderer, *target, seen, Some(unit.kind));
      out.push_str(" -> ");
      out.push_str(province_name(map, *to));
    }
    Order::Proxy { power } => {
      out.push_str("PROXY to ");
      out.push_str(&map.power(*power).name);
    }
    Order::Disband => out.push_str("DISBAND"),
    Order::Transform { into, coast } => {
      out.push_str("TRANSFORM TO ");
      push_new_type(out, *into, *coast);
    }
  }
}

/// `Army`, `Fleet (south coast)`: what a unit transforms into.
fn push_new_type(out: &mut String, into: crate::map::UnitType, coast: Option<crate::map::Coast>) {
  out.push_str(into.name());
  if let Some(coast) = coast {
    out.push_str(" (");
    out.push_str(coast.name());
    out.push(')');
  }
}

/// The destination, after the seas of a written route.
fn push_move(out: &mut String, map: &Map, to: Location, via: &Via) {
  if let Via::Route(route) = via {
    for &sea in route {
      out.push_str(province_name(map, sea));
      out.push_str(" -> ");
    }
  }
  push_location(out, map, to);
  if let Via::Convoy = via {
    out.push_str(" via convoy");
  }
}

fn province_name(map: &Map, province: ProvinceId) -> &str {
  &map.province(province).name
}

#[cfg(test)]
mod tests {
  use super::*;

  use crate::map::testing::{province, standard as map};

  fn unit(owner: &str, kind: UnitType, at: &str) -> Unit {
    let power = map().find_power(owner).unwrap_or_else(|| panic!("no power {owner}"));
    Unit { power, kind, location: Location::province(province(at)) }
  }

  fn seen(units: &[Unit]) -> Position {
    let phase = "S1901M".parse().unwrap_or_else(|e| panic!("{e:?}"));
    let mut position = Position::empty(map(), phase);
    for &u in units {
      position.place(map(), u).unwrap_or_else(|e| panic!("{u:?}: {e:?}"));
    }
    position
  }

  #[test]
  fn a_helped_unit_the_player_does_not_see_is_named_by_its_province_alone() {
    let munich = unit("Germany", UnitType::Army, "Mun");
    let burgundy = unit("France", UnitType::Army, "Bur");
    let picardy = Location::province(province("Pic"));
    let support =
      UnitOrder { unit: munich, order: Order::SupportMove { target: burgundy, to: picardy } };
    let hold = UnitOrder { unit: munich, order: Order::SupportHold { target: burgundy } };
    // Seen as it is: named in full, as results name it.
    let shown = seen(&[munich, burgundy]);
    let full = "Army Munich SUPPORT French Army Burgundy -> Picardy.";
    assert_eq!(render_order(map(), &support), full);
    assert_eq!(render_order_seen(map(), &support, &shown), full);
    // Not seen, or seen as another unit than the order names (the
    // stand-in of a blind game's support of a unit not there).
    let blind = seen(&[munich]);
    let other = seen(&[munich, unit("Italy", UnitType::Army, "Bur")]);
    for board in [&blind, &other] {
      assert_eq!(
        render_order_seen(map(), &support, board),
        "Army Munich SUPPORT the unit in Burgundy -> Picardy."
      );
      assert_eq!(
        render_order_seen(map(), &hold, board),
        "Army Munich SUPPORT the unit in Burgundy."
      );
    }
    let fleet = unit("England", UnitType::Fleet, "Nth");
    let belgium = unit("France", UnitType::Army, "Bel");
    let london = province("Lon");
    let convoy = UnitOrder { unit: fleet, order: Order::Convoy { target: belgium, to: london } };
    let text = render_order_seen(map(), &convoy, &seen(&[fleet]));
    assert_eq!(text, "Fleet North Sea CONVOY the army in Belgium -> London.");
    assert!(!text.contains('\n'));
  }
}
