//! Course programs in Common Lisp as players: `lisp:PATH[,KEY=VALUE,...]` starts SBCL with the
//! adapter (`adapters/lisp/cavalo-adapter.lisp`, built into this crate) and the team's file, and
//! the adapter speaks the protocol for the team's function. The keys are the glue between the
//! team's function and the adapter (docs/en/championship.md):
//!
//! | key | values | default |
//! | --- | --- | --- |
//! | `function` | the function's name (`pkg::name` for another package) | `jogar` |
//! | `state` | `board-points`, `points-board`, `board` | `board-points` |
//! | `args` | the arguments in order, joined by `+`: `state`, `time`, `side` | `state+time` |
//! | `white-only` | `yes`: Black's turns are shown with the knights swapped | `no` |
//! | `time-scale` | the time handed over is the milliseconds times this | `1` |
//! | `reserve-ms` | milliseconds kept back from the limit | `20` |
//! | `cell-base` | a `(row column)` answer counts from `0` or `1` | `0` |
//! | `forced` | who plays placements and passes: `adapter` or `team` | `adapter` |
//! | `load-ms` | how long SBCL may take to start and load the team's file | `10000` |
//! | `heap-mb` | SBCL's heap (`--dynamic-space-size`), MiB; the whole memory is limited to it plus SBCL's own ([`memory_mb`]) | `2048` |
//! | `sbcl` | the SBCL program | `$CAVALO_SBCL`, else `sbcl` |
//! | `sandbox` | `yes`: the program runs in a sandbox ([`crate::sandbox`]: no network, only SBCL and a copy of its folder's files) | `no` |
//!
//! The adapter loads the team's file and looks for the function before the handshake: a load
//! error or a missing function is reported as `info string error: …` before it exits, a crash
//! before the first move. Infinite recursion and heap exhaustion are reported the same way when
//! SBCL can still run the adapter, and recognised on standard error when it cannot. The memory
//! limit reached (foreign memory, threads) is written on standard error by the adapter or by
//! SBCL's runtime, and recognised there ([`Sign::MemoryLimit`]).

pub mod report;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use thiserror::Error;

use crate::external::Launch;
use crate::sandbox;
use crate::termination::{Failure, Fault, Hint, Sign, Termination};

/// The adapter's source, built in: its rules (which define the package), then the rest, as one
/// file.
pub const ADAPTER: &str = concat!(
    include_str!("../../../adapters/lisp/cavalo-adapter-rules.lisp"),
    include_str!("../../../adapters/lisp/cavalo-adapter.lisp")
);

/// The keys a `lisp:` player accepts.
pub const KEYS: &[&str] = &[
    "function",
    "state",
    "args",
    "white-only",
    "time-scale",
    "reserve-ms",
    "cell-base",
    "forced",
    "load-ms",
    "heap-mb",
    "sbcl",
    "sandbox",
];

/// What the value of a `lisp:` player's key should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expected {
    /// `function`: a Lisp function's name.
    FunctionName,
    /// `state`: `board-points`, `points-board` or `board`.
    State,
    /// `args`: `state`, `time` and `side` joined by `+`.
    Args,
    /// `white-only`: yes or no.
    YesNo,
    /// `time-scale`: a positive number.
    PositiveNumber,
    /// `reserve-ms`: a whole number of milliseconds.
    ReserveMs,
    /// `cell-base`: 0 or 1.
    CellBase,
    /// `forced`: `adapter` or `team`.
    Forced,
    /// A whole number of milliseconds from `min` to `max` (`load-ms`).
    Millis {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A whole number of MiB from `min` to `max` (`heap-mb`).
    Mebibytes {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// `sbcl`: the SBCL program's path.
    SbclPath,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::FunctionName => f.write_str("a Lisp function name such as jogar"),
            Expected::State => f.write_str("board-points, points-board or board"),
            Expected::Args => f.write_str(
                "state, time and side joined by + (each at most once, state needed), e.g. state+time+side",
            ),
            Expected::YesNo => f.write_str("yes or no"),
            Expected::PositiveNumber => f.write_str("a positive number such as 1000 or 0.001"),
            Expected::ReserveMs => f.write_str("a whole number of milliseconds"),
            Expected::CellBase => f.write_str("0 or 1"),
            Expected::Forced => f.write_str("adapter or team"),
            Expected::Millis { min, max } => write!(f, "a whole number of milliseconds from {min} to {max}"),
            Expected::Mebibytes { min, max } => write!(f, "a whole number of MiB from {min} to {max}"),
            Expected::SbclPath => f.write_str("the path of the SBCL program"),
        }
    }
}

