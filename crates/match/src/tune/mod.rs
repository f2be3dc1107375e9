//! SPSA tuning of [`SearchConfig`] entries (simultaneous perturbation stochastic approximation,
//! as OpenBench and Fishtest run it).
//!
//! Iteration `k` (from 0) of `N`: every tuned value θ is moved by ±c_k at once (the signs δ drawn
//! at random), the engine with θ + c_k·δ plays a game pair (one board, both colours) against the
//! engine with θ − c_k·δ, and θ moves by `a_k · r / (c_k · δ)`, where `r` is the pair's points
//! margin of the + engine divided by [`Spsa::margin_scale`] (the game's points give a richer
//! signal than win or loss). The schedules, with α = 0.602, γ = 0.101 and A = N / 10:
//!
//! - c_k = c_end · N^γ / (k + 1)^γ, so that the last perturbation is `c_end`;
//! - a_k = a_end · (A + N)^α / (A + k + 1)^α, with a_end = r_end · c_end², so that the last step
//!   per unit of signal is `r_end · c_end`.
//!
//! The signs of iteration `k` come from the seed and `k` alone, and its board is
//! `first_board + k`, so a run split by a resume gives what one run gives.

use std::str::FromStr;

use cavalo_engine::SearchConfig;
use cavalo_engine::params::Param;
use cavalo_rules::SplitMix64;
use serde::{Deserialize, Serialize};

use crate::error::PairError;
use crate::referee::{GameSetup, GameSpec, GameSummary, play_game};

/// The version of the state file's format.
pub const STATE_VERSION: u32 = 1;
/// The exponent of the step schedule.
pub const ALPHA: f64 = 0.602;
/// The exponent of the perturbation schedule.
pub const GAMMA: f64 = 0.101;
/// `A` as a share of the iterations.
pub const A_RATIO: f64 = 0.1;
/// The default `r_end` (OpenBench's).
pub const DEFAULT_R_END: f64 = 0.002;

/// Why a tuning spec was refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// No search parameter has this name.
    #[error("`{0}` is not a search parameter (`cavalo engine` lists them in its `ugi` answer)")]
    Unknown(String),
    /// The spec is not `NAME[:C_END[:R_END]]`.
    #[error("`{0}` is not NAME[:C_END[:R_END]] (e.g. MobilityWeight:40:0.002)")]
    Syntax(String),
    /// C_END or R_END not a positive number.
    #[error("`{spec}`: {what} must be a positive number")]
    NotPositive {
        /// The spec.
        spec: String,
        /// `C_END` or `R_END`.
        what: &'static str,
    },
    /// A parameter named twice.
    #[error("{0} is tuned twice")]
    Twice(String),
    /// Nothing to tune.
    #[error("no parameter to tune: give --param NAME at least once")]
    Nothing,
    /// A resumed state that does not fit the command.
    #[error("--resume: {0}")]
    Resume(String),
}

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TunedParam {
    /// The descriptor's name (e.g. `MobilityWeight`).
    pub name: String,
    /// The current value (real; rounded when played).
    pub theta: f64,
    /// The perturbation of the last iteration.
    pub c_end: f64,
    /// The learning rate of the last iteration.
    pub r_end: f64,
}

impl TunedParam {
    /// The descriptor.
    pub fn param(&self) -> &'static Param {
        SearchConfig::param(&self.name).expect("checked when read")
    }

    /// `c_end` when not given: a twentieth of the range, at most a fifth of the default (when it is
    /// not 0), at least 1.
    pub fn default_c_end(p: &Param) -> f64 {
        let range = f64::from(p.max - p.min) / 20.0;
        let cap = if p.default != 0 { f64::from(p.default.abs()) / 5.0 } else { range };
        range.min(cap).max(1.0)
    }

    fn clamp(&self, v: f64) -> f64 {
        let p = self.param();
        v.clamp(f64::from(p.min), f64::from(p.max))
    }
}

impl FromStr for TunedParam {
    type Err = TuneError;

