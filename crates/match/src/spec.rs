//! Who plays a side of a match: a built-in player or an external engine.

use std::fmt;
use std::str::FromStr;

use cavalo_engine::{OptionError, Options, PlayerChoice, PlayerError, PlayerKind};
use thiserror::Error;

use crate::lisp::GlueError;

/// A side of a match, parsed from the command line:
///
/// - `cavalo`, or `cavalo:KEY=VALUE,...` with the engine's options (`hash` in MiB, `threads`,
///   `quiescence` `on`/`off`, and every search parameter such as `lmr_depth`; see
///   [`cavalo_engine::Options`]): our engine, in this process;
/// - `classic[:DEPTH]`, `greedy`, `random[:SEED]`: the reference players, in this process;
/// - `lisp:PATH[,KEY=VALUE,...]`: a course program in Common Lisp, through the adapter (keys in
///   [`crate::lisp`]), e.g. `lisp:team.lisp,function=jogada,white-only=yes`;
/// - `cmd:COMMAND LINE`: an external program speaking the engine protocol (PROTOCOL.md), started
///   by `/bin/sh -c 'exec COMMAND LINE'` (so it may carry arguments and shell quoting), e.g.
///   `cmd:./target/release/cavalo engine` or `cmd:/opt/other/engine --quiet`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A player run in this process.
    Builtin {
        /// Which player.
        kind: PlayerKind,
        /// Engine options (for `cavalo`).
        options: Options,
    },
    /// An external engine.
    External {
        /// The command line.
        command: String,
        /// `setoption` commands sent after the handshake: (name, value).
        options: Vec<(String, String)>,
    },
    /// A course program in Common Lisp, played through the adapter under SBCL ([`crate::lisp`]).
    Lisp {
        /// The team's file.
        path: String,
        /// The glue: checked (key, value) pairs in the order given.
        glue: Vec<(String, String)>,
    },
}

impl PlayerSpec {
    /// The accepted forms, for help texts.
    pub const HELP: &'static str = "cavalo[:level=1..8,seed=S,hash=MIB,threads=N,quiescence=on|off,PARAM=VALUE...] | classic[:DEPTH] | greedy | random[:SEED] | cmd:COMMAND | lisp:FILE[,KEY=VALUE...]; any of them with ,name=TEXT";

    /// Whether this is an external engine.
    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::External { .. } | PlayerSpec::Lisp { .. })
    }

    /// What can be checked before the first game: a Lisp program's file exists and is a file.
    /// (A missing file would otherwise forfeit every game as a crash.)
    pub fn check_ready(&self) -> Result<(), SpecError> {
        match self {
            PlayerSpec::Lisp { path, .. } => match std::fs::metadata(path) {
                Ok(m) if m.is_file() => Ok(()),
                Ok(_) => Err(SpecError::NotAFile { path: path.clone() }),
                Err(e) => {
                    Err(SpecError::CannotRead { path: path.clone(), kind: e.kind(), error: e.to_string() })
                }
            },
            _ => Ok(()),
        }
    }
}

/// What is wrong with the players of a match or tournament, found before the first game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A Lisp program's path is not a file.
    #[error("the Lisp program `{path}` is not a file")]
    NotAFile {
        /// The path given.
        path: String,
    },
    /// A Lisp program's file cannot be read.
    #[error("cannot read the Lisp program `{path}`: {error}")]
    CannotRead {
        /// The path given.
        path: String,
        /// The failure's kind (`NotFound`, `PermissionDenied`, …).
        kind: std::io::ErrorKind,
        /// The system's words.
        error: String,
    },
    /// Two players would be shown under one name.
    #[error("two players are named `{0}`: give each its own name (name=TEXT)")]
    SameName(String),
}

impl SpecError {
    /// The kind, for front ends: `program` (the Lisp file) or `names`.
    pub fn kind(&self) -> &'static str {
        match self {
            SpecError::NotAFile { .. } | SpecError::CannotRead { .. } => "program",
            SpecError::SameName(_) => "names",
        }
    }
}

