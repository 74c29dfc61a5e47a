//! Property tests: invariants of `Position` and `Game` on random games.
//!
//! A game is a walk of 0 to 200 random legal moves (each chosen by index
//! from a seed vector, so proptest shrinks towards short games) from the
//! standard start or a random Chess960 start, sometimes with a halfmove
//! clock of 90 to 99 at the start so that fifty-move claims come up. Half of
//! the time the walk tries to play back the reverse of the mover's previous
//! move (knight, king and rook shuffles), so repetitions happen.
//!
//! Each invariant is its own test, named after it; a failure prints the
//! start FEN and the UCI moves of the shrunk walk, and the FEN where it broke.
//!
//! Cases: 64 per test by default (the file runs in a few seconds; tests build
//! with opt-level 3). For long runs set `PROPTEST_CASES`, e.g.
//! `PROPTEST_CASES=5000 cargo test --test suite properties::`.
//!
//! En passant and the key: the Polyglot key counts an en passant square
//! whenever a pawn of the side to move stands beside the pawn that just
//! double-stepped, legal capture or not, while `fen()` writes the square only
//! when a capture is legal. So `fen()` read back gives an equal position
//! (equality counts the legal square only) whose key differs exactly when the
//! last move was a double step, a capture is pseudo-legal but illegal, and
//! the FEN therefore says `-`. The key from scratch is compared with a FEN
//! that carries the passed square after every double step (as
//! tests/oracle/zobrist.rs does).

use crate::common;

use chess_arbiter::{
    CastlingMode, Color, Game, IllegalMoveReason, Move, MoveKind, Outcome, Position, Role, Square,
};
use common::checks::fen_with_polyglot_en_passant;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::fmt;

/// Cases per test: `PROPTEST_CASES` if set, else a default that keeps the
/// whole file fast.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A start position and the legal moves played from it.
#[derive(Clone)]
struct Walk {
    start: Position,
    moves: Vec<Move>,
}

impl Walk {
    /// The position before each move and after the last: `moves.len() + 1`
    /// positions, each with the move that led to it.
    fn positions(&self) -> Vec<(Position, Option<Move>)> {
        let mut pos = self.start.clone();
        let mut all = vec![(pos.clone(), None)];
        for &m in &self.moves {
            pos.play_unchecked(m);
            all.push((pos.clone(), Some(m)));
        }
        all
    }

    /// The UCI text of the moves, as each position writes them.
    fn uci(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let text = pos.uci(m).to_string();
                pos.play_unchecked(m);
                text
            })
            .collect()
    }
}

impl fmt::Debug for Walk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} moves {:?}", self.start.fen(), self.uci().join(" "))
    }
}

/// The start: standard or Chess960 number `chess960`, with halfmove clock
/// `clock`.
fn start_position(chess960: Option<u16>, clock: u32) -> Position {
    let pos = chess960.map_or_else(Position::new, Position::chess960);
    let fen = pos.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let clock = clock.to_string();
    fields[4] = &clock;
    Position::from_fen_with_mode(&fields.join(" "), pos.castling_mode())
        .expect("a start with another clock is valid")
}

/// Plays the walk the seeds describe: each seed's `u16` picks a legal move
/// by index; when its `bool` is set, the reverse of the mover's previous
/// move is played instead if it is legal.
fn play_seeds(start: Position, seeds: &[(u16, bool)]) -> Walk {
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for &(choice, go_back) in seeds {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let back = moves
            .len()
            .checked_sub(2)
            .map(|i| Move::new(moves[i].to(), moves[i].from()))
            .filter(|&m| go_back && pos.is_legal(m));
        let m = back.unwrap_or(legal[usize::from(choice) % legal.len()]);
        pos.play_unchecked(m);
        moves.push(m);
    }
    Walk { start, moves }
}

/// Random walks, shrinking towards short games from the standard start.
fn walks() -> impl Strategy<Value = Walk> {
    (
        prop_oneof![Just(None), (0u16..960).prop_map(Some)],
        prop_oneof![3 => Just(0u32), 1 => 90u32..100],
        proptest::collection::vec((any::<u16>(), any::<bool>()), 0..=200),
    )
        .prop_map(|(chess960, clock, seeds)| play_seeds(start_position(chess960, clock), &seeds))
}

fn child(pos: &Position, m: Move) -> Position {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child
}

