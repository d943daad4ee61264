//! `judge serve`'s public pages over HTTP, read as a browser would get
//! them: the list of games, a game's page and its picture, what a stranger
//! may see of each (exactly what LIST by mail tells a stranger), the
//! security headers on every answer, and bad addresses answered with a
//! page that says what was wrong.

use crate::game_support;
use crate::judge_support;
use crate::web_support;

use game_support::{player, Table, FAST, MASTER, POWERS, START};
use judge_support::Judge;
use web_support::Server;

/// Someone who never wrote to the judge.
const STRANGER: &str = "stranger@elsewhere.test";

/// What LIST `game` mails to someone the judge does not know, without
/// the reply's echo of the command.
fn strangers_list(judge: &Judge, game: &str) -> String {
  judge.send_at(START, STRANGER, "list", &format!("LIST {game}\n"));
  judge.reply_to(STRANGER).body.replace(&format!("> LIST {game}\n"), "")
}

#[test]
fn a_strangers_game_page_is_what_list_mails_a_stranger_and_the_index_lists_public_games() {
  let judge = Judge::with_config(FAST);
  Table::start(&judge, "public", START);
  judge.send_at(START, MASTER, "list it", "SIGN ON Mpublic masterpw\nSET LIST\n");
  judge.send_at(START, MASTER, "private", "CREATE ?hidden masterpw\n");
  judge.take_mail();
  let server = Server::start(&judge);

  let index = server.get("/");
  assert_eq!(index.status, 200, "{index:?}");
  assert!(index.body.contains(r#"<a href="/games/public">public</a>"#), "{}", index.body);
  assert!(!index.body.contains("hidden"), "a private game is not listed: {}", index.body);

  let page = server.get("/games/public");
  assert_eq!(page.status, 200, "{page:?}");
  let mailed = strangers_list(&judge, "public");
  let shown = page.pre();
  assert!(shown.contains("S1901M"), "{shown}");
  assert!(mailed.contains(&shown), "the page says what mail says:\n{shown}\n---\n{mailed}");
  assert!(page.body.contains(r#"src="/games/public/pictures/current.svg""#), "{}", page.body);

  // Under way with every power played: only watching is open, by mail.
  assert!(page.body.contains("<code>OBSERVE public password</code>"), "{}", page.body);
  assert!(page.body.contains("body=OBSERVE%20public%20password"), "{}", page.body);
  assert!(!page.body.contains("SIGN ON ?public"), "{}", page.body);
  // A forming game, known by name though not listed, has seats to take.
  let forming = server.get("/games/hidden");
  assert_eq!(forming.status, 200, "{forming:?}");
  assert!(forming.body.contains("<code>SIGN ON ?hidden password</code>"), "{}", forming.body);
  assert!(forming.body.contains("mailto:judge@"), "{}", forming.body);

  let picture = server.get("/games/public/pictures/current.svg");
  assert_eq!(picture.status, 200);
  assert_eq!(picture.header("content-type"), Some("image/svg+xml"));
  assert!(picture.body.contains("<svg"), "{}", &picture.body[..200.min(picture.body.len())]);
}

#[test]
fn a_gunboat_games_page_names_nobody() {
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "boat", START, "Gunboat", "SET LIST\n");
  let server = Server::start(&judge);
  let page = server.get("/games/boat");
  assert_eq!(page.status, 200, "{page:?}");
  for (power, _) in POWERS {
    let address = player(power);
    assert!(!page.body.contains(&address), "{address} on a gunboat game's page: {}", page.body);
  }
  assert!(strangers_list(&judge, "boat").contains(&page.pre()));
}

#[test]
fn every_answer_carries_the_security_headers_and_bad_addresses_get_a_page_saying_so() {
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "open", START, "", "SET LIST\nSET COMMENT <script>alert(1)</script>\n");
  let server = Server::start(&judge);
  let long = format!("/games/{}", "x".repeat(3000));
  let cases = [
    ("GET", "/", 200),
    ("GET", "/static/judge.css", 200),
    ("GET", "/static/judge.js", 200),
    ("GET", "/games/open", 200),
    ("GET", "/games/nosuch", 404),
    ("GET", "/games/open/pictures/F1950M.png", 404),
    ("GET", "/games/open/pictures/current.gif", 404),
    ("GET", "/no/such/page", 404),
    ("GET", "/games/..%2F..%2Fjudge.toml", 404),
    ("POST", "/", 405),
    ("GET", long.as_str(), 414),
  ];
  for (method, target, status) in cases {
    let answer = server.request(method, target);
    let shown: String = target.chars().take(40).collect();
    assert_eq!(answer.status, status, "{method} {shown}: {answer:?}");
    let policy = answer.header("content-security-policy").unwrap_or_default();
    assert!(policy.contains("default-src 'none'"), "{method} {shown}: {policy}");
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(answer.header("x-frame-options"), Some("DENY"));
    if status >= 400 {
      assert!(answer.body.contains("<p>"), "the page says what was wrong: {}", answer.body);
      assert!(!answer.body.contains(&*judge.data().to_string_lossy()), "no server path shown");
    }
  }
  let index = server.get("/");
  assert!(!index.body.contains("<script>"), "the comment is escaped: {}", index.body);
  assert!(index.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{}", index.body);
}

#[test]
fn a_past_phase_is_drawn_with_its_orders_as_svg_and_png() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "past", START, "", "SET LIST\n");
  table
    .turn("2026-03-02T11:00:00Z")
    .orders(&[("France", "A Par-Bur\nA Mar H\nF Bre H\n")])
    .processed();
  let server = Server::start(&judge);
  let svg = server.get("/games/past/pictures/S1901M.svg");
  assert_eq!(svg.status, 200, "{svg:?}");
  assert!(svg.body.contains("<svg"));
  let current = server.get("/games/past/pictures/current.svg");
  assert_ne!(svg.body, current.body, "Spring's picture shows its orders, not today's board");
  // A past phase's picture never changes: the browser may keep it, and it
  // comes again the same; today's board is asked for anew each time.
  assert!(svg.header("cache-control").unwrap_or_default().contains("max-age="), "{svg:?}");
  assert_eq!(current.header("cache-control"), Some("no-cache"));
  assert_eq!(server.get("/games/past/pictures/S1901M.svg").body, svg.body);
  let png = server.get("/games/past/pictures/S1901M.png");
  assert_eq!(png.header("content-type"), Some("image/png"));
  assert!(
    png.bytes.starts_with(b"\x89PNG\r\n"),
    "a PNG: {:?}",
    &png.bytes[..8.min(png.bytes.len())]
  );
  let unplayed = server.get("/games/past/pictures/S1950M.svg");
  assert_eq!(unplayed.status, 404, "{unplayed:?}");
  assert!(unplayed.body.contains("<p>"), "{}", unplayed.body);
}

/// Started by systemd's socket (here `systemd-socket-activate`, which
/// hands over a listening socket as systemd does), `judge serve` answers
/// on that socket and binds nothing of its own.
#[test]
fn a_socket_handed_over_by_systemd_is_served() {
  let Some(activate) = which_activate() else {
    eprintln!("notice: systemd-socket-activate is not installed; socket activation is not tried");
    return;
  };
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "handed", START, "", "SET LIST\n");
  let free =
    || std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port());
  let (handed, own) = (free().expect("a port"), free().expect("a port"));
  let mut child = std::process::Command::new(activate)
    .args(["-l", &format!("127.0.0.1:{handed}")])
    .arg(env!("CARGO_BIN_EXE_judge"))
    .arg("--data")
    .arg(judge.data())
    .args(["--now", START, "serve", "--listen", &format!("127.0.0.1:{own}")])
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::null())
    .spawn()
    .expect("systemd-socket-activate starts");
  let get = |port: u16| -> Option<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).ok()?;
    stream.write_all(b"GET / HTTP/1.1\r\nHost: judge.test\r\nConnection: close\r\n\r\n").ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    Some(answer)
  };
  let started = std::time::Instant::now();
  let answer = loop {
    if let Some(answer) = get(handed).filter(|a| !a.is_empty()) {
      break answer;
    }
    assert!(started.elapsed().as_secs() < 20, "nothing answered on the handed socket");
    std::thread::sleep(std::time::Duration::from_millis(50));
  };
  assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
  assert!(answer.contains("/games/handed"), "{answer}");
  assert!(get(own).is_none(), "the judge bound its own address too");
  let _ = child.kill();
  let _ = child.wait();
}

