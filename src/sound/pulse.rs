//! The sound server's sink: the PulseAudio protocol in pure Rust (the
//! `pulseaudio` crate), which PulseAudio and PipeWire's Pulse server both
//! serve, so the build needs no system library.
//!
//! A thread of its own (`aviary-sound`) takes the requests from a small
//! bounded queue: the UI hands a sound over and goes on (a full queue drops
//! the sound). The thread connects at the first sound, plays each as a short
//! stream of its own (the server mixes sounds that overlap) and ends each
//! stream when it has been heard. No server (no `XDG_RUNTIME_DIR`, no
//! socket, `PULSE_SERVER` pointing at another machine) or a server that
//! goes away means silence and one line on standard error for the whole
//! run, never a panic or a dialog; it tries again at most once a minute.

use std::ffi::CString;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pulseaudio::{AsPlaybackSource, Client, protocol};
use tokio::sync::mpsc;

use super::{Sink, Sound, synth};

/// Sounds waiting for the thread, at most: more are dropped, not queued.
const QUEUE: usize = 8;
/// The longest a sound may take to be heard before its stream is ended.
const PLAY_LIMIT: Duration = Duration::from_secs(3);
/// The longest the server may take to open a stream (a server that does
/// not answer counts as gone).
const ANSWER_LIMIT: Duration = Duration::from_secs(2);
/// The wait before trying the server again after it failed.
const RETRY: Duration = Duration::from_mins(1);

/// Plays sounds through the PulseAudio protocol on a thread of its own.
#[derive(Debug)]
pub struct PulseSink {
    requests: Option<mpsc::Sender<(Sound, f32)>>,
}

impl PulseSink {
    /// Starts the sound thread for the server the environment names
    /// (`PULSE_SERVER`, else `XDG_RUNTIME_DIR/pulse/native`). It connects
    /// only when the first sound comes.
    #[must_use]
    pub fn start() -> Self {
        Self::spawn(None)
    }

    /// Starts the sound thread for the server listening on `socket` (a
    /// test's own server).
    #[must_use]
    pub fn at(socket: PathBuf) -> Self {
        Self::spawn(Some(socket))
    }

    fn spawn(socket: Option<PathBuf>) -> Self {
        let (tx, rx) = mpsc::channel(QUEUE);
        let spawned = std::thread::Builder::new().name("aviary-sound".into()).spawn(move || run(socket, rx));
        match spawned {
            Ok(_) => Self { requests: Some(tx) },
            Err(e) => {
                eprintln!("Aviary plays no sound: its sound thread could not start ({e})");
                Self { requests: None }
            }
        }
    }
}

impl Sink for PulseSink {
    fn play(&self, sound: Sound, volume: f32) {
        if let Some(tx) = &self.requests {
            // Full (the server is slow) or gone (the thread ended): the
            // sound is dropped; the UI never waits.
            let _ = tx.try_send((sound, volume));
        }
    }
}

/// The samples of `sound` at `volume` as 16-bit little-endian PCM. The
/// volume is squared, so the slider's middle sounds about half as loud.
#[must_use]
pub fn pcm(sound: Sound, volume: f32) -> Vec<u8> {
    let gain = volume.clamp(0.0, 1.0).powi(2);
    synth::samples(sound)
        .iter()
        .flat_map(|s| ((((s * gain).clamp(-1.0, 1.0)) * f32::from(i16::MAX)).round() as i16).to_le_bytes())
        .collect()
}

/// The connection, as the thread holds it.
enum Server {
    /// Not tried yet, or tried again after a wait.
    Untried,
    Connected(Client),
    /// It failed at this time.
    Failed(Instant),
}

