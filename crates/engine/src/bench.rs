//! `bench`: a fixed set of positions searched to a fixed depth with one thread. The total node
//! count is a signature of the search: it changes only when the search changes.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use cavalo_rules::{Position, Rules};

use crate::{Engine, Limits, Options};

/// Seeds of the bench positions (each taken after the placements and a few plies).
pub const BENCH_SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 42, 1000, 31337];
/// Default bench depth.
pub const BENCH_DEPTH: u32 = 15;

/// The bench positions: for each seed, the position after the placements, and after 10 more
/// plies of the first legal move (a middle game).
pub fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for seed in BENCH_SEEDS {
        let mut p = Position::from_seed(seed, Rules::default());
        for ply in 0..12 {
            if ply == 2 {
                out.push(p.clone());
            }
            let Some(&mv) = p.legal_moves().first() else { break };
            p.play(mv);
        }
        if !p.is_over() {
            out.push(p);
        }
    }
    out
}

/// The bench's outcome.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// Total nodes (the signature).
    pub nodes: u64,
    /// Total time.
    pub time: Duration,
}

/// One position searched for a fixed time.
#[derive(Clone, Debug)]
pub struct TimedResult {
    /// The seed of the board.
    pub seed: u64,
    /// The position searched.
    pub position: Position,
    /// The search's statistics.
    pub info: crate::SearchInfo,
}

/// Searches the position after the placements of each of `seeds` for `ms` milliseconds with
/// `threads` threads (fresh engine each): how deep the engine gets in a given time.
pub fn run_timed(seeds: &[u64], ms: u64, threads: usize) -> Vec<TimedResult> {
    let stop = AtomicBool::new(false);
    seeds
        .iter()
        .map(|&seed| {
            let mut p = Position::from_seed(seed, Rules::default());
            while !p.placements_done() {
                let Some(&mv) = p.legal_moves().first() else { break };
                p.play(mv);
            }
            let mut engine = Engine::new(Options { threads, ..Options::default() });
            let r = engine.search(&p, &Limits::movetime_ms(ms), &stop, &mut |_| {});
            TimedResult { seed, position: p, info: r.info }
        })
        .collect()
}

/// How soon a search proves a position's exact result (see [`time_to_proof`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofTime {
    /// From the search's start to the first report of a proven score; `None`: not proven within
    /// the limit.
    pub time: Option<Duration>,
    /// The proven final points difference (mover's view).
    pub diff: Option<i32>,
    /// Nodes of all threads up to the proof (or to the limit).
    pub nodes: u64,
}

/// Searches `pos` with a fresh engine of these options, with no
/// time limit (as `go infinite` does: the proof search starts when the search has spent
/// `ProofMinNodes` nodes), and reports when the first proven score came: the time the parallel
/// proof search takes to settle a position. Stopped at `limit` when not proven by then. The
/// tables are made before the clock starts.
pub fn time_to_proof(pos: &Position, options: Options, limit: Duration) -> ProofTime {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(options);
    let mut first = None;
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let r = std::thread::scope(|s| {
        let stop = &stop;
        s.spawn(move || {
            if finished.recv_timeout(limit).is_err() {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let r = engine.search(pos, &Limits::default(), stop, &mut |info| {
            if info.proven && first.is_none() {
                first = Some(info.clone());
            }
        });
        let _ = done.send(());
        r
    });
    match first.or(r.info.proven.then_some(r.info.clone())) {
        Some(i) => ProofTime { time: Some(i.time), diff: Some(i.score), nodes: i.nodes },
        None => ProofTime { time: None, diff: None, nodes: r.info.nodes },
    }
}

/// Runs the bench at `depth` with a fresh engine per position and one thread.
pub fn run(depth: u32) -> BenchResult {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut nodes = 0;
    for pos in positions() {
        let mut engine = Engine::new(Options { hash_mib: 16, threads: 1, ..Options::default() });
        let r = engine.search(&pos, &Limits::depth(depth), &stop, &mut |_| {});
        nodes += r.info.nodes;
    }
    BenchResult { nodes, time: start.elapsed() }
}
