//! The in-app rules pages, written in our own words, rulings included.
//! Each page has "Playing in Aviary" and a one-minute idea (shown idea first), then
//! the rules, with pictures drawn by the game's own painters where words
//! are clumsy; designer statistics and tuning tables come last, in
//! sections whose heading starts with "Appendix", folded until opened.

use super::figures::Figure;
use super::rules_glance as glance;
use crate::rules::tail_feathers;

pub use super::rules_page::{Cover, rules_ui, rules_with_lessons_ui};

/// A rules page: a title and sections of (heading, paragraphs).
pub struct RulesPage {
    /// The game's name.
    pub title: &'static str,
    /// The game at a glance: its turn in a few numbered steps, shown
    /// under the idea.
    pub glance: &'static [&'static str],
    /// Sections in order.
    pub sections: &'static [(&'static str, &'static [&'static str])],
    /// Pictures, each shown at the end of the section with that heading.
    pub figures: &'static [(&'static str, Figure)],
}

/// Where the rules pages explain rule `id` (as "FW-R1"): the game's title
/// and the heading of the first section that cites it, appendices aside.
#[must_use]
pub fn rule_home(id: &str) -> Option<(&'static str, &'static str)> {
    let cites = |text: &str| {
        text.match_indices(id).any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
    };
    [&DAEDALUS, &FEATHERS_AND_WAX, &ENCHANTED_PLUMES, &DUST_IN_THE_WINGS, &TAIL_FEATHERS].into_iter().find_map(|page| {
        page.sections
            .iter()
            .filter(|(heading, _)| !heading.starts_with("Appendix"))
            .find(|(_, paragraphs)| paragraphs.iter().any(|p| cites(p)))
            .map(|(heading, _)| (page.title, *heading))
    })
}

/// The line under a refused move's reason that says where the rules
/// explain it: "From the rules: The labyrinth (FW-R1)" (the bare id read
/// as developer's words to a new player: review 8), or the id alone.
#[must_use]
pub fn rule_words(id: &str) -> String {
    match rule_home(id) {
        Some((_, heading)) => format!("From the rules: {heading} ({id})"),
        None => format!("Rule {id}"),
    }
}

/// Daedalus, explained.
pub const DAEDALUS: RulesPage = RulesPage {
    title: "Daedalus",
    glance: glance::DAEDALUS,
    sections: &[
        (
            "Playing in Aviary",
            &[
                "Drag a piece to move it, or click it and then click where it should go. While you drag, the \
                 squares it may reach are marked with green dots, the square under the pointer turns green or \
                 red, and a red square tells you which rule forbids the move.",
                "With the keyboard: the arrow keys move a cursor over the board (past your far row onto the exit \
                 strip), and Enter or Space does what a click would; Escape drops the selection. Tab also reaches \
                 the tray of walls (and then Gladiator and Minotaur) to place and every square of the board, where \
                 Enter or Space chooses too.",
                "Ctrl+Z undoes your last move (against the computer, its reply too); \"Undo turn\" \
                 (Ctrl+Alt+Z) takes back your whole last turn; Ctrl+Shift+Z or Ctrl+Y redoes. Every move is saved \
                 at once.",
            ],
        ),
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
            "Appendix: the computer players",
            &["The computer players: easy looks one whole turn ahead and judges positions by how many steps \
                 each Gladiator still needs to escape (a wall in the way counts as a few extra steps, since walls \
                 can be moved aside) and how close each Minotaur is to its prey; normal and hard \
                 use Monte Carlo tree search with 2,000 and 8,000 simulations, trying the likeliest moves first and \
                 looking at how you are likely to answer. One search plans the computer's whole turn (at most 1 \
                 and 3 seconds of thinking a turn); its moves are then played one by one at the pace set in \
                 Settings, so you can follow them."],
        ),
    ],
    figures: &[],
};

