//! Outgoing messages: RFC 5322 with Date and Message-ID from the injected
//! clock, `In-Reply-To`/`References` on replies, UTF-8 bodies correctly
//! encoded, and no header injection from anything a user wrote.

use chrono::{DateTime, FixedOffset};

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
}

/// A rendered message: the envelope and the exact bytes to send.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
  pub from: String,
  pub to: String,
  pub message_id: String,
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
}

/// Renders one message. `message_id` is the id to give it (without
/// brackets); `now` is the injected clock, shown in its own offset.
pub fn render(
  mail: &Outgoing,
  sender: &Sender<'_>,
  now: DateTime<FixedOffset>,
  message_id: &str,
) -> Result<Rendered, OutboundError> {
  let _ = (mail, sender, now, message_id);
  Err(OutboundError::BadAddress(String::new()))
}
