//! Crystal Ball games by mail (issue 27): a game created `Standard
//! Crystal Ball` played for two years, every mail checked: the first
//! turn's lists and their lock, the open lists, which entries of a locked
//! list were carried out (the FAQ's French list, a revoked order, a proxy
//! used and one refused, an order for another power's unit), retreats and
//! builds in real time with the open list after PHASE, a power that sent
//! no open list holding in civil disorder, the secrecy of the lists (each
//! player its own, the Master all, nobody else, nothing in HISTORY), and
//! the refusals; then PUBLIC_LISTS and LIMIT_LISTS, the rules the game
//! type forces and refuses, LIST, and GET info.xtalball; SET [NO] PUBLIC
//! LISTS and SET [NO] LIMITED LISTS, SUMMARY, ROLLBACK, the lists revealed
//! at the end, and the early start of an EMPTY BOARD and of a MOBILIZE game.

use crate::game_support::{mail_ending, player, Table, FAST, MASTER, POWERS};
use crate::judge_support::{subjects, Judge, Says, Sent};

const GAME: &str = "ball";
const OBSERVER: &str = "watcher@players.test";
const START: &str = "2026-03-02T10:00:00Z";
const S1901: &str = "2026-03-02T11:00:00Z";
const F1901: &str = "2026-03-02T12:00:00Z";
const S1902: &str = "2026-03-02T13:00:00Z";
const W1901: &str = "2026-03-02T14:00:00Z";
const F1902: &str = "2026-03-02T15:00:00Z";
const S1903: &str = "2026-03-02T16:00:00Z";
const W1902: &str = "2026-03-02T17:00:00Z";
const ASKED: &str = "2026-03-02T18:00:00Z";

/// The lists for Spring 1901, the game's first turn: Italy proxies
/// Venice to Austria, who orders it; Germany revokes its first Munich
/// order; England orders a French army (not proxied to it); Turkey
/// proxies Ankara to Russia, who gives it no order.
fn spring_1901(power: &str) -> &'static str {
  match power {
    "Austria" => "A Ven - Pie\nA Vie - Gal\nA Bud - Ser\nF Tri - Alb\n",
    "England" => "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor\nA Par - Bur\n",
    "France" => "A Par - Pic\nF Bre - Eng\nA Mar - Bur\n",
    "Germany" => "F Kie - Hol\nA Mun - Bur\nA Mun - Ruh\nA Ber - Kie\n",
    "Italy" => "A Ven P Austria\nA Rom - Apu\nF Nap - Ion\n",
    "Russia" => "A War - Gal\nA Mos - Ukr\nF Sev - Bla\nF Stp/sc - Bot\n",
    "Turkey" => "F Ank P Russia\nA Con - Bul\nA Smy - Con\n",
    other => panic!("not a power: {other}"),
  }
}

/// The lists for Fall 1901, written before Spring is played. France's is
/// the FAQ's: with four orders considered (Russia's four centres), its
/// fifth, A Pic - Bel, is ignored.
fn fall_1901(power: &str) -> &'static str {
  match power {
    "Austria" => "A Ser H\nF Alb H\n",
    "England" => "F Nth - Nwy\nA Yor H\n",
    "France" => "F Eng S A Pic - Bel\nF Bre - Eng\nA Bur S A Pic - Bel\nA Mar - Bur\nA Pic - Bel\n",
    "Germany" => "F Hol H\nA Ruh - Bel\n",
    "Italy" => "A Apu H\nF Ion - Tun\n",
    "Russia" => "F Bot - Swe\nA Ukr - Rum\n",
    "Turkey" => "A Bul - Gre\nA Con - Bul\n",
    other => panic!("not a power: {other}"),
  }
}

/// A list that holds (a guess at one unit is enough: the others hold).
fn hold_list(power: &str) -> &'static str {
  match power {
    "Austria" => "A Vie H\n",
    "England" => "A Yor H\n",
    "France" => "A Bur H\n",
    "Germany" => "F Hol H\n",
    "Italy" => "A Apu H\n",
    "Russia" => "A War H\n",
    "Turkey" => "A Bul H\n",
    other => panic!("not a power: {other}"),
  }
}

/// Registers everyone and starts game [`GAME`] as Crystal Ball; an
/// observer watches.
fn start<'j>(judge: &'j Judge, settings: &str) -> Table<'j> {
  Table::start_watched(judge, GAME, "Standard Crystal Ball", settings, OBSERVER)
}

