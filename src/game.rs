//! `Game`: a start position and the moves played since, the arbiter of
//! repetitions, of the fifty- and seventy-five-move rules, of draw claims
//! and of flag fall (FIDE 6.9, 9).

use crate::fen::FenError;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::{IllegalMoveError, Position};
use crate::san::SanError;
use crate::uci::UciError;
use crate::{Color, Move, Role};
use alloc::vec::Vec;
use core::fmt;

mod history;
#[cfg(feature = "std")]
pub(crate) mod pgn_reader;
mod repetition;
mod rulings;
#[cfg(feature = "serde")]
mod serde;

pub(crate) use repetition::{is_zeroing, same_position};

/// A game: the start position and the moves played since, with the history
/// that the rules of repetition need. It plays and takes back moves, tells
/// when the game ended by itself (checkmate, stalemate, dead position,
/// fivefold repetition, seventy-five moves) and when a player may claim a
/// draw (threefold repetition, fifty moves).
///
/// Positions before the start position are unknown and count as none. The
/// game keeps the start and current positions and, per move, the move and
/// the repetition key of the position it led to; every sixteenth position
/// is kept too, so that an earlier position (or the one a move taken back
/// returns to) is rebuilt by replaying at most fifteen moves. A repetition
/// query looks back only as far as the last capture or pawn move, and
/// compares positions only where their keys are equal.
///
/// Once the game is over ([`Game::outcome`] is `Some`: by itself, or by a
/// recorded resignation, agreement or accepted claim) it takes no more
/// moves: [`Game::play`] and its text forms return an error carrying the
/// outcome.
///
/// ```
/// use chess_arbiter::{DrawReason, Game};
/// let mut game = Game::new();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
///     game.play_uci(uci).unwrap();
/// }
/// // Black may claim by announcing f6g8, which repeats the start a third time.
/// assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
/// game.play_uci("f6g8").unwrap();
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), None); // claims are never automatic
/// ```
#[derive(Clone)]
pub struct Game {
    /// The position before the first move.
    start: Position,
    /// The position after the last move.
    current: Position,
    /// `snapshots[k]` is the position after `(k + 1) * SNAPSHOT` moves:
    /// there are `moves.len() / SNAPSHOT` of them.
    snapshots: Vec<Position>,
    /// `keys[i]` is what the history keeps of the position after `i` moves
    /// ([`history::entry`]): its repetition key (FIDE 9.2 identity) with
    /// its two low bits holding what is known of it being dead (FIDE
    /// 5.2.2). Never empty: one entry per position, the current one last.
    pub(crate) keys: Vec<u64>,
    moves: Vec<Move>,
    /// An ending recorded in the current position: resignation, agreement
    /// or an accepted draw claim.
    pub(crate) ending: Option<Outcome>,
    /// What a ruling found of the current position's own end, so that
    /// [`Game::outcome`] does not generate its moves again: 0 when nothing
    /// is known, else `(plies + 1) << 1 | mate` with `plies` the number of
    /// moves played when it was found and `mate` 1 for a checkmate, 0 for
    /// a position with a legal move. Valid only while the number of moves
    /// is that (a move played changes it; [`Game::undo`] clears it).
    board: u32,
}

/// A game's history vectors taken out of it ([`Game::take_history`]), to
/// build another game in ([`Game::reusing`]).
#[derive(Default)]
pub(crate) struct History {
    snapshots: Vec<Position>,
    keys: Vec<u64>,
    moves: Vec<Move>,
}

