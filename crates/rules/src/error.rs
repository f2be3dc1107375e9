//! Error types. Every parser answers bad input with one of these, naming what was wrong; the
//! reasons are enums so that callers can match on the kind of fault, never on the text.

use thiserror::Error;

use crate::{Cell, Side};

/// Why a cell name could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseCellReason {
    /// Nothing was given.
    #[error("empty cell name")]
    Empty,
    /// The column letter is not `A`..=`J`.
    #[error("the column must be a letter from A to J")]
    Column,
    /// The row is not a number from 1 to 10.
    #[error("the row must be a number from 1 to 10")]
    Row,
    /// A `row col` pair does not have exactly two fields.
    #[error("expected two numbers: row and column")]
    PairShape,
    /// The row of a pair is not a number.
    #[error("the row is not a number from 1 to 10")]
    PairRowNumber,
    /// The column of a pair is not a number.
    #[error("the column is not a number from 1 to 10")]
    PairColumnNumber,
    /// The row of a pair is a number outside 1..=10.
    #[error("the row must be from 1 to 10")]
    PairRow,
    /// The column of a pair is a number outside 1..=10.
    #[error("the column must be from 1 to 10")]
    PairColumn,
}

/// A cell name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid cell `{input}`: {reason}")]
pub struct ParseCellError {
    /// The text that was read.
    pub input: String,
    /// What is wrong with it.
    pub reason: ParseCellReason,
}

impl ParseCellError {
    pub(crate) fn new(input: &str, reason: ParseCellReason) -> ParseCellError {
        ParseCellError { input: input.to_string(), reason }
    }
}

/// Why a move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveReason {
    /// Nothing was given.
    #[error("empty move")]
    Empty,
    /// The text starts with `x` instead of a cell.
    #[error("a move starts with a cell such as E3 (or is `pass`)")]
    NoCell,
    /// The destination is not a cell name.
    #[error("{0}")]
    Cell(ParseCellReason),
    /// What follows `x` is not two digits.
    #[error("after `x` comes the removed double as two digits (e.g. `x88`), not `{0}`")]
    RemovalDigits(String),
    /// The number after `x` is not a double.
    #[error("{0} is not a double (00, 11, …, 99)")]
    NotDouble(String),
}

/// A move that could not be read (before any position is consulted).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid move `{input}`: {reason}")]
pub struct ParseMoveError {
    /// The text that was read.
    pub input: String,
    /// What is wrong with it.
    pub reason: ParseMoveReason,
}

/// Why a well-formed move is illegal in a position (kept in match records as data).
#[derive(Debug, Clone, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// Nobody can move any more.
    #[error("the game is over")]
    GameOver,
    /// A pass while the side has a legal move.
    #[error("{0} has a legal move, so passing is not allowed")]
    PassNotAllowed(Side),
    /// A move while the side has none.
    #[error("{0} has no legal move and must pass")]
    MustPass(Side),
    /// A placement elsewhere than on the highest number of the home row.
    #[error("{side} must place its knight on {cell}, the highest number of row {row}")]
    PlaceOn {
        /// Who places.
        side: Side,
        /// Where it must place.
        cell: Cell,
        /// The 1-based home row.
        row: u8,
    },
    /// A placement with no cell left to place on.
    #[error("{0} has no cell to place on")]
    NoPlacement(Side),
    /// Not a knight's jump.
    #[error("{to} is not a knight's jump from {from}")]
    NotAJump {
        /// Destination asked for.
        to: Cell,
        /// Where the knight stands.
        from: Cell,
    },
    /// The destination was removed.
    #[error("{0} is removed")]
    Removed(Cell),
    /// The destination holds the other knight.
    #[error("{cell} is occupied by the {side} knight")]
    Occupied {
        /// Destination asked for.
        cell: Cell,
        /// The knight standing there.
        side: Side,
    },
    /// The destination is attacked by the other knight (threat rule).
    #[error("{cell} is threatened by the {side} knight on {from}")]
    Threatened {
        /// Destination asked for.
        cell: Cell,
        /// The threatening side.
        side: Side,
        /// Where that knight stands.
        from: Cell,
    },
    /// The destination cannot be reached for another reason.
    #[error("{0} cannot be reached")]
    Unreachable(Cell),
    /// A removal named on a cell that is not a double.
    #[error("{cell} holds {value:02}, not a double, so there is nothing to remove")]
    NothingToRemove {
        /// Destination.
        cell: Cell,
        /// Its number.
        value: u8,
    },
    /// The removal names the double being landed on.
    #[error("{0:02} is the double being landed on")]
    RemovesLanding(u8),
    /// The named double is not on the board.
    #[error("no double {0:02} is on the board to remove")]
    NoSuchDouble(u8),
}

