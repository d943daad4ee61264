//! Tests of the game rules through the pure API: who must order, when
//! orders count as in, when a phase is due, how orders replace each other,
//! and what processing does (skipped phases, the solo, the deadline).

use chrono::{DateTime, Duration, Utc};
use rand::SeedableRng;

use super::master::{MasterRefusal, Resumed};
use super::*;
use crate::map::Map;
use crate::map::{Location, UnitType};
use crate::order::OrderError;
use crate::position::Unit;

/// `hours` after the tests' epoch, 2 March 2026 noon.
pub(super) fn t(hours: i64) -> DateTime<Utc> {
  let start: DateTime<Utc> = "2026-03-02T12:00:00Z".parse().expect("a time");
  start + Duration::hours(hours)
}

pub(super) fn map() -> &'static Map {
  Map::standard().expect("the standard map")
}

pub(super) fn power(name: &str) -> PowerId {
  map().find_power(name).expect("a power")
}

fn place(name: &str) -> crate::map::ProvinceId {
  match map().lookup(name) {
    crate::map::Lookup::Found(id) => id,
    other => panic!("{name}: {other:?}"),
  }
}

/// A started standard game, one player per power, deadlines by the manual.
fn started() -> Game {
  started_with(map().powers().len(), &[])
}

/// Orders every unit of every power to hold.
fn all_hold(game: &mut Game) {
  let units: Vec<Unit> = game.position.units().collect();
  for unit in units {
    let text = format!("{} {} H", unit.kind.letter(), game.map.location_abbr(unit.location));
    game.enter_order(unit.power, &text).expect("a hold");
  }
}

#[test]
fn under_default_unordered_one_order_puts_a_power_in() {
  let mut game = started();
  let france = power("France");
  assert_eq!(game.settings.set_rule("DEFAULT_UNORDERED", true), Ok("DEFAULT_UNORDERED".into()));
  assert!(!game.is_in(france), "no order yet");
  game.enter_order(france, "A Par - Bur").expect("an order");
  assert!(game.is_in(france), "one order is enough");
  let processed = game.process(game.timing.deadline.unwrap_or_default(), crate::zone::UTC);
  let Some(Resolution::Movement(resolved)) = processed.phases.first().map(|p| &p.resolution) else {
    panic!("a movement phase");
  };
  let brest = resolved.iter().find(|r| r.order.unit.location.province == place("Bre"));
  assert!(brest.is_some_and(|r| !r.ordered && r.outcome.is_ok()), "Brest holds unordered");
}

#[test]
fn a_power_is_in_only_when_every_unit_has_an_order_and_no_error_is_flagged() {
  let mut game = started();
  let france = power("France");
  assert!(game.must_order(france));
  game.enter_order(france, "A Par - Bur").expect("an order");
  game.enter_order(france, "A Mar - Spa").expect("an order");
  assert!(!game.is_in(france), "the fleet in Brest has no order");
  game.enter_order(france, "F Bre - Mid").expect("an order");
  assert!(game.is_in(france));
  game.orders[france.index()].error_flag = true;
  assert!(!game.is_in(france), "the error flag holds the orders back");
}

#[test]
fn the_last_order_for_a_unit_replaces_the_earlier_one() {
  let mut game = started();
  let france = power("France");
  game.enter_order(france, "A Par - Bur").expect("an order");
  let accepted = game.enter_order(france, "A Par H").expect("an order");
  assert_eq!(accepted.replaced.as_deref(), Some("Army Paris -> Burgundy."));
  assert_eq!(game.orders[france.index()].units.len(), 1);
  assert!(game.enter_order(france, "A Mun - Ber").is_err(), "not France's army");
}

#[test]
fn the_phase_is_due_after_delay_and_min_or_at_the_deadline_when_someone_waits() {
  let mut game = started();
  assert_eq!(game.due_at(), None, "nothing is due until every order is in");
  all_hold(&mut game);
  game.note_readiness(t(1));
  // delay 0.5 h after the last orders, but no sooner than min 12 h after the start.
  assert_eq!(game.due_at(), Some(t(12)));
  game.settings.movement.min = 0.0;
  assert_eq!(game.due_at(), Some(t(1) + Duration::minutes(30)));
  game.members[0].wait = true;
  assert_eq!(game.due_at(), game.timing.deadline, "a wait holds it to the deadline");
}

#[test]
fn surplus_builds_push_out_the_earliest_and_completeness_counts_free_centres() {
  let mut game = started();
  game.position.phase = "F1901B".parse().expect("a phase");
  let france = power("France");
  let paris = place("Par");
  // France owns Spain and Portugal too, with its armies gone from Paris.
  game.position.remove(paris);
  game.position.set_owner(place("Spa"), Some(france));
  game.position.set_owner(place("Por"), Some(france));
  assert_eq!(game.position.adjustment_due(game.map, france, &game.rules()), 3);
  assert_eq!(game.adjustments_owed(france), 1, "only Paris is free to build in");
  game.enter_order(france, "Build A Par").expect("a build");
  assert!(game.is_in(france));
  game.enter_order(france, "WAIVE").expect("a waive");
  game.enter_order(france, "WAIVE").expect("a waive");
  let accepted = game.enter_order(france, "WAIVE").expect("a waive");
  assert_eq!(accepted.replaced.as_deref(), Some("Build Army Paris."), "the earliest gives way");
  assert_eq!(game.orders[france.index()].adjustments.len(), 3);
}

#[test]
fn a_year_of_holds_skips_the_adjustment_phase_and_moves_the_deadline_on() {
  let mut game = started();
  let first_deadline = game.timing.deadline;
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.phases.len(), 1);
  assert_eq!(game.position.phase.to_string(), "F1901M");
  assert!(game.timing.deadline >= first_deadline, "never earlier than the last deadline");
  assert_eq!(game.seq, 2);
  all_hold(&mut game);
  let processed = game.process(t(3), crate::zone::UTC);
  assert!(processed.phases[0].year_ended);
  assert_eq!(game.position.phase.to_string(), "S1902M", "nobody gained or lost a centre");
  assert_eq!(game.record.years.len(), 1);
  assert_eq!(game.record.years[0].centers[power("Russia").index()], 4);
}

#[test]
fn an_adjustment_phase_nobody_can_play_is_processed_straight_away() {
  let mut game = started();
  game.position.phase = "F1901M".parse().expect("a phase");
  let austria = power("Austria");
  // Austria owns Serbia too, but its three armies and fleet stand on its
  // home centres: a build is due and there is nowhere to build it.
  game.position.set_owner(place("Ser"), Some(austria));
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  let phases: Vec<String> = processed.phases.iter().map(|p| p.phase.to_string()).collect();
  assert_eq!(phases, ["F1901M", "F1901B"]);
  assert!(processed.phases[1].skipped, "nobody had anything to order in F1901B");
  assert_eq!(game.position.phase.to_string(), "S1902M");
  assert_eq!(game.seq, 3, "the skipped phase still counts (1 + 2)");
}

