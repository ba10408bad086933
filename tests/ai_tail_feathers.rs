//! The Tail Feathers computer player of part 1 (the greedy level): it
//! plays whole games legally, from its own observation, and with purpose
//! (it beats a player choosing at random).
#![allow(clippy::unwrap_used)]

use std::sync::atomic::AtomicBool;

use aviary::ai::{Bot, GreedyBot, RandomBot};
use aviary::rules::tail_feathers::TailFeathers;
use aviary::rules::tail_feathers::game::Options;
use aviary::rules::{Game, Seat, Setup, ToMove};

/// Plays one game, `greedy` seat against random; returns the winners (none
/// for a draw) and checks the invariants at every step.
fn play(seed: u64, greedy: Seat) -> Vec<Seat> {
    play_with(Options::default(), seed, greedy)
}

/// As [`play`], with the rules `options`.
fn play_with(options: Options, seed: u64, greedy: Seat) -> Vec<Seat> {
    let mut g = TailFeathers::new(&Setup { seats: 2, options }, seed);
    let mut smart = GreedyBot::new(seed);
    let mut random = RandomBot::new(seed + 1);
    let stop = AtomicBool::new(false);
    for _ in 0..20_000 {
        g.invariants().unwrap();
        let a = match g.to_move() {
            ToMove::Nobody => break,
            ToMove::Chance => g.legal_actions()[0].clone(),
            ToMove::Seat(s) if s == greedy => {
                Bot::<TailFeathers>::choose(&mut smart, &g.observation(s), s, &stop).unwrap()
            }
            ToMove::Seat(s) => Bot::<TailFeathers>::choose(&mut random, &g.observation(s), s, &stop).unwrap(),
        };
        g.apply(&a).unwrap_or_else(|e| panic!("seed {seed}: the bot chose an illegal {a:?}: {e}"));
    }
    g.outcome().expect("the game ends by the rules").winners
}

#[test]
fn the_greedy_player_finishes_games_legally_and_beats_random_play() {
    let (mut wins, mut losses) = (0, 0);
    let games = 6;
    for seed in 0..games {
        let greedy = Seat((seed % 2) as u8);
        let winners = play(seed, greedy);
        if winners.contains(&greedy) {
            wins += 1;
        } else if !winners.is_empty() {
            losses += 1;
        }
    }
    assert_eq!(losses, 0, "greedy lost {losses} of {games} to random play");
    assert!(wins >= 4, "greedy won only {wins} of {games} against random play (the rest drawn)");
}

/// Every level the new-game dialog offers picks a legal action from its
/// own observation: at deployment, in the tilt phase, and at a flight.
#[test]
fn every_level_chooses_a_legal_action_at_each_kind_of_decision() {
    use aviary::ai::Level;
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::game::Phase;
    use std::time::Duration;
    let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 4);
    let mut rng = aviary::rules::Rng::seeded(4);
    let mut points: Vec<TailFeathers> = Vec::new();
    let wanted: [&dyn Fn(&TailFeathers) -> bool; 3] =
        [&|s| s.phase() == Phase::Deploy, &|s| s.phase() == Phase::Tilt, &|s| {
            s.legal_actions().iter().any(|a| matches!(a, Action::Fly(_)))
        }];
    for _ in 0..3000 {
        if points.len() < wanted.len() && matches!(g.to_move(), ToMove::Seat(_)) && wanted[points.len()](&g) {
            points.push(g.clone());
        }
        let legal = g.legal_actions();
        if legal.is_empty() || points.len() == wanted.len() {
            break;
        }
        let a = legal[rng.below(legal.len())].clone();
        g.apply(&a).unwrap();
    }
    assert_eq!(points.len(), 3, "the game reached every kind of decision");
    let stop = AtomicBool::new(false);
    for s in &points {
        let seat = s.to_move().seat().unwrap();
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let mut bot: Box<dyn Bot<TailFeathers>> = level.bot_within(7, Duration::from_millis(100));
            let plan = bot.plan(&s.observation(seat), seat, &stop).expect("a plan");
            s.check(&plan[0]).unwrap_or_else(|e| panic!("{level:?} chose {:?}: {e}", plan[0]));
        }
    }
}

