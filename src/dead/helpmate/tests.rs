//! The tests of the helpmate search.

use super::flights::{
    NEAR, free_flights, king_flees_after, leapers, mates_in_one, mates_in_one_of, quick_mate,
};
use super::*;

/// Visits every position `depth` plies deep and checks that
/// [`is_mated`] (a parry looked for on the few squares that parry)
/// says what the legal move count says.
fn walk(pos: &Position, depth: u32, checks: &mut u32) {
    if pos.is_check() {
        *checks += 1;
        assert_eq!(is_mated(pos), !pos.has_legal_moves(), "{pos:?}");
    }
    if depth == 0 {
        return;
    }
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        walk(&child, depth - 1, checks);
    }
}

#[test]
fn is_mated_agrees_with_the_move_count() {
    // Checks parried by captures, blocks, double pushes, promotions
    // and en passant; pinned men that cannot parry; double checks.
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            2,
        ),
        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 4),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3),
    ] {
        let mut checks = 0;
        walk(&Position::from_fen(fen).unwrap(), depth, &mut checks);
        assert!(checks > 0, "{fen}");
    }
    let back_rank = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert!(is_mated(&back_rank));
    let parried = Position::from_fen("R5k1/5ppp/8/8/8/8/3r4/6K1 b - - 0 1").unwrap();
    assert!(!is_mated(&parried));
}

/// Follows the first choices from `pos` for at most `plies` plies and
/// checks at every node that the best move alone (pieces that cannot
/// beat it left unscored) is the greatest of every move scored, with
/// the same count and mate in one. Returns the nodes compared.
fn follow_best(pos: &Position, winner: Color, corner: Square, order: Order, plies: u32) -> u32 {
    let mut pos = pos.clone();
    let mut nodes = 0;
    for _ in 0..plies {
        let (mut all, mut best) = (ArrayVec::new(), ArrayVec::new());
        let (count, mate) = generate_scored::<true>(&pos, winner, corner, (order, true), &mut all);
        let chosen = generate_scored::<false>(&pos, winner, corner, (order, true), &mut best);
        nodes += 1;
        assert_eq!((count, mate), chosen, "{pos:?}");
        // None, one or more: all the search asks (a mate ends the count).
        let legal = pos.legal_moves().len() as u32;
        assert!(mate.is_some() || count == legal.min(2), "{pos:?}");
        assert!(
            count <= legal.min(2) && (count > 0) == (legal > 0),
            "{pos:?}"
        );
        if mate.is_some() {
            // The search plays the mate: the best move is not asked.
            break;
        }
        let greatest = all.iter().max().copied();
        assert_eq!(greatest, best.first().copied(), "{pos:?}");
        let Some(key) = greatest else {
            break;
        };
        pos.play_unchecked(Move::from_bits(key as u16));
    }
    nodes
}

#[test]
fn the_best_move_alone_is_the_greatest_of_every_move_scored() {
    // Middlegames and endings with checks, pins, castling rights,
    // promotions and en passant; both orders, every target corner.
    let mut nodes = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "r1b3k1/p1pp2r1/1p4pp/Q7/4PBN1/2P3P1/1P3P1P/RN3RK1 b - - 0 17",
        "k6r/p4pp1/r2b3p/7P/1pP1P3/2RB2P1/P2P1K2/R1B5 b - - 0 25",
        "3R2nr/1k4Np/np1b1p2/8/2P1p1PP/1P3P2/P3Q3/5K1R b - - 0 22",
        "2k5/p7/2P1P3/1p5p/7P/4K2P/8/8 w - - 2 46",
        "8/1Q6/nppk4/6Kp/5q2/8/8/8 w - - 3 42",
        "4k3/6pp/2b1n3/6R1/8/1N6/1PP2KPP/2B2R2 b - - 2 23",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for winner in Color::ALL {
            for corner in target_corners(&pos, winner) {
                for order in [Order::Quick, Order::Thorough] {
                    nodes += follow_best(&pos, winner, corner, order, 40);
                }
            }
        }
    }
    assert!(nodes > 2_000, "{nodes} nodes compared");
}

