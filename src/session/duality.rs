//! SET DUALITY and SET NO DUALITY (manual §9.1): whether the map's
//! provinces that are land and water at once (the standard map's
//! Constantinople and Denmark, the ports of the DPjudge's maps) let a
//! fleet there convoy as at sea. The game plays the map so made
//! (`Map::with_duality`).

use super::Session;

impl Session<'_> {
  pub(crate) fn set_duality(&mut self, on: bool) {
    let command = if on { "SET DUALITY" } else { "SET NO DUALITY" };
    if !self.may_moderate(command, true) {
      return;
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let game = &mut seat.stored.game;
    let name = game.name.clone();
    if !game.map.offers_duality() {
      let map = game.map.name().to_string();
      self.error(&format!(
        "{map} has no provinces that are land and water at once, so {command}\n\
         changes nothing there (the standard map has Constantinople and Denmark).\n\
         Nothing was changed."
      ));
      return;
    }
    let map = match game.map.with_duality(on) {
      Ok(map) => map,
      Err(problem) => {
        self.error(&format!("{problem}\nNothing was changed."));
        return;
      }
    };
    if game.map.plays_duality() == on && game.settings.variant.duality.is_some() {
      let state = if on { "on" } else { "off" };
      self.say(&format!("In game '{name}', duality is already {state}: nothing was changed."));
      return;
    }
    game.settings.variant.duality = Some(on);
    game.map = map;
    let mut dual: Vec<String> = map
      .province_ids()
      .filter(|&p| map.province(p).dual)
      .map(|p| map.province(p).name.clone())
      .collect();
    if dual.len() > 3 {
      dual = vec![format!("{} provinces", dual.len())];
    }
    let names = dual.join(", ");
    let meaning = if on {
      format!(
        "duality is on (DUALITY): a fleet in a dual province\n\
         ({names}) may convoy as a fleet at sea does"
      )
    } else {
      format!(
        "duality is off (NO DUALITY): the dual provinces\n\
         ({names}) are ordinary coasts, whose fleets do not convoy"
      )
    };
    self.parameter_change(&meaning);
  }
}
