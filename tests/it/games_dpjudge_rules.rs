//! The DPjudge's press, lateness, civil-disorder, start and ending rules
//! (issue 27), by mail: each is taken by SET RULE and by its njudge-style
//! words, those that do not fit a mail judge are refused with the reason,
//! and each does to the game what the DPjudge's rule does.

use crate::game_support;
use crate::judge_support;

use game_support::{judge_with, player, reply, Table, FAST, MASTER, START};
use judge_support::{subjects, Judge, Says, Sent, NOW};

/// Before the first deadline (Thursday 5 March, 23:30).
const T: &str = "2026-03-03T12:00:00Z";
/// After it, inside the grace period.
const LATE: &str = "2026-03-06T12:00:00Z";

/// Mails `body` from `from` at `now` and returns all the mail it made.
fn send_at(judge: &Judge, now: &str, from: &str, body: &str) -> Vec<Sent> {
  judge.send_at(now, from, "test", body);
  judge.take_mail()
}

/// Every rule of the DPjudge's press, lateness, civil-disorder, start and
/// ending groups that this judge plays, by its DPjudge name.
const PLAYED: &[&str] = &[
  "NO_PRESS",
  "PUBLIC_PRESS",
  "NO_PARTIAL",
  "MUST_ORDER",
  "LATE_SEND",
  "NO_LATE_RECEIVE",
  "FTF_PRESS",
  "GREY_PRESS",
  "YELLOW_PRESS",
  "WHITE_GREY",
  "FAKE_PRESS",
  "MUTE_OBSERVERS",
  "TOUCH_PRESS",
  "REMOTE_PRESS",
  "BACKSEAT_PRESS",
  "EAVESDROP",
  "PRESS_MASTER",
  "CIVIL_DISORDER",
  "CD_DUMMIES",
  "CD_BUILDS",
  "CD_RETREATS",
  "CD_SUPPORTS",
  "SMART_CD",
  "VASSAL_DUMMIES",
  "TORN_ALLEGIANCE",
  "NO_LATE_CHANGES",
  "LATE_CHANGES",
  "REAL_TIME",
  "NO_MINOR_WAIT",
  "ALWAYS_WAIT",
  "PLAYER_DEADLINES",
  "NO_ABSENCES",
  "PREVIEW",
  "NO_DEADLINE",
  "POWER_CHOICE",
  "MOBILIZE",
  "FLEX_SETUP",
  "BLANK_BOARD",
  "NO_DRAW",
  "NO_DIAS",
  "PROPOSE_DIAS",
  "HIDE_PROPOSER",
  "HOLD_WIN",
  "TEAM_VICTORY",
  "NO_QUARTER",
  "SILENT_JOIN",
  "START_MASTER",
  "HIDE_EXTENDERS",
  "LIST_WAITERS",
  "NO_REVEAL",
  "SHARED_VICTORY",
  "VICTORY_HOMES",
  "JUMP_OFF_DAYS",
  "CIVIL_PREVIEW",
  "HIDE_LATE_POWERS",
  "BROADCAST_ORDERS",
  "SILENT_ABSENCES",
  "HIDE_ABSENTEES",
  "LIST_UNORDERED",
];

/// The rules that do not fit a mail judge, with a word of the reason.
const REFUSED: &[(&str, &str)] = &[
  ("OPEN_ENTRY", "REGISTER"),
  ("NO_EOG", "history"),
  ("ALWAYS_CONFIRM", "already answered"),
  ("EXCHANGE", "never wrote its rules"),
  ("SOLITAIRE", "judge adjudicate"),
  ("LAST_MAN_STANDING", "judge adjudicate"),
];

#[test]
fn every_press_lateness_start_and_ending_rule_is_taken_and_the_misfits_are_refused() {
  let judge = judge_with(1);
  for (i, rule) in PLAYED.iter().enumerate() {
    let game = format!("p{i}");
    let body = format!("CREATE ?{game} masterpw\nBECOME MASTER\nSET RULE {rule}\nLIST\n");
    let mail = send_at(&judge, NOW, MASTER, &body);
    let body = &reply(&mail, MASTER).body;
    let taken = body.says(&format!("In game '{game}', "))
      || body.says(&format!("the rule {rule} is already in force"));
    assert!(taken, "{rule}:\n{body}");
    assert!(!body.says("is not a rule this judge plays"), "{rule}:\n{body}");
  }
  for (i, (rule, why)) in REFUSED.iter().enumerate() {
    let game = format!("r{i}");
    let body = format!("CREATE ?{game} masterpw\nBECOME MASTER\nSET RULE {rule}\nLIST\n");
    let mail = send_at(&judge, NOW, MASTER, &body);
    let body = &reply(&mail, MASTER).body;
    assert!(body.says(&format!("{rule} does not fit this judge:")), "{rule}:\n{body}");
    assert!(body.says(why), "{rule}: {why}\n{body}");
    assert!(body.says("Nothing was changed."), "{rule}:\n{body}");
    assert!(!body.says("Rules:"), "nothing is in force: {body}");
  }
}