/// Every mail about the game starts with its `::` header, naming the game
/// type.
fn check_headers(mail: &[Sent]) {
  let header = ":: Judge: XXXX  Game: Ball  Variant: Standard CrystalBall\n";
  crate::game_support::assert_headers(mail, header);
}

/// The lists mail of a processed movement phase: each player gets only
/// its own list, the Master every list, the observer none.
fn check_secret_lists(mail: &[Sent], phase: &str) -> String {
  let subject = format!("{GAME} - {phase} Crystal Ball Lists");
  let lists: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with(&subject)).collect();
  assert!(!lists.iter().any(|m| m.to == OBSERVER), "{phase}: the observer got lists");
  let master = lists.iter().find(|m| m.to == MASTER).expect("the Master's lists");
  for (power, _) in POWERS {
    assert!(master.body.contains(&format!("\n{power}:")), "{phase}: Master lacks {power}");
    let Some(own) = lists.iter().find(|m| m.to == player(power)) else { continue };
    for (other, _) in POWERS.iter().filter(|(p, _)| *p != power) {
      assert!(!own.body.contains(&format!("{other}:")), "{phase}: {power} sees {other}'s list");
    }
  }
  master.body.clone()
}

#[test]
fn a_crystal_ball_game_plays_two_years_by_mail() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "");

  // A list with refused lines changes nothing; the reply says why and how.
  let run = table.send("France", S1901, "A Par - Pic\nPar - Bur\nA Par - Lon\n");
  let mail = judge.take_mail();
  check_headers(&mail);
  let reply = table.reply(&mail, "France");
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.body);
  assert!(reply.body.contains("Listed for S1901M: A Par - Pic"), "{}", reply.body);
  assert!(reply.body.contains("Write the unit's type in a Crystal Ball list"), "{}", reply.body);
  assert!(reply.body.contains("This line was not listed."), "{}", reply.body);
  assert!(reply.body.contains("(S1901M) was not changed: 2\nlines were refused"), "{}", reply.body);
  assert!(reply.body.contains("First-turn list, for Spring 1901 Movement"), "{}", reply.body);
  assert!(reply.body.contains("  (none yet)"), "the list stayed empty:\n{}", reply.body);
  drop(run);

  // The first turn's lists: the last one locks them, and everyone is told.
  for (power, _) in POWERS {
    table.send(power, S1901, spring_1901(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let reply = table.reply(&mail, "Italy");
  assert!(reply.body.contains("Listed for S1901M: A Ven P Austria"), "{}", reply.body);
  assert!(reply.body.contains("first-turn list for Spring 1901 Movement (S1901M) now has 3"));
  let last = table.reply(&mail, "Turkey");
  assert!(last.body.contains("the first turn's lists: they are now locked"), "{}", last.body);
  assert!(last.body.contains("Locked, for Spring 1901 Movement (S1901M):\n  F Ank P Russia"));
  for to in POWERS.iter().map(|(p, _)| player(p)).chain([MASTER.to_string(), OBSERVER.into()]) {
    let notice = mail_ending(&mail, &to, "S1901M Lists Locked");
    assert!(notice.body.contains("should now send the next order list"), "{}", notice.body);
  }
  assert!(!mail.iter().any(|m| m.subject.ends_with("Results")), "nothing played yet");

  // A second list for the locked phase is refused, with the right form.
  table.send("France", F1901, "PHASE Spring 1901 Movement\nA Par - Gas\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("Your list for Spring 1901 Movement (S1901M) is locked"));
  assert!(reply.body.contains("PHASE F1901M, or without a PHASE line"), "{}", reply.body);
  assert!(reply.body.contains("  A Par - Pic\n  F Bre - Eng\n  A Mar - Bur\n"), "{}", reply.body);
  // IF is refused in a Crystal Ball game.
  table.send("France", F1901, "IF Bur\nA Par H\nENDIF\n");
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.contains("Conditional orders (IF) are not taken"), "{reply}");

  // The open lists for Fall 1901: the last one plays Spring 1901.
  for (power, _) in POWERS {
    table.send(power, F1901, fall_1901(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = mail_ending(&mail, &player("France"), "S1901M Results");
  assert!(results.body.says("carried out from the lists locked for Movement for Spring of 1901"));
  for line in [
    "Italy: Army Venice Proxy given to Austria.",
    "Italy: Army Venice -> Piedmont.",
    "France: Army Marseilles -> Burgundy.",
    "Germany: Army Munich -> Ruhr.",
    "Turkey: Fleet Ankara, No Order Processed.",
  ] {
    assert!(results.body.contains(line), "{line}:\n{}", results.body);
  }
  assert!(!results.body.contains("Munich -> Burgundy"), "the revoked order:\n{}", results.body);
  let all = check_secret_lists(&mail, "S1901M");
  for line in [
    "Austria:  [byProxy] A Ven - Pie",
    "England:  [noProxy] A Par - Bur",
    "Germany:  [revoked] A Mun - Bur",
    "Germany:  [ordered] A Mun - Ruh",
    "Italy:    [proxied] A Ven P Austria",
    "Turkey:   [refused] F Ank P Russia",
  ] {
    assert!(all.contains(line), "{line}:\n{all}");
  }
  let french = mail_ending(&mail, &player("France"), "S1901M Crystal Ball Lists");
  assert!(french.body.contains("France:   [ordered] F Bre - Eng"), "{}", french.body);
  // Nothing of the lists is in HISTORY.
  judge.send_at(F1901, OBSERVER, "history", &format!("HISTORY {GAME}\n"));
  let history = judge.take_mail();
  let history = &history.iter().find(|m| m.to == OBSERVER).expect("history").body;
  assert!(history.contains("Army Venice -> Piedmont"), "{history}");
  assert!(!history.contains("[byProxy]") && !history.contains("A Ven P Austria"), "{history}");

  // The lists for Spring 1902, written before Fall 1901 is played.
  for (power, _) in POWERS {
    table.send(power, S1902, hold_list(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = mail_ending(&mail, MASTER, "F1901M Results");
  assert!(results.body.says("The first 4 orders and the first 3 proxies"), "{}", results.body);
  assert!(results.body.contains("France: Army Picardy HOLD."), "{}", results.body);
  assert!(results.body.contains("Germany: Army Ruhr -> Belgium."), "{}", results.body);
  let all = check_secret_lists(&mail, "F1901M");
  for line in [
    "France:   [ordered] F Eng S A Pic - Bel",
    "France:   [no unit] F Bre - Eng",
    "France:   [no unit] A Mar - Bur",
    "France:   [ignored] A Pic - Bel",
    "France:   [default] A Picardy H",
  ] {
    assert!(all.contains(line), "{line}:\n{all}");
  }
  let french = mail_ending(&mail, &player("France"), "F1901M Crystal Ball Lists");
  assert!(french.body.contains("France:   [ignored] A Pic - Bel"), "{}", french.body);

  // Winter 1901: builds in real time. The open list (Fall 1902) goes
  // after a PHASE line naming its phase; the locked one (Spring 1902) is
  // refused. Germany guesses the type of its unit in Kiel wrong.
  let germany = "BUILD A Ber\nBUILD A Mun\nPHASE Spring 1902 Movement\nA Mun - Bur\n\
                 PHASE Fall 1902 Movement\nF Kie - Den\nA Kie - Den\nA Mun - Bur\n";
  table.send("Germany", W1901, germany);
  let mail = judge.take_mail();
  check_headers(&mail);
  let reply = table.reply(&mail, "Germany");
  assert!(reply.body.contains("Accepted: Build Army Berlin."), "{}", reply.body);
  assert!(
    reply.body.says("Your list for Spring 1902 Movement (S1902M) is locked"),
    "{}",
    reply.body
  );
  assert!(reply.body.says("The list you may write now is for Fall 1902 Movement (F1902M)"));
  assert!(reply.body.contains("Listed for F1902M: F Kie - Den"), "{}", reply.body);
  assert!(reply.body.contains("Open, for Fall 1902 Movement (F1902M):\n  F Kie - Den\n"));
  assert!(reply.body.contains("Locked, for Spring 1902 Movement (S1902M):\n  F Hol H\n"));
  let builds = [
    ("Austria", "BUILD A Bud\n"),
    ("England", "BUILD F Lon\n"),
    ("Italy", "BUILD F Nap\n"),
    ("Russia", "BUILD A Mos\nBUILD F Sev\n"),
    ("Turkey", "BUILD A Con\nBUILD A Smy\n"),
  ];
  for (power, lines) in builds {
    table.send(power, W1901, lines);
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = mail_ending(&mail, &player("France"), "F1901B Results");
  assert!(results.body.says("Germany: Builds an army in Munich."), "{}", results.body);
  assert!(!mail.iter().any(|m| m.subject.contains("Crystal Ball Lists")), "no lists in Winter");

  // Spring 1902 waits for the Fall 1902 lists; Italy sends none, and the
  // Master processes without it: Italy is in civil disorder and holds.
  for (power, _) in POWERS.iter().filter(|(p, _)| !matches!(*p, "Germany" | "Italy")) {
    table.send(power, F1902, hold_list(power));
  }
  let mail = judge.take_mail();
  assert!(!mail.iter().any(|m| m.subject.ends_with("Results")), "Italy's list is missing");
  judge.send_at(F1902, MASTER, "process", &format!("SIGN ON M{GAME} masterpw\nPROCESS\n"));
  let mail = judge.take_mail();
  check_headers(&mail);
  mail_ending(&mail, &player("Italy"), "S1902M Results");
  check_secret_lists(&mail, "S1902M");

  // Fall 1902 waits for every Spring 1903 list but Italy's.
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "Italy") {
    table.send(power, S1903, hold_list(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = mail_ending(&mail, OBSERVER, "F1902M Results");
  assert!(results.body.contains("Germany: Army Kiel -> Denmark."), "{}", results.body);
  assert!(
    results.body.contains("Germany: Army Munich -> Burgundy. (*bounce*)"),
    "{}",
    results.body
  );
  assert!(results.body.contains("Italy: Army Apulia HOLD."), "{}", results.body);
  let all = check_secret_lists(&mail, "F1902M");
  for line in ["Germany:  [no unit] F Kie - Den", "Germany:  [ordered] A Kie - Den"] {
    assert!(all.contains(line), "{line}:\n{all}");
  }
  assert!(!all.contains("Italy:    [ordered]"), "Italy sent no list:\n{all}");
  assert!(all.contains("Italy:    [default] A Apulia H"), "{all}");

  // Winter 1902: Germany builds for Denmark; the game is in Spring 1903.
  table.send("Germany", W1902, "BUILD F Kie\n");
  let mail = judge.take_mail();
  check_headers(&mail);
  mail_ending(&mail, MASTER, "F1902B Results");
  let listing = table.listing(ASKED);
  assert!(listing.contains("S1903M"), "{listing}");
  assert!(listing.says("Crystal Ball"), "{listing}");

  // HISTORY, which anyone may read, holds no list.
  judge.send_at(ASKED, OBSERVER, "history", &format!("HISTORY {GAME}\n"));
  let history = judge.take_mail();
  let history = &history.iter().find(|m| m.to == OBSERVER).expect("history").body;
  assert!(history.contains("Germany: Army Kiel -> Denmark."), "{history}");
  assert!(!history.contains("[ordered]") && !history.contains("F Kie - Den"), "{history}");
}

#[test]
fn public_and_limited_lists_go_to_everyone_and_into_history() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "SET RULE LIMIT_LISTS\n");
  for (power, _) in POWERS {
    table.send(power, S1901, spring_1901(power));
  }
  for (power, _) in POWERS {
    table.send(power, F1901, fall_1901(power));
  }
  let mail = judge.take_mail();
  let observer = mail_ending(&mail, OBSERVER, "S1901M Crystal Ball Lists");
  for (power, _) in POWERS {
    assert!(observer.body.contains(&format!("\n{power}:")), "{power}:\n{}", observer.body);
  }
  // At most four entries (Russia's centres) of each list are shown.
  assert!(observer.body.contains("Austria:  [ordered] F Tri - Alb"), "{}", observer.body);
  assert!(!observer.body.contains("Turkey:   [default]"), "{}", observer.body);
  table.send("France", S1902, hold_list("France"));
  judge.take_mail();
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, S1902, hold_list(power));
  }
  let mail = judge.take_mail();
  let lists = mail_ending(&mail, &player("England"), "F1901M Crystal Ball Lists");
  assert!(lists.body.contains("France:   [no unit] A Mar - Bur"), "{}", lists.body);
  assert!(!lists.body.contains("[ignored] A Pic - Bel"), "the fifth entry is cut:\n{}", lists.body);
  let master = mail_ending(&mail, MASTER, "F1901M Crystal Ball Lists");
  assert!(master.body.contains("France:   [ignored] A Pic - Bel"), "{}", master.body);
  judge.send_at(ASKED, OBSERVER, "history", &format!("HISTORY {GAME}\n"));
  let history = judge.take_mail();
  let history = &history.iter().find(|m| m.to == OBSERVER).expect("history").body;
  assert!(history.contains("France:   [no unit] A Mar - Bur"), "{history}");
}

#[test]
fn the_game_type_forces_and_refuses_rules_and_has_its_help() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  judge.take_mail();
  let body = "CREATE ?orb masterpw Xtalball\nBECOME MASTER\nSET RULE PUBLIC_LISTS\n\
              SET NO RULE FICTIONAL_OK\nSET VARIANT Blind\nSET RULE ZEROSUM\n";
  judge.send_at(START, MASTER, "create", body);
  let mail = judge.take_mail();
  let reply = crate::game_support::reply(&mail, MASTER);
  assert!(
    reply.body.says("everyone after each movement phase, and into HISTORY (PUBLIC_LISTS)"),
    "{}",
    reply.body
  );
  assert!(reply.body.says("Crystal Ball games always play with FICTIONAL_OK"), "{}", reply.body);
  assert!(reply.body.says("A Crystal Ball game cannot be blind"), "{}", reply.body);
  assert!(reply.body.says("ZEROSUM is a rule of Payola games"), "{}", reply.body);
  judge.send_at(START, MASTER, "list", "LIST orb\n");
  let mail = judge.take_mail();
  let listing = &crate::game_support::reply(&mail, MASTER).body;
  assert!(listing.says("Crystal Ball"), "{listing}");
  assert!(listing.contains("PUBLIC_LISTS"), "{listing}");
  // Outside Crystal Ball games its rules are refused.
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?plain masterpw\nBECOME MASTER\nSET RULE LIMIT_LISTS\n",
  );
  let reply = crate::game_support::reply(&judge.take_mail(), MASTER).body.clone();
  assert!(reply.says("LIMIT_LISTS is a rule of Crystal Ball games"), "{reply}");
  judge.send_at(START, MASTER, "get", "GET info.xtalball\n");
  let mail = judge.take_mail();
  let help = mail.iter().find(|m| m.to == MASTER && !m.subject.starts_with("Re:"));
  let help = &help.unwrap_or_else(|| panic!("no help in {:#?}", subjects(&mail))).body;
  assert!(help.contains("Crystal Ball: orders written a turn ahead"), "{help}");
  assert!(help.contains("SET RULE LIMIT_LISTS"), "{help}");
}

/// Sends every power's first-turn list and then its open list for Fall
/// 1901, which plays Spring 1901; returns the mail of that processing.
fn play_spring_1901(judge: &Judge, table: &Table<'_>) -> Vec<Sent> {
  for (power, _) in POWERS {
    table.send(power, S1901, spring_1901(power));
  }
  judge.take_mail();
  for (power, _) in POWERS {
    table.send(power, F1901, fall_1901(power));
  }
  judge.take_mail()
}

/// A Master's message to game [`GAME`] at `now`; the mail it brings.
fn as_master(judge: &Judge, now: &str, lines: &str) -> Vec<Sent> {
  judge.send_at(now, MASTER, "master", &format!("SIGN ON M{GAME} masterpw\n{lines}"));
  judge.take_mail()
}

#[test]
fn set_public_lists_and_set_limited_lists_are_the_rules_in_words() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  judge.take_mail();
  let list = |game: &str| {
    judge.send_at(START, MASTER, "list", &format!("LIST {game}\n"));
    crate::game_support::reply(&judge.take_mail(), MASTER).body.clone()
  };
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?orb masterpw CrystalBall\nBECOME MASTER\nSET PUBLIC LISTS\n",
  );
  let reply = crate::game_support::reply(&judge.take_mail(), MASTER).body.clone();
  assert!(reply.says("goes to everyone after each movement phase"), "{reply}");
  assert!(list("orb").contains("PUBLIC_LISTS"), "SET PUBLIC LISTS is PUBLIC_LISTS");
  judge.send_at(START, MASTER, "set", "SIGN ON Morb masterpw\nSET NO PUBLIC LISTS\n");
  let reply = crate::game_support::reply(&judge.take_mail(), MASTER).body.clone();
  assert!(reply.says("sees only its own Crystal Ball lists"), "{reply}");
  assert!(!list("orb").contains("PUBLIC_LISTS"), "SET NO PUBLIC LISTS turns it off");
  judge.send_at(START, MASTER, "set", "SIGN ON Morb masterpw\nSET LIMITED LISTS\n");
  judge.take_mail();
  assert!(list("orb").contains("LIMIT_LISTS"), "SET LIMITED LISTS is LIMIT_LISTS");
  judge.send_at(START, MASTER, "set", "SIGN ON Morb masterpw\nSET NO LIMITED LISTS\n");
  judge.take_mail();
  assert!(!list("orb").contains("LIMIT_LISTS"), "SET NO LIMITED LISTS turns it off");

  // In a game of another type the words are refused with the reason, and
  // nothing changes.
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?plain masterpw\nBECOME MASTER\nSET PUBLIC LISTS\n",
  );
  let mail = judge.take_mail();
  let reply = crate::game_support::reply(&mail, MASTER);
  assert!(
    reply.body.says("PUBLIC_LISTS is a rule of Crystal Ball games, and this game is not one."),
    "{}",
    reply.body
  );
  assert!(reply.body.says("Nothing was changed."), "{}", reply.body);
  assert!(!mail.iter().any(|m| m.subject.contains("Parameter Change")), "{:#?}", subjects(&mail));
  judge.send_at(START, MASTER, "set", "SIGN ON Mplain masterpw\nSET LIMITED LISTS\n");
  let reply = crate::game_support::reply(&judge.take_mail(), MASTER).body.clone();
  assert!(reply.says("LIMIT_LISTS is a rule of Crystal Ball games"), "{reply}");
  let plain = list("plain");
  assert!(!plain.contains("PUBLIC_LISTS") && !plain.contains("LIMIT_LISTS"), "{plain}");
}

#[test]
fn set_public_lists_sends_every_list_to_everyone() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "SET PUBLIC LISTS\n");
  let mail = play_spring_1901(&judge, &table);
  let observer = mail_ending(&mail, OBSERVER, "S1901M Crystal Ball Lists");
  for (power, _) in POWERS {
    assert!(observer.body.contains(&format!("\n{power}:")), "{power}:\n{}", observer.body);
  }
  assert!(observer.body.contains("Germany:  [revoked] A Mun - Bur"), "{}", observer.body);
  let english = mail_ending(&mail, &player("England"), "S1901M Crystal Ball Lists");
  assert!(english.body.contains("Turkey:   [refused] F Ank P Russia"), "{}", english.body);
}

