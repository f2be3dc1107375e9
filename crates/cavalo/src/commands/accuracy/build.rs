//! `cavalo accuracy --build` and `--merge`: making a suite (positions of self-play games, every
//! move's exact value proven by the solver: `cavalo_lab::suite::build`) and merging suites built
//! in chunks, with the progress and the files.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_engine::solver::Solver;
use cavalo_lab::suite::build::{build_one, merge_files, selfplay_engine, summary, write_file};
use cavalo_rules::Rules;

use crate::progress;
use cavalo_lab::label;
use cavalo_lab::suite::{self, Line, Params, Suite, read_file};

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

/// `--merge OUT IN...`: the lines of every input (built with the same parameters) in one suite.
pub fn merge(paths: &[PathBuf]) -> Result<()> {
    let (out, inputs) = paths.split_first().context("--merge needs OUT and at least one IN")?;
    if out.exists() && !inputs.contains(out) {
        bail!("{} exists: name it among the inputs to add to it", out.display());
    }
    let merged = merge_files(inputs)?;
    write_file(out, &merged)?;
    eprintln!("{} written to {}", summary(&merged), out.display());
    Ok(())
}

/// `--build FILE`: each pair's line is appended to FILE as soon as it is built; pairs already in
/// FILE (an interrupted build, or a smaller range) are skipped; at the end the lines are sorted.
pub fn build(a: &Build, out: &Path) -> Result<()> {
    let (first, count) = cavalo_lab::label::parse_seed_range(&a.seeds)?;
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
    let bar = progress::bar(
        work.len(),
        a.quiet,
        progress::Counting::Positions,
        cavalo_session::i18n::Lang::from_env(),
    );
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
