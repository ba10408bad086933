//! Every command of the app, declared once with its text and keyboard
//! shortcuts. Menus, buttons, their hover texts and the key handling all
//! read these declarations, so a shortcut is written in one place only.

use egui::{Key, KeyboardShortcut, Modifiers};

/// A command: what it is called and the keys that do it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// The button or menu text ("Undo").
    pub text: &'static str,
    /// The keyboard shortcuts, the main one first (may be empty).
    pub keys: &'static [KeyboardShortcut],
    /// A short note for the hover text, after the keys.
    pub note: &'static str,
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

/// Open the new-game dialog.
pub const NEW: Command = Command { text: "New…", keys: &[key(Modifiers::COMMAND, Key::N)], note: "" };
/// Show the Saved Games screen.
pub const LOAD: Command = Command { text: "Load… (Saved Games)", keys: &[key(Modifiers::COMMAND, Key::O)], note: "" };
/// Open a save file from anywhere through the desktop's file dialog.
pub const OPEN_ELSEWHERE: Command = Command { text: "Open file elsewhere…", keys: &[], note: "" };
/// Write the game to its file now.
pub const SAVE: Command =
    Command { text: "Save", keys: &[key(Modifiers::COMMAND, Key::S)], note: "games also save after every move" };
/// Write the game under another name.
pub const SAVE_AS: Command = Command { text: "Save As…", keys: &[], note: "" };
/// Take back the last decision (and the computer's reply).
pub const UNDO: Command = Command { text: "Undo", keys: &[key(Modifiers::COMMAND, Key::Z)], note: "" };
/// Take back the whole of one's last turn (and the computer's replies).
pub const UNDO_TURN: Command = Command {
    text: "Undo turn",
    keys: &[key(Modifiers::COMMAND.plus(Modifiers::ALT), Key::Z)],
    note: "back to the start of your last turn",
};
/// Put back what was undone.
pub const REDO: Command = Command {
    text: "Redo",
    keys: &[key(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z), key(Modifiers::COMMAND, Key::Y)],
    note: "",
};
/// Show the rules of the game on screen.
pub const RULES: Command = Command { text: "Rules", keys: &[], note: "" };
/// Show the settings.
pub const SETTINGS: Command = Command { text: "Settings", keys: &[], note: "" };
/// Show the next tab of the row (Home, Saved Games, the games, a page,
/// Settings, and round again).
pub const NEXT_TAB: Command = Command {
    text: "Next tab",
    keys: &[key(Modifiers::COMMAND, Key::Tab), key(Modifiers::COMMAND, Key::PageDown)],
    note: "Ctrl+1 to Ctrl+9 go straight to an open game",
};
/// Show the tab of the row before this one.
pub const PREVIOUS_TAB: Command = Command {
    text: "Previous tab",
    keys: &[key(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Tab), key(Modifiers::COMMAND, Key::PageUp)],
    note: "",
};
/// Close the tab on screen (the game stays saved).
pub const CLOSE_TAB: Command =
    Command { text: "Close tab", keys: &[key(Modifiers::COMMAND, Key::W)], note: "the game stays saved" };

impl Command {
    /// The keys in words for this platform ("Ctrl+Shift+Z or Ctrl+Y"), or
    /// an empty string.
    #[must_use]
    pub fn keys_text(&self, ctx: &egui::Context) -> String {
        self.keys.iter().map(|k| ctx.format_shortcut(k)).collect::<Vec<_>>().join(" or ")
    }

    /// The hover text: the keys and the note.
    #[must_use]
    pub fn hover_text(&self, ctx: &egui::Context) -> String {
        let keys = self.keys_text(ctx);
        match (keys.is_empty(), self.note.is_empty()) {
            (true, _) => self.note.to_string(),
            (false, true) => keys,
            (false, false) => format!("{keys} ({})", self.note),
        }
    }

    /// True when one of the command's keys was pressed this frame (the
    /// press is consumed, so nothing else acts on it).
    #[must_use]
    pub fn pressed(&self, ui: &egui::Ui) -> bool {
        ui.input_mut(|i| self.keys.iter().any(|k| i.consume_shortcut(k)))
    }

    /// A button for the command, with its keys on hover. Returns true when
    /// clicked.
    pub fn button(&self, ui: &mut egui::Ui, enabled: bool) -> bool {
        let hover = self.hover_text(ui.ctx());
        let response = ui.add_enabled(enabled, egui::Button::new(self.text));
        if hover.is_empty() { response.clicked() } else { response.on_hover_text(hover).clicked() }
    }
}
