//! The DPjudge's rules of who may write to whom (issue 27): backseat
//! press, its TOUCH_PRESS (here SET NEIGHBOR PRESS, which is not njudge's
//! TOUCH PRESS) and REMOTE_PRESS, and NO_LATE_RECEIVE. Checked by
//! [`press::plan`](super::press::plan) for a player's or an observer's
//! message that does not go to the Master alone, while the game is played.

use chrono::{DateTime, Utc};

use super::press::{and_list, Delivery, PressRefusal};
use super::{Game, Role};
use crate::map::PowerId;

/// The power a FROM option names: its initial or its name.
pub(super) fn power_named(game: &Game, word: &str) -> Option<PowerId> {
  let mut letters = word.chars();
  if let (Some(c), None) = (letters.next(), letters.next()) {
    if let Some(power) = game.map.power_by_initial(c.to_ascii_uppercase()) {
      return Some(power);
    }
  }
  game.map.power_ids().find(|&p| game.power_name(p).eq_ignore_ascii_case(word))
}

/// The contact rule in force, TOUCH_PRESS or REMOTE_PRESS, if any.
pub(super) fn contact_rule(game: &Game) -> Option<&'static str> {
  let rules = &game.settings.variant;
  if rules.has_rule("TOUCH_PRESS") {
    Some("TOUCH_PRESS")
  } else if rules.has_rule("REMOTE_PRESS") {
    Some("REMOTE_PRESS")
  } else {
    None
  }
}

/// Why a message that does not go to the Master alone may not go as
/// addressed under the DPjudge's press rules, if it may not.
pub(super) fn refusal(
  game: &Game,
  sender: usize,
  delivery: &Delivery,
  now: DateTime<Utc>,
) -> Result<(), PressRefusal> {
  let member = &game.members[sender];
  let rules = &game.settings.variant;
  let name = || game.name.clone();
  if rules.has_rule("BACKSEAT_PRESS") {
    match member.role {
      Role::Player if member.power.is_some() => return Err(PressRefusal::BackseatPlayer(name())),
      Role::Observer if *delivery != Delivery::Everyone => {
        return Err(PressRefusal::BackseatObserver(name()));
      }
      _ => {}
    }
  }
  let Some(power) = member.power.filter(|_| member.role == Role::Player) else { return Ok(()) };
  let named = named_powers(game, power, delivery);
  if let Some(rule) = contact_rule(game) {
    if *delivery == Delivery::Everyone {
      if game.settings.press.partial {
        return Err(PressRefusal::ContactBroadcast { game: name(), rule });
      }
    } else {
      let reachable = |other: PowerId| {
        if rule == "TOUCH_PRESS" {
          in_support_contact(game, power, other)
        } else {
          remote(game, power, other)
        }
      };
      let out: Vec<PowerId> = named.iter().copied().filter(|&p| !reachable(p)).collect();
      if !out.is_empty() {
        let why = if rule == "TOUCH_PRESS" {
          "private press goes only to powers with a unit\n\
           that could support one of yours in place, or one of yours could support"
        } else {
          "private press goes only to powers with no unit in\n\
           support contact with yours and no centre in reach either way"
        };
        let (powers, is) = listed(game, &out);
        return Err(PressRefusal::OutOfContact { game: name(), rule, why, powers, is });
      }
    }
  }
  let deadline_passed = game.timing.deadline.is_some_and(|d| now > d);
  if rules.has_rule("NO_LATE_RECEIVE") && deadline_passed && *delivery != Delivery::Everyone {
    let late: Vec<PowerId> =
      named.iter().copied().filter(|&p| game.must_order(p) && !game.is_in(p)).collect();
    if !late.is_empty() {
      let (powers, is) = listed(game, &late);
      let them = if late.len() == 1 { "it" } else { "them" };
      return Err(PressRefusal::LateReceiver { game: name(), powers, is, them });
    }
  }
  Ok(())
}

/// The powers a message goes to, but the sender: those a list names, or
/// for TO ALL BUT those it leaves in that are still in the game.
fn named_powers(game: &Game, power: PowerId, delivery: &Delivery) -> Vec<PowerId> {
  let mut powers: Vec<PowerId> = match delivery {
    Delivery::Everyone => Vec::new(),
    Delivery::To(a) => a.powers.clone(),
    Delivery::AllBut(a) => {
      game.map.power_ids().filter(|p| !a.powers.contains(p) && !game.is_eliminated(*p)).collect()
    }
  };
  powers.retain(|&p| p != power);
  powers
}

/// `France is` or `France and Germany are`.
fn listed(game: &Game, powers: &[PowerId]) -> (String, &'static str) {
  let names: Vec<String> = powers.iter().map(|&p| game.power_name(p).to_string()).collect();
  (and_list(&names), if powers.len() == 1 { "is" } else { "are" })
}

/// Whether a unit of `a` could support a unit of `b` in place, or the
/// other way round (the DPjudge's TOUCH_PRESS test).
pub(super) fn in_support_contact(game: &Game, a: PowerId, b: PowerId) -> bool {
  let (map, position) = (game.map, &game.position);
  position.units_of(a).any(|u| {
    position.units_of(b).any(|v| {
      map.can_reach(u.kind, u.location, v.location.province)
        || map.can_reach(v.kind, v.location, u.location.province)
    })
  })
}

/// Whether `b` is remote from `a` (the DPjudge's REMOTE_PRESS): it owns a
/// centre, no unit of either could support one of the other in place,
/// and no unit of either could move into a centre the other owns.
fn remote(game: &Game, a: PowerId, b: PowerId) -> bool {
  let (map, position) = (game.map, &game.position);
  let reaches_centre_of = |x: PowerId, y: PowerId| {
    position
      .units_of(x)
      .any(|u| position.centers_of(map, y).any(|c| map.can_reach(u.kind, u.location, c)))
  };
  position.centers_of(map, b).next().is_some()
    && !in_support_contact(game, a, b)
    && !reaches_centre_of(a, b)
    && !reaches_centre_of(b, a)
}
