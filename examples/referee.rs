//! Runs a match between two UCI engines and rules it by the Laws of Chess,
//! the way cutechess-cli and fastchess run engine matches, with every ruling
//! taken from this crate.
//!
//! ```text
//! cargo run --release --example referee -- [OPTIONS] ENGINE_A ENGINE_B
//!   ENGINE_x           a command that starts a UCI engine ("stockfish",
//!                      "path/to/engine --flag"; split on whitespace)
//!   --games N          games to play (default 2); colours alternate, each opening twice
//!   --tc BASE+INC      clock in seconds, e.g. 10+0.1 (default 10+0.1), or one of:
//!   --movetime MS | --nodes N | --depth N
//!   --openings FILE    FEN/EPD lines or PGN games (their mainlines); --plies N cuts them
//!   --chess960         Chess960 starts (seeded), UCI_Chess960 set, king-takes-rook castling
//!   --seed N           every random choice is seeded (default 1)
//!   --concurrency N    games in parallel (default 1)
//!   --pgn FILE         append every game as PGN
//! ```
//!
//! Rulings: an illegal or unreadable `bestmove`, castling not written as UCI
//! writes it (`e1g1` in standard chess, king-takes-rook `e1h1` in Chess960),
//! or `bestmove (none)`/`0000` while legal moves exist loses ("rules
//! infraction"). The referee keeps the clock from its own measurements
//! (the increment is added after each move made in time); a flag fall loses
//! ("time forfeit"), unless the opponent cannot checkmate (FIDE 6.9: a
//! draw). Under `--movetime` an engine forfeits on time past twice the move
//! time plus one second, under `--nodes` and `--depth` past 60 seconds for a
//! move. An engine whose output closes (a crash) loses ("abandoned"); a
//! crashed or stalled engine is restarted for the next game. Checkmate,
//! stalemate, dead positions, the seventy-five-move rule and fivefold
//! repetition end a game by themselves; threefold repetition and the
//! fifty-move rule are claimed for the engine to move as soon as it may
//! claim. Every wait on an engine has a time limit, and the engines are
//! told to quit, then killed, at the end.

#[path = "referee/arbiter.rs"]
pub mod arbiter;
#[path = "referee/engine.rs"]
pub mod engine;
#[path = "referee/openings.rs"]
pub mod openings;
#[path = "referee/record.rs"]
pub mod record;
#[path = "referee/score.rs"]
pub mod score;

use arbiter::{Limit, Played, Ruling, Termination};
use chess_arbiter::{Color, Game};
use engine::Engine;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The two engine commands, A then B.
    pub engines: [String; 2],
    /// Games to play.
    pub games: u32,
    /// How long engines may think.
    pub limit: Limit,
    /// The openings file.
    pub openings: Option<PathBuf>,
    /// Plies of each opening game to keep.
    pub plies: Option<usize>,
    /// Chess960.
    pub chess960: bool,
    /// Seed of every random choice.
    pub seed: u64,
    /// Games in parallel.
    pub concurrency: usize,
    /// Where to append the PGN.
    pub pgn: Option<PathBuf>,
}

const USAGE: &str = "usage: referee [--games N] [--tc BASE+INC | --movetime MS | --nodes N | --depth N] [--openings FILE [--plies N]] [--chess960] [--seed N] [--concurrency N] [--pgn FILE] ENGINE_A ENGINE_B";

fn number<T: std::str::FromStr>(option: &str, value: Option<&String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{option} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{option}: {value:?} is not a valid number"))
}

fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (0.0..1e9).contains(&s).then(|| Duration::from_secs_f64(s))
}

/// Reads `--tc BASE+INC` (seconds; the increment may be left out).
pub fn read_time_control(text: &str) -> Result<Limit, String> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    match (seconds(base), seconds(increment)) {
        (Some(base), Some(increment)) if !base.is_zero() => Ok(Limit::Clock { base, increment }),
        _ => Err(format!(
            "--tc: {text:?} is not BASE+INC in seconds, like 10+0.1"
        )),
    }
}

