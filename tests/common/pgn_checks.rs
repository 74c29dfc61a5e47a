//! PGN invariants shared by `tests/oracle/pgn.rs`,
//! `tests/oracle/fuzz_corpus.rs` and the `pgn` fuzz target: reading never
//! panics, and every game read is written in export format and read back to
//! the same game.

#![allow(dead_code)] // each includer uses a different part

use chess_arbiter::pgn::{PgnError, PgnGame, Reader, Variation};
use std::borrow::Cow;
use std::fmt;
use std::path::PathBuf;

/// Tags that the writer derives from the game's start position.
pub const DERIVED: [&str; 3] = ["SetUp", "FEN", "Variant"];

/// A tag name as the writer writes it: as read (letters, digits, `_` of
/// the PGN standard 8.1.1, and `+ # = : -`), anything else as `_`
/// (borrowed when written as read).
pub fn standard_name(name: &str) -> Cow<'_, str> {
    let kept = |c: char| c.is_ascii_alphanumeric() || "_+#=:-".contains(c);
    if name.is_empty() {
        Cow::Borrowed("_")
    } else if name.chars().all(kept) {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(
            name.chars()
                .map(|c| if kept(c) { c } else { '_' })
                .collect(),
        )
    }
}

/// A tag as the checks compare it: its name as written, its value
/// (borrowed from the game, or a default).
pub type Tag<'a> = (Cow<'a, str>, Cow<'a, str>);

/// The tags a round trip keeps, sorted (the writer puts the Seven Tag
/// Roster first, and spells names the standard's way). Equal tags are
/// the same text, so an unstable sort sorts them as a stable one.
pub fn kept_tags(game: &PgnGame) -> Vec<Tag<'_>> {
    let mut tags: Vec<Tag<'_>> = game
        .tags()
        .filter(|(n, _)| !DERIVED.contains(n))
        .map(|(n, v)| (standard_name(n), Cow::Borrowed(v)))
        .collect();
    tags.sort_unstable();
    tags
}

/// The Seven Tag Roster, in order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The result the export writes: the `Result` tag when it is a result
/// other than `*`, else the movetext's token.
pub fn export_result(game: &PgnGame) -> &str {
    match game.tag("Result") {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r,
        _ => game.result(),
    }
}

/// The tags an export writes, sorted: the Seven Tag Roster (the first of
/// each name, `?` for a missing one), the result as exported, the others.
pub fn exported_tags(game: &PgnGame) -> Vec<Tag<'_>> {
    let mut tags: Vec<Tag<'_>> = SEVEN_TAG_ROSTER
        .iter()
        .map(|&name| {
            let value = match name {
                "Result" => export_result(game),
                "Date" => game.tag(name).unwrap_or("????.??.??"),
                _ => game.tag(name).unwrap_or("?"),
            };
            (Cow::Borrowed(name), Cow::Borrowed(value))
        })
        .collect();
    // The other tags, and second tags of roster names but Result.
    let mut seen = Vec::new();
    tags.extend(
        game.tags()
            .filter(|&(n, _)| {
                if SEVEN_TAG_ROSTER.contains(&n) {
                    let first = !seen.contains(&n);
                    seen.push(n);
                    !first && n != "Result"
                } else {
                    !DERIVED.contains(&n)
                }
            })
            .map(|(n, v)| (standard_name(n), Cow::Borrowed(v))),
    );
    tags.sort_unstable();
    tags
}

