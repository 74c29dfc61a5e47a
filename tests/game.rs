//! `Game`: one test per rule of FIDE 5, 6.9 and 9 as the crate docs state
//! them. The replay of the python-chess oracle games is in
//! `tests/oracle/oracle_games.rs`.

use chess_arbiter::{Color, DrawReason, Game, Outcome, Position, WinReason};

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(game: &mut Game, moves: &str) {
    for uci in moves.split_whitespace() {
        game.play_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn threefold_reached_by_the_announced_move() {
    let mut game = Game::new();
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    play(&mut game, "g1f3 g8f6");
    assert!(!game.can_claim_threefold_repetition());
    play(&mut game, "f3g1");
    // The position after 2. Ng1 has occurred twice; Black announces Ng8,
    // which brings the start position a third time (FIDE 9.2.1).
    assert_eq!(game.repetitions(), 2);
    assert!(game.can_claim_threefold_repetition());
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    assert_eq!(game.outcome(), None);

    // Announcing another move is no claim: the right lapses once Black deviates.
    let mut deviated = game.clone();
    play(&mut deviated, "b8c6");
    assert!(!deviated.can_claim_threefold_repetition());

    play(&mut game, "f6g8");
    assert_eq!(game.repetitions(), 3);
    assert!(game.can_claim_threefold_repetition());
    assert_eq!(
        game.outcome(),
        None,
        "a threefold repetition must be claimed"
    );
}

#[test]
fn threefold_claim_ahead_counts_only_positions_since_the_start() {
    // The start FEN's clock says 40 reversible plies came before; they are
    // unknown, so they count as none.
    let mut game = game("r3k3/8/8/8/8/8/8/R3K3 w - - 40 60");
    play(&mut game, "a1a2 a8a7 a2a1");
    assert_eq!(game.repetitions(), 1);
    assert!(!game.can_claim_threefold_repetition());
}

/// `r6k/8/8/8/3p4/8/4P3/B3K3`: after e2-e4 the black pawn on d4 stands
/// ready to take en passant, but it is pinned to h8 by the a1 bishop.
const PINNED_EN_PASSANT: &str = "r6k/8/8/8/3p4/8/4P3/B3K3 w - - 0 1";

#[test]
fn en_passant_right_that_cannot_be_used_does_not_distinguish_positions() {
    let mut game = game(PINNED_EN_PASSANT);
    play(&mut game, "e2e4");
    let after_double_step = game.position().clone();
    assert_eq!(after_double_step.en_passant_square(), None);
    play(&mut game, "a8a7 e1f1 a7a8 f1e1");
    // Same placement, Black to move, no usable en passant capture: the
    // same position (FIDE 9.2.3), although the Polyglot keys differ.
    assert_ne!(game.position().zobrist(), after_double_step.zobrist());
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "a8a7 e1f1 a7a8");
    assert!(game.can_claim_threefold_repetition(), "by announcing f1e1");
    play(&mut game, "f1e1");
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn en_passant_right_that_can_be_used_distinguishes_positions() {
    // Without the pinning bishop, dxe3 is legal after e2-e4.
    let mut game = game("r6k/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut game, "e2e4");
    assert!(game.position().en_passant_square().is_some());
    play(&mut game, "a8a7 e1f1 a7a8 f1e1");
    assert_eq!(game.repetitions(), 1);
    play(&mut game, "a8a7 e1f1 a7a8 f1e1");
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn lost_castling_rights_distinguish_positions() {
    let mut game = game("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1");
    let cycle = "a1a2 a8a7 a2a1 a7a8";
    play(&mut game, cycle);
    // The pieces are back, but neither side may castle any more.
    assert_eq!(game.position().fen(), "r3k3/8/8/8/8/8/8/R3K3 w - - 4 3");
    assert_eq!(game.repetitions(), 1);
    play(&mut game, cycle);
    // A key without castling rights would count the start here: a third time.
    assert_eq!(game.repetitions(), 2);
    assert!(!game.can_claim_threefold_repetition());
    play(&mut game, "a1a2");
    assert_eq!(
        game.repetitions(),
        2,
        "after the first a1a2 Black could still castle"
    );
    assert!(game.can_claim_threefold_repetition(), "by announcing a8a7");
    play(&mut game, "a8a7 a2a1 a7a8");
    // The start position itself never comes back: its rights are gone.
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.position().fen(), "r3k3/8/8/8/8/8/8/R3K3 w - - 12 7");
}

#[test]
fn fifty_move_claim_at_99_half_moves_with_a_non_zeroing_move() {
    let mut game = game("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80");
    assert!(
        game.can_claim_fifty_moves(),
        "by announcing a rook or king move"
    );
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoves));
    assert_eq!(game.outcome(), None, "the fifty-move rule must be claimed");
    play(&mut game, "h1h2");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert!(game.can_claim_fifty_moves());

    // Every legal move is a capture or a pawn move: nothing to announce.
    let only_zeroing = Game::from_fen("7k/8/8/8/8/2n5/PP6/K7 w - - 99 80").unwrap();
    assert!(!only_zeroing.can_claim_fifty_moves());
    // One half-move short.
    let short = Game::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 98 80").unwrap();
    assert!(!short.can_claim_fifty_moves());
}

#[test]
fn hundredth_half_move_that_mates_is_checkmate_not_a_draw() {
    let mut game = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(&mut game, "a1a8");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    assert!(!game.can_claim_fifty_moves());
    assert_eq!(game.claimable_draw(), None);
}

#[test]
fn seventy_five_moves_end_the_game_automatically() {
    let mut game = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120");
    assert!(!game.is_seventy_five_moves());
    let mut mated = game.clone();
    play(&mut game, "a1a2");
    assert_eq!(game.position().halfmove_clock(), 150);
    assert!(game.is_seventy_five_moves());
    assert_eq!(game.outcome(), draw(DrawReason::SeventyFiveMoves));
    // The 150th half-move mates: mate takes precedence (FIDE 9.6.2).
    play(&mut mated, "a1a8");
    assert!(!mated.is_seventy_five_moves());
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    // The clock is never capped.
    assert!(
        Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 4000000000 120")
            .unwrap()
            .is_seventy_five_moves()
    );
}

#[test]
fn fivefold_repetition_does_not_need_consecutive_repetitions() {
    let mut game = Game::new();
    // The start position comes back by four different routes, with other
    // positions in between.
    let routes = [
        "g1f3 g8f6 f3g1 f6g8",
        "b1c3 b8c6 c3b1 c6b8",
        "g1h3 g8h6 h3g1 h6g8",
        "b1a3 b8a6 a3b1 a6b8",
    ];
    for (i, route) in routes.iter().enumerate() {
        assert_eq!(game.outcome(), None);
        play(&mut game, route);
        assert_eq!(game.repetitions(), i as u32 + 2);
    }
    assert!(game.is_fivefold_repetition());
    assert_eq!(game.outcome(), draw(DrawReason::FivefoldRepetition));
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn king_and_two_knights_against_king_is_not_insufficient_material() {
    for fen in [
        "8/8/4k3/8/8/3NKN2/8/8 w - - 0 1",
        "8/8/4k3/8/8/3NKN2/8/8 b - - 0 1",
        "8/8/4k3/8/1q6/3NKN2/8/8 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(!pos.is_insufficient_material(), "{fen}");
        assert!(!pos.has_insufficient_material(Color::White), "{fen}");
        assert_eq!(pos.outcome(), None, "{fen}");
    }
}

#[test]
fn king_and_bishop_against_king_and_knight_is_not_insufficient_material() {
    let pos = Position::from_fen("8/8/4k3/4n3/8/3BK3/8/8 w - - 0 1").unwrap();
    assert!(!pos.is_insufficient_material());
    assert!(!pos.has_insufficient_material(Color::White));
    assert!(!pos.has_insufficient_material(Color::Black));
}

#[test]
fn bishops_on_one_square_colour_are_insufficient_material() {
    // K+B v K+B with both bishops on dark squares, and many light-squared bishops.
    for fen in [
        "8/8/4k3/2b5/8/4B3/4K3/8 w - - 0 1",
        "B1B1k3/1B6/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/4k3/8/8/4B3/4K3/8 b - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.is_insufficient_material(), "{fen}");
        assert!(
            pos.has_insufficient_material(Color::White)
                && pos.has_insufficient_material(Color::Black),
            "{fen}"
        );
        assert_eq!(
            pos.outcome(),
            draw(DrawReason::InsufficientMaterial),
            "{fen}"
        );
    }
    // Opposite colours: a mate exists (with help).
    let pos = Position::from_fen("8/8/4k3/3b4/8/4B3/4K3/8 w - - 0 1").unwrap();
    assert!(!pos.is_insufficient_material());
    // King and knight against king is dead too; the game ends on the capture.
    let mut game = game("4k3/8/8/8/8/8/3Nr3/4K3 w - - 0 1");
    play(&mut game, "e1e2");
    assert_eq!(game.outcome(), draw(DrawReason::InsufficientMaterial));
}

#[test]
fn timeout_against_a_lone_king_is_a_draw() {
    let game = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
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
}

#[test]
fn timeout_with_king_and_knight_against_king_and_pawn_is_a_loss() {
    // The knight can mate a king that its own pawn hems in, so the flag loses.
    let game = game("7k/7p/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        }
    );
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Timeout
        }
    );
    // Against king and queen the lone knight can never mate.
    let game = game_against_queen();
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        }
    );
}

