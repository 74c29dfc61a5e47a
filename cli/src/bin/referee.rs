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
    match referee::run(&args, &mut std::io::stdout()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("referee: {e}");
            ExitCode::from(2)
        }
    }
}
