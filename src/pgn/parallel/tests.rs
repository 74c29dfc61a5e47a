//! The parallel reader against the sequential one, with chunks small
//! enough that every cut, confirmed or not, is tried.

use super::*;
use alloc::format;
use alloc::string::String;
use alloc::vec;

/// An item as compared: the game and where it starts, or the error and
/// where it is.
type Seen = Result<(PgnGame, u64, u64), (String, u64, u64, u64, Option<usize>)>;

fn seen(item: Item) -> Seen {
    item.map(|g| {
        let (offset, line) = (g.byte_offset(), g.first_line());
        (g, offset, line)
    })
    .map_err(|e| {
        (
            format!("{e}"),
            e.game_number(),
            e.line(),
            e.column(),
            e.ply(),
        )
    })
}

/// Asserts that `text` reads the same in chunks of each size as
/// sequentially; the sequential items.
fn check(text: &[u8], chunks: &[usize]) -> Vec<Seen> {
    let sequential: Vec<Seen> = Reader::new(text).map(seen).collect();
    for &chunk in chunks {
        for (threads, inline) in [(2, 1), (3, 4)] {
            let parallel: Vec<Seen> = Reader::with_chunks(text, threads, chunk, inline)
                .map(seen)
                .collect();
            assert_eq!(
                parallel,
                sequential,
                "chunks of {chunk}, {threads} threads, {inline} inline: {:?}",
                String::from_utf8_lossy(text)
            );
        }
    }
    sequential
}

/// A seeded xorshift generator: the same numbers on every run.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// `count` pieces of [`PIECES`], drawn with `next`.
fn random_pieces(next: &mut impl FnMut() -> u64, count: u64) -> String {
    let mut text = String::new();
    for _ in 0..count {
        text.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
    }
    text
}

/// Pieces of PGN, good and bad, that make the cuts hard to confirm:
/// comments over empty lines and tag lines, tags without movetext, escape
/// and `;` lines, every kind of line end, byte-order marks.
const PIECES: [&str; 30] = [
    "[Event \"a\"]\n",
    "[Site \"}{\"]\n",
    "  [Round \"1\"]\n",
    "[White \"w\"] {c}\n",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\r\n\r\n",
    " \t\n",
    "1. e4 e5 ",
    "2. Nf3 Nc6 ",
    "1. d4 ",
    "{a comment} ",
    "{open\n",
    "}",
    "; a rest of line {\n",
    "%escape {\n",
    "*\n",
    "1-0\n",
    "[",
    "\u{feff}",
    "Ke3 ",
    "(1. c4 c5) ",
    "(",
    ")",
    "e5\n\n[Event \"y\"]\n\n",
    "1. f3 e5 2. g4 Qh4# 0-1\n\n",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
    "[Event \"b\"]\n[Site \"c\"]\n\n1. e4 *\n\n",
];

#[test]
fn chunks_read_random_pieces_as_the_sequential_reader() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..400 {
        let count = next() % 120;
        let text = random_pieces(&mut next, count);
        let sizes = [1 + (next() % 8) as usize, 8 + (next() % 64) as usize, 200];
        check(text.as_bytes(), &sizes);
    }
}

#[test]
fn chunks_read_the_sample_files_as_the_sequential_reader() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut all = Vec::new();
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            all.extend(std::fs::read(&path).unwrap());
            all.extend(b"\n\n");
        }
    }
    assert!(check(&all, &[97, 1000, 4096]).len() > 100);
}

#[test]
fn chunks_read_games_longer_than_a_chunk_as_the_sequential_reader() {
    // Comments over empty lines and tag lines, longer than many chunks.
    let long = "x ".repeat(5000);
    let game = format!(
        "[Event \"big\"]\n\n1. e4 {{{long}\n\n[Event \"x\"]\n}} e5 {{\n\n[A \"b\"]\n\n}} *\n\n"
    );
    let short = "[Event \"e\"]\n\n1. e4 e5 *\n\n";
    let text = format!(
        "{}{game}{}{game}{game}{}",
        short.repeat(30),
        short.repeat(3),
        short
    );
    let items = check(text.as_bytes(), &[16, 100, 999]);
    assert!(items.len() > 30 + 1 + 3 + 2 + 2);
}

