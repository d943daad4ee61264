//! Mail handling speed: one `judge receive` of a typical 20-line message,
//! end to end with the file transport: in process (parse, spool, carry out,
//! queue, write the outbox, log nothing) and as the MTA runs it (a fresh
//! process of the release binary per message); and one order mail to a
//! game as the MTA runs it (sign on with the argon2id check, orders,
//! the game committed), beside the password check alone.

#[path = "support/games.rs"]
mod support;

use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use chrono::{TimeZone, Utc};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use judge::receive;
use judge::store::DataDir;

/// A typical message: a registration update and a handful of commands.
fn message(n: u64) -> Vec<u8> {
  format!(
    "From: ann@players.test\r\nTo: judge@localhost\r\nSubject: my details\r\n\
     Message-ID: <bench-{n}@players.test>\r\nDate: Mon, 02 Mar 2026 23:00:00 +0000\r\n\
     MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
     REGISTER\r\nName: Ann Smith\r\nEmail: ann@players.test\r\n\
     Address: 12 Rue de Rivoli, Paris 75001\r\nCountry: France\r\nLevel: Amateur\r\n\
     Phone: +33 1 23 45 67 89\r\nSite: Paris\r\nTimezone: Europe/Paris\r\n\
     Interests: gunboat, press\r\nEND\r\n\
     VERSION\r\nWHO IS ann\r\nINFO PLAYER ann@players.test\r\nGET DEDICATION\r\n\
     GET flist\r\nLIST\r\nSIGN OFF\r\n\
     Ann\r\n"
  )
  .into_bytes()
}

fn receive_in_process(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let data = DataDir::new(dir.path());
  data.ensure().expect("data directory");
  let config = data.config().expect("default config");
  let now = Utc.with_ymd_and_hms(2026, 3, 2, 23, 30, 0).single().expect("a time");
  let mut n = 0;
  c.bench_function("receive_20_line_mail_in_process", |b| {
    b.iter(|| {
      n += 1;
      black_box(receive::receive(&data, &config, &message(n), now).is_ok())
    })
  });
}

fn receive_as_a_process(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let mut n = 0;
  c.bench_function("receive_20_line_mail_binary", |b| {
    b.iter(|| {
      n += 1;
      let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--data")
        .arg(dir.path())
        .args(["--now", "2026-03-02T23:30:00Z", "receive"])
        .stdin(Stdio::piped())
        .spawn()
        .expect("the judge starts");
      if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(&message(n));
      }
      black_box(child.wait().map(|s| s.success()).unwrap_or(false))
    })
  });
}

/// One order mail to a game, a fresh process of the release binary per
/// message as the MTA runs it: parse, spool, sign on (argon2id, m = 19 MiB,
/// t = 2), check and store the orders, commit the game, write the reply.
/// The game's files are put back before each message, outside the timing.
///
/// With `JUDGE_ORDER_MAIL_DIR` set, the data directory is made there and
/// kept, for timing the binary from outside (docs/performance.md).
fn receive_order_mail_binary(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let root =
    std::env::var_os("JUDGE_ORDER_MAIL_DIR").map_or(dir.path().to_path_buf(), PathBuf::from);
  let data = DataDir::new(&root);
  data.ensure().expect("data directory");
  let (orders, saved) = support::waiting_for_austria(&data, "bench", "sesame");
  let answered = || std::fs::read_dir(data.path("outbox")).map(|d| d.count()).unwrap_or(0);
  let before = answered();
  let mut n = 0;
  c.bench_function("receive_order_mail_binary", |b| {
    b.iter_batched(
      || {
        for (path, bytes) in &saved {
          std::fs::write(path, bytes).expect("restore");
        }
        n += 1;
        support::order_mail(n, &orders)
      },
      |mail| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
          .arg("--data")
          .arg(&root)
          .args(["--now", "2026-03-02T13:00:00Z", "receive"])
          .stdin(Stdio::piped())
          .spawn()
          .expect("the judge starts");
        if let Some(mut stdin) = child.stdin.take() {
          let _ = stdin.write_all(&mail);
        }
        black_box(child.wait().map(|s| s.success()).unwrap_or(false))
      },
      BatchSize::PerIteration,
    )
  });
  // One new reply a message: none was taken for one handled before.
  assert_eq!((answered() - before) as u64, n, "every message answered once");
}

/// The argon2id check of a right password, alone: what an order mail
/// spends on signing on, to set beside `receive_order_mail_binary`. Each
/// check maps its 19 MiB afresh, as in the judge's one-mail process, so
/// the kernel's zeroing of them is counted here, not as part of the mail.
fn password_check(c: &mut Criterion) {
  let hash = judge::password::hash("sesame").expect("a hash");
  c.bench_function("password_check_argon2id", |b| {
    b.iter(|| black_box(judge::password::verify("sesame", &hash)))
  });
}

criterion_group! {
  name = benches;
  config = Criterion::default().measurement_time(Duration::from_secs(5)).sample_size(50);
  targets = receive_in_process, receive_as_a_process, receive_order_mail_binary, password_check
}
criterion_main!(benches);

/// The binary's allocator (src/main.rs), so the figures are the judge's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
