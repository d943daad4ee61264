//! Payola games by mail (issue 27): a game created `Standard Payola`
//! played for two years, every mail checked: offer sheets and their replies,
//! a refused line leaving the sheet as it was, SET ACCEPT, TRANSFER (and
//! one refused), a unit bought by another power, the ledgers (each power
//! its own, the Masters all with the chart, nobody else, nothing in
//! HISTORY), the year's income, builds as usual, and LIST showing each
//! player its treasury; then the rules: eBayola with PUBLIC TOTALS, the
//! rules a Payola game refuses, Payola's rules refused in other games,
//! GET info.payola, Ambition's directives, and Blind Payola.

use crate::game_support::{holds, mail_ending, player, Table, FAST, MASTER, POWERS};
use crate::judge_support::{subjects, Judge, Says, Sent};

const GAME: &str = "pay";
const OBSERVER: &str = "watcher@players.test";
const START: &str = "2026-03-02T10:00:00Z";
const S1901: &str = "2026-03-02T11:00:00Z";
const F1901: &str = "2026-03-02T12:00:00Z";
const W1901: &str = "2026-03-02T13:00:00Z";
const S1902: &str = "2026-03-02T14:00:00Z";
const F1902: &str = "2026-03-02T15:00:00Z";

/// Registers everyone and starts game [`GAME`] as Payola; an observer
/// watches.
fn start<'j>(judge: &'j Judge, options: &str, settings: &str) -> Table<'j> {
  Table::start_watched(judge, GAME, options, settings, OBSERVER)
}

/// Every mail about the game starts with its `::` header, naming the game
/// type.
fn check_headers(mail: &[Sent]) {
  crate::game_support::assert_headers(
    mail,
    ":: Judge: XXXX  Game: Pay  Variant: Standard Payola\n",
  );
}

/// The money mail of a processing (`what`: `Ledger`, `Income`): each
/// player gets its own and no other's, the observer none; returns the
/// bodies by power.
fn check_private(mail: &[Sent], phase: &str, what: &str) -> Vec<(String, String)> {
  let subject = format!("{GAME} - {phase} {what}");
  let sent: Vec<&Sent> = mail.iter().filter(|m| m.subject.ends_with(&subject)).collect();
  assert!(!sent.iter().any(|m| m.to == OBSERVER || m.to == MASTER), "{phase} {what}: {sent:#?}");
  let mut bodies = Vec::new();
  for (power, _) in POWERS {
    let own: Vec<&&Sent> = sent.iter().filter(|m| m.to == player(power)).collect();
    assert_eq!(own.len(), 1, "{power}'s {what} for {phase}: {:#?}", subjects(mail));
    let body = &own[0].body;
    assert!(body.contains(&format!("of {power} for")), "{body}");
    for (other, _) in POWERS.iter().filter(|(p, _)| *p != power) {
      assert!(!body.contains(&format!("of {other} for")), "{power} sees {other}'s:\n{body}");
    }
    bodies.push((power.to_string(), body.clone()));
  }
  bodies
}

fn body_of<'b>(bodies: &'b [(String, String)], power: &str) -> &'b str {
  &bodies.iter().find(|(p, _)| p == power).expect("a power's mail").1
}

