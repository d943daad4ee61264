//! Random and mutated mail through `receive`, in process, on one scratch
//! data directory whose state builds up (users registered, a game created,
//! signed on, ordered, pressed, ejected…) and is made anew every few
//! hundred messages. Whatever arrives, the judge must not panic, must
//! either handle the message or fail for a passing reason (exit 0 or 75),
//! must send only well-formed mail with no header a sender slipped in, and
//! must leave a data directory that still loads.
//!
//! Seeded, so a failure is repeatable: `JUDGE_FUZZ_SEED` and
//! `JUDGE_FUZZ_CASES` change the seed and the number of messages (of each
//! of the two runs), and a failure prints the message that caused it. The
//! messages are sent as two runs of their own, each with its seed and its
//! data directory, so the test threads share the work.

use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use judge::command::KEYWORDS;
use judge::config::Config;
use judge::receive::receive;
use judge::store::games::{Games, MailTarget};
use judge::store::users::Users;
use judge::store::DataDir;
use judge::sweep;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Messages in all: enough to reach every command and many states, few
/// enough to take seconds in a debug build; half go to each run.
const CASES: usize = 2000;
/// The runs, each a test of its own with its own seed.
const RUNS: usize = 2;
/// Messages handled on one data directory before it is made anew.
const EPOCH: usize = 300;
/// How often (in messages) every game and user is loaded back.
const LOAD_EVERY: usize = 50;

const MASTER: &str = "master@players.test";
const GAME: &str = "fuzz";
const POWERS: [(&str, char); 7] = [
  ("austria", 'A'),
  ("england", 'E'),
  ("france", 'F'),
  ("germany", 'G'),
  ("italy", 'I'),
  ("russia", 'R'),
  ("turkey", 'T'),
];

/// A judge whose phases process as soon as the orders are in, so random
/// orders move the game on, and whose sweep does not take the test's jumps
/// in time for an outage (which would put every deadline off).
const CONFIG: &str =
  "[move]\nmin = 0.0\ndelay = 0.0\n[retreat]\ndelay = 0.0\n[adjust]\ndelay = 0.0\n\
                      [outage]\nafter_hours = 100000.0\n";

/// Opening orders of each power, so that a Spring 1901 can be completed
/// and processed.
const OPENINGS: [&str; 7] = [
  "A Vie - Gal\nA Bud - Ser\nF Tri - Alb\n",
  "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\n",
  "F Bre - Mid\nA Par - Bur\nA Mar S A Par - Bur\n",
  "F Kie - Den\nA Ber - Kie\nA Mun - Bur\n",
  "F Nap - Ion\nA Rom - Apu\nA Ven H\n",
  "A Mos - Ukr\nF Sev - Bla\nF Stp/sc - Bot\nA War - Gal\n",
  "F Ank - Bla\nA Con - Bul\nA Smy - Arm\n",
];

/// A Master ejecting his own address: it once panicked in `src/session/`.
const SELF_EJECT: &str = "EJECT master@players.test";

/// Messages that panic in code this test does not own, each marked by a
/// line of it and with why; they are still sent, and only their panic is
/// tolerated. Remove an entry once it is fixed. (Empty: the panic of
/// [`SELF_EJECT`] is fixed.)
const KNOWN_PANICS: &[(&str, &str)] = &[];

fn player(power: &str) -> String {
  format!("{power}@players.test")
}

fn password(power: &str) -> String {
  format!("pw{power}")
}

// ------------------------------------------------------------ the driver

/// One scratch data directory and what the test knows of it.
struct Scratch {
  _dir: tempfile::TempDir,
  data: DataDir,
  config: Config,
}

impl Scratch {
  fn new() -> Scratch {
    // In memory where there is a tmpfs: the judge syncs every change, and
    // on a disk the syncs, not the judge, would take most of the time.
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() { tempfile::tempdir_in(shm) } else { tempfile::tempdir() };
    let dir = dir.unwrap();
    let data = DataDir::new(dir.path().join("data"));
    std::fs::create_dir_all(data.root()).unwrap();
    std::fs::write(data.config_path(), CONFIG).unwrap();
    data.ensure().unwrap();
    let config = data.config().unwrap();
    Scratch { _dir: dir, data, config }
  }
}

