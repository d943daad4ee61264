//! `judge serve` under load on one game, with mail arriving for the same
//! game meanwhile: 24 browsers for 8 seconds, each reading the game's page
//! and its seat's page and posting its seat's orders (each form once), and
//! Russia's player mailing orders all along. Nothing may be lost or done
//! twice: every post answered, every form carried out once (one receipt
//! each), every mail answered once, and no mail kept waiting long by the
//! web.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::game_support::{holds, password, player, Table, FAST, START};
use crate::judge_support::Judge;
use crate::web_support::{form, Server};

const BROWSERS: usize = 24;
const RUN: Duration = Duration::from_secs(8);
const WEB_POWERS: [&str; 6] = ["Austria", "England", "France", "Germany", "Italy", "Turkey"];

#[test]
fn the_web_under_load_beside_the_mail_loses_and_doubles_nothing() {
  let judge = Judge::with_config(FAST);
  let table = Table::start(&judge, "load", START);
  let server = Server::start(&judge);
  let seats: Vec<(String, String)> = WEB_POWERS
    .iter()
    .map(|power| {
      let body = form(&[("power", power), ("password", &password(power))]);
      let cookie = server.post("/games/load/login", "", &body).cookie().expect("signed in");
      let csrf = server.get_as("/games/load/me", &cookie).field("csrf").expect("csrf");
      (cookie, csrf)
    })
    .collect();
  let posted: Vec<AtomicUsize> = WEB_POWERS.iter().map(|_| AtomicUsize::new(0)).collect();
  let mailed = AtomicUsize::new(0);
  let slowest_mail = std::sync::Mutex::new(Duration::ZERO);
  let started = Instant::now();
  std::thread::scope(|scope| {
    for browser in 0..BROWSERS {
      let (server, seats, posted) = (&server, &seats, &posted);
      scope.spawn(move || {
        let seat = browser % WEB_POWERS.len();
        let (cookie, csrf) = &seats[seat];
        let mut n = 0;
        while started.elapsed() < RUN {
          n += 1;
          assert_eq!(server.get("/games/load").status, 200);
          assert_eq!(server.get_as("/games/load/me", cookie).status, 200);
          let nonce = format!("b{browser}-{n}");
          let body = form(&[
            ("orders", holds(WEB_POWERS[seat])),
            ("wait", "on"),
            ("csrf", csrf),
            ("form", &nonce),
          ]);
          let answer = server.post("/games/load/orders", cookie, &body);
          assert_eq!(answer.status, 200, "{answer:?}");
          assert!(!answer.body.contains("not carried out again"), "a new form was taken as old");
          posted[seat].fetch_add(1, Ordering::SeqCst);
        }
      });
    }
    scope.spawn(|| {
      while started.elapsed() < RUN {
        let begun = Instant::now();
        table.send("Russia", START, &format!("SET WAIT\n{}", holds("Russia")));
        let took = begun.elapsed();
        let mut slowest = slowest_mail.lock().expect("the lock");
        *slowest = (*slowest).max(took);
        drop(slowest);
        mailed.fetch_add(1, Ordering::SeqCst);
      }
    });
  });
  let mail = judge.take_mail();
  for (seat, power) in WEB_POWERS.iter().enumerate() {
    let receipts = mail
      .iter()
      .filter(|m| m.to == player(power) && m.subject.contains("Orders entered on the web"))
      .count();
    let posts = posted[seat].load(Ordering::SeqCst);
    assert!(posts > 0, "{power} posted nothing");
    assert_eq!(receipts, posts, "{power}: one receipt a form");
  }
  let replies = mail.iter().filter(|m| m.to == player("Russia") && m.subject.starts_with("Re:"));
  assert_eq!(replies.count(), mailed.load(Ordering::SeqCst), "one reply a mail");
  let slowest = *slowest_mail.lock().expect("the lock");
  assert!(slowest < Duration::from_secs(10), "a mail waited {slowest:?} beside the web");
  eprintln!(
    "web load: {} posts, {} mails, slowest mail {slowest:?}",
    posted.iter().map(|p| p.load(Ordering::SeqCst)).sum::<usize>(),
    mailed.load(Ordering::SeqCst)
  );
}
