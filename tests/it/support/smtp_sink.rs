//! An SMTP sink for the transport tests, in std Rust so that `cargo test`
//! needs nothing but the toolchain: a server on 127.0.0.1 (an ephemeral
//! port) in a thread, speaking enough of RFC 5321 for lettre's client
//! (greeting, EHLO/HELO, MAIL FROM, RCPT TO, DATA with dot-unstuffing,
//! RSET, NOOP, QUIT) and recording each message it accepts.
//!
//! It never hangs a test: every read has a timeout, lines, messages,
//! commands and connections are bounded, and dropping the sink stops it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long the sink waits for a client's next line before hanging up.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest command or message line taken (RFC 5321 allows 1000; the
/// tests send longer message lines on purpose, so this is generous).
const MAX_LINE: usize = 64 * 1024;
/// The largest message taken (advertised as SIZE).
const MAX_MESSAGE: usize = 8 * 1024 * 1024;
/// Commands one connection may send before it is cut off.
const MAX_COMMANDS: usize = 200;
/// Connections the sink serves in its lifetime.
const MAX_CONNECTIONS: usize = 64;
/// How often the accept loop looks whether it should stop.
const POLL: Duration = Duration::from_millis(10);

/// What the server says it can do in its EHLO answer.
#[derive(Clone, Copy, Debug)]
pub struct Options {
  /// Advertise STARTTLS (the sink has no TLS: it answers STARTTLS with
  /// 454, so a client that requires TLS still fails, later).
  pub starttls: bool,
}

impl Default for Options {
  /// A plain server like a local relay: 8BITMIME and SMTPUTF8, no STARTTLS.
  fn default() -> Self {
    Options { starttls: false }
  }
}

/// One message the sink accepted: its envelope and the DATA bytes with
/// dot-stuffing undone and the terminating `.` line removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
  pub mail_from: String,
  pub rcpt_tos: Vec<String>,
  pub data: Vec<u8>,
}

/// A running sink; stopped when dropped (also when a test fails).
pub struct SmtpSink {
  port: u16,
  received: Arc<Mutex<Vec<Received>>>,
  stop: Arc<AtomicBool>,
  thread: Option<JoinHandle<()>>,
}

impl SmtpSink {
  /// Starts a sink with the default EHLO answer.
  pub fn start() -> SmtpSink {
    SmtpSink::with(Options::default())
  }

  /// Starts a sink listening on an ephemeral loopback port.
  pub fn with(options: Options) -> SmtpSink {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    let port = listener.local_addr().expect("a local address").port();
    listener.set_nonblocking(true).expect("a non-blocking listener");
    let received = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let thread = {
      let (received, stop) = (Arc::clone(&received), Arc::clone(&stop));
      std::thread::spawn(move || serve(listener, options, received, stop))
    };
    SmtpSink { port, received, stop, thread: Some(thread) }
  }

  pub fn port(&self) -> u16 {
    self.port
  }

  /// The messages accepted so far, in arrival order. A message is recorded
  /// before its 250 is sent, so a client that was told 250 finds it here.
  pub fn received(&self) -> Vec<Received> {
    self.received.lock().unwrap_or_else(|p| p.into_inner()).clone()
  }
}

impl Drop for SmtpSink {
  fn drop(&mut self) {
    self.stop.store(true, Ordering::SeqCst);
    if let Some(thread) = self.thread.take() {
      let _ = thread.join();
    }
  }
}

/// The accept loop: one thread per connection, joined before it returns.
fn serve(
  listener: TcpListener,
  options: Options,
  received: Arc<Mutex<Vec<Received>>>,
  stop: Arc<AtomicBool>,
) {
  let mut sessions = Vec::new();
  while !stop.load(Ordering::SeqCst) && sessions.len() < MAX_CONNECTIONS {
    match listener.accept() {
      Ok((stream, _)) => {
        let received = Arc::clone(&received);
        let stop = Arc::clone(&stop);
        sessions.push(std::thread::spawn(move || {
          let _ = session(stream, options, &received, &stop);
        }));
      }
      Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => std::thread::sleep(POLL),
      Err(_) => std::thread::sleep(POLL),
    }
  }
  for session in sessions {
    let _ = session.join();
  }
}

/// Where a connection is in the mail transaction.
#[derive(Default)]
struct Transaction {
  greeted: bool,
  mail_from: Option<String>,
  rcpt_tos: Vec<String>,
}