impl Config {
    /// Reads the command line (without the program name).
    ///
    /// # Errors
    ///
    /// A message saying which argument is wrong.
    pub fn from_args(args: &[String]) -> Result<Config, String> {
        let mut engines = Vec::new();
        let mut config = Config {
            engines: [String::new(), String::new()],
            games: 2,
            limit: Limit::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100),
            },
            openings: None,
            plies: None,
            chess960: false,
            seed: 1,
            concurrency: 1,
            pgn: None,
        };
        let mut limits = 0;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--games" => config.games = number(arg, args.next())?,
                "--tc" => {
                    let text = args.next().ok_or("--tc needs a value")?;
                    config.limit = read_time_control(text)?;
                    limits += 1;
                }
                "--movetime" => {
                    let ms: u64 = number(arg, args.next())?;
                    if ms == 0 {
                        return Err("--movetime must be at least 1 ms".to_string());
                    }
                    config.limit = Limit::MoveTime(Duration::from_millis(ms));
                    limits += 1;
                }
                "--nodes" => {
                    config.limit = Limit::Nodes(number(arg, args.next())?);
                    limits += 1;
                }
                "--depth" => {
                    config.limit = Limit::Depth(number(arg, args.next())?);
                    limits += 1;
                }
                "--openings" => {
                    config.openings = Some(args.next().ok_or("--openings needs a file")?.into());
                }
                "--plies" => config.plies = Some(number(arg, args.next())?),
                "--chess960" => config.chess960 = true,
                "--seed" => config.seed = number(arg, args.next())?,
                "--concurrency" => {
                    config.concurrency = number(arg, args.next())?;
                    if config.concurrency == 0 {
                        return Err("--concurrency must be at least 1".to_string());
                    }
                }
                "--pgn" => config.pgn = Some(args.next().ok_or("--pgn needs a file")?.into()),
                "-h" | "--help" => return Err(USAGE.to_string()),
                option if option.starts_with("--") => {
                    return Err(format!("unknown option {option}\n{USAGE}"));
                }
                _ => engines.push(arg.clone()),
            }
        }
        if limits > 1 {
            return Err("give one of --tc, --movetime, --nodes, --depth".to_string());
        }
        if engines.len() != 2 || engines.iter().any(|e| e.trim().is_empty()) {
            return Err(format!("give two engine commands\n{USAGE}"));
        }
        config.engines = [engines[0].clone(), engines[1].clone()];
        Ok(config)
    }
}

/// One finished game as the match reports it.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// 1-based game number (the PGN `Round`).
    pub number: u32,
    /// Whether engine A had White.
    pub a_white: bool,
    /// White's and Black's names.
    pub players: [String; 2],
    /// The game and its ruling.
    pub played: Played,
    /// The game as PGN.
    pub pgn: String,
}

impl GameReport {
    /// `game 3: Stockfish 15.1 vs Ethereal 12.00: 1-0 (normal: White wins by checkmate)`.
    pub fn line(&self) -> String {
        let ruling = &self.played.ruling;
        format!(
            "game {}: {} vs {}: {} ({}: {})",
            self.number,
            self.players[0],
            self.players[1],
            ruling.result(),
            ruling.termination.tag(),
            ruling.words
        )
    }
}

/// A whole match.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The games in the order they finished.
    pub games: Vec<GameReport>,
    /// Engine A's score.
    pub score: score::Score,
    /// The engines' names, A then B.
    pub names: [String; 2],
}

/// The start of every game pair.
fn starts(config: &Config) -> Result<Vec<Game>, String> {
    let pairs = config.games.div_ceil(2).max(1) as usize;
    if let Some(path) = &config.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        openings::read(&text, config.plies, config.chess960)
            .map_err(|e| format!("{}: {e}", path.display()))
    } else if config.chess960 {
        Ok(openings::chess960_starts(pairs, config.seed))
    } else {
        Ok(vec![Game::new()])
    }
}

