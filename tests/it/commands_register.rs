//! REGISTER … END, WHO / WHO IS, I AM ALSO, INFO PLAYER, GET DEDICATION and
//! GET WHOIS (manual §3.3), by mail through the real binary.

use crate::judge_support;

use judge_support::Judge;

const ANN: &str = "ann@players.test";
const BOB: &str = "bob@players.test";

fn form(name: &str, email: &str) -> String {
  format!(
    "REGISTER\nName: {name}\nEmail: {email}\nAddress: 12 Rue de Rivoli, Paris 75001\n\
     Country: France\nLevel: amateur\nPhone: +33 1 23 45 67 89\nEND\n"
  )
}

#[test]
fn a_complete_registration_is_kept_and_shown_by_who_is() {
  let judge = Judge::new();
  judge.send(ANN, "register", &form("Ann Smith", ANN));
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("now registered on this judge as user #1"), "{}", reply.body);
  assert!(reply.body.contains("> Name: Ann Smith"), "the block is echoed: {}", reply.body);
  assert!(reply.body.contains("Level: Amateur"), "{}", reply.body);

  judge.send(BOB, "who", "WHO IS ann\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("User #1: ann@players.test"), "{}", reply.body);
  assert!(reply.body.contains("Name: Ann Smith"), "{}", reply.body);

  judge.send(BOB, "who", "WHO zed@ an\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("No registered address starts with 'zed@'"), "{}", reply.body);
  assert!(reply.body.contains("Name: Ann Smith"), "{}", reply.body);
}

#[test]
fn an_incomplete_registration_names_every_missing_field_and_keeps_nothing() {
  let judge = Judge::new();
  judge.send(ANN, "", "REGISTER\nName: Ann\nLevel: godlike\nEND\n");
  let reply = judge.reply_to(ANN);
  for expected in [
    "Nothing was registered",
    "Address field",
    "Country field",
    "Email field",
    "first and last name",
    "Level must be one of",
  ] {
    assert!(reply.body.contains(expected), "{expected}: {}", reply.body);
  }
  judge.send(BOB, "", "WHO IS ann\n");
  assert!(judge.reply_to(BOB).body.contains("No registered address starts with 'ann'"));
}

#[test]
fn register_without_end_registers_nothing() {
  let judge = Judge::new();
  let text = form("Ann Smith", ANN).replace("END\n", "");
  judge.send(ANN, "", &text);
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("line END"), "{}", reply.body);
  assert!(judge.files_in("users").iter().all(|p| p.is_dir()), "no user record");
}

#[test]
fn registering_again_updates_the_record() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(ANN, "", &form("Ann Jones", ANN));
  judge.take_mail();
  judge.send(BOB, "", "WHO IS ann@players.test\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("Name: Ann Jones"), "{}", reply.body);
  assert!(!reply.body.contains("Ann Smith"), "{}", reply.body);
  assert!(reply.body.contains("User #1"), "same user number: {}", reply.body);
}

#[test]
fn package_yes_sends_the_package() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN).replace("END\n", "Package: yes\nEND\n"));
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1 + judge::help::package().len(), "{mail:#?}");
}

/// The confirmation code in the mail the judge sent to `to` among `mail`.
fn code_in(mail: &[judge_support::Sent], to: &str) -> String {
  let line = mail
    .iter()
    .filter(|m| m.to == to)
    .flat_map(|m| m.body.lines())
    .find(|l| l.trim_start().starts_with("I AM ALSO "))
    .unwrap_or_else(|| panic!("no code mailed to {to}: {mail:#?}"));
  line.split_whitespace().last().unwrap_or_default().to_string()
}

const WORK: &str = "ann@work.test";
const EVE: &str = "eve@players.test";

