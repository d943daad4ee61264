//! Payola's rules in a game (`payola.rs`): transfers and the rules that
//! limit them, the start and income under each tax rule, ZEROSUM's year,
//! what each ledger rule leaves out, and the money kept for ROLLBACK.

use chrono::{DateTime, Duration, Utc};
use rand::SeedableRng;

use super::*;
use crate::map::Map;

fn t(hours: i64) -> DateTime<Utc> {
  let start: DateTime<Utc> = "2026-03-02T12:00:00Z".parse().expect("a time");
  start + Duration::hours(hours)
}

fn map() -> &'static Map {
  Map::standard().expect("the standard map")
}

fn power(name: &str) -> PowerId {
  map().find_power(name).expect("a power")
}

/// A started standard Payola game with `rules`.
fn payola_game(rules: &[&str]) -> Game {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut settings = Settings::new(map(), deadlines);
  GameOption::Payola.set(&mut settings, true);
  for rule in rules {
    settings.set_rule(rule, true).unwrap_or_else(|e| panic!("{rule}: {e}"));
  }
  let mut game = Game::new("pay", map(), settings, t(0));
  for n in 0..7 {
    let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
    game.members.push(member);
  }
  let mut rng = rand::rngs::StdRng::seed_from_u64(5);
  game.start(t(0), crate::zone::UTC, &mut rng);
  game
}

fn balance(game: &Game, name: &str) -> u32 {
  game.payola.balance(map(), power(name))
}

/// Every power sends a sheet: `sheets` for some, the others nothing but
/// a hold (an ordinary order line).
fn send_sheets(game: &mut Game, sheets: &[(&str, &[&str])]) {
  for p in map().power_ids() {
    let name = map().power(p).name.clone();
    let lines: Vec<String> = match sheets.iter().find(|(n, _)| *n == name) {
      Some((_, lines)) => lines.iter().map(|l| l.to_string()).collect(),
      None => {
        let unit = game.position.units_of(p).next().expect("a unit");
        let text = crate::position::unit_text(map(), unit);
        vec![format!("{text} H")]
      }
    };
    let mut taken = Vec::new();
    for line in &lines {
      let text = game.check_offer_line(p, &taken, line).unwrap_or_else(|e| panic!("{line}: {e}"));
      taken.push(text);
    }
    game.set_sheet(p, taken);
  }
}

#[test]
fn the_purses_open_with_a_years_income_under_each_tax() {
  let game = payola_game(&[]);
  assert_eq!(balance(&game, "France"), 48);
  assert_eq!(balance(&game, "Russia"), 62);
  let flat = payola_game(&["FLAT_TAX"]);
  assert_eq!((balance(&flat, "France"), balance(&flat, "Russia")), (21, 28));
  let zerosum = payola_game(&["ZEROSUM"]);
  assert_eq!((balance(&zerosum, "France"), balance(&zerosum, "Russia")), (30, 40));
  let classic = payola_game(&["PAYOLA_CLASSIC"]);
  assert_eq!(balance(&classic, "France"), 21, "classic Payola brings FLAT_TAX");
  for rule in ["NO_SAVINGS", "DIRECT_ONLY", "ZERO_FOREIGN"] {
    assert!(classic.settings.variant.has_rule(rule), "{rule}");
  }
  assert_eq!(game.payola.purse(map(), power("France")).map(|p| p.accept.as_str()), Some("F?"));
}

