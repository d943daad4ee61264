//! VASSAL_DUMMIES by mail: a Vassal game is created and played; France
//! takes Belgium's home, so Belgium becomes France's vassal and the
//! results and LIST say so; France's player then orders the Belgian unit
//! (listed as Belgium's in the results), and nobody else may.

use crate::judge_support;

use crate::game_support;

use game_support::{password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{Judge, Sent, NOW};

const LATER: &str = "2026-03-03T01:00:00Z";

/// The results of `phase` among `mail`.
fn results<'m>(mail: &'m [Sent], phase: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.subject.ends_with(&format!("{phase} Results")))
    .unwrap_or_else(|| panic!("no {phase} results in {:#?}", mail.iter().map(|m| &m.subject)))
}

#[test]
fn a_conquered_minor_power_becomes_a_vassal_its_conqueror_orders() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  for (power, _) in POWERS {
    register(&judge, NOW, &player(power));
  }
  judge.take_mail();
  judge.send_at(NOW, MASTER, "create", "CREATE ?vass masterpw Vassal\nBECOME MASTER\n");
  let refused = judge.take_mail();
  assert!(
    !refused.iter().any(|m| m.body.contains("VASSAL_DUMMIES")),
    "Vassal is no longer refused: {refused:#?}"
  );
  for (power, letter) in POWERS {
    let body = format!("SIGN ON ?vass {} Vassal\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(NOW, &player(power), "join", &body);
  }
  // Winter 1900 is the minor powers' builds only: the sweep processes it.
  judge.sweep_at(LATER);
  judge.take_mail();
  let table = Table { judge: &judge, game: "vass".to_string() };
  let list = table.listing(LATER);
  assert!(list.contains("Spring of 1901") || list.contains("S1901M"), "{list}");
  assert!(list.contains("Independent:") && list.contains("Belgium"), "{list}");

  table.turn(LATER).orders(&[("France", "A Par - Pic\nA Mar - Bur\nF Bre H\n")]).play();
  let mail =
    table.turn(LATER).orders(&[("France", "A Pic - Bel\nA Bur S A Pic - Bel\nF Bre H\n")]).play();
  let fall = &results(&mail, "F1901M").body;
  assert!(fall.contains("France:") && fall.contains("Belgium."), "{fall}");
  let vassals = fall.find("Vassals").expect("a vassal block");
  let block: String = fall[vassals..].lines().take(4).collect::<Vec<_>>().join("\n");
  assert!(block.contains("France:") && block.contains("Belgium."), "{block}");
  assert!(fall.lines().all(|l| l.len() < 78 && l.is_ascii()), "{fall}");

  // The French army leaves, and France's player builds for Belgium in
  // the Winter: the game waits for it.
  table.turn(LATER).orders(&[("France", "A Bel - Pic\nA Bur H\nF Bre H\n")]).play();
  let mail = table.turn(LATER).orders(&[("France", "A Pic H\nA Bur H\nF Bre H\n")]).play();
  assert!(!mail.iter().any(|m| m.subject.ends_with("F1902B Results")), "waits for France");
  table.send("France", LATER, "Build A Bel\n");
  let mail = judge.take_mail();
  let winter = &results(&mail, "F1902B").body;
  assert!(winter.contains("Belgium:") && winter.contains("Belgium"), "{winter}");
  let list = table.listing(LATER);
  assert!(
    list.lines().any(|l| l.starts_with("Belgium:") && l.ends_with("Army Belgium.")),
    "{list}"
  );
  let (kind, to) = ("A", "Ruhr");

  // Germany may not order France's vassal; France may.
  table.send("Germany", LATER, &format!("{kind} Bel H\n"));
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "Germany").body;
  assert!(reply.contains("Error"), "{reply}");
  table.send("France", LATER, &format!("{kind} Bel - {to}\n"));
  let mail = judge.take_mail();
  let reply = &table.reply(&mail, "France").body;
  assert!(reply.contains("Orders for Belgium"), "{reply}");
  let mail = table
    .turn(LATER)
    .orders(&[("France", &format!("A Pic H\nA Bur H\nF Bre H\n{kind} Bel - {to}\n"))])
    .play();
  let spring = &results(&mail, "S1903M").body;
  assert!(spring.contains(&format!("Belgium: Army Belgium -> {to}.")), "{spring}");
}