/// What went wrong with one message.
#[derive(Debug)]
struct Failure {
  case: usize,
  what: String,
  raw: Vec<u8>,
}

struct Run {
  rng: StdRng,
  scratch: Scratch,
  now: DateTime<Utc>,
  serial: u64,
  failures: Vec<Failure>,
  known_panics: BTreeSet<&'static str>,
  temporary: usize,
  /// Mail checked, and how much of it was turn results: a sign that the
  /// run reached games in play.
  mail: usize,
  results: usize,
}

impl Run {
  fn new(seed: u64) -> Run {
    Run {
      rng: StdRng::seed_from_u64(seed),
      scratch: Scratch::new(),
      now: Utc.with_ymd_and_hms(2026, 3, 2, 23, 30, 0).single().unwrap(),
      serial: 0,
      failures: Vec::new(),
      known_panics: BTreeSet::new(),
      temporary: 0,
      mail: 0,
      results: 0,
    }
  }

  /// A fresh data directory with a game being played in it.
  fn reset(&mut self) {
    self.scratch = Scratch::new();
    let mut setup = vec![registration(MASTER)];
    setup.extend(POWERS.iter().map(|(p, _)| registration(&player(p))));
    // NMR: at the deadline missing orders hold, so the game moves on.
    setup.push((MASTER.into(), format!("CREATE ?{GAME} masterpw\nBECOME MASTER\nSET NMR\n")));
    for (power, letter) in POWERS {
      let body = format!("SIGN ON ?{GAME} {}\nSET PREFERENCE {letter}\n", password(power));
      setup.push((player(power), body));
    }
    for (from, body) in setup {
      let raw = self.plain(&from, "setup", &body);
      self.deliver(usize::MAX, raw);
    }
  }

  fn plain(&mut self, from: &str, subject: &str, body: &str) -> Vec<u8> {
    self.serial += 1;
    format!(
      "From: {from}\r\nTo: judge@localhost\r\nSubject: {subject}\r\n\
       Message-ID: <fuzz-{}@players.test>\r\nDate: Mon, 02 Mar 2026 23:00:00 +0000\r\n\
       Content-Type: text/plain; charset=utf-8\r\n\r\n{body}",
      self.serial
    )
    .into_bytes()
  }

  /// Hands one message to the judge and checks what came of it.
  fn deliver(&mut self, case: usize, raw: Vec<u8>) {
    let scratch = &self.scratch;
    let now = self.now;
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
      receive(&scratch.data, &scratch.config, &raw, now).map(|_| ())
    }));
    self.judge(case, raw, outcome);
  }

  /// Runs the cron job, as time has moved on: deadlines pass, late notices
  /// go out, phases are processed.
  fn sweep(&mut self, case: usize) {
    let scratch = &self.scratch;
    let now = self.now;
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
      sweep::sweep(&scratch.data, &scratch.config, now).map(|_| ())
    }));
    self.judge(case, format!("(the sweep at {now})").into_bytes(), outcome);
  }

  /// Checks the outcome of a receive or a sweep, and the mail it sent.
  fn judge(
    &mut self,
    case: usize,
    raw: Vec<u8>,
    outcome: std::thread::Result<Result<(), judge::delivery::DeliveryError>>,
  ) {
    match outcome {
      Ok(Ok(())) => {}
      // Exit 75: the MTA tries again later. Fine now and then, but the
      // data directory must still be whole (checked below).
      Ok(Err(error)) => {
        self.temporary += 1;
        let text = error.to_string();
        if text.contains("damaged") {
          self.fail(case, format!("the judge found its own data damaged: {text}"), &raw);
        }
      }
      Err(payload) => {
        let message = payload
          .downcast_ref::<String>()
          .cloned()
          .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
          .unwrap_or_default();
        let text = String::from_utf8_lossy(&raw);
        match KNOWN_PANICS.iter().find(|(marker, _)| text.contains(marker)) {
          Some((marker, _)) => {
            self.known_panics.insert(marker);
          }
          None => self.fail(case, format!("panicked: {message}"), &raw),
        }
        // A panic may leave a change half made: start again.
        self.reset();
        return;
      }
    }
    self.check_outbox(case, &raw);
  }

  fn fail(&mut self, case: usize, what: String, raw: &[u8]) {
    self.failures.push(Failure { case, what, raw: raw.to_vec() });
  }

  /// Every `.eml` written since the last look must be a well-formed
  /// message; it is then removed, as an MTA would take it.
  fn check_outbox(&mut self, case: usize, raw: &[u8]) {
    let outbox = self.scratch.data.path("outbox");
    let Ok(entries) = std::fs::read_dir(&outbox) else { return };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "eml"));
    files.sort();
    for file in files {
      let bytes = std::fs::read(&file).unwrap_or_default();
      if let Err(problem) = well_formed(&bytes) {
        let shown = String::from_utf8_lossy(&bytes).chars().take(3000).collect::<String>();
        self.fail(case, format!("{problem} in {}:\n{shown}", file.display()), raw);
      }
      let _ = std::fs::remove_file(&file);
      self.mail += 1;
      let head = bytes.split(|&b| b == b'\n').take(12).flatten().copied().collect::<Vec<u8>>();
      if String::from_utf8_lossy(&head).contains("Results") {
        self.results += 1;
      }
    }
  }

  /// Every game and every user of the data directory loads.
  fn check_loads(&mut self, case: usize, raw: &[u8]) {
    let data = &self.scratch.data;
    let timeout = Duration::from_secs(5);
    let games = Games::new(data, timeout, MailTarget::Outbox(data.path("outbox")));
    let mut problems = Vec::new();
    if let Ok(entries) = std::fs::read_dir(data.path("games")) {
      for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || !entry.path().is_dir() {
          continue;
        }
        match games.load(&name) {
          Ok(Some(_)) => {}
          Ok(None) => problems.push(format!("game {name} is listed but does not load")),
          Err(error) => problems.push(format!("game {name} does not load: {error}")),
        }
      }
    }
    if let Err(error) = Users::new(data, timeout).all() {
      problems.push(format!("the users do not load: {error}"));
    }
    for problem in problems {
      self.fail(case, problem, raw);
    }
  }
}

