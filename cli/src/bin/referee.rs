//! `referee [OPTIONS] ENGINE_A [...] ENGINE_B [...]`: runs a match between
//! two UCI engines and rules it by the Laws of Chess (`referee --help`).

#![forbid(unsafe_code)]

use chess_arbiter_cli::referee;
use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(unix)]
    if let Err(e) = referee::engine::kill_engines_on_signal() {
        eprintln!("referee: cannot handle SIGHUP, SIGINT and SIGTERM: {e}");
        return ExitCode::from(2);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = referee::run(&args, &mut std::io::stdout());
    if referee::engine::signalled() {
        // The signal handler ends the process with 128 + the signal's
        // number; a match its kills ended exits with that code, not 0.
        loop {
            std::thread::park();
        }
    }
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(2)
        }
    }
}
