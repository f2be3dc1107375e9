//! The one view model of a game, in no language: whose turn it is, the points, what the human to
//! move may do (each destination with its moves), what may be taken back, the clocks and the
//! result ([`Situation`]), the players ([`PlayerView`]) and what happened ([`Said`]).
//!
//! Every front end draws from it. The terminals' controller words it in the player's language
//! ([`crate::controller::View`] holds it beside its sentences); the web server sends it as it is
//! (serde), and the page words its messages with its own catalogue, so one payload serves every
//! language. The game's rules for what a front end may offer (the destinations and the doubles
//! they may remove, the threatened cells, whose seat may take a move back, when a hint may be
//! asked) live here once.

use cavalo_rules::{Position, Side};
use serde::Serialize;

use crate::game::{Game, Status, Turn};
use crate::input::{MoveChoice, interpret_move};
use crate::ply::SideSummary;
use crate::present::{self, GameResult, Words};
use crate::store::meta::RecordedPlayer;
use crate::{Mode, PlayerConfig};

/// The game as it stands after a change: whose turn, the points, what the human to move may do,
/// the clock and the result.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Situation {
    /// `playing`, `over`, `quit`.
    #[cfg_attr(feature = "ts", ts(type = "\"playing\" | \"over\" | \"quit\""))]
    pub status: &'static str,
    /// Whose turn it is.
    pub turn: TurnView,
    /// The side to move in the position (also once the game is over).
    pub to_move: Side,
    /// White's and Black's points.
    pub points: [u16; 2],
    /// The legal destinations, when a human is to move.
    pub destinations: Vec<Destination>,
    /// The cells the other knight attacks, when a human is to move.
    pub threatened: Vec<usize>,
    /// Whose seat may take a move back (the side of the last move a human chose); `null` when
    /// nothing can be taken back (nothing chosen, a computer-vs-computer game, a game quit).
    pub undo_side: Option<Side>,
    /// Whether the player to move may ask for a hint (a human is to move).
    pub can_hint: bool,
    /// The position's outcome (`white`, `black`, `draw`), once over.
    #[cfg_attr(feature = "ts", ts(type = "\"white\" | \"black\" | \"draw\" | null"))]
    pub result: Option<&'static str>,
    /// The result as a message, once over or abandoned.
    pub result_text: Option<Words>,
    /// The time each side spent, White's and Black's, in milliseconds.
    pub clock: [u64; 2],
    /// Both sides' totals, once the game is over or abandoned.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub summary: Option<[SideSummary; 2]>,
}

/// Whose turn it is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TurnView {
    /// A human chooses `side`'s move.
    Human {
        /// The side to move.
        side: Side,
    },
    /// The computer searches `side`'s move.
    Computer {
        /// The side to move.
        side: Side,
    },
    /// A program outside Cavalo chooses `side`'s move (its referee brings it).
    Program {
        /// The side to move.
        side: Side,
    },
    /// `side` has one move (a placement, a pass), played without asking.
    Forced {
        /// The side to move.
        side: Side,
        /// The move.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Neither side can move.
    Over {
        /// Always `null` (kept for the pages that read it).
        side: Option<Side>,
        /// `white`, `black`, `draw`.
        #[cfg_attr(feature = "ts", ts(type = "\"white\" | \"black\" | \"draw\""))]
        result: &'static str,
    },
    /// The game was abandoned.
    Quit {
        /// Always `null` (kept for the pages that read it).
        side: Option<Side>,
    },
}

/// A legal destination of the human to move, with its moves (one per possible removal of a
/// double, the default first).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Destination {
    /// The cell's name (`E3`).
    pub cell: String,
    /// The cell's index, 0–99, row by row.
    pub index: u8,
    /// The number it holds.
    pub value: Option<u8>,
    /// The moves that reach it.
    pub options: Vec<MoveOption>,
}

/// A move to a destination and the double it removes, if it chooses one.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOption {
    /// The move as written (`E3`, `E3x55`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The double it removes, if it chooses one.
    pub removes: Option<u8>,
}