#[test]
fn chunks_of_a_file_without_empty_lines_or_with_lone_cr_read_as_the_sequential_reader() {
    let text = "[Event \"a\"]\n1. e4 e5 *\n".repeat(200);
    assert_eq!(check(text.as_bytes(), &[10, 64]).len(), 200);
    let text = "[Event \"a\"]\r\r1. e4 e5 *\r\r".repeat(200);
    assert_eq!(check(text.as_bytes(), &[10, 64]).len(), 200);
    let text = "1. e4 {a\n\nb} e5 *\n\n1. d4 *\r\n\r\n".repeat(200);
    assert_eq!(check(text.as_bytes(), &[10, 64]).len(), 400);
}

/// A reader that fails after handing over its bytes, a few at a time.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let n = buf.len().min(self.0.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn chunks_end_with_the_read_error_where_the_sequential_reader_does() {
    let mut next = xorshift(77);
    for _ in 0..100 {
        let count = next() % 60;
        let text = random_pieces(&mut next, count);
        let sequential: Vec<Seen> = Reader::new(Failing(text.as_bytes())).map(seen).collect();
        assert!(matches!(sequential.last(), Some(Err(..))));
        for chunk in [3, 50] {
            let parallel: Vec<Seen> = Reader::with_chunks(Failing(text.as_bytes()), 2, chunk, 1)
                .map(seen)
                .collect();
            assert_eq!(parallel, sequential, "chunks of {chunk}: {text:?}");
        }
    }
}

/// A reader interrupted before every read that hands over a few bytes.
struct Interrupted<'a>(&'a [u8], bool);

impl Read for Interrupted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.1 = !self.1;
        if self.1 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(self.0.len()).min(5);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn chunks_are_read_whole_through_interrupted_and_short_reads() {
    let mut next = xorshift(78);
    for _ in 0..60 {
        let count = next() % 60;
        let text = random_pieces(&mut next, count);
        let sequential: Vec<Seen> = Reader::new(text.as_bytes()).map(seen).collect();
        for chunk in [3, 50, 400] {
            let parallel: Vec<Seen> =
                Reader::with_chunks(Interrupted(text.as_bytes(), false), 2, chunk, 1)
                    .map(seen)
                    .collect();
            assert_eq!(parallel, sequential, "chunks of {chunk}: {text:?}");
        }
    }
}

#[test]
fn a_cut_is_made_where_a_game_most_likely_starts() {
    assert_eq!(cut_point(b"1. e4 *\n\n[Event \"a\"]\n"), 9);
    assert_eq!(cut_point(b"1. e4 *\r\n \r\n[Event \"a\"]\n"), 12);
    assert_eq!(cut_point(b"1. e4 *\r\r[Event \"a\"]\r"), 9);
    // Not inside a line, nor after a tag line.
    assert_eq!(cut_point(b"1. e4 {\nx [y\n"), 13);
    assert_eq!(cut_point(b"\n\n[Event \"a\"]\n[Site \"b\"]\n"), 25);
    // After a line of movetext when no line follows an empty one.
    assert_eq!(
        cut_point(b"1. e4 *\n[Event \"a\"]\n1. d4 *\n[Event \"b\"]\n"),
        28
    );
    // Games without tags: after an empty line.
    assert_eq!(cut_point(b"1. e4 *\n\n1. d4 *\r\n\r\n1. c4 *\n"), 20);
    assert_eq!(cut_point(b"1. e4 *\n1. d4 *\n1. c4 *\n"), 24);
    // Not in the first eighth: chunks stay long.
    let mut text = b"\n\n[".to_vec();
    text.extend(vec![b'x'; 40]);
    assert_eq!(cut_point(&text), text.len());
}

/// [`cut_point`] as it was first written: every `[` tried, from the end.
fn cut_point_by_brackets(bytes: &[u8]) -> usize {
    let from = bytes.len() / 8;
    let mut end = bytes.len();
    let mut after_movetext = None;
    while let Some(k) = memchr::memrchr(b'[', &bytes[from..end]) {
        let at = from + k;
        end = at;
        let Some(line) = line_before(&bytes[..at]) else {
            continue;
        };
        if is_blank_line(line) {
            return at;
        }
        if after_movetext.is_none() && !line.starts_with(b"[") {
            after_movetext = Some(at);
        }
    }
    if let Some(at) = after_movetext {
        return at;
    }
    let cut = cut_point(bytes);
    assert!(cut == bytes.len() || !bytes[cut..].starts_with(b"["));
    cut
}

