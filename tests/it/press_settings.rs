//! The press settings of manual §8.5 and the press commands of §7.4 that
//! depend on them: the Master's SET WHITE / GREY / WHITE/GREY / GREY/WHITE
//! / NONE, PARTIAL and the FAKE settings, OBSERVER, BLANK, LATE, MINOR and
//! POSTAL PRESS, MUST ORDER and WATCH ALL PRESS; a member's SET [NO]
//! BROADCAST and SET ALL / NORMAL PRESS; POSTAL PRESS going out with the
//! results; and DIARY, whose entries everyone gets when the game ends.
//! Each setting is checked where a player notices it: the `Press:` line of
//! LIST, and press refused, delivered, or shown differently afterwards.

#![allow(dead_code)]

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use game_support::{holds, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
/// Friday 6 March, 10:00: past the first deadline, inside the grace.
const AFTER_DEADLINE: &str = "2026-03-06T10:00:00Z";

const WATCHER: &str = "watcher@players.test";

// ------------------------------------------------------------ helpers

/// The reply to `to` among `mail` (exactly one).
fn reply<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  let replies: Vec<&Sent> =
    mail.iter().filter(|m| m.to == to && m.subject.starts_with("Re:")).collect();
  assert_eq!(replies.len(), 1, "expected one reply to {to}: {:#?}", subjects(mail));
  replies[0]
}

/// The mail other than replies.
fn others(mail: &[Sent]) -> Vec<&Sent> {
  mail.iter().filter(|m| !m.subject.starts_with("Re:")).collect()
}

/// Mails `lines` from the Master, signed on first; returns all the mail.
fn as_master(table: &Table, now: &str, lines: &str) -> Vec<Sent> {
  let body = format!("SIGN ON M{} masterpw\n{lines}", table.game);
  table.judge.send_at(now, MASTER, "settings", &body);
  table.judge.take_mail()
}

/// Mails `lines` from a power, signed on first; returns all the mail.
fn as_power(table: &Table, power: &str, now: &str, lines: &str) -> Vec<Sent> {
  table.send(power, now, lines);
  table.judge.take_mail()
}

/// Mails `lines` from the observer [`WATCHER`], signed on first.
fn as_watcher(table: &Table, now: &str, lines: &str) -> Vec<Sent> {
  let body = format!("SIGN ON O{} watchpw\n{lines}", table.game);
  table.judge.send_at(now, WATCHER, "watching", &body);
  table.judge.take_mail()
}

/// Registers [`WATCHER`] and has them observe the table's game.
fn add_watcher(table: &Table, now: &str) {
  register(table.judge, now, WATCHER);
  table.judge.take_mail();
  table.judge.send_at(now, WATCHER, "watch", &format!("OBSERVE {} watchpw\n", table.game));
  let mail = table.judge.take_mail();
  let answer = reply(&mail, WATCHER);
  assert!(!answer.subject.contains("[Error Flag]"), "OBSERVE refused:\n{}", answer.body);
}

/// The part of a reply answering one command: the chunk that starts with
/// the echo `> command` (exactly one), down to the blank line after it.
fn answer<'b>(body: &'b str, command: &str) -> &'b str {
  let echo = format!("> {command}");
  let chunks: Vec<&str> = body
    .split("\n\n")
    .filter(|c| {
      c.strip_prefix(echo.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with('\n'))
    })
    .collect();
  assert_eq!(chunks.len(), 1, "expected one answer to '{command}' in:\n{body}");
  chunks[0]
}

/// The settings after `Press:` in a LIST (in the reply `body`).
fn press_line(body: &str) -> String {
  let mut lines = body.lines().skip_while(|l| !l.trim_start().starts_with("Press:"));
  let first = lines.next().unwrap_or_else(|| panic!("no Press: line in:\n{body}"));
  // A value too long for one line goes on under itself.
  let mut value = first.trim_start().trim_start_matches("Press:").trim().to_string();
  for more in lines.take_while(|l| l.starts_with(&" ".repeat(18))) {
    value.push(' ');
    value.push_str(more.trim());
  }
  value
}

/// Who got a message (other than a reply) whose body holds `text`.
fn receivers(mail: &[Sent], text: &str) -> BTreeSet<String> {
  others(mail).into_iter().filter(|m| m.body.contains(text)).map(|m| m.to.clone()).collect()
}

/// The one message to `to` (not a reply) whose body holds `text`.
fn received<'m>(mail: &'m [Sent], to: &str, text: &str) -> &'m Sent {
  let found: Vec<&Sent> =
    others(mail).into_iter().filter(|m| m.to == to && m.body.contains(text)).collect();
  assert_eq!(found.len(), 1, "expected one message to {to} holding '{text}': {:#?}", found);
  found[0]
}

/// The addresses of the seven players, less those of `except`.
fn players_but(except: &[&str]) -> BTreeSet<String> {
  POWERS.iter().filter(|(p, _)| !except.contains(p)).map(|(p, _)| player(p)).collect()
}

fn set(addresses: &[&str]) -> BTreeSet<String> {
  addresses.iter().map(|a| a.to_string()).collect()
}

/// Checks that a command was refused with `error`, and that nothing but
/// the reply went out.
fn assert_refused(mail: &[Sent], from: &str, command: &str, error: &str) {
  let text = answer(&reply(mail, from).body, command);
  assert!(text.contains(error), "'{command}' should be refused with '{error}':\n{text}");
}

// ------------------------------------------------------------ defaults

