//! One "test each move" adapter for the legal move generator: the moves
//! are handed, as the generator finds them, to a test, and the generation
//! stops at the first move the test accepts.

use crate::movegen::Sink;
use crate::{Bitboard, Move, Role, Square};

/// A sink for [`Position::generate`](crate::Position::generate) that gives
/// each legal move to `test` (the moves of pieces and pawns only where they
/// land on `only`; promotions, en passant and castling always) and stops at
/// the first the test accepts. It notes whether any move came at all.
pub(in crate::dead) struct FirstSuccess<F> {
    only: Bitboard,
    test: F,
    /// Whether the generator gave any move.
    pub(in crate::dead) any_move: bool,
    /// Whether the test accepted a move.
    pub(in crate::dead) found: bool,
}

impl<F: FnMut(Move) -> bool> FirstSuccess<F> {
    /// A sink that tests the moves landing on `only` (and every promotion
    /// and special move) with `test`.
    pub(in crate::dead) fn new(only: Bitboard, test: F) -> FirstSuccess<F> {
        FirstSuccess {
            only,
            test,
            any_move: false,
            found: false,
        }
    }

    fn test(&mut self, m: Move) {
        self.any_move = true;
        if !self.found && (self.test)(m) {
            self.found = true;
        }
    }
}

impl<F: FnMut(Move) -> bool> Sink for FirstSuccess<F> {
    fn piece(&mut self, from: Square, _: Role, targets: Bitboard) {
        for to in targets & self.only {
            self.test(Move::new(from, to));
        }
    }

    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let kind = u16::from(double) << 12;
        for to in targets & self.only {
            let from = (to.index() as i32 - delta) as u16 & 63;
            self.test(Move::from_bits(from | (to.index() as u16) << 6 | kind));
        }
    }

    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::from_index((to.index() as i32 - delta) as u32 & 63);
            for role in Role::PROMOTIONS {
                if let Some(m) = Move::promotion(from, to, role) {
                    self.test(m);
                }
            }
        }
    }

    fn special(&mut self, m: Move) {
        self.test(m);
    }

    fn done(&self) -> bool {
        self.found
    }
}

#[cfg(test)]
mod tests {
    use super::FirstSuccess;
    use crate::{Bitboard, Position};

    #[test]
    fn every_legal_move_is_tested_until_one_is_accepted() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            let legal = pos.legal_moves();
            // A test that accepts nothing sees every legal move once.
            let mut seen = std::vec::Vec::new();
            let mut sink = FirstSuccess::new(Bitboard::FULL, |m| {
                seen.push(m);
                false
            });
            pos.generate(Bitboard::FULL, &mut sink);
            assert!(sink.any_move && !sink.found, "{fen}");
            assert_eq!(seen.len(), legal.len(), "{fen}");
            assert!(seen.iter().all(|m| legal.contains(m)), "{fen}");
            // Captures only: the moves onto the other side's men, with
            // every promotion and special move.
            let theirs = pos.by_color(!pos.turn());
            let mut captures = 0;
            let mut sink = FirstSuccess::new(theirs, |m| {
                assert!(legal.contains(&m), "{fen}: {m:?}");
                captures += 1;
                false
            });
            pos.generate(Bitboard::FULL, &mut sink);
            let expected = legal
                .iter()
                .filter(|m| {
                    theirs.contains(m.to())
                        || m.promotion_role().is_some()
                        || matches!(
                            m.kind(),
                            crate::MoveKind::EnPassant | crate::MoveKind::Castle
                        )
                })
                .count();
            assert_eq!(captures, expected, "{fen}");
            // It stops at the first move accepted.
            let mut tried = 0;
            let mut sink = FirstSuccess::new(Bitboard::FULL, |_| {
                tried += 1;
                true
            });
            pos.generate(Bitboard::FULL, &mut sink);
            assert!(sink.found, "{fen}");
            assert!(tried == 1, "{fen}: {tried}");
        }
    }
}