    /// `NAME[:C_END[:R_END]]`, starting from the parameter's default.
    fn from_str(s: &str) -> Result<TunedParam, TuneError> {
        let parts: Vec<&str> = s.split(':').map(str::trim).collect();
        if parts.len() > 3 || parts[0].is_empty() {
            return Err(TuneError::Syntax(s.to_string()));
        }
        let p = SearchConfig::param(parts[0]).ok_or_else(|| TuneError::Unknown(parts[0].to_string()))?;
        let number = |i: usize, what: &'static str, default: f64| -> Result<f64, TuneError> {
            match parts.get(i) {
                None => Ok(default),
                Some(t) => match t.parse::<f64>() {
                    Ok(v) if v > 0.0 && v.is_finite() => Ok(v),
                    _ => Err(TuneError::NotPositive { spec: s.to_string(), what }),
                },
            }
        };
        Ok(TunedParam {
            name: p.name.to_string(),
            theta: f64::from(p.default),
            c_end: number(1, "C_END", TunedParam::default_c_end(p))?,
            r_end: number(2, "R_END", DEFAULT_R_END)?,
        })
    }
}

/// One iteration as played, for the state file's history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The iteration, from 0.
    pub k: u64,
    /// The board.
    pub board: u64,
    /// The + engine's values.
    pub plus: Vec<i32>,
    /// The − engine's values.
    pub minus: Vec<i32>,
    /// The + engine's points margin over the pair.
    pub margin: f64,
    /// The values after the update.
    pub theta: Vec<f64>,
}

/// A tuning run: its settings, where it is, and what it saw. Saved after every iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spsa {
    /// [`STATE_VERSION`].
    pub version: u32,
    /// The tuned parameters and their current values.
    pub params: Vec<TunedParam>,
    /// The iterations of the whole run (the schedules depend on it).
    pub iterations: u64,
    /// Iterations done.
    pub done: u64,
    /// The seed of the signs.
    pub seed: u64,
    /// The board of iteration 0.
    pub first_board: u64,
    /// The margin (points per pair) that counts as a signal of 1.
    pub margin_scale: f64,
    /// Every iteration played.
    pub history: Vec<Step>,
}

impl Spsa {
    /// A new run; the parameters must be distinct and at least one.
    pub fn new(
        params: Vec<TunedParam>,
        iterations: u64,
        seed: u64,
        first_board: u64,
        margin_scale: f64,
    ) -> Result<Spsa, TuneError> {
        if params.is_empty() {
            return Err(TuneError::Nothing);
        }
        for (i, p) in params.iter().enumerate() {
            if params[..i].iter().any(|q| q.name == p.name) {
                return Err(TuneError::Twice(p.name.clone()));
            }
        }
        Ok(Spsa {
            version: STATE_VERSION,
            params,
            iterations,
            done: 0,
            seed,
            first_board,
            margin_scale,
            history: Vec::new(),
        })
    }

    /// Checks that a saved run is the run `fresh` describes (same parameters, schedules and seed);
    /// the saved values and progress are kept.
    pub fn check_resume(&self, fresh: &Spsa) -> Result<(), TuneError> {
        let names =
            |s: &Spsa| s.params.iter().map(|p| (p.name.clone(), p.c_end, p.r_end)).collect::<Vec<_>>();
        let bad = |m: String| Err(TuneError::Resume(m));
        if self.version != STATE_VERSION {
            return bad(format!("state format {} (this program writes {STATE_VERSION})", self.version));
        }
        if names(self) != names(fresh) {
            return bad("the saved run tunes other parameters (or other C_END/R_END)".into());
        }
        if (self.iterations, self.seed, self.first_board) != (fresh.iterations, fresh.seed, fresh.first_board)
        {
            return bad(format!(
                "the saved run has --iterations {} --seed {} --first-board {}",
                self.iterations, self.seed, self.first_board
            ));
        }
        if self.margin_scale != fresh.margin_scale {
            return bad(format!("the saved run has --margin-scale {}", self.margin_scale));
        }
        for p in &self.params {
            if SearchConfig::param(&p.name).is_none() {
                return bad(format!("`{}` is not a search parameter", p.name));
            }
        }
        Ok(())
    }

    /// Whether every iteration is done.
    pub fn finished(&self) -> bool {
        self.done >= self.iterations
    }

    /// c_k and a_k of iteration `k`.
    pub fn schedule(&self, p: &TunedParam, k: u64) -> (f64, f64) {
        let n = self.iterations.max(1) as f64;
        let big_a = A_RATIO * n;
        let k1 = k as f64 + 1.0;
        let c_k = p.c_end * n.powf(GAMMA) / k1.powf(GAMMA);
        let a_end = p.r_end * p.c_end * p.c_end;
        let a_k = a_end * (big_a + n).powf(ALPHA) / (big_a + k1).powf(ALPHA);
        (c_k, a_k)
    }