#[test]
fn reaching_the_victory_centres_ends_the_game_with_a_winner() {
  let mut game = started();
  game.position.phase = "F1901M".parse().expect("a phase");
  game.settings.victory_centers = 4;
  let russia = power("Russia");
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.winner, Some(russia), "Russia alone holds four centres");
  assert_eq!(game.status, Status::Finished(Ending::Won(russia)));
  assert_eq!(game.record.ended.as_ref().map(|(_, phase)| phase.as_str()), Some("F1901M"));
  assert_eq!(game.due_at(), None, "a finished game is never due");
}

#[test]
fn a_tie_at_the_top_is_no_solo() {
  let mut game = started();
  game.position.phase = "F1901M".parse().expect("a phase");
  game.settings.victory_centers = 3;
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.winner, Some(power("Russia")), "four beats everyone's three");
  let mut game = started();
  game.position.phase = "F1901M".parse().expect("a phase");
  game.settings.victory_centers = 3;
  game.position.set_owner(place("Swe"), Some(power("England")));
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.winner, None, "England and Russia tie at four");
  assert_eq!(processed.victory_raised, Some(5), "one more than the top");
  assert_eq!(game.settings.victory_centers, 5);
}

/// SHARED_VICTORY: England and Russia both reach the count at the same
/// year-end and win jointly, where the standard rule raises the count.
#[test]
fn a_shared_victory_ends_the_game_for_every_power_with_the_count() {
  let mut game = started();
  assert!(game.settings.set_rule("SHARED_VICTORY", true).is_ok());
  game.position.phase = "F1901M".parse().expect("a phase");
  game.settings.victory_centers = 4;
  game.position.set_owner(place("Swe"), Some(power("England")));
  all_hold(&mut game);
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.victory_raised, None);
  assert_eq!(game.status, Status::Finished(Ending::Drawn(vec![power("England"), power("Russia")])));
  let text = report::results(&game, &processed, crate::zone::UTC);
  assert!(text.contains("share the victory (SHARED_VICTORY)"), "{text}");
  assert!(text.contains("England and Russia"), "{text}");
  // One power alone with the count is an ordinary win.
  let mut game = started();
  assert!(game.settings.set_rule("SHARED_VICTORY", true).is_ok());
  game.position.phase = "F1901M".parse().expect("a phase");
  game.settings.victory_centers = 4;
  all_hold(&mut game);
  assert_eq!(game.process(t(2), crate::zone::UTC).winner, Some(power("Russia")));
}

/// VICTORY_HOMES: only other powers' homes count, against the DPjudge's
/// target (22 homes of 7 powers: 22 × 6 / 14 + 1 = 10 on the standard
/// map); a power's own homes and neutral centres count nothing.
#[test]
fn under_home_victory_only_other_powers_homes_count() {
  let france = power("France");
  let taken = |homes: &[&str]| {
    let mut game = started();
    assert!(game.settings.set_rule("VICTORY_HOMES", true).is_ok());
    for centre in ["Spa", "Por", "Bel"].iter().chain(homes) {
      game.position.remove(place(centre));
      game.position.set_owner(place(centre), Some(france));
    }
    game.position.phase = "F1901M".parse().expect("a phase");
    all_hold(&mut game);
    game
  };
  let game = taken(&[]);
  assert_eq!(game.victory_target(), 10);
  assert_eq!(game.victory_score(france), 0, "own homes and neutral centres count nothing");
  let nine = ["Mun", "Ber", "Kie", "Lon", "Edi", "Lvp", "Rom", "Ven", "Nap"];
  let mut game = taken(&nine);
  assert_eq!(game.victory_score(france), 9);
  assert_eq!(game.process(t(2), crate::zone::UTC).winner, None, "nine of ten");
  let mut game = taken(&[&nine[..], &["Vie"]].concat());
  assert_eq!(game.process(t(2), crate::zone::UTC).winner, Some(france), "ten homes of others");
}

/// JUMP_OFF_DAYS: the next deadline counts only the days allowed.
#[test]
fn skipped_days_push_the_next_deadline_past_the_weekend() {
  let friday: DateTime<Utc> = "2026-03-06T12:00:00Z".parse().expect("a time");
  let mut game = started();
  let rule = deadline::DeadlineRule { clock: -1, next: 72.0, ..deadline::DeadlineRule::movement() };
  let monday: DateTime<Utc> = "2026-03-09T12:00:00Z".parse().expect("a time");
  assert_eq!(game.deadline_from(&rule, friday, crate::zone::UTC), monday);
  assert!(game.settings.set_rule("JUMP_OFF_DAYS", true).is_ok());
  let wednesday: DateTime<Utc> = "2026-03-11T12:00:00Z".parse().expect("a time");
  assert_eq!(game.deadline_from(&rule, friday, crate::zone::UTC), wednesday);
}

#[test]
fn powers_are_dealt_once_each_and_players_keep_their_seats() {
  let game = started();
  let mut dealt: Vec<PowerId> = game.members.iter().filter_map(|m| m.power).collect();
  dealt.sort();
  assert_eq!(dealt, map().power_ids().collect::<Vec<_>>());
  assert_eq!(game.record.tenures.len(), 7);
  assert!(game.check().is_ok());
}

/// SET WAIT is a player's while the game is played; an observer never
/// holds a game up, and a game not under way says which command it was.
#[test]
fn who_may_wait_is_the_games_rule() {
  let mut game = started();
  assert_eq!(game.may_wait(0, true), Ok(()));
  game.members.push(Member::new(Role::Observer, "o@x.test", None, String::new(), t(0)));
  let observer = game.members.len() - 1;
  assert_eq!(game.may_wait(observer, true), Err(WaitRefusal::Observer));
  game.status = Status::Forming;
  let refusal = game.may_wait(0, false).expect_err("not under way");
  assert_eq!(refusal.to_string(), "SET NO WAIT applies only while game 'test' is being played.");
}

/// A Master cannot resign, and nobody can once the game is over.
#[test]
fn who_may_resign_is_the_games_rule() {
  let mut game = started();
  assert_eq!(game.may_resign(0), Ok(()));
  game.members.push(Member::new(Role::Master, "m@x.test", None, String::new(), t(0)));
  let master = game.members.len() - 1;
  assert_eq!(
    game.may_resign(master).map_err(|r| r.to_string()),
    Err("A Master cannot resign.".into())
  );
  game.end(Ending::Terminated, t(1));
  assert_eq!(game.may_resign(0), Err(ResignRefusal::Over { game: "test".into() }));
}

