//! The table of every command keyword (manual §10 and njudge's other
//! spellings): one declaration per command, from which [`CommandKind`],
//! the parser's keyword lookup, the `index` help file, the argument rules,
//! the "not offered yet" answer, the SET options' effects and the dispatch
//! (each row names the session method that carries it out) are all
//! generated, so none of them can drift from the others.
//!
//! `SET` options are commands of their own (`SetWait`, `SetNoWait`…): the
//! `NO` form of an option is a separate kind, so that `SET NO WAIT`, `SET
//! NOWAIT` and `SETNOWAIT` all land on `SetNoWait` and whoever carries a
//! command out never has to look at the words again. An option that turns
//! a game setting on or off is one [`Switch`] declaring both kinds; a row
//! that changes a game setting carries the change itself ([`Setting`]), so
//! a new option of that sort is one row here and nothing in the session.
//! That is where this module knows the game (which field of its
//! [`Settings`] a SET changes) and the session (which method carries a
//! command out).

use std::fmt::Write as _;

use super::Invocation;
use crate::game::preference::Assignment;
use crate::game::press::{Colors, Fakes};
use crate::game::{dpjudge, Game, GameOption, SettingRefusal, Settings};
use crate::phase::PhaseKind;
use crate::rules::BuildRule;
use crate::session::{Flow, List, Session, Threshold};
use crate::store::StoreError;

/// The two SET commands of one of the DPjudge's rules that this judge
/// plays by name (`game/dpjudge.rs`): they turn it on and off as SET RULE
/// and SET NO RULE do, with what the DPjudge's table brings with it.
macro_rules! dpjudge_switch {
  ($rule:path) => {
    RuleWords { rule: &$rule }
  };
}

/// Declares [`CommandKind`], [`CommandKind::ALL`] and [`KEYWORDS`] from one
/// list. An entry is `Kind = row;`, or `OnKind / OffKind = Switch {…};`
/// for an option's two commands; the kinds are numbered in the order
/// declared, which is also the order of [`KEYWORDS`].
macro_rules! commands {
  ($($kind:ident $(/ $off:ident)? = $row:expr;)*) => {
    /// Every command the judge recognises; each has exactly one row in
    /// [`KEYWORDS`] saying how it is spelled and what it does.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum CommandKind {
      $($kind, $($off,)?)*
    }

    impl CommandKind {
      /// Every kind, in declaration order (the order of [`KEYWORDS`]).
      pub const ALL: &'static [CommandKind] = &[$(CommandKind::$kind, $(CommandKind::$off,)?)*];
    }

    /// The rows as declared: one per command, two per [`Switch`]. A
    /// handler that returns nothing ends in `().flow()`, on purpose: it
    /// reads like the others, and [`Flow`] says what nothing means.
    #[allow(clippy::unit_arg)]
    const DECLARED: &[&[Keyword]] = &[$(commands!(@rows $row, $kind $(, $off)?)),*];
  };
  (@rows $row:expr, $kind:ident) => { &[$row.of(CommandKind::$kind)] };
  (@rows $row:expr, $on:ident, $off:ident) => {
    &[$row.on_row(CommandKind::$on), $row.off_row(CommandKind::$off)]
  };
}

impl CommandKind {
  /// This command's row in [`KEYWORDS`].
  pub fn keyword(self) -> &'static Keyword {
    keyword(self)
  }

  /// Whether this is `SET` or one of its options; njudge reads several
  /// options from one SET line, so their arguments need the same care.
  pub fn is_set(self) -> bool {
    keyword(self).spellings.first().is_some_and(|s| *s == "SET" || s.starts_with("SET "))
  }

  /// Whether this judge carries the command out; the others are answered
  /// "not offered yet" and left out of the index.
  pub fn offered(self) -> bool {
    keyword(self).offered()
  }
}

/// Who may use a command (njudge's `data/index` codes `any`, `ply`, `mod`,
/// `mas`, `adm`); the `index` help file is grouped by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Who {
  /// Anyone, signed on or not (`any`).
  Anyone,
  /// Anyone signed on to a game: player, observer or Master (`ply`).
  Player,
  /// The game's Master, or any player when the game is unmoderated (`mod`).
  Moderator,
  /// Only a Master of the game (`mas`).
  Master,
  /// Only the judgekeeper (`adm`).
  Keeper,
}

impl Who {
  /// Every group, in the order the index shows them.
  pub const ALL: &'static [Who] =
    &[Who::Anyone, Who::Player, Who::Moderator, Who::Master, Who::Keeper];

  /// The heading of this group in the index.
  pub fn heading(self) -> &'static str {
    match self {
      Who::Anyone => "Anyone may use these, signed on or not",
      Who::Player => "After signing on to a game (players, observers and Masters)",
      Who::Moderator => "The Master, or any player if the game is unmoderated",
      Who::Master => "A Master of the game only",
      Who::Keeper => "The judgekeeper only",
    }
  }
}

/// Whether a command takes the lines after it, and what ends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
  /// A one-line command.
  Line,
  /// The following lines up to a line that is just `END` (REGISTER).
  UntilEnd,
  /// Message text up to `ENDPRESS`/`ENDBROADCAST` (or `SIGN OFF`) alone on
  /// a line; never read as commands.
  Press,
  /// The rest of the message, up to a `SIGN OFF` line if there is one.
  Rest,
  /// [`Block::Press`] when nothing follows the keyword on its line, else
  /// a one-line command (`DIARY` alone is `DIARY RECORD`).
  PressWhenBare,
}

/// One row of the keyword table.
#[derive(Clone, Copy, Debug)]
pub struct Keyword {
  pub kind: CommandKind,
  /// Spellings, each a list of words matched with optional whitespace
  /// between them. The first is the one the usage shows, and the one to use
  /// when the judge has to name the command itself.
  pub spellings: &'static [&'static str],
  /// The usage line shown in the index (`GET file`).
  pub usage: &'static str,
  /// One line saying what the command does, in our own words.
  pub summary: &'static str,
  /// The manual section describing it (`3.2`); empty for the keeper's
  /// commands, which the manual does not cover.
  pub section: &'static str,
  /// Who may use it.
  pub who: Who,
  /// Whether it takes the following lines as a block.
  pub block: Block,
  /// A SET option that takes no argument: whatever follows it on the line
  /// is more options (`SET GREY, PARTIAL`), as njudge reads them.
  pub alone: bool,
  /// The game setting it changes, for the options that only change one;
  /// the others have a handler of their own in the session.
  pub setting: Option<Setting>,
  /// The session method that carries it out, for the commands that are
  /// more than a change of one setting.
  pub(crate) handler: Option<Handler>,
  /// Which of its words are a password, for echoes and subjects to mask.
  pub secret: Secret,
  /// The word SUMMARY's parameters show while the setting is as this
  /// command leaves it.
  pub shown: Option<Shown>,
  /// The line LIST's moderation block shows while it is.
  pub listed: Option<Listed>,
}

/// Where a command's arguments hold a password.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secret {
  /// Nowhere, but in a SET line the word after PASSWORD or PW (njudge
  /// reads several options from one SET line).
  None,
  /// Every word after the first (SIGN ON's game, then its password: a
  /// stray space moves the password on, and it may be an option word).
  AfterFirst,
  /// Every word (SET PASSWORD).
  All,
  /// The last word (the keeper's password).
  Last,
}

/// The lines of SUMMARY's game parameters that list settings by a word,
/// in njudge's layout (`summary.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummaryLine {
  /// `Access:` after the site and level (`Moderated`, `Unrated`).
  Access,
  /// `Flags:`
  Flags,
  /// `xFlags:`
  XFlags,
  /// `x2Flags:`
  X2Flags,
  /// `Press Restrictions:`
  PressRestrictions,
}

/// A word of SUMMARY's parameters. `rank` is its place on its line, which
/// follows njudge's order rather than this table's.
#[derive(Clone, Copy, Debug)]
pub struct Shown {
  pub line: SummaryLine,
  pub rank: u8,
  pub word: &'static str,
  when: State,
}

/// A line of LIST's moderation block (`  Convoy orders:  …`); `rank` is
/// its place among them.
#[derive(Clone, Copy, Debug)]
pub struct Listed {
  pub label: &'static str,
  pub rank: u8,
  pub text: &'static str,
  /// Shown only while the game is forming (how it will start).
  pub forming_only: bool,
  when: State,
}

/// A word or line of a switch's side, before the row gives it its state.
#[derive(Clone, Copy, Debug)]
pub struct Label<T> {
  place: T,
  rank: u8,
  text: &'static str,
  forming_only: bool,
}

/// SUMMARY's word for one side of a switch.
pub const fn word(line: SummaryLine, rank: u8, word: &'static str) -> Label<SummaryLine> {
  Label { place: line, rank, text: word, forming_only: false }
}

/// LIST's line for one side of a switch; `label` is before the colon.
pub const fn line(label: &'static str, rank: u8, text: &'static str) -> Label<&'static str> {
  Label { place: label, rank, text, forming_only: false }
}

/// A LIST line shown only while the game is forming.
pub const fn line_while_forming(
  label: &'static str,
  rank: u8,
  text: &'static str,
) -> Label<&'static str> {
  Label { place: label, rank, text, forming_only: true }
}

/// When a row's word or line is shown: while its setting is as the
/// command leaves it.
#[derive(Clone, Copy, Debug)]
enum State {
  /// A switch's getter gives this value.
  Switch(fn(&Settings) -> bool, bool),
  /// A §9.1 option is on (`true`) or off.
  Option(GameOption, bool),
  /// A condition of the row's own, for a command with a handler.
  Holds(fn(&Settings) -> bool),
}

impl State {
  fn holds(self, settings: &Settings) -> bool {
    match self {
      State::Switch(get, on) => get(settings) == on,
      State::Option(option, on) => option.is_on(settings) == on,
      State::Holds(test) => test(settings),
    }
  }
}

/// The words SUMMARY shows on `line` for `settings`, in njudge's order.
pub fn shown_words(line: SummaryLine, settings: &Settings) -> Vec<&'static str> {
  let mut shown: Vec<&Shown> = KEYWORDS
    .iter()
    .filter_map(|k| k.shown.as_ref())
    .filter(|w| w.line == line && w.when.holds(settings))
    .collect();
  shown.sort_by_key(|w| w.rank);
  shown.into_iter().map(|w| w.word).collect()
}

/// The lines LIST's moderation block starts with for `settings`, in
/// order, as (label, text); `forming` says whether the game is forming.
pub fn listed_lines(settings: &Settings, forming: bool) -> Vec<(&'static str, &'static str)> {
  let mut listed: Vec<&Listed> = KEYWORDS
    .iter()
    .filter_map(|k| k.listed.as_ref())
    .filter(|l| (forming || !l.forming_only) && l.when.holds(settings))
    .collect();
  listed.sort_by_key(|l| l.rank);
  listed.into_iter().map(|l| (l.label, l.text)).collect()
}

/// Carries out one command in a conversation; true when the rest of the
/// message must not be read (see [`Flow`]).
pub(crate) type Handler = fn(&mut Session<'_>, &Invocation) -> Result<bool, StoreError>;

/// What a SET option changes in a game's settings, and how the change is
/// told. Only a moderator may make it (the Master alone where the row's
/// [`Who`] is [`Who::Master`]).
#[derive(Clone, Copy, Debug)]
pub struct Setting {
  /// The command's usage (`SET PARTIAL [PRESS]`) or the name refusals
  /// give a group of choices (`SET FAKE`); read it through [`Setting::name`].
  named: &'static str,
  pub change: Change,
  /// What the game is like afterwards, as its `Parameter Change` says.
  pub meaning: &'static str,
  /// Whether it may be changed only before the game starts.
  pub before_start: bool,
  /// What the game must allow for the change, besides who asks.
  pub needs: Option<Needs>,
}

/// A condition of the game for a setting (`game/permission.rs`): `needs`
/// gets the game and the command's name.
pub type Needs = fn(&Game, &str) -> Result<(), SettingRefusal>;

impl Setting {
  /// The command as refusals name it: `SET PARTIAL`, a usage's bracketed
  /// words left out.
  pub fn name(&self) -> &'static str {
    self.named.split(" [").next().unwrap_or(self.named)
  }
}

/// The change itself.
#[derive(Clone, Copy, Debug)]
pub enum Change {
  /// A setting turned on (`true`) or off.
  Switch(fn(&mut Settings, bool), bool),
  /// One value of a setting with several (press colours, fakes).
  Choose(fn(&mut Settings)),
  /// One of the optional rules of manual §9.1, which SET VARIANT and the
  /// SIGN ON words name too.
  Option(GameOption, bool),
  /// A DPjudge rule turned on or off by its njudge-style words (SET
  /// FRIENDLY FIRE is SET RULE FRIENDLY_FIRE): the session refuses it as
  /// SET RULE would before applying it.
  Rule(&'static str, bool),
}

impl Change {
  /// Makes the change in `settings`.
  pub fn apply(self, settings: &mut Settings) {
    match self {
      Change::Switch(set, on) => set(settings, on),
      Change::Choose(set) => set(settings),
      Change::Option(option, on) => option.set(settings, on),
      // The session calls `set_rule` itself, to tell its refusal; here a
      // refused rule leaves the settings as they were.
      Change::Rule(name, on) => {
        let _ = settings.set_rule(name, on);
      }
    }
  }
}

/// A one-line command row; `.with_block` marks the few that take a block.
const fn row(
  who: Who,
  section: &'static str,
  usage: &'static str,
  summary: &'static str,
  spellings: &'static [&'static str],
) -> Keyword {
  Keyword {
    kind: CommandKind::Help,
    spellings,
    usage,
    summary,
    section,
    who,
    block: Block::Line,
    alone: false,
    setting: None,
    handler: None,
    secret: Secret::None,
    shown: None,
    listed: None,
  }
}

