//! Perft throughput from the positions after the placements.

use cavalo_rules::{Position, Rules, perft, perft_bulk};
use criterion::{Criterion, criterion_group, criterion_main};

fn after_placements(seed: u64) -> Position {
    let mut p = Position::from_seed(seed, Rules::default());
    for _ in 0..2 {
        let mv = p.legal_moves()[0];
        p.play(mv);
    }
    p
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    for seed in [1u64, 2, 3] {
        let mut p = after_placements(seed);
        g.bench_function(format!("seed{seed}_depth5"), |b| b.iter(|| perft(&mut p, 5)));
        g.bench_function(format!("seed{seed}_depth5_bulk"), |b| b.iter(|| perft_bulk(&mut p, 5)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