#[test]
fn a_new_game_has_the_manuals_press_defaults() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "plain", START);
  // Manual §7.4: "By default, games are White, Partial Allowed, No Fake,
  // No PostalPress" (the judge leaves the last out of the line).
  assert_eq!(press_line(&table.listing(START)), "White, Partial Allowed, No Fake");

  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nFrench word for Germany\nENDPRESS\n\
     PRESS GREY TO G\nAn anonymous word\nENDPRESS\n\
     PRESS TO G FAKE\nA faked word\nENDPRESS\n\
     POSTAL PRESS\nA postal word\nENDPRESS\n\
     BROADCAST\nFrench word for all\nENDPRESS\n",
  );
  // White partial press: to Germany only, naming France.
  assert_eq!(receivers(&mail, "French word for Germany"), set(&[&player("Germany")]));
  let to_germany = received(&mail, &player("Germany"), "French word for Germany");
  assert!(to_germany.subject.ends_with("Press from F to G"), "{}", to_germany.subject);
  assert!(
    to_germany.body.contains("Message from france@players.test as France to Germany in 'plain':"),
    "white press names its sender:\n{}",
    to_germany.body
  );
  // Not grey, not fake, not postal.
  let from = player("France");
  assert_refused(&mail, &from, "PRESS GREY TO G", "does not allow grey");
  assert_refused(&mail, &from, "PRESS TO G FAKE", "does not allow fake press");
  assert_refused(&mail, &from, "POSTAL PRESS", "does not allow postal press");
  for text in ["An anonymous word", "A faked word", "A postal word"] {
    assert!(receivers(&mail, text).is_empty(), "'{text}' was refused, yet went out");
  }
  // A broadcast reaches the six others and the Master, even with France's
  // orders not in (no MUST ORDER by default).
  let mut everyone = players_but(&["France"]);
  everyone.insert(MASTER.to_string());
  assert_eq!(receivers(&mail, "French word for all"), everyone);
}

#[test]
fn a_player_cannot_change_the_press_settings_of_a_moderated_game() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "nomod", START);
  let commands = [
    "SET GREY",
    "SET NO PRESS",
    "SET NO PARTIAL",
    "SET PARTIAL MAY BE FAKED",
    "SET POSTAL PRESS",
    "SET BLANK PRESS",
    "SET MUST ORDER",
    "SET NO LATE PRESS",
    "SET OBSERVER NO",
    "SET WATCH ALL PRESS",
    "SET QUIET",
    "SET ALL PRESS",
  ];
  let mail = as_power(&table, "France", START, &(commands.join("\n") + "\n"));
  let body = &reply(&mail, &player("France")).body;
  for command in commands {
    // The reply is wrapped to fit a mail line: compare the words.
    let text = answer(body, command).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("is for"), "'{command}' from a player should be refused:\n{text}");
    assert!(text.contains("Nothing was changed"), "{text}");
  }
  assert!(others(&mail).is_empty(), "no Parameter Change: {:#?}", subjects(&mail));
  assert_eq!(press_line(&table.listing(START)), "White, Partial Allowed, No Fake");
}

#[test]
fn several_changes_in_one_mail_make_one_parameter_change_and_bad_values_change_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "params", START);
  let mail = as_master(
    &table,
    START,
    "SET GREY\nSET OBSERVER bad\nSET PRESS BANANA\nSET NO PARTIAL\nSET BLANK PRESS\nLIST params\n",
  );
  let body = &reply(&mail, MASTER).body;
  let observer = answer(body, "SET OBSERVER bad");
  assert!(observer.contains("SET OBSERVER needs ANY, NO or WHITE, not 'bad'"), "{observer}");
  assert!(observer.contains("Nothing was changed"), "{observer}");
  let banana = answer(body, "SET PRESS BANANA");
  assert!(banana.contains("SET PRESS needs a press setting"), "{banana}");
  assert!(banana.contains("not 'BANANA'. Nothing was changed"), "{banana}");
  // The good settings took; the bad ones changed nothing (observers may
  // still press as players do, and nothing is shown for them).
  assert_eq!(press_line(body), "Grey, No Partial, No Fake, Blank Press");

  // One Parameter Change to each of the others, listing all three changes.
  let changes: Vec<&Sent> =
    mail.iter().filter(|m| m.subject.ends_with("Parameter Change")).collect();
  let to: Vec<String> = changes.iter().map(|m| m.to.clone()).collect();
  assert_eq!(
    to.iter().cloned().collect::<BTreeSet<_>>(),
    players_but(&[]),
    "the seven players are told"
  );
  assert_eq!(to.len(), 7, "one mail each: {:#?}", subjects(&mail));
  let change = changes[0];
  assert!(change.body.contains("master@players.test has changed settings of game 'params':"));
  for what in ["press is grey", "no partial press", "empty press messages are sent"] {
    assert!(change.body.contains(what), "'{what}' missing from:\n{}", change.body);
  }
  assert!(!change.body.to_lowercase().contains("observer"), "{}", change.body);
}

// ------------------------------------------------------------ colours

