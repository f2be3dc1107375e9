//! # cavalo-arena
//!
//! The course's arena: every team's program on the classroom server, playing a standing ladder.
//!
//! - [`seat`]: who plays a side of an arena game — a team's program (one version of it) or one
//!   of our engine's levels — and the stages of the arena's games;
//! - [`store`]: the programs by team and version and the arena's games, in the games database
//!   (tables of their own beside the games, with migrations: [`schema`]);
//! - [`ladder`]: which game the ladder plays next: a new version's qualification against the
//!   levels, then a pair of games (both colours, one fresh board) against each other current
//!   program;
//! - [`standings`]: the standings of the current versions: games, score, rating with its
//!   interval (the tournament's ratings), the highest level beaten, forfeits, the last error;
//! - [`play`]: plays one arena game with the referee, each program in its sandbox, telling a
//!   watcher of every move.
//!
//! Nothing here serves or schedules threads: `cavalo serve --arena` (the web crate) runs the
//! ladder in its batch lane, and `cavalo arena championship` plays the official round robin.
#![warn(missing_docs)]

pub mod ladder;
pub mod play;
pub mod schema;
pub mod seat;
pub mod standings;
pub mod store;

pub use ladder::{MAX_LEVEL, next_game};
pub use seat::{Planned, Seat, Stage};
pub use standings::{Standing, standings};
pub use store::{ArenaGame, ArenaStore, Finished, Version};
