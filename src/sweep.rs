//! `judge sweep`, the cron job. In one pass:
//!
//! 1. carry out whatever a crash left in the inbound spool;
//! 2. check the clock: if it went backwards since the last sweep, change
//!    nothing; a deadline or grace period that passed after the last sweep
//!    and at least `[outage] after_hours` ago passed while the judge was
//!    down, so it is moved `extend_hours` on and everyone is told (njudge's
//!    time-warp guard); a sweep run when a deadline falls acts on it;
//! 3. finish game changes a crash left half written out;
//! 4. for every game the index says needs a look: start it if it is full
//!    (unless its Master starts it, MANUAL START), send late notices and
//!    reminders, abandon or put into civil disorder at the end of grace,
//!    and process the phase if it is due (in a MANUAL PROCESS game, tell
//!    the Masters instead); when the game ends and is set to AUTO CREATE,
//!    create the next one;
//! 5. resend the outgoing mail the transport refused, and forget
//!    handled-message records old enough that no redelivery can come, and
//!    the web face's expired sign-ins.
//!
//! Each game is locked only while it is worked on; a game whose files are
//! damaged is reported to the judgekeeper once and skipped. Running the
//! sweep twice at the same time changes nothing the second time.

use std::panic::{self, AssertUnwindSafe};
use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Timelike, Utc};

use crate::announce::{self, Announcement};
use crate::config::Config;
use crate::delivery::{self, DeliveryError};
use crate::game::{deadline, Game, Status};
use crate::mail::outbound::{MailKind, Outgoing};
use crate::store::games::{Change, Games, Glance, IndexStatus, LEFTOVER_AGE};
use crate::store::seen::Seen;
use crate::store::throttle::Throttle;
use crate::store::users::Users;
use crate::store::web_sessions::WebSessions;
use crate::store::{atomic, permissions, spool, DataDir, StoreError};
use crate::{receive, successor};

/// What one sweep did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SweepReport {
  pub respooled: usize,
  /// Game changes a crash had left half written out, now finished.
  pub recovered: usize,
  /// Games that changed: started, told of lateness, or processed.
  pub changed: usize,
  /// Phases processed.
  pub processed: usize,
  /// Games that could not be read or changed, and were skipped.
  pub damaged: usize,
  /// The judge had been down: deadlines were moved on in this many games.
  pub outage_games: usize,
  /// The clock read earlier than at the last sweep, so nothing was done.
  pub clock_went_back: bool,
  pub sent: usize,
  /// Records that outlived their use: handled messages older than a week,
  /// throttled seats whose hour is over, expired I AM ALSO codes.
  pub forgotten: usize,
  /// Spooled messages that failed for a passing reason, left for later.
  pub spool_waiting: usize,
  /// Leftovers of interrupted writes removed.
  pub cleaned: usize,
}

/// What the outage guard looks for: deadlines after the last sweep
/// (`since`) and no later than `cutoff` (`after_hours` before now).
#[derive(Clone, Copy, Debug)]
struct Outage {
  since: DateTime<Utc>,
  cutoff: DateTime<Utc>,
  now: DateTime<Utc>,
  extend: Duration,
}

impl Outage {
  /// Whether a deadline passed while the judge was down.
  fn missed(&self, time: Option<DateTime<Utc>>) -> bool {
    time.is_some_and(|t| t > self.since && t <= self.cutoff)
  }
}