#[test]
fn a_quick_look_through_a_pawn_run_ends_in_a_replayed_mate() {
    // The run promotes first, the search mates after it; the positions
    // visited are charged.
    for (fen, winner) in [
        ("8/8/8/8/8/k7/4P1P1/4K3 w - - 0 1", Color::White),
        ("4k3/4p1p1/8/K7/8/8/8/8 w - - 0 1", Color::Black),
        (
            "r7/6p1/b2k1n1p/1P6/8/2r5/P1P2PP1/R3R1K1 w - - 0 24",
            Color::White,
        ),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let (run, _) = promote::run(&pos, winner, 100).expect(fen);
        let mut table = [0; 256];
        let mut budget = super::super::Budget::new(160);
        let line = quick(&pos, winner, &mut budget, &mut table).expect(fen);
        assert!(line.starts_with(&run), "{fen}");
        assert!(super::super::mates(&pos, winner, &line), "{fen}");
        assert!(160 - budget.left >= line.len() as u64, "{fen}");
        assert!(table.iter().all(|&e| e == 0), "{fen}");
    }
    // No budget, no line: the run is a search too.
    let pos = Position::from_fen("8/8/8/8/8/k7/4P1P1/4K3 w - - 0 1").unwrap();
    let mut table = [0; 256];
    let mut none = super::super::Budget::new(0);
    assert!(quick(&pos, Color::White, &mut none, &mut table).is_none());
}

#[test]
fn a_search_leaves_its_table_clean() {
    // A line found at once, a search that gives up after writing fewer
    // slots than it remembers, and one that writes more.
    let rich = "r1bqkb1r/ppppppp1/n4n1p/8/1P5P/2P3P1/P2PPP2/RNBQKBNR b KQkq - 0 4";
    // White can never mate (the clock is not zero, so the search does
    // not stop at once on the material): it wanders until the budget
    // is spent.
    let bare = "4k3/8/8/8/3q4/8/8/4K3 w - - 1 1";
    let mut table = alloc::vec![0; 1 << 14];
    for (fen, nodes, shape, found) in [
        (rich, 1_000, (60, 2), true),
        (bare, 500, (60, 2), false),
        (bare, 100_000, (80, 200), false),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let budget = super::super::Budget::new(nodes);
        for order in [Order::Quick, Order::Thorough] {
            let mut budget = budget;
            let line = search(&pos, Color::White, &mut budget, shape, 0, &mut table, order);
            assert_eq!(line.is_some(), found, "{fen} {order:?}");
            assert!(table.iter().all(|&e| e == 0), "{fen} with {nodes} nodes");
        }
    }
}

#[test]
fn the_quick_look_follows_the_first_choices_towards_every_corner_first() {
    // Endings whose line lies towards a farther corner: the wider
    // search towards the nearest one spends its share without it, the
    // first choices towards the next find it at once.
    for (fen, winner) in [
        ("B3k3/8/3b4/8/7p/5K1P/4B3/1r4R1 b - - 0 36", Color::Black),
        ("n7/3n4/8/2R1p1k1/8/2p1b3/8/1K6 b - - 0 116", Color::Black),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let mut table = [0; 256];
        let mut nearest = super::super::Budget::new(80);
        let line = search(
            &pos,
            winner,
            &mut nearest,
            (60, 1),
            0,
            &mut table,
            Order::Quick,
        );
        assert!(line.is_none(), "{fen}");
        let mut budget = super::super::Budget::new(160);
        let line = quick(&pos, winner, &mut budget, &mut table).expect(fen);
        assert!(
            160 - budget.left <= 40,
            "{fen}: {} positions",
            160 - budget.left
        );
        assert!(super::super::mates(&pos, winner, &line), "{fen}");
        assert!(table.iter().all(|&e| e == 0), "{fen}");
    }
}

