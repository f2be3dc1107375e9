//! What the board shows, shared by the plain and the full-screen front ends: each cell's content
//! and marks (last move, the human's legal destinations, cells the opponent threatens).

use cavalo_rules::{Cell, CellSet, CellState, Move, Position, Side};
use cavalo_session::{Ply, Session, Turn};

/// One cell as displayed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellView {
    /// What the cell shows.
    pub state: Option<CellState>,
    /// The destination of the last move.
    pub last_to: bool,
    /// The cell the last move left.
    pub last_from: bool,
    /// A legal destination for the human to move.
    pub legal: bool,
    /// Attacked by the knight of the side not to move.
    pub threatened: bool,
}

/// The 100 cells of `pos` with their marks. `last` is the last ply played (for the highlight),
/// `human` the side whose legal destinations to mark.
pub fn cells(pos: &Position, last: Option<(Move, Option<Cell>)>, human: Option<Side>) -> [CellView; 100] {
    let legal = human.map_or(CellSet::EMPTY, |s| pos.destinations(s));
    let threat = if pos.placements_done() { pos.threatened_by(!pos.side_to_move()) } else { CellSet::EMPTY };
    std::array::from_fn(|i| {
        let c = Cell::new(i as u8).expect("index below 100");
        CellView {
            state: Some(pos.cell_state(c)),
            last_to: last.and_then(|(m, _)| m.destination()) == Some(c),
            last_from: last.and_then(|(_, f)| f) == Some(c),
            legal: legal.contains(c),
            threatened: threat.contains(c),
        }
    })
}

/// The cell `side`'s knight stood on before ply `index` (0-based) of `plies`, for highlighting
/// the cell the last move left.
pub fn from_cell(plies: &[Ply], index: usize) -> Option<Cell> {
    let side = plies.get(index)?.side;
    plies[..index].iter().rev().filter(|p| p.side == side).find_map(|p| p.mv.destination())
}

/// The marks for the session's current position.
pub fn session_cells(s: &Session) -> [CellView; 100] {
    let human = match s.turn() {
        Turn::Human(side) => Some(side),
        _ => None,
    };
    let last = s.last_ply().map(|p| (p.mv, from_cell(s.plies(), s.plies().len() - 1)));
    cells(s.position(), last, human)
}

/// Two characters for a cell's content: the number, ` .` removed, `WN`/`BN` a knight.
pub fn content(state: Option<CellState>) -> String {
    match state {
        Some(CellState::Holds(v)) => format!("{v:02}"),
        Some(CellState::Removed) | None => " .".into(),
        Some(CellState::Knight(Side::White)) => "WN".into(),
        Some(CellState::Knight(Side::Black)) => "BN".into(),
    }
}

/// The board as text: coordinates, every cell as 4 characters (a mark, 2 characters, a mark).
pub fn ascii_board(cells: &[CellView; 100]) -> String {
    let mut out = String::from("     ");
    for c in 0..10u8 {
        out.push_str(&format!("  {}  ", (b'A' + c) as char));
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    for r in 0..10 {
        out.push_str(&format!("{:>3}  ", r + 1));
        for c in 0..10 {
            let v = &cells[r * 10 + c];
            let (l, rt) = if v.last_to {
                ('[', ']')
            } else if v.legal {
                ('*', if v.threatened { '!' } else { ' ' })
            } else if matches!(v.state, Some(CellState::Knight(_))) {
                ('(', ')')
            } else if v.last_from {
                ('<', '>')
            } else {
                (' ', if v.threatened { '!' } else { ' ' })
            };
            out.push(l);
            out.push_str(&content(v.state));
            out.push(rt);
            out.push(' ');
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out
}

/// The legend of [`ascii_board`].
pub const LEGEND: &str = "WN/BN white/black knight, [..] last move, <..> cell it left, * you may move here, \
! threatened by the other knight, . removed";

/// `1. F1 J10  2. E3 G8 ...`, numbered by White's plies.
pub fn move_list(plies: &[Ply]) -> String {
    let mut out = String::new();
    for (i, p) in plies.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push_str("  ");
            }
            out.push_str(&format!("{}. {}", i / 2 + 1, p.mv));
        } else {
            out.push_str(&format!(" {}", p.mv));
        }
    }
    out
}

/// `+12` or `-7`.
pub fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}
