//! Press by mail in a started standard game (manual §7.4): PRESS and
//! BROADCAST with their colour, delivery and fake options, where the text
//! of a message ends, what is refused (and that nothing goes out then),
//! the headings and subjects each reader sees, gunboat anonymity, and which
//! press the game's history keeps. Each test is a transcript: mails in at a
//! fixed clock, and the mail the judge sends, checked for what the players,
//! the observers and the Master would notice.

#![allow(dead_code)]

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeSet;

use game_support::{password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
/// A registered user who watches the games.
const OBSERVER: &str = "watcher@players.test";
/// Someone in no game, who asks for a history.
const STRANGER: &str = "stranger@players.test";

/// The addresses of these powers' players (`Master` and `Observer` name
/// those two).
fn addresses(who: &[&str]) -> BTreeSet<String> {
  who.iter().map(|w| address(w)).collect()
}

/// The address of a power's player, of the Master or of the observer.
fn address(who: &str) -> String {
  match who {
    "Master" => MASTER.to_string(),
    "Observer" => OBSERVER.to_string(),
    power => player(power),
  }
}

/// The subject of a game mail in Spring 1901 movement.
fn subject(game: &str, tail: &str) -> String {
  format!("XXXX:{game} - S1901M {tail}")
}

/// The mail among `mail` with exactly this subject.
fn with_subject<'m>(mail: &'m [Sent], subject: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.subject == subject).collect()
}

/// Who got a mail with this subject.
fn receivers(mail: &[Sent], subject: &str) -> BTreeSet<String> {
  with_subject(mail, subject).iter().map(|m| m.to.clone()).collect()
}

/// The one mail to `to` with this subject.
fn one<'m>(mail: &'m [Sent], to: &str, subject: &str) -> &'m Sent {
  let found: Vec<&Sent> = mail.iter().filter(|m| m.to == to && m.subject == subject).collect();
  assert_eq!(found.len(), 1, "one '{subject}' to {to}: {:#?}", subjects(mail));
  found[0]
}

/// The reply to `from` among `mail`, checking it is the only mail: what a
/// refused command must leave behind.
fn only_reply<'m>(mail: &'m [Sent], from: &str) -> &'m Sent {
  assert_eq!(mail.len(), 1, "nothing but the reply goes out: {:#?}", subjects(mail));
  assert!(mail[0].to == from && mail[0].subject.starts_with("Re:"), "{:#?}", subjects(mail));
  &mail[0]
}

/// A press mail's body after the judge's two header lines: the heading, a
/// blank line and the text.
fn message(sent: &Sent) -> &str {
  let body = sent.body.as_str();
  let start = body.find("\n\n").map_or(0, |i| i + 2);
  &body[start..]
}

/// Signs `who` (a power, or `Master`) on to `game` and mails `lines`;
/// returns all the mail it made.
fn mail_from(table: &Table, who: &str, lines: &str) -> Vec<Sent> {
  if who == "Master" {
    let body = format!("SIGN ON M{} masterpw\n{lines}", table.game);
    table.judge.send_at(START, MASTER, "master", &body);
  } else {
    table.send(who, START, lines);
  }
  table.judge.take_mail()
}

/// The Master asks for copies of all press (SET ALL PRESS).
fn master_reads_all_press(table: &Table) {
  let mail = mail_from(table, "Master", "SET ALL PRESS\n");
  let reply = only_reply(&mail, MASTER);
  assert!(reply.body.contains("Copies of all press between the others"), "{}", reply.body);
}

/// The Master changes press settings; the notices are taken.
fn master_sets(table: &Table, lines: &str) {
  let mail = mail_from(table, "Master", lines);
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply to the Master");
  assert!(!reply.body.contains("No message was sent"), "{}", reply.body);
  assert!(
    mail.iter().any(|m| m.subject.ends_with("Parameter Change")),
    "the players are told of the change: {:#?}\n{}",
    subjects(&mail),
    reply.body
  );
}

