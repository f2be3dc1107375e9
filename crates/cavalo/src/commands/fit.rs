//! `cavalo fit`: least squares of the evaluation's weights to labelled positions (`cavalo
//! datagen` files, or suites of `cavalo accuracy --build`), with held-out validation; prints the
//! errors and the `cavalo:` spec of the result.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_engine::eval::{Needed, Terms, ValuePlanes, terms, weigh};
use cavalo_engine::{Options, SearchConfig};
use cavalo_rules::Position;
use clap::Args;

use crate::commands::datagen;
use crate::suite;

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

/// The weights that can be fitted: one column per weight, in the evaluation's units.
const WEIGHTS: [&str; 9] = [
    "MobilityWeight",
    "TempoWeight",
    "StuckPenalty",
    "RegionWeight",
    "Reach1Weight",
    "Reach2Weight",
    "Mobility2Weight",
    "ParityWeight",
    "DistanceWeight",
];

/// The columns of one position: what each weight multiplies (centipoints per unit of weight).
fn columns(t: &Terms) -> [f64; 9] {
    let per_mille = |x: i32| f64::from(x) * 0.1;
    [
        f64::from(t.mobility),
        per_mille(t.best),
        f64::from(t.stuck),
        per_mille(t.region),
        per_mille(t.reach1),
        per_mille(t.reach2),
        f64::from(t.mobility2),
        per_mille(t.parity),
        per_mille(t.distance),
    ]
}

fn weights_of(c: &SearchConfig) -> [f64; 9] {
    WEIGHTS.map(|n| f64::from((SearchConfig::param(n).expect("a weight").get)(c)))
}

/// One position: its terms and its label in centipoints.
struct Row {
    terms: Terms,
    label: f64,
}

/// Root mean square error in points of configuration `c` on `rows`.
fn rmse(rows: &[Row], c: &SearchConfig) -> f64 {
    if rows.is_empty() {
        return f64::NAN;
    }
    let s: f64 = rows.iter().map(|r| (f64::from(weigh(&r.terms, c)) - r.label).powi(2)).sum();
    (s / rows.len() as f64).sqrt() / 100.0
}

/// Solves `a x = b` (a symmetric positive definite, small) by Gaussian elimination.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for i in 0..n {
        let p = (i..n).max_by(|&x, &y| a[x][i].abs().total_cmp(&a[y][i].abs()))?;
        if a[p][i].abs() < 1e-12 {
            return None;
        }
        a.swap(i, p);
        b.swap(i, p);
        for r in i + 1..n {
            let f = a[r][i] / a[i][i];
            let pivot = a[i].clone();
            for (x, p) in a[r][i..].iter_mut().zip(&pivot[i..]) {
                *x -= f * p;
            }
            b[r] -= f * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|c| a[i][c] * x[c]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    Some(x)
}

/// The least-squares weights `fitted` (indices into [`WEIGHTS`]) for `rows` over `base` (the
/// other weights and parameters stay), pulled towards `base`'s weights by `ridge` (scaled by each
/// column's second moment).
fn fit(rows: &[Row], base: &SearchConfig, fitted: &[usize], ridge: f64) -> Option<SearchConfig> {
    let k = fitted.len();
    let w0 = weights_of(base);
    let mut ata = vec![vec![0.0; k]; k];
    let mut atb = vec![0.0; k];
    for r in rows {
        let all = columns(&r.terms);
        // What the weights not fitted and the points already explain.
        let fixed: f64 = (0..WEIGHTS.len()).filter(|i| !fitted.contains(i)).map(|i| all[i] * w0[i]).sum();
        let y = r.label - f64::from(r.terms.points) * 100.0 - fixed;
        let x: Vec<f64> = fitted.iter().map(|&i| all[i]).collect();
        for i in 0..k {
            for j in 0..k {
                ata[i][j] += x[i] * x[j];
            }
            atb[i] += x[i] * y;
        }
    }
    for (i, &col) in fitted.iter().enumerate() {
        // A column that never varies (e.g. no position sparse enough for the region term) keeps
        // its weight.
        let lambda = ridge * ata[i][i].max(1.0);
        ata[i][i] += lambda;
        atb[i] += lambda * w0[col];
    }
    let x = solve(ata, atb)?;
    let mut c = *base;
    for (&col, v) in fitted.iter().zip(x) {
        let p = SearchConfig::param(WEIGHTS[col]).expect("a weight");
        (p.set)(&mut c, (v.round() as i32).clamp(p.min, p.max));
    }
    Some(c)
}

/// The indices in [`WEIGHTS`] of the weights named in `names` (parameter names, matched as the
/// protocol matches them).
fn chosen(names: &[String]) -> Result<Vec<usize>> {
    names
        .iter()
        .map(|n| {
            let p = SearchConfig::param(n).with_context(|| format!("`{n}` is not a parameter"))?;
            WEIGHTS
                .iter()
                .position(|w| *w == p.name)
                .with_context(|| format!("`{n}` is not a weight the fit can set: {}", WEIGHTS.join(", ")))
        })
        .collect()
}

