//! The one list of games (after egui's demo app, which keeps one list of
//! demos). Each entry says what the game is (Home), who may sit at it and
//! which variants it has (the new-game dialog), and — once it can be played —
//! how to replay a save (`aviary check`, Saved Games, the resume offer), open
//! one as a tab, start a new tab, and its rules page.
//!
//! Adding a game means: its rules module, its AI hooks, its view, and one
//! entry in [`GAMES`]. Nothing else in the app matches a game's id.

use std::path::{Path, PathBuf};

use crate::ai::Level;
use crate::rules::{Game, ToMove, daedalus, dust_wings, enchanted_plumes, feathers_wax, tail_feathers};
use crate::save::{self, SaveError, SaveFile};
use crate::session::Player;
use crate::table::Table;
use crate::ui::rules_text::{self, RulesPage};
use crate::ui::sketch::{Sketch, Sketched};
use crate::ui::{self, GameTab};

/// Who may sit at a game, as the new-game dialog offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// One person alone.
    Solitaire,
    /// Seats named by the rules ("White", "Black"), each a person or a
    /// computer.
    Fixed(&'static [&'static str]),
    /// Between `min` and `max` seats, each named and a person or a computer,
    /// with the first player chosen or drawn; `default` seats to begin with.
    Named {
        /// Fewest seats.
        min: usize,
        /// Most seats.
        max: usize,
        /// Seats offered at first.
        default: usize,
    },
}

/// A rules variant offered as a checkbox in the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The option's key in the game's options.
    pub key: &'static str,
    /// The checkbox text, with its rule id.
    pub label: &'static str,
    /// The group it is shown in (with an "all of them" box), if any.
    pub group: Option<&'static str>,
}

/// A game's tab as the app holds it.
pub type Tab = Box<dyn GameTab>;

/// How a playable game plugs into the app.
pub struct Play {
    /// Replays a parsed save (no UI).
    pub verify: fn(&SaveFile) -> Result<Summary, SaveError>,
    /// Opens a parsed save as a tab that autosaves to `path`.
    pub open: fn(&SaveFile, &Path) -> Result<Tab, SaveError>,
    /// A new game as a tab, from the dialog's choices and a seed.
    pub start: fn(&NewGame, u64, PathBuf) -> Box<dyn GameTab>,
    /// The rules page, in our own words.
    pub rules: &'static RulesPage,
    /// A friend's tab for an online game: the invite, the friend's name,
    /// the network settings, the UI context to wake and a path to name it.
    pub join: Join,
}

/// How a game opens a friend's tab from an invite code.
pub type Join = fn(crate::net::invite::Invite, String, crate::net::p2p::NetConfig, &egui::Context, PathBuf) -> Tab;

/// One game of Aviary.
pub struct GameEntry {
    /// The id in save files (`daedalus`): the rules' `Game::INFO.id`.
    pub id: &'static str,
    /// The display name.
    pub name: &'static str,
    /// Players, as printed ("2–6 players").
    pub players: &'static str,
    /// Typical length of a game.
    pub length: &'static str,
    /// One line that says what the game is.
    pub pitch: &'static str,
    /// Who may sit at it.
    pub seating: Seating,
    /// Rules variants offered when starting a game.
    pub variants: &'static [Variant],
    /// Short notes under the seats in the new-game dialog; `strict` is the
    /// strict-undo setting, `people` how many seats people take at this
    /// screen (a hand-off screen is promised only when two or more do).
    pub notes: fn(strict: bool, people: usize) -> Vec<&'static str>,
    /// How to play it; `None` while it is still coming.
    pub play: Option<Play>,
    /// The rules page written so far of a game still coming (the designed
    /// units and table), readable before the game is playable.
    pub preview_rules: Option<&'static RulesPage>,
    /// Its course of lessons, once written.
    pub learn: Option<Learn>,
    /// Paints its box cover (Home's shelf) in a rectangle.
    pub cover: fn(&egui::Painter, &crate::ui::theme::Palette, egui::Rect),
    /// Seat `n`'s colour where seats are shown before the game (the
    /// new-game dialog's tokens): the colour its pieces have in play.
    pub seat_colour: fn(&crate::ui::theme::Palette, usize) -> egui::Color32,
}

