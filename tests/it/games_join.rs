//! Getting into a game by mail (manual §4, §5.1 and §8.1): CREATE, BECOME
//! MASTER, SIGN ON to a forming game (`?name`, `?`), SIGN ON to a game
//! under way by power initial, OBSERVE / WATCH, the Master's sign-on, and
//! taking over a resigned power. Each test is a transcript: mails in at a
//! fixed clock, and the mail the judge sends back, checked the way a player
//! reading it would.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use game_support::{password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{Judge, Says, Sent, NOW};

const ANN: &str = "ann@players.test";
const BOB: &str = "bob@players.test";
const CARL: &str = "carl@players.test";

/// What njudge answers to any failed SIGN ON to a game under way.
const REFUSAL: &str = "Invalid password or power";

/// The files of the games and of their index: what a change to a game
/// (or the creation of one) would touch.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  judge
    .snapshot()
    .into_iter()
    .filter(|(path, _)| path.starts_with("games") || path.starts_with("index"))
    .collect()
}

/// The names of the games that have a directory or an index entry.
fn game_names(judge: &Judge) -> Vec<String> {
  let mut names: Vec<String> = game_files(judge)
    .keys()
    .filter_map(|p| p.components().nth(1))
    .map(|c| c.as_os_str().to_string_lossy().trim_end_matches(".json").to_string())
    .collect();
  names.sort();
  names.dedup();
  names
}

/// The mail a judge sent whose subject is exactly `subject`, by recipient.
fn sent_with_subject<'m>(mail: &'m [Sent], subject: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.subject == subject).collect()
}

/// Recipients of the mail with exactly `subject`, sorted.
fn recipients(mail: &[Sent], subject: &str) -> Vec<String> {
  let mut to: Vec<String> = sent_with_subject(mail, subject).iter().map(|m| m.to.clone()).collect();
  to.sort();
  to
}

/// LIST name as `from` sees it.
fn listing(judge: &Judge, from: &str, game: &str) -> String {
  judge.send(from, "list", &format!("LIST {game}\n"));
  judge.reply_to(from).body
}

/// The role an address has in a listing (`Player`, `Master`, `Observer`,
/// `France`), from the lines after "The following are in game".
fn role_in(listing: &str, address: &str) -> Option<String> {
  let members = listing.split("The following are in game").nth(1)?;
  members
    .lines()
    .find(|line| line.split_whitespace().last() == Some(address))
    .and_then(|line| line.split_whitespace().next())
    .map(str::to_string)
}

/// Registers each address and forgets the replies.
fn register_all(judge: &Judge, addresses: &[&str]) {
  for address in addresses {
    register(judge, NOW, address);
  }
  judge.take_mail();
}

/// The text the judge wrote right under the echoed line that starts with
/// `echo` (up to the next blank line).
fn answer_to<'b>(body: &'b str, echo: &str) -> &'b str {
  let start = body.find(&format!("> {echo}")).unwrap_or_else(|| panic!("no '{echo}' in {body}"));
  let rest = &body[start..];
  let after = rest.find('\n').map_or("", |i| &rest[i + 1..]);
  after.split("\n\n").next().unwrap_or("")
}

// ---------------------------------------------------------------- CREATE

#[test]
fn create_makes_a_game_whose_first_player_is_the_creator() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\n");
  let reply = judge.reply_to(ANN);
  assert_eq!(reply.subject, "Re: XXXX:alpha - S1901M new game");
  assert!(
    // No deadline line until the game has a deadline (njudge leaves it out).
    reply.body.starts_with(":: Judge: XXXX  Game: Alpha  Variant: Standard\n\n"),
    "{}",
    reply.body
  );
  assert!(reply.body.contains("has been created, and you are its first player"), "{}", reply.body);
  assert!(!reply.body.contains("secret1"), "the password is not echoed: {}", reply.body);
  assert_eq!(game_names(&judge), ["alpha"]);

  let list = listing(&judge, ANN, "alpha");
  assert!(list.contains("waiting for 6 more players"), "{list}");
  assert!(list.contains("Moderated:      no"), "{list}");
  assert_eq!(role_in(&list, ANN).as_deref(), Some("Player"), "{list}");
}

