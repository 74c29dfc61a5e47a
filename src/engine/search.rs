//! What goes to an engine for a search (`position`, `go`) and what comes
//! back (`info`, `bestmove`), as typed values.

use crate::{Game, Move, Position};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use std::time::Duration;

/// Moves of a principal variation kept.
const MAX_PV: usize = 64;

/// A search limit: the `go` command.
///
/// Its [`Display`](fmt::Display) is the command as UCI writes it, times in
/// milliseconds:
///
/// ```
/// use chess_arbiter::engine::Go;
/// use std::time::Duration;
///
/// let go = Go::Clock {
///     white: Duration::from_secs(60),
///     black: Duration::from_millis(59_500),
///     white_increment: Duration::from_secs(1),
///     black_increment: Duration::from_secs(1),
///     moves_to_go: None,
/// };
/// assert_eq!(go.to_string(), "go wtime 60000 btime 59500 winc 1000 binc 1000");
/// assert_eq!(Go::MoveTime(Duration::from_millis(250)).to_string(), "go movetime 250");
/// assert_eq!(Go::Nodes(20_000).to_string(), "go nodes 20000");
/// assert_eq!(Go::Depth(12).to_string(), "go depth 12");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Go {
    /// Both clocks and increments (`wtime`, `btime`, `winc`, `binc`), and
    /// the moves to the next time control when there is one (`movestogo`).
    Clock {
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
        /// White's increment per move.
        white_increment: Duration,
        /// Black's increment per move.
        black_increment: Duration,
        /// Moves to the next time control, if any.
        moves_to_go: Option<u32>,
    },
    /// Exactly this long for the move (`movetime`).
    MoveTime(Duration),
    /// Search this many nodes (`nodes`).
    Nodes(u64),
    /// Search to this depth in plies (`depth`).
    Depth(u32),
}

impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Go::Clock {
                white,
                black,
                white_increment,
                black_increment,
                moves_to_go,
            } => {
                write!(
                    f,
                    "go wtime {} btime {} winc {} binc {}",
                    white.as_millis(),
                    black.as_millis(),
                    white_increment.as_millis(),
                    black_increment.as_millis()
                )?;
                match moves_to_go {
                    Some(n) => write!(f, " movestogo {n}"),
                    None => Ok(()),
                }
            }
            Go::MoveTime(t) => write!(f, "go movetime {}", t.as_millis()),
            Go::Nodes(n) => write!(f, "go nodes {n}"),
            Go::Depth(d) => write!(f, "go depth {d}"),
        }
    }
}

/// The `position` command for `game`: `startpos` for the standard start,
/// the start's FEN otherwise, then the moves played in UCI (king-takes-rook
/// castling in Chess960, as [`Position::uci`] writes it).
///
/// ```
/// use chess_arbiter::{Game, Position};
/// use chess_arbiter::engine::position_command;
///
/// let mut game = Game::new();
/// assert_eq!(position_command(&game), "position startpos");
/// game.play_san("e4")?;
/// game.play_san("c5")?;
/// assert_eq!(position_command(&game), "position startpos moves e2e4 c7c5");
///
/// let game = Game::from_position(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?);
/// assert_eq!(position_command(&game), "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn position_command(game: &Game) -> String {
    let start = game.start();
    let standard = Position::new();
    let mut text =
        if start.castling_mode() == standard.castling_mode() && start.fen() == standard.fen() {
            "position startpos".to_string()
        } else {
            alloc::format!("position fen {}", start.fen())
        };
    if !game.moves().is_empty() {
        text.push_str(" moves");
        let mut pos = start.clone();
        for &m in game.moves() {
            text.push(' ');
            text.push_str(&pos.uci(m));
            pos.play_unchecked(m);
        }
    }
    text
}

/// A UCI score, from the point of view of the side the engine plays.
///
/// Its [`Display`](fmt::Display) is in pawns with a sign, or `M` and the
/// moves to mate:
///
/// ```
/// use chess_arbiter::engine::Score;
///
/// assert_eq!(Score::Centipawns(35).to_string(), "+0.35");
/// assert_eq!(Score::Centipawns(-120).to_string(), "-1.20");
/// assert_eq!(Score::Mate(3).to_string(), "+M3");
/// assert_eq!(Score::Mate(-2).to_string(), "-M2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns (`score cp N`).
    Centipawns(i32),
    /// Mate in this many moves (`score mate N`; negative: the engine is
    /// mated).
    Mate(i32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) if n < 0 => write!(f, "-M{}", n.unsigned_abs()),
            Score::Mate(n) => write!(f, "+M{n}"),
        }
    }
}

