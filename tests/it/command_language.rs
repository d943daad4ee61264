//! The command language of a mail body as senders meet it: which lines are
//! commands (in any case, with or without the spaces inside keywords),
//! which are left for the order parser, how press and registration blocks
//! are gathered, where a body ends, and what is hidden when a line is
//! echoed back.

use crate::judge_support;

use std::collections::{BTreeMap, BTreeSet};

use judge::command::{
  index_text, keyword, lookup, parse_body, Block, Body, BodyLine, CommandKind, Ending, Invocation,
  Item, Who, KEYWORDS, MASK,
};
use pretty_assertions::assert_eq;
use proptest::prelude::*;

use CommandKind as K;

// ---------------------------------------------------------------- helpers

fn kind_of(line: &str) -> Option<CommandKind> {
  lookup(line).map(|(kind, _)| kind)
}

/// The one command a one-line body holds.
fn command(line: &str) -> Invocation {
  let body = parse_body(line);
  match body.lines.as_slice() {
    [BodyLine { item: Item::Command(invocation), .. }] => invocation.clone(),
    other => panic!("{line:?} gave {other:?}"),
  }
}

/// The commands of a body, as (kind, args).
fn commands(body: &Body) -> Vec<(CommandKind, &str)> {
  body
    .lines
    .iter()
    .filter_map(|line| match &line.item {
      Item::Command(invocation) => Some((invocation.kind, invocation.args.as_str())),
      Item::Other(_) => None,
    })
    .collect()
}

fn invocation(line: &BodyLine) -> &Invocation {
  match &line.item {
    Item::Command(invocation) => invocation,
    Item::Other(text) => panic!("line {} is not a command: {text:?}", line.number),
  }
}

fn masked(text: &str) -> String {
  let body = parse_body(text);
  match body.lines.as_slice() {
    [line] => line.masked(),
    other => panic!("{text:?} gave {other:?}"),
  }
}

// ---------------------------------------------------------------- the table

#[test]
fn every_kind_has_exactly_one_row() {
  let mut rows: BTreeMap<CommandKind, usize> = BTreeMap::new();
  for row in KEYWORDS {
    *rows.entry(row.kind).or_default() += 1;
  }
  for &kind in CommandKind::ALL {
    assert_eq!(rows.get(&kind), Some(&1), "{kind:?}");
    assert_eq!(keyword(kind).kind, kind);
    assert_eq!(kind.keyword().kind, kind);
  }
  assert_eq!(KEYWORDS.len(), CommandKind::ALL.len());
  let distinct: BTreeSet<CommandKind> = CommandKind::ALL.iter().copied().collect();
  assert_eq!(distinct.len(), CommandKind::ALL.len());
}

#[test]
fn every_row_is_filled_in() {
  for row in KEYWORDS {
    assert!(!row.spellings.is_empty(), "{:?} has no spelling", row.kind);
    assert!(!row.usage.is_empty(), "{:?} has no usage", row.kind);
    assert!(row.summary.ends_with('.'), "{:?}: {:?}", row.kind, row.summary);
    assert!(!row.summary.contains('\n'), "{:?}", row.kind);
    assert_eq!(
      row.section.is_empty(),
      row.who == Who::Keeper && !row.kind.is_set(),
      "{:?}",
      row.kind
    );
  }
}

/// A SET option that changes one game setting is carried out from its row
/// alone: each switch's two commands leave the settings different, each
/// choice leaves them unlike every other choice, and the rest of the line
/// is read as more options.
#[test]
fn every_setting_row_changes_the_game_settings() {
  use judge::command::keyword::Change;
  use judge::game::Settings;
  let mut choices: Vec<(CommandKind, Change)> = Vec::new();
  let mut switches = 0;
  for row in KEYWORDS {
    let Some(setting) = row.setting else { continue };
    assert!(row.alone, "{:?} takes no argument, so what follows is another option", row.kind);
    assert!(row.kind.offered(), "{:?}", row.kind);
    assert!(row.kind.is_set(), "{:?}", row.kind);
    assert!(!setting.meaning.is_empty() && !setting.name().contains('['), "{:?}", row.kind);
    match setting.change {
      Change::Switch(set, _) => {
        let (mut on, mut off) = (Settings::default(), Settings::default());
        set(&mut on, true);
        set(&mut off, false);
        assert_ne!(on, off, "{:?} changes nothing", row.kind);
        switches += 1;
      }
      Change::Choose(_) => choices.push((row.kind, setting.change)),
      Change::Option(..) => {}
      Change::Rule(name, on) => {
        let mut settings = Settings::default();
        // A game type's own rules (Crystal Ball's PUBLIC_LISTS, Payola's
        // EBAYOLA) are taken only in a game of that type.
        if settings.clone().set_rule(name, on).is_err() {
          settings.variant.crystal_ball = true;
        }
        if settings.clone().set_rule(name, on).is_err() {
          settings.variant.crystal_ball = false;
          settings.variant.payola = true;
        }
        setting.change.apply(&mut settings);
        assert_eq!(settings.rule_on(name), on, "{:?} leaves {name} as it says", row.kind);
      }
    }
  }
  // A choice is told apart by what it makes of the settings every other
  // choice leaves: no two choices may do the same to all of them.
  let bases: Vec<Settings> = std::iter::once(Settings::default())
    .chain(choices.iter().map(|(_, change)| {
      let mut settings = Settings::default();
      change.apply(&mut settings);
      settings
    }))
    .collect();
  let effect = |change: Change| -> Vec<Settings> {
    bases
      .iter()
      .map(|base| {
        let mut settings = base.clone();
        change.apply(&mut settings);
        settings
      })
      .collect()
  };
  for (i, (kind, change)) in choices.iter().enumerate() {
    assert_ne!(effect(*change), bases, "{kind:?} changes nothing");
    for (other, theirs) in &choices[..i] {
      assert_ne!(effect(*change), effect(*theirs), "{kind:?} does what {other:?} does");
    }
  }
  let chosen = choices;
  // Both commands of every on/off option (SET NMR / SET NO NMR, …).
  assert!(switches >= 46, "{switches}");
  assert!(chosen.len() >= 9, "{}", chosen.len());
}

#[test]
fn spellings_are_upper_case_ascii_and_never_shared() {
  let mut seen: BTreeMap<String, CommandKind> = BTreeMap::new();
  for row in KEYWORDS {
    for spelling in row.spellings {
      assert!(spelling.is_ascii(), "{spelling:?}");
      assert_eq!(spelling.to_ascii_uppercase(), *spelling);
      // Inner spaces are optional, so two spellings that differ only in
      // their spaces would be the same keyword.
      let glued: String = spelling.split_whitespace().collect();
      if let Some(other) = seen.insert(glued, row.kind) {
        panic!("{spelling:?} is spelled by both {other:?} and {:?}", row.kind);
      }
    }
  }
}

