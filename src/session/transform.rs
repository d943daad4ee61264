//! SET TRANSFORM when:where... and SET NO TRANSFORM (manual §9.1): in
//! which phases, and where, units may change type. The setting itself and
//! its reading are the board's (`rules::transform`).

use super::Session;
use crate::rules::Transform;

impl Session<'_> {
  /// SET TRANSFORM options / SET NO TRANSFORM (also spelt TRAFO).
  pub(crate) fn set_transform(&mut self, args: &str, on: bool) {
    let command = if on { "SET TRANSFORM" } else { "SET NO TRANSFORM" };
    if !self.may_moderate(command, true) {
      return;
    }
    // "The command must include either the NO flag or a transform-option,
    // but not both."
    if !on && !args.trim().is_empty() {
      self.error(
        "SET NO TRANSFORM takes no options: it turns every transformation off\n\
         (as SET TRANSFORM NONE does). Nothing was changed.",
      );
      return;
    }
    let Some(seat) = self.seat.as_mut() else { return };
    let settings = &mut seat.stored.game.settings;
    let setting = match settings.variant.transform.parse(if on { args } else { "NONE" }) {
      Ok(setting) => setting,
      Err(problem) => {
        self.error(&format!("{problem}\nNothing was changed."));
        return;
      }
    };
    if setting == settings.variant.transform {
      let game = seat.stored.game.name.clone();
      self.say(&format!(
        "In game '{game}', transformations are already {}: nothing was changed.",
        setting.words()
      ));
      return;
    }
    settings.variant.transform = setting;
    self.parameter_change(&transform_meaning(&setting));
  }
}

/// What the game allows now, for the `Parameter Change`.
pub(crate) fn transform_meaning(setting: &Transform) -> String {
  if !setting.on() {
    return "units may not change type (NO TRANSFORM)".to_string();
  }
  let phase = |name: &str, place: Option<crate::rules::TransformPlace>| match place {
    Some(place) => format!("- in {name} phases, {}", place.words()),
    None => format!("- never in {name} phases"),
  };
  let mut text = format!(
    "units may change type (TRANSFORM {}):\n{};\n{}",
    setting.words(),
    phase("movement", setting.moves),
    phase("adjustment", setting.builds)
  );
  if setting.builds.is_some() {
    text.push_str(",\n  and each adjustment phase waits for its deadline");
  }
  text
}
