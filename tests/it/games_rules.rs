//! DPjudge rules by name, by mail: SET RULE and SET NO RULE in a forming
//! game (who may, what is refused, what LIST shows), and face-to-face
//! press (FTF_PRESS) as Sail Ho's map gives it and as SET RULE turns it on:
//! press only to the Master outside movement phases and once a deadline
//! has passed.

use crate::judge_support;

use crate::game_support;

use game_support::{
  board, judge_with, password, player, register, reply, seat, Table, FAST, MASTER, POWERS,
};
use judge_support::{subjects, Judge, Says, Sent, NOW};

use crate::game_support::START;
const T: &str = "2026-03-03T12:00:00Z";

/// Mails `body` from `from` at `now` and returns all the mail it made.
fn send_at(judge: &Judge, now: &str, from: &str, body: &str) -> Vec<Sent> {
  judge.send_at(now, from, "test", body);
  judge.take_mail()
}

/// A text with runs of spaces folded, for layout-free checks.
fn folded(text: &str) -> String {
  text.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_master_turns_rules_on_and_off_by_name_before_the_start_and_list_shows_them() {
  let judge = judge_with(1);
  let lines = "CREATE ?rl masterpw\nBECOME MASTER\n\
               SET RULE FTF_PRESS\nSET RULE build-any\nSET NO RULE BUILD_ANY\n\
               SET RULE REMOTE_BUILDS\nSET NO RULE NO_RETREAT\nSET RULE FTF PRESS\n\
               SET RULE WINGS\nSET RULE\nLIST\n";
  let mail = send_at(&judge, NOW, MASTER, lines);
  let body = folded(&reply(&mail, MASTER).body);
  for said in [
    "In game 'rl', press is face to face (FTF_PRESS): outside movement phases and\n\
     once a deadline has passed, press goes only to the Master.",
    "In game 'rl', powers may build in any supply center they own.",
    "In game 'rl', powers build only in their own home centers (the standard rule).",
    "In game 'rl', the rule NO_RETREAT is not in force: nothing was changed.",
    "SET RULE takes one rule name per command",
    "'WINGS' is not a rule this judge plays. The rules are:",
    "FTF_PRESS",
    "SET RULE needs a DPjudge rule name",
    "Rules: FTF_PRESS, REMOTE_BUILDS",
    "Press: White, Partial Allowed, No Fake, Face To Face",
    "Variant: Standard, One Center",
  ] {
    assert!(body.says(said), "{said}\n---\n{body}");
  }
  let ours = |l: &&str| l.contains("_") || l.contains("Rules:");
  let long: Vec<&str> =
    reply(&mail, MASTER).body.lines().filter(ours).filter(|l| l.len() >= 78).collect();
  assert!(long.is_empty(), "{long:#?}");

  // A player of a moderated game may not.
  let mail = send_at(&judge, NOW, &seat(1), "SIGN ON ?rl pw1\nSET NO RULE FTF_PRESS\n");
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("SET NO RULE is for the Master"), "{body}");
  assert!(body.says("Nothing was changed."), "{body}");

  // In an unmoderated game any player may.
  let mail = send_at(
    &judge,
    NOW,
    MASTER,
    "SIGN ON Mrl masterpw
SET UNMODERATED
",
  );
  assert!(!reply(&mail, MASTER).body.says("Nothing was changed."), "{mail:#?}");
  let mail = send_at(
    &judge,
    NOW,
    &seat(1),
    "SIGN ON ?rl pw1
SET NO RULE FTF_PRESS
",
  );
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("press is no longer limited to movement phases"), "{body}");
}

