//! Transcripts of orders by mail (manual §6.1, SET WAIT in §7.2): orders
//! after a SIGN ON, each answered under its echoed line; the `[Error Flag]`
//! subject; the last valid order for a unit winning; the power's current
//! orders and the time to the deadline closing every reply; retreat and
//! adjustment phases; SET WAIT holding a phase until its deadline.

use crate::judge_support;

use crate::game_support;

use std::collections::BTreeMap;
use std::path::PathBuf;

use chrono::{DateTime, Duration, Utc};
use game_support::{board, holds, password, player, register, Table, FAST, MASTER};
use judge_support::{Judge, Says, Sent};

use crate::game_support::START;

/// `START` plus `hours`, as `--now` takes it.
fn at(hours: i64) -> String {
  let start: DateTime<Utc> = START.parse().expect("a time");
  (start + Duration::hours(hours)).to_rfc3339()
}

/// What the judge said under the echo of `line` (`> line`): the lines up
/// to the next blank line. Fails the test if the line was not echoed.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// The power's current orders closing a reply: the `Power: ...` lines
/// after `Orders for Power, ...`.
fn current_orders(body: &str, power: &str) -> Vec<String> {
  let heading = format!("\nOrders for {power}, ");
  let start = body.find(&heading).unwrap_or_else(|| panic!("no current orders in:\n{body}"));
  let label = format!("{power}: ");
  body[start + heading.len()..]
    .lines()
    .skip(1)
    .skip_while(|l| l.is_empty())
    .take_while(|l| l.starts_with(&label))
    .map(str::to_string)
    .collect()
}

/// A body with each run of spaces folded into one (results align columns).
fn fold(text: &str) -> String {
  text
    .lines()
    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    .collect::<Vec<_>>()
    .join("\n")
}

/// The results mail the Master got among `mail`, if any.
fn results_in(mail: &[Sent]) -> Option<&Sent> {
  mail.iter().find(|m| m.to == MASTER && m.subject.ends_with(" Results"))
}

/// The games and the index of games, as the judge keeps them on disk.
fn game_files(judge: &Judge) -> BTreeMap<PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| path.starts_with("games") || path.starts_with("index"));
  assert!(!files.is_empty(), "the judge keeps its games under games/ and index/");
  files
}

/// The deadline a reply's `:: Deadline: S1901M Thu Mar 05 2026 23:30:00 +0000`
/// line shows.
fn deadline_of(reply: &Sent) -> DateTime<Utc> {
  let line = reply
    .body
    .lines()
    .find_map(|l| l.strip_prefix(":: Deadline: "))
    .unwrap_or_else(|| panic!("no deadline line in:\n{}", reply.body));
  let (_, date) = line.split_once(' ').expect("a phase, then a date");
  DateTime::parse_from_str(date.trim(), "%a %b %d %Y %H:%M:%S %z")
    .unwrap_or_else(|e| panic!("'{date}' is not a deadline: {e}"))
    .with_timezone(&Utc)
}

/// Checks a signed-on reply closes with the time to the deadline (the
/// grace period's may follow it), after the current orders.
fn assert_ends_with_time_to_deadline(body: &str) {
  let tail: Vec<&str> = body.trim_end().lines().rev().take_while(|l| !l.is_empty()).collect();
  assert!(
    tail.iter().any(|l| l.starts_with("Time to deadline: ")),
    "the reply should end with the time to the deadline:\n{body}"
  );
  assert!(
    tail.iter().all(|l| l.starts_with("Time to ")),
    "nothing but times should follow the time to the deadline:\n{body}"
  );
}

