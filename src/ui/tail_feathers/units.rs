//! The unit cards of the side panel: each unit's name and state as chips,
//! its values, abilities and pilot; folded to a line in a low window; a
//! side's ballista.

use egui::{RichText, Stroke, Ui};

use super::side_colour;
use super::words::capitalise;
use crate::rules::tail_feathers::components::{Alliance, BIRDS, GROUND};
use crate::rules::tail_feathers::game::{
    Place, TailFeathers, UNIT_DEFS, figure_name, side_name, space_name, unit_name,
};
use crate::ui::theme::Forest;

/// A unit's name in its side's colour (italic once activated) and its
/// state as chips.
fn unit_heading(ui: &mut Ui, state: &TailFeathers, u: usize, colours: &Forest) {
    ui.spacing_mut().item_spacing.x = 4.0;
    // The side's colour darkened (or lightened) as far as reading on the
    // panel needs: the mice's gold was faint on cream.
    let side = side_colour(colours, UNIT_DEFS[u].side);
    let plate = crate::ui::theme::palette(ui.visuals().dark_mode).table.plate;
    let text = ui.visuals().text_color();
    let ink = (0..=10)
        .map(|k| crate::ui::theme::mix(side, text, k as f32 / 10.0))
        .find(|&c| crate::ui::theme::contrast(c, plate) >= 3.5)
        .unwrap_or(text);
    let name = RichText::new(unit_name(u)).strong().color(ink);
    ui.label(if state.is_activated(u) { name.italics() } else { name });
    state_chips(ui, state, u, colours);
}

/// A unit's card folded to a line, for a low window: its name, its state
/// and its wounds; the whole card on hover. (At 800x600 the whole cards
/// left the log a line or two, and the last card was cut mid-line.)
pub(super) fn folded_unit_card(ui: &mut Ui, state: &TailFeathers, u: usize, colours: &Forest, lit: bool) {
    let d = &UNIT_DEFS[u];
    let side = side_colour(colours, d.side);
    let stroke = if lit {
        Stroke::new(2.5, ui.visuals().selection.stroke.color)
    } else {
        Stroke::new(1.0, side.gamma_multiply(if state.is_activated(u) { 0.35 } else { 0.8 }))
    };
    let frame = egui::Frame::new().stroke(stroke).corner_radius(5.0).inner_margin(egui::Margin::symmetric(6, 2));
    let shown = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            unit_heading(ui, state, u, colours);
            if d.bird.is_some() {
                let wounds = state.figure(d.first).wounds;
                ui.label(RichText::new(format!("wounds {wounds} of {}", state.life(u))).size(11.5));
            }
        });
    });
    let width = ui.available_width();
    shown.response.on_hover_ui(|ui| {
        ui.set_width(width.max(240.0));
        unit_card(ui, state, u, colours, lit);
    });
}

