//! Forming games, as the players of one see them in their mail: preference
//! lists set with SET PREFERENCE after SIGN ON ?game (manual §4, §7.1), the
//! powers dealt by those lists when the seventh player signs on (PRFLIST,
//! §8.3), the New Player Signon notices before that, and the Game Starting
//! mail everyone gets, in full press and in gunboat games.

use crate::judge_support;

use crate::game_support;

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, FixedOffset, Utc};
use game_support::{register, FAST, MASTER, POWERS};
use judge_support::{Judge, Says, Sent, NOW};

/// The address of the n-th player to sign on (1 to 7).
fn seat(n: usize) -> String {
  format!("p{n}@players.test")
}

/// The password of the n-th player.
fn secret(n: usize) -> String {
  format!("pw{n}")
}

/// An observer's address.
const OBSERVER: &str = "watcher@players.test";

/// A registered outsider, in no game.
const OUTSIDER: &str = "outsider@players.test";

/// Registers the Master and the seven players.
fn register_table(judge: &Judge) {
  register(judge, NOW, MASTER);
  for n in 1..=7 {
    register(judge, NOW, &seat(n));
  }
  judge.take_mail();
}

/// `CREATE ?game` with the Master's BECOME MASTER, in `variant` words
/// (empty for a standard game); the mail is taken.
fn create(judge: &Judge, game: &str, variant: &str) {
  let line = format!("CREATE ?{game} masterpw {variant}");
  judge.send(MASTER, "create", &format!("{}\nBECOME MASTER\n", line.trim_end()));
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply to CREATE");
  assert!(reply.body.contains(&format!("Game '{game}'")), "{}", reply.body);
}

/// Player `n` signs on to `game` (with `variant` words after the password),
/// then sets `preference` when it is given. Returns the mail this made.
fn sign_on(
  judge: &Judge,
  game: &str,
  variant: &str,
  n: usize,
  preference: Option<&str>,
) -> Vec<Sent> {
  let mut body = format!("SIGN ON ?{game} {} {variant}", secret(n)).trim_end().to_string();
  body.push('\n');
  if let Some(list) = preference {
    body.push_str(format!("SET PREFERENCE {list}").trim_end());
    body.push('\n');
  }
  judge.send(&seat(n), "join", &body);
  judge.take_mail()
}

/// Creates a standard game and signs on the seven players with these lists
/// (`None`: no SET PREFERENCE). The game must start with the seventh and
/// not before; returns the mail of the seventh sign-on.
fn form(judge: &Judge, game: &str, lists: [Option<&str>; 7]) -> Vec<Sent> {
  create(judge, game, "");
  for (i, list) in lists.iter().enumerate().take(6) {
    let mail = sign_on(judge, game, "", i + 1, *list);
    assert!(
      !mail.iter().any(|m| m.subject.ends_with("Game Starting")),
      "game '{game}' started with only {} players: {mail:#?}",
      i + 1
    );
  }
  let mail = sign_on(judge, game, "", 7, lists[6]);
  assert!(
    mail.iter().any(|m| m.subject.ends_with("Game Starting")),
    "game '{game}' did not start with its seventh player: {mail:#?}"
  );
  mail
}

/// The Game Starting mail to `to` among `mail` (exactly one).
fn starting_to<'m>(mail: &'m [Sent], game: &str, to: &str) -> &'m Sent {
  let subject = format!("XXXX:{game} - S1901M Game Starting");
  let found: Vec<&Sent> = mail.iter().filter(|m| m.to == to && m.subject == subject).collect();
  assert_eq!(found.len(), 1, "expected one '{subject}' to {to}, got: {mail:#?}");
  found[0]
}

/// What the reader of a Game Starting mail was selected as: the words
/// between "You have been selected as " and " in game".
fn selected_as(body: &str) -> String {
  let start = body.find("You have been selected as ").unwrap_or_else(|| {
    panic!("the Game Starting mail does not say what the reader plays:\n{body}")
  });
  let rest = &body[start + "You have been selected as ".len()..];
  let end = rest.find(" in game").unwrap_or_else(|| panic!("no ' in game' after it:\n{body}"));
  rest[..end].to_string()
}

