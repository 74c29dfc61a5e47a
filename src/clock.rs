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
//! // Each move with the seconds its player thought about it.
//! for (san, thought) in [("e4", 5), ("e5", 8), ("Bc4", 30), ("Nc6", 40), ("Qh5", 60), ("Nf6", 95)] {
//!     game.play_san(san).unwrap();
//!     clock.press(secs(thought)).unwrap();
//! }
//! // White: 900 - 5 - 30 - 60 + 3 * 10; Black: 900 - 8 - 40 - 95 + 3 * 10.
//! assert_eq!(clock.remaining(Color::White), secs(835));
//! assert_eq!(clock.remaining(Color::Black), secs(787));
//! assert_eq!(clock.to_move(), Color::White);
//!
//! // White mates at once: the clock no longer matters.
//! game.play_san("Qxf7#").unwrap();
//! clock.press(secs(2)).unwrap();
//! assert_eq!(game.outcome().unwrap().to_string(), "white wins by checkmate");
//!
//! // Had White thought 14 minutes over the mate instead, the flag would
//! // have fallen: no increment, and the flag stays down. Black could still
//! // mate, so Black wins on time (FIDE 6.9).
//! game.undo();
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
//!     Outcome::Draw { reason: DrawReason::TimeoutVsInsufficientMaterial },
//! );
//! ```

use crate::Color;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// One period of a time control: the time a player gets for it, the
/// increment added after each of their moves in it, and the number of
/// moves it lasts (none: the rest of the game). `40/5400+30` is 40 moves
/// in 90 minutes with 30 seconds a move.
///
/// ```
/// use chess_arbiter::clock::Period;
/// use core::time::Duration;
/// let period = Period::new(Duration::from_secs(5400))
///     .with_moves(40)
///     .with_increment(Duration::from_secs(30));
/// assert_eq!(period.moves(), Some(40));
/// assert_eq!(period.time(), Duration::from_secs(5400));
/// assert_eq!(period.increment(), Duration::from_secs(30));
/// assert_eq!(period.to_string(), "40/5400+30");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Period {
    /// 0: the period lasts the rest of the game.
    moves: u32,
    time: Duration,
    increment: Duration,
}

impl Period {
    /// A period of `time` that lasts the rest of the game, without
    /// increment (sudden death).
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// let period = Period::new(Duration::from_secs(300));
    /// assert_eq!(period.moves(), None);
    /// assert_eq!(period.increment(), Duration::ZERO);
    /// ```
    pub const fn new(time: Duration) -> Period {
        Period {
            moves: 0,
            time,
            increment: Duration::ZERO,
        }
    }

    /// The same period lasting `moves` moves of each player; 0 means the
    /// rest of the game.
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// let period = Period::new(Duration::from_secs(9000)).with_moves(40);
    /// assert_eq!(period.to_string(), "40/9000");
    /// assert_eq!(period.with_moves(0).moves(), None);
    /// ```
    pub const fn with_moves(self, moves: u32) -> Period {
        Period { moves, ..self }
    }

    /// The same period with `increment` added after each move in it
    /// (FIDE 6.1: the "cumulative" or Fischer mode).
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// let period = Period::new(Duration::from_secs(4500)).with_increment(Duration::from_secs(60));
    /// assert_eq!(period.to_string(), "4500+60");
    /// ```
    pub const fn with_increment(self, increment: Duration) -> Period {
        Period { increment, ..self }
    }

    /// The number of moves of each player the period lasts, or `None` when
    /// it lasts the rest of the game.
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// assert_eq!(Period::new(Duration::from_secs(60)).moves(), None);
    /// ```
    pub const fn moves(self) -> Option<u32> {
        if self.moves == 0 {
            None
        } else {
            Some(self.moves)
        }
    }

    /// The time each player gets for the period.
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// assert_eq!(Period::new(Duration::from_secs(60)).time(), Duration::from_secs(60));
    /// ```
    pub const fn time(self) -> Duration {
        self.time
    }

