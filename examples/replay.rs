//! Replays a game written in SAN and says how it stands, as an arbiter would.
//!
//! ```text
//! cargo run --example replay -- [FILE] [--fen FEN | --960 N]
//! ```
//!
//! Reads the movetext from FILE, or from standard input: move numbers
//! (`1.`, `1...`), `{comments}`, `;` comments to the end of the line, NAGs
//! (`$1`), variations in parentheses (nested, skipped), PGN tag lines
//! (`[Event "…"]`, skipped) and a result token (`1-0`, `0-1`, `1/2-1/2`,
//! `*`). The game starts from the standard position, from `--fen FEN`, or
//! from Chess960 start `--960 N` (Scharnagl numbering, 0 to 959).
//!
//! Each move is played with [`Game::play_san`]; the example prints its SAN,
//! the draw claims then available (FIDE 9.2, 9.3) and any automatic ending
//! (FIDE 5, 9.6). At the end: the board, the outcome with its reason, and
//! the result. An illegal or ambiguous move stops the replay with its ply
//! number, its text and the `SanError`, and the exit code 1.

use chess_arbiter::{Color, DrawReason, Game, Position};
use std::fmt::Write;
use std::process::ExitCode;

/// The movetext's tokens: moves (with any move number glued on) and the
/// result, without comments, NAGs, variations and tag lines.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0_u32; // variation nesting
    let mut chars = text.chars().peekable();
    let mut line_start = true;
    let flush = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            out.push(std::mem::take(word));
        }
    };
    while let Some(c) = chars.next() {
        let at_line_start = line_start;
        line_start = c == '\n';
        match c {
            '{' => {
                flush(&mut word, &mut out);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut word, &mut out);
                for c in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '[' if at_line_start && depth == 0 => {
                // A PGN tag pair: skip the line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        line_start = true;
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, &mut out);
                depth += 1;
            }
            ')' => {
                flush(&mut word, &mut out);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c if depth == 0 => word.push(c),
            _ => {}
        }
        if depth > 0 {
            word.clear();
        }
    }
    flush(&mut word, &mut out);
    out.into_iter()
        .filter_map(|t| {
            if t.starts_with('$') {
                return None; // a NAG
            }
            // A move number, alone (`12.`, `12...`) or glued to its move (`1.e4`).
            let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let rest = &t[digits..];
            if digits > 0 && rest.starts_with('.') {
                let mv = rest.trim_start_matches('.');
                return (!mv.is_empty()).then(|| mv.to_string());
            }
            Some(t)
        })
        .collect()
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
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
        if is_result(&token) {
            result_token = Some(token);
            break;
        }
        if let Some(outcome) = game.outcome() {
            let _ = writeln!(
                out,
                "the game was already over ({outcome}); {token:?} not played"
            );
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
        let dots = if before.turn() == Color::White {
            "."
        } else {
            "..."
        };
        let mut line = format!("{number}{dots} {}", before.san(m));
        let mut claims = Vec::new();
        if game.can_claim_threefold_repetition() {
            claims.push("threefold repetition (9.2)");
        }
        if game.can_claim_fifty_moves() {
            claims.push("fifty moves (9.3)");
        }
        if !claims.is_empty() {
            let _ = write!(
                line,
                "{:width$}claim: {}",
                "",
                claims.join(", "),
                width = 16usize.saturating_sub(line.len())
            );
        }
        if let Some(outcome) = game.outcome() {
            let _ = write!(
                line,
                "{:width$}ends: {outcome}",
                "",
                width = 16usize.saturating_sub(line.len())
            );
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
                let _ = match claim.announced_move {
                    None => writeln!(out, "claimable: {}", claim_text(claim.reason)),
                    Some(m) => writeln!(
                        out,
                        "claimable: {}, by announcing {}",
                        claim_text(claim.reason),
                        game.position().san(m)
                    ),
                };
            }
            match result_token.as_deref() {
                Some(given) if given != "*" => {
                    let _ = writeln!(
                        out,
                        "outcome: not decided on the board (resignation, agreement or time)"
                    );
                    let _ = writeln!(out, "result: {given}");
                }
                _ => {
                    let _ = writeln!(out, "outcome: the game is still on");
                    let _ = writeln!(out, "result: *");
                }
            }
        }
    }
    Ok(out)
}

fn claim_text(reason: DrawReason) -> String {
    format!("draw by {reason}")
}

/// Runs the example: `args` without the program name, `stdin` read only
/// when no file is given. Returns what to print and the exit code.
pub fn run(args: &[String], stdin: impl FnOnce() -> std::io::Result<String>) -> (String, u8) {
    const USAGE: &str = "usage: replay [FILE] [--fen FEN | --960 N]\n";
    let (mut file, mut fen, mut n960) = (None, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--fen" => fen = it.next().map(String::as_str),
            "--960" => n960 = it.next().map(String::as_str),
            "-h" | "--help" => return (USAGE.to_string(), 0),
            _ if file.is_none() => file = Some(arg.as_str()),
            _ => return (USAGE.to_string(), 2),
        }
    }
    if args.iter().any(|a| a == "--fen") && fen.is_none()
        || args.iter().any(|a| a == "--960") && n960.is_none()
    {
        return (USAGE.to_string(), 2);
    }
    let game = match start(fen, n960) {
        Ok(game) => game,
        Err(e) => return (format!("{e}\n"), 2),
    };
    let text = match file {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}\n")),
        None => stdin().map_err(|e| format!("stdin: {e}\n")),
    };
    match text {
        Ok(text) => match replay(&text, game) {
            Ok(out) => (out, 0),
            Err(out) => (out, 1),
        },
        Err(e) => (e, 2),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, code) = run(&args, || std::io::read_to_string(std::io::stdin()));
    match code {
        0 => print!("{out}"),
        // The moves played so far on stdout, the refused one on stderr.
        1 => {
            let body = out.trim_end_matches('\n');
            let (played, error) = body.rsplit_once('\n').unwrap_or(("", body));
            if !played.is_empty() {
                println!("{played}");
            }
            eprintln!("{error}");
        }
        _ => eprint!("{out}"),
    }
    ExitCode::from(code)
}
