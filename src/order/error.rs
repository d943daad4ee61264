//! Why an order was rejected, in words a player can act on.
//!
//! Every variant carries names already resolved for display, so a message
//! can be written without the map.

use super::{Action, ParsedOrder};
use crate::phase::PhaseKind;

/// An order the judge will not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
  // ------------------------------------------------------------- syntax
  #[error("The order is empty.")]
  Empty,

  #[error("The order is longer than {limit} characters: write one order at a time.")]
  TooLong { limit: usize },

  /// `suggestions` are display forms such as `Ukr (Ukraine)`.
  #[error("'{text}' is not a province on this map.{}", did_you_mean(suggestions))]
  UnknownProvince { text: String, suggestions: Vec<String> },

  #[error("'{text}' could be {}: write more of the name.", join(candidates, "or"))]
  AmbiguousProvince { text: String, candidates: Vec<String> },

  #[error("'{text}' is not a coast: write nc, sc, ec or wc (or north, south, east, west).")]
  UnknownCoast { text: String },

  #[error("'{text}' is not a power in this game: write two or more letters of its name.")]
  UnknownPower { text: String },

  /// A word or name missing where the grammar needs one. An empty `after`
  /// means the start of the order; an empty `found`, its end.
  #[error("{}", expected_message(expected, after, found))]
  Expected { expected: &'static str, after: String, found: String },

  #[error(
    "'{order}' names a unit but not what it should do: add H to hold, - and a province to \
     move, S to support, C to convoy, P to proxy or D to disband (e.g. '{order} H')."
  )]
  NoAction { order: String },

  /// `what` is e.g. "A build"; `phase` and `accepted` e.g. "an adjustment phase".
  #[error("{what} belongs in {accepted}, not in {phase}.")]
  WrongPhase { what: &'static str, phase: &'static str, accepted: &'static str },

  // ------------------------------------------------------------ the unit
  #[error("There is no unit in {place}.")]
  NoUnit { place: String },

  /// In a blind game (FICTIONAL_OK), for a province with another power's
  /// unit or none: which it is is not told.
  #[error("{power} has no unit in {place}.")]
  NoOwnUnit { power: String, place: String },

  /// `unit` reads "army in Paris".
  #[error("The {unit} belongs to {owner}, not {power}.")]
  NotYourUnit { unit: String, owner: String, power: String },

  /// `actual` and `written` read "an army", "a fleet".
  #[error("The unit in {place} is {actual}, not {written}.")]
  WrongType { place: String, actual: &'static str, written: &'static str },

  // ---------------------------------------------------------------- moves
  #[error("{unit} cannot move to the province it is already in.")]
  MoveToSelf { unit: String },

  #[error("{unit} cannot move to {to}: armies cannot go to sea.")]
  ArmyToSea { unit: String, to: String },

  #[error("{unit} cannot move to {to}: fleets cannot go inland.")]
  FleetInland { unit: String, to: String },

  #[error("{unit} cannot move to {to}: no unit may enter it.")]
  Impassable { unit: String, to: String },

  #[error("{unit} is trapped where the map is closed this season, and may only hold.")]
  Trapped { unit: String },

  #[error("{unit} cannot reach {to}: a fleet moves only to an adjacent space.")]
  FleetNotAdjacent { unit: String, to: String },

  #[error("{unit} cannot reach {to}: it is not adjacent and no fleets could convoy it.")]
  ArmyUnreachable { unit: String, to: String },

  #[error("{unit} cannot be convoyed: only armies travel by convoy.")]
  FleetConvoyed { unit: String },

  #[error("{unit} cannot reach {to}: a wing flies only to a neighbouring space.")]
  WingNotAdjacent { unit: String, to: String },

  #[error("This game has no wings (the Wings option): build an army or a fleet.")]
  NoWings,

  /// `coast` reads "east coast".
  #[error("{place} has no {coast}.")]
  NoSuchCoast { place: String, coast: &'static str },

  /// `options` are short forms such as `Spa/nc`.
  #[error("{unit} can reach more than one coast of {to}: write which, {}.", join(options, "or"))]
  CoastRequired { unit: String, to: String, options: Vec<String> },

  #[error("{unit} cannot reach {to}; it can reach {}.", join(reachable, "or"))]
  CoastUnreachable { unit: String, to: String, reachable: Vec<String> },

  // -------------------------------------------------------------- convoys
  #[error("{place} is not a coastal province, so no convoy can start or end there.")]
  NotCoastal { place: String },

  #[error("{place} is not land, so no army can be convoyed there.")]
  NotLand { place: String },

  #[error("{place} is not a sea, so it cannot be part of a convoy route.")]
  RouteNotSea { place: String },

  #[error("There is no fleet in {place} to carry the army along that route.")]
  RouteNoFleet { place: String },

  #[error("The convoy route is broken: {from} does not touch {to}.")]
  RouteBroken { from: String, to: String },

  #[error("{unit} cannot go to {to} by convoy: no chain of fleets at sea connects them.")]
  NoConvoyPath { unit: String, to: String },

  #[error(
    "The convoy route passes {place} twice, and this game does not let a convoy\n\
     turn back (NO_RETURN). Write a route that visits each sea once."
  )]
  RouteRepeats { place: String },

  #[error(
    "{fleet} cannot convoy {unit} to {to} without the army passing one sea twice,\n\
     which this game does not allow (NO_RETURN)."
  )]
  ConvoyTurnsBack { fleet: String, unit: String, to: String },

  #[error("{unit} cannot convoy: only fleets convoy.")]
  CannotConvoy { unit: String },

  // ------------------------------------------------------------- portage
  /// A fleet's route through armies, in a game without PORTAGE_CONVOY.
  #[error(
    "{unit} cannot be carried overland by armies: this game does not play\n\
     PORTAGE_CONVOY (its Master may SET RULE PORTAGE_CONVOY)."
  )]
  PortageOff { unit: String },

  /// An army's convoy of a fleet, in a game without PORTAGE_CONVOY.
  #[error(
    "{unit} cannot convoy a fleet: armies carry fleets only under PORTAGE_CONVOY,\n\
     which this game does not play (its Master may SET RULE PORTAGE_CONVOY)."
  )]
  CarrierOff { unit: String },

  /// PORTAGE_CONVOY: a fleet goes beyond its neighbours only along the
  /// armies it names.
  #[error(
    "{unit} cannot reach {to}: it is not adjacent. To be carried by armies\n\
     (PORTAGE_CONVOY), write the provinces of the armies on the way, as in\n\
     'F Lon-Wal-Lvp'."
  )]
  PortageRouteNeeded { unit: String, to: String },

  #[error(
    "{place} is a sea: a fleet is carried overland only through provinces\n\
     where armies stand (PORTAGE_CONVOY)."
  )]
  PortageNotLand { place: String },

  #[error("There is no army in {place} to carry the fleet along that route.")]
  PortageNoArmy { place: String },

  #[error(
    "The route passes {place} twice, and this game does not let a convoy turn\n\
     back (NO_RETURN). Write a route that visits each province once."
  )]
  PortageRepeats { place: String },

  #[error("{unit} cannot convoy an army: armies carry only fleets (PORTAGE_CONVOY).")]
  PortageArmyCarried { unit: String },

  /// `order` is the right form, e.g. `A Wal C F Lon - Lvp`.
  #[error(
    "A convoy order may not name a coast: write '{order}'. Only the fleet's\n\
     move names the coast it lands on."
  )]
  PortageConvoyCoast { order: String },

  #[error("{unit} cannot carry {fleet} to {to}: no chain of armies through it joins them.")]
  PortageImpossible { unit: String, fleet: String, to: String },

  /// SET STRICT CONVOY (a game setting).
  #[error(
    "{unit} cannot convoy from {from} to {to}: {place} touches no sea, so no \
     convoy could succeed, and this game is set to STRICT CONVOY."
  )]
  ImplausibleConvoy { unit: String, from: String, to: String, place: String },

  /// `maintain` outside SET ANY DISBAND.
  #[error(
    "A maintain order is only needed when the game is set to ANY DISBAND: here a \
     unit stays unless it is removed."
  )]
  MaintainNotNeeded,

  /// SET NO PROXY, the default (a game setting).
  #[error("Proxy orders are not allowed in this game (its moderator may SET PROXY).")]
  ProxyNotAllowed,

  /// NO_CHECK (a game setting): orders are checked when the phase is
  /// processed, and a support's destination is a province, never a coast.
  #[error(
    "Orders in this game are checked only when the phase is processed (NO_CHECK), and a \
     support names no coast: write the province alone (e.g. 'F Mid S F Por - Spa')."
  )]
  UncheckedSupportCoast,

  // ------------------------------------------------------------- supports
  #[error("{unit} cannot support itself.")]
  SupportSelf { unit: String },

  #[error("{unit} cannot support a move into the province it stands in.")]
  SupportIntoOwnProvince { unit: String },

  #[error("{unit} cannot support into {place}: it could not move there itself.")]
  CannotSupportInto { unit: String, place: String },

  #[error("{target} could not move to {to}, so that move cannot be supported.")]
  SupportedMoveImpossible { target: String, to: String },

  // ------------------------------------------------- dummies and leagues
  /// IMMOBILE_DUMMIES (a map rule).
  #[error(
    "{unit} cannot move: nobody plays {power}, and in this game its units may only \
     hold, support or convoy."
  )]
  ImmobileDummy { unit: String, power: String },

  /// A STRICT league (Ambition).
  #[error("{power} may help only units of the {league} league; {target} belongs to {owner}.")]
  LeagueStrict { power: String, league: String, target: String, owner: String },

  /// A BENIGN league (Ambition).
  #[error(
    "{power} will not help {target} move into {place}, which its own league (or one \
     it protects) holds."
  )]
  LeagueBenign { power: String, target: String, place: String },

  // ------------------------------------------------------------- retreats
  /// `unit` reads "army in Munich".
  #[error("The {unit} was not dislodged; only dislodged units are ordered in a retreat phase.")]
  NotDislodged { unit: String },

  /// `options` are the places the unit may retreat to.
  #[error("{unit} cannot retreat to {to}. {}", retreat_options(unit, options))]
  RetreatNotAllowed { unit: String, to: String, options: Vec<String> },

  #[error("{unit} cannot retreat by convoy: a retreat goes to an adjacent space.")]
  RetreatByConvoy { unit: String },

  #[error("{unit} was dislodged: in a retreat phase it may only retreat or disband.")]
  RetreatOnly { unit: String },

  // ---------------------------------------------------------- adjustments
  #[error("{power} has no builds this turn.")]
  NoBuildsDue { power: String },

  #[error("{power} is not a power you play: write 'waive' alone to waive one of your builds.")]
  WaiveOtherPower { power: String },

  #[error("{power} has no units to remove this turn.")]
  NoRemovalsDue { power: String },

  #[error("{power} has neither builds nor removals this turn.")]
  NoAdjustmentsDue { power: String },

  #[error("{place} is not a home supply centre of {power}.")]
  NotHomeCentre { place: String, power: String },

  #[error(
    "{place} is no power's home supply centre, so nothing can be built there (HOME_BUILDS)."
  )]
  NotAnyHomeCentre { place: String },

  #[error("{power} does not control {place} at present, so cannot build there.")]
  CentreNotOwned { place: String, power: String },

  #[error("{place} is occupied; a unit can only be built in an empty home centre.")]
  CentreOccupied { place: String },

  #[error("{place} is not a supply centre, so nothing can be built there.")]
  NotSupplyCentre { place: String },

  #[error(
    "{power} owns none of its home centres, so cannot build in {place}: this game (ONE \
     CENTER) allows builds away from home only while a home centre is held."
  )]
  NoHomeCentreOwned { place: String, power: String },

  #[error(
    "{place} is a home centre of a power that holds out there (GARRISON): only\n\
     that power may build in it this year."
  )]
  GarrisonedHome { place: String },

  #[error(
    "{power} has no builds this turn. This game allows any unit to be disbanded (ANY \
     DISBAND): remove a unit first, in the same or an earlier message, to make room for a build."
  )]
  DisbandFirst { power: String },

  #[error("Say whether to build an army or a fleet in {place}: write A {abbr} or F {abbr}.")]
  BuildTypeMissing { place: String, abbr: String },

  #[error("A fleet cannot be built in {place}: it is inland.")]
  BuildFleetInland { place: String },

  /// `options` are short forms such as `Stp/nc`.
  #[error("Say which coast of {place} the fleet is built on: {}.", join(options, "or"))]
  BuildCoastRequired { place: String, options: Vec<String> },

  /// `kind` reads "An army".
  #[error("{kind} cannot stand in {place}.")]
  CannotStand { kind: &'static str, place: String },

  // ------------------------------------------------------- transformations
  #[error(
    "A transformation is written with the unit first in a movement phase ('F Brest\n\
     transforms to Army', 'Spain trafo F (sc)'), and with the new type first in an\n\
     adjustment phase ('transform A Brest', 'trafo F Spa/sc')."
  )]
  TransformForm,

  /// `phase` reads "movement phases".
  #[error(
    "This game allows no transformations in {phase} (the Master sets them with SET\n\
     TRANSFORM)."
  )]
  TransformOff { phase: &'static str },

  #[error("{unit} cannot transform: units never transform at sea.")]
  TransformAtSea { unit: String },

  /// `kind` reads "an army".
  #[error("{unit} is already {kind}: write the type it should become.")]
  TransformSame { unit: String, kind: &'static str },

  #[error("{unit} cannot become a fleet: {place} has no coast.")]
  TransformNoCoast { unit: String, place: String },

  /// `options` are short forms such as `Spa/nc`.
  #[error("Say which coast of {place} the new fleet is on: {}.", join(options, "or"))]
  TransformCoastNeeded { place: String, options: Vec<String> },

  #[error("{place} has no such coast for the new unit.")]
  TransformBadCoast { place: String },

  #[error("{unit} is blockading a supply centre, so it cannot transform in a build phase.")]
  TransformBlockading { unit: String },

  /// `rule` reads "on a home centre its power owns"; `setting` "MOVE:HOME CENTER".
  #[error(
    "{unit} cannot transform there: this game allows it only {rule} (SET TRANSFORM {setting})."
  )]
  TransformPlace { unit: String, rule: &'static str, setting: String },
}

