//! Helpers shared by the integration tests: handcrafted positions and an independent, deliberately
//! naive model of RULES.md (§3–§5, §7 move lists) to check the library against.
#![allow(dead_code)]

use cavalo_rules::{CellState, Position, Rules, Side, SplitMix64};

/// The rules with the threat rule off.
pub const NO_THREAT: Rules = Rules { threat: false, zero_double: true };
/// The rules where 00 is not a double.
pub const NO_ZERO: Rules = Rules { threat: true, zero_double: false };
/// The four combinations of the two switches.
pub const VARIANTS: [Rules; 4] =
    [Rules::CANONICAL, NO_THREAT, NO_ZERO, Rules { threat: false, zero_double: false }];

/// The index of a cell name (`E3` → 24), computed independently of the library.
pub fn idx(name: &str) -> usize {
    let b = name.as_bytes();
    let col = (b[0].to_ascii_uppercase() - b'A') as usize;
    let row: usize = name[1..].parse().unwrap();
    assert!(col < 10 && (1..=10).contains(&row), "bad cell name {name}");
    (row - 1) * 10 + col
}

/// The name of a cell index (24 → `E3`).
pub fn name(i: usize) -> String {
    format!("{}{}", (b'A' + (i % 10) as u8) as char, i / 10 + 1)
}

/// A position string where every cell is removed (`.`) except those listed, which hold a number
/// (`"57"`) or a knight (`"W"`, `"B"`).
pub fn pos_string(cells: &[(&str, &str)], side: char, points: [u16; 2]) -> String {
    let mut tokens = vec![".".to_string(); 100];
    for (c, t) in cells {
        let i = idx(c);
        assert_eq!(tokens[i], ".", "{c} listed twice");
        tokens[i] = t.to_string();
    }
    let rows: Vec<String> = tokens.chunks(10).map(|r| r.join(",")).collect();
    format!("{} {side} {} {}", rows.join("/"), points[0], points[1])
}

/// A handcrafted position under `rules` (see [`pos_string`]).
pub fn pos_rules(cells: &[(&str, &str)], side: char, points: [u16; 2], rules: Rules) -> Position {
    let s = pos_string(cells, side, points);
    Position::from_position_string(&s, rules).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A handcrafted position under the canonical rules.
pub fn pos(cells: &[(&str, &str)], side: char, points: [u16; 2]) -> Position {
    pos_rules(cells, side, points, Rules::CANONICAL)
}

/// The legal moves as sorted strings.
pub fn move_names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Parses, checks and plays a move given as text (panics with the reason if illegal).
pub fn play(p: &mut Position, mv: &str) {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv} in {p}: {e}"));
    p.play(m);
}

/// The position after the two placements of seed `seed` (with the default removals).
pub fn after_placements(seed: u64, rules: Rules) -> Position {
    let mut p = Position::from_seed(seed, rules);
    for _ in 0..2 {
        let moves = p.legal_moves();
        let mv = *moves.iter().find(|m| m.removal().is_none()).expect("a placement");
        assert!(moves.iter().all(|m| m.destination() == mv.destination()), "placements are forced");
        p.play(mv);
    }
    p
}

/// A small deterministic generator for the tests (the crate's SplitMix64).
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

// ---------------------------------------------------------------------------------------------
// Reference model
// ---------------------------------------------------------------------------------------------

/// A position as RULES.md describes it: what each cell shows, the side to move and the points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub cells: Vec<CellState>,
    pub side: Side,
    pub points: [u16; 2],
    pub rules: Rules,
}

fn jumps(i: usize) -> Vec<usize> {
    let (r, c) = ((i / 10) as i32, (i % 10) as i32);
    let mut out = Vec::new();
    for (dr, dc) in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] {
        let (nr, nc) = (r + dr, c + dc);
        if (0..10).contains(&nr) && (0..10).contains(&nc) {
            out.push((nr * 10 + nc) as usize);
        }
    }
    out
}

fn other(s: Side) -> Side {
    match s {
        Side::White => Side::Black,
        Side::Black => Side::White,
    }
}

