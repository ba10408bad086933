//! The sounds, synthesised: mono samples at [`RATE`], between -1 and 1,
//! each under half a second, rising softly from silence and fading back to
//! it (no click at either end), and quiet ([`PEAK`] at full volume).
//!
//! - cards: filtered noise with an envelope, a paper swish (drawn: a rising
//!   swish; laid: a short swish and a soft pat; flipped: two quick swishes
//!   and a light snap);
//! - a piece: the few modes of a struck wooden block, a tock;
//! - dice: a handful of clicks, each a little softer;
//! - refused: two low notes, falling, soft;
//! - won: a small rising arpeggio, C E G C;
//! - your turn: a soft two-note chime.
//!
//! Computed once per sound and kept ([`samples`]). The noise comes from a
//! fixed seed, so a sound is the same every time.

use std::f32::consts::TAU;
use std::sync::OnceLock;

use super::Sound;

/// Samples per second.
pub const RATE: u32 = 44_100;
/// The loudest sample of every sound at full volume: quiet beside other
/// programs' sounds.
pub const PEAK: f32 = 0.35;
/// How long the start rises and the end fades, at least (seconds).
const EDGE: f32 = 0.004;

/// The samples of `sound`, computed the first time they are asked for.
#[must_use]
pub fn samples(sound: Sound) -> &'static [f32] {
    static CACHE: [OnceLock<Vec<f32>>; Sound::ALL.len()] = [const { OnceLock::new() }; Sound::ALL.len()];
    CACHE[sound as usize].get_or_init(|| make(sound))
}

/// The length of `sound` in seconds.
#[must_use]
pub fn seconds(sound: Sound) -> f32 {
    samples(sound).len() as f32 / RATE as f32
}

fn make(sound: Sound) -> Vec<f32> {
    let mut out = match sound {
        Sound::CardDrawn => card_drawn(),
        Sound::CardLaid => card_laid(),
        Sound::CardFlipped => card_flipped(),
        Sound::PieceSet => piece_set(),
        Sound::DiceRolled => dice_rolled(),
        Sound::Refused => refused(),
        Sound::Won => won(),
        Sound::YourTurn => your_turn(),
    };
    finish(&mut out);
    out
}

/// Fades the edges and scales the loudest sample to [`PEAK`].
fn finish(out: &mut [f32]) {
    let edge = ((EDGE * RATE as f32) as usize).min(out.len() / 2).max(1);
    let n = out.len();
    for i in 0..edge {
        let g = raised(i as f32 / edge as f32);
        out[i] *= g;
        out[n - 1 - i] *= g;
    }
    let loudest = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        for s in out.iter_mut() {
            *s *= PEAK / loudest;
        }
    }
}

/// A raised-cosine rise from 0 (at 0) to 1 (at 1).
fn raised(x: f32) -> f32 {
    0.5 - 0.5 * (std::f32::consts::PI * x.clamp(0.0, 1.0)).cos()
}

fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A soft rise over `attack` seconds, then an exponential decay with time
/// constant `decay`.
fn envelope(t: f32, attack: f32, decay: f32) -> f32 {
    if t < 0.0 {
        0.0
    } else if t < attack {
        raised(t / attack)
    } else {
        (-(t - attack) / decay).exp()
    }
}

/// White noise from a fixed seed (xorshift).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A state-variable filter (Chamberlin): band-pass and low-pass outputs.
#[derive(Default)]
struct Filter {
    low: f32,
    band: f32,
}

impl Filter {
    /// One step at centre `hz` with damping `damp` (2 is broad, 0.5 sharp);
    /// returns (low, band).
    fn step(&mut self, x: f32, hz: f32, damp: f32) -> (f32, f32) {
        let f = 2.0 * (std::f32::consts::PI * hz.min(6_000.0) / RATE as f32).sin();
        self.low += f * self.band;
        let high = x - self.low - damp * self.band;
        self.band += f * high;
        (self.low, self.band)
    }
}

