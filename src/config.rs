//! `DIR/judge.toml`: the judgekeeper's settings. `judge init` writes the
//! commented template (`data/judge.toml`); every key has a default, so a
//! file may name only what it changes.

use std::path::Path;

use crate::zone::Tz;
use serde::Deserialize;

use crate::game::deadline::DeadlineRule;

/// The commented template `judge init` writes.
pub const TEMPLATE: &str = include_str!("../data/judge.toml");

/// Everything in `judge.toml`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
  pub judge_address: String,
  pub judge_name: String,
  pub judge_code: String,
  pub keeper_address: String,
  /// The envelope sender of the judge's mail, where bounces go; empty
  /// means `keeper_address`. See [`Config::bounces_to`].
  pub bounce_address: String,
  pub timezone: String,
  pub max_message_bytes: usize,
  pub whois: bool,
  /// Whether WHOGAME shows each member's registration (name, country,
  /// level…); off, it names the members only.
  pub whogame_registration: bool,
  pub lock_timeout_seconds: u64,
  pub transport: TransportConfig,
  pub registration: RegistrationConfig,
  #[serde(rename = "move", deserialize_with = "movement_section")]
  pub movement: DeadlineRule,
  #[serde(deserialize_with = "other_section")]
  pub retreat: DeadlineRule,
  #[serde(deserialize_with = "other_section")]
  pub adjust: DeadlineRule,
  pub dedication: DedicationConfig,
  pub outage: OutageConfig,
  pub web: WebConfig,
}

/// The longest a web sign-in may last: ten years.
pub const MAX_SESSION_HOURS: u64 = 87_600;

/// `[web]`: `judge serve`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
  /// Where players reach the pages (through the keeper's proxy); empty
  /// when they are not public.
  pub public_url: String,
  /// `HOST:PORT` or `unix:PATH`, unless `--listen` says otherwise.
  pub listen: String,
  /// How long a sign-in lasts.
  pub session_hours: u64,
  /// Whether a seat is mailed the reply to what it entered on the web.
  pub receipts: bool,
}

impl Default for WebConfig {
  fn default() -> Self {
    WebConfig {
      public_url: String::new(),
      listen: "127.0.0.1:8080".into(),
      session_hours: 720,
      receipts: true,
    }
  }
}

impl WebConfig {
  /// Whether the pages are reached over https (the cookie is then
  /// `Secure`).
  pub fn https(&self) -> bool {
    self.public_url.starts_with("https://")
  }
}

/// `[dedication]`: the points of the original dedication system (manual
/// §5.2).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct DedicationConfig {
  pub on_time: i32,
  pub reminder: i32,
  pub abandoned: i32,
  pub civil_disorder: i32,
}

impl Default for DedicationConfig {
  fn default() -> Self {
    DedicationConfig { on_time: 3, reminder: -1, abandoned: -50, civil_disorder: -100 }
  }
}

/// `[outage]`: when the sweep has not run for `after_hours`, the judge was
/// down; deadlines that passed meanwhile are moved `extend_hours` on.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct OutageConfig {
  pub after_hours: f64,
  pub extend_hours: f64,
}

impl Default for OutageConfig {
  fn default() -> Self {
    OutageConfig { after_hours: 3.0, extend_hours: 24.0 }
  }
}

/// `[transport]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TransportConfig {
  pub kind: TransportKind,
  pub command: String,
  pub host: String,
  pub port: u16,
  pub starttls: bool,
  pub username: String,
  pub password: String,
}

/// How mail leaves the judge.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum TransportKind {
  #[default]
  File,
  Sendmail,
  Smtp,
}

/// `[registration]`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct RegistrationConfig {
  /// REGISTER fields the house rules require, lower case.
  pub required: Vec<String>,
}

/// Why `judge.toml` could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
  #[error("cannot read {path}: {source}")]
  Read { path: String, source: std::io::Error },
  #[error("{path} is not valid: {message}")]
  Invalid { path: String, message: String },
}