/// Checks one outgoing message: it parses, has exactly one From, To,
/// Subject, Date and Message-ID, a single recipient, no Bcc or other header
/// a sender slipped in, and no bare CR or LF in its header.
fn well_formed(bytes: &[u8]) -> Result<(), String> {
  let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
    return Err("no blank line after the header".into());
  };
  let head = &bytes[..end + 2];
  for (i, &b) in head.iter().enumerate() {
    let bare_cr = b == b'\r' && head.get(i + 1) != Some(&b'\n');
    let bare_lf = b == b'\n' && (i == 0 || head[i - 1] != b'\r');
    if bare_cr || bare_lf || b == 0 {
      return Err(format!("a bare CR, LF or NUL at byte {i} of the header"));
    }
  }
  let head = String::from_utf8_lossy(head);
  let mut names = Vec::new();
  for line in head.split("\r\n").filter(|l| !l.is_empty()) {
    if line.starts_with([' ', '\t']) {
      continue;
    }
    let Some((name, _)) = line.split_once(':') else {
      return Err(format!("a header line without a name: {line:?}"));
    };
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
      return Err(format!("a malformed header name: {name:?}"));
    }
    names.push(name.to_ascii_lowercase());
  }
  for needed in ["from", "to", "subject", "date", "message-id"] {
    let count = names.iter().filter(|n| *n == needed).count();
    if count != 1 {
      return Err(format!("{count} {needed} headers"));
    }
  }
  for forbidden in ["bcc", "cc", "x-fuzz-injected"] {
    if names.iter().any(|n| n == forbidden) {
      return Err(format!("a {forbidden} header"));
    }
  }
  let Some(message) = mail_parser::MessageParser::default().parse(bytes) else {
    return Err("mail-parser cannot read it".into());
  };
  let recipients = message.to().map(|to| to.iter().count()).unwrap_or(0);
  if recipients != 1 {
    return Err(format!("{recipients} recipients"));
  }
  let to = message.to().and_then(|to| to.first()).and_then(|a| a.address()).unwrap_or_default();
  if !to.contains('@') || to.contains(char::is_whitespace) {
    return Err(format!("the recipient {to:?} is not one address"));
  }
  Ok(())
}

// ------------------------------------------------------------ messages

