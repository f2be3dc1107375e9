//! `go` (search a position and show the thinking) and `bench` (the search's signature).

use std::io::Write;
use std::sync::atomic::AtomicBool;

use anyhow::{Result, bail};
use cavalo_engine::{Options, PlayerKind, bench};
use cavalo_rules::Rules;
use clap::Args;

use crate::input::{LispArgs, read_position};
use crate::limits::SearchLimitArgs;
use crate::report::{info_line, stats_line};

/// Engine choice and options, shared by every command that runs an engine. The values are
/// checked by the engine's own option table ([`Options`]).
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// The player: cavalo (our engine), classic[:DEPTH], greedy or random[:SEED].
    #[arg(long, default_value = "cavalo", value_parser = parse_kind)]
    pub engine: PlayerKind,
    /// Search threads (our engine only; 1 to 256) [default: 1].
    #[arg(long, value_name = "N", value_parser = option_value("Threads"))]
    pub threads: Option<String>,
    /// Transposition table size in MiB (our engine only; 1 to 8192) [default: 64].
    #[arg(long = "hash", value_name = "MIB", value_parser = option_value("Hash"))]
    pub hash_mib: Option<String>,
    /// Turn the quiescence search on (our engine only; off by default, it did not win games).
    #[arg(long)]
    pub quiescence: bool,
    /// Any engine option as KEY=VALUE (repeatable, or KEY=VALUE,KEY=VALUE): hash, threads,
    /// quiescence and every search parameter (`cavalo engine` lists them in its `ugi` answer).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_settings)]
    pub set: Vec<String>,
}

fn parse_kind(s: &str) -> Result<PlayerKind, String> {
    s.parse()
}

/// A value parser checking the text against the engine option `name`.
fn option_value(name: &'static str) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync {
    move |s| {
        let d = Options::descriptor(name).expect("a known option");
        d.parse(s).map(|_| s.trim().to_string()).map_err(|e| e.to_string())
    }
}

fn parse_settings(s: &str) -> Result<String, String> {
    s.parse::<Options>().map(|_| s.to_string()).map_err(|e| e.to_string())
}

impl EngineArgs {
    /// The engine options these flags select.
    pub fn options(&self) -> Options {
        let mut o = Options::default();
        let checked = "checked by the value parser";
        if let Some(t) = &self.threads {
            o.set("Threads", t).expect(checked);
        }
        if let Some(h) = &self.hash_mib {
            o.set("Hash", h).expect(checked);
        }
        o.quiescence |= self.quiescence;
        for s in &self.set {
            o.apply(s).expect(checked);
        }
        o
    }
}

#[derive(Args, Debug)]
pub struct GoArgs {
    /// The position: a position string, a Lisp board, or seed:N.
    position: String,
    #[command(flatten)]
    limits: SearchLimitArgs<1000>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    lisp: LispArgs,
}

pub fn go(a: GoArgs, rules: Rules) -> Result<()> {
    let pos = read_position(&a.position, &a.lisp, rules)?;
    let limits = a.limits.limits()?;
    let mut player = a.engine.engine.build(&a.engine.options());
    let stop = AtomicBool::new(false);
    let mut out = std::io::stdout().lock();
    // A closed pipe during the search is reported by the final writes below.
    let r = player.choose(&pos, &limits, &stop, &mut |i| {
        let _ = writeln!(out, "{}", info_line(i));
    });
    match r.best_move {
        Some(m) => {
            writeln!(out, "{}", stats_line(&r.info))?;
            writeln!(out, "bestmove {m}")?;
        }
        None => writeln!(out, "bestmove none")?,
    }
    Ok(())
}

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