/// The njudge-style words of each rule played by name turn it on and off
/// as SET RULE does, and LIST shows it on its Rules line while it is on.
#[test]
fn each_rule_has_njudge_style_words_and_a_rules_line_in_list() {
  let judge = judge_with(1);
  let words: &[(&str, &str, &str)] = &[
    ("YELLOW_PRESS", "SET YELLOW PRESS", "SET NO YELLOW PRESS"),
    ("NO_LATE_RECEIVE", "SET NO LATE RECEIVE", "SET LATE RECEIVE"),
    ("FTF_PRESS", "SET FTF PRESS", "SET NO FTF PRESS"),
    ("FAKE_PRESS", "SET FAKE SENDER", "SET NO FAKE SENDER"),
    ("TOUCH_PRESS", "SET NEIGHBOR PRESS", "SET NO NEIGHBOUR PRESS"),
    ("REMOTE_PRESS", "SET REMOTE PRESS", "SET NO REMOTE PRESS"),
    ("BACKSEAT_PRESS", "SET BACKSEAT PRESS", "SET NO BACKSEAT PRESS"),
    ("EAVESDROP", "SET MASTERS READ ALL PRESS", "SET NO MASTERS READ ALL PRESS"),
    ("PRESS_MASTER", "SET MASTERS SKIP BROADCASTS", "SET NO MASTERS SKIP BROADCASTS"),
    ("NO_LATE_CHANGES", "SET NO LATE CHANGES", "SET LATE CHANGES"),
    ("REAL_TIME", "SET REAL TIME", "SET NO REAL TIME"),
    ("ALWAYS_WAIT", "SET ALWAYS WAIT", "SET NO ALWAYS WAIT"),
    ("NO_MINOR_WAIT", "SET NO MINOR WAIT", "SET MINOR WAIT"),
    ("PLAYER_DEADLINES", "SET EXTENSIONS", "SET NO EXTENSIONS"),
    ("NO_ABSENCES", "SET NO ABSENCES", "SET PLAYER ABSENCES"),
    ("CD_BUILDS", "SET SMART BUILDS", "SET NO SMART BUILDS"),
    ("CD_RETREATS", "SET SMART RETREATS", "SET NO SMART RETREATS"),
    ("CD_SUPPORTS", "SET SMART SUPPORTS", "SET NO SMART SUPPORTS"),
    ("SHARED_VICTORY", "SET SHARED VICTORY", "SET NO SHARED VICTORY"),
    ("VICTORY_HOMES", "SET HOME VICTORY", "SET NO HOME VICTORY"),
    ("JUMP_OFF_DAYS", "SET SKIP DAYS", "SET NO SKIP DAYS"),
    ("CIVIL_PREVIEW", "SET PREVIEW LATE", "SET NO PREVIEW LATE"),
    ("SMART_CD", "SET SMART CD", "SET NO SMART CD"),
    ("NO_DRAW", "SET SOLO ONLY", "SET NO SOLO ONLY"),
    ("NO_QUARTER", "SET NO QUARTER", "SET QUARTER"),
    ("PROPOSE_DIAS", "SET PROPOSALS", "SET NO PROPOSALS"),
    ("HIDE_PROPOSER", "SET NO NAME PROPOSER", "SET NAME PROPOSER"),
    ("HOLD_WIN", "SET HOLD WIN", "SET NO HOLD WIN"),
    ("TEAM_VICTORY", "SET TEAM VICTORY", "SET NO TEAM VICTORY"),
    ("SILENT_JOIN", "SET NO JOIN NOTICES", "SET JOIN NOTICES"),
    ("LIST_WAITERS", "SET NAME WAITERS", "SET NO NAME WAITERS"),
  ];
  for (i, (rule, on, off)) in words.iter().enumerate() {
    let game = format!("w{i}");
    let body = format!("CREATE ?{game} masterpw\nBECOME MASTER\n{on}\nLIST\n");
    let mail = send_at(&judge, NOW, MASTER, &body);
    let body = &reply(&mail, MASTER).body;
    let rules = body.lines().find(|l| l.trim_start().starts_with("Rules:")).unwrap_or_default();
    assert!(rules.contains(rule), "{on} puts {rule} in force:\n{body}");
    assert!(body.says(&format!("In game '{game}', ")), "{on}:\n{body}");
    let mail = send_at(&judge, NOW, MASTER, &format!("SIGN ON M{game} masterpw\n{off}\nLIST\n"));
    let body = &reply(&mail, MASTER).body;
    let rules = body.lines().find(|l| l.trim_start().starts_with("Rules:")).unwrap_or_default();
    assert!(!rules.split([' ', ',']).any(|w| w == *rule), "{off} turns {rule} off:\n{body}");
  }
}

/// The body of the mail to `to` that carries `text`, if any.
fn got<'m>(mail: &'m [Sent], to: &str, text: &str) -> Option<&'m Sent> {
  mail.iter().find(|m| m.to == to && m.body.contains(text))
}

#[test]
fn yellow_press_makes_broadcasts_anonymous_and_keeps_private_press_signed() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "yel", START, "", "SET YELLOW PRESS\n");
  table.send(
    "England",
    T,
    "BROADCAST\nHello all.\nENDBROADCAST\nPRESS TO F\nJust you.\nENDPRESS\n",
  );
  let mail = judge.take_mail();
  let france = player("France");
  let broadcast = got(&mail, &france, "Hello all.").expect("the broadcast reaches France");
  assert!(broadcast.body.says("Broadcast message in 'yel':"), "{}", broadcast.body);
  assert!(!broadcast.body.contains("as England"), "{}", broadcast.body);
  let private = got(&mail, &france, "Just you.").expect("the press reaches France");
  assert!(private.body.says("as England to France in 'yel':"), "{}", private.body);
}

