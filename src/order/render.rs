//! Orders in the results layout: `Army Vienna -> Galicia.`
//!
//! Each order is written straight into one `String` of about the right
//! size: results are built for every order of every phase, and a
//! `format!` per piece used to cost more than resolving the phase.

use super::{Adjustment, Order, UnitOrder, Via};
use crate::map::{Location, Map, PowerId, ProvinceId};
use crate::position::Unit;

/// `Army Vienna -> Galicia.`, `Fleet North Sea CONVOY Army London -> Norway.`
pub fn render_order(map: &Map, order: &UnitOrder) -> String {
  let mut out = String::with_capacity(64);
  push_order(&mut out, map, order);
  out
}

/// Appends what [`render_order`] returns to `out`.
pub fn push_order(out: &mut String, map: &Map, order: &UnitOrder) {
  push_unit(out, map, order.unit);
  out.push(' ');
  push_order_text(out, map, order.unit.power, &order.order);
  out.push('.');
}

/// A unit an order supports or convoys: with its owner's adjective when it
/// is another power's (`SUPPORT French Army Paris -> Burgundy`), as njudge
/// prints it, so a reader of the results knows whose unit it is.
fn push_target(out: &mut String, map: &Map, orderer: PowerId, target: Unit) {
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

fn push_order_text(out: &mut String, map: &Map, orderer: PowerId, order: &Order) {
  match order {
    Order::Hold => out.push_str("HOLD"),
    Order::Move { to, via } => {
      out.push_str("-> ");
      push_move(out, map, *to, via);
    }
    Order::SupportHold { target } => {
      out.push_str("SUPPORT ");
      push_target(out, map, orderer, *target);
    }
    Order::SupportMove { target, to } => {
      out.push_str("SUPPORT ");
      push_target(out, map, orderer, *target);
      out.push_str(" -> ");
      push_location(out, map, *to);
    }
    Order::Convoy { target, to } => {
      out.push_str("CONVOY ");
      push_target(out, map, orderer, *target);
      out.push_str(" -> ");
      out.push_str(province_name(map, *to));
    }
    Order::Proxy { power } => {
      out.push_str("PROXY to ");
      out.push_str(&map.power(*power).name);
    }
    Order::Disband => out.push_str("DISBAND"),
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