#[test]
fn the_loser_s_king_step_is_a_legal_quiet_step_to_a_safe_square() {
    // Black's king on e8 with the white rook on the seventh rank: only d8
    // and f8 are safe; towards a1 the nearer is d8.
    let pos = Position::from_fen("4k3/R7/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    let m = king_step(&pos, Square::A1).expect("a safe step");
    assert_eq!((m.from(), m.to()), (Square::E8, Square::D8));
    let m = king_step(&pos, Square::H8).expect("a safe step");
    assert_eq!(m.to(), Square::F8);
    // Towards the white king on e1: a tie of d8 and f8, the first is
    // taken.
    let m = king_step(&pos, Square::E1).expect("a safe step");
    assert!(pos.is_legal(m) && m.to() == Square::D8);
    // In check, the step leaves the checker's line.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R b - - 0 1").unwrap();
    let pos = {
        let mut p = pos;
        p.play_unchecked(Move::new(Square::E8, Square::E7));
        p.play_unchecked(Move::new(Square::A1, Square::A7));
        p
    };
    assert!(pos.is_check());
    let m = king_step(&pos, Square::A1).expect("a step out of check");
    assert!(pos.is_legal(m) && m.to().rank() != crate::Rank::Seventh);
    // Every square around the king is its own man's or attacked, or the
    // only empty one is guarded: none.
    let boxed = Position::from_fen("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(king_step(&boxed, Square::A1), None);
    // The nearest steps guarded: the nearest safe one, the first of
    // those as near (a rook on the seventh rank guards d7, e7 and f7;
    // towards a1, d8 comes before f8, both a step farther than d7).
    let pos = Position::from_fen("4k3/R7/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let m = king_step(&pos, Square::A1).expect("a safe step");
    assert_eq!(m.to(), Square::D8);
    let m = king_step(&pos, Square::D1).expect("a safe step");
    assert_eq!(m.to(), Square::D8);
    // Every step at the king's own distance from the target or nearer
    // guarded (the rooks hold the d-file and the second and fourth
    // ranks): one farther away.
    let pos = Position::from_fen("3R3K/8/8/8/7R/4k3/7R/8 b - - 0 1").unwrap();
    let m = king_step(&pos, Square::A1).expect("a safe step");
    assert!(pos.is_legal(m), "{m:?}");
    assert_eq!(m.to(), Square::F3);
    // On its target with a man of its own, the king waits (the scored
    // moves choose); alone, it steps away.
    let pos = Position::from_fen("k7/8/8/8/8/8/8/4K1Rb b - - 0 1").unwrap();
    assert_eq!(king_step(&pos, Square::A8), None);
    let pos = Position::from_fen("k7/8/8/8/8/8/8/4K1R1 b - - 0 1").unwrap();
    let m = king_step(&pos, Square::A8).expect("a safe step");
    assert_eq!(distance(m.to(), Square::A8), 1);
    // A capture is no step: the king may take the rook, nothing else.
    let pos = Position::from_fen("k7/1R6/8/2K5/8/8/8/8 b - - 0 1").unwrap();
    assert!(pos.is_legal(Move::new(Square::A8, Square::B7)));
    assert_eq!(king_step(&pos, Square::A1), None);
}

#[test]
fn a_quick_look_of_a_rich_position_with_king_steps_ends_in_a_replayed_mate() {
    // The loser's turns of the first choices are king steps where one is
    // safe; every line is replayed to a mate and the table left clean.
    for fen in [
        "rnbqkbnr/2pppppp/pp6/8/6P1/7P/PPPPPP2/RNBQKBNR w KQkq - 0 3",
        "r1bqkbnr/1ppnpp1p/p5p1/3p4/P2PP3/7P/1PP2PP1/RNBQKBNR b KQkq - 0 5",
        "6r1/kr2bppp/p2pN3/1ppR4/P6P/4PB1R/5P2/5K2 w - - 0 34",
        "r1b3k1/p1pp2r1/1p4pp/Q7/4PBN1/2P3P1/1P3P1P/RN3RK1 b - - 0 17",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let mut found = 0;
        for winner in Color::ALL {
            let mut table = [0; 256];
            let mut budget = super::super::Budget::new(160);
            if let Some(line) = quick(&pos, winner, &mut budget, &mut table) {
                assert!(super::super::mates(&pos, winner, &line), "{fen}");
                found += 1;
            }
            assert!(table.iter().all(|&e| e == 0), "{fen}");
        }
        assert!(found > 0, "{fen}");
    }
}

/// Visits every position `depth` plies deep and checks, for each ordinary
/// move and double push, that [`king_flees_after`] (answered before the
/// move) says whether the opponent's king has a legal step once it is
/// played. Returns how many moves said yes and how many no.
fn walk_flights(pos: &Position, depth: u32, seen: &mut [u32; 2]) {
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if m.code() < 2 {
            let king = child.king(child.turn());
            let steps = child
                .legal_moves()
                .into_iter()
                .any(|step| step.from() == king && !step.is_castle());
            let flees = king_flees_after(pos, m);
            assert_eq!(flees, steps, "{m:?} in {pos:?}");
            seen[usize::from(flees)] += 1;
            if !flees && mates_in_one(pos, m) {
                assert!(child.is_checkmate(), "{m:?} in {pos:?}");
            }
            // The look that knows the leapers' squares says the same.
            let leap = leapers(pos, pos.turn());
            let role = pos.role_at(m.from()).expect("a mover");
            assert_eq!(
                mates_in_one_of(pos, m, role, leap),
                child.is_checkmate(),
                "{m:?} in {pos:?}"
            );
        }
        if depth > 1 {
            walk_flights(&child, depth - 1, seen);
        }
    }
}

#[test]
fn the_king_s_flight_after_a_move_is_seen_before_it_is_played() {
    // Captures of and by the king's neighbours, lines opened and closed
    // by the moved man, pawns that step next to the king, kings in a
    // corner with few squares.
    let mut total = [0; 1];
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3),
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", 3),
        ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", 2),
    ] {
        let mut seen = [0; 2];
        walk_flights(&Position::from_fen(fen).unwrap(), depth, &mut seen);
        assert!(seen[1] > 0, "{fen}: {seen:?}");
        total[0] += seen[0];
    }
    assert!(total[0] > 50, "{total:?}");
}

