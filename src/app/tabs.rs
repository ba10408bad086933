//! The row of the menu and the tabs: Home, Saved Games, one tab per open game
//! (those that fit; the rest in an "N more…" menu), Settings at its end,
//! and how alike tabs are named apart.

use egui::Ui;

use super::{AviaryApp, Screen, file_stem};
use crate::ui::Notice;

/// The look of the words on the dark rail of menu and tabs: cream words,
/// and the chosen tab a tag of the box's cardboard.
pub(super) fn on_the_rail(ui: &mut Ui, palette: &crate::ui::theme::Palette) {
    let v = ui.visuals_mut();
    // The lighter of the cardboard and its ink (cream by day, by night the
    // ink), and the darker for words on the chosen tag.
    let light = |c: egui::Color32| u32::from(c.r()) + u32::from(c.g()) + u32::from(c.b());
    let (cream, dark) = if light(palette.table.plate) > light(palette.table.on_plate) {
        (palette.table.plate, palette.table.on_plate)
    } else {
        (palette.table.on_plate, palette.table.plate)
    };
    v.override_text_color = None;
    for w in [&mut v.widgets.inactive, &mut v.widgets.noninteractive] {
        w.fg_stroke.color = cream;
    }
    v.widgets.hovered.fg_stroke.color = crate::ui::theme::mix(cream, palette.selection, 0.3);
    v.widgets.hovered.weak_bg_fill = crate::ui::theme::mix(palette.table.wood[2], cream, 0.15);
    v.widgets.active.fg_stroke.color = cream;
    v.widgets.inactive.weak_bg_fill = crate::ui::theme::mix(palette.table.wood[2], cream, 0.08);
    v.widgets.inactive.bg_stroke.color = crate::ui::theme::mix(palette.table.wood[2], cream, 0.3);
    v.selection.bg_fill = cream;
    v.selection.stroke.color = dark;
    v.widgets.noninteractive.bg_stroke.color = crate::ui::theme::mix(palette.table.wood[2], cream, 0.3);
}