#[test]
fn fake_press_lets_a_sender_claim_another_power_and_only_under_the_rule() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "real", START);
  table.send("England", T, "PRESS FROM G TO F\nGuess who.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("does not allow press signed as another power (FROM)"), "{body}");
  assert!(got(&mail, &player("France"), "Guess who.").is_none(), "{:#?}", subjects(&mail));

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "fake", START, "", "SET RULE FAKE_PRESS\n");
  table.send("England", T, "PRESS FROM Germany TO F\nGuess who.\nENDPRESS\n");
  let mail = judge.take_mail();
  let france = got(&mail, &player("France"), "Guess who.").expect("France gets it");
  assert!(france.body.says("Message from Germany to France in 'fake':"), "{}", france.body);
  assert!(!france.body.contains(&player("England")), "{}", france.body);
  // Never from or to the Master under a false name.
  table.send("England", T, "PRESS FROM G TO M\nSir.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Press cannot claim to come from the Master, nor go to the Master"), "{body}");
}

#[test]
fn the_dpjudges_touch_press_reaches_only_powers_in_support_contact() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nb", START, "", "SET NEIGHBOR PRESS\n");
  // Italy's army in Venice could support Austria's fleet in Trieste.
  table.send("Italy", T, "PRESS TO A\nNeighbours.\nENDPRESS\n");
  let mail = judge.take_mail();
  assert!(got(&mail, &player("Austria"), "Neighbours.").is_some(), "{:#?}", subjects(&mail));
  table.send("Italy", T, "PRESS TO AE\nFar away.\nENDPRESS\nBROADCAST\nAll.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Italy").body;
  assert!(body.says("Game 'nb' has TOUCH_PRESS: private press goes only to powers with a unit"));
  assert!(body.says("and England is not among them."), "{body}");
  assert!(body.says("broadcasts are allowed only with NO PARTIAL"), "{body}");
  assert!(got(&mail, &player("Austria"), "Far away.").is_none(), "{:#?}", subjects(&mail));
  assert!(got(&mail, &player("France"), "All.").is_none(), "{:#?}", subjects(&mail));
}

#[test]
fn remote_press_reaches_only_powers_out_of_contact() {
  let judge = Judge::with_config(FAST);
  let table =
    Table::start_with(&judge, "rem", START, "", "SET RULE REMOTE_PRESS\nSET NO PARTIAL\n");
  table.send("Italy", T, "PRESS TO E\nFar away.\nENDPRESS\nPRESS TO A\nToo close.\nENDPRESS\n");
  let mail = judge.take_mail();
  assert!(got(&mail, &player("England"), "Far away.").is_some(), "{:#?}", subjects(&mail));
  let body = &table.reply(&mail, "Italy").body;
  assert!(body.says("Game 'rem' has REMOTE_PRESS:"), "{body}");
  assert!(body.says("and Austria is not among them."), "{body}");
  assert!(got(&mail, &player("Austria"), "Too close.").is_none(), "{:#?}", subjects(&mail));
  // With NO PARTIAL, broadcasts are allowed too.
  table.send("Italy", T, "BROADCAST\nAll.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  assert!(got(&mail, &player("Austria"), "All.").is_some(), "{:#?}", subjects(&mail));
}

#[test]
fn backseat_press_lets_players_write_only_to_the_master() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "bs", START, "", "SET BACKSEAT PRESS\n");
  table.send("England", T, "PRESS TO F\nPsst.\nENDPRESS\nPRESS TO M\nSir.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("has backseat press (BACKSEAT_PRESS): players write only to the"), "{body}");
  assert!(got(&mail, &player("France"), "Psst.").is_none(), "{:#?}", subjects(&mail));
  assert!(got(&mail, MASTER, "Sir.").is_some(), "{:#?}", subjects(&mail));
}

#[test]
fn eavesdrop_copies_private_press_to_the_master_and_press_master_keeps_broadcasts_from_them() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "plain", START);
  table.send("England", T, "PRESS TO F\nPrivate.\nENDPRESS\nBROADCAST\nPublic.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  assert!(got(&mail, MASTER, "Private.").is_none(), "no copy by default");
  assert!(got(&mail, MASTER, "Public.").is_some(), "broadcasts reach the Master by default");

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "ears", START, "", "SET RULE EAVESDROP\n");
  table.send("England", T, "PRESS TO F\nPrivate.\nENDPRESS\n");
  let mail = judge.take_mail();
  let copy = got(&mail, MASTER, "Private.").expect("the Master gets a copy");
  assert!(copy.body.says("as England to France in 'ears':"), "{}", copy.body);

  // The DPjudge's table: PRESS_MASTER turns EAVESDROP off.
  let judge = Judge::with_config(FAST);
  let settings = "SET RULE EAVESDROP\nSET RULE PRESS_MASTER\n";
  let table = Table::start_with(&judge, "deaf", START, "", settings);
  assert!(table.listing(T).says("Rules: PRESS_MASTER\n"), "{}", table.listing(T));
  table.send("England", T, "PRESS TO F\nPrivate.\nENDPRESS\nBROADCAST\nPublic.\nENDBROADCAST\n");
  let mail = judge.take_mail();
  assert!(got(&mail, MASTER, "Private.").is_none(), "{:#?}", subjects(&mail));
  assert!(got(&mail, MASTER, "Public.").is_none(), "{:#?}", subjects(&mail));
  assert!(got(&mail, &player("Russia"), "Public.").is_some(), "{:#?}", subjects(&mail));
}