fn registration(address: &str) -> (String, String) {
  let local = address.split('@').next().unwrap_or("x");
  let body = format!(
    "REGISTER\nName: {local} Tester\nAddress: 1 Test Road\nCountry: Testland\n\
     Email: {address}\nLevel: Novice\nEND\n"
  );
  (address.to_string(), body)
}

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> &'a T {
  &items[rng.random_range(0..items.len())]
}

/// One of `words`, at random.
fn pick_str<'a>(rng: &mut StdRng, words: &[&'a str]) -> &'a str {
  words[rng.random_range(0..words.len())]
}

/// Words for commands' arguments: names, powers, provinces, dates,
/// addresses, numbers, and trouble.
const WORDS: &[&str] = &[
  GAME,
  "?fuzz",
  "?",
  "fuzz2",
  "?fuzz2",
  "standard",
  "Gunboat",
  "Chaos",
  "Secret",
  "pwfrance",
  "masterpw",
  "France",
  "F",
  "M",
  "all",
  "Par",
  "Bur",
  "stp/sc",
  "1",
  "-5",
  "0",
  "99999999999999999999",
  "Mon",
  "Mar",
  "2026",
  "23:30",
  "S1901M",
  "F1901M",
  "Spring 1901 Movement",
  "ann@players.test",
  "master@players.test",
  "judge@localhost",
  "a@b, c@d",
  "<evil@x>",
  "PW",
  "PASSWORD",
  "TO",
  "BEGIN",
  ",",
  ";",
  "*",
  "é",
  "日本",
  "\u{202e}",
  "%s%n",
  "../../etc/passwd",
  "x\tx",
];

/// Orders, good, bad and strange.
const ORDERS: &[&str] = &[
  "A Par - Bur",
  "A Par H",
  "F Bre - Mid",
  "A Mar S A Par - Bur",
  "F Lon - Nth",
  "F Nth C A Lon - Bel",
  "A Vie - Gal",
  "A Mun - Bur",
  "F Stp/sc - Bot",
  "A Lvp - Yor",
  "F Kie - Den",
  "F Ank - Bla",
  "A War - Ukr",
  "A Rom - Apu",
  "F Nap - Ion",
  "A Con - Bul",
  "build A Par",
  "remove F Bre",
  "waive",
  "disband A Par",
  "A Bur R Pic",
  "A Par-Bur-Mun",
  "A Xyz - Abc",
  "F Par - Bur",
  "A Par S F Bre",
  "PHASE F 1901 M",
  "IF NOT French Army Ruhr",
  "ELSE",
  "ENDIF",
  "A Par - Bur - Mun - Kie",
];

/// The first line of a command: a spelling from the command table (so that
/// every command is reached) with random words after it.
fn command_line(rng: &mut StdRng) -> String {
  let row = pick(rng, KEYWORDS);
  let spelling = pick(rng, row.spellings);
  let mut line = spelling.to_string();
  if rng.random_bool(0.2) {
    line = line.to_ascii_lowercase().replace(' ', "");
  }
  for _ in 0..rng.random_range(0..4) {
    line.push(' ');
    line.push_str(pick_str(rng, WORDS));
  }
  line
}

/// A body made of commands, orders, blocks and noise.
fn body(rng: &mut StdRng, from: &str) -> String {
  let mut lines: Vec<String> = Vec::new();
  // Most messages sign on first, so that orders and game commands are read.
  if rng.random_bool(0.1) {
    // A power's complete opening.
    let i = rng.random_range(0..POWERS.len());
    let (power, letter) = POWERS[i];
    lines.push(format!("SIGN ON {letter}{GAME} {}\n{}", password(power), OPENINGS[i]));
  } else if rng.random_bool(0.5) {
    let (power, letter) = *pick(rng, &POWERS);
    lines.push(match rng.random_range(0..8) {
      0 => format!("SIGN ON M{GAME} masterpw"),
      1 => format!("OBSERVE {GAME} pw{power}"),
      2 => format!("SIGN ON {letter} {GAME} {}", password(power)),
      3 => format!("SIGN ON {letter}{GAME} wrongpw"),
      _ => format!("SIGN ON {letter}{GAME} {}", password(power)),
    });
  }
  if rng.random_bool(0.1) {
    lines.insert(0, format!("REPLY-TO: {}", pick(rng, REPLY_TOS)));
  }
  for _ in 0..rng.random_range(0..8) {
    let line = match rng.random_range(0..20) {
      0..=5 => pick(rng, ORDERS).to_string(),
      6..=11 => command_line(rng),
      12 => {
        format!("PRESS TO {}\nhello {from}\nSIGN ON Ffuzz pwfrance\nENDPRESS", pick(rng, WORDS))
      }
      13 => "BROADCAST\nto everyone\nEND PRESS\nENDBROADCAST".into(),
      14 => registration(from).1.trim_end().into(),
      15 => format!("EJECT {}", pick(rng, &["France", "F", MASTER, "france@players.test"])),
      16 => format!("SET {} {}", pick(rng, SETTINGS), pick(rng, WORDS)),
      17 => "x".repeat(rng.random_range(1..20_000)),
      18 => pick(rng, &["-- ", "SIGN OFF", "END", "ENDPRESS", "", " \t "]).to_string(),
      _ => pick(rng, WORDS).to_string(),
    };
    lines.push(line);
  }
  let newline = pick(rng, &["\n", "\r\n", "\r", "\n\n"]);
  lines.join(newline) + newline
}

