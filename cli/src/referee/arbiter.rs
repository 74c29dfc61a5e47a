//! One game between two engines, ruled by the Laws as the crate knows them.
//!
//! Every engine move is read and checked by the crate; the referee keeps
//! the clock itself; every ending comes from the crate's `Game`:
//! its automatic endings (`outcome`), the draws it lets a player claim
//! (claimed for the engine to move as soon as it may: before its move when
//! the claim needs no announced move, else with the move it plays),
//! and the flag-fall rule (`outcome_on_timeout`, FIDE 6.9).

pub use super::clock::TimeControl;
use super::clock::{self, Clock};
use super::engine::{Answer, Engine, Failure, HANDSHAKE_LIMIT, Score};
use chess_arbiter::engine::Go;
use chess_arbiter::{Color, DrawReason, Game, Outcome, Position, Winnability};
use std::time::Duration;

/// How long an engine may think.
#[derive(Debug, Clone, PartialEq)]
pub enum Limit {
    /// A clock: `--tc`.
    Clock(TimeControl),
    /// A fixed time per move.
    MoveTime(Duration),
    /// A node budget per move.
    Nodes(u64),
    /// A depth per move.
    Depth(u32),
}

impl Limit {
    /// The PGN `TimeControl` value: the clock's (`"10+0.1"`, `"40/60+0.6"`),
    /// or `"-"` for the per-move limits, which the PGN standard has no form for.
    pub fn time_control(&self) -> String {
        match self {
            Limit::Clock(control) => control.to_string(),
            _ => "-".to_string(),
        }
    }

    /// The longest an engine may take for one move before it forfeits on
    /// time, outside clock games: twice the move time plus a second for
    /// `movetime`; [`STALL_LIMIT`] for `nodes` and `depth`.
    pub fn stall_limit(&self) -> Duration {
        match self {
            Limit::Clock(control) => clock::first_period(control),
            Limit::MoveTime(t) => *t * 2 + Duration::from_secs(1),
            Limit::Nodes(_) | Limit::Depth(_) => STALL_LIMIT,
        }
    }
}

/// Longest think allowed per move under `--nodes` and `--depth`.
pub const STALL_LIMIT: Duration = Duration::from_secs(60);

/// `--resign score=S,moves=N`: a side loses when for `moves` consecutive
/// moves of each engine its engine scored `-score` centipawns or worse and
/// the opponent's `+score` or better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resign {
    /// Centipawns.
    pub score: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
}

/// `--draw score=S,moves=N,after=M`: a draw when, from move `after` on,
/// both engines scored within `score` centipawns of zero for `moves`
/// consecutive moves each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRule {
    /// Centipawns.
    pub score: i32,
    /// Consecutive moves of each engine.
    pub moves: u32,
    /// The move number (of the game record) from which it may apply.
    pub after: u32,
}

/// How games are played and when they are adjudicated.
#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    /// How long engines may think.
    pub limit: Limit,
    /// Lateness forgiven before a flag falls.
    pub margin: Duration,
    /// Resignation by the engines' scores.
    pub resign: Option<Resign>,
    /// Draw by the engines' scores.
    pub draw: Option<DrawRule>,
    /// A draw once each side made this many moves (the game record's).
    pub max_moves: Option<u32>,
}

impl Rules {
    /// The rules for `limit` with no margin and no adjudication.
    pub fn new(limit: Limit) -> Rules {
        Rules {
            limit,
            margin: Duration::ZERO,
            resign: None,
            draw: None,
            max_moves: None,
        }
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
    /// The referee ruled by the engines' scores or the move limit
    /// (`--resign`, `--draw`, `--maxmoves`); the ruling's words say which.
    Adjudication,
}

impl Termination {
    /// The tag's value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
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
            Err(format!("sent an unreadable move {}", quoted(word)))
        }
        Err(_) => Err(format!("played the illegal move {}", quoted(word))),
    }
}

