//! Games driven by mail for the tests: registered players, a game created
//! and filled, orders mailed by each power, and the board read back from
//! LIST, the way a player would check it. Needs `judge_support` beside it
//! in the test crate.

#![allow(dead_code)]

use std::collections::BTreeSet;

use crate::judge_support::{subjects, Judge, Run, Sent, NOW};

/// When the games of the tests by mail start: Monday 2 March 2026 at
/// 10:00 UTC, before the judge's fixed `NOW`. With the manual's movement
/// settings (clock 23:30, next 71 hours, grace 167 hours, days -MTWTF-)
/// a game started then has its first deadline on Thursday 5 March at
/// 23:30.
pub const START: &str = "2026-03-02T10:00:00Z";

/// A `judge.toml` whose phases process as soon as the orders are in (no
/// `min` hours since the last phase, no `delay`), so a test need not move
/// the clock for every phase.
pub const FAST: &str =
  "[move]\nmin = 0.0\ndelay = 0.0\n[retreat]\ndelay = 0.0\n[adjust]\ndelay = 0.0\n";

/// The standard powers with their initials.
pub const POWERS: [(&str, char); 7] = [
  ("Austria", 'A'),
  ("England", 'E'),
  ("France", 'F'),
  ("Germany", 'G'),
  ("Italy", 'I'),
  ("Russia", 'R'),
  ("Turkey", 'T'),
];

/// The Master's address in [`Table`] games.
pub const MASTER: &str = "master@players.test";

/// The address of the player of a power (`france@players.test`).
pub fn player(power: &str) -> String {
  format!("{}@players.test", power.to_lowercase())
}

/// The password of the player of a power.
pub fn password(power: &str) -> String {
  format!("pw{}", power.to_lowercase())
}

/// The initial of a power.
pub fn initial(power: &str) -> char {
  POWERS.iter().find(|(p, _)| p.eq_ignore_ascii_case(power)).map(|(_, i)| *i).expect("a power")
}

/// Orders holding every unit of a power in the opening position.
pub fn holds(power: &str) -> &'static str {
  match power {
    "Austria" => "A Vie H\nA Bud H\nF Tri H\n",
    "England" => "F Lon H\nF Edi H\nA Lvp H\n",
    "France" => "F Bre H\nA Par H\nA Mar H\n",
    "Germany" => "F Kie H\nA Ber H\nA Mun H\n",
    "Italy" => "F Nap H\nA Rom H\nA Ven H\n",
    "Russia" => "A Mos H\nF Sev H\nF Stp/sc H\nA War H\n",
    "Turkey" => "F Ank H\nA Con H\nA Smy H\n",
    other => panic!("not a power: {other}"),
  }
}

/// The address of the n-th player of tests that number their players.
pub fn seat(n: usize) -> String {
  format!("p{n}@players.test")
}

/// A judge whose phases process as soon as the orders are in, with the
/// Master and players 1 to `players` ([`seat`]) registered; the mail so
/// far is taken.
pub fn judge_with(players: usize) -> Judge {
  let judge = Judge::with_config(FAST);
  register(&judge, NOW, MASTER);
  for n in 1..=players {
    register(&judge, NOW, &seat(n));
  }
  judge.take_mail();
  judge
}

/// The reply to `to` among `mail`.
pub fn reply<'m>(mail: &'m [Sent], to: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.starts_with("Re:"))
    .unwrap_or_else(|| panic!("no reply to {to} in {:#?}", subjects(mail)))
}

/// Every mail among `mail` starts with `header`, its game's `::` line
/// (which names the variant and the game type).
pub fn assert_headers(mail: &[Sent], header: &str) {
  for m in mail {
    assert!(m.body.starts_with(header), "{}: {}\n{}", m.to, m.subject, m.body);
  }
}

/// The mail to `to` whose subject ends with `what`, among `mail`.
pub fn mail_ending<'m>(mail: &'m [Sent], to: &str, what: &str) -> &'m Sent {
  mail
    .iter()
    .find(|m| m.to == to && m.subject.ends_with(what))
    .unwrap_or_else(|| panic!("no '{what}' to {to} in {:#?}", subjects(mail)))
}

/// Registers `address` on the judge (REGISTER with every field the house
/// rules require).
pub fn register(judge: &Judge, now: &str, address: &str) {
  let local = address.split('@').next().unwrap_or("x");
  let body = format!(
    "REGISTER\nName: {local} Tester\nAddress: 1 Test Road\nCountry: Testland\n\
     Email: {address}\nLevel: Novice\nEND\n"
  );
  judge.send_at(now, address, "register", &body);
}

