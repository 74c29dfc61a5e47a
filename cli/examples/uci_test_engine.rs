//! A small UCI engine for testing referees: it plays seeded random legal
//! moves (a mating move when it has one, a capture when it can), and can be
//! told to misbehave.
//!
//! ```text
//! cargo run -p chess-arbiter-cli --example uci_test_engine -- [--seed N] [--name NAME] [--repeat]
//!                                                             [--fault KIND] [--at PLY]
//!                                                             [--linger] [--pid-dir DIR]
//! ```
//!
//! `--fault` makes the engine break the rules on its first move at or after
//! game ply `--at` (default 0, counting the plies of the `position` command):
//!
//! - `illegal`: a well-formed move that is not legal (`a1a1`-like: a move of
//!   an empty square or onto an own piece);
//! - `garbage`: an unreadable move (`xyzzy`);
//! - `none`: `bestmove (none)`; `null`: `bestmove 0000`;
//! - `crash`: exits at once without answering;
//! - `stall`: never answers (it still reads its input);
//! - `slow`: answers a legal move after the time on its clock (plus 200 ms)
//!   has run out, or after `--slow-ms` milliseconds (default 1500) without a clock;
//! - `castling`: plays castling as soon as it can, written the wrong way
//!   (king-takes-rook `e1h1` in standard chess, the king's destination `e1g1`
//!   in Chess960); plays normally until then;
//! - `fork`: starts a copy of itself that holds its output open (and writes
//!   its process id to `--pidfile FILE`), then exits without answering;
//! - `chatty`: before each answer prints 20,000 `info` lines and after it
//!   4 MB more (while its opponent thinks); the last `info` before the
//!   `bestmove` says `depth 9 score cp 42`;
//! - `control`: its `id name` and `info string` lines carry NUL, escape, bell
//!   and DEL characters (from the start), and at ply `--at` it answers a move
//!   with control characters in it;
//! - `twice`: answers one `go` with two `bestmove` lines, the second naming
//!   another legal move of the same position (a stale answer for the next
//!   `go` to find).
//!
//! `--linger` makes the engine outlive its input: at the end of input it
//! sleeps two minutes instead of exiting (only `quit` or a signal ends it),
//! and it starts a child (`--hold`) that does the same, so a referee must
//! kill its process group. `--pid-dir DIR` makes the engine and every child
//! it starts write a file named after its process id into `DIR`.
//! `--ignore-signals` makes the engine and that child catch and ignore
//! SIGHUP, SIGINT and SIGTERM.
//!
//! `--think-ms MS` waits that long before each answer.
//! `--score CP` reports that score for every move instead of a random one.
//! `--expect NAME=VALUE` (repeatable) makes the engine answer an unreadable
//! move unless `setoption name NAME value VALUE` came before `go`; it
//! declares the options `Hash`, `Threads` and `Move Overhead`.
//!
//! `--castle` castles whenever it can (written as UCI writes it), and
//! `--stalemate` stalemates whenever it can.
//! `--repeat` plays back its own previous move whenever it can, so that
//! positions repeat (threefold repetition tests). Every move choice comes
//! from a xorshift generator seeded by `--seed`, so a game can be replayed.

use chess_arbiter::{CastlingMode, Game, Move, Position};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// What the engine does wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A well-formed illegal move.
    Illegal,
    /// An unreadable move.
    Garbage,
    /// `bestmove (none)`.
    NoMove,
    /// `bestmove 0000`.
    NullMove,
    /// Exit without answering.
    Crash,
    /// Never answer.
    Stall,
    /// Answer after the clock has run out.
    Slow,
    /// Castling in the wrong notation.
    Castling,
    /// Leave a child holding the output, and exit.
    Fork,
    /// Print far more than anyone reads.
    Chatty,
    /// Control characters in what it prints.
    Control,
    /// Two `bestmove` lines for one `go`.
    Twice,
}

impl Fault {
    fn parse(text: &str) -> Option<Fault> {
        Some(match text {
            "illegal" => Fault::Illegal,
            "garbage" => Fault::Garbage,
            "none" => Fault::NoMove,
            "null" => Fault::NullMove,
            "crash" => Fault::Crash,
            "stall" => Fault::Stall,
            "slow" => Fault::Slow,
            "castling" => Fault::Castling,
            "fork" => Fault::Fork,
            "chatty" => Fault::Chatty,
            "control" => Fault::Control,
            "twice" => Fault::Twice,
            _ => return None,
        })
    }
}