#[test]
fn the_squares_closer_than_a_distance_are_those_the_king_steps_count() {
    for a in Square::ALL {
        for d in 0..=9 {
            let expected = Square::ALL
                .into_iter()
                .filter(|&b| distance(a, b) < d)
                .fold(Bitboard::EMPTY, |set, b| set.with(b));
            assert_eq!(closer(a, d), expected, "{a:?} {d}");
        }
    }
    assert_eq!(closer(Square::E4, 0), Bitboard::EMPTY);
    assert_eq!(closer(Square::E4, 1), Bitboard::from_square(Square::E4));
    assert_eq!(closer(Square::A1, 8), Bitboard::FULL);
}

#[test]
fn the_leapers_squares_are_those_their_pawns_knights_and_king_attack() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for color in Color::ALL {
            let mut expected = Bitboard::EMPTY;
            for sq in pos.by_color(color) {
                expected |= match pos.role_at(sq) {
                    Some(Role::Pawn) => crate::attacks::pawn(color, sq),
                    Some(Role::Knight) => crate::attacks::knight(sq),
                    Some(Role::King) => crate::attacks::king(sq),
                    _ => Bitboard::EMPTY,
                };
            }
            assert_eq!(leapers(&pos, color), expected, "{fen} {color:?}");
        }
    }
}

/// Where the quick look spends its nodes on the benches' positions: per
/// position the phase that found the line (the pawn run, the first
/// choices towards the i-th corner, one discrepancy towards the i-th),
/// the nodes spent and the line's length (with `TRACE` set in the
/// environment, each position and attempt). A measure, not a check.
#[test]
#[ignore = "a measure: cargo test --release --lib quick_nodes -- --ignored --nocapture"]
fn quick_nodes_per_phase() {
    extern crate std;
    use std::println;
    let sets = [
        ("slow", include_str!("../../../benches/slow_positions.txt")),
        ("last", include_str!("../../../benches/last_positions.txt")),
        ("tail", include_str!("../../../benches/tail_positions.txt")),
        ("rich", include_str!("../../../benches/rich_positions.txt")),
    ];
    for (name, text) in sets {
        // Per men bucket: positions, nodes, plies of the lines found,
        // nodes by the phase that found it.
        let mut rows = alloc::collections::BTreeMap::<(u32, &str), (u32, u64, u64)>::new();
        for fen in text.lines().filter(|l| !l.starts_with('#')) {
            let pos = Position::from_fen(fen).unwrap();
            let men = pos.occupied().len();
            if super::super::small::is_known(&pos) || men <= 7 {
                continue;
            }
            let bucket = match men {
                8..=12 => 8,
                13..=24 => 13,
                _ => 25,
            };
            let winner = super::super::by_mating_force(&pos)[0];
            if super::super::decide_statically(&pos, winner).is_some() {
                continue;
            }
            let mut table = [0; 256];
            let mut budget = super::super::Budget::new(160);
            if std::env::var("TRACE").is_ok() {
                println!("{name} {men} {fen} {winner:?}");
            }
            let (phase, line) = quick_phased(&pos, winner, &mut budget, &mut table);
            let e = rows.entry((bucket, phase)).or_default();
            e.0 += 1;
            e.1 += 160 - budget.left;
            e.2 += line.map_or(0, |l| l.len() as u64);
        }
        for ((bucket, phase), (n, nodes, plies)) in rows {
            println!(
                "{name} {bucket:>2}+ men {phase:<10} {n:>4} positions {:>6.1} nodes {:>5.1} plies",
                nodes as f64 / f64::from(n),
                plies as f64 / f64::from(n)
            );
        }
    }
}

