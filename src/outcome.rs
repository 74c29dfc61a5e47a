//! How a game ends (FIDE 5, 6.9, 9): [`Outcome`] and its reasons, and what
//! one position decides by itself: checkmate, stalemate, a dead position by
//! insufficient material, the seventy-five-move rule.

use crate::position::Position;
use crate::text::{Name, check_names};
use crate::{Bitboard, Color, Role};
use core::fmt;

#[cfg(feature = "serde")]
mod serde;

/// The end of a game: a win for one side, or a draw, and why.
///
/// ```
/// use chess_arbiter::{Color, Game, Outcome, WinReason};
/// let mut game = Game::new();
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play_uci(uci).unwrap();
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome, Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate });
/// assert_eq!(outcome.to_string(), "black wins by checkmate");
/// assert_eq!(outcome.result(), "0-1");
/// ```
///
/// The enum and its reasons are `#[non_exhaustive]`: a `match` on them
/// needs a `_` arm, so that a later version may name more endings.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The side that won.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// The game is drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
///
/// ```
/// use chess_arbiter::WinReason;
/// assert_eq!(WinReason::Timeout.to_string(), "timeout");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum WinReason {
    /// The loser's king is checkmated (FIDE 5.1.1).
    Checkmate,
    /// The loser's flag fell and the winner could still mate (FIDE 6.9).
    Timeout,
    /// The loser resigned (FIDE 5.1.2): see [`Game::resign`](crate::Game::resign).
    Resignation,
}

/// Why a game was drawn.
///
/// ```
/// use chess_arbiter::DrawReason;
/// assert_eq!(DrawReason::FiftyMoves.to_string(), "fifty-move rule");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    Stalemate,
    /// Neither side can checkmate by any series of legal moves: a dead
    /// position (FIDE 5.2.2).
    InsufficientMaterial,
    /// Neither side can checkmate by any series of legal moves, though the
    /// material would allow it: locked pawns, boxed-in kings, a forced line
    /// (FIDE 5.2.2; see [`Position::is_dead`]).
    DeadPosition,
    /// The same position occurred for the fifth time (FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves of each side without a pawn move or capture, and the last
    /// move did not checkmate (FIDE 9.6.2).
    SeventyFiveMoves,
    /// A player claimed a threefold repetition (FIDE 9.2).
    ThreefoldRepetition,
    /// A player claimed the fifty-move rule (FIDE 9.3).
    FiftyMoves,
    /// A flag fell but the opponent cannot checkmate by any series of legal
    /// moves (FIDE 6.9): not only for want of material (K+N against K+Q),
    /// but in a dead position too (see
    /// [`Position::winnability`](crate::Position::winnability)). Displayed
    /// as "timeout, the opponent cannot checkmate"; its token
    /// ([`DrawReason::name`]) is `"timeout_draw"`. Called
    /// `TimeoutVsInsufficientMaterial` before 0.3, a name kept as a
    /// deprecated alias through 0.3.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Game, Outcome};
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/1n2K2Q w - - 0 1").unwrap();
    /// let ruling = game.outcome_on_timeout(Color::White);
    /// assert_eq!(ruling, Outcome::Draw { reason: DrawReason::TimeoutOpponentCannotMate });
    /// assert_eq!(ruling.to_string(), "draw by timeout, the opponent cannot checkmate");
    /// ```
    TimeoutOpponentCannotMate,
    /// The players agreed to a draw (FIDE 5.2.3): see
    /// [`Game::agree_draw`](crate::Game::agree_draw).
    Agreement,
}

impl DrawReason {
    /// The name of [`DrawReason::TimeoutOpponentCannotMate`] before 0.3,
    /// kept so that code written against it still compiles, in expressions
    /// and in patterns alike.
    ///
    /// ```
    /// #![allow(deprecated)]
    /// use chess_arbiter::DrawReason;
    /// let reason = DrawReason::TimeoutOpponentCannotMate;
    /// assert!(matches!(reason, DrawReason::TimeoutVsInsufficientMaterial));
    /// assert_eq!(DrawReason::TimeoutVsInsufficientMaterial, reason);
    /// ```
    #[deprecated(
        since = "0.3.0",
        note = "renamed `DrawReason::TimeoutOpponentCannotMate`: FIDE 6.9 asks whether the opponent can checkmate, not only whether material suffices"
    )]
    #[allow(non_upper_case_globals)]
    pub const TimeoutVsInsufficientMaterial: DrawReason = DrawReason::TimeoutOpponentCannotMate;
}

