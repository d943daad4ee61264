//! `judge receive`: one message from the MTA, start to finish.
//!
//! 1. The raw message is spooled before anything else.
//! 2. Under the message lock, unless it was carried out before (same key:
//!    the hash of its Message-ID, or of its bytes; see `store::seen`), its
//!    commands are carried out and committed with all their mail: with the
//!    game it changed (`store::games`), or on its own (`store::seen`).
//!    The commit is the point of no return. The message leaves the spool.
//! 3. The mail is sent. Whatever fails after the commit (writing mail
//!    out, sending it) is left to the sweep, and the MTA hears "done": a
//!    message is carried out and answered once.
//!
//! Before the commit, a passing failure (a full disk, a lock held too
//! long) gives exit 75 and the MTA brings the message again. A failure
//! that would come again (a panic, a damaged file) keeps the message in
//! the spool for the sweep to retry; after [`spool::MAX_FAILURES`] it is
//! set aside in `DIR/quarantine/` and the keeper is told, so one poison
//! message never stops the judge.

use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::delivery::{self, DeliveryError};
use crate::digest;
use crate::mail::inbound::Inbound;
use crate::mail::outbound::{MailKind, Outgoing};
use crate::mail::subject;
use crate::mail::transport::Transport;
use crate::session::{self, Context, GameChange, SeatRef, WebEntry};
use crate::store::games::{Change, Games};
use crate::store::lock::{message_lock_path, Lock};
use crate::store::seen::Seen;
use crate::store::users::Users;
use crate::store::{atomic, spool, DataDir, StoreError};

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

/// The key that identifies a message across redeliveries: a hash of its
/// Message-ID, or of its bytes when it has none or could not be read.
fn key_of(raw: &[u8], inbound: Option<&Inbound>) -> String {
  match inbound.and_then(|i| i.message_id.as_ref()) {
    Some(id) => digest::short(format!("id:{id}")),
    None => digest::short(raw),
  }
}

/// Reads a raw message; a panic of the reader (a bug met by one strange
/// message) is a lasting failure of that message, not of the judge.
fn parse(raw: &[u8], config: &Config) -> Result<Inbound, Lasting> {
  panic::catch_unwind(|| Inbound::parse(raw, &config.judge_address)).map_err(|payload| Lasting {
    reason: format!("the message could not be read (panic): {}", panic_text(&*payload)),
    game: None,
  })
}

/// How carrying out a spooled message ended.
enum Attempt {
  Done(Report),
  /// A passing failure before the commit: nothing was changed.
  Passing(DeliveryError),
  /// A failure that would come again.
  Lasting(Lasting),
}

/// Why a message failed in a way that would come again.
#[derive(Clone, Debug)]
struct Lasting {
  /// For the keeper and the log.
  reason: String,
  /// The game whose files are damaged, when that was the cause.
  game: Option<String>,
}

/// Handles one raw message: spools it, carries it out, sends the mail.
/// An error means nothing was changed and the MTA should try again.
pub fn receive(
  data: &DataDir,
  config: &Config,
  raw: &[u8],
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let inbound = parse(raw, config);
  let key = key_of(raw, inbound.as_ref().ok());
  let claimed = spool::put(&data.path("spool"), raw, &key)?;
  let attempt = match &inbound {
    Ok(inbound) => attempt(|| handle(data, config, raw, inbound, &key, &claimed.path, now)),
    Err(unreadable) => Attempt::Lasting(unreadable.clone()),
  };
  let result = match attempt {
    Attempt::Done(report) => Ok(report),
    Attempt::Passing(error) => {
      // Exit 75: the MTA delivers the message again, so the spool must not
      // keep a second copy for the sweep to carry out.
      let _ = spool::discard(&claimed.path);
      Err(error)
    }
    Attempt::Lasting(lasting) => match spool::keep(&claimed.path) {
      // The spool keeps it for the sweep to retry; the MTA is done.
      Ok(()) => Ok(failed(data, config, &claimed.path, raw, inbound.as_ref().ok(), &lasting, now)),
      // Not on the disk: the MTA must keep it, and bring it again.
      Err(error) => {
        let _ = spool::discard(&claimed.path);
        Err(error.into())
      }
    },
  };
  claimed.release();
  result
}

