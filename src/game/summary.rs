//! SUMMARY (manual §3.4) in njudge's layout (`summary.c`), so that what
//! was written for njudge's summaries reads ours: who played each power
//! and from when, the game's parameters, the **Historical Supply Center
//! Summary** (the owner's letter of every centre at the end of each year)
//! and the **History of Supply Center Counts**.

use std::fmt::Write as _;

use crate::zone::Tz;

use super::preference::Assignment;
use super::press::{Colors, Fakes, ObserverPress};
use super::report::{capitalised, ending_words, shown_address, wrap, ANONYMOUS};
use super::{access::SiteRule, Game};
use super::{deadline, Role, Status};
use crate::command::keyword::{shown_words, SummaryLine};
use crate::map::{PowerId, ProvinceId};
use crate::phase::Phase;
use crate::position::Position;

/// The widest line a summary writes (njudge's `CUTOFF_LENGTH`).
const COLUMNS: usize = 78;
/// Years in one block of the table of counts.
const YEARS_PER_BLOCK: usize = 10;
/// Centres in one block of the table of owners: 36 fill 76 columns.
const CENTERS_PER_BLOCK: usize = 36;
/// Where the player column of the table of counts starts: the power's
/// name, ten years of counts, two spaces.
const PLAYER_COLUMN: usize = 10 + 4 * YEARS_PER_BLOCK + 2;
/// Where the names start in the list of players.
const NAME_COLUMN: usize = 17;
/// The widest name the list of players gives room to.
const NAME_WIDTH: usize = 24;
/// The indentation of a parameter line carried onto the next line.
const PARAMETER_INDENT: usize = 11;
/// The mark after a year's centre count for the builds a power left
/// unused that winter, by how many (njudge's characters, so the tables
/// read alike).
const UNUSED_MARKS: &[u8] = b" *&+%^$#!~@()=-_|\\/?><[]{}abcdefghijklmnopqrstuvwxyz";

/// Looks up the name a player registered under, by address.
pub type NameOf<'a> = &'a dyn Fn(&str) -> Option<String>;

/// What the summary needs beyond the game: the judge's code for the
/// parameters, and the names players registered under. The game-end
/// notices have neither and leave them out.
#[derive(Default)]
pub struct Extras<'a> {
  pub judge_code: Option<&'a str>,
  pub name_of: Option<NameOf<'a>>,
}

/// One line of the year tables: the board at the end of a year.
struct YearRow {
  year: u16,
  /// The last phase of the year, to find who played each power then.
  phase: Phase,
  centers: Vec<u8>,
  /// Per supply centre, in map order; empty when not recorded.
  owners: Vec<Option<PowerId>>,
  /// Per power, after the winter's adjustments; empty when not recorded.
  units: Vec<u8>,
}

/// SUMMARY of `game`. The players are named unless the game is gunboat (or
/// over under SET NO REVEAL) and `reveal` is false.
pub fn summary(game: &Game, reveal: bool, tz: Tz, extras: &Extras) -> String {
  let mut text = match through(game) {
    Some(phase) => format!("Summary of game '{}' through {phase}.\n\n", game.name),
    None => format!("Summary of game '{}': no turn has been played yet.\n\n", game.name),
  };
  // SET NO REVEAL keeps the player list out of the summary once the game
  // is over (manual §9.1); a running game's players are secret in gunboat
  // and under SET SECRET.
  let show_players = reveal || (!game.players_unnamed() && !game.is_finished());
  let name_of = |address: &str| -> String {
    extras.name_of.and_then(|f| f(address)).map(|n| n.trim().to_string()).unwrap_or_default()
  };
  players(&mut text, game, show_players, &name_of);
  parameters(&mut text, game, extras.judge_code);
  let mut dates = String::new();
  if let Some(started) = game.started {
    let _ = writeln!(dates, "Started:  {}", deadline::show(started, tz));
  }
  if let Some((ended, phase)) = &game.record.ended {
    let _ = writeln!(dates, "Ended:    {} ({phase})", deadline::show(*ended, tz));
  }
  if let Status::Finished(ending) = &game.status {
    let _ = writeln!(dates, "Result:   {}.", ending_words(game, ending));
  }
  if !dates.is_empty() {
    text.push('\n');
    text.push_str(&dates);
  }
  // A running blind game keeps its centre history from all but its
  // Master (`reveal` is theirs while the game runs).
  if game.hides() && !reveal {
    text.push('\n');
    text.push_str(&super::report::wrap(super::report::WITHHELD));
    text.push('\n');
    return text;
  }
  let rows = year_rows(game);
  owners_table(&mut text, game, &rows);
  let holder = |power: PowerId, phase: Phase| -> Option<String> {
    let address = holder_at(game, power, phase)?;
    if !show_players {
      return Some(ANONYMOUS.to_string());
    }
    let name = name_of(address);
    Some(if name.is_empty() { address.to_string() } else { name })
  };
  counts_table(&mut text, game, &rows, &holder);
  text
}

