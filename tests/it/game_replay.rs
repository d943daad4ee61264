//! A whole standard game, created, joined, played and won by mail alone:
//! the orders of `tests/data/solo_game.txt` (recorded with an independent
//! adjudicator, see `tests/data/record_solo.py`) are mailed phase by phase
//! by each power, and after every phase the board the judge lists must be
//! the recorded one, up to Germany's solo victory.

use crate::judge_support;

use crate::game_support;

use crate::replay;

use chrono::{DateTime, Utc};
use game_support::{Table, FAST, MASTER};
use judge_support::Judge;
use replay::{at, play, recording};

#[test]
fn a_recorded_game_is_played_to_a_solo_victory_by_mail() {
  let (phases, winner) = recording();
  assert!(phases.len() > 20 && winner == "Germany", "the recording is the expected one");
  let judge = Judge::with_config(FAST);
  let start: DateTime<Utc> = "2026-03-02T10:00:00Z".parse().expect("a time");
  let table = Table::start(&judge, "solo", &at(start, 0));
  let mut phases_seen = 0;
  for (n, phase) in phases.iter().enumerate() {
    let now = at(start, n as i64 + 1);
    let (mail, listing) = play(&judge, &table, phase, &now);
    phases_seen += 1;
    if n + 1 == phases.len() {
      let last = mail
        .iter()
        .find(|m| m.to == MASTER && m.subject.ends_with("Results"))
        .expect("the last results");
      let won = phase.centers.iter().filter(|(power, _)| *power == winner).count();
      assert!(won >= 18, "the recording ends in a solo");
      let line = format!("Germany has {won} supply centers and has won the game.");
      assert!(last.body.contains(&line), "{}", last.body);
      assert!(last.body.contains("Summary of game 'solo'"), "the final summary: {}", last.body);
      assert!(listing.contains("Game 'solo' is over: Germany won"), "{listing}");
    }
  }
  assert_eq!(phases_seen, phases.len());
  let after = at(start, phases.len() as i64 + 2);
  table.send("France", &after, "A Par H\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("Game 'solo' is over: no orders are taken."), "{}", reply.body);
}