#[test]
fn no_late_receive_refuses_private_press_to_a_late_power_after_the_deadline() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nlr", START, "", "SET NO LATE RECEIVE\n");
  table.send("France", T, game_support::holds("France"));
  table.send("England", T, game_support::holds("England"));
  judge.take_mail();
  // Before the deadline Germany, whose orders are not in, may be written to.
  table.send("England", T, "PRESS TO G\nEarly.\nENDPRESS\n");
  assert!(got(&judge.take_mail(), &player("Germany"), "Early.").is_some());
  table.send("England", LATE, "PRESS TO G\nLate.\nENDPRESS\nPRESS TO F\nFine.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Game 'nlr' has NO_LATE_RECEIVE: the deadline has passed, and Germany"));
  assert!(got(&mail, &player("Germany"), "Late.").is_none(), "{:#?}", subjects(&mail));
  assert!(got(&mail, &player("France"), "Fine.").is_some(), "{:#?}", subjects(&mail));
}

/// Mails `lines` as the Master of `game` at `now`; returns all the mail.
fn master(judge: &Judge, game: &str, now: &str, lines: &str) -> Vec<Sent> {
  send_at(judge, now, MASTER, &format!("SIGN ON M{game} masterpw\n{lines}"))
}

/// Whether the Master got the results of a phase among `mail`.
fn processed(mail: &[Sent]) -> bool {
  mail.iter().any(|m| m.to == MASTER && m.subject.ends_with(" Results"))
}

#[test]
fn no_late_changes_keeps_orders_sent_before_the_deadline_and_takes_late_ones() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nlc", START, "", "SET RULE NO_LATE_CHANGES\n");
  table.send("England", T, "F Lon H\nF Edi H\nA Lvp H\n");
  // Before the deadline orders may change as often as wanted.
  table.send("England", T, "F Lon-Eng\n");
  let mail = judge.take_mail();
  assert!(!table.reply(&mail, "England").subject.contains("Error"), "{mail:#?}");
  table.send("England", LATE, "F Lon H\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Game 'nlc' has NO_LATE_CHANGES: the deadline has passed"), "{body}");
  // A late power's first orders are taken, all their lines.
  table.send("Germany", LATE, "A Mun H\nA Ber H\nF Kie H\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Germany").body;
  assert!(!body.says("NO_LATE_CHANGES"), "{body}");
}

#[test]
fn real_time_processes_at_once_and_refuses_set_wait() {
  // The judge's own defaults: half an hour's delay once the orders are in.
  let judge = Judge::new();
  let table = Table::start(&judge, "slow", START);
  let mail = table.turn(T).play();
  assert!(!processed(&mail), "the delay holds it: {:#?}", subjects(&mail));

  let judge = Judge::new();
  let table = Table::start_with(&judge, "rt", START, "", "SET REAL TIME\n");
  table.send("England", T, "SET WAIT\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Game 'rt' is played in real time (REAL_TIME): nobody may SET WAIT."));
  let mail = table.turn(T).play();
  assert!(processed(&mail), "{:#?}", subjects(&mail));
}

#[test]
fn always_wait_holds_movement_to_the_deadline_and_no_minor_wait_refuses_winter_waits() {
  let judge = Judge::with_config(FAST);
  let settings = "SET ALWAYS WAIT\nSET NO MINOR WAIT\n";
  let table = Table::start_with(&judge, "aw", START, "", settings);
  table.send("England", T, "SET WAIT\n");
  let mail = judge.take_mail();
  assert!(!table.reply(&mail, "England").body.says("NO_MINOR_WAIT"), "movement waits are taken");
  let mail = table.turn(T).orders(&[("Germany", "F Kie-Hol\nA Ber H\nA Mun H\n")]).play();
  assert!(!processed(&mail), "all orders are in, yet it waits: {:#?}", subjects(&mail));
  assert!(processed(&master(&judge, "aw", T, "PROCESS\n")), "the Master processes it");
  let mail = table.turn(T).play();
  assert!(!processed(&mail), "the fall waits too: {:#?}", subjects(&mail));
  assert!(processed(&master(&judge, "aw", T, "PROCESS\n")));
  assert!(table.listing(T).contains("(F1901B)"), "{}", table.listing(T));
  // Winter: no wait, and none taken.
  table.send("Germany", T, "SET WAIT\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Germany").body;
  assert!(body.says("Game 'aw' has NO_MINOR_WAIT: SET WAIT is taken only in movement phases."));
  let mail = table.turn(T).orders(&[("Germany", "Build A Kie\n")]).only_given().play();
  assert!(processed(&mail), "the winter goes as soon as it is in: {:#?}", subjects(&mail));
}

