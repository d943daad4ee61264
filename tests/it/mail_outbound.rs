//! Writing outbound mail: well-formed headers from the injected clock,
//! UTF-8 bodies that survive the trip, no header injection, njudge's
//! subjects, and the file transport's outbox.

use chrono::{DateTime, FixedOffset};
use judge::mail::inbound::{Inbound, Noise};
use judge::mail::outbound::{
  is_valid_message_id, render, render_many, MailKind, OutboundError, Outgoing, Rendered, Sender,
};
use judge::mail::subject;
use judge::mail::transport::{write_outbox, Transport};
use mail_parser::{Message, MessageParser};
use pretty_assertions::assert_eq;
use proptest::prelude::*;

const SENDER: Sender<'static> =
  Sender { address: "judge@example.net", name: "Diplomacy Judge", envelope_from: None };

fn now() -> DateTime<FixedOffset> {
  DateTime::parse_from_rfc3339("2026-03-02T23:30:00+01:00").expect("a valid test time")
}

fn reply(subject: &str, body: &str) -> Outgoing {
  Outgoing {
    to: "player@example.org".into(),
    subject: subject.into(),
    body: body.into(),
    in_reply_to: Some("orig-1@example.org".into()),
    references: vec!["root@example.org".into(), "orig-1@example.org".into()],
    kind: MailKind::Reply,
    attachments: Vec::new(),
  }
}

fn rendered(mail: &Outgoing) -> Rendered {
  render(mail, &SENDER, now(), "20260302.1@example.net").expect("renders")
}

fn parsed(rendered: &Rendered) -> Message<'_> {
  MessageParser::default().parse(rendered.bytes.as_bytes()).expect("parses back")
}

/// The raw header lines (unfolded) of a rendered message.
fn header_lines(rendered: &Rendered) -> Vec<String> {
  let head = rendered.bytes.split("\r\n\r\n").next().unwrap_or_default();
  let mut lines: Vec<String> = Vec::new();
  for line in head.split("\r\n") {
    match lines.last_mut() {
      Some(last) if line.starts_with([' ', '\t']) => last.push_str(line),
      _ => lines.push(line.to_string()),
    }
  }
  lines
}

fn header<'a>(lines: &'a [String], name: &str) -> Vec<&'a str> {
  let prefix = format!("{}:", name.to_ascii_lowercase());
  lines
    .iter()
    .filter(|l| l.to_ascii_lowercase().starts_with(&prefix))
    .map(|l| l[prefix.len()..].trim())
    .collect()
}

#[test]
fn reply_has_every_header_the_contract_names() {
  let out = rendered(&reply("Re: XXXX orders", "A PAR-BUR\n"));
  assert_eq!(out.from, "judge@example.net");
  assert_eq!(out.to, "player@example.org");
  assert_eq!(out.message_id, "20260302.1@example.net");
  let lines = header_lines(&out);
  assert_eq!(header(&lines, "Date"), vec!["Mon, 02 Mar 2026 23:30:00 +0100"]);
  assert_eq!(header(&lines, "From"), vec!["\"Diplomacy Judge\" <judge@example.net>"]);
  assert_eq!(header(&lines, "To"), vec!["player@example.org"]);
  assert_eq!(header(&lines, "Subject"), vec!["Re: XXXX orders"]);
  assert_eq!(header(&lines, "Message-ID"), vec!["<20260302.1@example.net>"]);
  assert_eq!(header(&lines, "In-Reply-To"), vec!["<orig-1@example.org>"]);
  assert_eq!(header(&lines, "References"), vec!["<root@example.org> <orig-1@example.org>"]);
  assert_eq!(header(&lines, "MIME-Version"), vec!["1.0"]);
  assert_eq!(header(&lines, "Content-Type"), vec!["text/plain; charset=utf-8"]);
  assert_eq!(header(&lines, "Content-Transfer-Encoding"), vec!["7bit"]);
  assert_eq!(header(&lines, "Auto-Submitted"), vec!["auto-replied"]);
  assert_eq!(header(&lines, "X-Auto-Response-Suppress"), vec!["All"]);
  assert!(header(&lines, "Precedence").is_empty(), "a reply is not bulk mail");

  let message = parsed(&out);
  let date = message.date().expect("a Date header");
  assert_eq!(date.to_rfc3339(), "2026-03-02T23:30:00+01:00");
  assert_eq!(message.message_id(), Some("20260302.1@example.net"));
  assert_eq!(message.subject(), Some("Re: XXXX orders"));
  assert_eq!(message.body_text(0).as_deref().map(str::trim_end), Some("A PAR-BUR"));
}

