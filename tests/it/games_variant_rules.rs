//! Optional rules played by mail (manual §9.1): a dislodged unit under
//! AUTO DISBAND, and the same attack without it, where the unit retreats;
//! and DPjudge rules set by SET RULE (PORTAGE_CONVOY).

use crate::game_support;
use crate::judge_support;

use game_support::{Table, FAST, MASTER};
use judge_support::{subjects, Judge, Sent};

use crate::game_support::START;
const T: &str = "2026-03-03T12:00:00Z";

/// Italy and Russia take Vienna from Austria in 1901; returns the Fall
/// results as the Master reads them.
fn italy_and_russia_take_vienna(table: &Table) -> String {
  table
    .turn(T)
    .orders(&[
      ("Italy", "A Ven-Tyr\nA Rom-Ven\nF Nap H\n"),
      ("Russia", "A War-Gal\nA Mos H\nF Sev H\nF Stp/sc H\n"),
    ])
    .play();
  let mail = table
    .turn(T)
    .orders(&[
      ("Italy", "A Tyr-Vie\nA Ven H\nF Nap H\n"),
      ("Russia", "A Gal S A Tyr-Vie\nA Mos H\nF Sev H\nF Stp/sc H\n"),
    ])
    .play();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"))
    .unwrap_or_else(|| panic!("no Fall results: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Army Tyrolia -> Vienna."), "{}", results.body);
  results.body.clone()
}

#[test]
fn under_auto_disband_a_dislodged_unit_is_gone_and_no_retreat_phase_follows() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "ad", START, "", "SET AUTO DISBAND\n");
  let results = italy_and_russia_take_vienna(&table);
  assert!(results.contains("The Austrian Army in Vienna was disbanded."), "{results}");
  let listing = table.listing(T);
  assert!(listing.contains("(F1901B)"), "straight to the adjustments:\n{listing}");
  assert!(!listing.contains("Austria: Army Vienna."), "{listing}");
}

#[test]
fn without_auto_disband_the_dislodged_unit_retreats() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "rt", START, "", "");
  let results = italy_and_russia_take_vienna(&table);
  assert!(!results.contains("was disbanded"), "{results}");
  let listing = table.listing(T);
  assert!(listing.contains("(F1901R)"), "Austria must retreat:\n{listing}");
}

/// Austria's fleet in Trieste carries Italy's army from Venice to Albania:
/// only with COASTAL CONVOYS may a fleet on a coast convoy.
fn convoy_through_trieste(table: &Table) -> (Sent, Sent) {
  let mail = table
    .turn(T)
    .orders(&[
      ("Italy", "A Ven-Alb\nA Rom H\nF Nap H\n"),
      ("Austria", "F Tri C A Ven-Alb\nA Vie H\nA Bud H\n"),
    ])
    .play();
  let italy = table.reply(&mail, "Italy").clone();
  let austria = table.reply(&mail, "Austria").clone();
  (italy, austria)
}

#[test]
fn coastal_convoys_let_a_fleet_on_a_coast_carry_an_army() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "cc", START, "", "SET COASTAL CONVOYS\n");
  let (italy, austria) = convoy_through_trieste(&table);
  assert!(italy.body.contains("Accepted"), "{}", italy.body);
  assert!(austria.body.contains("Accepted: Fleet Trieste CONVOY"), "{}", austria.body);
  let listing = table.listing(T);
  assert!(listing.contains("Italy:   Army Albania."), "{listing}");

  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nc", START, "", "");
  let (_, austria) = convoy_through_trieste(&table);
  // njudge takes the order (manual §6.2), but without COASTAL CONVOYS a
  // fleet on a coast carries nobody: the convoy is void, the army stays.
  assert!(austria.body.contains("Accepted: Fleet Trieste CONVOY"), "{}", austria.body);
  assert!(!table.listing(T).contains("Army Albania."));
}

