//! The table's sounds: a card drawn, laid or flipped, a piece set down,
//! dice rolled, a refused move, a game won, and a soft chime when an online
//! game comes back to you.
//!
//! Each sound is synthesised in code ([`synth`]): short (under half a
//! second), soft at its start and end, quiet, computed once and kept. No
//! recording, so no licence to note.
//!
//! Which move makes which sound is decided by [`events`], from each game's
//! move types and what every seat may know, never from a hidden card.
//!
//! Where the sounds go is a [`Sink`]: the app's `main` turns on a
//! [`PulseSink`], which speaks the PulseAudio protocol (served by
//! PulseAudio and by PipeWire's Pulse server) in pure Rust on a thread of
//! its own; the UI only hands it a request and never waits. Without a sound
//! server it stays silent and says so once. Everything else, the tests
//! included, gets a [`SilentSink`] unless it asks for a [`RecordingSink`],
//! which keeps the list of what played. No egui in this module.

#![allow(
    clippy::disallowed_methods,
    reason = "sound is synthesised with the platform's sine; only the rules need the same bits everywhere (clippy.toml)"
)]

pub mod events;
#[cfg(unix)]
pub mod pulse;
pub mod synth;

use std::sync::{Arc, Mutex};

pub use events::{Ears, Sounding};
#[cfg(unix)]
pub use pulse::PulseSink;

/// Where the PulseAudio protocol is not spoken (no Unix socket): silence.
#[cfg(not(unix))]
#[derive(Debug)]
pub struct PulseSink;

#[cfg(not(unix))]
impl PulseSink {
    /// Silence.
    #[must_use]
    pub fn start() -> Self {
        PulseSink
    }
}

#[cfg(not(unix))]
impl Sink for PulseSink {
    fn play(&self, _sound: Sound, _volume: f32) {}
}

/// One of the table's sounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sound {
    /// A card taken from a deck or a row into a hand: a paper swish.
    CardDrawn,
    /// A card laid on the table: a short swish and a soft pat.
    CardLaid,
    /// A card turned face up: two quick swishes.
    CardFlipped,
    /// A piece set down on the board: a wooden tock.
    PieceSet,
    /// Dice rolled: a few clicks.
    DiceRolled,
    /// A move the rules refuse: a low, soft two-note.
    Refused,
    /// A game won by a person at this screen: a small rising arpeggio.
    Won,
    /// An online game comes back to you: a soft chime.
    YourTurn,
}

impl Sound {
    /// Every sound, in order.
    pub const ALL: [Sound; 8] = [
        Sound::CardDrawn,
        Sound::CardLaid,
        Sound::CardFlipped,
        Sound::PieceSet,
        Sound::DiceRolled,
        Sound::Refused,
        Sound::Won,
        Sound::YourTurn,
    ];

    /// The sound in words (the stream's name in the sound server's mixer).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Sound::CardDrawn => "a card drawn",
            Sound::CardLaid => "a card laid",
            Sound::CardFlipped => "a card flipped",
            Sound::PieceSet => "a piece set down",
            Sound::DiceRolled => "dice rolled",
            Sound::Refused => "a refused move",
            Sound::Won => "a game won",
            Sound::YourTurn => "your turn",
        }
    }
}

/// Where sounds go. `play` never blocks: a sink that cannot keep up drops
/// the sound.
pub trait Sink: Send {
    /// Plays `sound` at `volume` (0 to 1, as the Settings slider gives it).
    fn play(&self, sound: Sound, volume: f32);
}

/// Plays nothing: the default everywhere but in the app's `main`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SilentSink;

impl Sink for SilentSink {
    fn play(&self, _sound: Sound, _volume: f32) {}
}

/// Keeps the list of the sounds played, with their volume (tests). Clones
/// share the list: keep one, hand the other to the app.
#[derive(Clone, Debug, Default)]
pub struct RecordingSink {
    played: Arc<Mutex<Vec<(Sound, f32)>>>,
}

impl RecordingSink {
    /// What was played so far, oldest first, with the volume of each.
    #[must_use]
    pub fn played(&self) -> Vec<(Sound, f32)> {
        self.played.lock().map(|p| p.clone()).unwrap_or_default()
    }

    /// The sounds played so far, oldest first.
    #[must_use]
    pub fn sounds(&self) -> Vec<Sound> {
        self.played().into_iter().map(|(s, _)| s).collect()
    }

    /// Forgets what was played.
    pub fn clear(&self) {
        if let Ok(mut p) = self.played.lock() {
            p.clear();
        }
    }
}

impl Sink for RecordingSink {
    fn play(&self, sound: Sound, volume: f32) {
        if let Ok(mut p) = self.played.lock() {
            p.push((sound, volume));
        }
    }
}

/// The app's way to its sink: applies the volume and mute of Settings.
pub struct Speaker {
    sink: Box<dyn Sink>,
}

impl Default for Speaker {
    fn default() -> Self {
        Self::silent()
    }
}

impl std::fmt::Debug for Speaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Speaker").finish_non_exhaustive()
    }
}

impl Speaker {
    /// A speaker that plays nothing.
    #[must_use]
    pub fn silent() -> Self {
        Self { sink: Box::new(SilentSink) }
    }

    /// A speaker that plays into `sink`.
    #[must_use]
    pub fn new(sink: impl Sink + 'static) -> Self {
        Self { sink: Box::new(sink) }
    }

    /// Plays `sounds` at `volume` (0 to 1; anything else is brought within
    /// it), or nothing when `muted` or at volume 0.
    pub fn play(&self, sounds: impl IntoIterator<Item = Sound>, volume: f32, muted: bool) {
        let volume = if volume.is_nan() { 0.0 } else { volume.clamp(0.0, 1.0) };
        if muted || volume <= 0.0 {
            return;
        }
        for sound in sounds {
            self.sink.play(sound, volume);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_speaker_passes_the_volume_and_mute_silences_it() {
        let rec = RecordingSink::default();
        let speaker = Speaker::new(rec.clone());
        speaker.play([Sound::PieceSet, Sound::Won], 0.4, false);
        assert_eq!(rec.played(), vec![(Sound::PieceSet, 0.4), (Sound::Won, 0.4)]);
        rec.clear();
        speaker.play([Sound::PieceSet], 0.4, true);
        speaker.play([Sound::PieceSet], 0.0, false);
        speaker.play([Sound::PieceSet], f32::NAN, false);
        assert!(rec.played().is_empty(), "muted, at 0 or not a number: nothing");
        speaker.play([Sound::DiceRolled], 7.0, false);
        assert_eq!(rec.played(), vec![(Sound::DiceRolled, 1.0)], "a volume past 100% is 100%");
    }

    #[test]
    fn every_sound_has_a_name() {
        for s in Sound::ALL {
            assert!(!s.name().is_empty());
        }
    }
}