impl Outcome {
    /// The side that won, or `None` for a draw.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    /// let win = Outcome::Decisive { winner: Color::White, reason: WinReason::Timeout };
    /// assert_eq!(win.winner(), Some(Color::White));
    /// assert_eq!(Outcome::Draw { reason: DrawReason::Stalemate }.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The result as a PGN result tag writes it: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    /// let win = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
    /// assert_eq!(win.result(), "1-0");
    /// assert_eq!(Outcome::Draw { reason: DrawReason::FiftyMoves }.result(), "1/2-1/2");
    /// ```
    #[must_use]
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

impl WinReason {
    /// Each reason's token and words.
    pub(crate) const NAMES: [Name<WinReason>; 3] = [
        (WinReason::Checkmate, "checkmate", "checkmate"),
        (WinReason::Timeout, "timeout", "timeout"),
        (WinReason::Resignation, "resignation", "resignation"),
    ];

    /// The reason's token: `"checkmate"`, `"timeout"` or `"resignation"`,
    /// as serde writes it and as the Arrow `termination` column (module
    /// `arrow`, feature `arrow`) names the endings the Laws rule.
    ///
    /// ```
    /// use chess_arbiter::WinReason;
    /// assert_eq!(WinReason::Checkmate.name(), "checkmate");
    /// assert_eq!(WinReason::Timeout.to_string(), "timeout");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }
}

check_names!(WinReason::NAMES);

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[*self as usize].2)
    }
}

impl DrawReason {
    /// Each reason's token and words.
    pub(crate) const NAMES: [Name<DrawReason>; 9] = [
        (DrawReason::Stalemate, "stalemate", "stalemate"),
        (
            DrawReason::InsufficientMaterial,
            "insufficient_material",
            "insufficient material",
        ),
        (DrawReason::DeadPosition, "dead_position", "dead position"),
        (
            DrawReason::FivefoldRepetition,
            "fivefold_repetition",
            "fivefold repetition",
        ),
        (
            DrawReason::SeventyFiveMoves,
            "seventyfive_moves",
            "seventy-five-move rule",
        ),
        (
            DrawReason::ThreefoldRepetition,
            "threefold_repetition",
            "threefold repetition",
        ),
        (DrawReason::FiftyMoves, "fifty_moves", "fifty-move rule"),
        (
            DrawReason::TimeoutOpponentCannotMate,
            "timeout_draw",
            "timeout, the opponent cannot checkmate",
        ),
        (DrawReason::Agreement, "agreement", "agreement"),
    ];

    /// Spellings serde wrote before 0.3 that the tokens do not cover.
    #[cfg(feature = "serde")]
    pub(crate) const OLDER_NAMES: [(DrawReason, &'static str); 2] = [
        (DrawReason::SeventyFiveMoves, "seventy-five-moves"),
        (
            DrawReason::TimeoutOpponentCannotMate,
            "timeout-vs-insufficient-material",
        ),
    ];

    /// The reason's token, as serde writes it and as the Arrow
    /// `termination` column (module `arrow`, feature `arrow`) names the
    /// endings the Laws rule: `"stalemate"`,
    /// `"insufficient_material"`, `"dead_position"`, `"fivefold_repetition"`,
    /// `"seventyfive_moves"`, `"threefold_repetition"`, `"fifty_moves"`,
    /// `"timeout_draw"` (a flag fell and the opponent cannot checkmate) and
    /// `"agreement"`. `Display` writes words from the same table.
    ///
    /// ```
    /// use chess_arbiter::DrawReason;
    /// assert_eq!(DrawReason::SeventyFiveMoves.name(), "seventyfive_moves");
    /// assert_eq!(DrawReason::SeventyFiveMoves.to_string(), "seventy-five-move rule");
    /// assert_eq!(DrawReason::TimeoutOpponentCannotMate.name(), "timeout_draw");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }
}

check_names!(DrawReason::NAMES);

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[*self as usize].2)
    }
}

