//! Dedication (manual §5.2) as players see it in GET DEDICATION and INFO
//! PLAYER: points for phases on time, late notices, abandonment and civil
//! disorder, with the values of `[dedication]` in judge.toml; the on-time
//! and civil-disorder ratios; unrated games, which count for nothing. The
//! admission thresholds of §8.4 (SET DEDICATION, ONTIMERAT, RESRAT) and
//! the lateness settings SET LATE COUNT, SET QUIET and SET STRICT WAIT;
//! every setting told to the game as a `Parameter Change`.

use crate::judge_support;

use crate::game_support;

use game_support::{holds, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
const TUESDAY: &str = "2026-03-03T12:00:00Z";
const DEADLINE: &str = "2026-03-05T23:30:00Z";
const NEXT_DAY: &str = "2026-03-06T23:30:00Z";
const GRACE_LESS_A_DAY: &str = "2026-03-11T22:30:00Z";
const GRACE: &str = "2026-03-12T22:30:00Z";

/// What the judge said under the echo of `line` (`> line`): the lines up
/// to the next blank line. Fails the test if the line was not echoed.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The powers' opening holds, mailed by each of `powers`.
fn send_holds(table: &Table, now: &str, powers: &[&str]) {
  for power in powers {
    table.send(power, now, holds(power));
  }
}

/// Every power's name but those in `except`.
fn all_but(except: &[&str]) -> Vec<&'static str> {
  POWERS.iter().map(|(p, _)| *p).filter(|p| !except.contains(p)).collect()
}

/// The reply to GET DEDICATION mailed by `address` at `now`.
fn dedication_of(judge: &Judge, now: &str, address: &str) -> String {
  judge.take_mail();
  judge.send_at(now, address, "me", "GET DEDICATION\n");
  judge.reply_to(address).body
}

/// Checks that `body` contains every one of `lines`.
fn assert_shows(body: &str, lines: &[&str]) {
  for line in lines {
    assert!(body.says(line), "expected '{line}' in:\n{body}");
  }
}

/// The mail among `mail` sent to `address`.
fn mail_to<'m>(mail: &'m [Sent], address: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.to == address).collect()
}

