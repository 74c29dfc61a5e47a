//! Shared helpers for the suites that replay the python-chess oracle data
//! (`tests/data/draws.jsonl`, `tests/data/games.jsonl`): the flags python-chess
//! reports after a move, computed from a `Game`, and the adjustments for the
//! places where the crate deliberately differs from python-chess (the crate
//! docs, "Differences from python-chess").

#![allow(dead_code)] // each suite uses a different part

pub mod checks;
pub mod mate;
pub mod pgn_checks;

use chess_arbiter::{CastlingMode, Color, DrawReason, Game, Outcome, Position, WinReason};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Every flag name the oracle can report, in its order.
pub const FLAGS: [&str; 12] = [
    "is_check",
    "is_checkmate",
    "is_stalemate",
    "is_insufficient_material",
    "has_insufficient_material_white",
    "has_insufficient_material_black",
    "can_claim_threefold_repetition",
    "is_repetition_3",
    "is_fivefold_repetition",
    "can_claim_fifty_moves",
    "is_fifty_moves",
    "is_seventyfive_moves",
];

pub fn load(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}: {l}")))
        .collect()
}

/// The game a record starts from (Chess960 records in Chess960 mode).
pub fn start(record: &Value) -> Game {
    let fen = record["start_fen"].as_str().expect("start_fen");
    let mode = if record["chess960"].as_bool() == Some(true) {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = Position::from_fen_with_mode(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Game::from_position(pos)
}

/// The python-chess flags of the game's current position, from our API.
pub fn flags(game: &Game) -> BTreeSet<&'static str> {
    let pos = game.position();
    let has_moves = pos.count_legal_moves() > 0;
    let values = [
        pos.is_check(),
        pos.is_checkmate(),
        pos.is_stalemate(),
        pos.is_insufficient_material(),
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black),
        game.can_claim_threefold_repetition(),
        game.repetitions() >= 3,
        game.is_fivefold_repetition(),
        game.can_claim_fifty_moves(),
        pos.halfmove_clock() >= 100 && has_moves,
        game.is_seventy_five_moves(),
    ];
    FLAGS
        .iter()
        .zip(values)
        .filter(|(_, v)| *v)
        .map(|(n, _)| *n)
        .collect()
}

/// The oracle's flags as we expect them from our API.
pub fn expected_flags(
    oracle_flags: &Value,
    oracle_outcome: &Value,
) -> (BTreeSet<&'static str>, bool) {
    let mut set: BTreeSet<&'static str> = oracle_flags
        .as_array()
        .expect("flags")
        .iter()
        .map(|f| {
            let f = f.as_str().expect("flag name");
            *FLAGS
                .iter()
                .find(|n| **n == f)
                .unwrap_or_else(|| panic!("unknown flag {f}"))
        })
        .collect();
    let mut adjusted = false;
    if !oracle_outcome.is_null() {
        // python-chess difference 1: no claim once the game is over (checkmate, stalemate,
        // dead position, fivefold, seventy-five moves); python-chess still
        // reports can_claim_* then.
        adjusted |= set.remove("can_claim_threefold_repetition");
        adjusted |= set.remove("can_claim_fifty_moves");
    }
    (set, adjusted)
}

/// The oracle's `outcome` (python-chess `outcome(claim_draw=False)`) as we
/// expect it from `Game::outcome`.
pub fn expected_outcome(oracle: &Value, oracle_flags: &Value) -> (Option<Outcome>, bool) {
    if oracle.is_null() {
        return (None, false);
    }
    let winner = match oracle["winner"].as_str() {
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        _ => None,
    };
    let draw = |reason| Outcome::Draw { reason };
    let outcome = match oracle["termination"].as_str().expect("termination") {
        "CHECKMATE" => Outcome::Decisive {
            winner: winner.expect("checkmate has a winner"),
            reason: WinReason::Checkmate,
        },
        "STALEMATE" => draw(DrawReason::Stalemate),
        "INSUFFICIENT_MATERIAL" => {
            let stalemate = oracle_flags
                .as_array()
                .expect("flags")
                .iter()
                .any(|f| f == "is_stalemate");
            if stalemate {
                // python-chess difference 2: outcome() reports stalemate before insufficient
                // material; python-chess checks insufficient material first.
                return (Some(draw(DrawReason::Stalemate)), true);
            }
            draw(DrawReason::InsufficientMaterial)
        }
        "SEVENTYFIVE_MOVES" => draw(DrawReason::SeventyFiveMoves),
        "FIVEFOLD_REPETITION" => draw(DrawReason::FivefoldRepetition),
        other => panic!("unexpected automatic termination {other}"),
    };
    (Some(outcome), false)
}