#[test]
fn the_usage_begins_with_the_first_spelling() {
  let glued = |words: &[&str]| words.concat().to_ascii_uppercase();
  for row in KEYWORDS {
    assert_eq!(kind_of(row.usage), Some(row.kind), "{:?}", row.usage);
    // The keyword part of the usage: its words up to the first placeholder.
    let usage: Vec<&str> = row
      .usage
      .split_whitespace()
      .take_while(|w| !w.starts_with(['[', '|', '.']) && !w.chars().any(|c| c.is_lowercase()))
      .collect();
    let first: Vec<&str> = row.spellings[0].split_whitespace().collect();
    assert!(glued(&usage).starts_with(&glued(&first)), "{:?}: {:?}", row.kind, row.spellings[0]);
  }
}

#[test]
fn every_spelling_finds_its_own_row_however_it_is_typed() {
  for row in KEYWORDS {
    for spelling in row.spellings {
      let glued: String = spelling.split_whitespace().collect();
      let spread = spelling.split_whitespace().collect::<Vec<_>>().join("  \t ");
      let forms = [
        spelling.to_string(),
        spelling.to_ascii_lowercase(),
        glued.clone(),
        glued.to_ascii_lowercase(),
        spread,
        format!("   {spelling}"),
        format!("{spelling} 42"),
        format!("\t{} 42 43", glued.to_ascii_lowercase()),
      ];
      for form in forms {
        assert_eq!(kind_of(&form), Some(row.kind), "{form:?}");
      }
    }
  }
}

#[test]
fn set_options_are_set_commands() {
  assert!(K::Set.is_set());
  assert!(K::SetNoWait.is_set());
  assert!(K::SetAllowMaster.is_set());
  assert!(!K::SignOn.is_set());
  assert!(!K::SignOff.is_set());
}

// ---------------------------------------------------------------- spellings

/// Every command of the manual's alphabetical index (§10), as it is written
/// there; the index leaves out the NO of SET [NO] options, so `SET FAKE`
/// stands for `SET NO FAKE`.
#[test]
fn every_command_of_the_manuals_index_is_recognised() {
  let index = [
    ("BECOME MASTER", K::BecomeMaster),
    ("BECOME", K::Become),
    ("BROADCAST", K::Broadcast),
    ("CLEAR", K::Clear),
    ("CREATE", K::Create),
    ("DIARY", K::Diary),
    ("EJECT", K::Eject),
    ("ENDBROADCAST", K::EndBroadcast),
    ("ENDPRESS", K::EndPress),
    ("FORCE BEGIN", K::ForceBegin),
    ("GET DEDICATION", K::GetDedication),
    ("GET PACKAGE", K::GetPackage),
    ("GET WHOIS", K::GetWhois),
    ("GET", K::Get),
    ("HELP", K::Help),
    ("HISTORY", K::History),
    ("I AM ALSO", K::IAmAlso),
    ("IF", K::If),
    ("INFO PLAYER", K::InfoPlayer),
    ("LIST", K::List),
    ("MAP", K::Map),
    ("OBSERVE", K::Observe),
    ("PAUSE", K::Pause),
    ("PHASE", K::Phase),
    ("POSTAL PRESS", K::PostalPress),
    ("PREDICT", K::Predict),
    ("PRESS", K::Press),
    ("PROCESS", K::Process),
    ("PROMOTE", K::Promote),
    ("REGISTER", K::Register),
    ("RESIGN", K::Resign),
    ("RESUME", K::Resume),
    ("ROLLBACK", K::Rollback),
    ("SEND", K::Get),
    ("SET ABSENCE", K::SetAbsence),
    ("SET ACCESS", K::SetAccess),
    ("SET ADDRESS", K::SetAddress),
    ("SET ADJACENT", K::SetAdjacent),
    ("SET ADJUST", K::SetAdjust),
    ("SET ALL PRESS", K::SetAllPress),
    ("SET ALLOW PLAYER", K::SetAllowPlayer),
    ("SET ANY CENTER", K::SetAnyCenter),
    ("SET ANY DISBAND", K::SetAnyDisband),
    ("SET ASSASSINS", K::SetAssassins),
    ("SET ATTACK TRANSFORM", K::SetAttackTransform),
    ("SET AUTO CREATE", K::SetAutoCreate),
    ("SET AUTO DISBAND", K::SetAutoDisband),
    ("SET AUTO PROCESS", K::SetAutoProcess),
    ("SET AUTO START", K::SetAutoStart),
    ("SET BANK", K::SetLoans),
    ("SET BCENTERS", K::SetBCenters),
    ("SET BLANK BOARD", K::SetBlankBoard),
    ("SET BLANK PRESS", K::SetBlankPress),
    ("SET BN", K::SetBn),
    ("SET BROADCAST", K::SetBroadcast),
    ("SET CD", K::SetNmr),
    ("SET CENTERS", K::SetCenters),
    ("SET COASTAL CONVOYS", K::SetCoastalConvoys),
    ("SET COMMENT BEGIN", K::SetCommentBegin),
    ("SET COMMENT", K::SetComment),
    ("SET CONC", K::SetConcede),
    ("SET CONCESSIONS", K::SetConcessions),
    ("SET DEADLINE", K::SetDeadline),
    ("SET DEDICATION", K::SetDedication),
    ("SET DENY PLAYER", K::SetDenyPlayer),
    ("SET DIAS", K::SetDias),
    ("SET DICE", K::SetDice),
    ("SET DISBAND", K::SetDisband),
    ("SET DRAW", K::SetDraw),
    ("SET DUALITY", K::SetDuality),
    ("SET EMPTY BOARD", K::SetBlankBoard),
    ("SET EP", K::SetEp),
    ("SET NO FAKE", K::SetNoFake),
    ("SET FAMINE", K::SetFamine),
    ("SET FORT", K::SetFort),
    ("SET GARRISON", K::SetGarrison),
    ("SET GATEWAYS", K::SetGateways),
    ("SET GRACE", K::SetGrace),
    ("SET GREY", K::SetGrey),
    ("SET GREY/WHITE", K::SetGreyWhite),
    ("SET HOLIDAY", K::SetAbsence),
    ("SET HOME CENTER", K::SetHomeCenter),
    ("SET HONG KONG", K::SetHongKong),
    ("SET LATE COUNT", K::SetLateCount),
    ("SET LATE PRESS", K::SetLatePress),
    ("SET LEVEL", K::SetLevel),
    ("SET LIST", K::SetList),
    ("SET LOANS", K::SetLoans),
    ("SET MACH2", K::SetMach2),
    ("SET MANUAL PROCESS", K::SetManualProcess),
    ("SET MANUAL START", K::SetManualStart),
    ("SET MAX ABSENCE", K::SetMaxAbsence),
    ("SET MINOR PRESS", K::SetMinorPress),
    ("SET MN", K::SetMn),
    ("SET MODERATE", K::SetModerate),
    ("SET MONEY", K::SetMoney),
    ("SET MOVE", K::SetMove),
    ("SET MUST ORDER", K::SetMustOrder),
    ("SET NMR", K::SetNmr),
    ("SET NONE", K::SetNoPress),
    ("SET NORMAL BROADCAST", K::SetBroadcast),
    ("SET NORMAL DISBAND", K::SetNormalDisband),
    ("SET NORMAL PRESS", K::SetNormalPress),
    ("SET OBSERVER", K::SetObserver),
    ("SET ONE CENTER", K::SetOneCenter),
    ("SET ONTIMERAT", K::SetOntimeRat),
    ("SET PARTIAL FAKES BROADCAST", K::SetPartialFakesBroadcast),
    ("SET PARTIAL MAY", K::SetPartialMay),
    ("SET PARTIAL", K::SetPartial),
    ("SET PASSWORD", K::SetPassword),
    ("SET PLAGUE", K::SetPlague),
    ("SET PLAYERS", K::SetPlayers),
    ("SET POSTAL PRESS", K::SetPostalPress),
    ("SET PREFERENCE", K::SetPreference),
    ("SET PRESS", K::SetPress),
    ("SET PRFBOTH", K::SetPrfBoth),
    ("SET PRFLIST", K::SetPrfList),
    ("SET PRFRAND", K::SetPrfRand),
    ("SET PRIVATE", K::SetNoList),
    ("SET PROXY", K::SetProxy),
    ("SET PUBLIC", K::SetList),
    ("SET QUIET", K::SetQuiet),
    ("SET RAILWAYS", K::SetRailways),
    ("SET RATED", K::SetRated),
    ("SET RESRAT", K::SetResRat),
    ("SET RESUME", K::SetResume),
    ("SET RETREAT", K::SetRetreat),
    ("SET REVEAL", K::SetReveal),
    ("SET SECRET", K::SetSecret),
    ("SET SHOW", K::SetShow),
    ("SET SPECIAL", K::SetSpecial),
    ("SET START", K::SetStart),
    ("SET STORM", K::SetStorm),
    ("SET STRICT CONVOY", K::SetStrictConvoy),
    ("SET STRICT GRACE", K::SetStrictGrace),
    ("SET STRICT WAIT", K::SetStrictWait),
    ("SET SUMMER", K::SetSummer),
    ("SET TOUCH PRESS", K::SetTouchPress),
    ("SET TRAFO", K::SetTransform),
    ("SET TRANSFORM", K::SetTransform),
    ("SET UNMODERATE", K::SetUnmoderate),
    ("SET VACATION", K::SetAbsence),
    ("SET VARIANT", K::SetVariant),
    ("SET WAIT", K::SetWait),
    ("SET WATCH ALL PRESS", K::SetWatchAllPress),
    ("SET WHITE", K::SetWhite),
    ("SET WHITE/GREY", K::SetWhiteGrey),
    ("SIGN OFF", K::SignOff),
    ("SIGN ON", K::SignOn),
    ("SUMMARY", K::Summary),
    ("TERMINATE", K::Terminate),
    ("UNSTART", K::Unstart),
    ("VERSION", K::Version),
    ("WATCH", K::Observe),
    ("WHO IS", K::WhoIs),
    ("WHO", K::Who),
    ("WHOGAME", K::WhoGame),
    ("WITHDRAW", K::Resign),
  ];
  for (text, kind) in index {
    assert_eq!(kind_of(text), Some(kind), "{text:?}");
  }
}