/// Plays game `number` with whatever engines the worker has, restarting
/// those that are gone.
fn play_one(
    config: &Config,
    number: u32,
    start: Game,
    engines: &mut [Option<Engine>; 2],
    names: &[String; 2],
) -> (Played, bool, [String; 2]) {
    let a_white = number % 2 == 1;
    // Colour order: engines[who[0]] plays White.
    let who = if a_white { [0, 1] } else { [1, 0] };
    let mut players = [names[who[0]].clone(), names[who[1]].clone()];
    for (color_index, &e) in who.iter().enumerate() {
        if engines[e].is_none() {
            match Engine::start(&config.engines[e], config.chess960) {
                Ok(engine) => engines[e] = Some(engine),
                Err(why) => {
                    let loser = if color_index == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let ruling = Ruling {
                        winner: Some(!loser),
                        termination: Termination::Abandoned,
                        words: format!(
                            "{} {why}: {} wins",
                            arbiter::name(loser),
                            arbiter::name(!loser)
                        ),
                    };
                    let mut broken = [false, false];
                    broken[color_index] = true;
                    let played = Played {
                        comments: vec![String::new(); start.moves().len()],
                        game: start,
                        ruling,
                        broken,
                    };
                    return (played, a_white, players);
                }
            }
        }
    }
    let [a, b] = engines;
    let (a, b) = (a.as_mut().expect("started"), b.as_mut().expect("started"));
    let pair = if a_white { [a, b] } else { [b, a] };
    players = [pair[0].name().to_string(), pair[1].name().to_string()];
    let played = arbiter::play(start, pair, config.limit);
    for (color_index, &e) in who.iter().enumerate() {
        if played.broken[color_index] {
            if let Some(mut engine) = engines[e].take() {
                engine.kill();
            }
        }
    }
    (played, a_white, players)
}

/// Runs the match `config` describes, writing a line per game and the
/// final score to `out`, and appending each game to the PGN file if asked.
///
/// # Errors
///
/// A message when an engine cannot be started at all, the openings cannot
/// be read, or the PGN file cannot be written.
pub fn run_match(config: &Config, out: &mut dyn Write) -> Result<Summary, String> {
    let starts = Arc::new(starts(config)?);
    // Start both engines once: a wrong command stops the match before it starts.
    let first = [
        Engine::start(&config.engines[0], config.chess960)?,
        Engine::start(&config.engines[1], config.chess960)?,
    ];
    let names = [first[0].name().to_string(), first[1].name().to_string()];
    let mut pgn_file = match &config.pgn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let next = Arc::new(AtomicU32::new(1));
    let (tx, rx) = mpsc::channel();
    let workers = config.concurrency.min(config.games.max(1) as usize);
    let mut first = Some(first);
    let mut handles = Vec::new();
    for _ in 0..workers {
        let (config, starts, next, tx, names) = (
            config.clone(),
            Arc::clone(&starts),
            Arc::clone(&next),
            tx.clone(),
            names.clone(),
        );
        let mut engines: [Option<Engine>; 2] = match first.take() {
            Some([a, b]) => [Some(a), Some(b)],
            None => [None, None],
        };
        handles.push(thread::spawn(move || {
            loop {
                let number = next.fetch_add(1, Ordering::SeqCst);
                if number > config.games {
                    break;
                }
                let start = starts[((number - 1) / 2) as usize % starts.len()].clone();
                let result = play_one(&config, number, start, &mut engines, &names);
                if tx.send((number, result)).is_err() {
                    break;
                }
            }
            for engine in engines.into_iter().flatten() {
                engine.quit();
            }
        }));
    }
    drop(tx);
    if let Some([a, b]) = first {
        a.quit();
        b.quit();
    }
    let mut summary = Summary {
        games: Vec::new(),
        score: score::Score::default(),
        names: names.clone(),
    };
    let mut failure = None;
    for (number, (played, a_white, players)) in rx {
        let pgn = record::pgn(&played, number, &players, config);
        let report = GameReport {
            number,
            a_white,
            players,
            played,
            pgn,
        };
        let _ = writeln!(out, "{}", report.line());
        let a_color = if a_white { Color::White } else { Color::Black };
        match report.played.ruling.winner {
            Some(c) if c == a_color => summary.score.wins += 1,
            Some(_) => summary.score.losses += 1,
            None => summary.score.draws += 1,
        }
        if let Some(file) = pgn_file.as_mut() {
            if let Err(e) = writeln!(file, "{}", report.pgn) {
                failure.get_or_insert(format!("cannot write the PGN file: {e}"));
            }
        }
        summary.games.push(report);
    }
    for handle in handles {
        let _ = handle.join();
    }
    let _ = write!(out, "{}", summary.score.report(&names[0], &names[1]));
    match failure {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Reads the command line and runs the match.
///
/// # Errors
///
/// A message for a bad command line or a match that cannot run.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<Summary, String> {
    run_match(&Config::from_args(args)?, out)
}

#[allow(dead_code)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args, &mut std::io::stdout()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(2)
        }
    }
}
