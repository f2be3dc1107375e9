//! The engine's options, defined once: the table size, the threads, quiescence and the
//! [`SearchConfig`]. Every front end uses this one definition: the protocol lists them with
//! [`Options::ugi_lines`] and sets them with [`Options::set`], the player spec `cavalo:k=v,...`
//! reads and writes them with [`FromStr`]/[`Display`](fmt::Display), the session stores them
//! with serde.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::params::{Param, SearchConfig, normalise_name, snake_case};

/// The largest transposition table accepted, in MiB. The table is allocated zeroed (pages are
/// only taken when used); an allocation the system refuses is an error, never an abort.
pub const MAX_HASH_MIB: usize = 8192;
/// The largest seed of a level's choices.
pub const MAX_SEED: u64 = u32::MAX as u64;
/// The most search threads accepted (threads beyond the cores are allowed: they only share the
/// cores' time).
pub const MAX_THREADS: usize = 256;

/// Engine options.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Quiescence search on high-value landings (off by default: it did not win games, see the
    /// technical manual).
    pub quiescence: bool,
    /// The level, from 1 (a beginner) to 8 (the full engine, the default): see [`crate::level`].
    pub level: u8,
    /// The seed of a level's choices (the same seed, the same game).
    pub seed: u64,
    /// Every tunable constant of search and evaluation.
    #[serde(flatten)]
    pub search: SearchConfig,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: 64,
            threads: 1,
            quiescence: false,
            level: crate::level::FULL,
            seed: 0,
            search: SearchConfig::default(),
        }
    }
}

/// The kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// On or off.
    Check,
}

/// One engine option as the protocol and the specs see it.
#[derive(Clone, Copy, Debug)]
pub struct OptionDesc {
    /// The protocol name (`Hash`, `LmrDepth`, ...).
    pub name: &'static str,
    /// Its kind and range.
    pub kind: OptionKind,
    /// Its default.
    pub default: i64,
    /// What it does.
    pub doc: &'static str,
    get: Getter,
}

#[derive(Clone, Copy, Debug)]
enum Getter {
    Hash,
    Threads,
    Quiescence,
    Level,
    Seed,
    Search(&'static Param),
}

/// Why an option could not be set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("no option named `{0}`")]
    Unknown(String),
    /// A spin option given something other than a whole number in range.
    #[error("{name}: `{value}` is not a whole number from {min} to {max}")]
    OutOfRange {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A check option given something other than on/off.
    #[error("{name}: `{value}` is not true or false (or on/off)")]
    NotABool {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
    },
    /// A `key=value` item without `=`.
    #[error("`{0}` is not KEY=VALUE")]
    NotKeyValue(String),
}

impl OptionDesc {
    /// The `cavalo:` spec spelling: `hash`, `threads`, `lmr_depth`, ...
    pub fn key(&self) -> String {
        snake_case(self.name)
    }

    /// The current value in `o` (check options as 0/1).
    pub fn get(&self, o: &Options) -> i64 {
        match self.get {
            Getter::Hash => o.hash_mib as i64,
            Getter::Threads => o.threads as i64,
            Getter::Quiescence => o.quiescence as i64,
            Getter::Level => i64::from(o.level),
            Getter::Seed => o.seed as i64,
            Getter::Search(p) => (p.get)(&o.search) as i64,
        }
    }

    /// Reads `text` as a value of this option.
    pub fn parse(&self, text: &str) -> Result<i64, OptionError> {
        let t = text.trim();
        match self.kind {
            OptionKind::Check => match t.to_ascii_lowercase().as_str() {
                "true" | "on" | "1" | "yes" => Ok(1),
                "false" | "off" | "0" | "no" => Ok(0),
                _ => Err(OptionError::NotABool { name: self.name, value: t.to_string() }),
            },
            OptionKind::Spin { min, max } => match t.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                _ => Err(OptionError::OutOfRange { name: self.name, value: t.to_string(), min, max }),
            },
        }
    }

    fn put(&self, o: &mut Options, v: i64) {
        match self.get {
            Getter::Hash => o.hash_mib = v as usize,
            Getter::Threads => o.threads = v as usize,
            Getter::Quiescence => o.quiescence = v != 0,
            Getter::Level => o.level = v as u8,
            Getter::Seed => o.seed = v as u64,
            Getter::Search(p) => (p.set)(&mut o.search, v as i32),
        }
    }

