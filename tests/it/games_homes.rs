//! Homes and build sites of the DPjudge maps in games played by mail: a
//! 1898 game (MOBILIZE) starts in the Winter of 1898 with no unit and no
//! centre owned; each power builds one unit on a home it chooses, owns
//! that centre, and the game goes on to the Spring of 1899.

use crate::judge_support;

use crate::game_support;

use game_support::{board, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{Judge, NOW};

#[test]
fn a_1898_game_mobilizes_in_the_first_winter_and_plays_on_to_spring_1899() {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  for (power, _) in POWERS {
    register(&judge, NOW, &player(power));
  }
  judge.take_mail();
  judge.send_at(NOW, MASTER, "create", "CREATE ?mob masterpw 1898\nBECOME MASTER\n");
  let created = judge.take_mail();
  assert!(
    !created.iter().any(|m| m.body.contains("cannot play")),
    "CREATE refused 1898: {created:#?}"
  );
  for (power, letter) in POWERS {
    let body = format!("SIGN ON ?mob {} 1898\nSET PREFERENCE {letter}\n", password(power));
    judge.send_at(NOW, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject.contains("Game Starting")),
    "the game did not start: {:#?}",
    mail.iter().map(|m| (&m.to, &m.subject)).collect::<Vec<_>>()
  );
  let table = Table { judge: &judge, game: "mob".to_string() };

  // Before any build nobody owns a centre, and nobody has a unit.
  let listing = table.listing(NOW);
  let (units, _, centres) = board(&listing);
  assert!(units.is_empty() && centres.is_empty(), "{listing}");

  table.send("England", NOW, "BUILD F Lon\n");
  let mail = judge.take_mail();
  let builds = [
    ("Austria", "BUILD A Vie\n"),
    ("France", "BUILD A Par\n"),
    ("Germany", "BUILD A Ber\n"),
    ("Italy", "BUILD A Rom\n"),
    ("Russia", "BUILD A Mos\n"),
  ];
  assert!(!mail.iter().any(|m| m.subject.contains("Results")), "processed too early");
  for (power, order) in builds {
    table.send(power, NOW, order);
  }
  judge.take_mail();
  // Turkey may not build on another power's home.
  table.send("Turkey", NOW, "BUILD A Sev\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Turkey");
  assert!(reply.body.contains("not a home supply centre"), "{}", reply.body);
  table.send("Turkey", NOW, "BUILD F Ank\n");
  let mail = judge.take_mail();
  assert!(
    mail.iter().any(|m| m.subject.contains("Results")),
    "the builds were not processed: {:#?}",
    mail.iter().map(|m| (&m.to, &m.subject)).collect::<Vec<_>>()
  );

  let listing = table.listing(NOW);
  assert!(listing.contains("1899"), "{listing}");
  let (units, _, centres) = board(&listing);
  let pair = |power: &str, what: &str| (power.to_string(), what.to_string());
  for (power, unit) in [
    ("Austria", "Army Vienna"),
    ("England", "Fleet London"),
    ("France", "Army Paris"),
    ("Germany", "Army Berlin"),
    ("Italy", "Army Rome"),
    ("Russia", "Army Moscow"),
    ("Turkey", "Fleet Ankara"),
  ] {
    assert!(units.contains(&pair(power, unit)), "{power} {unit}: {listing}");
  }
  assert_eq!(units.len(), 7, "{listing}");
  assert_eq!(centres.len(), 7, "one centre each: {listing}");
  assert!(centres.contains(&pair("Austria", "Vienna")), "{listing}");
  assert!(centres.contains(&pair("Turkey", "Ankara")), "{listing}");

  // Spring 1899 is a movement phase the players order in.
  table.send("Austria", NOW, "A Vie - Bud\n");
  let mail = judge.take_mail();
  let reply = table.reply(&mail, "Austria");
  assert!(!reply.body.contains("no builds"), "{}", reply.body);
}
