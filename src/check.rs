//! `judge check`: what is wrong with a judge's settings and data directory,
//! found before mail flows (a typo in `judge.toml` would otherwise show up
//! as exit 75 on the first message, and a damaged game only at its
//! deadline). It reads and never writes; the CLI prints the findings.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use crate::config::{Config, TransportKind};
use crate::game::Game;
use crate::store::games::{Games, MailTarget};
use crate::store::users::{self, Users};
use crate::store::{atomic, format, spool, DataDir};

/// How bad a finding is: a problem makes `judge check` fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
  /// Checked and fine.
  Ok,
  /// Works, but the keeper should know (mail not really sent, messages
  /// waiting in the spool or the quarantine).
  Warning,
  /// The judge will not work as meant until this is fixed.
  Problem,
}

/// One thing `judge check` found, as one line of plain text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
  pub level: Level,
  pub message: String,
}

/// At most this many files of one folder are named one by one.
const LISTED: usize = 10;

/// Everything `judge check` finds in `data`, in the order checked.
pub fn check(data: &DataDir) -> Vec<Finding> {
  let mut found = Findings(Vec::new());
  let root = data.root();
  match std::fs::metadata(root) {
    Ok(meta) if meta.is_dir() => {}
    Ok(_) => {
      found.problem(format!("{} is not a directory", root.display()));
      return found.0;
    }
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
      found.problem(format!(
        "the data directory {} does not exist: run `judge --data {} init`",
        root.display(),
        root.display()
      ));
      return found.0;
    }
    Err(e) => {
      found.problem(format!("cannot read the data directory {}: {e}", root.display()));
      return found.0;
    }
  }
  check_format(data, &mut found);
  let config = check_config(data, &mut found);
  if let Some(config) = &config {
    check_addresses(config, &mut found);
    check_transport(data, config, &mut found);
  }
  check_directory(data, &mut found);
  let timeout = Duration::from_secs(config.as_ref().map_or(60, |c| c.lock_timeout_seconds));
  check_games(data, timeout, &mut found);
  check_users(data, timeout, &mut found);
  check_waiting(data, &mut found);
  found.0
}

struct Findings(Vec<Finding>);

impl Findings {
  fn push(&mut self, level: Level, message: String) {
    self.0.push(Finding { level, message });
  }
  fn ok(&mut self, message: String) {
    self.push(Level::Ok, message);
  }
  fn warning(&mut self, message: String) {
    self.push(Level::Warning, message);
  }
  fn problem(&mut self, message: String) {
    self.push(Level::Problem, message);
  }
  fn problems(&self) -> usize {
    self.0.iter().filter(|f| f.level == Level::Problem).count()
  }
}

/// Reads `judge.toml`: the exact parse error, then each setting that the
/// judge would refuse, one finding each (the judge itself stops at the
/// first). `None` when the file cannot be read or parsed at all.
fn check_config(data: &DataDir, found: &mut Findings) -> Option<Config> {
  let path = data.config_path();
  let text = match std::fs::read_to_string(&path) {
    Ok(text) => text,
    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
      found.warning(format!(
        "{} does not exist: every setting is its default (`judge init` writes a commented one)",
        path.display()
      ));
      return Some(Config::default());
    }
    Err(e) => {
      found.problem(format!("cannot read {}: {e}", path.display()));
      return None;
    }
  };
  let config: Config = match toml::from_str(&text) {
    Ok(config) => config,
    Err(e) => {
      let place = e.span().map(|span| line_and_column(&text, span.start)).unwrap_or_default();
      let message = e.message().trim().replace('\n', " ");
      found.problem(format!("{}{place} is not valid: {message}", path.display()));
      return None;
    }
  };
  let before = found.problems();
  // The addresses are checked more closely below.
  for problem in config.problems().into_iter().filter(|p| !p.contains("_address")) {
    found.problem(format!("{} is not valid: {problem}", path.display()));
  }
  if found.problems() == before {
    found.ok(format!("{} is valid; time zone {}", path.display(), config.timezone));
  }
  Some(config)
}