/// A game's course of lessons (see [`crate::lessons`]).
pub struct Learn {
    /// The lessons, in order.
    pub list: fn() -> Vec<crate::lessons::LessonInfo>,
    /// Lesson number `n` in a new tab (its table writes nothing; `dir` only
    /// names it).
    pub open: fn(n: usize, dir: &Path) -> Option<Tab>,
    /// A small picture of lesson `n`'s table as it starts.
    pub sketch: fn(n: usize) -> Option<Sketch>,
}

impl Learn {
    /// The whole course's minutes.
    #[must_use]
    pub fn minutes(&self) -> u32 {
        (self.list)().iter().map(|l| u32::from(l.minutes)).sum()
    }
}

impl GameEntry {
    /// Its rules page: the playable game's, or the preview of one coming.
    #[must_use]
    pub fn rules(&self) -> Option<&'static RulesPage> {
        self.play.as_ref().map(|p| p.rules).or(self.preview_rules)
    }
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("id", &self.id).finish_non_exhaustive()
    }
}

impl PartialEq for GameEntry {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

/// The new-game dialog's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Which game.
    pub game: &'static GameEntry,
    /// Who sits where.
    pub players: Vec<Player>,
    /// Seat names (games with [`Seating::Named`]).
    pub names: Vec<String>,
    /// Who plays first; `None` draws it at random.
    pub first: Option<u8>,
    /// The variants chosen, in the order of the entry's `variants`.
    pub variants: Vec<bool>,
    /// Optional seed, as typed.
    pub seed: String,
}

/// What the new-game dialog last started for one game: who sat where, the
/// seats' names, who began and the variants on (by key).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct LastSetup {
    /// Who played each seat.
    pub players: Vec<Player>,
    /// The seats' names (games with named seats).
    pub names: Vec<String>,
    /// Who began; `None` drew it.
    pub first: Option<u8>,
    /// The keys of the variants chosen.
    pub variants: Vec<String>,
}

/// Names offered for new seats.
pub const SEAT_NAMES: [&str; 6] = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay"];

impl NewGame {
    /// The dialog's starting choices for `game`: one person, and computers
    /// of `level` in the other seats.
    #[must_use]
    pub fn new(game: &'static GameEntry, level: Level) -> Self {
        let computer = Player::Computer(if level == Level::Random { Level::Normal } else { level });
        let seats = match game.seating {
            Seating::Solitaire => 1,
            Seating::Fixed(names) => names.len(),
            Seating::Named { default, .. } => default,
        };
        let players = (0..seats).map(|i| if i == 0 { Player::Human } else { computer }).collect();
        let names = match game.seating {
            Seating::Named { default, .. } => SEAT_NAMES.iter().take(default).map(ToString::to_string).collect(),
            _ => Vec::new(),
        };
        Self { game, players, names, first: None, variants: vec![false; game.variants.len()], seed: String::new() }
    }

    /// The dialog's choices as last started for this game, where they still
    /// fit its seating (a count of seats it allows, names for its seats);
    /// the rest stays as [`NewGame::new`] set it.
    pub fn remembered(&mut self, last: &LastSetup) {
        let seats = last.players.len();
        let fits = match self.game.seating {
            Seating::Solitaire => seats == 1,
            Seating::Fixed(names) => seats == names.len(),
            Seating::Named { min, max, .. } => (min..=max).contains(&seats),
        };
        if fits {
            self.players.clone_from(&last.players);
            if matches!(self.game.seating, Seating::Named { .. }) {
                self.names = (0..seats)
                    .map(|i| {
                        let typed = last.names.get(i).map(|n| n.trim()).filter(|n| !n.is_empty());
                        typed.map_or_else(
                            || SEAT_NAMES.get(i).copied().unwrap_or("Player").to_string(),
                            ToString::to_string,
                        )
                    })
                    .collect();
            }
            self.first = last.first.filter(|&f| usize::from(f) < seats);
        }
        for (variant, on) in self.game.variants.iter().zip(self.variants.iter_mut()) {
            *on = last.variants.iter().any(|k| k == variant.key);
        }
    }