#[test]
fn njudges_other_spellings_are_the_same_commands() {
  let same = [
    (&["SIGN ON", "SIGNON", "sign   on", "HELLO", "LOGIN", "login"][..], K::SignOn),
    (&["SIGN OFF", "SIGNOFF", "signoff", "Sign  Off"], K::SignOff),
    (&["GET", "SEND ME", "SENDME", "SEND"], K::Get),
    (&["GET PACKAGE", "SEND ME PACKAGE", "SEND PACKAGE"], K::GetPackage),
    (&["WATCH", "OBSERVE"], K::Observe),
    (&["RESIGN", "WITHDRAW"], K::Resign),
    (&["ROLL BACK", "ROLLBACK"], K::Rollback),
    (&["WHOGAME", "WHO GAME"], K::WhoGame),
    (&["WHO IS", "WHOIS"], K::WhoIs),
    (&["ENDPRESS", "END PRESS"], K::EndPress),
    (&["ENDBROADCAST", "END BROADCAST"], K::EndBroadcast),
    (&["POSTAL PRESS", "POSTALPRESS"], K::PostalPress),
    (&["ENDIF", "END IF"], K::EndIf),
    (&["SUMMARY", "STATUS"], K::Summary),
    (&["PAUSE", "SUSPEND"], K::Pause),
    (&["I AM ALSO", "IAMALSO", "i am also", "I AMALSO"], K::IAmAlso),
    (&["FIX ID", "FIXID"], K::FixId),
    (&["NO CONTROL", "NOCONTROL"], K::NoControl),
    (&["SET NO WAIT", "SET NOWAIT", "SETNOWAIT", "set no wait", "SeT nO wAiT"], K::SetNoWait),
    (&["SET WAIT", "SETWAIT"], K::SetWait),
    (&["SET NO PRESS", "SET NOPRESS", "SET PRESS NONE", "SET NONE"], K::SetNoPress),
    (&["SET CONC", "SET CONCEDE", "SETCONCEDE"], K::SetConcede),
    (&["SET NO CONC", "SET NOCONCEDE", "SET NO CONCEDE"], K::SetNoConcede),
    (
      &["SET ABSENCE", "SET HOLIDAY", "SET HOLIDAYS", "SET VACATION", "SET VACATIONS"],
      K::SetAbsence,
    ),
    (&["SET NO ABSENCE", "SET NOHOLIDAY", "SET NO VACATIONS"], K::SetNoAbsence),
    (&["SET PASSWORD", "SET PW"], K::SetPassword),
    (&["SET PREFERENCE", "SET PREF"], K::SetPreference),
    (&["SET MODERATE", "SET MODERATED"], K::SetModerate),
    (&["SET UNMODERATE", "SET UNMODERATED", "SET UN MODERATED"], K::SetUnmoderate),
    (&["SET NMR", "SET CD"], K::SetNmr),
    (&["SET NO NMR", "SET NONMR", "SET NO CD", "SET NOCD"], K::SetNoNmr),
    (&["SET LIST", "SET PUBLIC"], K::SetList),
    (&["SET NO LIST", "SET NOLIST", "SET UNLIST", "SET PRIVATE"], K::SetNoList),
    (&["SET GREY", "SET GRAY", "SET NO WHITE", "SET GREY PRESS"], K::SetGrey),
    (&["SET GREY/WHITE", "SET GRAY/WHITE", "SET GREY / WHITE PRESS"], K::SetGreyWhite),
    (&["SET MANUAL PROCESS", "SET NO AUTO PROCESS", "SET MANPROC"], K::SetManualProcess),
    (&["SET AUTO PROCESS", "SET NO MANUAL PROCESS", "SET AUTOPROC"], K::SetAutoProcess),
    (&["SET MOVE", "SET MOVES"], K::SetMove),
    (&["SET ADJUST", "SET ADJUSTS", "SET BUILD", "SET BUILDS"], K::SetAdjust),
    (&["SET TRANSFORM", "SET TRAFO"], K::SetTransform),
    (&["SET ANY CENTER", "SET ANYCENTRES", "SET any centre"], K::SetAnyCenter),
    (&["SET LOANS", "SET BANK", "SET BANKERS"], K::SetLoans),
  ];
  for (spellings, kind) in same {
    for text in spellings {
      assert_eq!(kind_of(text), Some(kind), "{text:?}");
      assert_eq!(kind_of(&format!("{text} x")), Some(kind), "{text:?} x");
    }
  }
}