/// Feathers & Wax, explained.
pub const FEATHERS_AND_WAX: RulesPage = RulesPage {
    title: "Feathers & Wax",
    glance: glance::FEATHERS_AND_WAX,
    sections: &[
        (
            "Playing in Aviary",
            &[
                "Drag Daedalus along the way you want: the path follows the pointer cell by cell, and before you \
                 let go the app lists which nests and hives the path will draw from. Green dots mark the cells the \
                 card in play can reach; a click on one walks the shortest way there. Each step is its own move, so \
                 a king decision can interrupt a path, and undo takes back one step at a time.",
                "Drag spades onto the wing racks; drag the drawn flight cards onto a flyer. While you hover, the \
                 app rings the cell where the flyer would land.",
                "The win-chance meter estimates, after every move, how often the hint's policy would win from \
                 here, by playing a thousand games on re-shuffles of the cards you have not seen (never the real \
                 order). Hint shows what that policy would do now. After a lost game, \"Where did it go wrong?\" \
                 finds your decision that cost the most estimated chance, with a button to undo back to it.",
                "Undo is unlimited: Ctrl+Z takes back one step, \"Undo turn\" (Ctrl+Alt+Z) the steps since the \
                 last card turned up. Taking back a move that showed you a card asks first and marks the game as \
                 assisted; statistics on the Home tab count clean and assisted games apart. The setting \"strict \
                 undo\" forbids taking back a card once seen.",
            ],
        ),
        (
            "The idea",
            &[
                "A solitaire in three acts. Daedalus roams a labyrinth gathering feathers and wax, the two of them \
                 become wing sections, and then Icarus and Daedalus jump from the tower and must both reach the \
                 island without flying into the sun or the sea.",
                "One deck of 52 cards is split by suit. Spades are feathers, clubs are wax, and the red cards \
                 move people: in the labyrinth the ace to ten of hearts and diamonds (20 cards), in the sky all 26 \
                 red cards, shuffled afresh.",
            ],
        ),
        (
            "The labyrinth",
            &[
                "Our labyrinth is 12 columns (a to l) by 8 rows (1 at the top). Daedalus comes in through the door \
                 on the west side of row 7 and must leave through the door on the east side of row 1. The shortest \
                 way through takes 23 steps, counting the step in and the step out. Nine nests (feathers) and nine \
                 hives (wax) are scattered off that way, between 2 and 18 extra steps from it.",
                "Each movement card is drawn by itself when the last one is used up. A heart moves Daedalus up to \
                 its value in steps, turning as you like and even doubling back; a diamond moves him up to its \
                 value in one straight line. You may stop early, even without moving (FW-R1). Steps go between \
                 neighbouring cells that no wall separates.",
                "Every nest or hive Daedalus steps into, whether he passes through or stops, gives one card from \
                 that suit's deck, in the order he reaches them. The cell he starts a move on gives nothing \
                 (FW-R2). A location he has used is dry until he reaches the far edge column of the labyrinth — \
                 the east edge first, then the west edge, and so on; arriving there makes every used location \
                 fresh again (FW-R3). The tinted column on the board is the edge that refreshes next.",
                "Face cards act the moment they are drawn (FW-R4). A king is kept; when a jack or queen of the \
                 same suit turns up and would hurt, you choose whether to spend the king to cancel it (FW-R5). A \
                 jack (the Jailer) takes every ace-to-ten you hold of its suit; kings stay (FW-R6). A queen (the \
                 Maiden) ends collecting of her suit for the rest of the labyrinth if you hold more than three of \
                 it; otherwise she does nothing (FW-R7). A suit whose deck is empty gives nothing (FW-R9).",
                "The step out of the exit door counts as a step and ends the labyrinth. Every movement card drawn \
                 must be used, and if the last one is used with Daedalus still inside, the game is lost (FW-R8).",
            ],
        ),
        (
            "The wings",
            &["Each wing section needs one feather and one wax card, so you get as many sections as the smaller \
                 of the two piles. You choose which spades become sections — their values matter later — and share \
                 them between Icarus and Daedalus; each needs at least one. With fewer than two sections the game \
                 is lost (FW-R10)."],
        ),
        (
            "The sky",
            &[
                "Our sky is 11 columns by 7 rows. Column 0 is the tower, where both flyers start in the middle \
                 row; column 10 is the safe air over the island. The top row is the sun, the bottom row the sea.",
                "Each turn you draw cards one at a time: at least two while both fly (at least one once one is \
                 safe), and as many more as you dare (FW-R11). While both are still in the tower, jacks, queens and \
                 kings are set aside and replaced (FW-R12). Then you give one drawn card to each flyer, Icarus \
                 first (FW-R13); the rest are discarded.",
                "A heart moves its flyer one column right and one row down. A diamond moves one right and up: one \
                 row for Daedalus, two for Icarus. A jack lifts one row, a queen drops one row, and a king pushes \
                 the flyer one row away from the other — your choice of direction if they share a row, and up if \
                 the other is already safe (FW-R16).",
                "Moves go one step at a time, the step right first. A flyer about to enter the other's cell stops \
                 in the cell just below the other instead (FW-R14).",
                "After its card, a flyer may shed a wing section whose value equals the card's (ace counts 1; \
                 faces never match) to go one more column right, and then may shed any section to move one row up \
                 or down. Ending in the sun row melts a section and drops the flyer two rows; ending in the sea row \
                 soaks a section and lifts it two rows. Leaving the sky at the top or bottom, or running out of \
                 sections, loses the game (FW-R15). The sun or the sea always takes the flyer's section of lowest \
                 value (our reading: the rules do not say which).",
                "A flyer is safe the moment a step right takes it into column 10; whatever was left of its move is \
                 skipped. Both safe: you win. If the deck cannot give a turn its minimum while someone still flies, \
                 the game is lost (FW-R17).",
            ],
        ),
        (
            "Appendix: how hard is it?",
            &["Measured with the app's own playing policy (the one behind hints) on 1,000 random deals: it gets \
                 out of the labyrinth with at least two sections in 85.5% of deals and wins 49.1% of all deals, \
                 57% of those that reach the sky. A random player never wins. With 9 rows of sky instead of \
                 7 the policy won three deals in four, so we chose 7."],
        ),
    ],
    figures: &[("The labyrinth", Figure::LabyrinthSymbols)],
};