/// Handles a message already in the spool at `path` that a crash or a
/// failure left there (called by `sweep`, holding its claim). Returns
/// whether it is done with (carried out, or set aside); `Err` for a
/// passing failure (it stays for the next sweep).
pub fn handle_spooled(
  data: &DataDir,
  config: &Config,
  path: &Path,
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let raw = spool::read(path)?;
  if spool::cut_short(path, &raw) {
    // Never carried out, and the MTA was never told it arrived: it
    // brings the whole message again.
    tracing::warn!(path = %path.display(), "a spooled message cut short by a crash: dropped");
    spool::discard(path)?;
    return Ok(Report {
      outcome: "cut short by a crash; the MTA brings it again".into(),
      ..Report::default()
    });
  }
  let inbound = parse(&raw, config);
  let key = key_of(&raw, inbound.as_ref().ok());
  let attempt = match &inbound {
    Ok(inbound) => attempt(|| handle(data, config, &raw, inbound, &key, path, now)),
    Err(unreadable) => Attempt::Lasting(unreadable.clone()),
  };
  match attempt {
    Attempt::Done(report) => Ok(report),
    Attempt::Passing(error) => Err(error),
    Attempt::Lasting(lasting) => {
      Ok(failed(data, config, path, &raw, inbound.as_ref().ok(), &lasting, now))
    }
  }
}

/// Runs `job`, turning a panic into a lasting failure: a bug met by one
/// message must not stop the judge for every other.
fn attempt(job: impl FnOnce() -> Result<Report, DeliveryError>) -> Attempt {
  match panic::catch_unwind(AssertUnwindSafe(job)) {
    Ok(Ok(report)) => Attempt::Done(report),
    Ok(Err(DeliveryError::Store(StoreError::Damaged { path, message }))) => {
      Attempt::Lasting(Lasting {
        reason: format!("{} is damaged: {message}", path.display()),
        game: damaged_game(&path),
      })
    }
    Ok(Err(error)) => Attempt::Passing(error),
    Err(payload) => Attempt::Lasting(Lasting {
      reason: format!("the judge failed (panic): {}", panic_text(&*payload)),
      game: None,
    }),
  }
}

/// The game a damaged file belongs to (`…/games/<name>/game.json`).
fn damaged_game(path: &Path) -> Option<String> {
  let mut parts = path.iter().rev().skip(1);
  let name = parts.next()?.to_str()?.to_string();
  (parts.next()? == "games").then_some(name)
}

/// The message of a panic.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
  if let Some(text) = payload.downcast_ref::<&str>() {
    text.to_string()
  } else if let Some(text) = payload.downcast_ref::<String>() {
    text.clone()
  } else {
    "no message".to_string()
  }
}

/// A spooled message failed in a way that would come again: count it; at
/// the first failure tell the sender it is held (and the keeper of a
/// damaged game, once per game), at the last set it aside and tell the
/// keeper.
fn failed(
  data: &DataDir,
  config: &Config,
  path: &Path,
  raw: &[u8],
  inbound: Option<&Inbound>,
  lasting: &Lasting,
  now: DateTime<Utc>,
) -> Report {
  let reason = lasting.reason.as_str();
  tracing::error!(path = %path.display(), %reason, "message failed");
  let sender = inbound.and_then(Inbound::reply_address);
  let mut report = Report { sender: sender.unwrap_or("(none)").to_string(), ..Report::default() };
  let count = match spool::note_failure(path, reason) {
    Ok(count) => count,
    Err(error) => {
      report.outcome = format!("failed ({reason}); the failure could not be counted: {error}");
      return report;
    }
  };
  let transport = delivery::transport(config, data);
  let key = key_of(raw, inbound);
  let mut mail = Vec::new();
  if let Some(inbound) = inbound.filter(|i| count == 1 && i.noise.is_none()) {
    if let Some(to) = inbound.reply_address() {
      mail.push(held(config, inbound, to, lasting.game.as_deref()));
    }
  }
  if let Some(game) = &lasting.game {
    let timeout = Duration::from_secs(config.lock_timeout_seconds);
    let games = Games::new(data, timeout, delivery::mail_target(&transport, data));
    match games.note_damaged(game, reason) {
      Ok(true) => mail.push(damaged_notice(config, game, reason, report.sender.as_str())),
      Ok(false) => {}
      Err(error) => tracing::error!(%error, "a damaged game could not be marked"),
    }
  }
  if count >= spool::MAX_FAILURES {
    match spool::quarantine(path, &data.path("quarantine"), reason) {
      Ok(kept) => {
        report.outcome = format!("quarantined after {count} failures: {reason}");
        mail.push(quarantined(config, sender, &kept, reason, count));
      }
      Err(error) => report.outcome = format!("failed {count} times; not quarantined: {error}"),
    }
  } else {
    report.outcome = format!("failed ({count} of {}), kept: {reason}", spool::MAX_FAILURES);
  }
  let origin = format!("{key}-failed-{count}");
  if let Err(error) = delivery::enqueue(data, config, &transport, &origin, now, &mail) {
    tracing::error!(%error, "the notice of a failed message could not be queued");
  }
  report
}

