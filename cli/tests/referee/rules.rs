//! Rulings: infractions, flags, the Laws' endings, matches of well-behaved engines, openings and
//! real engines.

use super::*;

/// Engine A, run with `fault`, loses every game of a two-game match by a
/// rules infraction whose ruling names `words`.
fn assert_infraction(fault: &str, label: &str, words: &str) -> Match {
    let m = play(fault, "--seed 2", TC, label);
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        assert_says(g, words);
    }
    m
}

#[test]
fn an_illegal_move_loses_by_rules_infraction() {
    let m = assert_infraction("--fault illegal --at 4", "illegal", "illegal move");
    for g in games(&m) {
        assert!(g.played.game.moves().len() >= 4);
    }
}

#[test]
fn an_unreadable_move_loses_by_rules_infraction() {
    assert_infraction(
        "--fault garbage --at 3",
        "garbage",
        "unreadable move \"xyzzy\"",
    );
}

#[test]
fn bestmove_none_while_moves_exist_loses_by_rules_infraction() {
    assert_infraction("--fault none", "none", "(none)");
}

#[test]
fn bestmove_0000_while_moves_exist_loses_by_rules_infraction() {
    assert_infraction("--fault null --at 1", "null", "0000");
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
        assert_says(g, "flag fell");
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

/// Both games of a two-game match from `fen`, each engine run with the
/// options `engine`, end with `result` by the rule `words` names; `each`
/// checks each game further.
fn assert_rule(fen: &str, engine: &str, result: &str, words: &str, each: impl Fn(&GameReport)) {
    let label = words.replace(' ', "-");
    let file = openings(&label, &format!("{fen}\n"));
    let opts = ["--games", "2", "--tc", "5+0.05", "--openings", &file];
    let m = play(engine, engine, &opts, &label);
    let tags = read_back(&m);
    for g in games(&m) {
        assert_eq!(g.played.ruling.result(), result, "{}", g.line());
        assert_termination(g, Termination::Normal);
        assert_says(g, words);
        let t = &tags[g.number as usize - 1];
        assert_eq!(t.tag("Termination"), Some("normal"));
        assert_eq!(t.tag("FEN"), Some(fen), "{}", m.pgn);
        assert_eq!(t.tag("SetUp"), Some("1"), "{}", m.pgn);
        each(g);
    }
}

#[test]
fn checkmate_ends_the_game() {
    assert_rule(
        "k7/8/1K6/8/8/8/7Q/8 w - - 0 1",
        "",
        "1-0",
        "checkmate",
        |g| {
            assert!(g.played.game.position().is_checkmate());
            assert_eq!(g.played.game.moves().len(), 1);
        },
    );
}

#[test]
fn stalemate_ends_the_game() {
    let fen = "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1";
    assert_rule(fen, "--stalemate", "1/2-1/2", "stalemate", |g| {
        assert!(g.played.game.position().is_stalemate());
    });
}

#[test]
fn insufficient_material_ends_the_game() {
    // The test engine prefers captures: Kxc2 leaves two bare kings.
    let fen = "8/8/8/8/8/8/2r5/2K4k w - - 0 1";
    assert_rule(fen, "", "1/2-1/2", "insufficient material", |g| {
        assert!(g.played.game.position().is_insufficient_material());
    });
}

#[test]
fn fifty_moves_are_claimed_as_soon_as_they_can_be() {
    // After White's move the clock is 99: Black claims with its king move.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 98 80";
    assert_rule(fen, "", "1/2-1/2", "fifty-move rule", |g| {
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
    });
}

#[test]
fn threefold_repetition_is_claimed_as_soon_as_it_can_be() {
    let opts = ["--games", "2", "--tc", "5+0.05"];
    let m = play("--repeat --seed 5", "--repeat --seed 6", &opts, "threefold");
    for g in games(&m) {
        let game = &g.played.game;
        assert_eq!(g.played.ruling.winner, None, "{}", g.line());
        assert_says(g, "threefold repetition");
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
        assert_termination(g, Termination::Normal);
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
    .map(String::from)
    .to_vec();
    let m = run_match(args, &pgn_path, "real", Duration::from_secs(600));
    print!("{}", m.output);
    let read = read_back(&m);
    for (g, pgn) in games(&m).iter().zip(&read) {
        assert_termination(g, Termination::Normal);
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
