//! A game's optional rules (manual §9.1): where powers build, disbanding,
//! retreats, the empty board, the summer turn, coastal convoys, and the
//! secrecy of the number of players; and the option words that CREATE,
//! SET VARIANT and SIGN ON ?name use for them. Pure data: the board obeys
//! the rules through [`Variant::rules`], the game through its settings.

use serde::{Deserialize, Serialize};

use super::preference::Assignment;
use super::press::{Colors, ObserverPress};
use super::Settings;
use crate::adjudicate::{BuildRule, Rules};

/// The optional rules a game is played with; all off by default (the
/// standard game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Variant {
  pub builds: BuildRule,
  /// A power may disband any unit in an adjustment phase (ANY DISBAND).
  pub any_disband: bool,
  /// Dislodged units are disbanded; no retreats (AUTO DISBAND).
  pub auto_disband: bool,
  /// The game starts with no units, in a Winter build phase (EMPTY BOARD).
  pub empty_board: bool,
  /// A summer movement turn between Spring and Fall (SUMMER).
  pub summer: bool,
  /// Fleets on coasts may convoy (COASTAL CONVOYS).
  pub coastal_convoys: bool,
  /// The number of players, as against powers, is kept from the players
  /// and observers (SECRET).
  pub secret: bool,
  /// Each player sees only its own units and what the results tell it
  /// (njudge's Blind, issue 25; `game/blind.rs`).
  pub blind: bool,
  /// The map's dual provinces played as ports (`Some(true)`, SET
  /// DUALITY) or coasts (SET NO DUALITY); `None`: as the map has them.
  /// The game's map is chosen by it (`Map::with_duality`).
  pub duality: Option<bool>,
  /// Wings may be built and units may become wings (the Wings option).
  pub wings: bool,
  /// The DPjudge's Crystal Ball game type (`game/xtal.rs`): each power
  /// writes its movement orders one turn ahead, as lists.
  #[serde(skip_serializing_if = "std::ops::Not::not")]
  pub crystal_ball: bool,
  /// The DPjudge's Payola game type (`game/payola.rs`): movement orders
  /// are bought with bribes, from a treasury each power has.
  #[serde(skip_serializing_if = "std::ops::Not::not")]
  pub payola: bool,
  /// A unit may be disbanded in a movement phase (SET DISBAND).
  pub movement_disband: bool,
  /// Which units may change type, when and where, and whether an attack
  /// stops it (SET TRANSFORM, SET ATTACK TRANSFORM).
  pub transform: crate::rules::Transform,
  /// The options named as variant words (CREATE, SET VARIANT): a SIGN ON
  /// ?name to the forming game must name them too (manual §4).
  pub named: Vec<GameOption>,
  /// The DPjudge rules in force besides the options above, by their
  /// DPjudge names in upper case (`CD_DUMMIES`, `NO_DRAW`): seeded from the
  /// map's `rules` when the game is created, so a variant's rules are data.
  /// Board rules among them reach the adjudicator through
  /// [`Variant::rules`]; the game looks up the others with
  /// [`Variant::has_rule`].
  pub map_rules: Vec<String>,
}

impl Variant {
  /// The rules the board obeys in this game.
  pub fn rules(&self) -> Rules {
    let mut rules = Rules::default();
    for name in &self.map_rules {
      if let Ok(with) = rules.clone().with_names(std::slice::from_ref(name)) {
        rules = with;
      }
    }
    Rules {
      // HOME_BUILDS by SET RULE (or SET ANY HOME CENTER) widens the
      // standard rule; SET ANY or ONE CENTER put it aside.
      builds: match self.builds {
        BuildRule::Home if self.has_rule("HOME_BUILDS") => BuildRule::AnyHome,
        BuildRule::One if self.has_rule("HOME_BUILDS") => BuildRule::OneHome,
        builds => builds,
      },
      any_disband: self.any_disband,
      auto_disband: self.auto_disband,
      summer: self.summer,
      coastal_convoys: self.coastal_convoys,
      transform: self.transform,
      movement_disband: self.movement_disband,
      wings: self.wings,
      // A blind game leaks nothing through the checking of orders, and a
      // Crystal Ball list is written before the board it is played on.
      fictional_ok: rules.fictional_ok || self.blind || self.crystal_ball || self.has_rule("BLIND"),
      ..rules
    }
  }

  /// Whether the DPjudge rule `name` is in force (see
  /// [`Variant::map_rules`]). A rule that is one of the options (BUILD_ANY
  /// is Any Center) follows the option, which SET commands change.
  pub fn has_rule(&self, name: &str) -> bool {
    // Crystal Ball forces these (the DPjudge's `VARIANT xtalball` line).
    if self.crystal_ball && CRYSTAL_BALL_FORCED.iter().any(|r| r.eq_ignore_ascii_case(name)) {
      return true;
    }
    // Payola forces ORDER_ANY (a bribe may be offered to any unit).
    if self.payola && name.eq_ignore_ascii_case("ORDER_ANY") {
      return true;
    }
    match option_rule(name) {
      Some(option) => self.option_on(option),
      None => self.map_rules.iter().any(|r| r.eq_ignore_ascii_case(name)),
    }
  }

  /// The DPjudge rules in force, by name, for LIST: the game's own, then
  /// the options that have a DPjudge name.
  pub fn rules_in_force(&self) -> Vec<String> {
    let mut names: Vec<String> =
      self.map_rules.iter().filter(|r| option_rule(r).is_none()).cloned().collect();
    for (name, option) in OPTION_RULES {
      if self.option_on(option) {
        names.push(name.to_string());
      }
    }
    names.dedup();
    names
  }

  /// Whether an option kept in the variant is on (Gunboat and Secret,
  /// which have no DPjudge rule name here, count as off).
  fn option_on(&self, option: GameOption) -> bool {
    match option {
      GameOption::AnyCenter => self.builds == BuildRule::Any,
      GameOption::OneCenter => self.builds == BuildRule::One,
      GameOption::AutoDisband => self.auto_disband,
      GameOption::EmptyBoard => self.empty_board,
      GameOption::CoastalConvoys => self.coastal_convoys,
      GameOption::Blind => self.blind,
      _ => false,
    }
  }
}

/// The rules a Crystal Ball game always plays with (PROXY_OK too, which is
/// SET PROXY: turned on with the game type, and SET NO PROXY may drop it).
pub const CRYSTAL_BALL_FORCED: [&str; 2] = ["FICTIONAL_OK", "DEFAULT_UNORDERED"];

