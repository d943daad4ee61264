//! A played year of the standard game (issue 14 §2), mailed by the judge
//! and compared line by line with golden transcripts in
//! `tests/transcripts/` (one per phase, LIST at Fall 1901 movement, and
//! HISTORY of the year), which were checked against njudge 1.7's layouts:
//! the hobby's tools parse them (`/work/shared/notes/njudge-output-layouts.md`).
//! After a deliberate change, rewrite the golden files with
//! `JUDGE_BLESS=1 cargo test --test njudge_transcript` and read the diff.
//!
//! Checked against njudge's source (`jonmarkgo/njudge`, formats only):
//! - `st_movement.c`: `Movement results for Spring of 1901. (year.001)`
//!   (one space), a blank line before each power's orders, the name
//!   unpadded (`Austria: Army Vienna -> Tyrolia.`), `SUPPORT French Army
//!   Burgundy -> Munich.` (the owner's adjective for another power's unit), `CONVOY Army Yorkshire ->
//!   Norway.`, `Army Yorkshire -> North Sea -> Norway.`, ` (*bounce*)`,
//!   ` (*cut*)`, ` (*dislodged*)` after one space; two blank lines, then
//!   `The following units were dislodged:`, a blank line and `The German
//!   Army in Munich can retreat to Bohemia or Ruhr.`
//! - `st_retreat.c`: `Retreat results for Fall of 1901.  (year.003)` (two
//!   spaces), the power's name padded to column 26 (its `LPOWER`),
//!   `Army  Munich -> Ruhr.` (`%-5s`), `Fleet Rumania DISBAND.`, no blank
//!   line between powers.
//! - `st_porder.c`: `Ownership of supply centers:`, names from column 11
//!   broken only after a comma, `Unowned:` last; `Austria:   3 Supply
//!   centers,  3 Units:  Builds   0 units.` (a singular keeps the plural's
//!   width).
//! - `st_build.c`: `Adjustment results for Winter of 1901.  (year.004)`,
//!   the name padded to column 26, `Builds an army in Paris.`, `Builds a
//!   fleet in St Petersburg (south coast).`, `Removes the army in Ruhr.`,
//!   `Build waived.`, no blank line between powers.
//! - `st_status.c` (LIST): `Status of the Movement phase for Fall of
//!   1901.  (year.002)` (two spaces), the units power by power with the
//!   name padded to the longest and a space, then the ownership block as
//!   above.
//! - `history.c`, `lib.c` (`archive()`), `jm.c` (`ptime`): `History
//!   information for game 'year' from <ptime>` / `through <ptime>:`, each
//!   message under `Date:    <ctime> (<epoch>)` / `Subject: …` / a blank
//!   line without its `::` lines, a blank line after each, and one more
//!   before `---- History terminated due to end of information.`
//!
//! Deliberate differences left (no tool found that trips on them):
//! - Prose lines over 78 columns are broken between words (retreat lists
//!   continue indented by 2), where njudge starts retreat continuations at
//!   column 0. An order line is never broken (jDip fails on a split one),
//!   however long: the year holds one of 95 columns.
//! - Each mail opens with the judge's `::` lines, which name the game and
//!   the variant (njudge's mail does too; HISTORY's reply included, since
//!   jDip refuses a history without them); HISTORY's archived messages drop
//!   them, as njudge's archive does.
//!
//! Every line but an order or `::` line is at most 78 characters, and every
//! line is plain ASCII (asserted).

use crate::judge_support;

use crate::game_support;

use crate::year;

use std::path::PathBuf;

use game_support::{FAST, MASTER};
use judge_support::{Judge, Sent};
use year::GAME;

/// The Master's copy of the results whose subject ends `<phase> Results`.
fn results(judge: &Judge, phase: &str) -> String {
  let mail = judge.take_mail();
  let subject = format!("XXXX:{GAME} - {phase} Results");
  let found: Vec<&Sent> = mail.iter().filter(|m| m.to == MASTER && m.subject == subject).collect();
  let sent: Vec<(&String, &String)> = mail.iter().map(|m| (&m.subject, &m.body)).collect();
  assert_eq!(found.len(), 1, "one '{subject}' to the Master: {sent:#?}");
  found[0].body.clone()
}

/// The golden file `name`, compared line by line with `actual` (or
/// rewritten with it under `JUDGE_BLESS=1`).
#[track_caller]
fn compare(name: &str, actual: &str) {
  for (i, line) in actual.lines().enumerate() {
    // Prose wraps at 78; an order line (`France: Fleet …`) or a `::` line
    // is one line however long, as njudge writes it.
    let power_line = line.split_once(": ").is_some_and(|(power, _)| {
      power.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && power.chars().all(|c| c.is_ascii_alphabetic())
    });
    let whole = power_line || line.starts_with(":: ");
    assert!(whole || line.chars().count() <= 78, "{name}:{}: over 78 characters: '{line}'", i + 1);
    assert!(line.is_ascii(), "{name}:{}: not plain ASCII: '{line}'", i + 1);
  }
  let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts").join(name);
  if std::env::var_os("JUDGE_BLESS").is_some() {
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the transcripts folder");
    std::fs::write(&path, actual).expect("a golden file written");
    return;
  }
  let golden = std::fs::read_to_string(&path)
    .unwrap_or_else(|e| panic!("{}: {e} (JUDGE_BLESS=1 writes it)", path.display()));
  let want: Vec<&str> = golden.lines().collect();
  let got: Vec<&str> = actual.lines().collect();
  for i in 0..want.len().max(got.len()) {
    let (w, g) = (want.get(i), got.get(i));
    assert!(
      w == g,
      "{name}:{}: the transcript differs\n  golden: {w:?}\n  mailed: {g:?}\n\nmailed:\n{actual}",
      i + 1
    );
  }
}

#[test]
fn a_played_year_reads_as_njudges_transcripts() {
  let judge = Judge::with_config(FAST);
  year::play(&judge, |table, phase| {
    let golden = match phase {
      "S1901M" => "s1901m-results.txt",
      "F1901M" => "f1901m-results.txt",
      "F1901R" => "f1901r-results.txt",
      "F1901B" => "w1901a-results.txt",
      other => panic!("not a phase of the year: {other}"),
    };
    compare(golden, &results(&judge, phase));
    if phase == "S1901M" {
      compare("list-f1901m.txt", &table.listing(year::SPRING));
    }
  });
  compare("history-1901.txt", &year::history(&judge));
}
