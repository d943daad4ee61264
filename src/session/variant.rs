//! The variant settings of manual §9 (SET VARIANT, SET NOT VARIANT, and
//! the optional rules of §9.1: ANY / ONE / HOME CENTER, ANY / NORMAL
//! DISBAND, AUTO DISBAND, EMPTY BOARD, SUMMER, COASTAL CONVOYS, SECRET,
//! PLAYERS). They change the nature of the game, so only a moderator may
//! use them, and only before the game starts; each change is told to
//! everyone as a `Parameter Change`.

use super::join::{sign_on_words, unknown_variant_word, unplayable, variant_word};
use super::Session;
use crate::game::report::wrap;
use crate::game::GameOption;
use crate::map::Map;

impl Session<'_> {
  /// Refuses an option that does not apply to the game's map, saying why.
  pub(crate) fn refuse_misfit(&mut self, option: GameOption) -> bool {
    let reason = self.seat.as_ref().and_then(|seat| {
      let game = &seat.stored.game;
      let mut after = game.settings.clone();
      option.set(&mut after, true);
      option
        .not_for(game.map)
        .or_else(|| crate::game::viewer::misfit(&after).map(String::from))
        .or_else(|| crate::game::xtal::start_misfit(game.map, &after).map(String::from))
    });
    match reason {
      Some(reason) => {
        self.error(&format!("{reason}\nNothing was changed."));
        true
      }
      None => false,
    }
  }

  /// SET HOME CENTER: builds in home centres only (the standard rule).
  pub(crate) fn set_home_center(&mut self) {
    if !self.may_moderate("SET HOME CENTER", true) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      let settings = &mut seat.stored.game.settings;
      GameOption::AnyCenter.set(settings, false);
      GameOption::OneCenter.set(settings, false);
      // Imperial's own rule too: the standard rule is what is asked for.
      settings.variant.builds = crate::adjudicate::BuildRule::Home;
      settings.variant.map_rules.retain(|r| r != "HOME_BUILDS");
    }
    self.parameter_change(GameOption::AnyCenter.meaning(false));
  }

  /// SET VARIANT variant | option: one word per command (manual §9).
  pub(crate) fn set_variant(&mut self, args: &str) {
    if !self.may_moderate("SET VARIANT", true) {
      return;
    }
    let Some(word) = one_word("SET VARIANT", args).map_err(|e| self.error(&e)).ok() else {
      return;
    };
    if let Some(info) = Map::variant_info(&word) {
      let lower = info.key.to_string();
      let Some(seat) = self.seat.as_ref() else { return };
      let current = seat.stored.game.map.storage_key().to_string();
      if current == lower {
        self.say(&format!(
          "Game '{}' is already a {} game, so nothing was changed. (SET NOT VARIANT\n\
           option drops an option.)",
          seat.stored.game.name,
          variant_word(&current)
        ));
      } else {
        self.remap(&lower);
      }
      return;
    }
    let Some(option) = GameOption::parse(&word) else {
      self.error(&format!("{}\nNothing was changed.", unknown_variant_word(&word)));
      return;
    };
    if self.refuse_misfit(option) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      option.name_in(&mut seat.stored.game.settings);
    }
    let Some(game) = self.seat.as_ref().map(|s| &s.stored.game) else { return };
    let (name, words) = (game.name.clone(), sign_on_words(game));
    self.parameter_change(&format!(
      "{};\nto sign on, write SIGN ON ?{name} password{words}",
      option.meaning(true),
    ));
  }

  /// SET VARIANT with a map's name: the forming game moves to that map
  /// (its powers are not dealt yet), which everyone is told with the new
  /// SIGN ON line.
  fn remap(&mut self, key: &str) {
    if let Some(reason) = unplayable(key) {
      self.error(&format!("{reason}\nNothing was changed."));
      return;
    }
    let Ok(map) = Map::builtin(key) else {
      self.error(&format!("The {key} map cannot be loaded. Nothing was changed."));
      return;
    };
    let Some(seat) = self.seat.as_mut() else { return };
    let remapped = match seat.stored.game.remap(map) {
      Ok(remapped) => remapped,
      Err(refusal) => {
        self.error(&format!("{refusal} Nothing was changed."));
        return;
      }
    };
    seat.changed = true;
    let game = &seat.stored.game;
    let (name, words) = (game.name.clone(), sign_on_words(game));
    let (players, victory) = (game.settings.players, game.settings.victory_centers);
    for address in remapped.preferences_dropped {
      self.say(&wrap(&format!(
        "The power preferences of {address} named powers of the old map and were dropped: \
         send SET PREFERENCE again for the {} map.",
        map.name()
      )));
    }
    self.parameter_change(&format!(
      "the game is now played on the {} map ({players} players, {victory} centers to \
       win); to sign on, write SIGN ON ?{name} password{words}",
      map.name()
    ));
  }

  /// SET NOT VARIANT option: drops one option (manual §9).
  pub(crate) fn set_not_variant(&mut self, args: &str) {
    if !self.may_moderate("SET NOT VARIANT", true) {
      return;
    }
    let Some(word) = one_word("SET NOT VARIANT", args).map_err(|e| self.error(&e)).ok() else {
      return;
    };
    if Map::variant_info(&word).is_some() {
      self.error(&format!(
        "SET NOT VARIANT drops an option (such as Gunboat or Summer), not the variant\n\
         itself; '{word}' is a variant. Nothing was changed."
      ));
      return;
    }
    let Some(option) = GameOption::parse(&word) else {
      self.error(&format!("{}\nNothing was changed.", unknown_variant_word(&word)));
      return;
    };
    if self.refuse_misfit(option) {
      return;
    }
    if let Some(seat) = self.seat.as_mut() {
      option.set(&mut seat.stored.game.settings, false);
    }
    self.parameter_change(option.meaning(false));
  }

  /// SET PLAYERS n (manual §9.1): how many players the game waits for;
  /// with fewer players than powers, the powers are shared out among them
  /// (a duplex game). It starts at the end of the message once it has them.
  pub(crate) fn set_players(&mut self, args: &str) {
    if !self.may_moderate("SET PLAYERS", true) {
      return;
    }
    let Some(seat) = self.seat.as_ref() else { return };
    let game = &seat.stored.game;
    let powers = game.map.playable_powers().count() as u32;
    let signed = game.players().count() as u32;
    let secret = game.settings.variant.secret;
    let number = match args.trim().parse::<u32>() {
      Ok(n) if (1..=powers).contains(&n) && n >= signed => n,
      Ok(n) if (1..=powers).contains(&n) => {
        self.error(&format!(
          "{signed} players have signed on already, so the game cannot be set to {n}.\n\
           Nothing was changed."
        ));
        return;
      }
      _ => {
        self.error(&format!(
          "SET PLAYERS needs a number of players from 1 to {powers} (the number of\n\
           powers someone plays), not '{}'. Nothing was changed.",
          args.trim()
        ));
        return;
      }
    };
    if let Some(seat) = self.seat.as_mut() {
      seat.stored.game.settings.players = number;
    }
    let what = if secret {
      "the number of players (as against powers) was changed; it is secret".to_string()
    } else if number < powers {
      format!("the game needs {number} players, who share the {powers} powers between them")
    } else {
      format!("the game needs {number} players")
    };
    self.parameter_change(&what);
  }
}

/// The one word SET VARIANT and SET NOT VARIANT take.
fn one_word(command: &str, args: &str) -> Result<String, String> {
  let words: Vec<&str> = args.split_whitespace().collect();
  match words.as_slice() {
    [word] => Ok(word.to_string()),
    [_, _] if super::join::two_word_option(args).is_some() => Ok(words.join(" ")),
    [] => Err(format!(
      "{command} needs a variant or option, e.g. {command} Gunboat. Nothing was changed."
    )),
    _ => Err(format!(
      "{command} takes one variant or option per command; send a line for each.\n\
       Nothing was changed."
    )),
  }
}
