//! Reads a PGN file and lists the games whose recorded result the Laws of
//! Chess contradict: a game that ended by checkmate, stalemate, a dead
//! position, fivefold repetition or the seventy-five-move rule, but carries
//! another result.
//!
//! ```text
//! cargo run --release --example pgn_audit -- FILE.pgn
//! ```
//!
//! Every game is read with [`chess_arbiter::pgn::Reader`], which plays each
//! move by the Laws; a game that does not read is listed with the reader's
//! error (its game number, line, column and ply). The `pgn` program
//! (`cargo install --path cli`) does this on many threads, with flag falls
//! ruled too (`pgn --audit`).

use chess_arbiter::pgn::Reader;
use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pgn_audit FILE.pgn");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("pgn_audit: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut games, mut unreadable, mut contradicted) = (0u64, 0u64, 0u64);
    for item in Reader::new(BufReader::new(file)) {
        games += 1;
        let game = match item {
            Ok(game) => game,
            Err(e) => {
                unreadable += 1;
                println!("does not read: {e}");
                continue;
            }
        };
        // The Laws end a game by themselves only at these endings; a
        // resignation, an agreed draw or a flag fall is for the record to say.
        let Some(outcome) = game.game().outcome() else {
            continue;
        };
        let recorded = game.tag("Result").unwrap_or("*").trim();
        if recorded != outcome.result() {
            contradicted += 1;
            println!(
                "game {games} (byte {}): recorded {recorded}, but {outcome}: {}",
                game.byte_offset(),
                outcome.result()
            );
        }
    }
    println!(
        "{path}: {games} games, {unreadable} do not read, {contradicted} with a result the Laws contradict"
    );
    if unreadable + contradicted > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
