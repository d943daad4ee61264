//! The game information commands of manual §3.4 (LIST, HISTORY in both its
//! syntaxes, SUMMARY, WHOGAME) and a player's own settings of §7.1 (SET
//! ADDRESS, SET PASSWORD, RESIGN / WITHDRAW). Each test is a transcript:
//! mails in at a fixed clock, and the mail the judge sends back, checked
//! for what a player reading it would notice.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use game_support::{password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
/// An hour later: the first orders go in.
const LATER: &str = "2026-03-02T11:00:00Z";

const ANN: &str = "ann@players.test";
const BOB: &str = "bob@players.test";
/// Someone who is in no game and not registered.
const STRANGER: &str = "stranger@players.test";
/// A registered user who watches games.
const WATCHER: &str = "watcher@players.test";

/// Mails `body` from `from` at `now`; returns the reply to `from` and all
/// the mail the message made.
fn ask(judge: &Judge, now: &str, from: &str, body: &str) -> (Sent, Vec<Sent>) {
  judge.send_at(now, from, "info", body);
  let mail = judge.take_mail();
  let replies: Vec<&Sent> =
    mail.iter().filter(|m| m.to == from && m.subject.starts_with("Re:")).collect();
  assert_eq!(replies.len(), 1, "expected one reply to {from}: {:#?}", subjects(&mail));
  (replies[0].clone(), mail)
}

/// The text with each line's runs of blanks folded into one space and
/// trimmed, so checks do not depend on column widths.
fn fold(text: &str) -> String {
  text
    .lines()
    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The folded line of `text` that starts with `start`.
fn line_starting<'t>(text: &'t str, start: &str) -> Option<&'t str> {
  text.lines().find(|l| l.starts_with(start))
}

/// The files of the games and of their index: what a change to a game
/// would touch.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  judge
    .snapshot()
    .into_iter()
    .filter(|(path, _)| path.starts_with("games") || path.starts_with("index"))
    .collect()
}

/// Recipients of the mail whose subject is exactly `subject`, sorted.
fn recipients(mail: &[Sent], subject: &str) -> Vec<String> {
  let mut to: Vec<String> =
    mail.iter().filter(|m| m.subject == subject).map(|m| m.to.clone()).collect();
  to.sort();
  to
}

/// Everyone in a [`Table`] game but `power`'s player, sorted.
fn everyone_but(power: &str) -> Vec<String> {
  let mut to: Vec<String> =
    POWERS.iter().filter(|(p, _)| *p != power).map(|(p, _)| player(p)).collect();
  to.push(MASTER.to_string());
  to.sort();
  to
}

/// `CREATE ?name password` by a registered user, who is its first player.
fn create_forming(judge: &Judge, creator: &str, game: &str, pw: &str) {
  register(judge, START, creator);
  judge.send_at(START, creator, "create", &format!("CREATE ?{game} {pw}\n"));
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.body.contains("has been created")),
    "{game} was not created: {mail:#?}"
  );
}

// ------------------------------------------------------------------ LIST

#[test]
fn brief_list_shows_the_senders_own_games_and_hides_other_peoples_private_games() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "anns", "annpw");
  create_forming(&judge, BOB, "bobs", "bobpw");

  let (reply, _) = ask(&judge, LATER, ANN, "LIST\n");
  let body = fold(&reply.body);
  let row =
    line_starting(&body, "anns ").unwrap_or_else(|| panic!("ann's game is listed:\n{body}"));
  assert!(row.contains("Forming"), "{body}");
  assert!(body.contains("6 more players needed"), "how many players it needs:\n{body}");
  assert!(
    line_starting(&body, "bobs").is_none(),
    "bob's private game is not ann's business:\n{body}"
  );

  let (reply, _) = ask(&judge, LATER, BOB, "LIST\n");
  let body = fold(&reply.body);
  assert!(line_starting(&body, "bobs ").is_some(), "{body}");
  assert!(line_starting(&body, "anns").is_none(), "{body}");

  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST\n");
  assert!(
    reply.body.contains("There are no games on this judge that you can see"),
    "a stranger is told there is nothing to see:\n{}",
    reply.body
  );
  assert!(!reply.body.contains("anns") && !reply.body.contains("bobs"), "{}", reply.body);
}

