//! Ending a game by agreement (manual §7.3: SET [NO] DRAW, SET [NO]
//! CONCEDE) and the Master's settings about how a game ends (§8.3 SET [NO]
//! DIAS, SET [NO] CONCESSIONS; §9.1 SET CENTERS, SET [NO] REVEAL). Each
//! test is a transcript: mails in at a fixed clock, and what the players,
//! the Master and outsiders are told, checked the way they would read it.
//!
//! The manual's NoDIAS examples have Austria, England and France as the
//! only survivors. Here all seven powers survive, so Germany, Italy,
//! Russia and Turkey each vote `SET DRAW AEF`: a list without oneself
//! accepts any draw among A, E and F (with or without the voter), so the
//! three voters of the example alone decide which draw passes, if any.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeSet;

use game_support::{holds, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
/// The next day, when the votes and orders go in (well before the first
/// deadline, Thu Mar 05).
const T: &str = "2026-03-03T12:00:00Z";

/// A registered user who watches games.
const WATCHER: &str = "watcher@players.test";
/// Someone in no game and not registered.
const STRANGER: &str = "stranger@elsewhere.test";

/// The text with every run of blanks and line breaks folded into one
/// space, so checks do not depend on where the judge wraps its lines.
fn flat(text: &str) -> String {
  text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Asserts that `text`, read without its line breaks, says `said`.
#[track_caller]
fn says(text: &str, said: &str) {
  assert!(flat(text).contains(&flat(said)), "'{said}' is not in:\n{text}");
}

/// The seven players and the Master.
fn everyone() -> BTreeSet<String> {
  POWERS.iter().map(|(p, _)| player(p)).chain([MASTER.to_string()]).collect()
}

/// Who got a message with exactly this subject.
fn told(mail: &[Sent], subject: &str) -> BTreeSet<String> {
  mail.iter().filter(|m| m.subject == subject).map(|m| m.to.clone()).collect()
}

/// The first message with this subject, to `to`.
#[track_caller]
fn message<'m>(mail: &'m [Sent], to: &str, subject: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject == subject)
    .unwrap_or_else(|| panic!("no '{subject}' to {to} in {:#?}", subjects(mail)))
}

/// Mails `lines` as `power` and checks that the judge answered the sender
/// and told nobody else anything: a vote that does not decide the game is
/// secret, and the game goes on. Returns the reply.
#[track_caller]
fn quiet(table: &Table, power: &str, lines: &str) -> Sent {
  table.send(power, T, lines);
  let mail = table.judge.take_mail();
  let only_reply =
    mail.len() == 1 && mail[0].to == player(power) && mail[0].subject.starts_with("Re:");
  assert!(only_reply, "only {power} hears of '{}': {:#?}", lines.trim(), subjects(&mail));
  let reply = mail.into_iter().next().expect("one reply");
  assert!(!reply.body.contains("is over"), "the game goes on:\n{}", reply.body);
  reply
}

/// The reply to `from` among `mail`.
#[track_caller]
fn reply_in<'m>(mail: &'m [Sent], from: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == from && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {from} in {:#?}", subjects(mail)))
}

/// Mails `body` from `from` at `T`; returns all the mail it made.
fn ask(judge: &Judge, from: &str, body: &str) -> Vec<Sent> {
  judge.send_at(T, from, "ask", body);
  judge.take_mail()
}

/// A game set up with `options` and `settings` before the start.
fn table_with<'j>(judge: &'j Judge, game: &str, options: &str, settings: &str) -> Table<'j> {
  Table::start_with(judge, game, START, options, settings)
}

/// Germany, Italy, Russia and Turkey each accept any draw among Austria,
/// England and France, and are told so (and nobody else is).
fn others_leave_it_to_aef(table: &Table) {
  for power in ["Germany", "Italy", "Russia", "Turkey"] {
    let reply = quiet(table, power, "SET DRAW AEF\n");
    says(
      &reply.body,
      "Your vote for a draw between Austria, England and France is recorded. It also \
       accepts any smaller draw among them, with or without you.",
    );
  }
}

