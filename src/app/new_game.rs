//! The new-game dialog, built from the game's entry in the list of games:
//! its seating, its variants and its notes.

use egui::{RichText, Ui};

use crate::ai::Level;
use crate::games::{self, NewGame, Seating};
use crate::save;
use crate::session::Player;
use crate::ui::Notice;

use super::{AviaryApp, Screen};

/// Who plays each seat the rules name ("White", "Black"): a person or a
/// computer of some level.
pub(super) fn fixed_seats_ui(ui: &mut Ui, choice: &mut NewGame, names: &[&str]) {
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let colour = choice.game.seat_colour;
    crate::ui::look::on_cloth(ui, &palette, |ui| {
        for (i, player) in choice.players.iter_mut().enumerate() {
            let name = names.get(i).copied().unwrap_or("Seat");
            seat_card(ui, (i, colour(&palette, i)), player, None, |ui| {
                ui.add_sized([90.0, 22.0], egui::Label::new(crate::ui::look::title(ui, name, 16.0)));
            });
        }
    });
}

/// The place for one more seat at the table: an empty place card drawn as
/// a dashed outline on the cloth, "+ Add a seat" on it.
fn empty_seat(ui: &mut Ui, palette: &crate::ui::theme::Palette) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 30.0), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Add a seat"));
    let ink = if response.hovered() { palette.selection } else { palette.table.ink };
    let r = rect.shrink(1.0);
    let outline = [r.left_top(), r.right_top(), r.right_bottom(), r.left_bottom(), r.left_top()];
    ui.painter().extend(egui::Shape::dashed_line(&outline, egui::Stroke::new(1.3, ink), 6.0, 4.0));
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "+  Add a seat",
        egui::FontId::proportional(14.0),
        ink,
    );
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// One seat at the table, as a place card: its token, its name (`name`
/// draws it), who plays it and, for a computer, how well; with `remove`
/// (whether it may be removed, and set when it is), an "x" at its end.
fn seat_card(
    ui: &mut Ui,
    (index, colour): (usize, egui::Color32),
    player: &mut Player,
    remove: Option<(bool, &mut bool)>,
    name: impl FnOnce(&mut Ui),
) {
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let shadow = egui::epaint::Shadow { offset: [1, 2], blur: 6, spread: 0, color: palette.table.shadow };
    egui::Frame::new()
        .fill(palette.table.plate)
        .stroke(egui::Stroke::new(1.0, crate::ui::look::edge_of(palette.table.plate, &palette)))
        .corner_radius(8)
        .shadow(shadow)
        .inner_margin(egui::Margin::symmetric(8, 5))
        .show(ui, |ui| {
            ui.visuals_mut().override_text_color = Some(palette.table.on_plate);
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                // The seat's token: its number on a coloured disc.
                let (r, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
                crate::ui::look::token(ui.painter(), &palette, r.center(), 11.0, colour, &(index + 1).to_string());
                name(ui);
                player_ui(ui, player);
                if let Some((enabled, removed)) = remove.filter(|(enabled, _)| *enabled) {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let x = ui.add_enabled(enabled, egui::Button::new("×").frame(false));
                        x.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, "Remove this seat"));
                        *removed = x.on_hover_text("Remove this seat").clicked();
                    });
                }
            });
        });
}

/// A person, a computer (with its level beside it) or a friend online,
/// as one segmented choice.
pub(super) fn player_ui(ui: &mut Ui, player: &mut Player) {
    let segment = crate::ui::look::segmented;
    segment(ui, &mut |ui| {
        ui.selectable_value(player, Player::Human, "Human").on_hover_text("Someone at this computer");
        let computer = matches!(player, Player::Computer(_));
        if ui.selectable_label(computer, "Computer").on_hover_text("The computer plays this seat").clicked()
            && !computer
        {
            *player = Player::Computer(Level::Normal);
        }
        ui.selectable_value(player, Player::Friend, "Friend online")
            .on_hover_text("A friend on another computer: starting the game shows the invite code to send them");
    });
    if let Player::Computer(_) = player {
        segment(ui, &mut |ui| {
            for level in [Level::Easy, Level::Normal, Level::Hard] {
                let chosen = *player == Player::Computer(level);
                let button = ui.selectable_label(chosen, level.name());
                button.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::Button, true, chosen, format!("Computer ({})", level.name()))
                });
                if button.clicked() {
                    *player = Player::Computer(level);
                }
            }
        });
    }
}