/// A comment as it reads back, runs of white space as one space: the
/// writer may break it at a space, and starts no line with a blank.
pub fn comment_text(text: &str) -> String {
    let text = text.replace('}', "");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `comment_text(a) == comment_text(b)`, compared in place: the same
/// words, `}` left out (a word of `}` alone is none).
pub fn same_comment(a: &str, b: &str) -> bool {
    let words = |t| {
        str::split_whitespace(t)
            .filter(|w| w.bytes().any(|c| c != b'}'))
            .map(|w| w.chars().filter(|&c| c != '}'))
    };
    let (mut x, mut y) = (words(a), words(b));
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) => {
                if !p.eq(q) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// [`same_comment`] of two comments that may be missing.
pub fn same_comments(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => same_comment(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// Panics unless two variation trees are the same (comments as they read
/// back).
pub fn same_variations(a: &[Variation], b: &[Variation], text: &str) {
    assert_eq!(a.len(), b.len(), "variation count differs:\n{text}");
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x.start(), y.start(), "variation start differs:\n{text}");
        assert_eq!(
            x.moves().collect::<Vec<_>>(),
            y.moves().collect::<Vec<_>>(),
            "variation moves differ:\n{text}"
        );
        assert!(
            same_comments(x.starting_comment(), y.starting_comment()),
            "variation comment differs:\n{text}"
        );
        for i in 0..x.len() {
            assert_eq!(x.nags(i), y.nags(i), "variation NAGs differ:\n{text}");
            assert!(
                same_comments(x.comment(i), y.comment(i)),
                "variation comments differ:\n{text}"
            );
            same_variations(x.variations(i), y.variations(i), text);
        }
    }
}

/// Panics unless `game` written and read back is the same game: tags,
/// start, moves, comments, NAGs and result; and no movetext line is longer
/// than 79 characters unless a comment makes it so.
pub fn round_trip(game: &PgnGame) {
    let text = game.to_string();
    let blank = |line: &str| {
        line.bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
    };
    // A lone CR ends a line for the reader too (CR LF ends one line).
    let mut lines = text
        .split('\n')
        .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'));
    let mut previous = lines.next().unwrap_or("");
    let blank_then_tag = lines.any(|line| {
        let found = blank(previous) && line.starts_with('[');
        previous = line;
        found
    });
    if blank_then_tag {
        // Only a comment can hold a blank line and then a `[` line. The
        // reader takes an empty line, tag lines and an empty line inside a
        // comment for the next game after a comment left open (so as not
        // to swallow the rest of a file), which a comment joined from
        // several may now look like: reading it back must not panic.
        for item in Reader::new(text.as_bytes()) {
            let _ = item.map(|g| g.to_string());
        }
        return;
    }
    let mut again = Reader::new(text.as_bytes());
    let back = match again.next() {
        Some(Ok(back)) => back,
        other => panic!("export did not read back: {other:?}\n{text}"),
    };
    assert!(again.next().is_none(), "export read as two games:\n{text}");
    assert_eq!(
        kept_tags(&back),
        exported_tags(game),
        "tags differ:\n{text}"
    );
    assert_eq!(
        back.game().start(),
        game.game().start(),
        "start differs:\n{text}"
    );
    assert_eq!(
        back.game().moves(),
        game.game().moves(),
        "moves differ:\n{text}"
    );
    assert_eq!(
        back.moves_after_end(),
        game.moves_after_end(),
        "moves after the end differ:\n{text}"
    );
    assert_eq!(
        back.game().outcome(),
        game.game().outcome(),
        "outcome differs:\n{text}"
    );
    assert_eq!(
        back.result(),
        export_result(game),
        "result differs:\n{text}"
    );
    assert_eq!(
        back.tag("Result"),
        Some(back.result()),
        "Result tag differs:\n{text}"
    );
    let comments = |g: &PgnGame| -> Vec<(usize, String)> {
        g.comments().map(|(n, t)| (n, comment_text(t))).collect()
    };
    let mut theirs = game.comments();
    let same = back.comments().all(|(n, t)| {
        theirs
            .next()
            .is_some_and(|(m, u)| n == m && same_comment(t, u))
    }) && theirs.next().is_none();
    assert!(
        same,
        "comments differ: {:?} read back, {:?} written\n{text}",
        comments(&back),
        comments(game)
    );
    let game_nags = |g: &PgnGame| {
        let mut v: Vec<(usize, u8)> = (0..g.mainline_len())
            .flat_map(|p| g.nags(p).map(move |n| (p, n)))
            .collect();
        v.sort();
        v
    };
    assert_eq!(game_nags(&back), game_nags(game), "NAGs differ:\n{text}");
    for ply in 0..game.mainline_len() {
        same_variations(back.variations(ply), game.variations(ply), &text);
        let mut a: Vec<u8> = back.nags(ply).collect();
        let mut b: Vec<u8> = game.nags(ply).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "NAGs of ply {ply} differ:\n{text}");
    }
    // Every line within 79 characters, unless one word longer than a line
    // stands alone on it (in a comment: with its brace).
    for line in text.lines() {
        if line.chars().count() > 79 && !line.starts_with('[') {
            let word = line.trim_start_matches("{ ").trim_end_matches(" }");
            assert!(
                !word.contains(' '),
                "line longer than 79 characters:\n{line}"
            );
        }
    }
    // Written again without a copy: compared as it is written.
    if !writes_as(&back, &text) {
        assert_eq!(back.to_string(), text, "export is not stable");
    }
}

/// `true` if `value` is written as `text` exactly (`value.to_string() ==
/// text`), compared as it is written, with no copy.
pub fn writes_as(value: &impl fmt::Display, text: &str) -> bool {
    let mut rest = Unwritten(text);
    fmt::write(&mut rest, format_args!("{value}")).is_ok() && rest.0.is_empty()
}

/// A `fmt::Write` that takes only the text it still holds, in order, and
/// keeps what is left of it: an error at the first difference.
struct Unwritten<'a>(&'a str);

