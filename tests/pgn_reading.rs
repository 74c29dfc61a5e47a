//! The PGN reading rules, one test each: comments, NAGs, variations,
//! move numbers, tags, FEN and variants, and the errors with their places.

use crate::common::pgn_checks::{self, data, error, one, read_all, uci};

use chess_arbiter::pgn::{Eval, PgnErrorKind, Reader, Variation};
use chess_arbiter::{CastlingMode, SanError};

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
fn a_tag_is_found_by_its_whole_name_and_the_first_of_its_name_wins() {
    let mut g = one(
        "[Whit \"a\"]\n[White \"b\"]\n[Whites \"c\"]\n[White \"d\"]\n[Ex \"é\"]\n[E \"\"]\n\n*",
    );
    assert_eq!(g.tag("White"), Some("b"));
    assert_eq!(g.tag("Whit"), Some("a"));
    assert_eq!(g.tag("Whites"), Some("c"));
    assert_eq!(g.tag("Ex"), Some("é"));
    assert_eq!(g.tag("E"), Some(""));
    assert_eq!(g.tag("white"), None);
    assert_eq!(g.tag("Wh"), None);
    assert_eq!(g.tag(""), None);
    g.set_tag("Annotator", "x");
    assert_eq!(g.tag("Annotator"), Some("x"));
    let all: Vec<_> = g.tags().collect();
    for (name, value) in &all {
        let first = all.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        assert_eq!(g.tag(name), first, "{name} {value}");
    }
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

/// A reader that hands out `sizes` bytes at a time, in turn.
struct Sized<'a> {
    text: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
}

impl std::io::Read for Sized<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// Every event of a visit, as text.
#[derive(Default)]
struct Events(Vec<String>);

impl chess_arbiter::pgn::Visitor for Events {
    fn game_start(&mut self, offset: u64, line: u64) {
        self.0.push(format!("start {offset} {line}"));
    }
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.0.push(format!("tag {name}={value}"));
        Ok(())
    }
    fn san(&mut self, san: &str) -> Result<(), PgnErrorKind> {
        self.0.push(format!("san {san}"));
        Ok(())
    }
    fn nag(&mut self, nag: u8) {
        self.0.push(format!("nag {nag}"));
    }
    fn comment(&mut self, text: &str) {
        self.0.push(format!("comment {text:?}"));
    }
    fn begin_variation(&mut self) {
        self.0.push("(".into());
    }
    fn end_variation(&mut self) {
        self.0.push(")".into());
    }
    fn result(&mut self, result: &str) {
        self.0.push(format!("result {result}"));
    }
    fn end_game(&mut self, error: Option<&chess_arbiter::pgn::PgnError>) {
        self.0.push(format!("end {error:?}"));
    }
}

#[test]
fn a_visit_sees_the_same_events_whatever_the_read_sizes() {
    // Movetext over several lines (LF, CRLF, a lone CR), a comment over a
    // line end, a space or none after moves, numbers and comments, escape
    // and `;` lines, a movetext line opening the game with no tags, and
    // tag sections after blank lines.
    let text = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [%clk 0:01:00] } 1... e5 {x}2.Nf3\r\n\
                2... Nc6 {over\ntwo lines} 3. Bb5 $1 (3. Bc4 Bc5) 3... a6!? ; rest\n\
                % escape\n4. Ba4 Nf6\r5. O-O 1-0\n\n1. d4 d5 2. c4 *\n\n[Event \"c\"]\n\
                \n1. e4 {done}  \t  c5    0-1\n";
    let mut whole = Events::default();
    chess_arbiter::pgn::visit_slice(text.as_bytes(), &mut whole);
    assert!(
        whole
            .0
            .contains(&"comment \"over\\ntwo lines\"".to_string())
    );
    assert!(whole.0.contains(&"san Nf3".to_string()));
    assert_eq!(whole.0.iter().filter(|e| e.starts_with("start")).count(), 3);
    for sizes in [&[1][..], &[2], &[3], &[5, 1], &[7, 2, 1], &[13], &[64]] {
        let mut sized = Events::default();
        let read = Sized {
            text: text.as_bytes(),
            sizes,
            turn: 0,
        };
        chess_arbiter::pgn::visit(read, &mut sized).unwrap();
        assert_eq!(sized.0, whole.0, "{sizes:?}");
    }
}
