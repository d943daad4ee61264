//! How the order-language parsers fail: softly, so that nom may try another
//! reading, or hard, with the player's mistake to tell them. Shared by the
//! order parser and the condition parser.

use nom::error::{ErrorKind, ParseError};
use nom::IResult;

/// Why a parser stopped.
#[derive(Debug)]
pub(super) enum Fail<E> {
  /// Not this reading; nom may try another.
  Soft,
  /// The text is wrong, and this is what to tell the player.
  Hard(E),
}

impl<E> ParseError<&str> for Fail<E> {
  fn from_error_kind(_: &str, _: ErrorKind) -> Fail<E> {
    Fail::Soft
  }

  fn append(_: &str, _: ErrorKind, other: Fail<E>) -> Fail<E> {
    other
  }

  fn or(self, other: Fail<E>) -> Fail<E> {
    match self {
      Fail::Hard(_) => self,
      Fail::Soft => other,
    }
  }
}

/// A parser's result, failing with `E`.
pub(super) type Res<'a, T, E> = IResult<&'a str, T, Fail<E>>;

/// Stops the parse with the player's mistake (`T` is a parser's output,
/// or whatever a closure inside one returns).
pub(super) fn hard<T, E>(error: E) -> Result<T, nom::Err<Fail<E>>> {
  Err(nom::Err::Failure(Fail::Hard(error)))
}

/// The mistake a failed parse reports, if it found one.
pub(super) fn mistake<E>(error: nom::Err<Fail<E>>) -> Option<E> {
  match error {
    nom::Err::Error(Fail::Hard(e)) | nom::Err::Failure(Fail::Hard(e)) => Some(e),
    _ => None,
  }
}
