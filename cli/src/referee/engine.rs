//! A UCI engine as a child process, driven through live pipes.
//!
//! The referee never blocks on an engine and never lets one escape:
//!
//! - the engine runs in its own process group, and the whole group is
//!   killed when the referee is done with it, so a child the engine forked
//!   (and that may hold its output open) goes with it;
//! - a reader thread turns the engine's output into timestamped lines in an
//!   inbox bounded in bytes ([`BUFFER_LIMIT`]): when an engine prints faster
//!   than the referee reads, `info` lines superseded by a later one are
//!   dropped (the latest before a `bestmove` is kept), and then the engine
//!   waits on its full pipe;
//! - control characters (NUL, escapes) become `?` as lines are read, so
//!   nothing an engine prints can reach a record unprintable;
//! - every wait has a deadline, and it also watches the process itself: an
//!   engine that exited is found out at once even when a child it left
//!   holds its output open;
//! - a writer thread feeds the engine's input from a channel, so a stalled
//!   engine with a full pipe cannot block the referee.
//!
//! The engine's stderr goes to the null device.

use std::collections::VecDeque;
use std::io::{BufWriter, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_LIMIT: Duration = Duration::from_secs(10);

/// Bytes of output kept per engine (each line counts its length plus
/// [`LINE_COST`]); beyond it older `info` lines go, then the engine waits.
pub const BUFFER_LIMIT: usize = 1 << 20;

/// Longest line kept from an engine; the rest of a longer line is dropped,
/// so an engine that never writes a newline cannot exhaust memory.
pub const MAX_LINE: usize = 64 * 1024;

/// What a line costs in the inbox beyond its text (so that empty lines
/// count too).
pub const LINE_COST: usize = 32;

/// Moves of a principal variation kept.
const MAX_PV: usize = 64;

/// How often a wait looks whether the engine's process is still there.
const POLL: Duration = Duration::from_millis(10);

/// Output still read after the engine's process is found gone: what it
/// wrote just before it exited.
const EXIT_GRACE: Duration = Duration::from_millis(50);

/// Why an engine did not answer as it should.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Its process exited, or its output closed.
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
                    // A principal variation is kept to its first moves.
                    self.pv = words.by_ref().take(MAX_PV).map(str::to_string).collect();
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
    /// A `bestmove` line the engine sent with no `go` outstanding (a second
    /// answer to an earlier `go`): it was read before this `go` was sent,
    /// and is not taken as the answer. Its text, when there was one.
    pub stale: Option<String>,
}

/// Lines read from the engine and not yet taken.
#[derive(Debug, Default)]
struct Inbox {
    lines: VecDeque<(String, Instant)>,
    /// The cost of the lines held (text plus [`LINE_COST`] each).
    bytes: usize,
    /// The most ever held.
    peak: usize,
    /// The engine's output closed.
    closed: bool,
    /// The referee is done with the engine: the reader stops.
    gone: bool,
}

/// The inbox and its two signals: a line came, room was made.
#[derive(Debug, Default)]
struct Shared {
    inbox: Mutex<Inbox>,
    line: Condvar,
    room: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inbox> {
        // A reader that panicked holding the lock leaves the inbox usable.
        self.inbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

fn is_info(line: &str) -> bool {
    line.split_whitespace().next() == Some("info")
}

/// Files `line` in the inbox, within [`BUFFER_LIMIT`]: when it would not
/// fit, every `info` line held that another `info` line follows is dropped
/// (so the latest before each other line, a `bestmove`, stays), then the
/// reader waits for room. Returns false once the referee is done with the engine.
fn deliver(shared: &Shared, line: String, at: Instant) -> bool {
    let cost = line.len() + LINE_COST;
    let mut inbox = shared.lock();
    loop {
        if inbox.gone {
            return false;
        }
        if inbox.bytes + cost <= BUFFER_LIMIT || inbox.lines.is_empty() {
            break;
        }
        // An info line followed by another (held, or this one) is
        // superseded: the last before each other line is kept.
        let incoming_info = is_info(&line);
        let infos: Vec<bool> = inbox.lines.iter().map(|(l, _)| is_info(l)).collect();
        let before = inbox.lines.len();
        let mut index = 0;
        inbox.lines.retain(|_| {
            let next_is_info = infos.get(index + 1).copied().unwrap_or(incoming_info);
            let keep = !(infos[index] && next_is_info);
            index += 1;
            keep
        });
        if inbox.lines.len() < before {
            inbox.bytes = inbox.lines.iter().map(|(l, _)| l.len() + LINE_COST).sum();
            continue;
        }
        inbox = shared
            .room
            .wait(inbox)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    inbox.bytes += cost;
    inbox.peak = inbox.peak.max(inbox.bytes);
    inbox.lines.push_back((line, at));
    shared.line.notify_all();
    true
}

/// An engine's line as the referee keeps it: lossy UTF-8, a trailing `\r`
/// dropped, every control character (NUL, ESC, DEL ...) turned into `?`
/// and a tab into a space.
pub fn clean_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes)
        .chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() => '?',
            c => c,
        })
        .collect()
}

