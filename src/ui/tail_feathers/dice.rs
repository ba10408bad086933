//! The dice: drawn as they lie (their number, symbol and star), in the
//! side panel's list of the last roll and in a tray on the table's frame,
//! where a new roll tumbles before it settles.

use egui::{Align2, FontId, Painter, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};

use super::{SkirmishView, side_colour};
use crate::rules::Seat;
use crate::rules::tail_feathers::dice::{self, Attack, Face, Symbol};
use crate::rules::tail_feathers::game::{
    Event, Fig, TailFeathers, Target, UNIT_DEFS, side_name, side_of_seat, target_name, unit_of,
};
use crate::ui::theme::Forest;

/// The last roll, kept on the table while the game goes on past it (the
/// computer's next move took it away at once): where in the log it was
/// rolled (the log's length and its last line then) and the dice.
pub(super) struct KeptRoll {
    at: usize,
    line: String,
    rolls: Vec<(Seat, String, Vec<Face>)>,
    /// Which dice of each roll counted (an attack's hits, a defence's
    /// blocks), ringed on the tray.
    counted: Vec<Vec<bool>>,
    /// What the roll did, in a few words ("2 hits · 1 wound"), and which
    /// symbol hits when none did ("0 hits" with two swords at range read
    /// as a bug).
    outcome: String,
    /// The wounds it dealt, marked by their targets, and those defeated.
    wounds: Vec<(Target, u8)>,
    /// The round it was thrown in (a new round clears the table).
    round: u8,
    /// The unit being activated when it was thrown (none between
    /// activations): once another unit's activation begins, it is old news.
    unit: Option<usize>,
    /// When it was first drawn.
    first_drawn: Option<f64>,
    /// The corner its tray was laid in (it stays there).
    corner: Option<usize>,
}

/// How long a tray that reaches over the battlefield (a small window)
/// stays open after its dice settle before it folds into a slip on the
/// frame (it hid trees and figures).
pub(super) const TRAY_HOLD_SECONDS: f64 = 3.0;

impl KeptRoll {
    /// The roll among `events` (those of the decision that made the log
    /// `at` lines long, the last of them `line`), if one was thrown.
    pub(super) fn of(at: usize, line: String, (events, round): (&[Event], u8)) -> Option<Self> {
        let rolls: Vec<(Seat, String, Vec<Face>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { seat, what, faces } => Some((*seat, what.to_string(), faces.clone())),
                _ => None,
            })
            .collect();
        if rolls.is_empty() {
            return None;
        }
        let wounds = events
            .iter()
            .filter_map(|e| match e {
                Event::Wounds(t, n) if *n > 0 => Some((*t, *n)),
                _ => None,
            })
            .collect();
        let hits = events.iter().find_map(|e| if let Event::Hits(n) = e { Some(*n) } else { None });
        let kind = attack_kind(&rolls, hits, &line);
        let counted = rolls.iter().map(|r| counted_dice(&r.1, &r.2, kind)).collect();
        let mut outcome = outcome_words(events);
        if hits == Some(0) {
            let needs = if kind == Some(Attack::Ranged) { "bows hit at range" } else { "swords hit in melee" };
            outcome = format!("{outcome} ({needs})");
        }
        Some(Self { at, line, rolls, counted, outcome, wounds, round, unit: None, first_drawn: None, corner: None })
    }

    /// The roll `new` as it is laid on the table after `old`: a defence
    /// thrown in a later decision than its attack (after a card window, or
    /// once the hits were shared out) joins the attack's dice on the tray,
    /// which showed the defender's dice alone, with no word of the attack.
    pub(super) fn after(old: Option<&Self>, mut new: Self) -> Self {
        let answers = |r: &(Seat, String, Vec<Face>)| r.1 == "defence" || r.1 == "re-rolled cheese";
        let Some(old) = old.filter(|o| o.round == new.round && o.at < new.at) else { return new };
        if !new.rolls.iter().all(answers) || !old.rolls.iter().any(|r| r.1 == "attack") {
            return new;
        }
        // The attack's dice, and the answers since (the last few of them).
        let old_rolls = old.rolls.iter().zip(&old.counted);
        let mut rolls: Vec<_> =
            old_rolls.clone().filter(|r| r.0.1 == "attack").map(|(r, c)| (r.clone(), c.clone())).collect();
        let answered: Vec<_> = old_rolls
            .filter(|r| answers(r.0))
            .chain(new.rolls.iter().zip(&new.counted))
            .map(|(r, c)| (r.clone(), c.clone()))
            .collect();
        rolls.extend(answered.iter().skip(answered.len().saturating_sub(2)).cloned());
        (new.rolls, new.counted) = rolls.into_iter().unzip();
        new
    }
}

/// A roll's tag on the tray: "Mice attack", and "Rats: the leaf's spins"
/// for a roll named by what it is of ("Rats the leaf's spins" read oddly).
fn roll_tag(side: &str, what: &str) -> String {
    if what.starts_with("the ") { format!("{side}: {what}") } else { format!("{side} {what}") }
}