/// A player: its side, whether a human plays it, its label and its description.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The side.
    pub side: Side,
    /// Whether a human plays it.
    pub human: bool,
    /// `human`, `computer:cavalo`, `computer:cavalo:level=3`.
    pub label: String,
    /// What plays it, with its options.
    pub name: String,
    /// The computer player (`cavalo`, `classic:4`, `greedy`, `random:7`); none for a human.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub engine: Option<String>,
    /// Our engine's level when it plays below full strength (1 to 7).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<u8>,
    /// The player in parts, for people (its name worded by the reader's page).
    pub who: Who,
}

/// A player in parts for a front end to word in its reader's language: a person (with the name
/// given, if any), one of our computer players (its engine and, below full strength, our engine's
/// level), or a name kept from elsewhere (a match's engine, a label this version does not know).
/// Read once from the typed player, so that no front end parses a label.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Who {
    /// A person.
    Human {
        /// The name given, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// A computer player.
    Computer {
        /// The engine (`cavalo`, `classic:4`, `greedy`, `random:7`).
        engine: String,
        /// Our engine's level when it plays below full strength (1 to 7).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        level: Option<u8>,
    },
    /// A program outside Cavalo whose moves a referee brings (a team's program in the arena).
    Program {
        /// The name it plays under.
        name: String,
    },
    /// A name kept as written.
    Named {
        /// The name.
        name: String,
    },
}

impl Who {
    /// A player of `cavalo play` or the web.
    pub fn of_config(p: &PlayerConfig) -> Who {
        match p {
            PlayerConfig::Human { name } => Who::Human { name: (!name.is_empty()).then(|| name.clone()) },
            PlayerConfig::Computer(e) => {
                Who::Computer { engine: e.engine.to_string(), level: e.weaker_level() }
            }
            PlayerConfig::Program { name } => Who::Program { name: name.clone() },
        }
    }

    /// A player as a record keeps it.
    pub fn of_recorded(p: &RecordedPlayer) -> Who {
        match p {
            RecordedPlayer::Config(c) => Who::of_config(c),
            RecordedPlayer::Named(name) => Who::Named { name: name.clone() },
        }
    }

    /// The player a stored label names (`human:Ana`, `computer:cavalo:level=3`, or any name).
    pub fn of_label(label: &str) -> Who {
        Who::of_recorded(&RecordedPlayer::of_label(label))
    }
}

/// An announcement: its kind (`move`, `placement`, `pass`, `double-removed`, `game-over`, …) and
/// its message.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Said {
    /// What happened.
    pub kind: &'static str,
    /// Its message.
    pub message: Words,
}

impl Situation {
    /// `game` as it stands now.
    pub fn of(game: &Game) -> Situation {
        let pos = game.position();
        let turn = match game.turn() {
            Turn::Human(side) => TurnView::Human { side },
            Turn::Computer(side) => TurnView::Computer { side },
            Turn::Program(side) => TurnView::Program { side },
            Turn::Forced { side, mv } => TurnView::Forced { side, mv: mv.to_string() },
            Turn::Over(o) => TurnView::Over { side: None, result: o.name() },
            Turn::Quit => TurnView::Quit { side: None },
        };
        let human = matches!(turn, TurnView::Human { .. });
        let summary = game.summary();
        Situation {
            status: game.status().name(),
            turn,
            to_move: pos.side_to_move(),
            points: [pos.points(Side::White), pos.points(Side::Black)],
            destinations: if human { destinations(pos) } else { Vec::new() },
            threatened: if human { threatened(game) } else { Vec::new() },
            undo_side: game.undo_side().filter(|_| game.mode() != Mode::ComputerComputer),
            can_hint: human,
            result: pos.outcome().map(|o| o.name()),
            result_text: GameResult::of(game).map(|r| Words::Message(r.message())),
            clock: [summary[0].time_ms, summary[1].time_ms],
            summary: (game.status() != Status::Playing).then_some(summary),
        }
    }
}

/// The cells the other knight attacks (the board's marks, see [`present::marks`]).
fn threatened(game: &Game) -> Vec<usize> {
    present::session_marks(game).iter().enumerate().filter(|(_, m)| m.threatened).map(|(i, _)| i).collect()
}

