//! Hostile PGN inputs (issue 26's table): no input aborts the process or
//! spends memory beyond a small multiple of its size, and no export loses
//! what was read.
//!
//! The big inputs are generated here, never committed: `hostile` builds
//! each by name, and `cargo test --test suite -- --ignored
//! pgn_hostile::write_hostile_files` writes them all into the folder named
//! by the `HOSTILE_PGN_DIR` environment variable (for the fuzzer, the
//! example or other readers).

use crate::alloc::peak_of;
use chess_arbiter::pgn::{MAX_NESTING, PgnErrorKind, PgnGame, Reader, Variation};
use chess_arbiter::{Game, Position};

/// The hostile inputs by name, at a size (`n`: repetitions).
fn hostile(name: &str, n: usize) -> Vec<u8> {
    let text = match name {
        // Item 1: variations nested n deep, each holding a move.
        "nested-closed" => format!("1. e4 {}{} *\n", "( 1. d4 ".repeat(n), ")".repeat(n)),
        // Item 2: parentheses opened and never closed.
        "open-parentheses" => format!("1. e4 {}", "(".repeat(n)),
        "open-variations" => format!("1. e4 {}", "( 1. d4 ".repeat(n)),
        // Item 9: indented tags, tags after a comment.
        "indented-tags" => "  [Event \"x\"]\n  [Site \"y\"]\n\n1. e4 *\n".to_string(),
        "tags-after-comment" => "[Event \"x\"] {c}\n[Site \"y\"] ; r\n\n1. e4 *\n".to_string(),
        // Item 3: tag names other readers refuse.
        "tag-names" => {
            "[A+B \"1\"]\n[A:B \"2\"]\n[A#B \"3\"]\n[A=B \"4\"]\n[A-B \"5\"]\n\n1. e4 *\n"
                .to_string()
        }
        // Item 4: a tag twice.
        "duplicate-tags" => "[White \"a\"]\n[White \"b\"]\n\n1. e4 *\n".to_string(),
        // Item 6: carriage returns in a comment.
        "comment-cr" => "1. e4 {a\rb\r\rc} e5 *\n".to_string(),
        // Item 8: an empty variation.
        "empty-variation" => "1. e4 e5 ( ) *\n".to_string(),
        // Item 12: tag and token disagree.
        "result-disagrees" => "[Result \"1/2-1/2\"]\n\n1. e4 e5 0-1\n".to_string(),
        // Item 13: recorded endings.
        "time-forfeit" => {
            "[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 2. Nf3 1-0\n".to_string()
        }
        // Items 10 and 11: eight games of `n` MiB each (a long comment).
        "huge-games" => (0..8)
            .map(|k| {
                format!(
                    "[Round \"{k}\"]\n\n1. e4 {{{}}} e5 *\n\n",
                    "x".repeat(n << 20)
                )
            })
            .collect(),
        other => panic!("no hostile input {other}"),
    };
    text.into_bytes()
}

/// Every hostile input, at a size that shows the problem, by name.
const HOSTILE: [(&str, usize); 13] = [
    ("huge-games", 30),
    ("nested-closed", 100_000),
    ("open-parentheses", 6_000_000),
    ("open-variations", 1_000_000),
    ("indented-tags", 1),
    ("tags-after-comment", 1),
    ("tag-names", 1),
    ("duplicate-tags", 1),
    ("comment-cr", 1),
    ("empty-variation", 1),
    ("result-disagrees", 1),
    ("time-forfeit", 1),
    ("nested-closed", MAX_NESTING),
];

#[test]
#[ignore = "writes files: run with HOSTILE_PGN_DIR set"]
fn write_hostile_files() {
    let dir = std::env::var("HOSTILE_PGN_DIR").expect("HOSTILE_PGN_DIR names a folder");
    for (name, n) in HOSTILE {
        let path = std::path::Path::new(&dir).join(format!("{name}-{n}.pgn"));
        std::fs::write(&path, hostile(name, n)).expect("the folder is writable");
    }
}

#[test]
fn every_hostile_input_reads_without_panic_and_round_trips() {
    for (name, n) in HOSTILE {
        let n = if name == "huge-games" {
            1
        } else {
            n.min(20_000)
        };
        for game in Reader::new(&hostile(name, n)[..]).flatten() {
            let text = game.to_string();
            let back = Reader::new(text.as_bytes()).next().unwrap().unwrap();
            assert_eq!(back.to_string(), text, "{name}: export is not stable");
        }
    }
}

