//! What stops `cavalo match`, `cavalo tournament` and their merges, typed ([`RunError`]) and
//! worded from the catalogues (`run-*`, `spec-*`, `aspect-*`) in the reader's language: the
//! command returns the error, `main` words it in the command's language. A system's or a JSON
//! reader's own words (in English) follow the sentence quoted (`with-detail`), never instead
//! of it. `Display` is the English text.

use std::fmt;
use std::path::{Path, PathBuf};

use cavalo_match::ParseSpecError;
use cavalo_match::error::Aspect;
use cavalo_match::{PlanError, RecordMismatch, SpecError, SprtError};
use cavalo_session::i18n::{Arg, Key, Lang};
use cavalo_session::key;
use cavalo_session::present::player_error_text;

/// Where a record is: its file and line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    /// The file.
    pub path: PathBuf,
    /// The line, from 1.
    pub line: usize,
}

impl At {
    /// `FILE, line N`.
    pub fn text(&self, lang: Lang) -> String {
        lang.tr_with(
            key!("run-at-line"),
            &[("path", shown(&self.path).into()), ("line", Arg::Count(self.line as u64))],
        )
    }
}

/// What is wrong with one record of a match or tournament being resumed or merged.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// It does not fit the match or tournament (the match crate's error).
    Record(RecordMismatch),
    /// Its match differs from the first record's, at `first`.
    OtherMatch {
        /// The game.
        game: u64,
        /// What differs.
        what: Aspect,
        /// Its value in the first record.
        here: String,
        /// Its value in this one.
        there: String,
        /// Where the first record is.
        first: At,
    },
    /// Its tournament differs from the first record's, at `first`.
    OtherTournament {
        /// What differs.
        what: Aspect,
        /// Its value in the first record.
        here: String,
        /// Its value in this one.
        there: String,
        /// Where the first record is.
        first: At,
    },
    /// It is no tournament's record.
    NotTournament,
}

/// What a range of missing games is: its boards, and for a tournament its pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GapAbout {
    /// A match's games on these seeds (first, last).
    Seeds(u64, u64),
    /// A tournament's games of one pairing, on these seeds.
    Pairing {
        /// The players' names.
        players: [String; 2],
        /// The first and last seed.
        seeds: (u64, u64),
    },
}