#[test]
fn create_is_refused_to_an_unregistered_sender() {
  let judge = Judge::with_config(FAST);
  judge.send(BOB, "new game", "CREATE ?alpha secret1\n");
  let reply = judge.reply_to(BOB);
  assert_eq!(reply.subject, "Re: XXXX new game");
  assert!(reply.body.says("not registered"), "{}", reply.body);
  assert!(reply.body.contains("GET form"), "{}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
}

#[test]
fn create_needs_a_question_mark_before_the_name() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE alpha secret1\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("needs a '?'"), "{}", reply.body);
  assert!(reply.body.contains("CREATE ?"), "the reply shows how to write it: {}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
}

#[test]
fn a_bad_game_name_is_refused_and_nothing_is_written_anywhere() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  let before = judge.snapshot();
  let names = ["abcdefghi", "ab-c", "a.b", "a/b", "..", "../x", "../../etc", "/tmp/x", "x\\y", ""];
  for name in names {
    judge.send(ANN, "new game", &format!("CREATE ?{name} secret1\n"));
    let reply = judge.reply_to(ANN);
    assert!(reply.body.contains("cannot be a game name"), "{name}: {}", reply.body);
    assert!(reply.body.contains("1 to 8 letters and digits"), "{name}: {}", reply.body);
    assert!(!reply.body.contains("has been created"), "{name}: {}", reply.body);
  }
  // Nor can a path be reached through the other commands that name a game.
  for line in ["SIGN ON ?../x secret1", "SIGN ON F../x secret1", "OBSERVE ../x secret1"] {
    judge.send(ANN, "join", &format!("{line}\n"));
    let reply = judge.reply_to(ANN);
    assert_eq!(reply.subject, "Re: XXXX join", "{line}: not signed on to anything");
    assert!(!reply.body.contains("You are"), "{line}: {}", reply.body);
  }
  let after = judge.snapshot();
  let changed: Vec<&PathBuf> =
    after.keys().filter(|p| !p.starts_with("outbox") && before.get(*p) != after.get(*p)).collect();
  // Besides the replies, only the records that the messages were handled.
  let changed: Vec<&&PathBuf> = changed.iter().filter(|p| !p.starts_with("seen")).collect();
  assert!(changed.is_empty(), "only the replies were written: {changed:?}");
  let beside: Vec<_> = std::fs::read_dir(judge.data().parent().expect("a parent"))
    .expect("the temporary directory")
    .filter_map(|e| e.ok())
    .map(|e| e.file_name())
    .collect();
  assert_eq!(beside, ["data"], "nothing appeared outside the data directory");

  // Eight letters and digits is a name.
  judge.send(ANN, "new game", "CREATE ?Abcdefg8 secret1\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("Game 'abcdefg8' (Standard) has been created"), "{}", reply.body);
  assert_eq!(game_names(&judge), ["abcdefg8"]);
}

#[test]
fn an_existing_game_name_is_refused_whatever_its_case() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\n");
  judge.take_mail();
  let before = game_files(&judge);
  for name in ["alpha", "ALPHA"] {
    judge.send(BOB, "new game", &format!("CREATE ?{name} other2\n"));
    let reply = judge.reply_to(BOB);
    assert!(reply.body.contains("already exists"), "{name}: {}", reply.body);
    assert_eq!(reply.subject, "Re: XXXX new game", "not signed on to the game");
  }
  assert_eq!(game_files(&judge), before, "the game is unchanged");
  let list = listing(&judge, ANN, "alpha");
  assert_eq!(role_in(&list, ANN).as_deref(), Some("Player"), "{list}");
  assert_eq!(role_in(&list, BOB), None, "{list}");
}

#[test]
fn an_unknown_variant_is_refused_and_the_known_ones_are_named() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1 Chaoss\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("password is not a variant or option"), "{}", reply.body);
  // Not quoted: after a space typed inside the game name it would be the
  // password.
  assert!(!reply.raw.contains("Chaoss"), "{}", reply.raw);
  assert!(reply.body.contains("Standard"), "the known variants are named: {}", reply.body);
  assert!(reply.body.contains("Gunboat"), "the known options are named: {}", reply.body);
  assert!(reply.body.contains("not created"), "{}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
}

#[test]
fn a_password_that_is_not_letters_and_digits_is_refused() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha se-cret\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("only letters and digits"), "{}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
  judge.send(ANN, "new game", "CREATE ?alpha\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("password is needed"), "{}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
}

