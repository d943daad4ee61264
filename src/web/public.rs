//! The pages anyone may read: the list of games, a game's page, its
//! history with a picture per phase, and the pictures. Each shows what mail
//! tells a stranger (LIST, HISTORY, MAP from an address not in the game).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{no_such_game, not_found, pages, Answered, Reply, Request, Site};
use crate::game::viewer::Viewer;
use crate::game::{picture, Game};
use crate::{draw, view};

/// A past picture: game name, game creation time, phase, PNG or not.
type PictureKey = (String, i64, String, bool);

/// How many past pictures are kept in memory (a few MB of SVG).
const CACHED_PICTURES: usize = 512;

/// Pictures of past phases by game (its name and creation time: a game
/// deleted and made again under its name is another game), phase and
/// format. A past phase's picture never changes, so drawing it once is
/// enough; when full, the cache starts again.
#[derive(Default)]
pub(super) struct PictureCache(Mutex<HashMap<PictureKey, Arc<Vec<u8>>>>);

impl PictureCache {
  fn get(&self, key: &PictureKey) -> Option<Arc<Vec<u8>>> {
    self.0.lock().ok()?.get(key).cloned()
  }

  fn put(&self, key: PictureKey, picture: Arc<Vec<u8>>) {
    if let Ok(mut pictures) = self.0.lock() {
      if pictures.len() >= CACHED_PICTURES {
        pictures.clear();
      }
      pictures.insert(key, picture);
    }
  }
}

impl Site {
  pub(super) fn index(&self) -> Answered {
    let games = view::visible_games(self.games.index()?, None);
    Ok(Reply::html(200, pages::index(&self.config.judge_code, &games)))
  }

  pub(super) fn game_page(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let listing = view::game_listing(&self.config.judge_code, &game, None, self.now(), self.tz());
    let joining = view::joining_lines(&game);
    let judge = &self.config.judge_address;
    let deadline = self.deadline(&game);
    Ok(Reply::html(200, pages::game(&game.name, &listing, judge, &joining, deadline.as_ref())))
  }

  /// The public HISTORY, a phase at a time (`?phase=S1901M`, with the
  /// phases before and after) or every phase on one printable page.
  pub(super) fn history(&self, name: &str, query: &str, request: &Request<'_>) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let history = self.games.history(&game.name)?;
    let who = self.viewer(&game, request);
    let phases = view::result_phases(&history, &who.key(game.map), game.hides());
    let asked = query_value(query, "phase");
    let shown: Vec<&view::ResultPhase> = match &asked {
      None => phases.iter().collect(),
      Some(asked) => phases.iter().filter(|p| p.phase.eq_ignore_ascii_case(asked)).collect(),
    };
    if asked.is_some() && shown.is_empty() {
      return Ok(Reply::problem(
        404,
        "No such phase",
        "This game has no results for that phase. Its history lists the phases it has.",
      ));
    }
    let step = asked.and_then(|asked| {
      let at = phases.iter().position(|p| p.phase.eq_ignore_ascii_case(&asked))?;
      let before = at.checked_sub(1).and_then(|i| phases.get(i)).map(|p| p.phase.clone());
      let after = phases.get(at + 1).map(|p| p.phase.clone());
      Some((before, after))
    });
    Ok(Reply::html(200, pages::history(&game.name, &shown, step)))
  }

  /// A picture; `?targets=1` on today's SVG lays the provinces over it as
  /// click targets (the seat page's board).
  /// SUMMARY as a stranger gets it by mail, with the centre chart.
  pub(super) fn summary(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let timeout = std::time::Duration::from_secs(self.config.lock_timeout_seconds);
    let users = crate::store::users::Users::new(&self.data, timeout);
    let text = view::summary(&self.config.judge_code, &game, &users, false, self.tz());
    let charted = picture::chart(&game).is_some();
    Ok(Reply::html(200, pages::summary(&game.name, &text, charted)))
  }

  /// The centre chart SUMMARY mails, as SVG.
  pub(super) fn chart(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    Ok(match picture::chart(&game) {
      Some(chart) => Reply::bytes("image/svg+xml", draw::chart_svg(&chart).into_bytes()),
      None => Reply::problem(404, "No chart yet", "The chart starts once a year has been played."),
    })
  }

  pub(super) fn picture(
    &self,
    name: &str,
    file: &str,
    query: &str,
    request: &Request<'_>,
  ) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some((stem, png)) = file
      .strip_suffix(".svg")
      .map(|stem| (stem, false))
      .or_else(|| file.strip_suffix(".png").map(|stem| (stem, true)))
    else {
      return Ok(not_found());
    };
    let targets = query_value(query, "targets").is_some() && stem == "current";
    let who = self.viewer(&game, request);
    self.drawn(&game, &who, stem, png, targets)
  }

  /// The picture of `game` in the phase `stem` (`S1901M`, or `current`),
  /// as MAP mails it: a past phase with its orders and what became of
  /// them, from the board kept with its results. With `targets`, today's
  /// SVG has the provinces laid over it as click targets.
  ///
  /// A running blind game's pictures are `who`'s own, and are neither
  /// kept in the cache nor by the browser.
  fn drawn(&self, game: &Game, who: &Viewer, stem: &str, png: bool, targets: bool) -> Answered {
    let content_type = if png { "image/png" } else { "image/svg+xml" };
    let tailored = game.hides();
    let key = (game.name.clone(), game.created.timestamp(), stem.to_ascii_uppercase(), png);
    if let Some(picture) = self.pictures.get(&key).filter(|_| !tailored) {
      return Ok(past_picture(content_type, picture.to_vec()));
    }
    let history = if stem == "current" { Vec::new() } else { self.games.history(&game.name)? };
    let kept = view::kept_boards(&history, &who.key(game.map), tailored);
    let asked = (stem != "current").then_some(stem);
    let board = game.seen_position(who);
    let past = match picture::past(game, who, asked, &kept) {
      Ok(past) => past,
      // A game not started yet has only its board as it stands.
      Err(_) if asked.is_none() => None,
      Err(error) => return Ok(Reply::problem(404, "No such picture", &error.to_string())),
    };
    let scene = match &past {
      Some(past) => past.scene(game),
      None => picture::seen_now(game, &board),
    };
    let drawn = draw::svg(&scene).and_then(|svg| match (png, targets && past.is_none()) {
      (true, _) => draw::png(&svg, draw::PNG_SCALE),
      (false, true) => draw::with_click_targets(&svg, game.map).map(String::into_bytes),
      (false, false) => Ok(svg.into_bytes()),
    });
    Ok(match drawn {
      Ok(body) if tailored => {
        Reply::bytes(content_type, body).with_header("Cache-Control", "private, no-store".into())
      }
      Ok(body) if past.is_some() => {
        self.pictures.put(key, Arc::new(body.clone()));
        past_picture(content_type, body)
      }
      Ok(body) => Reply::bytes(content_type, body).with_header("Cache-Control", "no-cache".into()),
      Err(error) => {
        tracing::error!(%error, game = %game.name, "web picture failed");
        Reply::problem(500, "No picture", "This picture could not be drawn.")
      }
    })
  }
}

/// A past phase's picture: the browser may keep it (it never changes).
fn past_picture(content_type: &'static str, body: Vec<u8>) -> Reply {
  Reply::bytes(content_type, body).with_header("Cache-Control", "public, max-age=86400".into())
}

/// The value of `key` in a query string, decoded.
pub(super) fn query_value(query: &str, key: &str) -> Option<String> {
  form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == key).map(|(_, v)| v.into_owned())
}
