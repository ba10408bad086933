//! A tab's online play: the host's invitations and connections, or a
//! friend's copy of the host's table, and the bar above the game that says
//! how the connection goes.
//!
//! The network starts only here, when a person hosts or joins: its
//! endpoint comes up on a thread of its own (`net::p2p`), and the frames it
//! brings wake the UI; nothing else runs while nothing happens.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use super::Notice;
use crate::ai::Evaluate;
use crate::net::host_table::{Command, HostStatus, HostTable, Job};
use crate::net::invite::{Invite, fresh_token};
use crate::net::p2p::{NetConfig, Node, Relays};
use crate::net::{GuestEvent, Link, Mirror};
use crate::rules::{Game, Seat};
use crate::session::Player;
use crate::table::{Table, Waker};

/// The endpoint, while it starts and once it runs.
enum NodeState {
    Starting(Receiver<Result<Node, String>>),
    Running(Node),
    Failed(String),
    /// No network: the links come from elsewhere (memory links in tests).
    Local,
}

impl NodeState {
    fn start(config: NetConfig, accept: Option<mpsc::Sender<Link>>, wake: Waker) -> Self {
        let (tx, rx) = mpsc::channel();
        let wake_when_up = std::sync::Arc::clone(&wake);
        let spawned = std::thread::Builder::new().name("aviary-net-start".into()).spawn(move || {
            let _ = tx.send(Node::start(config, accept, wake));
            wake_when_up();
        });
        match spawned {
            Ok(_) => NodeState::Starting(rx),
            Err(e) => NodeState::Failed(format!("the network could not start: {e}")),
        }
    }

    /// Moves on once the endpoint is up (or failed).
    fn poll(&mut self) -> bool {
        if let NodeState::Starting(rx) = self {
            match rx.try_recv() {
                Ok(Ok(node)) => *self = NodeState::Running(node),
                Ok(Err(why)) => *self = NodeState::Failed(why),
                Err(mpsc::TryRecvError::Empty) => return false,
                Err(mpsc::TryRecvError::Disconnected) => *self = NodeState::Failed("the network did not start".into()),
            }
            return true;
        }
        false
    }

    fn node(&self) -> Option<&Node> {
        match self {
            NodeState::Running(n) => Some(n),
            _ => None,
        }
    }
}

/// The host's side of a tab: the hosting thread (which holds the
/// authoritative table while the game is hosted) and what it last said.
pub struct Hosting<G: Evaluate> {
    core: Option<HostTable<G>>,
    status: HostStatus,
    node: NodeState,
    relays: Relays,
    /// The number of the person's last move sent to the thread.
    sent: u64,
    /// The pause last given to the thread.
    delay: Option<Duration>,
}

/// A friend's side of a tab.
pub struct Joined<G: Game> {
    invite: Invite,
    name: String,
    node: NodeState,
    dialing: Option<Receiver<Result<Link, String>>>,
    mirror: Option<Mirror<G>>,
    /// Why the last connection ended (or failed), and since when.
    lost: Option<(String, Instant)>,
    undo_asked: Option<String>,
    relays: Relays,
    /// The host's table has been shown at least once.
    shown: bool,
}

/// A tab's online play.
pub enum Online<G: Evaluate> {
    /// This app hosts: its table is the authority.
    Host(Box<Hosting<G>>),
    /// This app is a friend's: a copy of its seat's view.
    Guest(Box<Joined<G>>),
}

impl<G: Evaluate> Online<G> {
    /// Hosts `table`'s friend seats (a new token for each) over the
    /// network: the table moves to the hosting thread and `table` becomes
    /// the window's copy of it.
    #[must_use]
    pub fn host(table: &mut Table<G>, config: NetConfig, wake: Waker) -> Self {
        let relays = config.relays.clone();
        let (tx, rx) = mpsc::channel();
        let mut online = Self::host_links(table, rx, Arc::clone(&wake));
        if let Online::Host(h) = &mut online {
            let wake_core = h.core.as_ref().map(HostTable::waker);
            let both: Waker = Arc::new(move || {
                if let Some(w) = &wake_core {
                    w();
                }
                wake();
            });
            h.node = NodeState::start(config, Some(tx), both);
            h.relays = relays;
        }
        online
    }