impl Keyword {
  /// Whether the judge carries the command out: it has a handler or a
  /// setting to change (see [`CommandKind::offered`]).
  pub fn offered(&self) -> bool {
    self.handler.is_some() || self.setting.is_some()
  }

  /// The row as the command `kind`'s.
  const fn of(self, kind: CommandKind) -> Keyword {
    Keyword { kind, ..self }
  }

  const fn with_block(self, block: Block) -> Keyword {
    Keyword { block, ..self }
  }

  /// The command as `handler` carries it out. A row without a handler
  /// or a setting is recognised but not offered yet.
  const fn run(self, handler: Handler) -> Keyword {
    Keyword { handler: Some(handler), ..self }
  }

  /// Where its arguments hold a password.
  const fn secret(self, secret: Secret) -> Keyword {
    Keyword { secret, ..self }
  }

  /// SUMMARY's word for the setting this option row turns on or off,
  /// shown while the option is as the row leaves it.
  const fn shows(self, label: Label<SummaryLine>) -> Keyword {
    let when = match self.setting {
      Some(Setting { change: Change::Option(option, on), .. }) => State::Option(option, on),
      // A compile-time error: other rows say when with `shows_when`.
      _ => panic!("`shows` is for the rows of §9.1 options"),
    };
    let shown = Shown { line: label.place, rank: label.rank, word: label.text, when };
    Keyword { shown: Some(shown), ..self }
  }

  /// SUMMARY's word for a command with a handler, shown while `when`
  /// holds.
  const fn shows_when(self, label: Label<SummaryLine>, when: fn(&Settings) -> bool) -> Keyword {
    let shown =
      Shown { line: label.place, rank: label.rank, word: label.text, when: State::Holds(when) };
    Keyword { shown: Some(shown), ..self }
  }

  /// A SET option that takes no argument, carried out by its handler.
  const fn alone(self) -> Keyword {
    Keyword { alone: true, ..self }
  }

  /// A SET option choosing one value of a game setting: `name` is what
  /// refusals call it, `meaning` what the game is like afterwards.
  const fn choose(
    self,
    name: &'static str,
    set: fn(&mut Settings),
    meaning: &'static str,
  ) -> Keyword {
    let setting = Setting {
      named: name,
      change: Change::Choose(set),
      meaning,
      before_start: false,
      needs: None,
    };
    Keyword { alone: true, setting: Some(setting), ..self }
  }

  /// A SET option turning one of the §9.1 rules on or off (before the
  /// start only; what it means is the option's own).
  const fn option(self, option: GameOption, on: bool) -> Keyword {
    let setting = Setting {
      named: option.command(on),
      change: Change::Option(option, on),
      meaning: option.meaning(on),
      before_start: true,
      needs: None,
    };
    Keyword { alone: true, setting: Some(setting), ..self }
  }
}

/// A DPjudge rule's two SET commands, from its one declaration in
/// `game/dpjudge.rs` (`SetFriendlyFire / SetNoFriendlyFire =
/// dpjudge_switch!(dpjudge::FRIENDLY_FIRE)`). Like SET RULE, it changes
/// the game only before the start.
pub struct RuleWords {
  pub rule: &'static crate::game::dpjudge::Rule,
}

impl RuleWords {
  const fn on_row(&self, kind: CommandKind) -> Keyword {
    self.side(kind, &self.rule.on, true)
  }

  const fn off_row(&self, kind: CommandKind) -> Keyword {
    self.side(kind, &self.rule.off, false)
  }

  const fn side(&self, kind: CommandKind, side: &crate::game::dpjudge::Side, on: bool) -> Keyword {
    let usage = side.spellings[0];
    let setting = Setting {
      named: usage,
      change: Change::Rule(self.rule.name, on),
      meaning: side.meaning,
      before_start: true,
      needs: None,
    };
    Keyword {
      kind,
      spellings: side.spellings,
      usage,
      summary: side.summary,
      section: "9.1",
      who: Who::Moderator,
      block: Block::Line,
      alone: true,
      setting: Some(setting),
      handler: None,
      secret: Secret::None,
      shown: None,
      listed: None,
    }
  }
}

/// A game setting that is on or off: both of its SET commands, declared
/// once (`SetNmr / SetNoNmr = Switch {…}`).
pub struct Switch {
  pub who: Who,
  pub section: &'static str,
  /// Sets the field: `set(settings, on)`.
  pub set: fn(&mut Settings, bool),
  /// Reads it back, for what LIST and SUMMARY show.
  pub get: fn(&Settings) -> bool,
  /// Whether it may be changed only before the game starts.
  pub before_start: bool,
  /// What the game must allow for it to be turned on.
  pub needs_to_turn_on: Option<Needs>,
  pub on: Side,
  pub off: Side,
}

/// One of a [`Switch`]'s two commands.
pub struct Side {
  pub usage: &'static str,
  pub summary: &'static str,
  pub spellings: &'static [&'static str],
  /// What the game is like afterwards, as its `Parameter Change` says.
  pub meaning: &'static str,
  /// SUMMARY's word while the setting is this side ([`word`]).
  pub shown: Option<Label<SummaryLine>>,
  /// LIST's line while it is ([`line`]).
  pub listed: Option<Label<&'static str>>,
}

impl Switch {
  const fn on_row(&self, kind: CommandKind) -> Keyword {
    self.side(kind, &self.on, true)
  }

  const fn off_row(&self, kind: CommandKind) -> Keyword {
    self.side(kind, &self.off, false)
  }

  const fn side(&self, kind: CommandKind, side: &Side, on: bool) -> Keyword {
    let setting = Setting {
      named: side.usage,
      change: Change::Switch(self.set, on),
      meaning: side.meaning,
      before_start: self.before_start,
      needs: if on { self.needs_to_turn_on } else { None },
    };
    Keyword {
      kind,
      spellings: side.spellings,
      usage: side.usage,
      summary: side.summary,
      section: self.section,
      who: self.who,
      block: Block::Line,
      alone: true,
      setting: Some(setting),
      handler: None,
      secret: Secret::None,
      shown: match side.shown {
        Some(label) => Some(Shown {
          line: label.place,
          rank: label.rank,
          word: label.text,
          when: State::Switch(self.get, on),
        }),
        None => None,
      },
      listed: match side.listed {
        Some(label) => Some(Listed {
          label: label.place,
          rank: label.rank,
          text: label.text,
          forming_only: label.forming_only,
          when: State::Switch(self.get, on),
        }),
        None => None,
      },
    }
  }
}

use Who::{Anyone, Keeper, Master, Moderator, Player};