const REPLY_TOS: &[&str] = &[
  "ann@players.test",
  "a@b\r\nBcc: c@d",
  "a@b, c@d",
  "a@b\nX-Fuzz-Injected: 1",
  "<>",
  "judge@localhost",
  "\"Evil\r\nBcc: x@y\" <e@v.il>",
  "",
];

const SETTINGS: &[&str] = &[
  "WAIT",
  "NOWAIT",
  "PASSWORD",
  "ADDRESS",
  "DEADLINE",
  "GRACE",
  "PRESS",
  "COMMENT",
  "DRAW",
  "PREFERENCE",
  "ABSENCE",
  "NO PRESS",
  "VARIANT",
  "ACCESS",
  "LEVEL",
  "MOVE CLOCK",
  "NMR",
];

const FROMS: &[&str] = &[
  MASTER,
  "austria@players.test",
  "england@players.test",
  "france@players.test",
  "germany@players.test",
  "italy@players.test",
  "russia@players.test",
  "turkey@players.test",
  "stranger@elsewhere.test",
  "\"Ann, the Great\" <ann@players.test>",
  "=?utf-8?b?w4lyaWM=?= <eric@players.test>",
  "<>",
  "MAILER-DAEMON@players.test",
  "judge@localhost",
  "a@b, c@d",
  "not an address",
  "x@y\r\nBcc: evil@x",
  "",
];

const SUBJECTS: &[&str] = &[
  "orders",
  "Re: Re: XXXX:fuzz - S1901M orders",
  "x\r\nBcc: evil@x",
  "x\r\n X-Fuzz-Injected: folded",
  "=?utf-8?q?a=0D=0ABcc:_evil@x?=",
  "=?utf-8?b?c2lnbm9uIEZmdXp6IHB3ZnJhbmNl?=",
  "signon Ffuzz pwfrance",
  "",
  "日本語の件名",
];

const CHARSETS: &[&str] =
  &["utf-8", "iso-8859-1", "windows-1252", "shift_jis", "x-unknown", "utf-16", ""];

