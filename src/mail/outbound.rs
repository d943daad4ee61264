//! Outgoing messages: RFC 5322 with Date and Message-ID from the injected
//! clock, `In-Reply-To`/`References` on replies, UTF-8 bodies correctly
//! encoded, and no header injection from anything a user wrote.

use std::time::SystemTime;

use chrono::{DateTime, FixedOffset};
use lettre::message::header::{
  ContentDisposition, ContentId, ContentTransferEncoding, ContentType, HeaderName, HeaderValue,
  MIME_VERSION_1_0,
};
use lettre::message::{Body, Mailbox, Message, MultiPart, SinglePart};
use lettre::Address;

use super::inbound::one_line;

/// A message the judge wants to send, before it is rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
  /// One recipient address per message (players never see each other's
  /// addresses in the headers).
  pub to: String,
  pub subject: String,
  pub body: String,
  /// The Message-ID (without brackets) this answers, if it is a reply.
  pub in_reply_to: Option<String>,
  /// The thread so far (without brackets), if it is a reply.
  pub references: Vec<String>,
  /// What kind of automatic mail this is (RFC 3834), for the headers that
  /// keep mail loops and vacation responders away.
  pub kind: MailKind,
  /// Files sent with the text (a picture of the board); with none the
  /// message is a single text/plain part, as it always was.
  pub attachments: Vec<Attachment>,
}

/// A file sent with a message's text: after the text part of a
/// `multipart/mixed` message, which every mail client shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
  /// `alpha-S1901M.png`: letters, digits, `.`, `-` and `_` only.
  pub filename: String,
  /// `image/png`, `image/svg+xml`.
  pub content_type: String,
  pub bytes: Vec<u8>,
  /// Shown in the message (`Content-Disposition: inline`, with a
  /// `Content-ID`) rather than offered as a file to save.
  pub inline: bool,
}

impl Attachment {
  /// A PNG picture shown in the message.
  pub fn inline_png(filename: &str, bytes: Vec<u8>) -> Attachment {
    Attachment {
      filename: filename.to_string(),
      content_type: "image/png".to_string(),
      bytes,
      inline: true,
    }
  }

  /// An SVG picture offered as a file (few mail clients show SVG).
  pub fn svg(filename: &str, svg: String) -> Attachment {
    Attachment {
      filename: filename.to_string(),
      content_type: "image/svg+xml".to_string(),
      bytes: svg.into_bytes(),
      inline: false,
    }
  }
}

/// What kind of automatic mail a message is: every message the judge
/// sends is automatic, so each says so (RFC 3834 `Auto-Submitted:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MailKind {
  /// The answer to a message (`Auto-Submitted: auto-replied`).
  #[default]
  Reply,
  /// A notice to one person (`Auto-Submitted: auto-generated`).
  Notice,
  /// Mail that goes to every member of a game: results, broadcasts
  /// (`auto-generated`, and `Precedence: bulk`).
  Bulk,
}

/// A rendered message: the envelope and the exact bytes to send.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
  /// The envelope sender (`MAIL FROM`, sendmail's `-f`), a bare address:
  /// where bounces go, so the keeper hears of a dead player address.
  pub from: String,
  /// The envelope recipient: a bare address.
  pub to: String,
  /// The id in the `Message-ID:` header, without brackets.
  pub message_id: String,
  /// The whole message, every line (the last too) ending in CRLF. Always
  /// 7-bit ASCII: lettre encodes non-ASCII headers (RFC 2047) and bodies
  /// (quoted-printable or base64), so a `String` holds it exactly.
  pub bytes: String,
}

/// Why a message could not be rendered.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OutboundError {
  #[error("'{0}' is not a usable e-mail address")]
  BadAddress(String),
}

/// The judge's side of every message.
#[derive(Clone, Debug)]
pub struct Sender<'a> {
  /// `judge@example.org`
  pub address: &'a str,
  /// The display name (`Diplomacy Judge`).
  pub name: &'a str,
  /// The envelope sender, where bounces go (the keeper's address, say);
  /// `None`, or an address that does not parse, means `address`, so that
  /// a bad setting never stops the mail.
  pub envelope_from: Option<&'a str>,
}

/// Longest id put in a header, so that a header line can never grow past
/// the RFC's 998 characters (ids cannot be folded).
const MAX_ID_LEN: usize = 250;