/// [`quick`], telling which phase found the line (and, with `TRACE` set
/// in the environment, each attempt's nodes).
fn quick_phased(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    table: &mut [u64],
) -> (&'static str, Option<Line>) {
    extern crate std;
    let trace = std::env::var("TRACE").is_ok();
    let show = |what: &str, corner: usize, spent: u64, line: &Option<Line>| {
        if trace {
            std::println!(
                "  {what} corner {corner} nodes {spent} line {:?}",
                line.as_ref().map(|l| l.len())
            );
        }
    };
    if let Some((run, pos)) = promote::run(root, winner, budget.left) {
        budget.charge(run.len() as u64);
        let before = budget.left;
        let rest = budget.part(AFTER_RUN, |b| first_choices(&pos, winner, b, table));
        show("run", run.len(), before - budget.left, &rest);
        if let Some(rest) = rest {
            let mut line = run;
            if line.try_extend_from_slice(&rest).is_ok() {
                return ("run", Some(line));
            }
        }
    }
    let corners = quick_corners(root, winner);
    const GREEDY: [&str; 4] = ["greedy0", "greedy1", "greedy2", "greedy3"];
    for (corner, &square) in corners.iter().enumerate() {
        let before = budget.left;
        let line = budget.part(QUICK_GREEDY, |b| {
            search_from(root, winner, b, (60, 0, 0), square, table, Order::Quick)
        });
        show("greedy", corner, before - budget.left, &line);
        if line.is_some() {
            return (GREEDY[corner], line);
        }
    }
    for (corner, &square) in corners.iter().take(2).enumerate() {
        let share = budget.left / (2 - corner as u64);
        let before = budget.left;
        let line = budget.part(share, |b| {
            search_from(root, winner, b, (60, 1, 1), square, table, Order::Quick)
        });
        show("disc", corner, before - budget.left, &line);
        if line.is_some() {
            return (["disc0", "disc1"][corner], line);
        }
    }
    ("none", None)
}

#[test]
fn a_quick_look_sends_the_king_first_where_the_winner_s_king_stands() {
    // The black king is nearest to h1, the white king stands by a8:
    // among few men a8 comes first, then h8, then the black king's
    // order (h1 before a1).
    let pos = Position::from_fen("1K6/8/8/8/8/4b3/5B2/6Nk w - - 0 1").unwrap();
    let corners = target_corners(&pos, Color::White);
    assert_eq!(corners[0], Square::H1);
    assert_eq!(
        quick_corners(&pos, Color::White).as_slice(),
        [Square::A8, Square::H8, Square::H1, Square::A1]
    );
    // A queen mates without its king: the losing king's order stays.
    let queen = Position::from_fen("1K6/8/8/8/8/4b3/5Q2/6Nk w - - 0 1").unwrap();
    assert_eq!(
        quick_corners(&queen, Color::White),
        target_corners(&queen, Color::White)
    );
    // Among more than 12 men the losing king's order stays.
    let twelve = Position::from_fen("1K6/p6p/1p6/2p5/3P4/4b3/PP3B2/6Nk w - - 0 1").unwrap();
    assert_eq!(quick_corners(&twelve, Color::White)[0], Square::A8);
    let crowded = Position::from_fen("1K6/p6p/1p5p/2p5/3P4/4b3/PP3B2/6Nk w - - 0 1").unwrap();
    assert_eq!(
        quick_corners(&crowded, Color::White),
        target_corners(&crowded, Color::White)
    );
}

