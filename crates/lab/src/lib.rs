//! # cavalo-lab
//!
//! The measurements of *Jogo do Cavalo*'s engine, as a library under the `cavalo` commands that
//! print them:
//!
//! - [`analysis`]: the engine as a teacher, every ply of a played game judged (`cavalo analyse`),
//!   and the analyses a server keeps in the games database ([`analysis::store`]);
//! - [`exercises`]: learn from your mistakes, a game's worst moves as exercises and a try judged;
//! - [`suite`]: the accuracy suite, positions with the exact value of every legal move: its file
//!   format, and how it is built and merged (`cavalo accuracy --build`, `--merge`);
//! - [`accuracy`]: a player's moves on the suite summarised (`cavalo accuracy`);
//! - [`datagen`]: training data for the evaluation, positions of varied games labelled with
//!   their final points difference (`cavalo datagen`);
//! - [`fit`]: the least-squares fit of the evaluation's weights to labelled positions
//!   (`cavalo fit`);
//! - [`label`]: what those share: moves checked against a position, jobs on every core, and
//!   ranges of seeds;
//! - [`files`]: the files a user names, read with a bound on their size.
//!
//! It knows the rules (`cavalo-rules`) and the engine (`cavalo-engine`); of a game session
//! (`cavalo-session`) only the files it reads and the games database its analyses' store extends;
//! nothing of a terminal or a referee: a player driven over the protocol is the binary's business.
#![warn(missing_docs)]

pub mod accuracy;
pub mod analysis;
pub mod datagen;
pub mod exercises;
pub mod fit;
pub mod label;
pub mod suite;