/// The most characters a player's name may have.
pub const NAME_MAX_CHARS: usize = 40;

/// Why a text names no player of a match or a tournament (`--engine1`, `--player`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseSpecError {
    /// `cmd:` with nothing after it.
    #[error("`cmd:` needs a command, e.g. `cmd:./my-engine`")]
    NoCommand,
    /// `lisp:` with no file.
    #[error("`lisp:` needs the team's file, e.g. `lisp:team.lisp,function=jogar`")]
    NoLispFile,
    /// An item of `lisp:` that is not `KEY=VALUE`.
    #[error("`{item}` in `{spec}` is not KEY=VALUE (keys: {})", crate::lisp::KEYS.join(", "))]
    NotKeyValue {
        /// The item.
        item: String,
        /// The whole text.
        spec: String,
    },
    /// A `lisp:` key or its value refused.
    #[error("{error} in `{spec}`")]
    Glue {
        /// Why.
        error: GlueError,
        /// The whole text.
        spec: String,
    },
    /// A key of `cavalo:` that the engine does not have.
    #[error("unknown key `{key}` in `{spec}` (keys: {})", cavalo_engine::spec_keys())]
    UnknownKey {
        /// The key.
        key: String,
        /// The whole text.
        spec: String,
    },
    /// Not a built-in player (or a built-in player's option refused).
    #[error("{}", player_words(.0))]
    Player(PlayerError),
    /// `name=` twice.
    #[error("`name=` is given twice in `{spec}`")]
    NameTwice {
        /// The whole text.
        spec: String,
    },
    /// `name=` with nothing.
    #[error("the name in `{spec}` is empty: give the player a name, e.g. `name=Equipa 1`")]
    EmptyName {
        /// The whole text.
        spec: String,
    },
    /// A name too long.
    #[error("the name `{name}` is longer than {} characters", NAME_MAX_CHARS)]
    LongName {
        /// The name.
        name: String,
    },
    /// A name with a character not shown (a control, a direction mark).
    #[error("the name in `{spec}` holds a character that is not printable")]
    HiddenName {
        /// The whole text.
        spec: String,
    },
}

/// A built-in player's refusal, with the other forms named when the text named no player.
fn player_words(e: &PlayerError) -> String {
    match e {
        PlayerError::Option { .. } => e.to_string(),
        _ => format!("{e}, or cmd:COMMAND for an external engine, or lisp:FILE for a Lisp program"),
    }
}

/// A player as `match` and `tournament` take it: what plays, and the name that reports and game
/// records show for it (`name=TEXT`; without one they show the spec, or a short form of it).
///
/// `name=` is one of the comma keys of `lisp:` and `cavalo:` (anywhere among them:
/// `lisp:a/projeto.lisp,name=Equipa A,function=jogar`, `cavalo:hash=16,name=Nós`), and the last
/// item of every other form: `cmd:./engine --fast,name=Rápido`, `greedy,name=Guloso`,
/// `classic:4,name=Clássico`, `random:7,name=Sorte`, `cavalo,name=Cavalo`. A name is 1 to
/// [`NAME_MAX_CHARS`] printable characters without a comma.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPlayer {
    /// What plays.
    pub spec: PlayerSpec,
    /// The name given with `name=`, if any.
    pub name: Option<String>,
}

impl FromStr for NamedPlayer {
    type Err = ParseSpecError;

    fn from_str(s: &str) -> Result<NamedPlayer, ParseSpecError> {
        let (rest, name) = split_name(s)?;
        Ok(NamedPlayer { spec: rest.parse()?, name })
    }
}

