//! Telling a game's members what happened in it: a notice to everyone, the
//! game start, turn results (and to each player what became of the orders
//! kept for the new phase), late notices, abandonment. Each is mail to
//! every address of every member (`CODE:game - PHASE what`, the `::`
//! header first), an entry for the game's history when an observer would
//! have seen it, and what it counts for the players' dedication. Used by
//! the session (a message's effects) and the sweep (what time brings).

use crate::zone::Tz;
use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::dedication;
use crate::draw::{self, DrawError, Scene};
use crate::game::viewer::Viewer;
use crate::game::{deadline, picture, report, Game, Processed, Role, TimeEvent};
use crate::mail::outbound::{Attachment, MailKind, Outgoing};
use crate::mail::subject;
use crate::map::PowerId;
use crate::store::game_file::{HistoryEntry, HistoryKind, SeenEntry};
use crate::store::ledger::LedgerEntry;

/// Mail for members, what goes into the history, and what counts for
/// dedication.
#[derive(Debug, Default)]
pub struct Announcement {
  pub mail: Vec<Outgoing>,
  pub history: Vec<HistoryEntry>,
  pub ledger: Vec<LedgerEntry>,
}

impl Announcement {
  /// Adds another announcement's mail, history and ledger after this one's.
  pub fn extend(&mut self, other: Announcement) {
    self.mail.extend(other.mail);
    self.history.extend(other.history);
    self.ledger.extend(other.ledger);
  }
}

/// The same notice to every member but `except`; into the history when
/// `kind` is given.
pub fn to_members(
  config: &Config,
  game: &Game,
  what: &str,
  text: &str,
  except: Option<usize>,
  kind: Option<HistoryKind>,
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, what);
  let body = format!("{}\n{text}", report::header(&config.judge_code, game, tz));
  let mut announcement = Announcement::default();
  for (i, member) in game.members.iter().enumerate() {
    if Some(i) == except {
      continue;
    }
    for address in member.addresses() {
      push_once(&mut announcement.mail, mail(address, &subject, &body, MailKind::Bulk));
    }
  }
  if let Some(kind) = kind {
    announcement.history.push(entry(now, phase, kind, subject, body));
  }
  announcement
}

/// `Game Starting`: each member told what they play, who plays what
/// (unless gunboat), the starting position and the first deadline.
/// Starts a full game (`Game::start`, dealt by `Game::deal`) and
/// announces it: the one way a game starts, at the end of the message that
/// filled it and in the sweep alike.
pub fn start(config: &Config, game: &mut Game, now: DateTime<Utc>) -> Announcement {
  let mut rng = game.deal(now);
  game.start(now, tz(config), &mut rng);
  starting(config, game, now)
}

/// Processes the game's phase (`Game::process`) and announces the
/// results under the header the phase had: the one way a phase ends, when
/// the last orders come in, on the Master's PROCESS and in the sweep.
pub fn process(config: &Config, game: &mut Game, now: DateTime<Utc>) -> Announcement {
  let tz = tz(config);
  let header = report::header(&config.judge_code, game, tz);
  let processed = game.process(now, tz);
  results(config, game, &processed, &header, now)
}

pub fn starting(config: &Config, game: &Game, now: DateTime<Utc>) -> Announcement {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, "Game Starting");
  let header = report::header(&config.judge_code, game, tz);
  let mut announcement = Announcement::default();
  for (i, member) in game.members.iter().enumerate() {
    let body = format!("{header}\n{}", report::starting(game, i, tz));
    for address in member.addresses() {
      push_once(&mut announcement.mail, mail(address, &subject, &body, MailKind::Bulk));
    }
  }
  let body = format!("{header}\n{}", report::starting_for_observers(game, tz));
  announcement.history.push(entry(now, phase, HistoryKind::Notice, subject, body));
  announcement.ledger = dedication::started(game, now);
  announcement
}