    /// What to remember of these choices.
    #[must_use]
    pub fn to_remember(&self) -> LastSetup {
        LastSetup {
            players: self.players.clone(),
            names: self.seat_names(),
            first: self.first,
            variants: self
                .game
                .variants
                .iter()
                .zip(&self.variants)
                .filter(|(_, on)| **on)
                .map(|(v, _)| v.key.to_string())
                .collect(),
        }
    }

    /// Whether the variant with `key` was chosen.
    #[must_use]
    pub fn variant(&self, key: &str) -> bool {
        self.game.variants.iter().zip(&self.variants).any(|(v, on)| v.key == key && *on)
    }

    /// The names typed for the seats in play.
    #[must_use]
    pub fn seat_names(&self) -> Vec<String> {
        self.names.iter().take(self.players.len()).cloned().collect()
    }
}

/// A game's [`Learn`]: its course (a `static` array of lessons) and the tab
/// type that runs a lesson.
macro_rules! learn {
    ($course:path, $tab:ty) => {
        Learn {
            list: || $course.iter().map(crate::lessons::Lesson::info).collect(),
            open: |n, dir| {
                let course = &$course;
                let lesson = course.get(n)?;
                let session = lesson.session().ok()?;
                let table = Table::new(session, dir.join(format!("lesson-{}.json", lesson.id)));
                Some(Box::new(<$tab>::with_lesson(table, lesson, n, course.len())))
            },
            // (As the learner sees it: the lesson shows them their hand.)
            sketch: |n| {
                let lesson = $course.get(n)?;
                Some(lesson.session().ok()?.state().sketch_for(lesson.learner))
            },
        }
    };
}

