//! Building the suite: self-play games to a ply, every move of the position reached proven by
//! the solver ([`build_one`]), and suites built in chunks merged into one ([`merge_files`]).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use cavalo_engine::selfplay;
use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Options, SearchConfig};
use cavalo_rules::Rules;

use super::{Dropped, Entry, Line, Params, Reason, Suite, read_file};
use crate::label::SelfPlay;

/// The search configuration of the suite's self-play games: the evaluation weights the built-in
/// suite was made with (the defaults before the fitted evaluation) and no proof search (it came
/// after), pinned so that a change of those defaults does not change the suite's positions (any
/// other change of the search still does: rebuild the whole suite then).
pub fn selfplay_config() -> SearchConfig {
    SearchConfig {
        mobility: 200,
        tempo_best: 500,
        region: 150,
        stuck: 1500,
        mobility2: 0,
        distance: 0,
        proof_share: 0,
        ..SearchConfig::default()
    }
}

/// The engine that plays the suite's self-play games.
pub fn selfplay_engine() -> Engine {
    Engine::new(Options { hash_mib: 16, search: selfplay_config(), ..Options::default() })
}

/// Writes `s` to `path` whole: to a temporary file beside it, then renamed over it.
pub fn write_file(path: &Path, s: &Suite) -> Result<()> {
    let tmp = path.with_extension("tmp");
    let f = File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    s.write(BufWriter::new(f)).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// What a suite holds, in a line: its positions and the pairs dropped, and why.
pub fn summary(s: &Suite) -> String {
    let c = s.counts();
    let unknown =
        if c.unknown > 0 { format!(", {} dropped by a version 1 build", c.unknown) } else { String::new() };
    format!(
        "{} positions ({} not proven within {} nodes, {} games ended before ply {}{unknown})",
        c.positions, c.unproven, s.params.budget, c.ended, s.params.ply
    )
}

/// The lines of every suite at `inputs` (built with the same parameters) in one suite.
pub fn merge_files(inputs: &[PathBuf]) -> Result<Suite> {
    let mut merged: Option<Suite> = None;
    for p in inputs {
        let s = read_file(p, false)?;
        match &mut merged {
            None => {
                let mut m = Suite::new(s.params);
                m.merge(s)?;
                merged = Some(m);
            }
            Some(m) => m.merge(s).with_context(|| format!("{}", p.display()))?,
        }
    }
    merged.context("--merge needs at least one input")
}

/// What building one (seed, variant) pair gave.
///
/// `engine` plays the self-play game of `seed` to `params.ply`; `prover` proves the value of every
/// move of the position reached within its budget.
pub fn build_one(engine: &mut Engine, prover: &mut Solver, params: Params, seed: u64, rules: Rules) -> Line {
    let how = SelfPlay { nodes: params.selfplay_nodes, random_moves: 0 };
    let dropped = |dropped| Line::Dropped(Dropped { seed, rules, dropped });
    let Some(pos) = selfplay::position_at_ply(seed, rules, params.ply, how, engine) else {
        return dropped(Reason::Ended);
    };
    prover.clear();
    match prover.move_values(&pos) {
        Some(values) => Line::Kept(Entry {
            seed,
            rules,
            position: pos.to_string(),
            moves: values.into_iter().map(|(m, v)| (m.to_string(), v)).collect(),
        }),
        None => dropped(Reason::Unproven),
    }
}
