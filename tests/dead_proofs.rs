//! Proofs that a side can never mate, from where each unit can ever go
//! (after M. Ambrona, "A Practical Algorithm for Chess Unwinnability", FUN
//! 2022): positions proved dead, and positions that look the same but are
//! alive, which no proof may claim.

use chess_arbiter::{Color, DrawReason, Outcome, Position, Winnability};
use serde_json::Value;

use crate::common::mate::assert_mates;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn assert_dead(fen: &str) {
    let p = pos(fen);
    for color in Color::ALL {
        assert_eq!(
            p.winnability(color),
            Winnability::Unwinnable,
            "{fen} {color}"
        );
    }
    assert!(p.is_dead(), "{fen}");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        }),
        "{fen}"
    );
}

fn assert_winnable(fen: &str, color: Color) {
    let p = pos(fen);
    assert_eq!(p.winnability(color), Winnability::Winnable, "{fen} {color}");
    let line = p.helpmate(color).expect("a helpmate");
    assert_mates(&p, color, &line, fen);
    assert!(!p.is_dead(), "{fen}");
}

#[test]
fn a_lone_bishop_cannot_cover_the_corner_its_king_cannot_reach() {
    // Black's bishop is below the locked wall with White's king, Black's
    // king above it: one bishop never covers all of a king's flights.
    assert_dead("8/1k6/8/1p1p1p1p/1P1P1P1P/8/6K1/3bB3 w - - 0 1");
}

#[test]
fn pawns_and_bishops_that_defend_each_other_for_ever_are_walls() {
    assert_dead("B7/1k6/1p6/bP6/Bp6/1P6/8/K7 b - - 0 1");
    // Without the bishop on a5, b6 falls to White's king and b5 promotes.
    assert_winnable("B7/1k6/1p6/1P6/Bp6/1P6/8/K7 b - - 0 1", Color::White);
}

#[test]
fn pawns_facing_each_other_on_a_file_never_pass_each_other() {
    let p = pos("2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1");
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
    let p = pos("1b1k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1");
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
}

#[test]
fn a_move_that_mates_the_winner_is_never_on_the_way_to_its_mate() {
    // Black's knight can only move to f2, mating White: on the way to a
    // mate of Black it never moves, and Black's bishop alone cannot block
    // its own king in a corner.
    let fen = "8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K3n b - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    assert_winnable(fen, Color::Black);
    // b3-b2 mates White, and nothing else can move there.
    let fen = "7B/1b6/3k4/Bp1p4/1P1Pp1p1/1pppP1P1/2p5/2K5 b - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    // A knight White may take: until then it moves only by mating.
    let fen = "6b1/8/1k6/3p1p2/3PpP1B/3pKp2/3P1P1n/B7 w - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
}

#[test]
fn a_mate_the_winner_can_answer_frees_the_piece() {
    // With a white knight that may take on f2, Black's knight is free to
    // come and block its own king's corner.
    assert_winnable(
        "8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K2Nn b - - 0 1",
        Color::White,
    );
}

#[test]
fn a_pawn_that_cannot_move_now_is_no_wall_if_it_may_capture_later() {
    // Every pawn is blocked with nothing to take: a shortcut that treats
    // such pawns as walls calls this dead. But Black's knight may step in
    // front of them, a pawn takes it and promotes.
    assert_winnable(
        "4k3/8/2n5/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1",
        Color::White,
    );
}

#[test]
fn a_forced_line_that_ends_in_positions_proved_dead_is_dead() {
    // Black must take the checking queen; every line that follows is
    // soon in a position a static proof settles.
    assert_dead("1bB5/k7/Q5q1/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1");
}

#[test]
fn a_piece_that_can_only_be_taken_where_it_stands_is_no_runner() {
    // White's rook in the corner, behind its walled-in king and a bishop
    // shut in by the king: it may be taken, never moves.
    assert_dead("B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1");
    // Without the bishop the rook runs out along the first rank.
    assert_winnable(
        "B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/R7 b - - 0 1",
        Color::White,
    );
}

#[test]
fn a_capture_that_stalemates_the_winner_never_leads_to_its_mate() {
    // Black's king may take g2 only when White's king is on h4, and then
    // White has no move: White's pawns keep h3 and f3 for ever, and never
    // check Black's king.
    let fen = "8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1";
    assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
}

