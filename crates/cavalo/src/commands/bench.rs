//! `cavalo bench`: search a fixed set of positions to a fixed depth (the search's signature:
//! its node count), for a fixed time (the depth reached), or until proven (`--proofs`: how the
//! proof search scales with threads).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, bail};
use cavalo_engine::bench;
use clap::Args;

#[derive(Args, Debug)]
#[command(after_help = "\
--proofs FILE: for each position of FILE (an accuracy suite, e.g. crates/cavalo/data/proofs-ply14.jsonl,
24 positions at ply 14) and each thread count of --threads, a fresh engine searches until its
first proven score; the table gives the milliseconds to that proof and, per thread count, the mean
and the speed-up against the first count (the ratio of the means). A proven value that differs
from the suite's exact value is an error. Example:
  cavalo bench --proofs crates/cavalo/data/proofs-ply14.jsonl --threads 1,2,4,8")]
pub struct BenchArgs {
    /// Search depth.
    #[arg(long, default_value_t = bench::BENCH_DEPTH, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Instead of the fixed-depth signature: search the position after the placements of each
    /// bench seed for this many milliseconds and print the depth reached.
    #[arg(long, conflicts_with = "proofs")]
    time_ms: Option<u64>,
    /// Instead of the fixed-depth signature: the time to the first proven score of each position
    /// of this suite file, per thread count (see below).
    #[arg(long, value_name = "FILE")]
    proofs: Option<PathBuf>,
    /// Thread counts for --time-ms and --proofs, separated by commas.
    #[arg(long, default_value = "1", value_delimiter = ',', value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Vec<u16>,
    /// With --proofs: the most milliseconds a search may take (a position not proven by then
    /// counts with this time, marked `>`).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    limit_ms: u64,
    /// With --proofs: each search's table size in MiB (and as much again for the proof table).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// With --proofs: searches per position and thread count; the median time counts.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=99))]
    repeat: u32,
    /// With --proofs: any other engine option as KEY=VALUE (repeatable), as `cavalo go --set`.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = crate::args::parse_settings)]
    set: Vec<String>,
}

pub fn bench(a: BenchArgs) -> Result<()> {
    if let Some(path) = &a.proofs {
        return proofs(&a, path);
    }
    if let Some(ms) = a.time_ms {
        if ms == 0 {
            bail!("--time-ms must be at least 1");
        }
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "{:>7} {:>6} {:>5} {:>8} {:>11} {:>10} {:>6}",
            "threads", "seed", "depth", "seldepth", "nodes", "nps", "ms"
        )?;
        for &threads in &a.threads {
            for r in bench::run_timed(&bench::BENCH_SEEDS, ms, threads as usize) {
                let i = &r.info;
                writeln!(
                    out,
                    "{:>7} {:>6} {:>5} {:>8} {:>11} {:>10} {:>6}",
                    threads,
                    r.seed,
                    i.depth,
                    i.seldepth,
                    i.nodes,
                    i.nps,
                    i.time_ms()
                )?;
            }
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

/// `--proofs`: the time to the first proven score per position and thread count.
fn proofs(a: &BenchArgs, path: &std::path::Path) -> Result<()> {
    let items = cavalo_lab::suite::read_file(path, false)?.items()?;
    if items.is_empty() {
        bail!("{}: no positions", path.display());
    }
    let limit = Duration::from_millis(a.limit_ms);
    let options = |threads: u16| {
        let mut o = cavalo_engine::Options::default();
        for s in &a.set {
            o.apply(s).expect("checked by the value parser");
        }
        cavalo_engine::Options { threads: threads as usize, hash_mib: a.hash as usize, ..o }
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} positions of {}, at most {} ms each, {} MiB tables, {} available cores",
        items.len(),
        path.display(),
        a.limit_ms,
        a.hash,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    )?;
    write!(out, "{:>6}", "seed")?;
    for t in &a.threads {
        write!(out, " {:>10}", format!("{t} thr ms"))?;
    }
    writeln!(out)?;
    let mut totals = vec![0.0f64; a.threads.len()];
    let mut wrong = Vec::new();
    for it in &items {
        write!(out, "{:>6}", it.seed)?;
        out.flush()?;
        for (k, &threads) in a.threads.iter().enumerate() {
            let mut times = Vec::new();
            let mut all_proven = true;
            for _ in 0..a.repeat {
                let r = bench::time_to_proof(&it.position, options(threads), limit);
                if let Some(d) = r.diff.filter(|&d| d != it.best) {
                    wrong.push(format!(
                        "seed {} at {threads} threads: proven {d:+}, exact {:+}",
                        it.seed, it.best
                    ));
                }
                all_proven &= r.time.is_some();
                times.push(r.time.unwrap_or(limit).as_secs_f64() * 1000.0);
            }
            times.sort_by(f64::total_cmp);
            let ms = times[times.len() / 2];
            totals[k] += ms;
            let mark = if all_proven { "" } else { ">" };
            write!(out, " {:>10}", format!("{mark}{ms:.0}"))?;
            out.flush()?;
        }
        writeln!(out)?;
    }
    let n = items.len() as f64;
    write!(out, "{:>6}", "mean")?;
    for t in &totals {
        write!(out, " {:>10}", format!("{:.0}", t / n))?;
    }
    writeln!(out)?;
    write!(out, "{:>6}", "ratio")?;
    for t in &totals {
        write!(out, " {:>10}", format!("{:.2}x", totals[0] / t.max(1e-9)))?;
    }
    writeln!(out)?;
    if !wrong.is_empty() {
        bail!("proven values differ from the suite's: {}", wrong.join("; "));
    }
    Ok(())
}
