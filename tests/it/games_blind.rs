//! Blind games by mail (issue 25): a game created `Standard Blind` and
//! played for two years, every mail each player got searched for the
//! other powers (their names and adjectives in the text, their units and
//! centres in the pictures' SVG), the Master's whole copy, the observer's,
//! SET BCENTERS, LIST, HISTORY, SUMMARY and MAP while the game runs, and
//! the refusals of what cannot be combined with Blind.

use crate::game_support::{self, password, player, Table, FAST, MASTER, POWERS};
use crate::judge_support::{subjects, Judge, Sent};
use crate::year::{self, ADJUSTMENTS, FALL, RETREAT, RETREATS, SPRING, START, WINTER};
use mail_parser::{MessageParser, MimeHeaders};

const GAME: &str = "dark";
const OBSERVER: &str = "watcher@players.test";
/// Where 1902 is processed by the Master (every unit holds).
const PROCESSED_1902: [&str; 3] =
  ["2026-03-03T10:00:00Z", "2026-03-03T11:00:00Z", "2026-03-03T12:00:00Z"];
const LATER: &str = "2026-03-03T13:00:00Z";

/// The standard powers' adjectives, as results name their units.
fn adjective(power: &str) -> &'static str {
  match power {
    "Austria" => "Austrian",
    "England" => "English",
    "France" => "French",
    "Germany" => "German",
    "Italy" => "Italian",
    "Russia" => "Russian",
    "Turkey" => "Turkish",
    other => panic!("not a power: {other}"),
  }
}

/// Every word in `text` (mail text or SVG) that names a power other than
/// `own` or one of its units; the English Channel is only a sea.
fn foreign_mentions(text: &str, own: &str) -> Vec<String> {
  let text = text.replace("English Channel", "");
  let mut found = Vec::new();
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != own) {
    for word in [*power, adjective(power)] {
      if text.contains(word) {
        found.push(word.to_string());
      }
    }
  }
  found
}

/// The SVG attached to a message, if it has one.
fn svg_of(mail: &Sent) -> Option<String> {
  let message = MessageParser::default().parse(mail.raw.as_bytes())?;
  message
    .parts
    .iter()
    .find(|p| p.attachment_name().is_some_and(|n| n.ends_with(".svg")))
    .map(|p| String::from_utf8_lossy(p.contents()).into_owned())
}

/// Registers everyone and starts game [`GAME`] with `options`, the Master
/// giving `settings` first; an observer watches.
fn start<'j>(judge: &'j Judge, options: &str, settings: &str) -> Table<'j> {
  game_support::register(judge, START, OBSERVER);
  let table = Table::start_with(judge, GAME, START, options, settings);
  judge.send_at(START, OBSERVER, "watch", &format!("OBSERVE {GAME} watchpw\n"));
  judge.take_mail();
  table
}

/// Checks each results mail of a processing: a player's own copy names no
/// other power anywhere (text or picture), the subject says Blind, the
/// Master's copy is whole, and the observer's has no orders.
fn check_results(mail: &[Sent], phase: &str) {
  let results: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with("Blind Results")).collect();
  assert!(!results.is_empty(), "{phase}: no Blind Results in {:#?}", subjects(mail));
  for (power, _) in POWERS {
    let to = player(power);
    let copy = results
      .iter()
      .find(|m| m.to == to)
      .unwrap_or_else(|| panic!("{phase}: {power} got no results: {:#?}", subjects(mail)));
    let leaks = foreign_mentions(&copy.body, power);
    assert!(leaks.is_empty(), "{phase}: {power}'s results name {leaks:?}:\n{}", copy.body);
    let svg = svg_of(copy).unwrap_or_else(|| panic!("{phase}: {power}'s results have no picture"));
    let leaks = foreign_mentions(&svg, power);
    assert!(leaks.is_empty(), "{phase}: {power}'s picture names {leaks:?}");
    assert!(
      svg.contains(&format!("data-power=\"{power}\"")),
      "{phase}: {power}'s picture shows its own units"
    );
  }
  let master = results.iter().find(|m| m.to == MASTER).expect("the Master's results");
  let observer = results.iter().find(|m| m.to == OBSERVER).expect("the observer's results");
  assert!(observer.body.lines().all(|l| !l.contains(": Army ") && !l.contains(": Fleet ")));
  if phase.ends_with('M') {
    for (power, _) in POWERS {
      assert!(
        master.body.contains(&format!("\n{power}: ")),
        "{phase}: the Master sees {power}'s orders:\n{}",
        master.body
      );
    }
  }
}