/// The normal level's search decides from its seat's observation only: two
/// states that differ only in the other side's secret bid and mission give
/// the same plan for a fixed seed, both when the mice bid after the rats
/// and when the mice pick their mission card after the rats picked theirs
/// (each decided as a matrix game priced by rollouts).
#[test]
fn the_search_decides_the_same_whatever_the_other_side_s_secret() {
    use aviary::ai::Budget;
    use aviary::ai::tail_feathers::ActivationSearch;
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::components::Alliance;
    use aviary::rules::tail_feathers::game::Secret;
    let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 8);
    let mut rng = aviary::rules::Rng::seeded(8);
    // Play until the mice are to bid after the rats, with a rats mission
    // out, and until the mice are to pick a mission after the rats.
    let bidding = |g: &TailFeathers| {
        g.legal_actions().iter().any(|a| matches!(a, Action::Bid(_)))
            && matches!(g.bid(Seat(1)), Secret::Chosen(_))
            && g.mission(Alliance::Rats).is_some()
    };
    let picking = |g: &TailFeathers| {
        g.legal_actions().iter().any(|a| matches!(a, Action::Mission(Some(_))))
            && matches!(g.mission_pick(Seat(1)), Secret::Chosen(Some(_)))
    };
    let (mut bid_point, mut pick_point) = (None, None);
    for _ in 0..8000 {
        if g.to_move() == ToMove::Seat(Seat(0)) {
            if bid_point.is_none() && bidding(&g) {
                bid_point = Some(g.clone());
            }
            if pick_point.is_none() && picking(&g) {
                pick_point = Some(g.clone());
            }
        }
        if bid_point.is_some() && pick_point.is_some() {
            break;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, rng.next_u64());
            continue;
        }
        let rats = g.to_move() == ToMove::Seat(Seat(1));
        let a = legal
            .iter()
            .find(|a| rats && matches!(a, Action::Mission(Some(_))))
            .cloned()
            .unwrap_or_else(|| legal[rng.below(legal.len())].clone());
        g.apply(&a).unwrap();
    }
    let stop = AtomicBool::new(false);
    // The bot is handed each whole state, secrets and dice included: it
    // must decide from what the mice can see only.
    let plan = |s: &TailFeathers| {
        let mut bot = ActivationSearch::new(11, Budget::iterations(2_000));
        Bot::<TailFeathers>::plan(&mut bot, s, Seat(0), &stop).unwrap()
    };
    for real in [bid_point.expect("the mice bid after the rats"), pick_point.expect("the mice pick after the rats")] {
        // A world that differs in the rats' secrets only.
        let other = (0..200)
            .map(|_| real.determinize(Seat(0), &mut rng))
            .find(|d| {
                d.bid(Seat(1)) != real.bid(Seat(1))
                    || d.mission_pick(Seat(1)) != real.mission_pick(Seat(1))
                    || d.mission(Alliance::Rats) != real.mission(Alliance::Rats)
            })
            .expect("a world with another rats bid or mission");
        assert_eq!(real.observation(Seat(0)), other.observation(Seat(0)), "the mice see the same");
        assert_eq!(plan(&real), plan(&other));
    }
}

/// A flying bird whose tilt is set for the round must fly at it (unless
/// its pilot passes a check): if every flight at that tilt leaves the
/// battlefield, the heuristic sees it in danger even though flights at the
/// other tilts would stay on; once the bird has flown this round (another
/// tilt phase comes first) it may lean, and it is safe. The heuristic once
/// counted every tilt at every moment, and the greedy player flew birds
/// off the battlefield with "14 safe flights" it could not announce.
#[test]
fn a_bird_whose_tilt_is_set_is_judged_by_the_flights_at_that_tilt() {
    use aviary::ai::tail_feathers::{edge_danger, escape_routes};
    use aviary::rules::tail_feathers::game::{Phase, Place, unit_of};
    use aviary::rules::tail_feathers::geometry::{Heading, Pose, Tilt, V2};
    let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 3);
    let mut rng = aviary::rules::Rng::seeded(3);
    while g.phase() != Phase::Activation {
        let legal = g.legal_actions();
        g.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    let bird = 0u8;
    let unit = unit_of(bird);
    // A pose near the west edge where the centre tilt only leads off and a
    // lean would save it.
    let pose = (0..24u8)
        .flat_map(|h| (1..12).map(move |y| Pose { at: V2::new(2.5, 3.0 * f64::from(y)), heading: Heading(h) }))
        .find(|&p| {
            escape_routes(p, &[Tilt::Centre], unit, 36.0) == 0
                && escape_routes(p, &[Tilt::Left, Tilt::Right], unit, 36.0) > 3
        })
        .expect("such a pose exists");
    g.arrange_place(bird, Place::Air);
    g.arrange_bird(bird, pose, Tilt::Centre, false);
    g.arrange_turn(Seat(0), &[]);
    assert_eq!(g.next_flight_tilts(bird).0, vec![Tilt::Centre]);
    assert!(edge_danger(&g, bird) <= -2.0, "the set tilt only leads off: {}", edge_danger(&g, bird));
    g.arrange_turn(Seat(0), &[unit]);
    assert!(edge_danger(&g, bird) > -0.5, "after its flight this round it may lean next round");
}

