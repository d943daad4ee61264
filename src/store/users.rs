//! The registration store: one record per user (`users/<id>.toml`) holding
//! their REGISTER fields and every address they use, and one small file per
//! address (`users/by-address/<address>`) naming its user, so finding the
//! sender of a message is one file read. No password is ever kept here.
//! Changes happen under `lock/users.lock`.
//!
//! The record is the truth and the address files only an index: a change
//! writes the address files first and the record last (the commit point),
//! and an address file counts only if the record it names lists that
//! address. So a crash anywhere in a registration leaves either none or
//! the whole of it, and the retry makes no second user.
//!
//! `users/pending/<address>` holds an I AM ALSO request waiting for its
//! confirmation code.

use std::path::PathBuf;
use std::time::Duration;

use chrono::{DateTime, Utc};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::{atomic, lock::Lock, DataDir, StoreError};

/// One registered user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
  pub id: u32,
  /// Every address of this user, the first being where the judge writes.
  pub addresses: Vec<String>,
  /// The REGISTER fields as the user gave them, keyed by lower-case name.
  pub fields: IndexMap<String, String>,
  pub registered: DateTime<Utc>,
  pub updated: DateTime<Utc>,
}

impl User {
  /// Whether `address` is one of this user's (case-insensitive).
  pub fn has_address(&self, address: &str) -> bool {
    self.addresses.iter().any(|a| canonical(a) == canonical(address))
  }

  /// The address of record: where the judge tells the user of changes to
  /// their registration.
  pub fn address_of_record(&self) -> Option<&str> {
    self.addresses.first().map(String::as_str)
  }
}

/// An I AM ALSO from a new address waiting for the confirmation code that
/// was mailed to the user's addresses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAlso {
  /// The user the new address asks to join.
  pub user: u32,
  /// The new address, which alone may send the code back.
  pub address: String,
  /// The code's salted SHA-256, in hex: the code itself is kept nowhere.
  pub code_hash: String,
  pub salt: String,
  pub requested: DateTime<Utc>,
  pub expires: DateTime<Utc>,
}

/// The registration store of a data directory.
#[derive(Clone, Debug)]
pub struct Users {
  dir: PathBuf,
  lock: PathBuf,
  timeout: Duration,
}

/// An address in the canonical form the store keys on: trimmed, lower case.
pub fn canonical(address: &str) -> String {
  address.trim().to_lowercase()
}

/// The file name for an address: safe characters kept, everything else
/// (including a leading dot) written as `%xx`, so no address can name a
/// path outside the directory.
pub(crate) fn address_file_name(address: &str) -> String {
  super::safe_file_name(&canonical(address))
}

impl Users {
  pub fn new(data: &DataDir, timeout: Duration) -> Users {
    Users { dir: data.path("users"), lock: data.path("lock").join("users.lock"), timeout }
  }

  fn record_path(&self, id: u32) -> PathBuf {
    self.dir.join(format!("{id}.toml"))
  }

  fn address_path(&self, address: &str) -> PathBuf {
    self.dir.join("by-address").join(address_file_name(address))
  }

  /// Takes the store's lock for a change.
  pub fn lock(&self) -> Result<Lock, StoreError> {
    Lock::acquire(&self.lock, self.timeout)
  }

  /// The user an address belongs to, if registered: the address file
  /// names a record, and that record lists the address (an address file
  /// alone is what a crashed registration leaves, and means nothing).
  pub fn by_address(&self, address: &str) -> Result<Option<User>, StoreError> {
    let Some(id) = self.indexed_id(address)? else { return Ok(None) };
    Ok(self.get(id)?.filter(|user| user.has_address(address)))
  }