/// `line L, column C` of a byte offset, for the parse error.
fn line_and_column(text: &str, offset: usize) -> String {
  let before = text.get(..offset).unwrap_or(text);
  let line = before.matches('\n').count() + 1;
  let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
  format!(" line {line}, column {column}")
}

/// Whether `address` is a bare address mail can be sent to and from.
fn usable_address(address: &str) -> Result<(), String> {
  if address.trim() != address || address.is_empty() {
    return Err("it is empty or has spaces around it".into());
  }
  lettre::Address::from_str(address).map(|_| ()).map_err(|e| e.to_string())
}

fn check_addresses(config: &Config, found: &mut Findings) {
  let mut fine = true;
  let mut check = |key: &str, value: &str, found: &mut Findings| {
    if let Err(why) = usable_address(value) {
      fine = false;
      found.problem(format!("{key} '{value}' is not a usable e-mail address: {why}"));
    }
  };
  check("judge_address", &config.judge_address, found);
  check("keeper_address", &config.keeper_address, found);
  if !config.bounce_address.is_empty() {
    check("bounce_address", &config.bounce_address, found);
  }
  let judge = users::canonical(&config.judge_address);
  if users::canonical(&config.keeper_address) == judge {
    found.warning(
      "keeper_address is the judge's own address: the judge drops mail from itself, so its \
       reports to the keeper would be lost"
        .into(),
    );
  } else if users::canonical(config.bounces_to()) == judge {
    found
      .warning("bounce_address is the judge's own address: the judge drops bounces unread".into());
  }
  if judge.ends_with("@localhost") {
    found.warning(format!(
      "judge_address '{}' is a local address: players on other machines cannot write to it",
      config.judge_address
    ));
  }
  if fine {
    found.ok(format!(
      "addresses: judge {}, keeper {}, bounces to {}",
      config.judge_address,
      config.keeper_address,
      config.bounces_to()
    ));
  }
}

fn check_transport(data: &DataDir, config: &Config, found: &mut Findings) {
  let transport = &config.transport;
  match transport.kind {
    TransportKind::File => found.warning(format!(
      "[transport] kind is \"file\": mail is not really sent, each message is written to {} \
       (set kind to \"sendmail\" or \"smtp\" to send it)",
      data.path("outbox").display()
    )),
    TransportKind::Sendmail => {
      let command = Path::new(&transport.command);
      if transport.command.trim().is_empty() {
        found.problem("[transport] command is empty: name the sendmail program".into());
      } else if !command.is_absolute() {
        found.problem(format!(
          "[transport] command '{}' is not an absolute path: the mail system runs the judge \
           with PATH=/usr/bin:/bin (Debian's is /usr/sbin/sendmail)",
          transport.command
        ));
      } else {
        match std::fs::metadata(command) {
          Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            found.problem(format!("[transport] command {} does not exist", command.display()))
          }
          Err(e) => {
            found.problem(format!("[transport] command {} cannot be read: {e}", command.display()))
          }
          Ok(meta) if !meta.is_file() => {
            found.problem(format!("[transport] command {} is not a file", command.display()))
          }
          Ok(meta) => {
            let executable = meta.permissions().mode() & 0o111 != 0
              && rustix::fs::access(command, rustix::fs::Access::EXEC_OK).is_ok();
            if executable {
              found.ok(format!("mail is sent by piping it to {}", command.display()));
            } else {
              found.problem(format!(
                "[transport] command {} is not executable by this user",
                command.display()
              ));
            }
          }
        }
      }
    }
    TransportKind::Smtp => {
      let mut fine = true;
      if transport.host.trim().is_empty() {
        fine = false;
        found.problem("[transport] host is empty: name the SMTP server".into());
      }
      if transport.port == 0 {
        fine = false;
        found.problem("[transport] port is 0: give the SMTP server's port (25 or 587)".into());
      }
      let (user, password) = (!transport.username.is_empty(), !transport.password.is_empty());
      if user != password {
        fine = false;
        found.problem(
          "[transport] username and password go together: give both, or neither for no \
           authentication"
            .into(),
        );
      }
      if user && password && !transport.starttls {
        found.warning(
          "[transport] starttls is false: the SMTP password goes over the network in clear".into(),
        );
      }
      if fine {
        let tls = if transport.starttls { "with STARTTLS" } else { "without TLS" };
        found.ok(format!(
          "mail is sent by SMTP to {}:{} {tls} (check does not connect to it)",
          transport.host, transport.port
        ));
      }
    }
  }
}

