//! Handing rendered messages to the world: the `file` transport (an `.eml`
//! per message in `DIR/outbox/`), a sendmail-compatible command, or SMTP
//! (plain or STARTTLS).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use atomic_write_file::AtomicWriteFile;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{Address, SendmailTransport, SmtpTransport, Transport as _};

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

/// Long enough for a slow relay, short enough that `receive` gives up
/// (and the MTA retries) well before a pipe or cron time limit.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

impl Transport {
  /// Sends one message.
  pub fn send(&self, mail: &Rendered) -> Result<(), TransportError> {
    match self {
      Transport::File { outbox } => write_outbox(outbox, mail).map(|_| ()),
      Transport::Sendmail { command } => {
        let error =
          |message: String| TransportError::Sendmail { command: command.clone(), message };
        let envelope = envelope(mail).map_err(error)?;
        SendmailTransport::new_with_command(command.as_os_str())
          .send_raw(&envelope, mail.bytes.as_bytes())
          .map_err(|e| error(describe(&e)))
      }
      Transport::Smtp { host, port, starttls, username, password } => {
        let error =
          |message: String| TransportError::Smtp { host: host.clone(), port: *port, message };
        let envelope = envelope(mail).map_err(error)?;
        let mut builder =
          SmtpTransport::builder_dangerous(host.as_str()).port(*port).timeout(Some(SMTP_TIMEOUT));
        if *starttls {
          let tls = TlsParameters::new(host.clone()).map_err(|e| error(describe(&e)))?;
          builder = builder.tls(Tls::Required(tls));
        }
        if let (Some(user), Some(password)) = (username, password) {
          builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        // lettre always ends DATA with CRLF "." CRLF; a message that already
        // ends in CRLF would arrive with an extra empty line.
        let bytes = mail.bytes.strip_suffix("\r\n").unwrap_or(&mail.bytes);
        builder
          .build()
          .send_raw(&envelope, bytes.as_bytes())
          .map(|_| ())
          .map_err(|e| error(describe(&e)))
      }
    }
  }
}

/// Writes `mail` into `outbox` as a new `.eml` file and returns its path.
/// Names sort in the order messages were written (system clock in
/// nanoseconds, kept strictly increasing within the process) and never
/// collide (the process id and a counter follow the time); the write is
/// atomic, so a reader never sees half a message.
pub fn write_outbox(outbox: &Path, mail: &Rendered) -> Result<PathBuf, TransportError> {
  let io_error = |source| TransportError::File { path: outbox.to_path_buf(), source };
  crate::fault::point("write").map_err(io_error)?;
  std::fs::create_dir_all(outbox).map_err(io_error)?;
  let path = outbox.join(outbox_name(&mail.message_id));
  let mut file = AtomicWriteFile::open(&path).map_err(io_error)?;
  file.write_all(mail.bytes.as_bytes()).map_err(io_error)?;
  file.commit().map_err(io_error)?;
  Ok(path)
}

/// `{nanos:020}-{pid:010}-{counter:06}-{id}.eml`.
fn outbox_name(message_id: &str) -> String {
  static LAST_NANOS: Mutex<u128> = Mutex::new(0);
  static COUNTER: AtomicU64 = AtomicU64::new(0);
  let clock = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
  let nanos = match LAST_NANOS.lock() {
    Ok(mut last) => {
      *last = clock.max(*last + 1);
      *last
    }
    Err(_) => clock,
  };
  let counter = COUNTER.fetch_add(1, Ordering::Relaxed);
  format!(
    "{nanos:020}-{pid:010}-{counter:06}-{}.eml",
    safe_id(message_id),
    pid = std::process::id()
  )
}

/// The outbox file name of message `n` of a change made at `stamp` (a
/// [`crate::store::spool::unique_stamp`]): fixed by its arguments, so that
/// writing the change's mail again after a crash finds the file there.
pub fn outbox_file_name(stamp: &str, n: usize, message_id: &str) -> String {
  format!("{stamp}-{n:04}-{}.eml", safe_id(message_id))
}

/// A message id as a file-name part: safe characters only, at most 80.
fn safe_id(message_id: &str) -> String {
  message_id
    .chars()
    .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '@') { c } else { '_' })
    .take(80)
    .collect()
}

fn envelope(mail: &Rendered) -> Result<Envelope, String> {
  let address =
    |text: &str| text.trim().parse::<Address>().map_err(|e| format!("bad address '{text}': {e}"));
  Envelope::new(Some(address(&mail.from)?), vec![address(&mail.to)?]).map_err(|e| e.to_string())
}

/// lettre's error with its causes, which hold the useful part (the
/// server's reply, the command's stderr, "connection refused").
fn describe(error: &dyn std::error::Error) -> String {
  let mut text = error.to_string();
  let mut source = error.source();
  while let Some(cause) = source {
    let cause_text = cause.to_string();
    if !text.contains(&cause_text) {
      text.push_str(": ");
      text.push_str(&cause_text);
    }
    source = cause.source();
  }
  text.trim().to_string()
}
