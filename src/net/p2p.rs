//! The network under the links: an iroh endpoint on a thread of its own.
//!
//! Why iroh: it dials a computer by its public key, punches through home
//! routers when it can and falls back to a relay when it cannot, and it is
//! a library (QUIC, TLS 1.3) rather than a server of ours. Every
//! connection is authenticated both ways by the keys, so the host knows
//! which computer took a seat and a stranger cannot pose as a friend.
//!
//! A [`Node`] owns one endpoint on the thread `aviary-net`, running a small
//! single-threaded tokio runtime. The UI thread talks to it only through
//! channels: it asks for a dial and later finds the [`Link`] (or the
//! reason it failed); a host finds each accepted connection as a `Link` on
//! its listener. Each connection carries one stream of frames, each frame
//! a length (4 bytes, big-endian) and a message.
//!
//! Nothing here runs until a person chooses to host or join: the app's
//! startup and idle time are unchanged.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use iroh::endpoint::{Builder, Connection, Incoming, RecvStream, SendStream, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, RelayUrl, SecretKey};

use super::invite::Invite;
use super::protocol::MAX_MESSAGE;
use super::{Link, PathInfo};
use crate::table::Waker;

/// The protocol name both ends ask for in the TLS handshake.
pub const ALPN: &[u8] = b"aviary/1";

/// How long a dial may take before the friend is told.
const DIAL_TIMEOUT: Duration = Duration::from_secs(20);

/// Which relays help when two computers cannot reach each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relays {
    /// iroh's public relays (and its address lookup).
    Default,
    /// A relay of the player's own (Settings), by its address.
    Custom(String),
    /// None at all.
    Off,
}

impl Relays {
    /// In words, for the tab ("iroh's public relays").
    #[must_use]
    pub fn words(&self) -> String {
        match self {
            Relays::Default => "iroh's public relays".into(),
            Relays::Custom(url) => format!("your relay {url}"),
            Relays::Off => "direct connections only (no relay)".into(),
        }
    }
}

/// How a node connects.
#[derive(Clone, Debug)]
pub struct NetConfig {
    /// The relays.
    pub relays: Relays,
    /// Only this machine: listen on 127.0.0.1 and look no one up (tests,
    /// and nothing leaves the machine).
    pub loopback: bool,
    /// How the relay's certificate is checked, when not the usual way (a
    /// relay run in a test has a self-signed one).
    pub relay_tls: Option<iroh::tls::CaTlsConfig>,
    /// This app's secret key: the same key is the same friend to a host.
    pub secret: [u8; 32],
}

impl NetConfig {
    /// A config with a new random key.
    #[must_use]
    pub fn new(relays: Relays) -> Self {
        Self { relays, loopback: false, relay_tls: None, secret: SecretKey::generate().to_bytes() }
    }

    /// Only this machine, no relay: for tests.
    #[must_use]
    pub fn loopback() -> Self {
        Self { loopback: true, ..Self::new(Relays::Off) }
    }
}

enum Command {
    Dial(Invite, mpsc::Sender<Result<Link, String>>),
    Stop,
}

/// A running endpoint.
pub struct Node {
    id: String,
    addrs: Vec<SocketAddr>,
    config: NetConfig,
    commands: tokio::sync::mpsc::UnboundedSender<Command>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Node {
    /// Starts the endpoint on its own thread. A host passes `accept`: each
    /// connection that comes arrives there as a [`Link`], and `wake` is
    /// called whenever a link has news.
    ///
    /// # Errors
    /// Why the network could not start.
    pub fn start(config: NetConfig, accept: Option<mpsc::Sender<Link>>, wake: Waker) -> Result<Self, String> {
        let (ready_tx, ready_rx) = mpsc::channel();
        let (commands, rx) = tokio::sync::mpsc::unbounded_channel();
        let run_config = config.clone();
        let thread = std::thread::Builder::new()
            .name("aviary-net".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                match runtime {
                    Ok(rt) => rt.block_on(run(run_config, accept, wake, rx, ready_tx)),
                    Err(e) => {
                        let _ = ready_tx.send(Err(format!("the network could not start: {e}")));
                    }
                }
            })
            .map_err(|e| format!("the network could not start: {e}"))?;
        let (id, addrs) = ready_rx
            .recv_timeout(Duration::from_secs(10))
            .map_err(|_| "the network did not start within 10 s".to_string())??;
        Ok(Self { id, addrs, config, commands, thread: Some(thread) })
    }

