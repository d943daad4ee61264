//! The game information commands of manual §3.4: LIST (brief, FULL, or a
//! game), HISTORY (by date or by phase), SUMMARY and WHOGAME. Each may name
//! a game, or, after a SIGN ON, leave it out to mean the signed-on game.

use std::fmt::Write as _;

use chrono::{DateTime, Duration, NaiveTime, Utc};

use super::{game_name, info, Session};
use crate::game::viewer::Viewer;
use crate::game::{date, deadline, report, Game, Role, Status};
use crate::phase::Phase;
use crate::store::game_file::{HistoryEntry, HistoryKind, Stored};
use crate::store::games::IndexEntry;
use crate::store::StoreError;
use crate::view;

/// HISTORY's default number of lines (manual §3.4).
const HISTORY_LINES: usize = 1000;
/// The most lines HISTORY sends, whatever LINES asks.
const HISTORY_MAX_LINES: usize = 20_000;

/// What HISTORY was asked for.
#[derive(Debug, PartialEq, Eq)]
enum HistoryQuery {
  /// Syntax 1: a span of real time, and a limit of lines.
  Dates { from: DateTime<Utc>, to: DateTime<Utc>, lines: usize },
  /// Syntax 2: phases to leave out; results only unless `broad`.
  Phases { start: Option<Phase>, end: Option<Phase>, broad: bool },
}

const HISTORY_WORDS: &[&str] = &["from", "to", "lines", "exclstart", "exclend", "broad"];