/// A start is dealt from what the game keeps (its name and when it
/// started), so dealing it again from the record gives every player the
/// same power, and another moment deals differently.
#[test]
fn a_start_is_dealt_again_the_same_from_the_games_record() {
  let fresh = || forming("deal", Settings::default(), 7);
  let powers =
    |game: &Game| -> Vec<Option<PowerId>> { game.members.iter().map(|m| m.power).collect() };
  let mut first = fresh();
  let mut rng = first.deal(t(5));
  first.start(t(5), crate::zone::UTC, &mut rng);
  let started = first.started.expect("started");
  let mut again = fresh();
  let mut rng = again.deal(started);
  again.start(started, crate::zone::UTC, &mut rng);
  assert_eq!(powers(&first), powers(&again));
  let differently = (6..30).any(|hour| {
    let mut other = fresh();
    let mut rng = other.deal(t(hour));
    other.start(t(hour), crate::zone::UTC, &mut rng);
    powers(&other) != powers(&first)
  });
  assert!(differently, "the moment takes part in the deal");
}

/// Runs an NMR game's clock from the deadline to the end of grace with
/// nobody ordering; returns what the clock did at the end of grace.
fn to_the_end_of_an_nmr_grace(game: &mut Game) -> Vec<TimeEvent> {
  game.settings.nmr = true;
  let (Some(deadline), Some(grace)) = (game.timing.deadline, game.timing.grace) else {
    panic!("a started game has a deadline and a grace period");
  };
  let at_deadline = game.tick(deadline);
  assert!(matches!(at_deadline.as_slice(), [TimeEvent::Late { first: true, .. }]));
  let a_day_before = game.tick(grace - Duration::days(1));
  assert!(
    a_day_before.iter().any(|e| matches!(e, TimeEvent::Abandoned(_))),
    "an NMR game abandons late powers a day before grace ends: {a_day_before:?}"
  );
  assert_eq!(game.due_at(), None, "late powers still hold the phase up");
  let events = game.tick(grace);
  assert_eq!(game.tick(grace), Vec::new(), "a second tick at the same moment does nothing");
  assert!(game.due_at().is_some_and(|due| due <= grace), "civil disorder makes the phase due");
  events
}

#[test]
fn at_the_end_of_an_nmr_grace_the_retreat_of_a_power_in_civil_disorder_is_disbanded() {
  let mut game = started();
  game.position.phase = "S1901R".parse().expect("a phase");
  let france = power("France");
  let unit = game.position.remove(place("Par")).expect("the army in Paris");
  game.position.dislodged.push(crate::position::Dislodged {
    unit,
    attacker_from: Some(place("Bur")),
    retreats: vec![
      crate::map::Location::province(place("Pic")),
      crate::map::Location::province(place("Gas")),
    ],
  });
  assert_eq!(game.late_powers(), [france], "only France has a retreat to order");
  let events = to_the_end_of_an_nmr_grace(&mut game);
  assert_eq!(events, [TimeEvent::CivilDisorder(vec![france])]);
  let grace = game.timing.grace.expect("a grace period");
  let processed = game.process(grace, crate::zone::UTC);
  assert_eq!(processed.civil_disorder, [france]);
  assert_eq!(processed.turns, [(france, false)], "a phase in civil disorder is not on time");
  assert_eq!(game.position.phase.to_string(), "F1901M");
  assert_eq!(game.position.units_of(france).count(), 2, "the army was disbanded, not retreated");
  assert!(game.position.dislodged.is_empty());
}

#[test]
fn at_the_end_of_an_nmr_grace_civil_disorder_builds_nothing_and_removes_by_distance() {
  let mut game = started();
  game.position.phase = "F1901B".parse().expect("a phase");
  let (france, germany) = (power("France"), power("Germany"));
  // France owns Spain and has emptied Paris: one build due there.
  game.position.remove(place("Par"));
  game.position.set_owner(place("Spa"), Some(france));
  // Germany has lost Kiel: one unit to remove.
  game.position.set_owner(place("Kie"), None);
  assert_eq!(game.late_powers(), [france, germany]);
  let events = to_the_end_of_an_nmr_grace(&mut game);
  assert_eq!(events, [TimeEvent::CivilDisorder(vec![france, germany])]);
  let grace = game.timing.grace.expect("a grace period");
  let processed = game.process(grace, crate::zone::UTC);
  assert_eq!(processed.civil_disorder, [france, germany]);
  assert_eq!(game.position.phase.to_string(), "S1902M");
  assert_eq!(game.position.units_of(france).count(), 2, "no build in civil disorder");
  assert_eq!(game.position.unit_at(place("Kie")), None, "the fleet in Kiel is farthest from home");
  assert!(
    game.position.unit_at(place("Ber")).is_some() && game.position.unit_at(place("Mun")).is_some()
  );
}

/// Orders every unit of every power except `late` to hold.
fn all_hold_but(game: &mut Game, late: &[PowerId]) {
  for power in map().power_ids().filter(|p| !late.contains(p)) {
    let units: Vec<Unit> = game.position.units_of(power).collect();
    for unit in units {
      let text = format!("{} {} H", unit.kind.letter(), game.map.location_abbr(unit.location));
      game.enter_order(power, &text).expect("a hold");
    }
  }
}

/// Runs the clock as cron would, from `deadline` to just before `until`,
/// a tick a day; returns the reminders sent.
fn daily_reminders(game: &mut Game, deadline: DateTime<Utc>, until: DateTime<Utc>) -> usize {
  let mut sent = 0;
  let mut at = deadline + Duration::days(1);
  while at < until {
    let events = game.tick(at);
    assert!(
      matches!(events.as_slice(), [TimeEvent::Late { first: false, .. }]),
      "{at}: {events:?}"
    );
    sent += 1;
    at += Duration::days(1);
  }
  sent
}

#[test]
fn a_nonmr_game_abandons_late_powers_at_the_end_of_grace_and_waits_for_them() {
  let mut game = started();
  let france = power("France");
  all_hold_but(&mut game, &[france]);
  let (Some(deadline), Some(grace)) = (game.timing.deadline, game.timing.grace) else {
    panic!("a started game has a deadline and a grace period");
  };
  assert_eq!(game.tick(deadline), [TimeEvent::Late { powers: vec![france], first: true }]);
  assert_eq!(daily_reminders(&mut game, deadline, grace), 6, "a reminder each day of grace");
  assert_eq!(game.tick(grace), [TimeEvent::Abandoned(vec![france])]);
  assert!(game.player_of(france).is_some_and(|m| m.abandoned && !m.cd));
  assert_eq!(game.due_at(), None, "the phase waits for a replacement");
  let next = deadline + Duration::days(7);
  assert_eq!(game.wake(), Some(next), "the daily notices go on while it waits");
  assert_eq!(game.tick(next), [TimeEvent::Late { powers: vec![france], first: false }]);
  assert_eq!(game.player_of(france).map(|m| m.late_count), Some(1), "late once, this phase");
}

