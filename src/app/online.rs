//! Online play from Home: joining a friend's game with an invite code, and
//! hosting when a new game has a "Friend online" seat.

use egui::RichText;

use super::AviaryApp;
use crate::games;
use crate::net::invite::Invite;
use crate::net::p2p::{NetConfig, Relays};
use crate::save;
use crate::ui::Notice;

/// The "Join a game online" dialog's fields.
#[derive(Clone, Debug, Default)]
pub struct JoinDialog {
    /// The code as pasted.
    pub code: String,
    /// The name the host will see.
    pub name: String,
    /// Why the last try was refused.
    pub problem: Option<String>,
    /// The code field took the focus when the dialog opened.
    pub focused: bool,
}

impl AviaryApp {
    /// The network settings: the relay chosen in Settings, and this app's
    /// key kept beside the settings (so a friend who restarts Aviary is
    /// the same friend to the host).
    pub(super) fn net_config(&mut self) -> NetConfig {
        let relay = self.settings.relay.trim();
        let relays = if self.loopback_net {
            Relays::Off
        } else if relay.is_empty() {
            Relays::Default
        } else {
            Relays::Custom(relay.to_string())
        };
        let mut config = NetConfig::new(relays);
        config.loopback = self.loopback_net;
        if let Some(key) = self.net_key {
            config.secret = key;
        } else if let Some(path) = self.config_dir.as_ref().map(|d| d.join("network-key")) {
            // Read (or made) once a run; a broken key file is kept aside
            // and the person told.
            let kept = crate::net::key_file::load_or_make(&path, &mut config.secret);
            if let Some(message) = kept.message(&path) {
                self.lasting_notices.push(Notice::Error(message));
            }
            self.net_key = Some(config.secret);
        }
        config
    }

    /// Starts hosting the tab just opened when it has friend seats.
    pub(super) fn host_if_friends(&mut self, index: usize, ctx: Option<&egui::Context>) {
        let config = self.net_config();
        if let (Some(tab), Some(ctx)) = (self.tabs.get_mut(index), ctx) {
            tab.host_online(config, ctx);
        }
    }

    pub(super) fn join_dialog(&mut self, ctx: &egui::Context, notices: &mut Vec<Notice>) {
        let Some(mut dialog) = self.join.take() else { return };
        let mut join = false;
        let mut cancel = false;
        let modal = crate::ui::look::modal(ctx, egui::Id::unique("join-online")).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.heading("Join a game online");
            ui.label("Paste the invite code your friend sent you.");
            let code = ui.add(
                egui::TextEdit::multiline(&mut dialog.code)
                    .hint_text("daedalus/…")
                    .desired_rows(2)
                    .desired_width(f32::INFINITY)
                    .font(egui::TextStyle::Monospace),
            );
            if !dialog.focused {
                // Once, as the dialog opens: the name field must take the
                // keyboard after.
                code.request_focus();
                dialog.focused = true;
            }
            ui.horizontal(|ui| {
                let label = ui.label("Your name:");
                ui.add(egui::TextEdit::singleline(&mut dialog.name).hint_text("as the host will see it"))
                    .labelled_by(label.id);
            });
            if let Some(problem) = &dialog.problem {
                ui.colored_label(ui.visuals().error_fg_color, problem);
            }
            ui.label(RichText::new("Nothing connects until you press Join.").weak());
            ui.horizontal(|ui| {
                join = ui.button("Join").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        if modal.should_close() || cancel {
            return;
        }
        if join {
            match self.join_game(&dialog.code, dialog.name.trim(), ctx) {
                Ok(warning) => {
                    notices.push(Notice::Info("Connecting to your friend's game…".into()));
                    notices.extend(warning.map(Notice::Error));
                    return;
                }
                Err(why) => dialog.problem = Some(why),
            }
        }
        self.join = Some(dialog);
    }

    /// Opens a friend's tab for the game of `code`, its copy written at
    /// once (so a restart offers to resume it); a copy that cannot be
    /// written is a warning, not a refusal.
    fn join_game(&mut self, code: &str, name: &str, ctx: &egui::Context) -> Result<Option<String>, String> {
        let invite = Invite::parse(code)?;
        let Some(entry) = games::entry(&invite.game) else {
            return Err(format!("this code is for \"{}\", a game this Aviary does not have", invite.game));
        };
        let Some(play) = &entry.play else { return Err(format!("{} cannot be played yet", entry.name)) };
        let name = if name.is_empty() { "Friend".to_string() } else { name.to_string() };
        let path = save::fresh_path(&self.saves_dir, entry.id);
        let mut tab = (play.join)(invite, name, self.net_config(), ctx, path);
        let warning = tab.save().err().map(|e| {
            format!("Your copy of this game cannot be written ({e}); you can play, but not resume it after closing")
        });
        self.tabs.push(tab);
        self.screen = super::Screen::Game(self.tabs.len() - 1);
        self.remember_open_games();
        Ok(warning)
    }
}
