//! Endings a game records (FIDE 5.1.2 resignation, 5.2.3 agreement, 9.2 and
//! 9.3 draw claims) and how a claim is made.

use chess_arbiter::{
    ClaimError, Color, DrawClaim, DrawReason, Game, GameOverError, IllegalMoveReason, Outcome,
    SanError, UciError, WinReason,
};

const KNIGHTS_OUT_AND_BACK: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

fn play(game: &mut Game, sans: &[&str]) {
    for san in sans {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn resignation_ends_the_game_with_a_win_for_the_opponent() {
    let mut game = Game::new();
    play(&mut game, &["e4"]);
    game.resign(Color::White).unwrap();
    let outcome = Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Resignation,
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.to_string(), "black wins by resignation");
    assert_eq!(outcome.result(), "0-1");
    // Nothing more is played, recorded or claimed.
    assert_eq!(
        game.play_san("e5"),
        Err(SanError::GameOver {
            input: "e5".into(),
            outcome
        })
    );
    assert_eq!(
        game.play_uci("e7e5"),
        Err(UciError::GameOver {
            input: "e7e5".into(),
            outcome
        })
    );
    assert_eq!(game.agree_draw(), Err(GameOverError { outcome }));
    assert_eq!(game.claim_draw(), Err(ClaimError::GameOver { outcome }));
    assert_eq!(game.draw_claim(), None);
    assert_eq!(game.outcome_on_timeout(Color::Black), outcome);
}

#[test]
fn resign_may_be_called_ignoring_its_result() {
    let mut game = Game::new();
    let _ = game.resign(Color::Black);
    game.agree_draw().unwrap_err();
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Color::White));
}

#[test]
fn agreement_is_a_draw() {
    let mut game = Game::new();
    play(&mut game, &["d4", "d5"]);
    game.agree_draw().unwrap();
    let outcome = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(outcome.to_string(), "draw by agreement");
    assert_eq!(outcome.result(), "1/2-1/2");
}

#[test]
fn no_resignation_after_checkmate() {
    let mut game = Game::new();
    play(&mut game, &["f3", "e5", "g4", "Qh4#"]);
    let mate = game.outcome().unwrap();
    assert_eq!(
        game.resign(Color::White),
        Err(GameOverError { outcome: mate })
    );
    assert_eq!(
        game.resign(Color::White).unwrap_err().to_string(),
        "the game is already over: black wins by checkmate"
    );
}

#[test]
fn undo_takes_a_recorded_ending_back_with_the_last_move() {
    let mut game = Game::new();
    play(&mut game, &["e4", "e5"]);
    game.resign(Color::White).unwrap();
    let e5 = game.moves()[1];
    assert_eq!(game.undo(), Some(e5));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 1);
    // At the start position undo clears the ending only.
    let mut fresh = Game::new();
    fresh.agree_draw().unwrap();
    assert_eq!(fresh.undo(), None);
    assert_eq!(fresh, Game::new());
}

#[test]
fn a_recorded_ending_makes_games_differ() {
    let mut resigned = Game::new();
    resigned.resign(Color::White).unwrap();
    assert_ne!(resigned, Game::new());
}