#[test]
fn a_second_create_in_one_message_is_refused() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "two games", "CREATE ?one secret1\nCREATE ?two secret2\n");
  let reply = judge.reply_to(ANN);
  assert_eq!(reply.subject, "Re: XXXX:one - S1901M two games");
  let second = answer_to(&reply.body, "CREATE ?two");
  assert!(second.contains("Only one CREATE, SIGN ON or OBSERVE"), "{}", reply.body);
  assert!(!second.contains("has been created"), "{}", reply.body);
  assert_eq!(game_names(&judge), ["one"], "only the first CREATE took effect");
}

#[test]
fn a_sign_on_after_a_create_in_the_same_message_is_refused() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB]);
  judge.send(BOB, "new game", "CREATE ?beta secret2\n");
  judge.take_mail();
  let beta = game_files(&judge);
  judge.send(ANN, "two things", "CREATE ?alpha secret1\nSIGN ON ?beta secret1\n");
  let reply = judge.reply_to(ANN);
  let second = answer_to(&reply.body, "SIGN ON ?beta");
  assert!(second.contains("Only one CREATE, SIGN ON or OBSERVE"), "{}", reply.body);
  assert_eq!(game_names(&judge), ["alpha", "beta"]);
  let list = listing(&judge, BOB, "beta");
  assert_eq!(role_in(&list, ANN), None, "ann did not join beta: {list}");
  assert!(
    beta.iter().all(|(path, bytes)| game_files(&judge).get(path) == Some(bytes)),
    "beta is unchanged"
  );
}

#[test]
fn create_with_gunboat_makes_a_gunboat_game_that_sign_ons_must_name() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB, CARL]);
  judge.send(ANN, "new game", "CREATE ?gb secret1 Gunboat\n");
  let reply = judge.reply_to(ANN);
  assert!(
    reply.body.starts_with(":: Judge: XXXX  Game: Gb  Variant: Standard Gunboat\n"),
    "{}",
    reply.body
  );
  assert!(reply.body.contains("Gunboat) has been created"), "{}", reply.body);
  let list = listing(&judge, ANN, "gb");
  assert!(list.contains("Variant:        Standard, Gunboat"), "{list}");

  let before = game_files(&judge);
  judge.send(BOB, "join", "SIGN ON ?gb secret2\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("is a Standard Gunboat game"), "{}", reply.body);
  assert!(reply.body.contains("SIGN ON ?gb password Gunboat"), "how to write it: {}", reply.body);
  assert_eq!(game_files(&judge), before, "bob did not join");

  judge.send(BOB, "join", "SIGN ON ?gb secret2 gunboat\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == BOB).expect("a reply to bob");
  assert!(reply.body.contains("You are signed up to play a power"), "{}", reply.body);
  assert_eq!(recipients(&mail, "XXXX:gb - S1901M New Player Signon: #2"), [ANN]);

  // A standard game is not joined with "Gunboat" either.
  judge.send(CARL, "new game", "CREATE ?std secret3\n");
  judge.take_mail();
  judge.send(BOB, "join", "SIGN ON ?std secret2 Gunboat\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("is a Standard game"), "{}", reply.body);
  let list = listing(&judge, CARL, "std");
  assert_eq!(role_in(&list, BOB), None, "{list}");
}

#[test]
fn a_gunboat_game_does_not_show_who_signed_on() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB, CARL]);
  judge.send(ANN, "new game", "CREATE ?gb secret1 Gunboat\n");
  judge.send(BOB, "join", "SIGN ON ?gb secret2 Gunboat\n");
  let mail = judge.take_mail();
  let notice = sent_with_subject(&mail, "XXXX:gb - S1901M New Player Signon: #2");
  assert_eq!(notice.len(), 1, "ann is told: {mail:#?}");
  assert!(!notice[0].body.contains(BOB), "the new player is not named: {}", notice[0].body);

  judge.send(CARL, "watch", "OBSERVE gb secret3\n");
  let mail = judge.take_mail();
  let notices = sent_with_subject(&mail, "XXXX:gb - S1901M New Player Signon: O");
  assert_eq!(notices.len(), 2, "ann and bob are told: {mail:#?}");
  for notice in notices {
    assert!(!notice.body.contains(CARL), "the observer is not named: {}", notice.body);
  }
}