/// Every game, in the order Home shows them.
pub static GAMES: [GameEntry; 5] = [
    GameEntry {
        id: daedalus::Daedalus::INFO.id,
        name: daedalus::Daedalus::INFO.name,
        players: "2 players",
        length: "20–40 min",
        pitch: "Build a maze of walls, then shift it to free your Gladiator while your Minotaur hunts theirs.",
        seating: Seating::Fixed(&["White", "Black"]),
        variants: &[Variant {
            key: "walls_roam",
            label: "Variant: walls roam (walls may leave their half after building)",
            group: None,
        }],
        notes: |_, _| vec!["A coin decides who builds first."],
        play: Some(Play {
            verify: summarize::<daedalus::Daedalus>,
            open: |file, path| {
                Ok(Box::new(ui::daedalus::DaedalusTab::new(Table::from_file(save::restore(file)?, path.to_path_buf()))))
            },
            start: |choice, seed, path| {
                let options = daedalus::Options { walls_roam: choice.variant("walls_roam") };
                Box::new(ui::daedalus::new_tab(options, seed, choice.players.clone(), path))
            },
            rules: &rules_text::DAEDALUS,
            join: |invite, name, config, ctx, path| {
                Box::new(ui::daedalus::DaedalusTab::joined(invite, name, config, ctx, path))
            },
        }),
        preview_rules: None,
        learn: Some(learn!(crate::lessons::daedalus::COURSE, ui::daedalus::DaedalusTab)),
        cover: ui::covers::daedalus,
        seat_colour: |p, n| if n == 0 { p.white_piece } else { p.black_piece },
    },
    GameEntry {
        id: feathers_wax::FeathersAndWax::INFO.id,
        name: feathers_wax::FeathersAndWax::INFO.name,
        players: "1 player (solitaire)",
        length: "15 min",
        pitch: "Gather feathers and wax in the labyrinth, build two pairs of wings, and fly home between sun and sea.",
        seating: Seating::Solitaire,
        variants: &[],
        notes: |strict, _| {
            vec![
                "A solitaire: you play Daedalus in the labyrinth and both flyers in the sky.",
                if strict {
                    "Strict undo is on: a card once seen cannot be taken back (Settings)."
                } else {
                    "Undo is unlimited; taking back a card you have seen marks the game as assisted."
                },
            ]
        },
        play: Some(Play {
            verify: summarize::<feathers_wax::FeathersAndWax>,
            open: |file, path| {
                Ok(Box::new(ui::feathers_wax::FeathersTab::new(Table::from_file(
                    save::restore(file)?,
                    path.to_path_buf(),
                ))))
            },
            start: |_, seed, path| Box::new(ui::feathers_wax::new_tab(seed, path)),
            rules: &rules_text::FEATHERS_AND_WAX,
            join: |invite, name, config, ctx, path| {
                Box::new(ui::feathers_wax::FeathersTab::joined(invite, name, config, ctx, path))
            },
        }),
        preview_rules: None,
        learn: Some(learn!(crate::lessons::feathers_wax::COURSE, ui::feathers_wax::FeathersTab)),
        cover: ui::covers::feathers_and_wax,
        seat_colour: |p, n| ui::theme::seat_colour(p, crate::rules::Seat(u8::try_from(n).unwrap_or(0))),
    },
    GameEntry {
        id: enchanted_plumes::EnchantedPlumes::INFO.id,
        name: enchanted_plumes::EnchantedPlumes::INFO.name,
        players: "2–6 players",
        length: "20 min",
        pitch: "Fan out peacock plumes row by row, matching colours, before someone draws the Peahen.",
        seating: Seating::Named { min: 2, max: 6, default: 3 },
        variants: &[],
        notes: |_, people| {
            vec![match people {
                0 => "The computer players' hands stay hidden; watch their plumes grow.",
                1 => "Only your own hand is shown; the computer players' hands stay hidden.",
                _ => "People share the screen: a hand-off screen hides each hand until its owner is ready.",
            }]
        },
        play: Some(Play {
            verify: summarize::<enchanted_plumes::EnchantedPlumes>,
            open: |file, path| {
                Ok(Box::new(ui::enchanted_plumes::PlumesTab::new(Table::from_file(
                    save::restore(file)?,
                    path.to_path_buf(),
                ))))
            },
            start: |choice, seed, path| {
                let options = enchanted_plumes::Options { names: choice.seat_names(), first: choice.first };
                Box::new(ui::enchanted_plumes::new_tab(options, seed, choice.players.clone(), path))
            },
            rules: &rules_text::ENCHANTED_PLUMES,
            join: |invite, name, config, ctx, path| {
                Box::new(ui::enchanted_plumes::PlumesTab::joined(invite, name, config, ctx, path))
            },
        }),
        preview_rules: None,
        learn: Some(learn!(crate::lessons::enchanted_plumes::COURSE, ui::enchanted_plumes::PlumesTab)),
        cover: ui::covers::enchanted_plumes,
        seat_colour: |p, n| ui::theme::seat_colour(p, crate::rules::Seat(u8::try_from(n).unwrap_or(0))),
    },
    GameEntry {
        id: dust_wings::DustInTheWings::INFO.id,
        name: dust_wings::DustInTheWings::INFO.name,
        players: "2–4 players",
        length: "30 min",
        pitch: "Scatter butterflies across a flowering meadow to gather sets and shapes for crystals.",
        seating: Seating::Named { min: 2, max: 4, default: 2 },
        variants: &[],
        notes: |_, _| vec!["Nothing is hidden: people simply take turns at the screen."],
        play: Some(Play {
            verify: summarize::<dust_wings::DustInTheWings>,
            open: |file, path| {
                Ok(Box::new(ui::dust_wings::WingsTab::new(Table::from_file(save::restore(file)?, path.to_path_buf()))))
            },
            start: |choice, seed, path| {
                let options = dust_wings::Options { names: choice.seat_names(), first: choice.first };
                Box::new(ui::dust_wings::new_tab(options, seed, choice.players.clone(), path))
            },
            rules: &rules_text::DUST_IN_THE_WINGS,
            join: |invite, name, config, ctx, path| {
                Box::new(ui::dust_wings::WingsTab::joined(invite, name, config, ctx, path))
            },
        }),
        preview_rules: None,
        learn: Some(learn!(crate::lessons::dust_wings::COURSE, ui::dust_wings::WingsTab)),
        cover: ui::covers::dust_in_the_wings,
        seat_colour: |p, n| ui::theme::seat_colour(p, crate::rules::Seat(u8::try_from(n).unwrap_or(0))),
    },
    GameEntry {
        id: tail_feathers::TailFeathers::INFO.id,
        name: tail_feathers::TailFeathers::INFO.name,
        players: "2 players",
        length: "60–90 min",
        pitch: "Mice on birds against rats on birds: a miniatures skirmish among the treetops.",
        seating: Seating::Fixed(&["Mice", "Rats"]),
        variants: &[
            Variant { key: "rank-0", label: "Tansy (mice) flies at the standard rank card, not rookie", group: None },
            Variant { key: "rank-1", label: "Burdock (mice) flies at the ace rank card, not standard", group: None },
            Variant { key: "rank-2", label: "Wren (mice) flies at the ace rank card, not rookie", group: None },
            Variant { key: "rank-3", label: "Grist (rats) flies at the ace rank card, not standard", group: None },
            Variant { key: "rank-4", label: "Mallow (rats) flies at the standard rank card, not rookie", group: None },
            Variant {
                key: "announce_first",
                label: "Announce flights first, as at the table (no ghosts of where each flight ends)",
                group: None,
            },
            Variant {
                key: "foraging",
                label: "Foraging: an activated ground unit may do nothing for a cheese",
                group: Some("Additional rules"),
            },
            Variant {
                key: "feathers",
                label: "Tail feathers: wounded flying birds drop feathers that block sight and rattle pilots",
                group: Some("Additional rules"),
            },
            Variant {
                key: "death_spirals",
                label: "Death spirals: a bird that flies into an enemy bird locks it in a duel in the air",
                group: Some("Additional rules"),
            },
            Variant {
                key: "leaves",
                label: "Leaves: leaves hang from the branches; cut one loose and ride it across the battlefield",
                group: Some("Additional rules"),
            },
            Variant {
                key: "action_cards",
                label: "Action cards: each side picks a secret hand of 7 cards to play on its units",
                group: Some("Additional rules"),
            },
            Variant {
                key: "structures",
                label: "Structures: a card builds a ballista in the trees (turns action cards on)",
                group: Some("Additional rules"),
            },
        ],
        notes: |strict, people| {
            vec![
                if people >= 2 {
                    "Mission cards, initiative bids and action cards are secret: with two people at the screen, a hand-off bar hides them."
                } else {
                    "Mission cards, initiative bids and action cards are secret: the computer's stay hidden from you."
                },
                if strict {
                    "Strict undo is on: rolled dice cannot be taken back (Settings)."
                } else {
                    "Undo across rolled dice asks first and marks the game; the dice fall the same way again."
                },
            ]
        },
        play: Some(Play {
            verify: summarize::<tail_feathers::TailFeathers>,
            open: |file, path| {
                Ok(Box::new(ui::tail_feathers::SkirmishTab::new(Table::from_file(
                    save::restore(file)?,
                    path.to_path_buf(),
                ))))
            },
            start: |choice, seed, path| {
                let options = tail_feathers::game::Options {
                    veterans: false,
                    higher: ["rank-0", "rank-1", "rank-2", "rank-3", "rank-4"].map(|k| choice.variant(k)),
                    announce_first: choice.variant("announce_first"),
                    foraging: choice.variant("foraging"),
                    feathers: choice.variant("feathers"),
                    death_spirals: choice.variant("death_spirals"),
                    leaves: choice.variant("leaves"),
                    // A card builds the ballista: structures bring the
                    // cards with them.
                    action_cards: choice.variant("action_cards") || choice.variant("structures"),
                    structures: choice.variant("structures"),
                };
                Box::new(ui::tail_feathers::new_tab(options, seed, choice.players.clone(), path))
            },
            rules: &rules_text::TAIL_FEATHERS,
            join: |invite, name, config, ctx, path| {
                Box::new(ui::tail_feathers::SkirmishTab::joined(invite, name, config, ctx, path))
            },
        }),
        preview_rules: None,
        learn: Some(learn!(crate::lessons::tail_feathers::COURSE, ui::tail_feathers::SkirmishTab)),
        cover: ui::covers::tail_feathers,
        seat_colour: |p, n| if n == 0 { p.forest.mice_base } else { p.forest.rats_base },
    },
];

