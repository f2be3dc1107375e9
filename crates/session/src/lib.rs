//! # cavalo-session
//!
//! One game of *Jogo do Cavalo* as data, below every front end (terminal, web): who plays each
//! side (a human, or a computer player with its options), whose turn it is, the engine calls
//! (with live search information and a stop flag), forced placements and passes, undo, the time
//! spent on every ply, the course's `log.dat`, and the JSON game record.
//!
//! A [`Session`] holds no terminal or network state, is `Send`, and serialises to JSON
//! ([`Session::to_json`], [`Session::from_json`]) so that a server can keep games on disk and
//! resume them.
//!
//! Every front end is built on the same pieces:
//! - [`GameConfig::for_mode`]: the players of a mode, side and engines;
//! - the background-search driver ([`spawn_search`], [`Search`]) and [`Session::finish`], which
//!   drops the result of a search the game has moved on from;
//! - [`situation`]: the game's one view model in no language (whose turn, the destinations with
//!   their moves, whose seat may undo, the clocks, the result), which the terminals' controller
//!   words and the web server sends;
//! - [`present`]: the board's marks, the move list's rows, and the [`present::Announcement`]s of
//!   what happened, worded by one function;
//! - [`i18n`]: Portuguese (pt-PT) and English catalogues (Project Fluent), the language from
//!   `--lang`, the environment or `Accept-Language`, and numbers written each language's way;
//! - [`SessionError`], whose [`ErrorKind`] a front end acts on;
//! - [`store`]: everything kept on disk (`log.dat`, records, saved sessions).
//!
//! ```
//! use cavalo_session::{GameConfig, PlayerConfig, Session, Turn};
//! use cavalo_rules::{Side, Start};
//! use std::sync::atomic::AtomicBool;
//! let mut config = GameConfig::new(Start::Seed(1));
//! config.players = [PlayerConfig::computer("greedy".parse().unwrap()), PlayerConfig::human()];
//! config.time_ms = 50;
//! let mut game = Session::new(config).unwrap();
//! let stop = AtomicBool::new(false);
//! loop {
//!     match game.turn() {
//!         Turn::Forced { .. } => { game.play_forced().unwrap(); }
//!         Turn::Computer(_) => { game.play_computer(&stop, &mut |_| {}).unwrap(); }
//!         Turn::Human(_) => {
//!             let mv = game.position().legal_moves()[0];
//!             game.play_human(mv).unwrap();
//!         }
//!         // A program of elsewhere (a team's, in the arena): its referee brings its moves.
//!         Turn::Program(_) => unreachable!("no program plays here"),
//!         Turn::Over(_) | Turn::Quit => break,
//!     }
//! }
//! assert!(game.position().is_over());
//! let saved = game.to_json();
//! let back = cavalo_session::Session::from_json(&saved).unwrap();
//! assert_eq!(back.position(), game.position());
//! ```
#![warn(missing_docs)]

mod config;
pub mod controller;
pub mod datetime;
mod error;
pub mod files;
mod game;
pub mod i18n;
mod input;
mod ply;
pub mod present;
mod search;
mod session;
mod sink;
pub mod situation;
pub mod store;

pub use config::{EngineConfig, GameConfig, Mode, PlayerConfig, read_start};
pub use error::{ErrorKind, FileError, FileKind, RestoreError, SessionError};
pub use game::{Game, GameEvent, Status, Turn};
pub use input::{Command, MoveChoice, choose_removal, interpret_move, parse_command};
pub use ply::{Actor, Ply, SideSummary};
pub use search::{Engines, Priority, Search, SearchEvent, SearchHandle, ThinkJob, Thought, spawn_search};
pub use session::{Advance, Finished, Session};
pub use sink::Sink;
pub use store::{logfile, write_atomically};
