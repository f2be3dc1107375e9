//! The engine protocol (`docs/en/protocol.md`, like UCI), both ways, in one place: what the
//! referee sends and the engine reads ([`command`]: `setoption`, `position`, `go`), what the
//! engine writes and the referee reads ([`reply`]: `info`, `bestmove`, `readyok` ...), and how
//! either side reads lines without being broken by them ([`lines`]).
//!
//! The conversation itself is elsewhere: the engine's loop is `cavalo engine` (the binary), the
//! referee's is `cavalo_match::external`.

pub mod command;
pub mod lines;
pub mod reply;

pub use command::{
    GoProblem, GoRequest, MAX_GO_MS, go_command, parse_check, parse_go, parse_position, parse_setoption,
    position_fen_command, position_seed_command, setoption_command,
};
pub use reply::{Info, Reply, bestmove_line, error_text, info_line, info_string, stats_line};
