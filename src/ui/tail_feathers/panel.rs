//! The side panel: status, the sides with their unit cards and cheese,
//! the decisions that are not on the board, the dice and the hand-off.

#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::unused_self,
    reason = "drawing code reads best with the usual short names (p, r, f, u), and the view's helpers stay methods"
)]

use egui::{RichText, Sense, Stroke, Ui, Vec2, WidgetInfo};

use super::dice::{TUMBLE_SECONDS, die, die_as, tumbling_face};
use super::units::{ballista_card, folded_unit_card, unit_card};
use super::words::capitalise;
use super::{SkirmishView, choice_label, mission_words, range_band, side_colour, tilting_bird};
use crate::rules::tail_feathers::components::Alliance;
use crate::rules::tail_feathers::game::{
    Action, Event, Fig, FlightEnding, Place, Secret, TailFeathers, Target, UNIT_DEFS, UNITS, figure_name, kind_name,
    seat_of, side_name, side_of_seat, space_name, unit_of,
};
use crate::rules::{Game, Seat};
use crate::ui::Notice;
use crate::ui::tab::Frame;
use crate::ui::theme::{Forest, Palette};

impl SkirmishView {
    #[allow(clippy::too_many_lines, reason = "the side panel lists every part of the game in order")]
    pub(super) fn side_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>, palette: &Palette) {
        self.spot_hovered = None;
        self.fig_hovered = None;
        let state = self.state().clone();
        let colours = palette.forest;
        ui.heading("Tail Feathers");
        let extra = state.options().additional_rules();
        if !extra.is_empty() {
            ui.label(RichText::new(format!("Additional rules: {}", extra.join(", "))).weak());
        }
        frame.status_ui(ui, &self.table);
        frame.history_ui(ui, &self.table);
        // Each side's cheese and nest on a line of its own (side by side
        // they ran past a narrow panel's edge).
        for side_ in [Alliance::Mice, Alliance::Rats] {
            ui.horizontal_wrapped(|ui| {
                let seat = seat_of(side_);
                ui.label(RichText::new(side_name(side_)).strong().color(side_colour(&colours, side_)));
                // The wheel named (six circles alone were not understood).
                ui.label(RichText::new("cheese").small());
                cheese_wheel(ui, state.cheese(seat), palette).on_hover_text(format!(
                    "{} of 6 cheese: won on cheese dice (and by foraging, or passing with nothing to activate); \
                     spent on extra initiative dice and cards, or, with the wheel full, to bring figures back",
                    state.cheese(seat)
                ));
                ui.label(format!("nest {}", state.nest_life(side_))).on_hover_text(format!(
                    "The {} nest can take {} more wounds; the side whose nest is destroyed loses",
                    side_name(side_).to_lowercase(),
                    state.nest_life(side_)
                ));
            });
        }
        let finder_on = self.finder.is_some();
        // (Not while the hand is picked: no figures are in view.)
        if !self.picking() && ui.selectable_label(finder_on, "Range finder: click two figures").clicked() {
            // (The last measure stays written until the next move: the
            // buttons under it moved up a line as the finder was put away.)
            self.finder = if finder_on { None } else { Some(None) };
        }
        if self.finder.is_none() && self.measured.is_some_and(|m| m.2 != self.table.session().log().len()) {
            self.measured = None;
        }
        if let Some((a, b, _)) = self.measured
            && let Some((d, sight)) = state.measure(a, Target::Figure(b))
        {
            ui.label(format!(
                "{} to {}: {d:.1}\", {}, {}",
                figure_name(a),
                figure_name(b),
                range_band(d),
                if sight.is_some() { "clear sight" } else { "no clear sight (a trunk or a flying bird blocks)" }
            ));
        }
        ui.separator();
        // The decisions of the moment.
        if let Some(seat) = self.human_to_move()
            && !self.needs_hand_off()
        {
            self.choices_ui(ui, &state, seat, frame.notices);
        }
        let animate = frame.settings.animations;
        self.dice_ui(ui, &state, palette.forest, animate);
        ui.separator();
        // The cards within the panel's width, the scroll bar beside them
        // (their content widened the panel past its edge, and every line
        // under them was cut there).
        let width = ui.available_width() - ui.spacing().scroll.allocated_width();
        // In a low window the cards leave the log half the room (it was
        // down to a line or two).
        let low = ui.ctx().content_rect().height() < 700.0;
        let units_height = (ui.available_height() * if low { 0.42 } else { 0.5 }).clamp(90.0, 260.0);
        egui::ScrollArea::vertical().max_height(units_height).id_salt("tf-units").show(ui, |ui| {
            ui.set_max_width(width);
            // In a low window, each card folded to a line but the unit's
            // being activated, which comes first.
            let active = state.active_unit();
            let order = active.into_iter().chain((0..UNITS).filter(|&u| Some(u) != active).filter(|_| low));
            let order: Vec<usize> = if low { order.collect() } else { (0..UNITS).collect() };
            for u in order {
                let lit = self.lights.contains(&Action::Activate(u as u8));
                if low && active != Some(u) {
                    folded_unit_card(ui, &state, u, &colours, lit);
                } else {
                    unit_card(ui, &state, u, &colours, lit);
                }
            }
            for side_ in [Alliance::Mice, Alliance::Rats] {
                ballista_card(ui, &state, side_, &colours);
            }
        });
        ui.separator();
        let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
        let colour = |s: crate::rules::Seat| match side_of_seat(s) {
            Alliance::Mice => palette.forest.mice,
            Alliance::Rats => palette.forest.rats,
        };
        let log = &self.table.session().log()[..self.table.session().cursor()];
        crate::ui::widgets::log_ui(ui, "tf-log", log, (false, &colour));
    }

    #[allow(clippy::too_many_lines, reason = "the decisions of the moment, one kind after another")]
    pub(super) fn choices_ui(&mut self, ui: &mut Ui, state: &TailFeathers, seat: Seat, notices: &mut Vec<Notice>) {
        let legal = state.legal_actions();
        let mut action = None;
        let viewer = self.viewer();
        if let Some(card) = state.mission(side_of_seat(seat))
            && viewer.sees(seat)
            && let Some(k) = card.kind
            && !card.revealed
        {
            ui.label(format!("Your mission card (secret): {}", kind_name(k)));
        }
        if let Secret::Chosen(n) = state.bid(seat)
            && viewer.sees(seat)
        {
            ui.label(format!("Your bid (secret): {n} extra dice"));
        }
        let flights = legal.iter().filter(|a| matches!(a, Action::Fly(_))).count();
        if flights > 0 {
            if state.options().announce_first {
                ui.label("Announce the flight (templates in order):");
                egui::ScrollArea::vertical().max_height(160.0).id_salt("tf-lists").show(ui, |ui| {
                    for a in &legal {
                        if let Action::Fly(_) = a
                            && ui.button(choice_label(state, a)).clicked()
                        {
                            action = Some(a.clone());
                        }
                    }
                });
            } else {
                let ghosts = self.flights();
                let crash = ghosts.iter().filter(|g| matches!(g.outcome.ending, FlightEnding::Crashes(_))).count();
                let off = ghosts.iter().filter(|g| g.outcome.ending == FlightEnding::Off).count();
                let hurt = ghosts.iter().filter(|g| g.harmful()).count() - crash - off;
                let harm = harm_words(flights, (crash, off, hurt));
                ui.label(format!("{flights} flights{harm}. Point at a spot to see the flight; click it to fly."));
            }
        }
        if let Some((_, bird)) = tilting_bird(state)
            && legal.iter().any(|a| matches!(a, Action::Launch { .. }))
        {
            // A button like the others (unselected, it had no frame and
            // read as plain text), naming the bird.
            let label = if self.aiming {
                "Launching: click where it should face".to_string()
            } else {
                format!("Launch {}…", figure_name(bird))
            };
            if ui.add(egui::Button::new(label).selected(self.aiming)).clicked() {
                self.aiming = !self.aiming;
            }
        }
        let small: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                !matches!(
                    a,
                    Action::Fly(_)
                        | Action::Launch { .. }
                        | Action::Deploy { .. }
                        | Action::Move { .. }
                        | Action::Scurry { .. }
                        | Action::Strike { .. }
                        | Action::Shoot { .. }
                        | Action::CutLoose { .. }
                        | Action::Play(_)
                        | Action::Pick(_)
                        | Action::NoCard
                        | Action::First(_)
                        | Action::Loose(_)
                )
            })
            .collect();
        self.window_ui(ui, state, &legal, notices);
        if legal.iter().any(|a| matches!(a, Action::Loose(_))) {
            ui.label(
                RichText::new(
                    "The ballista may loose a bolt instead of a unit's activation: click a target ringed in red.",
                )
                .weak(),
            );
        }
        if legal.iter().any(|a| matches!(a, Action::Play(_))) && !legal.contains(&Action::NoCard) {
            ui.label(RichText::new("Cards lit in your hand may be played now: drag one onto a lit unit.").weak());
        }
        self.attackers_ui(ui, state, &legal);
        self.cutters_ui(ui, state, &legal);
        let key = (self.table.session().revision(), self.table.session().cursor());
        if self.idle_units.0 != key {
            let idle = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Activate(u) if state.activation_would_be_idle(*u) => Some(*u),
                    _ => None,
                })
                .collect();
            self.idle_units = (key, idle);
        }
        if (state.walking().is_none() || !matches!(state.walking(), Some((_, Some(_)))))
            && let Some(a) = self.action_buttons(ui, state, seat, &small)
        {
            action = Some(a);
        }
        let moving = legal.iter().any(|a| matches!(a, Action::Move { .. } | Action::Scurry { .. }));
        if moving {
            ui.label(RichText::new("Click a figure, then a lit space (or drag it there).").weak());
        }
        if legal.iter().any(|a| matches!(a, Action::Deploy { .. })) {
            ui.label(RichText::new("Click a lit space of your home tree for the figure named above.").weak());
            if ui.button("Deploy the rest as suggested").on_hover_text("Each figure on the first free space of your home tree, birds out of the nest; every placement is its own step in the log and can be undone.").clicked() {
                self.deploy_rest(seat, notices);
            }
        }
        if let Some(a) = action {
            self.propose(a, notices);
        }
    }

    /// The decisions of the moment that are buttons (activate, send,
    /// missions, pass…), in the rules' order; a figure already sent keeps
    /// its place in the list, greyed. Returns the one clicked.
    fn action_buttons(&mut self, ui: &mut Ui, state: &TailFeathers, seat: Seat, small: &[&Action]) -> Option<Action> {
        let mut action = None;
        // Figures already sent keep their place in the list, greyed
        // (each click took a button away and the rest moved up under
        // the pointer: a second click hit another figure).
        let sending = small.iter().any(|a| matches!(a, Action::Send(_)));
        let mut sent = if sending { state.mission_box(side_of_seat(seat)) } else { Vec::new() };
        let last_send = small.iter().rposition(|a| matches!(a, Action::Send(_)));
        for (i, a) in small.iter().take(30).enumerate() {
            let before: Vec<Fig> = match a {
                Action::Send(f) => sent.iter().copied().filter(|s| s < f).collect(),
                _ if Some(i) == last_send.map(|k| k + 1) => std::mem::take(&mut sent),
                _ => Vec::new(),
            };
            sent.retain(|s| !before.contains(s));
            for f in before {
                sent_place(ui, f);
            }
            let idle = matches!(a, Action::Activate(u) if self.idle_units.1.contains(u));
            let label = if idle {
                // Said before the click: the Jay's activation ended as
                // it began, with no warning, and a new player lost it.
                format!("{}: nothing in reach, done at once", choice_label(state, a))
            } else {
                choice_label(state, a)
            };
            // A figure to send on one line each, as its greyed place
            // once sent is (so nothing moves); the whole on hover.
            let mut button = if matches!(a, Action::Send(_)) {
                ui.add(egui::Button::new(label.clone()).wrap_mode(egui::TextWrapMode::Truncate)).on_hover_text(label)
            } else {
                ui.button(label)
            };
            if idle {
                button = button.on_hover_text(
                    "Nothing it may do now (no target within reach, and no move): activating it uses its turn",
                );
            }
            if matches!(a, Action::Tilt { .. }) {
                // What a tilt does, drawn, where it is chosen (a new player
                // chose tilts blind, and every flight after went astray).
                button = button.on_hover_ui(|ui| {
                    ui.set_max_width(540.0);
                    ui.label("A bird's tilt steers its next flight. It moves one step a round: left, centre, right.");
                    super::diagrams::tilts(ui);
                });
            }
            if let Action::Mission(Some(k)) = a {
                button = button.on_hover_text(mission_words(*k));
            }
            if let Action::PlaceMission(spot) = a
                && button.hovered()
            {
                // The spot it names lit on the board.
                self.spot_hovered = Some(*spot);
            }
            if let Some(f) = named_figure(a)
                && button.hovered()
            {
                // The figure it names ringed on the board.
                self.fig_hovered = Some(f);
            }
            if button.clicked() {
                action = Some((*a).clone());
            }
        }
        for f in sent {
            sent_place(ui, f);
        }
        action
    }

    /// Attacks are made on the board: the figures that may attack, and
    /// the one whose targets are lit (click another to light its own).
    pub(super) fn attackers_ui(&mut self, ui: &mut Ui, state: &TailFeathers, legal: &[Action]) {
        let mut attackers: Vec<Fig> = Vec::new();
        for a in legal {
            if let Action::Strike { figure, .. } | Action::Shoot { figure, .. } = a
                && !attackers.contains(figure)
            {
                attackers.push(*figure);
            }
        }
        if !attackers.is_empty() {
            let active_bird = state.active_unit().and_then(|u| UNIT_DEFS[u].bird.map(|_| UNIT_DEFS[u].first));
            let chosen = self.selected.or(active_bird).filter(|f| attackers.contains(f));
            match chosen {
                Some(f) => {
                    let n = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Strike { figure, .. } | Action::Shoot { figure, .. } if *figure == f))
                        .count();
                    ui.label(format!(
                        "{} may attack {n} {} (ringed): click one to attack.",
                        capitalise(&placed_name(state, f)),
                        if n == 1 { "target" } else { "targets" }
                    ));
                }
                None => {
                    ui.label("Click a figure to see its targets on the board:");
                }
            }
            if attackers.len() > 1 || chosen.is_none() {
                ui.horizontal_wrapped(|ui| {
                    for &f in &attackers {
                        if ui.selectable_label(chosen == Some(f), placed_name(state, f)).clicked() {
                            self.selected = Some(f);
                            self.attack_choice = None;
                        }
                    }
                });
            }
        }
    }

    /// Cutting a leaf loose (TF-R26): one choice for each figure that may,
    /// then the space it is pointed at picked on the board.
    pub(super) fn cutters_ui(&mut self, ui: &mut Ui, state: &TailFeathers, legal: &[Action]) {
        let mut cutters: Vec<Fig> = Vec::new();
        for a in legal {
            if let Action::CutLoose { figure, .. } = a
                && !cutters.contains(figure)
            {
                cutters.push(*figure);
            }
        }
        if self.cutting.is_some_and(|f| !cutters.contains(&f)) {
            self.cutting = None;
        }
        for f in cutters {
            let on = self.cutting == Some(f);
            let label = format!("{} cuts its leaf loose…", capitalise(&placed_name(state, f)));
            if ui
                .selectable_label(on, label)
                .on_hover_text("Instead of its attack. Then click a space of another tree: the leaf is pointed at it and drifts (one action die + the figures on it spins).")
                .clicked()
            {
                self.cutting = if on { None } else { Some(f) };
            }
        }
        if self.cutting.is_some() {
            ui.label(RichText::new("Click a lit space of another tree: the leaf drifts toward it.").weak());
        }
    }

    /// Deploys the seat's remaining figures one by one on the first space
    /// each may take.
    pub(super) fn deploy_rest(&mut self, seat: Seat, notices: &mut Vec<Notice>) {
        for _ in 0..crate::rules::tail_feathers::game::FIGURES {
            let state = self.state();
            if state.to_move() != crate::rules::ToMove::Seat(seat) {
                break;
            }
            let Some(a) = state.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. })) else { break };
            if !self.propose(a, notices) {
                break;
            }
        }
    }

    /// The last roll's dice. A new roll tumbles for a moment before the
    /// dice settle (faces drawn from the clock, not the game's dice, and
    /// named "rolling" meanwhile); with animations off they settle at once.
    pub(super) fn dice_ui(&mut self, ui: &mut Ui, state: &TailFeathers, forest: Forest, animate: bool) {
        let rolls: Vec<&Event> = state.events().iter().filter(|e| matches!(e, Event::Rolled { .. })).collect();
        if rolls.is_empty() {
            return;
        }
        let cursor = self.table.session().cursor();
        let now = ui.input(|i| i.time);
        let since = match self.roll_seen {
            Some((c, t)) if c == cursor => now - t,
            _ => {
                self.roll_seen = Some((cursor, now));
                0.0
            }
        };
        let tumbling = animate && since < TUMBLE_SECONDS;
        if tumbling {
            ui.ctx().request_repaint();
        }
        // In a low window the roll is shown on the table's tray alone (the
        // panel's copy of it pushed the log off the screen).
        if ui.ctx().content_rect().height() < super::hand::LOW_WINDOW {
            return;
        }
        ui.label(RichText::new(if tumbling { "Rolling…" } else { "Last roll" }).strong());
        let mut k = 0u64;
        for e in rolls {
            if let Event::Rolled { seat, what, faces } = e {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{} {what}:", side_name(side_of_seat(*seat))));
                    for &f in faces {
                        k += 1;
                        if tumbling {
                            die_as(ui, &forest, tumbling_face(now, k), Some("die: rolling"));
                        } else {
                            die(ui, &forest, f);
                        }
                    }
                });
            }
        }
        let rest: Vec<String> = state
            .events()
            .iter()
            .filter(|e| !matches!(e, Event::Rolled { .. }))
            .map(crate::rules::tail_feathers::game::event_words)
            .collect();
        // (What it did once the dice settle: the result beside dice still
        // rolling read as a glitch.)
        if !rest.is_empty() && !tumbling {
            ui.label(rest.join("; ")).widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, "dice result"));
        }
    }

    pub(super) fn hand_off_ui(&mut self, ui: &mut Ui) {
        let Some(seat) = self.human_to_move() else { return };
        let name = self.state().seat_name(seat);
        let hidden = if self.state().options().action_cards {
            "Missions, bids and action cards are hidden; the battlefield is public."
        } else {
            "Missions and bids are hidden; the battlefield is public."
        };
        if crate::ui::widgets::hand_off_bar(ui, &name, hidden, "show my choices", self.table.recap(seat)) {
            self.confirm_hand_off();
        }
    }
}

