//! Phase 1 on screen: the labyrinth, dragging Daedalus along his way, the
//! decks and the cards held.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use crate::rules::cards::{Card, Suit};
use crate::rules::feathers_wax::routes::{Target, path_cells, path_words, plan, plan_ends_outside, unreachable_reason};
use crate::rules::feathers_wax::{Action, Cell, FeathersAndWax, Heading, LAB_H, LAB_W, LABYRINTH, Spot, Walker};
use crate::rules::words;
use crate::rules::{Game, Seat};
use crate::ui::Notice;
use crate::ui::theme::{self, Palette};
use crate::ui::widgets::{self, CardFace};

use super::{Drag, FeathersView, deck_ui_sized, figure_of, paint_feather};

/// The plinth round the board, as a share of a cell's side.
const RIM_SHARE: f32 = 0.16;

/// The width of the plinth round a board whose cells are `cs` wide.
fn rim_for(cs: f32) -> f32 {
    (cs * RIM_SHARE).max(6.0)
}

/// What every part of the labyrinth drawn this frame shares.
struct Maze<'a> {
    /// The position shown.
    state: &'a FeathersAndWax,
    /// The theme.
    palette: &'a Palette,
    /// Paints the board.
    painter: &'a Painter,
    /// The top-left corner of the first cell.
    origin: Pos2,
    /// A cell's side.
    cs: f32,
    /// True when a person at the screen is to move.
    human: bool,
    /// What is being dragged, if anything.
    dragging: Option<Drag>,
    /// Where the pointer last was.
    hover_pos: Option<Pos2>,
}