/// The sender's notice that their message is held.
fn held(config: &Config, inbound: &Inbound, to: &str, game: Option<&str>) -> Outgoing {
  let code = &config.judge_code;
  let why = match game {
    Some(game) => format!(
      "Game '{game}' cannot be read at the moment: its files are damaged, and\n\
       the judgekeeper has been told."
    ),
    None => "The judge met a fault that is not yours.".to_string(),
  };
  Outgoing {
    to: to.to_string(),
    subject: subject::reply(code, None, false, &inbound.subject),
    body: format!(
      ":: Judge: {code}\n\n\
       Your message could not be carried out just now. {why}\n\
       Nothing in it has been done yet. The judge keeps the message and\n\
       tries it again shortly; you will get its reply then. If it keeps\n\
       failing, the judgekeeper is told and will look into it.\n"
    ),
    in_reply_to: inbound.message_id.clone(),
    references: inbound.message_id.iter().cloned().collect(),
    kind: MailKind::Reply,
    attachments: Vec::new(),
  }
}

/// The keeper's notice of a damaged game met by a message (once a game;
/// the sweep uses the same mark).
fn damaged_notice(config: &Config, game: &str, reason: &str, sender: &str) -> Outgoing {
  crate::announce::damaged_game(
    config,
    game,
    &format!("The judge could not read game '{game}' while handling mail from {sender}"),
    reason,
    &format!(
      "The game is left as it is until you repair or restore it. Messages for\n\
       it are kept in the spool and tried again by each sweep (at most {}\n\
       times each, then set aside in the quarantine). You will not be told\n\
       again about this game.\n",
      spool::MAX_FAILURES
    ),
  )
}

/// The keeper's notice of a message set aside.
fn quarantined(
  config: &Config,
  sender: Option<&str>,
  kept: &Path,
  reason: &str,
  count: u32,
) -> Outgoing {
  let code = &config.judge_code;
  let sender = sender.unwrap_or("(no sender)");
  Outgoing {
    to: config.keeper_address.clone(),
    subject: format!("{code} Message quarantined"),
    body: format!(
      "A message from {sender} failed {count} times and has been set aside,\n\
       so that it no longer holds up the judge:\n\n  {}\n\n\
       Why it failed the last time:\n\n  {reason}\n\n\
       Once the cause is mended, carry it out with\n\n  judge receive < {}\n\n\
       or delete it. Nobody else is told.\n",
      kept.display(),
      kept.display(),
    ),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Notice,
    attachments: Vec::new(),
  }
}

fn handle(
  data: &DataDir,
  config: &Config,
  raw: &[u8],
  inbound: &Inbound,
  key: &str,
  path: &Path,
  now: DateTime<Utc>,
) -> Result<Report, DeliveryError> {
  let started = Instant::now();
  let timeout = Duration::from_secs(config.lock_timeout_seconds);
  let transport = delivery::transport(config, data);
  let mut report = apply(data, config, &transport, raw, inbound, key, path, now, timeout)?;
  spool::forget_failures(path);
  // Committed: from here on nothing is undone, and what fails is left to
  // the sweep (the mail stays queued).
  if let Err(error) = delivery::flush(data, &transport, Some(key)) {
    report.outcome = format!("{} (sending left to the sweep: {error})", report.outcome);
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
  Ok(report)
}

/// Step 2: carry the message out once and commit it with its mail.
#[allow(clippy::too_many_arguments)]
fn apply(
  data: &DataDir,
  config: &Config,
  transport: &Transport,
  raw: &[u8],
  inbound: &Inbound,
  key: &str,
  path: &Path,
  now: DateTime<Utc>,
  timeout: Duration,
) -> Result<Report, DeliveryError> {
  let _lock = Lock::acquire(&message_lock_path(&data.path("lock")), timeout)?;
  let seen = Seen::new(data);
  let target = delivery::mail_target(transport, data);
  let mut report =
    Report { sender: inbound.reply_address().unwrap_or("(none)").to_string(), ..Report::default() };
  if !path.exists() {
    report.outcome = "already carried out by another judge process".into();
    return Ok(report);
  }
  if seen.contains(key) {
    report.outcome = "already carried out; nothing done again".into();
    // Its mail may still be pending after a crash.
    report.queued = release(&seen, key, &target);
    atomic::remove(path)?;
    return Ok(report);
  }
  crate::store::automatic::note_sender(data.root(), inbound);
  let games = Games::new(data, timeout, target.clone());
  let (game, mail) = match (&inbound.noise, inbound.reply_address()) {
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
      (None, vec![too_large(config, inbound, reply_to, raw.len())])
    }
    (None, Some(reply_to)) => {
      let users = Users::new(data, timeout);
      let ctx =
        Context { config, users: &users, games: &games, data_root: data.root(), now, origin: key };
      let outcome = session::run(&ctx, inbound, reply_to)?;
      report.commands = outcome.commands;
      report.game = outcome.game_name.unwrap_or_default();
      if outcome.replayed {
        // Its change and mail were committed before a crash; the game's
        // journal holds the mail, and opening the game wrote it out.
        report.outcome = "already carried out; nothing done again".into();
        let _ = seen.insert(key, now);
        atomic::remove(path)?;
        return Ok(report);
      }
      report.outcome = format!("replied, {} errors", outcome.errors);
      (outcome.game, outcome.mail)
    }
  };
  let committing =
    Committing { config, transport, seen: &seen, games: &games, target: &target, key, now };
  report.queued = committing.settle(game, &mail)?;
  let _ = atomic::remove(path);
  Ok(report)
}