/// `s` without its `name=TEXT` item, and the name checked.
fn split_name(s: &str) -> Result<(String, Option<String>), ParseSpecError> {
    let t = s.trim();
    let twice = || ParseSpecError::NameTwice { spec: s.to_string() };
    let lower = t.to_ascii_lowercase();
    let keyed = ["lisp:", "cavalo:"].into_iter().find(|p| lower.starts_with(p));
    if let Some(prefix) = keyed {
        // Every item of `cavalo:` is a key; the first of `lisp:` is the file.
        let skip = usize::from(prefix == "lisp:");
        let mut name = None;
        let mut kept = Vec::new();
        for (i, item) in t[prefix.len()..].split(',').enumerate() {
            match item.split_once('=') {
                Some((k, v)) if i >= skip && k.trim().eq_ignore_ascii_case("name") => {
                    if name.replace(check_name(v, s)?).is_some() {
                        return Err(twice());
                    }
                }
                _ => kept.push(item),
            }
        }
        let rest = match kept.join(",") {
            empty if empty.trim().is_empty() && prefix == "cavalo:" => "cavalo".to_string(),
            body => format!("{}{body}", &t[..prefix.len()]),
        };
        return Ok((rest, name));
    }
    match t.rsplit_once(',') {
        Some((rest, last)) => match last.split_once('=') {
            Some((k, v)) if k.trim().eq_ignore_ascii_case("name") => {
                if split_name(rest)?.1.is_some() {
                    return Err(twice());
                }
                Ok((rest.to_string(), Some(check_name(v, s)?)))
            }
            _ => Ok((t.to_string(), None)),
        },
        None => Ok((t.to_string(), None)),
    }
}

/// A name as given (trimmed), or why it cannot be one.
fn check_name(v: &str, spec: &str) -> Result<String, ParseSpecError> {
    let name = v.trim();
    // Characters that are not shown, or that reorder the text around them.
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
    };
    if name.is_empty() {
        Err(ParseSpecError::EmptyName { spec: spec.to_string() })
    } else if name.chars().count() > NAME_MAX_CHARS {
        Err(ParseSpecError::LongName { name: name.to_string() })
    } else if name.chars().any(hidden) {
        Err(ParseSpecError::HiddenName { spec: spec.to_string() })
    } else {
        Ok(name.to_string())
    }
}

/// The names players are shown under, in order: each player's given name, else its `default`.
/// Two given names alike, or a given name that is an unnamed player's default, are refused.
/// Unnamed players whose defaults are alike keep them (`cavalo` vs `cavalo` in a match) or, with
/// `number_alike`, are told apart as `NAME#2`, `NAME#3`...
pub fn resolve_names(
    players: &[(Option<String>, String)],
    number_alike: bool,
) -> Result<Vec<String>, SpecError> {
    let alike = |n: &str| SpecError::SameName(n.to_string());
    let given: Vec<&str> = players.iter().filter_map(|p| p.0.as_deref()).collect();
    for (i, n) in given.iter().enumerate() {
        if given[..i].contains(n) {
            return Err(alike(n));
        }
    }
    let mut names: Vec<String> = Vec::new();
    for (name, default) in players {
        let name = match name {
            Some(n) => n.clone(),
            None if given.contains(&default.as_str()) => return Err(alike(default)),
            None => {
                let mut name = default.clone();
                let mut k = 2;
                while number_alike && (names.contains(&name) || given.contains(&name.as_str())) {
                    name = format!("{default}#{k}");
                    k += 1;
                }
                name
            }
        };
        names.push(name);
    }
    Ok(names)
}