impl OrderError {
  /// A unit's order given in a phase that does not take it.
  pub(super) fn misplaced_action(action: &Action, phase: PhaseKind) -> OrderError {
    let (what, accepted) = match action {
      Action::Hold => ("A hold order", "a movement phase"),
      Action::Move { .. } => ("A move", "a movement or retreat phase"),
      Action::SupportHold { .. } | Action::SupportMove { .. } => ("A support", "a movement phase"),
      Action::Convoy { .. } => ("A convoy", "a movement phase"),
      Action::Proxy { .. } => ("A proxy order", "a movement phase"),
      Action::Disband => ("A disband", "a retreat phase"),
      Action::Transform { .. } => {
        if phase == PhaseKind::Adjustment {
          // The unit comes after the word in an adjustment phase.
          return OrderError::TransformForm;
        }
        ("A transformation", "a movement or adjustment phase")
      }
    };
    OrderError::WrongPhase { what, phase: phase_name(phase), accepted }
  }

  /// A build, removal or waiver given outside an adjustment phase.
  pub(super) fn misplaced_adjustment(order: &ParsedOrder, phase: PhaseKind) -> OrderError {
    let what = match order {
      ParsedOrder::Build { .. } => "A build",
      ParsedOrder::Remove { .. } => "A removal",
      ParsedOrder::BuildOrRemove { .. } => "A build or removal",
      ParsedOrder::Waive { .. } => "Waiving a build",
      ParsedOrder::Maintain { .. } => "A maintain order",
      ParsedOrder::Transform { .. } if phase == PhaseKind::Movement => {
        return OrderError::TransformForm
      }
      ParsedOrder::Transform { .. } => "A transformation",
      ParsedOrder::Unit { action, .. } => return OrderError::misplaced_action(action, phase),
    };
    OrderError::WrongPhase { what, phase: phase_name(phase), accepted: "an adjustment phase" }
  }
}

