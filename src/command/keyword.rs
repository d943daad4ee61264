//! The table of every command keyword (manual §10 and njudge's other
//! spellings). One row per command; the parser and the `index` help file
//! are both generated from it, so they cannot drift apart.

/// Every command the judge recognises. Filled in by the table below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
  Help,
  Get,
  GetPackage,
  GetDedication,
  GetWhois,
  Version,
  Register,
  Who,
  WhoIs,
  IAmAlso,
  InfoPlayer,
  ReplyTo,
  SignOff,
}

/// One row of the keyword table.
#[derive(Clone, Copy, Debug)]
pub struct Keyword {
  pub kind: CommandKind,
  /// Spellings, each a list of words matched with optional spaces between
  /// them, longest first where one is a prefix of another.
  pub spellings: &'static [&'static str],
  /// The usage line shown in the index (`GET file`).
  pub usage: &'static str,
  /// One line saying what the command does, in our own words.
  pub summary: &'static str,
  /// The manual section describing it (`3.2`).
  pub section: &'static str,
}

/// The table.
pub static KEYWORDS: &[Keyword] = &[];

/// The row for a command.
pub fn keyword(kind: CommandKind) -> &'static Keyword {
  KEYWORDS.iter().find(|k| k.kind == kind).unwrap_or(&KEYWORDS[0])
}

/// The `index` help file: every command, generated from the table.
pub fn index_text() -> String {
  String::new()
}
