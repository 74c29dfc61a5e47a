//! PGN reading and writing: conformance with python-chess 1.11.2 on the
//! sample under tests/data/pgn/ (see tests/data/README.md), a test per
//! reading and writing rule, and the round trip of every game.

use crate::common::pgn_checks::{self, data, uci};

use chess_arbiter::pgn::{PgnError, PgnErrorKind, PgnGame, Reader};
use chess_arbiter::{CastlingMode, SanError};
use serde_json::Value;

fn kind_name(e: &PgnError) -> &'static str {
    match e.kind() {
        PgnErrorKind::Move { source, .. } | PgnErrorKind::VariationMove { source, .. } => {
            match source {
                // python-chess calls a move after checkmate or stalemate illegal.
                SanError::Illegal { .. } | SanError::GameOver { .. } => "illegal",
                SanError::Ambiguous { .. } => "ambiguous",
                _ => "invalid",
            }
        }
        PgnErrorKind::Syntax { .. } => "invalid",
        PgnErrorKind::NullMove { .. } => "null_move",
        PgnErrorKind::Variant(_) => "variant",
        PgnErrorKind::Fen(_) => "bad_fen",
        PgnErrorKind::UnterminatedTag => "unterminated_tag",
        PgnErrorKind::UnterminatedComment => "unterminated_comment",
        PgnErrorKind::MalformedTag => "malformed_tag",
        PgnErrorKind::Parenthesis(_) => "parenthesis",
        _ => "other",
    }
}

fn check_game(what: &str, record: &Value, game: &PgnGame) {
    let tags: Vec<(String, String)> = record["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t[0].as_str().unwrap().into(), t[1].as_str().unwrap().into()))
        .collect();
    let ours: Vec<(String, String)> = game.tags().map(|(n, v)| (n.into(), v.into())).collect();
    assert_eq!(ours, tags, "{what}: tags");
    assert_eq!(
        game.game().start().fen(),
        record["fen"].as_str().unwrap(),
        "{what}: start"
    );
    let chess960 = game.game().start().castling_mode() == CastlingMode::Chess960;
    assert_eq!(
        chess960,
        record["chess960"].as_bool().unwrap(),
        "{what}: chess960"
    );
    let moves: Vec<&str> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(uci(game), moves, "{what}: moves");
    assert_eq!(
        game.result(),
        record["result"].as_str().unwrap_or("*"),
        "{what}: result"
    );
    let comments: Vec<(usize, String)> = record["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c[0].as_u64().unwrap() as usize + 1,
                c[1].as_str().unwrap().into(),
            )
        })
        .chain(record["game_comment"].as_str().map(|c| (0, c.to_string())))
        .filter(|(_, c)| !c.is_empty())
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_iter()
        .collect();
    let ours: Vec<(usize, String)> = game.comments().map(|(n, t)| (n, t.to_string())).collect();
    assert_eq!(ours, comments, "{what}: comments");
    let mut nags: Vec<(usize, Vec<u8>)> = record["nags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let mut v: Vec<u8> = n[1]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap() as u8)
                .collect();
            v.sort();
            (n[0].as_u64().unwrap() as usize, v)
        })
        .collect();
    nags.sort();
    let ours: Vec<(usize, Vec<u8>)> = (0..game.mainline_len())
        .map(|ply| {
            let mut v: Vec<u8> = game.nags(ply).collect();
            v.sort();
            (ply, v)
        })
        .filter(|(_, v)| !v.is_empty())
        .collect();
    assert_eq!(ours, nags, "{what}: nags");
}

