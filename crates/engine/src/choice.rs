//! A built-in player named by one text, with its engine options: `cavalo`,
//! `cavalo:level=3,seed=7` (any engine option, see [`Options`]), `classic:4`, `greedy`,
//! `random:7`. Every front end that lets a person name a built-in player reads it here: the
//! command line (`--engine`), the menu of `cavalo play`, the web's new-game form, the player
//! specs of `match` and `tournament`, and the labels of stored games.

use std::fmt;
use std::str::FromStr;

use crate::level;
use crate::options::Options;
use crate::players::{PlayerError, PlayerKind};

/// A built-in player and its engine options (the options matter to `cavalo` only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerChoice {
    /// Which player.
    pub kind: PlayerKind,
    /// Its engine options.
    pub options: Options,
}

impl PlayerChoice {
    /// This player with the default options.
    pub fn new(kind: PlayerKind) -> PlayerChoice {
        PlayerChoice { kind, options: Options::default() }
    }

    /// Our engine at `level` (checked by the caller: see [`level::WEAKEST`], [`level::FULL`]).
    pub fn cavalo_at(level: u8) -> PlayerChoice {
        let mut c = PlayerChoice::new(PlayerKind::Cavalo);
        c.options.level = level;
        c
    }

    /// Our engine's level when it plays below full strength (`None` at full strength and for
    /// the reference players).
    pub fn weaker_level(&self) -> Option<u8> {
        (self.kind == PlayerKind::Cavalo && self.options.level < level::FULL).then_some(self.options.level)
    }
}

impl fmt::Display for PlayerChoice {
    /// `cavalo`, `cavalo:level=3` (the options that differ from the defaults), `classic:4`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = self.options.to_string();
        match self.kind {
            PlayerKind::Cavalo if !options.is_empty() => write!(f, "cavalo:{options}"),
            kind => write!(f, "{kind}"),
        }
    }
}

impl FromStr for PlayerChoice {
    type Err = PlayerError;

    /// Reads a player's text (names in any case; `engine` is `cavalo`).
    fn from_str(s: &str) -> Result<PlayerChoice, PlayerError> {
        let t = s.trim().to_ascii_lowercase();
        let rest = t.strip_prefix("cavalo:").or_else(|| t.strip_prefix("engine:"));
        match rest {
            Some(rest) => {
                let options: Options = rest
                    .parse()
                    .map_err(|error| PlayerError::Option { spec: s.trim().to_string(), error })?;
                Ok(PlayerChoice { kind: PlayerKind::Cavalo, options })
            }
            None => s.parse().map(PlayerChoice::new),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::OptionError;

    #[test]
    fn a_choice_reads_and_writes_its_text() {
        for text in ["cavalo", "cavalo:level=3", "cavalo:level=1,seed=7", "classic:4", "greedy", "random:9"] {
            let c: PlayerChoice = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        let c: PlayerChoice = " Cavalo:Level=3 ".parse().unwrap();
        assert_eq!(c, PlayerChoice::cavalo_at(3));
        assert_eq!(c.weaker_level(), Some(3));
        assert_eq!("cavalo:level=8".parse::<PlayerChoice>().unwrap().to_string(), "cavalo");
        assert_eq!("cavalo".parse::<PlayerChoice>().unwrap().weaker_level(), None);
        assert_eq!("classic:3".parse::<PlayerChoice>().unwrap().weaker_level(), None);
    }

    #[test]
    fn a_level_out_of_its_range_is_refused_naming_the_range() {
        for bad in ["cavalo:level=0", "cavalo:level=9", "cavalo:level=x"] {
            let e = bad.parse::<PlayerChoice>().unwrap_err();
            match &e {
                PlayerError::Option { error: OptionError::OutOfRange { min: 1, max: 8, .. }, .. } => {}
                other => panic!("{bad}: {other:?}"),
            }
            assert!(e.to_string().contains("from 1 to 8"), "{e}");
        }
        assert!(matches!("deep-blue".parse::<PlayerChoice>(), Err(PlayerError::Unknown(_))));
        assert!(matches!("classic:0".parse::<PlayerChoice>(), Err(PlayerError::ClassicDepth { depth: 0 })));
        assert!(matches!(
            "random:x".parse::<PlayerChoice>(),
            Err(PlayerError::NotANumber { what: "seed", .. })
        ));
    }
}
