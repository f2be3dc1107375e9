//! `cavalo fit`: least squares of the evaluation's weights to labelled positions (`cavalo
//! datagen` files, or suites of `cavalo accuracy --build`), with held-out validation
//! (`cavalo_lab::fit`); prints the errors and the `cavalo:` spec of the result.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Result, bail};
use cavalo_engine::{Options, SearchConfig};
use cavalo_lab::fit::{Selection, WEIGHTS, chosen, fit, rmse, rows, weights_of};
use clap::Args;

const HELP: &str = "\
The evaluation is linear in its weights (see the technical manual): points difference plus
MobilityWeight, TempoWeight, StuckPenalty, RegionWeight, Reach1Weight, Reach2Weight,
Mobility2Weight, ParityWeight and DistanceWeight times their terms. The fit sets the weights
named by --weights (the others keep their value in --base) to minimise the squared difference
between the evaluation and the label (the final points difference) over the training games; one
game in --holdout is kept apart (by seed) to measure the error of the result on positions it was
not fitted to. A file may also be a suite made by `cavalo accuracy --build`: each of its
positions counts, and so does the position after each of its moves, labelled with their exact
values. Keep a fitted configuration only when the validation error drops, `cavalo accuracy --set
SPEC` improves and a match does not lose:
  cavalo match --engine1 cavalo:SPEC --engine2 cavalo --seeds 2001..2100 --nodes 20000

Examples:
  cavalo fit train.jsonl
  cavalo fit train.jsonl --weights MobilityWeight,TempoWeight,StuckPenalty,RegionWeight,Mobility2Weight
  cavalo fit train.jsonl --inexact --min-ply 14 --max-ply 40 --json fitted.json
  cavalo fit p16.jsonl p18.jsonl --weights TempoWeight,RegionWeight,Mobility2Weight,DistanceWeight
                           (suites of `cavalo accuracy --build FILE --ply P --seeds 1..150`)";

/// Options of `cavalo fit`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP)]
pub struct FitArgs {
    /// Training data files written by `cavalo datagen`, or suites built by `cavalo accuracy
    /// --build` (every position and every child labelled exactly).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Also fit to positions labelled by search (not proven).
    #[arg(long)]
    inexact: bool,
    /// Only positions at this ply or later.
    #[arg(long, default_value_t = 0)]
    min_ply: u16,
    /// Only positions at this ply or earlier.
    #[arg(long, default_value_t = u16::MAX)]
    max_ply: u16,
    /// One game in this many (by seed) is held out for validation.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(2..))]
    holdout: u64,
    /// Ridge penalty (per position) keeping weights near today's defaults.
    #[arg(long, default_value_t = 1e-3)]
    ridge: f64,
    /// The weights to fit (the others keep their default), comma-separated.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "MobilityWeight,TempoWeight,StuckPenalty,RegionWeight,Mobility2Weight"
    )]
    weights: Vec<String>,
    /// Parameters of the base configuration (the weights not fitted, RegionMaxCells), as in a
    /// `cavalo:` spec: KEY=VALUE, comma-separated.
    #[arg(long, value_name = "SPEC", default_value = "")]
    base: String,
    /// Write the fitted configuration (every search parameter) as JSON to this file.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

/// Runs `cavalo fit`.
pub fn run(a: FitArgs) -> Result<()> {
    let fitted_cols = chosen(&a.weights)?;
    let base = a.base.parse::<Options>().map_err(|e| anyhow::anyhow!("--base: {e}"))?.search;
    let defaults = SearchConfig::default();
    let selection =
        Selection { inexact: a.inexact, min_ply: a.min_ply, max_ply: a.max_ply, holdout: a.holdout };
    let (train, valid) = rows(&a.data, &base, selection)?;
    if train.is_empty() {
        bail!("no positions to fit (see --inexact, --min-ply, --max-ply)");
    }
    let Some(fitted) = fit(&train, &base, &fitted_cols, a.ridge) else {
        bail!("the fit is singular: too few positions")
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "positions: {} training, {} validation", train.len(), valid.len())?;
    writeln!(out, "{:<10} {:>14} {:>16}", "", "train RMSE", "validation RMSE")?;
    for (name, c) in [("defaults", &defaults), ("base", &base), ("fitted", &fitted)] {
        writeln!(out, "{name:<10} {:>14.2} {:>16.2}", rmse(&train, c), rmse(&valid, c))?;
    }
    for (name, (old, new)) in WEIGHTS.iter().zip(weights_of(&defaults).iter().zip(weights_of(&fitted))) {
        writeln!(out, "  {name:<16} {old:>8} -> {new}")?;
    }
    let spec = Options { search: fitted, ..Options::default() }.to_string();
    writeln!(out, "spec: cavalo:{spec}")?;
    if let Some(p) = &a.json {
        std::fs::write(p, serde_json::to_string_pretty(&fitted)? + "\n")?;
    }
    Ok(())
}
