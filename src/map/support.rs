//! What of a map the game engine does not play yet. A variant whose map
//! uses any of it is refused at CREATE with this list, rather than played
//! wrongly; the list shrinks as the engine learns each feature.

use super::Map;

/// DPjudge rules the engine plays (the board rules and game settings it
/// maps them to).
const PLAYED_RULES: &[&str] = &[
  "BUILD_ANY",
  "REMOTE_BUILDS",
  "HOME_BUILDS",
  "MOBILIZE",
  "HIBERNATE",
  "NO_PARTISANS",
  "FTF_PRESS",
  "CD_DUMMIES",
  "CD_BUILDS",
  "IMMOBILE_DUMMIES",
  "DUMMY_FIRE",
  "NO_DRAW",
  "VASSAL_DUMMIES",
  "TORN_ALLEGIANCE",
  "FICTIONAL_OK",
  "BLIND",
  "FRIENDLY_FIRE",
  "WEAK_BOUNCES",
  "COASTAL_CRAWL",
  "SAFE_CONVOYS",
  "WEAK_CONVOYS",
  "NO_RETURN",
  "CONVOY_BACK",
  "DEFAULT_UNORDERED",
  "GARRISON",
  "SHOW_PHANTOM",
  "ORDER_ANY",
  "SIGNAL_SUPPORT",
  "NO_CHECK",
  "PORTAGE_CONVOY",
];

impl Map {
  /// The DPjudge rules the engine plays, by name.
  pub fn played_rules() -> &'static [&'static str] {
    PLAYED_RULES
  }

  /// The features of this map the engine cannot play yet, in words a
  /// player reads (empty when the whole variant can be played).
  pub fn unplayable_features(&self) -> Vec<String> {
    let mut missing = Vec::new();
    let mut need = |what: String| {
      if !missing.contains(&what) {
        missing.push(what);
      }
    };
    if !self.neutral_units().is_empty() {
      need("neutral units".into());
    }
    for power in self.powers() {
      // `+`, `-` and `*` are read by position (see game::press and
      // game::preference); these three are separators in those lists.
      if matches!(power.initial, ',' | '[' | ']') {
        need(format!("the initial '{}' in press and preference lists", power.initial));
      }
    }
    for rule in self.rules() {
      if !PLAYED_RULES.contains(&rule.as_str()) {
        need(format!("the rule {rule}"));
      }
    }
    missing
  }
}
