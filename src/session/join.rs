//! Getting into a game (manual §4, §8.1): CREATE, SIGN ON (`?name`, `?`,
//! power initial, `o` observer, `m` Master), OBSERVE / WATCH, BECOME
//! MASTER, taking over an abandoned power, and starting a game when its
//! last player signs on. Only one of CREATE, SIGN ON and OBSERVE may be
//! used in a message. The game's rules (who may join, what joining
//! changes) are `game::join`'s; this module reads the words, checks the
//! sender's registration, password and throttle, and phrases the reply.

use super::register::Proof;
use super::{game_name, Seat, Session};
use crate::game::join::{BecomeRefusal, Joined, Opening, PowerSeat, SignOnVariant, TakenOver};
use crate::game::report::wrap;
use crate::game::{deadline, Game, GameOption, Member, Role, Status};
use crate::mail::outbound::{MailKind, Outgoing};
use crate::map::Map;
use crate::password;
use crate::store::game_file::{HistoryKind, Stored};
use crate::store::games::IndexStatus;
use crate::store::lock::Lock;
use crate::store::throttle::{self, Failed};
use crate::store::users::User;
use crate::store::StoreError;
use crate::{announce, dedication};

pub(crate) use crate::game::join::{unplayable, variant_word};

/// What a failed sign-on says, whatever failed: it tells nobody whether the
/// game, the power or the password was wrong.
pub(super) const REFUSED: &str =
  "Invalid password or power: nothing was signed on. Orders and game\n\
                       commands in the rest of this message are not carried out.";

/// Reads `[variant] [option…]`, as CREATE and SIGN ON ?name give them.
fn parse_variant(words: &[&str]) -> Result<SignOnVariant, String> {
  let mut map = "standard";
  let mut options = Vec::new();
  let mut words = words.iter().peekable();
  while let Some(word) = words.next() {
    // `Crystal Ball`, in two words, is the one game type.
    let pair = words.peek().map(|next| format!("{word} {next}"));
    if let Some(option) = pair.as_deref().and_then(two_word_option) {
      words.next();
      options.push(option);
    } else if let Some(info) = Map::variant_info(word) {
      map = info.key;
    } else if let Some(option) = GameOption::parse(word) {
      options.push(option);
    } else {
      return Err(unknown_word_after_password());
    }
  }
  Ok(SignOnVariant::new(map, &options))
}

/// An option written as two words (`Crystal Ball`), if these are one.
pub(crate) fn two_word_option(words: &str) -> Option<GameOption> {
  GameOption::parse(words).filter(|_| words.split_whitespace().count() == 2)
}

/// What a SIGN ON ?name to `game` writes after the password: its variant
/// (unless standard) and the options it was created or set with.
pub(crate) fn sign_on_words(game: &Game) -> String {
  SignOnVariant::of(game).sign_on_words()
}

/// The error for a word that is neither a variant nor an option.
pub(crate) fn unknown_variant_word(word: &str) -> String {
  let shown: String = word.chars().take(30).collect();
  format!("'{shown}' is not a variant or option this judge knows.\n{}", known_words())
}

/// The error for a word after the password of CREATE or SIGN ON that is
/// neither a variant nor an option. The word is not repeated: with a
/// space typed inside the game name, it is the password.
fn unknown_word_after_password() -> String {
  format!(
    "A word after the password is not a variant or option this judge knows\n\
     (it is not repeated here, in case it is your password: a game name has\n\
     no spaces, and the password is the word right after it).\n{}",
    known_words()
  )
}

/// The variants and options a judge knows, for the errors above: each
/// variant with the number of players it takes.
fn known_words() -> String {
  let maps: Vec<String> = Map::variants()
    .iter()
    .map(|info| match info.map() {
      Ok(map) => format!("{} ({})", variant_word(info.key), map.playable_powers().count()),
      Err(_) => variant_word(info.key),
    })
    .collect();
  let options: Vec<String> = GameOption::ALL.iter().map(|o| o.word().to_string()).collect();
  let mut text = String::new();
  crate::help::push_wrapped(&mut text, "Variants (players): ", &maps, ", ");
  text.insert(text.trim_end().len(), '.');
  crate::help::push_wrapped(&mut text, "Options: ", &options, ", ");
  text.truncate(text.trim_end().len());
  text.push('.');
  text
}