impl History {
    /// The most moves any of its vectors has room for.
    #[cfg(feature = "std")]
    pub(crate) fn room(&self) -> usize {
        self.keys
            .capacity()
            .max(self.moves.capacity())
            .max(self.snapshots.capacity() * history::SNAPSHOT)
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// let game = Game::new();
    /// assert_eq!(game.position(), &Position::new());
    /// assert!(game.moves().is_empty());
    /// ```
    pub fn new() -> Game {
        // The standard start is alive (1. f3 e5 2. g4 Qh4# mates): no
        // proof to run (test `the_standard_start_is_alive`).
        Game::with_life(Position::new(), crate::dead::Liveness::Alive)
    }

    /// A game from `start`. Positions that may have come before it are
    /// unknown and count as none for repetitions (FIDE 9.2).
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// let game = Game::from_position(Position::chess960(0));
    /// assert_eq!(game.start().fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// ```
    pub fn from_position(start: Position) -> Game {
        let life = crate::dead::liveness(&start);
        Game::with_life(start, life)
    }

    /// A game from `start`, whose liveness (FIDE 5.2.2) is `life`.
    fn with_life(start: Position, life: crate::dead::Liveness) -> Game {
        Game::with_room(start, life, 64)
    }

    /// A game from `start` (whose liveness is `life`) with room for `plies`
    /// moves before its vectors grow.
    pub(crate) fn with_room(start: Position, life: crate::dead::Liveness, plies: usize) -> Game {
        Game::reusing(start, life, plies, History::default())
    }

    /// The game's history vectors taken out as they are: the game is
    /// left with empty vectors (no allocation), fit only to be dropped: for
    /// a reader to build another game in them
    /// ([`Game::reusing`]).
    #[cfg(feature = "std")]
    pub(crate) fn take_history(&mut self) -> History {
        History {
            snapshots: core::mem::take(&mut self.snapshots),
            keys: core::mem::take(&mut self.keys),
            moves: core::mem::take(&mut self.moves),
        }
    }

    /// [`Game::with_room`] in the vectors of `buffers` (cleared, their
    /// room kept, grown to `plies` moves when smaller).
    pub(crate) fn reusing(
        start: Position,
        life: crate::dead::Liveness,
        plies: usize,
        buffers: History,
    ) -> Game {
        let History {
            mut snapshots,
            mut keys,
            mut moves,
        } = buffers;
        snapshots.clear();
        keys.clear();
        moves.clear();
        snapshots.reserve(plies / history::SNAPSHOT);
        keys.reserve(plies + 1);
        moves.reserve(plies);
        keys.push(history::entry(start.repetition_key(), life));
        Game {
            current: start.clone(),
            start,
            snapshots,
            keys,
            moves,
            ending: None,
            board: 0,
        }
    }

    /// A game from the position a FEN describes, read as
    /// [`Position::from_fen`] reads it.
    ///
    /// # Errors
    ///
    /// [`FenError`] if the FEN cannot be read or describes an illegal position.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 99 80").unwrap();
    /// assert!(game.can_claim_fifty_moves());
    /// assert!(Game::from_fen("not a fen").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Position::from_fen(fen).map(Game::from_position)
    }

