//! The network transports against real programs: an SMTP sink on loopback
//! (aiosmtpd, `tests/support/smtp_sink.py`) and fake sendmail scripts.

use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::DateTime;
use judge::mail::outbound::{render, MailKind, Outgoing, Rendered, Sender};
use judge::mail::transport::{Transport, TransportError};
use mail_parser::MessageParser;
use pretty_assertions::assert_eq;

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
  };
  render(&mail, &sender, now, id).expect("renders")
}

/// A port nobody listens on right now.
fn free_port() -> u16 {
  let listener = TcpListener::bind("127.0.0.1:0").expect("bind an ephemeral port");
  listener.local_addr().expect("a local address").port()
}

/// The SMTP sink, killed when dropped (also when a test fails).
struct SmtpSink {
  child: Child,
  port: u16,
  dir: tempfile::TempDir,
}

/// `$JUDGE_TEST_PYTHON`, `python3` on the PATH, or Debian's own
/// `/usr/bin/python3` (where `python3-aiosmtpd` installs, even when a
/// pyenv or venv python comes first on the PATH): the first that can
/// import aiosmtpd.
fn python_with_aiosmtpd() -> Option<String> {
  let candidates = std::env::var("JUDGE_TEST_PYTHON")
    .ok()
    .into_iter()
    .chain(["python3", "/usr/bin/python3"].map(String::from));
  candidates.into_iter().find(|python| {
    Command::new(python)
      .args(["-c", "import aiosmtpd"])
      .stdout(Stdio::null())
      .stderr(Stdio::null())
      .status()
      .is_ok_and(|status| status.success())
  })
}

impl SmtpSink {
  fn start() -> SmtpSink {
    let python = python_with_aiosmtpd().unwrap_or_else(|| {
      panic!(
        "the SMTP tests need Python's aiosmtpd, which is missing: run \
         `apt-get install -y python3-aiosmtpd` (.ci/run installs it), or point \
         JUDGE_TEST_PYTHON at a python3 that has it"
      )
    });
    let dir = tempfile::tempdir().expect("a temp dir");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_sink.py");
    let port = free_port();
    let child = {
      let _lock = spawn_lock();
      Command::new(&python)
        .arg(&script)
        .arg(dir.path())
        .arg(port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start python3")
    };
    let mut sink = SmtpSink { child, port, dir };
    sink.wait_until_listening();
    sink
  }

  fn wait_until_listening(&mut self) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
      if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
        return;
      }
      if let Ok(Some(status)) = self.child.try_wait() {
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
          let _ = pipe.read_to_string(&mut stderr);
        }
        panic!("the SMTP sink exited ({status}) before listening:\n{stderr}");
      }
      assert!(Instant::now() < deadline, "the SMTP sink did not listen on {} in 20 s", self.port);
      std::thread::sleep(Duration::from_millis(50));
    }
  }

  fn transport(&self, starttls: bool) -> Transport {
    Transport::Smtp {
      host: "127.0.0.1".into(),
      port: self.port,
      starttls,
      username: None,
      password: None,
    }
  }

  /// The `.eml` files received so far, in arrival order.
  fn received(&self) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
      .expect("the sink's directory")
      .map(|e| e.expect("a directory entry").path())
      .filter(|p| p.extension().is_some_and(|e| e == "eml"))
      .collect();
    files.sort();
    files
  }
}

impl Drop for SmtpSink {
  fn drop(&mut self) {
    let _ = self.child.kill();
    let _ = self.child.wait();
  }
}

#[test]
fn smtp_delivers_messages_to_a_real_server() {
  let sink = SmtpSink::start();
  let transport = sink.transport(false);
  let first = message("alice@example.org", "XXXX:dt - S1901M Results", "Müller — 東京\n", "1@x");
  let long_line = "z".repeat(1500);
  let second =
    message("bob@example.org", "Re: XXXX orders", &format!(".leading dot\n{long_line}\n"), "2@x");
  transport.send(&first).expect("the sink takes the first message");
  transport.send(&second).expect("the sink takes the second message");

  let files = sink.received();
  assert_eq!(files.len(), 2, "{files:?}");
  let expected = [
    (&first, "alice@example.org", "XXXX:dt - S1901M Results", "Müller — 東京\n".to_string()),
    (&second, "bob@example.org", "Re: XXXX orders", format!(".leading dot\n{long_line}\n")),
  ];
  for (path, (sent, to, subject, body)) in files.iter().zip(expected) {
    let raw = std::fs::read(path).expect("readable");
    // Byte for byte what was rendered: dot-stuffing undone, no line added.
    assert_eq!(String::from_utf8_lossy(&raw), sent.bytes);
    let parsed = MessageParser::default().parse(&raw).expect("parses");
    assert_eq!(parsed.to().and_then(|a| a.first()).and_then(|a| a.address()), Some(to));
    assert_eq!(parsed.subject(), Some(subject));
    let inbound = judge::mail::inbound::Inbound::parse(&raw, "other@example.net");
    assert_eq!(inbound.body, body);
    let envelope = std::fs::read_to_string(path.with_extension("json")).expect("an envelope");
    assert!(envelope.contains(&format!("\"rcpt_tos\": [\"{to}\"]")), "{envelope}");
    assert!(envelope.contains("\"mail_from\": \"judge@example.net\""), "{envelope}");
  }
}

#[test]
fn smtp_starttls_required_fails_against_a_plain_server() {
  let sink = SmtpSink::start();
  let result = sink.transport(true).send(&message("a@example.org", "x", "y\n", "3@x"));
  assert!(matches!(result, Err(TransportError::Smtp { .. })), "{result:?}");
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