#[test]
fn a_payola_game_plays_two_years_by_mail() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Payola", "");

  // An offer sheet: bribes, a plain order (0 AgP), an acceptance list.
  table.send("France", S1901, "SET ACCEPT FG?\n5 : A Par - Bur\n3 : A Mar - Spa\nF Bre - Mao\n");
  let mail = judge.take_mail();
  check_headers(&mail);
  let reply = &table.reply(&mail, "France").body;
  for line in [
    "Your acceptance list is now FG?.",
    "Offered: 5 : A Par - Bur",
    "Offered: 0 : F Bre - Mao",
    "Your offer sheet now has 3 lines.",
    "Treasury of France: 48 AgP; acceptance list FG?.",
  ] {
    assert!(reply.contains(line), "{line}:\n{reply}");
  }

  // A refused line changes nothing: not the sheet, not the error-free
  // lines of the same message.
  table.send("Italy", S1901, "F Nap H\n5 : A Par - Lon\n");
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "Italy");
  assert!(reply.subject.contains("[Error Flag]"), "{}\n{}", reply.subject, reply.body);
  assert!(reply.body.contains("This line was not put on your offer sheet."), "{}", reply.body);
  assert!(
    reply.body.says("Your offer sheet was not changed: 1 line was refused"),
    "{}",
    reply.body
  );
  assert!(reply.body.contains("No offer sheet sent for this phase."), "{}", reply.body);
  assert!(!mail.iter().any(|m| m.subject.ends_with("Results")), "processed early");

  // Money given at once, and money one does not have.
  table.send("England", S1901, "TRANSFER 10 TO France\nTRANSFER 500 TO Germany\n");
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "England").body;
  assert!(reply.contains("10 AgP transferred to France."), "{reply}");
  assert!(
    reply.says("You have only 38 AgP: you cannot give 500. Nothing was transferred."),
    "{reply}"
  );
  assert!(reply.contains("Treasury of England: 38 AgP"), "{reply}");

  // Germany buys the French army in Paris a hold: 6 against France's 5.
  table.send("Germany", S1901, "4 : A Mun - Bur\n6 : A Par H\nF Kie H\nA Ber H\n");
  judge.take_mail();
  for (power, _) in POWERS.iter().filter(|(p, _)| !matches!(*p, "France" | "Germany")) {
    table.send(power, S1901, holds(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = &mail_ending(&mail, OBSERVER, "S1901M Results").body;
  for line in [
    "France: Army Paris HOLD.",
    "France: Army Marseilles -> Spain.",
    "France: Fleet Brest -> Mid-Atlantic Ocean.",
    "Germany: Army Munich -> Burgundy.",
  ] {
    assert!(results.contains(line), "{line}:\n{results}");
  }
  // The results tell nobody about money.
  assert!(!results.contains("AgP"), "{results}");
  let ledgers = check_private(&mail, "S1901M", "Ledger");
  let french = body_of(&ledgers, "France");
  for line in [
    "     6* Army Paris HOLD.",
    "     3  Army Marseilles -> Spain.",
    "Transfer of 10 AgP from England.",
    "Balance before the turn:     58 AgP",
    "Spent on bribes:              3 AgP",
    "Balance now:                 55 AgP",
  ] {
    assert!(french.contains(line), "{line}:\n{french}");
  }
  let german = body_of(&ledgers, "Germany");
  for line in [
    "     6  Army Paris HOLD.",
    "Spent on bribes:             10 AgP",
    "Balance now:                 38 AgP",
  ] {
    assert!(german.contains(line), "{line}:\n{german}");
  }
  // The Masters get every ledger, with the chart of who paid what.
  let all = &mail_ending(&mail, MASTER, "S1901M Ledgers").body;
  assert!(all.contains("     6 Army Paris HOLD.  [G 6]"), "{all}");
  for (power, _) in POWERS {
    assert!(all.contains(&format!("Ledger of {power} for")), "{power}:\n{all}");
  }
  // HISTORY, which anyone may read, holds no money.
  judge.send_at(F1901, OBSERVER, "history", &format!("HISTORY {GAME}\n"));
  let history = judge.take_mail();
  let history = &history.iter().find(|m| m.to == OBSERVER).expect("history").body;
  assert!(history.contains("Army Munich -> Burgundy"), "{history}");
  assert!(!history.contains("AgP") && !history.contains("Ledger"), "{history}");

  // Fall: France pays Germany's army in Burgundy 1 AgP to hold, against
  // Germany's own 0 AgP order to take the empty Marseilles.
  let mail = table
    .turn(F1901)
    .orders(&[("France", "1 : A Bur H\nA Par H\nA Spa H\nF Mid H\n"), ("Germany", "A Bur - Mar\n")])
    .processed();
  check_headers(&mail);
  let results = &mail_ending(&mail, OBSERVER, "F1901M Results").body;
  assert!(results.contains("Germany: Army Burgundy HOLD."), "{results}");
  let ledgers = check_private(&mail, "F1901M", "Ledger");
  let german = body_of(&ledgers, "Germany");
  assert!(german.contains("     1* Army Burgundy HOLD."), "{german}");
  // The year's end: income for the centres held.
  let income = check_private(&mail, "F1901M", "Income");
  let french = body_of(&income, "France");
  for line in [
    "Balance brought forward:     54 AgP",
    "Income from 4 centres:       62 AgP",
    "New balance:                116 AgP",
  ] {
    assert!(french.contains(line), "{line}:\n{french}");
  }
  assert!(body_of(&income, "Russia").contains("New balance:                124 AgP"));
  assert!(body_of(&income, "Germany").contains("New balance:                 86 AgP"));

  // Winter: builds as usual, without money.
  let mail = table.turn(W1901).orders(&[("France", "Build A Mar\n")]).only_given().play();
  check_headers(&mail);
  let results = &mail_ending(&mail, OBSERVER, "F1901B Results").body;
  assert!(results.says("France: Builds an army in Marseilles."), "{results}");
  assert!(!mail.iter().any(|m| m.subject.contains("Ledger")), "no ledgers in winter");

  // LIST: each player its own treasury, the Master everyone's, the
  // observer nobody's.
  table.send("France", S1902, &format!("LIST {GAME}\n"));
  judge.send_at(S1902, OBSERVER, "list", &format!("SIGN ON O{GAME} watchpw\nLIST {GAME}\n"));
  let mail = judge.take_mail();
  let own = &table.reply(&mail, "France").body;
  assert!(own.contains("Treasury of France: 116 AgP; acceptance list FG?."), "{own}");
  assert!(!own.contains("Treasury of Germany"), "{own}");
  assert!(own.contains("Payola"), "the game type is listed:\n{own}");
  let outside = &mail.iter().find(|m| m.to == OBSERVER).expect("the observer's LIST").body;
  assert!(!outside.contains("Treasury"), "{outside}");
  judge.send_at(S1902, MASTER, "list", &format!("SIGN ON M{GAME} masterpw\nLIST {GAME}\n"));
  let mail = judge.take_mail();
  let master = &mail.iter().find(|m| m.to == MASTER).expect("the Master's LIST").body;
  assert!(master.contains("Treasury of Germany: 86 AgP"), "{master}");
  assert!(master.contains("Treasury of France: 116 AgP"), "{master}");

  // The second year: Germany's money takes the French army in Spain to
  // Portugal, which France's own 0 AgP hold cannot stop; the year's end
  // pays each power again.
  let france = "A Par H\nA Spa H\nF Mid H\nA Mar H\n";
  let germany = "A Bur H\nA Ber H\nF Kie H\n";
  let mail = table
    .turn(S1902)
    .orders(&[("France", france), ("Germany", &format!("{germany}2 : A Spa - Por\n"))])
    .processed();
  check_headers(&mail);
  let results = &mail_ending(&mail, OBSERVER, "S1902M Results").body;
  assert!(results.contains("France: Army Spain -> Portugal."), "{results}");
  let ledgers = check_private(&mail, "S1902M", "Ledger");
  assert!(body_of(&ledgers, "France").contains("     2* Army Spain -> Portugal."));
  assert!(body_of(&ledgers, "Germany").contains("Balance now:                 84 AgP"));
  let france = "A Par H\nA Por H\nF Mid H\nA Mar H\n";
  let mail = table.turn(F1902).orders(&[("France", france), ("Germany", germany)]).processed();
  check_headers(&mail);
  let income = check_private(&mail, "F1902M", "Income");
  // France holds Portugal now too: five centres bring 17+16+15+14+13.
  let french = body_of(&income, "France");
  assert!(french.contains("Income from 5 centres:       75 AgP"), "{french}");
  assert!(french.contains("New balance:                191 AgP"), "{french}");
  assert!(body_of(&income, "Germany").contains("New balance:                132 AgP"));
  let all = &mail_ending(&mail, MASTER, "F1902M Incomes").body;
  assert!(all.contains("Income of France for 1902.") && all.contains("Income of Turkey"), "{all}");
}

#[test]
fn ebayola_charges_one_more_than_the_best_losing_bribe_and_totals_are_published() {
  let judge = Judge::with_config(FAST);
  let table = start(&judge, "Standard Payola", "SET EBAYOLA\nSET PUBLIC TOTALS\n");
  // The note's eBayola example: England 6 and Germany 8 for Paris to
  // Burgundy, against France's 10 to hold; the price is 11, and the 3
  // saved goes to England first (France lists England before Germany).
  table.send("France", S1901, "SET ACCEPT FEG?\n10 : A Par H\nA Mar H\nF Bre H\n");
  table.send("England", S1901, "6 : A Par - Bur\nF Lon H\nF Edi H\nA Lvp H\n");
  table.send("Germany", S1901, "8 : A Par - Bur\nA Mun H\nF Kie H\nA Ber H\n");
  judge.take_mail();
  for (power, _) in POWERS.iter().filter(|(p, _)| !matches!(*p, "France" | "England" | "Germany")) {
    table.send(power, S1901, holds(power));
  }
  let mail = judge.take_mail();
  check_headers(&mail);
  let results = &mail_ending(&mail, OBSERVER, "S1901M Results").body;
  assert!(results.contains("France: Army Paris -> Burgundy."), "{results}");
  let ledgers = check_private(&mail, "S1901M", "Ledger");
  assert!(body_of(&ledgers, "England").contains("Spent on bribes:              3 AgP"));
  assert!(body_of(&ledgers, "Germany").contains("Spent on bribes:              8 AgP"));
  assert!(body_of(&ledgers, "France").contains("Spent on bribes:              0 AgP"));
  // PUBLIC TOTALS: every candidate's total (the winner's at its price),
  // for everyone.
  let totals = &mail_ending(&mail, OBSERVER, "S1901M Bribe Totals").body;
  assert!(totals.contains("    11 : Army Paris -> Burgundy."), "{totals}");
  assert!(totals.contains("    10 : Army Paris HOLD."), "{totals}");
  assert!(!totals.contains("England") && !totals.contains("Germany:"), "no payers: {totals}");
  // When the game ends, every turn's bribes are published, payers named.
  judge.send_at(F1901, MASTER, "end", &format!("SIGN ON M{GAME} masterpw\nTERMINATE\n"));
  let mail = judge.take_mail();
  let bribes = &mail_ending(&mail, OBSERVER, "Payola Bribes").body;
  assert!(bribes.contains("Bribes of S1901M:"), "{bribes}");
  assert!(bribes.contains("    11 Army Paris -> Burgundy.  [E 3, G 8]"), "{bribes}");
}

#[test]
fn payola_rules_belong_to_payola_games_and_payola_refuses_proxies() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  judge.take_mail();
  // Payola's rules are refused in a plain game, with the reason.
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?plain masterpw\nBECOME MASTER\nSET EBAYOLA\nSET RULE ZEROSUM\n",
  );
  let mail = judge.take_mail();
  let reply = &mail.iter().find(|m| m.to == MASTER).expect("a reply").body;
  assert!(reply.says("EBAYOLA is a rule of Payola games, and this game is not one."), "{reply}");
  assert!(reply.says("ZEROSUM is a rule of Payola games, and this game is not one."), "{reply}");
  // A Payola game takes them, and refuses proxies and unchecked orders.
  judge.send_at(
    START,
    MASTER,
    "create",
    "CREATE ?pay masterpw Payola\nBECOME MASTER\nSET LIMIT OFFERS\nSET RULE PROXY_OK\nSET NO CHECK\n",
  );
  let mail = judge.take_mail();
  let reply = &mail.iter().find(|m| m.to == MASTER).expect("a reply").body;
  assert!(!reply.says("LIMIT_OFFERS is a rule of Payola games"), "{reply}");
  assert!(reply.says("Payola games are never played with PROXY_OK."), "{reply}");
  assert!(reply.says("Payola games are never played with NO_CHECK."), "{reply}");
  judge.send_at(START, MASTER, "rule", "SIGN ON Mpay masterpw\nSET RULE RESTRICT_SIGNAL\n");
  let reply = judge.reply_to(MASTER).body;
  assert!(reply.says("Payola games are never played with RESTRICT_SIGNAL."), "{reply}");
  judge.send_at(START, MASTER, "list", "LIST pay\n");
  let mail = judge.take_mail();
  let list = &mail.iter().find(|m| m.to == MASTER).expect("LIST").body;
  assert!(list.contains("LIMIT_OFFERS") && list.contains("DIRECT_ONLY"), "{list}");
  assert!(list.contains("Payola"), "{list}");
  // The help.
  judge.send_at(START, MASTER, "get", "GET info.payola\n");
  let mail = judge.take_mail();
  let help = &mail
    .iter()
    .find(|m| m.to == MASTER && m.body.contains("Offer sheets."))
    .unwrap_or_else(|| panic!("no info.payola: {:#?}", subjects(&mail)))
    .body;
  assert!(help.contains("SET ACCEPT FE?") && help.contains("TRANSFER 10 TO France"), "{help}");
}

