//! The data directory holds the SMTP password, password hashes, postal
//! addresses and spooled mail with passwords in clear: no other local user
//! may read any of it. Driven through the real binary, with the test's own
//! umask opened to the usual 022 so that the judge has to close it itself.

use crate::judge_support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use judge_support::Judge;

const ANN: &str = "ann@players.test";

/// The umask a login shell or an MTA commonly hands down.
fn open_umask() {
  rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o022));
}

/// Every file and directory under `root` (the root included) whose mode
/// lets group or others in, with that mode.
fn loose(root: &Path) -> Vec<(PathBuf, u32)> {
  let mut found = Vec::new();
  let mut stack = vec![root.to_path_buf()];
  while let Some(path) = stack.pop() {
    let meta = std::fs::symlink_metadata(&path).unwrap();
    let mode = meta.permissions().mode() & 0o7777;
    if mode & 0o077 != 0 {
      found.push((path.clone(), mode));
    }
    if meta.is_dir() {
      for entry in std::fs::read_dir(&path).unwrap() {
        stack.push(entry.unwrap().path());
      }
    }
  }
  found.sort();
  found
}

/// Opens everything under `root` to the world as an old judge (or a
/// careless `cp -r`) would leave it: directories 0755, files 0644.
fn loosen(root: &Path) {
  let mut stack = vec![root.to_path_buf()];
  while let Some(path) = stack.pop() {
    let meta = std::fs::symlink_metadata(&path).unwrap();
    let mode = if meta.is_dir() { 0o755 } else { 0o644 };
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    if meta.is_dir() {
      for entry in std::fs::read_dir(&path).unwrap() {
        stack.push(entry.unwrap().path());
      }
    }
  }
}

fn register(judge: &Judge, from: &str) {
  judge.send(
    from,
    "register",
    &format!(
      "REGISTER\nName: Ann Smith\nEmail: {from}\nAddress: 12 Rue de Rivoli, Paris 75001\n\
       Country: France\nLevel: amateur\nPhone: +33 1 23 45 67 89\nEND\n"
    ),
  );
}

#[test]
fn nothing_the_judge_writes_can_be_read_by_other_users() {
  open_umask();
  let judge = Judge::new();
  register(&judge, ANN);
  judge.send(ANN, "create", "CREATE ?privy pwann\n");
  judge.send(ANN, "list", "LIST\n");
  judge.sweep_at("2026-03-03T00:00:00Z");
  let files = judge.snapshot();
  assert!(files.keys().any(|p| p.starts_with("games")), "a game was written: {:?}", files.keys());
  assert!(files.keys().any(|p| p.starts_with("users")), "a user was written: {:?}", files.keys());
  assert!(files.keys().any(|p| p.starts_with("outbox")), "mail was written: {:?}", files.keys());
  assert!(judge.data().join("log/judge.log").exists());
  assert_eq!(loose(&judge.data()), vec![]);
}

#[test]
fn judge_init_makes_a_private_directory() {
  open_umask();
  let judge = Judge::new();
  let run = judge.run(&["init"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(judge.data().join("judge.toml").exists());
  assert_eq!(loose(&judge.data()), vec![]);
}

#[test]
fn judge_init_closes_an_existing_loose_directory_and_says_so() {
  open_umask();
  let judge = Judge::new();
  register(&judge, ANN);
  judge.send(ANN, "create", "CREATE ?privy pwann\n");
  loosen(&judge.data());
  assert!(!loose(&judge.data()).is_empty());

  let run = judge.run(&["init"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(loose(&judge.data()), vec![]);
  assert!(run.stdout.contains("could be read by other users"), "{}", run.stdout);
  let log = std::fs::read_to_string(judge.data().join("log/judge.log")).unwrap();
  assert!(log.contains("closed the data directory to other users"), "{log}");

  // Once closed, there is nothing more to say.
  let run = judge.run(&["init"], b"");
  assert!(!run.stdout.contains("could be read by other users"), "{}", run.stdout);
}

/// The sweep, run from cron every few minutes, repairs a directory opened
/// by hand or copied from an old judge. (Needs the sweep to call
/// `judge::store::permissions::tighten`.)
#[test]
fn the_sweep_closes_an_existing_loose_directory() {
  open_umask();
  let judge = Judge::new();
  register(&judge, ANN);
  judge.send(ANN, "create", "CREATE ?privy pwann\n");
  loosen(&judge.data());

  judge.sweep_at("2026-03-03T00:00:00Z");
  assert_eq!(loose(&judge.data()), vec![]);
}