#[test]
fn list_of_a_forming_game_says_how_many_players_it_needs_its_settings_and_who_is_in_it() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "anns", "annpw");
  create_forming(&judge, BOB, "bobs", "bobpw");
  register(&judge, START, "carl@players.test");
  judge.send_at(START, "carl@players.test", "join", "SIGN ON ?anns carlpw\n");
  judge.take_mail();

  // Anyone who knows the name may ask.
  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST anns\n");
  let body = fold(&reply.body);
  assert!(body.contains("Game 'anns' is forming"), "{body}");
  assert!(body.contains("waiting for 5 more players"), "two of seven are in:\n{body}");
  assert!(body.contains("Variant: Standard"), "the settings:\n{body}");
  assert!(body.contains("Players: 7"), "{body}");
  assert!(body.contains(ANN) && body.contains("carl@players.test"), "who is in it:\n{body}");
  assert!(!body.contains("Status of the"), "no board before the start:\n{body}");

  // After a SIGN ON, LIST alone is about the signed-on game.
  let (reply, _) = ask(&judge, LATER, ANN, "SIGN ON ?anns annpw\nLIST\n");
  let body = fold(&reply.body);
  assert!(body.contains("Game 'anns' is forming"), "LIST after SIGN ON lists that game:\n{body}");
  assert!(!body.contains("bobs"), "{body}");

  // LIST FULL: the detailed report of each game ann may see.
  let (reply, _) = ask(&judge, LATER, ANN, "LIST FULL\n");
  let body = fold(&reply.body);
  assert!(body.contains("Game 'anns' is forming"), "{body}");
  assert!(body.contains("The following are in game 'anns'"), "with its players:\n{body}");
  assert!(!body.contains("bobs"), "bob's private game is not in ann's full list:\n{body}");
}

#[test]
fn list_of_a_game_that_does_not_exist_says_so() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "anns", "annpw");
  let before = game_files(&judge);
  for name in ["nosuch", "../anns", "anns/x"] {
    let (reply, mail) = ask(&judge, LATER, STRANGER, &format!("LIST {name}\n"));
    assert!(
      reply.body.contains("There is no game called"),
      "LIST {name} says there is no such game:\n{}",
      reply.body
    );
    assert!(!reply.body.contains("is forming"), "{}", reply.body);
    assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  }
  assert_eq!(game_files(&judge), before, "asking changes no game");
}

#[test]
fn list_of_a_running_game_gives_its_phase_deadline_players_units_and_centres() {
  let judge = Judge::new();
  let table = Table::start(&judge, "lgame", START);

  // The deadline players were given, as their replies' header shows it.
  table.send("France", LATER, "");
  let mail = judge.take_mail();
  let header = table.reply(&mail, "France").body.clone();
  let deadline = header
    .lines()
    .find_map(|l| l.strip_prefix(":: Deadline: S1901M "))
    .unwrap_or_else(|| panic!("a deadline in the reply header:\n{header}"))
    .trim()
    .to_string();

  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST lgame\n");
  let body = fold(&reply.body);
  assert!(body.contains("(S1901M)"), "the phase:\n{body}");
  assert!(body.contains("Movement for Spring of 1901"), "{body}");
  assert!(body.contains(&format!("The deadline for orders is {deadline}")), "{body}");
  assert!(body.contains("Moderated: yes"), "the settings:\n{body}");
  let master = line_starting(&body, "Master").unwrap_or("");
  assert!(master.contains(MASTER), "the Master:\n{body}");
  for (power, _) in POWERS {
    let row = line_starting(&body, &format!("{power} ")).unwrap_or("");
    assert!(row.contains(&player(power)), "{power}'s player:\n{body}");
  }
  assert!(body.contains("Status of the Movement phase for Spring of 1901. (lgame.001)"), "{body}");
  assert!(body.contains("France: Army Paris."), "the units:\n{body}");
  assert!(body.contains("Russia: Fleet St Petersburg (south coast)."), "{body}");
  assert!(
    body.contains("Russia: Moscow, Sevastopol, St Petersburg, Warsaw."),
    "the centres:\n{body}"
  );

  // The brief list of a player shows the game at its phase.
  let (reply, _) = ask(&judge, LATER, &player("Italy"), "LIST\n");
  let body = fold(&reply.body);
  let row = line_starting(&body, "lgame ").unwrap_or_else(|| panic!("the game is listed:\n{body}"));
  assert!(row.contains("S1901M"), "{body}");

  // Signed on, LIST alone lists the game.
  let body = format!("SIGN ON Flgame {}\nLIST\n", password("France"));
  let (reply, _) = ask(&judge, LATER, &player("France"), &body);
  assert!(fold(&reply.body).contains("France: Army Paris."), "{}", reply.body);
}

// --------------------------------------------------------------- HISTORY

/// When the HISTORY requests of the history tests are sent: a week and a
/// bit after the game started.
const ASKED: &str = "2026-03-10T12:00:00Z";

/// A game played for three phases: S1901M an hour after the start, F1901M
/// and S1902M three days later.
fn played_game(judge: &Judge) -> Table<'_> {
  let table = Table::start(judge, "hist", START);
  table.turn(LATER).orders(&[]).processed();
  table.turn("2026-03-05T12:00:00Z").orders(&[]).processed();
  table.turn("2026-03-05T13:00:00Z").orders(&[]).processed();
  table
}

/// Sends `HISTORY hist <args>` at [`ASKED`]; returns the reply and the
/// history in it (from its first line on), if it has one.
fn history(judge: &Judge, args: &str) -> (String, Option<String>) {
  let (reply, mail) = ask(judge, ASKED, STRANGER, &format!("HISTORY hist{args}\n"));
  assert_eq!(mail.len(), 1, "the history comes in the reply: {:#?}", subjects(&mail));
  let text =
    reply.body.find("History information for game 'hist'").map(|i| reply.body[i..].to_string());
  (reply.body, text)
}

