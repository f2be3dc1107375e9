//! `cavalo accuracy --build` and `--merge`: making a suite (positions of self-play games, every
//! move's exact value proven by the solver) and merging suites built in chunks.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_engine::selfplay;
use cavalo_engine::solver::Solver;
use cavalo_engine::{Engine, Options, SearchConfig};
use cavalo_rules::Rules;

use crate::label::{self, SelfPlay};
use crate::progress;
use crate::suite::{self, Dropped, Entry, Line, Params, Reason, Suite, read_file};

/// What `--build` makes.
#[derive(Debug)]
pub struct Build {
    /// The boards' seeds, `A..B`.
    pub seeds: String,
    /// The rule variants.
    pub variants: Vec<Rules>,
    /// The ply of the positions.
    pub ply: u16,
    /// Node budget per move of the self-play games.
    pub selfplay_nodes: u64,
    /// Node budget of the solver per position.
    pub budget: u64,
    /// Positions solved at once (every core when `None`).
    pub jobs: Option<u16>,
    /// No progress bar.
    pub quiet: bool,
}

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
pub(crate) fn selfplay_engine() -> Engine {
    Engine::new(Options { hash_mib: 16, search: selfplay_config(), ..Options::default() })
}

/// Writes `s` to `path` whole: to a temporary file beside it, then renamed over it.
fn write_file(path: &Path, s: &Suite) -> Result<()> {
    let tmp = path.with_extension("tmp");
    let f = File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    s.write(BufWriter::new(f)).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

fn summary(s: &Suite) -> String {
    let c = s.counts();
    let unknown =
        if c.unknown > 0 { format!(", {} dropped by a version 1 build", c.unknown) } else { String::new() };
    format!(
        "{} positions ({} not proven within {} nodes, {} games ended before ply {}{unknown})",
        c.positions, c.unproven, s.params.budget, c.ended, s.params.ply
    )
}

/// `--merge OUT IN...`: the lines of every input (built with the same parameters) in one suite.
pub fn merge(paths: &[PathBuf]) -> Result<()> {
    let (out, inputs) = paths.split_first().context("--merge needs OUT and at least one IN")?;
    if out.exists() && !inputs.contains(out) {
        bail!("{} exists: name it among the inputs to add to it", out.display());
    }
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
    let merged = merged.context("--merge needs at least one input")?;
    write_file(out, &merged)?;
    eprintln!("{} written to {}", summary(&merged), out.display());
    Ok(())
}

/// What building one (seed, variant) pair gave.
fn build_one(engine: &mut Engine, prover: &mut Solver, params: Params, seed: u64, rules: Rules) -> Line {
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

/// `--build FILE`: each pair's line is appended to FILE as soon as it is built; pairs already in
/// FILE (an interrupted build, or a smaller range) are skipped; at the end the lines are sorted.
pub fn build(a: &Build, out: &Path) -> Result<()> {
    let (first, count) = crate::commands::r#match::parse_seed_range(&a.seeds)?;
    let variants = &a.variants;
    if a.ply < 3 {
        bail!("--ply must be at least 3 (after the placements)");
    }
    let params = Params { ply: a.ply, selfplay_nodes: a.selfplay_nodes, budget: a.budget };
    let resumed = out.metadata().is_ok_and(|m| m.len() > 0);
    let mut built = if resumed { read_file(out, true)? } else { Suite::new(params) };
    if built.params != params {
        bail!(
            "{} was built with ply {}, {} self-play nodes and budget {}: give the same to add to it",
            out.display(),
            built.params.ply,
            built.params.selfplay_nodes,
            built.params.budget
        );
    }
    // Rewritten whole first: a cut last line goes, a version 1 file becomes version 2.
    write_file(out, &built)?;
    let done: HashSet<(u64, Rules)> = built.lines.iter().map(Line::key).collect();
    let work: Vec<(u64, Rules)> = variants
        .iter()
        .flat_map(|&r| (first..first + count).map(move |s| (s, r)))
        .filter(|k| !done.contains(k))
        .collect();
    if resumed {
        eprintln!("{} pairs already in {}: skipped", done.len(), out.display());
    }
    let mut file = OpenOptions::new()
        .append(true)
        .open(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    let bar = progress::bar(work.len(), a.quiet, "positions");
    let mut failed = None;
    let budget = a.budget;
    label::run_jobs(
        &work,
        usize::from(a.jobs.map_or(label::cores() as u16, |j| j)),
        || (selfplay_engine(), Solver::new(256, budget)),
        |(engine, prover), &(seed, rules)| build_one(engine, prover, params, seed, rules),
        |_, line| {
            if failed.is_none()
                && let Err(e) = writeln!(file, "{}", serde_json::to_string(&line).expect("a line serialises"))
                    .and_then(|()| file.flush())
            {
                failed = Some(e);
            }
            built.lines.push(line);
            let c = built.counts();
            bar.inc(1);
            bar.set_message(format!("{} unproven", c.unproven));
        },
    );
    bar.finish_and_clear();
    if let Some(e) = failed {
        return Err(e).with_context(|| format!("cannot write {}", out.display()));
    }
    built.lines.sort_by_key(|l| suite::order(l.key()));
    write_file(out, &built)?;
    eprintln!("{} written to {}", summary(&built), out.display());
    Ok(())
}