#[test]
fn transfers_move_money_at_once_within_the_rules() {
  let (england, france, germany) = (power("England"), power("France"), power("Germany"));
  let mut game = payola_game(&[]);
  assert_eq!(game.transfer(england, france, 10), Ok(()));
  assert_eq!((balance(&game, "England"), balance(&game, "France")), (38, 58));
  assert_eq!(game.transfer(england, france, 10), Ok(()), "any number by default");
  assert_eq!(
    game.transfer(england, france, 100),
    Err(payola::TransferError::TooMuch { balance: 28, amount: 100 })
  );
  assert_eq!(game.transfer(england, england, 1), Err(payola::TransferError::ToSelf));
  assert_eq!(game.transfer(england, france, 0), Err(payola::TransferError::Nothing));
  let note = &game.payola.purse(map(), france).expect("a purse").notes[0];
  assert_eq!(note, "Transfer of 10 AgP from England.");

  let mut none = payola_game(&["NO_TRANSFER"]);
  assert_eq!(none.transfer(england, france, 1), Err(payola::TransferError::NotAllowed));
  assert_eq!(balance(&none, "England"), 48, "nothing moved");

  let mut once = payola_game(&["ONE_TRANSFER"]);
  assert_eq!(once.transfer(england, france, 1), Ok(()));
  assert_eq!(once.transfer(england, france, 1), Err(payola::TransferError::Once("France".into())));
  assert_eq!(once.transfer(england, germany, 1), Ok(()), "one to each power");
  // Each phase anew.
  send_sheets(&mut once, &[]);
  once.process(t(1), crate::zone::UTC);
  assert_eq!(once.transfer(england, france, 1), Ok(()), "a new phase");

  let mut anonymous = payola_game(&["ANON_TRANSFER"]);
  assert_eq!(anonymous.transfer(england, france, 5), Ok(()));
  let note = &anonymous.payola.purse(map(), france).expect("a purse").notes[0];
  assert_eq!(note, "Transfer of 5 AgP from someone.");

  let mut doomed = payola_game(&["NO_DONATIONS"]);
  for centre in map().power(england).home_centers.clone() {
    doomed.position.set_owner(centre, Some(france));
  }
  assert_eq!(doomed.transfer(england, germany, 5), Err(payola::TransferError::Doomed));
}

#[test]
fn a_movement_phase_buys_the_orders_and_the_ledgers_say_so() {
  let mut game = payola_game(&[]);
  send_sheets(&mut game, &[("France", &["5 : A Par - Bur"]), ("Germany", &["6 : A Par H"])]);
  let processed = game.process(t(1), crate::zone::UTC);
  let bought = processed.bought.expect("a Payola turn");
  let ledger = |name: &str| {
    let p = power(name);
    bought.ledgers.iter().find(|(q, _)| *q == p).map(|(_, l)| l.clone()).expect("a ledger")
  };
  assert!(ledger("Germany").contains("     6  Army Paris HOLD."), "{}", ledger("Germany"));
  assert!(ledger("France").contains("     6* Army Paris HOLD."), "{}", ledger("France"));
  assert_eq!((balance(&game, "Germany"), balance(&game, "France")), (42, 48));
  // The sheets are spent; the turn kept for ROLLBACK has the money before.
  assert!(game.sheet(power("France")).is_empty());
  let kept = game.turns.last().expect("a kept turn");
  assert_eq!(kept.payola.balance(map(), power("Germany")), 48);
  assert!(!kept.payola.purse(map(), power("France")).expect("a purse").sheet.is_empty());
  game.rollback(None, t(2), crate::zone::UTC).expect("a rollback");
  assert_eq!(balance(&game, "Germany"), 48, "ROLLBACK gives the money back");
}

#[test]
fn the_ledger_rules_leave_out_what_they_say() {
  let sheets: &[(&str, &[&str])] = &[("Germany", &["6 : A Par H", "A Mun H"])];
  let ledger = |rules: &[&str]| {
    let mut game = payola_game(rules);
    send_sheets(&mut game, sheets);
    let bought = game.process(t(1), crate::zone::UTC).bought.expect("a Payola turn");
    let germany = power("Germany");
    let text = bought.ledgers.iter().find(|(p, _)| *p == germany).map(|(_, l)| l.clone());
    (text, balance(&game, "Germany"))
  };
  let (full, _) = ledger(&[]);
  let full = full.expect("a ledger");
  assert!(full.contains("Your units did:") && full.contains("Your offer sheet:"), "{full}");
  let (cost, _) = ledger(&["HIDE_COST"]);
  let cost = cost.expect("a ledger");
  assert!(!cost.contains("Your units did:") && cost.contains("Your offer sheet:"), "{cost}");
  let (offers, _) = ledger(&["HIDE_OFFERS"]);
  let offers = offers.expect("a ledger");
  assert!(offers.contains("Your units did:") && !offers.contains("Your offer sheet:"), "{offers}");
  assert!(offers.contains("Balance now:                 42 AgP"), "{offers}");
  // NO_LEDGERS: none sent, the bribe still paid (research note §0.3 #13).
  let (none, left) = ledger(&["NO_LEDGERS"]);
  assert_eq!((none, left), (None, 42));
}

