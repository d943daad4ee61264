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
//! - Lines over 78 columns are broken between words (continuations of
//!   orders under the order, of retreat lists indented by 2), where njudge
//!   leaves orders long and starts retreat continuations at column 0: the
//!   mail stays plain 7-bit text.
//! - Each mail opens with the judge's `::` lines (njudge's mail does too);
//!   HISTORY drops them, as njudge's archive does.
//!
//! Every line is at most 78 characters and plain ASCII (asserted).

#[path = "support/judge.rs"]
mod judge_support;

#[path = "support/game.rs"]
mod game_support;

use std::path::PathBuf;

use game_support::{Table, FAST, MASTER, POWERS};
use judge_support::{subjects, Judge, Sent};

/// When the game starts.
const START: &str = "2026-03-02T10:00:00Z";
/// When each phase's orders go in (the last one processes it).
const SPRING: &str = "2026-03-02T11:00:00Z";
const FALL: &str = "2026-03-02T12:00:00Z";
const RETREAT: &str = "2026-03-02T13:00:00Z";
const WINTER: &str = "2026-03-02T14:00:00Z";
/// When HISTORY is asked for.
const ASKED: &str = "2026-03-03T09:00:00Z";

const STRANGER: &str = "stranger@players.test";

/// The game's name.
const GAME: &str = "year";

/// Spring 1901: a bounce (Venice into Trieste) and moves that set up
/// Fall's convoy and attacks.
fn spring(power: &str) -> &'static str {
  match power {
    "Austria" => "A Vie-Tyr\nA Bud H\nF Tri H\n",
    "England" => "F Lon-Nth\nF Edi-Nwg\nA Lvp-Yor\n",
    "France" => "A Par-Bur\nF Bre H\nA Mar H\n",
    "Germany" => "F Kie H\nA Ber H\nA Mun H\n",
    "Italy" => "A Ven-Tri\nA Rom H\nF Nap H\n",
    "Russia" => "A War-Sil\nA Mos-Ukr\nF Sev-Rum\nF Stp/sc-Bot\n",
    "Turkey" => "A Con-Bul\nF Ank-Bla\nA Smy-Con\n",
    other => panic!("not a power: {other}"),
  }
}

/// Fall 1901: England convoys to Norway, France takes Munich with
/// Austrian support (dislodging the German army, whose support from Berlin
/// Russia cuts), Turkey takes Rumania with support (dislodging the Russian
/// fleet), Russia takes Sweden.
fn fall(power: &str) -> &'static str {
  match power {
    "Austria" => "A Tyr S A Bur-Mun\nA Bud H\nF Tri H\n",
    "England" => "F Nth C A Yor-Nwy\nA Yor-Nth-Nwy\nF Nwg H\n",
    "France" => "A Bur-Mun\nF Bre H\nA Mar H\n",
    "Germany" => "F Kie H\nA Ber S A Mun\nA Mun H\n",
    "Italy" => "A Ven H\nA Rom H\nF Nap H\n",
    "Russia" => "F Bot-Swe\nA Sil-Ber\nA Ukr H\nF Rum H\n",
    "Turkey" => "A Bul-Rum\nF Bla S A Bul-Rum\nA Con-Bul\n",
    other => panic!("not a power: {other}"),
  }
}

/// The Fall retreats: Germany retreats, Russia disbands.
const RETREATS: [(&str, &str); 2] = [("Germany", "A Mun-Ruh\n"), ("Russia", "F Rum DISBAND\n")];

/// Winter 1901: builds (an army, fleets, one on a coast), a removal (Germany
/// lost Munich) and a waive (Russia builds one of two).
const ADJUSTMENTS: [(&str, &str); 5] = [
  ("England", "BUILD F Edi\n"),
  ("France", "BUILD A Par\n"),
  ("Germany", "REMOVE A Ruh\n"),
  ("Russia", "BUILD F Stp/sc\nWAIVE\n"),
  ("Turkey", "BUILD A Smy\nBUILD F Ank\n"),
];

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
    assert!(line.chars().count() <= 78, "{name}:{}: over 78 characters: '{line}'", i + 1);
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
  let table = Table::start(&judge, GAME, START);

  for (power, _) in POWERS {
    table.send(power, SPRING, spring(power));
  }
  compare("s1901m-results.txt", &results(&judge, "S1901M"));

  compare("list-f1901m.txt", &table.listing(SPRING));

  for (power, _) in POWERS {
    table.send(power, FALL, fall(power));
  }
  compare("f1901m-results.txt", &results(&judge, "F1901M"));

  for (power, orders) in RETREATS {
    table.send(power, RETREAT, orders);
  }
  compare("f1901r-results.txt", &results(&judge, "F1901R"));

  for (power, orders) in ADJUSTMENTS {
    table.send(power, WINTER, orders);
  }
  compare("w1901a-results.txt", &results(&judge, "F1901B"));

  judge.send_at(ASKED, STRANGER, "history", &format!("HISTORY {GAME} FROM Jan 1 2000\n"));
  let mail = judge.take_mail();
  let reply = mail
    .iter()
    .find(|m| m.to == STRANGER && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("a reply to HISTORY: {:#?}", subjects(&mail)));
  compare("history-1901.txt", &reply.body);
}