/// `Results` of a processing. `header` is the `::` header of the phase
/// before it was processed, which the results are about (as njudge: the
/// mapping tools read the processed phase from it).
pub fn results(
  config: &Config,
  game: &Game,
  processed: &Processed,
  header: &str,
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let Some(first) = processed.phases.first() else { return Announcement::default() };
  let phase = first.phase.to_string();
  // A blind game's results are one copy per viewer (`game/viewer.rs`),
  // under njudge's subject for them.
  let what = if game.sight().is_some() { "Blind Results" } else { "Results" };
  let subject = subject::game(&config.judge_code, &game.name, &phase, what);
  // Crystal Ball: which lists the orders come from (the lists themselves
  // go separately, to whom may read them).
  let carried = processed.lists.as_ref().map(|c| crate::game::xtal::carried_note(game, c));
  let body_for = |viewer: &Viewer| {
    let results = report::results_for(game, processed, tz, viewer);
    let mut body = match &carried {
      Some(note) => format!("{header}\n{note}\n\n{results}"),
      None => format!("{header}\n{results}"),
    };
    if game.is_finished() {
      body.push('\n');
      body.push_str(&report::summary(game, game.settings.reveal, tz));
    }
    body
  };
  let mut announcement = Announcement::default();
  // Each viewer's text, and picture of the adjudicated phase, made once
  // for all who share it.
  let mut copies: Vec<(Viewer, String, Option<Vec<Attachment>>)> = Vec::new();
  for (index, member) in game.members.iter().enumerate() {
    let viewer = game.viewer(Some(index));
    let slot = match copies.iter().position(|(v, ..)| *v == viewer) {
      Some(slot) => slot,
      None => {
        let body = body_for(&viewer);
        copies.push((viewer.clone(), body, None));
        copies.len() - 1
      }
    };
    let (_, body, picture) = &mut copies[slot];
    let attachments = if member.wants_pictures(&game.settings) {
      picture
        .get_or_insert_with(|| {
          let seen = game.seen_result(&viewer, first);
          let mut files = results_picture(game, &seen.result);
          // The last results carry the game's SUMMARY, and so its chart.
          if game.is_finished() {
            match chart_attachment(game) {
              Ok(chart) => files.extend(chart),
              Err(error) => tracing::warn!(game = %game.name, %error, "no chart drawn"),
            }
          }
          files
        })
        .clone()
    } else {
      Vec::new()
    };
    for address in member.addresses() {
      let mut message = mail(address, &subject, body, MailKind::Bulk);
      message.attachments = attachments.clone();
      push_once(&mut announcement.mail, message);
    }
  }
  let whole = match copies.iter().find(|(v, ..)| v.sees_everything()) {
    Some((_, body, _)) => body.clone(),
    None => body_for(&Viewer::Everything),
  };
  let mut results = entry(now, phase.clone(), HistoryKind::Results, subject.clone(), whole);
  results.board = Some(picture::past_board(game, first));
  // While the game hides things, HISTORY and the web give each player its
  // own copy and observers theirs (`HistoryEntry::seen_by`).
  if game.hides() {
    let mut viewers: Vec<Viewer> =
      game.map.playable_powers().map(|p| game.seat_viewer(p)).collect();
    viewers.push(Viewer::Outsider);
    for viewer in viewers {
      let body = match copies.iter().find(|(v, ..)| *v == viewer) {
        Some((_, body, _)) => body.clone(),
        None => body_for(&viewer),
      };
      let board = picture::past_board(game, &game.seen_result(&viewer, first).result);
      results.views.push(SeenEntry { viewer: viewer.key(game.map), body, board });
    }
  }
  announcement.history.push(results);
  announcement.ledger = dedication::turns(&config.dedication, game, processed, now);
  if !processed.postal.is_empty() {
    let mut text = String::new();
    for item in &processed.postal {
      text.push_str(&format!("{}\n\n{}\n\n", item.heading, item.text.trim_end()));
    }
    announcement.extend(to_everyone(config, game, &phase, "Postal Press", header, &text, now));
  }
  announcement.mail.extend(pending_orders(config, game, processed));
  if let Some(carried) = &processed.lists {
    announcement.extend(crystal_lists(config, game, carried, header, now));
  }
  announcement.extend(payola_mail(config, game, processed, header, now));
  if game.is_finished() {
    announcement.ledger.extend(dedication::ended(game, now));
    announcement.extend(ended_lists(config, game, now));
    announcement.extend(diaries(config, game, now));
  }
  announcement
}