#[test]
fn summary_names_the_game_type_and_rollback_restores_the_lists() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "");
  judge.send_at(S1901, OBSERVER, "summary", &format!("SUMMARY {GAME}\n"));
  let summary = crate::game_support::reply(&judge.take_mail(), OBSERVER).body.clone();
  assert!(summary.contains("\n  Variant:  Standard, CrystalBall.\n"), "{summary}");

  let first = play_spring_1901(&judge, &table);
  mail_ending(&first, OBSERVER, "S1901M Results");
  // France's Fall list is now locked.
  table.send("France", S1902, "PHASE Spring 1902 Movement\n");
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.contains("Locked, for Fall 1901 Movement (F1901M):\n  F Eng S A Pic - Bel"));

  // The Master takes Spring 1901 back: the lists are as they were before
  // it was played. Every list is in again, so the turn is played again at
  // once, with the same lists carried out, and the Fall lists are locked
  // once more.
  let again = as_master(&judge, S1902, "ROLLBACK\n");
  let reply = again.iter().find(|m| m.to == MASTER && m.subject.starts_with("Re:"));
  let reply = &reply.expect("a reply to ROLLBACK").body;
  assert!(reply.contains("is back at turn 001, Movement for Spring of 1901"), "{reply}");
  let results = mail_ending(&again, OBSERVER, "S1901M Results");
  assert!(results.body.contains("Italy: Army Venice -> Piedmont."), "{}", results.body);
  assert!(results.body.contains("Germany: Army Munich -> Ruhr."), "{}", results.body);
  let all = check_secret_lists(&again, "S1901M");
  assert!(all.contains("Austria:  [byProxy] A Ven - Pie"), "{all}");
  assert!(all.contains("Germany:  [revoked] A Mun - Bur"), "{all}");
  table.send("France", S1902, "PHASE Spring 1902 Movement\n");
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.contains("Locked, for Fall 1901 Movement (F1901M):\n  F Eng S A Pic - Bel"));
}