#[test]
fn player_deadlines_let_a_player_put_the_deadline_later_but_not_sooner() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "pd0", START);
  table.send("England", T, "SET DEADLINE Mar 10 23:30\n");
  let mail = judge.take_mail();
  assert!(table.reply(&mail, "England").body.says("Nothing was changed."), "the Master's alone");

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "pd", START, "", "SET EXTENSIONS\n");
  table.send("England", T, "SET DEADLINE Mar 10 23:30\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("The deadline of game 'pd' is now"), "{body}");
  assert!(mail.iter().any(|m| m.to == player("France") && m.subject.contains("Deadline")));
  table.send("England", T, "SET DEADLINE Mar 4 23:30\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("only the Master may bring it sooner. Nothing was changed."), "{body}");
}

#[test]
fn no_absences_leaves_absences_to_the_master() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "na", START, "", "SET NO ABSENCES\n");
  table.send("England", T, "SET ABSENCE Mar 20 TO Mar 22\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Game 'na' has NO_ABSENCES: only the Master may SET ABSENCE"), "{body}");
}

/// Russia, with 4 centres, takes Rumania in 1901: 5, the victory count set.
fn russia_takes_rumania(table: &Table) -> Vec<Sent> {
  table.turn(T).orders(&[("Russia", "F Sev-Rum\nA Mos H\nA War H\nF Stp/sc H\n")]).play();
  table.turn(T).orders(&[("Russia", "F Rum H\nA Mos H\nA War H\nF Stp/sc H\n")]).play()
}

fn won(mail: &[Sent]) -> bool {
  mail.iter().any(|m| m.body.says("Russia has 5 supply centers and has won the game."))
}

#[test]
fn hold_win_needs_the_victory_count_at_two_year_ends_in_a_row() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "win", START, "", "SET CENTERS 5\n");
  assert!(won(&russia_takes_rumania(&table)), "at once without the rule");

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "hold", START, "", "SET CENTERS 5\nSET HOLD WIN\n");
  assert!(!won(&russia_takes_rumania(&table)), "not yet");
  let mail = table.turn(T).orders(&[("Russia", "Build F Sev\n")]).only_given().play();
  assert!(processed(&mail), "{:#?}", subjects(&mail));
  table.turn(T).orders(&[("Russia", "F Rum H\nA Mos H\nA War H\nF Stp/sc H\nF Sev H\n")]).play();
  let mail =
    table.turn(T).orders(&[("Russia", "F Rum H\nA Mos H\nA War H\nF Stp/sc H\nF Sev H\n")]).play();
  assert!(won(&mail), "held a second year-end: {:#?}", subjects(&mail));
}

#[test]
fn silent_join_tells_only_the_master_that_a_player_joined() {
  let judge = judge_with(2);
  send_at(&judge, NOW, MASTER, "CREATE ?sj masterpw\nBECOME MASTER\nSET NO JOIN NOTICES\n");
  let mail = send_at(&judge, NOW, &game_support::seat(1), "SIGN ON ?sj pw1\n");
  assert!(mail.iter().any(|m| m.to == MASTER && m.subject.contains("New Player Signon")));
  let mail = send_at(&judge, NOW, &game_support::seat(2), "SIGN ON ?sj pw2\n");
  let told = |m: &&Sent| m.subject.contains("New Player Signon");
  assert!(mail.iter().filter(told).all(|m| m.to == MASTER), "{:#?}", subjects(&mail));

  let judge = judge_with(2);
  send_at(&judge, NOW, MASTER, "CREATE ?loud masterpw\nBECOME MASTER\n");
  send_at(&judge, NOW, &game_support::seat(1), "SIGN ON ?loud pw1\n");
  let mail = send_at(&judge, NOW, &game_support::seat(2), "SIGN ON ?loud pw2\n");
  let to_player = |m: &&Sent| m.to == game_support::seat(1) && m.subject.contains("Signon");
  assert!(mail.iter().any(|m| to_player(&m)), "{:#?}", subjects(&mail));
}

#[test]
fn list_waiters_names_the_powers_that_wait() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "lw", START, "", "SET NAME WAITERS\n");
  table.send("England", T, "SET WAIT\n");
  table.send("France", T, "SET WAIT\n");
  judge.take_mail();
  let listing = table.listing(T);
  assert!(
    listing.says("England and France have asked that orders not be processed before the deadline."),
    "{listing}"
  );
}

/// Sweeps once a day, as the judge's cron does, from the spring's
/// deadline until the fall of 1901 is processed (France, silent, put in
/// civil disorder at the end of grace); returns the mail since.
fn sweep_to_the_fall_results(judge: &Judge, game: &str) -> Vec<Sent> {
  let mut mail = Vec::new();
  let subject = format!("XXXX:{game} - F1901M Results");
  for day in 4..=31 {
    judge.sweep_at(&format!("2026-03-{day:02}T23:30:00Z"));
    mail.extend(judge.take_mail());
    if mail.iter().any(|m| m.to == MASTER && m.subject == subject) {
      return mail;
    }
  }
  panic!("the fall was never processed: {:#?}", subjects(&mail));
}

/// Germany and Italy take position against Marseilles in the spring, with
/// France's `french` orders in; in the fall France sends nothing and the
/// army in Marseilles is attacked from Piedmont with support from Burgundy.
fn attack_marseilles(judge: &Judge, table: &Table, french: &str) -> Vec<Sent> {
  let spring = [
    ("France", french),
    ("Germany", "F Kie H\nA Ber H\nA Mun-Bur\n"),
    ("Italy", "F Nap H\nA Rom H\nA Ven-Pie\n"),
  ];
  assert!(processed(&table.turn(T).orders(&spring).play()), "the spring is processed");
  let fall = [
    ("Germany", "F Kie H\nA Ber H\nA Bur S A Pie-Mar\n"),
    ("Italy", "F Nap H\nA Rom H\nA Pie-Mar\n"),
  ];
  table.turn(T).orders(&fall).skip(&["France"]).send();
  judge.take_mail();
  let mut mail = sweep_to_the_fall_results(judge, &table.game);
  // France, in civil disorder, holds up no retreat: the next sweep.
  judge.sweep_at("2026-03-31T23:30:00Z");
  mail.extend(judge.take_mail());
  mail
}

