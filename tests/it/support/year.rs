//! The played year of game `year` (issue 14 §2): Spring and Fall 1901
//! (a bounce, a convoy, a supported attack, a cut support, two
//! dislodgements), the Fall retreats (a retreat, a disband) and the Winter
//! adjustments (builds, a coast, a removal, a waive), mailed by the seven
//! players. Needs `judge_support` and `game_support` beside it.

#![allow(dead_code)]

use crate::game_support::{Table, POWERS};
use crate::judge_support::{subjects, Judge};

/// When the game starts.
pub const START: &str = "2026-03-02T10:00:00Z";
/// When each phase's orders go in (the last one processes it).
pub const SPRING: &str = "2026-03-02T11:00:00Z";
pub const FALL: &str = "2026-03-02T12:00:00Z";
pub const RETREAT: &str = "2026-03-02T13:00:00Z";
pub const WINTER: &str = "2026-03-02T14:00:00Z";
/// When HISTORY is asked for.
pub const ASKED: &str = "2026-03-03T09:00:00Z";

/// Who asks for HISTORY (not in the game).
pub const STRANGER: &str = "stranger@players.test";

/// The game's name.
pub const GAME: &str = "year";

/// Spring 1901: a bounce (Venice into Trieste) and moves that set up
/// Fall's convoy, attacks and long support.
pub fn spring(power: &str) -> &'static str {
  match power {
    "Austria" => "A Vie-Tyr\nA Bud H\nF Tri H\n",
    "England" => "F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor\n",
    "France" => "A Par-Bur\nF Bre-Mao\nA Mar H\n",
    "Germany" => "F Kie H\nA Ber H\nA Mun H\n",
    "Italy" => "A Ven-Tri\nA Rom H\nF Nap H\n",
    "Russia" => "A War-Sil\nA Mos-Ukr\nF Sev-Rum\nF Stp/sc-Bot\n",
    "Turkey" => "A Con-Bul\nF Ank-Bla\nA Smy-Con\n",
    other => panic!("not a power: {other}"),
  }
}

/// Fall 1901: England convoys to Norway, France takes Munich with
/// Austrian support (dislodging the German army, whose support from Berlin
/// Russia cuts), Turkey takes Rumania with support (dislodging the Russian
/// fleet), Russia takes Sweden, and France supports an English move that
/// is not made: `France: Fleet Mid-Atlantic Ocean SUPPORT English Fleet
/// Norwegian Sea -> North Atlantic Ocean.  (*void*)`, an order line longer
/// than 78 columns, which must reach the tools as one line.
pub fn fall(power: &str) -> &'static str {
  match power {
    "Austria" => "A Tyr S A Bur-Mun\nA Bud H\nF Tri H\n",
    "England" => "F Nth C A Yor-Nwy\nA Yor-Nth-Nwy\nF Nwg H\n",
    "France" => "A Bur-Mun\nF Mao S F Nwg-Nao\nA Mar H\n",
    "Germany" => "F Kie H\nA Ber S A Mun\nA Mun H\n",
    "Italy" => "A Ven H\nA Rom H\nF Nap H\n",
    "Russia" => "F Bot-Swe\nA Sil-Ber\nA Ukr H\nF Rum H\n",
    "Turkey" => "A Bul-Rum\nF Bla S A Bul-Rum\nA Con-Bul\n",
    other => panic!("not a power: {other}"),
  }
}

/// The Fall retreats: Germany retreats, Russia disbands.
pub const RETREATS: [(&str, &str); 2] = [("Germany", "A Mun-Ruh\n"), ("Russia", "F Rum DISBAND\n")];

/// Winter 1901: builds (an army, fleets, one on a coast), a removal (Germany
/// lost Munich) and a waive (Russia builds one of two).
pub const ADJUSTMENTS: [(&str, &str); 5] = [
  ("England", "BUILD F Edi\n"),
  ("France", "BUILD A Par\n"),
  ("Germany", "REMOVE A Ruh\n"),
  ("Russia", "BUILD F Stp/sc\nWAIVE\n"),
  ("Turkey", "BUILD A Smy\nBUILD F Ank\n"),
];

/// Starts game [`GAME`] and plays the year by mail; `processed` is called
/// with the table and the phase (`S1901M`, `F1901M`, `F1901R`, `F1901B`)
/// right after each phase's last orders went in. Ends in Spring 1902.
pub fn play<'j>(judge: &'j Judge, mut processed: impl FnMut(&Table<'j>, &str)) -> Table<'j> {
  let table = Table::start(judge, GAME, START);
  for (power, _) in POWERS {
    table.send(power, SPRING, spring(power));
  }
  processed(&table, "S1901M");
  for (power, _) in POWERS {
    table.send(power, FALL, fall(power));
  }
  processed(&table, "F1901M");
  for (power, orders) in RETREATS {
    table.send(power, RETREAT, orders);
  }
  processed(&table, "F1901R");
  for (power, orders) in ADJUSTMENTS {
    table.send(power, WINTER, orders);
  }
  processed(&table, "F1901B");
  table
}

/// The judge's reply to [`STRANGER`]'s `HISTORY year FROM Jan 1 2000`,
/// asked at [`ASKED`] (the mail so far is taken).
pub fn history(judge: &Judge) -> String {
  judge.send_at(ASKED, STRANGER, "history", &format!("HISTORY {GAME} FROM Jan 1 2000\n"));
  let mail = judge.take_mail();
  let reply = mail
    .iter()
    .find(|m| m.to == STRANGER && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("a reply to HISTORY: {:#?}", subjects(&mail)));
  reply.body.clone()
}
