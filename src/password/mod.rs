//! Game passwords: what a password may be (manual §7.1: letters and
//! digits), and storing them only as argon2id hashes. Like njudge, the
//! judge does not tell upper from lower case in a password, so it hashes
//! the lower-case form.

mod memory;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use memory::Scratch;

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
  let (algorithm, version, params) = hasher();
  let failed = |e: &dyn std::fmt::Display| PasswordError::Hashing(e.to_string());
  let output_len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
  let output = run(algorithm, version, &params, password, salt.as_salt(), output_len)
    .map_err(|e| failed(&e))?;
  let phc = PasswordHash {
    algorithm: algorithm.ident(),
    version: Some(version.into()),
    params: ParamsString::try_from(&params).map_err(|e| failed(&e))?,
    salt: Some(salt.as_salt()),
    hash: Some(output),
  };
  Ok(phc.to_string())
}

/// The algorithm and work of new hashes (see [`CHEAP_FOR_TESTS`]).
fn hasher() -> (Algorithm, Version, Params) {
  if std::env::var_os(CHEAP_FOR_TESTS).is_some() {
    if let Ok(params) = Params::new(Params::MIN_M_COST, Params::MIN_T_COST, 1, None) {
      return (Algorithm::Argon2id, Version::V0x13, params);
    }
  }
  (Algorithm::default(), Version::default(), Params::default())
}

/// Whether `password` is the one `hash` was made from, checked with the
/// work the hash records. A damaged hash matches nothing.
pub fn verify(password: &str, hash: &str) -> bool {
  let Ok(parsed) = PasswordHash::new(hash) else { return false };
  let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else { return false };
  let Ok(algorithm) = Algorithm::try_from(parsed.algorithm) else { return false };
  let version = match parsed.version.map(Version::try_from).transpose() {
    Ok(version) => version.unwrap_or_default(),
    Err(_) => return false,
  };
  let Ok(params) = Params::try_from(&parsed) else { return false };
  match run(algorithm, version, &params, password, salt, expected.len()) {
    // `Output`'s equality takes the same time wherever the bytes differ.
    Ok(computed) => computed == expected,
    Err(_) => false,
  }
}

/// Why argon2 could not run: the inputs were outside what it takes.
#[derive(Debug, thiserror::Error)]
enum RunError {
  #[error("{0}")]
  Argon2(argon2::Error),
  #[error("{0}")]
  Phc(argon2::password_hash::Error),
}

/// Argon2 of the lower-cased password, in memory of its own
/// ([`memory`]), as `output_len` bytes. Should the kernel refuse the
/// mapping, the memory comes from the allocator as the argon2 crate
/// takes it, so a refusal is never taken for a wrong password.
fn run(
  algorithm: Algorithm,
  version: Version,
  params: &Params,
  password: &str,
  salt: argon2::password_hash::Salt<'_>,
  output_len: usize,
) -> Result<Output, RunError> {
  let mut salt_bytes = [0u8; 64];
  let salt = salt.decode_b64(&mut salt_bytes).map_err(RunError::Phc)?;
  let argon2 = Argon2::new(algorithm, version, params.clone());
  let password = password.to_ascii_lowercase();
  let mut output = vec![0u8; output_len];
  match Scratch::new(params.block_count()) {
    Ok(mut scratch) => argon2.hash_password_into_with_memory(
      password.as_bytes(),
      salt,
      &mut output,
      scratch.blocks(),
    ),
    Err(_) => argon2.hash_password_into(password.as_bytes(), salt, &mut output),
  }
  .map_err(RunError::Argon2)?;
  Output::new(&output).map_err(RunError::Phc)
}

#[cfg(test)]
mod tests {
  use super::*;
  use argon2::password_hash::{PasswordHasher, PasswordVerifier};

  /// The judge's own run of argon2 (its memory, its comparison) agrees
  /// with the argon2 crate's both ways: hashes stored before it still
  /// match, and its hashes are ordinary PHC argon2 ones, for every
  /// algorithm and version a stored hash may name.
  #[test]
  fn hashes_are_made_and_checked_as_the_argon2_crate_does() {
    let stored = hash("Secret42").expect("a hash");
    let (_, _, params) = hasher();
    let work = format!("m={},t={},p={}", params.m_cost(), params.t_cost(), params.p_cost());
    assert!(stored.contains(&work), "{stored}");
    let parsed = PasswordHash::new(&stored).expect("a PHC string");
    assert!(Argon2::default().verify_password(b"secret42", &parsed).is_ok());
    assert!(Argon2::default().verify_password(b"secret43", &parsed).is_err());
    let params = Params::new(64, 1, 1, Some(24)).expect("params");
    for algorithm in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
      for version in [Version::V0x13, Version::V0x10] {
        let theirs = Argon2::new(algorithm, version, params.clone());
        let salt = SaltString::generate(&mut OsRng);
        let stored = theirs.hash_password(b"open4me", &salt).expect("a hash").to_string();
        assert!(verify("OPEN4ME", &stored), "{stored}");
        assert!(!verify("open4you", &stored), "{stored}");
        // One bit of the hash changed is a mismatch, not an error.
        let damaged = stored.replace(&stored[stored.len() - 2..], "AA");
        assert_eq!(verify("open4me", &damaged), damaged == stored, "{damaged}");
      }
    }
    assert!(!verify("secret42", "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ"));
    assert!(!verify("secret42", "$scrypt$ln=4,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA"));
  }

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
