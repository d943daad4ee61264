//! Who may join a game (manual §8.4): the allow and deny lists of
//! addresses, the experience level, and the site rule. Pure: the caller
//! looks up the newcomer's registration and the sites of those already in
//! the game, and this module says yes, or says why not in words the
//! newcomer can act on. (The dedication thresholds, which need the
//! ledger, are checked beside these by the session.)

use serde::{Deserialize, Serialize};

/// SET ACCESS: whose site a newcomer's must match, or differ from.
///
/// A user's site is the `Site` field of their registration; when they gave
/// none, the domain of their address stands in for it (where they get
/// their mail, which is what the field used to mean).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiteRule {
  /// Anyone may join (the default).
  #[default]
  Any,
  /// Only users of the same site as everyone already playing (the first
  /// player sets it): a game among colleagues. The Master's own site does
  /// not count; a Master need not be one of them.
  Same,
  /// Only users of a site no player already has: players who are unlikely
  /// to know one another.
  Different,
}

impl SiteRule {
  /// Reads `ANY`, `SAME` or `DIFFERENT`, each optionally ending in `-SITE`
  /// (or followed by `SITE`), as the manual writes them.
  pub fn parse(text: &str) -> Option<SiteRule> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let word = match words.as_slice() {
      [one] => one.strip_suffix("-site").unwrap_or(one),
      [one, "-site" | "site"] => one,
      _ => return None,
    };
    match word {
      "any" => Some(SiteRule::Any),
      "same" => Some(SiteRule::Same),
      "different" | "diff" => Some(SiteRule::Different),
      _ => None,
    }
  }

  /// The rule in words, for LIST and the `Parameter Change`.
  pub fn describe(self) -> &'static str {
    match self {
      SiteRule::Any => "players from any site",
      SiteRule::Same => "only players from the same site as the other players",
      SiteRule::Different => "only players from a site no other player has",
    }
  }

  /// Whether a newcomer from `site` may join a game whose players come
  /// from `others`; says why not.
  pub fn admits(self, site: &str, others: &[String]) -> Result<(), Admission> {
    let same = |other: &String| other.eq_ignore_ascii_case(site);
    match self {
      SiteRule::Any => Ok(()),
      SiteRule::Same => match others.iter().find(|o| !same(o)) {
        None => Ok(()),
        Some(other) => {
          Err(Admission::OtherSite { site: site.to_string(), theirs: other.to_string() })
        }
      },
      SiteRule::Different if others.iter().any(same) => {
        Err(Admission::SameSite { site: site.to_string() })
      }
      SiteRule::Different => Ok(()),
    }
  }
}

/// The site a registration gives: its `Site` field, or else the domain of
/// its address.
pub fn site_of(site_field: Option<&str>, address: &str) -> String {
  match site_field.map(str::trim).filter(|s| !s.is_empty()) {
    Some(site) => site.to_string(),
    None => address.rsplit_once('@').map_or(address, |(_, domain)| domain).trim().to_lowercase(),
  }
}

/// SET LEVEL: the classes of player a game takes. The three official
/// classes are Novice, Intermediate and Expert; Amateur is Novice or
/// Intermediate, Advanced is Intermediate or Expert.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Level {
  #[default]
  Any,
  Novice,
  Amateur,
  Intermediate,
  Advanced,
  Expert,
}

/// The official classes, as bits.
const NOVICE: u8 = 1;
const INTERMEDIATE: u8 = 2;
const EXPERT: u8 = 4;

impl Level {
  /// Reads a level's name, any case.
  pub fn parse(text: &str) -> Option<Level> {
    let levels = [
      Level::Any,
      Level::Novice,
      Level::Amateur,
      Level::Intermediate,
      Level::Advanced,
      Level::Expert,
    ];
    levels.into_iter().find(|l| l.name().eq_ignore_ascii_case(text.trim()))
  }