/// A started game `game` with [`OBSERVER`] watching it.
fn watched<'j>(judge: &'j Judge, game: &str) -> Table<'j> {
  let table = Table::start(judge, game, START);
  register(judge, START, OBSERVER);
  judge.take_mail();
  judge.send_at(START, OBSERVER, "watch", &format!("OBSERVE {game} watchpw\n"));
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == OBSERVER).expect("a reply to OBSERVE");
  assert!(reply.body.contains(&format!("game '{game}'")), "{}", reply.body);
  table
}

// ------------------------------------------------------------ delivery

#[test]
fn press_goes_to_the_powers_listed_and_says_who_sent_it() {
  let judge = Judge::with_config(FAST);
  let table = watched(&judge, "press");
  let game = "press";

  // TO list and +list, in lower case too; two messages in one mail.
  let mail = mail_from(
    &table,
    "Germany",
    "PRESS TO FI\nShall we carve up Austria?\nENDPRESS\n\
     PRESS +ea\nA word for the two of you.\nENDPRESS\n",
  );
  let to_fi = subject(game, "Press from G to FI");
  assert_eq!(receivers(&mail, &to_fi), addresses(&["France", "Italy"]), "{:#?}", subjects(&mail));
  for m in with_subject(&mail, &to_fi) {
    assert_eq!(
      message(m),
      "Message from germany@players.test as Germany to France and Italy in 'press':\n\n\
       Shall we carve up Austria?\n"
    );
  }
  let to_ea = subject(game, "Press from G to EA");
  assert_eq!(
    receivers(&mail, &to_ea),
    addresses(&["England", "Austria"]),
    "{:#?}",
    subjects(&mail)
  );
  let to_england = one(&mail, &player("England"), &to_ea);
  assert!(
    to_england
      .body
      .says("Message from germany@players.test as Germany to England and Austria in 'press':"),
    "{}",
    to_england.body
  );
  assert!(!to_england.body.contains("Austria?"), "only its own text:\n{}", to_england.body);
  let reply = table.reply(&mail, "Germany");
  assert!(reply.body.contains("Message sent to France and Italy:"), "{}", reply.body);
  assert!(reply.body.contains("Message sent to England and Austria:"), "{}", reply.body);
  assert_eq!(mail.len(), 5, "two and two messages and the reply: {:#?}", subjects(&mail));

  // TO ALL BUT list and -list.
  let mail = mail_from(
    &table,
    "Germany",
    "PRESS TO ALL BUT R\nNot a word to the Tsar.\nENDPRESS\n\
     PRESS -RT\nNor to the Sultan.\nENDPRESS\n",
  );
  let but_r = subject(game, "Press from G to all but R");
  let got = receivers(&mail, &but_r);
  for reader in ["Austria", "England", "France", "Italy", "Turkey", "Observer"] {
    assert!(got.contains(&address(reader)), "{reader}: {got:?}");
  }
  assert!(!got.contains(&player("Russia")) && !got.contains(&player("Germany")), "{got:?}");
  let to_turkey = one(&mail, &player("Turkey"), &but_r);
  assert!(
    to_turkey
      .body
      .contains("Message from germany@players.test as Germany to all but Russia in 'press':"),
    "{}",
    to_turkey.body
  );
  assert!(to_turkey.body.contains("Not a word to the Tsar."), "{}", to_turkey.body);
  let but_rt = subject(game, "Press from G to all but RT");
  let got = receivers(&mail, &but_rt);
  assert!(got.contains(&player("Austria")) && got.contains(&player("Italy")), "{got:?}");
  for left_out in ["Russia", "Turkey", "Germany"] {
    assert!(!got.contains(&player(left_out)), "{left_out}: {got:?}");
  }
  let to_austria = one(&mail, &player("Austria"), &but_rt);
  assert!(
    to_austria.body.says(
      "Message from germany@players.test as Germany to all but Russia and Turkey in 'press':"
    ),
    "{}",
    to_austria.body
  );
  let reply = table.reply(&mail, "Germany");
  assert!(reply.body.contains("Message sent to all but Russia:"), "{}", reply.body);
  assert!(reply.body.contains("Message sent to all but Russia and Turkey:"), "{}", reply.body);

  // O is the observers, M the Master.
  let mail = mail_from(
    &table,
    "Germany",
    "PRESS TO O\nFor the gallery.\nENDPRESS\nPRESS TO M\nPlease extend the deadline.\nENDPRESS\n",
  );
  let to_o = subject(game, "Press from G to O");
  assert_eq!(receivers(&mail, &to_o), addresses(&["Observer"]), "{:#?}", subjects(&mail));
  let to_m = subject(game, "Press from G to M");
  assert_eq!(receivers(&mail, &to_m), addresses(&["Master"]), "{:#?}", subjects(&mail));
  let to_master = one(&mail, MASTER, &to_m);
  assert_eq!(
    message(to_master),
    "Message from germany@players.test as Germany to Master in 'press':\n\n\
     Please extend the deadline.\n"
  );
  let to_observer = one(&mail, OBSERVER, &to_o);
  assert!(
    to_observer
      .body
      .contains("Message from germany@players.test as Germany to Observer in 'press':"),
    "{}",
    to_observer.body
  );
  assert_eq!(mail.len(), 3, "{:#?}", subjects(&mail));

  // BROADCAST with options is PRESS with them: TO G reaches Germany alone.
  let mail = mail_from(&table, "France", "BROADCAST TO G\nJust between us.\nENDBROADCAST\n");
  let to_g = subject(game, "Press from F to G");
  assert_eq!(receivers(&mail, &to_g), addresses(&["Germany"]), "{:#?}", subjects(&mail));
  assert_eq!(mail.len(), 2, "the message and the reply: {:#?}", subjects(&mail));
}

