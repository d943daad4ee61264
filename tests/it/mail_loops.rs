//! No mail loops, and bounces that reach a person (issue 13, defects 6
//! and 11): every message the judge sends says it is automatic (RFC 3834
//! `Auto-Submitted:`, and `Precedence: bulk` on mail to a whole game), so
//! two judges or a judge and a vacation responder never answer each other;
//! REPLY-TO and SET ADDRESS refuse the judge's own address and addresses
//! known to send automatic mail; and the envelope sender, where bounces
//! go, is the keeper (or `bounce_address`), not the judge.

use crate::judge_support;

use crate::game_support;

use std::path::{Path, PathBuf};

use game_support::{holds, Table, FAST, MASTER, POWERS};
use judge::config::Config;
use judge::mail::outbound::{MailKind, Outgoing};
use judge_support::{Judge, Sent, NOW};

const ANN: &str = "ann@players.test";
const ROBOT: &str = "robot@players.test";

use crate::game_support::START;
const LATER: &str = "2026-03-02T11:00:00Z";

fn assert_automatic(mail: &Sent, auto: &str, bulk: bool) {
  let what = format!("{} | {}\n{}", mail.to, mail.subject, mail.raw);
  assert_eq!(mail.header("Auto-Submitted"), Some(auto), "{what}");
  assert_eq!(mail.header("X-Auto-Response-Suppress"), Some("All"), "{what}");
  assert_eq!(mail.header("Precedence"), bulk.then_some("bulk"), "{what}");
}

#[test]
fn a_reply_says_it_is_an_automatic_reply() {
  let judge = Judge::new();
  judge.send(ANN, "", "VERSION\n");
  let reply = judge.reply_to(ANN);
  assert_automatic(&reply, "auto-replied", false);
  assert_eq!(reply.header("From"), Some("\"Diplomacy Judge\" <judge@localhost>"));
}

#[test]
fn results_and_broadcasts_are_automatic_bulk_mail() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "loops", START);
  table.send("France", LATER, "BROADCAST\nPeace in our time.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  let broadcast: Vec<&Sent> = mail.iter().filter(|m| m.subject.contains("Broadcast")).collect();
  assert!(broadcast.len() >= 7, "everyone hears the broadcast: {mail:#?}");
  for m in broadcast {
    assert_automatic(m, "auto-generated", true);
  }
  assert_automatic(table.reply(&mail, "France"), "auto-replied", false);
  for (power, _) in POWERS {
    table.send(power, LATER, holds(power));
  }
  let mail = judge.take_mail();
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Results")).collect();
  assert_eq!(results.len(), 8, "results to the seven players and the Master: {mail:#?}");
  for m in results {
    assert_automatic(m, "auto-generated", true);
  }
}

