//! The course's board format (RULES.md §7): a Lisp list of 10 lists of 10 atoms, `0..99` a cell
//! holding its number, `NIL` removed, `-1` the white knight, `-2` the black knight.

use crate::error::{LispBoardError as E, PositionError};
use crate::{Cell, CellState, Position, Rules, Side};

/// Reads a Lisp board into the 100 cell states (row 1 first).
///
/// ```
/// use cavalo_rules::{lisp, CellState, Side};
/// let mut text = String::from("(");
/// for r in 0..10 {
///     text.push('(');
///     for c in 0..10 { text += &format!("{} ", r * 10 + c); }
///     text.push(')');
/// }
/// text.push(')');
/// let text = text.replacen("(0 ", "(-1 ", 1).replacen(" 5 ", " nil ", 1);
/// let cells = lisp::parse_cells(&text).unwrap();
/// assert_eq!(cells[0], CellState::Knight(Side::White));
/// assert_eq!(cells[5], CellState::Removed);
/// assert_eq!(cells[99], CellState::Holds(99));
/// ```
pub fn parse_cells(text: &str) -> Result<[CellState; 100], PositionError> {
    let mut tokens = Vec::new();
    let mut cur = String::new();
    for ch in text.chars() {
        match ch {
            '(' | ')' => {
                if !cur.is_empty() {
                    tokens.push(std::mem::take(&mut cur));
                }
                tokens.push(ch.to_string());
            }
            c if c.is_whitespace() => {
                if !cur.is_empty() {
                    tokens.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        tokens.push(cur);
    }
    let mut it = tokens.into_iter().peekable();
    if it.next().as_deref() != Some("(") {
        return Err(E::NoOpening.into());
    }
    let mut cells = [CellState::Removed; 100];
    for r in 0..10u8 {
        match it.next().as_deref() {
            Some("(") => {}
            Some(")") => return Err(E::TooFewRows(r).into()),
            Some(t) => return Err(E::RowOpening { row: r + 1, found: t.to_string() }.into()),
            None => return Err(E::EndsBeforeRow(r + 1).into()),
        }
        for c in 0..10u8 {
            let cell = Cell::from_coords(r, c).expect("in range");
            let Some(tok) = it.next() else {
                return Err(E::EndsInsideRow(r + 1).into());
            };
            cells[cell.index()] = match tok.to_ascii_uppercase().as_str() {
                ")" => return Err(E::ShortRow { row: r + 1, cells: c }.into()),
                "NIL" => CellState::Removed,
                "-1" => CellState::Knight(Side::White),
                "-2" => CellState::Knight(Side::Black),
                t => match t.parse::<u8>() {
                    Ok(v) if v <= 99 => CellState::Holds(v),
                    _ => {
                        return Err(E::Cell { cell, token: tok.clone() }.into());
                    }
                },
            };
        }
        match it.next().as_deref() {
            Some(")") => {}
            Some(t) => return Err(E::LongRow { row: r + 1, found: t.to_string() }.into()),
            None => return Err(E::RowNotClosed(r + 1).into()),
        }
    }
    match it.next().as_deref() {
        Some(")") => {}
        Some(t) => return Err(E::TooManyRows(t.to_string()).into()),
        None => return Err(E::NotClosed.into()),
    }
    if let Some(t) = it.next() {
        return Err(E::Trailing(t).into());
    }
    Ok(cells)
}

/// Writes cell states as a Lisp board, one row per line.
pub fn write_cells(cells: &[CellState; 100]) -> String {
    let mut out = String::from("(");
    for r in 0..10 {
        if r > 0 {
            out.push_str("\n ");
        }
        out.push('(');
        for c in 0..10 {
            if c > 0 {
                out.push(' ');
            }
            match cells[r * 10 + c] {
                CellState::Holds(v) => out.push_str(&v.to_string()),
                CellState::Removed => out.push_str("NIL"),
                CellState::Knight(Side::White) => out.push_str("-1"),
                CellState::Knight(Side::Black) => out.push_str("-2"),
            }
        }
        out.push(')');
    }
    out.push(')');
    out
}

impl Position {
    /// The board in the course's Lisp format (the side to move and the points are not part of it).
    pub fn to_lisp(&self) -> String {
        write_cells(&self.cells())
    }

    /// Reads a Lisp board. The format lacks the side to move and the points: `side` defaults to
    /// the one the placement phase implies (White before the placements, Black after White's,
    /// White once both knights stand), `points` to `[0, 0]`.
    pub fn from_lisp(
        text: &str,
        side: Option<Side>,
        points: [u16; 2],
        rules: Rules,
    ) -> Result<Position, PositionError> {
        let cells = parse_cells(text)?;
        let side = side.unwrap_or_else(|| {
            let white = cells.contains(&CellState::Knight(Side::White));
            let black = cells.contains(&CellState::Knight(Side::Black));
            if white && !black { Side::Black } else { Side::White }
        });
        Position::from_cells(&cells, side, points, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_seed_board() {
        let p = Position::from_seed(3, Rules::default());
        let text = p.to_lisp();
        assert!(text.starts_with("(("));
        let q = Position::from_lisp(&text, None, [0, 0], Rules::default()).unwrap();
        assert_eq!(p, q);
    }

    #[test]
    fn bad_boards_name_the_fault() {
        let good = Position::from_seed(3, Rules::default()).to_lisp();
        let cases = [
            ("", "expected `(`"),
            ("((1 2))", "row 1 has 2 cells"),
            (&good[..good.len() - 1], "not closed"),
            (&format!("{good} x"), "after the board"),
            (&good.replacen("((", "((abc ", 1), "cell A1"),
            (&good.replacen("((", "((100 ", 1), "cell A1"),
        ];
        for (text, needle) in cases {
            let e = Position::from_lisp(text, None, [0, 0], Rules::default()).unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }
}