/// Runs one sweep.
pub fn sweep(
  data: &DataDir,
  config: &Config,
  now: DateTime<Utc>,
) -> Result<SweepReport, DeliveryError> {
  let mut report = SweepReport::default();
  match permissions::tighten(data.root()) {
    Ok(0) => {}
    Ok(n) => tracing::warn!(changed = n, "the data directory was open to other users: tightened"),
    Err(error) => {
      tracing::error!(%error, "the data directory's permissions could not be tightened")
    }
  }
  for path in spool::list(&data.path("spool"))? {
    // A message a live `receive` is working on is left to it.
    let Some(claimed) = spool::claim(&path)? else { continue };
    // A message that fails for good is counted and in the end set aside
    // (see `receive`); one that fails for now waits for the next sweep.
    // Either way the sweep goes on with everything else.
    match receive::handle_spooled(data, config, &claimed.path, now) {
      Ok(_) => report.respooled += 1,
      Err(error) => {
        tracing::warn!(path = %claimed.path.display(), %error, "spooled message left for later");
        report.spool_waiting += 1;
      }
    }
    claimed.release();
  }
  let transport = delivery::transport(config, data);
  let last = last_sweep(data);
  if last.is_some_and(|last| now < last) {
    tracing::warn!(now = %now, "the clock reads earlier than at the last sweep: nothing done");
    report.clock_went_back = true;
    return Ok(report);
  }
  let outage = last.map(|since| Outage {
    since,
    cutoff: now - deadline::hours(config.outage.after_hours),
    now,
    extend: deadline::hours(config.outage.extend_hours),
  });
  let timeout = StdDuration::from_secs(config.lock_timeout_seconds);
  let games = Games::new(data, timeout, delivery::mail_target(&transport, data));
  // The index is read once: a glance at each entry, looked at again only
  // where a crash left a change to finish.
  let mut entries = games.glance_all()?;
  report.recovered = games.recover_pending(&mut entries)?;
  report.recovered +=
    Seen::new(data).release_all(&delivery::mail_target(&transport, data), timeout)?;
  let mut outage_games = Vec::new();
  for entry in entries {
    let abandonment = entry.grace.map(|grace| grace - Duration::days(1));
    let missed = outage
      .is_some_and(|o| o.missed(entry.deadline) || o.missed(entry.grace) || o.missed(abandonment));
    if !needs_a_look(&entry, now, missed) {
      continue;
    }
    // A bug met in one game must not stop the others: it is reported as
    // a damaged game (once) and the game skipped.
    let attempt = panic::catch_unwind(AssertUnwindSafe(|| {
      sweep_game(&games, config, &entry.name, now, outage)
    }));
    let result = attempt.unwrap_or_else(|payload| {
      Err(StoreError::Damaged {
        path: data.path("games").join(&entry.name),
        message: format!("the judge failed (panic) on it: {}", receive::panic_text(&*payload)),
      })
    });
    match result {
      Ok(done) => {
        report.changed += usize::from(done.changed);
        report.processed += done.processed;
        if done.outage {
          outage_games.push(entry.name.clone());
        }
        if done.changed {
          games.clear_damaged(&entry.name);
        }
      }
      Err(StoreError::Damaged { path, message }) => {
        report.damaged += 1;
        damaged(&games, data, config, &transport, &entry.name, &path, &message, now)?;
      }
      Err(error) => return Err(error.into()),
    }
  }
  report.outage_games = outage_games.len();
  if let Some(outage) = outage.filter(|_| !outage_games.is_empty()) {
    let mail = keeper_outage(config, &outage, &outage_games);
    delivery::enqueue(data, config, &transport, &origin("outage", 0, now), now, &[mail])?;
  }
  // The sweep's work is done and recorded even when the transport is down
  // (the mail waits in the queue); then it exits 75 so cron reports it.
  let sent = delivery::flush(data, &transport, None);
  // Housekeeping reads whole folders: once an hour is enough.
  if last.is_none_or(|last| last.date_naive() != now.date_naive() || last.hour() != now.hour()) {
    report.forgotten = Seen::new(data).prune(now)?
      + Throttle::new(data, timeout).prune(now)?
      + Users::new(data, timeout).prune_pending_also(now)?
      + WebSessions::new(data).clean(now);
    report.cleaned = clean(data)?;
  }
  atomic::write_unsynced(&stamp_path(data), now.to_rfc3339().as_bytes())?;
  report.sent = sent?;
  Ok(report)
}

/// Removes what killed or failed writes left behind: temporary files in
/// the data directory's folders and the spool's orphaned lock files (a
/// game's own folder is cleaned when the game is next committed).
fn clean(data: &DataDir) -> Result<usize, StoreError> {
  let mut removed = spool::clean(&data.path("spool"), LEFTOVER_AGE)?;
  for dir in crate::store::SUBDIRS.iter().chain(CLEANED_TOO) {
    removed += atomic::clean_temporaries(&data.path(dir), LEFTOVER_AGE)?;
  }
  if removed > 0 {
    tracing::info!(removed, "leftovers of interrupted writes removed");
  }
  Ok(removed)
}

