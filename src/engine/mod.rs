//! A UCI chess engine as a child process (feature `engine`): start it, set
//! its options, let it search a position under a clock, read its
//! `bestmove` and `info`, and stop it, so that it never outlives its use.
//!
//! ```
//! use chess_arbiter::Game;
//! use chess_arbiter::engine::{Engine, Go};
//! use std::process::Command;
//! use std::time::Duration;
//!
//! let command = Command::new("stockfish");
//! # let mut command = Command::new("sh");
//! # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
//! let mut engine = Engine::start(command, Duration::from_secs(10))?;
//! engine.set_option("Hash", "16")?;
//! engine.new_game(Duration::from_secs(10))?;
//! let mut game = Game::new();
//! let answer = engine.search(&game, &Go::Nodes(20_000), Duration::from_secs(60))?;
//! let best = game.position().parse_uci(answer.bestmove.as_deref().unwrap_or(""))?;
//! game.play(best)?;
//! println!("{}: {:?} at depth {:?}", engine.name(), answer.info.score, answer.info.depth);
//! engine.quit();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The driver never blocks on an engine and never lets one escape:
//!
//! - the engine runs in its own process group, and the whole group is
//!   killed (SIGKILL, which it cannot ignore) when the [`Engine`] is
//!   stopped or dropped, so a child the engine started goes with it;
//!   [`kill_all`] does the same for every engine still running, for a
//!   program's signal handler;
//! - a reader thread turns the engine's output into timestamped lines in
//!   an inbox bounded in bytes ([`BUFFER_LIMIT`]): when an engine prints
//!   faster than it is read, `info` lines a later one supersedes are
//!   dropped (the latest before a `bestmove` stays), and then the engine
//!   waits on its full pipe; a line is kept to [`MAX_LINE`] bytes;
//! - lines are read as lossy UTF-8 with every control character turned
//!   into `?`, so nothing an engine prints reaches a record unprintable;
//! - every wait has a deadline and watches the process itself: an engine
//!   that exited is found out at once, even when a child it left holds its
//!   output open;
//! - a writer thread feeds the engine's input, so an engine that stopped
//!   reading cannot block the caller.
//!
//! The engine's stderr goes to the null device. No output of an engine
//! makes these functions panic.

mod inbox;
mod search;

pub use search::{Answer, Go, Info, Score, position_command};

use crate::Game;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use inbox::Shared;
use std::io::{BufWriter, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// Bytes of output held per engine (each line counts its length plus
/// [`LINE_COST`]); beyond it older `info` lines go, then the engine waits.
///
/// ```
/// assert_eq!(chess_arbiter::engine::BUFFER_LIMIT, 1 << 20);
/// ```
pub const BUFFER_LIMIT: usize = 1 << 20;

/// The longest line kept from an engine; the rest of a longer line is
/// dropped, so an engine that never writes a newline cannot exhaust memory.
///
/// ```
/// assert_eq!(chess_arbiter::engine::MAX_LINE, 64 * 1024);
/// ```
pub const MAX_LINE: usize = 64 * 1024;

/// What a line costs in the inbox beyond its text, so that empty lines
/// count too.
///
/// ```
/// assert_eq!(chess_arbiter::engine::LINE_COST, 32);
/// ```
pub const LINE_COST: usize = 32;

/// How often a wait looks whether the engine's process is still there.
const POLL: Duration = Duration::from_millis(10);

/// Output still read after the engine's process is found gone: what it
/// wrote just before it exited.
const EXIT_GRACE: Duration = Duration::from_millis(50);

/// How long [`Engine::quit`] lets the engine exit by itself.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// What the engine was asked when it failed.
///
/// ```
/// use chess_arbiter::engine::Step;
/// assert_eq!(Step::Handshake.to_string(), "the uci handshake");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Step {
    /// `uci`, answered by `uciok`.
    Handshake,
    /// `isready`, answered by `readyok`.
    IsReady,
    /// `go`, answered by `bestmove`.
    Search,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Handshake => "the uci handshake",
            Step::IsReady => "isready",
            Step::Search => "the search",
        })
    }
}