impl Maze<'_> {
    /// A cell of the labyrinth, on the screen.
    fn rect_of(&self, c: Cell) -> Rect {
        Rect::from_min_size(
            self.origin + Vec2::new(f32::from(c.x) * self.cs, f32::from(c.y) * self.cs),
            Vec2::splat(self.cs),
        )
    }

    /// Where Daedalus waits before he goes in.
    fn outside(&self) -> Rect {
        let ent = self.rect_of(LABYRINTH.entrance());
        Rect::from_min_size(ent.min - Vec2::new(self.cs * 0.9 + self.rim(), 0.0), Vec2::new(self.cs * 0.85, self.cs))
    }

    /// The exit door, east of the exit's cell (a drop target).
    fn exit_rect(&self) -> Rect {
        let ex = self.rect_of(LABYRINTH.exit());
        Rect::from_min_size(ex.right_top() + Vec2::new(self.rim() + 3.0, 0.0), Vec2::new(self.cs * 0.85, self.cs))
    }

    /// Where Daedalus stands for each place he can be.
    fn centre(&self, w: Walker) -> Pos2 {
        match w {
            Walker::Outside => self.outside().center(),
            Walker::At(c) => self.rect_of(c).center(),
            Walker::Out => self.exit_rect().center(),
        }
    }

    /// True when Daedalus stands on this cell and it holds a nest or hive.
    fn stands_on_spot(&self, c: Cell) -> bool {
        self.state.walker() == Walker::At(c) && LABYRINTH.spot(c) != Spot::Empty
    }

    /// The plinth the labyrinth stands on, raised off the table with its
    /// shadow, and the mortar between the floor's flags.
    fn paint_frame(&self) {
        let (cs, palette) = (self.cs, self.palette);
        let board = Rect::from_min_size(self.origin, Vec2::new(cs * f32::from(LAB_W), cs * f32::from(LAB_H)));
        let rim = self.rim();
        self.painter.add(
            egui::epaint::RectShape::filled(board.expand(rim).translate(Vec2::new(2.0, 5.0)), 7.0, palette.shadow)
                .with_blur_width(12.0),
        );
        self.painter.rect_filled(board.expand(rim), 6.0, palette.maze.plinth);
        // A lit bevel along the plinth's top edge.
        let lit = Stroke::new(1.5, theme::mix(palette.maze.plinth, palette.arena.light, 0.25));
        self.painter.rect_stroke(board.expand(rim - 1.0), 5.0, lit, StrokeKind::Inside);
        self.painter.rect_filled(board, 0.0, palette.maze.grout);
        // The doorways through the plinth: in at the west, out at the east.
        let half_wall = self.wall_width() / 2.0;
        for (cell, west) in [(LABYRINTH.entrance(), true), (LABYRINTH.exit(), false)] {
            let r = self.rect_of(cell).shrink2(Vec2::new(0.0, half_wall));
            let x = if west { r.left() - rim } else { r.right() };
            let door = Rect::from_min_size(Pos2::new(x, r.top()), Vec2::new(rim, r.height()));
            self.painter.rect_filled(door, 0.0, palette.maze.floor);
        }
    }

    /// The width of the plinth round the board.
    fn rim(&self) -> f32 {
        (self.cs * 0.16).max(6.0)
    }

    /// A wall's thickness.
    fn wall_width(&self) -> f32 {
        (self.cs * 0.2).max(5.0)
    }

    /// A cell's floor under its marks: the flags of stone, the column and
    /// row names along the edges and the tint of the column that refreshes
    /// the used locations next.
    fn paint_floor(&self, ui: &Ui, c: Cell, r: Rect, floor: Color32, refresh_col: u8) {
        let (painter, palette, lab) = (self.painter, self.palette, &*LABYRINTH);
        // The floor in flags of stone.
        let seed = u32::from(c.y) * 16 + u32::from(c.x);
        crate::ui::art::flagstone(painter, r.shrink(0.75), floor, (palette.arena.light, palette.arena.shade), seed);
        if c.y == 0 {
            // Clear of the plinth round the board.
            painter.text(
                r.center_top() - Vec2::new(0.0, self.rim() + 1.5),
                Align2::CENTER_BOTTOM,
                char::from(b'a' + c.x).to_string(),
                FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
        if c.x == 0 {
            // (The entrance row's number left of its door's arrow.)
            let left = if c.y == lab.entrance_row { 20.0 } else { 3.0 } + self.rim();
            painter.text(
                r.left_center() - Vec2::new(left, 0.0),
                Align2::RIGHT_CENTER,
                (c.y + 1).to_string(),
                FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
        }
        if c.x == refresh_col {
            // Moss green, as the exit's strip (deep in the dark theme, where
            // a light wash read as washed out).
            let moss = refresh_wash(ui.visuals().dark_mode);
            painter.rect_filled(r.expand(0.5), 0.0, palette.exit_strip.gamma_multiply(moss));
            // Its west edge drawn, so the band reads as one on dark stone.
            painter.line_segment(
                [r.left_top() + Vec2::new(1.5, 0.0), r.left_bottom() + Vec2::new(1.5, 0.0)],
                Stroke::new(2.0, palette.exit_strip.gamma_multiply(0.9)),
            );
        }
    }

    /// A cell's marks: its nest or hive (faded once used), the tag of a
    /// used one and the ring of a cell the card in play reaches.
    fn paint_marks(&self, c: Cell, r: Rect, spot: Spot, used: bool, reached: bool) {
        let (painter, palette) = (self.painter, self.palette);
        // (With Daedalus standing on it, the nest or hive is painted
        // beside him, after him: see `walker_ui`.)
        if !self.stands_on_spot(c) {
            paint_spot(painter, palette, (r.center(), self.cs), spot, used);
        }
        if used && self.state.walker() != Walker::At(c) && spot != Spot::Empty {
            // A wooden marker laid in the space's corner, as one would on
            // the board, clear of its walls and of the nest or hive (on
            // the corner it sat on the walls: review 10).
            let at = r.right_top() + Vec2::new(-self.cs * 0.25, self.cs * 0.25);
            crate::ui::look::token(painter, palette, at, (self.cs * 0.12).max(4.0), palette.table.wood[1], "");
        }
        if reached {
            // A ring just inside the space, clear of its nest or hive.
            let ring = Stroke::new((self.cs * 0.06).max(2.0), palette.legal.to_opaque().gamma_multiply(0.85));
            painter.rect_stroke(r.shrink(self.cs * 0.1), self.cs * 0.12, ring, StrokeKind::Inside);
        }
    }

    /// The walls: raised blocks of stone, each over its shadow, with a
    /// face below its top and the joints between its blocks.
    fn paint_walls(&self) {
        let (painter, palette, lab) = (self.painter, self.palette, &*LABYRINTH);
        let stone = palette.maze;
        let width = self.wall_width();
        let mut segments = Vec::new();
        for c in crate::rules::feathers_wax::Labyrinth::cells() {
            let r = self.rect_of(c);
            if lab.wall(c, Heading::E) {
                segments.push([r.right_top(), r.right_bottom()]);
            }
            if lab.wall(c, Heading::S) {
                segments.push([r.left_bottom(), r.right_bottom()]);
            }
            if c.x == 0 && c.y != lab.entrance_row {
                segments.push([r.left_top(), r.left_bottom()]);
            }
            if c.y == 0 {
                segments.push([r.left_top(), r.right_top()]);
            }
        }
        let blocks: Vec<Rect> = segments.iter().map(|[a, b]| Rect::from_two_pos(*a, *b).expand(width / 2.0)).collect();
        let lift = Vec2::new(0.0, width * 0.4);
        let round = width * 0.22;
        for b in &blocks {
            painter.add(
                egui::epaint::RectShape::filled(
                    b.translate(Vec2::new(width * 0.3, width * 0.75)),
                    round,
                    palette.shadow,
                )
                .with_blur_width(width * 0.7),
            );
        }
        for b in &blocks {
            painter.rect_filled(b.translate(lift), round, stone.wall_side);
        }
        for b in &blocks {
            painter.rect_filled(*b, round, stone.wall_top);
        }
        // The joints between blocks, staggered from wall to wall, and a lit
        // edge along each top.
        let joint = Stroke::new((width * 0.12).max(1.0), stone.joint);
        let edge = Stroke::new((width * 0.14).max(1.0), theme::mix(stone.wall_top, palette.arena.light, 0.3));
        for (k, ([a, b], block)) in segments.iter().zip(&blocks).enumerate() {
            let along = *b - *a;
            let across = Vec2::new(along.y.abs(), along.x.abs()).normalized() * (width * 0.5);
            let start = if k % 2 == 0 { 0.33 } else { 0.5 };
            let mut t = start;
            while t < 1.0 {
                let at = *a + along * t;
                painter.line_segment([at - across * 0.8, at + across * 0.8], joint);
                t += 0.5;
            }
            let top = block.shrink(width * 0.12);
            painter.line_segment(
                [top.left_top(), if along.x.abs() > 0.0 { top.right_top() } else { top.left_bottom() }],
                edge,
            );
        }
    }

    /// Daedalus's token, which a person drags along his way (held up
    /// under the pointer while dragged).
    fn walker_ui(&self, ui: &Ui, glided: Option<Pos2>) {
        let (painter, palette, cs, state) = (self.painter, self.palette, self.cs, self.state);
        // Daedalus (on his way there, while his last walk is shown).
        let at = glided.unwrap_or_else(|| self.centre(state.walker()));
        let token = Rect::from_center_size(at, Vec2::splat(cs * 0.8));
        let resp = ui.interact(token, ui.scope_id().with("walker"), Sense::click_and_drag());
        resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "Daedalus"));
        if self.human && state.card().is_some() {
            resp.dnd_set_drag_payload(Drag::Walker);
        }
        let alpha = if resp.dragged() { 0.4 } else { 1.0 };
        let foot = Vec2::new(0.0, cs * 0.4);
        // Beside the nest or hive he stands on (drawn smaller to his right).
        let aside = match state.walker() {
            Walker::At(c) if self.stands_on_spot(c) && glided.is_none() => Vec2::new(-cs * 0.17, 0.0),
            _ => Vec2::ZERO,
        };
        // A figure taller than his cell, standing up out of the board as a
        // painted miniature would (at the cell's height a new player found
        // him small beside the nests).
        // A soft pale glow behind him, so his robe stands off a dark
        // floor (in the dark theme he sank into it).
        let glow = Rect::from_center_size(
            at + foot + aside - Vec2::new(0.0, cs * FIGURE * 0.45),
            Vec2::new(cs * 0.55, cs * 0.9),
        );
        painter.add(
            egui::epaint::RectShape::filled(glow, cs * 0.3, palette.maze.wall_top.gamma_multiply(0.45 * alpha))
                .with_blur_width(cs * 0.35),
        );
        crate::ui::art::robed_figure(painter, at + foot + aside, cs * FIGURE, &figure_of(palette, true, alpha));
        // The nest or hive he stands on, smaller at his side and over his
        // robe's hem (under him it was hidden: review 10).
        if let Walker::At(c) = state.walker()
            && self.stands_on_spot(c)
            && glided.is_none()
        {
            let mid = self.rect_of(c).center() + Vec2::new(cs * 0.25, cs * 0.1);
            paint_spot(painter, palette, (mid, cs * 0.6), LABYRINTH.spot(c), state.is_used(c));
        }
        if resp.dragged()
            && let Some(p) = self.hover_pos
        {
            let layer = ui.ctx().layer_painter(egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("fw-walker")));
            crate::ui::art::robed_figure(&layer, p + foot, cs * FIGURE, &figure_of(palette, true, 1.0));
        }
    }
}

