//! The record of a game: PGN tags, a comment per move and the ruling.

use super::Config;
use super::arbiter::Played;
use chess_arbiter::Game;
use chess_arbiter::pgn::{GameResult, PgnGame, Reader};
use std::time::{SystemTime, UNIX_EPOCH};

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days(i64::try_from(secs / 86_400).unwrap_or(0));
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01: count
/// 400-year eras of 146097 days, then the year inside the era, with years
/// starting on March 1 so the leap day falls at the end.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The game as the crate's PGN writer writes it: the Seven Tag Roster
/// (`White`/`Black` the engines' names), `TimeControl`, `Termination`,
/// `PlyCount`, `SetUp`/`FEN`/`Variant` when needed, a comment per move
/// (`+0.35/12 0.52s`) and the ruling in words after the last move.
pub fn pgn_game(played: &Played, number: u32, players: &[String; 2], config: &Config) -> PgnGame {
    let mut pgn = PgnGame::new(played.game.clone());
    let result = played.ruling.result();
    pgn.set_tag("Event", &printable(&config.event));
    pgn.set_tag("Site", &printable(&config.site));
    pgn.set_tag("Date", &today());
    pgn.set_tag("Round", &number.to_string());
    pgn.set_tag("White", &printable(&players[0]));
    pgn.set_tag("Black", &printable(&players[1]));
    pgn.set_result(result.parse().unwrap_or(GameResult::Unknown));
    pgn.set_tag("TimeControl", &config.rules.limit.time_control());
    pgn.set_tag("Termination", played.ruling.termination.tag());
    pgn.set_tag("PlyCount", &played.game.moves().len().to_string());
    for (ply, comment) in played.comments.iter().enumerate() {
        if !comment.is_empty() {
            pgn.set_comment(ply, Some(&printable(comment)));
        }
    }
    // The ruling closes the record: after the last move's comment, as
    // cutechess-cli writes it, or before any move when none was played.
    match played.comments.len().checked_sub(1) {
        Some(last) if !played.comments[last].is_empty() => {
            let text = format!("{}, {}", played.comments[last], played.ruling.words);
            pgn.set_comment(last, Some(&printable(&text)));
        }
        Some(last) => pgn.set_comment(last, Some(&printable(&played.ruling.words))),
        None => pgn.set_game_comment(Some(&printable(&played.ruling.words))),
    }
    pgn
}

/// Text as the record keeps it: every control character (NUL, escapes,
/// line breaks) becomes `?`, so nothing an engine or a command line says
/// can break the PGN or a terminal. (The engine's lines are cleaned as they
/// are read; this also covers names given on the command line.)
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// The game as PGN text.
pub fn pgn(played: &Played, number: u32, players: &[String; 2], config: &Config) -> String {
    pgn_game(played, number, players, config).to_string()
}

/// Reads the mainlines of the PGN games in `text`.
pub fn read_pgn(text: &str) -> Vec<Result<Game, String>> {
    Reader::new(text.as_bytes())
        .map(|item| item.map(|g| g.game().clone()).map_err(|e| e.to_string()))
        .collect()
}