#[test]
fn a_keyword_must_end_its_word() {
  assert_eq!(kind_of("LISTEN to me"), None);
  assert_eq!(kind_of("HELPER"), None);
  assert_eq!(kind_of("GETAWAY"), None);
  assert_eq!(kind_of("SETTLE"), None);
  assert_eq!(kind_of("SET NOW AIT"), Some(K::Set));
  assert_eq!(kind_of("IFFY"), None);
  assert_eq!(kind_of("Helpful hints"), None);
  // Punctuation ends a keyword; a full stop or hyphen only at the end of
  // the word, since they also join file names and addresses.
  assert_eq!(kind_of("HELP."), Some(K::Help));
  assert_eq!(kind_of("SIGN OFF!"), Some(K::SignOff));
  assert_eq!(kind_of("SET GREY, PARTIAL FAKES BROADCAST"), Some(K::SetGrey));
  assert_eq!(
    command("GET package.txt"),
    Invocation { kind: K::Get, args: "package.txt".into(), block: vec![], closed: true }
  );
}

#[test]
fn leading_whitespace_is_ignored_and_args_are_trimmed() {
  let invocation = command("  \t GET   info.standard   ");
  assert_eq!((invocation.kind, invocation.args.as_str()), (K::Get, "info.standard"));
  assert_eq!(command("VERSION").args, "");
}

#[test]
fn the_longest_spelling_wins() {
  let cases = [
    ("WHO IS joe@example.com", K::WhoIs, "joe@example.com"),
    ("WHOIS joe", K::WhoIs, "joe"),
    ("WHO joe@example.com", K::Who, "joe@example.com"),
    ("WHO isaac@example.com", K::Who, "isaac@example.com"),
    ("WHO gamesmaster@example.com", K::Who, "gamesmaster@example.com"),
    ("WHOGAME fubar FULL", K::WhoGame, "fubar FULL"),
    ("WHO GAME fubar", K::WhoGame, "fubar"),
    ("GET PACKAGE", K::GetPackage, ""),
    ("get package", K::GetPackage, ""),
    ("GET flist", K::Get, "flist"),
    ("GET DEDICATION", K::GetDedication, ""),
    ("GET WHOIS", K::GetWhois, ""),
    ("SEND ME info", K::Get, "info"),
    ("SEND info", K::Get, "info"),
    ("SET NO PRESS", K::SetNoPress, ""),
    ("SET NOWAIT", K::SetNoWait, ""),
    ("SET PRESS WHITE", K::SetPress, "WHITE"),
    ("SET PRESS NONE", K::SetNoPress, ""),
    ("BECOME MASTER", K::BecomeMaster, ""),
    ("BECOME France", K::Become, "France"),
    ("BECOME masterful", K::Become, "masterful"),
    ("SET CONC F", K::SetConcede, "F"),
    ("SET CONCESSIONS", K::SetConcessions, ""),
    ("SET COMMENT BEGIN", K::SetCommentBegin, ""),
    ("SET COMMENT A friendly game", K::SetComment, "A friendly game"),
    ("SET PARTIAL", K::SetPartial, ""),
    ("SET PARTIAL MAY BE FAKED", K::SetPartialMay, ""),
    ("SET PARTIAL FAKES BROADCAST", K::SetPartialFakesBroadcast, ""),
    ("SET PARTIAL FAKES BROADCAST BY DEFAULT", K::SetPartialFakesByDefault, ""),
    ("SET WHITE/GREY", K::SetWhiteGrey, ""),
    ("SET WHITE", K::SetWhite, ""),
    ("SET ADJ", K::SetAdjacent, ""),
    ("SET ADJUST NEXT 24", K::SetAdjust, "NEXT 24"),
    ("SET ANY CENTERS", K::SetAnyCenter, ""),
    ("SET NOT VARIANT Gunboat", K::SetNotVariant, "Gunboat"),
    ("SET NO TRANSFORM", K::SetNoTransform, ""),
    ("SET MAX ABSENCE 10", K::SetMaxAbsence, "10"),
    ("SET BNC 1234", K::SetBn, "1234"),
    ("SET OBSERVER WHITE", K::SetObserver, "WHITE"),
    ("SET frobnicate", K::Set, "frobnicate"),
    ("MAP * N", K::MapStar, "N"),
    ("MAP fubar", K::Map, "fubar"),
    ("DIARY READ 3", K::DiaryRead, "3"),
    ("ELSE IF French Army Ruhr", K::Else, "IF French Army Ruhr"),
    ("END IF", K::EndIf, ""),
  ];
  for (line, kind, args) in cases {
    let invocation = command(line);
    assert_eq!((invocation.kind, invocation.args.as_str()), (kind, args), "{line:?}");
  }
}

#[test]
fn sign_on_takes_its_argument_glued_or_spaced() {
  for (line, args) in [
    ("SIGN ON ?game password", "?game password"),
    ("SIGNON ?game", "?game"),
    ("signon?game pw", "?game pw"),
    ("SIGNON Fgame pw", "Fgame pw"),
    ("SignOn Rstab secret", "Rstab secret"),
    ("SIGN ON ? password", "? password"),
    ("Sign on ?mixup guessme Chaos Gunboat", "?mixup guessme Chaos Gunboat"),
  ] {
    let invocation = command(line);
    assert_eq!((invocation.kind, invocation.args.as_str()), (K::SignOn, args), "{line:?}");
  }
}