/// A window lower than this draws the card row over the labyrinth
/// smaller.
pub const LOW_CARDS: f32 = 700.0;

/// How long Daedalus's figure takes over each step of a walk, in seconds.
pub const STEP_SECONDS: f64 = 0.11;

/// Daedalus's height on the board, in cells.
const FIGURE: f32 = 0.95;

impl FeathersView {
    /// Phase 1's board: the labyrinth, its cells, walls and doors, the way
    /// walked and planned, and Daedalus; a click, drop or drag on it walks
    /// him.
    /// The labyrinth, `held` points kept under it for what Daedalus has
    /// gathered.
    pub(super) fn labyrinth_ui(&mut self, ui: &mut Ui, palette: &Palette, notices: &mut Vec<Notice>, held: f32) {
        let state = self.state().clone();
        let avail = ui.available_size();
        // (With the plinth round the board, a share of a cell each side.)
        let cs = ((avail.x - 90.0) / (f32::from(LAB_W) + 2.0 * RIM_SHARE))
            .min((avail.y - held) / (f32::from(LAB_H) + 2.0 * RIM_SHARE))
            .clamp(30.0, 70.0);
        let rim = rim_for(cs);
        let size = Vec2::new(cs * f32::from(LAB_W) + 80.0 + 2.0 * rim, cs * f32::from(LAB_H) + 22.0 + 2.0 * rim);
        let (outer, _) = ui.allocate_exact_size(size, Sense::hover());
        let painter = ui.painter().clone();
        let maze = Maze {
            state: &state,
            palette,
            painter: &painter,
            origin: outer.min + Vec2::new(40.0 + rim, 18.0 + rim),
            cs,
            human: self.my_turn() && state.pending().is_none(),
            dragging: egui::DragAndDrop::payload::<Drag>(ui.ctx()).map(|p| *p),
            hover_pos: ui.ctx().pointer_latest_pos(),
        };
        maze.paint_frame();
        let [on_cell, over_cell] = self.cells_ui(ui, &maze);
        maze.paint_walls();
        let [on_exit, over_exit] = self.doors_ui(ui, &maze);
        let note = self.paint_ways(&maze, over_exit.or(over_cell));
        let glided = self.glided(ui, &maze);
        maze.walker_ui(ui, glided);
        if let Some(text) = note {
            widgets::pointer_note_info(ui, &text, palette);
        }
        if let Some(target) = on_exit.or(on_cell) {
            self.walk_to(&state, target, maze.dragging, notices);
        }
    }