#[test]
fn i_am_also_without_proof_changes_nothing_and_mails_a_code_to_the_old_address() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.take_mail();
  let before = judge.snapshot();
  judge.send(WORK, "", "I AM ALSO ann@players.test\n");
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == WORK).expect("a reply");
  assert!(reply.body.contains("Nothing was changed yet"), "{}", reply.body);
  assert!(reply.body.contains("code was mailed to ann@players.test"), "{}", reply.body);
  assert!(!reply.body.contains("is now also"), "{}", reply.body);
  let code = code_in(&mail, ANN);
  assert_eq!(code.len(), 8, "{code}");
  assert!(!reply.body.contains(&code), "the sender does not see the code: {}", reply.body);
  let users = |snapshot: &std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>| {
    snapshot
      .iter()
      .filter(|(p, _)| p.starts_with("users") && !p.starts_with("users/pending"))
      .map(|(p, b)| (p.clone(), b.clone()))
      .collect::<Vec<_>>()
  };
  assert_eq!(users(&judge.snapshot()), users(&before), "no registration changed");
  judge.send(WORK, "", "GET DEDICATION\n");
  assert!(judge.reply_to(WORK).body.contains("not registered on this judge"));

  judge.send(BOB, "", "IAMALSO nobody@players.test\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("nobody@players.test is not registered"), "{}", reply.body);
}

#[test]
fn the_code_sent_back_from_the_new_address_joins_it_and_the_old_address_is_told() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(WORK, "", "I AM ALSO ann@players.test\n");
  let code = code_in(&judge.take_mail(), ANN);
  judge.send(WORK, "", &format!("I AM ALSO ann@players.test {}\n", code.to_lowercase()));
  let mail = judge.take_mail();
  let reply = mail.iter().find(|m| m.to == WORK).expect("a reply");
  assert!(reply.body.contains("is now also an address of user #1"), "{}", reply.body);
  let told = mail.iter().find(|m| m.to == ANN).expect("the old address is told");
  assert!(told.body.contains("ann@work.test was added"), "{}", told.body);
  assert!(told.body.contains("confirmation code"), "{}", told.body);
  judge.send(WORK, "", "GET DEDICATION\n");
  let reply = judge.reply_to(WORK);
  assert!(reply.body.contains("User number:     1"), "{}", reply.body);
  // The code is used up.
  judge.send("ann@home.test", "", &format!("I AM ALSO ann@players.test {code}\n"));
  assert!(judge.reply_to("ann@home.test").body.contains("No I AM ALSO"));
}

#[test]
fn a_code_from_a_third_address_or_a_wrong_code_joins_nothing() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(WORK, "", "I AM ALSO ann@players.test\n");
  let code = code_in(&judge.take_mail(), ANN);
  judge.send(EVE, "", &format!("I AM ALSO ann@players.test {code}\n"));
  let reply = judge.reply_to(EVE);
  assert!(reply.body.contains("No I AM ALSO ann@players.test from eve@"), "{}", reply.body);
  assert!(reply.body.contains("Nothing was changed"), "{}", reply.body);
  judge.send(EVE, "", "GET DEDICATION\n");
  assert!(judge.reply_to(EVE).body.contains("not registered on this judge"));

  let wrong = if code == "AAAAAAAA" { "BBBBBBBB" } else { "AAAAAAAA" };
  judge.send(WORK, "", &format!("I AM ALSO ann@players.test {wrong}\n"));
  let reply = judge.reply_to(WORK);
  assert!(reply.body.contains("That is not the code"), "{}", reply.body);
  judge.send(WORK, "", "GET DEDICATION\n");
  assert!(judge.reply_to(WORK).body.contains("not registered on this judge"));
  // The right one still works after a slip.
  judge.send(WORK, "", &format!("I AM ALSO ann@players.test {code}\n"));
  assert!(judge.reply_to(WORK).body.contains("is now also an address of user #1"));
}

