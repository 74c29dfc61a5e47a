//! `pgn [--threads N] [--export | --audit] [FILE|-]...`: validates, exports
//! or audits PGN files (see `chess_arbiter_cli::pgn`).

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    chess_arbiter_cli::pgn::main(std::env::args().skip(1).collect())
}