/// The last phase played: the one the game ended in, or the last turn
/// processed (none before the first).
fn through(game: &Game) -> Option<String> {
  if game.is_finished() {
    if let Some((_, phase)) = &game.record.ended {
      return Some(phase.clone());
    }
  }
  game.turns.last().map(|turn| turn.position.phase.to_string())
}

/// The list of players: `  England:         Ann Smith  ann@example.org`,
/// and `   from S1903M:  …` for each later player of the same power.
fn players(text: &mut String, game: &Game, show: bool, name_of: &dyn Fn(&str) -> String) {
  // (label, name, address) of each line.
  let mut lines: Vec<(String, String, String)> = Vec::new();
  for (i, member) in game.members.iter().enumerate() {
    if member.role == Role::Master {
      lines.push(("Master:".into(), name_of(&member.address), shown_address(game, i).into()));
    }
  }
  for power in game.map.power_ids() {
    let tenures: Vec<&super::Tenure> =
      game.record.tenures.iter().filter(|t| t.power == power).collect();
    for (n, tenure) in tenures.iter().enumerate() {
      let label = if n == 0 {
        format!("{}:", game.power_name(power))
      } else {
        format!(" from {}:", tenure.from)
      };
      let (name, address) = if show {
        (name_of(&tenure.address), tenure.address.clone())
      } else {
        (String::new(), ANONYMOUS.to_string())
      };
      lines.push((label, name, address));
    }
    if tenures.is_empty() && game.is_dummy(power) {
      lines.push((
        format!("{}:", game.power_name(power)),
        super::report::DUMMY_WORDS.into(),
        String::new(),
      ));
    }
    // A power left without a player: from when.
    if let Some(until) = tenures.last().and_then(|t| t.until.as_ref()) {
      lines.push((format!(" from {until}:"), "(no player)".into(), String::new()));
    }
  }
  let width = lines.iter().map(|(_, name, _)| name.chars().count().min(NAME_WIDTH)).max();
  let width = width.unwrap_or(0);
  for (label, name, address) in lines {
    let name: String = name.chars().take(NAME_WIDTH).collect();
    let head = format!("  {label:<15}{name:<width$}");
    let line = format!("{head}  {address}");
    if line.trim_end().chars().count() <= COLUMNS {
      let _ = writeln!(text, "{}", line.trim_end());
    } else {
      // A long name and address: the address goes under the name.
      let _ = writeln!(text, "{}", clip(head.trim_end()));
      let _ = writeln!(text, "{}", clip(&format!("{:NAME_COLUMN$}  {address}", "")));
    }
  }
}

/// `line` cut to [`COLUMNS`] characters.
fn clip(line: &str) -> String {
  line.chars().take(COLUMNS).collect()
}

/// The address of whoever played `power` in `phase`: the last player to
/// take it over by then.
fn holder_at(game: &Game, power: PowerId, phase: Phase) -> Option<&str> {
  let tenures = game.record.tenures.iter().filter(|t| t.power == power);
  let mut holder = None;
  for tenure in tenures {
    let from = tenure.from.parse::<Phase>().ok();
    if holder.is_none() || from.is_none_or(|from| game.map.phase_order(from, phase).is_le()) {
      holder = Some(tenure.address.as_str());
    }
  }
  holder
}

