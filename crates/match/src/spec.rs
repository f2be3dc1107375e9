//! Who plays a side of a match: a built-in player or an external engine.

use std::fmt;
use std::str::FromStr;

use cavalo_engine::{Options, PlayerKind};

/// A side of a match, parsed from the command line:
///
/// - `cavalo`, or `cavalo:KEY=VALUE,...` with keys `hash` (MiB), `threads`, `quiescence`
///   (`on`/`off`): our engine, in this process;
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
    pub const HELP: &'static str = "cavalo[:hash=MIB,threads=N,quiescence=on|off] | classic[:DEPTH] | greedy | random[:SEED] | cmd:COMMAND | lisp:FILE[,KEY=VALUE...]";

    /// Whether this is an external engine.
    pub fn is_external(&self) -> bool {
        matches!(self, PlayerSpec::External { .. } | PlayerSpec::Lisp { .. })
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spelling (used as the player's name in records and summaries).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Builtin { kind: PlayerKind::Cavalo, options } => {
                let d = Options::default();
                let mut parts = Vec::new();
                if options.hash_mib != d.hash_mib {
                    parts.push(format!("hash={}", options.hash_mib));
                }
                if options.threads != d.threads {
                    parts.push(format!("threads={}", options.threads));
                }
                if options.quiescence != d.quiescence {
                    parts.push(format!("quiescence={}", if options.quiescence { "on" } else { "off" }));
                }
                if parts.is_empty() { f.write_str("cavalo") } else { write!(f, "cavalo:{}", parts.join(",")) }
            }
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
            let mut options = Options::default();
            for kv in rest.split(',').filter(|kv| !kv.trim().is_empty()) {
                let (k, v) = kv.split_once('=').ok_or_else(|| {
                    format!("`{kv}` in `{s}` is not KEY=VALUE (keys: hash, threads, quiescence)")
                })?;
                let (k, v) = (k.trim(), v.trim());
                let num = |max: usize| -> Result<usize, String> {
                    match v.parse::<usize>() {
                        Ok(n) if (1..=max).contains(&n) => Ok(n),
                        _ => Err(format!("`{k}={v}` in `{s}`: expected a whole number from 1 to {max}")),
                    }
                };
                match k {
                    "hash" => options.hash_mib = num(65536)?,
                    "threads" => options.threads = num(256)?,
                    "quiescence" => {
                        options.quiescence = match v {
                            "on" | "true" | "1" => true,
                            "off" | "false" | "0" => false,
                            _ => return Err(format!("`quiescence={v}` in `{s}`: expected on or off")),
                        }
                    }
                    _ => return Err(format!("unknown key `{k}` in `{s}` (keys: hash, threads, quiescence)")),
                }
            }
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
        assert!("lisp:t.lisp,state=sideways".parse::<PlayerSpec>().unwrap_err().contains("board-points"));
        assert!("stockfish".parse::<PlayerSpec>().unwrap_err().contains("cmd:"));
    }
}
