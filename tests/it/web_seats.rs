//! A seat on `judge serve`: signing in with power and password (the
//! mail's brake counting web attempts too), the seat's page, orders
//! entered on the web carried out as the same lines by mail would be (and
//! once, however often the form is sent), forms without the sign-in's
//! CSRF token or drawn for an earlier phase refused, sign-ins ended by SET
//! PASSWORD and by signing out; and the history, its stepper and feeds.

use crate::game_support;
use crate::judge_support;
use crate::web_support;

use game_support::{password, player, Table, FAST, POWERS, START};
use judge_support::Judge;
use web_support::{form, Answer, Server};

/// Signs `power` in with `password`; the answer.
fn sign_in(server: &Server, game: &str, power: &str, password: &str) -> Answer {
  let body = form(&[("power", power), ("password", password)]);
  server.post(&format!("/games/{game}/login"), "", &body)
}

/// Signs France in to `game`; the browser's cookie.
fn signed_in(server: &Server, game: &str) -> String {
  let answer = sign_in(server, game, "France", &password("France"));
  assert_eq!(answer.status, 303, "{answer:?}");
  answer.cookie().expect("a sign-in cookie")
}

/// What mail tells France of her orders now: the reply to a bare SIGN ON.
fn mailed_orders(table: &Table) -> String {
  table.send("France", START, "");
  let mail = table.judge.take_mail();
  table.reply(&mail, "France").body.clone()
}

/// The game's own files, to see that nothing changed.
fn game_files(judge: &Judge, game: &str) -> Vec<(std::path::PathBuf, Vec<u8>)> {
  let dir = judge.data().join("games").join(game);
  let mut files: Vec<_> = std::fs::read_dir(&dir)
    .expect("the game's folder")
    .flatten()
    .map(|e| e.path())
    .filter(|p| p.is_file())
    .map(|p| {
      let bytes = std::fs::read(&p).expect("readable");
      (p, bytes)
    })
    .collect();
  files.sort();
  files
}