/// The kind of the attack among `rolls`, from the hits it counted (and,
/// when both kinds would count the same, the decision's log `line`).
fn attack_kind(rolls: &[(Seat, String, Vec<Face>)], hits: Option<u8>, line: &str) -> Option<Attack> {
    let faces = &rolls.iter().find(|r| r.1 == "attack")?.2;
    let n = hits?;
    let (melee, ranged) = (dice::hits(faces, Attack::Melee) == n, dice::hits(faces, Attack::Ranged) == n);
    match (melee, ranged) {
        (true, false) => Some(Attack::Melee),
        (false, true) => Some(Attack::Ranged),
        _ if line.contains(" shoot") || line.contains("patrol") => Some(Attack::Ranged),
        _ => Some(Attack::Melee),
    }
}

/// Which of a roll's `faces` counted: an attack's hits of `kind`, a
/// defence's blocks; none for other rolls.
fn counted_dice(what: &str, faces: &[Face], kind: Option<Attack>) -> Vec<bool> {
    faces
        .iter()
        .map(|f| match (what, kind) {
            ("attack", Some(k)) => dice::hits(std::slice::from_ref(f), k) == 1,
            ("defence", _) => dice::blocks(std::slice::from_ref(f)) == 1,
            _ => false,
        })
        .collect()
}

/// What a roll's events did, in a few words (the log has the whole
/// sentence; a tray's column showed "1 wound to a Gutter Pack rat · a
/// Gutter Pack rat defeated" a word a line): hits, blocks, wounds, figures
/// defeated, a nest destroyed, who goes first.
fn outcome_words(events: &[Event]) -> String {
    let plural = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let defeated = events.iter().filter(|e| matches!(e, Event::Defeated(_))).count() as u8;
    let mut parts: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Hits(0) => Some("no hit".to_string()),
            Event::Hits(n) => Some(plural(*n, "hit", "hits")),
            Event::Blocks(_, n) if *n > 0 => Some(format!("{n} blocked")),
            Event::Wounds(Target::Figure(f), n) if *n > 0 && UNIT_DEFS[unit_of(*f)].bird.is_some() => {
                Some(format!("{} to {}", plural(*n, "wound", "wounds"), target_name(Target::Figure(*f))))
            }
            Event::Wounds(_, n) if *n > 0 => Some(plural(*n, "wound", "wounds")),
            Event::NestDestroyed(side) => Some(format!("the {} nest destroyed", side_name(*side).to_lowercase())),
            // With the totals (the tray said who went first, not why).
            Event::Initiative(m, r, first) => {
                Some(format!("Mice {m}, Rats {r}: {} go first", side_name(side_of_seat(*first))))
            }
            _ => None,
        })
        .collect();
    if defeated > 0 {
        parts.push(format!("{defeated} defeated"));
    }
    super::words::capitalise(&parts.join(" · "))
}

/// How long new dice tumble before they settle.
pub(super) const TUMBLE_SECONDS: f64 = 0.45;

/// A die as it lies: its number in the corner, its symbol drawn in the
/// middle (cheese a yellow wedge, a sword, a sword and shield, a bow) and
/// a star when it has one.
pub(super) fn die(ui: &mut Ui, forest: &Forest, f: Face) {
    die_as(ui, forest, f, None);
}

/// A die showing `f`, named `name` for screen readers if given (a tumbling
/// die), else by its face.
pub(super) fn die_as(ui: &mut Ui, forest: &Forest, f: Face, name: Option<&str>) {
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(30.0), Sense::hover());
    let words = paint_die(ui.painter(), forest, rect, f);
    let label = name
        .map_or_else(|| format!("die: {} {words}{}", f.number(), if f.star() { ", star" } else { "" }), str::to_string);
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, label.clone()));
}