    /// Where Daedalus is drawn while his last walk is shown, a step every
    /// [`STEP_SECONDS`]; none once he has arrived (and the walk is
    /// forgotten, so nothing repaints).
    fn glided(&mut self, ui: &Ui, maze: &Maze) -> Option<Pos2> {
        let (way, start) = self.glide.as_mut()?;
        let now = ui.input(|i| i.time);
        let began = *start.get_or_insert(now);
        let gone = ((now - began) / STEP_SECONDS) as f32;
        let last = way.len().saturating_sub(1);
        if gone >= last as f32 || !self.settings.animations {
            self.glide = None;
            return None;
        }
        let step = gone.floor() as usize;
        let (from, to) = (maze.centre(way[step]), maze.centre(way[(step + 1).min(last)]));
        ui.ctx().request_repaint();
        Some(from.lerp(to, gone - step as f32))
    }

    /// The labyrinth's cells, each a button and a drop target: drawn, and
    /// the cell clicked or dropped on (the last, if several), and the cell
    /// Daedalus is dragged over.
    fn cells_ui(&mut self, ui: &Ui, m: &Maze) -> [Option<Target>; 2] {
        let (state, palette, lab) = (m.state, m.palette, &*LABYRINTH);
        let floor = palette.maze.floor;
        // Reachable cells for the card in play.
        let reach: Vec<Cell> = if m.human && state.card().is_some() {
            crate::rules::feathers_wax::Labyrinth::cells().filter(|&c| plan(state, Target::Cell(c)).is_some()).collect()
        } else {
            Vec::new()
        };
        // The edge that will refresh the used locations next.
        let refresh_col = if state.refreshed_east() { 0 } else { LAB_W - 1 };
        let (mut pending_target, mut over): (Option<Target>, Option<Target>) = (None, None);
        for c in crate::rules::feathers_wax::Labyrinth::cells() {
            let r = m.rect_of(c);
            m.paint_floor(ui, c, r, floor, refresh_col);
            let resp = ui.interact(r, ui.scope_id().with(("cell", c.x, c.y)), Sense::click());
            let spot = lab.spot(c);
            let used = state.is_used(c);
            let label = match spot {
                Spot::Nest => format!("{c} nest{}", if used { " (used)" } else { "" }),
                Spot::Hive => format!("{c} hive{}", if used { " (used)" } else { "" }),
                Spot::Empty => format!("{c}"),
            };
            resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
            m.paint_marks(c, r, spot, used, reach.contains(&c));
            if resp.clicked() && m.human {
                pending_target = Some(Target::Cell(c));
            }
            if let Some(p) = m.hover_pos
                && m.dragging == Some(Drag::Walker)
                && r.contains(p)
            {
                over = Some(Target::Cell(c));
                self.extend_drag(state, Target::Cell(c));
            }
            if resp.dnd_release_payload::<Drag>().is_some_and(|d| *d == Drag::Walker) {
                pending_target = Some(Target::Cell(c));
            }
        }
        [pending_target, over]
    }

