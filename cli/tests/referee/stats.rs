//! Statistics: game pairs, pentanomial counts, Elo, LOS, draw ratio, SPRT.

use super::*;

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