/// The secret choices are matrix games: the solver finds the mixed
/// equilibrium of matching pennies (half and half) and of a bid-like game
/// where the only sensible answers are mixed (rock, paper, scissors: a
/// third each), and never plays a dominated row.
#[test]
fn the_matrix_game_solver_finds_mixed_and_pure_equilibria() {
    use aviary::ai::tail_feathers::solve_zero_sum;
    let pennies = solve_zero_sum(&[vec![1.0, -1.0], vec![-1.0, 1.0]], 4_000);
    assert!(pennies.iter().all(|p| (p - 0.5).abs() < 0.03), "{pennies:?}");
    let rps = solve_zero_sum(&[vec![0.0, -1.0, 1.0], vec![1.0, 0.0, -1.0], vec![-1.0, 1.0, 0.0]], 4_000);
    assert!(rps.iter().all(|p| (p - 1.0 / 3.0).abs() < 0.03), "{rps:?}");
    // Row 1 is worse than row 0 whatever the column.
    let dominated = solve_zero_sum(&[vec![2.0, 1.0, 3.0], vec![1.0, 0.0, 2.0]], 4_000);
    assert!(dominated[1] < 0.01, "{dominated:?}");
}

/// The log says why the computer flew where it did when the flight alone
/// does not ("… flies long, short (to bring the mice nest within range)"),
/// and gives no reason for anything secret (bids, mission cards).
#[test]
fn the_log_says_why_the_computer_flew_where_it_did() {
    use aviary::ai::Level;
    use aviary::session::{Player, Session};
    use aviary::table::{Table, Waker};
    use std::sync::Arc;
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let session: Session<TailFeathers> = Session::new(
        Setup { seats: 2, options: Options::default() },
        5,
        vec![Player::Computer(Level::Normal), Player::Computer(Level::Normal)],
    );
    let mut table = Table::new(session, dir.path().join("tf.json"));
    let wake: Waker = Arc::new(|| {});
    let mut notices = Vec::new();
    let explained = |t: &Table<TailFeathers>| {
        t.session().log().iter().filter(|e| e.text.contains("flies") && e.text.contains(" (")).count()
    };
    for _ in 0..2_000 {
        if table.session().is_over() || explained(&table) >= 3 {
            break;
        }
        table.tick(&wake, Duration::ZERO, &mut notices);
        if table.session().computer_to_move() {
            assert!(table.wait_for_computer(&mut notices), "{notices:?}");
        }
    }
    assert!(explained(&table) >= 3, "flights with their reasons: {:#?}", table.session().log());
    for e in table.session().log() {
        if e.text.contains("in secret") {
            assert!(!e.text.contains('('), "no reason is given for a secret choice: {}", e.text);
        }
    }
}