    /// Hosts `table`'s friend seats, taking connections from `incoming`
    /// (memory links in tests; the network's in [`Online::host`]).
    #[must_use]
    pub fn host_links(table: &mut Table<G>, incoming: Receiver<Link>, wake: Waker) -> Self {
        let friends = table.session().players().iter().filter(|p| p.is_friend()).count();
        let tokens: Vec<String> = (0..friends).map(|_| fresh_token()).collect();
        // The window keeps a copy; the table itself goes to the thread.
        let mut copy = Table::new(table.session().clone(), table.path.clone());
        copy.id = table.id;
        copy.hosted = true;
        let authority = std::mem::replace(table, copy);
        let (core, node) = match HostTable::start(authority, tokens, incoming, wake, Duration::ZERO) {
            Ok((core, _)) => (Some(core), NodeState::Local),
            Err((authority, why)) => {
                *table = authority;
                (None, NodeState::Failed(why))
            }
        };
        let status = core.as_ref().and_then(HostTable::take).map(|p| p.status).unwrap_or_default();
        Online::Host(Box::new(Hosting { core, status, node, relays: Relays::Off, sent: 0, delay: None }))
    }

    /// A friend's side over a link already made (memory links in tests):
    /// joins with `invite`'s token as `name`.
    #[must_use]
    pub fn join_link(invite: Invite, name: String, link: Link) -> Self {
        let mirror = Mirror::join(link, &invite.token, &name);
        Online::Guest(Box::new(Joined {
            invite,
            name,
            node: NodeState::Local,
            dialing: None,
            mirror: Some(mirror),
            lost: None,
            undo_asked: None,
            relays: Relays::Off,
            shown: false,
        }))
    }

    /// Joins the host of `invite` as `name`.
    #[must_use]
    pub fn join(invite: Invite, name: String, config: NetConfig, wake: Waker) -> Self {
        let relays = config.relays.clone();
        Online::Guest(Box::new(Joined {
            invite,
            name,
            node: NodeState::start(config, None, wake),
            dialing: None,
            mirror: None,
            lost: None,
            undo_asked: None,
            relays,
            shown: false,
        }))
    }

    /// True for a friend's copy.
    #[must_use]
    pub fn is_guest(&self) -> bool {
        matches!(self, Online::Guest(_))
    }

    /// The invite codes of the seats no friend holds now (once the
    /// network is up).
    #[must_use]
    pub fn invite_codes(&self) -> Vec<(Seat, String)> {
        match self {
            Online::Host(h) => h.node.node().map_or_else(Vec::new, |node| {
                h.status
                    .invitations
                    .iter()
                    .filter(|i| !i.connected)
                    .map(|i| (i.seat, node.invite(G::INFO.id, &i.token).code()))
                    .collect()
            }),
            Online::Guest(_) => Vec::new(),
        }
    }

    /// What wakes the hosting thread (the network calls it when a frame
    /// comes), when this app hosts.
    #[must_use]
    pub fn host_waker(&self) -> Option<Waker> {
        match self {
            Online::Host(h) => h.core.as_ref().map(HostTable::waker),
            Online::Guest(_) => None,
        }
    }

    /// How the hosting stands, when this app hosts.
    #[must_use]
    pub fn host_status(&self) -> Option<&HostStatus> {
        match self {
            Online::Host(h) => Some(&h.status),
            Online::Guest(_) => None,
        }
    }

    /// Stops hosting: the hosting thread ends (saying goodbye to the
    /// friends) and its table, with every move, is the tab's again.
    pub fn stop(&mut self, table: &mut Table<G>) {
        if let Online::Host(h) = self
            && let Some(core) = h.core.take()
            && let Some(authority) = core.stop()
        {
            *table = authority;
        }
    }

    /// Runs `job` on the table that holds the game: the hosting thread's
    /// while hosting, else `table`.
    ///
    /// # Errors
    /// The job's error.
    pub fn run_on_table(&mut self, table: &mut Table<G>, job: Job<G>) -> Result<(), String> {
        match self {
            Online::Host(h) if h.core.is_some() => h.core.as_ref().map_or(Ok(()), |c| c.run(job)),
            _ => job(table, &mut Vec::new()),
        }
    }