/// A figure with where it is, so figures of one squad can be told apart.
pub(super) fn placed_name(state: &TailFeathers, f: Fig) -> String {
    let d = &UNIT_DEFS[unit_of(f)];
    let name = if d.count > 1 {
        format!("{} {}", figure_name(f).trim_start_matches("a "), f - d.first + 1)
    } else {
        figure_name(f)
    };
    match state.figure(f).place {
        Place::Space(s) => format!("{name} in {}", space_name(s)),
        Place::Mission => format!("{name} on the mission"),
        Place::Air => format!("{name}, flying"),
        _ => name,
    }
}

pub(super) fn cheese_wheel(ui: &mut Ui, n: u8, palette: &Palette) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(44.0, 14.0), Sense::hover());
    for k in 0..6 {
        let c = rect.left_center() + Vec2::new(4.0 + 7.0 * k as f32, 0.0);
        if k < n {
            ui.painter().circle_filled(c, 3.0, palette.forest.cheese);
        } else {
            ui.painter().circle_stroke(c, 3.0, Stroke::new(1.0, palette.text));
        }
    }
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, format!("{n} of 6 cheese")));
    resp
}

/// What pointing at a figure on the battlefield shows: its unit's card,
/// and the figure's own state in words (where it is, its heading, its
/// wounds).
pub(super) fn figure_tip(ui: &mut Ui, state: &TailFeathers, f: Fig, colours: &Forest, said: &str) {
    ui.set_max_width(300.0);
    // The miniature held up to the eye, large (on the table it is a
    // thumbnail: "at normal size you can't tell it's a mouse riding a
    // bird"), beside its unit's card.
    ui.horizontal_top(|ui| {
        figure_portrait(ui, state, f, colours);
        ui.vertical(|ui| unit_card(ui, state, unit_of(f), colours, false));
    });
    let words = said.split_once(": ").map_or(said, |x| x.1);
    ui.label(RichText::new(capitalise(words)).size(12.0));
}

