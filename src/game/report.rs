//! What players read about a game, in njudge's layout where tools parse it
//! (CONTRACT.md "Turn results"): the `::` header, the game-start notice,
//! turn results, a power's current orders, and the next phase with its
//! deadline. Texts only; who receives them is the mail side's business.

use std::fmt::Write as _;

use crate::zone::Tz;
use chrono::{DateTime, Utc};

use super::unchecked::NotCarried;
use super::viewer::{Glimpse, Seen, Viewer};
use super::{deadline, Game, PhaseResult, Processed, Resolution, Role, Status};
use crate::adjudicate::{AdjustmentOutcome, Resolved};
use crate::command::keyword::listed_lines;
use crate::map::{Location, Map, PowerId, Terrain};
use crate::order::{self, Adjustment};
use crate::phase::{Phase, PhaseKind};
use crate::position::{Position, Unit};

/// What a gunboat game (or SET NO SHOW) shows instead of a player's
/// address.
pub const ANONYMOUS: &str = "someone@somewhere";

/// `a` or `an` before `word`, by its first letter (`an Address`, `an
/// observer`, `a Master`).
pub fn article(word: &str) -> &'static str {
  match word.chars().next().map(|c| c.to_ascii_lowercase()) {
    Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
    _ => "a",
  }
}

/// A word with its first letter in capitals: `Dt` for `dt`.
pub fn capitalised(word: &str) -> String {
  let mut chars = word.chars();
  match chars.next() {
    Some(first) => first.to_uppercase().chain(chars).collect(),
    None => String::new(),
  }
}

/// The two `::` lines every mail about a game starts with.
pub fn header(code: &str, game: &Game, tz: Tz) -> String {
  let mut variant = capitalised(game.map.name());
  if game.settings.gunboat {
    variant.push_str(" Gunboat");
  }
  if game.settings.variant.blind {
    variant.push_str(" Blind");
  }
  if game.settings.variant.crystal_ball {
    variant.push_str(" CrystalBall");
  }
  if game.settings.variant.payola {
    variant.push_str(" Payola");
  }
  let mut header = format!(":: Judge: {code}  Game: {}  Variant: {variant}\n", game.title());
  // A forming game shows its start deadline if it has one (SET START), and
  // no deadline line until then, as njudge does.
  if let Some(deadline) = game.timing.deadline.or(game.timing.start) {
    header.push_str(&format!(
      ":: Deadline: {} {}\n",
      game.position.phase,
      deadline::show(deadline, tz)
    ));
  }
  header
}

/// `Standard, Gunboat, Summer, Any Center`: the map and the options in
/// force, as LIST shows them.
pub fn variant_words(game: &Game) -> String {
  let mut words = vec![capitalised(game.map.name())];
  words.extend(game.settings.options().into_iter().map(|o| o.title().to_string()));
  words.join(", ")
}

/// `Movement for Fall of 1901`, `Retreats for…`, `Adjustments for Winter…`.
pub fn phase_words(map: &Map, phase: Phase) -> String {
  let kind = match phase.kind {
    PhaseKind::Movement => "Movement",
    PhaseKind::Retreat => "Retreats",
    PhaseKind::Adjustment => "Adjustments",
  };
  format!("{kind} for {}", map.season_and_year(phase))
}

/// The name a member goes by in lists others read: the address, or a
/// placeholder in gunboat games (except for Masters).
pub fn shown_address(game: &Game, index: usize) -> &str {
  let member = &game.members[index];
  if game.players_unnamed() && member.role != Role::Master {
    ANONYMOUS
  } else {
    &member.address
  }
}

/// The body of the `Game Starting` mail for member `index`.
pub fn starting(game: &Game, index: usize, tz: Tz) -> String {
  let member = &game.members[index];
  let role = match (member.role, member.power) {
    (Role::Player, Some(power)) => {
      let powers: Vec<&str> = game
        .members
        .iter()
        .filter(|m| m.role == Role::Player && m.address.eq_ignore_ascii_case(&member.address))
        .filter_map(|m| m.power)
        .map(|p| game.power_name(p))
        .collect();
      if powers.len() > 1 {
        powers.join(" and ")
      } else {
        game.power_name(power).to_string()
      }
    }
    (Role::Master, _) => "Master".to_string(),
    _ => "an Observer".to_string(),
  };
  let intro = format!("You have been selected as {role} in game '{}' of Diplomacy.", game.name);
  start_text(game, intro, member.role == Role::Master, tz)
}

/// The start of a game: `intro`, who plays what (to a Master, or in a game
/// that is not gunboat; a Master sees every address), the starting
/// position and the first deadline.
fn start_text(game: &Game, intro: String, master: bool, tz: Tz) -> String {
  let mut text = format!("{intro}\n\n");
  if game.settings.gunboat && !master {
    text.push_str("This is a gunboat game: the players are not named.\n\n");
  } else if game.players_unnamed() && !master {
    text.push_str("The number of players in this game is secret: the players are not named.\n\n");
  } else {
    text.push_str("The following players are in this game:\n");
    text.push_str(&roster(game, master));
    text.push('\n');
  }
  let phase = game.position.phase;
  let _ = writeln!(text, "Starting position for {}.\n", game.map.season_and_year(phase));
  text.push_str(&units_by_power(game.map, &game.position));
  if let Some(deadline) = game.timing.deadline {
    let _ =
      writeln!(text, "\nThe deadline for the first orders is {}.", deadline::show(deadline, tz));
  }
  text
}

/// The players (and Master, and observers) of a game, one a line:
/// `     France:         ann@example.org`. With `all` (for a Master) every
/// address shows, even in a gunboat game.
pub fn roster(game: &Game, all: bool) -> String {
  let mut text = String::new();
  let address =
    |i: usize| if all { game.members[i].address.as_str() } else { shown_address(game, i) };
  let mut line = |label: &str, address: &str| {
    let _ = writeln!(text, "     {:<26}{address}", format!("{label}:"));
  };
  for (i, m) in game.members.iter().enumerate() {
    if m.role == Role::Master {
      line("Master", address(i));
    }
  }
  for power in game.map.power_ids() {
    if let Some(i) = game.player_index(power) {
      line(game.power_name(power), address(i));
    } else if game.is_dummy(power) {
      // HIDE_DUMMIES: a dummy looks like a played power.
      let hidden = !all && game.settings.variant.has_rule("HIDE_DUMMIES");
      line(game.power_name(power), if hidden { ANONYMOUS } else { DUMMY_WORDS });
    }
  }
  for (i, m) in game.members.iter().enumerate() {
    if m.role == Role::Observer {
      line("Observer", address(i));
    }
  }
  text
}

/// Every unit on the board, grouped by power with a blank line between
/// powers: `France:  Army  Paris.`
pub fn units_by_power(map: &Map, position: &Position) -> String {
  let width = label_width(map);
  let mut text = String::new();
  for power in map.power_ids() {
    let units: Vec<Unit> = position.units_of(power).collect();
    if units.is_empty() {
      continue;
    }
    for unit in units {
      let label = format!("{}:", map.power(power).name);
      let _ = writeln!(
        text,
        "{label:<width$} {:<5} {}.",
        unit.kind.name(),
        map.location_name(unit.location)
      );
    }
    text.push('\n');
  }
  text
}