impl Default for Config {
  fn default() -> Self {
    Config {
      judge_address: "judge@localhost".into(),
      judge_name: "Diplomacy Judge".into(),
      judge_code: "XXXX".into(),
      keeper_address: "judgekeeper@localhost".into(),
      bounce_address: String::new(),
      timezone: "UTC".into(),
      max_message_bytes: 1024 * 1024,
      whois: true,
      whogame_registration: true,
      lock_timeout_seconds: 60,
      transport: TransportConfig::default(),
      registration: RegistrationConfig::default(),
      movement: DeadlineRule::movement(),
      retreat: DeadlineRule::other(),
      adjust: DeadlineRule::other(),
      dedication: DedicationConfig::default(),
      outage: OutageConfig::default(),
      web: WebConfig::default(),
    }
  }
}

impl Default for TransportConfig {
  fn default() -> Self {
    TransportConfig {
      kind: TransportKind::File,
      command: "/usr/sbin/sendmail".into(),
      host: "localhost".into(),
      port: 25,
      starttls: false,
      username: String::new(),
      password: String::new(),
    }
  }
}

impl Default for RegistrationConfig {
  fn default() -> Self {
    let required = ["name", "address", "country", "email", "level"];
    RegistrationConfig { required: required.iter().map(|s| s.to_string()).collect() }
  }
}

/// A deadline section as written: the keys it names. The keys it leaves
/// out keep that section's own defaults (a `[retreat]` naming only `next`
/// must not take the move phase's clock and grace).
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct DeadlineSection {
  clock: Option<i32>,
  min: Option<f64>,
  next: Option<f64>,
  grace: Option<f64>,
  delay: Option<f64>,
  days: Option<String>,
}

impl DeadlineSection {
  fn over(self, base: DeadlineRule) -> DeadlineRule {
    DeadlineRule {
      clock: self.clock.unwrap_or(base.clock),
      min: self.min.unwrap_or(base.min),
      next: self.next.unwrap_or(base.next),
      grace: self.grace.unwrap_or(base.grace),
      delay: self.delay.unwrap_or(base.delay),
      days: self.days.unwrap_or(base.days),
    }
  }
}

fn movement_section<'de, D: serde::Deserializer<'de>>(d: D) -> Result<DeadlineRule, D::Error> {
  DeadlineSection::deserialize(d).map(|section| section.over(DeadlineRule::movement()))
}

fn other_section<'de, D: serde::Deserializer<'de>>(d: D) -> Result<DeadlineRule, D::Error> {
  DeadlineSection::deserialize(d).map(|section| section.over(DeadlineRule::other()))
}