#[test]
fn the_colour_settings_decide_whether_press_names_its_sender() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "colours", START);
  let signed = "Message from france@players.test as France to Germany in 'colours':";
  let anonymous = "Message to Germany in 'colours':";

  // SET GREY: nobody is named, and WHITE is refused; press to the Master
  // stays white.
  let mail = as_master(&table, START, "SET GREY\nLIST colours\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "Grey, Partial Allowed, No Fake");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\ngrey one\nENDPRESS\nPRESS WHITE TO G\nwhite one\nENDPRESS\n\
     PRESS TO M\nto the master\nENDPRESS\n",
  );
  let grey = received(&mail, &player("Germany"), "grey one");
  assert!(grey.body.contains(anonymous), "{}", grey.body);
  assert!(!grey.body.contains("france"), "grey press names nobody:\n{}", grey.body);
  assert!(grey.subject.ends_with("Press to G"), "{}", grey.subject);
  assert_refused(&mail, &player("France"), "PRESS WHITE TO G", "allows only grey");
  assert!(receivers(&mail, "white one").is_empty());
  let to_master = received(&mail, MASTER, "to the master");
  assert!(
    to_master.body.contains("Message from france@players.test as France to Master"),
    "press to the Master is always white:\n{}",
    to_master.body
  );

  // SET WHITE/GREY: white unless the sender writes GREY.
  let mail = as_master(&table, START, "SET WHITE/GREY\nLIST colours\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White/Grey, Partial Allowed, No Fake");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nplain two\nENDPRESS\nPRESS GREY TO G\ngrey two\nENDPRESS\n",
  );
  assert!(received(&mail, &player("Germany"), "plain two").body.contains(signed));
  let grey = received(&mail, &player("Germany"), "grey two");
  assert!(grey.body.contains(anonymous) && !grey.body.contains("france"), "{}", grey.body);

  // SET GREY/WHITE: grey unless the sender writes WHITE.
  let mail = as_master(&table, START, "SET GREY/WHITE\nLIST colours\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "Grey/White, Partial Allowed, No Fake");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nplain three\nENDPRESS\nPRESS WHITE TO G\nwhite three\nENDPRESS\n",
  );
  let plain = received(&mail, &player("Germany"), "plain three");
  assert!(plain.body.contains(anonymous) && !plain.body.contains("france"), "{}", plain.body);
  assert!(received(&mail, &player("Germany"), "white three").body.contains(signed));

  // The other spellings: SET PRESS GREY, SET NO WHITE, SET NO GREY, SET WHITE.
  for (command, shown) in [
    ("SET PRESS GREY", "Grey"),
    ("SET NO GREY", "White"),
    ("SET NO WHITE", "Grey"),
    ("SET WHITE", "White"),
  ] {
    let mail = as_master(&table, START, &format!("{command}\nLIST colours\n"));
    let body = &reply(&mail, MASTER).body;
    assert_eq!(press_line(body), format!("{shown}, Partial Allowed, No Fake"), "after {command}");
  }
  let mail = as_power(&table, "France", START, "PRESS GREY TO G\ngrey four\nENDPRESS\n");
  assert_refused(&mail, &player("France"), "PRESS GREY TO G", "does not allow grey");
}

#[test]
fn with_no_press_only_press_to_and_from_the_master_goes_through() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "silent", START);
  for command in ["SET NO PRESS", "SET PRESS NONE", "SET NONE"] {
    let mail = as_master(&table, START, &format!("SET WHITE\n{command}\nLIST silent\n"));
    assert_eq!(press_line(&reply(&mail, MASTER).body), "None", "after {command}");
  }
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nsecret\nENDPRESS\nBROADCAST\nopen letter\nENDPRESS\n\
     PRESS TO M\nplease extend\nENDPRESS\n",
  );
  let from = player("France");
  assert_refused(&mail, &from, "PRESS TO G", "does not allow press, except to the Master");
  assert_refused(&mail, &from, "BROADCAST", "does not allow press, except to the Master");
  assert!(receivers(&mail, "secret").is_empty() && receivers(&mail, "open letter").is_empty());
  assert_eq!(receivers(&mail, "please extend"), set(&[MASTER]));

  let mail = as_master(
    &table,
    START,
    "PRESS TO F\nextension granted\nENDPRESS\nBROADCAST\nhouse rules\nENDPRESS\n",
  );
  assert_eq!(receivers(&mail, "extension granted"), set(&[&player("France")]));
  assert_eq!(receivers(&mail, "house rules"), players_but(&[]));
}

// ------------------------------------------------------------ partial and fakes

