//! The order language (placeholder).

use super::{OrderError, ParsedOrder};
use crate::map::Map;
use crate::phase::PhaseKind;

/// Splits a line holding several orders at `,` and `;`.
pub fn split_orders(line: &str) -> impl Iterator<Item = &str> {
  line.split([',', ';']).map(str::trim).filter(|s| !s.is_empty())
}

/// Parses one order written for a phase of the given kind.
pub fn parse_order(_map: &Map, _kind: PhaseKind, text: &str) -> Result<ParsedOrder, OrderError> {
  Err(OrderError::Syntax { message: format!("cannot read '{text}' yet") })
}

/// Parses a unit as written in a position: `A Vie`, `F Stp/sc`, `F spa(sc)`,
/// `Fleet St Petersburg (south coast)`. The type may be left out.
pub fn parse_unit(
  _map: &Map,
  text: &str,
) -> Result<(Option<crate::map::UnitType>, crate::map::Location), OrderError> {
  Err(OrderError::Syntax { message: format!("cannot read '{text}' yet") })
}