/// A well-formed move that the position does not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move `{mv}`: {reason}")]
pub struct IllegalMoveError {
    /// The move as written.
    pub mv: String,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

/// A move given as text that is either unreadable or illegal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// What is wrong with a course Lisp board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LispBoardError {
    /// The text does not start with `(`.
    #[error("expected `(` to open the list of rows")]
    NoOpening,
    /// Fewer than 10 rows.
    #[error("found {0} rows, expected 10")]
    TooFewRows(u8),
    /// A row does not start with `(`.
    #[error("row {row}: expected `(`, found `{found}`")]
    RowOpening {
        /// 1-based row.
        row: u8,
        /// What stood there.
        found: String,
    },
    /// The text ends before a row.
    #[error("ends before row {0}")]
    EndsBeforeRow(u8),
    /// The text ends inside a row.
    #[error("ends inside row {0}")]
    EndsInsideRow(u8),
    /// A row has fewer than 10 cells.
    #[error("row {row} has {cells} cells, expected 10")]
    ShortRow {
        /// 1-based row.
        row: u8,
        /// Cells found.
        cells: u8,
    },
    /// A row has more than 10 cells.
    #[error("row {row} has more than 10 cells (`{found}`)")]
    LongRow {
        /// 1-based row.
        row: u8,
        /// The first extra token.
        found: String,
    },
    /// A row is not closed.
    #[error("row {0} is not closed")]
    RowNotClosed(u8),
    /// More than 10 rows.
    #[error("more than 10 rows (found `{0}`)")]
    TooManyRows(String),
    /// The list of rows is not closed.
    #[error("the list of rows is not closed")]
    NotClosed,
    /// Text after the closing parenthesis.
    #[error("unexpected `{0}` after the board")]
    Trailing(String),
    /// An atom that is not a cell.
    #[error("cell {cell}: `{token}` is not a number from 0 to 99, NIL, -1 or -2")]
    Cell {
        /// The cell.
        cell: Cell,
        /// The atom read.
        token: String,
    },
}

/// A position (position string, seed or Lisp board) that could not be read or is not a state the
/// game can reach. Each kind names the field or cell at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A position string without its four fields.
    #[error("invalid position: expected 4 fields (cells, side, white points, black points), found {0}")]
    Fields(usize),
    /// The cells field does not have 10 rows.
    #[error("invalid position: cells: expected 10 rows separated by `/`, found {0}")]
    Rows(usize),
    /// A row does not have 10 cells.
    #[error("invalid position: row {row}: expected 10 cells separated by `,`, found {cells}")]
    RowCells {
        /// 1-based row.
        row: u8,
        /// Cells found.
        cells: usize,
    },
    /// A cell token is not a number, `.`, `W` or `B`.
    #[error("invalid position: cell {cell}: `{token}` is not a number from 00 to 99, `.`, `W` or `B`")]
    CellToken {
        /// The cell.
        cell: Cell,
        /// The token read.
        token: String,
    },
    /// The side field is not `w` or `b`.
    #[error("invalid position: side: expected `w` or `b`, found `{0}`")]
    SideField(String),
    /// A points field is not a number.
    #[error("invalid position: {side} points: `{found}` is not a whole number from 0 to 4950")]
    PointsField {
        /// Whose points.
        side: Side,
        /// The text read.
        found: String,
    },
    /// Points above the sum of all numbers.
    #[error("invalid position: {side} points {points} exceed 4950, the sum of all numbers")]
    PointsTooHigh {
        /// Whose points.
        side: Side,
        /// The points given.
        points: u16,
    },
    /// `seed:` followed by something else than a `u64`.
    #[error("invalid position: `{0}` is not a seed (a whole number from 0 to 2^64-1)")]
    Seed(String),
    /// A side or points given with a position string.
    #[error(
        "invalid position: a side and points are only for Lisp boards: a position string carries its own"
    )]
    LispExtras,
    /// A malformed Lisp board.
    #[error("invalid position: Lisp board: {0}")]
    Lisp(#[from] LispBoardError),
    /// A number outside 0..=99 on a cell.
    #[error("invalid position: {cell} holds {value}, which is not from 0 to 99")]
    ValueRange {
        /// The cell.
        cell: Cell,
        /// The number.
        value: u8,
    },
    /// The same number on two cells.
    #[error("invalid position: the number {value:02} appears twice ({first} and {second})")]
    Duplicate {
        /// The number.
        value: u8,
        /// Its first cell.
        first: Cell,
        /// Its second cell.
        second: Cell,
    },
    /// Two knights of one side.
    #[error("invalid position: two {side} knights ({first} and {second})")]
    TwoKnights {
        /// Whose knights.
        side: Side,
        /// The first.
        first: Cell,
        /// The second.
        second: Cell,
    },
    /// Black to play before any placement.
    #[error("invalid position: side: before the placements White is to play (`w`), not Black")]
    WhitePlacesFirst,
    /// White to play after only White's placement.
    #[error("invalid position: side: after White's placement Black is to place (`b`), not White")]
    BlackPlacesSecond,
    /// A black knight but no white knight.
    #[error("invalid position: a black knight without a white knight: White places first")]
    BlackWithoutWhite,
}

/// A game record that could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The JSON is malformed or misses a field.
    #[error("invalid game record: {0}")]
    Json(String),
    /// The starting position is invalid.
    #[error("invalid game record: start: {0}")]
    Start(PositionError),
    /// A move does not parse or is illegal.
    #[error("invalid game record: move {index} ({ply}): {error}")]
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// Who was to move, e.g. `white`.
        ply: String,
        /// What went wrong.
        error: MoveError,
    },
    /// The recorded result disagrees with the replayed game.
    #[error("invalid game record: result: {0}")]
    Result(String),
}