#[test]
fn dedication_uses_the_points_in_judge_toml_and_the_ratios_follow_each_phase() {
  let config = format!(
    "{FAST}[dedication]\non_time = 5\nreminder = -2\nabandoned = -20\ncivil_disorder = -30\n"
  );
  let judge = Judge::with_config(&config);
  let table = Table::start(&judge, "points", START);

  // A game started: played, nothing earned or lost yet, perfect ratios.
  let italy = dedication_of(&judge, START, &player("Italy"));
  assert_shows(
    &italy,
    &[
      "Player information for italy@players.test:",
      "Games played:    1\n",
      "Dedication:      0 points\n",
      "On-time ratio:   1.00 (0 of 0 phases on time)",
      "Civil disorder:  0.00 (0 in 1 games)",
    ],
  );

  judge.send_at(START, MASTER, "nmr", "SIGN ON Mpoints masterpw\nSET NMR\n");
  send_holds(&table, TUESDAY, &all_but(&["France", "Germany"]));

  // Each late notice costs the configured 2 points, as it is sent.
  judge.sweep_at(DEADLINE);
  let france = dedication_of(&judge, DEADLINE, &player("France"));
  assert_shows(&france, &["Dedication:      -2 points\n"]);
  judge.sweep_at(NEXT_DAY);
  let late_orders = "2026-03-07T00:30:00Z";
  table.send("Germany", late_orders, holds("Germany"));
  let germany = dedication_of(&judge, late_orders, &player("Germany"));
  assert_shows(
    &germany,
    &["Dedication:      -4 points\n", "On-time ratio:   1.00 (0 of 0 phases on time)"],
  );

  // Reminders go on each day: two more by the morning of the 9th.
  judge.sweep_at("2026-03-07T23:30:00Z");
  judge.sweep_at("2026-03-09T10:00:00Z");
  let france = dedication_of(&judge, "2026-03-09T10:00:00Z", &player("France"));
  assert_shows(&france, &["Dedication:      -8 points\n"]);
  // Abandonment a day before the end of grace costs 20 (it is told
  // instead of a reminder in the same sweep); civil disorder at its end
  // costs 30.
  judge.sweep_at(GRACE_LESS_A_DAY);
  let france = dedication_of(&judge, GRACE_LESS_A_DAY, &player("France"));
  assert_shows(&france, &["Dedication:      -28 points\n", "Civil disorder:  0.00 (0 in 1 games)"]);
  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:points - S1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let france = dedication_of(&judge, GRACE, &player("France"));
  assert_shows(
    &france,
    &[
      "Dedication:      -58 points\n",
      "On-time ratio:   0.00 (0 of 1 phases on time)",
      "Civil disorder:  1.00 (1 in 1 games)",
    ],
  );
  let germany = dedication_of(&judge, GRACE, &player("Germany"));
  assert_shows(
    &germany,
    &[
      "Dedication:      -4 points\n",
      "On-time ratio:   0.00 (0 of 1 phases on time)",
      "Civil disorder:  0.00 (0 in 1 games)",
    ],
  );
  let italy = dedication_of(&judge, GRACE, &player("Italy"));
  assert_shows(
    &italy,
    &["Dedication:      5 points\n", "On-time ratio:   1.00 (1 of 1 phases on time)"],
  );

  // Anyone can look a player up with INFO PLAYER.
  judge.send_at(GRACE, &player("Italy"), "who", "INFO PLAYER france@players.test\n");
  let reply = judge.reply_to(&player("Italy"));
  assert_shows(
    &reply.body,
    &[
      "Player information for france@players.test:",
      "Games played:    1\n",
      "Dedication:      -58 points\n",
      "On-time ratio:   0.00 (0 of 1 phases on time)",
      "Civil disorder:  1.00 (1 in 1 games)",
    ],
  );
  // The Master plays no power: nothing counts for or against them.
  let master = dedication_of(&judge, GRACE, MASTER);
  assert_shows(
    &master,
    &["Games played:    0\n", "Dedication:      0 points\n", "(0 of 0 phases on time)"],
  );

  // Fall on time: Germany earns 5 and is now on time in one phase of two.
  let fall = "2026-03-13T10:00:00Z";
  send_holds(&table, fall, &all_but(&["France"]));
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:points - F1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let germany = dedication_of(&judge, fall, &player("Germany"));
  assert_shows(
    &germany,
    &["Dedication:      1 points\n", "On-time ratio:   0.50 (1 of 2 phases on time)"],
  );
  let italy = dedication_of(&judge, fall, &player("Italy"));
  assert_shows(
    &italy,
    &["Dedication:      10 points\n", "On-time ratio:   1.00 (2 of 2 phases on time)"],
  );
}

/// A game in which France never orders and is abandoned at the end of
/// grace (NoNMR), the others having held in Spring 1901.
fn france_abandoned<'j>(judge: &'j Judge, game: &str) -> Table<'j> {
  let table = Table::start(judge, game, START);
  send_holds(&table, TUESDAY, &all_but(&["France"]));
  judge.sweep_at(DEADLINE);
  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  let abandoned = format!("XXXX:{game} - S1901M Abandoned: F");
  assert!(mail.iter().any(|m| m.to == MASTER && m.subject == abandoned), "{:#?}", subjects(&mail));
  table
}

#[test]
fn a_power_abandoned_at_the_end_of_grace_counts_in_the_civil_disorder_ratio() {
  // Manual §5.2 (3): the CD ratio counts failing to get complete orders in
  // by the end of the grace period, "regardless of whether the game was
  // NMR or not".
  let judge = Judge::with_config(FAST);
  france_abandoned(&judge, "gone");
  let france = dedication_of(&judge, GRACE, &player("France"));
  assert_shows(
    &france,
    &[
      "Games played:    1\n",
      "Dedication:      -51 points\n",
      "Civil disorder:  1.00 (1 in 1 games)",
    ],
  );
  let italy = dedication_of(&judge, GRACE, &player("Italy"));
  assert_shows(&italy, &["Civil disorder:  0.00 (0 in 1 games)"]);
}

