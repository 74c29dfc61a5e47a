//! The invariants the fuzz targets assert, in one place: the targets in
//! `fuzz/fuzz_targets/` include this file with `#[path]`, and
//! `tests/oracle/fuzz_corpus.rs` runs the same functions on built-in inputs
//! and on every committed seed under `fuzz/seeds/<target>/`. It lives under
//! `tests/` (not `fuzz/`) because the published crate leaves `fuzz/` out.
//!
//! Every function takes the raw fuzzer bytes and panics when an invariant
//! breaks, with the FEN and the moves in the message.

#![allow(dead_code)] // each includer uses a different part

use chess_arbiter::{
    CastlingMode, DrawReason, Game, IllegalMoveReason, Move, MoveKind, Outcome, Position, Square,
    WinReason,
};

/// Positions a target picks by its first byte: the start, Chess960 starts,
/// and positions with en passant, castling, promotion and pin subtleties.
pub const POSITIONS: &[(&str, CastlingMode)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        CastlingMode::Standard,
    ),
    // En passant legal, and en passant illegal by the rank pin.
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        CastlingMode::Standard,
    ),
    ("8/8/8/KPp4r/8/8/8/7k w - c6 0 1", CastlingMode::Standard),
    // En passant answering the check of the pawn that just double-stepped.
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", CastlingMode::Standard),
    // Promotions, with and without capture, both colours.
    (
        "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w - - 0 1",
        CastlingMode::Standard,
    ),
    (
        "n1n1k3/1P6/8/8/8/8/6p1/4K2N b - - 0 1",
        CastlingMode::Standard,
    ),
    // Castling through an attacked b1 (allowed) and with the king in check.
    (
        "r3k2r/8/8/8/8/8/8/Rr2K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    // Chess960 starts and a Chess960 castling with king and rook adjacent.
    (
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        CastlingMode::Chess960,
    ),
    (
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
        CastlingMode::Chess960,
    ),
    (
        "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1",
        CastlingMode::Chess960,
    ),
    ("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", CastlingMode::Chess960),
    ("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1", CastlingMode::Chess960),
    // Mate, stalemate, a long clock.
    (
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        CastlingMode::Standard,
    ),
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", CastlingMode::Standard),
    ("4k3/8/8/8/8/8/8/4K2R b K - 99 80", CastlingMode::Standard),
];

/// The position of `POSITIONS` that `byte` names.
pub fn table_position(byte: u8) -> Position {
    let (fen, mode) = POSITIONS[usize::from(byte) % POSITIONS.len()];
    Position::from_fen_with_mode(fen, mode).expect("the table holds valid FENs")
}

/// A start position from two bytes: the standard start when the first is
/// even, otherwise the Chess960 start the two bytes number.
pub fn start_position(a: u8, b: u8) -> Position {
    if a % 2 == 0 {
        Position::new()
    } else {
        Position::chess960(u16::from_le_bytes([a >> 1, b]) % 960)
    }
}

/// `pos.fen()`, but with the en passant square written whenever `last` was a
/// double step, so that reading it back keeps the square by the Polyglot
/// rule (a pawn ready to capture, legal or not) that the key follows.
pub fn fen_with_polyglot_en_passant(pos: &Position, last: Option<Move>) -> String {
    let fen = pos.fen();
    let Some(m) = last.filter(|m| m.kind() == MoveKind::DoublePush) else {
        return fen;
    };
    let passed = Square::new((m.from().index() + m.to().index()) / 2)
        .expect("a double step passes a square");
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    fields[3] = passed.to_string();
    fields.join(" ")
}

/// Invariants of one position reached by `last` (if any) from a legal
/// position: the FEN reads back to an equal position (which also proves the
/// side that just moved is not in check: the reader rejects that), after a
/// move the incremental key equals a key from scratch, `perft(1)` counts the legal moves, and mate
/// and stalemate mean what they say, and every generated move is legal.
pub fn check_position(pos: &Position, last: Option<Move>, context: impl Fn() -> String) {
    check_position_core(pos, last, &context);
    let fen = pos.fen();
    for m in pos.legal_moves() {
        assert!(
            pos.is_legal(m),
            "{}: {fen}: generated {m} is not legal",
            context()
        );
    }
}