impl fmt::Display for PlayerSpec {
    /// The canonical spelling (used as the player's name in records and summaries).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin { kind, options } => {
                write!(f, "{}", PlayerChoice { kind: *kind, options: options.clone() })
            }
            PlayerSpec::External { command, options } => {
                write!(f, "cmd:{command}")?;
                for (n, v) in options {
                    write!(f, " [{n}={v}]")?;
                }
                Ok(())
            }
            PlayerSpec::Lisp { path, glue } => {
                write!(f, "lisp:{path}")?;
                for (k, v) in glue {
                    write!(f, ",{k}={v}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = ParseSpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, ParseSpecError> {
        let t = s.trim();
        if let Some(cmd) = t.strip_prefix("cmd:") {
            let command = cmd.trim().to_string();
            if command.is_empty() {
                return Err(ParseSpecError::NoCommand);
            }
            return Ok(PlayerSpec::External { command, options: Vec::new() });
        }
        if let Some(rest) = t.strip_prefix("lisp:") {
            let mut parts = rest.split(',');
            let path = parts.next().unwrap_or_default().trim().to_string();
            if path.is_empty() {
                return Err(ParseSpecError::NoLispFile);
            }
            let mut glue = Vec::new();
            for kv in parts.filter(|kv| !kv.trim().is_empty()) {
                let (k, v) = kv.split_once('=').ok_or_else(|| ParseSpecError::NotKeyValue {
                    item: kv.to_string(),
                    spec: s.to_string(),
                })?;
                let k = k.trim();
                let v = crate::lisp::check_glue(k, v)
                    .map_err(|error| ParseSpecError::Glue { error, spec: s.to_string() })?;
                glue.push((k.to_string(), v));
            }
            return Ok(PlayerSpec::Lisp { path, glue });
        }
        match t.parse::<PlayerChoice>() {
            Ok(PlayerChoice { kind, options }) => Ok(PlayerSpec::Builtin { kind, options }),
            Err(PlayerError::Option { error: OptionError::Unknown(key), .. }) => {
                Err(ParseSpecError::UnknownKey { key, spec: s.to_string() })
            }
            Err(e) => Err(ParseSpecError::Player(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print() {
        let p: PlayerSpec = "cavalo:threads=2,hash=16".parse().unwrap();
        assert_eq!(
            p,
            PlayerSpec::Builtin {
                kind: PlayerKind::Cavalo,
                options: Options { hash_mib: 16, threads: 2, ..Options::default() }
            }
        );
        assert_eq!(p.to_string(), "cavalo:hash=16,threads=2");
        assert_eq!("cavalo".parse::<PlayerSpec>().unwrap().to_string(), "cavalo");
        assert_eq!("classic:4".parse::<PlayerSpec>().unwrap().to_string(), "classic:4");
        assert_eq!("greedy".parse::<PlayerSpec>().unwrap().to_string(), "greedy");
        let e: PlayerSpec = "cmd:./x --fast".parse().unwrap();
        assert!(e.is_external());
        assert_eq!(e.to_string(), "cmd:./x --fast");
        assert!("cmd:".parse::<PlayerSpec>().is_err());
        assert!("cavalo:speed=9".parse::<PlayerSpec>().unwrap_err().to_string().contains("speed"));
        assert!("cavalo:hash=0".parse::<PlayerSpec>().is_err());
        assert!("cavalo:quiescence=on".parse::<PlayerSpec>().unwrap().to_string().contains("quiescence=on"));
        let l: PlayerSpec = "lisp:team.lisp, function=jogada ,white-only=true".parse().unwrap();
        assert!(l.is_external());
        assert_eq!(l.to_string(), "lisp:team.lisp,function=jogada,white-only=yes");
        assert!("lisp:".parse::<PlayerSpec>().is_err());
        let missing: PlayerSpec = "lisp:/nonexistent/team.lisp".parse().unwrap();
        assert!(missing.check_ready().unwrap_err().to_string().contains("/nonexistent/team.lisp"));
        let dir = "lisp:/".parse::<PlayerSpec>().unwrap().check_ready().unwrap_err();
        assert_eq!(dir, SpecError::NotAFile { path: "/".into() });
        assert_eq!("greedy".parse::<PlayerSpec>().unwrap().check_ready(), Ok(()));
        assert!(
            "lisp:t.lisp,state=sideways"
                .parse::<PlayerSpec>()
                .unwrap_err()
                .to_string()
                .contains("board-points")
        );
        assert!("stockfish".parse::<PlayerSpec>().unwrap_err().to_string().contains("cmd:"));
        let tuned: PlayerSpec = "cavalo:lmr_depth=4,MobilityWeight=150".parse().unwrap();
        assert_eq!(tuned.to_string(), "cavalo:mobility_weight=150,lmr_depth=4");
        assert_eq!(tuned.to_string().parse::<PlayerSpec>().unwrap(), tuned);
        assert!("cavalo:lmr_depth=0".parse::<PlayerSpec>().unwrap_err().to_string().contains("LmrDepth"));
    }

    fn named(s: &str) -> Result<(String, Option<String>), String> {
        s.parse::<NamedPlayer>().map(|p| (p.spec.to_string(), p.name)).map_err(|e| e.to_string())
    }

    #[test]
    fn names_go_with_every_form() {
        let some = |spec: &str, name: &str| Ok((spec.to_string(), Some(name.to_string())));
        assert_eq!(named("lisp:a/projeto.lisp,name=Equipa A"), some("lisp:a/projeto.lisp", "Equipa A"));
        assert_eq!(
            named("lisp:p.lisp, name = Nós ,function=jogar"),
            some("lisp:p.lisp,function=jogar", "Nós")
        );
        assert_eq!(named("cavalo:hash=16,name=Mine"), some("cavalo:hash=16", "Mine"));
        assert_eq!(named("cavalo:name=Mine"), some("cavalo", "Mine"));
        assert_eq!(named("cavalo,name=Mine"), some("cavalo", "Mine"));
        assert_eq!(named("cmd:./x --fast,name=Fast"), some("cmd:./x --fast", "Fast"));
        assert_eq!(named("greedy,name=Guloso"), some("greedy", "Guloso"));
        assert_eq!(named("classic:4, name=C4"), some("classic:4", "C4"));
        assert_eq!(named("random:7,name=Sorte"), some("random:7", "Sorte"));
        assert_eq!(named("cmd:./x a,b"), Ok(("cmd:./x a,b".into(), None)));
        assert_eq!(named("lisp:name=odd.lisp"), Ok(("lisp:name=odd.lisp".into(), None)));
        for (bad, why) in [
            ("greedy,name=", "empty"),
            ("lisp:p.lisp,name= ", "empty"),
            ("greedy,name=a,name=b", "twice"),
            ("lisp:p.lisp,name=a,name=b", "twice"),
            ("random,name=a\u{7}b", "printable"),
            ("random,name=a\u{202E}b", "printable"),
        ] {
            assert!(named(bad).unwrap_err().contains(why), "{bad}");
        }
        assert!(named(&format!("greedy,name={}", "x".repeat(41))).unwrap_err().contains("40 characters"));
        assert!(named(&format!("greedy,name={}", "é".repeat(40))).is_ok());
        // The name is not glue for the Lisp adapter.
        assert!(
            "lisp:p.lisp,name=A"
                .parse::<PlayerSpec>()
                .unwrap_err()
                .to_string()
                .contains("unknown key `name`")
        );
    }

    #[test]
    fn names_are_told_apart() {
        let p = |name: Option<&str>, default: &str| (name.map(str::to_string), default.to_string());
        let both = [p(None, "projeto.lisp"), p(None, "projeto.lisp")];
        assert_eq!(resolve_names(&both, true).unwrap(), ["projeto.lisp", "projeto.lisp#2"]);
        assert_eq!(resolve_names(&both, false).unwrap(), ["projeto.lisp", "projeto.lisp"]);
        let named = [p(Some("Equipa A"), "projeto.lisp"), p(Some("Equipa B"), "projeto.lisp")];
        assert_eq!(resolve_names(&named, true).unwrap(), ["Equipa A", "Equipa B"]);
        let same = [p(Some("X"), "greedy"), p(Some("X"), "random")];
        assert_eq!(resolve_names(&same, true).unwrap_err(), SpecError::SameName("X".into()));
        let taken = [p(Some("random"), "greedy"), p(None, "random")];
        assert_eq!(resolve_names(&taken, false).unwrap_err(), SpecError::SameName("random".into()));
        assert_eq!(resolve_names(&taken, true).unwrap_err(), SpecError::SameName("random".into()));
    }
}