#[test]
fn a_blind_game_tells_each_player_only_what_its_own_units_see() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Blind", "SET MAP\n");
  // Austria supports France into Munich (a unit it cannot see), Germany
  // supports a unit that is not there: both are accepted.
  let mut phases: Vec<(&str, Vec<(&str, &str)>)> = vec![
    ("S1901M", POWERS.iter().map(|(p, _)| (*p, year::spring(p))).collect()),
    ("F1901M", POWERS.iter().map(|(p, _)| (*p, year::fall(p))).collect()),
    ("F1901R", RETREATS.to_vec()),
    ("W1901B", ADJUSTMENTS.to_vec()),
  ];
  let times = [SPRING, FALL, RETREAT, WINTER];
  for ((phase, orders), now) in phases.drain(..).zip(times) {
    for (power, lines) in orders {
      let run = table.send(power, now, lines);
      assert_eq!(run.status, 0, "{}", run.stderr);
    }
    let mail = judge.take_mail();
    for (power, _) in POWERS {
      if let Some(reply) =
        mail.iter().find(|m| m.to == player(power) && m.subject.starts_with("Re:"))
      {
        assert!(!reply.subject.contains("Error"), "{phase} {power}: {}", reply.body);
        let leaks = foreign_mentions(&reply.body, power);
        assert!(
          leaks.is_empty(),
          "{phase}: {power}'s order reply names {leaks:?}:\n{}",
          reply.body
        );
      }
    }
    check_results(&mail, phase);
    if phase == "F1901M" {
      let austria =
        mail.iter().find(|m| m.to == player("Austria") && m.subject.ends_with("Results"));
      let austria = austria.expect("Austria's results");
      assert!(
        austria.body.contains("Austria: Army Tyrolia SUPPORT the unit in Burgundy -> Munich."),
        "Austria's support names the French army without owner or type:\n{}",
        austria.body
      );
      let germany =
        mail.iter().find(|m| m.to == player("Germany") && m.subject.ends_with("Results"));
      let germany = germany.expect("Germany's results").body.clone();
      assert!(germany.contains("The following units were dislodged"), "{germany}");
      let russia = mail.iter().find(|m| m.to == player("Russia") && m.subject.ends_with("Results"));
      let russia = russia.expect("Russia's results").body.clone();
      assert!(russia.contains("Russia: "), "Russia's own ownership line:\n{russia}");
      assert!(!russia.contains("Unowned:"), "NO BCENTERS shows no other centre:\n{russia}");
    }
  }
  // 1902: the Master processes each phase with every unit holding.
  for now in PROCESSED_1902 {
    judge.send_at(now, MASTER, "process", &format!("SIGN ON M{GAME} masterpw\nPROCESS\n"));
    let mail = judge.take_mail();
    if mail.iter().any(|m| m.subject.ends_with("Blind Results")) {
      check_results(&mail, now);
    }
  }
  // LIST, HISTORY, SUMMARY and MAP while the game runs.
  for (power, _) in POWERS {
    let body = format!(
      "SIGN ON {}{GAME} {}\nLIST\nHISTORY {GAME} FROM Jan 1 2000\nSUMMARY {GAME}\nMAP\n",
      game_support::initial(power),
      password(power)
    );
    judge.send_at(LATER, &player(power), "asks", &body);
    let mail = judge.take_mail();
    let reply = table.reply(&mail, power);
    // The rosters name every power (as in any game), and the history's
    // game start gives the map's published starting position; nothing
    // else may show another power's unit, order or centre.
    let start = reply.body.find("Starting position for").expect("the start in the history");
    let end = reply.body.find("The deadline for the first orders").expect("its end");
    let rest = format!("{}{}", &reply.body[..start], &reply.body[end..]);
    for (other, _) in POWERS.iter().filter(|(p, _)| *p != power) {
      let adjective = adjective(other);
      let leak = rest.lines().find(|l| {
        l.starts_with(&format!("{other}:"))
          || l.contains(&format!("{adjective} Army"))
          || l.contains(&format!("{adjective} Fleet"))
      });
      assert!(leak.is_none(), "{power}'s LIST, HISTORY or SUMMARY shows {leak:?}:\n{rest}");
    }
    assert!(reply.body.contains("This is a Blind game"), "the reply says why: {}", reply.body);
    assert!(reply.body.contains(&format!("{power}: ")), "{power} sees its own:\n{}", reply.body);
    assert!(reply.body.contains("Blind Results"), "HISTORY has its copies:\n{}", reply.body);
    assert!(reply.body.contains("Variant:  Standard, Blind."), "SUMMARY says so:\n{}", reply.body);
    let svg = svg_of(reply).expect("MAP's picture");
    let leaks = foreign_mentions(&svg, power);
    assert!(leaks.is_empty(), "{power}'s MAP names {leaks:?}");
  }
  // A stranger's HISTORY has no orders, and the Master's LIST everything.
  let history = year::history(&judge);
  for (power, _) in POWERS {
    assert!(!history.contains(&format!("\n{power}: ")), "a stranger sees {power}:\n{history}");
  }
  // Unsigned, the Master's address is nobody's in particular.
  let (units, _, _) = game_support::board(&table.listing(LATER));
  assert!(units.is_empty(), "LIST without SIGN ON shows no unit: {units:?}");
  judge.send_at(LATER, MASTER, "list", &format!("SIGN ON M{GAME} masterpw\nLIST\n"));
  let listing = judge.reply_to(MASTER).body;
  let (units, _, _) = game_support::board(&listing);
  for (power, _) in POWERS {
    assert!(units.iter().any(|(p, _)| p == power), "the Master sees {power}'s units:\n{listing}");
  }
}

