#[path = "common/draughts_reference.rs"]
mod draughts_reference;

use draughts_reference::Game;

#[test]
#[ignore]
fn print_perft() {
    println!("{:?}", Game::new().perft(10));
}
