//! Press (manual §7.4) under the game's press settings (§8.5): reading the
//! options of a PRESS or BROADCAST line, checking them against the
//! settings and the sender, and working out who gets the message and what
//! each is told of where it came from and whom it went to. Masters are
//! told the truth; everyone else sees what the sender chose to show.
//! Knows nothing of mail: the session turns a [`Plan`] into messages.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Game, Role, Status};
use crate::map::PowerId;
use crate::phase::PhaseKind;

/// The colours of press a game allows, and which one is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Colors {
  /// No press, except to and from the Master (SET NO PRESS).
  None,
  /// Signed press only (the default).
  White,
  /// Anonymous press only.
  Grey,
  /// Both, signed unless the sender says GREY.
  WhiteGrey,
  /// Both, anonymous unless the sender says WHITE.
  GreyWhite,
}

/// Whether press may show a false list of recipients.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fakes {
  /// Never (NO FAKE, the default).
  No,
  /// When the sender asks (PARTIAL MAY BE FAKED).
  May,
  /// Every message looks like a broadcast (PARTIAL FAKES BROADCAST).
  Broadcast,
  /// Messages look like broadcasts unless the sender shows other
  /// recipients (PARTIAL FAKES BROADCAST BY DEFAULT).
  BroadcastByDefault,
}

/// What observers may send (SET OBSERVER).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ObserverPress {
  Any,
  White,
  None,
}

/// A game's press settings (§8.5). The defaults are the manual's: white,
/// partial allowed, no fake, no postal press.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PressSettings {
  pub colors: Colors,
  /// Press to some of the powers rather than all (SET PARTIAL).
  pub partial: bool,
  pub fakes: Fakes,
  pub observers: ObserverPress,
  /// POSTAL PRESS, sent out with the next results.
  pub postal: bool,
  /// Empty messages are sent (SET BLANK PRESS).
  pub blank: bool,
  /// Players whose orders are late may still send press (SET LATE PRESS).
  pub late: bool,
  /// Press in retreat and adjustment phases (SET MINOR PRESS).
  pub minor: bool,
  /// Only players whose orders are in may send press (SET MUST ORDER).
  pub must_order: bool,
  /// Observers may SET ALL PRESS too (SET WATCH ALL PRESS).
  pub watch_all: bool,
  /// A player's press goes only to powers its units touch, and one
  /// broadcast a phase; to the Master always, to observers never (SET
  /// TOUCH PRESS, manual §9.1).
  #[serde(default)]
  pub touch: bool,
}

impl Default for PressSettings {
  fn default() -> PressSettings {
    PressSettings {
      colors: Colors::White,
      partial: true,
      fakes: Fakes::No,
      observers: ObserverPress::Any,
      postal: false,
      blank: false,
      late: true,
      minor: true,
      must_order: false,
      watch_all: false,
      touch: false,
    }
  }
}

impl PressSettings {
  /// The settings in words, for LIST: `White, Partial Allowed, No Fake`.
  pub fn describe(&self) -> String {
    let mut parts: Vec<&str> = vec![match self.colors {
      Colors::None => "None",
      Colors::White => "White",
      Colors::Grey => "Grey",
      Colors::WhiteGrey => "White/Grey",
      Colors::GreyWhite => "Grey/White",
    }];
    if self.colors != Colors::None {
      parts.push(if self.partial { "Partial Allowed" } else { "No Partial" });
      parts.push(match self.fakes {
        Fakes::No => "No Fake",
        Fakes::May => "Partial May Be Faked",
        Fakes::Broadcast => "Partial Fakes Broadcast",
        Fakes::BroadcastByDefault => "Partial Fakes Broadcast By Default",
      });
    }
    match self.observers {
      ObserverPress::Any => {}
      ObserverPress::White => parts.push("Observers White"),
      ObserverPress::None => parts.push("No Observers"),
    }
    if self.postal {
      parts.push("Postal Press");
    }
    if self.touch {
      parts.push("Touch Press");
    }
    if self.blank {
      parts.push("Blank Press");
    }
    if !self.late {
      parts.push("No Late Press");
    }
    if !self.minor {
      parts.push("No Minor Press");
    }
    if self.must_order {
      parts.push("Must Order");
    }
    if self.watch_all {
      parts.push("Watch All Press");
    }
    parts.join(", ")
  }

  fn grey_allowed(&self) -> bool {
    matches!(self.colors, Colors::Grey | Colors::WhiteGrey | Colors::GreyWhite)
  }

  fn white_allowed(&self) -> bool {
    matches!(self.colors, Colors::White | Colors::WhiteGrey | Colors::GreyWhite)
  }
}

/// Signed or anonymous.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
  White,
  Grey,
}

/// The people a list of initials names: powers by their initials, `O`
/// for the observers and `M` for the Masters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Addressees {
  /// The initials as written, upper case, in order (subjects show them).
  pub letters: String,
  pub powers: Vec<PowerId>,
  pub observers: bool,
  pub masters: bool,
}

impl Addressees {
  /// Whether the list names exactly the Masters.
  fn masters_only(&self) -> bool {
    self.masters && !self.observers && self.powers.is_empty()
  }
}

/// Who really gets a message, or whom it claims to go to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
  Everyone,
  To(Addressees),
  AllBut(Addressees),
}

/// A fake option: what the header claims instead of the truth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fake {
  /// NO FAKE: show the real recipients even where fakes are the default.
  No,
  /// Claim the message went to these (`Everyone` for a fake broadcast).
  As(Delivery),
}

/// The options of a PRESS or BROADCAST line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
  pub color: Option<Color>,
  pub delivery: Option<Delivery>,
  pub fake: Option<Fake>,
  /// The sender claimed (FROM power), under the DPjudge's FAKE_PRESS.
  pub from: Option<PowerId>,
}

impl Options {
  fn is_empty(&self) -> bool {
    self.color.is_none() && self.delivery.is_none() && self.fake.is_none() && self.from.is_none()
  }
}

/// The words of an options line, upper case. A `+` or `-` opening a word
/// where an option may start is the operator (`+FRG`, `- RO`); in a list
/// every character is an initial, so a map's `+`, `-` and `*` powers can
/// be named (`TO +*`, `++`, `-*`).
fn words(text: &str) -> Vec<String> {
  text
    .split(|c: char| c.is_whitespace() || c == ',')
    .filter(|w| !w.is_empty())
    .map(str::to_ascii_uppercase)
    .collect()
}