#[test]
fn a_quick_look_searches_with_a_discrepancy_only_with_enough_positions_left() {
    // Every first-choice line fails here; one discrepancy finds the mate.
    // A look of 160 positions has less than `WIDER` left after the first
    // choices and gives up; a look of 600 finds it.
    let pos = Position::from_fen("1k6/8/5n1N/6R1/7B/8/8/7K w - - 0 124").unwrap();
    let mut table = [0; 256];
    let mut short = super::super::Budget::new(160);
    assert!(quick(&pos, Color::White, &mut short, &mut table).is_none());
    assert!(short.left > 0 && short.left < WIDER, "{} left", short.left);
    let mut long = super::super::Budget::new(600);
    let line = quick(&pos, Color::White, &mut long, &mut table).expect("a line");
    assert!(super::super::mates(&pos, Color::White, &line));
    assert!(table.iter().all(|&e| e == 0));
}

#[test]
fn near_holds_the_lines_through_the_squares_around_each_king() {
    for king in (0..64).map(Square::from_index) {
        let (mut diagonals, mut straights) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for sq in crate::attacks::king(king) {
            diagonals |= crate::attacks::bishop_rays(sq);
            straights |= crate::attacks::rook_rays(sq);
        }
        assert_eq!(Bitboard(NEAR[king as usize].0), diagonals, "{king:?}");
        assert_eq!(Bitboard(NEAR[king as usize].1), straights, "{king:?}");
    }
}

/// The free squares around the losing king, each looked at with
/// `is_attacked`, as [`free_flights`] must find them.
#[test]
fn free_flights_are_the_squares_nobody_attacks() {
    let sets = [
        include_str!("../../../benches/slow_positions.txt"),
        include_str!("../../../benches/last_positions.txt"),
        include_str!("../../../benches/rich_positions.txt"),
        // Sliders on the ring, behind a man on a line through it, and far.
        "7k/5Q2/8/3B4/8/8/8/K5R1 w - - 0 1\n6rk/6P1/5B2/8/8/8/8/K7 b - - 0 1",
    ];
    let mut found = [0; 2];
    for fen in sets
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| !l.starts_with('#'))
    {
        let pos = Position::from_fen(fen).unwrap();
        for winner in [Color::White, Color::Black] {
            let king = pos.king(!winner);
            let occupied = pos.occupied().without(king);
            let free = (crate::attacks::king(king) & !pos.by_color(!winner))
                .into_iter()
                .filter(|&sq| !pos.is_attacked(sq, winner, occupied))
                .fold(Bitboard::EMPTY, Bitboard::with);
            let expected = (free.len() <= 2).then_some((free, leapers(&pos, winner)));
            assert_eq!(free_flights(&pos, winner), expected, "{fen} {winner:?}");
            found[usize::from(expected.is_some())] += 1;
        }
    }
    assert!(found[0] > 0 && found[1] > 0, "{found:?}");
}

#[test]
fn a_first_choice_that_stalemates_is_taken_back_for_the_next_best() {
    // Towards this corner the winner's best move would stalemate the
    // loser on the way; the line of first choices plays the next-best
    // there and mates.
    let pos = Position::from_fen("8/K7/8/8/8/8/3k2n1/1r1b1n2 w - - 0 141").unwrap();
    let (winner, corner) = (Color::Black, 3);
    let target = target_corners(&pos, winner)[corner];
    let mut table = [0; 256];
    let mut budget = super::super::Budget::new(60);
    let line = search(
        &pos,
        winner,
        &mut budget,
        (60, 0),
        corner,
        &mut table,
        Order::Quick,
    )
    .expect("a line");
    assert!(super::super::mates(&pos, winner, &line));
    assert!(table.iter().all(|&e| e == 0));
    // Somewhere on it the winner's move is not its best, which stalemates
    // (the last move is the mate in one, found apart from the best).
    let mut taken_back = 0;
    let mut p = pos.clone();
    for &m in &line[..line.len() - 1] {
        if p.turn() == winner {
            let mut best = ArrayVec::new();
            generate_scored::<false>(&p, winner, target, (Order::Quick, true), &mut best);
            let best = Move::from_bits(*best.iter().max().unwrap() as u16);
            if best != m {
                let mut stalemate = p.clone();
                stalemate.play_unchecked(best);
                assert!(
                    !stalemate.is_check() && !stalemate.has_legal_moves(),
                    "{p:?}"
                );
                taken_back += 1;
            }
        }
        p.play_unchecked(m);
    }
    assert!((1..=STALEMATE_RETRIES).contains(&taken_back));
}

