//! Zobrist keys: one per cell holding its number, one per knight per cell, one for the side.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, z) = splitmix(state);
        state = s;
        out[i] = z;
        i += 1;
    }
    out
}

/// Key of a cell that still holds its number.
pub(crate) static CELL: [u64; 100] = keys(0x00C4_7A10_0001);
/// Keys of the white knight (0..100) and the black knight (100..200) on a cell.
pub(crate) static KNIGHT: [u64; 200] = keys(0x00C4_7A10_0002);
/// Key toggled when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x00C4_7A10_0003).1;
