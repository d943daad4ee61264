//! The pages' HTML, written with `maud` (which escapes every value it is
//! given). No script and no inline style: the content-security policy
//! allows neither, and a page works in any browser as it is.

use maud::{html, Markup, DOCTYPE};

use crate::game::Game;
use crate::store::games::IndexEntry;
use crate::view::{GameRow, ResultPhase};

/// The one style sheet, served at `/static/judge.css`.
pub const STYLE: &str = "\
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0.5rem 1rem; line-height: 1.4; }
pre { overflow-x: auto; font-size: 0.9rem; }
img.board { max-width: 100%; height: auto; border: 1px solid #999; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.3rem 0.8rem 0.3rem 0; vertical-align: top; }
a { padding: 0.2rem 0; }
label { display: block; margin: 0.6rem 0 0.2rem; }
input, select, textarea, button { font: inherit; min-height: 44px; box-sizing: border-box; }
textarea { width: 100%; min-height: 8rem; font-family: ui-monospace, monospace; }
fieldset { border: 1px solid #999; margin: 0.6rem 0; min-width: 0; }
select { width: 100%; }
label.check { display: flex; align-items: center; gap: 0.5rem; }
label.check input { min-width: 44px; }
button { padding: 0.4rem 1.2rem; margin: 0.6rem 0; }
.reply { border-left: 4px solid #36c; padding-left: 0.8rem; }
svg.board { width: 100%; height: auto; border: 1px solid #999; cursor: pointer; }
#map-choices button { display: block; width: 100%; text-align: left; margin: 0.3rem 0; }
nav.steps { display: flex; justify-content: space-between; gap: 1rem; }
nav.steps a { min-height: 44px; display: inline-flex; align-items: center; }
section.phase { break-inside: avoid; page-break-inside: avoid; margin-bottom: 2rem; }
@media print { nav, form { display: none; } }
";

/// A whole page: `title`, then `main`.
fn page(title: &str, main: Markup) -> String {
  html! {
    (DOCTYPE)
    html lang="en" {
      head {
        meta charset="utf-8";
        meta name="viewport" content="width=device-width, initial-scale=1";
        title { (title) }
        link rel="stylesheet" href="/static/judge.css";
        script src="/static/judge.js" defer {}
      }
      body {
        nav { a href="/" { "All games" } " · " a href="/me" { "My games" } }
        main { (main) }
      }
    }
  }
  .into_string()
}

/// When orders are due, as the judge shows it, in a `<time>` the script
/// adds the viewer's own clock to.
pub struct Deadline {
  pub phase: String,
  /// RFC 3339, for the browser.
  pub at: String,
  /// In the judge's zone, as the mail says it.
  pub shown: String,
}

fn deadline_line(deadline: Option<&Deadline>) -> Markup {
  html! {
    @if let Some(d) = deadline {
      p class="deadline" {
        "Orders for " (d.phase) " are due " time datetime=(d.at) { (d.shown) } "."
      }
    }
  }
}

/// The list of games a stranger may see, as LIST gives it.
pub fn index(judge_code: &str, games: &[IndexEntry]) -> String {
  let rows: Vec<GameRow> = games.iter().map(GameRow::of).collect();
  page(
    &format!("Games on judge {judge_code}"),
    html! {
      h1 { "Games on judge " (judge_code) }
      @if rows.is_empty() {
        p { "There are no public games on this judge yet." }
      } @else {
        table {
          thead { tr { th { "Name" } th { "Phase" } th { "Variant and settings" } } }
          tbody {
            @for row in &rows {
              tr {
                td { a href={ "/games/" (row.name) } { (row.name) } }
                td { (row.phase) }
                td {
                  (row.settings) "."
                  @for note in &row.notes { br; (note) }
                }
              }
            }
          }
        }
      }
    },
  )
}

/// A game's page: what LIST of it tells a stranger, its board now, and
/// the mail to send to play or watch it (`joining`: what for, the line;
/// `judge`: the judge's address).
pub fn game(
  name: &str,
  listing: &str,
  judge: &str,
  joining: &[(&str, String)],
  deadline: Option<&Deadline>,
) -> String {
  page(
    &format!("Game {name}"),
    html! {
      h1 { "Game " (name) }
      (deadline_line(deadline))
      img class="board" src={ "/games/" (name) "/pictures/current.svg" }
        alt={ "The board of game " (name) " as it stands now" };
      p {
        a href={ "/games/" (name) "/history" } { "History, with the board of every phase" }
        " · " a href={ "/games/" (name) "/summary" } { "Summary" }
        " · " a href={ "/games/" (name) "/feed.atom" } { "Results feed (Atom)" }
        " · " a href={ "/games/" (name) "/deadlines.ics" } { "Deadline (calendar)" }
        " · " a href={ "/games/" (name) "/login" } { "Sign in to your seat" }
      }
      @if !joining.is_empty() {
        h2 { "Play or watch by mail" }
        p { "Mail " (judge) " this line, with a password of your own in place of " code { "password" } ":" }
        ul {
          @for (what, line) in joining {
            li {
              "To " (what) ": " code { (line) } " ("
              a href=(mailto(judge, name, line)) { "write it" }
              ")"
            }
          }
        }
      }
      pre { (listing) }
    },
  )
}

/// A `mailto:` link that opens a message to the judge holding `line`.
fn mailto(judge: &str, game: &str, line: &str) -> String {
  use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
  let encode = |text: &str| utf8_percent_encode(text, NON_ALPHANUMERIC).to_string();
  format!("mailto:{judge}?subject={}&body={}", encode(game), encode(line))
}

/// SUMMARY, and its centre chart when there is one.
pub fn summary(name: &str, text: &str, charted: bool) -> String {
  page(
    &format!("Summary of game {name}"),
    html! {
      h1 { "Summary of game " a href={ "/games/" (name) } { (name) } }
      @if charted {
        img class="board" src={ "/games/" (name) "/summary.svg" }
          alt={ "Supply centres held by each power, year by year, in game " (name) };
      }
      pre { (text) }
    },
  )
}

/// The history: each phase's results under its picture; with `step`
/// (the phases before and after), one phase and a stepper.
pub fn history(
  name: &str,
  phases: &[&ResultPhase],
  step: Option<(Option<String>, Option<String>)>,
) -> String {
  let stepper = |step: &(Option<String>, Option<String>)| {
    html! {
      nav class="steps" aria-label="Phases" {
        @if let Some(before) = &step.0 {
          a href={ "/games/" (name) "/history?phase=" (before) } rel="prev" { "← " (before) }
        } @else { span {} }
        a href={ "/games/" (name) "/history" } { "Every phase" }
        @if let Some(after) = &step.1 {
          a href={ "/games/" (name) "/history?phase=" (after) } rel="next" { (after) " →" }
        } @else { span {} }
      }
    }
  };
  page(
    &format!("History of game {name}"),
    html! {
      h1 { "History of game " a href={ "/games/" (name) } { (name) } }
      @if let Some(step) = &step { (stepper(step)) }
      @if phases.is_empty() {
        p { "No phase of this game has been processed yet." }
      }
      @for phase in phases {
        section class="phase" id=(phase.phase) {
          h2 {
            @if step.is_none() {
              a href={ "/games/" (name) "/history?phase=" (phase.phase) } { (phase.subject) }
            } @else { (phase.subject) }
          }
          @if phase.pictured {
            img class="board" src={ "/games/" (name) "/pictures/" (phase.phase) ".svg" }
              alt={ "The board of game " (name) " in " (phase.phase) ", with its orders and what became of them" };
          }
          pre { (phase.text) }
        }
      }
      @if let Some(step) = &step { (stepper(step)) }
    },
  )
}

/// The sign-in form of `game`, with the judge's answer to a failed try.
pub fn sign_in(game: &Game, problem: Option<&str>) -> String {
  let name = &game.name;
  let powers: Vec<&str> = game.map.playable_powers().map(|p| game.power_name(p)).collect();
  page(
    &format!("Sign in to game {name}"),
    html! {
      h1 { "Sign in to game " a href={ "/games/" (name) } { (name) } }
      @if let Some(problem) = problem {
        div class="reply" role="alert" { pre { (problem) } }
      }
      form method="post" action={ "/games/" (name) "/login" } {
        label for="power" { "Your power" }
        select id="power" name="power" {
          @for power in &powers { option value=(power) { (power) } }
          option value="master" { "Master" }
        }
        label for="password" { "Your password for this game" }
        input id="password" name="password" type="password" autocomplete="current-password" required;
        button type="submit" { "Sign in" }
      }
      p {
        "This is the password you chose when you joined the game by mail. "
        "Wrong passwords count toward the judge's brake, by mail and here alike."
      }
    },
  )
}

/// What a seat's page shows.
pub struct SeatView<'a> {
  pub game: &'a str,
  /// The `:: Judge:` and `:: Deadline:` lines.
  pub header: &'a str,
  /// "France", "the Master".
  pub who: &'a str,
  /// The orders as they stand, as a reply lists them.
  pub orders: &'a str,
  /// How long until the deadline, as a reply ends.
  pub deadline: &'a str,
  /// The deadline itself.
  pub due: Option<&'a Deadline>,
  pub wait: bool,
  pub csrf: &'a str,
  /// The phase the form is for.
  pub phase: &'a str,
  /// This form's own token: sent twice, it is carried out once.
  pub form: &'a str,
  /// The judge's reply to what was just entered.
  pub reply: Option<&'a str>,
  /// Orders to leave in the box.
  pub kept: &'a str,
  /// The orders each unit could be given, for the pull-downs.
  pub choices: &'a [crate::game::choices::UnitChoices],
}

/// A seat's page.
pub fn seat(view: &SeatView<'_>) -> String {
  let name = view.game;
  page(
    &format!("{} in game {name}", view.who),
    html! {
      h1 { (view.who) " in game " a href={ "/games/" (name) } { (name) } }
      @if let Some(reply) = view.reply {
        section class="reply" aria-labelledby="reply" {
          h2 id="reply" { "The judge's reply" }
          pre { (reply) }
        }
      }
      (deadline_line(view.due))
      pre { (view.header) }
      img class="board" src={ "/games/" (name) "/pictures/current.svg" }
        data-targets={ "/games/" (name) "/pictures/current.svg?targets=1" }
        alt={ "The board of game " (name) " as it stands now" };
      @if !view.choices.is_empty() {
        p id="map-status" aria-live="polite" {}
        div id="map-choices" {}
      }
      @if !view.orders.is_empty() {
        h2 { "Your orders as they stand" }
        pre { (view.orders) }
      }
      @if !view.deadline.is_empty() { p { (view.deadline) } }
      form method="post" action={ "/games/" (name) "/orders" } {
        @if !view.choices.is_empty() {
          fieldset {
            legend { "Choose an order for a unit" }
            @for (n, unit) in view.choices.iter().enumerate() {
              label for={ "pick" (n) } { (unit.subject) }
              select id={ "pick" (n) } name="pick" data-province=(unit.province) {
                option value="" { "(no change)" }
                @for choice in &unit.orders { option value=(choice.order) { (choice.text) } }
              }
            }
          }
        }
        label for="orders" { "Orders and commands, one a line, as you would mail them" }
        textarea id="orders" name="orders" rows="8" spellcheck="false" autocapitalize="off" { (view.kept) }
        label class="check" for="wait" {
          input id="wait" name="wait" type="checkbox" checked[view.wait];
          "Wait for the deadline even when every order is in (SET WAIT)"
        }
        input type="hidden" name="csrf" value=(view.csrf);
        input type="hidden" name="phase" value=(view.phase);
        input type="hidden" name="form" value=(view.form);
        button type="submit" { "Send to the judge" }
      }
      @if !view.orders.is_empty() {
        p { a href={ "/games/" (name) "/preview" } { "Preview: this phase with your orders, every other unit holding" } }
      }
      form method="post" action={ "/games/" (name) "/logout" } {
        input type="hidden" name="csrf" value=(view.csrf);
        button type="submit" { "Sign out" }
      }
    },
  )
}

/// "My games": the seats this browser is signed in to.
pub fn my_games(rows: &[crate::web::seat::MyGame]) -> String {
  page(
    "My games",
    html! {
      h1 { "My games" }
      @if rows.is_empty() {
        p {
          "This browser is not signed in to any seat. Open a game from "
          a href="/" { "the list of games" } " and sign in there."
        }
      } @else {
        table {
          thead { tr { th { "Game" } th { "Seat" } th { "Phase" } th { "Deadline" } th { "Orders" } } }
          tbody {
            @for row in rows {
              tr {
                td { a href={ "/games/" (row.game) "/me" } { (row.game) } }
                td { (row.who) }
                td { (row.phase) }
                td { (row.deadline_shown) }
                td { @if row.needs_orders { strong { "Needed" } } @else { "In" } }
              }
            }
          }
        }
      }
    },
  )
}

/// The preview of a seat's orders: the picture and the results.
pub fn preview(name: &str, results: &str) -> String {
  page(
    &format!("Preview in game {name}"),
    html! {
      h1 { "Preview in game " a href={ "/games/" (name) "/me" } { (name) } }
      p {
        "What this phase would come to with your orders as they stand and every other unit "
        "holding. Nothing was entered or changed; the other powers' orders are not shown "
        "because they are not known."
      }
      img class="board" src={ "/games/" (name) "/preview.svg" }
        alt="The board with your orders, every other unit holding, and what became of them";
      pre { (results) }
      p { a href={ "/games/" (name) "/me" } { "Back to your orders" } }
    },
  )
}

/// A seat's page asked for without a sign-in.
pub fn not_signed_in(name: &str) -> String {
  page(
    "Not signed in",
    html! {
      h1 { "Not signed in" }
      p {
        "This page belongs to a seat in game " (name) ", and this browser is not signed in to it. "
        a href={ "/games/" (name) "/login" } { "Sign in" } " with your power and password."
      }
    },
  )
}

/// A sign-in whose seat has a new password or a new player.
pub fn sign_in_ended(name: &str) -> String {
  page(
    "Sign-in ended",
    html! {
      h1 { "Sign-in ended" }
      p {
        "Your sign-in to game " (name) " has ended: the seat's password was changed, "
        "or it has another player now. Nothing was done. "
        a href={ "/games/" (name) "/login" } { "Sign in again" } "."
      }
    },
  )
}

/// A page saying what was wrong.
pub fn problem(title: &str, text: &str) -> String {
  page(title, html! { h1 { (title) } p { (text) } })
}