/// Who got which power, from each player's Game Starting mail. Checks that
/// every power is dealt exactly once.
fn dealt(mail: &[Sent], game: &str) -> BTreeMap<String, String> {
  let mut powers = BTreeMap::new();
  for n in 1..=7 {
    let power = selected_as(&starting_to(mail, game, &seat(n)).body);
    powers.insert(seat(n), power);
  }
  let all: BTreeSet<&str> = powers.values().map(String::as_str).collect();
  let expected: BTreeSet<&str> = POWERS.iter().map(|(p, _)| *p).collect();
  assert_eq!(all, expected, "every power must be dealt exactly once: {powers:#?}");
  powers
}

/// What the judge answered to the echoed line `> line`: the text up to the
/// next echoed line.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("> {line}\n");
  let start =
    body.find(&echo).unwrap_or_else(|| panic!("the line '{line}' is not echoed in:\n{body}"))
      + echo.len();
  let rest = &body[start..];
  let end = rest.find("\n> ").map(|i| i + 1).unwrap_or(rest.len());
  &rest[..end]
}

/// Whether an answer says that nothing was changed.
fn refused(answer: &str) -> bool {
  let lower = answer.to_lowercase().split_whitespace().collect::<Vec<_>>().join(" ");
  lower.contains("not changed") || lower.contains("nothing was")
}

/// Runs of spaces folded to one, each line trimmed.
fn folded(text: &str) -> String {
  text
    .lines()
    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The files of a game (settings, players, history), to show that a
/// message changed nothing.
fn game_files(judge: &Judge, game: &str) -> BTreeMap<std::path::PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with(format!("games/{game}")));
  assert!(!files.is_empty(), "game '{game}' has no files");
  files
}

/// The Preference Change mails to the Master among `mail`.
fn preference_changes<'m>(mail: &'m [Sent], game: &str) -> Vec<&'m Sent> {
  let subject = format!("XXXX:{game} - S1901M Preference Change");
  mail.iter().filter(|m| m.to == MASTER && m.subject == subject).collect()
}

/// The line of a Preference Change mail about `address`.
fn list_line<'b>(body: &'b str, address: &str) -> &'b str {
  body
    .lines()
    .rev()
    .find(|l| l.contains(address))
    .unwrap_or_else(|| panic!("the Master is not shown the list of {address}:\n{body}"))
}

#[test]
fn preference_lists_in_the_manuals_syntax_are_echoed_in_njudge_notation_and_shown_to_the_master() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  register(&judge, NOW, &seat(1));
  judge.take_mail();
  create(&judge, "prefs", "");

  // Lower case and a space between the groups, as in the manual's example.
  let mail = sign_on(&judge, "prefs", "", 1, Some("e[fgr] [tai]"));
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  let said = answer(&reply.body, "SET PREFERENCE e[fgr] [tai]");
  assert!(said.contains("Preference list 'E[FGR][TAI]' set."), "{}", reply.body);
  let changes = preference_changes(&mail, "prefs");
  assert_eq!(changes.len(), 1, "the Master is told of the new list: {mail:#?}");
  assert!(changes[0].body.starts_with(":: Judge: XXXX  Game: Prefs  Variant: Standard\n"));
  let line = list_line(&changes[0].body, &seat(1));
  assert!(line.contains("'E[FGR][TAI]'"), "{}", changes[0].body);
  assert!(
    !mail.iter().any(|m| m.to != MASTER && m.to != seat(1)),
    "nobody else hears of it: {mail:#?}"
  );

  // A single asterisk: a random power.
  let mail = sign_on(&judge, "prefs", "", 1, Some("*"));
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  let said = answer(&reply.body, "SET PREFERENCE *");
  assert!(said.contains("Preference list '*' set."), "{}", reply.body);
  assert!(!reply.body.contains("New Player") && !reply.body.contains("now has 2"));
  assert!(
    !mail.iter().any(|m| m.subject.contains("New Player Signon")),
    "signing on again to change the list is not a new player: {mail:#?}"
  );
  let changes = preference_changes(&mail, "prefs");
  assert_eq!(changes.len(), 1, "{mail:#?}");
  assert!(list_line(&changes[0].body, &seat(1)).contains("'*'"), "{}", changes[0].body);

  // An empty list: no preference.
  let mail = sign_on(&judge, "prefs", "", 1, Some(""));
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  let said = answer(&reply.body, "SET PREFERENCE");
  assert!(said.contains("Preference list") && !refused(said), "{}", reply.body);
  let changes = preference_changes(&mail, "prefs");
  assert_eq!(changes.len(), 1, "{mail:#?}");
  let line = list_line(&changes[0].body, &seat(1));
  assert!(!line.contains("'*'") && !line.contains("E[FGR][TAI]"), "{}", changes[0].body);
}

