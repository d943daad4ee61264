//! The games of a judge on disk:
//!
//! ```text
//! DIR/games/<name>/game.json          the game (see game_file)
//! DIR/games/<name>/history/NNNNNN.json what observers saw, one file each
//! DIR/index/<name>.json               a summary for LIST and the sweep
//! DIR/lock/game-<name>.lock           held while the game changes
//! ```
//!
//! A change is committed in an order that loses nothing whenever a crash
//! comes:
//! 1. the index entry is marked pending with the change's origin (synced);
//! 2. the game file is replaced, holding the change's mail and history in
//!    its journal (synced): this is the commit point;
//! 3. the mail (outbox or queue) and history files are written from the
//!    journal, skipping any already there, and the filesystem is synced
//!    once;
//! 4. the index entry is rewritten, no longer pending.
//!
//! Whoever next finds an entry pending (the sweep, or the next message for
//! that game) redoes steps 3 and 4 when the game file holds the change, and
//! only rewrites the entry when it does not.

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::game_file::{self, HistoryEntry, Journal, Stored};
use super::ledger::{self, LedgerEntry};
use super::lock::Lock;
use super::{atomic, queue, spool, DataDir, StoreError};
use crate::game::{Game, GameOption, Role, Status};
use crate::mail::outbound::Rendered;
use crate::mail::transport::outbox_file_name;

/// How old a temporary file must be before it is taken for the leftover
/// of an interrupted write.
pub const LEFTOVER_AGE: Duration = Duration::from_secs(3600);

/// Where released mail goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailTarget {
  /// The file transport's outbox: writing the file is the sending.
  Outbox(PathBuf),
  /// The queue, for a transport that [`crate::delivery::flush`] drives.
  Queue(PathBuf),
}

impl MailTarget {
  /// Writes out the mail of one committed change (`stamp` and `origin`
  /// from its record) without waiting for the disk, skipping files already
  /// there: a change's mail written out twice is written once.
  pub fn release(&self, stamp: &str, origin: &str, mail: &[Rendered]) -> Result<(), StoreError> {
    for (n, mail) in mail.iter().enumerate() {
      match self {
        MailTarget::Outbox(outbox) => {
          let path = outbox.join(outbox_file_name(stamp, n, &mail.message_id));
          if !path.exists() {
            atomic::write_unsynced(&path, mail.bytes.as_bytes())?;
          }
        }
        MailTarget::Queue(queue_dir) => {
          let path = queue_dir.join(format!("{stamp}-{n:04}-{origin}.json"));
          if !path.exists() {
            queue::write_unsynced(&path, mail)?;
          }
        }
      }
    }
    Ok(())
  }
}

/// The summary of one game kept in `DIR/index/`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IndexEntry {
  pub name: String,
  pub variant: String,
  pub status: IndexStatus,
  /// The current phase (the first one while forming).
  pub phase: String,
  pub created: DateTime<Utc>,
  /// Players signed up (forming) or playing.
  pub players: u32,
  /// Players still needed to start.
  pub missing: u32,
  pub listed: bool,
  pub moderated: bool,
  pub gunboat: bool,
  /// The option words other than Gunboat that a SIGN ON must give
  /// (lower case), and the titles of all options in force other than
  /// Gunboat, for the brief list.
  #[serde(default)]
  pub named: Vec<String>,
  #[serde(default)]
  pub options: Vec<String>,
  /// The number of players is secret (SET SECRET).
  #[serde(default)]
  pub secret: bool,
  /// The Masters' addresses.
  pub masters: Vec<String>,
  /// Every member's address, lower case: who may see an unlisted game in
  /// the brief list.
  pub members: Vec<String>,
  /// When the sweep should look at the game next.
  pub wake: Option<DateTime<Utc>>,
  /// The current deadline and end of grace (the sweep's outage guard
  /// reads them).
  #[serde(default)]
  pub deadline: Option<DateTime<Utc>>,
  #[serde(default)]
  pub grace: Option<DateTime<Utc>>,
  /// The origin of a change not yet fully written out (see the module
  /// documentation).
  #[serde(default)]
  pub pending: Option<String>,
  /// A full game waits for its Master to start it (SET MANUAL START).
  #[serde(default)]
  pub manual_start: bool,
  /// The one-line comment of the brief LIST (SET COMMENT).
  #[serde(default)]
  pub comment: String,
}