impl AviaryApp {
    /// The menu and the tabs on one dark wooden rail, the tab on screen a
    /// cardboard tag on it.
    pub(super) fn rail_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        let palette = crate::ui::theme::palette(self.settings.dark);
        let rail = |margin: egui::Margin| egui::Frame::new().fill(palette.table.wood[2]).inner_margin(margin);
        // One row: a second row for the menu alone took every game's
        // board a line of height (at 800x600, 24 of its 540 points).
        egui::Panel::top("aviary-tabs").frame(rail(egui::Margin { left: 8, right: 8, top: 4, bottom: 5 })).show(
            ui,
            |ui| {
                on_the_rail(ui, &palette);
                ui.horizontal(|ui| {
                    ui.scope(|ui| {
                        plain_menu(ui, &palette);
                        self.menu_ui(ui, notices);
                    });
                    ui.separator();
                    self.tabs_ui(ui, notices);
                });
            },
        );
    }

    pub(super) fn tabs_ui(&mut self, ui: &mut Ui, notices: &mut Vec<Notice>) {
        ui.horizontal(|ui| {
            let palette = crate::ui::theme::palette(self.settings.dark);
            // One row: the games that fit (the one on screen always), the
            // rest in a menu at the end of the row.
            let named = self.tab_naming();
            let told_apart = tab_names(&named);
            // The titles clipped to each length tried (the whole first).
            let clipped: Vec<(usize, Vec<String>)> = [30, 20, 14]
                .into_iter()
                .map(|longest| {
                    let titles = told_apart.iter().zip(&self.tabs).map(|(n, t)| tab_label(n, t.is_over(), longest));
                    (longest, titles.collect())
                })
                .collect();
            let titles_at = |longest: usize| clipped.iter().find(|(l, _)| *l == longest).map_or(&[][..], |(_, t)| t);
            let font = egui::TextStyle::Button.resolve(ui.style());
            let ink = ui.visuals().text_color();
            let text_w = |text: &str| ui.fonts_mut(|f| f.layout_no_wrap(text.to_owned(), font.clone(), ink).size().x);
            // A tab's width as `rail_tab` lays it out, and the gap after it.
            let (button_pad, gap) = (ui.spacing().button_padding.x, ui.spacing().item_spacing.x);
            let tab_w =
                |text: &str, lead: f32, cross: f32| text_w(text) + 2.0 * (button_pad + 2.0) + lead + cross + gap;
            let game_w = |text: &str| tab_w(text, ICON.x + 5.0, CLOSE + 2.0);
            // A rules or lessons page has a tag of its own, and the game it
            // was opened from keeps its tab on the row.
            let pages: Vec<(Screen, &str, String)> = self.pages_on_row();
            // (A page's tag names its game where the row has room.)
            // Every page's tag named in full (2), the one on screen (1), or none (0).
            let showing = self.screen;
            let whole_name = move |full: u8, page: Screen| full == 2 || (full == 1 && page == showing);
            let page_w = |full: u8| -> f32 {
                pages.iter().map(|(page, words, name)| game_w(if whole_name(full, *page) { name } else { words })).sum()
            };
            let fronts = |words: bool| {
                if words {
                    tab_w("Home", GLYPH.x + 5.0, 0.0) + tab_w("Saved Games", GLYPH.x + 5.0, 0.0)
                } else {
                    2.0 * tab_w("", GLYPH.x, 0.0)
                }
            };
            let room = ui.available_width() - tab_w("Settings", GLYPH.x + 5.0, 0.0);
            // Before any game goes into the "more" menu, the titles are
            // clipped shorter, the page's tag says only "Rules", and last
            // Home and Saved Games keep their drawings alone (their words
            // in the hover; dropping them moves every tab, so it comes last).
            let tries = [(2, true, 30), (1, true, 30), (1, true, 20), (0, true, 20), (0, true, 14), (0, false, 14)];
            let fits = |&(full, words, longest): &(u8, bool, usize)| {
                titles_at(longest).iter().map(|t| game_w(t)).sum::<f32>() <= room - fronts(words) - page_w(full)
            };
            let (full, words, longest) = tries.iter().copied().find(|t| fits(t)).unwrap_or((0, false, 14));
            let titles = titles_at(longest);
            let whole = titles_at(30);
            let widths: Vec<f32> = titles.iter().map(|t| game_w(t)).collect();
            let room = room - fronts(words) - page_w(full);
            let more_w = text_w("9 more…") + 2.0 * button_pad + gap;
            let current = match (self.screen, self.page_from) {
                (Screen::Game(i), _) | (Screen::Rules(_) | Screen::Lessons(_), Screen::Game(i)) => Some(i),
                _ => None,
            };
            let shown = fit_tabs(&widths, current, room, more_w);
            let home = Face::new("Home", Icon::Glyph(birdhouse));
            if rail_tab(ui, &palette, home, (self.screen == Screen::Home, words), None).0.clicked() {
                // Continue lists what is unfinished now.
                self.invalidate_listing();
                self.screen = Screen::Home;
            }
            let saved = Face::new("Saved Games", Icon::Glyph(stacked_boxes));
            if rail_tab(ui, &palette, saved, (self.screen == Screen::SavedGames, words), None).0.clicked() {
                self.show_saved_games();
            }
            let mut close = None;
            for (i, title) in titles.iter().enumerate().filter(|(i, _)| shown[*i]) {
                let hover = self.tab_hover(i, &named[i].1);
                let closing = format!("Close {title}");
                let cover = crate::games::entry(self.tabs[i].game_id()).map(|e| Icon::Cover(e.cover));
                let face = Face { words: title, name: title, icon: cover };
                let on_screen = self.screen == Screen::Game(i);
                let (tab, cross) = rail_tab(ui, &palette, face, (on_screen, true), Some(&closing));
                let tab_hovered = tab.hovered();
                if tab.on_hover_text(hover).clicked() {
                    self.screen = Screen::Game(i);
                }
                // (A middle click closes a tab too, as in a browser.)
                let middle = ui.ctx().input(|inp| inp.pointer.button_clicked(egui::PointerButton::Middle));
                if cross.is_some_and(|c| c.on_hover_text("It stays saved").clicked()) || (middle && tab_hovered) {
                    close = Some(i);
                }
            }
            // The page's tag after the games' tabs: opening a page never
            // moves them.
            for (page, words, name) in &pages {
                let shown = if whole_name(full, *page) { name.as_str() } else { words };
                self.page_tag_ui(ui, &palette, *page, (shown, name));
            }
            let hidden: Vec<usize> = (0..titles.len()).filter(|&i| !shown[i]).collect();
            if !hidden.is_empty() {
                plain_menu(ui, &palette);
                close = close.or(self.more_menu(ui, whole, &hidden));
            }
            if let Some(i) = close {
                self.close_tab(i, notices);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let settings = Face::new("Settings", Icon::Glyph(gear));
                if rail_tab(ui, &palette, settings, (self.screen == Screen::Settings, true), None).0.clicked() {
                    self.open_settings();
                }
            });
        });
    }
}