    /// The pause before each of the computer's moves (the hosting thread
    /// runs the computer seats).
    pub fn set_delay(&mut self, delay: Duration) {
        if let Online::Host(h) = self
            && h.delay != Some(delay)
        {
            h.delay = Some(delay);
            if let Some(core) = &h.core {
                core.send(Command::Delay(delay));
            }
        }
    }

    /// The result the statistics counted, for the hosting thread's file.
    pub fn counted(&mut self, counted: Option<crate::session::Counted>) {
        if let Online::Host(h) = self
            && let Some(core) = &h.core
        {
            core.send(Command::Counted(counted));
        }
    }

    /// False for a friend's copy until the host's table first came.
    #[must_use]
    pub fn shown(&self) -> bool {
        match self {
            Online::Host(_) => true,
            Online::Guest(g) => g.shown,
        }
    }

    /// Reads the network and brings the table up to date. Returns true when
    /// the table changed.
    pub fn poll(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) -> bool {
        match self {
            Online::Host(h) => {
                h.node.poll();
                h.poll(table, notices)
            }
            Online::Guest(g) => g.poll(table, notices),
        }
    }

    /// Sends the person's moves waiting in a mirror to the host.
    pub fn flush(&mut self, table: &mut Table<G>) {
        match self {
            Online::Guest(g) => {
                if let Some(m) = g.mirror.as_mut() {
                    for action in table.outbox.drain(..) {
                        m.propose(action);
                        table.awaiting = true;
                    }
                }
            }
            Online::Host(h) => {
                if let Some(core) = h.core.as_mut() {
                    for action in table.outbox.drain(..) {
                        h.sent = core.propose(action);
                        table.awaiting = true;
                    }
                }
            }
        }
    }

    /// Undo in an online game: a request to the others (or done at once
    /// when the host allows it freely).
    pub fn undo(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        match self {
            Online::Host(h) => {
                if let Some(core) = &h.core {
                    core.send(Command::AskUndo);
                } else {
                    table.undo(notices);
                }
            }
            Online::Guest(g) => {
                if let Some(m) = g.mirror.as_mut() {
                    m.ask_undo();
                    notices.push(Notice::Info("Asked the host to take back your last move".into()));
                }
            }
        }
    }

    /// The bar above the game: the connection, the invite codes, who is
    /// waited for, and any request to take moves back.
    pub fn bar_ui(&mut self, ui: &mut Ui, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        match self {
            Online::Host(h) => h.bar_ui(ui, table, notices),
            Online::Guest(g) => g.bar_ui(ui, table),
        }
    }
}

/// How a connection stands, as its dot's colour says.
#[derive(Clone, Copy)]
enum Standing {
    Connected,
    Waiting,
    Lost,
}

/// A seat's connection as a chip on the bar: a coloured dot, the words,
/// and whatever `add` puts after them (a code and its Copy button).
fn chip(ui: &mut Ui, standing: Standing, words: &str, detail: &str, add: impl FnOnce(&mut Ui)) {
    let dot = match standing {
        Standing::Connected => super::theme::ONLINE_CONNECTED,
        Standing::Waiting => super::theme::ONLINE_WAITING,
        Standing::Lost => ui.visuals().error_fg_color,
    };
    egui::Frame::new()
        .fill(ui.visuals().faint_bg_color)
        .stroke(egui::Stroke::new(1.0, dot.gamma_multiply(0.6)))
        .corner_radius(12.0)
        .inner_margin(egui::Margin::symmetric(10, 4))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                ui.painter().circle_filled(rect.center(), 5.0, dot);
                ui.label(RichText::new(words).strong());
                if !detail.is_empty() {
                    ui.label(RichText::new(detail).weak());
                }
                add(ui);
            });
        });
}