/// The folders whose leftovers the sweep removes besides the data
/// directory's own (`SUBDIRS`): the data directory itself (`""`) and the
/// folders made when first needed.
const CLEANED_TOO: &[&str] = &["", "automatic", "users/pending", "users/ledger", "web-sessions"];

/// Whether the sweep must open a game: it is due or has a notice due, it
/// is a full game not yet started, or a deadline of it passed while the
/// judge was down.
fn needs_a_look(entry: &Glance, now: DateTime<Utc>, missed: bool) -> bool {
  match entry.status {
    IndexStatus::Active => missed || entry.wake.is_some_and(|wake| wake <= now),
    IndexStatus::Forming => entry.missing == 0 && !entry.manual_start,
    IndexStatus::Finished => false,
  }
}

/// What the sweep did to one game.
#[derive(Default)]
struct Done {
  changed: bool,
  processed: usize,
  outage: bool,
}

/// Works one game under its lock: starts it, moves its clock on,
/// processes it if due, and commits what changed.
fn sweep_game(
  games: &Games,
  config: &Config,
  name: &str,
  now: DateTime<Utc>,
  outage: Option<Outage>,
) -> Result<Done, StoreError> {
  let Some((_lock, mut stored)) = games.open(name)? else { return Ok(Done::default()) };
  let tz = config.tz().unwrap_or(crate::zone::UTC);
  let game = &mut stored.game;
  let origin = origin(name, game.seq, now);
  let mut done = Done::default();
  let mut announcement = Announcement::default();
  if game.ready_to_start() {
    announcement.extend(announce::start(config, game, now));
    done.changed = true;
  }
  if let Some(outage) = outage {
    if let Some((subject, text)) = move_deadlines(game, &outage, tz) {
      announcement.extend(announce::to_members(
        config,
        game,
        &subject,
        &text,
        None,
        Some(crate::store::game_file::HistoryKind::Notice),
        now,
      ));
      done.changed = true;
      done.outage = true;
    }
  }
  let events = game.tick(now);
  if !events.is_empty() {
    announcement.extend(announce::time_events(config, game, &events, now));
    done.changed = true;
  }
  if game.process_due(now) {
    announcement.extend(announce::process(config, game, now));
    done.changed = true;
    done.processed = 1;
  } else if game.note_ready_for_master(now) {
    announcement.mail.extend(announce::ready_for_master(config, game, now));
    done.changed = true;
  }
  if game.successor_due() {
    announcement.extend(successor::create(games, config, game, &origin, now)?);
    done.changed = true;
  }
  if !done.changed {
    // The index said something was due and nothing was: bring it up to date.
    games.refresh_index(&stored)?;
    return Ok(done);
  }
  let mail = delivery::render(config, &origin, now, &announcement.mail);
  let change =
    Change { origin, time: now, mail, history: announcement.history, ledger: announcement.ledger };
  games.commit(&mut stored, change)?;
  Ok(done)
}

