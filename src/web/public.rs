//! The pages anyone may read: the list of games, a game's page, its
//! history with a picture per phase, and the pictures. Each shows what mail
//! tells a stranger (LIST, HISTORY, MAP from an address not in the game).

use super::{no_such_game, not_found, pages, Reply, Site};
use crate::game::{picture, Game};
use crate::store::StoreError;
use crate::{draw, view};

impl Site {
  pub(super) fn index(&self) -> Result<Reply, StoreError> {
    let games = view::visible_games(self.games.index()?, None);
    Ok(Reply::html(200, pages::index(&self.config.judge_code, &games)))
  }

  pub(super) fn game_page(&self, name: &str, _query: &str) -> Result<Reply, StoreError> {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let listing = view::game_listing(&self.config.judge_code, &game, None, self.now(), self.tz());
    let joining = view::joining_lines(&game);
    let judge = &self.config.judge_address;
    Ok(Reply::html(200, pages::game(&game.name, &listing, judge, &joining)))
  }

  /// The public HISTORY, a phase at a time (`?phase=S1901M`, with the
  /// phases before and after) or every phase on one printable page.
  pub(super) fn history(&self, name: &str, query: &str) -> Result<Reply, StoreError> {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let history = self.games.history(&game.name)?;
    let phases = view::result_phases(&history);
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

  pub(super) fn picture(&self, name: &str, file: &str) -> Result<Reply, StoreError> {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let Some((stem, png)) = file
      .strip_suffix(".svg")
      .map(|stem| (stem, false))
      .or_else(|| file.strip_suffix(".png").map(|stem| (stem, true)))
    else {
      return Ok(not_found());
    };
    self.drawn(&game, stem, png)
  }

  /// The picture of `game` in the phase `stem` (`S1901M`, or `current`),
  /// as MAP mails it: a past phase with its orders and what became of
  /// them, from the board kept with its results.
  fn drawn(&self, game: &Game, stem: &str, png: bool) -> Result<Reply, StoreError> {
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
      Ok(body) => Reply::bytes(if png { "image/png" } else { "image/svg+xml" }, body),
      Err(error) => {
        tracing::error!(%error, game = %game.name, "web picture failed");
        Reply::problem(500, "No picture", "This picture could not be drawn.")
      }
    })
  }
}

/// The value of `key` in a query string, decoded.
pub(super) fn query_value(query: &str, key: &str) -> Option<String> {
  form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == key).map(|(_, v)| v.into_owned())
}
