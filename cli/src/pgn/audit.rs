//! `--audit`: the games whose record disagrees with the Laws of Chess.
//!
//! Every game is read on all the worker threads asked for
//! (`Reader::with_threads`) and ruled as the `arrow` feature's
//! `rule_batch` rules it: the ending the Laws decide by themselves
//! (checkmate, stalemate, insufficient material, a dead position, fivefold
//! repetition, the 75-move rule) or, for a `Termination` of "Time forfeit",
//! the flag fall of the side the result names as loser (FIDE 6.9: a draw
//! when the opponent cannot checkmate). A game disagrees when its recorded
//! result is not the ruled one, or when its record goes on after the end.

use chess_arbiter::pgn::{PgnErrorKind, PgnGame, Reader};
use chess_arbiter::{Color, DrawReason, Outcome, SanError, WinReason, Winnability};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Read};

/// One game whose record disagrees with the Laws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// Where its text starts (for a game that reads), or the line of the
    /// move after its end (for moves after checkmate or stalemate, which
    /// do not read).
    pub place: Place,
    /// The rule that ended the game (`checkmate`, ..., `timeout_draw`).
    pub rule: &'static str,
    /// The result the Laws give.
    pub ruled: &'static str,
    /// The recorded result.
    pub recorded: String,
    /// Whether the record goes on after the game's end.
    pub moves_after_end: bool,
}

/// Where a finding is in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The byte offset of the game's text.
    Byte(u64),
    /// The line of the first move after the game's end.
    Line(u64),
}

/// What an audit found.
#[derive(Debug, Default)]
pub struct Audit {
    /// Games read (with those that have errors).
    pub games: u64,
    /// Games whose ending the Laws decide (by a rule or a flag fall).
    pub ruled: u64,
    /// The disagreeing games, in input order.
    pub findings: Vec<Finding>,
}

impl Audit {
    /// Disagreeing games by rule.
    pub fn counts(&self) -> BTreeMap<&'static str, u64> {
        let mut counts = BTreeMap::new();
        for f in &self.findings {
            *counts.entry(f.rule).or_default() += 1;
        }
        counts
    }
}

/// The name of an ending the Laws decide by themselves.
fn automatic(outcome: Outcome) -> Option<&'static str> {
    Some(match outcome {
        Outcome::Decisive {
            reason: WinReason::Checkmate,
            ..
        } => "checkmate",
        Outcome::Draw { reason } => match reason {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient_material",
            DrawReason::DeadPosition => "dead_position",
            DrawReason::FivefoldRepetition => "fivefold_repetition",
            DrawReason::SeventyFiveMoves => "seventyfive_moves",
            _ => return None,
        },
        _ => return None,
    })
}

fn decided(result: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2"]
        .into_iter()
        .find(|&r| r == result.trim())
}

/// The recorded result: the Result tag, else the movetext's token.
fn recorded(game: &PgnGame) -> Option<&'static str> {
    game.tag("Result")
        .and_then(decided)
        .or_else(|| decided(game.result()))
}

/// The rule and ruled result of a game that reads, if the Laws decide it.
pub fn rule(game: &PgnGame) -> Option<(&'static str, &'static str)> {
    let played = game.game();
    if let Some(outcome) = played.outcome() {
        if let Some(name) = automatic(outcome) {
            return Some((name, outcome.result()));
        }
    }
    let forfeit = game
        .tag("Termination")
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("time forfeit"));
    if !forfeit {
        return None;
    }
    let pos = played.position();
    let flagged = match recorded(game) {
        Some("1-0") => Color::Black,
        Some("0-1") => Color::White,
        _ => pos.turn(),
    };
    Some(if pos.winnability(!flagged) == Winnability::Unwinnable {
        ("timeout_draw", "1/2-1/2")
    } else if flagged == Color::White {
        ("timeout", "0-1")
    } else {
        ("timeout", "1-0")
    })
}

/// Audits a whole input with `threads` workers.
///
/// # Errors
///
/// An error reading the input.
pub fn audit_input(input: impl Read + Send, threads: usize) -> io::Result<Audit> {
    let mut audit = Audit::default();
    // (A game dropped is freed by the worker thread that built it.)
    for item in Reader::with_threads(input, threads) {
        audit.games += 1;
        match item {
            Ok(game) => {
                let Some((rule, ruled)) = rule(&game) else {
                    continue;
                };
                audit.ruled += 1;
                let recorded = recorded(&game);
                let after = !game.moves_after_end().is_empty();
                if after || recorded.is_some_and(|r| r != ruled) {
                    audit.findings.push(Finding {
                        game: audit.games,
                        place: Place::Byte(game.byte_offset()),
                        rule,
                        ruled,
                        recorded: game.tag("Result").unwrap_or(game.result()).to_string(),
                        moves_after_end: after,
                    });
                }
            }
            Err(e) => {
                if let PgnErrorKind::Io(_) = e.kind() {
                    return Err(io::Error::other(e.to_string()));
                }
                // A move after checkmate or stalemate: the game ended there.
                if let PgnErrorKind::Move {
                    source: SanError::GameOver { outcome, .. },
                    ..
                } = e.kind()
                {
                    if let Some(rule) = automatic(*outcome) {
                        audit.ruled += 1;
                        audit.findings.push(Finding {
                            game: e.game_number(),
                            place: Place::Line(e.line()),
                            rule,
                            ruled: outcome.result(),
                            recorded: String::new(),
                            moves_after_end: true,
                        });
                    }
                }
            }
        }
    }
    Ok(audit)
}

/// The audit as printed: a line per disagreeing game, then counts by rule.
pub fn audit_report(a: &Audit, name: &str) -> String {
    let mut out = String::new();
    for f in &a.findings {
        let place = match f.place {
            Place::Byte(offset) => format!("byte {offset}"),
            Place::Line(line) => format!("line {line}"),
        };
        let recorded = if f.recorded.is_empty() {
            String::new()
        } else {
            format!(", recorded {}", f.recorded)
        };
        let after = if f.moves_after_end {
            ", moves after the end"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{name}: game {}, {place}: {}, ruled {}{recorded}{after}",
            f.game, f.rule, f.ruled
        );
    }
    let counts = a
        .counts()
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(
        out,
        "{name}: {} games, {} ended by the Laws, {} disagree with the record{}{counts}",
        a.games,
        a.ruled,
        a.findings.len(),
        if counts.is_empty() { "" } else { ": " }
    );
    out
}
