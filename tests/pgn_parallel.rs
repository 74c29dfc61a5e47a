//! `Reader::with_threads` yields exactly the items of `Reader::new`, in the
//! same order, on inputs built to trip a splitter that does not know the
//! reader's rules.

use chess_arbiter::pgn::{PgnError, PgnGame, Reader};
use std::io::Read;

/// An item as compared: the game (tags, moves, comments, NAGs, result) and
/// where it was read, or the error's text and place.
#[derive(Debug, PartialEq)]
enum Seen {
    Game(Box<PgnGame>, u64, u64),
    Error(String, u64, u64, u64, Option<usize>),
}

fn seen(item: Result<PgnGame, PgnError>) -> Seen {
    match item {
        Ok(g) => {
            let (offset, line) = (g.byte_offset(), g.first_line());
            Seen::Game(Box::new(g), offset, line)
        }
        Err(e) => Seen::Error(
            e.to_string(),
            e.game_number(),
            e.line(),
            e.column(),
            e.ply(),
        ),
    }
}

fn check(text: &str) -> Vec<Seen> {
    let sequential: Vec<Seen> = Reader::new(text.as_bytes()).map(seen).collect();
    for threads in [2, 3, 8] {
        let parallel: Vec<Seen> = Reader::with_threads(text.as_bytes(), threads)
            .map(seen)
            .collect();
        assert_eq!(parallel, sequential, "{threads} threads:\n{text}");
    }
    sequential
}

const GAME: &str = "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n";

#[test]
fn with_threads_reads_a_comment_spanning_tag_lines_as_one_game() {
    let tricky =
        "[Event \"a\"]\n\n1. e4 {a comment\n\n[Event \"not a game\"]\n[Site \"x\"]\n} e5 *\n\n";
    let text = format!("{}{tricky}{}", GAME.repeat(300), GAME.repeat(300));
    let items = check(&text);
    assert_eq!(items.len(), 601);
    assert!(matches!(&items[300], Seen::Game(g, ..) if g.game().moves().len() == 2));
    // With an empty line after the tag lines the reader takes them for the
    // next game (the comment is an error): with threads too.
    let tricky =
        "[Event \"a\"]\n\n1. e4 {a comment\n\n[Event \"a game\"]\n[Site \"x\"]\n\n} e5 *\n\n";
    let text = format!("{}{tricky}{}", GAME.repeat(300), GAME.repeat(300));
    assert_eq!(check(&text).len(), 602);
}

#[test]
fn with_threads_reads_tag_values_holding_brackets_and_braces() {
    let tricky = "[Event \"a ] b { c\"]\n[Site \"}{\"]\n\n1. e4 e5 *\n\n";
    let text = format!("{}{tricky}{}", GAME.repeat(300), GAME.repeat(300));
    assert_eq!(check(&text).len(), 601);
}

#[test]
fn with_threads_reads_escape_and_semicolon_lines() {
    let tricky =
        "%[Event \"escaped\"]\n[Event \"a\"]\n\n1. e4 ; {not a comment\n%{ nor this\ne5 *\n\n";
    let text = format!("{}{tricky}{}", GAME.repeat(300), GAME.repeat(300));
    assert_eq!(check(&text).len(), 601);
}

#[test]
fn with_threads_reads_an_unterminated_comment_as_the_sequential_reader() {
    let tricky = "[Event \"a\"]\n\n1. e4 {never closed\n2. d4\n\n[Event \"b\"]\n\n1. d4 *\n\n";
    let text = format!("{}{tricky}{}", GAME.repeat(300), GAME.repeat(300));
    let items = check(&text);
    assert!(matches!(items[300], Seen::Error(..)));
    // And at the very end of the input.
    check(&format!(
        "{}1. e4 {{never closed\n\n1. d4",
        GAME.repeat(100)
    ));
}

#[test]
fn with_threads_reads_crlf_and_lone_cr() {
    let crlf = GAME.replace('\n', "\r\n").repeat(500);
    assert_eq!(check(&crlf).len(), 500);
    let cr = GAME.replace('\n', "\r").repeat(500);
    assert_eq!(check(&cr).len(), 500);
}

#[test]
fn with_threads_reads_one_game_and_an_empty_file() {
    assert_eq!(check(GAME).len(), 1);
    assert!(check("").is_empty());
    assert!(check("\n\n  \n").is_empty());
}

#[test]
fn with_threads_reads_games_larger_than_a_batch() {
    let long_comment = "x".repeat(200_000);
    let big = format!("[Event \"big\"]\n\n1. e4 {{{long_comment}\n\n[Event \"x\"]\n}} e5 *\n\n");
    let text = format!("{}{big}{}{big}", GAME.repeat(50), GAME.repeat(50));
    assert_eq!(check(&text).len(), 102);
}

#[test]
fn with_threads_keeps_errors_in_place_and_numbered() {
    let bad = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    let text = format!("{}{bad}", GAME.repeat(200)).repeat(5);
    let items = check(&text);
    let errors: Vec<_> = items
        .iter()
        .filter_map(|s| match s {
            Seen::Error(_, game, line, column, ply) => Some((*game, *line, *column, *ply)),
            Seen::Game(..) => None,
        })
        .collect();
    assert_eq!(errors.len(), 5);
    assert_eq!(errors[0], (201, 1003, 13, Some(2)));
}

