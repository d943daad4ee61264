//! The orders a power could give now, unit by unit: what the web's
//! pull-downs offer. Candidates are written as a player would mail them
//! (the map's abbreviations) and kept only when [`Game::check_order`], the
//! check every mailed order passes, takes them: so everything offered is
//! accepted. Not everything accepted is offered: convoys over more than one
//! fleet, and moves by them, are typed. In a blind game only the units the
//! player sees are offered as the ones to support or convoy, so that the
//! form shows nothing the player is not shown.

use super::Game;
use crate::map::{Location, PowerId, ProvinceId, UnitType};
use crate::phase::PhaseKind;
use crate::position::{Position, Unit};

/// The choices for one unit (or, in an adjustment phase, for one build
/// site or removal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitChoices {
  /// The unit or site, as results name it (`Army Paris`).
  pub subject: String,
  /// The province it is in (`Par`), or empty (a waived build).
  pub province: String,
  pub orders: Vec<Choice>,
}

/// One order offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
  /// As a player would mail it (`A Par - Bur`).
  pub order: String,
  /// As results print it (`Army Paris -> Burgundy.`).
  pub text: String,
}

impl Game {
  /// The orders `power` could give each of its units (or its builds and
  /// removals) in the current phase.
  pub fn order_choices(&self, power: PowerId) -> Vec<UnitChoices> {
    let seen = self.seen_by(power);
    let board = seen.as_ref().unwrap_or(&self.position);
    let candidates: Vec<(Unit, Vec<String>)> = match self.position.phase.kind {
      PhaseKind::Movement => {
        self.position.units_of(power).map(|u| (u, self.movement(u, board))).collect()
      }
      PhaseKind::Retreat => self
        .position
        .dislodged
        .iter()
        .filter(|d| d.unit.power == power)
        .map(|d| {
          let unit = d.unit;
          let at = self.abbr(unit.location);
          let letter = unit.kind.letter();
          let mut orders: Vec<String> =
            d.retreats.iter().map(|&to| format!("{letter} {at} - {}", self.abbr(to))).collect();
          orders.push(format!("{letter} {at} Disband"));
          (unit, orders)
        })
        .collect(),
      PhaseKind::Adjustment => return self.adjustment_choices(power),
    };
    candidates
      .into_iter()
      .map(|(unit, orders)| UnitChoices {
        subject: self.unit_name(unit),
        province: self.map.province(unit.location.province).abbr.clone(),
        orders: self.taken_seen(power, orders, seen.as_ref()),
      })
      .filter(|c| !c.orders.is_empty())
      .collect()
  }

  /// The adjustments the judge takes, each once (they name no other
  /// power's unit, so need no board to be written for the player).
  fn taken(&self, power: PowerId, candidates: Vec<String>) -> Vec<Choice> {
    self.taken_seen(power, candidates, None)
  }

  /// The candidates the judge takes, each once, written as `seen` shows
  /// the board (see [`Game::seen_by`]).
  fn taken_seen(
    &self,
    power: PowerId,
    candidates: Vec<String>,
    seen: Option<&Position>,
  ) -> Vec<Choice> {
    let mut choices: Vec<Choice> = Vec::new();
    for order in candidates {
      if let Ok(text) = self.check_order_seen(power, &order, seen) {
        if !choices.iter().any(|c| c.text == text) {
          choices.push(Choice { order, text });
        }
      }
    }
    choices
  }

  fn abbr(&self, location: Location) -> String {
    self.map.location_abbr(location)
  }

  /// `Army Paris`, as results name a unit.
  fn unit_name(&self, unit: Unit) -> String {
    format!("{} {}", unit.kind.name(), self.map.location_name(unit.location))
  }

  fn unit_words(&self, unit: Unit) -> String {
    format!("{} {}", unit.kind.letter(), self.abbr(unit.location))
  }

  /// The provinces a unit can move into.
  fn reach(&self, unit: Unit) -> Vec<ProvinceId> {
    match unit.kind {
      UnitType::Army => self.map.army_neighbours(unit.location.province).to_vec(),
      UnitType::Fleet => {
        let mut provinces: Vec<ProvinceId> =
          self.map.fleet_neighbours(unit.location).iter().map(|l| l.province).collect();
        provinces.dedup();
        provinces
      }
      UnitType::Wing => self
        .map
        .province_ids()
        .filter(|&p| self.map.can_reach(UnitType::Wing, unit.location, p))
        .collect(),
    }
  }