fn phase_name(phase: PhaseKind) -> &'static str {
  match phase {
    PhaseKind::Movement => "a movement phase",
    PhaseKind::Retreat => "a retreat phase",
    PhaseKind::Adjustment => "an adjustment phase",
  }
}

/// `a`, `a or b`, `a, b or c`.
fn join(items: &[String], last: &str) -> String {
  match items {
    [] => String::new(),
    [only] => only.clone(),
    [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
  }
}

fn did_you_mean(suggestions: &[String]) -> String {
  if suggestions.is_empty() {
    String::new()
  } else {
    format!(" Did you mean {}?", join(suggestions, "or"))
  }
}

fn expected_message(expected: &str, after: &str, found: &str) -> String {
  let place = if after.is_empty() {
    "at the start of the order".to_string()
  } else {
    format!("after '{after}'")
  };
  if found.is_empty() {
    format!("Expected {expected} {place}, but the order ends there.")
  } else {
    format!("Expected {expected} {place}, but found '{found}'.")
  }
}

fn retreat_options(unit: &str, options: &[String]) -> String {
  if options.is_empty() {
    format!("{unit} has nowhere to retreat to and can only disband.")
  } else {
    format!("{unit} may retreat to {}, or disband.", options.join(", "))
  }
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn lists_read_as_english() {
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(join(&names(&[]), "or"), "");
    assert_eq!(join(&names(&["a"]), "or"), "a");
    assert_eq!(join(&names(&["a", "b"]), "or"), "a or b");
    assert_eq!(join(&names(&["a", "b", "c"]), "or"), "a, b or c");
  }
}
