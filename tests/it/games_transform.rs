//! Transformation by mail (manual §9.1 SET TRANSFORM, §6.1): the Master's
//! setting, its refusals, the manual's orders in a movement and an
//! adjustment phase, and what LIST, SUMMARY and the results say.

use crate::game_support;
use crate::judge_support;

use game_support::{board, Table, FAST, MASTER, START};
use judge_support::{subjects, Judge};

const T: &str = "2026-03-03T12:00:00Z";

/// The Master's results of `phase` among `mail`.
fn results_of<'m>(mail: &'m [judge_support::Sent], phase: &str) -> &'m judge_support::Sent {
  let wanted = format!("{phase} Results");
  mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with(&wanted))
    .unwrap_or_else(|| panic!("no {phase} results: {:#?}", subjects(mail)))
}

fn master(judge: &Judge, game: &str, lines: &str) -> String {
  judge.send_at(T, MASTER, "set", &format!("SIGN ON M{game} masterpw\n{lines}"));
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER && m.subject.starts_with("Re:"));
  reply.map(|m| m.body.clone()).unwrap_or_else(|| panic!("no reply: {:#?}", subjects(&mail)))
}

#[test]
fn the_master_sets_transformations_and_bad_options_change_nothing() {
  let judge = Judge::with_config(FAST);
  let table =
    Table::start_with(&judge, "tf", START, "", "SET TRANSFORM MOVE:ANYWHERE BUILD:HOME\n");
  let listing = table.listing(T);
  assert!(
    listing.contains("Transform:      MOVE:ANYWHERE BUILD:HOME CENTER; units attacked but not"),
    "{listing}"
  );
  // The game has started: §9.1 settings are fixed now.
  let body = master(&judge, "tf", "SET NO TRANSFORM\n");
  assert!(
    body.contains("before the game starts") || body.contains("before the game has started"),
    "{body}"
  );

  // Before the start: a where without its colon, an unknown place, SET
  // NO TRANSFORM with options, each refused; the listing is unchanged.
  judge.send_at(T, MASTER, "create", "CREATE ?tg masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let before = {
    judge.send_at(T, MASTER, "list", "LIST tg\n");
    judge.take_mail().into_iter().find(|m| m.to == MASTER).map(|m| m.body).unwrap_or_default()
  };
  let body = master(
    &judge,
    "tg",
    "SET TRANSFORM ANYWHERE\nSET TRAFO move:everywhere\nSET NO TRANSFORM move\n",
  );
  for said in [
    "'ANYWHERE' needs its phase and a colon: write MOVE:ANYWHERE or BUILD:ANYWHERE",
    "'EVERYWHERE' is not a place for SET TRANSFORM",
    "SET NO TRANSFORM takes no options",
  ] {
    assert!(body.contains(said), "{said}\n---\n{body}");
  }
  judge.send_at(T, MASTER, "list", "LIST tg\n");
  let after =
    judge.take_mail().into_iter().find(|m| m.to == MASTER).map(|m| m.body).unwrap_or_default();
  let settings = |text: &str| text.split("The settings of").nth(1).unwrap_or("").to_string();
  assert_eq!(settings(&before), settings(&after));
  assert!(!after.contains("Transform:"), "{after}");

  // The manual's forms, and the reply in words.
  let body = master(
    &judge,
    "tg",
    "SET TRANSFORM :ANYCENTER\nSET TRAFO move\nSET ATTACK TRANSFORM\nSUMMARY\n",
  );
  assert!(body.contains("units may change type (TRANSFORM BUILD:ANY CENTER)"), "{body}");
  assert!(body.contains("- in adjustment phases, on a centre its power owns"), "{body}");
  assert!(body.contains("units may change type (TRANSFORM MOVE:HOME CENTER)"), "{body}");
  assert!(body.contains("- never in adjustment phases"), "{body}");
  assert!(body.contains("still does when it is attacked"), "{body}");
  assert!(body.contains("Transform:  MOVE:HOME CENTER, AttackTransform."), "{body}");
  assert!(body.lines().all(|l| l.len() <= 78), "{body}");
}