/// Why an engine could not be started or did not answer.
///
/// ```
/// use chess_arbiter::engine::{Engine, EngineError};
/// use std::process::Command;
/// use std::time::Duration;
///
/// let err = Engine::start(Command::new("/no/such/engine"), Duration::from_secs(1)).unwrap_err();
/// assert!(matches!(err, EngineError::Start { .. }));
/// assert!(err.to_string().starts_with("cannot start engine \"/no/such/engine\""));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The program could not be run.
    #[error("cannot start engine {program:?}: {source}")]
    Start {
        /// The program, as the command names it.
        program: String,
        /// Why the system refused.
        source: std::io::Error,
    },
    /// The engine's process exited, or it closed its output.
    #[error("engine {name:?} exited or closed its output during {step}")]
    Exited {
        /// The engine's name.
        name: String,
        /// What it was asked.
        step: Step,
    },
    /// The engine did not answer in time.
    #[error("engine {name:?} did not answer {step} within {limit:?}")]
    Timeout {
        /// The engine's name.
        name: String,
        /// What it was asked.
        step: Step,
        /// The time it had.
        limit: Duration,
    },
    /// The engine declared no option of this name in its handshake.
    #[error("engine {name:?} declares no option {option:?}")]
    UnknownOption {
        /// The engine's name.
        name: String,
        /// The option asked for.
        option: String,
    },
    /// [`kill_all`] ran: no engine starts any more.
    #[error("no engine starts once every engine was killed")]
    Stopped,
}

/// The process groups of the engines running now, for [`kill_all`].
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Set by [`kill_all`]: no engine starts after it.
static STOPPED: AtomicBool = AtomicBool::new(false);

fn groups() -> MutexGuard<'static, Vec<u32>> {
    GROUPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every process of the group `pgid` with SIGKILL. The standard
/// library signals only its own child; kill(2) on the group goes through
/// rustix's safe wrapper.
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

/// Kills the process group of every engine this program started and has
/// not stopped, and refuses every later [`Engine::start`]
/// ([`EngineError::Stopped`]). For a signal handler that then exits: an
/// engine that ignores its closed input or signals, or a child it started,
/// is not left running.
///
/// ```standalone_crate
/// use chess_arbiter::engine::{Engine, EngineError, kill_all};
/// use std::process::Command;
/// use std::time::Duration;
///
/// # let mut command = Command::new("sh");
/// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
/// let mut engine = Engine::start(command, Duration::from_secs(10))?;
/// kill_all();
/// assert!(engine.is_ready(Duration::from_secs(1)).is_err(), "it is gone");
/// let again = Engine::start(Command::new("stockfish"), Duration::from_secs(10));
/// assert!(matches!(again, Err(EngineError::Stopped)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn kill_all() {
    // Held to the end: no engine starts meanwhile.
    let groups = groups();
    STOPPED.store(true, Ordering::SeqCst);
    for &pgid in groups.iter() {
        kill_group(pgid);
    }
}

/// A running UCI engine. Dropping it kills its process group.
pub struct Engine {
    child: Child,
    shared: Arc<Shared>,
    input: Sender<String>,
    name: String,
    author: Option<String>,
    options: Vec<String>,
    /// When the process was found to have exited.
    exited: Option<Instant>,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .field("pid", &self.child.id())
            .finish_non_exhaustive()
    }
}