/// A unit's card, compact: its name and state as chips (flying, perched,
/// rattled, on fire, carrying, activated), its values on one line, its
/// abilities named (the full words on hover), and its pilot.
pub(super) fn unit_card(ui: &mut Ui, state: &TailFeathers, u: usize, colours: &Forest, lit: bool) {
    let d = &UNIT_DEFS[u];
    let done = state.is_activated(u);
    let side = side_colour(colours, d.side);
    // A lesson's unit to activate wears a gold frame.
    let stroke = if lit {
        Stroke::new(2.5, ui.visuals().selection.stroke.color)
    } else {
        Stroke::new(1.0, side.gamma_multiply(if done { 0.35 } else { 0.8 }))
    };
    egui::Frame::new().stroke(stroke).corner_radius(5.0).inner_margin(egui::Margin::symmetric(6, 3)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| unit_heading(ui, state, u, colours));
        let (values, abilities, pilot) = match (d.bird, d.ground) {
            (Some((b, _)), _) => {
                let bird = &BIRDS[b];
                let p = state.pilot_card(u);
                let wounds = state.figure(d.first).wounds;
                (
                    format!(
                        "battle {} · defence {} · move {} · wounds {wounds} of {}",
                        bird.battle,
                        bird.defence,
                        bird.movement,
                        state.life(u)
                    ),
                    bird.abilities,
                    p.map(|p| {
                        format!(
                            "pilot {} ({}): melee {} · ranged {} · piloting {}",
                            p.name,
                            format!("{:?}", p.rank).to_lowercase(),
                            p.melee,
                            p.ranged,
                            p.pilot
                        )
                    }),
                )
            }
            (None, Some(g)) => {
                let card = &GROUND[g];
                (
                    format!(
                        "squad of {} · melee {} · ranged {} · defence {} · move {}",
                        card.squad, card.melee, card.ranged, card.defence, card.movement
                    ),
                    card.abilities,
                    None,
                )
            }
            _ => (String::new(), &[][..], None),
        };
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 4.0;
            ui.label(RichText::new(values).size(11.5));
            for a in abilities {
                let words = a.words();
                let name = words.split(':').next().unwrap_or(words);
                // A chip too wide for what is left of the line starts the next.
                let font = egui::FontId::proportional(11.5);
                let wide = ui.painter().layout_no_wrap(name.to_string(), font, side).size().x + 14.0;
                // (What is left of this line: a wrapping layout's
                // available width is a whole line's, and a chip sure of
                // room ran past the panel's edge, widening all under it.)
                if ui.max_rect().right() - ui.cursor().left() < wide + 12.0 {
                    ui.end_row();
                }
                egui::Frame::new()
                    .stroke(Stroke::new(1.0, side))
                    .corner_radius(6.0)
                    .inner_margin(egui::Margin::symmetric(5, 0))
                    // (Whole: a chip squeezed at a line's end broke "sw / ift".)
                    .show(ui, |ui| {
                        ui.add(
                            egui::Label::new(RichText::new(name).size(11.5).strong())
                                .wrap_mode(egui::TextWrapMode::Extend),
                        )
                    })
                    .response
                    .on_hover_text(capitalise(words));
            }
        });
        if let Some(p) = pilot {
            ui.label(RichText::new(p).size(11.0).weak());
        }
    });
}

/// A side's ballista's unit card once it is built (TF-R28): its values,
/// wounds and whether it may shoot this round.
pub(super) fn ballista_card(ui: &mut Ui, state: &TailFeathers, side: Alliance, colours: &Forest) {
    use crate::rules::tail_feathers::cards::BALLISTA;
    let Some(b) = state.ballista(side) else { return };
    let colour = side_colour(colours, side);
    egui::Frame::new()
        .stroke(Stroke::new(1.0, colour.gamma_multiply(if b.activated { 0.35 } else { 0.8 })))
        .corner_radius(5.0)
        .inner_margin(egui::Margin::symmetric(6, 3))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                ui.label(RichText::new(format!("{} ballista", side_name(side))).strong().color(colour));
                chip(ui, &format!("in {}", space_name(b.space)), colours.space);
                match state.ballista_blocker(side) {
                    None => chip(ui, "ready", colours.chip_sky),
                    Some(why) => {
                        let short = if b.activated {
                            "activated"
                        } else if b.built >= state.round() {
                            "built this round"
                        } else {
                            "no crew, or an enemy beside it"
                        };
                        egui::Frame::new()
                            .show(ui, |ui| chip(ui, short, colours.chip_quiet))
                            .response
                            .on_hover_text(why);
                    }
                }
            });
            ui.label(
                RichText::new(format!(
                    "ranged {} · defence {} · wounds {} of {} · crew {}",
                    BALLISTA.ranged, BALLISTA.defence, b.wounds, BALLISTA.life, BALLISTA.crew
                ))
                .small(),
            );
        });
}

/// A small coloured label on a unit card.
fn chip(ui: &mut Ui, text: &str, fill: egui::Color32) {
    let fill = fill.to_opaque();
    let ink = crate::ui::theme::palette(ui.visuals().dark_mode).text_on(fill);
    // A chip that does not fit what is left of the row starts a new row
    // rather than wrap its words a letter to a line ("rea/dy", "s t").
    let wide = ui.painter().layout_no_wrap(text.to_string(), egui::TextStyle::Small.resolve(ui.style()), ink).size().x;
    let left = ui.available_size_before_wrap().x;
    if wide + 12.0 > left && left < ui.max_rect().width() - 1.0 {
        ui.end_row();
    }
    egui::Frame::new().fill(fill).corner_radius(6.0).inner_margin(egui::Margin::symmetric(5, 1)).show(ui, |ui| {
        ui.label(RichText::new(text).small().color(ink));
    });
}

