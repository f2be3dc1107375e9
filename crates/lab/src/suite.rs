//! The accuracy suite's file format (JSON lines, versioned): a header line with how the suite was
//! made, then one line per (seed, variant) pair built: a position with the exact value of every
//! legal move, or the reason none was kept. See the technical manual, "Accuracy suite".
//!
//! Version 2 (written): the header holds only the build's parameters (`ply`, `selfplay_nodes`,
//! `budget`); the seeds, variants and counts are those of the lines, so a file can grow one line
//! at a time (`cavalo accuracy --build` appends each position as it is solved and resumes an
//! interrupted build) and files built with the same parameters merge (`--merge`). Version 1 (still
//! read): the header also held the seed range, the variants and the counts, and only kept
//! positions had lines; on reading, the pairs of the range without a line become dropped lines.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use cavalo_rules::{Move, Position, Rules};
use serde::{Deserialize, Serialize};

/// The `format` field of a suite's header.
pub const FORMAT: &str = "cavalo-accuracy";
/// The version of the format written.
pub const VERSION: u32 = 2;

/// How a suite was built: files merge only when these agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The ply (placements included) the positions are taken at.
    pub ply: u16,
    /// Node budget per move of the self-play games.
    pub selfplay_nodes: u64,
    /// Node budget of each proof.
    pub budget: u64,
}

/// The first line of a suite (version 1 fields are read, never written).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(flatten)]
    params: Params,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seeds: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    variants: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unproven: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended: Option<usize>,
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

/// Why a (seed, variant) pair has no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// A move could not be proven within the budget.
    Unproven,
    /// The game ended before the ply.
    Ended,
    /// Dropped by a version 1 build that counted both reasons without naming the seeds.
    Unknown,
}

/// A (seed, variant) pair built without a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dropped {
    /// The board's seed.
    pub seed: u64,
    /// The rule variant.
    pub rules: Rules,
    /// Why.
    pub dropped: Reason,
}

/// One line after the header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Line {
    /// A position kept.
    Kept(Entry),
    /// A pair without a position.
    Dropped(Dropped),
}

impl Line {
    /// The (seed, variant) pair of the line.
    pub fn key(&self) -> (u64, Rules) {
        match self {
            Line::Kept(e) => (e.seed, e.rules),
            Line::Dropped(d) => (d.seed, d.rules),
        }
    }
}

/// The order of the lines of a finished suite: by variant (canonical, no-threat, no-zero-double,
/// both), then by seed.
pub fn order((seed, r): (u64, Rules)) -> (u8, u64) {
    (u8::from(!r.zero_double) * 2 + u8::from(!r.threat), seed)
}

/// A suite in memory: its parameters and its lines (at most one per pair).
#[derive(Clone, Debug, PartialEq)]
pub struct Suite {
    /// How it was built.
    pub params: Params,
    /// Its lines.
    pub lines: Vec<Line>,
}

/// What a suite holds, counted from its lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions kept.
    pub positions: usize,
    /// Pairs dropped because a move was not proven within the budget.
    pub unproven: usize,
    /// Pairs whose game ended before the ply.
    pub ended: usize,
    /// Pairs dropped for a reason a version 1 file did not record.
    pub unknown: usize,
}

impl Suite {
    /// An empty suite.
    pub fn new(params: Params) -> Suite {
        Suite { params, lines: Vec::new() }
    }

    /// The counts of its lines.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for l in &self.lines {
            match l {
                Line::Kept(_) => c.positions += 1,
                Line::Dropped(d) => match d.dropped {
                    Reason::Unproven => c.unproven += 1,
                    Reason::Ended => c.ended += 1,
                    Reason::Unknown => c.unknown += 1,
                },
            }
        }
        c
    }

    /// The kept positions, checked.
    pub fn items(&self) -> Result<Vec<Item>> {
        self.lines
            .iter()
            .filter_map(|l| if let Line::Kept(e) = l { Some(e) } else { None })
            .map(|e| item(e).with_context(|| format!("seed {} ({})", e.seed, e.rules)))
            .collect()
    }

    /// Adds the lines of `other` (built with the same parameters); a pair present in both must
    /// have the same line. The lines end sorted by [`order`].
    pub fn merge(&mut self, other: Suite) -> Result<()> {
        if other.params != self.params {
            bail!(
                "the suites were built differently (ply {}, self-play {} nodes, budget {} against ply {}, {} nodes, budget {})",
                other.params.ply,
                other.params.selfplay_nodes,
                other.params.budget,
                self.params.ply,
                self.params.selfplay_nodes,
                self.params.budget
            );
        }
        let mut by_key: BTreeMap<(u8, u64), Line> =
            std::mem::take(&mut self.lines).into_iter().map(|l| (order(l.key()), l)).collect();
        for l in other.lines {
            let (seed, rules) = l.key();
            match by_key.get(&order(l.key())) {
                Some(old) if *old != l => bail!("seed {seed} ({rules}) differs between the suites"),
                _ => {
                    by_key.insert(order(l.key()), l);
                }
            }
        }
        self.lines = by_key.into_values().collect();
        Ok(())
    }

    /// Writes the suite (header, then the lines as they are).
    pub fn write(&self, mut w: impl Write) -> Result<()> {
        writeln!(w, "{}", header_line(self.params))?;
        for l in &self.lines {
            writeln!(w, "{}", serde_json::to_string(l)?)?;
        }
        w.flush()?;
        Ok(())
    }
}