const SPRING_1901: &str = "Movement results for Spring of 1901";
const FALL_1901: &str = "Movement results for Fall of 1901";
const SPRING_1902: &str = "Movement results for Spring of 1902";

#[test]
fn history_by_date_sends_what_observers_saw_in_the_period_asked_for() {
  let judge = Judge::with_config(FAST);
  played_game(&judge);

  // No options: the last seven days, in the reply.
  let (_, text) = history(&judge, "");
  let text = text.expect("a History mail");
  assert!(text.contains(FALL_1901) && text.contains(SPRING_1902), "this week's results:\n{text}");
  assert!(!text.contains(SPRING_1901), "more than a week ago:\n{text}");
  assert!(!text.contains("Game Starting"), "more than a week ago:\n{text}");

  // From long before the game: all of it.
  let (_, text) = history(&judge, " FROM Jan 1, 1990");
  let text = text.expect("a History mail");
  assert!(text.contains("Game Starting"), "the start notice observers saw:\n{text}");
  assert!(text.contains("The following players are in this game"), "{text}");
  for results in [SPRING_1901, FALL_1901, SPRING_1902] {
    assert!(text.contains(results), "{results}:\n{text}");
  }

  // A span of days, with a time of day.
  let (_, text) = history(&judge, " FROM Mar 2 2026 TO Mar 2 2026 23:59");
  let text = text.expect("a History mail");
  assert!(text.contains("Game Starting") && text.contains(SPRING_1901), "{text}");
  assert!(!text.contains(FALL_1901) && !text.contains(SPRING_1902), "after the end:\n{text}");

  // The parts of a date may come in any order (manual §2.4).
  let (_, text) = history(&judge, " FROM 2026 2 Mar TO 23:59 2 Mar 2026");
  let text = text.expect("a History mail");
  assert!(text.contains("Game Starting") && text.contains(SPRING_1901), "{text}");
  assert!(!text.contains(FALL_1901), "after the end:\n{text}");

  // An end before the default start is ignored (the manual's example).
  let (_, text) = history(&judge, " TO Mar 2 2026 23:59");
  let text = text.expect("a History mail");
  assert!(text.contains(FALL_1901) && text.contains(SPRING_1902), "as HISTORY alone:\n{text}");
  assert!(!text.contains(SPRING_1901), "as HISTORY alone:\n{text}");

  // LINES n: no more than that.
  let (_, text) = history(&judge, " FROM Jan 1, 1990 LINES 20");
  let text = text.expect("a History mail");
  assert!(text.contains("New Player Signon"), "the first entries:\n{text}");
  assert!(!text.contains("Game Starting") && !text.contains(SPRING_1901), "{text}");
  assert!(text.lines().count() <= 28, "about 20 lines:\n{text}");

  // Signed on, HISTORY needs no name.
  let body = format!("SIGN ON Ehist {}\nHISTORY FROM Jan 1 1990\n", password("England"));
  judge.send_at(ASKED, &player("England"), "history", &body);
  let mail = judge.take_mail();
  let text = mail
    .iter()
    .find(|m| m.to == player("England") && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("a reply: {:#?}", subjects(&mail)));
  assert!(text.body.contains("History information for game 'hist'"), "{}", text.body);
  assert!(text.body.contains(SPRING_1902), "{}", text.body);
}

#[test]
fn history_with_an_impossible_date_or_no_game_is_an_error_and_sends_nothing() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "hist", "annpw");
  for args in [" FROM Feb 30", " TO 31 Apr 2026", " FROM Jan 1 1990 LINES many"] {
    let (reply, text) = history(&judge, args);
    assert!(text.is_none(), "HISTORY hist{args} sends no history");
    assert!(reply.contains("No history was sent"), "HISTORY hist{args} is refused:\n{reply}");
  }
  let (reply, text) = history(&judge, " FROM Feb 30");
  assert!(reply.contains("does not exist"), "the reply says why:\n{reply}");
  assert!(text.is_none());

  let (reply, mail) = ask(&judge, ASKED, STRANGER, "HISTORY nosuch\n");
  assert!(reply.body.contains("There is no game called 'nosuch'"), "{}", reply.body);
  assert_eq!(mail.len(), 1, "no history: {:#?}", subjects(&mail));
}

