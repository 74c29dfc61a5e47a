//! The match clock is the crate's [`Clock`]; this module reads the `--tc`
//! forms engine testers type into the crate's [`TimeControl`], whose
//! `Display` is the PGN `TimeControl` tag.

pub use chess_arbiter::clock::{Clock, Period, TimeControl};
use std::time::Duration;

/// Seconds, `m:ss` or `h:mm:ss`, decimals allowed in the last field.
fn read_time(text: &str) -> Option<Duration> {
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() > 3 {
        return None;
    }
    let mut total = Duration::ZERO;
    for (i, field) in fields.iter().enumerate() {
        let last = i + 1 == fields.len();
        let (whole, fraction) = match field.split_once('.') {
            Some((w, f)) if last => (w, f),
            _ => (*field, ""),
        };
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
            return None;
        }
        let value: u64 = whole.parse().ok()?;
        if i > 0 && value >= 60 {
            return None;
        }
        let nanos = if fraction.is_empty() {
            0
        } else {
            fraction.parse::<u32>().ok()? * 10u32.pow(9 - fraction.len() as u32)
        };
        total = total
            .checked_mul(60)?
            .checked_add(Duration::new(value, nanos))?;
    }
    (total < Duration::from_secs(1_000_000_000)).then_some(total)
}

/// Reads `--tc`: `[MOVES/]TIME[+INC]`, TIME in seconds or as `m:ss`
/// (`0:05+0.05` is 5 s plus 0.05 s a move), INC in seconds; a period with
/// MOVES repeats (`40/60+0.6`: 60 s more after every 40 moves).
///
/// # Errors
///
/// A message saying what the form is.
pub fn parse_cli(text: &str) -> Result<TimeControl, String> {
    let bad = || {
        format!(
            "--tc: {text:?} is not [MOVES/]TIME[+INC] (TIME in seconds or m:ss), \
             like 10+0.1, 40/60+0.6 or 0:05+0.05"
        )
    };
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => {
            let m: u32 = m.parse().map_err(|_| bad())?;
            if m == 0 {
                return Err(bad());
            }
            (m, rest)
        }
        None => (0, text),
    };
    let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
    let base = read_time(base).ok_or_else(bad)?;
    let increment = Some(increment)
        .filter(|i| !i.contains(':'))
        .and_then(read_time)
        .ok_or_else(bad)?;
    if base.is_zero() {
        return Err(bad());
    }
    let period = Period::new(base)
        .with_moves(moves)
        .with_increment(increment);
    TimeControl::from_periods([period]).map_err(|e| e.to_string())
}

/// The time of the first period (the longest a first move may take).
pub fn first_period(control: &TimeControl) -> Duration {
    control
        .periods()
        .first()
        .map_or(Duration::MAX, |p| p.time())
}

/// The increment of the period `color` plays in.
pub fn increment(clock: &Clock, color: chess_arbiter::Color) -> Duration {
    clock
        .period(color)
        .map_or(Duration::ZERO, |p| p.increment())
}