#[test]
fn a_replacement_who_is_late_again_is_told_and_abandoned_again_alone() {
  let mut game = started();
  let (france, germany) = (power("France"), power("Germany"));
  all_hold_but(&mut game, &[france, germany]);
  let (Some(deadline), Some(grace)) = (game.timing.deadline, game.timing.grace) else {
    panic!("a started game has a deadline and a grace period");
  };
  game.tick(deadline);
  daily_reminders(&mut game, deadline, grace);
  game.tick(grace);
  assert!(game.player_of(germany).is_some_and(|m| m.abandoned));
  // A newcomer takes France over after the end of grace.
  let index = game.player_index(france).expect("France's seat");
  game.members[index].abandoned = false;
  let taken = grace + Duration::hours(1);
  game.fresh_deadline(taken, crate::zone::UTC);
  let (Some(deadline), Some(new_grace)) = (game.timing.deadline, game.timing.grace) else {
    panic!("a fresh deadline and grace period");
  };
  assert!(deadline > taken, "the newcomer has time to order");
  assert!(!game.waiting_for_replacements(), "the lateness of the phase starts over");
  assert_eq!(game.wake(), Some(deadline), "the sweep looks again at the new deadline");
  assert_eq!(game.tick(deadline), [TimeEvent::Late { powers: vec![france, germany], first: true }]);
  daily_reminders(&mut game, deadline, new_grace);
  assert_eq!(game.tick(new_grace), [TimeEvent::Abandoned(vec![france])], "Germany was already");
  assert!(game.waiting_for_replacements());
}

#[test]
fn rollback_returns_to_the_board_and_orders_of_a_kept_turn_and_no_further() {
  let mut game = started();
  let tz = crate::zone::UTC;
  for turn in 0..(master::KEPT_TURNS as i64 + 3) {
    all_hold(&mut game);
    game.process(t(turn + 1), tz);
  }
  assert_eq!(game.turns.len(), master::KEPT_TURNS, "only the last turns are kept");
  let oldest = game.turns[0].seq;
  let error = game.rollback(Some(oldest - 1), t(100), tz).expect_err("dropped long ago");
  assert!(error.to_string().contains("is not kept"), "{error}");
  let error = game.rollback(Some(game.seq), t(100), tz).expect_err("not played");
  assert!(error.to_string().contains("has not been played"), "{error}");

  let seq = game.seq;
  let back = game.rollback(None, t(100), tz).expect("the last turn");
  assert_eq!(back, seq - 1);
  assert_eq!(game.seq, seq - 1);
  assert!(game.all_in(), "the holds that were in are in again");
  assert_eq!(game.timing.phase_began, t(100));
  assert!(game.timing.deadline.is_some_and(|d| d > t(100)));
}

#[test]
fn a_paused_game_is_never_due_and_reminds_once_a_day() {
  let mut game = started();
  all_hold(&mut game);
  let deadline = game.timing.deadline.expect("a deadline");
  game.pause(t(1));
  assert_eq!(game.due_at(), None);
  assert_eq!(game.tick(t(30)), vec![TimeEvent::Paused]);
  assert_eq!(game.tick(t(31)), Vec::new(), "one reminder a day");
  assert_eq!(game.wake(), Some(t(49)));
  game.resume(t(49));
  assert_eq!(game.timing.deadline, Some(deadline + Duration::hours(48)));
  assert!(game.due_at().is_some());
}

#[test]
fn force_begin_deals_dummies_the_missing_powers_abandoned() {
  let mut game = Game::new(
    "fb",
    map(),
    Settings::new(
      map(),
      [
        deadline::DeadlineRule::movement(),
        deadline::DeadlineRule::other(),
        deadline::DeadlineRule::other(),
      ],
    ),
    t(0),
  );
  let mut rng = rand::rngs::StdRng::seed_from_u64(1);
  assert!(game.force_begin(t(0), crate::zone::UTC, &mut rng).is_err(), "nobody to play");
  game.members.push(Member::new(Role::Player, "a@x.test", None, String::new(), t(0)));
  assert_eq!(game.force_begin(t(0), crate::zone::UTC, &mut rng), Ok(6));
  assert_eq!(game.status, Status::Active);
  let dummies: Vec<&Member> = game.members.iter().filter(|m| m.dummy).collect();
  assert_eq!(dummies.len(), 6);
  assert!(dummies.iter().all(|m| m.abandoned && m.power.is_some() && m.addresses().count() == 0));
  game.unstart(t(1)).expect("no turn played yet");
  assert_eq!(game.status, Status::Forming);
  assert_eq!(game.members.len(), 1, "the dummies are gone");
  assert_eq!(game.members[0].power, None);
}

/// A block of orders kept for `phase`, from lines as the session passes them.
fn keep(game: &mut Game, power: PowerId, phase: &str, lines: Vec<future::Line>) {
  let mut block = future::Builder::new(game.map, power, phase.parse().expect("a phase"));
  for line in lines {
    block.push(line).expect("a line kept");
  }
  game.future.push(block.finish());
}

#[test]
fn kept_orders_are_entered_when_their_phase_comes_and_count_as_in() {
  use future::Line;
  let mut game = started();
  let france = power("France");
  keep(
    &mut game,
    france,
    "F1901M",
    vec![
      Line::If("French Army Burgundy".into()),
      Line::Order("A Bur - Mun".into()),
      Line::Else,
      Line::Order("A Par - Pic".into()),
      Line::EndIf,
      Line::Order("F Mao - Spa/nc".into()),
      Line::Wait(true),
    ],
  );
  all_hold(&mut game);
  game.enter_order(france, "A Par - Bur").expect("a move");
  game.enter_order(france, "F Bre - Mid").expect("a move");
  let processed = game.process(t(1), crate::zone::UTC);
  assert_eq!(game.position.phase.to_string(), "F1901M");
  assert!(game.future.is_empty(), "the block was used");
  let report = processed.future.iter().find(|r| r.power == france).expect("a report");
  assert!(report.text.contains("IF French Army Burgundy: true."), "{}", report.text);
  assert!(report.text.contains("ELSE: not used."), "{}", report.text);
  let orders = &game.orders[france.index()];
  let texts: Vec<&str> = orders.units.iter().map(|e| e.text.as_str()).collect();
  assert_eq!(texts, ["A Bur - Mun", "F Mao - Spa/nc"]);
  assert!(orders.received && !game.orders_complete(france), "Marseilles has no order");
  assert!(game.is_in(france), "kept orders count as in, complete or not");
  assert!(game.player_of(france).is_some_and(|m| m.wait), "SET WAIT is carried over");
}