/// A face that changes about twelve times a second, for the `k`th die of a
/// roll still tumbling at `now`.
pub(super) fn tumbling_face(now: f64, k: u64) -> Face {
    let tick = (now * 12.0) as u64;
    let x = (tick.wrapping_add(k * 7)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61;
    Face((x % 6) as u8 + 1)
}

/// Paints a die showing `f` in `rect` (drawn for 30 points, scaled to the
/// rect); returns its symbol's name.
fn paint_die(p: &Painter, forest: &Forest, rect: Rect, f: Face) -> &'static str {
    let k = rect.width() / 30.0;
    let ink = forest.die_ink;
    p.rect(rect, 4.0 * k, forest.die, Stroke::new(1.0, ink), StrokeKind::Inside);
    p.text(
        rect.left_top() + Vec2::new(3.0, 1.0) * k,
        Align2::LEFT_TOP,
        f.number().to_string(),
        FontId::proportional(10.0 * k),
        ink,
    );
    let c = rect.center() + Vec2::new(1.0, 2.0) * k;
    let sword = |p: &Painter, at: Pos2| {
        p.line_segment([at + Vec2::new(-6.0, 6.0) * k, at + Vec2::new(6.0, -6.0) * k], Stroke::new(2.0 * k, ink));
        p.line_segment([at + Vec2::new(-5.0, 1.0) * k, at + Vec2::new(-1.0, 5.0) * k], Stroke::new(2.0 * k, ink));
    };
    let words = match f.symbol() {
        Symbol::Cheese => {
            let pts = vec![c + Vec2::new(-7.0, 5.0) * k, c + Vec2::new(7.0, 5.0) * k, c + Vec2::new(5.0, -5.0) * k];
            p.add(egui::Shape::convex_polygon(pts, forest.cheese, Stroke::new(1.0, ink)));
            "cheese"
        }
        Symbol::Sword => {
            sword(p, c);
            "sword"
        }
        Symbol::SwordShield => {
            sword(p, c + Vec2::new(-3.0, 0.0) * k);
            p.circle(c + Vec2::new(5.0, 3.0) * k, 4.5 * k, forest.shield, Stroke::new(1.0, ink));
            "sword and shield"
        }
        Symbol::Bow => {
            let arc: Vec<Pos2> = (0..=8)
                .map(|i| {
                    let t = -1.2 + 2.4 * i as f32 / 8.0;
                    c + Vec2::new(-3.0 + 7.0 * t.cos(), 7.0 * t.sin()) * k
                })
                .collect();
            p.line_segment([arc[0], arc[8]], Stroke::new(1.0, ink));
            p.add(egui::Shape::line(arc, Stroke::new(2.0 * k, ink)));
            "bow"
        }
    };
    if f.star() {
        let s = rect.right_bottom() + Vec2::new(-6.0, -6.0) * k;
        let pts: Vec<Pos2> = (0..10)
            .map(|i| {
                let r = if i % 2 == 0 { 4.5 } else { 2.0 } * k;
                let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
                s + Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        p.add(egui::Shape::closed_line(pts, Stroke::new(1.5 * k, forest.star)));
    }
    words
}

impl SkirmishView {
    /// The last roll thrown onto the table's frame, in its bottom left
    /// corner: each side's dice on a felt tray under its name, tumbling a
    /// moment when new (a roll only in the side panel's list went unseen:
    /// "the attack felt like nothing happened").
    pub(super) fn dice_tray(
        &mut self,
        ui: &Ui,
        forest: &Forest,
        (outer, inner, animate): (Rect, Rect, bool),
        (state, figures, board): (&TailFeathers, &[(Fig, Pos2, f32)], super::Board),
        now: f64,
    ) {
        let painter = &ui.painter_at(outer);
        let log = self.table.session().log();
        let cursor = log.len();
        let last_line = log.last().map(|e| e.text.clone()).unwrap_or_default();
        if let Some(mut kept) = KeptRoll::of(cursor, last_line, (state.events(), state.round())) {
            kept.unit = state.active_unit();
            if self.kept_roll.as_ref().is_none_or(|k| (k.at, &k.line) != (kept.at, &kept.line)) {
                self.kept_roll = Some(KeptRoll::after(self.kept_roll.as_ref(), kept));
            }
        } else if let Some(k) = &self.kept_roll {
            // Kept while the game goes on past it, until another unit's
            // activation begins or the round ends, once it has been seen a
            // moment (the roll that ended a round went unseen); gone once
            // undone (or another game took its place). ("Rats go first"
            // stayed the whole round.)
            let seen = k.first_drawn.is_some_and(|t| now - t >= TUMBLE_SECONDS + TRAY_HOLD_SECONDS);
            let current = k.round == state.round() && state.active_unit().is_none_or(|u| k.unit == Some(u));
            let still =
                cursor >= k.at && log.get(k.at.wrapping_sub(1)).is_some_and(|e| e.text == k.line) && (current || !seen);
            if !still {
                self.kept_roll = None;
            }
        }
        let roll_seen = self.roll_seen;
        let Some(kept) = self.kept_roll.as_mut() else { return };
        let first_drawn = *kept.first_drawn.get_or_insert(now);
        let rolls: Vec<(Seat, &str, &[Face])> =
            kept.rolls.iter().map(|(s, w, f)| (*s, w.as_str(), f.as_slice())).collect();
        let since = match roll_seen {
            Some((c, t)) if c == kept.at && c == cursor => now - t,
            _ => f64::INFINITY,
        };
        let tumbling = animate && since < TUMBLE_SECONDS;
        // What it did, under the dice once they settle.
        // (Laid out from the first frame as it will be once they settle, so
        // the tray keeps its size and its corner.)
        let words = (!kept.outcome.is_empty()).then_some(kept.outcome.as_str());
        let tags: Vec<String> =
            rolls.iter().map(|(seat, what, _)| roll_tag(side_name(side_of_seat(*seat)), what)).collect();
        let counts: Vec<usize> = rolls.iter().map(|r| r.2.len()).collect();
        let trees = tree_rects(board);
        let cover = Cover { figures, trees: &trees, keep: kept.corner };
        let lay = TrayLayout::new(painter, forest, (outer, inner), (&tags, &counts), words, &cover);
        kept.corner = Some(lay.corner);
        let rect = lay.rect;
        // Named for screen readers: the dice as they lie.
        let said = rolls
            .iter()
            .map(|(seat, what, faces)| {
                let faces: Vec<String> = faces.iter().map(|f| f.number().to_string()).collect();
                format!("{} {what}: {}", side_name(side_of_seat(*seat)), faces.join(" "))
            })
            .collect::<Vec<_>>()
            .join("; ");
        let outcome = if kept.outcome.is_empty() { String::new() } else { format!(". {}", kept.outcome) };
        let said = format!("dice on the table: {said}{outcome}");
        if rect.intersects(inner) {
            // Over the battlefield: open a moment, then folded into a slip
            // on the frame's foot, opened again while pointed at.
            let fold_at = first_drawn + TUMBLE_SECONDS + TRAY_HOLD_SECONDS;
            if now < fold_at {
                ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(fold_at - now));
            } else if !folded_slip(ui, painter, forest, (outer, inner), (&tags, kept), &said) {
                return;
            }
        }
        painter.add(
            egui::epaint::RectShape::filled(rect.translate(Vec2::new(2.0, 3.0)), 6.0, forest.shadow)
                .with_blur_width(6.0),
        );
        painter.rect(rect, 6.0, forest.canopy, Stroke::new(1.5, forest.bark), StrokeKind::Inside);
        ui.interact(rect, ui.scope_id().with("tf-dice-tray"), Sense::hover())
            .widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.clone()));
        let mut k = 0u64;
        let mut top = rect.top() + 6.0;
        for (((seat, _, faces), tag_text), counted) in rolls.iter().zip(&tags).zip(&kept.counted) {
            let side = side_of_seat(*seat);
            // The side's name on a tag of its colour, in whichever of the
            // die's ink and face reads on it (gold on the pale floor did
            // not).
            let tag = side_colour(forest, side);
            let ink = if crate::ui::theme::contrast(forest.die_ink, tag) >= crate::ui::theme::contrast(forest.die, tag)
            {
                forest.die_ink
            } else {
                forest.die
            };
            super::paint::plated_text(painter, Pos2::new(rect.left() + 6.0, top), Align2::LEFT_TOP, tag_text, ink, tag);
            for (j, &f) in faces.iter().enumerate() {
                k += 1;
                // A tumbling die hops a little and shows face after face.
                let hop = if tumbling { ((now * 20.0 + k as f64).sin() * 3.0) as f32 } else { 0.0 };
                let (col, row) = ((j % lay.cols) as f32, (j / lay.cols) as f32);
                let at = Pos2::new(rect.left() + 6.0 + col * (lay.die + 5.0), top + 18.0 + row * (lay.die + 5.0) + hop);
                let face = if tumbling { tumbling_face(now, k) } else { f };
                let rect = Rect::from_min_size(at, Vec2::splat(lay.die));
                paint_die(painter, forest, rect, face);
                // A die that counted (a hit, a block) ringed once settled.
                if !tumbling && counted.get(j).copied().unwrap_or(false) {
                    painter.rect_stroke(rect.expand(2.0), 5.0, Stroke::new(2.5, forest.cheese), StrokeKind::Outside);
                }
            }
            top += lay.roll_height(faces.len());
        }
        let result = lay.words.filter(|_| !tumbling);
        if let Some(g) = result {
            let slip = g.size() + Vec2::new(12.0, 6.0);
            let at = if lay.at_foot {
                Pos2::new(inner.center().x, f32::midpoint(inner.bottom(), outer.bottom())) - slip / 2.0
            } else {
                Pos2::new(rect.left() + 7.0, rect.bottom() - g.size().y - 10.0)
            };
            paint_outcome(painter, forest, (at, g), &kept.wounds, figures);
        }
    }
}

