//! Perft suites: every position of tests/data/*.perft to a depth whose count
//! exceeds 10,000 nodes (or its deepest listed depth). The deepest depths run
//! with `cargo test --release --test suite perft:: -- --ignored`.

use chess_arbiter::{CastlingMode, Position};

struct Case {
    fen: String,
    chess960: bool,
    counts: Vec<u64>,
}

fn load(name: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let mut counts = Vec::new();
            let mut chess960 = false;
            for part in parts {
                let part = part.trim();
                if let Some(rest) = part.strip_prefix('D') {
                    let (depth, n) = rest.split_once(' ').unwrap();
                    assert_eq!(depth.parse::<usize>().unwrap(), counts.len() + 1, "{line}");
                    counts.push(n.parse().unwrap());
                } else if part == "960" {
                    chess960 = true;
                }
            }
            Case {
                fen,
                chess960,
                counts,
            }
        })
        .collect()
}

fn position(case: &Case) -> Position {
    let mode = if case.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_fen_with_mode(&case.fen, mode).unwrap_or_else(|e| panic!("{}: {e}", case.fen))
}

/// Checks each case at the shallowest depth over `min_nodes` (or the deepest listed).
fn run(name: &str, min_nodes: u64) {
    let cases = load(name);
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in &cases {
        let pos = position(case);
        let depth = case
            .counts
            .iter()
            .position(|&n| n > min_nodes)
            .unwrap_or(case.counts.len() - 1);
        for (d, &want) in case.counts.iter().enumerate().take(depth + 1) {
            let got = pos.perft(d as u32 + 1);
            if got != want {
                failures.push(format!(
                    "{} depth {}: got {got}, want {want}",
                    case.fen,
                    d + 1
                ));
                break;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} positions wrong:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn perft_standard_suite() {
    run("standard.perft", 10_000);
}

#[test]
fn perft_random_suite() {
    run("random.perft", 10_000);
}

#[test]
fn perft_chess960_suite() {
    run("chess960.perft", 10_000);
}

fn run_deepest(name: &str) {
    for case in load(name) {
        let pos = position(&case);
        let depth = case.counts.len();
        assert_eq!(
            pos.perft(depth as u32),
            case.counts[depth - 1],
            "{} depth {depth}",
            case.fen
        );
    }
}

#[test]
#[ignore = "slow: cargo test --release --test suite perft:: -- --ignored"]
fn perft_standard_suite_deepest() {
    run_deepest("standard.perft");
}

#[test]
#[ignore = "slow: cargo test --release --test suite perft:: -- --ignored"]
fn perft_random_suite_deepest() {
    run_deepest("random.perft");
}

#[test]
#[ignore = "slow: cargo test --release --test suite perft:: -- --ignored"]
fn perft_chess960_suite_deepest() {
    run_deepest("chess960.perft");
}
