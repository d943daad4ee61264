//! Phase processing and the results mail, as players see them: the last
//! orders in (or the sweep, once `delay` and `min` have passed) process the
//! phase, and everyone in the game gets the results in njudge's layout
//! (CONTRACT.md "Turn results", compared with runs of spaces folded): the
//! orders with their fate, the dislodged units and their retreats, the
//! supply centres after Fall, the adjustments due, and the next phase with
//! a deadline that is never earlier than the last one (manual §5.1).
//!
//! The orders are chosen on the standard map so that the rules decide each
//! case plainly; the comments say why.

use crate::judge_support;

use crate::game_support;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use chrono::{DateTime, Duration, FixedOffset, Utc};
use game_support::{player, register, Table, FAST, MASTER, POWERS};
use judge_support::{Judge, Sent};

use crate::game_support::START;

/// The first movement deadline of a game started at [`START`]: 71 hours
/// later is Thursday 09:00, moved on to the clock time 23:30.
const FIRST_DEADLINE: &str = "Thu Mar 05 2026 23:30:00 +0000";

/// `hours` after [`START`], as `--now` takes it.
fn at(hours: f64) -> String {
  let start: DateTime<Utc> = START.parse().expect("a time");
  (start + Duration::seconds((hours * 3600.0) as i64)).to_rfc3339()
}

/// A text with each run of spaces folded to one and every line trimmed, as
/// the contract says results are compared.
fn fold(text: &str) -> String {
  text.lines().map(fold_line).collect::<Vec<_>>().join("\n")
}

fn fold_line(line: &str) -> String {
  line.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The folded, non-empty lines of a body.
fn lines(body: &str) -> Vec<String> {
  body.lines().map(fold_line).filter(|l| !l.is_empty()).collect()
}

/// Asserts that the folded body has `line` as one of its lines.
fn assert_line(body: &str, line: &str) {
  assert!(lines(body).iter().any(|l| l == line), "no line {line:?} in:\n{body}");
}

/// A time as njudge writes it (`Thu Mar 05 2026 23:30:00 +0000`).
fn parse_time(text: &str) -> DateTime<FixedOffset> {
  DateTime::parse_from_str(text.trim().trim_end_matches('.'), "%a %b %d %Y %H:%M:%S %z")
    .unwrap_or_else(|e| panic!("{text:?} is not a deadline as njudge writes it: {e}"))
}

/// The deadline in the `:: Deadline: S1901M …` header line of a body, with
/// the phase it names.
fn header_deadline(body: &str) -> (String, DateTime<FixedOffset>) {
  let line = lines(body)
    .into_iter()
    .find(|l| l.starts_with(":: Deadline: "))
    .unwrap_or_else(|| panic!("no :: Deadline: line in:\n{body}"));
  let rest = &line[":: Deadline: ".len()..];
  let (phase, time) = rest.split_once(' ').expect("a phase and a time");
  (phase.to_string(), parse_time(time))
}

/// The deadline in `The deadline for orders will be …` of a results body.
fn next_deadline(body: &str) -> DateTime<FixedOffset> {
  let prefix = "The deadline for orders will be ";
  let line = lines(body)
    .into_iter()
    .find(|l| l.starts_with(prefix))
    .unwrap_or_else(|| panic!("no next deadline in:\n{body}"));
  parse_time(&line[prefix.len()..])
}

/// Everyone a [`Table`] game mails: the seven players and the Master.
fn table_addresses() -> BTreeSet<String> {
  POWERS.iter().map(|(p, _)| player(p)).chain([MASTER.to_string()]).collect()
}

/// The `Results` mail of `phase` among `mail`.
fn results<'m>(mail: &'m [Sent], game: &str, phase: &str) -> Vec<&'m Sent> {
  let subject = format!("XXXX:{game} - {phase} Results");
  mail.iter().filter(|m| m.subject == subject).collect()
}

/// The one results body of `phase` that everyone got (checked to be the
/// same for all).
fn results_body(mail: &[Sent], game: &str, phase: &str) -> String {
  let sent = results(mail, game, phase);
  let subjects: Vec<&str> = mail.iter().map(|m| m.subject.as_str()).collect();
  assert!(!sent.is_empty(), "no {phase} results for '{game}' among {subjects:#?}");
  for m in &sent {
    assert_eq!(m.body, sent[0].body, "everyone gets the same results");
  }
  sent[0].body.clone()
}