/// The engine's settings.
#[derive(Debug, Clone)]
pub struct Settings {
    seed: u64,
    name: String,
    fault: Option<Fault>,
    at: usize,
    repeat: bool,
    castle: bool,
    stalemate: bool,
    slow_ms: u64,
    score: Option<i64>,
    expect: Vec<(String, String)>,
    pidfile: Option<String>,
    hold: Option<u64>,
    think_ms: u64,
    linger: bool,
    pid_dir: Option<String>,
    ignore_signals: bool,
}

fn parse_args(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        seed: 1,
        name: "uci test engine".to_string(),
        fault: None,
        at: 0,
        repeat: false,
        castle: false,
        stalemate: false,
        slow_ms: 1500,
        score: None,
        expect: Vec::new(),
        pidfile: None,
        hold: None,
        think_ms: 0,
        linger: false,
        pid_dir: None,
        ignore_signals: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--seed" => settings.seed = value()?.parse().map_err(|_| "bad --seed")?,
            "--name" => settings.name = value()?.replace('_', " "),
            "--fault" => {
                let v = value()?;
                settings.fault = Some(Fault::parse(v).ok_or(format!("unknown fault {v}"))?);
            }
            "--at" => settings.at = value()?.parse().map_err(|_| "bad --at")?,
            "--slow-ms" => settings.slow_ms = value()?.parse().map_err(|_| "bad --slow-ms")?,
            "--score" => settings.score = Some(value()?.parse().map_err(|_| "bad --score")?),
            "--expect" => {
                let v = value()?;
                let (name, value) = v.split_once('=').ok_or("--expect NAME=VALUE")?;
                settings.expect.push((name.to_string(), value.to_string()));
            }
            "--pidfile" => settings.pidfile = Some(value()?.clone()),
            "--think-ms" => settings.think_ms = value()?.parse().map_err(|_| "bad --think-ms")?,
            "--hold" => settings.hold = Some(value()?.parse().map_err(|_| "bad --hold")?),
            "--repeat" => settings.repeat = true,
            "--castle" => settings.castle = true,
            "--stalemate" => settings.stalemate = true,
            "--linger" => settings.linger = true,
            "--pid-dir" => settings.pid_dir = Some(value()?.clone()),
            "--ignore-signals" => settings.ignore_signals = true,
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(settings)
}

/// xorshift64* (Vigna).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// Reads `position startpos|fen FEN [moves ...]` into a game.
fn read_position(line: &str, chess960: bool) -> Option<Game> {
    let rest = line.strip_prefix("position")?.trim();
    let (start, moves) = match rest.split_once("moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (rest, ""),
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let pos = if start == "startpos" {
        Position::from_fen_with_mode(&Position::new().fen(), mode).ok()?
    } else {
        Position::from_fen_with_mode(start.strip_prefix("fen")?.trim(), mode).ok()?
    };
    let mut game = Game::from_position(pos);
    for m in moves.split_whitespace() {
        game.play_uci(m).ok()?;
    }
    Some(game)
}

/// Chooses a move: (with `--stalemate`) a stalemating move, else a mate,
/// else (with `--castle`) castling, else (with `--repeat`) the reverse of its
/// own last move or a quiet piece move, else a capture, else any; ties
/// broken by the generator.
fn choose(game: &Game, rng: &mut Rng, settings: &Settings) -> Option<Move> {
    let pos = game.position();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let repeat = settings.repeat;
    if settings.stalemate {
        let stalemates: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                p.is_stalemate()
            })
            .collect();
        if !stalemates.is_empty() {
            return Some(stalemates[rng.below(stalemates.len())]);
        }
    }
    if settings.castle {
        if let Some(m) = moves.iter().copied().find(|m| m.is_castle()) {
            return Some(m);
        }
    }
    let mates: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            p.is_checkmate()
        })
        .collect();
    if !mates.is_empty() {
        return Some(mates[rng.below(mates.len())]);
    }
    if repeat {
        let played = game.moves();
        if played.len() >= 2 {
            let last = played[played.len() - 2];
            if let Some(&back) = moves
                .iter()
                .find(|m| m.from() == last.to() && m.to() == last.from() && !m.is_castle())
            {
                return Some(back);
            }
        }
        let quiet: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.piece_at(m.from())
                    .is_some_and(|p| p.role != chess_arbiter::Role::Pawn)
                    && pos.piece_at(m.to()).is_none()
            })
            .collect();
        if !quiet.is_empty() {
            return Some(quiet[rng.below(quiet.len())]);
        }
    }
    let captures: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.piece_at(m.to()).is_some_and(|p| p.color != pos.turn()))
        .collect();
    if !captures.is_empty() {
        return Some(captures[rng.below(captures.len())]);
    }
    Some(moves[rng.below(moves.len())])
}