    /// The value as text: a number, or `true`/`false`.
    pub fn show(&self, v: i64) -> String {
        match self.kind {
            OptionKind::Check => (v != 0).to_string(),
            OptionKind::Spin { .. } => v.to_string(),
        }
    }

    /// The protocol's `option name ... type ... default ...` line.
    pub fn ugi_line(&self) -> String {
        match self.kind {
            OptionKind::Spin { min, max } => {
                format!("option name {} type spin default {} min {min} max {max}", self.name, self.default)
            }
            OptionKind::Check => {
                format!("option name {} type check default {}", self.name, self.default != 0)
            }
        }
    }
}

impl Options {
    /// Every option: `Hash`, `Threads`, `Quiescence`, then the [`SearchConfig`] parameters.
    pub fn descriptors() -> impl Iterator<Item = OptionDesc> {
        let d = Options::default();
        let fixed = [
            OptionDesc {
                name: "Hash",
                kind: OptionKind::Spin { min: 1, max: MAX_HASH_MIB as i64 },
                default: d.hash_mib as i64,
                doc: "Transposition table size in MiB.",
                get: Getter::Hash,
            },
            OptionDesc {
                name: "Threads",
                kind: OptionKind::Spin { min: 1, max: MAX_THREADS as i64 },
                default: d.threads as i64,
                doc: "Search threads.",
                get: Getter::Threads,
            },
            OptionDesc {
                name: "Quiescence",
                kind: OptionKind::Check,
                default: d.quiescence as i64,
                doc: "Quiescence search on high-value landings.",
                get: Getter::Quiescence,
            },
            OptionDesc {
                name: "Level",
                kind: OptionKind::Spin {
                    min: i64::from(crate::level::WEAKEST),
                    max: i64::from(crate::level::FULL),
                },
                default: i64::from(d.level),
                doc: "Strength, from 1 (a beginner) to 8 (the full engine).",
                get: Getter::Level,
            },
            OptionDesc {
                name: "Seed",
                kind: OptionKind::Spin { min: 0, max: MAX_SEED as i64 },
                default: d.seed as i64,
                doc: "Seed of a level's choices (the same seed, the same game).",
                get: Getter::Seed,
            },
        ];
        let search = SearchConfig::PARAMS.iter().map(|p| OptionDesc {
            name: p.name,
            kind: OptionKind::Spin { min: p.min as i64, max: p.max as i64 },
            default: p.default as i64,
            doc: p.doc,
            get: Getter::Search(p),
        });
        fixed.into_iter().chain(search)
    }

    /// The option called `name` (ignoring case, `_`, `-` and spaces).
    pub fn descriptor(name: &str) -> Option<OptionDesc> {
        let n = normalise_name(name);
        Options::descriptors().find(|d| normalise_name(d.name) == n)
    }

    /// Sets the option `name` from its text value, range-checked; on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let d = Options::descriptor(name).ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
        let v = d.parse(value)?;
        d.put(self, v);
        Ok(())
    }

    /// The `option ...` lines of the protocol's `ugi` answer, one per option.
    pub fn ugi_lines() -> impl Iterator<Item = String> {
        Options::descriptors().map(|d| d.ugi_line())
    }

    /// The same options with every value brought into its range (for values read from files).
    pub fn clamped(mut self) -> Options {
        self.hash_mib = self.hash_mib.clamp(1, MAX_HASH_MIB);
        self.threads = self.threads.clamp(1, MAX_THREADS);
        self.level = self.level.clamp(crate::level::WEAKEST, crate::level::FULL);
        self.seed = self.seed.min(MAX_SEED);
        self.search = self.search.clamped();
        self
    }
}

impl fmt::Display for Options {
    /// The options that differ from the defaults as `key=value,...` (empty when none do), as
    /// the player spec `cavalo:...` writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for d in Options::descriptors() {
            let v = d.get(self);
            if v != d.default {
                let value = match d.kind {
                    OptionKind::Check => (if v != 0 { "on" } else { "off" }).to_string(),
                    OptionKind::Spin { .. } => v.to_string(),
                };
                write!(f, "{}{}={value}", if first { "" } else { "," }, d.key())?;
                first = false;
            }
        }
        Ok(())
    }
}