/// Every move the public constructors can build.
fn every_constructible_move() -> Vec<Move> {
    let mut all = Vec::new();
    for from in Square::ALL {
        for to in Square::ALL {
            all.push(Move::new(from, to));
            all.push(Move::double_push(from, to));
            all.push(Move::en_passant(from, to));
            all.push(Move::castle(from, to));
            for role in Role::ALL {
                all.extend(Move::promotion(from, to, role));
            }
        }
    }
    all
}

/// The position as FIDE 9.2 compares it: the first four FEN fields (`fen()`
/// writes the en passant square only when a capture is legal).
fn repetition_fields(pos: &Position) -> String {
    pos.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn is_mate_or_stalemate(pos: &Position) -> bool {
    pos.legal_moves().is_empty()
}

/// A capture or a pawn move, decided from the board alone.
fn is_capture_or_pawn_move(pos: &Position, m: Move) -> bool {
    let mover = pos.piece_at(m.from()).expect("a legal move moves a piece");
    let target = pos.piece_at(m.to());
    mover.role == Role::Pawn || m.is_en_passant() || target.is_some_and(|p| p.color != pos.turn())
}

/// FIDE 9.2 as the crate docs state it, by brute force over `history` (the
/// repetition fields of every position of the game, the current one last).
fn reference_threefold(game: &Game, history: &[String]) -> bool {
    if game.outcome().is_some() {
        return false;
    }
    let count = |fields: &String| history.iter().filter(|h| *h == fields).count();
    let pos = game.position();
    if count(history.last().expect("the current position")) >= 3 {
        return true;
    }
    pos.legal_moves().into_iter().any(|m| {
        let next = child(pos, m);
        !is_mate_or_stalemate(&next) && count(&repetition_fields(&next)) + 1 >= 3
    })
}

/// FIDE 9.3 as the crate docs state it.
fn reference_fifty(game: &Game) -> bool {
    if game.outcome().is_some() {
        return false;
    }
    let pos = game.position();
    if pos.halfmove_clock() >= 100 {
        return true;
    }
    pos.legal_moves().into_iter().any(|m| {
        let next = child(pos, m);
        !is_capture_or_pawn_move(pos, m)
            && next.halfmove_clock() >= 100
            && !is_mate_or_stalemate(&next)
    })
}

/// Replays the walk in a `Game`, calling `check` after every move (and at
/// the start) with the game and the repetition fields of its positions.
/// The replay stops where the game ends (a game takes no move after its
/// end; the walk's positions go on regardless).
fn replay_game(
    walk: &Walk,
    mut check: impl FnMut(&Game, &[String], &str) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    let mut game = Game::from_position(walk.start.clone());
    let mut history = vec![repetition_fields(game.position())];
    let uci = walk.uci();
    check(&game, &history, &format!("{walk:?} at ply 0"))?;
    for (ply, &m) in walk.moves.iter().enumerate() {
        game.play(m)
            .map_err(|e| TestCaseError::fail(format!("{walk:?}: {e}")))?;
        history.push(repetition_fields(game.position()));
        let context = format!(
            "{:?} after {}: {}",
            walk.start.fen(),
            uci[..=ply].join(" "),
            game.position().fen()
        );
        check(&game, &history, &context)?;
        if game.outcome().is_some() {
            break;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// `fen()` read back in the same castling mode gives an equal position,
    /// and the same key unless an en passant capture is pseudo-legal but
    /// illegal (see the file's docs). `PROPTEST_CASES` sets the cases.
    #[test]
    fn fen_round_trip_gives_an_equal_position_and_key(walk in walks()) {
        for (pos, last) in walk.positions() {
            let fen = pos.fen();
            let back = Position::from_fen_with_mode(&fen, pos.castling_mode())
                .map_err(|e| TestCaseError::fail(format!("{walk:?}: {fen}: {e}")))?;
            prop_assert!(back == pos, "{:?}: {} reads back as {}", walk, fen, back.fen());
            prop_assert_eq!(back.fen(), fen.clone());
            if back.zobrist() != pos.zobrist() {
                let double_step = last.is_some_and(|m| m.kind() == MoveKind::DoublePush);
                prop_assert!(
                    double_step && pos.en_passant_square().is_none(),
                    "{:?}: {} has another key when read back", walk, fen
                );
            }
        }
    }

    /// Every legal move round-trips through `uci()` and `parse_uci()`.
    /// `PROPTEST_CASES` sets the cases.
    #[test]
    fn every_legal_move_round_trips_through_uci(walk in walks()) {
        for (pos, _) in walk.positions() {
            for m in pos.legal_moves() {
                let text = pos.uci(m);
                prop_assert_eq!(
                    pos.parse_uci(&text), Ok(m),
                    "{:?}: {} in {}", walk, text, pos.fen()
                );
            }
        }
    }

    /// Every legal move round-trips through `san()` and both
    /// `parse_san_strict()` (with and without the `+`/`#` suffix) and
    /// `parse_san()`. `PROPTEST_CASES` sets the cases.
    #[test]
    fn every_legal_move_round_trips_through_san(walk in walks()) {
        for (pos, _) in walk.positions() {
            for m in pos.legal_moves() {
                let text = pos.san(m);
                prop_assert_eq!(
                    pos.parse_san_strict(&text), Ok(m),
                    "{:?}: strict {} in {}", walk, text, pos.fen()
                );
                prop_assert_eq!(
                    pos.parse_san(&text), Ok(m),
                    "{:?}: lenient {} in {}", walk, text, pos.fen()
                );
                let bare = text.trim_end_matches(['+', '#']);
                prop_assert_eq!(
                    pos.parse_san_strict(bare), Ok(m),
                    "{:?}: strict {} in {}", walk, bare, pos.fen()
                );
            }
        }
    }

    /// After any legal move the side that just moved is not in check: the
    /// FEN reader, which rejects the side not to move in check, accepts the
    /// child. `PROPTEST_CASES` sets the cases.
    #[test]
    fn no_legal_move_leaves_the_movers_king_attacked(walk in walks()) {
        for (pos, _) in walk.positions() {
            for m in pos.legal_moves() {
                let next = child(&pos, m);
                let fen = next.fen();
                prop_assert!(
                    Position::from_fen_with_mode(&fen, next.castling_mode()).is_ok(),
                    "{:?}: {} in {} gives {}, mover in check", walk, m, pos.fen(), fen
                );
            }
        }
    }

    /// After any legal move the incremental key equals the key from scratch
    /// (read from a FEN carrying the passed square after every double step).
    /// `PROPTEST_CASES` sets the cases.
    #[test]
    fn incremental_key_equals_key_from_scratch_after_every_legal_move(walk in walks()) {
        for (pos, _) in walk.positions() {
            for m in pos.legal_moves() {
                let next = child(&pos, m);
                let fen = fen_with_polyglot_en_passant(&next, Some(m));
                let scratch = Position::from_fen_with_mode(&fen, next.castling_mode())
                    .map_err(|e| TestCaseError::fail(format!("{walk:?}: {fen}: {e}")))?;
                prop_assert_eq!(
                    next.zobrist(), scratch.zobrist(),
                    "{:?}: {} in {} gives {}", walk, m, pos.fen(), fen
                );
            }
        }
    }

    /// `perft(1)` counts the legal moves. `PROPTEST_CASES` sets the cases.
    #[test]
    fn perft_1_equals_the_number_of_legal_moves(walk in walks()) {
        for (pos, _) in walk.positions() {
            prop_assert_eq!(
                pos.perft(1), pos.legal_moves().len() as u64,
                "{:?}: {}", walk, pos.fen()
            );
        }
    }

    /// Among every move the public constructors can build, `is_legal` holds
    /// for exactly the generated ones (checked at every 16th position and
    /// the last). `PROPTEST_CASES` sets the cases.
    #[test]
    fn is_legal_holds_for_exactly_the_generated_moves(walk in walks()) {
        let positions = walk.positions();
        let every = every_constructible_move();
        for (i, (pos, _)) in positions.iter().enumerate() {
            if i % 16 != 0 && i + 1 != positions.len() {
                continue;
            }
            let legal = pos.legal_moves();
            for &m in &every {
                prop_assert_eq!(
                    pos.is_legal(m), legal.contains(&m),
                    "{:?}: is_legal({:?}) in {}", walk, m, pos.fen()
                );
            }
        }
    }

    /// Checkmate is check with no legal move, stalemate no check and no
    /// legal move. `PROPTEST_CASES` sets the cases.
    #[test]
    fn checkmate_and_stalemate_mean_no_legal_move(walk in walks()) {
        for (pos, _) in walk.positions() {
            let none = pos.legal_moves().is_empty();
            prop_assert_eq!(pos.is_checkmate(), pos.is_check() && none, "{:?}: {}", walk, pos.fen());
            prop_assert_eq!(pos.is_stalemate(), !pos.is_check() && none, "{:?}: {}", walk, pos.fen());
        }
    }

    /// `Game::undo` after `Game::play` restores an equal game: moves,
    /// position and rulings. `PROPTEST_CASES` sets the cases.
    #[test]
    fn game_undo_after_play_restores_an_equal_game(walk in walks()) {
        replay_game(&walk, |game, _, context| {
            if let Some(outcome) = game.outcome() {
                for m in game.position().legal_moves() {
                    let err = game.clone().play(m).expect_err("no move after the end");
                    prop_assert_eq!(err.reason, IllegalMoveReason::GameOver(outcome), "{}", context);
                }
                return Ok(());
            }
            for m in game.position().legal_moves() {
                let mut after = game.clone();
                after.play(m).map_err(|e| TestCaseError::fail(format!("{context}: {e}")))?;
                prop_assert_eq!(after.undo(), Some(m), "{}", context);
                prop_assert!(after == *game, "{}: undo of {}", context, m);
                prop_assert!(after.position() == game.position(), "{}: undo of {}", context, m);
                prop_assert_eq!(after.repetitions(), game.repetitions(), "{}", context);
                prop_assert_eq!(after.outcome(), game.outcome(), "{}", context);
            }
            Ok(())
        })?;
    }

    /// `Game::repetitions` equals a count over the replayed history.
    /// `PROPTEST_CASES` sets the cases.
    #[test]
    fn repetitions_equal_a_count_over_the_history(walk in walks()) {
        replay_game(&walk, |game, history, context| {
            let now = history.last().expect("the current position");
            let count = history.iter().filter(|h| *h == now).count() as u32;
            prop_assert_eq!(game.repetitions(), count, "{}", context);
            Ok(())
        })?;
    }

    /// `can_claim_threefold_repetition` agrees with the plain reference
    /// `reference_threefold`. `PROPTEST_CASES` sets the cases.
    #[test]
    fn threefold_claim_agrees_with_the_reference(walk in walks()) {
        replay_game(&walk, |game, history, context| {
            prop_assert_eq!(
                game.can_claim_threefold_repetition(),
                reference_threefold(game, history),
                "{}", context
            );
            Ok(())
        })?;
    }

    /// `can_claim_fifty_moves` agrees with the plain reference
    /// `reference_fifty`. `PROPTEST_CASES` sets the cases.
    #[test]
    fn fifty_move_claim_agrees_with_the_reference(walk in walks()) {
        replay_game(&walk, |game, _, context| {
            prop_assert_eq!(game.can_claim_fifty_moves(), reference_fifty(game), "{}", context);
            Ok(())
        })?;
    }

    /// `Game::outcome` agrees with the position: checkmate and stalemate,
    /// and no claim once it is `Some`. `PROPTEST_CASES` sets the cases.
    #[test]
    fn game_outcome_agrees_with_the_position_and_blocks_claims(walk in walks()) {
        replay_game(&walk, |game, _, context| {
            let pos = game.position();
            let outcome = game.outcome();
            prop_assert_eq!(
                matches!(outcome, Some(Outcome::Decisive { .. })),
                pos.is_checkmate(),
                "{}", context
            );
            if pos.is_checkmate() {
                prop_assert_eq!(outcome.and_then(|o| o.winner()), Some(!pos.turn()));
            }
            if outcome.is_some() {
                prop_assert!(game.claimable_draw().is_none(), "{}", context);
                for flagged in Color::ALL {
                    prop_assert_eq!(Some(game.outcome_on_timeout(flagged)), outcome, "{}", context);
                }
            }
            Ok(())
        })?;
    }
}

/// The walks do exercise what the claims tests are about: repetitions,
/// threefold claims and high clocks occur in a fixed sample.
#[test]
fn the_walks_reach_repetitions_and_fifty_move_claims() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = walks();
    let (mut threefold, mut fifty, mut chess960) = (0, 0, 0);
    for _ in 0..40 {
        let walk = strategy.new_tree(&mut runner).unwrap().current();
        if walk.start.castling_mode() == CastlingMode::Chess960 {
            chess960 += 1;
        }
        replay_game(&walk, |game, _, _| {
            threefold += usize::from(game.can_claim_threefold_repetition());
            fifty += usize::from(game.can_claim_fifty_moves());
            Ok(())
        })
        .unwrap();
    }
    assert!(threefold > 0, "no threefold claim in the sample");
    assert!(fifty > 0, "no fifty-move claim in the sample");
    assert!(chess960 > 0, "no Chess960 start in the sample");
}