#[test]
fn a_replacement_who_orders_by_the_new_deadline_is_on_time() {
  let judge = Judge::with_config(FAST);
  france_abandoned(&judge, "spare");

  // A newcomer takes France over, gets a deadline of their own and orders
  // well before it: that phase is on time for them, not late as it was
  // for the player they replaced.
  let newcomer = "newcomer@players.test";
  let friday = "2026-03-13T10:00:00Z";
  register(&judge, friday, newcomer);
  judge.take_mail();
  judge.send_at(friday, newcomer, "take over", "SIGN ON Fspare newpw\n");
  let reply = judge.reply_to(newcomer);
  assert!(
    reply.body.contains(":: Deadline: S1901M Mon Mar 16 2026 23:30:00 +0000"),
    "{}",
    reply.body
  );
  judge.send_at(
    friday,
    newcomer,
    "orders",
    "SIGN ON Fspare newpw\nSET NO WAIT\nA Par H\nA Mar H\nF Bre H\n",
  );
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:spare - S1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let italy = dedication_of(&judge, friday, &player("Italy"));
  assert_shows(
    &italy,
    &["Dedication:      3 points\n", "On-time ratio:   1.00 (1 of 1 phases on time)"],
  );
  let replacement = dedication_of(&judge, friday, newcomer);
  assert_shows(
    &replacement,
    &["Dedication:      3 points\n", "On-time ratio:   1.00 (1 of 1 phases on time)"],
  );
}

#[test]
fn a_quiet_game_tells_only_the_master_of_a_takeover() {
  // Manual §8.2, SET QUIET: "no announcements about player abandonment,
  // power takeovers and such will be broadcast to the other players".
  let judge = Judge::with_config(FAST);
  quiet_game_with_france_abandoned(&judge);
  let newcomer = "newcomer@players.test";
  let friday = "2026-03-13T10:00:00Z";
  register(&judge, friday, newcomer);
  judge.take_mail();
  judge.send_at(friday, newcomer, "take over", "SIGN ON Fhush newpw\n");
  let mail = judge.take_mail();
  let reply = judge_reply(&mail, newcomer);
  assert!(reply.body.contains("taken over the abandoned France"), "{}", reply.body);
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:hush - S1901M New Player Signon: F"),
    "the Master is told: {:#?}",
    subjects(&mail)
  );
  assert_eq!(mail.len(), 2, "the newcomer and the Master only: {:#?}", subjects(&mail));
}

#[test]
fn a_quiet_game_tells_only_the_master_of_a_resignation_or_an_ejection() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "shh", START);
  judge.send_at(START, MASTER, "quiet", "SIGN ON Mshh masterpw\nSET QUIET\n");
  judge.take_mail();
  table.send("Italy", TUESDAY, "RESIGN\n");
  let mail = judge.take_mail();
  let told: Vec<&str> =
    mail.iter().filter(|m| m.to != player("Italy")).map(|m| m.to.as_str()).collect();
  assert_eq!(told, vec![MASTER], "{:#?}", subjects(&mail));
  judge.send_at(TUESDAY, MASTER, "eject", "SIGN ON Mshh masterpw\nEJECT Germany\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().all(|m| m.to == MASTER || m.to == player("Germany")),
    "{:#?}",
    subjects(&mail)
  );
}

/// A QUIET game `hush` whose France never orders and is abandoned; only
/// the Master hears of the abandonment.
fn quiet_game_with_france_abandoned(judge: &Judge) {
  let table = Table::start(judge, "hush", START);
  judge.send_at(START, MASTER, "quiet", "SIGN ON Mhush masterpw\nSET QUIET\n");
  send_holds(&table, TUESDAY, &all_but(&["France"]));
  judge.sweep_at(DEADLINE);
  judge.take_mail();
  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "the Master only: {:#?}", subjects(&mail));
  assert_eq!(mail[0].subject, "XXXX:hush - S1901M Abandoned: F");
}