fn label_width(map: &Map) -> usize {
  map.powers().iter().map(|p| p.name.len() + 1).max().unwrap_or(8)
}

// ---------------------------------------------------------------- results

/// The results mail of a processing: each phase played, what followed, and
/// the next phase with its deadline (or the end of the game).
pub fn results(game: &Game, processed: &Processed, tz: Tz) -> String {
  results_for(game, processed, tz, &Viewer::Everything)
}

/// The results mail of a processing as `viewer` is shown it (in a blind
/// game, each player's own copy: `game/viewer.rs`).
pub fn results_for(game: &Game, processed: &Processed, tz: Tz, viewer: &Viewer) -> String {
  let mut text = String::new();
  if !processed.civil_disorder.is_empty() {
    let names = power_names(game, &processed.civil_disorder);
    // Many powers (Chaos has 34) make this run long: wrapped as prose.
    let _ = writeln!(
      text,
      "{}\n",
      wrap(&format!(
        "Civil disorder: {names}. No complete orders arrived by the end of the grace \
         period, so the phase was processed without them."
      ))
    );
  }
  for result in &processed.phases {
    phase_results(&mut text, game, &game.seen_result(viewer, result));
  }
  for &power in &processed.eliminated {
    let _ = writeln!(
      text,
      "{}\n",
      wrap(&format!(
        "{} has no units and no supply centers left, and is out of the game.",
        game.power_name(power)
      ))
    );
  }
  if let Some(needed) = processed.victory_raised {
    let _ = writeln!(
      text,
      "The largest powers tie with enough supply centers to win, so nobody wins:\n\
       a win now needs {needed} supply centers.\n"
    );
  }
  match &game.status {
    Status::Finished(super::Ending::Won(winner)) => {
      let centers = game.position.centers_of(game.map, *winner).count();
      let _ = writeln!(
        text,
        "{} has {centers} supply centers and has won the game.\nThe game '{}' is over.",
        game.power_name(*winner),
        game.name
      );
    }
    Status::Finished(ending @ super::Ending::Allied(powers)) => {
      let held: usize = powers.iter().map(|&p| game.position.centers_of(game.map, p).count()).sum();
      let _ = writeln!(
        text,
        "{}\nThe game '{}' is over.",
        wrap(&format!(
          "The game ends in {}, who hold {held} supply centers together (ALLIED WIN).",
          ending_words(game, ending)
        ))
        .trim_end(),
        game.name
      );
    }
    // SHARED_VICTORY: the powers with the count at this year-end.
    Status::Finished(ending @ super::Ending::Drawn(_))
      if game.settings.variant.has_rule("SHARED_VICTORY")
        && processed.phases.iter().any(|r| r.year_ended) =>
    {
      let _ = writeln!(
        text,
        "{}\nThe game '{}' is over.",
        wrap(&format!(
          "The game ends in {}: they reached the victory count at the same year-end and \
           share the victory (SHARED_VICTORY).",
          ending_words(game, ending)
        ))
        .trim_end(),
        game.name
      );
    }
    Status::Finished(_) => {
      let _ = writeln!(text, "The game '{}' is over.", game.name);
    }
    _ => next_phase(&mut text, game, tz),
  }
  text
}

/// What processing the current phase now would give (PREDICT, and the
/// Masters' previews), played on a copy: the game itself is not changed.
pub fn prediction(game: &Game, now: DateTime<Utc>, tz: Tz) -> String {
  let mut copy = game.clone();
  let processed = copy.process(now, tz);
  results(&copy, &processed, tz)
}

/// `The next phase of 'dt' will be …` and its deadline.
pub fn next_phase(text: &mut String, game: &Game, tz: Tz) {
  let _ = writeln!(
    text,
    "The next phase of '{}' will be {}.",
    game.name,
    phase_words(game.map, game.position.phase)
  );
  if let Some(deadline) = game.timing.deadline {
    let _ = writeln!(text, "The deadline for orders will be {}.", deadline::show(deadline, tz));
  }
}

/// The results of one adjudicated phase, as its results mail lists them
/// (the web's preview).
pub fn phase_result_text(game: &Game, result: &PhaseResult, viewer: &Viewer) -> String {
  let mut text = String::new();
  phase_results(&mut text, game, &game.seen_result(viewer, result));
  text
}

fn phase_results(text: &mut String, game: &Game, seen: &Seen) {
  let map = game.map;
  let result = &seen.result;
  let phase = result.phase;
  let seq = format!("({}.{:03})", game.name, result.seq);
  match &result.resolution {
    Resolution::Movement(resolved) => {
      let _ = writeln!(text, "Movement results for {}. {seq}\n", map.season_and_year(phase));
      proxies_given(text, map, &result.proxies);
      let before = &result.before;
      unit_results(text, map, resolved, &seen.glimpses, before, false, &result.not_carried);
      dislodged(text, map, seen);
      disbanded(text, map, &result.disbanded);
    }
    Resolution::Retreat(resolved) if !result.skipped => {
      // Two spaces before the number in retreat and adjustment headers,
      // one after movement: njudge's (`st_retreat.c`, `st_build.c`).
      let _ = writeln!(text, "Retreat results for {}.  {seq}\n", map.season_and_year(phase));
      // Units that had nowhere to go were reported destroyed with the
      // movement results; only those that could retreat are listed.
      let could_retreat: Vec<Resolved> = resolved
        .iter()
        .filter(|r| {
          result.before.dislodged.iter().any(|d| d.unit == r.order.unit && !d.retreats.is_empty())
        })
        .cloned()
        .collect();
      unit_results(text, map, &could_retreat, &seen.glimpses, &result.before, true, &[]);
    }
    Resolution::Retreat(_) => {}
    Resolution::Adjustment { orders, civil_disorder } => {
      if result.skipped {
        let _ = writeln!(
          text,
          "No power can build or has to remove units in Winter of {}.\n",
          phase.year
        );
      } else {
        let _ = writeln!(text, "Adjustment results for Winter of {}.  {seq}\n", phase.year);
        adjustment_results(text, game, seen, orders, civil_disorder);
      }
    }
  }
  for unit in &result.trapped {
    let _ = writeln!(text, "The {} is lost: the map closes there.\n", the_unit(map, unit));
  }
  if result.year_ended {
    torn_allegiance(text, map, &result.torn);
    vassal_status(text, game, &result.after);
    ownership(text, map, seen);
    adjustments_due(text, game, seen);
  }
}

/// njudge's `France: Army Paris Proxy given to Germany.`, a line for each
/// unit handed to another power (SET PROXY), grouped by owner, before the
/// orders; the unit's order in the results below is the one it was given.
fn proxies_given(text: &mut String, map: &Map, proxies: &[(Unit, PowerId)]) {
  for power in map.power_ids() {
    let mine: Vec<&(Unit, PowerId)> = proxies.iter().filter(|(u, _)| u.power == power).collect();
    if mine.is_empty() {
      continue;
    }
    for (unit, holder) in mine {
      let label = format!("{}: ", map.power(power).name);
      let line = format!(
        "{label}{} {} Proxy given to {}.",
        unit.kind.name(),
        map.location_name(unit.location),
        map.power(*holder).name
      );
      order_line(text, &line);
    }
    text.push('\n');
  }
}