/// Where what one message (or web request) did is committed.
struct Committing<'a> {
  config: &'a Config,
  transport: &'a Transport,
  seen: &'a Seen,
  games: &'a Games,
  target: &'a crate::store::games::MailTarget,
  /// The message's key.
  key: &'a str,
  now: DateTime<Utc>,
}

impl Committing<'_> {
  /// Commits the game the message changed with all its mail, or the mail
  /// on its own (`store::seen`); the point of no return, after which the
  /// sweep finishes what fails. Returns how many messages wait in the
  /// queue. No game and no mail: nothing is written.
  fn settle(&self, game: Option<GameChange>, mail: &[Outgoing]) -> Result<usize, DeliveryError> {
    let (key, now) = (self.key, self.now);
    match game {
      Some(change) => {
        let queued = commit(self.games, change, key, self.config, self.transport, now, mail)?;
        // The game remembers the change too: this record only saves the
        // next delivery opening the game.
        if let Err(error) = self.seen.insert(key, now) {
          tracing::warn!(%error, "record of a handled message not written");
        }
        Ok(queued)
      }
      None if mail.is_empty() => Ok(0),
      None => {
        let rendered = delivery::render(self.config, key, now, mail);
        let file = matches!(self.transport, Transport::File { .. });
        let queued = if file { 0 } else { rendered.len() };
        self.seen.commit(key, now, rendered)?;
        release(self.seen, key, self.target);
        Ok(queued)
      }
    }
  }
}

/// What a request of the web face came to, once committed.
#[derive(Debug)]
pub struct WebDone {
  /// The seat signed in, or still signed in.
  pub seat: Option<SeatRef>,
  /// The judge's reply, as a mail from the seat would have had it.
  pub reply: String,
  /// The request had been carried out before (a form sent twice).
  pub replayed: bool,
}

/// Carries out a request of the web face as a message from its seat:
/// under the message lock, once per `key` (a form sent twice is carried
/// out once), committed with its mail as a message's change is. With
/// `receipt`, the seat is mailed the reply as it would have been by mail.
pub fn carry_out_web(
  data: &DataDir,
  config: &Config,
  key: &str,
  now: DateTime<Utc>,
  receipt: bool,
  entry: WebEntry<'_>,
) -> Result<WebDone, DeliveryError> {
  let timeout = Duration::from_secs(config.lock_timeout_seconds);
  let transport = delivery::transport(config, data);
  let replayed = WebDone { seat: None, reply: String::new(), replayed: true };
  let done = {
    let _lock = Lock::acquire(&message_lock_path(&data.path("lock")), timeout)?;
    let seen = Seen::new(data);
    let target = delivery::mail_target(&transport, data);
    if seen.contains(key) {
      release(&seen, key, &target);
      return Ok(replayed);
    }
    let users = Users::new(data, timeout);
    let games = Games::new(data, timeout, target.clone());
    let ctx =
      Context { config, users: &users, games: &games, data_root: data.root(), now, origin: key };
    let web = session::run_web(&ctx, entry)?;
    let committing = Committing {
      config,
      transport: &transport,
      seen: &seen,
      games: &games,
      target: &target,
      key,
      now,
    };
    let mut outcome = web.outcome;
    if outcome.replayed {
      let _ = seen.insert(key, now);
      return Ok(replayed);
    }
    let mailed = receipt && web.seat.is_some();
    if !mailed && !outcome.mail.is_empty() {
      outcome.mail.remove(0);
    }
    committing.settle(outcome.game, &outcome.mail)?;
    WebDone { seat: web.seat, reply: web.reply, replayed: false }
  };
  if let Err(error) = delivery::flush(data, &transport, Some(key)) {
    tracing::warn!(%error, "web request committed; sending its mail is left to the sweep");
  }
  Ok(done)
}

/// Writes out a committed message's mail; a failure is left to the sweep.
fn release(seen: &Seen, key: &str, target: &crate::store::games::MailTarget) -> usize {
  match seen.release(key, target) {
    Ok(released) => released,
    Err(error) => {
      tracing::warn!(%error, "message committed; writing its mail out is left to the sweep");
      0
    }
  }
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
  let change_made = Change { origin: key.to_string(), time: now, mail: rendered, history, ledger };
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
    attachments: Vec::new(),
  }
}
