//! `judge`: an e-mail Diplomacy adjudicator in the tradition of njudge.
//!
//! The domain core ([`map`], [`phase`], [`position`], [`order`],
//! [`adjudicate`]) is pure: no files, no mail, no clock. [`interchange`] is the
//! JSON face of the core used by `judge adjudicate`; [`cli`] is the thin
//! command-line layer. See `docs/architecture.md`.

pub mod adjudicate;
pub mod announce;
pub mod check;
pub mod cli;
pub mod command;
pub mod config;
pub mod convert;
pub mod dedication;
pub mod delivery;
pub mod digest;
pub mod draw;
pub mod fault;
pub mod game;
pub mod help;
pub mod interchange;
pub mod log;
pub mod mail;
pub mod map;
pub mod order;
pub mod password;
pub mod payola;
pub mod phase;
pub mod picture;
pub mod position;
pub mod receive;
pub mod rules;
pub mod session;
pub mod store;
pub mod successor;
pub mod sweep;
pub mod view;
pub mod web;
pub mod zone;