/// The places a dislodged unit may retreat to, from its line in the
/// results (`The English Fleet in the North Sea can retreat to A or B.`).
fn retreat_options(body: &str, unit: &str) -> BTreeSet<String> {
  let head = format!("{unit} can retreat to ");
  // A long line goes on over indented lines (78 columns): join them.
  let all: Vec<&str> = body.lines().collect();
  let first = all
    .iter()
    .position(|l| fold_line(l).starts_with(&head))
    .unwrap_or_else(|| panic!("no line {head:?}… in:\n{body}"));
  let mut line = fold_line(all[first]);
  for more in all[first + 1..].iter().take_while(|l| l.starts_with("  ")) {
    line.push(' ');
    line.push_str(more.trim());
  }
  let list = line[head.len()..].trim_end_matches('.').replace(" or ", ", ");
  list.split(", ").map(|s| s.trim().to_string()).collect()
}

/// The names on a power's line of `Ownership of supply centers:`.
fn owned(body: &str, label: &str) -> BTreeSet<String> {
  let start = body.find("Ownership of supply centers:").unwrap_or_else(|| {
    panic!("no ownership of supply centers in:\n{body}");
  });
  let head = format!("{label}: ");
  // A long list goes on over indented lines (78 columns): join them.
  let lines: Vec<&str> = body[start..].lines().collect();
  let first = lines
    .iter()
    .position(|l| fold_line(l).starts_with(&head))
    .unwrap_or_else(|| panic!("no {label} line in the ownership:\n{body}"));
  let mut line = fold_line(lines[first]);
  for more in lines[first + 1..].iter().take_while(|l| l.starts_with(' ') && !l.trim().is_empty()) {
    line.push(' ');
    line.push_str(more.trim());
  }
  assert!(line.ends_with('.'), "an ownership line ends with a full stop: {line}");
  line[head.len()..].trim_end_matches('.').split(", ").map(str::to_string).collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
  list.iter().map(|s| s.to_string()).collect()
}

// ------------------------------------------------------------ the opening

/// The standard opening of a game with a Master, seven players and an
/// observer, played at once (FAST): Austria and Russia bounce in Galicia,
/// France and Germany in Burgundy, Russia and Turkey in the Black Sea.
const OPENING_ORDERS: [(&str, &str); 7] = [
  ("Austria", "A Vie - Gal\nA Bud - Ser\nF Tri - Alb"),
  ("England", "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor"),
  ("France", "A Par - Bur\nA Mar - Spa\nF Bre - Mao"),
  ("Germany", "A Mun - Bur\nA Ber - Kie\nF Kie - Den"),
  ("Italy", "A Ven H\nA Rom - Apu\nF Nap - Ion"),
  ("Russia", "A War - Gal\nF Sev - Bla\nA Mos - Ukr\nF StP/sc - Bot"),
  ("Turkey", "F Ank - Bla\nA Con - Bul\nA Smy - Arm"),
];

const OBSERVER: &str = "watcher@players.test";

/// What the players of the opening saw.
struct Opening {
  /// The mail after all but the last power had ordered.
  before_last: Vec<Sent>,
  /// The mail after the last orders came in.
  after_last: Vec<Sent>,
  /// The mail answering HISTORY, after processing.
  history: Vec<Sent>,
}

fn opening() -> &'static Opening {
  static OPENING: OnceLock<Opening> = OnceLock::new();
  OPENING.get_or_init(|| {
    let judge = Judge::with_config(FAST);
    let table = Table::start(&judge, "bounce", &at(0.0));
    register(&judge, &at(0.5), OBSERVER);
    judge.send_at(&at(0.5), OBSERVER, "watch", "OBSERVE bounce watchpw\n");
    let mail = judge.take_mail();
    let reply = mail.iter().find(|m| m.to == OBSERVER && m.subject.starts_with("Re:"));
    let reply = reply.expect("a reply to OBSERVE");
    assert!(!reply.subject.contains("[Error Flag]"), "OBSERVE refused:\n{}", reply.body);
    let before_last = table.turn(&at(1.0)).orders(&OPENING_ORDERS[..6]).only_given().accepted();
    let after_last = table.turn(&at(1.0)).orders(&OPENING_ORDERS[6..]).only_given().accepted();
    judge.send_at(&at(1.5), &player("Italy"), "history", "HISTORY bounce\n");
    let history = judge.take_mail();
    Opening { before_last, after_last, history }
  })
}