/// `check_position` without its slowest part (an `is_legal` test of every
/// generated move, which the `fen` target runs on every position it reaches):
/// the FEN round trip, the scratch key, move counts, mate and stalemate.
pub fn check_position_core(pos: &Position, last: Option<Move>, context: impl Fn() -> String) {
    let fen = pos.fen();
    let back = Position::from_fen_with_mode(&fen, pos.castling_mode())
        .unwrap_or_else(|e| panic!("{}: {fen} does not read back: {e}", context()));
    assert!(
        back == *pos,
        "{}: {fen} reads back to {}",
        context(),
        back.fen()
    );
    if last.is_some() {
        let polyglot = fen_with_polyglot_en_passant(pos, last);
        let scratch = Position::from_fen_with_mode(&polyglot, pos.castling_mode())
            .unwrap_or_else(|e| panic!("{}: {polyglot} does not read: {e}", context()));
        assert_eq!(
            pos.zobrist(),
            scratch.zobrist(),
            "{}: {polyglot}",
            context()
        );
    }
    let moves = pos.legal_moves();
    assert_eq!(moves.len() as u64, pos.perft(1), "{}: {fen}", context());
    assert_eq!(
        pos.is_checkmate(),
        pos.is_check() && moves.is_empty(),
        "{}: {fen}",
        context()
    );
    assert_eq!(
        pos.is_stalemate(),
        !pos.is_check() && moves.is_empty(),
        "{}: {fen}",
        context()
    );
}

/// Target `fen`: arbitrary text to the FEN readers; an accepted position
/// writes a FEN that reads back to an equal position, and every legal move
/// from it leads to a valid position.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for result in [
        Position::from_fen(text),
        Position::from_fen_with_mode(text, CastlingMode::Standard),
        Position::from_fen_with_mode(text, CastlingMode::Chess960),
    ] {
        let Ok(pos) = result else { continue };
        check_position(&pos, None, || text.to_string());
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            check_position(&child, Some(m), || format!("{text} then {m}"));
        }
    }
}

/// Target `uci`: the first byte picks a position of `POSITIONS`, the rest
/// is text for `parse_uci`. An accepted move is legal and its `uci()` reads
/// back to it; every legal move round-trips through `uci()`.
pub fn uci(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let pos = table_position(first);
    let fen = pos.fen();
    if let Ok(text) = std::str::from_utf8(rest) {
        if let Ok(m) = pos.parse_uci(text) {
            assert!(pos.is_legal(m), "{fen}: {text:?} parsed to illegal {m}");
            let written = pos.uci(m);
            assert_eq!(
                pos.parse_uci(&written),
                Ok(m),
                "{fen}: {text:?} parsed to {m}, written {written}"
            );
        }
    }
    for m in pos.legal_moves() {
        let written = pos.uci(m);
        assert_eq!(pos.parse_uci(&written), Ok(m), "{fen}: {written}");
    }
}

/// How often the `play` and `game` targets run their full (slow) checks:
/// every step costs only cheap invariants, every `FULL_CHECK_EVERY`-th step
/// and the last step also the FEN round trips, scratch keys, claims and
/// replays. A broken key or board stays broken, so the last step's full
/// check still catches what an earlier step did wrong.
pub const FULL_CHECK_EVERY: usize = 64;

/// The most plies (`play`) or operations (`game`) one input drives, so that
/// each target runs about a million inputs a minute; depth comes from the
/// starts instead (`fuzz_start`: the table's middle games and endings too).
pub const MAX_PLIES: usize = 40;

/// The most operations one `game` input drives (each full check replays the
/// game and asks every claim): enough for a fivefold repetition (16 plies).
pub const MAX_GAME_OPERATIONS: usize = 24;

/// The start of a `play` or `game` input: one position in four from the
/// table of `POSITIONS` (en passant, castling, promotion, pins), one in
/// four a Chess960 start (any of the 960: the bits of `a` above the two
/// that chose, then `b`), the others the standard start.
pub fn fuzz_start(a: u8, b: u8) -> Position {
    match a % 4 {
        3 => table_position(b),
        1 => Position::chess960(chess960_number(a, b)),
        _ => Position::new(),
    }
}

/// The Chess960 start `fuzz_start` picks when `a % 4 == 1`.
fn chess960_number(a: u8, b: u8) -> u16 {
    (u16::from(a >> 2) | u16::from(b) << 6) % 960
}

/// Invariants cheap enough for every step (a few bit operations): no square
/// holds two colours or two roles, each colour's pieces are exactly the
/// union of its roles, and each side has one king.
pub fn check_position_cheap(pos: &Position, context: impl Fn() -> String) {
    use chess_arbiter::{Bitboard, Color, Role};
    let (white, black) = (pos.by_color(Color::White), pos.by_color(Color::Black));
    let roles = Role::ALL;
    let mut all = Bitboard::EMPTY;
    let mut overlap = white & black;
    for role in roles {
        overlap |= all & pos.by_role(role);
        all |= pos.by_role(role);
    }
    let kings = pos.by_role(Role::King);
    let ok = overlap.is_empty()
        && all == white | black
        && (kings & white).len() == 1
        && (kings & black).len() == 1;
    assert!(ok, "{}: inconsistent piece sets", context());
}