/// Why a press message is not sent (manual §7.4 and the DPjudge's press
/// rules); each reads as the sentence the sender is told, so a message,
/// and the web, refuse alike.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PressRefusal {
  // ------------------------------------------------------ the press line
  #[error("The message has two lists of recipients; give one.")]
  TwoLists,
  #[error(
    "'{0}' is not a press option. The options are WHITE or GREY, TO list (or +list),\n\
     TO ALL BUT list (or -list), and FAKE [BROADCAST | TO list | TO ALL BUT list]."
  )]
  UnknownOption(String),
  #[error("The message has two colours; give WHITE or GREY once.")]
  TwoColours,
  #[error("The message has two fake options; give one.")]
  TwoFakes,
  #[error("A list of recipients is missing: write the powers' initials, as in TO FG.")]
  NoList,
  #[error("'{letter}' is repeated in the list '{list}'.")]
  Repeated { letter: char, list: String },
  /// `power` is the name of a power nobody plays.
  #[error("Nobody plays {power} ('{letter}'), so it cannot be written to or named here.")]
  Unplayed { power: String, letter: char },
  /// `initials` are the playable powers'.
  #[error(
    "{} in '{list}' {} not the initial of a power. A list is made of initials\n\
     only ({initials}, O for the observers, M for the Master), as in TO FG.",
    and_list(&unknown.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>()),
    if unknown.len() == 1 { "is" } else { "are" }
  )]
  NotInitials { unknown: Vec<char>, list: String, initials: String },
  #[error(
    "PRESS needs options saying who gets the message (for example PRESS TO G);\n\
     to send a message to everyone, use BROADCAST."
  )]
  NoRecipients,
  // ---------------------------------------------------- the game's rules
  #[error("Game '{0}' does not allow empty press messages.")]
  Empty(String),
  #[error("Press to the Master cannot be faked.")]
  FakeToMaster,
  #[error(
    "The powers are not dealt yet: before the start, press goes to everyone\n\
     (BROADCAST), to the observers (O) or to the Master (M)."
  )]
  NotDealt,
  #[error("Game '{0}' does not allow press, except to the Master (PRESS TO M).")]
  NoPress(String),
  #[error(
    "Game '{0}' does not allow press from observers, except to the Master\n\
     (PRESS TO M)."
  )]
  NoObserverPress(String),
  /// `when` is "outside movement phases" or "once the deadline has passed".
  #[error(
    "Game '{game}' has face-to-face press (FTF_PRESS): {when},\n\
     press may go only to the Master (PRESS TO M)."
  )]
  FaceToFace { game: String, when: &'static str },
  #[error(
    "Game '{0}' does not allow press in retreat and adjustment phases, except\n\
     to the Master (PRESS TO M)."
  )]
  NoMinorPress(String),
  #[error("Game '{0}' does not allow grey (anonymous) press.")]
  NoGrey(String),
  #[error("Game '{0}' does not allow grey press from observers.")]
  NoGreyFromObservers(String),
  #[error("Game '{0}' allows only grey (anonymous) press.")]
  OnlyGrey(String),
  #[error("Game '{0}' allows only press to everyone (BROADCAST), or to the Master.")]
  NoPartial(String),
  #[error(
    "Game '{game}' has TOUCH PRESS: a message goes only to powers one of your units\n\
     could reach in one move (any border), and {powers} is not among them."
  )]
  OutOfTouch { game: String, powers: String },
  #[error("Game '{0}' has TOUCH PRESS: press to observers is not allowed.")]
  NoTouchObservers(String),
  #[error("Game '{0}' has TOUCH PRESS: one broadcast a phase, and you have sent it.")]
  OneBroadcast(String),
  #[error("In game '{0}' every message shows as a broadcast, so NO FAKE cannot be used.")]
  NoFakeRefused(String),
  #[error("Game '{0}' does not allow fake press.")]
  NoFakes(String),
  #[error("Game '{0}' does not allow partial press, so none can be shown.")]
  NoPartialToShow(String),
  #[error(
    "In game '{0}' every message shows as a broadcast: it cannot show other\n\
     recipients."
  )]
  ShownAsBroadcast(String),
  #[error(
    "Game '{0}' does not allow press from players whose orders are late.\n\
     Send complete orders first; press to the Master (PRESS TO M) is allowed."
  )]
  Late(String),
  #[error(
    "Game '{0}' allows press only once your orders are in. Send complete\n\
     orders first; press to the Master (PRESS TO M) is allowed."
  )]
  OrdersFirst(String),
  #[error("Nobody would get this message: nobody in the game is on its list.")]
  Nobody,
  // ------------------------------------- the DPjudge's press rules (issue 27)
  #[error("FROM needs the power the message claims to come from, as in PRESS FROM F TO G.")]
  NoSender,
  #[error("'{0}' is not a power of this game: write FROM and a power's initial or name.")]
  UnknownSender(String),
  #[error("The message claims two senders; give FROM once.")]
  TwoSenders,
  #[error(
    "Game '{0}' does not allow press signed as another power (FROM); the\n\
     Master may allow it with SET FAKE SENDER (the DPjudge's FAKE_PRESS)."
  )]
  NoFakeSender(String),
  #[error(
    "Press cannot claim to come from the Master, nor go to the Master under a false sender."
  )]
  FakeSenderMaster,
  #[error(
    "Game '{0}' has backseat press (BACKSEAT_PRESS): players write only to the\n\
     Master (PRESS TO M)."
  )]
  BackseatPlayer(String),
  #[error("Game '{0}' has backseat press (BACKSEAT_PRESS): observers may only BROADCAST.")]
  BackseatObserver(String),
  /// `rule` is TOUCH_PRESS or REMOTE_PRESS.
  #[error(
    "Game '{game}' has {rule}: broadcasts are allowed only with NO PARTIAL;\n\
     write to the powers you may reach, or to the Master."
  )]
  ContactBroadcast { game: String, rule: &'static str },
  #[error(
    "Game '{game}' has {rule}: {why},\n\
     and {powers} {is} not among them."
  )]
  OutOfContact {
    game: String,
    rule: &'static str,
    why: &'static str,
    powers: String,
    is: &'static str,
  },
  #[error(
    "Game '{game}' has NO_LATE_RECEIVE: the deadline has passed, and {powers}\n\
     {is} late, so private press cannot go to {them}."
  )]
  LateReceiver { game: String, powers: String, is: &'static str, them: &'static str },
  // --------------------------------------------------------- postal press
  #[error("Postal press goes out with the next results, and game '{0}' is not under way.")]
  PostalNotUnderWay(String),
  #[error("Game '{0}' does not allow postal press.")]
  NoPostal(String),
  #[error("Game '{0}' does not allow press.")]
  PostalNoPress(String),
}