/// One SMTP conversation, until QUIT, a timeout, a cut connection or the
/// sink stopping.
fn session(
  stream: TcpStream,
  options: Options,
  received: &Mutex<Vec<Received>>,
  stop: &AtomicBool,
) -> std::io::Result<()> {
  stream.set_nonblocking(false)?;
  stream.set_read_timeout(Some(READ_TIMEOUT))?;
  stream.set_write_timeout(Some(READ_TIMEOUT))?;
  let mut writer = stream.try_clone()?;
  let mut reader = BufReader::new(stream);
  let mut say = |text: &str| writer.write_all(format!("{text}\r\n").as_bytes());
  say("220 127.0.0.1 judge test sink ESMTP")?;
  let mut state = Transaction::default();
  for _ in 0..MAX_COMMANDS {
    if stop.load(Ordering::SeqCst) {
      break;
    }
    let Some(line) = read_line(&mut reader)? else { break };
    let line = String::from_utf8_lossy(&line);
    let line = line.trim_end_matches(['\r', '\n']);
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    match verb.to_ascii_uppercase().as_str() {
      "EHLO" => {
        state = Transaction { greeted: true, ..Transaction::default() };
        let mut lines = vec![format!("127.0.0.1 greets {rest}"), format!("SIZE {MAX_MESSAGE}")];
        lines.extend(["8BITMIME".to_string(), "SMTPUTF8".to_string()]);
        if options.starttls {
          lines.push("STARTTLS".into());
        }
        lines.push("HELP".into());
        let last = lines.len() - 1;
        for (i, text) in lines.iter().enumerate() {
          say(&format!("250{}{text}", if i == last { ' ' } else { '-' }))?;
        }
      }
      "HELO" => {
        state = Transaction { greeted: true, ..Transaction::default() };
        say("250 127.0.0.1")?;
      }
      "STARTTLS" if options.starttls => say("454 4.7.0 TLS not available in the test sink")?,
      "MAIL" => match path_argument(rest, "FROM:") {
        _ if !state.greeted => say("503 5.5.1 Send EHLO first")?,
        _ if state.mail_from.is_some() => say("503 5.5.1 Nested MAIL command")?,
        Some(from) => {
          state.mail_from = Some(from);
          say("250 2.1.0 OK")?;
        }
        None => say("501 5.5.4 Syntax: MAIL FROM:<address>")?,
      },
      "RCPT" => match path_argument(rest, "TO:") {
        _ if state.mail_from.is_none() => say("503 5.5.1 Need MAIL first")?,
        Some(to) if !to.is_empty() => {
          state.rcpt_tos.push(to);
          say("250 2.1.5 OK")?;
        }
        _ => say("501 5.5.4 Syntax: RCPT TO:<address>")?,
      },
      "DATA" if state.rcpt_tos.is_empty() => say("503 5.5.1 Need RCPT first")?,
      "DATA" => {
        say("354 End data with <CR><LF>.<CR><LF>")?;
        let Some(data) = read_data(&mut reader)? else { break };
        let Some(data) = data else {
          say("552 5.3.4 Message too big")?;
          state = Transaction { greeted: true, ..Transaction::default() };
          continue;
        };
        let message = Received {
          mail_from: state.mail_from.take().unwrap_or_default(),
          rcpt_tos: std::mem::take(&mut state.rcpt_tos),
          data,
        };
        received.lock().unwrap_or_else(|p| p.into_inner()).push(message);
        say("250 2.0.0 OK")?;
      }
      "RSET" => {
        state = Transaction { greeted: state.greeted, ..Transaction::default() };
        say("250 2.0.0 OK")?;
      }
      "NOOP" => say("250 2.0.0 OK")?,
      "QUIT" => {
        say("221 2.0.0 Bye")?;
        break;
      }
      _ => say("502 5.5.2 Command not implemented")?,
    }
  }
  let _ = reader.get_ref().shutdown(Shutdown::Both);
  Ok(())
}

/// The address in `FROM:<a@b> PARAMS` or `TO:<a@b>` (`None` when the
/// keyword or the angle brackets are missing); parameters are ignored.
fn path_argument(rest: &str, keyword: &str) -> Option<String> {
  let head = rest.get(..keyword.len())?;
  if !head.eq_ignore_ascii_case(keyword) {
    return None;
  }
  let path = rest[keyword.len()..].trim_start();
  let inner = path.strip_prefix('<')?;
  let end = inner.find('>')?;
  Some(inner[..end].to_string())
}

/// One line with its CRLF; `None` at the end of the stream. A line longer
/// than [`MAX_LINE`] ends the conversation (an error).
fn read_line(reader: &mut impl BufRead) -> std::io::Result<Option<Vec<u8>>> {
  let mut line = Vec::new();
  let read = reader.take(MAX_LINE as u64 + 1).read_until(b'\n', &mut line)?;
  if read == 0 {
    return Ok(None);
  }
  if line.len() > MAX_LINE {
    return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, "line too long"));
  }
  Ok(Some(line))
}

/// The DATA section up to the `.` line, dot-unstuffed, each line keeping
/// its line ending (so the message ends with the CRLF before the dot).
/// `Ok(None)` when the stream ended first; `Ok(Some(None))` when the
/// message was too big (read to its end and dropped).
fn read_data(reader: &mut impl BufRead) -> std::io::Result<Option<Option<Vec<u8>>>> {
  let mut data = Vec::new();
  let mut too_big = false;
  for _ in 0..=(MAX_MESSAGE / 2 + 1) {
    let Some(line) = read_line(reader)? else { return Ok(None) };
    if line == b".\r\n" || line == b".\n" {
      return Ok(Some(if too_big { None } else { Some(data) }));
    }
    let line = line.strip_prefix(b".").unwrap_or(&line);
    if data.len() + line.len() > MAX_MESSAGE {
      too_big = true;
    } else if !too_big {
      data.extend_from_slice(line);
    }
  }
  Err(std::io::Error::new(std::io::ErrorKind::InvalidData, "too many lines"))
}