/// Target `play`: the first two bytes pick a start (`fuzz_start`), each
/// further byte a legal move by index. After every move the cheap
/// invariants hold; every `FULL_CHECK_EVERY`-th position and the last one
/// also pass `check_position` (FEN round trip, incremental key against a
/// key from scratch, move counts, mate and stalemate).
pub fn play(data: &[u8]) {
    let (a, b) = (
        data.first().copied().unwrap_or(0),
        data.get(1).copied().unwrap_or(0),
    );
    let mut pos = fuzz_start(a, b);
    let start = pos.clone();
    let mut played: Vec<Move> = Vec::new();
    let context = |played: &[Move]| {
        // The moves in UCI, replayed from the start (formatted on failure only).
        let mut p = start.clone();
        let mut text = format!("{} moves", start.fen());
        for &m in played {
            text.push(' ');
            text.push_str(&p.uci(m));
            p.play_unchecked(m);
        }
        text
    };
    for (i, &byte) in data.iter().skip(2).take(MAX_PLIES).enumerate() {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(byte) % moves.len()];
        played.push(m);
        pos.play_unchecked(m);
        if (i + 1) % FULL_CHECK_EVERY == 0 {
            check_position_core(&pos, Some(m), || context(&played));
        } else {
            check_position_cheap(&pos, || context(&played));
        }
    }
    check_position_core(&pos, played.last().copied(), || context(&played));
    // The helpmate search costs far more than the rest of an input: one
    // final position in 64 (by its key) checks it, so the target keeps its
    // pace.
    if pos.zobrist() % 64 == 0 {
        check_helpmate(&pos);
    }
}

/// A helpmate found with a small budget is legal and ends in a mate by its side.
pub fn check_helpmate(pos: &Position) {
    for color in [chess_arbiter::Color::White, chess_arbiter::Color::Black] {
        if let Some(line) =
            pos.helpmate_with(color, chess_arbiter::WinnabilityOptions::new().nodes(2_000))
        {
            let mut after = pos.clone();
            for &m in &line {
                assert!(
                    after.play(m).is_ok(),
                    "helpmate {m} illegal from {}",
                    pos.fen()
                );
            }
            assert!(
                after.is_checkmate() && after.turn() != color,
                "helpmate for {color} from {} ends in {}",
                pos.fen(),
                after.fen()
            );
        }
    }
}

/// Target `game`: the first two bytes pick a start, each further byte an
/// operation on a `Game`: play a legal move by index, play back the reverse
/// of the side's previous move (to make repetitions), undo, or query.
/// Claims and outcomes never panic; every step passes cheap invariants, and
/// every `FULL_CHECK_EVERY`-th step and the last agree with the position's
/// rulings, with undo, and with a count of repetitions over the replayed
/// history.
pub fn game(data: &[u8]) {
    // Full checks replay the history; keep inputs short.
    let data = &data[..data.len().min(MAX_GAME_OPERATIONS + 2)];
    let (a, b) = (
        data.first().copied().unwrap_or(0),
        data.get(1).copied().unwrap_or(0),
    );
    let mut game = start_game(a, b);
    let steps = data.len().saturating_sub(2);
    // The replay of the last full check (the last step is one).
    let mut replayed = None;
    for (i, &byte) in data.iter().skip(2).enumerate() {
        let full = i + 1 == steps || (i + 1) % FULL_CHECK_EVERY == 0;
        let pos = game.position();
        let moves = pos.legal_moves();
        // A game that is over takes no more moves; the error says so.
        let over = game.outcome();
        match byte % 8 {
            0..=3 | 4..=5 | 7 if over.is_some() => {
                if let Some(&m) = moves.first() {
                    let err = game.clone().play(m).expect_err("no move after the end");
                    assert_eq!(err.reason, IllegalMoveReason::GameOver(over.unwrap()));
                }
            }
            0..=3 => {
                if let Some(&m) = moves.get(usize::from(byte >> 3) % moves.len().max(1)) {
                    let before = full.then(|| game.clone());
                    game.play(m).expect("a generated move is legal");
                    if let Some(before) = before {
                        let mut again = game.clone();
                        assert_eq!(again.undo(), Some(m));
                        assert!(
                            again == before,
                            "undo of {m} after {}",
                            history_text(&before)
                        );
                        assert!(again.position() == before.position());
                    }
                }
            }
            4..=5 => {
                // Go back where this side came from, if that is legal.
                let n = game.moves().len();
                if n >= 2 {
                    let last_own = game.moves()[n - 2];
                    let back = Move::new(last_own.to(), last_own.from());
                    if pos.is_legal(back) {
                        game.play(back).expect("checked legal");
                    }
                }
            }
            6 => {
                let last = game.moves().last().copied();
                assert_eq!(game.undo(), last);
            }
            _ => {
                for &m in &moves {
                    assert!(pos.is_legal(m), "{}: {m}", history_text(&game));
                }
                // Playing on a copy leaves the game as it was (one move:
                // each copy allocates its histories).
                if let Some(&m) = moves.get(usize::from(byte >> 3) % moves.len().max(1)) {
                    if full {
                        let mut copy = game.clone();
                        assert!(copy.play(m).is_ok());
                        assert_eq!(copy.undo(), Some(m));
                        assert!(
                            copy == game,
                            "{}: play and undo of {m}",
                            history_text(&game)
                        );
                    }
                }
            }
        }
        if full {
            let (history, last) = replay(&game);
            check_game(&game, &history);
            replayed = Some(last);
        } else {
            check_game_cheap(&game);
        }
    }
    let last = replayed.unwrap_or_else(|| replay(&game).1);
    assert!(
        last == *game.position(),
        "{}: replay differs from {}",
        history_text(&game),
        game.position().fen()
    );
}