/// Why `sender` may not send POSTAL PRESS (a broadcast kept until the
/// phase is processed) with `text` now, if they may not; the Master
/// always may while the game is under way.
pub fn postal_refusal(
  game: &Game,
  sender: usize,
  text: &str,
  now: DateTime<Utc>,
) -> Option<PressRefusal> {
  let master = game.members[sender].role == Role::Master;
  let settings = &game.settings.press;
  let name = || game.name.clone();
  if game.status != Status::Active {
    Some(PressRefusal::PostalNotUnderWay(name()))
  } else if master {
    None
  } else if !settings.postal {
    Some(PressRefusal::NoPostal(name()))
  } else if settings.colors == Colors::None {
    Some(PressRefusal::PostalNoPress(name()))
  } else if let Some(refusal) = face_to_face_refusal(game, now) {
    Some(refusal)
  } else if text.trim().is_empty() && !settings.blank {
    Some(PressRefusal::Empty(name()))
  } else {
    None
  }
}

/// Whether a word opens a delivery option: `TO`, or `+`/`-` with or
/// without its list.
fn opens_delivery(word: &str) -> bool {
  word == "TO" || word.starts_with(['+', '-'])
}

/// Reads the options of a PRESS or BROADCAST line (§7.4). The real
/// recipients come first; after FAKE, a list names the recipients to show
/// (`PRESS FAKE TO FRG` is a broadcast shown as going to France, Russia
/// and Germany; `PRESS TO FRG FAKE` goes to them and shows as a
/// broadcast; `PRESS FAKE BROADCAST TO FRG` is the same as the latter).
pub fn parse_options(text: &str, game: &Game) -> Result<Options, PressRefusal> {
  let words = words(text);
  let mut options = Options::default();
  let mut i = 0;
  let word = |i: usize| words.get(i).map(String::as_str);
  while let Some(w) = word(i) {
    i += 1;
    match w {
      "WHITE" | "UNANONYMOUS" | "UNANONYMOUSLY" => set_color(&mut options, Color::White)?,
      "GREY" | "GRAY" | "ANONYMOUS" | "ANONYMOUSLY" => set_color(&mut options, Color::Grey)?,
      "FROM" => {
        let claimed = word(i).ok_or(PressRefusal::NoSender)?;
        i += 1;
        let power = super::press_rules::power_named(game, claimed)
          .ok_or_else(|| PressRefusal::UnknownSender(claimed.to_string()))?;
        if options.from.replace(power).is_some() {
          return Err(PressRefusal::TwoSenders);
        }
      }
      w if opens_delivery(w) => {
        let (delivery, next) = delivery(&words, i - 1, game)?;
        i = next;
        if options.delivery.replace(delivery).is_some() {
          return Err(PressRefusal::TwoLists);
        }
      }
      "NO" => {
        if word(i) != Some("FAKE") {
          return Err(PressRefusal::UnknownOption(w.to_string()));
        }
        i += 1;
        if word(i) == Some("BROADCAST") {
          i += 1;
        }
        set_fake(&mut options, Fake::No)?;
      }
      "FAKE" => {
        if word(i) == Some("PARTIAL") {
          i += 1;
        }
        let fake = match word(i) {
          Some("BROADCAST") => {
            i += 1;
            Fake::As(Delivery::Everyone)
          }
          Some(w) if opens_delivery(w) => {
            let (delivery, next) = delivery(&words, i, game)?;
            i = next;
            Fake::As(delivery)
          }
          _ => Fake::As(Delivery::Everyone),
        };
        set_fake(&mut options, fake)?;
      }
      other => return Err(PressRefusal::UnknownOption(other.to_string())),
    }
  }
  Ok(options)
}

fn set_color(options: &mut Options, color: Color) -> Result<(), PressRefusal> {
  if options.color.replace(color).is_some() {
    return Err(PressRefusal::TwoColours);
  }
  Ok(())
}

fn set_fake(options: &mut Options, fake: Fake) -> Result<(), PressRefusal> {
  if options.fake.replace(fake).is_some() {
    return Err(PressRefusal::TwoFakes);
  }
  Ok(())
}

/// A delivery option starting at `words[at]` (`TO`, or a word opening with
/// `+` or `-`, its list joined to it or in the next word); returns it and
/// the index after it.
fn delivery(words: &[String], at: usize, game: &Game) -> Result<(Delivery, usize), PressRefusal> {
  let get = |i: usize| words.get(i).map(String::as_str);
  let mut i = at + 1;
  let head = get(at).unwrap_or_default();
  let all_but = match head {
    "TO" if get(i) == Some("ALL") && get(i + 1) == Some("BUT") => {
      i += 2;
      true
    }
    "TO" if get(i) == Some("ALL") => return Ok((Delivery::Everyone, i + 1)),
    "TO" => false,
    _ => head.starts_with('-'),
  };
  // `+FRG`: the list is the rest of the word.
  let joined = head.get(1..).filter(|rest| head != "TO" && !rest.is_empty());
  let (list, next) = match joined {
    Some(rest) => (rest, at + 1),
    None => match get(i) {
      Some(list) => (list, i + 1),
      None => return Err(PressRefusal::NoList),
    },
  };
  let addressees = addressees(list, game)?;
  let delivery = if all_but { Delivery::AllBut(addressees) } else { Delivery::To(addressees) };
  Ok((delivery, next))
}

/// Reads a list of initials (`FRG`, `RO`).
pub fn addressees(list: &str, game: &Game) -> Result<Addressees, PressRefusal> {
  let mut out = Addressees::default();
  let mut unknown = Vec::new();
  for c in list.chars().map(|c| c.to_ascii_uppercase()) {
    if out.letters.contains(c) {
      return Err(PressRefusal::Repeated { letter: c, list: list.to_string() });
    }
    match c {
      'O' => out.observers = true,
      'M' => out.masters = true,
      _ => match game.map.power_ids().find(|&p| game.map.power(p).initial == c) {
        // HIDE_DUMMIES: press to a dummy is taken as to any power, and
        // reaches its controller or the Masters (`recipients`).
        Some(power) if game.is_dummy(power) && !game.settings.variant.has_rule("HIDE_DUMMIES") => {
          let power = game.power_name(power).to_string();
          return Err(PressRefusal::Unplayed { power, letter: c });
        }
        Some(power) => out.powers.push(power),
        None => {
          unknown.push(c);
          continue;
        }
      },
    }
    out.letters.push(c);
  }
  if !unknown.is_empty() {
    let initials: String = game.map.playable_powers().map(|p| game.map.power(p).initial).collect();
    return Err(PressRefusal::NotInitials { unknown, list: list.to_string(), initials });
  }
  Ok(out)
}