    /// The signs δ of iteration `k`.
    pub fn deltas(&self, k: u64) -> Vec<f64> {
        let mut rng = SplitMix64::new(self.seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.params.iter().map(|_| if rng.next_u64() & 1 == 1 { 1.0 } else { -1.0 }).collect()
    }

    /// The configurations of the + and − engines of the next iteration (from `base`), and their
    /// values.
    pub fn next_pair(&self, base: &SearchConfig) -> (SearchConfig, SearchConfig, Vec<i32>, Vec<i32>) {
        let k = self.done;
        let deltas = self.deltas(k);
        let (mut plus, mut minus) = (*base, *base);
        let (mut vp, mut vm) = (Vec::new(), Vec::new());
        for (p, d) in self.params.iter().zip(&deltas) {
            let (c_k, _) = self.schedule(p, k);
            let a = p.clamp(p.theta + c_k * d).round() as i32;
            let b = p.clamp(p.theta - c_k * d).round() as i32;
            (p.param().set)(&mut plus, a);
            (p.param().set)(&mut minus, b);
            vp.push(a);
            vm.push(b);
        }
        (plus, minus, vp, vm)
    }

    /// The board of the next iteration.
    pub fn next_board(&self) -> u64 {
        self.first_board.wrapping_add(self.done)
    }

    /// Plays the next iteration with `play(plus, minus, board)`, which answers the + engine's
    /// points margin over a game pair, and updates the values.
    pub fn step(
        &mut self,
        base: &SearchConfig,
        play: &mut dyn FnMut(&SearchConfig, &SearchConfig, u64) -> Result<f64, PairError>,
    ) -> Result<&Step, PairError> {
        let k = self.done;
        let board = self.next_board();
        let (plus, minus, vp, vm) = self.next_pair(base);
        let margin = play(&plus, &minus, board)?;
        let r = margin / self.margin_scale;
        let deltas = self.deltas(k);
        let updates: Vec<f64> = self
            .params
            .iter()
            .zip(&deltas)
            .map(|(p, d)| {
                let (c_k, a_k) = self.schedule(p, k);
                p.clamp(p.theta + a_k * r / (c_k * d))
            })
            .collect();
        for (p, v) in self.params.iter_mut().zip(&updates) {
            p.theta = *v;
        }
        self.done += 1;
        self.history.push(Step { k, board, plus: vp, minus: vm, margin, theta: updates });
        Ok(self.history.last().expect("just pushed"))
    }

    /// The tuned values (rounded) applied to `base`.
    pub fn config(&self, base: &SearchConfig) -> SearchConfig {
        let mut c = *base;
        for p in &self.params {
            (p.param().set)(&mut c, p.theta.round() as i32);
        }
        c
    }

    /// The tuned values as a player spec: `cavalo:mobility_weight=212,tempo_weight=480`.
    pub fn spec(&self) -> String {
        let items: Vec<String> = self
            .params
            .iter()
            .map(|p| {
                format!("{}={}", cavalo_engine::params::snake_case(p.param().name), p.theta.round() as i32)
            })
            .collect();
        format!("cavalo:{}", items.join(","))
    }

    /// The state as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a tuning state always serialises")
    }

    /// A state read back; its parameters are checked against the engine's table.
    pub fn from_json(text: &str) -> Result<Spsa, TuneError> {
        let s: Spsa = serde_json::from_str(text).map_err(|e| TuneError::Resume(e.to_string()))?;
        if let Some(p) = s.params.iter().find(|p| SearchConfig::param(&p.name).is_none()) {
            return Err(TuneError::Resume(format!("`{}` is not a search parameter", p.name)));
        }
        Ok(s)
    }
}

/// Plays the two games of board `board` (engine 1 White, then Black) and answers engine 1's
/// points margin summed over both; a game not played out (a forfeit) is an error naming why.
pub fn pair_margin(setup: &GameSetup, board: u64) -> Result<f64, PairError> {
    let mut total = 0.0;
    for index in [0, 1] {
        let rec = play_game(setup, GameSpec { index, seed: board });
        let g = GameSummary::from_record(&rec)?;
        let termination = g.termination;
        total += g.engine1_margin.ok_or(PairError::NotPlayedOut { board, game: index + 1, termination })?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests;
