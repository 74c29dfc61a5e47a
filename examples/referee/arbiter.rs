//! One game between two engines, ruled by the Laws as the crate knows them.
//!
//! Every engine move is read and checked by the crate; the referee keeps
//! the clock itself; every ending comes from the crate's `Game`:
//! its automatic endings (`outcome`), the draws it lets a player claim
//! (claimed for the engine to move as soon as it may: before its move when
//! the claim needs no announced move, else with the move it plays),
//! and the flag-fall rule (`outcome_on_timeout`, FIDE 6.9).

use super::engine::{Answer, Engine, Failure};
use chess_arbiter::{Color, DrawReason, Game, Outcome, Position};
use std::time::Duration;

/// How long an engine may think.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Limit {
    /// A clock: base time for the game, increment added after each move.
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after each move made in time.
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A node budget per move.
    Nodes(u64),
    /// A depth per move.
    Depth(u32),
}

impl Limit {
    /// The PGN `TimeControl` value: `"10+0.1"` for a clock (seconds), `"-"`
    /// for the per-move limits, which the PGN standard has no form for.
    pub fn time_control(&self) -> String {
        match self {
            Limit::Clock { base, increment } => {
                format!("{}+{}", seconds(*base), seconds(*increment))
            }
            _ => "-".to_string(),
        }
    }

    /// The longest an engine may take for one move before it forfeits on
    /// time, outside clock games: twice the move time plus a second for
    /// `movetime`; [`STALL_LIMIT`] for `nodes` and `depth`.
    pub fn stall_limit(&self) -> Duration {
        match self {
            Limit::Clock { base, .. } => *base,
            Limit::MoveTime(t) => *t * 2 + Duration::from_secs(1),
            Limit::Nodes(_) | Limit::Depth(_) => STALL_LIMIT,
        }
    }
}

/// Longest think allowed per move under `--nodes` and `--depth`.
pub const STALL_LIMIT: Duration = Duration::from_secs(60);

/// Seconds as PGN writes them: `10`, `0.1`, `2.5`.
fn seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

/// The PGN `Termination` tag of a ruling (the values cutechess-cli uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// Ended by the rules of play: mate, stalemate, a draw rule.
    Normal,
    /// A flag fell, or the engine stalled past its time.
    TimeForfeit,
    /// The engine sent an illegal or unreadable move.
    RulesInfraction,
    /// The engine crashed, closed its pipe or could not start a game.
    Abandoned,
}

impl Termination {
    /// The tag's value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// `Some(color)` for a win, `None` for a draw.
    pub winner: Option<Color>,
    /// The PGN `Termination`.
    pub termination: Termination,
    /// The ruling in words, e.g. `"Black's move \"e2e5\" is illegal: White wins"`.
    pub words: String,
}

impl Ruling {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn loss(loser: Color, termination: Termination, why: String) -> Ruling {
        Ruling {
            winner: Some(!loser),
            termination,
            words: format!("{why}: {} wins", name(!loser)),
        }
    }

    /// A ruling from the crate's [`Outcome`].
    fn from_outcome(outcome: Outcome, termination: Termination, prefix: &str) -> Ruling {
        let text = outcome.to_string();
        let words = format!("{prefix}{}{}", text[..1].to_uppercase(), &text[1..]);
        Ruling {
            winner: outcome.winner(),
            termination,
            words,
        }
    }
}

