//! The board as text for the line-by-line front end and the toolbox: each cell's content and
//! marks come from the session's presentation model ([`cavalo_session::present`]).

use cavalo_rules::{CellState, Side};
use cavalo_session::present::CellMark;

/// Two characters for a cell's content: the number, ` .` removed, `WN`/`BN` a knight.
pub fn content(state: CellState) -> String {
    match state {
        CellState::Holds(v) => format!("{v:02}"),
        CellState::Removed => " .".into(),
        CellState::Knight(Side::White) => "WN".into(),
        CellState::Knight(Side::Black) => "BN".into(),
    }
}

/// The board as text: coordinates, every cell as 4 characters (a mark, 2 characters, a mark).
pub fn ascii_board(cells: &[CellMark; 100]) -> String {
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
            } else if matches!(v.state, CellState::Knight(_)) {
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