/// The Master of a gunboat game knows who plays: their copy of a sign-on
/// notice names the player (as njudge's did); the players' copies do not.
#[test]
fn the_master_of_a_gunboat_game_is_told_who_signed_on() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB, CARL]);
  judge.send(ANN, "new game", "CREATE ?gbm secret1 Gunboat\nBECOME MASTER\n");
  judge.send(BOB, "join", "SIGN ON ?gbm secret2 Gunboat\n");
  judge.take_mail();
  judge.send(CARL, "join", "SIGN ON ?gbm secret3 Gunboat\n");
  let mail = judge.take_mail();
  let to_master = mail.iter().find(|m| m.to == ANN && m.subject.contains("New Player Signon"));
  let to_master = to_master.unwrap_or_else(|| panic!("{mail:#?}"));
  assert!(to_master.body.contains(CARL), "the Master sees the address: {}", to_master.body);
  let to_bob = mail.iter().find(|m| m.to == BOB && m.subject.contains("New Player Signon"));
  let to_bob = to_bob.unwrap_or_else(|| panic!("{mail:#?}"));
  assert!(!to_bob.body.contains(CARL), "a player does not: {}", to_bob.body);
  assert!(to_bob.body.contains("someone@somewhere"), "{}", to_bob.body);
}

// ---------------------------------------------------------- BECOME MASTER

#[test]
fn become_master_right_after_create_makes_the_creator_master_of_a_seven_player_game() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\nBECOME MASTER\n");
  let reply = judge.reply_to(ANN);
  let answer = answer_to(&reply.body, "BECOME MASTER");
  assert!(answer.contains("You are now the Master of game 'alpha'"), "{}", reply.body);
  assert!(answer.contains("moderated"), "{}", reply.body);
  let list = listing(&judge, ANN, "alpha");
  assert!(list.contains("waiting for 7 more players"), "{list}");
  assert!(list.contains("Moderated:      yes"), "{list}");
  assert_eq!(role_in(&list, ANN).as_deref(), Some("Master"), "{list}");
}

#[test]
fn become_master_in_a_later_message_is_refused_and_changes_nothing() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\n");
  judge.take_mail();
  let before = game_files(&judge);
  judge.send(ANN, "master", "SIGN ON ?alpha secret1\nBECOME MASTER\n");
  let reply = judge.reply_to(ANN);
  let answer = answer_to(&reply.body, "BECOME MASTER");
  assert!(answer.contains("must come right after the CREATE"), "{}", reply.body);
  assert!(answer.contains("Nothing was changed"), "{}", reply.body);
  assert_eq!(game_files(&judge), before);
  let list = listing(&judge, ANN, "alpha");
  assert!(list.contains("Moderated:      no"), "{list}");
  assert_eq!(role_in(&list, ANN).as_deref(), Some("Player"), "{list}");
}

// ------------------------------------------------- SIGN ON to a forming game

#[test]
fn each_new_player_of_a_forming_game_is_announced_to_the_others() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[MASTER, ANN, BOB]);
  judge.send(MASTER, "new game", "CREATE ?alpha masterpw\nBECOME MASTER\n");
  judge.take_mail();

  judge.send(ANN, "join", "SIGN ON ?alpha secret1\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == ANN).expect("a reply");
  assert_eq!(reply.subject, "Re: XXXX:alpha - S1901M join");
  assert!(reply.body.contains("You are signed up to play a power"), "{}", reply.body);
  assert_eq!(recipients(&mail, "XXXX:alpha - S1901M New Player Signon: #1"), [MASTER]);
  let notice = sent_with_subject(&mail, "XXXX:alpha - S1901M New Player Signon: #1")[0];
  assert!(
    notice.body.starts_with(":: Judge: XXXX  Game: Alpha  Variant: Standard\n"),
    "{}",
    notice.body
  );
  assert!(notice.body.contains(ANN), "{}", notice.body);
  assert!(!notice.body.contains("secret1"), "{}", notice.body);

  judge.send(BOB, "join", "SIGN ON ?alpha secret2\n");
  let mail = judge.take_mail();
  assert_eq!(recipients(&mail, "XXXX:alpha - S1901M New Player Signon: #2"), [ANN, MASTER]);
  assert!(mail.iter().all(|m| !m.subject.contains("Signon") || m.to != BOB), "{mail:#?}");
}