#[test]
fn history_by_phase_sends_the_results_outside_the_excluded_phases() {
  let judge = Judge::with_config(FAST);
  played_game(&judge);

  let (_, text) = history(&judge, " EXCLSTART S1902M");
  let text = text.expect("a History mail");
  assert!(text.contains(SPRING_1901) && text.contains(FALL_1901), "before S1902M:\n{text}");
  assert!(!text.contains(SPRING_1902), "S1902M on is left out:\n{text}");
  assert!(!text.contains("New Player Signon"), "results only, without BROAD:\n{text}");

  let (_, text) = history(&judge, " EXCLSTART S9999M");
  let text = text.expect("a History mail");
  for results in [SPRING_1901, FALL_1901, SPRING_1902] {
    assert!(text.contains(results), "the whole history has {results}:\n{text}");
  }
  assert!(!text.contains("New Player Signon"), "results only, without BROAD:\n{text}");

  let (_, text) = history(&judge, " EXCLSTART S9999M BROAD");
  let text = text.expect("a History mail");
  assert!(text.contains("New Player Signon"), "BROAD adds the notices:\n{text}");
  assert!(text.contains("Game Starting"), "{text}");
  assert!(text.contains(SPRING_1902), "{text}");

  // An erroneous phase: the whole history (manual §3.4).
  let (_, text) = history(&judge, " EXCLSTART nonsense");
  let text = text.expect("a History mail");
  for results in [SPRING_1901, FALL_1901, SPRING_1902] {
    assert!(text.contains(results), "{results}:\n{text}");
  }

  // EXCLEND: manual §3.4's example, "history foo exclstart S1899M exclend
  // F1905B: returns the history from game-year 1906": the EXCLEND turn is
  // left out too, and the history resumes after it.
  let (_, text) = history(&judge, " EXCLSTART S1901M EXCLEND F1901M");
  let text = text.expect("a History mail");
  assert!(!text.contains(SPRING_1901), "S1901M is excluded:\n{text}");
  assert!(!text.contains(FALL_1901), "the EXCLEND turn is excluded:\n{text}");
  assert!(text.contains(SPRING_1902), "after the EXCLEND turn:\n{text}");

  // What is missing or wrong is said, and nothing is sent.
  for (args, said) in [
    (" EXCLEND F1901M", "EXCLEND goes with EXCLSTART"),
    (" FROM", "FROM needs a value after it"),
    (" FROM Jan 1 1990 LINES 0", "LINES needs a number above 0"),
    (" EXCLSTART", "EXCLSTART needs a value after it"),
  ] {
    let (reply, text) = history(&judge, args);
    assert!(text.is_none(), "HISTORY{args} sends no history");
    assert!(reply.contains(said), "HISTORY{args}:\n{reply}");
  }
}

#[test]
fn history_of_a_game_named_like_a_history_keyword_is_sent() {
  // Game names are any 1 to 8 letters and digits: "broad" and "lines" are
  // good names, and HISTORY takes the game's name first (njudge reads it
  // before the options for this very reason).
  let judge = Judge::new();
  create_forming(&judge, ANN, "broad", "annpw");
  create_forming(&judge, BOB, "lines", "bobpw");
  for (game, args) in [("broad", ""), ("lines", " FROM Jan 1 1990")] {
    let (reply, _) = ask(&judge, LATER, STRANGER, &format!("HISTORY {game}{args}\n"));
    let heading = format!("History information for game '{game}'");
    assert!(reply.body.contains(&heading), "HISTORY {game}{args}:\n{}", reply.body);
  }
}

// --------------------------------------------------------------- SUMMARY

#[test]
fn summary_shows_who_plays_each_power_and_the_centres_at_the_end_of_each_year() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "sumg", START);

  let (reply, _) = ask(&judge, LATER, STRANGER, "SUMMARY sumg\n");
  let body = fold(&reply.body);
  assert!(body.contains("Summary of game 'sumg'"), "{body}");
  for (power, _) in POWERS {
    let row = line_starting(&body, &format!("{power}:")).unwrap_or("");
    let name = format!("{} Tester", power.to_lowercase());
    assert!(row.contains(&name) && row.ends_with(&player(power)), "{power}:\n{body}");
  }
  // Only the starting position so far.
  assert!(body.contains("History of Supply Center Counts"), "{body}");
  assert!(body.contains("\nPower 1900 Player\n"), "no year is over:\n{body}");

  table.turn(LATER).orders(&[("Austria", "A Vie H\nA Bud - Ser\nF Tri H\n")]).processed();
  table
    .turn("2026-03-03T11:00:00Z")
    .orders(&[("Austria", "A Vie H\nA Ser H\nF Tri H\n")])
    .processed();
  let (reply, _) = ask(&judge, "2026-03-03T12:00:00Z", STRANGER, "SUMMARY sumg\n");
  let body = fold(&reply.body);
  let table_start = body
    .find("History of Supply Center Counts")
    .unwrap_or_else(|| panic!("the centres after the Fall turn:\n{body}"));
  let years = &body[table_start..];
  let header = years.lines().nth(2).unwrap_or("");
  assert_eq!(header, "Power 1900 '01 Player", "one year so far:\n{body}");
  let row = |power: &str| line_starting(years, &format!("{power} ")).unwrap_or("").to_string();
  // No mark on 1901's counts: its adjustments are still to come.
  assert_eq!(row("Austria"), "Austria 3 4 austria Tester", "Austria took Serbia:\n{body}");
  assert_eq!(row("Russia"), "Russia 4 4 russia Tester", "{body}");
  assert_eq!(row("England"), "England 3 3 england Tester", "{body}");
}

// --------------------------------------------------------------- WHOGAME