  /// The user number an address file names, whether or not that user's
  /// record confirms it.
  fn indexed_id(&self, address: &str) -> Result<Option<u32>, StoreError> {
    let path = self.address_path(address);
    let text = match std::fs::read_to_string(&path) {
      Ok(text) => text,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    let id = text.trim().parse::<u32>().map_err(|_| StoreError::Damaged {
      path: path.clone(),
      message: format!("'{}' is not a user number", text.trim()),
    })?;
    Ok(Some(id))
  }

  /// A user by number.
  pub fn get(&self, id: u32) -> Result<Option<User>, StoreError> {
    let path = self.record_path(id);
    let text = match std::fs::read_to_string(&path) {
      Ok(text) => text,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    toml::from_str(&text)
      .map(Some)
      .map_err(|e| StoreError::Damaged { path, message: e.message().to_string() })
  }

  /// Every user, by number, with only the addresses that are theirs (the
  /// address file names them): an address is never listed under two
  /// users, and a record no address leads to (left by a crash before
  /// registrations were atomic) is left out.
  pub fn all(&self) -> Result<Vec<User>, StoreError> {
    let mut users = Vec::new();
    for mut user in self.records()? {
      let mut confirmed = Vec::new();
      for address in &user.addresses {
        if self.indexed_id(address)? == Some(user.id) {
          confirmed.push(address.clone());
        }
      }
      if !confirmed.is_empty() {
        user.addresses = confirmed;
        users.push(user);
      }
    }
    Ok(users)
  }

  /// Every user record on disk, by number, as it is.
  fn records(&self) -> Result<Vec<User>, StoreError> {
    let mut users = Vec::new();
    for path in atomic::list(&self.dir, ".toml")? {
      let id = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<u32>().ok());
      if let Some(user) = id.map(|id| self.get(id)).transpose()?.flatten() {
        users.push(user);
      }
    }
    users.sort_by_key(|u| u.id);
    Ok(users)
  }

  /// The number a new registration of `address` should take (call under
  /// [`Users::lock`]) so that a retry after a crash makes no second user:
  /// the number a crashed registration of it had begun to write, else the
  /// record no address leads to that lists it (an older crash), else the
  /// next free number.
  pub fn number_for(&self, address: &str) -> Result<u32, StoreError> {
    if let Some(id) = self.indexed_id(address)? {
      if self.get(id)?.is_none() {
        return Ok(id);
      }
    }
    for user in self.records()? {
      if user.has_address(address) {
        let mut reachable = false;
        for other in &user.addresses {
          reachable |= self.indexed_id(other)? == Some(user.id);
        }
        if !reachable {
          return Ok(user.id);
        }
      }
    }
    self.next_id()
  }

  /// Every registered address that starts with `prefix` (case-insensitive),
  /// with its user, sorted by address.
  pub fn addresses_starting(&self, prefix: &str) -> Result<Vec<(String, User)>, StoreError> {
    let prefix = canonical(prefix);
    let mut found = Vec::new();
    for user in self.all()? {
      for address in &user.addresses {
        if canonical(address).starts_with(&prefix) {
          found.push((address.clone(), user.clone()));
        }
      }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(found)
  }

  /// Saves a user record (call under [`Users::lock`]): its address files
  /// first, then the record, the commit point. Until the record is
  /// written, a new address file counts for nothing (see
  /// [`Users::by_address`]).
  pub fn save(&self, user: &User) -> Result<(), StoreError> {
    std::fs::create_dir_all(self.dir.join("by-address"))
      .map_err(|e| StoreError::io("cannot create", &self.dir, e))?;
    let text = toml::to_string(user).map_err(|e| StoreError::Damaged {
      path: self.record_path(user.id),
      message: e.to_string(),
    })?;
    let id = format!("{}\n", user.id);
    for address in &user.addresses {
      let path = self.address_path(address);
      if std::fs::read_to_string(&path).ok().as_deref() != Some(id.as_str()) {
        atomic::write(&path, id.as_bytes())?;
      }
    }
    atomic::write(&self.record_path(user.id), text.as_bytes())
  }

  fn pending_path(&self, address: &str) -> PathBuf {
    self.dir.join("pending").join(address_file_name(address))
  }

  /// The I AM ALSO request waiting from `address`, if any (expired or not).
  pub fn pending_also(&self, address: &str) -> Result<Option<PendingAlso>, StoreError> {
    let path = self.pending_path(address);
    let text = match std::fs::read_to_string(&path) {
      Ok(text) => text,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
      Err(e) => return Err(StoreError::io("cannot read", &path, e)),
    };
    // A damaged request is as good as none: the sender asks again.
    Ok(toml::from_str(&text).ok())
  }

  /// Keeps an I AM ALSO request (call under [`Users::lock`]), replacing
  /// any earlier one from the same address.
  pub fn save_pending_also(&self, pending: &PendingAlso) -> Result<(), StoreError> {
    let dir = self.dir.join("pending");
    std::fs::create_dir_all(&dir).map_err(|e| StoreError::io("cannot create", &dir, e))?;
    let path = self.pending_path(&pending.address);
    let text = toml::to_string(pending)
      .map_err(|e| StoreError::Damaged { path: path.clone(), message: e.to_string() })?;
    atomic::write(&path, text.as_bytes())
  }

  /// Forgets the I AM ALSO request from `address` (call under
  /// [`Users::lock`]).
  pub fn drop_pending_also(&self, address: &str) -> Result<(), StoreError> {
    atomic::remove(&self.pending_path(address))
  }

  /// Forgets I AM ALSO requests whose code expired before `now` (and
  /// damaged ones); returns how many (the sweep's housekeeping).
  pub fn prune_pending_also(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
    let requests = atomic::list(&self.dir.join("pending"), "")?;
    if requests.is_empty() {
      return Ok(0);
    }
    let _lock = self.lock()?;
    let mut removed = 0;
    for path in requests {
      let request = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| toml::from_str::<PendingAlso>(&text).ok());
      if request.is_none_or(|r| r.expires <= now) {
        atomic::remove(&path)?;
        removed += 1;
      }
    }
    Ok(removed)
  }

  /// The next free user number (call under [`Users::lock`]).
  pub fn next_id(&self) -> Result<u32, StoreError> {
    let highest = atomic::list(&self.dir, ".toml")?
      .iter()
      .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<u32>().ok()))
      .max()
      .unwrap_or(0);
    Ok(highest + 1)
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn address_file_names_cannot_escape_the_directory() {
    assert_eq!(address_file_name("Joe@Example.ORG"), "joe@example.org");
    assert_eq!(address_file_name("../../etc/passwd"), "%2e.%2f..%2fetc%2fpasswd");
    assert!(!address_file_name("a/b@c").contains('/'));
  }