#[test]
fn signing_on_again_to_a_forming_game_adds_no_seat_and_needs_the_same_password() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\n");
  judge.send(BOB, "join", "SIGN ON ?alpha secret2\n");
  judge.take_mail();
  let before = game_files(&judge);

  judge.send(BOB, "again", "SIGN ON ?alpha SECRET2\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "a reply and no announcement: {mail:#?}");
  assert_eq!(mail[0].subject, "Re: XXXX:alpha - S1901M again");
  assert!(mail[0].body.contains("You are signed on to game 'alpha'"), "{}", mail[0].body);
  assert!(mail[0].body.contains("5 more players"), "{}", mail[0].body);
  assert_eq!(game_files(&judge), before, "no seat was added");

  judge.send(BOB, "again", "SIGN ON ?alpha wrong2\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains(REFUSAL), "{}", reply.body);
  assert_eq!(reply.subject, "Re: XXXX again", "not signed on");
  assert_eq!(game_files(&judge), before);
  let list = listing(&judge, ANN, "alpha");
  assert!(list.contains("waiting for 5 more players"), "{list}");
}

#[test]
fn signing_on_to_a_forming_game_is_refused_to_an_unregistered_sender() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "new game", "CREATE ?alpha secret1\n");
  judge.take_mail();
  let before = game_files(&judge);
  judge.send(BOB, "join", "SIGN ON ?alpha secret2\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no announcement: {mail:#?}");
  assert!(mail[0].body.contains("not registered"), "{}", mail[0].body);
  assert!(mail[0].body.contains("GET form"), "{}", mail[0].body);
  assert_eq!(game_files(&judge), before);
}

#[test]
fn sign_on_question_mark_space_joins_the_oldest_forming_game() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB, CARL]);
  judge.send_at("2026-03-01T10:00:00Z", ANN, "new game", "CREATE ?zed secret1\n");
  judge.send(BOB, "new game", "CREATE ?abc secret2\n");
  judge.take_mail();
  let abc: BTreeMap<_, _> =
    game_files(&judge).into_iter().filter(|(p, _)| p.to_string_lossy().contains("abc")).collect();

  judge.send(CARL, "any game", "SIGN ON ? secret3\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == CARL).expect("a reply");
  assert_eq!(reply.subject, "Re: XXXX:zed - S1901M any game");
  assert!(reply.body.contains("The next game forming is 'zed'"), "{}", reply.body);
  assert!(reply.body.contains("You are signed up to play a power"), "{}", reply.body);
  assert_eq!(recipients(&mail, "XXXX:zed - S1901M New Player Signon: #2"), [ANN]);
  assert_eq!(role_in(&listing(&judge, CARL, "zed"), CARL).as_deref(), Some("Player"));
  for (path, bytes) in &abc {
    assert_eq!(game_files(&judge).get(path), Some(bytes), "abc is unchanged: {path:?}");
  }
}

#[test]
fn signing_on_to_a_game_that_does_not_exist_says_so() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN]);
  judge.send(ANN, "join", "SIGN ON ?nosuch secret1\n");
  let reply = judge.reply_to(ANN);
  assert_eq!(reply.subject, "Re: XXXX join");
  assert!(reply.body.contains("There is no game called 'nosuch'"), "{}", reply.body);
  assert!(game_files(&judge).is_empty(), "nothing was created: {:?}", game_names(&judge));
}

// ----------------------------------------------- SIGN ON to a game under way

/// A started game `name` whose seven players are `<name><n>@players.test`,
/// all with the password `otherpw`.
fn second_game(judge: &Judge, name: &str) {
  let players: Vec<String> = (1..=7).map(|n| format!("{name}{n}@players.test")).collect();
  for address in &players {
    register(judge, NOW, address);
  }
  judge.send(&players[0], "new game", &format!("CREATE ?{name} otherpw\n"));
  for address in &players[1..] {
    judge.send(address, "join", &format!("SIGN ON ?{name} otherpw\n"));
  }
  let mail = judge.take_mail();
  assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{name} started");
}

