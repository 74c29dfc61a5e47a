//! Replays a game written in SAN and says how it stands, as an arbiter would.
//!
//! ```text
//! cargo run --example replay -- [FILE] [--fen FEN | --960 N]
//! ```
//!
//! Reads movetext (numbers, comments, NAGs, variations and tags skipped)
//! from FILE or standard input, from the standard start, `--fen FEN` or
//! Chess960 start `--960 N`, and plays each move with [`Game::play_san`]:
//! it prints the claims then open (FIDE 9.2, 9.3), any automatic ending
//! (FIDE 5, 9.6), the board, outcome and result; an illegal or ambiguous
//! move stops it with its ply, text and `SanError` (exit code 1).

use chess_arbiter::{Color, Game, Position};
use std::{fmt::Write, process::ExitCode};

/// The movetext's tokens: moves (with any move number glued on) and the
/// result, without comments, NAGs, variations and tag lines.
pub fn tokens(text: &str) -> Vec<String> {
    let (mut words, mut word, mut depth) = (Vec::new(), String::new(), 0_u32);
    let mut chars = text.chars();
    let mut line_start = true;
    while let Some(c) = chars.next() {
        let at_line_start = std::mem::replace(&mut line_start, c == '\n');
        // The character that ends what `c` opens: a comment, a tag line.
        let skip_to = match c {
            '{' => Some('}'),
            ';' => Some('\n'),
            '[' if at_line_start && depth == 0 => Some('\n'),
            _ => None,
        };
        if c.is_whitespace() || skip_to.is_some() || c == '(' || c == ')' {
            words.extend((depth == 0 && !word.is_empty()).then(|| word.clone()));
            word.clear();
        } else if depth == 0 {
            word.push(c);
        }
        match (c, skip_to) {
            ('(', _) => depth += 1,
            (')', _) => depth = depth.saturating_sub(1),
            (_, Some(end)) => line_start = chars.by_ref().any(|c| c == end) && end == '\n',
            _ => {}
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    // A NAG goes; a move number goes, alone (`12.`, `12...`) or glued to its move (`1.e4`).
    let mut out = Vec::new();
    for t in words.into_iter().filter(|t| !t.starts_with('$')) {
        let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
        match rest.strip_prefix('.') {
            Some(mv) if rest.len() < t.len() => out.push(mv.trim_start_matches('.').to_string()),
            _ => out.push(t),
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

/// Where the game starts, from `--fen FEN` or `--960 N`.
pub fn start(fen: Option<&str>, chess960: Option<&str>) -> Result<Game, String> {
    match (fen, chess960) {
        (Some(_), Some(_)) => Err("give --fen or --960, not both".to_string()),
        (Some(fen), None) => Game::from_fen(fen).map_err(|e| e.to_string()),
        (None, Some(n)) => match n.parse::<u16>() {
            Ok(n) if n < 960 => Ok(Game::from_position(Position::chess960(n))),
            _ => Err(format!("--960 wants a number from 0 to 959, got {n:?}")),
        },
        (None, None) => Ok(Game::new()),
    }
}

/// Plays the movetext from `game` and writes the report. `Ok` holds the
/// whole report; `Err` the report up to the refused move and its error.
pub fn replay(text: &str, mut game: Game) -> Result<String, String> {
    let mut out = String::new();
    let mut result_token = None;
    for token in tokens(text) {
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            result_token = Some(token);
            break;
        }
        if let Some(outcome) = game.outcome() {
            let _ = writeln!(out, "the game was over ({outcome}); {token:?} not played");
            return Err(out);
        }
        let before = game.position().clone();
        let ply = game.moves().len() + 1;
        let number = before.fullmove_number();
        let m = match game.play_san(&token) {
            Ok(m) => m,
            Err(e) => {
                let _ = writeln!(out, "ply {ply}: {token:?}: {e}");
                return Err(out);
            }
        };
        let dots = ["...", "."][usize::from(before.turn() == Color::White)];
        let mut line = format!("{number}{dots} {}", before.san(m));
        let claims = [
            (
                game.can_claim_threefold_repetition(),
                "threefold repetition (9.2)",
            ),
            (game.can_claim_fifty_moves(), "fifty moves (9.3)"),
        ];
        let claims: Vec<&str> = claims
            .iter()
            .filter_map(|&(can, c)| can.then_some(c))
            .collect();
        if !claims.is_empty() {
            let pad = 16usize.saturating_sub(line.len());
            let _ = write!(line, "{:pad$}claim: {}", "", claims.join(", "));
        }
        if let Some(outcome) = game.outcome() {
            let pad = 16usize.saturating_sub(line.len());
            let _ = write!(line, "{:pad$}ends: {outcome}", "");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out);
    let _ = write!(out, "{}", game.position().board(false));
    let _ = writeln!(out, "{}", game.position().fen());
    // A drawn result with a valid claim is recorded as the claim it is.
    let claimed = game.outcome().is_none()
        && result_token.as_deref() == Some("1/2-1/2")
        && game.claim_draw().is_ok();
    let outcome = game.outcome();
    let how = if claimed { " (claimed)" } else { "" };
    match outcome {
        Some(outcome) => {
            let _ = writeln!(out, "outcome: {outcome}{how}");
            let _ = writeln!(out, "result: {}", outcome.result());
            if let Some(given) = result_token.filter(|t| t != outcome.result()) {
                let _ = writeln!(out, "note: the movetext says {given}");
            }
        }
        None => {
            if let Some(claim) = game.draw_claim() {
                let _ = write!(out, "claimable: draw by {}", claim.reason);
                let _ = match claim.announced_move {
                    None => writeln!(out),
                    Some(m) => writeln!(out, ", by announcing {}", game.position().san(m)),
                };
            }
            let _ = match result_token.as_deref() {
                Some(given) if given != "*" => writeln!(
                    out,
                    "outcome: not decided on the board (resignation, agreement or time)\nresult: {given}"
                ),
                _ => writeln!(out, "outcome: the game is still on\nresult: *"),
            };
        }
    }
    Ok(out)
}

/// Runs the example: `args` without the program name, `stdin` read only
/// when no file is given. Returns what to print and the exit code.
pub fn run(args: &[String], stdin: impl FnOnce() -> std::io::Result<String>) -> (String, u8) {
    const USAGE: &str = "usage: replay [FILE] [--fen FEN | --960 N]\n";
    let (mut file, mut fen, mut n960) = (None, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            // A missing value reads as "", which neither start accepts.
            "--fen" => fen = Some(it.next().map_or("", String::as_str)),
            "--960" => n960 = Some(it.next().map_or("", String::as_str)),
            "-h" | "--help" => return (USAGE.to_string(), 0),
            _ if file.is_none() => file = Some(arg.as_str()),
            _ => return (USAGE.to_string(), 2),
        }
    }
    let played = start(fen, n960)
        .map_err(|e| format!("{e}\n"))
        .and_then(|game| {
            let text = match file {
                Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}\n")),
                None => stdin().map_err(|e| format!("stdin: {e}\n")),
            };
            Ok(replay(&text?, game))
        });
    match played {
        Ok(Ok(out)) => (out, 0),
        Ok(Err(out)) => (out, 1),
        Err(e) => (e, 2),
    }
}

#[cfg(test)]
mod replay_tests;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, code) = run(&args, || std::io::read_to_string(std::io::stdin()));
    if code == 0 {
        print!("{out}");
    } else {
        eprint!("{out}");
    }
    ExitCode::from(code)
}