#[test]
fn cd_retreats_retreat_a_power_in_civil_disorder_toward_a_centre_instead_of_disbanding() {
  let holds = "F Bre H\nA Par H\nA Mar H\n";
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "plain", START, "", "SET NMR\n");
  let mail = attack_marseilles(&judge, &table, holds);
  let (units, _, _) = game_support::board(&table.listing("2026-04-01T12:00:00Z"));
  assert!(!units.iter().any(|(p, u)| p == "France" && u.contains("Spain")), "{mail:#?}");
  assert_eq!(units.iter().filter(|(p, _)| p == "France").count(), 2, "disbanded: {units:?}");

  let judge = Judge::with_config(FAST);
  let settings = "SET NMR\nSET SMART RETREATS\n";
  let table = Table::start_with(&judge, "smart", START, "", settings);
  let mail = attack_marseilles(&judge, &table, holds);
  let retreat = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("F1901R Results"));
  let retreat = retreat.map(|m| m.body.as_str()).unwrap_or_default();
  assert!(retreat.says("Army Marseilles -> Spain"), "{retreat}");
  // Spain, a centre France does not own, before Gascony.
  let (units, _, _) = game_support::board(&table.listing("2026-04-01T12:00:00Z"));
  assert!(units.contains(&("France".to_string(), "Army Spain".to_string())), "{units:?} {mail:#?}");
}

#[test]
fn cd_supports_has_a_power_in_civil_disorder_support_its_threatened_unit() {
  // France has moved to Gascony, next to Marseilles, in the spring.
  let french = "F Bre H\nA Par-Gas\nA Mar H\n";
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "hold", START, "", "SET NMR\n");
  attack_marseilles(&judge, &table, french);
  let (units, _, _) = game_support::board(&table.listing("2026-04-01T12:00:00Z"));
  assert!(units.contains(&("Italy".to_string(), "Army Marseilles".to_string())), "{units:?}");

  // SMART SUPPORTS brings NMR with it.
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "sup", START, "", "SET SMART SUPPORTS\n");
  let mail = attack_marseilles(&judge, &table, french);
  let results = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"));
  let results = results.map(|m| m.body.as_str()).unwrap_or_default();
  assert!(results.says("Army Gascony SUPPORT Army Marseilles"), "{results}");
  let (units, _, _) = game_support::board(&table.listing("2026-04-01T12:00:00Z"));
  assert!(units.contains(&("France".to_string(), "Army Marseilles".to_string())), "{units:?}");
}

#[test]
fn smart_cd_brings_the_three_smart_defaults_and_smart_supports_brings_nmr() {
  let judge = judge_with(1);
  let body = "CREATE ?scd masterpw\nBECOME MASTER\nSET SMART CD\nLIST\n";
  let mail = send_at(&judge, NOW, MASTER, body);
  let body = &reply(&mail, MASTER).body;
  let rules = body.lines().find(|l| l.trim_start().starts_with("Rules:")).unwrap_or_default();
  for rule in ["SMART_CD", "CD_RETREATS", "CD_BUILDS", "CD_SUPPORTS"] {
    assert!(rules.contains(rule), "{rule}:\n{body}");
  }
  assert!(body.says("NMR: late powers go into civil disorder at the end of grace"), "{body}");
}

#[test]
fn propose_dias_announces_a_proposal_any_veto_clears_it_and_all_agreeing_end_the_game() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "pro", START, "", "SET PROPOSALS\n");
  table.send("England", T, "SET DRAW\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("Your proposal of a draw including every survivor"), "{body}");
  let told = got(&mail, &player("France"), "proposes").expect("France is told of it");
  assert!(told.subject.ends_with("Draw Proposal"), "{}", told.subject);
  assert!(told.body.says("England proposes that game 'pro' end in a draw"), "{}", told.body);
  // A veto clears it, and the others are told, not by whom.
  table.send("France", T, "SET NO DRAW\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "France").body;
  assert!(body.says("You have vetoed the proposal of a draw in game 'pro'"), "{body}");
  let told = got(&mail, &player("England"), "vetoed").expect("England is told");
  assert!(!told.body.contains("France"), "{}", told.body);
  // England's agreement went with it: all seven must agree again.
  let powers = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];
  for power in &powers[..6] {
    table.send(power, T, "SET DRAW\n");
  }
  let mail = judge.take_mail();
  assert_eq!(
    mail.iter().filter(|m| m.subject.ends_with("Draw Proposal")).count(),
    7,
    "one proposal, to the six others and the Master: {:#?}",
    subjects(&mail)
  );
  assert!(!mail.iter().any(|m| m.body.says("Every survivor agrees")), "Turkey has not agreed");
  table.send("Turkey", T, "SET DRAW\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "Turkey").body;
  assert!(body.says("Every survivor agrees: game 'pro' is over"), "{body}");
  // A list is refused: a proposal is of every survivor.
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "prl", START, "", "SET PROPOSALS\n");
  table.send("England", T, "SET DRAW EF\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "England").body;
  assert!(body.says("so SET DRAW takes no list. No vote was recorded."), "{body}");
  assert!(got(&mail, &player("France"), "proposes").is_none(), "nothing proposed");
}

#[test]
fn hide_proposer_announces_a_proposal_without_its_proposer_and_brings_propose_dias() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "hid", START, "", "SET NO NAME PROPOSER\n");
  assert!(table.listing(T).contains("PROPOSE_DIAS"), "{}", table.listing(T));
  table.send("England", T, "SET DRAW\n");
  let mail = judge.take_mail();
  let told = got(&mail, &player("France"), "proposes").expect("France is told of it");
  assert!(told.body.says("A power proposes that game 'hid' end in a draw"), "{}", told.body);
  assert!(!told.body.contains("England"), "{}", told.body);
}

