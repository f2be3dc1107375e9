//! The least-squares fit of the evaluation's weights to labelled positions (training data of
//! [`crate::datagen`], or accuracy suites: [`crate::suite`]), with held-out validation.

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use cavalo_engine::SearchConfig;
use cavalo_engine::eval::{Needed, Terms, ValuePlanes, terms, weigh};
use cavalo_rules::Position;

use crate::{datagen, suite};

/// The weights that can be fitted: one column per weight, in the evaluation's units.
pub const WEIGHTS: [&str; 9] = [
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

/// The fitted weights' values in `c`, in the order of [`WEIGHTS`].
pub fn weights_of(c: &SearchConfig) -> [f64; 9] {
    WEIGHTS.map(|n| f64::from((SearchConfig::param(n).expect("a weight").get)(c)))
}

/// One position: its terms and its label in centipoints.
pub struct Row {
    /// The evaluation's terms of the position.
    pub terms: Terms,
    /// Its label in centipoints.
    pub label: f64,
}

/// Root mean square error in points of configuration `c` on `rows`.
pub fn rmse(rows: &[Row], c: &SearchConfig) -> f64 {
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
pub fn fit(rows: &[Row], base: &SearchConfig, fitted: &[usize], ridge: f64) -> Option<SearchConfig> {
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
pub fn chosen(names: &[String]) -> Result<Vec<usize>> {
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

/// Which labelled positions a fit uses.
#[derive(Clone, Copy, Debug)]
pub struct Selection {
    /// Also the positions labelled by a search (not proven).
    pub inexact: bool,
    /// The first ply used.
    pub min_ply: u16,
    /// The last ply used.
    pub max_ply: u16,
    /// The boards whose seed is a multiple of this are held out for validation.
    pub holdout: u64,
}

/// The positions of the files at `paths` that `selection` keeps, with their terms under `base`:
/// (training, validation).
pub fn rows(paths: &[PathBuf], base: &SearchConfig, selection: Selection) -> Result<(Vec<Row>, Vec<Row>)> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for path in paths {
        for l in labelled(path)? {
            if !(l.exact || selection.inexact) || l.ply < selection.min_ply || l.ply > selection.max_ply {
                continue;
            }
            let planes = ValuePlanes::new(&l.position);
            let row =
                Row { terms: terms(&l.position, base, &planes, Needed::ALL), label: l.value as f64 * 100.0 };
            if l.seed % selection.holdout == 0 { &mut valid } else { &mut train }.push(row);
        }
    }
    Ok((train, valid))
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