/// Why `match`, `tournament` or a merge stops.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    /// `--seeds` is not `A..B`.
    SeedsNotRange(String),
    /// `--seeds` with B below A.
    SeedsEmpty(String),
    /// `--games` odd or zero.
    GamesOdd(u64),
    /// A flag that must be at least 1 (`--time-ms`, `--time-ms2`, …) is 0.
    AtLeastOne(&'static str),
    /// `--option1`/`--option2` for a built-in player.
    OptionsNotExternal(&'static str),
    /// `--option1` not `NAME=VALUE`.
    OptionNotNameValue {
        /// `option1` or `option2`.
        flag: &'static str,
        /// What was given.
        given: String,
    },
    /// A player's text names no player.
    BadPlayer {
        /// `--engine1`, `--engine2`, `--player`.
        flag: &'static str,
        /// What was given.
        given: String,
        /// Why.
        error: Box<ParseSpecError>,
    },
    /// `--shard` is not `K/N`.
    BadShard(String),
    /// A player found wrong before the first game.
    Spec(SpecError),
    /// A tournament that cannot be planned.
    Plan(PlanError),
    /// SPRT parameters that make no test.
    Sprt(SprtError),
    /// A file that cannot be read; the system's words.
    CannotRead(PathBuf, String),
    /// A file that cannot be written; the system's words.
    CannotWrite(PathBuf, String),
    /// A line that is not a game record; the JSON reader's words.
    NotRecord(At, String),
    /// A record that does not fit (`resume`: found by `--resume`).
    InLine {
        /// Where.
        at: At,
        /// What is wrong.
        problem: Box<Problem>,
        /// Whether found by `--resume` (else by a merge).
        resume: bool,
    },
    /// One file named twice in a merge.
    NamedTwice(PathBuf),
    /// A game in two files of a merge.
    GameTwice {
        /// The game.
        game: u64,
        /// Where it was first.
        first: At,
        /// Where again.
        second: At,
    },
    /// A game twice in the file `--resume` continues.
    ResumeTwice(At, u64),
    /// A merge of files without games.
    NoGames(Vec<PathBuf>),
    /// A merge with games missing (ranges of game numbers, what each is), without `--partial`.
    Missing(Vec<((u64, u64), GapAbout)>),
    /// `--anchor` names no player.
    NoAnchor {
        /// The name given.
        name: String,
        /// The players' names.
        players: Vec<String>,
    },
}

impl std::error::Error for RunError {}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// A path as it is shown.
fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// `sentence` with `detail` (another program's words) quoted after it.
pub fn with_detail(lang: Lang, sentence: String, detail: &str) -> String {
    lang.with_detail(sentence, detail)
}

/// Seeds as words: `semente 21`, `sementes 21..40`.
pub fn seeds_text(lang: Lang, first: u64, last: u64) -> String {
    if first == last {
        lang.tr_with(key!("run-seed"), &[("seed", Arg::Count(first))])
    } else {
        lang.tr_with(key!("run-seeds"), &[("first", Arg::Count(first)), ("last", Arg::Count(last))])
    }
}

/// Why a text names no player, in words.
pub fn parse_spec_text(lang: Lang, e: &ParseSpecError) -> String {
    // Keys are typed as they are: each in backquotes.
    let listed = |keys: &mut dyn Iterator<Item = &str>| {
        Arg::from(keys.map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "))
    };
    let lisp_keys = || listed(&mut cavalo_match::lisp::KEYS.iter().copied());
    match e {
        ParseSpecError::NoCommand => lang.tr(key!("spec-no-command")),
        ParseSpecError::NoLispFile => lang.tr(key!("spec-no-lisp-file")),
        ParseSpecError::NotKeyValue { item, .. } => {
            lang.tr_with(key!("spec-not-key-value"), &[("item", item.as_str().into()), ("keys", lisp_keys())])
        }
        ParseSpecError::Glue { error, .. } => cavalo_match::words::glue_error_text(lang, error),
        ParseSpecError::UnknownKey { key, .. } => lang.tr_with(
            key!("spec-unknown-key"),
            &[("key", key.as_str().into()), ("keys", listed(&mut cavalo_engine::spec_keys().split(", ")))],
        ),
        ParseSpecError::Player(cavalo_engine::PlayerError::Unknown(player)) => lang.tr_with(
            key!("spec-unknown-player"),
            &[("player", player.as_str().into()), ("help", cavalo_engine::PlayerKind::HELP.into())],
        ),
        ParseSpecError::Player(e) => player_error_text(lang, e),
        ParseSpecError::NameTwice { .. } => lang.tr(key!("spec-name-twice")),
        ParseSpecError::EmptyName { .. } => lang.tr(key!("spec-name-empty")),
        ParseSpecError::LongName { name } => lang.tr_with(
            key!("spec-name-long"),
            &[("name", name.as_str().into()), ("max", Arg::Count(cavalo_match::spec::NAME_MAX_CHARS as u64))],
        ),
        ParseSpecError::HiddenName { .. } => lang.tr(key!("spec-name-hidden")),
        other => other.to_string(),
    }
}

impl Problem {
    /// The problem in words.
    pub fn text(&self, lang: Lang) -> String {
        let differs = |key: Key, what: Aspect, here: &str, there: &str, first: &At, game: Option<u64>| {
            let mut args = vec![
                ("what", Arg::from(cavalo_match::words::aspect_text(lang, what))),
                ("here", here.into()),
                ("there", there.into()),
                ("first", first.text(lang).into()),
            ];
            args.extend(game.map(|g| ("game", Arg::Count(g))));
            lang.tr_with(key, &args)
        };
        match self {
            Problem::Record(e) => cavalo_match::words::record_mismatch_text(lang, e),
            Problem::OtherMatch { game, what, here, there, first } => {
                differs(key!("run-other-match"), *what, here, there, first, Some(*game))
            }
            Problem::OtherTournament { what, here, there, first } => {
                differs(key!("run-other-tournament"), *what, here, there, first, None)
            }
            Problem::NotTournament => lang.tr(key!("run-not-tournament-record")),
        }
    }
}

/// The games missing from a merge, in words: `faltam os jogos 40..79 (sementes 21..40), o jogo
/// 91 (semente 46)`; at most the first eight ranges are listed.
pub fn missing_text(lang: Lang, gaps: &[((u64, u64), GapAbout)]) -> String {
    const SHOWN: usize = 8;
    let about = |a: &GapAbout| match a {
        GapAbout::Seeds(first, last) => seeds_text(lang, *first, *last),
        GapAbout::Pairing { players, seeds } => lang.tr_with(
            key!("run-pairing"),
            &[
                ("first", players[0].as_str().into()),
                ("second", players[1].as_str().into()),
                ("seeds", seeds_text(lang, seeds.0, seeds.1).into()),
            ],
        ),
    };
    let mut list: Vec<String> = gaps
        .iter()
        .take(SHOWN)
        .map(|((a, b), what)| {
            let what = ("about", Arg::from(about(what)));
            if a == b {
                lang.tr_with(key!("run-missing-game"), &[("game", Arg::Count(*a)), what])
            } else {
                lang.tr_with(
                    key!("run-missing-games"),
                    &[("first", Arg::Count(*a)), ("last", Arg::Count(*b)), what],
                )
            }
        })
        .collect();
    if gaps.len() > SHOWN {
        list.push(
            lang.tr_with(key!("run-missing-more"), &[("count", Arg::Count((gaps.len() - SHOWN) as u64))]),
        );
    }
    let one = gaps.len() == 1 && gaps[0].0.0 == gaps[0].0.1;
    let key = if one { key!("run-missing-one") } else { key!("run-missing-many") };
    lang.tr_with(key, &[("list", list.join(", ").into())])
}

impl RunError {
    /// The error in words, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let given = |key: Key, s: &str| lang.tr_with(key, &[("given", s.into())]);
        let path = |key: Key, p: &Path| lang.tr_with(key, &[("path", shown(p).into())]);
        match self {
            RunError::SeedsNotRange(s) => given(key!("run-seeds-not-range"), s),
            RunError::SeedsEmpty(s) => given(key!("run-seeds-empty"), s),
            RunError::GamesOdd(n) => lang.tr_with(key!("run-games-odd"), &[("games", Arg::Count(*n))]),
            RunError::AtLeastOne(flag) => lang.tr_with(key!("run-at-least-one"), &[("flag", (*flag).into())]),
            RunError::OptionsNotExternal(flag) => {
                lang.tr_with(key!("run-options-not-external"), &[("flag", (*flag).into())])
            }
            RunError::OptionNotNameValue { flag, given } => lang.tr_with(
                key!("run-option-not-name-value"),
                &[("flag", (*flag).into()), ("given", given.as_str().into())],
            ),
            RunError::BadPlayer { flag, given, error } => lang.tr_with(
                key!("run-bad-player"),
                &[
                    ("flag", (*flag).into()),
                    ("given", given.as_str().into()),
                    ("reason", parse_spec_text(lang, error).into()),
                ],
            ),
            RunError::BadShard(s) => given(key!("run-bad-shard"), s),
            RunError::Spec(e) => cavalo_match::words::spec_error_text(lang, e),
            RunError::Plan(e) => cavalo_match::words::plan_error_text(lang, e),
            RunError::Sprt(e) => cavalo_match::words::sprt_error_text(lang, e),
            RunError::CannotRead(p, e) => with_detail(lang, path(key!("run-cannot-read"), p), e),
            RunError::CannotWrite(p, e) => with_detail(lang, path(key!("run-cannot-write"), p), e),
            RunError::NotRecord(at, e) => {
                with_detail(lang, lang.tr_with(key!("run-not-record"), &[("at", at.text(lang).into())]), e)
            }
            RunError::InLine { at, problem, resume } => {
                let key = if *resume { key!("run-resume-line") } else { key!("run-in-line") };
                lang.tr_with(key, &[("at", at.text(lang).into()), ("problem", problem.text(lang).into())])
            }
            RunError::NamedTwice(p) => path(key!("run-named-twice"), p),
            RunError::GameTwice { game, first, second } => lang.tr_with(
                key!("run-game-twice"),
                &[
                    ("game", Arg::Count(*game)),
                    ("first", first.text(lang).into()),
                    ("second", second.text(lang).into()),
                ],
            ),
            RunError::ResumeTwice(at, game) => lang.tr_with(
                key!("run-resume-twice"),
                &[("at", at.text(lang).into()), ("game", Arg::Count(*game))],
            ),
            RunError::NoGames(paths) => {
                let paths: Vec<String> = paths.iter().map(|p| shown(p)).collect();
                lang.tr_with(key!("run-no-games"), &[("paths", paths.join(", ").into())])
            }
            RunError::Missing(gaps) => {
                lang.tr_with(key!("run-missing-refused"), &[("missing", missing_text(lang, gaps).into())])
            }
            RunError::NoAnchor { name, players } => lang.tr_with(
                key!("run-no-anchor"),
                &[("name", name.as_str().into()), ("players", players.join(", ").into())],
            ),
        }
    }
}

/// `--seeds A..B` (or `A..=B`) as the first seed and the count.
pub fn seed_range(s: &str) -> Result<(u64, u64), RunError> {
    let bad = || RunError::SeedsNotRange(s.to_string());
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().trim_start_matches('=').parse().map_err(|_| bad())?;
    if b < a {
        return Err(RunError::SeedsEmpty(s.to_string()));
    }
    Ok((a, b - a + 1))
}

/// A player of `--FLAG`, or why the text names none.
pub fn player(flag: &'static str, given: &str) -> Result<cavalo_match::NamedPlayer, RunError> {
    given.parse().map_err(|error| RunError::BadPlayer {
        flag,
        given: given.to_string(),
        error: Box::new(error),
    })
}

/// `--shard K/N`.
pub fn shard(given: &str) -> Result<cavalo_match::Shard, RunError> {
    given.parse().map_err(|_| RunError::BadShard(given.to_string()))
}

#[cfg(test)]
mod tests;