/// The game with save-file id `id`.
#[must_use]
pub fn entry(id: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|e| e.id == id)
}

/// The first game of the list (the menu's "New…" starts there).
#[must_use]
pub fn first() -> &'static GameEntry {
    &GAMES[0]
}

/// What a save replays to: the facts `aviary check`, the Saved Games list
/// and the resume offer show.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's display name.
    pub game: &'static str,
    /// Actions recorded (including undone ones that can be redone).
    pub actions: usize,
    /// Actions in effect.
    pub cursor: usize,
    /// True when the game is over.
    pub finished: bool,
    /// Who is to move and what they owe, or how the game ended.
    pub now: String,
    /// A small picture of the table as everyone sees it.
    pub sketch: Sketch,
}

fn summarize<G: Game + Sketched>(file: &SaveFile) -> Result<Summary, SaveError> {
    let session = save::restore::<G>(file)?;
    if let Some(copy) = &file.friend {
        // A friend's copy: its views, the last one as things stand.
        let views = copy.states::<G>()?;
        let now = views.last().map_or_else(
            || "a friend's copy: the host's table never came".to_string(),
            |v| match v.outcome() {
                Some(o) => format!("a friend's copy — finished: {}", o.reason),
                None => format!("a friend's copy — {}", v.status()),
            },
        );
        let finished = views.last().is_some_and(|v| v.outcome().is_some());
        let sketch = views.last().map(Sketched::sketch).unwrap_or_default();
        return Ok(Summary { game: G::INFO.name, actions: views.len(), cursor: views.len(), finished, now, sketch });
    }
    let state = session.state();
    let now = match (state.outcome(), state.to_move()) {
        (Some(o), _) => format!("finished: {}", o.reason),
        (None, ToMove::Seat(s)) => {
            let (who, status) = (state.seat_name(s), state.status());
            // "Ada: play 1 or 2 cards" already says whose turn it is, as
            // does "Round 5 · Activation · Mice to fly the Chaffinch" (the
            // repeat cut the part that told saves apart).
            if status.contains(&who) { status } else { format!("{who} to move — {status}") }
        }
        // A card about to be turned or dice about to roll: what the
        // status says comes next.
        (None, _) => state.status(),
    };
    Ok(Summary {
        game: G::INFO.name,
        actions: session.actions().len(),
        cursor: session.cursor(),
        finished: session.is_over(),
        now,
        sketch: state.sketch(),
    })
}

