//! The reader's own tests: the one-pass cut against the line splitter, and
//! games ruled in place against games ruled move by move.

use super::*;
use crate::pgn::build::build_with;
use alloc::string::String;

/// A game as compared: the game and where it starts, or the error.
type Seen = Result<(PgnGame, u64, u64), alloc::string::String>;

fn seen(item: Result<PgnGame, PgnError>) -> Seen {
    item.map(|g| {
        let (offset, line) = (g.byte_offset(), g.first_line());
        (g, offset, line)
    })
    .map_err(|e| alloc::format!("{e} {:?}", e.ply()))
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

/// Every record of `text` read in place, after asserting that each is the
/// game ruled move by move (as `Game::play` rules).
fn ruled_as_move_by_move(text: &str) -> Vec<Result<(PgnGame, String), String>> {
    let mut ruled_by_move = Vec::new();
    let mut reader = Reader::new(text.as_bytes());
    while let Some(game) = reader.next_text().unwrap() {
        let origin = Origin {
            offset: game.offset,
            line: game.first_line,
        };
        let built = crate::pgn::build::build_ruled(&game, false);
        ruled_by_move.push(ruled(built.map(|mut b| {
            b.end(origin);
            b.record
        })));
    }
    let in_place: Vec<_> = Reader::from_slice(text.as_bytes()).map(ruled).collect();
    assert_eq!(in_place.len(), ruled_by_move.len());
    for (k, (a, b)) in in_place.iter().zip(&ruled_by_move).enumerate() {
        assert_eq!(a, b, "game {k}");
    }
    // Through `Read` as well: games read ahead from the buffer's input at
    // hand, a game cut by the buffer's end read again with more.
    let streamed: Vec<_> = Reader::new(text.as_bytes()).map(ruled).collect();
    assert!(streamed == in_place);
    in_place
}

/// A `Read` that hands over a few bytes at a time.
struct Trickle<'a>(&'a [u8], u64);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.1 = self.1.wrapping_mul(6364136223846793005).wrapping_add(1);
        let n = (1 + (self.1 >> 61) as usize)
            .min(buf.len())
            .min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn one_pass_cuts_and_reads_every_game_as_the_line_splitter_does() {
    const PARTS: [&[u8]; 40] = [
        b"[Event \"x\"]",
        b"[Site \"{y\"]",
        b"\n",
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"{",
        b"}",
        b";",
        b"%",
        b"(",
        b")",
        b"1.",
        b"...",
        b"e4",
        b"e5",
        b"Nf3",
        b"*",
        b"1-0",
        b"\xef\xbb\xbf",
        b"  [Site \"y\"]",
        b"[",
        b"\"]",
        b"$1",
        b"!?",
        b"\n\n",
        b"{c\n\n[A \"b\"]\n\n}",
        b"f3",
        b"g4",
        b"Qh4#",
        b"0-1",
        b"\x0b",
        b"\xff",
        b"{ [%clk 0:01:00] }",
        b"\n \n",
        b"\t[W \"z\"]",
        b"{\n}",
        b"[%x]",
    ];
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15_u64);
    for _ in 0..3000 {
        let mut text = Vec::new();
        for _ in 0..1 + next() % 40 {
            text.extend_from_slice(PARTS[(next() % PARTS.len() as u64) as usize]);
        }
        let mut by_lines = Vec::new();
        let mut reader = Reader::new(&text[..]);
        while let Some(game) = reader.next_text().unwrap() {
            let origin = Origin {
                offset: game.offset,
                line: game.first_line,
            };
            by_lines.push(seen(build_with(&game, false, Room::default()).map(
                |mut b| {
                    b.end(origin);
                    b.record
                },
            )));
        }
        let one_pass: Vec<Seen> = Reader::new(Trickle(&text, next())).map(seen).collect();
        let name = String::from_utf8_lossy(&text);
        assert_eq!(one_pass, by_lines, "{name:?}");
        let in_place: Vec<Seen> = Reader::from_slice(&text).map(seen).collect();
        assert_eq!(in_place, by_lines, "{name:?}");
    }
}