#[test]
fn partial_press_and_the_fake_settings() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "fakes", START);
  let from = player("France");
  let germany = player("Germany");

  // SET NO PARTIAL: only broadcasts, and press to the Master.
  let mail = as_master(&table, START, "SET NO PARTIAL\nLIST fakes\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White, No Partial, No Fake");
  // NO FAKE says nothing of partial press, so it stays off.
  let mail = as_master(&table, START, "SET NO FAKE\nLIST fakes\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White, No Partial, No Fake");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nfor germany\nENDPRESS\nBROADCAST\nfor all\nENDPRESS\n\
     PRESS TO M\nfor the master\nENDPRESS\n",
  );
  assert_refused(&mail, &from, "PRESS TO G", "allows only press to everyone");
  assert!(receivers(&mail, "for germany").is_empty());
  assert_eq!(receivers(&mail, "for all").len(), 7, "six players and the Master");
  assert_eq!(receivers(&mail, "for the master"), set(&[MASTER]));

  // SET PARTIAL MAY BE FAKED brings partial press back, with FAKE on
  // request only.
  let mail = as_master(&table, START, "SET PARTIAL MAY BE FAKED\nLIST fakes\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, Partial May Be Faked"
  );
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\ntrue one\nENDPRESS\nPRESS TO G FAKE\nfaked broadcast\nENDPRESS\n\
     PRESS FAKE TO R\nfaked list\nENDPRESS\nPRESS TO M FAKE\nfaked master\nENDPRESS\n",
  );
  let true_one = received(&mail, &germany, "true one");
  assert!(true_one.body.contains("as France to Germany in 'fakes':"), "{}", true_one.body);
  assert_eq!(receivers(&mail, "faked broadcast"), set(&[&germany]), "really to Germany only");
  let faked = received(&mail, &germany, "faked broadcast");
  assert!(faked.subject.ends_with("Broadcast from F"), "{}", faked.subject);
  assert!(
    faked.body.contains("Broadcast message from france@players.test as France in 'fakes':"),
    "it looks like a broadcast:\n{}",
    faked.body
  );
  assert_eq!(receivers(&mail, "faked list").len(), 7, "really to everyone");
  let shown = received(&mail, &germany, "faked list");
  assert!(shown.body.contains("as France to Russia in 'fakes':"), "{}", shown.body);
  assert_refused(&mail, &from, "PRESS TO M FAKE", "Press to the Master cannot be faked");
  assert!(receivers(&mail, "faked master").is_empty());

  // SET NO PARTIAL then SET PARTIAL: partial press comes back with the
  // fake setting it had (manual §8.5).
  let mail = as_master(&table, START, "SET NO PARTIAL\nSET PARTIAL\nLIST fakes\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, Partial May Be Faked"
  );

  // SET PARTIAL FAKES BROADCAST: everything shows as a broadcast, and no
  // fake option can show anything else.
  let mail = as_master(&table, START, "SET PARTIAL FAKES BROADCAST\nLIST fakes\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, Partial Fakes Broadcast"
  );
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nlooks public\nENDPRESS\nPRESS TO G NO FAKE\nshows true\nENDPRESS\n\
     PRESS TO GR FAKE TO G\nshows other\nENDPRESS\n",
  );
  assert_eq!(receivers(&mail, "looks public"), set(&[&germany]));
  let public = received(&mail, &germany, "looks public");
  assert!(public.body.contains("Broadcast message from france@players.test"), "{}", public.body);
  assert_refused(&mail, &from, "PRESS TO G NO FAKE", "NO FAKE cannot be used");
  assert_refused(&mail, &from, "PRESS TO GR FAKE TO G", "cannot show other");
  assert!(receivers(&mail, "shows true").is_empty() && receivers(&mail, "shows other").is_empty());

  // SET PARTIAL FAKES BROADCAST BY DEFAULT: a broadcast unless the sender
  // shows the true recipients (NO FAKE) or others.
  let mail = as_master(&table, START, "SET PARTIAL FAKES BROADCAST BY DEFAULT\nLIST fakes\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, Partial Fakes Broadcast By Default"
  );
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nby default\nENDPRESS\nPRESS TO G NO FAKE\nunfaked\nENDPRESS\n\
     PRESS TO GR FAKE TO G\nnamed other\nENDPRESS\n",
  );
  let by_default = received(&mail, &germany, "by default");
  assert!(by_default.body.contains("Broadcast message from france"), "{}", by_default.body);
  let unfaked = received(&mail, &germany, "unfaked");
  assert!(unfaked.body.contains("as France to Germany in 'fakes':"), "{}", unfaked.body);
  assert_eq!(receivers(&mail, "named other"), set(&[&germany, &player("Russia")]));
  let to_russia = received(&mail, &player("Russia"), "named other");
  assert!(to_russia.body.contains("as France to Germany in 'fakes':"), "{}", to_russia.body);

  // SET NO FAKE: fakes are refused again, partial press stays.
  let mail = as_master(&table, START, "SET NO FAKE\nLIST fakes\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White, Partial Allowed, No Fake");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\nhonest\nENDPRESS\nPRESS TO G FAKE\ndishonest\nENDPRESS\n",
  );
  assert!(received(&mail, &germany, "honest").body.contains("as France to Germany"));
  assert_refused(&mail, &from, "PRESS TO G FAKE", "does not allow fake press");
  assert!(receivers(&mail, "dishonest").is_empty());

  // The manual's example (§7.4), commas and all: every message a grey
  // broadcast, whoever really gets it.
  let mail = as_master(&table, START, "SET GREY, PARTIAL FAKES BROADCAST\nLIST fakes\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "Grey, Partial Allowed, Partial Fakes Broadcast"
  );
  let mail = as_power(&table, "France", START, "PRESS TO G\nwho sent this\nENDPRESS\n");
  assert_eq!(receivers(&mail, "who sent this"), set(&[&germany]));
  let grey = received(&mail, &germany, "who sent this");
  assert!(grey.body.contains("Broadcast message in 'fakes':"), "{}", grey.body);
  assert!(!grey.body.contains("france"), "{}", grey.body);
}

// ------------------------------------------------------------ who hears what

