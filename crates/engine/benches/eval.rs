//! The evaluation's cost per position: today's weights against the hand-set weights of before
//! the fit (mobility, tempo, region and stuck only), on positions of varied games.

use cavalo_engine::SearchConfig;
use cavalo_engine::eval::Evaluator;
use cavalo_rules::{Position, Rules};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Positions from ply 4 to ply 40 of games whose moves follow a simple rule per seed.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 1..=8u64 {
        let mut p = Position::from_seed(seed, Rules::default());
        while p.ply() < 40 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[(seed as usize * 7 + p.ply() as usize) % moves.len()]);
            if p.ply() >= 4 {
                out.push(p.clone());
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let before = SearchConfig {
        mobility: 200,
        tempo_best: 500,
        region: 150,
        stuck: 1500,
        mobility2: 0,
        ..SearchConfig::default()
    };
    let mut g = c.benchmark_group("eval");
    for (name, weights) in [("default", SearchConfig::default()), ("hand_set", before)] {
        let evaluators: Vec<Evaluator> = positions.iter().map(|p| Evaluator::new(p, weights)).collect();
        g.bench_function(format!("{name}_{}_positions", positions.len()), |b| {
            b.iter(|| positions.iter().zip(&evaluators).map(|(p, e)| e.evaluate(black_box(p))).sum::<i32>())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