/// DPjudge rules that are options of this judge under another name: SET
/// RULE turns the option on or off, so the two never disagree.
const OPTION_RULES: [(&str, GameOption); 5] = [
  ("BUILD_ANY", GameOption::AnyCenter),
  ("REMOTE_BUILDS", GameOption::OneCenter),
  ("NO_RETREAT", GameOption::AutoDisband),
  ("COASTAL_CONVOY", GameOption::CoastalConvoys),
  ("BLANK_BOARD", GameOption::EmptyBoard),
];

/// DPjudge rules that are an njudge SET word here: SET RULE changes the
/// setting itself, so the two never disagree (and LIST shows the
/// setting's own line, not the rule).
/// How a rule that is a setting is turned on or off, and read back.
type SettingRule = (fn(&mut Settings, bool), fn(&Settings) -> bool);

const SETTING_RULES: &[(&str, SettingRule)] = &[
  ("PROXY_OK", (|s, on| s.proxy = on, |s| s.proxy)),
  ("NO_PROXY", (|s, on| s.proxy = !on, |s| !s.proxy)),
  ("PUBLIC_PRESS", (|s, on| s.press.partial = !on, |s| !s.press.partial)),
  ("NO_PRESS", (|s, on| colors(s, Colors::None, on), |s| s.press.colors == Colors::None)),
  ("GREY_PRESS", (|s, on| colors(s, Colors::Grey, on), |s| s.press.colors == Colors::Grey)),
  (
    "WHITE_GREY",
    (|s, on| colors(s, Colors::WhiteGrey, on), |s| s.press.colors == Colors::WhiteGrey),
  ),
  ("MUST_ORDER", (|s, on| s.press.must_order = on, |s| s.press.must_order)),
  ("LATE_SEND", (|s, on| s.press.late = on, |s| s.press.late)),
  (
    "MUTE_OBSERVERS",
    (
      |s, on| {
        s.press.observers = if on { ObserverPress::None } else { ObserverPress::Any };
      },
      |s| s.press.observers == ObserverPress::None,
    ),
  ),
  // Issue 27: the lateness, start and ending rules that are njudge words.
  ("CIVIL_DISORDER", (|s, on| s.nmr = on, |s| s.nmr)),
  ("START_MASTER", (|s, on| s.manual_start = on, |s| s.manual_start)),
  ("PREVIEW", (|s, on| s.manual_process = on, |s| s.manual_process)),
  ("NO_DEADLINE", (|s, on| s.manual_process = on, |s| s.manual_process)),
  (
    "HIDE_EXTENDERS",
    (|s, on| s.show = if on { Some(false) } else { None }, |s| s.show == Some(false)),
  ),
  ("NO_REVEAL", (|s, on| s.reveal = !on, |s| !s.reveal)),
  ("NO_DIAS", (|s, on| s.dias = !on, |s| !s.dias)),
  (
    "POWER_CHOICE",
    (
      |s, on| s.assignment = if on { Assignment::List } else { Assignment::Random },
      |s| s.assignment != Assignment::Random,
    ),
  ),
  (
    "LATE_CHANGES",
    (|s, on| s.switch_rule("NO_LATE_CHANGES", !on), |s| !s.variant.has_rule("NO_LATE_CHANGES")),
  ),
];

/// Turns a press colour rule on (SET NO PRESS, SET GREY, SET WHITE/GREY),
/// or off, back to white press, when that colour is the one in force.
fn colors(settings: &mut Settings, color: Colors, on: bool) {
  if on {
    settings.press.colors = color;
  } else if settings.press.colors == color {
    settings.press.colors = Colors::White;
  }
}

/// The game type a DPjudge rule belongs to, for rules this judge knows to
/// be Payola's or Crystal Ball's alone (refused in other games, with the
/// reason).
pub(crate) fn game_type_of(name: &str) -> Option<&'static str> {
  const PAYOLA: &[&str] = &[
    "ANON_TRANSFER",
    "NO_DONATIONS",
    "NO_TRANSFER",
    "ONE_TRANSFER",
    "NO_LOOTING",
    "FLAT_TAX",
    "NO_HOARDING",
    "ZEROSUM",
    "EBAYOLA",
    "HIDE_COST",
    "HIDE_OFFERS",
    "PUBLIC_TOTALS",
    "NO_LEDGERS",
    "DIRECT_ONLY",
    "PAY_DUMMIES",
    "NO_SAVINGS",
    "NO_PLATEAU",
    "LIMIT_OFFERS",
    "REMOTE_BRIBE",
    "TOUCH_BRIBE",
    "ZERO_FOREIGN",
    "RESTRICT_SIGNAL",
    "PAYOLA_CLASSIC",
  ];
  const CRYSTAL_BALL: &[&str] = &["PUBLIC_LISTS", "LIMIT_LISTS"];
  if PAYOLA.contains(&name) {
    Some("Payola")
  } else if CRYSTAL_BALL.contains(&name) {
    Some("Crystal Ball")
  } else {
    None
  }
}

/// The setting a DPjudge rule name stands for, if it is one.
fn setting_rule(name: &str) -> Option<SettingRule> {
  SETTING_RULES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, rule)| rule)
}

/// The option a DPjudge rule name stands for, if it is one.
fn option_rule(name: &str) -> Option<GameOption> {
  OPTION_RULES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, o)| *o)
}

/// A rule name as the DPjudge writes it: upper case, `_` between words
/// (`ftf press` and `Ftf-Press` are `FTF_PRESS`).
pub fn rule_name(word: &str) -> String {
  word.trim().to_ascii_uppercase().replace(['-', ' '], "_")
}

/// Every DPjudge rule SET RULE may turn on or off: the options with a
/// DPjudge name and the rules the engine plays besides them.
pub fn known_rules() -> Vec<&'static str> {
  let mut names: Vec<&str> = OPTION_RULES.iter().map(|(n, _)| *n).collect();
  names.extend(SETTING_RULES.iter().map(|(n, _)| *n));
  // Issue 27's press, lateness and ending rules (`game/dpjudge.rs`).
  let ours = super::dpjudge::RULES.iter().map(|r| &r.name);
  let played = crate::map::Map::played_rules().iter().chain(ours);
  // BLIND's modifiers of what is seen (`game/viewer.rs`), and the rules
  // that say what this judge always does.
  let always = super::dpjudge::ALWAYS.iter().map(|(name, _)| name);
  for name in played.chain(super::viewer::SIGHT_RULES.iter()).chain(always) {
    if !names.contains(name) {
      names.push(name);
    }
  }
  names
}

