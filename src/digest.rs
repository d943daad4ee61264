//! The short keys the judge makes: the first 128 bits of a SHA-256 in hex
//! (a message's key, a sweep's origin, a web form's key, a sign-in's file
//! name) and random ones from the operating system (salts, tokens).

use password_hash::rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// `bytes` in lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
  bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The first 128 bits of the SHA-256 of `bytes`, in hex.
pub fn short(bytes: impl AsRef<[u8]>) -> String {
  hex(&Sha256::digest(bytes.as_ref())[..16])
}

/// 128 random bits from the operating system, in hex.
pub fn random() -> String {
  let mut bytes = [0u8; 16];
  OsRng.fill_bytes(&mut bytes);
  hex(&bytes)
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn keys_are_32_hex_digits_and_random_ones_differ() {
    assert_eq!(short("id:x"), short("id:x"));
    assert_ne!(short("id:x"), short("id:y"));
    assert_eq!(short("").len(), 32);
    assert_ne!(random(), random());
    assert!(random().bytes().all(|b| b.is_ascii_hexdigit()));
  }
}
