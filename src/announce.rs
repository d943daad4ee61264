//! Telling a game's members what happened in it: a notice to everyone, the
//! game start, turn results. Each is mail to every address of every member
//! (`CODE:game - PHASE what`, the `::` header first), and, when an observer
//! would have seen it, an entry for the game's history. Used by the
//! session (a message's effects) and the sweep (what time brings).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::config::Config;
use crate::game::{report, Game, Processed};
use crate::mail::outbound::Outgoing;
use crate::mail::subject;
use crate::store::game_file::{HistoryEntry, HistoryKind};

/// Mail for members, and what goes into the history.
#[derive(Debug, Default)]
pub struct Announcement {
  pub mail: Vec<Outgoing>,
  pub history: Vec<HistoryEntry>,
}

impl Announcement {
  /// Adds another announcement's mail and history after this one's.
  pub fn extend(&mut self, other: Announcement) {
    self.mail.extend(other.mail);
    self.history.extend(other.history);
  }
}

/// The same notice to every member but `except`; into the history when
/// `kind` is given.
pub fn to_members(
  config: &Config,
  game: &Game,
  what: &str,
  text: &str,
  except: Option<usize>,
  kind: Option<HistoryKind>,
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, what);
  let body = format!("{}\n{text}", report::header(&config.judge_code, game, tz));
  let mut announcement = Announcement::default();
  for (i, member) in game.members.iter().enumerate() {
    if Some(i) == except {
      continue;
    }
    for address in member.addresses() {
      announcement.mail.push(mail(address, &subject, &body));
    }
  }
  if let Some(kind) = kind {
    announcement.history.push(entry(now, phase, kind, subject, body));
  }
  announcement
}

/// `Game Starting`: each member told what they play, who plays what
/// (unless gunboat), the starting position and the first deadline.
pub fn starting(config: &Config, game: &Game, now: DateTime<Utc>) -> Announcement {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, "Game Starting");
  let header = report::header(&config.judge_code, game, tz);
  let mut announcement = Announcement::default();
  for (i, member) in game.members.iter().enumerate() {
    let body = format!("{header}\n{}", report::starting(game, i, tz));
    for address in member.addresses() {
      announcement.mail.push(mail(address, &subject, &body));
    }
  }
  let body = format!("{header}\n{}", report::starting_for_observers(game, tz));
  announcement.history.push(entry(now, phase, HistoryKind::Notice, subject, body));
  announcement
}

/// `Results` of a processing. `header` is the `::` header of the phase
/// before it was processed, which the results are about (as njudge: the
/// mapping tools read the processed phase from it).
pub fn results(
  config: &Config,
  game: &Game,
  processed: &Processed,
  header: &str,
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let Some(first) = processed.phases.first() else { return Announcement::default() };
  let phase = first.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, "Results");
  let mut body = format!("{header}\n{}", report::results(game, processed, tz));
  if game.is_finished() {
    body.push('\n');
    body.push_str(&report::summary(game, true, tz));
  }
  let mut announcement = Announcement::default();
  for member in &game.members {
    for address in member.addresses() {
      announcement.mail.push(mail(address, &subject, &body));
    }
  }
  announcement.history.push(entry(now, phase, HistoryKind::Results, subject, body));
  announcement
}

fn tz(config: &Config) -> Tz {
  config.tz().unwrap_or(chrono_tz::UTC)
}

fn mail(to: &str, subject: &str, body: &str) -> Outgoing {
  Outgoing {
    to: to.to_string(),
    subject: subject.to_string(),
    body: body.to_string(),
    in_reply_to: None,
    references: Vec::new(),
  }
}

fn entry(
  now: DateTime<Utc>,
  phase: String,
  kind: HistoryKind,
  subject: String,
  body: String,
) -> HistoryEntry {
  HistoryEntry { number: 0, time: now, phase, kind, subject, body }
}
