//! Variant games by mail, from CREATE to play (manual §4 and §9): the
//! manual's own Chaos Gunboat example with 34 players signing on by digit
//! and letter initials and a Winter 1900 build start; AncMed's year 1;
//! Youngstown's India, whose initial is not its name's first letter;
//! France-Austria with two players on the standard board; Classical's
//! years counting down; and the refusals: an unknown variant lists the
//! variants, and an option that does not fit the map says why.

use crate::judge_support;

use crate::game_support;

use game_support::{register, reply, seat, FAST, MASTER};
use judge::map::Map;
use judge_support::{Judge, Says, Sent, NOW};

/// The password of the player of the map's `n`-th power.
fn password(n: usize) -> String {
  format!("pw{n}")
}

/// A game of a variant, filled by one player per power, each of whom
/// asked for a different power (the `n`-th player for the `n`-th power).
struct VariantGame<'j> {
  judge: &'j Judge,
  game: String,
  map: &'static Map,
  /// The words a SIGN ON must repeat (`Chaos Gunboat`).
  words: String,
  /// The reply to the Master's CREATE.
  created: String,
}

impl<'j> VariantGame<'j> {
  /// Registers everyone, has the Master create `game` with `words`, signs
  /// on every player and returns the mail of the sign-ons (the start among it).
  fn start(judge: &'j Judge, game: &str, words: &str) -> (VariantGame<'j>, Vec<Sent>) {
    let first = words.split_whitespace().next().unwrap_or("standard");
    let map = Map::builtin(first).expect("a built-in variant");
    register(judge, NOW, MASTER);
    for n in 0..map.powers().len() {
      register(judge, NOW, &seat(n));
    }
    judge.take_mail();
    let create = format!("CREATE ?{game} masterpw {words}\nBECOME MASTER\n");
    judge.send_at(NOW, MASTER, "create", &create);
    let created = judge.take_mail();
    let reply = &created.iter().find(|m| m.to == MASTER).expect("a reply to CREATE").body;
    assert!(reply.says(&format!("Game '{game}' ({}", map.name().replace(' ', "_"))), "{reply}");
    let created = reply.clone();
    let table =
      VariantGame { judge, game: game.to_string(), map, words: words.to_string(), created };
    let mut last = Vec::new();
    for (n, power) in map.powers().iter().enumerate() {
      let body =
        format!("SIGN ON ?{game} {} {words}\nSET PREFERENCE {}\n", password(n), power.initial);
      judge.send_at(NOW, &seat(n), "join", &body);
      last.extend(judge.take_mail());
    }
    (table, last)
  }

  /// The index of the power named `name`.
  fn power(&self, name: &str) -> usize {
    self.map.powers().iter().position(|p| p.name == name).expect("a power of the map")
  }

  /// Mails `lines` as the player of power `n`, signed on by its initial.
  fn send(&self, n: usize, lines: &str) -> Vec<Sent> {
    let initial = self.map.powers()[n].initial;
    let body = format!("SIGN ON {initial}{} {}\n{lines}", self.game, password(n));
    self.judge.send_at(NOW, &seat(n), "orders", &body);
    self.judge.take_mail()
  }

  /// The Master's LIST of the game.
  fn listing(&self) -> String {
    self.judge.send_at(NOW, MASTER, "list", &format!("LIST {}\n", self.game));
    let mail = self.judge.take_mail();
    mail.iter().find(|m| m.to == MASTER).map(|m| m.body.clone()).expect("a reply to LIST")
  }
}

/// The mail whose subject ends with `what`, to anyone.
fn with_subject<'m>(mail: &'m [Sent], what: &str) -> &'m Sent {
  mail.iter().find(|m| m.subject.ends_with(what)).unwrap_or_else(|| {
    let seen: Vec<String> = mail.iter().map(|m| format!("{}\n{}", m.subject, m.body)).collect();
    panic!("no mail '{what}' in:\n{}", seen.join("\n----\n"))
  })
}