    /// The time added after each move made in the period.
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// assert_eq!(Period::new(Duration::from_secs(60)).increment(), Duration::ZERO);
    /// ```
    pub const fn increment(self) -> Duration {
        self.increment
    }
}

impl fmt::Display for Period {
    /// The period as the PGN `TimeControl` tag writes it: `40/5400+30`,
    /// `300`, `4500+60`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves() {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", Seconds(self.time))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", Seconds(self.increment))?;
        }
        Ok(())
    }
}

/// A duration written in seconds, with a decimal fraction only when it has
/// one: `300`, `0.5`.
struct Seconds(Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_secs())?;
        let mut nanos = self.0.subsec_nanos();
        if nanos != 0 {
            let mut digits = 9;
            while nanos % 10 == 0 {
                nanos /= 10;
                digits -= 1;
            }
            write!(f, ".{nanos:0digits$}")?;
        }
        Ok(())
    }
}

/// A time control, as the PGN `TimeControl` tag gives it (PGN standard
/// 9.6.1): unknown (`?`), none (`-`), a sandclock (`*180`: the time one
/// player uses goes to the other), or periods joined by `:`, each
/// `moves/seconds`, `seconds` (the rest of the game) or either with
/// `+increment`. The last period repeats: `40/9000` gives 9000 more
/// seconds after every 40 moves.
///
/// Seconds may have a decimal fraction (`10+0.1`, as engine matches
/// write); [`Display`](fmt::Display) writes the tag back as read when it
/// was written without needless zeros.
///
/// ```
/// use chess_arbiter::clock::{Period, TimeControl};
/// use core::time::Duration;
/// let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
/// assert_eq!(tc.to_string(), "40/5400+30:1800+30");
/// assert_eq!(tc.periods().len(), 2);
/// assert_eq!(tc.periods()[0].moves(), Some(40));
/// assert_eq!(tc.periods()[1].time(), Duration::from_secs(1800));
///
/// for text in ["?", "-", "40/9000", "300", "4500+60", "*180", "10+0.1"] {
///     assert_eq!(text.parse::<TimeControl>().unwrap().to_string(), text);
/// }
/// let err = "40/5400+30:1800+3x".parse::<TimeControl>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid time control: period 2 \"1800+3x\": the increment \"3x\" is not a number of seconds",
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    kind: Kind,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Kind {
    Unknown,
    Unlimited,
    Sandclock(Duration),
    /// Never empty; only the last period may last the rest of the game.
    Periods(Vec<Period>),
}

impl Default for TimeControl {
    /// Unknown (`?`).
    fn default() -> TimeControl {
        TimeControl::unknown()
    }
}

impl TimeControl {
    /// The time control is not known (`?`): a clock on it never flags.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// assert_eq!(TimeControl::unknown().to_string(), "?");
    /// assert!(TimeControl::unknown().is_unknown());
    /// ```
    pub const fn unknown() -> TimeControl {
        TimeControl {
            kind: Kind::Unknown,
        }
    }

    /// No time control (`-`): a clock on it never flags.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// assert_eq!(TimeControl::unlimited().to_string(), "-");
    /// assert!(TimeControl::unlimited().is_unlimited());
    /// ```
    pub const fn unlimited() -> TimeControl {
        TimeControl {
            kind: Kind::Unlimited,
        }
    }

    /// A sandclock (hourglass) of `time` (`*180`): each player starts with
    /// `time`, and the time one player uses goes to the other.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// use core::time::Duration;
    /// let tc = TimeControl::sandclock(Duration::from_secs(180));
    /// assert_eq!(tc.to_string(), "*180");
    /// assert_eq!(tc.sandclock_time(), Some(Duration::from_secs(180)));
    /// ```
    pub const fn sandclock(time: Duration) -> TimeControl {
        TimeControl {
            kind: Kind::Sandclock(time),
        }
    }