/// Whether `id` (without brackets) may go between `<` and `>` in a
/// `Message-ID`, `In-Reply-To` or `References` header: RFC 5322 `atext`,
/// `.`, `@` and the brackets of a domain literal, nothing else.
pub fn is_valid_message_id(id: &str) -> bool {
  !id.is_empty()
    && id.len() <= MAX_ID_LEN
    && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~.@[]".contains(&b))
}

/// Renders one message. `message_id` is the id to give it (without
/// brackets); `now` is the injected clock, shown in its own offset.
///
/// Every message says it is automatic (RFC 3834 `Auto-Submitted:`), so
/// that another judge or a vacation responder never answers it (and mail
/// loops cannot start); `X-Auto-Response-Suppress: All` says the same to
/// Outlook and Exchange, and mail to a whole game is `Precedence: bulk`.
///
/// The subject and the sender's name are put on one line (controls become
/// spaces) before lettre sees them, so nothing can add a header. An id in
/// `in_reply_to`/`references` that is not a valid message id is dropped;
/// the message's own id has any invalid character replaced by `_`. A body
/// whose last line has no line end gets one.
pub fn render(
  mail: &Outgoing,
  sender: &Sender<'_>,
  now: DateTime<FixedOffset>,
  message_id: &str,
) -> Result<Rendered, OutboundError> {
  let from = parse_address(sender.address)?;
  let envelope_from =
    sender.envelope_from.and_then(|a| parse_address(a).ok()).unwrap_or_else(|| from.clone());
  let to = parse_address(&mail.to)?;
  let name = one_line(sender.name);
  let id = own_message_id(message_id, from.domain());
  let mut builder = Message::builder()
    // A placeholder so lettre does not stamp the system clock; replaced
    // below by the injected time in its own offset.
    .date(SystemTime::UNIX_EPOCH)
    .from(Mailbox::new((!name.is_empty()).then_some(name), from.clone()))
    .to(Mailbox::new(None, to.clone()))
    .subject(one_line(&mail.subject))
    .message_id(Some(format!("<{id}>")));
  if let Some(parent) = mail.in_reply_to.as_deref().filter(|id| is_valid_message_id(id)) {
    builder = builder.in_reply_to(format!("<{parent}>"));
  }
  let references: Vec<String> = mail
    .references
    .iter()
    .filter(|id| is_valid_message_id(id))
    .map(|id| format!("<{id}>"))
    .collect();
  if !references.is_empty() {
    builder = builder.references(references.join(" "));
  }
  // A body's prose is lines of at most 78 characters (the judge's own
  // prose is written to fit; this catches what a user put in, say a long
  // press line), record lines stay whole (see `is_record_line`), and the
  // last line ends too, whatever the encoding.
  let mut body = fold_long_lines(&mail.body);
  if !body.is_empty() && !body.ends_with('\n') {
    body.push('\n');
  }
  let built = if mail.attachments.is_empty() {
    builder.header(MIME_VERSION_1_0).header(ContentType::TEXT_PLAIN).body(encoded_body(body))
  } else {
    builder.multipart(with_attachments(body, &mail.attachments, &id))
  };
  let mut message = built.map_err(|e| OutboundError::BadAddress(format!("{} ({e})", mail.to)))?;
  let date = rfc5322_date(now);
  message.headers_mut().insert_raw(HeaderValue::dangerous_new_pre_encoded(
    HeaderName::new_from_ascii_str("Date"),
    date.clone(),
    date,
  ));
  for (name, value) in automatic_headers(mail.kind) {
    message.headers_mut().insert_raw(HeaderValue::dangerous_new_pre_encoded(
      HeaderName::new_from_ascii_str(name),
      value.to_string(),
      value.to_string(),
    ));
  }
  let mut bytes = match String::from_utf8(message.formatted()) {
    Ok(bytes) => bytes,
    Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
  };
  // lettre leaves a base64 body without a final line end; every line of a
  // message ends in CRLF, and SMTP would add it anyway.
  if !bytes.ends_with("\r\n") {
    bytes.push_str("\r\n");
  }
  Ok(Rendered { from: envelope_from.to_string(), to: to.to_string(), message_id: id, bytes })
}