/// Ambition's ten great powers and their holding orders.
const AMBITION: [(&str, char, &str); 10] = [
  ("Austria", 'A', "A Vie H\nA Bud H\nA Mil H\nA Ane H\n"),
  ("Britain", 'B', "F Lon H\nF Edi H\nA Han H\nF Gib H\n"),
  ("Denmark", 'D', "F Cop H\nF Chr H\n"),
  ("France", 'F', "A Par H\nA Mar H\nF Bre H\n"),
  ("Prussia", 'P', "A Ber H\nA Brl H\nA Kon H\n"),
  ("Russia", 'R', "A Mos H\nA Kiv H\nF Stp H\n"),
  ("Saxony", 'X', "A Dre H\nA War H\n"),
  ("Spain", 'S', "A Mad H\nF Brc H\n"),
  ("Sweden", 'W', "F Sto H\nA Abo H\n"),
  ("Turkey", 'T', "A Ank H\nF Con H\n"),
];

/// Ambition played as Payola brings the map's Payola directives: its
/// rules (PAY_DUMMIES, LIMIT_OFFERS, NO_LEDGERS among them), a tax of 1
/// per centre and a cap of 3. Only the minor states' units take bribes.
#[test]
fn ambition_as_payola_plays_with_its_directives() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, MASTER);
  for (power, ..) in AMBITION {
    crate::game_support::register(&judge, START, &player(power));
  }
  judge.send_at(START, MASTER, "create", "CREATE ?amb masterpw Ambition Payola\nBECOME MASTER\n");
  for (power, initial, _) in AMBITION {
    let body = format!(
      "SIGN ON ?amb pw{} Ambition Payola\nSET PREFERENCE {initial}\n",
      power.to_lowercase()
    );
    judge.send_at(START, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject.ends_with("amb - S1763M Game Starting")),
    "{:#?}",
    subjects(&mail)
  );
  let send = |power: &str, lines: &str| {
    let initial = AMBITION.iter().find(|(p, ..)| *p == power).expect("a power").1;
    let body = format!("SIGN ON {initial}amb pw{}\n{lines}", power.to_lowercase());
    judge.send_at(S1901, &player(power), "orders", &body);
    let mail = judge.take_mail();
    (mail.iter().find(|m| m.to == player(power)).expect("a reply").body.clone(), mail)
  };
  // Three centres bring 3 AgP (the cap); Denmark's two bring 2.
  let (reply, _) = send("France", "LIST amb\n");
  assert!(reply.contains("Treasury of France: 3 AgP"), "{reply}");
  assert!(reply.contains("PAY_DUMMIES") && reply.contains("LIMIT_OFFERS"), "{reply}");
  let (reply, _) = send("Denmark", "LIST amb\n");
  assert!(reply.contains("Treasury of Denmark: 2 AgP"), "{reply}");
  // PAY_DUMMIES: no bribe to a played power's unit, nor above 0 to one's
  // own; LIMIT_OFFERS: no more than the treasury.
  let (reply, _) = send("France", "1 : A Vie H\n");
  assert!(reply.contains("This line was not put on your offer sheet."), "{reply}");
  let (reply, _) = send("France", "2 : A Par H\n");
  assert!(reply.contains("This line was not put on your offer sheet."), "{reply}");
  let (reply, _) = send("France", "4 : A Bav H\n");
  assert!(reply.contains("This line was not put on your offer sheet."), "{reply}");
  // France pays the Catholic army in Bavaria 1 AgP to hold.
  let orders = AMBITION.iter().find(|(p, ..)| *p == "France").expect("France").2;
  let (reply, _) = send("France", &format!("{orders}1 : A Bav H\n"));
  assert!(reply.contains("Your offer sheet now has 4 lines."), "{reply}");
  let mut last = Vec::new();
  for (power, _, orders) in AMBITION.iter().filter(|(p, ..)| *p != "France") {
    last = send(power, orders).1;
  }
  assert!(
    last.iter().any(|m| m.subject.ends_with("amb - S1763M Results")),
    "{:#?}",
    subjects(&last)
  );
  // NO_LEDGERS: no ledger to anyone, but the Masters' chart.
  assert!(!last.iter().any(|m| m.subject.ends_with(" Ledger")), "{:#?}", subjects(&last));
  let chart = &mail_ending(&last, MASTER, "S1763M Ledgers").body;
  assert!(chart.contains("     1 Army Bavaria HOLD.  [F 1]"), "{chart}");
  // Ambition's income phase before each movement phase: NO_HOARDING
  // takes France's 2 AgP left, and its three centres bring 3 again.
  let (reply, _) = send("France", "LIST amb\n");
  assert!(reply.contains("F1763M"), "{reply}");
  assert!(reply.contains("Treasury of France: 3 AgP"), "{reply}");
}

