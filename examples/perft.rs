//! Counts the leaf nodes of the legal move tree, like an engine's `go perft`.
//!
//! ```text
//! cargo run --release --example perft -- <depth> [FEN] [--960]
//! ```
//!
//! Prints the count below each legal root move (in UCI), the total, and the
//! speed in nodes per second. `--960` reads the FEN in Chess960 mode.

use chess_arbiter::{CastlingMode, Position};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let chess960 = args.iter().any(|a| a == "--960");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--960").collect();
    let Some(depth) = rest.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: perft <depth> [FEN] [--960]");
        return ExitCode::from(2);
    };
    let fen = rest[1..]
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = if fen.is_empty() {
        Position::new()
    } else {
        match Position::from_fen_with_mode(&fen, mode) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    };

    let start = Instant::now();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        let mut lines: Vec<(String, u64)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                (pos.uci(m).to_string(), child.perft(depth - 1))
            })
            .collect();
        lines.sort();
        for (uci, nodes) in lines {
            println!("{uci}: {nodes}");
            total += nodes;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!();
    println!("Nodes searched: {total}");
    println!(
        "Time: {:.3} s, {:.0} nodes/s",
        seconds,
        total as f64 / seconds.max(1e-9)
    );
    ExitCode::SUCCESS
}
