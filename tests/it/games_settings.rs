//! The moderator's game settings of manual §8.3 and the access settings of
//! §8.4, by mail: each change told to the game as a `Parameter Change`
//! (naming the changer unless SET NO SHOW), shown in LIST, refused with no
//! change to non-moderators and for bad values; PROXY and STRICT CONVOY at
//! order entry; MANUAL PROCESS holding a due phase for the Master; MANUAL
//! START holding a full game; AUTO CREATE making the next game when a game
//! ends in a draw; and the allow and deny lists, ACCESS and LEVEL checked
//! at SIGN ON, OBSERVE and the takeover of an abandoned power.

use crate::judge_support;

use crate::game_support;

use game_support::{holds, password, player, register, Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Says, Sent};

use crate::game_support::START;
const LATER: &str = "2026-03-02T11:00:00Z";
const AFTER_DEADLINE: &str = "2026-03-06T12:00:00Z";

/// What the judge said under the echo of `line` (`> line`): the lines up
/// to the next blank line.
fn answer<'b>(body: &'b str, line: &str) -> &'b str {
  let echo = format!("\n> {line}\n");
  let start = body.find(&echo).unwrap_or_else(|| panic!("'{line}' is not echoed in:\n{body}"));
  let rest = &body[start + echo.len()..];
  &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

fn with_subject<'m>(mail: &'m [Sent], end: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.subject.ends_with(end)).collect()
}

/// The Master's message to the game, signed on first; returns all the mail.
fn as_master(judge: &Judge, game: &str, now: &str, lines: &str) -> Vec<Sent> {
  judge.send_at(now, MASTER, "settings", &format!("SIGN ON M{game} masterpw\n{lines}"));
  judge.take_mail()
}

fn reply_in<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {to}: {:#?}", subjects(mail)))
}

fn game_file(judge: &Judge, game: &str) -> Vec<u8> {
  std::fs::read(judge.data().join("games").join(game).join("game.json")).expect("the game file")
}

/// Registers `address` with a level and, optionally, a site.
fn register_as(judge: &Judge, address: &str, level: &str, site: Option<&str>) {
  let local = address.split('@').next().unwrap_or("x");
  let site = site.map(|s| format!("Site: {s}\n")).unwrap_or_default();
  let body = format!(
    "REGISTER\nName: {local} Tester\nAddress: 1 Test Road\nCountry: Testland\n\
     Email: {address}\nLevel: {level}\n{site}END\n"
  );
  judge.send_at(START, address, "register", &body);
}

