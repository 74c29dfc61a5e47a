//! The chess clock (FIDE 6) and the time controls of the PGN `TimeControl`
//! tag (PGN standard 9.6.1).
//!
//! The crate never reads a clock: the caller measures how long each move
//! took and passes it as a [`Duration`] to [`Clock::press`], so the module
//! works without `std` (wasm, embedded boards). A fallen flag is ruled with
//! [`Game::flag_fall`](crate::Game::flag_fall) or
//! [`Game::outcome_on_timeout`](crate::Game::outcome_on_timeout): a loss,
//! unless the opponent cannot checkmate by any series of legal moves (6.9).
//!
//! # When to press: the clock first, then the move
//!
//! A move is completed when its player presses the clock (FIDE 6.2.1), so
//! a flag that falls while a player thinks falls before their move: 6.9
//! then judges the position they had in front of them, the one *before*
//! the move. Measure `elapsed` up to the moment the move stands on the
//! board, call [`Clock::press`], and only if it returns `Ok` play the move
//! in the [`Game`](crate::Game); on `Err(FlagFall)` leave the move out (or
//! [`Game::undo`](crate::Game::undo) it, if it was already played) and rule
//! [`Game::flag_fall`](crate::Game::flag_fall) on that position. A move
//! made in time that ends the game by itself (checkmate, stalemate, a dead
//! position) ends it there: the clock no longer matters (6.2.1, 5.1.1).
//!
//! Times print as a clock shows them: [`ClockTime`] writes `h:mm:ss`, and
//! a [`Clock`] prints both players' times and who is to move.
//!
//! # A rapid game, 15 minutes and 10 seconds a move
//!
//! ```
//! use chess_arbiter::clock::{Clock, FlagFall, TimeControl};
//! use chess_arbiter::{Color, DrawReason, Game, Outcome, WinReason};
//! use core::time::Duration;
//!
//! let secs = Duration::from_secs;
//! let tc: TimeControl = "900+10".parse().unwrap();
//! let mut clock = Clock::new(&tc);
//! let mut game = Game::new();
//! // Each move with the seconds its player thought about it: the clock
//! // first, then the move.
//! for (san, thought) in [("e4", 5), ("e5", 8), ("Bc4", 30), ("Nc6", 40), ("Qh5", 60), ("Nf6", 95)] {
//!     clock.press(secs(thought)).unwrap();
//!     game.play_san(san).unwrap();
//! }
//! // White: 900 - 5 - 30 - 60 + 3 * 10; Black: 900 - 8 - 40 - 95 + 3 * 10.
//! assert_eq!(clock.remaining(Color::White), secs(835));
//! assert_eq!(clock.remaining(Color::Black), secs(787));
//! assert_eq!(clock.to_move(), Color::White);
//! assert_eq!(clock.to_string(), "white 0:13:55, black 0:13:07, white to move");
//!
//! // White mates at once: the clock no longer matters.
//! let mut mated = game.clone();
//! clock.press(secs(2)).unwrap();
//! mated.play_san("Qxf7#").unwrap();
//! assert_eq!(mated.outcome().unwrap().to_string(), "white wins by checkmate");
//!
//! // Had White thought 14 minutes over the mate instead, the flag would
//! // have fallen before the move was made: no increment, the flag stays
//! // down, and 6.9 judges the position before Qxf7#. Black could still
//! // mate, so Black wins on time.
//! let mut late = Clock::new(&tc);
//! for thought in [5, 8, 30, 40, 60, 95] {
//!     late.press(secs(thought)).unwrap();
//! }
//! assert_eq!(late.press(secs(14 * 60)), Err(FlagFall { color: Color::White }));
//! assert_eq!(late.flag(), Some(Color::White));
//! assert_eq!(late.remaining(Color::White), Duration::ZERO);
//! let ruling = game.flag_fall(Color::White).unwrap();
//! assert_eq!(ruling, Outcome::Decisive { winner: Color::Black, reason: WinReason::Timeout });
//! assert_eq!(game.outcome(), Some(ruling)); // recorded, like a resignation
//!
//! // A flag that falls against a lone king is a draw: it cannot mate.
//! let mut ending = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
//! assert_eq!(
//!     ending.flag_fall(Color::White).unwrap(),
//!     Outcome::Draw { reason: DrawReason::TimeoutOpponentCannotMate },
//! );
//! ```

