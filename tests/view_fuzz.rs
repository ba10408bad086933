//! What a peer sends can never crash the other side: mutated views of
//! every game (as a host sends them, as a friend's copy holds them) are
//! refused with a message or drawn and advised on without a panic, and
//! mutated proposals are refused or applied without one. Panics are
//! counted anywhere on the fuzzing thread, also inside the containment.
//! (`examples/view_fuzz.rs` runs the same harness at a large count.)

use aviary::rules::Game;
use aviary::rules::daedalus::Daedalus;
use aviary::rules::dust_wings::DustInTheWings;
use aviary::rules::enchanted_plumes::EnchantedPlumes;
use aviary::rules::feathers_wax::FeathersAndWax;
use aviary::rules::tail_feathers::TailFeathers;
use aviary::view_fuzz;

fn cases() -> usize {
    std::env::var("AVIARY_VIEW_FUZZ").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

fn fuzz(id: &str) {
    let r = view_fuzz::run_one(id, cases(), 2026).expect("a game of Aviary");
    eprintln!("{r:?}");
    let shown: Vec<String> =
        r.panics.iter().take(3).map(|(what, p)| format!("{p}\n  while: {}", &what[..what.len().min(600)])).collect();
    assert_eq!(r.panic_count, 0, "{} panics in {id}:\n{}", r.panic_count, shown.join("\n---\n"));
    assert!(r.broken.is_empty(), "legal moves led to positions the check refuses: {:?}", r.broken);
    assert_eq!(r.views, r.unreadable + r.refused + r.accepted);
    // The harness really does both: the check refuses plenty, accepts some,
    // and proposals are both refused and applied.
    assert!(r.refused > r.views / 50, "{r:?}");
    assert!(r.accepted > r.views / 50, "{r:?}");
    assert!(r.proposals_refused > 0 && r.proposals_applied > 0, "{r:?}");
}

#[test]
fn fuzzed_daedalus_views_and_moves_never_panic() {
    fuzz(Daedalus::INFO.id);
}

#[test]
fn fuzzed_feathers_and_wax_views_and_moves_never_panic() {
    fuzz(FeathersAndWax::INFO.id);
}

#[test]
fn fuzzed_enchanted_plumes_views_and_moves_never_panic() {
    fuzz(EnchantedPlumes::INFO.id);
}

#[test]
fn fuzzed_dust_in_the_wings_views_and_moves_never_panic() {
    fuzz(DustInTheWings::INFO.id);
}

#[test]
fn fuzzed_tail_feathers_views_and_moves_never_panic() {
    fuzz(TailFeathers::INFO.id);
}