#[test]
fn moderator_settings_are_told_to_the_game_shown_in_list_and_obeyed() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "set", START);

  // Proxy orders are refused until the game is SET PROXY; a player of a
  // moderated game may not change it.
  table.send("France", START, "A Par P Germany\n");
  let reply = judge.reply_to(&player("France"));
  assert!(reply.body.contains("Proxy orders are not allowed in this game"), "{}", reply.body);
  table.send("France", START, "SET PROXY\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "no Parameter Change: {:#?}", subjects(&mail));
  let said = answer(&mail[0].body, "SET PROXY");
  assert!(said.says("SET PROXY is for the Master") && said.says("Nothing was changed."), "{said}");

  // Several settings in one message: one Parameter Change to every player.
  let mail = as_master(
    &judge,
    "set",
    START,
    "SET COMMENT Friendly game, all welcome\nSET PROXY\nSET STRICT CONVOY\nSET NO RESUME\n\
     SET CD\nSET BN 1998A\nSET EP NUMBER 42\nSET MN 7\n",
  );
  let reply = reply_in(&mail, MASTER);
  assert!(
    answer(&reply.body, "SET COMMENT Friendly game, all welcome").says(
      "In game 'set', the game's comment in the game list is \"Friendly game, all welcome\"."
    ),
    "{}",
    reply.body
  );
  let notices = with_subject(&mail, "XXXX:set - S1901M Parameter Change");
  assert_eq!(notices.len(), 7, "each player, not the Master: {:#?}", subjects(&mail));
  let body = &notices[0].body;
  for line in [
    "master@players.test has changed settings of game 'set':",
    "- players may hand units' orders to another power (PROXY).",
    "- only a Master may RESUME the game.",
    "- the game's Boardman number is 1998A.",
    "- the game's EP number is 42.",
    "- the game's Miller number is 7.",
    "- the game is NMR:",
  ] {
    assert!(body.contains(line), "{line}: {body}");
  }

  // Now a proxy order is taken.
  table.send("France", START, "A Par P Germany\n");
  let reply = judge.reply_to(&player("France"));
  assert!(!reply.body.contains("not allowed"), "{}", reply.body);
  assert!(reply.body.contains("PROXY to Germany"), "{}", reply.body);

  // Spring: England's fleet goes to the North Sea, everyone else holds.
  for (power, _) in POWERS {
    let orders = if power == "England" { "F Lon - Nth\nF Edi H\nA Lvp H\n" } else { holds(power) };
    table.send(power, LATER, orders);
  }
  let mail = judge.take_mail();
  assert!(!with_subject(&mail, "Results").is_empty(), "processed: {:#?}", subjects(&mail));

  // STRICT CONVOY (manual §8.3): a convoy to Munich, which touches no
  // sea, is refused; one from Liverpool is plausible though no chain of
  // fleets links it to Norway yet.
  table.send("England", LATER, "F Nth C A Lvp - Mun\n");
  let reply = judge.reply_to(&player("England"));
  assert!(reply.body.says("Munich touches no sea"), "{}", reply.body);
  assert!(reply.body.contains("set to STRICT CONVOY"), "{}", reply.body);
  table.send("England", LATER, "F Nth C A Lvp - Nwy\n");
  let reply = judge.reply_to(&player("England"));
  assert!(!reply.body.contains("STRICT CONVOY"), "{}", reply.body);
  as_master(&judge, "set", LATER, "SET NO STRICT CONVOY\n");
  // Without it, njudge's minimal check: the army exists and Munich is land;
  // the convoy is void when the orders are adjudicated.
  table.send("England", LATER, "F Nth C A Lvp - Mun\n");
  let reply = judge.reply_to(&player("England"));
  assert!(!reply.body.contains("STRICT CONVOY"), "{}", reply.body);
  assert!(
    reply.body.contains("Fleet North Sea CONVOY Army Liverpool -> Munich."),
    "{}",
    reply.body
  );

  // The long description runs to the SIGN OFF.
  let mail = as_master(
    &judge,
    "set",
    LATER,
    "SET COMMENT BEGIN\nA friendly game among colleagues.\n\nPress is welcome.\nSIGN OFF\n",
  );
  let reply = reply_in(&mail, MASTER);
  assert!(
    reply.body.contains("the game's description in its full listing is now 3 lines"),
    "{}",
    reply.body
  );

  // LIST shows them all.
  let listing = table.listing(LATER);
  for line in [
    "  Processing:     when due\n",
    "  Late powers:    NMR: late powers go into civil disorder at the end of grace\n",
    "  Proxy orders:   allowed (PROXY)\n",
    "  Convoy orders:  not checked for plausibility\n",
    "  Resume:         by a Master only\n",
    "  Changes told:   with who made them\n",
    "  Next game:      none\n",
    "  Sites:          players from any site\n",
    "  Levels:         players of any level\n",
    "  Dedication:     > -10000 points, on-time ratio >= 0.00, CD ratio <= 1.00\n",
    "  Numbers:        BN 1998A, EP 42, MN 7\n",
    "  Comment:        Friendly game, all welcome\n",
    "\nAbout game 'set':\n  A friendly game among colleagues.\n\n  Press is welcome.\n",
  ] {
    assert!(listing.contains(line), "{line}: {listing}");
  }
  // The brief list shows the comment to those in the (private) game.
  judge.send_at(LATER, &player("Italy"), "list", "LIST\n");
  let reply = judge.reply_to(&player("Italy"));
  assert!(
    reply.body.contains("\n                   Friendly game, all welcome\n"),
    "{}",
    reply.body
  );

  // SET NO SHOW: the changer is not named, from this change on.
  let mail = as_master(&judge, "set", LATER, "SET NO SHOW\n");
  let notices = with_subject(&mail, "Parameter Change");
  assert_eq!(notices.len(), 7, "{:#?}", subjects(&mail));
  assert!(
    notices[0].body.contains(
      "someone@somewhere has changed a setting of game 'set':\n\
       setting changes are told without saying who made them."
    ),
    "{}",
    notices[0].body
  );
  assert!(!notices[0].body.contains(MASTER), "{}", notices[0].body);
  // So are deadline and grace changes.
  let mail = as_master(&judge, "set", LATER, "SET DEADLINE Jun 15 23:30\nSET GRACE Jun 20 23:30\n");
  for what in ["Deadline Adjustment", "Grace Adjustment"] {
    let notice = mail.iter().find(|m| m.to == player("Italy") && m.subject.contains(what));
    let notice = notice.unwrap_or_else(|| panic!("{what}: {:#?}", subjects(&mail)));
    assert!(notice.body.contains("someone@somewhere has moved"), "{}", notice.body);
    assert!(!notice.body.contains(MASTER), "{}", notice.body);
  }

  // Bad values are refused, each saying what to write, and nothing changes.
  let before = game_file(&judge, "set");
  // Over the 60 characters SET COMMENT takes, and short enough that the
  // echo of the line is not broken.
  let long = "x".repeat(62);
  let lines = [
    format!("SET COMMENT {long}"),
    "SET BN 1998 1999".to_string(),
    "SET ACCESS sometimes".to_string(),
    "SET LEVEL guru".to_string(),
    "SET ALLOW PLAYER not-an-address".to_string(),
    "SET DENY PLAYER -nobody@players.test".to_string(),
  ];
  let mail = as_master(&judge, "set", LATER, &format!("{}\n", lines.join("\n")));
  assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  let body = &mail[0].body;
  for (line, says) in lines.iter().zip([
    "SET COMMENT takes a comment of at most 60 characters, and yours has 62.",
    "SET BN takes one number of at most 20 characters",
    "SET ACCESS takes ANY, SAME or DIFFERENT",
    "SET LEVEL takes Any, Novice, Amateur, Intermediate, Advanced or Expert",
    "SET ALLOW PLAYER takes one e-mail address",
    "nobody@players.test is not on the deny list.",
  ]) {
    let said = answer(body, line);
    assert!(said.says(says) && said.says("Nothing was changed."), "{line}: {said}");
  }
  assert!(mail[0].subject.contains("set"), "{}", mail[0].subject);
  assert_eq!(game_file(&judge, "set"), before, "the game is unchanged");

  // A takeover is an admission too: a newcomer on the deny list may not
  // take over France, which its player resigned; on the allow list too,
  // the allow list wins.
  let newcomer = "newcomer@players.test";
  register(&judge, LATER, newcomer);
  as_master(&judge, "set", LATER, &format!("SET DENY PLAYER {newcomer}\n"));
  table.send("France", LATER, "RESIGN\n");
  judge.take_mail();
  judge.send_at(LATER, newcomer, "take over", "SIGN ON ?set newpw\n");
  let reply = judge.reply_to(newcomer);
  assert!(
    reply.body.contains(
      "Game 'set' does not admit your address: it is on the game's deny list\n\
       (SET DENY PLAYER). Nothing was signed on."
    ),
    "{}",
    reply.body
  );
  as_master(&judge, "set", LATER, &format!("SET ALLOW PLAYER {newcomer}\n"));
  judge.send_at(LATER, newcomer, "take over", "SIGN ON ?set newpw\n");
  let mail = judge.take_mail();
  let reply = reply_in(&mail, newcomer);
  assert!(reply.body.contains("You have taken over the abandoned France"), "{}", reply.body);
}

#[test]
fn manual_process_waits_for_the_master_and_auto_create_follows_a_draw() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "cup", START);
  let mail =
    as_master(&judge, "cup", START, "SET MANUAL PROCESS\nSET AUTO CREATE\nSET COMMENT Cup round\n");
  let notices = with_subject(&mail, "Parameter Change");
  assert_eq!(notices.len(), 7, "{:#?}", subjects(&mail));
  assert!(
    notices[0]
      .body
      .contains("- phases are processed only when the Master sends PROCESS (MANUAL PROCESS).")
      && notices[0].body.contains("(AUTO CREATE)."),
    "{}",
    notices[0].body
  );

  // Every order is in, and the phase is due, but nothing is processed: the
  // Master is told once, and the last player hears why.
  for (power, _) in POWERS {
    table.send(power, START, holds(power));
  }
  let mail = judge.take_mail();
  assert!(with_subject(&mail, "Results").is_empty(), "{:#?}", subjects(&mail));
  let ready = with_subject(&mail, "XXXX:cup - S1901M Ready to Process");
  assert_eq!(ready.len(), 1, "{:#?}", subjects(&mail));
  assert_eq!(ready[0].to, MASTER);
  assert!(ready[0].body.says("it waits until a Master sends PROCESS"), "{}", ready[0].body);
  // With the preview of the results (the DPjudge's PREVIEW).
  assert!(ready[0].body.contains("Movement results for Spring of 1901."), "{}", ready[0].body);
  assert!(ready[0].body.contains("France: Army Paris HOLD."), "{}", ready[0].body);
  let last = table.reply(&mail, "Turkey");
  assert!(last.body.contains("this game is set to MANUAL PROCESS"), "{}", last.body);

  // The sweep does not process it at the deadline either, nor tell again.
  judge.sweep_at(AFTER_DEADLINE);
  let mail = judge.take_mail();
  assert!(mail.is_empty(), "nothing: {:#?}", subjects(&mail));
  assert!(table.listing(AFTER_DEADLINE).contains("phase #1 (S1901M)"));

  // SET AUTO PROCESS: the phase is due, so it is processed at once.
  let mail = as_master(&judge, "cup", AFTER_DEADLINE, "SET AUTO PROCESS\n");
  assert_eq!(with_subject(&mail, "S1901M Results").len(), 8, "{:#?}", subjects(&mail));

  // The game ends in a draw: the next game, cup2, is created with the same
  // settings and the same Master, and everyone is told.
  for (power, _) in POWERS {
    table.send(power, AFTER_DEADLINE, "SET DRAW\n");
  }
  let mail = judge.take_mail();
  assert_eq!(with_subject(&mail, "Draw Declared: AEFGIRT").len(), 8, "{:#?}", subjects(&mail));
  let created = with_subject(&mail, "XXXX:cup - F1901M Game Created: cup2");
  assert_eq!(created.len(), 8, "every player and the Master: {:#?}", subjects(&mail));
  assert!(
    created[0].body.contains(
      "Game 'cup' was set to AUTO CREATE, so now that it is over,\n\
       game 'cup2' has been created with the same settings (but unlisted).\n\
       Its Master is the Master of 'cup', who signs on with the same password:\n\
       SIGN ON Mcup2 password\n\
       To play in it, send: SIGN ON ?cup2 password\n"
    ),
    "{}",
    created[0].body
  );
  let reply = table.reply(&mail, "Turkey");
  assert!(reply.body.contains("game 'cup2' has been created"), "{}", reply.body);

  judge.send_at(AFTER_DEADLINE, MASTER, "list", "SIGN ON Mcup2 masterpw\nLIST\n");
  let reply = judge.reply_to(MASTER);
  for text in [
    "You are signed on as Master in game 'cup2'.",
    "Game 'cup2' is forming: it is waiting for 7 more players to sign on.",
    "  Listed:         no\n",
    "  Comment:        Cup round\n",
    "  Next game:      created when this one ends (AUTO CREATE)\n",
    "  Follows:        game 'cup'\n",
  ] {
    assert!(reply.body.contains(text), "{text}: {}", reply.body);
  }
  judge.send_at(AFTER_DEADLINE, MASTER, "list", "LIST cup\n");
  let reply = judge.reply_to(MASTER);
  assert!(reply.body.contains("  Next game:      game 'cup2' (AUTO CREATE)\n"), "{}", reply.body);

  // MANUAL START: cup2 fills, but waits for its Master; SET AUTO START
  // starts it.
  as_master(&judge, "cup2", AFTER_DEADLINE, "SET MANUAL START\n");
  for (power, _) in POWERS {
    let body = format!("SIGN ON ?cup2 {}\n", password(power));
    judge.send_at(AFTER_DEADLINE, &player(power), "join", &body);
  }
  let mail = judge.take_mail();
  assert!(with_subject(&mail, "Game Starting").is_empty(), "{:#?}", subjects(&mail));
  let last = reply_in(&mail, &player("Turkey"));
  assert!(last.body.contains("It is set to MANUAL START"), "{}", last.body);
  judge.sweep_at("2026-03-07T12:00:00Z");
  assert!(with_subject(&judge.take_mail(), "Game Starting").is_empty(), "the sweep waits too");
  judge.send_at("2026-03-07T12:00:00Z", &player("Italy"), "list", "LIST\n");
  let reply = judge.reply_to(&player("Italy"));
  assert!(reply.body.contains("Formed: waiting for its Master to start it."), "{}", reply.body);
  let mail = as_master(&judge, "cup2", "2026-03-07T12:00:00Z", "SET AUTO START\n");
  assert_eq!(with_subject(&mail, "Game Starting").len(), 8, "{:#?}", subjects(&mail));
}