#[test]
fn the_manuals_chaos_gunboat_game_fills_by_initials_and_starts_with_a_build_each() {
  let judge = Judge::with_config(FAST);
  let (chaos, started) = VariantGame::start(&judge, "mixup", "Chaos Gunboat");
  assert_eq!(chaos.map.powers().len(), 34);
  // The command the players are told to send names the variant as well
  // as the option (manual section 4: all the words of the CREATE).
  assert!(chaos.created.says("SIGN ON ?mixup password Chaos Gunboat"), "{}", chaos.created);
  let starting = with_subject(&started, "mixup - F1900B Game Starting");
  assert!(starting.body.says("Winter of 1900"), "{}", starting.body);

  // Every power builds one unit on its one centre: power n is signed on
  // by its initial, digits among them.
  let mut last = Vec::new();
  for n in 0..chaos.map.powers().len() {
    let power = &chaos.map.powers()[n];
    let home = chaos.map.province(power.home_centers[0]);
    let kind = if home.is_water_or_coast() && n % 2 == 0 { "F" } else { "A" };
    let kind = if home.has_coasts() { "A" } else { kind };
    last = chaos.send(n, &format!("BUILD {kind} {}\n", home.abbr));
    let body = &reply(&last, &seat(n)).body;
    assert!(!body.says("ERROR"), "power {} ({}) : {body}", power.name, power.initial);
  }
  assert!(chaos.map.powers().iter().any(|p| p.initial.is_ascii_digit()), "digit initials");
  let results = with_subject(&last, "mixup - F1900B Results");
  assert!(results.body.says("Adjustment results for Winter of 1900."), "{}", results.body);
  assert!(results.body.says("The next phase of 'mixup' will be Movement for Spring of 1901."));
  // Gunboat: the results never name a player's address.
  for n in 0..chaos.map.powers().len() {
    assert!(!results.body.contains(&seat(n)), "{} in gunboat results", seat(n));
  }
  let listing = chaos.listing();
  let units = listing.lines().filter(|l| l.contains("Army ") || l.contains("Fleet ")).count();
  assert_eq!(units, 34, "one unit per power: {listing}");
}

#[test]
fn ancmed_starts_in_the_spring_of_year_one_and_keeps_reply_subjects_short() {
  let judge = Judge::with_config(FAST);
  let (ancmed, started) = VariantGame::start(&judge, "med", "AncMed");
  assert_eq!(ancmed.map.powers().len(), 5);
  let starting = with_subject(&started, "med - S1M Game Starting");
  assert!(starting.body.says("Spring of 1"), "{}", starting.body);
  let orders: Vec<(&str, &str)> = vec![
    ("Carthage", "F Tha - Pun\nA Car H\nA Cir - Num\n"),
    ("Egypt", "F Ale - Lib\nA Mem H\nA Thb H\n"),
    ("Greece", "F Spa - Aeg\nA Ath H\nA Mac H\n"),
    ("Persia", "F Sid H\nA Ant H\nA Dam H\n"),
    ("Rome", "F Nea - Tyn\nA Rom H\nA Rav H\n"),
  ];
  let mut last = Vec::new();
  for (power, lines) in &orders {
    let n = ancmed.power(power);
    last = ancmed.send(n, lines);
    if n + 1 < orders.len() {
      let body = &reply(&last, &seat(n)).body;
      assert!(body.says("Your orders are complete."), "{power}: {body}");
    }
  }
  let results = with_subject(&last, "med - S1M Results");
  assert!(results.body.says("Movement results for Spring of 1."), "{}", results.body);
  assert!(results.body.says("The next phase of 'med' will be Movement for Fall of 1."));
  // A reply to the results keeps a short subject: the turn id is taken
  // off, however short the year.
  let subject = format!("Re: {}", results.subject);
  judge.send_at(NOW, &seat(0), &subject, "LIST med\n");
  let mail = judge.take_mail();
  let re = reply(&mail, &seat(0));
  assert!(!re.subject.contains("S1M - S1M"), "{}", re.subject);
}