#[test]
fn whogame_sends_the_players_and_masters_registrations_and_observers_only_with_full() {
  let judge = Judge::new();
  let _table = Table::start(&judge, "whog", START);
  register(&judge, START, WATCHER);
  judge.send_at(START, WATCHER, "watch", "OBSERVE whog watchpw\n");
  judge.take_mail();

  let (reply, _) = ask(&judge, LATER, STRANGER, "WHOGAME whog\n");
  let body = &reply.body;
  for (power, _) in POWERS {
    let name = power.to_lowercase();
    assert!(body.contains(&format!("Name: {name} Tester")), "{power}'s registration:\n{body}");
    assert!(body.contains(&format!("Email: {}", player(power))), "{body}");
  }
  assert!(body.contains("Name: master Tester"), "the Master's registration:\n{body}");
  assert!(!body.contains(WATCHER), "observers only with FULL:\n{body}");
  // Nobody chose Public: yes, so no postal address reaches a stranger.
  assert!(!body.contains("1 Test Road"), "{body}");
  assert!(body.contains("Postal address and phone are private"), "{body}");

  let (reply, _) = ask(&judge, LATER, STRANGER, "WHOGAME whog FULL\n");
  let body = &reply.body;
  assert!(body.contains("Name: watcher Tester"), "FULL adds the observers:\n{body}");
  assert!(body.contains("Name: france Tester"), "{body}");

  let (reply, _) = ask(&judge, LATER, STRANGER, "WHOGAME nosuch\n");
  assert!(reply.body.contains("There is no game called 'nosuch'"), "{}", reply.body);
}

#[test]
fn gunboat_games_hide_their_players_from_everyone_but_the_signed_on_master() {
  let judge = Judge::new();
  for address in [MASTER, ANN, BOB] {
    register(&judge, START, address);
  }
  judge.send_at(START, MASTER, "create", "CREATE ?gun masterpw gunboat\nBECOME MASTER\n");
  judge.send_at(START, ANN, "join", "SIGN ON ?gun annpw gunboat\n");
  judge.send_at(START, BOB, "join", "SIGN ON ?gun bobpw gunboat\n");
  let mail = judge.take_mail();
  assert!(mail.iter().any(|m| m.to == BOB && m.body.contains("now has 2")), "{mail:#?}");

  let refusals = [
    (ANN, "SIGN ON ?gun annpw gunboat\nWHOGAME gun\n"),
    (STRANGER, "WHOGAME gun\n"),
    (MASTER, "WHOGAME gun FULL\n"),
  ];
  for (from, body) in refusals {
    let (reply, _) = ask(&judge, LATER, from, body);
    assert!(reply.body.contains("gunboat"), "{from} is refused and told why:\n{}", reply.body);
    assert!(!reply.body.contains("Name: ann Tester"), "{}", reply.body);
    assert!(!reply.body.contains(BOB), "{}", reply.body);
  }

  let (reply, _) = ask(&judge, LATER, MASTER, "SIGN ON Mgun masterpw\nWHOGAME gun\n");
  assert!(reply.body.contains("Name: ann Tester"), "the Master sees the players:\n{}", reply.body);
  assert!(reply.body.contains("Name: bob Tester"), "{}", reply.body);

  // LIST does not give the players away either.
  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST gun\n");
  assert!(reply.body.contains("The following are in game 'gun'"), "{}", reply.body);
  assert!(!reply.body.contains(ANN) && !reply.body.contains(BOB), "{}", reply.body);

  // Nor does a change of address.
  let (reply, mail) =
    ask(&judge, LATER, ANN, "SIGN ON ?gun annpw gunboat\nSET ADDRESS ann@home.test\n");
  assert!(reply.body.contains("ann@home.test"), "{}", reply.body);
  let others: Vec<&Sent> = mail.iter().filter(|m| m.to != ANN && m.to != "ann@home.test").collect();
  assert!(
    others.iter().all(|m| !m.subject.ends_with("Address Change") && !m.body.contains("ann@")),
    "nobody else hears of it in a gunboat game: {:#?}",
    subjects(&mail)
  );
}

// ----------------------------------------------------------- SET ADDRESS