#[test]
fn a_cut_is_found_from_the_line_ends_where_every_bracket_would_find_it() {
    let mut next = xorshift(80);
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..next() % 40 {
            text.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            if next() % 4 == 0 {
                text.push_str("{ [%clk 0:01:00] } [x] \n[");
            }
        }
        let bytes = text.as_bytes();
        assert_eq!(cut_point(bytes), cut_point_by_brackets(bytes), "{text:?}");
    }
}

#[test]
fn chunks_start_with_the_room_the_games_taken_before_them_needed() {
    // Games of 150 plies and more: a reader that starts afresh makes room
    // for 64 and grows every vector of its first game twice; a chunk's
    // reader starts with the room of the games taken before it, as the
    // sequential reader does, and sizes its games as that reader does.
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let mut text = String::new();
    let mut games = 0;
    while games < 40 {
        let mut game = crate::Game::new();
        let mut movetext = String::new();
        while game.outcome().is_none() && game.moves().len() < 150 {
            let moves = game.position().legal_moves();
            let m = moves[(next() % moves.len() as u64) as usize];
            movetext.push_str(&format!("{} ", game.position().san(m)));
            game.play(m).unwrap();
        }
        if game.outcome().is_none() {
            text.push_str(&format!("[Event \"{games}\"]\n\n{movetext}*\n\n"));
            games += 1;
        }
    }
    let room = |item: Item| item.unwrap().game.keys.capacity();
    let sequential: Vec<usize> = Reader::new(text.as_bytes()).map(room).collect();
    assert_eq!(sequential.len(), 40);
    // The first game grows its vectors; those after it do not.
    assert!(sequential[0] > 2 * 65 && sequential[1] < 2 * 151);
    // A chunk a game: the chunks cut before the first is taken (three per
    // thread in flight) start afresh.
    // (The games kept until all are read: none is dropped, and no game is
    // built in a dropped one's vectors.)
    let chunk = text.len() / 40;
    let items: Vec<Item> = Reader::with_chunks(text.as_bytes(), 2, chunk, 1).collect();
    let parallel: Vec<usize> = items.into_iter().map(room).collect();
    assert_eq!(parallel[10..], sequential[10..]);
    // Each game dropped at once: the games built in the vectors of those
    // dropped have at least that room.
    let parallel: Vec<usize> = Reader::with_chunks(text.as_bytes(), 2, chunk, 1)
        .map(room)
        .collect();
    assert_eq!(parallel.len(), 40);
    assert!(
        parallel[10..]
            .iter()
            .zip(&sequential[10..])
            .all(|(p, s)| p >= s)
    );
}

#[test]
fn games_handed_back_go_to_the_worker_that_built_them() {
    let mut next = xorshift(79);
    let text = random_pieces(&mut next, 3000).repeat(4);
    let sequential: Vec<Seen> = Reader::new(text.as_bytes()).map(seen).collect();
    for threads in [2, 3] {
        until_a_worker_built(threads, || {
            let mut reader = Reader::with_chunks(text.as_bytes(), threads, 64, 1);
            let mut parallel = Vec::new();
            while let Some(item) = reader.next() {
                parallel.push(seen(item.map(|game| {
                    let copy = game.clone();
                    reader.recycle(game);
                    copy
                })));
            }
            assert_eq!(parallel, sequential, "{threads} threads");
            // Every game a worker built, and no other, went back to it.
            each_came_back(&reader, threads)
        });
    }
    // One thread: the game is freed at once.
    let mut reader = Reader::with_threads(text.as_bytes(), 1);
    let game = reader.find_map(Result::ok).unwrap();
    reader.recycle(game);
    let first = sequential.iter().position(Result::is_ok).unwrap();
    assert_eq!(reader.count(), sequential.len() - first - 1);
}

/// Asserts that each game a worker of `reader` (read in chunks by
/// `threads` threads) built went back to it; the games the workers built.
fn each_came_back<R>(reader: &ParallelReader<R>, threads: usize) -> usize {
    let Inner::Many(chunker) = &reader.inner else {
        unreachable!("read in chunks")
    };
    assert_eq!(
        came_back(chunker),
        (built_here(chunker), true),
        "{threads} threads"
    );
    chunker.built
}

/// Runs `read` (a reading by `threads` threads, giving the games its
/// workers built) until a worker built games: on a loaded machine the
/// calling thread may read every chunk itself before a worker starts one.
fn until_a_worker_built(threads: usize, mut read: impl FnMut() -> usize) {
    for _ in 0..100 {
        if read() > 0 {
            return;
        }
    }
    panic!("{threads} threads: no chunk read by a worker in 100 readings");
}

