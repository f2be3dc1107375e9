//! # cavalo-engine
//!
//! The search for *Jogo do Cavalo*: negamax alpha-beta with principal-variation search,
//! iterative deepening, aspiration windows, a shared transposition table (Lazy SMP threads),
//! killer/history move ordering, late-move reductions and quiescence, under a hard time limit,
//! with the course's statistics (nodes, alpha cuts, beta cuts, depth, value, time). Also the
//! reference players `random`, `greedy` and `classic`, and the engine protocol both ways
//! ([`protocol`]: what a referee sends and an engine answers, written and read).
//!
//! It knows the rules (`cavalo-rules`) but no terminal or network.
#![warn(missing_docs)]

pub mod bench;
pub mod bounds;
mod choice;
mod engine;
pub mod eval;
pub mod horizon;
mod info;
pub mod level;
mod limits;
mod options;
pub mod params;
mod players;
mod pool;
pub mod priority;
pub mod protocol;
pub mod score;
mod search;
pub mod selfplay;
pub mod solver;
#[cfg(test)]
mod testutil;
mod timeman;
mod tt;

pub use choice::PlayerChoice;
pub use engine::{Engine, Tables, search_memory_mib};
pub use info::{SearchInfo, SearchResult};
pub use limits::{Clock, Limits};
pub use options::{
    MAX_HASH_MIB, MAX_SEED, MAX_THREADS, OptionDesc, OptionError, OptionKind, Options, spec_keys,
};
pub use params::SearchConfig;
pub use players::{Classic, Greedy, Player, PlayerError, PlayerKind, RandomPlayer};
pub use timeman::{Latency, TimeManager};
pub use tt::AllocError;