/// What a processing tells every member about `phase` under the `header`
/// it had, kept in the history as a broadcast (postal press, Payola's
/// public totals).
fn to_everyone(
  config: &Config,
  game: &Game,
  phase: &str,
  what: &str,
  header: &str,
  text: &str,
  now: DateTime<Utc>,
) -> Announcement {
  let subject = subject::game(&config.judge_code, &game.name, phase, what);
  let body = format!("{header}\n{text}");
  let mut announcement = Announcement::default();
  for member in &game.members {
    for address in member.addresses() {
      push_once(&mut announcement.mail, mail(address, &subject, &body, MailKind::Bulk));
    }
  }
  let phase = phase.to_string();
  announcement.history.push(entry(now, phase, HistoryKind::Broadcast, subject, body));
  announcement
}

/// The attachments of a picture: the PNG shown in the message and the SVG
/// to open in a browser, named `stem.png` and `stem.svg`.
pub fn picture_attachments(scene: &Scene<'_>, stem: &str) -> Result<Vec<Attachment>, DrawError> {
  let svg = draw::svg(scene)?;
  let png = draw::png(&svg, draw::PNG_SCALE)?;
  Ok(vec![
    Attachment::inline_png(&format!("{stem}.png"), png),
    Attachment::svg(&format!("{stem}.svg"), svg),
  ])
}

/// SUMMARY's chart as a PNG attachment, when the game has played a year.
pub fn chart_attachment(game: &Game) -> Result<Option<Attachment>, DrawError> {
  let Some(chart) = picture::chart(game) else { return Ok(None) };
  let png = draw::png(&draw::chart_svg(&chart), 1.0)?;
  Ok(Some(Attachment::inline_png(&format!("{}-centres.png", game.name), png)))
}

/// The picture of an adjudicated phase for the results mail; none (and a
/// log line) when the variant's board cannot be drawn, so the results
/// still go out.
fn results_picture(game: &Game, result: &crate::game::PhaseResult) -> Vec<Attachment> {
  let scene = picture::adjudicated(game, result);
  match picture_attachments(&scene, &picture::stem(game, result.phase)) {
    Ok(files) => files,
    Err(error) => {
      tracing::warn!(game = %game.name, %error, "the results picture could not be drawn");
      Vec::new()
    }
  }
}