#[test]
fn observer_press_follows_set_observer() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "watched", START);
  add_watcher(&table, START);

  // SET OBSERVER NO: observers speak only to the Master.
  let mail = as_master(&table, START, "SET OBSERVER NO\nLIST watched\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, No Fake, No Observers"
  );
  let mail = as_watcher(
    &table,
    START,
    "BROADCAST\nobserver speaks\nENDPRESS\nPRESS TO M\nobserver to master\nENDPRESS\n",
  );
  assert_refused(&mail, WATCHER, "BROADCAST", "does not allow press from observers");
  assert!(receivers(&mail, "observer speaks").is_empty());
  assert_eq!(receivers(&mail, "observer to master"), set(&[MASTER]));

  // SET OBSERVER WHITE in a grey game: the observer is named, and GREY
  // is refused to them.
  let mail = as_master(&table, START, "SET GREY\nSET OBSERVER WHITE\nLIST watched\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "Grey, Partial Allowed, No Fake, Observers White"
  );
  let mail = as_watcher(
    &table,
    START,
    "BROADCAST\nwhite observer\nENDPRESS\nPRESS GREY TO G\ngrey observer\nENDPRESS\n",
  );
  let white = received(&mail, &player("Germany"), "white observer");
  assert!(
    white.body.contains("Broadcast message from watcher@players.test as Observer"),
    "{}",
    white.body
  );
  assert_refused(&mail, WATCHER, "PRESS GREY TO G", "does not allow grey press from observers");
  assert!(receivers(&mail, "grey observer").is_empty());

  // SET OBSERVER ANY: the observer's press is grey like everyone's.
  let mail = as_master(&table, START, "SET OBSERVER ANY\nLIST watched\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "Grey, Partial Allowed, No Fake");
  let mail = as_watcher(&table, START, "BROADCAST\nany observer\nENDPRESS\n");
  let grey = received(&mail, &player("Germany"), "any observer");
  assert!(!grey.body.contains("watcher"), "grey press names nobody:\n{}", grey.body);
}

#[test]
fn set_no_broadcast_stops_broadcasts_but_not_press_to_oneself() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "quiet", START);
  add_watcher(&table, START);
  let mail = as_power(&table, "France", START, "SET NO BROADCAST\n");
  assert!(answer(&reply(&mail, &player("France")).body, "SET NO BROADCAST")
    .contains("no longer receive the broadcasts"));
  let mail = as_watcher(&table, START, "SET NO BROADCAST PRESS\n");
  assert!(others(&mail).is_empty(), "a member's own setting tells nobody: {:#?}", subjects(&mail));

  let mail = as_power(
    &table,
    "Germany",
    START,
    "BROADCAST\nfirst broadcast\nENDPRESS\nPRESS TO F\njust for france\nENDPRESS\n",
  );
  let mut expected = players_but(&["France", "Germany"]);
  expected.insert(MASTER.to_string());
  assert_eq!(receivers(&mail, "first broadcast"), expected, "not France, not the observer");
  assert_eq!(receivers(&mail, "just for france"), set(&[&player("France")]));

  as_power(&table, "France", START, "SET NORMAL BROADCAST\n");
  as_watcher(&table, START, "SET BROADCAST\n");
  let mail = as_power(&table, "Germany", START, "BROADCAST\nsecond broadcast\nENDPRESS\n");
  expected.insert(player("France"));
  expected.insert(WATCHER.to_string());
  assert_eq!(receivers(&mail, "second broadcast"), expected);
}

#[test]
fn all_press_copies_partial_press_to_the_master_and_to_watchers_if_allowed() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "allpress", START);
  add_watcher(&table, START);

  // Nobody but Germany sees France's press to Germany by default.
  let mail = as_power(&table, "France", START, "PRESS TO G\nbefore all press\nENDPRESS\n");
  assert_eq!(receivers(&mail, "before all press"), set(&[&player("Germany")]));

  // Players and observers may not ask for copies; the Master may.
  let mail = as_power(&table, "Italy", START, "SET ALL PRESS\n");
  assert_refused(&mail, &player("Italy"), "SET ALL PRESS", "is for the Master");
  let mail = as_watcher(&table, START, "SET ALL PRESS\n");
  assert_refused(&mail, WATCHER, "SET ALL PRESS", "is for the Master");
  let mail = as_master(&table, START, "SET ALL PRESS\n");
  assert!(others(&mail).is_empty(), "ALL PRESS is the Master's own: {:#?}", subjects(&mail));
  let mail = as_power(&table, "France", START, "PRESS TO G\ncopied to master\nENDPRESS\n");
  assert_eq!(receivers(&mail, "copied to master"), set(&[&player("Germany"), MASTER]));
  let copy = received(&mail, MASTER, "copied to master");
  assert!(copy.body.contains("as France to Germany in 'allpress':"), "{}", copy.body);

  // SET WATCH ALL PRESS lets the observer ask too.
  let mail = as_master(&table, START, "SET WATCH ALL PRESS\nLIST allpress\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, No Fake, Watch All Press"
  );
  let mail = as_watcher(&table, START, "SET ALL PRESS\n");
  assert!(answer(&reply(&mail, WATCHER).body, "SET ALL PRESS").contains("will be sent to you"));
  let mail = as_power(&table, "France", START, "PRESS TO G\nwatched too\nENDPRESS\n");
  assert_eq!(receivers(&mail, "watched too"), set(&[&player("Germany"), MASTER, WATCHER]));

  // SET NORMAL PRESS stops the Master's copies; SET NO WATCH ALL PRESS
  // the observer's.
  as_master(&table, START, "SET NORMAL PRESS\nSET NO WATCH ALL PRESS\n");
  let mail = as_power(&table, "France", START, "PRESS TO G\nprivate again\nENDPRESS\n");
  assert_eq!(receivers(&mail, "private again"), set(&[&player("Germany")]));
}

// ------------------------------------------------------------ when press may be sent

