//! Mail as 2026's clients write it (issues 14 §1 and 22 §2): players never
//! type SIGN OFF, so the judge passes over quoted text wherever it stands
//! (bottom-posting, top-posting, inline answers), stops at the unquoted
//! original message or signature a mail program adds, and takes a closing
//! salutation with a name for a signature; a line after the orders that
//! is not an order is reported without keeping the orders out;
//! `format=flowed` is unwrapped; and foreign reply prefixes do not pile up
//! in subjects. The `fixtures/clients/` messages are whole messages with
//! the headers and MIME structure their clients write.

use crate::judge_support;

use crate::game_support;

use game_support::{holds, password, player, Table, FAST, POWERS};
use judge::mail::outbound::fold_long_lines;
use judge_support::{Judge, Sent};

use crate::game_support::START;
const TUESDAY: &str = "2026-03-03T12:00:00Z";
const DEADLINE: &str = "2026-03-05T23:30:00Z";

/// France's opening orders, all valid.
const FRANCE_ORDERS: &str = "A Par-Bur\r\nF Bre-Mid\r\nA Mar H\r\n";

/// A whole message as a mail program sends it, `Content-Type` as given.
fn raw(from: &str, subject: &str, content_type: &str, body: &str, n: u32) -> String {
  format!(
    "From: Player <{from}>\r\nTo: Judge <judge@localhost>\r\nSubject: {subject}\r\n\
     Message-ID: <client-{n}@players.test>\r\nDate: Tue, 03 Mar 2026 12:00:00 +0000\r\n\
     MIME-Version: 1.0\r\nContent-Type: {content_type}\r\n\
     Content-Transfer-Encoding: 8bit\r\n\r\n{body}"
  )
}

/// France signs on and sends `rest` after the sign-on line, as a plain
/// UTF-8 message; returns the reply.
fn france_sends(judge: &Judge, subject: &str, rest: &str, n: u32) -> Sent {
  let body = format!("SIGN ON Fclients {}\r\n{rest}", password("France"));
  let message = raw(&player("France"), subject, "text/plain; charset=UTF-8", &body, n);
  let run = judge.run_at(TUESDAY, &["receive"], message.as_bytes());
  assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
  let mail = judge.take_mail();
  mail
    .into_iter()
    .find(|m| m.to == player("France") && m.subject.starts_with("Re:"))
    .expect("a reply to France")
}

/// A started game `clients` whose mail so far is taken.
fn game(judge: &Judge) -> Table<'_> {
  let table = Table::start(judge, "clients", START);
  judge.take_mail();
  table
}

/// The reply took France's three orders and raised no error flag.
fn orders_taken_cleanly(reply: &Sent) {
  assert!(!reply.subject.contains("[Error Flag]"), "{}\n{}", reply.subject, reply.body);
  assert!(reply.body.contains("Army Paris -> Burgundy"), "{}", reply.body);
  assert!(reply.body.contains("Fleet Brest -> Mid-Atlantic Ocean"), "{}", reply.body);
  assert!(!reply.body.contains("had errors"), "{}", reply.body);
}

#[test]
fn a_gmail_reply_is_read_up_to_its_attribution() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!(
    "{FRANCE_ORDERS}\r\nOn Mon, 2 Mar 2026 at 10:00, Judge <judge@localhost> wrote:\r\n\
     > :: Judge: XXXX  Game: clients  Variant: Standard\r\n\
     > Please send your orders.\r\n> A Par-Mos\r\n"
  );
  let reply = france_sends(&judge, "Re: XXXX:clients - S1901M Game Starting", &rest, 1);
  orders_taken_cleanly(&reply);
  assert!(!reply.body.contains("A Par-Mos"), "the quote is not read: {}", reply.body);
  assert!(reply.body.contains("(Lines 6 to 9 quote an earlier message"), "{}", reply.body);
  assert_eq!(reply.body.matches("quote an earlier").count(), 1, "said once: {}", reply.body);
}

