//! The floor of one order mail (docs/performance.md, "One order mail"):
//! a process that does nothing but the password check, with the judge's
//! allocator: its start-up, 19 MiB of fresh zeroed pages, the hash. Run
//! with `FLOOR_HASH` and `FLOOR_PASSWORD`; without them it exits at once,
//! as a trivial binary does. Exit 0 when the password matches.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use argon2::password_hash::{PasswordHash, PasswordVerifier};

fn main() {
  let (Ok(hash), Ok(password)) = (std::env::var("FLOOR_HASH"), std::env::var("FLOOR_PASSWORD"))
  else {
    return;
  };
  let matches = PasswordHash::new(&hash).is_ok_and(|parsed| {
    argon2::Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
  });
  std::process::exit(if matches { 0 } else { 1 });
}
