//! Splitting a body into lines and recognising keywords (nom).
//!
//! A keyword is one of the spellings in [`KEYWORDS`]: its words match
//! case-insensitively, with any amount of whitespace (or none) between
//! them, and the line may start with whitespace. A spelling that ends in a
//! letter or digit must also end a word in the text, so `LISTEN` is not
//! `LIST`. Of all the spellings that match, the one that takes the most of
//! the line wins: `WHO IS x` is `WHO IS`, not `WHO` with arguments `IS x`.

use nom::bytes::complete::{take, take_while};
use nom::combinator::verify;
use nom::IResult;

use super::keyword::{keyword, Block, CommandKind, Secret, KEYWORDS};
use std::iter::Peekable;

use super::{Body, BodyLine, Cut, Ending, Invocation, Item};

/// What a password is replaced by wherever a line is echoed or logged.
pub const MASK: &str = "********";

/// Characters that, straight after a keyword, still belong to the same
/// token (`GET package.txt` is a file, `WHO IS-x` is not `WHO IS`) unless
/// they end it (`HELP.`).
const JOINERS: &[char] = &['.', '-', '_', '@', '/'];

/// The command a line starts with, if any, and how many bytes of the line
/// it takes (leading whitespace included), so that `&line[len..]` is the
/// rest of the line.
pub fn lookup(text: &str) -> Option<(CommandKind, usize)> {
  let line = text.trim_start();
  let indent = text.len() - line.len();
  if line.is_empty() {
    return None;
  }
  let mut best: Option<(CommandKind, usize)> = None;
  for row in KEYWORDS {
    for spelling in row.spellings {
      // A spelling's first word must start the line as it is (spaces come
      // only between words): a cheap test that keeps the full match to
      // the few spellings that can match, not every `SET` option.
      let first_word = spelling.split_whitespace().next().unwrap_or(spelling).as_bytes();
      if !line
        .as_bytes()
        .get(..first_word.len())
        .is_some_and(|l| l.eq_ignore_ascii_case(first_word))
      {
        continue;
      }
      if let Some(len) = match_spelling(spelling, line) {
        if best.is_none_or(|(_, longest)| len > longest) {
          best = Some((row.kind, len));
        }
      }
    }
  }
  best.map(|(kind, len)| (kind, indent + len))
}

/// Whitespace between the words of a keyword.
fn space(input: &str) -> IResult<&str, &str> {
  take_while(char::is_whitespace)(input)
}

/// One word of a spelling, any case. Spellings are ASCII, so comparing as
/// many characters as the word has bytes never splits a character.
fn word<'a>(w: &'static str) -> impl FnMut(&'a str) -> IResult<&'a str, &'a str> {
  verify(take(w.len()), move |s: &str| s.eq_ignore_ascii_case(w))
}

/// How many bytes of `line` the spelling takes, if it matches there.
fn match_spelling(spelling: &'static str, line: &str) -> Option<usize> {
  let mut rest = line;
  for (i, w) in spelling.split_whitespace().enumerate() {
    if i > 0 {
      rest = space(rest).ok()?.0;
    }
    rest = word(w)(rest).ok()?.0;
  }
  let ends_in_word = spelling.chars().last().is_some_and(char::is_alphanumeric);
  if ends_in_word && !at_boundary(rest) {
    return None;
  }
  Some(line.len() - rest.len())
}

/// Whether the text after a keyword lets the keyword end there.
fn at_boundary(rest: &str) -> bool {
  let mut chars = rest.chars();
  match chars.next() {
    None => true,
    Some(c) if c.is_whitespace() => true,
    Some(c) if c.is_alphanumeric() => false,
    Some(c) if JOINERS.contains(&c) => chars.next().is_none_or(char::is_whitespace),
    Some(_) => true,
  }
}

/// Whether the line is that command and nothing else; block ends must
/// stand alone so that press can talk about ENDPRESS without ending.
fn is_alone(text: &str, kind: CommandKind) -> bool {
  lookup(text)
    .is_some_and(|(k, len)| k == kind && text.get(len..).is_some_and(|r| r.trim().is_empty()))
}