    /// The current position.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// game.play_uci("e2e4").unwrap();
    /// assert_eq!(game.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    #[inline]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The moves played since the start position, oldest first.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// let m = game.play_uci("d2d4").unwrap();
    /// assert_eq!(game.moves(), &[m]);
    /// ```
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position the game started from.
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// let mut game = Game::new();
    /// game.play_uci("d2d4").unwrap();
    /// assert_eq!(game.start(), &Position::new());
    /// ```
    #[inline]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Plays `m` if it is legal in the current position (FIDE 3) and the
    /// game is not over.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if `m` is not a legal move, saying why
    /// ([`IllegalMoveError::reason`]), or if the game is already over
    /// ([`IllegalMoveReason::GameOver`](crate::IllegalMoveReason::GameOver));
    /// the game is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Game, Move, Square};
    /// let mut game = Game::new();
    /// assert!(game.play(Move::new(Square::G1, Square::F3)).is_ok());
    /// assert!(game.play(Move::new(Square::G1, Square::F3)).is_err());
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let over = |game: &Game, outcome| {
            IllegalMoveError::new(
                m,
                game.position(),
                crate::IllegalMoveReason::GameOver(outcome),
            )
        };
        let mut next = self.position().clone();
        if let Err(err) = next.play(m) {
            // No legal move after checkmate or stalemate: say the game is over.
            return Err(self.outcome().map_or(err, |outcome| over(self, outcome)));
        }
        if let Some(outcome) = self.over_with_moves_left() {
            return Err(over(self, outcome));
        }
        self.push(m, next);
        Ok(())
    }

    /// Reads a UCI move (castling `e1g1`, or king-takes-rook `e1h1` in
    /// Chess960), plays it and returns it.
    ///
    /// # Errors
    ///
    /// [`UciError::Syntax`] for malformed text, [`UciError::Illegal`] for a
    /// move that is not legal here, [`UciError::GameOver`] once the game is
    /// over; the game is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Game, MoveKind, UciError};
    /// let mut game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(game.play_uci("e1g1").unwrap().kind(), MoveKind::Castle);
    /// assert!(matches!(game.play_uci("e8e6"), Err(UciError::Illegal { .. })));
    /// ```
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, UciError> {
        self.play_parsed(Position::parse_uci(self.position(), uci), |outcome| {
            UciError::GameOver {
                input: crate::quote::bounded(uci),
                outcome,
            }
        })
    }

    /// Reads a move in SAN (leniently, as [`Position::parse_san`] does: what
    /// players write), plays it and returns it.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not a move,
    /// [`SanError::Illegal`] for a move that is not legal here and
    /// [`SanError::Ambiguous`] for one that could be several legal moves,
    /// [`SanError::GameOver`] once the game is over; the game is then
    /// unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Game, SanError};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.play_san("e5").unwrap();
    /// assert_eq!(game.play_san("Nf3").unwrap().to_string(), "g1f3");
    /// assert!(matches!(game.play_san("Ke3"), Err(SanError::Illegal { .. })));
    /// ```
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        self.play_parsed(Position::parse_san(self.position(), san), |outcome| {
            SanError::GameOver {
                input: crate::quote::bounded(san),
                outcome,
            }
        })
    }

    /// Plays a move read from text. A parse error becomes `over(outcome)`
    /// once the game is over, since it may fail only because no move is
    /// left; a legal move is refused the same way when the game ended with
    /// moves left.
    fn play_parsed<E>(
        &mut self,
        parsed: Result<Move, E>,
        over: impl Fn(Outcome) -> E,
    ) -> Result<Move, E> {
        let m = match parsed {
            Ok(m) => m,
            Err(err) => return Err(self.outcome().map_or(err, over)),
        };
        if let Some(outcome) = self.over_with_moves_left() {
            return Err(over(outcome));
        }
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }

    /// Takes back the last move and returns it, or `None` at the start
    /// position. The position before it is rebuilt from the last position
    /// kept, by at most fifteen moves.
    ///
    /// A recorded ending (a resignation, an agreed draw, an accepted claim)
    /// was made in the position the last move led to, so it is taken back
    /// with that move; at the start position `undo` only clears it. An
    /// ending the position decides by itself (checkmate, ...) goes with the
    /// move that made it, as always.
    ///
    /// ```
    /// use chess_arbiter::{Color, Game};
    /// let mut game = Game::new();
    /// game.play_uci("f2f3").unwrap();
    /// game.resign(Color::Black).unwrap();
    /// assert!(game.outcome().is_some());
    /// assert_eq!(game.undo().map(|m| m.to_string()), Some("f2f3".to_string()));
    /// assert_eq!(game.outcome(), None);
    /// ```
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// let m = game.play_uci("e2e4").unwrap();
    /// assert_eq!(game.undo(), Some(m));
    /// assert_eq!(game, Game::new());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        self.ending = None;
        self.board = 0;
        let m = self.moves.pop()?;
        self.keys.pop();
        let ply = self.moves.len();
        self.snapshots.truncate(ply / history::SNAPSHOT);
        self.current = self.rebuilt(ply);
        Some(m)
    }

    /// How many times the current position has occurred in this game,
    /// itself included (so at least 1). Positions are the same when the same
    /// side is to move, the same pieces stand on the same squares and the
    /// possible moves are the same: castling rights count, and an en passant
    /// square only when the capture is legal (FIDE 9.2.3).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// ```
    pub fn repetitions(&self) -> u32 {
        let ply = self.moves.len();
        1 + self.earlier_occurrences(self.position(), self.key_at(ply), ply, u32::MAX)
    }

    /// `true` if the player to move may claim a draw by threefold
    /// repetition (FIDE 9.2): the current position has occurred three
    /// times, or a legal move they announce (writing it, not playing it)
    /// leads to a position that will then have occurred three times
    /// (9.2.1). No claim once the game is over ([`Game::outcome`] is
    /// `Some`).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"] {
    ///     game.play_uci(uci).unwrap();
    ///     assert!(!game.can_claim_threefold_repetition());
    /// }
    /// game.play_uci("f3g1").unwrap();
    /// assert!(game.can_claim_threefold_repetition()); // by announcing f6g8
    /// ```
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.outcome().is_none() && self.threefold_claim()
    }

    /// `true` if the player to move may claim a draw by the fifty-move rule
    /// (FIDE 9.3): each side made its last 50 moves without a pawn move or
    /// a capture (half-move clock at least 100), or the move the player
    /// announces completes them (clock 99 and a legal move that is neither a
    /// capture nor a pawn move and does not mate or stalemate, 9.3.1). No
    /// claim once the game is over ([`Game::outcome`] is `Some`).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 99 80").unwrap();
    /// assert!(game.can_claim_fifty_moves()); // by announcing a king move
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 98 80").unwrap();
    /// assert!(!game.can_claim_fifty_moves());
    /// ```
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.outcome().is_none() && self.fifty_moves_claim()
    }

    /// `true` if the current position has occurred five times: the game is
    /// drawn without a claim (FIDE 9.6.1). The occurrences need not follow
    /// one another.
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Game, Outcome};
    /// let mut game = Game::new();
    /// for _ in 0..4 {
    ///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///         game.play_uci(uci).unwrap();
    ///     }
    /// }
    /// assert!(game.is_fivefold_repetition());
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::FivefoldRepetition }));
    /// ```
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions_at_least(5)
    }

    /// `true` if each side made its last 75 moves without a pawn move or a
    /// capture (half-move clock at least 150) and the last move did not
    /// checkmate or stalemate: the game is drawn without a claim (FIDE 9.6.2).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 150 120").unwrap();
    /// assert!(game.is_seventy_five_moves());
    /// ```
    pub fn is_seventy_five_moves(&self) -> bool {
        let pos = self.position();
        pos.halfmove_clock() >= 150 && pos.has_legal_moves()
    }

    /// The draw the player to move may claim now, if any: threefold
    /// repetition first (FIDE 9.2), then the fifty-move rule (9.3). `None`
    /// once the game is over.
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Game};
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 100 80").unwrap();
    /// assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoves));
    /// assert_eq!(Game::new().claimable_draw(), None);
    /// ```
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            None
        } else if self.threefold_claim() {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.fifty_moves_claim() {
            Some(DrawReason::FiftyMoves)
        } else {
            None
        }
    }

    /// How the game has ended, if it has: a recorded ending
    /// ([`Game::resign`], [`Game::agree_draw`], an accepted
    /// [`Game::claim_draw`]), or else the first of these that the game
    /// decides by itself: checkmate (FIDE 5.1.1), stalemate (5.2.1), a dead
    /// position by insufficient material (5.2.2), any other dead position
    /// ([`DrawReason::DeadPosition`], see [`Position::is_dead`]),
    /// seventy-five moves (9.6.2), fivefold repetition (9.6.1). A draw that
    /// may be claimed is no outcome until it is claimed: see
    /// [`Game::claimable_draw`].
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Game, Outcome};
    /// let mut game = Game::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(game.outcome(), None);
    /// game.play_uci("e1e2").unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.ending.is_some() {
            return self.ending;
        }
        // A ruling may have found the position checkmate or with a legal
        // move: no move generated again.
        let known = match self.known_board() {
            Some(true) => Some(Outcome::Decisive {
                winner: !self.position().turn(),
                reason: WinReason::Checkmate,
            }),
            Some(false) => self.over_with_moves_left(),
            None => return self.board_outcome(),
        };
        debug_assert_eq!(known, self.board_outcome(), "what a ruling found");
        known
    }

    /// [`Game::outcome`] of a game with no recorded ending, from the
    /// position's moves.
    fn board_outcome(&self) -> Option<Outcome> {
        self.position()
            .outcome_given(|_| self.is_dead())
            .or_else(|| {
                self.is_fivefold_repetition().then_some(Outcome::Draw {
                    reason: DrawReason::FivefoldRepetition,
                })
            })
    }

    /// The outcome when `flagged`'s time runs out (FIDE 6.9): the other side
    /// wins, unless it cannot checkmate by any series of legal moves
    /// ([`Position::winnability`] is [`Winnability::Unwinnable`](crate::Winnability::Unwinnable):
    /// the material rule, locked pawns, a boxed-in king); then it is a draw,
    /// [`DrawReason::TimeoutOpponentCannotMate`] ("the opponent cannot
    /// checkmate"). An undecided search rules a win. A game that is already
    /// over keeps its outcome.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Game, Outcome, WinReason};
    /// // White's flag falls against a lone king: a draw.
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(
    ///     game.outcome_on_timeout(Color::White),
    ///     Outcome::Draw { reason: DrawReason::TimeoutOpponentCannotMate },
    /// );
    /// assert_eq!(
    ///     game.outcome_on_timeout(Color::Black),
    ///     Outcome::Decisive { winner: Color::White, reason: WinReason::Timeout },
    /// );
    /// ```
    pub fn outcome_on_timeout(&self, flagged: Color) -> Outcome {
        match self.outcome() {
            Some(outcome) => outcome,
            None => self.timeout_ruling(flagged),
        }
    }

    /// [`Game::outcome_on_timeout`] of a game known to have no outcome
    /// (the PGN reader has just asked).
    pub(crate) fn timeout_ruling(&self, flagged: Color) -> Outcome {
        let verdict = crate::dead::mate_verdict(self.position(), !flagged);
        timeout_outcome(flagged, verdict)
    }

    /// Records that `flagged`'s flag fell (FIDE 6.9) and returns the
    /// ruling, which becomes the game's outcome like a resignation:
    /// [`Game::outcome_on_timeout`] (a loss for `flagged`, or a draw when
    /// the opponent cannot checkmate by any series of legal moves). The game
    /// then takes no more moves; [`Game::undo`] takes the ruling back with
    /// the last move. A PGN written from the game carries its result.
    ///
    /// # Errors
    ///
    /// [`GameOverError`](crate::GameOverError) if the game is already over;
    /// it keeps its outcome.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Game, Outcome, WinReason};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// let ruling = game.flag_fall(Color::Black).unwrap();
    /// assert_eq!(ruling, Outcome::Decisive { winner: Color::White, reason: WinReason::Timeout });
    /// assert_eq!(game.outcome(), Some(ruling));
    /// assert!(game.play_san("e5").is_err());
    ///
    /// let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// assert_eq!(
    ///     game.flag_fall(Color::White),
    ///     Ok(Outcome::Draw { reason: DrawReason::TimeoutOpponentCannotMate }),
    /// );
    /// ```
    pub fn flag_fall(&mut self, flagged: Color) -> Result<Outcome, crate::GameOverError> {
        if let Some(outcome) = self.outcome() {
            return Err(crate::GameOverError { outcome });
        }
        let ruling = self.outcome_on_timeout(flagged);
        self.ending = Some(ruling);
        Ok(ruling)
    }

    /// The legal move from `from` to `to` in the current position, as
    /// [`Position::find_move`] finds it, or why there is none; once the game
    /// is over, that it is over
    /// ([`IllegalMoveReason::GameOver`](crate::IllegalMoveReason::GameOver)
    /// with the outcome), whatever the squares.
    ///
    /// # Errors
    ///
    /// [`FindMoveError`](crate::FindMoveError) with the reason.
    ///
    /// ```
    /// use chess_arbiter::{Game, IllegalMoveReason, Square};
    /// let mut game = Game::new();
    /// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// let err = game.find_move(Square::E2, Square::E4, None).unwrap_err();
    /// assert!(matches!(err.reason, IllegalMoveReason::GameOver(_)));
    /// assert_eq!(err.reason.to_string(), "the game is over: black wins by checkmate");
    /// ```
    pub fn find_move(
        &self,
        from: crate::Square,
        to: crate::Square,
        promotion: Option<Role>,
    ) -> Result<Move, crate::FindMoveError> {
        let over = |outcome| crate::FindMoveError {
            from,
            to,
            promotion,
            fen: self.position().fen(),
            reason: crate::IllegalMoveReason::GameOver(outcome),
        };
        match self.position().find_move(from, to, promotion) {
            Ok(m) => match self.over_with_moves_left() {
                Some(outcome) => Err(over(outcome)),
                None => Ok(m),
            },
            Err(err) => Err(self.outcome().map_or(err, over)),
        }
    }

    /// Plays the legal move from `from` to `to` (with `promotion` for a pawn
    /// reaching the last rank) and returns it: a board interface's move,
    /// found as [`Game::find_move`] finds it.
    ///
    /// # Errors
    ///
    /// [`FindMoveError`](crate::FindMoveError) saying why there is no such
    /// move, or that the game is over; the game is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Game, IllegalMoveReason, MoveKind, Role, Square};
    /// let mut game = Game::new();
    /// let m = game.play_squares(Square::E2, Square::E4, None).unwrap();
    /// assert_eq!(m.kind(), MoveKind::DoublePush);
    /// let err = game.play_squares(Square::E2, Square::E4, None).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::NoPiece(Square::E2));
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn play_squares(
        &mut self,
        from: crate::Square,
        to: crate::Square,
        promotion: Option<Role>,
    ) -> Result<Move, crate::FindMoveError> {
        let m = self.find_move(from, to, promotion)?;
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }
}