/// Adds a noise swish into `out` from `start` for `dur` seconds, its centre
/// sweeping from `from` to `to` Hz.
fn swish(
    out: &mut [f32],
    start: f32,
    dur: f32,
    (from, to): (f32, f32),
    (attack, decay): (f32, f32),
    gain: f32,
    seed: u32,
) {
    let mut noise = Noise(seed);
    let mut filter = Filter::default();
    let first = len(start);
    for i in 0..len(dur) {
        let Some(s) = out.get_mut(first + i) else { break };
        let t = i as f32 / RATE as f32;
        let x = t / dur;
        let hz = from + (to - from) * x;
        let (_, band) = filter.step(noise.next(), hz, 1.3);
        // The swish dies away before its end.
        let tail = 1.0 - raised(((x - 0.8) / 0.2).max(0.0));
        *s += gain * band * envelope(t, attack, decay) * tail;
    }
}

/// Adds a sine partial at `hz` from `start`, rising over `attack` and
/// decaying with time constant `decay`.
fn partial(out: &mut [f32], start: f32, hz: f32, (attack, decay): (f32, f32), gain: f32) {
    let first = len(start);
    for (i, s) in out.iter_mut().skip(first).enumerate() {
        let t = i as f32 / RATE as f32;
        let e = envelope(t, attack, decay);
        if t > attack && e < 1e-4 {
            break;
        }
        *s += gain * e * (TAU * hz * t).sin();
    }
}

fn card_drawn() -> Vec<f32> {
    let mut out = vec![0.0; len(0.24)];
    swish(&mut out, 0.0, 0.24, (900.0, 3_400.0), (0.05, 0.07), 1.0, 0x9E37_79B9);
    out
}

fn card_laid() -> Vec<f32> {
    let mut out = vec![0.0; len(0.2)];
    swish(&mut out, 0.0, 0.12, (2_600.0, 1_300.0), (0.015, 0.04), 1.0, 0x85EB_CA6B);
    // The soft pat of the card meeting the table: low noise and a low tone.
    let mut noise = Noise(0xC2B2_AE35);
    let mut filter = Filter::default();
    let first = len(0.085);
    for (i, s) in out.iter_mut().skip(first).enumerate() {
        let t = i as f32 / RATE as f32;
        let (low, _) = filter.step(noise.next(), 500.0, 1.0);
        *s += 1.6 * low * envelope(t, 0.003, 0.02);
    }
    partial(&mut out, 0.085, 170.0, (0.003, 0.025), 0.25);
    out
}

fn card_flipped() -> Vec<f32> {
    let mut out = vec![0.0; len(0.22)];
    swish(&mut out, 0.0, 0.08, (1_800.0, 3_600.0), (0.01, 0.025), 0.8, 0x27D4_EB2F);
    swish(&mut out, 0.07, 0.09, (2_200.0, 4_200.0), (0.008, 0.03), 1.0, 0x1656_67B1);
    // A light snap as the card lands face up.
    swish(&mut out, 0.15, 0.05, (3_000.0, 2_000.0), (0.002, 0.008), 0.6, 0xD3A2_646C);
    out
}

fn piece_set() -> Vec<f32> {
    let mut out = vec![0.0; len(0.18)];
    // A wooden block: a few inharmonic modes that die quickly, the higher
    // the sooner.
    for (hz, decay, gain) in [(820.0, 0.035, 1.0), (2_190.0, 0.016, 0.35), (3_520.0, 0.009, 0.15)] {
        partial(&mut out, 0.0, hz, (0.002, decay), gain);
    }
    // The knock itself: a breath of low noise.
    let mut noise = Noise(0xFD70_46C5);
    let mut filter = Filter::default();
    for (i, s) in out.iter_mut().enumerate().take(len(0.03)) {
        let t = i as f32 / RATE as f32;
        let (low, _) = filter.step(noise.next(), 1_200.0, 1.2);
        *s += 0.5 * low * envelope(t, 0.002, 0.006);
    }
    out
}