#[test]
fn kept_orders_for_a_phase_the_game_never_has_are_dropped_with_a_note() {
  let mut game = started();
  let germany = power("Germany");
  keep(&mut game, germany, "S1901R", vec![future::Line::Order("A Mun - Boh".into())]);
  keep(&mut game, germany, "F1901R", vec![future::Line::Order("A Mun - Boh".into())]);
  all_hold(&mut game);
  let processed = game.process(t(1), crate::zone::UTC);
  assert_eq!(game.position.phase.to_string(), "F1901M");
  let notes: Vec<&future::FutureReport> =
    processed.future.iter().filter(|r| r.power == germany).collect();
  assert_eq!(notes.len(), 1, "{notes:?}");
  assert!(notes[0].text.contains("did not have that phase"), "{}", notes[0].text);
  assert_eq!(game.future.len(), 1, "F1901R may still come");
  assert!(!game.orders[germany.index()].received);
}

#[test]
fn later_builds_push_out_earlier_ones_when_fewer_are_allowed() {
  let mut game = started();
  let russia = power("Russia");
  // Three free home centres, but only two builds due.
  for home in ["Mos", "War", "Sev"] {
    game.position.remove(place(home));
  }
  let ukraine = crate::map::Location::province(place("Ukr"));
  let army = Unit { power: russia, kind: crate::map::UnitType::Army, location: ukraine };
  game.position.place(map(), army).expect("placed");
  game.position.phase = "F1901B".parse().expect("a phase");
  assert_eq!(game.adjustments_owed(russia), 2);
  keep(
    &mut game,
    russia,
    "F1901B",
    vec![
      future::Line::Order("build A Mos".into()),
      future::Line::Order("build A War".into()),
      future::Line::Order("build F Sev".into()),
    ],
  );
  let reports = game.arrive(&[]);
  assert_eq!(reports.len(), 1);
  let builds: Vec<&str> =
    game.orders[russia.index()].adjustments.iter().map(|e| e.text.as_str()).collect();
  assert_eq!(builds, ["build A War", "build F Sev"], "the last builds win");
}

#[test]
fn a_manual_process_game_is_never_due_by_itself_and_tells_its_masters_once() {
  let mut game = started();
  game.settings.manual_process = true;
  all_hold(&mut game);
  game.note_readiness(t(1));
  let due = game.due_at().expect("the orders are in");
  assert!(!game.process_due(due + Duration::days(30)), "only the Master processes it");
  assert_eq!(game.wake(), Some(due), "the sweep looks once, to tell the Masters");
  assert!(!game.note_ready_for_master(due - Duration::hours(1)), "not due yet");
  assert!(game.note_ready_for_master(due));
  assert!(!game.note_ready_for_master(due + Duration::days(1)), "told once a phase");
  assert_eq!(game.wake(), None, "every order is in: nothing is left for the sweep");
  game.settings.manual_process = false;
  assert!(game.process_due(due));
}

#[test]
fn a_manual_start_game_waits_when_full() {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut game = Game::new("test", map(), Settings::new(map(), deadlines), t(0));
  for n in 0..7 {
    let address = format!("p{n}@x.test");
    game.members.push(Member::new(Role::Player, &address, None, String::new(), t(0)));
  }
  assert!(game.ready_to_start());
  game.settings.manual_start = true;
  assert!(!game.ready_to_start());
}

#[test]
fn proxy_orders_need_set_proxy() {
  let mut game = started();
  let austria = power("Austria");
  assert_eq!(game.enter_order(austria, "A Vie P Germany"), Err(OrderError::ProxyNotAllowed));
  game.settings.proxy = true;
  assert!(game.enter_order(austria, "A Vie P Germany").is_ok());
}

/// A started game whose English fleet is in the North Sea and army in
/// Yorkshire, ready for a convoy to Norway.
fn england_ready_to_convoy() -> (Game, PowerId) {
  let mut game = started();
  let england = power("England");
  game.position.remove(place("Lon"));
  let fleet =
    Unit { power: england, kind: UnitType::Fleet, location: Location::province(place("Nth")) };
  game.position.place(map(), fleet).expect("a fleet at sea");
  game.position.remove(place("Lvp"));
  let army =
    Unit { power: england, kind: UnitType::Army, location: Location::province(place("Yor")) };
  game.position.place(map(), army).expect("an army on the coast");
  (game, england)
}

#[test]
fn strict_convoy_refuses_only_convoys_from_or_to_a_province_without_a_sea() {
  let (mut game, england) = england_ready_to_convoy();
  // By default njudge's minimal check: an inland army, an inland
  // destination, a fleet on a coast are all taken (void when adjudicated).
  assert!(game.enter_order(england, "F Nth C A Mar - Bre").is_ok(), "no check by default");
  assert!(game.enter_order(england, "F Nth C A Mun - Bre").is_ok(), "an inland army");
  assert!(game.enter_order(england, "F Nth C A Yor - Mun").is_ok(), "an inland destination");
  game.settings.strict_convoy = true;
  // Manual §8.3: only an origin or destination without an adjacent sea.
  for (order, landlocked) in [("F Nth C A Mun - Bre", "Munich"), ("F Nth C A Yor - Mun", "Munich")]
  {
    let refused = game.enter_order(england, order).expect_err("no sea by Munich");
    assert!(matches!(refused, OrderError::ImplausibleConvoy { .. }), "{refused:?}");
    let words = refused.to_string();
    assert!(words.contains(&format!("{landlocked} touches no sea")), "{words}");
    assert!(words.contains("STRICT CONVOY"), "{words}");
  }
  // No chain of fleets from Marseilles to Brest stands now, but the
  // convoy is plausible by §8.3's measure, so it is taken.
  assert!(game.enter_order(england, "F Nth C A Mar - Bre").is_ok());
  assert!(game.enter_order(england, "F Nth C A Yor - Nwy").is_ok());
}

#[test]
fn a_convoy_without_its_route_is_taken_and_the_reply_says_the_judge_finds_it() {
  let (mut game, england) = england_ready_to_convoy();
  let unwritten = game.enter_order(england, "A Yor-Nwy").expect("taken, the DATC way");
  assert!(unwritten.text.contains("the judge finds the route"), "{}", unwritten.text);
  let written = game.enter_order(england, "A Yor-Nth-Nwy").expect("taken");
  assert!(!written.text.contains("finds the route"), "{}", written.text);
  let by_land = game.enter_order(england, "A Yor-Edi").expect("taken");
  assert!(!by_land.text.contains("finds the route"), "{}", by_land.text);
}

// ------------------------------------------------------ optional rules

/// A game called `name` that `players` players have joined, not started.
fn forming(name: &str, settings: Settings, players: usize) -> Game {
  let mut game = Game::new(name, map(), settings, t(0));
  for n in 0..players {
    game.members.push(Member::new(
      Role::Player,
      &format!("p{n}@x.test"),
      None,
      String::new(),
      t(0),
    ));
  }
  game
}

