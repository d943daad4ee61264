//! `judge sweep`, the cron job. For now: carry out whatever a crash left in
//! the inbound spool, resend the outgoing mail the transport refused, and
//! forget handled-message records old enough that no redelivery can come.
//! (Deadlines, late notices and phase processing arrive with the game
//! issues.) Running it twice in a row changes nothing the second time.

use chrono::{DateTime, Duration, Utc};

use crate::config::Config;
use crate::delivery::{self, DeliveryError};
use crate::receive;
use crate::store::{seen, spool, DataDir};

/// How long a handled-message record is kept: longer than any MTA keeps
/// retrying a deferred message (Postfix gives up after five days).
const SEEN_DAYS: i64 = 7;

/// What one sweep did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SweepReport {
  pub respooled: usize,
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
    match receive::handle_spooled(data, config, &path, now) {
      Ok(_) => report.respooled += 1,
      // Its mail stays queued; the queue flush below reports the failure.
      Err(DeliveryError::Transport(_)) => report.respooled += 1,
      Err(error) => return Err(error),
    }
  }
  let transport = delivery::transport(config, data);
  report.sent = delivery::flush(data, &transport, None)?;
  report.forgotten = seen::prune(&data.path("seen"), now - Duration::days(SEEN_DAYS))?;
  Ok(report)
}
