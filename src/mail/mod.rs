//! The mail edge: reading one inbound RFC 822 message ([`inbound`]), writing
//! well-formed outgoing messages ([`outbound`], [`subject`]) and handing
//! them to the configured transport ([`transport`]). Knows nothing of games
//! or commands.

pub mod inbound;
pub mod outbound;
pub mod subject;
pub mod transport;
