//! Perft (RULES.md §7): the number of leaf nodes of the move tree to a given depth.

use crate::{Move, Position};

/// `perft(p, 0) = 1`; for `d > 0` the sum of `perft(child, d - 1)` over the legal moves (a forced
/// pass is one move; a finished game contributes 0). Plays and unplays every node, leaves included.
///
/// ```
/// use cavalo_rules::{perft, Position, Rules};
/// let mut p = Position::from_seed(1, Rules::default());
/// assert_eq!(perft(&mut p, 2), 1); // two forced placements
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        // Every leaf is still played and unplayed; only the call for depth 0 is skipped.
        for &mv in moves.iter() {
            let undo = pos.play(mv);
            pos.unplay(mv, undo);
        }
        return moves.len() as u64;
    }
    let mut n = 0;
    for &mv in moves.iter() {
        let undo = pos.play(mv);
        n += perft(pos, depth - 1);
        pos.unplay(mv, undo);
    }
    n
}

/// The same count as [`perft`], but the last ply is counted without playing it ("bulk counting").
pub fn perft_bulk(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves() as u64,
        _ => {
            let moves = pos.legal_moves();
            let mut n = 0;
            for &mv in moves.iter() {
                let undo = pos.play(mv);
                n += perft_bulk(pos, depth - 1);
                pos.unplay(mv, undo);
            }
            n
        }
    }
}

/// Perft split by the first move (for finding where two move generators disagree).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let undo = pos.play(mv);
            let n = perft(pos, depth - 1);
            pos.unplay(mv, undo);
            (mv, n)
        })
        .collect()
}
