//! Game passwords: what a password may be (manual §7.1: letters and
//! digits), and storing them only as argon2id hashes. Like njudge, the
//! judge does not tell upper from lower case in a password, so it hashes
//! the lower-case form.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// Set (to anything) by the test suite's harness: new hashes take the
/// least work argon2 allows instead of its defaults (19 MiB, two passes:
/// OWASP's recommendation), since the suite's thousands of sign-ons would
/// otherwise spend a third of its time hashing. A hash records its own
/// work, so it is checked the same either way; a judge never sets this.
pub const CHEAP_FOR_TESTS: &str = "JUDGE_TEST_CHEAP_PASSWORDS";

/// The longest password the judge takes.
pub const MAX_LEN: usize = 30;

/// Why a password cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
  #[error("A password is needed.")]
  Missing,
  #[error("A password may hold only letters and digits.")]
  NotAlphanumeric,
  #[error("A password may be at most {MAX_LEN} characters long.")]
  TooLong,
  #[error("The password could not be stored: {0}")]
  Hashing(String),
}

/// Checks that a password is usable.
pub fn check(password: &str) -> Result<(), PasswordError> {
  if password.is_empty() {
    return Err(PasswordError::Missing);
  }
  if !password.chars().all(|c| c.is_ascii_alphanumeric()) {
    return Err(PasswordError::NotAlphanumeric);
  }
  if password.len() > MAX_LEN {
    return Err(PasswordError::TooLong);
  }
  Ok(())
}

/// Checks a password and returns its hash (a PHC string with a fresh salt).
pub fn hash(password: &str) -> Result<String, PasswordError> {
  check(password)?;
  let salt = SaltString::generate(&mut OsRng);
  hasher()
    .hash_password(password.to_ascii_lowercase().as_bytes(), &salt)
    .map(|h| h.to_string())
    .map_err(|e| PasswordError::Hashing(e.to_string()))
}

/// The hasher of new passwords (see [`CHEAP_FOR_TESTS`]).
fn hasher() -> Argon2<'static> {
  if std::env::var_os(CHEAP_FOR_TESTS).is_some() {
    if let Ok(params) = Params::new(Params::MIN_M_COST, Params::MIN_T_COST, 1, None) {
      return Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
    }
  }
  Argon2::default()
}

/// Whether `password` is the one `hash` was made from. A damaged hash
/// matches nothing.
pub fn verify(password: &str, hash: &str) -> bool {
  let Ok(parsed) = PasswordHash::new(hash) else { return false };
  Argon2::default().verify_password(password.to_ascii_lowercase().as_bytes(), &parsed).is_ok()
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_password_is_kept_only_as_a_hash_and_matches_in_any_case() {
    let stored = hash("Secret42").expect("a hash");
    assert!(!stored.to_lowercase().contains("secret42"));
    assert!(stored.starts_with("$argon2id$"));
    assert!(verify("secret42", &stored));
    assert!(verify("SECRET42", &stored));
    assert!(!verify("secret43", &stored));
    assert!(!verify("secret42", "not a hash"));
  }

  /// A hash records the work it took, so one made with the least work
  /// (as the test suite makes them) is checked as any other.
  #[test]
  fn a_hash_of_any_work_is_checked_with_its_own() {
    let params = Params::new(Params::MIN_M_COST, Params::MIN_T_COST, 1, None).expect("params");
    let cheap = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
    let salt = SaltString::generate(&mut OsRng);
    let stored = cheap.hash_password(b"secret42", &salt).expect("a hash").to_string();
    assert!(stored.contains("m=8,t=1,p=1"), "{stored}");
    assert!(verify("Secret42", &stored));
    assert!(!verify("secret43", &stored));
  }

  #[test]
  fn only_letters_and_digits() {
    assert_eq!(check(""), Err(PasswordError::Missing));
    assert_eq!(check("pass word"), Err(PasswordError::NotAlphanumeric));
    assert_eq!(check("pass/word"), Err(PasswordError::NotAlphanumeric));
    assert_eq!(check(&"x".repeat(31)), Err(PasswordError::TooLong));
    assert_eq!(check("abc123"), Ok(()));
  }
}
