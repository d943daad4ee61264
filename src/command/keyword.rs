//! The table of every command keyword (manual §10 and njudge's other
//! spellings). One row per command; the parser and the `index` help file
//! are both generated from it, so they cannot drift apart.
//!
//! `SET` options are commands of their own (`SetWait`, `SetNoWait`…): the
//! `NO` form of an option is a separate kind with its own row, so that
//! `SET NO WAIT`, `SET NOWAIT` and `SETNOWAIT` all land on `SetNoWait` and
//! whoever carries a command out never has to look at the words again.

use std::fmt::Write as _;

/// Declares [`CommandKind`] and [`CommandKind::ALL`] from one list, so that
/// the list of every kind cannot miss one.
macro_rules! kinds {
  ($($kind:ident),* $(,)?) => {
    /// Every command the judge recognises; each has exactly one row in
    /// [`KEYWORDS`] saying how it is spelled and what it does.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum CommandKind {
      $($kind),*
    }

    impl CommandKind {
      /// Every kind, in declaration order (the order of [`KEYWORDS`]).
      pub const ALL: &'static [CommandKind] = &[$(CommandKind::$kind),*];
    }
  };
}

kinds! {
  // Anyone (manual §§2–4).
  Help, Get, GetPackage, GetDedication, GetWhois, Version, Register, Who, WhoIs, WhoGame,
  IAmAlso, InfoPlayer, History, List, Map, MapStar, Summary, Create, SignOn, Observe, SignOff,
  ReplyTo,
  // Players signed on to a game (§§6–7, 8.1).
  Resign, Phase, Clear, If, Else, EndIf, Press, Broadcast, PostalPress, EndPress, EndBroadcast,
  Diary, DiaryRecord, DiaryList, DiaryRead, DiaryDelete, BecomeMaster, Resume, Set, SetAddress,
  SetPassword, SetPreference, SetAbsence, SetNoAbsence, SetWait, SetNoWait, SetConcede,
  SetNoConcede, SetDraw, SetNoDraw, SetModerate, SetBroadcast, SetNoBroadcast, SetMap, SetNoMap,
  // Masters only (§§8.1–8.2).
  Become, Eject, ForceBegin, Pause, Predict, Process, Promote, Rollback, Unstart, SetUnmoderate,
  SetAllPress, SetNormalPress, SetQuiet, SetNoQuiet, SetWatchAllPress, SetNoWatchAllPress,
  // Moderators: the Master, or any player of an unmoderated game (§§8.3–8.6).
  Terminate, SetAutoCreate, SetNoAutoCreate, SetAutoProcess, SetManualProcess, SetAutoStart,
  SetManualStart, SetBn, SetEp, SetMn, SetNmr, SetNoNmr, SetCommentBegin, SetComment,
  SetConcessions, SetNoConcessions, SetDias, SetNoDias, SetList, SetNoList, SetPrfList,
  SetPrfRand, SetPrfBoth, SetProxy, SetNoProxy, SetRated, SetUnrated, SetResume, SetNoResume,
  SetStrictConvoy, SetNoStrictConvoy, SetStrictWait, SetNoStrictWait,
  SetAccess, SetAllowPlayer, SetDenyPlayer, SetDedication, SetLevel, SetOntimeRat, SetResRat,
  SetPress, SetNoPress, SetBlankPress, SetNoBlankPress, SetNoFake, SetGrey, SetGreyWhite,
  SetWhite, SetWhiteGrey, SetLatePress, SetNoLatePress, SetMinorPress, SetNoMinorPress,
  SetMustOrder, SetNoMustOrder, SetObserver, SetNoObserver, SetPartial, SetNoPartial,
  SetPartialFakesBroadcast, SetPartialFakesByDefault, SetPartialMay, SetPostalPress,
  SetNoPostalPress, SetTouchPress, SetNoTouchPress,
  SetDeadline, SetGrace, SetStart, SetLateCount, SetNoLateCount, SetMaxAbsence, SetMove,
  SetRetreat, SetAdjust, SetStrictGrace, SetNoStrictGrace,
  // Moderators, variant settings (§9).
  SetVariant, SetNotVariant, SetRule, SetNoRule, SetAnyCenter, SetHomeCenter, SetOneCenter, SetAnyDisband,
  SetNormalDisband, SetAttackTransform, SetNoAttackTransform, SetAutoDisband, SetNoAutoDisband,
  SetBCenters, SetNoBCenters, SetBlankBoard, SetCenters, SetCoastalConvoys, SetNoCoastalConvoys,
  SetDisband, SetNoDisband, SetDuality, SetNoDuality, SetGateways, SetNoGateways, SetHongKong,
  SetNoHongKong, SetPlayers, SetRailways, SetNoRailways, SetReveal, SetNoReveal, SetSecret,
  SetNoSecret, SetShow, SetNoShow, SetSummer, SetNoSummer, SetTransform, SetNoTransform,
  SetAdjacent, SetNoAdjacent, SetAssassins, SetNoAssassins, SetLoans, SetNoLoans, SetDice,
  SetNoDice, SetFamine, SetNoFamine, SetFort, SetNoFort, SetGarrison, SetNoGarrison, SetMach2,
  SetNoMach2, SetMoney, SetNoMoney, SetPlague, SetNoPlague, SetSpecial, SetNoSpecial, SetStorm,
  SetNoStorm,
  // The judgekeeper (njudge's `adm` commands; not in the manual).
  Adjust, FixId, NoControl, Record, SetAllowMaster, SetDenyMaster,
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
}

/// A one-line command row; `.with_block` marks the few that take a block.
const fn row(
  kind: CommandKind,
  who: Who,
  section: &'static str,
  usage: &'static str,
  summary: &'static str,
  spellings: &'static [&'static str],
) -> Keyword {
  Keyword { kind, spellings, usage, summary, section, who, block: Block::Line }
}

impl Keyword {
  const fn with_block(self, block: Block) -> Keyword {
    Keyword { block, ..self }
  }
}

use CommandKind as K;
use Who::{Anyone, Keeper, Master, Moderator, Player};