commands! {
  // ------------------------------------------------------------ anyone
  Help = row(
    Anyone,
    "3.2",
    "HELP",
    "Mail back the general information file; before a sign-on, the rest of the message is skipped.",
    &["HELP"],
  )
  .run(|s, _| s.help().flow());
  Get = row(
    Anyone,
    "3.2",
    "GET file",
    "Mail back a help file (SEND and SEND ME are the same); GET flist lists them all.",
    &["GET", "SEND ME", "SEND"],
  )
  .run(|s, c| s.get(&c.args).flow());
  GetPackage = row(
    Anyone,
    "3.2",
    "GET PACKAGE",
    "Mail back the set of files every newcomer should read first.",
    &["GET PACKAGE", "SEND ME PACKAGE", "SEND PACKAGE"],
  )
  .run(|s, _| s.get_package().flow());
  GetDedication = row(
    Anyone,
    "3.3",
    "GET DEDICATION",
    "Show your own record of games played and deadlines kept or missed.",
    &["GET DEDICATION", "SEND ME DEDICATION", "SEND DEDICATION"],
  )
  .run(|s, _| s.get_dedication().flow());
  GetWhois = row(
    Anyone,
    "3.3",
    "GET WHOIS",
    "Mail back the whole registration list, where the judgekeeper allows it.",
    &["GET WHOIS", "SEND ME WHOIS", "SEND WHOIS"],
  )
  .run(|s, _| s.get_whois().flow());
  Version = row(
    Anyone,
    "3.2",
    "VERSION",
    "Say which version of the judge is answering.",
    &["VERSION"],
  )
  .run(|s, _| s.version().flow());
  Register = row(
    Anyone,
    "3.3",
    "REGISTER ... END",
    "Register with this judge or update your details; each line up to END is a field: value pair.",
    &["REGISTER"],
  )
  .with_block(Block::UntilEnd)
  .run(|s, c| s.register(c).flow());
  Who = row(
    Anyone,
    "3.3",
    "WHO address...",
    "Show the registration of every user whose address begins with the text given.",
    &["WHO"],
  )
  .run(|s, c| s.who(&c.args).flow());
  WhoIs = row(Anyone, "3.3", "WHO IS address...", "The same as WHO.", &["WHO IS"])
  .run(|s, c| s.who(&c.args).flow());
  WhoGame = row(
    Anyone,
    "3.4",
    "WHOGAME [game] [FULL]",
    "Show the registrations of a game's players and Masters; FULL adds its observers.",
    &["WHO GAME"],
  )
  .run(|s, c| s.who_game(&c.args).flow());
  IAmAlso = row(
    Anyone,
    "3.3",
    "I AM ALSO address [code]",
    "Join this new address to the registration at that old one, with the code mailed there.",
    &["I AM ALSO"],
  )
  .run(|s, c| s.i_am_also(&c.args).flow());
  InfoPlayer = row(
    Anyone,
    "3.3",
    "INFO PLAYER address",
    "Show the games and punctuality record of the user at exactly that address.",
    &["INFO PLAYER"],
  )
  .run(|s, c| s.info_player(&c.args).flow());
  History = row(
    Anyone,
    "3.4",
    "HISTORY [game] [FROM date] [TO date] [LINES n]",
    "Mail back what an observer saw of a game over a period (or EXCLSTART turn [EXCLEND turn]).",
    &["HISTORY"],
  )
  .run(|s, c| s.history(&c.args).flow());
  List = row(
    Anyone,
    "3.4",
    "LIST [FULL | game]",
    "Show one game's state, or the list of all games (FULL adds their players).",
    &["LIST"],
  )
  .run(|s, c| s.list(&c.args).flow());
  Map = row(
    Anyone,
    "3.4",
    "MAP [game] [phase]",
    "Mail back a picture of a game's board, now or in a past phase (PNG and SVG).",
    &["MAP"],
  )
  .run(|s, c| s.map(&c.args).flow());
  MapStar = row(
    Anyone,
    "3.4",
    "MAP *",
    "Mail back a picture of the board in the LIST output that follows.",
    &["MAP *"],
  )
  .with_block(Block::Rest)
  .run(|s, c| s.map_star(c).flow());
  Summary = row(
    Anyone,
    "3.4",
    "SUMMARY [game]",
    "Mail back who played each power when, and who held which centres each year (STATUS too).",
    &["SUMMARY", "STATUS"],
  )
  .run(|s, c| s.summary(&c.args).flow());
  Create = row(
    Anyone,
    "4",
    "CREATE ?game password [variant] [options]",
    "Start a new game and sign on to it.",
    &["CREATE"],
  )
  .run(|s, c| s.create(&c.args).flow())
  .secret(Secret::AfterFirst);
  SignOn = row(
    Anyone,
    "4",
    "SIGN ON xgame password [variant] [options]",
    "Sign on to a game; x is your power's initial, ? to join a forming game, O to observe.",
    &["SIGN ON", "HELLO", "LOGIN"],
  )
  .run(|s, c| s.sign_on(&c.args).flow())
  .secret(Secret::AfterFirst);
  Observe = row(
    Anyone,
    "4",
    "OBSERVE game password",
    "Follow a game as an observer (WATCH is the same).",
    &["OBSERVE", "WATCH"],
  )
  .run(|s, c| s.observe(&c.args).flow())
  .secret(Secret::AfterFirst);
  SignOff = row(
    Anyone,
    "3.1",
    "SIGN OFF",
    "Stop reading here; end every message with it so a signature is never taken for orders.",
    &["SIGN OFF"],
  )
  .run(|s, _| s.sign_off().flow());
  ReplyTo = row(
    Anyone,
    "2.2",
    "REPLY-TO: address",
    "Send the reply to this message to another address.",
    &["REPLY-TO:"],
  )
  .run(|s, c| s.set_reply_to(&c.args).flow());
  // ------------------------------------------------------------ players
  Resign = row(
    Player,
    "7.1",
    "RESIGN",
    "Leave the game for good (WITHDRAW is the same); make it the last command.",
    &["RESIGN", "WITHDRAW"],
  )
  .run(|s, _| s.resign().flow());
  Phase = row(
    Player,
    "6.3",
    "PHASE season year phase",
    "Keep the orders that follow for that later phase instead of the current one.",
    &["PHASE"],
  )
  .run(|s, c| s.future_phase(&c.args).flow());
  Clear = row(Player, "6.3", "CLEAR", "Drop every order kept for a later phase.", &["CLEAR"])
  .run(|s, _| s.future_clear().flow());
  If = row(
    Player,
    "6.3",
    "IF condition [THEN]",
    "Start orders for a later phase that count only if the condition then holds.",
    &["IF"],
  )
  .run(|s, c| s.future_if(&c.args).flow());
  Else = row(
    Player,
    "6.3",
    "ELSE [IF condition]",
    "Start the orders that count when the IF before it does not hold.",
    &["ELSE"],
  )
  .run(|s, c| s.future_else(&c.args).flow());
  EndIf = row(Player, "6.3", "ENDIF", "Close the innermost IF.", &["END IF"])
  .run(|s, c| s.future_endif(&c.args).flow());
  Press = row(
    Player,
    "7.4",
    "PRESS options",
    "Send a message to other players; the text runs to ENDPRESS.",
    &["PRESS"],
  )
  .with_block(Block::Press)
  .run(|s, c| s.press(c, false).flow());
  Broadcast = row(
    Player,
    "7.4",
    "BROADCAST [options]",
    "Send a message to everyone in the game; the text runs to ENDBROADCAST.",
    &["BROADCAST"],
  )
  .with_block(Block::Press)
  .run(|s, c| s.press(c, true).flow());
  PostalPress = row(
    Player,
    "7.4",
    "POSTAL PRESS",
    "Send a broadcast held back until the current phase is processed; text runs to ENDPRESS.",
    &["POSTAL PRESS"],
  )
  .with_block(Block::Press)
  .run(|s, c| s.postal_press(c).flow());
  EndPress = row(
    Player,
    "7.4",
    "ENDPRESS",
    "End the text of a message or diary entry; it must stand alone on its line.",
    &["END PRESS"],
  )
  .run(|s, _| s.stray_end_press().flow());
  EndBroadcast = row(Player, "7.4", "ENDBROADCAST", "The same as ENDPRESS.", &["END BROADCAST"])
  .run(|s, _| s.stray_end_press().flow());
  Diary = row(Player, "7.4", "DIARY", "On its own, the same as DIARY RECORD.", &["DIARY"])
  .with_block(Block::PressWhenBare)
  .run(|s, c| s.diary(c).flow());
  DiaryRecord = row(
    Player,
    "7.4",
    "DIARY RECORD",
    "Write a private diary entry, made public when the game ends; the text runs to ENDPRESS.",
    &["DIARY RECORD"],
  )
  .with_block(Block::Press)
  .run(|s, c| s.diary_record(c).flow());
  DiaryList = row(Player, "7.4", "DIARY LIST", "List your diary entries.", &["DIARY LIST"])
  .run(|s, _| s.diary_list().flow());
  DiaryRead = row(Player, "7.4", "DIARY READ n", "Show diary entry n.", &["DIARY READ"])
  .run(|s, c| s.diary_read(&c.args).flow());
  DiaryDelete = row(Player, "7.4", "DIARY DELETE n", "Delete diary entry n.", &["DIARY DELETE"])
  .run(|s, c| s.diary_delete(&c.args).flow());
  BecomeMaster = row(
    Player,
    "8.1",
    "BECOME MASTER",
    "Right after CREATE: make the new game moderated, with you as its Master.",
    &["BECOME MASTER"],
  )
  .run(|s, _| s.become_master().flow());
  Resume = row(
    Player,
    "8.3",
    "RESUME",
    "Restart a paused or finished game (Masters only after SET NO RESUME).",
    &["RESUME"],
  )
  .run(|s, _| s.resume().flow());
  Set = row(
    Player,
    "7",
    "SET option",
    "Change a setting; each option is listed under its own SET line.",
    &["SET"],
  )
  .run(|s, _| s.set_nothing().flow());
  SetAddress = row(
    Player,
    "7.1",
    "SET ADDRESS [address,...]",
    "Send your game mail to these addresses, or to this message's sender if none is given.",
    &["SET ADDRESS"],
  )
  .run(|s, c| s.set_address(&c.args).flow());
  SetPassword = row(
    Player,
    "7.1",
    "SET PASSWORD password",
    "Change your password for this game (letters and digits only).",
    &["SET PASSWORD", "SET PW"],
  )
  .run(|s, c| s.set_password(&c.args).flow())
  .secret(Secret::All);
  SetAccept = row(
    Player,
    "9.1",
    "SET ACCEPT letters",
    "Payola: the powers whose bribes your units prefer in a tie, best first (FE?).",
    &["SET ACCEPT", "SET ACCEPTANCE", "SET ACCEPTANCE LIST"],
  )
  .run(|s, c| s.set_accept(&c.args).flow());
  Transfer = row(
    Player,
    "9.1",
    "TRANSFER amount TO power",
    "Payola: give money from your treasury to another power, at once.",
    &["TRANSFER"],
  )
  .run(|s, c| s.transfer(&c.args).flow());
  SetPreference = row(
    Player,
    "7.1",
    "SET PREFERENCE list",
    "Rank the powers you want, best first; [..] groups equal choices and * asks for any.",
    &["SET PREFERENCE", "SET PREFERENCES", "SET PREFS", "SET PREF"],
  )
  .run(|s, c| s.set_preference(&c.args).flow());
  SetAbsence = row(
    Player,
    "7.2",
    "SET ABSENCE date [TO date]",
    "Ask that no deadline fall while you are away (HOLIDAY and VACATION are the same).",
    &["SET ABSENCE", "SET HOLIDAYS", "SET HOLIDAY", "SET VACATIONS", "SET VACATION"],
  )
  .run(|s, c| s.set_absence(&c.args).flow());
  SetNoAbsence = row(
    Player,
    "7.2",
    "SET NO ABSENCE date",
    "Cancel the absence that covers that date.",
    &["SET NO ABSENCE", "SET NO HOLIDAYS", "SET NO HOLIDAY", "SET NO VACATIONS", "SET NO VACATION"],
  )
  .run(|s, c| s.set_no_absence(&c.args).flow());
  SetWait = row(
    Player,
    "7.2",
    "SET WAIT",
    "Hold this phase until its deadline even when every order is in.",
    &["SET WAIT"],
  )
  .alone()
  .run(|s, _| s.set_wait(true).flow());
  SetNoWait = row(
    Player,
    "7.2",
    "SET NO WAIT",
    "Let the phase be processed as soon as every order is in.",
    &["SET NO WAIT"],
  )
  .alone()
  .run(|s, _| s.set_wait(false).flow());
  SetConcede = row(
    Player,
    "7.3",
    "SET CONCEDE power",
    "Vote to concede the game to that power (CONC is the same).",
    &["SET CONCEDE", "SET CONC"],
  )
  .run(|s, c| s.set_concede(&c.args).flow());
  SetNoConcede = row(
    Player,
    "7.3",
    "SET NO CONCEDE",
    "Take back your concession vote.",
    &["SET NO CONCEDE", "SET NO CONC"],
  )
  .alone()
  .run(|s, _| s.set_no_concede().flow());
  SetDraw = row(
    Player,
    "7.3",
    "SET DRAW [powers]",
    "Vote for a draw; in a NoDIAS game, among the powers listed.",
    &["SET DRAW"],
  )
  .run(|s, c| s.set_draw(&c.args).flow());
  SetNoDraw = row(
    Player,
    "7.3",
    "SET NO DRAW",
    "Take back your draw vote.",
    &["SET NO DRAW"],
  )
  .alone()
  .run(|s, _| s.set_no_draw().flow());
  SetModerate = row(
    Player,
    "8.1",
    "SET MODERATED",
    "Put the game under a Master.",
    &["SET MODERATED", "SET MODERATE"],
  )
  .run(|s, _| s.set_moderated(true).flow())
  .shows_when(word(SummaryLine::Access, 0, "Moderated"), |s| s.moderated);
  SetBroadcast = row(
    Player,
    "8.5",
    "SET BROADCAST",
    "Receive broadcast messages again (NORMAL BROADCAST is the same).",
    &["SET BROADCAST", "SET BROADCAST PRESS", "SET NORMAL BROADCAST"],
  )
  .alone()
  .run(|s, _| s.set_broadcast(true).flow());
  SetNoBroadcast = row(
    Player,
    "8.5",
    "SET NO BROADCAST",
    "Stop receiving broadcast messages (you can still send them).",
    &["SET NO BROADCAST", "SET NO BROADCAST PRESS", "SET NO NORMAL BROADCAST"],
  )
  .alone()
  .run(|s, _| s.set_broadcast(false).flow());
  SetMap = row(
    Player,
    "3.4",
    "SET MAP",
    "Get a picture of the board with each results mail (a Master: for everyone).",
    &["SET MAP", "SET MAPS", "SET PICTURE", "SET PICTURES"],
  )
  .alone()
  .run(|s, _| s.set_map(true).flow());
  SetNoMap = row(
    Player,
    "3.4",
    "SET NO MAP",
    "Results mail without the picture (a Master: the game's default).",
    &["SET NO MAP", "SET NO MAPS", "SET NO PICTURE", "SET NO PICTURES"],
  )
  .alone()
  .run(|s, _| s.set_map(false).flow());
  // ------------------------------------------------------------ masters
  Become = row(
    Master,
    "8.2",
    "BECOME power",
    "Act as that power for the rest of the message; its player is told.",
    &["BECOME"],
  )
  .run(|s, c| s.become_power(&c.args).flow());
  Eject = row(
    Master,
    "8.2",
    "EJECT power | address",
    "Remove a player, Master or observer from the game.",
    &["EJECT"],
  )
  .run(|s, c| s.eject(&c.args).flow());
  ForceBegin = row(
    Master,
    "8.2",
    "FORCE BEGIN",
    "Start the game now, leaving the empty powers abandoned for others to take.",
    &["FORCE BEGIN"],
  )
  .run(|s, _| s.force_begin().flow());
  Pause = row(
    Master,
    "8.2",
    "PAUSE",
    "Stop the game's clock and processing until RESUME; press still flows (SUSPEND too).",
    &["PAUSE", "SUSPEND"],
  )
  .run(|s, _| s.pause().flow());
  Predict = row(
    Master,
    "8.2",
    "PREDICT",
    "Show the Master how the phase would come out with the orders in so far.",
    &["PREDICT"],
  )
  .run(|s, _| s.predict().flow());
  Process = row(
    Master,
    "8.2",
    "PROCESS [season year phase]",
    "Process the phase now with the orders in; naming the phase guards against a stale request.",
    &["PROCESS"],
  )
  .run(|s, c| s.process_now(&c.args).flow());
  Promote = row(
    Master,
    "8.2",
    "PROMOTE address",
    "Make an observer of the game one more Master.",
    &["PROMOTE"],
  )
  .run(|s, c| s.promote(&c.args).flow());
  Omniscient = row(
    Master,
    "8.2",
    "OMNISCIENT address",
    "Let an observer see the whole board of a Blind game while it runs.",
    &["OMNISCIENT", "SET OMNISCIENT"],
  )
  .run(|s, c| s.omniscient(&c.args, true).flow());
  NoOmniscient = row(
    Master,
    "8.2",
    "NO OMNISCIENT address",
    "An observer sees a Blind game as other observers do again.",
    &["NO OMNISCIENT", "SET NO OMNISCIENT"],
  )
  .run(|s, c| s.omniscient(&c.args, false).flow());
  Rollback = row(
    Master,
    "8.2",
    "ROLLBACK [turn]",
    "Put the game back as it was before that turn (by default, the last one) was processed.",
    &["ROLL BACK"],
  )
  .run(|s, c| s.rollback(&c.args).flow());
  Unstart = row(
    Master,
    "8.2",
    "UNSTART",
    "Before any turn is processed, return the game to forming, with no powers assigned.",
    &["UNSTART"],
  )
  .run(|s, _| s.unstart().flow());
  SetUnmoderate = row(
    Master,
    "8.1",
    "SET UNMODERATED",
    "Let the players run the game without a Master.",
    &["SET UN MODERATED", "SET UN MODERATE"],
  )
  .run(|s, _| s.set_moderated(false).flow());
  SetAllPress = row(
    Master,
    "8.2",
    "SET ALL PRESS",
    "Quietly copy every private message between players to you.",
    &["SET ALL PRESS"],
  )
  .alone()
  .run(|s, _| s.set_all_press(true).flow());
  SetNormalPress = row(
    Master,
    "8.2",
    "SET NORMAL PRESS",
    "Stop copying private messages to you.",
    &["SET NORMAL PRESS"],
  )
  .alone()
  .run(|s, _| s.set_all_press(false).flow());
  SetQuiet / SetNoQuiet = Switch {
    who: Master,
    section: "8.2",
    set: |s, on| s.quiet = on,
    get: |s| s.quiet,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET QUIET",
      summary: "Keep abandonments and takeovers out of the game's announcements.",
      spellings: &["SET QUIET"],
      meaning: "lateness, abandonment and takeovers are told to the Master only",
      shown: Some(word(SummaryLine::Flags, 2, "Quiet")),
      listed: None,
    },
    off: Side {
      usage: "SET NO QUIET",
      summary: "Announce abandonments and takeovers again.",
      spellings: &["SET NO QUIET"],
      meaning: "lateness, abandonment and takeovers are told to everyone",
      shown: None,
      listed: None,
    },
  };
  SetWatchAllPress / SetNoWatchAllPress = Switch {
    who: Master,
    section: "8.2",
    set: |s, on| s.press.watch_all = on,
    get: |s| s.press.watch_all,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET WATCH ALL PRESS",
      summary: "Let observers use SET ALL PRESS too.",
      spellings: &["SET WATCH ALL PRESS"],
      meaning: "observers may ask for copies of all press (SET ALL PRESS)",
      shown: Some(word(SummaryLine::XFlags, 9, "WatchPress")),
      listed: None,
    },
    off: Side {
      usage: "SET NO WATCH ALL PRESS",
      summary: "Keep SET ALL PRESS for Masters.",
      spellings: &["SET NO WATCH ALL PRESS"],
      meaning: "only the Master may ask for copies of all press",
      shown: None,
      listed: None,
    },
  };
  // ------------------------------------------------------------ moderators
  Terminate = row(
    Moderator,
    "8.3",
    "TERMINATE",
    "End the game without a result; a forming game is closed for good.",
    &["TERMINATE"],
  )
  .run(|s, _| s.terminate().flow());
  SetAutoCreate / SetNoAutoCreate = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.auto_create = on,
    get: |s| s.auto_create,
    before_start: false,
    needs_to_turn_on: Some(|game, _| game.may_auto_create()),
    on: Side {
      usage: "SET AUTO CREATE",
      summary: "When the game ends, create a new one with the same settings.",
      spellings: &["SET AUTO CREATE"],
      meaning: "when the game ends in a result, a new game with the\n\
                same settings is created (AUTO CREATE)",
      shown: Some(word(SummaryLine::X2Flags, 1, "AutoCreate")),
      listed: None,
    },
    off: Side {
      usage: "SET NO AUTO CREATE",
      summary: "Do not create a follow-up game.",
      spellings: &["SET NO AUTO CREATE"],
      meaning: "no new game is created when the game ends",
      shown: None,
      listed: None,
    },
  };
  SetManualProcess / SetAutoProcess = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.manual_process = on,
    get: |s| s.manual_process,
    before_start: false,
    needs_to_turn_on: Some(|game, command| game.may_wait_for_master(command)),
    on: Side {
      usage: "SET MANUAL PROCESS",
      summary: "Process phases only when the Master sends PROCESS.",
      spellings: &["SET MANUAL PROCESS", "SET MAN PROC", "SET NO AUTO PROCESS", "SET NO AUTO PROC"],
      meaning: "phases are processed only when the Master sends PROCESS (MANUAL PROCESS)",
      shown: Some(word(SummaryLine::XFlags, 2, "ManualProcess")),
      listed: Some(line("Processing", 1, "by the Master (MANUAL PROCESS)")),
    },
    off: Side {
      usage: "SET AUTO PROCESS",
      summary: "Process each phase by itself when it is due (the default).",
      spellings: &["SET AUTO PROCESS", "SET AUTO PROC", "SET NO MANUAL PROCESS", "SET NO MAN PROC"],
      meaning: "phases are processed as soon as they are due (AUTO PROCESS)",
      shown: None,
      listed: Some(line("Processing", 1, "when due")),
    },
  };
  SetManualStart / SetAutoStart = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.manual_start = on,
    get: |s| s.manual_start,
    before_start: true,
    needs_to_turn_on: Some(|game, command| game.may_wait_for_master(command)),
    on: Side {
      usage: "SET MANUAL START",
      summary: "Wait for the Master to start the game.",
      spellings: &["SET MANUAL START", "SET MAN START", "SET NO AUTO START"],
      meaning: "the game starts only when the Master starts it, even when full (MANUAL START)",
      shown: Some(word(SummaryLine::XFlags, 5, "ManualStart")),
      listed: Some(line_while_forming("Starting", 0, "by the Master (MANUAL START)")),
    },
    off: Side {
      usage: "SET AUTO START",
      summary: "Start the game as soon as enough players have joined (the default).",
      spellings: &["SET AUTO START", "SET NO MANUAL START", "SET NO MAN START"],
      meaning: "the game starts as soon as it has all its players (AUTO START)",
      shown: None,
      listed: Some(line_while_forming("Starting", 0, "when full")),
    },
  };
  SetBn = row(
    Moderator,
    "8.3",
    "SET BN number",
    "Record the game's Boardman number (an old rating scheme, kept for compatibility).",
    &["SET BN", "SET BNC"],
  )
  .run(|s, c| s.set_number("SET BN", "Boardman number", |s| &mut s.boardman, &c.args).flow());
  SetEp = row(
    Moderator,
    "8.3",
    "SET EP number",
    "Record the game's EP number (an old rating scheme, kept for compatibility).",
    &["SET EP"],
  )
  .run(|s, c| s.set_number("SET EP", "EP number", |s| &mut s.ep, &c.args).flow());
  SetMn = row(
    Moderator,
    "8.3",
    "SET MN number",
    "Record the game's Miller number (an old rating scheme, kept for compatibility).",
    &["SET MN", "SET MNC"],
  )
  .run(|s, c| s.set_number("SET MN", "Miller number", |s| &mut s.miller, &c.args).flow());
  SetNmr / SetNoNmr = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.nmr = on,
    get: |s| s.nmr,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET NMR",
      summary: "At the end of grace, process anyway and put powers without orders in civil disorder (CD).",
      spellings: &["SET NMR", "SET CD"],
      meaning: "the game is NMR: at the end of the grace period, late\n\
                powers go into civil disorder and the phase is processed without their orders",
      shown: Some(word(SummaryLine::Flags, 0, "NMR")),
      listed: Some(line("Late powers", 2, "NMR: late powers go into civil disorder at the end of grace")),
    },
    off: Side {
      usage: "SET NO NMR",
      summary: "Wait for every power's orders; late powers are abandoned instead (the default).",
      spellings: &["SET NO NMR", "SET NO CD"],
      meaning: "the game is NoNMR: at the end of the grace period, late\n\
                powers are abandoned and the game waits for them or a replacement",
      shown: Some(word(SummaryLine::Flags, 0, "NoNMR")),
      listed: Some(line("Late powers", 2, "NoNMR: the game waits for them or their replacements")),
    },
  };
  SetCommentBegin = row(
    Moderator,
    "8.3",
    "SET COMMENT BEGIN",
    "Set the game's long description: the rest of the message, up to SIGN OFF.",
    &["SET COMMENT BEGIN"],
  )
  .with_block(Block::Rest)
  .run(|s, c| s.set_description(c).flow());
  SetComment = row(
    Moderator,
    "8.3",
    "SET COMMENT text",
    "Set the game's one-line description shown in the game list.",
    &["SET COMMENT", "SET INFORMATION", "SET INFO"],
  )
  .run(|s, c| s.set_comment(&c.args).flow());
  SetConcessions / SetNoConcessions = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.concessions = on,
    get: |s| s.concessions,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET CONCESSIONS",
      summary: "Allow votes to concede in DIAS games (the default).",
      spellings: &["SET CONCESSIONS", "SET CONCESSION"],
      meaning: "players may concede the game to the largest power",
      shown: Some(word(SummaryLine::XFlags, 13, "Concessions")),
      listed: None,
    },
    off: Side {
      usage: "SET NO CONCESSIONS",
      summary: "Forbid votes to concede.",
      spellings: &["SET NO CONCESSIONS", "SET NO CONCESSION"],
      meaning: "the game cannot be conceded",
      shown: Some(word(SummaryLine::XFlags, 13, "No concessions")),
      listed: None,
    },
  };
  SetDias / SetNoDias = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.dias = on,
    get: |s| s.dias,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET DIAS",
      summary: "Every draw includes all survivors (the default).",
      spellings: &["SET DIAS"],
      meaning: "the game is DIAS: a draw includes every survivor",
      shown: Some(word(SummaryLine::Flags, 5, "DIAS")),
      listed: None,
    },
    off: Side {
      usage: "SET NO DIAS",
      summary: "Let a draw leave some survivors out.",
      spellings: &["SET NO DIAS"],
      meaning: "the game is NoDIAS: a draw vote names the powers it includes (SET DRAW list)",
      shown: Some(word(SummaryLine::Flags, 5, "NoDIAS")),
      listed: None,
    },
  };
  SetList = row(
    Moderator,
    "8.3",
    "SET LIST",
    "Show the game in the public game list (PUBLIC is the same).",
    &["SET LIST", "SET PUBLIC"],
  )
  .alone()
  .run(|s, _| s.set_listed(true).flow());
  SetNoList = row(
    Moderator,
    "8.3",
    "SET NO LIST",
    "Keep the game out of the public list (PRIVATE and UNLIST are the same).",
    &["SET NO LIST", "SET UNLIST", "SET PRIVATE"],
  )
  .alone()
  .run(|s, _| s.set_listed(false).flow())
  .shows_when(word(SummaryLine::Flags, 1, "NoList"), |s| !s.listed);
  SetPrfList = row(
    Moderator,
    "8.3",
    "SET PRFLIST",
    "Hand out powers by the players' preference lists alone (the default).",
    &["SET PRFLIST"],
  )
  .alone()
  .run(|s, _| s.set_assignment(Assignment::List).flow());
  SetPrfRand = row(
    Moderator,
    "8.3",
    "SET PRFRAND",
    "Hand out every power at random.",
    &["SET PRFRAND"],
  )
  .alone()
  .run(|s, _| s.set_assignment(Assignment::Random).flow());
  SetPrfBoth = row(
    Moderator,
    "8.3",
    "SET PRFBOTH",
    "Give a random power to those who ask for one, the others by preference.",
    &["SET PRFBOTH"],
  )
  .alone()
  .run(|s, _| s.set_assignment(Assignment::Both).flow());
  SetProxy / SetNoProxy = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.proxy = on,
    get: |s| s.proxy,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET PROXY",
      summary: "Let players hand the orders of their units to another power.",
      spellings: &["SET PROXY"],
      meaning: "players may hand units' orders to another power (PROXY)",
      shown: Some(word(SummaryLine::Flags, 4, "Proxy")),
      listed: Some(line("Proxy orders", 3, "allowed (PROXY)")),
    },
    off: Side {
      usage: "SET NO PROXY",
      summary: "Forbid proxy orders (the default).",
      spellings: &["SET NO PROXY"],
      meaning: "proxy orders are not allowed",
      shown: Some(word(SummaryLine::Flags, 4, "NoProxy")),
      listed: Some(line("Proxy orders", 3, "not allowed")),
    },
  };
  SetRated / SetUnrated = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.rated = Some(on),
    get: |s| s.is_rated(),
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET RATED",
      summary: "Count the game in the players' dedication records.",
      spellings: &["SET RATED"],
      meaning: "the game counts for the players' dedication",
      shown: None,
      listed: Some(line("Rated", 7, "yes")),
    },
    off: Side {
      usage: "SET UNRATED",
      summary: "Leave the game out of the players' dedication records.",
      spellings: &["SET UN RATED"],
      meaning: "the game does not count for the players' dedication",
      shown: Some(word(SummaryLine::Access, 1, "Unrated")),
      listed: Some(line("Rated", 7, "no")),
    },
  };
  SetResume / SetNoResume = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.resume = on,
    get: |s| s.resume,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET RESUME",
      summary: "Let any player RESUME the game (the default).",
      spellings: &["SET RESUME"],
      meaning: "any player may RESUME the game",
      shown: None,
      listed: Some(line("Resume", 5, "by any player")),
    },
    off: Side {
      usage: "SET NO RESUME",
      summary: "Only a Master may RESUME the game.",
      spellings: &["SET NO RESUME"],
      meaning: "only a Master may RESUME the game",
      shown: Some(word(SummaryLine::XFlags, 3, "NoResume")),
      listed: Some(line("Resume", 5, "by a Master only")),
    },
  };
  SetStrictConvoy / SetNoStrictConvoy = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.strict_convoy = on,
    get: |s| s.strict_convoy,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET STRICT CONVOY",
      summary: "Refuse convoy orders from or to a province that touches no sea.",
      spellings: &["SET STRICT CONVOY"],
      meaning: "convoys from or to a province that touches no sea are\n\
                refused (STRICT CONVOY)",
      shown: Some(word(SummaryLine::XFlags, 7, "StrictConvoy")),
      listed: Some(line("Convoy orders", 4, "none from or to a province without a sea (STRICT CONVOY)")),
    },
    off: Side {
      usage: "SET NO STRICT CONVOY",
      summary: "Take any convoy order between existing units (the default).",
      spellings: &["SET NO STRICT CONVOY"],
      meaning: "convoy orders are not checked for plausibility",
      shown: None,
      listed: Some(line("Convoy orders", 4, "not checked for plausibility")),
    },
  };
  SetStrictWait / SetNoStrictWait = Switch {
    who: Moderator,
    section: "8.3",
    set: |s, on| s.strict_wait = on,
    get: |s| s.strict_wait,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET STRICT WAIT",
      summary: "Only players who owe orders this phase may SET WAIT.",
      spellings: &["SET STRICT WAIT"],
      meaning: "only players with orders to give may SET WAIT",
      shown: Some(word(SummaryLine::Flags, 7, "StrictWait")),
      listed: None,
    },
    off: Side {
      usage: "SET NO STRICT WAIT",
      summary: "Any active player may SET WAIT (the default).",
      spellings: &["SET NO STRICT WAIT"],
      meaning: "any player may SET WAIT",
      shown: None,
      listed: None,
    },
  };
  SetAccess = row(
    Moderator,
    "8.4",
    "SET ACCESS ANY | SAME | DIFFERENT [-SITE]",
    "Limit who may join by site: the Site in their registration, else their mail domain.",
    &["SET ACCESS"],
  )
  .run(|s, c| s.set_access(&c.args).flow());
  SetAllowPlayer = row(
    Moderator,
    "8.4",
    "SET ALLOW PLAYER [-]address",
    "Add (or with -, remove) an address on the list of the only users who may join or observe.",
    &["SET ALLOW PLAYER", "SET ALLOW PLAYERS", "SET PLAYERS ALLOW", "SET PLAYER ALLOW"],
  )
  .run(|s, c| s.set_listed_player(List::Allow, &c.args).flow());
  SetDenyPlayer = row(
    Moderator,
    "8.4",
    "SET DENY PLAYER [-]address",
    "Add (or with -, remove) an address on the list of users who may not join or observe.",
    &["SET DENY PLAYER", "SET DENY PLAYERS", "SET PLAYERS DENY", "SET PLAYER DENY"],
  )
  .run(|s, c| s.set_listed_player(List::Deny, &c.args).flow());
  SetDedication = row(
    Moderator,
    "8.4",
    "SET DEDICATION minimum",
    "Let only users with at least that dedication score join.",
    &["SET DEDICATION"],
  )
  .run(|s, c| s.set_threshold(Threshold::Dedication, &c.args).flow());
  SetLevel = row(
    Moderator,
    "8.4",
    "SET LEVEL level",
    "Let only users of that level join: Any (the default), Novice, Amateur, Intermediate, Advanced or Expert.",
    &["SET LEVEL"],
  )
  .run(|s, c| s.set_level(&c.args).flow());
  SetOntimeRat = row(
    Moderator,
    "8.4",
    "SET ONTIMERAT minimum",
    "Let only users who are on time at least that often join.",
    &["SET ONTIMERAT"],
  )
  .run(|s, c| s.set_threshold(Threshold::OntimeRatio, &c.args).flow());
  SetResRat = row(
    Moderator,
    "8.4",
    "SET RESRAT maximum",
    "Let only users who went into civil disorder at most that often join.",
    &["SET RESRAT"],
  )
  .run(|s, c| s.set_threshold(Threshold::CdRatio, &c.args).flow());
  SetPress = row(
    Moderator,
    "8.5",
    "SET PRESS setting",
    "The word PRESS may come before any press setting; SET PRESS NONE forbids press.",
    &["SET PRESS"],
  )
  .run(|s, c| s.set_press_word(&c.args).flow());
  SetNoPress = row(
    Moderator,
    "8.5",
    "SET NO PRESS",
    "Forbid all press except to and from the Master (NONE and PRESS NONE are the same).",
    &["SET NO PRESS", "SET PRESS NONE", "SET NONE"],
  )
  .choose(
    "SET WHITE/GREY/NO PRESS",
    |s| s.press.colors = Colors::None,
    "no press may be sent, except to and from the Master (press NONE)",
  );
  SetBlankPress / SetNoBlankPress = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.blank = on,
    get: |s| s.press.blank,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET BLANK PRESS",
      summary: "Allow empty press messages.",
      spellings: &["SET BLANK PRESS"],
      meaning: "empty press messages are sent",
      shown: Some(word(SummaryLine::XFlags, 11, "BlankPress")),
      listed: None,
    },
    off: Side {
      usage: "SET NO BLANK PRESS",
      summary: "Refuse empty press messages.",
      spellings: &["SET NO BLANK PRESS"],
      meaning: "empty press messages are refused",
      shown: None,
      listed: None,
    },
  };
  SetNoFake = row(
    Moderator,
    "8.5",
    "SET NO FAKE [BROADCAST]",
    "Forbid press with a false list of recipients.",
    &["SET NO FAKE", "SET NO FAKE BROADCAST"],
  )
  .choose(
    "SET FAKE",
    |s| s.press.fakes = Fakes::No,
    "press always shows its true recipients (no fake)",
  );
  SetGrey = row(
    Moderator,
    "8.5",
    "SET GREY [PRESS]",
    "Allow only anonymous (grey) press (NO WHITE is the same).",
    &[
      "SET GREY",
      "SET GREY PRESS",
      "SET GRAY PRESS",
      "SET GRAY",
      "SET NO WHITE PRESS",
      "SET NO WHITE",
    ],
  )
  .choose(
    "SET WHITE/GREY/NO PRESS",
    |s| s.press.colors = Colors::Grey,
    "press is grey: no message names its sender",
  );
  SetGreyWhite = row(
    Moderator,
    "8.5",
    "SET GREY/WHITE [PRESS]",
    "Allow both kinds of press; anonymous unless the sender asks for WHITE.",
    &["SET GREY / WHITE", "SET GREY / WHITE PRESS", "SET GRAY / WHITE PRESS", "SET GRAY / WHITE"],
  )
  .choose(
    "SET WHITE/GREY/NO PRESS",
    |s| s.press.colors = Colors::GreyWhite,
    "press may be white or grey, and is grey unless the sender writes WHITE",
  );
  SetWhite = row(
    Moderator,
    "8.5",
    "SET WHITE [PRESS]",
    "Allow only signed (white) press (NO GREY is the same).",
    &[
      "SET WHITE",
      "SET WHITE PRESS",
      "SET NO GREY PRESS",
      "SET NO GREY",
      "SET NO GRAY PRESS",
      "SET NO GRAY",
    ],
  )
  .choose(
    "SET WHITE/GREY/NO PRESS",
    |s| s.press.colors = Colors::White,
    "press is white: every message names its sender",
  );
  SetWhiteGrey = row(
    Moderator,
    "8.5",
    "SET WHITE/GREY [PRESS]",
    "Allow both kinds of press; signed unless the sender asks for GREY.",
    &["SET WHITE / GREY", "SET WHITE / GREY PRESS", "SET WHITE / GRAY PRESS", "SET WHITE / GRAY"],
  )
  .choose(
    "SET WHITE/GREY/NO PRESS",
    |s| s.press.colors = Colors::WhiteGrey,
    "press may be white or grey, and is white unless the sender writes GREY",
  );
  SetLatePress / SetNoLatePress = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.late = on,
    get: |s| s.press.late,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET LATE PRESS",
      summary: "Let players who are late with orders send press as usual (the default).",
      spellings: &["SET LATE PRESS"],
      meaning: "players whose orders are late may send press",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO LATE PRESS",
      summary: "Players who are late with orders may write only to the Master.",
      spellings: &["SET NO LATE PRESS"],
      meaning: "players whose orders are late may send press only to the Master",
      shown: Some(word(SummaryLine::PressRestrictions, 0, "No late press")),
      listed: None,
    },
  };
  SetMinorPress / SetNoMinorPress = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.minor = on,
    get: |s| s.press.minor,
    before_start: true,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET MINOR PRESS",
      summary: "Allow press during retreat and adjustment phases (the default).",
      spellings: &["SET MINOR PRESS"],
      meaning: "press may be sent in retreat and adjustment phases",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO MINOR PRESS",
      summary: "Allow press only during movement phases.",
      spellings: &["SET NO MINOR PRESS"],
      meaning: "press may be sent only in movement phases (except to the Master)",
      shown: Some(word(SummaryLine::XFlags, 10, "NoMinorPress")),
      listed: None,
    },
  };
  SetMustOrder / SetNoMustOrder = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.must_order = on,
    get: |s| s.press.must_order,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET MUST ORDER",
      summary: "A player may send press (except to the Master) only once their orders are in.",
      spellings: &["SET MUST ORDER"],
      meaning: "players may send press (except to the Master) only once their orders are in",
      shown: Some(word(SummaryLine::PressRestrictions, 1, "Valid orders required to send press")),
      listed: None,
    },
    off: Side {
      usage: "SET NO MUST ORDER",
      summary: "Allow press whether or not orders are in (the default).",
      spellings: &["SET NO MUST ORDER"],
      meaning: "players may send press whether or not their orders are in",
      shown: None,
      listed: None,
    },
  };
  SetObserver = row(
    Moderator,
    "8.5",
    "SET OBSERVER ANY | NO | WHITE",
    "Say what press observers may send: any, none, or signed only.",
    &["SET OBSERVER", "SET OBSERVERS"],
  )
  .run(|s, c| s.set_observer(&c.args).flow());
  SetNoObserver = row(
    Moderator,
    "8.5",
    "SET NO OBSERVER",
    "Observers may write only to the Master.",
    &["SET NO OBSERVER", "SET NO OBSERVERS"],
  )
  .alone()
  .run(|s, _| s.set_observer("NO").flow());
  SetPartial / SetNoPartial = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.partial = on,
    get: |s| s.press.partial,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET PARTIAL [PRESS]",
      summary: "Allow messages to some of the powers rather than all (the default).",
      spellings: &["SET PARTIAL", "SET PARTIAL PRESS"],
      meaning: "press may go to some of the powers (partial press)",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO PARTIAL [PRESS]",
      summary: "Allow only messages to everyone, or to the Master.",
      spellings: &["SET NO PARTIAL", "SET NO PARTIAL PRESS"],
      meaning: "press goes to everyone or to the Master only (no partial press)",
      shown: None,
      listed: None,
    },
  };
  SetPartialFakesBroadcast = row(
    Moderator,
    "8.5",
    "SET PARTIAL FAKES BROADCAST",
    "Every message looks like a broadcast, whoever really gets it.",
    &["SET PARTIAL FAKES BROADCAST", "SET PARTIAL FAKES"],
  )
  .choose(
    "SET FAKE",
    |s| {
      s.press.fakes = Fakes::Broadcast;
      s.press.partial = true;
    },
    "every message shows as a broadcast, whoever really gets it",
  );
  SetPartialFakesByDefault = row(
    Moderator,
    "8.5",
    "SET PARTIAL FAKES BROADCAST BY DEFAULT",
    "Messages look like broadcasts unless the sender names other recipients to show.",
    &["SET PARTIAL FAKES BROADCAST BY DEFAULT", "SET PARTIAL DEFAULT"],
  )
  .choose(
    "SET FAKE",
    |s| {
      s.press.fakes = Fakes::BroadcastByDefault;
      s.press.partial = true;
    },
    "press to some powers shows as a broadcast unless\n\
      the sender shows other recipients (FAKE TO list) or the true ones (NO FAKE)",
  );
  SetPartialMay = row(
    Moderator,
    "8.5",
    "SET PARTIAL MAY BE FAKED",
    "A sender may ask for a false list of recipients; otherwise the true one shows.",
    &["SET PARTIAL MAY BE FAKED", "SET PARTIAL MAY"],
  )
  .choose(
    "SET FAKE",
    |s| {
      s.press.fakes = Fakes::May;
      s.press.partial = true;
    },
    "press to some powers may show other recipients when the sender asks (FAKE)",
  );
  SetPostalPress / SetNoPostalPress = Switch {
    who: Moderator,
    section: "8.5",
    set: |s, on| s.press.postal = on,
    get: |s| s.press.postal,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET POSTAL PRESS",
      summary: "Allow POSTAL PRESS, broadcasts sent out with the next results.",
      spellings: &["SET POSTAL PRESS"],
      meaning: "postal press is allowed: it goes out with the next results",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO POSTAL PRESS",
      summary: "Forbid POSTAL PRESS (the default).",
      spellings: &["SET NO POSTAL PRESS"],
      meaning: "postal press is not allowed",
      shown: None,
      listed: None,
    },
  };
  SetTouchPress / SetNoTouchPress = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.press.touch = on,
    get: |s| s.press.touch,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET TOUCH PRESS",
      summary: "One broadcast per turn, and private messages only to neighbouring powers and the Master.",
      spellings: &["SET TOUCH PRESS"],
      meaning: "press is touch press: a player may write privately only\n\
        to powers one of its units could reach in one move, and broadcast once\n\
        a phase",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO TOUCH PRESS",
      summary: "Press follows the usual press settings (the default).",
      spellings: &["SET NO TOUCH PRESS"],
      meaning: "press follows the usual press settings (no touch press)",
      shown: None,
      listed: None,
    },
  };
  SetDeadline = row(
    Moderator,
    "8.6",
    "SET DEADLINE date",
    "Move the current phase's deadline.",
    &["SET DEADLINE"],
  )
  .run(|s, c| s.set_deadline(&c.args).flow());
  SetGrace = row(
    Moderator,
    "8.6",
    "SET GRACE date",
    "Move the end of the current phase's grace period.",
    &["SET GRACE"],
  )
  .run(|s, c| s.set_grace(&c.args).flow());
  SetStart = row(
    Moderator,
    "8.6",
    "SET START date",
    "Process the current phase no earlier than that date.",
    &["SET START"],
  )
  .run(|s, c| s.set_start(&c.args).flow());
  SetLateCount / SetNoLateCount = Switch {
    who: Moderator,
    section: "8.6",
    set: |s, on| s.late_count = on,
    get: |s| s.late_count,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET LATE COUNT",
      summary: "Say in late notices how often each player has been late in this game.",
      spellings: &["SET LATE COUNT"],
      meaning: "late notices count how often each player has been late",
      shown: Some(word(SummaryLine::XFlags, 1, "LateCount")),
      listed: None,
    },
    off: Side {
      usage: "SET NO LATE COUNT",
      summary: "Leave the count out of late notices (the default).",
      spellings: &["SET NO LATE COUNT"],
      meaning: "late notices do not count how often players were late",
      shown: None,
      listed: None,
    },
  };
  SetMaxAbsence = row(
    Moderator,
    "8.6",
    "SET MAX ABSENCE days",
    "The longest absence a player may set without the Master (0 to 31 days).",
    &["SET MAX ABSENCE", "SET MAX HOLIDAYS", "SET MAX VACATIONS"],
  )
  .run(|s, c| s.set_max_absence(&c.args).flow());
  SetMove = row(
    Moderator,
    "8.6",
    "SET MOVE setting value...",
    "Change how movement deadlines are worked out (CLOCK, MIN, NEXT, GRACE, DELAY, DAYS).",
    &["SET MOVE", "SET MOVES"],
  )
  .run(|s, c| s.set_rule(PhaseKind::Movement, &c.args).flow());
  SetRetreat = row(
    Moderator,
    "8.6",
    "SET RETREAT setting value...",
    "Change how retreat deadlines are worked out.",
    &["SET RETREAT", "SET RETREATS"],
  )
  .run(|s, c| s.set_rule(PhaseKind::Retreat, &c.args).flow());
  SetAdjust = row(
    Moderator,
    "8.6",
    "SET ADJUST setting value...",
    "Change how adjustment deadlines are worked out (BUILD is the same).",
    &["SET ADJUST", "SET ADJUSTS", "SET BUILDS", "SET BUILD"],
  )
  .run(|s, c| s.set_rule(PhaseKind::Adjustment, &c.args).flow());
  SetStrictGrace / SetNoStrictGrace = Switch {
    who: Moderator,
    section: "8.6",
    set: |s, on| s.strict_grace = on,
    get: |s| s.strict_grace,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET STRICT GRACE",
      summary: "The grace period is an exact time after the deadline, whatever the allowed days.",
      spellings: &["SET STRICT GRACE"],
      meaning: "grace periods end exactly 'grace' hours after the deadline",
      shown: Some(word(SummaryLine::Flags, 6, "StrictGrace")),
      listed: None,
    },
    off: Side {
      usage: "SET NO STRICT GRACE",
      summary: "Stretch the grace period to an allowed day (the default).",
      spellings: &["SET NO STRICT GRACE"],
      meaning: "grace periods end on a day the deadline 'days' allow",
      shown: None,
      listed: None,
    },
  };
  // ------------------------------------------------------------ variants
  SetVariant = row(
    Moderator,
    "9",
    "SET VARIANT variant | option",
    "Before the game starts, change its variant or add one option.",
    &["SET VARIANT"],
  )
  .run(|s, c| s.set_variant(&c.args).flow());
  SetNotVariant = row(
    Moderator,
    "9",
    "SET NOT VARIANT option",
    "Before the game starts, drop one variant option.",
    &["SET NOT VARIANT"],
  )
  .run(|s, c| s.set_not_variant(&c.args).flow());
  SetRule = row(
    Moderator,
    "9.1",
    "SET RULE name",
    "Before the game starts, turn on a DPjudge rule by its name (FTF_PRESS, BUILD_ANY).",
    &["SET RULE", "SET RULES"],
  )
  .run(|s, c| s.set_dpjudge_rule(&c.args, true).flow());
  SetNoRule = row(
    Moderator,
    "9.1",
    "SET NO RULE name",
    "Before the game starts, turn off a DPjudge rule by its name.",
    &["SET NO RULE", "SET NO RULES", "SET NOT RULE"],
  )
  .run(|s, c| s.set_dpjudge_rule(&c.args, false).flow());
  SetCoastalCrawl / SetNoCoastalCrawl = dpjudge_switch!(dpjudge::COASTAL_CRAWL);
  SetFriendlyFire / SetNoFriendlyFire = dpjudge_switch!(dpjudge::FRIENDLY_FIRE);
  SetDummyFire / SetNoDummyFire = dpjudge_switch!(dpjudge::DUMMY_FIRE);
  SetWeakBounces / SetNoWeakBounces = dpjudge_switch!(dpjudge::WEAK_BOUNCES);
  SetSafeConvoys / SetNoSafeConvoys = dpjudge_switch!(dpjudge::SAFE_CONVOYS);
  SetWeakConvoys / SetNoWeakConvoys = dpjudge_switch!(dpjudge::WEAK_CONVOYS);
  SetPortage / SetNoPortage = dpjudge_switch!(dpjudge::PORTAGE_CONVOY);
  SetNoConvoyBack / SetConvoyBack = dpjudge_switch!(dpjudge::NO_RETURN);
  SetRevival / SetNoRevival = dpjudge_switch!(dpjudge::GARRISON);
  SetNoPartisans / SetPartisans = dpjudge_switch!(dpjudge::NO_PARTISANS);
  SetHibernate / SetNoHibernate = dpjudge_switch!(dpjudge::HIBERNATE);
  SetImmobileDummies / SetNoImmobileDummies = dpjudge_switch!(dpjudge::IMMOBILE_DUMMIES);
  SetHoldUnordered / SetNoHoldUnordered = dpjudge_switch!(dpjudge::DEFAULT_UNORDERED);
  SetFictional / SetNoFictional = dpjudge_switch!(dpjudge::FICTIONAL_OK);
  SetPhantoms / SetNoPhantoms = dpjudge_switch!(dpjudge::SHOW_PHANTOM);
  SetOrderAny / SetNoOrderAny = dpjudge_switch!(dpjudge::ORDER_ANY);
  SetNoCheck / SetCheck = dpjudge_switch!(dpjudge::NO_CHECK);
  SetSignals / SetNoSignals = dpjudge_switch!(dpjudge::SIGNAL_SUPPORT);
  SetPublicLists / SetNoPublicLists = dpjudge_switch!(dpjudge::PUBLIC_LISTS);
  SetLimitedLists / SetNoLimitedLists = dpjudge_switch!(dpjudge::LIMIT_LISTS);
  // Payola's rules (`game/payola.rs`), in Payola games only.
  SetAnonymousTransfers / SetSignedTransfers = dpjudge_switch!(dpjudge::ANON_TRANSFER);
  SetNoDonations / SetDonations = dpjudge_switch!(dpjudge::NO_DONATIONS);
  SetNoTransfers / SetTransfers = dpjudge_switch!(dpjudge::NO_TRANSFER);
  SetOneTransfer / SetAnyTransfers = dpjudge_switch!(dpjudge::ONE_TRANSFER);
  SetNoLooting / SetLooting = dpjudge_switch!(dpjudge::NO_LOOTING);
  SetFlatTax / SetSlidingTax = dpjudge_switch!(dpjudge::FLAT_TAX);
  SetNoHoarding / SetHoarding = dpjudge_switch!(dpjudge::NO_HOARDING);
  SetZeroSum / SetNoZeroSum = dpjudge_switch!(dpjudge::ZEROSUM);
  SetEbayola / SetNoEbayola = dpjudge_switch!(dpjudge::EBAYOLA);
  SetNoLedgerCosts / SetLedgerCosts = dpjudge_switch!(dpjudge::HIDE_COST);
  SetNoLedgerOffers / SetLedgerOffers = dpjudge_switch!(dpjudge::HIDE_OFFERS);
  SetPublicTotals / SetNoPublicTotals = dpjudge_switch!(dpjudge::PUBLIC_TOTALS);
  SetNoLedgers / SetLedgers = dpjudge_switch!(dpjudge::NO_LEDGERS);
  SetDirectOnly / SetNoDirectOnly = dpjudge_switch!(dpjudge::DIRECT_ONLY);
  SetPayDummies / SetNoPayDummies = dpjudge_switch!(dpjudge::PAY_DUMMIES);
  SetNoSavings / SetSavings = dpjudge_switch!(dpjudge::NO_SAVINGS);
  SetNoPlateaus / SetPlateaus = dpjudge_switch!(dpjudge::NO_PLATEAU);
  SetLimitOffers / SetNoLimitOffers = dpjudge_switch!(dpjudge::LIMIT_OFFERS);
  SetBribesRemote / SetNoBribesRemote = dpjudge_switch!(dpjudge::REMOTE_BRIBE);
  SetBribesAdjacent / SetBribesAny = dpjudge_switch!(dpjudge::TOUCH_BRIBE);
  SetZeroBribes / SetNoZeroBribes = dpjudge_switch!(dpjudge::ZERO_FOREIGN);
  SetClassicPayola / SetNoClassicPayola = dpjudge_switch!(dpjudge::PAYOLA_CLASSIC);
  SetAnyHomeCenter = row(
    Moderator,
    "9.1",
    "SET ANY HOME CENTER",
    "Build in any centre you own that is a home centre of some power (DPjudge HOME_BUILDS).",
    &["SET ANY HOME CENTER", "SET ANY HOME CENTERS", "SET ANY HOME CENTRES", "SET ANY HOME CENTRE"],
  )
  .alone()
  .run(|s, _| s.set_dpjudge_rule("HOME_BUILDS", true).flow());
  // Issue 27: the DPjudge's press, lateness and ending rules, by njudge
  // words (`game/dpjudge.rs`).
  SetNoNameLate / SetNameLate = dpjudge_switch!(dpjudge::HIDE_LATE_POWERS);
  SetOpenOrders / SetNoOpenOrders = dpjudge_switch!(dpjudge::BROADCAST_ORDERS);
  SetHiddenDummies / SetNoHiddenDummies = dpjudge_switch!(dpjudge::HIDE_DUMMIES);
  SetYellowPress / SetNoYellowPress = dpjudge_switch!(dpjudge::YELLOW_PRESS);
  SetNoLateReceive / SetLateReceive = dpjudge_switch!(dpjudge::NO_LATE_RECEIVE);
  SetFtfPress / SetNoFtfPress = dpjudge_switch!(dpjudge::FTF_PRESS);
  SetFakeSender / SetNoFakeSender = dpjudge_switch!(dpjudge::FAKE_PRESS);
  SetNeighborPress / SetNoNeighborPress = dpjudge_switch!(dpjudge::TOUCH_PRESS);
  SetRemotePress / SetNoRemotePress = dpjudge_switch!(dpjudge::REMOTE_PRESS);
  SetBackseatPress / SetNoBackseatPress = dpjudge_switch!(dpjudge::BACKSEAT_PRESS);
  SetMastersReadAllPress / SetNoMastersReadAllPress = dpjudge_switch!(dpjudge::EAVESDROP);
  SetMastersSkipBroadcasts / SetNoMastersSkipBroadcasts = dpjudge_switch!(dpjudge::PRESS_MASTER);
  SetNoLateChanges / SetLateChanges = dpjudge_switch!(dpjudge::NO_LATE_CHANGES);
  SetRealTime / SetNoRealTime = dpjudge_switch!(dpjudge::REAL_TIME);
  SetAlwaysWait / SetNoAlwaysWait = dpjudge_switch!(dpjudge::ALWAYS_WAIT);
  SetNoMinorWait / SetMinorWait = dpjudge_switch!(dpjudge::NO_MINOR_WAIT);
  SetExtensions / SetNoExtensions = dpjudge_switch!(dpjudge::PLAYER_DEADLINES);
  SetNoAbsences / SetPlayerAbsences = dpjudge_switch!(dpjudge::NO_ABSENCES);
  SetSmartBuilds / SetNoSmartBuilds = dpjudge_switch!(dpjudge::CD_BUILDS);
  SetSmartRetreats / SetNoSmartRetreats = dpjudge_switch!(dpjudge::CD_RETREATS);
  SetSmartSupports / SetNoSmartSupports = dpjudge_switch!(dpjudge::CD_SUPPORTS);
  SetSmartCd / SetNoSmartCd = dpjudge_switch!(dpjudge::SMART_CD);
  SetSoloOnly / SetNoSoloOnly = dpjudge_switch!(dpjudge::NO_DRAW);
  SetNoQuarter / SetQuarter = dpjudge_switch!(dpjudge::NO_QUARTER);
  SetProposals / SetNoProposals = dpjudge_switch!(dpjudge::PROPOSE_DIAS);
  SetNoNameProposer / SetNameProposer = dpjudge_switch!(dpjudge::HIDE_PROPOSER);
  SetHoldWin / SetNoHoldWin = dpjudge_switch!(dpjudge::HOLD_WIN);
  SetSharedVictory / SetNoSharedVictory = dpjudge_switch!(dpjudge::SHARED_VICTORY);
  SetHomeVictory / SetNoHomeVictory = dpjudge_switch!(dpjudge::VICTORY_HOMES);
  SetSkipDays / SetNoSkipDays = dpjudge_switch!(dpjudge::JUMP_OFF_DAYS);
  SetPreviewLate / SetNoPreviewLate = dpjudge_switch!(dpjudge::CIVIL_PREVIEW);
  SetTeamVictory / SetNoTeamVictory = dpjudge_switch!(dpjudge::TEAM_VICTORY);
  SetNoJoinNotices / SetJoinNotices = dpjudge_switch!(dpjudge::SILENT_JOIN);
  SetNameWaiters / SetNoNameWaiters = dpjudge_switch!(dpjudge::LIST_WAITERS);
  SetAnyCenter = row(
    Moderator,
    "9.1",
    "SET ANY CENTER",
    "Build in any supply centre you own.",
    &["SET ANY CENTER", "SET ANY CENTERS", "SET ANY CENTRES", "SET ANY CENTRE"],
  )
  .option(GameOption::AnyCenter, true)
  .shows(word(SummaryLine::XFlags, 0, "AnyCentres"));
  SetHomeCenter = row(
    Moderator,
    "9.1",
    "SET HOME CENTER",
    "Build only in your own home centres (the standard rule).",
    &["SET HOME CENTER", "SET HOME CENTERS", "SET HOME CENTRES", "SET HOME CENTRE"],
  )
  .alone()
  .run(|s, _| s.set_home_center().flow())
  .shows_when(word(SummaryLine::XFlags, 0, "HomeCentres"), |s| s.variant.builds == BuildRule::Home);
  SetOneCenter = row(
    Moderator,
    "9.1",
    "SET ONE CENTER",
    "Build in any owned centre while you still hold one home centre.",
    &["SET ONE CENTER", "SET ONE CENTERS", "SET ONE CENTRES", "SET ONE CENTRE"],
  )
  .option(GameOption::OneCenter, true)
  .shows(word(SummaryLine::XFlags, 0, "OneCentre"));
  SetAnyDisband = row(
    Moderator,
    "9.1",
    "SET ANY DISBAND",
    "In adjustment phases any unit may be disbanded, and the room used for a build.",
    &["SET ANY DISBAND"],
  )
  .option(GameOption::AnyDisband, true)
  .shows(word(SummaryLine::XFlags, 6, "AnyDisband"));
  SetNormalDisband = row(
    Moderator,
    "9.1",
    "SET NORMAL DISBAND",
    "Disband in adjustment phases only when short of centres (the standard rule).",
    &["SET NORMAL DISBAND"],
  )
  .option(GameOption::AnyDisband, false);
  SetAttackTransform / SetNoAttackTransform = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.variant.transform.attacked = on,
    get: |s| s.variant.transform.attacked,
    before_start: true,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET ATTACK TRANSFORM",
      summary: "A unit that is attacked but not dislodged still transforms.",
      spellings: &["SET ATTACK TRANSFORM", "SET ATTACK TRANSFORMS", "SET ATTACK TRAFO"],
      meaning: "a unit ordered to transform still does when it is attacked\n\
        but not dislodged (ATTACK TRANSFORM)",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO ATTACK TRANSFORM",
      summary: "A unit that is attacked, even if not dislodged, fails to transform (the default).",
      spellings: &["SET NO ATTACK TRANSFORM", "SET NO ATTACK TRANSFORMS", "SET NO ATTACK TRAFO"],
      meaning: "a unit ordered to transform fails to when it is attacked,\n\
        even if it is not dislodged (NO ATTACK TRANSFORM)",
      shown: None,
      listed: None,
    },
  };
  SetAutoDisband = row(
    Moderator,
    "9.1",
    "SET AUTO DISBAND",
    "Dislodged units are disbanded at once; there are no retreats.",
    &["SET AUTO DISBAND"],
  )
  .option(GameOption::AutoDisband, true)
  .shows(word(SummaryLine::XFlags, 4, "AutoDisband"));
  SetNoAutoDisband = row(
    Moderator,
    "9.1",
    "SET NO AUTO DISBAND",
    "Dislodged units retreat as usual.",
    &["SET NO AUTO DISBAND"],
  )
  .option(GameOption::AutoDisband, false);
  SetBCenters / SetNoBCenters = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.bcenters = on,
    get: |s| s.bcenters,
    before_start: true,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET BCENTERS",
      summary: "In a Blind game, show every power everyone's supply centres.",
      spellings: &["SET BCENTERS", "SET BCENTRES"],
      meaning: "in a Blind game, each power is shown every power's supply centres",
      shown: Some(word(SummaryLine::X2Flags, 3, "BCenters")),
      listed: None,
    },
    off: Side {
      usage: "SET NO BCENTERS",
      summary: "In a Blind game, show each power only its own supply centres (the default).",
      spellings: &["SET NO BCENTERS", "SET NO BCENTRES"],
      meaning: "in a Blind game, each power is shown only its own supply centres",
      shown: None,
      listed: None,
    },
  };
  SetBlankBoard = row(
    Moderator,
    "9.1",
    "SET BLANK BOARD",
    "Start with no units and a build phase (EMPTY BOARD is the same).",
    &["SET BLANK BOARD", "SET EMPTY BOARD"],
  )
  .option(GameOption::EmptyBoard, true)
  .shows(word(SummaryLine::XFlags, 8, "BlankBoard"));
  SetCenters = row(
    Moderator,
    "9.1",
    "SET CENTERS number",
    "The number of supply centres that wins the game.",
    &["SET CENTERS", "SET CENTRES"],
  )
  .run(|s, c| s.set_centers(&c.args).flow());
  SetCoastalConvoys = row(
    Moderator,
    "9.1",
    "SET COASTAL CONVOYS",
    "Fleets in coastal provinces may convoy.",
    &["SET COASTAL CONVOYS", "SET COASTAL CONVOY"],
  )
  .option(GameOption::CoastalConvoys, true)
  .shows(word(SummaryLine::XFlags, 12, "CoastalConvoy"));
  SetNoCoastalConvoys = row(
    Moderator,
    "9.1",
    "SET NO COASTAL CONVOYS",
    "Only fleets at sea may convoy.",
    &["SET NO COASTAL CONVOYS", "SET NO COASTAL CONVOY"],
  )
  .option(GameOption::CoastalConvoys, false);
  SetDisband / SetNoDisband = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.variant.movement_disband = on,
    get: |s| s.variant.movement_disband,
    before_start: true,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET DISBAND",
      summary: "Players may disband a unit in a movement phase.",
      spellings: &["SET DISBAND"],
      meaning: "a unit may be disbanded in a movement phase\n\
        ('A Par disband'): it holds for the phase and is gone at its end (DISBAND)",
      shown: None,
      listed: Some(line("Disbanding", 8, "also in movement phases (DISBAND)")),
    },
    off: Side {
      usage: "SET NO DISBAND",
      summary: "No disbanding in movement phases (the default).",
      spellings: &["SET NO DISBAND"],
      meaning: "units are not disbanded in movement phases (NO DISBAND)",
      shown: None,
      listed: None,
    },
  };
  SetDuality = row(
    Moderator,
    "9.1",
    "SET DUALITY",
    "Use the map's provinces that are both land and sea.",
    &["SET DUALITY"],
  )
  .alone()
  .run(|s, _| s.set_duality(true).flow());
  SetNoDuality = row(
    Moderator,
    "9.1",
    "SET NO DUALITY",
    "Treat the map's land-and-sea provinces as ordinary ones.",
    &["SET NO DUALITY"],
  )
  .alone()
  .run(|s, _| s.set_duality(false).flow());
  SetGateways = row(
    Moderator,
    "9.1",
    "SET GATEWAYS",
    "Use the map's gateways.",
    &["SET GATEWAYS", "SET GATEWAY"],
  );
  SetNoGateways = row(
    Moderator,
    "9.1",
    "SET NO GATEWAYS",
    "Ignore the map's gateways.",
    &["SET NO GATEWAYS", "SET NO GATEWAY"],
  );
  SetHongKong = row(
    Moderator,
    "9.1",
    "SET HONG KONG",
    "Use the map's Hong Kong rule.",
    &["SET HONG KONG"],
  );
  SetNoHongKong = row(
    Moderator,
    "9.1",
    "SET NO HONG KONG",
    "Ignore the Hong Kong rule.",
    &["SET NO HONG KONG"],
  );
  SetPlayers = row(
    Moderator,
    "9.1",
    "SET PLAYERS number",
    "How many players the game needs; with fewer players than powers, some play several.",
    &["SET PLAYERS"],
  )
  .run(|s, c| s.set_players(&c.args).flow());
  SetAlliedWin / SetNoAlliedWin = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.no_allied_win = !on,
    get: |s| !s.no_allied_win,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET ALLIED WIN",
      summary: "In a duplex game, one player's powers win together with 4/3 of the victory count (the default).",
      spellings: &["SET ALLIED WIN", "SET ALLIED WINS"],
      meaning: "a player whose powers together hold four thirds of the\n\
        victory count wins with them (ALLIED WIN; duplex games)",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO ALLIED WIN",
      summary: "In a duplex game, only one power's centres win.",
      spellings: &["SET NO ALLIED WIN", "SET NO ALLIED WINS"],
      meaning: "only one power's own centres win the game (NO ALLIED WIN)",
      shown: None,
      listed: Some(line("Allied win", 9, "no: only one power's centres win (NO ALLIED WIN)")),
    },
  };
  SetRailways = row(
    Moderator,
    "9.1",
    "SET RAILWAYS",
    "Use the map's railways.",
    &["SET RAILWAYS", "SET RAILWAY"],
  );
  SetNoRailways = row(
    Moderator,
    "9.1",
    "SET NO RAILWAYS",
    "Ignore the map's railways.",
    &["SET NO RAILWAYS", "SET NO RAILWAY"],
  );
  SetReveal / SetNoReveal = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.reveal = on,
    get: |s| s.reveal,
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET REVEAL",
      summary: "Show who played what in the SUMMARY once the game is over (the default).",
      spellings: &["SET REVEAL"],
      meaning: "the final summary names the players",
      shown: None,
      listed: None,
    },
    off: Side {
      usage: "SET NO REVEAL",
      summary: "Keep the players' names out of the final SUMMARY.",
      spellings: &["SET NO REVEAL"],
      meaning: "the final summary does not name the players",
      shown: Some(word(SummaryLine::Flags, 3, "NoReveal")),
      listed: None,
    },
  };
  SetSecret = row(
    Moderator,
    "9.1",
    "SET SECRET",
    "Do not tell anyone how many players (as against powers) the game has.",
    &["SET SECRET"],
  )
  .option(GameOption::Secret, true)
  .shows(word(SummaryLine::X2Flags, 0, "Secret"));
  SetNoSecret = row(
    Moderator,
    "9.1",
    "SET NO SECRET",
    "The number of players may be shown.",
    &["SET NO SECRET"],
  )
  .option(GameOption::Secret, false);
  SetShow / SetNoShow = Switch {
    who: Moderator,
    section: "9.1",
    set: |s, on| s.show = Some(on),
    get: |s| s.shows_changer(),
    before_start: false,
    needs_to_turn_on: None,
    on: Side {
      usage: "SET SHOW",
      summary: "Name whoever changes a setting in the announcement.",
      spellings: &["SET SHOW"],
      meaning: "setting changes are told with who made them",
      shown: None,
      listed: Some(line("Changes told", 6, "with who made them")),
    },
    off: Side {
      usage: "SET NO SHOW",
      summary: "Announce setting changes without naming who made them.",
      spellings: &["SET NO SHOW"],
      meaning: "setting changes are told without saying who made them",
      shown: Some(word(SummaryLine::Flags, 8, "No Show")),
      listed: Some(line("Changes told", 6, "without who made them")),
    },
  };
  SetSummer = row(
    Moderator,
    "9.1",
    "SET SUMMER",
    "Add a summer movement phase between spring and fall.",
    &["SET SUMMER"],
  )
  .option(GameOption::Summer, true)
  .shows(word(SummaryLine::X2Flags, 2, "Summer"));
  SetNoSummer = row(
    Moderator,
    "9.1",
    "SET NO SUMMER",
    "No summer phase.",
    &["SET NO SUMMER"],
  )
  .option(GameOption::Summer, false);
  SetTransform = row(
    Moderator,
    "9.1",
    "SET TRANSFORM when:where...",
    "Let units change type, in MOVE or BUILD phases, at HOME, ONE or ANY centre, or ANYWHERE.",
    &["SET TRANSFORM", "SET TRAFO"],
  )
  .run(|s, c| s.set_transform(&c.args, true).flow());
  SetNoTransform = row(
    Moderator,
    "9.1",
    "SET NO TRANSFORM",
    "Units cannot change type.",
    &["SET NO TRANSFORM", "SET NO TRAFO"],
  )
  .run(|s, c| s.set_transform(&c.args, false).flow());
  SetAdjacent = row(
    Moderator,
    "9.2",
    "SET ADJACENT",
    "Machiavelli: bribes may come from powers that are not adjacent.",
    &["SET ADJACENT", "SET ADJACENCY", "SET ADJ"],
  );
  SetNoAdjacent = row(
    Moderator,
    "9.2",
    "SET NO ADJACENT",
    "Machiavelli: only adjacent powers may bribe.",
    &["SET NO ADJACENT", "SET NO ADJACENCY", "SET NO ADJ"],
  );
  SetAssassins = row(
    Moderator,
    "9.2",
    "SET ASSASSINS",
    "Machiavelli: use the assassination rules.",
    &["SET ASSASSINS", "SET ASSASSINATIONS", "SET ASSASSINATION"],
  );
  SetNoAssassins = row(
    Moderator,
    "9.2",
    "SET NO ASSASSINS",
    "Machiavelli: no assassinations.",
    &["SET NO ASSASSINS", "SET NO ASSASSINATIONS", "SET NO ASSASSINATION"],
  );
  SetLoans = row(
    Moderator,
    "9.2",
    "SET LOANS",
    "Machiavelli: players may borrow from the bank (BANK and BANKERS are the same).",
    &["SET LOANS", "SET BANKERS", "SET BANK"],
  );
  SetNoLoans = row(
    Moderator,
    "9.2",
    "SET NO LOANS",
    "Machiavelli: no borrowing.",
    &["SET NO LOANS", "SET NO BANKERS", "SET NO BANK"],
  );
  SetDice = row(
    Moderator,
    "9.2",
    "SET DICE",
    "Machiavelli: add the random events (income, loans, assassination, famine, plague).",
    &["SET DICE"],
  );
  SetNoDice = row(
    Moderator,
    "9.2",
    "SET NO DICE",
    "Machiavelli: no random events.",
    &["SET NO DICE"],
  );
  SetFamine = row(
    Moderator,
    "9.2",
    "SET FAMINE",
    "Machiavelli: use the famine rules.",
    &["SET FAMINE"],
  );
  SetNoFamine = row(
    Moderator,
    "9.2",
    "SET NO FAMINE",
    "Machiavelli: no famine.",
    &["SET NO FAMINE"],
  );
  SetFort = row(
    Moderator,
    "9.2",
    "SET FORT",
    "Machiavelli: use the fortress rules.",
    &["SET FORT", "SET FORTRESSES", "SET FORTRESS", "SET FORTS"],
  );
  SetNoFort = row(
    Moderator,
    "9.2",
    "SET NO FORT",
    "Machiavelli: no fortresses.",
    &["SET NO FORT", "SET NO FORTRESSES", "SET NO FORTRESS", "SET NO FORTS"],
  );
  SetGarrison = row(
    Moderator,
    "9.2",
    "SET GARRISON",
    "Machiavelli: allow garrisons.",
    &["SET GARRISON", "SET GARRISONS"],
  );
  SetNoGarrison = row(
    Moderator,
    "9.2",
    "SET NO GARRISON",
    "Machiavelli: no garrisons.",
    &["SET NO GARRISON", "SET NO GARRISONS"],
  );
  SetMach2 = row(
    Moderator,
    "9.2",
    "SET MACH2",
    "Machiavelli: play by the second edition (1995) rules.",
    &["SET MACH2", "SET MACHIAVELLI2", "SET MACHIAVELLI-2", "SET MACH-2"],
  );
  SetNoMach2 = row(
    Moderator,
    "9.2",
    "SET NO MACH2",
    "Machiavelli: play by the first edition rules (the default).",
    &["SET NO MACH2", "SET NO MACHIAVELLI2", "SET NO MACHIAVELLI-2", "SET NO MACH-2"],
  );
  SetMoney = row(
    Moderator,
    "9.2",
    "SET MONEY",
    "Machiavelli: play with money.",
    &["SET MONEY"],
  );
  SetNoMoney = row(
    Moderator,
    "9.2",
    "SET NO MONEY",
    "Machiavelli: no money; one city per unit, much as in standard play.",
    &["SET NO MONEY"],
  );
  SetPlague = row(
    Moderator,
    "9.2",
    "SET PLAGUE",
    "Machiavelli: use the plague rules.",
    &["SET PLAGUE"],
  );
  SetNoPlague = row(
    Moderator,
    "9.2",
    "SET NO PLAGUE",
    "Machiavelli: no plague.",
    &["SET NO PLAGUE"],
  );
  SetSpecial = row(
    Moderator,
    "9.2",
    "SET SPECIAL",
    "Machiavelli: allow the double-strength special units.",
    &["SET SPECIAL"],
  );
  SetNoSpecial = row(
    Moderator,
    "9.2",
    "SET NO SPECIAL",
    "Machiavelli: no special units.",
    &["SET NO SPECIAL"],
  );
  SetStorm = row(
    Moderator,
    "9.2",
    "SET STORM",
    "Machiavelli: storms may sink fleets at sea.",
    &["SET STORM", "SET STORMS"],
  );
  SetNoStorm = row(
    Moderator,
    "9.2",
    "SET NO STORM",
    "Machiavelli: no storms.",
    &["SET NO STORM", "SET NO STORMS"],
  );
  // ------------------------------------------------------------ keeper
  Adjust = row(
    Keeper,
    "",
    "ADJUST user increment keeper-password",
    "Change a user's dedication score by hand.",
    &["ADJUST"],
  )
  .secret(Secret::Last);
  FixId = row(
    Keeper,
    "",
    "FIX ID user site",
    "Correct the site recorded for a user.",
    &["FIX ID"],
  );
  NoControl = row(
    Keeper,
    "",
    "NO CONTROL",
    "Handle this message without the judge's usual checks on the sender.",
    &["NO CONTROL"],
  );
  Record = row(
    Keeper,
    "",
    "RECORD user field value keeper-password",
    "Change one field of a user's playing record by hand.",
    &["RECORD"],
  )
  .secret(Secret::Last);
  SetAllowMaster = row(
    Keeper,
    "8.4",
    "SET ALLOW MASTER [-]address",
    "Add (or with -, remove) an address on the list of the only users who may be Master.",
    &["SET ALLOW MASTER", "SET ALLOW MASTERS", "SET MASTERS ALLOW", "SET MASTER ALLOW"],
  );
  SetDenyMaster = row(
    Keeper,
    "8.4",
    "SET DENY MASTER [-]address",
    "Add (or with -, remove) an address on the list of users who may not be Master.",
    &["SET DENY MASTER", "SET DENY MASTERS", "SET MASTERS DENY", "SET MASTER DENY"],
  );
}