/// An engine's word in quotes as a ruling writes it: braces, which cannot
/// stand in a PGN comment, become `?` (control characters already did).
fn quoted(word: &str) -> String {
    format!("{:?}", word.replace(['{', '}'], "?"))
}

/// The comment for one move: `+0.35/12 0.52s`, or `0.52s` without a score.
fn comment(answer: &Answer) -> String {
    let time = format!("{:.2}s", answer.elapsed.as_secs_f64());
    match answer.info.score {
        Some(score) => format!("{}/{} {time}", score, answer.info.depth.unwrap_or(0)),
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

/// The engines' scores over their recent moves, for adjudication.
#[derive(Debug, Clone, Copy, Default)]
struct Streaks {
    /// Consecutive moves (per colour) the engine scored `-resign` or worse.
    losing: [u32; 2],
    /// Consecutive moves the engine scored `+resign` or better.
    winning: [u32; 2],
    /// Consecutive moves the engine scored within `draw` of zero.
    drawn: [u32; 2],
}

/// A score in centipawns for adjudication; a mate counts as far beyond
/// any threshold.
fn centipawns(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(n) if n < 0 => -1_000_000,
        Score::Mate(_) => 1_000_000,
    }
}

impl Streaks {
    /// Counts `side`'s move that came with `score` (`None`: no score, every
    /// streak of that side starts over).
    fn record(&mut self, rules: &Rules, side: Color, score: Option<Score>) {
        let i = index(side);
        let bump = |count: &mut u32, holds: bool| *count = if holds { *count + 1 } else { 0 };
        let cp = score.map(centipawns);
        if let Some(resign) = rules.resign {
            let s = i64::from(resign.score);
            bump(&mut self.losing[i], cp.is_some_and(|cp| cp <= -s));
            bump(&mut self.winning[i], cp.is_some_and(|cp| cp >= s));
        }
        if let Some(draw) = rules.draw {
            let drawish = matches!(score, Some(Score::Centipawns(v)) if v.unsigned_abs() <= draw.score.unsigned_abs());
            bump(&mut self.drawn[i], drawish);
        }
    }

    /// The adjudication due in `game` (still on by the Laws), if any.
    fn ruling(&self, rules: &Rules, game: &Game) -> Option<Ruling> {
        if let Some(resign) = rules.resign {
            for loser in [Color::White, Color::Black] {
                let winner = !loser;
                if self.losing[index(loser)] >= resign.moves
                    && self.winning[index(winner)] >= resign.moves
                    // The Laws first: no win for a side that cannot checkmate.
                    && game.position().winnability(winner) != Winnability::Unwinnable
                {
                    let why = format!(
                        "{} resigns by adjudication ({}'s engine scored -{} or worse, {}'s +{} \
                         or better, for {} moves each)",
                        name(loser),
                        name(loser),
                        pawns(resign.score),
                        name(winner),
                        pawns(resign.score),
                        resign.moves
                    );
                    return Some(Ruling::loss(loser, Termination::Adjudication, why));
                }
            }
        }
        let plies = game.moves().len();
        if let Some(draw) = rules.draw {
            if plies >= 2 * draw.after as usize && self.drawn.iter().all(|&n| n >= draw.moves) {
                return Some(Ruling {
                    winner: None,
                    termination: Termination::Adjudication,
                    words: format!(
                        "Draw by adjudication (both engines scored within {} of zero for {} \
                         moves each, from move {})",
                        pawns(draw.score),
                        draw.moves,
                        draw.after
                    ),
                });
            }
        }
        if let Some(max) = rules.max_moves {
            if plies >= 2 * max as usize {
                return Some(Ruling {
                    winner: None,
                    termination: Termination::Adjudication,
                    words: format!("Draw by adjudication ({max} moves each played, the limit)"),
                });
            }
        }
        None
    }
}

/// Centipawns as pawns: `6.00`.
fn pawns(cp: i32) -> String {
    let abs = cp.unsigned_abs();
    format!("{}.{:02}", abs / 100, abs % 100)
}

/// Plays `game` on from its current position, `engines[0]` with White and
/// `engines[1]` with Black, until a ruling ends it. The Laws come first:
/// before each move the referee asks the crate whether the game is over
/// (checkmate, stalemate, dead position, 75 moves, fivefold) or a draw can
/// be claimed, and only then whether an adjudication is due; a flag fall is
/// ruled as it happens (FIDE 6.9).
pub fn play(mut game: Game, engines: [&mut Engine; 2], rules: &Rules) -> Played {
    let [white, black] = engines;
    let mut engines = [white, black];
    let mut comments = vec![String::new(); game.moves().len()];
    let mut broken = [false, false];
    for color in [Color::White, Color::Black] {
        if let Err(failure) = engines[index(color)]
            .new_game(HANDSHAKE_LIMIT)
            .map_err(Failure::from)
        {
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
    let limit = &rules.limit;
    let mut clock = match limit {
        Limit::Clock(control) => Some(Clock::starting_with(control, game.position().turn())),
        _ => None,
    };
    let mut streaks = Streaks::default();
    let ruling = loop {
        if let Some(outcome) = game.outcome() {
            break Ruling::from_outcome(outcome, Termination::Normal, "");
        }
        let side = game.position().turn();
        if let Some(reason) = claim_now(&game) {
            break claimed(side, reason);
        }
        if let Some(ruling) = streaks.ruling(rules, &game) {
            break ruling;
        }
        let go = match (&clock, limit) {
            (Some(clock), _) => Go::Clock {
                white: clock.remaining(Color::White),
                black: clock.remaining(Color::Black),
                white_increment: clock::increment(clock, Color::White),
                black_increment: clock::increment(clock, Color::Black),
                moves_to_go: clock.moves_to_go(side),
            },
            (None, Limit::MoveTime(t)) => Go::MoveTime(*t),
            (None, Limit::Nodes(n)) => Go::Nodes(*n),
            (None, Limit::Depth(d)) => Go::Depth(*d),
            (None, Limit::Clock(_)) => unreachable!("a clock game has a clock"),
        };
        let allowed = match &clock {
            Some(clock) => clock.remaining(side),
            None => limit.stall_limit(),
        };
        let engine = &mut engines[index(side)];
        let flag = |game: &Game, why: String| {
            let outcome = game.outcome_on_timeout(side);
            Ruling::from_outcome(outcome, Termination::TimeForfeit, &format!("{why}: "))
        };
        let answer = match engine
            .search(&game, &go, allowed.saturating_add(rules.margin))
            .map_err(Failure::from)
        {
            Ok(answer) => answer,
            Err(Failure::Timeout) => {
                broken[index(side)] = true;
                let why = match limit {
                    Limit::Clock(_) => format!("{}'s flag fell", name(side)),
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
        if let Some(stale) = &answer.stale {
            // UCI: one bestmove per go. A second one, read while no go was
            // outstanding, is no answer to the next: the engine broke the
            // protocol.
            let what = match stale.as_str() {
                "" => "bestmove".to_string(),
                text => format!("bestmove {}", quoted(text)),
            };
            let why = format!(
                "{} sent a second {what} with no go outstanding (one bestmove answers one go)",
                name(side)
            );
            break Ruling::loss(side, Termination::RulesInfraction, why);
        }
        if answer.elapsed > allowed.saturating_add(rules.margin) {
            let why = match limit {
                Limit::Clock(_) => format!(
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
        if let Some(clock) = clock.as_mut() {
            // Lateness within the margin is forgiven: the arbiter gives the
            // time the move took beyond the clock, so the clock shows zero
            // plus the increment (a move at exactly zero is in time).
            if answer.elapsed > allowed {
                clock.give(side, answer.elapsed - allowed);
            }
            if let Err(fall) = clock.press(answer.elapsed) {
                unreachable!("a move within the time left flagged: {fall}");
            }
        }
        comments.push(comment(&answer));
        streaks.record(rules, side, answer.info.score);
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