  /// Hold, moves, supports of every unit it could help, and one-fleet
  /// convoys (and the moves they carry), among the units on `board` (the
  /// board the player is shown).
  fn movement(&self, unit: Unit, board: &Position) -> Vec<String> {
    let me = self.unit_words(unit);
    let mut orders = vec![format!("{me} H")];
    match unit.kind {
      UnitType::Army => {
        for &to in self.map.army_neighbours(unit.location.province) {
          orders.push(format!("{me} - {}", self.map.province(to).abbr));
        }
      }
      UnitType::Fleet => {
        for &to in self.map.fleet_neighbours(unit.location) {
          orders.push(format!("{me} - {}", self.abbr(to)));
        }
      }
      UnitType::Wing => {
        for to in self.reach(unit) {
          orders.push(format!("{me} - {}", self.map.province(to).abbr));
        }
      }
    }
    let reach = self.reach(unit);
    for other in board.units().filter(|o| o.location.province != unit.location.province) {
      let them = self.unit_words(other);
      let there = other.location.province;
      if reach.contains(&there) {
        orders.push(format!("{me} S {them}"));
      }
      for &to in self.reach(other).iter().filter(|to| reach.contains(to)) {
        orders.push(format!("{me} S {them} - {}", self.map.province(to).abbr));
      }
    }
    // An army beside a fleet at sea may go where that fleet reaches; the
    // fleet may carry any army beside it there.
    let at_sea =
      |u: &Unit| u.kind == UnitType::Fleet && !self.map.province(u.location.province).is_land();
    let fleets: Vec<Unit> = board.units().filter(at_sea).collect();
    match unit.kind {
      UnitType::Army => {
        for fleet in fleets.iter().filter(|f| self.reach(**f).contains(&unit.location.province)) {
          for to in self.reach(*fleet).into_iter().filter(|&to| to != unit.location.province) {
            orders.push(format!("{me} - {}", self.map.province(to).abbr));
          }
        }
      }
      UnitType::Fleet if at_sea(&unit) => {
        let armies = board.units().filter(|a| a.kind == UnitType::Army);
        for army in armies.filter(|a| reach.contains(&a.location.province)) {
          let them = self.unit_words(army);
          for &to in reach.iter().filter(|&&to| to != army.location.province) {
            orders.push(format!("{me} C {them} - {}", self.map.province(to).abbr));
          }
        }
      }
      UnitType::Fleet | UnitType::Wing => {}
    }
    orders
  }

  /// Builds on every centre the power holds (both kinds, every coast),
  /// removals of each of its units, and waiving a build.
  fn adjustment_choices(&self, power: PowerId) -> Vec<UnitChoices> {
    let mut choices = Vec::new();
    for centre in self.position.centers_of(self.map, power) {
      let province = self.map.province(centre);
      let abbr = &province.abbr;
      let mut orders = vec![format!("Build A {abbr}"), format!("Build F {abbr}")];
      for coast in province.coasts() {
        orders.push(format!("Build F {abbr}/{}", coast.abbr()));
      }
      let orders = self.taken(power, orders);
      if !orders.is_empty() {
        choices.push(UnitChoices {
          subject: province.name.clone(),
          province: abbr.clone(),
          orders,
        });
      }
    }
    if !choices.is_empty() {
      let waive = self.taken(power, vec!["Waive".to_string()]);
      if !waive.is_empty() {
        let subject = "A build".to_string();
        choices.push(UnitChoices { subject, province: String::new(), orders: waive });
      }
    }
    for unit in self.position.units_of(power) {
      let orders = self.taken(power, vec![format!("Remove {}", self.unit_words(unit))]);
      if !orders.is_empty() {
        let province = self.map.province(unit.location.province).abbr.clone();
        choices.push(UnitChoices { subject: self.unit_name(unit), province, orders });
      }
    }
    choices
  }
}

#[cfg(test)]
mod tests {
  use super::super::{DeadlineRule, Settings};
  use super::*;
  use crate::map::Map;

  fn game(blind: bool) -> Game {
    let map = Map::standard().unwrap_or_else(|e| panic!("the standard map: {e}"));
    let deadlines = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut settings = Settings::new(map, deadlines);
    settings.variant.blind = blind;
    Game::new("choices", map, settings, chrono::DateTime::UNIX_EPOCH)
  }

  /// Every order offered, as mailed and as echoed.
  fn offered(game: &Game, power: &str) -> Vec<String> {
    let power = game.map.find_power(power).unwrap_or_else(|| panic!("no {power}"));
    let choices = game.order_choices(power);
    choices.iter().flat_map(|u| &u.orders).flat_map(|c| [c.order.clone(), c.text.clone()]).collect()
  }

  /// The web form of a blind game offers help only to the units the
  /// player sees: Paris, far from every German unit, is not named.
  #[test]
  fn a_blind_game_offers_no_unit_the_player_does_not_see() {
    let seen = offered(&game(false), "Germany");
    assert!(seen.iter().any(|o| o == "A Mun S A Par - Bur"), "{seen:#?}");
    assert!(seen.iter().any(|o| o.contains("French")), "{seen:#?}");
    let blind = offered(&game(true), "Germany");
    assert!(blind.iter().any(|o| o == "A Ber S A Mun - Sil"), "{blind:#?}");
    for choice in &blind {
      assert!(!choice.contains("Par") && !choice.contains("French"), "{choice}");
    }
  }
}
