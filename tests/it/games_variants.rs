//! Variant settings by mail (manual §9, §9.1), as a Master and the players
//! of a forming game see them: SET VARIANT and SET NOT VARIANT, the
//! optional rules (ANY / ONE / HOME CENTER, ANY / NORMAL DISBAND, AUTO
//! DISBAND, EMPTY BOARD, SUMMER, COASTAL CONVOYS, SECRET), SET PLAYERS for
//! a duplex game, the option words a SIGN ON must repeat, and the refusals:
//! a player of a moderated game, and anyone once the game has started.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use game_support::{judge_with, reply, seat, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

fn password(n: usize) -> String {
  format!("pw{n}")
}

/// The files of a game, to show that a message changed nothing.
fn game_files(judge: &Judge, game: &str) -> BTreeMap<PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with(format!("games/{game}")));
  assert!(!files.is_empty(), "game '{game}' has no files");
  files
}

/// Mails `body` from `from` and returns all the mail it made.
fn send(judge: &Judge, from: &str, body: &str) -> Vec<Sent> {
  judge.send(from, "variant", body);
  judge.take_mail()
}

/// The mail to `to` whose subject ends with `what`.
fn mail_to<'m>(mail: &'m [Sent], to: &str, what: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.to == to && m.subject.ends_with(what)).collect()
}

