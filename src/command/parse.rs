//! Splitting a body into lines and recognising keywords (nom).

use super::{Body, BodyLine, Ending};

/// Parses a whole body. Never fails.
pub fn parse_body(body: &str) -> Body {
  let _ = body;
  Body { lines: Vec::new(), ending: Ending::EndOfText }
}

pub(super) fn masked(line: &BodyLine) -> String {
  line.text.clone()
}