/// A reader that fails after some bytes.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len()).min(1000);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn with_threads_ends_with_the_read_error_as_the_sequential_reader() {
    let text = GAME.repeat(400);
    let sequential: Vec<Seen> = Reader::new(Failing(text.as_bytes())).map(seen).collect();
    let parallel: Vec<Seen> = Reader::with_threads(Failing(text.as_bytes()), 2)
        .map(seen)
        .collect();
    assert_eq!(parallel, sequential);
    assert!(matches!(parallel.last(), Some(Seen::Error(..))));
}

#[test]
fn with_threads_can_be_dropped_half_read() {
    let text = GAME.repeat(5000);
    let mut reader = Reader::with_threads(text.as_bytes(), 2);
    assert!(reader.next().unwrap().is_ok());
    drop(reader);
}

#[test]
fn with_threads_reads_the_sample_files_as_the_sequential_reader() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    // The sample files are left out of the published package.
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut all = String::new();
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read(&path).unwrap();
            all.push_str(&String::from_utf8_lossy(&text));
            all.push_str("\n\n");
        }
    }
    assert!(check(&all).len() > 100);
}

#[test]
fn with_threads_reads_the_fuzz_seeds_as_the_sequential_reader() {
    // The fuzzing crate is left out of the published package.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/seeds/pgn");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let one: Vec<Seen> = Reader::new(&bytes[..]).take(1000).map(seen).collect();
        let two: Vec<Seen> = Reader::with_threads(&bytes[..], 2)
            .take(1000)
            .map(seen)
            .collect();
        assert_eq!(one, two, "{:?}", String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mainline_only_reads_the_same_mainlines_without_the_variations() {
    let text = "[Event \"v\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 {c} 2. Nf3 $1 (2. Qh5 Nc6) Nc6 *\n\n\
                1. f3 e5 2. g4 (2. Nc3 Bxh1) Qh4# 0-1\n\n1. e4 (1. d4 )) *\n\n"
        .repeat(40);
    let full: Vec<Seen> = Reader::new(text.as_bytes()).map(seen).collect();
    let mainline: Vec<Seen> = Reader::new(text.as_bytes())
        .mainline_only()
        .map(seen)
        .collect();
    for threads in [1, 2, 3] {
        let parallel: Vec<Seen> = Reader::with_threads(text.as_bytes(), threads)
            .mainline_only()
            .map(seen)
            .collect();
        assert_eq!(parallel, mainline, "{threads} threads");
    }
    assert_eq!(mainline.len(), 120);
    for (k, (all, main)) in full.iter().zip(&mainline).enumerate() {
        match (k % 3, all, main) {
            // Variations kept by the full reading, none by the other; the
            // rest of the game alike.
            (0, Seen::Game(all, ..), Seen::Game(main, ..)) => {
                assert_eq!(all.variations(0).len(), 1);
                assert!(main.variations(0).is_empty() && main.variations(2).is_empty());
                assert_eq!(all.game(), main.game());
                assert_eq!(all.comment(1), main.comment(1));
                assert_eq!(
                    all.nags(2).collect::<Vec<_>>(),
                    main.nags(2).collect::<Vec<_>>()
                );
            }
            // An illegal move in a variation: an error only when it is played.
            (1, Seen::Error(..), Seen::Game(main, ..)) => {
                assert!(main.game().position().is_checkmate());
            }
            // A `)` that closes nothing is an error either way.
            (2, Seen::Error(a, ..), Seen::Error(b, ..)) => assert_eq!(a, b),
            other => panic!("game {k}: {other:?}"),
        }
    }
}

#[test]
fn with_threads_reads_tricky_games_across_many_chunks_as_the_sequential_reader() {
    // Inputs of several chunks (the reader cuts them where a tag line
    // follows an empty line), where many of those places lie inside a
    // comment, or between a game's tags: the cuts there are found wrong
    // and read again.
    let tricky = [
        "[Event \"a\"]\n\n1. e4 {a comment\n\n[Event \"not a game\"]\n[Site \"x\"]\n} e5 *\n\n",
        "[Event \"a\"]\n\n1. e4 {a comment\n\n[Event \"a game\"]\n[Site \"x\"]\n\n} e5 *\n\n",
        "[Event \"tags only\"]\n\n[Site \"the same game\"]\n\n1. d4 d5 *\n\n",
        "[Event \"a\"]\n\n1. e4 {never closed\n2. d4\n\n[Event \"b\"]\n\n1. d4 *\n\n",
        "%[Event \"escaped\"]\n[Event \"a\"]\n\n1. e4 ; {not a comment\n%{ nor this\ne5 *\n\n",
        "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n",
        "[Event \"crlf\"]\r\n\r\n1. e4 e5 *\r\n\r\n",
        "[Event \"cr\"]\r\r1. e4 e5 *\r\r",
    ];
    let mut text = String::new();
    let mut k = 0;
    while text.len() < 1_500_000 {
        text.push_str(&GAME.repeat(k % 5));
        text.push_str(tricky[k % tricky.len()]);
        k += 1;
    }
    let items = check(&text);
    assert!(items.len() > 10_000);
    assert!(items.iter().any(|item| matches!(item, Seen::Error(..))));
}
