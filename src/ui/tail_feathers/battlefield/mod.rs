//! The battlefield: trees, nests, mission cards, figures and flights drawn
//! to scale, and its clicks and drags turned into decisions.
//!
//! This file holds the frame's pass over the battlefield, in the order its
//! parts are drawn, and what they share; the parts are in `table` (the
//! table, trees, mission cards, feathers, leaves, spirals), `pieces` (the
//! figures and ballistas and their widgets), `choices` (what may be chosen
//! on the board: lit spaces, targets, launch headings, held cards),
//! `flights` (rings, ghosts, the range finder) and `input` (drops, drags
//! and clicks).

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

mod choices;
mod flights;
mod input;
mod pieces;
mod table;

use egui::{Painter, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::zoom::Zoom;
use super::{Board, SkirmishView};
use crate::rules::Game;
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{Action, Fig, TailFeathers, Target, UNIT_DEFS, field};
use crate::rules::tail_feathers::geometry::Polygon;
use crate::ui::Notice;
use crate::ui::theme::{Forest, Palette};

/// What every part of the battlefield drawn this frame shares.
struct Scene<'a> {
    /// The position shown.
    state: &'a TailFeathers,
    /// The decisions open to the person at the screen (none while the
    /// computer or nobody here is to choose).
    legal: &'a [Action],
    /// True when a person at the screen is to choose.
    human: bool,
    /// The battlefield's place on the screen.
    board: Board,
    /// The whole table round it.
    outer: Rect,
    /// Paints within the table.
    painter: &'a Painter,
    /// The theme.
    palette: &'a Palette,
    /// The forest's colours.
    colours: Forest,
    /// How the board's widgets respond: clicks while a person chooses.
    sense: Sense,
}

impl Scene<'_> {
    /// A widget of the board with the keyboard's focus: ringed.
    fn focus_ring(&self, resp: &egui::Response, rect: Rect) {
        if resp.has_focus() {
            self.painter.rect_stroke(
                rect.expand(3.0),
                5.0,
                Stroke::new(2.5, self.palette.selection),
                StrokeKind::Outside,
            );
        }
    }

    /// A polygon of the table, on the screen.
    fn poly(&self, p: &Polygon) -> Vec<Pos2> {
        p.0.iter().map(|&v| self.board.to_screen(v)).collect()
    }

    /// The space under a point of the screen.
    fn hit_space(&self, p: Pos2) -> Option<u8> {
        let v = self.board.to_table(p);
        // Leaves lie over the branches: they are hit first.
        (0..self.state.space_count() as u8).rev().find(|&s| self.state.space_outline(s).contains(v))
    }
}

/// What the board's widgets chose this frame.
#[derive(Default)]
struct Picks {
    /// A decision.
    by_widget: Option<Action>,
    /// A figure or ballista clicked (or acted on from the keyboard): where
    /// it stands, handled as a click there.
    clicked_at: Option<Pos2>,
}

/// Where each figure and ballista was drawn this frame.
struct Spots {
    /// Ground figures.
    token_at: Vec<(Fig, Pos2, f32)>,
    /// Birds.
    bird_at: Vec<(Fig, Pos2, f32)>,
    /// Ballistas.
    ballista_at: Vec<(Alliance, Pos2, f32)>,
    /// Every figure where it stands (ground tokens, then birds).
    figures: Vec<(Fig, Pos2, f32)>,
}

impl Spots {
    /// Where a target stands, and its radius.
    fn shape_pos(&self, t: Target, board: Board) -> Option<(Pos2, f32)> {
        match t {
            Target::Figure(f) => self.token_at.iter().chain(self.bird_at.iter()).find(|x| x.0 == f).map(|x| (x.1, x.2)),
            Target::Nest(side_) => {
                Some((board.to_screen(field().spaces[usize::from(TailFeathers::nest_space(side_))].perch), 18.0))
            }
            Target::Ballista(side_) => self.ballista_at.iter().find(|x| x.0 == side_).map(|x| (x.1, x.2)),
            _ => None,
        }
    }

    /// The figure under a point of the screen.
    fn hit_figure(&self, p: Pos2) -> Option<Fig> {
        self.token_at
            .iter()
            .chain(self.bird_at.iter())
            .filter(|x| x.1.distance(p) <= x.2 + 3.0)
            .min_by(|x, y| x.1.distance(p).total_cmp(&y.1.distance(p)))
            .map(|x| x.0)
    }

    /// The ballista under a point of the screen.
    fn hit_ballista(&self, p: Pos2) -> Option<Alliance> {
        self.ballista_at.iter().find(|x| x.1.distance(p) <= x.2 + 3.0).map(|x| x.0)
    }
}