fn since(t: Instant) -> String {
    let s = t.elapsed().as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

impl<G: Evaluate> Hosting<G> {
    /// Takes what the hosting thread published: the position, the
    /// messages, the state of the connections. True when the position
    /// changed.
    fn poll(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) -> bool {
        let Some(news) = self.core.as_ref().and_then(HostTable::take) else { return false };
        notices.extend(news.notices);
        self.status = news.status;
        table.hosted_announced = news.announced;
        table.path = news.path;
        if news.answered >= self.sent {
            table.awaiting = false;
        }
        let Some(session) = news.session else { return false };
        // The statistics' count stays as the window made it (the thread
        // hears of it through a command).
        table.adopt_hosted(session);
        true
    }

    fn bar_ui(&mut self, ui: &mut Ui, table: &mut Table<G>, notices: &mut Vec<Notice>) {
        // Only the seats' names are needed from the state (drawn every frame).
        let state = table.session().state();
        let names: Vec<String> = self.status.invitations.iter().map(|i| state.seat_name(i.seat)).collect();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Online — you host").strong().size(15.0));
            match &self.node {
                NodeState::Starting(_) => {
                    ui.spinner();
                    ui.label("starting the network…");
                }
                NodeState::Failed(why) => {
                    ui.colored_label(ui.visuals().error_fg_color, why);
                }
                NodeState::Running(_) => {
                    ui.label(RichText::new(format!("through {}", self.relays.words())).weak());
                }
                NodeState::Local => {}
            }
            ui.separator();
            let mut freely = self.status.undo_freely;
            if ui
                .checkbox(&mut freely, "Friends may take back moves without asking")
                .on_hover_text("Off: a friend's undo is a request you allow or decline")
                .changed()
                && let Some(core) = &self.core
            {
                self.status.undo_freely = freely;
                core.send(Command::UndoFreely(freely));
            }
        });
        let node = self.node.node();
        let mut waiting = false;
        ui.horizontal_wrapped(|ui| {
            for (inv, seat_name) in self.status.invitations.clone().into_iter().zip(&names) {
                if inv.connected {
                    let path = self
                        .status
                        .paths
                        .iter()
                        .find(|(s, _)| *s == inv.seat)
                        .map_or_else(String::new, |(_, p)| p.words());
                    chip(ui, Standing::Connected, &format!("{seat_name}: {} is connected", inv.name), &path, |_| {});
                    continue;
                }
                waiting = true;
                let (standing, words, detail) = match inv.lost_at {
                    Some(t) => (
                        Standing::Lost,
                        format!("{seat_name}: waiting for {}", inv.name),
                        format!("connection lost {} — send the code again if they lost it", since(t)),
                    ),
                    None => (
                        Standing::Waiting,
                        format!("{seat_name}: a friend online"),
                        "send this code to your friend".into(),
                    ),
                };
                chip(ui, standing, &words, &detail, |ui| {
                    if let Some(node) = node {
                        let code = node.invite(G::INFO.id, &inv.token).code();
                        let mut shown = code.clone();
                        ui.add(
                            egui::TextEdit::singleline(&mut shown)
                                .desired_width(300.0)
                                .font(egui::TextStyle::Monospace),
                        );
                        if ui.button("Copy").on_hover_text("Copy the invite code").clicked() {
                            ui.ctx().copy_text(code);
                            notices.push(Notice::Info("Invite code copied".into()));
                        }
                    }
                });
            }
        });
        if self.status.undo_asked.as_ref().is_some_and(|r| r.by.is_none()) {
            ui.label(RichText::new("Asked your friends to take back your last move: waiting for their answer").weak());
        }
        if let Some(req) = self.status.undo_asked.clone()
            && req.by.is_some()
        {
            ui.horizontal(|ui| {
                ui.label(if req.shows {
                    "Your friend asks to take back their last move, which showed a hidden card or a roll: allowed, the game counts as using undo."
                } else {
                    "Your friend asks to take back their last move."
                });
                for (label, yes) in [("Allow", true), ("Decline", false)] {
                    if ui.button(label).clicked()
                        && let Some(core) = &self.core
                    {
                        core.send(Command::AnswerUndo(yes));
                        self.status.undo_asked = None;
                    }
                }
            });
        }
        if waiting && self.status.invitations.iter().any(|i| i.lost_at.is_some()) {
            // The "lost 0:42" clock ticks while someone is waited for.
            ui.ctx().request_repaint_after(Duration::from_secs(1));
        }
    }
}