#[test]
fn orders_are_answered_under_their_lines_and_the_reply_lists_every_unit() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "basic", &at(0));

  table.send("France", &at(1), "A Par-Bur\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: XXXX:basic - S1901M orders");
  assert_eq!(answer(&reply.body, "A Par-Bur"), "Accepted: Army Paris -> Burgundy.");
  let mut orders = current_orders(&reply.body, "France");
  orders.sort();
  assert_eq!(
    orders,
    [
      "France: Army Marseilles, No Order Processed.",
      "France: Army Paris -> Burgundy.",
      "France: Fleet Brest, No Order Processed.",
    ],
    "{}",
    reply.body
  );
  assert!(
    reply.body.find("Orders for France") > reply.body.find("> A Par-Bur"),
    "the current orders come after the order lines:\n{}",
    reply.body
  );
  assert_ends_with_time_to_deadline(&reply.body);
  assert!(results_in(&mail).is_none(), "one power's orders do not process the phase");

  // Several orders on a line, split at commas and semicolons; the new
  // order for Paris replaces the first one, and says so.
  table.send("France", &at(2), "A Mar H, F Bre-Mid; A Par-Pic\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: XXXX:basic - S1901M orders");
  let said = answer(&reply.body, "A Mar H, F Bre-Mid; A Par-Pic");
  let answers = said.lines().filter(|l| l.starts_with('\'')).count();
  assert_eq!(answers, 3, "one answer per order:\n{said}");
  assert!(said.contains("Accepted: Army Marseilles HOLD."), "{said}");
  assert!(said.contains("Accepted: Fleet Brest -> Mid-Atlantic Ocean."), "{said}");
  let paris = &said[said.find("'A Par-Pic'").expect("an answer for Paris")..];
  assert!(paris.contains("Accepted: Army Paris -> Picardy."), "{said}");
  assert!(paris.says("replaces Army Paris -> Burgundy."), "{said}");
  let mut orders = current_orders(&reply.body, "France");
  orders.sort();
  assert_eq!(
    orders,
    [
      "France: Army Marseilles HOLD.",
      "France: Army Paris -> Picardy.",
      "France: Fleet Brest -> Mid-Atlantic Ocean.",
    ],
    "only the last order for Paris is listed:\n{}",
    reply.body
  );
  assert!(!reply.body.contains("No Order Processed"), "{}", reply.body);
  assert_ends_with_time_to_deadline(&reply.body);

  // A later order the judge refuses leaves the last valid one standing.
  table.send("France", &at(3), "A Par-Mun\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(answer(&reply.body, "A Par-Mun").starts_with("Error: "), "{}", reply.body);
  assert!(
    current_orders(&reply.body, "France").contains(&"France: Army Paris -> Picardy.".to_string()),
    "{}",
    reply.body
  );

  // The others' orders complete the phase: the orders that won are the
  // ones carried out.
  table.turn(&at(4)).orders(&[]).skip(&["France"]).send();
  let mail = judge.take_mail();
  let results = results_in(&mail).expect("the phase is processed once every power is in");
  assert!(results.subject.starts_with("XXXX:basic - S1901M"), "{}", results.subject);
  let body = fold(&results.body);
  assert!(body.contains("France: Army Paris -> Picardy."), "{body}");
  assert!(!body.contains("Burgundy"), "{body}");
  let (units, _, _) = board(&table.listing(&at(5)));
  assert!(units.contains(&("France".to_string(), "Army Picardy".to_string())), "{units:?}");
}

