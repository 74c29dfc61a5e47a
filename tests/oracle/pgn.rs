//! PGN reading and writing: conformance with python-chess 1.11.2 on the
//! sample under tests/data/pgn/ (see tests/data/README.md), a test per
//! reading and writing rule, and the round trip of every game.

use crate::common::pgn_checks;

use chess_arbiter::pgn::{Eval, GameResult, PgnError, PgnErrorKind, PgnGame, Reader, Variation};
use chess_arbiter::{CastlingMode, DrawReason, Game, Outcome, Position, SanError};
use serde_json::Value;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn")
        .join(name)
}

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    Reader::new(text.as_bytes()).collect()
}

fn one(text: &str) -> PgnGame {
    let mut items = read_all(text);
    assert_eq!(items.len(), 1, "{text}");
    items.remove(0).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> PgnError {
    let mut items = read_all(text);
    assert!(!items.is_empty(), "{text}");
    match items.remove(0) {
        Err(e) => e,
        Ok(g) => panic!("read without error: {:?}\n{text}", g.game()),
    }
}

fn uci(game: &PgnGame) -> Vec<String> {
    let g = game.game();
    let mut pos = g.start().clone();
    game.mainline()
        .map(|m| {
            let u = pos.uci(m).to_string();
            pos.play_unchecked(m);
            u
        })
        .collect()
}

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
    let mut n = 0;
    for entry in std::fs::read_dir(data("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let bytes = std::fs::read(&path).unwrap();
            for game in Reader::new(&bytes[..]).flatten() {
                pgn_checks::round_trip(&game);
                n += 1;
            }
        }
    }
    assert!(n > 100, "{n}");
}

// ---- Reading rules ----

fn moves_uci(text: &str) -> Vec<String> {
    uci(&one(text))
}

#[test]
fn reads_a_byte_order_mark_and_crlf_line_ends() {
    let g = one("\u{feff}[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. e4 {a\r\nb} e5 *\r\n");
    assert_eq!(g.tag("Event"), Some("x"));
    assert_eq!(g.tag("Site"), Some("y"));
    assert_eq!(g.comment(0), Some("a\nb"));
    assert_eq!(uci(&g), ["e2e4", "e7e5"]);
    // CRs before a line feed are part of the line break; CRs alone are a
    // line break too (a lone CR ends a line).
    assert_eq!(
        one("1. e4 {a\r\r\nb\rc\r\rd} *").comment(0),
        Some("a\nb\nc\nd")
    );
}

/// A reader that hands out one byte at a time: the buffering must not care.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn reads_the_same_games_whatever_the_read_sizes() {
    let text = std::fs::read(data("syn_mixed.pgn")).unwrap();
    let whole: Vec<String> = Reader::new(&text[..])
        .map(|r| r.map(|g| g.to_string()).unwrap_or_else(|e| e.to_string()))
        .collect();
    let trickled: Vec<String> = Reader::new(Trickle(&text))
        .map(|r| r.map(|g| g.to_string()).unwrap_or_else(|e| e.to_string()))
        .collect();
    assert_eq!(whole, trickled);
    assert!(whole.len() > 20);
}

#[test]
fn escape_lines_start_with_percent_in_column_one() {
    assert_eq!(moves_uci("1. e4\n% e5 is not read\ne5 *"), ["e2e4", "e7e5"]);
    assert!(error("1. e4 %e5 *").to_string().contains("\"%e5\""));
}

#[test]
fn semicolon_comments_run_to_the_end_of_the_line() {
    let g = one("1. e4 ; e5 {not a comment\n1... c5 *");
    assert_eq!(uci(&g), ["e2e4", "c7c5"]);
    assert_eq!(g.comment(0), None);
}

#[test]
fn brace_comments_do_not_nest_and_are_kept_per_move() {
    let g = one("{before} 1. e4 {one {two} e5 {x} {y} *");
    assert_eq!(g.game_comment(), Some("before"));
    assert_eq!(g.comment(0), Some("one {two"));
    assert_eq!(g.comment(1), Some("x y"));
}