/// njudge's block of game parameters, from our settings.
fn parameters(text: &mut String, game: &Game, judge_code: Option<&str>) {
  let s = &game.settings;
  // The seats to fill: dummies are nobody's, so they make no game duplex.
  let powers = game.map.playable_powers().count();
  text.push_str("\n\nGame parameters are/were as follows:\n");
  deadline_lines(text, [("Move", &s.movement), ("Retreat", &s.retreat), ("Adjust", &s.adjustment)]);

  let site = match s.access {
    SiteRule::Any => "Any",
    SiteRule::Same => "Same",
    SiteRule::Different => "Different",
  };
  let level = s.level.name();
  let mut line = format!("   Access:  {site}-site, Level: {level}");
  for word in shown_words(SummaryLine::Access, s) {
    let _ = write!(line, ", {word}");
  }
  if s.min_dedication != super::Settings::default().min_dedication {
    let _ = write!(line, ", Dedication: {}", s.min_dedication);
  }
  line.push('.');
  parameter(text, &line);
  if s.min_ontime != 0.0 || s.max_cd_ratio != 1.0 {
    parameter(
      text,
      &format!(
        "   DSettng: Minimum ontime ratio: {:.3}. Maximum CD ratio: {:.3}.",
        s.min_ontime, s.max_cd_ratio
      ),
    );
  }

  let mut line = format!("  Variant:  {}", capitalised(game.map.name()));
  if s.gunboat {
    line.push_str(", Gunboat");
  }
  if s.variant.blind {
    line.push_str(", Blind");
  }
  if s.variant.wings {
    line.push_str(", Wings");
  }
  if s.variant.crystal_ball {
    line.push_str(", CrystalBall");
  }
  if s.variant.payola {
    line.push_str(", Payola");
  }
  if (s.players as usize) < powers {
    line.push_str(", Duplex");
    if !s.variant.secret {
      let _ = write!(line, " {}/{powers}", s.players);
    }
  }
  line.push('.');
  parameter(text, &line);
  // The DPjudge rules in force (BLIND and its modifiers among them).
  let rules = s.variant.rules_in_force();
  if !rules.is_empty() {
    parameter(text, &format!("    Rules:  {}.", rules.join(", ")));
  }
  if s.variant.transform.on() {
    let attack = if s.variant.transform.attacked { ", AttackTransform" } else { "" };
    parameter(text, &format!("Transform:  {}{attack}.", s.variant.transform.words()));
  }

  let flags = shown_words(SummaryLine::Flags, s);
  parameter(text, &format!("    Flags:  {}.", flags.join(", ")));
  let xflags = shown_words(SummaryLine::XFlags, s);
  parameter(text, &format!("   xFlags:  {}, Max Absence: {}.", xflags.join(", "), s.max_absence));
  let x2flags = shown_words(SummaryLine::X2Flags, s);
  if !x2flags.is_empty() {
    parameter(text, &format!("  x2Flags:  {}.", x2flags.join(", ")));
  }

  parameter(text, &press_line(game));
  let restrictions = shown_words(SummaryLine::PressRestrictions, s);
  if !restrictions.is_empty() {
    parameter(text, &format!("    Press Restrictions: {}.", restrictions.join(", ")));
  }

  if let Some(ep) = &s.ep {
    parameter(text, &format!("  EP#  :   {ep}."));
  }
  if let Some(number) = &s.boardman {
    parameter(text, &format!("  Boardman Number: {number}."));
  }
  if let Some(number) = &s.miller {
    parameter(text, &format!("  Miller Number: {number}."));
  }
  let assignment = match s.assignment {
    Assignment::List => "By Preference List Only.",
    Assignment::Random => "Assigned Randomly Only.",
    Assignment::Both => "By Preference List or Randomly.",
  };
  let _ = writeln!(text, "  Power Assignments: {assignment}");
  let _ = writeln!(text, "  Winning Centers: {}.", s.victory_centers);
  if s.players as usize != powers && (!s.variant.secret || game.is_finished()) {
    let _ = writeln!(text, "  Number of Players: {}.", s.players);
  }
  if game.status != Status::Forming {
    let squares: usize =
      game.map.power_ids().map(|p| game.position.centers_of(game.map, p).count().pow(2)).sum();
    let _ = writeln!(text, "    Index:  {}", squares / game.map.powers().len().max(1));
  }
  if !s.comment.is_empty() {
    let _ = writeln!(text, "\n{}", wrap(&s.comment));
  }
  if let Some(code) = judge_code {
    let _ = writeln!(text, "  Judge: {code}.");
  }
}

