//! The web face's speed, in process (`Site::answer`, what a worker thread
//! does for one request, without the socket): a game's page for a
//! stranger, the picture of its board, and an order post by a signed-in
//! seat (the sign-in's argon2id check is made once, before the timing, as
//! the cookie spares every later request it).

#[path = "support/games.rs"]
mod support;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use judge::config::Config;
use judge::store::DataDir;
use judge::web::{Request, Site};

fn get<'a>(target: &'a str, cookie: Option<&'a str>) -> Request<'a> {
  Request { method: "GET", target, cookie, ..Request::default() }
}

/// A data directory with the crowded game `bench` waiting for Austria's
/// orders (password `sesame`), and its files, to put back.
fn setup(root: &std::path::Path) -> (DataDir, String, Vec<(PathBuf, Vec<u8>)>) {
  let data = DataDir::new(root);
  data.ensure().expect("data directory");
  let (orders, saved) = support::waiting_for_austria(&data, "bench", "sesame");
  (data, orders, saved)
}

fn web(c: &mut Criterion) {
  let dir = tempfile::tempdir().expect("temporary directory");
  let (data, orders, saved) = setup(dir.path());
  let now = support::t0() + chrono::TimeDelta::hours(1);
  let site = Site::new(&data, Config::default(), Some(now));

  c.bench_function("web_game_page", |b| {
    b.iter(|| black_box(site.answer(&get("/games/bench", None)).status))
  });
  c.bench_function("web_current_picture_svg", |b| {
    b.iter(|| black_box(site.answer(&get("/games/bench/pictures/current.svg", None)).body.len()))
  });

  let body = b"power=Austria&password=sesame";
  let signed = site.answer(&Request {
    method: "POST",
    target: "/games/bench/login",
    body,
    ..Request::default()
  });
  assert_eq!(signed.status, 303, "the seat signs in");
  let cookie = signed
    .headers
    .iter()
    .find(|(name, _)| *name == "Set-Cookie")
    .and_then(|(_, value)| value.split(';').next())
    .expect("a cookie")
    .to_string();
  let page =
    String::from_utf8_lossy(&site.answer(&get("/games/bench/me", Some(&cookie))).body).into_owned();
  let csrf = page
    .split("name=\"csrf\" value=\"")
    .nth(1)
    .and_then(|rest| rest.split('"').next())
    .expect("a csrf field")
    .to_string();
  c.bench_function("web_seat_page", |b| {
    b.iter(|| black_box(site.answer(&get("/games/bench/me", Some(&cookie))).status))
  });
  let encoded: String = form_urlencoded::byte_serialize(orders.as_bytes()).collect();
  let mut n = 0;
  c.bench_function("web_order_post", |b| {
    b.iter_batched(
      || {
        for (path, bytes) in &saved {
          std::fs::write(path, bytes).expect("restore");
        }
        n += 1;
        format!("orders={encoded}&csrf={csrf}&phase=S1905M&form=f{n}")
      },
      |form| {
        let reply = site.answer(&Request {
          method: "POST",
          target: "/games/bench/orders",
          cookie: Some(&cookie),
          body: form.as_bytes(),
          ..Request::default()
        });
        assert_eq!(reply.status, 200);
        black_box(reply.body.len())
      },
      BatchSize::PerIteration,
    )
  });
}

criterion_group! {
  name = benches;
  config = Criterion::default().measurement_time(Duration::from_secs(5)).sample_size(50);
  targets = web
}
criterion_main!(benches);

/// The binary's allocator (src/main.rs), so the figures are the judge's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