/// The column where njudge's retreat and adjustment lines put the order:
/// it pads the power's name and colon to its `LPOWER` (24) and a space
/// (`st_retreat.c`, `st_build.c`), where movement lines take no padding.
const NJUDGE_ORDER_COLUMN: usize = 26;

/// The label of a retreat or adjustment line: `Germany:` padded to
/// [`NJUDGE_ORDER_COLUMN`].
fn padded_label(map: &Map, power: PowerId) -> String {
  let label = format!("{}:", map.power(power).name);
  format!("{label:<width$}", width = NJUDGE_ORDER_COLUMN.max(label.len() + 1))
}

/// The orders of a movement or retreat phase with their fate, as njudge
/// prints them: `Austria: Army Vienna -> Galicia. (*bounce*)` with a blank
/// line after each power's movement orders (`st_movement.c`), and
/// `Germany:` padded to its order column, `Army  Munich -> Ruhr.` and no
/// blank lines for retreats (`st_retreat.c`).
///
/// In a blind game's copy, `glimpses` are the foreign units seen only in
/// part (`Germany: Army Burgundy ARRIVES.`), after their power's orders,
/// and a target the viewer does not see on `seen` is named without owner
/// or type.
///
/// `not_carried` (movement only; NO_CHECK) are orders kept as written
/// that did not stand: `France: A Par - Mun. (*invalid*)`, after the
/// power's orders.
fn unit_results(
  text: &mut String,
  map: &Map,
  resolved: &[Resolved],
  glimpses: &[Glimpse],
  seen: &Position,
  retreats: bool,
  not_carried: &[NotCarried],
) {
  for power in map.power_ids() {
    let mine: Vec<&Resolved> = resolved.iter().filter(|r| r.order.unit.power == power).collect();
    let glimpsed: Vec<String> =
      glimpses.iter().filter(|g| g.unit.power == power).filter_map(|g| g.line(map)).collect();
    let refused: Vec<&NotCarried> = not_carried.iter().filter(|n| n.power == power).collect();
    if mine.is_empty() && glimpsed.is_empty() && refused.is_empty() {
      continue;
    }
    // Movement lines are `France: Army Paris …`, the name unpadded
    // (`st_movement.c`); retreats pad it to njudge's order column.
    let label =
      if retreats { padded_label(map, power) } else { format!("{}: ", map.power(power).name) };
    for r in mine {
      let kind = r.order.unit.kind.name();
      let place = map.location_name(r.order.unit.location);
      let body = match (r.ordered, retreats) {
        (true, false) => order::render_order_seen(map, &r.order, seen),
        // njudge's `%-5s %s`: `Army  Munich -> Ruhr.`
        (true, true) => {
          let order = order::render_order_seen(map, &r.order, seen);
          match order.strip_prefix(kind) {
            Some(rest) => format!("{kind:<5}{rest}"),
            None => order,
          }
        }
        (false, false) => format!("{kind} {place}, No Order Processed."),
        (false, true) => format!("{kind:<5} {place}, No Order Processed (DISBAND)."),
      };
      let mut note = r.outcome.annotation();
      if retreats && r.outcome.failure.is_some() {
        note = Some(format!("{}, destroyed", r.outcome.failure.map_or("", |f| f.word())));
      }
      let line = match note {
        Some(words) => format!("{label}{body} (*{words}*)"),
        None => format!("{label}{body}"),
      };
      order_line(text, &line);
    }
    for line in glimpsed {
      order_line(text, &line);
    }
    for n in refused {
      order_line(text, &format!("{label}{}. (*{}*)", n.text, n.verdict.word()));
    }
    if !retreats {
      text.push('\n');
    }
  }
  if retreats && !resolved.is_empty() {
    text.push('\n');
  }
}

/// `The Austrian Army in Bohemia can retreat to Galicia or Vienna.` A
/// blind game's copy gives the retreat options (and the fate) of its
/// viewer's own units only, and says of a foreign one it saw that it was
/// dislodged.
fn dislodged(text: &mut String, map: &Map, seen: &Seen) {
  let after = &seen.result.after;
  if after.dislodged.is_empty() {
    return;
  }
  // njudge leaves two blank lines before this block (`st_movement.c`).
  text.push_str("\nThe following units were dislodged:\n\n");
  for d in &after.dislodged {
    let unit = d.unit;
    let head = format!("The {}", the_unit(map, &unit));
    if !seen.counts(unit.power) {
      indented(text, &format!("{head} was dislodged."), 2);
    } else if d.retreats.is_empty() {
      indented(text, &format!("{head} with no valid retreats was destroyed."), 2);
    } else {
      let options: Vec<String> = d.retreats.iter().map(|&l| map.location_name(l)).collect();
      // njudge starts a continuation line at column 0; ours is indented
      // by 2, so a reader can tell it from the next unit's line.
      indented(text, &format!("{head} can retreat to {}.", options.join(" or ")), 2);
    }
  }
  text.push('\n');
}

/// `The Austrian Army in Bohemia was dislodged and disbanded.` (AUTO
/// DISBAND games have no retreats.)
fn disbanded(text: &mut String, map: &Map, units: &[Unit]) {
  if units.is_empty() {
    return;
  }
  text.push_str(
    "The following units were dislodged, and are disbanded (there are no retreats
in this game):

",
  );
  for unit in units {
    let _ = writeln!(text, "The {} was disbanded.", the_unit(map, unit));
  }
  text.push('\n');
}

/// `Belgian Army in Picardy`: a unit as results name it after `The`.
fn the_unit(map: &Map, unit: &Unit) -> String {
  format!(
    "{} {} in {}",
    map.power(unit.power).adjective,
    unit.kind.name(),
    place_with_article(map, unit.location)
  )
}

/// `The Belgian Army in Picardy lost its allegiance and was destroyed.`
/// (TORN_ALLEGIANCE).
fn torn_allegiance(text: &mut String, map: &Map, units: &[Unit]) {
  for unit in units {
    let _ = writeln!(text, "The {} lost its allegiance and was destroyed.", the_unit(map, unit));
  }
  if !units.is_empty() {
    text.push('\n');
  }
}

/// Under VASSAL_DUMMIES, `Vassals:` and a line for each power with
/// vassals, naming them, then the dummies that are nobody's vassal.
pub fn vassal_status(text: &mut String, game: &Game, position: &Position) {
  if !game.rules().vassal_dummies {
    return;
  }
  let map = game.map;
  let name = |p: PowerId| map.power(p).name.clone();
  let width = (country_width(map) + 1).max("Independent:".len() + 1);
  text.push_str("Vassals (the powers nobody plays and who controls them):\n\n");
  for leader in map.power_ids().filter(|&p| !game.is_dummy(p)) {
    let vassals: Vec<String> = position.vassals_of(leader).map(name).collect();
    if !vassals.is_empty() {
      hanging(text, &format!("{}:", name(leader)), width, &vassals, ", ");
    }
  }
  let free: Vec<String> = map
    .power_ids()
    .filter(|&p| game.is_dummy(p) && position.controller(p).is_none())
    .map(name)
    .collect();
  if !free.is_empty() {
    hanging(text, "Independent:", width, &free, ", ");
  }
  text.push('\n');
}

