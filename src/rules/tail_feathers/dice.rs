//! The action dice and what they count: hits, blocks, stars and cheese
//! (the spec's table), the cheese wheel, wounds and the rattled and defeat
//! thresholds. Rolls come from the game state's RNG; the choices a roll
//! leaves (which cheese faces to re-roll, how to assign hits) are the
//! player's own actions in the game, not made here.

use super::components::CHEESE_MAX;
use crate::rules::Rng;

/// A face's symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Symbol {
    /// Gives a cheese.
    Cheese,
    /// A melee hit.
    Sword,
    /// A melee hit, and a block when defending.
    SwordShield,
    /// A ranged hit.
    Bow,
}

/// One face of an action die, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Face(pub u8);

/// (number, symbol, star) of faces 1 to 6.
const FACES: [(u8, Symbol, bool); 6] = [
    (1, Symbol::Cheese, false),
    (2, Symbol::Sword, true),
    (3, Symbol::SwordShield, false),
    (2, Symbol::Bow, false),
    (1, Symbol::Bow, true),
    (3, Symbol::SwordShield, true),
];

impl Face {
    fn row(self) -> (u8, Symbol, bool) {
        FACES[usize::from(self.0.clamp(1, 6) - 1)]
    }

    /// The number printed on it.
    #[must_use]
    pub fn number(self) -> u8 {
        self.row().0
    }

    /// Its symbol.
    #[must_use]
    pub fn symbol(self) -> Symbol {
        self.row().1
    }

    /// True when it shows a star.
    #[must_use]
    pub fn star(self) -> bool {
        self.row().2
    }
}

/// Rolls `n` action dice.
pub fn roll(n: u8, rng: &mut Rng) -> Vec<Face> {
    (0..n).map(|_| Face(rng.below(6) as u8 + 1)).collect()
}

/// The kind of an attack, which decides what counts as a hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Attack {
    /// Swords and sword-and-shields hit (melee, swoops, intercepts).
    Melee,
    /// Bows hit (ranged attacks, patrols).
    Ranged,
}

/// Hits rolled for an attack of `kind` (TF-R11).
#[must_use]
pub fn hits(faces: &[Face], kind: Attack) -> u8 {
    let hit = |f: &&Face| match kind {
        Attack::Melee => matches!(f.symbol(), Symbol::Sword | Symbol::SwordShield),
        Attack::Ranged => f.symbol() == Symbol::Bow,
    };
    faces.iter().filter(hit).count() as u8
}

/// Blocks rolled in defence: shields (TF-R11).
#[must_use]
pub fn blocks(faces: &[Face]) -> u8 {
    faces.iter().filter(|f| f.symbol() == Symbol::SwordShield).count() as u8
}

/// True when some die shows a star (a piloting check succeeds; fire goes
/// out).
#[must_use]
pub fn any_star(faces: &[Face]) -> bool {
    faces.iter().any(|f| f.star())
}

/// Cheese faces rolled.
#[must_use]
pub fn cheese_faces(faces: &[Face]) -> u8 {
    faces.iter().filter(|f| f.symbol() == Symbol::Cheese).count() as u8
}

/// Wounds an attack deals: hits not blocked (TF-R11). The defender rolls
/// only when at least one hit was scored.
#[must_use]
pub fn wounds(hits: u8, blocks: u8) -> u8 {
    hits.saturating_sub(blocks)
}

/// The wounds `attack` dice of `kind` are expected to deal to a target
/// rolling `defence` dice (hits less blocks, never below 0; the defender
/// rolls only when hit, which changes nothing here), worked out exactly
/// from the faces.
#[must_use]
pub fn expected_wounds(attack: u8, defence: u8, kind: Attack) -> f64 {
    let hit = FACES
        .iter()
        .filter(|f| match kind {
            Attack::Melee => matches!(f.1, Symbol::Sword | Symbol::SwordShield),
            Attack::Ranged => f.1 == Symbol::Bow,
        })
        .count() as f64
        / 6.0;
    let block = FACES.iter().filter(|f| f.1 == Symbol::SwordShield).count() as f64 / 6.0;
    let spread = |n: u8, p: f64| -> Vec<f64> {
        let mut d = vec![1.0];
        for _ in 0..n {
            let mut next = vec![0.0; d.len() + 1];
            for (k, &q) in d.iter().enumerate() {
                next[k] += q * (1.0 - p);
                next[k + 1] += q * p;
            }
            d = next;
        }
        d
    };
    let (hits, blocks) = (spread(attack, hit), spread(defence, block));
    let mut e = 0.0;
    for (h, &ph) in hits.iter().enumerate() {
        for (b, &pb) in blocks.iter().enumerate() {
            e += ph * pb * h.saturating_sub(b) as f64;
        }
    }
    e
}

/// Adds the cheese a roll gave to a wheel holding `wheel` (TF-R13): at most
/// [`CHEESE_MAX`]. Returns the new wheel and how many cheese faces did not
/// fit (those may be re-rolled once, by the roller's choice).
#[must_use]
pub fn add_cheese(wheel: u8, rolled: u8) -> (u8, u8) {
    let room = CHEESE_MAX.saturating_sub(wheel);
    let kept = rolled.min(room);
    (wheel + kept, rolled - kept)
}

/// True when a unit with `life` is defeated by `wounds` (TF-R12: a squad
/// figure has life 1, so any wound defeats it).
#[must_use]
pub fn defeated(wounds: u8, life: u8) -> bool {
    wounds >= life.max(1)
}

/// True when one attack's wounds rattle a pilot of printed `pilot_value`
/// (TF-R12, TF-R18: more wounds than the printed value).
#[must_use]
pub fn rattles(wounds_from_one_attack: u8, pilot_value: u8) -> bool {
    wounds_from_one_attack > pilot_value
}