/// Enchanted Plumes, explained.
pub const ENCHANTED_PLUMES: RulesPage = RulesPage {
    title: "Enchanted Plumes",
    glance: glance::ENCHANTED_PLUMES,
    sections: &[
        (
            "Playing in Aviary",
            &[
                "Drag a card from your hand onto a row of one of your plumes, onto \"new plume\" or onto a Train \
                 card to swap it; or click the card, then the place. While you drag, every place the rules accept \
                 is outlined, and the place under the pointer turns green, or red with the rule that forbids it. \
                 Click the deck to draw.",
                "When several people share the screen, a hand-off bar says whose turn it is and what the others \
                 did since that person's last turn; the table stays in view and only the hands are hidden until \
                 they press \"I am …: show my cards\".",
                "Ctrl+Z takes back one action; \"Undo turn\" (Ctrl+Alt+Z) takes back your whole last turn. Within \
                 your own turn you may take back cards you laid freely, until you draw. Undoing a draw or another \
                 player's turn shows information you should not have, so Aviary asks first and marks the game \
                 \"undo used\" in the statistics (the Settings option \"strict undo\" forbids it).",
            ],
        ),
        (
            "The idea",
            &[
                "Two to six players lay Feather cards into plumes: rows that narrow by one card each step down. \
                 The top row of a plume counts against you, every row below it counts for you, and a plume that \
                 narrows all the way to a single card is a finished peacock worth a bonus. The game stops the \
                 moment someone draws the Peahen.",
                "Feathers come in ten colours (each card also shows a letter: R red, W white, Y yellow, G green, \
                 O orange, T teal, B blue, Pk pink, Pu purple, Bk black) with values 0 to 9.",
            ],
        ),
        (
            "The deck and the setup",
            &[
                "Fewer players use fewer high cards: with 2 players the 7s, 8s and 9s stay out; with 3 the 8s and \
                 9s; with 4 the 9s; 5 or 6 players use all 100 cards (EP-R1).",
                "Everyone is dealt nine cards and secretly gives three back (EP-R2). The deck is shuffled again, \
                 its top seven cards are shuffled together with the Peahen and slid under the deck, so the Peahen \
                 hides somewhere among the last eight cards. Five cards are turned up beside the deck: the Train. \
                 The first player is drawn at random unless the new-game dialog names one (EP-R9).",
            ],
        ),
        (
            "Your turn",
            &[
                "First lay one or two cards from your hand (EP-R3): each one starts a new plume or joins one of \
                 your own plumes (EP-R9); two cards may go to the same plume or to different ones.",
                "Then refill, in exactly one of three ways: take the top two cards of the deck; trade two of your \
                 cards for two Train cards; or take one deck card and trade one card with the Train, in either \
                 order. Two trades use two different hand cards and two different Train cards. You may never hold \
                 more than six cards: if your first draw fills your hand to six, the second half of your refill \
                 must be a trade.",
            ],
        ),
        (
            "Building a plume",
            &[
                "While a plume has a single row, that top row takes as many cards as you like. The row under a \
                 row must end up exactly one card shorter, and a new row can only be started once the row above \
                 it has reached that exact length; starting it locks every row above (EP-R4). A top row of one \
                 card cannot have a row under it (that row would be empty).",
                "Every card in a lower row must share its colour with at least one card in the row directly above \
                 it; a colour may appear several times (EP-R4 too).",
                "When a single card goes under a finished two-card row, the plume is a complete peacock. That last \
                 card lies face down: only its owner sees it until the end, and nothing more can be added (EP-R5). \
                 Aviary checks that it matches the colours above all the same.",
            ],
        ),
        (
            "The end and the scores",
            &[
                "Whoever draws the Peahen ends the game on the spot, even in the middle of a turn (EP-R6).",
                "Each plume scores the sum of its lower rows minus the sum of its top row; a plume of one card \
                 simply counts minus its value. A complete peacock adds one point for every card in it. Cards \
                 still in hand score nothing. The highest total wins; on a tie, the tied player with more \
                 complete peacocks wins; if that ties too, they share the win (EP-R7).",
            ],
        ),
        (
            "What each player may know",
            &[
                "Hands, the three cards each player gave back and face-down peacock cards are secret (EP-R8). \
                 When several people share the screen, a hand-off screen hides every hand until the next player \
                 says they are at the screen, and the move log never names a drawn or face-down card. Until the \
                 end, the others see a peacock with a face-down card scored as \"?\" and its owner's total as \
                 \"≥ N\": the points the cards they can see make.",
                "Some things are public memory, and Aviary keeps them for everyone, computer players included: a \
                 card someone took from the Train is known to be in their hand (or face down under a peacock of \
                 theirs) until it shows up again; the three cards you gave back are somewhere in the deck; the \
                 Peahen is among the last eight cards. Computer players decide only from this and their own cards.",
            ],
        ),
        (
            "Appendix: the computer players",
            &["The computer players: easy plays the best whole turn it can see; normal and hard search many \
                 re-deals of the cards they cannot see, deciding only from what their seat knows. A turn is \
                 planned in one search (at most 1 and 3 seconds of thinking); after a draw, the rest of the turn \
                 is planned again knowing the card."],
        ),
    ],
    figures: &[("Building a plume", Figure::PlumeRows)],
};