/// A game started with `players` players and the options given.
fn started_with(players: usize, options: &[GameOption]) -> Game {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut settings = Settings::new(map(), deadlines);
  for option in options {
    option.set(&mut settings, true);
  }
  settings.players = players as u32;
  let mut game = forming("test", settings, players);
  assert_eq!(game.players_missing(), 0);
  let mut rng = rand::rngs::StdRng::seed_from_u64(1);
  game.start(t(0), crate::zone::UTC, &mut rng);
  game
}

#[test]
fn an_empty_board_game_starts_with_winter_builds_in_the_home_centres() {
  let mut game = started_with(7, &[GameOption::EmptyBoard]);
  assert_eq!(game.position.phase.to_string(), "F1900B");
  assert_eq!(game.position.units().count(), 0);
  let russia = power("Russia");
  assert_eq!(game.adjustments_owed(russia), 4);
  assert_eq!(game.record.tenures[0].from, "F1900B");
  assert!(game.enter_order(russia, "Build F Stp/nc").is_ok());
  assert!(game.enter_order(russia, "Build A Ber").is_err(), "Berlin is German");
  for power in map().power_ids() {
    let homes = map().power(power).home_centers.clone();
    for home in homes {
      if game.position.unit_at(home).is_none() {
        let text = format!("Build A {}", map().province(home).abbr);
        game.enter_order(power, &text).expect("an army in each home centre");
      }
    }
  }
  assert!(game.all_in());
  let processed = game.process(t(2), crate::zone::UTC);
  assert_eq!(processed.phases.len(), 1);
  assert_eq!(game.position.phase.to_string(), "S1901M");
  assert_eq!(game.position.units().count(), 22);
}

#[test]
fn a_summer_game_plays_three_movement_turns_a_year() {
  let mut game = started_with(7, &[GameOption::Summer]);
  let mut seen = Vec::new();
  for hour in 1..=3 {
    seen.push(game.position.phase.to_string());
    all_hold(&mut game);
    game.process(t(hour), crate::zone::UTC);
  }
  seen.push(game.position.phase.to_string());
  assert_eq!(seen, ["S1901M", "U1901M", "F1901M", "S1902M"]);
  assert_eq!(game.record.years.len(), 1, "centres change hands after Fall only");
}

#[test]
fn build_orders_follow_the_build_rule_of_the_game() {
  for (option, belgium_ok) in [(None, false), (Some(GameOption::AnyCenter), true)] {
    let mut game = started_with(7, option.as_slice());
    game.position.phase = "F1901B".parse().expect("a phase");
    let france = power("France");
    game.position.set_owner(place("Bel"), Some(france));
    let result = game.enter_order(france, "Build A Bel");
    assert_eq!(result.is_ok(), belgium_ok, "{option:?}: {result:?}");
    assert_eq!(game.build_sites(france), usize::from(belgium_ok));
  }
}

#[test]
fn under_any_disband_every_power_with_units_may_disband_and_waits_for_the_deadline() {
  let mut game = started_with(7, &[GameOption::AnyDisband]);
  let france = power("France");
  // A year of holds: nobody is due anything, yet a Winter is held.
  all_hold(&mut game);
  game.process(t(1), crate::zone::UTC);
  all_hold(&mut game);
  game.process(t(2), crate::zone::UTC);
  assert_eq!(game.position.phase.to_string(), "F1901B");
  // Every unit needs an order (manual §9.1): maintain or remove.
  assert!(game.must_order(france) && !game.is_in(france), "no orders yet");
  assert!(game.members.iter().all(|m| m.wait), "a wait is set for everyone");
  let listed = report::current_orders(&game, france);
  assert!(listed.contains("France: No order for the army in Paris (maintain).\n"), "{listed}");
  let refused = game.enter_order(france, "Build F Mar").expect_err("no room yet");
  assert!(refused.to_string().contains("remove a unit first"), "{refused}");
  let kept = game.enter_order(france, "maintain A Mar").expect("a unit kept");
  assert_eq!(kept.text, "Maintain Army Marseilles.");
  let removed = game.enter_order(france, "Remove A Mar").expect("any unit may go");
  assert_eq!(removed.replaced.as_deref(), Some("Maintain Army Marseilles."));
  game.enter_order(france, "Build F Mar").expect("the room is used");
  assert!(!game.is_in(france), "Paris and Brest are not ordered yet");
  game.enter_order(france, "A Par maintain").expect("kept");
  game.enter_order(france, "M F Bre").expect("kept");
  assert!(game.is_in(france), "every unit ordered, the room filled");
  let listed = report::current_orders(&game, france);
  assert!(!listed.contains("No order for"), "{listed}");
  let processed = game.process(t(3), crate::zone::UTC);
  let results = report::results(&game, &processed, crate::zone::UTC);
  assert!(!results.contains("Maintain"), "kept units are not in the results: {results}");
  assert!(results.contains("Removes the army in Marseilles."), "{results}");
  assert_eq!(game.position.phase.to_string(), "S1902M");
  let marseilles = game.position.unit_at(place("Mar")).expect("a unit in Marseilles");
  assert_eq!(marseilles.kind, crate::map::UnitType::Fleet);
}

#[test]
fn an_auto_disband_game_has_no_retreat_phase() {
  let mut game = started_with(7, &[GameOption::AutoDisband]);
  let army = |power, at| Unit {
    power,
    kind: crate::map::UnitType::Army,
    location: crate::map::Location::province(place(at)),
  };
  game.position.place(map(), army(power("France"), "Bur")).expect("an army in Burgundy");
  game.position.place(map(), army(power("Germany"), "Ruh")).expect("an army in Ruhr");
  game.enter_order(power("Germany"), "A Mun - Bur").expect("an order");
  game.enter_order(power("Germany"), "A Ruh S A Mun - Bur").expect("an order");
  let processed = game.process(t(1), crate::zone::UTC);
  assert_eq!(game.position.phase.to_string(), "F1901M");
  assert_eq!(processed.phases[0].disbanded.len(), 1);
  let text = report::results(&game, &processed, crate::zone::UTC);
  assert!(text.contains("The French Army in Burgundy was disbanded."), "{text}");
}

#[test]
fn a_coastal_fleets_convoy_is_void_unless_the_game_allows_coastal_convoys() {
  // njudge takes the order either way (manual §6.2); without COASTAL
  // CONVOYS it is void when the orders are adjudicated.
  for option in [None, Some(GameOption::CoastalConvoys)] {
    let mut game = started_with(7, option.as_slice());
    assert!(game.enter_order(power("England"), "F Lon C A Lvp - Wal").is_ok(), "{option:?}");
  }
  let mut game = started_with(7, &[]);
  all_hold(&mut game);
  let england = power("England");
  game.enter_order(england, "F Lon C A Lvp - Wal").expect("taken");
  game.enter_order(england, "A Lvp - Wal").expect("taken");
  let processed = game.process(t(1), crate::zone::UTC);
  let text = report::results(&game, &processed, crate::zone::UTC);
  assert!(text.contains("Fleet London CONVOY Army Liverpool -> Wales. (*void*)"), "{text}");
}