    /// The doors: the entrance's arrow and the exit, a button and a drop
    /// target (ringed when the card in play reaches it); the exit when it
    /// is clicked or dropped on, and when Daedalus is dragged over it.
    fn doors_ui(&mut self, ui: &Ui, m: &Maze) -> [Option<Target>; 2] {
        let (painter, palette, state) = (m.painter, m.palette, m.state);
        let exit_ok = m.human && plan(state, Target::Exit).is_some();
        let (mut pending_target, mut over) = (None, None);
        // Doors: the entrance (west) and the exit (east, a drop target).
        let ent = m.rect_of(LABYRINTH.entrance());
        // The way in: an arrow at the gap in the west wall, level with its row.
        let tip = ent.left_center() - Vec2::new(m.rim() - 2.0, 0.0);
        let arrow = vec![tip, tip + Vec2::new(-9.0, -6.0), tip + Vec2::new(-9.0, 6.0)];
        painter.add(egui::Shape::convex_polygon(arrow, palette.exit_strip, Stroke::new(1.0, palette.text_on_exit)));
        let exit_rect = m.exit_rect();
        paint_exit_arch(
            painter,
            palette,
            exit_rect,
            crate::ui::look::display(ui.ctx(), (m.cs * 0.22).clamp(11.0, 15.0)),
        );
        let exit_resp = ui.interact(exit_rect, ui.scope_id().with("exit"), Sense::click());
        exit_resp.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, "exit door"));
        if exit_ok {
            painter.rect_stroke(
                exit_rect.shrink(1.0),
                3.0,
                Stroke::new(2.5, palette.legal.to_opaque()),
                StrokeKind::Inside,
            );
        }
        if exit_resp.clicked() && m.human {
            pending_target = Some(Target::Exit);
        }
        if let Some(p) = m.hover_pos
            && m.dragging == Some(Drag::Walker)
            && exit_rect.contains(p)
        {
            over = Some(Target::Exit);
            self.extend_drag(state, Target::Exit);
        }
        if exit_resp.dnd_release_payload::<Drag>().is_some_and(|d| *d == Drag::Walker) {
            pending_target = Some(Target::Exit);
        }
        [pending_target, over]
    }

    /// The ways drawn: the path of this move so far, the hint's whole walk
    /// dotted and the path being dragged; the note on what the dragged
    /// path draws, refusing `over` a place it cannot reach (the dragged path
    /// forgotten when no drag is under way).
    fn paint_ways(&mut self, m: &Maze, over: Option<Target>) -> Option<String> {
        let (painter, palette, state) = (m.painter, m.palette, m.state);
        let exit_rect = m.exit_rect();
        let mut note = None;
        // The path of this move so far, and the planned drag path.
        let trail: Vec<Pos2> = state.path().iter().map(|&c| m.rect_of(c).center()).collect();
        if trail.len() > 1 {
            painter.add(egui::Shape::line(trail, Stroke::new(3.0, palette.daedalus.gamma_multiply(0.5))));
        }
        // The hint's whole walk, dotted.
        let hinted: Vec<Heading> =
            self.shown_walk().iter().filter_map(|a| if let Action::Step(h) = a { Some(*h) } else { None }).collect();
        if !hinted.is_empty() {
            let mut pts = vec![m.centre(state.walker())];
            pts.extend(path_cells(state, &hinted).into_iter().map(|c| m.rect_of(c).center()));
            if hinted.last() == Some(&Heading::E) && plan_ends_outside(state, &hinted) {
                pts.push(exit_rect.center());
            }
            let stroke = Stroke::new(3.0, palette.route);
            painter.extend(egui::Shape::dashed_line(&pts, stroke, 7.0, 5.0));
            if let Some(&end) = pts.last() {
                painter.circle_stroke(end, m.cs * 0.22, stroke);
            }
        }
        if m.dragging != Some(Drag::Walker) {
            self.drag_path.clear();
            return None;
        }
        if !self.drag_path.is_empty() {
            let mut pts = vec![m.centre(state.walker())];
            pts.extend(path_cells(state, &self.drag_path).into_iter().map(|c| m.rect_of(c).center()));
            if self.drag_path.last() == Some(&Heading::E) && plan_ends_outside(state, &self.drag_path) {
                pts.push(exit_rect.center());
            }
            painter.add(egui::Shape::line(pts, Stroke::new(4.0, palette.selection)));
            note = Some(path_words(state, &self.drag_path));
        }
        // Over a place the card cannot take him to, the preview refuses as the drop would.
        let over = over.filter(|&t| Some(t) != self.drag_end(state));
        if let Some(t) = over
            && !matches!((t, state.walker()), (Target::Cell(c), Walker::At(w)) if c == w)
            && plan(state, t).is_none()
        {
            note = Some(format!("Not here: {}", unreachable_reason(state, t)));
        }
        note
    }

    /// Walks Daedalus to the target clicked or dropped on: along the path
    /// dragged when it ends there, else the planned way; an error when he
    /// cannot get there.
    fn walk_to(&mut self, state: &FeathersAndWax, target: Target, dragging: Option<Drag>, notices: &mut Vec<Notice>) {
        let path =
            if dragging == Some(Drag::Walker) && !self.drag_path.is_empty() && self.drag_end(state) == Some(target) {
                Some(std::mem::take(&mut self.drag_path))
            } else {
                plan(state, target)
            };
        self.drag_path.clear();
        match path {
            Some(p) => {
                self.walk(&p, notices);
                if dragging == Some(Drag::Walker) {
                    // Dragged, he went the way under the pointer already.
                    self.glide = None;
                }
            }
            None => notices.push(Notice::Error(unreachable_reason(state, target).to_string())),
        }
    }

    pub(super) fn drag_end(&self, state: &FeathersAndWax) -> Option<Target> {
        if plan_ends_outside(state, &self.drag_path) {
            return Some(Target::Exit);
        }
        path_cells(state, &self.drag_path).last().map(|&c| Target::Cell(c))
    }

    /// Follows the pointer during a drag of Daedalus: one step further when
    /// it enters a neighbouring cell the card allows, one step back when it
    /// returns, and the shortest way when it jumps.
    pub(super) fn extend_drag(&mut self, state: &FeathersAndWax, target: Target) {
        if self.drag_end(state) == Some(target) {
            return;
        }
        let cells = path_cells(state, &self.drag_path);
        if cells.len() >= 2 && Target::Cell(cells[cells.len() - 2]) == target {
            self.drag_path.pop();
            return;
        }
        // One more step from the end of the path, if the rules allow it.
        let mut probe = state.observation(Seat(0));
        let mut ok = true;
        for &h in &self.drag_path {
            if probe.apply(&Action::Step(h)).is_err() || probe.pending().is_some() {
                ok = false;
                break;
            }
        }
        if ok && probe.card().is_some() {
            for h in Heading::ALL {
                let lands = match (probe.walker(), target) {
                    (Walker::At(c), Target::Exit) => LABYRINTH.is_exit_door(c, h),
                    (Walker::At(c), Target::Cell(t)) => LABYRINTH.neighbour(c, h) == Some(t),
                    (Walker::Outside, Target::Cell(t)) => h == Heading::E && t == LABYRINTH.entrance(),
                    _ => false,
                };
                if lands && probe.check(&Action::Step(h)).is_ok() {
                    self.drag_path.push(h);
                    return;
                }
            }
        }
        if let Some(p) = plan(state, target) {
            self.drag_path = p;
        }
    }

    /// The decks, the card in play, the kept Kings and the discard pile:
    /// in a row over the board, or two by two in a column (`column`).
    pub(super) fn decks_ui(&mut self, ui: &mut Ui, palette: &Palette, column: bool) {
        let state = self.state().clone();
        let (feathers, wax, moves) = state.deck_counts();
        // In a low window the row's cards are smaller, leaving the board
        // its room (at full size they took a third of the height).
        let low = ui.ctx().content_rect().height() < LOW_CARDS;
        let size = if low { theme::CARD_SIZE * 0.7 } else { theme::CARD_SIZE };
        let card = |ui: &mut Ui, face: CardFace| widgets::card_ui_sized(ui, palette, face, false, size);
        let (now, animate) = (ui.input(|i| i.time), self.settings.animations);
        let row = |ui: &mut Ui, add: Box<dyn FnOnce(&mut Ui) + '_>| {
            if column {
                // (Its titles on one line each: wrapped, "Movement" broke
                // in two.)
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                egui::Grid::new("fw-decks-column").spacing([8.0, 6.0]).show(ui, add);
            } else {
                ui.horizontal(add);
            }
        };
        row(
            ui,
            Box::new(|ui: &mut Ui| {
                self.deck_at[0] = Some(deck_ui_sized(ui, palette, ("Feathers", &[Suit::Spades]), feathers, size).rect);
                self.deck_at[1] = Some(deck_ui_sized(ui, palette, ("Wax", &[Suit::Clubs]), wax, size).rect);
                // (Two by two in a column; nothing in a row.)
                ui.end_row();
                let movement =
                    deck_ui_sized(ui, palette, ("Movement", &[Suit::Hearts, Suit::Diamonds]), moves, size).rect;
                // A card turned up lands in its place from its deck (a Jailer
                // or a King from a nest appeared in its place unseen: review
                // 6); a movement card spent goes from "In play" to the pile.
                let decks = [self.deck_at[0], self.deck_at[1], Some(movement)];
                // A card his walk turns up waits at its deck until Daedalus
                // arrives (it reached the pile while he was still walking:
                // review 7).
                let wait = self.glide.as_ref().map_or(0.0, |(way, start)| {
                    way.len().saturating_sub(1) as f64 * STEP_SECONDS - start.map_or(0.0, |s| now - s)
                });
                let slides = &mut self.racks;
                let mut place = |c: Card, target: Rect| {
                    let from = decks[match c.suit {
                        Suit::Spades => 0,
                        Suit::Clubs => 1,
                        _ => 2,
                    }];
                    slides.place_after(
                        crate::ui::look::Slides::key(("fw-turned-up", c.rank, c.suit as u8)),
                        target,
                        from,
                        (now, wait),
                        animate,
                    )
                };
                ui.vertical(|ui| {
                    ui.label(crate::ui::look::title(ui, "In play", 14.0));
                    match state.card() {
                        Some(c) => {
                            let _ = arriving_card(ui, palette, (c, None), size, &mut place);
                            let how = if c.suit == Suit::Diamonds { "straight" } else { "any turns" };
                            ui.label(RichText::new(format!("{} left, {how}", state.steps_left())).small());
                        }
                        None => {
                            ui.add_space(size.y);
                        }
                    }
                });
                ui.end_row();
                if !column {
                    ui.separator();
                }
                ui.vertical(|ui| {
                    ui.label(crate::ui::look::title(ui, "Kept", 14.0));
                    ui.horizontal(|ui| {
                        let kept: Vec<Suit> =
                            [Suit::Spades, Suit::Clubs].into_iter().filter(|&suit| state.has_king(suit)).collect();
                        for &suit in &kept {
                            let _ = arriving_card(ui, palette, (Card::new(13, suit), None), size, &mut place);
                        }
                        if kept.is_empty() {
                            // The place where a kept King lies.
                            card(ui, CardFace::Empty);
                        }
                    });
                });
                if !column {
                    ui.separator();
                }
                ui.vertical(|ui| {
                    // (Shorter two by two, where the column is narrow.)
                    let title = if column { "Discards" } else { "Discard pile" };
                    ui.label(crate::ui::look::title(ui, title, 14.0));
                    match state.last_discard() {
                        Some(c) => {
                            // (The card it lands on: the one last seen on top.)
                            let id = ui.make_persistent_id("fw-pile-top");
                            let under = ui.data(|d| d.get_temp::<Card>(id)).filter(|&u| u != c);
                            if !arriving_card(ui, palette, (c, under), size, &mut place) {
                                ui.data_mut(|d| d.insert_temp(id, c));
                            }
                        }
                        None => {
                            ui.add_space(size.y);
                        }
                    }
                    ui.label(RichText::new(words::count(state.discards().len(), "card")).small());
                });
            }),
        );
    }
}