/// At a table with a pause between computer moves, the computer's flight
/// is first shown (announced) and then played exactly as shown; taking
/// the moment back during the pause (as an undo does) stops it, and the
/// flight is shown again before it is played, never played unseen.
#[test]
fn a_computer_flight_is_shown_for_the_pause_then_played_as_shown() {
    use aviary::ai::Level;
    use aviary::rules::tail_feathers::Action;
    use aviary::session::{Player, Session};
    use aviary::table::{Table, Waker};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut session: Session<TailFeathers> = Session::new(
        Setup { seats: 2, options: Options::default() },
        9,
        vec![Player::Human, Player::Computer(Level::Normal)],
    );
    let mut rng = aviary::rules::Rng::seeded(9);
    while !(session.state().to_move() == ToMove::Seat(Seat(1))
        && session.state().legal_actions().iter().any(|a| matches!(a, Action::Fly(_))))
    {
        let legal = session.state().legal_actions();
        assert!(!legal.is_empty(), "the game reaches a rats flight");
        session.propose(legal[rng.below(legal.len())].clone()).unwrap();
    }
    let mut table = Table::new(session, dir.path().join("tf.json"));
    let wake: Waker = Arc::new(|| {});
    let mut notices = Vec::new();
    let delay = Duration::from_millis(200);
    let announced = |table: &mut Table<TailFeathers>, notices: &mut Vec<_>| {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            table.tick(&wake, delay, notices);
            if let Some(a) = table.announced() {
                return a.clone();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no flight was shown");
    };
    // (A piloting check or a pick-up may come first.)
    let first = announced(&mut table, &mut notices);
    assert!(matches!(first, Action::Fly(_)), "{first:?}");
    let cursor = table.session().cursor();
    assert!(table.session().state().legal_actions().contains(&first), "shown, not yet played");
    std::thread::sleep(delay / 2);
    table.tick(&wake, delay, &mut notices);
    assert_eq!(table.session().cursor(), cursor, "still shown during the pause");
    // Taken back during the pause: nothing is played, and the flight is
    // shown again before it is.
    table.cancel();
    assert!(table.announced().is_none());
    let shown = announced(&mut table, &mut notices);
    let words = table.session().state().describe(&shown);
    let start = Instant::now();
    while table.session().cursor() == cursor && start.elapsed() < Duration::from_secs(5) {
        table.tick(&wake, delay, &mut notices);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(table.session().cursor(), cursor + 1, "played after the pause");
    assert!(table.session().log()[cursor].text.starts_with(&words), "{} / {words}", table.session().log()[cursor].text);
}

/// A position of the activation phase (round 1, both forces deployed) with
/// the mice to choose a unit.
fn mice_to_activate() -> TailFeathers {
    use aviary::rules::tail_feathers::game::Phase;
    let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, 3);
    let mut rng = aviary::rules::Rng::seeded(3);
    while g.phase() != Phase::Activation {
        let legal = g.legal_actions();
        g.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    g.arrange_turn(Seat(0), &[]);
    g
}

/// A bird that launches facing its own trunk is doomed in the heuristic
/// (every flight it could announce crashes), and one facing the near edge
/// is saved only by a passed piloting check, not "safe with 20 routes": the computer once launched both its
/// birds facing its own trunk and crashed them (issue 23). Facing open air
/// it is safe; and the normal level's launch in the tilt phase never
/// leaves a bird doomed when another launch would not.
#[test]
fn a_bird_launched_facing_its_trunk_or_the_edge_is_doomed_and_the_computer_does_not_launch_it_so() {
    use aviary::ai::Level;
    use aviary::ai::tail_feathers::edge_danger;
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::game::{Phase, Place};
    use aviary::rules::tail_feathers::geometry::{Heading, Pose, Tilt, V2};
    // The Swallow perched south of the Old Beech's trunk (space 1, perch
    // (7, 4.5); the trunk is north of it, the south edge 4.5" away).
    let takes_off = |heading: u8| {
        let mut g = mice_to_activate();
        g.arrange_place(0, Place::Space(1));
        g.arrange_bird(0, Pose { at: V2::new(7.0, 4.5), heading: Heading(heading) }, Tilt::Centre, true);
        edge_danger(&g, 0)
    };
    assert!(takes_off(6) <= -3.0, "facing north, into its own trunk: {}", takes_off(6));
    // (A passed piloting check would let it curl back at a lean.)
    assert!(takes_off(18) <= -2.0, "facing south, off the battlefield: {}", takes_off(18));
    assert!(takes_off(0) > -0.5, "facing east, into open air: {}", takes_off(0));
    // The normal level's launches in the tilt phase, over several games.
    let mut launches = 0;
    for seed in 0..6 {
        let mut g = TailFeathers::new(&Setup { seats: 2, options: Options::default() }, seed);
        let mut rng = aviary::rules::Rng::seeded(seed);
        let stop = AtomicBool::new(false);
        while g.round() <= 3 && g.outcome().is_none() {
            let legal = g.legal_actions();
            let seat = g.to_move().seat();
            let a = match seat {
                Some(s) if g.phase() == Phase::Tilt && legal.iter().any(|a| matches!(a, Action::Launch { .. })) => {
                    let mut bot: Box<dyn Bot<TailFeathers>> = Level::Normal.bot_within(seed, Level::Normal.turn_time());
                    let a = bot.plan(&g.observation(s), s, &stop).unwrap()[0].clone();
                    if let Action::Launch { bird, .. } = a {
                        let mut after = g.clone();
                        after.apply(&a).unwrap();
                        let could = legal.iter().any(|b| {
                            let mut c = g.clone();
                            c.apply(b).unwrap();
                            matches!(b, Action::Launch { .. }) && edge_danger(&c, bird) > -2.0
                        });
                        assert!(
                            !could || edge_danger(&after, bird) > -2.0,
                            "seed {seed}: {a:?} leaves the bird doomed ({})",
                            edge_danger(&after, bird)
                        );
                        launches += 1;
                    }
                    a
                }
                _ => legal[rng.below(legal.len())].clone(),
            };
            g.apply(&a).unwrap();
        }
    }
    assert!(launches >= 3, "the computer launched only {launches} birds");
}

/// A bird on the battlefield is worth more than a lost one however hurt
/// and however cornered it is, even with a rescue waiting for a lost bird:
/// the heuristic once valued a wounded bird facing the edge below nothing,
/// and a rescue at two figures, so the computer flew birds off the
/// battlefield on purpose (issue 23).
#[test]
fn a_bird_on_the_battlefield_is_worth_more_than_a_lost_one_however_cornered() {
    use aviary::ai::tail_feathers::{edge_danger, material};
    use aviary::rules::tail_feathers::components::{Alliance, MissionKind};
    use aviary::rules::tail_feathers::game::{MissionCard, Place};
    use aviary::rules::tail_feathers::geometry::{Heading, Pose, Tilt, V2};
    let mut g = mice_to_activate();
    // The Chaffinch (life 4 + its pilot's bonus) with one life left, in the
    // south-west corner facing the corner: every flight leaves.
    let life = g.life(1);
    g.arrange_place(1, Place::Air);
    g.arrange_bird(1, Pose { at: V2::new(1.5, 1.5), heading: Heading(15) }, Tilt::Centre, false);
    g.arrange_status(1, life - 1, false, false, true);
    assert!(edge_danger(&g, 1) <= -3.0, "cornered: {}", edge_danger(&g, 1));
    // Two mice on a rescue mission.
    g.arrange_place(3, Place::Mission);
    g.arrange_place(4, Place::Mission);
    g.arrange_mission(
        Alliance::Mice,
        Some(MissionCard { kind: Some(MissionKind::Rescue), spot: Some(0), revealed: false }),
    );
    let mut lost = g.clone();
    lost.arrange_place(1, Place::Casualty);
    let (here, gone) = (material(&g, Alliance::Mice), material(&lost, Alliance::Mice));
    assert!(here > gone, "on the battlefield {here:.2}, lost {gone:.2}");
}

/// Where some flights open to a bird meet a trunk or leave the battlefield
/// and others do not, the normal and hard levels fly a safe one.
#[test]
fn the_computer_flies_a_safe_flight_when_there_is_one() {
    use aviary::ai::Level;
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::game::{Crossing, Place};
    use aviary::rules::tail_feathers::geometry::{BASE_RADIUS, Heading, Pose, Tilt, V2};
    let unsafe_flight = |g: &TailFeathers, a: &Action| match a {
        Action::Fly(l) => g.plan_flight(0, l).is_some_and(|p| {
            let off = p.end.at.x <= BASE_RADIUS || p.end.at.x >= 36.0 - BASE_RADIUS || p.end.at.y <= BASE_RADIUS;
            off || p.crossings.iter().any(|(_, c)| matches!(c, Crossing::Trunk(_)))
        }),
        _ => false,
    };
    // The Swallow at its set tilt: north of the Old Beech's trunk heading
    // south-west (some flights meet the trunk), and by the south edge
    // heading south-east (some leave).
    let mut tried = 0;
    for (x, y, heading, tilt) in [(8.0, 12.5, 15, Tilt::Left), (20.0, 4.0, 20, Tilt::Left)] {
        let mut g = mice_to_activate();
        g.arrange_place(0, Place::Air);
        g.arrange_bird(0, Pose { at: V2::new(x, y), heading: Heading(heading) }, tilt, false);
        g.apply(&Action::Activate(0)).unwrap();
        let flights: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Fly(_))).collect();
        let bad = flights.iter().filter(|a| unsafe_flight(&g, a)).count();
        assert!(bad > 0 && bad < flights.len(), "({x}, {y}): {bad} of {} flights unsafe", flights.len());
        let stop = AtomicBool::new(false);
        for level in [Level::Normal, Level::Hard] {
            for seed in 0..3 {
                // The computer's decisions until its flight is over (it may
                // perch before a trunk its templates would meet).
                let mut h = g.clone();
                let mut bot: Box<dyn Bot<TailFeathers>> = level.bot_within(seed, level.turn_time());
                let mut flew = None;
                while h.active_unit() == Some(0)
                    && h.figure(0).place == Place::Air
                    && h.to_move() == ToMove::Seat(Seat(0))
                {
                    let a = bot.plan(&h.observation(Seat(0)), Seat(0), &stop).unwrap()[0].clone();
                    if matches!(a, Action::Fly(_)) {
                        flew = Some(a.clone());
                    }
                    h.apply(&a).unwrap();
                    if flew.is_some() && h.walking().is_none() {
                        break;
                    }
                }
                let fly = flew.expect("a flight");
                let b = h.bird(0).unwrap();
                assert!(
                    h.figure(0).place.on_battlefield() && !b.rattled && h.figure(0).wounds == 0,
                    "{level:?} at ({x}, {y}) chose {fly:?}: {:?}, rattled {}, {} wounds",
                    h.figure(0).place,
                    b.rattled,
                    h.figure(0).wounds
                );
                tried += 1;
            }
        }
    }
    assert_eq!(tried, 12);
}

