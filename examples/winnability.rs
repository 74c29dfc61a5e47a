//! Times `Position::winnability` over a JSON-lines file of positions
//! (default `tests/data/dead.jsonl`): verdict counts, disagreements with the
//! file's `verdict` field, and the median, mean and slowest call.
//!
//! ```text
//! cargo run --release --example winnability -- [FILE] [--budget N] [--only winnable|unwinnable]
//! ```

use chess_arbiter::{Color, Position, Winnability, WinnabilityOptions};
use std::time::{Duration, Instant};

fn main() {
    let mut file = format!("{}/tests/data/dead.jsonl", env!("CARGO_MANIFEST_DIR"));
    let mut budget = Winnability::DEFAULT_BUDGET;
    let mut only = None;
    let mut verbose = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--budget" => {
                budget = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--budget N")
            }
            "--only" => only = args.next(),
            "--verbose" => verbose = true,
            _ => file = arg,
        }
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut times = Vec::new();
    let (mut winnable, mut unwinnable, mut unknown, mut wrong) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
        let expected = record["verdict"].as_str().unwrap_or("");
        if only.as_deref().is_some_and(|o| o != expected) {
            continue;
        }
        let fen = record["fen"].as_str().expect("fen");
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let color = if record["color"] == "white" {
            Color::White
        } else {
            Color::Black
        };
        let start = Instant::now();
        let verdict = pos.winnability_with(color, WinnabilityOptions::new().nodes(budget));
        let took = start.elapsed();
        times.push(took);
        match verdict {
            Winnability::Winnable => winnable += 1,
            Winnability::Unwinnable => unwinnable += 1,
            Winnability::Unknown => unknown += 1,
        }
        let right = verdict == Winnability::Unknown || verdict.to_string() == expected;
        if !right {
            wrong += 1;
            println!("WRONG {verdict} (file: {expected}) {color} {fen}");
        } else if verbose && (verdict == Winnability::Unknown || took.as_millis() > 1) {
            println!("{verdict} ({expected}) {:?} {color} {fen}", took);
        }
    }
    times.sort();
    let total: Duration = times.iter().sum();
    let n = times.len().max(1);
    println!(
        "{} questions: {winnable} winnable, {unwinnable} unwinnable, {unknown} unknown ({:.2} %), {wrong} wrong",
        times.len(),
        100.0 * unknown as f64 / n as f64
    );
    println!(
        "time per call: median {:?}, mean {:?}, max {:?}",
        times.get(times.len() / 2).copied().unwrap_or_default(),
        total / n as u32,
        times.last().copied().unwrap_or_default()
    );
}
