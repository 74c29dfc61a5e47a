//! Runs a match between two UCI engines and rules it by the Laws of Chess,
//! the way cutechess-cli and fastchess run engine matches, with every ruling
//! taken from this crate. `referee --help` lists the options (they are in
//! [`cli`]).
//!
//! ```text
//! referee [OPTIONS] ENGINE_A [name=N] [option.X=V ...] ENGINE_B [...]
//! ```
//!
//! Rulings: an illegal or unreadable `bestmove`, castling not written as UCI
//! writes it (`e1g1` in standard chess, king-takes-rook `e1h1` in Chess960),
//! or `bestmove (none)`/`0000` while legal moves exist loses ("rules
//! infraction"). The referee keeps the clock from its own measurements
//! (the increment is added after each move made in time, lateness within
//! `--timemargin` forgiven); a flag fall loses ("time forfeit"), unless the
//! opponent cannot checkmate (FIDE 6.9: a draw). Under `--movetime` an
//! engine forfeits on time past twice the move time plus one second, under
//! `--nodes` and `--depth` past 60 seconds for a move. An engine whose
//! process exits or whose output closes loses at once ("abandoned"); a
//! crashed or stalled engine is restarted for the next game. Checkmate,
//! stalemate, dead positions, the seventy-five-move rule and fivefold
//! repetition end a game by themselves; threefold repetition and the
//! fifty-move rule are claimed for the engine to move as soon as it may
//! claim; only then do `--resign`, `--draw` and `--maxmoves` adjudicate
//! ("adjudication"). Every wait on an engine has a time limit; each engine
//! runs in its own process group, killed when the referee is done with it,
//! or when the referee gets SIGHUP, SIGINT or SIGTERM (it then exits with
//! 129, 130 or 143). A `bestmove` sent with no `go` outstanding (a second answer to one
//! `go`) loses ("rules infraction"). `--games`, `--movetime`, `--nodes` and
//! `--depth` are at least 1.

pub mod arbiter;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod openings;
pub mod record;
pub mod score;
pub mod stats;

use arbiter::{Played, Ruling, Termination};
use chess_arbiter::{Color, Game};
pub use cli::{Config, Request};
use engine::Engine;
use stats::{Pentanomial, Sprt, Verdict};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Duration;

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
    /// The games in round order.
    pub games: Vec<GameReport>,
    /// Engine A's score.
    pub score: score::Score,
    /// The engines' names, A then B.
    pub names: [String; 2],
    /// Engine A's results by game pair.
    pub pairs: Pentanomial,
    /// The SPRT's verdict, the pair count and the LLR when it was reached.
    pub sprt: Option<(Verdict, u32, f64)>,
    /// The most output ever held for one engine, in bytes (bounded by
    /// [`engine::BUFFER_LIMIT`] plus one line).
    pub peak_buffered: usize,
}

/// The start of every game pair, in the order they are played; a line of
/// the openings file passed over is written to `out`.
fn starts(config: &Config, out: &mut dyn Write) -> Result<Vec<Game>, String> {
    let pairs = config.games.div_ceil(2).max(1) as usize;
    let mut games = if let Some(path) = &config.openings {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let read = openings::read_bytes(&bytes, config.plies, config.chess960)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for line in &read.skipped {
            let _ = writeln!(out, "{}: {line}", path.display());
        }
        read.games
    } else if config.chess960 {
        return Ok(openings::chess960_starts(pairs, config.seed));
    } else {
        vec![Game::new()]
    };
    if config.order == cli::Order::Random {
        openings::shuffle(&mut games, config.seed);
    }
    Ok(games)
}

/// The name engine `e` goes by: its `name=`, else its `id name`.
fn engine_name(config: &Config, e: usize, engine: &Engine) -> String {
    config.engines[e]
        .name
        .clone()
        .unwrap_or_else(|| engine.name().to_string())
}

/// Starts engine `e` of the match.
fn start_engine(config: &Config, e: usize) -> Result<Engine, String> {
    let spec = &config.engines[e];
    engine::start(&spec.command, config.chess960, &spec.options)
}