/// `A`, `A and B`, `A, B and C`.
pub fn and_list(items: &[String]) -> String {
  match items {
    [] => String::new(),
    [one] => one.clone(),
    [init @ .., last] => format!("{} and {last}", init.join(", ")),
  }
}

/// Who gets one message, and what they are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
  /// The subject's tail: `Press from F to G`, `Broadcast`, …
  pub subject: String,
  /// The line heading the message for everyone but the Masters (and in the
  /// history): `Message from a@b as France to Germany in 'game':`.
  pub heading: String,
  /// The line heading the Masters' copies: the true sender and recipients.
  pub master_heading: String,
  /// The members who get the message.
  pub recipients: Vec<usize>,
  /// Observers can read it, so it goes into the history.
  pub archived: bool,
  /// What the sender is told: `Message sent to Germany:`.
  pub sent: String,
  /// Warnings for the sender (the message still goes).
  pub notes: Vec<String>,
  /// It goes to everyone (TOUCH PRESS allows one such a phase).
  pub broadcast: bool,
}

/// A message to be sent, as the session gives it.
pub struct Request<'a> {
  pub game: &'a Game,
  /// The sending member.
  pub sender: usize,
  /// The address the sender wrote from.
  pub address: &'a str,
  pub options: &'a Options,
  /// BROADCAST rather than PRESS: no options means everyone.
  pub broadcast: bool,
  /// The message has no text (SET BLANK PRESS allows that).
  pub blank: bool,
  pub now: DateTime<Utc>,
}

/// Checks a message against the settings and works out who gets it.
pub fn plan(request: &Request) -> Result<Plan, PressRefusal> {
  let Request { game, sender, address, options, broadcast, blank, now } = *request;
  let role = game.members[sender].role;
  if blank && !game.settings.press.blank && role != Role::Master {
    return Err(PressRefusal::Empty(game.name.clone()));
  }
  if !broadcast && options.is_empty() {
    return Err(PressRefusal::NoRecipients);
  }
  let delivery = options.delivery.clone().unwrap_or(Delivery::Everyone);
  let partial = delivery != Delivery::Everyone;
  let to_master_only = matches!(&delivery, Delivery::To(a) if a.masters_only());
  let names_master = match &delivery {
    Delivery::To(a) => a.masters,
    _ => false,
  };
  // Neither press to the Master nor press pretending to be to the Master
  // (PRESS FAKE TO M) may be faked: the Master always sees the truth.
  let fakes_master = matches!(&options.fake, Some(Fake::As(Delivery::To(a))) if a.masters);
  if (names_master && matches!(options.fake, Some(Fake::As(_)))) || fakes_master {
    return Err(PressRefusal::FakeToMaster);
  }
  if options.from.is_some() && (names_master || role == Role::Master) {
    return Err(PressRefusal::FakeSenderMaster);
  }
  if game.status == Status::Forming {
    let names_powers = match &delivery {
      Delivery::To(a) | Delivery::AllBut(a) => !a.powers.is_empty(),
      Delivery::Everyone => false,
    };
    if names_powers {
      return Err(PressRefusal::NotDealt);
    }
  }
  let mut notes = Vec::new();
  // Once the game is over nothing is left to hide: any member may speak,
  // and what goes to everyone is kept as an end-of-game statement.
  let over = matches!(game.status, Status::Finished(_));
  let after_the_end = PressSettings { colors: Colors::WhiteGrey, ..PressSettings::default() };
  let settings = if over { &after_the_end } else { &game.settings.press };
  let mut fake = options.fake.clone();
  let color = if role == Role::Master {
    options.color.unwrap_or(Color::White)
  } else if to_master_only {
    Color::White
  } else {
    let name = &game.name;
    let minor = game.position.phase.kind != PhaseKind::Movement;
    let playing = game.status == Status::Active;
    if settings.colors == Colors::None {
      return Err(PressRefusal::NoPress(name.clone()));
    }
    if role == Role::Observer && settings.observers == ObserverPress::None {
      return Err(PressRefusal::NoObserverPress(name.clone()));
    }
    if let Some(refusal) = face_to_face_refusal(game, now) {
      return Err(refusal);
    }
    if playing && minor && !settings.minor {
      return Err(PressRefusal::NoMinorPress(name.clone()));
    }
    let observer_white = role == Role::Observer && settings.observers == ObserverPress::White;
    let rules = &game.settings.variant;
    let fake_press = rules.has_rule("FAKE_PRESS") && !over;
    let color = match options.color {
      Some(Color::Grey) if !settings.grey_allowed() && !fake_press => {
        return Err(PressRefusal::NoGrey(name.clone()));
      }
      Some(Color::Grey) if observer_white => {
        return Err(PressRefusal::NoGreyFromObservers(name.clone()));
      }
      Some(Color::White) if !settings.white_allowed() => {
        return Err(PressRefusal::OnlyGrey(name.clone()));
      }
      Some(color) => color,
      None if observer_white => Color::White,
      // YELLOW_PRESS: broadcasts are anonymous.
      None if !partial && rules.has_rule("YELLOW_PRESS") && !over => Color::Grey,
      None if matches!(settings.colors, Colors::Grey | Colors::GreyWhite) => Color::Grey,
      None => Color::White,
    };
    // Under the DPjudge's TOUCH_PRESS and REMOTE_PRESS, PUBLIC_PRESS (NO
    // PARTIAL) allows broadcasts besides the press they allow.
    let contact = super::press_rules::contact_rule(game).is_some();
    if partial && !settings.partial && !contact {
      return Err(PressRefusal::NoPartial(name.clone()));
    }
    if playing && !over {
      super::press_rules::refusal(game, sender, &delivery, now)?;
    }
    if options.from.is_some() && !fake_press {
      return Err(PressRefusal::NoFakeSender(name.clone()));
    }
    if settings.touch && game.status == Status::Active {
      touch_refusal(game, sender, &delivery)?;
    }
    match &fake {
      Some(Fake::No) if settings.fakes == Fakes::Broadcast => {
        return Err(PressRefusal::NoFakeRefused(name.clone()));
      }
      Some(Fake::As(_)) if settings.fakes == Fakes::No && !fake_press => {
        return Err(PressRefusal::NoFakes(name.clone()));
      }
      Some(Fake::As(shown)) if *shown != Delivery::Everyone && !settings.partial => {
        return Err(PressRefusal::NoPartialToShow(name.clone()));
      }
      Some(Fake::As(shown))
        if *shown != Delivery::Everyone && settings.fakes == Fakes::Broadcast =>
      {
        return Err(PressRefusal::ShownAsBroadcast(name.clone()));
      }
      None if partial && matches!(settings.fakes, Fakes::Broadcast | Fakes::BroadcastByDefault) => {
        fake = Some(Fake::As(Delivery::Everyone));
      }
      _ => {}
    }
    if playing {
      if let Some(power) = game.members[sender].power {
        let owes = game.must_order(power) && !game.is_in(power);
        let late = owes && game.timing.deadline.is_some_and(|d| now > d);
        if late && !settings.late {
          return Err(PressRefusal::Late(name.clone()));
        }
        if owes && settings.must_order {
          return Err(PressRefusal::OrdersFirst(name.clone()));
        }
        if late {
          notes.push(
            "Note: your orders are late; you should really send them before press.".to_string(),
          );
        }
      }
    }
    color
  };
  let shown = match &fake {
    Some(Fake::As(shown)) => shown.clone(),
    _ => delivery.clone(),
  };
  let recipients =
    recipients(game, sender, &delivery, to_master_only || master_to_one(game, sender, &delivery));
  let archived = match &delivery {
    Delivery::Everyone => true,
    Delivery::To(a) => a.observers,
    Delivery::AllBut(a) => !a.observers,
  };
  if over && archived {
    notes.push(
      "The game is over, so this message is kept in its history as an end-of-game\n\
       statement."
        .to_string(),
    );
  }
  if recipients.is_empty() && !archived {
    return Err(PressRefusal::Nobody);
  }
  let mut words = Words::new(game, sender, address);
  if let Some(claimed) = options.from {
    words.claim(claimed);
  }
  let faked = matches!(fake, Some(Fake::As(_)));
  let (subject, heading, mut master_heading) = words.headings(color, &shown, &delivery, faked);
  if options.from.is_some() {
    let real = Words::new(game, sender, address);
    let really = format!(" [really from {address} as {}]", real.as_what);
    if let Some(at) = master_heading.rfind(" in '") {
      master_heading.insert_str(at, &really);
    }
  }
  let sent = match &delivery {
    Delivery::Everyone => "Broadcast message sent:".to_string(),
    Delivery::To(a) => format!("Message sent to {}:", names(game, a)),
    Delivery::AllBut(a) => format!("Message sent to all but {}:", names(game, a)),
  };
  let broadcast = delivery == Delivery::Everyone;
  Ok(Plan { subject, heading, master_heading, recipients, archived, sent, notes, broadcast })
}