/// The way to play the game a save is for.
fn play_of(file: &SaveFile) -> Result<&'static Play, SaveError> {
    entry(&file.game).and_then(|e| e.play.as_ref()).ok_or_else(|| SaveError::UnknownGame(save::clip(&file.game, 40)))
}

/// Replays a parsed save of any game, with crashes contained.
///
/// # Errors
/// The first problem, as [`save::restore`] finds it.
pub fn verify(file: &SaveFile) -> Result<Summary, SaveError> {
    save::contained(|| (play_of(file)?.verify)(file))
}

/// Reads, parses and replays the save at `path`.
///
/// # Errors
/// The first problem: unreadable, too large, foreign, damaged, newer, or a
/// move the game refuses.
pub fn verify_path(path: &Path) -> Result<(SaveFile, Summary), SaveError> {
    let file = save::parse(&save::read(path)?)?;
    let summary = verify(&file)?;
    Ok((file, summary))
}

/// Opens the save at `path` as a tab, with crashes contained.
///
/// # Errors
/// The [`SaveError`] naming the problem.
pub fn open(path: &Path) -> Result<Box<dyn GameTab>, SaveError> {
    let file = save::parse(&save::read(path)?)?;
    save::contained(|| {
        let mut tab = (play_of(&file)?.open)(&file, path)?;
        if let Some(copy) = &file.friend {
            tab.open_copy(copy)?;
        }
        Ok(tab)
    })
}