fn game_against_queen() -> Game {
    game("7k/6q1/8/8/8/8/8/4K1N1 w - - 0 1")
}

#[test]
fn timeout_after_the_game_ended_keeps_the_outcome() {
    let mut game = Game::new();
    play(&mut game, "f2f3 e7e5 g2g4 d8h4");
    let mate = Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    assert_eq!(game.outcome_on_timeout(Color::White), mate);
    assert_eq!(game.outcome_on_timeout(Color::Black), mate);
}

#[test]
fn no_claim_once_the_game_is_over() {
    // Fivefold: the position occurred five times, but the game is already drawn.
    let mut fivefold = Game::new();
    for _ in 0..4 {
        play(&mut fivefold, KNIGHTS_OUT_AND_BACK);
    }
    assert!(fivefold.repetitions() >= 3 && fivefold.is_fivefold_repetition());
    assert!(!fivefold.can_claim_threefold_repetition());
    assert_eq!(fivefold.claimable_draw(), None);

    // Seventy-five moves: the clock is far past 100, but no claim.
    let seventy_five = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 120");
    assert!(!seventy_five.can_claim_fifty_moves());
    assert_eq!(seventy_five.claimable_draw(), None);

    // A dead position with a long clock: no claim, and no more moves.
    let mut dead = game("4k3/8/8/8/8/8/8/3NK3 w - - 120 100");
    assert_eq!(dead.outcome(), draw(DrawReason::InsufficientMaterial));
    assert!(!dead.can_claim_fifty_moves() && !dead.can_claim_threefold_repetition());
    assert_eq!(
        dead.play_uci("e1f1").unwrap_err().to_string(),
        "UCI move \"e1f1\" after the end of the game: draw by insufficient material"
    );

    // Stalemate at a clock of 100.
    let stalemate = game("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80");
    assert_eq!(stalemate.outcome(), draw(DrawReason::Stalemate));
    assert_eq!(stalemate.claimable_draw(), None);
}