#[test]
fn set_preference_is_refused_without_a_sign_on_to_a_forming_game_and_for_the_master() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  register(&judge, NOW, OUTSIDER);
  judge.take_mail();
  create(&judge, "nosign", "");
  let before = game_files(&judge, "nosign");

  judge.send(OUTSIDER, "prefs", "SET PREFERENCE E\n");
  let reply = judge.reply_to(OUTSIDER);
  let said = answer(&reply.body, "SET PREFERENCE E");
  assert!(said.contains("SIGN ON") && refused(said), "{}", reply.body);
  assert!(!said.contains("Preference list 'E' set."), "{}", reply.body);
  assert_eq!(reply.subject, "Re: XXXX prefs");

  judge.send(MASTER, "prefs", "SIGN ON Mnosign masterpw\nSET PREFERENCE E\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER && m.subject.starts_with("Re:")).expect("reply");
  let said = answer(&reply.body, "SET PREFERENCE E");
  assert!(refused(said) && !said.contains("' set."), "a Master deals no power to himself: {said}");
  assert!(preference_changes(&mail, "nosign").is_empty(), "{mail:#?}");
  assert_eq!(game_files(&judge, "nosign"), before, "nothing changed in the game");
}

#[test]
fn bad_preference_lists_are_explained_and_change_nothing() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "badpref", "");
  let mail = sign_on(&judge, "badpref", "", 1, Some("E[FGR][TAI]"));
  assert_eq!(preference_changes(&mail, "badpref").len(), 1, "{mail:#?}");
  let before = game_files(&judge, "badpref");

  let bad = [
    ("EX", "initial"),  // X is no power's initial
    ("EQF", "initial"), // nor is Q
    ("EFE", "twice"),   // England twice
    ("E[FGR][TA", "bracket"),
    ("E]FG[", "bracket"),
    ("E[F[G]]", "bracket"),
    ("E*", "*"),
    ("* E", "*"),
  ];
  let mut body = format!("SIGN ON ?badpref {}\n", secret(1));
  for (list, _) in bad {
    body.push_str(format!("SET PREFERENCE {list}").trim_end());
    body.push('\n');
  }
  judge.send(&seat(1), "prefs", &body);
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  for (list, why) in bad {
    let said = answer(&reply.body, &format!("SET PREFERENCE {list}"));
    assert!(refused(said), "'{list}' must be refused, and say nothing changed: {said}");
    assert!(said.to_lowercase().says(why), "'{list}': the answer should mention '{why}': {said}");
    assert!(!said.contains("' set."), "'{list}': {said}");
  }
  let explained = answer(&reply.body, "SET PREFERENCE EX");
  assert!(explained.contains('X'), "the answer names the bad letter: {explained}");
  let explained = answer(&reply.body, "SET PREFERENCE EFE");
  assert!(explained.contains("England"), "the answer names the power: {explained}");
  assert!(preference_changes(&mail, "badpref").is_empty(), "the Master hears of no change");
  assert_eq!(game_files(&judge, "badpref"), before, "the bad lists changed nothing");

  // A list after a SIGN ON with the wrong password is not taken either.
  judge.send(&seat(1), "prefs", "SIGN ON ?badpref wrong\nSET PREFERENCE A\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  let said = answer(&reply.body, "SET PREFERENCE A");
  assert!(refused(said) && !said.contains("' set."), "{}", reply.body);
  assert!(preference_changes(&mail, "badpref").is_empty(), "{mail:#?}");
  assert_eq!(game_files(&judge, "badpref"), before, "a refused sign-on changes nothing");

  // The list set before the bad ones is the one that deals: nobody else
  // has a list, so the first player gets its first choice.
  let mut mail = Vec::new();
  for n in 2..=7 {
    mail = sign_on(&judge, "badpref", "", n, None);
  }
  let powers = dealt(&mail, "badpref");
  assert_eq!(powers[&seat(1)], "England", "{powers:#?}");
}