/// A `lisp:` player's `KEY=VALUE` that cannot be.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GlueError {
    /// The value does not fit the key.
    #[error("`{key}={value}`: expected {expected}")]
    Bad {
        /// The key.
        key: String,
        /// The value given (trimmed).
        value: String,
        /// What it should be.
        expected: Expected,
    },
    /// No such key.
    #[error("unknown key `{key}` (keys: {})", KEYS.join(", "))]
    UnknownKey {
        /// The key given.
        key: String,
    },
}

/// How long SBCL may take by default to start and load the team's file (`load-ms`).
pub const LOAD_MS: u64 = 10_000;

/// The bounds of `load-ms`.
const LOAD_MS_RANGE: std::ops::RangeInclusive<u64> = 100..=600_000;

/// SBCL's heap by default, in MiB (`heap-mb`): room for any course program, and a bound on
/// what a runaway one takes from a machine that runs several games at once.
pub const HEAP_MB: u64 = 2048;

/// The bounds of `heap-mb`.
const HEAP_MB_RANGE: std::ops::RangeInclusive<u64> = 64..=262_144;

/// What SBCL needs beside its heap, in MiB, for the limit of the whole address space
/// ([`memory_mb`]). Measured with SBCL 2.2.9 under `prlimit --as`: starting, loading the adapter
/// and a team's file and playing a move (GC included) needs 195 MiB beside a 64 or 256 MiB heap,
/// 197 beside 2048, 205 beside 8192 and 235 beside 32768 (the core, its fixed spaces, the
/// runtime's tables); the rest is margin, for a few threads (5.5 MiB each) or foreign buffers.
pub const SBCL_OVERHEAD_MB: u64 = 256;

/// What SBCL's tables take per GiB of heap, in MiB, on top of [`SBCL_OVERHEAD_MB`] (about 1.2
/// measured; doubled).
const SBCL_MB_PER_HEAP_GIB: u64 = 2;

/// The limit of a team program's whole address space, in MiB, for a heap of `heap_mb`: the
/// heap and what SBCL needs beside it. Foreign memory (`sb-alien`), threads' stacks and what
/// the program starts (each child under the same limit) count against it; past it the program
/// forfeits, named [`Sign::MemoryLimit`].
pub fn memory_mb(heap_mb: u64) -> u64 {
    heap_mb + SBCL_OVERHEAD_MB + heap_mb.div_ceil(1024) * SBCL_MB_PER_HEAP_GIB
}

/// Checks one `KEY=VALUE` of a `lisp:` player; returns the value in normal form.
pub fn check_glue(key: &str, value: &str) -> Result<String, GlueError> {
    let v = value.trim();
    let bad = |expected| Err(GlueError::Bad { key: key.to_string(), value: v.to_string(), expected });
    match key {
        "function" => {
            let ok =
                !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || "-_*+/<>=!?%&.:".contains(c));
            if ok { Ok(v.to_string()) } else { bad(Expected::FunctionName) }
        }
        "state" => match v {
            "board-points" | "points-board" | "board" => Ok(v.to_string()),
            _ => bad(Expected::State),
        },
        "args" => {
            let parts: Vec<&str> = v.split('+').map(str::trim).collect();
            let known = parts.iter().all(|p| ["state", "time", "side"].contains(p));
            let once = (1..parts.len()).all(|i| !parts[..i].contains(&parts[i]));
            if known && once && parts.contains(&"state") { Ok(parts.join("+")) } else { bad(Expected::Args) }
        }
        "white-only" | "sandbox" => match v {
            "yes" | "true" | "on" => Ok("yes".into()),
            "no" | "false" | "off" => Ok("no".into()),
            _ => bad(Expected::YesNo),
        },
        "time-scale" => match v.parse::<f64>() {
            Ok(x) if x > 0.0 && x.is_finite() && x <= 1e9 => Ok(v.to_string()),
            _ => bad(Expected::PositiveNumber),
        },
        "reserve-ms" => match v.parse::<u64>() {
            Ok(x) if x <= 60_000 => Ok(x.to_string()),
            _ => bad(Expected::ReserveMs),
        },
        "cell-base" => match v {
            "0" | "1" => Ok(v.to_string()),
            _ => bad(Expected::CellBase),
        },
        "forced" => match v {
            "adapter" | "team" => Ok(v.to_string()),
            _ => bad(Expected::Forced),
        },
        "load-ms" => whole_in(v, &LOAD_MS_RANGE)
            .ok_or(())
            .or_else(|()| bad(Expected::Millis { min: *LOAD_MS_RANGE.start(), max: *LOAD_MS_RANGE.end() })),
        "heap-mb" => whole_in(v, &HEAP_MB_RANGE).ok_or(()).or_else(|()| {
            bad(Expected::Mebibytes { min: *HEAP_MB_RANGE.start(), max: *HEAP_MB_RANGE.end() })
        }),
        "sbcl" if !v.is_empty() => Ok(v.to_string()),
        "sbcl" => bad(Expected::SbclPath),
        _ => Err(GlueError::UnknownKey { key: key.to_string() }),
    }
}