#[test]
fn a_unit_proxied_by_its_owner_moves_by_the_other_powers_order() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "px", START, "", "SET PROXY\n");
  table.send("Germany", T, "A Vie-Gal\nA Bud-Rum\n");
  let reply = table.reply(&judge.take_mail(), "Germany").clone();
  assert!(reply.body.contains("Accepted: Army Vienna -> Galicia."), "{}", reply.body);
  table
    .turn(T)
    .orders(&[
      ("Austria", "A Vie P Germany\nA Bud H\nF Tri H\n"),
      ("Germany", "A Vie-Gal\nA Bud-Rum\nA Mun H\nA Ber H\nF Kie H\n"),
    ])
    .play();
  let listing = table.listing(T);
  assert!(listing.contains("Austria: Army Galicia."), "proxied to Germany:\n{listing}");
  assert!(listing.contains("Austria: Army Budapest."), "not proxied, so it held:\n{listing}");
}

#[test]
fn set_duality_makes_constantinople_a_port_for_the_game() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "du", START, "", "SET DUALITY\n");
  assert!(table.listing(T).contains("Duality:        on"), "{}", table.listing(T));
  // Turkey's army walks to Bulgaria, then crosses by Constantinople.
  table.turn(T).orders(&[("Turkey", "A Con - Bul\nF Ank - Con\nA Smy H\n")]).accepted();
  let mail =
    table.turn(T).orders(&[("Turkey", "F Con C A Bul - Ank\nA Bul - Ank\nA Smy H\n")]).accepted();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"))
    .unwrap_or_else(|| panic!("no results: {:#?}", subjects(&mail)));
  assert!(results.body.contains("Turkey: Army Bulgaria -> Ankara."), "{}", results.body);
  assert!(!results.body.contains("Army Bulgaria -> Ankara. (*"), "{}", results.body);

  // Without it no convoy can take the army there.
  let plain = Table::start_with(&judge, "nd", START, "", "");
  plain.turn(T).orders(&[("Turkey", "A Con - Bul\nF Ank - Con\nA Smy H\n")]).accepted();
  plain.send("Turkey", T, "F Con C A Bul - Ank\nA Bul - Ank\n");
  let mail = judge.take_mail();
  let reply = plain.reply(&mail, "Turkey");
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.body);
  assert!(reply.body.contains("Army Bulgaria cannot reach Ankara"), "{}", reply.body);
  // A map without dual provinces refuses the command.
  judge.send_at(T, MASTER, "create", "CREATE ?dm masterpw Chaos\nBECOME MASTER\nSET DUALITY\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == MASTER).map(|m| m.body.clone()).unwrap_or_default();
  assert!(reply.contains("has no provinces that are land and water at once"), "{reply}");
}

/// SIGNAL_SUPPORT: a support the unit cannot give is taken as a signal
/// (without the rule it is refused), printed as given, and void.
#[test]
fn signal_support_takes_a_support_out_of_reach_and_the_results_show_it_void() {
  let judge = Judge::with_config(FAST);
  let plain = Table::start_with(&judge, "ns", START, "", "");
  plain.send("Germany", T, "A Mun S A War - Mos\n");
  let mail = judge.take_mail();
  let reply = plain.reply(&mail, "Germany");
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.body);

  let table = Table::start_with(&judge, "sg", START, "", "SET RULE SIGNAL_SUPPORT\n");
  let mail = table
    .turn(T)
    .orders(&[
      ("Germany", "A Mun S A War - Mos\nA Ber H\nF Kie H\n"),
      ("Russia", "A War - Ukr\nA Mos - Sev\nF Sev - Rum\nF Stp/sc H\n"),
    ])
    .accepted();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with("S1901M Results"))
    .unwrap_or_else(|| panic!("no results: {:#?}", subjects(&mail)));
  let line = results
    .body
    .lines()
    .find(|l| l.starts_with("Germany: Army Munich SUPPORT"))
    .unwrap_or_else(|| panic!("{}", results.body));
  assert!(line.contains("Warsaw -> Moscow") && line.ends_with("(*void*)"), "{line}");
  assert!(results.body.contains("Russia: Army Warsaw -> Ukraine."), "{}", results.body);
}

