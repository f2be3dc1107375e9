//! The nodes and the time a fresh engine (one thread unless told) needs to its first proven score,
//! per position of a suite, as `cavalo bench --proofs` measures the time; the nodes of one thread
//! do not depend on the machine, so a change of the proof search's tree shows without noise.
//!
//! `cargo run --profile test-release -p cavalo-engine --example proof_nodes -- SUITE [LIMIT_S] [THREADS] [KEY=VALUE,...]`

use std::time::Duration;

use cavalo_engine::{Options, bench};
use cavalo_rules::Position;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(suite) = args.first() else {
        eprintln!("usage: proof_nodes SUITE [LIMIT_S] [THREADS]");
        std::process::exit(2);
    };
    let limit = Duration::from_secs_f64(args.get(1).map_or(20.0, |s| s.parse().expect("seconds")));
    let threads: usize = args.get(2).map_or(1, |s| s.parse().expect("threads"));
    let text = std::fs::read_to_string(suite).expect("suite");
    let (mut secs, mut nodes, mut n) = (0.0, 0u64, 0);
    for line in text.lines().filter(|l| l.contains("\"position\"")) {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let pos: Position = v["position"].as_str().expect("position").parse().expect("position string");
        let best = v["moves"].as_array().expect("moves").iter().map(|m| m[1].as_i64().unwrap()).max();
        let mut o = Options { threads, ..Options::default() };
        for set in args.get(3).map_or("", |s| s.as_str()).split(',').filter(|s| !s.is_empty()) {
            o.apply(set).expect("KEY=VALUE");
        }
        let r = bench::time_to_proof(&pos, o, limit);
        if let (Some(d), Some(b)) = (r.diff, best) {
            assert_eq!(i64::from(d), b, "{pos}");
        }
        let t = r.time.unwrap_or(limit).as_secs_f64();
        println!(
            "{:>5} {:>10} {:>7.0}{}",
            v["seed"],
            r.nodes,
            t * 1000.0,
            if r.time.is_some() { "" } else { " >" }
        );
        (secs, nodes, n) = (secs + t, nodes + r.nodes, n + 1);
    }
    println!("mean {:.0} ms, {} nodes in all, {n} positions", secs * 1000.0 / n as f64, nodes);
}
