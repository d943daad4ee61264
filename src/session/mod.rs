//! Carrying out the commands of one message: the conversation between one
//! sender and the judge. Reads the parsed body, applies each command to the
//! stores, and produces the reply (each line echoed with what became of it)
//! and any other mail (files, notices, results). Knows nothing of MIME,
//! transports or the spool: `receive` does that around it, and commits the
//! game this message changed (if any) with the mail it made.
//!
//! A message is about at most one game: the one its CREATE, SIGN ON or
//! OBSERVE names (manual §4). From then on the game is held locked in
//! memory; lines that are not commands are orders for it, and at the end
//! the game is processed if its orders are all in and due.

mod access;
mod duality;
mod future;
mod game_info;
mod info;
mod join;
mod master;
mod moderate;
mod payola;
mod picture;
mod play;
mod press;
mod register;
mod rule;
mod timing;
mod transform;
mod variant;
mod vote;
mod web;
mod xtal;

use crate::zone::Tz;
use chrono::{DateTime, Utc};

pub(crate) use self::access::List;
pub(crate) use self::moderate::Threshold;
pub use self::web::{run_web, SeatRef, WebEntry};
use crate::command::{self, BodyLine, CommandKind, Ending, Invocation, Item};
use crate::config::Config;
use crate::game::{report, Game, Role, Status};
use crate::mail::inbound::Inbound;
use crate::mail::outbound::{MailKind, Outgoing};
use crate::mail::subject;
use crate::phase::Phase;
use crate::store::game_file::{HistoryEntry, HistoryKind, Stored};
use crate::store::games::Games;
use crate::store::ledger::LedgerEntry;
use crate::store::lock::Lock;
use crate::store::users::Users;
use crate::store::StoreError;

/// At most this many body lines are echoed; the rest are not read.
const MAX_LINES: usize = 500;

/// What the stores and the clock look like to a session.
pub struct Context<'a> {
  pub config: &'a Config,
  pub users: &'a Users,
  pub games: &'a Games,
  /// The data directory, for the dedication ledger.
  pub data_root: &'a std::path::Path,
  pub now: DateTime<Utc>,
  /// The key of the message being carried out: the origin of the game
  /// change it makes, so that carrying it out again changes nothing.
  pub origin: &'a str,
}

impl Context<'_> {
  /// The judge's time zone.
  pub fn tz(&self) -> Tz {
    self.config.tz().unwrap_or(crate::zone::UTC)
  }
}

/// What one message led to.
#[derive(Debug, Default)]
pub struct Outcome {
  /// The reply, then any other mail, in sending order.
  pub mail: Vec<Outgoing>,
  /// The canonical keywords of the commands carried out, for the log.
  pub commands: Vec<String>,
  /// How many lines got an error.
  pub errors: usize,
  /// The game the message changed, still locked, to commit with the mail.
  pub game: Option<GameChange>,
  /// The message had been carried out before (a crash came between its
  /// change and the end of its handling): nothing was done again.
  pub replayed: bool,
  /// The game the message was about, for the log.
  pub game_name: Option<String>,
}

/// A changed game, held under its lock until committed.
#[derive(Debug)]
pub struct GameChange {
  pub lock: Lock,
  pub stored: Stored,
  pub history: Vec<HistoryEntry>,
  pub ledger: Vec<LedgerEntry>,
}

/// The game a message is about, once a CREATE, SIGN ON or OBSERVE worked.
struct Seat {
  lock: Lock,
  stored: Stored,
  /// The signed-on member.
  member: usize,
  /// Whom a right password showed the sender to be (proof for I AM ALSO).
  verified: Option<register::Proof>,
  /// The phase when the message signed on (replies are about it).
  phase: Phase,
  changed: bool,
  /// The game was created by this message.
  created: bool,
  history: Vec<HistoryEntry>,
  ledger: Vec<LedgerEntry>,
  /// How many orders of the message were taken, and how many refused.
  orders_taken: usize,
  order_errors: usize,
  /// The address of record, when the sign-on came from elsewhere: it gets
  /// a copy of the reply.
  copy_to: Vec<String>,
  /// The member resigned from a forming game, or stopped observing: they
  /// leave the game once the message is done.
  leaving: bool,
  /// The reply's `::` header, fixed before the game is processed (the reply
  /// is about the phase the sender saw).
  reply_header: Option<String>,
  /// The Master's own member index, after a BECOME made the rest of the
  /// message act for a power.
  became: Option<usize>,
  /// The settings this message changed, told to everyone in one
  /// `Parameter Change` at its end.
  parameter_changes: Vec<String>,
  /// Whether the power had orders in when this message's first orders
  /// came (the DPjudge's NO_LATE_CHANGES keeps those after the deadline).
  had_orders: Option<bool>,
}