/// A signature separator (`-- `, or `--` once a mailer has trimmed it).
fn is_signature(text: &str) -> bool {
  text.trim() == "--"
}

/// The first words of a reply attribution, in the languages of common
/// mail programs (`On`, `Am`, `Le`, `El`, `Il`, `Op`, `Den`, `Em`, and
/// Polish `W dniu`).
const ATTRIBUTION_STARTS: &[&str] = &["on", "am", "le", "el", "il", "op", "den", "em", "w dniu"];

/// The verbs of a reply attribution (`wrote`, `schrieb`, `a écrit`…).
const ATTRIBUTION_VERBS: &[&str] = &[
  "wrote",
  "writes",
  "schrieb",
  "écrit",
  "escribió",
  "scritto",
  "schreef",
  "skrev",
  "escreveu",
  "napisał",
  "napisała",
  "napisał(a)",
  "pisze",
  "kirjoitti",
];

/// The separators Outlook and others put above the original message.
const ORIGINAL_MARKERS: &[&str] = &[
  "original message",
  "ursprüngliche nachricht",
  "message d'origine",
  "forwarded message",
  "mensaje original",
  "messaggio originale",
  "oorspronkelijk bericht",
];

/// The header lines that start the original message in Outlook's replies
/// (`From:` then `Sent:`, in English, German and French).
const FROM_WORDS: &[&str] = &["from:", "von:", "de:", "de :"];
const SENT_WORDS: &[&str] = &["sent:", "date:", "gesendet:", "envoyé:", "envoyé :"];

/// Signatures mail programs add on their own.
const CLIENT_SIGNATURES: &[&str] = &[
  "sent from my ",
  "sent from mail for windows",
  "sent from outlook",
  "sent from yahoo mail",
  "sent with proton mail",
  "sent from proton mail",
  "get outlook for ",
  "von meinem ",
  "envoyé de mon ",
  "inviato da ",
  "enviado desde mi ",
  "verstuurd vanaf mijn ",
];

/// Whether reading must stop at this line because a mail program's
/// additions start there; `next` is the line after it (Gmail wraps a long
/// attribution over two). A `>` line never stops it: outside a block it
/// is passed over with its quote ([`quoted_block`]), and inside one it is
/// the sender's own quoting in press, kept, unless it is Apple Mail's
/// quoted `> On … wrote:`, which starts the message replied to.
fn cut_at(text: &str, next: Option<&str>) -> Option<Cut> {
  let line = text.trim();
  let lower = line.to_lowercase();
  if let Some(quoted) = line.strip_prefix('>') {
    let quoted = quoted.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    return is_attribution(&quoted.to_lowercase()).then_some(Cut::Attribution);
  }
  if attribution_lines(text, next).is_some() {
    return Some(Cut::Attribution);
  }
  let dashed = line.starts_with("---") && line.ends_with("---");
  if dashed && ORIGINAL_MARKERS.iter().any(|m| lower.contains(m)) {
    return Some(Cut::Original);
  }
  let next_lower = next.map(|n| n.trim().to_lowercase()).unwrap_or_default();
  let underscores = line.len() >= 10 && line.chars().all(|c| c == '_');
  if underscores && FROM_WORDS.iter().any(|w| next_lower.starts_with(w)) {
    return Some(Cut::Original);
  }
  if FROM_WORDS.iter().any(|w| lower.starts_with(w))
    && SENT_WORDS.iter().any(|w| next_lower.starts_with(w))
  {
    return Some(Cut::Original);
  }
  if line.len() < 80 && CLIENT_SIGNATURES.iter().any(|s| lower.starts_with(s)) {
    return Some(Cut::ClientSignature);
  }
  None
}

/// How many lines a reply attribution starting at `text` takes: 1, or 2
/// when a mail program wrapped it (`next` is the line after). Two lines
/// are read as one attribution only when the second is not one by
/// itself, so an order just above an attribution is never taken in.
fn attribution_lines(text: &str, next: Option<&str>) -> Option<usize> {
  let lower = text.trim().to_lowercase();
  if is_attribution(&lower) {
    return Some(1);
  }
  let next = next?.trim().to_lowercase();
  let wrapped =
    !next.is_empty() && !is_attribution(&next) && is_attribution(&format!("{lower} {next}"));
  wrapped.then_some(2)
}

