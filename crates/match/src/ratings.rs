//! Ratings from all the games of a tournament at once: the Bradley–Terry (logistic Elo) model
//! fitted by maximum likelihood, as Ordo and BayesElo do, with one player anchored.
//!
//! The expected score of A against B is `1 / (1 + 10^(-(rA - rB) / 400))`; a draw counts as half
//! a win for each side. Every pairing also gets one virtual draw (BayesElo's prior has two), so
//! that a player who won or lost every game still gets a finite rating. The error bars are
//! ±1.96 standard errors from the inverse of the information matrix at the optimum, relative
//! to the anchor.

use serde::Serialize;

const K: f64 = std::f64::consts::LN_10 / 400.0;

/// One player's rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// Elo, the anchor at its given value.
    pub elo: f64,
    /// Half the width of the 95% interval (0 for the anchor).
    pub margin: f64,
}

/// The results between players: `score[i][j]` points of i against j in `games[i][j]` games.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// Points of i against j.
    pub score: Vec<Vec<f64>>,
    /// Games between i and j.
    pub games: Vec<Vec<f64>>,
}

impl Results {
    /// No games among `n` players.
    pub fn new(n: usize) -> Results {
        Results { score: vec![vec![0.0; n]; n], games: vec![vec![0.0; n]; n] }
    }

    /// Counts one game: `points` (0, ½ or 1) of `a` against `b`.
    pub fn add(&mut self, a: usize, b: usize, points: f64) {
        self.score[a][b] += points;
        self.score[b][a] += 1.0 - points;
        self.games[a][b] += 1.0;
        self.games[b][a] += 1.0;
    }
}

fn expected(d: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-d / 400.0))
}

/// Solves `m x = v` (Gaussian elimination with partial pivoting); `None` when singular.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Option<Vec<f64>> {
    let n = v.len();
    for c in 0..n {
        let p = (c..n).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        v.swap(c, p);
        let (top, rest) = m.split_at_mut(c + 1);
        let pivot = &top[c];
        for (i, row) in rest.iter_mut().enumerate() {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            v[c + 1 + i] -= f * v[c];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| m[r][k] * x[k]).sum();
        x[r] = (v[r] - s) / m[r][r];
    }
    Some(x)
}

/// The ratings of every player, `anchor` fixed at `anchor_elo`. `None` when some player is not
/// connected to the anchor by games.
pub fn fit(results: &Results, anchor: usize, anchor_elo: f64) -> Option<Vec<Rating>> {
    let n = results.score.len();
    // The prior: one virtual draw in every pairing that was played.
    let mut score = results.score.clone();
    let mut games = results.games.clone();
    for i in 0..n {
        for j in 0..n {
            if i != j && games[i][j] > 0.0 {
                score[i][j] += 0.5;
                games[i][j] += 1.0;
            }
        }
    }
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut r = vec![0.0; n];
    let info = |r: &[f64]| -> (Vec<f64>, Vec<Vec<f64>>) {
        let mut grad = vec![0.0; free.len()];
        let mut hess = vec![vec![0.0; free.len()]; free.len()];
        for (a, &i) in free.iter().enumerate() {
            for j in 0..n {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = expected(r[i] - r[j]);
                grad[a] += K * (score[i][j] - games[i][j] * p);
                let w = K * K * games[i][j] * p * (1.0 - p);
                hess[a][a] += w;
                if let Some(b) = free.iter().position(|&x| x == j) {
                    hess[a][b] -= w;
                }
            }
        }
        (grad, hess)
    };
    for _ in 0..100 {
        let (grad, hess) = info(&r);
        let step = solve(hess, grad)?;
        let mut biggest: f64 = 0.0;
        for (a, &i) in free.iter().enumerate() {
            let s = step[a].clamp(-400.0, 400.0);
            r[i] += s;
            biggest = biggest.max(s.abs());
        }
        if biggest < 1e-7 {
            break;
        }
    }
    let (_, hess) = info(&r);
    let mut out = vec![Rating { elo: anchor_elo, margin: 0.0 }; n];
    for (a, &i) in free.iter().enumerate() {
        let mut unit = vec![0.0; free.len()];
        unit[a] = 1.0;
        let col = solve(hess.clone(), unit)?;
        out[i] = Rating { elo: anchor_elo + r[i], margin: 1.96 * col[a].max(0.0).sqrt() };
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_match_the_logistic_formula() {
        // 75% over many games is +190.8 Elo; the prior's one draw hardly moves it.
        let mut res = Results::new(2);
        for i in 0..400 {
            res.add(0, 1, if i % 4 == 0 { 0.0 } else { 1.0 });
        }
        let r = fit(&res, 1, 0.0).unwrap();
        assert!((r[0].elo - 190.8).abs() < 1.5, "{r:?}");
        assert_eq!(r[1], Rating { elo: 0.0, margin: 0.0 });
        // Binomial standard error of the score, carried through the logistic slope.
        let se = (0.75f64 * 0.25 / 401.0).sqrt() / (K * 0.75 * 0.25);
        assert!((r[0].margin - 1.96 * se).abs() < 2.0, "{r:?} vs {}", 1.96 * se);
    }

    #[test]
    fn ratings_are_transitive_and_finite() {
        // A beats B 3 to 1, B beats C 3 to 1, A and C never meet; C loses every game to D.
        let mut res = Results::new(4);
        for (a, b, p) in [(0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.0)] {
            res.add(a, b, p);
        }
        for (a, b, p) in [(1, 2, 1.0), (1, 2, 1.0), (1, 2, 1.0), (1, 2, 0.0)] {
            res.add(a, b, p);
        }
        for _ in 0..4 {
            res.add(3, 2, 1.0);
        }
        let r = fit(&res, 2, 1000.0).unwrap();
        assert_eq!(r[2].elo, 1000.0);
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!((r[0].elo - r[1].elo - (r[1].elo - r[2].elo)).abs() < 1.0, "the same gap twice: {r:?}");
        assert!(r[3].elo.is_finite() && r[3].elo > r[2].elo + 150.0, "{r:?}");
        assert!(r[0].margin > r[1].margin, "A is further from the anchor: {r:?}");
        // A player with no games is not connected.
        let lonely = Results::new(3);
        assert!(fit(&lonely, 0, 0.0).is_none());
    }
}