/// What a rule does, in words, on or off (for the `Parameter Change`).
pub fn rule_meaning(name: &str, on: bool) -> String {
  if let Some(option) = option_rule(name) {
    return option.meaning(on).to_string();
  }
  if let Some(rule) = super::dpjudge::rule(name) {
    return (if on { rule.on.meaning } else { rule.off.meaning }).to_string();
  }
  if let Some((_, how)) = super::dpjudge::ALWAYS.iter().find(|(n, _)| *n == name) {
    return if on {
      format!("{how}, as always here ({name})")
    } else {
      format!("{how} all the same: this judge always works so\n(no {name})")
    };
  }
  match (name, on) {
    ("CIVIL_DISORDER", true) => "late powers go into civil disorder at the end of grace and the\n\
       phase is processed without them (CIVIL_DISORDER, as SET NMR)"
      .to_string(),
    ("CIVIL_DISORDER", false) => "the game waits for late powers to be taken over\n\
       (no CIVIL_DISORDER, as SET NO NMR)"
      .to_string(),
    ("START_MASTER", true) => {
      "the game starts only when the Master starts it\n(START_MASTER, as SET MANUAL START)"
        .to_string()
    }
    ("START_MASTER", false) => {
      "the game starts when it is full (no START_MASTER, as SET AUTO START)".to_string()
    }
    ("PREVIEW" | "NO_DEADLINE", true) => format!(
      "phases are processed only when the Master sends PROCESS; PREDICT\n\
       previews them ({name}, as SET MANUAL PROCESS)"
    ),
    ("PREVIEW" | "NO_DEADLINE", false) => {
      format!("phases are processed when due (no {name}, as SET AUTO PROCESS)")
    }
    ("HIDE_EXTENDERS", true) => "changes to the deadline and settings do not name who made them\n\
       (HIDE_EXTENDERS, as SET NO SHOW)"
      .to_string(),
    ("HIDE_EXTENDERS", false) => "changes name who made them as the game's\n\
       default is (no HIDE_EXTENDERS)"
      .to_string(),
    ("NO_REVEAL", true) => {
      "the players are not named when the game ends (NO_REVEAL, as SET NO REVEAL)".to_string()
    }
    ("NO_REVEAL", false) => "the players are named when the game ends (as SET REVEAL)".to_string(),
    ("NO_DIAS", true) => "a draw is voted with the list of powers it includes\n\
       (NO_DIAS, as SET NO DIAS: SET DRAW list)"
      .to_string(),
    ("NO_DIAS", false) => "draws include all survivors (as SET DIAS)".to_string(),
    ("POWER_CHOICE", true) => "players choose their powers with preference lists\n\
       (POWER_CHOICE, as SET PRFLIST)"
      .to_string(),
    ("POWER_CHOICE", false) => {
      "powers are dealt at random (no POWER_CHOICE, as SET PRFRAND)".to_string()
    }
    ("LATE_CHANGES", on) => rule_meaning("NO_LATE_CHANGES", !on),
    ("DEFAULT_UNORDERED", true) => "a power's orders count as in once it has sent any\n\
       (DEFAULT_UNORDERED): the units it leaves out hold"
      .to_string(),
    ("PROXY_OK", true) | ("NO_PROXY", false) => {
      "a power may hand a unit to another with a proxy order\n(PROXY_OK, as SET PROXY)".to_string()
    }
    ("PROXY_OK", false) | ("NO_PROXY", true) => {
      "proxy orders are not taken (NO_PROXY, as SET NO PROXY)".to_string()
    }
    ("PUBLIC_PRESS", true) => {
      "press may only be broadcast: no partial press\n(PUBLIC_PRESS, as SET NO PARTIAL)".to_string()
    }
    ("PUBLIC_PRESS", false) => "partial press is allowed again (no PUBLIC_PRESS)".to_string(),
    ("NO_PRESS", true) => {
      "no press but to and from the Master\n(NO_PRESS, as SET NO PRESS)".to_string()
    }
    ("GREY_PRESS", true) => "press is grey: anonymous (GREY_PRESS, as SET GREY)".to_string(),
    ("WHITE_GREY", true) => {
      "press is white unless the sender asks for grey\n(WHITE_GREY, as SET WHITE/GREY)".to_string()
    }
    ("NO_PRESS" | "GREY_PRESS" | "WHITE_GREY", false) => {
      "press is white: signed (the default press)".to_string()
    }
    ("MUST_ORDER", true) => "a player may write only to the Master until its orders are in\n\
       (MUST_ORDER, as SET MUST ORDER)"
      .to_string(),
    ("LATE_SEND", true) => {
      "late players may still send press\n(LATE_SEND, as SET LATE PRESS)".to_string()
    }
    ("LATE_SEND", false) => {
      "late players may send press only to the Master\n(as SET NO LATE PRESS)".to_string()
    }
    ("MUTE_OBSERVERS", true) => {
      "observers may write only to the Master\n(MUTE_OBSERVERS, as SET NO OBSERVER)".to_string()
    }
    ("ORDER_ANY", true) => "orders for any unit are taken; they are carried out only for\n\
       the unit's owner or the power it is proxied to (ORDER_ANY)"
      .to_string(),
    ("SHOW_PHANTOM", true) => "supports and convoys of units that are not there are taken\n\
       and shown as given, void (SHOW_PHANTOM)"
      .to_string(),
    ("NO_CHECK", true) => "movement orders are kept as written and checked when the phase is\n\
       processed: one that does not stand, or a unit given two different\n\
       orders, holds (NO_CHECK)"
      .to_string(),
    ("SIGNAL_SUPPORT", true) => "a support a unit cannot give is taken as a signal, and is\n\
       void (SIGNAL_SUPPORT)"
      .to_string(),
    ("PORTAGE_CONVOY", true) => "armies may carry fleets overland between coasts\n\
       (PORTAGE_CONVOY): F Lon-Wal-Lvp with A Wal C F Lon-Lvp"
      .to_string(),
    ("PORTAGE_CONVOY", false) => "armies no longer carry fleets (no PORTAGE_CONVOY)".to_string(),
    (_, true) => format!("the rule {name} is in force"),
    (_, false) => format!("the rule {name} is no longer in force"),
  }
}

/// The DPjudge's implication table (`data/variants/rule-implications.txt`,
/// converted from its rules page): each rule, then what turning it on
/// does to others (`+A` and `=A` turn A on, `-A` and `!A` turn it off).
const IMPLICATIONS: &str = include_str!("../../data/variants/rule-implications.txt");