#[test]
fn a_master_cannot_ask_for_more_than_their_own_record_and_zero_points_keeps_newcomers_out() {
  let judge = Judge::with_config(FAST);
  let first = "first@players.test";
  let newcomer = "newcomer@players.test";
  for address in [MASTER, first, newcomer] {
    register(&judge, START, address);
  }
  judge.take_mail();

  // A brand-new Master has 0 points, an on-time ratio of 1.0 and a CD
  // ratio of 0.0: no minimum above those, and no ratio outside 0 to 1.
  judge.send_at(
    START,
    MASTER,
    "club",
    "CREATE ?club masterpw\nBECOME MASTER\nSET DEDICATION 5\nSET ONTIMERAT 1.5\n\
     SET RESRAT -1\n",
  );
  let reply = judge.reply_to(MASTER);
  assert!(reply.subject.starts_with("Re: XXXX:club - S1901M"), "{}", reply.subject);
  assert_shows(
    answer(&reply.body, "SET DEDICATION 5"),
    &["The minimum cannot be above your own dedication, 0 points.", "Nothing was changed."],
  );
  assert_shows(
    answer(&reply.body, "SET ONTIMERAT 1.5"),
    &["SET ONTIMERAT needs a ratio from 0.0 to 1.0, not '1.5'.", "Nothing was changed."],
  );
  assert_shows(
    answer(&reply.body, "SET RESRAT -1"),
    &["SET RESRAT needs a ratio from 0.0 to 1.0, not '-1'.", "Nothing was changed."],
  );

  // Nothing was changed: a player with 0 points may still sign on.
  judge.send_at(START, first, "join", "SIGN ON ?club firstpw\n");
  let mail = judge.take_mail();
  let reply = mail_to(&mail, first).into_iter().find(|m| m.subject.starts_with("Re:"));
  let reply = reply.unwrap_or_else(|| panic!("a reply: {:#?}", subjects(&mail)));
  assert!(
    reply.body.contains("You are signed up to play a power in game 'club'"),
    "{}",
    reply.body
  );

  // SET DEDICATION 0 is the Master's own level: allowed, told to the game,
  // and it keeps out a newcomer, whose 0 points are not above 0.
  judge.send_at(START, MASTER, "dedication", "SIGN ON Mclub masterpw\nSET DEDICATION 0\n");
  let mail = judge.take_mail();
  let reply = mail_to(&mail, MASTER).into_iter().find(|m| m.subject.starts_with("Re:"));
  let reply = reply.unwrap_or_else(|| panic!("a reply: {:#?}", subjects(&mail)));
  assert!(
    answer(&reply.body, "SET DEDICATION 0")
      .contains("only players with more than 0 dedication points may sign on"),
    "{}",
    reply.body
  );
  let notice = mail_to(&mail, first);
  assert_eq!(notice.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(notice[0].subject, "XXXX:club - S1901M Parameter Change");
  assert!(
    notice[0].body.contains(
      "master@players.test has changed a setting of game 'club':\n\
       only players with more than 0 dedication points may sign on."
    ),
    "{}",
    notice[0].body
  );

  judge.send_at(START, newcomer, "join", "SIGN ON ?club newpw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the refusal, no sign-on notice: {:#?}", subjects(&mail));
  assert_eq!(mail[0].to, newcomer);
  assert!(
    mail[0]
      .body
      .contains("Game 'club' takes players with more than 0 dedication points, and you have 0."),
    "{}",
    mail[0].body
  );
  assert!(mail[0].body.contains("Nothing was signed on."), "{}", mail[0].body);
}

#[test]
fn players_whose_record_falls_short_of_the_thresholds_cannot_join_or_take_over() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "ded", START);
  let newcomer = "newcomer@players.test";
  register(&judge, START, newcomer);
  judge.send_at(START, MASTER, "nmr", "SIGN ON Mded masterpw\nSET NMR\n");

  // Germany's orders come in late; France's never do.
  send_holds(&table, TUESDAY, &all_but(&["France", "Germany"]));
  judge.sweep_at(DEADLINE);
  table.send("Germany", "2026-03-06T10:00:00Z", holds("Germany"));
  judge.sweep_at(GRACE_LESS_A_DAY);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject == "XXXX:ded - S1901M Abandoned: F"),
    "{:#?}",
    subjects(&mail)
  );

  // The Master asks for more than 0 points: the newcomer (0 points) may
  // not take over the abandoned France, whichever way they ask.
  let at = "2026-03-12T10:00:00Z";
  judge.send_at(at, MASTER, "dedication", "SIGN ON Mded masterpw\nSET DEDICATION 0\n");
  let mail = judge.take_mail();
  let notices: Vec<&Sent> =
    mail.iter().filter(|m| m.subject == "XXXX:ded - S1901M Parameter Change").collect();
  assert_eq!(notices.len(), 7, "every player is told: {:#?}", subjects(&mail));
  for (power, _) in POWERS {
    assert!(notices.iter().any(|m| m.to == player(power)), "{power}: {:#?}", subjects(&mail));
  }
  for body in ["SIGN ON ?ded newpw\n", "SIGN ON Fded newpw\n"] {
    judge.send_at(at, newcomer, "take over", body);
    let mail = judge.take_mail();
    assert_eq!(mail.len(), 1, "only the refusal: {:#?}", subjects(&mail));
    assert_eq!(mail[0].to, newcomer);
    assert!(
      mail[0]
        .body
        .contains("Game 'ded' takes players with more than 0 dedication points, and you have 0."),
      "{}",
      mail[0].body
    );
  }
  judge.sweep_at(GRACE);
  let mail = judge.take_mail();
  let results = mail.iter().find(|m| m.to == MASTER && m.subject == "XXXX:ded - S1901M Results");
  let results = results.unwrap_or_else(|| panic!("France stayed out: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Civil disorder: France."), "{}", results.body);

  // Germany was late once (on time 0 of 1); France went into civil
  // disorder (1 in 1 games); Italy was on time.
  let germany = dedication_of(&judge, GRACE, &player("Germany"));
  assert_shows(&germany, &["On-time ratio:   0.00 (0 of 1 phases on time)"]);
  let france = dedication_of(&judge, GRACE, &player("France"));
  assert_shows(&france, &["Civil disorder:  1.00 (1 in 1 games)"]);

  // A new game whose Master (never late, never in CD) wants players on time
  // at least half the time.
  let later = "2026-03-13T10:00:00Z";
  judge.send_at(
    later,
    MASTER,
    "club",
    "CREATE ?club clubpw\nBECOME MASTER\nSET DEDICATION -1000\nSET ONTIMERAT 0.5\n",
  );
  let reply = judge.reply_to(MASTER);
  assert!(
    answer(&reply.body, "SET ONTIMERAT 0.5")
      .contains("only players on time at least 0.50 of the time may sign on"),
    "{}",
    reply.body
  );
  judge.send_at(later, &player("Germany"), "join", "SIGN ON ?club gpw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the refusal: {:#?}", subjects(&mail));
  assert!(
    mail[0]
      .body
      .says("Game 'club' takes players with an on-time ratio of at least 0.50, and yours is 0.00."),
    "{}",
    mail[0].body
  );
  judge.send_at(later, &player("Italy"), "join", "SIGN ON ?club ipw\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:club - S1901M New Player Signon: #1"),
    "Italy is on time: {:#?}",
    subjects(&mail)
  );

  // Then no on-time minimum, but a civil-disorder ratio of at most 0.5.
  judge.send_at(later, MASTER, "club", "SIGN ON Mclub clubpw\nSET ONTIMERAT 0\nSET RESRAT 0.5\n");
  let reply = judge.reply_to(MASTER);
  assert!(
    answer(&reply.body, "SET RESRAT 0.5")
      .says("only players with a civil-disorder ratio of at most 0.50 may sign on"),
    "{}",
    reply.body
  );
  judge.send_at(later, &player("France"), "join", "SIGN ON ?club fpw\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the refusal: {:#?}", subjects(&mail));
  assert!(
    mail[0].body.says(
      "Game 'club' takes players with a civil-disorder ratio of at most 0.50, and yours is 1.00."
    ),
    "{}",
    mail[0].body
  );
  for (address, n) in [(player("Germany"), 2), (newcomer.to_string(), 3)] {
    judge.send_at(later, &address, "join", "SIGN ON ?club pw\n");
    let mail = judge.take_mail();
    let subject = format!("XXXX:club - S1901M New Player Signon: #{n}");
    assert!(
      mail.iter().any(|m| m.to == MASTER && m.subject == subject),
      "{address} is let in: {:#?}",
      subjects(&mail)
    );
  }
}

