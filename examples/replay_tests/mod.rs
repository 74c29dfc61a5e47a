//! The example's logic, run by the plain `cargo test` (`test = true` in
//! Cargo.toml) so that it cannot rot.

use crate as replay;

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
