//! Helpers the UI tests share: reach a widget with real Tab presses, or
//! focus one (as a screen reader would) and press a key on it; check the
//! side panel shows the log's last line.

use aviary::app::AviaryApp;
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Presses Tab until a widget whose label `wanted` accepts has the keyboard
/// focus; returns that label. Panics if Tab never gets there.
#[allow(dead_code, reason = "not every UI test file uses it")]
pub fn tab_to(h: &mut Harness<'_, AviaryApp>, wanted: impl Fn(&str) -> bool) -> String {
    for _ in 0..400 {
        h.key_press(Key::Tab);
        h.run();
        if let Some(n) = h.query_by(|n| n.is_focused() && n.label().is_some_and(|l| wanted(&l))) {
            return n.accesskit_node().label().unwrap_or_default();
        }
    }
    panic!("Tab never reached the widget");
}

/// Focuses the (first) widget labelled `label`, checks it took the focus,
/// and presses `key` on it.
#[allow(dead_code, reason = "not every UI test file uses it")]
pub fn press_on(h: &mut Harness<'_, AviaryApp>, label: &str, key: Key) {
    h.query_all_by_label(label).next().unwrap_or_else(|| panic!("no {label}")).focus();
    h.run();
    let focused = h.query_all_by_label(label).next().is_some_and(|n| n.is_focused());
    assert!(focused, "{label} takes the keyboard focus");
    h.key_press(key);
    h.run();
}

/// Whether the (first) widget labelled `label` shows as chosen.
#[allow(dead_code, reason = "not every UI test file uses it")]
pub fn is_chosen(h: &Harness<'_, AviaryApp>, label: &str) -> bool {
    h.query_all_by_label(label)
        .next()
        .is_some_and(|n| n.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
}

/// Drags from `from` to `to` as a person does: press, move halfway, move
/// on, release, with a frame after each.
#[allow(dead_code, reason = "not every UI test file drags")]
pub fn drag(h: &mut Harness<'_, AviaryApp>, from: egui::Pos2, to: egui::Pos2) {
    h.drag_at(from);
    h.run();
    h.hover_at(egui::Pos2::new(f32::midpoint(from.x, to.x), f32::midpoint(from.y, to.y)));
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    h.run();
}

/// A click as a person makes it: the pointer comes to `p`, presses and
/// lets go there, with a frame after each.
#[allow(dead_code, reason = "not every UI test file clicks by position")]
pub fn click_at(h: &mut Harness<'_, AviaryApp>, p: egui::Pos2) {
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    h.run();
}

/// The game tab on screen, as its own type.
#[allow(dead_code, reason = "not every UI test file opens a game")]
pub fn game_tab<'h, T: 'static>(h: &'h mut Harness<'_, AviaryApp>) -> &'h mut T {
    let app = h.state_mut();
    let aviary::app::Screen::Game(i) = app.screen else { panic!("no game showing: {:?}", app.screen) };
    app.tabs[i].as_any_mut().downcast_mut::<T>().expect("the tab of this game")
}

/// The nap between two frames while the network (on threads of its own)
/// does its part.
#[allow(dead_code, reason = "only the online tests wait on the network")]
pub const NAP: std::time::Duration = std::time::Duration::from_millis(5);

/// The most frames a test runs for something the network owes it: their
/// naps alone outlast the protocol's longest timeouts (a dial gives up
/// after 20 s; a link gone silent is found lost by QUIC's 30 s idle
/// timeout), so whatever the network does, it has answered by then. A
/// count of frames, not a clock the test reads.
#[allow(dead_code, reason = "only the online tests wait on the network")]
pub const MOST_FRAMES: usize = 8_000;

/// Runs both apps (a frame each, the network in between) until `done`, at
/// most [`MOST_FRAMES`] frames.
#[allow(dead_code, reason = "only the online tests wait on the network")]
pub fn until(
    host: &mut Harness<'static, AviaryApp>,
    friend: &mut Harness<'static, AviaryApp>,
    what: &str,
    mut done: impl FnMut(&mut Harness<'static, AviaryApp>, &mut Harness<'static, AviaryApp>) -> bool,
) {
    for _ in 0..MOST_FRAMES {
        if done(host, friend) {
            return;
        }
        host.step();
        friend.step();
        std::thread::sleep(NAP);
    }
    panic!("waited {MOST_FRAMES} frames {NAP:?} apart (longer than any timeout of the protocol) for {what}");
}

/// The size of the tests' window (points) unless a test says otherwise.
#[allow(dead_code, reason = "not every test file opens a window")]
pub const WINDOW: [f32; 2] = [1280.0, 900.0];