#[test]
fn five_wrong_codes_stop_codes_for_an_hour_and_tell_the_owner() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(WORK, "", "I AM ALSO ann@players.test\n");
  let code = code_in(&judge.take_mail(), ANN);
  let wrong = if code == "AAAAAAAA" { "BBBBBBBB" } else { "AAAAAAAA" };
  for _ in 0..5 {
    judge.send(WORK, "", &format!("I AM ALSO ann@players.test {wrong}\n"));
  }
  let mail = judge.take_mail();
  let told: Vec<_> = mail.iter().filter(|m| m.to == ANN).collect();
  assert_eq!(told.len(), 1, "{mail:#?}");
  assert!(told[0].body.contains("5 wrong confirmation codes"), "{}", told[0].body);
  judge.send(WORK, "", &format!("I AM ALSO ann@players.test {code}\n"));
  let reply = judge.reply_to(WORK);
  assert!(reply.body.contains("are refused until"), "{}", reply.body);
  assert!(!reply.body.contains("is now also"), "{}", reply.body);
}

#[test]
fn a_register_from_an_unproven_address_does_not_touch_the_other_users_record() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(EVE, "", "I AM ALSO ann@players.test\n");
  judge.send(EVE, "", &form("Eve Intruder", "eve@players.test"));
  judge.take_mail();
  judge.send(BOB, "", "WHO IS ann\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("User #1: ann@players.test\n"), "{}", reply.body);
  assert!(reply.body.contains("Name: Ann Smith"), "{}", reply.body);
  assert!(!reply.body.contains("Eve"), "{}", reply.body);
  judge.send(BOB, "", "WHO IS eve\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("User #2: eve@players.test\n"), "{}", reply.body);
}

#[test]
fn a_change_from_another_address_of_the_user_is_told_to_the_address_of_record() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.send(WORK, "", "I AM ALSO ann@players.test\n");
  let code = code_in(&judge.take_mail(), ANN);
  judge.send(WORK, "", &format!("I AM ALSO ann@players.test {code}\n"));
  judge.take_mail();
  judge.send(WORK, "", &form("Ann Jones", WORK));
  let mail = judge.take_mail();
  let told = mail.iter().find(|m| m.to == ANN).expect("the address of record is told");
  assert!(told.body.contains("changed by a REGISTER"), "{}", told.body);
  assert!(told.body.contains("sent from ann@work.test"), "{}", told.body);
  assert!(told.body.contains("Name: Ann Jones"), "{}", told.body);
  // A change from the address of record itself is only in the reply.
  judge.send(ANN, "", &form("Ann Smith", ANN));
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 1, "{mail:#?}");
}

#[test]
fn a_registration_cut_short_by_a_crash_is_finished_by_the_retry_as_one_user() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  // The crash of an earlier judge (record written, address file not): the
  // address seems unregistered, and the retry used to make user #2.
  let index = judge.data().join("users/by-address/ann@players.test");
  std::fs::remove_file(&index).unwrap();
  judge.take_mail();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("registered on this judge as user #1"), "{}", reply.body);
  // The crash of this judge (address file written, record not).
  std::fs::write(judge.data().join("users/by-address/bob@players.test"), "2\n").unwrap();
  judge.send(BOB, "", "GET DEDICATION\n");
  assert!(judge.reply_to(BOB).body.contains("not registered"), "a half registration is none");
  judge.send(BOB, "", &form("Bob Brown", BOB));
  assert!(judge.reply_to(BOB).body.contains("as user #2"));
  judge.send(BOB, "", "WHO IS ann@ bob@\n");
  let reply = judge.reply_to(BOB);
  assert_eq!(reply.body.matches("User #").count(), 2, "{}", reply.body);
  let records = judge.files_in("users").into_iter().filter(|p| p.is_file()).count();
  assert_eq!(records, 2);
}

#[test]
fn info_player_needs_a_complete_address() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.take_mail();
  judge.send(BOB, "", "INFO PLAYER ann\nINFO PLAYER ann@players.test\nINFO PLAYER zed@x.test\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("needs a complete e-mail address"), "{}", reply.body);
  assert!(reply.body.contains("Player information for ann@players.test"), "{}", reply.body);
  assert!(reply.body.contains("No registered user has the address zed@x.test"), "{}", reply.body);
}

#[test]
fn get_dedication_for_an_unregistered_sender_says_how_to_register() {
  let judge = Judge::new();
  judge.send(BOB, "", "GET DEDICATION\n");
  assert!(judge.reply_to(BOB).body.contains("not registered on this judge"));
}

