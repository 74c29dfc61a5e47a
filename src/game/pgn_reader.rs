//! The PGN reader's one way into a [`Game`]: reading a record's SAN bytes
//! with the dead-position proofs deferred, then ruling where the first dead
//! position stands. Nothing else in the crate uses these.

use super::Game;
use crate::Move;
use crate::position::Position;
use crate::san::SanError;
use alloc::vec::Vec;

/// What [`Game::play_san_bytes_unless_over_assuming_life`] did.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum AssumedMove {
    /// The move was played.
    Played,
    /// The game had ended by itself: the move was not played.
    Over,
    /// No legal move is written there (the error is worked out on the
    /// rare path, by [`Position::san_failure`]).
    NoMove,
}

/// What [`Game::check_assumed_life`] found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum AssumedLife {
    /// Every position is alive, as `Game::play` would have ruled.
    Holds,
    /// The position after this many moves is the first that `Game::play`
    /// would have ruled dead: the game ends there.
    DeadAt(usize),
    /// A proof on the way was undecided: read the record move by move.
    Unknown,
}

impl Game {
    /// `true` if [`Game::over_with_moves_left`] is `Some`, the cheapest
    /// tests first (the PGN reader asks before every move).
    #[inline]
    pub(crate) fn is_over_with_moves_left(&self) -> bool {
        let pos = self.position();
        let clock = pos.halfmove_clock();
        self.ending.is_some()
            || clock >= 150
            || pos.is_insufficient_material()
            // Five occurrences take at least 16 reversible plies.
            || (clock >= 16 && self.is_fivefold_repetition())
            || self.is_dead()
    }

    /// [`Game::play_san`] on the PGN reader's bytes.
    pub(crate) fn play_san_bytes(&mut self, san: &[u8]) -> Result<Move, SanError> {
        let m = self.position().parse_san_bytes(san)?;
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }

    /// A game from `start` whose positions are taken to be alive until
    /// [`Game::check_assumed_life`] says whether they were: the PGN reader
    /// plays a whole record this way, with no dead-position proof per move.
    /// Its history has room for `plies` moves (the reader sizes it by the
    /// game before).
    pub(crate) fn assuming_life_with_room(start: Position, plies: usize) -> Game {
        let room = plies + 1;
        let mut positions = Vec::with_capacity(room);
        let mut keys = Vec::with_capacity(room);
        // Written at the end (Game::write_assumed_life), in one go.
        let mut life = Vec::with_capacity(room);
        keys.push(start.repetition_key());
        positions.push(start);
        life.push(crate::dead::Liveness::Alive);
        Game {
            positions,
            keys,
            life,
            moves: Vec::with_capacity(plies),
            ending: None,
        }
    }

    /// The game made by [`Game::assuming_life_with_room`], no move
    /// played, started again from `start` (a record's `FEN`): its vectors
    /// kept, with their room.
    pub(crate) fn restart_assuming_life(&mut self, start: Position) {
        debug_assert!(
            self.moves.is_empty(),
            "a game restarted before its first move"
        );
        self.positions.clear();
        self.keys.clear();
        self.life.clear();
        self.moves.clear();
        self.ending = None;
        self.keys.push(start.repetition_key());
        self.positions.push(start);
        self.life.push(crate::dead::Liveness::Alive);
    }