impl AviaryApp {
    /// Each open tab's title, the file name a person chose for it (or ""),
    /// and whether it is a plain game (not a replay or a lesson).
    fn tab_naming(&self) -> Vec<(String, String, bool)> {
        self.tabs
            .iter()
            .map(|t| {
                // An auto-made name starts with the game's id.
                let stem = file_stem(t.path());
                let chosen = !stem.starts_with(t.game_id());
                let plain = !t.is_replay() && t.lesson_id().is_none();
                (t.title(), plain.then_some(stem).filter(|_| chosen).unwrap_or_default(), plain)
            })
            .collect()
    }

    /// Shows the next tab (`forward`) or the one before, round the row
    /// as it stands: the open games, then the rules or lessons page's tag;
    /// from Home, Saved Games or Settings, the first or the last.
    pub(super) fn step_tab(&mut self, forward: bool) {
        // The whole row as it is shown: Home and Saved Games, the games,
        // the rules or lessons page, Settings at its end (the games alone
        // left a player no key back to Home).
        let mut row: Vec<Screen> = vec![Screen::Home, Screen::SavedGames];
        row.extend((0..self.tabs.len()).map(Screen::Game));
        row.extend(self.pages_on_row().into_iter().map(|(page, _, _)| page));
        row.push(Screen::Settings);
        let n = row.len();
        let at = row.iter().position(|&s| s == self.screen);
        let next = match (at, forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            (None, true) => 0,
            (None, false) => n - 1,
        };
        self.show_tab(row[next]);
    }

    /// Shows a tab of the row as a click on it would.
    fn show_tab(&mut self, to: Screen) {
        match to {
            Screen::SavedGames => self.show_saved_games(),
            Screen::Settings => self.open_settings(),
            Screen::Rules(_) | Screen::Lessons(_) => {
                self.page_from = self.screen;
                self.screen = to;
            }
            Screen::Home | Screen::Game(_) => self.screen = to,
        }
    }