#[test]
fn set_address_sends_later_game_mail_to_the_new_addresses() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "addr", START);
  let france = player("France");
  let sign_on = format!("SIGN ON Faddr {}\n", password("France"));

  // A malformed address is refused and nothing changes.
  let before = game_files(&judge);
  for bad in ["france-at-home", "good@home.test,broken"] {
    let (reply, mail) = ask(&judge, LATER, &france, &format!("{sign_on}SET ADDRESS {bad}\n"));
    assert!(reply.body.contains("is not an e-mail address"), "{bad}:\n{}", reply.body);
    assert!(reply.body.contains("Nothing was changed"), "{}", reply.body);
    assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  }
  assert_eq!(game_files(&judge), before, "a refused SET ADDRESS changes nothing");

  // A new address: the others are told, and the results go there.
  let (reply, mail) =
    ask(&judge, LATER, &france, &format!("{sign_on}SET ADDRESS paris@home.test\n"));
  assert!(reply.body.contains("paris@home.test"), "{}", reply.body);
  let notice = "XXXX:addr - S1901M Address Change";
  assert_eq!(recipients(&mail, notice), everyone_but("France"), "{:#?}", subjects(&mail));
  let told = mail.iter().find(|m| m.subject == notice).expect("a notice");
  assert!(told.body.contains("France") && told.body.contains("paris@home.test"), "{}", told.body);

  let mail = table.turn(LATER).orders(&[]).processed();
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with(" Results")).collect();
  assert!(results.iter().any(|m| m.to == "paris@home.test"), "{:#?}", subjects(&mail));
  assert!(results.iter().all(|m| m.to != france), "not to the old address: {:#?}", subjects(&mail));

  // Two addresses: game mail goes to both.
  ask(&judge, LATER, &france, &format!("{sign_on}SET ADDRESS one@home.test,two@work.test\n"));
  let body = format!("SIGN ON Gaddr {}\nSET ADDRESS berlin@home.test\n", password("Germany"));
  let (_, mail) = ask(&judge, LATER, &player("Germany"), &body);
  let to = recipients(&mail, "XXXX:addr - F1901M Address Change");
  assert!(to.contains(&"one@home.test".to_string()), "{to:?}");
  assert!(to.contains(&"two@work.test".to_string()), "{to:?}");
  assert!(!to.contains(&"paris@home.test".to_string()) && !to.contains(&france), "{to:?}");

  // No address: the one the message came from.
  let (reply, _) = ask(&judge, LATER, &france, &format!("{sign_on}SET ADDRESS\n"));
  assert!(reply.body.contains(&format!("now goes to {france}")), "{}", reply.body);
  let body = format!("SIGN ON Iaddr {}\nSET ADDRESS rome@home.test\n", password("Italy"));
  let (_, mail) = ask(&judge, LATER, &player("Italy"), &body);
  let to = recipients(&mail, "XXXX:addr - F1901M Address Change");
  assert!(to.contains(&france), "{to:?}");
  assert!(!to.contains(&"one@home.test".to_string()), "{to:?}");
  assert!(!to.contains(&"two@work.test".to_string()), "{to:?}");

  // "the *last* Reply-To: header encountered" when the message has one.
  let raw = format!(
    "From: {france}\r\nReply-To: office@work.test\r\nTo: judge@localhost\r\n\
     Subject: addr\r\nMessage-ID: <reply-to@players.test>\r\n\
     Date: Mon, 02 Mar 2026 23:00:00 +0000\r\n\r\n{sign_on}SET ADDRESS\n"
  );
  let run = judge.run_at(LATER, &["receive"], raw.as_bytes());
  assert_eq!(run.status, 0, "{}", run.stderr);
  let reply = judge.reply_to("office@work.test");
  assert!(reply.body.contains("now goes to office@work.test"), "{}", reply.body);

  // The same address again changes nothing, and nobody is told.
  let (reply, mail) =
    ask(&judge, LATER, &france, &format!("{sign_on}SET ADDRESS office@work.test\n"));
  assert!(reply.body.contains("already goes to office@work.test"), "{}", reply.body);
  assert!(mail.iter().all(|m| !m.subject.ends_with("Address Change")), "{:#?}", subjects(&mail));
}

// ---------------------------------------------------------- SET PASSWORD

#[test]
fn set_password_changes_the_password_for_the_next_sign_on_and_is_never_mailed() {
  let judge = Judge::new();
  let _table = Table::start(&judge, "pwg", START);
  let france = player("France");
  let old = password("France");
  let mut all_mail = Vec::new();

  let before = game_files(&judge);
  for bad in ["new pass", "pa$$word", "secret!"] {
    let (reply, mail) =
      ask(&judge, LATER, &france, &format!("SIGN ON Fpwg {old}\nSET PASSWORD {bad}\n"));
    assert!(reply.body.contains("only letters and digits"), "{bad}:\n{}", reply.body);
    assert!(reply.body.contains("not changed"), "{}", reply.body);
    all_mail.extend(mail);
  }
  assert_eq!(game_files(&judge), before, "a refused password changes nothing");
  let (reply, mail) = ask(&judge, LATER, &france, &format!("SIGN ON Fpwg {old}\n"));
  assert!(reply.body.contains("signed on as France"), "the old one still works:\n{}", reply.body);
  all_mail.extend(mail);

  let (reply, mail) =
    ask(&judge, LATER, &france, &format!("SIGN ON Fpwg {old}\nSET PASSWORD Zebra42\n"));
  assert!(reply.body.contains("> SET PASSWORD ********"), "the echo masks it:\n{}", reply.body);
  assert!(reply.body.contains("has been changed"), "{}", reply.body);
  all_mail.extend(mail);

  let (reply, mail) = ask(&judge, LATER, &france, &format!("SIGN ON Fpwg {old}\nLIST\n"));
  assert!(reply.body.contains("Invalid password"), "the old one no longer works:\n{}", reply.body);
  assert!(!reply.body.contains("Army Paris"), "{}", reply.body);
  all_mail.extend(mail);

  let (reply, mail) = ask(&judge, LATER, &france, "SIGN ON Fpwg Zebra42\n");
  assert!(reply.body.contains("signed on as France"), "the new one works:\n{}", reply.body);
  all_mail.extend(mail);

  for sent in &all_mail {
    let raw = sent.raw.to_lowercase();
    for secret in ["zebra42", "pa$$word", "secret!", "new pass"] {
      assert!(!raw.contains(secret), "'{secret}' appears in mail to {}:\n{}", sent.to, sent.raw);
    }
  }
}

