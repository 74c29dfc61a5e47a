//! The example's logic, run by the plain `cargo test` (`test = true` in
//! Cargo.toml) so that it cannot rot.

use crate as selfplay;

#[test]
fn selfplay_ends_every_game_by_an_automatic_rule() {
    let t = selfplay::tally(40, 7);
    assert_eq!(t.games, 40);
    assert_eq!(
        t.checkmate
            + t.stalemate
            + t.insufficient_material
            + t.dead_position
            + t.fivefold
            + t.seventy_five,
        40
    );
    assert!(t.min_plies <= t.max_plies);
    // A seeded run repeats exactly.
    assert_eq!(selfplay::tally(40, 7), t);
    let out = selfplay::report(&t, 7);
    assert!(out.starts_with("40 random games, seed 7\n"), "{out}");
    assert!(out.contains("checkmate (FIDE 5.1.1)"), "{out}");
    assert!(out.contains("length in plies: min "), "{out}");
}

#[test]
fn selfplay_reads_its_arguments() {
    let out = selfplay::run(&["3".into(), "--seed".into(), "42".into()]).unwrap();
    assert!(out.starts_with("3 random games, seed 42\n"), "{out}");
    assert!(selfplay::run(&["many".into()]).is_err());
    assert!(selfplay::run(&["--seed".into()]).is_err());
}