/// HIDE_LATE_POWERS (SET NO NAME LATE): at the deadline the others are
/// told that orders are late, not whose; France hears of its own, the
/// Master of all; LIST shows France "late" to France and the Master only.
#[test]
fn hide_late_powers_tells_the_others_only_that_someone_is_late() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "hlp", START, "", "SET NO NAME LATE\n");
  for (power, _) in game_support::POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, T, game_support::holds(power));
  }
  judge.take_mail();
  judge.sweep_at("2026-03-05T23:30:00Z");
  let mail = judge.take_mail();
  let to_germany = mail.iter().find(|m| m.to == player("Germany")).expect("a notice");
  assert!(!to_germany.subject.contains(": F"), "{}", to_germany.subject);
  assert!(!to_germany.body.contains("France"), "{}", to_germany.body);
  assert!(to_germany.body.says("one or more powers have not got their orders in"));
  let to_master = mail.iter().find(|m| m.to == MASTER).expect("the Master's notice");
  assert!(to_master.body.says("missing from: France."), "{}", to_master.body);
  let to_france = mail.iter().find(|m| m.to == player("France")).expect("France's notice");
  assert!(to_france.subject.starts_with("[You are late!]"), "{}", to_france.subject);
  table.send("Germany", "2026-03-06T00:00:00Z", "LIST hlp\n");
  let listing = table.reply(&judge.take_mail(), "Germany").body.clone();
  let france = listing.lines().find(|l| l.trim_start().starts_with("France")).expect("France");
  assert!(!france.contains("late"), "{listing}");
  let mail = master(&judge, "hlp", "2026-03-06T00:00:00Z", "LIST\n");
  let listing = &reply(&mail, MASTER).body;
  let france = listing.lines().find(|l| l.trim_start().starts_with("France")).expect("France");
  assert!(france.contains("late"), "the Master sees it: {listing}");
}

/// BROADCAST_ORDERS (SET OPEN ORDERS): a power's orders go to everyone as
/// they are taken.
#[test]
fn broadcast_orders_shows_each_powers_orders_to_everyone() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "bo", START, "", "SET OPEN ORDERS\n");
  table.send("England", T, "F Lon - Nth\nF Edi H\nA Lvp H\n");
  let mail = judge.take_mail();
  let shown = mail
    .iter()
    .find(|m| m.to == player("France") && m.subject.ends_with("Orders"))
    .unwrap_or_else(|| panic!("{:#?}", subjects(&mail)));
  assert!(shown.body.contains("Fleet London -> North Sea"), "{}", shown.body);
  assert!(!mail.iter().any(|m| m.to == player("England") && m.subject.ends_with(" Orders")));
}

/// The rules that say what this judge always does are taken, shown, and
/// turning them off says it changes nothing; HIDE_BUILDS is taken once
/// the game is blind.
#[test]
fn the_rules_this_judge_always_keeps_are_taken_and_hidden_builds_need_a_blind_game() {
  let judge = judge_with(1);
  let body = "CREATE ?alw masterpw\nBECOME MASTER\nSET RULE SILENT_ABSENCES\nLIST\nSET NO RULE SILENT_ABSENCES\n";
  let mail = send_at(&judge, NOW, MASTER, body);
  let body = &reply(&mail, MASTER).body;
  assert!(
    body.says("absences are told to the Masters only, as always here (SILENT_ABSENCES)"),
    "{body}"
  );
  assert!(body.says("Rules: SILENT_ABSENCES"), "{body}");
  assert!(body.says("this judge always works so"), "{body}");
  // HIDE_BUILDS hides builds in blind games only.
  let lines = "CREATE ?hb masterpw\nBECOME MASTER\nSET RULE HIDE_BUILDS\nSET RULE BLIND\n\
               SET RULE HIDE_BUILDS\nLIST\n";
  let body = reply(&send_at(&judge, NOW, MASTER, lines), MASTER).body.clone();
  assert!(body.says("only a blind game can"), "{body}");
  assert!(body.says("In game 'hb', the rule HIDE_BUILDS is in force."), "{body}");
  assert!(body.says("Rules: BLIND, FICTIONAL_OK,"), "{body}");
}