fn reader(mut out: impl Read, shared: Arc<Shared>) {
    let mut buf = [0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    'read: loop {
        let n = match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                let text = clean_line(&line);
                line.clear();
                if !deliver(&shared, text, Instant::now()) {
                    break 'read;
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    shared.lock().closed = true;
    shared.line.notify_all();
}

/// A running UCI engine.
pub struct Engine {
    child: Child,
    shared: Arc<Shared>,
    input: Sender<String>,
    name: String,
    /// When the process was found to have exited.
    exited: Option<Instant>,
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

/// Kills every process of the group `pgid` (the engine and whatever it
/// started) with SIGKILL, which no engine can catch or ignore. The standard
/// library signals only its own child, so this calls kill(2) itself.
#[cfg(unix)]
fn kill_group(pgid: u32) {
    use rustix::process::{Pid, Signal, kill_process_group};
    if let Some(pgid) = i32::try_from(pgid).ok().and_then(Pid::from_raw) {
        // An error says the group is gone already.
        let _ = kill_process_group(pgid, Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_pgid: u32) {}

/// The process groups of the engines running now, for the signal handler
/// to kill.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn groups() -> MutexGuard<'static, Vec<u32>> {
    GROUPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every engine's process group when the referee gets SIGHUP (a
/// closed terminal, a dropped ssh session), SIGINT or SIGTERM, then exits
/// with 128 plus the signal's number, as a shell reports a process a signal
/// ended: an engine that outlives its closed input or ignores signals, or a
/// child it started, is not left running.
///
/// # Errors
///
/// When the handler cannot be installed.
#[cfg(unix)]
pub fn kill_engines_on_signal() -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGHUP, SIGINT, SIGTERM])?;
    thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held to the end: no engine starts or goes meanwhile.
            let groups = groups();
            for &pgid in groups.iter() {
                kill_group(pgid);
            }
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// The name of an option an engine declares: the words between `option
/// name` and `type`.
fn declared_option(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

impl Engine {
    /// Starts `command` in its own process group, says `uci` and waits for
    /// `uciok` (reading `id name` and the options declared), sets
    /// `UCI_Chess960` when asked and each of `options` (name, value), and
    /// waits for `readyok`.
    ///
    /// # Errors
    ///
    /// A message when the program cannot be started, does not complete the
    /// handshake within [`HANDSHAKE_LIMIT`], or declares no option of a name
    /// asked for (UCI option names are not case-sensitive).
    pub fn start(
        command: &str,
        chess960: bool,
        options: &[(String, String)],
    ) -> Result<Engine, String> {
        let (program, args) = split(command).ok_or("empty engine command")?;
        let mut process = Command::new(program);
        process
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        let mut child = {
            // Registered as it starts, so a signal never misses it.
            let mut groups = groups();
            let child = process
                .spawn()
                .map_err(|e| format!("cannot start {command:?}: {e}"))?;
            groups.push(child.id());
            child
        };
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take().expect("stdin is piped");
        let shared = Arc::new(Shared::default());
        let for_reader = Arc::clone(&shared);
        thread::spawn(move || reader(stdout, for_reader));
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
            shared,
            input: in_tx,
            name: fallback_name(command),
            exited: None,
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
        let mut declared = Vec::new();
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
                    if let Some(option) = declared_option(line) {
                        declared.push(option);
                    }
                }
                Err(f) => return Err(fail(&mut engine, "the uci handshake", f)),
            }
        }
        if chess960 {
            engine.send("setoption name UCI_Chess960 value true");
        }
        for (name, value) in options {
            if !declared.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                engine.kill();
                return Err(format!(
                    "engine {command:?} ({}) declares no option {name:?}",
                    engine.name
                ));
            }
            engine.send(&format!("setoption name {name} value {value}"));
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

    /// The engine's process id, which is also its process group's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most output (in bytes, [`LINE_COST`] counted per line) ever held
    /// for this engine: never much above [`BUFFER_LIMIT`].
    pub fn peak_buffered(&self) -> usize {
        self.shared.lock().peak
    }

    /// Queues a line for the engine; a closed pipe shows up as [`Failure::Closed`]
    /// on the next read.
    pub fn send(&self, line: &str) {
        let _ = self.input.send(line.to_string());
    }

    /// Whether the engine's process has exited (found out now or before).
    fn has_exited(&mut self) -> bool {
        if self.exited.is_none() {
            if let Ok(Some(_)) = self.child.try_wait() {
                self.exited = Some(Instant::now());
                // What it left behind goes now.
                kill_group(self.child.id());
            }
        }
        self.exited.is_some()
    }

    fn next_line(&mut self, deadline: Instant) -> Result<(String, Instant), Failure> {
        loop {
            {
                let shared = Arc::clone(&self.shared);
                let mut inbox = shared.lock();
                if let Some((line, at)) = inbox.lines.pop_front() {
                    inbox.bytes -= line.len() + LINE_COST;
                    shared.room.notify_all();
                    return Ok((line, at));
                }
                if inbox.closed {
                    return Err(Failure::Closed);
                }
                let now = Instant::now();
                if now >= deadline {
                    return Err(Failure::Timeout);
                }
                let wait = POLL.min(deadline - now);
                drop(shared.line.wait_timeout(inbox, wait));
            }
            if self.has_exited()
                && self.exited.is_some_and(|at| {
                    at.elapsed() >= EXIT_GRACE && self.shared.lock().lines.is_empty()
                })
            {
                return Err(Failure::Closed);
            }
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
    /// [`Failure`] when the engine is gone or `readyok` does not come
    /// within [`HANDSHAKE_LIMIT`].
    pub fn new_game(&mut self) -> Result<(), Failure> {
        // Lines left over from an earlier game (a late bestmove) are stale.
        {
            let mut inbox = self.shared.lock();
            inbox.lines.clear();
            inbox.bytes = 0;
            self.shared.room.notify_all();
        }
        if self.has_exited() {
            return Err(Failure::Closed);
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
    /// [`Failure::Closed`] when the engine's process exited or its output
    /// closed first.
    ///
    /// A `bestmove` read before `go` was sent answers no `go` (the engine
    /// answered an earlier one twice): the search returns at once with it
    /// in [`Answer::stale`], for the referee to rule. A second `bestmove`
    /// that only arrives after the next `go` went out cannot be told from
    /// the answer to it.
    pub fn search(&mut self, position: &str, go: &str, limit: Duration) -> Result<Answer, Failure> {
        // Every line read before this instant came before the engine could
        // have seen this `go`.
        let sent = Instant::now();
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
                Some("bestmove") if at < sent => {
                    return Ok(Answer {
                        bestmove: None,
                        info,
                        elapsed: Duration::ZERO,
                        stale: Some(words.next().unwrap_or("").to_string()),
                    });
                }
                Some("bestmove") => {
                    return Ok(Answer {
                        bestmove: words.next().map(str::to_string),
                        info,
                        elapsed: at.saturating_duration_since(start),
                        stale: None,
                    });
                }
                _ => {}
            }
        }
    }

    /// Says `stop` and `quit`, gives the engine a moment to exit, then
    /// kills its process group.
    pub fn quit(mut self) {
        self.send("stop");
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline && !self.has_exited() {
            thread::sleep(POLL);
        }
        self.kill();
    }

    /// Kills the engine's process group (whatever still runs of it) and
    /// reaps the engine.
    pub fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        // Forgotten before it is reaped: its id may then be reused.
        groups().retain(|&pgid| pgid != self.child.id());
        let _ = self.child.wait();
        let mut inbox = self.shared.lock();
        inbox.gone = true;
        inbox.lines.clear();
        inbox.bytes = 0;
        self.shared.room.notify_all();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !self.shared.lock().gone {
            self.kill();
        }
    }
}
