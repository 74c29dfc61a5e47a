//! The history of a game without a position per move: the start, the
//! current position, every [`SNAPSHOT`]th position, and per position its
//! repetition key and life in one word. Any other position is rebuilt by
//! replaying at most `SNAPSHOT - 1` moves from the last one kept before it.

use super::Game;
use crate::dead::Liveness;
use crate::position::Position;
use core::iter::FusedIterator;

/// Every this many moves the position is kept whole.
pub(crate) const SNAPSHOT: usize = 16;

/// The two low bits of a history entry: the life of the position.
const LIFE_BITS: u64 = 0b11;

/// What the history keeps of a position: `key` (its repetition key) with
/// its two low bits replaced by `life`. Two positions whose entries differ
/// in the other 62 bits differ; equal ones are compared whole.
#[inline]
pub(crate) fn entry(key: u64, life: Liveness) -> u64 {
    let life = match life {
        Liveness::Alive => 0,
        Liveness::Open => 1,
        Liveness::Dead => 2,
    };
    (key & !LIFE_BITS) | life
}

/// The key part of a history entry (or of a repetition key), as compared.
#[inline]
pub(crate) fn key_of(entry: u64) -> u64 {
    entry & !LIFE_BITS
}

/// The life part of a history entry.
#[inline]
fn life_of(entry: u64) -> Liveness {
    match entry & LIFE_BITS {
        0 => Liveness::Alive,
        1 => Liveness::Open,
        _ => Liveness::Dead,
    }
}

impl Game {
    /// The repetition key of the position after `ply` moves (its two low
    /// bits cleared): `ply` at most the number of moves played.
    #[inline]
    pub(crate) fn key_at(&self, ply: usize) -> u64 {
        key_of(self.keys[ply])
    }

    /// What is known of the position after `ply` moves being dead.
    #[inline]
    pub(crate) fn life_at(&self, ply: usize) -> Liveness {
        life_of(self.keys[ply])
    }

    /// Writes what is known of the position after `ply` moves being dead.
    #[inline]
    #[cfg(feature = "std")]
    pub(crate) fn set_life_at(&mut self, ply: usize, life: Liveness) {
        self.keys[ply] = entry(self.keys[ply], life);
    }

    /// The position after `ply` moves (at most the number played), rebuilt
    /// from the last position kept at or before it.
    pub(crate) fn rebuilt(&self, ply: usize) -> Position {
        let kept = ply / SNAPSHOT;
        let mut pos = match kept.checked_sub(1) {
            None => self.start.clone(),
            Some(k) => self.snapshots[k].clone(),
        };
        for &m in &self.moves[kept * SNAPSHOT..ply] {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The position after `ply` moves (at most the number played): the
    /// current one as it stands, any other rebuilt.
    #[inline]
    pub(crate) fn replayed(&self, ply: usize) -> Position {
        if ply == self.moves.len() {
            self.current.clone()
        } else {
            self.rebuilt(ply)
        }
    }

    /// The position after `ply` moves: the start position for 0, the
    /// current one for [`Game::moves`]`.len()`, `None` beyond. An earlier
    /// position is rebuilt by replaying at most fifteen moves from one the
    /// game keeps.
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.play_san("e5").unwrap();
    /// assert_eq!(game.position_at(0), Some(Position::new()));
    /// assert_eq!(game.position_at(2).as_ref(), Some(game.position()));
    /// assert_eq!(game.position_at(3), None);
    /// ```
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        (ply <= self.moves.len()).then(|| self.replayed(ply))
    }

    /// Every position of the game, from the start position to the current
    /// one (the last): the `i`th is the position before `moves()[i]`. They
    /// are made as they are asked for, each from the one before (from the
    /// back, each rebuilt as [`Game::position_at`] rebuilds it).
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// assert_eq!(game.positions().len(), 2);
    /// assert_eq!(game.positions().next(), Some(Position::new()));
    /// assert_eq!(game.positions().last().as_ref(), Some(game.position()));
    /// let fens: Vec<String> = game.positions().rev().map(|p| p.fen()).collect();
    /// assert_eq!(fens[1], Position::new().fen());
    /// ```
    pub fn positions(
        &self,
    ) -> impl DoubleEndedIterator<Item = Position> + ExactSizeIterator + FusedIterator + '_ {
        Positions {
            game: self,
            next: Some(self.start.clone()),
            front: 0,
            back: self.moves.len() + 1,
        }
    }

    /// Plays `m`, legal in the current position and moving a piece of
    /// `role`, in place: the position it leads to is taken to have
    /// liveness `life`. Inlined whole into the
    /// PGN reader's move (its only caller): a call here cost some twenty
    /// instructions a move in saved registers.
    #[cfg(feature = "std")]
    #[inline(always)]
    pub(crate) fn push_in_place(&mut self, m: crate::Move, role: crate::Role, life: Liveness) {
        self.current.play_known(m, role);
        self.keys.push(entry(self.current.repetition_key(), life));
        self.moves.push(m);
        self.keep_snapshot();
    }

    /// Keeps the current position when the number of moves played is a
    /// multiple of [`SNAPSHOT`] (called after each move is played).
    #[inline]
    pub(crate) fn keep_snapshot(&mut self) {
        if self.moves.len() % SNAPSHOT == 0 {
            self.snapshots.push(self.current.clone());
        }
    }
}

/// [`Game::positions`]: positions `front..back` still to give; `next`, the
/// one at `front`, made from the one before (taken when `front` reaches
/// `back`).
struct Positions<'a> {
    game: &'a Game,
    next: Option<Position>,
    front: usize,
    back: usize,
}

impl Iterator for Positions<'_> {
    type Item = Position;

    fn next(&mut self) -> Option<Position> {
        if self.front >= self.back {
            return None;
        }
        let pos = self.next.take()?;
        if let Some(&m) = self.game.moves.get(self.front) {
            if self.front + 1 < self.back {
                let mut after = pos.clone();
                after.play_unchecked(m);
                self.next = Some(after);
            }
        }
        self.front += 1;
        Some(pos)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.back - self.front;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Positions<'_> {
    fn next_back(&mut self) -> Option<Position> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        if self.back == self.front {
            return self.next.take();
        }
        Some(self.game.replayed(self.back))
    }
}

impl ExactSizeIterator for Positions<'_> {}

impl FusedIterator for Positions<'_> {}
