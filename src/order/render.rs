//! Orders in the results layout (placeholder).

use super::{Adjustment, UnitOrder};
use crate::map::Map;

/// `Army Vienna -> Galicia.`
pub fn render_order(map: &Map, order: &UnitOrder) -> String {
  format!("{} {}.", order.unit.kind.name(), map.location_name(order.unit.location))
}

/// `Build Army Vienna.`
pub fn render_adjustment(_map: &Map, _adjustment: &Adjustment) -> String {
  String::new()
}