/// SET TOUCH PRESS: why a player's message may not go as addressed, if it
/// may not. Each power it names (or leaves in, for TO ALL BUT) must be in
/// touch with the sender; observers may not be named; one broadcast a
/// phase.
fn touch_refusal(game: &Game, sender: usize, delivery: &Delivery) -> Result<(), PressRefusal> {
  let member = &game.members[sender];
  let Some(power) = member.power.filter(|_| member.role == Role::Player) else { return Ok(()) };
  let name = || game.name.clone();
  let phase = game.position.phase.to_string();
  let reached = in_touch(game, power);
  let others = |a: &Addressees| -> Vec<PowerId> {
    game.map.power_ids().filter(|&p| p != power && !a.powers.contains(&p)).collect()
  };
  let to_observers = match delivery {
    Delivery::To(a) => a.observers,
    Delivery::AllBut(a) => !a.observers,
    Delivery::Everyone => false,
  };
  if to_observers {
    return Err(PressRefusal::NoTouchObservers(name()));
  }
  let named: Vec<PowerId> = match delivery {
    Delivery::Everyone if member.touch_broadcast.as_deref() == Some(phase.as_str()) => {
      return Err(PressRefusal::OneBroadcast(name()));
    }
    Delivery::Everyone => return Ok(()),
    Delivery::To(a) => a.powers.clone(),
    Delivery::AllBut(a) => others(a).into_iter().filter(|&p| !game.is_eliminated(p)).collect(),
  };
  let out: Vec<&str> = named
    .iter()
    .filter(|p| **p != power && !reached.contains(p))
    .map(|&p| game.power_name(p))
    .collect();
  if out.is_empty() {
    Ok(())
  } else {
    Err(PressRefusal::OutOfTouch { game: name(), powers: out.join(", ") })
  }
}

/// The powers with a unit one move of a wing (across any border) from one
/// of `power`'s units: those it is in touch with under TOUCH PRESS.
pub fn in_touch(game: &Game, power: PowerId) -> Vec<PowerId> {
  let map = game.map;
  let mut near: Vec<crate::map::ProvinceId> = Vec::new();
  for unit in game.position.units_of(power) {
    near.extend(map.neighbours_any_border(unit.location.province));
  }
  let mut powers: Vec<PowerId> = near
    .iter()
    .filter_map(|&p| game.position.unit_at(p))
    .map(|u| u.power)
    .filter(|&p| p != power)
    .collect();
  powers.sort_by_key(|p| p.index());
  powers.dedup();
  powers
}

/// Why face-to-face press (the DPjudge's FTF_PRESS) refuses press other
/// than to the Master now, if it does: talk happens only while a started
/// game's movement phase is open, before its deadline.
pub fn face_to_face_refusal(game: &Game, now: DateTime<Utc>) -> Option<PressRefusal> {
  if game.status != Status::Active || !game.settings.variant.has_rule("FTF_PRESS") {
    return None;
  }
  let when = if game.position.phase.kind != PhaseKind::Movement {
    "outside movement phases"
  } else if game.timing.deadline.is_some_and(|d| now >= d) {
    "once the deadline has passed"
  } else {
    return None;
  };
  Some(PressRefusal::FaceToFace { game: game.name.clone(), when })
}

/// A Master's message to a single power stays between the two of them:
/// watchers with ALL PRESS do not get a copy.
fn master_to_one(game: &Game, sender: usize, delivery: &Delivery) -> bool {
  game.members[sender].role == Role::Master
    && matches!(delivery, Delivery::To(a) if a.powers.len() == 1 && !a.observers && !a.masters)
}

