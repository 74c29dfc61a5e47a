//! The examples' logic, run by the plain `cargo test` so they cannot rot.

#[allow(dead_code)]
#[path = "../examples/selfplay.rs"]
mod selfplay;

#[test]
fn selfplay_ends_every_game_by_an_automatic_rule() {
    let t = selfplay::tally(40, 7);
    assert_eq!(t.games, 40);
    assert_eq!(
        t.checkmate
            + t.stalemate
            + t.insufficient_material
            + t.dead_position
            + t.fivefold
            + t.seventy_five,
        40
    );
    assert!(t.min_plies <= t.max_plies);
    // A seeded run repeats exactly.
    assert_eq!(selfplay::tally(40, 7), t);
    let out = selfplay::report(&t, 7);
    assert!(out.starts_with("40 random games, seed 7\n"), "{out}");
    assert!(out.contains("checkmate (FIDE 5.1.1)"), "{out}");
    assert!(out.contains("length in plies: min "), "{out}");
}

#[test]
fn selfplay_reads_its_arguments() {
    let out = selfplay::run(&["3".into(), "--seed".into(), "42".into()]).unwrap();
    assert!(out.starts_with("3 random games, seed 42\n"), "{out}");
    assert!(selfplay::run(&["many".into()]).is_err());
    assert!(selfplay::run(&["--seed".into()]).is_err());
}

#[allow(dead_code)]
#[path = "../examples/replay.rs"]
mod replay;

fn replay_stdin(args: &[&str], text: &str) -> (String, u8) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let text = text.to_string();
    replay::run(&args, move || Ok(text))
}

#[test]
fn replay_skips_numbers_comments_nags_variations_and_tags() {
    let tokens = replay::tokens(
        "[Event \"x\"]\n1. e4 {a comment (with parens)} e5 $1 2.Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 ; to the end (\n3. Bb5 a6 1-0",
    );
    assert_eq!(
        tokens,
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "1-0"].map(String::from)
    );
}

#[test]
fn replay_reports_a_threefold_claim() {
    let (out, code) = replay_stdin(&[], "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2");
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("1. Nf3\n1... Nf6\n2. Ng1\n"), "{out}");
    assert!(
        out.contains("4. Ng1          claim: threefold repetition (9.2)\n"),
        "{out}"
    );
    assert!(out.contains("8 r n b q k b n r\n"), "{out}");
    assert!(
        out.ends_with("outcome: draw by threefold repetition (claimed)\nresult: 1/2-1/2\n"),
        "{out}"
    );
}

#[test]
fn replay_reports_checkmate_and_automatic_endings() {
    let (out, code) = replay_stdin(&[], "1. f3 e5 2. g4 Qh4#");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("2... Qh4#       ends: black wins by checkmate\n"),
        "{out}"
    );
    assert!(
        out.ends_with("outcome: black wins by checkmate\nresult: 0-1\n"),
        "{out}"
    );
    let (out, code) = replay_stdin(&["--fen", "4k3/8/8/8/8/8/8/4K2R w - - 149 100"], "100. Rh2");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ends: draw by seventy-five-move rule"),
        "{out}"
    );
    assert!(out.ends_with("result: 1/2-1/2\n"), "{out}");
}

#[test]
fn replay_stops_at_an_illegal_or_ambiguous_move() {
    let (out, code) = replay_stdin(&[], "1. e4 e5 2. Ke3");
    assert_eq!(code, 1, "{out}");
    assert!(out.ends_with("\n"), "{out}");
    assert!(out.contains("ply 3: \"Ke3\": illegal SAN"), "{out}");
    let (out, code) = replay_stdin(&["--fen", "4k3/8/8/8/8/8/4N3/4K2N w - - 0 1"], "1. Ng3");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ply 1: \"Ng3\": ambiguous SAN"), "{out}");
}

#[test]
fn replay_starts_from_chess960_and_checks_its_arguments() {
    let (out, code) = replay_stdin(&["--960", "0"], "1. g3 g6 *");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("bbqnnrkr/pppppp1p/6p1/8/8/6P1/PPPPPP1P/BBQNNRKR w KQkq - 0 2"),
        "{out}"
    );
    assert!(
        out.ends_with("outcome: the game is still on\nresult: *\n"),
        "{out}"
    );
    assert_eq!(replay_stdin(&["--960", "960"], "").1, 2);
    assert_eq!(replay_stdin(&["--fen", "nonsense"], "").1, 2);
    assert_eq!(replay_stdin(&["--fen"], "").1, 2);
    assert_eq!(replay_stdin(&["a", "b"], "").1, 2);
    assert_eq!(replay_stdin(&["/no/such/file"], "").1, 2);
}

#[allow(dead_code)]
#[path = "../examples/pgn.rs"]
mod pgn_example;

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