/// A game as the reader gives it, with what its ruling says.
fn ruled(item: Result<PgnGame, PgnError>) -> Result<(PgnGame, String), String> {
    item.map(|g| {
        let outcome = alloc::format!("{:?}", g.game().outcome());
        (g, outcome)
    })
    .map_err(|e| alloc::format!("{e} {:?}", e.ply()))
}

#[test]
fn games_ruled_in_place_equal_games_ruled_move_by_move() {
    use crate::{Move, Position};
    use core::fmt::Write;
    // Starts from which random play reaches dead positions: by
    // insufficient material, behind a locked pawn chain, or at the start.
    const STARTS: [&str; 8] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K1n1 w Q - 0 1",
        "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/K6r w - - 0 1",
        "7k/8/8/p1p1p1p1/P1P1P1P1/3n4/8/K6R b - - 0 1",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/3K4 w - - 0 1",
        "4k3/8/8/8/8/5b2/8/2B1K3 w - - 0 1",
        "4k3/2b5/8/8/8/8/4P3/4K1N1 w - - 0 1",
    ];
    let mut next = xorshift(0x2545_f491_4f6c_dd1d_u64);
    let mut text = String::new();
    for n in 0..600 {
        let fen = STARTS[n % STARTS.len()];
        let mut pos: Position = fen.parse().unwrap();
        // Losses on time (FIDE 6.9 rules some of them draws) and
        // other endings recorded.
        let result = ["1-0", "0-1", "1/2-1/2", "*"][(next() % 4) as usize];
        let termination = ["Time forfeit", "time forfeit ", "Normal", "Abandoned"];
        let termination = termination[(next() % 4) as usize];
        let _ = write!(
            text,
            "[Result \"{result}\"]\n[Termination \"{termination}\"]\n[FEN \"{fen}\"]\n\n"
        );
        let plies = next() % 90;
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m: Move = moves[(next() % moves.len() as u64) as usize];
            let _ = write!(text, "{} ", pos.san(m));
            match next() % 16 {
                0 => text.push_str("{ c } "),
                1 => text.push_str("$1 "),
                2 if moves.len() > 1 => {
                    let other = moves[(next() % moves.len() as u64) as usize];
                    let _ = write!(text, "( {} ) ", pos.san(other));
                }
                // An illegal move now and then: the record is in error.
                3 if ply > 20 && n % 7 == 0 => text.push_str("Ke9 "),
                _ => {}
            }
            pos.play_unchecked(m);
        }
        let _ = write!(text, "{result}\n\n");
    }
    let in_place = ruled_as_move_by_move(&text);
    assert_eq!(in_place.len(), 600);
    let dead = in_place
        .iter()
        .filter(|g| matches!(g, Ok((g, _)) if !g.moves_after_end().is_empty()))
        .count();
    assert!(dead > 80, "{dead} games end early");
    let on_time = in_place
        .iter()
        .filter(|g| matches!(g, Ok((_, o)) if o.contains("Timeout")))
        .count();
    assert!(on_time > 50, "{on_time} losses on time");
}