#[test]
fn the_last_orders_in_process_the_phase_and_everyone_gets_one_results_mail() {
  let opening = opening();
  assert!(
    opening.before_last.iter().all(|m| !m.subject.contains("Results")),
    "the phase was processed before Turkey's orders were in: {:#?}",
    opening.before_last.iter().map(|m| (&m.to, &m.subject)).collect::<Vec<_>>()
  );
  let sent: Vec<&Sent> =
    opening.after_last.iter().filter(|m| m.subject.contains("Results")).collect();
  for m in &sent {
    assert_eq!(m.subject, "XXXX:bounce - S1901M Results", "the subject names the processed phase");
  }
  let mut expected = table_addresses();
  expected.insert(OBSERVER.to_string());
  let got: Vec<&str> = sent.iter().map(|m| m.to.as_str()).collect();
  assert_eq!(
    got.len(),
    9,
    "one results mail each to 7 players, the Master and the observer: {got:?}"
  );
  assert_eq!(got.iter().map(|a| a.to_string()).collect::<BTreeSet<_>>(), expected);
}

#[test]
fn movement_results_start_with_the_header_and_list_every_order_with_its_fate() {
  let body = results_body(&opening().after_last, "bounce", "S1901M");
  let all = lines(&body);
  assert_eq!(all[0], ":: Judge: XXXX Game: Bounce Variant: Standard", "{body}");
  assert_eq!(all[1], format!(":: Deadline: S1901M {FIRST_DEADLINE}"), "{body}");
  assert_eq!(all[2], "Movement results for Spring of 1901. (bounce.001)", "{body}");
  // njudge's single spaces, exactly (the folded lines above hide them).
  assert!(body.contains("\nMovement results for Spring of 1901. (bounce.001)\n"), "{body}");
  assert!(body.contains(" Army Vienna -> Galicia. (*bounce*)\n"), "{body}");
  let expected = [
    "Austria: Army Vienna -> Galicia. (*bounce*)",
    "Austria: Army Budapest -> Serbia.",
    "Austria: Fleet Trieste -> Albania.",
    "England: Fleet London -> North Sea.",
    "England: Fleet Edinburgh -> Norwegian Sea.",
    "England: Army Liverpool -> Yorkshire.",
    "France: Army Paris -> Burgundy. (*bounce*)",
    "France: Army Marseilles -> Spain.",
    "France: Fleet Brest -> Mid-Atlantic Ocean.",
    "Germany: Army Munich -> Burgundy. (*bounce*)",
    "Germany: Army Berlin -> Kiel.",
    "Germany: Fleet Kiel -> Denmark.",
    "Italy: Army Venice HOLD.",
    "Italy: Army Rome -> Apulia.",
    "Italy: Fleet Naples -> Ionian Sea.",
    "Russia: Army Warsaw -> Galicia. (*bounce*)",
    "Russia: Fleet Sevastopol -> Black Sea. (*bounce*)",
    "Russia: Army Moscow -> Ukraine.",
    "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.",
    "Turkey: Fleet Ankara -> Black Sea. (*bounce*)",
    "Turkey: Army Constantinople -> Bulgaria.",
    "Turkey: Army Smyrna -> Armenia.",
  ];
  let orders = &all[3..3 + expected.len()];
  assert_eq!(
    orders.iter().cloned().collect::<BTreeSet<_>>(),
    expected.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(),
    "the order lines right after the title:\n{body}"
  );
  let powers: Vec<&str> = orders.iter().map(|l| l.split(':').next().unwrap_or("")).collect();
  let mut sorted = powers.clone();
  sorted.sort();
  assert_eq!(powers, sorted, "orders are listed power by power:\n{body}");
  assert!(!body.contains("dislodged"), "nothing was dislodged:\n{body}");
  assert!(!body.contains("Ownership of supply centers"), "no centres change in Spring:\n{body}");
  let tail: Vec<&String> = all.iter().rev().take(2).collect();
  assert_eq!(
    tail[1], "The next phase of 'bounce' will be Movement for Fall of 1901.",
    "the results end with the next phase:\n{body}"
  );
  // Processed Monday 11:00: 71 hours on is Thursday 10:00, so 23:30 then.
  assert_eq!(tail[0], &format!("The deadline for orders will be {FIRST_DEADLINE}."), "{body}");
}