/// The deadline settings of each kind of phase in njudge's columns
/// (`  Move      clock 1410 min 12.00 next  71.00 …`). With seven days
/// those are a column too wide, so the labels move left by one, and
/// longer day lists lose the padding.
fn deadline_lines(text: &mut String, rules: [(&str, &super::deadline::DeadlineRule); 3]) {
  let padded = |margin: usize| -> Vec<String> {
    rules
      .iter()
      .map(|(label, rule)| {
        let label = format!("{:margin$}{label}", "");
        format!(
          "{label:<w$} clock {:4} min {:5.2} next {:6.2} grace {:6.2} delay {:.2} days {}",
          rule.clock,
          rule.min,
          rule.next,
          rule.grace,
          rule.delay,
          rule.days,
          w = margin + 7
        )
      })
      .collect()
  };
  let fits = |lines: &Vec<String>| lines.iter().all(|l| l.len() <= COLUMNS);
  let lines = [padded(2), padded(1)].into_iter().find(fits).unwrap_or_else(|| {
    rules
      .iter()
      .map(|(label, rule)| {
        format!(
          "  {label:<7} clock {} min {:.2} next {:.2} grace {:.2} delay {:.2} days {}",
          rule.clock, rule.min, rule.next, rule.grace, rule.delay, rule.days
        )
      })
      .collect()
  });
  for line in lines {
    parameter(text, &line);
  }
}

/// njudge's press line: `    Press:  White, Partial Allowed, No Fake.`
fn press_line(game: &Game) -> String {
  let press = &game.settings.press;
  let mut line = String::from("    Press:  ");
  line.push_str(match press.colors {
    Colors::None => "None",
    Colors::White => "White",
    Colors::Grey => "Grey",
    Colors::WhiteGrey => "White/Grey",
    Colors::GreyWhite => "Grey/White",
  });
  if press.colors == Colors::None {
    line.push_str(" (except to Master)");
  } else if !press.partial {
    line.push_str(", No Partial (except to Master)");
  } else {
    line.push_str(match press.fakes {
      Fakes::No => ", Partial Allowed, No Fake",
      Fakes::May => ", Partial may be Faked",
      Fakes::Broadcast => ", Partial always Fakes Broadcast",
      Fakes::BroadcastByDefault => ", Partial Fakes Broadcast by default",
    });
  }
  if press.postal {
    line.push_str(", postal style press");
  }
  match press.observers {
    ObserverPress::White => line.push_str(", White observers"),
    ObserverPress::None if press.colors != Colors::None => {
      line.push_str(", No observers (except to Master)")
    }
    ObserverPress::Any if !press.partial => line.push_str(", Partial observers"),
    _ => {}
  }
  line.push('.');
  line
}