/// What an engine said about its search: the last value of each field its
/// `info` lines gave.
///
/// ```
/// use chess_arbiter::engine::{Info, Score};
///
/// let mut info = Info::default();
/// info.read_line("info depth 12 seldepth 18 score cp 31 nodes 48213 pv e2e4 e7e5 g1f3");
/// info.read_line("info string nodes are not read from free text 99");
/// assert_eq!(info.depth, Some(12));
/// assert_eq!(info.score, Some(Score::Centipawns(31)));
/// assert_eq!(info.nodes, Some(48213));
/// assert_eq!(info.pv, ["e2e4", "e7e5", "g1f3"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// The last depth (`depth`).
    pub depth: Option<u32>,
    /// The last score (`score cp` or `score mate`).
    pub score: Option<Score>,
    /// The last node count (`nodes`).
    pub nodes: Option<u64>,
    /// The last principal variation (`pv`), its first 64 moves as written.
    pub pv: Vec<String>,
}

impl Info {
    /// Folds one line into what is known: an `info` line's `depth`,
    /// `score`, `nodes` and `pv` replace the values held; any other line,
    /// an unreadable value and the free text after `string` are passed
    /// over.
    ///
    /// ```
    /// use chess_arbiter::engine::{Info, Score};
    ///
    /// let mut info = Info::default();
    /// info.read_line("info depth 3 score mate -2");
    /// info.read_line("info depth x score cp");
    /// info.read_line("bestmove e2e4");
    /// assert_eq!(info.score, Some(Score::Mate(-2)));
    /// assert_eq!(info.depth, None, "the unreadable depth replaced the 3");
    /// ```
    pub fn read_line(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return;
        }
        while let Some(word) = words.next() {
            match word {
                "depth" => self.depth = words.next().and_then(|w| w.parse().ok()),
                "nodes" => self.nodes = words.next().and_then(|w| w.parse().ok()),
                "score" => {
                    let kind = words.next();
                    let value = words.next().and_then(|w| w.parse().ok());
                    let score = match (kind, value) {
                        (Some("cp"), Some(v)) => Some(Score::Centipawns(v)),
                        (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                        _ => None,
                    };
                    if score.is_some() {
                        self.score = score;
                    }
                }
                "pv" => {
                    self.pv = words.by_ref().take(MAX_PV).map(str::to_string).collect();
                }
                // `string` takes the rest of the line as free text.
                "string" => break,
                _ => {}
            }
        }
    }

    /// The principal variation as moves from `position`, up to the first
    /// move that is not legal there (an engine's pv may be cut or wrong).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::engine::Info;
    ///
    /// let mut info = Info::default();
    /// info.read_line("info depth 2 pv e2e4 e7e5 e1e3");
    /// let moves = info.pv_moves(&Position::new());
    /// assert_eq!(moves.len(), 2, "e1e3 is not legal after 1. e4 e5");
    /// ```
    #[must_use]
    pub fn pv_moves(&self, position: &Position) -> Vec<Move> {
        let mut pos = position.clone();
        let mut moves = Vec::new();
        for text in &self.pv {
            let Ok(m) = pos.parse_uci(text) else { break };
            pos.play_unchecked(m);
            moves.push(m);
        }
        moves
    }
}

/// An engine's answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The word after `bestmove`, as written (`None` for a bare
    /// `bestmove`); [`Position::parse_uci`] reads it.
    pub bestmove: Option<String>,
    /// The search's last `info` values.
    pub info: Info,
    /// From sending `go` to reading `bestmove`, as measured here.
    pub elapsed: Duration,
    /// A `bestmove` the engine sent with no `go` outstanding (a second
    /// answer to an earlier `go`), read before this `go` was sent: it is
    /// not taken as the answer, and [`bestmove`](Answer::bestmove) is
    /// `None`. Its word, or an empty text.
    pub stale: Option<String>,
}
