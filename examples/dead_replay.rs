//! Times the ruling after every move: replays whole games through
//! `Game::play` then `Game::outcome`, timing each ply, and prints the mean,
//! the 99th and 99.9th percentiles, how many plies took over 20 µs (the aim:
//! fewer than one in a thousand) and the slowest ply with its FEN.
//!
//! ```text
//! cargo run --release --example dead_replay -- [FILE.jsonl ...] [--random N] [--seed S] [--runs R] [--show N] [--position]
//! ```
//!
//! `--runs R` replays every game R times and counts each ply's fastest
//! time: a loaded machine inflates single runs, the minimum is the cost.
//! `--show N` lists the N slowest plies (8 by default).
//! `--position` times `Position::outcome()` alone on each position (the
//! ruling without the game's memory: no repetition, the dead-position proof
//! from scratch) instead of `Game::play` then `Game::outcome`.
//!
//! FILE is a JSON-lines file of games with `start_fen` and `plies[].uci`
//! (the format of `tests/data/games.jsonl`; `-` reads standard input, so a
//! compressed file can be piped in). `--random N` adds N seeded random-play
//! games of its own, half of them uniform and half preferring captures and
//! pawn moves, so that they reach endings; each is played to its end or to
//! 1,000 plies.

use chess_arbiter::{Game, Move, Position};
use std::time::{Duration, Instant};

#[derive(Default)]
struct Stats {
    times: Vec<(Duration, usize)>,
    fens: Vec<String>,
    games: usize,
    runs: usize,
    /// How many of the slowest plies are listed.
    show: usize,
    /// Time `Position::outcome()` alone rather than the game's ply.
    position_only: bool,
}

impl Stats {
    /// Replays `moves` from `start`, timing each ply.
    fn replay(&mut self, start: &Position, moves: &[Move]) {
        self.games += 1;
        let first = self.times.len();
        for run in 0..self.runs.max(1) {
            let mut game = Game::from_position(start.clone());
            for (ply, &m) in moves.iter().enumerate() {
                let (played, took) = if self.position_only {
                    let played = game.play(m);
                    let begin = Instant::now();
                    let outcome = game.position().outcome();
                    let took = begin.elapsed();
                    std::hint::black_box(outcome);
                    (played, took)
                } else {
                    let begin = Instant::now();
                    let played = game.play(m);
                    let outcome = game.outcome();
                    let took = begin.elapsed();
                    std::hint::black_box(outcome);
                    (played, took)
                };
                if played.is_err() {
                    break;
                }
                if run == 0 {
                    self.fens.push(game.position().fen());
                    self.times.push((took, self.fens.len() - 1));
                } else {
                    let slot = &mut self.times[first + ply].0;
                    *slot = (*slot).min(took);
                }
            }
        }
    }
}

/// A seeded random game: uniform moves, or (when `endings`) captures and
/// pawn moves first, so that the game reaches an ending.
fn random_game(seed: u64, endings: bool) -> (Position, Vec<Move>) {
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut game = Game::new();
    let mut moves = Vec::new();
    for _ in 0..1000 {
        if game.outcome().is_some() {
            break;
        }
        let pos = game.position();
        let legal = pos.legal_moves();
        let m = if endings && next() % 4 != 0 {
            let zeroing: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&m| {
                    pos.piece_at(m.to()).is_some()
                        || pos
                            .piece_at(m.from())
                            .is_some_and(|p| p.role == chess_arbiter::Role::Pawn)
                })
                .collect();
            if zeroing.is_empty() {
                legal[next() as usize % legal.len()]
            } else {
                zeroing[next() as usize % zeroing.len()]
            }
        } else {
            legal[next() as usize % legal.len()]
        };
        if game.play(m).is_err() {
            break;
        }
        moves.push(m);
    }
    (Position::new(), moves)
}

fn main() {
    let mut stats = Stats {
        runs: 1,
        show: 8,
        ..Stats::default()
    };
    let mut random = 0;
    let mut seed = 1;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--random" => {
                random = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--random N")
            }
            "--runs" => stats.runs = args.next().and_then(|n| n.parse().ok()).expect("--runs R"),
            "--show" => stats.show = args.next().and_then(|n| n.parse().ok()).expect("--show N"),
            "--seed" => seed = args.next().and_then(|n| n.parse().ok()).expect("--seed S"),
            "--position" => stats.position_only = true,
            _ => files.push(arg),
        }
    }
    for file in &files {
        let text = match file.as_str() {
            "-" => std::io::read_to_string(std::io::stdin()).expect("standard input"),
            _ => std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}")),
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
            let fen = record["start_fen"].as_str().expect("start_fen");
            let mode = if record["chess960"].as_bool().unwrap_or(false) {
                chess_arbiter::CastlingMode::Chess960
            } else {
                chess_arbiter::CastlingMode::Standard
            };
            let start = Position::from_fen_with_mode(fen, mode).expect("a valid FEN");
            let mut pos = start.clone();
            let mut moves = Vec::new();
            for ply in record["plies"].as_array().into_iter().flatten() {
                let Some(uci) = ply["uci"].as_str() else {
                    break;
                };
                let Ok(m) = pos.parse_uci(uci) else {
                    break;
                };
                pos.play_unchecked(m);
                moves.push(m);
            }
            stats.replay(&start, &moves);
        }
    }
    for i in 0..random {
        let (start, moves) = random_game(seed + i, i % 2 == 1);
        stats.replay(&start, &moves);
    }
    let n = stats.times.len().max(1);
    let total: Duration = stats.times.iter().map(|t| t.0).sum();
    let mut sorted: Vec<_> = stats.times.clone();
    sorted.sort();
    let at = |q: f64| {
        sorted
            .get(((n as f64 * q) as usize).min(n - 1))
            .map(|t| t.0)
    };
    println!(
        "{} games, {} plies: mean {:?}, p99 {:?}, p99.9 {:?}, total {:?}",
        stats.games,
        stats.times.len(),
        total / n as u32,
        at(0.99).unwrap_or_default(),
        at(0.999).unwrap_or_default(),
        total
    );
    let (slow_count, slow) = (sorted.iter())
        .filter(|t| t.0 > Duration::from_millis(1))
        .fold((0, Duration::ZERO), |(c, s), t| (c + 1, s + t.0));
    let mut line = String::from("time by ply cost:");
    let bounds = [0, 1, 3, 10, 30, 100, 300, 1_000, 10_000, u64::MAX];
    for w in bounds.windows(2) {
        let (lo, hi) = (Duration::from_micros(w[0]), Duration::from_micros(w[1]));
        let bucket = sorted.iter().filter(|t| t.0 >= lo && t.0 < hi);
        let (count, sum) = bucket.fold((0, Duration::ZERO), |(c, s), t| (c + 1, s + t.0));
        if count > 0 {
            line += &format!(" [{}us..): {count} plies {sum:.1?};", w[0]);
        }
    }
    println!("{line}");
    // The aim for the ruling after a move: 99.9 % of plies within 20 µs.
    let over = sorted
        .iter()
        .filter(|t| t.0 > Duration::from_micros(20))
        .count();
    println!(
        "plies over 20 µs: {over} (the 99.9th percentile allows {})",
        n / 1000
    );
    println!("plies over 1 ms: {slow_count}, {slow:?} of the total; the slowest:");
    for &(took, index) in sorted.iter().rev().take(stats.show) {
        println!("  {took:?}  {}", stats.fens[index]);
    }
}