impl PartialEq for Game {
    /// Equal when the start positions, the moves played and the recorded
    /// endings are.
    fn eq(&self, other: &Game) -> bool {
        self.start() == other.start() && self.moves == other.moves && self.ending == other.ending
    }
}

impl Eq for Game {}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Moves<'a>(&'a Game);
        impl fmt::Debug for Moves<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let game = self.0;
                f.debug_list()
                    .entries(
                        game.moves
                            .iter()
                            .zip(game.positions())
                            .map(|(&m, pos)| pos.uci(m)),
                    )
                    .finish()
            }
        }
        f.debug_struct("Game")
            .field("start", &self.start().fen())
            .field("moves", &Moves(self))
            .field("position", &self.position().fen())
            .field("ending", &self.ending)
            .finish()
    }
}

/// The ruling of `flagged`'s flag fall (FIDE 6.9) when the opponent's
/// verdict at the last position is `verdict`: a draw only when the opponent
/// cannot checkmate by any series of legal moves, else a loss on time.
pub(crate) fn timeout_outcome(flagged: Color, verdict: crate::Winnability) -> Outcome {
    if verdict == crate::Winnability::Unwinnable {
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate,
        }
    } else {
        Outcome::Decisive {
            winner: !flagged,
            reason: WinReason::Timeout,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;
    use crate::dead::{Liveness, liveness};

    #[test]
    fn the_standard_start_is_alive() {
        // Game::new takes it as alive without a proof.
        assert_eq!(liveness(&Position::new()), Liveness::Alive);
    }
}