/// The roll `kept` folded into a slip in the frame's margin under the
/// battlefield `inner` (its sides' `tags` and what it did), named `said`
/// for screen readers: true while the pointer is on it (the tray is then
/// shown open).
fn folded_slip(
    ui: &Ui,
    painter: &Painter,
    forest: &Forest,
    (outer, inner): (Rect, Rect),
    (tags, kept): (&[String], &KeptRoll),
    said: &str,
) -> bool {
    let text = slip_words(tags, kept);
    let galley = painter.layout_no_wrap(text, FontId::proportional(12.0), forest.die_ink);
    let foot = f32::midpoint(inner.bottom(), outer.bottom());
    let slip = Rect::from_center_size(Pos2::new(inner.center().x, foot), galley.size() + Vec2::new(14.0, 6.0));
    let resp = ui.interact(slip, ui.scope_id().with("tf-dice-slip"), Sense::hover());
    resp.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, said.to_string()));
    if resp.hovered() {
        return true;
    }
    painter.rect(slip, 4.0, forest.die, Stroke::new(1.0, forest.die_ink), StrokeKind::Inside);
    painter.galley(slip.min + Vec2::new(7.0, 3.0), galley, forest.die_ink);
    false
}

/// The words on the folded tray's slip: what was rolled, and what it did
/// (a roll whose result has no words of its own, such as a leaf's spin,
/// says the numbers thrown: it said "dice", and no dice were in sight).
fn slip_words(tags: &[String], kept: &KeptRoll) -> String {
    let what = if kept.outcome.is_empty() {
        let numbers: Vec<String> = kept.rolls.iter().flat_map(|r| r.2.iter().map(|f| f.number().to_string())).collect();
        format!("rolled {}", numbers.join(", "))
    } else {
        kept.outcome.clone()
    };
    // The same tag once, however many rolls bore it: three leaves spun
    // read "Rats: the leaf's spins · Rats: the leaf's spins · Mice: …".
    let mut once: Vec<&str> = Vec::new();
    for t in tags {
        if !once.contains(&t.as_str()) {
            once.push(t);
        }
    }
    // Both sides' rolls of one kind are the kind once: "Initiative", not
    // "Mice initiative · Rats initiative".
    let kinds: Vec<Option<&str>> = once
        .iter()
        .map(|t| t.strip_prefix("Mice ").or_else(|| t.strip_prefix("Rats ")).filter(|k| !k.contains(':')))
        .collect();
    if once.len() > 1
        && let Some(Some(kind)) = kinds.first()
        && kinds.iter().all(|k| k == &Some(*kind))
    {
        return format!("{}: {what}", super::words::capitalise(kind));
    }
    format!("{}: {what}", once.join(" · "))
}