#[test]
fn a_gmail_attribution_wrapped_over_two_lines_stops_the_reading() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!(
    "{FRANCE_ORDERS}\r\nOn Mon, 2 Mar 2026 at 10:00, The Diplomacy Judge <judge@localhost>\r\n\
     wrote:\r\n\r\nYour orders please.\r\n"
  );
  let reply = france_sends(&judge, "Re: orders", &rest, 2);
  orders_taken_cleanly(&reply);
  assert!(!reply.body.contains("Your orders please"), "{}", reply.body);
  assert!(reply.body.contains("Reading stopped at line 6"), "{}", reply.body);
}

#[test]
fn an_outlook_reply_is_read_up_to_the_original_message() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!(
    "{FRANCE_ORDERS}\r\n________________________________\r\n\
     From: Judge <judge@localhost>\r\nSent: Monday, March 2, 2026 10:00 AM\r\n\
     To: france@players.test\r\nSubject: XXXX:clients - S1901M Game Starting\r\n\r\n\
     Deadline soon.\r\nA Par-Mos\r\n"
  );
  let reply = france_sends(&judge, "RE: XXXX:clients - S1901M Game Starting", &rest, 3);
  orders_taken_cleanly(&reply);
  assert!(!reply.body.contains("Deadline soon"), "{}", reply.body);
  assert!(reply.body.contains("Original Message"), "why it stopped: {}", reply.body);

  // Outlook's plain `-----Original Message-----` and a bare From:/Sent:
  // block stop the reading too.
  for (n, original) in [
    (4, "-----Original Message-----\r\nFrom: Judge\r\nA Par-Mos\r\n"),
    (5, "From: Judge <judge@localhost>\r\nSent: Monday, 2 March 2026 10:00\r\nA Par-Mos\r\n"),
  ] {
    let reply = france_sends(&judge, "orders", &format!("{FRANCE_ORDERS}\r\n{original}"), n);
    orders_taken_cleanly(&reply);
    assert!(!reply.body.contains("Par-Mos"), "{}", reply.body);
  }
}

#[test]
fn an_iphone_signature_ends_the_orders() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!(
    "{FRANCE_ORDERS}\r\nSent from my iPhone\r\n\r\n\
     On 2 Mar 2026, at 10:00, Judge <judge@localhost> wrote:\r\n\r\n> A Par-Mos\r\n"
  );
  let reply = france_sends(&judge, "Re: XXXX:clients - S1901M Game Starting", &rest, 6);
  orders_taken_cleanly(&reply);
  assert!(reply.body.contains("Sent from my ..."), "why it stopped: {}", reply.body);
  assert!(!reply.body.contains("> Sent from my iPhone"), "not echoed: {}", reply.body);
  assert_eq!(reply.body.matches("Reading stopped").count(), 1, "{}", reply.body);
}

#[test]
fn a_german_reply_is_read_up_to_am_schrieb() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!(
    "{FRANCE_ORDERS}\r\nAm 02.03.2026 um 10:00 schrieb Judge <judge@localhost>:\r\n\
     > Bitte Befehle senden.\r\n"
  );
  let reply = france_sends(&judge, "AW: XXXX:clients - S1901M Game Starting", &rest, 7);
  orders_taken_cleanly(&reply);
  assert!(!reply.body.contains("Befehle"), "{}", reply.body);
  assert!(reply.body.contains("(Lines 6 to 7 quote an earlier message"), "{}", reply.body);
  assert_eq!(reply.subject, "Re: XXXX:clients - S1901M Game Starting");

  let french = format!(
    "{FRANCE_ORDERS}\r\nLe lun. 2 mars 2026 à 10:00, Judge <judge@localhost> a écrit :\r\n\
     > Vos ordres.\r\n"
  );
  let reply = france_sends(&judge, "Réf: orders", &french, 8);
  orders_taken_cleanly(&reply);
  assert!(!reply.body.contains("Vos ordres"), "{}", reply.body);
}