#[test]
fn a_new_message_has_no_threading_headers() {
  let mut mail = reply("XXXX:dt - S1901M Results", "Results\n");
  mail.in_reply_to = None;
  mail.references.clear();
  let lines = header_lines(&rendered(&mail));
  assert!(header(&lines, "In-Reply-To").is_empty());
  assert!(header(&lines, "References").is_empty());
}

#[test]
fn output_is_seven_bit_ascii_with_short_lines() {
  let body = format!("Müller — 東京\n{}\n", "x".repeat(2000));
  let out = rendered(&reply("Grüße — 東京", &body));
  assert!(out.bytes.is_ascii(), "non-ASCII output");
  assert!(out.bytes.ends_with("\r\n"), "no final line end");
  assert!(out.bytes.split("\r\n").all(|l| l.len() <= 998), "an over-long line");
  assert!(!out.bytes.replace("\r\n", "").contains(['\r', '\n']), "a bare CR or LF");
}

#[test]
fn utf8_body_and_subject_round_trip() {
  let body = "SIGNON Fdt secret\nPRESS TO ALL\nMüller — 東京\nENDPRESS\n";
  let out = rendered(&reply("Grüße — 東京", body));
  let back = Inbound::parse(out.bytes.as_bytes(), "other@example.net");
  assert_eq!(back.body, body);
  assert_eq!(back.subject, "Grüße — 東京");
  assert_eq!(back.from.as_deref(), Some("judge@example.net"));
  // Another judge reading it knows not to answer.
  assert_eq!(back.noise, Some(Noise::AutoSubmitted("auto-replied".into())));
}

/// An order line is one line however long (jDip and the mappers read
/// results a line per order), and goes out as plain 7-bit text that a raw
/// reader sees whole; prose around it is still folded at 78 columns.
#[test]
fn order_lines_stay_whole_and_prose_is_folded() {
  let order = "Italy: Army Venice SUPPORT Austrian Army Tyrolia -> Piedmont.  (*void, dislodged*)";
  let header = ":: Judge: XXXX  Game: Averyveryverylonggamename  Variant: Standard Gunboat, Secret";
  let adjustment =
    "Russia:                   Builds a fleet in St Petersburg (south coast).  (*civil disorder*)";
  let prose = "word ".repeat(30);
  let body = format!("{header}\n\n{order}\n{adjustment}\n{}\n", prose.trim_end());
  assert!(order.len() > 78 && header.len() > 78 && adjustment.len() > 78);
  let out = rendered(&reply("results", &body));
  let raw_lines: Vec<&str> = out.bytes.split("\r\n").collect();
  for whole in [order, header, adjustment] {
    assert!(raw_lines.contains(&whole), "'{whole}' whole in the raw mail:\n{}", out.bytes);
  }
  let back = Inbound::parse(out.bytes.as_bytes(), "other@example.net").body;
  let prose_lines: Vec<&str> = back.lines().filter(|l| l.starts_with("word")).collect();
  assert!(prose_lines.len() >= 2, "the prose folded: {back}");
  assert!(prose_lines.iter().all(|l| l.len() <= 78), "{back}");
  assert!(back.lines().any(|l| l == order), "{back}");
}

/// The echo of a line the judge read is that one line, however long: a
/// long REGISTER address line (sent format=flowed, joined on the way in)
/// must not look as if it had been read as two.
#[test]
fn an_echoed_line_stays_one_line() {
  let echo = format!("> ADDRESS: {}", "Flat 12, The Old Rectory, Long Lane, ".repeat(3));
  let echo = echo.trim_end();
  let body = format!("{echo}\nYour registration was updated.\n");
  let out = rendered(&reply("register", &body));
  let back = Inbound::parse(out.bytes.as_bytes(), "other@example.net").body;
  assert!(echo.len() > 78);
  assert_eq!(back.lines().next(), Some(echo), "{back}");
}

