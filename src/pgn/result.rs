//! Results and terminations: the result token and `Result` tag as a
//! [`GameResult`], checked against the game's ruling, and the
//! `Termination` tag read into and written from a [`Game`].

use super::game::PgnGame;
use crate::Game;
use alloc::string::String;

impl PgnGame {
    /// The movetext's result token as read: `"1-0"`, `"0-1"`, `"1/2-1/2"`,
    /// or `"*"` (also when the movetext has none). This is the raw token,
    /// kept as text for what it is (the PGN contract names it so); the
    /// record's result as a typed value, the one the export writes and a
    /// round trip keeps, is [`PgnGame::game_result`]. Ask that one unless
    /// you need the token itself (to find a record whose tag and token
    /// disagree, say).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 e5 1/2-1/2".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.result(), "1/2-1/2");
    /// let g = Reader::new("1. e4 e5".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.result(), "*");
    /// ```
    pub fn result(&self) -> &str {
        self.result
    }

    /// The record's result, typed: the one result of a [`PgnGame`] to ask
    /// for, and the one rule for the export and the reader. It is the
    /// `Result` tag when that is a result other than `*`, else the
    /// movetext's result token ([`PgnGame::result`], which stays the raw
    /// token); python-chess exports the same.
    /// The export writes it as both the `Result` tag and the token, so it
    /// is what a round trip keeps: [`PgnGame::result`] is the token as
    /// read, and changes in a round trip when the record's tag and token
    /// disagree (`[Result "1/2-1/2"]` ... `0-1` is written `1/2-1/2`).
    /// [`PgnGame::check_result`] says whether the game's ruling agrees.
    ///
    /// ```
    /// use chess_arbiter::pgn::{GameResult, Reader};
    /// let g = Reader::new("[Result \"1/2-1/2\"]\n\n1. e4 e5 0-1".as_bytes()).next().unwrap()?;
    /// assert_eq!((g.result(), g.tag("Result")), ("0-1", Some("1/2-1/2")));
    /// assert_eq!(g.game_result(), GameResult::Draw);
    /// let back = Reader::new(g.to_string().as_bytes()).next().unwrap()?;
    /// assert_eq!((back.result(), back.tag("Result")), ("1/2-1/2", Some("1/2-1/2")));
    /// assert_eq!(back.game_result(), g.game_result());
    /// let g = Reader::new("[Result \"1-0\"]\n\n1. e4 e5".as_bytes()).next().unwrap()?;
    /// assert_eq!((g.result(), g.game_result()), ("*", GameResult::WhiteWins));
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn game_result(&self) -> GameResult {
        record_result(self.tag("Result"), self.result)
    }

    /// Checks the record's result ([`PgnGame::game_result`]) against the
    /// game's ruling ([`Game::outcome`]): a result other than `*` that says
    /// otherwise than the ruling (`1-0` after Black's checkmate, a win on
    /// time that FIDE 6.9 rules a draw) is reported. A game without an
    /// outcome agrees with any result (it may have ended in a way the
    /// record does not say).
    ///
    /// # Errors
    ///
    /// [`ResultError::Contradicts`] with the result and the ruling.
    ///
    /// ```
    /// use chess_arbiter::pgn::{Reader, ResultError};
    /// let fools_mate = "1. f3 e5 2. g4 Qh4# 1-0";
    /// let g = Reader::new(fools_mate.as_bytes()).next().unwrap().unwrap();
    /// assert!(matches!(g.check_result(), Err(ResultError::Contradicts { .. })));
    /// let g = Reader::new("1. f3 e5 2. g4 Qh4# 0-1".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.check_result(), Ok(()));
    /// ```
    pub fn check_result(&self) -> Result<(), ResultError> {
        check(self.game_result(), &self.game)
    }

    /// Sets the result as [`PgnGame::set_result`] does, unless it
    /// contradicts the game's ruling.
    ///
    /// # Errors
    ///
    /// [`ResultError::Contradicts`] when `result` is not `*` and the game
    /// has an outcome that says otherwise; the record is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::{GameResult, PgnGame, ResultError};
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let mut pgn = PgnGame::new(game);
    /// let err = pgn.try_set_result(GameResult::WhiteWins).unwrap_err();
    /// assert_eq!(err.to_string(), "result 1-0 contradicts the game's ending: black wins by checkmate");
    /// assert_eq!(pgn.result(), "0-1");
    /// assert!(pgn.try_set_result(GameResult::Unknown).is_ok());
    /// ```
    pub fn try_set_result(&mut self, result: GameResult) -> Result<(), ResultError> {
        check(result, &self.game)?;
        self.set_result(result);
        Ok(())
    }