/// The table: one row per [`CommandKind`], in declaration order.
pub static KEYWORDS: &[Keyword] = &TABLE;

static TABLE: [Keyword; CommandKind::ALL.len()] = flatten();

/// [`DECLARED`] as one row per kind, in kind order.
const fn flatten() -> [Keyword; CommandKind::ALL.len()] {
  let mut table = [MISSING; CommandKind::ALL.len()];
  let mut n = 0;
  let mut i = 0;
  while i < DECLARED.len() {
    let mut j = 0;
    while j < DECLARED[i].len() {
      table[n] = DECLARED[i][j];
      n += 1;
      j += 1;
    }
    i += 1;
  }
  assert!(n == CommandKind::ALL.len(), "one row per kind");
  table
}

/// Returned by [`keyword`] only if the table lacked a row (a test makes
/// sure it never does), so that a lookup can never panic.
const MISSING: Keyword = row(Anyone, "", "", "", &[]);

/// The row for a command.
pub fn keyword(kind: CommandKind) -> &'static Keyword {
  KEYWORDS
    .get(kind as usize)
    .filter(|k| k.kind == kind)
    .or_else(|| KEYWORDS.iter().find(|k| k.kind == kind))
    .unwrap_or(&MISSING)
}

/// Where the summaries start in the index: a usage wider than this puts
/// its summary on the next line.
const SUMMARY_COLUMN: usize = 30;