    /// Ctrl+1 to Ctrl+8 show the first to the eighth open game, Ctrl+9
    /// the last, as a browser's tabs do (nothing when there is no such
    /// game).
    pub(super) fn numbered_tab_keys(&mut self, ui: &egui::Ui) {
        let digits = [
            egui::Key::Num1,
            egui::Key::Num2,
            egui::Key::Num3,
            egui::Key::Num4,
            egui::Key::Num5,
            egui::Key::Num6,
            egui::Key::Num7,
            egui::Key::Num8,
            egui::Key::Num9,
        ];
        for (k, digit) in digits.into_iter().enumerate() {
            let shortcut = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, digit);
            if !ui.input_mut(|i| i.consume_shortcut(&shortcut)) {
                continue;
            }
            let game = if k == 8 { self.tabs.len().checked_sub(1) } else { Some(k) };
            if let Some(i) = game.filter(|&i| i < self.tabs.len()) {
                self.show_tab(Screen::Game(i));
            }
        }
    }

    /// Closes the tab on screen: a game (it stays saved) or the rules or
    /// lessons page, going back to where it was opened from.
    pub(super) fn close_on_screen(&mut self, notices: &mut Vec<Notice>) {
        match self.screen {
            Screen::Game(i) => self.close_tab(i, notices),
            page @ (Screen::Rules(_) | Screen::Lessons(_)) => {
                self.pages.retain(|&p| p != page);
                self.screen = self.page_back();
            }
            _ => {}
        }
    }

    /// Where closing the page on screen goes: where it was opened from.
    fn page_back(&self) -> Screen {
        match self.page_from {
            Screen::Game(i) if i < self.tabs.len() => Screen::Game(i),
            Screen::SavedGames => Screen::SavedGames,
            Screen::Settings => Screen::Settings,
            _ => Screen::Home,
        }
    }

    /// The tag of the rules or lessons page kept on the row: its `words`
    /// ("Rules") beside its game's cover, `name`d in full for the hover and
    /// screen readers ("Rules: Daedalus"). A click shows the page; its cross
    /// closes it, going back to where it was opened from when on screen.
    fn page_tag_ui(
        &mut self,
        ui: &mut Ui,
        palette: &crate::ui::theme::Palette,
        page: Screen,
        (words, name): (&str, &str),
    ) {
        let on_screen = self.screen == page;
        let face = Face { words, name, icon: page_cover(page).map(Icon::Cover) };
        let (tag, cross) = rail_tab(ui, palette, face, (on_screen, true), Some(&format!("Close {name}")));
        if tag.on_hover_text(name).clicked() && !on_screen {
            self.page_from = self.screen;
            self.screen = page;
        }
        if cross.is_some_and(|c| c.clicked()) {
            self.pages.retain(|&p| p != page);
            if on_screen {
                self.screen = self.page_back();
            }
        }
    }

    /// What a game's tab says on hover: its title, and the file's name
    /// only where a person `chosen` it ("Daedalus — daedalus" said nothing).
    fn tab_hover(&self, i: usize, chosen: &str) -> String {
        let title = self.tabs[i].title();
        if chosen.is_empty() { title } else { format!("{title} — saved as \u{201c}{chosen}\u{201d}") }
    }

    /// The menu of the open games with no room on the row (`hidden`, of
    /// `titles`): a click opens one; the tab whose cross was clicked.
    fn more_menu(&mut self, ui: &mut Ui, titles: &[String], hidden: &[usize]) -> Option<usize> {
        let mut close = None;
        ui.menu_button(format!("{} more…", hidden.len()), |ui| {
            // The names, then their crosses in a column of their own (a
            // cross first sat where a click meant to open the game landed;
            // then each right after its name, ragged).
            egui::Grid::new("more-tabs").num_columns(2).spacing([12.0, 4.0]).show(ui, |ui| {
                for &i in hidden {
                    if ui.selectable_label(false, &titles[i]).clicked() {
                        self.screen = Screen::Game(i);
                        ui.close();
                    }
                    let cross = ui.small_button("×");
                    let closing = format!("Close {}", titles[i]);
                    cross.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &closing));
                    if cross.on_hover_text("It stays saved").clicked() {
                        close = Some(i);
                        ui.close();
                    }
                    ui.end_row();
                }
            });
        })
        .response
        .on_hover_text("More open games");
        close
    }
}

/// The width of a tab's close cross.
const CLOSE: f32 = 16.0;
/// The size of a game tab's small box cover.
const ICON: egui::Vec2 = egui::vec2(20.0, 15.0);
/// The size of the small drawing on Home's, Saved Games' and Settings' tabs.
const GLYPH: egui::Vec2 = egui::vec2(15.0, 15.0);
/// A game's box cover, painted into a rectangle.
type Cover = fn(&egui::Painter, &crate::ui::theme::Palette, egui::Rect);
/// A small drawing in the tab's ink, painted into a rectangle.
type Glyph = fn(&egui::Painter, egui::Color32, egui::Rect);

/// What a tab carries before its words: its game's box cover in small,
/// or a drawing of what the page is.
#[derive(Clone, Copy)]
enum Icon {
    Cover(Cover),
    Glyph(Glyph),
}

/// What a tab shows: its `words`, its drawing, and its `name` for the
/// hover and screen readers (the words in full, where they are short).
struct Face<'a> {
    words: &'a str,
    name: &'a str,
    icon: Option<Icon>,
}

impl<'a> Face<'a> {
    fn new(words: &'a str, icon: Icon) -> Self {
        Face { words, name: words, icon: Some(icon) }
    }
}

impl Icon {
    fn size(self) -> egui::Vec2 {
        match self {
            Icon::Cover(_) => ICON,
            Icon::Glyph(_) => GLYPH,
        }
    }
}

/// A menu on the rail is words on the wood, not a tab: no plate under it
/// until the pointer is over it.
pub(super) fn plain_menu(ui: &mut Ui, palette: &crate::ui::theme::Palette) {
    let w = &mut ui.visuals_mut().widgets.inactive;
    w.weak_bg_fill = palette.table.wood[2];
    w.bg_stroke = egui::Stroke::NONE;
}

