//! What runners offer: options, names, time controls, margin, openings,
//! Event/Site, --help.

use super::*;

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
        let ended = g.played.ruling.termination;
        assert_ne!(ended, Termination::RulesInfraction, "{}", g.line());
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
        let ended = g.played.ruling.termination;
        assert_ne!(ended, Termination::TimeForfeit, "{}", g.line());
        assert_says(g, "4 moves each");
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