/// A whole message: random header lines, an encoding, maybe MIME parts.
fn message(rng: &mut StdRng, serial: u64) -> Vec<u8> {
  let from = pick(rng, FROMS).to_string();
  let address = from.rsplit('<').next().unwrap_or(&from).trim_end_matches('>').to_string();
  let text = body(rng, &address);
  let mut head = String::new();
  if rng.random_bool(0.05) {
    head.push_str("From MAILER-DAEMON Mon Mar  2 23:00:00 2026\r\n");
  }
  if rng.random_bool(0.95) {
    head.push_str(&format!("From: {from}\r\n"));
  }
  head.push_str("To: judge@localhost\r\n");
  head.push_str(&format!("Subject: {}\r\n", pick(rng, SUBJECTS)));
  // Now and then a Message-ID seen before: a redelivery.
  let id = if rng.random_bool(0.05) { serial / 2 } else { serial };
  if rng.random_bool(0.9) {
    head.push_str(&format!("Message-ID: <fuzz-random-{id}@players.test>\r\n"));
  }
  head.push_str("Date: Mon, 02 Mar 2026 23:00:00 +0000\r\n");
  for _ in 0..rng.random_range(0..3) {
    head.push_str(pick_str(
      rng,
      &[
        "Reply-To: a@b\r\n",
        "Reply-To: a@b, c@d\r\n",
        "Reply-To: x@y\r\nBcc: evil@x\r\n",
        "Auto-Submitted: auto-replied\r\n",
        "Auto-Submitted: no\r\n",
        "Precedence: bulk\r\n",
        "Return-Path: <>\r\n",
        "X-Fuzz: \u{0}\r\n",
        "Subject: a second subject\r\n",
        "Content-Transfer-Encoding: 8bit\r\n",
      ],
    ));
  }
  head.push_str("MIME-Version: 1.0\r\n");
  let charset = *pick(rng, CHARSETS);
  let ctype = if charset.is_empty() {
    "text/plain".to_string()
  } else {
    format!("text/plain; charset={charset}")
  };
  let mut raw = match rng.random_range(0..6) {
    0 => format!("{head}Content-Type: {ctype}\r\nContent-Transfer-Encoding: base64\r\n\r\n{}", base64(text.as_bytes())),
    1 => format!(
      "{head}Content-Type: {ctype}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n{}",
      quoted_printable(text.as_bytes())
    ),
    2 => format!(
      "{head}Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\npreamble\r\n--b1\r\n\
       Content-Type: {ctype}\r\n\r\n{text}\r\n--b1\r\nContent-Type: text/html\r\n\r\n\
       <p>SIGN ON Ffuzz pwfrance</p><p>{text}</p>\r\n--b1--\r\n"
    ),
    3 => format!(
      "{head}Content-Type: text/html; charset=utf-8\r\n\r\n<html><body><pre>{text}</pre>\
       <script>x</script></body></html>"
    ),
    4 => format!(
      "{head}Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n--m\r\nContent-Type: {ctype}\r\n\r\n\
       {text}\r\n--m\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n\
       AAECAwQ=\r\n--m"
    ),
    _ => format!("{head}Content-Type: {ctype}\r\n\r\n{text}"),
  }
  .into_bytes();
  if charset != "utf-8" && rng.random_bool(0.5) {
    // Bytes that are not UTF-8, as a Latin-1 or Shift-JIS mailer sends.
    raw.extend_from_slice(b"\r\nA Par - Bur \xe9\xff\x82\xa0\r\n");
  }
  raw
}

/// Byte-level damage: inserted CR, LF, NUL and high bytes, deleted or
/// repeated runs, a cut, or a very long line.
fn mutate(rng: &mut StdRng, raw: &mut Vec<u8>) {
  for _ in 0..rng.random_range(1..6) {
    if raw.is_empty() {
      raw.push(b'x');
    }
    let at = rng.random_range(0..raw.len());
    match rng.random_range(0..7) {
      0 => raw.insert(at, *pick(rng, &[b'\r', b'\n', 0, 0xff, 0x80, b':', b' ', b'='])),
      1 => {
        let end = (at + rng.random_range(1..64)).min(raw.len());
        raw.drain(at..end);
      }
      2 => {
        let end = (at + rng.random_range(1..64)).min(raw.len());
        let run = raw[at..end].to_vec();
        raw.splice(at..at, run);
      }
      3 => raw.truncate(at),
      4 => {
        let long = vec![*pick(rng, &[b'a', b' ', b'=', 0xe9]); rng.random_range(1000..50_000)];
        raw.splice(at..at, long);
      }
      5 => raw[at] = rng.random::<u8>(),
      _ => {
        const INJECTED: &[&[u8]] =
          &[b"\r\nBcc: evil@x\r\n", b"\r\n\r\n", b"\nX-Fuzz-Injected: 1\n"];
        let injected = *pick(rng, INJECTED);
        raw.splice(at..at, injected.iter().copied());
      }
    }
  }
}

fn base64(bytes: &[u8]) -> String {
  const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let mut out = String::new();
  for (i, chunk) in bytes.chunks(3).enumerate() {
    let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
    let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
    for k in 0..4 {
      if k <= chunk.len() {
        out.push(TABLE[(n >> (18 - 6 * k)) as usize & 63] as char);
      } else {
        out.push('=');
      }
    }
    if i % 19 == 18 {
      out.push_str("\r\n");
    }
  }
  out
}