    /// The PGN reader's mainline move in a game whose life is assumed
    /// ([`Game::assuming_life_with_room`]): `Over` when the game has ended
    /// by itself with moves left ([`Game::is_over_with_moves_left`]; the
    /// move is then not played), `NoMove` when `san` is no legal move
    /// there, else the move played with the position it
    /// leads to taken as alive. The position after the move is made in
    /// place, in the history (one copy of the position per move, not two).
    /// Its life is not written yet: every position read so far counts as
    /// alive as the first does, and [`Game::write_assumed_life`] writes
    /// them all at once when the reading is over (the last entry of the
    /// life vector stands for the current position meanwhile). The tests are those
    /// of `is_over_with_moves_left` on the position in hand, less the dead
    /// position's: every position is taken to be alive until the reading
    /// is over.
    #[inline]
    pub(crate) fn play_san_bytes_unless_over_assuming_life(&mut self, san: &[u8]) -> AssumedMove {
        debug_assert!(!self.is_dead(), "a game read with its life assumed");
        let before = self.positions.len() - 1;
        let pos = &self.positions[before];
        let clock = pos.halfmove_clock();
        if self.ending.is_some()
            || clock >= 150
            // The material changes only with a capture (or a promotion,
            // which makes it no less): a position after another move has
            // that of the one before it, found sufficient then.
            || ((clock == 0 || before == 0) && pos.is_insufficient_material())
            // Five occurrences take at least 16 reversible plies, and four
            // earlier keys equal to this one.
            || (clock >= 16 && self.may_be_fivefold(clock) && self.is_fivefold_repetition())
        {
            return AssumedMove::Over;
        }
        let Some(m) = pos.find_san(san) else {
            return AssumedMove::NoMove;
        };
        // Cloned into its slot in one copy (a push of a clone makes two).
        self.positions.extend_from_within(before..);
        let next = &mut self.positions[before + 1];
        next.play_unchecked(m);
        self.keys.push(next.repetition_key());
        self.moves.push(m);
        AssumedMove::Played
    }

    /// Whether the current position (half-move clock `clock`) may have
    /// occurred five times: at least four of the earlier keys that
    /// [`Game::repetitions`] compares with it (the same side to move, back
    /// to the last capture or pawn move) are equal to its key. Counted in
    /// one tight pass over the keys; only then are the positions compared.
    #[inline]
    fn may_be_fivefold(&self, clock: u32) -> bool {
        let ply = self.keys.len() - 1;
        let key = self.keys[ply];
        let reach = usize::try_from(clock).unwrap_or(usize::MAX).min(ply);
        let earlier = &self.keys[ply - reach..ply];
        earlier
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
            >= 4
    }

    /// Writes the life of the positions played by
    /// [`Game::play_san_bytes_unless_over_assuming_life`] (alive, as assumed), so that
    /// there is one entry per position again. Called before anything
    /// reads the life of a position other than the current one, or hands
    /// the game on.
    pub(crate) fn write_assumed_life(&mut self) {
        self.life
            .resize(self.positions.len(), crate::dead::Liveness::Alive);
    }

