//! njudge's subject lines, which players' filters and mapping tools parse.

use super::inbound::one_line;
use crate::command::keyword::Secret;
use crate::command::{lookup, Invocation, MASK};

/// A subject with more words than this is not copied into the reply: every
/// word is a place a command could start, and masking must stay cheap
/// whatever arrives. (Masking never changes the number of words, so a reply
/// to a reply keeps the same subject.)
const MAX_SUBJECT_WORDS: usize = 200;

/// `Re: CODE:game - S1901M <subject>` (signed on) or `Re: CODE <subject>`,
/// with `[Error Flag] ` after `Re: ` when orders had errors. The user's
/// subject is first stripped of earlier `Re:` (or `AW:`, `Fwd:`…), `[Error Flag]`, `[You are
/// late!]`, judge-code, game and phase prefixes so subjects do not grow.
///
/// A password in the subject is never copied: from the first command that
/// carries one (`SIGN ON Fgame pw`, `SET PASSWORD x`…), the words are
/// masked as the body's echo masks them, or more.
pub fn reply(code: &str, game: Option<(&str, &str)>, error_flag: bool, original: &str) -> String {
  let original = one_line(original);
  let rest = strip_prefixes(&original, code, game.map(|(name, _)| name));
  let rest = if rest.split(' ').count() > MAX_SUBJECT_WORDS { String::new() } else { masked(rest) };
  let rest = rest.as_str();
  let mut subject = String::from("Re: ");
  if error_flag {
    subject.push_str("[Error Flag] ");
  }
  match game {
    Some((name, phase)) => subject.push_str(&format!("{code}:{name} - {phase}")),
    None => subject.push_str(code),
  }
  if !rest.is_empty() {
    subject.push(' ');
    subject.push_str(rest);
  }
  subject
}

/// `subject` (one line, single spaces) with every password hidden: the
/// command language finds a command at the start of any word; at the first
/// one whose echo in a body would hide something, SIGN ON, OBSERVE and
/// CREATE keep their first word and every other word after the keyword
/// becomes [`MASK`] (a subject is no place to be exact about which word of
/// `SET WAIT, PW x` or `ADJUST 1 2 pw` is the password).
fn masked(subject: &str) -> String {
  let starts = subject
    .char_indices()
    .filter(|&(i, c)| c != ' ' && (i == 0 || subject[..i].ends_with(' ')))
    .map(|(i, _)| i);
  let mut set_seen = false;
  for start in starts {
    let Some((kind, len)) = lookup(&subject[start..]) else { continue };
    // Only these may hide a password. A later SET's words are among the
    // first SET's, so one look at SET is enough: the rest of a long
    // subject is copied at most twice, whatever it holds.
    let secret = kind.keyword().secret;
    let carries = secret != Secret::None;
    let set = kind.is_set() && !carries;
    if !(carries || set && !set_seen) {
      continue;
    }
    set_seen |= set;
    let head = &subject[..start + len];
    let args = &subject[start + len..];
    let invocation = Invocation { kind, args: args.to_string(), block: Vec::new(), closed: true };
    let body_masked = invocation.masked_args();
    if body_masked == args {
      continue;
    }
    if secret == Secret::AfterFirst {
      return format!("{head}{body_masked}");
    }
    let words: Vec<&str> = args.split_whitespace().map(|_| MASK).collect();
    return format!("{head} {}", words.join(" "));
  }
  subject.to_string()
}

/// `CODE:game - S1901M <what>` for other game mail.
pub fn game(code: &str, game: &str, phase: &str, what: &str) -> String {
  format!("{code}:{game} - {phase} {what}")
}

/// Takes judge-made prefixes off the front of a subject until none is
/// left, so `Re: Re: [Error Flag] XXXX:dt - S1901M x` comes down to `x`.
fn strip_prefixes<'a>(mut subject: &'a str, code: &str, game: Option<&str>) -> &'a str {
  loop {
    subject = subject.trim_start();
    let next = strip_re(subject)
      .or_else(|| strip_word(subject, "[error flag]"))
      .or_else(|| strip_word(subject, "[you are late!]"))
      .or_else(|| strip_code(subject, code))
      .or_else(|| strip_phase(subject))
      .or_else(|| game.and_then(|game| strip_token(subject, game)));
    match next {
      Some(rest) => subject = rest,
      None => return subject.trim_end(),
    }
  }
}

/// Reply and forward prefixes as mail programs write them in many
/// languages, compared in lower case: German `AW:`/`WG:`, Scandinavian
/// `SV:`, Dutch `Antw:`, Polish `Odp:`, Italian `RIF:`, French `Réf:`/`TR:`,
/// and `Fwd:`/`Fw:`.
const REPLY_WORDS: &[&str] =
  &["re", "aw", "sv", "antw", "odp", "rif", "réf", "ref", "tr", "wg", "fwd", "fw", "vs"];

/// `Re:`, `RE :`, `re[2]:`, and the same with any of [`REPLY_WORDS`].
fn strip_re(subject: &str) -> Option<&str> {
  let end = subject.find(|c: char| !c.is_alphabetic()).unwrap_or(subject.len());
  let word = subject[..end].to_lowercase();
  if !REPLY_WORDS.contains(&word.as_str()) {
    return None;
  }
  let rest = &subject[end..];
  let rest = match rest.strip_prefix('[') {
    Some(counted) => {
      let close = counted.find(']')?;
      counted[..close].bytes().all(|b| b.is_ascii_digit()).then(|| &counted[close + 1..])?
    }
    None => rest,
  };
  rest.trim_start().strip_prefix(':')
}

/// A fixed prefix, case-insensitively.
fn strip_word<'a>(subject: &'a str, word: &str) -> Option<&'a str> {
  strip_ascii_prefix(subject, word)
}

/// `CODE:anything` or `CODE` standing alone.
fn strip_code<'a>(subject: &'a str, code: &str) -> Option<&'a str> {
  if code.is_empty() {
    return None;
  }
  let rest = strip_ascii_prefix(subject, code)?;
  match rest.strip_prefix(':') {
    Some(game) => Some(game.find(char::is_whitespace).map_or("", |end| &game[end..])),
    None => ends_token(rest).then_some(rest),
  }
}

/// `- S1901M` or `S1901M`: a season letter, the year, a phase letter. The
/// variants' calendars give other letters and years (`S1M` in AncMed,
/// `B273M` in Classical, `A1430B` in Hundred).
fn strip_phase(subject: &str) -> Option<&str> {
  let rest = subject.strip_prefix('-').map_or(subject, str::trim_start);
  let bytes = rest.as_bytes();
  let digits = bytes.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
  let end = 2 + digits;
  let is_phase = (1..=6).contains(&digits)
    && bytes.len() >= end
    && bytes[0].is_ascii_alphabetic()
    && matches!(bytes[end - 1].to_ascii_uppercase(), b'M' | b'R' | b'B' | b'A');
  (is_phase && ends_token(&rest[end..])).then(|| &rest[end..])
}

/// The game's name as a word of its own.
fn strip_token<'a>(subject: &'a str, token: &str) -> Option<&'a str> {
  if token.is_empty() {
    return None;
  }
  let rest = strip_ascii_prefix(subject, token)?;
  ends_token(rest).then_some(rest)
}

fn strip_ascii_prefix<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
  let head = text.get(..prefix.len())?;
  head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

fn ends_token(rest: &str) -> bool {
  rest.is_empty() || rest.starts_with(char::is_whitespace)
}
