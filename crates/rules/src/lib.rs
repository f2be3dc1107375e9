//! # cavalo-rules
//!
//! The rules of *Jogo do Cavalo* exactly as `RULES.md` states them: the board of numbers, cells
//! and cell sets, moves and their notation, positions with legal move generation and
//! play/unplay, position strings, the course's Lisp board format, game records, and perft.
//!
//! This crate does no I/O and knows nothing of search.
//!
//! ```
//! use cavalo_rules::{Position, Rules, Side};
//! let mut pos = Position::from_seed(1, Rules::default());
//! while let Some(&mv) = pos.legal_moves().first() {
//!     pos.play(mv);
//! }
//! assert!(pos.is_over());
//! assert!(pos.ply() <= 102);
//! println!("{} {}", pos.points(Side::White), pos.points(Side::Black));
//! ```
#![warn(missing_docs)]

mod board;
mod cell;
mod cellset;
mod error;
mod fen;
pub mod lisp;
mod movegen;
mod mv;
mod perft;
mod position;
mod record;
mod rules;
mod side;
mod zobrist;

pub use board::{Board, SplitMix64};
pub use cell::Cell;
pub use cellset::{CellSet, CellSetIter};
pub use error::{
    IllegalMoveError, IllegalMoveReason, LispBoardError, MoveError, ParseCellError, ParseCellReason,
    ParseMoveError, ParseMoveReason, PositionError, RecordError,
};
pub use movegen::{MAX_MOVES, MoveList};
pub use mv::Move;
pub use perft::{divide, perft, perft_bulk};
pub use position::{CellState, Outcome, Position, Undo};
pub use record::{GameRecord, Start};
pub use rules::{Rules, symmetric};
pub use side::Side;