/// `Crystal Ball Lists`: the locked lists of the turn just played, as they
/// were carried out. Each player gets its own (a duplex player its
/// powers'), the Masters all of them; under PUBLIC_LISTS or LIMIT_LISTS
/// everyone gets every list (LIMIT_LISTS: the first entries each, as many
/// as the largest power's centres), and HISTORY keeps them. Otherwise they
/// stay out of HISTORY, which everyone may read.
fn crystal_lists(
  config: &Config,
  game: &Game,
  carried: &crate::game::xtal::CarriedOut,
  header: &str,
  now: DateTime<Utc>,
) -> Announcement {
  use crate::game::xtal::lists_text;
  let mut announcement = Announcement::default();
  let Some(phase) = carried.phase else { return announcement };
  // A turn without units (before an EMPTY BOARD game's builds) has none.
  if carried.lists.is_empty() {
    return announcement;
  }
  let variant = &game.settings.variant;
  let limited = variant.has_rule("LIMIT_LISTS");
  let public = limited || variant.has_rule("PUBLIC_LISTS");
  let limit = if limited { carried.orders } else { None };
  let subject =
    subject::game(&config.judge_code, &game.name, &phase.to_string(), "Crystal Ball Lists");
  let title = format!("{} order lists", report::phase_words(game.map, phase));
  let body = |powers: &[PowerId], limit: Option<usize>| {
    let lists = lists_text(game, carried, powers, limit);
    let lists = if lists.is_empty() { "(no lists)\n".to_string() } else { lists };
    format!("{header}\n{title}\n{}\n\n{lists}", "=".repeat(title.len()))
  };
  let all: Vec<PowerId> = game.map.power_ids().collect();
  for member in &game.members {
    let text = match (member.role, member.power) {
      (Role::Master, _) => body(&all, None),
      _ if public => body(&all, limit),
      (Role::Player, Some(power)) => body(&game.powers_of_player(power), None),
      _ => continue,
    };
    for address in member.addresses() {
      push_once(&mut announcement.mail, mail(address, &subject, &text, MailKind::Bulk));
    }
  }
  if public {
    let text = body(&all, limit);
    announcement.history.push(entry(now, phase.to_string(), HistoryKind::Broadcast, subject, text));
  }
  announcement
}

/// Payola's money mail after a processing (`game/payola.rs`): each
/// power's `Ledger` of the movement turn and `Income` at the year's end,
/// to its player alone; the Masters get every one, and the chart of who
/// paid what. Under PUBLIC_TOTALS everyone gets the `Bribe Totals`, which
/// HISTORY keeps; nothing else of the money goes into HISTORY.
fn payola_mail(
  config: &Config,
  game: &Game,
  processed: &Processed,
  header: &str,
  now: DateTime<Utc>,
) -> Announcement {
  let mut announcement = Announcement::default();
  let masters: Vec<&crate::game::Member> =
    game.members.iter().filter(|m| m.role == Role::Master).collect();
  let mut private = Vec::new();
  // To the power's player, and to the Masters unless they get it another
  // way.
  let mut send = |phase: &str, what: &str, power: Option<PowerId>, alone: bool, text: &str| {
    let subject = subject::game(&config.judge_code, &game.name, phase, what);
    let body = format!("{header}\n{text}");
    let player = power.and_then(|p| game.player_of(p));
    let masters = masters.iter().copied().filter(|_| !alone);
    for member in player.into_iter().chain(masters) {
      for address in member.addresses() {
        push_once(&mut private, mail(address, &subject, &body, MailKind::Notice));
      }
    }
  };
  if let (Some(bought), Some(first)) = (&processed.bought, processed.phases.first()) {
    let phase = first.phase.to_string();
    for (power, ledger) in &bought.ledgers {
      send(&phase, "Ledger", Some(*power), true, ledger);
    }
    // The Masters' copy: the chart, then every ledger, in one message.
    let mut all = bought.chart.clone();
    for (_, ledger) in &bought.ledgers {
      all.push('\n');
      all.push_str(ledger);
    }
    send(&phase, "Ledgers", None, false, &all);
    if let Some(totals) = &bought.totals {
      announcement.extend(to_everyone(config, game, &phase, "Bribe Totals", header, totals, now));
    }
  }
  for result in processed.phases.iter().filter(|r| !r.income.is_empty()) {
    let phase = result.phase.to_string();
    let mut all = String::new();
    for (power, report) in &result.income {
      send(&phase, "Income", Some(*power), true, report);
      if !all.is_empty() {
        all.push('\n');
      }
      all.push_str(report);
    }
    send(&phase, "Incomes", None, false, &all);
  }
  announcement.mail.extend(private);
  announcement
}