/// Whether a line that is no attribution this reader knows may still
/// introduce the quote under it: it ends with a colon and is no command.
/// That covers the attributions of other languages and settings
/// (`Judge wrote:`, Finnish `… kirjoitti:`, Czech `… napsal:`); a line of
/// the sender's own that fits (`My orders:`) is no order either.
fn introduces(text: &str) -> bool {
  let line = text.trim();
  line.ends_with(':') && line.chars().count() < 200 && lookup(line).is_none()
}

/// Whether a line is quoted (`> …`), as mail programs mark the message
/// replied to.
fn is_quoted(text: &str) -> bool {
  text.trim_start().starts_with('>')
}

/// The last line number of a quoted block starting at `text` (line
/// `number`), consumed from `lines`: an attribution with the `>` lines
/// under it (blank lines between allowed), or `>` lines alone. Blank lines
/// inside the quote belong to it when more `>` lines follow them. `None`,
/// with nothing consumed, when `text` starts no quote: an attribution with
/// no `>` line under it is the start of an unquoted original instead.
fn quoted_block<'a, I>(number: usize, text: &str, lines: &mut Peekable<I>) -> Option<usize>
where
  I: Iterator<Item = (usize, &'a str)> + Clone,
{
  let mut last = number;
  if !is_quoted(text) {
    let rest = match attribution_lines(text, lines.peek().map(|&(_, next)| next)) {
      Some(count) => count - 1,
      None if introduces(text) => 0,
      None => return None,
    };
    let mut ahead = lines.clone().skip(rest).skip_while(|(_, l)| l.trim().is_empty());
    if !ahead.next().is_some_and(|(_, l)| is_quoted(l)) {
      return None;
    }
    for (n, _) in lines.by_ref().take(rest) {
      last = n;
    }
  }
  while let Some(&(n, line)) = lines.peek() {
    if is_quoted(line) {
      last = n;
      lines.next();
      continue;
    }
    // Blank lines: part of the quote only if it goes on after them. Each
    // look ahead either takes the blank lines or ends the block, so the
    // whole body is looked at a bounded number of times.
    let goes_on = line.trim().is_empty()
      && lines.clone().find(|(_, l)| !l.trim().is_empty()).is_some_and(|(_, l)| is_quoted(l));
    if !goes_on {
      break;
    }
    while let Some(&(n, blank)) = lines.peek() {
      if !blank.trim().is_empty() {
        break;
      }
      last = n;
      lines.next();
    }
  }
  Some(last)
}

/// `on mon, 2 mar 2026 at 10:00, judge <judge@x> wrote:` and its
/// translations (`am … schrieb …:`, `le … a écrit :`), in lower case.
/// An attribution always carries a date or time, so it has a digit.
fn is_attribution(lower: &str) -> bool {
  let starts = |start: &&str| {
    lower.strip_prefix(*start).is_some_and(|rest| rest.starts_with(char::is_whitespace))
  };
  lower.ends_with(':')
    && lower.len() < 200
    && lower.contains(|c: char| c.is_ascii_digit())
    && ATTRIBUTION_STARTS.iter().any(starts)
    && lower
      .trim_end_matches(':')
      .split(|c: char| c.is_whitespace() || c == ',')
      .any(|word| ATTRIBUTION_VERBS.contains(&word))
}

/// What an invocation takes after its first line, its arguments read.
fn block_of(kind: CommandKind, args: &str) -> Block {
  match keyword(kind).block {
    Block::PressWhenBare if args.is_empty() => Block::Press,
    Block::PressWhenBare => Block::Line,
    block => block,
  }
}

/// What ended a block early, besides its own end marker.
enum Stop {
  /// A `SIGN OFF` line (its number and text): the body ends too.
  SignOff(usize, String),
  /// A signature separator: the body ends, the separator is dropped.
  Signature,
  /// A mail program's additions start at this line: the body ends there.
  Cut(usize, Cut),
}

/// A gathered block: its lines, whether its end was a proper one, and
/// whether the body ended with it.
struct Gathered {
  lines: Vec<String>,
  closed: bool,
  stop: Option<Stop>,
}

/// Gathers the lines of a block. Press (and a diary entry) may end with
/// `SIGN OFF` as well as `ENDPRESS`; REGISTER needs its `END`, so a `SIGN
/// OFF` leaves it unclosed. A signature separator ends every block: what
/// follows it is never the sender's message; so does a mail program's
/// attribution or signature ([`cut_at`]).
fn gather<'a, I>(style: Block, lines: &mut Peekable<I>) -> Gathered
where
  I: Iterator<Item = (usize, &'a str)>,
{
  let mut gathered = Vec::new();
  while let Some((number, text)) = lines.next() {
    if is_signature(text) {
      return Gathered { lines: gathered, closed: false, stop: Some(Stop::Signature) };
    }
    if let Some(cut) = cut_at(text, lines.peek().map(|&(_, next)| next)) {
      return Gathered { lines: gathered, closed: false, stop: Some(Stop::Cut(number, cut)) };
    }
    if is_alone(text, CommandKind::SignOff) {
      let stop = Some(Stop::SignOff(number, text.to_string()));
      return Gathered { lines: gathered, closed: style != Block::UntilEnd, stop };
    }
    let ends = match style {
      Block::UntilEnd => text.trim().eq_ignore_ascii_case("END"),
      // Unlike other keywords, these take no space after END (manual §7.4),
      // so that a line reading "end press" is just text.
      Block::Press => {
        let word = text.trim();
        word.eq_ignore_ascii_case("ENDPRESS") || word.eq_ignore_ascii_case("ENDBROADCAST")
      }
      // `block_of` has read PressWhenBare as Press or Line already.
      Block::Line | Block::Rest | Block::PressWhenBare => false,
    };
    if ends {
      return Gathered { lines: gathered, closed: true, stop: None };
    }
    gathered.push(text.to_string());
  }
  Gathered { lines: gathered, closed: false, stop: None }
}

/// Parses a whole body. Never fails.
pub fn parse_body(body: &str) -> Body {
  let mut body = read_body(body);
  body.closing = closing(&body.lines);
  body
}

/// The lines, ending and quoted blocks of a body.
fn read_body(body: &str) -> Body {
  let mut lines = body.lines().enumerate().map(|(i, text)| (i + 1, text)).peekable();
  let mut out = Vec::new();
  let mut quoted = Vec::new();
  let done = |lines, ending, quoted| Body { lines, ending, quoted, closing: None };
  while let Some((number, text)) = lines.next() {
    if text.trim().is_empty() {
      continue;
    }
    if is_signature(text) {
      return done(out, Ending::Signature, quoted);
    }
    if let Some(last) = quoted_block(number, text, &mut lines) {
      quoted.push((number, last));
      continue;
    }
    if let Some(cut) = cut_at(text, lines.peek().map(|&(_, next)| next)) {
      return done(out, Ending::Cut { line: number, cut }, quoted);
    }
    let Some((kind, len)) = lookup(text) else {
      let item = Item::Other(text.trim().to_string());
      out.push(BodyLine { number, text: text.to_string(), item });
      continue;
    };
    let args = text.get(len..).unwrap_or_default().trim().to_string();
    let style = block_of(kind, &args);
    let gathered = match style {
      Block::Line => Gathered { lines: Vec::new(), closed: true, stop: None },
      _ => gather(style, &mut lines),
    };
    let invocation = Invocation { kind, args, block: gathered.lines, closed: gathered.closed };
    out.push(BodyLine { number, text: text.to_string(), item: Item::Command(invocation) });
    if kind == CommandKind::SignOff {
      return done(out, Ending::SignOff, quoted);
    }
    match gathered.stop {
      Some(Stop::SignOff(number, text)) => {
        out.push(sign_off(number, text));
        return done(out, Ending::SignOff, quoted);
      }
      Some(Stop::Signature) => return done(out, Ending::Signature, quoted),
      Some(Stop::Cut(line, cut)) => return done(out, Ending::Cut { line, cut }, quoted),
      None => {}
    }
  }
  done(out, Ending::EndOfText, quoted)
}

/// The longest a line under a closing salutation may be to count as part
/// of a signature (a name, a title, a company, a telephone number).
const SIGNATURE_LINE: usize = 60;

/// Where the closing salutation starts among the lines read: a salutation
/// line followed by one to three short lines that end them, none of them
/// a command. (Whether one reads as an order is for the game to say.)
fn closing(lines: &[BodyLine]) -> Option<usize> {
  let last = lines.len().checked_sub(2)?;
  (lines.len().saturating_sub(4)..=last).find(|&i| {
    let short = |line: &BodyLine| {
      matches!(&line.item, Item::Other(text) if text.chars().count() <= SIGNATURE_LINE)
    };
    matches!(&lines[i].item, Item::Other(text) if is_salutation(text))
      && lines[i + 1..].iter().all(short)
  })
}

/// The closings people end a letter with, in lower case without the
/// punctuation after them, in the languages of the hobby's players.
const SALUTATIONS: &[&str] = &[
  "kind regards",
  "kindest regards",
  "best regards",
  "warm regards",
  "warmest regards",
  "with kind regards",
  "with best regards",
  "many regards",
  "regards",
  "rgds",
  "best",
  "all the best",
  "best wishes",
  "cheers",
  "thanks",
  "thank you",
  "many thanks",
  "thanks again",
  "thanks in advance",
  "thanks and regards",
  "thanks & regards",
  "sincerely",
  "yours sincerely",
  "sincerely yours",
  "yours faithfully",
  "yours truly",
  "yours",
  "take care",
  "mit freundlichen grüßen",
  "mit freundlichen grüssen",
  "freundliche grüße",
  "freundliche grüsse",
  "viele grüße",
  "viele grüsse",
  "beste grüße",
  "beste grüsse",
  "liebe grüße",
  "liebe grüsse",
  "herzliche grüße",
  "herzliche grüsse",
  "grüße",
  "grüsse",
  "gruß",
  "gruss",
  "mfg",
  "cordialement",
  "bien cordialement",
  "bien à vous",
  "salutations",
  "amitiés",
  "merci",
  "saludos",
  "un saludo",
  "saludos cordiales",
  "atentamente",
  "cordiali saluti",
  "distinti saluti",
  "saluti",
  "un saluto",
  "met vriendelijke groet",
  "met vriendelijke groeten",
  "vriendelijke groet",
  "groeten",
  "groet",
  "mvg",
  "med vänliga hälsningar",
  "vänliga hälsningar",
  "hälsningar",
  "med venlig hilsen",
  "venlig hilsen",
  "vennlig hilsen",
  "hilsen",
  "mvh",
  "pozdrawiam",
  "z poważaniem",
  "atenciosamente",
  "cumprimentos",
  "abraços",
];

/// Whether a line is a closing salutation and nothing else (`Kind
/// regards,`, `Mit freundlichen Grüßen`): any case and spacing, with
/// punctuation after it. `Thanks, see you next turn!` is not one.
fn is_salutation(text: &str) -> bool {
  let text = text.trim().trim_end_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace());
  let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
  !words.is_empty() && SALUTATIONS.contains(&words.join(" ").as_str())
}

/// The `SIGN OFF` line that ended a block, kept so the reply can echo it.
fn sign_off(number: usize, text: String) -> BodyLine {
  let invocation =
    Invocation { kind: CommandKind::SignOff, args: String::new(), block: Vec::new(), closed: true };
  BodyLine { number, text, item: Item::Command(invocation) }
}

pub(super) fn masked(line: &BodyLine) -> String {
  let Item::Command(invocation) = &line.item else {
    return line.text.clone();
  };
  let split = lookup(&line.text).and_then(|(_, len)| line.text.split_at_checked(len));
  match split {
    Some((head, rest)) => format!("{head}{}", mask_args(invocation.kind, rest)),
    // Built by hand with text that is not the command: rebuild it rather
    // than risk echoing a password.
    None => {
      let name = keyword(invocation.kind).spellings.first().copied().unwrap_or_default();
      format!("{name} {}", invocation.masked_args()).trim_end().to_string()
    }
  }
}

/// The arguments of a command with every password replaced by [`MASK`],
/// spacing kept: every word of SIGN ON, OBSERVE and CREATE after the
/// first (a stray space in the game name, `SIGN ON E sec pw`, moves the
/// password to the third word, and a password may well be an option word
/// such as `Secret`, so the variant and options are hidden too), all of
/// SET PASSWORD, the keeper's password at the end of ADJUST and RECORD,
/// and the word after PASSWORD or PW anywhere in a SET line (njudge takes
/// several settings on one SET line).
pub(super) fn mask_args(kind: CommandKind, args: &str) -> String {
  let spans = word_spans(args);
  let words: Vec<&str> = spans.iter().map(|&(start, end)| &args[start..end]).collect();
  let secret = |i: usize| match keyword(kind).secret {
    Secret::AfterFirst => i >= 1,
    Secret::All => true,
    Secret::Last => i + 1 == words.len(),
    Secret::None if kind.is_set() => i > 0 && is_password_word(words[i - 1]),
    Secret::None => false,
  };
  let mut out = String::with_capacity(args.len());
  let mut copied = 0;
  for (i, &(start, end)) in spans.iter().enumerate() {
    if secret(i) {
      // A comma or semicolon after a password separates SET options.
      let word = args[start..end].trim_end_matches([',', ';']);
      out.push_str(&args[copied..start]);
      out.push_str(MASK);
      copied = start + word.len();
    }
  }
  out.push_str(&args[copied..]);
  out
}

/// Whether a word of a SET line announces a password.
fn is_password_word(word: &str) -> bool {
  let word = word.trim_matches(|c: char| !c.is_alphanumeric());
  word.eq_ignore_ascii_case("PASSWORD") || word.eq_ignore_ascii_case("PW")
}

/// The byte ranges of the whitespace-separated words of a text.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
  let mut spans = Vec::new();
  let mut start = None;
  for (i, c) in text.char_indices() {
    match (c.is_whitespace(), start) {
      (true, Some(s)) => {
        spans.push((s, i));
        start = None;
      }
      (false, None) => start = Some(i),
      _ => {}
    }
  }
  if let Some(s) = start {
    spans.push((s, text.len()));
  }
  spans
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn spelling_words_may_be_glued_or_spread() {
    assert_eq!(match_spelling("SET NO WAIT", "setnowait"), Some(9));
    assert_eq!(match_spelling("SET NO WAIT", "SET  NO\tWAIT x"), Some(12));
    assert_eq!(match_spelling("SET NO WAIT", "SET NOW AIT"), None);
  }

  #[test]
  fn a_keyword_must_end_its_word() {
    assert_eq!(match_spelling("LIST", "LISTEN"), None);
    assert_eq!(match_spelling("HELP", "help."), Some(4));
    assert_eq!(match_spelling("GET PACKAGE", "get package.txt"), None);
    assert_eq!(match_spelling("SIGN ON", "signon?game pw"), Some(6));
    assert_eq!(match_spelling("MAP *", "map *n"), Some(5));
  }

  #[test]
  fn non_ascii_text_never_splits_a_character() {
    assert_eq!(match_spelling("ROLL BACK", "roll bac\u{212a}"), None);
    assert_eq!(lookup("\u{212a}\u{212a}\u{212a}"), None);
    assert_eq!(word_spans("é b"), vec![(0, 2), (3, 4)]);
  }

  #[test]
  fn an_order_just_above_an_attribution_is_still_read() {
    let body = parse_body("W\nDen H\nOn Mon, 2 Mar 2026 at 10:00, J <j@x> wrote:\n> x\n");
    assert_eq!(body.lines.len(), 2);
    assert_eq!(body.quoted, vec![(3, 4)]);
    let body = parse_body("W\nDen H\nOn Mon, 2 Mar 2026 at 10:00, J <j@x> wrote:\n\nx\n");
    assert_eq!(body.lines.len(), 2);
    assert_eq!(body.ending, Ending::Cut { line: 3, cut: Cut::Attribution });
    // Not an attribution: no date, or no verb.
    assert_eq!(cut_at("On Monday Germany wrote:", None), None);
    assert_eq!(cut_at("On 2 March, move A Par-Bur:", None), None);
    assert_eq!(cut_at("From: me", Some("A Par H")), None);
  }

  #[test]
  fn a_quote_is_passed_over_wherever_it_stands() {
    // Bottom-posting (Thunderbird): attribution, quote with a blank
    // quoted line and a blank line inside, then the orders.
    let body = parse_body(
      "On 02/03/2026 10:00, Judge wrote:\n> a\n>\n\n> b\n\nA Par-Bur\n> c\n>> d\nF Bre-Mid\n",
    );
    let read: Vec<usize> = body.lines.iter().map(|l| l.number).collect();
    assert_eq!(read, vec![7, 10]);
    assert_eq!(body.quoted, vec![(1, 5), (8, 9)]);
    assert_eq!(body.ending, Ending::EndOfText);
    // A wrapped attribution, blank lines, then the quote.
    let body = parse_body("A Par H\nOn Mon, 2 Mar 2026 at 10:00, J\n<j@x> wrote:\n\n> x\nW\n");
    assert_eq!(body.quoted, vec![(2, 5)]);
    assert_eq!(body.lines.len(), 2);
    // Attributions of other languages and settings, right above a quote;
    // a command ending in a colon is still read.
    for attribution in ["Judge wrote:", "ma 2.3.2026 klo 11.00 Judge (j@x) kirjoitti:"] {
      let body = parse_body(&format!("A Par H\n{attribution}\n\n> x\n"));
      assert_eq!(body.quoted, vec![(2, 4)], "{attribution}");
    }
    let body = parse_body("GET info:\n> x\n");
    assert_eq!((body.lines.len(), body.quoted.clone()), (1, vec![(2, 2)]));
    // Apple Mail quotes its attribution: in a press block it still ends it.
    let body = parse_body("PRESS TO E\nHi.\n> On 2 Mar 2026, at 10:00, J <j@x> wrote:\n> x\n");
    assert_eq!(body.ending, Ending::Cut { line: 3, cut: Cut::Attribution });
  }

  #[test]
  fn a_closing_salutation_with_up_to_three_short_lines_ends_the_lines() {
    let closing_of = |text: &str| parse_body(text).closing;
    assert_eq!(closing_of("A Par H\nKind regards,\nAnn\n"), Some(1));
    assert_eq!(closing_of("A Par H\n\nMit freundlichen Grüßen\n\nAnn Beispiel\nx\ny\n"), Some(1));
    // Nothing after it, four lines after it, a long line, a command.
    assert_eq!(closing_of("A Par H\nKind regards,\n"), None);
    assert_eq!(closing_of("A Par H\nRegards\na\nb\nc\nd\n"), None);
    assert_eq!(closing_of(&format!("Best,\n{}\n", "x".repeat(61))), None);
    assert_eq!(closing_of("A Par H\nCheers!\nGET info\n"), None);
    // A salutation must be the whole line.
    assert_eq!(closing_of("A Par H\nThanks, see you next turn!\nAnn\n"), None);
    assert!(is_salutation("  KIND   Regards , "));
  }

  #[test]
  fn masking_keeps_the_spacing() {
    assert_eq!(mask_args(CommandKind::SignOn, " Fgame   pw  "), " Fgame   ********  ");
    assert_eq!(mask_args(CommandKind::SignOn, "E sec  pw"), "E ********  ********");
    assert_eq!(mask_args(CommandKind::Adjust, "u 5 pw"), "u 5 ********");
    assert_eq!(mask_args(CommandKind::SetWait, "wait, password x"), "wait, password ********");
    assert_eq!(mask_args(CommandKind::Get, "password x"), "password x");
  }
}
