//! Who may join a game (manual §8.4): SET ACCESS, SET ALLOW PLAYER, SET
//! DENY PLAYER and SET LEVEL, and the check every newcomer passes, at
//! SIGN ON to a forming game, at a takeover, and (the allow and deny lists
//! only) at OBSERVE. The rules themselves are `game::access`'s; this
//! module fetches the registrations they need. Members already in the game
//! signing on again are not checked: a Master removes a player with EJECT.

use super::info::plausible_address;
use super::Session;
use crate::game::access::{listed_admits, site_of, thresholds_admit, Admission, Level, SiteRule};
use crate::game::{Game, Role};
use crate::store::users::{canonical, User};
use crate::store::StoreError;

/// Which list SET ALLOW PLAYER or SET DENY PLAYER changes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum List {
  Allow,
  Deny,
}

impl Session<'_> {
  /// SET ACCESS ANY | SAME | DIFFERENT [-SITE].
  pub(crate) fn set_access(&mut self, args: &str) {
    if !self.may_moderate("SET ACCESS", false) {
      return;
    }
    let Some(rule) = SiteRule::parse(args) else {
      self.error(&format!(
        "SET ACCESS takes ANY, SAME or DIFFERENT (each may end in -SITE), not '{}'.\n\
         Nothing was changed.",
        args.trim()
      ));
      return;
    };
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.access = rule;
    }
    self.parameter_change(&format!(
      "the game takes {} (a site is the Site of a registration, or the\n\
       domain of its address)",
      rule.describe()
    ));
  }

  /// SET LEVEL ANY | NOVICE | AMATEUR | INTERMEDIATE | ADVANCED | EXPERT.
  pub(crate) fn set_level(&mut self, args: &str) {
    if !self.may_moderate("SET LEVEL", false) {
      return;
    }
    let Some(level) = Level::parse(args) else {
      self.error(&format!(
        "SET LEVEL takes Any, Novice, Amateur, Intermediate, Advanced or Expert, not\n\
         '{}'. Nothing was changed.",
        args.trim()
      ));
      return;
    };
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.level = level;
    }
    self.parameter_change(&format!("the game takes {}", level.describe()));
  }

  /// SET ALLOW PLAYER [-]address and SET DENY PLAYER [-]address: one
  /// address onto the list, or with `-`, off it.
  pub(crate) fn set_listed_player(&mut self, list: List, args: &str) {
    let command = match list {
      List::Allow => "SET ALLOW PLAYER",
      List::Deny => "SET DENY PLAYER",
    };
    if !self.may_moderate(command, false) {
      return;
    }
    let text = args.trim();
    let (remove, text) = match text.strip_prefix('-') {
      Some(rest) => (true, rest.trim()),
      None => (false, text),
    };
    let address = (!text.contains(char::is_whitespace)).then(|| plausible_address(text)).flatten();
    let Some(address) = address.map(|a| canonical(&a)) else {
      self.error(&format!(
        "{command} takes one e-mail address, with a '-' in front to take it off the\n\
         list ({command} -name@example.org), not '{}'. Nothing was changed.",
        args.trim()
      ));
      return;
    };
    let Some(seat) = self.seat.as_mut() else { return };
    let settings = &mut seat.stored.game.settings;
    let gunboat = settings.gunboat;
    let entries = match list {
      List::Allow => &mut settings.allow,
      List::Deny => &mut settings.deny,
    };
    let found = entries.iter().position(|a| a.eq_ignore_ascii_case(&address));
    let (list_name, meaning) = match list {
      List::Allow => ("allow", "only the addresses on it may join"),
      List::Deny => ("deny", "the addresses on it may not join"),
    };
    let problem = match (remove, found) {
      (true, None) => Some(format!("{address} is not on the {list_name} list")),
      (false, Some(_)) => Some(format!("{address} is on the {list_name} list already")),
      _ => None,
    };
    if let Some(problem) = problem {
      self.error(&format!("{problem}. Nothing was changed."));
      return;
    }
    match found {
      Some(index) => {
        entries.remove(index);
      }
      None => entries.push(address.clone()),
    }
    let left = entries.len();
    // A gunboat game keeps who may play in it to its moderator.
    let who = if gunboat { "an address".to_string() } else { address };
    let mut what = if remove {
      format!("{who} is no longer on the {list_name} list")
    } else {
      format!("{who} is on the {list_name} list: {meaning}")
    };
    if remove && left == 0 {
      what.push_str(", which is now empty");
    }
    if matches!(list, List::Deny) && !seat.stored.game.settings.allow.is_empty() {
      what.push_str(" (the allow list decides while it has addresses)");
    }
    self.parameter_change(&what);
  }

  /// Whether the sender may join `game` as a new player (`as_player`) or
  /// observer; says why not, naming the rule. Observers are held only to
  /// the allow and deny lists; players also to the level, the site rule
  /// and the dedication thresholds.
  pub(crate) fn admitted(&mut self, game: &Game, as_player: bool) -> Result<bool, StoreError> {
    let user = self.ctx.users.by_address(&self.reply_to)?;
    let mut addresses = vec![self.reply_to.clone()];
    if let Some(user) = &user {
      addresses.extend(user.addresses.iter().cloned());
    }
    let s = &game.settings;
    let mut problem = listed_admits(&s.allow, &s.deny, &addresses).err();
    if problem.is_none() && as_player {
      let field = |name: &str| user.as_ref().and_then(|u| u.fields.get(name)).map(String::as_str);
      problem = s.level.admits(field("level")).err();
      if problem.is_none() && s.access != SiteRule::Any {
        let site = site_of(field("site"), user_address(user.as_ref(), &self.reply_to));
        let others = self.sites_in(game, user.as_ref().map(|u| u.id))?;
        problem = s.access.admits(&site, &others).err();
      }
      if problem.is_none() {
        problem = self.short_of_thresholds(game)?;
      }
    }
    match problem {
      Some(problem) => {
        self.error(&format!("Game '{}' {problem}. Nothing was signed on.", game.name));
        Ok(false)
      }
      None => Ok(true),
    }
  }

  /// The sites a newcomer's is compared with: of the players still
  /// playing (not an abandoned power's), never the newcomer's own.
  fn sites_in(&self, game: &Game, newcomer: Option<u32>) -> Result<Vec<String>, StoreError> {
    let mut sites = Vec::new();
    for member in &game.members {
      let counted = member.role == Role::Player && !member.abandoned;
      if !counted || (member.user.is_some() && member.user == newcomer) {
        continue;
      }
      let user = match member.user {
        Some(id) => self.ctx.users.get(id)?,
        None => None,
      };
      let field = user.as_ref().and_then(|u| u.fields.get("site")).map(String::as_str);
      sites.push(site_of(field, user_address(user.as_ref(), &member.address)));
    }
    Ok(sites)
  }

  /// What in the sender's dedication keeps them out of `game` (manual
  /// §8.4 DEDICATION, ONTIMERAT, RESRAT), if anything.
  fn short_of_thresholds(&self, game: &Game) -> Result<Option<Admission>, StoreError> {
    let d = self.sender_dedication()?;
    Ok(thresholds_admit(&game.settings, d.points, d.ontime_ratio(), d.cd_ratio()).err())
  }
}

/// The address a site falls back on: the registration's first (where the
/// judge writes), else `address`; the first of several in a member's
/// SET ADDRESS list.
fn user_address<'a>(user: Option<&'a User>, address: &'a str) -> &'a str {
  match user.and_then(|u| u.addresses.first()) {
    Some(first) => first,
    None => address.split(',').next().unwrap_or(address).trim(),
  }
}