/// Moves a deadline or grace period (or, in an NMR game, the abandonment a
/// day before the end of grace) that passed while the judge was down to
/// `extend` after now; returns the notice's subject and text, if anything
/// moved.
fn move_deadlines(
  game: &mut Game,
  outage: &Outage,
  tz: crate::zone::Tz,
) -> Option<(String, String)> {
  // A paused game's deadline is moved on when it is resumed.
  if game.status != Status::Active || game.is_paused() {
    return None;
  }
  let day = Duration::days(1);
  let nmr = game.settings.nmr;
  let abandonment = game.timing.grace.filter(|_| nmr).map(|grace| grace - day);
  let deadline_missed = outage.missed(game.timing.deadline);
  let grace_missed = outage.missed(game.timing.grace) || outage.missed(abandonment);
  if !deadline_missed && !grace_missed {
    return None;
  }
  let moved = outage.now + outage.extend;
  if deadline_missed {
    game.timing.deadline = Some(moved);
  }
  let deadline = game.timing.deadline.unwrap_or(moved);
  // An NMR game abandons a day before the end of grace: that too must be
  // `extend` away.
  let earliest_grace = if nmr { moved + day } else { moved };
  if grace_missed || game.timing.grace.is_none_or(|grace| grace <= deadline) {
    game.timing.grace = Some(game.grace_after(deadline, tz).max(earliest_grace));
  }
  let shown = |t: Option<DateTime<Utc>>| t.map_or_else(String::new, |t| deadline::show(t, tz));
  let (what, subject) = if deadline_missed {
    ("deadline", format!("Deadline Adjustment to: {}", shown(game.timing.deadline)))
  } else {
    ("grace period", format!("Grace Adjustment to: {}", shown(game.timing.grace)))
  };
  let now_reads = if deadline_missed {
    format!("the deadline is now {}\nand the grace period ends", deadline::show(deadline, tz))
  } else {
    "the grace period now ends".to_string()
  };
  let text = format!(
    "The judge was not running from {} to {},\n\
     and the {what} of game '{}' passed meanwhile. So that nobody is late\n\
     because of it, {now_reads} {}.\n",
    deadline::show(outage.since, tz),
    deadline::show(outage.now, tz),
    game.name,
    shown(game.timing.grace),
  );
  Some((subject, text))
}

/// The keeper's notice of an outage.
fn keeper_outage(config: &Config, outage: &Outage, games: &[String]) -> Outgoing {
  let tz = config.tz().unwrap_or(crate::zone::UTC);
  let moved = if games.is_empty() {
    "No deadline passed meanwhile.".to_string()
  } else {
    format!("Deadlines were moved on in: {}.", games.join(", "))
  };
  Outgoing {
    to: config.keeper_address.clone(),
    subject: format!("{} Diplomacy time warp", config.judge_code),
    body: format!(
      "judge sweep had not run since {} (now {}), so the judge is taken to\n\
       have been down: deadlines that passed at least {} hours ago were missed.\n{moved}\n",
      deadline::show(outage.since, tz),
      deadline::show(outage.now, tz),
      config.outage.after_hours,
    ),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Notice,
    attachments: Vec::new(),
  }
}

/// A damaged game: the keeper is told the first time, the game skipped.
#[allow(clippy::too_many_arguments)]
fn damaged(
  games: &Games,
  data: &DataDir,
  config: &Config,
  transport: &crate::mail::transport::Transport,
  name: &str,
  path: &std::path::Path,
  message: &str,
  now: DateTime<Utc>,
) -> Result<(), DeliveryError> {
  tracing::error!(game = name, path = %path.display(), %message, "damaged game skipped");
  if !games.note_damaged(name, message)? {
    return Ok(());
  }
  let mail = announce::damaged_game(
    config,
    name,
    &format!("judge sweep could not read game '{name}'"),
    &format!("{}: {message}", path.display()),
    "The game is skipped until you repair or restore it; you will not be\n\
     told again.\n",
  );
  delivery::enqueue(data, config, transport, &origin(name, 0, now), now, &[mail])?;
  Ok(())
}

/// When the last sweep ran, by the injected clock: kept with the data,
/// not the logs, so that a log folder that cannot be written never stops
/// the sweep.
fn stamp_path(data: &DataDir) -> std::path::PathBuf {
  data.path("last-sweep")
}

/// When the last sweep ran (by the injected clock); the stamp of judges
/// that kept it in `log/` is read too.
fn last_sweep(data: &DataDir) -> Option<DateTime<Utc>> {
  let text = std::fs::read_to_string(stamp_path(data))
    .or_else(|_| std::fs::read_to_string(data.path("log").join("last-sweep")))
    .ok()?;
  DateTime::parse_from_rfc3339(text.trim()).ok().map(|t| t.with_timezone(&Utc))
}

/// The origin of a sweep's change to a game: a hash of the game, its phase
/// number and the moment, shaped like an inbound message key.
fn origin(name: &str, seq: u32, now: DateTime<Utc>) -> String {
  crate::digest::short(format!("sweep:{name}:{seq}:{}", now.to_rfc3339()))
}