/// The width the index is wrapped to, so it reads well in any mail client.
const INDEX_WIDTH: usize = 78;

/// The `index` help file: every command, generated from the table.
pub fn index_text() -> String {
  let mut out = String::new();
  out.push_str(
    "The commands this judge understands, grouped by who may send them. Each entry\n\
     gives the form to type, what it does, and the section of the user's manual\n\
     about it. Case does not matter, and the spaces between a keyword's words may\n\
     be left out: SET NO WAIT, SET NOWAIT and SETNOWAIT are one command. Words in\n\
     lower case stand for what you fill in; [brackets] mark what may be left out.\n",
  );
  for &who in Who::ALL {
    // A command the judge would refuse is not offered to the reader.
    let mut rows: Vec<&Keyword> =
      KEYWORDS.iter().filter(|k| k.who == who && k.kind.offered()).collect();
    if rows.is_empty() {
      continue;
    }
    rows.sort_by_key(|k| k.usage.to_ascii_uppercase());
    let _ = writeln!(out, "\n{}:", who.heading());
    for k in rows {
      index_entry(&mut out, k);
    }
  }
  out
}

/// One entry of the index: the usage, then the summary and section
/// wrapped in a column of their own.
fn index_entry(out: &mut String, k: &Keyword) {
  let mut line = format!("  {}", k.usage);
  if line.len() >= SUMMARY_COLUMN {
    out.push_str(&line);
    out.push('\n');
    line.clear();
  }
  let mut words: Vec<String> = k.summary.split_whitespace().map(str::to_string).collect();
  // The section stays on the line of the summary's last word.
  if !k.section.is_empty() {
    if let Some(last) = words.last_mut() {
      let _ = write!(last, " (§{})", k.section);
    }
  }
  for word in &words {
    let width = line.chars().count();
    if width > SUMMARY_COLUMN && width + 1 + word.chars().count() > INDEX_WIDTH {
      out.push_str(&line);
      out.push('\n');
      line.clear();
    }
    let width = line.chars().count();
    if width < SUMMARY_COLUMN {
      line.extend(std::iter::repeat_n(' ', SUMMARY_COLUMN - width));
    } else {
      line.push(' ');
    }
    line.push_str(word);
  }
  out.push_str(&line);
  out.push('\n');
}

