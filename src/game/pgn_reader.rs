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
    /// Every position is alive, as `Game::play` would have ruled, and the
    /// last one has a legal move (it is not checkmate).
    Holds,
    /// The last position is checkmate: every position before it is alive.
    Mate,
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

    /// [`Game::outcome`] of a game whose position is known to have a legal
    /// move (the PGN reader proved it alive, not checkmate):
    /// [`Game::over_with_moves_left`], which needs no move generation.
    pub(crate) fn outcome_with_a_move(&self) -> Option<crate::Outcome> {
        let outcome = self.over_with_moves_left();
        debug_assert_eq!(outcome, self.outcome(), "a position with a legal move");
        outcome
    }

    /// [`Game::play_san`] on the PGN reader's bytes. (The rare path, a
    /// record ruled move by move: the SAN search called out of line, not
    /// inlined as in the plain path's move.)
    pub(crate) fn play_san_bytes(&mut self, san: &[u8]) -> Result<Move, SanError> {
        let pos = self.position();
        let Some(m) = pos.find_san(san) else {
            return Err(pos.san_failure(san));
        };
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }

    /// A game from `start` whose positions are taken to be alive until
    /// [`Game::check_assumed_life`] says whether they were: the PGN reader
    /// plays a whole record this way, with no dead-position proof per move.
    /// Its history, built in the vectors of `history` ([`Game::reusing`]),
    /// has room for `plies` moves (the reader sizes it by the game before).
    pub(crate) fn assuming_life_reusing(
        start: Position,
        plies: usize,
        history: super::History,
    ) -> Game {
        Game::reusing(start, crate::dead::Liveness::Alive, plies, history)
    }

    /// The game made by [`Game::assuming_life_reusing`], no move
    /// played, started again from `start` (a record's `FEN`): its vectors
    /// kept, with their room.
    pub(crate) fn restart_assuming_life(&mut self, start: Position) {
        debug_assert!(
            self.moves.is_empty(),
            "a game restarted before its first move"
        );
        self.snapshots.clear();
        self.keys.clear();
        self.moves.clear();
        self.ending = None;
        self.board = 0;
        self.keys.push(super::history::entry(
            start.repetition_key(),
            crate::dead::Liveness::Alive,
        ));
        self.current = start.clone();
        self.start = start;
    }

    /// The PGN reader's mainline move in a game whose life is assumed
    /// ([`Game::assuming_life_reusing`]): `Over` when the game has ended
    /// by itself with moves left ([`Game::is_over_with_moves_left`]; the
    /// move is then not played), `NoMove` when `san` is no legal move
    /// there, else the move played with the position it
    /// leads to taken as alive. The move is played on the current position
    /// in place: no copy of the position but one every sixteen moves. The tests are those
    /// of `is_over_with_moves_left` on the position in hand, less the dead
    /// position's: every position is taken to be alive until the reading
    /// is over.
    ///
    /// One call of its own, with the SAN search inlined into it (as a
    /// validator's move is): the tokenizer's loop keeps its registers, and
    /// holds one call where it held the whole move in three places.
    #[inline(never)]
    pub(crate) fn play_san_bytes_unless_over_assuming_life(&mut self, san: &[u8]) -> AssumedMove {
        debug_assert!(!self.is_dead(), "a game read with its life assumed");
        let pos = &self.current;
        let clock = pos.halfmove_clock();
        if self.ending.is_some()
            || clock >= 150
            // Asked after every move, not only after captures: its first
            // test (a pawn, rook or queen on the board) fails alike all
            // game long, where "was it a capture?" is a coin toss the
            // branch predictor loses.
            || pos.is_insufficient_material()
            // Five occurrences take at least 16 reversible plies, and four
            // earlier keys equal to this one.
            || (clock >= 16 && self.may_be_fivefold(clock) && self.is_fivefold_repetition())
        {
            return AssumedMove::Over;
        }
        // The search tells the role of the piece that moves: the move is
        // played without looking it up again.
        let Some((m, role)) = pos.find_san_with_role(san) else {
            return AssumedMove::NoMove;
        };
        self.push_in_place(m, role, crate::dead::Liveness::Alive);
        AssumedMove::Played
    }

    /// Whether the current position (half-move clock `clock`) may have
    /// occurred five times: at least four of the earlier keys that
    /// [`Game::repetitions`] compares with it (the same side to move, back
    /// to the last capture or pawn move) are equal to its key. Counted in
    /// one tight pass over the keys; only then are the positions compared.
    #[inline]
    fn may_be_fivefold(&self, clock: u32) -> bool {
        use super::history::key_of;
        let ply = self.keys.len() - 1;
        let key = key_of(self.keys[ply]);
        let reach = usize::try_from(clock).unwrap_or(usize::MAX).min(ply);
        let earlier = &self.keys[ply - reach..ply];
        earlier
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&k| key_of(k) == key)
            .count()
            >= 4
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
        let last = self.moves.len();
        let last_pos = &self.current;
        // A record of no move from the standard start needs no proof: the
        // start is known alive (as for `Game::new`).
        // What is found of the last position's own end is noted for
        // Game::outcome, which then generates no move.
        if last_pos.is_checkmate() {
            self.note_board(true);
            return AssumedLife::Mate;
        }
        if last == 0 && *last_pos == Position::new() {
            self.note_board(false);
            return AssumedLife::Holds;
        }
        // liveness takes its cheapest steps first: most records end alive
        // at the quick look.
        match liveness(last_pos) {
            // (Not checkmate, so not stalemate either: a legal move is left.)
            Liveness::Alive => {
                self.note_board(false);
                return AssumedLife::Holds;
            }
            Liveness::Open => return AssumedLife::Unknown,
            Liveness::Dead => {}
        }
        let start_alive = self.start == Position::new();
        if !start_alive {
            match liveness(&self.start) {
                Liveness::Alive => {}
                Liveness::Dead => return AssumedLife::DeadAt(0),
                Liveness::Open => return AssumedLife::Unknown,
            }
        }
        // The positions Game::play proves from scratch for sure: the start
        // and those after a capture or pawn move, found in one replay
        // (this path is rare: the last position is dead).
        let mut zeroing: Vec<(usize, Position)> = Vec::new();
        zeroing.push((0, self.start.clone()));
        let mut pos = self.start.clone();
        for (ply, &m) in (1..).zip(&self.moves) {
            pos.play_unchecked(m);
            if pos.halfmove_clock() == 0 {
                zeroing.push((ply, pos.clone()));
            }
        }
        let mut alive = 0; // index into `zeroing` of a position proved alive
        // `dead`: the first index known dead (or past the end).
        let mut dead = zeroing.len();
        if zeroing.last().map(|z| z.0) == Some(last) {
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
            match liveness(&zeroing[mid].1) {
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
        let dead_ply = zeroing.get(dead).map(|z| z.0);
        let (alive_ply, alive_pos) = &zeroing[alive];
        if let Some(at) = dead_ply {
            if at - 1 > *alive_ply && liveness(&self.rebuilt(at - 1)) == Liveness::Alive {
                return AssumedLife::DeadAt(at);
            }
        }
        // From the live one on, as Game::play rules: the first dead is
        // at the known dead one at the latest (the last position is dead).
        let mut life = Liveness::Alive;
        let mut prev = alive_pos.clone();
        for ply in alive_ply + 1..=last {
            let m = self.moves[ply - 1];
            let mut next = prev.clone();
            next.play_unchecked(m);
            life = if dead_ply == Some(ply) {
                Liveness::Dead
            } else {
                liveness_after(&prev, life, m, &next)
            };
            if life == Liveness::Dead {
                return AssumedLife::DeadAt(ply);
            }
            prev = next;
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
        let mut life = if start_proved {
            liveness(&self.start)
        } else {
            Liveness::Alive
        };
        self.set_life_at(0, life);
        if life == Liveness::Dead {
            return Some(0);
        }
        let mut prev = self.start.clone();
        for ply in 1..=self.moves.len() {
            let m = self.moves[ply - 1];
            let mut next = prev.clone();
            next.play_unchecked(m);
            life = liveness_after(&prev, life, m, &next);
            self.set_life_at(ply, life);
            if life == Liveness::Dead {
                return Some(ply);
            }
            prev = next;
        }
        None
    }

    /// Ends the game at the dead position after `ply` moves (FIDE 5.2.2),
    /// as [`Game::play`] would have: the moves played after it are taken
    /// out and returned, in order (the record keeps them as written after
    /// the end).
    pub(crate) fn end_dead_at(&mut self, ply: usize) -> Vec<Move> {
        let ply = ply.min(self.moves.len());
        self.board = 0;
        let after = self.moves.split_off(ply);
        if !after.is_empty() {
            self.keys.truncate(ply + 1);
            self.snapshots.truncate(ply / super::history::SNAPSHOT);
            self.current = self.rebuilt(ply);
        }
        self.mark_dead();
        after
    }

    /// Takes the current position as dead (FIDE 5.2.2), as a proof has
    /// shown.
    fn mark_dead(&mut self) {
        self.set_life_at(self.moves.len(), crate::dead::Liveness::Dead);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_ruling_found_of_the_last_position_goes_with_it() {
        use crate::outcome::{Outcome, WinReason};
        use crate::{Color, pgn::Reader};
        let mate = Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        });
        let read = |text: &str| {
            let record = Reader::from_slice(text.as_bytes()).next().unwrap();
            record.unwrap().game().clone()
        };
        // Read with a legal move left at its last position, then that
        // move taken back and a mate played: a checkmate.
        let mut game = read("1. f3 e5 2. g4 Qg5 *");
        assert_eq!(game.outcome(), None);
        game.undo();
        game.play_san("Qh4").unwrap();
        assert_eq!(game.outcome(), mate);
        // Read ending in checkmate, the mate taken back and another move
        // played: no outcome.
        let mut game = read("1. f3 e5 2. g4 Qh4# 0-1");
        assert_eq!(game.outcome(), mate);
        game.undo();
        assert_eq!(game.outcome(), None);
        game.play_san("Qg5").unwrap();
        assert_eq!(game.outcome(), None);
        // The reader's next record in the same buffers, as long.
        let text = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. f3 e5 2. g4 Qg5 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let outcomes: Vec<_> = Reader::from_slice(text.as_bytes())
            .map(|record| record.unwrap().game().outcome())
            .collect();
        assert_eq!(outcomes, [mate, None, mate]);
    }

    #[test]
    fn a_game_read_with_its_life_assumed_ends_at_insufficient_material() {
        // Reached by a capture after quiet moves (the clock was not zero):
        // the next move is past the game's end.
        let start: Position = "4k3/8/8/8/8/8/3r4/4K3 w - - 7 40".parse().unwrap();
        let mut game = Game::assuming_life_reusing(start, 0, Default::default());
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
        let mut game = Game::assuming_life_reusing(start, 0, Default::default());
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
            let mut game = Game::assuming_life_reusing(Position::new(), 0, Default::default());
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
            let mut assumed = Game::assuming_life_reusing(start, 0, Default::default());
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
            let lives = |game: &Game| -> Vec<crate::dead::Liveness> {
                (0..=game.moves.len())
                    .map(|ply| game.life_at(ply))
                    .collect()
            };
            let (played_life, assumed_life) = (lives(&played), lives(&assumed));
            let want = played_life
                .iter()
                .position(|&l| l == crate::dead::Liveness::Dead);
            assert_eq!(first_dead, want, "game {n}");
            let upto = want.map_or(played_life.len(), |ply| ply + 1);
            assert_eq!(assumed_life[..upto], played_life[..upto], "game {n}");
            dead += usize::from(want.is_some());
        }
        assert!(dead > 10, "{dead} games reach a dead position");
    }
}
