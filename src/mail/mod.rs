//! The mail edge: reading one inbound RFC 822 message ([`inbound`], the
//! text of an HTML-only body by [`html`]), writing well-formed outgoing
//! messages ([`outbound`], [`subject`]) and handing them to the configured
//! transport ([`transport`]). Knows nothing of games or commands.

pub mod html;
pub mod inbound;
pub mod outbound;
pub mod subject;
pub mod transport;
