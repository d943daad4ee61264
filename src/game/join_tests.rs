//! Tests of getting into a game (game/join.rs) through the pure API: which
//! game takes a newcomer and what it says when it does not, what joining a
//! forming game reports, what a take-over leaves in the game, and BECOME.

use rand::SeedableRng;

use super::join::{
  BecomeRefusal, JoinRefusal, Opening, PowerSeat, SeatRefusal, SignOnVariant, TakeOverRefusal,
  TakenOver, VariantRefusal,
};
use super::tests::{power, t};
use super::*;

fn deadlines() -> [DeadlineRule; 3] {
  [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()]
}

/// Registered user `n`'s member, playing from `p{n}@x.test`.
fn member(role: Role, n: u32) -> Member {
  Member::new(role, &format!("p{n}@x.test"), Some(n), format!("hash{n}"), t(0))
}

/// A standard game of `variant` created by user 0, with `players` players
/// in all (users 0, 1, …).
fn forming(variant: &SignOnVariant, players: u32) -> Game {
  let mut game =
    Game::created("test", variant, deadlines(), t(0), member(Role::Player, 0)).expect("a game");
  for n in 1..players {
    game.join_forming(member(Role::Player, n)).expect("room for a player");
  }
  game
}

fn standard() -> SignOnVariant {
  SignOnVariant::new("standard", &[])
}

/// A started standard game, one registered player per power.
fn started() -> Game {
  let mut game = forming(&standard(), 7);
  let mut rng = rand::rngs::StdRng::seed_from_u64(1);
  game.start(t(0), crate::zone::UTC, &mut rng);
  game
}

/// The index of the member playing `name`.
fn seat(game: &Game, name: &str) -> usize {
  game.player_index(power(name)).expect("a player")
}

/// Takes every unit and centre from `name`.
fn eliminate(game: &mut Game, name: &str) {
  let power = power(name);
  let units: Vec<_> = game.position.units_of(power).collect();
  for unit in units {
    game.position.remove(unit.location.province);
  }
  let centres: Vec<_> = game.position.centers_of(game.map, power).collect();
  for centre in centres {
    game.position.set_owner(centre, None);
  }
  assert!(game.is_eliminated(power));
}

#[test]
fn a_finished_game_takes_nobody() {
  let mut game = started();
  game.status = Status::Finished(Ending::Terminated);
  let refusal = game.opening().expect_err("over");
  assert_eq!(refusal.to_string(), "Game 'test' is over; nobody can join it.");
}

#[test]
fn a_started_game_takes_a_newcomer_only_for_an_abandoned_power_still_in_it() {
  let mut game = started();
  let refusal = game.opening().expect_err("nothing abandoned");
  assert_eq!(
    refusal.to_string(),
    "Game 'test' has started and has no abandoned power to take over."
  );
  let (italy, turkey) = (seat(&game, "Italy"), seat(&game, "Turkey"));
  game.abandon_seat(italy);
  game.abandon_seat(turkey);
  eliminate(&mut game, "Italy");
  assert_eq!(game.opening(), Ok(Opening::TakeOver(turkey)), "Italy is out of the game");
  let refusal = game.may_take_over(italy, "new@x.test").expect_err("Italy is out");
  assert_eq!(refusal.to_string(), "Italy is out of game 'test', so it cannot be taken over.");
}

#[test]
fn a_forming_game_is_joined_with_its_own_variant_and_options() {
  let game = forming(&SignOnVariant::new("standard", &[GameOption::Gunboat]), 1);
  assert_eq!(game.opening(), Ok(Opening::Forming));
  assert_eq!(game.may_join_as(&SignOnVariant::new("standard", &[GameOption::Gunboat])), Ok(()));
  let refusal = game.may_join_as(&standard()).expect_err("not gunboat");
  assert_eq!(
    refusal,
    JoinRefusal::OtherVariant {
      game: "test".into(),
      variant: SignOnVariant::new("standard", &[GameOption::Gunboat])
    }
  );
  assert_eq!(
    refusal.to_string(),
    "Game 'test' is a Standard Gunboat game. To sign on to it, write:\n\
     SIGN ON ?test password Gunboat"
  );
}