/// The size of a figure held up in its hover.
pub(super) const PORTRAIT: f32 = 96.0;

/// Figure `f` drawn large on its base: a bird with its pilot (its wings
/// as they are held now), a mouse or a rat.
fn figure_portrait(ui: &mut Ui, state: &TailFeathers, f: Fig, colours: &Forest) {
    use super::figures::{Species, Wings, paint_bird_figure, paint_pilot, paint_rodent_on_base};
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(PORTRAIT), Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, format!("{} held up", figure_name(f))));
    let painter = ui.painter();
    let side = UNIT_DEFS[unit_of(f)].side;
    let fill = side_colour(colours, side);
    let at = rect.center();
    let rat = side == Alliance::Rats;
    let up = Vec2::new(0.0, -1.0);
    if let (Some(b), Some((kind, _))) = (state.bird(f), UNIT_DEFS[unit_of(f)].bird) {
        let r = PORTRAIT * 0.27;
        super::forest::shadow_disc(painter, colours, at + Vec2::splat(r * 0.3), r);
        painter.circle(at, r, fill, Stroke::new(1.5, colours.ink));
        let perched = matches!(state.figure(f).place, Place::Space(_)) && !b.launching;
        let wings = if perched { Wings::Folded } else { Wings::Spread { bank: 0.0 } };
        let species = Species::of(crate::rules::tail_feathers::components::BIRDS[kind].name);
        paint_bird_figure(painter, at, up, r, species, wings, colours.die);
        paint_pilot(painter, at, up, r, species, (rat, fill), colours.die);
    } else {
        let r = PORTRAIT * 0.36;
        super::forest::shadow_disc(painter, colours, at + Vec2::splat(r * 0.2), r);
        paint_rodent_on_base(painter, at, r, (fill, Stroke::new(1.5, colours.ink)), colours.bark, up, rat, colours.die);
    }
}