/// The name of an option an engine declares: the words between `option
/// name` and `type`.
fn declared_option(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

impl Engine {
    /// Starts `command` in its own process group with its input and output
    /// piped, says `uci` and reads until `uciok` (the engine's `id name`,
    /// `id author` and the names of the options it declares), all within
    /// `timeout`. Until `id name` comes the engine is named after its
    /// program's file name.
    ///
    /// ```
    /// use chess_arbiter::engine::Engine;
    /// use std::process::Command;
    /// use std::time::Duration;
    ///
    /// let command = Command::new("stockfish");
    /// # let mut command = Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let engine = Engine::start(command, Duration::from_secs(10))?;
    /// assert_eq!(engine.name(), "Fake Engine 1.0");
    /// assert_eq!(engine.author(), Some("The chess-arbiter authors"));
    /// assert_eq!(engine.options(), ["Hash", "Threads"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EngineError::Start`] when the program cannot be run,
    /// [`EngineError::Exited`] or [`EngineError::Timeout`] when it does not
    /// complete the handshake ([`Step::Handshake`]), [`EngineError::Stopped`]
    /// after [`kill_all`]. The engine is killed on an error.
    pub fn start(mut command: Command, timeout: Duration) -> Result<Engine, EngineError> {
        let program = command.get_program().to_string_lossy().into_owned();
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = {
            // Registered as it starts, so that kill_all never misses it.
            let mut groups = groups();
            if STOPPED.load(Ordering::SeqCst) {
                return Err(EngineError::Stopped);
            }
            let child = command.spawn().map_err(|source| EngineError::Start {
                program: program.clone(),
                source,
            })?;
            groups.push(child.id());
            child
        };
        let shared = Arc::new(Shared::default());
        if let Some(stdout) = child.stdout.take() {
            let for_reader = Arc::clone(&shared);
            thread::spawn(move || inbox::reader(stdout, for_reader));
        }
        let (input, lines) = mpsc::channel::<String>();
        if let Some(stdin) = child.stdin.take() {
            thread::spawn(move || {
                let mut stdin = BufWriter::new(stdin);
                for line in lines {
                    if writeln!(stdin, "{line}")
                        .and_then(|()| stdin.flush())
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
        let name = program.rsplit(['/', '\\']).next().unwrap_or(&program);
        let mut engine = Engine {
            child,
            shared,
            input,
            name: name.to_string(),
            author: None,
            options: Vec::new(),
            exited: None,
        };
        engine.send("uci");
        let deadline = Instant::now() + timeout;
        loop {
            let line = match engine.next_line(deadline, Step::Handshake, timeout) {
                Ok((line, _)) => line,
                Err(e) => {
                    engine.kill();
                    return Err(e);
                }
            };
            let line = line.trim();
            if line == "uciok" {
                return Ok(engine);
            }
            if let Some(name) = line.strip_prefix("id name ") {
                if !name.trim().is_empty() {
                    engine.name = name.trim().to_string();
                }
            } else if let Some(author) = line.strip_prefix("id author ") {
                engine.author = Some(author.trim().to_string());
            } else if let Some(option) = declared_option(line) {
                engine.options.push(option);
            }
        }
    }

    /// The engine's `id name`, or its program's file name.
    ///
    /// See [`Engine::start`] for an example.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's `id author`, if it gave one.
    ///
    /// See [`Engine::start`] for an example.
    #[must_use]
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The names of the options the engine declared, in its order.
    ///
    /// See [`Engine::start`] for an example.
    #[must_use]
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// The engine's process id, which is also its process group's id.
    ///
    /// ```
    /// # use chess_arbiter::engine::Engine;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let engine = Engine::start(command, std::time::Duration::from_secs(10))?;
    /// assert_ne!(engine.pid(), std::process::id());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The most output (in bytes, [`LINE_COST`] counted per line) ever held
    /// for this engine: never much above [`BUFFER_LIMIT`].
    ///
    /// ```
    /// # use chess_arbiter::engine::Engine;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let engine = Engine::start(command, std::time::Duration::from_secs(10))?;
    /// assert!(engine.peak_buffered() <= chess_arbiter::engine::BUFFER_LIMIT);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn peak_buffered(&self) -> usize {
        self.shared.lock().peak
    }

    /// Queues one line for the engine, a line break in it written as a
    /// space (one call, one command). A closed pipe shows on the next read
    /// as [`EngineError::Exited`].
    ///
    /// ```
    /// # use chess_arbiter::engine::Engine;
    /// # use std::time::Duration;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let mut engine = Engine::start(command, Duration::from_secs(10))?;
    /// engine.send("setoption name UCI_Chess960 value true");
    /// engine.is_ready(Duration::from_secs(10))?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn send(&self, line: &str) {
        let _ = self.input.send(line.replace(['\n', '\r'], " "));
    }

    /// Sets an option the engine declared (`setoption name NAME value
    /// VALUE`); UCI option names are not case-sensitive.
    ///
    /// ```
    /// # use chess_arbiter::engine::{Engine, EngineError};
    /// # use std::time::Duration;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let mut engine = Engine::start(command, Duration::from_secs(10))?;
    /// engine.set_option("threads", "1")?;
    /// let err = engine.set_option("NoSuchOption", "1").unwrap_err();
    /// assert!(matches!(err, EngineError::UnknownOption { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EngineError::UnknownOption`] when the engine declared no option
    /// of that name (nothing is sent).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        if !self.options.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            return Err(EngineError::UnknownOption {
                name: self.name.clone(),
                option: name.to_string(),
            });
        }
        self.send(&alloc::format!("setoption name {name} value {value}"));
        Ok(())
    }

    /// Whether the engine's process has exited (found out now or before);
    /// what it left running in its group is killed then.
    fn has_exited(&mut self) -> bool {
        if self.exited.is_none() {
            if let Ok(Some(_)) = self.child.try_wait() {
                self.exited = Some(Instant::now());
                kill_group(self.child.id());
            }
        }
        self.exited.is_some()
    }

    /// The next line and when it was read, by `deadline`.
    fn next_line(
        &mut self,
        deadline: Instant,
        step: Step,
        limit: Duration,
    ) -> Result<(String, Instant), EngineError> {
        let exited = |e: &Engine| EngineError::Exited {
            name: e.name.clone(),
            step,
        };
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
                    return Err(exited(self));
                }
                let now = Instant::now();
                if now >= deadline {
                    return Err(EngineError::Timeout {
                        name: self.name.clone(),
                        step,
                        limit,
                    });
                }
                let wait = POLL.min(deadline - now);
                drop(shared.line.wait_timeout(inbox, wait));
            }
            if self.has_exited()
                && self.exited.is_some_and(|at| {
                    at.elapsed() >= EXIT_GRACE && self.shared.lock().lines.is_empty()
                })
            {
                return Err(exited(self));
            }
        }
    }

    /// Says `isready` and waits for `readyok`.
    ///
    /// ```
    /// # use chess_arbiter::engine::Engine;
    /// # use std::time::Duration;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let mut engine = Engine::start(command, Duration::from_secs(10))?;
    /// engine.is_ready(Duration::from_secs(10))?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`EngineError::Exited`] or [`EngineError::Timeout`] ([`Step::IsReady`]).
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready");
        let deadline = Instant::now() + timeout;
        loop {
            let (line, _) = self.next_line(deadline, Step::IsReady, timeout)?;
            if line.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Starts a new game: output left over from an earlier one (a late
    /// `bestmove`) is dropped, then `ucinewgame` and [`Engine::is_ready`].
    ///
    /// See the [module](self) docs for an example.
    ///
    /// # Errors
    ///
    /// As [`Engine::is_ready`].
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        {
            let mut inbox = self.shared.lock();
            inbox.lines.clear();
            inbox.bytes = 0;
            self.shared.room.notify_all();
        }
        if self.has_exited() {
            return Err(EngineError::Exited {
                name: self.name.clone(),
                step: Step::IsReady,
            });
        }
        self.send("ucinewgame");
        self.is_ready(timeout)
    }

    /// Sends the game's [`position_command`] and `go`, then reads `info`
    /// lines until `bestmove`, for at most `timeout` after `go` was sent.
    /// Under [`Go::Clock`] the caller keeps the clock: the answer's
    /// [`elapsed`](Answer::elapsed) is the time the move took.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::engine::{Engine, Go, Score};
    /// use std::process::Command;
    /// use std::time::Duration;
    ///
    /// # let mut command = Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let mut engine = Engine::start(command, Duration::from_secs(10))?;
    /// let go = Go::Clock {
    ///     white: Duration::from_secs(60),
    ///     black: Duration::from_secs(60),
    ///     white_increment: Duration::from_millis(500),
    ///     black_increment: Duration::from_millis(500),
    ///     moves_to_go: None,
    /// };
    /// let answer = engine.search(&Game::new(), &go, Duration::from_secs(60))?;
    /// assert_eq!(answer.bestmove.as_deref(), Some("e2e4"));
    /// assert_eq!(answer.info.score, Some(Score::Centipawns(31)));
    /// assert_eq!((answer.info.depth, answer.info.nodes), (Some(2), Some(412)));
    /// assert!(answer.elapsed < Duration::from_secs(60));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A `bestmove` read before this `go` was sent answers no `go` (the
    /// engine answered an earlier one twice): the search returns at once
    /// with it in [`Answer::stale`]. A second `bestmove` that only arrives
    /// after the next `go` went out cannot be told from the answer to it.
    ///
    /// # Errors
    ///
    /// [`EngineError::Timeout`] when no `bestmove` came in time,
    /// [`EngineError::Exited`] when the engine's process exited or its
    /// output closed first ([`Step::Search`]).
    pub fn search(
        &mut self,
        game: &Game,
        go: &Go,
        timeout: Duration,
    ) -> Result<Answer, EngineError> {
        // Every line read before this instant came before the engine could
        // have seen this `go`.
        let sent = Instant::now();
        self.send(&position_command(game));
        self.send(&go.to_string());
        let start = Instant::now();
        let deadline = start + timeout;
        let mut info = Info::default();
        loop {
            let (line, at) = self.next_line(deadline, Step::Search, timeout)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => info.read_line(&line),
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

    /// Says `stop` and `quit`, gives the engine 300 ms to exit, then kills
    /// its process group.
    ///
    /// See the [module](self) docs for an example.
    pub fn quit(mut self) {
        self.send("stop");
        self.send("quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline && !self.has_exited() {
            thread::sleep(POLL);
        }
        self.kill();
    }

    /// Kills the engine's process group (whatever still runs of it) and
    /// reaps the engine. Later calls answer [`EngineError::Exited`].
    ///
    /// ```
    /// # use chess_arbiter::engine::{Engine, EngineError};
    /// # use std::time::Duration;
    /// # let mut command = std::process::Command::new("sh");
    /// # command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/fake_engine.sh"));
    /// let mut engine = Engine::start(command, Duration::from_secs(10))?;
    /// engine.kill();
    /// let err = engine.is_ready(Duration::from_secs(1)).unwrap_err();
    /// assert!(matches!(err, EngineError::Exited { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kill(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        // Forgotten before it is reaped: its id may then be reused.
        groups().retain(|&pgid| pgid != self.child.id());
        let _ = self.child.wait();
        self.exited.get_or_insert_with(Instant::now);
        let mut inbox = self.shared.lock();
        inbox.gone = true;
        inbox.closed = true;
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
