//! `cavalo accuracy`: how often a player picks an optimal move on the accuracy suite (positions
//! with the exact value of every legal move), and how many points it loses; `--build` makes a
//! suite.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Options};
use cavalo_rules::Rules;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::analyse::{EngineArgs, LimitArgs};
use crate::label::{self, SelfPlay};
use crate::suite::{self, Entry, Header, Item};

/// The suite built into the program (`crates/cavalo/data/accuracy-ply14.jsonl`).
const BUILTIN: &str = include_str!("../data/accuracy-ply14.jsonl");

const HELP: &str = "\
The suite's positions are taken at one ply of self-play games on boards whose seeds are not used
for fitting the evaluation (the built-in suite: seeds 1001..1100, canonical and no-threat rules,
ply 14). Every legal move carries its exact value, proven by search to the end of the game. A
move is optimal when no other move's value is higher; its loss is the best value minus its value.

Examples:
  cavalo accuracy                                   (our engine, 100 ms per move)
  cavalo accuracy --nodes 200000 --json             (reproducible)
  cavalo accuracy --set mobility=150,region=300 --time-ms 100
  cavalo accuracy --engine classic:4
  cavalo accuracy --build suite.jsonl --seeds 1001..1100 --variants canonical,no-threat --jobs 2";

/// Options of `cavalo accuracy`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP)]
pub struct AccuracyArgs {
    /// The suite to measure on (default: the suite built into the program).
    #[arg(long, value_name = "FILE")]
    suite: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// Positions searched at once, each by its own engine (timed measurements are fairest with
    /// 1; --build: every core by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Make a suite instead of measuring, and write it to FILE.
    #[arg(long, value_name = "FILE")]
    build: Option<PathBuf>,
    /// --build: the boards' seeds, A..B.
    #[arg(long, default_value = "1001..1100", requires = "build")]
    seeds: String,
    /// --build: the rule variants, comma-separated (canonical, no-threat, no-zero-double).
    #[arg(long, default_value = "canonical,no-threat", value_delimiter = ',', requires = "build")]
    variants: Vec<String>,
    /// --build: the ply the positions are taken at (placements included).
    #[arg(long, default_value_t = 14, requires = "build")]
    ply: u16,
    /// --build: node budget per move of the self-play games.
    #[arg(long, default_value_t = 20_000, requires = "build")]
    selfplay_nodes: u64,
    /// --build: node budget of the exact solver for all the moves of a position together (a
    /// position not solved within it is dropped and counted).
    #[arg(long, default_value_t = 200_000_000, requires = "build")]
    budget: u64,
}

/// The outcome of a measure.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Accuracy {
    /// Positions measured.
    pub positions: usize,
    /// Positions where the move chosen was optimal.
    pub optimal: usize,
    /// Share of optimal moves, in percent.
    pub optimal_pct: f64,
    /// Mean points lost per move.
    pub mean_loss: f64,
    /// The largest loss.
    pub worst_loss: i32,
    /// Moves that were not in the suite's list (illegal or no move): counted as the worst move.
    pub bad_moves: usize,
}

/// Summarises the losses of a measure (`None`: the player gave no usable move; counted as the
/// worst move of that position).
pub fn summarise(losses: &[(Option<i32>, i32)]) -> Accuracy {
    let n = losses.len();
    let mut a = Accuracy { positions: n, ..Accuracy::default() };
    let mut total = 0i64;
    for &(loss, worst) in losses {
        let l = loss.unwrap_or(worst);
        a.bad_moves += usize::from(loss.is_none());
        a.optimal += usize::from(loss == Some(0));
        a.worst_loss = a.worst_loss.max(l);
        total += i64::from(l);
    }
    if n > 0 {
        a.optimal_pct = 100.0 * a.optimal as f64 / n as f64;
        a.mean_loss = total as f64 / n as f64;
    }
    a
}

