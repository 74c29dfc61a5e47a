//! Fixed workloads for counting instructions, a measure of speed that a busy
//! machine does not blur: run under `valgrind --tool=callgrind` by
//! `benches/instructions.sh`, which prints instructions per item of each task.
//!
//! `cargo bench -p chess-arbiter-benches --bench instructions -- TASK` runs
//! one task (`none` runs nothing, the baseline of process start) and prints
//! its item count.

use chess_arbiter::{Move, Position};
use std::hint::black_box;

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// How many of `slow_positions.txt` are dead.
const SLOW_DEAD: usize = 1;

/// How many of `last_positions.txt` are dead.
const LAST_DEAD: usize = 7;

/// Perft on the public API alone: `legal_moves`, `clone`, `play_unchecked`.
fn perft_public(pos: &Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += perft_public(&child, depth - 1);
    }
    nodes
}

fn positions() -> Vec<Position> {
    FENS.iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect()
}

/// Every move of `ps` with the position it is played in, as SAN.
fn san_items(ps: &[Position]) -> Vec<(Position, String)> {
    moves_of(ps)
        .into_iter()
        .map(|(p, m)| {
            let san = p.san(m).to_string();
            (p, san)
        })
        .collect()
}

fn moves_of(positions: &[Position]) -> Vec<(Position, Move)> {
    positions
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(move |m| (p.clone(), m)))
        .collect()
}

/// Runs `task` and returns how many items it did.
fn run(task: &str) -> u64 {
    let ps = positions();
    match task {
        "none" => 0,
        "perft" => ps[..2].iter().map(|p| black_box(p).perft(4)).sum(),
        "perft-public" => ps[..2].iter().map(|p| perft_public(black_box(p), 4)).sum(),
        "movegen" => {
            for _ in 0..2_000 {
                for p in &ps {
                    let moves = black_box(p).legal_moves();
                    black_box(&moves);
                }
            }
            2_000 * ps.len() as u64
        }
        "fen-parse" => {
            for _ in 0..2_000 {
                for f in FENS {
                    black_box(Position::from_fen(black_box(f)).unwrap());
                }
            }
            2_000 * FENS.len() as u64
        }
        "san-format" => {
            let items = moves_of(&ps);
            for _ in 0..100 {
                for (p, m) in &items {
                    black_box(black_box(p).san(*m));
                }
            }
            100 * items.len() as u64
        }
        "san-parse" => {
            let items = san_items(&ps);
            for _ in 0..100 {
                for (p, san) in &items {
                    black_box(black_box(p).parse_san(san).unwrap());
                }
            }
            100 * items.len() as u64
        }
        "san-play" => {
            // The move path of a game read from PGN: the SAN read, then played.
            let items = san_items(&ps);
            for _ in 0..100 {
                for (p, san) in &items {
                    let mut pos = black_box(p).clone();
                    let m = pos.parse_san(san).unwrap();
                    pos.play_unchecked(m);
                    black_box(&pos);
                }
            }
            100 * items.len() as u64
        }
        "dead-rich" => {
            // The rulings of positions a game proves alive by search.
            let rich: Vec<Position> = include_str!("rich_positions.txt")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|f| Position::from_fen(f).unwrap())
                .collect();
            for _ in 0..5 {
                for p in &rich {
                    assert!(!black_box(p).is_dead());
                }
            }
            5 * rich.len() as u64
        }
        "dead-tail" => {
            // The slowest proofs of life of a replay.
            let tail: Vec<Position> = include_str!("tail_positions.txt")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|f| Position::from_fen(f).unwrap())
                .collect();
            for p in &tail {
                assert!(!black_box(p).is_dead());
            }
            tail.len() as u64
        }
        "dead-slow" => {
            // The replay's rulings over 20 µs a ply: the quick look's tail.
            let slow: Vec<Position> = include_str!("slow_positions.txt")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|f| Position::from_fen(f).unwrap())
                .collect();
            let dead = slow.iter().filter(|p| black_box(p).is_dead()).count();
            assert_eq!(dead, SLOW_DEAD, "dead positions among the slow ones");
            slow.len() as u64
        }
        "dead-last" => {
            // The rulings a PGN reader asks for: each record's last position.
            let last: Vec<Position> = include_str!("last_positions.txt")
                .lines()
                .filter(|l| !l.starts_with('#'))
                .map(|f| Position::from_fen(f).unwrap())
                .collect();
            let dead = last.iter().filter(|p| black_box(p).is_dead()).count();
            assert_eq!(dead, LAST_DEAD, "dead positions among the last ones");
            last.len() as u64
        }
        _ => {
            eprintln!(
                "unknown task {task}: none, perft, perft-public, movegen, fen-parse, san-format, san-parse, san-play, dead-rich, dead-tail, dead-slow, dead-last"
            );
            std::process::exit(2);
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the task is the first other argument.
    let task = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .unwrap_or_else(|| "perft".to_string());
    println!("{task} {}", run(&task));
}