#[test]
fn thanks_and_a_name_after_the_orders_do_not_keep_them_out() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let rest = format!("{FRANCE_ORDERS}\r\nThanks, see you next turn!\r\nCheers, Ann\r\n");
  let reply = france_sends(&judge, "orders", &rest, 9);
  orders_taken_cleanly(&reply);
  assert!(reply.body.contains("'Thanks, see you next turn!' is not an order"), "{}", reply.body);
  assert!(reply.body.contains("'Cheers, Ann' is not an order"), "{}", reply.body);

  // The orders count as in: at the deadline the others are late, France
  // is not.
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  let late = |power: &str| {
    mail.iter().any(|m| m.to == player(power) && m.subject.starts_with("[You are late!]"))
  };
  assert!(late("Germany"), "the others are late: {mail:#?}");
  assert!(!late("France"), "France's orders are in: {:#?}", judge_support::subjects(&mail));

  // A refused order is still an error, as in njudge.
  let reply = france_sends(&judge, "orders", "A Par-Mos\r\nThanks!\r\n", 10);
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.subject);
}

#[test]
fn thanks_after_orders_lets_the_phase_process_when_everyone_is_in() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, TUESDAY, holds(power));
  }
  judge.take_mail();
  let reply = france_sends(&judge, "orders", &format!("{FRANCE_ORDERS}Thanks!\r\nAnn\r\n"), 11);
  orders_taken_cleanly(&reply);
  assert!(reply.body.contains("has been processed"), "the phase was processed: {}", reply.body);
}

/// A REGISTER whose Address line Thunderbird wrapped (RFC 3676).
fn flowed_register(
  judge: &Judge,
  address: &str,
  content_type: &str,
  wrapped: &str,
  n: u32,
) -> Sent {
  let body = format!(
    "REGISTER\r\nName: Anna Tester\r\n{wrapped}Country: Testland\r\n\
     Email: {address}\r\nLevel: Novice\r\nEND\r\n\r\n-- \r\nAnna\r\n"
  );
  let message = raw(address, "register", content_type, &body, n);
  let run = judge.run_at(START, &["receive"], message.as_bytes());
  assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
  judge.take_mail().into_iter().find(|m| m.to == address).expect("a reply to the registration")
}

#[test]
fn a_thunderbird_flowed_register_is_one_line_per_field() {
  let judge = Judge::with_config(FAST);
  let long = "Address: 1 Very Long Street Name That Goes On And On, Flat 12, Some Town";
  // DelSp=yes: the space before each break was added and is taken out.
  let reply = flowed_register(
    &judge,
    "anna@players.test",
    "text/plain; charset=UTF-8; format=flowed; delsp=yes",
    "Address: 1 Very Long Street Name That Goes On And On, Flat  \r\n12, Some Town\r\n",
    12,
  );
  assert!(reply.body.contains(&format!("> {long}\n")), "{}", reply.body);
  assert!(!reply.subject.contains("[Error Flag]"), "{}\n{}", reply.subject, reply.body);
  // Without DelSp the space stays, and a space-stuffed line loses its
  // extra space.
  let reply = flowed_register(
    &judge,
    "bert@players.test",
    "text/plain; charset=UTF-8; format=Flowed",
    "Address: 1 Very Long Street Name That Goes On And On, Flat \r\n 12, Some Town\r\n",
    13,
  );
  assert!(reply.body.contains(&format!("> {long}\n")), "{}", reply.body);
  assert!(!reply.subject.contains("[Error Flag]"), "{}\n{}", reply.subject, reply.body);
}

#[test]
fn foreign_reply_and_forward_prefixes_do_not_grow_the_subject() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  for (n, subject) in [
    (14, "AW: AW: XXXX:clients - S1901M orders"),
    (15, "SV:Antw: Odp: RIF: XXXX:clients - S1901M orders"),
    (16, "Réf: TR: WG: fwd: FW: re: XXXX:clients - S1901M orders"),
  ] {
    let reply = france_sends(&judge, subject, FRANCE_ORDERS, n);
    assert_eq!(reply.subject, "Re: XXXX:clients - S1901M orders", "{subject}");
  }
}

