//! A judge in a temporary data directory, driven as the MTA drives it: a
//! message on stdin of the real binary, at a fixed `--now`, and the mail it
//! sent read back from the file transport's outbox (njudge's own tests were
//! transcripts of exactly this shape).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The fixed clock of every test.
pub const NOW: &str = "2026-03-02T23:30:00Z";

/// A judge with its own data directory.
pub struct Judge {
  dir: tempfile::TempDir,
  /// Outbox files already returned by `take_mail`.
  taken: std::sync::Mutex<Vec<PathBuf>>,
  counter: std::sync::atomic::AtomicU32,
}

/// One run of the binary.
#[derive(Debug)]
pub struct Run {
  pub status: i32,
  pub stdout: String,
  pub stderr: String,
}

/// One message the judge sent, as a player's mail program shows it.
#[derive(Clone, Debug)]
pub struct Sent {
  pub to: String,
  pub subject: String,
  pub body: String,
  pub headers: BTreeMap<String, Vec<String>>,
  pub raw: String,
}

impl Sent {
  pub fn header(&self, name: &str) -> Option<&str> {
    self.headers.get(&name.to_lowercase()).and_then(|v| v.first()).map(String::as_str)
  }
}

impl Judge {
  /// A judge whose data directory does not exist yet (receive creates it).
  pub fn new() -> Judge {
    let dir = tempfile::tempdir().expect("a temporary directory");
    Judge { dir, taken: Default::default(), counter: Default::default() }
  }

  /// A judge with `judge.toml` set to `config`.
  pub fn with_config(config: &str) -> Judge {
    let judge = Judge::new();
    std::fs::create_dir_all(judge.data()).expect("data dir");
    std::fs::write(judge.data().join("judge.toml"), config).expect("write judge.toml");
    judge
  }

  /// A judge whose data directory is a copy of this one's (its outbox
  /// already taken), numbering its messages on from this one's so that no
  /// Message-ID is used twice.
  pub fn copy(&self) -> Judge {
    let judge = Judge::new();
    copy_dir(&self.data(), &judge.data());
    let sent = self.counter.load(std::sync::atomic::Ordering::SeqCst);
    judge.counter.store(sent, std::sync::atomic::Ordering::SeqCst);
    judge.take_mail();
    judge
  }

  pub fn data(&self) -> PathBuf {
    self.dir.path().join("data")
  }

  /// Runs `judge <args>` with this data directory and the fixed clock.
  pub fn run(&self, args: &[&str], stdin: &[u8]) -> Run {
    self.run_at(NOW, args, stdin)
  }

  /// Runs `judge <args>` with this data directory and the clock at `now`.
  pub fn run_at(&self, now: &str, args: &[&str], stdin: &[u8]) -> Run {
    self.run_with(now, args, stdin, &[])
  }

  /// Runs `judge <args>` at `now` with extra environment variables (the
  /// fault injection of `judge::fault`).
  pub fn run_with(&self, now: &str, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
      // The time zones the repository carries: no system tzdata needed.
      .env("TZDIR", concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/zoneinfo"))
      .envs(env.iter().copied())
      .arg("--data")
      .arg(self.data())
      .arg("--now")
      .arg(now)
      .args(args)
      .env_remove("JUDGE_NOW")
      .env_remove("JUDGE_DATA")
      // Passwords hashed with the least work (`judge::password`).
      .env(judge::password::CHEAP_FOR_TESTS, "1")
      .stdin(Stdio::piped())
      .stdout(Stdio::piped())
      .stderr(Stdio::piped())
      .spawn()
      .expect("the judge binary starts");
    let mut input = child.stdin.take().expect("stdin");
    // The judge may stop reading early; a broken pipe is not a test failure.
    let _ = input.write_all(stdin);
    drop(input);
    let output = child.wait_with_output().expect("the judge finishes");
    Run {
      status: output.status.code().unwrap_or(-1),
      stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
      stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
  }

  /// `judge receive` of raw bytes.
  pub fn receive(&self, raw: &[u8]) -> Run {
    self.run(&["receive"], raw)
  }

  /// Mails `body` from `from` with `subject`, as a plain text message with a
  /// fresh Message-ID, and checks the judge took it (exit 0).
  pub fn send(&self, from: &str, subject: &str, body: &str) -> Run {
    let run = self.receive(self.message(from, subject, body).as_bytes());
    assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
    run
  }

  /// Mails `body` as [`Judge::send`] does, with the clock at `now`.
  pub fn send_at(&self, now: &str, from: &str, subject: &str, body: &str) -> Run {
    let run = self.run_at(now, &["receive"], self.message(from, subject, body).as_bytes());
    assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
    run
  }

  /// `judge sweep` with the clock at `now`; checks it succeeded.
  pub fn sweep_at(&self, now: &str) -> Run {
    let run = self.run_at(now, &["sweep"], b"");
    assert_eq!(run.status, 0, "sweep failed: {}", run.stderr);
    run
  }

  /// A plain text message with a fresh Message-ID.
  pub fn message(&self, from: &str, subject: &str, body: &str) -> String {
    let n = self.counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
    format!(
      "From: {from}\r\nTo: judge@localhost\r\nSubject: {subject}\r\n\
       Message-ID: <test-{n}@players.test>\r\nDate: Mon, 02 Mar 2026 23:00:00 +0000\r\n\
       MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
  }

  /// The mail sent since the last call, in sending order.
  pub fn take_mail(&self) -> Vec<Sent> {
    let outbox = self.data().join("outbox");
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&outbox) {
      Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.path()).collect(),
      Err(_) => Vec::new(),
    };
    files.retain(|p| p.extension().is_some_and(|e| e == "eml"));
    files.sort();
    let mut taken = self.taken.lock().expect("not poisoned");
    files.retain(|p| !taken.contains(p));
    taken.extend(files.iter().cloned());
    files.iter().map(|p| parse_sent(p)).collect()
  }

  /// The one reply to `to` among `mail`; fails the test unless there is
  /// exactly one message whose subject starts with `Re:`.
  pub fn reply_to(&self, to: &str) -> Sent {
    let mail = self.take_mail();
    let replies: Vec<&Sent> =
      mail.iter().filter(|m| m.to == to && m.subject.starts_with("Re:")).collect();
    assert_eq!(replies.len(), 1, "expected one reply to {to}, got: {mail:#?}");
    replies[0].clone()
  }

  /// Every file under the data directory except the log and the sweep's
  /// stamp, with its bytes: a
  /// snapshot to show that bad input changed nothing.
  pub fn snapshot(&self) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    walk(&self.data(), &self.data(), &mut files);
    files
  }