#[test]
fn reply_to_is_a_command_with_the_address() {
  let invocation = command("REPLY-TO: someone@example.com");
  assert_eq!((invocation.kind, invocation.args.as_str()), (K::ReplyTo, "someone@example.com"));
  assert_eq!(kind_of("reply-to:someone@example.com"), Some(K::ReplyTo));
  assert_eq!(kind_of("Reply to me please"), None);
}

// ---------------------------------------------------------------- orders

/// Orders from the manual (§6.1–6.3) and the PBEM order syntax, with the
/// province names that start like a keyword (Hel/HELP, Lvp/LIST, Ser/SET,
/// Gas/GET, Wal/WHO…): none of them is a command.
const ORDERS: &[&str] = &[
  "A Lvp - Yor",
  "F Nth C A Lon - Nwy",
  "Hol",
  "Pic S A Bur",
  "Par H",
  "Build A Par",
  "Remove F Tri",
  "Waive",
  "A Ber -> Kie",
  "A Ser m Rum",
  "Lon-Nth",
  "F Kiel moves to Berlin",
  "F Rome Stands",
  "A MUN S F KIE-BER",
  "A Brest supports Paris",
  "F Sev S A Ser M Rum",
  "F Kiel m Den",
  "Mun disbands",
  "build A Lon",
  "F StP/sc",
  "remove A Tun",
  "Tun",
  "A Lon-Nth-Nwy",
  "F Mid C A Bre-Mar",
  "F Brest transforms to Army",
  "Spain trafo F (sc)",
  "Transform A Brest",
  "trafo f spa/sc",
  "Kiel -> Berlin",
  "Munich support Kiel -> Berlin",
  "A Mun P Italy",
  "F Tri proxy to Austria",
  "Disband F Tri",
  "D A Mun",
  "Maintain A Par",
  "A Lon-Nth, F Edi-Nwy; A Lvp H",
  "Hel H",
  "Helgoland Bight - Holland",
  "Serbia support Bulgaria",
  "Sevastopol - Rumania",
  "Gascony - Marseilles",
  "Wales - London",
  "Liverpool - Clyde",
  "Piedmont S A Tyrolia - Venice",
  "Prussia - Livonia",
  "Clyde holds",
  "Ion S Tun - Gre",
  "Edi - Lvp",
  "A Bur - Mar",
  "W Lon - Nth",
];

#[test]
fn orders_are_not_commands() {
  for order in ORDERS {
    assert_eq!(kind_of(order), None, "{order:?}");
    let body = parse_body(order);
    assert_eq!(body.lines.len(), 1);
    assert_eq!(body.lines[0].item, Item::Other(order.to_string()));
  }
}

#[test]
fn a_signed_on_body_mixes_commands_and_orders() {
  let body = parse_body(
    "signon Fexample password\nSET WAIT\nA Par - Bur\n  F Bre - Mid  \nPhase S 1903 M\nA Bre-Par\n\
     sign off\n",
  );
  assert_eq!(body.ending, Ending::SignOff);
  let items: Vec<Item> = body.lines.iter().map(|l| l.item.clone()).collect();
  let numbers: Vec<usize> = body.lines.iter().map(|l| l.number).collect();
  assert_eq!(numbers, vec![1, 2, 3, 4, 5, 6, 7]);
  assert_eq!(items[2], Item::Other("A Par - Bur".into()));
  assert_eq!(items[3], Item::Other("F Bre - Mid".into()));
  assert_eq!(body.lines[3].text, "  F Bre - Mid  ");
  assert_eq!(items[5], Item::Other("A Bre-Par".into()));
  assert_eq!(
    commands(&body),
    vec![
      (K::SignOn, "Fexample password"),
      (K::SetWait, ""),
      (K::Phase, "S 1903 M"),
      (K::SignOff, ""),
    ]
  );
}

#[test]
fn quoted_lines_are_never_read() {
  // Issue 14: a quote is the message replied to, never the sender's own.
  // Issue 22: it is passed over, and what follows it is read.
  let body = parse_body("SIGN ON Fgame pw\n> SIGN ON Fgame pw\n> A Par - Bur\nA Mar H\n");
  assert_eq!(body.lines.len(), 2);
  assert_eq!(body.lines[1].text, "A Mar H");
  assert_eq!(body.quoted, vec![(2, 3)]);
  assert_eq!(body.ending, Ending::EndOfText);
}

// ---------------------------------------------------------------- blocks

#[test]
fn register_gathers_the_form_up_to_end() {
  let body = parse_body(
    "REGISTER\nName: Ann Example\n\nEmail: ann@example.com\nLevel: Novice\n  end  \nGET info\n",
  );
  assert_eq!(body.lines.len(), 2);
  let register = invocation(&body.lines[0]);
  assert_eq!(register.kind, K::Register);
  assert_eq!(
    register.block,
    vec!["Name: Ann Example", "", "Email: ann@example.com", "Level: Novice"]
  );
  assert!(register.closed);
  assert_eq!(body.lines[1].number, 7);
  assert_eq!(invocation(&body.lines[1]).kind, K::Get);
}

#[test]
fn register_without_end_is_left_open() {
  let body = parse_body("REGISTER\nName: Ann Example\nSET WAIT\n");
  let register = invocation(&body.lines[0]);
  assert_eq!(register.block, vec!["Name: Ann Example", "SET WAIT"]);
  assert!(!register.closed);
  assert_eq!(body.ending, Ending::EndOfText);

  // A SIGN OFF or a signature still ends the body, leaving it open.
  let body = parse_body("REGISTER\nName: Ann\nSIGN OFF\nCountry: X\n");
  assert!(!invocation(&body.lines[0]).closed);
  assert_eq!(invocation(&body.lines[1]).kind, K::SignOff);
  assert_eq!(body.ending, Ending::SignOff);
  let body = parse_body("REGISTER\nName: Ann\n-- \nAnn, Example Corp\n");
  assert_eq!(invocation(&body.lines[0]).block, vec!["Name: Ann"]);
  assert_eq!(body.ending, Ending::Signature);
}

