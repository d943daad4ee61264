//! REGISTER … END and I AM ALSO (manual §3.3): the registration form, the
//! house rules' required fields, re-registration, extra addresses.
//!
//! An address joins a registration only with proof that its sender is
//! that user: a confirmation code mailed to the user's addresses and sent
//! back from the new one, or a right SIGN ON to one of the user's seats
//! in the same message (for when the old address is dead). Every change
//! to a registration is told to its address of record.

use std::time::Duration;

use argon2::password_hash::rand_core::{OsRng, RngCore};
use indexmap::IndexMap;
use sha2::{Digest, Sha256};

use super::info::{form, plausible_address};
use super::Session;
use crate::command::Invocation;
use crate::game::deadline;
use crate::game::report::{capitalised, wrap};
use crate::mail::outbound::{MailKind, Outgoing};
use crate::store::throttle::{self, Failed, Throttle};
use crate::store::users::{PendingAlso, User};
use crate::store::{DataDir, StoreError};

/// The letters of confirmation codes: 32 of them (5 bits each), without
/// the easily confused I, O, 0 and 1.
const CODE_ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// How many letters a confirmation code has (40 bits).
const CODE_LEN: usize = 8;

/// How long a confirmation code is good for.
const CODE_DAYS: i64 = 3;

/// Who a message showed its sender to be with a right password: the
/// registration of the member it signed on as. SET ADDRESS lets a member
/// send a seat's mail anywhere, so the member's user number is the proof,
/// never its address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Proof {
  pub user: Option<u32>,
  /// `France in game 'x'`, for the replies.
  pub what: String,
}

/// A fresh confirmation code from the operating system's randomness (so
/// nothing public, such as the time or the message, predicts it).
fn new_code() -> String {
  let mut bytes = [0u8; CODE_LEN];
  OsRng.fill_bytes(&mut bytes);
  bytes.iter().map(|b| CODE_ALPHABET[usize::from(b & 31)] as char).collect()
}

/// A fresh salt, in hex.
fn new_salt() -> String {
  crate::digest::random()
}

/// A code as it is stored: the salted SHA-256 of its normal form.
fn code_hash(salt: &str, code: &str) -> String {
  crate::digest::hex(&Sha256::digest(format!("{salt}:{}", normal_code(code))))
}