/// The members who get a message: those its delivery names (broadcasts
/// skip members who SET NO BROADCAST), and the watchers with ALL PRESS
/// for partial press. Never the sender.
fn recipients(game: &Game, sender: usize, delivery: &Delivery, private: bool) -> Vec<usize> {
  // HIDE_DUMMIES: what is written to a dummy goes to the player of the
  // power that controls it, or to the Masters when none does.
  let dummy = |p: &PowerId| game.is_dummy(*p);
  let named = |a: &Addressees, i: usize| {
    let m = &game.members[i];
    match m.role {
      Role::Master => {
        a.masters || a.powers.iter().any(|p| dummy(p) && game.position.controller(*p).is_none())
      }
      Role::Observer => a.observers,
      Role::Player => m.power.is_some_and(|mine| {
        a.powers.contains(&mine)
          || a.powers.iter().any(|p| dummy(p) && game.position.controller(*p) == Some(mine))
      }),
    }
  };
  let own = &game.members[sender].address;
  // EAVESDROP: every Master watches all press; PRESS_MASTER: no Master
  // gets a broadcast (the DPjudge's rules, as each Master's own SET ALL
  // PRESS and SET NO BROADCAST).
  let eavesdrop = game.settings.variant.has_rule("EAVESDROP");
  let skip = game.settings.variant.has_rule("PRESS_MASTER");
  (0..game.members.len())
    // Nor to the sender's other seats (a duplex player plays several).
    .filter(|&i| i != sender && !game.members[i].address.eq_ignore_ascii_case(own))
    .filter(|&i| {
      let m = &game.members[i];
      let master = m.role == Role::Master;
      let watching = !private
        && (m.all_press || (eavesdrop && master))
        && (master || (m.role == Role::Observer && game.settings.press.watch_all));
      match delivery {
        Delivery::Everyone => !(m.no_broadcast || (skip && master)),
        Delivery::To(a) => named(a, i) || watching,
        Delivery::AllBut(a) => !named(a, i) || watching,
      }
    })
    .collect()
}

/// The power names of a list: `France, Germany and Russia`.
fn names(game: &Game, a: &Addressees) -> String {
  let names: Vec<String> = a
    .letters
    .chars()
    .map(|c| match c {
      'O' => "Observer".to_string(),
      'M' => "Master".to_string(),
      _ => game
        .map
        .powers()
        .iter()
        .find(|p| p.initial == c)
        .map_or_else(|| c.to_string(), |p| p.name.clone()),
    })
    .collect();
  and_list(&names)
}

/// The mark subjects show for a player with no power yet: `*`, or `?`
/// where a power's initial is `*` (Void), so the mark names nobody.
fn no_power_mark(game: &Game) -> char {
  if game.map.power_by_initial('*').is_some() {
    '?'
  } else {
    '*'
  }
}

/// The words that name a sender in headings and subjects.
struct Words<'a> {
  game: &'a Game,
  /// `France`, `Master`, `Observer`.
  as_what: String,
  /// `F`, `M`, `O`.
  letter: char,
  address: &'a str,
  /// White press names the sender's address (not in gunboat games,
  /// unless the Master sends it).
  shows_address: bool,
}

impl<'a> Words<'a> {
  /// FROM power (FAKE_PRESS): the message shows as that power's, with no
  /// address (the Masters' heading adds the truth).
  fn claim(&mut self, power: PowerId) {
    self.as_what = self.game.power_name(power).to_string();
    self.letter = self.game.map.power(power).initial;
    self.shows_address = false;
  }