/// `the Ionian Sea`, `Bohemia`: seas take the article.
fn place_with_article(map: &Map, location: Location) -> String {
  let name = map.location_name(location);
  if map.province(location.province).terrain == Terrain::Sea {
    format!("the {name}")
  } else {
    name
  }
}

/// An adjustment in njudge's results words, which jDip reads: `Builds an
/// army in Budapest.`, `Builds a fleet in St Petersburg (north coast).`,
/// `Removes the fleet in the North Sea.`, `Build waived.`
fn adjustment_words(map: &Map, adjustment: &Adjustment) -> String {
  let kind = |k: crate::map::UnitType| k.name().to_ascii_lowercase();
  match *adjustment {
    Adjustment::Build { kind: k, at } => {
      let a = article(&kind(k));
      format!("Builds {a} {} in {}.", kind(k), place_with_article(map, at))
    }
    Adjustment::Remove { unit } => {
      format!("Removes the {} in {}.", kind(unit.kind), place_with_article(map, unit.location))
    }
    Adjustment::Waive => "Build waived.".to_string(),
    Adjustment::Maintain { unit } => {
      format!("Maintains the {} in {}.", kind(unit.kind), place_with_article(map, unit.location))
    }
    Adjustment::Transform { unit, into, coast } => {
      let new = Location { province: unit.location.province, coast };
      format!(
        "Transforms the {} in {} into {} {}{}.",
        kind(unit.kind),
        place_with_article(map, unit.location),
        article(&kind(into)),
        kind(into),
        coast.map_or(String::new(), |_| format!(" on {}", place_with_article(map, new))),
      )
    }
  }
}

fn adjustment_results(
  text: &mut String,
  game: &Game,
  seen: &Seen,
  orders: &[(PowerId, Adjustment, AdjustmentOutcome)],
  civil_disorder: &[Unit],
) {
  let map = game.map;
  let before = &seen.result.before;
  let mut printed = false;
  for power in map.power_ids() {
    let label = padded_label(map, power);
    let mut lines = Vec::new();
    for (_, adjustment, outcome) in orders.iter().filter(|(p, _, _)| *p == power) {
      let body = adjustment_words(map, adjustment);
      match outcome {
        AdjustmentOutcome::Done => lines.push(body),
        AdjustmentOutcome::Unused => lines.push(format!("{body} (*void*)")),
      }
    }
    // Waived builds are counted only for powers whose counts are shown.
    let due = if seen.counts(power) { before.adjustment_due(map, power, &game.rules()) } else { 0 };
    let builds = orders
      .iter()
      .filter(|(p, a, o)| {
        *p == power && *o == AdjustmentOutcome::Done && !matches!(a, Adjustment::Remove { .. })
      })
      .count() as i32;
    for _ in builds..due.max(0) {
      lines.push("Build waived.".to_string());
    }
    for unit in civil_disorder.iter().filter(|u| u.power == power) {
      let removal = adjustment_words(map, &Adjustment::Remove { unit: *unit });
      lines.push(format!("{removal} (*civil disorder*)"));
    }
    // No blank line between powers, as `st_build.c` prints them.
    for line in lines {
      order_line(text, &format!("{label}{line}"));
      printed = true;
    }
  }
  if printed {
    text.push('\n');
  }
}

/// njudge's `GetMaxCountryStrlen()`: the longest power name and one, at
/// least 10. Ownership and adjustment-count lines are laid out by it.
fn country_width(map: &Map) -> usize {
  label_width(map).max(10)
}

/// `Ownership of supply centers:` and one line per power, then the
/// unowned centres, the names from column 11 and broken only after a comma
/// (`st_porder.c`), so that `St Petersburg` stays whole.
///
/// A blind game's copy lists only the centres its viewer is shown.
fn ownership(text: &mut String, map: &Map, seen: &Seen) {
  let position = &seen.result.after;
  text.push_str("Ownership of supply centers:\n\n");
  let width = country_width(map) + 1;
  for power in map.power_ids() {
    let names: Vec<String> =
      position.centers_of(map, power).map(|p| map.province(p).name.clone()).collect();
    if !names.is_empty() {
      let label = format!("{}:", map.power(power).name);
      hanging(text, &label, width, &names, ", ");
    }
  }
  let unowned: Vec<String> = map
    .supply_centers()
    .filter(|&p| position.owner(p).is_none() && seen.shows_centre(p))
    .map(|p| map.province(p).name.clone())
    .collect();
  if !unowned.is_empty() {
    hanging(text, "Unowned:", width, &unowned, ", ");
  }
  text.push('\n');
}

/// `Austria:   5 Supply centers,  4 Units:  Builds   1 unit.`, in
/// `st_porder.c`'s columns: a singular `center,` or `Unit:` keeps the
/// width of the plural, so the columns stay aligned.
///
/// A blind game's copy counts only the viewer's own powers.
fn adjustments_due(text: &mut String, game: &Game, seen: &Seen) {
  let map = game.map;
  let position = &seen.result.after;
  let width = country_width(map);
  for power in map.power_ids().filter(|&p| seen.counts(p)) {
    let centers = position.counted_centers(map, power).count();
    let units = position.units_of(power).count();
    // A mobilizing power or a partisan site adds to what centres allow.
    let due = i64::from(position.adjustment_due(map, power, &game.rules()));
    if centers == 0 && units == 0 && due == 0 {
      continue;
    }
    let (verb, n) = if due < 0 { ("Removes", -due) } else { ("Builds ", due) };
    let label = format!("{}:", map.power(power).name);
    let _ = writeln!(
      text,
      "{label:<width$}{centers:>2} Supply center{} {units:>2} Unit{}  {verb} {n:>2} unit{}.",
      if centers == 1 { ", " } else { "s," },
      if units == 1 { ": " } else { "s:" },
      plural(n)
    );
  }
  text.push('\n');
}

fn plural(n: i64) -> &'static str {
  if n == 1 {
    ""
  } else {
    "s"
  }
}

// ------------------------------------------------------------ current orders