/// One parameter line, broken at spaces so that no line is wider than
/// [`COLUMNS`]; the lines after the first are indented.
fn parameter(text: &mut String, line: &str) {
  let mut rest = line.trim_end();
  let mut indent = 0;
  loop {
    let room = COLUMNS - indent;
    // The byte just past `room` characters, where a break may fall.
    let limit = rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i);
    let cut = (limit < rest.len())
      .then(|| rest[..=limit].rfind(' '))
      .flatten()
      .filter(|&i| !rest[..i].trim().is_empty());
    match cut {
      Some(i) => {
        let _ = writeln!(text, "{:indent$}{}", "", rest[..i].trim_end());
        rest = rest[i..].trim_start();
        indent = PARAMETER_INDENT;
      }
      None => {
        let _ = writeln!(text, "{:indent$}{rest}", "");
        return;
      }
    }
  }
}

/// The board at the start (as njudge's summary has it: the year before the
/// first, with the home centres), then at the end of each year played.
fn year_rows(game: &Game) -> Vec<YearRow> {
  let map = game.map;
  let mut rows = Vec::new();
  if game.status == Status::Forming {
    return rows;
  }
  if let Ok(start) = Position::initial(map) {
    // A game that starts a year (Spring 1901) shows its start as the year
    // before's end (1900), as njudge's summary does.
    let year = if map.starts_year(start.phase) {
      map.adjustments_before(start.phase).year
    } else {
      start.phase.year
    };
    if game.record.years.first().is_none_or(|y| y.year > year) {
      rows.push(YearRow {
        year,
        phase: start.phase,
        centers: map.power_ids().map(|p| start.centers_of(map, p).count() as u8).collect(),
        owners: map.supply_centers().map(|c| start.owner(c)).collect(),
        units: Vec::new(),
      });
    }
  }
  for year in &game.record.years {
    rows.push(YearRow {
      year: year.year,
      phase: map.adjustments_of(year.year),
      centers: year.centers.clone(),
      owners: year.owners.clone(),
      units: year.units.clone(),
    });
  }
  rows
}

/// The abbreviation heading a centre's column: `Ank`, `Stp`.
fn column_name(game: &Game, centre: ProvinceId) -> String {
  capitalised(&game.map.province(centre).abbr.chars().take(3).collect::<String>())
}

/// The Historical Supply Center Summary: a row per year, a column per
/// centre, the owner's letter (`.` for nobody). The abbreviations head the
/// columns on two staggered lines, each centred over its column.
fn owners_table(text: &mut String, game: &Game, rows: &[YearRow]) {
  let centres: Vec<ProvinceId> = game.map.supply_centers().collect();
  let known: Vec<&YearRow> = rows.iter().filter(|r| r.owners.len() == centres.len()).collect();
  if known.is_empty() || centres.is_empty() {
    return;
  }
  for (block, chunk) in centres.chunks(CENTERS_PER_BLOCK).enumerate() {
    let title =
      format!("Historical Supply Center Summary{}", if block > 0 { " (cont)" } else { "" });
    let _ = writeln!(text, "\n\n{title}\n{}", "-".repeat(title.len()));
    let mut top = String::from("   ");
    let mut bottom = String::from("Year ");
    for (i, &centre) in chunk.iter().enumerate() {
      let line = if i % 2 == 0 { &mut top } else { &mut bottom };
      let _ = write!(line, " {:<3}", column_name(game, centre));
    }
    let _ = writeln!(text, "{}\n{}", top.trim_end(), bottom.trim_end());
    let first = block * CENTERS_PER_BLOCK;
    for row in &known {
      let mut line = format!("{:04}", row.year);
      for owner in &row.owners[first..first + chunk.len()] {
        let letter = owner.map_or('.', |p| game.map.power(p).initial);
        let _ = write!(line, " {letter}");
      }
      let _ = writeln!(text, "{line}");
    }
  }
  if known.len() < rows.len() {
    text.push_str(
      "(The years missing above were played before this judge kept the owner of\n\
       each centre; their counts are below.)\n",
    );
  }
}

