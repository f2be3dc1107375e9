//! The accuracy suite's file format (JSON lines, versioned): a header line, then one line per
//! position with the exact value of every legal move. See the technical manual, "Accuracy suite".

use std::collections::HashMap;
use std::io::{BufRead, Write};

use anyhow::{Context, Result, bail};
use cavalo_rules::{Move, Position, Rules};
use serde::{Deserialize, Serialize};

/// The `format` field of a suite's header.
pub const FORMAT: &str = "cavalo-accuracy";
/// The version of the format written.
pub const VERSION: u32 = 1;

/// The first line of a suite: how it was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The ply (placements included) the positions are taken at.
    pub ply: u16,
    /// The seeds of the boards, `A..B`.
    pub seeds: String,
    /// The rule variants played on each board.
    pub variants: Vec<String>,
    /// Node budget per move of the self-play games.
    pub selfplay_nodes: u64,
    /// Node budget of each proof.
    pub budget: u64,
    /// Positions kept.
    pub positions: usize,
    /// Positions dropped because a move could not be proven within the budget.
    pub unproven: usize,
    /// Games that ended before the ply.
    pub ended: usize,
}

/// One position of the suite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The board's seed.
    pub seed: u64,
    /// The rule variant.
    pub rules: Rules,
    /// The position string.
    pub position: String,
    /// Every legal move with the exact final points difference (mover minus opponent) after it
    /// with best play by both sides.
    pub moves: Vec<(String, i32)>,
}

/// A suite entry read and checked: the position and its move values.
#[derive(Clone, Debug)]
pub struct Item {
    /// The position.
    pub position: Position,
    /// The exact value of each legal move.
    pub values: HashMap<Move, i32>,
    /// The best value.
    pub best: i32,
}

impl Item {
    /// The points lost by playing `mv` (`None` when `mv` is not one of the suite's moves).
    pub fn loss(&self, mv: Move) -> Option<i32> {
        let mv = crate::label::canonical(&self.position, mv)?;
        self.values.get(&mv).map(|v| self.best - v)
    }
}

fn item(entry: Entry) -> Result<Item> {
    let position = Position::from_position_string(&entry.position, entry.rules)
        .with_context(|| format!("seed {}: bad position", entry.seed))?;
    let mut values = HashMap::new();
    for (m, v) in &entry.moves {
        let mv = position.parse_move(m).with_context(|| format!("seed {}: bad move `{m}`", entry.seed))?;
        values.insert(mv, *v);
    }
    if values.len() != position.legal_moves().len() {
        bail!(
            "seed {}: the suite has {} moves, the position {}",
            entry.seed,
            values.len(),
            position.legal_moves().len()
        );
    }
    let best = *values.values().max().with_context(|| format!("seed {}: no moves", entry.seed))?;
    Ok(Item { position, values, best })
}

/// Reads a suite; every position and move is checked.
pub fn read(r: impl BufRead) -> Result<(Header, Vec<Item>)> {
    let mut lines = r.lines().enumerate();
    let (_, first) = lines.next().context("the suite is empty")?;
    let header: Header = serde_json::from_str(&first?).context("line 1: not a suite header")?;
    if header.format != FORMAT || header.version != VERSION {
        bail!(
            "not a {FORMAT} file of version {VERSION} (found {} version {})",
            header.format,
            header.version
        );
    }
    let mut items = Vec::new();
    for (i, line) in lines {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let entry: Entry = serde_json::from_str(&line).with_context(|| format!("line {}", i + 1))?;
        items.push(item(entry).with_context(|| format!("line {}", i + 1))?);
    }
    Ok((header, items))
}

/// Writes a suite.
pub fn write(mut w: impl Write, header: &Header, entries: &[Entry]) -> Result<()> {
    writeln!(w, "{}", serde_json::to_string(header)?)?;
    for e in entries {
        writeln!(w, "{}", serde_json::to_string(e)?)?;
    }
    w.flush()?;
    Ok(())
}

/// The rule variant named `name` (`canonical`, `no-threat`, `no-zero-double`, or the last two
/// joined by a comma or `+`).
pub fn parse_variant(name: &str) -> Result<Rules, String> {
    let mut r = Rules::CANONICAL;
    for part in name.split(['+', ',']).map(str::trim) {
        match part {
            "canonical" => {}
            "no-threat" => r.threat = false,
            "no-zero-double" => r.zero_double = false,
            _ => {
                return Err(format!(
                    "`{part}` is not a rule variant: canonical, no-threat or no-zero-double"
                ));
            }
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(n: usize) -> Header {
        Header {
            format: FORMAT.into(),
            version: VERSION,
            ply: 14,
            seeds: "1..1".into(),
            variants: vec!["canonical".into()],
            selfplay_nodes: 1,
            budget: 1,
            positions: n,
            unproven: 0,
            ended: 0,
        }
    }

    #[test]
    fn a_suite_round_trips_and_losses_are_measured_from_the_best() {
        let mut pos = Position::from_seed(1, Rules::default());
        for _ in 0..4 {
            pos.play(pos.legal_moves()[0]);
        }
        let moves: Vec<(String, i32)> =
            pos.legal_moves().iter().enumerate().map(|(i, m)| (m.to_string(), 10 - i as i32 * 3)).collect();
        let entry = Entry { seed: 1, rules: Rules::default(), position: pos.to_string(), moves };
        let mut buf = Vec::new();
        write(&mut buf, &header(1), std::slice::from_ref(&entry)).unwrap();
        let (h, items) = read(&buf[..]).unwrap();
        assert_eq!(h, header(1));
        assert_eq!(items.len(), 1);
        let it = &items[0];
        assert_eq!(it.best, 10);
        assert_eq!(it.loss(pos.legal_moves()[0]), Some(0));
        assert_eq!(it.loss(pos.legal_moves()[1]), Some(3));
    }

    #[test]
    fn a_wrong_move_list_or_format_is_refused() {
        let pos = Position::from_seed(1, Rules::default());
        let entry = Entry { seed: 1, rules: Rules::default(), position: pos.to_string(), moves: vec![] };
        let mut buf = Vec::new();
        write(&mut buf, &header(1), &[entry]).unwrap();
        assert!(read(&buf[..]).is_err());
        assert!(read(&b"{\"format\":\"x\"}\n"[..]).is_err());
        assert!(read(&b""[..]).is_err());
    }

    #[test]
    fn variants_are_named_as_rules_print_them() {
        for r in [
            Rules::CANONICAL,
            Rules { threat: false, ..Rules::CANONICAL },
            Rules { zero_double: false, ..Rules::CANONICAL },
            Rules { threat: false, zero_double: false },
        ] {
            assert_eq!(parse_variant(&r.to_string()), Ok(r));
        }
        assert!(parse_variant("fast").is_err());
    }
}