  fn new(game: &'a Game, sender: usize, address: &'a str) -> Words<'a> {
    let member = &game.members[sender];
    let (as_what, letter) = match (member.role, member.power) {
      (Role::Master, _) => ("Master".to_string(), 'M'),
      (Role::Observer, _) => ("Observer".to_string(), 'O'),
      (Role::Player, Some(p)) => (game.power_name(p).to_string(), game.map.power(p).initial),
      (Role::Player, None) => ("Player".to_string(), no_power_mark(game)),
    };
    let shows_address = !game.players_unnamed() || member.role == Role::Master;
    Words { game, as_what, letter, address, shows_address }
  }

  /// The subject, the heading for players and the heading for Masters.
  fn headings(
    &self,
    color: Color,
    shown: &Delivery,
    real: &Delivery,
    faked: bool,
  ) -> (String, String, String) {
    let game = self.game;
    let (addr, as_what, letter) = (self.address, &self.as_what, self.letter);
    let (subject, mut heading, mut master) = match (shown, color) {
      (Delivery::Everyone, Color::Grey) => (
        "Broadcast".to_string(),
        "Broadcast message".to_string(),
        format!("Broadcast message [from {addr} as {as_what}]"),
      ),
      (Delivery::Everyone, Color::White) if self.shows_address => (
        format!("Broadcast from {letter}"),
        format!("Broadcast message from {addr} as {as_what}"),
        format!("Broadcast message from {addr} as {as_what}"),
      ),
      (Delivery::Everyone, Color::White) => (
        format!("Broadcast from {letter}"),
        format!("Broadcast message from {as_what}"),
        format!("Broadcast message from [{addr} as] {as_what}"),
      ),
      (Delivery::To(a) | Delivery::AllBut(a), _) => {
        let but = if matches!(shown, Delivery::AllBut(_)) { "all but " } else { "" };
        let to = format!("{but}{}", names(game, a));
        match color {
          Color::Grey => (
            format!("Press to {but}{}", a.letters),
            format!("Message to {to}"),
            format!("Message [from {addr} as {as_what}] to {to}"),
          ),
          Color::White if self.shows_address => (
            format!("Press from {letter} to {but}{}", a.letters),
            format!("Message from {addr} as {as_what} to {to}"),
            format!("Message from {addr} as {as_what} to {to}"),
          ),
          Color::White => (
            format!("Press from {letter} to {but}{}", a.letters),
            format!("Message from {as_what} to {to}"),
            format!("Message from [{addr} as] {as_what} to {to}"),
          ),
        }
      }
    };
    if faked && shown != real {
      master.push_str(&match real {
        Delivery::Everyone => " [really to everyone]".to_string(),
        Delivery::To(a) => format!(" [really to {}]", names(game, a)),
        Delivery::AllBut(a) => format!(" [really to all but {}]", names(game, a)),
      });
    }
    let place = format!(" in '{}':", game.name);
    heading.push_str(&place);
    master.push_str(&place);
    (subject, heading, master)
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::game::deadline::DeadlineRule;
  use crate::game::{Member, Settings};
  use crate::map::Map;

  fn now() -> DateTime<Utc> {
    "2026-03-03T12:00:00Z".parse().expect("a time")
  }

  /// A started game: seven players (p0 Austria … p6 Turkey), an observer
  /// (7) and a Master (8).
  fn game() -> Game {
    game_on("standard")
  }

  /// A started game on `key`'s map, one player per power, then an
  /// observer and a Master.
  fn game_on(key: &str) -> Game {
    let map = Map::builtin(key).expect("the map");
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut game = Game::new("g", map, Settings::new(map, rules), now());
    for (n, p) in map.power_ids().enumerate() {
      let mut m = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), now());
      m.power = Some(p);
      game.members.push(m);
    }
    game.members.push(Member::new(Role::Observer, "o@x.test", None, String::new(), now()));
    game.members.push(Member::new(Role::Master, "m@x.test", None, String::new(), now()));
    game.status = Status::Active;
    game
  }

  /// POSTAL PRESS: a player needs SET POSTAL PRESS and some text; the
  /// Master needs only a game under way.
  #[test]
  fn postal_press_is_the_masters_always_and_a_players_when_the_game_allows_it() {
    let mut game = game();
    let (france, master) = (seat_of(&game, 'F'), game.members.len() - 1);
    game.settings.press.postal = false;
    let refused = postal_refusal(&game, france, "Hello", now());
    assert_eq!(refused, Some(PressRefusal::NoPostal("g".into())));
    assert_eq!(
      refused.map(|r| r.to_string()).as_deref(),
      Some("Game 'g' does not allow postal press.")
    );
    assert_eq!(postal_refusal(&game, master, "", now()), None);
    game.settings.press.postal = true;
    assert_eq!(postal_refusal(&game, france, "Hello", now()), None);
    assert_eq!(postal_refusal(&game, france, "  ", now()), Some(PressRefusal::Empty("g".into())));
    game.status = Status::Forming;
    let not_under_way = Some(PressRefusal::PostalNotUnderWay("g".into()));
    assert_eq!(postal_refusal(&game, master, "Hello", now()), not_under_way);
  }

  /// The member playing the power with this initial.
  fn seat_of(game: &Game, initial: char) -> usize {
    let power = game.map.power_by_initial(initial).expect("a power");
    game.members.iter().position(|m| m.power == Some(power)).expect("a seat")
  }

  fn plan_of(
    game: &Game,
    sender: usize,
    line: &str,
    broadcast: bool,
  ) -> Result<Plan, PressRefusal> {
    let options = parse_options(line, game)?;
    let address = "me@x.test";
    plan(&Request { game, sender, address, options: &options, broadcast, blank: false, now: now() })
  }

  #[test]
  fn fake_before_the_list_fakes_the_list_and_after_it_fakes_a_broadcast() {
    let mut game = game();
    game.settings.press.fakes = Fakes::May;
    // Italy (4) writes.
    let faked_list = plan_of(&game, 4, "FAKE TO FRG", false).expect("a fake list");
    assert_eq!(faked_list.recipients, [0, 1, 2, 3, 5, 6, 7, 8], "really a broadcast");
    assert_eq!(
      faked_list.heading,
      "Message from me@x.test as Italy to France, Russia and Germany in 'g':"
    );
    assert!(faked_list.master_heading.ends_with("[really to everyone] in 'g':"));
    let faked_broadcast = plan_of(&game, 4, "TO FRG FAKE", false).expect("a fake broadcast");
    assert_eq!(faked_broadcast.recipients, [2, 3, 5]);
    assert_eq!(faked_broadcast.heading, "Broadcast message from me@x.test as Italy in 'g':");
    assert_eq!(faked_broadcast.subject, "Broadcast from I");
    let same = plan_of(&game, 4, "FAKE BROADCAST TO FRG", false).expect("the same");
    assert_eq!(same.recipients, faked_broadcast.recipients);
    assert_eq!(same.heading, faked_broadcast.heading);
  }

  #[test]
  fn all_but_lists_keep_press_out_of_the_history_only_when_they_name_the_observers() {
    let game = game();
    let to_all_but_r = plan_of(&game, 4, "TO ALL BUT R", false).expect("press");
    assert!(to_all_but_r.archived, "observers read it, so the history keeps it");
    assert!(!to_all_but_r.recipients.contains(&5));
    let minus_ro = plan_of(&game, 4, "-RO", false).expect("press");
    assert!(!minus_ro.archived);
    assert!(!minus_ro.recipients.contains(&7));
    assert_eq!(minus_ro.subject, "Press from I to all but RO");
    assert_eq!(minus_ro.sent, "Message sent to all but Russia and Observer:");
  }

  #[test]
  fn a_list_that_is_not_initials_is_refused() {
    let game = game();
    let error =
      plan_of(&game, 4, "TO Turkey", false).expect_err("U, K and Y are no powers").to_string();
    assert!(
      error.contains("'U', 'K' and 'Y' in 'TURKEY' are not the initial of a power"),
      "{error}"
    );
    let error = plan_of(&game, 4, "", false).expect_err("PRESS needs options").to_string();
    assert!(error.contains("use BROADCAST"), "{error}");
  }

  #[test]
  fn grey_press_hides_the_sender_from_all_but_the_master() {
    let mut game = game();
    game.settings.press.colors = Colors::WhiteGrey;
    let grey = plan_of(&game, 2, "GREY TO G", false).expect("grey press");
    assert_eq!(grey.heading, "Message to Germany in 'g':");
    assert_eq!(grey.master_heading, "Message [from me@x.test as France] to Germany in 'g':");
    assert_eq!(grey.subject, "Press to G");
    assert_eq!(grey.recipients, [3], "the Master does not see partial press without ALL PRESS");
    game.settings.press.colors = Colors::White;
    let error = plan_of(&game, 2, "GREY TO G", false).expect_err("white only").to_string();
    assert!(error.contains("does not allow grey"), "{error}");
  }

  #[test]
  fn the_master_is_always_reachable_and_never_faked() {
    let mut game = game();
    game.settings.press.colors = Colors::None;
    let to_master = plan_of(&game, 2, "TO M", false).expect("press to the Master");
    assert_eq!(to_master.recipients, [8]);
    assert!(plan_of(&game, 2, "TO G", false).is_err(), "no press between players");
    let error =
      plan_of(&game, 2, "TO M FAKE", false).expect_err("no faking the Master").to_string();
    assert!(error.contains("cannot be faked"), "{error}");
    game.settings.press.colors = Colors::White;
    game.settings.press.fakes = Fakes::May;
    let error =
      plan_of(&game, 2, "FAKE TO M", false).expect_err("nor pretending to be to him").to_string();
    assert!(error.contains("cannot be faked"), "{error}");
    game.settings.press.colors = Colors::None;
    let from_master = plan_of(&game, 8, "TO G", false).expect("the Master may always press");
    assert_eq!(from_master.recipients, [3]);
  }

  #[test]
  fn after_the_end_anyone_may_speak_and_broadcasts_are_kept_as_statements() {
    let mut game = game();
    game.settings.press.colors = Colors::None;
    game.settings.press.partial = false;
    assert!(plan_of(&game, 2, "", true).is_err(), "no press while the game is on");
    game.status = Status::Finished(crate::game::Ending::Conceded(crate::map::PowerId(2)));
    let statement = plan_of(&game, 2, "", true).expect("an end-of-game statement");
    assert!(statement.archived);
    assert!(statement.notes.iter().any(|n| n.contains("end-of-game")), "{:?}", statement.notes);
    let private = plan_of(&game, 2, "TO G", false).expect("press to one power");
    assert_eq!(private.recipients, [3]);
    assert!(private.notes.is_empty(), "partial press is not a statement");
  }

  #[test]
  fn void_s_plus_and_star_powers_are_named_in_lists_and_the_operators_still_work() {
    let game = game_on("void");
    let (west_med, yorkshire) = (seat_of(&game, '+'), seat_of(&game, '*'));
    let (adriatic, baltic) = (seat_of(&game, 'A'), seat_of(&game, 'F'));
    let to_both = plan_of(&game, adriatic, "TO +*", false).expect("to + and *");
    assert_eq!(to_both.recipients, [west_med, yorkshire]);
    assert_eq!(to_both.subject, "Press from A to +*");
    assert_eq!(to_both.sent, "Message sent to W Mediterranean Sea and Yorkshire:");
    for line in ["++", "+ +", "TO +"] {
      let plan = plan_of(&game, adriatic, line, false).expect(line);
      assert_eq!(plan.recipients, [west_med], "{line}");
    }
    let plus_star_f = plan_of(&game, adriatic, "+*F", false).expect("+ then the list *F");
    assert_eq!(plus_star_f.recipients, [baltic, yorkshire]);
    let all_but = plan_of(&game, adriatic, "-*O", false).expect("all but * and observers");
    assert!(!all_but.recipients.contains(&yorkshire) && all_but.recipients.contains(&west_med));
    assert!(!all_but.archived);
    let spelled = plan_of(&game, adriatic, "TO ALL BUT +", false).expect("all but +");
    assert!(!spelled.recipients.contains(&west_med));
    let star = plan_of(&game, yorkshire, "TO A", false).expect("from *");
    assert_eq!(star.subject, "Press from * to A");
    let error = plan_of(&game, adriatic, "TO B+#", false).expect_err("no power #").to_string();
    assert!(error.contains("'#' in 'B+#' is not the initial"), "{error}");
    assert!(error.contains("0123456789+*"), "the initials are listed: {error}");
  }

  #[test]
  fn on_the_standard_map_plus_and_minus_are_still_operators() {
    let game = game();
    let plus = plan_of(&game, 4, "+FG", false).expect("+FG");
    assert_eq!(plus.recipients, [2, 3]);
    let spaced = plan_of(&game, 4, "+ FG", false).expect("+ FG");
    assert_eq!(spaced.recipients, [2, 3]);
    let error =
      plan_of(&game, 4, "TO +F", false).expect_err("+ is no standard initial").to_string();
    assert!(error.contains("'+' in '+F' is not the initial"), "{error}");
    let error = plan_of(&game, 4, "+", false).expect_err("an operator without a list").to_string();
    assert!(error.contains("list of recipients is missing"), "{error}");
  }

  #[test]
  fn a_playerless_sender_s_mark_is_never_a_power_s_initial() {
    for (key, mark) in [("standard", '*'), ("void", '?')] {
      let mut game = game_on(key);
      game.status = Status::Forming;
      game.members[0].power = None;
      let plan = plan_of(&game, 0, "", true).expect("a broadcast");
      assert_eq!(plan.subject, format!("Broadcast from {mark}"), "{key}");
    }
  }

  #[test]
  fn face_to_face_press_goes_only_to_the_master_outside_movement_and_after_the_deadline() {
    let mut game = game_on("sailho");
    assert!(game.settings.variant.has_rule("FTF_PRESS"), "the map's rule is seeded");
    let east = seat_of(&game, 'E');
    let north = seat_of(&game, 'N');
    assert_eq!(plan_of(&game, east, "TO N", false).expect("movement").recipients, [north]);
    game.timing.deadline = Some(now() - chrono::Duration::hours(1));
    let error = plan_of(&game, east, "TO N", false).expect_err("after the deadline").to_string();
    assert!(error.contains("once the deadline has passed"), "{error}");
    assert!(plan_of(&game, east, "", true).is_err(), "nor broadcasts");
    assert!(plan_of(&game, east, "TO M", false).is_ok(), "the Master is always reachable");
    game.timing.deadline = Some(now() + chrono::Duration::hours(1));
    game.position.phase.kind = PhaseKind::Retreat;
    let error = plan_of(&game, east, "", true).expect_err("outside movement").to_string();
    assert!(error.contains("FTF_PRESS): outside movement phases"), "{error}");
    let observer = game.members.len() - 2;
    assert!(plan_of(&game, observer, "", true).is_err(), "observers too");
    let master = game.members.len() - 1;
    assert!(plan_of(&game, master, "TO N", false).is_ok(), "the Master may always press");
    game.settings.variant.map_rules.clear();
    assert!(plan_of(&game, east, "TO N", false).is_ok(), "without the rule");
  }

  #[test]
  fn a_duplex_player_does_not_get_their_own_press_through_another_seat() {
    let mut game = game();
    // p0 also plays England (seat 1).
    game.members[1].address = "p0@x.test".to_string();
    let broadcast = plan_of(&game, 0, "", true).expect("a broadcast");
    assert!(!broadcast.recipients.contains(&1), "{:?}", broadcast.recipients);
    assert!(broadcast.recipients.contains(&2));
  }
}