#[test]
fn a_2000_character_line_round_trips() {
  let line: String = ('a'..='z').cycle().take(2000).collect();
  let body = format!("{line}\nA PAR-BUR\n");
  let out = rendered(&reply("long", &body));
  assert_eq!(Inbound::parse(out.bytes.as_bytes(), "other@example.net").body, body);
}

#[test]
fn subject_cannot_inject_a_header() {
  let out = rendered(&reply("orders\r\nBcc: evil@x\r\n\r\nbody", "A PAR-BUR\n"));
  let lines = header_lines(&out);
  assert!(header(&lines, "Bcc").is_empty(), "{lines:?}");
  assert_eq!(header(&lines, "Subject").len(), 1);
  let message = parsed(&out);
  assert_eq!(message.bcc(), None);
  assert_eq!(message.subject(), Some("orders Bcc: evil@x body"));
  assert_eq!(message.body_text(0).as_deref().map(str::trim_end), Some("A PAR-BUR"));
}

#[test]
fn sender_name_cannot_inject_a_header_and_may_be_utf8() {
  let sender =
    Sender { address: "judge@example.net", name: "Jüdge\r\nBcc: evil@x", envelope_from: None };
  let out = render(&reply("x", "y\n"), &sender, now(), "n@example.net").expect("renders");
  assert!(header(&header_lines(&out), "Bcc").is_empty());
  let message = parsed(&out);
  let from = message.from().and_then(|a| a.first()).expect("a From");
  assert_eq!(from.name.as_deref(), Some("Jüdge Bcc: evil@x"));
  assert_eq!(from.address.as_deref(), Some("judge@example.net"));
}

#[test]
fn bad_addresses_are_refused() {
  for bad in ["", "nobody", "a b@example.org", "p@example.org\r\nBcc: evil@x", "<>"] {
    let mut mail = reply("x", "y");
    mail.to = bad.into();
    assert_eq!(
      render(&mail, &SENDER, now(), "1@example.net"),
      Err(OutboundError::BadAddress(bad.into())),
      "{bad:?}"
    );
  }
  let sender = Sender { address: "not an address", name: "J", envelope_from: None };
  assert_eq!(
    render(&reply("x", "y"), &sender, now(), "1@example.net"),
    Err(OutboundError::BadAddress("not an address".into()))
  );
}

#[test]
fn invalid_thread_ids_are_dropped() {
  let mut mail = reply("x", "y");
  mail.in_reply_to = Some("bad id@example.org".into());
  mail.references =
    vec!["ok@example.org".into(), "a>\r\nBcc: evil@x".into(), "".into(), "k@[10.0.0.1]".into()];
  let lines = header_lines(&rendered(&mail));
  assert!(header(&lines, "In-Reply-To").is_empty());
  assert_eq!(header(&lines, "References"), vec!["<ok@example.org> <k@[10.0.0.1]>"]);
  assert!(header(&lines, "Bcc").is_empty());
}

#[test]
fn own_message_id_is_made_safe() {
  let out = render(&reply("x", "y"), &SENDER, now(), "a b>\r\nBcc: c").expect("renders");
  assert!(is_valid_message_id(&out.message_id), "{}", out.message_id);
  assert_eq!(out.message_id, "a_b___Bcc__c@example.net");
  assert!(header(&header_lines(&out), "Bcc").is_empty());
}

#[test]
fn message_id_rules() {
  assert!(is_valid_message_id("20260302.1+x@example.net"));
  assert!(is_valid_message_id("k@[10.0.0.1]"));
  for bad in ["", "a b@x", "<a@x>", "a@x\r\n", "ü@x", "a,b@x", &"x".repeat(251)] {
    assert!(!is_valid_message_id(bad), "{bad:?}");
  }
}

#[test]
fn dates_outside_lettres_range_do_not_panic() {
  for time in ["1969-07-20T20:17:00-04:00", "9999-12-31T23:59:59+14:00"] {
    let now = DateTime::parse_from_rfc3339(time).expect("a valid test time");
    let out = render(&reply("x", "y"), &SENDER, now, "1@example.net").expect("renders");
    assert_eq!(header(&header_lines(&out), "Date").len(), 1);
  }
}