/// What turning rule `name` on does to other rules: (whether it turns the
/// other on, its name), in the table's order.
fn implications(name: &str) -> Vec<(bool, &'static str)> {
  let line = IMPLICATIONS
    .lines()
    .filter(|l| !l.starts_with('#'))
    .find(|l| l.split_whitespace().next() == Some(name));
  // HIDE_PROPOSER brings PROPOSE_DIAS, as its text says though the
  // DPjudge's table does not (research note §0.3, 4).
  if name == "HIDE_PROPOSER" {
    return vec![(true, "PROPOSE_DIAS")];
  }
  let Some(line) = line else { return Vec::new() };
  line
    .split_whitespace()
    .skip(1)
    .filter_map(|word| {
      let (op, other) = word.split_at_checked(1)?;
      Some((matches!(op, "+" | "="), other))
    })
    .collect()
}

/// The DPjudge's other names for rules: FLEX_SETUP is BLANK_BOARD,
/// NO_PARTIAL is PUBLIC_PRESS, and PORTAGE (its short rules' name, as in
/// SET PORTAGE) is PORTAGE_CONVOY.
fn alias(name: String) -> String {
  match name.as_str() {
    "FLEX_SETUP" => "BLANK_BOARD".to_string(),
    "NO_PARTIAL" => "PUBLIC_PRESS".to_string(),
    "PORTAGE" | "PORTAGE_CONVOYS" => "PORTAGE_CONVOY".to_string(),
    "FAKE_GREY" => "FAKE_PRESS".to_string(),
    _ => name,
  }
}

impl Settings {
  /// Turns a DPjudge rule on or off (SET RULE, SET NO RULE) and returns
  /// its name; refuses a rule this judge does not play, naming those it
  /// does. Turning a rule on does what the DPjudge's implication table
  /// says to the others this judge plays (MYOPIC turns BLIND on, BUILD_ANY
  /// turns HOME_BUILDS off); the others it names are not played here.
  pub fn set_rule(&mut self, word: &str, on: bool) -> Result<String, UnknownRule> {
    let name = alias(rule_name(word));
    if self.variant.payola {
      if let Some(refusal) = super::payola::refused_rule(&name, on) {
        return Err(refusal);
      }
    }
    if let Some(game_type) = game_type_of(&name) {
      // Crystal Ball's own rules, in a Crystal Ball game; Payola's in a
      // Payola game, with what the DPjudge's table brings.
      let (crystal, payola) = (self.variant.crystal_ball, self.variant.payola);
      if (game_type == "Crystal Ball" && crystal) || (game_type == "Payola" && payola) {
        self.switch_rule(&name, on);
        if on {
          let mut done = vec![name.clone()];
          self.imply(&name, &mut done);
        }
        return Ok(name);
      }
      return Err(UnknownRule::GameType { rule: name, game_type });
    }

    if self.variant.crystal_ball && !on && CRYSTAL_BALL_FORCED.contains(&name.as_str()) {
      return Err(UnknownRule::Forced { rule: name, game_type: "Crystal Ball" });
    }
    // A list is checked when it is locked, so no order is ever left to be
    // checked later (the DPjudge refuses NO_CHECK there too).
    if self.variant.crystal_ball && on && name == "NO_CHECK" {
      return Err(UnknownRule::NotPlayedIn { rule: name, game_type: "Crystal Ball" });
    }
    if let Some(feature) = crate::rules::missing_feature(&name) {
      return Err(UnknownRule::NoFeature { rule: name, feature });
    }
    if let Some(reason) = super::dpjudge::misfit(&name) {
      return Err(UnknownRule::Misfit { rule: name, reason });
    }
    if !known_rules().contains(&name.as_str()) {
      return Err(UnknownRule::Unknown { word: word.trim().to_string() });
    }
    self.switch_rule(&name, on);
    if on {
      let mut done = vec![name.clone()];
      self.imply(&name, &mut done);
    }
    Ok(name)
  }

  /// Applies the implication table to the rules a map brings (its
  /// `RULE` lines), as SET RULE would: VASSAL_DUMMIES brings CD_DUMMIES
  /// and CD_BUILDS.
  pub(crate) fn imply_map_rules(&mut self) {
    let mut done = self.variant.map_rules.clone();
    for name in self.variant.map_rules.clone() {
      self.imply(&name, &mut done);
    }
  }

  /// Applies what turning `name` on implies, once per rule (`done`).
  fn imply(&mut self, name: &str, done: &mut Vec<String>) {
    for (on, other) in implications(name) {
      if done.iter().any(|d| d == other) || !known_rules().contains(&other) {
        continue;
      }
      // LATE_CHANGES is only NO_LATE_CHANGES's absence: NO_DEADLINE's
      // `!LATE_CHANGES` does not turn NO_LATE_CHANGES on.
      if other == "LATE_CHANGES" && !on {
        continue;
      }
      done.push(other.to_string());
      self.switch_rule(other, on);
      if on {
        self.imply(other, done);
      }
    }
  }

  /// Whether a rule is in force: an njudge setting's own state for the
  /// rules that are one, else [`Variant::has_rule`].
  pub fn rule_on(&self, name: &str) -> bool {
    match setting_rule(name) {
      Some((_, get)) => get(self),
      None => self.variant.has_rule(name),
    }
  }

  /// Turns one known rule on or off, the option it stands for with it.
  pub(crate) fn switch_rule(&mut self, name: &str, on: bool) {
    if let Some((set, _)) = setting_rule(name) {
      set(self, on);
      return;
    }
    if let Some(option) = option_rule(name) {
      option.set(self, on);
    }
    let rules = &mut self.variant.map_rules;
    rules.retain(|r| !r.eq_ignore_ascii_case(name));
    if on && option_rule(name).is_none() {
      rules.push(name.to_string());
    }
  }
}