#[test]
fn seven_different_first_choices_are_each_granted() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  // First choices T, R, I, G, F, E, A, with more choices after them.
  let lists = [
    Some("T[AR]"),
    Some("R"),
    Some("I[FG]E"),
    Some("G,E,F"),
    Some("F[EGIRTA]"),
    Some("e"),
    Some("A[ER][GF]IT"),
  ];
  let mail = form(&judge, "distinct", lists);
  let powers = dealt(&mail, "distinct");
  let expected = ["Turkey", "Russia", "Italy", "Germany", "France", "England", "Austria"];
  for (n, power) in expected.iter().enumerate() {
    assert_eq!(powers[&seat(n + 1)], *power, "{powers:#?}");
  }
  let body = &starting_to(&mail, "distinct", &seat(3)).body;
  assert!(body.contains("You have been selected as Italy in game 'distinct'"), "{body}");
}

#[test]
fn when_two_players_want_england_first_the_other_gets_a_second_choice() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  // Two games (dealt with different random draws): each time one of the
  // two gets England and the other its second choice; the player without
  // a list gets what is left, which nobody listed first.
  for game in ["england1", "england2"] {
    let lists = [Some("EF"), Some("EG"), Some("A"), Some("I"), Some("R"), Some("T"), None];
    let mail = form(&judge, game, lists);
    let powers = dealt(&mail, game);
    let (one, two) = (powers[&seat(1)].as_str(), powers[&seat(2)].as_str());
    assert!(
      (one, two) == ("England", "Germany") || (one, two) == ("France", "England"),
      "{game}: one of the two gets England, the other its second choice: {powers:#?}"
    );
    for (n, power) in [(3, "Austria"), (4, "Italy"), (5, "Russia"), (6, "Turkey")] {
      assert_eq!(powers[&seat(n)], power, "{game}: {powers:#?}");
    }
    let left = if one == "England" { "France" } else { "Germany" };
    assert_eq!(powers[&seat(7)], left, "{game}: {powers:#?}");
  }
}

#[test]
fn players_without_a_list_get_the_powers_nobody_listed_first() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  // Six first choices; the seventh player sent no list. With lists that go
  // on to the seventh's power, a player without a list still comes last.
  let lists = [Some("A[T]"), Some("ET"), Some("FT"), Some("G[TI]"), Some("IT"), Some("RT"), None];
  let mail = form(&judge, "nolist", lists);
  let powers = dealt(&mail, "nolist");
  assert_eq!(powers[&seat(7)], "Turkey", "{powers:#?}");

  // In a PRFLIST game '*' counts as no list, as does an empty list: those
  // two players get the two powers nobody put first.
  let lists = [Some("T"), Some("[RA]"), Some("F"), Some("GR"), Some("IR"), Some("*"), Some("")];
  let mail = form(&judge, "star", lists);
  let powers = dealt(&mail, "star");
  // Only England is nobody's first choice; the second player takes one of
  // Russia and Austria (liked equally), the two without a list England and
  // the other.
  let rest: BTreeSet<&str> = [powers[&seat(6)].as_str(), powers[&seat(7)].as_str()].into();
  assert!(rest.contains("England"), "{powers:#?}");
  let second = powers[&seat(2)].as_str();
  assert!(second == "Russia" || second == "Austria", "{powers:#?}");
  assert!(!rest.contains(second), "{powers:#?}");
  for (n, power) in [(1, "Turkey"), (3, "France"), (4, "Germany"), (5, "Italy")] {
    assert_eq!(powers[&seat(n)], power, "{powers:#?}");
  }
}