/// A power's orders for the current phase as they stand, one a line, with
/// `…, No Order Processed.` for what is still missing.
pub fn current_orders(game: &Game, power: PowerId) -> String {
  let map = game.map;
  let phase = game.position.phase;
  let name = game.power_name(power);
  let orders = &game.orders[power.index()];
  let mut text = format!(
    "Orders for {name}, {} phase of {} {}:\n\n",
    phase.kind_name(),
    map.season_name(phase),
    phase.year
  );
  let label = format!("{name}:");
  // A blind player's orders name what it cannot see without owner or type.
  let seen = game.seen_position(&game.seat_viewer(power));
  if !game.owes_orders(power) {
    let _ = writeln!(text, "{name} has nothing to order in this phase.");
    return text;
  }
  match phase.kind {
    PhaseKind::Movement | PhaseKind::Retreat => {
      let units: Vec<Unit> = if phase.kind == PhaseKind::Movement {
        game.position.units_of(power).collect()
      } else {
        game
          .position
          .dislodged
          .iter()
          .filter(|d| d.unit.power == power && !d.retreats.is_empty())
          .map(|d| d.unit)
          .collect()
      };
      // NO_CHECK: the orders as written, checked when the phase is.
      for u in &orders.unchecked {
        let _ = writeln!(text, "{label} {} (checked when the phase is processed)", u.text);
      }
      for unit in units {
        if orders.unchecked.iter().any(|u| u.province == unit.location.province) {
          continue;
        }
        let entered =
          orders.units.iter().find(|e| e.order.unit.location.province == unit.location.province);
        match entered {
          Some(e) => {
            let _ = writeln!(text, "{label} {}", order::render_order_seen(map, &e.order, &seen));
          }
          None => {
            let _ = writeln!(
              text,
              "{label} {} {}, No Order Processed.",
              unit.kind.name(),
              map.location_name(unit.location)
            );
          }
        }
      }
      // Orders this power gave other powers' units (SET PROXY), with the
      // owner's adjective, as njudge lists them: they count only if the
      // owner proxies the unit to this power.
      for e in orders.units.iter().filter(|e| e.order.unit.power != power) {
        let owner = &map.power(e.order.unit.power).adjective;
        let _ =
          writeln!(text, "{label} {owner} {}", order::render_order_seen(map, &e.order, &seen));
      }
    }
    PhaseKind::Adjustment if game.settings.variant.any_disband => {
      for e in &orders.adjustments {
        let _ = writeln!(text, "{label} {}", order::render_adjustment(map, &e.order));
      }
      // Every unit needs an order under ANY DISBAND; njudge lists the ones
      // still without one as kept.
      for unit in game.position.units_of(power) {
        let ordered = orders.adjustments.iter().any(|e| {
          matches!(e.order, Adjustment::Remove { unit: u } | Adjustment::Maintain { unit: u } if u == unit)
        });
        if !ordered {
          let kind = unit.kind.name().to_ascii_lowercase();
          let place = place_with_article(map, unit.location);
          let _ = writeln!(text, "{label} No order for the {kind} in {place} (maintain).");
        }
      }
    }
    PhaseKind::Adjustment => {
      for e in &orders.adjustments {
        let _ = writeln!(text, "{label} {}", order::render_adjustment(map, &e.order));
      }
      let owed = game.adjustments_owed(power);
      let missing =
        owed.unsigned_abs() as usize - orders.adjustments.len().min(owed.unsigned_abs() as usize);
      if missing > 0 {
        let what = if owed > 0 { "build (or WAIVE)" } else { "removal" };
        let _ = writeln!(
          text,
          "{label} {missing} more {what}{} to order.",
          if missing == 1 { "" } else { "s" }
        );
      }
    }
  }
  if orders.error_flag {
    text.push_str("\nYour last orders had errors: they do not count as in until you send\norders without errors.\n");
  } else if orders.received && !game.orders_complete(power) {
    text.push_str(
      "\nYour orders are not complete, but they count as in: they came from orders\n\
       sent earlier with PHASE.\n",
    );
  } else if game.is_in(power) {
    text.push_str("\nYour orders are complete.\n");
  }
  text
}

/// `Time to deadline: …` for a reply, from `now`.
pub fn time_to_deadline(game: &Game, now: DateTime<Utc>) -> Option<String> {
  let deadline = game.timing.deadline?;
  let grace = game.timing.grace;
  // Past the deadline (and the grace period) there is no time left to
  // count down: say where the game stands instead of "0 days, 0 hours".
  if deadline <= now {
    return Some(match grace {
      Some(grace) if grace > now => format!(
        "The deadline has passed; the grace period ends in {}.\n",
        deadline::span(grace - now)
      ),
      _ => "The deadline and the grace period have passed: the game waits for the\n\
            orders still missing (or for the Master).\n"
        .to_string(),
    });
  }
  let mut text = format!("Time to deadline: {}.\n", deadline::span(deadline - now));
  if let Some(grace) = grace {
    let _ = writeln!(text, "Time to grace period expiration: {}.", deadline::span(grace - now));
  }
  Some(text)
}

/// The start of the game as the history keeps it: who plays what (unless
/// gunboat), the starting position and the first deadline.
pub fn starting_for_observers(game: &Game, tz: Tz) -> String {
  start_text(game, format!("Game '{}' has started.", game.name), false, tz)
}

// ---------------------------------------------------------------- listings

/// What one member's line in a listing says about where they stand.
fn standing(game: &Game, index: usize, now: DateTime<Utc>) -> &'static str {
  let member = &game.members[index];
  let Some(power) = member.power else { return "" };
  if member.abandoned {
    return "abandoned";
  }
  if game.status != Status::Active {
    return "";
  }
  if !game.must_order(power) {
    return "";
  }
  if game.is_in(power) {
    "in"
  } else if game.timing.deadline.is_some_and(|d| now > d) {
    "late"
  } else {
    "waiting"
  }
}

