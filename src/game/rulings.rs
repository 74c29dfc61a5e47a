//! How a game rules itself as it goes: the dead-position bookkeeping kept
//! with every position (FIDE 5.2.2) and the endings that need no move
//! generation.

use super::Game;
use crate::Move;
use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;

impl Game {
    /// [`Position::is_dead`] of the current position, as proved when the
    /// game reached it.
    pub(super) fn is_dead(&self) -> bool {
        self.life_at(self.moves.len()) == crate::dead::Liveness::Dead
    }

    /// [`Game::outcome`] when the side to move has a legal move (so neither
    /// checkmate nor stalemate): without generating moves.
    pub(super) fn over_with_moves_left(&self) -> Option<Outcome> {
        let pos = self.position();
        let draw = |reason| Some(Outcome::Draw { reason });
        if self.ending.is_some() {
            self.ending
        } else if pos.is_insufficient_material() {
            draw(DrawReason::InsufficientMaterial)
        } else if self.is_dead() {
            draw(DrawReason::DeadPosition)
        } else if pos.halfmove_clock() >= 150 {
            draw(DrawReason::SeventyFiveMoves)
        } else if self.is_fivefold_repetition() {
            draw(DrawReason::FivefoldRepetition)
        } else {
            None
        }
    }

    /// What a ruling found of the current position's own end: `Some(true)`
    /// checkmate, `Some(false)` a legal move left, `None` not known.
    #[inline]
    pub(super) fn known_board(&self) -> Option<bool> {
        let plies = u32::try_from(self.moves.len()).ok()?;
        let known = self.board;
        (known != 0 && known >> 1 == plies.wrapping_add(1)).then_some(known & 1 == 1)
    }

    /// Notes that the current position is checkmate (`mate`) or has a
    /// legal move, as a ruling found: [`Game::outcome`] then generates no
    /// move. (Nothing is noted past `u32::MAX / 2 - 1` moves.)
    #[cfg(feature = "std")]
    pub(super) fn note_board(&mut self, mate: bool) {
        self.board = u32::try_from(self.moves.len())
            .ok()
            .and_then(|plies| plies.checked_add(1))
            .and_then(|next| next.checked_mul(2))
            .map_or(0, |known| known | u32::from(mate));
    }

    pub(super) fn push(&mut self, m: Move, next: Position) {
        let life = self.life_at(self.moves.len());
        let life = crate::dead::liveness_after(self.position(), life, m, &next);
        self.push_with_life(m, next, life);
    }

    pub(super) fn push_with_life(&mut self, m: Move, next: Position, life: crate::dead::Liveness) {
        self.keys
            .push(super::history::entry(next.repetition_key(), life));
        self.current = next;
        self.moves.push(m);
        self.keep_snapshot();
    }
}