#[test]
fn variations_nested_past_the_limit_are_an_error_not_an_abort_and_the_next_game_reads() {
    let mut text = hostile("nested-closed", 100_000);
    text.extend_from_slice(b"\n[Event \"next\"]\n\n1. d4 *\n");
    let (peak, items) = peak_of(|| Reader::new(&text[..]).collect::<Vec<_>>());
    assert_eq!(items.len(), 2);
    let err = items[0].as_ref().unwrap_err();
    assert!(
        matches!(err.kind(), PgnErrorKind::TooDeep { limit: 255 }),
        "{err}"
    );
    assert_eq!((err.line(), err.column()), (1, 7 + 8 * 255));
    assert!(err.to_string().contains("nested deeper than 255 levels"));
    assert_eq!(items[1].as_ref().unwrap().tag("Event"), Some("next"));
    assert!(peak < 4 * text.len(), "{peak} bytes for {}", text.len());
}

#[test]
fn variations_nested_to_the_limit_read_write_and_read_back() {
    let text = hostile("nested-closed", MAX_NESTING);
    let game = Reader::new(&text[..]).next().unwrap().unwrap();
    let mut depth = 0;
    let mut line = game.variations(0);
    while let Some(v) = line.first() {
        depth += 1;
        line = v.variations(0);
    }
    assert_eq!(depth, MAX_NESTING);
    let back = Reader::new(game.to_string().as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(back.variations(0), game.variations(0));
    assert_eq!(back.game(), game.game());
    assert_eq!(back.clone(), back);
}

#[test]
fn unclosed_parentheses_cost_memory_bounded_by_the_input() {
    for (name, n) in [
        ("open-parentheses", 6_000_000),
        ("open-variations", 1_000_000),
    ] {
        let text = hostile(name, n);
        let (peak, first) = peak_of(|| Reader::new(&text[..]).next().unwrap().err());
        let err = first.expect("an error");
        assert!(
            matches!(
                err.kind(),
                PgnErrorKind::Parenthesis(_) | PgnErrorKind::TooDeep { .. }
            ),
            "{name}: {err}"
        );
        assert!(
            peak < 3 * text.len(),
            "{name}: {peak} bytes held for {} bytes of input",
            text.len()
        );
    }
}

/// A variation holding `1. d4` with `levels - 1` more nested inside it,
/// built through the API.
fn nested(levels: usize) -> Variation {
    let mut inner: Option<Variation> = None;
    for _ in 0..levels {
        let mut line = Variation::new(Position::new());
        line.push_san("d4").unwrap();
        if let Some(below) = inner.take() {
            line.add_variation(0, below).unwrap();
        }
        inner = Some(line);
    }
    inner.unwrap()
}

#[test]
fn a_tree_of_fifty_thousand_levels_built_by_the_api_clones_compares_writes_and_drops() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    let mut pgn = PgnGame::new(game);
    pgn.add_variation(0, nested(50_000)).unwrap();
    let copy = pgn.clone();
    assert_eq!(copy, pgn);
    let debug = format!("{pgn:?}");
    assert!(
        debug.contains("variations_below: 49999"),
        "{}",
        &debug[..200]
    );
    let text = pgn.to_string();
    assert_eq!(text.matches('(').count(), 50_000);
    // Deeper than the reader reads: a typed error, not an abort.
    let err = Reader::new(text.as_bytes()).next().unwrap().unwrap_err();
    assert!(matches!(err.kind(), PgnErrorKind::TooDeep { .. }));
    let mut other = copy.clone();
    other
        .variations_mut(0)
        .unwrap()
        .first_mut()
        .unwrap()
        .set_comment(0, Some("changed"));
    assert_ne!(other, pgn);
    drop(copy);
    drop(other);
    drop(pgn);
}

fn read(text: &str) -> PgnGame {
    Reader::new(text.as_bytes()).next().unwrap().unwrap()
}

fn after(sans: &[&str]) -> Game {
    let mut game = Game::new();
    for san in sans {
        game.play_san(san).unwrap();
    }
    game
}

