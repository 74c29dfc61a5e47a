//! The referee, run against the misbehaving UCI test engine: one
//! test per ruling, each checking the result, the Termination tag and the
//! PGN read back. Every test has a short clock and a hard deadline.

use chess_arbiter::pgn::{PgnGame, Reader};
use chess_arbiter::{Color, DrawReason, Outcome};
use chess_arbiter_cli::referee;
use referee::Summary;
use referee::arbiter::{Termination, claim_now};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

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
    let pgn = std::fs::read_to_string(&pgn_path).expect("the PGN file was written");
    let _ = std::fs::remove_file(&pgn_path);
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
fn games(m: &Match) -> Vec<&referee::GameReport> {
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

#[test]
fn an_illegal_move_loses_by_rules_infraction() {
    let m = play("--fault illegal --at 4", "--seed 2", TC, "illegal");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        assert!(g.played.game.moves().len() >= 4);
        assert!(
            g.played.ruling.words.contains("illegal move"),
            "{}",
            g.line()
        );
    }
}

#[test]
fn an_unreadable_move_loses_by_rules_infraction() {
    let m = play("--fault garbage --at 3", "--seed 2", TC, "garbage");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        assert!(
            g.played.ruling.words.contains("unreadable move \"xyzzy\""),
            "{}",
            g.line()
        );
    }
}

#[test]
fn bestmove_none_while_moves_exist_loses_by_rules_infraction() {
    let m = play("--fault none", "--seed 2", TC, "none");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        assert!(g.played.ruling.words.contains("(none)"), "{}", g.line());
    }
}

#[test]
fn bestmove_0000_while_moves_exist_loses_by_rules_infraction() {
    let m = play("--fault null --at 1", "--seed 2", TC, "null");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        assert!(g.played.ruling.words.contains("0000"), "{}", g.line());
    }
}

#[test]
fn king_takes_rook_castling_in_standard_chess_loses_by_rules_infraction() {
    let file = openings(
        "castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\n",
    );
    let opts = ["--games", "2", "--tc", "5+0.05", "--openings", &file];
    let m = play("--fault castling", "--seed 2", &opts, "castling");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        let words = &g.played.ruling.words;
        assert!(
            words.contains("\"e1h1\"")
                || words.contains("\"e8h8\"")
                || words.contains("\"e1a1\"")
                || words.contains("\"e8a8\""),
            "{words}"
        );
    }
}

#[test]
fn chess960_castling_as_the_king_s_destination_loses_by_rules_infraction() {
    // King b1, rooks a1 and e1: O-O is b1e1 in Chess960, never b1g1.
    let file = openings(
        "castling960",
        "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1\n",
    );
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--chess960",
        "--openings",
        &file,
    ];
    let m = play("--fault castling", "--seed 2", &opts, "castling960");
    assert_a_loses(&m, Termination::RulesInfraction);
    let m = play("--castle", "--castle --seed 2", &opts, "castling960-ok");
    for g in games(&m) {
        assert!(
            g.played.game.moves().iter().any(|mv| mv.is_castle()),
            "{}",
            g.line()
        );
        assert!(g.played.game.moves().len() > 2, "{}", g.line());
    }
    let tags = read_back(&m);
    assert_eq!(tags[0].tag("Variant"), Some("Chess960"), "{}", m.pgn);
}

#[test]
fn a_crash_loses_by_abandonment_and_the_engine_is_restarted() {
    let m = play("--fault crash --at 2", "--seed 2", TC, "crash");
    assert_a_loses(&m, Termination::Abandoned);
    for g in games(&m) {
        // The crash came at ply 2 or 3 in each game: the second game
        // needed the engine restarted.
        assert!(g.played.game.moves().len() >= 2, "{}", g.line());
    }
}

#[test]
fn a_stall_loses_on_time_and_the_engine_is_restarted() {
    let opts = ["--games", "2", "--tc", "1+0"];
    let m = play("--fault stall --at 2", "--seed 2", &opts, "stall");
    assert_a_loses(&m, Termination::TimeForfeit);
    for g in games(&m) {
        assert!(g.played.game.moves().len() >= 2, "{}", g.line());
        assert!(g.played.ruling.words.contains("flag fell"), "{}", g.line());
    }
}

#[test]
fn a_stall_under_movetime_loses_on_time() {
    let opts = ["--games", "1", "--movetime", "20"];
    let m = play("--fault stall --at 1", "--seed 2", &opts, "stall-movetime");
    assert_a_loses(&m, Termination::TimeForfeit);
}

