//! `judge check` through the real binary: a keeper runs it on a data
//! directory before mail flows, and it must pass a fresh `judge init` and
//! fail, naming the problem, on what would stop the judge.

use crate::judge_support;

use std::os::unix::fs::PermissionsExt;

use judge_support::{Judge, Run};

/// A judge whose data directory `judge init` made.
fn initialised() -> Judge {
  let judge = Judge::new();
  let run = judge.run(&["init"], b"");
  assert_eq!(run.status, 0, "init failed: {}", run.stderr);
  judge
}

fn check(judge: &Judge) -> Run {
  judge.run(&["check"], b"")
}

/// The lines of `run` that start with `label:` and mention `text`.
fn lines<'a>(run: &'a Run, label: &str, text: &str) -> Vec<&'a str> {
  run.stdout.lines().filter(|l| l.starts_with(&format!("{label}:")) && l.contains(text)).collect()
}

fn set_config(judge: &Judge, text: &str) {
  std::fs::write(judge.data().join("judge.toml"), text).expect("write judge.toml");
}

#[test]
fn a_fresh_init_passes_and_says_mail_is_not_really_sent() {
  let judge = initialised();
  let run = check(&judge);
  assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
  assert!(lines(&run, "problem", "").is_empty(), "{}", run.stdout);
  assert_eq!(lines(&run, "warning", "mail is not really sent").len(), 1, "{}", run.stdout);
  let last = run.stdout.lines().last().unwrap_or("");
  assert!(last.starts_with("judge check: 0 problems"), "{last}");
  assert!(last.ends_with("the judge is ready."), "{last}");
}

#[test]
fn a_broken_judge_toml_fails_with_the_parser_error_and_its_line() {
  let judge = initialised();
  set_config(&judge, "judge_code = \"USIN\"\njudge_adress = \"judge@example.org\"\n");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  let found = lines(&run, "problem", "judge_adress");
  assert_eq!(found.len(), 1, "{}", run.stdout);
  assert!(found[0].contains("judge.toml line 2, column 1"), "{}", found[0]);
  assert!(run.stdout.lines().last().unwrap_or("").starts_with("judge check: 1 problem,"));
}

#[test]
fn an_unknown_time_zone_fails() {
  let judge = initialised();
  set_config(&judge, "timezone = \"Mars/Olympus\"\n");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "timezone 'Mars/Olympus'").len(), 1, "{}", run.stdout);
}

#[test]
fn every_setting_the_judge_would_refuse_is_named_not_only_the_first() {
  let judge = initialised();
  set_config(&judge, "timezone = \"Mars/Olympus\"\nkeeper_address = \"the keeper\"\n");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "Mars/Olympus").len(), 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "keeper_address 'the keeper'").len(), 1, "{}", run.stdout);
}

#[test]
fn a_missing_sendmail_command_fails() {
  let judge = initialised();
  set_config(&judge, "[transport]\nkind = \"sendmail\"\ncommand = \"/nonexistent/sendmail\"\n");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "/nonexistent/sendmail does not exist").len(), 1);
  assert!(lines(&run, "warning", "not really sent").is_empty(), "{}", run.stdout);
}

#[test]
fn a_damaged_game_file_fails_naming_the_game() {
  let judge = initialised();
  let mail = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/first-mail.eml"))
    .expect("the README's first mail");
  assert_eq!(judge.receive(&mail).status, 0);
  let run = check(&judge);
  assert_eq!(run.status, 0, "{}", run.stdout);
  assert_eq!(lines(&run, "ok", "1 game loads").len(), 1, "{}", run.stdout);
  assert_eq!(lines(&run, "ok", "1 user record reads").len(), 1, "{}", run.stdout);

  let file = judge.data().join("games/mygame/game.json");
  let bytes = std::fs::read(&file).expect("the game file");
  std::fs::write(&file, &bytes[..bytes.len() / 2]).expect("damage the game");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "game mygame cannot be loaded").len(), 1, "{}", run.stdout);
}

#[test]
fn a_data_directory_other_users_can_read_fails() {
  let judge = initialised();
  let perms = std::fs::Permissions::from_mode(0o755);
  std::fs::set_permissions(judge.data(), perms).expect("chmod");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "can be read by other users (mode 0755)").len(), 1);
  // check only looks: the directory is left as it was.
  let mode = std::fs::metadata(judge.data()).expect("the directory").permissions().mode();
  assert_eq!(mode & 0o777, 0o755);
}

#[test]
fn a_missing_data_directory_fails_and_is_not_created() {
  let judge = Judge::new();
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(lines(&run, "problem", "does not exist: run `judge").len(), 1, "{}", run.stdout);
  assert!(!judge.data().exists());
}

#[test]
fn quarantined_and_spooled_mail_is_reported_without_failing() {
  let judge = initialised();
  std::fs::write(judge.data().join("quarantine/poison.eml"), b"Subject: x\r\n\r\ny\r\n")
    .expect("a quarantined message");
  std::fs::write(judge.data().join("spool/waiting.eml"), b"Subject: x\r\n\r\ny\r\n")
    .expect("a spooled message");
  let run = check(&judge);
  assert_eq!(run.status, 0, "{}", run.stdout);
  assert_eq!(lines(&run, "warning", "quarantine/ holds 1 message").len(), 1, "{}", run.stdout);
  assert_eq!(lines(&run, "warning", "poison.eml").len(), 1, "{}", run.stdout);
  assert_eq!(lines(&run, "warning", "spool/ holds 1 message").len(), 1, "{}", run.stdout);
}

#[test]
fn the_web_settings_are_checked() {
  let judge = initialised();
  set_config(&judge, "[web]\npublic_url = \"judge.example.org\"\nlisten = \"8080\"\n");
  let run = check(&judge);
  assert_eq!(run.status, 1, "{}", run.stdout);
  assert_eq!(
    lines(&run, "problem", "[web] public_url 'judge.example.org'").len(),
    1,
    "{}",
    run.stdout
  );
  assert_eq!(lines(&run, "problem", "[web] listen '8080'").len(), 1, "{}", run.stdout);
}