#[test]
fn two_judges_mailing_each_other_stop_after_one_reply() {
  let a = Judge::with_config("judge_address = \"judge@a.test\"\njudge_code = \"AAAA\"\n");
  let b = Judge::with_config("judge_address = \"judge@b.test\"\njudge_code = \"BBBB\"\n");
  // Someone made judge A write to judge B (a forged From, say).
  a.send("judge@b.test", "hello", "HELP\n");
  let from_a = a.reply_to("judge@b.test");
  let run = b.receive(from_a.raw.as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(b.take_mail().len(), 0, "judge B must not answer judge A");
  // And judge B now knows judge A sends automatic mail.
  b.send(ANN, "", "REPLY-TO: judge@a.test\nVERSION\n");
  let reply = b.reply_to(ANN);
  assert!(reply.body.contains("marked as sent automatically"), "{}", reply.body);
}

#[test]
fn reply_to_the_judge_itself_is_refused_and_the_reply_goes_to_the_sender() {
  let judge = Judge::new();
  judge.send(ANN, "", "REPLY-TO: Judge@LocalHost\nVERSION\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{mail:#?}");
  assert_eq!(mail[0].to, ANN);
  let body = mail[0].body.replace('\n', " ");
  assert!(body.contains("is this judge's own address, so replies still go to"), "{body}");
  assert!(body.contains("REPLY-TO: name@example.org"), "the fix is shown: {body}");
  assert!(mail[0].body.lines().all(|l| l.chars().count() < 78), "{}", mail[0].body);
}

#[test]
fn reply_to_an_address_that_sent_automatic_mail_is_refused() {
  let judge = Judge::new();
  // Another address is accepted: the refusal below is about the robot.
  judge.send(ANN, "", "REPLY-TO: bob@players.test\nVERSION\n");
  assert_eq!(judge.reply_to("bob@players.test").to, "bob@players.test");
  let vacation = judge.message(ROBOT, "Away", "I am on holiday.\n");
  let vacation = vacation.replacen("To:", "Auto-Submitted: auto-replied\r\nTo:", 1);
  assert_eq!(judge.receive(vacation.as_bytes()).status, 0);
  assert_eq!(judge.take_mail().len(), 0, "an automatic reply is never answered");
  judge.send(ANN, "", "REPLY-TO: Robot@Players.test\nVERSION\n");
  let reply = judge.reply_to(ANN);
  let body = reply.body.replace('\n', " ");
  assert!(body.contains("Robot@Players.test was refused, so replies still go to"), "{body}");
  assert!(body.contains("marked as sent automatically"), "{body}");
  // Its owner writes in person: the address is usable again.
  judge.send(ROBOT, "", "VERSION\n");
  judge.take_mail();
  judge.send(ANN, "", "REPLY-TO: robot@players.test\nVERSION\n");
  assert_eq!(judge.reply_to(ROBOT).to, ROBOT);
}

#[test]
fn set_address_to_the_judge_or_an_automatic_sender_is_refused() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "loops", START);
  table.send("France", LATER, "SET ADDRESS judge@localhost\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  let body = reply.body.replace('\n', " ");
  assert!(body.contains("names this judge's own address"), "{body}");
  assert!(body.contains("Nothing was changed."), "{body}");
  assert!(mail.iter().all(|m| !m.subject.contains("Address Change")), "{mail:#?}");
  let vacation = judge.message(ROBOT, "Away", "I am on holiday.\n");
  let vacation = vacation.replacen("To:", "Auto-Submitted: auto-replied\r\nTo:", 1);
  assert_eq!(judge.receive(vacation.as_bytes()).status, 0);
  table.send("France", LATER, &format!("SET ADDRESS {ROBOT}\n"));
  let mail = judge.take_mail();
  let body = table.reply(&mail, "France").body.replace('\n', " ");
  assert!(body.contains("marked as sent automatically"), "{body}");
  // France's mail still comes to France.
  table.send("France", LATER, "BROADCAST\nStill here.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  assert!(mail.iter().all(|m| m.to != ROBOT && m.to != "judge@localhost"), "{mail:#?}");
  assert!(mail.iter().any(|m| m.to == MASTER), "{mail:#?}");
}

/// Writes a fake sendmail that appends its arguments to `argv`. The file
/// is written and closed before any judge process of this test starts.
fn fake_sendmail(dir: &Path) -> PathBuf {
  use std::os::unix::fs::PermissionsExt;
  let path = dir.join("fake-sendmail");
  let out = dir.join("argv");
  let text = format!("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{}'\ncat > /dev/null\n", out.display());
  std::fs::write(&path, text).expect("script written");
  std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
  path
}

/// The `-f` argument sendmail got: the envelope sender.
fn envelope_sender(settings: &str) -> String {
  let dir = tempfile::tempdir().expect("a temp dir");
  let command = fake_sendmail(dir.path());
  let config = format!(
    "judge_address = \"judge@a.test\"\nkeeper_address = \"keeper@a.test\"\n{settings}\
     [transport]\nkind = \"sendmail\"\ncommand = \"{}\"\n",
    command.display()
  );
  let judge = Judge::with_config(&config);
  judge.send(ANN, "", "VERSION\n");
  let argv = std::fs::read_to_string(dir.path().join("argv")).expect("sendmail ran");
  let args: Vec<&str> = argv.lines().collect();
  assert_eq!(args.last(), Some(&ANN), "{args:?}");
  let f = args.iter().position(|a| *a == "-f").expect("an -f argument");
  args[f + 1].to_string()
}

#[test]
fn bounces_go_to_the_keeper_by_default_and_to_bounce_address_when_set() {
  assert_eq!(envelope_sender(""), "keeper@a.test");
  assert_eq!(envelope_sender("bounce_address = \"bounces@a.test\"\n"), "bounces@a.test");
}

#[test]
fn rendered_mail_has_the_bounce_address_as_envelope_sender() {
  let mail = [Outgoing {
    to: ANN.into(),
    subject: "x".into(),
    body: "y\n".into(),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Notice,
    attachments: Vec::new(),
  }];
  let now = NOW.parse().expect("a time");
  let mut config = Config { keeper_address: "keeper@a.test".into(), ..Config::default() };
  let rendered = judge::delivery::render(&config, "origin", now, &mail);
  assert_eq!(rendered[0].from, "keeper@a.test");
  assert!(rendered[0].bytes.contains("From: \"Diplomacy Judge\" <judge@localhost>"));
  config.bounce_address = "bounces@a.test".into();
  let rendered = judge::delivery::render(&config, "origin", now, &mail);
  assert_eq!(rendered[0].from, "bounces@a.test");
}
