//! Game record files (one JSON record per line) as `match` and `tournament` write them: reading
//! them back for `--resume` and `merge`, opening them for writing, and the progress bar both show.
//! What goes wrong is a [`RunError`], worded in the reader's language.

use cavalo_session::i18n::Lang;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::path::Path;

use anyhow::{Result, bail};
use cavalo_rules::GameRecord;
use cavalo_session::key;
use indicatif::ProgressBar;

use crate::run_error::{At, GapAbout, Problem, RunError};

/// A record with its line number (from 1) and its text.
pub type Line = (usize, GameRecord, String);

/// What checks one record of a run being resumed or merged: its game's number, or what is wrong.
pub type Check<'a> = dyn FnMut(&GameRecord, &At) -> Result<u64, Problem> + 'a;

/// The records of `path`, and whether its last line was torn (a run killed while writing): that
/// line is skipped with a note in `lang`; any other bad line is an error.
pub fn read(path: &Path, lang: Lang) -> Result<(Vec<Line>, bool), RunError> {
    let text = cavalo_session::files::read_text(path)
        .map_err(|e| RunError::CannotRead(path.to_path_buf(), e.to_string()))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut out = Vec::new();
    let mut torn = false;
    for (i, line) in lines.iter().enumerate() {
        match GameRecord::from_json(line) {
            Ok(r) => out.push((i + 1, r, line.to_string())),
            Err(_) if i + 1 == lines.len() => {
                eprintln!(
                    "{}",
                    lang.tr_with(key!("run-torn-line"), &[("path", path.display().to_string().into())])
                );
                torn = true;
            }
            Err(e) => {
                return Err(RunError::NotRecord(At { path: path.to_path_buf(), line: i + 1 }, detail(&e)));
            }
        }
    }
    Ok((out, torn))
}

/// A record's fault in the JSON reader's words (without the `invalid game record:` it starts with).
fn detail(e: &cavalo_rules::RecordError) -> String {
    match e {
        cavalo_rules::RecordError::Json(detail) => detail.clone(),
        other => other.to_string(),
    }
}

/// For `--resume`: the games already in `path` (none when it does not exist), each checked by
/// `check` (which gives its number); the file is rewritten without a torn last line.
pub fn resume(path: &Path, lang: Lang, check: &mut Check) -> Result<HashSet<u64>, RunError> {
    if !path.exists() {
        return Ok(HashSet::new());
    }
    let (recs, torn) = read(path, lang)?;
    let mut done = HashSet::new();
    for (line, rec, _) in &recs {
        let at = At { path: path.to_path_buf(), line: *line };
        let g = check(rec, &at).map_err(|problem| RunError::InLine {
            at: at.clone(),
            problem: Box::new(problem),
            resume: true,
        })?;
        if !done.insert(g) {
            return Err(RunError::ResumeTwice(at, g));
        }
    }
    if torn {
        let body: String = recs.iter().map(|(_, _, l)| format!("{l}\n")).collect();
        std::fs::write(path, body).map_err(|e| RunError::CannotWrite(path.to_path_buf(), e.to_string()))?;
    }
    Ok(done)
}

/// Every record of `paths`, for a merge, each checked by `check` (which gets the record and where
/// it is, and gives its number); a game number found twice is an error naming both places.
pub fn merge(
    paths: &[std::path::PathBuf],
    lang: Lang,
    check: &mut Check,
) -> Result<Vec<GameRecord>, RunError> {
    let mut seen: std::collections::HashMap<u64, At> = Default::default();
    let mut all = Vec::new();
    for (i, path) in paths.iter().enumerate() {
        if paths[..i].contains(path) {
            return Err(RunError::NamedTwice(path.clone()));
        }
        for (line, rec, _) in read(path, lang)?.0 {
            let at = At { path: path.clone(), line };
            let g = check(&rec, &at).map_err(|problem| RunError::InLine {
                at: at.clone(),
                problem: Box::new(problem),
                resume: false,
            })?;
            if let Some(first) = seen.insert(g, at.clone()) {
                return Err(RunError::GameTwice { game: g, first, second: at });
            }
            all.push(rec);
        }
    }
    if all.is_empty() {
        return Err(RunError::NoGames(paths.to_vec()));
    }
    Ok(all)
}

/// What a merge with games missing (`gaps`) does: without `partial`, refuse, naming them; with
/// it, say so on standard error in `lang` and go on.
pub fn check_missing(gaps: Vec<((u64, u64), GapAbout)>, partial: bool, lang: Lang) -> Result<(), RunError> {
    match gaps {
        gaps if gaps.is_empty() => Ok(()),
        gaps if !partial => Err(RunError::Missing(gaps)),
        gaps => {
            let missing = crate::run_error::missing_text(lang, &gaps);
            eprintln!("{}", lang.tr_with(key!("run-missing-note"), &[("missing", missing.into())]));
            Ok(())
        }
    }
}

/// The record file of a run (`--out`, `--resume`): the games already there when resuming (each
/// checked by `check`, which gives its number) and the file opened for the games to come; nothing
/// without a file.
pub fn open_run(
    out: Option<&Path>,
    resume: bool,
    run: Run,
    check: &mut Check,
) -> Result<(HashSet<u64>, Option<BufWriter<File>>)> {
    let Some(path) = out else { return Ok((HashSet::new(), None)) };
    let lang = match run {
        Run::Match(lang) | Run::Tournament(lang) => lang,
    };
    let done = if resume { self::resume(path, lang, check)? } else { HashSet::new() };
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
        .map_err(|e| RunError::CannotWrite(path.to_path_buf(), e.to_string()))?;
    Ok(BufWriter::new(f))
}

/// The progress bar of `len` games (hidden when `quiet`), in `lang`.
pub fn progress_bar(len: u64, quiet: bool, lang: Lang) -> ProgressBar {
    crate::progress::bar(len as usize, quiet, crate::progress::Counting::Games, lang)
}