/// systemd's `systemd-socket-activate`, where systemd is installed.
fn which_activate() -> Option<std::path::PathBuf> {
  ["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"]
    .iter()
    .map(std::path::PathBuf::from)
    .find(|p| p.exists())
}

/// Clients that send a form slowly hold up nobody else: with more of them
/// than the server has workers, each stalled half-way through its form,
/// the list of games is still answered at once.
#[test]
fn slow_forms_hold_up_no_other_page() {
  use std::io::Write;
  let judge = Judge::with_config(FAST);
  Table::start_with(&judge, "busy", START, "", "SET LIST\n");
  let server = Server::start(&judge);
  let socket = judge.data().join("web.sock");
  let stalled: Vec<std::os::unix::net::UnixStream> = (0..12)
    .map(|_| {
      let mut stream = std::os::unix::net::UnixStream::connect(&socket).expect("a connection");
      let head = "POST /games/busy/orders HTTP/1.1\r\nHost: judge.test\r\n\
                  Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 50000\r\n\r\n\
                  orders=A+Par";
      stream.write_all(head.as_bytes()).expect("half a form");
      stream
    })
    .collect();
  std::thread::sleep(std::time::Duration::from_millis(300));
  let started = std::time::Instant::now();
  let index = server.get("/");
  assert_eq!(index.status, 200, "{index:?}");
  assert!(started.elapsed().as_secs() < 5, "the list waited {:?}", started.elapsed());
  drop(stalled);
}