#[test]
fn press_text_is_never_read_as_commands() {
  let body = parse_body(
    "SIGN ON Fgame pw\nPRESS TO EG\nSIGN ON Egame theirpw\nSET DRAW\nA Par - Bur\n\nsign off now?\n\
     endpress please\nENDPRESS\nSET WAIT\n",
  );
  assert_eq!(commands(&body), vec![(K::SignOn, "Fgame pw"), (K::Press, "TO EG"), (K::SetWait, "")]);
  let press = invocation(&body.lines[1]);
  assert_eq!(
    press.block,
    vec![
      "SIGN ON Egame theirpw",
      "SET DRAW",
      "A Par - Bur",
      "",
      "sign off now?",
      "endpress please",
    ]
  );
  assert!(press.closed);
  assert_eq!(body.lines[2].number, 10);
  assert_eq!(body.ending, Ending::EndOfText);
}

#[test]
fn either_end_marker_closes_either_kind_of_press() {
  for (start, end) in [
    ("PRESS TO R", "ENDBROADCAST"),
    ("BROADCAST", "ENDPRESS"),
    ("BROADCAST", "  EndPress  "),
    ("POSTAL PRESS", "endbroadcast"),
    ("DIARY RECORD", "ENDPRESS"),
    ("DIARY", "ENDPRESS"),
  ] {
    let body = parse_body(&format!("{start}\nHello.\n{end}\nSET WAIT\n"));
    assert_eq!(body.lines.len(), 2, "{start} … {end}");
    let press = invocation(&body.lines[0]);
    assert_eq!((press.block.clone(), press.closed), (vec!["Hello.".to_string()], true));
    assert_eq!(invocation(&body.lines[1]).kind, K::SetWait);
  }
}

/// Manual §7.4: unlike other keywords, ENDPRESS and ENDBROADCAST take no
/// space after END, so "End Press" is a line of the message.
#[test]
fn end_press_with_a_space_is_part_of_the_message() {
  let body = parse_body("BROADCAST\nThe end press is near.\nEnd Press\nENDPRESS\nSET WAIT\n");
  assert_eq!(body.lines.len(), 2);
  let press = invocation(&body.lines[0]);
  assert_eq!(press.block, vec!["The end press is near.", "End Press"]);
  assert!(press.closed);
}

#[test]
fn sign_off_ends_the_press_and_the_body() {
  let body = parse_body("PRESS TO R\nThis is Austria.\n-Ferdinand\nSIGNOFF\nmy signature\n");
  assert_eq!(body.ending, Ending::SignOff);
  assert_eq!(body.lines.len(), 2);
  let press = invocation(&body.lines[0]);
  assert_eq!(press.block, vec!["This is Austria.", "-Ferdinand"]);
  assert!(press.closed);
  assert_eq!((body.lines[1].number, invocation(&body.lines[1]).kind), (4, K::SignOff));
}

#[test]
fn unclosed_press_runs_to_the_end_of_the_body() {
  let body = parse_body("BROADCAST\nHello all.\nSET WAIT\n");
  let press = invocation(&body.lines[0]);
  assert_eq!(press.block, vec!["Hello all.", "SET WAIT"]);
  assert!(!press.closed);
  assert_eq!(body.ending, Ending::EndOfText);
}

#[test]
fn a_signature_ends_the_press_and_the_body() {
  let body = parse_body("PRESS TO G\nHi.\n-- \nAnn Example\nENDPRESS\n");
  assert_eq!(body.lines.len(), 1);
  assert_eq!(invocation(&body.lines[0]).block, vec!["Hi."]);
  assert!(!invocation(&body.lines[0]).closed);
  assert_eq!(body.ending, Ending::Signature);
  // A signed line inside press is text.
  let body = parse_body("PRESS TO M\nYour new password is x.\n-- Master\nENDPRESS\n");
  assert_eq!(invocation(&body.lines[0]).block, vec!["Your new password is x.", "-- Master"]);
}

#[test]
fn diary_options_other_than_record_take_no_block() {
  let body = parse_body("DIARY LIST\nDIARY READ 2\nDIARY DELETE 2\nDIARY whatever\nA Par H\n");
  assert_eq!(
    commands(&body),
    vec![(K::DiaryList, ""), (K::DiaryRead, "2"), (K::DiaryDelete, "2"), (K::Diary, "whatever"),]
  );
  assert_eq!(body.lines[4].item, Item::Other("A Par H".into()));
  assert_eq!(keyword(K::DiaryRecord).block, Block::Press);
}

#[test]
fn set_comment_begin_takes_the_rest_of_the_message() {
  let body = parse_body("SET COMMENT BEGIN\nA friendly game.\n\nSET WAIT\nSIGN OFF\nignored\n");
  assert_eq!(body.lines.len(), 2);
  let comment = invocation(&body.lines[0]);
  assert_eq!(comment.block, vec!["A friendly game.", "", "SET WAIT"]);
  assert!(comment.closed);
  assert_eq!(body.ending, Ending::SignOff);

  let body = parse_body("SET COMMENT BEGIN\nA friendly game.\n");
  assert!(!invocation(&body.lines[0]).closed);
  assert_eq!(body.ending, Ending::EndOfText);
}

#[test]
fn map_star_takes_the_list_output_that_follows() {
  let body = parse_body(
    "MAP * N\nStatus of the Movement phase for Spring of 1901.\nAustria: Army Vienna.\n",
  );
  let map = invocation(&body.lines[0]);
  assert_eq!(map.kind, K::MapStar);
  assert_eq!(map.args, "N");
  assert_eq!(map.block.len(), 2);
}

// ---------------------------------------------------------------- endings

#[test]
fn sign_off_ends_the_body_and_is_kept() {
  let body = parse_body("GET info\n\n  SIGN OFF  \nA Par - Bur\nSIGN ON Fgame pw\n");
  assert_eq!(body.ending, Ending::SignOff);
  assert_eq!(commands(&body), vec![(K::Get, "info"), (K::SignOff, "")]);
  assert_eq!(body.lines[1].number, 3);
  assert_eq!(body.lines[1].text, "  SIGN OFF  ");
}

#[test]
fn a_signature_separator_ends_the_body_and_is_dropped() {
  for separator in ["-- ", "--", "--\t"] {
    let body = parse_body(&format!("GET info\r\n{separator}\r\nSIGN ON Fgame pw\r\n"));
    assert_eq!(body.ending, Ending::Signature, "{separator:?}");
    assert_eq!(commands(&body), vec![(K::Get, "info")]);
  }
  // Only a line of just two dashes is a separator.
  let body = parse_body("--- \n-- Ann\nGET info\n");
  assert_eq!(body.ending, Ending::EndOfText);
  assert_eq!(body.lines.len(), 3);
}