/// One row of the Saved Games screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// The file.
    pub path: PathBuf,
    /// The game's display name (or the id for unknown games).
    pub game: String,
    /// Seats, as "White v Black (computer, normal)".
    pub seats: String,
    /// Seconds since 1970 when saved.
    pub saved_at: u64,
    /// Actions in effect.
    pub moves: usize,
    /// True when the game was over.
    pub finished: bool,
    /// Who is to move and what they owe, or how the game ended (empty when
    /// the file does not load).
    pub now: String,
    /// Why the file cannot be loaded, if it cannot.
    pub problem: Option<String>,
    /// A small picture of the table (empty when the file does not load).
    pub sketch: Sketch,
    /// How many seats the game has (0 when the file does not load).
    pub players: usize,
}

impl Listing {
    /// Whether the file still has a name Aviary gave it: the game's id,
    /// alone ("enchanted-plumes", as older versions named a game) or with
    /// the date it began or a number ("enchanted-plumes-2026-11-28-15-03"),
    /// not one a person chose.
    #[must_use]
    pub fn is_auto_named(&self) -> bool {
        let stem = self.path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        GAMES.iter().any(|e| {
            stem.strip_prefix(e.id).is_some_and(|rest| {
                rest.is_empty()
                    || rest.strip_prefix('-').is_some_and(|r| {
                        r.starts_with(|c: char| c.is_ascii_digit())
                            && r.bytes().all(|b| b.is_ascii_digit() || b == b'-')
                    })
            })
        })
    }

    /// The name to show the game by: the one a person gave its file, or
    /// for a file Aviary named, the game and how many play it
    /// ("Enchanted Plumes, 4 players").
    #[must_use]
    pub fn title(&self) -> String {
        if self.is_auto_named() {
            if self.players > 1 { format!("{}, {} players", self.game, self.players) } else { self.game.clone() }
        } else {
            self.path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned())
        }
    }
}

/// One row of the Saved Games list: the file replayed, with its problem if
/// it does not load.
#[must_use]
pub fn listing(path: PathBuf) -> Listing {
    let modified = || {
        std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs())
    };
    let file = match save::read(&path).and_then(|t| save::parse(&t)) {
        Ok(f) => f,
        Err(e) => {
            return Listing {
                game: "?".into(),
                seats: String::new(),
                saved_at: modified(),
                moves: 0,
                finished: false,
                now: String::new(),
                problem: Some(e.to_string()),
                sketch: Sketch::default(),
                players: 0,
                path,
            };
        }
    };
    let game = entry(&file.game).map_or_else(|| save::clip(&file.game, 40), |e| e.name.to_string());
    let seats = save::describe_seats(&file.seats);
    let players = file.seats.len();
    match verify(&file) {
        Ok(summary) => Listing {
            game,
            seats,
            saved_at: file.saved_at,
            moves: summary.cursor,
            finished: summary.finished,
            now: summary.now,
            problem: None,
            sketch: summary.sketch,
            players,
            path,
        },
        Err(e) => Listing {
            game,
            seats,
            saved_at: file.saved_at,
            moves: file.cursor.unwrap_or(file.actions.len()).min(file.actions.len()),
            finished: false,
            now: String::new(),
            problem: Some(e.to_string()),
            sketch: Sketch::default(),
            players,
            path,
        },
    }
}

/// Lists the saves in `dir`, newest first, each replayed to check that it
/// loads (so call it off the UI thread). A missing folder lists nothing.
#[must_use]
pub fn list(dir: &Path) -> Vec<Listing> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<Listing> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(listing)
        .collect();
    out.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then_with(|| a.path.cmp(&b.path)));
    out
}
