//! Pictures of the board by mail (issue 16, items 4 and 5): MAP of a game
//! now and in a past phase, MAP * of a pasted LIST, SET MAP for pictures
//! with the results, and SUMMARY's chart. Each picture comes as a PNG
//! shown in the message and an SVG attached, after a text part that is
//! the same text a message without pictures carries.

use crate::judge_support;

use crate::game_support;

use game_support::{player, Table, FAST, MASTER};
use judge::mail::outbound::{render, Attachment, MailKind, Outgoing, Rendered, Sender};
use judge_support::{Judge, Sent, NOW};
use mail_parser::{MessageParser, MimeHeaders};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// One MIME part of a message as a mail client sees it.
#[derive(Debug)]
struct Part {
  /// `text/plain`, `image/png`…
  content_type: String,
  /// `inline` or `attachment`, when the part says.
  disposition: Option<String>,
  filename: Option<String>,
  content_id: Option<String>,
  bytes: Vec<u8>,
}

/// The leaf parts of a message, in order.
fn parts(mail: &Sent) -> Vec<Part> {
  let message = MessageParser::default().parse(mail.raw.as_bytes()).expect("a parseable message");
  message
    .parts
    .iter()
    .filter(|p| !matches!(p.body, mail_parser::PartType::Multipart(_)))
    .map(|p| Part {
      content_type: p
        .content_type()
        .map(|c| format!("{}/{}", c.ctype(), c.subtype().unwrap_or_default()))
        .unwrap_or_else(|| "text/plain".to_string()),
      disposition: p.content_disposition().map(|d| d.ctype().to_string()),
      filename: p.attachment_name().map(str::to_string),
      content_id: p.content_id().map(str::to_string),
      bytes: p.contents().to_vec(),
    })
    .collect()
}

/// The PNG and the SVG of a message with one picture.
fn picture(mail: &Sent) -> (Part, Part) {
  let mut found = parts(mail);
  assert!(
    mail.header("Content-Type").is_some_and(|c| c.starts_with("multipart/mixed")),
    "a picture comes in a multipart message: {:?}",
    mail.header("Content-Type")
  );
  assert_eq!(found.len(), 3, "text, PNG and SVG: {found:#?}");
  assert_eq!(found[0].content_type, "text/plain");
  let svg = found.remove(2);
  let png = found.remove(1);
  assert_eq!(png.content_type, "image/png");
  assert_eq!(png.disposition.as_deref(), Some("inline"), "the PNG is shown in the message");
  assert!(png.content_id.is_some(), "the inline PNG has a Content-ID");
  assert!(png.bytes.starts_with(PNG_SIGNATURE), "the PNG part is a PNG");
  assert_eq!(svg.content_type, "image/svg+xml");
  assert_eq!(svg.disposition.as_deref(), Some("attachment"));
  let text = String::from_utf8(svg.bytes.clone()).expect("the SVG is text");
  assert!(text.contains("<svg"), "the SVG part is an SVG: {text:.200}");
  (png, svg)
}

/// A message with no picture: one text/plain part, as before pictures.
fn assert_plain(mail: &Sent) {
  assert!(
    mail.header("Content-Type").is_some_and(|c| c.starts_with("text/plain")),
    "no picture expected: {:?}\n{}",
    mail.header("Content-Type"),
    mail.body
  );
}

fn count(svg: &Part, needle: &str) -> usize {
  String::from_utf8_lossy(&svg.bytes).matches(needle).count()
}

/// The reply to `to` in the mail just sent.
fn reply(judge: &Judge, to: &str) -> Sent {
  judge.reply_to(to)
}

/// A standard game `alpha` whose phases process as soon as the orders are
/// in, its mail so far taken.
fn game(judge: &Judge) -> Table<'_> {
  let table = Table::start(judge, "alpha", NOW);
  judge.take_mail();
  table
}

fn results_to<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.ends_with("Results"))
    .unwrap_or_else(|| panic!("no results to {to}: {:#?}", judge_support::subjects(mail)))
}

