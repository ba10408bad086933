use aviary::ai::{Bot, GreedyBot};
use aviary::rules::enchanted_plumes::{EnchantedPlumes, Options};
use aviary::rules::{Game, Seat, Setup};
use aviary::session::{Player, Session};
use std::sync::atomic::AtomicBool;
fn main() {
    let turns: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let out = std::env::args().nth(2).unwrap();
    let players = vec![Player::Human, Player::Human, Player::Computer(aviary::ai::Level::Easy)];
    let mut s: Session<EnchantedPlumes> = Session::new(
        Setup { seats: 3, options: Options { names: vec!["Ada".into(), "Ben".into(), "Cleo".into()], first: Some(0) } },
        77,
        players,
    );
    let mut bot = GreedyBot::new(1);
    let stop = AtomicBool::new(false);
    while !s.is_over()
        && !(s.state().turns() >= turns && s.state().current() == Seat(0) && s.state().turn().played == 0)
    {
        let seat = s.state().to_move().seat().unwrap();
        let a = Bot::<EnchantedPlumes>::choose(&mut bot, &s.state().observation(seat), seat, &stop).unwrap();
        s.propose(a).unwrap();
    }
    aviary::save::write_atomic(std::path::Path::new(&out), &aviary::save::to_text(&aviary::save::record(&s))).unwrap();
}