/// Plays game `number` with whatever engines the worker has, restarting
/// those that are gone.
fn play_one(
    config: &Config,
    number: u32,
    start: Game,
    engines: &mut [Option<Engine>; 2],
    names: &[String; 2],
    peak: &AtomicUsize,
) -> (Played, bool, [String; 2]) {
    let a_white = number % 2 == 1;
    // Colour order: engines[who[0]] plays White.
    let who = if a_white { [0, 1] } else { [1, 0] };
    let players = [names[who[0]].clone(), names[who[1]].clone()];
    for (color_index, &e) in who.iter().enumerate() {
        if engines[e].is_none() {
            match start_engine(config, e) {
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
    let played = arbiter::play(start, pair, &config.rules);
    for engine in engines.iter().flatten() {
        peak.fetch_max(engine.peak_buffered(), Ordering::SeqCst);
    }
    for (color_index, &e) in who.iter().enumerate() {
        if played.broken[color_index] {
            if let Some(mut engine) = engines[e].take() {
                engine.kill();
            }
        }
    }
    (played, a_white, players)
}

/// Engine A's half-points in a game: 2, 1 or 0.
fn half_points(report: &GameReport) -> stats::HalfPoints {
    let a_color = if report.a_white {
        Color::White
    } else {
        Color::Black
    };
    match report.played.ruling.winner {
        Some(c) if c == a_color => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// What a worker sends back: the game number and how it went.
type Finished = (u32, (Played, bool, [String; 2]));

/// Runs the match `config` describes, writing a progress line per finished
/// game, the statistics after each game pair and the final score to `out`,
/// and appending each game to the PGN file (in round order) if asked.
///
/// # Errors
///
/// A message when an engine cannot be started at all, the openings cannot
/// be read, or the PGN file cannot be written.
pub fn run_match(config: &Config, out: &mut dyn Write) -> Result<Summary, String> {
    let starts = Arc::new(starts(config, out)?);
    // Start both engines once: a wrong command stops the match before it starts.
    let first = [start_engine(config, 0)?, start_engine(config, 1)?];
    let names = [
        engine_name(config, 0, &first[0]),
        engine_name(config, 1, &first[1]),
    ];
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
    // The last game number to play: none until an SPRT stops the match,
    // then the games that may already be under way (two per worker beyond
    // the record at the stop).
    let last = Arc::new(AtomicU32::new(u32::MAX));
    let peak = Arc::new(AtomicUsize::new(0));
    let recorded = Arc::new(AtomicU32::new(0));
    let ahead = 2 * config.concurrency as u32;
    let (tx, rx) = mpsc::channel::<Finished>();
    let workers = config.concurrency.min(config.games.max(1) as usize);
    let mut first = Some(first);
    let mut handles = Vec::new();
    for _ in 0..workers {
        let recorded = Arc::clone(&recorded);
        let (config, starts, next, last, tx, names, peak) = (
            config.clone(),
            Arc::clone(&starts),
            Arc::clone(&next),
            Arc::clone(&last),
            tx.clone(),
            names.clone(),
            Arc::clone(&peak),
        );
        let mut engines: [Option<Engine>; 2] = match first.take() {
            Some([a, b]) => [Some(a), Some(b)],
            None => [None, None],
        };
        handles.push(thread::spawn(move || {
            'games: loop {
                let number = next.fetch_add(1, Ordering::SeqCst);
                if number > config.games.min(last.load(Ordering::SeqCst)) {
                    break;
                }
                // Keep within two games per worker of the record, so that
                // an SPRT that stops leaves few games in flight. The stop
                // fixes `last` before the record grows again, so a game
                // beyond it is never started and every game up to it is
                // played (the record has no gaps).
                while number > recorded.load(Ordering::SeqCst) + ahead {
                    if number > last.load(Ordering::SeqCst) {
                        break 'games;
                    }
                    thread::sleep(Duration::from_millis(1));
                }
                if number > last.load(Ordering::SeqCst) {
                    break;
                }
                let start = starts[((number - 1) / 2) as usize % starts.len()].clone();
                let result = play_one(&config, number, start, &mut engines, &names, &peak);
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
        pairs: Pentanomial::default(),
        sprt: None,
        peak_buffered: 0,
    };
    let mut failure = None;
    let mut waiting = BTreeMap::new();
    let mut finished = 0;
    for (number, (played, a_white, players)) in rx {
        let pgn = record::pgn(&played, number, &players, config);
        let report = GameReport {
            number,
            a_white,
            players,
            played,
            pgn,
        };
        finished += 1;
        let _ = writeln!(out, "{} [{finished} finished]", report.line());
        match half_points(&report) {
            2 => summary.score.wins += 1,
            0 => summary.score.losses += 1,
            _ => summary.score.draws += 1,
        }
        waiting.insert(number, report);
        // Record the games in round order, and each pair once complete.
        while let Some(report) = waiting.remove(&(summary.games.len() as u32 + 1)) {
            if let Some(file) = pgn_file.as_mut() {
                if let Err(e) = writeln!(file, "{}", report.pgn) {
                    failure.get_or_insert(format!("cannot write the PGN file: {e}"));
                }
            }
            summary.games.push(report);
            recorded.store(summary.games.len() as u32, Ordering::SeqCst);
            if summary.games.len() % 2 == 0 {
                let [first, second] = &summary.games[summary.games.len() - 2..] else {
                    unreachable!("two games")
                };
                summary.pairs.add(half_points(first), half_points(second));
                let pair = summary.games.len() / 2;
                let _ = write!(
                    out,
                    "pair {pair} (games {}, {}): {} scored {} of 2\n{}",
                    2 * pair - 1,
                    2 * pair,
                    names[0],
                    f64::from(half_points(first) + half_points(second)) / 2.0,
                    summary.pairs.report()
                );
                if let Some(sprt) = &config.sprt {
                    report_sprt(sprt, &mut summary, out, &last, ahead);
                }
            }
        }
    }
    for handle in handles {
        let _ = handle.join();
    }
    summary.peak_buffered = peak.load(Ordering::SeqCst);
    let _ = write!(out, "{}", summary.score.score_lines(&names[0], &names[1]));
    // The Elo of the game pairs only: a game without its pair (one colour
    // of an opening) says nothing about the engines' difference.
    let _ = write!(out, "{}", summary.pairs.report());
    if summary.games.len() % 2 == 1 {
        let _ = writeln!(out, "1 game without its pair is not in the pair counts");
    }
    if let Some(sprt) = &config.sprt {
        let llr = sprt.llr(&summary.pairs);
        let _ = writeln!(
            out,
            "SPRT over {} pairs: {}",
            summary.pairs.pairs(),
            sprt.line(&summary.pairs)
        );
        let _ = match summary.sprt {
            Some((Verdict::H1, pair, at)) => {
                writeln!(out, "SPRT: H1 accepted at pair {pair} (LLR {at:.2})")
            }
            Some((_, pair, at)) => writeln!(out, "SPRT: H0 accepted at pair {pair} (LLR {at:.2})"),
            None => writeln!(
                out,
                "SPRT: no bound reached (LLR {llr:.2}) in {} games",
                summary.games.len()
            ),
        };
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// The SPRT's line after a pair, and the match's stop at a bound.
fn report_sprt(
    sprt: &Sprt,
    summary: &mut Summary,
    out: &mut dyn Write,
    last: &AtomicU32,
    ahead: u32,
) {
    let llr = sprt.llr(&summary.pairs);
    let _ = writeln!(out, "SPRT: {}", sprt.line(&summary.pairs));
    let verdict = sprt.verdict(llr);
    if verdict != Verdict::Continue && summary.sprt.is_none() {
        summary.sprt = Some((verdict, summary.pairs.pairs(), llr));
        // Called before the record grows past this pair: no game beyond
        // `last` has been allowed to start.
        last.store(summary.games.len() as u32 + ahead, Ordering::SeqCst);
        let which = if verdict == Verdict::H1 { "H1" } else { "H0" };
        let _ = writeln!(out, "SPRT: {which} accepted: the match stops");
    }
}

/// Reads the command line and runs the match; `--help` writes the help.
///
/// # Errors
///
/// A message for a bad command line or a match that cannot run.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<Option<Summary>, String> {
    match cli::parse(args)? {
        Request::Help => {
            let _ = write!(out, "{}", cli::HELP);
            Ok(None)
        }
        Request::Match(config) => run_match(&config, out).map(Some),
    }
}