mod clock_time;
mod time_control;

pub use clock_time::ClockTime;
pub use time_control::{Period, TimeControl, TimeControlError};

use crate::Color;
use core::fmt;
use core::time::Duration;
use time_control::Kind;

/// A player's flag fell: their time ran out before they completed their
/// move (FIDE 6.9). Rule it with
/// [`Game::flag_fall`](crate::Game::flag_fall).
///
/// ```
/// use chess_arbiter::clock::{Clock, FlagFall, TimeControl};
/// use chess_arbiter::Color;
/// use core::time::Duration;
/// let mut clock = Clock::new(&"60".parse::<TimeControl>().unwrap());
/// let fall = clock.press(Duration::from_secs(61)).unwrap_err();
/// assert_eq!(fall, FlagFall { color: Color::White });
/// assert_eq!(fall.to_string(), "white's flag has fallen: the time is up");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("{color}'s flag has fallen: the time is up")]
pub struct FlagFall {
    /// The player whose time ran out.
    pub color: Color,
}

/// Both players' clocks: what a chess clock shows, and what happens when
/// a player presses it (FIDE 6). The caller measures the time: the clock
/// only adds and subtracts what it is given.
///
/// Each player starts with the first period's time. [`Clock::press`]
/// takes the time the player to move spent on their move, adds the
/// period's increment, and once the player has made the period's number
/// of moves, the next period's time (the last period repeats), then passes
/// the turn. A move that takes more than the remaining time makes the
/// flag fall (a move completed with exactly nothing left is in time, as
/// the clock still showed zero when it was pressed): no increment, the clock stops, and the flag stays down
/// whatever happens after (the first flag is the one that counts; an
/// increment or an arbiter's [`Clock::give`] never raises it again).
///
/// ```
/// use chess_arbiter::clock::{Clock, TimeControl};
/// use chess_arbiter::Color;
/// use core::time::Duration;
/// let secs = Duration::from_secs;
/// // 40 moves in 90 minutes, then 30 minutes, 30 seconds a move from move 1 (FIDE).
/// let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
/// let mut clock = Clock::new(&tc);
/// for _ in 0..40 {
///     clock.press(secs(120)).unwrap(); // White
///     clock.press(secs(100)).unwrap(); // Black
/// }
/// // White: 5400 - 40 * 120 + 40 * 30 + 1800.
/// assert_eq!(clock.remaining(Color::White), secs(3600));
/// assert_eq!(clock.remaining(Color::Black), secs(4400));
/// assert_eq!(clock.moves_to_go(Color::White), None); // the rest of the game
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Clock {
    control: TimeControl,
    /// Indexed by `Color as usize`.
    remaining: [Duration; 2],
    /// Moves each player has completed.
    moves: [u32; 2],
    /// Each player's current period (an index into the periods).
    period: [usize; 2],
    /// Moves each player has made in their current period.
    in_period: [u32; 2],
    turn: Color,
    flag: Option<Color>,
}

impl Clock {
    /// A clock for `control` with White to move; each player holds the
    /// first period's time (the sandclock's time). On `?` and `-` no flag
    /// ever falls.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let clock = Clock::new(&"300+2".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.to_move(), Color::White);
    /// assert_eq!(clock.remaining(Color::Black), Duration::from_secs(300));
    /// ```
    pub fn new(control: &TimeControl) -> Clock {
        Clock::starting_with(control, Color::White)
    }

    /// A clock for `control` with `first` to move: a game from a position
    /// with Black to move starts Black's clock.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::{Color, Game};
    /// let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap();
    /// let clock = Clock::starting_with(&"300".parse::<TimeControl>().unwrap(), game.position().turn());
    /// assert_eq!(clock.to_move(), Color::Black);
    /// ```
    pub fn starting_with(control: &TimeControl, first: Color) -> Clock {
        let start = match &control.kind {
            Kind::Unknown | Kind::Unlimited => Duration::MAX,
            Kind::Sandclock(time) => *time,
            Kind::Periods(periods) => periods.first().map_or(Duration::MAX, |p| p.time()),
        };
        Clock {
            control: control.clone(),
            remaining: [start; 2],
            moves: [0; 2],
            period: [0; 2],
            in_period: [0; 2],
            turn: first,
            flag: None,
        }
    }

