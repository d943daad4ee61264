//! Reading inbound mail: fixtures for every encoding and shape the
//! CONTRACT names, every kind of mail-system noise, and garbage.

use judge::mail::inbound::{plausible_address, Inbound, Noise};
use pretty_assertions::assert_eq;
use proptest::prelude::*;

const JUDGE: &str = "judge@example.net";

fn fixture(name: &str) -> Vec<u8> {
  let path = format!("{}/tests/fixtures/mail/{name}", env!("CARGO_MANIFEST_DIR"));
  std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn parse(name: &str) -> Inbound {
  Inbound::parse(&fixture(name), JUDGE)
}

#[test]
fn plain_message_with_crlf_line_ends() {
  let mail = parse("plain.eml");
  assert_eq!(mail.noise, None);
  assert_eq!(mail.from.as_deref(), Some("player@example.org"));
  assert_eq!(mail.reply_to, None);
  assert_eq!(mail.reply_address(), Some("player@example.org"));
  assert_eq!(mail.subject, "my orders");
  assert_eq!(mail.message_id.as_deref(), Some("plain-1@example.org"));
  assert_eq!(
    mail.references,
    vec!["root@example.net", "second@example.net", "plain-1@example.org"]
  );
  assert_eq!(mail.body, "SIGNON Fdt secret\nA PAR-BUR\nSIGNOFF\n");
}

#[test]
fn mbox_from_line_is_tolerated() {
  let mail = parse("mbox_from_line.eml");
  assert_eq!(mail.noise, None);
  assert_eq!(mail.from.as_deref(), Some("player@example.org"));
  assert_eq!(mail.subject, "list");
  assert_eq!(mail.message_id.as_deref(), Some("mbox-1@example.org"));
  assert_eq!(mail.references, vec!["mbox-1@example.org"]);
  assert_eq!(mail.body, "LIST\n");
}

#[test]
fn quoted_printable_utf8_with_soft_breaks() {
  let mail = parse("quoted_printable.eml");
  assert_eq!(mail.noise, None);
  assert_eq!(mail.from.as_deref(), Some("jurgen@example.org"));
  assert_eq!(mail.subject, "Beförderung");
  assert_eq!(
    mail.body,
    "PRESS TO F\nGrüße von Müller — 東京, this is a rather long line that was softly broken.\n\
     ENDPRESS\n"
  );
}

#[test]
fn base64_utf8() {
  let mail = parse("base64.eml");
  assert_eq!(mail.body, "SIGNON Fdt secret\nA PAR-BUR — Müller\nSIGNOFF\n");
}

#[test]
fn iso_8859_1_eight_bit() {
  assert_eq!(parse("iso_8859_1.eml").body, "Grüß Gott, Müller. Café.\n");
}

#[test]
fn windows_1252_quoted_printable() {
  assert_eq!(parse("windows_1252.eml").body, "Price € 5, “quoted” and Müller.\n");
}

#[test]
fn shift_jis_body_and_iso_2022_jp_subject() {
  let mail = parse("shift_jis.eml");
  assert_eq!(mail.subject, "東京");
  assert_eq!(mail.body, "東京 A PAR-BUR\n");
}

#[test]
fn unknown_charset_is_read_as_latin_1() {
  assert_eq!(parse("unknown_charset.eml").body, "Grüße, Müller.\n");
}

#[test]
fn missing_charset_with_eight_bit_bytes_is_read_as_latin_1() {
  assert_eq!(parse("no_charset_8bit.eml").body, "Müller sagt Grüß Gott.");
}

#[test]
fn multipart_alternative_reads_only_the_text_part() {
  let mail = parse("alternative.eml");
  assert_eq!(mail.noise, None);
  assert_eq!(mail.body, "A PAR-BUR");
  assert!(!mail.body.contains("SECRET"), "the HTML alternative was read: {:?}", mail.body);
}

#[test]
fn html_only_message_is_read_as_text_without_rewrapping() {
  let mail = parse("html_only.eml");
  assert_eq!(mail.noise, None);
  assert!(!mail.body.contains('<'), "markup left in {:?}", mail.body);
  assert!(!mail.body.contains("color"), "style text left in {:?}", mail.body);
  let lines: Vec<&str> = mail.body.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
  assert_eq!(
    lines,
    vec![
      "SIGNON Fdt secret",
      "A PAR-BUR & Müller",
      "F BRE-MAO",
      "A MAR-SPA and a line that is long enough that a narrow renderer would certainly wrap it \
       somewhere in the middle",
    ]
  );
}

#[test]
fn attachments_are_ignored() {
  let mail = parse("mixed_attachment.eml");
  assert_eq!(mail.body, "A PAR-BUR");
  assert!(!mail.body.contains("ATTACHMENT"));
}

#[test]
fn last_reply_to_header_wins() {
  let mail = parse("multiple_reply_to.eml");
  assert_eq!(mail.reply_to.as_deref(), Some("second@example.org"));
  assert_eq!(mail.reply_address(), Some("second@example.org"));
  assert_eq!(mail.from.as_deref(), Some("player@example.org"));
}

#[test]
fn encoded_crlf_in_subject_does_not_survive() {
  let mail = parse("rfc2047_subject_crlf.eml");
  assert_eq!(mail.subject, "orders Bcc: evil@x");
  assert!(!mail.subject.contains(['\r', '\n']));
}

#[test]
fn subject_controls_and_folding_become_single_spaces() {
  let raw = b"From: p@example.org\r\nSubject: a\tb\r\n  c\x07d\r\n\r\nbody\r\n";
  assert_eq!(Inbound::parse(raw, JUDGE).subject, "a b c d");
}

#[test]
fn auto_submitted_is_noise_unless_no() {
  assert_eq!(
    parse("noise_auto_submitted.eml").noise,
    Some(Noise::AutoSubmitted("auto-replied".into()))
  );
  let human = b"From: p@example.org\nAuto-Submitted: No\nSubject: x\n\nLIST\n";
  assert_eq!(Inbound::parse(human, JUDGE).noise, None);
  let generated = b"From: p@example.org\nAuto-Submitted: auto-generated\n\nLIST\n";
  assert_eq!(
    Inbound::parse(generated, JUDGE).noise,
    Some(Noise::AutoSubmitted("auto-generated".into()))
  );
}

#[test]
fn precedence_bulk_junk_list_are_noise() {
  assert_eq!(parse("noise_precedence_bulk.eml").noise, Some(Noise::Precedence("bulk".into())));
  for value in ["junk", "list", "LIST"] {
    let raw = format!("From: p@example.org\nPrecedence: {value}\n\nLIST\n");
    let noise = Inbound::parse(raw.as_bytes(), JUDGE).noise;
    assert_eq!(noise, Some(Noise::Precedence(value.to_ascii_lowercase())));
  }
  let first_class = b"From: p@example.org\nPrecedence: first-class\n\nLIST\n";
  assert_eq!(Inbound::parse(first_class, JUDGE).noise, None);
}

#[test]
fn null_return_path_is_noise() {
  assert_eq!(parse("noise_null_return_path.eml").noise, Some(Noise::MailSystem("<>".into())));
}

#[test]
fn mailer_daemon_from_is_noise() {
  assert_eq!(
    parse("noise_mailer_daemon_from.eml").noise,
    Some(Noise::MailSystem("MAILER-DAEMON@example.org".into()))
  );
  let bare = b"From: MAILER-DAEMON (Mail Delivery System)\nSubject: x\n\nbounce\n";
  assert!(matches!(Inbound::parse(bare, JUDGE).noise, Some(Noise::MailSystem(_))));
}

#[test]
fn postmaster_return_path_is_noise() {
  assert_eq!(
    parse("noise_postmaster_return_path.eml").noise,
    Some(Noise::MailSystem("<Postmaster@example.org>".into()))
  );
}

#[test]
fn mbox_line_from_mailer_daemon_is_noise() {
  assert_eq!(
    parse("noise_mbox_mailer_daemon.eml").noise,
    Some(Noise::MailSystem("MAILER-DAEMON".into()))
  );
}

#[test]
fn mbox_line_with_null_sender_is_noise() {
  assert_eq!(parse("noise_mbox_null_sender.eml").noise, Some(Noise::MailSystem("<>".into())));
  let empty = b"From  Sun Nov 22 01:38:43 2026\nFrom: p@example.org\n\nLIST\n";
  assert_eq!(Inbound::parse(empty, JUDGE).noise, Some(Noise::MailSystem("<>".into())));
}

#[test]
fn own_address_is_noise_whatever_the_case() {
  assert_eq!(parse("noise_own_address.eml").noise, Some(Noise::OwnAddress));
  let reply_to_judge = b"From: p@example.org\nReply-To: JUDGE@example.net\n\nLIST\n";
  assert_eq!(Inbound::parse(reply_to_judge, JUDGE).noise, Some(Noise::OwnAddress));
  let judge_with_name = b"From: judge@example.net\n\nLIST\n";
  assert_eq!(
    Inbound::parse(judge_with_name, "Diplomacy Judge <judge@example.net>").noise,
    Some(Noise::OwnAddress)
  );
}

#[test]
fn no_from_and_no_reply_to_is_no_sender() {
  let mail = parse("no_from.eml");
  assert_eq!(mail.noise, Some(Noise::NoSender));
  assert_eq!(mail.subject, "anonymous");
  assert_eq!(mail.body, "LIST\n");
}

#[test]
fn reply_to_alone_is_enough() {
  let raw = b"Reply-To: p@example.org\nSubject: x\n\nLIST\n";
  let mail = Inbound::parse(raw, JUDGE);
  assert_eq!(mail.noise, None);
  assert_eq!(mail.reply_address(), Some("p@example.org"));
}

#[test]
fn implausible_addresses_and_ids_count_as_absent() {
  let mail = parse("bad_addresses.eml");
  assert_eq!(mail.from, None);
  assert_eq!(mail.reply_to, None);
  assert_eq!(mail.message_id, None);
  assert_eq!(mail.references, Vec::<String>::new());
  assert_eq!(mail.noise, Some(Noise::NoSender));
}

#[test]
fn plausible_address_rules() {
  assert_eq!(plausible_address("  a.b+c@example.org "), Some("a.b+c@example.org".into()));
  assert_eq!(plausible_address("judge@localhost"), Some("judge@localhost".into()));
  for bad in
    ["", "<>", "nobody", "a b@example.org", "a@", "@example.org", "a@b@c", "a@x\r\nBcc: y", "a@.x"]
  {
    assert_eq!(plausible_address(bad), None, "{bad:?}");
  }
}

#[test]
fn long_reference_chains_keep_root_and_latest() {
  let refs: Vec<String> = (0..40).map(|i| format!("<r{i}@example.org>")).collect();
  let raw = format!(
    "From: p@example.org\nMessage-ID: <me@example.org>\nReferences: {}\n\nLIST\n",
    refs.join("\n ")
  );
  let mail = Inbound::parse(raw.as_bytes(), JUDGE);
  assert_eq!(mail.references.len(), 20);
  assert_eq!(mail.references[0], "r0@example.org");
  assert_eq!(mail.references[1], "r22@example.org");
  assert_eq!(mail.references.last().map(String::as_str), Some("me@example.org"));
}

#[test]
fn broken_mime_boundary_still_gives_a_message() {
  let mail = parse("broken_boundary.eml");
  assert_eq!(mail.from.as_deref(), Some("player@example.org"));
  assert_eq!(mail.noise, None);
  assert!(mail.body.contains("A PAR-BUR"), "{:?}", mail.body);
}

#[test]
fn random_bytes_give_an_inbound_without_a_sender() {
  // A fixed xorshift stream: the same "random" bytes on every run.
  let mut state = 0x2545_f491_4f6c_dd1d_u64;
  let bytes: Vec<u8> = (0..4096)
    .map(|_| {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
      (state >> 24) as u8
    })
    .collect();
  let mail = Inbound::parse(&bytes, JUDGE);
  assert_eq!(mail.noise, Some(Noise::NoSender));
  assert_eq!(Inbound::parse(b"", JUDGE).noise, Some(Noise::NoSender));
  assert_eq!(Inbound::parse(b"From ", JUDGE).noise, Some(Noise::MailSystem("<>".into())));
}

proptest! {
  #![proptest_config(ProptestConfig::with_cases(2000))]

  #[test]
  fn parse_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
    let mail = Inbound::parse(&bytes, JUDGE);
    prop_assert!(!mail.subject.contains(['\r', '\n']));
    prop_assert!(!mail.body.contains('\r'));
  }

  #[test]
  fn parse_never_panics_on_mime_shaped_noise(
    header in "[A-Za-z-]{1,12}: [ -~]{0,40}",
    outer in prop_oneof![
      Just("multipart/mixed"), Just("multipart/alternative"), Just("multipart/digest"),
      Just("message/rfc822"), Just("text/html"),
    ],
    boundary in "[a-z=_-]{0,6}",
    parts in proptest::collection::vec(
      prop_oneof![
        "--[a-z=_-]{0,6}(--)?",
        Just("Content-Type: message/rfc822".to_string()),
        Just("Content-Type: multipart/alternative; boundary=b".to_string()),
        Just("Content-Transfer-Encoding: base64".to_string()),
        Just("Content-Transfer-Encoding: quoted-printable".to_string()),
        "[ -~]{0,30}",
        Just(String::new()),
      ],
      0..24,
    ),
  ) {
    let raw = format!(
      "From: p@example.org\n{header}\nContent-Type: {outer}; boundary=\"{boundary}\"\n\n{}",
      parts.join("\r\n")
    );
    let mail = Inbound::parse(raw.as_bytes(), JUDGE);
    prop_assert!(!mail.subject.contains(['\r', '\n']));
  }
}
