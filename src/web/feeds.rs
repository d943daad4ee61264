//! The feeds a player's reader or calendar follows: the results of a game
//! as Atom (RFC 4287), and its next deadline as iCalendar (RFC 5545). Both
//! hold only what HISTORY and LIST tell anyone.

use std::fmt::Write as _;

use chrono::{DateTime, Utc};

use super::{no_such_game, Answered, Reply, Site};
use crate::game::Status;
use crate::view;

/// `text` escaped for XML text and attribute values.
fn xml(text: &str) -> String {
  let mut out = String::new();
  let _ = maud::Escaper::new(&mut out).write_str(text);
  out
}

fn rfc3339(time: DateTime<Utc>) -> String {
  time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

impl Site {
  /// The page address of `path` when the keeper gave the public address.
  fn public_link(&self, path: &str) -> Option<String> {
    let base = self.config.web.public_url.trim_end_matches('/');
    (!base.is_empty()).then(|| format!("{base}{path}"))
  }

  pub(super) fn feed(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let history = self.games.history(&game.name)?;
    // The feed is public: a stranger's copy of a running blind game.
    let phases = view::result_phases(&history, &game.viewer(None).key(game.map), game.hides());
    let code = &self.config.judge_code;
    let id = format!("urn:x-judge:{}:{}", xml(code), xml(&game.name));
    let updated = phases.last().map_or(game.created, |p| p.time);
    let mut out = String::new();
    let _ = write!(
      out,
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
       <feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
       <title>Game {} on judge {}</title>\n<id>{id}</id>\n<updated>{}</updated>\n\
       <author><name>Judge {}</name></author>\n",
      xml(&game.name),
      xml(code),
      rfc3339(updated),
      xml(code),
    );
    if let Some(link) = self.public_link(&format!("/games/{}/feed.atom", game.name)) {
      let _ = writeln!(out, "<link rel=\"self\" href=\"{}\"/>", xml(&link));
    }
    for phase in phases.iter().rev() {
      let _ = write!(
        out,
        "<entry>\n<title>{}</title>\n<id>{id}:{}</id>\n<updated>{}</updated>\n",
        xml(&phase.subject),
        xml(&phase.phase),
        rfc3339(phase.time),
      );
      let page = format!("/games/{}/history?phase={}", game.name, phase.phase);
      if let Some(link) = self.public_link(&page) {
        let _ = writeln!(out, "<link href=\"{}\"/>", xml(&link));
      }
      let _ = write!(out, "<content type=\"text\">{}</content>\n</entry>\n", xml(&phase.text));
    }
    out.push_str("</feed>\n");
    Ok(Reply::bytes("application/atom+xml; charset=utf-8", out.into_bytes()))
  }

  /// The game's next deadline as one event (none when it has none).
  pub(super) fn calendar(&self, name: &str) -> Answered {
    let Some(game) = self.game(name)? else { return Ok(no_such_game(name)) };
    let code = &self.config.judge_code;
    let stamp = |time: DateTime<Utc>| time.format("%Y%m%dT%H%M%SZ").to_string();
    let mut lines = vec![
      "BEGIN:VCALENDAR".to_string(),
      "VERSION:2.0".to_string(),
      format!("PRODID:-//judge//{code}//EN"),
      "CALSCALE:GREGORIAN".to_string(),
    ];
    if let (Status::Active, Some(deadline)) = (&game.status, game.timing.deadline) {
      let phase = game.position.phase;
      lines.extend([
        "BEGIN:VEVENT".to_string(),
        format!("UID:{}-{}-{phase}@{code}", game.name, game.seq),
        format!("DTSTAMP:{}", stamp(self.now())),
        format!("DTSTART:{}", stamp(deadline)),
        format!("DTEND:{}", stamp(deadline)),
        format!("SUMMARY:{}", ical_text(&format!("Deadline {} {phase}", game.name))),
        "END:VEVENT".to_string(),
      ]);
    }
    lines.push("END:VCALENDAR".to_string());
    let body: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    Ok(Reply::bytes("text/calendar; charset=utf-8", body.into_bytes()))
  }
}

/// `text` as an iCalendar TEXT value.
fn ical_text(text: &str) -> String {
  text.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace('\n', "\\n")
}