#[test]
fn a_broadcast_reaches_every_player_the_observers_and_the_master() {
  let judge = Judge::with_config(FAST);
  let table = watched(&judge, "bcast");
  let mail = mail_from(&table, "Germany", "BROADCAST\nPeace in our time.\nENDBROADCAST\n");
  let broadcast = subject("bcast", "Broadcast from G");
  let everyone_else =
    addresses(&["Austria", "England", "France", "Italy", "Russia", "Turkey", "Observer", "Master"]);
  assert_eq!(receivers(&mail, &broadcast), everyone_else, "{:#?}", subjects(&mail));
  for m in with_subject(&mail, &broadcast) {
    assert_eq!(
      message(m),
      "Broadcast message from germany@players.test as Germany in 'bcast':\n\nPeace in our time.\n",
      "the mail to {}",
      m.to
    );
    assert!(m.body.starts_with(":: Judge: XXXX  Game: Bcast"), "{}", m.body);
  }
  let reply = table.reply(&mail, "Germany");
  assert!(reply.body.contains("Broadcast message sent:"), "{}", reply.body);
  assert_eq!(mail.len(), everyone_else.len() + 1, "{:#?}", subjects(&mail));

  // PRESS TO ALL is the same.
  let mail = mail_from(&table, "Italy", "PRESS TO ALL\nAnd from Rome.\nENDPRESS\n");
  let broadcast = subject("bcast", "Broadcast from I");
  assert_eq!(receivers(&mail, &broadcast).len(), 8, "{:#?}", subjects(&mail));
  assert!(!receivers(&mail, &broadcast).contains(&player("Italy")));
}

// ------------------------------------------------------------- colours

