//! The `pgn` program's logic: its summary, threads, export and arguments;
//! and `pgn --export` streams: each game is written as soon as it is read,
//! so memory does not grow with the input and a read error mid-stream keeps
//! what was written.

use chess_arbiter_cli::pgn as pgn_example;
use std::io::{self, Read};

const PGN_SAMPLE: &str = "[Event \"a\"]\n[Result \"1-0\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"b\"]\n\n1. d4 d5 2. Ke3 *\n\n[Event \"c\"]\n\n1. c4 1/2-1/2\n";

#[test]
fn pgn_example_summarises_games_results_and_errors() {
    let s = pgn_example::run_input(PGN_SAMPLE.as_bytes(), 1, false, |_, _, _| {}).unwrap();
    assert_eq!((s.games, s.plies), (3, 8));
    assert_eq!(s.results.get("1-0"), Some(&1));
    assert_eq!(s.results.get("1/2-1/2"), Some(&1));
    assert_eq!(s.terminations.get("Normal"), Some(&1));
    assert_eq!(s.errors.len(), 1);
    assert_eq!(s.error_kinds.get("Move"), Some(&1));
    let (game, line, column, ply, ref message) = s.errors[0];
    assert_eq!((game, line, column, ply), (2, 9, 13, Some(2)));
    assert!(message.contains("\"Ke3\""), "{message}");
    let out = pgn_example::report(&s, "sample");
    assert!(
        out.starts_with("sample: 3 games (2 read, 1 with errors), 8 plies\n"),
        "{out}"
    );
    assert!(
        out.contains("error: game 2, line 9, column 13, ply 2: move 2 \"Ke3\""),
        "{out}"
    );
    assert!(out.contains("\nerrors: Move 1\n"), "{out}");
}

#[test]
fn pgn_example_threads_give_the_same_summary() {
    // Many small chunks: the boundaries fall between games.
    let mut big = String::new();
    for _ in 0..3000 {
        big.push_str(PGN_SAMPLE);
        big.push('\n');
    }
    let one = pgn_example::run_input(big.as_bytes(), 1, true, |_, _, _| {}).unwrap();
    let four = pgn_example::run_input(big.as_bytes(), 4, true, |_, _, _| {}).unwrap();
    assert_eq!(one.games, 9000);
    assert_eq!(one.errors.len(), 3000);
    assert_eq!(one, four);
    let last = one.errors.last().unwrap();
    assert_eq!((last.0, last.1), (8999, 9 + 2999 * 14));
}

#[test]
fn pgn_example_exports_games_that_read_back() {
    let s = pgn_example::run_input(PGN_SAMPLE.as_bytes(), 2, true, |_, _, _| {}).unwrap();
    let again = pgn_example::run_input(s.export.as_bytes(), 1, true, |_, _, _| {}).unwrap();
    assert_eq!((again.games, again.plies, again.errors.len()), (2, 8, 0));
    assert_eq!(again.export, s.export);
}

#[test]
fn pgn_example_reads_its_arguments() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        pgn_example::parse_args(&args(&["--threads", "2", "--export", "a.pgn"])).unwrap(),
        (2, true, vec!["a.pgn".to_string()])
    );
    assert_eq!(
        pgn_example::parse_args(&args(&["--threads", "2", "-"])).unwrap(),
        (2, false, vec!["-".to_string()])
    );
    assert!(pgn_example::parse_args(&args(&["--thread", "2"])).is_err());
    assert!(pgn_example::parse_args(&args(&["--threads", "0"])).is_err());
    assert!(pgn_example::parse_args(&args(&["--threads"])).is_err());
}

/// Gives `text`, then fails.
struct FailsAfter<'a> {
    text: &'a [u8],
}

impl Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.text.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

#[test]
fn pgn_export_streams_each_game_as_it_is_read_and_keeps_them_after_a_read_error() {
    let game = "[Event \"e\"]\n\n1. e4 e5 *\n\n";
    let text = game.repeat(2000);
    for threads in [1, 2] {
        let mut out: Vec<u8> = Vec::new();
        let input = FailsAfter {
            text: text.as_bytes(),
        };
        let result = pgn_example::stream_input(input, threads, Some(&mut out), |_, _, _| {});
        assert!(result.is_err(), "the read error is reported");
        let written = String::from_utf8(out).unwrap();
        // Every game before the error was written.
        assert!(
            written.matches("[Event \"e\"]").count() >= 1999,
            "{threads}"
        );
    }
    // Games are written while the input is still being read.
    struct Watch<'a> {
        text: &'a [u8],
        written: std::sync::Arc<std::sync::atomic::AtomicUsize>,
        seen_before_end: usize,
    }
    impl Read for Watch<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.text.len()).min(4096);
            if n == 0 {
                self.seen_before_end = self.written.load(std::sync::atomic::Ordering::Relaxed);
            }
            buf[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            Ok(n)
        }
    }
    struct Count(std::sync::Arc<std::sync::atomic::AtomicUsize>);
    impl io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .fetch_add(buf.len(), std::sync::atomic::Ordering::Relaxed);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let written = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut out = Count(written.clone());
    let mut input = Watch {
        text: text.as_bytes(),
        written: written.clone(),
        seen_before_end: 0,
    };
    let s = pgn_example::stream_input(&mut input, 1, Some(&mut out), |_, _, _| {}).unwrap();
    assert_eq!(s.games, 2000);
    assert!(
        input.seen_before_end > written.load(std::sync::atomic::Ordering::Relaxed) / 2,
        "nothing was written before the end"
    );
}