/// Where the dice tray lies and how its dice are laid out.
struct TrayLayout {
    rect: Rect,
    /// A die's side, and how many dice to a row.
    die: f32,
    cols: usize,
    /// What the roll did, laid out to the tray's width.
    words: Option<std::sync::Arc<egui::Galley>>,
    /// Which of the corners it lies in.
    corner: usize,
    /// The words lie on a slip along the frame's foot, not in the tray.
    at_foot: bool,
}

impl TrayLayout {
    /// The tray for the rolls named `tags` (with their dice) and the
    /// outcome `words`: a column in the frame's margin beside the
    /// battlefield `inner` when the tags fit there, so the tray covers no
    /// part of the battlefield; else a row of dice in a corner of the
    /// frame `outer` reaching over it where it covers the fewest
    /// `figures`.
    fn new(
        painter: &Painter,
        forest: &Forest,
        (outer, inner): (Rect, Rect),
        (tags, counts): (&[String], &[usize]),
        words: Option<&str>,
        cover: &Cover<'_>,
    ) -> Self {
        let font = FontId::proportional(14.0);
        let tag_width = tags
            .iter()
            .map(|t| painter.layout_no_wrap(t.clone(), FontId::proportional(12.0), forest.die_ink).size().x + 10.0)
            .fold(0.0_f32, f32::max);
        // The tray's width standing in the margin, 2 points clear of each side.
        let margin = (inner.left() - outer.left()).min(outer.right() - inner.right()) - 4.0;
        let (width, die, cols, column) = if margin >= (tag_width + 2.0).max(76.0) {
            (margin, ((margin - 17.0) / 2.0).min(32.0), 2, true)
        } else {
            // Over the battlefield in a small window, smaller dice (at
            // 800x600 the tray covered two fifths of the battlefield).
            let die = (32.0 * outer.width().min(outer.height()) / 700.0).clamp(22.0, 32.0);
            let widest = counts.iter().copied().max().unwrap_or(1);
            let row = widest as f32 * (die + 5.0) + 14.0;
            let word_w = words
                .map_or(0.0, |w| painter.layout_no_wrap(w.to_string(), font.clone(), forest.die_ink).size().x + 24.0);
            // (The words wrap rather than widen a small window's tray.)
            let word_w = if die < 32.0 { word_w.min(row.max(230.0)) } else { word_w };
            (row.max(120.0).max(word_w), die, widest.max(1), false)
        };
        // A column's words go on a slip along the frame's foot, on a line
        // of their own: in the column they wrapped a word to a line.
        let wrap = if column { outer.width() - 40.0 } else { width - 26.0 };
        let words = words.map(|w| {
            let mut job = egui::text::LayoutJob::simple(w.to_string(), font.clone(), forest.die_ink, wrap);
            job.halign = egui::Align::LEFT;
            painter.layout_job(job)
        });
        let mut lay = Self { rect: Rect::NOTHING, die, cols, words, corner: 0, at_foot: column };
        let dice_h: f32 = counts.iter().map(|&n| lay.roll_height(n)).sum();
        let words_h = if column { 0.0 } else { lay.words.as_ref().map_or(0.0, |g| g.size().y + 12.0) };
        let size = Vec2::new(width, dice_h + 8.0 + words_h);
        (lay.corner, lay.rect) =
            if column { side_corner(outer, inner, size, cover) } else { tray_corner(outer, size, cover) };
        lay
    }