/// The DPjudge's board rules have njudge-style words too: SET FRIENDLY
/// FIRE is SET RULE FRIENDLY_FIRE, SET NO CHECK turns NO_CHECK on,
/// brings DEFAULT_UNORDERED and drops SIGNAL_SUPPORT (the DPjudge's
/// implication table), and SET CHECK turns it off again.
#[test]
fn board_rules_are_set_by_their_njudge_style_words_too() {
  let judge = judge_with(1);
  let lines = "CREATE ?rw masterpw\nBECOME MASTER\nSET FRIENDLY FIRE\nSET SIGNALS\n\
               SET NO CHECK\nSET NO CONVOY BACK\nSET ANY HOME CENTER\nSET PORTAGE\nLIST\n";
  let mail = send_at(&judge, NOW, MASTER, lines);
  let body = folded(&reply(&mail, MASTER).body);
  for said in [
    "In game 'rw', a power's units may dislodge each other and cut each other's supports (FRIENDLY_FIRE).",
    "movement orders are kept as written and checked when the phase is processed (NO_CHECK)",
    "a support a unit cannot give is taken as a signal",
    "Rules: FRIENDLY_FIRE, NO_CHECK, DEFAULT_UNORDERED, NO_RETURN, HOME_BUILDS, PORTAGE_CONVOY",
  ] {
    assert!(body.says(said), "{said}\n---\n{body}");
  }
  let mail =
    send_at(&judge, NOW, MASTER, "SIGN ON Mrw masterpw\nSET CHECK\nSET HOME CENTER\nLIST\n");
  let body = folded(&reply(&mail, MASTER).body);
  assert!(
    body.says("Rules: FRIENDLY_FIRE, DEFAULT_UNORDERED, NO_RETURN, PORTAGE_CONVOY\n"),
    "{body}"
  );
}

#[test]
fn rules_cannot_change_once_the_game_has_started() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "go", START, "", "SET RULE FTF_PRESS\n");
  let mail = send_at(&judge, T, MASTER, "SIGN ON Mgo masterpw\nSET NO RULE FTF_PRESS\n");
  let body = &reply(&mail, MASTER).body;
  assert!(body.says("SET NO RULE applies only before the game starts"), "{body}");
  assert!(table.listing(T).contains("Rules:          FTF_PRESS"), "still in force");
}

#[test]
fn with_ftf_press_set_by_rule_a_retreat_phase_allows_press_only_to_the_master() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "ftf", START, "", "SET RULE FTF_PRESS\nSET POSTAL PRESS\n");
  // Movement: press goes as usual.
  table.send("Italy", T, "PRESS TO R\nShall we?\nENDPRESS\n");
  let mail = judge.take_mail();
  assert!(table.reply(&mail, "Italy").body.says("Message sent to Russia:"), "{:#?}", mail);
  // Italy and Russia dislodge Austria from Vienna: a retreat phase.
  table
    .turn(T)
    .orders(&[
      ("Italy", "A Ven-Tyr\nA Rom-Ven\nF Nap H\n"),
      ("Russia", "A War-Gal\nA Mos H\nF Sev H\nF Stp/sc H\n"),
    ])
    .play();
  table
    .turn(T)
    .orders(&[
      ("Italy", "A Tyr-Vie\nA Ven H\nF Nap H\n"),
      ("Russia", "A Gal S A Tyr-Vie\nA Mos H\nF Sev H\nF Stp/sc H\n"),
    ])
    .play();
  assert!(table.listing(T).contains("(F1901R)"), "a retreat phase");
  table.send("Italy", T, "PRESS TO R\nWell done.\nENDPRESS\nBROADCAST\nHi all.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Italy").body;
  assert!(
    body.says("Game 'ftf' has face-to-face press (FTF_PRESS): outside movement phases,"),
    "{body}"
  );
  assert!(body.says("No message was sent."), "{body}");
  assert_eq!(mail.len(), 1, "nothing goes out: {:#?}", subjects(&mail));
  table.send("Italy", T, "POSTAL PRESS\nFor the record.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Italy").body;
  assert!(body.says("(FTF_PRESS): outside movement phases,"), "{body}");
  assert!(body.says("Nothing was kept."), "{body}");
  table.send("Italy", T, "PRESS TO M\nA question.\nENDPRESS\n");
  let mail = judge.take_mail();
  assert!(mail.iter().any(|m| m.to == MASTER && !m.subject.starts_with("Re:")), "{mail:#?}");
}