/// A face-up card in its place on the row over the board, where `place`
/// says it is drawn: on its way there (just turned up, or just spent) it
/// is painted over everything, and its place shows `under`, the card it
/// lands on (or the empty place). True while it is on its way.
fn arriving_card(
    ui: &mut Ui,
    palette: &Palette,
    (card, under): (Card, Option<Card>),
    size: Vec2,
    place: &mut impl FnMut(Card, Rect) -> Rect,
) -> bool {
    // (Where `card_ui_sized` lays the card: under the room it keeps for
    // a chosen card's lift.)
    let target = Rect::from_min_size(ui.cursor().min + Vec2::new(0.0, widgets::CARD_LIFT), size);
    let at = place(card, target);
    let moving = at != target;
    let face = if moving { under.map_or(CardFace::Empty, CardFace::Up) } else { CardFace::Up(card) };
    widgets::card_ui_sized(ui, palette, face, false, size);
    if moving {
        let layer = egui::LayerId::new(egui::Order::Foreground, ui.make_persistent_id(("fw-arriving", card.rank)));
        let painter = ui.ctx().layer_painter(layer);
        painter.rect_filled(at.translate(Vec2::new(3.0, 5.0)), 6.0, palette.shadow);
        widgets::paint_playing_card(&painter, palette, at, CardFace::Up(card));
    }
    moving
}