#[test]
fn grey_press_hides_the_sender_from_everyone_but_the_master() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "grey", START);
  master_sets(&table, "SET WHITE/GREY\n");
  master_reads_all_press(&table);

  // GREY to one power: France cannot tell who sent it; the Master (who
  // asked for all press) is told the truth in brackets.
  let mail = mail_from(&table, "Germany", "PRESS GREY TO F\nBeware of England.\nENDPRESS\n");
  let to_f = subject("grey", "Press to F");
  assert_eq!(receivers(&mail, &to_f), addresses(&["France", "Master"]), "{:#?}", subjects(&mail));
  let to_france = one(&mail, &player("France"), &to_f);
  assert_eq!(message(to_france), "Message to France in 'grey':\n\nBeware of England.\n");
  assert!(!to_france.raw.to_lowercase().contains("germany"), "{}", to_france.raw);
  let to_master = one(&mail, MASTER, &to_f);
  assert!(
    to_master.body.contains("Message [from germany@players.test as Germany] to France in 'grey':"),
    "{}",
    to_master.body
  );

  // ANONYMOUSLY on a broadcast; WHITE and UNANONYMOUS(LY) sign it.
  let mail = mail_from(
    &table,
    "Germany",
    "BROADCAST ANONYMOUSLY\nSomeone is lying.\nENDPRESS\n\
     PRESS ANONYMOUS TO I\nA secret.\nENDPRESS\n\
     PRESS WHITE TO F\nSigned, Germany.\nENDPRESS\n\
     PRESS UNANONYMOUSLY TO R\nAlso signed.\nENDPRESS\n\
     PRESS UNANONYMOUS TO T\nSigned too.\nENDPRESS\n",
  );
  let broadcast = subject("grey", "Broadcast");
  assert_eq!(receivers(&mail, &broadcast).len(), 7, "{:#?}", subjects(&mail));
  let to_austria = one(&mail, &player("Austria"), &broadcast);
  assert_eq!(message(to_austria), "Broadcast message in 'grey':\n\nSomeone is lying.\n");
  let to_master = one(&mail, MASTER, &broadcast);
  assert!(
    to_master.body.contains("Broadcast message [from germany@players.test as Germany] in 'grey':"),
    "{}",
    to_master.body
  );
  let to_italy = one(&mail, &player("Italy"), &subject("grey", "Press to I"));
  assert!(to_italy.body.contains("Message to Italy in 'grey':"), "{}", to_italy.body);
  for (power, letter) in [("France", 'F'), ("Russia", 'R'), ("Turkey", 'T')] {
    let signed = one(&mail, &player(power), &subject("grey", &format!("Press from G to {letter}")));
    let heading = format!("Message from germany@players.test as Germany to {power} in 'grey':");
    assert!(signed.body.contains(&heading), "{}", signed.body);
  }

  // The history keeps the grey broadcast as the players saw it.
  judge.send_at(START, STRANGER, "history", "HISTORY grey\n");
  let mail = judge.take_mail();
  let history = only_reply(&mail, STRANGER);
  assert!(
    history.body.contains("Broadcast message in 'grey':\n\nSomeone is lying."),
    "{}",
    history.body
  );
  assert!(!history.body.contains("as Germany]"), "{}", history.body);
  assert!(!history.body.contains("A secret."), "partial press is not kept:\n{}", history.body);

  // Grey only: press is anonymous without asking, WHITE is refused, and
  // press to the Master still names its sender.
  master_sets(&table, "SET GREY\n");
  let mail = mail_from(&table, "Russia", "PRESS TO A\nFrom nobody.\nENDPRESS\n");
  let to_a = one(&mail, &player("Austria"), &subject("grey", "Press to A"));
  assert_eq!(message(to_a), "Message to Austria in 'grey':\n\nFrom nobody.\n");
  let mail = mail_from(&table, "Russia", "PRESS WHITE TO A\nFrom Russia.\nENDPRESS\n");
  let reply = only_reply(&mail, &player("Russia"));
  assert!(reply.body.contains("Game 'grey' allows only grey (anonymous) press."), "{}", reply.body);
  assert!(reply.body.contains("No message was sent."), "{}", reply.body);
  let mail = mail_from(&table, "Russia", "PRESS TO M\nI need more time.\nENDPRESS\n");
  let to_master = one(&mail, MASTER, &subject("grey", "Press from R to M"));
  assert!(
    to_master.body.contains("Message from russia@players.test as Russia to Master in 'grey':"),
    "{}",
    to_master.body
  );
  assert_eq!(mail.len(), 2, "{:#?}", subjects(&mail));
}