/// A unit's state as chips: activated, flying or perched, rattled, on fire,
/// carrying; for a squad, how many are on the board and lost.
fn state_chips(ui: &mut Ui, state: &TailFeathers, u: usize, colours: &Forest) {
    let d = &UNIT_DEFS[u];
    let done = state.is_activated(u);
    let (sky, grey, alarm) = (colours.chip_sky, colours.chip_quiet, colours.chip_alarm);
    if done {
        chip(ui, "activated", grey);
    }
    match (d.bird, d.ground) {
        (Some(_), _) => {
            let f = d.first;
            let b = state.bird(f);
            match state.figure(f).place {
                Place::Air => chip(ui, "flying", sky),
                Place::Space(s) if b.is_some_and(|b| b.launching) => {
                    chip(ui, &format!("launching from {}", space_name(s)), sky);
                }
                Place::Space(s) => chip(ui, &format!("perched: {}", space_name(s)), colours.space),
                Place::Casualty => chip(ui, "defeated", alarm),
                _ => {}
            }
            if b.is_some_and(|b| b.rattled) {
                chip(ui, "rattled", alarm);
            }
            if let Some(s) = state.spiral_of(f) {
                chip(ui, &format!("death spiral with {}", figure_name(s.partner(f))), colours.spiral[0]);
            }
            if state.figure(f).on_fire {
                chip(ui, "on fire", colours.fire);
            }
            if let Some(p) = b.and_then(|b| b.passenger) {
                chip(ui, &format!("carrying {}", figure_name(p)), colours.space);
            }
            // Bird cards lying face down by it until it perches (TF-R27).
            let lying: Vec<&str> = state
                .hand(d.side)
                .lying
                .iter()
                .filter(|l| l.1 == f)
                .map(|l| crate::rules::tail_feathers::cards::card(l.0).name)
                .collect();
            if !lying.is_empty() {
                super::hand::backs(ui, colours, lying.len());
                ui.label(RichText::new(format!("face down: {}", lying.join(", "))).small().weak());
            }
        }
        (None, Some(_)) => {
            let on = (d.first..d.first + d.count).filter(|&f| state.figure(f).place.on_battlefield()).count();
            let lost = (d.first..d.first + d.count).filter(|&f| state.figure(f).place == Place::Casualty).count();
            chip(ui, &format!("{on} on the board"), colours.space);
            if lost > 0 {
                chip(ui, &format!("{lost} lost"), alarm);
            }
            let burning = (d.first..d.first + d.count).filter(|&f| state.figure(f).on_fire).count();
            if burning > 0 {
                chip(ui, &format!("{burning} on fire"), colours.fire);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod chip_tests {
    use super::chip;
    use egui::{Pos2, Rect, Vec2};

    /// Found by a new player at 800x600: a chip late in a row wrapped its
    /// words a letter or two to a line ("rea/dy", "s t"). It starts a new
    /// row instead.
    #[test]
    fn a_chip_that_does_not_fit_its_row_starts_a_new_one_whole() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let panel = Rect::from_min_size(Pos2::new(560.0, 0.0), Vec2::new(200.0, 300.0));
            let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(panel));
            inner.horizontal_wrapped(|ui| {
                ui.allocate_exact_size(Vec2::new(170.0, 16.0), egui::Sense::hover());
                chip(ui, "ready to loose", crate::ui::theme::palette(false).forest.chip_quiet);
            });
        });
        out.textures_delta.clear();
        let rows: Vec<usize> = out
            .shapes
            .iter()
            .filter_map(|c| match &c.shape {
                egui::Shape::Text(t) if t.galley.job.text == "ready to loose" => Some(t.galley.rows.len()),
                _ => None,
            })
            .collect();
        assert_eq!(rows, [1], "the chip is painted once, on one line");
    }
}