#[test]
fn refused_orders_are_explained_raise_the_error_flag_and_hold_the_phase() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "errs", &at(0));

  // Every order refused: each is explained under its line, and nothing
  // changes on disk.
  let before = game_files(&judge);
  table.send("Germany", &at(1), "A Par-Bur\nA Bel H\nBuild A Ber\nF Kie-Mun\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert_eq!(reply.subject, "Re: [Error Flag] XXXX:errs - S1901M orders");
  let body = &reply.body;
  let said = answer(body, "A Par-Bur");
  assert!(said.starts_with("Error: ") && said.contains("belongs to France"), "{body}");
  let said = answer(body, "A Bel H");
  assert!(said.starts_with("Error: ") && said.contains("no unit in Belgium"), "{body}");
  let said = answer(body, "Build A Ber");
  assert!(said.starts_with("Error: ") && said.contains("adjustment phase"), "{body}");
  let said = answer(body, "F Kie-Mun");
  assert!(said.starts_with("Error: ") && said.contains("Munich"), "{body}");
  let mut orders = current_orders(body, "Germany");
  orders.sort();
  assert_eq!(
    orders,
    [
      "Germany: Army Berlin, No Order Processed.",
      "Germany: Army Munich, No Order Processed.",
      "Germany: Fleet Kiel, No Order Processed.",
    ],
    "{body}"
  );
  assert_ends_with_time_to_deadline(body);
  assert_eq!(game_files(&judge), before, "a mail whose orders were all refused changes nothing");

  // Some taken, one refused: the good ones stand, the flag is raised.
  table.send("Germany", &at(2), "A Mun-Ruh, A Ber-Kie; A Bel H\nF Kie-Den\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert_eq!(reply.subject, "Re: [Error Flag] XXXX:errs - S1901M orders");
  let said = answer(&reply.body, "A Mun-Ruh, A Ber-Kie; A Bel H");
  assert!(said.contains("Accepted: Army Munich -> Ruhr."), "{said}");
  assert!(said.contains("Accepted: Army Berlin -> Kiel."), "{said}");
  let bel = said.lines().find(|l| l.contains("Belgium")).expect("an answer for Bel");
  assert!(bel.contains("Error: ") && !bel.contains("Accepted"), "{said}");
  assert_eq!(answer(&reply.body, "F Kie-Den"), "Accepted: Fleet Kiel -> Denmark.");
  let mut orders = current_orders(&reply.body, "Germany");
  orders.sort();
  assert_eq!(
    orders,
    [
      "Germany: Army Berlin -> Kiel.",
      "Germany: Army Munich -> Ruhr.",
      "Germany: Fleet Kiel -> Denmark."
    ],
    "{}",
    reply.body
  );

  // Every other power's orders are in, but Germany's last mail had an
  // error: the phase waits.
  table.turn(&at(3)).orders(&[]).skip(&["Germany"]).send();
  let mail = judge.take_mail();
  assert!(
    results_in(&mail).is_none(),
    "orders with errors do not count as in: {:#?}",
    mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
  );
  let (units, _, _) = board(&table.listing(&at(3)));
  assert!(units.contains(&("Germany".to_string(), "Army Munich".to_string())), "{units:?}");

  // A clean mail: the flag goes, and the phase is processed.
  table.send("Germany", &at(4), "A Ber H\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert_eq!(reply.subject, "Re: XXXX:errs - S1901M orders");
  assert_eq!(
    answer(&reply.body, "A Ber H"),
    "Accepted: Army Berlin HOLD. (replaces Army Berlin -> Kiel.)"
  );
  let results = results_in(&mail).expect("a mail without errors lets the phase be processed");
  let body = fold(&results.body);
  assert!(body.contains("Germany: Army Munich -> Ruhr."), "{body}");
  assert!(body.contains("Germany: Fleet Kiel -> Denmark."), "{body}");
  assert!(body.contains("Germany: Army Berlin HOLD."), "{body}");
}

#[test]
fn orders_from_anyone_but_a_signed_on_player_of_a_running_game_are_refused() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "refuse", &at(0));

  // No command at all: nothing is done.
  judge.send_at(&at(1), &player("France"), "orders", "A Par-Bur\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == player("France")).expect("a reply");
  assert!(reply.body.contains("nothing was done"), "{}", reply.body);

  // An order line before the SIGN ON is refused; the ones after it count.
  let body = format!("A Par-Bur\nSIGN ON Frefuse {}\nA Mar H\n", password("France"));
  judge.send_at(&at(1), &player("France"), "orders", &body);
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(
    answer(&reply.body, "A Par-Bur").contains("Orders are read only after"),
    "{}",
    reply.body
  );
  assert_eq!(answer(&reply.body, "A Mar H"), "Accepted: Army Marseilles HOLD.");
  let orders = current_orders(&reply.body, "France");
  assert!(orders.contains(&"France: Army Paris, No Order Processed.".to_string()), "{orders:?}");

  // An observer gives no orders.
  register(&judge, &at(1), "watcher@players.test");
  judge.send_at(&at(1), "watcher@players.test", "watch", "OBSERVE refuse watchpw\n");
  judge.take_mail();
  let before = game_files(&judge);
  judge.send_at(&at(2), "watcher@players.test", "orders", "SIGN ON Orefuse watchpw\nA Par-Bur\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == "watcher@players.test").expect("a reply");
  assert!(
    answer(&reply.body, "A Par-Bur").contains("Observers do not give orders"),
    "{}",
    reply.body
  );
  assert!(!reply.body.contains("Accepted"), "{}", reply.body);
  assert_eq!(game_files(&judge), before, "an observer's orders change nothing");

  // The Master may order any unit (manual §8.2), for the power that owns it.
  judge.send_at(&at(2), MASTER, "orders", "SIGN ON Mrefuse masterpw\nA Par-Bur\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply");
  let said = answer(&reply.body, "A Par-Bur");
  assert_eq!(said, "Accepted for France: Army Paris -> Burgundy.", "{}", reply.body);

  // France sees the Master's order among its own.
  table.send("France", &at(3), "F Bre H\n");
  let mail = judge.take_mail();
  let orders = current_orders(&table.reply(&mail, "France").body, "France");
  assert!(orders.iter().any(|o| o.contains("Army Paris -> Burgundy")), "{orders:?}");

  // A game that has not started takes no orders, from a player or its Master.
  judge.send_at(&at(3), MASTER, "create", "CREATE ?later masterpw\nBECOME MASTER\n");
  let body = format!("SIGN ON ?later {}\nA Par-Bur\n", password("France"));
  judge.send_at(&at(3), &player("France"), "join", &body);
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(answer(&reply.body, "A Par-Bur").contains("has not started"), "{}", reply.body);
  assert!(!reply.body.contains("Accepted"), "{}", reply.body);
  let before = game_files(&judge);
  judge.send_at(&at(4), MASTER, "orders", "SIGN ON Mlater masterpw\nA Par-Bur\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply");
  assert!(answer(&reply.body, "A Par-Bur").contains("has not started"), "{}", reply.body);
  assert_eq!(game_files(&judge), before, "orders for a forming game change nothing");
}

/// Plays Spring and Fall 1901 so that Germany dislodges the French army in
/// Burgundy (Ruhr, supported from Munich), France takes Spain, and Turkey
/// takes Sevastopol from Russia. Returns the Fall results the Master got.
fn to_the_fall_retreats(table: &Table) -> Sent {
  let spring = [
    ("France", "A Par-Bur\nA Mar-Spa\nF Bre-Mid\n"),
    ("Germany", "A Mun-Ruh\nA Ber-Mun\nF Kie H\n"),
    ("Russia", "F Sev-Bla\nA Mos H\nA War H\nF Stp H\n"),
    ("Turkey", "A Smy-Arm\nF Ank H\nA Con H\n"),
  ];
  table.turn(&at(1)).orders(&spring).skip(&[]).send();
  let mail = table.judge.take_mail();
  assert!(
    results_in(&mail).is_some_and(|m| m.subject.contains("S1901M")),
    "Spring 1901 is processed"
  );
  let fall = [
    ("France", "A Bur H\nA Spa H\nF Mid H\n"),
    ("Germany", "A Ruh-Bur\nA Mun S A Ruh-Bur\nF Kie H\n"),
    ("Russia", "F Bla H\nA Mos H\nA War H\nF Stp H\n"),
    ("Turkey", "A Arm-Sev\nF Ank H\nA Con H\n"),
  ];
  table.turn(&at(2)).orders(&fall).skip(&[]).send();
  let mail = table.judge.take_mail();
  let results = results_in(&mail).expect("Fall 1901 is processed");
  assert!(results.subject.contains("F1901M"), "{}", results.subject);
  results.clone()
}

#[test]
fn only_the_owner_of_a_dislodged_unit_orders_a_retreat_to_an_allowed_place() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "retreat", &at(0));
  let fall = to_the_fall_retreats(&table);
  let body = fold(&fall.body);
  assert!(body.contains("France: Army Burgundy HOLD. (*dislodged*)"), "{body}");
  assert!(body.contains("Retreats for Fall of 1901"), "{body}");
  let listing = table.listing(&at(3));
  let (_, dislodged, _) = board(&listing);
  assert_eq!(
    dislodged.into_iter().collect::<Vec<_>>(),
    [("France".to_string(), "Army Burgundy".to_string())],
    "{listing}"
  );

  // Germany has nothing to retreat.
  table.send("Germany", &at(3), "A Mun H\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert_eq!(reply.subject, "Re: [Error Flag] XXXX:retreat - F1901R orders");
  assert!(answer(&reply.body, "A Mun H").starts_with("Error: "), "{}", reply.body);

  // A retreat to where the attack came from is refused, with the places
  // allowed; a disband on the same line is taken, but the error holds the
  // phase.
  table.send("France", &at(3), "A Bur-Ruh, A Bur disband\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: [Error Flag] XXXX:retreat - F1901R orders");
  let said = answer(&reply.body, "A Bur-Ruh, A Bur disband");
  let ruhr = &said[..said.find("'A Bur disband'").expect("two answers")];
  assert!(ruhr.says("Error: ") && ruhr.says("Picardy"), "{said}");
  assert!(!ruhr.contains("Ruhr,") && !ruhr.contains("Munich"), "not allowed places: {said}");
  assert!(said.contains("Accepted: Army Burgundy DISBAND."), "{said}");
  assert_eq!(current_orders(&reply.body, "France"), ["France: Army Burgundy DISBAND."]);
  assert!(results_in(&mail).is_none(), "the retreat with an error waits");

  // A retreat to a listed place, in a clean mail: the phase is processed
  // though nobody else sent anything.
  table.send("France", &at(4), "A Bur-Pic\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: XXXX:retreat - F1901R orders");
  assert_eq!(
    answer(&reply.body, "A Bur-Pic"),
    "Accepted: Army Burgundy -> Picardy. (replaces Army Burgundy DISBAND.)"
  );
  let results =
    results_in(&mail).expect("the retreat phase is processed once France's retreat is in");
  assert!(results.subject.contains("F1901R"), "{}", results.subject);
  assert!(fold(&results.body).contains("France: Army Burgundy -> Picardy."), "{}", results.body);
  let (units, dislodged, _) = board(&table.listing(&at(4)));
  assert!(dislodged.is_empty(), "{dislodged:?}");
  assert!(units.contains(&("France".to_string(), "Army Picardy".to_string())), "{units:?}");
}

#[test]
fn adjustments_take_builds_waives_and_removals_and_the_last_builds_win() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "adjust", &at(0));
  to_the_fall_retreats(&table);
  table.send("France", &at(3), "A Bur disband\n");
  let mail = judge.take_mail();
  let results = results_in(&mail).expect("the retreat phase is processed");
  // France: Paris, Marseilles, Brest and Spain, with two units; Russia lost
  // Sevastopol to Turkey.
  let body = fold(&results.body);
  assert!(body.contains("France: 4 Supply centers, 2 Units: Builds 2 units."), "{body}");
  assert!(body.contains("Russia: 3 Supply centers, 4 Units: Removes 1 unit."), "{body}");
  assert!(body.contains("Turkey: 4 Supply centers, 3 Units: Builds 1 unit."), "{body}");

  // Three builds for two: the earliest gives way, and the reply says so.
  table.send("France", &at(4), "Build A Par, build f bre\nA Mar\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: XXXX:adjust - F1901B orders");
  let said = answer(&reply.body, "Build A Par, build f bre");
  assert!(said.contains("Accepted: Build Army Paris."), "{said}");
  assert!(said.contains("Accepted: Build Fleet Brest."), "{said}");
  let mar = answer(&reply.body, "A Mar");
  assert!(mar.starts_with("Accepted: Build Army Marseilles."), "{mar}");
  assert!(mar.contains("replaces Build Army Paris."), "the earliest build is pushed out: {mar}");
  let mut orders = current_orders(&reply.body, "France");
  orders.sort();
  assert_eq!(
    orders,
    ["France: Build Army Marseilles.", "France: Build Fleet Brest."],
    "{}",
    reply.body
  );
  assert_ends_with_time_to_deadline(&reply.body);

  // A removal when builds are due is refused and changes nothing.
  let before = game_files(&judge);
  table.send("France", &at(4), "Remove A Spa\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert_eq!(reply.subject, "Re: [Error Flag] XXXX:adjust - F1901B orders");
  assert!(answer(&reply.body, "Remove A Spa").starts_with("Error: "), "{}", reply.body);
  assert_eq!(game_files(&judge), before, "a refused removal changes nothing");

  // A power with nothing to adjust has nothing to order.
  table.send("Germany", &at(4), "Build A Ber\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert!(answer(&reply.body, "Build A Ber").starts_with("Error: "), "{}", reply.body);

  // Russia removes a unit; the phase still waits for Turkey.
  table.send("Russia", &at(5), "Remove A War\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Russia");
  assert_eq!(reply.subject, "Re: XXXX:adjust - F1901B orders");
  assert_eq!(answer(&reply.body, "Remove A War"), "Accepted: Remove Army Warsaw.");
  assert_eq!(current_orders(&reply.body, "Russia"), ["Russia: Remove Army Warsaw."]);
  assert!(results_in(&mail).is_none(), "Turkey has yet to build");

  // Turkey waives its build: everything owed is in, and the phase is
  // processed without a word from the powers with nothing to adjust.
  table.send("Turkey", &at(5), "WAIVE\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert!(answer(&reply.body, "WAIVE").starts_with("Accepted: "), "{}", reply.body);
  let results = results_in(&mail).expect("the adjustment phase is processed");
  assert!(results.subject.contains("F1901B"), "{}", results.subject);
  let listing = table.listing(&at(6));
  assert!(listing.contains("(S1902M)"), "{listing}");
  let (units, _, _) = board(&listing);
  let has = |power: &str, unit: &str| units.contains(&(power.to_string(), unit.to_string()));
  assert!(has("France", "Fleet Brest") && has("France", "Army Marseilles"), "{units:?}");
  assert!(!has("France", "Army Paris"), "the build pushed out is not made: {units:?}");
  assert!(!has("Russia", "Army Warsaw") && has("Russia", "Army Moscow"), "{units:?}");
  assert_eq!(units.iter().filter(|(p, _)| p == "Turkey").count(), 3, "{units:?}");
}

#[test]
fn a_waive_pushes_out_the_earliest_build() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "waive", &at(0));
  to_the_fall_retreats(&table);
  table.send("France", &at(3), "A Bur disband\n");
  judge.take_mail();
  table.send("France", &at(4), "Build A Par\nF Bre\n");
  judge.take_mail();
  table.send("France", &at(4), "WAIVE\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  let said = answer(&reply.body, "WAIVE");
  assert!(said.starts_with("Accepted: ") && said.contains("replaces Build Army Paris."), "{said}");
  let orders = current_orders(&reply.body, "France");
  assert_eq!(orders.len(), 2, "{orders:?}");
  assert!(orders.contains(&"France: Build Fleet Brest.".to_string()), "{orders:?}");
  assert!(reply.body.contains("Your orders are complete."), "{}", reply.body);
}

#[test]
fn set_wait_holds_a_complete_phase_until_the_deadline_or_set_no_wait() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "wait", &at(0));
  register(&judge, &at(0), "watcher@players.test");
  judge.send_at(&at(0), "watcher@players.test", "watch", "OBSERVE wait watchpw\n");
  judge.take_mail();

  // An observer cannot hold up the game.
  let before = game_files(&judge);
  judge.send_at(&at(1), "watcher@players.test", "wait", "SIGN ON Owait watchpw\nSET WAIT\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == "watcher@players.test").expect("a reply");
  assert!(answer(&reply.body, "SET WAIT").contains("Nothing was changed"), "{}", reply.body);
  assert_eq!(game_files(&judge), before, "an observer's SET WAIT changes nothing");

  // Spring: Austria waits; every order is in, but neither the last mail
  // nor a sweep before the deadline processes the phase.
  table.send("Austria", &at(1), &format!("SET WAIT\n{}", holds("Austria")));
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  let deadline = deadline_of(reply);
  let said = answer(&reply.body, "SET WAIT");
  assert!(said.starts_with("Wait set"), "{said}");
  table.turn(&at(1)).orders(&[]).skip(&["Austria"]).send();
  let mail = judge.take_mail();
  assert!(results_in(&mail).is_none(), "a wait holds the phase");
  judge.sweep_at(&at(3));
  assert!(results_in(&judge.take_mail()).is_none(), "a wait holds the phase at a sweep");
  let swept: DateTime<Utc> = at(3).parse().expect("a time");
  assert!(swept < deadline, "the sweep was before the deadline {deadline}");

  // SET NO WAIT lets it go at once.
  table.send("Austria", &at(4), "SET NO WAIT\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  assert!(answer(&reply.body, "SET NO WAIT").starts_with("Wait cleared"), "{}", reply.body);
  let results_mail = results_in(&mail).expect("SET NO WAIT lets the phase be processed");
  assert!(results_mail.subject.contains("S1901M"), "{}", results_mail.subject);

  // Fall: Russia waits; the phase is processed by the sweep at the
  // deadline, not by the one just before it.
  table.send("Russia", &at(5), &format!("SET WAIT\n{}", holds("Russia")));
  let mail = judge.take_mail();
  let deadline = deadline_of(table.reply(&mail, "Russia"));
  table.turn(&at(5)).orders(&[]).skip(&["Russia"]).send();
  assert!(results_in(&judge.take_mail()).is_none(), "Russia's wait holds Fall 1901");
  judge.sweep_at(&(deadline - Duration::minutes(1)).to_rfc3339());
  assert!(results_in(&judge.take_mail()).is_none(), "not before the deadline");
  judge.sweep_at(&deadline.to_rfc3339());
  let mail = judge.take_mail();
  let results_mail = results_in(&mail).expect("the sweep at the deadline processes the phase");
  assert!(results_mail.subject.contains("F1901M"), "{}", results_mail.subject);

  // Spring 1902: the wait ended with the phase, and a SET WAIT before any
  // SIGN ON is refused, so the last orders process the phase at once.
  let now = (deadline + Duration::hours(1)).to_rfc3339();
  let body = format!("SET WAIT\nSIGN ON Await {}\n{}", password("Austria"), holds("Austria"));
  judge.send_at(&now, &player("Austria"), "orders", &body);
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  assert!(answer(&reply.body, "SET WAIT").contains("needs a SIGN ON"), "{}", reply.body);
  assert!(reply.subject.contains("S1902M"), "{}", reply.subject);
  table.turn(&now).orders(&[]).skip(&["Austria"]).send();
  let mail = judge.take_mail();
  let results_mail = results_in(&mail).expect("nobody waits in Spring 1902");
  assert!(results_mail.subject.contains("S1902M"), "{}", results_mail.subject);
}
