//! One module per subcommand, named after it: its arguments, its progress and its printing. The
//! work itself is done by the library crates (`cavalo-engine`, `cavalo-lab`, `cavalo-match`,
//! `cavalo-session`, `cavalo-web`).

pub mod accuracy;
pub mod analyse;
pub mod apply;
pub mod arena;
pub mod bench;
pub mod board;
pub mod datagen;
pub mod engine;
pub mod fit;
pub mod games;
pub mod games_text;
pub mod go;
pub mod r#match;
pub mod r#move;
pub mod moves;
pub mod perft;
pub mod play;
pub mod proofply;
pub mod replay;
pub mod serve;
pub mod stats;
pub mod tournament;
pub mod tune;