/// A bird's nest: a bowl of woven twigs, as wide as most of the cell.
/// The labyrinth's way out: an arched opening in the stone with the open
/// sky, the sun and the sea beyond it, and "EXIT" written in the arch (a
/// flat green tab was lost on the dark table). Shared by the board and
/// the rules page's key.
pub(crate) fn paint_exit_arch(painter: &Painter, palette: &Palette, rect: Rect, font: FontId) {
    let round = egui::CornerRadius { nw: 24, ne: 24, sw: 2, se: 2 };
    let arch = rect.shrink2(Vec2::new(0.0, 1.0));
    painter.rect_filled(arch.expand(3.0), round, palette.maze.plinth);
    painter.rect_filled(arch, round, palette.sky);
    let sun = Pos2::new(arch.center().x, arch.bottom() - arch.height() * 0.18);
    painter.circle_filled(sun, arch.width() * 0.2, palette.sun);
    painter.rect_filled(
        Rect::from_min_max(Pos2::new(arch.left(), sun.y), arch.max),
        egui::CornerRadius { nw: 0, ne: 0, sw: 2, se: 2 },
        palette.sea,
    );
    painter.text(
        Pos2::new(arch.center().x, arch.top() + arch.height() * 0.34),
        Align2::CENTER_CENTER,
        "EXIT",
        font,
        palette.text_on_exit_sky,
    );
}