#[test]
fn bcenters_shows_every_power_its_rivals_centres_and_nothing_else() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Blind", "SET BCENTERS\n");
  for (power, _) in POWERS {
    table.send(power, SPRING, year::spring(power));
  }
  judge.take_mail();
  for (power, _) in POWERS {
    table.send(power, FALL, year::fall(power));
  }
  judge.take_mail();
  // The year ends with the retreats, and the ownership comes with them.
  for (power, orders) in RETREATS {
    table.send(power, RETREAT, orders);
  }
  let mail = judge.take_mail();
  let france = mail
    .iter()
    .find(|m| m.to == player("France") && m.subject.ends_with("Blind Results"))
    .expect("France's results");
  // Every power's centres, and no foreign order or unit.
  assert!(france.body.contains("Ownership of supply centers:"), "{}", france.body);
  for (power, _) in POWERS {
    assert!(france.body.contains(&format!("\n{power}: ")), "{power}'s centres:\n{}", france.body);
  }
  assert!(!france.body.contains("Germany: Army"), "{}", france.body);
  assert!(!france.body.contains("German Army"), "{}", france.body);
}

#[test]
fn blind_cannot_join_the_dpjudge_blind_rule_or_nodias_and_bcenters_elsewhere_warns() {
  let judge = Judge::with_config(FAST);
  game_support::register(&judge, START, MASTER);
  judge.take_mail();
  judge.send_at(START, MASTER, "create", "CREATE ?shade masterpw Standard Blind\nBECOME MASTER\n");
  judge.take_mail();
  let before = judge.snapshot();
  judge.send_at(START, MASTER, "rule", "SIGN ON Mshade masterpw\nSET RULE BLIND\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("cannot be combined"), "{}", reply.body);
  judge.send_at(START, MASTER, "nodias", "SIGN ON Mshade masterpw\nSET NO DIAS\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("cannot have NoDIAS draws"), "{}", reply.body);
  let games = |snapshot: &std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>| {
    snapshot
      .iter()
      .filter(|(p, _)| p.to_string_lossy().ends_with("game.json"))
      .map(|(p, b)| (p.clone(), b.clone()))
      .collect::<Vec<_>>()
  };
  assert_eq!(games(&judge.snapshot()), games(&before), "the refusals changed nothing");
  // SET BCENTERS on a game that is not blind is taken, with a warning.
  judge.send_at(START, MASTER, "create", "CREATE ?open masterpw\nBECOME MASTER\nSET BCENTERS\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("this game is not Blind"), "{}", reply.body);
  // Blind combines with Gunboat, and a SIGN ON names both.
  judge.send_at(START, MASTER, "both", "CREATE ?both masterpw Standard Gunboat Blind\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("Gunboat Blind"), "{}", reply.body);
  // The rules and the header name the option.
  judge.send_at(START, MASTER, "list", "LIST shade\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("Standard, Blind"), "{}", reply.body);
}

/// The lines `Power: Army Place, No Order Processed.` that a holding
/// board gives every unit of `power`'s rivals that `power` sees under the
/// DPjudge's BLIND, worked out here from the map alone: a unit is seen
/// when its province is, or is next to, a province of one of `power`'s
/// units or home centres.
fn expected_sightings(map: &judge::map::Map, power: judge::map::PowerId) -> Vec<String> {
  use judge::map::Location;
  let mut eyes: Vec<judge::map::ProvinceId> = map.power(power).home_centers.clone();
  eyes
    .extend(map.starting_units().iter().filter(|u| u.power == power).map(|u| u.location.province));
  let mut seen = eyes.clone();
  for &province in &eyes {
    seen.extend(map.army_neighbours(province));
    let coasts = map.province(province).coasts().map(|c| Location { province, coast: Some(c) });
    for location in std::iter::once(Location::province(province)).chain(coasts) {
      seen.extend(map.fleet_neighbours(location).iter().map(|l| l.province));
    }
  }
  let mut lines: Vec<String> = map
    .starting_units()
    .iter()
    .filter(|u| u.power != power && seen.contains(&u.location.province))
    .map(|u| {
      format!(
        "{}: {} {}, No Order Processed.",
        map.power(u.power).name,
        u.kind.name(),
        map.location_name(u.location)
      )
    })
    .collect();
  lines.sort();
  lines
}

#[test]
fn the_dpjudge_blind_rule_on_a_ten_power_map_shows_each_player_its_neighbours_only() {
  let judge = Judge::with_config(FAST);
  let map = judge::map::Map::builtin("youngstown").expect("the Youngstown map");
  game_support::register(&judge, START, MASTER);
  let seats: Vec<String> = (0..map.powers().len()).map(game_support::seat).collect();
  for seat in &seats {
    game_support::register(&judge, START, seat);
  }
  game_support::register(&judge, START, OBSERVER);
  judge.take_mail();
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?dusk masterpw Youngstown\nBECOME MASTER\nSET RULE BLIND\n",
  );
  let created = judge.reply_to(MASTER).body;
  assert!(created.contains("BLIND"), "{created}");
  judge.send_at(START, MASTER, "summary", "SUMMARY dusk\nLIST dusk\n");
  let told = judge.reply_to(MASTER).body;
  // BLIND brings FICTIONAL_OK, HIDE_ABSENTEES, HIDE_LATE_POWERS,
  // SHOW_PHANTOM and HIDE_DUMMIES, as the DPjudge's table says.
  let rules = "BLIND, FICTIONAL_OK, HIDE_ABSENTEES, HIDE_LATE_POWERS, SHOW_PHANTOM, HIDE_DUMMIES";
  let words = told.split_whitespace().collect::<Vec<_>>().join(" ");
  assert!(words.contains(&format!("Rules: {rules}.")), "SUMMARY lists the rules:\n{told}");
  assert!(words.contains(&format!("Rules: {rules} ")), "and LIST:\n{told}");
  for (n, power) in map.powers().iter().enumerate() {
    let body = format!("SIGN ON ?dusk pw{n} Youngstown\nSET PREFERENCE {}\n", power.initial);
    judge.send_at(START, &seats[n], "join", &body);
  }
  judge.send_at(START, OBSERVER, "watch", "OBSERVE dusk watchpw\n");
  judge.take_mail();
  // Two years, every unit holding: each movement phase shows each player
  // the same neighbours.
  let mut seen_any = false;
  let mut played = Vec::new();
  for now in [SPRING, FALL, PROCESSED_1902[0], PROCESSED_1902[1]] {
    judge.send_at(now, MASTER, "process", "SIGN ON Mdusk masterpw\nPROCESS\n");
    let mail = judge.take_mail();
    let results = |to: &str| {
      mail
        .iter()
        .find(|m| m.to == to && m.subject.ends_with("Blind Results"))
        .unwrap_or_else(|| panic!("no results to {to}: {:#?}", subjects(&mail)))
        .body
        .clone()
    };
    played.push(results(MASTER).lines().find(|l| l.contains(" results for ")).map(str::to_string));
    for (n, power) in map.powers().iter().enumerate() {
      let id = map.find_power(&power.name).expect("the power");
      let body = results(&seats[n]);
      let mut foreign: Vec<String> = body
        .lines()
        .filter(|l| l.contains(": Army ") || l.contains(": Fleet "))
        .filter(|l| !l.starts_with(&format!("{}:", power.name)))
        .map(str::to_string)
        .collect();
      foreign.sort();
      assert_eq!(
        foreign,
        expected_sightings(map, id),
        "what {} sees at {now}:\n{body}",
        power.name
      );
      seen_any |= !foreign.is_empty();
      assert!(!body.contains("(*void*)"), "BLIND never says void:\n{body}");
    }
    let observer = results(OBSERVER);
    assert!(!observer.contains(": Army ") && !observer.contains(": Fleet "), "{observer}");
    let master = results(MASTER);
    for power in map.powers() {
      if map.starting_units().iter().any(|u| map.power(u.power).name == power.name) {
        assert!(master.contains(&format!("\n{}: ", power.name)), "{}: {master}", power.name);
      }
    }
  }
  assert!(
    played.last().is_some_and(|l| l.as_deref().is_some_and(|l| l.contains("Fall of 1902"))),
    "two years were played: {played:?}"
  );
  assert!(seen_any, "somebody sees a neighbour");
}

#[test]
fn the_web_shows_a_stranger_no_unit_and_a_signed_in_seat_its_own() {
  use crate::web_support::{form, Server};
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Blind", "SET LIST\n");
  for (power, _) in POWERS {
    table.send(power, SPRING, year::spring(power));
  }
  judge.take_mail();
  let server = Server::start(&judge);
  let page = server.get(&format!("/games/{GAME}"));
  assert_eq!(page.status, 200, "{page:?}");
  let shown = page.pre();
  assert!(shown.contains("This is a Blind game"), "{shown}");
  for (power, _) in POWERS {
    assert!(!shown.contains(&format!("\n{power}: Army")), "a stranger sees {power}:\n{shown}");
  }
  let picture = server.get(&format!("/games/{GAME}/pictures/current.svg"));
  assert_eq!(picture.status, 200);
  assert!(!picture.body.contains("data-unit="), "a stranger's picture has no unit");
  let history = server.get(&format!("/games/{GAME}/history"));
  for (power, _) in POWERS {
    assert!(!history.body.contains(&format!("{power}: Army")), "{}", history.body);
  }
  let past = server.get(&format!("/games/{GAME}/pictures/S1901M.svg"));
  assert_eq!(past.status, 200, "{past:?}");
  assert!(!past.body.contains("data-unit="), "nor its past pictures");
  // France, signed in, sees her own units and nobody else's.
  let body = form(&[("power", "France"), ("password", &password("France"))]);
  let cookie = server.post(&format!("/games/{GAME}/login"), "", &body).cookie().expect("a cookie");
  let mine = server.get_as(&format!("/games/{GAME}/pictures/current.svg"), &cookie);
  assert!(mine.body.contains("data-power=\"France\""), "France sees her units");
  assert!(foreign_mentions(&mine.body, "France").is_empty(), "and only hers");
  assert_eq!(mine.header("cache-control"), Some("private, no-store"));
  let history = server.get_as(&format!("/games/{GAME}/history"), &cookie);
  assert!(history.body.contains("France: Army Paris -&gt; Burgundy."), "{}", history.body);
  assert!(foreign_mentions(&history.body.replace("English Channel", ""), "France").is_empty());
}

#[test]
fn under_the_blind_rule_a_neighbour_arrives_and_a_foreign_retreat_stays_its_owners() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard", "SET RULE BLIND\n");
  let results = |mail: &[Sent], power: &str| {
    mail
      .iter()
      .find(|m| m.to == player(power) && m.subject.ends_with("Blind Results"))
      .unwrap_or_else(|| panic!("{power}'s results: {:#?}", subjects(mail)))
      .body
      .clone()
  };
  for (power, _) in POWERS {
    table.send(power, SPRING, year::spring(power));
  }
  let mail = judge.take_mail();
  // Munich is next to Burgundy, not to Paris: the French army arrives.
  let germany = results(&mail, "Germany");
  assert!(germany.contains("France: Army Burgundy ARRIVES."), "{germany}");
  assert!(!germany.contains("France: Army Paris"), "{germany}");
  // Italy sees nothing of it.
  assert!(!results(&mail, "Italy").contains("Burgundy"));
  for (power, _) in POWERS {
    table.send(power, FALL, year::fall(power));
  }
  let mail = judge.take_mail();
  // Austria's army in Tyrolia sees the German army in Munich dislodged,
  // but not where it may go; Germany does.
  let austria = results(&mail, "Austria");
  assert!(austria.contains("The German Army in Munich was dislodged."), "{austria}");
  assert!(!austria.contains("can retreat to"), "{austria}");
  let germany = results(&mail, "Germany");
  assert!(germany.contains("The German Army in Munich can retreat to"), "{germany}");
  // Tyrolia is not next to Burgundy: the army Austria supports there is
  // named by its province, and seen only as it arrives in Munich.
  assert!(austria.contains("France: Army Munich ARRIVES."), "{austria}");
  assert!(
    austria.contains("Austria: Army Tyrolia SUPPORT the unit in Burgundy -> Munich."),
    "{austria}"
  );
}

#[test]
fn an_observer_the_master_makes_omniscient_sees_everything() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Blind", "");
  judge.send_at(
    START,
    MASTER,
    "seer",
    &format!("SIGN ON M{GAME} masterpw\nOMNISCIENT {OBSERVER}\n"),
  );
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("now sees the whole board"), "{}", reply.body);
  judge.send_at(
    START,
    MASTER,
    "nobody",
    &format!("SIGN ON M{GAME} masterpw\nOMNISCIENT nobody@x.test\n"),
  );
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("is not an observer of game"), "{}", reply.body);
  for (power, _) in POWERS {
    table.send(power, SPRING, year::spring(power));
  }
  let mail = judge.take_mail();
  let seen = mail
    .iter()
    .find(|m| m.to == OBSERVER && m.subject.ends_with("Blind Results"))
    .expect("the observer's results");
  for (power, _) in POWERS {
    assert!(seen.body.contains(&format!("\n{power}: ")), "{power}:\n{}", seen.body);
  }
}

#[test]
fn a_blind_modifier_brings_blind_with_it_as_the_dpjudges_table_says() {
  let judge = Judge::with_config(FAST);
  game_support::register(&judge, START, MASTER);
  judge.take_mail();
  let body = "CREATE ?haze masterpw\nBECOME MASTER\nSET RULE MYOPIC\nLIST\n";
  judge.send_at(START, MASTER, "create", body);
  let reply = judge.reply_to(MASTER).body;
  assert!(reply.contains("it brings with it"), "{reply}");
  let rules = reply.lines().find(|l| l.trim_start().starts_with("Rules:")).unwrap_or_default();
  for rule in ["MYOPIC", "BLIND", "FICTIONAL_OK", "SEE_NO_UNITS"] {
    assert!(reply.contains(rule), "{rule} in:\n{reply}");
  }
  assert!(rules.contains("MYOPIC"), "{rules}");
  let long: Vec<&str> = reply.lines().filter(|l| l.len() > 78).collect();
  assert!(long.is_empty(), "{long:#?}");
}