/// Home: a birdhouse, its roof, its round door and its perch.
fn birdhouse(painter: &egui::Painter, ink: egui::Color32, rect: egui::Rect) {
    let at = |x: f32, y: f32| rect.min + egui::vec2(x * rect.width(), y * rect.height());
    let roof = vec![at(0.5, 0.0), at(1.0, 0.45), at(0.0, 0.45)];
    painter.add(egui::Shape::convex_polygon(roof, ink, egui::Stroke::NONE));
    let body = egui::Rect::from_min_max(at(0.17, 0.4), at(0.83, 1.0));
    painter.rect_stroke(body, 1.0, egui::Stroke::new(1.4, ink), egui::StrokeKind::Inside);
    painter.circle_filled(at(0.5, 0.63), rect.width() * 0.12, ink);
    painter.line_segment([at(0.5, 0.84), at(0.5, 0.95)], egui::Stroke::new(1.4, ink));
}

/// Saved Games: three game boxes stacked, each with its lid's line.
fn stacked_boxes(painter: &egui::Painter, ink: egui::Color32, r: egui::Rect) {
    let h = r.height() / 3.0;
    for (k, inset) in [0.18_f32, 0.06, 0.0].into_iter().enumerate() {
        let top = r.top() + k as f32 * h;
        let b = egui::Rect::from_min_max(
            egui::pos2(r.left() + inset * r.width(), top + 0.6),
            egui::pos2(r.right() - (0.12 - inset).max(0.0) * r.width(), top + h - 0.6),
        );
        painter.rect_stroke(b, 1.0, egui::Stroke::new(1.3, ink), egui::StrokeKind::Inside);
        painter.line_segment(
            [egui::pos2(b.left() + 2.0, b.center().y), egui::pos2(b.right() - 2.0, b.center().y)],
            egui::Stroke::new(0.8, ink),
        );
    }
}

/// Settings: a cog of eight teeth.
fn gear(painter: &egui::Painter, ink: egui::Color32, r: egui::Rect) {
    let (c, big) = (r.center(), r.width().min(r.height()) / 2.0);
    // The eight directions of a compass rose (no trigonometry outside
    // the drawing modules).
    let d = std::f32::consts::FRAC_1_SQRT_2;
    let dirs = [(1.0, 0.0), (d, d), (0.0, 1.0), (-d, d), (-1.0, 0.0), (-d, -d), (0.0, -1.0), (d, -d)];
    for (x, y) in dirs {
        let dir = egui::vec2(x, y);
        painter.line_segment([c + dir * big * 0.55, c + dir * big], egui::Stroke::new(2.4, ink));
    }
    painter.circle_stroke(c, big * 0.58, egui::Stroke::new(2.2, ink));
}

