//! `judge serve`: the web face (`CONTRACT.md`, issue 24). Plain HTTP/1.1
//! behind the keeper's reverse proxy, served by `tiny_http` (small and
//! synchronous: a handful of worker threads reading flat files need no
//! async runtime), pages written with `maud`, which escapes everything it
//! is given unless told otherwise. What a page shows is made by the same
//! functions as the mail's replies ([`crate::view`], `game::report`,
//! `game::picture`), with the viewer passed in, so the web cannot tell a
//! viewer more than mail would.
//!
//! This first part serves the public pages: the list of games, a game's
//! page with its current picture, and that picture. Signing a seat in and
//! entering orders come next.

mod pages;

use std::io::Read as _;
use std::os::unix::fs::FileTypeExt as _;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::game::{picture, Game};
use crate::store::games::Games;
use crate::store::{DataDir, StoreError};
use crate::{delivery, draw, view};

/// How many requests are served at once.
const WORKERS: usize = 4;
/// The longest request target read; anything longer is refused (414).
const MAX_TARGET: usize = 2048;

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
  config: Config,
  games: Games,
  now: Option<DateTime<Utc>>,
}

/// One answer: its status, content type and body.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
  pub status: u16,
  pub content_type: &'static str,
  pub body: Vec<u8>,
}

impl Reply {
  fn html(status: u16, body: String) -> Reply {
    Reply { status, content_type: "text/html; charset=utf-8", body: body.into_bytes() }
  }

  /// A page saying what was wrong, with the status that says it too.
  fn problem(status: u16, title: &str, text: &str) -> Reply {
    Reply::html(status, pages::problem(title, text))
  }
}

impl Site {
  pub fn new(data: &DataDir, config: Config, now: Option<DateTime<Utc>>) -> Site {
    let timeout = Duration::from_secs(config.lock_timeout_seconds);
    let transport = delivery::transport(&config, data);
    let games = Games::new(data, timeout, delivery::mail_target(&transport, data));
    Site { config, games, now }
  }

  fn now(&self) -> DateTime<Utc> {
    self.now.unwrap_or_else(Utc::now)
  }

  /// The answer to `method` on `target` (the path, with any query).
  pub fn answer(&self, method: &str, target: &str) -> Reply {
    if target.len() > MAX_TARGET {
      return Reply::problem(414, "Address too long", "That address is longer than any page here.");
    }
    let path = target.split(['?', '#']).next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let route = match parts.as_slice() {
      [""] => Route::Index,
      ["static", "judge.css"] => Route::Style,
      ["games", name] | ["games", name, ""] => Route::Game(name),
      ["games", name, "pictures", file] => Route::Picture(name, file),
      _ => return not_found(),
    };
    if method != "GET" && method != "HEAD" {
      return Reply::problem(405, "Not here", "This page can only be read (GET).");
    }
    match self.route(route) {
      Ok(reply) => reply,
      Err(error) => {
        tracing::error!(%error, "web page failed");
        Reply::problem(
          503,
          "Not available",
          "The judge could not read this game just now; try again in a minute.",
        )
      }
    }
  }

  fn route(&self, route: Route) -> Result<Reply, StoreError> {
    match route {
      Route::Style => Ok(Reply {
        status: 200,
        content_type: "text/css; charset=utf-8",
        body: pages::STYLE.as_bytes().to_vec(),
      }),
      Route::Index => {
        let games = view::visible_games(self.games.index()?, None);
        Ok(Reply::html(200, pages::index(&self.config.judge_code, &games)))
      }
      Route::Game(name) => {
        let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
        let tz = self.config.tz().unwrap_or(chrono_tz::UTC);
        let listing = view::game_listing(&self.config.judge_code, &game, None, self.now(), tz);
        let joining = view::joining_lines(&game);
        let judge = &self.config.judge_address;
        Ok(Reply::html(200, pages::game(&game.name, &listing, judge, &joining)))
      }
      Route::Picture(name, file) => {
        let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
        let Some((stem, png)) = file
          .strip_suffix(".svg")
          .map(|stem| (stem, false))
          .or_else(|| file.strip_suffix(".png").map(|stem| (stem, true)))
        else {
          return Ok(not_found());
        };
        self.picture(&game, stem, png)
      }
    }
  }

