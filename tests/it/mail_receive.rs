//! `judge receive`, `judge sweep` and `judge init` as the MTA and cron see
//! them: noise gets silence, bad input gets a clear reply or silence and
//! never a panic, nothing is lost or done twice (CONTRACT, issue 3).

use crate::judge_support;

use judge_support::Judge;

const ANN: &str = "ann@players.test";

fn assert_silent_and_unchanged(judge: &Judge, raw: &[u8]) {
  let before = judge.snapshot();
  let run = judge.receive(raw);
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(judge.take_mail().len(), 0, "no reply");
  assert_eq!(judge.snapshot(), before, "the data dir is as it was");
}

#[test]
fn receive_on_a_missing_data_dir_creates_it() {
  let judge = Judge::new();
  assert!(!judge.data().exists());
  judge.send(ANN, "", "VERSION\n");
  assert!(judge.data().join("judge.toml").is_file());
  assert_eq!(judge.take_mail().len(), 1);
  let log = std::fs::read_to_string(judge.data().join("log/judge.log")).unwrap_or_default();
  assert!(log.contains("ann@players.test") && log.contains("VERSION"), "{log}");
}

#[test]
fn init_writes_a_commented_config_once() {
  let judge = Judge::new();
  let run = judge.run(&["init"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  let config = std::fs::read_to_string(judge.data().join("judge.toml")).unwrap_or_default();
  assert!(config.contains("judge_code = \"XXXX\"") && config.contains("# "), "{config}");
  std::fs::write(judge.data().join("judge.toml"), "judge_code = \"MINE\"\n").unwrap();
  assert_eq!(judge.run(&["init"], b"").status, 0);
  let kept = std::fs::read_to_string(judge.data().join("judge.toml")).unwrap_or_default();
  assert_eq!(kept, "judge_code = \"MINE\"\n");
  judge.send(ANN, "", "VERSION\n");
  assert_eq!(judge.reply_to(ANN).subject, "Re: MINE");
}

#[test]
fn mail_system_noise_gets_no_reply() {
  let judge = Judge::new();
  judge.send(ANN, "", "VERSION\n");
  judge.take_mail();
  let plain = judge.message(ANN, "x", "HELP\n");
  let with_header = |h: &str| plain.replacen("To:", &format!("{h}\r\nTo:"), 1);
  // An automatic reply changes one thing: its sender is noted as one that
  // sends automatic mail (REPLY-TO refuses it; see tests/it/mail_loops.rs).
  let before = judge.snapshot();
  let auto = with_header("Auto-Submitted: auto-replied");
  assert_eq!(judge.receive(auto.as_bytes()).status, 0);
  assert_eq!(judge.take_mail().len(), 0, "no reply");
  let mut after = judge.snapshot();
  assert!(after.remove(std::path::Path::new("automatic/ann@players.test")).is_some());
  assert_eq!(after, before, "nothing else changed");
  for raw in [
    with_header("Precedence: bulk"),
    with_header("Precedence: junk"),
    with_header("Precedence: list"),
    with_header("Return-Path: <>"),
    plain.replace(ANN, "MAILER-DAEMON@mx.players.test"),
    plain.replace(ANN, "postmaster@players.test"),
    plain.replace(ANN, "judge@localhost"),
    format!("From MAILER-DAEMON Mon Mar  2 23:00:00 2026\n{plain}"),
  ] {
    assert_silent_and_unchanged(&judge, raw.as_bytes());
  }
  let answered = with_header("Auto-Submitted: no");
  assert_eq!(judge.receive(answered.as_bytes()).status, 0);
  assert_eq!(judge.take_mail().len(), 2, "Auto-Submitted: no is a person");
}

#[test]
fn bad_input_never_panics() {
  let judge = Judge::new();
  judge.send(ANN, "", "VERSION\n");
  judge.take_mail();
  let random: Vec<u8> = (0..5000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
  assert_silent_and_unchanged(&judge, &random);
  assert_silent_and_unchanged(&judge, b"");
  assert_silent_and_unchanged(&judge, b"Subject: nobody\r\n\r\nHELP\r\n");

  let broken = "From: ann@players.test\r\nSubject: broken\r\nMIME-Version: 1.0\r\n\
     Content-Type: multipart/mixed; boundary=\"zzz\"\r\n\r\n--zzz\r\nContent-Type: text/plain\r\n\r\nVERSION\r\n";
  assert_eq!(judge.receive(broken.as_bytes()).status, 0);
  let unknown =
    judge.message(ANN, "charset", "VERSION\n").replace("charset=utf-8", "charset=x-klingon");
  assert_eq!(judge.receive(unknown.as_bytes()).status, 0);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "both answered: {mail:#?}");
  assert!(mail.iter().all(|m| m.body.contains(env!("CARGO_PKG_VERSION"))));
}

#[test]
fn a_huge_message_gets_a_polite_reply_and_nothing_is_read() {
  let judge = Judge::new();
  let mut body = String::from("REGISTER\nName: Ann Smith\nEND\n");
  while body.len() < 20 * 1024 * 1024 {
    body.push_str("padding padding padding padding padding padding padding padding\n");
  }
  let run = judge.receive(judge.message(ANN, "big", &body).as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("nothing in it was read"), "{}", reply.body);
  assert!(judge.files_in("users").iter().all(|p| p.is_dir()));
}

#[test]
fn an_encoded_line_break_in_the_subject_cannot_inject_headers() {
  let judge = Judge::new();
  let raw = judge.message(ANN, "=?utf-8?Q?hi=0D=0ABcc:_victim@evil.test?=", "VERSION\n");
  assert_eq!(judge.receive(raw.as_bytes()).status, 0);
  let reply = judge.reply_to(ANN);
  assert!(reply.header("bcc").is_none(), "{}", reply.raw);
  assert_eq!(reply.headers.get("subject").map(Vec::len), Some(1));
  assert!(!reply.raw.contains("\r\nBcc:"), "{}", reply.raw);
}

#[test]
fn the_reply_goes_to_the_last_reply_to_unless_the_body_says_otherwise() {
  let judge = Judge::new();
  let raw = judge.message(ANN, "", "VERSION\n").replacen(
    "To:",
    "Reply-To: first@players.test\r\nReply-To: second@players.test\r\nTo:",
    1,
  );
  judge.receive(raw.as_bytes());
  assert_eq!(judge.take_mail()[0].to, "second@players.test");

  judge.send(ANN, "", "REPLY-TO: third@players.test\nVERSION\n");
  assert_eq!(judge.take_mail()[0].to, "third@players.test");
}

#[test]
fn html_only_mail_is_read_and_the_html_copy_of_multipart_mail_is_not() {
  let judge = Judge::new();
  let html = "From: ann@players.test\r\nSubject: html\r\nMessage-ID: <h1@players.test>\r\n\
    MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n\
    <html><body><p>VERSION</p><p>SIGN OFF</p></body></html>\r\n";
  judge.receive(html.as_bytes());
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains(env!("CARGO_PKG_VERSION")), "{}", reply.body);

  let alternative = "From: ann@players.test\r\nSubject: alt\r\nMessage-ID: <h2@players.test>\r\n\
    MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"b\"\r\n\r\n\
    --b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nVERSION\r\n\
    --b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>VERSION</p><p>GET WHOIS</p>\r\n--b--\r\n";
  judge.receive(alternative.as_bytes());
  let reply = judge.reply_to(ANN);
  assert!(!reply.body.contains("WHOIS"), "{}", reply.body);
}

#[test]
fn passwords_are_masked_in_replies_and_logs() {
  let judge = Judge::new();
  judge.send(ANN, "", "SIGN ON ?game s3cr3tpw\nCREATE ?newgame hunter2pw\n");
  let reply = judge.reply_to(ANN);
  assert!(!reply.raw.contains("s3cr3tpw") && !reply.raw.contains("hunter2pw"), "{}", reply.raw);
  let log = std::fs::read_to_string(judge.data().join("log/judge.log")).unwrap_or_default();
  assert!(!log.contains("s3cr3tpw") && !log.contains("hunter2pw"), "{log}");
}

fn failing_transport() -> String {
  "[transport]\nkind = \"sendmail\"\ncommand = \"/nonexistent/sendmail\"\n".to_string()
}

/// A transport that refuses mail after the message was carried out does
/// not make the MTA deliver the message again (exit 0): the reply waits in
/// the queue, a redelivery changes nothing, and it goes out once mail
/// flows again.
#[test]
fn a_transport_failure_after_the_commit_leaves_the_reply_queued_and_nothing_twice() {
  let judge = Judge::with_config(&failing_transport());
  let raw = judge.message(
    ANN,
    "",
    "REGISTER\nName: Ann Smith\nEmail: ann@players.test\n\
    Address: 1 Main St, Springfield\nCountry: USA\nLevel: Novice\nEND\n",
  );
  let first = judge.receive(raw.as_bytes());
  assert_eq!(first.status, 0, "carried out: the MTA is done: {}", first.stderr);
  assert_eq!(judge.files_in("queue").len(), 1, "the reply waits in the queue");
  assert!(judge.files_in("spool").is_empty(), "the message itself is done");

  // Were the MTA to deliver the same message again, still without a
  // transport...
  assert_eq!(judge.receive(raw.as_bytes()).status, 0);
  assert_eq!(judge.files_in("queue").len(), 1, "no second reply");

  // ...and once mail flows again, the one reply goes out and nothing is redone.
  std::fs::write(judge.data().join("judge.toml"), "").unwrap();
  assert_eq!(judge.receive(raw.as_bytes()).status, 0);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{mail:#?}");
  assert!(mail[0].body.contains("registered on this judge as user #1"));
  assert!(judge.files_in("queue").is_empty());
  let users = judge.files_in("users").into_iter().filter(|p| p.is_file()).count();
  assert_eq!(users, 1);
}

#[test]
fn sweep_resends_queued_mail_and_is_idempotent() {
  let judge = Judge::with_config(&failing_transport());
  assert_eq!(judge.receive(judge.message(ANN, "", "VERSION\n").as_bytes()).status, 0);
  assert_eq!(judge.files_in("queue").len(), 1, "the reply waits in the queue");
  assert_eq!(judge.run(&["sweep"], b"").status, 75, "still no transport");
  std::fs::write(judge.data().join("judge.toml"), "").unwrap();
  let run = judge.run(&["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(judge.take_mail().len(), 1);
  let before = judge.snapshot();
  assert_eq!(judge.run(&["sweep"], b"").status, 0);
  assert_eq!(judge.take_mail().len(), 0);
  assert_eq!(judge.snapshot(), before);
}

#[test]
fn sweep_carries_out_what_a_crash_left_in_the_spool() {
  let judge = Judge::new();
  assert_eq!(judge.run(&["init"], b"").status, 0);
  let raw = judge.message(ANN, "left behind", "VERSION\n");
  std::fs::write(judge.data().join("spool/00000000000000000001-crash.eml"), &raw).unwrap();
  assert_eq!(judge.run(&["sweep"], b"").status, 0);
  let reply = judge.reply_to(ANN);
  assert_eq!(reply.subject, "Re: XXXX left behind");
  assert!(judge.files_in("spool").is_empty());
}

#[test]
fn a_hundred_simultaneous_deliveries_are_all_answered() {
  let judge = std::sync::Arc::new(Judge::new());
  assert_eq!(judge.run(&["init"], b"").status, 0);
  let handles: Vec<_> = (0..100)
    .map(|i| {
      let judge = judge.clone();
      std::thread::spawn(move || {
        let raw = judge.message(&format!("p{i}@players.test"), &format!("n{i}"), "VERSION\n");
        judge.receive(raw.as_bytes()).status
      })
    })
    .collect();
  let statuses: Vec<i32> = handles.into_iter().filter_map(|h| h.join().ok()).collect();
  assert_eq!(statuses, vec![0; 100]);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 100);
  let mut subjects: Vec<String> = mail.iter().map(|m| m.subject.clone()).collect();
  subjects.sort();
  subjects.dedup();
  assert_eq!(subjects.len(), 100, "every message answered once");
}

#[test]
fn a_damaged_queue_file_is_set_aside_and_the_rest_is_sent() {
  let judge = Judge::with_config(&failing_transport());
  assert_eq!(judge.receive(judge.message(ANN, "", "VERSION\n").as_bytes()).status, 0);
  std::fs::write(judge.data().join("queue/00000000000000000000-bad.json"), "{not json").unwrap();
  std::fs::write(judge.data().join("judge.toml"), "").unwrap();
  let run = judge.run(&["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(judge.take_mail().len(), 1, "the good message went out");
  assert!(judge.data().join("queue/00000000000000000000-bad.damaged").is_file());
}
