//! What became of an order, in njudge's annotation words.

use std::fmt;

use crate::order::UnitOrder;

/// Why an order did not do what it asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Failure {
  /// A move (or retreat) that stood off or was beaten.
  Bounce,
  /// A support that was cut (or whose supporter was dislodged).
  Cut,
  /// A support or convoy that the supported or convoyed unit did not match.
  Void,
  /// A move by convoy with no convoy ordered along any route.
  NoConvoy,
  /// A convoy (or the move using it) broken by the loss of a convoying fleet
  /// or by the paradox rule.
  Disrupted,
  /// A support to hold given to a unit that moved away.
  NoSupport,
  /// A transformation stopped by an attack that did not dislodge the
  /// unit (without SET ATTACK TRANSFORM).
  Attacked,
}

impl Failure {
  pub fn word(self) -> &'static str {
    match self {
      Failure::Bounce => "bounce",
      Failure::Cut => "cut",
      Failure::Void => "void",
      Failure::NoConvoy => "no convoy",
      Failure::Disrupted => "disrupted",
      Failure::NoSupport => "no support",
      Failure::Attacked => "attacked",
    }
  }
}

/// The result of one unit's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Outcome {
  pub failure: Option<Failure>,
  pub dislodged: bool,
}

impl Outcome {
  pub const OK: Outcome = Outcome { failure: None, dislodged: false };

  pub fn failed(failure: Failure) -> Outcome {
    Outcome { failure: Some(failure), dislodged: false }
  }

  /// True when nothing went wrong.
  pub fn is_ok(self) -> bool {
    self == Outcome::OK
  }

  /// The words inside `(*...*)`, e.g. `bounce, dislodged`; `None` when ok.
  pub fn annotation(self) -> Option<String> {
    match (self.failure, self.dislodged) {
      (None, false) => None,
      (None, true) => Some("dislodged".to_string()),
      (Some(failure), false) => Some(failure.word().to_string()),
      (Some(failure), true) => Some(format!("{}, dislodged", failure.word())),
    }
  }
}

impl fmt::Display for Outcome {
  /// `ok` or the annotation words, as `judge adjudicate` reports them.
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match self.annotation() {
      None => f.write_str("ok"),
      Some(words) => f.write_str(&words),
    }
  }
}

/// A unit's order as adjudicated. `ordered` is false for units that got no
/// valid order and so held (or, in a retreat phase, disbanded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
  pub order: UnitOrder,
  pub ordered: bool,
  pub outcome: Outcome,
}