#[test]
fn recorded_endings_are_written_as_termination_tags_and_read_back_into_the_game() {
    use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    let mut resigned = after(&["e4", "e5"]);
    resigned.resign(Color::White).unwrap();
    let mut flagged = after(&["e4"]);
    flagged.flag_fall(Color::Black).unwrap();
    let mut agreed = after(&["d4", "d5"]);
    agreed.agree_draw().unwrap();
    let mut claimed = after(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_eq!(claimed.claim_draw(), Ok(DrawReason::ThreefoldRepetition));
    // A flag fall against a lone king: a draw (FIDE 6.9).
    let mut lone = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    lone.flag_fall(Color::White).unwrap();
    for (game, termination, result) in [
        (resigned, "normal", "0-1"),
        (flagged, "time forfeit", "1-0"),
        (agreed, "normal", "1/2-1/2"),
        (claimed, "normal", "1/2-1/2"),
        (lone, "time forfeit", "1/2-1/2"),
    ] {
        let pgn = PgnGame::new(game.clone());
        assert_eq!(pgn.tag("Termination"), Some(termination));
        assert_eq!(pgn.result(), result);
        let text = pgn.to_string();
        assert!(text.contains(&format!("[Termination \"{termination}\"]\n")));
        let back = read(&text);
        assert_eq!(back.game(), &game, "{text}");
        assert_eq!(back.game().outcome(), game.outcome(), "{text}");
        assert_eq!(back, pgn);
    }
    // Also through set_game, without the tag: the writer adds it.
    let mut pgn = PgnGame::new(Game::new());
    let mut game = after(&["e4"]);
    game.resign(Color::Black).unwrap();
    pgn.set_game(game.clone());
    pgn.set_result(game.outcome().into());
    let back = read(&pgn.to_string());
    assert_eq!(back.game(), &game);
    assert_eq!(
        back.game().outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Resignation
        })
    );
}

#[test]
fn a_time_forfeit_read_from_a_database_is_a_flag_fall_ruled_by_6_9() {
    use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    // As lichess writes it.
    let g = read("[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 2. Nf3 1-0\n");
    assert_eq!(
        g.game().outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Timeout
        })
    );
    // Black's flag fell, but White has a lone king: a draw, and the record's
    // 1-0 is reported as contradicting it.
    let text = "[FEN \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\
                [Termination \"Time forfeit\"]\n\n1. Kd2 1-0\n";
    let g = read(text);
    assert_eq!(
        g.game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        })
    );
    assert!(g.check_result().is_err());
    // A drawn time forfeit: the side whose opponent cannot mate flagged.
    let text = "[FEN \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\
                [Termination \"Time forfeit\"]\n\n1. Kd2 1/2-1/2\n";
    assert_eq!(
        read(text).game().outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        })
    );
    // "Normal" with a win at a position that is not mate: a resignation.
    let g = read("[Termination \"Normal\"]\n\n1. e4 e5 0-1\n");
    assert_eq!(
        g.game().outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    // A checkmate stays a checkmate; other terminations record nothing.
    let g = read("[Termination \"Normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    assert_eq!(
        g.game().outcome().map(|o| o.to_string()),
        Some("black wins by checkmate".to_string())
    );
    for other in [
        "abandoned",
        "rules infraction",
        "adjudication",
        "unterminated",
    ] {
        let g = read(&format!("[Termination \"{other}\"]\n\n1. e4 e5 1-0\n"));
        assert_eq!(g.game().outcome(), None, "{other}");
    }
    assert_eq!(read("1. e4 e5 1-0\n").game().outcome(), None);
}

#[test]
fn a_result_that_contradicts_the_ruling_is_refused_by_try_set_result_and_reported() {
    use chess_arbiter::pgn::{GameResult, ResultError};
    let mut pgn = PgnGame::new(after(&["f3", "e5", "g4", "Qh4#"]));
    assert!(matches!(
        pgn.try_set_result(GameResult::WhiteWins),
        Err(ResultError::Contradicts {
            result: GameResult::WhiteWins,
            ..
        })
    ));
    assert_eq!(pgn.result(), "0-1");
    assert!(pgn.try_set_result(GameResult::BlackWins).is_ok());
    // Set without the check, the contradiction is reported, and read back
    // so too.
    pgn.set_result(GameResult::WhiteWins);
    assert!(pgn.check_result().is_err());
    assert!(read(&pgn.to_string()).check_result().is_err());
}