    /// The height one roll of `n` dice takes: its tag and its rows.
    fn roll_height(&self, n: usize) -> f32 {
        18.0 + n.div_ceil(self.cols).max(1) as f32 * (self.die + 5.0) + 4.0
    }
}

/// What a settled roll did, on a slip whose top-left corner is `at` (at
/// the foot of the tray, or of the frame), and each wound marked by the
/// figure that took it (among `figures`).
fn paint_outcome(
    painter: &Painter,
    forest: &Forest,
    (at, words): (Pos2, std::sync::Arc<egui::Galley>),
    wounds: &[(Target, u8)],
    figures: &[(Fig, Pos2, f32)],
) {
    let slip = Rect::from_min_size(at, words.size() + Vec2::new(12.0, 6.0));
    painter.rect(slip, 4.0, forest.die, Stroke::new(1.0, forest.die_ink), StrokeKind::Inside);
    painter.galley(slip.min + Vec2::new(6.0, 3.0), words, forest.die_ink);
    for &(t, n) in wounds {
        let Target::Figure(f) = t else { continue };
        let Some(&(_, p, r)) = figures.iter().find(|x| x.0 == f) else { continue };
        let badge = p + Vec2::new(r * 0.8, -r * 0.8);
        painter.circle(badge, 10.0, forest.chip_alarm, Stroke::new(1.5, forest.die));
        painter.text(badge, Align2::CENTER_CENTER, format!("-{n}"), FontId::proportional(12.0), forest.die);
    }
}

/// What a tray should not cover: the `figures` (with their radii), the
/// trees' spaces, and the spot it was laid in before (`keep`: it stays).
pub(super) struct Cover<'a> {
    figures: &'a [(Fig, Pos2, f32)],
    trees: &'a [Rect],
    keep: Option<usize>,
}

/// The trees' spaces on the screen, a rectangle round each tree's.
fn tree_rects(board: super::Board) -> Vec<Rect> {
    let field = crate::rules::tail_feathers::game::field();
    field
        .trees
        .iter()
        .map(|t| {
            let points = t.spaces.iter().flat_map(|&i| field.spaces[i].outline.0.iter().map(|&v| board.to_screen(v)));
            Rect::from_points(&points.collect::<Vec<_>>())
        })
        .collect()
}

/// Where the dice tray of size `tray` lies: in a corner of the table's
/// frame `outer`, or midway along one of its sides; in a small window,
/// where it reaches over the battlefield, where it covers the fewest
/// figures (it hid the mice by their nest), then the least of the trees
/// (at 800x600 it lay over a tree's spaces for its seconds open).
fn tray_corner(outer: Rect, tray: Vec2, cover: &Cover<'_>) -> (usize, Rect) {
    let mid = outer.center() - tray / 2.0;
    let corners = [
        outer.left_bottom() + Vec2::new(8.0, -8.0 - tray.y),
        outer.right_bottom() - Vec2::new(8.0 + tray.x, 8.0 + tray.y),
        outer.right_top() + Vec2::new(-8.0 - tray.x, 22.0),
        outer.left_top() + Vec2::new(8.0, 22.0),
        Pos2::new(mid.x, outer.top() + 22.0),
        Pos2::new(mid.x, outer.bottom() - 8.0 - tray.y),
        Pos2::new(outer.left() + 8.0, mid.y),
        Pos2::new(outer.right() - 8.0 - tray.x, mid.y),
    ];
    fewest_covered(&corners, tray, cover)
}

/// Where a tray of size `tray` standing as a column lies: in the frame's
/// margin left or right of the battlefield `inner`, at its foot or its
/// head, where it covers the fewest figures (a nest's figures stand out
/// over the margin).
fn side_corner(outer: Rect, inner: Rect, tray: Vec2, cover: &Cover<'_>) -> (usize, Rect) {
    let left = outer.left() + ((inner.left() - outer.left()) - tray.x) / 2.0;
    let right = inner.right() + ((outer.right() - inner.right()) - tray.x) / 2.0;
    let (top, foot) = (outer.top() + 22.0, outer.bottom() - 8.0 - tray.y);
    let corners = [Pos2::new(left, foot), Pos2::new(right, foot), Pos2::new(right, top), Pos2::new(left, top)];
    fewest_covered(&corners, tray, cover)
}