/// Blind Payola (the DPjudge's Tin Cup): an offer to a unit the briber
/// cannot see is taken as written, whether the unit is there or not (an
/// offer to a unit that is not there is ignored, and costs nothing), its
/// type must be written, never for 0 AgP; the ledger names the unit
/// bought and its owner, not what it did.
#[test]
fn blind_payola_takes_offers_to_unseen_units_and_hides_what_they_bought() {
  let judge = Judge::with_config(FAST);
  crate::game_support::register(&judge, START, OBSERVER);
  let table = Table::start_with(&judge, GAME, START, "Standard Blind Payola", "");
  judge.take_mail();
  // Munich holds a German army, Kiel a German fleet: France cannot tell.
  table.send("France", S1901, "3 : A Mun - Ruh\n2 : A Kie H\nA Par H\nA Mar H\nF Bre H\n");
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "France").body;
  assert!(reply.contains("Offered: 3 : A Mun - Ruh"), "{reply}");
  assert!(reply.contains("Offered: 2 : A Kie H"), "the same answer: {reply}");
  assert!(reply.contains("Your offer sheet now has 5 lines."), "{reply}");
  table.send("France", S1901, "0 : A Mun H\n");
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.says("no offer of 0 AgP may go to a unit that is not yours"), "{reply}");
  table.send("France", S1901, "3 : Mun H\n");
  let reply = table.reply(&judge.take_mail(), "France").body.clone();
  assert!(reply.says("names the unit's type"), "{reply}");
  for (power, _) in POWERS.iter().filter(|(p, _)| *p != "France") {
    table.send(power, S1901, holds(power));
  }
  let mail = judge.take_mail();
  let results = &mail_ending(&mail, MASTER, "S1901M Blind Results").body;
  assert!(results.contains("Germany: Army Munich -> Ruhr."), "{results}");
  let ledgers = check_private(&mail, "S1901M", "Ledger");
  let french = body_of(&ledgers, "France");
  assert!(french.contains("     3  A Mun (German)"), "{french}");
  assert!(!french.contains("Ruhr"), "what the army did is not told: {french}");
  assert!(!french.contains("Kie (German)"), "nothing paid for a fleet not bought: {french}");
  assert!(french.contains("Spent on bribes:              3 AgP"), "{french}");
}
