//! What a viewer is shown of the games, whichever way they ask: the mail
//! session's LIST replies and the web face's pages are both made from
//! these, so the two cannot tell a viewer different things.

use std::fmt::Write as _;

use crate::zone::Tz;
use chrono::{DateTime, Utc};

use crate::game::join::SignOnVariant;
use crate::game::picture::PastBoard;
use crate::game::{report, Game, Status};
use crate::store::game_file::{HistoryEntry, HistoryKind};
use crate::store::games::{IndexEntry, IndexStatus};

/// What LIST says when the viewer can see no game.
pub const NO_GAMES: &str = "There are no games on this judge that you can see. Games are listed here\n\
                            when their Master makes them public, or when you are in them; LIST name\n\
                            shows any game you know the name of. CREATE ?name password starts one.";

/// The games a viewer may see in a list, by name: the listed ones, and
/// those the viewer's address is in (`None`: a stranger on the web).
pub fn visible_games(entries: Vec<IndexEntry>, address: Option<&str>) -> Vec<IndexEntry> {
  let me = address.map(str::to_lowercase);
  let mut entries: Vec<IndexEntry> = entries
    .into_iter()
    .filter(|e| e.listed || me.as_ref().is_some_and(|me| e.members.contains(me)))
    .collect();
  entries.sort_by(|a, b| a.name.cmp(&b.name));
  entries
}

/// One game of the brief list: its name, phase, variant and settings, and
/// the lines under it (its comment, how far it is from starting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
  pub name: String,
  pub phase: String,
  pub settings: String,
  pub notes: Vec<String>,
}

impl GameRow {
  /// The row of an index entry.
  pub fn of(entry: &IndexEntry) -> GameRow {
    let mut notes = Vec::new();
    if !entry.comment.is_empty() {
      notes.push(entry.comment.clone());
    }
    let forming = match entry.status {
      IndexStatus::Forming if entry.secret => Some("Forming.".to_string()),
      IndexStatus::Forming if entry.missing > 0 => Some(format!(
        "Forming: {} more player{} needed.",
        entry.missing,
        if entry.missing == 1 { "" } else { "s" }
      )),
      IndexStatus::Forming if entry.manual_start => {
        Some("Formed: waiting for its Master to start it.".to_string())
      }
      IndexStatus::Forming => Some("Formed: waiting to be started.".to_string()),
      _ => None,
    };
    notes.extend(forming);
    GameRow {
      name: entry.name.clone(),
      phase: phase_column(entry),
      settings: settings_words(entry),
      notes,
    }
  }
}

/// LIST's brief list of `entries`, in njudge's columns.
pub fn brief_list(entries: &[IndexEntry]) -> String {
  if entries.is_empty() {
    return NO_GAMES.to_string();
  }
  let mut text = String::from(
    "Name      Phase    Variant and settings\n--------  -------  --------------------\n",
  );
  for row in entries.iter().map(GameRow::of) {
    let _ = writeln!(text, "{:<10}{:<9}{}.", row.name, row.phase, row.settings);
    for note in &row.notes {
      let _ = writeln!(text, "{:19}{note}", "");
    }
  }
  text.push_str("\nUse LIST name (or LIST FULL) for more about a game.");
  text
}

/// LIST of one game for `viewer` (a member's index; `None` for anyone
/// else): a started game's under its full `::` header, as njudge's status
/// of a game is (jDip reads the variant from it).
pub fn game_listing(
  judge_code: &str,
  game: &Game,
  viewer: Option<usize>,
  now: DateTime<Utc>,
  tz: Tz,
) -> String {
  let text = report::listing(game, viewer, now, tz);
  if game.status == Status::Forming {
    return text;
  }
  format!("{}\n{text}", report::header(judge_code, game, tz))
}

/// The lines to mail the judge to get into `game`, no password filled
/// in: to play (a forming game with a seat free, or an abandoned power
/// to take over) and to watch. None once the game is over.
pub fn joining_lines(game: &Game) -> Vec<(&'static str, String)> {
  let name = &game.name;
  let mut lines = Vec::new();
  let open_seat = match game.status {
    Status::Forming => game.players_missing() > 0,
    Status::Active => game.abandoned_power().is_some(),
    Status::Finished(_) => return lines,
  };
  if open_seat {
    let words = SignOnVariant::of(game).sign_on_words();
    lines.push(("play", format!("SIGN ON ?{name} password{words}")));
  }
  lines.push(("watch", format!("OBSERVE {name} password")));
  lines
}

/// The boards kept with a game's results, by phase, for the pictures of
/// past phases (MAP game phase, the web's pictures).
///
/// `viewer` is the key of who looks and `hides` whether the game still
/// hides things from it: a blind game's viewer gets its own boards.
pub fn kept_boards<'a>(
  history: &'a [HistoryEntry],
  viewer: &str,
  hides: bool,
) -> Vec<(&'a str, &'a PastBoard)> {
  history
    .iter()
    .filter(|e| e.kind == HistoryKind::Results)
    .filter_map(|e| e.seen_by(viewer, hides)?.1.map(|board| (e.phase.as_str(), board)))
    .collect()
}

