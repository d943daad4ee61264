//! Why an order was rejected, in words a player can act on.

/// An order the judge will not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
  #[error("{message}")]
  Syntax { message: String },
}
