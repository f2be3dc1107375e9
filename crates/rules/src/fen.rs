//! Position strings (RULES.md §7): `<cells> <side> <white-points> <black-points>`.

use std::fmt;
use std::str::FromStr;

use crate::error::PositionError;
use crate::{Cell, CellState, Position, Rules, Side};

impl fmt::Display for Position {
    /// Writes the position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..10u8 {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..10u8 {
                if col > 0 {
                    f.write_str(",")?;
                }
                let cell = Cell::from_coords(row, col).expect("in range");
                match self.cell_state(cell) {
                    CellState::Holds(v) => write!(f, "{v:02}")?,
                    CellState::Removed => f.write_str(".")?,
                    CellState::Knight(s) => write!(f, "{}", s.knight_letter())?,
                }
            }
        }
        write!(f, " {} {} {}", self.side.letter(), self.points[0], self.points[1])
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a position string under the canonical rules.
    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_position_string(s, Rules::default())
    }
}

/// Reads one cell token of a position string.
fn parse_cell_token(tok: &str, cell: Cell) -> Result<CellState, PositionError> {
    let t = tok.trim();
    match t {
        "." => return Ok(CellState::Removed),
        "W" | "w" => return Ok(CellState::Knight(Side::White)),
        "B" | "b" => return Ok(CellState::Knight(Side::Black)),
        _ => {}
    }
    if !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(CellState::Holds(t.parse().expect("one or two digits")));
    }
    Err(PositionError::CellToken { cell, token: tok.to_string() })
}