impl Session<'_> {
  /// The game a command names, or the signed-on one; `None` (and an error)
  /// when neither gives one.
  pub(crate) fn named_game(
    &mut self,
    command: &str,
    name: Option<&str>,
  ) -> Result<Option<Stored>, StoreError> {
    // The signed-on game as this message has left it so far.
    let seated = self
      .seat
      .as_ref()
      .filter(|s| name.is_none_or(|n| game_name(n).is_some_and(|n| n == s.stored.game.name)));
    if let Some(seat) = seated {
      return Ok(Some(seat.stored.clone()));
    }
    match name {
      Some(name) => match game_name(name).map(|n| (self.ctx.games.load(&n), n)) {
        Some((Err(StoreError::Damaged { path, message }), name)) => {
          self.damaged_game(&name, &path, &message);
          Ok(None)
        }
        Some((Err(error), _)) => Err(error),
        Some((Ok(Some(stored)), _)) => {
          if self.seat.is_none() && self.about.is_none() {
            let tz = self.ctx.tz();
            self.about = Some(report::header(&self.ctx.config.judge_code, &stored.game, tz));
          }
          Ok(Some(stored))
        }
        Some((Ok(None), _)) | None => {
          let shown: String = name.chars().take(20).collect();
          self.error(&format!(
            "There is no game called '{shown}' on this judge. Send LIST for the games."
          ));
          Ok(None)
        }
      },
      None => {
        self.error(&format!(
          "{command} needs the name of a game (or a SIGN ON to one earlier in the\nmessage)."
        ));
        Ok(None)
      }
    }
  }

  /// The signed-on member's index, when the game is the signed-on one.
  pub(crate) fn viewer_in(&self, game: &Game) -> Option<usize> {
    self.seat.as_ref().filter(|s| s.stored.game.name == game.name).map(|s| s.member)
  }

  pub(crate) fn list(&mut self, args: &str) -> Result<(), StoreError> {
    let arg = args.split_whitespace().next();
    match arg {
      None if self.seat.is_none() => self.brief_list(),
      Some(word) if word.eq_ignore_ascii_case("full") => {
        let visible = self.visible_games()?;
        if visible.is_empty() {
          self.say("There are no games on this judge that you can see.");
        }
        for entry in visible {
          match self.ctx.games.load(&entry.name) {
            Ok(Some(stored)) => {
              let viewer = self.viewer_in(&stored.game);
              let text = self.game_listing(&stored.game, viewer);
              self.say(&text);
            }
            Ok(None) => {}
            Err(StoreError::Damaged { path, message }) => {
              self.damaged_game(&entry.name, &path, &message);
            }
            Err(error) => return Err(error),
          }
        }
        Ok(())
      }
      name => {
        let Some(stored) = self.named_game("LIST", name)? else { return Ok(()) };
        let text = self.game_listing(&stored.game, self.viewer_in(&stored.game));
        self.say(&text);
        Ok(())
      }
    }
  }

  /// LIST of one game: a started game's under its full `::` header, as
  /// njudge's status of a game is (jDip reads the variant from it), unless
  /// the reply already opens with that header.
  fn game_listing(&self, game: &Game, viewer: Option<usize>) -> String {
    let tz = self.ctx.tz();
    let code = &self.ctx.config.judge_code;
    let header = report::header(code, game, tz);
    if game.status != Status::Forming && self.about.as_deref() == Some(header.as_str()) {
      return report::listing(game, viewer, self.ctx.now, tz);
    }
    view::game_listing(code, game, viewer, self.ctx.now, tz)
  }

  /// The games the sender may see in a list: the listed ones, and those
  /// they are in.
  fn visible_games(&self) -> Result<Vec<IndexEntry>, StoreError> {
    Ok(view::visible_games(self.ctx.games.index()?, Some(&self.reply_to)))
  }

  fn brief_list(&mut self) -> Result<(), StoreError> {
    let entries = self.visible_games()?;
    self.say(&view::brief_list(&entries));
    Ok(())
  }

  pub(crate) fn history(&mut self, args: &str) -> Result<(), StoreError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    // The first word names the game, unless a SIGN ON chose one and the
    // word is one of HISTORY's own (a game may be called `broad`).
    let keyword = |w: &&str| HISTORY_WORDS.contains(&w.to_ascii_lowercase().as_str());
    let named = words.first().filter(|w| self.seat.is_none() || !keyword(w));
    let rest = if named.is_some() { &words[1..] } else { &words[..] };
    let Some(stored) = self.named_game("HISTORY", named.copied())? else { return Ok(()) };
    let query = match self.history_query(rest) {
      Ok(query) => query,
      Err(message) => {
        self.error(&format!("{message}\nNo history was sent."));
        return Ok(());
      }
    };
    let entries = self.ctx.games.history(&stored.game.name)?;
    let who = stored.game.viewer(self.viewer_in(&stored.game));
    let text = history_text(&stored.game, &entries, &query, &who, self.ctx.tz());
    self.say(&text);
    Ok(())
  }

  fn history_query(&self, words: &[&str]) -> Result<HistoryQuery, String> {
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let mut parts: Vec<(String, Vec<&str>)> = Vec::new();
    for word in words {
      let lower = word.to_ascii_lowercase();
      if HISTORY_WORDS.contains(&lower.as_str()) {
        parts.push((lower, Vec::new()));
      } else if let Some((_, values)) = parts.last_mut() {
        values.push(word);
      } else {
        return Err(format!("'{word}' is not part of a HISTORY command: write FROM date, TO date, LINES n, or EXCLSTART phase."));
      }
    }
    let value = |key: &str| parts.iter().find(|(k, _)| k == key).map(|(_, v)| v.join(" "));
    let has = |key: &str| parts.iter().any(|(k, _)| k == key);
    // Each keyword needs its value; say which is missing rather than run a
    // different query than the player meant.
    for (key, example) in [
      ("from", "FROM Mar 1 2026"),
      ("to", "TO Mar 31 2026"),
      ("lines", "LINES 500"),
      ("exclstart", "EXCLSTART S1903M"),
      ("exclend", "EXCLEND F1905B"),
    ] {
      if value(key).is_some_and(|v| v.trim().is_empty()) {
        return Err(format!(
          "{} needs a value after it, for example {example}.",
          key.to_uppercase()
        ));
      }
    }
    if has("exclend") && !has("exclstart") {
      return Err(
        "EXCLEND goes with EXCLSTART: write HISTORY name EXCLSTART phase EXCLEND phase."
          .to_string(),
      );
    }
    if has("exclstart") {
      let start = value("exclstart").and_then(|t| t.parse::<Phase>().ok());
      let end = start.and(value("exclend").and_then(|t| t.parse::<Phase>().ok()));
      return Ok(HistoryQuery::Phases { start, end, broad: value("broad").is_some() });
    }
    let date = |text: &str| date::parse(text, now, tz, NaiveTime::MIN).map_err(|e| e.to_string());
    let from = match value("from") {
      Some(text) => date(&text)?,
      None => now - Duration::days(7),
    };
    let to = match value("to") {
      Some(text) => date(&text)?,
      None => now,
    };
    // An end before the start is ignored (manual §3.4).
    let to = if to < from { now } else { to };
    let lines = match value("lines") {
      Some(text) => match text.trim().parse::<usize>() {
        Ok(0) => return Err("LINES needs a number above 0.".to_string()),
        Ok(n) => n.min(HISTORY_MAX_LINES),
        Err(_) => return Err(format!("LINES needs a number, not '{text}'.")),
      },
      None => HISTORY_LINES,
    };
    Ok(HistoryQuery::Dates { from, to, lines })
  }

  pub(crate) fn summary(&mut self, args: &str) -> Result<(), StoreError> {
    let Some(stored) = self.named_game("SUMMARY", args.split_whitespace().next())? else {
      return Ok(());
    };
    let game = &stored.game;
    let master = self.viewer_in(game).is_some_and(|i| game.members[i].role == Role::Master);
    let code = &self.ctx.config.judge_code;
    let text = view::summary(code, game, self.ctx.users, master, self.ctx.tz());
    self.say(&text);
    self.attach_chart(game);
    Ok(())
  }

  pub(crate) fn who_game(&mut self, args: &str) -> Result<(), StoreError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let full = words.iter().any(|w| w.eq_ignore_ascii_case("full"));
    let name = words.iter().find(|w| !w.eq_ignore_ascii_case("full")).copied();
    let Some(stored) = self.named_game("WHOGAME", name)? else { return Ok(()) };
    let game = &stored.game;
    let master = self.viewer_in(game).is_some_and(|i| game.members[i].role == Role::Master);
    // Gunboat players stay secret while the game runs, and for good when it
    // ends under SET NO REVEAL.
    let secret = game.settings.gunboat && (!game.is_finished() || !game.settings.reveal);
    if secret && !master {
      self.error(&format!(
        "Game '{}' is a gunboat game: only its Master may see who plays in it.",
        game.name
      ));
      return Ok(());
    }
    if game.settings.variant.secret && !master && !game.is_finished() {
      self.error(&format!(
        "The number of players in game '{}' is secret: only its Master may see who\n\
         plays in it.",
        game.name
      ));
      return Ok(());
    }
    // njudge's layout: `England in game 'demo':`, a blank line, `Whois`
    // and the address, then the registration as WHO IS shows it (postal
    // address and phone only by the player's choice, to registered
    // viewers), unless the keeper turned the details off
    // (`whogame_registration`).
    let mut text = String::new();
    let details = self.ctx.config.whogame_registration;
    let viewer_registered = self.ctx.users.by_address(&self.reply_to)?.is_some();
    for member in &game.members {
      if member.role == Role::Observer && !full {
        continue;
      }
      let label = match (member.role, member.power) {
        (Role::Master, _) => "Master".to_string(),
        (Role::Observer, _) => "Observer".to_string(),
        (Role::Player, Some(power)) => game.power_name(power).to_string(),
        (Role::Player, None) => "Player".to_string(),
      };
      let _ = writeln!(text, "{label} in game '{}':\n", game.name);
      if member.abandoned {
        // Its last player may still come back (NoNMR), so they are shown.
        let _ = writeln!(text, "{label} is abandoned. Its last player:\n");
      }
      let _ = writeln!(text, "Whois {}", member.address);
      let user = member.user.map(|id| self.ctx.users.get(id)).transpose()?.flatten();
      match user {
        Some(user) if details => {
          let _ = writeln!(text, "{}", info::form_for(&user, viewer_registered));
        }
        Some(user) => {
          let _ = writeln!(text, "User #{}: {}\n", user.id, user.addresses.join(", "));
        }
        None => {
          let _ = writeln!(text, "{} is not registered on this judge.\n", member.address);
        }
      }
    }
    if text.is_empty() {
      let _ = writeln!(text, "Nobody is in game '{}' yet.", game.name);
    }
    self.say(&text);
    Ok(())
  }
}