/// The start `fuzz_start(a, b)` picks, numbered: the table's positions
/// from 0, the standard start 1000, the Chess960 starts from 1001.
pub fn start_key(a: u8, b: u8) -> u16 {
    match a % 4 {
        3 => (usize::from(b) % POSITIONS.len()) as u16,
        1 => 1001 + chess960_number(a, b),
        _ => 1000,
    }
}

/// `Game::from_position(fuzz_start(a, b))`, made once per start and
/// thread, then cloned: a new game runs the dead-position search on its
/// start, and the `game` target's inputs share about a thousand starts (the
/// same ruling of the same position every time).
pub fn start_game(a: u8, b: u8) -> Game {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static STARTS: RefCell<HashMap<u16, Game>> = RefCell::new(HashMap::new());
    }
    let key = start_key(a, b);
    STARTS.with(|starts| {
        starts
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| Game::from_position(fuzz_start(a, b)))
            .clone()
    })
}

/// Invariants cheap enough for every step of the `game` target.
fn check_game_cheap(game: &Game) {
    check_position_cheap(game.position(), || history_text(game));
}

fn history_text(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
    format!("{} moves {}", game.start().fen(), moves.join(" "))
}

/// A position in the sense of FIDE 9.2, read through the public accessors
/// (not the key): the pieces, the side to move, the castling rights and the
/// en passant square when a capture is legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RepetitionFields {
    pieces: [chess_arbiter::Bitboard; 8],
    turn: chess_arbiter::Color,
    castling: chess_arbiter::Bitboard,
    en_passant: Option<Square>,
}

fn repetition_fields(pos: &Position) -> RepetitionFields {
    use chess_arbiter::{Color, Role};
    let role = |r| pos.by_role(r);
    RepetitionFields {
        pieces: [
            pos.by_color(Color::White),
            pos.by_color(Color::Black),
            role(Role::Pawn),
            role(Role::Knight),
            role(Role::Bishop),
            role(Role::Rook),
            role(Role::Queen),
            role(Role::King),
        ],
        turn: pos.turn(),
        castling: pos.castling_rights(),
        en_passant: pos.en_passant_square(),
    }
}

/// The repetition fields of each position of the game from its start, and
/// its last position, by replaying its moves (no copy of each position).
pub fn replay(game: &Game) -> (Vec<RepetitionFields>, Position) {
    let mut pos = game.start().clone();
    let mut fields = Vec::with_capacity(game.moves().len() + 1);
    fields.push(repetition_fields(&pos));
    for &m in game.moves() {
        pos.play(m).expect("the game's moves are legal");
        fields.push(repetition_fields(&pos));
    }
    (fields, pos)
}

