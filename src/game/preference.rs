//! Preference lists and power assignment (manual §7.1 SET PREFERENCE, §8.3
//! PRFLIST / PRFRAND / PRFBOTH). The randomness is passed in, so a game
//! started at a given moment always deals the same powers.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::map::{Map, PowerId};

/// What a player asked for, best first. Powers left out of the tiers come
/// after every tier, all equally.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Preference {
  /// No list (or an empty one).
  #[default]
  None,
  /// `*`: a random power, if the game allows it.
  Random,
  /// `E[FGR][TAI]`: tiers of powers liked equally.
  Tiers(Vec<Vec<PowerId>>),
}

/// How a game assigns powers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Assignment {
  /// By preference lists only; `*` counts as no list (the default).
  #[default]
  List,
  /// At random for everyone; lists are ignored.
  Random,
  /// By lists, with `*` meaning an equal liking for every power.
  Both,
}

/// Why a preference list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PreferenceError {
  #[error("'{letter}' is not the initial of a power in this game (the powers are {known}).")]
  UnknownPower { letter: char, known: String },
  #[error("{power} appears twice in the list.")]
  Twice { power: String },
  #[error("The brackets do not match: write equal choices inside one pair, e.g. E[FGR][TAI].")]
  Brackets,
  #[error("'*' stands alone: it asks for a random power.")]
  StarNotAlone,
}

impl Preference {
  /// Reads a list such as `E[FGR][TAI]`, `*`, or nothing. Spaces, commas
  /// and case do not matter. `*` alone asks for a random power; where a
  /// power's initial is `*` (Void), `*` in a longer list or in brackets
  /// (`[*]`) names that power.
  pub fn parse(map: &Map, text: &str) -> Result<Preference, PreferenceError> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != ',').collect();
    if compact.is_empty() {
      return Ok(Preference::None);
    }
    if compact == "*" {
      return Ok(Preference::Random);
    }
    if compact.contains('*') && map.power_by_initial('*').is_none() {
      return Err(PreferenceError::StarNotAlone);
    }
    let mut tiers: Vec<Vec<PowerId>> = Vec::new();
    let mut group: Option<Vec<PowerId>> = None;
    let mut seen = Vec::new();
    for c in compact.chars() {
      match (c, group.as_mut()) {
        ('[', None) => group = Some(Vec::new()),
        (']', Some(_)) => {
          if let Some(done) = group.take().filter(|g| !g.is_empty()) {
            tiers.push(done);
          }
        }
        ('[' | ']', _) => return Err(PreferenceError::Brackets),
        (letter, open) => {
          let power = map
            .power_by_initial(letter)
            .ok_or_else(|| PreferenceError::UnknownPower { letter, known: initials(map) })?;
          if seen.contains(&power) {
            return Err(PreferenceError::Twice { power: map.power(power).name.clone() });
          }
          seen.push(power);
          match open {
            Some(group) => group.push(power),
            None => tiers.push(vec![power]),
          }
        }
      }
    }
    if group.is_some() {
      return Err(PreferenceError::Brackets);
    }
    Ok(Preference::Tiers(tiers))
  }

  /// The list written back in njudge's notation.
  pub fn show(&self, map: &Map) -> String {
    match self {
      Preference::None => String::new(),
      Preference::Random => "*".to_string(),
      Preference::Tiers(tiers) => tiers
        .iter()
        .map(|tier| {
          let letters: String = tier.iter().map(|&p| map.power(p).initial).collect();
          // A lone `*` would read back as "random".
          if tier.len() == 1 && !(tiers.len() == 1 && letters == "*") {
            letters
          } else {
            format!("[{letters}]")
          }
        })
        .collect(),
    }
  }
}

/// The power initials of a map, as `A, E, F…`.
fn initials(map: &Map) -> String {
  map.powers().iter().map(|p| p.initial.to_string()).collect::<Vec<_>>().join(", ")
}

/// Deals the powers among the players (each given by its preference). The
/// result gives each player's powers, in the players' order. Players are
/// served in a random order; each takes the best power still free by its
/// list (at random within a tier); players without a usable list then get
/// a random free power; powers left over (when there are fewer players
/// than powers) are dealt round the players at random.
pub fn assign(
  map: &Map,
  preferences: &[Preference],
  mode: Assignment,
  rng: &mut impl Rng,
) -> Vec<Vec<PowerId>> {
  // Dummies are nobody's to play (DPjudge DUMMY): never dealt.
  let mut free: Vec<PowerId> = map.playable_powers().collect();
  let mut dealt: Vec<Vec<PowerId>> = vec![Vec::new(); preferences.len()];
  let mut order: Vec<usize> = (0..preferences.len()).collect();
  order.shuffle(rng);
  let all = free.clone();
  let tiers_of = |preference: &Preference| -> Option<Vec<Vec<PowerId>>> {
    match (mode, preference) {
      (Assignment::Random, _) | (_, Preference::None) => None,
      (Assignment::List, Preference::Random) => None,
      (Assignment::Both, Preference::Random) => Some(vec![all.clone()]),
      (_, Preference::Tiers(tiers)) => Some(tiers.clone()),
    }
  };
  for &player in &order {
    let Some(tiers) = tiers_of(&preferences[player]) else { continue };
    for tier in tiers {
      let open: Vec<PowerId> = tier.into_iter().filter(|p| free.contains(p)).collect();
      if let Some(&power) = open.choose(rng) {
        free.retain(|&p| p != power);
        dealt[player].push(power);
        break;
      }
    }
  }
  for &player in &order {
    if dealt[player].is_empty() {
      if let Some(&power) = free.choose(rng) {
        free.retain(|&p| p != power);
        dealt[player].push(power);
      }
    }
  }
  free.shuffle(rng);
  for (power, &player) in free.into_iter().zip(order.iter().cycle()) {
    dealt[player].push(power);
  }
  dealt
}