#[test]
fn render_many_gives_each_message_its_own_id() {
  let mut good = reply("Broadcast", "hello\n");
  good.in_reply_to = None;
  let mut bad = good.clone();
  bad.to = "nobody".into();
  let mut n = 0;
  let results = render_many(&[good.clone(), bad, good], &SENDER, now(), || {
    n += 1;
    format!("{n}@example.net")
  });
  let ids: Vec<Result<String, OutboundError>> =
    results.into_iter().map(|r| r.map(|m| m.message_id)).collect();
  assert_eq!(
    ids,
    vec![
      Ok("1@example.net".into()),
      Err(OutboundError::BadAddress("nobody".into())),
      Ok("3@example.net".into())
    ]
  );
}

#[test]
fn reply_subjects_follow_njudge() {
  assert_eq!(subject::reply("XXXX", None, false, "orders"), "Re: XXXX orders");
  assert_eq!(subject::reply("XXXX", None, false, ""), "Re: XXXX");
  assert_eq!(subject::reply("XXXX", None, false, "   "), "Re: XXXX");
  assert_eq!(subject::reply("XXXX", Some(("dt", "S1901M")), false, "my orders"), {
    "Re: XXXX:dt - S1901M my orders"
  });
  assert_eq!(
    subject::reply(
      "XXXX",
      Some(("dt", "S1901M")),
      true,
      "Re: [Error Flag] XXXX:dt - S1901M my orders"
    ),
    "Re: [Error Flag] XXXX:dt - S1901M my orders"
  );
  assert_eq!(subject::reply("XXXX", Some(("dt", "S1901M")), true, "my orders"), {
    "Re: [Error Flag] XXXX:dt - S1901M my orders"
  });
}

/// The variants' turn ids (`S1M`, `B273M`, `A1430B`) come off a re-reply
/// as njudge's do, so subjects do not grow in those games either.
#[test]
fn reply_subjects_do_not_grow_with_a_variant_calendar() {
  for phase in ["S1M", "B273M", "A1430B", "W1900B"] {
    let first = subject::reply("XXXX", Some(("g", phase)), false, "my orders");
    let again = subject::reply("XXXX", Some(("g", phase)), false, &format!("Re: {first}"));
    assert_eq!(again, first, "{phase}");
  }
}

#[test]
fn reply_subjects_do_not_grow() {
  let cases = [
    ("Re: Re: RE : re: orders", "orders"),
    ("Re[2]: orders", "orders"),
    ("re: [error flag] [You are late!] xxxx:dt - f1901r orders", "orders"),
    ("[You are late!] XXXX:dt - S1901M Late Notice: F", "Late Notice: F"),
    ("Re: XXXX:other - W1902A orders", "orders"),
    ("Re: XXXX orders", "orders"),
    ("Re: XXXX", ""),
    ("dt - S1902M orders", "orders"),
    ("Re: Really?", "Really?"),
    ("Rename the game", "Rename the game"),
    ("XXXXL orders", "XXXXL orders"),
    ("S1901 not a phase", "S1901 not a phase"),
    ("Re: Fwd: orders", "orders"),
    ("AW: sv:Antw: Odp: RIF: Réf: TR: WG: FW: orders", "orders"),
    ("orders\r\nBcc: x", "orders Bcc: x"),
  ];
  for (original, rest) in cases {
    let expected = if rest.is_empty() {
      "Re: XXXX:dt - S1902M".to_string()
    } else {
      format!("Re: XXXX:dt - S1902M {rest}")
    };
    assert_eq!(
      subject::reply("XXXX", Some(("dt", "S1902M")), false, original),
      expected,
      "{original:?}"
    );
  }
  let mut subject_line = "orders".to_string();
  for round in 0..5 {
    subject_line = subject::reply("XXXX", Some(("dt", "S1901M")), round % 2 == 0, &subject_line);
  }
  assert_eq!(subject_line, "Re: [Error Flag] XXXX:dt - S1901M orders");
}

#[test]
fn game_subjects() {
  assert_eq!(subject::game("XXXX", "dt", "S1901M", "Results"), "XXXX:dt - S1901M Results");
}

