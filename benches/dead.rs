//! The ruling after a move in positions that once cost milliseconds: pawn
//! endings that only look blocked, small endings where one side's line is
//! hard to find, and a boxed king. Each is timed as `Position::outcome`
//! (the proof from scratch) and as one ply of a game (`Game::play` then
//! `Game::outcome`, the move taken back between iterations). The flag
//! falls that were the tail of the mean against chasolver are also timed
//! as `Position::winnability` of the side that did not flag (FIDE 6.9),
//! which must find and replay a mating line.
//!
//! `cargo bench -p chess-arbiter-benches --bench dead`

use chess_arbiter::{Color, Game, Position};
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
    // Flag falls whose mate needs a pawn promoted first (a queen for the
    // winner, a blocker for the loser), or a line a short search finds
    // among many men: 45-230 ms each before.
    ("2q5/8/8/p6p/P4k2/8/8/5K2 b - - 19 59", "f4e4"),
    ("1k6/8/6b1/5PK1/5P2/8/8/8 w - - 6 61", "g5h4"),
    ("8/2k3P1/4n3/8/8/4K3/8/8 b - - 0 44", "c7d6"),
    ("8/1k2n3/6p1/4r3/8/6B1/2p2K2/8 w - - 0 46", "f2f3"),
    ("8/7k/6R1/3qPK2/8/N7/8/6B1 b - - 0 51", "h7h8"),
    ("8/8/3B4/1p3k2/1P6/8/4K3/8 w - - 8 50", "e2d3"),
    // Pawnless minor-piece endings of five to seven men, alive: 1-4 ms a
    // ply of a random game before a king's walk to take a man into a known
    // ending showed them so.
    ("K7/8/8/1b6/5b2/3b4/3k4/8 b - - 81 249", "d2c3"),
    ("8/8/1B1n4/4K2b/8/4B3/4b1k1/8 b - - 75 197", "g2g3"),
    ("1n6/3k4/8/4n1b1/8/8/5K2/1N6 w - - 0 42", "f2e2"),
    // Endings of five to nine men with blocked pawns, alive by a king's
    // walk or a short search after the quick look failed in them: 50 to
    // 370 us a ply of the recorded games.
    ("8/6k1/p7/P7/8/7n/8/7K w - - 0 141", "h1g2"),
    ("2k5/8/7n/p7/P3B2p/N6P/1K6/8 b - - 0 44", "h6g4"),
    // Pawnless, six men: the slowest `outcome()` of the random games
    // (8 ms), alive only by the mating pattern.
    ("8/8/4N1K1/8/8/2b5/4bbk1/8 b - - 31 172", "g2g3"),
    // Dead: eight bishops on dark squares never mate a king that steps
    // between h3 and h4 (undecided before the loser's last move was used).
    (
        "8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1",
        "d6e7",
    ),
];

/// The flag falls of the tail, with the colour that did not flag.
const TIMEOUTS: &[(&str, Color)] = &[
    ("2q5/8/8/p6p/P4k2/8/8/5K2 b - - 19 59", Color::White),
    ("1k6/8/6b1/5PK1/5P2/8/8/8 w - - 6 61", Color::Black),
    ("k7/p7/8/8/8/8/8/K6N w - - 0 1", Color::White),
    ("5k2/p5r1/p7/P3K3/8/7p/b5p1/8 w - - 0 56", Color::White),
    ("8/6k1/8/2p4p/6N1/8/8/6K1 b - - 0 52", Color::White),
    ("8/8/8/5N2/8/8/B7/k6K w - - 0 1", Color::White),
    ("8/2k3P1/4n3/8/8/4K3/8/8 b - - 0 44", Color::Black),
    ("8/1k2n3/6p1/4r3/8/6B1/2p2K2/8 w - - 0 46", Color::White),
    ("8/7k/6R1/3qPK2/8/N7/8/6B1 b - - 0 51", Color::Black),
    ("8/8/3B4/1p3k2/1P6/8/4K3/8 w - - 8 50", Color::White),
    // The bishop's side mates only after its king takes both rooks.
    ("4Kb2/8/R7/8/1k6/3R4/5P2/8 b - - 0 1", Color::Black),
    // A king shut in on h1: its bishop mates alone (137-260 ms before the
    // mating pattern let the winner's king stay where it stands).
    ("1b5k/b7/8/3B4/8/6p1/6Pp/7K w - - 0 1", Color::White),
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
        if game.outcome().is_some() {
            continue; // dead from the start (the boxed king): no move to play
        }
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

fn winnability(c: &mut criterion::Criterion) {
    let mut group = c.benchmark_group("dead/winnability");
    for &(fen, color) in TIMEOUTS {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        group.bench_function(fen, |b| b.iter(|| black_box(&pos).winnability(color)));
    }
    group.finish();
}

criterion_group!(benches, outcome, game_ply, winnability);
criterion_main!(benches);
