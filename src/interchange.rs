//! The JSON form of one phase for `judge adjudicate` (placeholder).