/// A Vassal game created with `settings`, filled and started (the sweep
/// plays the minor powers' first builds).
fn vassal_game<'j>(judge: &'j Judge, game: &str, settings: &str) -> Table<'j> {
  game_support::register(judge, START, MASTER);
  for (power, _) in game_support::POWERS {
    game_support::register(judge, START, &player(power));
  }
  judge.send_at(
    START,
    MASTER,
    "create",
    &format!("CREATE ?{game} masterpw Vassal\nBECOME MASTER\n{settings}"),
  );
  for (power, letter) in game_support::POWERS {
    let body = format!(
      "SIGN ON ?{game} {} Vassal\nSET PREFERENCE {letter}\n",
      game_support::password(power)
    );
    judge.send_at(START, &player(power), "join", &body);
  }
  judge.sweep_at(T);
  judge.take_mail();
  Table { judge, game: game.to_string() }
}

/// HIDE_DUMMIES (SET HIDDEN DUMMIES), on Vassal: the minor powers look
/// played to the players in LIST, and press to Belgium, nobody's vassal
/// yet, reaches the Master; without the rule it is refused.
#[test]
fn hidden_dummies_look_played_and_take_press() {
  let judge = Judge::with_config(FAST);
  let table = vassal_game(&judge, "hdv", "SET HIDDEN DUMMIES\n");
  table.send("France", T, "PRESS TO B\nBonjour.\nENDPRESS\nLIST hdv\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "France").body;
  assert!(!body.says("nobody plays it"), "{body}");
  assert!(body.lines().any(|l| l.trim_start().starts_with("Belgium") && l.contains("someone@")));
  assert!(!table.reply(&mail, "France").subject.contains("Error"), "{body}");
  let to_master = mail.iter().find(|m| m.to == MASTER).expect("the Master gets it");
  assert!(to_master.body.contains("Bonjour."), "{}", to_master.body);
  let judge = Judge::with_config(FAST);
  let table = vassal_game(&judge, "plain", "");
  table.send("France", T, "PRESS TO B\nBonjour.\nENDPRESS\n");
  let mail = judge.take_mail();
  let body = &table.reply(&mail, "France").body;
  assert!(body.says("Nobody plays Belgium ('B'), so it cannot be written to"), "{body}");
  assert!(!mail.iter().any(|m| m.to == MASTER && m.body.contains("Bonjour.")), "not sent");
}

/// Plays Spring and Fall 1901 of `table` at [`T`]: England takes Norway,
/// everyone else holds; returns the mail of the Fall.
fn england_takes_norway(table: &Table) -> Vec<Sent> {
  let play = |england: &str| {
    for (power, _) in game_support::POWERS {
      let lines = if power == "England" { england } else { game_support::holds(power) };
      table.send(power, T, lines);
    }
    table.judge.take_mail()
  };
  play("F Lon-Nth\nF Edi H\nA Lvp H\n");
  play("F Nth-Nwy\nF Edi H\nA Lvp H\n")
}

/// SHARED_VICTORY (SET SHARED VICTORY) with four centres to win: England
/// takes Norway and, with Russia, has four at the end of 1901; they share
/// the victory, where the standard rule would raise the count to five.
#[test]
fn shared_victory_ends_the_game_for_both_powers_with_the_count() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "sv", START, "", "SET CENTERS 4\nSET SHARED VICTORY\n");
  let mail = england_takes_norway(&table);
  let results = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"));
  let results = &results.unwrap_or_else(|| panic!("{:#?}", subjects(&mail))).body;
  assert!(results.says("The game ends in a draw"), "{results}");
  assert!(results.says("England and Russia"), "{results}");
  assert!(results.says("share the victory (SHARED_VICTORY)"), "{results}");
  assert!(!results.says("a win now needs 5"), "{results}");
}

/// VICTORY_HOMES (SET HOME VICTORY): only other powers' homes count, so
/// Russia's four home centres do not win with four to win, nor England's
/// Norway; the game goes on.
#[test]
fn home_victory_counts_only_other_powers_homes() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "hv", START, "", "SET CENTERS 4\nSET HOME VICTORY\n");
  let mail = england_takes_norway(&table);
  let results = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"));
  let results = &results.unwrap_or_else(|| panic!("{:#?}", subjects(&mail))).body;
  assert!(!results.says("has won") && !results.says("is over"), "{results}");
  assert!(!results.says("a win now needs"), "no tie raises anything: {results}");
}

/// JUMP_OFF_DAYS (SET SKIP DAYS): Spring 1901 processed on a Friday noon;
/// the 71 hours to the next deadline count Friday afternoon, Monday,
/// Tuesday and Wednesday morning, so it falls on Wednesday at the clock
/// time, where without the rule it falls on Monday.
#[test]
fn skip_days_leaves_the_weekend_out_of_the_time_to_the_deadline() {
  let friday = "2026-03-06T12:00:00Z";
  for (game, settings, deadline) in [
    ("sd", "SET SKIP DAYS\n", "Wed Mar 11 2026 23:30:00 +0000"),
    ("nsd", "", "Mon Mar 09 2026 23:30:00 +0000"),
  ] {
    let judge = Judge::with_config(FAST);
    let table = Table::start_with(&judge, game, START, "", settings);
    for (power, _) in game_support::POWERS {
      table.send(power, friday, game_support::holds(power));
    }
    let mail = judge.take_mail();
    let results = mail.iter().find(|m| m.to == MASTER && m.subject.ends_with("S1901M Results"));
    let results = &results.unwrap_or_else(|| panic!("{:#?}", subjects(&mail))).body;
    assert!(results.says(&format!("The deadline for orders will be {deadline}.")), "{results}");
  }
}