/// A SET RULE naming a rule this judge does not play here; it reads as
/// the sentence the moderator is told.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownRule {
  /// Not a rule this judge plays; the message names those it does.
  #[error("'{word}' is not a rule this judge plays. The rules are:\n{}.", fold_names(&known_rules()))]
  Unknown {
    /// The word as the moderator wrote it.
    word: String,
  },
  /// A rule of a game type this game is not.
  #[error("{rule} is a rule of {game_type} games, and this game is not one.")]
  GameType { rule: String, game_type: &'static str },
  /// A rule the game type plays with always.
  #[error("{game_type} games always play with {rule}; it cannot be turned off.")]
  Forced { rule: String, game_type: &'static str },
  /// A rule the game type is never played with.
  #[error("{game_type} games are never played with {rule}.")]
  NotPlayedIn { rule: String, game_type: &'static str },
  /// A rule that does not fit a judge played by mail.
  #[error("{rule} does not fit this judge: {reason}.")]
  Misfit { rule: String, reason: &'static str },
  /// A rule that turns off a map feature no map here has.
  #[error("{rule} turns off a map's {feature};\nno map this judge plays has any, so the rule would change nothing.")]
  NoFeature { rule: String, feature: &'static str },
}

/// Names joined by commas, folded into lines of under 78 characters.
fn fold_names(names: &[&str]) -> String {
  let mut lines = vec![String::new()];
  for (i, name) in names.iter().enumerate() {
    let piece = if i + 1 < names.len() { format!("{name}, ") } else { name.to_string() };
    let last = lines.last_mut().map_or(0, |l| l.len());
    if last + piece.trim_end().len() > 76 {
      lines.push(String::new());
    }
    if let Some(line) = lines.last_mut() {
      line.push_str(&piece);
    }
  }
  lines.iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n")
}

/// One option of a game, as a word in CREATE, SET VARIANT and SIGN ON, and
/// as a setting that is on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameOption {
  Gunboat,
  AnyCenter,
  OneCenter,
  AnyDisband,
  AutoDisband,
  EmptyBoard,
  Summer,
  CoastalConvoys,
  Secret,
  Blind,
  Wings,
  CrystalBall,
  Payola,
  PayolaClassic,
}

impl GameOption {
  /// Every option, in the order listings name them.
  pub const ALL: [GameOption; 14] = [
    GameOption::Gunboat,
    GameOption::CrystalBall,
    GameOption::PayolaClassic,
    GameOption::Payola,
    GameOption::Blind,
    GameOption::Wings,
    GameOption::Summer,
    GameOption::AnyCenter,
    GameOption::OneCenter,
    GameOption::AnyDisband,
    GameOption::AutoDisband,
    GameOption::EmptyBoard,
    GameOption::CoastalConvoys,
    GameOption::Secret,
  ];

  /// Reads an option word: case, spaces, `-` and `_` do not matter, and
  /// centre/center, singular/plural and BLANK BOARD are all understood.
  pub fn parse(word: &str) -> Option<GameOption> {
    let squeezed: String =
      word.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    Some(match squeezed.as_str() {
      "gunboat" => GameOption::Gunboat,
      "anycenter" | "anycenters" | "anycentre" | "anycentres" => GameOption::AnyCenter,
      "onecenter" | "onecenters" | "onecentre" | "onecentres" => GameOption::OneCenter,
      "anydisband" => GameOption::AnyDisband,
      "autodisband" => GameOption::AutoDisband,
      "emptyboard" | "blankboard" => GameOption::EmptyBoard,
      "summer" => GameOption::Summer,
      "coastalconvoy" | "coastalconvoys" => GameOption::CoastalConvoys,
      "secret" => GameOption::Secret,
      "blind" => GameOption::Blind,
      "wings" | "wing" => GameOption::Wings,
      "crystalball" | "xtalball" => GameOption::CrystalBall,
      "payola" => GameOption::Payola,
      "payolaclassic" | "classicpayola" => GameOption::PayolaClassic,
      _ => return None,
    })
  }

  /// The word as a SIGN ON writes it: `AnyCenter`.
  pub fn word(self) -> &'static str {
    match self {
      GameOption::Gunboat => "Gunboat",
      GameOption::AnyCenter => "AnyCenter",
      GameOption::OneCenter => "OneCenter",
      GameOption::AnyDisband => "AnyDisband",
      GameOption::AutoDisband => "AutoDisband",
      GameOption::EmptyBoard => "EmptyBoard",
      GameOption::Summer => "Summer",
      GameOption::CoastalConvoys => "CoastalConvoys",
      GameOption::Secret => "Secret",
      GameOption::Blind => "Blind",
      GameOption::Wings => "Wings",
      GameOption::CrystalBall => "CrystalBall",
      GameOption::Payola => "Payola",
      GameOption::PayolaClassic => "PayolaClassic",
    }
  }

  /// Why this option cannot be played on `map`, if it cannot: a Summer
  /// turn needs the standard Spring-Fall year to go between.
  pub fn not_for(self, map: &crate::map::Map) -> Option<String> {
    match self {
      GameOption::Summer if map.calendar().is_some() => Some(format!(
        "The Summer option does not apply to {}: its calendar has its own\n\
         seasons, with no Spring and Fall for a Summer turn to go between.",
        map.name()
      )),
      _ => None,
    }
  }

  /// The option's name as listings show it: `Any Center`.
  pub fn title(self) -> &'static str {
    match self {
      GameOption::Gunboat => "Gunboat",
      GameOption::AnyCenter => "Any Center",
      GameOption::OneCenter => "One Center",
      GameOption::AnyDisband => "Any Disband",
      GameOption::AutoDisband => "Auto Disband",
      GameOption::EmptyBoard => "Empty Board",
      GameOption::Summer => "Summer",
      GameOption::CoastalConvoys => "Coastal Convoys",
      GameOption::Secret => "Secret",
      GameOption::Blind => "Blind",
      GameOption::Wings => "Wings",
      GameOption::CrystalBall => "Crystal Ball",
      GameOption::Payola => "Payola",
      GameOption::PayolaClassic => "Payola Classic",
    }
  }

  /// The SET command that turns the option on or off.
  pub const fn command(self, on: bool) -> &'static str {
    match (self, on) {
      (GameOption::Gunboat, true) => "SET VARIANT Gunboat",
      (GameOption::Gunboat, false) => "SET NOT VARIANT Gunboat",
      (GameOption::AnyCenter, true) => "SET ANY CENTER",
      (GameOption::OneCenter, true) => "SET ONE CENTER",
      (GameOption::AnyCenter | GameOption::OneCenter, false) => "SET HOME CENTER",
      (GameOption::AnyDisband, true) => "SET ANY DISBAND",
      (GameOption::AnyDisband, false) => "SET NORMAL DISBAND",
      (GameOption::AutoDisband, true) => "SET AUTO DISBAND",
      (GameOption::AutoDisband, false) => "SET NO AUTO DISBAND",
      (GameOption::EmptyBoard, true) => "SET EMPTY BOARD",
      (GameOption::EmptyBoard, false) => "SET NOT VARIANT EmptyBoard",
      (GameOption::Summer, true) => "SET SUMMER",
      (GameOption::Summer, false) => "SET NO SUMMER",
      (GameOption::CoastalConvoys, true) => "SET COASTAL CONVOYS",
      (GameOption::CoastalConvoys, false) => "SET NO COASTAL CONVOYS",
      (GameOption::Secret, true) => "SET SECRET",
      (GameOption::Secret, false) => "SET NO SECRET",
      (GameOption::Blind, true) => "SET VARIANT Blind",
      (GameOption::Blind, false) => "SET NOT VARIANT Blind",
      (GameOption::Wings, true) => "SET VARIANT Wings",
      (GameOption::Wings, false) => "SET NOT VARIANT Wings",
      (GameOption::CrystalBall, true) => "SET VARIANT CrystalBall",
      (GameOption::CrystalBall, false) => "SET NOT VARIANT CrystalBall",
      (GameOption::Payola, true) => "SET VARIANT Payola",
      (GameOption::Payola, false) => "SET NOT VARIANT Payola",
      (GameOption::PayolaClassic, true) => "SET VARIANT PayolaClassic",
      (GameOption::PayolaClassic, false) => "SET NOT VARIANT PayolaClassic",
    }
  }

  /// What the game is like with the option on or off, in words.
  pub const fn meaning(self, on: bool) -> &'static str {
    match (self, on) {
      (GameOption::Gunboat, true) => "the game is Gunboat: the players are anonymous",
      (GameOption::Gunboat, false) => "the game is not Gunboat: the players are named",
      (GameOption::AnyCenter, true) => "powers may build in any supply center they own",
      (GameOption::OneCenter, true) => {
        "powers may build in any supply center they own\n\
         while they still own a home center"
      }
      (GameOption::AnyCenter | GameOption::OneCenter, false) => {
        "powers build only in their own home centers (the standard rule)"
      }
      (GameOption::AnyDisband, true) => {
        "any unit may be disbanded in adjustment phases,\n\
         and the room used for a build; each adjustment phase waits for its deadline"
      }
      (GameOption::AnyDisband, false) => {
        "only powers with more units than centers disband\n\
         in adjustment phases (the standard rule)"
      }
      (GameOption::AutoDisband, true) => {
        "dislodged units are disbanded at once: there are no retreats"
      }
      (GameOption::AutoDisband, false) => "dislodged units retreat as usual",
      (GameOption::EmptyBoard, true) => {
        "the game starts with an empty board, in a Winter\n\
         build phase in which each power builds its units in its home centers"
      }
      (GameOption::EmptyBoard, false) => "the game starts with the standard units on the board",
      (GameOption::Summer, true) => "a Summer movement phase comes between Spring and Fall",
      (GameOption::Summer, false) => "there is no Summer phase",
      (GameOption::CoastalConvoys, true) => "fleets in coastal provinces may convoy",
      (GameOption::CoastalConvoys, false) => "only fleets at sea may convoy",
      (GameOption::Secret, true) => "the number of players is not revealed",
      (GameOption::Secret, false) => "the number of players may be shown",
      (GameOption::Blind, true) => {
        "the game is Blind: each player sees only its own units, and the\n\
         results tell each player only what its own units did"
      }
      (GameOption::Blind, false) => "the game is not Blind: everyone sees the whole board",
      (GameOption::Wings, true) => {
        "the game has wings: air units that fly across any border, are built\n\
         like the others, and blockade the centre they stand on"
      }
      (GameOption::Wings, false) => "the game has no wings",
      (GameOption::CrystalBall, true) => {
        "the game is Crystal Ball: each power writes its movement orders a\n\
         turn ahead, as lists, and the list locked for a turn is carried out"
      }
      (GameOption::CrystalBall, false) => "the game is not Crystal Ball: orders as usual",
      (GameOption::Payola, true) => {
        "the game is Payola: units follow whoever pays them most, from\n\
         treasuries the centres fill each year"
      }
      (GameOption::Payola, false) => "the game is not Payola: each power orders its own units",
      (GameOption::PayolaClassic, true) => {
        "the game is classic Payola: Payola with a flat tax, no savings,\n\
         plain offers only, and 0 AgP offers to any unit"
      }
      (GameOption::PayolaClassic, false) => "the game is not classic Payola",
    }
  }

  /// Whether the option is on in `settings`.
  pub fn is_on(self, settings: &Settings) -> bool {
    let v = &settings.variant;
    match self {
      GameOption::Gunboat => settings.gunboat,
      GameOption::AnyCenter => v.builds == BuildRule::Any,
      GameOption::OneCenter => v.builds == BuildRule::One,
      GameOption::AnyDisband => v.any_disband,
      GameOption::AutoDisband => v.auto_disband,
      GameOption::EmptyBoard => v.empty_board,
      GameOption::Summer => v.summer,
      GameOption::CoastalConvoys => v.coastal_convoys,
      GameOption::Secret => v.secret,
      GameOption::Blind => v.blind,
      GameOption::Wings => v.wings,
      GameOption::CrystalBall => v.crystal_ball,
      GameOption::Payola => v.payola,
      GameOption::PayolaClassic => v.payola && v.has_rule("PAYOLA_CLASSIC"),
    }
  }

  /// Turns the option on or off. An option turned off is no longer one a
  /// SIGN ON must name; the build rules exclude each other.
  pub fn set(self, settings: &mut Settings, on: bool) {
    let v = &mut settings.variant;
    match self {
      GameOption::Gunboat => settings.gunboat = on,
      GameOption::AnyCenter | GameOption::OneCenter => {
        let rule = if self == GameOption::AnyCenter { BuildRule::Any } else { BuildRule::One };
        if on {
          v.builds = rule;
          // Any centre is wider than any home; one centre with HOME_BUILDS
          // is the DPjudge's HOME_BUILDS with REMOTE_BUILDS.
          if self == GameOption::AnyCenter {
            v.map_rules.retain(|r| r != "HOME_BUILDS");
          }
        } else if v.builds == rule {
          v.builds = BuildRule::Home;
        }
      }
      GameOption::AnyDisband => v.any_disband = on,
      GameOption::AutoDisband => v.auto_disband = on,
      GameOption::EmptyBoard => v.empty_board = on,
      GameOption::Summer => v.summer = on,
      GameOption::CoastalConvoys => v.coastal_convoys = on,
      GameOption::Secret => v.secret = on,
      GameOption::Blind => v.blind = on,
      GameOption::Wings => v.wings = on,
      GameOption::Payola | GameOption::PayolaClassic => {
        let classic = self == GameOption::PayolaClassic;
        if on {
          // One game type at a time: the last one named.
          v.crystal_ball = false;
          v.payola = true;
          v.map_rules.retain(|r| !matches!(r.as_str(), "NO_CHECK" | "FICTIONAL_OK"));
          v.map_rules.retain(|r| game_type_of(r) != Some("Crystal Ball"));
          settings.proxy = false;
          if classic {
            let _ = settings.set_rule("PAYOLA_CLASSIC", true);
          }
        } else if classic {
          settings.variant.map_rules.retain(|r| r != "PAYOLA_CLASSIC");
        } else {
          v.payola = false;
          v.map_rules.retain(|r| game_type_of(r) != Some("Payola"));
        }
      }
      GameOption::CrystalBall => {
        if on {
          v.payola = false;
          v.map_rules.retain(|r| game_type_of(r) != Some("Payola"));
        }
        v.crystal_ball = on;
        if on {
          v.map_rules.retain(|r| r != "NO_CHECK");
        }
        // PROXY_OK comes with the game type; its own rules go with it.
        settings.proxy = on;
        if !on {
          settings.variant.map_rules.retain(|r| game_type_of(r) != Some("Crystal Ball"));
        }
      }
    }
    let kept: Vec<GameOption> = settings.variant.named.clone();
    settings.variant.named = kept.into_iter().filter(|o| o.is_on(settings)).collect();
  }

  /// Turns the option on as a variant word (CREATE, SET VARIANT): SIGN ON
  /// ?name must then name it.
  pub fn name_in(self, settings: &mut Settings) {
    self.set(settings, true);
    if !settings.variant.named.contains(&self) {
      settings.variant.named.push(self);
    }
  }
}

