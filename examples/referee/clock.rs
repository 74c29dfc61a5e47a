//! The match clock: the time control read from the command line and the
//! two players' clocks, behind the interface the referee uses (`Clock::new`,
//! `press`, `remaining`, `to_move`; `TimeControl::tag` for the PGN).

use chess_arbiter::Color;
use std::time::Duration;

/// One period: `moves` moves (or the rest of the game) in `base`, with
/// `increment` added after each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Moves of the period; `None`: the rest of the game.
    pub moves: Option<u32>,
    /// Time for the period.
    pub base: Duration,
    /// Added after each move made in time.
    pub increment: Duration,
}

/// A time control of one period, repeated when it has a move count:
/// `40/60+0.6` (40 moves in 60 s, 0.6 s a move, then 60 s more for each
/// next 40), `10+0.1`, `300`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// The period.
    pub period: Period,
}

/// Seconds, `m:ss` or `h:mm:ss`, decimals allowed in the last field.
fn read_time(text: &str) -> Option<Duration> {
    let mut total = 0.0;
    let fields: Vec<&str> = text.split(':').collect();
    if fields.len() > 3 {
        return None;
    }
    for (i, field) in fields.iter().enumerate() {
        let last = i + 1 == fields.len();
        let plain = |c: u8| c.is_ascii_digit() || (last && c == b'.');
        if field.is_empty() || !field.bytes().all(plain) {
            return None;
        }
        let value: f64 = field.parse().ok()?;
        if i > 0 && value >= 60.0 {
            return None;
        }
        total = total * 60.0 + value;
    }
    (total < 1e9).then(|| Duration::from_secs_f64(total))
}

/// Seconds as the PGN `TimeControl` tag writes them: `10`, `0.1`, `2.5`.
pub fn seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

impl TimeControl {
    /// Reads `--tc`: `[MOVES/]TIME[+INC]`, TIME in seconds or as `m:ss`
    /// (`0:05+0.05` is 5 s plus 0.05 s a move), INC in seconds.
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
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base = read_time(base).ok_or_else(bad)?;
        let increment = read_time(increment)
            .filter(|_| !increment.contains(':'))
            .ok_or_else(bad)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl {
            period: Period {
                moves,
                base,
                increment,
            },
        })
    }

    /// The PGN `TimeControl` tag: `40/60+0.6`, `5+0.05`, `300`.
    pub fn tag(&self) -> String {
        let p = self.period;
        let mut text = match p.moves {
            Some(m) => format!("{m}/{}", seconds(p.base)),
            None => seconds(p.base),
        };
        if !p.increment.is_zero() {
            text.push('+');
            text.push_str(&seconds(p.increment));
        }
        text
    }

    /// Moves left in the period after a side made `made` moves (UCI
    /// `movestogo`), `None` when the period is the rest of the game.
    pub fn moves_to_go(&self, made: u32) -> Option<u32> {
        self.period.moves.map(|m| m - made % m)
    }
}

/// A flag fell: `color` used more than its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagFall {
    /// The side whose flag fell.
    pub color: Color,
}

/// Both players' clocks.
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    remaining: [Duration; 2],
    made: [u32; 2],
    to_move: Color,
    flag: Option<Color>,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    /// A clock with `to_move` to play, each side holding the period's time.
    pub fn new(control: &TimeControl, to_move: Color) -> Clock {
        Clock {
            control: *control,
            remaining: [control.period.base; 2],
            made: [0, 0],
            to_move,
            flag: None,
        }
    }

    /// The side whose clock runs.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The time `color` has left.
    pub fn remaining(&self, color: Color) -> Duration {
        self.remaining[index(color)]
    }

    /// Moves the side to move made on this clock.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.made[index(color)]
    }

    /// The side to move made its move in `elapsed`: subtract, add the
    /// increment, add the next period's time once the period's moves are
    /// made; the turn passes.
    ///
    /// # Errors
    ///
    /// [`FlagFall`] when `elapsed` is more than the time left (no
    /// increment then; the clock stays fallen).
    pub fn press(&mut self, elapsed: Duration) -> Result<(), FlagFall> {
        let side = self.to_move;
        let i = index(side);
        if let Some(color) = self.flag {
            return Err(FlagFall { color });
        }
        if elapsed > self.remaining[i] {
            self.remaining[i] = Duration::ZERO;
            self.flag = Some(side);
            return Err(FlagFall { color: side });
        }
        let period = self.control.period;
        self.remaining[i] = self.remaining[i] - elapsed + period.increment;
        self.made[i] += 1;
        if period.moves.is_some_and(|m| self.made[i] % m == 0) {
            self.remaining[i] += period.base;
        }
        self.to_move = !side;
        Ok(())
    }

    /// The side whose flag fell, if one did.
    pub fn flag(&self) -> Option<Color> {
        self.flag
    }
}