#[test]
fn blank_lines_are_skipped_but_counted() {
  let body = parse_body("\n\n   \nGET info\n\t\nHELP\n");
  let numbers: Vec<usize> = body.lines.iter().map(|l| l.number).collect();
  assert_eq!(numbers, vec![4, 6]);
  assert_eq!(body.ending, Ending::EndOfText);
  let empty = Body { lines: vec![], ending: Ending::EndOfText, quoted: vec![], closing: None };
  assert_eq!(parse_body(""), empty);
}

// ---------------------------------------------------------------- masking

#[test]
fn passwords_are_masked_wherever_they_appear() {
  let cases = [
    ("SIGN ON Fgame secret", "SIGN ON Fgame ********"),
    ("signon Fgame secret", "signon Fgame ********"),
    ("SignOn Rstab secret", "SignOn Rstab ********"),
    ("SIGN ON ? password", "SIGN ON ? ********"),
    ("Sign on ?mixup guessme Chaos Gunboat", "Sign on ?mixup ******** ******** ********"),
    ("sign on E sec Secret1", "sign on E ******** ********"),
    ("SIGN ON ?my game secret", "SIGN ON ?my ******** ********"),
    ("signon?mixup guessme", "signon?mixup ********"),
    ("SIGN ON mgame masterpw", "SIGN ON mgame ********"),
    ("SIGN ON ogame pw", "SIGN ON ogame ********"),
    ("HELLO Fgame pw", "HELLO Fgame ********"),
    ("LOGIN Fgame pw", "LOGIN Fgame ********"),
    ("CREATE ?newgame pw Standard Gunboat", "CREATE ?newgame ******** ******** ********"),
    ("CREATE ?new game secret", "CREATE ?new ******** ********"),
    ("OBSERVE fubar pw", "OBSERVE fubar ********"),
    ("OBSERVE fu bar secret", "OBSERVE fu ******** ********"),
    ("WATCH fubar pw", "WATCH fubar ********"),
    ("  SET PASSWORD iforgot", "  SET PASSWORD ********"),
    ("set pw iforgot", "set pw ********"),
    ("SETPASSWORD x", "SETPASSWORD ********"),
    ("SET NOWAIT, PASSWORD x", "SET NOWAIT, PASSWORD ********"),
    ("SET WAIT, PW x, NO DRAW", "SET WAIT, PW ********, NO DRAW"),
    ("ADJUST 1234 -50 keeperpw", "ADJUST 1234 -50 ********"),
    ("RECORD 1234 ontime 5 keeperpw", "RECORD 1234 ontime 5 ********"),
  ];
  for (line, expected) in cases {
    assert_eq!(masked(line), expected, "{line:?}");
    assert!(!masked(line).contains("secret"));
  }
}

/// What a player sees when the password follows a stray space in the game
/// name: the reply must not show it (it could be forwarded, or read over a
/// shoulder), in the echoed line or anywhere else.
#[test]
fn a_password_after_a_stray_space_is_not_echoed_in_the_reply() {
  let judge = judge_support::Judge::new();
  judge.send(
    "ann@players.test",
    "joining",
    "sign on E sec Secret1
",
  );
  let reply = judge.reply_to("ann@players.test");
  assert!(reply.body.contains("> sign on E ********"), "the line is echoed: {}", reply.body);
  assert!(!reply.raw.contains("Secret1"), "{}", reply.raw);
}

/// The same stray space in CREATE or SIGN ON from a registered player: the
/// word after the "password" is not a variant, and the refusal must not
/// quote it back (it is the real password).
#[test]
fn a_password_read_as_a_variant_word_is_not_quoted_back() {
  let judge = judge_support::Judge::new();
  let ann = "ann@players.test";
  judge.send(
    ann,
    "register",
    "REGISTER\nName: Ann Smith\nAddress: 1 Main St\nCountry: USA\n\
     Email: ann@players.test\nLevel: Novice\nEND\n",
  );
  judge.take_mail();
  for line in ["CREATE ?my game Secret1", "SIGN ON ?my game Secret1"] {
    judge.send(ann, "new game", &format!("{line}\n"));
    let reply = judge.reply_to(ann);
    if line.starts_with("CREATE") {
      assert!(reply.body.contains("not a variant or option"), "{line}: {}", reply.body);
    }
    assert!(!reply.raw.contains("Secret1"), "{line}: {}", reply.raw);
  }
}

/// A player who types the command into the subject too must not get the
/// password back in the reply's subject, which mail programs show in every
/// listing.
#[test]
fn a_password_in_the_subject_is_not_copied_to_the_reply_subject() {
  let judge = judge_support::Judge::new();
  let cases = [
    ("signon Fgame Secret1", "Re: XXXX signon Fgame ********"),
    ("Re: sign on E sec Secret1", "Re: XXXX sign on E ******** ********"),
    ("my orders: OBSERVE fubar Secret1", "Re: XXXX my orders: OBSERVE fubar ********"),
    ("CREATE ?game Secret1 Gunboat", "Re: XXXX CREATE ?game ******** ********"),
    ("set password Secret1", "Re: XXXX set password ********"),
    (
      "SET WAIT, PW Secret1, NO DRAW",
      "Re: XXXX SET WAIT ******** ******** ******** ******** ********",
    ),
    ("help with my password", "Re: XXXX help with my password"),
  ];
  for (subject, expected) in cases {
    judge.send(
      "ann@players.test",
      subject,
      "HELP
",
    );
    let reply = judge.reply_to("ann@players.test");
    assert_eq!(reply.subject, expected, "{subject:?}");
    assert!(!reply.raw.contains("Secret1"), "{}", reply.raw);
  }
}

#[test]
fn other_lines_are_echoed_unchanged() {
  for line in [
    "BECOME MASTER",
    "GET info",
    "SET ADDRESS ann@example.com",
    "SIGN ON ?game",
    "A Par - Bur",
    "password is fish",
    "SET DRAW AEF",
  ] {
    assert_eq!(masked(line), line);
  }
  let body = parse_body("PRESS TO G\nmy password is fish\nENDPRESS\n");
  assert_eq!(body.lines[0].masked(), "PRESS TO G");
}

#[test]
fn masked_args_hide_the_same_words() {
  assert_eq!(command("SIGN ON Fgame pw").masked_args(), format!("Fgame {MASK}"));
  assert_eq!(command("SET PASSWORD new").masked_args(), MASK);
  assert_eq!(command("GET info").masked_args(), "info");
}

#[test]
fn a_hand_built_line_never_leaks_its_password() {
  let line = BodyLine {
    number: 1,
    text: "garbled Fgame secret".into(),
    item: Item::Command(Invocation {
      kind: K::SignOn,
      args: "Fgame secret".into(),
      block: vec![],
      closed: true,
    }),
  };
  assert_eq!(line.masked(), format!("SIGN ON Fgame {MASK}"));
}

// ---------------------------------------------------------------- index