    /// What the positions of a game played with its life assumed are, as
    /// [`Game::play`] would have ruled them move by move: all alive, or the
    /// first dead one, found with a few proofs rather than one per move.
    ///
    /// A dead position leads only to dead ones and a live one was reached
    /// only from live ones (FIDE 5.2.2), and a proof is never wrong: so the
    /// proofs along a game read alive (or undecided), then dead (or
    /// undecided). The last position alive, or checkmate, vouches for all.
    /// Else the first dead one is searched among the positions after
    /// captures and pawn moves (where `Game::play` runs a proof anyway),
    /// from the end back, and the few after the last live one found are
    /// ruled as `Game::play` rules them, each from the one before. An
    /// undecided proof on the way leaves it to a ruling move by move.
    pub(crate) fn check_assumed_life(&mut self) -> AssumedLife {
        use crate::dead::{Liveness, liveness, liveness_after};
        self.write_assumed_life();
        let last = self.positions.len() - 1;
        let last_pos = &self.positions[last];
        // A record of no move from the standard start needs no proof: the
        // start is known alive (as for `Game::new`).
        if last_pos.is_checkmate() || (last == 0 && *last_pos == Position::new()) {
            return AssumedLife::Holds;
        }
        // liveness takes its cheapest steps first: most records end alive
        // at the quick look.
        match liveness(last_pos) {
            Liveness::Alive => return AssumedLife::Holds,
            Liveness::Open => return AssumedLife::Unknown,
            Liveness::Dead => {}
        }
        // The positions Game::play proves from scratch for sure: the start
        // and those after a capture or pawn move.
        let zeroing: Vec<usize> = core::iter::once(0)
            .chain((1..=last).filter(|&ply| self.positions[ply].halfmove_clock() == 0))
            .collect();
        let start_alive = self.positions[0] == Position::new();
        let mut alive = 0; // index into `zeroing` of a position proved alive
        if !start_alive {
            match liveness(&self.positions[0]) {
                Liveness::Alive => {}
                Liveness::Dead => return AssumedLife::DeadAt(0),
                Liveness::Open => return AssumedLife::Unknown,
            }
        }
        // `dead`: the first index known dead (or past the end).
        let mut dead = zeroing.len();
        if zeroing.last() == Some(&last) {
            dead = zeroing.len() - 1;
        }
        // Searched from the end, by steps that double, until a live one is
        // found, then by halving: a record that ends dead most often died
        // at its last capture or pawn move (the material gone), and a
        // proof near the end, with little material left, is cheap where
        // one in the middlegame is not.
        let mut step = Some(1);
        while dead - alive > 1 {
            let mid = match step {
                Some(step) => dead.saturating_sub(step).max(alive + 1),
                None => (alive + dead) / 2,
            };
            match liveness(&self.positions[zeroing[mid]]) {
                Liveness::Alive => {
                    alive = mid;
                    step = None;
                }
                Liveness::Dead => {
                    dead = mid;
                    step = step.map(|s| s * 2);
                }
                Liveness::Open => return AssumedLife::Unknown,
            }
        }
        // The known dead one after a capture or pawn move is where
        // Game::play finds it dead (it proves such a position afresh); when
        // the position just before it is alive, so are all before that (a
        // proof is never wrong), and Game::play rules none of them dead:
        // one proof instead of one for each move in between.
        if let Some(&at) = zeroing.get(dead) {
            if at - 1 > zeroing[alive] && liveness(&self.positions[at - 1]) == Liveness::Alive {
                return AssumedLife::DeadAt(at);
            }
        }
        // From the live one on, as Game::play rules: the first dead is
        // at the known dead one at the latest (the last position is dead).
        let mut life = Liveness::Alive;
        for ply in zeroing[alive] + 1..=last {
            let (prev, next) = (&self.positions[ply - 1], &self.positions[ply]);
            life = if zeroing.get(dead) == Some(&ply) {
                Liveness::Dead
            } else {
                liveness_after(prev, life, self.moves[ply - 1], next)
            };
            if life == Liveness::Dead {
                return AssumedLife::DeadAt(ply);
            }
        }
        AssumedLife::Unknown
    }

    /// The game as [`Game::play`] would have ruled it move by move, when
    /// [`Game::check_assumed_life`] was undecided: each position's life from
    /// the one before, as `Game::play` finds it (`start_proved`: the start's
    /// was proved, as [`Game::from_position`] does, rather than known, as
    /// for [`Game::new`]). Where the first dead position stands, if any.
    pub(crate) fn rule_life_move_by_move(&mut self, start_proved: bool) -> Option<usize> {
        use crate::dead::{Liveness, liveness, liveness_after};
        self.write_assumed_life();
        let mut life = if start_proved {
            liveness(&self.positions[0])
        } else {
            Liveness::Alive
        };
        self.life[0] = life;
        if life == Liveness::Dead {
            return Some(0);
        }
        for ply in 1..self.positions.len() {
            let (prev, next) = (&self.positions[ply - 1], &self.positions[ply]);
            life = liveness_after(prev, life, self.moves[ply - 1], next);
            self.life[ply] = life;
            if life == Liveness::Dead {
                return Some(ply);
            }
        }
        None
    }

    /// Ends the game at the dead position after `ply` moves (FIDE 5.2.2),
    /// as [`Game::play`] would have: the moves played after it are taken
    /// out and returned, in order (the record keeps them as written after
    /// the end).
    pub(crate) fn end_dead_at(&mut self, ply: usize) -> Vec<Move> {
        self.write_assumed_life();
        let after = self.moves.split_off(ply.min(self.moves.len()));
        self.positions.truncate(ply + 1);
        self.keys.truncate(ply + 1);
        self.life.truncate(ply + 1);
        self.mark_dead();
        after
    }

