//! Validates every game of PGN files: each move is played through the Laws
//! of Chess, and a summary says what was read.
//!
//! ```text
//! pgn [--threads N] [--export] [FILE|-]...
//! zstdcat lichess_db_standard_rated_2024-01.pgn.zst | pgn --threads 2 -
//! ```
//!
//! Reads each FILE in turn; `-` (or no FILE at all) is standard input.
//! Prints the number of games and plies, the results, `Termination` tags
//! and errors counted, and every error with its game number, line, column
//! and ply. `--threads N` plays the moves on N worker threads
//! (`Reader::with_threads`: the same games in the same order, memory
//! bounded whatever the input's size); `--export` writes the games read
//! back out in PGN export format on standard output, each as soon as it is
//! read (the summary then goes to standard error). About once a second a progress line on standard
//! error gives bytes, games, MB/s and errors so far. The exit code is 1
//! when any game had an error.
//!
//! `--audit` (with `--threads N`) lists instead the games whose record
//! disagrees with the Laws of Chess: game number, byte offset, the rule
//! that ended the game and the ruled result, then counts by rule (see
//! [`audit`]).

pub mod audit;

use chess_arbiter::pgn::Reader;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Errors kept with their text (the rest are only counted).
const ERRORS_KEPT: usize = 100_000;

/// What the games of an input came to.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub plies: u64,
    pub results: BTreeMap<String, u64>,
    pub terminations: BTreeMap<String, u64>,
    /// Errors counted by kind (`Move`, `Syntax`, `UnterminatedComment`...).
    pub error_kinds: BTreeMap<String, u64>,
    /// `(game, line, column, ply, message)`, numbers from 1 in the input;
    /// the first [`ERRORS_KEPT`].
    pub errors: Vec<(u64, u64, u64, Option<usize>, String)>,
    /// The games in export format, when asked for.
    pub export: String,
}

impl Summary {
    /// Errors in all, kept or not.
    pub fn error_count(&self) -> u64 {
        self.error_kinds.values().sum()
    }
}

/// Counts the bytes read through it, for the progress line.
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Validates a whole input with `threads` workers (0 or 1: in this thread),
/// calling `progress` with the bytes read, games and errors so far after
/// every game.
///
/// # Errors
///
/// An error reading the input.
pub fn run_input(
    input: impl Read + Send,
    threads: usize,
    export: bool,
    progress: impl FnMut(u64, u64, u64),
) -> io::Result<Summary> {
    let mut out = Vec::new();
    let mut s = stream_input(input, threads, export.then_some(&mut out), progress)?;
    s.export = String::from_utf8_lossy(&out).into_owned();
    Ok(s)
}

/// [`run_input`], each game written to `export` in export format as soon as
/// it is read (nothing is held back, so a read error mid-stream keeps what
/// was written).
///
/// # Errors
///
/// An error reading the input or writing the export.
pub fn stream_input(
    input: impl Read + Send,
    threads: usize,
    mut export: Option<&mut dyn Write>,
    mut progress: impl FnMut(u64, u64, u64),
) -> io::Result<Summary> {
    let bytes = Arc::new(AtomicU64::new(0));
    let counting = Counting {
        inner: input,
        bytes: Arc::clone(&bytes),
    };
    let mut s = Summary::default();
    let mut errors = 0;
    // (A game dropped is freed by the worker thread that built it.)
    for item in Reader::with_threads(counting, threads) {
        match item {
            Ok(game) => {
                s.games += 1;
                s.plies += game.game().moves().len() as u64;
                count(&mut s.results, game.result());
                if let Some(t) = game.tag("Termination") {
                    count(&mut s.terminations, t);
                }
                if let Some(out) = export.as_mut() {
                    writeln!(out, "{game}")?;
                }
            }
            Err(e) => {
                if let chess_arbiter::pgn::PgnErrorKind::Io(_) = e.kind() {
                    return Err(io::Error::other(e.to_string()));
                }
                s.games += 1;
                errors += 1;
                let kind = format!("{:?}", e.kind());
                let kind = kind.split([' ', '(', '{']).next().unwrap_or("").to_string();
                *s.error_kinds.entry(kind).or_default() += 1;
                if s.errors.len() < ERRORS_KEPT {
                    let message = e.kind().to_string();
                    s.errors
                        .push((e.game_number(), e.line(), e.column(), e.ply(), message));
                }
            }
        }
        progress(bytes.load(Ordering::Relaxed), s.games, errors);
    }
    Ok(s)
}

/// One more of `key` in `counts`: the key copied only the first time it
/// is seen (the loop taking the games runs on the calling thread, which
/// also cuts the input for the workers: a copy per game would be its
/// work alone).
fn count(counts: &mut BTreeMap<String, u64>, key: &str) {
    match counts.get_mut(key) {
        Some(n) => *n += 1,
        None => {
            counts.insert(key.to_string(), 1);
        }
    }
}