/// Checks every record of NAME.jsonl against what we read in NAME.pgn.
/// Returns (games checked, errors checked, soft differences).
fn conformance(name: &str) -> (usize, usize, usize) {
    let pgn = std::fs::read(data(&format!("{name}.pgn"))).unwrap();
    let records: Vec<Value> = std::fs::read_to_string(data(&format!("{name}.jsonl")))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let items: Vec<Result<PgnGame, PgnError>> = Reader::new(&pgn[..]).collect();
    let (mut games, mut errors, mut soft) = (0, 0, 0);
    let mut next = 0;
    for record in &records {
        let what = format!("{name} game {} (lines {})", record["n"], record["lines"]);
        let item = items.get(next).unwrap_or_else(|| panic!("{what}: missing"));
        next += 1;
        let soft_from = record["soft_from_ply"].as_u64();
        let is_soft = record["soft"].as_array().is_some_and(|s| !s.is_empty());
        match (&record["error"], item) {
            (Value::Null, Ok(game)) => {
                check_game(&what, record, game);
                games += 1;
            }
            (Value::Null, Err(e)) => {
                assert!(is_soft, "{what}: unexpected error {e}");
                if let (Some(from), Some(ply)) = (soft_from, e.ply()) {
                    assert!(
                        ply as u64 >= from,
                        "{what}: error {e} before soft ply {from}"
                    );
                }
                soft += 1;
            }
            (expected, Err(e)) => {
                let kind = expected["kind"].as_str().unwrap();
                if kind_name(e) != kind {
                    assert!(is_soft, "{what}: expected {kind}, got {e}");
                    soft += 1;
                    continue;
                }
                if let Some(ply) = expected["ply"].as_u64() {
                    assert_eq!(e.ply(), Some(ply as usize), "{what}: ply of {e}");
                    assert_eq!(
                        e.line(),
                        expected["line"].as_u64().unwrap(),
                        "{what}: line of {e}"
                    );
                    if expected["col_exact"].as_bool() == Some(true) {
                        assert_eq!(
                            e.column(),
                            expected["col"].as_u64().unwrap(),
                            "{what}: column of {e}"
                        );
                    }
                    let token = expected["token"].as_str().unwrap();
                    assert!(
                        e.to_string().contains(&format!("{token:?}")),
                        "{what}: token in {e}"
                    );
                }
                errors += 1;
                if kind == "unterminated_comment" {
                    // We resynchronise where python-chess swallows the rest:
                    // the games it lost are extra items here.
                    while items.get(next).is_some()
                        && next_starts_other(&records, record, &items[next])
                    {
                        next += 1;
                    }
                }
            }
            (expected, Ok(_)) => panic!("{what}: read without the expected error {expected}"),
        }
    }
    assert_eq!(
        next,
        items.len(),
        "{name}: more games read than python-chess reads"
    );
    (games, errors, soft)
}

/// Whether `item` is a game python-chess swallowed after `record`.
fn next_starts_other(records: &[Value], record: &Value, _item: &Result<PgnGame, PgnError>) -> bool {
    // python-chess reads nothing after an unterminated comment at the end of
    // its record list; everything after it is extra.
    records
        .last()
        .map(|r| r["n"] == record["n"])
        .unwrap_or(false)
}

macro_rules! conformance_tests {
    ($($test:ident: $name:literal,)*) => {$(
        #[test]
        fn $test() {
            let (games, errors, soft) = conformance($name);
            eprintln!("{}: {games} games, {errors} errors, {soft} soft", $name);
            assert!(games + errors > 0);
        }
    )*};
}

conformance_tests! {
    conformance_960: "syn_960",
    conformance_bom: "syn_bom",
    conformance_bom_crlf: "syn_bom_crlf",
    conformance_bom_movetext: "syn_bom_movetext",
    conformance_comments: "syn_comments",
    conformance_crlf: "syn_crlf",
    conformance_errors: "syn_errors",
    conformance_fen: "syn_fen",
    conformance_mixed: "syn_mixed",
    conformance_nags: "syn_nags",
    conformance_numbers: "syn_numbers",
    conformance_results: "syn_results",
    conformance_structure: "syn_structure",
    conformance_tags: "syn_tags",
    conformance_unterminated: "syn_unterminated",
    conformance_unterminated_blank: "syn_unterminated_blank",
    conformance_variants: "syn_variants",
    conformance_variations: "syn_variations",
}

#[test]
fn conformance_lichess() {
    let (games, errors, _) = conformance("syn_lichess");
    assert!(games + errors >= 50, "{games} + {errors}");
}

#[test]
fn every_sample_game_round_trips() {
    for game in sample_games() {
        pgn_checks::round_trip(&game);
    }
}

#[test]
fn every_sample_game_replays_through_play_and_serde() {
    for game in sample_games() {
        crate::common::replays_to_the_same_outcome(&game);
    }
}

/// Every game of every file of the sample.
fn sample_games() -> Vec<PgnGame> {
    let mut games = Vec::new();
    for entry in std::fs::read_dir(data("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let bytes = std::fs::read(&path).unwrap();
            games.extend(Reader::new(&bytes[..]).flatten());
        }
    }
    assert!(games.len() > 100, "{}", games.len());
    games
}
