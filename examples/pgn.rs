//! Validates every game of PGN files: each move is played through the Laws
//! of Chess, and a summary says what was read.
//!
//! ```text
//! cargo run --release --example pgn -- [--threads N] [--export] [FILE...]
//! ```
//!
//! Reads each FILE in turn, or standard input without one. Prints the
//! number of games and plies, the results and `Termination` tags counted,
//! and every error with its game number, line, column and ply. `--threads
//! N` validates with N worker threads (the input is cut into chunks of
//! whole games on one thread); `--export` writes the games read back out in
//! PGN export format on standard output (the summary then goes to standard
//! error). Big inputs show a progress line on standard error. The exit code
//! is 1 when any game had an error.

use chess_arbiter::pgn::Reader;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Instant;

/// What the games of a chunk (or of everything) came to.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub plies: u64,
    /// Lines before the next chunk, while chunks are absorbed (0 at the end).
    pub lines: u64,
    pub results: BTreeMap<String, u64>,
    pub terminations: BTreeMap<String, u64>,
    /// `(game, line, column, ply, message)`, numbers from 1 in the input.
    pub errors: Vec<(u64, u64, u64, Option<usize>, String)>,
    /// The games in export format, when asked for.
    pub export: String,
}

impl Summary {
    /// Adds a later chunk's summary, renumbering its games and lines.
    pub fn absorb(&mut self, other: Summary) {
        for (game, line, column, ply, message) in other.errors {
            self.errors
                .push((game + self.games, line + self.lines, column, ply, message));
        }
        self.games += other.games;
        self.plies += other.plies;
        self.lines += other.lines;
        for (k, v) in other.results {
            *self.results.entry(k).or_default() += v;
        }
        for (k, v) in other.terminations {
            *self.terminations.entry(k).or_default() += v;
        }
        self.export.push_str(&other.export);
    }
}

/// Reads and validates the games of one chunk of whole games.
pub fn validate(chunk: &[u8], export: bool) -> Summary {
    let mut s = tally(Reader::new(chunk), export, |_| {});
    s.lines = chunk.iter().filter(|&&b| b == b'\n').count() as u64;
    // Numbers in `errors` are relative to the chunk; absorb() shifts them.
    for error in &mut s.errors {
        error.1 -= 1;
    }
    s
}

/// Counts what the reader reads; `each` sees the games counted so far.
fn tally<R: Read>(reader: Reader<R>, export: bool, mut each: impl FnMut(u64)) -> Summary {
    let mut s = Summary::default();
    for item in reader {
        s.games += 1;
        match item {
            Ok(game) => {
                s.plies += game.game().moves().len() as u64;
                *s.results.entry(game.result().to_string()).or_default() += 1;
                if let Some(t) = game.tag("Termination") {
                    *s.terminations.entry(t.to_string()).or_default() += 1;
                }
                if export {
                    let _ = writeln!(s.export, "{game}");
                }
            }
            Err(e) => {
                let message = e.kind().to_string();
                s.errors
                    .push((e.game_number(), e.line(), e.column(), e.ply(), message));
            }
        }
        each(s.games);
    }
    s
}

/// Counts the bytes read through it.
struct CountingShared<'a, R> {
    inner: R,
    bytes: &'a std::cell::Cell<u64>,
}

impl<R: Read> Read for CountingShared<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.set(self.bytes.get() + n as u64);
        Ok(n)
    }
}

/// Where the next chunk may start: a tag line after an empty line (and not
/// a tag line before that), at or after `from`; `None` if there is none.
pub fn game_boundary(data: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(k) = data[at..].windows(2).position(|w| w == b"\n[") {
        let start = at + k + 1;
        let before = &data[..at + k];
        let blank_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let blank = data[blank_start..start - 1]
            .iter()
            .all(|b| b.is_ascii_whitespace());
        let prev_start = data[..blank_start.saturating_sub(1)]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        if blank && blank_start > 0 && data.get(prev_start) != Some(&b'[') {
            return Some(start);
        }
        at = start;
    }
    None
}

const CHUNK: usize = 1 << 20;