impl RefPos {
    pub fn of(p: &Position) -> RefPos {
        RefPos {
            cells: (0..100u8).map(|i| p.cell_state(cavalo_rules::Cell::new(i).unwrap())).collect(),
            side: p.side_to_move(),
            points: [p.points(Side::White), p.points(Side::Black)],
            rules: p.rules(),
        }
    }

    fn knight(&self, s: Side) -> Option<usize> {
        self.cells.iter().position(|&c| c == CellState::Knight(s))
    }

    fn value(&self, i: usize) -> Option<u8> {
        match self.cells[i] {
            CellState::Holds(v) => Some(v),
            _ => None,
        }
    }

    fn cell_holding(&self, v: u8) -> Option<usize> {
        self.cells.iter().position(|&c| c == CellState::Holds(v))
    }

    fn is_double(&self, v: u8) -> bool {
        v / 10 == v % 10 && (v != 0 || self.rules.zero_double)
    }

    /// The doubles still on the board, highest first.
    fn doubles(&self) -> Vec<u8> {
        (0..=9u8)
            .rev()
            .map(|d| d * 11)
            .filter(|&v| self.is_double(v) && self.cell_holding(v).is_some())
            .collect()
    }

    pub fn destinations(&self, s: Side) -> Vec<usize> {
        match self.knight(s) {
            None => {
                let row = if s == Side::White { 0 } else { 9 };
                let best = (row * 10..row * 10 + 10).filter_map(|i| self.value(i).map(|v| (v, i))).max();
                best.map(|(_, i)| i).into_iter().collect()
            }
            Some(k) => {
                let opp = self.knight(other(s));
                jumps(k)
                    .into_iter()
                    .filter(|&d| self.value(d).is_some())
                    .filter(|&d| !self.rules.threat || opp.is_none_or(|o| !jumps(o).contains(&d)))
                    .collect()
            }
        }
    }

    /// The legal moves, sorted, in the notation of RULES.md §7.
    pub fn moves(&self) -> Vec<String> {
        let ds = self.destinations(self.side);
        if ds.is_empty() {
            return if self.destinations(other(self.side)).is_empty() { vec![] } else { vec!["pass".into()] };
        }
        let mut out = Vec::new();
        for d in ds {
            let v = self.value(d).unwrap();
            let others: Vec<u8> = if self.is_double(v) {
                self.doubles().into_iter().filter(|&o| o != v).collect()
            } else {
                vec![]
            };
            out.push(name(d));
            for &o in others.iter().skip(1) {
                out.push(format!("{}x{:02}", name(d), o));
            }
        }
        out.sort();
        out
    }

    /// The position after `mv` (in normal form), following §4 step by step.
    pub fn play(&self, mv: &str) -> RefPos {
        let mut next = self.clone();
        next.side = other(self.side);
        if mv == "pass" {
            return next;
        }
        let (dest, removal) = match mv.split_once('x') {
            Some((d, r)) => (d, Some(r.parse::<u8>().unwrap())),
            None => (mv, None),
        };
        let d = idx(dest);
        let v = self.value(d).expect("lands on a number");
        let s = self.side;
        // 1. score
        next.points[s as usize] += v as u16;
        // 2. the cell left is removed
        if let Some(from) = self.knight(s) {
            next.cells[from] = CellState::Removed;
        }
        next.cells[d] = CellState::Knight(s);
        // 3. symmetric
        let (a, b) = (v / 10, v % 10);
        if a != b {
            if let Some(c) = next.cell_holding(b * 10 + a) {
                next.cells[c] = CellState::Removed;
            }
        } else if next.is_double(v) {
            // 4. another double, default the highest
            let others = next.doubles();
            if !others.is_empty() {
                let r = removal.unwrap_or(others[0]);
                assert!(others.contains(&r));
                let c = next.cell_holding(r).unwrap();
                next.cells[c] = CellState::Removed;
            }
        }
        next
    }

    pub fn is_over(&self) -> bool {
        self.destinations(Side::White).is_empty() && self.destinations(Side::Black).is_empty()
    }
}

/// Perft by the reference model.
pub fn ref_perft(p: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.moves().iter().map(|m| ref_perft(&p.play(m), depth - 1)).sum()
}
