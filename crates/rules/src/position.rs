//! The state of a game and how a move changes it (RULES.md §3–§5).

use crate::error::PositionError;
use crate::{Board, Cell, CellSet, Move, Rules, Side, zobrist};

/// What a cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellState {
    /// The cell still holds its number.
    Holds(u8),
    /// The cell is empty: no knight may land there again.
    Removed,
    /// A knight stands on the cell.
    Knight(Side),
}

/// The outcome of a finished game.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// White has more points.
    White,
    /// Black has more points.
    Black,
    /// Equal points.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::White => Some(Side::White),
            Outcome::Black => Some(Side::Black),
            Outcome::Draw => None,
        }
    }

    /// `white`, `black` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::White => "white",
            Outcome::Black => "black",
            Outcome::Draw => "draw",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Draw => f.write_str("draw"),
            o => write!(f, "{} wins", o.name()),
        }
    }
}

/// What [`Position::play`] changed, so that [`Position::unplay`] can restore it exactly.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    from: Option<Cell>,
    symmetric: Option<Cell>,
    double: Option<Cell>,
    hash: u64,
}

impl Undo {
    /// The cell whose symmetric number was removed by the move, if any.
    pub fn removed_symmetric(&self) -> Option<Cell> {
        self.symmetric
    }

    /// The cell whose double was removed by the move, if any.
    pub fn removed_double(&self) -> Option<Cell> {
        self.double
    }

    /// The cell the knight left (removed by the move), `None` for placements and passes.
    pub fn left(&self) -> Option<Cell> {
        self.from
    }
}

/// A position: which cells still hold their numbers, both knights, both scores, the side to move.
///
/// The Zobrist [`hash`](Position::hash) covers the cells still holding numbers, both knights and
/// the side to move; it is kept incrementally by [`play`](Position::play) and
/// [`unplay`](Position::unplay). Scores are not in the hash.
///
/// ```
/// use cavalo_rules::{Position, Rules};
/// let mut p = Position::from_seed(1, Rules::default());
/// let moves = p.legal_moves();
/// assert_eq!(moves.len(), 1); // White's placement is forced
/// let undo = p.play(moves[0]);
/// assert_eq!(p.points(cavalo_rules::Side::White), 86);
/// p.unplay(moves[0], undo);
/// assert_eq!(p, Position::from_seed(1, Rules::default()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) rules: Rules,
    pub(crate) present: CellSet,
    pub(crate) knights: [Option<Cell>; 2],
    pub(crate) points: [u16; 2],
    pub(crate) side: Side,
    pub(crate) ply: u16,
    pub(crate) hash: u64,
}

impl Position {
    /// The position before the placements on `board`: every cell holds its number, White to play.
    pub fn new(board: Board, rules: Rules) -> Position {
        let present = Cell::all().filter(|&c| board.value(c).is_some()).collect();
        let mut p = Position {
            board,
            rules,
            present,
            knights: [None, None],
            points: [0, 0],
            side: Side::White,
            ply: 0,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The position before the placements on the board of `seed` (RULES.md §7).
    pub fn from_seed(seed: u64, rules: Rules) -> Position {
        Position::new(Board::from_seed(seed), rules)
    }

    /// Builds a position from what every cell shows, checking it is a state the game can reach
    /// in its phase (RULES.md §7: knights and side agree, no number twice).
    pub fn from_cells(
        cells: &[CellState; 100],
        side: Side,
        points: [u16; 2],
        rules: Rules,
    ) -> Result<Position, PositionError> {
        let mut values = [None; 100];
        let mut knights = [None, None];
        for (i, state) in cells.iter().enumerate() {
            let cell = Cell::new(i as u8).expect("index below 100");
            match *state {
                CellState::Holds(v) => values[i] = Some(v),
                CellState::Removed => {}
                CellState::Knight(s) => {
                    if let Some(first) = knights[s.index()] {
                        return Err(PositionError::TwoKnights { side: s, first, second: cell });
                    }
                    knights[s.index()] = Some(cell);
                }
            }
        }
        let board = Board::from_values(values)?;
        match (knights[0], knights[1], side) {
            (None, None, Side::Black) => {
                return Err(PositionError::WhitePlacesFirst);
            }
            (Some(_), None, Side::White) => {
                return Err(PositionError::BlackPlacesSecond);
            }
            (None, Some(_), _) => {
                return Err(PositionError::BlackWithoutWhite);
            }
            _ => {}
        }
        for s in Side::BOTH {
            if points[s.index()] > 4950 {
                return Err(PositionError::PointsTooHigh { side: s, points: points[s.index()] });
            }
        }
        let present = Cell::all().filter(|&c| board.value(c).is_some()).collect();
        let placed = knights.iter().filter(|k| k.is_some()).count() as u16;
        let mut p = Position { board, rules, present, knights, points, side, ply: placed, hash: 0 };
        p.hash = p.compute_hash();
        Ok(p)
    }

    /// The board of values.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule variant in force.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side to play the next ply.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The cell of `side`'s knight, `None` before its placement.
    #[inline]
    pub fn knight(&self, side: Side) -> Option<Cell> {
        self.knights[side.index()]
    }

    /// The points `side` has collected.
    #[inline]
    pub fn points(&self, side: Side) -> u16 {
        self.points[side.index()]
    }

    /// The points of `side` minus the opponent's.
    #[inline]
    pub fn points_diff(&self, side: Side) -> i32 {
        self.points[side.index()] as i32 - self.points[(!side).index()] as i32
    }

    /// Plies played: from a fresh board, every placement, move and pass; for a position read from
    /// text, counted from the knights on the board (0, 1 or 2) since history is unknown.
    #[inline]
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The Zobrist hash (incremental).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The cells that still hold their numbers.
    #[inline]
    pub fn holding(&self) -> CellSet {
        self.present
    }

    /// The number `cell` still holds, if any.
    #[inline]
    pub fn value_at(&self, cell: Cell) -> Option<u8> {
        if self.present.contains(cell) { Some(self.board.value_raw(cell)) } else { None }
    }

    /// What `cell` shows.
    pub fn cell_state(&self, cell: Cell) -> CellState {
        if let Some(v) = self.value_at(cell) {
            CellState::Holds(v)
        } else if self.knights[0] == Some(cell) {
            CellState::Knight(Side::White)
        } else if self.knights[1] == Some(cell) {
            CellState::Knight(Side::Black)
        } else {
            CellState::Removed
        }
    }

    /// Every cell's state, in index order.
    pub fn cells(&self) -> [CellState; 100] {
        std::array::from_fn(|i| self.cell_state(Cell::new(i as u8).expect("index below 100")))
    }

    /// Whether both knights have been placed.
    #[inline]
    pub fn placements_done(&self) -> bool {
        self.knights[0].is_some() && self.knights[1].is_some()
    }

    /// The hash computed from scratch (equal to [`hash`](Position::hash) at all times).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in self.present {
            h ^= zobrist::CELL[c.index()];
        }
        for s in Side::BOTH {
            if let Some(k) = self.knights[s.index()] {
                h ^= zobrist::KNIGHT[s.index() * 100 + k.index()];
            }
        }
        if self.side == Side::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }

