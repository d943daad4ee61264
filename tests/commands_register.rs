//! REGISTER … END, WHO / WHO IS, I AM ALSO, INFO PLAYER, GET DEDICATION and
//! GET WHOIS (manual §3.3), by mail through the real binary.

#[path = "support/judge.rs"]
mod judge_support;

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

#[test]
fn i_am_also_joins_a_new_address_and_tells_the_old_one() {
  let judge = Judge::new();
  judge.send(ANN, "", &form("Ann Smith", ANN));
  judge.take_mail();
  judge.send("ann@work.test", "", "I AM ALSO ann@players.test\n");
  let mail = judge.take_mail();
  assert!(mail[0].body.contains("is now also an address of user #1"), "{}", mail[0].body);
  assert!(mail.iter().any(|m| m.to == ANN && m.body.contains("ann@work.test")), "{mail:#?}");
  judge.send("ann@work.test", "", "GET DEDICATION\n");
  let reply = judge.reply_to("ann@work.test");
  assert!(reply.body.contains("User number:     1"), "{}", reply.body);

  judge.send(BOB, "", "IAMALSO nobody@players.test\n");
  let reply = judge.reply_to(BOB);
  assert!(reply.body.contains("nobody@players.test is not registered"), "{}", reply.body);
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