#[test]
fn claimable_draw_names_threefold_before_fifty_moves() {
    let mut game = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoves));
    play(&mut game, "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1 d8e8");
    assert!(game.can_claim_fifty_moves());
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
}

#[test]
fn undo_restores_the_exact_previous_game() {
    let mut game = game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let moves = "a2a4 b4a3 e1g1 e8c8 f3f4 c8b8 f4f3 b8c8 f3f4 c8b8 f4f3 b8c8 f3f4";
    let mut snapshots = vec![game.clone()];
    for uci in moves.split_whitespace() {
        game.play_uci(uci).unwrap();
        snapshots.push(game.clone());
    }
    assert!(game.can_claim_threefold_repetition());
    while let Some(expected) = snapshots.pop() {
        assert_eq!(game, expected);
        assert_eq!(format!("{game:?}"), format!("{expected:?}"));
        assert_eq!(game.position().fen(), expected.position().fen());
        assert_eq!(game.position().zobrist(), expected.position().zobrist());
        assert_eq!(game.repetitions(), expected.repetitions());
        assert_eq!(game.claimable_draw(), expected.claimable_draw());
        assert_eq!(game.outcome(), expected.outcome());
        let last = expected.moves().last().copied();
        assert_eq!(game.undo(), last);
    }
    assert_eq!(game.undo(), None);
    assert!(game.moves().is_empty());
}

