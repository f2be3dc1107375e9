//! How a game is set up: the rules, the start, who plays each side, the computer's time.

use std::path::PathBuf;

use cavalo_engine::{Options, PlayerChoice, PlayerError, PlayerKind};
use cavalo_rules::{Rules, Side, Start};
use serde::{Deserialize, Serialize};

/// The three ways to play: the course's two modes and human against human.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A human against the computer (the human chooses a side).
    HumanComputer,
    /// The computer against itself (or one engine against another).
    ComputerComputer,
    /// Two humans at one keyboard.
    HumanHuman,
}

impl Mode {
    /// `human-computer`, `computer-computer` or `human-human`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::HumanComputer => "human-computer",
            Mode::ComputerComputer => "computer-computer",
            Mode::HumanHuman => "human-human",
        }
    }

    /// Reads a mode: the full name or its short form `hc`, `cc`, `hh` (any case).
    pub fn parse(s: &str) -> Option<Mode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hc" | "ch" | "human-computer" | "computer-human" | "human-vs-computer" => {
                Some(Mode::HumanComputer)
            }
            "cc" | "computer-computer" | "computer-vs-computer" => Some(Mode::ComputerComputer),
            "hh" | "human-human" | "human-vs-human" => Some(Mode::HumanHuman),
            _ => None,
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A computer player: which one and its engine options (the engine's own [`Options`], stored
/// flat in JSON beside `engine`: `hash_mib`, `threads`, `quiescence`, the search parameters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineConfig {
    /// The player (`cavalo`, `classic:4`, `greedy`, `random:7`), written as text in JSON.
    #[serde(with = "kind_text")]
    pub engine: PlayerKind,
    /// Engine options (our engine only).
    #[serde(flatten)]
    pub options: Options,
}

impl EngineConfig {
    /// This player with default options.
    pub fn new(engine: PlayerKind) -> EngineConfig {
        EngineConfig { engine, options: Options::default() }
    }

    /// The engine options, each brought into its range.
    pub fn options(&self) -> Options {
        self.options.clone().clamped()
    }

    /// A new player of this kind with these options (our engine allocates its table here).
    pub fn build(&self) -> Box<dyn cavalo_engine::Player> {
        self.engine.build(&self.options())
    }

    /// Our engine's level when it plays below full strength (`None` at full strength and for
    /// the reference players).
    pub fn weaker_level(&self) -> Option<u8> {
        self.choice().weaker_level()
    }

    /// The player and its options as one value.
    pub fn choice(&self) -> PlayerChoice {
        PlayerChoice { kind: self.engine, options: self.options.clone() }
    }

    /// The player as its text names it, without what only changes its resources or its search
    /// (the table, the threads, the parameters): `cavalo`, `cavalo:level=3,seed=7`, `classic:4`.
    pub fn player_text(&self) -> String {
        let mut who = PlayerChoice::new(self.engine);
        if let Some(level) = self.weaker_level() {
            who.options.level = level;
            who.options.seed = self.options.seed;
        }
        who.to_string()
    }
}

impl From<PlayerChoice> for EngineConfig {
    fn from(c: PlayerChoice) -> EngineConfig {
        EngineConfig { engine: c.kind, options: c.options }
    }
}

impl std::str::FromStr for EngineConfig {
    type Err = PlayerError;

    /// Reads a player's text: `cavalo`, `cavalo:level=3`, `classic:4`, … (see [`PlayerChoice`]).
    fn from_str(s: &str) -> Result<EngineConfig, PlayerError> {
        s.parse::<PlayerChoice>().map(EngineConfig::from)
    }
}