#[test]
fn the_game_starts_when_the_seventh_player_signs_on_counting_a_list_in_the_same_message() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "auto", "");
  for n in 1..=6 {
    let mail = sign_on(&judge, "auto", "", n, None);
    let subject = format!("XXXX:auto - S1901M New Player Signon: #{n}");
    let notices: Vec<&Sent> = mail.iter().filter(|m| m.subject == subject).collect();
    let told: BTreeSet<String> = notices.iter().map(|m| m.to.clone()).collect();
    let expected: BTreeSet<String> =
      (1..n).map(seat).chain(std::iter::once(MASTER.to_string())).collect();
    assert_eq!(told, expected, "'{subject}' goes to the Master and the earlier players");
    assert_eq!(notices.len(), expected.len(), "one notice each: {mail:#?}");
    for notice in notices {
      assert!(notice.body.starts_with(":: Judge: XXXX  Game: Auto  Variant: Standard\n"));
      assert!(notice.body.contains(&seat(n)), "the notice names the newcomer: {}", notice.body);
    }
    assert!(!mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{mail:#?}");
    if n == 3 || n == 6 {
      judge.send(MASTER, "list", "LIST auto\n");
      let reply = judge.reply_to(MASTER);
      let more = 7 - n;
      let words = format!("{more} more player");
      assert!(
        reply.body.contains(&words),
        "LIST says {more} more players are needed:\n{}",
        reply.body
      );
    }
  }
  // The seventh player's list comes after the SIGN ON that fills the game;
  // the others have none, so the seventh is dealt first if the list counts.
  let mail = sign_on(&judge, "auto", "", 7, Some("E"));
  let reply = mail.iter().find(|m| m.to == seat(7) && m.subject.starts_with("Re:")).expect("reply");
  let said = answer(&reply.body, "SET PREFERENCE E");
  assert!(said.contains("Preference list 'E' set."), "{}", reply.body);
  let powers = dealt(&mail, "auto");
  assert_eq!(powers[&seat(7)], "England", "the list in the same message counts: {powers:#?}");
  starting_to(&mail, "auto", MASTER);

  // Once the powers are dealt, a list is refused and changes nothing.
  let before = game_files(&judge, "auto");
  judge.send(&seat(7), "late", &format!("SIGN ON Eauto {}\nSET PREFERENCE A\n", secret(7)));
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == seat(7)).expect("a reply");
  let said = answer(&reply.body, "SET PREFERENCE A");
  assert!(refused(said) && said.contains("start"), "{}", reply.body);
  assert!(!said.contains("' set."), "{}", reply.body);
  assert!(preference_changes(&mail, "auto").is_empty(), "{mail:#?}");
  assert_eq!(game_files(&judge, "auto"), before, "nothing changed in the game");
}

/// The standard starting position, as the Game Starting mail lists it.
const STARTING_UNITS: [&str; 22] = [
  "Austria: Army Vienna.",
  "Austria: Army Budapest.",
  "Austria: Fleet Trieste.",
  "England: Fleet London.",
  "England: Fleet Edinburgh.",
  "England: Army Liverpool.",
  "France: Army Paris.",
  "France: Army Marseilles.",
  "France: Fleet Brest.",
  "Germany: Army Berlin.",
  "Germany: Army Munich.",
  "Germany: Fleet Kiel.",
  "Italy: Army Rome.",
  "Italy: Army Venice.",
  "Italy: Fleet Naples.",
  "Russia: Army Moscow.",
  "Russia: Army Warsaw.",
  "Russia: Fleet Sevastopol.",
  "Russia: Fleet St Petersburg (south coast).",
  "Turkey: Army Constantinople.",
  "Turkey: Army Smyrna.",
  "Turkey: Fleet Ankara.",
];

/// Checks the two `::` lines of a mail and returns the deadline they give.
fn header_deadline(body: &str, first: &str) -> String {
  let mut lines = body.lines();
  assert_eq!(lines.next(), Some(first), "the first line of:\n{body}");
  let second = lines.next().unwrap_or_default();
  let date = second
    .strip_prefix(":: Deadline: S1901M ")
    .unwrap_or_else(|| panic!("the second line is not ':: Deadline: S1901M <date>':\n{body}"));
  let parsed = DateTime::<FixedOffset>::parse_from_str(date, "%a %b %d %Y %H:%M:%S %z")
    .unwrap_or_else(|e| {
      panic!("'{date}' is not in the 'Mon Mar 02 2026 23:30:00 +0000' form: {e}")
    });
  assert_eq!(parsed.format("%a %b %d %Y %H:%M:%S %z").to_string(), date, "njudge's date layout");
  let now: DateTime<Utc> = NOW.parse().expect("a time");
  assert!(parsed > now, "the first deadline {date} is after the start ({NOW})");
  date.to_string()
}