/// Dust in the Wings, explained.
pub const DUST_IN_THE_WINGS: RulesPage = RulesPage {
    title: "Dust in the Wings",
    glance: glance::DUST_IN_THE_WINGS,
    sections: &[
        (
            "Playing in Aviary",
            &[
                "Click a space to pick up its butterflies. Then drag each butterfly from your hand onto a lit \
                 next space, or click it and then the space (a space clicked first asks which butterfly); a \
                 refused step says which rule forbids it. Before the last drop each lit space shows the cards \
                 it would let you take. When the last drop fulfils one card, it is taken for you; when it \
                 fulfils more, the fulfilled cards are ringed and marked \"Take\": click the one you want.",
                "On a small window the rows of face-up cards scroll sideways. In the side panel, each player's \
                 points, cards and crystals; hover for the names of the cards they took.",
                "Ctrl+Z takes back one drop; \"Undo turn\" (Ctrl+Alt+Z) takes back your whole dispersion. Taking \
                 back a renewal that showed new cards asks first and marks the game \"undo used\".",
            ],
        ),
        (
            "The idea",
            &[
                "Two to four photographers share a meadow of 5×5 spaces and 48 butterflies: 16 red (round wings \
                 with white spots), 16 blue (long pointed wings with a dark band) and 16 yellow (swallowtails, \
                 with tails and dark tips). On your turn you scoop up every butterfly \
                 on one space and let them go one by one along a path; where the last one lands decides whether \
                 you get a photo: a Gathering card (worth the crystals lying on it) or a Composition card (worth \
                 its points). When the crystal bag runs dry, the game is nearly over.",
                "Spaces are named like a chessboard: columns a–e from left to right, rows 1–5 from bottom to top. \
                 Each space shows how many butterflies it holds.",
            ],
        ),
        (
            "Setting up",
            &["Every space has one to three flowers, 48 in all, and one butterfly drawn at random sits on each \
                 flower. Three Gathering and three Composition cards are turned up. With two players the bag holds \
                 16 black crystals (1 point) and 8 white ones (2 points); with three or four, 24 black and 12 \
                 white. One crystal is drawn onto each Gathering card."],
        ),
        (
            "Your turn",
            &[
                "Pick up all the butterflies on one space that holds at least one (DW-R7). Put them down one at a \
                 time: the first on a space next to the emptied one (up, down, left or right, never diagonally), \
                 each next one on a space next to the previous one. The path may never step straight back to the \
                 space it just came from (not even to the emptied space), but it may come back later. You choose \
                 which butterfly goes down at each step (DW-R1).",
                "Only the space where the last butterfly lands counts (DW-R2). It fulfils a Gathering card when it \
                 holds exactly the butterflies shown, no more and no fewer. It fulfils a Composition card when the \
                 card's shape, turned or flipped any way, can be laid on the meadow covering that space so that the \
                 spaces under it meet the card's condition: at most N butterflies in all, at least N in all (empty \
                 spaces count as zero for both), or the same number on every space with at least one each.",
                "If the last space fulfils any face-up card you take one of them (your choice), with the crystals \
                 on it; never more than one per turn (DW-R3).",
            ],
        ),
        (
            "Renewal",
            &["After your turn (DW-R4): the card you took is replaced from its deck; every Gathering card now \
                 carrying three crystals is discarded and its crystals go back into the bag; empty Gathering \
                 slots are refilled (when the deck is empty its discard pile, including the cards just discarded, \
                 is shuffled into a new deck; an empty Composition deck is simply not refilled). Then three \
                 crystals are drawn, one onto each Gathering card; if fewer than three are left, the cards with \
                 fewer crystals get them first, from left to right."],
        ),
        (
            "The end",
            &["When the bag is empty at the end of a renewal, the next player's turn is the last one (DW-R5). \
                 Score your Composition cards' points plus your crystals: black 1, white 2. On a tie, more white \
                 crystals wins, then fewer Gathering cards; after that the win is shared (DW-R6)."],
        ),
        (
            "The cards we designed",
            &["The 31 Gathering cards are every mix of two, three or four butterflies in the three colours, once \
                 each. The 24 Composition cards are eight shapes (domino; line and corner of 3; line, square, T, S \
                 and L of 4) each with a \"few\", a \"many\" and an \"even\" condition. A shape may be turned \
                 and flipped on the meadow."],
        ),
        (
            "Appendix: how we tuned the cards",
            &[
                "We tuned the thresholds and points by simulation: in 10,004 positions from 933 games between two \
                 greedy computer players, we worked out for every card whether some legal dispersion could claim \
                 it. Cards claimable in 60% or more of the positions pay 1 point, 30–60% pay 2, 12–30% pay 3, \
                 rarer ones 4:",
                "domino with at most 1 butterfly in all, 1 point: claimable in 89.6% of the positions",
                "domino with at least 12 butterflies in all, 4 points: claimable in 8.5% of the positions",
                "domino with the same number on every space, 1 point: claimable in 100.0% of the positions",
                "line of 3 with at most 1 butterfly in all, 2 points: claimable in 50.2% of the positions",
                "line of 3 with at least 16 butterflies in all, 4 points: claimable in 6.9% of the positions",
                "line of 3 with the same number on every space, 1 point: claimable in 99.0% of the positions",
                "corner of 3 with at most 1 butterfly in all, 1 point: claimable in 61.6% of the positions",
                "corner of 3 with at least 16 butterflies in all, 4 points: claimable in 10.8% of the positions",
                "corner of 3 with the same number on every space, 1 point: claimable in 100.0% of the positions",
                "line of 4 with at most 2 butterflies in all, 2 points: claimable in 38.5% of the positions",
                "line of 4 with at least 21 butterflies in all, 4 points: claimable in 1.4% of the positions",
                "line of 4 with the same number on every space, 2 points: claimable in 37.6% of the positions",
                "square of 4 with at most 3 butterflies in all, 1 point: claimable in 66.9% of the positions",
                "square of 4 with at least 18 butterflies in all, 3 points: claimable in 14.1% of the positions",
                "square of 4 with the same number on every space, 2 points: claimable in 32.3% of the positions",
                "T of 4 with at most 2 butterflies in all, 2 points: claimable in 53.6% of the positions",
                "T of 4 with at least 20 butterflies in all, 4 points: claimable in 5.1% of the positions",
                "T of 4 with the same number on every space, 1 point: claimable in 89.1% of the positions",
                "S of 4 with at most 1 butterfly in all, 3 points: claimable in 24.5% of the positions",
                "S of 4 with at least 18 butterflies in all, 3 points: claimable in 18.6% of the positions",
                "S of 4 with the same number on every space, 1 point: claimable in 85.1% of the positions",
                "L of 4 with at most 2 butterflies in all, 1 point: claimable in 65.3% of the positions",
                "L of 4 with at least 20 butterflies in all, 4 points: claimable in 7.7% of the positions",
                "L of 4 with the same number on every space, 1 point: claimable in 92.6% of the positions",
            ],
        ),
        (
            "Appendix: the computer players",
            &["The computer players: easy takes the most valuable card within reach; normal and hard weigh the \
                 best dozen whole dispersions by playing each out many times over re-shuffles of the cards they \
                 cannot see, then play the chosen dispersion drop by drop at the pace set in Settings (at most 1 \
                 and 3 seconds of thinking a turn)."],
        ),
    ],
    figures: &[("The cards we designed", Figure::CompositionShapes)],
};

