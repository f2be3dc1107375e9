//! `cavalo tune`: SPSA over chosen search parameters (the method is in `cavalo_match::tune`),
//! one game pair per iteration, the state saved after every iteration so that a run can be
//! resumed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use cavalo_engine::{Options, PlayerKind};
use cavalo_match::tune::{Spsa, TunedParam, pair_margin};
use cavalo_match::{GameSetup, PlayerSpec};
use cavalo_rules::Rules;
use clap::Args;

use crate::limits::LimitArgs;

const TUNE_HELP: &str = "\
Each iteration plays one board twice (colours swapped): our engine with every tuned value moved by
+c_k (each with a random sign) against the same engine moved by -c_k; the values then move in the
direction of the winner by a_k * margin / (margin-scale * c_k). c_k falls to C_END and the step to
R_END * C_END per unit of signal at the last iteration (schedules as OpenBench: alpha 0.602, gamma
0.101, A = iterations / 10). The state (values, progress, every iteration played) is written to
--state after every iteration; --resume continues it.

Confirm a result before keeping it:
  cavalo match --engine1 'cavalo:<tuned spec>' --engine2 cavalo --nodes 20000 --games 200

Example:
  cavalo tune --param MobilityWeight --param TempoWeight:50 --iterations 40 --nodes 20000 \\
      --state tune.json";

/// Options of `cavalo tune`.
#[derive(Args, Debug)]
#[command(after_long_help = TUNE_HELP)]
pub struct TuneArgs {
    /// A parameter to tune, as NAME[:C_END[:R_END]] (repeatable): C_END is the last
    /// perturbation (default: a twentieth of its range, at most a fifth of its default, at least
    /// 1), R_END the last learning rate (default 0.002). Names as `ugi` lists them.
    #[arg(long = "param", value_name = "NAME[:C_END[:R_END]]", required = true, value_parser = parse_param)]
    pub params: Vec<TunedParam>,
    /// Iterations (game pairs) of the whole run.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: u64,
    /// The seed of the random signs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The board of the first iteration; iteration k plays board first-board + k.
    #[arg(long, default_value_t = 100_000)]
    pub first_board: u64,
    /// The points margin of a pair that counts as a signal of 1.
    #[arg(long, default_value_t = 100.0, value_parser = parse_scale)]
    pub margin_scale: f64,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Options of both engines besides the tuned values, as a `cavalo:` spec's items
    /// (e.g. hash=16,quiescence=on).
    #[arg(long, value_name = "KEY=VALUE,...", default_value = "hash=16", value_parser = parse_base)]
    pub base: Options,
    /// The state file, written after every iteration.
    #[arg(long, default_value = "tune-state.json")]
    pub state: PathBuf,
    /// Continue the run saved in --state.
    #[arg(long)]
    pub resume: bool,
    /// Stop (with the state saved) after this many iterations of this run.
    #[arg(long, value_name = "K")]
    pub stop_after: Option<u64>,
}

fn parse_param(s: &str) -> Result<TunedParam, String> {
    s.parse().map_err(|e: cavalo_match::tune::TuneError| e.to_string())
}

fn parse_scale(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
        _ => Err(format!("`{s}` is not a positive number")),
    }
}

fn parse_base(s: &str) -> Result<Options, String> {
    s.parse::<Options>().map_err(|e| e.to_string())
}

fn values(s: &Spsa) -> String {
    s.params.iter().map(|p| format!("{}={:.1}", p.name, p.theta)).collect::<Vec<_>>().join(" ")
}

pub fn run(a: TuneArgs, rules: Rules) -> Result<()> {
    let limits = a.limits.limits()?;
    let fresh = Spsa::new(a.params.clone(), a.iterations, a.seed, a.first_board, a.margin_scale)?;
    let mut spsa = if a.resume && a.state.exists() {
        let text = cavalo_session::files::read_text(&a.state)
            .with_context(|| format!("cannot read {}", a.state.display()))?;
        let saved = Spsa::from_json(&text).map_err(|e| anyhow::anyhow!("{}: {e}", a.state.display()))?;
        saved.check_resume(&fresh).map_err(|e| anyhow::anyhow!("{}: {e}", a.state.display()))?;
        println!(
            "resuming {} at iteration {} of {}: {}",
            a.state.display(),
            saved.done,
            saved.iterations,
            values(&saved)
        );
        saved
    } else {
        if !a.resume && std::fs::metadata(&a.state).is_ok_and(|m| m.len() > 0) {
            bail!("{} already holds a run: add --resume to continue it, or remove it", a.state.display());
        }
        fresh
    };
    let base = a.base.clone();
    let setup_of = |plus: &cavalo_engine::SearchConfig, minus: &cavalo_engine::SearchConfig| GameSetup {
        engine1: PlayerSpec::Builtin {
            kind: PlayerKind::Cavalo,
            options: Options { search: *plus, ..base.clone() },
        },
        engine2: PlayerSpec::Builtin {
            kind: PlayerKind::Cavalo,
            options: Options { search: *minus, ..base.clone() },
        },
        rules,
        limits: limits.clone(),
        limits2: None,
    };
    println!("tuning {} over {} iterations, {}", values(&spsa), spsa.iterations, limits.describe());
    let mut this_run = 0;
    while !spsa.finished() && a.stop_after.is_none_or(|k| this_run < k) {
        let n = spsa.iterations;
        let step = spsa
            .step(&base.search, &mut |plus, minus, board| pair_margin(&setup_of(plus, minus), board))
            .map_err(anyhow::Error::msg)?;
        let show = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(",");
        println!(
            "iteration {}/{n} board {}: + ({}) vs - ({}) margin {:+}",
            step.k + 1,
            step.board,
            show(&step.plus),
            show(&step.minus),
            step.margin
        );
        println!("  {}", values(&spsa));
        cavalo_session::write_atomically(&a.state, &(spsa.to_json() + "\n"))
            .with_context(|| format!("cannot write {}", a.state.display()))?;
        this_run += 1;
    }
    if !spsa.finished() {
        println!(
            "stopped after {this_run} iterations ({} of {} done); continue with --resume",
            spsa.done, spsa.iterations
        );
    }
    println!("tuned: {}", spsa.spec());
    Ok(())
}