#[test]
fn outcome_display_is_readable() {
    let mate = Outcome::Decisive {
        winner: Color::White,
        reason: WinReason::Checkmate,
    };
    assert_eq!(mate.to_string(), "white wins by checkmate");
    assert_eq!(mate.result(), "1-0");
    let threefold = Outcome::Draw {
        reason: DrawReason::ThreefoldRepetition,
    };
    assert_eq!(threefold.to_string(), "draw by threefold repetition");
    assert_eq!(threefold.result(), "1/2-1/2");
    assert_eq!(threefold.winner(), None);
    let flag = Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Timeout,
    };
    assert_eq!(flag.to_string(), "black wins by timeout");
    assert_eq!(flag.result(), "0-1");
}

#[test]
fn game_defaults_to_the_standard_start() {
    assert_eq!(Game::default(), Game::new());
    assert_eq!(Game::new().start(), &Position::new());
    assert_eq!(Game::new().repetitions(), 1);
}

#[test]
fn repetitions_far_from_the_start_are_counted_with_positions_rebuilt() {
    // Knight shuffles after an opening, long past the positions a game keeps
    // whole (one every sixteen moves): at every ply the count of repetitions
    // is that of the positions given by `positions()` with the same board,
    // side, castling rights and en passant field, and the game ends at the
    // fifth occurrence.
    let mut game = Game::new();
    let opening = [
        "e4", "e5", "Nc3", "Nc6", "Bc4", "Bc5", "d3", "d6", "Be3", "Be6", "a3", "a6", "h3", "h6",
        "b3", "b6", "g3", "g6",
    ];
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nge2", "Nge7", "Ng1", "Ng8"];
    let identity = |fen: String| fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
    for san in opening.iter().chain(shuffle.iter().cycle().take(40)) {
        if game.outcome().is_some() {
            break;
        }
        game.play_san(san).unwrap();
        let fens: Vec<String> = game.positions().map(|p| identity(p.fen())).collect();
        let now = fens.last().unwrap();
        let naive = fens.iter().filter(|&fen| fen == now).count() as u32;
        assert_eq!(
            game.repetitions(),
            naive,
            "after {san}, ply {}",
            game.moves().len()
        );
        assert_eq!(game.repetition_plies().len() as u32, naive);
        assert_eq!(game.is_fivefold_repetition(), naive >= 5);
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
    assert!(game.moves().len() > 32, "{} plies", game.moves().len());
}

#[test]
fn a_game_is_shareable_and_equal_by_its_start_moves_and_ending() {
    fn shareable<T: Clone + Eq + std::fmt::Debug + Send + Sync>() {}
    shareable::<Game>();
    // Twenty moves then five taken back (past a kept position) equal the
    // same fifteen moves played: positions kept or rebuilt do not count.
    let sans = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
    ];
    let (mut long, mut short) = (Game::new(), Game::new());
    for (i, san) in sans.iter().enumerate() {
        long.play_san(san).unwrap();
        if i < 15 {
            short.play_san(san).unwrap();
        }
    }
    for _ in 0..5 {
        long.undo().unwrap();
    }
    assert_eq!(long, short);
    assert_eq!(long.position(), short.position());
    assert_eq!(format!("{long:?}"), format!("{short:?}"));
    long.resign(Color::White).unwrap();
    assert_ne!(long, short);
}
