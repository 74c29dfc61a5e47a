//! The referee's side of [`chess_arbiter::engine`]: an engine started from
//! its command line with the match's options, failures sorted into the two
//! the rulings tell apart, and the signal handler that kills every engine.

pub use chess_arbiter::engine::{
    Answer, BUFFER_LIMIT, Engine, EngineError, Info, LINE_COST, MAX_LINE, Score,
};
use std::process::Command;
use std::time::Duration;

/// How long an engine may take to answer `uci` and `isready`.
pub const HANDSHAKE_LIMIT: Duration = Duration::from_secs(10);

/// Why an engine did not answer as it should.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Its process exited, or its output closed.
    Closed,
    /// It did not answer within the limit.
    Timeout,
}

impl From<EngineError> for Failure {
    fn from(e: EngineError) -> Failure {
        match e {
            EngineError::Timeout { .. } => Failure::Timeout,
            _ => Failure::Closed,
        }
    }
}

/// Starts `command` (a program and its arguments, split on whitespace),
/// completes the handshake, sets `UCI_Chess960` when asked and each of
/// `options` (name, value), and waits for `readyok`.
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
    let mut words = command.split_whitespace();
    let program = words.next().ok_or("empty engine command")?;
    let mut process = Command::new(program);
    process.args(words);
    let mut engine = Engine::start(process, HANDSHAKE_LIMIT).map_err(|e| e.to_string())?;
    if chess960 {
        engine.send("setoption name UCI_Chess960 value true");
    }
    for (name, value) in options {
        engine
            .set_option(name, value)
            .map_err(|e| format!("{e} (command {command:?})"))?;
    }
    engine
        .is_ready(HANDSHAKE_LIMIT)
        .map_err(|e| e.to_string())?;
    Ok(engine)
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
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            chess_arbiter::engine::kill_all();
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}