/// A code as typed, in the form it was made: upper case, without the
/// spaces and dashes a mail program or a person may add.
fn normal_code(code: &str) -> String {
  code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// The experience levels the form allows (manual §3.3).
const LEVELS: &[&str] = &["Novice", "Amateur", "Intermediate", "Advanced", "Expert"];

/// Reads the `field: value` lines of a REGISTER block, or says what is
/// wrong with them.
fn read_fields(
  block: &[String],
  required: &[String],
) -> Result<IndexMap<String, String>, Vec<String>> {
  let mut fields = IndexMap::new();
  let mut problems = Vec::new();
  for line in block {
    // The form file's notes and spacing may be mailed back as they are.
    if line.trim().is_empty() || line.trim_start().starts_with('#') {
      continue;
    }
    let Some((field, value)) = line.split_once(':') else {
      let shown: String = line.trim().chars().take(60).collect();
      problems.push(format!("'{shown}' is not in the form 'Field: value'."));
      continue;
    };
    let field = field.trim().to_lowercase();
    let value = value.trim().to_string();
    if field.is_empty() || field.len() > 40 || value.len() > 500 {
      problems.push(format!("'{}' is too long or has no field name.", line.trim()));
      continue;
    }
    fields.insert(field, value);
  }
  for field in required {
    if fields.get(field).is_none_or(|v| v.is_empty()) {
      problems.push(format!(
        "The house rules require {} {} field with a value.",
        crate::game::report::article(field),
        capitalised(field)
      ));
    }
  }
  if let Some(name) = fields.get("name").filter(|n| !n.is_empty()) {
    if name.split_whitespace().count() < 2 {
      problems.push("Name must give your first and last name.".to_string());
    }
  }
  if let Some(level) = fields.get_mut("level").filter(|l| !l.is_empty()) {
    match LEVELS.iter().find(|l| l.eq_ignore_ascii_case(level.trim())) {
      Some(known) => *level = known.to_string(),
      None => problems.push(format!("Level must be one of {}.", LEVELS.join(", "))),
    }
  }
  if let Some(email) = fields.get("email").filter(|e| !e.is_empty()) {
    if plausible_address(email).is_none() {
      problems.push(format!("Email '{email}' is not an e-mail address."));
    }
  }
  if problems.is_empty() {
    Ok(fields)
  } else {
    Err(problems)
  }
}

impl Session<'_> {
  pub(crate) fn register(&mut self, invocation: &Invocation) -> Result<(), StoreError> {
    if !invocation.closed {
      self.error(
        "REGISTER must be followed by your 'Field: value' lines and a line END.\n\
         Nothing was registered. Send GET form for a form to fill in.",
      );
      return Ok(());
    }
    let fields = match read_fields(&invocation.block, &self.ctx.config.registration.required) {
      Ok(fields) => fields,
      Err(problems) => {
        let list = problems.iter().map(|p| format!("  - {p}")).collect::<Vec<_>>().join("\n");
        self.error(&format!(
          "Nothing was registered, because:\n{list}\n\
           Correct these and send the whole REGISTER ... END block again\n\
           (GET form gives a form to fill in)."
        ));
        return Ok(());
      }
    };
    let wants_package = fields.get("package").is_some_and(|p| p.eq_ignore_ascii_case("yes"));
    let address = self.reply_to.clone();
    let users = self.ctx.users;
    let _lock = users.lock()?;
    let now = self.ctx.now;
    let user = match users.by_address(&address)? {
      Some(mut user) => {
        user.fields = fields;
        user.updated = now;
        users.save(&user)?;
        self.say(&format!("The registration of user #{} ({address}) has been updated.", user.id));
        self.tell_of_record(
          &user,
          "Registration changed",
          &format!(
            "The registration of user #{} on this judge was changed by a REGISTER\n\
             sent from {address}. It now reads:\n\n{}",
            user.id,
            form(&user)
          ),
        );
        user
      }
      None => {
        // A crash may have left part of an earlier try: it is finished
        // under the same number rather than making a second user.
        let id = users.number_for(&address)?;
        let registered = users.get(id)?.map_or(now, |earlier| earlier.registered);
        let user = User { id, addresses: vec![address.clone()], fields, registered, updated: now };
        users.save(&user)?;
        self.say(&format!(
          "Welcome! {address} is now registered on this judge as user #{}.",
          user.id
        ));
        user
      }
    };
    self.say("Your registration as the judge now keeps it:");
    self.say(&form(&user));
    if wants_package {
      self.get_package();
    }
    Ok(())
  }

  /// Mails the address of record of `user` about a change to their
  /// registration, unless the change came from that address (the reply
  /// tells it).
  fn tell_of_record(&mut self, user: &User, what: &str, text: &str) {
    let Some(record) = user.address_of_record() else { return };
    if record.eq_ignore_ascii_case(self.reply_to.trim()) {
      return;
    }
    let code = &self.ctx.config.judge_code;
    let keeper = &self.ctx.config.keeper_address;
    self.others.push(Outgoing {
      to: record.to_string(),
      subject: format!("{code} {what}"),
      body: format!(
        ":: Judge: {code}\n\n{text}\n\
         If this was not you, tell the judgekeeper at {keeper}.\n"
      ),
      in_reply_to: None,
      references: Vec::new(),
      kind: MailKind::Notice,
      attachments: Vec::new(),
    });
  }

  /// `I AM ALSO old [code]`, sent from a new address.
  pub(crate) fn i_am_also(&mut self, args: &str) -> Result<(), StoreError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let old = words.first().and_then(|w| plausible_address(w));
    let (Some(old), true) = (old, words.len() <= 2) else {
      self.error(
        "I AM ALSO needs the address you registered with, for example\n\
         I AM ALSO ann@old.example.org (sent from your new address), and then\n\
         the confirmation code the judge mails you, if you have one.",
      );
      return Ok(());
    };
    let code = words.get(1).copied();
    let address = self.reply_to.clone();
    let users = self.ctx.users;
    let _lock = users.lock()?;
    let Some(user) = users.by_address(&old)? else {
      self.error(&format!(
        "{old} is not registered on this judge, so there is nothing to join\n\
         {address} to. Register with REGISTER ... END (GET form)."
      ));
      return Ok(());
    };
    match users.by_address(&address)? {
      Some(current) if current.id == user.id => {
        self.say(&format!("{address} already belongs to user #{}.", user.id));
        return Ok(());
      }
      Some(current) => {
        self.error(&format!(
          "{address} is already registered as user #{}, a different user from\n\
           {old} (user #{}). Nothing was changed.",
          current.id, user.id
        ));
        return Ok(());
      }
      None => {}
    }
    let proof = self.seat.as_ref().and_then(|s| s.verified.clone());
    if let Some(proof) = proof.filter(|p| p.user == Some(user.id)) {
      let how = format!("a right sign-on as {} from that address", proof.what);
      return self.join_address(user, &old, &how);
    }
    match code {
      Some(code) => self.check_code(user, &old, code),
      None => self.send_code(&user, &old),
    }
  }

  /// Adds the sender's address to `user` (call under the users' lock) and
  /// tells the address of record how it was proved.
  fn join_address(&mut self, mut user: User, old: &str, how: &str) -> Result<(), StoreError> {
    let address = self.reply_to.clone();
    let users = self.ctx.users;
    user.addresses.push(address.clone());
    user.updated = self.ctx.now;
    users.save(&user)?;
    users.drop_pending_also(&address)?;
    self.say(&format!("{address} is now also an address of user #{} ({old}).", user.id));
    self.tell_of_record(
      &user,
      "Registration: new address",
      &wrap(&format!(
        "The address {address} was added to your registration (user #{}) with I AM \
         ALSO, proved by {how}.",
        user.id
      )),
    );
    Ok(())
  }

  /// No proof yet: a code for the user's addresses, kept hashed with the
  /// request. Nothing about the registration changes.
  fn send_code(&mut self, user: &User, old: &str) -> Result<(), StoreError> {
    let address = self.reply_to.clone();
    let now = self.ctx.now;
    let code = new_code();
    let salt = new_salt();
    let expires = now + chrono::TimeDelta::days(CODE_DAYS);
    self.ctx.users.save_pending_also(&PendingAlso {
      user: user.id,
      address: address.clone(),
      code_hash: code_hash(&salt, &code),
      salt,
      requested: now,
      expires,
    })?;
    let until = deadline::show(expires, self.ctx.tz());
    let judge = &self.ctx.config.judge_code;
    for to in &user.addresses {
      self.others.push(Outgoing {
        to: to.clone(),
        subject: format!("{judge} Registration: confirmation code"),
        body: format!(
          ":: Judge: {judge}\n\n{}\n\n{}\n\n  I AM ALSO {old} {code}\n\n\
           If it was not you, do nothing: without the code the address is not\n\
           added, and nothing about your registration has changed.\n",
          wrap(&format!(
            "Someone writing from {address} asked to add that address to your \
             registration on this judge (user #{}) with I AM ALSO {old}.",
            user.id
          )),
          wrap(&format!("If it was you, send this line from {address} by {until}:")),
        ),
        in_reply_to: None,
        references: Vec::new(),
        kind: MailKind::Notice,
        attachments: Vec::new(),
      });
    }
    self.say(&wrap(&format!(
      "Nothing was changed yet: the judge must know that {old} is yours. A \
       confirmation code was mailed to {}. Send I AM ALSO {old} followed by that code \
       from {address} by {until}. If {old} no longer works, send I AM ALSO {old} \
       together with a SIGN ON to one of your games, with its password, in one \
       message from {address}.",
      user.addresses.join(", ")
    )));
    Ok(())
  }

  /// `I AM ALSO old code`: the code must be the one mailed for a request
  /// from this very address, in time, and not guessed (wrong codes count
  /// toward the throttle of the user's registration).
  fn check_code(&mut self, user: User, old: &str, code: &str) -> Result<(), StoreError> {
    let address = self.reply_to.clone();
    let now = self.ctx.now;
    let users = self.ctx.users;
    let pending = users.pending_also(&address)?.filter(|p| p.user == user.id);
    let Some(pending) = pending.filter(|p| p.expires > now) else {
      self.error(&wrap(&format!(
        "No I AM ALSO {old} from {address} is waiting for a code: a code is good \
         only from the address that asked for it, for {CODE_DAYS} days. Send I AM \
         ALSO {old} without a code for a new one. Nothing was changed."
      )));
      return Ok(());
    };
    let throttle = self.throttle();
    let seat = throttle::seat("registration", &user.id.to_string());
    let tz = self.ctx.tz();
    if let Some(until) = throttle.locked_until(&seat, now)? {
      self.error(&wrap(&format!(
        "Codes for the registration of {old} are refused until {}, because of \
         {} wrong codes within an hour; this one was not checked. Nothing was \
         changed.",
        deadline::show(until, tz),
        throttle::LIMIT
      )));
      return Ok(());
    }
    if code_hash(&pending.salt, code) == pending.code_hash {
      throttle.succeeded(&seat)?;
      return self.join_address(user, old, "the confirmation code mailed to you");
    }
    let failed = throttle.failed(&seat, now, self.ctx.origin)?;
    self.error(&wrap(&format!(
      "That is not the code that was mailed to {} for {address}. Check it and \
       send I AM ALSO {old} with the code again. Nothing was changed.",
      user.addresses.join(", ")
    )));
    if let Failed::Locked { until } = failed {
      let until = deadline::show(until, tz);
      self.say(&wrap(&format!(
        "After {} wrong codes within an hour, no code for {old} is taken until {until}.",
        throttle::LIMIT
      )));
      self.tell_of_record(
        &user,
        "Registration: wrong codes",
        &wrap(&format!(
          "{} wrong confirmation codes came from {address} within an hour, asking \
           to add it to your registration (user #{}). No code is taken until \
           {until}; your registration has not changed.",
          throttle::LIMIT,
          user.id
        )),
      );
    }
    Ok(())
  }

  /// After a right sign-on: a waiting I AM ALSO from this address to the
  /// signed-on member's registration is proved, whichever line came first.
  pub(crate) fn prove_pending_also(&mut self) -> Result<(), StoreError> {
    let Some(proof) = self.seat.as_ref().and_then(|s| s.verified.clone()) else { return Ok(()) };
    let users = self.ctx.users;
    let address = self.reply_to.clone();
    let Some(pending) = users.pending_also(&address)? else { return Ok(()) };
    if Some(pending.user) != proof.user || pending.expires <= self.ctx.now {
      return Ok(());
    }
    let _lock = users.lock()?;
    if users.by_address(&address)?.is_some() {
      return Ok(());
    }
    let Some(user) = users.get(pending.user)? else { return Ok(()) };
    let old = user.address_of_record().unwrap_or_default().to_string();
    let how = format!("a right sign-on as {} from that address", proof.what);
    self.join_address(user, &old, &how)
  }

  /// The wrong-password throttle of this judge's data directory.
  pub(crate) fn throttle(&self) -> Throttle {
    Throttle::new(
      &DataDir::new(self.ctx.data_root),
      Duration::from_secs(self.ctx.config.lock_timeout_seconds),
    )
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  fn required() -> Vec<String> {
    ["name", "address", "country", "email", "level"].iter().map(|s| s.to_string()).collect()
  }

  fn block(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
  }

  #[test]
  fn a_complete_form_is_accepted_and_the_level_normalised() {
    let fields = read_fields(
      &block(&[
        "Name: Ann Smith",
        "Address: 1 Main St, Springfield",
        "Country: USA",
        "Email: ann@x.org",
        "Level: novice",
      ]),
      &required(),
    );
    assert_eq!(fields.map(|f| f["level"].clone()), Ok("Novice".to_string()));
  }

  #[test]
  fn every_problem_is_named() {
    let problems =
      read_fields(&block(&["Name: Ann", "Level: grandmaster", "nonsense"]), &required())
        .err()
        .unwrap_or_default();
    let all = problems.join("\n");
    assert!(all.contains("'nonsense' is not in the form"));
    assert!(all.contains("Address field"));
    assert!(all.contains("Country field"));
    assert!(all.contains("first and last name"));
    assert!(all.contains("Level must be one of"));
  }

  #[test]
  fn codes_are_unambiguous_and_read_back_however_they_are_typed() {
    let code = new_code();
    assert_eq!(code.len(), CODE_LEN);
    assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
    assert_ne!(new_code(), code, "40 random bits do not repeat");
    let salt = new_salt();
    let typed = format!(" {}-{} ", &code[..4].to_lowercase(), &code[4..]);
    assert_eq!(code_hash(&salt, &typed), code_hash(&salt, &code));
    assert_ne!(code_hash(&new_salt(), &code), code_hash(&salt, &code));
  }
}