/// The manual's example: the votes of France, England and Austria (in
/// that order), in a NoDIAS game where the others leave it to them.
/// Returns the mail of Austria's vote, the last.
fn manual_example(table: &Table, france: &str, england: &str, austria: &str) -> Vec<Sent> {
  others_leave_it_to_aef(table);
  quiet(table, "France", france);
  quiet(table, "England", england);
  table.send("Austria", T, austria);
  table.judge.take_mail()
}

/// Checks that the last vote ended the game in `what` (`Draw Declared:
/// AE`), told to the players and the Master (and to [`WATCHER`], if it
/// watches: the callers check that) with the final summary saying
/// `result`.
#[track_caller]
fn ended(mail: &[Sent], game: &str, what: &str, result: &str) -> Sent {
  let subject = format!("XXXX:{game} - S1901M {what}");
  let watching = told(mail, &subject).contains(WATCHER);
  let audience: BTreeSet<String> =
    everyone().into_iter().chain(watching.then(|| WATCHER.to_string())).collect();
  assert_eq!(told(mail, &subject), audience, "everyone is told: {:#?}", subjects(mail));
  let notice = message(mail, MASTER, &subject).clone();
  says(&notice.body, &format!("Summary of game '{game}' through S1901M."));
  says(&notice.body, &format!("Result: {result}."));
  says(&notice.body, "Ended: Tue Mar 03 2026 12:00:00 +0000 (S1901M)");
  notice
}

/// Asserts that no draw or concession was declared in `mail`.
#[track_caller]
fn no_ending(mail: &[Sent]) {
  assert!(
    !mail.iter().any(|m| m.subject.contains("Draw Declared") || m.subject.contains("Conceded")),
    "the game must go on: {:#?}",
    subjects(mail)
  );
}

// ------------------------------------------------------------------ DIAS

#[test]
fn a_dias_draw_ends_the_game_the_moment_every_survivor_has_voted() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "dr", START);
  register(&judge, START, WATCHER);
  judge.take_mail();
  let mail = ask(&judge, WATCHER, "OBSERVE dr watchpw\nSET DRAW\n");
  says(
    &reply_in(&mail, WATCHER).body,
    "Observers do not vote on a draw or concession. No vote was recorded.",
  );

  // Each vote is answered, and nobody else (not even the Master) is told.
  for (power, _) in &POWERS[..6] {
    let reply = quiet(&table, power, "SET DRAW\n");
    says(
      &reply.body,
      "Your vote for a draw in game 'dr' is recorded. A draw including every survivor \
       passes when all of them have voted for it; votes last until the phase is processed.",
    );
  }
  let listing = table.listing(T);
  assert!(listing.contains("Game 'dr', phase #1 (S1901M)"), "still under way:\n{listing}");

  // Turkey's vote is the last one: the game ends at once, without waiting
  // for the deadline, and everyone (the observer too) is told.
  table.send("Turkey", T, "SET DRAW\n");
  let mail = judge.take_mail();
  says(
    &table.reply(&mail, "Turkey").body,
    "Every survivor agrees: game 'dr' is over, a draw between Austria, England, France, \
     Germany, Italy, Russia and Turkey.",
  );
  let all = "a draw between Austria, England, France, Germany, Italy, Russia and Turkey";
  let subject = "XXXX:dr - S1901M Draw Declared: AEFGIRT";
  let mut audience = everyone();
  audience.insert(WATCHER.to_string());
  assert_eq!(told(&mail, subject), audience, "{:#?}", subjects(&mail));
  let notice = ended(&mail, "dr", "Draw Declared: AEFGIRT", all);
  says(&notice.body, &format!("Game 'dr' has been declared {all}."));
  // The players are revealed (SET REVEAL is the default).
  for (power, _) in POWERS {
    says(&notice.body, &format!("{power}: {}", player(power)));
  }

  // The game is over for LIST, SUMMARY, orders and votes, and the draw is
  // in each player's record.
  let listing = table.listing(T);
  says(&listing, &format!("Game 'dr' is over: {all} in 1901."));
  let mail = ask(&judge, STRANGER, "SUMMARY dr\n");
  let summary = &reply_in(&mail, STRANGER).body;
  says(summary, &format!("Result: {all}."));
  says(summary, "Russia: russia Tester russia@players.test");
  let mail = ask(&judge, &player("Italy"), "INFO PLAYER france@players.test\n");
  says(&reply_in(&mail, &player("Italy")).body, "Games ended: 1 (0 won, 1 drawn, 0 lost)");
  table.send("Germany", T, "A Mun H\nSET DRAW\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{:#?}", subjects(&mail));
  let reply = &table.reply(&mail, "Germany").body;
  says(reply, "is over: no orders are taken");
  says(reply, "SET DRAW\nThe game is over. No vote was recorded.");
}