  /// The picture of `game` in the phase `stem` (`S1901M`, or `current`),
  /// as MAP mails it: a past phase with its orders and what became of
  /// them, from the board kept with its results.
  fn picture(&self, game: &Game, stem: &str, png: bool) -> Result<Reply, StoreError> {
    let history = if stem == "current" { Vec::new() } else { self.games.history(&game.name)? };
    let kept = view::kept_boards(&history);
    let asked = (stem != "current").then_some(stem);
    let past = match picture::past(game, asked, &kept) {
      Ok(past) => past,
      // A game not started yet has only its board as it stands.
      Err(_) if asked.is_none() => None,
      Err(error) => return Ok(Reply::problem(404, "No such picture", &error.to_string())),
    };
    let scene = match &past {
      Some(past) => past.scene(game),
      None => picture::current(game),
    };
    let drawn = draw::svg(&scene).and_then(|svg| {
      if png {
        draw::png(&svg, draw::PNG_SCALE)
      } else {
        Ok(svg.into_bytes())
      }
    });
    Ok(match drawn {
      Ok(body) => {
        let content_type = if png { "image/png" } else { "image/svg+xml" };
        Reply { status: 200, content_type, body }
      }
      Err(error) => {
        tracing::error!(%error, game = %game.name, "web picture failed");
        Reply::problem(500, "No picture", "This picture could not be drawn.")
      }
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

/// The pages there are.
enum Route<'a> {
  Index,
  Style,
  Game(&'a str),
  Picture(&'a str, &'a str),
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
    "default-src 'none'; img-src 'self'; style-src 'self'; form-action 'self'; \
     frame-ancestors 'none'; base-uri 'none'",
  ),
  ("X-Content-Type-Options", "nosniff"),
  ("X-Frame-Options", "DENY"),
  ("Referrer-Policy", "same-origin"),
];

/// Serves `site` on `listen` until the process is stopped.
pub fn serve(site: &Site, listen: &Listen) -> Result<(), WebError> {
  let listening = |message: String| WebError::Listen { listen: format!("{listen:?}"), message };
  let server = match listen {
    Listen::Tcp(address) => tiny_http::Server::http(address.as_str()),
    Listen::Unix(path) => {
      // A socket left by an earlier run would refuse the bind.
      if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_socket()) {
        let _ = std::fs::remove_file(path);
      }
      tiny_http::Server::http_unix(path)
    }
  }
  .map_err(|e| listening(e.to_string()))?;
  tracing::info!(?listen, "web face listening");
  std::thread::scope(|scope| {
    for _ in 0..WORKERS {
      scope.spawn(|| loop {
        match server.recv() {
          Ok(request) => respond(site, request),
          Err(error) => tracing::warn!(%error, "web request not read"),
        }
      });
    }
  });
  Ok(())
}

/// Answers one request and logs it (never its body: a form may hold a
/// password).
fn respond(site: &Site, mut request: tiny_http::Request) {
  // A page to read takes no body; whatever came is read and dropped.
  let mut sink = Vec::new();
  let _ = request.as_reader().take(64 * 1024).read_to_end(&mut sink);
  let method = request.method().as_str().to_string();
  let target = request.url().to_string();
  let reply = site.answer(&method, &target);
  tracing::info!(%method, path = %target.split('?').next().unwrap_or_default(), status = reply.status, "web");
  let mut response =
    tiny_http::Response::from_data(if method == "HEAD" { Vec::new() } else { reply.body })
      .with_status_code(reply.status);
  let headers =
    std::iter::once(("Content-Type", reply.content_type)).chain(SECURITY_HEADERS.iter().copied());
  for (name, value) in headers {
    if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
      response.add_header(header);
    }
  }
  if let Err(error) = request.respond(response) {
    tracing::debug!(%error, "web answer not delivered");
  }
}