  pub fn files_in(&self, sub: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(self.data().join(sub))
      .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
      .unwrap_or_default();
    files.sort();
    files
  }
}

fn copy_dir(from: &Path, to: &Path) {
  std::fs::create_dir_all(to).expect("a copy's folder");
  for entry in std::fs::read_dir(from).expect("a folder to copy").filter_map(|e| e.ok()) {
    let target = to.join(entry.file_name());
    if entry.file_type().is_ok_and(|t| t.is_dir()) {
      copy_dir(&entry.path(), &target);
    } else {
      std::fs::copy(entry.path(), &target).expect("a file copied");
    }
  }
}

fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
  let Ok(entries) = std::fs::read_dir(dir) else { return };
  for entry in entries.filter_map(|e| e.ok()) {
    let path = entry.path();
    let relative = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
    // The log, and the sweep's record of when it last ran, are the judge's
    // bookkeeping, not state a user could notice.
    if relative.starts_with("log") || relative == Path::new("last-sweep") {
      continue;
    }
    if path.is_dir() {
      walk(root, &path, files);
    } else {
      files.insert(relative, std::fs::read(&path).unwrap_or_default());
    }
  }
}

/// `to | subject` of each mail: what a failed assertion shows.
pub fn subjects(mail: &[Sent]) -> Vec<String> {
  mail.iter().map(|m| format!("{} | {}", m.to, m.subject)).collect()
}

/// Reads an outbox file the way a mail program would.
pub fn parse_sent(path: &Path) -> Sent {
  let raw = std::fs::read(path).expect("read outbox file");
  let message = mail_parser::MessageParser::default().parse(&raw).expect("a parseable message");
  let to =
    message.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string();
  let mut headers: BTreeMap<String, Vec<String>> = BTreeMap::new();
  let text = String::from_utf8_lossy(&raw).into_owned();
  let head = text.split("\r\n\r\n").next().unwrap_or("").replace("\r\n ", " ");
  for line in head.split("\r\n") {
    if let Some((name, value)) = line.split_once(':') {
      headers.entry(name.trim().to_lowercase()).or_default().push(value.trim().to_string());
    }
  }
  Sent {
    to,
    subject: message.subject().unwrap_or_default().to_string(),
    body: message.body_text(0).map(|b| b.replace("\r\n", "\n")).unwrap_or_default(),
    headers,
    raw: text,
  }
}

/// Whether a message says `phrase`, read as a person reads it: the judge
/// breaks lines longer than 78 characters between words, so a sentence may
/// run over a line end wherever its words fall. Runs of spaces and line
/// ends count as one space on both sides.
pub trait Says {
  fn says(&self, phrase: &str) -> bool;
}

impl Says for str {
  fn says(&self, phrase: &str) -> bool {
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    flat(self).contains(&flat(phrase))
  }
}

impl Says for String {
  fn says(&self, phrase: &str) -> bool {
    self.as_str().says(phrase)
  }
}