/// The greedy level plays whole games with every additional rule built so
/// far (foraging, tail feathers, death spirals) on both sides, legally,
/// from its own observation, keeping every invariant, to an end by the
/// rules; and it beats random play there too.
#[test]
fn the_greedy_player_plays_the_additional_rules_legally_to_the_end() {
    let options = Options { foraging: true, feathers: true, death_spirals: true, ..Options::default() };
    let mut won = 0;
    for seed in 0..2u64 {
        let greedy = Seat((seed % 2) as u8);
        won += usize::from(play_with(options.clone(), 50 + seed, greedy) == [greedy]);
    }
    assert_eq!(won, 2, "greedy beats random play with the additional rules on");
}

/// With action cards (TF-R27): the search decides the same whatever the
/// other side's hand holds (it sees only what its seat may know), at its
/// own turn and at the attack window.
#[test]
fn the_search_decides_the_same_whatever_the_other_side_s_hand() {
    use aviary::ai::Budget;
    use aviary::ai::tail_feathers::ActivationSearch;
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::components::Alliance;
    let options = Options { action_cards: true, structures: true, ..Options::default() };
    let mut rng = aviary::rules::Rng::seeded(21);
    let (mut turn, mut window) = (None, None);
    for seed in 0..40 {
        let mut g = TailFeathers::new(&Setup { seats: 2, options: options.clone() }, seed);
        for _ in 0..3000 {
            if g.to_move() == ToMove::Seat(Seat(0)) && g.round() >= 2 {
                let legal = g.legal_actions();
                if turn.is_none()
                    && legal.iter().any(|a| matches!(a, Action::Play(_)))
                    && !legal.contains(&Action::NoCard)
                {
                    turn = Some(g.clone());
                }
                if window.is_none() && legal.contains(&Action::NoCard) && legal.len() > 1 {
                    window = Some(g.clone());
                }
            }
            let legal = g.legal_actions();
            if legal.is_empty() || (turn.is_some() && window.is_some()) {
                break;
            }
            let eager: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Strike { .. } | Action::Shoot { .. } | Action::Swoop))
                .collect();
            let a = if !eager.is_empty() && rng.below(4) > 0 {
                eager[rng.below(eager.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            g.apply(&a).unwrap();
        }
        if turn.is_some() && window.is_some() {
            break;
        }
    }
    let stop = AtomicBool::new(false);
    let plan = |s: &TailFeathers| {
        let mut bot = ActivationSearch::new(11, Budget::iterations(2_000));
        Bot::<TailFeathers>::plan(&mut bot, s, Seat(0), &stop).unwrap()
    };
    for real in [turn.expect("a mice turn with a card to play"), window.expect("a mice answer at the window")] {
        let other = (0..200)
            .map(|_| real.determinize(Seat(0), &mut rng))
            .find(|d| d.hand(Alliance::Rats).cards != real.hand(Alliance::Rats).cards)
            .expect("a world where the rats hold other cards");
        assert_eq!(real.observation(Seat(0)), other.observation(Seat(0)), "the mice see the same");
        assert_eq!(plan(&real), plan(&other), "the computer decides from what it may know");
    }
}

/// The computer's answer at the attack window takes the same time
/// whether or not it holds a card that may answer (TF-R27: its timing
/// tells nothing): its thinking, measured as the worker measures it (the
/// thread's CPU time, which a busy machine does not stretch), fits inside
/// the pause every answer is padded to, with one card in hand and with
/// five, so both answers come after the same pause.
#[test]
fn the_computer_answers_the_attack_window_in_the_same_time_whatever_it_holds() {
    use aviary::ai::Budget;
    use aviary::ai::tail_feathers::{ActivationSearch, WINDOW_THINKING};
    use aviary::rules::tail_feathers::Action;
    use aviary::rules::tail_feathers::cards::card_named;
    use aviary::rules::tail_feathers::components::Alliance;
    let options = Options { action_cards: true, ..Options::default() };
    let mut rng = aviary::rules::Rng::seeded(3);
    let mut g = TailFeathers::new(&Setup { seats: 2, options }, 3);
    let mut found = None;
    for _ in 0..20_000 {
        if g.legal_actions().contains(&Action::NoCard) && g.to_move() == ToMove::Seat(Seat(0)) {
            found = Some(g.clone());
            break;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            g = TailFeathers::new(&Setup { seats: 2, options: g.options().clone() }, rng.next_u64());
            continue;
        }
        let eager: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Strike { .. } | Action::Shoot { .. } | Action::Swoop))
            .collect();
        let a = if eager.is_empty() { legal[rng.below(legal.len())].clone() } else { eager[0].clone() };
        g.apply(&a).unwrap();
    }
    let at_window = found.expect("the mice answer an attack");
    let stop = AtomicBool::new(false);
    let mut spent_by = Vec::new();
    for cards in [&["Tailwind"][..], &["Feint", "Barrel Roll", "Parry", "Shield Wall", "Alarm Call"][..]] {
        let mut s = at_window.clone();
        s.arrange_hand(Seat(0), &cards.iter().filter_map(|n| card_named(n)).collect::<Vec<_>>());
        s.arrange_cheese(Seat(0), 6);
        let _ = s.hand(Alliance::Mice);
        for level in [aviary::ai::Level::Easy, aviary::ai::Level::Normal] {
            let thinking = aviary::ai::clock::Thinking::start();
            let a = if level == aviary::ai::Level::Easy {
                Bot::<TailFeathers>::choose(&mut GreedyBot::new(4), &s.observation(Seat(0)), Seat(0), &stop)
            } else {
                Bot::<TailFeathers>::choose(
                    &mut ActivationSearch::new(4, Budget::iterations(2_000)),
                    &s.observation(Seat(0)),
                    Seat(0),
                    &stop,
                )
            };
            let spent = thinking.elapsed();
            spent_by.push((level, cards.len(), spent));
            assert!(a.is_some_and(|a| s.check(&a).is_ok()), "a legal answer");
        }
    }
    eprintln!("thinking at the window (level, cards in hand, CPU time): {spent_by:?}");
    for level in [aviary::ai::Level::Easy, aviary::ai::Level::Normal] {
        let one = spent_by.iter().find(|(l, n, _)| *l == level && *n == 1).map(|t| t.2).unwrap();
        let five = spent_by.iter().find(|(l, n, _)| *l == level && *n == 5).map(|t| t.2).unwrap();
        assert!(
            one.max(five) < WINDOW_THINKING,
            "{level:?}: thinking with one card ({one:?}) and with five ({five:?}) must both fit in the {WINDOW_THINKING:?} pause"
        );
    }
}

/// Every level plays whole games with every additional rule on, action
/// cards and the ballista included, legally, and the greedy level beats
/// random play there.
#[test]
fn the_greedy_player_plays_action_cards_and_the_ballista_legally_to_the_end() {
    let options = Options::every_additional_rule();
    let mut won = 0;
    for seed in 0..2u64 {
        let greedy = Seat((seed % 2) as u8);
        won += usize::from(play_with(options.clone(), 70 + seed, greedy) == [greedy]);
    }
    assert_eq!(won, 2, "greedy beats random play with every additional rule on");
}
