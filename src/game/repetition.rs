//! Repetitions and the fifty-move count: which earlier positions are the
//! same (FIDE 9.2.3) and how a draw claim is made (9.2, 9.3).

use super::Game;
use crate::position::Position;
use crate::{Move, Role};

impl Game {
    /// The earlier plies at which `pos`, standing (or about to stand) at
    /// `ply` with repetition key `key` (as [`Game::key_at`] gives it), may
    /// have occurred, oldest first: those with its key, the same side to
    /// move, and no capture or pawn move since (every position before the
    /// last one differs from it, so the search goes back `halfmove_clock`
    /// plies and no further).
    fn plies_with_key(&self, pos: &Position, key: u64, ply: usize) -> impl Iterator<Item = usize> {
        let reach = usize::try_from(pos.halfmove_clock())
            .unwrap_or(usize::MAX)
            .min(ply);
        (ply - reach + reach % 2..ply)
            .step_by(2)
            .filter(move |&i| self.key_at(i) == key)
    }

    /// How many times `pos` (as for [`Game::plies_with_key`]) occurred
    /// before `ply`, counted up to `enough`. Positions are compared only
    /// where keys are equal (a collision of keys is then harmless), the
    /// earlier ones rebuilt in one replay from the oldest.
    pub(super) fn earlier_occurrences(
        &self,
        pos: &Position,
        key: u64,
        ply: usize,
        enough: u32,
    ) -> u32 {
        let mut plies = self.plies_with_key(pos, key, ply);
        let Some(first) = plies.next() else {
            return 0;
        };
        let mut earlier = self.replayed(first);
        let (mut at, mut count) = (first, 0);
        for next in core::iter::once(first).chain(plies) {
            for &m in &self.moves[at..next] {
                earlier.play_unchecked(m);
            }
            at = next;
            if same_position(&earlier, pos) {
                count += 1;
                if count >= enough {
                    break;
                }
            }
        }
        count
    }

    /// `true` if `pos` (as for [`Game::plies_with_key`]) occurred at least
    /// `times` times before `ply`: no position is rebuilt unless that many
    /// earlier keys are equal to its own.
    pub(super) fn occurs_earlier(&self, pos: &Position, key: u64, ply: usize, times: u32) -> bool {
        let Some(nth) = usize::try_from(times).ok().and_then(|t| t.checked_sub(1)) else {
            return true; // no occurrence needed
        };
        self.plies_with_key(pos, key, ply).nth(nth).is_some()
            && self.earlier_occurrences(pos, key, ply, times) >= times
    }

    /// `true` if the current position has occurred at least `times` times,
    /// itself included: [`Game::repetitions`]` >= times`, with no position
    /// rebuilt unless the keys allow it.
    pub(crate) fn repetitions_at_least(&self, times: u32) -> bool {
        let ply = self.moves.len();
        times <= 1 || self.occurs_earlier(self.position(), self.key_at(ply), ply, times - 1)
    }

    pub(super) fn threefold_claim(&self) -> bool {
        self.threefold_way().is_some()
    }

    /// How a threefold repetition claim is made: `Some(None)` now,
    /// `Some(Some(m))` by announcing `m` (the first such legal move), `None`
    /// not at all. Ignores whether the game is over.
    pub(crate) fn threefold_way(&self) -> Option<Option<Move>> {
        if self.repetitions_at_least(3) {
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
                self.occurs_earlier(&child, key, ply + 1, 2)
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