/// NO_CHECK (the DPjudge's face-to-face entry): orders are read for their
/// words only and kept as written; when the phase is processed an order
/// that does not stand is printed `(*invalid*)` and its unit holds, and a
/// unit given two different orders in one message holds, each printed
/// `(*reorder*)`. A later message's order replaces the earlier one.
#[test]
fn no_check_keeps_orders_as_written_and_the_results_show_what_did_not_stand() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "nk", START, "", "SET RULE NO_CHECK\n");
  // The Urk check: a name that is on no map is still refused at once.
  table.send("France", T, "A Par - Urk\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(reply.subject.contains("[Error Flag]"), "{}", reply.body);
  assert!(reply.body.contains("'Urk' is not a province"), "{}", reply.body);
  // Out of reach, yet taken: nothing is said of the board.
  table.send("France", T, "A Par - Mun\nA Mar - Bur\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(!reply.subject.contains("[Error Flag]"), "{}", reply.body);
  assert!(
    reply.body.contains("A Par - Mun (checked when the phase is processed)"),
    "{}",
    reply.body
  );
  // A support may not name a coast.
  table.send("France", T, "F Bre S F Mar - Spa/sc\n");
  let reply = table.reply(&judge.take_mail(), "France").clone();
  assert!(reply.body.contains("a support names no coast"), "{}", reply.body);
  let mail = table
    .turn(T)
    .orders(&[
      // Marseilles' order replaces the earlier message's.
      ("France", "A Mar - Spa\nF Bre - Mid\n"),
      ("Germany", "A Mun - Ruh\nA Mun - Bur\nA Ber - Kie\nF Kie - Den\n"),
    ])
    .accepted();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with("S1901M Results"))
    .unwrap_or_else(|| panic!("no results: {:#?}", subjects(&mail)));
  let body = &results.body;
  assert!(body.contains("France: A Par - Mun. (*invalid*)"), "{body}");
  assert!(body.contains("France: Army Marseilles -> Spain."), "{body}");
  assert!(!body.contains("Burgundy. (*"), "replaced, not carried: {body}");
  assert!(body.contains("Germany: A Mun - Ruh. (*reorder*)"), "{body}");
  assert!(body.contains("Germany: A Mun - Bur. (*reorder*)"), "{body}");
  let listing = table.listing(T);
  assert!(listing.contains("Germany: Army Munich."), "Munich held:\n{listing}");
  assert!(listing.contains("France:  Army Paris."), "Paris held:\n{listing}");
  assert!(listing.contains("Germany: Army Kiel."), "{listing}");
}

/// England walks its army to Wales in Spring 1901; in Fall the army
/// carries the fleet in London overland to Liverpool. Returns the Fall
/// results as the Master reads them, or the reply to England's orders.
fn portage_to_liverpool(table: &Table, judge: &Judge) -> Result<String, String> {
  table.turn(T).orders(&[("England", "F Lon H\nF Edi H\nA Lvp-Wal\n")]).accepted();
  table.send("England", T, "F Lon-Wal-Lvp\nA Wal C F Lon-Lvp\nF Edi H\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "England");
  if reply.subject.contains("[Error Flag]") {
    return Err(reply.body.clone());
  }
  let mail =
    table.turn(T).orders(&[("England", "F Lon-Wal-Lvp\nA Wal C F Lon-Lvp\nF Edi H\n")]).accepted();
  let results = mail
    .iter()
    .find(|m| m.to == MASTER && m.subject.ends_with("F1901M Results"))
    .unwrap_or_else(|| panic!("no Fall results: {:#?}", subjects(&mail)));
  Ok(results.body.clone())
}

#[test]
fn under_portage_convoy_an_army_carries_a_fleet_overland() {
  let judge = Judge::with_config(FAST);
  let table = Table::start_with(&judge, "pc", START, "", "SET RULE PORTAGE_CONVOY\n");
  assert!(table.listing(T).contains("PORTAGE_CONVOY"), "{}", table.listing(T));
  let results = portage_to_liverpool(&table, &judge).unwrap_or_else(|e| panic!("refused: {e}"));
  assert!(results.contains("England: Fleet London -> Wales -> Liverpool."), "{results}");
  assert!(results.contains("England: Army Wales CONVOY Fleet London -> Liverpool."), "{results}");
  assert!(!results.contains("Fleet London -> Wales -> Liverpool. (*"), "{results}");
  assert!(table.listing(T).contains("England: Fleet Liverpool."), "{}", table.listing(T));

  // Without the rule the orders are refused, saying which rule is off.
  let plain = Table::start_with(&judge, "np", START, "", "");
  let refused = portage_to_liverpool(&plain, &judge).expect_err("no portage without the rule");
  assert!(refused.contains("cannot be carried overland by armies"), "{refused}");
  assert!(refused.contains("SET RULE PORTAGE_CONVOY"), "{refused}");
}