  pub fn name(self) -> &'static str {
    match self {
      Level::Any => "Any",
      Level::Novice => "Novice",
      Level::Amateur => "Amateur",
      Level::Intermediate => "Intermediate",
      Level::Advanced => "Advanced",
      Level::Expert => "Expert",
    }
  }

  /// The official classes this level stands for.
  fn classes(self) -> u8 {
    match self {
      Level::Any => NOVICE | INTERMEDIATE | EXPERT,
      Level::Novice => NOVICE,
      Level::Amateur => NOVICE | INTERMEDIATE,
      Level::Intermediate => INTERMEDIATE,
      Level::Advanced => INTERMEDIATE | EXPERT,
      Level::Expert => EXPERT,
    }
  }

  /// The level in words, for LIST and the `Parameter Change`.
  pub fn describe(self) -> String {
    match self {
      Level::Any => "players of any level".to_string(),
      Level::Amateur => "only Amateur players (Novice or Intermediate)".to_string(),
      Level::Advanced => "only Advanced players (Intermediate or Expert)".to_string(),
      level => format!("only {} players", level.name()),
    }
  }

  /// Whether a player whose registration gives `registered` as their
  /// level may join. A player who calls themselves Amateur or Advanced
  /// fits only a game that takes both classes that level spans.
  pub fn admits(self, registered: Option<&str>) -> Result<(), Admission> {
    if self == Level::Any {
      return Ok(());
    }
    let (wanted, name) = (self.describe(), self.name().to_ascii_uppercase());
    match registered.filter(|r| !r.trim().is_empty()) {
      None => Err(Admission::NoLevel { wanted, name }),
      Some(text) => match Level::parse(text).filter(|l| *l != Level::Any) {
        Some(level) if level.classes() & !self.classes() == 0 => Ok(()),
        _ => Err(Admission::OtherLevel { wanted, name, registered: text.trim().to_string() }),
      },
    }
  }
}

/// The allow and deny lists (SET ALLOW PLAYER, SET DENY PLAYER): when an
/// allow list exists only its addresses may join, and the deny list is not
/// looked at; otherwise every address but those denied may. `addresses`
/// are all of the newcomer's addresses (a registration may have several).
pub fn listed_admits(
  allow: &[String],
  deny: &[String],
  addresses: &[String],
) -> Result<(), Admission> {
  let on =
    |list: &[String]| list.iter().any(|l| addresses.iter().any(|a| a.eq_ignore_ascii_case(l)));
  if !allow.is_empty() {
    return if on(allow) { Ok(()) } else { Err(Admission::NotAllowed) };
  }
  if on(deny) {
    return Err(Admission::Denied);
  }
  Ok(())
}

/// Whether a player with `points` of dedication, an on-time ratio of
/// `ontime` and a civil-disorder ratio of `cd` meets the game's
/// thresholds (manual §8.4 DEDICATION, ONTIMERAT, RESRAT).
pub fn thresholds_admit(
  settings: &super::Settings,
  points: i32,
  ontime: f64,
  cd: f64,
) -> Result<(), Admission> {
  let s = settings;
  if points <= s.min_dedication {
    Err(Admission::Dedication { min: s.min_dedication, points })
  } else if ontime < s.min_ontime {
    Err(Admission::OntimeRatio { min: s.min_ontime, ratio: ontime })
  } else if cd > s.max_cd_ratio {
    Err(Admission::CdRatio { max: s.max_cd_ratio, ratio: cd })
  } else {
    Ok(())
  }
}

/// Why a game does not admit a newcomer (manual §8.4). Each reads as the
/// rest of a sentence about the game: "Game 'x' {reason}".
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Admission {
  #[error(
    "admits only the addresses on its allow list (SET ALLOW PLAYER),\nand yours is not on it"
  )]
  NotAllowed,
  #[error("does not admit your address: it is on the game's deny list\n(SET DENY PLAYER)")]
  Denied,
  /// `wanted` says which levels the game takes, `name` is its SET LEVEL.
  #[error(
    "takes {wanted} (SET LEVEL {name}), and your registration\n\
     gives no Level: register again with a Level line"
  )]
  NoLevel { wanted: String, name: String },
  #[error(
    "takes {wanted} (SET LEVEL {name}), and your registration\n\
     says {registered}; if your level has changed, register again with the new one"
  )]
  OtherLevel { wanted: String, name: String, registered: String },
  #[error(
    "takes only players from the same site as those in it (SET ACCESS SAME):\n\
     your site is '{site}', and theirs is '{theirs}'"
  )]
  OtherSite { site: String, theirs: String },
  #[error(
    "takes only players from different sites (SET ACCESS DIFFERENT), and\n\
     a player from your site, '{site}', is in it already"
  )]
  SameSite { site: String },
  #[error("takes players with more than {min} dedication points, and you have {points}")]
  Dedication { min: i32, points: i32 },
  #[error("takes players with an on-time ratio of at least {min:.2}, and yours is {ratio:.2}")]
  OntimeRatio { min: f64, ratio: f64 },
  #[error(
    "takes players with a civil-disorder ratio of at most {max:.2}, and yours is {ratio:.2}"
  )]
  CdRatio { max: f64, ratio: f64 },
}