/// `Pending Orders`: to each player whose orders kept for a later phase
/// were entered (or dropped) by this processing, what became of them
/// (manual §6.3). Private: not in the history.
fn pending_orders(config: &Config, game: &Game, processed: &Processed) -> Vec<Outgoing> {
  let header = report::header(&config.judge_code, game, tz(config));
  let mut out = Vec::new();
  for item in &processed.future {
    let Some(member) = game.player_of(item.power) else { continue };
    let phase = item.phase.to_string();
    let subject = subject::game(&config.judge_code, &game.name, &phase, "Pending Orders");
    let body = format!("{header}\n{}", item.text);
    for address in member.addresses() {
      out.push(mail(address, &subject, &body, MailKind::Notice));
    }
  }
  out
}

/// The end of a game its players agreed on (manual §7.3): `Draw Declared:
/// AEF` or `Game Conceded to: F` to everyone, with the final summary, then
/// the diaries.
pub fn agreed_ending(config: &Config, game: &Game, now: DateTime<Utc>) -> Announcement {
  let crate::game::Status::Finished(ending) = &game.status else {
    return Announcement::default();
  };
  let tz = tz(config);
  let (what, outcome) = match ending {
    crate::game::Ending::Drawn(powers) => (
      format!("Draw Declared: {}", letters(game, powers)),
      format!("has been declared {}", report::ending_words(game, ending)),
    ),
    crate::game::Ending::Allied(powers) => (
      format!("Allied Victory: {}", letters(game, powers)),
      format!("has ended in {}", report::ending_words(game, ending)),
    ),
    crate::game::Ending::Conceded(power) => (
      format!("Game Conceded to: {}", letters(game, &[*power])),
      format!("has been {}", report::ending_words(game, ending)),
    ),
    _ => return Announcement::default(),
  };
  let text = format!(
    "{}\n\n{}",
    report::wrap(&format!(
      "Game '{}' {outcome}. Congratulations on a game well played.",
      game.name
    )),
    report::summary(game, game.settings.reveal, tz)
  );
  let mut announcement =
    to_members(config, game, &what, &text, None, Some(HistoryKind::Results), now);
  announcement.ledger = dedication::ended(game, now);
  announcement.extend(ended_lists(config, game, now));
  announcement.extend(diaries(config, game, now));
  announcement
}

/// The secrets of a game type when the game ends, to everyone and into
/// HISTORY: a Crystal Ball game's lists (G.4 of the DPjudge note: every
/// power's locked and open lists) and a Payola game's bribes (every
/// turn's chart). Nothing in other games, or when there is nothing.
pub fn ended_lists(config: &Config, game: &Game, now: DateTime<Utc>) -> Announcement {
  let mut announcement = Announcement::default();
  let revealed = [
    (
      game.is_crystal_ball(),
      "Crystal Ball Lists",
      crate::game::xtal::revealed as fn(&Game) -> String,
    ),
    (game.is_payola(), "Payola Bribes", crate::game::payola::revealed),
  ];
  for (played, what, text) in revealed {
    let text = if played { text(game) } else { String::new() };
    if !text.is_empty() {
      let kind = Some(HistoryKind::Broadcast);
      announcement.extend(to_members(config, game, what, &text, None, kind, now));
    }
  }
  announcement
}

/// The diaries of a game that has ended, to everyone (manual §7.4 DIARY):
/// also when its Master terminated it.
pub fn diaries(config: &Config, game: &Game, now: DateTime<Utc>) -> Announcement {
  let tz = tz(config);
  let mut text = String::new();
  for member in game.members.iter().filter(|m| !m.diary.is_empty()) {
    let who = match (member.role, member.power) {
      (Role::Player, Some(p)) => game.power_name(p).to_string(),
      (Role::Master, _) => "the Master".to_string(),
      (Role::Observer, _) => format!("an observer ({})", member.address),
      (Role::Player, None) => member.address.clone(),
    };
    for entry in &member.diary {
      text.push_str(&format!(
        "Diary of {who}, entry {} ({}):\n\n{}\n\n",
        entry.number,
        crate::game::deadline::show(entry.time, tz),
        entry.text.trim_end()
      ));
    }
  }
  if text.is_empty() {
    return Announcement::default();
  }
  to_members(config, game, "Diaries", &text, None, Some(HistoryKind::Broadcast), now)
}