/// Of the `corners` (top-left corners of a tray of size `tray`), the one
/// kept, or else the first where it covers the fewest figures and then
/// the least of the trees; and its index.
fn fewest_covered(corners: &[Pos2], tray: Vec2, cover: &Cover<'_>) -> (usize, Rect) {
    let covered = |at: Pos2| {
        let r = Rect::from_min_size(at, tray);
        let figures = cover.figures.iter().filter(|x| r.expand(x.2).contains(x.1)).count();
        let trees: f32 = cover.trees.iter().map(|t| t.intersect(r)).filter(Rect::is_positive).map(|i| i.area()).sum();
        (figures, trees as u32)
    };
    let best = (0..corners.len()).min_by_key(|&i| covered(corners[i])).unwrap_or(0);
    let i = cover.keep.filter(|&k| k < corners.len()).unwrap_or(best);
    (i, Rect::from_min_size(corners[i], tray))
}

#[cfg(test)]
mod tests {
    use super::{Cover, KeptRoll, TrayLayout, slip_words, tray_corner};
    use crate::rules::Seat;
    use crate::rules::tail_feathers::dice::Face;
    use crate::rules::tail_feathers::game::{Event, Target};

    #[test]
    fn a_folded_roll_with_no_words_of_its_own_says_the_numbers_thrown() {
        let events = [Event::Rolled { seat: Seat(1), what: "the leaf's spin".into(), faces: vec![Face(3), Face(5)] }];
        let kept = KeptRoll::of(4, "Rats: the leaf spins".to_string(), (&events, 2)).expect("a roll");
        let words = slip_words(&["Rats: the leaf's spins".to_string()], &kept);
        let (a, b) = (Face(3).number(), Face(5).number());
        assert_eq!(words, format!("Rats: the leaf's spins: rolled {a}, {b}"));
        // A tag borne by several rolls is said once.
        let tags = ["Rats: the leaf's spins", "Rats: the leaf's spins", "Mice: the leaf's spins"].map(String::from);
        let words = slip_words(&tags, &kept);
        assert_eq!(words, format!("Rats: the leaf's spins · Mice: the leaf's spins: rolled {a}, {b}"));
        // Both sides' initiative rolls: the kind once (it read "Mice
        // initiative · Rats initiative: …").
        let tags = ["Mice initiative", "Rats initiative"].map(String::from);
        assert_eq!(slip_words(&tags, &kept), format!("Initiative: rolled {a}, {b}"));
        let tags = ["Mice attack", "Rats defence"].map(String::from);
        assert_eq!(slip_words(&tags, &kept), format!("Mice attack · Rats defence: rolled {a}, {b}"));
    }
    use egui::{Pos2, Rect, Vec2};