impl Session<'_> {
  /// Refuses a second CREATE, SIGN ON or OBSERVE in one message.
  fn first_join(&mut self, what: &str) -> bool {
    if self.joined {
      self.error(&format!(
        "Only one CREATE, SIGN ON or OBSERVE may be used in a message (manual\n\
         section 4), so this {what} was not carried out. Send it in a message\n\
         of its own."
      ));
      return false;
    }
    self.joined = true;
    true
  }

  /// The sender's registration, or an error saying one is needed.
  fn registered_sender(&mut self, what: &str) -> Result<Option<User>, StoreError> {
    let user = self.ctx.users.by_address(&self.reply_to)?;
    if user.is_none() {
      self.error(&format!(
        "{what} is for registered users, and {} is not registered on this judge.\n\
         Send GET form for the registration form, then REGISTER.",
        self.reply_to
      ));
    }
    Ok(user)
  }

  /// A password's hash, or an error saying what is wrong with it.
  fn hashed(&mut self, password: Option<&str>) -> Option<String> {
    match password::hash(password.unwrap_or("")) {
      Ok(hash) => Some(hash),
      Err(error) => {
        self.error(&format!("{error} Nothing was done."));
        None
      }
    }
  }

  /// Whether a seat takes no sign-on now (too many wrong passwords); if so
  /// the sender is told until when, and not whether the password was right.
  fn seat_locked(&mut self, key: &str, what: &str) -> Result<bool, StoreError> {
    let Some(until) = self.throttle().locked_until(key, self.ctx.now)? else { return Ok(false) };
    let until = deadline::show(until, self.ctx.tz());
    self.error(&wrap(&format!(
      "Sign-ons to {what} are refused until {until}, because of {} wrong passwords \
       within an hour; this attempt was not checked. Nothing was signed on, and \
       orders and game commands in the rest of this message are not carried \
       out. Please try again after that time.",
      throttle::LIMIT
    )));
    Ok(true)
  }

  /// A wrong password for a seat: refused like any failed sign-on, and
  /// counted. The one that locks the seat tells its owners (but the
  /// sender, whose reply says it), once.
  fn wrong_password(
    &mut self,
    key: &str,
    what: &str,
    owners: Vec<String>,
    game: &Game,
  ) -> Result<(), StoreError> {
    let failed = self.throttle().failed(key, self.ctx.now, self.ctx.origin)?;
    self.error(REFUSED);
    let Failed::Locked { until } = failed else { return Ok(()) };
    let until = deadline::show(until, self.ctx.tz());
    let limit = throttle::LIMIT;
    self.say(&wrap(&format!(
      "After {limit} wrong passwords within an hour, sign-ons to {what} are refused \
       until {until}, even with the right password."
    )));
    // In a gunboat (or SET SECRET) game an address would say who plays
    // whom.
    let from = if self.web {
      ", the last on the judge's web pages".to_string()
    } else if game.players_unnamed() {
      String::new()
    } else {
      format!(", the last from {}", self.reply_to)
    };
    let code = &self.ctx.config.judge_code;
    let body = format!(
      ":: Judge: {code}  Game: {}\n\n{}\n",
      game.name,
      wrap(&format!(
        "{limit} wrong passwords for {what} came in within an hour{from}. So that \
         a password cannot be guessed, the judge refuses every sign-on to {what} \
         until {until}, even with the right password. If these were your own \
         mistakes, wait until then. If not, someone may be trying to guess your \
         password: choose a new one with SET PASSWORD once you can sign on again."
      ))
    );
    // The sender's reply says it; a web page's reply is not mailed.
    let sender = if self.web { "" } else { self.reply_to.trim() };
    for owner in owners.iter().filter(|o| !o.eq_ignore_ascii_case(sender)) {
      self.others.push(Outgoing {
        to: owner.clone(),
        subject: format!("{code}:{} - Wrong passwords", game.name),
        body: body.clone(),
        in_reply_to: None,
        references: Vec::new(),
        kind: MailKind::Notice,
        attachments: Vec::new(),
      });
    }
    Ok(())
  }

  /// A right password: the seat's wrong ones are forgotten, the sender is
  /// known to be the member's user, and an I AM ALSO waiting from this
  /// address for that user is proved.
  fn verified(&mut self, key: &str, what: &str) -> Result<(), StoreError> {
    self.throttle().succeeded(key)?;
    if let Some(seat) = self.seat.as_mut() {
      let user = seat.stored.game.members.get(seat.member).and_then(|m| m.user);
      seat.verified = Some(Proof { user, what: what.to_string() });
    }
    self.prove_pending_also()
  }

  /// Opens a game for this message. `None` when it cannot go on: there is
  /// no such game (`missing` is set, for the caller's message), or the
  /// message was carried out before (`replayed`). A game whose files are
  /// damaged is an error: the message is kept and tried again once the
  /// keeper has mended the game (see `receive`), rather than answered
  /// as if the game were not there.
  pub(super) fn open_game(&mut self, name: &str) -> Result<Option<(Lock, Stored)>, StoreError> {
    let opened = self.ctx.games.open(name)?;
    let Some((lock, stored)) = opened else {
      self.missing = true;
      return Ok(None);
    };
    if stored.was_applied(self.ctx.origin) {
      self.replayed = true;
      return Ok(None);
    }
    Ok(Some((lock, stored)))
  }

  fn seat_at(&mut self, lock: Lock, stored: Stored, member: usize, changed: bool) {
    let phase = stored.game.position.phase;
    let record = &stored.game.members[member];
    let copy_to = if record.has_address(&self.reply_to) {
      Vec::new()
    } else {
      record.addresses().map(str::to_string).collect()
    };
    self.seat = Some(Seat {
      lock,
      stored,
      member,
      verified: None,
      phase,
      changed,
      created: false,
      history: Vec::new(),
      ledger: Vec::new(),
      orders_taken: 0,
      order_errors: 0,
      copy_to,
      leaving: false,
      reply_header: None,
      became: None,
      parameter_changes: Vec::new(),
      had_orders: None,
    });
  }

  fn new_member(&self, role: Role, user: Option<&User>, password: String) -> Member {
    Member::new(role, &self.reply_to, user.map(|u| u.id), password, self.ctx.now)
  }

  // ---------------------------------------------------------------- CREATE

  pub(crate) fn create(&mut self, args: &str) -> Result<(), StoreError> {
    if !self.first_join("CREATE") {
      return Ok(());
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(name) = words.first().and_then(|w| w.strip_prefix('?')) else {
      self.error(
        "CREATE needs a '?' straight before the new game's name, then a password:\n\
         CREATE ?mygame secret (and optionally a variant and options).",
      );
      return Ok(());
    };
    let Some(name) = game_name(name) else {
      self.error(&bad_name(name));
      return Ok(());
    };
    let variant = match parse_variant(words.get(2..).unwrap_or_default()) {
      Ok(variant) => variant,
      Err(message) => {
        self.error(&format!("{message}\nThe game was not created."));
        return Ok(());
      }
    };
    if let Err(refusal) = variant.playable() {
      self.error(&format!("{refusal}\nThe game was not created."));
      return Ok(());
    }
    let Some(hash) = self.hashed(words.get(1).copied()) else { return Ok(()) };
    let Some(user) = self.registered_sender("Creating a game")? else { return Ok(()) };
    let lock = self.ctx.games.lock(&name)?;
    let made_by_this_message = match self.ctx.games.load(&name) {
      Ok(existing) => existing.is_some_and(|stored| stored.was_applied(self.ctx.origin)),
      Err(_) => false,
    };
    if made_by_this_message {
      self.replayed = true;
      return Ok(());
    }
    if self.ctx.games.exists(&name) {
      self.error(&format!(
        "A game called '{name}' already exists, so nothing was created. Choose another\n\
         name, or join it with SIGN ON ?{name} password."
      ));
      return Ok(());
    }
    let config = self.ctx.config;
    let deadlines = [config.movement.clone(), config.retreat.clone(), config.adjust.clone()];
    let first = self.new_member(Role::Player, Some(&user), hash);
    let game = match Game::created(&name, &variant, deadlines, self.ctx.now, first) {
      Ok(game) => game,
      Err(refusal) => {
        self.error(&refusal.to_string());
        return Ok(());
      }
    };
    let needed = game.players_missing();
    // The exact command the others must send: the variant and options a
    // sign-on has to name come after the password.
    let option_words = SignOnVariant::of(&game).sign_on_words();
    self.seat_at(lock, Stored::new(game), 0, true);
    if let Some(seat) = self.seat.as_mut() {
      seat.created = true;
    }
    self.say(&format!(
      "Game '{name}' ({}) has been created, and you are its first player.\n\
       It starts when {needed} more players have signed on with\n\
       SIGN ON ?{name} password{option_words}\n\
       To run it as its Master instead of playing, send BECOME MASTER right after\n\
       the CREATE line (in this same message).",
      variant.words()
    ));
    Ok(())
  }

  pub(crate) fn become_master(&mut self) {
    let Some(seat) = self.seat_or_error("BECOME MASTER") else { return };
    if !seat.created {
      self.error(
        "BECOME MASTER must come right after the CREATE of a new game, in the same\n\
         message. Nothing was changed.",
      );
      return;
    }
    let game = &mut seat.stored.game;
    if let Err(refusal) = game.become_master(seat.member) {
      self.error(&format!("{refusal} Nothing was changed."));
      return;
    }
    let needed = game.players_missing();
    let name = game.name.clone();
    self.say(&format!(
      "You are now the Master of game '{name}', which is moderated. You do not play a\n\
       power; the game starts when {needed} players have signed on."
    ));
  }

  /// BECOME power (manual §8.2): the Master acts for a power for the rest
  /// of the message; the power's player gets a copy of the whole reply.
  pub(crate) fn become_power(&mut self, args: &str) {
    let Some(seat) = self.seat_or_error("BECOME") else { return };
    let game = &seat.stored.game;
    let problem = match game.may_act_for_power(seat.member) {
      Err(refusal @ BecomeRefusal::NotMaster) => Some(refusal.to_string()),
      _ if seat.became.is_some() => Some("BECOME may be used once in a message.".to_string()),
      Err(refusal) => Some(refusal.to_string()),
      Ok(()) => None,
    };
    if let Some(problem) = problem {
      self.error(&format!("{problem} Nothing was changed."));
      return;
    }
    let index = match game.power_to_act_for(args.trim()) {
      Ok(index) => index,
      // Said without "Nothing was changed", as it always was.
      Err(refusal @ BecomeRefusal::NotAPower { .. }) => {
        self.error(&refusal.to_string());
        return;
      }
      Err(refusal) => {
        self.error(&format!("{refusal} Nothing was changed."));
        return;
      }
    };
    let power = game.members[index].power;
    let name = power.map(|p| game.power_name(p).to_string()).unwrap_or_default();
    let player: Vec<String> = game.members[index].addresses().map(str::to_string).collect();
    seat.became = Some(seat.member);
    seat.member = index;
    seat.copy_to = player;
    self.say(&format!(
      "You are acting for {name} for the rest of this message; {name}'s player gets\n\
       a copy of this reply."
    ));
  }

  // --------------------------------------------------------------- SIGN ON

  pub(crate) fn sign_on(&mut self, args: &str) -> Result<(), StoreError> {
    if !self.first_join("SIGN ON") {
      return Ok(());
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let Some(&target) = words.first() else {
      self.error(
        "SIGN ON needs a power initial and game name, and a password, e.g.\n\
         SIGN ON Fmygame secret (or SIGN ON ?mygame secret to join a forming game).",
      );
      return Ok(());
    };
    let password = words.get(1).copied();
    let options = words.get(2..).unwrap_or_default();
    match target.strip_prefix('?') {
      Some("") => self.join_next(password, options),
      Some(name) => self.join_named(name, password, options),
      None => {
        let mut chars = target.chars();
        let letter = chars.next().unwrap_or('?');
        self.sign_on_as(letter, chars.as_str(), password)
      }
    }
  }

  pub(crate) fn observe(&mut self, args: &str) -> Result<(), StoreError> {
    if !self.first_join("OBSERVE") {
      return Ok(());
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let (Some(&name), Some(&password)) = (words.first(), words.get(1)) else {
      self.error(
        "OBSERVE needs a game name and a password: OBSERVE mygame secret.\n\
         Nothing was signed on.",
      );
      return Ok(());
    };
    self.sign_on_as('O', name, Some(password))
  }

  /// `SIGN ON ? password`: the oldest forming game of the variant asked for.
  fn join_next(&mut self, password: Option<&str>, options: &[&str]) -> Result<(), StoreError> {
    let variant = match parse_variant(options) {
      Ok(variant) => variant,
      Err(message) => {
        self.error(&format!("{message}\nNothing was signed on."));
        return Ok(());
      }
    };
    let mut forming: Vec<_> = self
      .ctx
      .games
      .index()?
      .into_iter()
      .filter(|e| e.status == IndexStatus::Forming && e.variant == variant.map)
      .filter(|e| e.gunboat == variant.gunboat() && e.named == variant.named())
      .filter(|e| e.missing > 0)
      .filter(|e| !e.members.iter().any(|a| a.eq_ignore_ascii_case(&self.reply_to)))
      .collect();
    forming.sort_by_key(|e| e.created);
    match forming.first() {
      Some(entry) => {
        let name = entry.name.clone();
        self.say(&format!("The next game forming is '{name}'."));
        self.join_named(&name, password, options)
      }
      None => {
        self.error(&format!(
          "No {} game is forming on this judge at the moment. Send LIST to see\n\
           the games, or CREATE ?name password to start one.",
          variant.words()
        ));
        Ok(())
      }
    }
  }

  /// `SIGN ON ?name password [variant] [options]`: join a forming game, or
  /// take over an abandoned power of a game under way.
  fn join_named(
    &mut self,
    name: &str,
    password: Option<&str>,
    options: &[&str],
  ) -> Result<(), StoreError> {
    let Some(name) = game_name(name) else {
      self.error(&bad_name(name));
      return Ok(());
    };
    if password.is_none() {
      self.error("SIGN ON needs a password after the game name. Nothing was signed on.");
      return Ok(());
    }
    let Some((lock, stored)) = self.open_game(&name)? else {
      if self.missing {
        self.error(&no_such_game(&name));
      }
      return Ok(());
    };
    match stored.game.opening() {
      Err(refusal) => {
        self.error(&refusal.to_string());
        Ok(())
      }
      Ok(Opening::TakeOver(index)) => self.take_over(lock, stored, index, password),
      Ok(Opening::Forming) => {
        let wanted = match parse_variant(options) {
          Ok(variant) => variant,
          Err(message) => {
            self.error(&format!("{message}\nNothing was signed on."));
            return Ok(());
          }
        };
        if let Err(refusal) = stored.game.may_join_as(&wanted) {
          self.error(&refusal.to_string());
          return Ok(());
        }
        self.join_forming(lock, stored, password)
      }
    }
  }

  fn join_forming(
    &mut self,
    lock: Lock,
    mut stored: Stored,
    password: Option<&str>,
  ) -> Result<(), StoreError> {
    let name = stored.game.name.clone();
    let returning = stored
      .game
      .members
      .iter()
      .position(|m| m.role != Role::Observer && m.has_address(&self.reply_to));
    if let Some(index) = returning {
      let key = throttle::seat(&name, &self.reply_to);
      let what = format!("your place in game '{name}'");
      if self.seat_locked(&key, &what)? {
        return Ok(());
      }
      if !password::verify(password.unwrap_or(""), &stored.game.members[index].password) {
        let owners = stored.game.members[index].addresses().map(str::to_string).collect();
        return self.wrong_password(&key, &what, owners, &stored.game);
      }
      let missing = stored.game.players_missing();
      let secret = stored.game.settings.variant.secret;
      self.seat_at(lock, stored, index, false);
      self.verified(&key, &format!("a player in game '{name}'"))?;
      if secret {
        self.say(&format!("You are signed on to game '{name}', which has not started yet."));
      } else {
        self.say(&format!(
          "You are signed on to game '{name}', which has not started yet: it needs\n\
           {missing} more players."
        ));
      }
      return Ok(());
    }
    let Some(user) = self.registered_sender("Joining a game")? else { return Ok(()) };
    if !self.admitted(&stored.game, true)? {
      return Ok(());
    }
    let Some(hash) = self.hashed(password) else { return Ok(()) };
    let joined = match stored.game.join_forming(self.new_member(Role::Player, Some(&user), hash)) {
      Ok(joined) => joined,
      Err(refusal) => {
        self.error(&refusal.to_string());
        return Ok(());
      }
    };
    let Joined { index, count, missing, secret, manual_start: manual } = joined;
    self.seat_at(lock, stored, index, true);
    let shown = self.shown_sender();
    let waiting = if missing == 0 && manual {
      "It has all its players, and waits for its Master to start it (MANUAL START).\n"
    } else {
      ""
    };
    if secret {
      self.say(&format!("You are signed up to play in game '{name}'."));
      self.join_notice(
        "New Player Signon",
        &format!("{shown} has signed up to play in game '{name}'.\n"),
      );
    } else {
      self.say(&format!(
        "You are signed up to play a power in game '{name}', which now has {count}\n\
         player{}.",
        plural(count)
      ));
      self.join_notice(
        &format!("New Player Signon: #{count}"),
        &format!(
          "{shown} has signed up to play a power in game '{name}'.\n\
           Game '{name}' now has {count} player{}.\n{waiting}",
          plural(count)
        ),
      );
    }
    if secret && missing > 0 {
      self.say(
        "You will be told when the game starts. Send SET PREFERENCE with your\n\
         preferred powers (e.g. SET PREFERENCE E[FG]) now.",
      );
    } else if missing > 0 {
      self.say(&format!(
        "You will be told when {missing} more player{} signed on. Send SET\n\
         PREFERENCE with your preferred powers (e.g. SET PREFERENCE E[FG]) now.",
        if missing == 1 { " has" } else { "s have" }
      ));
    } else if manual {
      self.say(
        "The game now has all its players. It is set to MANUAL START, so it starts\n\
         when its Master starts it; you will be told.",
      );
    } else {
      self.say("The game now has all its players: it starts when this message is done.");
    }
    Ok(())
  }

  /// Tells the game a player joined: everyone, or only the Masters under
  /// the DPjudge's SILENT_JOIN.
  fn join_notice(&mut self, what: &str, text: &str) {
    let silent =
      self.seat.as_ref().is_some_and(|s| s.stored.game.settings.variant.has_rule("SILENT_JOIN"));
    if silent {
      self.tell_masters(what, text);
    } else {
      self.announce(what, text, Some(HistoryKind::Notice), false);
    }
  }

  /// Deals the powers of a full game and tells everyone.
  pub(crate) fn start_game(&mut self) {
    let now = self.ctx.now;
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let announcement = announce::start(self.ctx.config, game, now);
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    seat.changed = true;
    self.others.extend(announcement.mail);
    self.say("The game has all its players and has started: see the Game Starting message.");
  }

  /// `SIGN ON <letter><name> password`: a power, `O` observer, `M` Master.
  pub(super) fn sign_on_as(
    &mut self,
    letter: char,
    name: &str,
    password: Option<&str>,
  ) -> Result<(), StoreError> {
    let Some(name) = game_name(name) else {
      self.error(REFUSED);
      return Ok(());
    };
    let Some(password) = password.filter(|p| !p.is_empty()) else {
      self.error("SIGN ON needs a password after the game name. Nothing was signed on.");
      return Ok(());
    };
    let Some((lock, stored)) = self.open_game(&name)? else {
      if !self.replayed {
        // A mistyped game name is the likeliest mistake: name it.
        self.error(&no_such_game(&name));
      }
      return Ok(());
    };
    match letter.to_ascii_uppercase() {
      'O' => self.sign_on_observer(lock, stored, password),
      'M' => {
        let masters: Vec<String> = stored
          .game
          .members
          .iter()
          .filter(|m| m.role == Role::Master)
          .flat_map(|m| m.addresses().map(str::to_string))
          .collect();
        if masters.is_empty() {
          self.error(REFUSED);
          return Ok(());
        }
        let key = throttle::seat(&name, "master");
        let what = format!("the Master of game '{name}'");
        if self.seat_locked(&key, &what)? {
          return Ok(());
        }
        let master = stored
          .game
          .members
          .iter()
          .position(|m| m.role == Role::Master && password::verify(password, &m.password));
        match master {
          Some(index) => {
            self.signed_on(lock, stored, index);
            self.verified(&key, &format!("Master of game '{name}'"))
          }
          None => self.wrong_password(&key, &what, masters, &stored.game),
        }
      }
      letter => match stored.game.power_seat(letter) {
        // Taking a power over is joining, which is the mail's.
        Ok(Some(PowerSeat::Abandoned(_))) if self.web => {
          self.error(REFUSED);
          Ok(())
        }
        Ok(Some(PowerSeat::Abandoned(index))) => {
          self.take_over(lock, stored, index, Some(password))
        }
        Ok(Some(PowerSeat::Played(index))) => {
          let power = stored.game.members[index].power;
          let power_name = power.map(|p| stored.game.power_name(p).to_string());
          let power_name = power_name.unwrap_or_else(|| letter.to_string());
          let key = throttle::seat(&name, &power_name);
          let what = format!("{power_name} in game '{name}'");
          if self.seat_locked(&key, &what)? {
            return Ok(());
          }
          if !password::verify(password, &stored.game.members[index].password) {
            let owners = stored.game.members[index].addresses().map(str::to_string).collect();
            return self.wrong_password(&key, &what, owners, &stored.game);
          }
          self.signed_on(lock, stored, index);
          self.verified(&key, &what)
        }
        Err(refusal) => {
          self.error(&refusal.to_string());
          Ok(())
        }
        Ok(None) => {
          self.error(REFUSED);
          Ok(())
        }
      },
    }
  }

  pub(super) fn signed_on(&mut self, lock: Lock, stored: Stored, index: usize) {
    let game = &stored.game;
    let member = &game.members[index];
    let as_what = match (member.role, member.power) {
      (Role::Master, _) => "Master".to_string(),
      (Role::Observer, _) => "an observer".to_string(),
      (Role::Player, Some(power)) => game.power_name(power).to_string(),
      (Role::Player, None) => "a player".to_string(),
    };
    let status = match &game.status {
      Status::Forming if game.settings.variant.secret && member.role != Role::Master => {
        " It has not started yet.".to_string()
      }
      Status::Forming => {
        format!(" It has not started yet: it needs {} more players.", game.players_missing())
      }
      Status::Finished(_) => " The game is over.".to_string(),
      Status::Active => String::new(),
    };
    let name = game.name.clone();
    let mut stored = stored;
    let was_cd = stored.game.signed_on(index);
    self.seat_at(lock, stored, index, was_cd);
    self.say(&format!("You are signed on as {as_what} in game '{name}'.{status}"));
    if was_cd {
      self.say(&format!("{as_what} is no longer in civil disorder."));
      let shown = self.shown_sender();
      self.notice(
        &format!("{as_what} is no longer in CD"),
        &format!("{shown} has returned as {as_what} in game '{name}', which is no longer in\ncivil disorder.\n"),
      );
    }
    if let Some(seat) = &self.seat {
      if !seat.copy_to.is_empty() {
        let record = seat.copy_to.join(", ");
        self.say(&format!(
          "(You signed on from another address, so a copy of this reply goes to {record}.)"
        ));
      }
    }
  }

  fn sign_on_observer(
    &mut self,
    lock: Lock,
    mut stored: Stored,
    password: &str,
  ) -> Result<(), StoreError> {
    // The same observer writes from an address of theirs; another person
    // who happens to choose the same password is a new observer.
    let sender = self.ctx.users.by_address(&self.reply_to)?.map(|u| u.id);
    if let Some(index) = stored.game.known_observer(&self.reply_to, sender) {
      // Known by address alone proves nothing about who sent the message.
      let right = password::verify(password, &stored.game.members[index].password);
      let key = throttle::seat(&stored.game.name, &self.reply_to);
      let what = format!("an observer of game '{}'", stored.game.name);
      self.signed_on(lock, stored, index);
      if right {
        self.verified(&key, &what)?;
      }
      return Ok(());
    }
    let Some(user) = self.registered_sender("Observing a game")? else { return Ok(()) };
    if !self.admitted(&stored.game, false)? {
      return Ok(());
    }
    let Some(hash) = self.hashed(Some(password)) else { return Ok(()) };
    let index = stored.game.sign_on_observer(self.new_member(Role::Observer, Some(&user), hash));
    let name = stored.game.name.clone();
    self.seat_at(lock, stored, index, true);
    self.say(&format!(
      "You are now an observer in game '{name}': you will receive its results and\n\
       broadcasts. RESIGN in a message of its own (after SIGN ON O{name} password)\n\
       stops that."
    ));
    let shown = self.shown_sender();
    self.announce(
      "New Player Signon: O",
      &format!("{shown} has signed on as an observer in game '{name}'.\n"),
      None,
      false,
    );
    Ok(())
  }

  /// A registered user takes over an abandoned power (manual §5.1).
  fn take_over(
    &mut self,
    lock: Lock,
    mut stored: Stored,
    index: usize,
    password: Option<&str>,
  ) -> Result<(), StoreError> {
    let game = &stored.game;
    let Some(power) = game.members.get(index).and_then(|m| m.power) else { return Ok(()) };
    let power_name = game.power_name(power).to_string();
    let name = game.name.clone();
    if let Err(refusal) = game.may_take_over(index, &self.reply_to) {
      self.error(&refusal.to_string());
      return Ok(());
    }
    let Some(user) = self.registered_sender("Taking over an abandoned power")? else {
      return Ok(());
    };
    let returning = game.owns_seat(index, user.id);
    if !returning && !self.admitted(game, true)? {
      return Ok(());
    }
    let Some(hash) = self.hashed(password) else { return Ok(()) };
    let (now, tz) = (self.ctx.now, self.ctx.tz());
    let Some(taken) = stored.game.take_over(index, &self.reply_to, user.id, hash, now, tz) else {
      return Ok(());
    };
    let TakenOver { index, returning, was_cd, .. } = taken;
    let started =
      if returning { Vec::new() } else { dedication::took_over(&stored.game, power, now) };
    let deadline = stored.game.timing.deadline.map(|d| deadline::show(d, tz));
    self.seat_at(lock, stored, index, true);
    if let Some(seat) = self.seat.as_mut() {
      seat.ledger.extend(started);
    }
    if returning {
      self.say(&format!("You have taken back {power_name} in game '{name}'."));
    } else {
      self.say(&format!(
        "You have taken over the abandoned {power_name} in game '{name}'. A wait\n\
         has been set for you so the phase is not processed before its deadline:\n\
         send SET NO WAIT when your orders are final."
      ));
    }
    if was_cd {
      self.say(&format!("{power_name} is no longer in civil disorder."));
    }
    let shown = self.shown_sender();
    let initial = self.seat.as_ref().map_or('?', |s| s.stored.game.map.power(power).initial);
    let until = deadline.map(|d| format!("The deadline is {d}.\n")).unwrap_or_default();
    let (subject, text) = if returning {
      (
        format!("Returning Player Signon: {initial}"),
        format!("{shown} has returned as {power_name} in game '{name}'.\n{until}"),
      )
    } else {
      (
        format!("New Player Signon: {initial}"),
        format!("{shown} has taken over the abandoned {power_name} in game '{name}'.\n{until}"),
      )
    };
    self.notice(&subject, &text);
    Ok(())
  }

  /// The sender as others in the signed-on game see them: the address, or
  /// a placeholder in gunboat and running SET SECRET games.
  pub(crate) fn shown_sender(&self) -> String {
    match &self.seat {
      Some(seat) if seat.stored.game.players_unnamed() => crate::announce::ANONYMOUS.to_string(),
      _ => self.reply_to.clone(),
    }
  }
}

fn plural(n: usize) -> &'static str {
  if n == 1 {
    ""
  } else {
    "s"
  }
}

fn bad_name(name: &str) -> String {
  let shown: String = name.chars().take(20).collect();
  format!(
    "'{shown}' cannot be a game name: a game name is 1 to 8 letters and digits.\n\
     Nothing was done."
  )
}

fn no_such_game(name: &str) -> String {
  format!(
    "There is no game called '{name}' on this judge. Send LIST for the games,\n\
     or CREATE ?{name} password to start one. Nothing was signed on."
  )
}