#[test]
fn a_slow_engine_loses_on_time() {
    let opts = ["--games", "2", "--tc", "1+0"];
    let m = play("--fault slow --at 2", "--seed 2", &opts, "slow");
    assert_a_loses(&m, Termination::TimeForfeit);
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw() {
    // FIDE 6.9: White (rook) flags in game 1 against a king that cannot
    // mate: a draw; in game 2 the lone king's side flags and loses.
    let file = openings("flag", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n");
    let opts = ["--games", "2", "--tc", "1+0", "--openings", &file];
    let m = play("--fault slow", "--seed 2", &opts, "flag");
    let g = games(&m);
    assert_eq!(g[0].played.ruling.winner, None, "{}", m.output);
    assert_eq!(g[0].played.ruling.termination, Termination::TimeForfeit);
    assert_eq!(
        g[1].played.ruling.winner,
        Some(Color::White),
        "{}",
        m.output
    );
    assert_eq!(g[1].played.ruling.termination, Termination::TimeForfeit);
    let tags = read_back(&m);
    assert_eq!(tags[0].tag("Result"), Some("1/2-1/2"));
    assert_eq!(tags[0].tag("Termination"), Some("time forfeit"));
    assert_eq!(tags[1].tag("Result"), Some("1-0"));
    assert_eq!(
        g[0].played.game.outcome_on_timeout(Color::White),
        Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        }
    );
}

/// Both games of a two-game match from `fen` end with `result` by a rule.
fn assert_rule(fen: &str, a: &str, b: &str, label: &str, result: &str, words: &str) -> Match {
    let file = openings(label, &format!("{fen}\n"));
    let opts = ["--games", "2", "--tc", "5+0.05", "--openings", &file];
    let m = play(a, b, &opts, label);
    let tags = read_back(&m);
    for g in games(&m) {
        assert_eq!(g.played.ruling.result(), result, "{}", g.line());
        assert_eq!(g.played.ruling.termination, Termination::Normal);
        assert!(g.played.ruling.words.contains(words), "{}", g.line());
        let t = &tags[g.number as usize - 1];
        assert_eq!(t.tag("Termination"), Some("normal"));
        assert_eq!(t.tag("FEN"), Some(fen), "{}", m.pgn);
        assert_eq!(t.tag("SetUp"), Some("1"), "{}", m.pgn);
    }
    m
}

#[test]
fn checkmate_ends_the_game() {
    let m = assert_rule(
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1",
        "",
        "",
        "mate",
        "1-0",
        "checkmate",
    );
    for g in games(&m) {
        assert!(g.played.game.position().is_checkmate());
        assert_eq!(g.played.game.moves().len(), 1);
    }
}

#[test]
fn stalemate_ends_the_game() {
    let m = assert_rule(
        "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1",
        "--stalemate",
        "--stalemate",
        "stalemate",
        "1/2-1/2",
        "stalemate",
    );
    for g in games(&m) {
        assert!(g.played.game.position().is_stalemate());
    }
}

#[test]
fn insufficient_material_ends_the_game() {
    // The test engine prefers captures: Kxc2 leaves two bare kings.
    let m = assert_rule(
        "8/8/8/8/8/8/2r5/2K4k w - - 0 1",
        "",
        "",
        "insufficient",
        "1/2-1/2",
        "insufficient material",
    );
    for g in games(&m) {
        assert!(g.played.game.position().is_insufficient_material());
    }
}

#[test]
fn fifty_moves_are_claimed_as_soon_as_they_can_be() {
    // After White's move the clock is 99: Black claims with its king move.
    let m = assert_rule(
        "4k3/8/8/8/8/8/8/4K2R w K - 98 80",
        "",
        "",
        "fifty",
        "1/2-1/2",
        "fifty-move rule",
    );
    for g in games(&m) {
        // Black announces its move and claims with it (FIDE 9.3.1).
        let game = &g.played.game;
        assert_eq!(game.moves().len(), 2, "{}", g.line());
        assert_eq!(game.position().halfmove_clock(), 100);
        assert_eq!(claim_now(game), Some(DrawReason::FiftyMoves));
        assert!(
            g.played.ruling.words.starts_with("Black claims"),
            "{}",
            g.line()
        );
    }
}

#[test]
fn threefold_repetition_is_claimed_as_soon_as_it_can_be() {
    let opts = ["--games", "2", "--tc", "5+0.05"];
    let m = play("--repeat --seed 5", "--repeat --seed 6", &opts, "threefold");
    for g in games(&m) {
        let game = &g.played.game;
        assert_eq!(g.played.ruling.winner, None, "{}", g.line());
        assert!(
            g.played.ruling.words.contains("threefold repetition"),
            "{}",
            g.line()
        );
        assert_eq!(claim_now(game), Some(DrawReason::ThreefoldRepetition));
        // As soon as it can be: the move that made the third occurrence
        // was claimed with, and no position occurred three times before.
        let mut replay = chess_arbiter::Game::from_position(game.start().clone());
        for (ply, &mv) in game.moves().iter().enumerate() {
            replay.play(mv).unwrap();
            let times = replay.repetitions();
            if ply + 1 < game.moves().len() {
                assert!(times < 3, "{}", g.line());
            } else {
                assert_eq!(times, 3, "{}", g.line());
            }
        }
    }
}

#[test]
fn a_match_between_well_behaved_engines_ends_every_game_by_a_rule() {
    let opts = [
        "--games",
        "4",
        "--tc",
        "5+0.05",
        "--concurrency",
        "2",
        "--seed",
        "9",
    ];
    let m = play("--seed 1", "--seed 2", &opts, "clean");
    let mut numbers: Vec<u32> = m.summary.games.iter().map(|g| g.number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4]);
    let tags = read_back(&m);
    assert_eq!(tags.len(), 4);
    for g in games(&m) {
        assert_eq!(
            g.played.ruling.termination,
            Termination::Normal,
            "{}",
            g.line()
        );
        let game = &g.played.game;
        assert!(
            game.outcome().is_some() || claim_now(game).is_some(),
            "{}",
            g.line()
        );
        assert_eq!(g.played.comments.len(), g.played.game.moves().len());
        assert!(g.a_white == (g.number % 2 == 1));
    }
    for t in &tags {
        for name in [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "TimeControl",
            "Termination",
            "PlyCount",
        ] {
            assert!(t.tag(name).is_some(), "{name} missing: {t:?}");
        }
        assert_eq!(t.tag("TimeControl"), Some("5+0.05"));
        assert_eq!(
            t.tag("White").map(|w| w.starts_with("uci test engine")),
            Some(true)
        );
    }
    let s = m.summary.score;
    assert_eq!(s.wins + s.draws + s.losses, 4);
    assert!(m.output.contains("Ptnml(0-2): "), "{}", m.output);
    assert!(m.output.contains("Elo: "), "{}", m.output);
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let mut out = Vec::new();
    let args = [
        "--games",
        "1",
        "no-such-engine-anywhere",
        "no-such-engine-either",
    ]
    .map(String::from);
    let err = referee::run(&args, &mut out).unwrap_err();
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn the_command_line_is_checked() {
    let parse = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        referee::Config::from_args(&args)
    };
    let c = parse(&["a", "b --x 1"]).unwrap();
    assert_eq!(c.games, 2);
    assert_eq!(c.engines[0].command, "a");
    assert_eq!(c.engines[1].command, "b --x 1");
    assert!(parse(&["a"]).is_err());
    assert!(parse(&["--tc", "abc", "a", "b"]).is_err());
    assert!(parse(&["--tc", "1+0", "--nodes", "5", "a", "b"]).is_err());
    assert!(parse(&["--games", "x", "a", "b"]).is_err());
    assert!(parse(&["--concurrency", "0", "a", "b"]).is_err());
    assert!(parse(&["--frobnicate", "a", "b"]).is_err());
    let c = parse(&["--tc", "10+0.1", "a", "b"]).unwrap();
    assert_eq!(c.rules.limit.time_control(), "10+0.1");
    let c = parse(&["--tc", "60", "a", "b"]).unwrap();
    assert_eq!(c.rules.limit.time_control(), "60");
    assert_eq!(
        parse(&["--nodes", "5", "a", "b"])
            .unwrap()
            .rules
            .limit
            .time_control(),
        "-"
    );
}

#[test]
fn openings_read_fen_and_epd_lines() {
    let text = "# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - bm d5; id \"x\";\n";
    let games = referee::openings::read(text, None, false).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[1].position().fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    assert!(referee::openings::read("not a fen\n", None, false).is_err());
    assert!(referee::openings::read("\n", None, false).is_err());
}