/// A game's stage, as the index records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IndexStatus {
  Forming,
  Active,
  Finished,
}

/// The part of an [`IndexEntry`] the sweep reads to tell whether a game
/// needs a look: a few fields, the rest of the entry skipped unread, so
/// that glancing at 100,000 idle games allocates little more than names.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Glance {
  pub name: String,
  pub status: IndexStatus,
  pub missing: u32,
  pub wake: Option<DateTime<Utc>>,
  #[serde(default)]
  pub deadline: Option<DateTime<Utc>>,
  #[serde(default)]
  pub grace: Option<DateTime<Utc>>,
  #[serde(default)]
  pub pending: Option<String>,
  #[serde(default)]
  pub manual_start: bool,
}

impl IndexEntry {
  /// The entry of a game.
  pub fn of(game: &Game) -> IndexEntry {
    IndexEntry {
      name: game.name.clone(),
      variant: game.map.storage_key().to_string(),
      status: match game.status {
        Status::Forming => IndexStatus::Forming,
        Status::Active => IndexStatus::Active,
        Status::Finished(_) => IndexStatus::Finished,
      },
      phase: game.position.phase.to_string(),
      created: game.created,
      players: game.players().count() as u32,
      missing: game.players_missing(),
      listed: game.settings.listed,
      moderated: game.settings.moderated,
      gunboat: game.settings.gunboat,
      named: game
        .settings
        .sign_on_options()
        .into_iter()
        .filter(|&o| o != GameOption::Gunboat)
        .map(|o| o.word().to_ascii_lowercase())
        .collect(),
      options: game
        .settings
        .options()
        .into_iter()
        .filter(|&o| o != GameOption::Gunboat)
        .map(|o| o.title().to_string())
        .collect(),
      secret: game.settings.variant.secret,
      masters: game
        .members
        .iter()
        .filter(|m| m.role == Role::Master)
        .map(|m| m.address.clone())
        .collect(),
      members: game
        .members
        .iter()
        .flat_map(|m| m.addresses().map(str::to_lowercase).collect::<Vec<_>>())
        .collect(),
      wake: game.wake(),
      deadline: game.timing.deadline,
      grace: game.timing.grace,
      pending: None,
      manual_start: game.settings.manual_start,
      comment: game.settings.comment.clone(),
    }
  }
}

/// A change to commit: where it came from, and the mail and history it
/// makes (history entries are numbered when committed).
#[derive(Clone, Debug, Default)]
pub struct Change {
  pub origin: String,
  /// When the change was made (the injected clock): how long its origin
  /// is remembered.
  pub time: DateTime<Utc>,
  pub mail: Vec<Rendered>,
  pub history: Vec<HistoryEntry>,
  pub ledger: Vec<LedgerEntry>,
}

/// The games of a data directory.
#[derive(Clone, Debug)]
pub struct Games {
  root: PathBuf,
  games: PathBuf,
  index: PathBuf,
  locks: PathBuf,
  timeout: Duration,
  mail: MailTarget,
}

/// The most threads [`Games::glance_all`] reads the index with.
const GLANCE_THREADS: usize = 4;
/// The fewest entries worth a thread of their own.
const GLANCES_A_THREAD: usize = 4096;

impl Games {
  pub fn new(data: &DataDir, timeout: Duration, mail: MailTarget) -> Games {
    Games {
      root: data.root().to_path_buf(),
      games: data.path("games"),
      index: data.path("index"),
      locks: data.path("lock"),
      timeout,
      mail,
    }
  }

  fn game_file(&self, name: &str) -> PathBuf {
    self.games.join(name).join("game.json")
  }

  fn index_file(&self, name: &str) -> PathBuf {
    self.index.join(format!("{name}.json"))
  }

  fn history_dir(&self, name: &str) -> PathBuf {
    self.games.join(name).join("history")
  }

  /// Takes a game's lock. `name` must be a valid game name
  /// ([`Game::valid_name`]): callers check before they get here.
  pub fn lock(&self, name: &str) -> Result<Lock, StoreError> {
    Lock::acquire(&self.locks.join(format!("game-{name}.lock")), self.timeout)
  }

  /// Whether a game of that name exists.
  pub fn exists(&self, name: &str) -> bool {
    Game::valid_name(name) && self.game_file(name).exists()
  }