impl Options {
    /// Applies `key=value,...` (keys in any spelling, see [`Options::set`]); on error the
    /// options before the faulty item are applied.
    pub fn apply(&mut self, s: &str) -> Result<(), OptionError> {
        for kv in s.split(',').filter(|kv| !kv.trim().is_empty()) {
            let (k, v) = kv.split_once('=').ok_or_else(|| OptionError::NotKeyValue(kv.trim().to_string()))?;
            self.set(k, v)?;
        }
        Ok(())
    }
}

impl FromStr for Options {
    type Err = OptionError;

    /// Reads `key=value,...` over the defaults.
    fn from_str(s: &str) -> Result<Options, OptionError> {
        let mut o = Options::default();
        o.apply(s)?;
        Ok(o)
    }
}

/// The keys accepted by `cavalo:` specs, for help and error texts.
pub fn spec_keys() -> String {
    Options::descriptors().map(|d| d.key()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_text_round_trips() {
        let o: Options = "threads=2,hash=16,lmr_depth=5,quiescence=on".parse().unwrap();
        assert_eq!(o.threads, 2);
        assert_eq!(o.hash_mib, 16);
        assert!(o.quiescence);
        assert_eq!(o.search.lmr_depth, 5);
        assert_eq!(o.to_string(), "hash=16,threads=2,quiescence=on,lmr_depth=5");
        assert_eq!(o.to_string().parse::<Options>().unwrap(), o);
        assert_eq!(Options::default().to_string(), "");
        assert_eq!("".parse::<Options>().unwrap(), Options::default());
    }

    #[test]
    fn bad_values_are_typed_errors() {
        assert_eq!("speed=9".parse::<Options>().unwrap_err(), OptionError::Unknown("speed".into()));
        assert!(matches!("hash=0".parse::<Options>(), Err(OptionError::OutOfRange { name: "Hash", .. })));
        assert!(matches!(
            format!("hash={}", MAX_HASH_MIB + 1).parse::<Options>(),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!("quiescence=maybe".parse::<Options>(), Err(OptionError::NotABool { .. })));
        assert!(matches!("threads".parse::<Options>(), Err(OptionError::NotKeyValue(_))));
        let mut o = Options::default();
        assert!(o.set("LmrDepth", "-1").is_err());
        assert_eq!(o, Options::default(), "a refused value changes nothing");
        o.set("Lmr Depth", "7").unwrap();
        assert_eq!(o.search.lmr_depth, 7);
    }

    #[test]
    fn every_option_has_a_ugi_line_with_its_default() {
        let lines: Vec<String> = Options::ugi_lines().collect();
        assert_eq!(lines.len(), 5 + SearchConfig::PARAMS.len());
        assert!(lines.contains(&"option name Level type spin default 8 min 1 max 8".to_string()));
        assert_eq!(lines[0], format!("option name Hash type spin default 64 min 1 max {MAX_HASH_MIB}"));
        assert!(lines.contains(&"option name Quiescence type check default false".to_string()));
        assert!(lines.contains(&"option name LmrDepth type spin default 3 min 1 max 120".to_string()));
    }

    #[test]
    fn serde_keeps_the_old_field_names() {
        let o: Options = serde_json::from_str(r#"{"hash_mib": 8, "threads": 2, "lmr_depth": 4}"#).unwrap();
        assert_eq!((o.hash_mib, o.threads, o.search.lmr_depth), (8, 2, 4));
        let back: Options = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
        assert_eq!(back, o);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any in-range setting of any options prints as a spec that reads back the same, and a
        /// value out of range is refused without changing anything.
        #[test]
        fn specs_round_trip(picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<u32>(), any::<bool>()), 0..8)) {
            let descs: Vec<OptionDesc> = Options::descriptors().collect();
            let mut o = Options::default();
            for (i, raw, below) in picks {
                let d = descs[i.index(descs.len())];
                let (min, max) = match d.kind {
                    OptionKind::Spin { min, max } => (min, max),
                    OptionKind::Check => (0, 1),
                };
                let v = min + (raw as i64) % (max - min + 1);
                o.set(d.name, &d.show(v)).unwrap();
                prop_assert_eq!(d.get(&o), v);
                let before = o.clone();
                let out = if below { min - 1 } else { max + 1 };
                if let OptionKind::Spin { .. } = d.kind {
                    prop_assert!(o.set(d.name, &out.to_string()).is_err());
                }
                prop_assert_eq!(&o, &before);
            }
            prop_assert_eq!(o.to_string().parse::<Options>().unwrap(), o);
        }
    }
}
