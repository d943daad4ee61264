//! `judge receive`: one message from the MTA, start to finish.
//!
//! 1. The raw message is spooled before anything else.
//! 2. Under the message lock, unless it was handled before (same key: the
//!    hash of its Message-ID, or of its bytes), its commands are carried
//!    out and every outgoing message is made durable: written to the outbox
//!    by the file transport, or to the queue for the others. If any is
//!    queued, the key is recorded as handled. The message leaves the spool.
//! 3. The queued mail is sent, and the record dropped. If the transport
//!    refuses, the mail stays queued and the caller exits 75: the MTA
//!    delivers the message again, step 2 finds the record, and only the
//!    sending is retried.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

use crate::config::Config;
use crate::delivery::{self, DeliveryError};
use crate::mail::inbound::Inbound;
use crate::mail::outbound::{MailKind, Outgoing};
use crate::mail::subject;
use crate::mail::transport::Transport;
use crate::session::{self, Context, GameChange};
use crate::store::games::{Change, Games};
use crate::store::lock::{message_lock_path, Lock};
use crate::store::users::Users;
use crate::store::{atomic, seen, spool, DataDir};

/// What became of one message, for the log.
#[derive(Debug, Default)]
pub struct Report {
  pub sender: String,
  /// The game the message was about, if any.
  pub game: String,
  pub commands: Vec<String>,
  pub outcome: String,
  pub queued: usize,
}