/// One labelled position of a data file.
struct Labelled {
    /// The seed of its board (what the hold-out goes by).
    seed: u64,
    /// Its ply.
    ply: u16,
    position: Position,
    /// Final points difference from the side to move's view.
    value: i32,
    exact: bool,
}

/// Whether the file at `path` is an accuracy suite (its first line is a `cavalo-accuracy`
/// header), not training data.
fn is_suite(path: &Path) -> Result<bool> {
    let f = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut first = String::new();
    std::io::BufReader::new(f)
        .take(64 * 1024)
        .read_line(&mut first)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let header: Option<serde_json::Value> = serde_json::from_str(&first).ok();
    Ok(header.is_some_and(|h| h.get("format").and_then(|f| f.as_str()) == Some(suite::FORMAT)))
}

/// The labelled positions of a training data file or of a suite: a suite gives each of its
/// positions (the best move's value) and the position after each move (that move's value, from
/// the other side's view), all exact.
fn labelled(path: &Path) -> Result<Vec<Labelled>> {
    let mut out = Vec::new();
    if is_suite(path)? {
        let read = suite::read_file(path, false)?;
        let ply = read.params.ply;
        for it in read.items()? {
            for (&mv, &value) in &it.values {
                let mut child = it.position.clone();
                child.play(mv);
                out.push(Labelled {
                    seed: it.seed,
                    ply: ply + 1,
                    position: child,
                    value: -value,
                    exact: true,
                });
            }
            out.push(Labelled { seed: it.seed, ply, position: it.position, value: it.best, exact: true });
        }
        return Ok(out);
    }
    for g in datagen::read(path)? {
        for s in g.samples {
            let position = Position::from_position_string(&s.position, g.rules)?;
            out.push(Labelled { seed: g.seed, ply: s.ply, position, value: s.value, exact: s.exact });
        }
    }
    Ok(out)
}

/// Runs `cavalo fit`.
pub fn run(a: FitArgs) -> Result<()> {
    let fitted_cols = chosen(&a.weights)?;
    let base = a.base.parse::<Options>().map_err(|e| anyhow::anyhow!("--base: {e}"))?.search;
    let defaults = SearchConfig::default();
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for path in &a.data {
        for l in labelled(path)? {
            if !(l.exact || a.inexact) || l.ply < a.min_ply || l.ply > a.max_ply {
                continue;
            }
            let planes = ValuePlanes::new(&l.position);
            let row =
                Row { terms: terms(&l.position, &base, &planes, Needed::ALL), label: l.value as f64 * 100.0 };
            if l.seed % a.holdout == 0 { &mut valid } else { &mut train }.push(row);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_squares_recovers_known_weights() {
        let truth = SearchConfig {
            mobility: 300,
            tempo_best: 800,
            stuck: 2000,
            region: 0,
            reach1: 250,
            ..SearchConfig::default()
        };
        let mut rows = Vec::new();
        for i in 0..200 {
            let t = Terms {
                points: i % 7 - 3,
                mobility: i % 5 - 2,
                best: i % 97,
                stuck: i % 3 - 1,
                reach1: (i * 37) % 200 - 100,
                ..Terms::default()
            };
            rows.push(Row { terms: t, label: weigh(&t, &truth) as f64 });
        }
        let c = fit(&rows, &SearchConfig::default(), &[0, 1, 2, 3, 4], 1e-9).unwrap();
        assert_eq!(c.reach1, 250);
        assert!((c.mobility - 300).abs() <= 1, "{}", c.mobility);
        assert!((c.tempo_best - 800).abs() <= 1, "{}", c.tempo_best);
        assert!((c.stuck - 2000).abs() <= 1, "{}", c.stuck);
        // No position has a region term: its weight stays.
        assert_eq!(c.region, SearchConfig::default().region);
        assert!(rmse(&rows, &c) < 0.05);
        assert!(rmse(&rows, &SearchConfig::default()) > rmse(&rows, &c));
    }

    #[test]
    fn solving_a_small_system() {
        let x = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-9 && (x[1] - 1.4).abs() < 1e-9);
        assert!(solve(vec![vec![0.0, 0.0], vec![0.0, 0.0]], vec![1.0, 1.0]).is_none());
    }

    #[test]
    fn weights_are_chosen_by_name() {
        assert_eq!(chosen(&["reach1_weight".into(), "TempoWeight".into()]).unwrap(), [4, 1]);
        assert!(chosen(&["Aspiration".into()]).is_err());
        assert!(chosen(&["Nothing".into()]).is_err());
    }
}