    /// The time control the clock runs on.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// let tc: TimeControl = "40/9000".parse().unwrap();
    /// assert_eq!(Clock::new(&tc).time_control(), &tc);
    /// ```
    pub fn time_control(&self) -> &TimeControl {
        &self.control
    }

    /// The player whose clock runs: the one to move.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"60".parse::<TimeControl>().unwrap());
    /// clock.press(Duration::from_secs(1)).unwrap();
    /// assert_eq!(clock.to_move(), Color::Black);
    /// ```
    pub fn to_move(&self) -> Color {
        self.turn
    }

    /// The time `color` has left; [`Duration::MAX`] when no time control
    /// applies (`?`, `-`), zero once their flag has fallen.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"60+1".parse::<TimeControl>().unwrap());
    /// clock.press(Duration::from_millis(2500)).unwrap();
    /// assert_eq!(clock.remaining(Color::White), Duration::from_millis(58_500));
    /// assert_eq!(Clock::new(&"-".parse().unwrap()).remaining(Color::White), Duration::MAX);
    /// ```
    pub fn remaining(&self, color: Color) -> Duration {
        self.remaining[color as usize]
    }

    /// The moves `color` has completed on this clock.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"60".parse::<TimeControl>().unwrap());
    /// clock.press(Duration::from_secs(1)).unwrap();
    /// assert_eq!(clock.moves_made(Color::White), 1);
    /// assert_eq!(clock.moves_made(Color::Black), 0);
    /// ```
    pub fn moves_made(&self, color: Color) -> u32 {
        self.moves[color as usize]
    }

    /// The period `color` is in, or `None` for `?`, `-` and a sandclock.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let clock = Clock::new(&"40/5400+30:1800+30".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.period(Color::White).unwrap().increment(), Duration::from_secs(30));
    /// ```
    pub fn period(&self, color: Color) -> Option<Period> {
        self.control
            .periods()
            .get(self.period[color as usize])
            .copied()
    }