#[test]
fn nags_are_read_from_dollars_and_glyphs() {
    let g = one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $255 *");
    let nags: Vec<Vec<u8>> = (0..7).map(|p| g.nags(p).collect()).collect();
    assert_eq!(
        nags,
        [
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6],
            vec![14, 255]
        ]
    );
    assert!(matches!(
        error("1. e4 $256 *").kind(),
        PgnErrorKind::Syntax { .. }
    ));
    assert!(matches!(
        error("1. e4 !!! *").kind(),
        PgnErrorKind::Syntax { .. }
    ));
}

#[test]
fn variations_are_kept_out_of_the_game_as_a_tree_under_the_move_they_replace() {
    let g = one("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 (1... c5 {Sicilian}) 2. Nf3 *");
    assert_eq!(uci(&g), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(g.comments().count(), 0);
    let first = &g.variations(0);
    assert_eq!(first.len(), 1);
    let sans = |v: &Variation| {
        (0..v.len())
            .map(|i| v.san(i).unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(sans(&first[0]), ["d4", "d5", "c4"]);
    assert_eq!(sans(&first[0].variations(1)[0]), ["Nf6", "c4"]);
    assert_eq!(
        first[0].variations(1)[0].start(),
        &first[0].position_before(1).unwrap()
    );
    assert_eq!(sans(&g.variations(1)[0]), ["c5"]);
    assert_eq!(g.variations(1)[0].comment(0), Some("Sicilian"));
    assert!(g.variations(2).is_empty());
    // Text that is no move at all is an error, as before.
    let e = error("1. e4 (1. Xy9) e5 *");
    assert!(matches!(e.kind(), PgnErrorKind::Syntax { .. }), "{e}");
    assert_eq!((e.line(), e.column()), (1, 11));
}

#[test]
fn an_illegal_move_in_a_variation_is_an_error_naming_ply_line_and_column() {
    // Each move of a variation is played from its own position.
    let e = error("1. e4 e5\n2. Nf3 (2. Bc4 Nc6 3. Ke2 Nf6 4. Kd4) Nc6 *");
    assert!(
        matches!(e.kind(), PgnErrorKind::VariationMove { .. }),
        "{e}"
    );
    assert_eq!((e.line(), e.column(), e.ply()), (2, 34, Some(6)));
    assert!(
        e.to_string()
            .contains("move 4 \"Kd4\" in a variation: illegal SAN"),
        "{e}"
    );
    // Nested: from the position before the move the inner one replaces.
    let e = error("1. e4 (1. d4 d5 (1... e5 2. dxe5 Bc5 3. exf7+ Kxf7)) *");
    assert_eq!((e.column(), e.ply()), (41, Some(4)), "{e}");
    assert!(
        e.to_string().contains("move 3 \"exf7+\" in a variation"),
        "{e}"
    );
    let ok = one("1. e4 (1. d4 d5 (1... e5 2. dxe5 Bc5)) *");
    assert!(ok.variations(0)[0].variations(1)[0].len() == 3);
}

#[test]
fn variations_keep_their_comments_and_nags_and_round_trip_nested() {
    let text = "{game} 1. e4 $1 ({first} 1. d4 $5 {queen} d5 (1... Nf6 $2 {indian} 2. c4 (2. Nf3)) 2. c4) (1. c4!?) 1... e5 2. Nf3 *";
    let g = one(text);
    let d4 = &g.variations(0)[0];
    assert_eq!(d4.starting_comment(), Some("first"));
    assert_eq!(d4.nags(0), [5]);
    assert_eq!(d4.comment(0), Some("queen"));
    assert_eq!(d4.variations(1)[0].nags(0), [2]);
    assert_eq!(
        d4.variations(1)[0].variations(1)[0].san(0).as_deref(),
        Some("Nf3")
    );
    assert_eq!(g.variations(0)[1].nags(0), [5]);
    let out = g.to_string();
    assert!(
        out.ends_with("{ game } 1. e4 $1 ( { first } 1. d4 $5 { queen } 1... d5 ( 1... Nf6 $2\n{ indian } 2. c4 ( 2. Nf3 ) ) 2. c4 ) ( 1. c4 $5 ) 1... e5 2. Nf3 *\n"),
        "{out}"
    );
    let back = one(&out);
    pgn_checks::same_variations(back.variations(0), g.variations(0), &out);
    pgn_checks::round_trip(&g);
}

#[test]
fn variations_can_be_walked_added_promoted_and_removed() {
    let mut g = one("1. e4 e5 (1... c5 2. Nf3 d6) (1... e6) 2. Nf3 Nc6 *");
    // One place up among the alternatives.
    assert!(g.promote_variation(1, 1).is_ok());
    assert_eq!(g.variations(1)[0].san(0).as_deref(), Some("e6"));
    // The first one becomes the mainline; the mainline its first alternative.
    assert!(g.promote_variation(1, 0).is_ok());
    assert_eq!(uci(&g), ["e2e4", "e7e6"]);
    assert_eq!(g.variations(1)[0].moves().count(), 3);
    assert_eq!(g.variations(1)[1].san(0).as_deref(), Some("c5"));
    assert!(g.promote_variation(1, 0).is_ok());
    assert_eq!(uci(&g), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(g.variations(1)[0].san(0).as_deref(), Some("e6"));
    // Added only where it starts from the position before the move.
    let mut line = Variation::new(g.position_before(2).unwrap());
    line.push_san("d4").unwrap();
    assert!(g.add_variation(3, line.clone()).is_err());
    assert!(g.add_variation(2, line).is_ok());
    assert!(g.to_string().contains("2. Nf3 ( 2. d4 ) 2... Nc6 *"));
    assert!(g.remove_variation(2, 0).is_some());
    assert!(g.remove_variation(2, 0).is_none());
    assert!(g.promote_variation(9, 0).is_err());
    assert!(g.promote_variation(1, 5).is_err());
    pgn_checks::round_trip(&g);
}

#[test]
fn a_variation_with_no_move_before_it_is_read_for_syntax_only() {
    // Nothing to replace: python-chess skips it too.
    let g = one("( 1. d4 ) 1. e4 *");
    assert_eq!(uci(&g), ["e2e4"]);
    assert!(g.variations(0).is_empty());
}

#[test]
fn unbalanced_parentheses_are_errors() {
    assert!(matches!(
        error("1. e4 (1. d4 *").kind(),
        PgnErrorKind::Parenthesis(_)
    ));
    assert!(matches!(
        error("1. e4 ) e5 *").kind(),
        PgnErrorKind::Parenthesis(_)
    ));
}

#[test]
fn a_million_nested_parentheses_cost_no_stack() {
    let mut text = String::from("1. e4 ");
    text.push_str(&"(".repeat(1_000_000));
    text.push_str(&")".repeat(1_000_000));
    text.push_str(" e5 *");
    assert_eq!(moves_uci(&text), ["e2e4", "e7e5"]);
    let open = format!("1. e4 {}", "(".repeat(1_000_000));
    assert!(matches!(error(&open).kind(), PgnErrorKind::Parenthesis(_)));
}

#[test]
fn a_huge_comment_is_read_in_linear_time() {
    let body = "x".repeat(30_000_000);
    let text = format!("1. e4 {{{body}}} e5 *\n\n1. d4 *\n");
    let start = std::time::Instant::now();
    let games = read_all(&text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].as_ref().unwrap().comment(0).map(str::len),
        Some(30_000_000)
    );
    assert!(start.elapsed().as_secs() < 20);
    let never = format!("1. e4 {{{body}\n\n1. d4 *\n");
    assert!(matches!(
        error(&never).kind(),
        PgnErrorKind::UnterminatedComment
    ));
}

#[test]
fn move_numbers_may_have_dots_or_none_or_be_glued_on() {
    for text in [
        "1. e4 e5 2. Nf3 *",
        "1.e4 e5 2.Nf3 *",
        "1 e4 e5 2 Nf3 *",
        "1. e4 1... e5 2. Nf3 *",
        "1.e4 1...e5 2.Nf3 *",
        "1. ... e4 e5 5. Nf3 *",
        "e4 e5 Nf3 *",
    ] {
        assert_eq!(moves_uci(text), ["e2e4", "e7e5", "g1f3"], "{text}");
    }
}

#[test]
fn castling_may_be_written_with_zeros() {
    let fen = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n";
    assert_eq!(moves_uci(&format!("{fen}1. 0-0 0-0-0 *")), ["e1g1", "e8c8"]);
    assert_eq!(moves_uci(&format!("{fen}1. O-O-O O-O *")), ["e1c1", "e8g8"]);
}

#[test]
fn a_missing_result_reads_as_a_star() {
    let g = one("[Result \"1-0\"]\n\n1. e4 e5");
    assert_eq!(g.result(), "*");
    assert_eq!(g.tag("Result"), Some("1-0"));
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert_eq!(one(&format!("1. e4 {r}")).result(), r);
    }
}

#[test]
fn tag_values_are_unescaped() {
    let g = one("[White \"Nimzo \\\"the great\\\" \\\\ Larsen\"]\n[Black \"a\\b\"]\n\n*");
    assert_eq!(g.tag("White"), Some("Nimzo \"the great\" \\ Larsen"));
    assert_eq!(g.tag("Black"), Some("a\\b"));
}

#[test]
fn games_without_tags_are_games() {
    let games = read_all("1. e4 e5 *\n\n1. d4 d5 *\n\n{only a comment}\n");
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g.is_ok()));
    assert_eq!(
        games[2].as_ref().unwrap().game_comment(),
        Some("only a comment")
    );
}

