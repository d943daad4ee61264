//! Optional rules that change adjudication.

/// How a convoy paradox is broken (DATC 4.A.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParadoxRule {
  /// The convoys in the paradox fail; the armies stay put (DATC's preference).
  #[default]
  Szykman,
  /// 1982 rulebook: a convoyed army does not cut support for an attack on a
  /// body of water holding a fleet ordered to convoy.
  Rule1982,
}

/// The optional rules in force for one adjudication.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
  pub paradox: ParadoxRule,
}

/// A rule name `judge adjudicate` does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{name}' (known rules: SZYKMAN, PARADOX_1982)")]
pub struct UnknownRule {
  pub name: String,
}

impl Rules {
  /// Reads rule names as given to `judge adjudicate` (case-insensitive).
  pub fn from_names<S: AsRef<str>>(names: &[S]) -> Result<Rules, UnknownRule> {
    let mut rules = Rules::default();
    for name in names {
      let name = name.as_ref();
      match name.trim().to_ascii_uppercase().replace(['-', ' '], "_").as_str() {
        "SZYKMAN" | "PARADOX_SZYKMAN" => rules.paradox = ParadoxRule::Szykman,
        "PARADOX_1982" | "1982" | "RULE_1982" | "CONVOY_1982" => {
          rules.paradox = ParadoxRule::Rule1982
        }
        _ => return Err(UnknownRule { name: name.to_string() }),
      }
    }
    Ok(rules)
  }
}