#[test]
fn openings_from_pgn_games_are_cut_to_plies_and_each_played_twice() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n\
                [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. Kd2 Kd8 *\n";
    let file = openings("pgn-openings", text);
    let opts = [
        "--games",
        "4",
        "--tc",
        "5+0.05",
        "--openings",
        &file,
        "--plies",
        "2",
    ];
    let m = play("--seed 3", "--seed 4", &opts, "pgn-openings");
    let read = read_back(&m);
    let g = games(&m);
    for (i, report) in g.iter().enumerate() {
        let game = &report.played.game;
        let opening: Vec<String> = game.moves()[..2].iter().map(|m| m.to_string()).collect();
        if i < 2 {
            assert_eq!(opening, ["e2e4", "e7e5"]);
            assert_eq!(read[i].tag("FEN"), None);
        } else {
            assert_eq!(opening, ["e1d2", "e8d8"]);
            assert_eq!(read[i].tag("FEN"), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        }
        assert!(report.played.comments[..2].iter().all(String::is_empty));
        assert_eq!(read[i].comment(0), None);
        assert!(game.moves().len() > 2, "{}", report.line());
    }
    // Each opening with both colours: game 1 and 2 swap the engines.
    assert_eq!(read[0].tag("White"), read[1].tag("Black"));
}

#[test]
fn chess960_starts_repeat_with_the_seed() {
    let a = referee::openings::chess960_starts(5, 7);
    let b = referee::openings::chess960_starts(5, 7);
    let c = referee::openings::chess960_starts(5, 8);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn the_elo_difference_and_its_margin_follow_the_score() {
    use referee::score::{Score, elo};
    assert!((elo(0.75) - 190.848).abs() < 0.01);
    assert!(elo(0.5).abs() < 1e-9);
    // 6 wins, 2 draws, 2 losses: s = 0.7, per-game variance 0.16, standard
    // error sqrt(0.016), interval 0.7 -/+ 1.96 * 0.1265.
    let s = Score {
        wins: 6,
        draws: 2,
        losses: 2,
    };
    let (diff, margin) = s.elo().unwrap();
    assert!((diff - elo(0.7)).abs() < 1e-9);
    let e = (0.016f64).sqrt() * 1.959_964;
    let expected = (elo(0.7 + e) - elo(0.7 - e)) / 2.0;
    assert!((margin - expected).abs() < 0.01, "{margin} vs {expected}");
    assert!((margin - 268.7).abs() < 0.1, "{margin}");
    assert_eq!(
        Score {
            wins: 2,
            draws: 0,
            losses: 0
        }
        .elo(),
        None
    );
    assert_eq!(Score::default().elo(), None);
    let text = s.report("A", "B");
    assert!(text.contains("score 70.0 %"), "{text}");
    assert!(text.contains("Elo difference: +147.2 +/- 268.7"), "{text}");
}

#[test]
fn the_record_s_date_is_the_civil_date() {
    use referee::record::civil_from_days;
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    assert_eq!(civil_from_days(20_422), (2025, 11, 30));
}

/// Two real engines, found on PATH (Debian's `stockfish` and
/// `ethereal-chess` packages). Ignored by default; `.ci/run` installs them
/// and runs `cargo test --test referee -- --ignored`.
#[test]
#[ignore = "needs stockfish and ethereal-chess on PATH"]
fn stockfish_against_ethereal_ends_every_game_by_a_rule() {
    let pgn_path = temp_file("real.pgn");
    let args = [
        "--games",
        "2",
        "--nodes",
        "20000",
        "--pgn",
        &pgn_path.to_string_lossy(),
        "--each",
        "option.Hash=16",
        "option.Threads=1",
        "--sprt",
        "elo0=0,elo1=5",
        "stockfish",
        "ethereal-chess",
    ]
    .map(String::from);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let result = referee::run(&args, &mut out);
        let _ = tx.send((result, String::from_utf8_lossy(&out).into_owned()));
    });
    let (result, output) = rx
        .recv_timeout(Duration::from_secs(600))
        .expect("two games at 20000 nodes a move finish in minutes");
    print!("{output}");
    let summary = result.unwrap_or_else(|e| panic!("{e}")).expect("a match");
    let pgn = std::fs::read_to_string(&pgn_path).expect("the PGN file was written");
    let _ = std::fs::remove_file(&pgn_path);
    let m = Match {
        summary,
        output,
        pgn,
    };
    let read = read_back(&m);
    for (g, pgn) in games(&m).iter().zip(&read) {
        assert_eq!(
            g.played.ruling.termination,
            Termination::Normal,
            "{}",
            g.line()
        );
        let game = &g.played.game;
        assert!(
            game.outcome().is_some() || claim_now(game).is_some(),
            "{}",
            g.line()
        );
        assert!(pgn.tag("White").is_some_and(|w| w != "?"));
        assert_eq!(pgn.tag("TimeControl"), Some("-"));
    }
    assert_eq!(m.summary.pairs.pairs(), 1, "{}", m.output);
    assert_eq!(printed_llrs(&m.output).len(), 1, "{}", m.output);
}

// ---------------------------------------------------------------------
// Statistics: game pairs, pentanomial counts, Elo, LOS, draw ratio, SPRT.

/// Pentanomial counts from the five buckets (LL, LD, DD, WD, WW).
fn pentanomial(b: [u32; 5]) -> referee::stats::Pentanomial {
    referee::stats::Pentanomial {
        ll: b[0],
        ld: b[1],
        dd: b[2],
        wl: 0,
        wd: b[3],
        ww: b[4],
    }
}

#[test]
fn the_sprt_llr_matches_an_independent_computation() {
    use referee::stats::Sprt;
    // The values come from a separate program that maximises the
    // likelihood under each hypothesis by Newton's method on the
    // Lagrange conditions (sum p = 1, mu - 1/2 = t sigma), with t =
    // sqrt(2) nElo / (800 / ln 10), empty buckets counting 0.001, and
    // LLR = N sum q_i ln(p1_i / p0_i).
    let cases: [([u32; 5], f64, f64, f64); 5] = [
        ([10, 40, 100, 45, 12], 0.0, 5.0, 0.157_491_082),
        ([3, 12, 30, 18, 6], 0.0, 5.0, 0.235_027_303),
        ([0, 5, 20, 9, 1], 0.0, 5.0, 0.169_330_997),
        ([100, 400, 1000, 420, 110], -1.0, 3.0, 0.585_696_756),
        ([1, 2, 3, 2, 1], 0.0, 10.0, -0.007_453_478),
    ];
    for (counts, elo0, elo1, expected) in cases {
        let sprt = Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        };
        let llr = sprt.llr(&pentanomial(counts));
        assert!(
            (llr - expected).abs() < 1e-6,
            "{counts:?} [{elo0}, {elo1}]: {llr} vs {expected}"
        );
    }
    // Many pairs: close to the Brownian approximation
    // (s1 - s0)(2 mu - s0 - s1) / (2 var / N), s_i = 1/2 + t_i sigma_pair.
    let counts = [100u32, 400, 1000, 420, 110];
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    let a = [0.0, 0.25, 0.5, 0.75, 1.0];
    let mu: f64 = (0..5).map(|i| a[i] * f64::from(counts[i]) / n).sum();
    let var: f64 = (0..5)
        .map(|i| (a[i] - mu).powi(2) * f64::from(counts[i]) / n)
        .sum();
    let per_t = 800.0 / std::f64::consts::LN_10;
    let s = |elo: f64| 0.5 + elo / per_t * (2.0 * var).sqrt();
    let approx = (s(3.0) - s(-1.0)) * (2.0 * mu - s(-1.0) - s(3.0)) / (2.0 * var / n);
    assert!((approx - 0.585_838).abs() < 1e-5, "{approx}");
    let sprt = Sprt::parse("elo0=-1,elo1=3").unwrap();
    assert!((sprt.llr(&pentanomial(counts)) - approx).abs() < 1e-3);
}