/// How strongly the refresh column is washed with
/// [`Palette::exit_strip`] (deeper in the dark theme, where a light wash
/// read as washed out).
pub(crate) fn refresh_wash(dark: bool) -> f32 {
    if dark { 0.55 } else { 0.5 }
}

/// A nest (its feather gone once `used`) or a hive (faded once used),
/// centred at `mid` in a cell of side `cs`.
fn paint_spot(painter: &egui::Painter, palette: &Palette, (mid, cs): (Pos2, f32), spot: Spot, used: bool) {
    match spot {
        Spot::Nest => {
            paint_nest(painter, palette, mid + Vec2::new(0.0, cs * 0.14), cs, 1.0);
            // A used nest is empty: its feather was taken (a "used" label
            // read as a form's: review 5), and not faded (on the dark
            // floor a faded one vanished: review 10).
            if !used {
                // A pale halo under the feather, so the green stands off
                // the stone (on the dark floor it sank into it).
                let halo = palette.maze.wall_top.gamma_multiply(0.8);
                paint_feather(painter, mid - Vec2::new(0.0, cs * 0.04), cs * 0.66, halo, halo);
                paint_feather(painter, mid - Vec2::new(0.0, cs * 0.04), cs * 0.56, palette.nest, palette.outline);
            }
        }
        Spot::Hive => {
            // (Faded to 0.3 a used hive vanished into the dark floor:
            // review 10.)
            let fade = if used { 0.6 } else { 1.0 };
            crate::ui::art::skep(
                painter,
                mid + Vec2::new(0.0, cs * 0.3),
                cs * 0.62,
                palette.honey.gamma_multiply(fade),
                palette.honey_rim.gamma_multiply(fade),
            );
        }
        Spot::Empty => {}
    }
}

fn paint_nest(painter: &egui::Painter, palette: &Palette, at: Pos2, cs: f32, fade: f32) {
    let twig = crate::ui::theme::mix(palette.honey_rim, palette.ruin, 0.3).gamma_multiply(fade);
    let dark = crate::ui::theme::mix(palette.honey_rim, palette.outline, 0.4).gamma_multiply(fade);
    crate::ui::art::oval(painter, at, Vec2::new(1.0, 0.0), cs * 0.34, cs * 0.16, dark);
    crate::ui::art::oval(painter, at - Vec2::new(0.0, cs * 0.02), Vec2::new(1.0, 0.0), cs * 0.3, cs * 0.12, twig);
    for k in 0..5 {
        let x = at.x - cs * 0.26 + cs * 0.13 * k as f32;
        painter.line_segment(
            [Pos2::new(x, at.y - cs * 0.08), Pos2::new(x + cs * 0.1, at.y + cs * 0.06)],
            Stroke::new(1.0, dark),
        );
    }
}
