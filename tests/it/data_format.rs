//! The data directory's format version (`DIR/format`): written when a
//! directory is made, added to a directory from before versions, and a
//! newer judge's directory refused untouched, with exit 75 so that the
//! MTA keeps the mail until the keeper upgrades the judge.

use crate::judge_support;

use judge_support::Judge;

/// The version this judge writes (src/store/format.rs's `CURRENT`).
const CURRENT: u32 = 1;

fn format_of(judge: &Judge) -> Option<String> {
  std::fs::read_to_string(judge.data().join("format")).ok().map(|t| t.trim().to_string())
}

fn set_format(judge: &Judge, version: u32) {
  std::fs::write(judge.data().join("format"), format!("{version}\n")).expect("write format");
}

#[test]
fn init_writes_the_current_version() {
  let judge = Judge::new();
  let run = judge.run(&["init"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(format_of(&judge), Some(CURRENT.to_string()));
}

#[test]
fn the_first_receive_into_a_new_directory_writes_the_version() {
  let judge = Judge::new();
  judge.send("ann@players.test", "hello", "HELP\nSIGN OFF\n");
  assert_eq!(format_of(&judge), Some(CURRENT.to_string()));
}

#[test]
fn a_directory_from_before_versions_is_upgraded_and_keeps_its_data() {
  let judge = Judge::new();
  judge.send("ann@players.test", "hello", "HELP\nSIGN OFF\n");
  judge.take_mail();
  // As today's layout looked before the version file existed.
  std::fs::remove_file(judge.data().join("format")).expect("remove format");
  let before = judge.snapshot();

  let check = judge.run(&["check"], b"");
  assert!(
    check.stdout.lines().any(|l| l.starts_with("warning:") && l.contains("no `format` file")),
    "{}",
    check.stdout
  );
  assert_eq!(format_of(&judge), None, "check changes nothing");

  judge.sweep_at(judge_support::NOW);
  assert_eq!(format_of(&judge), Some(CURRENT.to_string()));
  let log = std::fs::read_to_string(judge.data().join("log/judge.log")).unwrap_or_default();
  assert!(log.contains("data directory upgraded"), "the keeper's log says so: {log}");
  let after = judge.snapshot();
  for (path, bytes) in &before {
    assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
  }
  let check = judge.run(&["check"], b"");
  assert!(
    check
      .stdout
      .lines()
      .any(|l| l == format!("ok: data directory format {CURRENT} (this judge's)")),
    "{}",
    check.stdout
  );
}

#[test]
fn a_newer_format_is_refused_by_receive_with_exit_75_and_the_mail_kept_by_the_mta() {
  let judge = Judge::new();
  assert_eq!(judge.run(&["init"], b"").status, 0);
  set_format(&judge, CURRENT + 1);
  let before = judge.snapshot();

  let message = judge.message("ann@players.test", "hello", "HELP\nSIGN OFF\n");
  let run = judge.receive(message.as_bytes());
  assert_eq!(run.status, 75, "{}", run.stderr);
  let said = format!(
    "data directory format {} is newer than this judge understands ({CURRENT}); \
     upgrade the judge or restore the old binary",
    CURRENT + 1
  );
  assert!(run.stderr.contains(&said), "{}", run.stderr);
  let log = std::fs::read_to_string(judge.data().join("log/judge.log")).unwrap_or_default();
  assert!(log.contains(&said), "the keeper's log says why: {log}");
  // Nothing was touched: not spooled, not answered, not marked seen.
  assert_eq!(judge.snapshot(), before);
  assert!(judge.take_mail().is_empty());

  // The sweep refuses the same way.
  let run = judge.run(&["sweep"], b"");
  assert_eq!(run.status, 75, "{}", run.stderr);
  assert!(run.stderr.contains(&said), "{}", run.stderr);
  assert_eq!(judge.snapshot(), before);

  // Once the right judge is back, the MTA's redelivery is carried out.
  set_format(&judge, CURRENT);
  let run = judge.receive(message.as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(judge.reply_to("ann@players.test").subject.starts_with("Re: XXXX"));
}

#[test]
fn check_reports_a_newer_format_as_a_problem() {
  let judge = Judge::new();
  assert_eq!(judge.run(&["init"], b"").status, 0);
  let run = judge.run(&["check"], b"");
  assert_eq!(run.status, 0, "{}", run.stdout);
  assert!(run.stdout.contains(&format!("ok: data directory format {CURRENT}")), "{}", run.stdout);

  set_format(&judge, CURRENT + 1);
  let run = judge.run(&["check"], b"");
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert!(
    run.stdout.lines().any(|l| l.starts_with("problem:")
      && l.contains(&format!("data directory format {} is newer", CURRENT + 1))),
    "{}",
    run.stdout
  );
}

#[test]
fn a_format_file_that_is_not_a_number_is_refused() {
  let judge = Judge::new();
  assert_eq!(judge.run(&["init"], b"").status, 0);
  std::fs::write(judge.data().join("format"), "two\n").expect("write format");
  let run = judge.run(&["sweep"], b"");
  assert_eq!(run.status, 75, "{}", run.stderr);
  assert!(run.stderr.contains("not a format version number"), "{}", run.stderr);
  let run = judge.run(&["check"], b"");
  assert_eq!(run.status, 1, "{}", run.stdout);
}
