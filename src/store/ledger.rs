//! Dedication (manual §5.2) as a ledger: each thing that counts for or
//! against a player (orders on time, a late reminder, abandonment, civil
//! disorder, a game started, how a game ended) is one small file under
//! `users/ledger/<user>/`, named after the game change that made it, so
//! writing a change out again after a crash counts nothing twice. A
//! player's points and ratios are the sum of their entries.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{atomic, StoreError};

/// One thing that counts for a player's dedication.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
  pub user: u32,
  pub game: String,
  pub time: DateTime<Utc>,
  pub kind: LedgerKind,
  /// The points it is worth (from `[dedication]` when it happened).
  pub points: i32,
}

/// What a ledger entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LedgerKind {
  /// A phase the player had to order in, with the orders in on time.
  OnTime,
  /// A phase the player had to order in, with the orders late.
  LateTurn,
  /// A late notice.
  Reminder,
  /// The player's power was abandoned.
  Abandoned,
  /// The player's power went into civil disorder.
  CivilDisorder,
  /// The grace period ended without the player's orders in a NoNMR game
  /// (counted in the civil-disorder ratio, manual §5.2).
  MissedGrace,
  /// A game the player played in started.
  GameStarted,
  /// A game ended with the player's power winning it (solo or conceded).
  Won,
  /// A game ended in a draw that includes the player's power.
  Drawn,
  /// A game ended with the player's power neither winning nor drawing.
  Lost,
}

/// A player's dedication, summed from the ledger.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Dedication {
  pub points: i32,
  pub turns: u32,
  pub on_time: u32,
  pub games: u32,
  pub civil_disorders: u32,
  /// Games that ended, by how they ended for the player.
  pub won: u32,
  pub drawn: u32,
  pub lost: u32,
  /// Powers the player left to be taken over (abandoned at the end of
  /// grace, resigned or ejected).
  pub abandoned: u32,
}

impl Dedication {
  /// Turns on time over turns due (1.0 for a player with none yet).
  pub fn ontime_ratio(&self) -> f64 {
    if self.turns == 0 {
      1.0
    } else {
      f64::from(self.on_time) / f64::from(self.turns)
    }
  }

  /// Civil disorders over games started (0.0 for a player with none yet).
  pub fn cd_ratio(&self) -> f64 {
    if self.games == 0 {
      0.0
    } else {
      f64::from(self.civil_disorders) / f64::from(self.games)
    }
  }
}

/// The ledger directory of a data directory.
pub fn dir(root: &Path) -> PathBuf {
  root.join("users").join("ledger")
}

/// The file of entry `n` of the change `origin` for `user`.
pub fn entry_path(ledger: &Path, user: u32, origin: &str, n: usize) -> PathBuf {
  ledger.join(user.to_string()).join(format!("{origin}-{n:03}.json"))
}

/// Writes an entry unless it is there already (the caller syncs).
pub fn write_unsynced(path: &Path, entry: &LedgerEntry) -> Result<(), StoreError> {
  if path.exists() {
    return Ok(());
  }
  if let Some(parent) = path.parent() {
    std::fs::create_dir_all(parent).map_err(|e| StoreError::io("cannot create", parent, e))?;
  }
  let bytes = serde_json::to_vec(entry)
    .map_err(|e| StoreError::Damaged { path: path.to_path_buf(), message: e.to_string() })?;
  atomic::write_unsynced(path, &bytes)
}

/// A user's dedication. A damaged entry is left out (and logged).
pub fn dedication(ledger: &Path, user: u32) -> Result<Dedication, StoreError> {
  let mut sum = Dedication::default();
  for path in atomic::list(&ledger.join(user.to_string()), ".json")? {
    let bytes = std::fs::read(&path).map_err(|e| StoreError::io("cannot read", &path, e))?;
    let entry: LedgerEntry = match serde_json::from_slice(&bytes) {
      Ok(entry) => entry,
      Err(error) => {
        tracing::error!(path = %path.display(), %error, "damaged ledger entry left out");
        continue;
      }
    };
    sum.points += entry.points;
    match entry.kind {
      LedgerKind::OnTime => {
        sum.turns += 1;
        sum.on_time += 1;
      }
      LedgerKind::LateTurn => sum.turns += 1,
      LedgerKind::CivilDisorder | LedgerKind::MissedGrace => sum.civil_disorders += 1,
      LedgerKind::GameStarted => sum.games += 1,
      LedgerKind::Won => sum.won += 1,
      LedgerKind::Drawn => sum.drawn += 1,
      LedgerKind::Lost => sum.lost += 1,
      LedgerKind::Abandoned => sum.abandoned += 1,
      LedgerKind::Reminder => {}
    }
  }
  Ok(sum)
}
