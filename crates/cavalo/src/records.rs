//! Game record files (one JSON record per line) as `match` and `tournament` write them: reading
//! them back for `--resume` and `merge`, opening them for writing, and the progress bar both show.

use cavalo_session::i18n::Lang;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::path::Path;

use anyhow::{Context, Result, bail};
use cavalo_rules::GameRecord;
use indicatif::ProgressBar;

/// A record with its line number (from 1) and its text.
pub type Line = (usize, GameRecord, String);

/// The records of `path`, and whether its last line was torn (a run killed while writing): that
/// line is skipped with a note; any other bad line is an error.
pub fn read(path: &Path) -> Result<(Vec<Line>, bool)> {
    let text =
        cavalo_session::files::read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut out = Vec::new();
    let mut torn = false;
    for (i, line) in lines.iter().enumerate() {
        match GameRecord::from_json(line) {
            Ok(r) => out.push((i + 1, r, line.to_string())),
            Err(e) if i + 1 == lines.len() => {
                eprintln!("note: ignoring the torn last line of {} ({e})", path.display());
                torn = true;
            }
            Err(e) => bail!("{} line {}: {e}", path.display(), i + 1),
        }
    }
    Ok((out, torn))
}

/// For `--resume`: the games already in `path` (none when it does not exist), each checked by
/// `check` (which gives its number); the file is rewritten without a torn last line.
pub fn resume(
    path: &Path,
    check: &mut dyn FnMut(&GameRecord) -> Result<u64, String>,
) -> Result<HashSet<u64>> {
    if !path.exists() {
        return Ok(HashSet::new());
    }
    let (recs, torn) = read(path)?;
    let mut done = HashSet::new();
    for (line, rec, _) in &recs {
        let g = check(rec).map_err(|e| anyhow::anyhow!("--resume: {} line {line}: {e}", path.display()))?;
        if !done.insert(g) {
            bail!("--resume: {} line {line}: game {g} is there twice", path.display());
        }
    }
    if torn {
        let body: String = recs.iter().map(|(_, _, l)| format!("{l}\n")).collect();
        std::fs::write(path, body).with_context(|| format!("cannot rewrite {}", path.display()))?;
    }
    Ok(done)
}

/// Every record of `paths`, for a merge, each checked by `check` (which gets the record and where
/// it is, `FILE line N`, and gives its number); a game number found twice is an error naming both
/// files.
pub fn merge(
    paths: &[std::path::PathBuf],
    check: &mut dyn FnMut(&GameRecord, &str) -> Result<u64, String>,
) -> Result<Vec<GameRecord>> {
    let mut seen: std::collections::HashMap<u64, String> = Default::default();
    let mut all = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        if paths[..i].contains(path) {
            bail!("{} is named twice", path.display());
        }
        for (line, rec, _) in read(path)?.0 {
            let at = format!("{} line {line}", path.display());
            let g = check(&rec, &at).map_err(|e| anyhow::anyhow!("{at}: {e}"))?;
            if let Some(first) = seen.insert(g, at.clone()) {
                bail!("game {g} is in {first} and in {at}: shards must not overlap");
            }
            all.push(rec);
        }
    }
    if all.is_empty() {
        bail!("no games in {}", paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
    }
    Ok(all)
}

/// The games missing from a merge, as text: `games 40..79 (seeds 21..40), game 91 (seed 46) are
/// missing`.
/// `about` tells a range of games (its seeds, and for a tournament its pairing); at most the first
/// eight ranges are listed.
pub fn missing_text(ranges: &[(u64, u64)], about: &dyn Fn(u64, u64) -> String) -> String {
    const SHOWN: usize = 8;
    let mut list: Vec<String> = ranges
        .iter()
        .take(SHOWN)
        .map(|&(a, b)| {
            if a == b {
                format!("game {a} ({})", about(a, b))
            } else {
                format!("games {a}..{b} ({})", about(a, b))
            }
        })
        .collect();
    if ranges.len() > SHOWN {
        let more = ranges.len() - SHOWN;
        list.push(format!("and {more} more range{}", if more == 1 { "" } else { "s" }));
    }
    let one = ranges.len() == 1 && ranges[0].0 == ranges[0].1;
    format!("{} {} missing", list.join(", "), if one { "is" } else { "are" })
}

/// What a merge with games missing does: without `partial`, refuse, naming them; with it, say so
/// on standard error and go on.
pub fn check_missing(missing: Option<String>, partial: bool) -> Result<()> {
    match missing {
        Some(text) if !partial => {
            bail!("{text}: is a shard's file left out? (--partial merges the games there are)")
        }
        Some(text) => {
            eprintln!("note: {text}; the report counts the games there are");
            Ok(())
        }
        None => Ok(()),
    }
}

/// Seeds as text: `seed 21`, `seeds 21..40`.
pub fn seeds_range(first: u64, last: u64) -> String {
    if first == last { format!("seed {first}") } else { format!("seeds {first}..{last}") }
}

/// The record file of a run (`--out`, `--resume`): the games already there when resuming (each
/// checked by `check`, which gives its number) and the file opened for the games to come; nothing
/// without a file.
pub fn open_run(
    out: Option<&Path>,
    resume: bool,
    run: Run,
    check: &mut dyn FnMut(&GameRecord) -> Result<u64, String>,
) -> Result<(HashSet<u64>, Option<BufWriter<File>>)> {
    let Some(path) = out else { return Ok((HashSet::new(), None)) };
    let done = if resume { self::resume(path, check)? } else { HashSet::new() };
    Ok((done, Some(open_out(path, resume, run)?)))
}

/// What a record file holds the games of, and the language to say so in.
#[derive(Clone, Copy, Debug)]
pub enum Run {
    /// A match's.
    Match(Lang),
    /// A tournament's.
    Tournament(Lang),
}

/// Opens `path` for appending games; without `resume` it must not hold games yet.
pub fn open_out(path: &Path, resume: bool, run: Run) -> Result<BufWriter<File>> {
    if !resume && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
        let (lang, key) = match run {
            Run::Match(lang) => (lang, cavalo_session::key!("records-holds-match")),
            Run::Tournament(lang) => (lang, cavalo_session::key!("records-holds-tournament")),
        };
        bail!("{}", lang.tr_with(key, &[("path", path.display().to_string().into())]));
    }
    let f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(BufWriter::new(f))
}

/// The progress bar of `len` games (hidden when `quiet`), in `lang`.
pub fn progress_bar(len: u64, quiet: bool, lang: Lang) -> ProgressBar {
    crate::progress::bar(len as usize, quiet, crate::progress::Counting::Games, lang)
}
