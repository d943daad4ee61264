//! `judge serve`: the web face (`CONTRACT.md`, issue 24). Plain HTTP/1.1
//! behind the keeper's reverse proxy, served by `tiny_http` (small and
//! synchronous: a handful of worker threads reading flat files need no
//! async runtime), pages written with `maud`, which escapes everything it
//! is given unless told otherwise. What a page shows is made by the same
//! functions as the mail's replies ([`crate::view`], `game::report`,
//! `game::picture`), with the viewer passed in, so the web cannot tell a
//! viewer more than mail would; what a seat enters is carried out by the
//! mail's own session code ([`crate::receive::carry_out_web`]).
//!
//! `public` holds the pages anyone may read, `seat` signing in and a
//! seat's page and orders, `feeds` the Atom and iCalendar feeds.

mod feeds;
mod pages;
mod public;
pub(crate) mod seat;

use std::io::Read as _;
use std::os::unix::fs::FileTypeExt as _;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::delivery;
use crate::game::Game;
use crate::store::games::Games;
use crate::store::web_sessions::WebSessions;
use crate::store::{DataDir, StoreError};

/// The one script: ordering by tapping the board on a seat's page. The
/// pages work without it.
const SCRIPT: &str = include_str!("judge.js");

/// How many requests are served at once.
const WORKERS: usize = 4;
/// The longest request target read; anything longer is refused (414).
const MAX_TARGET: usize = 2048;
/// The most forms read at once; more are refused (503) until one is done.
const MAX_READERS: usize = 32;
/// A form that takes longer than this to arrive is not carried out (408).
const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// The largest form read; anything larger is refused (413).
pub const MAX_BODY: usize = 64 * 1024;

/// Where `judge serve` listens: `HOST:PORT`, or `unix:PATH`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listen {
  Tcp(String),
  Unix(PathBuf),
}

impl FromStr for Listen {
  type Err = String;

  fn from_str(text: &str) -> Result<Listen, String> {
    match text.strip_prefix("unix:") {
      Some("") => Err("unix: needs the socket's path, as in unix:/run/judge/web.sock".into()),
      Some(path) => Ok(Listen::Unix(PathBuf::from(path))),
      None if text.contains(':') => Ok(Listen::Tcp(text.to_string())),
      None => Err(format!("'{text}' is neither HOST:PORT nor unix:PATH")),
    }
  }
}

/// Why the web face could not run.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
  #[error("cannot listen on {listen}: {message}")]
  Listen { listen: String, message: String },
}

/// The judge as the web face sees it: its data, its settings and its
/// clock (`--now` for tests).
pub struct Site {
  data: DataDir,
  config: Config,
  games: Games,
  sessions: WebSessions,
  now: Option<DateTime<Utc>>,
  /// Pictures of past phases, which never change once drawn.
  pictures: public::PictureCache,
}

/// One request, as the router needs it.
#[derive(Debug, Default)]
pub struct Request<'a> {
  pub method: &'a str,
  /// The path, with any query.
  pub target: &'a str,
  /// The `Cookie` header.
  pub cookie: Option<&'a str>,
  /// The `Content-Type` header.
  pub content_type: Option<&'a str>,
  pub body: &'a [u8],
  /// The body was longer than [`MAX_BODY`] (and was not read).
  pub oversized: bool,
}

/// One answer: its status, content type, further headers and body.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
  pub status: u16,
  pub content_type: &'static str,
  pub headers: Vec<(&'static str, String)>,
  pub body: Vec<u8>,
}

impl Reply {
  fn html(status: u16, body: String) -> Reply {
    Reply {
      status,
      content_type: "text/html; charset=utf-8",
      headers: Vec::new(),
      body: body.into_bytes(),
    }
  }

  fn bytes(content_type: &'static str, body: Vec<u8>) -> Reply {
    Reply { status: 200, content_type, headers: Vec::new(), body }
  }