#[test]
fn the_results_go_into_the_games_history() {
  let opening = opening();
  let italy = player("Italy");
  let mail: Vec<&Sent> = opening.history.iter().filter(|m| m.to == italy).collect();
  let history = mail
    .iter()
    .find(|m| m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply: {mail:#?}"));
  let text = fold(&history.body);
  assert!(text.contains("XXXX:bounce - S1901M Results"), "{}", history.body);
  let results = fold(&results_body(&opening.after_last, "bounce", "S1901M"));
  let from = results.find("Movement results").expect("results");
  assert!(
    text.contains(&results[from..]),
    "the history holds the results as mailed:\n{}",
    history.body
  );
}

// ------------------------------------------------------- a year of play

/// A year and a bit, played at once (FAST), with each phase's orders:
///
/// * F1901M: Germany's F Hel -> Nth, supported by France's F Eng, beats
///   England's F Nth holding (2 to 1) and dislodges it. The North Sea's
///   neighbours: Heligoland is where the attack came from, Norwegian Sea,
///   Denmark, Holland, Belgium, English Channel and Yorkshire are occupied
///   after the moves, so it can retreat to Edinburgh, London, Norway or
///   Skagerrak.
/// * F1901M: Italy's A Ven -> Tri, supported by A Tyr, beats Austria's
///   F Tri holding and dislodges it. A fleet in Trieste can go to Venice
///   (where the attack came from), Albania (Austria's army just moved in)
///   or the Adriatic (Italy's fleet just moved in): no retreat, destroyed.
/// * F1901R: England retreats to Norway and so takes it.
/// * F1901B (njudge's id of the Winter adjustments): builds; Germany
///   waives one of its two.
/// * 1902: Germany's fleet goes home to Kiel and its army from Denmark to
///   Sweden: six centres, four units, two builds due but only Munich free,
///   so one build cannot be made and shows as waived.
const YEAR: [(&str, &[(&str, &str)]); 7] = [
  (
    "S1901M",
    &[
      ("Austria", "A Vie H\nA Bud - Ser\nF Tri H"),
      ("England", "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor"),
      ("France", "A Par - Pic\nA Mar - Spa\nF Bre - Eng"),
      ("Germany", "A Mun - Ruh\nA Ber - Kie\nF Kie - Hel"),
      ("Italy", "A Ven - Tyr\nA Rom - Ven\nF Nap - Ion"),
      ("Russia", "A Mos H\nA War H\nF Sev H\nF StP/sc H"),
      ("Turkey", "F Ank H\nA Con H\nA Smy H"),
    ],
  ),
  (
    "F1901M",
    &[
      ("Austria", "A Vie H\nA Ser - Alb\nF Tri H"),
      ("England", "F Nth H\nF Nwg H\nA Yor H"),
      ("France", "A Pic - Bel\nA Spa H\nF Eng S F Hel - Nth"),
      ("Germany", "F Hel - Nth\nA Kie - Den\nA Ruh - Hol"),
      ("Italy", "A Ven - Tri\nA Tyr S A Ven - Tri\nF Ion - Adr"),
      ("Russia", "A Mos H\nA War H\nF Sev H\nF StP/sc H"),
      ("Turkey", "F Ank H\nA Con H\nA Smy H"),
    ],
  ),
  ("F1901R", &[("England", "F Nth - Nwy")]),
  (
    "F1901B",
    &[
      ("England", "Build F Lon"),
      ("France", "Build A Par\nBuild F Bre"),
      ("Germany", "Build A Ber\nWaive"),
      ("Italy", "Build A Rom"),
    ],
  ),
  (
    "S1902M",
    &[
      ("Austria", "A Vie H\nA Alb H"),
      ("England", "F Lon H\nF Nwy H\nF Nwg H\nA Yor H"),
      ("France", "A Par H\nF Bre H\nA Bel H\nA Spa H\nF Eng H"),
      ("Germany", "A Ber H\nF Nth - Hel\nA Den - Swe\nA Hol H"),
      ("Italy", "A Rom H\nA Tri H\nA Tyr H\nF Adr H"),
      ("Russia", "A Mos H\nA War H\nF Sev H\nF StP/sc H"),
      ("Turkey", "F Ank H\nA Con H\nA Smy H"),
    ],
  ),
  (
    "F1902M",
    &[
      ("Austria", "A Vie H\nA Alb H"),
      ("England", "F Lon H\nF Nwy H\nF Nwg H\nA Yor H"),
      ("France", "A Par H\nF Bre H\nA Bel H\nA Spa H\nF Eng H"),
      ("Germany", "A Ber H\nF Hel - Kie\nA Swe H\nA Hol H"),
      ("Italy", "A Rom H\nA Tri H\nA Tyr H\nF Adr H"),
      ("Russia", "A Mos H\nA War H\nF Sev H\nF StP/sc H"),
      ("Turkey", "F Ank H\nA Con H\nA Smy H"),
    ],
  ),
  ("F1902B", &[("Germany", "Build A Mun")]),
];

/// The mail of each phase of [`YEAR`], by the phase played.
struct Year {
  mail: BTreeMap<String, Vec<Sent>>,
}

impl Year {
  fn body(&self, phase: &str) -> String {
    results_body(&self.mail[phase], "year", phase)
  }
}

fn year() -> &'static Year {
  static YEAR_PLAYED: OnceLock<Year> = OnceLock::new();
  YEAR_PLAYED.get_or_init(|| {
    let judge = Judge::with_config(FAST);
    let table = Table::start(&judge, "year", &at(0.0));
    let mut mail = BTreeMap::new();
    for (n, (phase, orders)) in YEAR.iter().enumerate() {
      mail.insert(
        phase.to_string(),
        table.turn(&at(n as f64 + 1.0)).orders(orders).only_given().accepted(),
      );
    }
    Year { mail }
  })
}

/// njudge's 78 columns: every line of every results mail of a played year
/// but the order lines (`Power: order`) and `::` lines, which are never
/// split, however long (issue 22 §1).
#[test]
fn every_prose_line_of_the_results_fits_78_columns() {
  for (phase, mail) in &year().mail {
    for m in mail.iter().filter(|m| m.subject.ends_with("Results")) {
      for line in m.body.lines() {
        let label = line.split_once(": ").map(|(label, _)| label);
        let record = line.starts_with(":: ")
          || label.is_some_and(|l| l.chars().all(|c| c.is_ascii_alphabetic()) && !l.is_empty());
        assert!(record || line.chars().count() <= 78, "{phase}: {line:?}");
      }
    }
  }
}

#[test]
fn a_supported_attack_dislodges_and_the_results_give_each_units_retreats() {
  let year = year();
  let body = year.body("F1901M");
  assert_eq!(
    results(&year.mail["F1901M"], "year", "F1901M").len(),
    8,
    "the results go to the seven players and the Master"
  );
  assert_line(&body, "Movement results for Fall of 1901. (year.002)");
  assert_line(&body, "Germany: Fleet Heligoland Bight -> North Sea.");
  // Longer than 78 columns, and still one line: jDip reads one order a
  // line (issue 22 §1).
  assert_line(
    &body,
    "France: Fleet English Channel SUPPORT German Fleet Heligoland Bight -> North Sea.",
  );
  assert_line(&body, "England: Fleet North Sea HOLD. (*dislodged*)");
  assert_line(&body, "Italy: Army Venice -> Trieste.");
  assert_line(&body, "Italy: Army Tyrolia SUPPORT Army Venice -> Trieste.");
  assert_line(&body, "Austria: Fleet Trieste HOLD. (*dislodged*)");
  assert_line(&body, "The following units were dislodged:");
  let dislodged = lines(&body)
    .into_iter()
    .filter(|l| {
      l.contains(" can retreat to ") || l.ends_with(" with no valid retreats was destroyed.")
    })
    .count();
  assert_eq!(dislodged, 2, "one line for each dislodged unit:\n{body}");
  assert_eq!(
    retreat_options(&body, "The English Fleet in the North Sea"),
    names(&["Edinburgh", "London", "Norway", "Skagerrak"]),
    "a sea takes 'the'; not back where the attack came from, nor anywhere occupied:\n{body}"
  );
  assert_line(&body, "The Austrian Fleet in Trieste with no valid retreats was destroyed.");
  assert_line(&body, "The next phase of 'year' will be Retreats for Fall of 1901.");
  assert!(
    !body.contains("Ownership of supply centers"),
    "the Fall turn ends after the retreats, not before:\n{body}"
  );
}

#[test]
fn retreat_results_then_the_fall_ownership_and_the_adjustments_due() {
  let year = year();
  let body = year.body("F1901R");
  let all = lines(&body);
  assert!(all[1].starts_with(":: Deadline: F1901R "), "the header of the retreat phase:\n{body}");
  assert_eq!(all[2], "Retreat results for Fall of 1901. (year.003)", "{body}");
  let orders: Vec<&String> =
    all[3..].iter().take_while(|l| *l != "Ownership of supply centers:").collect();
  assert_eq!(
    orders,
    ["England: Fleet North Sea -> Norway."],
    "the one retreat, and nothing of the fleet already destroyed:\n{body}"
  );
  // After the retreat, Norway is England's; Trieste is Italy's; Belgium
  // France's; Denmark and Holland Germany's.
  assert_eq!(owned(&body, "Austria"), names(&["Budapest", "Vienna"]), "{body}");
  assert_eq!(owned(&body, "England"), names(&["Edinburgh", "Liverpool", "London", "Norway"]));
  assert_eq!(
    owned(&body, "France"),
    names(&["Belgium", "Brest", "Marseilles", "Paris", "Spain"]),
    "{body}"
  );
  assert_eq!(
    owned(&body, "Germany"),
    names(&["Berlin", "Denmark", "Holland", "Kiel", "Munich"]),
    "{body}"
  );
  assert_eq!(owned(&body, "Italy"), names(&["Naples", "Rome", "Trieste", "Venice"]), "{body}");
  assert_eq!(
    owned(&body, "Russia"),
    names(&["Moscow", "Sevastopol", "St Petersburg", "Warsaw"]),
    "{body}"
  );
  assert_eq!(owned(&body, "Turkey"), names(&["Ankara", "Constantinople", "Smyrna"]), "{body}");
  assert_eq!(
    owned(&body, "Unowned"),
    names(&["Bulgaria", "Greece", "Portugal", "Rumania", "Serbia", "Sweden", "Tunis"]),
    "{body}"
  );
  for line in [
    "Austria: 2 Supply centers, 2 Units: Builds 0 units.",
    "England: 4 Supply centers, 3 Units: Builds 1 unit.",
    "France: 5 Supply centers, 3 Units: Builds 2 units.",
    "Germany: 5 Supply centers, 3 Units: Builds 2 units.",
    "Italy: 4 Supply centers, 3 Units: Builds 1 unit.",
    "Russia: 4 Supply centers, 4 Units: Builds 0 units.",
    "Turkey: 3 Supply centers, 3 Units: Builds 0 units.",
  ] {
    assert_line(&body, line);
  }
  assert_line(&body, "The next phase of 'year' will be Adjustments for Winter of 1901.");
}

#[test]
fn adjustment_results_list_each_build_and_each_waive() {
  let year = year();
  let body = year.body("F1901B");
  let all = lines(&body);
  assert!(all[1].starts_with(":: Deadline: F1901B "), "the header of the adjustments:\n{body}");
  assert_eq!(all[2], "Adjustment results for Winter of 1901. (year.004)", "{body}");
  for line in [
    "England: Builds a fleet in London.",
    "France: Builds an army in Paris.",
    "France: Builds a fleet in Brest.",
    "Germany: Builds an army in Berlin.",
    "Germany: Build waived.",
    "Italy: Builds an army in Rome.",
  ] {
    assert_line(&body, line);
  }
  assert!(!body.contains("Austria:"), "Austria had nothing to adjust:\n{body}");
  assert_line(&body, "The next phase of 'year' will be Movement for Spring of 1902.");
}

#[test]
fn a_build_with_no_free_home_center_to_build_in_shows_as_waived() {
  let year = year();
  let fall = year.body("F1902M");
  assert_eq!(owned(&fall, "Germany").len(), 6, "Germany kept Denmark and took Sweden:\n{fall}");
  assert_line(&fall, "Germany: 6 Supply centers, 4 Units: Builds 2 units.");
  assert_line(&fall, "The next phase of 'year' will be Adjustments for Winter of 1902.");
  let body = year.body("F1902B");
  assert_line(&body, "Adjustment results for Winter of 1902. (year.007)");
  let germany: Vec<String> =
    lines(&body).into_iter().filter(|l| l.starts_with("Germany:")).collect();
  assert_eq!(
    germany,
    ["Germany: Builds an army in Munich.", "Germany: Build waived."],
    "the build Germany could not make is waived:\n{body}"
  );
  assert_line(&body, "The next phase of 'year' will be Movement for Spring of 1903.");
}

#[test]
fn a_phase_processed_early_never_brings_the_next_deadline_forward() {
  // Every phase here is processed on Monday, days before the first
  // deadline. Retreat and adjustment deadlines are 23 hours after
  // processing by default, which would be Tuesday: the manual says the
  // next deadline is never earlier than the one of the phase processed.
  let year = year();
  let opening = opening();
  let mut checked = 0;
  let mut bodies: Vec<(String, String)> =
    vec![("S1901M".into(), results_body(&opening.after_last, "bounce", "S1901M"))];
  for (phase, _) in YEAR {
    bodies.push((phase.to_string(), year.body(phase)));
  }
  for (phase, body) in &bodies {
    let (shown, processed) = header_deadline(body);
    assert_eq!(&shown, phase, "the header names the processed phase:\n{body}");
    let next = next_deadline(body);
    assert!(
      next >= processed,
      "{phase} had its deadline at {processed}, the next phase's is earlier, {next}:\n{body}"
    );
    checked += 1;
  }
  assert_eq!(checked, 8);
  let retreats = next_deadline(&year.body("F1901M"));
  assert_eq!(retreats, parse_time(FIRST_DEADLINE), "the retreat deadline keeps Thursday's");
}

// ------------------------------------------------- a year nobody gains in

#[test]
fn when_no_centre_changes_hands_there_is_no_adjustment_phase() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "quiet", &at(0.0));
  let hold: Vec<(&str, &str)> = vec![
    ("Austria", "A Vie H\nA Bud H\nF Tri H"),
    ("England", "F Lon H\nF Edi H\nA Lvp H"),
    ("France", "A Par H\nA Mar H\nF Bre H"),
    ("Germany", "A Mun H\nA Ber H\nF Kie H"),
    ("Italy", "A Ven H\nA Rom H\nF Nap H"),
    ("Russia", "A Mos H\nA War H\nF Sev H\nF StP/sc H"),
    ("Turkey", "F Ank H\nA Con H\nA Smy H"),
  ];
  table.turn(&at(1.0)).orders(&hold).only_given().accepted();
  let mail = table.turn(&at(2.0)).orders(&hold).only_given().accepted();
  let body = results_body(&mail, "quiet", "F1901M");
  assert_line(&body, "Movement results for Fall of 1901. (quiet.002)");
  assert_eq!(owned(&body, "France"), names(&["Brest", "Marseilles", "Paris"]), "{body}");
  assert_eq!(owned(&body, "Unowned").len(), 12, "{body}");
  assert_line(&body, "France: 3 Supply centers, 3 Units: Builds 0 units.");
  assert_line(&body, "Russia: 4 Supply centers, 4 Units: Builds 0 units.");
  assert!(!body.contains("Adjustments for Winter"), "nobody adjusts:\n{body}");
  assert!(!body.contains("Adjustment results"), "nobody adjusts:\n{body}");
  assert_line(&body, "The next phase of 'quiet' will be Movement for Spring of 1902.");
  assert_eq!(results(&mail, "quiet", "F1901M").len(), 8);
  assert!(
    mail.iter().all(|m| !m.subject.contains("F1901B")),
    "no adjustment phase is played: {:#?}",
    mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
  );
}

