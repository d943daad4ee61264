//! Draws and concessions (manual §7.3). Each surviving power's player may
//! vote, for this phase only, for a draw or to concede to the largest
//! power; the game ends as soon as every survivor agrees.
//!
//! In a DIAS game a draw includes every survivor. In a NoDIAS game a vote
//! names the powers to include: a list with one's own power approves any
//! part of it that still includes oneself; a list without it approves any
//! part of it, with or without oneself. Of the draws everyone approves,
//! the largest passes, and a "draw" of one power is a concession to it.
//! The draws one vote approves are exactly the sets between "the voter,
//! if listed" and "the list plus the voter", so what everyone approves is
//! everything between the union of the first and the intersection of the
//! second; the largest is that intersection, when it holds the union.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Ending, Game, Role, Status};
use crate::map::PowerId;

/// Why a draw or concession vote is refused; each reads as the sentence
/// the member is told (the caller adds what was not done).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VoteRefusal {
  #[error(
    "Game '{game}' is played to a solo victory: its variant ({variant}) does not allow \
     draws or concessions."
  )]
  SoloOnly { game: String, variant: String },
  #[error("The game has not started, so there is nothing to end.")]
  NotStarted,
  #[error("The game is over.")]
  Over,
  #[error("The Master does not vote on a draw or concession (BECOME a power to vote for it).")]
  Master,
  #[error("Observers do not vote on a draw or concession.")]
  Observer,
  /// The voter's power, which is out of the game.
  #[error("{0} is out of the game, so it has no vote.")]
  Eliminated(String),
  #[error("You play no power in this game.")]
  NoPower,
  #[error("Game '{0}' is DIAS: a draw includes every survivor, so SET DRAW takes no list.")]
  DiasTakesNoList(String),
  /// The powers named that are out of the game.
  #[error(
    "{} {} out of the game, so cannot share a draw.",
    super::press::and_list(.0),
    if .0.len() == 1 { "is" } else { "are" }
  )]
  OutOfTheDraw(Vec<String>),
  #[error("Game '{0}' does not allow concessions.")]
  NoConcessions(String),
  #[error(
    "{power} has {centers} supply centers, and another power has as many or more: a\n\
     game may be conceded only to the largest power on the board."
  )]
  NotLargest { power: String, centers: usize },
  #[error("You cannot concede the game to yourself.")]
  Yourself,
}

/// One player's draw vote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawVote {
  /// The powers to include (NoDIAS); empty in a DIAS game, where every
  /// survivor is in the draw.
  pub powers: Vec<PowerId>,
}

impl Game {
  /// The powers still in the game that vote and share a draw, in map
  /// order: a dummy is nobody's, so it is in no draw (as in the DPjudge).
  pub fn survivors(&self) -> Vec<PowerId> {
    self.map.playable_powers().filter(|&p| !self.is_eliminated(p)).collect()
  }

  /// Why the game cannot end in a draw or concession, if the variant
  /// forbids it (DPjudge NO_DRAW: only a solo ends the game).
  pub fn draws_refused(&self) -> Option<VoteRefusal> {
    self.settings.variant.has_rule("NO_DRAW").then(|| VoteRefusal::SoloOnly {
      game: self.name.clone(),
      variant: self.map.name().to_string(),
    })
  }

  /// Why the member cannot vote on how the game ends, if they cannot.
  pub fn vote_refused(&self, member: usize) -> Option<VoteRefusal> {
    let m = self.members.get(member)?;
    match (&self.status, m.role, m.power) {
      (Status::Forming, ..) => Some(VoteRefusal::NotStarted),
      (Status::Finished(_), ..) => Some(VoteRefusal::Over),
      (_, Role::Master, _) => Some(VoteRefusal::Master),
      (_, Role::Observer, _) => Some(VoteRefusal::Observer),
      (_, Role::Player, Some(p)) if self.is_eliminated(p) => {
        Some(VoteRefusal::Eliminated(self.power_name(p).to_string()))
      }
      (_, Role::Player, None) => Some(VoteRefusal::NoPower),
      _ => None,
    }
  }

  /// Whether a draw vote may name its powers: not in a DIAS game, whose
  /// draw includes every survivor.
  pub fn may_list_a_draw(&self) -> Result<(), VoteRefusal> {
    if self.settings.dias {
      return Err(VoteRefusal::DiasTakesNoList(self.name.clone()));
    }
    Ok(())
  }

  /// Whether a NoDIAS draw vote may name `powers`: only survivors share
  /// a draw ([`Game::may_list_a_draw`] first).
  pub fn may_draw_between(&self, powers: &[PowerId]) -> Result<(), VoteRefusal> {
    self.may_list_a_draw()?;
    let survivors = self.survivors();
    let out: Vec<String> = powers
      .iter()
      .filter(|p| !survivors.contains(p))
      .map(|&p| self.power_name(p).to_string())
      .collect();
    if !out.is_empty() {
      return Err(VoteRefusal::OutOfTheDraw(out));
    }
    Ok(())
  }