#[test]
fn get_whois_sends_the_database_unless_the_keeper_turned_it_off() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.take_mail();
  judge.send(BOB, "", "GET WHOIS\n");
  let mail = judge.take_mail();
  assert_eq!(mail.len(), 2, "{mail:#?}");
  assert!(mail[1].body.contains("Name: Ann Smith"), "{}", mail[1].body);

  let closed = Judge::with_config("whois = false\n");
  closed.send(BOB, "", "GET WHOIS\n");
  let mail = closed.take_mail();
  assert_eq!(mail.len(), 1);
  assert!(mail[0].body.contains("turned GET WHOIS off"), "{}", mail[0].body);
}

#[test]
fn the_house_rules_fields_come_from_the_config() {
  let judge = Judge::with_config("[registration]\nrequired = [\"name\", \"phone\"]\n");
  judge.send(ANN, "", "REGISTER\nName: Ann Smith\nEND\n");
  let reply = judge.reply_to(ANN);
  assert!(reply.body.contains("Phone field"), "{}", reply.body);
  judge.send(ANN, "", "REGISTER\nName: Ann Smith\nPhone: 555 1234\nEND\n");
  assert!(judge.reply_to(ANN).body.contains("now registered"));
}

#[test]
fn simultaneous_registrations_all_land() {
  let judge = std::sync::Arc::new(Judge::new());
  judge.send("first@players.test", "", "VERSION\n"); // creates the data dir
  let handles: Vec<_> = (0..20)
    .map(|i| {
      let judge = judge.clone();
      std::thread::spawn(move || {
        let address = format!("p{i}@players.test");
        let raw = judge.message(&address, "", &form(&format!("Player Number{i}"), &address));
        let raw = raw.replace("Message-ID: <test-", &format!("Message-ID: <t{i}-"));
        judge.receive(raw.as_bytes()).status
      })
    })
    .collect();
  for handle in handles {
    assert_eq!(handle.join().ok(), Some(0));
  }
  let records = judge.files_in("users").into_iter().filter(|p| p.is_file()).count();
  assert_eq!(records, 20);
  let mail = judge.take_mail();
  assert_eq!(mail.iter().filter(|m| m.body.contains("now registered")).count(), 20);
}

/// Privacy: a player's postal address and phone go to nobody else unless
/// the player wrote `Public: yes`, and then only to registered players.
#[test]
fn postal_address_and_phone_are_shown_only_by_choice_and_only_to_registered_players() {
  let judge = Judge::new();
  judge.send(ANN, "register", &form("Ann Smith", ANN));
  judge.send(BOB, "register", &form("Bob Jones", BOB));
  judge.take_mail();
  let stranger = "stranger@elsewhere.test";
  for (who, ask) in [(BOB, "WHO IS ann\n"), (stranger, "WHO IS ann\n"), (BOB, "GET WHOIS\n")] {
    judge.send(who, "who", ask);
    let mail = judge.take_mail();
    let all: String = mail.iter().map(|m| m.body.as_str()).collect();
    assert!(all.contains("Name: Ann Smith"), "{all}");
    assert!(!all.contains("Rue de Rivoli") && !all.contains("+33"), "{who} {ask}: {all}");
    assert!(all.contains("Postal address and phone are private"), "{all}");
  }
  // Ann opts in: registered players see them, a stranger still does not.
  let public = form("Ann Smith", ANN).replace("END\n", "Public: yes\nEND\n");
  judge.send(ANN, "register", &public);
  let own = judge.reply_to(ANN);
  assert!(own.body.contains("Rue de Rivoli"), "her own registration is whole: {}", own.body);
  judge.send(BOB, "who", "WHO IS ann\n");
  assert!(judge.reply_to(BOB).body.contains("Rue de Rivoli"));
  judge.send(stranger, "who", "WHO IS ann\n");
  assert!(!judge.reply_to(stranger).body.contains("Rue de Rivoli"));
}