/// `v` as a whole number within `range`.
fn whole_in(v: &str, range: &std::ops::RangeInclusive<u64>) -> Option<String> {
    v.parse::<u64>().ok().filter(|x| range.contains(x)).map(|x| x.to_string())
}

/// A Lisp string literal.
fn lisp_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// FNV-1a: names the cached files, so that versions never mix.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The adapter's file, written once per process into the temporary directory.
/// On failure: where, and the system's words.
fn adapter_file() -> Result<PathBuf, (String, String)> {
    static FILE: OnceLock<Result<PathBuf, (String, String)>> = OnceLock::new();
    FILE.get_or_init(|| {
        let hash = fnv(ADAPTER.as_bytes());
        let path = std::env::temp_dir().join(format!("cavalo-adapter-{hash:016x}.lisp"));
        if std::fs::read_to_string(&path).is_ok_and(|s| s == ADAPTER) {
            return Ok(path);
        }
        let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
        std::fs::write(&tmp, ADAPTER)
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| (path.display().to_string(), e.to_string()))?;
        Ok(path)
    })
    .clone()
}

/// The adapter compiled by `sbcl`, beside its source and named by SBCL's version: loading it
/// takes a hundredth of a second instead of half a second of compiling at every start. Made once
/// per machine (and looked for once per process); `None` when it cannot be made, and then the
/// source is loaded.
fn compiled_adapter(sbcl: &str, source: &Path) -> Option<PathBuf> {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<PathBuf>>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(sbcl.to_string()).or_insert_with(|| compile_adapter(sbcl, source)).clone()
}

fn compile_adapter(sbcl: &str, source: &Path) -> Option<PathBuf> {
    let quiet = |c: &mut Command| {
        c.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
    };
    let mut version = Command::new(sbcl);
    version.arg("--version");
    quiet(&mut version);
    let version = version.output().ok().filter(|o| o.status.success())?.stdout;
    let fasl = source.with_extension(format!("{:016x}.fasl", fnv(&version)));
    if fasl.exists() {
        return Some(fasl);
    }
    let tmp = source.with_extension(format!("{}.fasl-tmp", std::process::id()));
    let form = format!(
        "(compile-file {} :output-file {})",
        lisp_string(&source.to_string_lossy()),
        lisp_string(&tmp.to_string_lossy())
    );
    let mut compile = Command::new(sbcl);
    compile.args(["--noinform", "--non-interactive", "--no-sysinit", "--no-userinit", "--eval", &form]);
    quiet(&mut compile);
    let made = compile.status().is_ok_and(|s| s.success()) && tmp.exists();
    if !made || std::fs::rename(&tmp, &fasl).is_err() {
        let _ = std::fs::remove_file(&tmp);
        return None;
    }
    Some(fasl)
}

/// The SBCL a team's program runs on when its glue names none: `$CAVALO_SBCL`, else `sbcl` on the
/// `PATH`.
pub fn sbcl() -> String {
    std::env::var("CAVALO_SBCL").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| "sbcl".into())
}