#[test]
fn the_game_starting_mail_tells_everyone_who_plays_what_the_position_and_the_first_deadline() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "start", "");
  for n in 1..=3 {
    sign_on(&judge, "start", "", n, None);
  }
  register(&judge, NOW, OBSERVER);
  judge.send(OBSERVER, "watch", "OBSERVE start watchpw\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == OBSERVER && m.body.contains("You are now an observer")),
    "the observer is taken: {mail:#?}"
  );
  for n in 4..=6 {
    sign_on(&judge, "start", "", n, None);
  }
  let mail = sign_on(&judge, "start", "", 7, None);

  let starting: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Game Starting")).collect();
  let readers: BTreeSet<String> = starting.iter().map(|m| m.to.clone()).collect();
  let expected: BTreeSet<String> =
    (1..=7).map(seat).chain([MASTER.to_string(), OBSERVER.to_string()]).collect();
  assert_eq!(readers, expected, "every player, the Master and the observer");
  assert_eq!(starting.len(), 9, "one mail each: {starting:#?}");

  let powers = dealt(&mail, "start");
  let first = ":: Judge: XXXX  Game: Start  Variant: Standard";
  let mut deadlines = BTreeSet::new();
  for reader in &expected {
    let message = starting_to(&mail, "start", reader);
    assert_eq!(message.subject, "XXXX:start - S1901M Game Starting");
    let body = &message.body;
    let date = header_deadline(body, first);
    let role = selected_as(body);
    let expected_role = if reader == MASTER {
      "Master".to_string()
    } else if reader == OBSERVER {
      "an Observer".to_string()
    } else {
      powers[reader].clone()
    };
    assert_eq!(role, expected_role, "what {reader} plays:\n{body}");
    assert!(body.contains(&format!("You have been selected as {role} in game 'start'")), "{body}");

    let text = folded(body);
    let lines: BTreeSet<&str> = text.lines().collect();
    for (address, power) in &powers {
      let line = format!("{power}: {address}");
      assert!(lines.contains(line.as_str()), "'{line}' in the mail to {reader}:\n{body}");
    }
    let line = format!("Master: {MASTER}");
    assert!(lines.contains(line.as_str()), "'{line}' in the mail to {reader}:\n{body}");

    assert!(lines.contains("Starting position for Spring of 1901."), "{body}");
    for unit in STARTING_UNITS {
      assert!(lines.contains(unit), "'{unit}' in the mail to {reader}:\n{body}");
    }
    let units = STARTING_UNITS.iter().map(|u| u.split(": ").nth(1).unwrap_or(u));
    let position_lines =
      lines.iter().filter(|l| units.clone().any(|u| l.ends_with(&format!(": {u}")))).count();
    assert_eq!(position_lines, 22, "22 units and no more:\n{body}");

    let deadline = format!("The deadline for the first orders is {date}.");
    assert!(text.contains(&deadline), "'{deadline}' in the mail to {reader}:\n{body}");
    deadlines.insert(date);
  }
  assert_eq!(deadlines.len(), 1, "everyone is given the same deadline: {deadlines:?}");
  let secrets: Vec<String> =
    (1..=7).map(secret).chain(["masterpw".to_string(), "watchpw".to_string()]).collect();
  for message in &starting {
    for word in &secrets {
      assert!(!message.body.contains(word.as_str()), "a password in:\n{}", message.body);
    }
  }
}