#[test]
fn must_order_and_no_late_press_hold_back_players_whose_orders_are_missing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "orders", START);

  // MUST ORDER: no press until the orders are in, except to the Master.
  let mail = as_master(&table, START, "SET MUST ORDER\nLIST orders\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White, Partial Allowed, No Fake, Must Order");
  let mail = as_power(
    &table,
    "France",
    START,
    "PRESS TO G\ntoo early\nENDPRESS\nPRESS TO M\nstill allowed\nENDPRESS\n",
  );
  assert_refused(&mail, &player("France"), "PRESS TO G", "only once your orders are in");
  assert!(receivers(&mail, "too early").is_empty());
  assert_eq!(receivers(&mail, "still allowed"), set(&[MASTER]));
  let mail = as_power(
    &table,
    "France",
    START,
    &format!("{}PRESS TO G\nordered now\nENDPRESS\n", holds("France")),
  );
  assert_eq!(receivers(&mail, "ordered now"), set(&[&player("Germany")]));

  // NO LATE PRESS: before the deadline a player without orders may press;
  // after it, only to the Master. Players whose orders are in may.
  let mail = as_master(&table, START, "SET NO MUST ORDER\nSET NO LATE PRESS\nLIST orders\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, No Fake, No Late Press"
  );
  let mail = as_power(&table, "Italy", START, "BROADCAST\nin good time\nENDPRESS\n");
  assert_eq!(receivers(&mail, "in good time").len(), 7);
  let mail = as_power(
    &table,
    "Italy",
    AFTER_DEADLINE,
    "BROADCAST\nlate words\nENDPRESS\nPRESS TO M\nlate to master\nENDPRESS\n",
  );
  assert_refused(&mail, &player("Italy"), "BROADCAST", "players whose orders are late");
  assert!(receivers(&mail, "late words").is_empty());
  assert_eq!(receivers(&mail, "late to master"), set(&[MASTER]));
  let mail = as_power(&table, "France", AFTER_DEADLINE, "BROADCAST\non time words\nENDPRESS\n");
  assert_eq!(receivers(&mail, "on time words").len(), 7, "France's orders are in");

  // SET LATE PRESS: the late player may press again, and is reminded.
  let mail = as_master(&table, AFTER_DEADLINE, "SET LATE PRESS\nLIST orders\n");
  assert_eq!(press_line(&reply(&mail, MASTER).body), "White, Partial Allowed, No Fake");
  let mail = as_power(&table, "Italy", AFTER_DEADLINE, "BROADCAST\nlate but allowed\nENDPRESS\n");
  assert_eq!(receivers(&mail, "late but allowed").len(), 7);
  let text = answer(&reply(&mail, &player("Italy")).body, "BROADCAST");
  assert!(text.contains("your orders are late"), "{text}");
}

#[test]
fn blank_press_is_refused_unless_the_master_allows_it() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "blank", START);
  let mail = as_power(&table, "France", START, "BROADCAST\nENDPRESS\n");
  assert_refused(&mail, &player("France"), "BROADCAST", "does not allow empty press");
  assert!(others(&mail).is_empty(), "{:#?}", subjects(&mail));

  let mail = as_master(&table, START, "SET BLANK PRESS\nLIST blank\n");
  assert_eq!(
    press_line(&reply(&mail, MASTER).body),
    "White, Partial Allowed, No Fake, Blank Press"
  );
  let mail = as_power(&table, "France", START, "BROADCAST\nENDPRESS\n");
  let blanks: BTreeSet<String> = others(&mail)
    .into_iter()
    .filter(|m| m.subject.ends_with("Broadcast from F"))
    .map(|m| m.to.clone())
    .collect();
  assert_eq!(blanks.len(), 7, "the empty broadcast went out: {:#?}", subjects(&mail));

  as_master(&table, START, "SET NO BLANK PRESS\n");
  let mail = as_power(&table, "France", START, "BROADCAST\nENDPRESS\n");
  assert_refused(&mail, &player("France"), "BROADCAST", "does not allow empty press");
  assert!(others(&mail).is_empty(), "{:#?}", subjects(&mail));
}

// ------------------------------------------------------------ a game played

/// What happened in a game created with NO MINOR PRESS and POSTAL PRESS,
/// played through Spring and Fall 1901 (Germany takes Denmark) to the
/// Winter adjustments, then drawn.
struct Played {
  /// The Master's reply to CREATE with the settings.
  created: Sent,
  /// The Master's reply to SET MINOR PRESS once the game had started.
  minor_after_start: Sent,
  /// The mail of Italy's DIARY commands.
  diary: Vec<Sent>,
  /// The mail of France's orders with a POSTAL PRESS, in Spring.
  postal: Vec<Sent>,
  /// The mail of the last Spring orders (the processing).
  spring: Vec<Sent>,
  /// The mail of France's broadcast in the Fall movement phase.
  fall_press: Vec<Sent>,
  /// The mail of the last Fall orders.
  fall: Vec<Sent>,
  /// The mail of France's press in the Winter adjustments.
  winter_press: Vec<Sent>,
  /// The mail of the Master's broadcast in the Winter adjustments.
  winter_master: Vec<Sent>,
  /// The mail of the last draw vote.
  ending: Vec<Sent>,
}

