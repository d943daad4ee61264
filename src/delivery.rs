//! Getting outgoing mail out safely: every message is rendered (with a
//! Message-ID and Date from the injected clock), written to the queue, and
//! only then handed to the transport; what the transport refuses stays
//! queued for the next attempt.

use chrono::{DateTime, Utc};

use crate::config::{Config, TransportKind};
use crate::mail::outbound::{self, Outgoing, Rendered, Sender};
use crate::mail::transport::{write_outbox, Transport, TransportError};
use crate::store::games::MailTarget;
use crate::store::{queue, DataDir, StoreError};

/// The transport `judge.toml` asks for.
pub fn transport(config: &Config, data: &DataDir) -> Transport {
  let t = &config.transport;
  let optional = |s: &str| (!s.is_empty()).then(|| s.to_string());
  match t.kind {
    TransportKind::File => Transport::File { outbox: data.path("outbox") },
    TransportKind::Sendmail => Transport::Sendmail { command: t.command.clone().into() },
    TransportKind::Smtp => Transport::Smtp {
      host: t.host.clone(),
      port: t.port,
      starttls: t.starttls,
      username: optional(&t.username),
      password: optional(&t.password),
    },
  }
}

/// Renders `mail` and makes it durable on behalf of `origin` (an inbound
/// message key or a sweep job): with the file transport it is written
/// straight into the outbox (that write is the sending, and it cannot be
/// refused); otherwise it goes to the queue for [`flush`]. Returns how
/// many messages are now queued, not yet sent.
pub fn enqueue(
  data: &DataDir,
  config: &Config,
  transport: &Transport,
  origin: &str,
  now: DateTime<Utc>,
  mail: &[Outgoing],
) -> Result<usize, DeliveryError> {
  let mut queued = 0;
  for rendered in render(config, origin, now, mail) {
    match transport {
      Transport::File { outbox } => {
        write_outbox(outbox, &rendered)?;
      }
      _ => {
        queue::push(&data.path("queue"), origin, &rendered)?;
        queued += 1;
      }
    }
  }
  Ok(queued)
}

/// Renders `mail` sent on behalf of `origin`, with Message-IDs made from
/// the clock and the origin, and the bounce address as envelope sender
/// (bounces then reach a person instead of the judge, which drops them).
/// A message whose recipient is not a usable address is dropped with a log
/// line: there is nobody to tell.
pub fn render(
  config: &Config,
  origin: &str,
  now: DateTime<Utc>,
  mail: &[Outgoing],
) -> Vec<Rendered> {
  let tz = config.tz().unwrap_or(crate::zone::UTC);
  let local = now.with_timezone(&tz).fixed_offset();
  let domain = config.judge_address.rsplit_once('@').map(|(_, d)| d).unwrap_or("localhost");
  let sender = Sender {
    address: &config.judge_address,
    name: &config.judge_name,
    envelope_from: Some(config.bounces_to()),
  };
  let short: String = origin.chars().take(16).collect();
  let mut rendered = Vec::with_capacity(mail.len());
  for (n, message) in mail.iter().enumerate() {
    let id = format!("{}.{short}.{n}@{domain}", now.format("%Y%m%d%H%M%S"));
    match outbound::render(message, &sender, local, &id) {
      Ok(done) => rendered.push(done),
      Err(error) => tracing::warn!(to = %message.to, %error, "message dropped"),
    }
  }
  rendered
}

/// Where a game change's mail goes for this transport.
pub fn mail_target(transport: &Transport, data: &DataDir) -> MailTarget {
  match transport {
    Transport::File { outbox } => MailTarget::Outbox(outbox.clone()),
    _ => MailTarget::Queue(data.path("queue")),
  }
}

/// Why queued mail could not all be sent.
#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
  #[error(transparent)]
  Store(#[from] StoreError),
  #[error(transparent)]
  Transport(#[from] TransportError),
}

/// Sends the queued mail of `origin` (all of it with `None`), oldest first,
/// removing each message the transport takes. Stops at the first refusal.
pub fn flush(
  data: &DataDir,
  transport: &Transport,
  origin: Option<&str>,
) -> Result<usize, DeliveryError> {
  let mut sent = 0;
  for path in queue::list(&data.path("queue"), origin)? {
    let message = match queue::read(&path) {
      Ok(message) => message,
      Err(StoreError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
        continue; // another process sent it meanwhile
      }
      Err(StoreError::Damaged { path, message }) => {
        // Set aside (no longer *.json), so one bad file cannot hold up the rest.
        tracing::error!(path = %path.display(), %message, "damaged queued mail set aside");
        let _ = std::fs::rename(&path, path.with_extension("damaged"));
        continue;
      }
      Err(error) => return Err(error.into()),
    };
    transport.send(&message)?;
    queue::remove(&path)?;
    sent += 1;
  }
  Ok(sent)
}