/// `"White"` or `"Black"`.
pub fn name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A finished game: the moves, a comment per move and the ruling.
#[derive(Debug, Clone)]
pub struct Played {
    /// The game, every move checked by the crate.
    pub game: Game,
    /// One comment per move: `+0.35/12 0.52s`, empty for the opening's moves.
    pub comments: Vec<String>,
    /// How it ended.
    pub ruling: Ruling,
    /// Whether each engine (indexed white, black) must be restarted: it
    /// crashed, or stalled and may still be thinking.
    pub broken: [bool; 2],
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The `position` command for `game`: `startpos` for the standard start,
/// the start FEN otherwise, then the moves in UCI (king-takes-rook castling
/// in Chess960, as the crate writes it).
pub fn position_command(game: &Game) -> String {
    let start = game.start();
    let mut text = if start.castling_mode() == Position::new().castling_mode()
        && start.fen() == Position::new().fen()
    {
        "position startpos".to_string()
    } else {
        format!("position fen {}", start.fen())
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

/// Reads an engine's `bestmove` word: the legal move it names, written as
/// UCI writes it, or the infraction in words.
fn read_move(pos: &Position, word: Option<&str>) -> Result<chess_arbiter::Move, String> {
    let word = match word {
        None => return Err("sent a bestmove without a move".to_string()),
        // `0000` and `(none)` say "no move": wrong while legal moves exist
        // (the referee only asks when they do).
        Some(w @ ("0000" | "(none)")) => {
            return Err(format!("answered bestmove {w} while it had legal moves"));
        }
        Some(w) => w,
    };
    match pos.parse_uci(word) {
        Ok(m) => {
            // The crate also reads e1h1 as castling in standard chess; an
            // engine must write what the protocol writes.
            let written = pos.uci(m);
            if written.as_str() == word {
                Ok(m)
            } else {
                Err(format!(
                    "wrote the move {word:?}, which UCI writes {:?} here",
                    written.as_str()
                ))
            }
        }
        Err(chess_arbiter::UciError::Syntax { .. }) => {
            Err(format!("sent an unreadable move {word:?}"))
        }
        Err(_) => Err(format!("played the illegal move {word:?}")),
    }
}

/// The comment for one move: `+0.35/12 0.52s`, or `0.52s` without a score.
fn comment(answer: &Answer) -> String {
    let time = format!("{:.2}s", answer.elapsed.as_secs_f64());
    match answer.info.score {
        Some(score) => format!("{}/{} {time}", score.text(), answer.info.depth.unwrap_or(0)),
        None => time,
    }
}

/// The draw the player to move may claim without announcing a move: the
/// position has occurred three times (FIDE 9.2.2), or each side made 50
/// moves without a capture or pawn move (9.3.2). `None` once the game is over.
pub fn claim_now(game: &Game) -> Option<DrawReason> {
    // `claimable_draw` also counts claims by an announced move; this one
    // needs none.
    game.claimable_draw()?;
    if game.repetitions() >= 3 {
        Some(DrawReason::ThreefoldRepetition)
    } else if game.position().halfmove_clock() >= 100 {
        Some(DrawReason::FiftyMoves)
    } else {
        None
    }
}

/// The ruling when `side` claims a draw for `reason`.
fn claimed(side: Color, reason: DrawReason) -> Ruling {
    Ruling {
        winner: None,
        termination: Termination::Normal,
        words: format!("{} claims a {}", name(side), Outcome::Draw { reason }),
    }
}

/// Plays `game` on from its current position, `engines[0]` with White and
/// `engines[1]` with Black, until a ruling ends it.
pub fn play(mut game: Game, engines: [&mut Engine; 2], limit: Limit) -> Played {
    let [white, black] = engines;
    let mut engines = [white, black];
    let mut comments = vec![String::new(); game.moves().len()];
    let mut broken = [false, false];
    for color in [Color::White, Color::Black] {
        if let Err(failure) = engines[index(color)].new_game() {
            broken[index(color)] = true;
            let why = match failure {
                Failure::Closed => "'s engine exited before the game",
                Failure::Timeout => "'s engine did not get ready for the game",
            };
            let ruling = Ruling::loss(
                color,
                Termination::Abandoned,
                format!("{}{why}", name(color)),
            );
            return Played {
                game,
                comments,
                ruling,
                broken,
            };
        }
    }
    let mut clock = match limit {
        Limit::Clock { base, .. } => [base, base],
        _ => [Duration::ZERO; 2],
    };
    let ruling = loop {
        if let Some(outcome) = game.outcome() {
            break Ruling::from_outcome(outcome, Termination::Normal, "");
        }
        let side = game.position().turn();
        if let Some(reason) = claim_now(&game) {
            break claimed(side, reason);
        }
        let go = match limit {
            Limit::Clock { increment, .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                clock[0].as_millis(),
                clock[1].as_millis(),
                increment.as_millis(),
                increment.as_millis()
            ),
            Limit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
        };
        let allowed = match limit {
            Limit::Clock { .. } => clock[index(side)],
            other => other.stall_limit(),
        };
        let engine = &mut engines[index(side)];
        let flag = |game: &Game, why: String| {
            let outcome = game.outcome_on_timeout(side);
            Ruling::from_outcome(outcome, Termination::TimeForfeit, &format!("{why}: "))
        };
        let answer = match engine.search(&position_command(&game), &go, allowed) {
            Ok(answer) => answer,
            Err(Failure::Timeout) => {
                broken[index(side)] = true;
                let why = match limit {
                    Limit::Clock { .. } => format!("{}'s flag fell", name(side)),
                    _ => format!(
                        "{} did not move within {:.1}s",
                        name(side),
                        allowed.as_secs_f64()
                    ),
                };
                break flag(&game, why);
            }
            Err(Failure::Closed) => {
                broken[index(side)] = true;
                let why = format!("{}'s engine exited or closed its output", name(side));
                break Ruling::loss(side, Termination::Abandoned, why);
            }
        };
        if answer.elapsed > allowed {
            let why = match limit {
                Limit::Clock { .. } => format!(
                    "{}'s flag fell ({:.2}s used, {:.2}s left)",
                    name(side),
                    answer.elapsed.as_secs_f64(),
                    allowed.as_secs_f64()
                ),
                _ => format!(
                    "{} took {:.2}s, more than the {:.1}s allowed",
                    name(side),
                    answer.elapsed.as_secs_f64(),
                    allowed.as_secs_f64()
                ),
            };
            break flag(&game, why);
        }
        let m = match read_move(game.position(), answer.bestmove.as_deref()) {
            Ok(m) => m,
            Err(why) => {
                let why = format!("{} {why}", name(side));
                break Ruling::loss(side, Termination::RulesInfraction, why);
            }
        };
        if let Limit::Clock { increment, .. } = limit {
            clock[index(side)] = allowed - answer.elapsed + increment;
        }
        comments.push(comment(&answer));
        // The engine's move, announced, may make a claim (FIDE 9.2.1,
        // 9.3.1): the referee claims for it. An invalid claim leaves the
        // game unchanged.
        if game.claimable_draw().is_some() {
            let mut announced = game.clone();
            announced.play(m).expect("read_move returns a legal move");
            // A move that ends the game by itself is no claim.
            if announced.outcome().is_none() {
                if let Some(reason) = claim_now(&announced) {
                    game = announced;
                    break claimed(side, reason);
                }
            }
        }
        game.play(m).expect("read_move returns a legal move");
    };
    Played {
        game,
        comments,
        ruling,
        broken,
    }
}