/// Losses on time where the side whose flag fell can never mate (a lone
/// king, or a king and a minor piece against the winner's pieces): the
/// last position's proof of life answers FIDE 6.9 as well, and the games
/// are those ruled move by move.
#[test]
fn losses_on_time_against_a_side_that_cannot_mate_are_ruled_as_move_by_move() {
    use crate::{Color, Move, Position};
    use core::fmt::Write;
    const STARTS: [&str; 6] = [
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        "4k3/8/8/8/8/8/3b4/R3K3 w Q - 0 1",
        "4k3/8/3n4/8/8/8/8/3QK3 b - - 0 1",
        "4k3/8/8/8/8/8/1p6/4K1N1 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/1B2K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    ];
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15_u64);
    let mut text = String::new();
    let mut cannot_mate = 0;
    for n in 0..240 {
        let fen = STARTS[n % STARTS.len()];
        let mut pos: Position = fen.parse().unwrap();
        let result = ["1-0", "0-1"][(next() % 2) as usize];
        let _ = write!(
            text,
            "[Result \"{result}\"]\n[Termination \"Time forfeit\"]\n[FEN \"{fen}\"]\n\n"
        );
        for _ in 0..next() % 40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m: Move = moves[(next() % moves.len() as u64) as usize];
            let _ = write!(text, "{} ", pos.san(m));
            pos.play_unchecked(m);
        }
        let flagged = if result == "1-0" {
            Color::Black
        } else {
            Color::White
        };
        cannot_mate += usize::from(pos.has_insufficient_material(flagged));
        let _ = write!(text, "{result}\n\n");
    }
    assert!(
        cannot_mate > 60,
        "{cannot_mate} flags fell on a side that cannot mate"
    );
    let in_place = ruled_as_move_by_move(&text);
    assert_eq!(in_place.len(), 240);
    let on_time = in_place
        .iter()
        .filter(|g| matches!(g, Ok((_, o)) if o.contains("Timeout")))
        .count();
    assert!(on_time > 60, "{on_time} losses on time");
}

