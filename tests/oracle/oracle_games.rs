//! The oracle games (tests/data/games.jsonl: 80 games, about 21,000 plies,
//! labelled by python-chess 1.11.2) replayed ply by ply: every ruling of
//! `Game` against the oracle's, SAN written and read back for every legal
//! move of every position, and the incremental Polyglot key against the key
//! from scratch.
//!
//! This suite and its 6 MiB data file stay in the repository: the published
//! package leaves both out to stay small (see `exclude` in Cargo.toml). The
//! other suites test every rule on their own.

use crate::common;

use chess_arbiter::{CastlingMode, DrawReason, Move, Outcome, Position, Role, SanError, Square};
use common::Tally;
use common::checks::fen_with_polyglot_en_passant;
use serde_json::Value;
use std::collections::HashMap;

fn records(name: &str) -> Vec<Value> {
    common::load(name)
}

fn uci_move(pos: &Position, uci: &str) -> Move {
    pos.parse_uci(uci).unwrap_or_else(|e| panic!("{e}"))
}

fn play(pos: &mut Position, uci: &str) -> Move {
    let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    pos.play(m).unwrap();
    m
}

/// The FIDE 9.2.3 identity as the oracle's FEN writes it: placement, side to
/// move, castling rights, legal en passant square.
fn identity(pos: &Position) -> String {
    pos.fen()
        .splitn(5, ' ')
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_oracle_game_matches_the_oracle() {
    let mut tally = Tally::default();
    let records = common::load("games.jsonl");
    assert!(
        records.len() >= 80,
        "games.jsonl has {} games",
        records.len()
    );
    let mut plies_played = 0;
    for record in &records {
        let id = record["id"]
            .as_str()
            .map_or_else(|| record["id"].to_string(), str::to_string);
        let mut game = common::start(record);
        // A naive count of every position seen, for an independent check of
        // repetitions() and the announced-move threefold claim.
        let mut seen: HashMap<String, u32> = HashMap::new();
        *seen.entry(identity(game.position())).or_default() += 1;
        let plies = record["plies"].as_array().expect("plies");
        for (i, ply) in plies.iter().enumerate() {
            let what = format!("game {id} ply {}", i + 1);
            if game.outcome()
                == Some(Outcome::Draw {
                    reason: DrawReason::DeadPosition,
                })
            {
                // python-chess difference 14: our game ended in a dead
                // position (proved in `Tally::check`); python-chess plays on.
                break;
            }
            assert_eq!(
                game.position().fen(),
                ply["fen"].as_str().expect("fen"),
                "{what}: FEN before the move"
            );
            assert!(
                common::legal_matches(game.position(), &ply["legal"]),
                "{what}: legal moves differ in {}",
                game.position().fen()
            );
            common::play_checking_san(&mut game, ply, &what);
            plies_played += 1;
            tally.check(&what, &game, &ply["flags"], &ply["outcome"], None);

            let pos = game.position();
            let count = {
                let count = seen.entry(identity(pos)).or_default();
                *count += 1;
                *count
            };
            assert_eq!(
                game.repetitions(),
                count,
                "{what}: repetitions() against a naive count"
            );
            if game.outcome().is_none() {
                let ahead = pos.legal_moves().into_iter().any(|m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    seen.get(&identity(&child)).copied().unwrap_or(0) >= 2
                });
                assert_eq!(
                    game.can_claim_threefold_repetition(),
                    count >= 3 || ahead,
                    "{what}: naive threefold claim"
                );
            }
        }
        let what = format!("game {id} final");
        if game.moves().len() < plies.len() {
            continue; // ended early by a dead position (difference 14)
        }
        assert_eq!(
            game.position().fen(),
            record["final_fen"].as_str().expect("final_fen"),
            "{what}"
        );
        assert!(
            common::legal_matches(game.position(), &record["final_legal"]),
            "{what}: legal moves differ"
        );
        let last_flags = plies
            .last()
            .map_or(serde_json::Value::Array(vec![]), |p| p["flags"].clone());
        let (outcome, _) = common::expected_outcome(&record["outcome"], &last_flags);
        assert_eq!(game.outcome(), outcome, "{what}");
        if record["outcome"].is_null() {
            let (flags, _) = common::expected_flags(&last_flags, &record["outcome"]);
            let claim = common::expected_claim(&flags, Some(&record["outcome_claim_draw"]));
            assert_eq!(game.claimable_draw(), claim, "{what}");
        }
        assert_eq!(
            game.outcome().map_or("*", |o| o.result()),
            record["result"].as_str().expect("result"),
            "{what}"
        );

        // Take every move back: each earlier position comes back exactly.
        for ply in plies.iter().rev() {
            assert!(game.undo().is_some());
            assert_eq!(
                game.position().fen(),
                ply["fen"].as_str().expect("fen"),
                "game {id}: undo"
            );
        }
        assert_eq!(game.undo(), None);
    }
    eprintln!("games.jsonl: {} games, {plies_played} plies", records.len());
    tally.print("games.jsonl");
}

