//! Repetitions and the fifty-move count: which earlier positions are the
//! same (FIDE 9.2.3) and how a draw claim is made (9.2, 9.3).

use super::Game;
use crate::position::Position;
use crate::{Move, Role};

impl Game {
    /// How many times `pos`, standing (or about to stand) at `ply` with
    /// repetition key `key`, occurred before `ply`. Every position before
    /// the last capture or pawn move differs from it, so the search goes
    /// back `halfmove_clock` plies and no further, on the same side to move.
    pub(super) fn earlier_occurrences(&self, pos: &Position, key: u64, ply: usize) -> u32 {
        let reach = usize::try_from(pos.halfmove_clock())
            .unwrap_or(usize::MAX)
            .min(ply);
        let mut count = 0;
        let mut earlier = ply;
        while earlier >= ply - reach + 2 {
            earlier -= 2;
            if self.key_at(earlier) == key && same_position(&self.replayed(earlier), pos) {
                count += 1;
            }
        }
        count
    }

    pub(super) fn threefold_claim(&self) -> bool {
        self.threefold_way().is_some()
    }

    /// How a threefold repetition claim is made: `Some(None)` now,
    /// `Some(Some(m))` by announcing `m` (the first such legal move), `None`
    /// not at all. Ignores whether the game is over.
    pub(crate) fn threefold_way(&self) -> Option<Option<Move>> {
        if self.repetitions() >= 3 {
            return Some(None);
        }
        let ply = self.moves.len();
        let pos = self.position();
        // Only a move that neither captures nor moves a pawn can lead back
        // to an earlier position, and then only to one since the last such
        // move with the other side to move: plies ply - 1, ply - 3, ...
        // down to the child's clock, which is this clock plus one.
        let reach = usize::try_from(pos.halfmove_clock())
            .unwrap_or(usize::MAX)
            .saturating_add(1)
            .min(ply + 1);
        let lowest = ply + 1 - reach;
        // The announced position must already have occurred twice: without
        // two equal keys in that window no move can make a third (checked
        // in place, without allocating).
        let window = || (lowest..ply).rev().step_by(2).map(|i| self.key_at(i));
        let repeated = window()
            .enumerate()
            .any(|(i, key)| window().skip(i + 1).any(|other| other == key));
        if !repeated {
            return None;
        }
        // Such a position had a move played from it, so it is neither mate
        // nor stalemate: the announced move cannot end the game by itself.
        pos.legal_moves()
            .into_iter()
            .filter(|&m| !is_zeroing(pos, m))
            .find(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let key = super::history::key_of(child.repetition_key());
                self.earlier_occurrences(&child, key, ply + 1) >= 2
            })
            .map(Some)
    }

    pub(super) fn fifty_moves_claim(&self) -> bool {
        self.fifty_moves_way().is_some()
    }

    /// How a fifty-move claim is made: `Some(None)` now, `Some(Some(m))` by
    /// announcing `m` (the first such legal move), `None` not at all.
    /// Ignores whether the game is over.
    pub(crate) fn fifty_moves_way(&self) -> Option<Option<Move>> {
        let pos = self.position();
        match pos.halfmove_clock() {
            0..=98 => None,
            99 => pos
                .legal_moves()
                .into_iter()
                .filter(|&m| !is_zeroing(pos, m))
                .find(|&m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    child.has_legal_moves()
                })
                .map(Some),
            _ => Some(None),
        }
    }
}

/// `true` if `m` captures or moves a pawn: it resets the half-move clock and
/// nothing played before it can recur.
pub(crate) fn is_zeroing(pos: &Position, m: Move) -> bool {
    pos.by_role(Role::Pawn).contains(m.from())
        || (!m.is_castle() && pos.by_color(!pos.turn()).contains(m.to()))
}

/// The same position in the sense of FIDE 9.2.3: side to move, pieces on
/// their squares, castling rights and a legal en passant capture. Keys
/// already matched; this makes a 64-bit key collision harmless.
pub(crate) fn same_position(a: &Position, b: &Position) -> bool {
    a.by_role == b.by_role
        && a.by_color == b.by_color
        && a.turn == b.turn
        && a.castling == b.castling
        && a.en_passant_square() == b.en_passant_square()
}