/// Text with every run of whitespace made one space, so that entries can
/// be found however the index wraps them.
fn collapsed(text: &str) -> String {
  text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_index_shows_every_command_grouped_by_who_may_use_it() {
  let index = index_text();
  let flat = collapsed(&index);
  // A group heads the index when it has a command the judge carries out
  // (the refused ones are left out: see tests/it/commands_offered.rs).
  let groups: Vec<Who> = Who::ALL
    .iter()
    .copied()
    .filter(|&who| KEYWORDS.iter().any(|k| k.who == who && k.kind.offered()))
    .collect();
  let headings: Vec<usize> =
    groups.iter().map(|who| flat.find(who.heading()).expect("a heading per group")).collect();
  assert!(headings.windows(2).all(|w| w[0] < w[1]), "groups out of order");
  for row in KEYWORDS.iter().filter(|k| k.kind.offered()) {
    let section =
      if row.section.is_empty() { String::new() } else { format!(" (§{})", row.section) };
    let entry = collapsed(&format!("{} {}{section}", row.usage, row.summary));
    let at = flat.find(&entry).unwrap_or_else(|| panic!("{:?} is missing: {entry:?}", row.kind));
    // Each entry sits under the heading of its group.
    let group = headings.iter().rposition(|&h| h < at).expect("under a heading");
    assert_eq!(groups[group], row.who, "{:?}", row.kind);
    // Its usage starts a line.
    assert!(index.lines().any(|line| line.starts_with(&format!("  {}", row.usage))), "{entry}");
  }
}

#[test]
fn the_index_fits_a_mail_window() {
  for line in index_text().lines() {
    assert!(line.chars().count() <= 78, "{line:?}");
  }
}

#[test]
fn the_index_is_written_in_the_judges_own_words() {
  let index = index_text();
  assert!(index.contains("GET file"));
  assert!(index.contains("SET NO WAIT"));
  assert!(index.contains("(§3.2)"));
  assert!(!index.contains("Retrieve the current version"));
}

// ---------------------------------------------------------------- fuzzing

/// Checks that every non-blank line before the ending is accounted for: it
/// is a line's text, a line of a block, or the end marker right after a
/// block; and that what comes back is the input, line for line.
fn check_accounting(input: &str, body: &Body) {
  let lines: Vec<&str> = input.lines().collect();
  let mut covered = BTreeSet::new();
  let mut markers = BTreeSet::new();
  let mut previous = 0;
  for line in &body.lines {
    assert!(line.number > previous, "numbers must rise");
    previous = line.number;
    assert_eq!(lines[line.number - 1], line.text);
    assert!(!line.text.trim().is_empty());
    assert!(covered.insert(line.number));
    if let Item::Command(invocation) = &line.item {
      for (i, text) in invocation.block.iter().enumerate() {
        let number = line.number + 1 + i;
        assert_eq!(lines[number - 1], text);
        assert!(covered.insert(number));
        previous = number;
      }
      let takes_block = match invocation.kind {
        K::Diary => invocation.args.is_empty(),
        kind => keyword(kind).block != Block::Line,
      };
      if takes_block && invocation.closed {
        markers.insert(line.number + invocation.block.len() + 1);
      }
    }
  }
  let limit = match body.ending {
    Ending::EndOfText => lines.len() + 1,
    Ending::SignOff => {
      let last = body.lines.last().expect("a SIGN OFF line");
      assert_eq!(invocation(last).kind, K::SignOff);
      last.number
    }
    Ending::Signature => (previous + 1..=lines.len())
      .find(|&n| lines[n - 1].trim() == "--")
      .expect("a signature line after the last line returned"),
    Ending::Cut { line, .. } => line,
  };
  for &(first, last) in &body.quoted {
    assert!(lines[last - 1].trim_start().starts_with('>'), "a quote ends with a quoted line");
    assert!((first..=last).all(|n| !covered.contains(&n)), "a quoted line was read");
  }
  let quoted =
    |number: usize| body.quoted.iter().any(|&(first, last)| (first..=last).contains(&number));
  for number in 1..limit {
    let text = lines[number - 1];
    if text.trim().is_empty() || covered.contains(&number) || quoted(number) {
      continue;
    }
    let word: String = text.split_whitespace().collect::<String>().to_ascii_uppercase();
    assert!(markers.contains(&number), "line {number} {text:?} went missing");
    assert!(["END", "ENDPRESS", "ENDBROADCAST"].contains(&word.as_str()), "{text:?}");
  }
}

/// Lines worth combining: commands, block starts and ends, orders, noise.
fn interesting_line() -> impl Strategy<Value = String> {
  prop_oneof![
    Just("SIGN ON Fgame pw".to_string()),
    Just("REGISTER".to_string()),
    Just("END".to_string()),
    Just("PRESS TO ALL".to_string()),
    Just("BROADCAST".to_string()),
    Just("ENDPRESS".to_string()),
    Just(" end broadcast ".to_string()),
    Just("SIGN OFF".to_string()),
    Just("signoff".to_string()),
    Just("-- ".to_string()),
    Just("--".to_string()),
    Just("> SIGN ON Fgame pw".to_string()),
    Just(">".to_string()),
    Just("On Mon, 2 Mar 2026 at 10:00, J <j@x> wrote:".to_string()),
    Just("Kind regards,".to_string()),
    Just(String::new()),
    Just("   ".to_string()),
    Just("SET COMMENT BEGIN".to_string()),
    Just("MAP *".to_string()),
    Just("DIARY".to_string()),
    Just("SET NOWAIT".to_string()),
    Just("A Par - Bur".to_string()),
    Just("WHO IS x".to_string()),
    "[A-Za-z -]{0,12}",
    any::<String>(),
  ]
}

proptest! {
  #[test]
  fn parsing_never_panics(text in any::<String>()) {
    let body = parse_body(&text);
    check_accounting(&text, &body);
    for line in &body.lines {
      let _ = line.masked();
    }
  }

  #[test]
  fn every_line_is_accounted_for(
    lines in prop::collection::vec(interesting_line(), 0..24),
    crlf in any::<bool>(),
  ) {
    let text = lines.join(if crlf { "\r\n" } else { "\n" });
    let body = parse_body(&text);
    check_accounting(&text, &body);
    for line in &body.lines {
      if line.text == "SIGN ON Fgame pw" {
        prop_assert_eq!(line.masked(), "SIGN ON Fgame ********");
      }
    }
  }

  #[test]
  fn lookup_never_runs_past_the_line(text in any::<String>()) {
    if let Some((_, len)) = lookup(&text) {
      prop_assert!(text.is_char_boundary(len));
      prop_assert!(len <= text.len());
    }
  }
}