impl fmt::Write for Unwritten<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.0.strip_prefix(s) {
            Some(rest) => {
                self.0 = rest;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}

/// Reads arbitrary bytes as PGN (never panicking) and round-trips every
/// game read.
pub fn pgn(data: &[u8]) {
    checked_items(data);
}

/// An item as two readings are compared: the game and where it was read
/// (byte offset, first line), or the error's text (which holds its game
/// number, line and column) and its ply.
pub type Seen = Result<(PgnGame, u64, u64), (String, Option<usize>)>;

/// `item` as compared (an error's text written once).
pub fn seen(item: Result<PgnGame, PgnError>) -> Seen {
    match item {
        Ok(g) => {
            let (offset, line) = (g.byte_offset(), g.first_line());
            Ok((g, offset, line))
        }
        Err(e) => Err((e.to_string(), e.ply())),
    }
}

/// Panics unless `items`, another reading of the input that
/// [`checked_items`] read, are the items it gave, in order: the same games
/// read at the same places, the same errors (their text compared as it is
/// written, with no copy; their ply). `what` names the other reading.
pub fn same_items(
    checked: &[Seen],
    items: impl Iterator<Item = Result<PgnGame, PgnError>>,
    what: &str,
) {
    let mut count = 0;
    for (i, item) in items.enumerate() {
        count += 1;
        let expected = checked.get(i);
        let same = match (expected, &item) {
            (Some(Ok((game, offset, line))), Ok(other)) => {
                other == game && other.byte_offset() == *offset && other.first_line() == *line
            }
            (Some(Err((text, ply))), Err(e)) => e.ply() == *ply && writes_as(e, text),
            _ => false,
        };
        assert!(
            same,
            "{what}: item {i} is {:?}, the sequential reader's {expected:?}",
            seen(item)
        );
    }
    assert_eq!(
        count,
        checked.len(),
        "{what}: {count} items, the sequential reader {}",
        checked.len()
    );
}

/// [`pgn`], giving back the items read (at most 1,000) as compared, so that
/// a caller comparing them with another reading need neither read them nor
/// write their errors again.
pub fn checked_items(data: &[u8]) -> Vec<Seen> {
    let mut items = Vec::new();
    for item in Reader::new(data).take(1000) {
        let place = match &item {
            Ok(game) => {
                round_trip(game);
                None
            }
            Err(e) => Some((e.line(), e.column())),
        };
        let item = seen(item);
        if let (Err((text, _)), Some((line, column))) = (&item, place) {
            assert!(text.starts_with("game "), "{text}");
            assert!(line >= 1 && column >= 1, "{text}");
        }
        items.push(item);
    }
    items
}

/// A file of the PGN sample under `tests/data/pgn/`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn")
        .join(name)
}

/// Every item the reader gives for `text`.
pub fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    Reader::new(text.as_bytes()).collect()
}

/// The one game in `text`, read without error.
pub fn one(text: &str) -> PgnGame {
    let mut items = read_all(text);
    assert_eq!(items.len(), 1, "{text}");
    items.remove(0).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The first item of `text`, an error.
pub fn error(text: &str) -> PgnError {
    let mut items = read_all(text);
    assert!(!items.is_empty(), "{text}");
    match items.remove(0) {
        Err(e) => e,
        Ok(g) => panic!("read without error: {:?}\n{text}", g.game()),
    }
}

/// The main line of `game` in UCI notation.
pub fn uci(game: &PgnGame) -> Vec<String> {
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