/// The claim we expect from `Game::claimable_draw`, checked against the
/// oracle's `outcome_claim_draw` where that is given.
pub fn expected_claim(
    expected_flags: &BTreeSet<&'static str>,
    oracle_claim: Option<&Value>,
) -> Option<DrawReason> {
    let threefold = expected_flags.contains("can_claim_threefold_repetition");
    let fifty = expected_flags.contains("can_claim_fifty_moves");
    if let Some(claim) = oracle_claim.filter(|c| !c.is_null()) {
        // python-chess names the fifty-move rule first when both hold; our
        // claimable_draw names threefold first (python-chess difference 3).
        match claim["termination"].as_str() {
            Some("FIFTY_MOVES") => assert!(fifty, "oracle claims fifty moves without the flag"),
            Some("THREEFOLD_REPETITION") => assert!(
                threefold && !fifty,
                "oracle threefold claim disagrees with flags"
            ),
            _ => {}
        }
    }
    if threefold {
        Some(DrawReason::ThreefoldRepetition)
    } else if fifty {
        Some(DrawReason::FiftyMoves)
    } else {
        None
    }
}

/// The position of `fen`, in Chess960 when `chess960` (the oracles' flag).
pub fn position_in(fen: &str, chess960: bool) -> Position {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_fen_with_mode(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Sorted UCI of the legal moves (as the oracle lists them).
pub fn legal_uci(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.uci(m).to_string())
        .collect();
    moves.sort();
    moves
}

pub fn legal_matches(pos: &Position, oracle: &Value) -> bool {
    let expected: Vec<&str> = oracle
        .as_array()
        .expect("legal")
        .iter()
        .map(|m| m.as_str().expect("uci"))
        .collect();
    legal_uci(pos) == expected
}

/// Tallies how often each flag was expected true, to print per suite.
#[derive(Default)]
pub struct Tally {
    pub counts: BTreeMap<&'static str, usize>,
    pub checks: usize,
    /// Positions whose expectation a documented python-chess difference adjusted.
    pub adjusted: usize,
}

impl Tally {
    /// Compares the flags and outcome of `game` against the oracle's.
    pub fn check(
        &mut self,
        what: &str,
        game: &Game,
        oracle_flags: &Value,
        oracle_outcome: &Value,
        oracle_claim: Option<&Value>,
    ) {
        let (expected, adjusted_flags) = expected_flags(oracle_flags, oracle_outcome);
        let (outcome, adjusted_outcome) = expected_outcome(oracle_outcome, oracle_flags);
        let actual = flags(game);
        assert_eq!(
            actual,
            expected,
            "{what}: flags differ in {}",
            game.position().fen()
        );
        // python-chess difference 14: it knows dead positions only by material; a dead
        // position beyond it (FIDE 5.2.2) is ours alone, and must be proved.
        let dead = Some(Outcome::Draw {
            reason: DrawReason::DeadPosition,
        });
        if outcome.is_none() && game.outcome() == dead {
            assert!(
                game.position().is_dead(),
                "{what}: not dead: {}",
                game.position().fen()
            );
        } else {
            assert_eq!(
                game.outcome(),
                outcome,
                "{what}: outcome differs in {}",
                game.position().fen()
            );
        }
        let claim = expected_claim(&expected, oracle_claim);
        assert_eq!(
            game.claimable_draw(),
            claim,
            "{what}: claimable_draw differs in {}",
            game.position().fen()
        );
        if let Some(outcome) = outcome {
            assert_eq!(
                game.outcome_on_timeout(game.position().turn()),
                outcome,
                "{what}: a game already over keeps its outcome on timeout"
            );
        }
        self.checks += 1;
        for flag in expected {
            *self.counts.entry(flag).or_default() += 1;
        }
        if adjusted_flags || adjusted_outcome {
            self.adjusted += 1;
        }
    }

    pub fn print(&self, suite: &str) {
        eprintln!(
            "{suite}: {} positions checked; flags true (expected = actual):",
            self.checks
        );
        for flag in FLAGS {
            eprintln!(
                "  {flag:32} {}",
                self.counts.get(flag).copied().unwrap_or(0)
            );
        }
        eprintln!(
            "  {:32} {}",
            "(adjusted: documented difference)", self.adjusted
        );
    }
}

/// Plays the oracle's ply through `Game::play_san`, after checking that
/// `san()` writes the oracle's SAN for the oracle's UCI move, and that the
/// SAN reads back to that very move.
pub fn play_checking_san(game: &mut chess_arbiter::Game, ply: &serde_json::Value, what: &str) {
    let uci = ply["uci"].as_str().expect("uci");
    let want_san = ply["san"].as_str().expect("san");
    let m = game
        .position()
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        game.position().san(m).as_str(),
        want_san,
        "{what}: SAN of {uci}"
    );
    let played = game
        .play_san(want_san)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(played, m, "{what}: {want_san} read back as another move");
}

/// Replays the game's moves through `Game::play` to the same outcome, and
/// through serde.
pub fn replays_to_the_same_outcome(g: &chess_arbiter::pgn::PgnGame) {
    let mut replay = Game::from_position(g.game().start().clone());
    for &m in g.game().moves() {
        replay.play(m).unwrap_or_else(|e| panic!("{e}\n{g}"));
    }
    assert_eq!(replay.moves(), g.game().moves());
    assert_eq!(replay.position().fen(), g.game().position().fen());
    assert_eq!(replay.outcome(), g.game().outcome());
    let json = serde_json::to_string(g.game()).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{g}"));
    assert_eq!(back.moves(), g.game().moves());
    assert_eq!(back.outcome(), g.game().outcome());
}