#[test]
fn youngstown_tells_everyone_to_sign_on_for_india_by_its_own_initial() {
  let judge = Judge::with_config(FAST);
  let (young, started) = VariantGame::start(&judge, "asia", "Youngstown");
  assert_eq!(young.map.powers().len(), 10);
  with_subject(&started, "asia - S1901M Game Starting");
  let india = young.power("India");
  assert_eq!(young.map.powers()[india].initial, 'N');
  // India's player resigns: the others are told how to take the seat,
  // by India's initial N (I is Italy's).
  let mail = young.send(india, "RESIGN\n");
  let notice = mail
    .iter()
    .find(|m| m.to != seat(india) && m.body.says("SIGN ON N"))
    .map(|m| m.body.clone())
    .unwrap_or_else(|| panic!("nobody was told to SIGN ON Nasia: {mail:#?}"));
  assert!(notice.says("SIGN ON Nasia"), "{notice}");
  assert!(!notice.says("SIGN ON Iasia"), "{notice}");
}

#[test]
fn france_austria_is_two_players_on_the_standard_board_and_needs_18() {
  let judge = Judge::with_config(FAST);
  let (fva, started) = VariantGame::start(&judge, "duel", "FvA");
  assert_eq!(fva.words, "FvA");
  assert_eq!(fva.map.powers().len(), 2);
  let starting = with_subject(&started, "duel - S1901M Game Starting");
  assert!(starting.body.says("France-Austria"), "{}", starting.body);
  let france = fva.power("France");
  let austria = fva.power("Austria");
  fva.send(france, "A Par - Bur\nA Mar - Spa\nF Bre - Mao\n");
  let mail = fva.send(austria, "A Vie - Gal\nA Bud - Ser\nF Tri - Alb\n");
  let results = with_subject(&mail, "duel - S1901M Results");
  assert!(results.body.says("France: Army Paris -> Burgundy."), "{}", results.body);
  assert!(results.body.says("Austria: Army Budapest -> Serbia."), "{}", results.body);
  let listing = fva.listing();
  assert!(listing.says("18"), "the victory count: {listing}");
  assert!(!listing.says("Germany"), "only two powers: {listing}");
}

#[test]
fn classical_counts_its_years_down_and_ends_the_year_at_its_adjustments() {
  let judge = Judge::with_config(FAST);
  let (classical, started) = VariantGame::start(&judge, "punic", "Classical");
  let starting = with_subject(&started, "punic - B273M Game Starting");
  assert!(starting.body.says("B.C. 273"), "{}", starting.body);
  let mut last = Vec::new();
  for n in 0..classical.map.powers().len() {
    last = classical.send(n, "");
  }
  // Nobody ordered; with the orders of all in (none), the phase waits for
  // the deadline. Force it through as the Master would.
  if !last.iter().any(|m| m.subject.ends_with("B273M Results")) {
    judge.send_at(NOW, MASTER, "process", "SIGN ON Mpunic masterpw\nPROCESS\n");
    last = judge.take_mail();
  }
  let results = with_subject(&last, "punic - B273M Results");
  assert!(results.body.says("Movement results for B.C. 273."), "{}", results.body);
  assert!(results.body.says("will be Movement for B.C. 272."), "{}", results.body);
}

#[test]
fn an_unknown_variant_lists_every_variant_and_a_misfit_option_says_why() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  judge.take_mail();
  judge.send_at(NOW, MASTER, "x", "SIGN ON ? pw Atlantis\n");
  let mail = judge.take_mail();
  let body = &reply(&mail, MASTER).body;
  for variant in Map::variants() {
    let map = variant.map().expect("loads");
    let entry =
      format!("{} ({})", variant.display.replace(' ', "_"), map.playable_powers().count());
    assert!(body.says(&entry), "{entry} missing from {body}");
  }
  judge.send_at(NOW, MASTER, "x", "CREATE ?rome pw Classical Summer\n");
  let mail = judge.take_mail();
  let body = &reply(&mail, MASTER).body;
  assert!(body.says("The Summer option does not apply to Classical"), "{body}");
  assert!(body.says("The game was not created."), "{body}");
  let after = judge.snapshot();
  assert!(!after.keys().any(|p| p.starts_with("games/rome")), "no game was made");

  judge.send_at(NOW, MASTER, "x", "CREATE ?rome pw Classical\nBECOME MASTER\nSET SUMMER\n");
  let mail = judge.take_mail();
  let body = &reply(&mail, MASTER).body;
  assert!(body.says("The Summer option does not apply to Classical"), "{body}");
  assert!(body.says("Nothing was changed."), "{body}");
}