impl Config {
  /// Reads `path`; a missing file means every default.
  pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let text = match std::fs::read_to_string(path) {
      Ok(text) => text,
      Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
      Err(source) => return Err(ConfigError::Read { path: path.display().to_string(), source }),
    };
    Config::parse(&text)
      .map_err(|message| ConfigError::Invalid { path: path.display().to_string(), message })
  }

  /// Parses and checks the text of a `judge.toml`.
  pub fn parse(text: &str) -> Result<Config, String> {
    let config: Config = toml::from_str(text).map_err(|e| e.message().to_string())?;
    config.check()?;
    Ok(config)
  }

  fn check(&self) -> Result<(), String> {
    match self.problems().into_iter().next() {
      Some(problem) => Err(problem),
      None => Ok(()),
    }
  }

  /// Everything in these settings the judge refuses, each in a sentence
  /// (`judge check` lists them all; loading stops at the first).
  pub fn problems(&self) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(e) = Tz::named(&self.timezone) {
      problems.push(e.to_string());
    }
    let code_ok = !self.judge_code.is_empty()
      && self.judge_code.len() <= 8
      && self.judge_code.chars().all(|c| c.is_ascii_alphanumeric());
    if !code_ok {
      problems
        .push(format!("judge_code '{}' must be one to eight letters and digits", self.judge_code));
    }
    if !self.judge_address.contains('@') {
      problems.push(format!("judge_address '{}' is not an e-mail address", self.judge_address));
    }
    if !self.bounce_address.is_empty() && !self.bounce_address.contains('@') {
      problems.push(format!("bounce_address '{}' is not an e-mail address", self.bounce_address));
    }
    for (name, d) in
      [("move", &self.movement), ("retreat", &self.retreat), ("adjust", &self.adjust)]
    {
      if let Err(e) = d.check() {
        problems.push(format!("[{name}] {e}"));
      }
    }
    let outage = &self.outage;
    if !(outage.after_hours > 0.0 && outage.extend_hours >= 0.0) {
      problems.push("[outage] after_hours must be above 0 and extend_hours at least 0".into());
    }
    let web = &self.web;
    let url = &web.public_url;
    let scheme_ok = url.starts_with("http://") || url.starts_with("https://");
    if !url.is_empty() && (!scheme_ok || url.contains(char::is_whitespace)) {
      problems.push(format!(
        "[web] public_url '{url}' must be empty or an address starting http:// or https://"
      ));
    }
    let listen_ok = match web.listen.strip_prefix("unix:") {
      Some(path) => path.starts_with('/'),
      None => web.listen.rsplit_once(':').is_some_and(|(_, port)| port.parse::<u16>().is_ok()),
    };
    if !listen_ok {
      problems.push(format!(
        "[web] listen '{}' must be HOST:PORT (127.0.0.1:8080) or unix:/absolute/path",
        web.listen
      ));
    }
    if !(1..=MAX_SESSION_HOURS).contains(&web.session_hours) {
      problems
        .push(format!("[web] session_hours must be from 1 to {MAX_SESSION_HOURS} (ten years)"));
    }
    problems
  }

  /// Where bounces of the judge's mail go (its envelope sender):
  /// `bounce_address`, or the keeper when that is empty (the judge's own
  /// address would drop them unread).
  pub fn bounces_to(&self) -> &str {
    if self.bounce_address.is_empty() {
      &self.keeper_address
    } else {
      &self.bounce_address
    }
  }

  /// The judge's time zone, read from the system's zoneinfo once per
  /// process; `None` only where loading the settings refused it.
  pub fn tz(&self) -> Option<Tz> {
    Tz::named(&self.timezone).ok()
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn the_template_says_exactly_the_defaults() {
    assert_eq!(Config::parse(TEMPLATE), Ok(Config::default()));
  }

  #[test]
  fn a_file_may_name_only_what_it_changes() {
    let config = Config::parse("judge_code = \"USIN\"\n[transport]\nkind = \"sendmail\"\n");
    let config = config.unwrap_or_default();
    assert_eq!(config.judge_code, "USIN");
    assert_eq!(config.transport.kind, TransportKind::Sendmail);
    assert_eq!(config.transport.command, "/usr/sbin/sendmail");
  }

  #[test]
  fn a_deadline_section_keeps_its_own_defaults_for_what_it_leaves_out() {
    let config = Config::parse("[retreat]\nnext = 10.0\n").unwrap_or_default();
    assert_eq!(config.retreat.next, 10.0);
    assert_eq!(config.retreat.clock, -1);
    assert_eq!(config.retreat.grace, 71.0);
    assert_eq!(config.movement, DeadlineRule::movement());
  }

  #[test]
  fn bounces_go_to_the_keeper_unless_a_bounce_address_is_set() {
    let config = Config::parse("keeper_address = \"k@x.org\"\n").unwrap_or_default();
    assert_eq!(config.bounces_to(), "k@x.org");
    let config = Config::parse("bounce_address = \"b@x.org\"\n").unwrap_or_default();
    assert_eq!(config.bounces_to(), "b@x.org");
    assert!(Config::parse("bounce_address = \"nobody\"").is_err_and(|e| e.contains("nobody")));
  }

  #[test]
  fn the_web_section_is_checked() {
    let config = Config::parse("[web]\npublic_url = \"https://judge.example.org\"\n");
    assert!(config.is_ok_and(|c| c.web.https() && c.web.receipts));
    assert!(Config::parse("[web]\npublic_url = \"judge.example.org\"")
      .is_err_and(|e| e.contains("public_url")));
    assert!(Config::parse("[web]\nlisten = \"8080\"").is_err_and(|e| e.contains("listen")));
    assert!(Config::parse("[web]\nlisten = \"unix:web.sock\"").is_err());
    assert!(Config::parse("[web]\nlisten = \"unix:/run/judge/web.sock\"").is_ok());
    assert!(Config::parse("[web]\nsession_hours = 0").is_err_and(|e| e.contains("session_hours")));
  }

  #[test]
  fn mistakes_are_named() {
    assert!(Config::parse("judge_cod = \"X\"").is_err_and(|e| e.contains("judge_cod")));
    assert!(Config::parse("timezone = \"Mars/Olympus\"").is_err_and(|e| e.contains("Mars")));
    assert!(Config::parse("[transport]\nkind = \"pigeon\"").is_err());
  }
}
