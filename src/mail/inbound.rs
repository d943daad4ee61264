//! One inbound message, as the judge needs it: who to answer, what they
//! wrote, and whether it is mail-system noise that must never be answered.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{
  Address, Encoding, HeaderName, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders,
  PartType,
};

use super::outbound::is_valid_message_id;

/// Why a message gets no reply at all (CONTRACT: mail-system noise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Noise {
  /// `Auto-Submitted:` with a value other than `no`.
  AutoSubmitted(String),
  /// `Precedence: bulk|junk|list`.
  Precedence(String),
  /// A null sender (`Return-Path: <>` or an mbox `From <>`/`MAILER-DAEMON`
  /// line), or a `MAILER-DAEMON`/`postmaster` sender.
  MailSystem(String),
  /// The judge's own address as the sender (a loop).
  OwnAddress,
  /// No usable address to reply to.
  NoSender,
}

/// What the judge reads out of one message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inbound {
  /// The `Message-ID` without angle brackets, if any.
  pub message_id: Option<String>,
  /// The address of the `From:` header (address only, as written).
  pub from: Option<String>,
  /// The address of the last `Reply-To:` header.
  pub reply_to: Option<String>,
  /// The decoded subject, on one line (CR, LF and other controls removed).
  pub subject: String,
  /// The `References:` ids followed by this message's id, for threading.
  pub references: Vec<String>,
  /// The text the commands are read from: the text/plain part, or the text
  /// of the HTML when there is no plain part; `\n` line ends.
  pub body: String,
  /// `Some` when the message must not be answered.
  pub noise: Option<Noise>,
}

/// References kept for threading; long threads keep their root and the
/// most recent ids so the reply's header stays a sane size.
const MAX_REFERENCES: usize = 20;

impl Inbound {
  /// Parses raw bytes (an mbox `From ` first line is tolerated). Never
  /// fails: what cannot be read is left empty, and a message without a
  /// usable sender is marked [`Noise::NoSender`].
  pub fn parse(raw: &[u8], judge_address: &str) -> Inbound {
    let (envelope_sender, rest) = split_mbox_line(raw);
    // mail-parser promises not to panic; a reply to every message (or a
    // clean "no reply") matters more than trusting that promise.
    let parsed = catch_unwind(AssertUnwindSafe(|| MessageParser::default().parse(rest)));
    let mut inbound = match parsed {
      Ok(Some(message)) => read_message(&message),
      _ => Inbound::default(),
    };
    let envelope_noise = envelope_sender
      .filter(|s| is_null_or_system(s))
      .map(|s| Noise::MailSystem(if s.is_empty() { "<>".to_string() } else { s }));
    inbound.noise =
      envelope_noise.or(inbound.noise.take()).or_else(|| inbound.loop_or_no_sender(judge_address));
    inbound
  }

  /// The header reply address: the last `Reply-To:`, else `From:`. (A
  /// `REPLY-TO:` line in the body overrides this; that is a command.)
  pub fn reply_address(&self) -> Option<&str> {
    self.reply_to.as_deref().or(self.from.as_deref())
  }

  /// A reply to the judge's own address would come straight back.
  fn loop_or_no_sender(&self, judge_address: &str) -> Option<Noise> {
    let judge = bare_address(judge_address);
    let is_judge = |a: &Option<String>| a.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(judge));
    if is_judge(&self.from) || is_judge(&self.reply_to) {
      Some(Noise::OwnAddress)
    } else if self.reply_address().is_none() {
      Some(Noise::NoSender)
    } else {
      None
    }
  }
}

/// Everything but the mbox-line and loop checks, which need more than the
/// parsed message.
fn read_message(message: &Message<'_>) -> Inbound {
  let from_raw = message.from().and_then(first_address);
  let reply_to = message
    .headers()
    .iter()
    .rfind(|h| h.name == HeaderName::ReplyTo)
    .and_then(|h| h.value.as_address())
    .and_then(first_address)
    .and_then(plausible_address);
  let message_id = message.message_id().and_then(clean_id);
  let mut references = ids(message.references());
  if let Some(id) = &message_id {
    references.retain(|r| r != id);
    references.push(id.clone());
  }
  if references.len() > MAX_REFERENCES {
    references.drain(1..references.len() + 1 - MAX_REFERENCES);
  }
  let noise = header_noise(message)
    .or_else(|| from_raw.filter(|a| is_mail_system(a)).map(|a| Noise::MailSystem(a.to_string())));
  Inbound {
    message_id,
    from: from_raw.and_then(plausible_address),
    reply_to,
    subject: one_line(message.subject().unwrap_or_default()),
    references,
    body: body_text(message),
    noise,
  }
}

