//! `Game` queries deep into a long game: a repetition count and the draw
//! claims, with about 140 reversible plies since the last capture or pawn
//! move (the most a game still on can have is 149).
//!
//! `cargo bench -p chess-arbiter-benches --bench game`

use chess_arbiter::{Game, Move};
use criterion::{black_box, criterion_group, criterion_main};

/// A small deterministic generator (xorshift64), so that every run benches
/// the same game.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays a random move that keeps the game on (and, if `reversible`, the
/// half-move clock running); `false` when there is none.
fn play_random(game: &mut Game, rng: &mut Rng, reversible: bool) -> bool {
    let moves: Vec<Move> = game.position().legal_moves().into_iter().collect();
    let start = rng.below(moves.len().max(1));
    for i in 0..moves.len() {
        let m = moves[(start + i) % moves.len()];
        let clock = game.position().halfmove_clock();
        game.play(m).expect("a legal move");
        let kept_on = game.outcome().is_none();
        if kept_on && (!reversible || game.position().halfmove_clock() > clock) {
            return true;
        }
        game.undo();
    }
    false
}

/// About 200 plies of play, then reversible moves until the clock reads 140.
fn long_game() -> Game {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut game = Game::new();
    for _ in 0..200 {
        if !play_random(&mut game, &mut rng, false) {
            break;
        }
    }
    let stretched = stretch(&mut game, &mut rng, 140);
    assert!(
        stretched,
        "no reversible line of 140 plies from {}",
        game.position().fen()
    );
    game
}

/// Plays random moves that neither capture nor move a pawn until the clock
/// reads `clock`, backing out of lines where the side to move has none.
fn stretch(game: &mut Game, rng: &mut Rng, clock: u32) -> bool {
    if game.position().halfmove_clock() >= clock {
        return true;
    }
    let moves: Vec<Move> = game.position().legal_moves().into_iter().collect();
    let start = rng.below(moves.len().max(1));
    for i in 0..moves.len() {
        let m = moves[(start + i) % moves.len()];
        let before = game.position().halfmove_clock();
        game.play(m).expect("a legal move");
        if game.outcome().is_none()
            && game.position().halfmove_clock() > before
            && stretch(game, rng, clock)
        {
            return true;
        }
        game.undo();
    }
    false
}

/// Knights out and back by different routes: a window full of repetitions,
/// so the announced-move threefold check must try the moves.
fn repeating_game() -> Game {
    let mut game = Game::new();
    let routes = [
        "g1f3 g8f6 f3g1 f6g8",
        "b1c3 b8c6 c3b1 c6b8",
        "g1h3 g8h6 h3g1 h6g8",
    ];
    for route in routes {
        for uci in route.split_whitespace() {
            game.play_uci(uci).expect("a legal move");
        }
    }
    game.play_uci("g1f3").expect("a legal move");
    game
}

fn bench_game(c: &mut criterion::Criterion) {
    let long = long_game();
    eprintln!(
        "long game: {} plies, clock {}, {} repetitions, {}",
        long.moves().len(),
        long.position().halfmove_clock(),
        long.repetitions(),
        long.position().fen()
    );
    let repeating = repeating_game();
    let mut group = c.benchmark_group("game");
    group.bench_function("repetitions (long game)", |b| {
        b.iter(|| black_box(&long).repetitions())
    });
    group.bench_function("outcome (long game)", |b| {
        b.iter(|| black_box(&long).outcome())
    });
    group.bench_function("can_claim_threefold_repetition (long game)", |b| {
        b.iter(|| black_box(&long).can_claim_threefold_repetition())
    });
    group.bench_function("can_claim_fifty_moves (long game)", |b| {
        b.iter(|| black_box(&long).can_claim_fifty_moves())
    });
    group.bench_function("claimable_draw (long game)", |b| {
        b.iter(|| black_box(&long).claimable_draw())
    });
    group.bench_function("can_claim_threefold_repetition (repetitions)", |b| {
        b.iter(|| black_box(&repeating).can_claim_threefold_repetition())
    });
    group.bench_function("play + undo", |b| {
        let mut game = long.clone();
        let m = game.position().legal_moves()[0];
        b.iter(|| {
            game.play(black_box(m)).expect("a legal move");
            game.undo()
        })
    });
    group.finish();
}

/// The games of `tests/data/games.jsonl` as start positions and UCI moves.
fn corpus_games() -> Vec<(Game, Vec<Move>)> {
    let path = format!("{}/../tests/data/games.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("tests/data/games.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let start = record["start_fen"].as_str().expect("start_fen");
            let mode = if record["chess960"] == true {
                chess_arbiter::CastlingMode::Chess960
            } else {
                chess_arbiter::CastlingMode::Standard
            };
            let pos = chess_arbiter::Position::from_fen_with_mode(start, mode).expect("FEN");
            let mut game = Game::from_position(pos);
            let start_game = game.clone();
            let mut moves = Vec::new();
            for ply in record["plies"].as_array().expect("plies") {
                let Some(uci) = ply["uci"].as_str() else {
                    break;
                };
                moves.push(game.play_uci(uci).expect("a legal move"));
            }
            (start_game, moves)
        })
        .collect()
}

/// `Game::outcome` after every ply of whole games, as a GUI or server asks
/// it, against the same replay without it.
fn bench_outcome_per_ply(c: &mut criterion::Criterion) {
    let games = corpus_games();
    let plies: usize = games.iter().map(|(_, m)| m.len()).sum();
    eprintln!("{} games, {plies} plies", games.len());
    let mut group = c.benchmark_group("every ply");
    group.sample_size(20);
    group.bench_function("replay", |b| {
        b.iter(|| {
            for (start, moves) in &games {
                let mut game = start.clone();
                for &m in moves {
                    game.play(m).expect("a legal move");
                }
                black_box(&game);
            }
        })
    });
    group.bench_function("replay + outcome", |b| {
        b.iter(|| {
            for (start, moves) in &games {
                let mut game = start.clone();
                for &m in moves {
                    game.play(m).expect("a legal move");
                    black_box(game.outcome());
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_game, bench_outcome_per_ply);
criterion_main!(benches);