#[test]
fn the_sprt_bounds_are_wald_s_and_the_command_line_is_checked() {
    use referee::stats::{Sprt, Verdict};
    let sprt = Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05").unwrap();
    let (lower, upper) = sprt.bounds();
    // ln(0.05 / 0.95) and ln(0.95 / 0.05).
    assert!((lower + 2.944_438_979).abs() < 1e-9);
    assert!((upper - 2.944_438_979).abs() < 1e-9);
    assert_eq!(sprt.verdict(3.0), Verdict::H1);
    assert_eq!(sprt.verdict(-3.0), Verdict::H0);
    assert_eq!(sprt.verdict(0.0), Verdict::Continue);
    let asym = Sprt::parse("elo0=0,elo1=5,alpha=0.1,beta=0.01").unwrap();
    let (lower, upper) = asym.bounds();
    assert!((lower - (0.01f64 / 0.9).ln()).abs() < 1e-12);
    assert!((upper - (0.99f64 / 0.1).ln()).abs() < 1e-12);
    for bad in [
        "elo0=5,elo1=0",
        "elo0=0",
        "elo0=0,elo1=5,alpha=0",
        "elo0=0,elo1=5,alpha=0.6,beta=0.5",
        "elo0=x,elo1=5",
        "elo0=0,elo1=5,gamma=1",
    ] {
        assert!(Sprt::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(sprt.llr(&Default::default()), 0.0);
}

#[test]
fn pentanomial_elo_interval_los_and_draw_ratio_follow_the_pairs() {
    use referee::stats::Pentanomial;
    let mut p = Pentanomial::default();
    // A's half-points per game: (win, win), (draw, draw), (win, loss), ...
    for (x, y) in [(2, 2), (1, 1), (2, 0), (0, 2), (1, 2), (2, 1), (0, 1)] {
        p.add(x, y);
    }
    assert_eq!(
        p,
        Pentanomial {
            ll: 0,
            ld: 1,
            dd: 1,
            wl: 2,
            wd: 2,
            ww: 1
        }
    );
    assert_eq!(p.buckets(), [0, 1, 3, 2, 1]);
    // Worked by hand for [0, 1, 4, 3, 2]: mean pair score 0.65, variance
    // 0.0525, standard error sqrt(0.0525 / 10); Elo -400 log10(1/0.65 - 1).
    let p = pentanomial([0, 1, 4, 3, 2]);
    let (elo, low, high) = p.elo().unwrap();
    assert!((elo - 107.538_125).abs() < 1e-4, "{elo}");
    assert!((low - 5.550_490).abs() < 1e-4, "{low}");
    assert!((high - 232.278_324).abs() < 1e-4, "{high}");
    let los = p.los().unwrap();
    assert!((los - 0.980_783_035).abs() < 1e-6, "{los}");
    let nelo = p.normalized_elo().unwrap();
    assert!((nelo - 160.831_424).abs() < 1e-4, "{nelo}");
    // Games drawn: LD 1, DD 4 (two each), WD 3, of 20.
    assert!((p.draw_ratio().unwrap() - 12.0 / 20.0).abs() < 1e-12);
    // An even match: Elo 0, LOS one half.
    let even = pentanomial([1, 2, 4, 2, 1]);
    assert!(even.elo().unwrap().0.abs() < 1e-9);
    assert!((even.los().unwrap() - 0.5).abs() < 1e-7);
    assert_eq!(pentanomial([0, 0, 0, 0, 3]).elo(), None);
    let text = p.report();
    assert!(text.contains("Ptnml(0-2): [0, 1, 4, 3, 2]"), "{text}");
    assert!(text.contains("Elo: +107.5 [+5.6, +232.3] (95 %)"), "{text}");
    assert!(text.contains("LOS: 98.1 %"), "{text}");
    assert!(text.contains("draw ratio: 60.0 %"), "{text}");
}

#[test]
fn elo_of_pairs_that_all_scored_the_same_has_no_interval_and_no_negative_zero() {
    // Every pair a win and a loss (or two draws): Elo 0, no spread.
    let text = pentanomial([0, 0, 3, 0, 0]).report();
    assert!(!text.contains("-0.0"), "{text}");
    assert!(
        text.contains("Elo: 0.0 (no interval: every pair scored 1 of 2)"),
        "{text}"
    );
    // Every pair a draw and a loss: a finite Elo, still no interval.
    let text = pentanomial([0, 4, 0, 0, 0]).report();
    assert!(
        text.contains("Elo: -190.8 (no interval: every pair scored 1/2 of 2)"),
        "{text}"
    );
    // An even match with spread: an interval around an unsigned zero.
    let text = pentanomial([1, 0, 0, 0, 1]).report();
    assert!(!text.contains("-0.0"), "{text}");
    assert!(text.contains("Elo: 0.0 [-inf, +inf] (95 %)"), "{text}");
    // The games' Elo line: no negative zero either.
    let even = referee::score::Score {
        wins: 0,
        draws: 4,
        losses: 0,
    };
    assert_eq!(
        even.elo_line(),
        "Elo difference: 0.0 +/- 0.0 (95 %)\n",
        "{}",
        even.elo_line()
    );
}

#[test]
fn an_openings_line_that_is_not_utf8_is_skipped_and_reported_with_its_number() {
    let mut bytes = b"# openings\n".to_vec();
    bytes.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n");
    bytes.extend_from_slice(b"4k3/8/8/8/8/8/8/4K2R w K - 0 1 c0 \"\xff\xfe\";\n");
    bytes.extend_from_slice(b"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
    let read = referee::openings::read_bytes(&bytes, None, false).unwrap();
    assert_eq!(read.games.len(), 2);
    assert_eq!(read.skipped, ["line 3 is not UTF-8: skipped"]);
    // A PGN file keeps its games: the bad bytes of a comment read as U+FFFD.
    let pgn = b"[Event \"x\"]\n\n1. e4 {caf\xe9} e5 *\n\n[Event \"y\"]\n\n1. d4 d5 *\n";
    let read = referee::openings::read_bytes(pgn, None, false).unwrap();
    assert_eq!(read.games.len(), 2);
    assert_eq!(
        read.skipped,
        ["line 3 is not UTF-8: its bad bytes read as U+FFFD"]
    );
    // Through the command line: the match runs, and says what it skipped.
    let path = temp_file("latin1.openings");
    std::fs::write(&path, &bytes).unwrap();
    let file = path.to_string_lossy().into_owned();
    let opts = ["--games", "2", "--maxmoves", "3", "--openings", &file];
    let m = play("--seed 1", "--seed 2", &opts, "latin1-openings");
    let _ = std::fs::remove_file(&path);
    assert_eq!(m.summary.games.len(), 2);
    assert!(
        m.output
            .contains(&format!("{file}: line 3 is not UTF-8: skipped")),
        "{}",
        m.output
    );
}

/// The LLR values printed after each pair, in order.
fn printed_llrs(output: &str) -> Vec<f64> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("SPRT: LLR "))
        .map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn an_sprt_stops_at_a_bound_and_prints_the_llr_after_every_pair() {
    use referee::stats::{Sprt, Verdict};
    // Engine B answers (none) at once: A wins every game, every pair 2-0.
    let opts = [
        "--games",
        "1000",
        "--tc",
        "5+0.05",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0,elo1=5,alpha=0.05,beta=0.05",
    ];
    let m = play_limited(
        "--seed 1",
        "--fault none",
        &opts,
        "sprt",
        Duration::from_secs(120),
    );
    let (verdict, pairs, llr) = m.summary.sprt.expect("a bound was reached");
    assert_eq!(verdict, Verdict::H1, "{}", m.output);
    let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
    assert!(llr >= sprt.bounds().1);
    // It stopped: far fewer than 1000 games, at most the games in flight
    // beyond the deciding pair (no worker runs more than two games per
    // worker ahead of the record).
    let games = m.summary.games.len() as u32;
    assert!(
        games >= 2 * pairs && games <= 2 * pairs + 4,
        "{games} {pairs}"
    );
    // A line per pair, each the LLR of the pairs so far.
    let printed = printed_llrs(&m.output);
    assert!(printed.len() as u32 >= pairs, "{}", m.output);
    assert!(
        m.output
            .contains(&format!("SPRT over {} pairs: LLR", m.summary.pairs.pairs()))
    );
    let mut counts = referee::stats::Pentanomial::default();
    for (i, value) in printed.iter().take(pairs as usize).enumerate() {
        counts.add(2, 2);
        let expected = sprt.llr(&counts);
        assert!(
            (value - expected).abs() < 0.006,
            "pair {}: {value} vs {expected}",
            i + 1
        );
    }
    assert!(m.output.contains("(-2.94, 2.94)"), "{}", m.output);
    assert!(m.output.contains("SPRT: H1 accepted"), "{}", m.output);
    assert_eq!(m.summary.pairs.ww, m.summary.pairs.pairs());
    // Pairs play each opening with both colours.
    for pair in m.summary.games.chunks(2) {
        if let [first, second] = pair {
            assert!(first.a_white && !second.a_white);
            assert_eq!(first.played.game.start(), second.played.game.start());
        }
    }
    // A progress line per finished game.
    let progress = m
        .output
        .lines()
        .filter(|l| l.contains(" finished]"))
        .count();
    assert_eq!(progress, m.summary.games.len(), "{}", m.output);
}

#[test]
fn game_pairs_are_counted_in_the_pentanomial_and_reported() {
    // B loses with White (an illegal move at once) and plays on with Black
    // until a rule ends the game: every pair is (win, something) for A.
    let opts = ["--games", "4", "--tc", "5+0.05", "--maxmoves", "10"];
    let m = play(
        "--seed 3",
        "--fault illegal --at 0 --seed 4",
        &opts,
        "pairs",
    );
    let p = m.summary.pairs;
    assert_eq!(p.pairs(), 2, "{}", m.output);
    assert_eq!(p.ll + p.ld, 0, "{}", m.output);
    assert!(m.output.contains("pair 1 (games 1, 2)"), "{}", m.output);
    assert!(m.output.contains("pair 2 (games 3, 4)"), "{}", m.output);
    assert!(m.output.contains("Ptnml(0-2): "), "{}", m.output);
    assert!(m.output.contains("draw ratio"), "{}", m.output);
}

// ---------------------------------------------------------------------
// Adjudication, which never overrules the Laws.

#[test]
fn resign_adjudication_needs_both_engines_scores() {
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--resign",
        "score=600,moves=3",
    ];
    let m = play(
        "--score -700 --seed 1",
        "--score 700 --seed 2",
        &opts,
        "resign",
    );
    assert_a_loses(&m, Termination::Adjudication);
    for g in games(&m) {
        assert!(
            g.played.ruling.words.contains("resigns by adjudication"),
            "{}",
            g.line()
        );
        // Three moves of each engine at least.
        assert!(g.played.game.moves().len() >= 5, "{}", g.line());
    }
    // One side's opinion is not enough: both engines think they are lost.
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--resign",
        "score=600,moves=3",
        "--maxmoves",
        "10",
    ];
    let m = play(
        "--score -700 --seed 1",
        "--score -700 --seed 2",
        &opts,
        "resign-one-sided",
    );
    read_back(&m);
    for g in games(&m) {
        assert!(!g.played.ruling.words.contains("resigns"), "{}", g.line());
        if g.played.ruling.termination == Termination::Adjudication {
            assert!(
                g.played.ruling.words.contains("10 moves each"),
                "{}",
                g.line()
            );
            assert_eq!(g.played.game.moves().len(), 20, "{}", g.line());
        }
    }
}