/// The table: one row per [`CommandKind`], in declaration order.
pub static KEYWORDS: &[Keyword] = &[
  // ------------------------------------------------------------ anyone
  row(
    K::Help,
    Anyone,
    "3.2",
    "HELP",
    "Mail back the general information file; before a sign-on, the rest of the message is skipped.",
    &["HELP"],
  ),
  row(
    K::Get,
    Anyone,
    "3.2",
    "GET file",
    "Mail back a help file (SEND and SEND ME are the same); GET flist lists them all.",
    &["GET", "SEND ME", "SEND"],
  ),
  row(
    K::GetPackage,
    Anyone,
    "3.2",
    "GET PACKAGE",
    "Mail back the set of files every newcomer should read first.",
    &["GET PACKAGE", "SEND ME PACKAGE", "SEND PACKAGE"],
  ),
  row(
    K::GetDedication,
    Anyone,
    "3.3",
    "GET DEDICATION",
    "Show your own record of games played and deadlines kept or missed.",
    &["GET DEDICATION", "SEND ME DEDICATION", "SEND DEDICATION"],
  ),
  row(
    K::GetWhois,
    Anyone,
    "3.3",
    "GET WHOIS",
    "Mail back the whole registration list, where the judgekeeper allows it.",
    &["GET WHOIS", "SEND ME WHOIS", "SEND WHOIS"],
  ),
  row(
    K::Version,
    Anyone,
    "3.2",
    "VERSION",
    "Say which version of the judge is answering.",
    &["VERSION"],
  ),
  row(
    K::Register,
    Anyone,
    "3.3",
    "REGISTER ... END",
    "Register with this judge or update your details; each line up to END is a field: value pair.",
    &["REGISTER"],
  )
  .with_block(Block::UntilEnd),
  row(
    K::Who,
    Anyone,
    "3.3",
    "WHO address...",
    "Show the registration of every user whose address begins with the text given.",
    &["WHO"],
  ),
  row(K::WhoIs, Anyone, "3.3", "WHO IS address...", "The same as WHO.", &["WHO IS"]),
  row(
    K::WhoGame,
    Anyone,
    "3.4",
    "WHOGAME [game] [FULL]",
    "Show the registrations of a game's players and Masters; FULL adds its observers.",
    &["WHO GAME"],
  ),
  row(
    K::IAmAlso,
    Anyone,
    "3.3",
    "I AM ALSO address [code]",
    "Join this new address to the registration at that old one, with the code mailed there.",
    &["I AM ALSO"],
  ),
  row(
    K::InfoPlayer,
    Anyone,
    "3.3",
    "INFO PLAYER address",
    "Show the games and punctuality record of the user at exactly that address.",
    &["INFO PLAYER"],
  ),
  row(
    K::History,
    Anyone,
    "3.4",
    "HISTORY [game] [FROM date] [TO date] [LINES n]",
    "Mail back what an observer saw of a game over a period (or EXCLSTART turn [EXCLEND turn]).",
    &["HISTORY"],
  ),
  row(
    K::List,
    Anyone,
    "3.4",
    "LIST [FULL | game]",
    "Show one game's state, or the list of all games (FULL adds their players).",
    &["LIST"],
  ),
  row(
    K::Map,
    Anyone,
    "3.4",
    "MAP [game] [phase]",
    "Mail back a picture of a game's board, now or in a past phase (PNG and SVG).",
    &["MAP"],
  ),
  row(
    K::MapStar,
    Anyone,
    "3.4",
    "MAP *",
    "Mail back a picture of the board in the LIST output that follows.",
    &["MAP *"],
  )
  .with_block(Block::Rest),
  row(
    K::Summary,
    Anyone,
    "3.4",
    "SUMMARY [game]",
    "Mail back who played each power when, and who held which centres each year (STATUS too).",
    &["SUMMARY", "STATUS"],
  ),
  row(
    K::Create,
    Anyone,
    "4",
    "CREATE ?game password [variant] [options]",
    "Start a new game and sign on to it.",
    &["CREATE"],
  ),
  row(
    K::SignOn,
    Anyone,
    "4",
    "SIGN ON xgame password [variant] [options]",
    "Sign on to a game; x is your power's initial, ? to join a forming game, O to observe.",
    &["SIGN ON", "HELLO", "LOGIN"],
  ),
  row(
    K::Observe,
    Anyone,
    "4",
    "OBSERVE game password",
    "Follow a game as an observer (WATCH is the same).",
    &["OBSERVE", "WATCH"],
  ),
  row(
    K::SignOff,
    Anyone,
    "3.1",
    "SIGN OFF",
    "Stop reading here; end every message with it so a signature is never taken for orders.",
    &["SIGN OFF"],
  ),
  row(
    K::ReplyTo,
    Anyone,
    "2.2",
    "REPLY-TO: address",
    "Send the reply to this message to another address.",
    &["REPLY-TO:"],
  ),
  // ------------------------------------------------------------ players
  row(
    K::Resign,
    Player,
    "7.1",
    "RESIGN",
    "Leave the game for good (WITHDRAW is the same); make it the last command.",
    &["RESIGN", "WITHDRAW"],
  ),
  row(
    K::Phase,
    Player,
    "6.3",
    "PHASE season year phase",
    "Keep the orders that follow for that later phase instead of the current one.",
    &["PHASE"],
  ),
  row(K::Clear, Player, "6.3", "CLEAR", "Drop every order kept for a later phase.", &["CLEAR"]),
  row(
    K::If,
    Player,
    "6.3",
    "IF condition [THEN]",
    "Start orders for a later phase that count only if the condition then holds.",
    &["IF"],
  ),
  row(
    K::Else,
    Player,
    "6.3",
    "ELSE [IF condition]",
    "Start the orders that count when the IF before it does not hold.",
    &["ELSE"],
  ),
  row(K::EndIf, Player, "6.3", "ENDIF", "Close the innermost IF.", &["END IF"]),
  row(
    K::Press,
    Player,
    "7.4",
    "PRESS options",
    "Send a message to other players; the text runs to ENDPRESS.",
    &["PRESS"],
  )
  .with_block(Block::Press),
  row(
    K::Broadcast,
    Player,
    "7.4",
    "BROADCAST [options]",
    "Send a message to everyone in the game; the text runs to ENDBROADCAST.",
    &["BROADCAST"],
  )
  .with_block(Block::Press),
  row(
    K::PostalPress,
    Player,
    "7.4",
    "POSTAL PRESS",
    "Send a broadcast held back until the current phase is processed; text runs to ENDPRESS.",
    &["POSTAL PRESS"],
  )
  .with_block(Block::Press),
  row(
    K::EndPress,
    Player,
    "7.4",
    "ENDPRESS",
    "End the text of a message or diary entry; it must stand alone on its line.",
    &["END PRESS"],
  ),
  row(K::EndBroadcast, Player, "7.4", "ENDBROADCAST", "The same as ENDPRESS.", &["END BROADCAST"]),
  row(K::Diary, Player, "7.4", "DIARY", "On its own, the same as DIARY RECORD.", &["DIARY"]),
  row(
    K::DiaryRecord,
    Player,
    "7.4",
    "DIARY RECORD",
    "Write a private diary entry, made public when the game ends; the text runs to ENDPRESS.",
    &["DIARY RECORD"],
  )
  .with_block(Block::Press),
  row(K::DiaryList, Player, "7.4", "DIARY LIST", "List your diary entries.", &["DIARY LIST"]),
  row(K::DiaryRead, Player, "7.4", "DIARY READ n", "Show diary entry n.", &["DIARY READ"]),
  row(K::DiaryDelete, Player, "7.4", "DIARY DELETE n", "Delete diary entry n.", &["DIARY DELETE"]),
  row(
    K::BecomeMaster,
    Player,
    "8.1",
    "BECOME MASTER",
    "Right after CREATE: make the new game moderated, with you as its Master.",
    &["BECOME MASTER"],
  ),
  row(
    K::Resume,
    Player,
    "8.3",
    "RESUME",
    "Restart a paused or finished game (Masters only after SET NO RESUME).",
    &["RESUME"],
  ),
  row(
    K::Set,
    Player,
    "7",
    "SET option",
    "Change a setting; each option is listed under its own SET line.",
    &["SET"],
  ),
  row(
    K::SetAddress,
    Player,
    "7.1",
    "SET ADDRESS [address,...]",
    "Send your game mail to these addresses, or to this message's sender if none is given.",
    &["SET ADDRESS"],
  ),
  row(
    K::SetPassword,
    Player,
    "7.1",
    "SET PASSWORD password",
    "Change your password for this game (letters and digits only).",
    &["SET PASSWORD", "SET PW"],
  ),
  row(
    K::SetPreference,
    Player,
    "7.1",
    "SET PREFERENCE list",
    "Rank the powers you want, best first; [..] groups equal choices and * asks for any.",
    &["SET PREFERENCE", "SET PREFERENCES", "SET PREFS", "SET PREF"],
  ),
  row(
    K::SetAbsence,
    Player,
    "7.2",
    "SET ABSENCE date [TO date]",
    "Ask that no deadline fall while you are away (HOLIDAY and VACATION are the same).",
    &["SET ABSENCE", "SET HOLIDAYS", "SET HOLIDAY", "SET VACATIONS", "SET VACATION"],
  ),
  row(
    K::SetNoAbsence,
    Player,
    "7.2",
    "SET NO ABSENCE date",
    "Cancel the absence that covers that date.",
    &["SET NO ABSENCE", "SET NO HOLIDAYS", "SET NO HOLIDAY", "SET NO VACATIONS", "SET NO VACATION"],
  ),
  row(
    K::SetWait,
    Player,
    "7.2",
    "SET WAIT",
    "Hold this phase until its deadline even when every order is in.",
    &["SET WAIT"],
  ),
  row(
    K::SetNoWait,
    Player,
    "7.2",
    "SET NO WAIT",
    "Let the phase be processed as soon as every order is in.",
    &["SET NO WAIT"],
  ),
  row(
    K::SetConcede,
    Player,
    "7.3",
    "SET CONCEDE power",
    "Vote to concede the game to that power (CONC is the same).",
    &["SET CONCEDE", "SET CONC"],
  ),
  row(
    K::SetNoConcede,
    Player,
    "7.3",
    "SET NO CONCEDE",
    "Take back your concession vote.",
    &["SET NO CONCEDE", "SET NO CONC"],
  ),
  row(
    K::SetDraw,
    Player,
    "7.3",
    "SET DRAW [powers]",
    "Vote for a draw; in a NoDIAS game, among the powers listed.",
    &["SET DRAW"],
  ),
  row(K::SetNoDraw, Player, "7.3", "SET NO DRAW", "Take back your draw vote.", &["SET NO DRAW"]),
  row(
    K::SetModerate,
    Player,
    "8.1",
    "SET MODERATED",
    "Put the game under a Master.",
    &["SET MODERATED", "SET MODERATE"],
  ),
  row(
    K::SetBroadcast,
    Player,
    "8.5",
    "SET BROADCAST",
    "Receive broadcast messages again (NORMAL BROADCAST is the same).",
    &["SET BROADCAST", "SET BROADCAST PRESS", "SET NORMAL BROADCAST"],
  ),
  row(
    K::SetNoBroadcast,
    Player,
    "8.5",
    "SET NO BROADCAST",
    "Stop receiving broadcast messages (you can still send them).",
    &["SET NO BROADCAST", "SET NO BROADCAST PRESS", "SET NO NORMAL BROADCAST"],
  ),
  row(
    K::SetMap,
    Player,
    "3.4",
    "SET MAP",
    "Get a picture of the board with each results mail (a Master: for everyone).",
    &["SET MAP", "SET MAPS", "SET PICTURE", "SET PICTURES"],
  ),
  row(
    K::SetNoMap,
    Player,
    "3.4",
    "SET NO MAP",
    "Results mail without the picture (a Master: the game's default).",
    &["SET NO MAP", "SET NO MAPS", "SET NO PICTURE", "SET NO PICTURES"],
  ),
  // ------------------------------------------------------------ masters
  row(
    K::Become,
    Master,
    "8.2",
    "BECOME power",
    "Act as that power for the rest of the message; its player is told.",
    &["BECOME"],
  ),
  row(
    K::Eject,
    Master,
    "8.2",
    "EJECT power | address",
    "Remove a player, Master or observer from the game.",
    &["EJECT"],
  ),
  row(
    K::ForceBegin,
    Master,
    "8.2",
    "FORCE BEGIN",
    "Start the game now, leaving the empty powers abandoned for others to take.",
    &["FORCE BEGIN"],
  ),
  row(
    K::Pause,
    Master,
    "8.2",
    "PAUSE",
    "Stop the game's clock and processing until RESUME; press still flows (SUSPEND too).",
    &["PAUSE", "SUSPEND"],
  ),
  row(
    K::Predict,
    Master,
    "8.2",
    "PREDICT",
    "Show the Master how the phase would come out with the orders in so far.",
    &["PREDICT"],
  ),
  row(
    K::Process,
    Master,
    "8.2",
    "PROCESS [season year phase]",
    "Process the phase now with the orders in; naming the phase guards against a stale request.",
    &["PROCESS"],
  ),
  row(
    K::Promote,
    Master,
    "8.2",
    "PROMOTE address",
    "Make an observer of the game one more Master.",
    &["PROMOTE"],
  ),
  row(
    K::Rollback,
    Master,
    "8.2",
    "ROLLBACK [turn]",
    "Put the game back as it was before that turn (by default, the last one) was processed.",
    &["ROLL BACK"],
  ),
  row(
    K::Unstart,
    Master,
    "8.2",
    "UNSTART",
    "Before any turn is processed, return the game to forming, with no powers assigned.",
    &["UNSTART"],
  ),
  row(
    K::SetUnmoderate,
    Master,
    "8.1",
    "SET UNMODERATED",
    "Let the players run the game without a Master.",
    &["SET UN MODERATED", "SET UN MODERATE"],
  ),
  row(
    K::SetAllPress,
    Master,
    "8.2",
    "SET ALL PRESS",
    "Quietly copy every private message between players to you.",
    &["SET ALL PRESS"],
  ),
  row(
    K::SetNormalPress,
    Master,
    "8.2",
    "SET NORMAL PRESS",
    "Stop copying private messages to you.",
    &["SET NORMAL PRESS"],
  ),
  row(
    K::SetQuiet,
    Master,
    "8.2",
    "SET QUIET",
    "Keep abandonments and takeovers out of the game's announcements.",
    &["SET QUIET"],
  ),
  row(
    K::SetNoQuiet,
    Master,
    "8.2",
    "SET NO QUIET",
    "Announce abandonments and takeovers again.",
    &["SET NO QUIET"],
  ),
  row(
    K::SetWatchAllPress,
    Master,
    "8.2",
    "SET WATCH ALL PRESS",
    "Let observers use SET ALL PRESS too.",
    &["SET WATCH ALL PRESS"],
  ),
  row(
    K::SetNoWatchAllPress,
    Master,
    "8.2",
    "SET NO WATCH ALL PRESS",
    "Keep SET ALL PRESS for Masters.",
    &["SET NO WATCH ALL PRESS"],
  ),
  // ------------------------------------------------------------ moderators
  row(
    K::Terminate,
    Moderator,
    "8.3",
    "TERMINATE",
    "End the game without a result; a forming game is closed for good.",
    &["TERMINATE"],
  ),
  row(
    K::SetAutoCreate,
    Moderator,
    "8.3",
    "SET AUTO CREATE",
    "When the game ends, create a new one with the same settings.",
    &["SET AUTO CREATE"],
  ),
  row(
    K::SetNoAutoCreate,
    Moderator,
    "8.3",
    "SET NO AUTO CREATE",
    "Do not create a follow-up game.",
    &["SET NO AUTO CREATE"],
  ),
  row(
    K::SetAutoProcess,
    Moderator,
    "8.3",
    "SET AUTO PROCESS",
    "Process each phase by itself when it is due (the default).",
    &["SET AUTO PROCESS", "SET AUTO PROC", "SET NO MANUAL PROCESS", "SET NO MAN PROC"],
  ),
  row(
    K::SetManualProcess,
    Moderator,
    "8.3",
    "SET MANUAL PROCESS",
    "Process phases only when the Master sends PROCESS.",
    &["SET MANUAL PROCESS", "SET MAN PROC", "SET NO AUTO PROCESS", "SET NO AUTO PROC"],
  ),
  row(
    K::SetAutoStart,
    Moderator,
    "8.3",
    "SET AUTO START",
    "Start the game as soon as enough players have joined (the default).",
    &["SET AUTO START", "SET NO MANUAL START", "SET NO MAN START"],
  ),
  row(
    K::SetManualStart,
    Moderator,
    "8.3",
    "SET MANUAL START",
    "Wait for the Master to start the game.",
    &["SET MANUAL START", "SET MAN START", "SET NO AUTO START"],
  ),
  row(
    K::SetBn,
    Moderator,
    "8.3",
    "SET BN number",
    "Record the game's Boardman number (an old rating scheme, kept for compatibility).",
    &["SET BN", "SET BNC"],
  ),
  row(
    K::SetEp,
    Moderator,
    "8.3",
    "SET EP number",
    "Record the game's EP number (an old rating scheme, kept for compatibility).",
    &["SET EP"],
  ),
  row(
    K::SetMn,
    Moderator,
    "8.3",
    "SET MN number",
    "Record the game's Miller number (an old rating scheme, kept for compatibility).",
    &["SET MN", "SET MNC"],
  ),
  row(
    K::SetNmr,
    Moderator,
    "8.3",
    "SET NMR",
    "At the end of grace, process anyway and put powers without orders in civil disorder (CD).",
    &["SET NMR", "SET CD"],
  ),
  row(
    K::SetNoNmr,
    Moderator,
    "8.3",
    "SET NO NMR",
    "Wait for every power's orders; late powers are abandoned instead (the default).",
    &["SET NO NMR", "SET NO CD"],
  ),
  row(
    K::SetCommentBegin,
    Moderator,
    "8.3",
    "SET COMMENT BEGIN",
    "Set the game's long description: the rest of the message, up to SIGN OFF.",
    &["SET COMMENT BEGIN"],
  )
  .with_block(Block::Rest),
  row(
    K::SetComment,
    Moderator,
    "8.3",
    "SET COMMENT text",
    "Set the game's one-line description shown in the game list.",
    &["SET COMMENT", "SET INFORMATION", "SET INFO"],
  ),
  row(
    K::SetConcessions,
    Moderator,
    "8.3",
    "SET CONCESSIONS",
    "Allow votes to concede in DIAS games (the default).",
    &["SET CONCESSIONS", "SET CONCESSION"],
  ),
  row(
    K::SetNoConcessions,
    Moderator,
    "8.3",
    "SET NO CONCESSIONS",
    "Forbid votes to concede.",
    &["SET NO CONCESSIONS", "SET NO CONCESSION"],
  ),
  row(
    K::SetDias,
    Moderator,
    "8.3",
    "SET DIAS",
    "Every draw includes all survivors (the default).",
    &["SET DIAS"],
  ),
  row(
    K::SetNoDias,
    Moderator,
    "8.3",
    "SET NO DIAS",
    "Let a draw leave some survivors out.",
    &["SET NO DIAS"],
  ),
  row(
    K::SetList,
    Moderator,
    "8.3",
    "SET LIST",
    "Show the game in the public game list (PUBLIC is the same).",
    &["SET LIST", "SET PUBLIC"],
  ),
  row(
    K::SetNoList,
    Moderator,
    "8.3",
    "SET NO LIST",
    "Keep the game out of the public list (PRIVATE and UNLIST are the same).",
    &["SET NO LIST", "SET UNLIST", "SET PRIVATE"],
  ),
  row(
    K::SetPrfList,
    Moderator,
    "8.3",
    "SET PRFLIST",
    "Hand out powers by the players' preference lists alone (the default).",
    &["SET PRFLIST"],
  ),
  row(
    K::SetPrfRand,
    Moderator,
    "8.3",
    "SET PRFRAND",
    "Hand out every power at random.",
    &["SET PRFRAND"],
  ),
  row(
    K::SetPrfBoth,
    Moderator,
    "8.3",
    "SET PRFBOTH",
    "Give a random power to those who ask for one, the others by preference.",
    &["SET PRFBOTH"],
  ),
  row(
    K::SetProxy,
    Moderator,
    "8.3",
    "SET PROXY",
    "Let players hand the orders of their units to another power.",
    &["SET PROXY"],
  ),
  row(
    K::SetNoProxy,
    Moderator,
    "8.3",
    "SET NO PROXY",
    "Forbid proxy orders (the default).",
    &["SET NO PROXY"],
  ),
  row(
    K::SetRated,
    Moderator,
    "8.3",
    "SET RATED",
    "Count the game in the players' dedication records.",
    &["SET RATED"],
  ),
  row(
    K::SetUnrated,
    Moderator,
    "8.3",
    "SET UNRATED",
    "Leave the game out of the players' dedication records.",
    &["SET UN RATED"],
  ),
  row(
    K::SetResume,
    Moderator,
    "8.3",
    "SET RESUME",
    "Let any player RESUME the game (the default).",
    &["SET RESUME"],
  ),
  row(
    K::SetNoResume,
    Moderator,
    "8.3",
    "SET NO RESUME",
    "Only a Master may RESUME the game.",
    &["SET NO RESUME"],
  ),
  row(
    K::SetStrictConvoy,
    Moderator,
    "8.3",
    "SET STRICT CONVOY",
    "Refuse convoy orders from or to a province that touches no sea.",
    &["SET STRICT CONVOY"],
  ),
  row(
    K::SetNoStrictConvoy,
    Moderator,
    "8.3",
    "SET NO STRICT CONVOY",
    "Take any convoy order between existing units (the default).",
    &["SET NO STRICT CONVOY"],
  ),
  row(
    K::SetStrictWait,
    Moderator,
    "8.3",
    "SET STRICT WAIT",
    "Only players who owe orders this phase may SET WAIT.",
    &["SET STRICT WAIT"],
  ),
  row(
    K::SetNoStrictWait,
    Moderator,
    "8.3",
    "SET NO STRICT WAIT",
    "Any active player may SET WAIT (the default).",
    &["SET NO STRICT WAIT"],
  ),
  row(
    K::SetAccess,
    Moderator,
    "8.4",
    "SET ACCESS ANY | SAME | DIFFERENT [-SITE]",
    "Limit who may join by site: the Site in their registration, else their mail domain.",
    &["SET ACCESS"],
  ),
  row(
    K::SetAllowPlayer,
    Moderator,
    "8.4",
    "SET ALLOW PLAYER [-]address",
    "Add (or with -, remove) an address on the list of the only users who may join or observe.",
    &["SET ALLOW PLAYER", "SET ALLOW PLAYERS", "SET PLAYERS ALLOW", "SET PLAYER ALLOW"],
  ),
  row(
    K::SetDenyPlayer,
    Moderator,
    "8.4",
    "SET DENY PLAYER [-]address",
    "Add (or with -, remove) an address on the list of users who may not join or observe.",
    &["SET DENY PLAYER", "SET DENY PLAYERS", "SET PLAYERS DENY", "SET PLAYER DENY"],
  ),
  row(
    K::SetDedication,
    Moderator,
    "8.4",
    "SET DEDICATION minimum",
    "Let only users with at least that dedication score join.",
    &["SET DEDICATION"],
  ),
  row(
    K::SetLevel,
    Moderator,
    "8.4",
    "SET LEVEL level",
    "Let only users of that level join: Any (the default), Novice, Amateur, Intermediate, Advanced or Expert.",
    &["SET LEVEL"],
  ),
  row(
    K::SetOntimeRat,
    Moderator,
    "8.4",
    "SET ONTIMERAT minimum",
    "Let only users who are on time at least that often join.",
    &["SET ONTIMERAT"],
  ),
  row(
    K::SetResRat,
    Moderator,
    "8.4",
    "SET RESRAT maximum",
    "Let only users who went into civil disorder at most that often join.",
    &["SET RESRAT"],
  ),
  row(
    K::SetPress,
    Moderator,
    "8.5",
    "SET PRESS setting",
    "The word PRESS may come before any press setting; SET PRESS NONE forbids press.",
    &["SET PRESS"],
  ),
  row(
    K::SetNoPress,
    Moderator,
    "8.5",
    "SET NO PRESS",
    "Forbid all press except to and from the Master (NONE and PRESS NONE are the same).",
    &["SET NO PRESS", "SET PRESS NONE", "SET NONE"],
  ),
  row(
    K::SetBlankPress,
    Moderator,
    "8.5",
    "SET BLANK PRESS",
    "Allow empty press messages.",
    &["SET BLANK PRESS"],
  ),
  row(
    K::SetNoBlankPress,
    Moderator,
    "8.5",
    "SET NO BLANK PRESS",
    "Refuse empty press messages.",
    &["SET NO BLANK PRESS"],
  ),
  row(
    K::SetNoFake,
    Moderator,
    "8.5",
    "SET NO FAKE [BROADCAST]",
    "Forbid press with a false list of recipients.",
    &["SET NO FAKE", "SET NO FAKE BROADCAST"],
  ),
  row(
    K::SetGrey,
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
  ),
  row(
    K::SetGreyWhite,
    Moderator,
    "8.5",
    "SET GREY/WHITE [PRESS]",
    "Allow both kinds of press; anonymous unless the sender asks for WHITE.",
    &["SET GREY / WHITE", "SET GREY / WHITE PRESS", "SET GRAY / WHITE PRESS", "SET GRAY / WHITE"],
  ),
  row(
    K::SetWhite,
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
  ),
  row(
    K::SetWhiteGrey,
    Moderator,
    "8.5",
    "SET WHITE/GREY [PRESS]",
    "Allow both kinds of press; signed unless the sender asks for GREY.",
    &["SET WHITE / GREY", "SET WHITE / GREY PRESS", "SET WHITE / GRAY PRESS", "SET WHITE / GRAY"],
  ),
  row(
    K::SetLatePress,
    Moderator,
    "8.5",
    "SET LATE PRESS",
    "Let players who are late with orders send press as usual (the default).",
    &["SET LATE PRESS"],
  ),
  row(
    K::SetNoLatePress,
    Moderator,
    "8.5",
    "SET NO LATE PRESS",
    "Players who are late with orders may write only to the Master.",
    &["SET NO LATE PRESS"],
  ),
  row(
    K::SetMinorPress,
    Moderator,
    "8.5",
    "SET MINOR PRESS",
    "Allow press during retreat and adjustment phases (the default).",
    &["SET MINOR PRESS"],
  ),
  row(
    K::SetNoMinorPress,
    Moderator,
    "8.5",
    "SET NO MINOR PRESS",
    "Allow press only during movement phases.",
    &["SET NO MINOR PRESS"],
  ),
  row(
    K::SetMustOrder,
    Moderator,
    "8.5",
    "SET MUST ORDER",
    "A player may send press (except to the Master) only once their orders are in.",
    &["SET MUST ORDER"],
  ),
  row(
    K::SetNoMustOrder,
    Moderator,
    "8.5",
    "SET NO MUST ORDER",
    "Allow press whether or not orders are in (the default).",
    &["SET NO MUST ORDER"],
  ),
  row(
    K::SetObserver,
    Moderator,
    "8.5",
    "SET OBSERVER ANY | NO | WHITE",
    "Say what press observers may send: any, none, or signed only.",
    &["SET OBSERVER", "SET OBSERVERS"],
  ),
  row(
    K::SetNoObserver,
    Moderator,
    "8.5",
    "SET NO OBSERVER",
    "Observers may write only to the Master.",
    &["SET NO OBSERVER", "SET NO OBSERVERS"],
  ),
  row(
    K::SetPartial,
    Moderator,
    "8.5",
    "SET PARTIAL [PRESS]",
    "Allow messages to some of the powers rather than all (the default).",
    &["SET PARTIAL", "SET PARTIAL PRESS"],
  ),
  row(
    K::SetNoPartial,
    Moderator,
    "8.5",
    "SET NO PARTIAL [PRESS]",
    "Allow only messages to everyone, or to the Master.",
    &["SET NO PARTIAL", "SET NO PARTIAL PRESS"],
  ),
  row(
    K::SetPartialFakesBroadcast,
    Moderator,
    "8.5",
    "SET PARTIAL FAKES BROADCAST",
    "Every message looks like a broadcast, whoever really gets it.",
    &["SET PARTIAL FAKES BROADCAST", "SET PARTIAL FAKES"],
  ),
  row(
    K::SetPartialFakesByDefault,
    Moderator,
    "8.5",
    "SET PARTIAL FAKES BROADCAST BY DEFAULT",
    "Messages look like broadcasts unless the sender names other recipients to show.",
    &["SET PARTIAL FAKES BROADCAST BY DEFAULT", "SET PARTIAL DEFAULT"],
  ),
  row(
    K::SetPartialMay,
    Moderator,
    "8.5",
    "SET PARTIAL MAY BE FAKED",
    "A sender may ask for a false list of recipients; otherwise the true one shows.",
    &["SET PARTIAL MAY BE FAKED", "SET PARTIAL MAY"],
  ),
  row(
    K::SetPostalPress,
    Moderator,
    "8.5",
    "SET POSTAL PRESS",
    "Allow POSTAL PRESS, broadcasts sent out with the next results.",
    &["SET POSTAL PRESS"],
  ),
  row(
    K::SetNoPostalPress,
    Moderator,
    "8.5",
    "SET NO POSTAL PRESS",
    "Forbid POSTAL PRESS (the default).",
    &["SET NO POSTAL PRESS"],
  ),
  row(
    K::SetTouchPress,
    Moderator,
    "9.1",
    "SET TOUCH PRESS",
    "One broadcast per turn, and private messages only to neighbouring powers and the Master.",
    &["SET TOUCH PRESS"],
  ),
  row(
    K::SetNoTouchPress,
    Moderator,
    "9.1",
    "SET NO TOUCH PRESS",
    "Press follows the usual press settings (the default).",
    &["SET NO TOUCH PRESS"],
  ),
  row(
    K::SetDeadline,
    Moderator,
    "8.6",
    "SET DEADLINE date",
    "Move the current phase's deadline.",
    &["SET DEADLINE"],
  ),
  row(
    K::SetGrace,
    Moderator,
    "8.6",
    "SET GRACE date",
    "Move the end of the current phase's grace period.",
    &["SET GRACE"],
  ),
  row(
    K::SetStart,
    Moderator,
    "8.6",
    "SET START date",
    "Process the current phase no earlier than that date.",
    &["SET START"],
  ),
  row(
    K::SetLateCount,
    Moderator,
    "8.6",
    "SET LATE COUNT",
    "Say in late notices how often each player has been late in this game.",
    &["SET LATE COUNT"],
  ),
  row(
    K::SetNoLateCount,
    Moderator,
    "8.6",
    "SET NO LATE COUNT",
    "Leave the count out of late notices (the default).",
    &["SET NO LATE COUNT"],
  ),
  row(
    K::SetMaxAbsence,
    Moderator,
    "8.6",
    "SET MAX ABSENCE days",
    "The longest absence a player may set without the Master (0 to 31 days).",
    &["SET MAX ABSENCE", "SET MAX HOLIDAYS", "SET MAX VACATIONS"],
  ),
  row(
    K::SetMove,
    Moderator,
    "8.6",
    "SET MOVE setting value...",
    "Change how movement deadlines are worked out (CLOCK, MIN, NEXT, GRACE, DELAY, DAYS).",
    &["SET MOVE", "SET MOVES"],
  ),
  row(
    K::SetRetreat,
    Moderator,
    "8.6",
    "SET RETREAT setting value...",
    "Change how retreat deadlines are worked out.",
    &["SET RETREAT", "SET RETREATS"],
  ),
  row(
    K::SetAdjust,
    Moderator,
    "8.6",
    "SET ADJUST setting value...",
    "Change how adjustment deadlines are worked out (BUILD is the same).",
    &["SET ADJUST", "SET ADJUSTS", "SET BUILDS", "SET BUILD"],
  ),
  row(
    K::SetStrictGrace,
    Moderator,
    "8.6",
    "SET STRICT GRACE",
    "The grace period is an exact time after the deadline, whatever the allowed days.",
    &["SET STRICT GRACE"],
  ),
  row(
    K::SetNoStrictGrace,
    Moderator,
    "8.6",
    "SET NO STRICT GRACE",
    "Stretch the grace period to an allowed day (the default).",
    &["SET NO STRICT GRACE"],
  ),
  // ------------------------------------------------------------ variants
  row(
    K::SetVariant,
    Moderator,
    "9",
    "SET VARIANT variant | option",
    "Before the game starts, change its variant or add one option.",
    &["SET VARIANT"],
  ),
  row(
    K::SetNotVariant,
    Moderator,
    "9",
    "SET NOT VARIANT option",
    "Before the game starts, drop one variant option.",
    &["SET NOT VARIANT"],
  ),
  row(
    K::SetRule,
    Moderator,
    "9.1",
    "SET RULE name",
    "Before the game starts, turn on a DPjudge rule by its name (FTF_PRESS, BUILD_ANY).",
    &["SET RULE", "SET RULES"],
  ),
  row(
    K::SetNoRule,
    Moderator,
    "9.1",
    "SET NO RULE name",
    "Before the game starts, turn off a DPjudge rule by its name.",
    &["SET NO RULE", "SET NO RULES", "SET NOT RULE"],
  ),
  row(
    K::SetAnyCenter,
    Moderator,
    "9.1",
    "SET ANY CENTER",
    "Build in any supply centre you own.",
    &["SET ANY CENTER", "SET ANY CENTERS", "SET ANY CENTRES", "SET ANY CENTRE"],
  ),
  row(
    K::SetHomeCenter,
    Moderator,
    "9.1",
    "SET HOME CENTER",
    "Build only in your own home centres (the standard rule).",
    &["SET HOME CENTER", "SET HOME CENTERS", "SET HOME CENTRES", "SET HOME CENTRE"],
  ),
  row(
    K::SetOneCenter,
    Moderator,
    "9.1",
    "SET ONE CENTER",
    "Build in any owned centre while you still hold one home centre.",
    &["SET ONE CENTER", "SET ONE CENTERS", "SET ONE CENTRES", "SET ONE CENTRE"],
  ),
  row(
    K::SetAnyDisband,
    Moderator,
    "9.1",
    "SET ANY DISBAND",
    "In adjustment phases any unit may be disbanded, and the room used for a build.",
    &["SET ANY DISBAND"],
  ),
  row(
    K::SetNormalDisband,
    Moderator,
    "9.1",
    "SET NORMAL DISBAND",
    "Disband in adjustment phases only when short of centres (the standard rule).",
    &["SET NORMAL DISBAND"],
  ),
  row(
    K::SetAttackTransform,
    Moderator,
    "9.1",
    "SET ATTACK TRANSFORM",
    "A unit that is attacked but not dislodged still transforms.",
    &["SET ATTACK TRANSFORM", "SET ATTACK TRANSFORMS"],
  ),
  row(
    K::SetNoAttackTransform,
    Moderator,
    "9.1",
    "SET NO ATTACK TRANSFORM",
    "A unit that is attacked, even if not dislodged, fails to transform.",
    &["SET NO ATTACK TRANSFORM", "SET NO ATTACK TRANSFORMS"],
  ),
  row(
    K::SetAutoDisband,
    Moderator,
    "9.1",
    "SET AUTO DISBAND",
    "Dislodged units are disbanded at once; there are no retreats.",
    &["SET AUTO DISBAND"],
  ),
  row(
    K::SetNoAutoDisband,
    Moderator,
    "9.1",
    "SET NO AUTO DISBAND",
    "Dislodged units retreat as usual.",
    &["SET NO AUTO DISBAND"],
  ),
  row(
    K::SetBCenters,
    Moderator,
    "9.1",
    "SET BCENTERS",
    "In a Blind game, show everyone's supply centres.",
    &["SET BCENTERS", "SET BCENTRES"],
  ),
  row(
    K::SetNoBCenters,
    Moderator,
    "9.1",
    "SET NO BCENTERS",
    "In a Blind game, show each power only its own centres.",
    &["SET NO BCENTERS", "SET NO BCENTRES"],
  ),
  row(
    K::SetBlankBoard,
    Moderator,
    "9.1",
    "SET BLANK BOARD",
    "Start with no units and a build phase (EMPTY BOARD is the same).",
    &["SET BLANK BOARD", "SET EMPTY BOARD"],
  ),
  row(
    K::SetCenters,
    Moderator,
    "9.1",
    "SET CENTERS number",
    "The number of supply centres that wins the game.",
    &["SET CENTERS", "SET CENTRES"],
  ),
  row(
    K::SetCoastalConvoys,
    Moderator,
    "9.1",
    "SET COASTAL CONVOYS",
    "Fleets in coastal provinces may convoy.",
    &["SET COASTAL CONVOYS", "SET COASTAL CONVOY"],
  ),
  row(
    K::SetNoCoastalConvoys,
    Moderator,
    "9.1",
    "SET NO COASTAL CONVOYS",
    "Only fleets at sea may convoy.",
    &["SET NO COASTAL CONVOYS", "SET NO COASTAL CONVOY"],
  ),
  row(
    K::SetDisband,
    Moderator,
    "9.1",
    "SET DISBAND",
    "Players may disband a unit in a movement phase.",
    &["SET DISBAND"],
  ),
  row(
    K::SetNoDisband,
    Moderator,
    "9.1",
    "SET NO DISBAND",
    "No disbanding in movement phases.",
    &["SET NO DISBAND"],
  ),
  row(
    K::SetDuality,
    Moderator,
    "9.1",
    "SET DUALITY",
    "Use the map's provinces that are both land and sea.",
    &["SET DUALITY"],
  ),
  row(
    K::SetNoDuality,
    Moderator,
    "9.1",
    "SET NO DUALITY",
    "Treat the map's land-and-sea provinces as ordinary ones.",
    &["SET NO DUALITY"],
  ),
  row(
    K::SetGateways,
    Moderator,
    "9.1",
    "SET GATEWAYS",
    "Use the map's gateways.",
    &["SET GATEWAYS", "SET GATEWAY"],
  ),
  row(
    K::SetNoGateways,
    Moderator,
    "9.1",
    "SET NO GATEWAYS",
    "Ignore the map's gateways.",
    &["SET NO GATEWAYS", "SET NO GATEWAY"],
  ),
  row(
    K::SetHongKong,
    Moderator,
    "9.1",
    "SET HONG KONG",
    "Use the map's Hong Kong rule.",
    &["SET HONG KONG"],
  ),
  row(
    K::SetNoHongKong,
    Moderator,
    "9.1",
    "SET NO HONG KONG",
    "Ignore the Hong Kong rule.",
    &["SET NO HONG KONG"],
  ),
  row(
    K::SetPlayers,
    Moderator,
    "9.1",
    "SET PLAYERS number",
    "How many players the game needs; with fewer players than powers, some play several.",
    &["SET PLAYERS"],
  ),
  row(
    K::SetRailways,
    Moderator,
    "9.1",
    "SET RAILWAYS",
    "Use the map's railways.",
    &["SET RAILWAYS", "SET RAILWAY"],
  ),
  row(
    K::SetNoRailways,
    Moderator,
    "9.1",
    "SET NO RAILWAYS",
    "Ignore the map's railways.",
    &["SET NO RAILWAYS", "SET NO RAILWAY"],
  ),
  row(
    K::SetReveal,
    Moderator,
    "9.1",
    "SET REVEAL",
    "Show who played what in the SUMMARY once the game is over (the default).",
    &["SET REVEAL"],
  ),
  row(
    K::SetNoReveal,
    Moderator,
    "9.1",
    "SET NO REVEAL",
    "Keep the players' names out of the final SUMMARY.",
    &["SET NO REVEAL"],
  ),
  row(
    K::SetSecret,
    Moderator,
    "9.1",
    "SET SECRET",
    "Do not tell anyone how many players (as against powers) the game has.",
    &["SET SECRET"],
  ),
  row(
    K::SetNoSecret,
    Moderator,
    "9.1",
    "SET NO SECRET",
    "The number of players may be shown.",
    &["SET NO SECRET"],
  ),
  row(
    K::SetShow,
    Moderator,
    "9.1",
    "SET SHOW",
    "Name whoever changes a setting in the announcement.",
    &["SET SHOW"],
  ),
  row(
    K::SetNoShow,
    Moderator,
    "9.1",
    "SET NO SHOW",
    "Announce setting changes without naming who made them.",
    &["SET NO SHOW"],
  ),
  row(
    K::SetSummer,
    Moderator,
    "9.1",
    "SET SUMMER",
    "Add a summer movement phase between spring and fall.",
    &["SET SUMMER"],
  ),
  row(K::SetNoSummer, Moderator, "9.1", "SET NO SUMMER", "No summer phase.", &["SET NO SUMMER"]),
  row(
    K::SetTransform,
    Moderator,
    "9.1",
    "SET TRANSFORM when:where...",
    "Let units change type, in MOVE or BUILD phases, at HOME, ONE or ANY centre, or ANYWHERE.",
    &["SET TRANSFORM", "SET TRAFO"],
  ),
  row(
    K::SetNoTransform,
    Moderator,
    "9.1",
    "SET NO TRANSFORM",
    "Units cannot change type.",
    &["SET NO TRANSFORM", "SET NO TRAFO"],
  ),
  row(
    K::SetAdjacent,
    Moderator,
    "9.2",
    "SET ADJACENT",
    "Machiavelli: bribes may come from powers that are not adjacent.",
    &["SET ADJACENT", "SET ADJACENCY", "SET ADJ"],
  ),
  row(
    K::SetNoAdjacent,
    Moderator,
    "9.2",
    "SET NO ADJACENT",
    "Machiavelli: only adjacent powers may bribe.",
    &["SET NO ADJACENT", "SET NO ADJACENCY", "SET NO ADJ"],
  ),
  row(
    K::SetAssassins,
    Moderator,
    "9.2",
    "SET ASSASSINS",
    "Machiavelli: use the assassination rules.",
    &["SET ASSASSINS", "SET ASSASSINATIONS", "SET ASSASSINATION"],
  ),
  row(
    K::SetNoAssassins,
    Moderator,
    "9.2",
    "SET NO ASSASSINS",
    "Machiavelli: no assassinations.",
    &["SET NO ASSASSINS", "SET NO ASSASSINATIONS", "SET NO ASSASSINATION"],
  ),
  row(
    K::SetLoans,
    Moderator,
    "9.2",
    "SET LOANS",
    "Machiavelli: players may borrow from the bank (BANK and BANKERS are the same).",
    &["SET LOANS", "SET BANKERS", "SET BANK"],
  ),
  row(
    K::SetNoLoans,
    Moderator,
    "9.2",
    "SET NO LOANS",
    "Machiavelli: no borrowing.",
    &["SET NO LOANS", "SET NO BANKERS", "SET NO BANK"],
  ),
  row(
    K::SetDice,
    Moderator,
    "9.2",
    "SET DICE",
    "Machiavelli: add the random events (income, loans, assassination, famine, plague).",
    &["SET DICE"],
  ),
  row(
    K::SetNoDice,
    Moderator,
    "9.2",
    "SET NO DICE",
    "Machiavelli: no random events.",
    &["SET NO DICE"],
  ),
  row(
    K::SetFamine,
    Moderator,
    "9.2",
    "SET FAMINE",
    "Machiavelli: use the famine rules.",
    &["SET FAMINE"],
  ),
  row(
    K::SetNoFamine,
    Moderator,
    "9.2",
    "SET NO FAMINE",
    "Machiavelli: no famine.",
    &["SET NO FAMINE"],
  ),
  row(
    K::SetFort,
    Moderator,
    "9.2",
    "SET FORT",
    "Machiavelli: use the fortress rules.",
    &["SET FORT", "SET FORTRESSES", "SET FORTRESS", "SET FORTS"],
  ),
  row(
    K::SetNoFort,
    Moderator,
    "9.2",
    "SET NO FORT",
    "Machiavelli: no fortresses.",
    &["SET NO FORT", "SET NO FORTRESSES", "SET NO FORTRESS", "SET NO FORTS"],
  ),
  row(
    K::SetGarrison,
    Moderator,
    "9.2",
    "SET GARRISON",
    "Machiavelli: allow garrisons.",
    &["SET GARRISON", "SET GARRISONS"],
  ),
  row(
    K::SetNoGarrison,
    Moderator,
    "9.2",
    "SET NO GARRISON",
    "Machiavelli: no garrisons.",
    &["SET NO GARRISON", "SET NO GARRISONS"],
  ),
  row(
    K::SetMach2,
    Moderator,
    "9.2",
    "SET MACH2",
    "Machiavelli: play by the second edition (1995) rules.",
    &["SET MACH2", "SET MACHIAVELLI2", "SET MACHIAVELLI-2", "SET MACH-2"],
  ),
  row(
    K::SetNoMach2,
    Moderator,
    "9.2",
    "SET NO MACH2",
    "Machiavelli: play by the first edition rules (the default).",
    &["SET NO MACH2", "SET NO MACHIAVELLI2", "SET NO MACHIAVELLI-2", "SET NO MACH-2"],
  ),
  row(K::SetMoney, Moderator, "9.2", "SET MONEY", "Machiavelli: play with money.", &["SET MONEY"]),
  row(
    K::SetNoMoney,
    Moderator,
    "9.2",
    "SET NO MONEY",
    "Machiavelli: no money; one city per unit, much as in standard play.",
    &["SET NO MONEY"],
  ),
  row(
    K::SetPlague,
    Moderator,
    "9.2",
    "SET PLAGUE",
    "Machiavelli: use the plague rules.",
    &["SET PLAGUE"],
  ),
  row(
    K::SetNoPlague,
    Moderator,
    "9.2",
    "SET NO PLAGUE",
    "Machiavelli: no plague.",
    &["SET NO PLAGUE"],
  ),
  row(
    K::SetSpecial,
    Moderator,
    "9.2",
    "SET SPECIAL",
    "Machiavelli: allow the double-strength special units.",
    &["SET SPECIAL"],
  ),
  row(
    K::SetNoSpecial,
    Moderator,
    "9.2",
    "SET NO SPECIAL",
    "Machiavelli: no special units.",
    &["SET NO SPECIAL"],
  ),
  row(
    K::SetStorm,
    Moderator,
    "9.2",
    "SET STORM",
    "Machiavelli: storms may sink fleets at sea.",
    &["SET STORM", "SET STORMS"],
  ),
  row(
    K::SetNoStorm,
    Moderator,
    "9.2",
    "SET NO STORM",
    "Machiavelli: no storms.",
    &["SET NO STORM", "SET NO STORMS"],
  ),
  // ------------------------------------------------------------ keeper
  row(
    K::Adjust,
    Keeper,
    "",
    "ADJUST user increment keeper-password",
    "Change a user's dedication score by hand.",
    &["ADJUST"],
  ),
  row(
    K::FixId,
    Keeper,
    "",
    "FIX ID user site",
    "Correct the site recorded for a user.",
    &["FIX ID"],
  ),
  row(
    K::NoControl,
    Keeper,
    "",
    "NO CONTROL",
    "Handle this message without the judge's usual checks on the sender.",
    &["NO CONTROL"],
  ),
  row(
    K::Record,
    Keeper,
    "",
    "RECORD user field value keeper-password",
    "Change one field of a user's playing record by hand.",
    &["RECORD"],
  ),
  row(
    K::SetAllowMaster,
    Keeper,
    "8.4",
    "SET ALLOW MASTER [-]address",
    "Add (or with -, remove) an address on the list of the only users who may be Master.",
    &["SET ALLOW MASTER", "SET ALLOW MASTERS", "SET MASTERS ALLOW", "SET MASTER ALLOW"],
  ),
  row(
    K::SetDenyMaster,
    Keeper,
    "8.4",
    "SET DENY MASTER [-]address",
    "Add (or with -, remove) an address on the list of users who may not be Master.",
    &["SET DENY MASTER", "SET DENY MASTERS", "SET MASTERS DENY", "SET MASTER DENY"],
  ),
];