/// LIST name: where the game stands, its settings, its players, and the
/// units and centres on the board. `viewer` is the index of the member
/// asking, if signed on (they see their own address in gunboat games).
pub fn listing(game: &Game, viewer: Option<usize>, now: DateTime<Utc>, tz: Tz) -> String {
  let mut text = String::new();
  let name = &game.name;
  // The phase the game ended in: the board may have moved on to the next.
  let ended = game
    .record
    .ended
    .as_ref()
    .and_then(|(_, phase)| phase.parse::<Phase>().ok())
    .unwrap_or(game.position.phase);
  // SET SECRET: only the Masters learn how many players there are.
  let secret = game.settings.variant.secret
    && !viewer.is_some_and(|i| game.members.get(i).is_some_and(|m| m.role == Role::Master));
  match &game.status {
    Status::Forming if secret => {
      let _ = writeln!(text, "Game '{name}' is forming: it is waiting for players to sign on.");
    }
    Status::Forming => {
      let missing = game.players_missing();
      let _ = writeln!(
        text,
        "Game '{name}' is forming: it is waiting for {missing} more player{} to sign on.",
        plural(missing as i64)
      );
    }
    Status::Finished(super::Ending::Won(winner)) => {
      let _ = writeln!(
        text,
        "Game '{name}' is over: {} won in {}.",
        game.power_name(*winner),
        ended.year
      );
    }
    Status::Finished(
      ending @ (super::Ending::Drawn(_) | super::Ending::Conceded(_) | super::Ending::Allied(_)),
    ) => {
      let _ =
        writeln!(text, "Game '{name}' is over: {} in {}.", ending_words(game, ending), ended.year);
    }
    Status::Finished(_) => {
      let _ = writeln!(
        text,
        "Game '{name}' is over: it was terminated in {} {}.",
        game.map.season_name(ended),
        ended.year
      );
    }
    Status::Active => {
      let _ = write!(
        text,
        "Game '{name}', phase #{} ({}), is at {}.",
        game.seq,
        game.position.phase,
        phase_words(game.map, game.position.phase)
      );
      if let Some(deadline) = game.timing.deadline {
        let _ = write!(text, "\nThe deadline for orders is {}.", deadline::show(deadline, tz));
      }
      text.push('\n');
      if let Some(since) = game.timing.paused {
        let _ = writeln!(
          text,
          "The game is paused since {}: nothing is processed until the Master\nsends RESUME.",
          deadline::show(since, tz)
        );
      }
      if !game.all_in() {
        text.push_str("One or more players have not got their orders in.\n");
      }
      let waiters: Vec<String> = game
        .members
        .iter()
        .filter(|m| m.wait && m.role == Role::Player)
        .filter_map(|m| m.power.map(|p| game.power_name(p).to_string()))
        .collect();
      if game.settings.variant.has_rule("LIST_WAITERS") && !waiters.is_empty() {
        // The DPjudge's LIST_WAITERS names them.
        let _ = writeln!(
          text,
          "{} asked that orders not be processed before the deadline.",
          super::press::and_list(&waiters) + if waiters.len() == 1 { " has" } else { " have" }
        );
      } else if game.members.iter().any(|m| m.wait) {
        text.push_str(
          "One or more players have asked that orders not be processed before the\ndeadline.\n",
        );
      }
    }
  }
  // Payola: a player sees its own money, a Master everyone's.
  if game.is_payola() && game.status == Status::Active {
    match viewer.and_then(|i| game.members.get(i)).map(|m| (m.role, m.power)) {
      Some((Role::Master, _)) => {
        text.push('\n');
        for power in game.map.power_ids() {
          text.push_str(&game.purse_lines(power));
        }
      }
      Some((Role::Player, Some(power))) => {
        text.push('\n');
        text.push_str(&game.purse_lines(power));
      }
      _ => {}
    }
  }
  let s = &game.settings;
  let _ = writeln!(text, "\nThe settings of '{name}':");
  indented(&mut text, &format!("  Variant:        {}", variant_words(game)), 18);
  let rules = s.variant.rules_in_force();
  if !rules.is_empty() {
    indented(&mut text, &format!("  Rules:          {}", rules.join(", ")), 18);
  }
  if let Some(on) = s.variant.duality {
    let words =
      if on { "on: a fleet on a dual province convoys (DUALITY)" } else { "off (NO DUALITY)" };
    let _ = writeln!(text, "  Duality:        {words}");
  }
  if s.variant.transform.on() {
    let attacked = if s.variant.transform.attacked { "still transform" } else { "do not" };
    indented(
      &mut text,
      &format!(
        "  Transform:      {}; units attacked but not dislodged {attacked}",
        s.variant.transform.words()
      ),
      18,
    );
  }
  let _ = writeln!(text, "  Moderated:      {}", if s.moderated { "yes" } else { "no" });
  let assignment = match s.assignment {
    super::preference::Assignment::List => "by preference lists (PRFLIST)",
    super::preference::Assignment::Random => "at random (PRFRAND)",
    super::preference::Assignment::Both => "by lists, '*' for a random power (PRFBOTH)",
  };
  let _ = writeln!(text, "  Powers dealt:   {assignment}");
  if !secret {
    let _ = writeln!(text, "  Players:        {}", s.players);
  }
  let _ = writeln!(text, "  Victory:        {} supply centers", s.victory_centers);
  let mut press = s.press.describe();
  if s.variant.has_rule("FTF_PRESS") {
    press.push_str(", Face To Face");
  }
  indented(&mut text, &format!("  Press:          {press}"), 18);
  let draws = if s.dias { "DIAS (draws include all survivors)" } else { "NoDIAS" };
  let concessions = if s.concessions { "concessions allowed" } else { "no concessions" };
  if game.draws_refused().is_some() {
    let _ = writeln!(text, "  Draws:          none, nor concessions: only a solo ends the game");
  } else {
    indented(&mut text, &format!("  Draws:          {draws}, {concessions}"), 18);
  }
  let _ = writeln!(text, "  Listed:         {}", if s.listed { "yes" } else { "no" });
  for (label, rule) in [("Move", &s.movement), ("Retreat", &s.retreat), ("Adjust", &s.adjustment)] {
    let _ = writeln!(
      text,
      "  {label:<8}clock {:>4} min {:>4.2} next {:>5.2} grace {:>6.2} delay {:>4.2} days {}",
      rule.clock, rule.min, rule.next, rule.grace, rule.delay, rule.days
    );
  }
  let master = viewer.is_some_and(|i| game.members.get(i).is_some_and(|m| m.role == Role::Master));
  text.push_str(&moderation(game, master));
  // In a running blind game, the viewer's own holdings only.
  let who = game.viewer(viewer);
  if !game.members.is_empty() {
    let _ = writeln!(text, "\nThe following are in game '{name}':");
    let width = label_width(game.map).max("Observer".len() + 1);
    for (i, member) in game.members.iter().enumerate() {
      let unseen_player = member.role == Role::Player && member.power.is_none();
      if secret && unseen_player && viewer != Some(i) {
        continue;
      }
      let label = match (member.role, member.power) {
        (Role::Master, _) => "Master".to_string(),
        (Role::Observer, _) => "Observer".to_string(),
        (Role::Player, Some(power)) => game.power_name(power).to_string(),
        (Role::Player, None) => "Player".to_string(),
      };
      let holdings = match member.power {
        Some(power) if game.status != Status::Forming && !who.owns(power) => " ?/? ".to_string(),
        Some(power) if game.status != Status::Forming => format!(
          "{:>2}/{:<2}",
          game.position.units_of(power).count(),
          game.position.counted_centers(game.map, power).count()
        ),
        _ => "     ".to_string(),
      };
      // A Master knows every player, gunboat or secret.
      let address =
        if viewer == Some(i) || master { member.address.as_str() } else { shown_address(game, i) };
      // HIDE_LATE_POWERS: a player sees only its own lateness.
      let mut stand = standing(game, i, now);
      let hide = game.settings.variant.has_rule("HIDE_LATE_POWERS") && !master && viewer != Some(i);
      if hide && matches!(stand, "late" | "in") {
        stand = "waiting";
      }
      let _ = writeln!(text, "   {label:<width$} {stand:<9} {holdings} {address}");
    }
    for power in game.map.power_ids().filter(|&p| game.is_dummy(p)) {
      let label = game.power_name(power);
      let holdings = if game.status == Status::Forming {
        "     ".to_string()
      } else if !who.owns(power) {
        " ?/? ".to_string()
      } else {
        format!(
          "{:>2}/{:<2}",
          game.position.units_of(power).count(),
          game.position.counted_centers(game.map, power).count()
        )
      };
      // HIDE_DUMMIES: a dummy looks like a played power to the players.
      if game.settings.variant.has_rule("HIDE_DUMMIES") && !master {
        let _ = writeln!(text, "   {label:<width$} {:<9} {holdings} {ANONYMOUS}", "");
        continue;
      }
      let _ = writeln!(text, "   {label:<width$} {:<9} {holdings} {DUMMY_WORDS}", "Dummy");
    }
  }
  if game.status != Status::Forming {
    status_block(&mut text, game, &who);
    if !who.sees_everything() {
      text.push('\n');
      text.push_str(&wrap(WITHHELD));
      text.push('\n');
    }
  }
  text
}

/// Why a blind game's LIST, HISTORY and pictures show a player or an
/// observer only part of the board.
pub const WITHHELD: &str = "This is a Blind game: you are shown only what your own units can see, \
  and the rest of the board is withheld until the game is over.";

/// What LIST and the rosters say in place of a dummy's player.
pub const DUMMY_WORDS: &str = "(nobody plays it)";