#[cfg(test)]
mod tests {
  use super::*;

  fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
  }

  #[test]
  fn site_rules_are_read_with_or_without_the_site_suffix() {
    assert_eq!(SiteRule::parse("any"), Some(SiteRule::Any));
    assert_eq!(SiteRule::parse("SAME-SITE"), Some(SiteRule::Same));
    assert_eq!(SiteRule::parse("Different -site"), Some(SiteRule::Different));
    assert_eq!(SiteRule::parse("diff"), Some(SiteRule::Different));
    assert_eq!(SiteRule::parse("sometimes"), None);
    assert_eq!(SiteRule::parse(""), None);
    assert_eq!(SiteRule::parse("same judge"), None);
  }

  #[test]
  fn a_site_is_the_registered_one_or_the_mail_domain() {
    assert_eq!(site_of(Some(" Uni Leeds "), "ann@x.org"), "Uni Leeds");
    assert_eq!(site_of(Some(""), "ann@Leeds.AC.uk"), "leeds.ac.uk");
    assert_eq!(site_of(None, "nodomain"), "nodomain");
  }

  #[test]
  fn same_and_different_sites_compare_with_those_in_the_game() {
    let others = strings(&["a.org", "A.org"]);
    assert!(SiteRule::Same.admits("a.org", &others).is_ok());
    assert!(SiteRule::Same.admits("b.org", &others).unwrap_err().to_string().contains("'a.org'"));
    assert!(SiteRule::Different.admits("b.org", &others).is_ok());
    assert!(SiteRule::Different.admits("a.ORG", &others).is_err());
    assert!(SiteRule::Same.admits("b.org", &[]).is_ok(), "the first player sets the site");
    assert!(SiteRule::Any.admits("b.org", &others).is_ok());
  }

  #[test]
  fn levels_admit_the_classes_they_span() {
    assert!(Level::Any.admits(None).is_ok());
    assert!(Level::Amateur.admits(Some("novice")).is_ok());
    assert!(Level::Amateur.admits(Some("Intermediate")).is_ok());
    assert!(Level::Amateur.admits(Some("Expert")).is_err());
    assert!(Level::Advanced.admits(Some("Amateur")).is_err());
    assert!(Level::Amateur.admits(Some("Amateur")).is_ok());
    assert!(Level::Expert.admits(Some("Advanced")).is_err());
    assert!(Level::Novice.admits(None).unwrap_err().to_string().contains("gives no Level"));
    assert!(Level::Novice.admits(Some("guru")).unwrap_err().to_string().contains("says guru"));
    assert_eq!(Level::parse("EXPERT"), Some(Level::Expert));
    assert_eq!(Level::parse("master"), None);
  }

  #[test]
  fn the_allow_list_wins_over_the_deny_list() {
    let me = strings(&["ann@x.org", "ann@y.org"]);
    assert!(listed_admits(&[], &[], &me).is_ok());
    assert!(listed_admits(&[], &strings(&["ANN@y.org"]), &me).is_err());
    assert!(listed_admits(&strings(&["ann@x.org"]), &strings(&["ann@x.org"]), &me).is_ok());
    assert!(listed_admits(&strings(&["bob@x.org"]), &[], &me)
      .unwrap_err()
      .to_string()
      .contains("allow list"));
  }
}