/// Records that shuffle pieces to and fro end at a fivefold repetition
/// exactly where `Game::play` ends them.
#[test]
fn fivefold_repetitions_end_records_where_game_play_ends_them() {
    use crate::{Game, Move, Position};
    use core::fmt::Write;
    const STARTS: [&str; 3] = [
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/4K1N1 b - - 30 1",
        "r3k3/8/8/8/8/8/8/4K2R w - - 0 1",
    ];
    let mut next = xorshift(0x5851_f42d_4c95_7f2d_u64);
    let mut fivefold = 0;
    for n in 0..300 {
        let fen = STARTS[n % STARTS.len()];
        let mut pos: Position = fen.parse().unwrap();
        let mut text = alloc::format!("[FEN \"{fen}\"]\n\n");
        let mut moves = Vec::new();
        for _ in 0..160 {
            // Few moves to choose from, so that positions come back.
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m: Move = legal[(next() % legal.len().min(3) as u64) as usize];
            let _ = write!(text, "{} ", pos.san(m));
            pos.play_unchecked(m);
            moves.push(m);
        }
        text.push_str("*\n\n");
        let mut replay = Game::from_fen(fen).unwrap();
        let played = moves
            .iter()
            .take_while(|&&m| replay.play(m).is_ok())
            .count();
        let read = Reader::from_slice(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(read.game().moves().len(), played, "game {n}: {text}");
        assert_eq!(read.game().outcome(), replay.outcome(), "game {n}: {text}");
        let repeated = matches!(
            replay.outcome(),
            Some(crate::Outcome::Draw {
                reason: crate::DrawReason::FivefoldRepetition
            })
        );
        fivefold += usize::from(repeated);
    }
    assert!(fivefold > 30, "{fivefold} fivefold repetitions");
}

#[test]
fn comment_state_at_line_end_is_the_same_by_both_scans() {
    let parts: [&[u8]; 6] = [b"{", b"}", b";", b"e4 ", b"{a}", b"}{"];
    let mut line = alloc::vec::Vec::new();
    for n in 0..6u32.pow(5) {
        line.clear();
        let mut k = n;
        for _ in 0..5 {
            line.extend_from_slice(parts[(k % 6) as usize]);
            k /= 6;
        }
        for open in [false, true] {
            assert_eq!(
                scan_comments(&line, open),
                scan_comments_slowly(&line, open),
                "{:?} {open}",
                alloc::string::String::from_utf8_lossy(&line)
            );
        }
    }
}

/// A measure, not a check: what the rulings of each record cost on the
/// file named by `RULINGS_FILE`, by men on the last position: the
/// liveness proof of every record not ending in checkmate, and the FIDE
/// 6.9 verdict of every decisive `Time forfeit` record (the least of three
/// timed calls each: the figures of warm caches).
#[test]
#[ignore = "a measure: RULINGS_FILE=F cargo test --release --lib rulings_by_men -- --ignored --nocapture"]
fn rulings_by_men() {
    use crate::dead::{Liveness, liveness, mate_verdict};
    use crate::{Color, Winnability};
    use std::time::Instant;
    /// The least of three timed calls of `f`, and its answer.
    fn least<T>(mut f: impl FnMut() -> T) -> (u128, T) {
        let mut best = u128::MAX;
        let mut answer = f();
        for _ in 0..3 {
            let t = Instant::now();
            answer = f();
            best = best.min(t.elapsed().as_nanos());
        }
        (best, answer)
    }
    /// Per men: records, nanoseconds, answers.
    type Rows = [(u64, u128, [u64; 3]); 33];
    fn show(what: &str, rows: &Rows) {
        let total: u128 = rows.iter().map(|r| r.1).sum();
        for (men, r) in rows.iter().enumerate().filter(|(_, r)| r.0 > 0) {
            std::println!(
                "{what} men {men:2}: {:5} records, {:7.1} us ({:4.1} %), {:5.2} us each, answers {:?}",
                r.0,
                r.1 as f64 / 1e3,
                100.0 * r.1 as f64 / total as f64,
                r.1 as f64 / r.0 as f64 / 1e3,
                r.2
            );
        }
        std::println!("{what}: {:.2} ms", total as f64 / 1e6);
    }
    let Ok(path) = std::env::var("RULINGS_FILE") else {
        return;
    };
    let data = std::fs::read(path).unwrap();
    let mut lives: Rows = [(0, 0, [0; 3]); 33];
    let mut flags: Rows = [(0, 0, [0; 3]); 33];
    for game in Reader::from_slice(&data).mainline_only().flatten() {
        let pos = game.game().position();
        if pos.is_checkmate() {
            continue;
        }
        let men = pos.occupied().len() as usize;
        let winner = match game.tag("Result") {
            Some("1-0") => Some(Color::White),
            Some("0-1") => Some(Color::Black),
            _ => None,
        };
        if let Some(winner) = winner.filter(|_| game.tag("Termination") == Some("Time forfeit")) {
            let (took, verdict) = least(|| mate_verdict(pos, winner));
            let answer = match verdict {
                Winnability::Winnable => 0,
                Winnability::Unwinnable => 1,
                Winnability::Unknown => 2,
            };
            flags[men].0 += 1;
            flags[men].1 += took;
            flags[men].2[answer] += 1;
        }
        let (took, life) = least(|| liveness(pos));
        let answer = match life {
            Liveness::Alive => 0,
            Liveness::Open => 1,
            Liveness::Dead => 2,
        };
        lives[men].0 += 1;
        lives[men].1 += took;
        lives[men].2[answer] += 1;
    }
    std::println!("liveness answers: alive, open, dead; flag falls: winnable, unwinnable, unknown");
    show("liveness", &lives);
    show("flag fall", &flags);
}

/// A `Read` that hands over one part of the input after another, and fails
/// the test when asked for part `k` (or the end of input, after the last)
/// before the reader gave `k` games: as a live stream whose next game is
/// not played yet would make the reader wait.
struct Live<'a> {
    parts: &'a [Vec<u8>],
    /// The part being handed over, and how much of it is.
    part: usize,
    at: usize,
    /// Whether part `part` was asked for.
    asked: bool,
    given: &'a core::cell::Cell<usize>,
}

impl Read for Live<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.asked {
            self.asked = true;
            assert!(
                self.part <= self.given.get(),
                "part {} asked for with {} games given",
                self.part,
                self.given.get()
            );
        }
        let Some(part) = self.parts.get(self.part) else {
            return Ok(0);
        };
        let n = (part.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&part[self.at..self.at + n]);
        self.at += n;
        if self.at == part.len() {
            (self.part, self.at, self.asked) = (self.part + 1, 0, false);
        }
        Ok(n)
    }
}