#[test]
fn draw_adjudication_waits_for_its_move_and_both_scores() {
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--draw",
        "score=10,moves=4,after=12",
    ];
    let m = play("--score 5 --seed 1", "--score -8 --seed 2", &opts, "draw");
    let tags = read_back(&m);
    for g in games(&m) {
        assert_eq!(g.played.ruling.winner, None, "{}", g.line());
        assert_eq!(
            g.played.ruling.termination,
            Termination::Adjudication,
            "{}",
            g.line()
        );
        assert!(
            g.played.ruling.words.contains("Draw by adjudication"),
            "{}",
            g.line()
        );
        assert_eq!(g.played.game.moves().len(), 24, "{}", g.line());
        let t = &tags[g.number as usize - 1];
        assert_eq!(t.tag("Termination"), Some("adjudication"));
        assert_eq!(t.tag("Result"), Some("1/2-1/2"));
    }
    // Scores outside the window: no draw adjudication.
    let m = play(
        "--score 50 --seed 1",
        "--score -8 --seed 2",
        &[&opts[..], &["--maxmoves", "15"]].concat(),
        "draw-outside",
    );
    for g in games(&m) {
        assert!(!g.played.ruling.words.contains("within"), "{}", g.line());
    }
}

#[test]
fn the_laws_come_before_adjudication_on_the_same_move() {
    // Black's only move is ...h4, then White mates in one. After White's
    // mating move every adjudication is due: the move limit (1 move each),
    // the draw window (A reports +5, so does B... no: see below) and, in
    // game 2, a resignation of White, whose engine (B) reports -500 while
    // A with Black reported +500. Checkmate is the result, never the
    // adjudication.
    let fen = "k7/2Q5/1K6/7p/8/8/8/8 b - - 0 1";
    let file = openings("laws-first", &format!("{fen}\n"));
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--openings",
        &file,
        "--resign",
        "score=100,moves=1",
        "--maxmoves",
        "1",
    ];
    let m = play("--score 500", "--score -500", &opts, "laws-first");
    let tags = read_back(&m);
    for g in games(&m) {
        assert_eq!(g.played.ruling.result(), "1-0", "{}", g.line());
        assert_eq!(
            g.played.ruling.termination,
            Termination::Normal,
            "{}",
            g.line()
        );
        assert!(g.played.ruling.words.contains("checkmate"), "{}", g.line());
        assert_eq!(g.played.game.moves().len(), 2);
        assert!(g.played.game.position().is_checkmate());
        assert_eq!(
            tags[g.number as usize - 1].tag("Termination"),
            Some("normal")
        );
    }
    // The draw window too: both engines report 0.
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--openings",
        &file,
        "--draw",
        "score=10,moves=1,after=0",
    ];
    let m = play("--score 0", "--score 0", &opts, "laws-first-draw");
    for g in games(&m) {
        assert_eq!(g.played.ruling.result(), "1-0", "{}", g.line());
        assert_eq!(
            g.played.ruling.termination,
            Termination::Normal,
            "{}",
            g.line()
        );
    }
}