#[test]
fn joining_a_forming_game_reports_the_count_and_who_is_missing_until_it_is_full() {
  let mut game = forming(&standard(), 5);
  game.settings.manual_start = true;
  let joined = game.join_forming(member(Role::Player, 5)).expect("room");
  assert_eq!((joined.index, joined.count, joined.missing), (5, 6, 1));
  assert!(joined.manual_start && !joined.secret);
  let joined = game.join_forming(member(Role::Player, 6)).expect("room");
  assert_eq!((joined.count, joined.missing), (7, 0));
  let refusal = game.join_forming(member(Role::Player, 7)).expect_err("full");
  assert_eq!(refusal.to_string(), "Game 'test' already has all its players.");
  assert_eq!(game.players().count(), 7, "nobody was added");
}

#[test]
fn a_secret_game_says_it_is_secret_when_a_player_joins() {
  let mut game = forming(&SignOnVariant::new("standard", &[GameOption::Secret]), 1);
  let joined = game.join_forming(member(Role::Player, 1)).expect("room");
  assert!(joined.secret);
}

#[test]
fn a_newcomer_who_observed_takes_over_with_a_wait_and_a_tenure_of_their_own() {
  let mut game = started();
  let observer = game.sign_on_observer(member(Role::Observer, 9));
  assert_eq!(game.known_observer("P9@x.test", None), Some(observer));
  assert_eq!(game.known_observer("other@x.test", Some(9)), Some(observer));
  assert_eq!(game.known_observer("other@x.test", None), None);
  let france = seat(&game, "France");
  game.members[france].late_count = 3;
  game.members[france].cd = true;
  game.abandon_seat(france);
  assert_eq!(game.may_take_over(france, "p9@x.test"), Ok(()));
  assert!(!game.owns_seat(france, 9));
  let taken = game
    .take_over(france, "p9@x.test", 9, "hash9".into(), t(200), crate::zone::UTC)
    .expect("a power");
  assert_eq!(
    taken,
    TakenOver { index: france, power: power("France"), returning: false, was_cd: true }
  );
  assert_eq!(game.members.len(), 7, "the observer now plays instead");
  let member = &game.members[taken.index];
  assert_eq!((member.address.as_str(), member.user), ("p9@x.test", Some(9)));
  assert!(member.wait && !member.abandoned && !member.cd);
  assert_eq!(member.late_count, 0);
  let tenures: Vec<_> = game.record.tenures.iter().filter(|t| t.power == power("France")).collect();
  assert_eq!(tenures.len(), 2);
  assert_eq!(tenures[0].until.as_deref(), Some("S1901M"));
  assert_eq!((tenures[1].address.as_str(), tenures[1].until.as_deref()), ("p9@x.test", None));
  assert!(game.timing.deadline.is_some_and(|d| d > t(200)), "a fresh deadline");
}

#[test]
fn an_owner_takes_back_their_power_without_a_wait_and_keeps_their_record() {
  let mut game = started();
  let england = seat(&game, "England");
  let user = game.members[england].user.expect("registered");
  game.members[england].late_count = 2;
  game.abandon_seat(england);
  assert!(game.owns_seat(england, user));
  let taken = game
    .take_over(england, "home@x.test", user, "new".into(), t(1), crate::zone::UTC)
    .expect("a power");
  assert!(taken.returning && !taken.was_cd);
  let member = &game.members[england];
  assert!(!member.wait);
  assert_eq!(member.late_count, 2);
  assert_eq!(member.password, "new");
}

#[test]
fn a_player_may_not_take_over_a_second_power() {
  let mut game = started();
  let (austria, russia) = (seat(&game, "Austria"), seat(&game, "Russia"));
  let address = game.members[russia].address.clone();
  game.abandon_seat(austria);
  let refusal = game.may_take_over(austria, &address).expect_err("plays Russia");
  assert_eq!(
    refusal,
    TakeOverRefusal::PlaysAnother { power: "Austria".into(), game: "test".into() }
  );
  assert_eq!(
    refusal.to_string(),
    "You already play a power in game 'test', so you cannot also take over\nAustria."
  );
}