#[test]
fn a_duplex_game_shares_the_powers_out_and_each_seat_orders_its_own_power() {
  let game = started_with(3, &[]);
  let mut per_player = std::collections::BTreeMap::new();
  for member in game.players() {
    *per_player.entry(member.address.clone()).or_insert(0) += 1;
  }
  let mut counts: Vec<i32> = per_player.values().copied().collect();
  counts.sort();
  assert_eq!(counts, [2, 2, 3], "seven powers shared by three players");
  for power in map().power_ids() {
    assert!(game.player_of(power).is_some(), "{power:?} has a player");
  }
}

#[test]
fn a_game_terminated_before_it_began_forms_again_when_resumed() {
  let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
  let mut game = Game::new("early", map(), Settings::new(map(), deadlines), t(0));
  game.terminate(t(1));
  assert!(game.is_finished());
  game.reopen(t(2), crate::zone::UTC);
  assert_eq!(game.status, Status::Forming);
  let mut started = started();
  started.terminate(t(1));
  started.reopen(t(2), crate::zone::UTC);
  assert_eq!(started.status, Status::Active);
  assert!(started.timing.deadline.is_some_and(|d| d > t(2)));
}

#[test]
fn a_unit_proxied_to_another_power_takes_that_powers_order_or_holds() {
  let mut game = started();
  let (austria, germany, russia) = (power("Austria"), power("Germany"), power("Russia"));
  assert!(game.enter_order(germany, "A Vie - Gal").is_err(), "not Germany's unit");
  game.settings.proxy = true;
  all_hold(&mut game);
  game.enter_order(austria, "A Vie P Germany").expect("a proxy");
  game.enter_order(germany, "A Vie - Gal").expect("an order for a proxied unit");
  // Orders for units not proxied to the sender are taken but not used.
  game.enter_order(russia, "A Vie - Boh").expect("taken");
  game.enter_order(germany, "A Bud - Rum").expect("taken");
  assert!(game.orders_complete(germany) && game.orders_complete(austria));
  // The holder's own order list shows the order it gave, with the owner's
  // adjective, as njudge lists it.
  let listed = super::report::current_orders(&game, germany);
  assert!(listed.contains("Germany: Austrian Army Vienna -> Galicia.\n"), "{listed}");
  let processed = game.process(t(1), crate::zone::UTC);
  // The results say who was given the unit, then the order it carried out.
  let results = super::report::results(&game, &processed, crate::zone::UTC);
  let given = results.find("Austria: Army Vienna Proxy given to Germany.\n").expect(&results);
  let moved = results.find("Austria: Army Vienna -> Galicia.\n").expect(&results);
  assert!(given < moved, "{results}");
  let at = |name: &str| game.position.unit_at(place(name)).map(|u| u.power);
  assert_eq!(at("Gal"), Some(austria), "Germany moved Austria's army");
  assert_eq!(at("Bud"), Some(austria), "Budapest held: it was not Germany's to order");
  assert_eq!(at("Boh"), None);
  assert_eq!(at("Rum"), None);
}

#[test]
fn a_proxied_unit_nobody_orders_holds() {
  let mut game = started();
  game.settings.proxy = true;
  all_hold(&mut game);
  game.enter_order(power("France"), "A Par P Germany").expect("a proxy");
  game.process(t(1), crate::zone::UTC);
  assert_eq!(game.position.unit_at(place("Par")).map(|u| u.power), Some(power("France")));
}

#[test]
fn zeus_a_build_in_california_replaces_one_in_new_york_in_the_first_winter() {
  let zeus = Map::builtin("zeus").expect("the zeus map");
  let settings =
    Settings::new(zeus, [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]);
  let mut game = Game::new("zeus", zeus, settings, t(0));
  let usa = zeus.find_power("USA").expect("USA");
  // Four homes owned, but California adds a place, not a build.
  assert_eq!(game.position.adjustment_due(zeus, usa, &game.rules()), 4);
  assert_eq!(game.adjustments_owed(usa), 3);
  game.enter_order(usa, "Build F Nyo").expect("a build");
  game.enter_order(usa, "Build F Haw").expect("a build");
  let accepted = game.enter_order(usa, "Build F Cal").expect("a build");
  assert_eq!(accepted.replaced.as_deref(), Some("Build Fleet New York."), "{accepted:?}");
  assert_eq!(game.orders[usa.index()].adjustments.len(), 2);
}

/// RESUME: a player may unless the game is NO RESUME, an observer never,
/// and a game neither paused nor over has nothing to resume.
#[test]
fn resume_is_refused_by_role_and_by_a_game_already_running() {
  let mut game = started();
  assert_eq!(
    game.resume_by(Role::Player, t(1), crate::zone::UTC),
    Err(MasterRefusal::NothingToResume("test".into()))
  );
  game.pause(t(1));
  let refused = game.resume_by(Role::Observer, t(2), crate::zone::UTC);
  assert_eq!(
    refused.map_err(|r| r.to_string()),
    Err("RESUME is for the Master or a player. Nothing was changed.".into())
  );
  game.settings.resume = false;
  assert_eq!(game.resume_by(Role::Player, t(2), crate::zone::UTC), Err(MasterRefusal::NoResume));
  assert!(game.is_paused(), "a refused RESUME leaves the game paused");
  assert_eq!(game.resume_by(Role::Master, t(2), crate::zone::UTC), Ok(Resumed::Unpaused));
  assert!(!game.is_paused());
}

/// PROCESS names the current phase or none, and waits for a paused game.
#[test]
fn process_is_refused_for_another_phase_and_while_paused() {
  let mut game = started();
  let current = game.position.phase;
  assert_eq!(game.may_process(None), Ok(()));
  assert_eq!(game.may_process(Some(current)), Ok(()));
  let later: crate::phase::Phase = "F1901M".parse().expect("a phase");
  let refused = game.may_process(Some(later)).map_err(|r| r.to_string());
  assert_eq!(
    refused,
    Err(
      "Game 'test' is in S1901M, not F1901M: the PROCESS was ignored (the phase\n\
       you meant has probably been processed already)."
        .into()
    )
  );
  game.pause(t(1));
  assert_eq!(game.may_process(None), Err(MasterRefusal::Paused("test".into())));
}

