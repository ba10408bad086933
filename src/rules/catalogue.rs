//! The five games of Aviary as the Home tab lists them.

/// One entry of the Home tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// Save-file id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Players, as printed ("2", "2–6").
    pub players: &'static str,
    /// Typical length of a game.
    pub length: &'static str,
    /// One line that says what the game is.
    pub pitch: &'static str,
    /// True when the game can be started in this version.
    pub playable: bool,
}

/// All five games, in the order the Home tab shows them.
pub const CATALOGUE: [CatalogueEntry; 5] = [
    CatalogueEntry {
        id: "daedalus",
        name: "Daedalus",
        players: "2 players",
        length: "20–40 min",
        pitch: "Build a maze of walls, then shift it to free your Gladiator while your Minotaur hunts theirs.",
        playable: true,
    },
    CatalogueEntry {
        id: "feathers-and-wax",
        name: "Feathers & Wax",
        players: "1 player (solitaire)",
        length: "15 min",
        pitch: "Gather feathers and wax in the labyrinth, build two pairs of wings, and fly home between sun and sea.",
        playable: true,
    },
    CatalogueEntry {
        id: "enchanted-plumes",
        name: "Enchanted Plumes",
        players: "2–6 players",
        length: "20 min",
        pitch: "Fan out peacock plumes row by row, matching colours, before someone draws the Peahen.",
        playable: true,
    },
    CatalogueEntry {
        id: "dust-in-the-wings",
        name: "Dust in the Wings",
        players: "2–4 players",
        length: "30 min",
        pitch: "Scatter butterflies across a flowering meadow to gather sets and shapes for crystals.",
        playable: true,
    },
    CatalogueEntry {
        id: "tail-feathers",
        name: "Tail Feathers",
        players: "2 players",
        length: "60–90 min",
        pitch: "Mice on birds against rats on birds: a miniatures skirmish among the treetops.",
        playable: false,
    },
];

/// The catalogue entry with save-file id `id`.
#[must_use]
pub fn entry(id: &str) -> Option<&'static CatalogueEntry> {
    CATALOGUE.iter().find(|e| e.id == id)
}