/// A castling move written the wrong way, if castling is legal: one whose
/// wrong form is not also some other legal move (in Chess960 the king's
/// destination may be an ordinary king step).
fn wrong_castling(pos: &Position) -> Option<String> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.is_castle())
        .find_map(|m| {
            let right = pos.uci(m);
            let king_takes_rook = format!("{}{}", m.from(), m.to());
            let destination = format!("{}{}", m.from(), m.king_destination());
            let wrong = if right.as_str() == king_takes_rook {
                destination
            } else {
                king_takes_rook
            };
            match pos.parse_uci(&wrong) {
                Ok(other) if pos.uci(other).as_str() == wrong => None,
                _ => Some(wrong),
            }
        })
}

/// A well-formed move that is not legal: a move from an empty square.
fn illegal_move(pos: &Position) -> String {
    let empty = (!pos.occupied())
        .into_iter()
        .next()
        .expect("a board has empty squares");
    let target = (!pos.occupied())
        .into_iter()
        .nth(1)
        .expect("a board has two empty squares");
    format!("{empty}{target}")
}

fn remaining_ms(go: &str, white: bool) -> Option<u64> {
    let mut words = go.split_whitespace();
    let key = if white { "wtime" } else { "btime" };
    while let Some(w) = words.next() {
        if w == key {
            return words.next()?.parse().ok();
        }
    }
    None
}