#[cfg(test)]
mod tests {
  use super::*;

  /// What a SET change tells its sender (`In game 'name', meaning.`): a
  /// meaning broken into lines by hand keeps each within 78 columns for a
  /// game name of eight letters, so the reply's wrapping never leaves a
  /// stub line (one without breaks the reply wraps as prose).
  #[test]
  fn every_setting_says_its_meaning_within_the_line() {
    let mut long = Vec::new();
    for keyword in KEYWORDS {
      let Some(setting) = keyword.setting.filter(|s| s.meaning.contains('\n')) else { continue };
      let said = format!("In game 'abcdefgh', {}.", setting.meaning);
      long.extend(said.lines().filter(|l| l.len() > 78).map(|l| format!("{}: {l}", keyword.usage)));
    }
    assert!(long.is_empty(), "{long:#?}");
  }

  /// After each SET option that changes a setting, SUMMARY shows the word
  /// its row declares and LIST the line, and the opposite command's are
  /// gone: a label on the wrong side, or a getter that reads another
  /// field, fails here.
  #[test]
  fn each_setting_row_shows_its_summary_word_and_list_line_once_made() {
    let mut checked = 0;
    for keyword in KEYWORDS.iter() {
      let Some(setting) = keyword.setting else { continue };
      let mut settings = Settings::default();
      setting.change.apply(&mut settings);
      if let Some(shown) = keyword.shown {
        let words = shown_words(shown.line, &settings);
        assert!(words.contains(&shown.word), "{}: {words:?}", keyword.usage);
        checked += 1;
      }
      if let Some(listed) = keyword.listed {
        let lines = listed_lines(&settings, true);
        assert!(lines.contains(&(listed.label, listed.text)), "{}: {lines:?}", keyword.usage);
        assert_eq!(lines.iter().filter(|(label, _)| *label == listed.label).count(), 1);
        checked += 1;
      }
    }
    assert!(checked > 30, "only {checked} labels checked");
  }

  /// A new game's SUMMARY flags, in njudge's order (not the table's):
  /// NMR before LIST before PROXY before DIAS.
  #[test]
  fn a_new_game_shows_its_default_flags_in_njudges_order() {
    use crate::game::deadline::DeadlineRule;
    let Ok(map) = crate::map::Map::standard() else { panic!("the standard map") };
    let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let settings = Settings::new(map, deadlines);
    assert_eq!(
      shown_words(SummaryLine::Flags, &settings).join(", "),
      "NoNMR, NoList, NoProxy, DIAS"
    );
    assert_eq!(shown_words(SummaryLine::XFlags, &settings).join(", "), "HomeCentres, Concessions");
    assert!(shown_words(SummaryLine::X2Flags, &settings).is_empty());
    let forming: Vec<&str> = listed_lines(&settings, true).iter().map(|l| l.0).collect();
    assert_eq!(forming[0], "Starting");
    assert!(!listed_lines(&settings, false).iter().any(|l| l.0 == "Starting"));
  }
}