    /// Sets the result: the movetext's result token and the `Result` tag
    /// both (the export format wants them equal). Text becomes a
    /// [`GameResult`] by `parse`, which refuses anything but a result; an
    /// [`Outcome`](crate::Outcome) by `into`. It is not checked against the
    /// game: [`PgnGame::try_set_result`] refuses a result the game's ruling
    /// contradicts, and [`PgnGame::check_result`] finds one.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::{GameResult, PgnGame};
    /// let mut pgn = PgnGame::new(Game::new());
    /// pgn.set_result("0-1".parse()?);
    /// assert_eq!(pgn.result(), "0-1");
    /// assert_eq!(pgn.tag("Result"), Some("0-1"));
    /// assert!(pgn.to_string().ends_with("\n0-1\n"));
    /// assert!("white won".parse::<GameResult>().is_err());
    /// # Ok::<(), chess_arbiter::pgn::InvalidResult>(())
    /// ```
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result.as_str();
        self.set_tag("Result", self.result);
    }
}

/// The result of a game as PGN writes it (PGN standard 8.2.6): the
/// movetext's last token and the `Result` tag.
///
/// ```
/// use chess_arbiter::pgn::GameResult;
/// assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert_eq!(GameResult::Unknown.to_string(), "*");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on, or its result is unknown.
    Unknown,
}

impl GameResult {
    /// The result as PGN spells it.
    ///
    /// ```
    /// use chess_arbiter::pgn::GameResult;
    /// assert_eq!(GameResult::BlackWins.as_str(), "0-1");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl GameResult {
    /// The result `text` spells, [`GameResult::Unknown`] for anything else.
    pub(crate) fn of(text: &str) -> GameResult {
        text.parse().unwrap_or(GameResult::Unknown)
    }
}

impl From<crate::Outcome> for GameResult {
    /// The result of an ending: the winner's, or a draw.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    /// use chess_arbiter::pgn::GameResult;
    /// let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
    /// assert_eq!(GameResult::from(mate), GameResult::BlackWins);
    /// let draw: GameResult = Outcome::Draw { reason: DrawReason::Agreement }.into();
    /// assert_eq!(draw, GameResult::Draw);
    /// ```
    fn from(outcome: crate::Outcome) -> GameResult {
        match outcome.winner() {
            Some(crate::Color::White) => GameResult::WhiteWins,
            Some(crate::Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl From<Option<crate::Outcome>> for GameResult {
    /// The result of [`Game::outcome`]: [`GameResult::Unknown`] while the
    /// game goes on.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::GameResult;
    /// assert_eq!(GameResult::from(Game::new().outcome()), GameResult::Unknown);
    /// ```
    fn from(outcome: Option<crate::Outcome>) -> GameResult {
        outcome.map_or(GameResult::Unknown, GameResult::from)
    }
}

impl From<GameResult> for &'static str {
    /// The result as PGN spells it ([`GameResult::as_str`]).
    ///
    /// ```
    /// use chess_arbiter::pgn::GameResult;
    /// let text: &str = GameResult::Draw.into();
    /// assert_eq!(text, "1/2-1/2");
    /// ```
    fn from(result: GameResult) -> &'static str {
        result.as_str()
    }
}

/// A result that the game's ruling contradicts.
///
/// ```
/// use chess_arbiter::pgn::{GameResult, Reader, ResultError};
/// let g = Reader::new("1. f3 e5 2. g4 Qh4# 1/2-1/2".as_bytes()).next().unwrap().unwrap();
/// let Err(ResultError::Contradicts { result, .. }) = g.check_result() else { panic!() };
/// assert_eq!(result, GameResult::Draw);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResultError {
    /// The result says otherwise than the game's outcome.
    #[error("result {result} contradicts the game's ending: {outcome}")]
    Contradicts {
        /// The result given or read.
        result: GameResult,
        /// How the game ended ([`Game::outcome`]).
        outcome: crate::Outcome,
    },
}

/// `Ok` unless `result` is a result that the game's outcome contradicts.
fn check(result: GameResult, game: &Game) -> Result<(), ResultError> {
    match game.outcome() {
        Some(outcome) if result != GameResult::Unknown && GameResult::from(outcome) != result => {
            Err(ResultError::Contradicts { result, outcome })
        }
        _ => Ok(()),
    }
}

/// The `Termination` tag (PGN standard 9.8.1) for an ending recorded in
/// `game` rather than reached on the board.
pub(crate) fn termination_of(game: &Game) -> Option<&'static str> {
    use crate::{DrawReason, Outcome, WinReason};
    Some(match game.ending? {
        Outcome::Decisive {
            reason: WinReason::Timeout,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate,
        } => "time forfeit",
        _ => "normal",
    })
}