    /// Takes the current position as dead (FIDE 5.2.2), as a proof has
    /// shown.
    fn mark_dead(&mut self) {
        if let Some(life) = self.life.last_mut() {
            *life = crate::dead::Liveness::Dead;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_read_with_its_life_assumed_ends_at_insufficient_material() {
        // Reached by a capture after quiet moves (the clock was not zero):
        // the next move is past the game's end.
        let start: Position = "4k3/8/8/8/8/8/3r4/4K3 w - - 7 40".parse().unwrap();
        let mut game = Game::assuming_life_with_room(start, 0);
        for san in ["Kf1", "Kd7", "Ke1", "Ke7", "Kxd2"] {
            assert_eq!(
                game.play_san_bytes_unless_over_assuming_life(san.as_bytes()),
                AssumedMove::Played,
                "{san}"
            );
        }
        assert_eq!(
            game.play_san_bytes_unless_over_assuming_life(b"Ke8"),
            AssumedMove::Over
        );
        // A start with insufficient material and a clock that is not zero:
        // no move at all.
        let start: Position = "4k3/8/8/8/8/8/3B4/4K3 w - - 9 50".parse().unwrap();
        let mut game = Game::assuming_life_with_room(start, 0);
        assert_eq!(
            game.play_san_bytes_unless_over_assuming_life(b"Ke2"),
            AssumedMove::Over
        );
    }

    #[test]
    fn a_game_read_with_its_life_assumed_ends_at_the_fifth_occurrence() {
        // The start (or the position after the prefix) occurs five times
        // in 16 plies: a move after the fourth occurrence is played, one
        // after the fifth is not (as Game::play rules it), whether the
        // shuffle starts at once or after other quiet moves.
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        for prefix in [&[][..], &["Nc3", "Nc6"][..]] {
            let mut game = Game::assuming_life_with_room(Position::new(), 0);
            let mut played = Game::new();
            let sans = prefix
                .iter()
                .chain(shuffle.iter().cycle())
                .take(prefix.len() + 17);
            for san in sans {
                let want = if played.outcome().is_some() {
                    AssumedMove::Over
                } else {
                    played.play_san(san).unwrap();
                    AssumedMove::Played
                };
                assert_eq!(
                    game.play_san_bytes_unless_over_assuming_life(san.as_bytes()),
                    want,
                    "{san} after {} plies",
                    game.moves().len()
                );
            }
            assert!(played.is_fivefold_repetition());
            assert_eq!(game.moves().len(), prefix.len() + 16);
        }
    }

    #[test]
    fn life_ruled_move_by_move_after_the_fact_is_what_play_rules() {
        // Random play from starts that reach dead positions (a locked pawn
        // chain once the rook is gone, insufficient material).
        let starts = [
            "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/K6r w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K1n1 w Q - 0 1",
            "4k3/2b5/8/8/8/8/4P3/4K1N1 w - - 0 1",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut dead = 0;
        for n in 0..90 {
            let start: Position = starts[n % starts.len()].parse().unwrap();
            let mut played = Game::from_position(start.clone());
            let mut assumed = Game::assuming_life_with_room(start, 0);
            for _ in 0..120 {
                if played.outcome().is_some() {
                    break;
                }
                let moves = played.position().legal_moves();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let m = moves[(state % moves.len() as u64) as usize];
                let san = played.position().san(m);
                played.play(m).unwrap();
                assert_eq!(
                    assumed.play_san_bytes_unless_over_assuming_life(san.as_bytes()),
                    AssumedMove::Played,
                );
                assert_eq!(assumed.moves.last(), Some(&m));
            }
            let first_dead = assumed.rule_life_move_by_move(true);
            let want = played
                .life
                .iter()
                .position(|&l| l == crate::dead::Liveness::Dead);
            assert_eq!(first_dead, want, "game {n}");
            let upto = want.map_or(played.life.len(), |ply| ply + 1);
            assert_eq!(assumed.life[..upto], played.life[..upto], "game {n}");
            dead += usize::from(want.is_some());
        }
        assert!(dead > 10, "{dead} games reach a dead position");
    }
}