#[test]
fn map_after_sign_on_mails_the_board_now() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  table.send("France", NOW, "MAP\n");
  let mail = reply(&judge, &player("France"));
  assert!(mail.body.contains("The picture of Game 'alpha', Standard"), "{}", mail.body);
  assert!(mail.body.contains("Movement for Spring of 1901"), "{}", mail.body);
  let (png, svg) = picture(&mail);
  assert_eq!(png.filename.as_deref(), Some("alpha-S1901M.png"));
  assert_eq!(svg.filename.as_deref(), Some("alpha-S1901M.svg"));
  // The 22 starting units, each marked with its power.
  assert_eq!(count(&svg, "data-unit="), 22);
  assert_eq!(count(&svg, "data-power=\"Russia\""), 4);
  // Every line of the text part is as short as any reply's.
  assert!(mail.body.lines().all(|l| l.chars().count() <= 78), "{}", mail.body);
}

#[test]
fn map_of_a_game_by_name_needs_no_sign_on() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  judge.send(MASTER, "map", "MAP alpha\n");
  let (_, svg) = picture(&reply(&judge, MASTER));
  assert_eq!(count(&svg, "data-unit="), 22);
}

#[test]
fn map_of_a_past_phase_draws_that_phase() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  table.turn(NOW).orders(&[("France", "A Par-Bur\nA Mar H\nF Bre-Mao\n")]).play();
  judge.send(MASTER, "map", "MAP alpha S1901M\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("Movement for Spring of 1901"), "{}", mail.body);
  let words = mail.body.split_whitespace().collect::<Vec<_>>().join(" ");
  assert!(words.contains("with its orders and what became of them"), "{}", mail.body);
  let (png, svg) = picture(&mail);
  assert_eq!(png.filename.as_deref(), Some("alpha-S1901M.png"));
  assert_eq!(count(&svg, "data-unit="), 22);
  // The same phase written out in words, after a SIGN ON.
  table.send("England", NOW, "MAP Spring 1901 Movement\n");
  let (png, _) = picture(&reply(&judge, &player("England")));
  assert_eq!(png.filename.as_deref(), Some("alpha-S1901M.png"));
  // And the current one is Fall.
  judge.send(MASTER, "map", "MAP alpha\n");
  let (png, _) = picture(&reply(&judge, MASTER));
  assert_eq!(png.filename.as_deref(), Some("alpha-F1901M.png"));
}