#[test]
fn fen_sets_the_start_with_or_without_setup() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12";
    for setup in ["[SetUp \"1\"]\n", ""] {
        let g = one(&format!("{setup}[FEN \"{fen}\"]\n\n12... Kd7 13. e4 *"));
        assert_eq!(g.game().start().fen(), fen);
        assert_eq!(uci(&g), ["e8d7", "e2e4"]);
    }
    let e = error("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*");
    assert!(matches!(e.kind(), PgnErrorKind::Fen(_)), "{e}");
    assert_eq!(e.line(), 1);
}

#[test]
fn chess960_is_read_under_each_spelling_and_any_case() {
    // A start whose castling looks standard: only the tag makes it Chess960.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for name in [
        "Chess960",
        "chess 960",
        "Fischerandom",
        "FISCHER RANDOM",
        "fischer random",
    ] {
        let g = one(&format!(
            "[Variant \"{name}\"]\n[FEN \"{fen}\"]\n\n1. O-O O-O-O *"
        ));
        assert_eq!(
            g.game().start().castling_mode(),
            CastlingMode::Chess960,
            "{name}"
        );
        assert_eq!(uci(&g), ["e1h1", "e8a8"]);
    }
    let g = one(&format!("[FEN \"{fen}\"]\n\n1. O-O *"));
    assert_eq!(g.game().start().castling_mode(), CastlingMode::Standard);
}