#[test]
fn a_game_is_read_without_waiting_on_the_source_for_the_next() {
    let games: Vec<Vec<u8>> = (0..40)
        .map(|k| {
            // Every fifth game long, so that a part of the input holds
            // one game's end and the next one's start.
            let comment = if k % 5 == 2 {
                "long ".repeat(1000)
            } else {
                String::new()
            };
            alloc::format!("[Event \"{k}\"]\n\n1. e4 {{{comment}}} e5 2. Nf3 *\n\n").into_bytes()
        })
        .collect();
    // Each part one game, but a long game's first half comes with the game
    // before it.
    let mut parts: Vec<Vec<u8>> = Vec::new();
    for (k, game) in games.iter().enumerate() {
        if k % 5 == 2 {
            let half = game.len() / 2;
            parts.last_mut().unwrap().extend_from_slice(&game[..half]);
            parts.push(game[half..].to_vec());
        } else {
            parts.push(game.clone());
        }
    }
    let given = core::cell::Cell::new(0);
    let source = Live {
        parts: &parts,
        part: 0,
        at: 0,
        asked: false,
        given: &given,
    };
    for (k, game) in Reader::new(source).enumerate() {
        let game = game.unwrap();
        assert_eq!(game.tag("Event"), Some(alloc::format!("{k}").as_str()));
        given.set(k + 1);
    }
    assert_eq!(given.get(), 40);
    // All at hand: the games read as one by one.
    let text = games.concat();
    let all: Vec<_> = Reader::new(&text[..]).map(Result::unwrap).collect();
    let one_by_one: Vec<_> = games
        .iter()
        .map(|game| Reader::new(&game[..]).next().unwrap().unwrap())
        .collect();
    assert_eq!(all.len(), 40);
    assert!(all.iter().zip(&one_by_one).all(|(a, b)| a == b));
}

/// A tag value with an escape (`\\` or `\"`) is kept unescaped wherever the
/// escape stands in the line (read eight bytes at a time, then byte by
/// byte); values without one are kept as written.
#[test]
fn tag_values_are_unescaped_wherever_the_escape_stands() {
    for pad in 0..20 {
        let before = "x".repeat(pad);
        for (written, kept) in [("\\\\", "\\"), ("\\\"", "\""), ("", "")] {
            let value = alloc::format!("{before}{written}y");
            let text = alloc::format!("[Event \"{value}\"]\n[Site \"s\"]\n\n1. e4 *\n\n");
            let want = alloc::format!("{before}{kept}y");
            for game in [
                Reader::new(text.as_bytes()).next(),
                Reader::from_slice(text.as_bytes()).next(),
            ] {
                let game = game.unwrap().unwrap();
                assert_eq!(game.tag("Event"), Some(want.as_str()), "{text:?}");
                assert_eq!(game.tag("Site"), Some("s"));
            }
        }
    }
}

