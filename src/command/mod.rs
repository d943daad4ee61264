//! The command language of a mail body (manual §§3–8, index §10).
//!
//! Every keyword the judge knows is one row of [`keyword::KEYWORDS`]: its
//! spellings, its place in the manual and a one-line summary (from which the
//! `index` help file is generated). [`parse_body`] splits a body into lines,
//! recognises keywords (case-insensitive, inner spaces optional: `SET NOWAIT`
//! = `SET NO WAIT` = `SETNOWAIT`), gathers multi-line blocks (`REGISTER …
//! END`, `PRESS … ENDPRESS`) and stops at `SIGN OFF` or a `-- ` line.
//!
//! Parsing never fails as a whole: every line comes back, either as a
//! command [`Invocation`] with its raw arguments, or as [`Item::Other`] (an
//! order, once signed on). Arguments are interpreted by whoever carries the
//! command out. This module knows nothing of mail, files or games.

pub mod keyword;
mod parse;

pub use keyword::{CommandKind, Keyword, KEYWORDS};
pub use parse::parse_body;

/// A recognised command line (or block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
  pub kind: CommandKind,
  /// The rest of the first line after the keyword, trimmed.
  pub args: String,
  /// For block commands, the lines between the first line and the end
  /// marker (which is not included); empty otherwise.
  pub block: Vec<String>,
  /// Whether the block was closed by its end marker (`END`, `ENDPRESS`…)
  /// rather than by the end of the body.
  pub closed: bool,
}

/// What one line of the body is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
  Command(Invocation),
  /// Not a command: an order once signed on to a game, an error otherwise.
  Other(String),
}

/// One line (or block) of the body with its line number (1-based) and its
/// text as typed (the first line of a block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyLine {
  pub number: usize,
  pub text: String,
  pub item: Item,
}

/// How the body ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
  /// The text simply ran out.
  EndOfText,
  /// A `SIGN OFF` line.
  SignOff,
  /// A signature separator line (`-- `).
  Signature,
}

/// A parsed body: every line in order, and what ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
  pub lines: Vec<BodyLine>,
  pub ending: Ending,
}

impl BodyLine {
  /// The line as it may be echoed back: passwords replaced by `********`
  /// (SIGN ON, CREATE, OBSERVE/WATCH, SET PASSWORD…), so that no mail or
  /// log ever repeats one.
  pub fn masked(&self) -> String {
    parse::masked(self)
  }
}