  /// Why `member` may not concede the game to anyone, if they may not:
  /// no vote, no ending by agreement, or no concessions in this game.
  pub fn concession_refused(&self, member: usize) -> Option<VoteRefusal> {
    self.vote_refused(member).or_else(|| self.draws_refused()).or_else(|| {
      (!self.settings.concessions).then(|| VoteRefusal::NoConcessions(self.name.clone()))
    })
  }

  /// Whether `member` may concede the game to `power`: the game must
  /// allow concessions, `power` be the largest on the board and not the
  /// member's own.
  pub fn may_concede(&self, member: usize, power: PowerId) -> Result<(), VoteRefusal> {
    if let Some(refusal) = self.concession_refused(member) {
      return Err(refusal);
    }
    if self.largest_power() != Some(power) {
      let centers = self.position.centers_of(self.map, power).count();
      return Err(VoteRefusal::NotLargest { power: self.power_name(power).to_string(), centers });
    }
    if self.members.get(member).and_then(|m| m.power) == Some(power) {
      return Err(VoteRefusal::Yourself);
    }
    Ok(())
  }

  /// The largest power: the one with strictly more centres than any
  /// other, if there is one.
  /// A dummy is never the largest: nobody could accept the game.
  pub fn largest_power(&self) -> Option<PowerId> {
    let count = |p: PowerId| self.position.counted_centers(self.map, p).count();
    let best = self.map.playable_powers().max_by_key(|&p| count(p))?;
    let top = count(best);
    (self.map.playable_powers().filter(|&p| count(p) == top).count() == 1).then_some(best)
  }

  /// How the survivors' votes end the game, if they do.
  pub fn agreed_ending(&self) -> Option<Ending> {
    if self.status != Status::Active || self.draws_refused().is_some() {
      return None;
    }
    let survivors = self.survivors();
    let vote_of = |p: PowerId| self.player_of(p);
    if let Some(draw) = self.agreed_draw(&survivors) {
      return Some(match draw.as_slice() {
        [one] => Ending::Conceded(*one),
        // A draw among one player's powers alone is that player's win.
        [first, ..]
          if self.powers_of_player(*first).iter().all(|p| draw.contains(p))
            && draw.iter().all(|p| self.powers_of_player(*first).contains(p)) =>
        {
          Ending::Allied(draw)
        }
        _ => Ending::Drawn(draw),
      });
    }
    if !self.settings.concessions {
      return None;
    }
    let largest = self.largest_power()?;
    let all_concede = survivors
      .iter()
      .filter(|&&p| p != largest)
      .all(|&p| vote_of(p).and_then(|m| m.concede) == Some(largest));
    all_concede.then_some(Ending::Conceded(largest))
  }

  /// The largest draw every survivor approves, if any.
  fn agreed_draw(&self, survivors: &[PowerId]) -> Option<Vec<PowerId>> {
    let mut upper: Vec<PowerId> = survivors.to_vec();
    let mut required: Vec<PowerId> = Vec::new();
    for &power in survivors {
      let vote = self.player_of(power)?.draw.as_ref()?;
      if self.settings.dias {
        continue;
      }
      if vote.powers.contains(&power) {
        required.push(power);
        upper.retain(|p| vote.powers.contains(p));
      } else {
        upper.retain(|p| *p == power || vote.powers.contains(p));
      }
    }
    let holds_required = required.iter().all(|p| upper.contains(p));
    (!upper.is_empty() && holds_required).then_some(upper)
  }

  /// Ends the game as its players agreed.
  pub fn end(&mut self, ending: Ending, now: DateTime<Utc>) {
    self.record.ended = Some((now, self.position.phase.to_string()));
    self.status = Status::Finished(ending);
    self.timing.orders_in = None;
  }

  /// PROPOSE_DIAS: whether draws are proposed and agreed to (SET DRAW)
  /// or vetoed (SET NO DRAW) instead of voted on by standing votes.
  pub fn proposes_draws(&self) -> bool {
    self.settings.variant.has_rule("PROPOSE_DIAS")
  }

  /// PROPOSE_DIAS: whether a draw proposal is up, that is, a survivor
  /// has proposed it or agreed to it this phase.
  pub fn proposal_up(&self) -> bool {
    self.survivors().iter().any(|&p| self.player_of(p).is_some_and(|m| m.draw.is_some()))
  }

  /// Forgets the draw votes cast so far (a change between DIAS and NoDIAS
  /// would make them mean something else); says whether there were any.
  pub fn clear_draw_votes(&mut self) -> bool {
    let any = self.members.iter().any(|m| m.draw.is_some());
    for member in &mut self.members {
      member.draw = None;
    }
    any
  }

  /// Forgets this phase's votes (they last one phase, manual §7.3).
  pub(super) fn clear_votes(&mut self) {
    for member in &mut self.members {
      member.draw = None;
      member.concede = None;
    }
  }
}

