//! The pages' HTML, written with `maud` (which escapes every value it is
//! given). No script and no inline style: the content-security policy
//! allows neither, and a page works in any browser as it is.

use maud::{html, Markup, DOCTYPE};

use crate::store::games::IndexEntry;
use crate::view::GameRow;

/// The one style sheet, served at `/static/judge.css`.
pub const STYLE: &str = "\
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 0.5rem 1rem; line-height: 1.4; }
pre { overflow-x: auto; font-size: 0.9rem; }
img.board { max-width: 100%; height: auto; border: 1px solid #999; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.3rem 0.8rem 0.3rem 0; vertical-align: top; }
a { padding: 0.2rem 0; }
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
      }
      body {
        nav { a href="/" { "All games" } }
        main { (main) }
      }
    }
  }
  .into_string()
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
pub fn game(name: &str, listing: &str, judge: &str, joining: &[(&str, String)]) -> String {
  page(
    &format!("Game {name}"),
    html! {
      h1 { "Game " (name) }
      img class="board" src={ "/games/" (name) "/pictures/current.svg" }
        alt={ "The board of game " (name) " as it stands now" };
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

/// A page saying what was wrong.
pub fn problem(title: &str, text: &str) -> String {
  page(title, html! { h1 { (title) } p { (text) } })
}
