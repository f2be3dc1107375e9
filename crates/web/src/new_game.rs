//! The new-game form of `POST /api/games`: what a client may ask for (the mode, the side, the
//! computer players and our engine's level, the time per move, the board and the rules), each
//! checked and refused in the request's language, turned into the game's set-up.

use cavalo_engine::{Options, PlayerKind, level};
use cavalo_rules::{Rules, Side, Start};
use cavalo_session::i18n::{Arg, Key, Lang};
use cavalo_session::{EngineConfig, GameConfig, Mode, key, present, read_start};
use serde::Deserialize;

use crate::App;
use crate::error::{ApiError, ApiResult};

/// The shortest time per move a game may ask for, in milliseconds.
pub(crate) const MIN_TIME_MS: u64 = 10;

/// The new-game form.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, ts(optional_fields))]
pub(crate) struct NewGame {
    /// `human-computer` (default), `computer-computer`, `human-human` (or `hc`, `cc`, `hh`).
    #[serde(default)]
    mode: Option<String>,
    /// The human's side against the computer: `white` (default) or `black`.
    #[serde(default)]
    human: Option<String>,
    /// The computer player: `cavalo` (default), `cavalo:level=N`, `classic[:D]`, `greedy`,
    /// `random[:S]`.
    #[serde(default)]
    engine: Option<String>,
    /// Our engine's level, 1 to 8 (default 8, full strength), for every side it plays.
    #[serde(default)]
    level: Option<i64>,
    #[serde(default)]
    white_engine: Option<String>,
    #[serde(default)]
    black_engine: Option<String>,
    /// The computer's time per move, ms (default 1000).
    #[serde(default)]
    time_ms: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
    /// A position string, a course Lisp board or `seed:N`.
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    rules: Option<Rules>,
    /// Listed for everyone on the server (default: only for the holders of its seats).
    #[serde(default)]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub(crate) public: bool,
}

/// A level of the form, in its range.
fn checked_level(level: i64, lang: Lang) -> ApiResult<u8> {
    match u8::try_from(level) {
        Ok(l) if (level::WEAKEST..=level::FULL).contains(&l) => Ok(l),
        _ => Err(ApiError::bad(
            lang,
            key!("api-bad-level"),
            &[
                ("level", Arg::from(level.to_string())),
                ("min", u64::from(level::WEAKEST).into()),
                ("max", u64::from(level::FULL).into()),
            ],
        )
        .code("bad_level")),
    }
}

/// A computer player of the form: its text (`cavalo`, `cavalo:level=3`, `classic:4`, …), of
/// whose options a client may choose the level and its seed only (the server sizes the rest),
/// and the form's `level` over it. One thread, the server's table.
fn engine_config(text: &str, level: Option<u8>, hash_mib: usize, lang: Lang) -> ApiResult<EngineConfig> {
    let bad = |key: Key, reason: String| {
        ApiError::bad(lang, key, &[("engine", text.into()), ("reason", reason.into())]).code("bad_engine")
    };
    let chosen: EngineConfig =
        text.parse().map_err(|e| bad(key!("api-bad-engine"), present::player_error_text(lang, &e)))?;
    let mut options =
        Options { level: chosen.options.level, seed: chosen.options.seed, ..Options::default() };
    if options != chosen.options {
        return Err(bad(key!("api-engine-options"), String::new()));
    }
    if chosen.engine == PlayerKind::Cavalo {
        options.level = level.unwrap_or(options.level);
    }
    options.hash_mib = hash_mib;
    options.threads = 1;
    Ok(EngineConfig { engine: chosen.engine, options })
}

/// A new board's seed, from the operating system's randomness (through `rand`).
fn random_seed() -> u64 {
    rand::random()
}

pub(crate) fn game_config(app: &App, req: NewGame, lang: Lang) -> ApiResult<GameConfig> {
    let rules = req.rules.unwrap_or(app.config().default_rules);
    let position = req.position.filter(|p| !p.trim().is_empty());
    let start = match (req.seed, position) {
        (Some(_), Some(_)) => return Err(ApiError::bad(lang, key!("api-seed-or-position"), &[])),
        (Some(seed), None) => Start::Seed(seed),
        (None, Some(p)) => read_start(&p, rules)
            .map_err(|e| ApiError::bad(lang, key!("api-bad-position"), &[("reason", e.into())]))?,
        (None, None) => Start::Seed(random_seed()),
    };
    let mode = match req.mode.as_deref() {
        None => Mode::HumanComputer,
        Some(m) => {
            Mode::parse(m).ok_or_else(|| ApiError::bad(lang, key!("bad-mode"), &[("mode", m.into())]))?
        }
    };
    let human = match req.human.as_deref() {
        None => Side::White,
        Some(h) => {
            Side::parse(h).ok_or_else(|| ApiError::bad(lang, key!("bad-side"), &[("side", h.into())]))?
        }
    };
    let level = req.level.map(|l| checked_level(l, lang)).transpose()?;
    let engine = |text: Option<&str>| -> ApiResult<EngineConfig> {
        let text = text.or(req.engine.as_deref()).unwrap_or("cavalo");
        engine_config(text, level, app.config().hash_mib, lang)
    };
    let engines = [engine(req.white_engine.as_deref())?, engine(req.black_engine.as_deref())?];
    if level.is_some() && !engines.iter().any(|e| e.engine == PlayerKind::Cavalo) {
        return Err(ApiError::bad(lang, key!("api-level-not-cavalo"), &[]).code("bad_level"));
    }
    let time_ms = req.time_ms.unwrap_or(1000);
    let max = app.config().max_time_ms;
    if !(MIN_TIME_MS..=max).contains(&time_ms) {
        let args = [("min", Arg::from(MIN_TIME_MS)), ("max", max.into()), ("time", time_ms.into())];
        return Err(ApiError::bad(lang, key!("api-bad-time"), &args));
    }
    let dir = &app.config().data_dir;
    Ok(GameConfig {
        rules,
        time_ms,
        log: Some(dir.join("log.dat")),
        ..GameConfig::for_mode(start, mode, human, engines)
    })
}