/// A standard game created by [`MASTER`] and filled by the seven players,
/// each of whom asked for a different power first.
pub struct Table<'j> {
  pub judge: &'j Judge,
  pub game: String,
}

impl<'j> Table<'j> {
  /// Registers everyone, creates `game` with a Master and signs on all
  /// seven players; the mail so far is taken.
  pub fn start(judge: &'j Judge, game: &str, now: &str) -> Table<'j> {
    register(judge, now, MASTER);
    for (power, _) in POWERS {
      register(judge, now, &player(power));
    }
    Table::start_registered(judge, game, now)
  }

  /// Like [`Table::start`], on a judge where the Master and the players
  /// are registered already (for a second game).
  pub fn start_registered(judge: &'j Judge, game: &str, now: &str) -> Table<'j> {
    judge.send_at(now, MASTER, "create", &format!("CREATE ?{game} masterpw\nBECOME MASTER\n"));
    for (power, letter) in POWERS {
      let body = format!("SIGN ON ?{game} {}\nSET PREFERENCE {letter}\n", password(power));
      judge.send_at(now, &player(power), "join", &body);
    }
    let mail = judge.take_mail();
    assert!(
      mail.iter().any(|m| m.subject.ends_with("Game Starting")),
      "the game did not start: {mail:#?}"
    );
    Table { judge, game: game.to_string() }
  }

  /// A standard game whose Master gives `settings` right after creating
  /// it, filled by the seven players (each asking for a different power);
  /// `options` are the CREATE and SIGN ON options (`Standard Gunboat`).
  pub fn start_with(
    judge: &'j Judge,
    game: &str,
    now: &str,
    options: &str,
    settings: &str,
  ) -> Table<'j> {
    register(judge, now, MASTER);
    for (power, _) in POWERS {
      register(judge, now, &player(power));
    }
    judge.take_mail();
    let create = format!("CREATE ?{game} masterpw {options}\nBECOME MASTER\n{settings}");
    judge.send_at(now, MASTER, "create", &create);
    for (power, letter) in POWERS {
      let body =
        format!("SIGN ON ?{game} {} {options}\nSET PREFERENCE {letter}\n", password(power));
      judge.send_at(now, &player(power), "join", &body);
    }
    let mail = judge.take_mail();
    assert!(
      mail.iter().any(|m| m.subject.ends_with(&format!("{game} - S1901M Game Starting"))),
      "the game did not start: {:#?}",
      mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    Table { judge, game: game.to_string() }
  }

  /// [`Table::start_with`], with `observer` registered and watching the
  /// game (OBSERVE, password `watchpw`); the mail so far is taken.
  pub fn start_watched(
    judge: &'j Judge,
    game: &str,
    options: &str,
    settings: &str,
    observer: &str,
  ) -> Table<'j> {
    register(judge, START, observer);
    let table = Table::start_with(judge, game, START, options, settings);
    judge.send_at(START, observer, "watch", &format!("OBSERVE {game} watchpw\n"));
    judge.take_mail();
    table
  }

  /// Mails `lines` as `power` (signed on first) at `now`.
  pub fn send(&self, power: &str, now: &str, lines: &str) -> Run {
    let body = format!("SIGN ON {}{} {}\n{lines}", initial(power), self.game, password(power));
    self.judge.send_at(now, &player(power), "orders", &body)
  }

  /// One phase of the game by mail at `now`: every power mails its
  /// orders, holds unless [`Turn::orders`] gives others, and the phase is
  /// read back with [`Turn::play`] (or only sent with [`Turn::send`]).
  pub fn turn<'t>(&'t self, now: &'t str) -> Turn<'t, 'j> {
    Turn { table: self, now, orders: Vec::new(), skip: Vec::new(), only_given: false }
  }

  /// The reply to a power's mail, among `mail`.
  pub fn reply<'m>(&self, mail: &'m [Sent], power: &str) -> &'m Sent {
    let to = player(power);
    mail
      .iter()
      .find(|m| m.to == to && m.subject.starts_with("Re:"))
      .unwrap_or_else(|| panic!("no reply to {to} in {mail:#?}"))
  }

  /// The game's listing, as the Master's LIST shows it.
  pub fn listing(&self, now: &str) -> String {
    self.judge.send_at(now, MASTER, "list", &format!("LIST {}\n", self.game));
    let mail = self.judge.take_mail();
    let reply = mail.iter().find(|m| m.to == MASTER).expect("a reply to LIST");
    reply.body.clone()
  }
}