/// A message of `tests/fixtures/clients/`, as its client wrote it.
fn client_fixture(name: &str) -> Vec<u8> {
  let path = format!("{}/tests/fixtures/clients/{name}", env!("CARGO_MANIFEST_DIR"));
  std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// France's reply to a client message (raw bytes) received on Tuesday.
fn reply_to_france(judge: &Judge, raw: &[u8]) -> Sent {
  let run = judge.run_at(TUESDAY, &["receive"], raw);
  assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
  let mail = judge.take_mail();
  mail
    .into_iter()
    .find(|m| m.to == player("France") && m.subject.starts_with("Re:"))
    .expect("a reply to France")
}

/// All three of France's orders taken, `A Mar H` included, and nothing the
/// quote suggested (`A Par-Mos`, a SIGN ON with the word `password`).
fn all_orders_taken(reply: &Sent) {
  orders_taken_cleanly(reply);
  assert!(reply.body.contains("Accepted: Army Marseilles HOLD"), "{}", reply.body);
  assert!(reply.body.contains("Your orders are complete"), "{}", reply.body);
  assert!(!reply.body.contains("Par-Mos"), "a quoted order was read: {}", reply.body);
  assert!(!reply.body.contains("assword"), "a quoted SIGN ON was read: {}", reply.body);
  assert!(!reply.body.contains("is not an order"), "{}", reply.body);
}

#[test]
fn a_thunderbird_bottom_posted_reply_is_read_below_the_quote() {
  // Thunderbird's default: attribution and quote first, the orders under
  // them. Reading used to stop at the attribution, so nothing was read.
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let reply = reply_to_france(&judge, &client_fixture("thunderbird_bottom_post.eml"));
  all_orders_taken(&reply);
  assert_eq!(reply.subject, "Re: XXXX:clients - S1901M Game Starting");
  assert!(reply.body.contains("(Lines 1 to 12 quote an earlier message"), "{}", reply.body);
  assert!(reply.body.contains("signature and anything after the '-- '"), "{}", reply.body);
}

#[test]
fn a_german_thunderbird_html_reply_is_read_below_the_quote_without_its_closing() {
  // Multipart, as Thunderbird sends a reply composed in HTML: the text part
  // is read, `Am … schrieb …:` and its quote are passed over, and `Viele
  // Grüße` with a name is taken as a signature.
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let reply = reply_to_france(&judge, &client_fixture("thunderbird_bottom_post_html.eml"));
  all_orders_taken(&reply);
  assert!(reply.body.contains("(Lines 1 to 8 quote an earlier message"), "{}", reply.body);
  assert!(reply.body.contains("(Lines 15 to 16, from 'Viele Grüße' on, were"), "{}", reply.body);
  assert!(!reply.body.contains("> Jean"), "the signature is not echoed: {}", reply.body);
}

#[test]
fn quoted_blocks_between_orders_do_not_end_the_reading() {
  // An answer written between the lines of the judge's reply: every `>`
  // block is passed over (the quoted `A Mar-Pie` is not taken), and what
  // is written between them is read.
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let reply = reply_to_france(&judge, &client_fixture("thunderbird_inline_reply.eml"));
  all_orders_taken(&reply);
  assert!(!reply.body.contains("Piedmont"), "{}", reply.body);
  assert_eq!(reply.subject, "Re: XXXX:clients - S1901M orders", "the old flag is stripped");
  assert!(
    reply.body.contains("(Lines 3 to 11, 15 to 16 and 20 to 21 quote an earlier"),
    "{}",
    reply.body
  );
}

#[test]
fn an_apple_mail_top_posted_reply_is_still_read_above_the_quote() {
  // Apple Mail quotes its attribution too (`> On … wrote:`).
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let reply = reply_to_france(&judge, &client_fixture("apple_mail_top_post.eml"));
  all_orders_taken(&reply);
  assert!(reply.body.contains("(Lines 6 to 15 quote an earlier message"), "{}", reply.body);
}

#[test]
fn an_outlook_signature_without_dashes_is_ignored_and_said_so() {
  // `Kind regards,` and a name after the orders used to be echoed as two
  // lines that are not orders; they are a signature.
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let raw = client_fixture("outlook_signature.eml");
  let reply = reply_to_france(&judge, &raw);
  all_orders_taken(&reply);
  assert!(
    reply.body.contains("(Lines 6 to 7, from 'Kind regards,' on, were taken as your"),
    "{}",
    reply.body
  );
  assert!(!reply.body.contains("> Kind regards"), "not echoed: {}", reply.body);
  assert!(reply.body.contains("Original Message"), "then the original: {}", reply.body);

  // A line that reads as an order is never dropped: `F. Dupont` is read
  // (and refused) as an order for a fleet, so nothing is taken as a
  // signature and the error flag is up as for any refused order.
  let text = String::from_utf8(raw).expect("ASCII");
  let initials = text.replacen("Jean Dupont\r\n", "F. Dupont\r\n", 1).replacen(
    "Message-ID: <DB9PR10MB51230A",
    "Message-ID: <DB9PR10MB51230B",
    1,
  );
  let reply = reply_to_france(&judge, initials.as_bytes());
  assert!(reply.subject.contains("[Error Flag]"), "{}\n{}", reply.subject, reply.body);
  assert!(reply.body.contains("> F. Dupont\n"), "{}", reply.body);
  assert!(!reply.body.contains("taken as your signature"), "{}", reply.body);
}

/// The reply to a REGISTER message (raw bytes) from `address`.
fn register_reply(judge: &Judge, address: &str, raw: &[u8]) -> Sent {
  let run = judge.run_at(START, &["receive"], raw);
  assert_eq!(run.status, 0, "receive failed: {}", run.stderr);
  judge.take_mail().into_iter().find(|m| m.to == address).expect("a reply to the registration")
}

#[test]
fn flowed_registrations_from_real_clients_keep_each_field_on_one_line() {
  let judge = Judge::with_config(FAST);
  for (fixture, address, field) in [
    (
      "thunderbird_register_flowed.eml",
      "anna@players.test",
      "Address: Flat 12, Marlborough Court, 1 Very Long Street Name That Goes On And \
       On, Some Town, Some County AB1 2CD",
    ),
    (
      "apple_mail_register_flowed.eml",
      "carla@players.test",
      "Address: Apartment 4B, The Old Mill, 27 Riverside Walk, Little Snoring, Norfolk \
       NR21 0AA",
    ),
    // Quoted-printable with the soft break's space left bare: a decoder
    // drops such a space (RFC 2045), which cut the line in two.
    (
      "register_flowed_qp_bare_space.eml",
      "bert@players.test",
      "Address: Wohnung 12, Schönhauser Allee 1, Hinterhaus, 3. Stock links, 10435 \
       Berlin-Prenzlauer Berg",
    ),
  ] {
    let reply = register_reply(&judge, address, &client_fixture(fixture));
    // Echoed as the one line it is (folded, like every line of the judge's
    // mail, at 78 columns, with its `> ` mark repeated).
    let echoed = fold_long_lines(&format!("> {field}\n"));
    assert!(reply.body.contains(&echoed), "{fixture}: {echoed}\n{}", reply.body);
    assert!(!reply.subject.contains("[Error Flag]"), "{fixture}: {}", reply.subject);
    assert!(!reply.body.contains("is not in the form"), "{fixture}: {}", reply.body);
  }
}

#[test]
fn resign_followed_by_a_closing_is_still_the_last_command() {
  // RESIGN must end the message (manual §7.1); a closing and a name under
  // it are a signature, not commands after it.
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  let reply = france_sends(&judge, "resigning", "RESIGN\r\n\r\nThanks,\r\nJean\r\n", 17);
  assert!(reply.body.contains("You have resigned from game 'clients'"), "{}", reply.body);
  assert!(reply.body.contains("(Lines 4 to 5, from 'Thanks,' on, were"), "{}", reply.body);
}