/// Creates an unmoderated game: Austria's player creates it (and plays),
/// the others sign on; each asks for their own power.
fn unmoderated(judge: &Judge, game: &str, now: &str) {
  for (power, _) in POWERS {
    register(judge, now, &player(power));
  }
  for (power, letter) in POWERS {
    let join = if power == "Austria" { "CREATE" } else { "SIGN ON" };
    let body = format!("{join} ?{game} {}\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(now, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject.ends_with("Game Starting")),
    "the game did not start: {:#?}",
    subjects(&mail)
  );
}

#[test]
fn a_game_without_a_master_is_unrated_until_a_player_sets_it_rated() {
  let judge = Judge::with_config(FAST);
  unmoderated(&judge, "free", START);
  let table = Table { judge: &judge, game: "free".to_string() };
  let powers = all_but(&[]);
  send_holds(&table, TUESDAY, &powers);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == player("Italy") && m.subject == "XXXX:free - S1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let italy = dedication_of(&judge, TUESDAY, &player("Italy"));
  assert_shows(
    &italy,
    &[
      "Games played:    0\n",
      "Dedication:      0 points\n",
      "On-time ratio:   1.00 (0 of 0 phases on time)",
    ],
  );

  // Any player of an unmoderated game may make it count.
  let wednesday = "2026-03-04T10:00:00Z";
  table.send("Italy", wednesday, "SET RATED\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Italy");
  assert!(
    answer(&reply.body, "SET RATED").contains("the game counts for the players' dedication"),
    "{}",
    reply.body
  );
  for power in all_but(&["Italy"]) {
    let notice = mail_to(&mail, &player(power));
    assert_eq!(notice.len(), 1, "{power}: {:#?}", subjects(&mail));
    assert_eq!(notice[0].subject, "XXXX:free - F1901M Parameter Change");
    assert!(
      notice[0].body.contains(
        "italy@players.test has changed a setting of game 'free':\n\
         the game counts for the players' dedication."
      ),
      "{}",
      notice[0].body
    );
  }
  send_holds(&table, wednesday, &powers);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == player("Italy") && m.subject == "XXXX:free - F1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let italy = dedication_of(&judge, wednesday, &player("Italy"));
  assert_shows(
    &italy,
    &["Dedication:      3 points\n", "On-time ratio:   1.00 (1 of 1 phases on time)"],
  );
}

#[test]
fn a_master_can_make_a_game_unrated_and_its_lateness_then_costs_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "casual", START);

  // A player of a moderated game may not touch the rating.
  table.send("Italy", START, "SET UNRATED\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no Parameter Change: {:#?}", subjects(&mail));
  assert!(
    answer(&table.reply(&mail, "Italy").body, "SET UNRATED").says(
      "SET UNRATED is for the Master (or, in an unmoderated game, a player). Nothing was changed."
    ),
    "{}",
    mail[0].body
  );

  judge.send_at(START, MASTER, "unrated", "SIGN ON Mcasual masterpw\nSET UNRATED\n");
  let mail = judge.take_mail();
  for (power, _) in POWERS {
    let notice = mail_to(&mail, &player(power));
    assert_eq!(notice.len(), 1, "{power}: {:#?}", subjects(&mail));
    assert_eq!(notice[0].subject, "XXXX:casual - S1901M Parameter Change");
    assert!(
      notice[0].body.contains(
        "master@players.test has changed a setting of game 'casual':\n\
         the game does not count for the players' dedication."
      ),
      "{}",
      notice[0].body
    );
  }

  // France is late twice and sends orders after a day: nobody's record moves.
  send_holds(&table, TUESDAY, &all_but(&["France"]));
  judge.sweep_at(DEADLINE);
  judge.sweep_at(NEXT_DAY);
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject == "[You are late!] XXXX:casual - S1901M Late Notice: F"),
    "{:#?}",
    subjects(&mail)
  );
  table.send("France", "2026-03-07T10:00:00Z", holds("France"));
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.to == MASTER && m.subject == "XXXX:casual - S1901M Results"),
    "{:#?}",
    subjects(&mail)
  );
  let france = dedication_of(&judge, "2026-03-07T10:00:00Z", &player("France"));
  assert_shows(
    &france,
    &["Dedication:      0 points\n", "On-time ratio:   1.00 (0 of 0 phases on time)"],
  );
  let italy = dedication_of(&judge, "2026-03-07T10:00:00Z", &player("Italy"));
  assert_shows(
    &italy,
    &["Dedication:      0 points\n", "On-time ratio:   1.00 (0 of 0 phases on time)"],
  );
}

