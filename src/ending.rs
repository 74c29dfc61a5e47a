//! Endings a player or the arbiter records: resignation (FIDE 5.1.2), an
//! agreed draw (5.2.3) and an accepted draw claim (9.2, 9.3), and how a
//! claim is made.

use crate::game::Game;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::IllegalMoveError;
use crate::san::San;
use crate::{Color, Move};

/// The game is already over: nothing more can be recorded or played.
///
/// ```
/// use chess_arbiter::{Color, Game};
/// let mut game = Game::new();
/// game.agree_draw().unwrap();
/// let err = game.resign(Color::White).unwrap_err();
/// assert_eq!(err.to_string(), "the game is already over: draw by agreement");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("the game is already over: {outcome}")]
pub struct GameOverError {
    /// How the game ended.
    pub outcome: Outcome,
}

/// How the player to move may claim a draw (FIDE 9.2, 9.3): now, or by
/// announcing a move, writing it on the scoresheet without playing it.
///
/// ```
/// use chess_arbiter::{DrawClaim, DrawReason, Game};
/// let mut game = Game::new();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
///     game.play_san(san).unwrap();
/// }
/// let claim: DrawClaim = game.draw_claim().unwrap();
/// assert_eq!(claim.reason, DrawReason::ThreefoldRepetition);
/// let m = claim.announced_move.unwrap();
/// assert_eq!(game.position().san(m).as_str(), "Ng8");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DrawClaim {
    /// The rule the claim rests on: [`DrawReason::ThreefoldRepetition`] or
    /// [`DrawReason::FiftyMoves`].
    pub reason: DrawReason,
    /// `None` when the claim holds now; otherwise a legal move the claimant
    /// announces, after which it holds (FIDE 9.2.1, 9.3.1). Any other
    /// qualifying move would do as well; this is the first one found.
    pub announced_move: Option<Move>,
}

/// A draw claim that [`Game::claim_draw`] or [`Game::claim_draw_announcing`]
/// did not accept.
///
/// ```
/// use chess_arbiter::{ClaimError, Game};
/// let mut game = Game::new();
/// assert_eq!(game.claim_draw(), Err(ClaimError::NothingToClaim));
/// assert_eq!(
///     game.claim_draw().unwrap_err().to_string(),
///     "no draw to claim: the position has not occurred three times and fewer than \
///      50 moves of each side were made without a capture or pawn move",
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClaimError {
    /// The game is already over: no claim once it has ended (FIDE 9).
    #[error("no draw to claim: the game is already over: {outcome}")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// Neither rule allows a claim, now or by announcing a move.
    #[error(
        "no draw to claim: the position has not occurred three times and fewer than \
         50 moves of each side were made without a capture or pawn move"
    )]
    NothingToClaim,
    /// The claim holds only by announcing a move: write it, then claim with
    /// [`Game::claim_draw_announcing`].
    #[error("a draw claim ({reason}) needs a move announced: claim by announcing {san} (FIDE {})", article(*reason))]
    AnnounceMove {
        /// The rule the claim would rest on.
        reason: DrawReason,
        /// A move to announce.
        announced_move: Move,
        /// That move in SAN, as the claimant writes it.
        san: San,
    },
    /// The announced move is not legal.
    #[error("the announced move is illegal: {0}")]
    Illegal(IllegalMoveError),
    /// After the announced move no claim holds, or the move ends the game
    /// by itself (checkmate, stalemate, fivefold repetition). The move has
    /// been played all the same, as FIDE 9.5.3 says: "If the claim is found
    /// to be incorrect, the arbiter shall add two minutes to the opponent's
    /// remaining thinking time. Then the game shall continue. If the claim
    /// was based on an intended move, this move must be made in accordance
    /// with Articles 3 and 4." (The two minutes are the clock's business.)
    #[error("no draw to claim by announcing {san}: {why}; {san} is played (FIDE 9.5.3)")]
    NotAClaim {
        /// The announced move in SAN.
        san: San,
        /// Why it makes no claim.
        why: &'static str,
    },
}

fn article(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::FiftyMoves => "9.3.1",
        _ => "9.2.1",
    }
}

