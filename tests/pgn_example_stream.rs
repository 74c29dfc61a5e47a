//! `pgn --export` streams: each game is written as soon as it is read, so
//! memory does not grow with the input and a read error mid-stream keeps
//! what was written (issue 26 item 11).

#[allow(dead_code)]
#[path = "../examples/pgn.rs"]
mod pgn_example;

use std::io::{self, Read};

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
