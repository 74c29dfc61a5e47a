//! The referee, run against the misbehaving UCI test engine: one
//! test per ruling, each checking the result, the Termination tag and the
//! PGN read back. Every test has a short clock and a hard deadline.

use chess_arbiter::pgn::{PgnGame, Reader};
use chess_arbiter::{Color, DrawReason, Outcome};
use chess_arbiter_cli::referee;
use referee::arbiter::{Termination, claim_now};
use referee::{GameReport, Summary};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

mod adjudication;
mod edges;
mod processes;
mod rules;
mod runners;
mod stats;

/// The test engine, which `cargo test` builds with the other examples into
/// `target/<profile>/examples/`, next to this test's `deps/` directory.
fn test_engine() -> String {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let name = format!("uci_test_engine{}", std::env::consts::EXE_SUFFIX);
    let found = exe
        .ancestors()
        .skip(1)
        .take(3)
        .map(|dir| dir.join("examples").join(&name))
        .find(|path| path.is_file());
    match found {
        Some(path) => path.to_string_lossy().into_owned(),
        None => panic!(
            "the uci_test_engine example is not built next to {}: run `cargo test -p chess-arbiter-cli` \
             (it builds the examples) or `cargo build -p chess-arbiter-cli --example uci_test_engine` first",
            exe.display()
        ),
    }
}

/// A fresh file name in the temporary directory.
fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "chess-arbiter-referee-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    path
}

/// A match with the test engine, given its arguments per engine and the
/// referee's options; fails (rather than hangs) after `limit`.
struct Match {
    summary: Summary,
    output: String,
    pgn: String,
}

fn play_limited(a: &str, b: &str, options: &[&str], label: &str, limit: Duration) -> Match {
    play_settings(a, &[], b, &[], options, label, limit)
}

/// A match with the test engine, each engine followed by its own settings
/// (`name=`, `option.X=V`).
fn play_settings(
    a: &str,
    a_settings: &[&str],
    b: &str,
    b_settings: &[&str],
    options: &[&str],
    label: &str,
    limit: Duration,
) -> Match {
    let engine = test_engine();
    let pgn_path = temp_file(&format!("{label}.pgn"));
    let mut args: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    args.push("--pgn".into());
    args.push(pgn_path.to_string_lossy().into_owned());
    args.push(format!("{engine} {a}"));
    args.extend(a_settings.iter().map(|s| s.to_string()));
    args.push(format!("{engine} {b}"));
    args.extend(b_settings.iter().map(|s| s.to_string()));
    run_match(args, &pgn_path, label, limit)
}

/// Runs the referee with `args` on a thread of its own, within `limit`, and
/// reads back the PGN file it wrote to `pgn_path`.
fn run_match(args: Vec<String>, pgn_path: &Path, label: &str, limit: Duration) -> Match {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let result = referee::run(&args, &mut out);
        let _ = tx.send((result, String::from_utf8_lossy(&out).into_owned()));
    });
    let (result, output) = rx
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("the match {label} did not finish within {limit:?}"));
    let summary = result
        .unwrap_or_else(|e| panic!("match {label} failed: {e}\n{output}"))
        .expect("a match, not the help");
    let pgn = std::fs::read_to_string(pgn_path).expect("the PGN file was written");
    let _ = std::fs::remove_file(pgn_path);
    Match {
        summary,
        output,
        pgn,
    }
}

fn play(a: &str, b: &str, options: &[&str], label: &str) -> Match {
    play_limited(a, b, options, label, Duration::from_secs(60))
}

/// Writes `text` to a temporary openings file and returns its path.
fn openings(label: &str, text: &str) -> TempFile {
    let path = temp_file(&format!("{label}.openings"));
    std::fs::write(&path, text).expect("temporary files are writable");
    TempFile(path.to_string_lossy().into_owned())
}

/// A temporary file's path, the file removed when the test is done with it.
struct TempFile(String);