impl Game {
    /// Records that `loser` resigned: `loser`'s opponent wins (FIDE 5.1.2).
    /// The game then takes no more moves; [`Game::undo`] takes the
    /// resignation back with the last move.
    ///
    /// Both `game.resign(c);` (ignoring the result) and
    /// `game.resign(c).unwrap()` compile; the result is an error only when
    /// the game was already over.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] if the game is already over; it keeps its outcome.
    ///
    /// ```
    /// use chess_arbiter::{Color, Game, Outcome, WinReason};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.resign(Color::Black).unwrap();
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Decisive { winner: Color::White, reason: WinReason::Resignation }),
    /// );
    /// assert_eq!(game.outcome().unwrap().to_string(), "white wins by resignation");
    /// assert!(game.play_san("e5").is_err());
    /// ```
    pub fn resign(&mut self, loser: Color) -> Result<(), GameOverError> {
        self.record(Outcome::Decisive {
            winner: !loser,
            reason: WinReason::Resignation,
        })
    }

    /// Records a draw agreed by both players (FIDE 5.2.3). The game then
    /// takes no more moves; [`Game::undo`] takes the agreement back with
    /// the last move.
    ///
    /// # Errors
    ///
    /// [`GameOverError`] if the game is already over; it keeps its outcome.
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Game, Outcome};
    /// let mut game = Game::new();
    /// game.agree_draw().unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Agreement }));
    /// assert_eq!(game.outcome().unwrap().result(), "1/2-1/2");
    /// ```
    pub fn agree_draw(&mut self) -> Result<(), GameOverError> {
        self.record(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn record(&mut self, outcome: Outcome) -> Result<(), GameOverError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameOverError { outcome });
        }
        self.ending = Some(outcome);
        Ok(())
    }

    /// How the player to move may claim a draw, if they may: the rule
    /// [`Game::claimable_draw`] names (threefold repetition before the
    /// fifty-move rule), and the move to announce when the claim needs one
    /// (FIDE 9.2.1, 9.3.1). `None` once the game is over.
    ///
    /// ```
    /// use chess_arbiter::{DrawClaim, DrawReason, Game};
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 100 80").unwrap();
    /// assert_eq!(
    ///     game.draw_claim(),
    ///     Some(DrawClaim { reason: DrawReason::FiftyMoves, announced_move: None }),
    /// );
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 99 80").unwrap();
    /// let claim = game.draw_claim().unwrap();
    /// assert!(claim.announced_move.is_some()); // any king or rook move
    /// assert_eq!(Game::new().draw_claim(), None);
    /// ```
    pub fn draw_claim(&self) -> Option<DrawClaim> {
        if self.outcome().is_some() {
            return None;
        }
        let claim = |reason, announced_move| DrawClaim {
            reason,
            announced_move,
        };
        self.threefold_way()
            .map(|m| claim(DrawReason::ThreefoldRepetition, m))
            .or_else(|| {
                self.fifty_moves_way()
                    .map(|m| claim(DrawReason::FiftyMoves, m))
            })
    }

    /// The player to move claims a draw without announcing a move: by
    /// threefold repetition when the current position has occurred three
    /// times (FIDE 9.2.2), or by the fifty-move rule when each side made 50
    /// moves without a capture or pawn move (9.3.2). A valid claim ends the
    /// game: it is recorded and [`Game::outcome`] returns it.
    ///
    /// # Errors
    ///
    /// [`ClaimError::AnnounceMove`] naming a move when the claim holds only
    /// by announcing it (then call [`Game::claim_draw_announcing`]),
    /// [`ClaimError::NothingToClaim`] when no claim holds, and
    /// [`ClaimError::GameOver`] once the game is over. The game is then
    /// unchanged.
    ///
    /// ```
    /// use chess_arbiter::{ClaimError, DrawReason, Game, Outcome};
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let err = game.claim_draw().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "a draw claim (threefold repetition) needs a move announced: claim by announcing Ng8 (FIDE 9.2.1)",
    /// );
    /// game.play_san("Ng8").unwrap();
    /// assert_eq!(game.claim_draw(), Ok(DrawReason::ThreefoldRepetition));
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::ThreefoldRepetition }));
    /// ```
    pub fn claim_draw(&mut self) -> Result<DrawReason, ClaimError> {
        if let Some(outcome) = self.outcome() {
            return Err(ClaimError::GameOver { outcome });
        }
        let reason = if self.repetitions() >= 3 {
            DrawReason::ThreefoldRepetition
        } else if self.position().halfmove_clock() >= 100 {
            DrawReason::FiftyMoves
        } else {
            return Err(match self.draw_claim() {
                Some(DrawClaim {
                    reason,
                    announced_move: Some(m),
                }) => ClaimError::AnnounceMove {
                    reason,
                    announced_move: m,
                    san: self.position().san(m),
                },
                _ => ClaimError::NothingToClaim,
            });
        };
        self.ending = Some(Outcome::Draw { reason });
        Ok(reason)
    }

    /// The player to move announces `m` and claims a draw (FIDE 9.2.1,
    /// 9.3.1): valid when after `m` the position has occurred three times or
    /// each side made 50 moves without a capture or pawn move, and `m` does
    /// not end the game by itself. A valid claim plays `m` and records the
    /// draw ([`Game::outcome`] returns it); [`Game::undo`] takes both back.
    /// The move played is `m` itself, now the game's last move
    /// (`game.moves().last() == Some(&m)`).
    ///
    /// An incorrect claim does not take the move back: FIDE 9.5.3 says "If
    /// the claim is found to be incorrect, the arbiter shall add two minutes
    /// to the opponent's remaining thinking time. Then the game shall
    /// continue. If the claim was based on an intended move, this move must
    /// be made in accordance with Articles 3 and 4." So a legal `m` is
    /// always played; the two minutes are left to the clock.
    ///
    /// # Errors
    ///
    /// [`ClaimError::NotAClaim`] if no claim holds after `m` (or it ends the
    /// game by itself): `m` has been played and the game goes on (or has
    /// ended by `m`). [`ClaimError::Illegal`] if `m` is not legal here and
    /// [`ClaimError::GameOver`] once the game is over: the game is then
    /// unchanged.
    ///
    /// ```
    /// use chess_arbiter::{ClaimError, DrawReason, Game, Outcome};
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let ng8 = game.position().parse_san("Ng8").unwrap();
    /// let nh5 = game.position().parse_san("Nh5").unwrap();
    /// // An incorrect claim: the announced move is played all the same.
    /// let mut wrong = game.clone();
    /// assert_eq!(
    ///     wrong.claim_draw_announcing(nh5).unwrap_err().to_string(),
    ///     "no draw to claim by announcing Nh5: the position after it has not occurred \
    ///      three times and fewer than 50 moves of each side were made without a capture or \
    ///      pawn move; Nh5 is played (FIDE 9.5.3)",
    /// );
    /// assert_eq!((wrong.moves().last(), wrong.outcome()), (Some(&nh5), None));
    /// assert_eq!(game.claim_draw_announcing(ng8), Ok(DrawReason::ThreefoldRepetition));
    /// assert_eq!(game.moves().last(), Some(&ng8));
    /// assert_eq!(game.moves().len(), 8);
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::ThreefoldRepetition }));
    /// ```
    pub fn claim_draw_announcing(&mut self, m: Move) -> Result<DrawReason, ClaimError> {
        if let Some(outcome) = self.outcome() {
            return Err(ClaimError::GameOver { outcome });
        }
        let san = self.position().san(m);
        self.play(m).map_err(ClaimError::Illegal)?;
        let not_a_claim = |why| ClaimError::NotAClaim { san, why };
        let result = if self.outcome().is_some() {
            Err(not_a_claim("the move ends the game by itself"))
        } else if self.repetitions() >= 3 {
            Ok(DrawReason::ThreefoldRepetition)
        } else if self.position().halfmove_clock() >= 100 {
            Ok(DrawReason::FiftyMoves)
        } else {
            Err(not_a_claim(
                "the position after it has not occurred three times and fewer than 50 moves \
                 of each side were made without a capture or pawn move",
            ))
        };
        // An incorrect claim leaves the announced move played (FIDE 9.5.3).
        if let Ok(reason) = result {
            self.ending = Some(Outcome::Draw { reason });
        }
        result
    }
}