/// How to start the team's program at `path` with `glue` (checked `KEY=VALUE` pairs).
pub fn launch(path: &str, glue: &[(String, String)]) -> Result<Launch, Failure> {
    let crash = |fault: Fault| Failure::new(Termination::Crash, fault);
    let file = std::fs::canonicalize(path)
        .map_err(|e| crash(Fault::CannotReadProgram { path: path.to_string(), error: e.to_string() }))?;
    let get = |k: &str| glue.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let sbcl = get("sbcl").map_or_else(sbcl, str::to_string);
    let source = adapter_file().map_err(|(path, error)| crash(Fault::NoAdapter { path, error }))?;
    let adapter = compiled_adapter(&sbcl, &source).unwrap_or(source);
    let name =
        Path::new(path).file_name().map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
    // In the sandbox, the team's folder is copied to TEAM_DIR.
    let cell = match get("sandbox") {
        Some("yes") => {
            Some(sandbox::Cell::new(file.parent()).map_err(|error| crash(Fault::NoSandbox { error }))?)
        }
        _ => None,
    };
    let loaded = match cell {
        Some(_) => {
            format!("{}/{}", sandbox::TEAM_DIR, file.file_name().unwrap_or_default().to_string_lossy())
        }
        None => file.to_string_lossy().into_owned(),
    };
    let mut form = format!("(cavalo-adapter:main :file {}", lisp_string(&loaded));
    if let Some(f) = get("function") {
        form += &format!(" :function {}", lisp_string(f));
    }
    if let Some(s) = get("state") {
        form += &format!(" :state :{s}");
    }
    if let Some(a) = get("args") {
        let list: Vec<String> = a.split('+').map(|p| format!(":{p}")).collect();
        form += &format!(" :args '({})", list.join(" "));
    }
    if get("white-only") == Some("yes") {
        form += " :white-only t";
    }
    for key in ["time-scale", "reserve-ms", "cell-base"] {
        if let Some(v) = get(key) {
            // Checked numbers: 1000, 0.001 (read as a Lisp float), 20.
            form += &format!(" :{key} {v}");
        }
    }
    if let Some(f) = get("forced") {
        form += &format!(" :forced :{f}");
    }
    if cell.is_some() {
        form += &format!(" :processes {}", sandbox::PROCESSES);
    }
    form.push(')');
    let heap = get("heap-mb").and_then(|v| v.parse().ok()).unwrap_or(HEAP_MB);
    let load_ms = get("load-ms").and_then(|v| v.parse().ok()).unwrap_or(LOAD_MS);
    // No --lose-on-corruption: that makes SBCL die with its backtrace on standard output at a
    // control stack exhaustion, which the adapter reports instead.
    let runtime = [
        "--noinform".to_string(),
        "--disable-ldb".into(),
        "--dynamic-space-size".into(),
        format!("{heap}MB"),
    ];
    let loaded_adapter = match cell {
        Some(_) => sandbox::adapter_inside(&adapter),
        None => adapter.to_string_lossy().into_owned(),
    };
    let toplevel = ["--end-runtime-options", "--no-sysinit", "--no-userinit", "--disable-debugger", "--load"];
    let args = runtime
        .into_iter()
        .chain(toplevel.iter().map(|s| s.to_string()))
        .chain([loaded_adapter, "--eval".into(), form])
        .collect();
    let launch = Launch {
        program: sbcl.clone(),
        args,
        shown: format!("{sbcl} with the adapter and {path}"),
        hint: Some(Hint::InstallSbcl),
        startup: Duration::from_millis(load_ms),
        late_start: Some(name),
        signs: signs(heap),
        memory_mb: Some(memory_mb(heap)),
        confined: None,
    };
    let Some(cell) = cell else { return Ok(launch) };
    sandbox::confine(launch, cell, &sbcl, Some(&adapter)).map_err(|error| crash(Fault::NoSandbox { error }))
}

