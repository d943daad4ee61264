//! Addresses known to send automatic mail: an empty marker file per
//! address in `DIR/automatic/`, named as `users/by-address/` names them.
//! `receive` marks the sender of every message with `Auto-Submitted:`
//! (another judge, a vacation responder); the session then refuses such
//! an address for REPLY-TO and SET ADDRESS, since the judge's mail to it
//! could be answered automatically, and the answer answered again. A
//! message a person writes from the address clears the mark (a player's
//! vacation responder must not lock them out of their own address).

use std::path::{Path, PathBuf};

use super::users::address_file_name;
use crate::mail::inbound::{Inbound, Noise};

/// The subdirectory of the data directory holding the markers.
const DIR: &str = "automatic";

fn marker(root: &Path, address: &str) -> PathBuf {
  root.join(DIR).join(address_file_name(address))
}

/// Notes that `address` sent automatic mail. Only a marker: losing it in
/// a crash costs nothing but the refusal, so it is not synced.
pub fn record(root: &Path, address: &str) -> std::io::Result<()> {
  let path = marker(root, address);
  if path.exists() {
    return Ok(());
  }
  std::fs::create_dir_all(root.join(DIR))?;
  std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path).map(|_| ())
}

/// Marks the senders of `inbound` when it is automatic mail, and clears
/// the mark of its `From:` address when a person wrote it. Best effort: a
/// failure is logged, and the message is handled all the same.
pub fn note_sender(root: &Path, inbound: &Inbound) {
  let result = match &inbound.noise {
    Some(Noise::AutoSubmitted(_)) => [inbound.from.as_deref(), inbound.reply_to.as_deref()]
      .into_iter()
      .flatten()
      .try_for_each(|address| record(root, address)),
    None => inbound.from.as_deref().map_or(Ok(()), |address| forget(root, address)),
    Some(_) => Ok(()),
  };
  if let Err(error) = result {
    tracing::warn!(%error, "cannot note whether a sender sends automatic mail");
  }
}

/// Clears the mark of `address`, if it has one.
fn forget(root: &Path, address: &str) -> std::io::Result<()> {
  match std::fs::remove_file(marker(root, address)) {
    Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
    _ => Ok(()),
  }
}

/// Whether `address` (any case) has sent the judge automatic mail.
pub fn is_automatic(root: &Path, address: &str) -> bool {
  marker(root, address).exists()
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn an_address_is_known_in_any_case_once_recorded() {
    let temp = tempfile::tempdir().unwrap();
    assert!(!is_automatic(temp.path(), "robot@x.org"));
    record(temp.path(), "Robot@X.org").unwrap();
    record(temp.path(), "robot@x.org").unwrap();
    assert!(is_automatic(temp.path(), "ROBOT@x.ORG"));
    assert!(!is_automatic(temp.path(), "person@x.org"));
    record(temp.path(), "../../escape").unwrap();
    assert!(!temp.path().join("escape").exists());
  }

  #[test]
  fn automatic_mail_marks_its_senders_and_a_persons_mail_clears_the_mark() {
    let temp = tempfile::tempdir().unwrap();
    let mut inbound = Inbound {
      from: Some("away@x.org".into()),
      reply_to: Some("robot@x.org".into()),
      noise: Some(Noise::AutoSubmitted("auto-replied".into())),
      ..Inbound::default()
    };
    note_sender(temp.path(), &inbound);
    assert!(is_automatic(temp.path(), "away@x.org"));
    assert!(is_automatic(temp.path(), "robot@x.org"));
    inbound.noise = None;
    note_sender(temp.path(), &inbound);
    assert!(!is_automatic(temp.path(), "away@x.org"), "the person is back");
    assert!(is_automatic(temp.path(), "robot@x.org"));
  }
}
