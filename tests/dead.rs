//! Dead positions (FIDE 5.2.2) and flag falls (6.9) by name: pawn walls,
//! boxed-in kings, a sacrifice that opens a chain, timeout rulings, and a
//! property: a side that mates in a random playout was never called
//! unwinnable. The sample of an independent solver is
//! `tests/oracle/dead_sample.rs`.

use chess_arbiter::{Color, DrawReason, Game, Outcome, Position, WinReason, Winnability};

use crate::common::mate::assert_mates;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts `color` is Winnable here and that its helpmate is legal and mates.
fn assert_winnable(fen: &str, color: Color) {
    let p = pos(fen);
    assert_eq!(p.winnability(color), Winnability::Winnable, "{fen} {color}");
    let line = p.helpmate(color).expect("a helpmate");
    assert_mates(&p, color, &line, fen);
}

#[test]
fn a_pawn_promoted_then_taken_still_leaves_the_position_alive() {
    // The worst ply of the random replay: a line after the pawn's
    // promotion exists, and the narrow search finds one before the mating
    // pattern after the promotion is tried.
    let p = pos("N7/4k3/8/3n4/2BN4/3P4/4K3/b7 w - - 0 92");
    assert!(!p.is_dead());
    assert_winnable("N7/4k3/8/3n4/2BN4/3P4/4K3/b7 w - - 0 92", Color::White);
}

#[test]
fn pawn_wall_with_a_bishop_of_the_wrong_colour_is_dead() {
    let p = pos("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    assert_eq!(p.winnability(Color::White), Winnability::Unwinnable);
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
    assert!(p.is_dead());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
}

#[test]
fn pawn_wall_with_a_bishop_that_can_break_it_is_winnable() {
    let fen = "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1";
    assert_winnable(fen, Color::White);
    assert!(!pos(fen).is_dead());
    assert_eq!(pos(fen).outcome(), None);
}

#[test]
fn lone_king_and_rook_boxed_in_by_their_own_pawns_cannot_mate() {
    let p = pos("2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1");
    assert_eq!(p.winnability(Color::White), Winnability::Unwinnable);
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
    assert!(p.is_dead());
}

#[test]
fn buchanan_2002_with_the_pawn_on_a4_is_dead() {
    let p = pos("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1");
    assert!(p.is_dead());
}

#[test]
fn a_chain_that_looks_dead_is_opened_by_a_knight_sacrifice() {
    let fen = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/1N2K3 w - - 0 1";
    assert_winnable(fen, Color::White);
    assert_winnable(fen, Color::Black);
    assert_eq!(pos(fen).outcome(), None);
}

#[test]
fn boxed_king_behind_its_own_pawns_is_ruled_dead_by_outcome() {
    // The rook and king are walled in by their own pawns: outcome() rules
    // it, as is_dead() proves it (one answer).
    let fen = "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1";
    let p = pos(fen);
    assert!(p.is_dead(), "{fen}");
    let dead = Some(Outcome::Draw {
        reason: DrawReason::DeadPosition,
    });
    assert_eq!(p.outcome(), dead, "{fen}");
    assert_eq!(Game::from_position(p).outcome(), dead, "{fen}");
}

#[test]
fn pawns_that_cannot_pass_a_permanent_barrier_cannot_mate() {
    // The pawns on the sixth and seventh ranks block each other for ever;
    // White's king and the pawns below cannot get past them to Black's king.
    let fen = "2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    let fen = "1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    // Without the barrier's seventh rank the king walks through.
    assert_winnable(
        "2k5/8/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1",
        Color::White,
    );
}

#[test]
fn game_outcome_and_position_outcome_agree_with_is_dead_along_games() {
    // Seeded games that prefer captures and pawn moves, so that they reach
    // endings: after every move the game's ruling (inherited across moves
    // that can be taken back) is the position's, and a dead position is
    // ruled exactly when is_dead() proves it.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..3 {
        let mut game = Game::new();
        for _ in 0..300 {
            let p = game.position().clone();
            let outcome = game.outcome();
            assert_eq!(outcome, p.outcome(), "{}", p.fen());
            let dead_ruled = matches!(
                outcome,
                Some(Outcome::Draw {
                    reason: DrawReason::DeadPosition
                        | DrawReason::InsufficientMaterial
                        | DrawReason::Stalemate
                })
            );
            if outcome.is_none() || dead_ruled {
                assert_eq!(dead_ruled, p.is_dead(), "{}", p.fen());
            }
            if outcome.is_some() {
                break;
            }
            let moves = p.legal_moves();
            let forcing: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    p.piece_at(m.to()).is_some()
                        || p.piece_at(m.from()).map(|pc| pc.role) == Some(chess_arbiter::Role::Pawn)
                })
                .collect();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pool: &[_] = if forcing.is_empty() || seed % 3 == 0 {
                &moves
            } else {
                &forcing
            };
            game.play(pool[(seed >> 8) as usize % pool.len()]).unwrap();
        }
    }
}

