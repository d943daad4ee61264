//! REGISTER … END and I AM ALSO (manual §3.3): the registration form, the
//! house rules' required fields, re-registration, extra addresses.

use indexmap::IndexMap;

use super::info::{form, plausible_address};
use super::Session;
use crate::command::Invocation;
use crate::game::report::capitalised;
use crate::mail::outbound::{MailKind, Outgoing};
use crate::store::users::User;
use crate::store::StoreError;

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
      problems
        .push(format!("The house rules require a {} field with a value.", capitalised(field)));
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
  pub(super) fn register(&mut self, invocation: &Invocation) -> Result<(), StoreError> {
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
        user
      }
      None => {
        let user = User {
          id: users.next_id()?,
          addresses: vec![address.clone()],
          fields,
          registered: now,
          updated: now,
        };
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

  pub(super) fn i_am_also(&mut self, args: &str) -> Result<(), StoreError> {
    let Some(old) = plausible_address(args) else {
      self.error(
        "I AM ALSO needs the address you registered with, for example\n\
         I AM ALSO ann@old.example.org (sent from your new address).",
      );
      return Ok(());
    };
    let address = self.reply_to.clone();
    let users = self.ctx.users;
    let _lock = users.lock()?;
    let Some(mut user) = users.by_address(&old)? else {
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
    let primary = user.addresses.first().cloned().unwrap_or_else(|| old.clone());
    user.addresses.push(address.clone());
    user.updated = self.ctx.now;
    users.save(&user)?;
    self.say(&format!("{address} is now also an address of user #{} ({old}).", user.id));
    let code = &self.ctx.config.judge_code;
    self.others.push(Outgoing {
      to: primary,
      subject: format!("{code} Registration: new address"),
      body: format!(
        ":: Judge: {code}\n\n\
         The address {address} was added to your registration (user #{}) with\n\
         I AM ALSO. If this was not you, tell the judgekeeper.\n",
        user.id
      ),
      in_reply_to: None,
      references: Vec::new(),
      kind: MailKind::Notice,
    });
    Ok(())
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
}