/// The reply being written and the other mail being gathered.
/// What a command's handler returns, read as "must the rest of the
/// message be skipped?": nothing or `Ok(())` means go on.
pub(crate) trait Flow {
  fn flow(self) -> Result<bool, StoreError>;
}

impl Flow for () {
  fn flow(self) -> Result<bool, StoreError> {
    Ok(false)
  }
}

impl Flow for bool {
  fn flow(self) -> Result<bool, StoreError> {
    Ok(self)
  }
}

impl Flow for Result<(), StoreError> {
  fn flow(self) -> Result<bool, StoreError> {
    self.map(|()| false)
  }
}

impl Flow for Result<bool, StoreError> {
  fn flow(self) -> Result<bool, StoreError> {
    self
  }
}

pub(crate) struct Session<'a> {
  ctx: &'a Context<'a>,
  /// Where the reply and files go (header rule, then `REPLY-TO:`).
  reply_to: String,
  /// Mail for the sender other than the reply: (subject, body).
  to_sender: Vec<(String, String)>,
  /// Mail for others.
  others: Vec<Outgoing>,
  body: String,
  commands: Vec<String>,
  errors: usize,
  seat: Option<Seat>,
  /// A CREATE, SIGN ON or OBSERVE was tried (only one is allowed).
  joined: bool,
  replayed: bool,
  /// The game a SIGN ON named does not exist.
  missing: bool,
  /// Order lines refused whole (no game signed on, or the sender may not
  /// order): they raise the `[Error Flag]` like refused orders.
  refused_order_lines: usize,
  /// The lines after the current one, for RESIGN (which must be last).
  lines_after: usize,
  /// Whether lines go to the current phase or into a PHASE block.
  future: future::FutureState,
  /// A Crystal Ball game's list lines in this message.
  xtal: xtal::Draft,
  /// A Payola offer sheet being written (`payola.rs`).
  payola: payola::Draft,
  /// The message gave money or set the acceptance list: the reply shows
  /// the purse.
  payola_touched: bool,
  /// Files for the reply: the pictures MAP and SUMMARY draw.
  attachments: Vec<crate::mail::outbound::Attachment>,
  /// The `::` header of the first game a reply without a SIGN ON is about
  /// (LIST, HISTORY, SUMMARY, WHOGAME or MAP of a named game): jDip reads
  /// the game and variant from it, as from njudge's.
  about: Option<String>,
  /// The commands came from the web face, not by mail (see `web`).
  web: bool,
}

/// Carries out a message that is not noise. `reply_to` is the header reply
/// address.
pub fn run(ctx: &Context<'_>, inbound: &Inbound, reply_to: &str) -> Result<Outcome, StoreError> {
  let parsed = command::parse_body(&inbound.body);
  let mut session = Session::new(ctx, reply_to);
  let any_command = parsed.lines.iter().any(|l| matches!(l.item, Item::Command(_)));
  if any_command {
    session.carry_out(&parsed)?;
  } else {
    session.body.push_str(
      "No command was found in your message, so nothing was done.\n\
       Send a message with the line HELP to learn how to use this judge.\n",
    );
    session.errors += 1;
  }
  if session.replayed {
    return Ok(Outcome { replayed: true, ..Outcome::default() });
  }
  session.conclude()?;
  Ok(session.finish(inbound))
}