/// Strips an mbox `From sender date` line, returning the sender it names
/// (empty for a null sender) and the message after it.
fn split_mbox_line(raw: &[u8]) -> (Option<String>, &[u8]) {
  let Some(after) = raw.strip_prefix(b"From ") else {
    return (None, raw);
  };
  let end = after.iter().position(|&b| b == b'\n').map_or(after.len(), |i| i + 1);
  let (line, rest) = after.split_at(end);
  let line = String::from_utf8_lossy(line);
  // `From  Sun Nov 22 ...` (two spaces) is how an empty sender is written.
  let sender = if line.starts_with([' ', '\t']) {
    ""
  } else {
    line.split_whitespace().next().unwrap_or_default()
  };
  (Some(sender.to_string()), rest)
}

/// An empty sender (`<>`), or one that is a mail system.
fn is_null_or_system(sender: &str) -> bool {
  let inner = sender.trim().trim_start_matches('<').trim_end_matches('>').trim();
  inner.is_empty() || is_mail_system(inner)
}

/// `MAILER-DAEMON` or `postmaster`, with or without a domain.
fn is_mail_system(address: &str) -> bool {
  let local = address.rsplit_once('@').map_or(address, |(local, _)| local).trim();
  local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster")
}

/// `Auto-Submitted:`, `Precedence:` and a null or mail-system
/// `Return-Path:` say a machine sent this. Raw values are read, so a null
/// path is seen however the parser would have shaped it.
fn header_noise(message: &Message<'_>) -> Option<Noise> {
  message.headers().iter().find_map(|header| {
    let name = header.name.as_str();
    let raw = message.raw_message.get(header.offset_start as usize..header.offset_end as usize);
    let value = String::from_utf8_lossy(raw.unwrap_or_default());
    if name.eq_ignore_ascii_case("auto-submitted") {
      let keyword = header_keyword(&value);
      (!keyword.is_empty() && keyword != "no").then_some(Noise::AutoSubmitted(keyword))
    } else if name.eq_ignore_ascii_case("precedence") {
      let keyword = header_keyword(&value);
      matches!(keyword.as_str(), "bulk" | "junk" | "list").then_some(Noise::Precedence(keyword))
    } else if name.eq_ignore_ascii_case("return-path") {
      let path = one_line(&value);
      is_null_or_system(&path).then_some(Noise::MailSystem(path))
    } else {
      None
    }
  })
}

/// The first token of a raw header value, lower-cased, without parameters
/// or comments (`auto-replied; x=y (vacation)` gives `auto-replied`).
fn header_keyword(value: &str) -> String {
  value
    .split([';', '('])
    .next()
    .unwrap_or_default()
    .split_whitespace()
    .next()
    .unwrap_or_default()
    .to_ascii_lowercase()
}

fn first_address<'a>(address: &'a Address<'_>) -> Option<&'a str> {
  address.first().and_then(|a| a.address.as_deref())
}

/// `local@domain` when the text can be an address to write to; anything
/// else (no `@`, spaces, controls, brackets) counts as no address at all.
pub fn plausible_address(address: &str) -> Option<String> {
  let address = address.trim();
  let forbidden = |c: char| {
    c.is_whitespace()
      || c.is_control()
      || matches!(c, '<' | '>' | '(' | ')' | '[' | ']' | ',' | ';' | ':' | '"' | '\\')
  };
  if address.len() > 254 || address.chars().any(forbidden) {
    return None;
  }
  let (local, domain) = address.rsplit_once('@')?;
  let domain_ok = !domain.is_empty()
    && !domain.starts_with('.')
    && !domain.ends_with('.')
    && !domain.contains("..");
  (!local.is_empty() && !local.contains('@') && domain_ok).then(|| address.to_string())
}

/// The address inside `Name <address>`, or the text itself.
fn bare_address(address: &str) -> &str {
  let address = address.trim();
  match (address.rfind('<'), address.rfind('>')) {
    (Some(open), Some(close)) if open < close => address[open + 1..close].trim(),
    _ => address,
  }
}