/// The games that went back to the workers that built them, and whether
/// each worker's did.
fn came_back<R>(chunker: &Chunker<R>) -> (usize, bool) {
    let pool = chunker.pool.as_ref().expect("workers started");
    let spent = pool.bins.iter().map(|bin| lock(&bin.spent));
    spent.fold((0, true), |(sum, all), spent| {
        (sum + spent.came_back, all && spent.came_back == spent.built)
    })
}

/// The games that the workers built (some of them dropped unseen, in a
/// chunk read again on the calling thread).
fn built_here<R>(chunker: &Chunker<R>) -> usize {
    let pool = chunker.pool.as_ref().expect("workers started");
    pool.bins.iter().map(|bin| lock(&bin.spent).built).sum()
}

#[test]
fn games_dropped_go_back_to_the_worker_that_built_them() {
    let mut next = xorshift(83);
    let text = random_pieces(&mut next, 3000).repeat(4);
    let sequential: Vec<Seen> = Reader::new(text.as_bytes()).map(seen).collect();
    let games: Vec<&PgnGame> = sequential.iter().flatten().map(|seen| &seen.0).collect();
    for threads in [2, 3] {
        until_a_worker_built(threads, || {
            let mut reader = Reader::with_chunks(text.as_bytes(), threads, 64, 1);
            let mut clones = Vec::new();
            // A clone is the cloning thread's to free (and is kept); the
            // game is dropped at once.
            for game in (&mut reader).flatten() {
                clones.push(game.clone());
            }
            assert_eq!(
                clones.iter().collect::<Vec<_>>(),
                games,
                "{threads} threads"
            );
            // Every game a worker built, and no other (not the clones,
            // kept anyway), went back to it.
            each_came_back(&reader, threads)
        });
    }
}

#[test]
fn games_outliving_their_reader_or_kept_are_freed_where_dropped() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(2000);
    let sequential: Vec<PgnGame> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    let mut reader = Reader::with_chunks(text.as_bytes(), 2, 256, 1);
    // Kept past the bin's room, then dropped at once: the bin holds at
    // most its room; the rest are freed here.
    let kept: Vec<PgnGame> = (&mut reader).take(1500).map(Result::unwrap).collect();
    assert_eq!(kept[..], sequential[..1500]);
    drop(kept);
    let Inner::Many(chunker) = &reader.inner else {
        unreachable!("read in chunks")
    };
    let bins = &chunker.pool.as_ref().expect("workers started").bins;
    assert!(
        bins.iter()
            .all(|bin| lock(&bin.spent).games.len() <= BIN_MOST)
    );
    // Sent to another thread, and kept after the reader is gone.
    let rest: Vec<PgnGame> = reader.map(Result::unwrap).collect();
    let handle = std::thread::spawn(move || rest);
    let rest = handle.join().unwrap();
    assert_eq!(rest[..], sequential[1500..]);
    assert!(bins_closed_after_drop());
}

/// A reader dropped, or at its input's end, closes its workers' bins: a
/// game dropped after is freed where it is dropped, and none is kept.
fn bins_closed_after_drop() -> bool {
    let text = "1. e4 e5 *\n\n".repeat(500);
    let bins_of = |reader: &ParallelReader<&[u8]>| {
        let Inner::Many(chunker) = &reader.inner else {
            unreachable!("read in chunks")
        };
        let pool = chunker.pool.as_ref().expect("workers started");
        pool.bins.clone()
    };
    let closed = |bins: &[Arc<Bin>]| {
        bins.iter().all(|bin| {
            let spent = lock(&bin.spent);
            !spent.open && spent.games.is_empty()
        })
    };
    // Dropped halfway.
    let mut reader = Reader::with_chunks(text.as_bytes(), 2, 64, 1);
    let games: Vec<PgnGame> = (&mut reader).take(250).map(Result::unwrap).collect();
    let bins = bins_of(&reader);
    let open = bins.iter().all(|bin| lock(&bin.spent).open);
    drop(reader);
    drop(games);
    let halfway = open && closed(&bins);
    // Read to its end, and kept.
    let mut reader = Reader::with_chunks(text.as_bytes(), 2, 64, 1);
    let games: Vec<PgnGame> = (&mut reader).map(Result::unwrap).collect();
    assert_eq!(games.len(), 500);
    let bins = bins_of(&reader);
    drop(games);
    halfway && closed(&bins)
}