#[test]
fn map_of_what_does_not_exist_says_so_and_sends_nothing() {
  let judge = Judge::with_config(FAST);
  let _table = game(&judge);
  judge.send(MASTER, "map", "MAP nosuch\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("There is no game called 'nosuch'"), "{}", mail.body);
  assert_plain(&mail);

  judge.send(MASTER, "map", "MAP alpha F1905M\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("game 'alpha' was not in F1905M"), "{}", mail.body);
  assert!(mail.body.contains("S1901M (the current phase)"), "{}", mail.body);
  assert!(mail.body.contains("No picture was sent."), "{}", mail.body);
  assert_plain(&mail);

  judge.send(MASTER, "map", "MAP alpha springtime\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("'springtime' is not a phase"), "{}", mail.body);
  assert_plain(&mail);
  assert!(mail.subject.contains("alpha") || !mail.subject.is_empty());
}

#[test]
fn map_of_a_game_not_started_says_so() {
  let judge = Judge::with_config(FAST);
  game_support::register(&judge, NOW, MASTER);
  judge.send(MASTER, "create", "CREATE ?beta masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let before = judge.snapshot().into_keys().filter(|p| p.starts_with("games")).count();
  judge.send(MASTER, "map", "MAP beta\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("game 'beta' has not started yet"), "{}", mail.body);
  assert_plain(&mail);
  let after = judge.snapshot().into_keys().filter(|p| p.starts_with("games")).count();
  assert_eq!(before, after);
}

#[test]
fn map_star_draws_the_board_of_a_list_output() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  table.turn(NOW).orders(&[("France", "A Par-Bur\nA Mar H\nF Bre-Mao\n")]).play();
  let listing = table.listing(NOW);
  judge.send("someone@players.test", "map", &format!("MAP *\n{listing}"));
  let mail = reply(&judge, "someone@players.test");
  assert!(mail.body.contains("(from a LIST): Movement for Fall of 1901"), "{}", mail.body);
  let (png, svg) = picture(&mail);
  assert_eq!(png.filename.as_deref(), Some("alpha-F1901M.png"));
  assert_eq!(count(&svg, "data-unit="), 22);
  assert_eq!(count(&svg, "data-power=\"France\""), 3);

  // A unit the map lacks is named.
  let bad = listing.replace("Army Burgundy.", "Army Atlantis.");
  judge.send("someone@players.test", "map", &format!("MAP *\n{bad}"));
  let mail = reply(&judge, "someone@players.test");
  assert!(mail.body.contains("'Army Atlantis' is not a unit"), "{}", mail.body);
  assert_plain(&mail);
}

#[test]
fn set_map_adds_the_picture_to_the_results_and_keeps_their_text() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  table.send("France", NOW, "SET MAP\n");
  let mail = reply(&judge, &player("France"));
  assert!(mail.body.contains("will carry a picture of the board"), "{}", mail.body);
  let mail = table.turn(NOW).orders(&[("France", "A Par-Bur\nA Mar H\nF Bre-Mao\n")]).play();
  let france = results_to(&mail, &player("France"));
  let england = results_to(&mail, &player("England"));
  assert_plain(england);
  let (png, svg) = picture(france);
  assert_eq!(png.filename.as_deref(), Some("alpha-S1901M.png"));
  assert_eq!(count(&svg, "data-unit="), 22);
  // The text part is exactly the text of a player without pictures.
  assert_eq!(france.body, england.body);
  assert!(france.body.contains("France: Army Paris -> Burgundy."), "{}", france.body);

  // SET NO MAP stops it.
  table.send("France", NOW, "SET NO MAP\n");
  judge.take_mail();
  let mail = table.turn(NOW).orders(&[("France", "A Bur H\nA Mar H\nF Mao H\n")]).play();
  assert_plain(results_to(&mail, &player("France")));
}

#[test]
fn a_masters_set_map_is_the_games_default() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  judge.send(MASTER, "map", "SIGN ON Malpha masterpw\nSET MAP\n");
  let mail = judge.take_mail();
  let notice = mail
    .iter()
    .find(|m| m.to == player("England") && m.body.contains("carries a picture of the board"));
  assert!(notice.is_some(), "the players are told: {:#?}", judge_support::subjects(&mail));
  table.send("Germany", NOW, "SET NO MAP\n");
  judge.take_mail();
  let mail = table.turn(NOW).orders(&[]).play();
  picture(results_to(&mail, &player("England")));
  picture(results_to(&mail, MASTER));
  assert_plain(results_to(&mail, &player("Germany")));
}

#[test]
fn summary_carries_a_chart_once_a_year_is_played() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  judge.send(MASTER, "summary", "SUMMARY alpha\n");
  assert_plain(&reply(&judge, MASTER));
  table.turn(NOW).orders(&[]).play();
  table.turn(NOW).orders(&[]).play();
  judge.send(MASTER, "summary", "SUMMARY alpha\n");
  let mail = reply(&judge, MASTER);
  let found = parts(&mail);
  assert_eq!(found.len(), 2, "text and chart: {found:#?}");
  assert_eq!(found[0].content_type, "text/plain");
  assert!(String::from_utf8_lossy(&found[0].bytes).contains("History of Supply Center Counts"));
  assert_eq!(found[1].content_type, "image/png");
  assert_eq!(found[1].disposition.as_deref(), Some("inline"));
  assert_eq!(found[1].filename.as_deref(), Some("alpha-centres.png"));
  assert!(found[1].bytes.starts_with(PNG_SIGNATURE));
}

/// A rendered message, with `attachments`, for the MIME checks.
fn render_with(body: &str, attachments: Vec<Attachment>) -> Rendered {
  let sender = Sender { address: "judge@example.net", name: "Judge", envelope_from: None };
  let now = chrono::DateTime::parse_from_rfc3339("2026-03-02T23:30:00+01:00").expect("a time");
  let mail = Outgoing {
    to: "p@example.org".into(),
    subject: "XXXX:alpha - S1901M Results".into(),
    body: body.to_string(),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Bulk,
    attachments,
  };
  render(&mail, &sender, now, "20260302.1@example.net").expect("renders")
}

fn pictures() -> Vec<Attachment> {
  vec![
    Attachment::inline_png("alpha-S1901M.png", b"\x89PNG\r\n\x1a\nnot really".to_vec()),
    Attachment::svg("alpha-S1901M.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".into()),
  ]
}

/// The text part's headers and body, raw, as they stand in the message.
fn raw_text(rendered: &Rendered) -> (String, String) {
  let bytes = &rendered.bytes;
  let (head, body) = bytes.split_once("\r\n\r\n").expect("a head and a body");
  if !head.contains("multipart/mixed") {
    let encoding = head
      .split("\r\n")
      .find(|l| l.starts_with("Content-Transfer-Encoding"))
      .unwrap_or_default()
      .to_string();
    return (encoding, body.to_string());
  }
  let boundary =
    head.split("boundary=\"").nth(1).and_then(|b| b.split('"').next()).expect("a boundary");
  let first = body.split(&format!("--{boundary}\r\n")).nth(1).expect("a first part");
  let (part_head, part_body) = first.split_once("\r\n\r\n").expect("the part's head");
  assert!(part_head.contains("text/plain"), "the text comes first: {part_head}");
  let encoding = part_head
    .split("\r\n")
    .find(|l| l.starts_with("Content-Transfer-Encoding"))
    .unwrap_or_default()
    .to_string();
  let part_body = part_body.strip_suffix("\r\n").unwrap_or(part_body).to_string();
  (encoding, part_body)
}

#[test]
fn the_text_part_is_the_text_a_message_without_pictures_carries() {
  let long = format!("{}\n", "word ".repeat(15).trim_end());
  for body in ["Results for Spring of 1901.\n", "Zürich, café, Ελλάδα\n", long.as_str()] {
    let plain = render_with(body, Vec::new());
    let with = render_with(body, pictures());
    let (plain_encoding, plain_body) = raw_text(&plain);
    let (encoding, text) = raw_text(&with);
    assert_eq!(encoding, plain_encoding, "the same encoding for {body:?}");
    assert_eq!(text.trim_end(), plain_body.trim_end(), "the same text for {body:?}");
    // What a mail program shows is the text too.
    let parsed = MessageParser::default().parse(with.bytes.as_bytes()).expect("parses");
    assert_eq!(
      parsed.body_text(0).as_deref().map(|t| t.replace("\r\n", "\n")),
      Some(body.to_string())
    );
    assert_eq!(parsed.attachment_count(), 2);
    // Every line is within SMTP's limit, whatever the attachments hold.
    assert!(with.bytes.split("\r\n").all(|l| l.len() <= 998));
    assert!(with.bytes.is_ascii());
  }
}

#[test]
fn a_message_with_pictures_renders_the_same_twice() {
  let once = render_with("Results.\n", pictures());
  let twice = render_with("Results.\n", pictures());
  assert_eq!(once.bytes, twice.bytes, "a journaled message must render alike again");
  let plain = render_with("Results.\n", Vec::new());
  assert!(plain.bytes.contains("Content-Type: text/plain"));
  assert!(!plain.bytes.contains("multipart"), "no attachments: a single part as before");
}

/// Forgets the turns a game keeps for ROLLBACK, as a long game forgets
/// its early ones.
fn forget_kept_turns(judge: &Judge, game: &str) {
  let path = judge.data().join("games").join(game).join("game.json");
  let text = std::fs::read_to_string(&path).expect("the game file");
  let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
  json["turns"] = serde_json::json!([]);
  std::fs::write(&path, serde_json::to_string_pretty(&json).expect("JSON")).expect("written");
}

#[test]
fn a_phase_no_longer_kept_for_rollback_is_drawn_from_the_history() {
  let judge = Judge::with_config(FAST);
  let table = game(&judge);
  table.turn(NOW).orders(&[("France", "A Par-Bur\nA Mar S A Par-Bur\nF Bre-Mao\n")]).play();
  judge.send(MASTER, "map", "MAP alpha S1901M\n");
  let (_, kept) = picture(&reply(&judge, MASTER));
  forget_kept_turns(&judge, "alpha");
  judge.send(MASTER, "map", "MAP alpha S1901M\n");
  let mail = reply(&judge, MASTER);
  let (png, recorded) = picture(&mail);
  assert_eq!(png.filename.as_deref(), Some("alpha-S1901M.png"));
  // The same picture as when the turn was kept.
  assert_eq!(String::from_utf8_lossy(&recorded.bytes), String::from_utf8_lossy(&kept.bytes));
  // A phase never played is still refused, with the phases there are.
  judge.send(MASTER, "map", "MAP alpha S1903M\n");
  let mail = reply(&judge, MASTER);
  assert!(mail.body.contains("was not in S1903M"), "{}", mail.body);
  assert!(mail.body.contains("S1901M, F1901M (the current phase)"), "{}", mail.body);
  assert_plain(&mail);
}
