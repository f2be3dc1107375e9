//! `cavalo bench`: search a fixed set of positions to a fixed depth (the search's signature:
//! its node count) or for a fixed time (the depth reached).

use std::io::Write;

use anyhow::{Result, bail};
use cavalo_engine::bench;
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = bench::BENCH_DEPTH, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Instead of the fixed-depth signature: search the position after the placements of each
    /// bench seed for this many milliseconds and print the depth reached.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Threads for --time-ms.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

pub fn bench(a: BenchArgs) -> Result<()> {
    if let Some(ms) = a.time_ms {
        if ms == 0 {
            bail!("--time-ms must be at least 1");
        }
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "{:>6} {:>5} {:>8} {:>11} {:>10} {:>6}",
            "seed", "depth", "seldepth", "nodes", "nps", "ms"
        )?;
        for r in bench::run_timed(&bench::BENCH_SEEDS, ms, a.threads as usize) {
            let i = &r.info;
            writeln!(
                out,
                "{:>6} {:>5} {:>8} {:>11} {:>10} {:>6}",
                r.seed,
                i.depth,
                i.seldepth,
                i.nodes,
                i.nps,
                i.time_ms()
            )?;
        }
        return Ok(());
    }
    let r = bench::run(a.depth);
    let secs = r.time.as_secs_f64();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} nodes {:.0} nps", r.nodes, r.nodes as f64 / secs.max(1e-9))?;
    writeln!(out, "positions {} depth {} time {:.3} s", bench::positions().len(), a.depth, secs)?;
    Ok(())
}