#[test]
fn the_access_rules_are_checked_at_sign_on_and_observe() {
  let judge = Judge::new();
  register(&judge, START, MASTER);
  judge.send_at(START, MASTER, "create", "CREATE ?acc masterpw\nBECOME MASTER\n");
  judge.take_mail();
  let (ann, bob, cat, dan, eve, fay) = (
    "ann@alpha.test",
    "bob@alpha.test",
    "cat@beta.test",
    "dan@alpha.test",
    "eve@alpha.test",
    "fay@gamma.test",
  );
  register_as(&judge, ann, "Novice", None);
  register_as(&judge, bob, "Novice", None);
  register_as(&judge, cat, "Intermediate", None);
  register_as(&judge, dan, "Novice", None);
  register_as(&judge, eve, "Expert", Some("Gamma College"));
  register_as(&judge, fay, "Expert", None);
  judge.take_mail();
  let join = |who: &str| {
    judge.send_at(START, who, "join", "SIGN ON ?acc pw\n");
    judge.reply_to(who).body
  };

  // The deny list keeps bob out, as a player and as an observer.
  let mail = as_master(&judge, "acc", START, &format!("SET DENY PLAYER {bob}\n"));
  let reply = reply_in(&mail, MASTER);
  assert!(
    reply
      .body
      .says("In game 'acc', bob@alpha.test is on the deny list: the addresses on it may not join."),
    "{}",
    reply.body
  );
  let refusal = "Game 'acc' does not admit your address: it is on the game's deny list\n\
                 (SET DENY PLAYER). Nothing was signed on.";
  let body = join(bob);
  assert!(body.contains(refusal), "{body}");
  judge.send_at(START, bob, "observe", "OBSERVE acc pw\n");
  let body = judge.reply_to(bob).body;
  assert!(body.contains(refusal), "{body}");

  // Once there is an allow list, only it counts: bob is on both and gets
  // in; cat is on neither and does not.
  as_master(&judge, "acc", START, &format!("SET ALLOW PLAYER {bob}\nSET ALLOW PLAYER {ann}\n"));
  let body = join(bob);
  assert!(body.contains("You are signed up to play a power in game 'acc'"), "{body}");
  let body = join(cat);
  assert!(
    body.contains(
      "Game 'acc' admits only the addresses on its allow list (SET ALLOW PLAYER),\n\
       and yours is not on it. Nothing was signed on."
    ),
    "{body}"
  );

  // SAME: only players from bob's site (the domain, as bob gave no Site).
  let mail = as_master(
    &judge,
    "acc",
    START,
    &format!("SET ALLOW PLAYER -{bob}\nSET ALLOW PLAYER -{ann}\nSET ACCESS SAME-SITE\n"),
  );
  let reply = reply_in(&mail, MASTER);
  assert!(reply.body.says("which is now empty"), "{}", reply.body);
  let notice = mail.iter().find(|m| m.to == bob).expect("bob is told");
  assert!(
    notice.body.contains("- the game takes only players from the same site as the other players"),
    "{}",
    notice.body
  );
  let body = join(cat);
  assert!(
    body.says(
      "Game 'acc' takes only players from the same site as those in it (SET ACCESS SAME):\n\
       your site is 'beta.test', and theirs is 'alpha.test'. Nothing was signed on."
    ),
    "{body}"
  );
  assert!(join(ann).contains("You are signed up"), "ann shares bob's site");

  // DIFFERENT: dan shares a site with bob and ann; eve's registered Site
  // is her own, whatever her address; cat's site is new.
  as_master(&judge, "acc", START, "SET ACCESS DIFFERENT\n");
  let body = join(dan);
  assert!(
    body.says(
      "Game 'acc' takes only players from different sites (SET ACCESS DIFFERENT), and\n\
       a player from your site, 'alpha.test', is in it already. Nothing was signed on."
    ),
    "{body}"
  );
  assert!(join(eve).contains("You are signed up"), "eve's site is Gamma College");
  assert!(join(cat).contains("You are signed up"), "cat's site is beta.test");

  // LEVEL: players only; an observer may watch whatever their level.
  as_master(&judge, "acc", START, "SET ACCESS ANY\nSET LEVEL EXPERT\n");
  let body = join(dan);
  assert!(
    body.contains(
      "Game 'acc' takes only Expert players (SET LEVEL EXPERT), and your registration\n\
       says Novice; if your level has changed, register again with the new one."
    ),
    "{body}"
  );
  assert!(join(fay).contains("You are signed up"), "fay is an Expert");
  judge.send_at(START, dan, "observe", "OBSERVE acc pw\n");
  let body = judge.reply_to(dan).body;
  assert!(body.contains("You are now an observer in game 'acc'"), "{body}");

  // A player of a moderated game may not change who is admitted.
  let before = game_file(&judge, "acc");
  judge.send_at(START, bob, "access", "SIGN ON ?acc pw\nSET ACCESS ANY\nSET LEVEL ANY\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "only the reply: {:#?}", subjects(&mail));
  assert!(
    answer(&mail[0].body, "SET LEVEL ANY").contains("SET LEVEL is for the Master"),
    "{}",
    mail[0].body
  );
  assert_eq!(game_file(&judge, "acc"), before, "the game is unchanged");

  // LIST: the Master sees the lists' addresses, others how many there are.
  as_master(&judge, "acc", START, &format!("SET DENY PLAYER {dan}\n"));
  let mail = as_master(&judge, "acc", START, "LIST\n");
  let reply = reply_in(&mail, MASTER);
  assert!(
    reply.body.contains("  Deny list:      bob@alpha.test, dan@alpha.test\n"),
    "{}",
    reply.body
  );
  assert!(reply.body.contains("  Levels:         only Expert players\n"), "{}", reply.body);
  judge.send_at(START, ann, "list", "LIST acc\n");
  let body = judge.reply_to(ann).body;
  assert!(body.contains("  Deny list:      2 addresses\n"), "{body}");
}