#[test]
fn a_side_that_has_mated_has_an_empty_helpmate() {
    let p = pos("7k/5KQ1/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.helpmate(Color::White), Some(Vec::new()));
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
}

#[test]
fn flag_fall_against_a_locked_wall_is_a_draw() {
    // FIDE 6.9: White's flag falls, but Black can never mate.
    let game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    // The position is dead, so the game is already over: it keeps that outcome.
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Draw {
            reason: DrawReason::DeadPosition
        }
    );
    // Not dead, but White cannot mate: Black's flag falling is a draw; White's, a loss.
    let game = Game::from_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").unwrap();
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        }
    );
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Timeout
        }
    );
}

#[test]
fn small_endings_are_ruled_without_a_search() {
    // King, bishop and knight against a lone king: alive, and a flag fall
    // is a loss only for the side with the lone king.
    let fen = "8/8/8/5N2/8/8/B7/k6K w - - 0 1";
    assert!(!pos(fen).is_dead());
    assert_eq!(pos(fen).winnability(Color::Black), Winnability::Unwinnable);
    assert_winnable(fen, Color::White);
    let game = Game::from_fen(fen).unwrap();
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        }
    );
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        }
    );
    // Knight against knight: each side mates with the other's knight as a
    // blocker.
    let fen = "8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151";
    assert!(!pos(fen).is_dead());
    assert!(Game::from_fen(fen).unwrap().outcome().is_none());
    // A king that must take the queen: dead one move later, not now.
    let fen = "k7/1Q6/8/8/8/8/8/7K b - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    assert!(pos(fen).is_dead());
    // Bishop and knight, where Black's king must walk into a stalemate net.
    let fen = "8/8/8/8/2N5/8/k1K5/1B6 b - - 0 1";
    assert!(pos(fen).is_dead());
    assert_eq!(
        pos(fen).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
}

#[test]
fn four_man_endings_with_a_pawn_are_ruled_without_a_search() {
    // King, pawn and knight against a cornered king in check: it must go
    // to b8 and every line then stalemates it or gives the pawn away.
    let fen = "k7/1P6/1K6/1N6/8/8/8/8 b - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    assert_eq!(
        pos(fen).outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
    // A rook whose king is cornered by a pawn must be taken or stalemate:
    // White's flag fall is a draw, though a rook usually mates.
    let game = Game::from_fen("K7/1rk5/P7/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        }
    );
    let game = Game::from_fen("8/8/8/3k4/8/2p5/8/4K2R w - - 0 1").unwrap();
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        }
    );
}

#[test]
fn a_mate_that_needs_a_promotion_is_found_and_replayed() {
    // The defender's pawn promotes to the piece that blocks its king.
    assert_winnable("8/2k3P1/4n3/8/8/4K3/8/8 b - - 0 44", Color::Black);
    assert_winnable("8/6k1/8/2p4p/6N1/8/8/6K1 b - - 0 52", Color::White);
    // The winner's blocked pawn takes a queen offered to it and promotes.
    assert_winnable("2q5/8/8/p6p/P4k2/8/8/5K2 b - - 19 59", Color::White);
}

#[test]
fn knight_against_a_pawn_on_its_start_square_is_alive() {
    // The pawn blocks its own king in the corner: a knight's mate exists.
    let fen = "k7/p7/8/8/8/8/8/K6N w - - 0 1";
    assert!(!pos(fen).is_dead());
    assert_eq!(
        Game::from_fen(fen)
            .unwrap()
            .outcome_on_timeout(Color::Black),
        Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        }
    );
}

mod playouts {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random playouts that end in mate never pass a position called
        /// unwinnable for the side that mates.
        #[test]
        fn a_mating_side_was_never_called_unwinnable(choices in proptest::collection::vec(any::<u16>(), 40..300)) {
            let mut p = Position::new();
            let mut history = vec![p.clone()];
            for c in choices {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[usize::from(c) % moves.len()]);
                history.push(p.clone());
            }
            if p.is_checkmate() {
                let mater = !p.turn();
                for before in history.iter().rev().take(12) {
                    prop_assert_ne!(
                        before.winnability_with(mater, chess_arbiter::WinnabilityOptions::new().nodes(20_000)),
                        Winnability::Unwinnable,
                        "{} for {}", before.fen(), mater
                    );
                }
            }
        }
    }
}