    /// One period for the whole game: `time`, and `increment` after each
    /// move (`300`, `4500+60`).
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// use core::time::Duration;
    /// let tc = TimeControl::sudden_death(Duration::from_secs(180), Duration::from_secs(2));
    /// assert_eq!(tc.to_string(), "180+2");
    /// ```
    pub fn sudden_death(time: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            kind: Kind::Periods(alloc::vec![Period::new(time).with_increment(increment)]),
        }
    }

    /// A time control of `periods`, in order; the last one repeats.
    ///
    /// # Errors
    ///
    /// [`TimeControlError::NoPeriods`] for none, and
    /// [`TimeControlError::Unreachable`] for a period after one that lasts
    /// the rest of the game.
    ///
    /// ```
    /// use chess_arbiter::clock::{Period, TimeControl, TimeControlError};
    /// use core::time::Duration;
    /// let classical = TimeControl::from_periods([
    ///     Period::new(Duration::from_secs(5400)).with_moves(40).with_increment(Duration::from_secs(30)),
    ///     Period::new(Duration::from_secs(1800)).with_increment(Duration::from_secs(30)),
    /// ])
    /// .unwrap();
    /// assert_eq!(classical.to_string(), "40/5400+30:1800+30");
    /// assert_eq!(TimeControl::from_periods([]), Err(TimeControlError::NoPeriods));
    /// ```
    pub fn from_periods(
        periods: impl IntoIterator<Item = Period>,
    ) -> Result<TimeControl, TimeControlError> {
        let periods: Vec<Period> = periods.into_iter().collect();
        if periods.is_empty() {
            return Err(TimeControlError::NoPeriods);
        }
        if let Some(i) = periods.iter().position(|p| p.moves().is_none()) {
            if i + 1 < periods.len() {
                return Err(TimeControlError::Unreachable { period: i + 2 });
            }
        }
        Ok(TimeControl {
            kind: Kind::Periods(periods),
        })
    }

    /// `true` for `?`.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// assert!("?".parse::<TimeControl>().unwrap().is_unknown());
    /// ```
    pub const fn is_unknown(&self) -> bool {
        matches!(self.kind, Kind::Unknown)
    }

    /// `true` for `-`: no time control.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// assert!("-".parse::<TimeControl>().unwrap().is_unlimited());
    /// ```
    pub const fn is_unlimited(&self) -> bool {
        matches!(self.kind, Kind::Unlimited)
    }

    /// The sandclock's time for `*180`, `None` for every other form.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// use core::time::Duration;
    /// assert_eq!("*180".parse::<TimeControl>().unwrap().sandclock_time(), Some(Duration::from_secs(180)));
    /// assert_eq!("180".parse::<TimeControl>().unwrap().sandclock_time(), None);
    /// ```
    pub const fn sandclock_time(&self) -> Option<Duration> {
        match self.kind {
            Kind::Sandclock(time) => Some(time),
            _ => None,
        }
    }

    /// The periods, in order (the last one repeats); empty for `?`, `-`
    /// and a sandclock.
    ///
    /// ```
    /// use chess_arbiter::clock::TimeControl;
    /// let tc: TimeControl = "40/9000".parse().unwrap();
    /// assert_eq!(tc.periods()[0].moves(), Some(40));
    /// assert!(TimeControl::unknown().periods().is_empty());
    /// ```
    pub fn periods(&self) -> &[Period] {
        match &self.kind {
            Kind::Periods(periods) => periods,
            _ => &[],
        }
    }
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` tag: `?`, `-`, `*180`, `40/5400+30:1800+30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Unknown => f.write_str("?"),
            Kind::Unlimited => f.write_str("-"),
            Kind::Sandclock(time) => write!(f, "*{}", Seconds(*time)),
            Kind::Periods(periods) => {
                for (i, period) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    write!(f, "{period}")?;
                }
                Ok(())
            }
        }
    }
}