/// The legal destinations of a human to move in `pos`, each with its moves (one per double it
/// may remove, the default first).
pub fn destinations(pos: &Position) -> Vec<Destination> {
    let mut out: Vec<Destination> = Vec::new();
    for mv in pos.legal_moves().iter() {
        let Some(dest) = mv.destination() else { continue };
        if out.iter().any(|d| d.index as usize == dest.index()) {
            continue;
        }
        let options = match interpret_move(pos, &dest.to_string()) {
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let removes = choice.removable(pos);
                let MoveChoice::ChooseRemoval { options, .. } = choice else { continue };
                options
                    .iter()
                    .zip(removes)
                    .map(|(m, v)| MoveOption { mv: m.to_string(), removes: Some(v) })
                    .collect()
            }
            Ok(MoveChoice::Ready(m)) => vec![MoveOption { mv: m.to_string(), removes: None }],
            Err(_) => continue,
        };
        out.push(Destination {
            cell: dest.to_string(),
            index: dest.index() as u8,
            value: pos.value_at(dest),
            options,
        });
    }
    out
}

/// The players of `game`, White first.
pub fn players(game: &Game) -> [PlayerView; 2] {
    Side::BOTH.map(|side| {
        let p = game.player(side);
        let engine = match p {
            crate::PlayerConfig::Computer(e) => Some(e),
            crate::PlayerConfig::Human { .. } | crate::PlayerConfig::Program { .. } => None,
        };
        PlayerView {
            side,
            human: p.is_human(),
            label: p.label(),
            name: p.describe(),
            engine: engine.map(|e| e.engine.to_string()),
            level: engine.and_then(|e| e.weaker_level()),
            who: Who::of_config(p),
        }
    })
}

/// The announcements of the plies from `from` (0-based) on, then the game's end.
pub fn said_since(game: &Game, from: usize) -> Vec<Said> {
    present::announcements_since(game, from)
        .iter()
        .map(|a| Said { kind: a.kind(), message: a.words() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameConfig, PlayerConfig, Session};
    use cavalo_rules::Start;

    fn humans() -> Session {
        let mut config = GameConfig::new(Start::Seed(1));
        config.players = [PlayerConfig::human(), PlayerConfig::human()];
        let mut s = Session::new(config).unwrap();
        while let Turn::Forced { .. } = s.turn() {
            s.play_forced().unwrap();
        }
        s
    }

    #[test]
    fn a_human_to_move_is_offered_every_legal_destination_and_nothing_else() {
        let s = humans();
        let now = Situation::of(&s);
        let side = s.position().side_to_move();
        assert_eq!(now.turn, TurnView::Human { side });
        assert!(now.can_hint);
        let cells: Vec<usize> = now.destinations.iter().map(|d| d.index as usize).collect();
        let legal: Vec<usize> = s.position().destinations(side).iter().map(|c| c.index()).collect();
        assert_eq!(cells.len(), legal.len());
        assert!(cells.iter().all(|c| legal.contains(c)), "{cells:?} vs {legal:?}");
        for d in &now.destinations {
            assert!(!d.options.is_empty());
            for o in &d.options {
                let mv = o.mv.parse().unwrap();
                assert!(s.position().legal_moves().contains(&mv), "{} is legal", o.mv);
            }
        }
        assert_eq!(now.undo_side, None, "the placements were forced: nothing to take back");
        assert!(now.summary.is_none() && now.result_text.is_none());
    }

    #[test]
    fn a_quit_game_offers_nothing_and_says_its_result() {
        let mut s = humans();
        let mv = s.position().legal_moves()[0];
        s.play_human(mv).unwrap();
        assert_eq!(Situation::of(&s).undo_side, Some(!s.position().side_to_move()));
        s.quit();
        let now = Situation::of(&s);
        assert_eq!(now.status, "quit");
        assert_eq!(now.turn, TurnView::Quit { side: None });
        assert!(now.destinations.is_empty() && now.threatened.is_empty() && !now.can_hint);
        assert_eq!(now.undo_side, None);
        assert!(matches!(now.result_text, Some(Words::Message(_))));
        assert!(now.summary.is_some());
    }
}
