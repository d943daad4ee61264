//! The information commands of manual §§3.2–3.3: HELP, GET, GET PACKAGE,
//! VERSION, WHO / WHO IS, INFO PLAYER, GET DEDICATION, GET WHOIS.

use super::Session;
use crate::game::report::capitalised;
use crate::help;
use crate::store::ledger;
use crate::store::users::User;
use crate::store::StoreError;

/// The most addresses one WHO / WHO IS line looks up.
const MAX_WHO: usize = 20;

/// The address in a command argument, if it is one: `<>` around it are
/// allowed, the shape is the mail edge's rule.
pub(crate) fn plausible_address(text: &str) -> Option<String> {
  let text = text.trim();
  let text = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')).unwrap_or(text);
  crate::mail::inbound::plausible_address(text)
}

/// A user's registration as a form they could send back.
/// The fields of a registration that are private unless the user opted
/// in with `Public: yes` (2026 privacy law: a stranger must not get a
/// player's postal address and phone).
const PRIVATE_FIELDS: &[&str] = &["address", "phone"];

/// A registration as another person sees it: the postal address and the
/// phone only if the user opted in (`Public: yes`) and the viewer is
/// registered; the user's own registration is shown whole by [`form`].
pub(crate) fn form_for(user: &User, viewer_registered: bool) -> String {
  let public = user.fields.get("public").is_some_and(|v| v.trim().eq_ignore_ascii_case("yes"));
  if public && viewer_registered {
    return form(user);
  }
  let mut shown = user.clone();
  let mut hidden = false;
  for field in PRIVATE_FIELDS {
    hidden |= shown.fields.shift_remove(*field).is_some();
  }
  let mut text = form(&shown);
  if hidden {
    text.push_str("(Postal address and phone are private.)\n");
  }
  text
}

pub(crate) fn form(user: &User) -> String {
  let mut text = format!("User #{}: {}\n", user.id, user.addresses.join(", "));
  text.push_str("REGISTER\n");
  for (field, value) in &user.fields {
    text.push_str(&format!("{}: {value}\n", capitalised(field)));
  }
  text.push_str("END\n");
  text
}