#[test]
fn the_lists_are_revealed_to_everyone_when_the_game_ends() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "");
  play_spring_1901(&judge, &table);
  table.send("Russia", S1902, "A Ukr - Rum\n");
  judge.take_mail();
  // Everyone agrees a draw: the game is over, and its lists are secret no
  // longer.
  for (power, _) in POWERS {
    table.send(power, S1902, "SET DRAW\n");
  }
  let mail = judge.take_mail();
  mail_ending(&mail, OBSERVER, "Draw Declared: AEFGIRT");
  for to in POWERS.iter().map(|(p, _)| player(p)).chain([MASTER.to_string(), OBSERVER.into()]) {
    let lists = mail_ending(&mail, &to, "Crystal Ball Lists");
    assert!(lists.body.says("secret no longer"), "{}", lists.body);
    // The turn played, every power's list as it was carried out.
    assert!(
      lists.body.contains(
        "Spring 1901 Movement (S1901M), as carried out:\n\nAustria:  [byProxy] A Ven - Pie"
      ),
      "{}",
      lists.body
    );
    assert!(lists.body.contains("Germany:  [revoked] A Mun - Bur"), "{}", lists.body);
    for line in [
      "France:\n  Locked, for Fall 1901 Movement (F1901M):\n    F Eng S A Pic - Bel\n",
      "Russia:\n  Locked, for Fall 1901 Movement (F1901M):\n    F Bot - Swe\n    A Ukr - Rum\n\
       \x20 Open, for Spring 1902 Movement (S1902M):\n    A Ukr - Rum\n",
      "Turkey:\n  Locked, for Fall 1901 Movement (F1901M):\n    A Bul - Gre\n",
    ] {
      assert!(lists.body.contains(line), "{to}: {line}\n{}", lists.body);
    }
  }
  judge.send_at(ASKED, OBSERVER, "history", &format!("HISTORY {GAME}\n"));
  let history = judge.take_mail();
  let history = &history.iter().find(|m| m.to == OBSERVER).expect("history").body;
  assert!(history.contains("    F Eng S A Pic - Bel"), "{history}");
}

