//! Files as they come: byte-order marks before any game (files joined with
//! `cat`), text after a tag on its line, indented tag lines (read as
//! pgn-extract reads them), old Mac (lone
//! CR) and mixed line ends; each read as python-chess 1.11 reads it, and
//! each game's byte offset and first line.

use crate::common::pgn_checks::uci;

use chess_arbiter::pgn::{PgnGame, Reader};

fn read(text: &str) -> Vec<PgnGame> {
    Reader::new(text.as_bytes())
        .map(|item| item.unwrap_or_else(|e| panic!("{e}\n{text:?}")))
        .collect()
}

#[test]
fn a_byte_order_mark_may_open_every_game_of_joined_files() {
    let games = read("\u{feff}[Event \"a\"]\n\n1. e4 *\n\n\u{feff}[Event \"b\"]\n\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(uci(&games[1]), ["d2d4"]);
    // The offset is the game's first byte after the mark.
    assert_eq!(games[0].byte_offset(), 3);
    assert_eq!(games[1].byte_offset(), 3 + 22 + 3);
}

#[test]
fn a_byte_order_mark_right_after_a_game_starts_the_next_one() {
    // A file joined to one that does not end with an empty line.
    let games = read("[Event \"a\"]\n\n1. e4 *\n\u{feff}[Event \"b\"]\n\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(uci(&games[0]), ["e2e4"]);
    assert_eq!(uci(&games[1]), ["d2d4"]);
}

#[test]
fn a_comment_after_a_tag_on_its_line_is_dropped_and_the_tag_read_as_pgn_extract_does() {
    // Issue 26 item 9: python-chess skips these tags, pgn-extract reads them.
    for text in [
        "[Event \"x\"] {c}\n[Site \"y\"]\n\n1. e4 *\n",
        "[Event \"x\"] ; note\n[Site \"y\"]\n\n1. e4 *\n",
        "[Event \"x\"] {c}\n[Site \"y\"] ; r\n\n1. e4 *\n",
    ] {
        let games = read(text);
        assert_eq!(games.len(), 1, "{text:?}");
        assert_eq!(games[0].tag("Event"), Some("x"), "{text:?}");
        assert_eq!(games[0].tag("Site"), Some("y"), "{text:?}");
        assert_eq!(uci(&games[0]), ["e2e4"], "{text:?}");
    }
    // Other text after a tag: that tag line is skipped, as python-chess does.
    let games = read("[Event \"x\"] trailing words\n[Site \"y\"]\n\n1. e4 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Event"), None);
    assert_eq!(games[0].tag("Site"), Some("y"));
    assert_eq!(uci(&games[0]), ["e2e4"]);
}

#[test]
fn a_tag_never_closed_is_still_an_error() {
    let items: Vec<_> = Reader::new("[Event \"x\n\n1. e4 *\n".as_bytes()).collect();
    assert!(items[0].is_err());
}

#[test]
fn indented_tag_lines_are_tags_as_pgn_extract_reads_them() {
    // Issue 26 item 9: python-chess takes them for movetext and drops them.
    let games = read("  [Event \"x\"]\n  [Site \"y\"]\n\n1. e4 e5 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].tag("Event"), games[0].tag("Site")),
        (Some("x"), Some("y"))
    );
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5"]);
    let games = read("[Event \"x\"]\n\t[Site \"y\"]\n\n1. e4 e5 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Site"), Some("y"));
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5"]);
    // After movetext, an indented tag line starts the next game.
    let games = read("1. e4 e5\n  [Event \"b\"]\n\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5"]);
    assert_eq!(games[1].tag("Event"), Some("b"));
    // Moves after a tag pair inside a line of movetext are read.
    let games = read("1. e4  [Annotator \"me\"] e5 *\n");
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5"]);
    // An error in an indented tag names the column of its `[`.
    let e = Reader::new("  [Event \"x\n\n*".as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!((e.line(), e.column()), (1, 3), "{e}");
}

#[test]
fn lone_cr_line_ends_are_line_ends() {
    let text = "[Event \"x\"]\r[Site \"y\"]\r\r1. e4 e5\r2. Nf3 *\r\r[Event \"z\"]\r\r1. d4 *\r";
    let games = read(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        (games[0].tag("Event"), games[0].tag("Site")),
        (Some("x"), Some("y"))
    );
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(games[1].tag("Event"), Some("z"));
    assert_eq!(uci(&games[1]), ["d2d4"]);
    assert_eq!(games[1].first_line(), 7);
    // Errors count lone CRs as lines too.
    let e = Reader::new("[Event \"x\"]\r\r1. e4\r{c\rd} Ke7 *\r".as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!((e.line(), e.column(), e.ply()), (5, 4, Some(1)), "{e}");
}

#[test]
fn mixed_line_ends_are_read_line_by_line() {
    let text =
        "[Event \"x\"]\r\n[Site \"y\"]\n\r1. e4 e5\r2. Nf3 *\n\r\n[Event \"z\"]\r\r1. d4 *\r";
    let games = read(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Site"), Some("y"));
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(uci(&games[1]), ["d2d4"]);
    assert_eq!(games[1].first_line(), 7);
    // A `;` comment and a `%` line end at a lone CR.
    let games = read("1. e4 ; rest\re5 *\r%escape\r\r1. d4 *");
    assert_eq!(uci(&games[0]), ["e2e4", "e7e5"]);
    assert_eq!(uci(&games[1]), ["d2d4"]);
}

#[test]
fn a_cr_at_a_buffer_edge_is_read_with_the_byte_after_it() {
    // One byte per read: a CR is always the last byte in the buffer.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((&b, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = b;
            self.0 = rest;
            Ok(1)
        }
    }
    let text = "[Event \"x\"]\r\n\r\n1. e4 e5\r\n\r\n[Event \"y\"]\r\r1. d4 *\r";
    let slow: Vec<PgnGame> = Reader::new(Trickle(text.as_bytes()))
        .map(Result::unwrap)
        .collect();
    let fast = read(text);
    assert_eq!(slow, fast);
    assert_eq!(slow.len(), 2);
    let lines: Vec<_> = slow
        .iter()
        .map(|g| (g.byte_offset(), g.first_line()))
        .collect();
    assert_eq!(lines, [(0, 1), (27, 5)]);
}

#[test]
fn each_game_knows_its_byte_offset_and_first_line() {
    let text = "; a file comment\n\n[Event \"a\"]\n\n1. e4 *\n\n\n1. d4 *\n\n%escape\n[Event \"c\"]\n\n1. c4 *\n";
    let games = read(text);
    assert_eq!(games.len(), 3);
    for g in &games {
        let at = g.byte_offset() as usize;
        let line = text[..at].matches('\n').count() as u64 + 1;
        assert_eq!(line, g.first_line());
        // Reading from the offset gives the same game first.
        let again = Reader::new(&text.as_bytes()[at..]).next().unwrap().unwrap();
        assert_eq!(&again, g);
    }
    assert_eq!(
        games.iter().map(|g| g.first_line()).collect::<Vec<_>>(),
        [3, 8, 11]
    );
}