  /// A page saying what was wrong, with the status that says it too.
  fn problem(status: u16, title: &str, text: &str) -> Reply {
    Reply::html(status, pages::problem(title, text))
  }

  /// "See that page" after a form (303).
  fn see_other(location: &str) -> Reply {
    let mut reply = Reply::html(303, pages::problem("Moved on", "Go on to the next page."));
    reply.headers.push(("Location", location.to_string()));
    reply
  }

  fn with_header(mut self, name: &'static str, value: String) -> Reply {
    self.headers.push((name, value));
    self
  }
}

/// A page, or why it could not be made (a lock held too long, a file that
/// could not be read): the visitor is asked to try again.
type Answered = Result<Reply, delivery::DeliveryError>;

/// The pages there are.
enum Route<'a> {
  Index,
  Style,
  Script,
  Game(&'a str),
  History(&'a str),
  Picture(&'a str, &'a str),
  Feed(&'a str),
  Calendar(&'a str),
  SignIn(&'a str),
  Me(&'a str),
  Orders(&'a str),
  SignOut(&'a str),
  MyGames,
  Preview(&'a str),
  PreviewPicture(&'a str),
  Summary(&'a str),
  Chart(&'a str),
}

impl Route<'_> {
  /// Whether the route takes a form (POST) rather than being read (GET).
  fn posted(&self) -> bool {
    matches!(self, Route::Orders(_) | Route::SignOut(_))
  }
}

impl Site {
  pub fn new(data: &DataDir, config: Config, now: Option<DateTime<Utc>>) -> Site {
    let timeout = Duration::from_secs(config.lock_timeout_seconds);
    let transport = delivery::transport(&config, data);
    let games = Games::new(data, timeout, delivery::mail_target(&transport, data));
    Site {
      data: data.clone(),
      config,
      games,
      sessions: WebSessions::new(data),
      now,
      pictures: public::PictureCache::default(),
    }
  }

  fn now(&self) -> DateTime<Utc> {
    self.now.unwrap_or_else(Utc::now)
  }

  fn tz(&self) -> crate::zone::Tz {
    self.config.tz().unwrap_or(crate::zone::UTC)
  }

  /// The answer to `request`.
  pub fn answer(&self, request: &Request<'_>) -> Reply {
    if request.target.len() > MAX_TARGET {
      return Reply::problem(414, "Address too long", "That address is longer than any page here.");
    }
    let (path, query) = request.target.split_once('?').unwrap_or((request.target, ""));
    let path = path.split('#').next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let route = match parts.as_slice() {
      [""] => Route::Index,
      ["static", "judge.css"] => Route::Style,
      ["static", "judge.js"] => Route::Script,
      ["me"] => Route::MyGames,
      ["games", name] | ["games", name, ""] => Route::Game(name),
      ["games", name, "history"] => Route::History(name),
      ["games", name, "pictures", file] => Route::Picture(name, file),
      ["games", name, "feed.atom"] => Route::Feed(name),
      ["games", name, "deadlines.ics"] => Route::Calendar(name),
      ["games", name, "login"] => Route::SignIn(name),
      ["games", name, "me"] => Route::Me(name),
      ["games", name, "orders"] => Route::Orders(name),
      ["games", name, "logout"] => Route::SignOut(name),
      ["games", name, "preview"] => Route::Preview(name),
      ["games", name, "summary"] => Route::Summary(name),
      ["games", name, "summary.svg"] => Route::Chart(name),
      ["games", name, "preview.svg"] => Route::PreviewPicture(name),
      _ => return not_found(),
    };
    let method = request.method;
    let allowed = match &route {
      // The sign-in page is read, and its form posted to it.
      Route::SignIn(_) => ["GET", "HEAD", "POST"].contains(&method),
      route if route.posted() => method == "POST",
      _ => method == "GET" || method == "HEAD",
    };
    if !allowed {
      let text = if route.posted() {
        "This address takes a form (POST): use the buttons on the game's pages."
      } else {
        "This page can only be read (GET)."
      };
      return Reply::problem(405, "Not here", text);
    }
    if method == "POST" && request.oversized {
      return Reply::problem(
        413,
        "Too much",
        &format!("A form sent here may hold at most {} KB; nothing was done.", MAX_BODY / 1024),
      );
    }
    let answered = match route {
      Route::Style => Ok(Reply::bytes("text/css; charset=utf-8", pages::STYLE.as_bytes().to_vec())),
      Route::Script => {
        Ok(Reply::bytes("text/javascript; charset=utf-8", SCRIPT.as_bytes().to_vec()))
      }
      Route::Index => self.index(),
      Route::Game(name) => self.game_page(name),
      Route::History(name) => self.history(name, query, request),
      Route::Picture(name, file) => self.picture(name, file, query, request),
      Route::Feed(name) => self.feed(name),
      Route::Calendar(name) => self.calendar(name),
      Route::SignIn(name) if method == "POST" => self.sign_in(name, request),
      Route::SignIn(name) => self.sign_in_page(name),
      Route::Me(name) => self.me(name, request),
      Route::Orders(name) => self.orders(name, request),
      Route::SignOut(name) => self.sign_out(name, request),
      Route::MyGames => self.my_games(request),
      Route::Preview(name) => self.preview(name, request, false),
      Route::Summary(name) => self.summary(name),
      Route::Chart(name) => self.chart(name),
      Route::PreviewPicture(name) => self.preview(name, request, true),
    };
    match answered {
      Ok(reply) => reply,
      Err(error) => {
        tracing::error!(%error, "web page failed");
        Reply::problem(
          503,
          "Not available",
          "The judge could not do this just now (it was busy, or could not read the \
           game's files); nothing was changed. Please try again in a minute.",
        )
      }
    }
  }

  /// When `game`'s orders are due, for a page; none when it has no
  /// deadline running.
  fn deadline(&self, game: &Game) -> Option<pages::Deadline> {
    let at = game.timing.deadline.filter(|_| game.status == crate::game::Status::Active)?;
    Some(pages::Deadline {
      phase: game.position.phase.to_string(),
      at: at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
      shown: crate::game::deadline::show(at, self.tz()),
    })
  }

  /// The game called `name`, if there is one (a name the judge would not
  /// give a game is none).
  fn game(&self, name: &str) -> Result<Option<Game>, StoreError> {
    if !Game::valid_name(name) {
      return Ok(None);
    }
    Ok(self.games.load(name)?.map(|stored| stored.game))
  }
}

fn not_found() -> Reply {
  Reply::problem(
    404,
    "No such page",
    "There is no page at this address. The list of games is at /.",
  )
}

fn no_such_game(name: &str) -> Reply {
  let shown: String = name.chars().take(40).collect();
  Reply::problem(
    404,
    "No such game",
    &format!("There is no game called '{shown}' on this judge. The list of games is at /."),
  )
}

/// The headers every answer carries: no script, style or picture from
/// anywhere else, no framing, no guessing of content types.
const SECURITY_HEADERS: &[(&str, &str)] = &[
  (
    "Content-Security-Policy",
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
     connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  ),
  ("X-Content-Type-Options", "nosniff"),
  ("X-Frame-Options", "DENY"),
  ("Referrer-Policy", "same-origin"),
];

/// The listener systemd handed over (socket activation), if any.
fn activated() -> Option<tiny_http::Server> {
  let mut fds = listenfd::ListenFd::from_env();
  if let Ok(Some(listener)) = fds.take_tcp_listener(0) {
    return tiny_http::Server::from_listener(listener, None).ok();
  }
  if let Ok(Some(listener)) = fds.take_unix_listener(0) {
    return tiny_http::Server::from_listener(listener, None).ok();
  }
  None
}

/// Serves `site` on `listen` (or on the socket systemd handed over) until
/// the process is stopped.
pub fn serve(site: &Site, listen: &Listen) -> Result<(), WebError> {
  let listening = |message: String| WebError::Listen { listen: format!("{listen:?}"), message };
  let server = match activated() {
    Some(server) => server,
    None => match listen {
      Listen::Tcp(address) => tiny_http::Server::http(address.as_str()),
      Listen::Unix(path) => {
        // A socket left by an earlier run would refuse the bind.
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_socket()) {
          let _ = std::fs::remove_file(path);
        }
        tiny_http::Server::http_unix(path)
      }
    }
    .map_err(|e| listening(e.to_string()))?,
  };
  tracing::info!(?listen, "web face listening");
  let readers = AtomicUsize::new(0);
  std::thread::scope(|scope| {
    for _ in 0..WORKERS {
      scope.spawn(|| loop {
        match server.recv() {
          Ok(request) => take(site, request, scope, &readers),
          Err(error) => tracing::warn!(%error, "web request not read"),
        }
      });
    }
  });
  Ok(())
}

/// Hands a request on. One without a body is answered at once. A form is
/// read and answered on a thread of its own, so that a client sending its
/// form slowly holds up nobody else; at most [`MAX_READERS`] at a time, and
/// one that takes longer than [`BODY_TIMEOUT`] to arrive is refused.
fn take<'scope>(
  site: &'scope Site,
  request: tiny_http::Request,
  scope: &'scope std::thread::Scope<'scope, '_>,
  readers: &'scope AtomicUsize,
) {
  let started = Instant::now();
  let chunked = header(&request, "Transfer-Encoding").is_some();
  if !chunked && request.body_length().unwrap_or(0) == 0 {
    respond(site, request, started);
    return;
  }
  if readers.fetch_add(1, Ordering::SeqCst) >= MAX_READERS {
    readers.fetch_sub(1, Ordering::SeqCst);
    let busy = Reply::problem(
      503,
      "Busy",
      "The judge is reading many forms at once just now; nothing was done. Please send \
       yours again in a minute.",
    );
    send(request, busy);
    return;
  }
  scope.spawn(move || {
    respond(site, request, started);
    readers.fetch_sub(1, Ordering::SeqCst);
  });
}

/// A header of `request`, if it came.
fn header<'r>(request: &'r tiny_http::Request, name: &'static str) -> Option<&'r str> {
  request.headers().iter().find(|h| h.field.equiv(name)).map(|h| h.value.as_str())
}

/// Answers one request and logs it (never its body: a form may hold a
/// password).
fn respond(site: &Site, mut request: tiny_http::Request, started: Instant) {
  let mut body = Vec::new();
  let read = request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body);
  let oversized = body.len() > MAX_BODY;
  if read.is_err() {
    body.clear();
  }
  let method = request.method().as_str().to_string();
  let target = request.url().to_string();
  let reply = if started.elapsed() > BODY_TIMEOUT {
    Reply::problem(
      408,
      "Too slow",
      "Your form took too long to arrive, so nothing was done. Please send it again.",
    )
  } else {
    site.answer(&Request {
      method: &method,
      target: &target,
      cookie: header(&request, "Cookie"),
      content_type: header(&request, "Content-Type"),
      body: if oversized { &[] } else { &body },
      oversized,
    })
  };
  tracing::info!(%method, path = %target.split('?').next().unwrap_or_default(), status = reply.status, "web");
  send(request, reply);
}

/// Sends `reply` to `request`, with the headers every answer carries.
fn send(request: tiny_http::Request, reply: Reply) {
  // tiny_http leaves the body of a HEAD out, keeping its length.
  let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
  let headers = std::iter::once(("Content-Type", reply.content_type))
    .chain(SECURITY_HEADERS.iter().copied())
    .chain(reply.headers.iter().map(|(name, value)| (*name, value.as_str())));
  for (name, value) in headers {
    if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
      response.add_header(header);
    }
  }
  if let Err(error) = request.respond(response) {
    tracing::debug!(%error, "web answer not delivered");
  }
}