/// Tail Feathers, explained.
pub const TAIL_FEATHERS: RulesPage = RulesPage {
    title: "Tail Feathers",
    glance: glance::TAIL_FEATHERS,
    sections: &[
        (
            "Playing in Aviary",
            &[
                "Choose a bird to fly and every flight it may announce shows as a faint ring where it would end; \
                 point at one to see its templates, the crossings numbered in the order they will be met and, in \
                 red, where the flight would be cut short and why. Click the ring, or drag the bird onto it. With \
                 \"announce flights first\" (new-game dialog) the rings are hidden and you choose the templates \
                 from a list, as at a real table. Decisions at a crossing appear on the board where it happens.",
                "When a unit is to be chosen, click one of its figures (or its button in the side panel) to \
                 activate it. Click a ground figure (or drag it) and the spaces it may reach are lit; a refused move \
                 says which rule forbids it. The chosen figure's targets are ringed in red; click one to attack. The range \
                 finder measures between any two figures at any time: the line, the distance, close or ranged \
                 range, and whether the sight is clear.",
                "Dice are rolled by the game and shown with their faces; the log spells out hits, blocks, cheese \
                 and wounds. Undo takes back one decision and Undo turn the whole activation; across rolled dice \
                 either asks first (the dice fall the same way again), and strict undo refuses it. With two people at one screen, a hand-off bar hides each side's mission and bid \
                 until that person is at the screen.",
            ],
        ),
        (
            "The idea",
            &["Two players: mice riding birds against rats riding birds, over a forest seen from above (Scenario \
               1, a pitched battle). Birds fly by laying templates ahead of them; ground troops climb from space \
               to space in the trees. Dice decide attacks. Destroy the other side's nest to win; after round 12 \
               the nest with more life left wins, and equal nests draw."],
        ),
        (
            "A round",
            &[
                "Missions: each side may choose one of its six mission cards in secret, lay it face down near the \
                 marker in the middle (touching nothing: no other card, tree or bird's base, a hovering bird's \
                 included), and send up to four small figures from its home tree on it.",
                "Tilt: each flying bird may lean one step left or right (or stay); each perched bird either stays or \
                 launches, facing any way it likes from its space. A launching bird stays in its space until its \
                 activation, then must fly: it starts at centre tilt, may take a piloting check like any flying \
                 bird (a star lets it lean), and may not perch again that activation.",
                "Activation: both sides secretly buy up to three extra initiative dice at one cheese each, then roll; \
                 the higher total goes first. The sides then take turns activating one unit each. A side with \
                 nothing left to activate (a ready ballista counts as a unit) passes and takes a cheese.",
                "Final: first every burning nest loses one life for each fire on it (the first player's nest \
                 first); then reserves climb into the home nest, the missions are turned up and carried out in \
                 the order decoy, intercept, siege, patrol, rescue, sap run, and every unit is ready again.",
            ],
        ),
        (
            "Flying",
            &[
                "A flying bird must fly when activated: it may first roll its pilot value in dice and, on a star, \
                 lean one step; then it announces two or more templates, short (3\") or long (5\"), up to its move \
                 value. Each template after the first turns 30° to the side it leans.",
                "Everything a template touches is crossed, in the order met: a space may be perched on (not by a \
                 bird that began the activation perched); enemy figures, the enemy nest or an enemy mission may be \
                 swooped at once per activation; a passenger may be dropped on a space with room; a trunk stops \
                 the bird with two wounds and a shaken pilot; passing through an enemy bird costs a wound.",
                "A flight that would end overlapping another flying bird stops at the last turning point that does \
                 not (a wound each if that bird is an enemy; with death spirals in play, an enemy bird met on the \
                 way starts a spiral instead). A flight may end over figures on the ground, perched \
                 or launching birds included: nothing is cut short, nobody is hurt, and they make room in their \
                 space. A bird that ends entirely off the battlefield is lost.",
                "On the table each flight the bird may announce is a ring where the bird would really be left: at \
                 the trunk it would crash into, short of a flying bird, off the edge; a ring where it comes to \
                 harm is crossed out. Point at a ring (or move to it with Tab and the arrow keys) to see its \
                 templates, the part it will not fly faded, its crossings numbered and what happens at its end.",
            ],
        ),
        (
            "In the trees",
            &["A ground figure moves up to its move value through bordering spaces; a space holds four small \
               figures or one large (a perched bird), nests any number. A small figure stops when it enters a space \
               with an enemy and cannot leave one where enemies outnumber friends. After moving, each activated \
               figure may move again (scurry) or attack."],
        ),
        (
            "Attacks, dice and cheese",
            &[
                "Ranged attacks need the target within 8\" and a clear line (trunks and other flying birds block; \
                 to or from a space the finder may be laid at its nearest point); \
                 melee needs a bordering or shared space on the ground, or 2\" between two flying birds. Swords hit \
                 in melee, bows at range; if anything hits, the target rolls its defence and each shield blocks one \
                 hit. A squad figure falls to any wound; heroes and birds have life.",
                "Every cheese face rolled in an attack or defence goes on its roller's wheel (six at most); with a \
                 full wheel the spare cheese faces may be rolled again once. No die is ever rolled a third time: \
                 once re-rolled, for cheese or by a card, it stays as it fell, and a card that re-rolls dice passes \
                 it by. A full wheel can be spent after an \
                 activation to bring back the hero or up to three squad figures.",
            ],
        ),
        (
            "Additional rule: foraging",
            &["Chosen in the new-game dialog under \"Additional rules\". When you activate a ground unit (a \
               squad, a hero, or a perched bird that did not launch) you may have it forage instead of moving, \
               scurrying or attacking: it does nothing else and you add one cheese to your wheel (six at most). \
               A squad forages once, and activates up to its squad value of its figures, the ones you choose as \
               for any activation; only those count as activated, so a burning figure rolls for its fire only \
               if it was one of them. You may still revive at the end of that activation. A bird in the air or \
               launching must fly, and a figure that has to stand up cannot forage. In Aviary the button \
               \"Forage: +1 cheese\" appears beside the battlefield while the unit has not yet acted; a squad \
               then offers \"Stay: \u{2026}\" (activated where it stands) for each figure it may still choose, and Done once \
               one is chosen. Foraging never douses a nest."],
        ),
        (
            "Additional rule: tail feathers",
            &[
                "Each wound a bird takes in the air, whatever its cause, drops one tail-feather token behind it, \
                 one at a time. A token that comes to rest touching another feather, a space or a trunk, a mission \
                 card or a figure's base, or hanging over the battlefield's edge, is taken away. Tokens block clear sight. A \
                 flight that crosses one removes it and rattles the pilot, and goes on. At the end of each round \
                 every token is turned to its notched back; one already notched is removed.",
                "Our design: a token is a strip 1.2\" long and 0.5\" wide; it lands anywhere in a disc of 1.5\" \
                 radius whose centre is 1\" behind the rear of the bird's base, facing any of 24 ways, as the game's \
                 dice decide (so undo past a fall asks first, like a roll). A bird wounded on its way (flying \
                 through an enemy) drops its feathers where it was hit; a bird defeated by the wounds still drops \
                 them. On the table the flight preview numbers a feather among the crossings (\"A tail feather: \
                 removed, the pilot rattled\") and the range finder shows a feather blocking the sight.",
            ],
        ),
        (
            "Additional rule: death spirals",
            &[
                "When a bird's flight first touches an enemy bird in the air, and neither is already locked in a \
                 spiral, the flight ends there and the two fight a death spiral. The announced path is followed in \
                 order before anything is cut short, so a flight aimed to end on an enemy bird meets it where the \
                 path first touches it: the commonest way into a spiral, and never the wound each of a flight \
                 ending against a bird. The template is laid against the \
                 enemy's base on the side facing the newcomer, the newcomer against its far side, and the two turn \
                 to face each other. Each side rolls its bird's battle value plus its pilot's melee (none for a \
                 shaken pilot) and counts swords. The higher total wounds the other bird by the difference; the \
                 spiral is over, and both birds turn their backs on each other and level out (a lone survivor \
                 stays as it is). A tie wounds each bird once and leaves them locked together: the next time \
                 either is activated they fight again first, and a second tie sends both to their casualty piles. \
                 Otherwise the activated bird, if it survives, carries on and may fly, and may swoop at what its \
                 flight crosses, but makes no normal attack.",
                "While locked together, nobody else may attack the two birds, patrols included; they keep their \
                 lean through the tilt phase; another flight may pass over them without wounds either way but may \
                 not end on them. A bird may swoop and then fly into a spiral in one activation; whatever its \
                 announced flight would have crossed after the spiral does not happen. Spiral dice count as an \
                 attack: cheese faces fill the roller's wheel (each side re-rolls its own spares), and wounds \
                 beyond a pilot's value shake it.",
                "Our design: the template is a bar 1\" long between the two bases and 2\" wide. It is laid on the \
                 nearest of the 24 directions toward the newcomer; if the newcomer's base or the bar would \
                 overlap another flying bird or a trunk, or leave the battlefield, it turns about the enemy \
                 15\u{b0} at a time, nearest first and clockwise before anticlockwise, until it fits; if no turn \
                 fits there is no spiral and the birds pass through each other as usual. On the table the \
                 flight's ring says \"meets the Crow: a death spiral\" and shows the bar it would lay; a spiral \
                 is drawn as a red bar between the two birds with two gold arrows whirling on it, and marked on \
                 both unit cards.",
            ],
        ),
        (
            "Additional rule: leaves",
            &[
                "Leaves hang from the branches, one on each tree. A hanging leaf is a space that borders only the \
                 space its stem hangs from; it holds three small figures and never a large one, and no bird \
                 perches on it (a bird flying over may swoop on it or drop its passenger there).",
                "A ground figure standing on a hanging leaf may cut it loose instead of attacking: its player names \
                 a space of another tree, the leaf turns about the point its stem hung from until its front end \
                 points at that space, and it drifts at once from there. It spins as many times as an action \
                 die's number plus the figures on it. A spin swings the leaf clockwise half a turn about the hole \
                 at its front end, so that its other end comes round to point at the destination and becomes the \
                 front. On its way the leaf sweeps tail feathers aside; a bird in the air stops the swing where the \
                 leaf meets it, and the next spin turns about the hole nearer the destination until the leaf \
                 points there again; a mission card stops the drift (an opponent's card is turned face up); \
                 another drifting leaf stops it too, and the two are neighbouring spaces until one moves; a tree \
                 ends it: the riders step onto the space of that tree closest to the leaf, as many as it has room \
                 for, the rest go to their casualty piles, and the leaf goes back to its branch.",
                "Drifting leaves drift again in every final phase, after the missions: their cards are gone by \
                 then and stop nothing. The first player's leaves drift first. A drifting leaf left with nobody on \
                 it goes back to its branch at once. A drifting leaf blocks clear sight; birds fly over leaves. \
                 Figures on a leaf attack and are attacked as in any space, and a patrol may shoot at a drifting \
                 leaf instead of a bird: a ranged group attack on the enemy figures riding it. Leaves hanging on \
                 a home tree are part of it for deploying and for missions.",
                "Our design: a leaf is 3\" from tip to tip and 1.2\" wide, with a pivot hole 0.35\" in from each \
                 tip. In Scenario 1 each tree's leaf hangs from a corner space of its ring, pointing into open \
                 ground clear of the other trees and the mission cards. A swing is looked at every 15\u{b0}; the \
                 turn that points a leaf just cut loose goes the shorter way round (clockwise when both are \
                 equal) and is stopped as a spin is; the tree a leaf was cut from does not stop it until the leaf \
                 has swung clear of it; the battlefield's edge stops a swing as a bird does; a leaf going back to \
                 its branch sweeps away a feather lying there; no mission card is laid on a drifting leaf. Riders \
                 are lost when the closest space has no room for them, a perched bird's space for one. On the \
                 table the leaves are golden, a \
                 drifting one floats higher with its way dashed behind it, each spin swings on screen and is \
                 numbered in the log, and \"cuts its leaf loose\u{2026}\" is among a figure's choices before the \
                 destination is clicked on the board.",
            ],
        ),
        (
            "Additional rule: action cards",
            &[
                "Before the forces are set up, each side picks seven different cards from the cards its units can \
                 use, in secret; the other side sees how many you hold, never which, until you play them. You may \
                 play one card in each turn (a turn is one unit's activation, or one bird's tilt in the tilt \
                 phase), and so may the other side, when its card's moment comes.",
                "A card names who may receive it (any bird, one bird, a hero, a squad, or a proficiency such as \
                 Bow or Wing that a pilot or troop must have), when it is played, and what it does. Pilot and \
                 hero cards cost the cheese printed on them, paid first; afterwards they go to your refresh pile. \
                 Bird cards cost nothing and need the bird in the air unless they say otherwise; once used, a \
                 bird card lies face down by its bird until the bird perches or is defeated, then goes to the \
                 refresh pile. At the end of each round the refresh pile comes back into your hand. A rattled \
                 pilot plays no pilot card but one that calms it.",
                "Moments: in the tilt phase; before a bird flies; after it has flown; before a ground unit moves; \
                 before an attack; instead of a figure's attack. These come up among your own decisions. The one \
                 answer to the other side is the attack window: once an attack's dice are rolled (and their \
                 cheese re-rolled), the attacker may play a card for \"after the attack roll\" and the side \
                 attacked one for \"when defending\", each in secret. Both sides are asked whenever they hold \
                 any card and have not played one this turn, so being asked tells nothing about a hand (a \
                 setting lets you be asked only when you hold a card for it: quicker, but the other player can \
                 tell). If both play, the side that went first this round says which card works first.",
                "Our design: 30 cards, shown below, each built from one requirement, one moment and one effect \
                 the rules understand: extra templates, a sure piloting check, extra swoop, attack or defence \
                 dice, re-rolling the misses, making the attacker re-roll a hit, a shift, a turn in place, a \
                 cheese gain, cheese taken from the other side, extra steps, netting an enemy, calling back \
                 troops, healing, putting out a nest, the veteran marker, and building the ballista. A shift \
                 lays one short template from the front of the base straight ahead or 30\u{b0} to either side \
                 and moves the bird to its end facing the same way; it is not a move, crosses nothing, and may \
                 not pass a trunk, leave the battlefield or end touching another flying base. The veteran \
                 marker (one a side) gives the squad figure above it one more melee, ranged and defence die, \
                 and leaves it when it is defeated. A bird locked in a \
                 death spiral neither turns nor shifts. The computer picks the suggested hand of its side with \
                 one or two cards changed at random, plays a card when the position it leads to is worth more \
                 than keeping the card, and always takes the same short time at the attack window, whatever it \
                 holds.",
            ],
        ),
        (
            "Additional rule: structures",
            &[
                "Structures come with the action cards: the card \"Build Ballista\" builds your side's ballista \
                 in the space of the figure that plays it, instead of its attack: a tree space (not a leaf, not a \
                 nest) with room for one more small figure. It fills room as a small figure does but never counts \
                 when figures outnumber others. It cannot be activated in the round it is built. From then on it \
                 is one of your units, activated once a round in place of another unit's activation, but only \
                 while a small figure of its side shares its space (its crew) and no enemy figure does. Activated, \
                 it must loose one bolt: a ranged attack with its card's ranged dice at an enemy figure, the \
                 enemy nest or the enemy ballista within 8\" in clear sight of its space. With nothing in range \
                 it is still activated and does nothing, and while it stands ready and crewed your side may not \
                 pass for a cheese.",
                "A ballista can be attacked (melee from its own or a neighbouring space, ranged, and swoops on its \
                 space); it takes no status (no fire, no pinning). When its wounds reach its card's life it is \
                 destroyed and out of play for good. It never moves, forages, goes on a mission or is carried. On the table it is a \
                 timber platform with its bow drawn, in its side's colour, a red dot for each wound; its targets \
                 are ringed in red when it may shoot.",
                "Our design: the ballista's card reads ranged 2, defence 2, life 3, a crew of one small figure, 8 \
                 build points (shown, not used).",
            ],
        ),
        ("Our reading", tail_feathers::game::READINGS),
        ("The units we designed", &["Every value below is read from the game's own tables."]),
        (
            "Appendix: the computer player",
            &[
                "Easy tries every decision in three guessed futures and keeps the one that leaves it best placed. \
                 Normal and hard plan a whole activation at once (the piloting check, the templates, every crossing \
                 decision, or each squad figure's move and attack), keeping the best 10 partial plans at each \
                 step and judging each in four guessed futures (hard: twelve). Then they look at your answer: \
                 the best 4 whole plans are judged again after your next decisions, played in each guessed \
                 future as easy would play them (hard guesses your answer without knowing how its dice will \
                 fall, as you must). They never see your secret choices or \
                 the dice to come: every guess is drawn from what their own side can see. Their thinking time \
                 (1 s a turn for normal, 3 s for hard) is counted in the processor time their thread gets, so a \
                 busy computer makes them slower, not weaker.",
                "How it judges a position, in squad figures: a figure on the battlefield 1, the hero 3, a bird 4 \
                 scaled by its life left, each point of nest life 1.2, each cheese 0.15. A bird gains up to 1.5 \
                 as it nears the enemy nest (troops 0.6), 0.4 with the enemy nest within 8\", 0.2 with an enemy \
                 bird within 8\" (the same counts for the other side's birds against ours), 0.3 when launching, \
                 and loses 0.6 while its pilot is shaken. A flying bird must fly again, so it keeps only a share \
                 of its worth by the flights it could announce next (at its set tilt, or leaning a step when a \
                 tilt phase comes first) that end on the battlefield, meet no trunk on the way (a crash costs two \
                 wounds and shakes the pilot) and face a way it can fly on from: all of it with more than three, \
                 three quarters with three or fewer, two fifths if only a passed piloting check would save it, a \
                 tenth if nothing would. A bird on the battlefield is always worth more than a lost one. A \
                 mission card with figures on it counts for what it will bring: a sap run its cheese, a rescue \
                 0.8 when a bird is lost (less than any bird on the battlefield, so none is thrown away to be \
                 rescued), a siege, intercept or patrol 0.5, a decoy 0.2.",
                "Secret choices are played as the guessing games they are. For the initiative bid (up to 4 by 4 \
                 pairs) and the mission card (up to 7 by 7), every pair of choices, its own and yours, is played \
                 to the end of the round several times with quick random play that prefers attacks; it then \
                 plays the mixed strategy that does best whatever you choose, so it may bluff, and it cannot be \
                 read from one game to the next.",
                "Its flights are shown before the bird moves (the templates and where it will end, for the pause \
                 set in Settings), and the log says why when it is not plain: \"closing on the mice nest\", \"to \
                 keep clear of the battlefield's edge\".",
            ],
        ),
        ("Appendix: how we tuned Scenario 1", tail_feathers::components::TUNING),
        ("Appendix: how we tuned the action cards", tail_feathers::cards::TUNING),
    ],
    figures: &[
        ("Flying", Figure::TailFeathersTilts),
        ("Flying", Figure::TailFeathersCrossings),
        ("Attacks, dice and cheese", Figure::TailFeathersRange),
        ("Additional rule: foraging", Figure::TailFeathersForaging),
        ("Additional rule: tail feathers", Figure::TailFeathersFeathers),
        ("Additional rule: death spirals", Figure::TailFeathersSpiral),
        ("Additional rule: leaves", Figure::TailFeathersLeaves),
        ("Additional rule: action cards", Figure::TailFeathersCards),
        ("The units we designed", Figure::TailFeathersUnits),
    ],
};