impl Settings {
  /// The options in force, in listing order.
  pub fn options(&self) -> Vec<GameOption> {
    GameOption::ALL.into_iter().filter(|o| o.is_on(self)).collect()
  }

  /// The option words a SIGN ON ?name must give, beside the map's name:
  /// Gunboat when the game is gunboat, and each option named as a variant
  /// word.
  pub fn sign_on_options(&self) -> Vec<GameOption> {
    GameOption::ALL
      .into_iter()
      .filter(|&o| {
        o.is_on(self)
          && (matches!(
            o,
            GameOption::Gunboat
              | GameOption::Blind
              | GameOption::Wings
              | GameOption::CrystalBall
              | GameOption::Payola
          ) || self.variant.named.contains(&o))
      })
      .collect()
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn option_words_read_in_every_spelling() {
    for (word, option) in [
      ("gunboat", GameOption::Gunboat),
      ("AnyCentre", GameOption::AnyCenter),
      ("any_centers", GameOption::AnyCenter),
      ("ONE-CENTER", GameOption::OneCenter),
      ("BlankBoard", GameOption::EmptyBoard),
      ("empty board", GameOption::EmptyBoard),
      ("CoastalConvoy", GameOption::CoastalConvoys),
    ] {
      assert_eq!(GameOption::parse(word), Some(option), "{word}");
    }
    assert_eq!(GameOption::parse("chaos"), None);
    for option in GameOption::ALL {
      assert_eq!(GameOption::parse(option.word()), Some(option));
      assert_eq!(GameOption::parse(option.title()), Some(option));
    }
  }

  #[test]
  fn set_rule_turns_played_rules_on_and_off_and_keeps_options_in_step() {
    let mut settings = Settings::default();
    assert_eq!(settings.set_rule("ftf-press", true), Ok("FTF_PRESS".to_string()));
    assert!(settings.variant.has_rule("FTF_PRESS"));
    assert_eq!(settings.set_rule("Build_Any", true), Ok("BUILD_ANY".to_string()));
    assert_eq!(settings.variant.builds, BuildRule::Any, "the option follows the rule");
    assert_eq!(settings.variant.rules_in_force(), ["FTF_PRESS", "BUILD_ANY"]);
    GameOption::AnyCenter.set(&mut settings, false);
    assert!(!settings.variant.has_rule("BUILD_ANY"), "the rule follows the option");
    assert_eq!(settings.set_rule("FTF_PRESS", false), Ok("FTF_PRESS".to_string()));
    assert!(settings.variant.rules_in_force().is_empty());
    let error = settings.set_rule("CD_DUMMIES_X", true).expect_err("not played").to_string();
    assert!(error.contains("'CD_DUMMIES_X' is not a rule"), "{error}");
    assert!(error.contains("FTF_PRESS"), "the known rules are named: {error}");
    assert!(error.lines().all(|l| l.len() < 78), "{error}");
  }

  #[test]
  fn set_rule_portage_is_portage_convoy_and_says_what_it_does() {
    let mut settings = Settings::default();
    assert_eq!(settings.set_rule("portage", true), Ok("PORTAGE_CONVOY".to_string()));
    assert!(settings.variant.has_rule("PORTAGE_CONVOY"));
    let meaning = rule_meaning("PORTAGE_CONVOY", true);
    assert!(meaning.contains("F Lon-Wal-Lvp with A Wal C F Lon-Lvp"), "{meaning}");
    assert!(meaning.lines().all(|l| l.len() < 60), "{meaning}");
    assert_eq!(settings.set_rule("PORTAGE_CONVOY", false), Ok("PORTAGE_CONVOY".to_string()));
    assert!(!settings.variant.has_rule("PORTAGE_CONVOY"));
  }

  #[test]
  fn a_rule_turns_on_and_off_what_the_dpjudges_table_says() {
    let mut settings = Settings::default();
    assert_eq!(settings.set_rule("myopic", true), Ok("MYOPIC".to_string()));
    for implied in ["BLIND", "SEE_NO_SCS", "SEE_NO_UNITS", "NO_UNITS_SEE", "NO_SCS_SEE"] {
      assert!(settings.variant.has_rule(implied), "MYOPIC brings {implied}");
    }
    assert!(settings.variant.has_rule("FICTIONAL_OK"), "and BLIND brings FICTIONAL_OK");
    assert!(settings.variant.has_rule("HIDE_DUMMIES"), "and HIDE_DUMMIES, unless denied (=)");
    let mut settings = Settings::default();
    assert!(settings.set_rule("OWN_SCS_SEE", true).is_ok());
    assert!(settings.set_rule("GREEK", true).is_ok());
    assert!(!settings.variant.has_rule("OWN_SCS_SEE"), "GREEK turns OWN_SCS_SEE off");
    assert!(settings.variant.has_rule("UNITS_SEE_SAME"));
    let mut settings = Settings::default();
    assert!(settings.set_rule("HOME_BUILDS", true).is_ok());
    assert!(settings.set_rule("BUILD_ANY", true).is_ok());
    assert!(!settings.variant.has_rule("HOME_BUILDS"), "BUILD_ANY turns HOME_BUILDS off");
    // By name on the standard map, HOME_BUILDS is what the board obeys.
    let mut settings = Settings::default();
    assert!(settings.set_rule("HOME_BUILDS", true).is_ok());
    assert_eq!(settings.variant.rules().builds, BuildRule::AnyHome);
    // Crystal Ball takes no NO_CHECK, and drops it when it comes.
    let mut xtal = Settings::default();
    assert!(xtal.set_rule("NO_CHECK", true).is_ok());
    GameOption::CrystalBall.set(&mut xtal, true);
    assert!(!xtal.variant.has_rule("NO_CHECK"));
    let refused = xtal.set_rule("NO_CHECK", true).map_err(|e| e.to_string());
    assert_eq!(refused, Err("Crystal Ball games are never played with NO_CHECK.".to_string()));
    // With REMOTE_BUILDS (SET ONE CENTER): homes of any power, while one
    // of its own is kept.
    GameOption::OneCenter.set(&mut settings, true);
    assert_eq!(settings.variant.rules().builds, BuildRule::OneHome);
    GameOption::AnyCenter.set(&mut settings, true);
    assert_eq!(settings.variant.rules().builds, BuildRule::Any, "any centre is wider");
    assert!(!settings.variant.has_rule("HOME_BUILDS"));
    assert_eq!(settings.set_rule("flex setup", true), Ok("BLANK_BOARD".to_string()));
    assert!(settings.variant.empty_board, "FLEX_SETUP is BLANK_BOARD");
    assert!(settings.set_rule("MOBILIZE", true).is_ok());
    assert!(!settings.variant.empty_board, "MOBILIZE turns BLANK_BOARD off");
  }

  #[test]
  fn rules_that_are_njudge_settings_change_the_setting_and_game_type_rules_are_refused() {
    let mut settings = Settings::default();
    assert!(!settings.proxy);
    assert_eq!(settings.set_rule("PROXY_OK", true), Ok("PROXY_OK".to_string()));
    assert!(settings.proxy, "PROXY_OK is SET PROXY");
    assert!(settings.rule_on("PROXY_OK") && !settings.rule_on("NO_PROXY"));
    assert!(settings.variant.has_rule("ORDER_ANY"), "PROXY_OK brings ORDER_ANY");
    assert!(settings.set_rule("NO_PROXY", true).is_ok());
    assert!(!settings.proxy, "NO_PROXY is SET NO PROXY");
    assert!(settings.press.partial);
    assert_eq!(settings.set_rule("no partial", true), Ok("PUBLIC_PRESS".to_string()));
    assert!(!settings.press.partial, "NO_PARTIAL is PUBLIC_PRESS, SET NO PARTIAL");
    assert!(settings.set_rule("PUBLIC_PRESS", false).is_ok());
    assert!(settings.press.partial);
    assert!(
      settings.variant.rules_in_force().iter().all(|r| !r.contains("PROXY")),
      "LIST shows SET PROXY's own line"
    );
    assert!(settings.set_rule("SHOW_PHANTOM", true).is_ok());
    assert!(settings.variant.has_rule("FICTIONAL_OK"), "SHOW_PHANTOM brings FICTIONAL_OK");
    // The press rules that are njudge's press settings.
    assert!(settings.set_rule("GREY_PRESS", true).is_ok());
    assert_eq!(settings.press.colors, Colors::Grey, "GREY_PRESS is SET GREY");
    assert!(settings.set_rule("NO_PRESS", true).is_ok());
    assert_eq!(settings.press.colors, Colors::None, "NO_PRESS is SET NO PRESS");
    assert!(settings.set_rule("NO_PRESS", false).is_ok());
    assert_eq!(settings.press.colors, Colors::White);
    assert!(settings.set_rule("MUST_ORDER", true).is_ok() && settings.press.must_order);
    assert!(settings.set_rule("MUTE_OBSERVERS", true).is_ok());
    assert_eq!(settings.press.observers, ObserverPress::None, "as SET NO OBSERVER");
    assert!(settings.set_rule("LATE_SEND", false).is_ok() && !settings.press.late);
    for name in ["PROXY_OK", "PUBLIC_PRESS", "NO_PRESS", "GREY_PRESS", "WHITE_GREY", "LATE_SEND"] {
      for on in [true, false] {
        let meaning = rule_meaning(name, on);
        assert!(meaning.lines().all(|l| l.len() <= 56), "{name} {on}: {meaning}");
      }
    }
    // A map's own rules go through the table too.
    let vassal = crate::map::Map::builtin("vassal").unwrap_or_else(|e| panic!("{e}"));
    let deadlines = [
      crate::game::deadline::DeadlineRule::movement(),
      crate::game::deadline::DeadlineRule::other(),
      crate::game::deadline::DeadlineRule::other(),
    ];
    let made = Settings::new(vassal, deadlines);
    assert!(made.variant.has_rule("VASSAL_DUMMIES") && made.variant.has_rule("CD_DUMMIES"));
    let error = settings.set_rule("NO_RESERVES", true).expect_err("no map has reserves");
    assert!(error.to_string().contains("reserves"), "{error}");
    assert!(error.to_string().lines().all(|l| l.len() < 78), "{error}");
    for (rule, game_type) in [("PUBLIC_LISTS", "Crystal Ball"), ("zerosum", "Payola")] {
      let error = settings.set_rule(rule, true).expect_err("another game type's").to_string();
      assert!(error.contains(game_type), "{error}");
    }
  }

  #[test]
  fn build_rules_exclude_each_other_and_named_options_follow_the_settings() {
    let mut settings = Settings::default();
    GameOption::AnyCenter.name_in(&mut settings);
    GameOption::Summer.set(&mut settings, true);
    assert_eq!(settings.variant.builds, BuildRule::Any);
    assert_eq!(settings.sign_on_options(), vec![GameOption::AnyCenter]);
    GameOption::OneCenter.set(&mut settings, true);
    assert_eq!(settings.variant.builds, BuildRule::One);
    assert!(settings.sign_on_options().is_empty(), "Any Center is off now");
    GameOption::AnyCenter.set(&mut settings, false);
    assert_eq!(settings.variant.builds, BuildRule::One, "turning off another rule keeps One");
    assert_eq!(settings.options(), vec![GameOption::Summer, GameOption::OneCenter]);
    let rules = settings.variant.rules();
    assert!(rules.summer && rules.builds == BuildRule::One && !rules.any_disband);
  }
}