// ------------------------------------------------------ the default timing

/// The files of a data directory under `games/`, `index/` and `outbox/`.
fn game_files(judge: &Judge) -> BTreeMap<std::path::PathBuf, Vec<u8>> {
  let mut files = judge.snapshot();
  files.retain(|path, _| ["games", "index", "outbox"].iter().any(|d| path.starts_with(d)));
  files
}

#[test]
fn with_default_settings_a_sweep_processes_once_delay_and_min_have_passed() {
  // No judge.toml: the defaults of judge init, min 12 hours and delay half
  // an hour for movement phases.
  let judge = Judge::new();
  let table = Table::start(&judge, "slow", &at(0.0));
  let all_in = 1.0;
  let mail = table.turn(&at(all_in)).orders(&OPENING_ORDERS).only_given().accepted();
  assert!(
    mail.iter().all(|m| !m.subject.contains("Results")),
    "processed on receive, before the delay and the min time had passed"
  );
  // Before the delay (half an hour after the last orders) is up.
  let before = judge.snapshot();
  judge.sweep_at(&at(all_in + 0.25));
  assert!(judge.take_mail().is_empty(), "a sweep before the delay sent mail");
  assert_eq!(judge.snapshot(), before, "a sweep before the delay changed the data");
  // The delay is up, but the phase began only 2 hours ago: min is 12.
  judge.sweep_at(&at(all_in + 1.0));
  assert!(judge.take_mail().is_empty(), "a sweep before the min time sent mail");
  assert_eq!(judge.snapshot(), before, "a sweep before the min time changed the data");
  // Both have passed.
  let due = at(12.0);
  judge.sweep_at(&due);
  let mail = judge.take_mail();
  let sent = results(&mail, "slow", "S1901M");
  assert_eq!(sent.len(), 8, "the sweep mails the results to everyone: {mail:#?}");
  let body = results_body(&mail, "slow", "S1901M");
  assert_line(&body, "Movement results for Spring of 1901. (slow.001)");
  assert_line(&body, "France: Army Paris -> Burgundy. (*bounce*)");
  assert_line(&body, "The next phase of 'slow' will be Movement for Fall of 1901.");
  let after = game_files(&judge);
  judge.sweep_at(&due);
  assert!(judge.take_mail().is_empty(), "a second sweep sent mail again");
  assert_eq!(game_files(&judge), after, "a second sweep changed games, index or outbox");
}