impl<G: Evaluate> Joined<G> {
    fn poll(&mut self, table: &mut Table<G>, notices: &mut Vec<Notice>) -> bool {
        if self.node.poll()
            && let Some(node) = self.node.node()
        {
            self.dialing = Some(node.dial(&self.invite));
        }
        if let NodeState::Failed(why) = &self.node
            && self.lost.is_none()
        {
            self.lost = Some((why.clone(), Instant::now()));
        }
        if let Some(rx) = &self.dialing {
            match rx.try_recv() {
                Ok(Ok(link)) => {
                    self.dialing = None;
                    self.mirror = Some(Mirror::join(link, &self.invite.token, &self.name));
                    self.lost = None;
                }
                Ok(Err(why)) => {
                    self.dialing = None;
                    self.lost = Some((why, Instant::now()));
                }
                Err(_) => {}
            }
        }
        let mut changed = false;
        if let Some(m) = self.mirror.as_mut() {
            for event in m.poll() {
                match event {
                    GuestEvent::Welcomed(seat) => {
                        let players = (0..m.players().len())
                            .map(|i| if Seat(i as u8) == seat { Player::Human } else { Player::Friend })
                            .collect::<Vec<_>>();
                        table.seat_players(players);
                        if let Some(copy) = table.copy.as_mut() {
                            copy.set_seat(seat.0);
                        }
                    }
                    GuestEvent::Moved => {
                        if let Some(state) = m.state() {
                            table.show_view(state.clone(), m.log().to_vec(), notices);
                            self.shown = true;
                            changed = true;
                        }
                    }
                    GuestEvent::Refused(why) => notices.push(Notice::Error(why)),
                    GuestEvent::UndoAsked(by) => self.undo_asked = Some(by),
                    GuestEvent::OutOfStep => {
                        notices.push(Notice::Info("Out of step with the host: asked for the table again".into()));
                    }
                    GuestEvent::Seats => {}
                    GuestEvent::Goodbye(why) => self.lost = Some((why, Instant::now())),
                    GuestEvent::Lost => {
                        self.lost = Some(("the connection to the host is lost".into(), Instant::now()));
                    }
                }
            }
            table.awaiting = m.sending();
            if m.closed().is_some() {
                self.mirror = None;
                table.outbox.clear();
                table.awaiting = false;
            }
        }
        changed
    }

    fn bar_ui(&mut self, ui: &mut Ui, table: &mut Table<G>) {
        ui.horizontal_wrapped(|ui| {
            let seat = self.mirror.as_ref().and_then(Mirror::seat);
            let who = seat.map_or_else(|| "a friend's game".to_string(), |s| table.session().state().seat_name(s));
            ui.label(RichText::new(format!("Online — you play {who}")).strong().size(15.0));
            if let Some((why, at)) = &self.lost {
                chip(ui, Standing::Lost, why, &since(*at), |_| {});
                let can_retry = self.dialing.is_none() && self.node.node().is_some();
                if ui.add_enabled(can_retry, egui::Button::new("Reconnect")).clicked()
                    && let Some(node) = self.node.node()
                {
                    self.dialing = Some(node.dial(&self.invite));
                }
                ui.ctx().request_repaint_after(Duration::from_secs(1));
            } else if self.dialing.is_some() || matches!(self.node, NodeState::Starting(_)) {
                chip(ui, Standing::Waiting, "connecting to the host…", "", |ui| {
                    ui.spinner();
                });
            } else if let Some(m) = &self.mirror {
                let path = m.path().map_or_else(String::new, |p| p.words());
                chip(ui, Standing::Connected, "connected", &path, |ui| {
                    if table.awaiting || !table.outbox.is_empty() {
                        ui.spinner();
                        ui.label(RichText::new("sending your move…").strong());
                    }
                });
                ui.label(RichText::new(format!("through {}", self.relays.words())).weak());
            }
        });
        if let Some(by) = self.undo_asked.clone() {
            ui.horizontal(|ui| {
                ui.label(format!("{by} asks to take back their last move."));
                for (label, yes) in [("Allow", true), ("Decline", false)] {
                    if ui.button(label).clicked() {
                        if let Some(m) = self.mirror.as_mut() {
                            m.answer_undo(yes);
                        }
                        self.undo_asked = None;
                    }
                }
            });
        }
    }
}