/// Returned by [`keyword`] only if the table lacked a row (a test makes
/// sure it never does), so that a lookup can never panic.
static MISSING: Keyword = row(CommandKind::Help, Anyone, "", "", "", &[]);

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
/// The commands of the manual (and of njudge's variants) this judge
/// recognises but does not carry out: each is answered "not offered yet",
/// and the index leaves them out. `tests/it/command_language.rs` checks that
/// exactly these are refused.
pub const NOT_OFFERED: &[CommandKind] = {
  use CommandKind as K;
  &[
    K::Adjust,
    K::FixId,
    K::NoControl,
    K::Record,
    K::SetAdjacent,
    K::SetAllowMaster,
    K::SetAssassins,
    K::SetAttackTransform,
    K::SetBCenters,
    K::SetDenyMaster,
    K::SetDice,
    K::SetDisband,
    K::SetDuality,
    K::SetFamine,
    K::SetFort,
    K::SetGarrison,
    K::SetGateways,
    K::SetHongKong,
    K::SetLoans,
    K::SetMach2,
    K::SetMoney,
    K::SetNoAdjacent,
    K::SetNoAssassins,
    K::SetNoAttackTransform,
    K::SetNoBCenters,
    K::SetNoDice,
    K::SetNoDisband,
    K::SetNoDuality,
    K::SetNoFamine,
    K::SetNoFort,
    K::SetNoGarrison,
    K::SetNoGateways,
    K::SetNoHongKong,
    K::SetNoLoans,
    K::SetNoMach2,
    K::SetNoMoney,
    K::SetNoPlague,
    K::SetNoRailways,
    K::SetNoSpecial,
    K::SetNoStorm,
    K::SetNoTouchPress,
    K::SetNoTransform,
    K::SetPlague,
    K::SetRailways,
    K::SetSpecial,
    K::SetStorm,
    K::SetTouchPress,
    K::SetTransform,
  ]
};

impl CommandKind {
  /// Whether this judge carries the command out (see [`NOT_OFFERED`]).
  pub fn offered(self) -> bool {
    !NOT_OFFERED.contains(&self)
  }
}

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
