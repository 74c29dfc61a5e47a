//! One game record read and ruled by the Laws: the row a record gets.

use super::columns::Ruling;
use crate::pgn::{PgnError, PgnErrorKind, PgnGame, Reader};
use crate::{Color, DrawReason, Outcome, Position, SanError, WinReason, Winnability};
use alloc::borrow::Cow;
use alloc::string::{String, ToString};

/// Reads one game record (tags and movetext) and rules it.
pub(super) fn rule_record(
    record: &[u8],
    result: Option<&str>,
    termination: Option<&str>,
) -> Ruling {
    match read_one(record) {
        Ok(game) => {
            let result = result.or_else(|| game.tag("Result"));
            rule_game(
                &game,
                result,
                termination.or_else(|| game.tag("Termination")),
            )
        }
        Err(e) => rule_error(record, &e, result),
    }
}

/// The first game of `record`; a record that holds more than one game is
/// an error (an empty line splits games).
fn read_one(record: &[u8]) -> Result<PgnGame, Cow<'static, str>> {
    let mut reader = Reader::new(record);
    match first_game(&mut reader) {
        // An empty movetext: a game without moves.
        None => match Reader::new(&b"*"[..]).next() {
            Some(Ok(game)) => Ok(game),
            _ => Err(Cow::Borrowed("no game in the record")),
        },
        Some(Err(e)) => Err(Cow::Owned(error_text(&e))),
        Some(Ok(game)) => match reader.next_record(true) {
            None => Ok(game),
            Some(_) => Err(Cow::Borrowed(
                "more than one game in the record (an empty line inside the movetext)",
            )),
        },
    }
}

/// The next game of `reader`, its variations read for syntax only (the
/// columns rule the mainline).
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
fn first_game(reader: &mut Reader<&[u8]>) -> Option<Result<PgnGame, PgnError>> {
    match reader.next_record(true)? {
        Ok(record) => Some(record.game),
        Err(e) => Some(Err(PgnError {
            game_number: 1,
            line: 1,
            column: 1,
            kind: PgnErrorKind::Io(e),
        })),
    }
}

pub(super) fn error_text(e: &PgnError) -> String {
    e.kind().to_string()
}

/// The ruling of a record that does not read: the error, and for moves
/// after checkmate or stalemate the game up to its end.
pub(super) fn rule_error(record: &[u8], message: &str, recorded: Option<&str>) -> Ruling {
    let mut ruling = Ruling {
        error: Some(String::from(message)),
        ..Ruling::default()
    };
    let Some(Err(e)) = first_game(&mut Reader::new(record)) else {
        return ruling;
    };
    ruling.plies = e.ply().and_then(|p| u32::try_from(p).ok());
    let PgnErrorKind::Move {
        source: SanError::GameOver { .. },
        ..
    } = e.kind()
    else {
        return ruling;
    };
    // The record goes on after checkmate or stalemate: the game up to
    // there, ruled as the Laws end it; the record disagrees.
    let Some(cut) = byte_at(record, e.line(), e.column()) else {
        return ruling;
    };
    let Some(Ok(game)) = first_game(&mut Reader::new(&record[..cut])) else {
        return ruling;
    };
    let recorded = recorded.or_else(|| game.tag("Result"));
    let ended = rule_game(&game, recorded, None);
    ruling.end_ply = ended.end_ply;
    ruling.termination = ended.termination;
    ruling.ruled_result = ended.ruled_result;
    ruling.final_fen = ended.final_fen;
    ruling.disagrees = true;
    ruling
}

/// The byte index of `line` and `column` (both from 1, the column in
/// characters, as the reader counts them: bytes that do not continue a
/// UTF-8 sequence) in `text`.
fn byte_at(text: &[u8], line: u64, column: u64) -> Option<usize> {
    let mut at = 0;
    let mut current = 1;
    while current < line {
        let k = memchr::memchr2(b'\n', b'\r', &text[at..])?;
        at += k + 1;
        if text[at - 1] == b'\r' && text.get(at) == Some(&b'\n') {
            at += 1;
        }
        current += 1;
    }
    let mut chars = column.saturating_sub(1);
    let rest = &text[at..];
    let offset = rest
        .iter()
        .position(|&b| {
            if b & 0xc0 == 0x80 {
                return false;
            }
            if chars == 0 {
                return true;
            }
            chars -= 1;
            false
        })
        .unwrap_or(rest.len());
    Some(at + offset)
}

/// Whether `outcome` is one the Laws decide by themselves (not a
/// resignation, agreement, claim or flag fall recorded in the game).
fn automatic(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::Decisive {
            reason: reason @ WinReason::Checkmate,
            ..
        } => Some(reason.name()),
        Outcome::Draw {
            reason:
                reason @ (DrawReason::Stalemate
                | DrawReason::InsufficientMaterial
                | DrawReason::DeadPosition
                | DrawReason::FivefoldRepetition
                | DrawReason::SeventyFiveMoves),
        } => Some(reason.name()),
        _ => None,
    }
}

/// `1-0`, `0-1`, `1/2-1/2`, or `None` for `*` and anything else.
fn decided(result: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2"]
        .into_iter()
        .find(|&r| r == result.trim())
}

/// Whether a `Termination` tag says a flag fell.
fn is_time_forfeit(termination: &str) -> bool {
    termination.trim().eq_ignore_ascii_case("time forfeit")
}

/// Rules a game read from PGN: `recorded` is the recorded result (else the
/// movetext's token), `termination` the `Termination` tag.
pub(super) fn rule_game(
    game: &PgnGame,
    recorded: Option<&str>,
    termination: Option<&str>,
) -> Ruling {
    let played = game.game();
    let recorded = recorded
        .and_then(decided)
        .or_else(|| decided(game.result()));
    let after_end = game.moves_after_end();
    let final_fen = if after_end.is_empty() {
        played.position().fen()
    } else {
        let mut pos: Position = played.position().clone();
        for &m in after_end {
            pos.play_unchecked(m);
        }
        pos.fen()
    };
    let mut ruling = Ruling {
        plies: u32::try_from(game.mainline_len()).ok(),
        final_fen: Some(final_fen),
        ..Ruling::default()
    };
    let end = u32::try_from(played.moves().len()).ok();
    let automatic = played
        .outcome()
        .and_then(|o| automatic(o).map(|name| (o, name)));
    let ruled = if let Some((outcome, name)) = automatic {
        Some((outcome.result(), name))
    } else if termination.is_some_and(is_time_forfeit) {
        let pos = played.position();
        let flagged = match recorded {
            Some("1-0") => Color::Black,
            Some("0-1") => Color::White,
            _ => pos.turn(),
        };
        Some(if pos.winnability(!flagged) == Winnability::Unwinnable {
            ("1/2-1/2", DrawReason::TimeoutOpponentCannotMate.name())
        } else if flagged == Color::White {
            ("0-1", WinReason::Timeout.name())
        } else {
            ("1-0", WinReason::Timeout.name())
        })
    } else {
        None
    };
    if let Some((result, name)) = ruled {
        ruling.end_ply = end;
        ruling.termination = Some(name);
        ruling.ruled_result = Some(result);
        ruling.disagrees = recorded.is_some_and(|r| r != result) || !after_end.is_empty();
    }
    ruling
}
