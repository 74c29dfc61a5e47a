//! Core speed: perft, legal move generation, FEN parse and format, play.
//!
//! `cargo bench -p chess-arbiter-benches --bench perft`

use chess_arbiter::Position;
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::new();
    group.throughput(Throughput::Elements(4_865_609));
    group.bench_function("startpos-d5", |b| b.iter(|| black_box(&start).perft(5)));
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    group.throughput(Throughput::Elements(4_085_603));
    group.bench_function("kiwipete-d4", |b| b.iter(|| black_box(&kiwipete).perft(4)));
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let positions: Vec<Position> = FENS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(black_box(pos).legal_moves());
            }
        })
    });
    group.finish();
}

fn fen(c: &mut Criterion) {
    let positions: Vec<Position> = FENS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let mut group = c.benchmark_group("fen");
    group.throughput(Throughput::Elements(FENS.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            for fen in FENS {
                black_box(Position::from_fen(black_box(fen)).unwrap());
            }
        })
    });
    group.bench_function("format", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(black_box(pos).fen());
            }
        })
    });
    group.finish();
}

fn play(c: &mut Criterion) {
    let pos = Position::from_fen(KIWIPETE).unwrap();
    let moves = pos.legal_moves();
    let mut group = c.benchmark_group("play");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            for &m in &moves {
                let mut child = black_box(&pos).clone();
                child.play_unchecked(m);
                black_box(child);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, perft, movegen, fen, play);
criterion_main!(benches);
