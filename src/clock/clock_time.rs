//! Times as a chess clock shows them: `h:mm:ss`.

use core::fmt;
use core::time::Duration;

/// A time written the way a chess clock (and the PGN `[%clk]` comment)
/// shows it: hours, minutes and seconds, `h:mm:ss` (`1:30:00`,
/// `0:04:59`). Hours are not capped (`100:00:00`).
///
/// By default the seconds are whole, cut down as a clock counts them: a
/// player with 4.9 seconds left sees `0:00:04`, and `0:00:00` is still in
/// time. A precision writes that many decimals of the seconds, also cut
/// down (`{:.1}`: `0:00:04.9`; at most 9). A width pads the whole text,
/// to the right unless told otherwise.
///
/// ```
/// use chess_arbiter::clock::ClockTime;
/// use core::time::Duration;
/// assert_eq!(ClockTime(Duration::from_secs(5400)).to_string(), "1:30:00");
/// assert_eq!(ClockTime(Duration::from_secs(299)).to_string(), "0:04:59");
/// assert_eq!(ClockTime(Duration::from_millis(4_980)).to_string(), "0:00:04");
/// assert_eq!(format!("{:.1}", ClockTime(Duration::from_millis(4_980))), "0:00:04.9");
/// assert_eq!(format!("{:.3}", ClockTime(Duration::from_millis(61_005))), "0:01:01.005");
/// assert_eq!(ClockTime(Duration::from_secs(360_000)).to_string(), "100:00:00");
/// assert_eq!(format!("{:9}", ClockTime(Duration::from_secs(60))), "  0:01:00");
/// assert_eq!(format!("{:<9.1}|", ClockTime(Duration::from_secs(60))), "0:01:00.0|");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct ClockTime(pub Duration);

impl From<Duration> for ClockTime {
    /// The duration, to be written as a clock shows it.
    ///
    /// ```
    /// use chess_arbiter::clock::ClockTime;
    /// use core::time::Duration;
    /// assert_eq!(ClockTime::from(Duration::from_secs(90)).to_string(), "0:01:30");
    /// ```
    fn from(time: Duration) -> ClockTime {
        ClockTime(time)
    }
}

/// Collects a short text without the heap (the longest is
/// `5124095576030431:00:15.999999999`, 32 bytes).
struct Buffer {
    bytes: [u8; 40],
    len: usize,
}

impl fmt::Write for Buffer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

impl fmt::Display for ClockTime {
    /// `h:mm:ss`, with `precision` decimals of the seconds (cut down, at
    /// most 9); a width pads the whole text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let secs = self.0.as_secs();
        let mut out = Buffer {
            bytes: [0; 40],
            len: 0,
        };
        write!(
            out,
            "{}:{:02}:{:02}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )?;
        let digits = f.precision().unwrap_or(0).min(9);
        if digits > 0 {
            let fraction = self.0.subsec_nanos() / 10u32.pow(9 - digits as u32);
            write!(out, ".{fraction:0digits$}")?;
        }
        // Only ASCII was written.
        let text = core::str::from_utf8(&out.bytes[..out.len]).map_err(|_| fmt::Error)?;
        // `Formatter::pad` would cut the text to the precision: pad by hand,
        // to the right as numbers are.
        let pad = f.width().unwrap_or(0).saturating_sub(text.len());
        let (before, after) = match f.align() {
            Some(fmt::Alignment::Left) => (0, pad),
            Some(fmt::Alignment::Center) => (pad / 2, pad - pad / 2),
            Some(fmt::Alignment::Right) | None => (pad, 0),
        };
        let fill = f.fill();
        for _ in 0..before {
            f.write_char(fill)?;
        }
        f.write_str(text)?;
        for _ in 0..after {
            f.write_char(fill)?;
        }
        Ok(())
    }
}