#[test]
fn sail_ho_plays_face_to_face_press_from_its_map_and_refuses_press_after_the_deadline() {
  let judge = judge_with(4);
  send_at(&judge, NOW, MASTER, "CREATE ?sh masterpw Sailho\nBECOME MASTER\n");
  for (n, letter) in [(1, 'E'), (2, 'N'), (3, 'S'), (4, 'W')] {
    let body = format!("SIGN ON ?sh pw{n} Sailho\nSET PREFERENCE {letter}\n");
    send_at(&judge, NOW, &seat(n), &body);
  }
  let mail = send_at(&judge, NOW, &seat(1), "SIGN ON Esh pw1\nPRESS TO N\nHi.\nENDPRESS\nLIST\n");
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("Message sent to North:"), "{body}");
  assert!(body.says("Rules:          FTF_PRESS"), "{body}");
  assert!(mail.iter().any(|m| m.to == seat(2)), "{:#?}", subjects(&mail));

  // A week on, the deadline has passed (the grace period has not ended).
  let later = "2026-03-09T12:00:00Z";
  let lines = "SIGN ON Esh pw1\nPRESS TO N\nToo late?\nENDPRESS\nPRESS TO M\nSorry.\nENDPRESS\n";
  let mail = send_at(&judge, later, &seat(1), lines);
  let body = &reply(&mail, &seat(1)).body;
  assert!(body.says("(FTF_PRESS): once the deadline has passed,"), "{body}");
  assert!(body.says("Message sent to Master:"), "{body}");
  assert!(mail.iter().all(|m| m.to != seat(2)), "{:#?}", subjects(&mail));
}

/// SET RULE MOBILIZE on the standard map (issue 22 §4: it was accepted and
/// the game started in Spring 1901 with every unit): as on 1897 and 1898,
/// the game starts in the Winter before the first year with no units and
/// no centre owned, each power builds one unit in a home centre of its
/// choice and owns that centre, and Spring 1901 follows with seven units.
#[test]
fn mobilize_on_the_standard_map_starts_with_one_build_each() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  for (power, _) in POWERS {
    register(&judge, NOW, &player(power));
  }
  judge.take_mail();
  let mail =
    send_at(&judge, NOW, MASTER, "CREATE ?mob masterpw\nBECOME MASTER\nSET RULE MOBILIZE\n");
  assert!(reply(&mail, MASTER).body.contains("MOBILIZE"), "{}", reply(&mail, MASTER).body);
  let mut mail = Vec::new();
  for (power, letter) in POWERS {
    let body = format!("SIGN ON ?mob {}\nSET PREFERENCE {letter}\n", password(power));
    mail.extend(send_at(&judge, NOW, &player(power), &body));
  }
  let starting: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Game Starting")).collect();
  assert!(!starting.is_empty(), "{:#?}", subjects(&mail));
  assert!(starting[0].subject.ends_with("mob - F1900B Game Starting"), "{}", starting[0].subject);
  let body = &starting[0].body;
  assert!(body.contains("Starting position for Winter of 1900."), "{body}");
  assert!(!body.contains("Army") && !body.contains("Fleet"), "no units: {body}");

  let table = Table { judge: &judge, game: "mob".to_string() };
  let listing = table.listing(T);
  let (units, _, centers) = board(&listing);
  assert!(units.is_empty() && centers.is_empty(), "nothing on the board:\n{listing}");
  assert!(folded(&listing).contains("Rules: MOBILIZE"), "{listing}");

  // One build each: a second replaces the first.
  let builds = [
    ("Austria", "Build A Bud"),
    ("England", "Build F Lon"),
    ("France", "Build A Mar"),
    ("Germany", "Build A Mun"),
    ("Italy", "Build F Nap"),
    ("Russia", "Build A War"),
    ("Turkey", "Build F Ank"),
  ];
  table.send("France", T, "Build A Mar\nBuild A Par\n");
  let mail = judge.take_mail();
  let said = folded(&table.reply(&mail, "France").body);
  assert!(said.contains("Build Army Paris. (replaces Build Army Marseilles.)"), "{said}");
  assert!(said.contains("France: Build Army Paris.\n\n"), "one build only: {said}");
  let mut mail = Vec::new();
  for (power, build) in builds {
    table.send(power, T, &format!("{build}\n"));
    mail.extend(judge.take_mail());
  }
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("F1900B Results")).collect();
  assert!(!results.is_empty(), "the builds processed: {:#?}", subjects(&mail));
  let listing = table.listing("2026-03-04T12:00:00Z");
  let (units, _, centers) = board(&listing);
  assert_eq!(units.len(), 7, "seven units in Spring 1901:\n{listing}");
  assert!(units.contains(&("France".to_string(), "Army Marseilles".to_string())), "{listing}");
  assert!(centers.contains(&("France".to_string(), "Marseilles".to_string())), "{listing}");
  assert!(!centers.contains(&("France".to_string(), "Paris".to_string())), "{listing}");
  assert_eq!(centers.len(), 7, "each power owns the centre it built in:\n{listing}");
  assert!(listing.contains("Spring of 1901"), "{listing}");
}