#[test]
fn one_rule_gives_the_result_of_the_export_and_of_the_record_read_back() {
    use chess_arbiter::pgn::GameResult;
    let g = read(std::str::from_utf8(&hostile("result-disagrees", 1)).unwrap());
    assert_eq!(g.game_result(), GameResult::Draw);
    let text = g.to_string();
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    assert!(text.ends_with(" 1/2-1/2\n"), "{text}");
    let back = read(&text);
    assert_eq!(back.result(), back.game_result().as_str());
    assert_eq!(back.game_result(), g.game_result());
    assert_eq!(read(&back.to_string()), back);
    // A record without its termination marker keeps the tag's result.
    let g = read("[Result \"1-0\"]\n\n1. e4 e5\n");
    assert_eq!((g.result(), g.game_result()), ("*", GameResult::WhiteWins));
    let back = read(&g.to_string());
    assert_eq!(back.game_result(), GameResult::WhiteWins);
    assert_eq!(read(&back.to_string()), back);
}

fn text_of(name: &str) -> String {
    String::from_utf8(hostile(name, 1)).unwrap()
}

#[test]
fn tag_names_are_written_as_read() {
    let g = read(&text_of("tag-names"));
    let text = g.to_string();
    for name in ["A+B", "A:B", "A#B", "A=B", "A-B"] {
        assert!(text.contains(&format!("\n[{name} \"")), "{name}:\n{text}");
    }
    let back = read(&text);
    let names = |g: &PgnGame| -> Vec<String> { g.tags().map(|(n, _)| n.to_string()).collect() };
    assert!(names(&back).ends_with(&names(&g)), "{text}");
}