/// The widest line LIST's status block writes.
const STATUS_COLUMNS: usize = 78;

/// njudge's status of a game (`st_status.c`), which jDip's and
/// Realpolitik's position readers look for: `Status of the Movement phase
/// for Fall of 1901.  (demo.002)`, the units power by power (`Austria:
/// Army Vienna.`), `Ownership of supply centers:`, and the units waiting to
/// retreat.
///
/// `who` is the viewer: in a running blind game the block shows only the
/// board it sees, and says so.
fn status_block(text: &mut String, game: &Game, who: &Viewer) {
  let map = game.map;
  let phase = game.position.phase;
  let board = game.seen_position(who);
  let shown_centres =
    game.sight().map(|sight| super::viewer::centres_shown(map, &game.position, who, sight));
  let kind = match phase.kind {
    PhaseKind::Movement => "Movement",
    PhaseKind::Retreat => "Retreat",
    PhaseKind::Adjustment => "Adjustment",
  };
  let _ = writeln!(
    text,
    "\nStatus of the {kind} phase for {}.  ({}.{:03})",
    map.season_and_year(phase),
    game.name,
    game.seq
  );
  // The label column: the longest power name, its colon and a space.
  let width = map.powers().iter().map(|p| p.name.len() + 2).max().unwrap_or(9);
  let mut last = None;
  for power in map.power_ids() {
    for unit in board.units_of(power) {
      if last != Some(power) {
        text.push('\n');
        last = Some(power);
      }
      let label = format!("{}:", map.power(power).name);
      let place = map.location_name(unit.location);
      let _ = writeln!(text, "{label:<width$}{} {place}.", unit.kind.name());
    }
  }
  if game.rules().vassal_dummies {
    text.push('\n');
    vassal_status(text, game, &game.position);
    // The blank line after it is the one before the ownership.
    text.pop();
  }
  text.push_str("\nOwnership of supply centers:\n\n");
  let width = width.max("Unowned:".len() + 2) + 1;
  for power in map.power_ids() {
    let names: Vec<String> =
      board.centers_of(map, power).map(|p| map.province(p).name.clone()).collect();
    if !names.is_empty() {
      let label = format!("{}:", map.power(power).name);
      hanging(text, &label, width, &names, ", ");
    }
  }
  let unowned: Vec<String> = map
    .supply_centers()
    .filter(|&p| board.owner(p).is_none())
    .filter(|&p| shown_centres.as_ref().is_none_or(|s| s.get(p.index()).copied().unwrap_or(false)))
    .map(|p| map.province(p).name.clone())
    .collect();
  if !unowned.is_empty() {
    hanging(text, "Unowned:", width, &unowned, ", ");
  }
  if !board.dislodged.is_empty() {
    text.push_str("\nThe following units were dislodged:\n\n");
    for d in &board.dislodged {
      let label = format!("{}:", map.power(d.unit.power).name);
      let unit = format!("{} {}", d.unit.kind.name(), map.location_name(d.unit.location));
      let retreats: Vec<String> = d.retreats.iter().map(|&l| map.location_name(l)).collect();
      if !who.owns(d.unit.power) {
        // A blind player is not told where a foreign unit may go.
        hanging(text, &label, width, &[format!("{unit} was dislodged")], "");
      } else if retreats.is_empty() {
        hanging(text, &label, width, &[format!("{unit} cannot retreat")], "");
      } else {
        let mut items = retreats;
        items[0] = format!("{unit} can retreat to {}", items[0]);
        hanging(text, &label, width, &items, " or ");
      }
    }
  }
  // Homes the game has changed (NEWHOMES, claimed homes) are news; last,
  // so that readers of njudge's block are not misled.
  if let Some(homes) = game.position.changed_homes() {
    text.push_str("\nHome centres:\n\n");
    for power in map.power_ids() {
      let names: Vec<String> = homes
        .get(power.index())
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|&p| map.province(p).name.clone())
        .collect();
      if !names.is_empty() {
        let label = format!("{}:", map.power(power).name);
        hanging(text, &label, width, &names, ", ");
      }
    }
  }
}

/// `label` in a column of `width`, then `items` joined by `separator` and
/// ended by a full stop, broken after a separator so that no line is wider
/// than [`STATUS_COLUMNS`]; the lines after the first start under the first
/// item.
fn hanging(text: &mut String, label: &str, width: usize, items: &[String], separator: &str) {
  let mut line = format!("{label:<width$}");
  let mut empty = true;
  let sep = separator.trim_end();
  for (i, item) in items.iter().enumerate() {
    let end = if i + 1 == items.len() { "." } else { sep };
    let piece = format!("{item}{end}");
    if !empty && line.len() + 1 + piece.len() > STATUS_COLUMNS {
      let _ = writeln!(text, "{line}");
      line = " ".repeat(width);
      empty = true;
    }
    if !empty {
      line.push(' ');
    }
    line.push_str(&piece);
    empty = false;
  }
  let _ = writeln!(text, "{}", line.trim_end());
}

/// The moderation and access settings of a listing (manual §§8.3–8.4),
/// and the game's comment and description. The allow and deny lists'
/// addresses are shown to the Masters only; others see how many there are.
fn moderation(game: &Game, master: bool) -> String {
  let s = &game.settings;
  let forming = game.status == Status::Forming;
  let mut lines: Vec<(&str, String)> =
    listed_lines(s, forming).into_iter().map(|(label, text)| (label, text.to_string())).collect();
  let next = match &game.record.successor {
    Some(name) => format!("game '{name}' (AUTO CREATE)"),
    None if s.auto_create => "created when this one ends (AUTO CREATE)".to_string(),
    None => "none".to_string(),
  };
  lines.push(("Next game", next));
  if let Some(name) = &game.record.predecessor {
    lines.push(("Follows", format!("game '{name}'")));
  }
  lines.push(("Sites", s.access.describe().to_string()));
  lines.push(("Levels", s.level.describe()));
  lines.push((
    "Dedication",
    format!(
      "> {} points, on-time ratio >= {:.2}, CD ratio <= {:.2}",
      s.min_dedication, s.min_ontime, s.max_cd_ratio
    ),
  ));
  for (label, list) in [("Allow list", &s.allow), ("Deny list", &s.deny)] {
    if list.is_empty() {
      continue;
    }
    let shown = if master {
      list.join(", ")
    } else {
      format!("{} address{}", list.len(), if list.len() == 1 { "" } else { "es" })
    };
    lines.push((label, shown));
  }
  let numbers: Vec<String> = [("BN", &s.boardman), ("EP", &s.ep), ("MN", &s.miller)]
    .into_iter()
    .filter_map(|(label, number)| number.as_ref().map(|n| format!("{label} {n}")))
    .collect();
  if !numbers.is_empty() {
    lines.push(("Numbers", numbers.join(", ")));
  }
  if !s.comment.is_empty() {
    lines.push(("Comment", s.comment.clone()));
  }
  let mut text = String::new();
  // A long value goes on under itself, not under the labels.
  for (label, value) in lines {
    indented(&mut text, &format!("  {:<16}{value}", format!("{label}:")), 18);
  }
  if !s.description.is_empty() {
    let _ = writeln!(text, "\nAbout game '{}':", game.name);
    for line in s.description.lines() {
      if line.is_empty() {
        text.push('\n');
      } else {
        let _ = writeln!(text, "  {line}");
      }
    }
  }
  text
}