fn clean_id(id: &str) -> Option<String> {
  let id = id.trim().trim_start_matches('<').trim_end_matches('>');
  is_valid_message_id(id).then(|| id.to_string())
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
  match value {
    HeaderValue::Text(id) => clean_id(id).into_iter().collect(),
    HeaderValue::TextList(list) => list.iter().filter_map(|id| clean_id(id)).collect(),
    _ => Vec::new(),
  }
}

/// One line: every control character (CR, LF, TAB, ...) becomes a space,
/// runs of spaces fold to one, and the ends are trimmed.
pub fn one_line(text: &str) -> String {
  text
    .split(|c: char| c.is_control() || c.is_whitespace())
    .filter(|word| !word.is_empty())
    .collect::<Vec<_>>()
    .join(" ")
}

/// The text/plain parts; else the text of the first HTML part; else a
/// lone text root of another subtype. An HTML alternative to a plain part
/// is never read.
fn body_text(message: &Message<'_>) -> String {
  let plain: Vec<String> = message
    .text_bodies()
    .filter_map(|part| match &part.body {
      PartType::Text(text) => Some(unflowed(message, part, part_text(message, part, text))),
      _ => None,
    })
    .collect();
  let text = if !plain.is_empty() {
    plain.join("\n")
  } else if let Some(html) = message.html_bodies().find_map(|part| match &part.body {
    PartType::Html(html) => Some(html),
    _ => None,
  }) {
    html_to_text(html)
  } else if let Some(PartType::Text(text)) = message.parts.first().map(|p| &p.body) {
    message.parts.first().map(|p| part_text(message, p, text)).unwrap_or_default()
  } else {
    broken_multipart_text(message).unwrap_or_default()
  };
  normalise_lines(&text)
}

/// The first part of a multipart message whose structure the parser gave
/// up on (a missing closing boundary, say), read by hand: the lines after
/// the first boundary and its part headers, up to the next boundary. Only
/// an undeclared or plain-text, unencoded part is taken.
fn broken_multipart_text(message: &Message<'_>) -> Option<String> {
  let root = message.parts.first()?;
  let boundary = root.content_type()?.attribute("boundary")?;
  let delimiter = format!("--{boundary}");
  let raw = message.raw_message.get(root.offset_body as usize..)?;
  let text = String::from_utf8_lossy(raw);
  let mut lines = text.lines().skip_while(|l| l.trim_end() != delimiter).skip(1);
  let mut plain = true;
  for header in lines.by_ref() {
    if header.trim().is_empty() {
      break;
    }
    let header = header.to_ascii_lowercase();
    let declared_other = header.starts_with("content-type:") && !header.contains("text/plain");
    if declared_other || header.starts_with("content-transfer-encoding:") && !header.contains("bit")
    {
      plain = false;
    }
  }
  let body: Vec<&str> = lines.take_while(|l| !l.starts_with(&delimiter)).collect();
  (plain && !body.is_empty()).then(|| body.join("\n"))
}

/// The text of a `format=flowed` part (RFC 3676, Thunderbird's default)
/// unwrapped, so that a long line the client broke is one line again;
/// other text as it is.
fn unflowed(message: &Message<'_>, part: &MessagePart<'_>, text: String) -> String {
  let attribute = |name: &str| {
    part
      .content_type()
      .and_then(|ct| ct.attributes.as_ref())
      .and_then(|list| list.iter().find(|a| a.name.eq_ignore_ascii_case(name)))
      .map(|a| a.value.trim().to_ascii_lowercase())
  };
  if attribute("format").as_deref() != Some("flowed") {
    return text;
  }
  let text = match part.encoding {
    Encoding::QuotedPrintable => flowed_qp_text(message, part).unwrap_or(text),
    _ => text,
  };
  unflow(&text, attribute("delsp").as_deref() == Some("yes"))
}