/// Plays `moves` from `start` through `Game::play` as far as it allows.
fn played_as_far_as_play_allows(start: &Position, moves: &[chess_arbiter::Move]) -> Game {
    let mut game = Game::from_position(start.clone());
    for &m in moves {
        if game.play(m).is_err() {
            break;
        }
    }
    game
}

/// The record of `moves` from `start` in SAN, the result left open.
fn record(start: &Position, moves: &[chess_arbiter::Move]) -> String {
    let mut text = format!("[FEN \"{}\"]\n[SetUp \"1\"]\n\n", start.fen());
    let mut pos = start.clone();
    for &m in moves {
        text += pos.san(m).as_str();
        text.push(' ');
        pos.play_unchecked(m);
    }
    text + "*\n"
}

/// The PGN reader proves a record's life a few times, not once a move: a
/// record that goes on after its first dead position (found by halving
/// among the captures and pawn moves) ends where `Game::play` ends it, the
/// moves after it kept beside the game.
#[test]
fn the_reader_ends_a_record_at_the_first_dead_position_as_game_play_does() {
    use chess_arbiter::pgn::Reader;
    // Pawn walls with pieces that can still break them, or not: random
    // play that prefers captures reaches a dead position at some point.
    let starts = [
        "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/R1B1K1N1 w - - 0 1",
        "r3k3/8/2n5/p1p1p1p1/P1P1P1P1/8/8/4K1B1 b - - 0 1",
        "4k3/3b4/8/1p1p1p1p/pP1P1P1P/P7/8/2B1K2N w - - 0 1",
        "1n2k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K1R1 w - - 0 1",
    ];
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut dead_in_the_middle = 0;
    for fen in starts {
        for _ in 0..20 {
            let start = pos(fen);
            let mut play = start.clone();
            let mut moves = Vec::new();
            for _ in 0..160 {
                let legal = play.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let captures: Vec<_> = legal
                    .iter()
                    .copied()
                    .filter(|m| play.piece_at(m.to()).is_some())
                    .collect();
                let m = if !captures.is_empty() && next() % 3 != 0 {
                    captures[next() as usize % captures.len()]
                } else {
                    legal[next() as usize % legal.len()]
                };
                play.play_unchecked(m);
                moves.push(m);
            }
            let by_play = played_as_far_as_play_allows(&start, &moves);
            let text = record(&start, &moves);
            let read = Reader::new(text.as_bytes()).next().unwrap().unwrap();
            assert_eq!(read.game().moves(), by_play.moves(), "{text}");
            assert_eq!(read.game().outcome(), by_play.outcome(), "{text}");
            assert_eq!(
                read.moves_after_end(),
                &moves[by_play.moves().len()..],
                "{text}"
            );
            if by_play.outcome()
                == Some(Outcome::Draw {
                    reason: DrawReason::DeadPosition,
                })
                && by_play.moves().len() < moves.len()
            {
                dead_in_the_middle += 1;
            }
        }
    }
    assert!(dead_in_the_middle >= 5, "{dead_in_the_middle}");
}

/// The FENs of one of the instruction bench's lists (comments skipped).
fn bench_positions(text: &str) -> Vec<Position> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(pos)
        .collect()
}

#[test]
fn the_instruction_bench_positions_rule_as_the_bench_says() {
    // The slowest proofs of life of a replay, and positions alive by
    // search: alive. In a debug build the shortcuts of the looks (the
    // walks' moves tested unplayed, the flood of a locked region) are
    // checked against the moves played and the square-by-square fill.
    for text in [
        include_str!("../benches/tail_positions.txt"),
        include_str!("../benches/rich_positions.txt"),
    ] {
        for p in bench_positions(text) {
            assert!(!p.is_dead(), "{p:?}");
        }
    }
    // The last positions of records: seven dead.
    let last = bench_positions(include_str!("../benches/last_positions.txt"));
    assert_eq!(last.iter().filter(|p| p.is_dead()).count(), 7);
}

#[test]
fn endings_where_a_pawn_promotes_before_the_mate_are_alive() {
    // Slow plies of a replay: both quick looks fail, a line that promotes
    // first is found (tried before the short narrow search).
    for (fen, color) in [
        ("8/B2k4/2n5/7p/7P/1N6/6p1/3K2B1 w - - 0 92", Color::White),
        ("7B/5R2/6Np/7P/p7/k7/8/5K2 b - - 0 136", Color::White),
        ("4k3/4n3/7r/R6p/7P/8/3K4/5b2 w - - 0 41", Color::Black),
        ("8/8/8/2k5/p7/N7/P1K5/1R6 w - - 0 43", Color::White),
    ] {
        assert!(!pos(fen).is_dead(), "{fen}");
        assert_winnable(fen, color);
    }
}