/// The History of Supply Center Counts: per power, its centres at the end
/// of each year (a mark after the count for builds left unused), and who
/// played it; ten years to a block, with the block's index.
fn counts_table(
  text: &mut String,
  game: &Game,
  rows: &[YearRow],
  holder: &dyn Fn(PowerId, Phase) -> Option<String>,
) {
  if rows.is_empty() {
    return;
  }
  text.push_str("\n\nHistory of Supply Center Counts\n-------------------------------\n");
  let powers = game.map.powers().len().max(1);
  let mut marks_used = vec![false; UNUSED_MARKS.len()];
  let mut too_many = false;
  for chunk in rows.chunks(YEARS_PER_BLOCK) {
    let mut head = format!("Power    {:04}", chunk[0].year);
    for row in &chunk[1..] {
      let _ = write!(head, " '{:02}", row.year % 100);
    }
    let _ = writeln!(text, "{head:<PLAYER_COLUMN$}Player");
    for power in game.map.power_ids() {
      let count = |row: &YearRow| row.centers.get(power.index()).copied().unwrap_or(0);
      if count(&chunk[0]) == 0 {
        continue;
      }
      let mut line = format!("{:<10}", game.power_name(power).chars().take(10).collect::<String>());
      let mut who = holder(power, chunk[0].phase);
      for (i, row) in chunk.iter().enumerate() {
        let now = holder(power, row.phase);
        if now != who {
          // A new player: the old one is named on a line of their own.
          if let Some(old) = &who {
            line.push('\\');
            let _ = writeln!(text, "{}", player_cell(&line, old));
            line = " ".repeat(10 + 4 * i);
          }
          who = now;
        }
        let centres = count(row);
        if centres == 0 {
          break;
        }
        let mark = match row.units.get(power.index()) {
          Some(&units) if units > centres => {
            too_many = true;
            'X'
          }
          Some(&units) => {
            let unused = usize::from(centres - units);
            match UNUSED_MARKS.get(unused) {
              Some(&mark) => {
                marks_used[unused] = true;
                char::from(mark)
              }
              None => '?',
            }
          }
          None => ' ',
        };
        let _ = write!(line, "{centres:>3}{mark}");
      }
      let _ = writeln!(text, "{}", player_cell(&line, who.as_deref().unwrap_or("")));
    }
    let mut index = String::from("Index:   ");
    for row in chunk {
      let squares: usize = row.centers.iter().map(|&c| usize::from(c).pow(2)).sum();
      let _ = write!(index, "{:>4}", squares / powers);
    }
    let _ = writeln!(text, "{index}\n");
  }
  if too_many {
    text.push_str("X = too many build(s).\n");
  }
  for (unused, _) in marks_used.iter().enumerate().skip(1).filter(|(_, used)| **used) {
    let mark = char::from(UNUSED_MARKS[unused]);
    let _ = writeln!(text, "{mark} = {unused} unused build{}.", if unused == 1 { "" } else { "s" });
  }
  text.push('\n');
  text.push_str(&wrap(
    "Index: the sum of the squares of the powers' centre counts, divided by the number of \
     powers. The further a game has gone, the higher it is.",
  ));
  text.push('\n');
}

/// A line of the table of counts with `who` in the player column, cut to
/// [`COLUMNS`].
fn player_cell(line: &str, who: &str) -> String {
  let full = format!("{line:<PLAYER_COLUMN$}{who}");
  clip(full.trim_end())
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_long_parameter_line_breaks_at_a_space_and_indents_the_rest() {
    let words = vec!["Word"; 30].join(", ");
    let mut text = String::new();
    parameter(&mut text, &format!("    Flags:  {words}."));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 1, "{text}");
    assert!(lines.iter().all(|l| l.len() <= COLUMNS), "{text}");
    assert!(lines[0].starts_with("    Flags:  Word,"), "{text}");
    assert!(lines[1].starts_with("           Word"), "{text}");
    assert_eq!(text.split_whitespace().collect::<Vec<_>>().join(" "), format!("Flags: {words}."));
  }

  #[test]
  fn a_year_recorded_before_owners_were_kept_still_loads() {
    let year: super::super::YearCenters =
      serde_json::from_str(r#"{"year": 1901, "centers": [4, 3]}"#).expect("an old year");
    assert!(year.owners.is_empty() && year.units.is_empty());
  }
}