#[test]
fn a_seat_signs_in_and_its_orders_are_carried_out_as_by_mail_once() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "web", START);
  let server = Server::start(&judge);

  let stranger = server.get("/games/web/me");
  assert_eq!(stranger.status, 403, "{stranger:?}");
  assert!(stranger.body.contains("/games/web/login"), "{}", stranger.body);

  let answer = sign_in(&server, "web", "France", &password("France"));
  assert_eq!(answer.status, 303, "{answer:?}");
  assert_eq!(answer.header("location"), Some("/games/web/me"));
  let set = answer.header("set-cookie").unwrap_or_default();
  assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax"), "{set}");
  assert!(!set.contains("Secure"), "no Secure without an https public address: {set}");
  let raw = format!("{answer:?}");
  assert!(!raw.contains(&password("France")), "the password is nowhere in the answer");
  let cookie = answer.cookie().expect("a cookie");
  assert!(judge.take_mail().is_empty(), "a sign-in mails nobody");

  let page = server.get_as("/games/web/me", &cookie);
  assert_eq!(page.status, 200, "{page:?}");
  assert!(page.texts().contains("France: Army Paris, No Order Processed."), "{}", page.texts());
  assert!(page.texts().contains(":: Judge: XXXX  Game: Web"), "{}", page.texts());
  let due = r#"<time datetime="2026-03-05T23:30:00Z">Thu Mar 05 2026 23:30:00 +0000</time>"#;
  assert!(page.body.contains(due), "{}", page.body);
  let csrf = page.field("csrf").expect("a csrf field");
  let phase = page.field("phase").expect("a phase field");
  let nonce = page.field("form").expect("a form field");
  assert_eq!(phase, "S1901M");

  // No csrf, or a wrong one: refused, and the game is as it was.
  let before = game_files(&judge, "web");
  for csrf in ["", "0123456789abcdef0123456789abcdef"] {
    let body = form(&[("orders", "A Par-Bur"), ("csrf", csrf)]);
    let refused = server.post("/games/web/orders", &cookie, &body);
    assert_eq!(refused.status, 403, "{refused:?}");
  }
  assert!(before == game_files(&judge, "web"), "a refused form changed the game");

  let orders = "A Par-Bur\r\nF Bre-Mid\r\n";
  let fields =
    [("orders", orders), ("wait", "on"), ("csrf", &csrf), ("phase", &phase), ("form", &nonce)];
  let body = form(&fields);
  let entered = server.post("/games/web/orders", &cookie, &body);
  assert_eq!(entered.status, 200, "{entered:?}");
  let shown = entered.texts();
  assert!(shown.contains("> A Par-Bur"), "the judge's reply echoes the lines: {shown}");
  assert!(shown.contains("> SET WAIT"), "{shown}");
  assert!(shown.contains("> A Par-Bur\nAccepted: Army Paris -> Burgundy."), "{shown}");
  assert!(shown.contains("France: Fleet Brest -> Mid-Atlantic Ocean."), "{shown}");
  assert!(shown.contains("France: Army Marseilles, No Order Processed."), "{shown}");
  assert!(entered.body.contains("checked"), "the wait box shows the flag set");

  // The receipt is the reply a mail from France would have had.
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{mail:#?}");
  assert_eq!(mail[0].to, player("France"));
  assert!(mail[0].subject.starts_with("Re: XXXX:web - S1901M"), "{}", mail[0].subject);
  assert!(
    mail[0].body.contains("> F Bre-Mid\nAccepted: Fleet Brest -> Mid-Atlantic Ocean."),
    "{}",
    mail[0].body
  );

  // The same form again (a reload): carried out once.
  let again = server.post("/games/web/orders", &cookie, &body);
  assert_eq!(again.status, 200, "{again:?}");
  assert!(again.body.contains("not carried out again"), "{}", again.texts());
  assert!(judge.take_mail().is_empty(), "no second receipt");

  // Mail sees what the web entered.
  let mailed = mailed_orders(&table);
  assert!(mailed.contains("Army Paris -> Burgundy."), "{mailed}");
  assert!(mailed.contains("Fleet Brest -> Mid-Atlantic Ocean."), "{mailed}");

  // The preview adjudicates France's orders with every other unit holding,
  // and changes nothing.
  let before = game_files(&judge, "web");
  let preview = server.get_as("/games/web/preview", &cookie);
  assert_eq!(preview.status, 200, "{preview:?}");
  let results = preview.texts();
  assert!(results.contains("Movement results for Spring of 1901."), "{results}");
  assert!(results.contains("France: Army Paris -> Burgundy."), "{results}");
  assert!(!results.contains("Munich ->"), "other units hold: {results}");
  let picture = server.get_as("/games/web/preview.svg", &cookie);
  assert_eq!(picture.status, 200, "{picture:?}");
  assert!(picture.body.contains("<svg"));
  assert_eq!(server.get("/games/web/preview").status, 403, "a stranger has no preview");
  assert!(before == game_files(&judge, "web"), "a preview changed the game");

  // A pull-down per unit offers its orders; a choice is entered like a line.
  let page = server.get_as("/games/web/me", &cookie);
  let option = r#"<option value="A Mar - Spa">Army Marseilles -&gt; Spain.</option>"#;
  assert!(page.body.contains(option), "{}", page.body);
  assert!(page.body.contains(r#"<label for="pick1">Army Marseilles</label>"#), "{}", page.body);
  let csrf2 = page.field("csrf").expect("csrf");
  let picked = form(&[
    ("orders", ""),
    ("pick", ""),
    ("pick", "A Mar - Spa"),
    ("pick", ""),
    ("wait", "on"),
    ("csrf", &csrf2),
  ]);
  let entered = server.post("/games/web/orders", &cookie, &picked);
  assert_eq!(entered.status, 200, "{entered:?}");
  assert!(
    entered.texts().contains("> A Mar - Spa\nAccepted: Army Marseilles -> Spain."),
    "{}",
    entered.texts()
  );
  assert_eq!(judge.take_mail().len(), 1, "a receipt");

  // "My games" lists the seat; every unit has an order now.
  let mine = server.get_as("/me", &cookie);
  assert_eq!(mine.status, 200, "{mine:?}");
  assert!(mine.body.contains(r#"<a href="/games/web/me">web</a>"#), "{}", mine.body);
  assert!(
    mine.body.contains("<td>France</td>") && mine.body.contains("<td>In</td>"),
    "{}",
    mine.body
  );
  assert!(server.get("/me").body.contains("not signed in to any seat"));

  // A form drawn for another phase is refused, the orders kept in the box.
  let stale = form(&[("orders", "A Mar-Spa"), ("csrf", &csrf), ("phase", "F1900M")]);
  let before = game_files(&judge, "web");
  let refused = server.post("/games/web/orders", &cookie, &stale);
  assert_eq!(refused.status, 409, "{refused:?}");
  assert!(
    refused.texts().contains("your\norders were not entered")
      || refused.body.contains("orders were not entered"),
    "{}",
    refused.body
  );
  assert!(refused.body.contains(">A Mar-Spa</textarea>"), "{}", refused.body);
  assert!(before == game_files(&judge, "web"), "a stale form changed the game");
}

#[test]
fn wrong_passwords_on_the_web_count_toward_the_same_brake_as_by_mail() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "brake", START);
  let server = Server::start(&judge);
  for attempt in 1..=5 {
    let answer = sign_in(&server, "brake", "F", "guess");
    assert_eq!(answer.status, 403, "attempt {attempt}: {answer:?}");
    assert!(answer.cookie().is_none());
    assert!(answer.body.contains("Invalid password or power"), "{}", answer.body);
    assert!(!answer.body.contains("guess"), "the password is not shown");
  }
  let mail = judge.take_mail();
  let notice = mail.iter().find(|m| m.to == player("France")).expect("France is told");
  assert!(notice.subject.ends_with("Wrong passwords"), "{}", notice.subject);
  assert!(notice.body.contains("web pages"), "{}", notice.body);
  // Locked now, on the web and by mail, even with the right password.
  let right = sign_in(&server, "brake", "France", &password("France"));
  assert_eq!(right.status, 403, "{right:?}");
  assert!(right.body.contains("refused until"), "{}", right.body);
  table.send("France", START, "");
  let mail = judge.take_mail();
  assert!(table.reply(&mail, "France").body.contains("refused until"));
  // Another seat is not held up.
  assert_eq!(sign_in(&server, "brake", "Germany", &password("Germany")).status, 303);
  assert_eq!(sign_in(&server, "brake", "master", "masterpw").status, 303);
  assert_eq!(sign_in(&server, "brake", "Atlantis", "x").status, 403);
  assert_eq!(sign_in(&server, "nosuch", "France", "x").status, 404);
}

#[test]
fn a_new_password_by_mail_ends_web_sign_ins_and_signing_out_ends_one() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "pw", START);
  let server = Server::start(&judge);
  let cookie = signed_in(&server, "pw");
  assert_eq!(server.get_as("/games/pw/me", &cookie).status, 200);
  let csrf = server.get_as("/games/pw/me", &cookie).field("csrf").expect("csrf");

  table.send("France", START, "SET PASSWORD newsecret\n");
  judge.take_mail();
  let ended = server.get_as("/games/pw/me", &cookie);
  assert_eq!(ended.status, 403, "{ended:?}");
  assert!(ended.body.contains("Sign-in ended"), "{}", ended.body);
  let before = game_files(&judge, "pw");
  let body = form(&[("orders", "A Par-Bur"), ("csrf", &csrf)]);
  assert_eq!(server.post("/games/pw/orders", &cookie, &body).status, 403);
  assert!(before == game_files(&judge, "pw"));

  let answer = sign_in(&server, "pw", "France", "newsecret");
  assert_eq!(answer.status, 303, "{answer:?}");
  let cookie = answer.cookie().expect("a cookie");
  let page = server.get_as("/games/pw/me", &cookie);
  let csrf = page.field("csrf").expect("csrf");
  let out = server.post("/games/pw/logout", &cookie, &form(&[("csrf", &csrf)]));
  assert_eq!(out.status, 303, "{out:?}");
  assert_eq!(out.header("location"), Some("/games/pw"));
  assert!(out.header("set-cookie").unwrap_or_default().contains("Max-Age=0"));
  assert_eq!(server.get_as("/games/pw/me", &cookie).status, 403);

  // The Master signs in with "master".
  let master = sign_in(&server, "pw", "master", "masterpw");
  assert_eq!(master.status, 303, "{master:?}");
  let page = server.get_as("/games/pw/me", &master.cookie().expect("a cookie"));
  assert!(page.body.contains("the Master in game"), "{}", page.body);
}