#[test]
fn a_withdrawn_vote_does_not_count_and_votes_last_until_the_phase_or_the_rule_changes() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "clear", START);
  quiet(&table, "France", "SET DRAW\n");
  let reply = quiet(&table, "France", "SET NO DRAW\n");
  says(&reply.body, "SET NO DRAW\nYour draw vote is withdrawn.");

  // The six others vote with their orders: France's withdrawal stands, so
  // the sixth vote ends nothing.
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    quiet(&table, power, &format!("SET DRAW\n{}", holds(power)));
  }
  // France's orders complete the phase; it is processed and the game goes
  // on into the autumn.
  table.send("France", T, holds("France"));
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:clear - S1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  no_ending(&mail);
  assert!(table.listing(T).contains("(F1901M)"));

  // The six spring votes went with the phase: France's vote alone now
  // ends nothing.
  quiet(&table, "France", "SET DRAW\n");

  // Changing the draw rule clears the votes cast so far, and says so.
  judge.send_at(T, MASTER, "rule", "SIGN ON Mclear masterpw\nSET NO DIAS\n");
  let mail = judge.take_mail();
  says(
    &reply_in(&mail, MASTER).body,
    "In game 'clear', the game is NoDIAS: a draw vote names the powers it includes \
     (SET DRAW list); the draw votes cast so far are cleared.",
  );
  let notice = message(&mail, &player("France"), "XXXX:clear - F1901M Parameter Change");
  says(&notice.body, "the draw votes cast so far are cleared.");
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    let reply = quiet(&table, power, "SET DRAW\n");
    says(
      &reply.body,
      "Your vote for a draw between Austria, England, France, Germany, Italy, Russia and \
       Turkey is recorded.",
    );
  }
  judge.send_at(T, MASTER, "rule", "SIGN ON Mclear masterpw\nSET DIAS\n");
  let mail = judge.take_mail();
  says(
    &reply_in(&mail, MASTER).body,
    "In game 'clear', the game is DIAS: a draw includes every survivor; the draw votes \
     cast so far are cleared.",
  );
  // Had the six NoDIAS votes stayed, this seventh vote would end the game.
  quiet(&table, "France", "SET DRAW\n");
}

// ---------------------------------------------------------------- NoDIAS

#[test]
fn nodias_example_1_everyone_for_aef_is_a_three_way_draw() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "ex1", "", "SET NO DIAS\n");
  let mail = manual_example(&table, "SET DRAW AEF\n", "SET DRAW AEF\n", "SET DRAW AEF\n");
  let notice =
    ended(&mail, "ex1", "Draw Declared: AEF", "a draw between Austria, England and France");
  says(&notice.body, "Game 'ex1' has been declared a draw between Austria, England and France.");
}