// --------------------------------------------------------------- fakes

#[test]
fn fake_press_shows_other_recipients_than_the_real_ones() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "fakes", START);

  // Not before the Master allows it.
  let mail = mail_from(&table, "Italy", "PRESS TO FRG FAKE\nHello.\nENDPRESS\n");
  let reply = only_reply(&mail, &player("Italy"));
  assert!(reply.body.contains("Game 'fakes' does not allow fake press."), "{}", reply.body);
  assert!(reply.body.contains("No message was sent."), "{}", reply.body);

  master_sets(&table, "SET PARTIAL MAY BE FAKED\n");

  // FAKE before the list: a broadcast that shows as going to F, R and G.
  let mail = mail_from(&table, "Italy", "PRESS FAKE TO FRG\nOur little secret.\nENDPRESS\n");
  let shown = subject("fakes", "Press from I to FRG");
  let everyone_else =
    addresses(&["Austria", "England", "France", "Germany", "Russia", "Turkey", "Master"]);
  assert_eq!(receivers(&mail, &shown), everyone_else, "{:#?}", subjects(&mail));
  let to_austria = one(&mail, &player("Austria"), &shown);
  let said = message(to_austria);
  assert!(
    said.starts_with("Message from italy@players.test as Italy to France, Russia and Germany in")
      && said.ends_with("\n'fakes':\n\nOur little secret.\n"),
    "{said}"
  );
  let to_master = one(&mail, MASTER, &shown);
  assert!(
    to_master.body.says(
      "Message from italy@players.test as Italy to France, Russia and Germany \
       [really to everyone] in 'fakes':"
    ),
    "the Master sees the truth:\n{}",
    to_master.body
  );
  let reply = table.reply(&mail, "Italy");
  assert!(reply.body.contains("Broadcast message sent:"), "{}", reply.body);

  // FAKE after the list: to F, R and G, showing as a broadcast.
  master_reads_all_press(&table);
  let mail = mail_from(
    &table,
    "Italy",
    "PRESS TO FRG FAKE\nTo the whole world.\nENDPRESS\n\
     PRESS FAKE BROADCAST TO FR\nAgain to the world.\nENDPRESS\n",
  );
  let shown = subject("fakes", "Broadcast from I");
  let to_frg = with_subject(&mail, &shown)
    .into_iter()
    .filter(|m| m.body.contains("To the whole world."))
    .map(|m| m.to.clone())
    .collect::<BTreeSet<String>>();
  assert_eq!(
    to_frg,
    addresses(&["France", "Russia", "Germany", "Master"]),
    "{:#?}",
    subjects(&mail)
  );
  let to_france = with_subject(&mail, &shown)
    .into_iter()
    .find(|m| m.to == player("France") && m.body.contains("To the whole world."))
    .expect("France's copy");
  assert_eq!(
    message(to_france),
    "Broadcast message from italy@players.test as Italy in 'fakes':\n\nTo the whole world.\n"
  );
  let to_master = with_subject(&mail, &shown)
    .into_iter()
    .find(|m| m.to == MASTER && m.body.contains("To the whole world."))
    .expect("the Master's copy");
  assert!(
    to_master.body.says(
      "Broadcast message from italy@players.test as Italy [really to France, Russia and \
       Germany] in 'fakes':"
    ),
    "{}",
    to_master.body
  );
  let to_fr = with_subject(&mail, &shown)
    .into_iter()
    .filter(|m| m.body.contains("Again to the world."))
    .map(|m| m.to.clone())
    .collect::<BTreeSet<String>>();
  assert_eq!(to_fr, addresses(&["France", "Russia", "Master"]), "{:#?}", subjects(&mail));
  let reply = table.reply(&mail, "Italy");
  assert!(reply.body.contains("Message sent to France, Russia and Germany:"), "{}", reply.body);
  assert_eq!(mail.len(), 8, "{:#?}", subjects(&mail));

  // Press to the Master is never faked.
  let mail = mail_from(
    &table,
    "Italy",
    "PRESS TO M FAKE\nPlease.\nENDPRESS\nPRESS FAKE TO FR TO M\nPlease.\nENDPRESS\n",
  );
  let reply = only_reply(&mail, &player("Italy"));
  assert_eq!(
    reply.body.matches("Press to the Master cannot be faked.").count(),
    2,
    "{}",
    reply.body
  );
}