#[test]
fn the_history_steps_through_the_phases_and_the_feeds_hold_the_results() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "story", START, "", "SET LIST\n");
  table
    .turn("2026-03-02T11:00:00Z")
    .orders(&[("France", "A Par-Bur\nA Mar H\nF Bre H\n")])
    .processed();
  table
    .turn("2026-03-02T12:00:00Z")
    .orders(&[("France", "A Bur H\nA Mar H\nF Bre H\n")])
    .processed();
  let server = Server::start(&judge);

  let all = server.get("/games/story/history");
  assert_eq!(all.status, 200, "{all:?}");
  let text = all.texts();
  assert!(text.contains("Movement results for Spring of 1901."), "{text}");
  assert!(text.contains("Movement results for Fall of 1901."), "{text}");
  assert!(text.contains("France: Army Paris -> Burgundy."), "{text}");
  assert!(all.body.contains(r#"src="/games/story/pictures/S1901M.svg""#), "{}", all.body);
  assert!(all.body.contains(r#"src="/games/story/pictures/F1901M.svg""#), "{}", all.body);

  let spring = server.get("/games/story/history?phase=S1901M");
  assert_eq!(spring.status, 200, "{spring:?}");
  assert!(
    spring.body.contains(r#"href="/games/story/history?phase=F1901M" rel="next""#),
    "{}",
    spring.body
  );
  assert!(!spring.body.contains("rel=\"prev\""), "{}", spring.body);
  assert!(!spring.texts().contains("Movement results for Fall of 1901"), "one phase only");
  let fall = server.get("/games/story/history?phase=F1901M");
  assert!(
    fall.body.contains(r#"href="/games/story/history?phase=S1901M" rel="prev""#),
    "{}",
    fall.body
  );
  assert_eq!(server.get("/games/story/history?phase=S1950M").status, 404);

  // SUMMARY says what it mails a stranger, with the centre chart.
  let summary = server.get("/games/story/summary");
  assert_eq!(summary.status, 200, "{summary:?}");
  let stranger = "stranger@elsewhere.test";
  judge.send_at("2026-03-02T12:00:00Z", stranger, "summary", "SUMMARY story\n");
  let mailed = judge.reply_to(stranger).body;
  let shown = summary.texts();
  assert!(shown.contains("Summary of game"), "{shown}");
  assert!(
    mailed.contains(shown.trim_end()),
    "the page says what mail says:\n{shown}\n---\n{mailed}"
  );
  let chart = server.get("/games/story/summary.svg");
  assert_eq!(chart.status, 200, "{chart:?}");
  assert!(chart.body.contains("<polyline data-power=\"France\""), "{}", chart.body);

  let feed = server.get("/games/story/feed.atom");
  assert_eq!(feed.status, 200, "{feed:?}");
  assert_eq!(feed.header("content-type"), Some("application/atom+xml; charset=utf-8"));
  assert!(feed.body.starts_with("<?xml"), "{}", feed.body);
  assert_eq!(feed.body.matches("<entry>").count(), 2, "{}", feed.body);
  let newest = feed.body.find("Fall of 1901").expect("fall");
  let oldest = feed.body.find("Spring of 1901").expect("spring");
  assert!(newest < oldest, "newest first");
  assert!(feed.body.contains("France: Army Paris -&gt; Burgundy."), "{}", feed.body);

  let calendar = server.get("/games/story/deadlines.ics");
  assert_eq!(calendar.status, 200, "{calendar:?}");
  assert!(calendar.body.starts_with("BEGIN:VCALENDAR\r\n"), "{}", calendar.body);
  assert!(calendar.body.contains("BEGIN:VEVENT\r\n"), "{}", calendar.body);
  assert!(calendar.body.contains("SUMMARY:Deadline story S1902M"), "{}", calendar.body);
}

#[test]
fn no_page_of_a_gunboat_game_names_a_player_to_a_stranger_or_another_player() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "boat", START, "Gunboat", "SET LIST\n");
  table.turn("2026-03-02T11:00:00Z").processed();
  let server = Server::start(&judge);
  let routes = [
    "/",
    "/games/boat",
    "/games/boat/history",
    "/games/boat/summary",
    "/games/boat/history?phase=S1901M",
    "/games/boat/feed.atom",
    "/games/boat/deadlines.ics",
    "/games/boat/login",
    "/games/boat/pictures/current.svg",
    "/games/boat/pictures/S1901M.svg",
  ];
  for route in routes {
    let answer = server.get(route);
    assert_eq!(answer.status, 200, "{route}: {answer:?}");
    for (power, _) in POWERS {
      let address = player(power);
      assert!(!answer.body.contains(&address), "{address} on {route}");
    }
  }
  // Nor does any page of a seat name another player.
  for (power, _) in POWERS {
    let signed = sign_in(&server, "boat", power, &password(power));
    assert_eq!(signed.status, 303, "{power}: {signed:?}");
    let cookie = signed.cookie().expect("a cookie");
    for route in ["/games/boat/me", "/me", "/games/boat/preview", "/games/boat/preview.svg"] {
      let answer = server.get_as(route, &cookie);
      assert!(answer.status == 200 || answer.status == 404, "{power} {route}: {answer:?}");
      for (other, _) in POWERS.iter().filter(|(other, _)| *other != power) {
        let address = player(other);
        assert!(!answer.body.contains(&address), "{address} on {power}'s {route}");
      }
    }
  }
}

#[test]
fn without_receipts_web_orders_mail_nobody_and_an_https_judge_keeps_its_cookie_secure() {
  let config =
    format!("{FAST}\n[web]\npublic_url = \"https://judge.example.org\"\nreceipts = false\n");
  let judge = Judge::with_config(&config);
  Table::start(&judge, "quiet", START);
  let server = Server::start(&judge);
  let answer = sign_in(&server, "quiet", "France", &password("France"));
  assert_eq!(answer.status, 303, "{answer:?}");
  assert!(answer.header("set-cookie").unwrap_or_default().contains("; Secure"), "{answer:?}");
  let cookie = answer.cookie().expect("a cookie");
  let csrf = server.get_as("/games/quiet/me", &cookie).field("csrf").expect("csrf");
  let body = form(&[("orders", "A Par-Bur"), ("csrf", &csrf)]);
  let entered = server.post("/games/quiet/orders", &cookie, &body);
  assert!(entered.texts().contains("Accepted: Army Paris -> Burgundy."), "{}", entered.texts());
  assert!(judge.take_mail().is_empty(), "no receipt when the keeper turned them off");
}

/// A Payola seat's page shows its treasury, acceptance list and offer
/// sheet, which no other seat's page does.
#[test]
fn a_payola_seat_sees_its_own_treasury_and_sheet_and_no_other() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "webpay", START, "Standard Payola", "");
  table.send("France", START, "5 : A Par - Bur\n");
  table.send("Germany", START, "SET ACCEPT GF?\n");
  judge.take_mail();
  let server = Server::start(&judge);
  let cookie = signed_in(&server, "webpay");
  let page = server.get_as("/games/webpay/me", &cookie);
  assert_eq!(page.status, 200, "{page:?}");
  let texts = page.texts();
  assert!(texts.contains("Treasury of France: 48 AgP; acceptance list F?."), "{texts}");
  assert!(texts.contains("5 : A Par - Bur"), "{texts}");
  assert!(!texts.contains("Germany: 48") && !texts.contains("GF?"), "{texts}");
  let stranger = server.get("/games/webpay");
  assert_eq!(stranger.status, 200, "{stranger:?}");
  assert!(!stranger.texts().contains("Treasury"), "{}", stranger.texts());
}