proptest! {
  #[test]
  fn reply_subject_is_one_line_and_stable(original in "\\PC{0,60}", flag: bool) {
    let once = subject::reply("XXXX", Some(("dt", "S1901M")), flag, &original);
    prop_assert!(!once.contains(|c: char| c.is_control()));
    prop_assert_eq!(subject::reply("XXXX", Some(("dt", "S1901M")), flag, &once), once);
  }

  #[test]
  fn any_text_body_round_trips(
    lines in proptest::collection::vec("[^\\r\\n\\p{Cc}\\x{FEFF}]{0,120}", 0..8),
    last_line_end: bool,
  ) {
    let mut body = lines.join("\n");
    if last_line_end && !body.is_empty() {
      body.push('\n');
    }
    let out = rendered(&reply("x", &body));
    // Lines over 78 characters are broken between words: what arrives is
    // the folded text, every line of it whole.
    let folded = judge::mail::outbound::fold_long_lines(&body);
    let expected =
      if folded.is_empty() || folded.ends_with('\n') { folded.clone() } else { folded + "\n" };
    prop_assert_eq!(Inbound::parse(out.bytes.as_bytes(), "other@example.net").body, expected);
  }

  #[test]
  fn folding_keeps_every_word_and_short_lines(
    lines in proptest::collection::vec("[^\\r\\n\\p{Cc}\\x{FEFF}]{0,200}", 0..8),
  ) {
    let body = lines.join("\n");
    let folded = judge::mail::outbound::fold_long_lines(&body);
    // Every word kept, in order (a folded `> ` line repeats its marker).
    let words = |t: &str| {
      t.split_whitespace().filter(|w| w.chars().any(|c| c != '>')).map(str::to_string)
        .collect::<Vec<_>>()
    };
    prop_assert_eq!(words(&folded), words(&body));
    for line in folded.lines() {
      let words = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
      // Lines break at spaces only (not at other Unicode blanks).
      let one_word = words.split(' ').filter(|w| !w.is_empty()).count() <= 1;
      let record = judge::mail::outbound::is_record_line(line);
      let echo = line.starts_with("> ");
      prop_assert!(line.chars().count() <= 78 || one_word || record || echo, "{:?}", line);
    }
    for line in body.lines().filter(|l| l.chars().count() <= 78) {
      prop_assert!(folded.lines().any(|f| f == line), "short lines untouched: {:?}", line);
    }
  }

  #[test]
  fn rendering_never_panics_and_stays_ascii(
    subject_text in "\\PC{0,80}|[\\x00-\\x7f]{0,80}",
    body in "\\PC{0,400}|[\\x00-\\x7f]{0,400}",
    id in "[ -~]{0,40}",
  ) {
    let mail = Outgoing {
      to: "p@example.org".into(), subject: subject_text, body, in_reply_to: Some(id.clone()),
      references: vec![id.clone()],
      kind: MailKind::Reply,
      attachments: Vec::new(),
    };
    let out = render(&mail, &SENDER, now(), &id).expect("renders");
    prop_assert!(out.bytes.is_ascii());
    let lines = header_lines(&out);
    prop_assert_eq!(header(&lines, "Subject").len(), 1);
    prop_assert!(header(&lines, "Bcc").is_empty());
  }
}

fn outbox_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
  let mut files: Vec<_> = std::fs::read_dir(dir)
    .expect("outbox exists")
    .map(|e| e.expect("a directory entry").path())
    .collect();
  files.sort();
  files
}

#[test]
fn file_transport_writes_parseable_eml_files_in_send_order() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let outbox = dir.path().join("data").join("outbox");
  let transport = Transport::File { outbox: outbox.clone() };
  for i in 0..25 {
    let out = render(&reply(&format!("message {i:02}"), "A PAR-BUR\n"), &SENDER, now(), &{
      // Ids that would sort the other way round, and one with odd characters.
      format!("{}.x/y@example.net", 99 - i)
    })
    .expect("renders");
    transport.send(&out).expect("written");
  }
  let files = outbox_files(&outbox);
  assert_eq!(files.len(), 25);
  for (i, path) in files.iter().enumerate() {
    assert_eq!(path.extension().and_then(|e| e.to_str()), Some("eml"));
    let raw = std::fs::read(path).expect("readable");
    let message = MessageParser::default().parse(&raw).expect("parses");
    assert_eq!(message.subject(), Some(format!("message {i:02}").as_str()));
    assert_eq!(message.to().and_then(|a| a.first()).and_then(|a| a.address()), {
      Some("player@example.org")
    });
  }
}