    /// This node's public key, z-base-32.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The invite code to `game` for a seat's token: the key, and on a
    /// loopback node its addresses, and a relay of the player's own.
    #[must_use]
    pub fn invite(&self, game: &str, token: &str) -> Invite {
        Invite {
            game: game.to_string(),
            host: self.id.clone(),
            token: token.to_string(),
            addrs: if self.config.loopback { self.addrs.clone() } else { Vec::new() },
            relay: match &self.config.relays {
                Relays::Custom(url) => Some(url.clone()),
                _ => None,
            },
        }
    }

    /// Dials the host of `invite`; the link (or why not) arrives on the
    /// returned channel, and `wake` is called then.
    #[must_use]
    pub fn dial(&self, invite: &Invite) -> mpsc::Receiver<Result<Link, String>> {
        let (tx, rx) = mpsc::channel();
        if self.commands.send(Command::Dial(invite.clone(), tx.clone())).is_err() {
            let _ = tx.send(Err("the network has stopped".into()));
        }
        rx
    }

    /// Closes the endpoint and waits for its thread.
    pub fn shutdown(mut self) {
        let _ = self.commands.send(Command::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        // The thread closes the endpoint on its own; the UI does not wait.
        let _ = self.commands.send(Command::Stop);
    }
}

async fn bind(config: &NetConfig) -> Result<Endpoint, String> {
    let mut builder = if config.loopback {
        Builder::empty()
            .preset(presets::Minimal)
            .clear_ip_transports()
            .bind_addr("127.0.0.1:0")
            .map_err(|e| format!("cannot listen on this machine: {e}"))?
    } else {
        Endpoint::builder(presets::N0)
    };
    builder = builder.secret_key(SecretKey::from_bytes(&config.secret)).alpns(vec![ALPN.to_vec()]);
    match &config.relays {
        Relays::Default => {}
        Relays::Custom(url) => {
            let url: RelayUrl = url.parse().map_err(|_| format!("the relay \"{url}\" is not a web address"))?;
            builder = builder.relay_mode(RelayMode::custom([url]));
        }
        Relays::Off => builder = builder.relay_mode(RelayMode::Disabled),
    }
    if let Some(tls) = &config.relay_tls {
        builder = builder.ca_tls_config(tls.clone());
    }
    builder.bind().await.map_err(|e| format!("the network could not start: {e}"))
}

type Ready = mpsc::Sender<Result<(String, Vec<SocketAddr>), String>>;

async fn run(
    config: NetConfig,
    accept: Option<mpsc::Sender<Link>>,
    wake: Waker,
    mut commands: tokio::sync::mpsc::UnboundedReceiver<Command>,
    ready: Ready,
) {
    let endpoint = match bind(&config).await {
        Ok(e) => e,
        Err(why) => {
            let _ = ready.send(Err(why));
            return;
        }
    };
    let _ = ready.send(Ok((endpoint.id().to_z32(), endpoint.bound_sockets())));
    loop {
        tokio::select! {
            command = commands.recv() => match command {
                Some(Command::Dial(invite, reply)) => {
                    tokio::spawn(dial(endpoint.clone(), invite, reply, Arc::clone(&wake)));
                }
                Some(Command::Stop) | None => break,
            },
            incoming = endpoint.accept(), if accept.is_some() => match (incoming, &accept) {
                (Some(incoming), Some(to)) => {
                    tokio::spawn(take(incoming, to.clone(), Arc::clone(&wake)));
                }
                _ => break,
            },
        }
    }
    endpoint.close().await;
}

async fn dial(endpoint: Endpoint, invite: Invite, reply: mpsc::Sender<Result<Link, String>>, wake: Waker) {
    let result = async {
        let key =
            PublicKey::from_z32(&invite.host).map_err(|_| "the host part of the code is not a key".to_string())?;
        let mut addr = EndpointAddr::new(key);
        for a in &invite.addrs {
            addr = addr.with_ip_addr(*a);
        }
        if let Some(relay) = &invite.relay {
            let url: RelayUrl = relay.parse().map_err(|_| format!("the relay \"{relay}\" is not a web address"))?;
            addr = addr.with_relay_url(url);
        }
        let conn = tokio::time::timeout(DIAL_TIMEOUT, endpoint.connect(addr, ALPN))
            .await
            .map_err(|_| "no answer from the host within 20 s: is their game still open?".to_string())?
            .map_err(|e| format!("could not reach the host: {e}"))?;
        let (send, recv) = conn.open_bi().await.map_err(|e| format!("the connection failed: {e}"))?;
        Ok(pump(conn, send, recv, invite.host.clone(), &wake))
    }
    .await;
    let _ = reply.send(result);
    wake();
}

async fn take(incoming: Incoming, to: mpsc::Sender<Link>, wake: Waker) {
    let Ok(conn) = incoming.await else { return };
    let peer = conn.remote_id().to_z32();
    match tokio::time::timeout(Duration::from_secs(10), conn.accept_bi()).await {
        Ok(Ok((send, recv))) => {
            if to.send(pump(conn, send, recv, peer, &wake)).is_ok() {
                wake();
            }
        }
        _ => conn.close(1u32.into(), b"no stream"),
    }
}

fn update_path(conn: &Connection, path: &Mutex<PathInfo>) {
    let paths = conn.paths();
    if let Some(p) = paths.iter().find(iroh::endpoint::Path::is_selected)
        && let Ok(mut info) = path.lock()
    {
        *info = PathInfo { direct: p.is_ip(), rtt: p.rtt() };
    }
}

/// Frames read from a peer that the table has not taken yet, at most.
const INBOX_FRAMES: usize = 64;
/// Frames waiting to be written to a peer, at most.
const OUTBOX_FRAMES: usize = 256;

/// Moves frames between the stream and the link's channels until either
/// side ends.
fn pump(conn: Connection, mut send: SendStream, mut recv: RecvStream, peer: String, wake: &Waker) -> Link {
    // Bounded both ways: frames the table has not read yet wait in the
    // network (whose flow control slows the sender), and a peer that does
    // not read what it is sent is let go rather than queued for.
    let (in_tx, in_rx) = mpsc::sync_channel(INBOX_FRAMES);
    let (out_tx, mut out_rx) = tokio::sync::mpsc::channel::<Vec<u8>>(OUTBOX_FRAMES);
    let path = Arc::new(Mutex::new(PathInfo::default()));
    update_path(&conn, &path);
    let (reader_conn, reader_path, reader_wake) = (conn.clone(), Arc::clone(&path), Arc::clone(wake));
    tokio::spawn(async move {
        loop {
            let mut len = [0u8; 4];
            if recv.read_exact(&mut len).await.is_err() {
                break;
            }
            let n = u32::from_be_bytes(len) as usize;
            if n > MAX_MESSAGE {
                reader_conn.close(2u32.into(), b"message too large");
                break;
            }
            let mut frame = vec![0; n];
            if recv.read_exact(&mut frame).await.is_err() {
                break;
            }
            update_path(&reader_conn, &reader_path);
            let mut pending = frame;
            let gone = loop {
                match in_tx.try_send(pending) {
                    Ok(()) => break false,
                    Err(mpsc::TrySendError::Full(f)) => {
                        // The table is behind: wait, reading nothing more.
                        pending = f;
                        reader_wake();
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    Err(mpsc::TrySendError::Disconnected(_)) => break true,
                }
            };
            if gone {
                // The table let this connection go.
                reader_conn.close(3u32.into(), b"closed by the host");
                break;
            }
            reader_wake();
        }
        drop(in_tx);
        reader_wake();
    });
    let watch_path = Arc::clone(&path);
    let watch_conn = conn.clone();
    tokio::spawn(async move {
        // The round trip, once a second while the link lives.
        while Arc::strong_count(&watch_path) > 1 && watch_conn.close_reason().is_none() {
            tokio::time::sleep(Duration::from_secs(1)).await;
            update_path(&watch_conn, &watch_path);
        }
    });
    tokio::spawn(async move {
        while let Some(frame) = out_rx.recv().await {
            let Ok(n) = u32::try_from(frame.len()) else { continue };
            if send.write_all(&n.to_be_bytes()).await.is_err() || send.write_all(&frame).await.is_err() {
                break;
            }
        }
        // The link was dropped: let the other side read what was sent,
        // then close.
        let _ = send.finish();
        let _ = tokio::time::timeout(Duration::from_secs(2), conn.closed()).await;
        conn.close(0u32.into(), b"bye");
    });
    let mut link = Link::with(peer, Box::new(move |frame| out_tx.try_send(frame).is_ok()), in_rx);
    link.path = Some(path);
    link
}