  /// Reads a game without taking its lock (a reader sees the old file or
  /// the new one, never half of either). `None` when there is no such game.
  pub fn load(&self, name: &str) -> Result<Option<Stored>, StoreError> {
    if !Game::valid_name(name) {
      return Ok(None);
    }
    let path = self.game_file(name);
    let bytes = match std::fs::read(&path) {
      Ok(bytes) => bytes,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    game_file::from_json(&bytes).map(Some).map_err(|message| StoreError::Damaged { path, message })
  }

  /// Locks a game, finishes any change a crash left half written out, and
  /// reads it. `None` (and no lock kept) when there is no such game.
  pub fn open(&self, name: &str) -> Result<Option<(Lock, Stored)>, StoreError> {
    if !Game::valid_name(name) {
      return Ok(None);
    }
    let lock = self.lock(name)?;
    self.recover(name)?;
    Ok(self.load(name)?.map(|stored| (lock, stored)))
  }

  /// Commits a change to a game (held under its lock): see the module
  /// documentation for the order of writes.
  pub fn commit(&self, stored: &mut Stored, change: Change) -> Result<(), StoreError> {
    let name = stored.game.name.clone();
    let dir = self.games.join(&name);
    std::fs::create_dir_all(&dir).map_err(|e| StoreError::io("cannot create", &dir, e))?;
    // Leftovers of writes a crash interrupted in this game's folders.
    for leftovers in [&dir, &self.history_dir(&name)] {
      let _ = atomic::clean_temporaries(leftovers, LEFTOVER_AGE);
    }
    let mut history = change.history;
    for entry in &mut history {
      entry.number = stored.history_next;
      stored.history_next += 1;
    }
    stored.note_applied(&change.origin, change.time);
    let journal = Journal {
      origin: change.origin.clone(),
      stamp: spool::unique_stamp(),
      mail: change.mail,
      history,
      ledger: change.ledger,
    };
    stored.journal = Some(journal.clone());
    let mut entry = IndexEntry::of(&stored.game);
    entry.pending = Some(change.origin);
    self.write_index(&entry, true)?;
    let bytes = game_file::to_json(stored)
      .map_err(|message| StoreError::Damaged { path: self.game_file(&name), message })?;
    atomic::write(&self.game_file(&name), &bytes)?;
    // The commit point is passed: the change is made. What is left (its
    // mail and history written out, the entry cleared) is finished by
    // whoever next opens the game or by the sweep if it fails here, so
    // the caller is not told to give up and have the message sent again.
    let finished = self.release(&name, &journal).and_then(|()| {
      entry.pending = None;
      self.write_index(&entry, false)
    });
    if let Err(error) = finished {
      tracing::warn!(game = %name, %error, "change committed; writing it out is left to the sweep");
    }
    Ok(())
  }

  /// Writes out a journal's mail and history (step 3), skipping files
  /// already there.
  fn release(&self, name: &str, journal: &Journal) -> Result<(), StoreError> {
    self.mail.release(&journal.stamp, &journal.origin, &journal.mail)?;
    if !journal.history.is_empty() {
      let dir = self.history_dir(name);
      std::fs::create_dir_all(&dir).map_err(|e| StoreError::io("cannot create", &dir, e))?;
      for entry in &journal.history {
        let path = dir.join(format!("{:06}.json", entry.number));
        if !path.exists() {
          let bytes = serde_json::to_vec_pretty(entry)
            .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
          atomic::write_unsynced(&path, &bytes)?;
        }
      }
    }
    let ledger_dir = ledger::dir(&self.root);
    for (n, entry) in journal.ledger.iter().enumerate() {
      let path = ledger::entry_path(&ledger_dir, entry.user, &journal.origin, n);
      ledger::write_unsynced(&path, entry)?;
    }
    atomic::sync_filesystem(&self.root)
  }

  fn write_index(&self, entry: &IndexEntry, synced: bool) -> Result<(), StoreError> {
    let path = self.index_file(&entry.name);
    let bytes = serde_json::to_vec(entry)
      .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
    if synced {
      atomic::write(&path, &bytes)
    } else {
      atomic::write_unsynced(&path, &bytes)
    }
  }

  /// Rewrites a game's index entry from the game (when it went stale:
  /// the sweep found nothing due where the entry said something was).
  pub fn refresh_index(&self, stored: &Stored) -> Result<(), StoreError> {
    self.write_index(&IndexEntry::of(&stored.game), false)
  }

  /// Marks a game as damaged; returns whether it was not marked before
  /// (so the keeper is told once). A change to the game clears the mark.
  pub fn note_damaged(&self, name: &str, message: &str) -> Result<bool, StoreError> {
    let marker = self.damage_marker(name);
    if !Game::valid_name(name) || marker.exists() {
      return Ok(false);
    }
    atomic::write_unsynced(&marker, message.as_bytes())?;
    Ok(true)
  }

  /// Forgets that a game was damaged (it changed, so it reads again).
  pub fn clear_damaged(&self, name: &str) {
    let _ = atomic::remove(&self.damage_marker(name));
  }

  fn damage_marker(&self, name: &str) -> PathBuf {
    self.index.join(format!("{name}.damaged"))
  }

  /// Reads one index entry.
  pub fn entry(&self, name: &str) -> Result<Option<IndexEntry>, StoreError> {
    read_entry(&self.index_file(name))
  }

  /// Finishes a change a crash left half written out, if the game's entry
  /// says so (call under the game's lock).
  fn recover(&self, name: &str) -> Result<(), StoreError> {
    let Some(entry) = self.entry(name)? else { return Ok(()) };
    let Some(pending) = entry.pending else { return Ok(()) };
    let Some(stored) = self.load(name)? else { return Ok(()) };
    if let Some(journal) = stored.journal.as_ref().filter(|j| j.origin == pending) {
      tracing::warn!(game = name, origin = %pending, "finishing a change a crash interrupted");
      self.release(name, journal)?;
    }
    self.write_index(&IndexEntry::of(&stored.game), false)
  }

  /// Every index entry, by name. A damaged entry is reported and left out.
  pub fn index(&self) -> Result<Vec<IndexEntry>, StoreError> {
    let mut entries = Vec::new();
    for path in atomic::list(&self.index, ".json")? {
      match read_entry(&path) {
        Ok(Some(entry)) => entries.push(entry),
        Ok(None) => {}
        Err(error) => tracing::error!(%error, "damaged index entry left out"),
      }
    }
    Ok(entries)
  }

  /// What the sweep reads of every index entry (see [`Glance`]), by
  /// name: each file read once, into a buffer used again, by its name in
  /// the open folder. The entries are shared out among the machine's
  /// cores (most of the time is the open, read and close of each file),
  /// and come back in name order. A damaged entry is reported and
  /// left out.
  pub fn glance_all(&self) -> Result<Vec<Glance>, StoreError> {
    self.glance_all_shared(GLANCES_A_THREAD)
  }

  /// [`Games::glance_all`], no thread given fewer than `fewest` entries.
  fn glance_all_shared(&self, fewest: usize) -> Result<Vec<Glance>, StoreError> {
    let names = atomic::list_names(&self.index, ".json")?;
    if names.is_empty() {
      return Ok(Vec::new());
    }
    let dir = atomic::open_dir(&self.index)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(GLANCE_THREADS);
    // Below a few thousand entries a thread costs more than it saves.
    let share = names.len().div_ceil(threads).max(fewest.max(1));
    let glance_share = |names: &[String]| -> Vec<Glance> {
      let mut glances = Vec::with_capacity(names.len());
      let mut bytes = Vec::with_capacity(4096);
      for name in names {
        let read =
          match atomic::read_in(&dir, name, &mut bytes, |b| serde_json::from_slice::<Glance>(b)) {
            Ok(Some(glance)) => glance.map_err(|e| StoreError::Damaged {
              path: self.index.join(name),
              message: e.to_string(),
            }),
            Ok(None) => continue,
            Err(e) => Err(StoreError::io("cannot read", &self.index.join(name), e)),
          };
        match read {
          Ok(glance) => glances.push(glance),
          Err(error) => tracing::error!(%error, "damaged index entry left out"),
        }
      }
      glances
    };
    let mut chunks = names.chunks(share);
    let first = chunks.next().unwrap_or_default();
    let glances = std::thread::scope(|scope| {
      let others: Vec<_> = chunks.map(|chunk| scope.spawn(move || glance_share(chunk))).collect();
      let mut glances = glance_share(first);
      for other in others {
        // A panic in a share's thread goes on in the caller, as it would
        // without threads.
        match other.join() {
          Ok(more) => glances.extend(more),
          Err(panic) => std::panic::resume_unwind(panic),
        }
      }
      glances
    });
    Ok(glances)
  }

  /// Finishes every change that a crash left half written out, as the
  /// glances found them, and glances again at the games it finished;
  /// returns how many there were.
  pub fn recover_pending(&self, glances: &mut Vec<Glance>) -> Result<usize, StoreError> {
    let mut recovered = 0;
    let mut gone = Vec::new();
    for (i, glance) in glances.iter_mut().enumerate() {
      if glance.pending.is_none() || !Game::valid_name(&glance.name) {
        continue;
      }
      let _lock = self.lock(&glance.name)?;
      match self.recover(&glance.name) {
        Ok(()) => recovered += 1,
        // A damaged game is left for the keeper; the others go on.
        Err(StoreError::Damaged { path, message }) => {
          tracing::error!(game = %glance.name, path = %path.display(), %message, "damaged game left pending");
        }
        Err(error) => return Err(error),
      }
      match self.glance(&glance.name) {
        Ok(Some(again)) => *glance = again,
        Ok(None) => gone.push(i),
        Err(error) => {
          tracing::error!(%error, "damaged index entry left out");
          gone.push(i);
        }
      }
    }
    for i in gone.into_iter().rev() {
      glances.remove(i);
    }
    Ok(recovered)
  }

  /// One game's glance, read again.
  fn glance(&self, name: &str) -> Result<Option<Glance>, StoreError> {
    let path = self.index_file(name);
    let bytes = match std::fs::read(&path) {
      Ok(bytes) => bytes,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    serde_json::from_slice(&bytes)
      .map(Some)
      .map_err(|e| StoreError::Damaged { path, message: e.to_string() })
  }

  /// A game's history, oldest first.
  pub fn history(&self, name: &str) -> Result<Vec<HistoryEntry>, StoreError> {
    let mut entries = Vec::new();
    if !Game::valid_name(name) {
      return Ok(entries);
    }
    for path in atomic::list(&self.history_dir(name), ".json")? {
      let bytes = std::fs::read(&path).map_err(|e| StoreError::io("cannot read", &path, e))?;
      match serde_json::from_slice::<HistoryEntry>(&bytes) {
        Ok(entry) => entries.push(entry),
        Err(e) => tracing::error!(path = %path.display(), error = %e, "damaged history entry"),
      }
    }
    Ok(entries)
  }
}

fn read_entry(path: &Path) -> Result<Option<IndexEntry>, StoreError> {
  let bytes = match std::fs::read(path) {
    Ok(bytes) => bytes,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
    Err(e) => return Err(StoreError::io("cannot read", path, e)),
  };
  serde_json::from_slice(&bytes)
    .map(Some)
    .map_err(|e| StoreError::Damaged { path: path.to_path_buf(), message: e.to_string() })
}

#[cfg(test)]
mod tests {
  use super::*;

  /// The index read in shares of three entries, as on a large judge:
  /// every entry comes back once, in name order, and a damaged
  /// one is left out without losing its neighbours.
  #[test]
  fn the_index_read_in_shares_gives_every_entry_once_in_order() -> Result<(), StoreError> {
    let Ok(temp) = tempfile::tempdir() else { panic!("a temporary folder") };
    let data = DataDir::new(temp.path());
    let games = Games::new(&data, Duration::from_secs(1), MailTarget::Outbox(temp.path().into()));
    let Ok(()) = std::fs::create_dir_all(&games.index) else { panic!("the index folder") };
    for n in 0..10 {
      let name = format!("g{n:02}");
      let text = if n == 4 {
        "{ not json".to_string()
      } else {
        format!(r#"{{"name":"{name}","status":"active","missing":0,"wake":null,"comment":"x"}}"#)
      };
      let Ok(()) = std::fs::write(games.index_file(&name), text) else { panic!("an entry") };
    }
    let names = |glances: Vec<Glance>| glances.into_iter().map(|g| g.name).collect::<Vec<_>>();
    let shared = names(games.glance_all_shared(3)?);
    let whole = names(games.glance_all_shared(100)?);
    assert_eq!(shared.len(), 9, "{shared:?}");
    assert!(!shared.contains(&"g04".to_string()), "the damaged entry is left out");
    assert_eq!(shared, whole, "the same entries, in the same order, however shared");
    let listed: Vec<String> = atomic::list_names(&games.index, ".json")?
      .into_iter()
      .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
      .filter(|n| n != "g04")
      .collect();
    assert_eq!(shared, listed);
    Ok(())
  }
}