#[test]
fn outbox_names_never_collide_for_the_same_id() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let out = rendered(&reply("same", "same\n"));
  let first = write_outbox(dir.path(), &out).expect("written");
  let second = write_outbox(dir.path(), &out).expect("written");
  assert_ne!(first, second);
  assert!(first < second);
  assert_eq!(outbox_files(dir.path()).len(), 2);
}

#[test]
fn file_transport_reports_an_unwritable_outbox() {
  let dir = tempfile::tempdir().expect("a temp dir");
  let blocker = dir.path().join("file");
  std::fs::write(&blocker, "not a directory").expect("written");
  let transport = Transport::File { outbox: blocker.join("outbox") };
  let result = transport.send(&rendered(&reply("x", "y")));
  assert!(matches!(result, Err(judge::mail::transport::TransportError::File { .. })), "{result:?}");
}

/// Every message says it is automatic (RFC 3834), so that no other judge
/// or vacation responder answers it; mail to a whole game is bulk.
#[test]
fn each_kind_of_mail_says_it_is_automatic() {
  for (kind, auto, precedence) in [
    (MailKind::Reply, "auto-replied", None),
    (MailKind::Notice, "auto-generated", None),
    (MailKind::Bulk, "auto-generated", Some("bulk")),
  ] {
    let mail = Outgoing { kind, ..reply("x", "y\n") };
    let lines = header_lines(&rendered(&mail));
    assert_eq!(header(&lines, "Auto-Submitted"), vec![auto], "{kind:?}");
    assert_eq!(header(&lines, "Precedence"), Vec::from_iter(precedence), "{kind:?}");
    assert_eq!(header(&lines, "X-Auto-Response-Suppress"), vec!["All"], "{kind:?}");
  }
}

/// Bounces go to the envelope sender: the keeper's address, say, while
/// the From header stays the judge's; a bad one falls back to the judge.
#[test]
fn the_envelope_sender_is_the_bounce_address_and_from_stays_the_judge() {
  let sender = Sender { envelope_from: Some("keeper@example.net"), ..SENDER };
  let out = render(&reply("x", "y\n"), &sender, now(), "1@example.net").expect("renders");
  assert_eq!(out.from, "keeper@example.net");
  let lines = header_lines(&out);
  assert_eq!(header(&lines, "From"), vec!["\"Diplomacy Judge\" <judge@example.net>"]);
  let sender = Sender { envelope_from: Some("not an address"), ..SENDER };
  let out = render(&reply("x", "y\n"), &sender, now(), "1@example.net").expect("renders");
  assert_eq!(out.from, "judge@example.net");
}

/// Every line of a message is at most 78 characters, so plain ASCII goes
/// out 7-bit rather than quoted-printable: a long line (say a press line a
/// player wrote without breaks) is broken between words, keeping its
/// indentation; a single word longer than a line is left whole.
#[test]
fn long_lines_are_broken_between_words_and_go_out_seven_bit() {
  let long = "word ".repeat(40);
  let body = format!("Short line.\n    {long}\nEnd.\n");
  let out = rendered(&reply("Re: press", &body));
  let head_end = out.bytes.find("\r\n\r\n").expect("a body");
  let head = &out.bytes[..head_end];
  assert!(!head.to_ascii_lowercase().contains("quoted-printable"), "{head}");
  let link = format!("  https://example.org/{}", "x".repeat(90));
  let out = rendered(&reply("Re: press", &format!("{body}{link}\n")));
  let text = parsed(&out).body_text(0).expect("a text body").into_owned();
  let lines: Vec<&str> = text.lines().collect();
  assert_eq!(lines[0], "Short line.");
  let folded: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("    word")).collect();
  assert!(folded.len() >= 3, "{text}");
  for line in &folded {
    assert!(line.chars().count() <= 78, "{line:?}");
  }
  let words: usize = folded.iter().map(|l| l.split_whitespace().count()).sum();
  assert_eq!(words, 40, "no word lost: {text}");
  assert!(lines.contains(&"End."), "{text}");
  assert_eq!(lines.last(), Some(&link.as_str()), "the link is whole: {text}");
}