#[test]
fn a_gunboat_game_keeps_its_players_anonymous_from_sign_on_to_start() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "gun", "Gunboat");

  // A sign-on without the game's options is refused (manual §4).
  let mail = sign_on(&judge, "gun", "", 1, Some("E"));
  let reply = mail.iter().find(|m| m.to == seat(1)).expect("a reply");
  assert!(reply.body.contains("Gunboat"), "the reply says how to sign on:\n{}", reply.body);
  assert!(!mail.iter().any(|m| m.to == MASTER), "the Master hears of nobody: {mail:#?}");

  register(&judge, NOW, OBSERVER);
  judge.send(OBSERVER, "watch", "OBSERVE gun watchpw\n");
  judge.take_mail();
  let mut mail = Vec::new();
  for n in 1..=7 {
    mail = sign_on(&judge, "gun", "Gunboat", n, None);
    let subject = format!("XXXX:gun - S1901M New Player Signon: #{n}");
    let notices: Vec<&Sent> = mail.iter().filter(|m| m.subject == subject).collect();
    assert!(notices.iter().any(|m| m.to == MASTER), "the Master is told: {mail:#?}");
    if n > 1 {
      assert!(notices.iter().any(|m| m.to == seat(1)), "the players are told: {mail:#?}");
    }
    for notice in notices {
      // The Master knows who plays (as in njudge); nobody else is told.
      let named = notice.body.contains(&seat(n)) || notice.subject.contains(&seat(n));
      assert_eq!(named, notice.to == MASTER, "to {}:\n{}", notice.to, notice.body);
    }
    if n < 7 {
      assert!(!mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{mail:#?}");
    }
  }

  let powers = dealt(&mail, "gun");
  let players: Vec<String> = (1..=7).map(seat).collect();
  for reader in players.iter().map(String::as_str).chain([MASTER, OBSERVER]) {
    let message = starting_to(&mail, "gun", reader);
    let body = &message.body;
    assert!(
      body.starts_with(":: Judge: XXXX  Game: Gun  Variant: Standard"),
      "the header of the mail to {reader}:\n{body}"
    );
    header_deadline(body, body.lines().next().unwrap_or_default());
    // Only the Master, who runs the game, sees who plays what.
    for other in players.iter().filter(|p| p.as_str() != reader) {
      let named = body.contains(other.as_str());
      assert_eq!(named, reader == MASTER, "{other} named in the mail to {reader}:\n{body}");
    }
    assert!(body.contains("Starting position for Spring of 1901."), "{body}");
    if let Some(power) = powers.get(reader) {
      assert!(body.contains(&format!("selected as {power} in game 'gun'")), "{body}");
    }
  }
}

#[test]
fn the_master_chooses_how_powers_are_dealt_and_everyone_is_told() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "deal", "");
  sign_on(&judge, "deal", "", 1, Some("E"));
  sign_on(&judge, "deal", "", 2, Some("E"));
  judge.send(MASTER, "deal", "SIGN ON Mdeal masterpw\nSET PRFRAND\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply");
  assert!(reply.body.contains("powers will be dealt at random (PRFRAND)"), "{}", reply.body);
  for n in 1..=2 {
    let notice = mail.iter().find(|m| m.to == seat(n)).expect("a notice to each player");
    assert_eq!(notice.subject, "XXXX:deal - S1901M Parameter Change");
    assert!(notice.body.contains(&format!("{MASTER} has changed a setting")), "{}", notice.body);
  }
  let mail = sign_on(&judge, "deal", "", 3, Some("F"));
  let reply = mail.iter().find(|m| m.to == seat(3)).expect("a reply");
  assert!(reply.body.contains("at random, so the list is kept but not used"), "{}", reply.body);

  // A player of a moderated game may not change it.
  judge.send(&seat(1), "deal", &format!("SIGN ON ?deal {}\nSET PRFLIST\n", secret(1)));
  let reply = judge.reply_to(&seat(1));
  assert!(reply.body.contains("SET PRFLIST is for the Master"), "{}", reply.body);
  judge.send(MASTER, "list", "LIST deal\n");
  let listing = judge.reply_to(MASTER);
  assert!(listing.body.contains("at random (PRFRAND)"), "{}", listing.body);

  judge.send(MASTER, "deal", "SIGN ON Mdeal masterpw\nSET PRFBOTH\n");
  judge.take_mail();
  for n in 4..=7 {
    sign_on(&judge, "deal", "", n, None);
  }
  judge.send(MASTER, "late", "SIGN ON Mdeal masterpw\nSET PRFLIST\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("applies only before the game starts"), "{}", reply.body);
}

/// Mail about a forming game shows no deadline until there is one (njudge
/// leaves the line out), never the start of 1970; once the game starts,
/// its deadline is.
#[test]
fn a_forming_game_shows_no_deadline_until_it_has_one() {
  let judge = Judge::with_config(FAST);
  register_table(&judge);
  create(&judge, "nodl", "");
  let mail = sign_on(&judge, "nodl", "", 1, None);
  assert!(!mail.is_empty());
  for m in &mail {
    assert!(!m.body.contains("1970"), "{}: {}", m.subject, m.body);
    assert!(!m.body.contains(":: Deadline:"), "{}: {}", m.subject, m.body);
    assert!(m.body.contains(":: Judge: XXXX  Game: Nodl"), "{}: {}", m.subject, m.body);
  }
  let mail = (2..=7).flat_map(|n| sign_on(&judge, "nodl", "", n, None)).collect::<Vec<_>>();
  let starting = starting_to(&mail, "nodl", &seat(1));
  assert!(starting.body.contains(":: Deadline: S1901M"), "{}", starting.body);
  assert!(!starting.body.contains("1970"), "{}", starting.body);
}