/// The data directory's format version: a newer judge's directory would
/// make every receive and sweep exit 75.
fn check_format(data: &DataDir, found: &mut Findings) {
  let known = format::CURRENT;
  match format::read(data.root()) {
    Ok(Some(version)) if version == known => {
      found.ok(format!("data directory format {version} (this judge's)"))
    }
    Ok(Some(version)) if version > known => {
      found.problem(crate::store::StoreError::FormatTooNew { found: version, known }.to_string())
    }
    Ok(Some(version)) => found.warning(format!(
      "data directory format {version} is older than this judge's ({known}): \
       `judge init` (or the next receive or sweep) upgrades it"
    )),
    Ok(None) => found.warning(format!(
      "the data directory has no `{}` file (made before format versions): \
       `judge init` (or the next receive or sweep) records format {known}",
      format::FILE
    )),
    Err(error) => found.problem(format!("cannot tell the data directory's format: {error}")),
  }
}

/// The directory's owner and modes, and its folders.
fn check_directory(data: &DataDir, found: &mut Findings) {
  let root = data.root();
  let before = found.problems();
  if let Ok(meta) = std::fs::metadata(root) {
    let me = rustix::process::geteuid().as_raw();
    if meta.uid() != me {
      found.warning(format!(
        "{} belongs to user id {}, but check runs as user id {me}: run it as the judge's user",
        root.display(),
        meta.uid()
      ));
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
      found.problem(format!(
        "{} can be read by other users (mode {mode:04o}): it holds passwords and addresses; \
         `judge init` closes it (directories 0700, files 0600)",
        root.display()
      ));
    }
  }
  if !writable(root) {
    found.problem(format!("{} is not writable by this user", root.display()));
  }
  let mut missing = Vec::new();
  for folder in crate::store::SUBDIRS {
    let path = data.path(folder);
    match std::fs::metadata(&path) {
      Ok(meta) if meta.is_dir() => {
        if !writable(&path) {
          found.problem(format!("{} is not writable by this user", path.display()));
        }
      }
      Ok(_) => found.problem(format!("{} is not a directory", path.display())),
      Err(_) => missing.push(format!("{folder}/")),
    }
  }
  if !missing.is_empty() {
    found.warning(format!(
      "{} missing from {}: `judge init` (or the next receive or sweep) creates them",
      missing.join(", "),
      root.display()
    ));
  }
  if found.problems() == before {
    found.ok(format!("{} is private to its owner and writable", root.display()));
  }
}

fn writable(path: &Path) -> bool {
  rustix::fs::access(path, rustix::fs::Access::WRITE_OK | rustix::fs::Access::EXEC_OK).is_ok()
}