// ------------------------------------------------------------ refusals

#[test]
fn press_that_cannot_go_is_refused_and_nothing_is_sent() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "refuse", START);

  // No options; a name instead of initials; grey in a white game.
  for (lines, expected) in [
    (
      "PRESS\nMy secret attack plans.\nENDPRESS\n",
      "PRESS needs options saying who gets the message (for example PRESS TO G);\n\
       to send a message to everyone, use BROADCAST.",
    ),
    (
      "PRESS TO Turkey\nHello Turkey.\nENDPRESS\n",
      "'U', 'K' and 'Y' in 'TURKEY' are not the initial of a power.",
    ),
    (
      "PRESS GREY TO T\nGuess who.\nENDPRESS\n",
      "Game 'refuse' does not allow grey (anonymous) press.",
    ),
  ] {
    let mail = mail_from(&table, "France", lines);
    let reply = only_reply(&mail, &player("France"));
    assert!(reply.body.contains(expected), "{lines}:\n{}", reply.body);
    assert!(reply.body.contains("No message was sent."), "{lines}:\n{}", reply.body);
  }

  // No press: only press to the Master goes.
  for setting in ["SET NO PRESS\n", "SET NONE\n", "SET PRESS NONE\n"] {
    master_sets(&table, setting);
    let mail = mail_from(
      &table,
      "France",
      "PRESS TO G\nPsst.\nENDPRESS\n\
       BROADCAST\nHello all.\nENDPRESS\n\
       PRESS TO GM\nBoth.\nENDPRESS\n",
    );
    let reply = only_reply(&mail, &player("France"));
    assert_eq!(
      reply
        .body
        .matches("Game 'refuse' does not allow press, except to the Master (PRESS TO M).")
        .count(),
      3,
      "after {setting}:\n{}",
      reply.body
    );
    let mail = mail_from(&table, "France", "PRESS TO M\nCan we have press back?\nENDPRESS\n");
    let to_master = one(&mail, MASTER, &subject("refuse", "Press from F to M"));
    assert!(to_master.body.contains("Can we have press back?"), "{}", to_master.body);
    assert_eq!(mail.len(), 2, "after {setting}: {:#?}", subjects(&mail));
    master_sets(&table, "SET WHITE\n");
  }

  // The Master may always send press.
  master_sets(&table, "SET NO PRESS\n");
  let mail = mail_from(&table, "Master", "BROADCAST\nPress is off this season.\nENDPRESS\n");
  let broadcast = subject("refuse", "Broadcast from M");
  assert_eq!(receivers(&mail, &broadcast).len(), 7, "{:#?}", subjects(&mail));
  let to_france = one(&mail, &player("France"), &broadcast);
  assert_eq!(
    message(to_france),
    "Broadcast message from master@players.test as Master in 'refuse':\n\n\
     Press is off this season.\n"
  );

  // With press back, the same message goes.
  master_sets(&table, "SET WHITE\n");
  let mail = mail_from(&table, "France", "PRESS TO G\nPsst.\nENDPRESS\n");
  assert_eq!(receivers(&mail, &subject("refuse", "Press from F to G")), addresses(&["Germany"]));
}