    /// A bitmask of the doubles still held: bit `k` for the value `11 * k`.
    #[inline]
    pub(crate) fn doubles_held(&self) -> u16 {
        self.board.doubles_in(self.present, self.rules)
    }

    /// Plays `mv`, which must be legal here (a move of [`legal_moves`](Position::legal_moves) or
    /// one accepted by [`check_move`](Position::check_move)); returns what
    /// [`unplay`](Position::unplay) needs.
    #[inline(always)]
    pub fn play(&mut self, mv: Move) -> Undo {
        let s = self.side;
        let mut undo = Undo { from: None, symmetric: None, double: None, hash: self.hash };
        let mut h = self.hash ^ zobrist::BLACK_TO_MOVE;
        if let Some(d) = mv.destination() {
            // Work on a copy of the cell set and store it once: narrow read-modify-writes of the
            // 128-bit set followed by wide loads stall store forwarding.
            let mut present = self.present;
            debug_assert!(present.contains(d), "{mv} lands on a cell without a number");
            let v = self.board.value_raw(d);
            self.points[s.index()] += v as u16;
            present.remove(d);
            h ^= zobrist::CELL[d.index()];
            let from = self.knights[s.index()];
            if let Some(f) = from {
                h ^= zobrist::KNIGHT[s.index() * 100 + f.index()];
            }
            h ^= zobrist::KNIGHT[s.index() * 100 + d.index()];
            self.knights[s.index()] = Some(d);
            undo.from = from;
            if let Some(c) = self.board.symmetric_cell(d) {
                if present.contains(c) {
                    present.remove(c);
                    h ^= zobrist::CELL[c.index()];
                    undo.symmetric = Some(c);
                }
            } else if self.rules.is_double(v) {
                // The named double, else the highest other double still held (if any).
                let removed = match mv.removal() {
                    Some(r) => self.board.cell_of(r),
                    None => self.board.highest_double_in(present, self.rules),
                };
                if let Some(c) = removed {
                    debug_assert!(present.contains(c), "{mv} removes a double that is not held");
                    present.remove(c);
                    h ^= zobrist::CELL[c.index()];
                    undo.double = Some(c);
                }
            }
            self.present = present;
        }
        self.side = !s;
        self.ply += 1;
        self.hash = h;
        undo
    }

    /// Takes back `mv`, the last move played, given what [`play`](Position::play) returned.
    #[inline]
    pub fn unplay(&mut self, mv: Move, undo: Undo) {
        self.side = !self.side;
        self.ply -= 1;
        self.hash = undo.hash;
        if let Some(d) = mv.destination() {
            let s = self.side.index();
            self.points[s] -= self.board.value_raw(d) as u16;
            let mut present = self.present;
            present.insert(d);
            self.knights[s] = undo.from;
            if let Some(c) = undo.symmetric {
                present.insert(c);
            }
            if let Some(c) = undo.double {
                present.insert(c);
            }
            self.present = present;
        }
    }
}

/// The highest double value in a mask of held doubles (bit `k` = value `11 * k`).
#[inline]
pub(crate) fn highest_double(mask: u16) -> u8 {
    debug_assert!(mask != 0);
    (15 - mask.leading_zeros() as u8) * 11
}
