//! The command language of a mail body (manual §§2–9, index §10).
//!
//! Every keyword the judge knows is one row of [`keyword::KEYWORDS`]: its
//! spellings, who may use it, its place in the manual and a one-line
//! summary (from which the `index` help file is generated). [`parse_body`]
//! splits a body into lines, recognises keywords (case-insensitive, inner
//! spaces optional: `SET NOWAIT` = `SET NO WAIT` = `SETNOWAIT`; the longest
//! spelling wins, so `WHO IS x` is not `WHO`), gathers multi-line blocks
//! and stops at `SIGN OFF` or a `-- ` line, or where a mail program's
//! additions begin ([`Cut`]: `On … wrote:` with no quote under it, the
//! original message, `Sent from my iPhone`). A quoted block (`>` lines,
//! with the `On … wrote:` above it) is passed over wherever it stands, so
//! orders above it (top-posting), below it (bottom-posting) or between
//! quotes are all read, and no quoted line is ever read as a command.
//! Blank lines between commands are skipped.
//!
//! The blocks ([`Block`]): `REGISTER` up to a line `END`; `PRESS`,
//! `BROADCAST`, `POSTAL PRESS` and `DIARY [RECORD]` up to `ENDPRESS` or
//! `ENDBROADCAST` alone on a line (or a `SIGN OFF`, which also ends the
//! body), never reading their text as commands; `SET COMMENT BEGIN` and
//! `MAP *` take the rest of the body, up to a `SIGN OFF`.
//!
//! Parsing never fails as a whole: every line comes back, either as a
//! command [`Invocation`] with its raw arguments, or as [`Item::Other`] (an
//! order, once signed on). Arguments are interpreted by whoever carries the
//! command out. This module knows nothing of mail, files or games.

pub mod keyword;
mod parse;

pub use keyword::{index_text, keyword, Block, CommandKind, Keyword, Who, KEYWORDS};
pub use parse::{lookup, parse_body, MASK};

/// A recognised command line (or block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
  pub kind: CommandKind,
  /// The rest of the first line after the keyword, trimmed.
  pub args: String,
  /// For block commands, the lines between the first line and the end
  /// marker (which is not included), as typed, blank lines kept; empty
  /// otherwise.
  pub block: Vec<String>,
  /// Whether nothing was left open: true for one-line commands, and for a
  /// block ended by its own marker (`END`, `ENDPRESS`…) or by a `SIGN OFF`
  /// where the manual allows one (press, diary, SET COMMENT BEGIN, MAP *);
  /// false when the body or a signature cut the block short.
  pub closed: bool,
}

impl Invocation {
  /// The arguments with any password replaced by [`MASK`] (see
  /// [`BodyLine::masked`]).
  pub fn masked_args(&self) -> String {
    parse::mask_args(self.kind, &self.args)
  }
}

/// What one line of the body is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
  Command(Invocation),
  /// Not a command: an order once signed on to a game, an error otherwise.
  /// The text is the line trimmed.
  Other(String),
}

/// One line (or block) of the body with its line number (1-based, counting
/// every line of the body) and its text as typed (the first line of a
/// block).
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
  /// A `SIGN OFF` line; it is the last of the lines, as a command.
  SignOff,
  /// A signature separator line (`-- `, or `--`); it is not among the
  /// lines. It ends a press or other block too.
  Signature,
  /// What a mail program adds was reached (a quote, the original message,
  /// its own signature) at line `line`, which is not among the lines. It
  /// ends a block too, as a signature does.
  Cut { line: usize, cut: Cut },
}

/// What a mail program put below the sender's own text: players never
/// write `SIGN OFF`, so reading stops here instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
  /// A reply attribution (`On … wrote:` and its translations) with no
  /// quote under it, so what follows is the original message unquoted;
  /// or, inside a press or other block, any attribution.
  Attribution,
  /// The original message of a reply or forward: `-----Original
  /// Message-----`, Outlook's line of underscores or `From:`/`Sent:` block.
  Original,
  /// A mail program's own signature: `Sent from my iPhone` and the like.
  ClientSignature,
}

/// A parsed body: every line in order, and what ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
  pub lines: Vec<BodyLine>,
  pub ending: Ending,
  /// The quoted blocks passed over, as (first, last) line numbers: the
  /// `>` lines with the attribution above them, so the reply can say
  /// which lines were not read.
  pub quoted: Vec<(usize, usize)>,
  /// Where a closing salutation (`Kind regards,`) starts in `lines`, when
  /// it and the one to three short lines after it end the lines read and
  /// none of them is a command: a signature without `-- `, unless one of
  /// them reads as an order, which only the game's map can tell.
  pub closing: Option<usize>,
}

impl BodyLine {
  /// The line as it may be echoed back: passwords replaced by `********`
  /// (SIGN ON, CREATE, OBSERVE/WATCH, SET PASSWORD, the word after
  /// PASSWORD/PW in any SET line, the keeper's password ending ADJUST and
  /// RECORD), so that no mail or log ever repeats one. Everything else,
  /// spacing included, is kept.
  pub fn masked(&self) -> String {
    parse::masked(self)
  }
}