// ------------------------------------------------------- text and ends

#[test]
fn the_text_runs_to_its_end_line_and_commands_in_it_are_only_words() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "ends", START);
  let text = "Hello France.\nRESIGN\nSET NO DRAW\nSET PASSWORD stolen\nA Mun-Bur\n\
              end press\nENDPRESS is what I type at the end.\n";
  let lines = format!(
    "PRESS TO F\n{text}ENDPRESS\n\
     BROADCAST\nSecond message.\nENDPRESS\n\
     PRESS TO I\nThird message.\nENDBROADCAST\n\
     PRESS TO R\nFourth message.\nSIGN OFF\n\
     BROADCAST\nNever sent.\nENDBROADCAST\n"
  );
  let mail = mail_from(&table, "Germany", &lines);

  let to_france = one(&mail, &player("France"), &subject("ends", "Press from G to F"));
  assert_eq!(
    message(to_france),
    format!("Message from germany@players.test as Germany to France in 'ends':\n\n{text}")
  );
  let broadcast = subject("ends", "Broadcast from G");
  assert_eq!(receivers(&mail, &broadcast).len(), 7, "{:#?}", subjects(&mail));
  assert!(with_subject(&mail, &broadcast)
    .iter()
    .all(|m| message(m).ends_with(":\n\nSecond message.\n")));
  let to_italy = one(&mail, &player("Italy"), &subject("ends", "Press from G to I"));
  assert!(message(to_italy).ends_with(":\n\nThird message.\n"), "{}", to_italy.body);
  let to_russia = one(&mail, &player("Russia"), &subject("ends", "Press from G to R"));
  assert!(message(to_russia).ends_with(":\n\nFourth message.\n"), "{}", to_russia.body);
  assert!(!mail.iter().any(|m| m.body.contains("Never sent.") && !m.subject.starts_with("Re:")));
  assert_eq!(mail.len(), 11, "four messages and the reply, nothing else: {:#?}", subjects(&mail));

  // The reply shows each message's lines with no answer between them:
  // none of them was carried out as a command.
  let reply = table.reply(&mail, "Germany");
  let echoed: String = text.lines().map(|l| format!("> {l}\n")).collect();
  assert!(
    reply.body.contains(&format!("> PRESS TO F\n{echoed}Message sent to France:\n")),
    "{}",
    reply.body
  );
  assert!(!reply.body.contains("No ENDPRESS line"), "{}", reply.body);

  // Germany is still in the game, with the old password.
  let mail = mail_from(&table, "Germany", "PRESS TO F\nStill here.\nENDPRESS\n");
  let reply = table.reply(&mail, "Germany");
  assert!(reply.body.contains("You are signed on as Germany in game 'ends'."), "{}", reply.body);
  assert_eq!(receivers(&mail, &subject("ends", "Press from G to F")), addresses(&["France"]));
  let listing = table.listing(START);
  assert!(listing.contains("germany@players.test"), "{listing}");

  // SIGNOFF (no space) ends press too, as in the manual's example; press
  // with no end runs to the end of the mail, and the reply says so.
  let mail = mail_from(
    &table,
    "Italy",
    "PRESS TO R\nThis is Austria.\n-Ferdinand\nSIGNOFF\nBROADCAST\nNot sent.\n",
  );
  let to_russia = one(&mail, &player("Russia"), &subject("ends", "Press from I to R"));
  assert!(
    message(to_russia).ends_with(":\n\nThis is Austria.\n-Ferdinand\n"),
    "{}",
    to_russia.body
  );
  assert_eq!(mail.len(), 2, "{:#?}", subjects(&mail));
  let mail = mail_from(&table, "Italy", "PRESS TO R\nNo end line.\nA Ven-Tyr\n");
  let to_russia = one(&mail, &player("Russia"), &subject("ends", "Press from I to R"));
  assert!(message(to_russia).ends_with(":\n\nNo end line.\nA Ven-Tyr\n"), "{}", to_russia.body);
  let reply = table.reply(&mail, "Italy");
  assert!(
    reply.body.contains("(No ENDPRESS line ended the message: it ran to the end of your mail.)"),
    "{}",
    reply.body
  );
}

