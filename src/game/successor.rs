//! SET AUTO CREATE (manual §8.3): when a game ends in a victory, a draw or
//! a concession, the next game is created with the same settings, its
//! name the old one with a sequence number, and the old game's Masters as
//! its Masters. This module says what that game is; the store work is
//! `crate::successor`'s.

use chrono::{DateTime, Utc};

use super::{Ending, Game, Member, Role, Status, MAX_NAME};

impl Game {
  /// The name the next game takes: the number the name ends in plus one
  /// (`dip1` → `dip2`, `dip9` → `dip10`), or `2` added to a name without
  /// one (`dip` → `dip2`, the old game being the first). `None` when the
  /// result would be longer than a game name may be.
  pub fn successor_name(name: &str) -> Option<String> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &name[stem.len()..];
    let next = match digits.parse::<u64>() {
      Ok(n) => format!("{stem}{:0width$}", n + 1, width = digits.len()),
      Err(_) => format!("{name}2"),
    };
    (next.len() <= MAX_NAME).then_some(next)
  }

  /// Whether the game has just ended in a way that calls for the next one
  /// and that game is not made yet.
  pub fn successor_due(&self) -> bool {
    let ended = matches!(
      self.status,
      Status::Finished(Ending::Won(_) | Ending::Drawn(_) | Ending::Conceded(_))
    );
    ended && self.settings.auto_create && self.record.successor.is_none()
  }

  /// The next game: forming, the same settings but not publicly listed,
  /// and the Masters (with their passwords) of this one.
  pub fn successor(&self, name: &str, now: DateTime<Utc>) -> Game {
    let mut settings = self.settings.clone();
    settings.listed = false;
    let mut game = Game::new(name, self.map, settings, now);
    game.record.predecessor = Some(self.name.clone());
    for master in self.members.iter().filter(|m| m.role == Role::Master) {
      let mut member =
        Member::new(Role::Master, &master.address, master.user, master.password.clone(), now);
      member.no_broadcast = master.no_broadcast;
      game.members.push(member);
    }
    game
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn the_next_name_counts_on() {
    assert_eq!(Game::successor_name("dip").as_deref(), Some("dip2"));
    assert_eq!(Game::successor_name("dip1").as_deref(), Some("dip2"));
    assert_eq!(Game::successor_name("dip9").as_deref(), Some("dip10"));
    assert_eq!(Game::successor_name("dip09").as_deref(), Some("dip10"));
    assert_eq!(Game::successor_name("abcdefg").as_deref(), Some("abcdefg2"));
    assert_eq!(Game::successor_name("abcdefgh"), None);
    assert_eq!(Game::successor_name("abcdefg9"), None);
    assert_eq!(Game::successor_name("1999").as_deref(), Some("2000"));
  }
}