mod kind_text {
    use cavalo_engine::PlayerKind;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(k: &PlayerKind, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(k)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PlayerKind, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum PlayerConfig {
    /// A person typing moves.
    Human {
        /// An optional name for the records.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
    },
    /// A computer player.
    Computer(EngineConfig),
    /// A program outside Cavalo whose moves a referee brings (a team's program in the arena):
    /// nobody types its moves and no engine of ours searches them.
    Program {
        /// The name it plays under (`Equipa 3 v2`).
        name: String,
    },
}

impl PlayerConfig {
    /// A human without a name.
    pub fn human() -> PlayerConfig {
        PlayerConfig::Human { name: String::new() }
    }

    /// A computer player with default options.
    pub fn computer(kind: PlayerKind) -> PlayerConfig {
        PlayerConfig::Computer(EngineConfig::new(kind))
    }

    /// Whether this is a human.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerConfig::Human { .. })
    }

    /// Whether this is a program whose moves a referee brings.
    pub fn is_program(&self) -> bool {
        matches!(self, PlayerConfig::Program { .. })
    }

    /// One word without spaces, for logs: `human` (or `human:NAME`), `computer:ENGINE` or
    /// `program:NAME`.
    pub fn label(&self) -> String {
        match self {
            PlayerConfig::Human { name } if name.is_empty() => "human".into(),
            PlayerConfig::Human { name } => format!("human:{}", name.replace(char::is_whitespace, "_")),
            PlayerConfig::Computer(e) => format!("computer:{}", e.player_text()),
            PlayerConfig::Program { name } => format!("program:{}", name.replace(char::is_whitespace, "_")),
        }
    }

    /// The player a label names (see [`label`](PlayerConfig::label)): `human`, `human:NAME`,
    /// `computer:ENGINE`, `program:NAME`; `None` for another text.
    pub fn from_label(label: &str) -> Option<PlayerConfig> {
        match label.split_once(':') {
            None if label == "human" => Some(PlayerConfig::human()),
            Some(("human", name)) => Some(PlayerConfig::Human { name: name.to_string() }),
            Some(("computer", engine)) => engine.parse().ok().map(PlayerConfig::Computer),
            Some(("program", name)) if !name.is_empty() => {
                Some(PlayerConfig::Program { name: name.replace('_', " ") })
            }
            _ => None,
        }
    }

    /// For people: `human`, `Ana`, `computer (cavalo)`.
    pub fn describe(&self) -> String {
        match self {
            PlayerConfig::Human { name } if name.is_empty() => "human".into(),
            PlayerConfig::Human { name } => name.clone(),
            PlayerConfig::Computer(e) => format!("computer ({})", e.player_text()),
            PlayerConfig::Program { name } => name.clone(),
        }
    }
}

/// Everything that sets up a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// The rule variant.
    #[serde(default)]
    pub rules: Rules,
    /// The starting position: a seeded board, or a position string.
    pub start: Start,
    /// White's player, then Black's.
    pub players: [PlayerConfig; 2],
    /// The computer's time limit per move, in milliseconds (also used for hints).
    pub time_ms: u64,
    /// Where to append the course's log (`log.dat`); `None` writes no log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<PathBuf>,
    /// Where [`Session::save_record`](crate::Session::save_record) writes game records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_dir: Option<PathBuf>,
}

impl GameConfig {
    /// Canonical rules, a human (White) against our engine (Black), 1000 ms per move, no log, no
    /// record directory.
    pub fn new(start: Start) -> GameConfig {
        GameConfig {
            rules: Rules::default(),
            start,
            players: [PlayerConfig::human(), PlayerConfig::computer(PlayerKind::Cavalo)],
            time_ms: 1000,
            log: None,
            games_dir: None,
        }
    }

    /// The set-up of a game in `mode`, the one place where players come from a mode: humans
    /// where the mode has them (against the computer, the human plays `human`), the computer
    /// players `engines` (White's, Black's) elsewhere. The rest as [`GameConfig::new`].
    ///
    /// ```
    /// use cavalo_engine::PlayerKind;
    /// use cavalo_rules::{Side, Start};
    /// use cavalo_session::{EngineConfig, GameConfig, Mode};
    /// let e = EngineConfig::new(PlayerKind::Greedy);
    /// let c = GameConfig::for_mode(Start::Seed(1), Mode::HumanComputer, Side::Black, [e.clone(), e]);
    /// assert!(!c.players[0].is_human() && c.players[1].is_human());
    /// assert_eq!(c.mode(), Mode::HumanComputer);
    /// ```
    pub fn for_mode(start: Start, mode: Mode, human: Side, engines: [EngineConfig; 2]) -> GameConfig {
        let [white, black] = engines.map(PlayerConfig::Computer);
        let players = match (mode, human) {
            (Mode::HumanHuman, _) => [PlayerConfig::human(), PlayerConfig::human()],
            (Mode::ComputerComputer, _) => [white, black],
            (Mode::HumanComputer, Side::White) => [PlayerConfig::human(), black],
            (Mode::HumanComputer, Side::Black) => [white, PlayerConfig::human()],
        };
        GameConfig { players, ..GameConfig::new(start) }
    }

    /// The mode the players make.
    pub fn mode(&self) -> Mode {
        match (self.players[0].is_human(), self.players[1].is_human()) {
            (true, true) => Mode::HumanHuman,
            (false, false) => Mode::ComputerComputer,
            _ => Mode::HumanComputer,
        }
    }

    /// The player of `side`.
    pub fn player(&self, side: Side) -> &PlayerConfig {
        &self.players[side.index()]
    }

    /// `seed:N` or the position string.
    pub fn start_text(&self) -> String {
        match &self.start {
            Start::Seed(s) => format!("seed:{s}"),
            Start::Position(p) => p.clone(),
        }
    }
}

/// Reads a starting position given as text: `seed:N` (the seeded board before the placements),
/// a course Lisp board (starting with `(`; the side to move is what the placements imply, the
/// points 0–0), or a position string. The result is checked and normalised.
///
/// ```
/// use cavalo_rules::{Rules, Start};
/// assert_eq!(cavalo_session::read_start("seed:7", Rules::default()), Ok(Start::Seed(7)));
/// assert!(cavalo_session::read_start("banana", Rules::default()).is_err());
/// ```
pub fn read_start(text: &str, rules: Rules) -> Result<Start, String> {
    let t = text.trim();
    if let Some(seed) = t.strip_prefix("seed:") {
        let seed = seed.trim();
        return seed
            .parse()
            .map(Start::Seed)
            .map_err(|_| format!("`{seed}` is not a seed (a whole number from 0 to 2^64-1)"));
    }
    let pos = cavalo_rules::Position::read(t, None, [0, 0], rules).map_err(|e| e.to_string())?;
    Ok(Start::Position(pos.to_string()))
}