/// HISTORY's reply, in njudge's layout (which jDip and the Bitmap
/// Diplomacy Mapper read): `History information for game 'x' …`, each
/// entry under its `Date:` and `Subject:` lines without its `::` lines, and
/// `---- History terminated due to end of information.` at the end.
///
/// In a running blind game, `who` gets its own copy of each entry.
fn history_text(
  game: &Game,
  entries: &[HistoryEntry],
  query: &HistoryQuery,
  who: &Viewer,
  tz: crate::zone::Tz,
) -> String {
  let key = who.key(game.map);
  let hides = game.hides();
  // Each entry as the viewer may read it (the body of its own copy).
  let entries: Vec<(&HistoryEntry, &str)> =
    entries.iter().filter_map(|e| Some((e, e.seen_by(&key, hides)?.0))).collect();
  let chosen: Vec<(&HistoryEntry, &str)> = match *query {
    HistoryQuery::Dates { from, to, .. } => {
      entries.into_iter().filter(|(e, _)| e.time >= from && e.time <= to).collect()
    }
    HistoryQuery::Phases { start, end, broad } => entries
      .into_iter()
      .filter(|(e, _)| broad || e.kind == HistoryKind::Results)
      .filter(|(e, _)| {
        let Ok(phase) = e.phase.parse::<Phase>() else { return true };
        match (start, end) {
          (None, _) => true,
          (Some(start), None) => game.map.phase_order(phase, start).is_lt(),
          // After the EXCLEND phase (the manual's `exclstart S1899M
          // exclend F1905B` gives the history from 1906 on, §3.4).
          (Some(start), Some(end)) => {
            game.map.phase_order(phase, start).is_lt() || game.map.phase_order(phase, end).is_gt()
          }
        }
      })
      .collect(),
  };
  let limit = match *query {
    HistoryQuery::Dates { lines, .. } => lines,
    HistoryQuery::Phases { .. } => HISTORY_MAX_LINES,
  };
  let mut text = match *query {
    HistoryQuery::Dates { from, to, .. } => format!(
      "History information for game '{}' from {}\nthrough {}:\n",
      game.name,
      deadline::show(from, tz),
      deadline::show(to, tz)
    ),
    // njudge's `excluding turn 'S1899M'` / `to turn 'F1905B'.` (or `'end of
    // game'.`) when turns are left out.
    HistoryQuery::Phases { start: Some(start), end, .. } => format!(
      "History information for game '{}' excluding turn '{start}'\nto turn '{}'.\n",
      game.name,
      end.map_or_else(|| "end of game".to_string(), |end| end.to_string())
    ),
    HistoryQuery::Phases { start: None, .. } => {
      format!("History information for game '{}':\n", game.name)
    }
  };
  if hides && !who.sees_everything() {
    text.push_str(&report::wrap(report::WITHHELD));
    text.push('\n');
  }
  let mut lines = 0;
  let mut count = 0;
  let mut ended = true;
  for (entry, body) in chosen {
    let block = archived(entry, body, tz);
    let block_lines = block.lines().count();
    if lines + block_lines > limit {
      let _ = writeln!(
        text,
        "\n(The history stops here: it reached the limit of {limit} lines.\nUse LINES n for more.)"
      );
      ended = false;
      break;
    }
    lines += block_lines;
    count += 1;
    text.push_str(&block);
  }
  if count == 0 {
    text.push_str("\nNothing in the history matches.\n");
  }
  if matches!(game.status, Status::Forming) && count == 0 {
    text.push_str("(The game has not started yet.)\n");
  }
  if ended {
    // njudge ends each archived message with a blank line and puts one
    // more before its trailer (`history.c`, `lib.c`).
    if count > 0 {
      text.push('\n');
    }
    text.push_str("\n---- History terminated due to end of information.\n");
  }
  text
}

/// One history entry as njudge archives a message: `Date:    Mon Mar  9
/// 12:00:00 2026 (1773057600)`, `Subject: …`, a blank line and the body
/// without its `::` lines, after a blank line.
fn archived(entry: &HistoryEntry, body: &str, tz: crate::zone::Tz) -> String {
  let when = entry.time.with_timezone(&tz).format("%a %b %e %H:%M:%S %Y");
  let mut block =
    format!("\nDate:    {when} ({})\nSubject: {}\n\n", entry.time.timestamp(), entry.subject);
  block.push_str(&crate::view::without_headers(body));
  block
}