// ------------------------------------------------------ RESIGN / WITHDRAW

#[test]
fn resign_with_a_line_after_it_does_nothing_and_says_why() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "quit", "annpw");
  register(&judge, START, BOB);
  judge.send_at(START, BOB, "join", "SIGN ON ?quit bobpw\n");
  judge.take_mail();

  let before = game_files(&judge);
  let (reply, mail) = ask(&judge, LATER, BOB, "SIGN ON ?quit bobpw\nWITHDRAW\nLIST\n");
  assert!(reply.body.contains("must be the last command"), "{}", reply.body);
  assert!(reply.body.contains("You have not resigned"), "{}", reply.body);
  assert!(
    fold(&reply.body).contains("waiting for 5 more players"),
    "bob is still in:\n{}",
    reply.body
  );
  assert_eq!(mail.len(), 1, "nobody is told anything: {:#?}", subjects(&mail));
  assert_eq!(game_files(&judge), before, "nothing changed");
}

#[test]
fn withdraw_followed_by_sign_off_or_a_signature_takes_effect() {
  // SIGN OFF is "the *last* command that should appear in every message"
  // (manual §3.1), and a signature is not read: neither comes after RESIGN
  // as a command.
  let judge = Judge::new();
  create_forming(&judge, ANN, "quit", "annpw");
  for (who, pw) in [(BOB, "bobpw"), ("carl@players.test", "carlpw")] {
    register(&judge, START, who);
    judge.send_at(START, who, "join", &format!("SIGN ON ?quit {pw}\n"));
  }
  judge.take_mail();

  let body = "SIGN ON ?quit carlpw\nWITHDRAW\n\n-- \nCarl, who signs every mail\n";
  let (reply, _) = ask(&judge, LATER, "carl@players.test", body);
  assert!(reply.body.contains("You have withdrawn"), "a signature after it:\n{}", reply.body);
  let (reply, _) = ask(&judge, LATER, BOB, "SIGN ON ?quit bobpw\nWITHDRAW\nSIGN OFF\n");
  assert!(reply.body.contains("You have withdrawn"), "SIGN OFF after WITHDRAW:\n{}", reply.body);
  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST quit\n");
  assert!(fold(&reply.body).contains("waiting for 6 more players"), "{}", reply.body);
}

#[test]
fn withdrawing_from_a_forming_game_makes_it_need_one_more_player() {
  let judge = Judge::new();
  create_forming(&judge, ANN, "quit", "annpw");
  register(&judge, START, BOB);
  judge.send_at(START, BOB, "join", "SIGN ON ?quit bobpw\n");
  judge.take_mail();

  let (reply, mail) = ask(&judge, LATER, BOB, "SIGN ON ?quit bobpw\nWITHDRAW\n");
  assert!(reply.body.contains("You have withdrawn from game 'quit'"), "{}", reply.body);
  assert!(
    mail.iter().any(|m| m.to == ANN && m.subject.contains("Resignation")),
    "ann hears of it: {:#?}",
    subjects(&mail)
  );

  let (reply, _) = ask(&judge, LATER, STRANGER, "LIST quit\n");
  let body = fold(&reply.body);
  assert!(body.contains("waiting for 6 more players"), "one more needed again:\n{body}");
  assert!(!body.contains(BOB), "bob is gone:\n{body}");

  // Bob may come back as a new player.
  let (reply, _) = ask(&judge, LATER, BOB, "SIGN ON ?quit bobpw2\n");
  assert!(reply.body.contains("now has 2"), "{}", reply.body);
}

