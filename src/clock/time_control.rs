//! The time controls of the PGN `TimeControl` tag (PGN standard 9.6.1):
//! [`TimeControl`], its [`Period`]s, and reading and writing the tag.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use crate::quote::bounded;

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
    pub(super) kind: Kind,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) enum Kind {
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
/// // The fault named as it is: the sandclock's time, too many decimals, too large a number.
/// assert_eq!(
///     "*abc".parse::<TimeControl>().unwrap_err().to_string(),
///     "invalid time control: \"*abc\": the sandclock's time \"abc\" is not a number of seconds",
/// );
/// assert_eq!(
///     "*".parse::<TimeControl>().unwrap_err().to_string(),
///     "invalid time control: \"*\": the sandclock has no time",
/// );
/// assert!(matches!(
///     "3.1415926535".parse::<TimeControl>(),
///     Err(TimeControlError::TooPrecise { period: 1, .. })
/// ));
/// assert!(matches!(
///     "300+18446744073709551616".parse::<TimeControl>(),
///     Err(TimeControlError::TooLarge { period: 1, .. })
/// ));
/// // An error quotes at most 60 characters of any text.
/// let huge = "9".repeat(1 << 20) + "x";
/// assert!(huge.parse::<TimeControl>().unwrap_err().to_string().len() < 300);
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
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
        /// The move count's text (at most 60 characters of it, then `…`).
        moves: String,
    },
    /// The period's time is not a number of seconds.
    #[error(
        "invalid time control: period {period} \"{text}\": the time \"{time}\" is not a number of seconds"
    )]
    Time {
        /// The period, counted from 1.
        period: usize,
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
        /// The time's text (at most 60 characters of it, then `…`).
        time: String,
    },
    /// The increment after `+` is not a number of seconds.
    #[error(
        "invalid time control: period {period} \"{text}\": the increment \"{increment}\" is not a number of seconds"
    )]
    Increment {
        /// The period, counted from 1.
        period: usize,
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
        /// The increment's text (at most 60 characters of it, then `…`).
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
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
    },
    /// A sandclock (`*seconds`, the whole tag) whose time is missing or is
    /// not a number of seconds: `*`, `*abc`.
    #[error("invalid time control: \"{text}\": {}", sandclock_fault(time))]
    Sandclock {
        /// The tag's text (at most 60 characters of it, then `…`).
        text: String,
        /// The text after `*` (at most 60 characters of it, then `…`).
        time: String,
    },
    /// A number of seconds (a period's time or increment, or a sandclock's
    /// time) with more than nine decimals: the clock counts nanoseconds.
    #[error(
        "invalid time control: period {period} \"{text}\": \"{number}\" is too precise: seconds take at most nine decimals"
    )]
    TooPrecise {
        /// The period, counted from 1.
        period: usize,
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
        /// The number's text (at most 60 characters of it, then `…`).
        number: String,
    },
    /// A number of seconds (a period's time or increment, or a sandclock's
    /// time) above 18446744073709551615, the most a clock holds.
    #[error(
        "invalid time control: period {period} \"{text}\": \"{number}\" is too large: a clock holds at most 18446744073709551615 seconds"
    )]
    TooLarge {
        /// The period, counted from 1.
        period: usize,
        /// The period's text (at most 60 characters of it, then `…`).
        text: String,
        /// The number's text (at most 60 characters of it, then `…`).
        number: String,
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

/// The message of [`TimeControlError::Sandclock`].
fn sandclock_fault(time: &str) -> String {
    if time.is_empty() {
        String::from("the sandclock has no time")
    } else {
        alloc::format!("the sandclock's time \"{time}\" is not a number of seconds")
    }
}

impl FromStr for Period {
    type Err = TimeControlError;

    /// Reads one period as the `TimeControl` tag writes it:
    /// `[moves/]seconds[+increment]`; ASCII blanks around it are ignored.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] for period 1, saying what was wrong.
    ///
    /// ```
    /// use chess_arbiter::clock::Period;
    /// use core::time::Duration;
    /// let period: Period = "40/5400+30".parse().unwrap();
    /// assert_eq!(period.moves(), Some(40));
    /// assert!("*180".parse::<Period>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Period, TimeControlError> {
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        if text.is_empty() {
            return Err(TimeControlError::EmptyPeriod { period: 1 });
        }
        if matches!(text, "?" | "-") || text.starts_with('*') {
            return Err(TimeControlError::NotAPeriod {
                period: 1,
                text: bounded(text),
            });
        }
        read_period(1, text)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads a PGN `TimeControl` tag (PGN standard 9.6.1); ASCII blanks
    /// around it are ignored.
    ///
    /// # Errors
    ///
    /// [`TimeControlError`] saying which period and what was wrong; the
    /// error quotes at most 60 characters of each text it names.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
        match text {
            "" => return Err(TimeControlError::Empty),
            "?" => return Ok(TimeControl::unknown()),
            "-" => return Ok(TimeControl::unlimited()),
            _ => {}
        }
        if let Some(sand) = text.strip_prefix('*') {
            // A whole tag `*…` without a period's marks is a sandclock whose
            // time is at fault; with them, it stands where a period should.
            if !sand.contains([':', '/', '+']) {
                return seconds(sand).map(TimeControl::sandclock).map_err(|fault| {
                    fault.error(1, text, sand, |text, time| TimeControlError::Sandclock {
                        text,
                        time,
                    })
                });
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
                    text: bounded(part),
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

/// What is wrong with a number of seconds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Fault {
    NotANumber,
    /// More than nine decimals.
    TooPrecise,
    /// Above `u64::MAX` seconds.
    TooLarge,
}

impl Fault {
    /// The error for the number of seconds `number` in period `period`
    /// (`text`): `not_a_number` when it does not read at all.
    fn error(
        self,
        period: usize,
        text: &str,
        number: &str,
        not_a_number: impl FnOnce(String, String) -> TimeControlError,
    ) -> TimeControlError {
        let (text, number) = (bounded(text), bounded(number));
        match self {
            Fault::NotANumber => not_a_number(text, number),
            Fault::TooPrecise => TimeControlError::TooPrecise {
                period,
                text,
                number,
            },
            Fault::TooLarge => TimeControlError::TooLarge {
                period,
                text,
                number,
            },
        }
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
    let mut p = Period::new(seconds(time).map_err(|fault| {
        fault.error(period, text, time, |text, time| TimeControlError::Time {
            period,
            text,
            time,
        })
    })?);
    if let Some(moves) = moves {
        let count = whole(moves)
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| TimeControlError::Moves {
                period,
                text: bounded(text),
                moves: bounded(moves),
            })?;
        p = p.with_moves(count);
    }
    if let Some(increment) = increment {
        let inc = seconds(increment).map_err(|fault| {
            fault.error(period, text, increment, |text, increment| {
                TimeControlError::Increment {
                    period,
                    text,
                    increment,
                }
            })
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

/// `true` for ASCII decimal digits, at least one.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Seconds: digits, with an optional fraction of one to nine digits.
fn seconds(text: &str) -> Result<Duration, Fault> {
    let (secs, fraction) = match text.split_once('.') {
        Some((secs, fraction)) => (secs, Some(fraction)),
        None => (text, None),
    };
    if !is_digits(secs) || fraction.is_some_and(|f| !is_digits(f)) {
        return Err(Fault::NotANumber);
    }
    let secs = whole(secs).ok_or(Fault::TooLarge)?;
    let nanos = match fraction {
        None => 0,
        Some(fraction) if fraction.len() <= 9 => {
            let digits = whole(fraction).ok_or(Fault::NotANumber)?;
            let scale = 10u64.pow(9 - fraction.len() as u32);
            u32::try_from(digits * scale).map_err(|_| Fault::NotANumber)?
        }
        Some(_) => return Err(Fault::TooPrecise),
    };
    Ok(Duration::new(secs, nanos))
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Period, TimeControl};
    use core::fmt;
    use serde::de::{self, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// As the tag writes it: `"40/5400+30"`.
    impl Serialize for Period {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    struct PeriodVisitor;

    impl Visitor<'_> for PeriodVisitor {
        type Value = Period;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a time control period such as \"40/5400+30\"")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Period, E> {
            v.parse().map_err(E::custom)
        }
    }

    /// Reads one period of the tag, validated.
    impl<'de> Deserialize<'de> for Period {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Period, D::Error> {
            d.deserialize_str(PeriodVisitor)
        }
    }

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