/// What SBCL writes on standard error when it dies without the adapter's word, and the
/// adapter's own line for the memory limit (its `+memory-sign+`).
fn signs(heap_mb: u64) -> Vec<(String, Sign)> {
    let memory = Sign::MemoryLimit { limit_mb: memory_mb(heap_mb), heap_mb };
    vec![
        ("Heap exhausted".into(), Sign::HeapExhausted { heap_mb }),
        ("Control stack exhausted".into(), Sign::ControlStackExhausted),
        ("cavalo-adapter: memory limit reached".into(), memory),
        // The runtime's words when a thread's or its own memory cannot be mapped.
        ("failed with ENOMEM".into(), memory),
        ("Cannot allocate memory".into(), memory),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glue_is_checked() {
        assert_eq!(check_glue("args", "state + side+time").unwrap(), "state+side+time");
        assert!(check_glue("args", "time").is_err());
        assert!(check_glue("args", "state+state").is_err());
        assert!(check_glue("function", "jogar\") (run-program").is_err());
        assert_eq!(check_glue("function", "equipa::jogar").unwrap(), "equipa::jogar");
        assert!(check_glue("time-scale", "0").is_err());
        assert_eq!(check_glue("white-only", "true").unwrap(), "yes");
        assert!(check_glue("colour", "x").unwrap_err().to_string().contains("unknown key"));
        assert_eq!(check_glue("load-ms", " 30000 ").unwrap(), "30000");
        for bad in ["99", "600001", "abc", "-5", "1e4"] {
            assert!(
                check_glue("load-ms", bad).unwrap_err().to_string().contains("from 100 to 600000"),
                "{bad}"
            );
        }
        assert_eq!(check_glue("heap-mb", "512").unwrap(), "512");
        assert!(check_glue("heap-mb", "8").is_err() && check_glue("heap-mb", "999999").is_err());
        assert_eq!(lisp_string(r#"a"b\c"#), r#""a\"b\\c""#);
    }

    #[test]
    fn the_launch_names_sbcl_the_adapter_and_the_glue() {
        let dir = std::env::temp_dir();
        let team = dir.join(format!("cavalo-lisp-test-{}.lisp", std::process::id()));
        std::fs::write(&team, "(defun jogar (e tm) e)").unwrap();
        let glue = vec![
            ("function".to_string(), "jogar".to_string()),
            ("args".to_string(), "state+time+side".to_string()),
            ("white-only".to_string(), "yes".to_string()),
            ("time-scale".to_string(), "1000".to_string()),
            ("sbcl".to_string(), "/opt/sbcl".to_string()),
            ("load-ms".to_string(), "2500".to_string()),
        ];
        let l = launch(team.to_str().unwrap(), &glue).unwrap();
        assert_eq!(l.program, "/opt/sbcl");
        // The default heap, the load limit given, and no backtrace on standard output.
        let runtime = l.args.iter().position(|a| a == "--end-runtime-options").unwrap();
        assert_eq!(l.args[..runtime], ["--noinform", "--disable-ldb", "--dynamic-space-size", "2048MB"]);
        assert_eq!(l.startup, Duration::from_millis(2500));
        let late = l.late_start.as_deref().unwrap();
        assert!(late.starts_with("cavalo-lisp-test-") && late.ends_with(".lisp"), "{late}");
        assert!(l.signs.iter().any(|(sign, meaning)| sign == "Heap exhausted"
            && *meaning == Sign::HeapExhausted { heap_mb: 2048 }
            && meaning.to_string().contains("2048 MiB")));
        // The whole address space: the heap and SBCL's own.
        assert_eq!(l.memory_mb, Some(2048 + 256 + 4));
        assert!(l.signs.iter().any(|(sign, meaning)| sign == "cavalo-adapter: memory limit reached"
            && *meaning == Sign::MemoryLimit { limit_mb: 2308, heap_mb: 2048 }
            && meaning.to_string().contains("all of its 2308 MiB of memory")));
        let form = l.args.last().unwrap();
        assert!(form.contains(":args '(:state :time :side)") && form.contains(":white-only t"), "{form}");
        assert!(form.contains(":time-scale 1000"), "{form}");
        let adapter = &l.args[l.args.len() - 3];
        assert_eq!(std::fs::read_to_string(adapter).unwrap(), ADAPTER);
        assert!(launch("/no/such/team.lisp", &[]).unwrap_err().detail().contains("/no/such/team.lisp"));
        std::fs::remove_file(team).unwrap();
    }
}