/// A press message (manual §7.4) as its plan says: to each recipient with
/// the heading they may see (the Masters the truth), into the history when
/// observers can read it.
pub fn press(
  config: &Config,
  game: &Game,
  plan: &crate::game::press::Plan,
  text: &str,
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let subject = subject::game(&config.judge_code, &game.name, &phase, &plan.subject);
  let header = report::header(&config.judge_code, game, tz);
  let text = text.trim_end();
  let body = format!("{header}\n{}\n\n{text}\n", plan.heading);
  let master_body = format!("{header}\n{}\n\n{text}\n", plan.master_heading);
  let mut announcement = Announcement::default();
  for &i in &plan.recipients {
    let member = &game.members[i];
    let body = if member.role == Role::Master { &master_body } else { &body };
    for address in member.addresses() {
      // A duplex player's seats share an address: one copy is enough.
      push_once(&mut announcement.mail, mail(address, &subject, body, MailKind::Bulk));
    }
  }
  if plan.archived {
    announcement.history.push(entry(now, phase, HistoryKind::Broadcast, subject, body));
  }
  announcement
}

/// What the clock did: late notices (to the late players with `[You are
/// late!]` in front, to the others naming them unless the game is QUIET)
/// and abandonment notices. Civil disorder is told in the results.
pub fn time_events(
  config: &Config,
  game: &Game,
  events: &[TimeEvent],
  now: DateTime<Utc>,
) -> Announcement {
  let tz = tz(config);
  let mut announcement = Announcement::default();
  for event in events {
    match event {
      TimeEvent::Late { powers, .. } => announcement.extend(late(config, game, powers, now, tz)),
      TimeEvent::Abandoned(powers) => {
        let letters = letters(game, powers);
        let text = report::abandoned(game, powers, tz);
        announcement.extend(to_audience(
          config,
          game,
          &format!("Abandoned: {letters}"),
          &text,
          None,
          now,
        ));
      }
      TimeEvent::CivilDisorder(_) => {}
      TimeEvent::Preview(powers) => {
        announcement.mail.extend(civil_preview(config, game, powers, now))
      }
      TimeEvent::Paused => {
        let since = game.timing.paused.map(|t| deadline::show(t, tz)).unwrap_or_default();
        let text = format!(
          "Game '{}' is still paused (since {since}): no deadline runs and no\n\
           phase is processed until a Master sends RESUME. Press may still be sent.\n",
          game.name
        );
        announcement.extend(to_members(config, game, "Game Paused", &text, None, None, now));
      }
    }
  }
  announcement.ledger = dedication::time_events(&config.dedication, game, events, now);
  announcement
}

/// `Preview` (CIVIL_PREVIEW): grace has ended with `late` powers, and
/// the Masters alone get what processing would give now (the late units
/// holding, as PREDICT shows it); the phase waits for their PROCESS or
/// the late orders.
fn civil_preview(
  config: &Config,
  game: &Game,
  late: &[PowerId],
  now: DateTime<Utc>,
) -> Vec<Outgoing> {
  let tz = tz(config);
  let phase = game.position.phase.to_string();
  let results = report::prediction(game, now, tz);
  let names: Vec<String> = late.iter().map(|&p| game.power_name(p).to_string()).collect();
  let text = format!(
    "{}\n\n{results}",
    report::wrap(&format!(
      "The grace period of {} in game '{}' has ended with {} still late. The game \
       plays with CIVIL_PREVIEW: nothing has been processed, and nobody else sees this. \
       This is what processing would give now, their units holding. Send PROCESS to \
       process the phase so, or wait for their orders.",
      report::phase_words(game.map, game.position.phase),
      game.name,
      crate::game::press::and_list(&names)
    ))
  );
  let subject = subject::game(&config.judge_code, &game.name, &phase, "Preview");
  let body = format!("{}\n{text}", report::header(&config.judge_code, game, tz));
  let mut out = Vec::new();
  for member in game.members.iter().filter(|m| m.role == Role::Master) {
    for address in member.addresses() {
      push_once(&mut out, mail(address, &subject, &body, MailKind::Notice));
    }
  }
  out
}