/// A progress bar on standard error (drawn only on a terminal) counting `what`.
pub fn bar(len: usize, quiet: bool, what: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    let template = format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {what}  {{msg}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template").progress_chars("=> "));
    bar
}

/// Runs `cavalo accuracy`.
pub fn run(a: AccuracyArgs) -> Result<()> {
    if let Some(out) = &a.build {
        return build(&a, out);
    }
    let (header, items) = match &a.suite {
        Some(p) => {
            let f = File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            suite::read(BufReader::new(f)).with_context(|| format!("{}", p.display()))?
        }
        None => suite::read(BUILTIN.as_bytes()).context("the built-in suite")?,
    };
    if items.is_empty() {
        bail!("the suite holds no positions");
    }
    let limits = a.limits.limits(100)?;
    let options = a.engine.options();
    let kind = a.engine.engine;
    let bar = bar(items.len(), a.quiet || a.json, "positions");
    let mut losses = vec![(None, 0); items.len()];
    let start = Instant::now();
    label::run_jobs(
        &items,
        usize::from(a.jobs.unwrap_or(1)),
        || kind.build(&options),
        |player, it: &Item| {
            player.new_game();
            let stop = AtomicBool::new(false);
            let r = player.choose(&it.position, &limits, &stop, &mut |_| {});
            let worst = it.best - it.values.values().min().copied().unwrap_or(it.best);
            (r.best_move.and_then(|m| it.loss(m)), worst)
        },
        |i, r| {
            losses[i] = r;
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let acc = summarise(&losses);
    let mut out = std::io::stdout().lock();
    if a.json {
        let v = serde_json::json!({
            "suite": a.suite.as_ref().map_or("built-in".to_string(), |p| p.display().to_string()),
            "ply": header.ply,
            "player": kind.to_string(),
            "options": options.to_string(),
            "limits": {
                "time_ms": limits.movetime.map(|d| d.as_millis() as u64),
                "depth": limits.depth,
                "nodes": limits.nodes,
            },
            "accuracy": acc,
            "seconds": start.elapsed().as_secs_f64(),
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(
            out,
            "{} positions (ply {}): optimal {:.1}%  mean loss {:.2} points  worst {}{}",
            acc.positions,
            header.ply,
            acc.optimal_pct,
            acc.mean_loss,
            acc.worst_loss,
            if acc.bad_moves > 0 {
                format!("  ({} moves not in the suite)", acc.bad_moves)
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}

/// What building one position gave.
enum Built {
    Kept(Entry),
    Unproven,
    Ended,
}

fn build(a: &AccuracyArgs, out: &PathBuf) -> Result<()> {
    let (first, count) = crate::matchcmd::parse_seed_range(&a.seeds)?;
    let variants: Vec<Rules> = a
        .variants
        .iter()
        .map(|v| suite::parse_variant(v))
        .collect::<Result<_, String>>()
        .map_err(anyhow::Error::msg)?;
    if a.ply < 3 {
        bail!("--ply must be at least 3 (after the placements)");
    }
    let work: Vec<(u64, Rules)> =
        variants.iter().flat_map(|&r| (first..first + count).map(move |s| (s, r))).collect();
    let how = SelfPlay { nodes: a.selfplay_nodes, random_moves: 0 };
    let (ply, budget) = (a.ply, a.budget);
    let bar = bar(work.len(), a.quiet, "positions");
    let mut results: Vec<Option<Built>> = (0..work.len()).map(|_| None).collect();
    let (mut unproven, mut ended) = (0, 0);
    label::run_jobs(
        &work,
        usize::from(a.jobs.map_or(label::cores() as u16, |j| j)),
        || (Engine::new(Options { hash_mib: 16, ..Options::default() }), Solver::new(256, budget)),
        |(engine, prover), &(seed, rules)| {
            let Some(pos) = label::play_to(seed, rules, ply, how, engine) else { return Built::Ended };
            prover.clear();
            match prover.move_values(&pos) {
                Some(values) => Built::Kept(Entry {
                    seed,
                    rules,
                    position: pos.to_string(),
                    moves: values.into_iter().map(|(m, v)| (m.to_string(), v)).collect(),
                }),
                None => Built::Unproven,
            }
        },
        |i, r| {
            match r {
                Built::Unproven => unproven += 1,
                Built::Ended => ended += 1,
                Built::Kept(_) => {}
            }
            results[i] = Some(r);
            bar.inc(1);
            bar.set_message(format!("{unproven} unproven"));
        },
    );
    bar.finish_and_clear();
    let entries: Vec<Entry> = results
        .into_iter()
        .filter_map(|r| if let Some(Built::Kept(e)) = r { Some(e) } else { None })
        .collect();
    let header = Header {
        format: suite::FORMAT.into(),
        version: suite::VERSION,
        ply,
        seeds: format!("{first}..{}", first + count - 1),
        variants: variants.iter().map(Rules::to_string).collect(),
        selfplay_nodes: a.selfplay_nodes,
        budget,
        positions: entries.len(),
        unproven,
        ended,
    };
    let f = File::create(out).with_context(|| format!("cannot write {}", out.display()))?;
    suite::write(BufWriter::new(f), &header, &entries)?;
    eprintln!(
        "{} positions written to {} ({unproven} dropped: a move not proven within {budget} nodes; {ended} games ended before ply {ply})",
        entries.len(),
        out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts_optimal_moves_and_losses() {
        let a = summarise(&[(Some(0), 10), (Some(4), 10), (None, 30), (Some(0), 0)]);
        assert_eq!((a.positions, a.optimal, a.worst_loss, a.bad_moves), (4, 2, 30, 1));
        assert_eq!(a.optimal_pct, 50.0);
        assert_eq!(a.mean_loss, 34.0 / 4.0);
        assert_eq!(summarise(&[]), Accuracy::default());
    }

    #[test]
    fn the_builtin_suite_reads() {
        let (h, items) = suite::read(BUILTIN.as_bytes()).unwrap();
        assert_eq!(h.positions, items.len());
        assert!(!items.is_empty());
        assert!(items.iter().all(|it| it.position.placements_done() && !it.position.is_over()));
    }
}
