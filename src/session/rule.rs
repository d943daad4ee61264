//! SET RULE name and SET NO RULE name: any DPjudge rule the judge plays,
//! by its DPjudge name, turned on or off before the game starts, like the
//! variant options of manual §9.1 (see `variant.rs`).

use super::Session;
use crate::game::variant::rule_meaning;

impl Session<'_> {
  /// SET RULE name / SET NO RULE name.
  pub(crate) fn set_dpjudge_rule(&mut self, args: &str, on: bool) {
    let command = if on { "SET RULE" } else { "SET NO RULE" };
    if !self.may_moderate(command, true) {
      return;
    }
    let words: Vec<&str> = args.split_whitespace().collect();
    let word = match words.as_slice() {
      [word] => *word,
      [] => {
        self.error(&format!(
          "{command} needs a DPjudge rule name, e.g. {command} FTF_PRESS.\n\
           Nothing was changed."
        ));
        return;
      }
      _ => {
        self.error(&format!(
          "{command} takes one rule name per command (write it with _ between its\n\
           words, as FTF_PRESS); send a line for each. Nothing was changed."
        ));
        return;
      }
    };
    let Some(seat) = self.seat.as_mut() else { return };
    let settings = &mut seat.stored.game.settings;
    // The rule is turned on or off in a copy, which replaces the game's
    // settings only when it fits.
    let mut after = settings.clone();
    let name = match after.set_rule(word, on) {
      Ok(name) => name,
      Err(problem) => {
        self.error(&format!("{problem}\nNothing was changed."));
        return;
      }
    };
    let map = seat.stored.game.map;
    let misfit =
      crate::game::viewer::misfit(&after).or_else(|| crate::game::xtal::start_misfit(map, &after));
    if let Some(reason) = misfit {
      self.error(&format!("{reason}\nNothing was changed."));
      return;
    }
    if settings.rule_on(&name) == on {
      let game = seat.stored.game.name.clone();
      let state = if on { "already in force" } else { "not in force" };
      self.say(&format!("In game '{game}', the rule {name} is {state}: nothing was changed."));
      return;
    }
    // What the DPjudge's table made the rule bring with it.
    let (before, now) = (settings.variant.rules_in_force(), after.variant.rules_in_force());
    *settings = after;
    let others = |from: &[String], to: &[String]| -> Vec<String> {
      to.iter().filter(|r| **r != name && !from.contains(r)).cloned().collect()
    };
    let (added, dropped) = (others(&before, &now), others(&now, &before));
    let mut meaning = rule_meaning(&name, on);
    if !added.is_empty() {
      meaning.push_str(&format!(";\nit brings with it {}", added.join(", ")));
    }
    if !dropped.is_empty() {
      meaning.push_str(&format!(";\nit turns off {}", dropped.join(", ")));
    }
    self.parameter_change(&meaning);
  }
}
