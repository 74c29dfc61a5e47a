//! SAN writing and reading over every legal move of a few positions.
//!
//! `cargo bench -p chess-arbiter-benches --bench san`

use chess_arbiter::{Move, Position};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];

fn cases() -> Vec<(&'static str, Position, Vec<Move>, Vec<String>)> {
    POSITIONS
        .iter()
        .map(|&(name, fen)| {
            let pos = Position::from_fen(fen).expect("benchmark FEN is valid");
            let moves: Vec<Move> = pos.legal_moves().to_vec();
            let sans = moves.iter().map(|&m| pos.san(m).to_string()).collect();
            (name, pos, moves, sans)
        })
        .collect()
}

fn san_format(c: &mut Criterion) {
    let mut group = c.benchmark_group("san_format");
    for (name, pos, moves, _) in cases() {
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &m in &moves {
                    black_box(black_box(&pos).san(black_box(m)));
                }
            })
        });
    }
    group.finish();
}

fn san_parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("san_parse");
    for (name, pos, _, sans) in cases() {
        group.throughput(Throughput::Elements(sans.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for san in &sans {
                    let _ = black_box(black_box(&pos).parse_san(black_box(san)));
                }
            })
        });
        group.bench_function(format!("{name}_strict"), |b| {
            b.iter(|| {
                for san in &sans {
                    let _ = black_box(black_box(&pos).parse_san_strict(black_box(san)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, san_format, san_parse);
criterion_main!(benches);