/// The header line of a version 2 suite built with `params`.
pub fn header_line(params: Params) -> String {
    let h = Header {
        format: FORMAT.into(),
        version: VERSION,
        params,
        seeds: None,
        variants: Vec::new(),
        unproven: None,
        ended: None,
    };
    serde_json::to_string(&h).expect("a header serialises")
}

/// A suite entry read and checked: the position and its move values.
#[derive(Clone, Debug)]
pub struct Item {
    /// The board's seed.
    pub seed: u64,
    /// The rule variant.
    pub rules: Rules,
    /// The position.
    pub position: Position,
    /// The exact value of each legal move.
    pub values: HashMap<Move, i32>,
    /// The best value.
    pub best: i32,
}

impl Item {
    /// The exact value of `mv` (`None` when `mv` is not one of the suite's moves).
    pub fn value(&self, mv: Move) -> Option<i32> {
        let mv = crate::label::canonical(&self.position, mv)?;
        self.values.get(&mv).copied()
    }
}

fn item(entry: &Entry) -> Result<Item> {
    let position = Position::from_position_string(&entry.position, entry.rules).context("bad position")?;
    let mut values = HashMap::new();
    for (m, v) in &entry.moves {
        let mv = position.parse_move(m).with_context(|| format!("bad move `{m}`"))?;
        values.insert(mv, *v);
    }
    if values.len() != position.legal_moves().len() {
        bail!("the suite has {} moves, the position {}", values.len(), position.legal_moves().len());
    }
    let best = *values.values().max().context("no moves")?;
    Ok(Item { seed: entry.seed, rules: entry.rules, position, values, best })
}

/// Reads a suite (version 1 or 2); every line is checked. With `partial_tail`, a last line
/// without its end of line (a build interrupted while writing it) is ignored instead of refused.
pub fn read(text: &str, partial_tail: bool) -> Result<Suite> {
    let complete = if partial_tail && !text.ends_with('\n') {
        text.rfind('\n').map_or("", |i| &text[..=i])
    } else {
        text
    };
    let mut lines = complete.lines().enumerate();
    let (_, first) = lines.next().context("the suite is empty")?;
    let header: Header = serde_json::from_str(first).context("line 1: not a suite header")?;
    if header.format != FORMAT || !(1..=VERSION).contains(&header.version) {
        bail!(
            "not a {FORMAT} file of version 1 to {VERSION} (found {} version {})",
            header.format,
            header.version
        );
    }
    let mut suite = Suite::new(header.params);
    let mut seen = HashMap::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let l: Line = serde_json::from_str(line).with_context(|| format!("line {}", i + 1))?;
        if let Line::Kept(e) = &l {
            item(e).with_context(|| format!("line {}", i + 1))?;
        }
        if let Some(j) = seen.insert(l.key(), i + 1) {
            bail!("line {}: seed {} ({}) is already on line {j}", i + 1, l.key().0, l.key().1);
        }
        suite.lines.push(l);
    }
    if header.version == 1 {
        v1_drops(&header, &mut suite)?;
    }
    Ok(suite)
}