#[test]
fn threefold_claim_by_announcing_a_move_names_the_move() {
    let mut game = Game::new();
    play(&mut game, &KNIGHTS_OUT_AND_BACK);
    play(&mut game, &["Nf3", "Nf6", "Ng1"]);
    let claim = game.draw_claim().unwrap();
    assert_eq!(claim.reason, DrawReason::ThreefoldRepetition);
    let ng8 = game.position().parse_san("Ng8").unwrap();
    assert_eq!(claim.announced_move, Some(ng8));
    assert_eq!(game.claimable_draw(), Some(claim.reason));
    let err = game.claim_draw().unwrap_err();
    assert_eq!(
        err.to_string(),
        "a draw claim (threefold repetition) needs a move announced: claim by announcing Ng8 (FIDE 9.2.1)"
    );
    assert!(
        matches!(err, ClaimError::AnnounceMove { announced_move, .. } if announced_move == ng8)
    );
    assert_eq!(game.outcome(), None, "a refused claim changes nothing");
    assert_eq!(
        game.claim_draw_announcing(ng8),
        Ok(DrawReason::ThreefoldRepetition)
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
    assert_eq!(game.moves().last(), Some(&ng8));
}

#[test]
fn threefold_claim_now_is_accepted_and_recorded() {
    let mut game = Game::new();
    play(&mut game, &KNIGHTS_OUT_AND_BACK);
    play(&mut game, &KNIGHTS_OUT_AND_BACK);
    assert_eq!(
        game.draw_claim(),
        Some(DrawClaim {
            reason: DrawReason::ThreefoldRepetition,
            announced_move: None
        })
    );
    assert_eq!(game.claim_draw(), Ok(DrawReason::ThreefoldRepetition));
    let err = game.play_san("e4").unwrap_err();
    assert_eq!(
        err.to_string(),
        "SAN move \"e4\" after the end of the game: draw by threefold repetition"
    );
    let err = game.play(game.position().legal_moves()[0]).unwrap_err();
    assert!(matches!(err.reason, IllegalMoveReason::GameOver(_)));
}

#[test]
fn fifty_move_claim_now_and_by_announcing_a_move() {
    let mut now = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 100 80").unwrap();
    assert_eq!(now.claim_draw(), Ok(DrawReason::FiftyMoves));
    let mut ahead = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 99 80").unwrap();
    let claim = ahead.draw_claim().unwrap();
    assert_eq!(claim.reason, DrawReason::FiftyMoves);
    let m = claim.announced_move.unwrap();
    assert!(matches!(
        ahead.claim_draw(),
        Err(ClaimError::AnnounceMove {
            reason: DrawReason::FiftyMoves,
            ..
        })
    ));
    assert_eq!(
        ahead.claim_draw().unwrap_err().to_string(),
        format!(
            "a draw claim (fifty-move rule) needs a move announced: claim by announcing {} (FIDE 9.3.1)",
            ahead.position().san(m)
        )
    );
    assert_eq!(ahead.claim_draw_announcing(m), Ok(DrawReason::FiftyMoves));
}

#[test]
fn an_announced_move_that_makes_no_claim_is_refused_and_played() {
    // FIDE 9.5.3: an incorrect claim based on an intended move: the move
    // must then be made.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80").unwrap();
    let pawn = game.position().parse_san("e4").unwrap();
    assert_eq!(
        game.claim_draw_announcing(pawn).unwrap_err().to_string(),
        "no draw to claim by announcing e4: the position after it has not occurred three times \
         and fewer than 50 moves of each side were made without a capture or pawn move; \
         e4 is played (FIDE 9.5.3)"
    );
    assert_eq!(game.moves(), [pawn]);
    assert_eq!(game.outcome(), None, "the game goes on");
    assert_eq!(game.position().halfmove_clock(), 0);
    // An illegal announced move is not played.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80").unwrap();
    let illegal = chess_arbiter::Move::new(chess_arbiter::Square::E1, chess_arbiter::Square::E3);
    assert!(matches!(
        game.claim_draw_announcing(illegal),
        Err(ClaimError::Illegal(_))
    ));
    assert!(game.moves().is_empty());
}

#[test]
fn a_mating_announced_move_is_no_claim_and_mates() {
    // Clock 99: Ra8 mates, which ends the game by itself (FIDE 9.3.1 needs a move that does not);
    // the announced move is played (9.5.3), and it ends the game.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
    let mate = game.position().parse_san("Ra8").unwrap();
    let san = game.position().san(mate);
    assert_eq!(
        game.claim_draw_announcing(mate).unwrap_err(),
        ClaimError::NotAClaim {
            san,
            why: "the move ends the game by itself"
        }
    );
    assert_eq!(game.moves(), [mate]);
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Decisive {
            reason: chess_arbiter::WinReason::Checkmate,
            ..
        })
    ));
}

#[test]
fn nothing_to_claim_says_so() {
    let mut game = Game::new();
    assert_eq!(game.draw_claim(), None);
    assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
}

#[test]
fn outcome_enums_display_the_new_reasons() {
    assert_eq!(WinReason::Resignation.to_string(), "resignation");
    assert_eq!(DrawReason::Agreement.to_string(), "agreement");
}

#[test]
fn a_game_drawn_by_fivefold_repetition_takes_no_more_moves() {
    let mut game = Game::new();
    for _ in 0..4 {
        play(&mut game, &KNIGHTS_OUT_AND_BACK);
    }
    let outcome = Outcome::Draw {
        reason: DrawReason::FivefoldRepetition,
    };
    assert_eq!(game.outcome(), Some(outcome));
    let nf3 = game.position().parse_san("Nf3").unwrap();
    assert_eq!(
        game.clone().play(nf3).unwrap_err().reason,
        IllegalMoveReason::GameOver(outcome)
    );
    assert_eq!(
        game.play_san("Nf3").unwrap_err().to_string(),
        "SAN move \"Nf3\" after the end of the game: draw by fivefold repetition"
    );
    // Text that is no move at all also meets the end of the game first.
    assert!(matches!(
        game.play_uci("zz"),
        Err(UciError::GameOver { .. })
    ));
    assert_eq!(game.moves().len(), 16);
}

#[test]
fn a_dead_position_takes_no_more_moves() {
    // FIDE 5.2.2: the locked wall with a bishop on its own pawns' colour is
    // dead, so the game is over and a legal move is refused.
    let mut game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    let dead = Outcome::Draw {
        reason: DrawReason::DeadPosition,
    };
    assert_eq!(game.outcome(), Some(dead));
    let err = game.play_uci("e1e2").unwrap_err();
    assert!(matches!(err, UciError::GameOver { .. }), "{err}");
    let m = game.position().parse_uci("e1e2").unwrap();
    let err = game.play(m).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::GameOver(dead));
}