#[test]
fn resign_adjudication_never_gives_the_win_to_a_side_that_cannot_checkmate() {
    // White has a lone king. In game 1 engine A (White) claims +7 and B
    // (Black) -7: no adjudication can give White the win (FIDE 6.9's
    // reading: a lone king cannot checkmate). In game 2 A has Black.
    let file = openings("resign-unwinnable", "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1\n");
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--openings",
        &file,
        "--resign",
        "score=600,moves=1",
        "--maxmoves",
        "30",
    ];
    let m = play(
        "--score 700 --seed 1",
        "--score -700 --seed 2",
        &opts,
        "resign-unwinnable",
    );
    read_back(&m);
    let g = games(&m);
    assert_ne!(
        g[0].played.ruling.winner,
        Some(Color::White),
        "{}",
        g[0].line()
    );
    assert!(
        !g[0].played.ruling.words.contains("resigns"),
        "{}",
        g[0].line()
    );
    assert_eq!(
        g[1].played.ruling.winner,
        Some(Color::Black),
        "{}",
        g[1].line()
    );
    assert!(
        g[1].played
            .ruling
            .words
            .contains("White resigns by adjudication"),
        "{}",
        g[1].line()
    );
}

// ---------------------------------------------------------------------
// What runners offer: options, names, time controls, margin, openings,
// Event/Site, --help.

#[test]
fn each_and_per_engine_options_and_names_reach_the_engines() {
    let opts = [
        "--games",
        "2",
        "--tc",
        "5+0.05",
        "--maxmoves",
        "5",
        "--each",
        "option.Hash=64",
        "option.Threads=1",
    ];
    // The test engine answers an unreadable move unless the options it
    // expects were set: A's own Threads=2 wins over --each.
    let m = play_settings(
        "--expect Hash=64 --expect Threads=2",
        &["name=Alpha", "option.Threads=2"],
        "--expect Hash=64 --expect Threads=1",
        &["name=Beta"],
        &opts,
        "options",
        Duration::from_secs(60),
    );
    let tags = read_back(&m);
    for g in games(&m) {
        assert_ne!(
            g.played.ruling.termination,
            Termination::RulesInfraction,
            "{}",
            g.line()
        );
    }
    assert_eq!(tags[0].tag("White"), Some("Alpha"));
    assert_eq!(tags[0].tag("Black"), Some("Beta"));
    assert_eq!(tags[1].tag("White"), Some("Beta"));
    assert_eq!(m.summary.names, ["Alpha".to_string(), "Beta".to_string()]);
    // The expectation bites: B expects a Hash it does not get.
    let m = play_settings(
        "--seed 1",
        &[],
        "--expect Hash=128",
        &[],
        &opts,
        "options-missing",
        Duration::from_secs(60),
    );
    for g in games(&m) {
        let b_color = if g.a_white {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(g.played.ruling.winner, Some(!b_color), "{}", g.line());
        assert_eq!(g.played.ruling.termination, Termination::RulesInfraction);
    }
    // An option the engine does not declare stops the match.
    let engine = test_engine();
    let args = [
        "--each".to_string(),
        "option.NoSuchOption=1".to_string(),
        engine.clone(),
        engine,
    ];
    let err = referee::run(&args, &mut Vec::new()).unwrap_err();
    assert!(err.contains("declares no option \"NoSuchOption\""), "{err}");
}

#[test]
fn time_controls_read_moves_and_minutes_and_write_the_pgn_tag() {
    use referee::clock::{Clock, parse_cli};
    let tag = |text: &str| parse_cli(text).map(|tc| tc.to_string());
    assert_eq!(tag("40/60+0.6").as_deref(), Ok("40/60+0.6"));
    assert_eq!(tag("0:05+0.05").as_deref(), Ok("5+0.05"));
    assert_eq!(tag("1:30").as_deref(), Ok("90"));
    assert_eq!(tag("1:00:00+30").as_deref(), Ok("3600+30"));
    assert_eq!(tag("10+0.1").as_deref(), Ok("10+0.1"));
    assert_eq!(tag("0:00.5").as_deref(), Ok("0.5"));
    for bad in [
        "0", "0:75", "40/", "/60", "0/60", "abc", "10+1:00", "1:2:3:4", "-5", "1.5:00", "",
    ] {
        assert!(parse_cli(bad).is_err(), "{bad}");
    }
    // The crate's clock on it: 2 moves in 1 s plus 0.5 s a move; each
    // period's time comes back after the period's moves.
    let tc = parse_cli("2/1+0.5").unwrap();
    let mut clock = Clock::new(&tc);
    assert_eq!(clock.moves_to_go(Color::White), Some(2));
    clock.press(Duration::from_millis(300)).unwrap(); // White: 1.2 s
    clock.press(Duration::from_millis(100)).unwrap(); // Black: 1.4 s
    assert_eq!(clock.moves_to_go(Color::White), Some(1));
    clock.press(Duration::from_millis(200)).unwrap(); // White: 1.5 s + 1 s
    assert_eq!(clock.remaining(Color::White), Duration::from_millis(2500));
    assert_eq!(clock.remaining(Color::Black), Duration::from_millis(1400));
    assert_eq!(clock.moves_to_go(Color::White), Some(2));
    assert_eq!(clock.to_move(), Color::Black);
    let fall = clock.press(Duration::from_millis(1401)).unwrap_err();
    assert_eq!(fall.color, Color::Black);
    assert_eq!(clock.flag(), Some(Color::Black));
    // In a match: the tag is written from the clock.
    let file = openings("tc-tag", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1\n");
    for (tc, expected) in [("40/60+0.6", "40/60+0.6"), ("0:05+0.05", "5+0.05")] {
        let opts = ["--games", "2", "--tc", tc, "--openings", &file];
        let m = play("", "", &opts, "tc-tag");
        for t in read_back(&m) {
            assert_eq!(t.tag("TimeControl"), Some(expected));
        }
    }
}

#[test]
fn a_time_margin_forgives_lateness_within_it() {
    // The slow engine answers 200 ms after its time has run out: a flag
    // fall without a margin (see a_slow_engine_loses_on_time), forgiven
    // with a margin of 1.5 s; the clock then shows zero.
    let opts = [
        "--games",
        "2",
        "--tc",
        "1+0",
        "--timemargin",
        "1500",
        "--maxmoves",
        "4",
    ];
    let m = play("--fault slow --at 2", "--seed 2", &opts, "margin");
    read_back(&m);
    for g in games(&m) {
        assert_ne!(
            g.played.ruling.termination,
            Termination::TimeForfeit,
            "{}",
            g.line()
        );
        assert!(
            g.played.ruling.words.contains("4 moves each"),
            "{}",
            g.line()
        );
    }
}

#[test]
fn openings_in_random_order_repeat_with_the_seed_and_event_and_site_are_tagged() {
    // Three mates in one: every game is one move long.
    let fens = [
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1",
        "7k/8/6K1/8/8/8/Q7/8 w - - 0 1",
        "K7/8/1k6/8/8/8/7q/8 b - - 0 1",
    ];
    let file = openings("order", &format!("{}\n", fens.join("\n")));
    let order = |seed: &str, label: &str| {
        let opts = [
            "--games",
            "6",
            "--tc",
            "5+0.05",
            "--openings",
            &file,
            "--order",
            "random",
            "--seed",
            seed,
            "--event",
            "Test Cup",
            "--site",
            "Here",
        ];
        let m = play("", "", &opts, label);
        let tags = read_back(&m);
        for t in &tags {
            assert_eq!(t.tag("Event"), Some("Test Cup"));
            assert_eq!(t.tag("Site"), Some("Here"));
        }
        let starts: Vec<String> = tags
            .iter()
            .map(|t| t.tag("FEN").unwrap().to_string())
            .collect();
        // Each opening twice in a row, once with each colour.
        for pair in starts.chunks(2) {
            assert_eq!(pair[0], pair[1]);
        }
        starts.into_iter().step_by(2).collect::<Vec<_>>()
    };
    let first = order("3", "order-a");
    assert_eq!(first, order("3", "order-b"));
    let mut expected: Vec<String> = fens.iter().map(|f| f.to_string()).collect();
    referee::openings::shuffle(&mut expected, 3);
    assert_eq!(first, expected);
    let mut sorted = first.clone();
    sorted.sort();
    let mut all: Vec<String> = fens.iter().map(|f| f.to_string()).collect();
    all.sort();
    assert_eq!(sorted, all, "a permutation of the file's openings");
    // Some seed changes the order.
    let orders: Vec<Vec<u32>> = (0..8)
        .map(|seed| {
            let mut v = vec![0u32, 1, 2];
            referee::openings::shuffle(&mut v, seed);
            v
        })
        .collect();
    assert!(orders.iter().any(|o| o != &orders[0]));
}

/// The referee's own executable, which cargo builds for this test.
fn referee_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_referee"))
}

#[test]
fn help_documents_every_option_and_exits_0() {
    let out = std::process::Command::new(referee_binary())
        .arg("--help")
        .output()
        .expect("the referee binary is built by cargo test");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for option in referee::cli::OPTIONS {
        assert!(
            text.contains(&format!("  {option}")),
            "{option} is not documented:\n{text}"
        );
    }
    for word in ["name=", "option.X=V", "ENGINE_A"] {
        assert!(text.contains(word), "{word}");
    }
    let out = std::process::Command::new(referee_binary())
        .arg("--frobnicate")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // Every documented option is one the parser takes.
    let parse = |args: &[&str]| {
        referee::cli::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    };
    for option in referee::cli::OPTIONS {
        let err = parse(&[option]).err().unwrap_or_default();
        assert!(!err.contains("unknown option"), "{option}: {err}");
    }
}

// ---------------------------------------------------------------------
// No escape: process groups, abandonment, bounded output, clean records.

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

#[test]
#[cfg(target_os = "linux")]
fn a_forking_engine_is_abandoned_at_once_and_leaves_no_process_behind() {
    let pidfile = temp_file("fork.pid");
    // A 30 s clock: a ruling by the clock would be "time forfeit".
    let opts = ["--games", "1", "--tc", "30+0"];
    let a = format!("--fault fork --at 2 --pidfile {}", pidfile.display());
    let m = play(&a, "--seed 2", &opts, "fork");
    assert_a_loses(&m, Termination::Abandoned);
    let words = &m.summary.games[0].played.ruling.words;
    assert!(words.contains("exited"), "{words}");
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .expect("the forked child wrote its pid")
        .trim()
        .parse()
        .unwrap();
    let _ = std::fs::remove_file(&pidfile);
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while !process_gone(pid) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        process_gone(pid),
        "the engine's child {pid} outlived the referee"
    );
}