#[test]
fn a_player_signs_on_to_a_started_game_with_the_power_initial_and_game_name() {
  let judge = Judge::with_config(FAST);
  let _table = Table::start(&judge, "dt", NOW);
  let france = player("France");

  judge.send(&france, "my orders", &format!("SIGN ON Fdt {}\n", password("France")));
  let reply = judge.reply_to(&france);
  assert_eq!(reply.subject, "Re: XXXX:dt - S1901M my orders");
  let mut lines = reply.body.lines();
  assert_eq!(lines.next(), Some(":: Judge: XXXX  Game: Dt  Variant: Standard"));
  let deadline = lines.next().unwrap_or_default();
  let when = deadline.strip_prefix(":: Deadline: S1901M ").unwrap_or_else(|| panic!("{deadline}"));
  let layout = "%a %b %d %Y %H:%M:%S %z";
  let parsed = chrono::DateTime::parse_from_str(when, layout)
    .unwrap_or_else(|e| panic!("'{when}' is not njudge's date layout: {e}"));
  assert_eq!(parsed.format(layout).to_string(), when, "njudge's date layout");
  let when = parsed;
  assert!(when > NOW.parse::<chrono::DateTime<chrono::Utc>>().expect("a time"), "{deadline}");
  assert!(reply.body.contains("You are signed on as France in game 'dt'"), "{}", reply.body);
  assert!(reply.body.contains("Time to deadline"), "{}", reply.body);

  // Case does not matter, in the game name or in the password.
  judge.send(&france, "orders", &format!("sign on fDT {}\n", password("France").to_uppercase()));
  let reply = judge.reply_to(&france);
  assert!(reply.body.contains("You are signed on as France"), "{}", reply.body);

  // From another address: the reply goes there, a copy to the address of
  // record, and neither shows the password.
  let away = "france.away@elsewhere.test";
  let body = format!("SIGN ON Fdt {}\nA Par-Bur\n", password("France"));
  judge.send(away, "from the road", &body);
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == away).expect("a reply to the sender");
  assert_eq!(reply.subject, "Re: XXXX:dt - S1901M from the road");
  assert!(reply.body.contains("France: Army Paris -> Burgundy"), "{}", reply.body);
  let copy = mail.iter().find(|m| m.to == france).expect("a copy to the address of record");
  assert_eq!(copy.subject, "Re: XXXX:dt - S1901M from the road");
  assert!(copy.body.starts_with(":: Judge: XXXX  Game: Dt  Variant: Standard\n"), "{}", copy.body);
  assert!(copy.body.contains(away), "the copy says who signed on: {}", copy.body);
  assert!(copy.body.contains("France: Army Paris -> Burgundy"), "{}", copy.body);
  for m in [reply, copy] {
    assert!(!m.body.to_lowercase().contains(&password("France")), "{}", m.body);
  }
  assert_eq!(mail.len(), 2, "{mail:#?}");
}

#[test]
fn every_failed_sign_on_to_a_game_under_way_gets_the_same_refusal_and_changes_nothing() {
  let judge = Judge::with_config(FAST);
  let _table = Table::start(&judge, "dt", NOW);
  second_game(&judge, "other");
  let france = player("France");
  let before = game_files(&judge);

  let attempts = [
    ("wrong password", "SIGN ON Fdt notmine"),
    ("another power's password", &format!("SIGN ON Fdt {}", password("Germany"))),
    ("no such power", &format!("SIGN ON Xdt {}", password("France"))),
    ("a power of another game", &format!("SIGN ON Fother {}", password("France"))),
    ("the Master's password as a power", "SIGN ON Fdt masterpw"),
  ];
  let mut refusals = Vec::new();
  for (what, line) in attempts {
    judge.send(&france, "orders", &format!("{line}\nA Par-Bur\n"));
    let reply = judge.reply_to(&france);
    // Not signed on, so no game in the subject; the refused order line
    // raises the error flag.
    assert_eq!(reply.subject, "Re: [Error Flag] XXXX orders", "{what}: not signed on");
    assert_eq!(reply.body.lines().next(), Some(":: Judge: XXXX"), "{what}: {}", reply.body);
    let answer = answer_to(&reply.body, "SIGN ON").to_string();
    assert!(answer.contains(REFUSAL), "{what}: {}", reply.body);
    assert!(!reply.body.contains("Army Paris -> Burgundy"), "{what}: {}", reply.body);
    assert!(answer_to(&reply.body, "A Par-Bur").contains("not a command"), "{}", reply.body);
    refusals.push((what, answer));
  }
  // A mistyped game name is told as such.
  judge.send(&france, "orders", &format!("SIGN ON Fnosuch {}\nA Par-Bur\n", password("France")));
  let reply = judge.reply_to(&france);
  assert!(
    answer_to(&reply.body, "SIGN ON").contains("There is no game called 'nosuch'"),
    "{}",
    reply.body
  );
  for (what, answer) in &refusals {
    assert_eq!(answer, &refusals[0].1, "{what} is refused as a wrong password is");
  }
  assert_eq!(game_files(&judge), before, "no game changed");

  // The order after the failed sign-ons was not taken.
  judge.send(&france, "orders", &format!("SIGN ON Fdt {}\nF Bre H\n", password("France")));
  let reply = judge.reply_to(&france);
  assert!(reply.body.contains("France: Army Paris, No Order Processed."), "{}", reply.body);
}