/// The summary as printed.
pub fn report(s: &Summary, name: &str) -> String {
    let mut out = String::new();
    let failed = s.error_count();
    let _ = writeln!(
        out,
        "{name}: {} games ({} read, {failed} with errors), {} plies",
        s.games,
        s.games - failed,
        s.plies
    );
    let list = |m: &BTreeMap<String, u64>| {
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(out, "results: {}", list(&s.results));
    if !s.terminations.is_empty() {
        let _ = writeln!(out, "terminations: {}", list(&s.terminations));
    }
    if !s.error_kinds.is_empty() {
        let _ = writeln!(out, "errors: {}", list(&s.error_kinds));
    }
    for (game, line, column, ply, message) in &s.errors {
        let ply = ply.map_or(String::new(), |p| format!(", ply {p}"));
        let _ = writeln!(
            out,
            "error: game {game}, line {line}, column {column}{ply}: {message}"
        );
    }
    if failed > s.errors.len() as u64 {
        let _ = writeln!(
            out,
            "({} more errors not shown)",
            failed - s.errors.len() as u64
        );
    }
    out
}

/// Parses the arguments: (threads, export, files; `-` is standard input).
///
/// # Errors
///
/// A usage message.
pub fn parse_args(args: &[String]) -> Result<(usize, bool, Vec<String>), String> {
    let (mut threads, mut export, mut files) = (1, false, Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--threads" => {
                let n = it.next().ok_or("--threads needs a number")?;
                threads = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--threads: {n:?} is not a positive number"))?;
            }
            "--export" => export = true,
            "-h" | "--help" => {
                return Err("usage: pgn [--threads N] [--export] [FILE|-]...".into());
            }
            f if f.starts_with("--") => return Err(format!("unknown option {f:?}")),
            f => files.push(f.to_string()),
        }
    }
    Ok((threads, export, files))
}

/// The `pgn` program: reads its arguments (without the program name),
/// validates, exports or audits the files they name.
pub fn main(mut args: Vec<String>) -> ExitCode {
    let audit = take_audit_flag(&mut args);
    let (threads, export, mut files) = match parse_args(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if files.is_empty() {
        files.push("-".into());
    }
    if audit {
        return run_audit(&files, threads);
    }
    let mut failed = false;
    for file in files {
        let name = if file == "-" {
            "<stdin>".into()
        } else {
            file.clone()
        };
        let start = Instant::now();
        let mut last = start;
        let mut shown = false;
        let progress = |bytes: u64, games: u64, errors: u64| {
            // Checking the time every game costs nothing next to reading it.
            let now = Instant::now();
            if now.duration_since(last).as_millis() >= 1000 {
                last = now;
                shown = true;
                let secs = now.duration_since(start).as_secs_f64().max(1e-9);
                eprint!(
                    "\r{name}: {:.1} MB, {games} games, {:.1} MB/s, {errors} errors   ",
                    bytes as f64 / 1e6,
                    bytes as f64 / 1e6 / secs,
                );
            }
        };
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let sink = export.then_some(&mut out as &mut dyn Write);
        let result = open(&file).and_then(|r| stream_input(r, threads, sink, progress));
        let flushed = out.flush();
        drop(out);
        if shown {
            eprintln!();
        }
        match result {
            Ok(summary) => {
                let text = report(&summary, &name);
                if export {
                    if let Err(e) = flushed {
                        eprintln!("{name}: writing the export: {e}");
                        failed = true;
                    }
                    eprint!("{text}");
                } else {
                    print!("{text}");
                }
                let secs = start.elapsed().as_secs_f64();
                eprintln!("{name}: {secs:.2} s");
                failed |= summary.error_count() > 0;
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
            }
        }
    }
    // Status 1 when any input failed, 0 (success) otherwise.
    ExitCode::from(u8::from(failed))
}

/// An input named on the command line: `-` is standard input.
fn open(file: &str) -> io::Result<Box<dyn Read + Send>> {
    if file == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(std::fs::File::open(file)?))
    }
}

/// Removes `--audit` from the arguments: whether it was there.
fn take_audit_flag(args: &mut Vec<String>) -> bool {
    let before = args.len();
    args.retain(|a| a != "--audit");
    args.len() != before
}

/// `--audit`: the disagreeing games of each input, then counts by rule.
fn run_audit(files: &[String], threads: usize) -> ExitCode {
    let mut failed = false;
    for file in files {
        let start = Instant::now();
        let name = if file == "-" { "<stdin>" } else { file };
        let result = open(file).and_then(|r| audit::audit_input(r, threads));
        match result {
            Ok(a) => {
                print!("{}", audit::audit_report(&a, name));
                eprintln!("{name}: {:.2} s", start.elapsed().as_secs_f64());
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
            }
        }
    }
    // Status 1 when any input failed, 0 (success) otherwise.
    ExitCode::from(u8::from(failed))
}