/// Connects to the server on `socket`, or the one the environment names.
/// The handshake waits two seconds at most for a server that does not
/// answer.
fn connect(socket: Option<&Path>) -> Result<Client, String> {
    let path = match socket {
        Some(p) => p.to_path_buf(),
        None => pulseaudio::socket_path_from_env()
            .ok_or("neither PULSE_SERVER nor XDG_RUNTIME_DIR leads to a server's socket")?,
    };
    let stream = UnixStream::connect(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let wait = Some(ANSWER_LIMIT);
    stream.set_read_timeout(wait).and_then(|()| stream.set_write_timeout(wait)).map_err(|e| e.to_string())?;
    let cookie = pulseaudio::cookie_path_from_env().and_then(|p| std::fs::read(p).ok());
    Client::new_unix(c"Aviary", stream, cookie).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(socket: Option<PathBuf>, mut rx: mpsc::Receiver<(Sound, f32)>) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_time().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("Aviary plays no sound: {e}");
            return;
        }
    };
    let mut server = Server::Untried;
    let mut told = false;
    // Each stream's own sync group: streams of one group start together,
    // and the server refuses a new one in the group of a stream playing.
    let mut streams: u32 = 0;
    runtime.block_on(async move {
        while let Some((sound, volume)) = rx.recv().await {
            if let Server::Failed(at) = server
                && at.elapsed() >= RETRY
            {
                server = Server::Untried;
            }
            if matches!(server, Server::Untried) {
                server = match connect(socket.as_deref()) {
                    Ok(client) => Server::Connected(client),
                    Err(e) => {
                        if !std::mem::replace(&mut told, true) {
                            eprintln!(
                                "Aviary plays no sound: no sound server ({e}); it looks again at most once a minute"
                            );
                        }
                        Server::Failed(Instant::now())
                    }
                };
            }
            let Server::Connected(client) = &server else { continue };
            streams = streams.wrapping_add(1);
            let started = tokio::time::timeout(ANSWER_LIMIT, start_stream(client, streams, sound, volume)).await;
            match started.unwrap_or(Err(pulseaudio::ClientError::Disconnected)) {
                Ok(stream) => {
                    // Heard in the background: the next sound may overlap it.
                    tokio::spawn(async move {
                        let _ = tokio::time::timeout(PLAY_LIMIT, stream.play_all()).await;
                    });
                }
                Err(pulseaudio::ClientError::ServerError(e)) => {
                    // This sound only: the connection stays.
                    if !std::mem::replace(&mut told, true) {
                        eprintln!("Aviary: the sound server refused a sound ({}: {e:?})", sound.name());
                    }
                }
                Err(e) => {
                    if !std::mem::replace(&mut told, true) {
                        eprintln!("Aviary plays no sound: the sound server went away ({e})");
                    }
                    server = Server::Failed(Instant::now());
                }
            }
        }
    });
}

/// A playback stream of `sound` on the default sink.
async fn start_stream(
    client: &Client,
    sync_id: u32,
    sound: Sound,
    volume: f32,
) -> pulseaudio::Result<pulseaudio::PlaybackStream> {
    let data = pcm(sound, volume);
    let spec = protocol::SampleSpec { format: protocol::SampleFormat::S16Le, channels: 1, sample_rate: synth::RATE };
    // About 50 ms buffered on the server: heard at once, not after the
    // server's default of two seconds.
    let target = synth::RATE / 20 * 2;
    let mut props = protocol::Props::new();
    if let Ok(name) = CString::new(format!("Aviary: {}", sound.name())) {
        props.set(protocol::Prop::MediaName, name);
    }
    props.set(protocol::Prop::MediaRole, c"event");
    let params = protocol::PlaybackStreamParams {
        sample_spec: spec,
        channel_map: protocol::ChannelMap::mono(),
        cvolume: Some(protocol::ChannelVolume::norm(1)),
        sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
        buffer_attr: protocol::stream::BufferAttr {
            target_length: target,
            pre_buffering: target,
            ..Default::default()
        },
        props,
        sync_id,
        ..Default::default()
    };
    let mut at = 0;
    let source = move |buf: &mut [u8]| {
        let n = buf.len().min(data.len() - at);
        buf[..n].copy_from_slice(&data[at..at + n]);
        at += n;
        // 0 ends the stream.
        n
    };
    client.create_playback_stream(params, source.as_playback_source()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pcm_scales_by_the_volume_squared() {
        let full = pcm(Sound::PieceSet, 1.0);
        let half = pcm(Sound::PieceSet, 0.5);
        assert_eq!(full.len(), 2 * synth::samples(Sound::PieceSet).len());
        let peak = |b: &[u8]| b.chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]]).unsigned_abs()).max().unwrap_or(0);
        let expected = (synth::PEAK * f32::from(i16::MAX)).round() as u16;
        assert!(peak(&full).abs_diff(expected) <= 1, "{} v {expected}", peak(&full));
        assert!(peak(&half).abs_diff(expected / 4) <= 1);
        assert_eq!(peak(&pcm(Sound::PieceSet, 0.0)), 0);
    }

    #[test]
    fn without_a_server_the_sink_is_silent_and_never_blocks() {
        // No server at this socket, and many more sounds than the queue
        // holds: none of it waits or panics.
        let dir = std::env::temp_dir().join("aviary-no-sound-server");
        let sink = PulseSink::at(dir.join("native"));
        let started = Instant::now();
        for _ in 0..100 {
            sink.play(Sound::Won, 1.0);
        }
        assert!(started.elapsed() < Duration::from_secs(1));
    }
}