#[cfg(test)]
mod tests {
  use rand::SeedableRng;

  use super::*;

  fn map() -> &'static Map {
    Map::standard().expect("standard map")
  }

  fn initials_of(powers: &[PowerId]) -> String {
    powers.iter().map(|&p| map().power(p).initial).collect()
  }

  #[test]
  fn lists_read_and_print_in_njudge_notation() {
    let preference = Preference::parse(map(), "e[fgr] [tai]").expect("a list");
    assert_eq!(preference.show(map()), "E[FGR][TAI]");
    assert_eq!(Preference::parse(map(), "  "), Ok(Preference::None));
    assert_eq!(Preference::parse(map(), "*"), Ok(Preference::Random));
    assert!(matches!(Preference::parse(map(), "EX"), Err(PreferenceError::UnknownPower { .. })));
    assert!(matches!(Preference::parse(map(), "EFE"), Err(PreferenceError::Twice { .. })));
    assert_eq!(Preference::parse(map(), "E[FG"), Err(PreferenceError::Brackets));
    assert_eq!(Preference::parse(map(), "E*"), Err(PreferenceError::StarNotAlone));
  }

  #[test]
  fn void_s_plus_and_star_powers_are_listed_and_a_lone_star_stays_random() {
    let void = Map::builtin("void").expect("void");
    let (plus, star) = (void.power_by_initial('+'), void.power_by_initial('*'));
    let (Some(plus), Some(star)) = (plus, star) else { panic!("void has + and *") };
    assert_eq!(Preference::parse(void, "*"), Ok(Preference::Random));
    assert_eq!(Preference::parse(void, "[*]"), Ok(Preference::Tiers(vec![vec![star]])));
    let list = Preference::parse(void, "*+[a b]").expect("a list");
    let a = void.power_by_initial('A').expect("A");
    let b = void.power_by_initial('B').expect("B");
    assert_eq!(list, Preference::Tiers(vec![vec![star], vec![plus], vec![a, b]]));
    assert_eq!(list.show(void), "*+[AB]");
    // A list of Yorkshire alone is written so it reads back the same.
    let alone = Preference::parse(void, "[*]").expect("a list");
    assert_eq!(alone.show(void), "[*]");
    assert_eq!(Preference::parse(void, &alone.show(void)), Ok(alone));
    assert!(matches!(Preference::parse(void, "**"), Err(PreferenceError::Twice { .. })));
    assert_eq!(Preference::parse(map(), "[*]"), Err(PreferenceError::StarNotAlone));
  }

  #[test]
  fn distinct_first_choices_are_all_granted() {
    let lists: Vec<Preference> = ["A", "E", "F", "G", "I", "R", "T"]
      .iter()
      .map(|l| Preference::parse(map(), l).expect("list"))
      .collect();
    for seed in 0..20 {
      let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
      let dealt = assign(map(), &lists, Assignment::List, &mut rng);
      let got: Vec<String> = dealt.iter().map(|d| initials_of(d)).collect();
      assert_eq!(got, ["A", "E", "F", "G", "I", "R", "T"]);
    }
  }

  #[test]
  fn everyone_gets_one_power_and_no_power_twice() {
    let lists = vec![
      Preference::parse(map(), "E").expect("list"),
      Preference::parse(map(), "E").expect("list"),
      Preference::Random,
      Preference::None,
      Preference::None,
      Preference::None,
      Preference::None,
    ];
    for mode in [Assignment::List, Assignment::Random, Assignment::Both] {
      let mut rng = rand::rngs::StdRng::seed_from_u64(7);
      let dealt = assign(map(), &lists, mode, &mut rng);
      let mut all: Vec<PowerId> = dealt.iter().flatten().copied().collect();
      assert!(dealt.iter().all(|d| d.len() == 1), "{mode:?}: {dealt:?}");
      all.sort();
      all.dedup();
      assert_eq!(all.len(), 7, "{mode:?}");
    }
  }

  #[test]
  fn fewer_players_share_the_powers_evenly() {
    let lists = vec![Preference::None; 3];
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let dealt = assign(map(), &lists, Assignment::List, &mut rng);
    let mut sizes: Vec<usize> = dealt.iter().map(Vec::len).collect();
    sizes.sort();
    assert_eq!(sizes, [2, 2, 3]);
  }
}