impl SkirmishView {
    pub(super) fn battlefield_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>) {
        let state = self.state().clone();
        let colours = palette.forest;
        let human = self.human_to_move();
        let legal = if human.is_some() { state.legal_actions() } else { Vec::new() };
        // The table fills the whole window beside the panel; the square
        // battlefield sits in its middle, as large as the window allows,
        // with at least 3" of table round it, so flights that leave it can
        // still be seen (and their end marked as lost).
        let avail = ui.available_size() - Vec2::splat(8.0);
        let (outer, board_resp) =
            ui.allocate_exact_size(Vec2::new(avail.x.max(240.0), avail.y.max(240.0)), Sense::click_and_drag());
        // Seen as close as the player asked (the wheel, the corner's
        // buttons); nothing on the battlefield is hit outside the frame.
        let ahead = self.announced_points(&state);
        self.zoom.reveal(&ahead, outer, self.table.session().cursor());
        let board = self.zoom.board(outer);
        let (inner, scale) = (board.rect, board.scale);
        let clip = ui.clip_rect();
        ui.set_clip_rect(outer.intersect(clip));
        let painter = ui.painter_at(outer);
        // The board's decisions are widgets too (figures, lit spaces,
        // targets, rings, mission spots, launch headings): Tab and the
        // arrow keys go through them, Enter or Space acts, and each is
        // named for screen readers. What one of them chose this frame:
        let mut picks = Picks::default();
        let sense = if human.is_some() { Sense::click() } else { Sense::hover() };
        let sc = Scene {
            state: &state,
            legal: &legal,
            human: human.is_some(),
            board,
            outer,
            painter: &painter,
            palette,
            colours,
            sense,
        };
        self.paint_table_and_trees(ui, &sc);
        let boxed = self.mission_cards(ui, &sc, &mut picks);
        self.paint_feathers_leaves_spirals(ui, &sc);
        let token_at = self.ground_spots(ui, &sc);
        self.paint_ground_figures(&sc, &token_at);
        let bird_at = self.paint_birds(ui, &sc, &token_at);
        // The figure a button in the side panel names ("Give a hit to the
        // Rats' rat 2"), ringed on the board while the button is pointed at.
        if let Some(&(_, p, r)) = token_at.iter().chain(&bird_at).chain(&boxed).find(|t| Some(t.0) == self.fig_hovered)
        {
            super::paint::named_ring(&painter, palette, p, r);
        }
        let ballista_at = self.paint_ballistas(ui, &sc, &mut picks);
        let figures: Vec<(Fig, Pos2, f32)> = token_at.iter().chain(bird_at.iter()).copied().collect();
        let spots = Spots { token_at, bird_at, ballista_at, figures };
        self.ring_bolt_and_card_targets(ui, &sc, &spots);
        self.figure_widgets(ui, &sc, &spots, &mut picks);
        self.launch_dial(ui, &sc, &spots.bird_at, &mut picks);
        // The figure whose moves and targets are lit: the one clicked, or
        // the bird being activated.
        let chosen =
            self.selected.or_else(|| state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first)));
        self.lit_spaces(ui, &sc, chosen, &mut picks);
        self.attack_targets(ui, &sc, &spots, chosen, &mut picks);
        self.attack_choice_popup(ui, &sc, &spots);
        let plans = self.flights_and_ghosts(ui, &sc, &spots.figures, &mut picks);
        // The last roll, thrown onto the table's frame.
        self.dice_tray(
            ui,
            &colours,
            (outer, Zoom::fitted(outer).rect, self.animations),
            (&state, &spots.figures, board),
            ui.input(|i| i.time),
        );
        // Crossing prompt where it happens.
        let mut action: Option<Action> = self.pending.take().or(picks.by_widget);
        if human.is_some() {
            action = action.or_else(|| self.crossing_prompt(ui, &state, &legal, board));
        } else {
            self.fly_through = false;
        }
        self.paint_range_finder(&sc);
        self.drawn = Some((inner.min, scale));
        self.figure_spots = spots.token_at.iter().chain(spots.bird_at.iter()).map(|x| (x.0, x.1)).collect();
        self.ring_lesson_units(&sc, &spots);
        // Clicks and drags.
        let action = self.drag_and_drop(ui, &sc, (&spots, &plans), &board_resp, action, notices);
        let action = self.board_click(ui, &sc, (&spots, &plans), (picks.clicked_at, &board_resp), action, notices);
        self.round_banner(ui, &colours, inner, &state);
        board_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, "battlefield"));
        let carrying = egui::DragAndDrop::has_any_payload(ui.ctx());
        if self.zoom.follow_input(ui, outer, &board_resp, carrying) | self.zoom.buttons(ui, outer) {
            ui.ctx().request_repaint();
        }
        ui.set_clip_rect(clip);
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }
}

/// The space a decision made by clicking a space names, whoever's figure
/// it is: deploying, landing a besieger, unloading a passenger, a patrol at
/// a drifting leaf (TF-R26).
pub(super) fn space_decision(a: &Action) -> Option<u8> {
    match a {
        Action::Deploy { space, .. }
        | Action::SiegeTo(space)
        | Action::Unload(Some(space))
        | Action::PatrolLeaf(space) => Some(*space),
        _ => None,
    }
}