impl fmt::Display for Outcome {
    /// `"white wins by checkmate"`, `"draw by threefold repetition"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => write!(f, "{winner} wins by {reason}"),
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

impl Position {
    /// `true` if neither side can checkmate by any series of legal moves
    /// because of the material left, a dead position that ends the game at
    /// once (FIDE 5.2.2): king against king, king and knight against king,
    /// and kings with any number of bishops that all stand on squares of one
    /// colour. King and two knights against king, or king and bishop against
    /// king and knight, are not: a mate exists with the loser's help.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let knight = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").unwrap();
    /// assert!(knight.is_insufficient_material());
    /// let two_knights = Position::from_fen("8/8/4k3/8/8/3NKN2/8/8 w - - 0 1").unwrap();
    /// assert!(!two_knights.is_insufficient_material());
    /// let same_bishops = Position::from_fen("8/8/4k3/2b5/8/4B3/4K3/8 w - - 0 1").unwrap();
    /// assert!(same_bishops.is_insufficient_material());
    /// ```
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        if (self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen)).any() {
            return false;
        }
        if self.by_role(Role::Knight).any() {
            // Only the two kings and this one knight.
            return self.occupied().len() == 3;
        }
        on_one_square_colour(self.by_role(Role::Bishop))
    }

    /// `true` if `color` could not checkmate by any series of legal moves,
    /// whatever the opponent does: the test of FIDE 6.9 when the opponent's
    /// flag falls. `color` has the king alone; or king and one knight while
    /// the other side has nothing but its king and queens (against anything
    /// else a lone knight can mate a king hemmed in by its own pieces); or
    /// king and bishops, when every bishop on the board stands on one colour
    /// of square and there is no pawn and no knight on the board.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position};
    /// // King and knight against king and pawn: the pawn may block its own king in.
    /// let pos = Position::from_fen("7k/7p/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    /// assert!(!pos.has_insufficient_material(Color::White));
    /// assert!(!pos.has_insufficient_material(Color::Black));
    /// // King and bishop against king and rook: the bishop alone can never mate.
    /// let pos = Position::from_fen("7k/8/8/8/8/8/r7/4K1B1 w - - 0 1").unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(!pos.has_insufficient_material(Color::Black));
    /// ```
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let heavy_or_pawn =
            self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy_or_pawn).any() {
            return false;
        }
        if (ours & self.by_role(Role::Knight)).any() {
            // A knight mates only a king boxed in by its own pawns, knights,
            // bishops or rooks; queens and the king never box it in enough.
            let boxers =
                self.by_color(!color) & !(self.by_role(Role::King) | self.by_role(Role::Queen));
            return ours.len() == 2 && boxers.is_empty();
        }
        if (ours & self.by_role(Role::Bishop)).any() {
            // Bishops on one colour only mate with the help of a blocker
            // that can stand on the other colour: a pawn or a knight.
            return on_one_square_colour(self.by_role(Role::Bishop))
                && (self.by_role(Role::Pawn) | self.by_role(Role::Knight)).is_empty();
        }
        true
    }

    /// What this position decides by itself, in this order: checkmate
    /// (FIDE 5.1.1), stalemate (5.2.1), a dead position by insufficient
    /// material (5.2.2), any other dead position ([`DrawReason::DeadPosition`]:
    /// both colours proved [`Winnability::Unwinnable`](crate::Winnability::Unwinnable)),
    /// the seventy-five-move rule (9.6.2: 150 half-moves without a capture
    /// or pawn move, unless the last one mated or stalemated).
    ///
    /// A dead position here is exactly one that [`Position::is_dead`] proves,
    /// and that proof is most of the cost. Ordinary positions are shown
    /// alive by a short look for a mating line (some thirty positions
    /// searched: from a few to some tens of microseconds); small endings
    /// whose mate needs the defender's own piece as a blocker by a mating
    /// pattern built and walked to (mostly well under a millisecond); only
    /// positions where both fail pay the full proof, bounded by
    /// [`Winnability::DEFAULT_BUDGET`](crate::Winnability::DEFAULT_BUDGET)
    /// (a few hundred milliseconds at worst). A [`Game`](crate::Game) pays
    /// far less along a game: a move that can be taken back passes the
    /// verdict on, and a dead position's successors are dead.
    /// Repetitions need the game's history: see
    /// [`Game::outcome`](crate::Game::outcome).
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Outcome, Position};
    /// let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 120").unwrap();
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: DrawReason::SeventyFiveMoves }));
    /// assert_eq!(Position::new().outcome(), None);
    /// // Locked pawns, and the bishop on the squares of its own pawns.
    /// let pos = Position::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.outcome(), Some(Outcome::Draw { reason: DrawReason::DeadPosition }));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(crate::dead::is_dead)
    }

    /// [`Position::outcome`], with `is_dead` answering
    /// [`Position::is_dead`] (a [`Game`](crate::Game) knows it already
    /// for most positions).
    pub(crate) fn outcome_given(&self, is_dead: impl FnOnce(&Position) -> bool) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Decisive {
                    winner: !self.turn(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        if is_dead(self) {
            return Some(Outcome::Draw {
                reason: DrawReason::DeadPosition,
            });
        }
        if self.halfmove_clock() >= 150 {
            return Some(Outcome::Draw {
                reason: DrawReason::SeventyFiveMoves,
            });
        }
        None
    }
}

/// `true` if every square of `squares` has one colour (or there are none).
fn on_one_square_colour(squares: Bitboard) -> bool {
    (squares & Bitboard::LIGHT_SQUARES).is_empty() || (squares & Bitboard::DARK_SQUARES).is_empty()
}