/// Runs the engine on `input`, answering on `output`; returns the exit code.
pub fn run(args: &[String], input: impl BufRead, mut output: impl Write) -> u8 {
    let settings = match parse_args(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("uci_test_engine: {e}");
            return 2;
        }
    };
    if settings.ignore_signals {
        ignore_signals();
    }
    if let Some(dir) = &settings.pid_dir {
        let id = std::process::id().to_string();
        let _ = std::fs::write(std::path::Path::new(dir).join(&id), &id);
    }
    if settings.linger && settings.hold.is_none() {
        // A child in the engine's process group that outlives it too.
        let mut child =
            std::process::Command::new(std::env::current_exe().expect("the engine has a path"));
        child.args(["--hold", "120"]);
        if let Some(dir) = &settings.pid_dir {
            child.args(["--pid-dir", dir]);
        }
        if settings.ignore_signals {
            child.arg("--ignore-signals");
        }
        let _ = child
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn();
    }
    if let Some(seconds) = settings.hold {
        // The child of `--fault fork`: hold the inherited output, say nothing.
        if let Some(path) = &settings.pidfile {
            let _ = std::fs::write(path, std::process::id().to_string());
        }
        std::thread::sleep(Duration::from_secs(seconds));
        return 0;
    }
    let mut rng = Rng(settings.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut chess960 = false;
    let mut options: Vec<(String, String)> = Vec::new();
    let control = settings.fault == Some(Fault::Control);
    let mut game = Game::new();
    let say = |output: &mut dyn Write, text: &str| {
        let _ = writeln!(output, "{text}");
        let _ = output.flush();
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let command = line.split_whitespace().next().unwrap_or("");
        match command {
            "uci" => {
                if control {
                    say(
                        &mut output,
                        &format!("id name {}\0\x1b[31m\x07name\x7f", settings.name),
                    );
                } else {
                    say(&mut output, &format!("id name {}", settings.name));
                }
                say(&mut output, "id author the chess-arbiter project");
                say(
                    &mut output,
                    "option name UCI_Chess960 type check default false",
                );
                say(
                    &mut output,
                    "option name Hash type spin default 16 min 1 max 4096",
                );
                say(
                    &mut output,
                    "option name Threads type spin default 1 min 1 max 64",
                );
                say(
                    &mut output,
                    "option name Move Overhead type spin default 10 min 0 max 5000",
                );
                say(&mut output, "uciok");
            }
            "isready" => say(&mut output, "readyok"),
            "setoption" if line.contains("UCI_Chess960") => chess960 = line.ends_with("true"),
            "setoption" => {
                let rest = line.strip_prefix("setoption name ").unwrap_or("");
                if let Some((name, value)) = rest.split_once(" value ") {
                    options.retain(|(n, _)| n != name.trim());
                    options.push((name.trim().to_string(), value.trim().to_string()));
                }
            }
            "ucinewgame" => {}
            "position" => {
                if let Some(g) = read_position(line, chess960) {
                    game = g;
                }
            }
            "go" => {
                std::thread::sleep(Duration::from_millis(settings.think_ms));
                let ply = game.moves().len();
                let fault = settings.fault.filter(|_| ply >= settings.at);
                let pos = game.position().clone();
                let chosen = choose(&game, &mut rng, &settings);
                let text = chosen.map_or("(none)".to_string(), |m| pos.uci(m).to_string());
                let random = rng.below(61) as i64 - 30;
                let score = settings.score.unwrap_or(random);
                if control {
                    say(&mut output, "info string \0\x1b[2J\x07 beep\x7f");
                }
                if fault == Some(Fault::Chatty) {
                    let mut lines = String::new();
                    for i in 0..20_000 {
                        lines.push_str(&format!(
                            "info depth 1 seldepth {i} score cp -1 nodes {i}\n"
                        ));
                    }
                    let _ = output.write_all(lines.as_bytes());
                    say(
                        &mut output,
                        &format!("info depth 9 score cp 42 nodes 1 pv {text}"),
                    );
                } else {
                    say(
                        &mut output,
                        &format!("info depth 1 score cp {score} nodes 1 pv {text}"),
                    );
                }
                let missing = settings
                    .expect
                    .iter()
                    .any(|(name, value)| !options.iter().any(|(n, v)| n == name && v == value));
                let answer = match fault {
                    Some(Fault::Illegal) => illegal_move(&pos),
                    Some(Fault::Garbage) => "xyzzy".to_string(),
                    Some(Fault::NoMove) => "(none)".to_string(),
                    Some(Fault::NullMove) => "0000".to_string(),
                    Some(Fault::Crash) => return 3,
                    Some(Fault::Stall) => continue,
                    Some(Fault::Slow) => {
                        let wait = remaining_ms(line, pos.turn() == chess_arbiter::Color::White)
                            .map_or(settings.slow_ms, |ms| ms + 200);
                        std::thread::sleep(Duration::from_millis(wait));
                        text
                    }
                    Some(Fault::Castling) => wrong_castling(&pos).unwrap_or(text),
                    Some(Fault::Fork) => {
                        let mut child = std::process::Command::new(
                            std::env::current_exe().expect("the engine has a path"),
                        );
                        child.args(["--hold", "120"]);
                        if let Some(path) = &settings.pidfile {
                            child.args(["--pidfile", path]);
                        }
                        // The child inherits the output and holds it open.
                        let _ = child.stdin(std::process::Stdio::null()).spawn();
                        // Wait until it has written its pid (or 5 s) before going.
                        for _ in 0..500 {
                            let written = settings.pidfile.as_ref().is_none_or(|path| {
                                std::fs::read_to_string(path).is_ok_and(|t| !t.trim().is_empty())
                            });
                            if written {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(10));
                        }
                        return 4;
                    }
                    Some(Fault::Control) => "e2\x01e4\0}".to_string(),
                    Some(Fault::Chatty | Fault::Twice) | None => text,
                };
                let answer = if missing {
                    "missing-option".to_string()
                } else {
                    answer
                };
                say(&mut output, &format!("bestmove {answer}"));
                if fault == Some(Fault::Twice) {
                    let other = pos
                        .legal_moves()
                        .into_iter()
                        .map(|m| pos.uci(m).to_string())
                        .find(|m| *m != answer)
                        .unwrap_or_else(|| answer.clone());
                    say(&mut output, &format!("bestmove {other}"));
                }
                if fault == Some(Fault::Chatty) {
                    let line =
                        "info depth 1 score cp -1 nodes 1 string after the move\n".repeat(1000);
                    for _ in 0..(4_000_000 / line.len()) {
                        let _ = output.write_all(line.as_bytes());
                    }
                    let _ = output.flush();
                }
            }
            "quit" => return 0,
            _ => {}
        }
    }
    if settings.linger {
        // Deaf to the closed input: only a signal ends it now.
        std::thread::sleep(Duration::from_secs(120));
    }
    0
}

#[allow(dead_code)]
/// Catches SIGHUP, SIGINT and SIGTERM and does nothing with them: only
/// SIGKILL ends the engine.
#[cfg(unix)]
fn ignore_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let caught = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in [SIGHUP, SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register(signal, std::sync::Arc::clone(&caught));
    }
}

#[cfg(not(unix))]
fn ignore_signals() {}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdin = std::io::stdin();
    ExitCode::from(run(&args, stdin.lock(), std::io::stdout()))
}
