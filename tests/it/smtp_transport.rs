//! The network transports against real programs: an SMTP server on
//! loopback (the std-only sink in `tests/it/support/smtp_sink.rs`, so the
//! tests need nothing installed) and fake sendmail scripts.

use crate::smtp_sink;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::DateTime;
use judge::mail::outbound::{render, MailKind, Outgoing, Rendered, Sender};
use judge::mail::transport::{Transport, TransportError};
use mail_parser::MessageParser;
use pretty_assertions::assert_eq;
use smtp_sink::{Options, SmtpSink};

/// Held while a test writes an executable or spawns a process, so that no
/// child is forked while a script is still open for writing (which makes
/// running the script fail with "Text file busy").
static SPAWN: Mutex<()> = Mutex::new(());

fn spawn_lock() -> std::sync::MutexGuard<'static, ()> {
  SPAWN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn message(to: &str, subject: &str, body: &str, id: &str) -> Rendered {
  let sender =
    Sender { address: "judge@example.net", name: "Diplomacy Judge", envelope_from: None };
  let now = DateTime::parse_from_rfc3339("2026-03-02T23:30:00Z").expect("a valid test time");
  let mail = Outgoing {
    to: to.into(),
    subject: subject.into(),
    body: body.into(),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Reply,
    attachments: Vec::new(),
  };
  render(&mail, &sender, now, id).expect("renders")
}

/// A port nobody listens on right now.
fn free_port() -> u16 {
  let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
  listener.local_addr().expect("a local address").port()
}

/// The judge's SMTP transport pointed at `sink`.
fn transport(sink: &SmtpSink, starttls: bool) -> Transport {
  Transport::Smtp {
    host: "127.0.0.1".into(),
    port: sink.port(),
    starttls,
    username: None,
    password: None,
  }
}

#[test]
fn smtp_delivers_messages_to_a_real_server() {
  let sink = SmtpSink::start();
  let transport = transport(&sink, false);
  let first = message("alice@example.org", "XXXX:dt - S1901M Results", "Müller — 東京\n", "1@x");
  let long_line = "z".repeat(1500);
  let second =
    message("bob@example.org", "Re: XXXX orders", &format!(".leading dot\n{long_line}\n"), "2@x");
  transport.send(&first).expect("the sink takes the first message");
  transport.send(&second).expect("the sink takes the second message");

  let received = sink.received();
  assert_eq!(received.len(), 2, "{received:?}");
  let expected = [
    (&first, "alice@example.org", "XXXX:dt - S1901M Results", "Müller — 東京\n".to_string()),
    (&second, "bob@example.org", "Re: XXXX orders", format!(".leading dot\n{long_line}\n")),
  ];
  for (got, (sent, to, subject, body)) in received.iter().zip(expected) {
    let raw = &got.data;
    // Byte for byte what was rendered: dot-stuffing undone, no line added.
    assert_eq!(String::from_utf8_lossy(raw), sent.bytes);
    let parsed = MessageParser::default().parse(raw).expect("parses");
    assert_eq!(parsed.to().and_then(|a| a.first()).and_then(|a| a.address()), Some(to));
    assert_eq!(parsed.subject(), Some(subject));
    let inbound = judge::mail::inbound::Inbound::parse(raw, "other@example.net");
    assert_eq!(inbound.body, body);
    // The envelope: the recipient alone, and the judge as the sender.
    assert_eq!(got.rcpt_tos, vec![to.to_string()]);
    assert_eq!(got.mail_from, "judge@example.net");
  }
}

#[test]
fn smtp_starttls_required_fails_against_a_plain_server() {
  let sink = SmtpSink::start();
  let result = transport(&sink, true).send(&message("a@example.org", "x", "y\n", "3@x"));
  assert!(matches!(result, Err(TransportError::Smtp { .. })), "{result:?}");
  assert!(sink.received().is_empty());
}

#[test]
fn smtp_starttls_required_fails_when_the_server_refuses_tls() {
  // The server offers STARTTLS but will not start it: nothing may go out
  // in clear.
  let sink = SmtpSink::with(Options { starttls: true });
  let result = transport(&sink, true).send(&message("a@example.org", "x", "y\n", "8@x"));
  match result {
    Err(TransportError::Smtp { message, .. }) => assert!(message.contains("454"), "{message}"),
    other => panic!("expected an SMTP error, got {other:?}"),
  }
  assert!(sink.received().is_empty());
}

#[test]
fn smtp_to_a_closed_port_is_an_error() {
  let port = free_port();
  let transport = Transport::Smtp {
    host: "127.0.0.1".into(),
    port,
    starttls: false,
    username: None,
    password: None,
  };
  let result = transport.send(&message("a@example.org", "x", "y\n", "4@x"));
  match result {
    Err(TransportError::Smtp { host, port: p, message }) => {
      assert_eq!((host.as_str(), p), ("127.0.0.1", port));
      assert!(!message.is_empty());
    }
    other => panic!("expected an SMTP error, got {other:?}"),
  }
}

/// Writes an executable shell script; see [`SPAWN`].
fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
  use std::os::unix::fs::PermissionsExt;
  let path = dir.join(name);
  let _lock = spawn_lock();
  std::fs::write(&path, text).expect("script written");
  std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
  path
}

#[test]
fn sendmail_gets_the_envelope_as_arguments_and_the_message_on_stdin() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let out = dir.path().display().to_string();
  let command = script(
    dir.path(),
    "fake-sendmail",
    &format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{out}/argv'\ncat > '{out}/stdin'\n"),
  );
  let mail = message("player@example.org", "Re: XXXX orders", "A PAR-BUR\n", "5@x");
  Transport::Sendmail { command }.send(&mail).expect("the fake sendmail succeeds");
  let argv = std::fs::read_to_string(dir.path().join("argv")).expect("argv saved");
  assert_eq!(
    argv.lines().collect::<Vec<_>>(),
    vec!["-i", "-f", "judge@example.net", "--", "player@example.org"]
  );
  let stdin = std::fs::read_to_string(dir.path().join("stdin")).expect("stdin saved");
  assert_eq!(stdin, mail.bytes);
}

#[test]
fn sendmail_failure_is_an_error() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let command = script(
    dir.path(),
    "failing-sendmail",
    "#!/bin/sh\ncat > /dev/null\necho 'sendmail: queue file write error' >&2\nexit 1\n",
  );
  let mail = message("player@example.org", "x", "y\n", "6@x");
  match (Transport::Sendmail { command: command.clone() }).send(&mail) {
    Err(TransportError::Sendmail { command: c, message }) => {
      assert_eq!(c, command);
      assert!(message.contains("queue file write error"), "{message}");
    }
    other => panic!("expected a sendmail error, got {other:?}"),
  }
}

#[test]
fn missing_sendmail_command_is_an_error() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let command = dir.path().join("no-such-sendmail");
  let result = Transport::Sendmail { command }.send(&message("p@example.org", "x", "y\n", "7@x"));
  assert!(matches!(result, Err(TransportError::Sendmail { .. })), "{result:?}");
}