/// `Ready to Process`: a MANUAL PROCESS game's phase is due, which only its
/// Masters hear (manual §8.3), with the results processing would give (the
/// DPjudge's PREVIEW mails that preview).
pub fn ready_for_master(config: &Config, game: &Game, now: DateTime<Utc>) -> Vec<Outgoing> {
  let phase = report::phase_words(game.map, game.position.phase);
  let text = report::wrap(&format!(
    "{phase} of game '{}' is ready to be processed: every order needed is in (or the \
     powers without are in civil disorder). The game is set to MANUAL PROCESS (the \
     DPjudge's PREVIEW), so it waits until a Master sends PROCESS. This is what \
     processing would give now; nobody else sees it.",
    game.name
  ));
  // The preview, as PREDICT gives it.
  let results = report::prediction(game, now, tz(config));
  to_masters(config, game, "Ready to Process", &format!("{text}\n\n{results}"), now)
}

/// A late notice: to each late player, and to everyone else.
fn late(
  config: &Config,
  game: &Game,
  powers: &[PowerId],
  now: DateTime<Utc>,
  tz: Tz,
) -> Announcement {
  let letters = letters(game, powers);
  let phase = game.position.phase.to_string();
  let header = report::header(&config.judge_code, game, tz);
  let what = format!("Late Notice: {letters}");
  let named = report::late_to_others(game, powers, tz);
  let mut announcement = if game.settings.variant.has_rule("HIDE_LATE_POWERS") {
    // HIDE_LATE_POWERS: the others are told only that someone is late;
    // the Masters who, and the history nothing.
    let unnamed = report::late_unnamed(game);
    let mut told = to_audience(config, game, "Late Notice", &unnamed, None, now);
    let masters = master_addresses(game);
    told.mail.retain(|m| !masters.contains(&m.to.to_lowercase()));
    told.history.clear();
    told.mail.extend(to_masters(config, game, &what, &named, now));
    told
  } else {
    to_audience(config, game, &what, &named, None, now)
  };
  let late_subject =
    format!("[You are late!] {}", subject::game(&config.judge_code, &game.name, &phase, &what));
  for &power in powers {
    let Some(member) = game.player_of(power) else { continue };
    let body = format!("{header}\n{}", report::late_to_player(game, power, tz));
    let addresses: Vec<String> = member.addresses().map(str::to_lowercase).collect();
    announcement.mail.retain(|m| !addresses.contains(&m.to.to_lowercase()));
    for address in member.addresses() {
      announcement.mail.push(mail(address, &late_subject, &body, MailKind::Notice));
    }
  }
  announcement
}

/// A notice about lateness or abandonment to the members of a game and
/// its history (leaving out member `except`, who is answered directly);
/// in a QUIET or running blind game, only the Masters hear of it.
pub fn to_audience(
  config: &Config,
  game: &Game,
  what: &str,
  text: &str,
  except: Option<usize>,
  now: DateTime<Utc>,
) -> Announcement {
  let mut announcement =
    to_members(config, game, what, text, except, Some(HistoryKind::Notice), now);
  // A blind game names no late power to the others (the DPjudge's
  // HIDE_LATE_POWERS, which BLIND implies): who is late tells who is alive.
  if game.settings.quiet || game.hides() {
    keep_masters(game, &mut announcement.mail);
    announcement.history.clear();
  }
  announcement
}

