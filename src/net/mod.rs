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
pub mod host_table;
pub mod invite;
pub mod key_file;
pub mod p2p;
pub use crate::patch;
pub mod protocol;

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

pub use guest::{GuestEvent, Mirror};
pub use host::Host;

/// One end of a connection.
pub struct Link {
    /// Who is at the other end: the peer's public key as text (the same
    /// key every time that app connects).
    pub peer: String,
    out: Box<dyn Fn(Vec<u8>) -> bool + Send>,
    inbox: Receiver<Vec<u8>>,
    /// How the connection goes (a network link keeps it up to date).
    pub path: Option<std::sync::Arc<std::sync::Mutex<PathInfo>>>,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link").field("peer", &self.peer).finish_non_exhaustive()
    }
}

/// The network path of a connection, for the tab's status line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathInfo {
    /// Straight between the two computers (else through a relay).
    pub direct: bool,
    /// The round trip.
    pub rtt: std::time::Duration,
}

impl PathInfo {
    /// "direct, 3 ms" or "relayed, 80 ms".
    #[must_use]
    pub fn words(&self) -> String {
        let how = if self.direct { "direct" } else { "relayed" };
        format!("{how}, {} ms round trip", self.rtt.as_millis())
    }
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
        Self::with(peer, Box::new(move |frame| out.send(frame).is_ok()), inbox)
    }

    /// A link whose frames are handed to `out` (false: the connection is
    /// gone) and come from `inbox`.
    #[must_use]
    pub fn with(peer: String, out: Box<dyn Fn(Vec<u8>) -> bool + Send>, inbox: Receiver<Vec<u8>>) -> Self {
        Self { peer, out, inbox, path: None }
    }

    /// Sends one frame; false when the connection is gone.
    #[must_use = "false means the connection is gone"]
    pub fn send(&self, frame: Vec<u8>) -> bool {
        (self.out)(frame)
    }

    /// How the connection goes now, for a network link.
    #[must_use]
    pub fn path(&self) -> Option<PathInfo> {
        self.path.as_ref().and_then(|p| p.lock().ok().map(|p| p.clone()))
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

    /// As [`dial`], and each frame sent wakes the host (as the network's
    /// links do): for a host that sleeps until something comes.
    #[must_use]
    pub fn dial_waking(host: &Sender<Link>, me: &str, wake: crate::table::Waker) -> Link {
        let (to_host, host_inbox) = mpsc::channel();
        let (to_guest, guest_inbox) = mpsc::channel();
        let _ = host.send(Link::new(me.to_string(), to_guest, host_inbox));
        wake();
        Link::with(
            "host".to_string(),
            Box::new(move |frame| {
                let sent = to_host.send(frame).is_ok();
                wake();
                sent
            }),
            guest_inbox,
        )
    }
}