#[test]
fn a_terminated_crystal_ball_game_reveals_its_lists() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "");
  for (power, _) in POWERS {
    table.send(power, S1901, spring_1901(power));
  }
  judge.take_mail();
  let mail = as_master(&judge, S1902, "TERMINATE\n");
  let lists = mail_ending(&mail, OBSERVER, "Crystal Ball Lists");
  assert!(!lists.body.contains("The turns played"), "none was:\n{}", lists.body);
  assert!(
    lists
      .body
      .contains("Italy:\n  Locked, for Spring 1901 Movement (S1901M):\n    A Ven P Austria"),
    "{}",
    lists.body
  );
  assert!(
    lists.body.contains("  Open, for Fall 1901 Movement (F1901M):\n    (none)"),
    "{}",
    lists.body
  );
}

/// The standard starting units, as builds.
fn builds(power: &str) -> &'static str {
  match power {
    "Austria" => "BUILD A Vie\nBUILD A Bud\nBUILD F Tri\n",
    "England" => "BUILD F Lon\nBUILD F Edi\nBUILD A Lvp\n",
    "France" => "BUILD F Bre\nBUILD A Par\nBUILD A Mar\n",
    "Germany" => "BUILD F Kie\nBUILD A Ber\nBUILD A Mun\n",
    "Italy" => "BUILD F Nap\nBUILD A Rom\nBUILD A Ven\n",
    "Russia" => "BUILD A Mos\nBUILD A War\nBUILD F Sev\nBUILD F Stp/sc\n",
    "Turkey" => "BUILD F Ank\nBUILD A Con\nBUILD A Smy\n",
    other => panic!("not a power: {other}"),
  }
}

