//! The web face's sign-ins: `web-sessions/<digest>`, one small file each.
//! The browser holds a random token in a cookie; the file is named by the
//! token's SHA-256, so the directory's contents cannot be replayed as
//! cookies. A sign-in holds a seat (never its password) and the CSRF token
//! its forms carry; it ends at its expiry, at LOGOUT, and when the seat's
//! password changes (see `session::SeatRef`).

use std::os::unix::fs::DirBuilderExt as _;
use std::path::PathBuf;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{atomic, DataDir, StoreError};
use crate::session::SeatRef;

/// One sign-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSession {
  pub seat: SeatRef,
  /// What every form of this sign-in carries (field `csrf`).
  pub csrf: String,
  pub expires: DateTime<Utc>,
}

/// The sign-ins of a data directory.
pub struct WebSessions {
  dir: PathBuf,
}

/// The file name of a token: its digest.
fn file_name(token: &str) -> String {
  crate::digest::short(token)
}

impl WebSessions {
  pub fn new(data: &DataDir) -> WebSessions {
    WebSessions { dir: data.path("web-sessions") }
  }

  /// The file of `token`; `None` for anything that is not a token this
  /// judge could have made.
  fn path(&self, token: &str) -> Option<PathBuf> {
    let token_like = token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit());
    token_like.then(|| self.dir.join(file_name(token)))
  }

  /// Starts a sign-in for `seat`; returns its token.
  pub fn start(&self, seat: SeatRef, expires: DateTime<Utc>) -> Result<String, StoreError> {
    std::fs::DirBuilder::new()
      .recursive(true)
      .mode(0o700)
      .create(&self.dir)
      .map_err(|e| StoreError::io("cannot create", &self.dir, e))?;
    let token = crate::digest::random();
    let session = WebSession { seat, csrf: crate::digest::random(), expires };
    let path = self.dir.join(file_name(&token));
    let bytes = serde_json::to_vec(&session).unwrap_or_default();
    atomic::write(&path, &bytes)?;
    Ok(token)
  }

  /// The sign-in `token` stands for, if it is current; an expired one is
  /// removed.
  pub fn get(&self, token: &str, now: DateTime<Utc>) -> Option<WebSession> {
    let path = self.path(token)?;
    let bytes = std::fs::read(&path).ok()?;
    let session: WebSession = serde_json::from_slice(&bytes).ok()?;
    if session.expires <= now {
      let _ = atomic::remove(&path);
      return None;
    }
    Some(session)
  }

  /// Ends the sign-in `token` stands for.
  pub fn end(&self, token: &str) -> Result<(), StoreError> {
    match self.path(token) {
      Some(path) => atomic::remove(&path),
      None => Ok(()),
    }
  }

  /// Removes the sign-ins that expired before `now` (the sweep's
  /// housekeeping); returns how many.
  pub fn clean(&self, now: DateTime<Utc>) -> usize {
    let Ok(entries) = std::fs::read_dir(&self.dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
      // A file being written (a temporary, dot first) is not a sign-in yet.
      if entry.file_name().to_string_lossy().starts_with('.') {
        continue;
      }
      let path = entry.path();
      let expired = std::fs::read(&path)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<WebSession>(&bytes).ok())
        .is_none_or(|session| session.expires <= now);
      if expired && atomic::remove(&path).is_ok() {
        removed += 1;
      }
    }
    removed
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  fn seat() -> SeatRef {
    SeatRef { game: "alpha".into(), letter: 'F', key: "k".into() }
  }

  #[test]
  fn a_sign_in_lasts_until_it_expires_or_ends() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let sessions = WebSessions::new(&DataDir::new(dir.path()));
    let now = Utc::now();
    let token = sessions.start(seat(), now + chrono::TimeDelta::hours(1));
    let token = token.unwrap_or_else(|e| panic!("{e}"));
    let found = sessions.get(&token, now).map(|s| s.seat);
    assert_eq!(found, Some(seat()));
    assert!(sessions.get(&token, now + chrono::TimeDelta::hours(2)).is_none());
    let token = sessions.start(seat(), now + chrono::TimeDelta::hours(1));
    let token = token.unwrap_or_else(|e| panic!("{e}"));
    assert!(sessions.end(&token).is_ok());
    assert!(sessions.get(&token, now).is_none());
  }

  #[test]
  fn anything_but_a_token_is_no_sign_in() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let sessions = WebSessions::new(&DataDir::new(dir.path()));
    assert!(sessions.get("../../judge.toml", Utc::now()).is_none());
    assert!(sessions.get("", Utc::now()).is_none());
  }
}