#[cfg(test)]
mod tests {
  use super::*;
  use crate::game::deadline::DeadlineRule;
  use crate::game::{Member, Settings};
  use crate::map::Map;
  use crate::position::Position;

  fn now() -> DateTime<Utc> {
    "2026-03-03T12:00:00Z".parse().expect("a time")
  }

  fn power(game: &Game, initial: char) -> PowerId {
    game.map.power_ids().find(|&p| game.map.power(p).initial == initial).expect("a power")
  }

  /// A NoDIAS game in which only Austria, England and France survive.
  fn three_survivors() -> Game {
    let map = Map::standard().expect("the standard map");
    let rules = [DeadlineRule::movement(), DeadlineRule::other(), DeadlineRule::other()];
    let mut game = Game::new("g", map, Settings::new(map, rules), now());
    game.settings.dias = false;
    let initial = Position::initial(map).expect("the start");
    let mut position = Position::empty(map, initial.phase);
    for unit in initial.units() {
      let initial = map.power(unit.power).initial;
      if "AEF".contains(initial) {
        let _ = position.place(map, unit);
      }
    }
    for province in map.province_ids() {
      if let Some(owner) = initial.owner(province) {
        if "AEF".contains(map.power(owner).initial) {
          position.set_owner(province, Some(owner));
        }
      }
    }
    game.position = position;
    for (n, p) in map.power_ids().enumerate() {
      let mut m = Member::new(Role::Player, &format!("p{n}@x.test"), None, String::new(), now());
      m.power = Some(p);
      game.members.push(m);
    }
    game.status = Status::Active;
    game
  }

  fn vote(game: &mut Game, voter: char, list: Option<&str>) {
    let voter = power(game, voter);
    let powers = list.map(|l| l.chars().map(|c| power(game, c)).collect());
    let index = game.player_index(voter).expect("a seat");
    game.members[index].draw = powers.map(|powers| DrawVote { powers });
  }

  fn drawn(game: &Game, list: &str) -> Option<Ending> {
    let mut powers: Vec<PowerId> = list.chars().map(|c| power(game, c)).collect();
    powers.sort();
    Some(match powers.as_slice() {
      [one] => Ending::Conceded(*one),
      _ => Ending::Drawn(powers),
    })
  }

  /// The five NoDIAS examples of manual §7.3, in order.
  #[test]
  fn the_manuals_nodias_examples() {
    // Each example: the three votes (voter, list), and the draw that passes.
    type Example = ([(char, Option<&'static str>); 3], Option<&'static str>);
    let cases: [Example; 5] = [
      ([('F', Some("AEF")), ('E', Some("AEF")), ('A', Some("AEF"))], Some("AEF")),
      ([('F', Some("AE")), ('E', Some("AEF")), ('A', Some("AEF"))], Some("AEF")),
      ([('F', Some("AE")), ('E', Some("AEF")), ('A', Some("AE"))], Some("AE")),
      ([('F', Some("AEF")), ('E', Some("AE")), ('A', Some("AE"))], None),
      // SET NO DRAW in a NoDIAS game is SET DRAW with one's own initial.
      ([('F', Some("A")), ('E', Some("A")), ('A', Some("A"))], Some("A")),
    ];
    for (n, (votes, expected)) in cases.into_iter().enumerate() {
      let mut game = three_survivors();
      for (voter, list) in votes {
        vote(&mut game, voter, list);
      }
      let expected = expected.and_then(|e| drawn(&game, e));
      assert_eq!(game.agreed_ending(), expected, "example {}", n + 1);
    }
  }

  #[test]
  fn a_dias_draw_needs_every_survivor_and_includes_them_all() {
    let mut game = three_survivors();
    game.settings.dias = true;
    vote(&mut game, 'A', Some(""));
    vote(&mut game, 'E', Some(""));
    assert_eq!(game.agreed_ending(), None, "France has not voted");
    vote(&mut game, 'F', Some(""));
    assert_eq!(game.agreed_ending(), drawn(&game, "AEF"));
    game.clear_votes();
    assert_eq!(game.agreed_ending(), None, "votes last one phase");
  }

  #[test]
  fn a_concession_goes_only_to_the_largest_power_when_all_the_others_agree() {
    let mut game = three_survivors();
    game.settings.dias = true;
    let (a, e, f) = (power(&game, 'A'), power(&game, 'E'), power(&game, 'F'));
    assert_eq!(game.largest_power(), None, "three powers of three centres each");
    let london = game.map.lookup("Lon");
    let crate::map::Lookup::Found(london) = london else { panic!("London") };
    game.position.set_owner(london, Some(f));
    assert_eq!(game.largest_power(), Some(f));
    for p in [a, e] {
      let index = game.player_index(p).expect("a seat");
      game.members[index].concede = Some(f);
    }
    assert_eq!(game.agreed_ending(), Some(Ending::Conceded(f)));
    game.settings.concessions = false;
    assert_eq!(game.agreed_ending(), None, "SET NO CONCESSIONS");
  }
}