#[test]
fn a_chatty_engine_s_output_is_bounded_and_its_latest_info_counts() {
    use chess_arbiter::engine::{BUFFER_LIMIT, LINE_COST, MAX_LINE};
    let opts = ["--games", "1", "--tc", "20+0.1", "--maxmoves", "3"];
    // B thinks 300 ms a move while A's output piles up.
    let m = play("--fault chatty", "--seed 2 --think-ms 300", &opts, "chatty");
    read_back(&m);
    let g = &m.summary.games[0];
    assert_eq!(
        g.played.ruling.termination,
        Termination::Adjudication,
        "{}",
        g.line()
    );
    // 4 MB printed after each move, 1 MB before it: what is held stays
    // within the limit.
    assert!(
        m.summary.peak_buffered <= BUFFER_LIMIT + MAX_LINE + LINE_COST,
        "{} bytes held",
        m.summary.peak_buffered
    );
    // A has White: its moves' comments carry the last info before bestmove.
    for (ply, comment) in g.played.comments.iter().enumerate().step_by(2) {
        assert!(comment.starts_with("+0.42/9 "), "ply {ply}: {comment}");
    }
}

#[test]
fn control_characters_never_reach_the_record() {
    let m = play("--fault control --at 4", "--seed 2", TC, "control");
    // read_back checks that no control character is in the PGN.
    let tags = read_back(&m);
    assert_a_loses(&m, Termination::RulesInfraction);
    let name = "uci test engine??[31m?name?";
    assert_eq!(tags[0].tag("White"), Some(name), "{}", m.pgn);
    assert_eq!(tags[1].tag("Black"), Some(name), "{}", m.pgn);
    for g in games(&m) {
        assert!(
            g.played
                .ruling
                .words
                .contains("unreadable move \"e2?e4??\""),
            "{}",
            g.line()
        );
        assert!(!g.line().chars().any(char::is_control), "{:?}", g.line());
    }
    assert!(!m.output.chars().any(|c| c.is_control() && c != '\n'));
}

// ---------------------------------------------------------------------
// Edges of the command line, the report and the protocol.

