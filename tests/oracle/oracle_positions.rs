//! Every position of tests/data/games.jsonl (python-chess 1.11.2 oracle):
//! reached by replaying the game's UCI moves, and read directly from each
//! recorded FEN, the legal moves and the FEN we write equal the oracle's.

use crate::common::legal_uci;

use chess_arbiter::{CastlingMode, Position};
use serde_json::Value;

fn games() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("games.jsonl: one JSON object per line"))
        .collect()
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("missing string {key:?} in {v}"))
}

fn legal_of(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("legal is not a list: {v}"))
        .iter()
        .map(|m| m.as_str().expect("a UCI string").to_string())
        .collect()
}

fn mode(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// Compares one position with the oracle's FEN and legal moves; returns a
/// description of the first difference.
fn compare(pos: &Position, fen: &str, legal: &[String], context: &str) -> Result<(), String> {
    if pos.fen() != fen {
        return Err(format!(
            "{context}: fen() is {:?}, oracle {fen:?}",
            pos.fen()
        ));
    }
    let ours = legal_uci(pos);
    if ours != legal {
        let missing: Vec<_> = legal.iter().filter(|m| !ours.contains(m)).collect();
        let extra: Vec<_> = ours.iter().filter(|m| !legal.contains(m)).collect();
        return Err(format!(
            "{context} ({fen}): legal moves differ: missing {missing:?}, extra {extra:?}"
        ));
    }
    Ok(())
}

fn parse(fen: &str, chess960: bool, context: &str) -> Result<Position, String> {
    Position::from_fen_with_mode(fen, mode(chess960))
        .map_err(|e| format!("{context}: {fen:?}: {e}"))
}

#[test]
fn every_oracle_position_has_the_oracles_legal_moves_and_fen() {
    let mut replayed = 0;
    let mut parsed = 0;
    let mut failures = Vec::new();
    let mut check = |result: Result<(), String>| {
        if let Err(e) = result {
            failures.push(e);
        }
    };
    for game in games() {
        let id = str_of(&game, "id");
        let chess960 = game["chess960"].as_bool().expect("chess960 flag");
        let mut pos = match parse(str_of(&game, "start_fen"), chess960, id) {
            Ok(pos) => pos,
            Err(e) => {
                check(Err(e));
                continue;
            }
        };
        let plies = game["plies"].as_array().expect("plies list");
        let mut diverged = false;
        for (i, ply) in plies.iter().enumerate() {
            let context = format!("{id} ply {i}");
            let fen = str_of(ply, "fen");
            let legal = legal_of(&ply["legal"]);

            // Reached by moves.
            if !diverged {
                check(compare(&pos, fen, &legal, &format!("{context} (replayed)")));
                replayed += 1;
            }
            // Read directly, from the FEN as written and from the FEN with
            // the en passant square after every double step.
            let mut fens = vec![fen];
            fens.extend(ply.get("fen_ep_always").and_then(Value::as_str));
            fens.extend(ply.get("shredder_fen").and_then(Value::as_str));
            for written in fens {
                check(
                    parse(written, chess960, &context)
                        .and_then(|p| compare(&p, fen, &legal, &context)),
                );
                parsed += 1;
            }

            let uci = str_of(ply, "uci");
            match pos.parse_uci(uci) {
                Ok(m) => match pos.play(m) {
                    Ok(()) => {}
                    Err(e) => {
                        check(Err(format!("{context}: play({uci}): {e}")));
                        diverged = true;
                    }
                },
                Err(e) => {
                    check(Err(format!("{context}: parse_uci({uci}): {e}")));
                    diverged = true;
                }
            }
            if diverged {
                break;
            }
        }
        if diverged {
            continue;
        }
        let fen = str_of(&game, "final_fen");
        let legal = legal_of(&game["final_legal"]);
        let context = format!("{id} final");
        check(compare(&pos, fen, &legal, &format!("{context} (replayed)")));
        replayed += 1;
        let mut fens = vec![fen];
        fens.extend(game.get("final_fen_ep_always").and_then(Value::as_str));
        fens.extend(game.get("final_shredder_fen").and_then(Value::as_str));
        for written in fens {
            check(
                parse(written, chess960, &context).and_then(|p| compare(&p, fen, &legal, &context)),
            );
            parsed += 1;
        }
    }
    println!("checked {replayed} positions reached by moves and {parsed} FENs read directly");
    assert!(replayed > 20_000, "only {replayed} positions replayed");
    assert!(
        failures.is_empty(),
        "{} failures, the first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