#[test]
fn late_count_numbers_lateness_quiet_tells_only_the_master_and_strict_wait_needs_orders() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "quiet", START);

  // QUIET is the Master's alone.
  table.send("Italy", START, "SET QUIET\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no Parameter Change: {:#?}", subjects(&mail));
  assert!(
    answer(&mail[0].body, "SET QUIET")
      .contains("SET QUIET is for the Master. Nothing was changed."),
    "{}",
    mail[0].body
  );

  judge.send_at(
    START,
    MASTER,
    "settings",
    "SIGN ON Mquiet masterpw\nSET LATE COUNT\nSET QUIET\nSET STRICT WAIT\n",
  );
  let mail = judge.take_mail();
  for (power, _) in POWERS {
    let notices = mail_to(&mail, &player(power));
    assert_eq!(notices.len(), 1, "one notice for the message: {power}: {:#?}", subjects(&mail));
    assert_eq!(notices[0].subject, "XXXX:quiet - S1901M Parameter Change");
    let told = &notices[0].body;
    assert!(
      told.contains("master@players.test has changed settings of game 'quiet':\n"),
      "{power}: {told}"
    );
    for what in [
      "late notices count how often each player has been late",
      "lateness, abandonment and takeovers are told to the Master only",
      "only players with orders to give may SET WAIT",
    ] {
      assert!(told.contains(&format!("- {what}.\n")), "{power}: {what}: {told}");
    }
  }

  // Spring: France is late. Only France and the Master hear of it, with
  // the count.
  let spring = [("Austria", "A Vie - Tyr\nA Bud H\nF Tri H\n")];
  for power in all_but(&["France"]) {
    let orders = spring.iter().find(|(p, _)| *p == power).map_or(holds(power), |(_, o)| *o);
    table.send(power, TUESDAY, orders);
  }
  judge.take_mail();
  judge.sweep_at(DEADLINE);
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "France and the Master only: {:#?}", subjects(&mail));
  let to_france = mail_to(&mail, &player("France"));
  assert_eq!(to_france.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(to_france[0].subject, "[You are late!] XXXX:quiet - S1901M Late Notice: F");
  assert!(
    to_france[0].body.contains("You have been late 1 time in this game."),
    "{}",
    to_france[0].body
  );
  let to_master = mail_to(&mail, MASTER);
  assert_eq!(to_master.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(to_master[0].subject, "XXXX:quiet - S1901M Late Notice: F");
  assert!(to_master[0].body.contains("France has been late 1 time."), "{}", to_master[0].body);

  table.send("France", "2026-03-06T10:00:00Z", holds("France"));
  let mail = judge.take_mail();
  let results = mail.iter().find(|m| m.to == MASTER && m.subject == "XXXX:quiet - S1901M Results");
  let results = results.unwrap_or_else(|| panic!("{:#?}", subjects(&mail)));
  assert!(results.body.contains("Mon Mar 09 2026 23:30:00 +0000"), "{}", results.body);

  // Fall: Austria dislodges Italy's army in Venice; France is late again.
  let fall = [("Austria", "A Tyr - Ven\nF Tri S A Tyr - Ven\nA Bud H\n")];
  for power in all_but(&["France"]) {
    let orders = fall.iter().find(|(p, _)| *p == power).map_or(holds(power), |(_, o)| *o);
    table.send(power, "2026-03-07T10:00:00Z", orders);
  }
  judge.take_mail();
  judge.sweep_at("2026-03-09T23:30:00Z");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "France and the Master only: {:#?}", subjects(&mail));
  let to_france = mail_to(&mail, &player("France"));
  assert_eq!(to_france.len(), 1, "{:#?}", subjects(&mail));
  assert!(
    to_france[0].body.contains("You have been late 2 times in this game."),
    "{}",
    to_france[0].body
  );
  let to_master = mail_to(&mail, MASTER);
  assert_eq!(to_master.len(), 1, "{:#?}", subjects(&mail));
  assert!(to_master[0].body.contains("France has been late 2 times."), "{}", to_master[0].body);

  let retreat_at = "2026-03-10T10:00:00Z";
  table.send("France", retreat_at, holds("France"));
  let mail = judge.take_mail();
  let results = mail.iter().find(|m| m.to == MASTER && m.subject == "XXXX:quiet - F1901M Results");
  let results = results.unwrap_or_else(|| panic!("{:#?}", subjects(&mail)));
  assert!(results.body.contains("Wed Mar 11 2026 09:00:00 +0000"), "{}", results.body);

  // Retreats: only Italy has anything to order, so only Italy may wait.
  table.send("France", retreat_at, "SET WAIT\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    answer(&reply.body, "SET WAIT")
      .contains("This game has STRICT WAIT: only players with orders to give may wait."),
    "{}",
    reply.body
  );
  table.send("Italy", retreat_at, "SET WAIT\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Italy");
  assert!(answer(&reply.body, "SET WAIT").contains("Wait set"), "{}", reply.body);

  // Italy does not retreat: late (a first time), then abandoned; in a
  // QUIET game only the Master hears of the abandonment.
  judge.sweep_at("2026-03-11T09:00:00Z");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "Italy and the Master only: {:#?}", subjects(&mail));
  let to_italy = mail_to(&mail, &player("Italy"));
  assert_eq!(to_italy.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(to_italy[0].subject, "[You are late!] XXXX:quiet - F1901R Late Notice: I");
  assert!(
    to_italy[0].body.contains("You have been late 1 time in this game."),
    "{}",
    to_italy[0].body
  );
  // The grace period ends no earlier than the last phase's did.
  assert!(to_italy[0].body.contains("Mon Mar 16 2026 22:30:00 +0000"), "{}", to_italy[0].body);
  judge.sweep_at("2026-03-16T22:30:00Z");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "the Master only: {:#?}", subjects(&mail));
  assert_eq!(mail[0].to, MASTER);
  assert_eq!(mail[0].subject, "XXXX:quiet - F1901R Abandoned: I");
  assert!(mail[0].body.contains("Italy has been abandoned"), "{}", mail[0].body);

  // A newcomer takes Italy over: the count starts again for them (manual
  // §8.6).
  let newcomer = "newcomer@players.test";
  let takeover = "2026-03-17T10:00:00Z";
  register(&judge, takeover, newcomer);
  judge.take_mail();
  judge.send_at(takeover, newcomer, "take over", "SIGN ON Iquiet newpw\n");
  let takeover_mail = judge.take_mail();
  let reply = judge_reply(&takeover_mail, newcomer);
  assert!(reply.body.contains("taken over the abandoned Italy"), "{}", reply.body);
  assert!(
    reply.body.contains(":: Deadline: F1901R Wed Mar 18 2026 09:00:00 +0000"),
    "{}",
    reply.body
  );
  judge.sweep_at("2026-03-18T09:00:00Z");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "the newcomer and the Master only: {:#?}", subjects(&mail));
  let to_newcomer = mail_to(&mail, newcomer);
  assert_eq!(to_newcomer.len(), 1, "{:#?}", subjects(&mail));
  assert!(
    to_newcomer[0].body.contains("You have been late 1 time in this game."),
    "{}",
    to_newcomer[0].body
  );
  let to_master = mail_to(&mail, MASTER);
  assert!(to_master[0].body.contains("Italy has been late 1 time."), "{}", to_master[0].body);
}

/// The one reply to `address` among `mail`.
fn judge_reply<'m>(mail: &'m [Sent], address: &str) -> &'m Sent {
  let replies: Vec<&Sent> =
    mail.iter().filter(|m| m.to == address && m.subject.starts_with("Re:")).collect();
  assert_eq!(replies.len(), 1, "one reply to {address}: {:#?}", subjects(mail));
  replies[0]
}

/// INFO PLAYER counts the positions a player abandoned.
#[test]
fn info_player_counts_positions_abandoned() {
  let judge = Judge::with_config(FAST);
  quiet_game_with_france_abandoned(&judge);
  let friday = "2026-03-13T10:00:00Z";
  judge.send_at(friday, MASTER, "info", &format!("INFO PLAYER {}\n", player("France")));
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("Abandoned:       1 position\n"), "{}", reply.body);
  judge.send_at(friday, MASTER, "info", &format!("INFO PLAYER {}\n", player("Italy")));
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("Abandoned:       0 positions\n"), "{}", reply.body);
}
