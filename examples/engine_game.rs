//! Plays one game between two UCI engines through `chess_arbiter::engine`,
//! each with a clock, and rules it by the Laws of Chess.
//!
//! ```text
//! cargo run --release --features engine --example engine_game -- ENGINE_WHITE ENGINE_BLACK [SECONDS+INCREMENT]
//! cargo run --release --features engine --example engine_game -- /usr/games/stockfish /usr/games/ethereal-chess 10+0.1
//! ```
//!
//! Each engine is a program (and its arguments, split on spaces). The clock
//! defaults to 10 seconds plus 0.1 a move. The game ends when the Laws end
//! it (checkmate, stalemate, dead position, fivefold repetition, the
//! seventy-five-move rule), when a draw can be claimed (threefold, fifty
//! moves: claimed at once for the side to move), on a flag fall (FIDE 6.9:
//! a draw when the opponent cannot checkmate), or when an engine answers a
//! move that is not legal. The moves are printed in SAN as they are played.
//! For whole matches, with openings, adjudication and statistics, install
//! the `referee` program: `cargo install --path cli`.

use chess_arbiter::engine::{Engine, Go};
use chess_arbiter::{Color, Game};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// Starts an engine from a command line such as `stockfish` or
/// `/path/to/engine --uci`.
fn start(command_line: &str) -> Result<Engine, String> {
    let mut words = command_line.split_whitespace();
    let mut command = Command::new(words.next().ok_or("an empty engine command")?);
    command.args(words);
    let mut engine = Engine::start(command, Duration::from_secs(10)).map_err(|e| e.to_string())?;
    // Options the engine does not declare are skipped.
    let _ = engine.set_option("Threads", "1");
    let _ = engine.set_option("Hash", "16");
    engine
        .new_game(Duration::from_secs(10))
        .map_err(|e| e.to_string())?;
    Ok(engine)
}

/// Reads `10+0.1` as 10 s and 100 ms.
fn time_control(text: &str) -> Option<(Duration, Duration)> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |s: &str| Duration::try_from_secs_f64(s.parse().ok()?).ok();
    Some((seconds(base)?, seconds(inc)?))
}

/// Plays the game; returns the result and why.
fn play(engines: &mut [Engine; 2], base: Duration, increment: Duration) -> (String, String) {
    let mut game = Game::new();
    let mut clocks = [base, base];
    let side_index = |c: Color| if c == Color::White { 0 } else { 1 };
    loop {
        if let Some(outcome) = game.outcome() {
            return (outcome.result().to_string(), outcome.to_string());
        }
        if let Some(reason) = game.claimable_draw() {
            return ("1/2-1/2".to_string(), format!("draw claimed: {reason}"));
        }
        let side = game.position().turn();
        let i = side_index(side);
        let go = Go::Clock {
            white: clocks[0],
            black: clocks[1],
            white_increment: increment,
            black_increment: increment,
            moves_to_go: None,
        };
        let answer = match engines[i].search(&game, &go, clocks[i]) {
            Ok(answer) if answer.elapsed <= clocks[i] => answer,
            // No answer in time, or a late one: the flag fell (FIDE 6.9).
            Ok(_) | Err(chess_arbiter::engine::EngineError::Timeout { .. }) => {
                let outcome = game.outcome_on_timeout(side);
                return (
                    outcome.result().to_string(),
                    format!("{side} lost on time: {outcome}"),
                );
            }
            Err(e) => return (loss(side), format!("{side}'s engine failed: {e}")),
        };
        let text = answer.bestmove.unwrap_or_default();
        let m = match game.position().parse_uci(&text) {
            Ok(m) => m,
            Err(e) => return (loss(side), format!("{side} answered {text:?}: {e}")),
        };
        clocks[i] = clocks[i] - answer.elapsed + increment;
        let number = game.position().fullmove_number();
        let san = game.position().san(m);
        let score = answer.info.score.map(|s| s.to_string()).unwrap_or_default();
        match side {
            Color::White => println!("{number}. {san} {{{score}}}"),
            Color::Black => println!("{number}... {san} {{{score}}}"),
        }
        game.play(m).expect("parse_uci gives a legal move");
    }
}

/// The result when `side` loses.
fn loss(side: Color) -> String {
    match side {
        Color::White => "0-1".to_string(),
        Color::Black => "1-0".to_string(),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (white, black, tc) = match args.as_slice() {
        [w, b] => (w, b, "10+0.1"),
        [w, b, tc] => (w, b, tc.as_str()),
        _ => {
            eprintln!("usage: engine_game ENGINE_WHITE ENGINE_BLACK [SECONDS+INCREMENT]");
            return ExitCode::from(2);
        }
    };
    let Some((base, increment)) = time_control(tc) else {
        eprintln!("engine_game: {tc:?} is not a time control such as 10+0.1");
        return ExitCode::from(2);
    };
    let engines = start(white).and_then(|w| Ok([w, start(black)?]));
    let mut engines = match engines {
        Ok(engines) => engines,
        Err(e) => {
            eprintln!("engine_game: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{} vs {}, {tc}", engines[0].name(), engines[1].name());
    let (result, why) = play(&mut engines, base, increment);
    println!("{result} ({why})");
    for engine in engines {
        engine.quit();
    }
    ExitCode::SUCCESS
}