fn played() -> &'static Played {
  static PLAYED: OnceLock<Played> = OnceLock::new();
  PLAYED.get_or_init(|| {
    let judge = &Judge::with_config(FAST);
    let game = "played";
    register(judge, START, MASTER);
    for (power, _) in POWERS {
      register(judge, START, &player(power));
    }
    judge.take_mail();
    let create =
      format!("CREATE ?{game} masterpw\nBECOME MASTER\nSET NO MINOR PRESS\nSET POSTAL PRESS\n");
    judge.send_at(START, MASTER, "create", &create);
    let created = reply(&judge.take_mail(), MASTER).clone();
    for (power, letter) in POWERS {
      let body = format!("SIGN ON ?{game} {}\nSET PREFERENCE {letter}\n", password(power));
      judge.send_at(START, &player(power), "join", &body);
    }
    let mail = judge.take_mail();
    assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{:#?}", subjects(&mail));
    let table = Table { judge, game: game.to_string() };
    add_watcher(&table, START);

    let minor_after_start =
      reply(&as_master(&table, START, "SET MINOR PRESS\nLIST played\n"), MASTER).clone();
    let diary = as_power(
      &table,
      "Italy",
      START,
      "DIARY\nFirst thoughts of Rome.\nENDPRESS\nDIARY RECORD\nA thought to take back.\nENDPRESS\n\
       DIARY\nThird thoughts of Rome.\nENDPRESS\nDIARY LIST\nDIARY READ 2\nDIARY DELETE 2\n\
       DIARY READ 2\nDIARY READ x\nDIARY DELETE 9\nDIARY\nFourth.\nENDPRESS\nDIARY\nFifth.\n\
       ENDPRESS\nDIARY DELETE 4 5\nDIARY LIST\n",
    );

    let postal = as_power(
      &table,
      "France",
      START,
      &format!("{}POSTAL PRESS\nA letter by sea mail.\nENDPRESS\n", holds("France")),
    );
    let mut spring = Vec::new();
    for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
      spring = as_power(&table, power, START, holds(power));
    }

    let fall_press =
      as_power(&table, "France", START, "BROADCAST\nAutumn negotiations.\nENDPRESS\n");
    let mut fall = Vec::new();
    for (power, _) in POWERS {
      let orders =
        if power == "Germany" { "F Kie - Den\nA Ber H\nA Mun H\n" } else { holds(power) };
      fall = as_power(&table, power, START, orders);
    }

    let winter_press = as_power(
      &table,
      "France",
      START,
      "BROADCAST\nWinter broadcast.\nENDPRESS\nPRESS TO G\nWinter whisper.\nENDPRESS\n\
       PRESS TO M\nWinter note to the Master.\nENDPRESS\n",
    );
    let winter_master =
      as_master(&table, START, "BROADCAST\nThe Master speaks in Winter.\nENDPRESS\n");

    let mut ending = Vec::new();
    for (power, _) in POWERS {
      ending = as_power(&table, power, START, "SET DRAW\n");
    }
    Played {
      created,
      minor_after_start,
      diary,
      postal,
      spring,
      fall_press,
      fall,
      winter_press,
      winter_master,
      ending,
    }
  })
}

/// Everyone in the played game: the seven players, the Master, the observer.
fn everyone() -> BTreeSet<String> {
  let mut all = players_but(&[]);
  all.insert(MASTER.to_string());
  all.insert(WATCHER.to_string());
  all
}

#[test]
fn minor_press_is_set_before_the_start_and_then_bars_press_in_adjustments() {
  let played = played();
  let made = &played.created.body;
  assert!(answer(made, "SET NO MINOR PRESS").contains("press may be sent only in movement phases"));
  let later = &played.minor_after_start.body;
  let text = answer(later, "SET MINOR PRESS");
  assert!(text.contains("applies only before the game starts"), "{text}");
  assert!(text.contains("Nothing was changed"), "{text}");
  assert_eq!(
    press_line(later),
    "White, Partial Allowed, No Fake, Postal Press, No Minor Press",
    "SET MINOR PRESS after the start changed nothing"
  );

  // Press in a movement phase goes out as usual.
  assert_eq!(receivers(&played.fall_press, "Autumn negotiations.").len(), 8);
  // The Winter adjustments came, and France may speak only to the Master.
  let france = reply(&played.winter_press, &player("France"));
  assert!(france.subject.contains("F1901B"), "the adjustments are under way: {}", france.subject);
  for command in ["BROADCAST", "PRESS TO G"] {
    let text = answer(&france.body, command);
    assert!(text.contains("does not allow press in retreat and adjustment phases"), "{text}");
  }
  assert!(receivers(&played.winter_press, "Winter broadcast.").is_empty());
  assert!(receivers(&played.winter_press, "Winter whisper.").is_empty());
  assert_eq!(receivers(&played.winter_press, "Winter note to the Master."), set(&[MASTER]));
  // The Master may always speak.
  let mut all_but_master = everyone();
  all_but_master.remove(MASTER);
  assert_eq!(receivers(&played.winter_master, "The Master speaks in Winter."), all_but_master);
}

#[test]
fn postal_press_is_kept_and_mailed_to_everyone_after_the_results() {
  let played = played();
  let made = &played.created.body;
  assert!(answer(made, "SET POSTAL PRESS").contains("postal press is allowed"), "{made}");

  // Kept, not mailed.
  let text = answer(&reply(&played.postal, &player("France")).body, "POSTAL PRESS");
  assert!(text.contains("kept"), "{text}");
  assert!(others(&played.postal).is_empty(), "{:#?}", subjects(&played.postal));

  // After the Spring results, everyone gets it once, in a mail of its own.
  let spring = &played.spring;
  let postal: Vec<&Sent> =
    spring.iter().filter(|m| m.subject.ends_with("S1901M Postal Press")).collect();
  let to: BTreeSet<String> = postal.iter().map(|m| m.to.clone()).collect();
  assert_eq!(to, everyone(), "{:#?}", subjects(spring));
  assert_eq!(postal.len(), everyone().len(), "once each: {:#?}", subjects(spring));
  for member in everyone() {
    let results = spring.iter().position(|m| m.to == member && m.subject.ends_with(" Results"));
    let press = spring.iter().position(|m| m.to == member && m.subject.ends_with(" Postal Press"));
    let (Some(results), Some(press)) = (results, press) else {
      panic!("{member} lacks the results or the postal press: {:#?}", subjects(spring));
    };
    assert!(results < press, "{member} gets the results first: {:#?}", subjects(spring));
  }
  let body = &postal[0].body;
  assert!(body.contains("A letter by sea mail."), "{body}");
  assert!(body.contains("france@players.test as France"), "white postal press is signed:\n{body}");
  // It went out once: the Fall results carry none.
  assert!(
    !played.fall.iter().any(|m| m.subject.ends_with("Postal Press")),
    "{:#?}",
    subjects(&played.fall)
  );
}