#[test]
fn a_king_that_only_steps_between_two_squares_is_mated_on_neither() {
    // White moves only its king, between h3 and h4. Black's bishops (all
    // on dark squares) may check it on h4, but h3 is then covered only by
    // Black's king on h2, which White's king left beside: the mate would
    // need a discovered check by Black's king, and none exists. Taking
    // h5 or g2 stalemates White. Dead: no side can ever mate.
    assert_dead("8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1");
    assert_dead("8/8/3b3p/2b2p1P/1b1b1p1K/5Pp1/1b1b2P1/4bkb1 b - - 0 1");
}

/// No proof ever claims a position on a mating line: along the helpmates
/// of the dead-position sample (`tests/data/dead.jsonl`), every sixteenth
/// position and the last one before the mate are asked with no search
/// budget, so that only the proofs answer.
#[test]
fn no_proof_claims_a_position_on_a_mating_line() {
    let path = format!("{}/tests/data/dead.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut asked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).expect("a JSON record");
        let Some(moves) = record["helpmate"].as_array() else {
            continue;
        };
        let color = match record["color"].as_str() {
            Some("white") => Color::White,
            _ => Color::Black,
        };
        let mut p = pos(record["fen"].as_str().expect("fen"));
        for (i, m) in moves.iter().enumerate() {
            if i % 16 == 0 || i + 1 == moves.len() {
                asked += 1;
                assert_ne!(
                    p.winnability_with(color, chess_arbiter::WinnabilityOptions::new().nodes(0)),
                    Winnability::Unwinnable,
                    "{p:?} on the line of {} for {color}",
                    record["id"]
                );
            }
            let m = p
                .parse_uci(m.as_str().expect("a move"))
                .expect("a legal move");
            p.play(m).expect("a legal move");
        }
        assert!(p.is_checkmate(), "{}", record["id"]);
    }
    assert!(asked > 3_000, "{asked} positions asked");
}

#[test]
fn a_king_boxed_in_by_its_own_men_is_never_mated_by_a_lone_queen() {
    // Black's king on b3 is walled in by men that never move (the b2
    // knight moves only by mating White with a discovered check, the
    // queen or bishop beside it likewise); White's king cannot move, and
    // the queen can touch the box only by taking a man beside the king,
    // with check, which Black must take back: a bare king is left.
    for fen in [
        "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1",
        "8/5ppp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1",
    ] {
        assert_eq!(pos(fen).winnability(Color::White), Winnability::Unwinnable);
    }
    // The knight on a1 that takes back on c2 is a bishop: Qxc2 mates, and
    // no proof may claim otherwise.
    assert_winnable("6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/b1K5 b - - 0 1", Color::White);
    // A knight instead of the queen checks over the wall.
    assert_winnable("6N1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1", Color::White);
}

#[test]
fn a_known_winnable_ending_shows_its_line_by_descent_to_a_mate() {
    // K+B v K+N: the knight must block its own king in the bishop's
    // corner. The ending is known winnable; the line is built by walking
    // to the nearest such mate, and replayed.
    assert_winnable("N7/8/b2k4/8/1K6/8/8/8 b - - 0 148", Color::Black);
    assert_winnable("8/8/8/8/1k6/8/8/1b2K2N w - - 0 1", Color::White);
    // After a promotion: the pawn becomes the piece that blocks its king.
    assert_winnable("k7/3K4/2P5/3b4/8/8/8/3B4 b - - 0 1", Color::Black);
    // K+B v K+2P: a pawn promotes to the blocker, and the descent walks
    // to a mate with the other pawn left where it stands.
    assert_winnable("8/2k5/8/2p3K1/1p6/8/8/7B w - - 0 150", Color::White);
    // K+B v K+B+2P, bishops on one colour: Black's pawn promotes to a
    // knight that blocks its king on the other colour in a corner.
    assert_winnable("5k2/8/4p3/4B3/4p3/8/8/2K1b3 w - - 0 1", Color::White);
}

#[test]
fn a_king_that_takes_the_men_in_its_way_reaches_a_known_ending_and_mates() {
    // Two rooks on light squares against a dark bishop: no check ever
    // comes while both stand. Black's king takes both rooks, then White's
    // pawn promotes to the knight that blocks its own king.
    assert_winnable("4Kb2/8/R7/8/1k6/3R4/5P2/8 b - - 0 1", Color::Black);
}
