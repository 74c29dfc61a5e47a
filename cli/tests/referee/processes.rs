//! No escape: process groups, abandonment, bounded output, clean records.

use super::*;

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
    assert_termination(g, Termination::Adjudication);
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
