//! Dead positions (FIDE 5.2.2) and flag falls (6.9): `Position::winnability`
//! against `tests/data/dead.jsonl` (verdicts of an independent solver, see
//! `tests/data/README.md`), and the classic cases by name.
//!
//! `cargo test --release --test dead -- --nocapture` prints the verdict
//! counts and the time per call (median, mean, slowest).

use chess_arbiter::{Color, DrawReason, Game, Outcome, Position, WinReason, Winnability};
use serde_json::Value;
use std::time::{Duration, Instant};

fn records() -> Vec<Value> {
    let path = format!("{}/tests/data/dead.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

fn color_of(record: &Value) -> Color {
    match record["color"].as_str() {
        Some("white") => Color::White,
        Some("black") => Color::Black,
        other => panic!("bad colour {other:?}"),
    }
}

/// `line` is legal from `pos` and ends in a checkmate delivered by `winner`.
fn assert_mates(pos: &Position, winner: Color, line: &[chess_arbiter::Move], what: &str) {
    let mut after = pos.clone();
    for &m in line {
        after
            .play(m)
            .unwrap_or_else(|e| panic!("{what}: {} from {}: {e}", m, pos.fen()));
    }
    assert!(
        after.is_checkmate() && after.turn() != winner,
        "{what}: the line from {} ends in {}, no mate by {winner}",
        pos.fen(),
        after.fen()
    );
}

#[test]
fn every_sample_verdict_is_right_or_unknown() {
    let records = records();
    assert!(records.len() >= 2000, "dead.jsonl has {} records", records.len());
    let mut times = Vec::with_capacity(records.len());
    let (mut winnable, mut unwinnable, mut unknown) = (0, 0, 0);
    let mut unknown_ids = Vec::new();
    for record in &records {
        let id = record["id"].as_str().expect("id");
        let fen = record["fen"].as_str().expect("fen");
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"));
        let color = color_of(record);
        let expected = match record["verdict"].as_str() {
            Some("winnable") => Winnability::Winnable,
            Some("unwinnable") => Winnability::Unwinnable,
            other => panic!("{id}: verdict {other:?}"),
        };
        let start = Instant::now();
        let verdict = pos.winnability(color);
        times.push(start.elapsed());
        match verdict {
            Winnability::Winnable => winnable += 1,
            Winnability::Unwinnable => unwinnable += 1,
            Winnability::Unknown => {
                unknown += 1;
                unknown_ids.push(format!("{id} {fen}"));
            }
        }
        assert!(
            verdict == expected || verdict == Winnability::Unknown,
            "{id}: {fen} for {color}: {verdict}, the solver says {expected}"
        );
    }
    times.sort();
    let total: Duration = times.iter().sum();
    println!(
        "{} questions: {winnable} winnable, {unwinnable} unwinnable, {unknown} unknown ({:.2} %), 0 wrong",
        records.len(),
        100.0 * unknown as f64 / records.len() as f64
    );
    println!(
        "time per call: median {:?}, mean {:?}, max {:?}",
        times[times.len() / 2],
        total / times.len() as u32,
        times[times.len() - 1]
    );
    for id in &unknown_ids {
        println!("unknown: {id}");
    }
    assert!(
        unknown * 100 <= records.len(),
        "{unknown} unknown verdicts of {}",
        records.len()
    );
}
