//! Guessing and borrowing identities by mail: wrong SIGN ON passwords lock
//! a seat for an hour after five within an hour (its owner told once), and
//! a right SIGN ON in the same message proves an I AM ALSO.

use crate::judge_support;

use crate::game_support;

use game_support::{password, player, Table, MASTER};
use judge_support::{Judge, Sent, NOW};

/// Someone who does not play France.
const EVE: &str = "eve@elsewhere.test";

/// France's player, writing from a new address.
const NEW: &str = "france@new.test";

/// Ten minutes, an hour and a minute, and two hours after [`NOW`].
const LATER: &str = "2026-03-02T23:40:00Z";
const AFTER_THE_HOUR: &str = "2026-03-03T00:31:00Z";

fn mail_from(judge: &Judge, now: &str, from: &str, body: &str) -> (Sent, Vec<Sent>) {
  judge.send_at(now, from, "orders", body);
  let mail = judge.take_mail();
  let reply = mail
    .iter()
    .find(|m| m.to == from && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {from}: {mail:#?}"))
    .clone();
  (reply, mail)
}

/// A body with its lines joined, for sentences the judge wraps.
fn flat(body: &str) -> String {
  body.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn owner_notices<'m>(mail: &'m [Sent], owner: &str) -> Vec<&'m Sent> {
  mail.iter().filter(|m| m.to == owner && m.subject.contains("Wrong passwords")).collect()
}

#[test]
fn five_wrong_passwords_lock_the_seat_for_an_hour_and_its_owner_is_told_once() {
  let judge = Judge::new();
  Table::start(&judge, "vault", NOW);
  let france = player("France");
  let mut told = Vec::new();
  for i in 0..5 {
    let (reply, mail) = mail_from(&judge, NOW, EVE, &format!("SIGN ON Fvault guess{i}\n"));
    assert!(reply.body.contains("Invalid password or power"), "{}", reply.body);
    assert_eq!(reply.body.contains("refused until"), i == 4, "attempt {i}: {}", reply.body);
    told.extend(owner_notices(&mail, &france).into_iter().cloned());
  }
  assert_eq!(told.len(), 1, "the owner is told when the seat locks");
  assert!(told[0].body.contains("5 wrong passwords for France"), "{}", told[0].body);
  assert!(flat(&told[0].body).contains("the last from eve@elsewhere.test"), "{}", told[0].body);
  assert!(told[0].body.contains("SET PASSWORD"), "{}", told[0].body);

  // Within the hour the right password is refused too, and the reply does
  // not say whether it was right; the owner is not told again.
  let right = format!("SIGN ON Fvault {}\n", password("France"));
  for from in [EVE, france.as_str()] {
    let (reply, mail) = mail_from(&judge, LATER, from, &right);
    let text = flat(&reply.body);
    assert!(text.contains("refused until Tue Mar 03 2026 00:30:00"), "{}", reply.body);
    assert!(text.contains("this attempt was not checked"), "{}", reply.body);
    assert!(!reply.body.contains("signed on as France"), "{}", reply.body);
    assert!(!reply.body.contains("Invalid password"), "{}", reply.body);
    assert!(owner_notices(&mail, &france).is_empty(), "{mail:#?}");
  }
  let (reply, mail) = mail_from(&judge, LATER, EVE, "SIGN ON Fvault guess9\n");
  assert!(reply.body.contains("refused until"), "{}", reply.body);
  assert!(owner_notices(&mail, &france).is_empty(), "told once: {mail:#?}");

  // Other seats of the game are not locked.
  let (reply, _) = mail_from(&judge, LATER, &player("Germany"), "SIGN ON Gvault pwgermany\n");
  assert!(reply.body.contains("signed on as Germany"), "{}", reply.body);

  // After the hour the right password works again.
  let (reply, _) = mail_from(&judge, AFTER_THE_HOUR, &france, &right);
  assert!(reply.body.contains("signed on as France"), "{}", reply.body);
}

#[test]
fn a_right_password_clears_the_count() {
  let judge = Judge::new();
  Table::start(&judge, "count", NOW);
  let right = format!("SIGN ON Ecount {}\n", password("England"));
  let england = player("England");
  for i in 0..4 {
    mail_from(&judge, NOW, &england, &format!("SIGN ON Ecount slip{i}\n"));
  }
  let (reply_right, _) = mail_from(&judge, NOW, &england, &right);
  assert!(reply_right.body.contains("signed on as England"), "{}", reply_right.body);
  for i in 0..4 {
    let (reply, _) = mail_from(&judge, NOW, &england, &format!("SIGN ON Ecount again{i}\n"));
    assert!(!reply.body.contains("refused until"), "the count began again: {}", reply.body);
  }
  let (reply, mail) = mail_from(&judge, NOW, EVE, "SIGN ON Ecount fifth\n");
  assert!(reply.body.contains("refused until"), "{}", reply.body);
  assert_eq!(owner_notices(&mail, &england).len(), 1, "{mail:#?}");
}

#[test]
fn the_masters_seat_locks_too_and_every_master_is_told() {
  let judge = Judge::new();
  Table::start(&judge, "chair", NOW);
  let mut told = 0;
  for i in 0..5 {
    let (_, mail) = mail_from(&judge, NOW, EVE, &format!("SIGN ON Mchair guess{i}\n"));
    told += owner_notices(&mail, MASTER).len();
  }
  assert_eq!(told, 1);
  let (reply, _) = mail_from(&judge, LATER, MASTER, "SIGN ON Mchair masterpw\n");
  assert!(reply.body.contains("refused until"), "{}", reply.body);
  let (reply, _) = mail_from(&judge, AFTER_THE_HOUR, MASTER, "SIGN ON Mchair masterpw\n");
  assert!(reply.body.contains("signed on as Master"), "{}", reply.body);
}

#[test]
fn a_right_sign_on_in_the_same_message_proves_i_am_also() {
  let judge = Judge::new();
  Table::start(&judge, "proof", NOW);
  let france = player("France");
  let sign_on = format!("SIGN ON Fproof {}\n", password("France"));

  // The old address is dead: the sign-on after the I AM ALSO line proves it.
  let body = format!("I AM ALSO {france}\n{sign_on}");
  let (reply, mail) = mail_from(&judge, NOW, NEW, &body);
  assert!(reply.body.contains("france@new.test is now also an address of user"), "{}", reply.body);
  let told = mail.iter().find(|m| m.to == france && m.subject.contains("new address"));
  let told = told.unwrap_or_else(|| panic!("the address of record is told: {mail:#?}"));
  assert!(told.body.contains("sign-on as France in game 'proof'"), "{}", told.body);
  let (reply, _) = mail_from(&judge, NOW, NEW, "GET DEDICATION\n");
  assert!(reply.body.contains(&format!("Addresses:       {france}, {NEW}")), "{}", reply.body);

  // And the sign-on before the I AM ALSO line.
  let italy = player("Italy");
  let body = format!("SIGN ON Iproof {}\nI AM ALSO {italy}\n", password("Italy"));
  let (reply, _) = mail_from(&judge, NOW, "italy@new.test", &body);
  assert!(reply.body.contains("italy@new.test is now also an address of user"), "{}", reply.body);
}

#[test]
fn a_wrong_sign_on_or_someone_elses_seat_is_no_proof() {
  let judge = Judge::new();
  Table::start(&judge, "noproof", NOW);
  let france = player("France");
  let body = format!("SIGN ON Fnoproof wrong\nI AM ALSO {france}\n");
  let (reply, mail) = mail_from(&judge, NOW, EVE, &body);
  assert!(reply.body.contains("Nothing was changed yet"), "{}", reply.body);
  assert!(mail.iter().any(|m| m.to == france && m.body.contains("I AM ALSO")), "{mail:#?}");

  // Eve knows Germany's password (say): that proves nothing about France.
  let body = format!("SIGN ON Gnoproof {}\nI AM ALSO {france}\n", password("Germany"));
  let (reply, _) = mail_from(&judge, NOW, "third@elsewhere.test", &body);
  assert!(reply.body.contains("signed on as Germany"), "{}", reply.body);
  assert!(!reply.body.contains("is now also"), "{}", reply.body);
  let (reply, _) = mail_from(&judge, NOW, "third@elsewhere.test", "GET DEDICATION\n");
  assert!(reply.body.contains("not registered"), "{}", reply.body);
}
