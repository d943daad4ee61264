//! Checking orders against the board (placeholder).

use super::{Adjustment, OrderError, ParsedOrder, UnitOrder};
use crate::map::{Map, PowerId};
use crate::position::Position;

/// Checks a movement- or retreat-phase order of `power` against `position`.
pub fn validate(
  _map: &Map,
  _position: &Position,
  _power: PowerId,
  _order: &ParsedOrder,
) -> Result<UnitOrder, OrderError> {
  Err(OrderError::Syntax { message: "not checked yet".into() })
}

/// Checks an adjustment-phase order of `power` against `position`.
pub fn validate_adjustment(
  _map: &Map,
  _position: &Position,
  _power: PowerId,
  _order: &ParsedOrder,
) -> Result<Adjustment, OrderError> {
  Err(OrderError::Syntax { message: "not checked yet".into() })
}