#[test]
fn diaries_are_kept_listed_read_deleted_and_sent_to_everyone_at_the_end() {
  let played = played();
  let body = &reply(&played.diary, &player("Italy")).body;
  assert!(others(&played.diary).is_empty(), "a diary is private until the end");
  assert!(answer(body, "DIARY\n> First thoughts of Rome.").contains("Diary entry 1 is kept"));
  assert!(answer(body, "DIARY RECORD").contains("Diary entry 2 is kept"));
  assert!(answer(body, "DIARY\n> Third thoughts of Rome.").contains("Diary entry 3 is kept"));
  let lists: Vec<&str> = body.split("\n\n").filter(|c| c.starts_with("> DIARY LIST")).collect();
  assert_eq!(lists.len(), 2, "{body}");
  let numbers = |chunk: &str| -> Vec<String> {
    chunk
      .lines()
      .skip(2)
      .filter_map(|l| l.split_whitespace().next().map(str::to_string))
      .collect::<Vec<_>>()
  };
  assert_eq!(numbers(lists[0]), ["1", "2", "3"], "{}", lists[0]);
  assert_eq!(numbers(lists[1]), ["1", "3"], "numbers are not reused:\n{}", lists[1]);
  let chunks: Vec<&str> = body.split("\n\n").filter(|c| c.starts_with("> DIARY READ 2")).collect();
  assert_eq!(chunks.len(), 2, "{body}");
  assert!(chunks[0].contains("Diary entry 2") && chunks[0].contains("A thought to take back."));
  assert!(chunks[1].contains("Your diary has no entry 2"), "deleted:\n{}", chunks[1]);
  assert!(answer(body, "DIARY DELETE 2").contains("Diary entry 2 is deleted"));
  assert!(answer(body, "DIARY READ x").contains("needs the number of an entry"));
  assert!(answer(body, "DIARY DELETE 9").contains("Your diary has no entry 9"));
  let both = answer(body, "DIARY DELETE 4 5");
  assert!(both.contains("Diary entry 4 is deleted") && both.contains("Diary entry 5 is deleted"));

  // The draw ends the game, and everyone gets the diaries.
  let ending = &played.ending;
  assert!(ending.iter().any(|m| m.subject.contains("Draw Declared")), "{:#?}", subjects(ending));
  let diaries: Vec<&Sent> = ending.iter().filter(|m| m.subject.ends_with("Diaries")).collect();
  let to: BTreeSet<String> = diaries.iter().map(|m| m.to.clone()).collect();
  assert_eq!(to, everyone(), "{:#?}", subjects(ending));
  let text = &diaries[0].body;
  assert!(text.contains("First thoughts of Rome.") && text.contains("Third thoughts"), "{text}");
  assert!(text.contains("Diary of Italy"), "{text}");
  assert!(!text.contains("A thought to take back."), "a deleted entry stays private:\n{text}");
}

// ------------------------------------------------------------ touch press

#[test]
fn touch_press_reaches_only_neighbours_the_master_and_one_broadcast_a_phase() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "touch", START);
  add_watcher(&table, START);
  let mail = as_master(&table, START, "SET TOUCH PRESS\nLIST\nGET info.touch\n");
  assert!(press_line(&reply(&mail, MASTER).body).contains("Touch Press"));
  let told =
    mail.iter().filter(|m| m.to == MASTER).any(|m| m.body.contains("Touch press: players"));
  assert!(told, "GET info.touch explains it: {:#?}", subjects(&mail));
  // Venice is next to the Austrian fleet in Trieste; no unit of Italy's
  // touches France.
  let mail = as_power(
    &table,
    "Italy",
    START,
    "PRESS TO A\nA word for Austria\nENDPRESS\n\
     PRESS TO F\nA word for France\nENDPRESS\n\
     PRESS TO M\nA word for the Master\nENDPRESS\n\
     PRESS TO O\nA word for the watchers\nENDPRESS\n\
     BROADCAST\nThe first word for all\nENDPRESS\n\
     BROADCAST\nThe second word for all\nENDPRESS\n",
  );
  let from = player("Italy");
  assert_eq!(receivers(&mail, "A word for Austria"), set(&[&player("Austria")]));
  assert_refused(&mail, &from, "PRESS TO F", "France is not among them");
  assert_eq!(receivers(&mail, "A word for the Master"), set(&[MASTER]));
  assert_refused(&mail, &from, "PRESS TO O", "press to observers is not allowed");
  assert!(!receivers(&mail, "The first word for all").is_empty());
  let text = reply(&mail, &from).body.clone();
  assert!(text.contains("one broadcast a phase, and you have sent it"), "{text}");
  for refused in ["A word for France", "A word for the watchers", "The second word for all"] {
    assert!(receivers(&mail, refused).is_empty(), "'{refused}' went out");
  }
}