impl<'a> Session<'a> {
  fn new(ctx: &'a Context<'a>, reply_to: &str) -> Session<'a> {
    Session {
      ctx,
      reply_to: reply_to.to_string(),
      to_sender: Vec::new(),
      others: Vec::new(),
      body: String::new(),
      commands: Vec::new(),
      errors: 0,
      seat: None,
      joined: false,
      replayed: false,
      missing: false,
      refused_order_lines: 0,
      lines_after: 0,
      future: future::FutureState::default(),
      xtal: xtal::Draft::default(),
      payola: payola::Draft::default(),
      payola_touched: false,
      attachments: Vec::new(),
      about: None,
      web: false,
    }
  }
}

impl Session<'_> {
  fn carry_out(&mut self, parsed: &command::Body) -> Result<(), StoreError> {
    let (lines, ending) = (&parsed.lines, parsed.ending);
    for (index, line) in lines.iter().enumerate() {
      if parsed.closing == Some(index) && self.is_signature(&lines[index..]) {
        self.say(&play::signature_note(&lines[index..]));
        break;
      }
      if index == MAX_LINES {
        let rest = lines.len() - index;
        self.body.push_str(&format!("({rest} more lines were not read: at most {MAX_LINES} lines are read from one message.)\n"));
        break;
      }
      // A closing SIGN OFF only stops the reading, and a signature is not
      // read: neither is a command after RESIGN.
      let end = match parsed.closing {
        Some(start) if start > index && self.is_signature(&lines[start..]) => start,
        _ => lines.len(),
      };
      self.lines_after = lines[index + 1..end]
        .iter()
        .filter(|l| !matches!(&l.item, Item::Command(i) if i.kind == CommandKind::SignOff))
        .count();
      self.echo(line);
      let stop = match &line.item {
        Item::Command(invocation) => self.command(invocation)?,
        Item::Other(text) => {
          self.other(text);
          false
        }
      };
      if self.replayed {
        return Ok(());
      }
      self.body.push('\n');
      if stop {
        let rest = lines.len() - index - 1;
        if rest > 0 && self.sender_left() {
          self.say(&format!(
            "You are no longer a member of the game, so the rest of your message\n\
             ({rest} more lines) was not read."
          ));
          self.body.push('\n');
        } else if rest > 0 {
          self.say(&format!(
            "The rest of your message ({rest} more lines) was not read: HELP ends a\n\
             message unless you have signed on to a game."
          ));
          self.body.push('\n');
        }
        return Ok(());
      }
    }
    if !parsed.quoted.is_empty() {
      self.say(&play::quoted_note(&parsed.quoted));
    }
    match ending {
      Ending::Signature => {
        self.say("(Your signature and anything after the '-- ' line were not read.)");
      }
      // Said once, so the player knows why the rest was not read.
      Ending::Cut { line, cut } => {
        let why = match cut {
          command::Cut::Attribution => {
            "your mail program introduces the message you replied to there ('On ... wrote:')"
          }
          command::Cut::Original => {
            "the message you replied to or forwarded starts there ('-----Original Message-----', 'From:')"
          }
          command::Cut::ClientSignature => {
            "your mail program's signature starts there ('Sent from my ...')"
          }
        };
        self.say(&report::wrap(&format!(
          "(Reading stopped at line {line}: {why}. Nothing from that line on was read.)"
        )));
      }
      Ending::EndOfText | Ending::SignOff => {}
    }
    Ok(())
  }

  /// Whether the sender left the game they signed on to during this
  /// message (a Master's EJECT of their own address).
  fn sender_left(&self) -> bool {
    self.seat.as_ref().is_some_and(|s| s.stored.game.members.get(s.member).is_none())
  }

  /// Echoes a line (and a block's lines) as `> text`, passwords masked.
  fn echo(&mut self, line: &BodyLine) {
    self.body.push_str(&format!("> {}\n", line.masked()));
    if let Item::Command(invocation) = &line.item {
      for text in &invocation.block {
        self.body.push_str(&format!("> {text}\n"));
      }
      if invocation.kind == CommandKind::Register && invocation.closed {
        self.body.push_str("> END\n");
      }
    }
  }

  fn say(&mut self, text: &str) {
    self.body.push_str(text);
    if !text.ends_with('\n') {
      self.body.push('\n');
    }
  }

  fn error(&mut self, text: &str) {
    self.errors += 1;
    self.say(text);
  }

  /// Carries out one command; returns true when the rest of the message
  /// must not be read.
  fn command(&mut self, invocation: &Invocation) -> Result<bool, StoreError> {
    let keyword = command::keyword::keyword(invocation.kind);
    if keyword.alone && !invocation.args.is_empty() {
      return self.set_options(invocation);
    }
    self.commands.push(keyword.spellings.first().copied().unwrap_or("?").to_string());
    if let Some(setting) = keyword.setting {
      self.set_setting(invocation.kind, setting);
      return Ok(false);
    }
    match keyword.handler {
      Some(handler) => handler(self, invocation),
      None => {
        let usage = keyword.usage;
        let section = keyword.section;
        self.error(&format!(
          "{usage}: this judge does not offer this command yet (manual section {section}),\n\
           so nothing was done. Send GET index for the commands it knows."
        ));
        Ok(false)
      }
    }
  }

  /// HELP: the introduction, mailed apart; before a sign-on the rest of
  /// the message is not read.
  pub(crate) fn help(&mut self) -> bool {
    self.send_file("info");
    self
      .say("The 'info' file, an introduction to this judge, is on its way in a separate message.");
    self.seat.is_none()
  }

  /// SIGN OFF: the parser has already stopped reading.
  pub(crate) fn sign_off(&mut self) {
    self.say("Signed off: nothing after this line was read.");
  }

  /// DIARY alone records an entry; with anything else it is a mistake.
  pub(crate) fn diary(&mut self, invocation: &Invocation) {
    let args = invocation.args.as_str();
    if args.is_empty() {
      self.diary_record(invocation);
    } else {
      self.error(&format!(
        "DIARY takes RECORD, LIST, READ n or DELETE n, not '{args}'. Nothing was done."
      ));
    }
  }

  /// ENDPRESS or ENDBROADCAST with no press open.
  pub(crate) fn stray_end_press(&mut self) {
    self.error(
      "This ends a press message, but no PRESS or BROADCAST was open; nothing was\n\
       done. (ENDPRESS must be written as one word, alone on its line.)",
    );
  }

  /// SET with nothing after it.
  pub(crate) fn set_nothing(&mut self) {
    self.error(
      "SET needs a setting after it, as in SET WAIT or SET PREFERENCE FRG.\n\
       Nothing was changed. Send GET index for the settings.",
    );
  }

  /// A SET option followed by more on the same line: njudge reads several
  /// options from one SET line (`SET GREY, PARTIAL FAKES BROADCAST`, the
  /// commas optional). Carries out the first, then the rest as its own SET.
  fn set_options(&mut self, invocation: &Invocation) -> Result<bool, StoreError> {
    let first = Invocation { args: String::new(), ..invocation.clone() };
    self.command(&first)?;
    let rest = invocation.args.trim_start_matches([',', ';']).trim();
    if rest.chars().all(|c| matches!(c, '.' | ',' | ';')) {
      return Ok(false);
    }
    let line = format!("SET {rest}");
    match command::lookup(&line) {
      Some((kind, len)) if kind.is_set() && kind != CommandKind::Set => {
        let args = line.get(len..).unwrap_or_default().trim().to_string();
        let next = Invocation { kind, args, block: Vec::new(), closed: true };
        self.command(&next)
      }
      _ => {
        self.error(&format!(
          "'{rest}' is not a setting this judge knows, so that part of the line was not\n\
           read. Send GET index for the SET options."
        ));
        Ok(false)
      }
    }
  }

  /// SET PRESS setting: the word PRESS before a press setting.
  pub(crate) fn set_press_word(&mut self, args: &str) -> Result<bool, StoreError> {
    let line = format!("SET {args}");
    match command::lookup(&line) {
      Some((kind, len)) if !args.is_empty() && kind.is_set() && kind != CommandKind::Set => {
        let args = line.get(len..).unwrap_or_default().trim().to_string();
        self.command(&Invocation { kind, args, block: Vec::new(), closed: true })
      }
      _ => {
        self.error(&format!(
          "SET PRESS needs a press setting after it (WHITE, GREY, WHITE/GREY,\n\
           GREY/WHITE or NONE), not '{args}'. Nothing was changed."
        ));
        Ok(false)
      }
    }
  }

  /// A line that is not a command: an order once signed on to a game.
  fn other(&mut self, text: &str) {
    if self.future_order(text) {
      return;
    }
    if self.seat.is_some() {
      self.orders(text);
      return;
    }
    let shown: String = text.chars().take(60).collect();
    // Only what reads as an order raises the error flag; a greeting or a
    // name is just reported.
    if crate::map::Map::standard().map_or(true, |map| crate::order::reads_as_order(map, text)) {
      self.refused_order_lines += 1;
    }
    self.error(&format!(
      "'{shown}' is not a command this judge knows. Orders are read only after\n\
       a SIGN ON to your game earlier in the same message. Send GET index for\n\
       the list of commands."
    ));
  }

  /// REPLY-TO: where this message's reply goes. Never the judge itself or
  /// an address known to answer mail automatically (another judge, a
  /// vacation responder): the two would answer each other for ever.
  pub(crate) fn set_reply_to(&mut self, args: &str) {
    let config = self.ctx.config;
    let root = self.ctx.data_root;
    match info::plausible_address(args) {
      Some(address) if address.eq_ignore_ascii_case(config.judge_address.trim()) => {
        self.error(&report::wrap(&format!(
          "REPLY-TO: {address} is this judge's own address, so replies still go \
           to {}. The judge would be mailing itself, in a loop. Give an address \
           you read, for example REPLY-TO: name@example.org",
          self.reply_to
        )));
      }
      Some(address) if crate::store::automatic::is_automatic(root, &address) => {
        self.error(&report::wrap(&format!(
          "REPLY-TO: {address} was refused, so replies still go to {}. Mail \
           from that address came in marked as sent automatically (by another \
           judge or an automatic responder), and two machines can answer each \
           other for ever. Give an address a person reads. If the address is \
           yours and its automatic replies are now off, send any message from \
           it, then use REPLY-TO again.",
          self.reply_to
        )));
      }
      Some(address) => {
        self.say(&format!("Replies to this message go to {address}."));
        self.reply_to = address;
      }
      None => self.error(&format!(
        "'{args}' is not an e-mail address, so replies still go to {}.\n\
         Write it as REPLY-TO: name@example.org",
        self.reply_to
      )),
    }
  }

  /// The signed-on game, or an error saying a SIGN ON is needed first.
  fn seat_or_error(&mut self, command: &str) -> Option<&mut Seat> {
    if self.seat.is_none() {
      self.error(&format!(
        "{command} needs a SIGN ON to your game earlier in the same message\n\
         (for example SIGN ON Fmygame password), so nothing was done."
      ));
    }
    self.seat.as_mut()
  }

  /// Mail to every member of the signed-on game (but the one signed on,
  /// when `to_self` is false), and an entry in its history when `kind` is
  /// given. The subject is `CODE:game - PHASE what`.
  fn announce(&mut self, what: &str, text: &str, kind: Option<HistoryKind>, to_self: bool) {
    let Some(seat) = self.seat.as_mut() else { return };
    let except = (!to_self).then_some(seat.member);
    let announcement = crate::announce::to_members(
      self.ctx.config,
      &seat.stored.game,
      what,
      text,
      except,
      kind,
      self.ctx.now,
    );
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    seat.changed = true;
    let mut mail = announcement.mail;
    crate::announce::reveal_to_masters(&seat.stored.game, &mut mail, &self.reply_to);
    self.others.extend(mail);
  }

  /// A notice to the others of the game that a QUIET game keeps to its
  /// Masters: who has returned, taken over, resigned or been ejected.
  fn notice(&mut self, what: &str, text: &str) {
    let Some(seat) = self.seat.as_mut() else { return };
    let announcement = crate::announce::to_audience(
      self.ctx.config,
      &seat.stored.game,
      what,
      text,
      Some(seat.member),
      self.ctx.now,
    );
    seat.history.extend(announcement.history);
    seat.ledger.extend(announcement.ledger);
    seat.changed = true;
    let mut mail = announcement.mail;
    crate::announce::reveal_to_masters(&seat.stored.game, &mut mail, &self.reply_to);
    self.others.extend(mail);
  }

  /// A game whose files cannot be read: the sender is told, the keeper is
  /// mailed and the log says where; nothing is changed.
  fn damaged_game(&mut self, name: &str, path: &std::path::Path, message: &str) {
    tracing::error!(game = name, path = %path.display(), %message, "damaged game");
    self.error(&format!(
      "Game '{name}' cannot be read at the moment: its files are damaged, and the\n\
       judgekeeper has been told. Nothing was done; please try again later."
    ));
    // The keeper hears of a damaged game once, whoever meets it first (a
    // message, a LIST, the sweep).
    match self.ctx.games.note_damaged(name, message) {
      Ok(false) => return,
      Ok(true) => {}
      Err(error) => tracing::error!(%error, "a damaged game could not be marked"),
    }
    self.others.push(crate::announce::damaged_game(
      self.ctx.config,
      name,
      &format!("The judge could not read game '{name}' while handling mail from {}", self.reply_to),
      &format!("{}: {message}", path.display()),
      "The game is left as it is until you repair or restore it.\n",
    ));
  }

  /// After the last line: the player's orders as they stand, then the game
  /// processed if it is ready, then the time to the deadline.
  fn conclude(&mut self) -> Result<(), StoreError> {
    let now = self.ctx.now;
    let tz = self.ctx.tz();
    let code = self.ctx.config.judge_code.clone();
    if self.close_future_block() {
      self.body.push('\n');
    }
    self.close_lists();
    self.close_sheet();
    self.announce_parameter_changes();
    let Some(seat) = self.seat.as_mut() else { return Ok(()) };
    let game = &mut seat.stored.game;
    // A message whose orders were all refused changes nothing; one with
    // some taken raises the error flag if any was refused (manual §6.1).
    let mut shown_orders = None;
    if seat.orders_taken > 0 {
      if let Some(power) = game.members[seat.member].power {
        game.orders_given(power, seat.order_errors > 0);
        // BROADCAST_ORDERS (teaching games): everyone sees them as taken.
        if game.settings.variant.has_rule("BROADCAST_ORDERS") {
          shown_orders = Some(report::current_orders(game, power));
        }
      }
    }
    if let Some(text) = shown_orders {
      self.announce("Orders", &text, Some(HistoryKind::Notice), false);
    }
    let Some(seat) = self.seat.as_mut() else { return Ok(()) };
    let game = &mut seat.stored.game;
    if seat.changed {
      game.note_readiness(now);
    }
    if game.ready_to_start() && !seat.leaving {
      self.start_game();
      self.body.push('\n');
    }
    let Some(seat) = self.seat.as_mut() else { return Ok(()) };
    let game = &mut seat.stored.game;
    seat.reply_header = Some(report::header(&code, game, tz));
    // The sender may have left the game (a Master's EJECT of their own
    // address): then there is no member to report on.
    let member_power = game.members.get(seat.member).map(|m| (m.power, m.role));
    let mut footer = String::new();
    if let (Some((Some(power), role)), Status::Active, false) =
      (member_power, &game.status, seat.leaving)
    {
      let orders = &game.orders[power.index()];
      let ordered = orders.any();
      if role == Role::Player && (ordered || seat.orders_taken + seat.order_errors > 0) {
        if seat.orders_taken == 0 && seat.order_errors > 0 {
          footer
            .push_str("None of the orders in this message were taken, so nothing was changed.\n\n");
        }
        footer.push_str(&report::current_orders(game, power));
        footer.push('\n');
        // The vassals' orders, which the player gives (VASSAL_DUMMIES).
        for vassal in game.position.vassals_of(power).filter(|&v| game.must_order(v)) {
          footer.push_str(&report::current_orders(game, vassal));
          footer.push('\n');
        }
      }
    }
    let leaving = seat.leaving;
    if !leaving {
      let listed_current = !footer.is_empty();
      footer.push_str(&self.future_footer(listed_current));
      footer.push_str(&self.lists_footer(listed_current));
      footer.push_str(&self.purse_footer(self.payola_touched));
    }
    let absences = if leaving { String::new() } else { self.absences_text() };
    let Some(seat) = self.seat.as_mut() else { return Ok(()) };
    let game = &mut seat.stored.game;
    footer.push_str(&absences);
    if seat.leaving {
      if seat.member < game.members.len() {
        game.members.remove(seat.member);
      }
      seat.member = usize::MAX;
      seat.copy_to.clear();
    }
    self.body.push_str(&footer);
    let due = self.seat.as_ref().is_some_and(|s| s.stored.game.process_due(now));
    if due {
      self.process_game(false);
      self.body.push('\n');
    } else {
      self.tell_master_ready();
    }
    if let Some(seat) = &self.seat {
      let game = &seat.stored.game;
      if game.status == Status::Active && !seat.leaving {
        if let Some(time) = report::time_to_deadline(game, now) {
          self.body.push_str(&time);
        }
      }
    }
    self.auto_create()?;
    Ok(())
  }

  fn finish(self, inbound: &Inbound) -> Outcome {
    let config = self.ctx.config;
    let code = &config.judge_code;
    let header = match &self.seat {
      Some(seat) => seat.reply_header.clone().unwrap_or_default(),
      None => self.about.clone().unwrap_or_else(|| format!(":: Judge: {code}\n")),
    };
    let body = format!("{header}\n{}", self.body);
    let error_flag =
      self.refused_order_lines > 0 || self.seat.as_ref().is_some_and(|s| s.order_errors > 0);
    let game_subject =
      self.seat.as_ref().map(|s| (s.stored.game.name.clone(), s.phase.to_string()));
    let subject = subject::reply(
      code,
      game_subject.as_ref().map(|(name, phase)| (name.as_str(), phase.as_str())),
      error_flag,
      &inbound.subject,
    );
    let mut mail = vec![Outgoing {
      to: self.reply_to.clone(),
      subject: subject.clone(),
      body,
      in_reply_to: inbound.message_id.clone(),
      // The mail edge already ends the thread with this message's id.
      references: inbound.references.clone(),
      kind: MailKind::Reply,
      attachments: self.attachments,
    }];
    let copies = self.seat.as_ref().map(|s| s.copy_to.clone()).unwrap_or_default();
    for address in copies {
      if !address.eq_ignore_ascii_case(&self.reply_to) {
        mail.push(Outgoing {
          to: address,
          subject: subject.clone(),
          body: format!(
            "{header}\nA copy of the judge's reply to {}, who signed on as you:\n\n{}",
            self.reply_to, self.body
          ),
          in_reply_to: None,
          references: Vec::new(),
          kind: MailKind::Reply,
          attachments: Vec::new(),
        });
      }
    }
    for (subject, body) in self.to_sender {
      mail.push(Outgoing {
        to: self.reply_to.clone(),
        subject,
        body,
        in_reply_to: inbound.message_id.clone(),
        references: Vec::new(),
        kind: MailKind::Reply,
        attachments: Vec::new(),
      });
    }
    mail.extend(self.others);
    let game_name = self.seat.as_ref().map(|s| s.stored.game.name.clone());
    let game = self.seat.filter(|s| s.changed).map(|s| GameChange {
      lock: s.lock,
      stored: s.stored,
      history: s.history,
      ledger: s.ledger,
    });
    Outcome { mail, commands: self.commands, errors: self.errors, game, replayed: false, game_name }
  }
}

/// The name a command's argument gives for a game, lower case, if it is one.
fn game_name(text: &str) -> Option<String> {
  let name = text.trim().to_ascii_lowercase();
  Game::valid_name(&name).then_some(name)
}