#[test]
fn a_tag_given_twice_is_written_twice_and_read_back_in_order() {
    let g = read(&text_of("duplicate-tags"));
    assert_eq!(
        g.tags().filter(|&(n, _)| n == "White").collect::<Vec<_>>(),
        [("White", "a"), ("White", "b")]
    );
    let text = g.to_string();
    assert!(
        text.contains("[White \"a\"]") && text.contains("[White \"b\"]"),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(back.tag("White"), Some("a"));
    assert_eq!(
        back.tags()
            .filter(|&(n, _)| n == "White")
            .collect::<Vec<_>>(),
        [("White", "a"), ("White", "b")]
    );
    // Result is written once, as the record's result (documented).
    let g = read("[Result \"1-0\"]\n[Result \"0-1\"]\n\n*\n");
    let text = g.to_string();
    assert_eq!(text.matches("[Result ").count(), 1, "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
}

#[test]
fn what_the_api_accepts_is_written_so_that_it_reads_back() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.play_san("e5").unwrap();
    let mut pgn = PgnGame::new(game);
    pgn.set_comment(0, Some("a\n\n[Event \"x\"]\n\nb"));
    pgn.set_comment(1, Some("c\r\n\r\nd\re"));
    pgn.set_tag("FEN", "garbage");
    pgn.set_tag("SetUp", "1");
    pgn.set_tag("Variant", "crazyhouse");
    pgn.set_tag("Bad Name", "v");
    pgn.set_tag("Event", "line\nbreak \"quoted\" back\\slash");
    let text = pgn.to_string();
    let items: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(items.len(), 1, "{text}");
    let back = items.into_iter().next().unwrap().unwrap();
    assert_eq!(back.game(), pgn.game());
    assert_eq!(back.comment(0), Some("a\n[Event \"x\"]\n\nb"));
    assert_eq!(back.comment(1), Some("c\n\nd\ne"));
    assert_eq!(back.tag("Event"), Some("line break \"quoted\" back\\slash"));
    assert_eq!(back.tag("Bad_Name"), Some("v"));
    assert_eq!((back.tag("FEN"), back.tag("Variant")), (None, None));
    assert_eq!(back.to_string(), text, "export is not stable");
    // try_set_tag refuses what would not read back as set.
    let mut pgn = PgnGame::new(Game::new());
    for (name, value) in [
        ("FEN", "garbage"),
        ("Variant", "crazyhouse"),
        ("Bad Name", "v"),
        ("", "v"),
        ("Event", "a\nb"),
        ("Result", "white won"),
    ] {
        assert!(pgn.try_set_tag(name, value).is_err(), "{name} {value}");
    }
    assert_eq!(pgn.tags().count(), 7);
}

#[test]
fn a_carriage_return_in_a_comment_gives_a_stable_export() {
    for comment in ["a\rb", "a\r\rb", "a\r\nb", "a\r \rb", "\r", "a\r"] {
        let mut game = Game::new();
        game.play_san("e4").unwrap();
        let mut pgn = PgnGame::new(game);
        pgn.set_comment(0, Some(comment));
        let first = pgn.to_string();
        let second = read(&first).to_string();
        assert_eq!(second, first, "{comment:?}");
    }
    let g = read(&text_of("comment-cr"));
    let first = g.to_string();
    assert_eq!(read(&first).to_string(), first);
}

#[test]
fn promoting_an_empty_variation_is_refused_and_loses_no_move() {
    use chess_arbiter::pgn::PromoteError;
    for text in ["1. e4 e5 ( ) *", "1. e4 e5 () *"] {
        let mut g = read(text);
        let before = g.clone();
        assert_eq!(
            g.promote_variation(1, 0),
            Err(PromoteError::Empty { index: 1, k: 0 })
        );
        assert_eq!(g, before);
        assert_eq!(g.mainline_len(), 2);
    }
    // Built through the API, and inside a variation too.
    let mut g = read("1. e4 e5 ( 1... c5 2. Nf3 ) *");
    let start = g.variations(1)[0].position_before(1).unwrap();
    g.variations_mut(1).unwrap()[0]
        .add_variation(1, Variation::new(start))
        .unwrap();
    let line = &mut g.variations_mut(1).unwrap()[0];
    assert_eq!(
        line.promote_variation(1, 0),
        Err(PromoteError::Empty { index: 1, k: 0 })
    );
    assert_eq!(line.len(), 2);
    assert_eq!(
        line.promote_variation(0, 0),
        Err(PromoteError::NoSuchVariation { index: 0, k: 0 })
    );
}

#[test]
fn add_variation_says_why_it_refuses() {
    use chess_arbiter::pgn::AddVariationReason;
    let mut g = read("1. e4 e5 *");
    let mut line = Variation::new(Position::new());
    line.push_san("d4").unwrap();
    let err = g.add_variation(5, line).unwrap_err();
    assert_eq!(
        err.reason(),
        AddVariationReason::NoSuchMove { index: 5, len: 2 }
    );
    let err = g.add_variation(1, err.into_variation()).unwrap_err();
    assert_eq!(err.reason(), AddVariationReason::WrongStart { index: 1 });
    assert!(g.add_variation(0, err.into_variation()).is_ok());
}

#[test]
fn a_record_with_moves_after_the_end_is_built_by_pushing_its_moves() {
    // Fivefold repetition after 16 plies; the database's record goes on.
    let sans = "Nf3 Nf6 Ng1 Ng8 ".repeat(4) + "e4 e5 Nf3";
    let mut pgn = PgnGame::new(Game::new());
    for san in sans.split_whitespace() {
        pgn.push_san(san).unwrap();
    }
    assert_eq!(pgn.game().moves().len(), 16);
    assert_eq!(pgn.moves_after_end().len(), 3);
    assert!(pgn.push_san("Ke7").is_ok());
    assert!(pgn.push_san("Ke7").is_err());
    let read_back = read(&pgn.to_string());
    assert_eq!(read_back.game(), pgn.game());
    assert_eq!(read_back.moves_after_end(), pgn.moves_after_end());
    let from_text = read(&format!("{sans} Ke7 *"));
    assert_eq!(from_text.moves_after_end(), pgn.moves_after_end());
}

#[test]
fn indented_tags_and_tags_after_a_comment_are_read_as_pgn_extract_reads_them() {
    for name in ["indented-tags", "tags-after-comment"] {
        let g = read(&text_of(name));
        assert_eq!(
            (g.tag("Event"), g.tag("Site")),
            (Some("x"), Some("y")),
            "{name}"
        );
        assert_eq!(g.game().moves().len(), 1, "{name}");
        let back = read(&g.to_string());
        assert_eq!(back.tag("Site"), Some("y"));
    }
}

/// Depth, ply, SAN, NAGs and comment of a move met by a walk.
type Walked = (usize, usize, String, Vec<u8>, Option<String>);

#[test]
fn one_walk_visits_every_move_of_the_tree_in_export_order_at_any_depth() {
    let g = read(&String::from_utf8(hostile("nested-closed", MAX_NESTING)).unwrap());
    let walked: Vec<_> = g.walk().collect();
    assert_eq!(walked.len(), 1 + MAX_NESTING);
    assert_eq!(walked.last().unwrap().depth(), MAX_NESTING);
    assert!(
        walked
            .iter()
            .skip(1)
            .all(|m| m.san().as_str() == "d4" && m.ply() == 0)
    );
    // The walk gives what the index-based accessors give.
    let text = "1. e4 e5 (1... c5 {Sicilian} 2. Nf3 $1 (2. c3 d5) d6) 2. Nf3 Nc6 *";
    let g = read(text);
    let walked: Vec<Walked> = g
        .walk()
        .map(|m| {
            (
                m.depth(),
                m.ply(),
                m.san().to_string(),
                m.nags().collect(),
                m.comment().map(String::from),
            )
        })
        .collect();
    let expected: Vec<Walked> = [
        (0, 0, "e4", vec![], None),
        (0, 1, "e5", vec![], None),
        (1, 1, "c5", vec![], Some("Sicilian")),
        (1, 2, "Nf3", vec![1], None),
        (2, 2, "c3", vec![], None),
        (2, 3, "d5", vec![], None),
        (1, 3, "d6", vec![], None),
        (0, 2, "Nf3", vec![], None),
        (0, 3, "Nc6", vec![], None),
    ]
    .into_iter()
    .map(|(d, p, s, n, c)| (d, p, s.to_string(), n, c.map(String::from)))
    .collect();
    assert_eq!(walked, expected);
    for m in g.walk() {
        assert!(m.position_before().is_legal(m.played()));
        if m.depth() == 0 {
            assert_eq!(g.san(m.ply()), Some(m.san()));
        }
    }
}

use crate::common::pgn_checks;

#[test]
fn random_mixes_of_the_hostile_fragments_read_without_panic_and_round_trip() {
    const FRAGMENTS: [&str; 26] = [
        "[Event \"x\"] {c}\n",
        "  [Site \"y\"]\n",
        "\t[Round \"1\"] ; r\n",
        "[A+B \"1\"]\n",
        "[White \"a\"]\n[White \"b\"]\n",
        "[Result \"1-0\"]\n",
        "[Result \"1/2-1/2\"]\n",
        "[Termination \"Time forfeit\"]\n",
        "[Termination \"normal\"]\n",
        "[FEN \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"]\n",
        "\n",
        "1. e4 ",
        "e5 ",
        "Kd2 ",
        "( 1. d4 ",
        "( ",
        ") ",
        "{a\r\n\r\n[Event \"z\"]\r\n\r\nb} ",
        "{x\r\ry} ",
        "$1 ",
        "!? ",
        "1-0\n",
        "0-1\n",
        "1/2-1/2\n",
        "*\n",
        "Nf3 Nf6 Ng1 Ng8 ",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2000 {
        let mut text = String::new();
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let parts = 1 + (state >> 60) as usize;
        for _ in 0..parts {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            text.push_str(FRAGMENTS[(state >> 33) as usize % FRAGMENTS.len()]);
        }
        pgn_checks::pgn(text.as_bytes());
        let one: Vec<String> = Reader::new(text.as_bytes())
            .map(|item| match item {
                Ok(g) => g.to_string(),
                Err(e) => e.to_string(),
            })
            .collect();
        let two: Vec<String> = Reader::with_threads(text.as_bytes(), 2)
            .map(|item| match item {
                Ok(g) => g.to_string(),
                Err(e) => e.to_string(),
            })
            .collect();
        assert_eq!(one, two, "{text:?}");
        for game in Reader::new(text.as_bytes()).flatten() {
            let walked = game.walk().count();
            let listed = game.mainline_len()
                + (0..game.mainline_len())
                    .flat_map(|p| game.variations(p))
                    .map(moves_in)
                    .sum::<usize>();
            assert_eq!(walked, listed, "{text:?}");
        }
    }
}

/// The moves of a variation and of the variations inside it.
fn moves_in(line: &Variation) -> usize {
    line.len()
        + (0..line.len())
            .flat_map(|i| line.variations(i))
            .map(moves_in)
            .sum::<usize>()
}