/// The pairs of a version 1 header's range that have no line: dropped, for the reason the
/// header's counts allow.
fn v1_drops(header: &Header, suite: &mut Suite) -> Result<()> {
    let seeds = header.seeds.as_deref().context("a version 1 header without seeds")?;
    let (first, count) = crate::label::parse_seed_range(seeds)?;
    let reason = match (header.unproven.unwrap_or(0), header.ended.unwrap_or(0)) {
        (_, 0) => Reason::Unproven,
        (0, _) => Reason::Ended,
        _ => Reason::Unknown,
    };
    let have: std::collections::HashSet<_> = suite.lines.iter().map(Line::key).collect();
    for v in &header.variants {
        let rules = parse_variant(v).map_err(anyhow::Error::msg)?;
        for seed in first..first + count {
            if !have.contains(&(seed, rules)) {
                suite.lines.push(Line::Dropped(Dropped { seed, rules, dropped: reason }));
            }
        }
    }
    suite.lines.sort_by_key(|l| order(l.key()));
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

/// Reads the suite at `path` (`partial_tail`: a last line cut short by an interrupted build is
/// left out).
pub fn read_file(path: &Path, partial_tail: bool) -> Result<Suite> {
    let text =
        cavalo_session::files::read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    read(&text, partial_tail).with_context(|| format!("{}", path.display()))
}

pub mod build;

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: Params = Params { ply: 14, selfplay_nodes: 1, budget: 1 };

    fn entry(seed: u64) -> Entry {
        let mut pos = Position::from_seed(seed, Rules::default());
        for _ in 0..4 {
            pos.play(pos.legal_moves()[0]);
        }
        let moves =
            pos.legal_moves().iter().enumerate().map(|(i, m)| (m.to_string(), 10 - i as i32 * 3)).collect();
        Entry { seed, rules: Rules::default(), position: pos.to_string(), moves }
    }

    fn text(s: &Suite) -> String {
        let mut buf = Vec::new();
        s.write(&mut buf).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_suite_round_trips_and_losses_are_measured_from_the_best() {
        let e = entry(1);
        let dropped = Line::Dropped(Dropped { seed: 2, rules: Rules::default(), dropped: Reason::Ended });
        let s = Suite { params: PARAMS, lines: vec![Line::Kept(e.clone()), dropped] };
        let back = read(&text(&s), false).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.counts(), Counts { positions: 1, ended: 1, ..Counts::default() });
        let items = back.items().unwrap();
        assert_eq!(items.len(), 1);
        let it = &items[0];
        let pos = &it.position;
        assert_eq!(it.best, 10);
        assert_eq!(it.value(pos.legal_moves()[0]), Some(10));
        assert_eq!(it.value(pos.legal_moves()[1]), Some(7));
    }

    #[test]
    fn a_wrong_move_list_a_repeated_pair_or_a_wrong_format_is_refused() {
        let mut e = entry(1);
        e.moves.pop();
        let s = Suite { params: PARAMS, lines: vec![Line::Kept(e)] };
        assert!(read(&text(&s), false).is_err());
        let s = Suite { params: PARAMS, lines: vec![Line::Kept(entry(1)), Line::Kept(entry(1))] };
        assert!(read(&text(&s), false).unwrap_err().to_string().contains("already on line 2"));
        assert!(read("{\"format\":\"x\"}\n", false).is_err());
        assert!(read("", false).is_err());
    }

    #[test]
    fn a_cut_last_line_is_ignored_only_when_asked() {
        let s = Suite { params: PARAMS, lines: vec![Line::Kept(entry(1)), Line::Kept(entry(2))] };
        let full = text(&s);
        let cut = &full[..full.len() - 20];
        assert!(read(cut, false).is_err());
        let back = read(cut, true).unwrap();
        assert_eq!(back.lines, s.lines[..1]);
    }

    #[test]
    fn merging_sorts_by_variant_and_seed_and_refuses_conflicts() {
        let nt = Rules { threat: false, ..Rules::CANONICAL };
        let d = |seed, rules| Line::Dropped(Dropped { seed, rules, dropped: Reason::Unproven });
        let mut a = Suite { params: PARAMS, lines: vec![d(5, nt), Line::Kept(entry(3))] };
        let b = Suite { params: PARAMS, lines: vec![d(1, nt), Line::Kept(entry(3)), Line::Kept(entry(4))] };
        a.merge(b).unwrap();
        let keys: Vec<_> = a.lines.iter().map(Line::key).collect();
        assert_eq!(keys, [(3, Rules::CANONICAL), (4, Rules::CANONICAL), (1, nt), (5, nt)]);
        let conflict = Suite { params: PARAMS, lines: vec![d(3, Rules::CANONICAL)] };
        assert!(a.clone().merge(conflict).is_err());
        let other = Suite { params: Params { budget: 2, ..PARAMS }, lines: vec![] };
        assert!(a.merge(other).is_err());
    }

    #[test]
    fn a_version_1_file_reads_with_its_missing_seeds_dropped() {
        let e = entry(2);
        let v1 = format!(
            "{{\"format\":\"cavalo-accuracy\",\"version\":1,\"ply\":14,\"seeds\":\"1..3\",\"variants\":[\"canonical\"],\"selfplay_nodes\":1,\"budget\":1,\"positions\":1,\"unproven\":2,\"ended\":0}}\n{}\n",
            serde_json::to_string(&e).unwrap()
        );
        let s = read(&v1, false).unwrap();
        assert_eq!(s.params, PARAMS);
        let keys: Vec<_> = s.lines.iter().map(|l| l.key().0).collect();
        assert_eq!(keys, [1, 2, 3]);
        assert_eq!(s.counts(), Counts { positions: 1, unproven: 2, ..Counts::default() });
        assert!(text(&s).starts_with(&header_line(PARAMS)));
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
