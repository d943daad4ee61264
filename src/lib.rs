//! `judge`: an e-mail Diplomacy adjudicator in the tradition of njudge.
//!
//! The domain core ([`map`], [`phase`], [`position`], [`order`],
//! [`adjudicate`]) is pure: no files, no mail, no clock. [`interchange`] is the
//! JSON face of the core used by `judge adjudicate`; [`cli`] is the thin
//! command-line layer. See `docs/architecture.md`.

pub mod adjudicate;
pub mod cli;
pub mod command;
pub mod help;
pub mod interchange;
pub mod mail;
pub mod map;
pub mod order;
pub mod phase;
pub mod position;