#[test]
fn a_fen_whose_castling_needs_chess960_reads_in_chess960() {
    let g = one("[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n\n1. O-O *");
    assert_eq!(g.game().start().castling_mode(), CastlingMode::Chess960);
    assert_eq!(uci(&g), ["e1g1"]);
}

#[test]
fn other_variants_are_errors_for_their_game_only() {
    let games = read_all("[Variant \"Atomic\"]\n\n1. e4 *\n\n[Variant \"Standard\"]\n\n1. e4 *\n");
    let e = games[0].as_ref().unwrap_err();
    assert!(
        matches!(e.kind(), PgnErrorKind::Variant(v) if v == "Atomic"),
        "{e}"
    );
    assert!(games[1].is_ok());
}

#[test]
fn null_moves_are_errors() {
    for null in ["--", "Z0", "0000", "@@@@"] {
        let e = error(&format!("1. e4 {null} 2. d4 *"));
        assert!(
            matches!(e.kind(), PgnErrorKind::NullMove { .. }),
            "{null}: {e}"
        );
        assert_eq!((e.ply(), e.column()), (Some(1), 7), "{null}");
    }
}

#[test]
fn an_unterminated_tag_is_an_error_where_it_opened_and_the_next_game_is_read() {
    let games = read_all(
        "[Event \"ok\"]\n[Site \"never closed\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n",
    );
    let e = games[0].as_ref().unwrap_err();
    assert!(matches!(e.kind(), PgnErrorKind::UnterminatedTag), "{e}");
    assert_eq!((e.line(), e.column()), (2, 1));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
    assert_eq!(games.len(), 2);
}

#[test]
fn an_unterminated_comment_is_an_error_where_it_opened_and_the_rest_is_not_swallowed() {
    let text = "1. e4 e5\n2. Nf3 { never closed\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n";
    let games = read_all(text);
    let e = games[0].as_ref().unwrap_err();
    assert!(matches!(e.kind(), PgnErrorKind::UnterminatedComment), "{e}");
    assert_eq!((e.line(), e.column()), (2, 8));
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
    // A comment may hold empty lines and tag-like lines when it closes.
    let g = one("1. e4 { a\n\n[Event \"not a tag\"]\n} e5 *");
    assert_eq!(g.comment(0), Some("a\n\n[Event \"not a tag\"]\n"));
}