/// One tab on the rail: the one on screen a folder tab of the cloth's
/// colour, reaching down to join the table under it; the others of the
/// rail's lighter wood. With `close` (its name for screen readers), a
/// cross inside the tab at its end; without `words`, its drawing alone.
/// The tab's response, and the cross's.
fn rail_tab(
    ui: &mut Ui,
    palette: &crate::ui::theme::Palette,
    Face { words: title, name, icon }: Face<'_>,
    (on_screen, words): (bool, bool),
    close: Option<&str>,
) -> (egui::Response, Option<egui::Response>) {
    use crate::ui::theme::mix;
    let font = egui::TextStyle::Button.resolve(ui.style());
    let cream = ui.visuals().widgets.inactive.fg_stroke.color;
    let ink = if on_screen { palette.table.ink } else { cream };
    // (Without its words, a tab says them on hover and to screen readers.)
    let galley = ui.painter().layout_no_wrap(if words { title.to_owned() } else { String::new() }, font, ink);
    let pad = ui.spacing().button_padding.x + 2.0;
    let cross_w = if close.is_some() { CLOSE + 2.0 } else { 0.0 };
    let lead = icon.map_or(0.0, |i| i.size().x + if words { 5.0 } else { 0.0 });
    let size = egui::vec2(
        galley.size().x + 2.0 * pad + lead + cross_w,
        ui.spacing().interact_size.y.max(galley.size().y + 4.0),
    );
    let (rect, mut tab) = ui.allocate_exact_size(size, egui::Sense::click());
    if !words {
        tab = tab.on_hover_text(name);
    }
    tab.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, on_screen, name));
    let cross = close.map(|name| {
        let at = egui::Rect::from_center_size(
            egui::pos2(rect.right() - pad / 2.0 - CLOSE / 2.0, rect.center().y),
            egui::vec2(CLOSE, CLOSE),
        );
        let cross = ui.interact(at, tab.id.with("close"), egui::Sense::click());
        cross.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
        cross
    });
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let lifted = tab.hovered() && !on_screen;
        let fill = if on_screen {
            palette.table.cloth
        } else {
            mix(palette.table.wood[2], cream, if lifted { 0.2 } else { 0.1 })
        };
        // Every tab is a folder's tab standing on the rail's floor, its top
        // corners rounded; the one on screen runs down over the rail's
        // edge to meet the cloth below it.
        let body = rect.with_max_y(rect.max.y + if on_screen { 6.0 } else { 5.0 });
        let corners = egui::CornerRadius { nw: 6, ne: 6, sw: 0, se: 0 };
        painter.rect_filled(body, corners, fill);
        if on_screen {
            // A gold edge along its top: in the dark the cloth's green on
            // the rail's brown barely said which tab was open.
            let edge = egui::Rect::from_min_max(
                body.min + egui::vec2(3.0, 0.0),
                egui::pos2(body.max.x - 3.0, body.min.y + 2.5),
            );
            painter.rect_filled(edge, egui::CornerRadius { nw: 2, ne: 2, sw: 0, se: 0 }, palette.selection);
        } else {
            painter.rect_stroke(
                body,
                corners,
                egui::Stroke::new(1.0, mix(palette.table.wood[2], cream, 0.25)),
                egui::StrokeKind::Inside,
            );
        }
        if let Some(icon) = icon {
            let art = egui::Rect::from_min_size(
                egui::pos2(rect.left() + pad, rect.center().y - icon.size().y / 2.0),
                icon.size(),
            );
            match icon {
                // The game's box cover in small, so a tab says its game at
                // a glance (a lesson's tab too).
                Icon::Cover(cover) => {
                    cover(&painter.with_clip_rect(art.intersect(painter.clip_rect())), palette, art);
                    painter.rect_stroke(art, 1.0, egui::Stroke::new(1.0, palette.table.rim), egui::StrokeKind::Outside);
                }
                Icon::Glyph(glyph) => glyph(painter, ink, art),
            }
        }
        painter.galley(egui::pos2(rect.left() + pad + lead, rect.center().y - galley.size().y / 2.0), galley, ink);
        if let Some(cross) = &cross {
            let c = cross.rect.center();
            if cross.hovered() {
                painter.circle_filled(c, CLOSE / 2.0, mix(fill, ink, 0.2));
            }
            let arm = 3.5;
            let stroke = egui::Stroke::new(1.5, mix(fill, ink, 0.75));
            painter.line_segment([c + egui::vec2(-arm, -arm), c + egui::vec2(arm, arm)], stroke);
            painter.line_segment([c + egui::vec2(-arm, arm), c + egui::vec2(arm, -arm)], stroke);
        }
    }
    (tab, cross)
}

/// Names for the tab row from each tab's (title, file name a person chose
/// or "", plain game): a game is called by the name a person gave it (as
/// Saved Games calls it), else by its title, and a title that several such
/// games share is told apart by a number in the order they were opened
/// ("Enchanted Plumes (2 players) · 2"). Replays and lessons keep theirs.
#[must_use]
pub fn tab_names(tabs: &[(String, String, bool)]) -> Vec<String> {
    tabs.iter()
        .enumerate()
        .map(|(i, (title, chosen, plain))| {
            let alike = |t: &(String, String, bool)| t.2 && t.1.is_empty() && t.0 == *title;
            if *plain && !chosen.is_empty() {
                chosen.clone()
            } else if !plain || tabs.iter().filter(|t| alike(t)).count() < 2 {
                title.clone()
            } else {
                format!("{title} · {}", tabs[..=i].iter().filter(|t| alike(t)).count())
            }
        })
        .collect()
}

/// A tab's label: its title clipped to `longest` characters so one game
/// never takes the whole row, and "(over)" once the game ended.
fn tab_label(title: &str, over: bool, longest: usize) -> String {
    let title = if title.chars().count() > longest {
        format!("{}…", title.chars().take(longest - 1).collect::<String>())
    } else {
        title.to_owned()
    };
    if over { format!("{title} (over)") } else { title }
}

