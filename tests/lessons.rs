//! Every lesson of every course plays its solution through the real rules
//! and succeeds within par; a move the lesson does not offer is refused
//! with its hint (after the rules' own reason when the rules refuse it). A
//! rules change that breaks a lesson fails here.

use aviary::lessons::{Lesson, daedalus, dust_wings, enchanted_plumes, feathers_wax, tail_feathers};
use aviary::rules::Game;

fn check_course<G: Game>(course: &[Lesson<G>]) {
    let mut ids: Vec<&str> = course.iter().map(|l| l.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), course.len(), "lesson ids are unique");
    // Legal moves some lesson does not offer, refused with its hint.
    let mut not_offered = 0;
    for lesson in course {
        let (end, moves) = lesson.play_solution().unwrap_or_else(|e| panic!("{e}"));
        assert!((lesson.done)(&end), "{}: the solution succeeds", lesson.id);
        assert!(moves <= lesson.par, "{}: the solution takes {moves} moves, par {}", lesson.id, lesson.par);
        assert!(moves > 0, "{}: the learner plays", lesson.id);
        let mut session = lesson.session().unwrap_or_else(|e| panic!("{e}"));
        let g = session.state();
        assert!(!(lesson.done)(g), "{}: not done before it starts", lesson.id);
        assert!(!lesson.goal.is_empty() && !lesson.hint.is_empty());
        // At every position of the solution: a move the rules refuse gets
        // their reason and the hint; a legal move the lesson does not
        // offer gets the hint alone.
        for step in 0.. {
            let g = session.state();
            if (lesson.done)(g) {
                break;
            }
            for a in g.legal_actions().iter().filter(|a| !(lesson.offered)(g, a)) {
                let r = lesson.check(g, a).expect_err("a move the lesson does not offer is refused");
                assert!(r.rule.is_none() && r.to_string().contains(lesson.hint), "{}: {r}", lesson.id);
                not_offered += 1;
            }
            let illegal = g.pseudo_legal().into_iter().find(|a| g.check(a).is_err());
            let a = illegal.unwrap_or_else(|| panic!("{}: no move the rules refuse at step {step}", lesson.id));
            let r = lesson.check(g, &a).expect_err("an illegal move is refused");
            let text = r.to_string();
            assert!(r.rule.is_some() && text.contains(lesson.hint), "{}: {text}", lesson.id);
            let a = (lesson.solution)(g).unwrap_or_else(|| panic!("{}: the solution has no move", lesson.id));
            session.propose(a).unwrap_or_else(|v| panic!("{}: {v}", lesson.id));
            lesson.play_replies(&mut session).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(not_offered > 0, "some lesson of the course refuses a legal move it does not offer");
}

#[test]
fn the_daedalus_course_plays_through_the_rules() {
    check_course(&daedalus::COURSE);
}

/// Each lesson names a section of its game's rules page (the page links it,
/// and the lesson links back).
#[test]
fn every_lesson_teaches_a_section_of_its_rules_page() {
    for entry in &aviary::games::GAMES {
        let (Some(learn), Some(page)) = (&entry.learn, entry.rules()) else { continue };
        for l in (learn.list)() {
            assert!(page.sections.iter().any(|(h, _)| *h == l.section), "{}: no section {:?}", l.id, l.section);
        }
    }
}

#[test]
fn the_feathers_and_wax_course_plays_through_the_rules() {
    check_course(&feathers_wax::COURSE);
}

#[test]
fn the_enchanted_plumes_course_plays_through_the_rules() {
    check_course(&enchanted_plumes::COURSE);
}

#[test]
fn the_dust_in_the_wings_course_plays_through_the_rules() {
    check_course(&dust_wings::COURSE);
}

#[test]
fn the_tail_feathers_course_plays_through_the_rules() {
    check_course(&tail_feathers::COURSE);
}