#[test]
fn a_power_initial_names_its_player_or_its_abandoned_seat_once_powers_are_dealt() {
  let game = forming(&standard(), 3);
  let refusal = game.power_seat('F').expect_err("not dealt");
  assert_eq!(refusal, SeatRefusal::NotDealt { game: "test".into() });
  assert_eq!(
    refusal.to_string(),
    "Game 'test' has not started, so no powers are dealt yet. Sign on to it\n\
     with SIGN ON ?test password."
  );
  assert_eq!(game.power_seat('X'), Ok(None), "no such power");
  let mut game = started();
  let germany = seat(&game, "Germany");
  assert_eq!(game.power_seat('G'), Ok(Some(PowerSeat::Played(germany))));
  game.abandon_seat(germany);
  assert_eq!(game.power_seat('G'), Ok(Some(PowerSeat::Abandoned(germany))));
  assert_eq!(game.power_seat('X'), Ok(None));
}

#[test]
fn signing_on_ends_civil_disorder() {
  let mut game = started();
  let italy = seat(&game, "Italy");
  game.members[italy].cd = true;
  assert!(game.signed_on(italy));
  assert!(!game.members[italy].cd);
  assert!(!game.signed_on(italy));
}

#[test]
fn the_creator_becomes_master_once_and_the_game_is_moderated() {
  let mut game = forming(&standard(), 1);
  assert_eq!(game.become_master(0), Ok(()));
  assert_eq!(game.members[0].role, Role::Master);
  assert!(game.settings.moderated);
  assert_eq!(game.players_missing(), 7);
  let refusal = game.become_master(0).expect_err("has one");
  assert_eq!(refusal.to_string(), "The game already has a Master.");
}

#[test]
fn only_a_master_of_a_game_under_way_acts_for_a_power_somebody_plays() {
  let mut game = started();
  let player = seat(&game, "France");
  assert_eq!(
    game.may_act_for_power(player).map_err(|r| r.to_string()),
    Err("BECOME is for the Master.".into())
  );
  game.members.push(member(Role::Master, 8));
  let master = game.members.len() - 1;
  assert_eq!(game.may_act_for_power(master), Ok(()));
  assert_eq!(game.power_to_act_for("france"), Ok(player));
  assert_eq!(game.power_to_act_for("F"), Ok(player));
  let refusal = game.power_to_act_for("Narnia and beyond the sea").expect_err("no power");
  assert_eq!(
    refusal.to_string(),
    "'Narnia and beyond th' is not a power of game 'test': write its name or initial, e.g. BECOME France."
  );
  game.status = Status::Finished(Ending::Terminated);
  let refusal = game.may_act_for_power(master).expect_err("over");
  assert_eq!(refusal, BecomeRefusal::NotUnderWay { game: "test".into() });
  assert_eq!(refusal.to_string(), "Game 'test' is not under way, so no power can be taken on.");
}

#[test]
fn a_variant_is_refused_when_an_option_does_not_fit_its_map() {
  assert_eq!(standard().playable(), Ok(()));
  let summer = SignOnVariant::new("classical", &[GameOption::Summer]);
  let refusal = summer.playable().expect_err("a calendar of its own");
  assert!(matches!(refusal, VariantRefusal::Misfit { .. }));
  assert!(refusal.to_string().starts_with("The Summer option does not apply to Classical"));
  let unplayable =
    VariantRefusal::Unplayable { variant: "Odd".into(), missing: vec!["a".into(), "b".into()] };
  assert_eq!(
    unplayable.to_string(),
    "The Odd variant cannot be played on this judge yet: it needs a, b."
  );
  let created = Game::created("x", &summer, deadlines(), t(0), member(Role::Player, 0));
  assert!(created.is_ok(), "CREATE asks playable() first");
  let none = Game::created(
    "x",
    &SignOnVariant::new("nomap", &[]),
    deadlines(),
    t(0),
    member(Role::Player, 0),
  );
  assert_eq!(
    none.map(|g| g.name).map_err(|r| r.to_string()),
    Err("The nomap map cannot be loaded; the game was not created.".into())
  );
}

#[test]
fn a_sign_on_names_options_in_one_order_whatever_order_they_came_in() {
  let a = SignOnVariant::new("standard", &[GameOption::Summer, GameOption::Gunboat]);
  let b =
    SignOnVariant::new("standard", &[GameOption::Gunboat, GameOption::Summer, GameOption::Gunboat]);
  assert_eq!(a, b);
  assert_eq!(a.words(), "Standard Gunboat Summer");
  assert_eq!(a.sign_on_words(), " Gunboat Summer");
  assert_eq!(a.named(), vec!["summer".to_string()]);
  assert!(a.gunboat());
}
