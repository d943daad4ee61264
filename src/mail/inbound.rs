//! One inbound message, as the judge needs it: who to answer, what they
//! wrote, and whether it is mail-system noise that must never be answered.

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

impl Inbound {
  /// Parses raw bytes (an mbox `From ` first line is tolerated). Never
  /// fails: what cannot be read is left empty, and a message without a
  /// usable sender is marked [`Noise::NoSender`].
  pub fn parse(raw: &[u8], judge_address: &str) -> Inbound {
    let _ = (raw, judge_address);
    Inbound::default()
  }

  /// The header reply address: the last `Reply-To:`, else `From:`. (A
  /// `REPLY-TO:` line in the body overrides this; that is a command.)
  pub fn reply_address(&self) -> Option<&str> {
    self.reply_to.as_deref().or(self.from.as_deref())
  }
}