    #[test]
    fn a_tray_that_fits_the_frame_s_margin_stands_in_it_off_the_battlefield() {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let painter = ui.painter().clone();
            let forest = crate::ui::theme::LIGHT.forest;
            let tags = ["Mice attack".to_string(), "Rats defence".to_string()];
            let words = Some("1 hit · 1 hit blocked · 1 wound to the Magpie");
            // The default window: a frame 88 points wide beside the battlefield.
            let outer = Rect::from_min_size(Pos2::new(16.0, 46.0), Vec2::new(820.0, 750.0));
            let inner = Rect::from_center_size(outer.center(), Vec2::splat(644.0));
            let lay = TrayLayout::new(
                &painter,
                &forest,
                (outer, inner),
                (&tags, &[3, 2]),
                words,
                &Cover { figures: &[], trees: &[], keep: None },
            );
            assert!(!lay.rect.intersects(inner), "{:?} reaches over the battlefield {inner:?}", lay.rect);
            assert!(outer.contains_rect(lay.rect), "{:?} leaves the table {outer:?}", lay.rect);
            assert!(lay.die >= 26.0, "dice {} points", lay.die);
            // Its words on one line along the frame's foot: in the column
            // they wrapped a word to a line.
            assert!(lay.at_foot);
            let galley = lay.words.as_ref().expect("the words");
            assert_eq!(galley.rows.len(), 1, "one line, not {}", galley.rows.len());
            // A narrow frame (a small window): a row over a corner, whole dice.
            let inner = Rect::from_center_size(outer.center(), Vec2::splat(780.0));
            let lay = TrayLayout::new(
                &painter,
                &forest,
                (outer, inner),
                (&tags, &[3, 2]),
                words,
                &Cover { figures: &[], trees: &[], keep: None },
            );
            assert!(lay.rect.intersects(inner) && lay.die >= 32.0, "{:?}", lay.rect);
            // At 800x600 the frame is about 524 points square: smaller dice,
            // a tray that covers less of the battlefield, dice still whole.
            let outer = Rect::from_min_size(Pos2::new(16.0, 46.0), Vec2::new(524.0, 530.0));
            let inner = Rect::from_center_size(outer.center(), Vec2::splat(450.0));
            let lay = TrayLayout::new(
                &painter,
                &forest,
                (outer, inner),
                (&tags, &[5, 5]),
                None,
                &Cover { figures: &[], trees: &[], keep: None },
            );
            assert!((22.0..30.0).contains(&lay.die), "dice {} points", lay.die);
            assert!(lay.rect.width() < 5.0 * 37.0 + 14.0, "{:?}", lay.rect);
            // A long outcome wraps rather than widen it.
            let long = Some("1 wound to the Chaffinch · 1 wound to the Carrion Crow · the Crow's pilot is rattled");
            let lay = TrayLayout::new(
                &painter,
                &forest,
                (outer, inner),
                (&tags, &[5, 5]),
                long,
                &Cover { figures: &[], trees: &[], keep: None },
            );
            assert!(lay.rect.width() <= 240.0, "{:?}", lay.rect);
        });
        out.textures_delta.clear();
    }

    /// A face showing `symbol`.
    fn face(symbol: crate::rules::tail_feathers::dice::Symbol) -> Face {
        (1..=6).map(Face).find(|f| f.symbol() == symbol).expect("a face with the symbol")
    }

    #[test]
    fn the_dice_that_hit_are_marked_and_a_miss_says_what_would_have_hit() {
        use crate::rules::tail_feathers::dice::Symbol;
        let (sword, bow) = (face(Symbol::Sword), face(Symbol::Bow));
        let roll = |faces: Vec<Face>| Event::Rolled { seat: Seat(0), what: "attack".into(), faces };
        // Shot at with two swords: no hit, and the tray says bows hit.
        let shot = [roll(vec![sword, sword]), Event::Hits(0)];
        let kept = KeptRoll::of(3, "Mice: the Jay shoots at the Magpie".into(), (&shot, 1)).expect("a roll");
        assert_eq!(kept.counted, [vec![false, false]]);
        assert!(kept.outcome.contains("bows hit"), "{}", kept.outcome);
        // In melee a sword hits and a bow does not.
        let struck = [roll(vec![sword, bow]), Event::Hits(1)];
        let kept = KeptRoll::of(3, "Mice: the Jay attacks the Magpie in melee".into(), (&struck, 1)).expect("a roll");
        assert_eq!(kept.counted, [vec![true, false]]);
        assert_eq!(kept.outcome, "1 hit");
    }

    #[test]
    fn a_tray_s_words_are_few() {
        let events = [Event::Hits(2), Event::Wounds(Target::Figure(5), 1), Event::Defeated(5), Event::Defeated(6)];
        assert_eq!(super::outcome_words(&events), "2 hits · 1 wound · 2 defeated");
        // Who goes first, and why: the two totals.
        let first = [Event::Initiative(2, 4, Seat(1))];
        assert_eq!(super::outcome_words(&first), "Mice 2, Rats 4: Rats go first");
    }

    #[test]
    fn a_roll_s_tag_reads_as_words() {
        assert_eq!(super::roll_tag("Mice", "attack"), "Mice attack");
        assert_eq!(super::roll_tag("Rats", "the leaf's spins"), "Rats: the leaf's spins");
    }

    #[test]
    fn the_dice_tray_leaves_a_corner_with_figures_for_one_without() {
        let outer = Rect::from_min_size(Pos2::ZERO, Vec2::new(500.0, 500.0));
        let tray = Vec2::new(150.0, 100.0);
        let (_, free) = tray_corner(outer, tray, &Cover { figures: &[], trees: &[], keep: None });
        assert!(free.left() < 20.0 && free.bottom() > 480.0, "by default the bottom left corner: {free:?}");
        // Mice by their nest in the bottom left corner: the tray goes elsewhere.
        let mice = [(0, Pos2::new(40.0, 450.0), 10.0), (1, Pos2::new(90.0, 430.0), 10.0)];
        let (_, moved) = tray_corner(outer, tray, &Cover { figures: &mice, trees: &[], keep: None });
        assert!(mice.iter().all(|m| !moved.expand(m.2).contains(m.1)), "no mouse under the tray: {moved:?}");
    }

    #[test]
    fn a_tray_over_the_battlefield_lies_clear_of_the_trees_where_it_can() {
        // A tree in each corner, as on the battlefield.
        let outer = Rect::from_min_size(Pos2::ZERO, Vec2::new(500.0, 500.0));
        let trees: Vec<Rect> = [(40.0, 40.0), (360.0, 40.0), (40.0, 360.0), (360.0, 360.0)]
            .iter()
            .map(|&(x, y)| Rect::from_min_size(Pos2::new(x, y), Vec2::splat(100.0)))
            .collect();
        let tray = Vec2::new(120.0, 100.0);
        let (_, at) = tray_corner(outer, tray, &Cover { figures: &[], trees: &trees, keep: None });
        assert!(trees.iter().all(|t| !t.intersects(at)), "the tray {at:?} covers a tree");
        assert!(outer.contains_rect(at), "{at:?} leaves the table");
    }
}