/// Records in `game` the ending that a record's `Termination` tag and
/// result say, when the game has not ended by itself: `time forfeit`
/// (any case) is the loser's flag fall ([`Game::flag_fall`], so FIDE 6.9
/// may rule it a draw; with a drawn result, the flag of a side whose
/// opponent cannot mate); `normal` with a win is the loser's resignation,
/// with a draw a valid claim ([`Game::claim_draw`]) or else an agreement.
/// Other values (`abandoned`, `rules infraction`, `adjudication`, ...) and
/// records without the tag leave the game without an outcome.
///
/// `known`: what the reader already knows of the FIDE 6.9 question, the
/// winner's verdict (mate or not) at the game's last position, asked when
/// the record was ruled, with the side whose flag fell; the question is
/// then not asked again. `over`: whether the game has an outcome
/// ([`Game::outcome`]), asked the reader's cheapest way.
pub(crate) fn read_termination(
    game: &mut Game,
    termination: &str,
    result: GameResult,
    known: Option<(crate::Color, crate::Winnability)>,
    over: impl FnOnce(&Game) -> bool,
) {
    let termination = termination.trim();
    // The game's own outcome is asked only for the two values that say
    // more (a position's outcome generates moves).
    let says_more = ["time forfeit", "normal"]
        .iter()
        .any(|value| termination.eq_ignore_ascii_case(value));
    if !says_more {
        return;
    }
    if over(game) {
        return;
    }
    // The game has no outcome: the rulings below are recorded as
    // `Game::flag_fall` and `Game::resign` record them, without asking
    // for the outcome again.
    let loser = loser(result);
    if termination.eq_ignore_ascii_case("time forfeit") {
        match (loser, result) {
            (Some(loser), _) => {
                game.ending = Some(match known {
                    Some((flagged, verdict)) if flagged == loser => {
                        crate::game::timeout_outcome(loser, verdict)
                    }
                    _ => game.timeout_ruling(loser),
                });
            }
            (None, GameResult::Draw) => {
                // Each side's flag asked about once (FIDE 6.9), the
                // ruling recorded as `Game::flag_fall` records it.
                let turn = game.position().turn();
                let drawn = [turn, !turn]
                    .into_iter()
                    .map(|side| game.timeout_ruling(side))
                    .find(|ruling| ruling.winner().is_none());
                if let Some(ruling) = drawn {
                    game.ending = Some(ruling);
                }
            }
            _ => {}
        }
    } else if termination.eq_ignore_ascii_case("normal") {
        match (loser, result) {
            (Some(loser), _) => {
                game.ending = Some(crate::Outcome::Decisive {
                    winner: !loser,
                    reason: crate::WinReason::Resignation,
                });
            }
            (None, GameResult::Draw) if game.claim_draw().is_err() => {
                let _ = game.agree_draw();
            }
            _ => {}
        }
    }
}

/// [`PgnGame::game_result`] from the first `Result` tag's value, if any,
/// and the movetext's result token.
pub(crate) fn record_result(tag: Option<&str>, token: &str) -> GameResult {
    match tag.map(GameResult::of) {
        Some(tag) if tag != GameResult::Unknown => tag,
        _ => GameResult::of(token),
    }
}

/// The side that lost by `result`, if it is a win.
fn loser(result: GameResult) -> Option<crate::Color> {
    match result {
        GameResult::WhiteWins => Some(crate::Color::Black),
        GameResult::BlackWins => Some(crate::Color::White),
        _ => None,
    }
}

/// The side whose flag fell, for a record that [`read_termination`] reads
/// as a loss on time (`time forfeit` with a win).
pub(crate) fn flagged(termination: &str, result: GameResult) -> Option<crate::Color> {
    if termination.trim().eq_ignore_ascii_case("time forfeit") {
        loser(result)
    } else {
        None
    }
}

impl core::fmt::Display for GameResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not a PGN result (`1-0`, `0-1`, `1/2-1/2` or `*`).
///
/// ```
/// use chess_arbiter::pgn::GameResult;
/// let err = "1:0".parse::<GameResult>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid result \"1:0\": expected 1-0, 0-1, 1/2-1/2 or *");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {text:?}: expected 1-0, 0-1, 1/2-1/2 or *")]
pub struct InvalidResult {
    /// The text given (at most about 60 characters of it).
    pub text: String,
}

impl core::str::FromStr for GameResult {
    type Err = InvalidResult;

    fn from_str(text: &str) -> Result<GameResult, InvalidResult> {
        match text {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unknown),
            _ => Err(InvalidResult {
                text: crate::quote::bounded(text),
            }),
        }
    }
}

/// The result token spelled as PGN spells it, if `text` is one.
pub(crate) fn result_token(text: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2", "*"]
        .into_iter()
        .find(|&r| r == text)
}