// --------------------------------------------------------------- bad input

#[test]
fn a_sweep_with_no_games_does_nothing() {
  let judge = Judge::new();
  let run = judge.run_at(&at(0.0), &["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert!(judge.take_mail().is_empty(), "a sweep with no games sent mail");
  let before = judge.snapshot();
  let run = judge.run_at(&at(1.0), &["sweep"], b"");
  assert_eq!(run.status, 0, "{}", run.stderr);
  assert_eq!(judge.snapshot(), before, "a sweep with no games changed the data");
  assert!(judge.files_in("games").is_empty());
}

#[test]
fn a_sweep_skips_a_damaged_game_and_still_processes_the_others() {
  let judge = Judge::new();
  let good = Table::start(&judge, "good", &at(0.0));
  Table::start_registered(&judge, "broken", &at(0.0));
  good.turn(&at(1.0)).orders(&OPENING_ORDERS).only_given().accepted();
  let data = judge.data();
  let garbage = b"{ this is not a game \x00\xff".to_vec();
  std::fs::write(data.join("games/broken/game.json"), &garbage).expect("corrupt the game");
  let index = data.join("index/broken.json");
  let text = std::fs::read_to_string(&index).expect("the index entry");
  let mut entry: serde_json::Value = serde_json::from_str(&text).expect("JSON");
  entry["wake"] = serde_json::Value::String("2026-03-01T00:00:00Z".into());
  std::fs::write(&index, entry.to_string()).expect("write the index entry");

  let run = judge.run_at(&at(13.0), &["sweep"], b"");
  assert_eq!(run.status, 0, "a damaged game made the sweep fail: {}", run.stderr);
  let mail = judge.take_mail();
  assert_eq!(
    results(&mail, "good", "S1901M").len(),
    8,
    "the other due game was processed: {:#?}",
    mail.iter().map(|m| (&m.to, &m.subject)).collect::<Vec<_>>()
  );
  assert!(
    mail.iter().all(|m| !m.subject.starts_with("XXXX:broken")),
    "mail about the damaged game"
  );
  assert_eq!(
    std::fs::read(data.join("games/broken/game.json")).expect("still there"),
    garbage,
    "the damaged game is left as it is for the judgekeeper"
  );
  let run = judge.run_at(&at(14.0), &["sweep"], b"");
  assert_eq!(run.status, 0, "a second sweep failed: {}", run.stderr);
}