#[test]
fn an_empty_board_game_starts_a_movement_turn_early_for_the_first_lists() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  crate::game_support::register(&judge, START, OBSERVER);
  for (power, _) in POWERS {
    crate::game_support::register(&judge, START, &player(power));
  }
  judge.take_mail();
  let options = "Standard Crystal Ball EmptyBoard";
  judge.send_at(
    START,
    MASTER,
    "create",
    &format!("CREATE ?{GAME} masterpw {options}\nBECOME MASTER\n"),
  );
  for (power, letter) in POWERS {
    let body = format!(
      "SIGN ON ?{GAME} {} {options}\nSET PREFERENCE {letter}\n",
      crate::game_support::password(power)
    );
    judge.send_at(START, &player(power), "join", &body);
  }
  judge.send_at(START, OBSERVER, "watch", &format!("OBSERVE {GAME} watchpw\n"));
  let mail = judge.take_mail();
  // The game starts in Fall 1900, with no units: the turn in which the
  // lists for Spring 1901 are written.
  let starting = mail_ending(&mail, &player("France"), "F1900M Game Starting");
  assert!(!starting.body.contains("Army Paris"), "{}", starting.body);
  let table = Table { judge: &judge, game: GAME.to_string() };
  table.send("France", START, spring_1901("France"));
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.contains("Listed for S1901M: A Par - Pic"), "{reply}");
  assert!(reply.contains("Open, for Spring 1901 Movement (S1901M):\n  A Par - Pic"), "{reply}");
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, START, spring_1901(power));
  }
  // Every list is in: Fall 1900 is played (nothing moves), and the builds
  // follow.
  let mail = judge.take_mail();
  mail_ending(&mail, OBSERVER, "F1900M Results");
  // Nothing was carried out, so no lists go out.
  assert!(!mail.iter().any(|m| m.subject.contains("Crystal Ball Lists")), "{:#?}", subjects(&mail));
  for (power, _) in POWERS {
    table.send(power, S1901, builds(power));
  }
  let mail = judge.take_mail();
  mail_ending(&mail, OBSERVER, "F1900B Results");
  // Spring 1901 waits for the Fall lists, and is played with the lists
  // written before the builds.
  for (power, _) in POWERS {
    table.send(power, F1901, fall_1901(power));
  }
  let mail = judge.take_mail();
  let results = mail_ending(&mail, OBSERVER, "S1901M Results");
  for line in ["France: Army Paris -> Picardy.", "Italy: Army Venice -> Piedmont."] {
    assert!(results.body.contains(line), "{line}:\n{}", results.body);
  }
  let all = check_secret_lists(&mail, "S1901M");
  assert!(all.contains("Austria:  [byProxy] A Ven - Pie"), "{all}");
}