#[test]
fn nodias_example_2_france_without_itself_still_shares_the_three_way_draw() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "ex2", "", "SET NO DIAS\n");
  others_leave_it_to_aef(&table);
  // France votes for AE; her lists of anything but powers after it are
  // refused and leave that vote as it was (without it, nothing would pass).
  let reply = quiet(&table, "France", "SET DRAW AE\nSET DRAW XYZ\nSET DRAW AEFM\n");
  says(
    &reply.body,
    "'X', 'Y' and 'Z' in 'XYZ' are not the initial of a power. SET DRAW takes the initials \
     of the powers in the draw (AEFGIRT), as in SET DRAW FGI. No vote was recorded.",
  );
  says(
    &reply.body,
    "A draw is between powers: observers (O) and the Master (M) are not in it. No vote was \
     recorded.",
  );
  says(
    &reply.body,
    "Your vote for a draw between Austria and England is recorded. It also accepts any \
     smaller draw among them, with or without you.",
  );
  quiet(&table, "England", "SET DRAW AEF\n");
  table.send("Austria", T, "SET DRAW AEF\n");
  let mail = judge.take_mail();
  ended(&mail, "ex2", "Draw Declared: AEF", "a draw between Austria, England and France");
}

#[test]
fn nodias_example_3_two_votes_without_france_make_a_two_way_draw() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "ex3", "", "SET NO DIAS\n");
  let mail = manual_example(&table, "SET DRAW AE\n", "SET DRAW AEF\n", "SET DRAW AE\n");
  says(
    &table.reply(&mail, "Austria").body,
    "Every survivor agrees: game 'ex3' is over, a draw between Austria and England.",
  );
  ended(&mail, "ex3", "Draw Declared: AE", "a draw between Austria and England");
  // The players' records: Austria shared the draw, France did not.
  let body = "INFO PLAYER austria@players.test\nINFO PLAYER france@players.test\n";
  let mail = ask(&judge, &player("Italy"), body);
  let info = flat(&reply_in(&mail, &player("Italy")).body);
  let austria = info.find("austria@players.test:").expect("Austria's record");
  let france = info.find("france@players.test:").expect("France's record");
  assert!(austria < france, "{info}");
  says(&info[austria..france], "Games ended: 1 (0 won, 1 drawn, 0 lost)");
  says(&info[france..], "Games ended: 1 (0 won, 0 drawn, 1 lost)");
}

#[test]
fn nodias_example_4_france_insisting_on_a_draw_the_others_exclude_it_from_ends_nothing() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "ex4", "", "SET NO DIAS\n");
  let mail = manual_example(&table, "SET DRAW AEF\n", "SET DRAW AE\n", "SET DRAW AE\n");
  assert_eq!(subjects(&mail).len(), 1, "only Austria hears of its vote: {:#?}", subjects(&mail));
  no_ending(&mail);
  let listing = table.listing(T);
  assert!(listing.contains("Game 'ex4', phase #1 (S1901M)"), "the game goes on:\n{listing}");
}

#[test]
fn nodias_example_5_no_draw_is_a_concession_and_no_reveal_keeps_a_gunboat_anonymous() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "ex5", "Standard Gunboat", "SET NO DIAS\nSET NO REVEAL\n");
  let mail = manual_example(&table, "SET DRAW A\n", "SET DRAW A\n", "SET NO DRAW\n");
  let reply = &table.reply(&mail, "Austria").body;
  says(
    reply,
    "Your draw vote is now for yourself alone: you accept no draw, only a concession to you.",
  );
  says(reply, "Every survivor agrees: game 'ex5' is over, conceded to Austria.");
  let notice = ended(&mail, "ex5", "Game Conceded to: A", "conceded to Austria");
  says(&notice.body, "Game 'ex5' has been conceded to Austria.");

  // SET NO REVEAL: neither the announcement nor SUMMARY names the players.
  let mail = ask(&judge, STRANGER, "SUMMARY ex5\n");
  let summary = &reply_in(&mail, STRANGER).body;
  says(summary, "Result: conceded to Austria.");
  // Nor does WHOGAME, though the game is over.
  let mail = ask(&judge, STRANGER, "WHOGAME ex5\n");
  says(&reply_in(&mail, STRANGER).body, "only its Master may see who plays in it");
  for text in [&notice.body, summary] {
    for (power, _) in POWERS {
      assert!(!text.contains(&player(power)), "{power}'s player is named in:\n{text}");
    }
  }
}