/// The text part (encoded exactly as a message of text alone), then each
/// attachment. The boundary comes from the message id, so rendering the
/// same message twice gives the same bytes.
fn with_attachments(body: String, attachments: &[Attachment], id: &str) -> MultiPart {
  let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(encoded_body(body));
  let mut parts = MultiPart::mixed().boundary(boundary(id)).singlepart(text);
  for (n, attachment) in attachments.iter().enumerate() {
    let filename = safe_filename(&attachment.filename);
    // The name in Content-Type too, where older Outlooks look for it.
    let named = format!("{}; name=\"{filename}\"", attachment.content_type);
    let content_type = ContentType::parse(&named).unwrap_or_else(|_| {
      ContentType::parse("application/octet-stream").unwrap_or(ContentType::TEXT_PLAIN)
    });
    let mut part = SinglePart::builder().header(content_type);
    part = if attachment.inline {
      part
        .header(ContentDisposition::inline_with_name(&filename))
        .header(ContentId::from(format!("<part{n}.{id}>")))
    } else {
      part.header(ContentDisposition::attachment(&filename))
    };
    // Binary and long-lined files go out in base64, whatever they hold.
    let encoded =
      Body::new_with_encoding(attachment.bytes.clone(), ContentTransferEncoding::Base64)
        .unwrap_or_else(Body::new);
    parts = parts.singlepart(part.body(encoded));
  }
  parts
}

/// A MIME boundary made from the message id (FNV-1a), which no base64 or
/// text line of the judge's can contain (it has `=_`).
fn boundary(id: &str) -> String {
  let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
  for byte in id.bytes() {
    hash ^= u64::from(byte);
    hash = hash.wrapping_mul(0x0100_0000_01b3);
  }
  format!("=_judge_{hash:016x}")
}

/// A file name with nothing a header could trip on.
fn safe_filename(name: &str) -> String {
  let name: String = name
    .chars()
    .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
    .take(64)
    .collect();
  if name.is_empty() {
    "attachment".to_string()
  } else {
    name
  }
}

/// Plain ASCII text goes out as it is (`7bit`), the form every program
/// that reads raw mail expects; lettre would choose quoted-printable for
/// any line over 75 characters, and njudge's layouts run to 78. Anything
/// else (non-ASCII, control characters, a line over RFC 5322's 998) is
/// left to lettre's choice of encoding.
fn encoded_body(body: String) -> Body {
  let plain = body.lines().all(|line| {
    line.len() <= 998 && line.bytes().all(|b| b == b'\t' || (b' '..=b'~').contains(&b))
  }) && !body.bytes().any(|b| b == b'\r' || b >= 0x80);
  if !plain {
    return Body::new(body);
  }
  let crlf = body.replace('\n', "\r\n");
  Body::dangerous_pre_encoded(crlf.into_bytes(), ContentTransferEncoding::SevenBit)
}

/// The longest line the judge sends: plain text that every client shows
/// unwrapped, and that goes out 7-bit when it is ASCII (RFC 5322 asks for
/// 78 at most).
pub const MAX_LINE: usize = 78;

/// `body` with every line longer than [`MAX_LINE`] broken between words,
/// each piece indented (and `>`-marked) as the line was, except record
/// lines ([`is_record_line`]) and the echo of a line the judge read
/// (`> REGISTER …`: one line read is shown as one line), which stay whole
/// up to RFC 5322's limit. A word longer than a line (an address, a link)
/// is left whole.
pub fn fold_long_lines(body: &str) -> String {
  let echo = |line: &str| line.starts_with("> ") && line.len() <= MAX_RECORD_LINE;
  let fits = |line: &str| line.chars().count() <= MAX_LINE || is_record_line(line) || echo(line);
  if body.lines().all(fits) {
    return body.to_string();
  }
  let mut out = String::with_capacity(body.len() + 64);
  for (n, line) in body.split('\n').enumerate() {
    if n > 0 {
      out.push('\n');
    }
    let (line, cr) = match line.strip_suffix('\r') {
      Some(line) => (line, "\r"),
      None => (line, ""),
    };
    if fits(line) {
      out.push_str(line);
      out.push_str(cr);
      continue;
    }
    // The pieces keep the line's indentation and its `> ` (an echoed
    // command stays marked as one).
    let body = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    let indent = &line[..line.len() - body.len()];
    if body.is_empty() {
      out.push_str(line);
      out.push_str(cr);
      continue;
    }
    // `>A Vie - Gal`: the marker is set apart from the words that follow.
    let spaced = if indent.ends_with('>') { format!("{indent} ") } else { indent.to_string() };
    let options = textwrap::Options::new(MAX_LINE)
      .initial_indent(indent)
      .subsequent_indent(&spaced)
      .break_words(false)
      .word_separator(textwrap::WordSeparator::AsciiSpace)
      .word_splitter(textwrap::WordSplitter::NoHyphenation);
    for (i, piece) in textwrap::wrap(body, options).iter().enumerate() {
      if i > 0 {
        out.push_str(cr);
        out.push('\n');
      }
      out.push_str(piece);
    }
    out.push_str(cr);
  }
  out
}