/// The seats of games of `min` to `max` named seats: each a name and a
/// person or a computer, seats added and removed, and who starts.
pub(super) fn named_seats_ui(ui: &mut Ui, choice: &mut NewGame, min: usize, max: usize) {
    ui.label(format!("Players ({min} to {max})"));
    let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
    let colour = choice.game.seat_colour;
    crate::ui::look::on_cloth(ui, &palette, |ui| {
        let mut remove = None;
        let can_remove = choice.players.len() > min;
        for (i, player) in choice.players.iter_mut().enumerate() {
            while choice.names.len() <= i {
                choice.names.push(games::SEAT_NAMES.get(choice.names.len()).copied().unwrap_or("Player").to_string());
            }
            let name = &mut choice.names[i];
            let mut removed = false;
            seat_card(ui, (i, colour(&palette, i)), player, Some((can_remove, &mut removed)), |ui| {
                ui.add(egui::TextEdit::singleline(name).desired_width(90.0))
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, format!("Seat {}:", i + 1)));
            });
            if removed {
                remove = Some(i);
            }
        }
        if let Some(i) = remove
            && choice.players.len() > min
        {
            choice.players.remove(i);
            choice.names.remove(i);
            choice.first = None;
        }
        if choice.players.len() < max && empty_seat(ui, &palette).clicked() {
            choice.players.push(Player::Computer(Level::Normal));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("First player:");
        ui.selectable_value(&mut choice.first, None, "random");
        let names: Vec<String> = choice.seat_names();
        for (i, n) in names.iter().enumerate() {
            ui.selectable_value(&mut choice.first, Some(i as u8), n.as_str());
        }
    });
}

impl AviaryApp {
    /// Opens the new-game dialog for the game with id `game`.
    pub fn open_new_game(&mut self, game: &str) {
        if let Some(entry) = games::entry(game).filter(|e| e.play.is_some()) {
            let mut choice = NewGame::new(entry, self.settings.ai_level);
            // The last game's choices, offered again.
            if let Some(last) = self.settings.new_games.get(entry.id) {
                choice.remembered(last);
            }
            self.new_game = Some(choice);
        }
    }

    /// Starts the game the dialog describes, as a new tab.
    pub fn start_new_game(&mut self, choice: &NewGame, notices: &mut Vec<Notice>) -> bool {
        let seed = if choice.seed.trim().is_empty() {
            save::now_secs().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(std::process::id())
        } else if let Ok(s) = choice.seed.trim().parse::<u64>() {
            s
        } else {
            notices
                .push(Notice::Error(format!("The deal number must be a whole number, not \"{}\"", choice.seed.trim())));
            return false;
        };
        let Some(play) = &choice.game.play else {
            notices.push(Notice::Error(format!("{} cannot be played yet", choice.game.name)));
            return false;
        };
        let path = save::fresh_path(&self.saves_dir, choice.game.id);
        let mut tab = (play.start)(choice, seed, path);
        if let Err(e) = std::fs::create_dir_all(&self.saves_dir) {
            notices.push(Notice::Error(format!("Cannot create the save folder {}: {e}", self.saves_dir.display())));
        } else if let Err(e) = tab.save() {
            notices.push(Notice::Error(format!("Autosave failed: {e}")));
        }
        self.tabs.push(tab);
        self.screen = Screen::Game(self.tabs.len() - 1);
        // Offered again next time.
        self.settings.new_games.insert(choice.game.id.to_string(), choice.to_remember());
        self.store_settings();
        if choice.players.iter().any(|p| p.is_friend()) {
            let ctx = self.wake.get().cloned();
            self.host_if_friends(self.tabs.len() - 1, ctx.as_ref());
        }
        self.remember_open_games();
        true
    }

