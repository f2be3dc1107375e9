//! How the proof search scales with threads sharing its table: proves positions of an accuracy
//! suite with `T` solvers at once (one per thread, one table) and prints the seconds each took,
//! then the total time and the nodes all threads visited.
//!
//! `cargo run --release -p cavalo-engine --example proof_threads -- SUITE T DEFER_CELLS LIMIT_S [N]`
//!
//! SUITE: an accuracy suite (JSON lines with `position` and `moves`; the best exact value minus
//! 20 points is the first probe); DEFER_CELLS as `ProofDeferCells` (`none`: no deferral);
//! LIMIT_S: seconds before a position counts as unproven; N: the first N positions.

use std::sync::Arc;
use std::time::Instant;

use cavalo_engine::solver::{ProofTable, Solver};
use cavalo_rules::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [suite, threads, defer, limit, rest @ ..] = args.as_slice() else {
        eprintln!("usage: proof_threads SUITE THREADS DEFER_CELLS|none LIMIT_S [N]");
        std::process::exit(2);
    };
    let threads: usize = threads.parse().expect("threads");
    let limit: f64 = limit.parse().expect("seconds");
    let count: usize = rest.first().map_or(usize::MAX, |n| n.parse().expect("N"));
    let text = std::fs::read_to_string(suite).expect("suite");
    let mut total = 0.0;
    let mut proven = 0;
    let mut nodes = 0;
    for line in text.lines().filter(|l| l.contains("\"position\"")).take(count) {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let pos: Position = v["position"].as_str().expect("position").parse().expect("position string");
        let best =
            v["moves"].as_array().expect("moves").iter().map(|m| m[1].as_i64().unwrap()).max().unwrap();
        let table = Arc::new(ProofTable::try_new(64).expect("table"));
        let start = Instant::now();
        let results: Vec<(Option<i32>, u64)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let (table, pos) = (Arc::clone(&table), pos.clone());
                    scope.spawn(move || {
                        let mut s = Solver::sharing(table, u64::MAX);
                        if let Ok(d) = defer.parse::<usize>() {
                            s.set_deferral(pos.holding().len().saturating_sub(d));
                        }
                        let mut stop = |_| start.elapsed().as_secs_f64() > limit;
                        let diff = s.prove(&pos, best as i32 - 20, u64::MAX, &mut stop).map(|p| p.diff);
                        (diff, s.nodes())
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let secs = start.elapsed().as_secs_f64().min(limit);
        let value = results.iter().find_map(|r| r.0);
        nodes += results.iter().map(|r| r.1).sum::<u64>();
        if let Some(d) = value {
            assert_eq!(d as i64, best, "{pos}");
            proven += 1;
        }
        total += secs;
        print!("{secs:.2}{} ", if value.is_some() { "" } else { "*" });
    }
    println!("\ntotal {total:.1} s, {proven} proven, {nodes} nodes");
}