/// Games of every kind (tags, comments, NAGs, variations, moves after the
/// end, errors), in a seeded order: what a dropped game leaves to the next.
fn mixed_games(count: usize) -> String {
    let kinds = [
        "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {open} e5 $1 2. Nf3 (2. Qh5 Nc6) Nc6 *\n\n",
        "1. d4 d5 2. c4 {a longer comment on the queen's gambit} e6 1-0\n\n",
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n[SetUp \"1\"]\n\n1. Ra8+ Ke7 *\n\n",
        "[White \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
        "[Black \"y\"]\n\n1. e4 e5 2. Ke3 *\n\n",
        "[Event \"long\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 1/2-1/2\n\n",
    ];
    let mut next = xorshift(37);
    (0..count)
        .map(|_| kinds[(next() % kinds.len() as u64) as usize])
        .collect()
}

/// The games of `text` as a reader whose games go back to nobody reads
/// them.
fn unhomed(text: &str) -> Vec<Seen> {
    Reader::chunk(text.as_bytes(), false).map(seen).collect()
}

/// In a plain loop (each game dropped before the next is read), the
/// sequential reader builds each game in the buffers of the game dropped
/// before it: every game after the first comes back, its vectors are the
/// next game's, and the games read are those of a reader that reuses
/// nothing.
#[test]
fn games_dropped_in_a_loop_come_back_to_build_the_next() {
    let text = mixed_games(300);
    let want = unhomed(&text);
    for from_slice in [false, true] {
        let mut reader = if from_slice {
            Reader::from_slice(text.as_bytes())
        } else {
            Reader::new(text.as_bytes())
        };
        let mut last_tags = None;
        let mut reused = 0;
        for (k, item) in (&mut reader).enumerate() {
            if let Ok(game) = &item {
                reused += usize::from(last_tags == Some(game.tag_text.as_ptr()));
                last_tags = Some(game.tag_text.as_ptr());
            }
            assert_eq!(seen(item), want[k], "game {k}");
        }
        let games = want.iter().flatten().count();
        let came_back = reader.own.0.as_ref().expect("games came back").came_back();
        // Every game built after the first, and no other.
        assert_eq!(came_back, want[1..].iter().flatten().count());
        // Built in the vectors of the one before (through a record with
        // an error too: the reader keeps them), but for the first two.
        assert!(reused + 2 >= games, "{reused} of {games}");
        assert!(want.iter().any(Result::is_err));
    }
}

/// A game kept while the reader reads on is untouched by the games after
/// it; a game dropped once the reader is gone is freed where it is; and a
/// reader's bin holds a bounded number of games.
#[test]
fn games_kept_are_unharmed_and_the_reader_keeps_few() {
    let text = mixed_games(2000);
    let want = unhomed(&text);
    let mut reader = Reader::new(text.as_bytes());
    // Every third game kept, the others dropped at once.
    let mut kept = Vec::new();
    for (k, item) in (&mut reader).take(600).enumerate() {
        if k % 3 == 0 {
            kept.push((k, item));
        }
    }
    for (k, item) in kept.drain(..) {
        assert_eq!(seen(item), want[k], "game {k}");
    }
    // Every game of the rest kept, then dropped at once: the reader keeps
    // at most the bin's room of them.
    let rest: Vec<_> = (&mut reader).collect();
    for (k, item) in rest.iter().enumerate() {
        let item = item
            .as_ref()
            .map_err(|e| alloc::format!("{e} {:?}", e.ply()));
        let want = want[600 + k].as_ref().map(|(game, _, _)| game);
        assert_eq!(item, want.map_err(Clone::clone), "game {}", 600 + k);
    }
    let own = Arc::clone(reader.own.0.as_ref().expect("games came back"));
    let before = own.came_back();
    drop(rest);
    let taken = own.came_back() - before;
    assert!(taken > 0 && taken <= super::super::parallel::BIN_MOST);
    // Past the reader's life, the games dropped are freed where they are.
    let mut reader = Reader::new(text.as_bytes());
    let games: Vec<_> = (&mut reader).take(20).collect();
    let own = Arc::clone(reader.own.0.as_ref().expect("games came back"));
    drop(reader);
    drop(games);
    assert_eq!(own.came_back(), 0);
}

/// A reader of one game makes no bin for it, nor does a chunk's reader
/// (the parallel reader sends its games home itself).
#[test]
fn a_reader_of_one_game_or_a_chunk_keeps_no_bin() {
    let text = mixed_games(10);
    let mut one = Reader::new(text.as_bytes());
    drop(one.next());
    assert!(one.own.0.is_none());
    let mut chunk = Reader::chunk(text.as_bytes(), false);
    assert_eq!(chunk.by_ref().count(), 10);
    assert!(chunk.own.0.is_none());
}

/// A reader over a borrowed slice needs it only while it reads: the slice
/// may be dropped first, the reader (and its games' bin) after it. Fails to
/// compile if the reader itself closes its bin on drop.
#[test]
fn a_readers_slice_may_end_before_the_reader() {
    let text = mixed_games(4);
    let mut reader = Reader::new(text.as_bytes());
    let games = (&mut reader).filter(Result::is_ok).count();
    drop(text);
    assert!(games > 0);
}
