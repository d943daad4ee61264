//! The store's side of SET AUTO CREATE (manual §8.3): when a game set to
//! it ends in a result, the next game ([`Game::successor`]) is written to
//! the store and everyone in the old game is told. The session and the
//! sweep call it while they hold the old game's lock.
//!
//! The new game is committed before the old one records it, so a crash in
//! between leaves the old game to end again when its change is carried out
//! again; that finds the game it made (whose predecessor is the old game)
//! instead of making a second one.

use chrono::{DateTime, Utc};

use crate::announce::{self, Announcement};
use crate::config::Config;
use crate::game::{report, Game, Role};
use crate::store::game_file::{HistoryKind, Stored};
use crate::store::games::{Change, Games};
use crate::store::StoreError;

/// How many names are tried (`dip2`, `dip3`, …) past ones already taken.
const MAX_TRIES: usize = 100;

/// Creates the next game of `game`, which has just ended and is set to
/// AUTO CREATE, and notes it in `game`'s record; returns the notice to
/// `game`'s members. When no name is free, AUTO CREATE is turned off and
/// the notice says so.
pub fn create(
  games: &Games,
  config: &Config,
  game: &mut Game,
  origin: &str,
  now: DateTime<Utc>,
) -> Result<Announcement, StoreError> {
  let mut candidate = Game::successor_name(&game.name);
  let mut made = None;
  for _ in 0..MAX_TRIES {
    let Some(name) = candidate.take() else { break };
    let _lock = games.lock(&name)?;
    match games.load(&name) {
      Ok(Some(stored)) if stored.game.record.predecessor.as_deref() == Some(game.name.as_str()) => {
        made = Some(name);
        break;
      }
      Ok(Some(_)) | Err(StoreError::Damaged { .. }) => candidate = Game::successor_name(&name),
      Ok(None) => {
        let mut stored = Stored::new(game.successor(&name, now));
        let change = Change { origin: origin.to_string(), time: now, ..Change::default() };
        games.commit(&mut stored, change)?;
        made = Some(name);
        break;
      }
      Err(error) => return Err(error),
    }
  }
  let old = game.name.clone();
  let (what, text) = match made {
    Some(name) => {
      let masters = if game.members.iter().any(|m| m.role == Role::Master) {
        format!(
          "Its Master is the Master of '{old}', who signs on with the same password:\n\
           SIGN ON M{name} password\n"
        )
      } else {
        String::new()
      };
      let text = format!(
        "Game '{old}' was set to AUTO CREATE, so now that it is over,\n\
         game '{name}' has been created with the same settings (but unlisted).\n\
         {masters}To play in it, send: SIGN ON ?{name} password\n"
      );
      game.record.successor = Some(name.clone());
      (format!("Game Created: {name}"), text)
    }
    None => {
      game.settings.auto_create = false;
      let text = format!(
        "Game '{old}' was set to AUTO CREATE, but no name for the next game was free (a \
         number could not be added to '{old}' or raised), so no game was created and AUTO \
         CREATE is now off. A new game can be made with CREATE."
      );
      ("Auto Create Failed".to_string(), format!("{}\n", report::wrap(&text)))
    }
  };
  Ok(announce::to_members(config, game, &what, &text, None, Some(HistoryKind::Notice), now))
}
