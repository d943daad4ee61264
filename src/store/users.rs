//! The registration store: one record per user (`users/<id>.toml`) holding
//! their REGISTER fields and every address they use, and one small file per
//! address (`users/by-address/<address>`) naming its user, so finding the
//! sender of a message is one file read. No password is ever kept here.
//! Changes happen under `lock/users.lock`.

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
fn address_file_name(address: &str) -> String {
  let mut name = String::new();
  for (i, byte) in canonical(address).bytes().enumerate() {
    let safe = byte.is_ascii_alphanumeric() || b"@_+-".contains(&byte) || (byte == b'.' && i > 0);
    if safe {
      name.push(byte as char);
    } else {
      name.push_str(&format!("%{byte:02x}"));
    }
  }
  name
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

  /// The user an address belongs to, if registered.
  pub fn by_address(&self, address: &str) -> Result<Option<User>, StoreError> {
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
    self.get(id)
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

  /// Every user, by number.
  pub fn all(&self) -> Result<Vec<User>, StoreError> {
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

  /// Saves a user record (call under [`Users::lock`]): the record first,
  /// then its address files, so a crash between leaves at worst an address
  /// that is not yet findable, never one pointing at nothing.
  pub fn save(&self, user: &User) -> Result<(), StoreError> {
    std::fs::create_dir_all(self.dir.join("by-address"))
      .map_err(|e| StoreError::io("cannot create", &self.dir, e))?;
    let text = toml::to_string(user).map_err(|e| StoreError::Damaged {
      path: self.record_path(user.id),
      message: e.to_string(),
    })?;
    atomic::write(&self.record_path(user.id), text.as_bytes())?;
    let id = format!("{}\n", user.id);
    for address in &user.addresses {
      let path = self.address_path(address);
      if std::fs::read_to_string(&path).ok().as_deref() != Some(id.as_str()) {
        atomic::write(&path, id.as_bytes())?;
      }
    }
    Ok(())
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