/// Mail to the Masters of a game only, kept out of its history.
pub fn to_masters(
  config: &Config,
  game: &Game,
  what: &str,
  text: &str,
  now: DateTime<Utc>,
) -> Vec<Outgoing> {
  let mut mail = to_members(config, game, what, text, None, None, now).mail;
  keep_masters(game, &mut mail);
  mail
}

/// Keeps the mail to the game's Masters only; a notice to its Masters is
/// no longer mail to the whole game, so it is not marked bulk.
fn keep_masters(game: &Game, mail: &mut Vec<Outgoing>) {
  let masters = master_addresses(game);
  mail.retain(|m| masters.contains(&m.to.to_lowercase()));
  for m in mail.iter_mut() {
    m.kind = MailKind::Notice;
  }
}

/// The keeper's notice that game `name` cannot be read: `intro` says who
/// met it, `detail` what is wrong, `after` what happens now. The caller
/// sends it once per game (`Games::note_damaged`).
pub fn damaged_game(
  config: &Config,
  name: &str,
  intro: &str,
  detail: &str,
  after: &str,
) -> Outgoing {
  Outgoing {
    to: config.keeper_address.clone(),
    subject: format!("{} Damaged game: {name}", config.judge_code),
    body: format!("{intro}:\n\n{detail}\n\n{after}"),
    in_reply_to: None,
    references: Vec::new(),
    kind: MailKind::Notice,
    attachments: Vec::new(),
  }
}

/// Every address of the game's Masters, lower case.
fn master_addresses(game: &Game) -> Vec<String> {
  game
    .members
    .iter()
    .filter(|m| m.role == Role::Master)
    .flat_map(|m| m.addresses().map(str::to_lowercase).collect::<Vec<_>>())
    .collect()
}

pub use crate::game::report::ANONYMOUS;

/// In the copies of a notice that go to the game's Masters, shows the
/// sender's real address where the others read [`ANONYMOUS`]: the Masters
/// of a gunboat game know who plays (as njudge's did).
pub fn reveal_to_masters(game: &Game, mail: &mut [Outgoing], sender: &str) {
  let masters = master_addresses(game);
  for m in mail.iter_mut().filter(|m| masters.contains(&m.to.to_lowercase())) {
    m.body = m.body.replace(ANONYMOUS, sender);
  }
}

/// `FG`: the initials of some powers, as njudge's subjects give them.
fn letters(game: &Game, powers: &[PowerId]) -> String {
  powers.iter().map(|&p| game.map.power(p).initial).collect()
}

fn tz(config: &Config) -> Tz {
  config.tz().unwrap_or(crate::zone::UTC)
}

/// Adds `message` unless the same text already goes to the same address:
/// a player of several powers (a duplex game) has a seat for each, and
/// gets a notice or the results once.
fn push_once(mail: &mut Vec<Outgoing>, message: Outgoing) {
  let same = |m: &Outgoing| {
    m.to.eq_ignore_ascii_case(&message.to) && m.subject == message.subject && m.body == message.body
  };
  if !mail.iter().any(same) {
    mail.push(message);
  }
}

/// One message of an announcement: `Bulk` when the same news goes to every
/// member of the game (results, press, notices to all), `Notice` when it is
/// for one person (a late notice to the late player, pending orders).
fn mail(to: &str, subject: &str, body: &str, kind: MailKind) -> Outgoing {
  Outgoing {
    to: to.to_string(),
    subject: subject.to_string(),
    body: body.to_string(),
    in_reply_to: None,
    references: Vec::new(),
    kind,
    attachments: Vec::new(),
  }
}

fn entry(
  now: DateTime<Utc>,
  phase: String,
  kind: HistoryKind,
  subject: String,
  body: String,
) -> HistoryEntry {
  HistoryEntry { number: 0, time: now, phase, kind, subject, body, board: None, views: Vec::new() }
}