impl Position {
    /// Reads a position string under `rules`, naming the field or cell at fault on error.
    ///
    /// ```
    /// use cavalo_rules::{Position, Rules};
    /// let p = Position::from_seed(7, Rules::default());
    /// let again = Position::from_position_string(&p.to_string(), Rules::default()).unwrap();
    /// assert_eq!(again.to_string(), p.to_string());
    /// assert!(Position::from_position_string("nonsense", Rules::default()).is_err());
    /// ```
    pub fn from_position_string(s: &str, rules: Rules) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(PositionError::Fields(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 10 {
            return Err(PositionError::Rows(rows.len()));
        }
        let mut cells = [CellState::Removed; 100];
        for (r, row) in rows.iter().enumerate() {
            let items: Vec<&str> = row.split(',').collect();
            if items.len() != 10 {
                return Err(PositionError::RowCells { row: r as u8 + 1, cells: items.len() });
            }
            for (c, tok) in items.iter().enumerate() {
                let cell = Cell::from_coords(r as u8, c as u8).expect("in range");
                cells[cell.index()] = parse_cell_token(tok, cell)?;
            }
        }
        let side = match fields[1] {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            other => return Err(PositionError::SideField(other.to_string())),
        };
        let white = parse_points(fields[2], Side::White)?;
        let black = parse_points(fields[3], Side::Black)?;
        Position::from_cells(&cells, side, [white, black], rules)
    }
}

impl Position {
    /// Reads a position written in any of the project's notations: `seed:N` (the seeded board
    /// before the placements), a course Lisp board (starting with `(`; `lisp_side` and
    /// `lisp_points` give what the Lisp form lacks, see [`Position::from_lisp`]), or a position
    /// string. The Lisp extras are refused with a position string, which names its own side.
    ///
    /// ```
    /// use cavalo_rules::{Position, Rules};
    /// let a = Position::read("seed:1", None, [0, 0], Rules::default()).unwrap();
    /// let b = Position::read(&a.to_lisp(), None, [0, 0], Rules::default()).unwrap();
    /// assert_eq!(a, b);
    /// assert!(Position::read("seed:x", None, [0, 0], Rules::default()).is_err());
    /// ```
    pub fn read(
        text: &str,
        lisp_side: Option<Side>,
        lisp_points: [u16; 2],
        rules: Rules,
    ) -> Result<Position, PositionError> {
        let t = text.trim();
        if let Some(seed) = t.strip_prefix("seed:") {
            let seed = seed.trim();
            return seed
                .parse()
                .map(|s| Position::from_seed(s, rules))
                .map_err(|_| PositionError::Seed(seed.to_string()));
        }
        if t.starts_with('(') {
            return Position::from_lisp(t, lisp_side, lisp_points, rules);
        }
        if lisp_side.is_some() || lisp_points != [0, 0] {
            return Err(PositionError::LispExtras);
        }
        Position::from_position_string(t, rules)
    }
}

pub(crate) fn parse_points(s: &str, side: Side) -> Result<u16, PositionError> {
    s.parse::<u16>().map_err(|_| PositionError::PointsField { side, found: s.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "59,43,77,00,10,45,02,33,89,W/21,47,92,38,69,14,95,61,37,76/22,29,01,27,65,54,58,08,32,51/44,19,25,42,13,04,15,52,05,16/31,40,60,67,07,73,90,68,82,18/63,06,23,41,56,85,09,35,94,66/26,53,12,30,46,78,87,34,17,48/71,75,11,64,24,57,99,.,81,98/96,74,49,72,.,86,50,88,70,91/28,36,83,80,03,55,62,20,84,B w 93 97";

    #[test]
    fn rules_md_example_round_trips() {
        let p: Position = EXAMPLE.parse().unwrap();
        assert_eq!(p.to_string(), EXAMPLE);
        assert_eq!(p.side_to_move(), Side::White);
        assert_eq!(p.points(Side::Black), 97);
        assert_eq!(p.knight(Side::White).unwrap().to_string(), "J1");
    }

    #[test]
    fn seed_one_matches_the_test_vector() {
        let expect = "32,42,35,28,03,86,81,21,67,16/63,61,10,99,29,49,38,19,90,31/78,43,98,68,00,04,24,71,60,41/26,48,05,01,58,79,51,14,62,20/23,76,85,97,74,15,46,40,09,69/17,07,50,70,91,92,47,11,54,02/94,30,39,88,80,77,22,73,95,66/36,55,72,93,84,59,89,83,82,06/45,44,75,27,34,08,25,56,96,87/18,12,33,37,13,57,53,64,52,65 w 0 0";
        assert_eq!(Position::from_seed(1, Rules::default()).to_string(), expect);
    }

    #[test]
    fn one_digit_numbers_are_accepted() {
        let s = EXAMPLE.replacen(",02,", ",2,", 1);
        let p: Position = s.parse().unwrap();
        assert_eq!(p.to_string(), EXAMPLE);
    }

    fn err(s: &str) -> String {
        s.parse::<Position>().unwrap_err().to_string()
    }

    #[test]
    fn bad_strings_name_the_fault() {
        assert!(err("").contains("4 fields"));
        assert_eq!("".parse::<Position>().unwrap_err(), PositionError::Fields(0));
        assert!(matches!(
            EXAMPLE.replacen(",43,", ",59,", 1).parse::<Position>().unwrap_err(),
            PositionError::Duplicate { value: 59, .. }
        ));
        assert!(matches!(
            EXAMPLE.replace(" 93 ", " -3 ").parse::<Position>().unwrap_err(),
            PositionError::PointsField { side: Side::White, .. }
        ));
        assert!(err(&EXAMPLE.replace(" w ", " x ")).contains("side"));
        assert!(err(&EXAMPLE.replace(" 93 ", " -3 ")).contains("white points"));
        assert!(err(&EXAMPLE.replace(" 97", " lots")).contains("black points"));
        assert!(err(&EXAMPLE.replacen(",43,", ",4x,", 1)).contains("cell B1"));
        assert!(err(&EXAMPLE.replacen(",43,", ",100,", 1)).contains("cell B1"));
        assert!(err(&EXAMPLE.replacen(",43,", ",59,", 1)).contains("twice"));
        assert!(err(&EXAMPLE.replacen("/", ",", 1)).contains("rows"));
        assert!(err(&EXAMPLE.replacen(",43,", ",", 1)).contains("row 1"));
        assert!(err(&EXAMPLE.replacen(",B ", ",W ", 1)).contains("two white"));
        assert!(
            err(&EXAMPLE.replacen(",W/", ",89/", 1).replacen(",89,", ",.,", 1)).contains("without a white")
        );
        let no_black = EXAMPLE.replacen(",B ", ",84 ", 1).replacen(",84,", ",.,", 1);
        assert!(err(&no_black).contains("side"), "{}", err(&no_black));
        assert!(no_black.replace(" w ", " b ").parse::<Position>().is_ok());
    }
}
