//! Adjudication, which never overrules the Laws.

use super::*;

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
        assert_says(g, "resigns by adjudication");
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
            assert_says(g, "10 moves each");
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
        assert_termination(g, Termination::Adjudication);
        assert_says(g, "Draw by adjudication");
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
        assert_termination(g, Termination::Normal);
        assert_says(g, "checkmate");
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
        assert_termination(g, Termination::Normal);
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