#[test]
fn an_illegal_move_names_game_line_column_ply_and_cause() {
    let text =
        "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bb5 *\n";
    let games = read_all(text);
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(
        (e.game_number(), e.line(), e.column(), e.ply()),
        (2, 8, 14, Some(6))
    );
    assert!(matches!(
        e.kind(),
        PgnErrorKind::Move {
            source: SanError::Illegal { .. },
            ..
        }
    ));
    assert!(
        e.to_string()
            .starts_with("game 2, line 8, column 14: move 4 \"Bb5\": illegal SAN"),
        "{e}"
    );
    assert!(std::error::Error::source(e).is_some());
}

#[test]
fn an_ambiguous_move_is_an_error() {
    let e = error("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *");
    assert!(matches!(
        e.kind(),
        PgnErrorKind::Move {
            source: SanError::Ambiguous { .. },
            ..
        }
    ));
}

#[test]
fn after_an_error_the_reader_loses_none_of_the_following_games() {
    let mut text = String::new();
    for i in 0..50 {
        if i % 3 == 0 {
            text.push_str("1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n");
        } else {
            text.push_str("[Event \"ok\"]\n\n1. d4 d5 *\n\n");
        }
    }
    let games = read_all(&text);
    assert_eq!(games.len(), 50);
    assert_eq!(games.iter().filter(|g| g.is_err()).count(), 17);
}

#[test]
fn clock_and_eval_comments_are_values() {
    let g = one(
        "1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 { [%clk 1:00:00.25] [%eval #3] } 2. Nf3 { [%eval -12.345,30] } *",
    );
    assert_eq!(g.clock(0), Some(std::time::Duration::from_secs(180)));
    assert_eq!(
        g.clock(1),
        Some(std::time::Duration::from_millis(3_600_250))
    );
    assert_eq!(g.clock(2), None);
    assert_eq!(g.eval(0), Some(Eval::Centipawns(17)));
    assert_eq!(g.eval(1), Some(Eval::Mate(3)));
    assert_eq!(g.eval(2), Some(Eval::Centipawns(-1235)));
}

// ---- Writing rules ----

fn game_of(sans: &[&str]) -> Game {
    let mut game = Game::new();
    for san in sans {
        game.play_san(san).unwrap();
    }
    game
}