/// `app` in a test window of `size` points. A frame may ask for a dozen
/// more before the screen settles: a flight glides for up to 0.7 s, and the
/// win-chance meter's readings land from a thread as they come.
#[allow(dead_code, reason = "not every test file opens a window")]
pub fn harness_of(app: AviaryApp, size: [f32; 2]) -> Harness<'static, AviaryApp> {
    Harness::builder().with_size(size).with_max_steps(12).build_ui_state(|ui, app: &mut AviaryApp| app.ui_root(ui), app)
}

/// `app` in the tests' window.
#[allow(dead_code, reason = "not every test file opens a window")]
pub fn harness(app: AviaryApp) -> Harness<'static, AviaryApp> {
    harness_of(app, WINDOW)
}

/// A fresh app whose settings and saves live in `dir`.
#[allow(dead_code, reason = "not every test file opens a window")]
pub fn app(dir: &std::path::Path) -> AviaryApp {
    AviaryApp::new(Some(dir.join("config")), dir.join("saves"))
}

/// A fresh app with its files in `dir`, in the tests' window.
#[allow(dead_code, reason = "not every test file opens a window")]
pub fn harness_in(dir: &std::path::Path) -> Harness<'static, AviaryApp> {
    harness(app(dir))
}

/// The app with its files in `dir`, in a window of `size` (points).
#[allow(dead_code, reason = "not every test file opens a window of its own size")]
pub fn app_in_window(dir: &std::path::Path, size: [f32; 2]) -> Harness<'static, AviaryApp> {
    harness_of(app(dir), size)
}

/// The last line of the log of the game tab on screen (a `Tab<V>`); checks
/// the side panel shows it, numbered or as it is.
#[allow(dead_code, reason = "not every UI test file checks log lines")]
pub fn last_log_line<V: aviary::ui::tab::View>(h: &mut Harness<'_, AviaryApp>) -> String {
    let log = aviary::ui::tab::View::table(&game_tab::<aviary::ui::tab::Tab<V>>(h).view).session().log().to_vec();
    let text = log.last().expect("something was logged").text.clone();
    let numbered = format!("{:>3}. {text}", log.len());
    assert!(
        h.query_by_label(&numbered).is_some() || h.query_by_label(&text).is_some(),
        "the side panel shows the log's last line: {text}"
    );
    text
}

/// The words painted on screen (not widgets'), however nested: each with
/// where it lies and whether it was cut short ("…").
#[allow(dead_code, reason = "not every UI test file reads the painted words")]
pub fn painted_words(h: &Harness<'_, AviaryApp>) -> Vec<(String, egui::Rect, bool)> {
    fn walk(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect, bool)>) {
        match shape {
            egui::Shape::Text(t) => out.push((t.galley.text().to_string(), t.visual_bounding_rect(), t.galley.elided)),
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    h.output().shapes.iter().for_each(|c| walk(&c.shape, &mut out));
    out
}

/// A view's settings with animations on, nothing strict, and the
/// computer's pause set to `delay` seconds.
#[allow(dead_code, reason = "not every test file sets the computer's pause")]
pub fn settings_with_delay(delay: f32) -> aviary::ui::ViewSettings {
    aviary::ui::ViewSettings {
        dark: false,
        animations: true,
        computer_delay: delay,
        strict_undo: false,
        quick_card_windows: false,
    }
}

/// A rules card at a side panel's foot (`title`, its words ending with a
/// line that starts `last`) in a window `bottom` points tall: either whole
/// on screen, or folded to a button that opens it whole. Never cut off
/// at the window's edge, never out of reach.
#[allow(dead_code, reason = "only the tables with a rules card at the foot use it")]
pub fn rules_card_whole_or_folded(h: &mut Harness<'_, AviaryApp>, title: &str, last: &str, bottom: f32) {
    let ends = |h: &Harness<'_, AviaryApp>| painted_words(h).into_iter().find(|w| w.0.starts_with(last));
    if let Some((_, rect, _)) = ends(h) {
        assert!(rect.bottom() <= bottom, "the card's last line ends inside the window: {rect:?}");
        return;
    }
    let button = format!("{title} \u{2026}");
    h.get_by_label(&button).click();
    h.run();
    let (_, rect, _) = ends(h).unwrap_or_else(|| panic!("the button {button} opens the card"));
    assert!(rect.bottom() <= bottom, "the opened card ends inside the window: {rect:?}");
    assert!(painted_words(h).iter().any(|w| w.0 == title), "the opened card has its title");
}
