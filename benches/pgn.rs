//! PGN reading (every move validated, on one thread and on two), reading
//! tags with the movetext skipped, and writing, over the lichess-style and
//! mixed sample games of tests/data/pgn.
//!
//! `cargo bench -p chess-arbiter-benches --bench pgn`

use chess_arbiter::pgn::{PgnGame, Reader, Visitor, visit};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};

fn sample() -> Vec<u8> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pgn/");
    // The lichess sample is left out of the published package.
    ["syn_lichess.pgn", "syn_mixed.pgn"]
        .iter()
        .filter_map(|f| std::fs::read(format!("{dir}{f}")).ok())
        .flat_map(|mut bytes| {
            bytes.extend_from_slice(b"\n\n");
            bytes
        })
        .collect()
}

struct Count(u64);

/// Reads the tags of every game and skips its movetext.
struct Tags(u64);

impl Visitor for Tags {
    fn tag(&mut self, _: &str, _: &str) -> Result<(), chess_arbiter::pgn::PgnErrorKind> {
        self.0 += 1;
        Ok(())
    }
    fn skip_movetext(&mut self) -> bool {
        true
    }
}

impl Visitor for Count {
    fn san(&mut self, _: &str) -> Result<(), chess_arbiter::pgn::PgnErrorKind> {
        self.0 += 1;
        Ok(())
    }
}

fn bench(c: &mut Criterion) {
    let data = sample();
    let games: Vec<PgnGame> = Reader::new(&data[..]).flatten().collect();
    let mut group = c.benchmark_group("pgn");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("read and validate", |b| {
        b.iter(|| {
            Reader::new(black_box(&data[..]))
                .map(|g| g.map_or(0, |g| g.game().moves().len()))
                .sum::<usize>()
        })
    });
    group.bench_function("visit (tokens only)", |b| {
        b.iter(|| {
            let mut count = Count(0);
            visit(black_box(&data[..]), &mut count).expect("reading memory cannot fail");
            count.0
        })
    });
    group.bench_function("read and validate, 2 threads", |b| {
        b.iter(|| {
            Reader::with_threads(black_box(&data[..]), 2)
                .map(|g| g.map_or(0, |g| g.game().moves().len()))
                .sum::<usize>()
        })
    });
    group.bench_function("tags, movetext skipped", |b| {
        b.iter(|| {
            let mut tags = Tags(0);
            visit(black_box(&data[..]), &mut tags).expect("reading memory cannot fail");
            tags.0
        })
    });
    group.bench_function("write", |b| {
        b.iter(|| games.iter().map(|g| g.to_string().len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