#[test]
fn income_comes_at_the_years_end_under_each_rule() {
  let year = |rules: &[&str]| {
    let mut game = payola_game(rules);
    send_sheets(&mut game, &[("Germany", &["4 : A Par H"])]);
    game.process(t(1), crate::zone::UTC);
    send_sheets(&mut game, &[]);
    let processed = game.process(t(2), crate::zone::UTC);
    let income: Vec<(PowerId, String)> =
      processed.phases.iter().flat_map(|r| r.income.clone()).collect();
    (game, income)
  };
  let (game, income) = year(&[]);
  // Germany paid 4 in the spring; three centres bring 48.
  assert_eq!(balance(&game, "Germany"), 44 + 48);
  let report = &income.iter().find(|(p, _)| *p == power("Germany")).expect("a report").1;
  assert!(report.contains("Income from 3 centres:       48 AgP"), "{report}");
  let (hoard, _) = year(&["NO_HOARDING"]);
  assert_eq!(balance(&hoard, "Germany"), 48, "the unspent 44 is lost");
  // ZEROSUM: no tax; France's army took Germany's 4, which France gets.
  let (zero, income) = year(&["ZEROSUM"]);
  assert_eq!((balance(&zero, "Germany"), balance(&zero, "France")), (26, 34));
  let report = &income.iter().find(|(p, _)| *p == power("France")).expect("a report").1;
  assert!(report.contains("Bribes your units took:       4 AgP"), "{report}");
  let (quiet, income) = year(&["NO_LEDGERS"]);
  assert!(income.is_empty(), "NO_LEDGERS: no income reports");
  assert_eq!(balance(&quiet, "Germany"), 44 + 48);
}

#[test]
fn acceptance_lists_read_initials_and_add_the_rest() {
  let mut game = payola_game(&[]);
  let france = power("France");
  assert_eq!(game.set_accept(france, "fe"), Ok("FE?".to_string()));
  assert_eq!(game.set_accept(france, "AEFGIRT"), Ok("AEFGIRT".to_string()));
  assert_eq!(game.set_accept(france, "FF"), Err(payola::AcceptError::Twice('F')));
  assert_eq!(game.set_accept(france, "FZ"), Err(payola::AcceptError::NotAnInitial('Z')));
  assert_eq!(game.payola.purse(map(), france).map(|p| p.accept.as_str()), Some("AEFGIRT"));
}

/// The maps with Payola directives bring them to a Payola game on them
/// (Vassal: PAY_DUMMIES; Void: NO_DONATIONS; Ambition: a tax of 1 and a
/// cap of 3, tested by mail), and every played power opens a purse.
#[test]
fn the_maps_payola_directives_come_with_the_game() {
  for (key, rule) in
    [("vassal", "PAY_DUMMIES"), ("void", "NO_DONATIONS"), ("ambition", "NO_LEDGERS")]
  {
    let map = Map::builtin(key).expect("a map");
    let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut settings = Settings::new(map, deadlines);
    GameOption::Payola.set(&mut settings, true);
    let mut game = Game::new("pay", map, settings, t(0));
    for n in 0..map.playable_powers().count() {
      let member = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), t(0));
      game.members.push(member);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    game.start(t(0), crate::zone::UTC, &mut rng);
    assert!(game.settings.variant.has_rule(rule), "{key}: {rule}");
    for power in map.playable_powers() {
      assert!(game.payola.purse(map, power).is_some(), "{key}: {}", map.power(power).name);
    }
  }
}
