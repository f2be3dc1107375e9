//! A player's moves on the accuracy suite ([`crate::suite`]) measured: how often it picks an
//! optimal move and how many points it loses. Asking the player is the caller's business.

use anyhow::{Result, bail};
use cavalo_rules::{Move, Rules};
use serde::Serialize;

use crate::suite::Item;

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

/// The variants as text: `canonical`, `canonical, no-threat`, `all variants`.
pub fn variants_text(variants: Option<&[Rules]>) -> String {
    match variants {
        None => "all variants".into(),
        Some(v) => v.iter().map(Rules::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// The positions of `items` of the `variants` (all for `None`); none is an error that says what
/// the suite holds.
pub fn of_variants(items: Vec<Item>, variants: Option<&[Rules]>) -> Result<Vec<Item>> {
    let held = |items: &[Item]| {
        let mut counts: Vec<(Rules, usize)> = Vec::new();
        for it in items {
            match counts.iter_mut().find(|(r, _)| *r == it.rules) {
                Some((_, n)) => *n += 1,
                None => counts.push((it.rules, 1)),
            }
        }
        counts.iter().map(|(r, n)| format!("{n} {r}")).collect::<Vec<_>>().join(", ")
    };
    if items.is_empty() {
        bail!("the suite holds no positions");
    }
    let Some(variants) = variants else { return Ok(items) };
    let all = held(&items);
    let kept: Vec<Item> = items.into_iter().filter(|it| variants.contains(&it.rules)).collect();
    if kept.is_empty() {
        bail!(
            "the suite holds no positions of {} (it holds {all}): choose others with --variants, or --variants all",
            variants_text(Some(variants))
        );
    }
    Ok(kept)
}

/// One position of a measure, for `--moves`.
#[derive(Debug, Serialize)]
pub struct Row {
    /// The board's seed.
    pub seed: u64,
    /// The rule variant.
    pub rules: String,
    /// The move chosen (`None`: no move).
    pub chosen: Option<String>,
    /// Its exact value (`None`: not one of the suite's moves).
    pub value: Option<i32>,
    /// The best value.
    pub best: i32,
    /// The worst move's value.
    #[serde(skip)]
    pub worst: i32,
    /// The points lost (a move not in the suite counts as the worst).
    pub loss: i32,
}

/// The measure of each position of `items`, given the move chosen there (`None`: no usable
/// move).
pub fn rows(items: &[Item], chosen: &[Option<Move>]) -> Vec<Row> {
    items
        .iter()
        .zip(chosen)
        .map(|(it, mv)| {
            let value = mv.and_then(|m| it.value(m));
            let worst = it.values.values().min().copied().unwrap_or(it.best);
            Row {
                seed: it.seed,
                rules: it.rules.to_string(),
                chosen: mv.map(|m| m.to_string()),
                value,
                best: it.best,
                worst,
                loss: it.best - value.unwrap_or(worst),
            }
        })
        .collect()
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
}