fn dice_rolled() -> Vec<f32> {
    let mut out = vec![0.0; len(0.36)];
    let clicks = [(0.0, 1.0), (0.05, 0.75), (0.095, 0.9), (0.155, 0.6), (0.21, 0.5), (0.285, 0.3)];
    for (k, &(at, gain)) in clicks.iter().enumerate() {
        let pitch = 2_300.0 + 260.0 * k as f32;
        partial(&mut out, at, pitch, (0.001, 0.006), 0.6 * gain);
        swish(&mut out, at, 0.02, (3_200.0, 2_600.0), (0.001, 0.004), gain, 0xB529_7A4D ^ k as u32);
    }
    out
}

fn refused() -> Vec<f32> {
    let mut out = vec![0.0; len(0.42)];
    // D4 then A3: a falling fourth, low and round.
    for (at, hz) in [(0.0, 293.66), (0.15, 220.0)] {
        partial(&mut out, at, hz, (0.025, 0.1), 1.0);
        partial(&mut out, at, 2.0 * hz, (0.025, 0.06), 0.2);
    }
    out
}

fn won() -> Vec<f32> {
    let mut out = vec![0.0; len(0.49)];
    // C5 E5 G5 C6, bell-like.
    for (k, hz) in [523.25f32, 659.25, 783.99, 1_046.5].into_iter().enumerate() {
        let at = 0.075 * k as f32;
        let decay = if k == 3 { 0.12 } else { 0.09 };
        partial(&mut out, at, hz, (0.006, decay), 1.0);
        partial(&mut out, at, 2.0 * hz, (0.006, decay * 0.5), 0.25);
        partial(&mut out, at, 3.0 * hz, (0.006, decay * 0.3), 0.08);
    }
    out
}

fn your_turn() -> Vec<f32> {
    let mut out = vec![0.0; len(0.48)];
    // A5 then E6, with the inharmonic overtone of a small bell.
    for (at, hz) in [(0.0, 880.0), (0.12, 1_318.5)] {
        partial(&mut out, at, hz, (0.012, 0.12), 1.0);
        partial(&mut out, at, 2.76 * hz, (0.012, 0.05), 0.18);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_short_quiet_and_starts_and_ends_in_silence() {
        for sound in Sound::ALL {
            let s = samples(sound);
            assert!(!s.is_empty(), "{sound:?}");
            assert!(seconds(sound) < 0.5, "{sound:?} lasts {} s", seconds(sound));
            assert!(s.iter().all(|x| x.is_finite()), "{sound:?}");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!((peak - PEAK).abs() < 1e-4, "{sound:?} peaks at {peak}");
            // A soft attack: the first millisecond stays well below the peak.
            let first_ms = &s[..(RATE / 1000) as usize];
            assert!(first_ms.iter().all(|x| x.abs() < PEAK / 4.0), "{sound:?} starts with a click");
            assert!(s[0].abs() < 1e-6 && s[s.len() - 1].abs() < 1e-6, "{sound:?} starts and ends at 0");
        }
    }

    #[test]
    fn sounds_are_computed_once_and_differ() {
        assert!(std::ptr::eq(samples(Sound::Won), samples(Sound::Won)), "kept, not made again");
        for a in Sound::ALL {
            for b in Sound::ALL {
                if a != b {
                    assert_ne!(samples(a), samples(b), "{a:?} and {b:?} sound alike");
                }
            }
        }
    }

    #[test]
    fn the_refusal_is_low_and_the_win_rises() {
        // Zero crossings per second, a rough pitch.
        let pitch = |s: &[f32]| {
            let crossings = s.windows(2).filter(|w| (w[0] < 0.0) != (w[1] < 0.0)).count();
            crossings as f32 / 2.0 / (s.len() as f32 / RATE as f32)
        };
        assert!(pitch(samples(Sound::Refused)) < 400.0);
        let won = samples(Sound::Won);
        let (early, late) = won.split_at(len(0.1));
        assert!(pitch(&late[..len(0.2)]) > pitch(early), "the arpeggio rises");
    }
}