/// A quoted-printable flowed part decoded again with the spaces that end
/// its lines kept. RFC 2045 has a decoder drop them, so from a client that
/// writes a soft break's space bare instead of as `=20`, every wrapped
/// line would arrive cut in two: the very thing `format=flowed` exists to
/// avoid. A bare space is trusted here as it is in 7-bit text. `None` when
/// no line ends in a bare space or tab, or the part cannot be read again.
fn flowed_qp_text(message: &Message<'_>, part: &MessagePart<'_>) -> Option<String> {
  let raw = message.raw_message.get(part.offset_body as usize..part.offset_end as usize)?;
  let mut protected = Vec::with_capacity(raw.len() + 16);
  let mut changed = false;
  for line in raw.split_inclusive(|&b| b == b'\n') {
    let (content, end) = match line.strip_suffix(b"\r\n") {
      Some(content) => (content, &b"\r\n"[..]),
      None => match line.strip_suffix(b"\n") {
        Some(content) => (content, &b"\n"[..]),
        None => (line, &b""[..]),
      },
    };
    let kept = content.iter().rposition(|&b| b != b' ' && b != b'\t').map_or(0, |i| i + 1);
    // `=` then blanks is a soft line break of quoted-printable itself.
    let soft = kept > 0 && content[kept - 1] == b'=';
    protected.extend_from_slice(&content[..kept]);
    for &blank in &content[kept..] {
      if soft {
        protected.push(blank);
      } else {
        protected.extend_from_slice(if blank == b' ' { b"=20" } else { b"=09" });
        changed = true;
      }
    }
    protected.extend_from_slice(end);
  }
  if !changed {
    return None;
  }
  let bytes = quoted_printable_decode(&protected)?;
  let charset = part.content_type().and_then(|ct| ct.attribute("charset"));
  // As `part_text` reads it: the declared charset, else UTF-8, else
  // Windows-1252.
  Some(match charset.and_then(|c| charset_decoder(c.as_bytes())) {
    Some(decode) => decode(&bytes),
    None => match String::from_utf8(bytes) {
      Ok(text) => text,
      Err(e) => match charset_decoder(b"windows-1252") {
        Some(latin) => latin(e.as_bytes()),
        None => String::from_utf8_lossy(e.as_bytes()).into_owned(),
      },
    },
  })
}

/// RFC 3676 unwrapping: a line ending in a space goes on in the next line
/// (with `DelSp=yes` that space was added by the client and is dropped),
/// and a space the client put before a line (space-stuffing) is removed.
/// Quoted lines (`>`) and the signature separator are left as they are:
/// the command reader stops at them.
fn unflow(text: &str, delsp: bool) -> String {
  let mut lines: Vec<String> = Vec::new();
  let mut open: Option<String> = None;
  for raw in text.split('\n') {
    let line = raw.strip_suffix('\r').unwrap_or(raw);
    if line.starts_with('>') || line == "-- " {
      lines.extend(open.take());
      lines.push(line.to_string());
      continue;
    }
    let line = line.strip_prefix(' ').unwrap_or(line);
    let mut joined = open.take().unwrap_or_default();
    match line.strip_suffix(' ') {
      Some(kept) => {
        joined.push_str(if delsp { kept } else { line });
        open = Some(joined);
      }
      None => {
        joined.push_str(line);
        lines.push(joined);
      }
    }
  }
  lines.extend(open);
  lines.join("\n")
}

/// The decoded text of a part. mail-parser reads an unknown or missing
/// charset as UTF-8 with replacement characters; such bytes are nearly
/// always Latin-1/Windows-1252, so they are decoded that way instead.
fn part_text(message: &Message<'_>, part: &MessagePart<'_>, decoded: &str) -> String {
  let charset = part.content_type().and_then(|ct| ct.attribute("charset"));
  let known = charset.is_some_and(|c| charset_decoder(c.as_bytes()).is_some());
  if known || !decoded.contains('\u{FFFD}') {
    return decoded.to_string();
  }
  let raw = message.raw_message.get(part.offset_body as usize..part.offset_end as usize);
  let bytes = raw.and_then(|raw| match part.encoding {
    Encoding::Base64 => base64_decode(raw).map(Cow::Owned),
    Encoding::QuotedPrintable => quoted_printable_decode(raw).map(Cow::Owned),
    Encoding::None => Some(Cow::Borrowed(raw)),
  });
  match (bytes, charset_decoder(b"windows-1252")) {
    (Some(bytes), _) if std::str::from_utf8(&bytes).is_ok() => decoded.to_string(),
    (Some(bytes), Some(latin)) => latin(&bytes),
    _ => decoded.to_string(),
  }
}

/// The text of an HTML body, unwrapped and undecorated, so that order
/// lines stay one per line ([`super::html`]).
fn html_to_text(html: &str) -> String {
  super::html::to_text(html)
}

/// `\n` line ends whatever the sender used; no byte-order mark.
fn normalise_lines(text: &str) -> String {
  text.trim_start_matches('\u{FEFF}').replace("\r\n", "\n").replace('\r', "\n")
}
