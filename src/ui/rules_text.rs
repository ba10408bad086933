//! The in-app rules pages, written in our own words, rulings included.

/// A rules page: a title and sections of (heading, paragraphs).
pub struct RulesPage {
    /// The game's name.
    pub title: &'static str,
    /// Sections in order.
    pub sections: &'static [(&'static str, &'static [&'static str])],
}

/// Daedalus, explained.
pub const DAEDALUS: RulesPage = RulesPage {
    title: "Daedalus",
    sections: &[
        (
            "The idea",
            &[
                "Two players share an 8×8 board. Each has a Gladiator, a Minotaur and seven walls in their colour. \
                 You win by walking your Gladiator off the far side of the board, or when your Minotaur catches \
                 the other Gladiator.",
                "Squares are named like a chessboard seen from White's side: files a–h left to right, ranks 1–8 \
                 bottom to top. White's home row is rank 1, Black's is rank 8. Each player counts rows from their \
                 own home row, so your half is your rows 1–4 (DA-R1).",
            ],
        ),
        (
            "Building",
            &[
                "A coin decides who builds first; the other player will make the first move of the game (DA-R2).",
                "Players take turns placing one wall each on an empty square of their own half until both have \
                 placed all seven. Then the first builder places their Gladiator, the second builder theirs, then \
                 the first builder's Minotaur and the second builder's — each on an empty square of its owner's \
                 home row (DA-R3).",
            ],
        ),
        (
            "Walls may not bunch up",
            &[
                "After any placement or wall move, no wall may have two or more walls of its own colour among the \
                 eight squares around it (diagonals count). Walls of the other colour do not matter (DA-R4).",
                "Walls stay on their owner's half for the whole game (DA-R5). The variant \"walls roam\", chosen \
                 when starting a game, lets walls wander anywhere once building is over.",
            ],
        ),
        (
            "Moving",
            &[
                "Every piece moves one square up, down, left or right, never diagonally, and only onto an empty \
                 square: pieces never share a square or jump (DA-R6).",
                "On your turn you move two different walls of your colour one square each and your Gladiator one \
                 square, in any order you like. On your 1st, 3rd, 5th… turn your Minotaur then moves one square as \
                 well, if it can (DA-R7).",
                "The app judges the turn as a whole. When your turn starts it works out the fullest turn you could \
                 complete: two wall moves if any complete turn has two (else one, else none), plus the Gladiator \
                 move if any complete turn includes one. Where these conflict, the turn with more moves wins, and \
                 between equals the one that moves the Gladiator. Each single move is allowed only if the rest of \
                 that turn can still be completed — so if your Gladiator is boxed in, one of your wall moves must \
                 open a way for it.",
            ],
        ),
        (
            "Winning",
            &[
                "A Gladiator standing on its far row may step off the board: its player wins at once (DA-R8). \
                 Drag it onto the green strip beyond the board.",
                "A Minotaur that steps onto the other Gladiator's square kills it and wins the game. A Minotaur \
                 may not step onto its own Gladiator or onto the other Minotaur (DA-R9).",
            ],
        ),
        (
            "No trapping",
            &[
                "No move — of a wall, a Gladiator or a Minotaur — may leave any Gladiator without a square to step \
                 to. Stepping off the far edge counts as a square. A Minotaur's kill is not a trap (DA-R10).",
                "If the player to move cannot move anything at all, their turn passes, and the log says so \
                 (DA-R11).",
            ],
        ),
        (
            "Draws",
            &["The printed rules have no draw, but walls can shuffle forever, so we added one: the game is drawn \
                 when the same position (pieces, walls, player to move and where each Minotaur is in its \
                 every-other-turn rhythm) comes up for the third time, or once both players have played 150 turns \
                 of the escaping phase (DA-R12)."],
        ),
        (
            "Playing in Aviary",
            &[
                "Drag a piece to move it, or click it and then click where it should go. While you drag, the \
                 squares it may reach are marked with green dots, the square under the pointer turns green or \
                 red, and a red square tells you which rule forbids the move.",
                "With the keyboard: the arrow keys move a cursor over the board (past your far row onto the exit \
                 strip), and Enter or Space does what a click would; Escape drops the selection.",
                "Ctrl+Z undoes your last move (against the computer, its reply too); Ctrl+Shift+Z or Ctrl+Y \
                 redoes. Every move is saved at once.",
                "The computer players: easy looks one whole turn ahead and judges positions by how many steps \
                 each Gladiator still needs to escape and how close each Minotaur is to its prey; normal and hard \
                 use Monte Carlo tree search for about 0.4 and 1.5 seconds a move, trying the likeliest moves \
                 first and looking at how you are likely to answer.",
            ],
        ),
    ],
};

/// The rules page of a game id, if written.
#[must_use]
pub fn page(id: &str) -> Option<&'static RulesPage> {
    match id {
        "daedalus" => Some(&DAEDALUS),
        _ => None,
    }
}

/// Draws a rules page.
pub fn rules_ui(ui: &mut egui::Ui, page: &RulesPage) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.set_max_width(760.0);
        ui.heading(format!("{} — rules", page.title));
        for (heading, paragraphs) in page.sections {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(*heading).strong().size(17.0));
            for p in *paragraphs {
                ui.label(*p);
                ui.add_space(3.0);
            }
        }
    });
}