  fn store() -> (tempfile::TempDir, Users) {
    let temp = tempfile::tempdir().unwrap();
    let data = DataDir::new(temp.path());
    data.ensure().unwrap();
    let users = Users::new(&data, Duration::from_secs(1));
    (temp, users)
  }

  fn user(id: u32, addresses: &[&str], name: &str) -> User {
    let now = Utc::now();
    User {
      id,
      addresses: addresses.iter().map(|a| a.to_string()).collect(),
      fields: IndexMap::from([("name".to_string(), name.to_string())]),
      registered: now,
      updated: now,
    }
  }

  #[test]
  fn a_registration_cut_short_by_a_crash_leaves_no_user_and_the_retry_makes_one() {
    let (_temp, users) = store();
    users.save(&user(1, &["bob@x.org"], "Bob Brown")).unwrap();
    // A crash after the address file and before the record: what is left.
    let id = users.number_for("ann@x.org").unwrap();
    assert_eq!(id, 2);
    atomic::write(&users.address_path("ann@x.org"), b"2\n").unwrap();
    assert_eq!(users.by_address("ann@x.org").unwrap(), None, "not registered yet");
    assert_eq!(users.all().unwrap().len(), 1, "no half user is listed");
    // The retry takes the same number and the registration is whole.
    assert_eq!(users.number_for("ann@x.org").unwrap(), 2);
    users.save(&user(2, &["ann@x.org"], "Ann Smith")).unwrap();
    assert_eq!(users.by_address("ANN@x.org").unwrap().map(|u| u.id), Some(2));
    let all = users.all().unwrap();
    assert_eq!(all.iter().map(|u| u.id).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(users.next_id().unwrap(), 3);
  }

  #[test]
  fn an_address_file_naming_another_users_record_means_nothing() {
    let (_temp, users) = store();
    users.save(&user(1, &["bob@x.org"], "Bob Brown")).unwrap();
    // A crash while adding ann@ to user 1 (I AM ALSO): the file, no record.
    atomic::write(&users.address_path("ann@x.org"), b"1\n").unwrap();
    assert_eq!(users.by_address("ann@x.org").unwrap(), None);
    assert_eq!(users.addresses_starting("ann").unwrap(), Vec::new());
    assert_eq!(users.number_for("ann@x.org").unwrap(), 2);
  }

  #[test]
  fn an_old_orphan_record_is_reused_and_never_listed_twice() {
    let (_temp, users) = store();
    // Before the fix the record came first: a crash left a record whose
    // address file was never written, and the retry made a second user.
    let record = toml::to_string(&user(1, &["ann@x.org"], "Ann Smith")).unwrap();
    atomic::write(&users.record_path(1), record.as_bytes()).unwrap();
    assert_eq!(users.by_address("ann@x.org").unwrap(), None);
    assert_eq!(users.all().unwrap(), Vec::new());
    assert_eq!(users.number_for("ann@x.org").unwrap(), 1, "the orphan's number");
    // Where a second user was made all the same, WHO IS shows it once.
    users.save(&user(2, &["ann@x.org"], "Ann Smith")).unwrap();
    let found = users.addresses_starting("ann@").unwrap();
    assert_eq!(found.iter().map(|(_, u)| u.id).collect::<Vec<_>>(), vec![2]);
  }

  #[test]
  fn a_pending_i_am_also_is_kept_per_address_and_dropped() {
    let (_temp, users) = store();
    let now = Utc::now();
    let pending = PendingAlso {
      user: 1,
      address: "Ann@New.org".into(),
      code_hash: "ab".into(),
      salt: "cd".into(),
      requested: now,
      expires: now,
    };
    users.save_pending_also(&pending).unwrap();
    assert_eq!(users.pending_also("ann@new.org").unwrap(), Some(pending));
    assert_eq!(users.pending_also("eve@new.org").unwrap(), None);
    users.drop_pending_also("ann@new.org").unwrap();
    assert_eq!(users.pending_also("ann@new.org").unwrap(), None);
  }

  #[test]
  fn users_are_found_by_any_address_and_prefix() {
    let temp = tempfile::tempdir().unwrap();
    let data = DataDir::new(temp.path());
    data.ensure().unwrap();
    let users = Users::new(&data, Duration::from_secs(1));
    let now = Utc::now();
    let user = User {
      id: users.next_id().unwrap(),
      addresses: vec!["Ann@x.org".into(), "ann@y.org".into()],
      fields: IndexMap::from([("name".to_string(), "Ann Smith".to_string())]),
      registered: now,
      updated: now,
    };
    users.save(&user).unwrap();
    assert_eq!(users.by_address("ann@X.org").unwrap(), Some(user.clone()));
    assert_eq!(users.by_address("ann@y.org").unwrap().map(|u| u.id), Some(1));
    assert_eq!(users.by_address("bob@x.org").unwrap(), None);
    assert_eq!(users.addresses_starting("AN").unwrap().len(), 2);
    assert_eq!(users.next_id().unwrap(), 2);
  }
}