/// The longest line a record line may be and still go out as plain 7-bit
/// text (RFC 5322's limit is 998 octets, the line end left out).
const MAX_RECORD_LINE: usize = 998;

/// Whether `line` is a record line, which the hobby's tools (jDip, the
/// mappers, mail filters) read one line at a time, so that it is never
/// split: a `::` header line (`:: Judge: XXXX  Game: …  Variant: …`), or
/// a line that starts at the margin with a label of one to four
/// capitalised words and a colon: every order line of results, HISTORY,
/// LIST and the order lists of replies (`Italy: Army Venice SUPPORT
/// Austrian Army Tyrolia -> Piedmont.  (*void, dislodged*)`), and
/// HISTORY's `Subject:` lines. njudge never splits these either; the
/// judge's prose is wrapped where it is written.
pub fn is_record_line(line: &str) -> bool {
  if line.len() > MAX_RECORD_LINE {
    return false;
  }
  if line.starts_with("::") {
    return true;
  }
  let Some((label, rest)) = line.split_once(':') else { return false };
  let words: Vec<&str> = label.split(' ').collect();
  let name_word = |w: &&str| {
    w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
      && w.chars().all(|c| c.is_alphanumeric() || matches!(c, '\'' | '-' | '.'))
  };
  (1..=4).contains(&words.len())
    && words.iter().all(name_word)
    && rest.starts_with(' ')
    && rest.trim_start().chars().next().is_some_and(|c| !c.is_whitespace())
}

/// The headers that mark a message of `kind` as automatic (fixed ASCII
/// text, nothing from a user).
fn automatic_headers(kind: MailKind) -> Vec<(&'static str, &'static str)> {
  let mut headers = vec![(
    "Auto-Submitted",
    match kind {
      MailKind::Reply => "auto-replied",
      MailKind::Notice | MailKind::Bulk => "auto-generated",
    },
  )];
  if kind == MailKind::Bulk {
    headers.push(("Precedence", "bulk"));
  }
  headers.push(("X-Auto-Response-Suppress", "All"));
  headers
}

/// Renders a batch (a broadcast, say), taking a fresh id for each message
/// from `next_id`; one bad address does not stop the others.
pub fn render_many(
  mails: &[Outgoing],
  sender: &Sender<'_>,
  now: DateTime<FixedOffset>,
  mut next_id: impl FnMut() -> String,
) -> Vec<Result<Rendered, OutboundError>> {
  mails.iter().map(|mail| render(mail, sender, now, &next_id())).collect()
}

fn parse_address(address: &str) -> Result<Address, OutboundError> {
  address.trim().parse::<Address>().map_err(|_| OutboundError::BadAddress(address.to_string()))
}

/// The judge chooses its own ids, but a bad one must not break the header.
fn own_message_id(id: &str, domain: &str) -> String {
  let mut id: String = id
    .trim()
    .trim_start_matches('<')
    .trim_end_matches('>')
    .chars()
    .map(|c| if is_valid_message_id(c.encode_utf8(&mut [0; 4])) { c } else { '_' })
    .take(MAX_ID_LEN / 2)
    .collect();
  if !id.contains('@') {
    id = format!("{}@{domain}", if id.is_empty() { "judge" } else { &id });
  }
  if is_valid_message_id(&id) {
    id
  } else {
    format!("judge@{}", domain.replace(|c: char| !c.is_ascii_alphanumeric() && c != '.', "_"))
  }
}

/// `Mon, 02 Mar 2026 23:30:00 +0100`. Written by hand because lettre's
/// `Date` is always UTC and panics on times outside 1970..9999.
fn rfc5322_date(now: DateTime<FixedOffset>) -> String {
  now.format("%a, %d %b %Y %H:%M:%S %z").to_string()
}
