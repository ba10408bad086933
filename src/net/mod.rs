//! Playing a friend on another computer.
//!
//! The host's [`Table`](crate::table::Table) stays the one authority: a
//! friend's app holds a [`Mirror`] of what its seat may see and sends the
//! moves its person makes; the host's [`Host`] checks each one through the
//! same table (a refused move comes back with the same rule and reason as
//! at one screen), accepts moves only for the seat the friend was invited
//! to, and after every change sends each friend a [`protocol::View`] built
//! from the rules' `observation(seat)`. Nothing else of the game leaves the
//! host, so what a seat may not know never reaches its wire.
//!
//! Below the protocol a connection is a [`Link`]: frames in, frames out,
//! and the peer's id, whatever carries them. [`memory`] links two tables in
//! one process (the tests); the network links come from iroh (peer to peer
//! QUIC, dialed by public key, with relay fallback), pumped on a thread of
//! their own so the UI never waits on the network.

pub mod guest;
pub mod host;
pub mod protocol;

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

pub use guest::{GuestEvent, Mirror};
pub use host::Host;

/// One end of a connection.
#[derive(Debug)]
pub struct Link {
    /// Who is at the other end: the peer's public key as text (the same
    /// key every time that app connects).
    pub peer: String,
    out: Sender<Vec<u8>>,
    inbox: Receiver<Vec<u8>>,
}

/// What [`Link::receive`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Received {
    /// A frame.
    Frame(Vec<u8>),
    /// Nothing yet.
    Nothing,
    /// The connection is gone.
    Closed,
}

impl Link {
    /// A link whose frames go to `out` and come from `inbox`.
    #[must_use]
    pub fn new(peer: String, out: Sender<Vec<u8>>, inbox: Receiver<Vec<u8>>) -> Self {
        Self { peer, out, inbox }
    }

    /// Sends one frame; false when the connection is gone.
    #[must_use = "false means the connection is gone"]
    pub fn send(&self, frame: Vec<u8>) -> bool {
        self.out.send(frame).is_ok()
    }

    /// The next frame, if one has come.
    #[must_use]
    pub fn receive(&self) -> Received {
        match self.inbox.try_recv() {
            Ok(frame) => Received::Frame(frame),
            Err(TryRecvError::Empty) => Received::Nothing,
            Err(TryRecvError::Disconnected) => Received::Closed,
        }
    }
}

/// Links made inside one process: a host's listener and dialers, with no
/// network at all.
pub mod memory {
    use super::{Link, Receiver, Sender, mpsc};

    /// The host's end: new connections arrive here.
    #[must_use]
    pub fn listener() -> (Sender<Link>, Receiver<Link>) {
        mpsc::channel()
    }

    /// Dials the host whose listener is `host`, as the peer `me`; the host
    /// sees a connection from `me` and the caller gets its own end.
    #[must_use]
    pub fn dial(host: &Sender<Link>, me: &str) -> Link {
        let (to_host, host_inbox) = mpsc::channel();
        let (to_guest, guest_inbox) = mpsc::channel();
        // A listener that is gone leaves the dialer with a closed link.
        let _ = host.send(Link::new(me.to_string(), to_guest, host_inbox));
        Link::new("host".to_string(), to_host, guest_inbox)
    }
}