#[test]
fn units_transform_by_mail_in_movement_and_adjustment_phases() {
  let judge = Judge::with_config(FAST);
  let table =
    Table::start_with(&judge, "tm", START, "", "SET TRANSFORM MOVE:HOME CENTER BUILD:ANYWHERE\n");
  // Spring: the fleets in Brest and Sevastopol become armies, the
  // manual's long and short forms.
  let mail = table
    .turn(T)
    .orders(&[
      ("France", "F Brest transforms to Army\nA Par H\nA Mar H\n"),
      ("Turkey", "F Ank H\nA Con H\nA Smy - Arm\n"),
      ("Russia", "F Sev trafo A\nA Mos H\nA War H\nF Stp/sc H\n"),
    ])
    .accepted();
  let results = results_of(&mail, "S1901M");
  assert!(results.body.contains("France: Fleet Brest TRANSFORM TO Army."), "{}", results.body);
  assert!(results.body.contains("Russia: Fleet Sevastopol TRANSFORM TO Army."), "{}", results.body);
  assert!(results.body.contains("Turkey: Army Smyrna -> Armenia."), "{}", results.body);
  let (units, _, _) = board(&table.listing(T));
  assert!(units.contains(&("France".to_string(), "Army Brest".to_string())), "{units:?}");
  assert!(units.contains(&("Russia".to_string(), "Army Sevastopol".to_string())), "{units:?}");

  // Refused: inland, and (Turkey's army in Armenia) off a home centre.
  table.send("Germany", T, "A Mun transforms to F\n");
  table.send("Turkey", T, "A Arm trafo F\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Germany");
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.body);
  assert!(
    reply.body.contains("Army Munich cannot become a fleet: Munich has no coast."),
    "{}",
    reply.body
  );
  let reply = table.reply(&mail, "Turkey");
  assert!(
    reply.body.contains("Army Armenia cannot transform there: this game allows it only on a home"),
    "{}",
    reply.body
  );

  // Fall: Russia's army in Sevastopol, attacked from Armenia while it
  // changes back, stays an army.
  let mail = table
    .turn(T)
    .orders(&[
      ("France", "A Bre H\nA Par H\nA Mar H\n"),
      ("Russia", "A Sev transforms to F\nA Mos H\nA War H\nF Stp/sc H\n"),
      ("Turkey", "F Ank H\nA Con H\nA Arm - Sev\n"),
    ])
    .accepted();
  let results = results_of(&mail, "F1901M");
  assert!(
    results.body.contains("Russia: Army Sevastopol TRANSFORM TO Fleet. (*attacked*)"),
    "{}",
    results.body
  );
  // Winter comes although nobody is due a build: BUILD transformations.
  let listing = table.listing(T);
  assert!(listing.contains("(F1901B)"), "{listing}");
  table.send("France", T, "Transform F Brest\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "France");
  assert!(reply.body.contains("Transform Army Brest to Fleet."), "{}", reply.body);
  assert!(!reply.subject.contains("[Error Flag]"), "{}", reply.body);
  // The phase waits for its deadline; the Master processes it.
  judge.send_at(T, MASTER, "process", "SIGN ON Mtm masterpw\nPROCESS\n");
  let mail = judge.take_mail();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.contains("Results"))
    .unwrap_or_else(|| panic!("no results: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Transforms the army in Brest into a fleet."), "{}", results.body);
  let (units, _, _) = board(&table.listing(T));
  assert!(units.contains(&("France".to_string(), "Fleet Brest".to_string())), "{units:?}");
}

#[test]
fn a_game_with_wings_turns_a_fleet_into_a_wing_that_flies_over_land() {
  let judge = Judge::with_config(FAST);
  let table =
    Table::start_with(&judge, "wg", START, "Standard Wings", "SET TRANSFORM MOVE:ANYWHERE\n");
  let mail = table
    .turn(T)
    .orders(&[("France", "F Brest transforms to Wing\nA Par H\nA Mar H\n")])
    .accepted();
  let results = results_of(&mail, "S1901M");
  assert!(results.body.contains("France: Fleet Brest TRANSFORM TO Wing."), "{}", results.body);
  let mail = table.turn(T).orders(&[("France", "W Bre - Gas\nA Par H\nA Mar H\n")]).accepted();
  let results = results_of(&mail, "F1901M");
  assert!(results.body.contains("France: Wing Brest -> Gascony."), "{}", results.body);
  let listing = table.listing(T);
  assert!(listing.contains("France:  Wing Gascony."), "{listing}");
  let summary = {
    judge.send_at(T, MASTER, "summary", "SUMMARY wg\n");
    judge.take_mail().into_iter().find(|m| m.to == MASTER).map(|m| m.body).unwrap_or_default()
  };
  assert!(summary.contains("Variant:  Standard, Wings."), "{summary}");
}