/// One phase of a [`Table`] game by mail, built the way a test reads:
/// `table.turn(FALL).orders(&[("Italy", "A Ven-Tri\n")]).play()`.
pub struct Turn<'t, 'j> {
  table: &'t Table<'j>,
  now: &'t str,
  orders: Vec<(&'t str, &'t str)>,
  skip: Vec<&'t str>,
  only_given: bool,
}

impl<'t> Turn<'t, '_> {
  /// The orders (lines, as a player writes them) of some powers; the
  /// others hold.
  pub fn orders(mut self, orders: &[(&'t str, &'t str)]) -> Self {
    self.orders.extend_from_slice(orders);
    self
  }

  /// Powers that send nothing this phase.
  pub fn skip(mut self, powers: &[&'t str]) -> Self {
    self.skip.extend_from_slice(powers);
    self
  }

  /// Only the powers given orders send any; the others send nothing.
  pub fn only_given(mut self) -> Self {
    self.only_given = true;
    self
  }

  /// Mails every power's orders, leaving the mail to the test.
  pub fn send(&self) {
    for (power, _) in POWERS {
      if self.skip.contains(&power) {
        continue;
      }
      match self.orders.iter().find(|(p, _)| *p == power) {
        Some((_, lines)) => {
          self.table.send(power, self.now, lines);
        }
        None if !self.only_given => {
          self.table.send(power, self.now, holds(power));
        }
        None => {}
      }
    }
  }

  /// Mails every power's orders and takes the mail they brought.
  pub fn play(self) -> Vec<Sent> {
    self.send();
    self.table.judge.take_mail()
  }

  /// As [`Turn::play`], and the phase must have been processed: the
  /// Master has its results.
  pub fn processed(self) -> Vec<Sent> {
    let mail = self.play();
    assert!(
      mail.iter().any(|m| m.to == MASTER && m.subject.ends_with(" Results")),
      "the phase was not processed when the orders were in: {:#?}",
      subjects(&mail)
    );
    mail
  }

  /// As [`Turn::play`], and no power that was given orders had any
  /// refused (no `[Error Flag]` on its reply).
  pub fn accepted(self) -> Vec<Sent> {
    let (table, now) = (self.table, self.now);
    let given: Vec<&str> = self.orders.iter().map(|(p, _)| *p).collect();
    let mail = self.play();
    for power in given {
      let reply = table.reply(&mail, power);
      assert!(
        !reply.subject.contains("[Error Flag]"),
        "the orders of {power} at {now} were refused:\n{}",
        reply.body
      );
    }
    mail
  }
}

/// (power, `Army Berlin`) or (power, centre name) pairs.
pub type Pairs = BTreeSet<(String, String)>;

/// The board in a LIST: (power, `Army Berlin`) for each unit, the same for
/// each dislodged unit, and (power, centre name) for each supply centre.
pub fn board(listing: &str) -> (Pairs, Pairs, Pairs) {
  let mut units = BTreeSet::new();
  let mut dislodged = BTreeSet::new();
  let mut centers = BTreeSet::new();
  let start = listing.find("\nStatus of the ").expect("a board in the listing");
  // Which part of njudge's status block a line is in.
  #[derive(PartialEq)]
  enum Part {
    Units,
    Centers,
    Dislodged,
  }
  let mut part = Part::Units;
  let mut owner = String::new();
  for line in listing[start..].lines() {
    if line.starts_with("Ownership of supply centers") {
      part = Part::Centers;
      continue;
    }
    if line.starts_with("The following units were dislodged") {
      part = Part::Dislodged;
      continue;
    }
    let (power, rest) = match line.split_once(':') {
      Some((power, rest)) if !power.starts_with(' ') && !power.contains(' ') => {
        (power.to_string(), rest)
      }
      // A centre line broken after a comma goes on with the same owner.
      _ if part == Part::Centers && line.starts_with(' ') => (owner.clone(), line),
      _ => continue,
    };
    let rest = rest.trim().trim_end_matches('.');
    match part {
      Part::Units | Part::Dislodged => {
        let Some(kind) = ["Army", "Fleet"].into_iter().find(|k| rest.starts_with(k)) else {
          continue;
        };
        let place = rest[kind.len()..].trim();
        let place = place.split(" can retreat to ").next().unwrap_or(place);
        let place = place.trim_end_matches(" cannot retreat");
        let list = if part == Part::Units { &mut units } else { &mut dislodged };
        list.insert((power, format!("{kind} {place}")));
      }
      Part::Centers => {
        owner = power.clone();
        if power == "Unowned" {
          continue;
        }
        for name in rest.split(',').map(str::trim).filter(|n| !n.is_empty()) {
          centers.insert((power.clone(), name.to_string()));
        }
      }
    }
  }
  (units, dislodged, centers)
}