/// One phase's results, as a game's history holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultPhase {
  /// The phase the orders were given in (`S1901M`).
  pub phase: String,
  pub time: DateTime<Utc>,
  pub subject: String,
  /// The results as mailed, without the `::` lines.
  pub text: String,
  /// Whether its board was kept, so its picture can be drawn.
  pub pictured: bool,
}

/// The results of a game's phases, oldest first: HISTORY's entries that
/// anyone may ask for (the web's history page and feed).
/// As [`kept_boards`], each as `viewer` may read it.
pub fn result_phases(history: &[HistoryEntry], viewer: &str, hides: bool) -> Vec<ResultPhase> {
  history
    .iter()
    .filter(|e| e.kind == HistoryKind::Results && !e.phase.is_empty())
    .filter_map(|e| {
      let (body, board) = e.seen_by(viewer, hides)?;
      Some(ResultPhase {
        phase: e.phase.clone(),
        time: e.time,
        subject: e.subject.clone(),
        text: without_headers(body),
        pictured: board.is_some(),
      })
    })
    .collect()
}

/// A mailed body without its `::` lines and the blank lines around it.
pub fn without_headers(body: &str) -> String {
  let lines: Vec<&str> = body.lines().filter(|l| !l.starts_with("::")).collect();
  let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
  let last = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(first, |i| i + 1);
  lines[first..last.max(first)].iter().map(|l| format!("{l}\n")).collect()
}

/// SUMMARY of `game` (manual §3.5) as a viewer gets it: players named by
/// their registered names unless the game keeps them secret from the
/// viewer (`master`: the viewer is its Master, who sees all).
pub fn summary(
  code: &str,
  game: &Game,
  users: &crate::store::users::Users,
  master: bool,
  tz: Tz,
) -> String {
  let revealed = game.is_finished() && game.settings.reveal;
  let name_of = |address: &str| -> Option<String> {
    let user = users.by_address(address).ok().flatten()?;
    user.fields.get("name").map(|n| n.trim().to_string()).filter(|n| !n.is_empty())
  };
  let extras = crate::game::summary::Extras { judge_code: Some(code), name_of: Some(&name_of) };
  crate::game::summary::summary(game, master || revealed, tz, &extras)
}

/// The phase column of the brief list.
fn phase_column(entry: &IndexEntry) -> String {
  match entry.status {
    IndexStatus::Forming => "Forming".to_string(),
    IndexStatus::Active => entry.phase.clone(),
    IndexStatus::Finished => "Finished".to_string(),
  }
}

/// `Standard, Gunboat, Moderated (Ann)` for the brief list.
fn settings_words(entry: &IndexEntry) -> String {
  let mut words = report::capitalised(&entry.variant);
  if entry.gunboat {
    words.push_str(", Gunboat");
  }
  for option in &entry.options {
    let _ = write!(words, ", {option}");
  }
  if entry.moderated {
    let master = entry.masters.first().map(|a| a.split('@').next().unwrap_or(a)).unwrap_or("");
    let master = report::capitalised(master);
    let _ = write!(words, ", Moderated ({master})");
  }
  if !entry.listed {
    words.push_str(", Private");
  }
  words
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::game::deadline::DeadlineRule;
  use crate::game::{Member, Role, Settings};
  use crate::map::Map;

  fn entry(name: &str, listed: bool, member: &str) -> IndexEntry {
    let Ok(map) = Map::standard() else { panic!("the standard map") };
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut settings = Settings::new(map, rules);
    settings.listed = listed;
    let mut game = Game::new(name, map, settings, DateTime::<Utc>::UNIX_EPOCH);
    game.members.push(Member::new(Role::Player, member, None, String::new(), game.created));
    IndexEntry::of(&game)
  }

  /// A stranger sees the public games only; a member also the private
  /// games they are in, whatever the case of their address.
  #[test]
  fn a_viewer_sees_the_listed_games_and_their_own() {
    let entries = || vec![entry("zeta", true, "a@x.test"), entry("alpha", false, "b@x.test")];
    let names = |v: Vec<IndexEntry>| v.into_iter().map(|e| e.name).collect::<Vec<_>>();
    assert_eq!(names(visible_games(entries(), None)), ["zeta"]);
    assert_eq!(names(visible_games(entries(), Some("B@X.test"))), ["alpha", "zeta"]);
    let text = brief_list(&visible_games(entries(), Some("b@x.test")));
    assert!(text.contains("alpha     Forming  Standard, Private."), "{text}");
    assert!(text.contains("Forming: 6 more players needed."), "{text}");
    assert_eq!(brief_list(&[]), NO_GAMES);
  }

  /// A forming game takes players, who must name its options; a game
  /// over takes nobody.
  #[test]
  fn the_joining_lines_name_the_game_and_its_options_and_no_password() {
    let Ok(map) = Map::standard() else { panic!("the standard map") };
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut settings = Settings::new(map, rules);
    settings.gunboat = true;
    let mut game = Game::new("boat", map, settings, DateTime::<Utc>::UNIX_EPOCH);
    let lines = joining_lines(&game);
    assert_eq!(
      lines,
      [
        ("play", "SIGN ON ?boat password Gunboat".to_string()),
        ("watch", "OBSERVE boat password".to_string())
      ]
    );
    game.status = Status::Finished(crate::game::Ending::Terminated);
    assert!(joining_lines(&game).is_empty());
  }
}