/// A `TimeControl` tag that cannot be read, or periods that make no time
/// control: what was wrong, in which period (counted from 1).
///
/// ```
/// use chess_arbiter::clock::{TimeControl, TimeControlError};
/// let err = "0/300".parse::<TimeControl>().unwrap_err();
/// assert!(matches!(err, TimeControlError::Moves { period: 1, .. }));
/// assert_eq!(
///     err.to_string(),
///     "invalid time control: period 1 \"0/300\": the move count \"0\" is not a whole number from 1 up",
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TimeControlError {
    /// The tag is empty.
    #[error(
        "invalid time control: the tag is empty (\"?\" says it is unknown, \"-\" that there is none)"
    )]
    Empty,
    /// No periods were given ([`TimeControl::from_periods`]).
    #[error("invalid time control: no periods")]
    NoPeriods,
    /// A period between two `:` (or at either end) is empty.
    #[error("invalid time control: period {period} is empty")]
    EmptyPeriod {
        /// The period, counted from 1.
        period: usize,
    },
    /// The move count before `/` is not a whole number from 1 up.
    #[error(
        "invalid time control: period {period} \"{text}\": the move count \"{moves}\" is not a whole number from 1 up"
    )]
    Moves {
        /// The period, counted from 1.
        period: usize,
        /// The period's text.
        text: String,
        /// The move count's text.
        moves: String,
    },
    /// The period's time is not a number of seconds.
    #[error(
        "invalid time control: period {period} \"{text}\": the time \"{time}\" is not a number of seconds"
    )]
    Time {
        /// The period, counted from 1.
        period: usize,
        /// The period's text.
        text: String,
        /// The time's text.
        time: String,
    },
    /// The increment after `+` is not a number of seconds.
    #[error(
        "invalid time control: period {period} \"{text}\": the increment \"{increment}\" is not a number of seconds"
    )]
    Increment {
        /// The period, counted from 1.
        period: usize,
        /// The period's text.
        text: String,
        /// The increment's text.
        increment: String,
    },
    /// `?`, `-` or a sandclock `*` stands in a tag of several periods, or a
    /// sandclock has a move count or an increment: each is a whole tag.
    #[error(
        "invalid time control: period {period} \"{text}\": \"?\", \"-\" and a sandclock \"*seconds\" are a whole time control, not a period"
    )]
    NotAPeriod {
        /// The period, counted from 1.
        period: usize,
        /// The period's text.
        text: String,
    },
    /// A period follows one without a move count, which lasts the rest of
    /// the game: it can never begin.
    #[error(
        "invalid time control: period {period} can never begin: period {} has no move count, so it lasts the rest of the game",
        .period - 1
    )]
    Unreachable {
        /// The period that can never begin, counted from 1 (at least 2).
        period: usize,
    },
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads a PGN `TimeControl` tag (PGN standard 9.6.1); ASCII blanks
    /// around it are ignored.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] saying which period and what was wrong.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        match text {
            "" => return Err(TimeControlError::Empty),
            "?" => return Ok(TimeControl::unknown()),
            "-" => return Ok(TimeControl::unlimited()),
            _ => {}
        }
        if let Some(sand) = text.strip_prefix('*') {
            if let Some(time) = seconds(sand) {
                return Ok(TimeControl::sandclock(time));
            }
        }
        let mut periods = Vec::new();
        let mut open_ended = false;
        for (i, part) in text.split(':').enumerate() {
            let period = i + 1;
            if part.is_empty() {
                return Err(TimeControlError::EmptyPeriod { period });
            }
            if matches!(part, "?" | "-") || part.starts_with('*') {
                return Err(TimeControlError::NotAPeriod {
                    period,
                    text: part.into(),
                });
            }
            if open_ended {
                return Err(TimeControlError::Unreachable { period });
            }
            let p = read_period(period, part)?;
            open_ended = p.moves().is_none();
            periods.push(p);
        }
        Ok(TimeControl {
            kind: Kind::Periods(periods),
        })
    }
}