#[test]
fn san_round_trips_and_has_the_right_suffix_for_every_legal_move_of_every_game_position() {
    let mut positions = 0;
    let mut moves = 0;
    for game in records("games.jsonl") {
        let chess960 = game["chess960"].as_bool().unwrap_or(false);
        for ply in game["plies"].as_array().unwrap() {
            let pos = common::position_in(ply["fen"].as_str().unwrap(), chess960);
            let played = uci_move(&pos, ply["uci"].as_str().unwrap());
            assert_eq!(
                pos.san(played),
                ply["san"].as_str().unwrap(),
                "{pos:?} {played:?}"
            );
            for m in pos.legal_moves() {
                let san = pos.san(m);
                assert_ne!(san.as_str(), pos.uci(m).as_str(), "{pos:?} {m:?}");
                assert_eq!(pos.parse_san(&san), Ok(m), "{pos:?} {san}");
                assert_eq!(pos.parse_san_strict(&san), Ok(m), "{pos:?} {san}");
                let mut after = pos.clone();
                after.play_unchecked(m);
                let suffix = if after.is_checkmate() {
                    "#"
                } else if after.is_check() {
                    "+"
                } else {
                    ""
                };
                let written = san.trim_start_matches(|c| c != '+' && c != '#');
                assert_eq!(written, suffix, "{pos:?} {san}");
                moves += 1;
            }
            positions += 1;
        }
    }
    println!("round trip: {moves} moves in {positions} positions");
    assert!(positions > 20_000);
}

/// Every move the encoding can express, legal or not.
fn all_moves() -> Vec<Move> {
    let mut all = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            all.extend([
                Move::new(from, to),
                Move::double_push(from, to),
                Move::en_passant(from, to),
                Move::castle(from, to),
            ]);
            all.extend(
                Role::PROMOTIONS
                    .iter()
                    .filter_map(|&r| Move::promotion(from, to, r)),
            );
        }
    }
    all
}

#[test]
fn san_of_an_illegal_move_is_its_squares_in_parentheses_and_never_reads_back() {
    let all = all_moves();
    let mut positions = 0;
    for game in records("games.jsonl").iter().step_by(4) {
        let chess960 = game["chess960"].as_bool().unwrap_or(false);
        for ply in game["plies"].as_array().unwrap().iter().step_by(37) {
            let pos = common::position_in(ply["fen"].as_str().unwrap(), chess960);
            for &m in &all {
                let san = pos.san(m);
                let promotion = m.promotion_role().map(|r| r.char().to_string());
                let raw = format!("({}{}{})", m.from(), m.to(), promotion.unwrap_or_default());
                assert_eq!(
                    san == raw.as_str(),
                    !pos.is_legal(m),
                    "{pos:?} {m:?}: {san}"
                );
                if !pos.is_legal(m) {
                    assert!(
                        matches!(pos.parse_san(&san), Err(SanError::Syntax { .. })),
                        "{pos:?} {m:?}: {san}"
                    );
                }
            }
            positions += 1;
        }
    }
    assert!(positions > 50);
}

// ---- writing ----

/// The key from scratch of the position `pos` reached by `last`.
fn key_from_scratch(pos: &Position, last: Option<Move>) -> Result<u64, String> {
    let fen = fen_with_polyglot_en_passant(pos, last);
    Position::from_fen_with_mode(&fen, pos.castling_mode())
        .map(|p| p.zobrist())
        .map_err(|e| format!("{fen}: {e}"))
}

#[test]
fn incremental_key_equals_key_from_scratch_in_every_oracle_game() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).unwrap();
        let mode = if game["chess960"].as_bool() == Some(true) {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let mut pos =
            Position::from_fen_with_mode(game["start_fen"].as_str().unwrap(), mode).unwrap();
        for ply in game["plies"].as_array().unwrap() {
            let m = play(&mut pos, ply["uci"].as_str().unwrap());
            let scratch = key_from_scratch(&pos, Some(m)).unwrap();
            assert_eq!(
                pos.zobrist(),
                scratch,
                "{} after {}: {}",
                game["id"],
                ply["uci"],
                pos.fen()
            );
            checked += 1;
        }
    }
    assert!(checked > 20_000, "only {checked} plies");
}