/// The key that identifies a message across redeliveries.
pub fn message_key(raw: &[u8], inbound: &Inbound) -> String {
  let mut hash = Sha256::new();
  match &inbound.message_id {
    Some(id) => hash.update(format!("id:{id}")),
    None => hash.update(raw),
  }
  hash.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Handles one raw message: spools it, carries it out, sends the mail.
pub fn receive(
  data: &DataDir,
  config: &Config,
  raw: &[u8],
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let inbound = Inbound::parse(raw, &config.judge_address);
  let key = message_key(raw, &inbound);
  let claimed = spool::put(&data.path("spool"), raw, &key)?;
  let result = handle(data, config, raw, &inbound, &key, &claimed.path, now);
  if result.is_err() {
    // Exit 75: the MTA delivers the message again, so the spool must not
    // keep a second copy for the sweep to carry out.
    let _ = atomic::remove(&claimed.path);
  }
  claimed.release();
  result
}

/// Handles a message already in the spool at `path` (from `receive`, or
/// left by a crash and found by `sweep`).
pub fn handle_spooled(
  data: &DataDir,
  config: &Config,
  path: &std::path::Path,
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let raw = spool::read(path)?;
  let inbound = Inbound::parse(&raw, &config.judge_address);
  let key = message_key(&raw, &inbound);
  handle(data, config, &raw, &inbound, &key, path, now)
}

fn handle(
  data: &DataDir,
  config: &Config,
  raw: &[u8],
  inbound: &Inbound,
  key: &str,
  path: &std::path::Path,
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let started = Instant::now();
  let timeout = Duration::from_secs(config.lock_timeout_seconds);
  let transport = delivery::transport(config, data);
  let mut report = apply(data, config, &transport, raw, inbound, key, path, now, timeout)?;
  let sent = delivery::flush(data, &transport, Some(key));
  if let Err(error) = &sent {
    report.outcome = format!("{} (sending failed: {error})", report.outcome);
  }
  tracing::info!(
    sender = %report.sender,
    game = if report.game.is_empty() { "-" } else { report.game.as_str() },
    commands = %report.commands.join(","),
    outcome = %report.outcome,
    mails = report.queued,
    ms = started.elapsed().as_millis() as u64,
    "message handled"
  );
  sent?;
  // Everything went out and the MTA hears "delivered": no redelivery will
  // come, so the record is no longer needed.
  seen::remove(&data.path("seen"), key)?;
  Ok(report)
}

/// Step 2: carry the message out once, queueing its mail.
#[allow(clippy::too_many_arguments)]
fn apply(
  data: &DataDir,
  config: &Config,
  transport: &Transport,
  raw: &[u8],
  inbound: &Inbound,
  key: &str,
  path: &std::path::Path,
  now: DateTime<Utc>,
  timeout: Duration,
) -> Result<Report, DeliveryError> {
  let _lock = Lock::acquire(&message_lock_path(&data.path("lock")), timeout)?;
  let seen_dir = data.path("seen");
  let mut report =
    Report { sender: inbound.reply_address().unwrap_or("(none)").to_string(), ..Report::default() };
  if !path.exists() {
    report.outcome = "already carried out by another judge process".into();
    return Ok(report);
  }
  if seen::contains(&seen_dir, key) {
    report.outcome = "already handled; resending its queued mail".into();
    atomic::remove(path)?;
    return Ok(report);
  }
  let mail = match (&inbound.noise, inbound.reply_address()) {
    (Some(noise), _) => {
      report.outcome = format!("no reply: {noise:?}");
      atomic::remove(path)?;
      return Ok(report);
    }
    (None, None) => {
      report.outcome = "no reply: no sender".into();
      atomic::remove(path)?;
      return Ok(report);
    }
    (None, Some(reply_to)) if raw.len() > config.max_message_bytes => {
      report.outcome = format!("too large ({} bytes)", raw.len());
      vec![too_large(config, inbound, reply_to, raw.len())]
    }
    (None, Some(reply_to)) => {
      let users = Users::new(data, timeout);
      let games = Games::new(data, timeout, delivery::mail_target(transport, data));
      let ctx =
        Context { config, users: &users, games: &games, data_root: data.root(), now, origin: key };
      let outcome = session::run(&ctx, inbound, reply_to)?;
      report.commands = outcome.commands;
      report.game = outcome.game_name.unwrap_or_default();
      if outcome.replayed {
        // Its change and mail were committed before a crash; the game's
        // journal holds the mail, and opening the game wrote it out.
        report.outcome = "already carried out; nothing done again".into();
        atomic::remove(path)?;
        return Ok(report);
      }
      report.outcome = format!("replied, {} errors", outcome.errors);
      if let Some(change) = outcome.game {
        report.queued = commit(&games, change, key, config, transport, now, &outcome.mail)?;
        if report.queued > 0 {
          seen::insert(&seen_dir, key, now)?;
        }
        atomic::remove(path)?;
        return Ok(report);
      }
      outcome.mail
    }
  };
  report.queued = delivery::enqueue(data, config, transport, key, now, &mail)?;
  if report.queued > 0 {
    // Mail is still to be sent: if sending fails, the MTA will deliver
    // this message again, and this record keeps it from being redone.
    seen::insert(&seen_dir, key, now)?;
  }
  atomic::remove(path)?;
  Ok(report)
}

/// Commits a game a message changed, with all the message's mail; returns
/// how many messages wait in the queue.
fn commit(
  games: &Games,
  mut change: GameChange,
  key: &str,
  config: &Config,
  transport: &Transport,
  now: DateTime<Utc>,
  mail: &[Outgoing],
) -> Result<usize, DeliveryError> {
  let rendered = delivery::render(config, key, now, mail);
  let queued = if matches!(transport, Transport::File { .. }) { 0 } else { rendered.len() };
  let history = std::mem::take(&mut change.history);
  let ledger = std::mem::take(&mut change.ledger);
  let change_made = Change { origin: key.to_string(), mail: rendered, history, ledger };
  games.commit(&mut change.stored, change_made)?;
  Ok(queued)
}

fn too_large(config: &Config, inbound: &Inbound, reply_to: &str, size: usize) -> Outgoing {
  let code = &config.judge_code;
  let limit = config.max_message_bytes;
  Outgoing {
    to: reply_to.to_string(),
    subject: subject::reply(code, None, false, &inbound.subject),
    body: format!(
      ":: Judge: {code}\n\n\
       Your message was {size} bytes long, and this judge reads messages of at\n\
       most {limit} bytes, so nothing in it was read or carried out.\n\
       Please send your commands again as plain text, without attachments.\n"
    ),
    in_reply_to: inbound.message_id.clone(),
    references: inbound.message_id.iter().cloned().collect(),
    kind: MailKind::Reply,
  }
}