/// Validates a whole input with `threads` workers (0 or 1: in this thread),
/// calling `progress` with the bytes read so far.
pub fn run_input(
    mut input: impl Read,
    threads: usize,
    export: bool,
    mut progress: impl FnMut(u64, u64),
) -> io::Result<Summary> {
    if threads <= 1 {
        // One thread: stream straight through the reader.
        let counter = std::cell::Cell::new(0u64);
        let counting = CountingShared {
            inner: input,
            bytes: &counter,
        };
        let mut s = tally(Reader::new(counting), export, |games| {
            if games % 256 == 0 {
                progress(counter.get(), games);
            }
        });
        if let Some(index) = s.errors.iter().position(|e| e.4.starts_with("read error")) {
            return Err(io::Error::other(s.errors.remove(index).4));
        }
        s.lines = 0;
        return Ok(s);
    }
    let mut total = Summary {
        lines: 1,
        ..Summary::default()
    };
    let mut bytes = 0u64;
    std::thread::scope(|scope| -> io::Result<()> {
        let (result_tx, result_rx) = mpsc::channel::<(usize, Summary)>();
        let mut senders = Vec::new();
        for _ in 0..threads {
            let (tx, rx) = mpsc::sync_channel::<(usize, Vec<u8>)>(2);
            let result_tx = result_tx.clone();
            scope.spawn(move || {
                for (index, chunk) in rx {
                    if result_tx.send((index, validate(&chunk, export))).is_err() {
                        break;
                    }
                }
            });
            senders.push(tx);
        }
        drop(result_tx);
        let mut pending: BTreeMap<usize, Summary> = BTreeMap::new();
        let mut next_out = 0;
        let mut collect = |total: &mut Summary, block: bool, sent: usize| {
            loop {
                let got = if block && next_out < sent {
                    result_rx.recv().ok()
                } else {
                    result_rx.try_recv().ok()
                };
                let Some((index, summary)) = got else { break };
                pending.insert(index, summary);
                while let Some(s) = pending.remove(&next_out) {
                    total.absorb(s);
                    next_out += 1;
                }
                if !block {
                    continue;
                }
                if next_out >= sent {
                    break;
                }
            }
        };
        let mut buf: Vec<u8> = Vec::with_capacity(2 * CHUNK);
        let mut sent = 0usize;
        let mut eof = false;
        while !eof {
            let mut filled = buf.len();
            buf.resize(filled + CHUNK, 0);
            while filled < buf.len() {
                match input.read(&mut buf[filled..]) {
                    Ok(0) => {
                        eof = true;
                        break;
                    }
                    Ok(n) => filled += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
            buf.truncate(filled);
            let cut = if eof {
                Some(buf.len())
            } else {
                game_boundary(&buf, buf.len() / 2)
            };
            let Some(cut) = cut else { continue };
            let rest = buf.split_off(cut);
            let chunk = std::mem::replace(&mut buf, rest);
            bytes += chunk.len() as u64;
            if !chunk.is_empty() {
                if senders[sent % threads].send((sent, chunk)).is_err() {
                    break;
                }
                sent += 1;
            }
            collect(&mut total, false, sent);
            progress(bytes, total.games);
        }
        drop(senders);
        collect(&mut total, true, sent);
        Ok(())
    })?;
    total.lines = 0;
    Ok(total)
}

/// The summary as printed.
pub fn report(s: &Summary, name: &str) -> String {
    let mut out = String::new();
    let failed = s.errors.len();
    let _ = writeln!(
        out,
        "{name}: {} games ({} read, {failed} with errors), {} plies",
        s.games,
        s.games - failed as u64,
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
    for (game, line, column, ply, message) in &s.errors {
        let ply = ply.map_or(String::new(), |p| format!(", ply {p}"));
        let _ = writeln!(
            out,
            "error: game {game}, line {line}, column {column}{ply}: {message}"
        );
    }
    out
}

/// Parses the arguments: (threads, export, files).
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
            "-h" | "--help" => return Err("usage: pgn [--threads N] [--export] [FILE...]".into()),
            f => files.push(f.to_string()),
        }
    }
    Ok((threads, export, files))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (threads, export, files) = match parse_args(&args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let inputs: Vec<Option<String>> = if files.is_empty() {
        vec![None]
    } else {
        files.into_iter().map(Some).collect()
    };
    let mut failed = false;
    for file in inputs {
        let name = file.clone().unwrap_or_else(|| "<stdin>".into());
        let start = Instant::now();
        let mut last = start;
        let mut shown = false;
        let progress = |bytes: u64, games: u64| {
            let now = Instant::now();
            if now.duration_since(last).as_millis() >= 500 {
                last = now;
                shown = true;
                let secs = now.duration_since(start).as_secs_f64().max(1e-9);
                eprint!(
                    "\r{name}: {:.1} MB, {:.1} MB/s, {:.0} games/s   ",
                    bytes as f64 / 1e6,
                    bytes as f64 / 1e6 / secs,
                    games as f64 / secs
                );
            }
        };
        let result = match &file {
            Some(f) => std::fs::File::open(f).and_then(|r| run_input(r, threads, export, progress)),
            None => run_input(io::stdin().lock(), threads, export, progress),
        };
        if shown {
            eprintln!();
        }
        match result {
            Ok(summary) => {
                let text = report(&summary, &name);
                if export {
                    let _ = io::stdout().write_all(summary.export.as_bytes());
                    eprint!("{text}");
                } else {
                    print!("{text}");
                }
                let secs = start.elapsed().as_secs_f64();
                eprintln!("{name}: {secs:.2} s");
                failed |= !summary.errors.is_empty();
            }
            Err(e) => {
                eprintln!("{name}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