/// Visits every position `depth` plies deep and checks, for the side to
/// move out of check, that [`quick_mate`] finds a mate in one exactly
/// when the losing king has at most two free squares and one of the
/// legal moves but castling and en passant mates, and that what it finds
/// is a legal move that mates. Counts the mates found.
fn walk_quick_mates(pos: &Position, depth: u32, found: &mut u32) {
    let us = pos.turn();
    if !pos.is_check() {
        let mates = |m: &Move| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            !child.has_legal_moves() && child.is_check()
        };
        let quick = quick_mate(pos, us);
        if let Some(m) = quick {
            assert!(pos.is_legal(m) && mates(&m), "{m:?} in {pos:?}");
            *found += 1;
        }
        let looked = free_flights(pos, us).is_some();
        let any = pos
            .legal_moves()
            .iter()
            .filter(|m| {
                !matches!(
                    m.kind(),
                    crate::MoveKind::Castle | crate::MoveKind::EnPassant
                )
            })
            .any(mates);
        assert_eq!(quick.is_some(), looked && any, "{pos:?}");
    }
    if depth == 0 {
        return;
    }
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        walk_quick_mates(&child, depth - 1, found);
    }
}

#[test]
fn the_quick_mate_look_finds_every_mate_in_one_but_castling_and_en_passant() {
    // Mates by every role, by promotion, by a double push, uncovered;
    // pinned men that would mate; positions with none.
    let mut found = 0;
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
        ),
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 3),
        ("7k/5Q2/8/8/8/8/8/6K1 w - - 0 1", 2),
        ("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", 2),
        ("7k/6pp/8/8/B7/8/8/4R1K1 w - - 0 1", 2),
        ("8/8/8/8/1p6/k1p5/8/1KR5 w - - 0 1", 2),
        ("8/8/8/8/8/1p6/k1pN4/2K5 w - - 0 1", 2),
        ("6rk/6pp/8/6N1/8/8/5PPP/6K1 w - - 0 1", 2),
        ("4r1k1/5ppp/8/8/8/8/4BPPP/4K1NR w - - 0 1", 2),
        // Only the promotion to a knight mates.
        ("6br/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", 1),
    ] {
        walk_quick_mates(&Position::from_fen(fen).unwrap(), depth, &mut found);
    }
    assert!(found > 50, "{found}");
}

#[test]
fn the_cheap_winner_s_choice_is_the_best_legal_capture() {
    let best = |fen: &str| {
        let pos = Position::from_fen(fen).unwrap();
        let m = score::best_capture(&pos, Color::White, Square::H8);
        assert!(m.is_none_or(|m| pos.is_legal(m)), "{fen}");
        m.map(|m| (m.from(), m.to()))
    };
    // A piece taken near the king before a pawn far from it.
    assert_eq!(
        best("4k3/3n4/8/8/p2Q4/8/8/4K3 w - - 0 1"),
        Some((Square::D4, Square::D7))
    );
    // A knight pinned to its king takes nothing; unpinned, it does.
    assert_eq!(best("4k3/8/8/8/1bp5/8/3N4/4K3 w - - 0 1"), None);
    assert_eq!(
        best("4k3/8/8/8/2p5/8/3N4/4K3 w - - 0 1"),
        Some((Square::D2, Square::C4))
    );
    // A pawn takes (not onto the last rank), and nothing without captures.
    assert_eq!(
        best("4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1"),
        Some((Square::E3, Square::D4))
    );
    assert_eq!(best("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1"), None);
}