#[test]
fn the_master_cannot_resign() {
  let judge = Judge::new();
  register(&judge, START, MASTER);
  judge.send_at(START, MASTER, "create", "CREATE ?boss masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let before = game_files(&judge);
  let (reply, mail) = ask(&judge, LATER, MASTER, "SIGN ON Mboss masterpw\nRESIGN\n");
  assert!(reply.body.contains("A Master cannot resign"), "{}", reply.body);
  assert_eq!(mail.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(game_files(&judge), before, "the Master is still the Master");
}

#[test]
fn resigning_from_a_running_game_abandons_the_power_and_tells_everyone() {
  let judge = Judge::new();
  let table = Table::start(&judge, "resg", START);
  register(&judge, START, WATCHER);
  judge.send_at(START, WATCHER, "watch", "OBSERVE resg watchpw\n");
  judge.take_mail();

  let body = format!("SIGN ON Fresg {}\nRESIGN\n", password("France"));
  let (reply, mail) = ask(&judge, LATER, &player("France"), &body);
  assert!(reply.body.contains("You have resigned from game 'resg'"), "{}", reply.body);
  let mut expected = everyone_but("France");
  expected.push(WATCHER.to_string());
  expected.sort();
  let notice = "XXXX:resg - S1901M Resignation: France";
  assert_eq!(recipients(&mail, notice), expected, "{:#?}", subjects(&mail));

  let listing = fold(&table.listing(LATER));
  let row = line_starting(&listing, "France ").unwrap_or("");
  assert!(row.contains("abandoned"), "France is abandoned:\n{listing}");

  let (reply, _) = ask(&judge, LATER, STRANGER, "SUMMARY resg\n");
  let body = fold(&reply.body);
  let row = line_starting(&body, "France:").unwrap_or("");
  assert!(row.contains(&player("France")), "France's player:\n{body}");
  assert!(
    body.contains(&format!("{row}\nfrom S1901M: (no player)\n")),
    "the summary says when France's player left:\n{body}"
  );
  let row = line_starting(&body, "Italy:").unwrap_or("");
  assert!(body.contains(&format!("{row}\nRussia:")), "Italy's player is still there:\n{body}");
}

#[test]
fn an_observer_who_resigns_no_longer_gets_results() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "obsg", START);
  register(&judge, START, WATCHER);
  judge.send_at(START, WATCHER, "watch", "OBSERVE obsg watchpw\n");
  judge.take_mail();

  let mail = table.turn(LATER).orders(&[]).processed();
  assert!(
    mail.iter().any(|m| m.to == WATCHER && m.subject == "XXXX:obsg - S1901M Results"),
    "an observer gets the results: {:#?}",
    subjects(&mail)
  );

  let (reply, _) = ask(&judge, LATER, WATCHER, "SIGN ON Oobsg watchpw\nRESIGN\n");
  assert!(reply.body.contains("no longer an observer"), "{}", reply.body);

  let mail = table.turn("2026-03-03T11:00:00Z").orders(&[]).processed();
  assert!(mail.iter().all(|m| m.to != WATCHER), "nothing more for them: {:#?}", subjects(&mail));
  let (reply, _) = ask(&judge, "2026-03-03T12:00:00Z", STRANGER, "WHOGAME obsg FULL\n");
  assert!(!reply.body.contains(WATCHER), "no longer in the game:\n{}", reply.body);
}

#[test]
fn a_game_made_public_shows_in_everyones_brief_list_until_made_private_again() {
  let judge = Judge::with_config(FAST);
  for who in [ANN, BOB, STRANGER] {
    register(&judge, START, who);
  }
  judge.send_at(START, ANN, "new", "CREATE ?open annpw\nBECOME MASTER\n");
  judge.send_at(START, BOB, "join", "SIGN ON ?open bobpw\n");
  judge.take_mail();
  judge.send_at(START, STRANGER, "games?", "LIST\n");
  let reply = judge.reply_to(STRANGER);
  assert!(!reply.body.contains("open "), "a private game is not listed: {}", reply.body);

  judge.send_at(START, BOB, "public", "SIGN ON ?open bobpw\nSET PUBLIC\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("SET LIST is for the Master"), "{}", reply.body);

  judge.send_at(START, ANN, "public", "SIGN ON Mopen annpw\nSET LIST\n");
  let mail = judge.take_mail();
  let notice = mail.iter().find(|m| m.to == BOB).expect("Bob is told");
  assert_eq!(notice.subject, "XXXX:open - S1901M Parameter Change");
  assert!(notice.body.contains("the game is public"), "{}", notice.body);
  judge.send_at(START, STRANGER, "games?", "LIST\n");
  let reply = judge.reply_to(STRANGER);
  let line = reply.body.lines().find(|l| l.starts_with("open ")).unwrap_or_default();
  assert!(line.contains("Moderated (Ann)"), "the public game is listed: {}", reply.body);
  assert!(reply.body.contains("Forming: 6 more players needed."), "{}", reply.body);

  judge.send_at(START, ANN, "private", "SIGN ON Mopen annpw\nSET PRIVATE\n");
  judge.take_mail();
  judge.send_at(START, STRANGER, "games?", "LIST\n");
  let reply = judge.reply_to(STRANGER);
  assert!(!reply.body.contains("open "), "private again: {}", reply.body);
}

/// A keeper may turn WHOGAME's registration details off: the members are
/// named, nothing more.
#[test]
fn whogame_without_registration_details_names_the_members_only() {
  let judge = Judge::with_config("whogame_registration = false\n");
  let _table = Table::start(&judge, "whon", START);
  let (reply, _) = ask(&judge, LATER, STRANGER, "WHOGAME whon\n");
  let body = &reply.body;
  assert!(body.contains("France in game 'whon':\n\nWhois france@players.test\nUser #"), "{body}");
  assert!(body.contains(&player("France")), "{body}");
  assert!(!body.contains("REGISTER") && !body.contains("Tester"), "{body}");
}
