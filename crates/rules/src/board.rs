//! The board of values: which number each cell started with, and the seeded generator of RULES.md §7.

use crate::Cell;
use crate::error::PositionError;

/// The cell of an index known to be below 100.
fn cell_at(i: usize) -> Cell {
    Cell::new(i as u8).expect("index below 100")
}

/// Marks an unknown value (a cell whose number was collected or removed before the position was
/// known) or a value no cell holds.
pub(crate) const NONE: u8 = u8::MAX;

/// The numbers written on the cells: a permutation of 0..=99 for a fresh game.
///
/// A board parsed from a position string may not know the numbers of removed or occupied cells;
/// those read as `None`. The board never changes during a game: what changes is which cells still
/// hold their number (see [`Position`](crate::Position)).
///
/// ```
/// use cavalo_rules::{Board, Cell};
/// let b = Board::from_seed(1);
/// assert_eq!(b.value(Cell::A1), Some(32));
/// assert_eq!(b.cell_of(32), Some(Cell::A1));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    values: [u8; 100],
    cells: [u8; 100],
    /// For each cell, the cell holding the symmetric of its value (`NONE` for doubles/unknown).
    symmetric: [u8; 100],
    /// The cells of the doubles from the highest down: 99, 88, …, 11, 00 (`NONE` when unknown).
    doubles_desc: [u8; 10],
}

/// SplitMix64, the generator of seeded boards (RULES.md §7). Part of the format: never change it.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting at `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64-bit output.
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Board {
    /// The board named by `seed`: SplitMix64 drives a Fisher–Yates shuffle of 0..=99 (RULES.md §7).
    /// The same seed gives the same board on every machine and version.
    pub fn from_seed(seed: u64) -> Board {
        let mut rng = SplitMix64::new(seed);
        let mut values: [u8; 100] = std::array::from_fn(|i| i as u8);
        for i in (1..100usize).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            values.swap(i, j);
        }
        Board::from_known(values)
    }

    /// A board from per-cell values where `None` means unknown. Returns the first value found twice
    /// or out of range as an error.
    pub fn from_values(values: [Option<u8>; 100]) -> Result<Board, PositionError> {
        let mut raw = [NONE; 100];
        let mut cells = [NONE; 100];
        for (i, v) in values.iter().enumerate() {
            if let Some(v) = *v {
                if v > 99 {
                    return Err(PositionError::ValueRange { cell: cell_at(i), value: v });
                }
                if cells[v as usize] != NONE {
                    let first = cell_at(cells[v as usize] as usize);
                    return Err(PositionError::Duplicate { value: v, first, second: cell_at(i) });
                }
                cells[v as usize] = i as u8;
                raw[i] = v;
            }
        }
        Ok(Board::with_tables(raw, cells))
    }

    fn from_known(values: [u8; 100]) -> Board {
        let mut cells = [NONE; 100];
        for (i, &v) in values.iter().enumerate() {
            cells[v as usize] = i as u8;
        }
        Board::with_tables(values, cells)
    }

    fn with_tables(values: [u8; 100], cells: [u8; 100]) -> Board {
        let symmetric = std::array::from_fn(|i| match values[i] {
            NONE => NONE,
            v => crate::symmetric(v).map_or(NONE, |s| cells[s as usize]),
        });
        let doubles_desc = std::array::from_fn(|i| cells[(9 - i) * 11]);
        Board { values, cells, symmetric, doubles_desc }
    }

    /// The cell on which the symmetric of `cell`'s value is written, if any (hot path).
    #[inline]
    pub(crate) fn symmetric_cell(&self, cell: Cell) -> Option<Cell> {
        Cell::new(self.symmetric[cell.index()])
    }

    /// The number written on `cell`, if known.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<u8> {
        let v = self.values[cell.index()];
        (v != NONE).then_some(v)
    }

    /// The value of a cell known to hold one (used on the hot path).
    #[inline]
    pub(crate) fn value_raw(&self, cell: Cell) -> u8 {
        self.values[cell.index()]
    }

    /// A bitmask of the doubles held by the cells of `present`: bit `k` for the value `11 * k`
    /// (00 only when it is a double under `rules`).
    #[inline]
    pub(crate) fn doubles_in(&self, present: crate::CellSet, rules: crate::Rules) -> u16 {
        let mut mask = 0u16;
        let start = if rules.zero_double { 0 } else { 1 };
        for k in start..10u8 {
            let c = self.cells[k as usize * 11];
            if c != NONE && present.bits() >> c & 1 != 0 {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The cell of the highest double held by the cells of `present` (00 only when it is a double
    /// under `rules`): the default removal of RULES.md §4 step 4.
    #[inline]
    pub(crate) fn highest_double_in(&self, present: crate::CellSet, rules: crate::Rules) -> Option<Cell> {
        let n = if rules.zero_double { 10 } else { 9 };
        self.doubles_desc[..n]
            .iter()
            .find(|&&c| c != NONE && present.bits() >> c & 1 != 0)
            .and_then(|&c| Cell::new(c))
    }

    /// The cell on which the number `v` is written, if known.
    #[inline]
    pub fn cell_of(&self, v: u8) -> Option<Cell> {
        self.cells.get(v as usize).and_then(|&c| Cell::new(c))
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.values.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_outputs() {
        // Reference values of SplitMix64 from seed 0 (Vigna's reference implementation).
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(g.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn seeded_board_is_a_permutation() {
        for seed in [0, 1, 2, u64::MAX] {
            let b = Board::from_seed(seed);
            let mut seen = [false; 100];
            for c in Cell::all() {
                let v = b.value(c).unwrap();
                assert!(!seen[v as usize]);
                seen[v as usize] = true;
                assert_eq!(b.cell_of(v), Some(c));
            }
        }
    }

    #[test]
    fn from_values_rejects_duplicates_and_range() {
        let mut v = [None; 100];
        v[0] = Some(5);
        v[1] = Some(5);
        assert_eq!(
            Board::from_values(v).unwrap_err(),
            PositionError::Duplicate { value: 5, first: Cell::A1, second: Cell::B1 }
        );
        assert!(Board::from_values(v).unwrap_err().to_string().contains("twice"));
        v[1] = Some(120);
        assert!(Board::from_values(v).unwrap_err().to_string().contains("120"));
    }
}