fn quoted_printable(bytes: &[u8]) -> String {
  let mut out = String::new();
  let mut column = 0;
  for &b in bytes {
    let piece = match b {
      b'\n' => {
        out.push_str("\r\n");
        column = 0;
        continue;
      }
      b'\r' => continue,
      b'=' | 0..=31 | 127..=255 => format!("={b:02X}"),
      _ => (b as char).to_string(),
    };
    if column + piece.len() > 72 {
      out.push_str("=\r\n");
      column = 0;
    }
    column += piece.len();
    out.push_str(&piece);
  }
  out
}

/// The real messages in `tests/fixtures/mail/`.
fn fixtures() -> Vec<Vec<u8>> {
  let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail");
  let mut paths: Vec<PathBuf> =
    std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
  paths.sort();
  paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

// ------------------------------------------------------------ the test

#[test]
fn no_message_breaks_the_judge() {
  fuzz(0);
}

/// The second half of the messages, from a seed of its own.
#[test]
fn no_message_of_another_seed_breaks_the_judge() {
  fuzz(1);
}

/// Run number `run` of [`RUNS`]: its seed is the given one (13 by
/// default) plus `run`.
fn fuzz(run: usize) {
  let seed = std::env::var("JUDGE_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(13u64)
    + run as u64;
  let cases =
    std::env::var("JUDGE_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(CASES / RUNS);
  let corpus = fixtures();
  let mut run = Run::new(seed);
  run.reset();
  // A message that once panicked, sent on a game in play.
  let self_eject = run.plain(MASTER, "eject", &format!("SIGN ON M{GAME} masterpw\n{SELF_EJECT}\n"));

  for case in 0..cases {
    if case > 0 && case % EPOCH == 0 {
      run.reset();
    }
    run.serial += 1;
    let serial = run.serial;
    let mut raw = match run.rng.random_range(0..10) {
      0 => pick(&mut run.rng, &corpus).clone(),
      _ => message(&mut run.rng, serial),
    };
    if case == 40 {
      raw = self_eject.clone();
    } else if run.rng.random_bool(0.3) {
      mutate(&mut run.rng, &mut raw);
    }
    // Time moves on, so deadlines pass and late notices go out.
    if run.rng.random_bool(0.05) {
      run.now += chrono::Duration::hours(run.rng.random_range(1..72));
      run.sweep(case);
    }
    run.deliver(case, raw.clone());
    if case % LOAD_EVERY == LOAD_EVERY - 1 || case + 1 == cases {
      run.check_loads(case, &raw);
    }
  }

  eprintln!(
    "{cases} messages (seed {seed}); {} mails checked, {} of them results; {} temporary \
     failures; known panics seen: {:?}",
    run.mail, run.results, run.temporary, run.known_panics
  );
  if let Some(first) = run.failures.first() {
    let shown: String = String::from_utf8_lossy(&first.raw).chars().take(4000).collect();
    panic!(
      "{} failures (seed {seed}); the first, at message {}: {}\nThe message:\n{shown:?}\nAll: {:#?}",
      run.failures.len(),
      first.case,
      first.what,
      run.failures.iter().map(|f| format!("#{}: {}", f.case, f.what)).collect::<Vec<_>>()
    );
  }
}

/// The checks above must see what they look for, or a clean run means
/// nothing.
#[test]
fn the_checks_see_an_injected_header() {
  let good = "Date: Mon, 02 Mar 2026 23:30:00 +0000\r\nFrom: judge@localhost\r\nTo: a@b.test\r\n\
              Subject: Re: XXXX x\r\nMessage-ID: <1@localhost>\r\n\r\nbody\r\n";
  assert_eq!(well_formed(good.as_bytes()), Ok(()));
  let injected = [
    good.replace("Subject: Re: XXXX x\r\n", "Subject: Re: XXXX x\r\nBcc: evil@x\r\n"),
    good.replace("Subject: Re: XXXX x\r\n", "Subject: Re: XXXX x\nX-Fuzz-Injected: 1\r\n"),
    good.replace("To: a@b.test", "To: a@b.test, c@d.test"),
    good.replace("To: a@b.test\r\n", "To: a@b.test\r\nTo: c@d.test\r\n"),
    good.replace("Message-ID: <1@localhost>\r\n", ""),
  ];
  for bad in injected {
    assert!(well_formed(bad.as_bytes()).is_err(), "{bad:?}");
  }
}