fn parse_args(args: &[&str]) -> Result<referee::Request, String> {
    referee::cli::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

/// The referee executable's exit code and stderr for `args`.
fn run_binary(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(referee_binary())
        .args(args)
        .output()
        .expect("the referee binary is built by cargo test");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_0_is_refused_with_exit_2() {
    let err = parse_args(&["--games", "0", "a", "b"]).unwrap_err();
    assert_eq!(err, "--games must be at least 1");
    let (code, stderr) = run_binary(&["--games", "0", "a", "b"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--games must be at least 1"), "{stderr}");
}

#[test]
fn zero_nodes_depth_and_movetime_are_refused_by_one_rule() {
    for option in ["--nodes", "--depth", "--movetime"] {
        let err = parse_args(&[option, "0", "a", "b"]).unwrap_err();
        assert_eq!(err, format!("{option} must be at least 1"));
        assert!(parse_args(&[option, "1", "a", "b"]).is_ok(), "{option} 1");
        let (code, _) = run_binary(&[option, "0", "a", "b"]);
        assert_eq!(code, Some(2), "{option} 0");
    }
}

#[test]
fn one_unpaired_game_gives_no_elo() {
    let m = play(
        "--seed 1",
        "--seed 2",
        &["--games", "1", "--tc", "5+0.05"],
        "unpaired",
    );
    assert_eq!(m.summary.games.len(), 1);
    assert!(!m.output.contains("Elo difference"), "{}", m.output);
    assert!(
        m.output.contains("Elo: none (no complete pair)"),
        "{}",
        m.output
    );
    assert!(
        m.output
            .contains("1 game without its pair is not in the pair counts"),
        "{}",
        m.output
    );
}

#[test]
fn sprt_parameters_outside_a_sane_range_or_repeated_are_refused() {
    use referee::stats::Sprt;
    for (bad, says) in [
        ("elo0=0,elo1=5,alpha=1e-320", "alpha=1e-320 must be from"),
        ("elo0=0,elo1=5,beta=0.5", "beta=0.5 must be from"),
        ("elo0=0,elo1=5,alpha=-0.1", "alpha=-0.1 must be from"),
        ("elo0=-1e308,elo1=1e308", "elo0=-1e308 lies outside"),
        ("elo0=0,elo1=1001", "elo1=1001 lies outside"),
        ("elo0=0,elo1=0.01", "at least 0.1 above elo0"),
        ("elo0=0,elo1=5,elo1=10", "elo1 is given twice"),
        ("elo0=0,elo1=5,alpha=0.05,alpha=0.1", "alpha is given twice"),
        ("elo0=inf,elo1=5", "is not a number"),
    ] {
        let err = Sprt::parse(bad).unwrap_err();
        assert!(err.contains(says), "{bad}: {err}");
        assert!(err.len() < 200, "{bad}: {err}");
    }
    // Sane values still read, the edges included; the bounds are finite.
    for good in [
        "elo0=0,elo1=5",
        "elo0=-1000,elo1=1000,alpha=0.0001,beta=0.0001",
        "elo0=0,elo1=0.1,alpha=0.49,beta=0.49",
    ] {
        let sprt = Sprt::parse(good).unwrap_or_else(|e| panic!("{good}: {e}"));
        let (lower, upper) = sprt.bounds();
        assert!(lower.is_finite() && upper.is_finite() && lower < 0.0 && upper > 0.0);
    }
    let (code, stderr) = run_binary(&["--sprt", "elo0=0,elo1=5,elo1=6", "a", "b"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("given twice"), "{stderr}");
    // The adjudication fields take each key once too.
    let err = parse_args(&["--resign", "score=500,moves=3,score=400", "a", "b"]).unwrap_err();
    assert!(err.contains("score is given twice"), "{err}");
}

#[test]
fn a_second_bestmove_with_no_go_outstanding_loses_and_is_named() {
    // Engine A answers each go twice; the second line waits in the pipe
    // while B thinks, and is found when A is asked again: not an answer to
    // that go, but a protocol fault named in the ruling.
    let m = play("--fault twice", "--seed 2 --think-ms 100", TC, "twice");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        let words = &g.played.ruling.words;
        assert!(
            words.contains("sent a second bestmove") && words.contains("with no go outstanding"),
            "{words}"
        );
        assert!(!words.contains("illegal move"), "{words}");
    }
}

/// The process ids written into `dir` by the test engine's `--pid-dir`.
fn pids_in(dir: &PathBuf) -> Vec<u32> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Sends `signal` to process `pid`.
#[cfg(unix)]
fn send_signal(pid: u32, signal: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(pid as i32).expect("a process id is positive");
    rustix::process::kill_process(pid, signal).expect("the process can be signalled");
}

/// Waits up to five seconds for `pids` to be gone, SIGKILLs whatever is
/// left (rather than leave it to the machine) and returns those.
#[cfg(target_os = "linux")]
fn left_running(pids: &[u32]) -> Vec<u32> {
    let started = std::time::Instant::now();
    while pids.iter().any(|&pid| !process_gone(pid)) && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = pids
        .iter()
        .copied()
        .filter(|&pid| !process_gone(pid))
        .collect();
    for &pid in &left {
        send_signal(pid, rustix::process::Signal::KILL);
    }
    left
}

/// Starts a match of two engines that outlive their closed input (each with
/// a child in its process group that does too: only a kill ends them), sends
/// the referee `signal` while they think, and checks its exit code and that
/// no engine process is left.
#[cfg(target_os = "linux")]
fn a_signal_ends_the_referee_and_every_engine(
    label: &str,
    engine_args: &str,
    signal: rustix::process::Signal,
    code: i32,
) {
    let dir = temp_file(&format!("{label}-pids"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!(
        "{} --linger --think-ms 200 {engine_args} --pid-dir {}",
        test_engine(),
        dir.display()
    );
    let mut referee = std::process::Command::new(referee_binary())
        .args(["--games", "2", "--tc", "60+0", &engine, &engine])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the referee binary is built by cargo test");
    let started = std::time::Instant::now();
    while pids_in(&dir).len() < 4 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let engines = pids_in(&dir);
    assert_eq!(engines.len(), 4, "two engines and their children started");
    // Let the game run a little: the engines are thinking.
    std::thread::sleep(Duration::from_millis(300));
    assert!(engines.iter().all(|&pid| !process_gone(pid)));
    send_signal(referee.id(), signal);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = referee.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = referee.kill();
            panic!("the referee did not exit on {signal:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let left = left_running(&engines);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(status, Some(code), "128 + the signal's number");
    assert!(left.is_empty(), "processes left running: {left:?}");
}

#[test]
#[cfg(target_os = "linux")]
fn sigterm_to_the_referee_kills_both_engines_and_their_children() {
    a_signal_ends_the_referee_and_every_engine("sigterm", "", rustix::process::Signal::TERM, 143);
}

#[test]
#[cfg(target_os = "linux")]
fn sighup_to_the_referee_kills_engines_that_ignore_signals_and_their_children() {
    // A closed terminal or a dropped ssh session: the engines, in their own
    // process groups, get no SIGHUP themselves, and these ignore it anyway.
    a_signal_ends_the_referee_and_every_engine(
        "sighup",
        "--ignore-signals",
        rustix::process::Signal::HUP,
        129,
    );
}

#[test]
#[cfg(target_os = "linux")]
fn engines_and_their_children_end_with_the_match_without_a_kill_program() {
    let dir = temp_file("no-kill-pids");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // An empty PATH: no `kill` program to ask (the engine is named by its path).
    let empty = temp_file("no-kill-path");
    let _ = std::fs::remove_dir_all(&empty);
    std::fs::create_dir_all(&empty).unwrap();
    let engine = format!(
        "{} --linger --ignore-signals --pid-dir {}",
        test_engine(),
        dir.display()
    );
    let out = std::process::Command::new(referee_binary())
        .args(["--games", "2", "--maxmoves", "5", "--tc", "60+0"])
        .args([&engine, &engine])
        .env("PATH", &empty)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the referee binary is built by cargo test");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("game 2: "), "{text}");
    let engines = pids_in(&dir);
    let left = left_running(&engines);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
    assert!(engines.len() >= 4, "two engines and their children started");
    assert!(left.is_empty(), "processes left running: {left:?}");
}
