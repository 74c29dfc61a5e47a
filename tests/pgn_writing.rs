//! The PGN writing rules, one test each: the export format, the tags the
//! writer derives, results and terminations, and round trips.

use crate::common::pgn_checks::{self, data, error, one, uci};
use crate::common::replays_to_the_same_outcome;

use chess_arbiter::pgn::{GameResult, PgnGame, Reader, Variation};
use chess_arbiter::{DrawReason, Game, Outcome, Position};

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
fn writer_lays_out_a_comment_as_its_words_so_a_second_export_is_the_same() {
    // Blanks, tabs and blank lines around words that start with `[` (shapes
    // found by fuzzing): the export keeps the words, one blank between two,
    // and the line breaks, and what it reads back as is written the same.
    let long = format!("[{}", "x".repeat(100));
    let tabs = "\t".repeat(100);
    let cases = [
        (format!("   {long}"), format!("1. e4\n{{ {long} }}")),
        (
            format!("e4\t\t\n\n\n{tabs} \t[\nEv"),
            "1. e4 { e4\n[\nEv }".to_string(),
        ),
        (
            "a \t  b\n\n c\n\n[d".to_string(),
            "1. e4 { a b\n\nc\n[d }".to_string(),
        ),
        (" \n\n [x] \n\n".to_string(), "1. e4 { [x] }".to_string()),
        (" \t ".to_string(), "1. e4 { }".to_string()),
    ];
    for (comment, written) in cases {
        let mut g = one("1. e4 *");
        g.set_comment(0, Some(&comment));
        let text = g.to_string();
        assert!(text.contains(&written), "{comment:?} written as:\n{text}");
        assert_eq!(one(&text).to_string(), text, "{comment:?}");
        pgn_checks::round_trip(&g);
    }
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