/// One period's text: `[moves/]seconds[+increment]`.
fn read_period(period: usize, text: &str) -> Result<Period, TimeControlError> {
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => (Some(moves), rest),
        None => (None, text),
    };
    let (time, increment) = match rest.split_once('+') {
        Some((time, increment)) => (time, Some(increment)),
        None => (rest, None),
    };
    let mut p = Period::new(seconds(time).ok_or_else(|| TimeControlError::Time {
        period,
        text: text.into(),
        time: time.into(),
    })?);
    if let Some(moves) = moves {
        let count = whole(moves)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| TimeControlError::Moves {
                period,
                text: text.into(),
                moves: moves.into(),
            })?;
        p = p.with_moves(count);
    }
    if let Some(increment) = increment {
        let inc = seconds(increment).ok_or_else(|| TimeControlError::Increment {
            period,
            text: text.into(),
            increment: increment.into(),
        })?;
        p = p.with_increment(inc);
    }
    Ok(p)
}

/// ASCII decimal digits (at least one) as a `u64`, `None` on overflow.
fn whole(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.bytes().try_fold(0u64, |n, b| {
        n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    })
}

/// Seconds: digits, with an optional fraction of one to nine digits.
fn seconds(text: &str) -> Option<Duration> {
    let (secs, fraction) = match text.split_once('.') {
        Some((secs, fraction)) => (secs, Some(fraction)),
        None => (text, None),
    };
    let secs = whole(secs)?;
    let nanos = match fraction {
        None => 0,
        Some(fraction) if fraction.len() <= 9 => {
            let digits = whole(fraction)?;
            let scale = 10u64.pow(9 - fraction.len() as u32);
            u32::try_from(digits * scale).ok()?
        }
        Some(_) => return None,
    };
    Some(Duration::new(secs, nanos))
}

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
/// the turn. A move that uses up all the remaining time (or more) makes
/// the flag fall: no increment, the clock stops, and the flag stays down
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
            Kind::Periods(periods) => periods.first().map_or(Duration::MAX, |p| p.time),
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
    /// clock: `elapsed` is subtracted from their time, then the period's
    /// increment is added, then the next period's time once they have made
    /// the period's number of moves (the last period repeats); the turn
    /// passes. With a sandclock the time used goes to the opponent. With
    /// `?` and `-` only the moves are counted.
    ///
    /// # Errors
    ///
    /// [`FlagFall`] when `elapsed` is all the player's remaining time or
    /// more: their time is zero, no increment is added, the turn does not
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
    /// assert_eq!(clock.press(secs(10)), Err(FlagFall { color: Color::Black }));
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
                if elapsed >= self.remaining[us] {
                    // All the sand ran to the other side.
                    self.remaining[them] = self.remaining[them].saturating_add(self.remaining[us]);
                    return Err(self.fall());
                }
                self.remaining[us] -= elapsed;
                self.remaining[them] = self.remaining[them].saturating_add(elapsed);
            }
            Kind::Periods(periods) => {
                if elapsed >= self.remaining[us] {
                    return Err(self.fall());
                }
                let Some(&period) = periods.get(self.period[us]) else {
                    return Ok(());
                };
                let mut left = (self.remaining[us] - elapsed).saturating_add(period.increment);
                self.in_period[us] += 1;
                if period.moves() == Some(self.in_period[us]) {
                    self.in_period[us] = 0;
                    let next = (self.period[us] + 1).min(periods.len() - 1);
                    self.period[us] = next;
                    left = left.saturating_add(periods[next].time);
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::TimeControl;
    use core::fmt;
    use serde::de::{self, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// As its PGN `TimeControl` tag: `"40/5400+30:1800+30"`.
    impl Serialize for TimeControl {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    struct TimeControlVisitor;

    impl Visitor<'_> for TimeControlVisitor {
        type Value = TimeControl;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a PGN TimeControl tag such as \"40/5400+30:1800+30\"")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<TimeControl, E> {
            v.parse().map_err(E::custom)
        }
    }

    /// Reads the PGN `TimeControl` tag, validated.
    impl<'de> Deserialize<'de> for TimeControl {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TimeControl, D::Error> {
            d.deserialize_str(TimeControlVisitor)
        }
    }
}