/// Every game: its file loads and its index entry reads.
fn check_games(data: &DataDir, timeout: Duration, found: &mut Findings) {
  let games = Games::new(data, timeout, MailTarget::Outbox(data.path("outbox")));
  let before = found.problems();
  if let Err(e) = games.index() {
    found.problem(format!("the game index cannot be read: {e}"));
  }
  let mut names = std::collections::BTreeSet::new();
  if let Ok(entries) = std::fs::read_dir(data.path("games")) {
    for entry in entries.flatten() {
      if let Some(name) = entry.file_name().to_str().filter(|n| !n.starts_with('.')) {
        names.insert(name.to_string());
      }
    }
  }
  if let Ok(paths) = atomic::list(&data.path("index"), ".json") {
    for path in paths {
      if let Some(name) = path.file_stem().and_then(|s| s.to_str()) {
        names.insert(name.to_string());
      }
    }
  }
  let mut loaded = 0;
  for name in &names {
    if !Game::valid_name(name) {
      found.warning(format!("games/{name} is not a game name; the judge ignores it"));
      continue;
    }
    let has_file = match games.load(name) {
      Ok(Some(_)) => {
        loaded += 1;
        true
      }
      Ok(None) => false,
      Err(e) => {
        found.problem(format!("game {name} cannot be loaded: {e}"));
        true
      }
    };
    match games.entry(name) {
      Ok(Some(_)) if !has_file => found.problem(format!(
        "game {name} is in the index, but its file games/{name}/game.json is missing"
      )),
      Ok(Some(_)) => {}
      Ok(None) if has_file => {
        found.warning(format!("game {name} has no index entry: LIST and the sweep do not see it"))
      }
      Ok(None) => {}
      Err(e) => found.problem(format!("the index entry of game {name} is damaged: {e}")),
    }
    let marker = data.path("index").join(format!("{name}.damaged"));
    if let Ok(why) = std::fs::read_to_string(&marker) {
      let why = why.lines().next().unwrap_or("").trim().to_string();
      found.warning(format!("game {name} was found damaged earlier (the keeper was told): {why}"));
    }
  }
  if found.problems() == before {
    found.ok(format!("{loaded} {}", plural(loaded, "game loads", "games load")));
  }
}

/// Every user record reads.
fn check_users(data: &DataDir, timeout: Duration, found: &mut Findings) {
  let users = Users::new(data, timeout);
  let before = found.problems();
  if let Ok(paths) = atomic::list(&data.path("users"), ".toml") {
    for path in paths {
      let id = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<u32>().ok());
      if let Some(Err(e)) = id.map(|id| users.get(id)) {
        found.problem(format!("a user record cannot be read: {e}"));
      }
    }
  }
  match users.all() {
    Ok(all) if found.problems() == before => {
      let n = all.len();
      found.ok(format!("{n} {}", plural(n, "user record reads", "user records read")))
    }
    Ok(_) => {}
    Err(e) if found.problems() == before => {
      found.problem(format!("the user records cannot be read: {e}"))
    }
    Err(_) => {}
  }
}

/// Mail waiting in the spool, the quarantine or the outgoing queue.
fn check_waiting(data: &DataDir, found: &mut Findings) {
  let spooled = spool::list(&data.path("spool")).unwrap_or_default();
  if !spooled.is_empty() {
    found.warning(format!(
      "spool/ holds {} not yet carried out (the next sweep retries {}): {}",
      count(spooled.len(), "message", "messages"),
      plural(spooled.len(), "it", "them"),
      names(&spooled)
    ));
  }
  let quarantined = spool::list(&data.path("quarantine")).unwrap_or_default();
  if !quarantined.is_empty() {
    found.warning(format!(
      "quarantine/ holds {} that failed again and again and are set aside for you \
       (the .reason file beside each says why): {}",
      count(quarantined.len(), "message", "messages"),
      names(&quarantined)
    ));
  }
  let queued = atomic::list(&data.path("queue"), ".json").unwrap_or_default();
  if !queued.is_empty() {
    found.warning(format!(
      "queue/ holds {} the transport has not taken yet (the next sweep sends {})",
      count(queued.len(), "message", "messages"),
      plural(queued.len(), "it", "them")
    ));
  }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
  if n == 1 {
    one
  } else {
    many
  }
}

fn count(n: usize, one: &str, many: &str) -> String {
  format!("{n} {}", plural(n, one, many))
}

/// The file names of `paths`, the first few of them.
fn names(paths: &[std::path::PathBuf]) -> String {
  let mut shown: Vec<String> = paths
    .iter()
    .take(LISTED)
    .map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
    .collect();
  if paths.len() > LISTED {
    shown.push(format!("and {} more", paths.len() - LISTED));
  }
  shown.join(", ")
}