/// A concession goes only to the largest power, never to oneself, and a
/// NoDIAS draw only between survivors.
#[test]
fn concessions_and_draw_lists_are_refused_by_the_game() {
  let mut game = started();
  game.settings.dias = false;
  let france = power("France");
  let refused = game.may_concede(0, france).map_err(|r| r.to_string());
  assert_eq!(
    refused,
    Err(
      "France has 3 supply centers, and another power has as many or more: a\n\
       game may be conceded only to the largest power on the board."
        .into()
    )
  );
  game.settings.concessions = false;
  assert_eq!(game.may_concede(0, france), Err(VoteRefusal::NoConcessions("test".into())));
  assert_eq!(game.may_draw_between(&[france, power("Italy")]), Ok(()));
  game.settings.dias = true;
  assert_eq!(game.may_draw_between(&[]), Err(VoteRefusal::DiasTakesNoList("test".into())));
}

/// SET DEADLINE later brings a fresh grace and clears the late flags; SET
/// GRACE may not end before the deadline; SET START past the deadline
/// carries it along.
#[test]
fn the_moderator_moves_the_clock_within_the_games_rules() {
  let mut game = started();
  game.members[0].late = true;
  game.move_deadline(t(100), t(1), crate::zone::UTC);
  assert_eq!(game.timing.deadline, Some(t(100)));
  assert!(game.timing.grace.is_some_and(|g| g > t(100)), "a fresh grace after it");
  assert!(!game.members[0].late, "nobody is late for a deadline to come");
  let refused = game.move_grace(t(99), crate::zone::UTC).map_err(|r| r.to_string());
  assert!(
    refused
      .as_ref()
      .is_err_and(|r| r.starts_with("The grace period cannot end before the deadline")),
    "{refused:?}"
  );
  game.move_start(t(200), crate::zone::UTC);
  assert_eq!(game.timing.deadline, Some(t(200)));
  game.status = Status::Forming;
  let refused = game.may_move_clock("SET DEADLINE").map_err(|r| r.to_string());
  assert_eq!(refused, Err("SET DEADLINE applies to a game under way.".into()));
}

/// Every order a power is offered (`order_choices`) is taken when entered
/// as a player would mail it, and reads as offered: over random games of
/// movement, retreat and adjustment phases, and an empty board's builds.
#[test]
fn every_order_offered_is_taken() {
  use rand::RngExt as _;
  let mut checked = [0usize; 3];
  for seed in 0..4u64 {
    let options: &[GameOption] = if seed == 3 { &[GameOption::EmptyBoard] } else { &[] };
    let mut game = started_with(7, options);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for step in 0..16 {
      if game.status != Status::Active {
        break;
      }
      let ordering: Vec<PowerId> = map().power_ids().filter(|&p| game.must_order(p)).collect();
      for power in ordering {
        let choices = game.order_choices(power);
        for unit in &choices {
          assert!(!unit.orders.is_empty(), "{}: nothing offered", unit.subject);
          for choice in &unit.orders {
            let mut trial = game.clone();
            let taken = trial.enter_order(power, &choice.order);
            let taken = taken.unwrap_or_else(|e| {
              panic!("{}: '{}' offered but refused: {e}", game.position.phase, choice.order)
            });
            assert!(taken.text.starts_with(&choice.text), "{} / {}", taken.text, choice.text);
            checked[game.position.phase.kind as usize] += 1;
          }
        }
        // Play on: a random offered order a unit, except that the power's
        // units support the first one's move where they can, so that
        // units are dislodged and must retreat.
        let mut attack: Option<String> = None;
        for unit in &choices {
          let random = &unit.orders[rng.random_range(0..unit.orders.len())];
          let support = attack.as_ref().and_then(|a| {
            unit.orders.iter().find(|c| c.order.contains(" S ") && c.order.ends_with(a.as_str()))
          });
          let choice = support.unwrap_or(random);
          if attack.is_none() && choice.order.contains(" - ") && !choice.order.contains(" S ") {
            attack = Some(choice.order.clone());
          }
          let _ = game.enter_order(power, &choice.order);
        }
      }
      let _ = game.process(t(2 + step), crate::zone::UTC);
    }
  }
  assert!(checked.iter().all(|&n| n > 0), "every kind of phase was offered: {checked:?}");
}

/// A duplex game of three players, and the powers of one who plays two.
fn duplex_pair() -> (Game, PowerId, PowerId) {
  let game = started_with(3, &[]);
  let pair = map()
    .power_ids()
    .map(|p| game.powers_of_player(p))
    .find(|powers| powers.len() == 2)
    .expect("a player of two powers");
  (game, pair[0], pair[1])
}

#[test]
fn a_duplex_player_orders_all_its_powers_from_one_seat_and_waives_by_name() {
  let (mut game, first, second) = duplex_pair();
  let unit = game.position.units_of(second).next().expect("a unit");
  let text = format!("{} {} H", unit.kind.letter(), game.map.location_abbr(unit.location));
  game.enter_order(first, &text).expect("the order of the player's other power");
  assert!(game.orders[second.index()].units.iter().any(|e| e.order.unit == unit));
  assert!(game.orders[first.index()].units.is_empty(), "filed under its own power");
  // Another player's unit is still not the player's to order.
  let stranger = map().power_ids().find(|p| !game.powers_of_player(first).contains(p));
  let stranger = stranger.expect("another player's power");
  let theirs = game.position.units_of(stranger).next().expect("a unit");
  let text = format!("{} {} H", theirs.kind.letter(), game.map.location_abbr(theirs.location));
  assert!(game.enter_order(first, &text).is_err());
  // `waive France` in a build phase: parsed with the power named.
  let parsed = crate::order::parse_order(map(), PhaseKind::Adjustment, "waive France");
  assert_eq!(parsed, Ok(crate::order::ParsedOrder::Waive { power: Some(power("France")) }));
}

#[test]
fn one_players_powers_with_four_thirds_of_the_victory_count_win_together() {
  for allied in [true, false] {
    let (mut game, first, second) = duplex_pair();
    game.settings.victory_centers = 12;
    game.settings.no_allied_win = !allied;
    // Every centre no other power stands on goes to the pair, eight each
    // at most: neither alone reaches 12, together they pass 16.
    let mut given = [0, 0];
    for centre in map().supply_centers().collect::<Vec<_>>() {
      let free =
        game.position.unit_at(centre).is_none_or(|u| u.power == first || u.power == second);
      let side = usize::from(given[0] >= 8);
      if free && given[side] < 8 {
        game.position.set_owner(centre, Some([first, second][side]));
        given[side] += 1;
      }
    }
    assert_eq!(given, [8, 8], "enough free centres");
    all_hold(&mut game);
    game.process(t(1), crate::zone::UTC);
    all_hold(&mut game);
    let processed = game.process(t(2), crate::zone::UTC);
    if allied {
      assert_eq!(game.status, Status::Finished(Ending::Allied(vec![first, second])));
      let text = report::results(&game, &processed, crate::zone::UTC);
      assert!(text.contains("an allied victory for"), "{text}");
    } else {
      assert_eq!(game.status, Status::Active, "SET NO ALLIED WIN");
    }
  }
}
