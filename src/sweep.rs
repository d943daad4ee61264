//! `judge sweep`, the cron job: carry out whatever a crash left in the
//! inbound spool, finish game changes a crash left half written out,
//! process every game whose orders are in and due, resend the outgoing mail
//! the transport refused, and forget handled-message records old enough
//! that no redelivery can come. (Deadlines, late notices and grace periods
//! arrive with the deadline machinery.) Running it twice in a row changes
//! nothing the second time.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use crate::announce;
use crate::config::Config;
use crate::delivery::{self, DeliveryError};
use crate::game::report;
use crate::receive;
use crate::store::games::{Change, Games, IndexStatus};
use crate::store::{seen, spool, DataDir, StoreError};

/// How long a handled-message record is kept: longer than any MTA keeps
/// retrying a deferred message (Postfix gives up after five days).
const SEEN_DAYS: i64 = 7;

/// What one sweep did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SweepReport {
  pub respooled: usize,
  /// Game changes a crash had left half written out, now finished.
  pub recovered: usize,
  /// Phases processed.
  pub processed: usize,
  /// Games that could not be read or changed, and were skipped.
  pub damaged: usize,
  pub sent: usize,
  pub forgotten: usize,
}

/// Runs one sweep.
pub fn sweep(
  data: &DataDir,
  config: &Config,
  now: DateTime<Utc>,
) -> Result<SweepReport, DeliveryError> {
  let mut report = SweepReport::default();
  for path in spool::list(&data.path("spool"))? {
    // A message a live `receive` is working on is left to it.
    let Some(claimed) = spool::claim(&path)? else { continue };
    let result = receive::handle_spooled(data, config, &claimed.path, now);
    claimed.release();
    match result {
      Ok(_) => report.respooled += 1,
      // Its mail stays queued; the queue flush below reports the failure.
      Err(DeliveryError::Transport(_)) => report.respooled += 1,
      Err(error) => return Err(error),
    }
  }
  let transport = delivery::transport(config, data);
  let timeout = StdDuration::from_secs(config.lock_timeout_seconds);
  let games = Games::new(data, timeout, delivery::mail_target(&transport, data));
  report.recovered = games.recover_all()?;
  for entry in games.index()? {
    let due = entry.status == IndexStatus::Active && entry.wake.is_some_and(|wake| wake <= now);
    if !due {
      continue;
    }
    match process_game(&games, config, &entry.name, now) {
      Ok(true) => report.processed += 1,
      Ok(false) => {}
      Err(StoreError::Damaged { path, message }) => {
        tracing::error!(game = %entry.name, path = %path.display(), %message, "damaged game skipped");
        report.damaged += 1;
      }
      Err(error) => return Err(error.into()),
    }
  }
  report.sent = delivery::flush(data, &transport, None)?;
  report.forgotten = seen::prune(&data.path("seen"), now - Duration::days(SEEN_DAYS))?;
  Ok(report)
}

/// Processes one game's phase if it is due, committing the results; says
/// whether it did.
fn process_game(
  games: &Games,
  config: &Config,
  name: &str,
  now: DateTime<Utc>,
) -> Result<bool, StoreError> {
  let Some((_lock, mut stored)) = games.open(name)? else { return Ok(false) };
  let game = &mut stored.game;
  if game.due_at().is_none_or(|due| due > now) {
    games.refresh_index(&stored)?;
    return Ok(false);
  }
  let tz = config.tz().unwrap_or(chrono_tz::UTC);
  let header = report::header(&config.judge_code, game, tz);
  let origin = origin(name, game.seq, now);
  let processed = game.process(now, tz);
  let announcement = announce::results(config, game, &processed, &header, now);
  let mail = delivery::render(config, &origin, now, &announcement.mail);
  games.commit(&mut stored, Change { origin, mail, history: announcement.history })?;
  Ok(true)
}

/// The origin of a sweep's change to a game: a hash of the game, its phase
/// number and the moment, shaped like an inbound message key.
fn origin(name: &str, seq: u32, now: DateTime<Utc>) -> String {
  let digest = Sha256::digest(format!("sweep:{name}:{seq}:{}", now.to_rfc3339()));
  digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}