/// An order line of the results: one line however long, as njudge
/// writes it, since jDip and the mappers read one order a line and fail on
/// an order split over two (the mail edge keeps it whole too).
fn order_line(text: &mut String, line: &str) {
  text.push_str(line);
  text.push('\n');
}

/// A line of prose or of a listing, broken between words so that no line
/// is wider than njudge's 78 columns, the lines after the first indented
/// by `indent`. Never an order line: see [`order_line`].
fn indented(text: &mut String, line: &str, indent: usize) {
  if line.len() <= STATUS_COLUMNS {
    text.push_str(line);
    text.push('\n');
    return;
  }
  let mut current = String::new();
  for word in line.split(' ') {
    let fits = current.len() + 1 + word.len() <= STATUS_COLUMNS;
    if !current.trim().is_empty() && !fits {
      text.push_str(current.trim_end());
      text.push('\n');
      current = " ".repeat(indent.min(STATUS_COLUMNS / 2));
    } else if !current.is_empty() && !current.ends_with(' ') {
      current.push(' ');
    }
    if word.is_empty() {
      // Padding spaces of the label column.
      current.push(' ');
    } else {
      current.push_str(word);
    }
  }
  text.push_str(current.trim_end());
  text.push('\n');
}

/// Prose broken into lines of at most 76 characters, so that no mail
/// program rewraps it.
pub fn wrap(text: &str) -> String {
  textwrap::fill(text, 76)
}

/// How a game ended, in words: `a draw between Austria, England and
/// France`.
pub fn ending_words(game: &Game, ending: &super::Ending) -> String {
  let names = |powers: &[PowerId]| {
    let names: Vec<String> = powers.iter().map(|&p| game.power_name(p).to_string()).collect();
    super::press::and_list(&names)
  };
  match ending {
    super::Ending::Won(p) => format!("a solo victory for {}", game.power_name(*p)),
    super::Ending::Drawn(powers) => format!("a draw between {}", names(powers)),
    super::Ending::Allied(powers) => {
      format!("an allied victory for {}, played by one player", names(powers))
    }
    super::Ending::Conceded(p) => format!("conceded to {}", game.power_name(*p)),
    super::Ending::Terminated => "terminated".to_string(),
  }
}

/// SUMMARY as the game-end notices send it, without the judge's code or
/// the players' registered names (the SUMMARY command adds them): see
/// [`super::summary`].
pub fn summary(game: &Game, reveal: bool, tz: Tz) -> String {
  super::summary::summary(game, reveal, tz, &super::summary::Extras::default())
}

// ------------------------------------------------------------- lateness

/// What happens to late powers when the grace period ends, in words.
fn at_grace_end(game: &Game, names: &str) -> String {
  if game.settings.nmr {
    format!(
      "{names} will be put in civil disorder, and the phase processed without\n\
       their orders (units hold, dislodged units are disbanded, builds are lost)."
    )
  } else {
    format!(
      "{names} will be abandoned, and the game will wait until each is taken\n\
       over by a new player or its player returns."
    )
  }
}

fn power_names(game: &Game, powers: &[PowerId]) -> String {
  powers.iter().map(|&p| game.power_name(p)).collect::<Vec<_>>().join(", ")
}

/// The late notice a late player gets.
pub fn late_to_player(game: &Game, power: PowerId, tz: Tz) -> String {
  let name = game.power_name(power);
  let mut text = format!(
    "Your orders for {} in game '{}' are late: they were due by {}, and\n\
     {name}'s are not complete yet.\n",
    phase_words(game.map, game.position.phase),
    game.name,
    game.timing.deadline.map_or_else(String::new, |d| deadline::show(d, tz)),
  );
  if game.settings.late_count {
    if let Some(member) = game.player_of(power) {
      let times = member.late_count;
      let _ =
        writeln!(text, "You have been late {times} time{} in this game.", plural(i64::from(times)));
    }
  }
  if let Some(grace) = game.timing.grace {
    if game.waiting_for_replacements() {
      let initial = game.map.power(power).initial;
      let _ = writeln!(
        text,
        "\nThe grace period ended {}, and {name} has been abandoned. The game\n\
         waits until you take it back (SIGN ON {initial}{} with your password, then\n\
         your orders) or a new player takes it over.",
        deadline::show(grace, tz),
        game.name
      );
    } else {
      let _ = writeln!(
        text,
        "\nIf complete orders have not arrived by the end of the grace period,\n{},\n{}",
        deadline::show(grace, tz),
        at_grace_end(game, name)
      );
    }
  }
  text
}

/// The late notice everyone else gets: who is late, and until when.
/// The late notice to the other players under HIDE_LATE_POWERS: that
/// some orders are missing, not whose.
pub fn late_unnamed(game: &Game) -> String {
  format!(
    "The deadline for {} in game '{}' has passed, and one or more powers\n\
     have not got their orders in yet.\n",
    phase_words(game.map, game.position.phase),
    game.name,
  )
}

pub fn late_to_others(game: &Game, powers: &[PowerId], tz: Tz) -> String {
  let names = power_names(game, powers);
  let mut text = format!(
    "The deadline for {} in game '{}' has passed, and orders are still\n\
     missing from: {names}.\n",
    phase_words(game.map, game.position.phase),
    game.name,
  );
  if game.settings.late_count {
    for &power in powers {
      if let Some(member) = game.player_of(power) {
        let _ = writeln!(
          text,
          "  {} has been late {} time{}.",
          game.power_name(power),
          member.late_count,
          plural(i64::from(member.late_count))
        );
      }
    }
  }
  if let Some(grace) = game.timing.grace {
    if game.waiting_for_replacements() {
      let _ = writeln!(
        text,
        "\nThe grace period ended {}. The game waits until each late power\n\
         is taken over by a new player or its player returns. A registered\n\
         player who is not in the game may take one over:",
        deadline::show(grace, tz),
      );
      for &power in powers {
        let initial = game.map.power(power).initial;
        let _ = writeln!(text, "  SIGN ON {initial}{} password", game.name);
      }
    } else {
      let _ = writeln!(
        text,
        "\nThe grace period ends {}. After that,\n{}",
        deadline::show(grace, tz),
        at_grace_end(game, &names)
      );
    }
  }
  text
}

/// The notice that late powers have been abandoned.
pub fn abandoned(game: &Game, powers: &[PowerId], tz: Tz) -> String {
  let mut text = String::new();
  for &power in powers {
    let name = game.power_name(power);
    let initial = game.map.power(power).initial;
    let _ = writeln!(
      text,
      "{name} has been abandoned in game '{}': its orders for {} did not arrive.\n\
       A registered player who is not in the game may take it over with\n\
       SIGN ON {initial}{} password.",
      game.name,
      phase_words(game.map, game.position.phase),
      game.name
    );
  }
  if game.settings.nmr {
    if let Some(grace) = game.timing.grace {
      let names = power_names(game, powers);
      let _ = writeln!(
        text,
        "\nIf nobody sends complete orders by {},\n{}",
        deadline::show(grace, tz),
        at_grace_end(game, &names)
      );
    }
  }
  text
}