#[test]
fn observers_and_the_master_sign_on_to_a_game_under_way() {
  let judge = Judge::with_config(FAST);
  let _table = Table::start(&judge, "dt", NOW);
  let (obs, watcher) = ("obs@players.test", "watcher@players.test");
  register_all(&judge, &[obs, watcher]);

  judge.send(obs, "observe", "OBSERVE dt obspw\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == obs).expect("a reply");
  assert_eq!(reply.subject, "Re: XXXX:dt - S1901M observe");
  assert!(reply.body.contains("You are now an observer in game 'dt'"), "{}", reply.body);
  let mut everyone: Vec<String> = POWERS.iter().map(|(p, _)| player(p)).collect();
  everyone.push(MASTER.to_string());
  everyone.sort();
  assert_eq!(recipients(&mail, "XXXX:dt - S1901M New Player Signon: O"), everyone);

  judge.send(watcher, "watch", "WATCH dt watchpw\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == watcher).expect("a reply");
  assert!(reply.body.contains("You are now an observer in game 'dt'"), "{}", reply.body);
  let told = recipients(&mail, "XXXX:dt - S1901M New Player Signon: O");
  assert!(told.contains(&obs.to_string()) && told.contains(&MASTER.to_string()), "{told:?}");
  assert!(!told.contains(&watcher.to_string()), "{told:?}");

  judge.send(obs, "again", "SIGN ON Odt obspw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no announcement for a returning observer: {mail:#?}");
  assert_eq!(mail[0].subject, "Re: XXXX:dt - S1901M again");
  assert!(mail[0].body.contains("You are signed on as an observer"), "{}", mail[0].body);
  let list = listing(&judge, MASTER, "dt");
  assert_eq!(role_in(&list, obs).as_deref(), Some("Observer"), "{list}");
  assert_eq!(role_in(&list, watcher).as_deref(), Some("Observer"), "{list}");
  assert_eq!(list.matches("\n   Observer").count(), 2, "one seat each: {list}");
  // A third observer who happens to choose the first one's password is a
  // new observer, not merged with the first.
  let third = "third@players.test";
  register_all(&judge, &[third]);
  judge.send(third, "observe", "OBSERVE dt obspw\n");
  let reply = judge.reply_to(third);
  assert!(reply.body.contains("You are now an observer in game 'dt'"), "{}", reply.body);
  judge.take_mail();
  let list = listing(&judge, MASTER, "dt");
  assert_eq!(role_in(&list, third).as_deref(), Some("Observer"), "{list}");
  assert_eq!(role_in(&list, obs).as_deref(), Some("Observer"), "{list}");

  judge.send(MASTER, "master", "SIGN ON Mdt masterpw\n");
  let reply = judge.reply_to(MASTER);
  assert_eq!(reply.subject, "Re: XXXX:dt - S1901M master");
  assert!(reply.body.contains("You are signed on as Master in game 'dt'"), "{}", reply.body);

  let before = game_files(&judge);
  judge.send(MASTER, "master", &format!("SIGN ON Mdt {}\n", password("France")));
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains(REFUSAL), "{}", reply.body);
  assert_eq!(reply.subject, "Re: XXXX master");
  assert_eq!(game_files(&judge), before);
}

// -------------------------------------------------------------- Takeover

#[test]
fn a_resigned_power_is_taken_over_by_a_registered_newcomer_only() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "dt", NOW);
  let (france, germany) = (player("France"), player("Germany"));
  let newbie = "newbie@players.test";

  table.send("France", NOW, "RESIGN\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("You have resigned from game 'dt'"), "{}", reply.body);
  assert!(
    recipients(&mail, "XXXX:dt - S1901M Resignation: France").contains(&MASTER.to_string()),
    "{mail:#?}"
  );

  // An unregistered address cannot take the power over.
  let before = game_files(&judge);
  judge.send(newbie, "take over", "SIGN ON Fdt newpw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no announcement: {mail:#?}");
  assert!(mail[0].body.contains("not registered"), "{}", mail[0].body);
  assert!(mail[0].body.contains("GET form"), "{}", mail[0].body);
  assert_eq!(game_files(&judge), before);

  // Nor can a player who already plays another power of the game.
  judge.send(&germany, "take over", "SIGN ON Fdt newpw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no announcement: {mail:#?}");
  assert!(mail[0].body.contains("already play a power in game 'dt'"), "{}", mail[0].body);
  assert_eq!(game_files(&judge), before);

  // A registered newcomer can, with a password of their own.
  register_all(&judge, &[newbie]);
  judge.send(newbie, "take over", "SIGN ON Fdt newpw\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == newbie).expect("a reply");
  assert_eq!(reply.subject, "Re: XXXX:dt - S1901M take over");
  assert!(reply.body.contains("taken over the abandoned France"), "{}", reply.body);
  let told = recipients(&mail, "XXXX:dt - S1901M New Player Signon: F");
  let mut others: Vec<String> =
    POWERS.iter().filter(|(p, _)| *p != "France").map(|(p, _)| player(p)).collect();
  others.push(MASTER.to_string());
  others.sort();
  assert_eq!(told, others, "the others are told");
  let list = listing(&judge, MASTER, "dt");
  assert_eq!(role_in(&list, newbie).as_deref(), Some("France"), "{list}");

  // From now on France signs on with the newcomer's password only.
  let before = game_files(&judge);
  for (from, pw) in [(newbie, password("France")), (france.as_str(), password("France"))] {
    judge.send(from, "orders", &format!("SIGN ON Fdt {pw}\n"));
    let reply = judge.reply_to(from);
    assert!(reply.body.contains(REFUSAL), "{from}: {}", reply.body);
  }
  assert_eq!(game_files(&judge), before);
  judge.send(newbie, "orders", "SIGN ON Fdt NEWPW\nA Par-Bur\n");
  let reply = judge.reply_to(newbie);
  assert!(reply.body.contains("You are signed on as France in game 'dt'"), "{}", reply.body);
  assert!(reply.body.contains("France: Army Paris -> Burgundy"), "{}", reply.body);
}

#[test]
fn an_observer_who_takes_over_a_power_is_no_longer_an_observer() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "dt", NOW);
  let obs = "obs@players.test";
  register_all(&judge, &[obs]);
  judge.send(obs, "observe", "OBSERVE dt obspw\n");
  table.send("France", NOW, "RESIGN\n");
  judge.take_mail();

  judge.send(obs, "take over", "SIGN ON Fdt newpw\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == obs && m.subject.starts_with("Re:")).expect("a reply");
  assert!(reply.body.contains("taken over the abandoned France"), "{}", reply.body);
  let told = recipients(&mail, "XXXX:dt - S1901M New Player Signon: F");
  assert!(told.contains(&MASTER.to_string()), "{told:?}");
  assert!(!told.contains(&obs.to_string()), "the newcomer is not told of their own takeover");
  let list = listing(&judge, MASTER, "dt");
  assert_eq!(role_in(&list, obs).as_deref(), Some("France"), "{list}");
  assert_eq!(list.matches(obs).count(), 1, "one seat, as France (manual §5.1): {list}");
}

/// CREATE with options tells the exact SIGN ON the others must send (the
/// options after the password), and that command works.
#[test]
fn create_with_options_names_the_exact_sign_on() {
  let judge = Judge::with_config(FAST);
  register_all(&judge, &[ANN, BOB]);
  judge.send(ANN, "new game", "CREATE ?opts secret1 Gunboat\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("SIGN ON ?opts password Gunboat\n"), "{}", reply.body);
  judge.send(BOB, "join", "SIGN ON ?opts secret2 Gunboat\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("signed up to play a power in game 'opts'"), "{}", reply.body);
}
