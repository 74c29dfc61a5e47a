//! A UCI engine as a child process, driven through live pipes.
//!
//! Two threads per engine keep the referee from ever blocking on it: a reader
//! turns the engine's output into timestamped lines on a bounded channel (so
//! every wait is a `recv_timeout`), and a writer feeds its input from a
//! channel (so a stalled engine with a full pipe cannot block a write).
//! The engine's stderr goes to the null device.

use std::io::{BufWriter, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_LIMIT: Duration = Duration::from_secs(10);

/// Longest line kept from an engine; the rest of a longer line is dropped,
/// so an engine that never writes a newline cannot exhaust memory.
const MAX_LINE: usize = 64 * 1024;

/// What the reader thread reports.
enum Event {
    /// A line of output and when it arrived.
    Line(String, Instant),
    /// The engine closed its output (it exited or closed the pipe).
    Closed,
}

/// Why an engine did not answer as it should.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Its output closed: it crashed, exited or closed the pipe.
    Closed,
    /// It did not answer within the limit.
    Timeout,
}

/// A UCI score, from the point of view of the side the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: the engine is mated).
    Mate(i32),
}

impl Score {
    /// `+0.35`, `-1.20`, `+M3` (mates in 3 moves), `-M2` (is mated in 2).
    pub fn text(self) -> String {
        match self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                format!("{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) if n < 0 => format!("-M{}", n.unsigned_abs()),
            Score::Mate(n) => format!("+M{n}"),
        }
    }
}

/// What the engine said about its search: the last `info` values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// The last score.
    pub score: Option<Score>,
    /// The last depth.
    pub depth: Option<u32>,
    /// The last node count.
    pub nodes: Option<u64>,
    /// The last principal variation.
    pub pv: Vec<String>,
}

impl Info {
    /// Folds one `info` line into what is known.
    pub fn read(&mut self, line: &str) {
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
                    if let Some(score) = score {
                        self.score = Some(score);
                    }
                }
                "pv" => {
                    self.pv = words.by_ref().map(str::to_string).collect();
                }
                // `string` takes the rest of the line as free text.
                "string" => break,
                _ => {}
            }
        }
    }
}

/// The answer to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The word after `bestmove`, if any.
    pub bestmove: Option<String>,
    /// The search's last `info` values.
    pub info: Info,
    /// From `go` to `bestmove`, as the referee measured it.
    pub elapsed: Duration,
}

/// A running UCI engine.
pub struct Engine {
    child: Child,
    input: Sender<String>,
    output: Receiver<Event>,
    name: String,
}

/// Splits a command on whitespace: a program and its arguments.
fn split(command: &str) -> Option<(&str, Vec<&str>)> {
    let mut words = command.split_whitespace();
    let program = words.next()?;
    Some((program, words.collect()))
}

/// A name for an engine that gives none: its program's file name.
pub fn fallback_name(command: &str) -> String {
    let program = split(command).map_or(command, |(p, _)| p);
    program
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(program)
        .to_string()
}

fn reader(mut out: impl Read, tx: SyncSender<Event>) {
    let mut buf = [0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                let text = String::from_utf8_lossy(&line).into_owned();
                line.clear();
                if tx.send(Event::Line(text, Instant::now())).is_err() {
                    return;
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    let _ = tx.send(Event::Closed);
}

impl Engine {
    /// Starts `command`, says `uci` and waits for `uciok` (reading `id
    /// name`), sets `UCI_Chess960` when asked, and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// A message when the program cannot be started or does not complete the
    /// handshake within [`HANDSHAKE_LIMIT`].
    pub fn start(command: &str, chess960: bool) -> Result<Engine, String> {
        let (program, args) = split(command).ok_or("empty engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take().expect("stdin is piped");
        let (out_tx, out_rx) = mpsc::sync_channel(4096);
        thread::spawn(move || reader(stdout, out_tx));
        let (in_tx, in_rx) = mpsc::channel::<String>();
        thread::spawn(move || {
            let mut stdin = BufWriter::new(stdin);
            for line in in_rx {
                if writeln!(stdin, "{line}")
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            input: in_tx,
            output: out_rx,
            name: fallback_name(command),
        };
        let fail = |e: &mut Engine, what: &str, f: Failure| {
            e.kill();
            let why = match f {
                Failure::Closed => "exited",
                Failure::Timeout => "did not answer in time",
            };
            format!("engine {command:?} {why} during {what}")
        };
        engine.send("uci");
        let deadline = Instant::now() + HANDSHAKE_LIMIT;
        loop {
            match engine.next_line(deadline) {
                Ok((line, _)) => {
                    let line = line.trim();
                    if line == "uciok" {
                        break;
                    }
                    if let Some(name) = line.strip_prefix("id name ") {
                        if !name.trim().is_empty() {
                            engine.name = name.trim().to_string();
                        }
                    }
                }
                Err(f) => return Err(fail(&mut engine, "the uci handshake", f)),
            }
        }
        if chess960 {
            engine.send("setoption name UCI_Chess960 value true");
        }
        if let Err(f) = engine.sync() {
            return Err(fail(&mut engine, "isready", f));
        }
        Ok(engine)
    }

    /// The engine's `id name`, or its program's file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Queues a line for the engine; a closed pipe shows up as [`Failure::Closed`]
    /// on the next read.
    pub fn send(&self, line: &str) {
        let _ = self.input.send(line.to_string());
    }

    fn next_line(&self, deadline: Instant) -> Result<(String, Instant), Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(Event::Line(line, at)) => Ok((line, at)),
            Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => Err(Failure::Closed),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout),
        }
    }

    /// Says `isready` and waits for `readyok`.
    ///
    /// # Errors
    ///
    /// [`Failure`] when it does not come within [`HANDSHAKE_LIMIT`].
    pub fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready");
        let deadline = Instant::now() + HANDSHAKE_LIMIT;
        loop {
            let (line, _) = self.next_line(deadline)?;
            if line.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `ucinewgame`, then `isready` / `readyok`.
    ///
    /// # Errors
    ///
    /// [`Failure`] when `readyok` does not come within [`HANDSHAKE_LIMIT`].
    pub fn new_game(&mut self) -> Result<(), Failure> {
        // Lines left over from an earlier game (a late bestmove) are stale.
        while let Ok(event) = self.output.try_recv() {
            if let Event::Closed = event {
                return Err(Failure::Closed);
            }
        }
        self.send("ucinewgame");
        self.sync()
    }

    /// Sends `position` and `go`, then waits for `bestmove` until
    /// `limit` has passed since `go` was sent.
    ///
    /// # Errors
    ///
    /// [`Failure::Timeout`] when no `bestmove` came in time,
    /// [`Failure::Closed`] when the engine's output closed first.
    pub fn search(&mut self, position: &str, go: &str, limit: Duration) -> Result<Answer, Failure> {
        self.send(position);
        self.send(go);
        let start = Instant::now();
        let deadline = start + limit;
        let mut info = Info::default();
        loop {
            let (line, at) = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => info.read(&line),
                Some("bestmove") => {
                    return Ok(Answer {
                        bestmove: words.next().map(str::to_string),
                        info,
                        elapsed: at.saturating_duration_since(start),
                    });
                }
                _ => {}
            }
        }
    }

    /// Says `stop` and `quit`, gives the engine a moment to exit, then
    /// kills it.
    pub fn quit(mut self) {
        self.send("stop");
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the process (if it still runs) and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}
