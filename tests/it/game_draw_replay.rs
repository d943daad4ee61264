//! A whole standard game by mail that ends in a NoDIAS draw: the Master
//! makes the game NoDIAS before it starts, the recorded game of
//! `tests/data/solo_game.txt` is played to the end of 1905 (checking the
//! board after every phase), Russia is out by then, and in Spring 1906
//! the survivors vote: Germany, England, France, Italy and Turkey for a
//! draw of the five of them, Austria for that draw without itself. The
//! game ends at the last vote in a five-way draw that leaves Austria out.

use crate::judge_support;

use crate::game_support;

use crate::replay;

use chrono::{DateTime, Utc};
use game_support::{password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says};
use replay::{at, play, recording};

const GAME: &str = "truce";

/// Creates the game as a Master who makes it NoDIAS, then fills it.
fn nodias_table<'j>(judge: &'j Judge, now: &str) -> Table<'j> {
  register(judge, now, MASTER);
  for (power, _) in POWERS {
    register(judge, now, &player(power));
  }
  judge.take_mail();
  judge.send_at(
    now,
    MASTER,
    "create",
    &format!("CREATE ?{GAME} masterpw\nBECOME MASTER\nSET NO DIAS\n"),
  );
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("the game is NoDIAS"), "{}", reply.body);
  for (power, letter) in POWERS {
    let body = format!("SIGN ON ?{GAME} {}\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(now, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{:#?}", subjects(&mail));
  Table { judge, game: GAME.to_string() }
}

#[test]
fn a_recorded_game_ends_in_a_nodias_draw_by_mail() {
  let (phases, _) = recording();
  let last = phases.iter().position(|p| p.id == "F1905B").expect("the recording reaches 1905");
  let judge = Judge::with_config(FAST);
  let start: DateTime<Utc> = "2026-03-02T10:00:00Z".parse().expect("a time");
  let table = nodias_table(&judge, &at(start, 0));
  for (n, phase) in phases[..=last].iter().enumerate() {
    play(&judge, &table, phase, &at(start, n as i64 + 1));
  }
  let now = at(start, last as i64 + 2);
  let listing = table.listing(&now);
  assert!(listing.contains("(S1906M)"), "{listing}");
  assert!(listing.contains("NoDIAS"), "the listing shows the draw rule:\n{listing}");

  // Russia is out of the game and has no vote; a DIAS-style vote with a
  // list that is not the survivors' initials is refused.
  table.send("Russia", &now, "SET DRAW EFGIT\n");
  let reply = judge.reply_to(&player("Russia"));
  assert!(reply.body.contains("Russia is out of the game, so it has no vote."), "{}", reply.body);
  table.send("England", &now, "SET DRAW EFGRIT\n");
  let reply = judge.reply_to(&player("England"));
  assert!(
    reply.body.contains("Russia is out of the game, so cannot share a draw.")
      && reply.body.contains("No vote was recorded."),
    "{}",
    reply.body
  );
  judge.take_mail();

  // Austria accepts the draw of the five without itself; the others name
  // themselves among the five. Votes are secret: each voter gets only the
  // reply until the last vote.
  for power in ["Austria", "England", "France", "Italy"] {
    table.send(power, &now, "SET DRAW EFGIT\n");
    let mail = judge.take_mail();
    assert_eq!(mail.len(), 1, "{power}'s vote is told to nobody else: {:#?}", subjects(&mail));
    assert!(mail[0].body.contains("Your vote for a draw between"), "{}", mail[0].body);
  }
  table.send("Germany", &now, "SET DRAW GEFIT\n");
  assert_eq!(judge.take_mail().len(), 1, "Turkey has not voted yet");
  table.send("Turkey", &now, "SET DRAW EFGIT\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert!(reply.body.contains(&format!("game '{GAME}' is over")), "{}", reply.body);
  let declared = format!("XXXX:{GAME} - S1906M Draw Declared: EFGIT");
  let notices: Vec<_> = mail.iter().filter(|m| m.subject == declared).collect();
  assert_eq!(notices.len(), 8, "every player and the Master: {:#?}", subjects(&mail));
  let body = &notices[0].body;
  for text in [
    "has been declared a draw between England, France, Germany,\nItaly and Turkey.",
    "Result:   a draw between England, France, Germany, Italy and Turkey.",
    "Summary of game 'truce' through S1906M.",
    "austria@players.test",
  ] {
    assert!(body.contains(text), "'{text}' in:\n{body}");
  }

  // The game is over: LIST says so, orders are refused, the players'
  // records show how it ended for them.
  let later = at(start, last as i64 + 3);
  let listing = table.listing(&later);
  assert!(
    listing.says("is over: a draw between England, France, Germany, Italy and Turkey in 1906."),
    "{listing}"
  );
  table.send("Germany", &later, "A Mun H\n");
  let reply = judge.reply_to(&player("Germany"));
  assert!(reply.body.contains("is over: no orders are taken"), "{}", reply.body);
  for (power, outcome) in
    [("Germany", "(0 won, 1 drawn, 0 lost)"), ("Austria", "(0 won, 0 drawn, 1 lost)")]
  {
    judge.send_at(&later, &player(power), "me", "GET DEDICATION\n");
    let reply = judge.reply_to(&player(power));
    assert!(
      reply.body.contains(&format!("Games ended:     1 {outcome}")),
      "{power}: {}",
      reply.body
    );
  }
}
