//! The ruling after a move in positions that once cost milliseconds: pawn
//! endings that only look blocked, small endings where one side's line is
//! hard to find, and a boxed king. Each is timed as `Position::outcome`
//! (the proof from scratch) and as one ply of a game (`Game::play` then
//! `Game::outcome`, the move taken back between iterations).
//!
//! `cargo bench -p chess-arbiter-benches --bench dead`

use chess_arbiter::{Game, Position};
use criterion::{black_box, criterion_group, criterion_main};

/// Positions that were slow to rule, each with a move to play in a game.
const SLOW: &[(&str, &str)] = &[
    ("8/8/3k4/p7/P7/8/8/7K b - - 21 80", "d6c5"),
    ("8/p7/P7/3k4/8/8/4K3/8 w - - 6 83", "e2d3"),
    ("4k3/8/1b6/p7/P4K2/8/8/8 b - - 2 131", "b6c5"),
    ("2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1", "c8d8"),
    ("8/8/7K/1k6/p7/1B6/8/8 w - - 0 145", "h6g5"),
    ("r7/7k/1K6/8/5N2/8/6p1/8 w - - 0 112", "f4e6"),
    ("5k2/8/1N6/8/8/5n2/4K3/N7 b - - 21 67", "f3d4"),
    ("8/2n5/8/7N/8/8/7k/4K3 w - - 0 122", "h5f4"),
    // Minor-piece endings whose mate needs the defender's own piece as a
    // blocker (10-160 ms each before the mating pattern was built).
    ("8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151", "g1f2"),
    ("8/8/7k/5K2/p3n3/P5B1/8/8 w - - 0 109", "g3f2"),
    ("8/8/7n/3K1N2/8/3k4/8/8 b - - 0 129", "h6g4"),
    ("8/8/2K5/4kn2/8/8/6N1/8 w - - 35 132", "g2e3"),
    ("3k4/8/6N1/8/8/5b2/1Kb5/8 b - - 17 149", "d8e8"),
    ("k7/p7/8/8/8/8/8/K6N w - - 0 1", "h1g3"),
    ("7N/2k5/8/4K3/8/8/8/4n3 b - - 0 1", "e1f3"),
    // The tail of the mean against chasolver: small endings that were
    // searched (14-224 ms a call) and a dead wall a default budget did not
    // prove.
    ("8/8/8/5N2/8/8/B7/k6K w - - 0 1", "a2b1"),
    ("5k2/p5r1/p7/P3K3/8/7p/b5p1/8 w - - 0 1", "e5d6"),
    ("8/6k1/8/2p4p/6N1/8/8/6K1 b - - 0 1", "g7f7"),
    ("8/1k6/8/1p1p1p1p/1P1P1P1P/8/6K1/3bB3 w - - 0 1", "g2f2"),
];

fn outcome(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("dead/outcome");
    for &(fen, _) in SLOW {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        group.bench_function(fen, |b| b.iter(|| black_box(&pos).outcome()));
    }
    group.finish();
}

fn game_ply(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("dead/game_ply");
    for &(fen, uci) in SLOW {
        let mut game = Game::from_fen(fen).expect("a valid FEN");
        let m = game.position().parse_uci(uci).expect("a legal move");
        group.bench_function(fen, |b| {
            b.iter(|| {
                game.play(black_box(m)).expect("the game is on");
                let outcome = game.outcome();
                game.undo();
                outcome
            })
        });
    }
    group.finish();
}

criterion_group!(benches, outcome, game_ply);
criterion_main!(benches);