/// Consistency of a `Game`'s rulings with its position and with `history`,
/// the repetition fields of each of its positions (the current one last).
pub fn check_game(game: &Game, history: &[RepetitionFields]) {
    // Formatted only when an assertion fails.
    let context = || history_text(game);
    let pos = game.position();
    let now = repetition_fields(pos);
    assert_eq!(history.last(), Some(&now), "{}", context());
    let count = history.iter().filter(|p| **p == now).count() as u32;
    assert_eq!(game.repetitions(), count, "{}", context());
    assert_eq!(game.is_fivefold_repetition(), count >= 5, "{}", context());
    let outcome = game.outcome();
    assert_eq!(
        matches!(
            outcome,
            Some(Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            })
        ),
        pos.is_checkmate(),
        "{}",
        context()
    );
    if pos.is_checkmate() {
        assert_eq!(outcome.and_then(|o| o.winner()), Some(!pos.turn()));
    }
    assert_eq!(
        outcome
            == Some(Outcome::Draw {
                reason: DrawReason::Stalemate
            }),
        pos.is_stalemate(),
        "{}",
        context()
    );
    // The position's own ruling (its dead-position search from scratch)
    // against the game's (kept move by move): asked once, used twice.
    let ruled = pos.outcome();
    if let Some(o) = ruled {
        assert_eq!(outcome, Some(o), "{}", context());
    }
    assert_eq!(
        outcome.is_none(),
        ruled.is_none() && count < 5,
        "{}",
        context()
    );
    let threefold = game.can_claim_threefold_repetition();
    let fifty = game.can_claim_fifty_moves();
    let claim = game.claimable_draw();
    if outcome.is_some() {
        assert!(!threefold && !fifty && claim.is_none(), "{}", context());
        for flagged in [chess_arbiter::Color::White, chess_arbiter::Color::Black] {
            assert_eq!(Some(game.outcome_on_timeout(flagged)), outcome);
        }
    } else {
        if count >= 3 {
            assert!(threefold, "{}", context());
        }
        if pos.halfmove_clock() >= 100 {
            assert!(fifty, "{}", context());
        }
        if pos.halfmove_clock() < 99 {
            assert!(!fifty, "{}", context());
        }
        let expected = if threefold {
            Some(DrawReason::ThreefoldRepetition)
        } else if fifty {
            Some(DrawReason::FiftyMoves)
        } else {
            None
        };
        assert_eq!(claim, expected, "{}", context());
        // Beyond the material rule a timeout ruling runs the dead-position
        // search (milliseconds on hard positions): checked on one game
        // length in eight, so the target keeps its pace.
        let search_too = game.moves().len() % 8 == 0;
        for flagged in [chess_arbiter::Color::White, chess_arbiter::Color::Black] {
            if !search_too && !pos.has_insufficient_material(!flagged) {
                continue;
            }
            let o = game.outcome_on_timeout(flagged);
            let draw = Outcome::Draw {
                reason: DrawReason::TimeoutOpponentCannotMate,
            };
            let win = Outcome::Decisive {
                winner: !flagged,
                reason: WinReason::Timeout,
            };
            // The material rule always draws; beyond it the ruling follows
            // `winnability` (a draw only where no helpmate exists).
            if pos.has_insufficient_material(!flagged) {
                assert_eq!(o, draw, "{}", context());
            } else if o == draw {
                assert!(
                    pos.helpmate_with(
                        !flagged,
                        chess_arbiter::WinnabilityOptions::new().nodes(2_000)
                    )
                    .is_none(),
                    "{}",
                    context()
                );
            } else {
                assert_eq!(o, win, "{}", context());
            }
        }
    }
    assert_eq!(
        game.is_seventy_five_moves(),
        pos.halfmove_clock() >= 150 && !pos.legal_moves().is_empty(),
        "{}",
        context()
    );
}

/// Target `san`: the first byte picks a position of `POSITIONS`, the rest
/// is text for `parse_san` and `parse_san_strict`. An accepted move is
/// legal, and `san()` of it reads back to it through both parsers; what the
/// strict parser takes, the lenient one takes as the same move. Every legal
/// move round-trips through `san()`.
pub fn san(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let pos = table_position(first);
    let fen = pos.fen();
    if let Ok(text) = std::str::from_utf8(rest) {
        let lenient = pos.parse_san(text);
        let strict = pos.parse_san_strict(text);
        for m in [&lenient, &strict].into_iter().flatten() {
            let m = *m;
            assert!(pos.is_legal(m), "{fen}: {text:?} parsed to illegal {m}");
            let written = pos.san(m);
            assert_eq!(
                pos.parse_san_strict(&written),
                Ok(m),
                "{fen}: {text:?} -> {written}"
            );
            assert_eq!(
                pos.parse_san(&written),
                Ok(m),
                "{fen}: {text:?} -> {written}"
            );
        }
        if let Ok(m) = strict {
            assert_eq!(lenient, Ok(m), "{fen}: strict took {text:?} as {m}");
        }
    }
    for m in pos.legal_moves() {
        let written = pos.san(m);
        assert_eq!(pos.parse_san_strict(&written), Ok(m), "{fen}: {written}");
        assert_eq!(pos.parse_san(&written), Ok(m), "{fen}: {written}");
    }
}