#[test]
fn no_reveal_hides_the_players_of_an_ended_game_that_is_not_gunboat() {
  let judge = Judge::with_config(FAST);
  let table = table_with(&judge, "nr", "", "SET NO REVEAL\n");
  for (power, _) in POWERS {
    table.send(power, T, "SET DRAW\n");
  }
  let mail = judge.take_mail();
  let notice = ended(
    &mail,
    "nr",
    "Draw Declared: AEFGIRT",
    "a draw between Austria, England, France, Germany, Italy, Russia and Turkey",
  );
  let mail = ask(&judge, STRANGER, "SUMMARY nr\n");
  let summary = &reply_in(&mail, STRANGER).body;
  for text in [&notice.body, summary] {
    for (power, _) in POWERS {
      assert!(!text.contains(&player(power)), "{power}'s player is named in:\n{text}");
    }
  }
}

// ----------------------------------------------------------- concessions

#[test]
fn the_others_concede_to_the_largest_power_and_the_end_sends_diaries_and_keeps_statements() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "cg", START);

  // With concessions off, SET CONCEDE is refused; the Master has no vote.
  let master = "SIGN ON Mcg masterpw\nSET DRAW\nSET NO CONCESSIONS\nDIARY\n\
                The Master's private thoughts.\nENDPRESS\n";
  let mail = ask(&judge, MASTER, master);
  let reply = &reply_in(&mail, MASTER).body;
  says(
    reply,
    "The Master does not vote on a draw or concession (BECOME a power to vote for it). \
     No vote was recorded.",
  );
  says(reply, "In game 'cg', the game cannot be conceded.");
  let notice = message(&mail, &player("France"), "XXXX:cg - S1901M Parameter Change");
  says(&notice.body, "the game cannot be conceded.");
  let reply = quiet(&table, "France", "SET CONCEDE R\nDIARY\nParis will never fall.\nENDPRESS\n");
  says(&reply.body, "Game 'cg' does not allow concessions. No vote was recorded.");
  let mail = ask(&judge, MASTER, "SIGN ON Mcg masterpw\nSET CONCESSIONS\n");
  says(
    &reply_in(&mail, MASTER).body,
    "In game 'cg', players may concede the game to the largest power.",
  );

  // Russia, with four centres to everyone's three, is the only power the
  // game may be conceded to, and not by itself.
  let reply = quiet(&table, "France", "SET CONCEDE\nSET CONCEDE F\nSET CONCEDE R\n");
  says(
    &reply.body,
    "SET CONCEDE needs the initial of the power you concede to (for example SET CONCEDE F), \
     not ''. No vote was recorded.",
  );
  says(
    &reply.body,
    "France has 3 supply centers, and another power has as many or more: a game may be \
     conceded only to the largest power on the board. No vote was recorded.",
  );
  says(
    &reply.body,
    "Your vote to concede game 'cg' to Russia is recorded. The game is conceded when every \
     other survivor concedes too",
  );
  let reply = quiet(&table, "Russia", "SET CONCEDE R\n");
  says(&reply.body, "You cannot concede the game to yourself. No vote was recorded.");
  for power in ["Austria", "England", "Germany", "Italy"] {
    quiet(&table, power, "SET CONCEDE R\n");
  }
  // France takes her vote back: Turkey's vote does not end the game.
  let reply = quiet(&table, "France", "SET NO CONCEDE\n");
  says(&reply.body, "Your concession vote is withdrawn.");
  quiet(&table, "Turkey", "SET CONCEDE R\n");

  table.send("France", T, "SET CONCEDE R\n");
  let mail = judge.take_mail();
  says(
    &table.reply(&mail, "France").body,
    "Every survivor agrees: game 'cg' is over, conceded to Russia.",
  );
  let notice = ended(&mail, "cg", "Game Conceded to: R", "conceded to Russia");
  says(&notice.body, "Game 'cg' has been conceded to Russia.");
  // The diaries go to everyone once the game is over.
  assert_eq!(told(&mail, "XXXX:cg - S1901M Diaries"), everyone(), "{:#?}", subjects(&mail));
  let diaries = &message(&mail, &player("Turkey"), "XXXX:cg - S1901M Diaries").body;
  says(
    diaries,
    "Diary of the Master, entry 1 (Tue Mar 03 2026 12:00:00 +0000): The Master's private thoughts.",
  );
  says(
    diaries,
    "Diary of France, entry 1 (Tue Mar 03 2026 12:00:00 +0000): Paris will never fall.",
  );

  let listing = table.listing(T);
  says(&listing, "Game 'cg' is over: conceded to Russia in 1901.");
  let body = "INFO PLAYER russia@players.test\nINFO PLAYER austria@players.test\n";
  let mail = ask(&judge, &player("Italy"), body);
  let info = flat(&reply_in(&mail, &player("Italy")).body);
  let russia = info.find("russia@players.test:").expect("Russia's record");
  let austria = info.find("austria@players.test:").expect("Austria's record");
  says(&info[russia..austria], "Games ended: 1 (1 won, 0 drawn, 0 lost)");
  says(&info[austria..], "Games ended: 1 (0 won, 0 drawn, 1 lost)");

  // After the end: no more diary entries, but a broadcast is kept as an
  // end-of-game statement, sent to everyone and kept in the history.
  table.send(
    "France",
    T,
    "DIARY\nToo late.\nENDPRESS\nBROADCAST\nWell played, Russia.\nENDPRESS\n",
  );
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "France").body;
  says(reply, "The game is over, and its diaries have been sent out. Nothing was kept.");
  says(
    reply,
    "The game is over, so this message is kept in its history as an end-of-game statement.",
  );
  let subject = "XXXX:cg - S1901M Broadcast from F";
  let others: BTreeSet<String> =
    everyone().into_iter().filter(|a| *a != player("France")).collect();
  assert!(told(&mail, subject).is_superset(&others), "{:#?}", subjects(&mail));
  says(&message(&mail, MASTER, subject).body, "Well played, Russia.");
  let mail = ask(&judge, STRANGER, "HISTORY cg FROM Jan 1 2000\n");
  let history = &mail
    .iter()
    .find(|m| m.to == STRANGER && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {STRANGER} in {:#?}", subjects(&mail)))
    .body;
  says(history, "History information for game 'cg'");
  for text in [
    "XXXX:cg - S1901M Game Conceded to: R",
    "XXXX:cg - S1901M Broadcast from F",
    "Well played, Russia.",
  ] {
    says(history, text);
  }
  assert!(!history.contains("Too late."), "{history}");
}

// ------------------------------------------------------------ SET CENTERS

#[test]
fn the_master_sets_the_centres_that_win_and_a_tie_at_the_top_raises_them() {
  let judge = Judge::with_config(FAST);
  // The victory rule is a variant setting: it is set before the start
  // (manual §9.1).
  register(&judge, START, MASTER);
  judge.send_at(START, MASTER, "create", "CREATE ?vx masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let mail =
    ask(&judge, MASTER, "SIGN ON Mvx masterpw\nSET CENTERS 0\nSET CENTERS 35\nSET CENTERS four\n");
  assert_eq!(mail.len(), 1, "nobody else is told of refused settings: {:#?}", subjects(&mail));
  for bad in ["0", "35", "four"] {
    says(
      &mail[0].body,
      &format!(
        "SET CENTERS needs a number of supply centers from 1 to 34, not '{bad}'. Nothing was \
         changed."
      ),
    );
  }
  let table = table_with(&judge, "vc", "", "SET CENTERS 4\n");
  let mail = ask(&judge, MASTER, "SIGN ON Mvc masterpw\nSET CENTERS 5\n");
  says(
    &reply_in(&mail, MASTER).body,
    "SET CENTERS applies only before the game starts, and this game has started.",
  );
  assert_eq!(mail.len(), 1, "{:#?}", subjects(&mail));
  says(&table.listing(T), "Victory: 4 supply centers");

  // England takes Norway in 1901: England and Russia both have four, so
  // nobody wins and a win now needs five.
  let play = |orders: &[(&str, &str)]| -> Vec<Sent> {
    for (power, _) in POWERS {
      let lines = orders.iter().find(|(p, _)| *p == power).map_or(holds(power), |(_, o)| *o);
      table.send(power, T, lines);
    }
    judge.take_mail()
  };
  let mail = play(&[
    ("England", "F Lon-NTH\nF Edi H\nA Lvp H\n"),
    ("France", &format!("SET CENTERS 5\n{}", holds("France"))),
  ]);
  says(
    &table.reply(&mail, "France").body,
    "SET CENTERS is for the Master (or, in an unmoderated game, a player). Nothing was changed.",
  );
  let mail = play(&[("England", "F NTH-Nwy\nF Edi H\nA Lvp H\n")]);
  let results = &message(&mail, MASTER, "XXXX:vc - F1901M Results").body;
  says(results, "England: 4 Supply centers, 3 Units: Builds 1 unit.");
  says(
    results,
    "The largest powers tie with enough supply centers to win, so nobody wins: a win now \
     needs 5 supply centers.",
  );
  assert!(!results.contains("has won"), "{results}");
  let listing = table.listing(T);
  says(&listing, "Victory: 5 supply centers");
  assert!(listing.contains("(F1901B)"), "the game goes on:\n{listing}");
  // Nobody is strictly largest, so the game cannot be conceded.
  let reply = quiet(&table, "France", "SET CONCEDE R\n");
  says(
    &reply.body,
    "Russia has 4 supply centers, and another power has as many or more: a game may be \
     conceded only to the largest power on the board. No vote was recorded.",
  );

  // England builds, takes Sweden in 1902, and wins with five.
  table.send("England", T, "Build F Lon\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:vc - F1901B Results"),
    "{:#?}",
    subjects(&mail)
  );
  let mail = play(&[("England", "F Lon H\nF Edi H\nA Lvp H\nF Nwy H\n")]);
  assert!(mail.iter().any(|m| m.subject == "XXXX:vc - S1902M Results"), "{:#?}", subjects(&mail));
  let mail = play(&[("England", "F Lon H\nF Edi H\nA Lvp H\nF Nwy-Swe\n")]);
  let subject = "XXXX:vc - F1902M Results";
  assert_eq!(told(&mail, subject), everyone(), "{:#?}", subjects(&mail));
  let results = &message(&mail, MASTER, subject).body;
  says(results, "England has 5 supply centers and has won the game. The game 'vc' is over.");
  says(results, "Result: a solo victory for England.");
  says(&table.listing(T), "Game 'vc' is over: England won in 1902.");
  let mail = ask(&judge, &player("Italy"), "INFO PLAYER england@players.test\n");
  says(&reply_in(&mail, &player("Italy")).body, "Games ended: 1 (1 won, 0 drawn, 0 lost)");
}

// ------------------------------------------------------------- bad input

#[test]
fn nobody_votes_before_the_game_starts() {
  let judge = Judge::with_config(FAST);
  register(&judge, START, MASTER);
  register(&judge, START, &player("France"));
  judge.send_at(START, MASTER, "create", "CREATE ?early masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let body = format!("SIGN ON ?early {}\nSET DRAW\nSET CONCEDE R\n", password("France"));
  let mail = ask(&judge, &player("France"), &body);
  let reply = &reply_in(&mail, &player("France")).body;
  says(
    reply,
    "SET DRAW\nThe game has not started, so there is nothing to end. No vote was recorded.",
  );
  says(
    reply,
    "SET CONCEDE R\nThe game has not started, so there is nothing to end. No vote was recorded.",
  );
  // The Master hears only of the sign-on.
  let to_master: Vec<&Sent> = mail.iter().filter(|m| m.to == MASTER).collect();
  assert_eq!(to_master.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(to_master[0].subject, "XXXX:early - S1901M New Player Signon: #1");
}
