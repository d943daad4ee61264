//! Orders in the results layout: `Army Vienna -> Galicia.`

use super::{Adjustment, Order, UnitOrder, Via};
use crate::map::{Map, PowerId, ProvinceId};
use crate::position::Unit;

/// `Army Vienna -> Galicia.`, `Fleet North Sea CONVOY Army London -> Norway.`
pub fn render_order(map: &Map, order: &UnitOrder) -> String {
  format!("{} {}.", unit_name(map, order.unit), order_text(map, order.unit.power, &order.order))
}

/// A unit an order supports or convoys: with its owner's adjective when it
/// is another power's (`SUPPORT French Army Paris -> Burgundy`), as njudge
/// prints it, so a reader of the results knows whose unit it is.
fn target_name(map: &Map, orderer: PowerId, target: Unit) -> String {
  if target.power == orderer {
    unit_name(map, target)
  } else {
    format!("{} {}", map.power(target.power).adjective, unit_name(map, target))
  }
}

/// `Build Army Vienna.`, `Remove Army Munich.`, `Build waived.`
pub fn render_adjustment(map: &Map, adjustment: &Adjustment) -> String {
  match *adjustment {
    Adjustment::Build { kind, at } => format!("Build {} {}.", kind.name(), map.location_name(at)),
    Adjustment::Remove { unit } => format!("Remove {}.", unit_name(map, unit)),
    Adjustment::Waive => "Build waived.".to_string(),
  }
}

/// `Army London`, `Fleet St Petersburg (south coast)`: how results and
/// messages name a unit.
pub(super) fn unit_name(map: &Map, unit: Unit) -> String {
  format!("{} {}", unit.kind.name(), map.location_name(unit.location))
}

fn order_text(map: &Map, orderer: PowerId, order: &Order) -> String {
  match order {
    Order::Hold => "HOLD".to_string(),
    Order::Move { to, via } => format!("-> {}", move_text(map, &map.location_name(*to), via)),
    Order::SupportHold { target } => format!("SUPPORT {}", target_name(map, orderer, *target)),
    Order::SupportMove { target, to } => {
      format!("SUPPORT {} -> {}", target_name(map, orderer, *target), map.location_name(*to))
    }
    Order::Convoy { target, to } => {
      format!("CONVOY {} -> {}", target_name(map, orderer, *target), province_name(map, *to))
    }
    Order::Proxy { power } => format!("PROXY to {}", map.power(*power).name),
    Order::Disband => "DISBAND".to_string(),
  }
}

/// The destination, after the seas of a written route.
fn move_text(map: &Map, to: &str, via: &Via) -> String {
  match via {
    Via::Unspecified => to.to_string(),
    Via::Convoy => format!("{to} via convoy"),
    Via::Route(route) => {
      let mut steps: Vec<&str> = route.iter().map(|&p| province_name(map, p)).collect();
      steps.push(to);
      steps.join(" -> ")
    }
  }
}

fn province_name(map: &Map, province: ProvinceId) -> &str {
  &map.province(province).name
}