#[test]
fn writer_puts_the_seven_tag_roster_first_then_the_others_in_order() {
    let g =
        one("[Annotator \"z\"]\n[Result \"*\"]\n[ECO \"A00\"]\n[White \"w\"]\n[Event \"e\"]\n\n*");
    let text = g.to_string();
    assert_eq!(
        text,
        "[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"?\"]\n[Result \"*\"]\n[Annotator \"z\"]\n[ECO \"A00\"]\n\n*\n"
    );
    // Without any tag: the Seven Tag Roster all the same.
    assert!(one("1. e4 1-0").to_string().starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"));
    let new = PgnGame::new(Game::new()).to_string();
    assert_eq!(
        new,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n*\n"
    );
}

#[test]
fn writer_adds_setup_and_fen_and_chess960_variant_when_needed() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12").unwrap();
    let mut game = Game::from_position(pos);
    game.play_san("Kd7").unwrap();
    let text = PgnGame::new(game).to_string();
    assert!(
        text.contains(
            "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("\n\n12... Kd7 *\n"), "{text}");
    let text = PgnGame::new(Game::from_position(Position::chess960(0))).to_string();
    assert!(
        text.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/"),
        "{text}"
    );
    assert!(!PgnGame::new(Game::new()).to_string().contains("FEN"));
}

#[test]
fn writer_lines_are_at_most_79_characters() {
    let games: Vec<PgnGame> = Reader::new(&std::fs::read(data("syn_mixed.pgn")).unwrap()[..])
        .flatten()
        .collect();
    let mut lines = 0;
    for g in &games {
        for line in g.to_string().lines() {
            if !line.contains('{') && !line.contains('}') {
                assert!(line.len() <= 79, "{line}");
                lines += 1;
            }
        }
    }
    assert!(lines > 100);
}

#[test]
fn writer_numbers_black_after_a_comment_interrupts() {
    let mut pgn = PgnGame::new(game_of(&["e4", "e5", "Nf3", "Nc6"]));
    pgn.set_comment(0, Some("best"));
    pgn.set_comment(2, Some("develops"));
    pgn.add_nag(1, 1);
    let text = pgn.to_string();
    assert!(
        text.ends_with("\n\n1. e4 { best } 1... e5 $1 2. Nf3 { develops } 2... Nc6 *\n"),
        "{text}"
    );
}

#[test]
fn writer_keeps_nags_comments_and_puts_the_result_last() {
    let text = "{start} 1. e4 $1 {a} e5 $2 $14 2. Nf3 {b} 1-0";
    let g = one(text);
    let out = g.to_string();
    assert!(
        out.ends_with("\n\n{ start } 1. e4 $1 { a } 1... e5 $2 $14 2. Nf3 { b } 1-0\n"),
        "{out}"
    );
    pgn_checks::round_trip(&g);
}

#[test]
fn writer_output_of_each_new_game_reads_back() {
    for sans in [
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"][..],
        &[],
        &["d4"],
    ] {
        let mut pgn = PgnGame::new(game_of(sans));
        pgn.set_tag("Event", "Test \"quoted\" \\ backslash");
        pgn.set_tag("Custom", "x");
        for ply in 0..sans.len() {
            pgn.set_comment(
                ply,
                Some("a comment that is long enough to need its own line in the output"),
            );
        }
        pgn_checks::round_trip(&pgn);
    }
}

#[test]
fn moves_after_an_automatic_ending_are_kept_not_played_into_the_game() {
    // Fivefold repetition (FIDE 9.6.1) after 16 plies, then two more moves.
    let cycle = "Nf3 Nf6 Ng1 Ng8 ";
    let text = format!("{} 9. e4 {{on}} e5 $1 (9... d5) *", cycle.repeat(4));
    let g = one(&text);
    assert_eq!(g.game().moves().len(), 16);
    let draw = |reason| Some(Outcome::Draw { reason });
    assert_eq!(g.game().outcome(), draw(DrawReason::FivefoldRepetition));
    assert_eq!(g.moves_after_end().len(), 2);
    assert_eq!(uci(&g)[16..], ["e2e4", "e7e5"]);
    assert_eq!(g.comment(16), Some("on"));
    assert_eq!(g.nags(17).collect::<Vec<_>>(), [1]);
    assert_eq!(g.variations(17)[0].san(0).as_deref(), Some("d5"));
    assert!(
        g.to_string()
            .contains("9. e4 { on } 9... e5 $1 ( 9... d5 ) *")
    );
    replays_to_the_same_outcome(&g);
    pgn_checks::round_trip(&g);
    // Insufficient material: the game stops at the capture that makes it.
    let g = one("[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 Kd7 2. Kd3 *");
    assert_eq!(g.game().moves().len(), 1);
    assert_eq!(g.game().outcome(), draw(DrawReason::InsufficientMaterial));
    assert_eq!(g.moves_after_end().len(), 2);
    // An illegal move after the end is still an error, at its ply.
    let e = error("[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 Kd7 2. Ke3 Kd6 3. Ke8 *");
    assert_eq!(e.ply(), Some(4), "{e}");
}

#[test]
fn writer_never_starts_a_line_of_a_comment_with_a_blank() {
    // A line break then a blank inside a comment (found by fuzzing).
    let word = "x".repeat(100);
    let g = one(&format!("{{a\n\n {word} b}} 1. e4 *"));
    let text = g.to_string();
    assert!(text.lines().all(|l| !l.starts_with(' ')), "{text}");
    assert!(text.contains(&format!("\n\n{word}\nb }}")), "{text}");
    pgn_checks::round_trip(&g);
}

#[test]
fn a_record_that_goes_on_after_a_dead_position_stops_there() {
    // FIDE 5.2.2: Kxb6 takes the last pawn that could break the lock;
    // the two moves written after it are kept beside the game.
    let fen = "8/k7/1P2p1p1/p2pPpPp/P2P1P1P/3K4/8/8 b - - 0 1";
    assert!(!Position::from_fen(fen).unwrap().is_dead());
    let text = format!("[FEN \"{fen}\"]\n\n1... Kxb6 2. Kc2 Kb7 *\n");
    let g = one(&text);
    assert_eq!(g.game().moves().len(), 1);
    assert!(g.game().position().is_dead());
    let draw = |reason| Some(Outcome::Draw { reason });
    assert_eq!(g.game().outcome(), draw(DrawReason::DeadPosition));
    assert_eq!(g.moves_after_end().len(), 2);
    replays_to_the_same_outcome(&g);
    // A record that ends on the dead position itself.
    let at_end = one(&format!("[FEN \"{fen}\"]\n\n1... Kxb6 *"));
    assert_eq!(at_end.game().moves().len(), 1);
    assert_eq!(at_end.game().outcome(), draw(DrawReason::DeadPosition));
    assert!(at_end.moves_after_end().is_empty());
    replays_to_the_same_outcome(&at_end);
    // The same record read on two threads.
    let two: Vec<_> = Reader::with_threads(text.as_bytes(), 2).collect();
    assert_eq!(two.len(), 1);
    assert_eq!(two[0].as_ref().unwrap(), &g);
}

/// Replays the game's moves through `Game::play` to the same outcome, and
/// through serde.
fn replays_to_the_same_outcome(g: &PgnGame) {
    let mut replay = Game::from_position(g.game().start().clone());
    for &m in g.game().moves() {
        replay.play(m).unwrap_or_else(|e| panic!("{e}\n{g}"));
    }
    assert_eq!(replay.moves(), g.game().moves());
    assert_eq!(replay.position().fen(), g.game().position().fen());
    assert_eq!(replay.outcome(), g.game().outcome());
    let json = serde_json::to_string(g.game()).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{g}"));
    assert_eq!(back.moves(), g.game().moves());
    assert_eq!(back.outcome(), g.game().outcome());
}

#[test]
fn every_game_read_from_the_samples_replays_through_play_and_serde() {
    let mut n = 0;
    for entry in std::fs::read_dir(data("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let bytes = std::fs::read(&path).unwrap();
            for game in Reader::new(&bytes[..]).flatten() {
                replays_to_the_same_outcome(&game);
                n += 1;
            }
        }
    }
    assert!(n > 100, "{n}");
}

#[test]
fn a_move_after_checkmate_says_the_game_is_over() {
    let e = error("1. f3 e5 2. g4 Qh4# 3. a3 *");
    assert_eq!(e.ply(), Some(4));
    assert!(
        e.to_string()
            .ends_with("move 3 \"a3\": the game is over: black wins by checkmate"),
        "{e}"
    );
}

#[test]
fn comments_can_be_set_in_any_order_replaced_and_removed() {
    let mut pgn = PgnGame::new(game_of(&["e4", "e5", "Nf3"]));
    pgn.set_comment(2, Some("c"));
    pgn.set_comment(0, Some("a"));
    pgn.set_game_comment(Some("start"));
    pgn.set_comment(0, Some("A"));
    let all: Vec<(usize, &str)> = pgn.comments().collect();
    assert_eq!(all, [(0, "start"), (1, "A"), (3, "c")]);
    pgn.set_comment(0, None);
    assert_eq!(pgn.comment(0), None);
    assert_eq!(pgn.comment(2), Some("c"));
    pgn_checks::round_trip(&pgn);
}

#[test]
fn writer_keeps_a_nag_before_the_first_move() {
    assert!(
        one("{c} $3 1. e4 *")
            .to_string()
            .ends_with("\n\n{ c } $3 1. e4 *\n")
    );
}

#[test]
fn errors_quote_at_most_sixty_characters_of_the_input_once() {
    let huge = "N".repeat(1 << 20);
    let bounded = |text: &str| {
        let quoted = text.split('"').nth(1).unwrap_or("");
        assert!(
            quoted.chars().count() <= 61,
            "{}",
            &text[..200.min(text.len())]
        );
        assert!(text.len() < 400, "{} bytes", text.len());
    };
    for text in [
        format!("1. e4 {huge} *"),
        format!("1. e4 ({huge}) *"),
        format!("1. e4 $1{huge} *"),
        format!("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {huge} *"),
        format!("[Variant \"{huge}\"]\n\n1. e4 *"),
    ] {
        let e = error(&text);
        let shown = e.to_string();
        bounded(&shown);
        assert_eq!(shown.matches('…').count(), 1, "{shown}");
    }
    let pos = Position::new();
    bounded(&pos.parse_san(&huge).unwrap_err().to_string());
    bounded(&pos.parse_uci(&huge).unwrap_err().to_string());
    let fen = format!("8/8/8/8/8/8/8/K6k {huge} - - 0 1");
    bounded(&Position::from_fen(&fen).unwrap_err().to_string());
    let fen = format!("8/8/8/8/8/8/8/K6k w {huge} - 0 1");
    bounded(&Position::from_fen(&fen).unwrap_err().to_string());
    let mut game = Game::new();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        game.play_san(san).unwrap();
    }
    bounded(&game.play_san(&huge).unwrap_err().to_string());
}

#[test]
fn ply_arguments_beyond_the_mainline_read_as_none_and_change_nothing() {
    let mut g = one("1. e4 {a} e5 *");
    let before = g.clone();
    for ply in [2, 3, usize::MAX / 2, usize::MAX - 1, usize::MAX] {
        assert_eq!(g.comment(ply), None);
        assert_eq!(g.nags(ply).count(), 0);
        assert_eq!(g.clock(ply), None);
        assert_eq!(g.eval(ply), None);
        assert!(g.variations(ply).is_empty());
        assert_eq!(g.position_before(ply.max(3)), None);
        g.set_comment(ply, Some("x"));
        g.add_nag(ply, 1);
        assert!(g.remove_variation(ply, 0).is_none());
        assert!(g.promote_variation(ply, 0).is_err());
    }
    assert_eq!(g, before);
    assert_eq!(g.comment(0), Some("a"));
}

#[test]
fn set_result_sets_the_result_tag_and_token_and_refuses_what_is_not_a_result() {
    let mut g = one("[Result \"*\"]\n\n1. e4 *");
    g.set_result("1-0".parse().unwrap());
    assert_eq!((g.result(), g.tag("Result")), ("1-0", Some("1-0")));
    assert!(g.to_string().contains("[Result \"1-0\"]"));
    assert!(g.to_string().ends_with("1. e4 1-0\n"));
    for bad in ["white won", "1:0", "", "1-0 "] {
        assert!(bad.parse::<GameResult>().is_err(), "{bad}");
    }
    // A record whose Result tag and token disagree is written with one
    // result for both (the tag's, as python-chess writes it).
    let g = one("[Result \"0-1\"]\n\n1. e4 1-0");
    let text = g.to_string();
    assert!(
        text.contains("[Result \"0-1\"]") && text.ends_with(" 0-1\n"),
        "{text}"
    );
    let g = one("1. e4 1/2-1/2");
    assert!(g.to_string().contains("[Result \"1/2-1/2\"]"));
}

#[test]
fn writer_breaks_long_comments_at_spaces_within_79_characters() {
    let long = "word ".repeat(60);
    let single = "x".repeat(120);
    let text = format!("1. e4 {{{long}}} e5 {{{single}}} 2. Nf3 {{a {single} b}} *");
    let g = one(&text);
    let out = g.to_string();
    for line in out.lines() {
        if line.chars().count() > 79 {
            assert_eq!(
                line.trim_start_matches("{ ").trim_end_matches(" }"),
                single,
                "{out}"
            );
        }
    }
    assert!(
        out.lines().filter(|l| l.contains("word")).count() >= 4,
        "{out}"
    );
    let back = one(&out);
    assert_eq!(back.comment(0).unwrap().replace('\n', " "), long.trim_end());
    assert_eq!(back.comment(1), Some(single.as_str()));
    pgn_checks::round_trip(&g);
}

#[test]
fn a_variations_corpus_reads_writes_and_reads_back_to_the_same_tree() {
    let bytes = std::fs::read(data("syn_trees.pgn")).unwrap();
    let (mut games, mut variations) = (0, 0);
    fn count(vars: &[Variation]) -> usize {
        vars.iter()
            .map(|v| 1 + (0..v.len()).map(|i| count(v.variations(i))).sum::<usize>())
            .sum()
    }
    for item in Reader::new(&bytes[..]) {
        let game = item.unwrap_or_else(|e| panic!("{e}"));
        variations += (0..game.mainline_len())
            .map(|ply| count(game.variations(ply)))
            .sum::<usize>();
        pgn_checks::round_trip(&game);
        games += 1;
    }
    assert_eq!(games, 60);
    assert!(variations > 100, "{variations}");
}