/// MOBILIZE in a Crystal Ball game (the rule text, research note §0.3
/// #10): the game starts in the movement turn before the mobilizing
/// builds (Fall 1900), in which every power writes its first list; then
/// each power builds its one unit in a home centre, and Spring 1901 is
/// played with the lists written before the builds.
#[test]
fn a_mobilize_game_starts_a_movement_turn_early_for_the_first_lists() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  for (power, _) in POWERS {
    crate::game_support::register(&judge, START, &player(power));
  }
  judge.take_mail();
  let options = "Standard CrystalBall";
  judge.send_at(
    START,
    MASTER,
    "create",
    &format!("CREATE ?{GAME} masterpw {options}\nBECOME MASTER\nSET RULE MOBILIZE\n"),
  );
  let reply = crate::game_support::reply(&judge.take_mail(), MASTER).body.clone();
  assert!(!reply.says("cannot start"), "{reply}");
  for (power, letter) in POWERS {
    let body = format!(
      "SIGN ON ?{GAME} {} {options}\nSET PREFERENCE {letter}\n",
      crate::game_support::password(power)
    );
    judge.send_at(START, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  mail_ending(&mail, &player("France"), "F1900M Game Starting");
  let table = Table { judge: &judge, game: GAME.to_string() };
  // The first lists, for Spring 1901: each power guesses its one unit.
  let first = |power: &str| match power {
    "France" => "A Par - Bur\n",
    "Germany" => "A Mun - Bur\n",
    "Austria" => "A Vie - Gal\n",
    "England" => "F Lon - Nth\n",
    "Italy" => "A Ven - Pie\n",
    "Russia" => "A War - Gal\n",
    _ => "A Con - Bul\n",
  };
  for (power, _) in POWERS {
    table.send(power, START, first(power));
  }
  let mail = judge.take_mail();
  mail_ending(&mail, &player("France"), "F1900M Results");
  // One build each, in a home centre, which it then owns.
  let build = |power: &str| match power {
    "France" => "BUILD A Par\n",
    "Germany" => "BUILD A Mun\n",
    "Austria" => "BUILD A Bud\n",
    "England" => "BUILD F Lon\n",
    "Italy" => "BUILD A Ven\n",
    "Russia" => "BUILD A War\n",
    _ => "BUILD A Con\n",
  };
  for (power, _) in POWERS {
    table.send(power, S1901, build(power));
  }
  let mail = judge.take_mail();
  let results = mail_ending(&mail, &player("France"), "F1900B Results");
  assert!(results.body.says("France: Builds an army in Paris."), "{}", results.body);
  for (power, _) in POWERS {
    table.send(power, F1901, hold_list(power));
  }
  let mail = judge.take_mail();
  let results = mail_ending(&mail, &player("France"), "S1901M Results");
  // Paris and Munich bounce in Burgundy; Warsaw takes Galicia (Austria's
  // army is in Budapest, not Vienna, so its list's order is void).
  for line in [
    "France: Army Paris -> Burgundy.",
    "Germany: Army Munich -> Burgundy.",
    "Russia: Army Warsaw -> Galicia.",
  ] {
    assert!(results.body.contains(line), "{line}:\n{}", results.body);
  }
}
