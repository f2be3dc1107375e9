//! Who plays a side of a match: a built-in player or an external engine.

use std::fmt;
use std::str::FromStr;

use cavalo_engine::{OptionError, Options, PlayerKind};

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
    pub const HELP: &'static str = "cavalo[:hash=MIB,threads=N,quiescence=on|off,PARAM=VALUE...] | classic[:DEPTH] | greedy | random[:SEED] | cmd:COMMAND | lisp:FILE[,KEY=VALUE...]";

    /// Whether this is an external engine.
    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::External { .. } | PlayerSpec::Lisp { .. })
    }

    /// What can be checked before the first game: a Lisp program's file exists and is a file.
    /// (A missing file would otherwise forfeit every game as a crash.)
    pub fn check_ready(&self) -> Result<(), String> {
        match self {
            PlayerSpec::Lisp { path, .. } => match std::fs::metadata(path) {
                Ok(m) if m.is_file() => Ok(()),
                Ok(_) => Err(format!("the Lisp program `{path}` is not a file")),
                Err(e) => Err(format!("cannot read the Lisp program `{path}`: {e}")),
            },
            _ => Ok(()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spelling (used as the player's name in records and summaries).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin { kind: PlayerKind::Cavalo, options } if *options == Options::default() => {
                f.write_str("cavalo")
            }
            PlayerSpec::Builtin { kind: PlayerKind::Cavalo, options } => write!(f, "cavalo:{options}"),
            PlayerSpec::Builtin { kind, .. } => write!(f, "{kind}"),
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
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let t = s.trim();
        if let Some(cmd) = t.strip_prefix("cmd:") {
            let command = cmd.trim().to_string();
            if command.is_empty() {
                return Err("`cmd:` needs a command, e.g. `cmd:./my-engine`".into());
            }
            return Ok(PlayerSpec::External { command, options: Vec::new() });
        }
        if let Some(rest) = t.strip_prefix("lisp:") {
            let mut parts = rest.split(',');
            let path = parts.next().unwrap_or_default().trim().to_string();
            if path.is_empty() {
                return Err("`lisp:` needs the team's file, e.g. `lisp:team.lisp,function=jogar`".into());
            }
            let mut glue = Vec::new();
            for kv in parts.filter(|kv| !kv.trim().is_empty()) {
                let (k, v) = kv.split_once('=').ok_or_else(|| {
                    format!("`{kv}` in `{s}` is not KEY=VALUE (keys: {})", crate::lisp::KEYS.join(", "))
                })?;
                let k = k.trim();
                let v = crate::lisp::check_glue(k, v).map_err(|e| format!("{e} in `{s}`"))?;
                glue.push((k.to_string(), v));
            }
            return Ok(PlayerSpec::Lisp { path, glue });
        }
        let lower = t.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("cavalo:") {
            let options: Options = rest.parse().map_err(|e| match e {
                OptionError::Unknown(k) => {
                    format!("unknown key `{k}` in `{s}` (keys: {})", cavalo_engine::spec_keys())
                }
                e => format!("in `{s}`: {e}"),
            })?;
            return Ok(PlayerSpec::Builtin { kind: PlayerKind::Cavalo, options });
        }
        let kind: PlayerKind = t.parse().map_err(|e: String| {
            format!("{e}, or cmd:COMMAND for an external engine, or lisp:FILE for a Lisp program")
        })?;
        Ok(PlayerSpec::Builtin { kind, options: Options::default() })
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
        assert!("cavalo:speed=9".parse::<PlayerSpec>().unwrap_err().contains("speed"));
        assert!("cavalo:hash=0".parse::<PlayerSpec>().is_err());
        assert!("cavalo:quiescence=on".parse::<PlayerSpec>().unwrap().to_string().contains("quiescence=on"));
        let l: PlayerSpec = "lisp:team.lisp, function=jogada ,white-only=true".parse().unwrap();
        assert!(l.is_external());
        assert_eq!(l.to_string(), "lisp:team.lisp,function=jogada,white-only=yes");
        assert!("lisp:".parse::<PlayerSpec>().is_err());
        let missing: PlayerSpec = "lisp:/nonexistent/team.lisp".parse().unwrap();
        assert!(missing.check_ready().unwrap_err().contains("/nonexistent/team.lisp"));
        assert!("lisp:/".parse::<PlayerSpec>().unwrap().check_ready().unwrap_err().contains("not a file"));
        assert_eq!("greedy".parse::<PlayerSpec>().unwrap().check_ready(), Ok(()));
        assert!("lisp:t.lisp,state=sideways".parse::<PlayerSpec>().unwrap_err().contains("board-points"));
        assert!("stockfish".parse::<PlayerSpec>().unwrap_err().contains("cmd:"));
        let tuned: PlayerSpec = "cavalo:lmr_depth=4,MobilityWeight=150".parse().unwrap();
        assert_eq!(tuned.to_string(), "cavalo:mobility_weight=150,lmr_depth=4");
        assert_eq!(tuned.to_string().parse::<PlayerSpec>().unwrap(), tuned);
        assert!("cavalo:lmr_depth=0".parse::<PlayerSpec>().unwrap_err().contains("LmrDepth"));
    }
}
