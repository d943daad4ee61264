//! The soak tests, a binary of their own: crashes at every system call
//! (`crash`), thousands of fuzzed messages (`receive_fuzz`) and whole
//! games of every variant (`variant_play`). `cargo test` runs them once
//! with the rest; `cargo test --test it` leaves them out, and `cargo test
//! --test soak` runs just them.

#[path = "../it/support/datc.rs"]
mod datc;
#[path = "../it/support/game.rs"]
mod game_support;
#[path = "../it/support/godip.rs"]
mod godip;
#[path = "../it/support/json.rs"]
mod json_support;
#[path = "../it/support/judge.rs"]
mod judge_support;
#[path = "../it/support/replay.rs"]
mod replay;
#[path = "../it/support/smtp_sink.rs"]
mod smtp_sink;
#[path = "../it/support/web.rs"]
mod web_support;
#[path = "../it/support/year.rs"]
mod year;

mod crash;
mod receive_fuzz;
mod variant_play;
mod web_load;