impl AviaryApp {
    /// Opens a rules or lessons page, remembering where from; it keeps its
    /// tag on the row after the others (the oldest closes past [`PAGES`]).
    pub(super) fn open_page(&mut self, page: Screen) {
        if !matches!(self.screen, Screen::Rules(_) | Screen::Lessons(_)) {
            self.page_from = self.screen;
        }
        self.screen = page;
        self.pages.retain(|&p| p != page);
        self.pages.push(page);
        if self.pages.len() > PAGES {
            self.pages.remove(0);
        }
        // A lesson map opens at its top, where its first lessons are.
        self.map_at_top = matches!(page, Screen::Lessons(_));
    }

    /// The rules and lessons pages with a tag on the row, in order, each
    /// with the words on its tag ("Rules", beside its game's cover) and
    /// its whole name ("Rules: Daedalus"); the one on screen among them.
    fn pages_on_row(&self) -> Vec<(Screen, &'static str, String)> {
        let mut pages = self.pages.clone();
        if matches!(self.screen, Screen::Rules(_) | Screen::Lessons(_)) && !pages.contains(&self.screen) {
            pages.push(self.screen);
        }
        pages
            .into_iter()
            .filter_map(|page| {
                let (what, id) = match page {
                    Screen::Rules(id) => ("Rules", id),
                    Screen::Lessons(id) => ("Lessons", id),
                    _ => return None,
                };
                let name = crate::games::entry(id).map_or(id, |e| e.name);
                Some((page, what, format!("{what}: {name}")))
            })
            .collect()
    }
}

/// The box cover of the game whose rules or lessons a page shows.
fn page_cover(page: Screen) -> Option<Cover> {
    match page {
        Screen::Rules(id) | Screen::Lessons(id) => crate::games::entry(id).map(|e| e.cover),
        _ => None,
    }
}

/// How many rules and lessons pages keep a tag on the row: opening one
/// more closes the oldest.
pub(super) const PAGES: usize = 3;

/// Which tabs fit on the row: `widths` of each, the one on screen
/// (`current`) first when it fits, then the others in order while they fit in `room`
/// (leaving `more` for the menu of the rest, when there is a rest).
#[must_use]
pub fn fit_tabs(widths: &[f32], current: Option<usize>, room: f32, more: f32) -> Vec<bool> {
    if widths.iter().sum::<f32>() <= room {
        return vec![true; widths.len()];
    }
    let mut shown = vec![false; widths.len()];
    let mut used = more;
    // (Unless it alone is wider than the room: then it too is in the menu.)
    if let Some(c) = current.filter(|&c| c < widths.len() && more + widths[c] <= room) {
        shown[c] = true;
        used += widths[c];
    }
    for (i, w) in widths.iter().enumerate() {
        if !shown[i] && used + w <= room {
            shown[i] = true;
            used += w;
        }
    }
    shown
}

#[cfg(test)]
mod tab_row_tests {
    use super::fit_tabs;

    #[test]
    fn alike_tabs_are_told_apart_by_a_chosen_name_or_a_number() {
        let tab = |t: &str, chosen: &str, plain| (t.to_string(), chosen.to_string(), plain);
        let names = super::tab_names(&[
            tab("Plumes (2 players)", "", true),
            tab("Daedalus", "", true),
            tab("Plumes (2 players)", "evening", true),
            tab("Plumes (2 players)", "", true),
            tab("Replay: Daedalus", "", false),
            tab("Dust in the Wings", "Crowded meadow", true),
        ]);
        assert_eq!(
            names,
            [
                "Plumes (2 players) · 1",
                "Daedalus",
                "evening",
                "Plumes (2 players) · 2",
                "Replay: Daedalus",
                "Crowded meadow"
            ]
        );
    }

    #[test]
    fn all_tabs_show_when_they_fit() {
        assert_eq!(fit_tabs(&[100.0, 100.0], Some(1), 250.0, 60.0), [true, true]);
    }

    #[test]
    fn the_tab_on_screen_shows_even_when_it_comes_last() {
        assert_eq!(fit_tabs(&[100.0, 100.0, 100.0, 100.0], Some(3), 390.0, 60.0), [true, true, false, true]);
        assert_eq!(fit_tabs(&[100.0, 100.0, 100.0], None, 250.0, 60.0), [true, false, false]);
        // A tab on screen too wide for the row goes into the menu too.
        assert_eq!(fit_tabs(&[100.0, 300.0, 100.0], Some(1), 250.0, 60.0), [true, false, false]);
    }
}