// ------------------------------------------------------------- gunboat

#[test]
fn in_a_gunboat_game_press_names_the_power_but_not_the_address() {
  let judge = Judge::with_config(FAST);
  register(&judge, START, MASTER);
  for (power, _) in POWERS {
    register(&judge, START, &player(power));
  }
  judge.send_at(START, MASTER, "create", "CREATE ?gun masterpw Standard Gunboat\nBECOME MASTER\n");
  for (power, letter) in POWERS {
    let body = format!("SIGN ON ?gun {} Gunboat\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(START, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(mail.iter().any(|m| m.subject.ends_with("Game Starting")), "{:#?}", subjects(&mail));
  let table = Table { judge: &judge, game: "gun".to_string() };

  let mail = mail_from(
    &table,
    "Germany",
    "PRESS TO F\nGuess who I am.\nENDPRESS\nBROADCAST\nFrom the Kaiser.\nENDPRESS\n",
  );
  let to_france = one(&mail, &player("France"), &subject("gun", "Press from G to F"));
  assert_eq!(message(to_france), "Message from Germany to France in 'gun':\n\nGuess who I am.\n");
  let broadcast = subject("gun", "Broadcast from G");
  assert_eq!(receivers(&mail, &broadcast).len(), 7, "{:#?}", subjects(&mail));
  for m in with_subject(&mail, &broadcast) {
    if m.to == MASTER {
      assert!(
        m.body.contains("Broadcast message from [germany@players.test as] Germany in 'gun':"),
        "the Master knows who plays Germany:\n{}",
        m.body
      );
    } else {
      assert_eq!(message(m), "Broadcast message from Germany in 'gun':\n\nFrom the Kaiser.\n");
    }
  }
  for m in mail.iter().filter(|m| m.to != MASTER && m.to != player("Germany")) {
    assert!(!m.raw.contains("germany@players.test"), "the address leaks:\n{}", m.raw);
  }
}

// ------------------------------------------------------------- history

#[test]
fn the_history_keeps_the_press_observers_can_read_and_no_other() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "hist", START);
  let mail = mail_from(
    &table,
    "England",
    "PRESS TO FG\nsecret-to-fg\nENDPRESS\n\
     BROADCAST\npublic-broadcast\nENDPRESS\n\
     PRESS TO ALL BUT R\nall-but-russia\nENDPRESS\n\
     PRESS -RO\nall-but-russia-and-observers\nENDPRESS\n\
     PRESS TO O\nfor-the-observers\nENDPRESS\n",
  );
  assert!(table.reply(&mail, "England").body.contains("Broadcast message sent:"));

  judge.send_at(START, STRANGER, "history", "HISTORY hist\n");
  let mail = judge.take_mail();
  let history = only_reply(&mail, STRANGER);
  let text = &history.body;
  assert!(text.contains("XXXX:hist - S1901M Broadcast from E"), "{text}");
  assert!(
    text.contains(
      "Broadcast message from england@players.test as England in 'hist':\n\npublic-broadcast"
    ),
    "{text}"
  );
  assert!(text.contains("all-but-russia\n"), "observers read it, so it is kept:\n{text}");
  assert!(text.contains("for-the-observers"), "{text}");
  assert!(!text.contains("secret-to-fg"), "press to F and G is not kept:\n{text}");
  assert!(!text.contains("all-but-russia-and-observers"), "-RO is not kept:\n{text}");
}