    /// How many more moves `color` must make before the next period's time
    /// is added (what a UCI engine gets as `movestogo`), or `None` when the
    /// current period lasts the rest of the game or there are no periods.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"40/9000".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.moves_to_go(Color::White), Some(40));
    /// clock.press(Duration::from_secs(10)).unwrap();
    /// assert_eq!(clock.moves_to_go(Color::White), Some(39));
    /// ```
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        let moves = self.period(color)?.moves()?;
        Some(moves.saturating_sub(self.in_period[color as usize]))
    }

    /// The player whose flag has fallen, if one has (FIDE 6.9). It stays
    /// down: nothing raises it again.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"1".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.flag(), None);
    /// let _ = clock.press(Duration::from_secs(2));
    /// assert_eq!(clock.flag(), Some(Color::White));
    /// ```
    pub fn flag(&self) -> Option<Color> {
        self.flag
    }

    /// The player to move has made their move in `elapsed` and presses the
    /// clock. Press before playing the move in the [`Game`](crate::Game)
    /// (see [the module docs](self#when-to-press-the-clock-first-then-the-move)):
    /// on a flag fall the move was not completed, and 6.9 judges the
    /// position before it. `elapsed` is subtracted from their time, then the period's
    /// increment is added, then the next period's time once they have made
    /// the period's number of moves (the last period repeats); the turn
    /// passes. With a sandclock the time used goes to the opponent. With
    /// `?` and `-` only the moves are counted.
    ///
    /// # Errors
    ///
    /// [`FlagFall`] when `elapsed` is more than the player's remaining
    /// time: their time is zero, no increment is added, the turn does not
    /// pass, and [`Clock::flag`] names them from then on. Once a flag has
    /// fallen the clock is stopped: every later press changes nothing and
    /// returns that same [`FlagFall`].
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, FlagFall, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let secs = Duration::from_secs;
    /// let mut clock = Clock::new(&"10+5".parse::<TimeControl>().unwrap());
    /// clock.press(secs(3)).unwrap();
    /// assert_eq!(clock.remaining(Color::White), secs(12));
    /// assert_eq!(clock.press(secs(11)), Err(FlagFall { color: Color::Black }));
    /// assert_eq!(clock.remaining(Color::Black), Duration::ZERO);
    /// assert_eq!(clock.press(secs(1)), Err(FlagFall { color: Color::Black }));
    /// ```
    pub fn press(&mut self, elapsed: Duration) -> Result<(), FlagFall> {
        if let Some(color) = self.flag {
            return Err(FlagFall { color });
        }
        let us = self.turn as usize;
        let them = (!self.turn) as usize;
        match &self.control.kind {
            Kind::Unknown | Kind::Unlimited => {}
            Kind::Sandclock(_) => {
                if elapsed > self.remaining[us] {
                    // All the sand ran to the other side.
                    self.remaining[them] = self.remaining[them].saturating_add(self.remaining[us]);
                    return Err(self.fall());
                }
                self.remaining[us] -= elapsed;
                self.remaining[them] = self.remaining[them].saturating_add(elapsed);
            }
            Kind::Periods(periods) => {
                if elapsed > self.remaining[us] {
                    return Err(self.fall());
                }
                let Some(&period) = periods.get(self.period[us]) else {
                    return Ok(());
                };
                let mut left = (self.remaining[us] - elapsed).saturating_add(period.increment());
                self.in_period[us] = self.in_period[us].saturating_add(1);
                if period.moves() == Some(self.in_period[us]) {
                    self.in_period[us] = 0;
                    let next = (self.period[us] + 1).min(periods.len() - 1);
                    self.period[us] = next;
                    left = left.saturating_add(periods[next].time());
                }
                self.remaining[us] = left;
            }
        }
        self.moves[us] = self.moves[us].saturating_add(1);
        self.turn = !self.turn;
        Ok(())
    }

    fn fall(&mut self) -> FlagFall {
        self.remaining[self.turn as usize] = Duration::ZERO;
        self.flag = Some(self.turn);
        FlagFall { color: self.turn }
    }

    /// Adds `extra` to `color`'s time: an arbiter's adjustment, such as the
    /// two minutes an opponent gets for a player's first illegal move (FIDE
    /// 7.5.5). A fallen flag stays down.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use chess_arbiter::Color;
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"300".parse::<TimeControl>().unwrap());
    /// clock.give(Color::Black, Duration::from_secs(120));
    /// assert_eq!(clock.remaining(Color::Black), Duration::from_secs(420));
    /// ```
    pub fn give(&mut self, color: Color, extra: Duration) {
        let slot = &mut self.remaining[color as usize];
        *slot = slot.saturating_add(extra);
    }
}

impl fmt::Display for Clock {
    /// Both players' times as a clock shows them ([`ClockTime`], `h:mm:ss`;
    /// a precision gives decimals of the seconds), then who is to move, or
    /// whose flag has fallen: `white 0:13:55, black 0:13:07, white to
    /// move`. Without a time control (`?`, `-`) the times are `-`.
    ///
    /// ```
    /// use chess_arbiter::clock::{Clock, TimeControl};
    /// use core::time::Duration;
    /// let mut clock = Clock::new(&"300+2".parse::<TimeControl>().unwrap());
    /// assert_eq!(clock.to_string(), "white 0:05:00, black 0:05:00, white to move");
    /// clock.press(Duration::from_millis(12_345)).unwrap();
    /// assert_eq!(format!("{clock:.1}"), "white 0:04:49.6, black 0:05:00.0, black to move");
    /// let _ = clock.press(Duration::from_secs(301));
    /// assert_eq!(clock.to_string(), "white 0:04:49, black 0:00:00, black's flag has fallen");
    /// let free = Clock::new(&TimeControl::unlimited());
    /// assert_eq!(free.to_string(), "white -, black -, white to move");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let timeless = self.control.is_unknown() || self.control.is_unlimited();
        for (i, color) in Color::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{color} ")?;
            let time = ClockTime(self.remaining(color));
            match (timeless, f.precision()) {
                (true, _) => f.write_str("-")?,
                (false, Some(digits)) => write!(f, "{time:.digits$}")?,
                (false, None) => write!(f, "{time}")?,
            }
        }
        match self.flag {
            Some(color) => write!(f, ", {color}'s flag has fallen"),
            None => write!(f, ", {} to move", self.turn),
        }
    }
}