impl std::ops::Deref for TempFile {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The games in the order played.
fn games(m: &Match) -> Vec<&GameReport> {
    let mut games: Vec<_> = m.summary.games.iter().collect();
    games.sort_by_key(|g| g.number);
    games
}

/// The games of the PGN file, read back by the crate's reader: each one
/// must read without an error, replay the game played, and carry a comment
/// per move.
fn read_back(m: &Match) -> Vec<PgnGame> {
    let read: Vec<PgnGame> = Reader::new(m.pgn.as_bytes())
        .map(|g| g.unwrap_or_else(|e| panic!("the PGN does not read back: {e}\n{}", m.pgn)))
        .collect();
    assert_eq!(read.len(), m.summary.games.len(), "{}", m.pgn);
    // The file holds the games in round order, whatever the concurrency,
    // and so does the summary.
    for (i, (pgn, report)) in read.iter().zip(&m.summary.games).enumerate() {
        assert_eq!(report.number as usize, i + 1);
        // Nothing unprintable reaches the record.
        assert!(
            !m.pgn.chars().any(|c| c.is_control() && c != '\n'),
            "a control character in the PGN:\n{:?}",
            m.pgn
        );
        assert_eq!(pgn.tag("Round"), Some(report.number.to_string().as_str()));
        assert_eq!(pgn.game().moves(), report.played.game.moves(), "{}", m.pgn);
        assert_eq!(pgn.game().start(), report.played.game.start());
        assert_eq!(pgn.result(), report.played.ruling.result(), "{}", m.pgn);
        assert_eq!(pgn.tag("Result"), Some(report.played.ruling.result()));
        let plies = report.played.game.moves().len();
        assert_eq!(pgn.tag("PlyCount"), Some(plies.to_string().as_str()));
        for ply in 0..plies {
            if report.played.comments[ply].is_empty() {
                continue; // an opening move
            }
            // The writer breaks a long comment at its spaces (79 columns).
            let comment = pgn.comment(ply).expect("every engine move has a comment");
            let comment = comment.replace('\n', " ");
            assert!(
                comment.starts_with(&report.played.comments[ply]),
                "{comment}"
            );
        }
        // The ruling in words closes the record.
        let last = match plies {
            0 => pgn.game_comment(),
            n => pgn.comment(n - 1),
        }
        .map(|c| c.replace('\n', " "));
        assert!(
            last.as_ref()
                .is_some_and(|c| c.ends_with(&report.played.ruling.words)),
            "{last:?} / {}",
            report.played.ruling.words
        );
    }
    read
}

/// Asserts that game `g`'s ruling names `words` (the failure shows its line).
fn assert_says(g: &GameReport, words: &str) {
    assert!(g.played.ruling.words.contains(words), "{}", g.line());
}

/// Asserts game `g`'s termination (the failure shows its line).
fn assert_termination(g: &GameReport, termination: Termination) {
    assert_eq!(g.played.ruling.termination, termination, "{}", g.line());
}

/// Checks every game: engine A (`a_loses`) lost, or the expected result,
/// with the expected Termination, in the console and in the PGN.
fn assert_a_loses(m: &Match, termination: Termination) {
    let tags = read_back(m);
    for g in games(m) {
        let a_color = if g.a_white {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(g.played.ruling.winner, Some(!a_color), "{}", m.output);
        assert_eq!(g.played.ruling.termination, termination, "{}", m.output);
        let t = &tags[g.number as usize - 1];
        assert_eq!(t.tag("Termination"), Some(termination.tag()), "{}", m.pgn);
        assert_eq!(t.tag("Result"), Some(g.played.ruling.result()), "{}", m.pgn);
        assert!(g.line().contains(termination.tag()), "{}", g.line());
    }
    assert_eq!(m.summary.score.losses, m.summary.games.len() as u32);
}

const TC: &[&str] = &["--games", "2", "--tc", "5+0.05"];

/// The LLR values printed after each pair, in order.
fn printed_llrs(output: &str) -> Vec<f64> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("SPRT: LLR "))
        .map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

/// The referee's own executable, which cargo builds for this test.
fn referee_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_referee"))
}

/// Whether process `pid` is gone (or a zombie waiting to be reaped).
fn process_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state follows the command name in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}