impl Session<'_> {
  /// Queues a help file for the sender.
  pub(crate) fn send_file(&mut self, name: &str) {
    if let Some(text) = help::file(name) {
      let code = &self.ctx.config.judge_code;
      self.to_sender.push((format!("{code} File: {name}"), text.into_owned()));
    }
  }

  pub(crate) fn get(&mut self, args: &str) {
    let name = args.trim();
    if name.is_empty() {
      self
        .error("GET needs the name of a file, for example GET info. Send GET flist for the list.");
      return;
    }
    let known = help::names().iter().find(|n| n.eq_ignore_ascii_case(name)).map(|n| n.to_string());
    // info.<variant>, map.<variant> and info.<option> keep the name as
    // typed, lower case.
    let known = known.or_else(|| help::file(name).map(|_| name.to_ascii_lowercase()));
    match known {
      Some(known) => {
        self.send_file(&known);
        self.say(&format!("The file '{known}' is on its way in a separate message."));
      }
      None => {
        let shown: String = name.chars().take(40).collect();
        let list = help::names().join(", ");
        self.error(&format!(
          "There is no file called '{shown}'. The files you can GET are:\n{list},\n\
           info.VARIANT and map.VARIANT for any variant (SIGN ON ? password x\n\
           lists them), info.OPTION for any variant option (info.gunboat;\n\
           flist names them all), and GET PACKAGE for the new-user package."
        ));
      }
    }
  }

  pub(crate) fn get_package(&mut self) {
    for name in help::package() {
      self.send_file(name);
    }
    let list = help::package().join(", ");
    self.say(&format!("The new-user package ({list}) is on its way, one message per file."));
  }

  pub(crate) fn version(&mut self) {
    self.say(&format!(
      "This judge runs judge {}, an e-mail Diplomacy adjudicator written in Rust\n\
       in the tradition of njudge.",
      env!("CARGO_PKG_VERSION")
    ));
  }

  pub(crate) fn who(&mut self, args: &str) -> Result<(), StoreError> {
    let prefixes: Vec<&str> = args.split_whitespace().collect();
    if prefixes.is_empty() {
      self.error(
        "WHO IS needs an address or the start of one, for example WHO IS ann@\n\
         (every registered address starting with those characters is listed).",
      );
      return Ok(());
    }
    if prefixes.len() > MAX_WHO {
      self.error(&format!(
        "WHO IS looks up at most {MAX_WHO} addresses at a time; only the first {MAX_WHO} were."
      ));
    }
    let viewer_registered = self.ctx.users.by_address(&self.reply_to)?.is_some();
    for prefix in prefixes.into_iter().take(MAX_WHO) {
      let shown: String = prefix.chars().take(60).collect();
      let found = self.ctx.users.addresses_starting(prefix)?;
      if found.is_empty() {
        self.say(&format!("No registered address starts with '{shown}'."));
        continue;
      }
      let mut seen = Vec::new();
      for (_, user) in found {
        if !seen.contains(&user.id) {
          seen.push(user.id);
          self.say(&form_for(&user, viewer_registered));
        }
      }
    }
    Ok(())
  }

  pub(crate) fn info_player(&mut self, args: &str) -> Result<(), StoreError> {
    let Some(address) = plausible_address(args) else {
      self.error(
        "INFO PLAYER needs a complete e-mail address, for example\n\
         INFO PLAYER ann@example.org",
      );
      return Ok(());
    };
    match self.ctx.users.by_address(&address)? {
      Some(user) => self.player_data(&address, &user)?,
      None => self.error(&format!("No registered user has the address {address}.")),
    }
    Ok(())
  }

  pub(crate) fn get_dedication(&mut self) -> Result<(), StoreError> {
    let address = self.reply_to.clone();
    match self.ctx.users.by_address(&address)? {
      Some(user) => self.player_data(&address, &user)?,
      None => self.error(&format!(
        "{address} is not registered on this judge, so it has no record.\n\
         Send GET form for the registration form."
      )),
    }
    Ok(())
  }

  fn player_data(&mut self, address: &str, user: &User) -> Result<(), StoreError> {
    let tz = self.ctx.config.tz().unwrap_or(crate::zone::UTC);
    let since = user.registered.with_timezone(&tz).format("%a %b %d %Y %H:%M:%S %z");
    let level = user.fields.get("level").map(String::as_str).unwrap_or("not given");
    let d = ledger::dedication(&ledger::dir(self.ctx.data_root), user.id)?;
    self.say(&format!(
      "Player information for {address}:\n\
       \x20 User number:     {}\n\
       \x20 Registered:      {since}\n\
       \x20 Addresses:       {}\n\
       \x20 Level:           {level}\n\
       \x20 Games played:    {}\n\
       \x20 Dedication:      {} points\n\
       \x20 On-time ratio:   {:.2} ({} of {} phases on time)\n\
       \x20 Civil disorder:  {:.2} ({} in {} games)\n\
       \x20 Abandoned:       {} position{}\n\
       \x20 Games ended:     {} ({} won, {} drawn, {} lost)",
      user.id,
      user.addresses.join(", "),
      d.games,
      d.points,
      d.ontime_ratio(),
      d.on_time,
      d.turns,
      d.cd_ratio(),
      d.civil_disorders,
      d.games,
      d.abandoned,
      if d.abandoned == 1 { "" } else { "s" },
      d.won + d.drawn + d.lost,
      d.won,
      d.drawn,
      d.lost,
    ));
    Ok(())
  }

  pub(crate) fn get_whois(&mut self) -> Result<(), StoreError> {
    if !self.ctx.config.whois {
      self.error(
        "The judgekeeper has turned GET WHOIS off on this judge. Use WHO IS\n\
         with an address (or its start) to look up particular players.",
      );
      return Ok(());
    }
    let users = self.ctx.users.all()?;
    let viewer_registered = self.ctx.users.by_address(&self.reply_to)?.is_some();
    let mut text = format!("The registration database of this judge: {} users.\n\n", users.len());
    for user in &users {
      text.push_str(&form_for(user, viewer_registered));
      text.push('\n');
    }
    let code = &self.ctx.config.judge_code;
    self.to_sender.push((format!("{code} File: whois"), text));
    self.say("The registration database is on its way in a separate message.");
    Ok(())
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn addresses_are_checked_for_shape() {
    assert_eq!(plausible_address(" <Ann@x.org> "), Some("Ann@x.org".into()));
    assert_eq!(plausible_address("ann"), None);
    assert_eq!(plausible_address("a b@x.org"), None);
    assert_eq!(plausible_address("a@b@x.org"), None);
    assert_eq!(plausible_address("a@x.org\r\nBcc: e@v.il"), None);
    assert_eq!(plausible_address("@x.org"), None);
  }
}