/// The text of a body with runs of spaces folded, for layout-free checks.
fn folded(text: &str) -> String {
  text.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The powers a Game Starting mail says its reader plays.
fn powers_in(starting: &Sent) -> Vec<String> {
  let line = starting
    .body
    .lines()
    .find(|l| l.starts_with("You have been selected as "))
    .expect("a selection line");
  let names = line.trim_start_matches("You have been selected as ");
  let names = names.split(" in game").next().unwrap_or_default();
  names.split(" and ").map(str::to_string).collect()
}

#[test]
fn the_master_sets_the_variant_before_the_start_and_a_duplex_game_plays_its_summer() {
  let judge = judge_with(2);
  send(&judge, MASTER, "CREATE ?opts masterpw\nBECOME MASTER\n");

  // A player of a moderated game may not change the variant.
  let before = game_files(&judge, "opts");
  let mail = send(&judge, &seat(1), "SIGN ON ?opts pw1\nSET SUMMER\nSET VARIANT Gunboat\n");
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.contains("SET SUMMER is for the Master"), "{body}");
  assert!(body.contains("SET VARIANT is for the Master"), "{body}");
  assert!(body.says("Nothing was changed."), "{body}");
  let after = game_files(&judge, "opts");
  // The sign-on itself joined the game; the settings are untouched.
  let settings = |files: &BTreeMap<PathBuf, Vec<u8>>| {
    let text = String::from_utf8_lossy(&files[&PathBuf::from("games/opts/game.json")]).to_string();
    let start = text.find("\"settings\"").expect("settings");
    let end = text.find("\"status\"").expect("status");
    text[start..end].to_string()
  };
  assert_eq!(settings(&before), settings(&after));

  // The Master sets the options, one a line; bad ones are refused.
  let lines = "SIGN ON Mopts masterpw\n\
               SET SUMMER\nSET ANY CENTER\nSET AUTO DISBAND\nSET COASTAL CONVOYS\n\
               SET ANY DISBAND\nSET NORMAL DISBAND\nSET ONE CENTER\nSET HOME CENTER\n\
               SET ANY CENTRES\nSET EMPTY BOARD\nSET NOT VARIANT EmptyBoard\n\
               SET SECRET\nSET NO SECRET\nSET VARIANT Gunboat\nSET VARIANT Atlantis\n\
               SET VARIANT Summer Gunboat\nSET NOT VARIANT Standard\nSET VARIANT Standard\n\
               SET NOT VARIANT Wings\nLIST\n";
  let mail = send(&judge, MASTER, lines);
  if std::env::var("SHOW_MAIL").is_ok() {
    eprintln!("{}", reply(&mail, MASTER).body);
  }
  let body = folded(&reply(&mail, MASTER).body);
  for said in [
    "In game 'opts', a Summer movement phase comes between Spring and Fall.",
    "In game 'opts', powers may build in any supply center they own.",
    "In game 'opts', dislodged units are disbanded at once: there are no retreats.",
    "In game 'opts', fleets in coastal provinces may convoy.",
    "In game 'opts', powers build only in their own home centers (the standard rule).",
    "In game 'opts', the game starts with the standard units on the board.",
    "the game is Gunboat: the players are anonymous;\nto sign on, write SIGN ON ?opts password Gunboat",
    "'Atlantis' is not a variant or option this judge knows.",
    "SET VARIANT takes one variant or option per command",
    "SET NOT VARIANT drops an option",
    "Game 'opts' is already a Standard game, so nothing was changed.",
    // Wings is an option word now (issue 26): dropping it is said plainly.
    "In game 'opts', the game has no wings.",
    "Variant: Standard, Gunboat, Summer, Any Center, Auto Disband, Coastal Convoys",
    "Players: 7",
  ] {
    assert!(body.says(said), "{said}\n---\n{body}");
  }
  // Everyone else hears of it once, from someone@somewhere in a gunboat game.
  let changes = mail_to(&mail, &seat(1), "Parameter Change");
  assert_eq!(changes.len(), 1, "{mail:#?}");
  let text = folded(&changes[0].body);
  assert!(text.contains("someone@somewhere has changed settings of game 'opts'"), "{text}");
  assert!(!text.contains(MASTER), "{text}");

  // The sign-on must now name Gunboat; the options set by SET need not
  // be named.
  let mail = send(&judge, &seat(1), "SIGN ON ?opts pw1\n");
  let body = folded(&reply(&mail, &seat(1)).body);
  assert!(body.contains("Game 'opts' is a Standard Gunboat game"), "{body}");
  assert!(body.contains("SIGN ON ?opts password Gunboat"), "{body}");
  let mail = send(&judge, &seat(1), "SIGN ON ?opts pw1 Standard Gunboat\n");
  assert!(reply(&mail, &seat(1)).body.contains("You are signed on to game 'opts'"));

  // SET PLAYERS: a number from the players signed on to the powers.
  let mail =
    send(&judge, MASTER, "SIGN ON Mopts masterpw\nSET PLAYERS 9\nSET PLAYERS 0\nSET PLAYERS 2\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(body.contains("SET PLAYERS needs a number of players from 1 to 7"), "{body}");
  assert!(body.contains("the game needs 2 players, who share the 7 powers between them"), "{body}");

  // The second player starts the game: the powers are shared out.
  let mail = send(&judge, &seat(2), "SIGN ON ?opts pw2 Gunboat\n");
  let starting: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Game Starting")).collect();
  let first = mail_to(&mail, &seat(1), "Game Starting");
  let second = mail_to(&mail, &seat(2), "Game Starting");
  assert_eq!((first.len(), second.len()), (1, 1), "one mail each: {starting:#?}");
  let mut dealt: BTreeMap<String, usize> = BTreeMap::new();
  for (n, mail) in [(1, first[0]), (2, second[0])] {
    for power in powers_in(mail) {
      dealt.insert(power, n);
    }
  }
  assert_eq!(dealt.len(), 7, "{dealt:?}");
  let counts: Vec<usize> = (1..=2).map(|n| dealt.values().filter(|&&m| m == n).count()).collect();
  assert!(counts == [4, 3] || counts == [3, 4], "{counts:?}");

  // After the start, no variant setting may change, and nothing does.
  let before = game_files(&judge, "opts");
  let mail = send(
    &judge,
    MASTER,
    "SIGN ON Mopts masterpw\nSET NO SUMMER\nSET VARIANT Summer\nSET NOT VARIANT Gunboat\n\
     SET PLAYERS 3\nSET EMPTY BOARD\nSET HOME CENTER\n",
  );
  let body = folded(&reply(&mail, MASTER).body);
  for command in [
    "SET NO SUMMER",
    "SET VARIANT",
    "SET NOT VARIANT",
    "SET PLAYERS",
    "SET EMPTY BOARD",
    "SET HOME CENTER",
  ] {
    let refusal = format!(
      "{command} applies only before the game starts, and this game has started. Nothing was changed."
    );
    assert!(body.says(&refusal), "{refusal}\n---\n{body}");
  }
  assert_eq!(before, game_files(&judge, "opts"));
  assert!(mail_to(&mail, &seat(1), "Parameter Change").is_empty());

  // Each player signs on as each of their powers and holds: the Spring
  // turn is followed by the Summer turn.
  let mut mail = Vec::new();
  for (name, letter) in POWERS {
    let n = dealt[name];
    let holds = game_support::holds(name);
    mail = send(&judge, &seat(n), &format!("SIGN ON {letter}opts {}\n{holds}", password(n)));
    let body = &reply(&mail, &seat(n)).body;
    assert!(body.contains(&format!("You are signed on as {name} in game 'opts'")), "{body}");
    assert!(!body.contains("No Order Processed"), "{body}");
  }
  let results = mail_to(&mail, &seat(1), "Results");
  assert_eq!(results.len(), 1, "a player of several powers gets the results once");
  let text = folded(&results[0].body);
  assert!(text.contains("The next phase of 'opts' will be Movement for Summer of 1901."), "{text}");
  assert!(mail.iter().any(|m| m.subject.contains("opts - S1901M Results")));

  // Summer: each player signs on as one of its powers only, and orders
  // the units of all of them in that one message; the phase is processed.
  let mut mail = Vec::new();
  for n in 1..=2 {
    let powers: Vec<&str> = POWERS.iter().map(|(p, _)| *p).filter(|p| dealt[*p] == n).collect();
    let letter = POWERS.iter().find(|(p, _)| *p == powers[0]).map(|(_, l)| *l).unwrap_or('?');
    let orders: String = powers.iter().map(|p| game_support::holds(p)).collect();
    mail = send(&judge, &seat(n), &format!("SIGN ON {letter}opts {}\n{orders}", password(n)));
    let reply = reply(&mail, &seat(n));
    assert!(!reply.subject.contains("[Error Flag]"), "seat {n}: {}", reply.body);
  }
  assert!(
    mail.iter().any(|m| m.subject.contains("opts - U1901M Results")),
    "every power's orders came from one seat each: {:#?}",
    subjects(&mail)
  );
}

#[test]
fn an_empty_secret_game_hides_its_players_and_starts_with_builds() {
  let judge = judge_with(2);
  // Options named in CREATE must be named at every SIGN ON.
  let mail = send(&judge, MASTER, "CREATE ?blank masterpw Standard EmptyBoard\nBECOME MASTER\n");
  assert!(reply(&mail, MASTER)
    .body
    .contains("Game 'blank' (Standard EmptyBoard) has been created"));
  send(&judge, MASTER, "SIGN ON Mblank masterpw\nSET SECRET\nSET PLAYERS 2\nSET ANY CENTER\n");
  let mail = send(&judge, &seat(1), "SIGN ON ?blank pw1\n");
  let body = folded(&reply(&mail, &seat(1)).body);
  assert!(body.contains("SIGN ON ?blank password EmptyBoard"), "{body}");

  let mail = send(&judge, &seat(1), "SIGN ON ?blank pw1 EmptyBoard\nLIST\nWHOGAME\n");
  let body = folded(&reply(&mail, &seat(1)).body);
  assert!(body.contains("You are signed up to play in game 'blank'."), "{body}");
  assert!(body.contains("is forming: it is waiting for players to sign on."), "{body}");
  assert!(!body.contains("Players:"), "the number of players is secret: {body}");
  assert!(body.contains("The number of players in game 'blank' is secret"), "{body}");
  assert!(body.contains("Variant: Standard, Any Center, Empty Board, Secret"), "{body}");
  let notice = mail_to(&mail, MASTER, "New Player Signon");
  assert_eq!(notice.len(), 1, "{mail:#?}");
  assert!(!notice[0].body.contains("now has"), "{}", notice[0].body);
  let mail = send(&judge, &seat(1), "LIST\n");
  let body = folded(&reply(&mail, &seat(1)).body);
  assert!(
    body.contains("blank Forming Standard, Any Center, Empty Board, Secret, Moderated"),
    "{body}"
  );
  assert!(body.contains("Forming.") && !body.contains("more player"), "{body}");
  if std::env::var("SHOW_MAIL").is_ok() {
    eprintln!("{body}");
  }
  // The Master knows.
  let mail = send(&judge, MASTER, "SIGN ON Mblank masterpw\nLIST\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(body.contains("Players: 2"), "{body}");
  assert!(body.contains("waiting for 1 more player"), "{body}");

  // The game starts in Winter 1900 with no units: builds in home centres.
  let mail = send(&judge, &seat(2), "SIGN ON ?blank pw2 emptyboard\n");
  let starting = mail_to(&mail, &seat(1), "Game Starting");
  assert_eq!(starting.len(), 1, "{mail:#?}");
  assert!(starting[0].subject.contains("blank - F1900B Game Starting"), "{}", starting[0].subject);
  assert!(starting[0].body.contains("Starting position for Winter of 1900."));
  assert!(!starting[0].body.contains("Army"), "no units: {}", starting[0].body);
  let power = &powers_in(starting[0])[0];
  let letter = POWERS.iter().find(|(p, _)| p == power).map(|(_, l)| *l).expect("a power");
  let foreign = if power == "Germany" { "Par" } else { "Ber" };
  let home = |power: &str| match power {
    "Austria" => "A Vie",
    "England" => "A Lvp",
    "France" => "A Par",
    "Germany" => "A Mun",
    "Italy" => "A Rom",
    "Russia" => "A Mos",
    _ => "A Con",
  };
  let mail = send(
    &judge,
    &seat(1),
    &format!("SIGN ON {letter}blank pw1\nBuild A {foreign}\nBuild {}\n", home(power)),
  );
  let body = folded(&reply(&mail, &seat(1)).body);
  assert!(body.contains("does not control"), "a centre of another power: {body}");
  assert!(body.contains("Build Army"), "{body}");
}

/// SET SECRET in a plain game (issue 22 §4): two players share the seven
/// powers, and nobody but the Master can count them, so no address is
/// shown against a power (one address against three powers said it all),
/// in LIST, SUMMARY or the Game Starting mail, while the game runs.
#[test]
fn secret_hides_the_players_in_a_plain_game_too() {
  let judge = judge_with(2);
  send(&judge, MASTER, "CREATE ?sec masterpw\nBECOME MASTER\n");
  send(&judge, MASTER, "SIGN ON Msec masterpw\nSET SECRET\nSET PLAYERS 2\n");
  send(&judge, &seat(1), "SIGN ON ?sec pw1\n");
  let mail = send(&judge, &seat(2), "SIGN ON ?sec pw2\n");
  let starting = mail_to(&mail, &seat(1), "Game Starting");
  assert_eq!(starting.len(), 1, "the game started: {mail:#?}");
  let mine = powers_in(starting[0]);
  assert!(mine.len() >= 3, "duplex: {mine:?}");
  let letter = POWERS.iter().find(|(p, _)| *p == mine[0]).map(|(_, l)| *l).expect("a power");
  let start = &starting[0].body;
  assert!(!start.contains(&seat(2)), "the other player's address: {start}");
  assert!(start.contains("The number of players in this game is secret"), "{start}");

  let mail = send(&judge, &seat(1), &format!("SIGN ON {letter}sec pw1\nLIST\nSUMMARY\n"));
  let body = reply(&mail, &seat(1)).body.clone();
  assert!(!body.contains(&seat(2)), "the other player's address: {body}");
  // Not even the player's own address against each of its powers.
  let own = body.lines().filter(|l| l.contains(&seat(1))).count();
  assert!(own <= 1, "the address once at most: {body}");
  // A stranger's LIST and SUMMARY name nobody.
  let mail = send(&judge, "stranger@players.test", "LIST sec\nSUMMARY sec\n");
  let body = reply(&mail, "stranger@players.test").body.clone();
  assert!(!body.contains(&seat(1)) && !body.contains(&seat(2)), "{body}");
  // The Master sees both.
  let mail = send(&judge, MASTER, "SIGN ON Msec masterpw\nLIST\n");
  let body = reply(&mail, MASTER).body.clone();
  assert!(body.contains(&seat(1)) && body.contains(&seat(2)), "{body}");
}

/// SET VARIANT with a map's name before the powers are dealt (issue 22 §4;
/// manual §9): the forming game moves to that map, with its player count
/// and victory count, and the players signed on are told the new SIGN ON
/// line. Once the game has started, or with more players than the new map
/// has powers, it is refused and nothing changes.
#[test]
fn set_variant_changes_the_map_of_a_forming_game() {
  let judge = judge_with(4);
  send(&judge, MASTER, "CREATE ?mv masterpw\nBECOME MASTER\n");
  send(&judge, &seat(1), "SIGN ON ?mv pw1\n");
  send(&judge, &seat(2), "SIGN ON ?mv pw2\n");
  let before = game_files(&judge, "mv");
  // Too many players for a two-power map: refused, nothing changed.
  let mail = send(&judge, &seat(3), "SIGN ON ?mv pw3\n");
  assert!(reply(&mail, &seat(3)).body.contains("You are signed up"), "{mail:#?}");
  let before_refusal = game_files(&judge, "mv");
  assert_ne!(before, before_refusal);
  let mail = send(&judge, MASTER, "SIGN ON Mmv masterpw\nSET VARIANT France-Austria\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(body.contains("3 players have signed on to game 'mv', but the"), "{body}");
  assert!(body.contains("Nothing was changed."), "{body}");
  assert_eq!(game_files(&judge, "mv"), before_refusal, "the refusal changed the game");

  // To Fleet Rome, a seven-power map: done, and told to everyone.
  let mail = send(&judge, MASTER, "SIGN ON Mmv masterpw\nSET VARIANT Fleet_Rome\nLIST\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(
    body.contains("In game 'mv', the game is now played on the Fleet Rome map (7 players"),
    "{body}"
  );
  assert!(body.contains("SIGN ON ?mv password Fleet_Rome"), "{body}");
  assert!(body.contains("Variant: Fleet Rome"), "{body}");
  let notice = mail_to(&mail, &seat(1), "Parameter Change");
  assert_eq!(notice.len(), 1, "{mail:#?}");
  assert!(folded(&notice[0].body).contains("now played on the Fleet Rome map"));

  // The rest sign on naming the new map, and the game starts on it: Rome
  // holds a fleet.
  let mut mail = Vec::new();
  for n in 4..=7 {
    if n == 4 {
      mail.extend(send(&judge, &seat(4), "SIGN ON ?mv pw4 Fleet_Rome\n"));
    } else {
      register_and_join(&judge, n, &mut mail);
    }
  }
  let starting = mail_to(&mail, &seat(1), "Game Starting");
  assert_eq!(starting.len(), 1, "{:#?}", mail.iter().map(|m| &m.subject).collect::<Vec<_>>());
  assert!(starting[0].body.contains("Fleet Rome"), "{}", starting[0].body);

  // Started: the map stays.
  let mail = send(&judge, MASTER, "SIGN ON Mmv masterpw\nSET VARIANT Standard\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(body.contains("SET VARIANT") && body.contains("Nothing was changed"), "{body}");
}

/// Registers player `n` and signs them on to `mv` on the Fleet Rome map.
fn register_and_join(judge: &Judge, n: usize, mail: &mut Vec<Sent>) {
  game_support::register(judge, judge_support::NOW, &seat(n));
  judge.take_mail();
  mail.extend(send(judge, &seat(n), &format!("SIGN ON ?mv pw{n} Fleet_Rome\n")));
}
