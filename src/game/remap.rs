//! SET VARIANT with a map's name (manual §9): a forming game moves to
//! another map before its powers are dealt. What the old map gave the game
//! by default (the number of players, the victory count, the build rule,
//! the map's own rules) becomes the new map's default; what the Master set
//! is kept. A game rule, pure: the session phrases the reply.

use super::preference::Preference;
use super::{Game, PowerOrders, Settings, Status};
use crate::adjudicate::Rules;
use crate::map::Map;
use crate::position::Position;

/// Why a game cannot move to another map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RemapRefusal {
  /// The powers were dealt when the game started.
  #[error(
    "Game '{game}' has started, so its map can no longer be changed: the powers\n\
     were dealt on the {map} map."
  )]
  Started { game: String, map: String },
  /// More players signed on than the new map has powers.
  #[error(
    "{signed} players have signed on to game '{game}', but the {map} map has only\n\
     {powers} powers, so the map was not changed."
  )]
  TooManyPlayers { game: String, map: String, signed: usize, powers: usize },
  /// An option the game has does not apply to the new map.
  #[error("{reason}\nSend SET NOT VARIANT {option} first to change the map to {map}.")]
  OptionMisfit { reason: String, option: String, map: String },
}

/// What moving to another map changed beyond the map itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remapped {
  /// Members whose power preferences named the old map's powers and were
  /// dropped (their addresses).
  pub preferences_dropped: Vec<String>,
}

impl Game {
  /// Moves a forming game to `map`, or says why not; on a refusal the game
  /// is as it was.
  pub fn remap(&mut self, map: &'static Map) -> Result<Remapped, RemapRefusal> {
    let old = self.map;
    if self.status != Status::Forming {
      return Err(RemapRefusal::Started { game: self.name.clone(), map: old.name().to_string() });
    }
    let powers = map.playable_powers().count();
    let signed = self.players().count();
    if signed > powers {
      return Err(RemapRefusal::TooManyPlayers {
        game: self.name.clone(),
        map: map.name().to_string(),
        signed,
        powers,
      });
    }
    for option in self.settings.options() {
      if let Some(reason) = option.not_for(map) {
        return Err(RemapRefusal::OptionMisfit {
          reason,
          option: option.title().replace(' ', ""),
          map: map.name().to_string(),
        });
      }
    }
    let settings = &mut self.settings;
    let deadlines =
      || [settings.movement.clone(), settings.retreat.clone(), settings.adjustment.clone()];
    let defaults = Settings::new(old, deadlines());
    let new_defaults = Settings::new(map, deadlines());
    if settings.players == defaults.players {
      settings.players = new_defaults.players;
    }
    settings.players = settings.players.min(powers as u32);
    if settings.victory_centers == defaults.victory_centers {
      settings.victory_centers = new_defaults.victory_centers;
    }
    if settings.variant.builds == Rules::for_map(old).builds {
      settings.variant.builds = new_defaults.variant.builds;
    }
    // The rules the old map brought go; the ones the game set stay.
    let own: Vec<String> = settings
      .variant
      .map_rules
      .iter()
      .filter(|r| !defaults.variant.map_rules.contains(r))
      .cloned()
      .collect();
    let mut rules = new_defaults.variant.map_rules;
    for rule in own {
      if !rules.contains(&rule) {
        rules.push(rule);
      }
    }
    settings.variant.map_rules = rules;

    let mut dropped = Vec::new();
    for member in &mut self.members {
      if !member.preference.is_empty() && Preference::parse(map, &member.preference).is_err() {
        member.preference.clear();
        dropped.push(member.address.clone());
      }
    }
    // The game's SET [NO] DUALITY goes with it to the new map.
    let map = match self.settings.variant.duality {
      Some(on) => map.with_duality(on).unwrap_or(map),
      None => map,
    };
    self.map = map;
    self.position = Position::initial(map).unwrap_or_else(|_| Position::empty(map, map.first()));
    self.orders = vec![PowerOrders::default(); map.powers().len()];
    self.future.clear();
    Ok(Remapped { preferences_dropped: dropped })
  }
}