/// The greyed place of a figure already sent on the mission.
fn sent_place(ui: &mut Ui, f: Fig) {
    let words = format!("Sent: {} is on the mission", figure_name(f));
    ui.add_enabled(false, egui::Button::new(words).wrap_mode(egui::TextWrapMode::Truncate));
}

/// The figure a decision is about, when its button names one.
fn named_figure(a: &Action) -> Option<Fig> {
    match a {
        Action::AssignHit(Target::Figure(f))
        | Action::Send(f)
        | Action::Stay(f)
        | Action::PickUp(f)
        | Action::Hold(f)
        | Action::Deploy { figure: f, .. } => Some(*f),
        _ => None,
    }
}

/// What the crosses among `flights` flights mean, for the panel: how many
/// crash into a trunk, leave the battlefield (their crosses on its edge,
/// where the pointer shows them) and wound the bird on the way. (It spoke
/// of crossings off the edge with none in sight, and of none at all for
/// the flights through an enemy bird, also crossed.)
fn harm_words(flights: usize, (crash, off, hurt): (usize, usize, usize)) -> String {
    if crash == flights && flights > 0 {
        return " (every one crashes into a trunk)".to_string();
    }
    let mut parts = Vec::new();
    if crash > 0 {
        parts.push(format!("{crash} crash into a trunk"));
    }
    if hurt > 0 {
        let wound = if hurt == 1 { "wounds the bird on the way" } else { "wound the bird on the way" };
        parts.push(format!("{hurt} {wound}"));
    }
    if off > 0 {
        parts.push(format!("{off} leave the battlefield"));
    }
    let edge = if off > 0 {
        ". Those leaving are marked on its edge where they cross it: point there to see them"
    } else {
        ""
    };
    match parts.len() {
        0 => String::new(),
        1 => format!(" ({}, marked ×){edge}", parts[0]),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!(" ({} and {last}, each marked ×){edge}", parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::harm_words;

    #[test]
    fn the_panel_says_what_every_kind_of_cross_means() {
        assert_eq!(harm_words(5, (0, 0, 0)), "");
        assert_eq!(harm_words(5, (5, 0, 0)), " (every one crashes into a trunk)");
        assert_eq!(harm_words(9, (2, 0, 0)), " (2 crash into a trunk, marked ×)");
        // Through an enemy bird: a cross the panel never spoke of.
        assert_eq!(harm_words(9, (0, 0, 1)), " (1 wounds the bird on the way, marked ×)");
        let all = harm_words(56, (2, 50, 3));
        assert!(
            all.starts_with(
                " (2 crash into a trunk, 3 wound the bird on the way and 50 leave the battlefield, each marked ×)"
            ),
            "{all}"
        );
        // Off the edge: where to look for them.
        assert!(harm_words(56, (0, 56, 0)).contains("marked on its edge where they cross it: point there"));
    }
}