    pub(super) fn new_game_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(mut choice) = self.new_game.take() else { return };
        let game = choice.game;
        let mut start = false;
        let mut cancel = false;
        let mut switch = None;
        let strict = self.settings.strict_undo;
        // Held by its top edge, not centred: adding a seat grows it
        // downwards and leaves every button above where the pointer was.
        let id = egui::Id::unique("new-game");
        let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0));
        let modal = crate::ui::look::modal(ctx, id).area(area).show(ctx, |ui| {
            ui.set_width(580.0);
            let palette = crate::ui::theme::palette(ui.visuals().dark_mode);
            ui.horizontal(|ui| {
                // The box's cover, small, beside the title.
                let (art, _) = ui.allocate_exact_size(egui::vec2(72.0, 50.0), egui::Sense::hover());
                (game.cover)(ui.painter(), &palette, art);
                ui.painter().rect_stroke(
                    art,
                    2.0,
                    egui::Stroke::new(1.0, palette.table.rim),
                    egui::StrokeKind::Outside,
                );
                let title = crate::ui::look::title(ui, format!("New {} game", game.name), 22.0);
                ui.label(title.color(ui.visuals().strong_text_color()));
            });
            // Another game, from the dialog itself (opened where no game
            // was on screen, it offered only the first of the list).
            ui.horizontal(|ui| {
                ui.label("Game:");
                crate::ui::look::segmented(ui, &mut |ui| {
                    for e in games::GAMES.iter().filter(|e| e.play.is_some()) {
                        if ui.selectable_label(e.id == game.id, e.name).clicked() && e.id != game.id {
                            switch = Some(e.id);
                        }
                    }
                });
            });
            ui.add_space(4.0);
            // The seats and options scroll in a low window; the title and
            // the Start button stay in view (the dialog hangs 60 points
            // from the window's top).
            let room = (ui.ctx().content_rect().height() - 60.0 - 170.0).max(120.0);
            // As tall as its content was last frame (a dialog's room is
            // known only from its last size: without this it would grow
            // a few points a frame).
            let tall_id = egui::Id::unique(("new-game-options-height", game.id));
            let tall = ui.ctx().data(|d| d.get_temp::<f32>(tall_id)).unwrap_or(0.0);
            let options = egui::ScrollArea::vertical()
                .id_salt("new-game-options")
                .max_height(room)
                .min_scrolled_height(tall.min(room));
            let shown = options.show(ui, |ui| {
                ui.set_min_height(tall.min(room));
                match game.seating {
                    Seating::Solitaire => {}
                    Seating::Fixed(names) => fixed_seats_ui(ui, &mut choice, names),
                    Seating::Named { min, max, .. } => named_seats_ui(ui, &mut choice, min, max),
                }
                // The notes follow the seats as they are chosen.
                let people = choice.players.iter().filter(|p| matches!(p, Player::Human)).count();
                let notes = (game.notes)(strict, people);
                if game.variants.len() > 3 {
                    // Many options (Tail Feathers' thirteen): folded away under
                    // one line that says how many are on.
                    let on = choice.variants.iter().filter(|v| **v).count();
                    let title = format!("Variants and additional rules: {on} of {} on", game.variants.len());
                    egui::CollapsingHeader::new(title)
                        .id_salt("new-game-variants")
                        .default_open(false)
                        .show(ui, |ui| variants_ui(ui, game.variants, &mut choice.variants));
                } else {
                    variants_ui(ui, game.variants, &mut choice.variants);
                }
                egui::CollapsingHeader::new("Play a deal again").id_salt("new-game-deal").show(ui, |ui| {
                    ui.horizontal(|ui| {
                        let label = ui.label("Deal number:");
                        ui.add(
                            egui::TextEdit::singleline(&mut choice.seed).hint_text("a new deal").desired_width(160.0),
                        )
                        .labelled_by(label.id)
                        .on_hover_text("The same number deals the same cards in the same order again");
                    });
                });
                for note in notes {
                    ui.label(RichText::new(note).color(palette.table.on_plate.gamma_multiply(0.8)));
                }
            });
            // Never shorter while it is open: a seat removed would pull the
            // Start button up from under the pointer, and the next click
            // landed outside the dialog and closed it.
            ui.ctx().data_mut(|d| d.insert_temp(tall_id, shown.content_size.y.max(tall)));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                start = crate::ui::look::main_button(ui, "Start").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        let forget = |ctx: &egui::Context| {
            ctx.data_mut(|d| d.remove::<f32>(egui::Id::unique(("new-game-options-height", game.id))));
        };
        if let Some(other) = switch {
            forget(ctx);
            self.open_new_game(other);
            return;
        }
        if start {
            if self.start_new_game(&choice, notices) {
                forget(ctx);
                return;
            }
        } else if cancel || modal.should_close() {
            forget(ctx);
            return;
        }
        self.new_game = Some(choice);
    }
}

/// The game's options: ungrouped ones first, then each group under its
/// heading with an "All of them" box that sets or clears the whole group
/// (shown ticked when every one is on).
fn variants_ui(ui: &mut egui::Ui, variants: &[crate::games::Variant], on: &mut [bool]) {
    for (variant, on) in variants.iter().zip(on.iter_mut()).filter(|(v, _)| v.group.is_none()) {
        crate::ui::look::switch(ui, on, variant.label);
    }
    let mut groups: Vec<&str> = variants.iter().filter_map(|v| v.group).collect();
    groups.dedup();
    for group in groups {
        ui.add_space(4.0);
        ui.label(RichText::new(group).strong());
        let members: Vec<usize> = (0..variants.len()).filter(|&i| variants[i].group == Some(group)).collect();
        let mut all = members.iter().all(|&i| on[i]);
        if members.len() > 1 && crate::ui::look::switch(ui, &mut all, "All of them").changed() {
            for &i in &members {
                on[i] = all;
            }
        }
        ui.indent(group, |ui| {
            for &i in &members {
                crate::ui::look::switch(ui, &mut on[i], variants[i].label);
            }
        });
    }
}
