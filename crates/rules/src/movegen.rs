//! Legal move generation (RULES.md §3–§5, §7 move lists), allocation-free.

use std::mem::MaybeUninit;
use std::ops::Deref;

use crate::error::{IllegalMoveError, IllegalMoveReason as Why};
use crate::position::highest_double;
use crate::{Cell, CellSet, Move, Outcome, Position, Side};

/// The most moves a position can have: 8 destinations × 9 possible double removals.
pub const MAX_MOVES: usize = 72;

/// A list of moves on the stack. Dereferences to a slice.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { moves: [MaybeUninit::uninit(); MAX_MOVES], len: 0 }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = MaybeUninit::new(m);
        self.len += 1;
    }

    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        let init = &mut self.moves[..self.len];
        // SAFETY: the first `len` elements were written by `push`; `MaybeUninit<Move>` has the
        // layout of `Move`.
        unsafe { &mut *(init as *mut [MaybeUninit<Move>] as *mut [Move]) }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        let init = &self.moves[..self.len];
        // SAFETY: the first `len` elements were written by `push`; `MaybeUninit<Move>` has the
        // layout of `Move`.
        unsafe { &*(init as *const [MaybeUninit<Move>] as *const [Move]) }
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Position {
    /// The cells `side`'s knight may land on now, whoever is to move: its placement cell before
    /// it is placed (the highest number still held on its home row), otherwise the knight jumps
    /// to cells holding a number and, under the threat rule, not one jump from the opponent.
    #[inline]
    pub fn destinations(&self, side: Side) -> CellSet {
        match self.knights[side.index()] {
            Some(k) => {
                let mut t = CellSet::knight_jumps(k) & self.present;
                if self.rules.threat
                    && let Some(o) = self.knights[(!side).index()]
                {
                    t = t - CellSet::knight_jumps(o);
                }
                t
            }
            None => self.placement_cell(side).map_or(CellSet::EMPTY, CellSet::from_cell),
        }
    }

    /// The cell `side` must place its knight on: the highest number still held on its home row.
    pub fn placement_cell(&self, side: Side) -> Option<Cell> {
        (CellSet::row(side.home_row()) & self.present).iter().max_by_key(|&c| self.board.value_raw(c))
    }

    /// The cells `side`'s knight attacks (where, under the threat rule, the opponent may not land).
    pub fn threatened_by(&self, side: Side) -> CellSet {
        self.knights[side.index()].map_or(CellSet::EMPTY, CellSet::knight_jumps)
    }

    /// The legal moves (RULES.md §7): one per destination, one per possible double removal, the
    /// default removal without suffix; exactly `[pass]` when the side to move is stuck but the
    /// opponent is not; empty when the game is over.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let targets = self.destinations(self.side);
        if targets.is_empty() {
            if !self.destinations(!self.side).is_empty() {
                list.push(Move::PASS);
            }
            return list;
        }
        // The doubles held, computed at the first destination holding a double.
        let mut held = None;
        for d in targets {
            let v = self.board.value_raw(d);
            list.push(Move::land(d));
            if self.rules.is_double(v) {
                let others = *held.get_or_insert_with(|| self.doubles_held()) & !(1 << (v / 11));
                if others != 0 {
                    let default = highest_double(others);
                    let mut rest = others & !(1 << (default / 11));
                    while rest != 0 {
                        let k = rest.trailing_zeros() as u8;
                        rest &= rest - 1;
                        list.push(Move::land_removing(d, k * 11));
                    }
                }
            }
        }
        list
    }

    /// The number of legal moves, without building the list.
    #[inline]
    pub fn count_moves(&self) -> usize {
        let targets = self.destinations(self.side);
        if targets.is_empty() {
            return usize::from(!self.destinations(!self.side).is_empty());
        }
        let mut n = targets.len();
        let held = self.doubles_held_if_any(targets);
        if held != 0 {
            for d in targets {
                let v = self.board.value_raw(d);
                if self.rules.is_double(v) {
                    let others = held & !(1 << (v / 11));
                    n += (others.count_ones() as usize).saturating_sub(1);
                }
            }
        }
        n
    }

    #[inline]
    fn doubles_held_if_any(&self, targets: CellSet) -> u16 {
        if targets.iter().any(|d| self.rules.is_double(self.board.value_raw(d))) {
            self.doubles_held()
        } else {
            0
        }
    }

    /// Whether the game is over: neither side has a legal move.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.destinations(Side::White).is_empty() && self.destinations(Side::Black).is_empty()
    }

    /// The outcome when the game is over, `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(match self.points[0].cmp(&self.points[1]) {
            std::cmp::Ordering::Greater => Outcome::White,
            std::cmp::Ordering::Less => Outcome::Black,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Checks `mv` against the rules and returns it in normal form (`G7x99` becomes `G7` when 99
    /// is the default removal), or says why it is illegal.
    pub fn check_move(&self, mv: Move) -> Result<Move, IllegalMoveError> {
        let illegal = |reason: Why| IllegalMoveError { mv: mv.to_string(), reason };
        let side = self.side;
        let targets = self.destinations(side);
        let Some(d) = mv.destination() else {
            return if !targets.is_empty() {
                Err(illegal(Why::PassNotAllowed(side)))
            } else if self.destinations(!side).is_empty() {
                Err(illegal(Why::GameOver))
            } else {
                Ok(mv)
            };
        };
        if targets.is_empty() {
            return Err(illegal(if self.destinations(!side).is_empty() {
                Why::GameOver
            } else {
                Why::MustPass(side)
            }));
        }
        if !targets.contains(d) {
            return Err(illegal(self.why_not_destination(side, d)));
        }
        let v = self.board.value_raw(d);
        let Some(r) = mv.removal() else { return Ok(mv) };
        if !self.rules.is_double(v) {
            return Err(illegal(Why::NothingToRemove { cell: d, value: v }));
        }
        let others = self.doubles_held() & !(1 << (v / 11));
        if r == v {
            return Err(illegal(Why::RemovesLanding(r)));
        }
        if !self.rules.is_double(r) || others & (1 << (r / 11)) == 0 {
            return Err(illegal(Why::NoSuchDouble(r)));
        }
        if r == highest_double(others) { Ok(mv.with_default_removal()) } else { Ok(mv) }
    }

    fn why_not_destination(&self, side: Side, d: Cell) -> Why {
        let Some(k) = self.knights[side.index()] else {
            return match self.placement_cell(side) {
                Some(cell) => Why::PlaceOn { side, cell, row: side.home_row() + 1 },
                None => Why::NoPlacement(side),
            };
        };
        if !CellSet::knight_jumps(k).contains(d) {
            return Why::NotAJump { to: d, from: k };
        }
        match self.cell_state(d) {
            crate::CellState::Removed => Why::Removed(d),
            crate::CellState::Knight(s) => Why::Occupied { cell: d, side: s },
            crate::CellState::Holds(_) => match self.knights[(!side).index()] {
                Some(from) => Why::Threatened { cell: d, side: !side, from },
                None => Why::Unreachable(d),
            },
        }
    }

    /// Checks and plays `mv`; on error the position is unchanged.
    pub fn play_checked(&mut self, mv: Move) -> Result<crate::Undo, IllegalMoveError> {
        let mv = self.check_move(mv)?;
        Ok(self.play(mv))
    }

    /// Reads a move in this position's context and returns it legal and normalised.
    pub fn parse_move(&self, s: &str) -> Result<Move, crate::MoveError> {
        let mv: Move = s.parse()?;
        Ok(self.check_move(mv)?)
    }
}
