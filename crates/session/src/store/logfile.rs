//! The course's `log.dat`: written while a game is played, read back by `cavalo stats`.
//!
//! The format (docs/log-format.md) is line-oriented. Each line starts with a keyword, then
//! `key=value` fields separated by spaces; values contain no spaces, except `start=`, which is
//! always last on its line and runs to the line's end. Lines starting with a space hold the
//! board after the ply above them, in the course's Lisp format. Lines starting with `#` are
//! comments.
//!
//! ```text
//! GAME id=20250301-140509-1a2b date=2025-03-01T14:05:09Z mode=human-computer white=human black=computer:cavalo rules=canonical time-ms=1000 start=seed:7
//! PLY n=1 side=white player=human forced=yes move=F1 points=86 total=86-0 time-ms=0
//!   ((32 42 35 28 3 -1 81 21 67 16)
//!    ...)
//! PLY n=4 side=black player=computer move=H8 points=59 total=131-124 time-ms=998 nodes=1234567 alpha-cuts=1234 beta-cuts=56789 depth=12 value=-7
//! UNDO plies=2 back-to=6
//! END status=over result=white points=250-198 plies=87
//! ```

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use cavalo_rules::{Position, Side};

use crate::PlayerConfig;
use crate::{Actor, Ply, Session};

/// Appends `text` to the file at `path` (created if missing, never truncated).
pub fn append(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    f.write_all(text.as_bytes())
}

pub(crate) fn header(s: &Session) -> String {
    let c = s.config();
    format!(
        "GAME id={} date={} mode={} white={} black={} rules={} time-ms={} start={}\n",
        s.id(),
        s.date(),
        s.mode().name(),
        c.player(Side::White).label(),
        c.player(Side::Black).label(),
        c.rules,
        c.time_ms,
        c.start_text()
    )
}

pub(crate) fn ply_entry(p: &Ply, player: &PlayerConfig, pos: &Position) -> String {
    let who = match p.by {
        Actor::Human => "human",
        Actor::Computer => "computer",
    };
    let mut line = format!("PLY n={} side={} player={who}", p.number, p.side);
    if !player.is_human() {
        line.push_str(&format!(" engine={}", player.label().trim_start_matches("computer:")));
    }
    if p.forced {
        line.push_str(" forced=yes");
    }
    line.push_str(&format!(
        " move={} points={} total={}-{} time-ms={}",
        p.mv, p.gained, p.points[0], p.points[1], p.time_ms
    ));
    if let Some(i) = &p.search {
        line.push_str(&format!(
            " nodes={} alpha-cuts={} beta-cuts={} depth={} value={}",
            i.nodes, i.alpha_cuts, i.beta_cuts, i.depth, i.score
        ));
        if !i.pv.is_empty() {
            line.push_str(&format!(" pv={}", i.pv_string().replace(' ', ",")));
        }
    }
    line.push('\n');
    for (i, l) in pos.to_lisp().lines().enumerate() {
        line.push_str(if i == 0 { "  " } else { "   " });
        line.push_str(l.trim_start());
        line.push('\n');
    }
    line
}

pub(crate) fn undo_line(taken_back: usize, remaining: usize) -> String {
    format!("UNDO plies={taken_back} back-to={remaining}\n")
}

pub(crate) fn footer(s: &Session) -> String {
    let pos = s.position();
    let result = pos.outcome().map_or("none", |o| o.name());
    format!(
        "END status={} result={result} points={}-{} plies={}\n\n",
        s.status().name(),
        pos.points(Side::White),
        pos.points(Side::Black),
        s.plies().len()
    )
}

/// A ply read back from a log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogPly {
    /// Ply number.
    pub number: u32,
    /// Who played.
    pub side: Option<Side>,
    /// `human` or `computer`.
    pub player: String,
    /// Whether the ply was forced (a placement or a pass).
    pub forced: bool,
    /// The move.
    pub mv: String,
    /// Points gained.
    pub points: u64,
    /// Time spent, ms.
    pub time_ms: u64,
    /// Nodes analysed (computer plies).
    pub nodes: Option<u64>,
    /// Alpha cuts.
    pub alpha_cuts: Option<u64>,
    /// Beta cuts.
    pub beta_cuts: Option<u64>,
    /// Depth.
    pub depth: Option<u64>,
    /// Value (mover's view).
    pub value: Option<i64>,
    /// The board after the ply (Lisp), as written.
    pub board: String,
}

/// A game read back from a log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogGame {
    /// The `GAME` line's fields (`id`, `date`, `mode`, `white`, `black`, `rules`, `time-ms`, `start`).
    pub header: BTreeMap<String, String>,
    /// The plies still standing (plies taken back by `UNDO` are dropped).
    pub plies: Vec<LogPly>,
    /// Plies taken back.
    pub undone: usize,
    /// The last `END` line's fields, if the game ended.
    pub end: Option<BTreeMap<String, String>>,
}

/// Splits `KEY k=v k=v ... start=rest of line`.
fn fields(rest: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let (main, start) = match rest.find("start=") {
        Some(i) if i == 0 || rest.as_bytes()[i - 1] == b' ' => (&rest[..i], Some(&rest[i + 6..])),
        _ => (rest, None),
    };
    for tok in main.split_whitespace() {
        if let Some((k, v)) = tok.split_once('=') {
            out.insert(k.to_string(), v.to_string());
        }
    }
    if let Some(s) = start {
        out.insert("start".into(), s.trim().to_string());
    }
    out
}

/// Reads a log: every game in order. Unknown lines are skipped, so the reader stays usable as the
/// format grows; a line that cannot be read is reported with its number.
pub fn parse(text: &str) -> Result<Vec<LogGame>, String> {
    let mut games: Vec<LogGame> = Vec::new();
    for (no, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("line {}: {what}: `{line}`", no + 1);
        if line.starts_with(' ') {
            if let Some(p) = games.last_mut().and_then(|g| g.plies.last_mut()) {
                if !p.board.is_empty() {
                    p.board.push('\n');
                }
                p.board.push_str(line.trim());
            }
            continue;
        }
        let (kw, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kw {
            "GAME" => games.push(LogGame { header: fields(rest), ..LogGame::default() }),
            "PLY" => {
                let g = games.last_mut().ok_or_else(|| bad("PLY before any GAME"))?;
                let f = fields(rest);
                let num = |k: &str| -> Result<Option<u64>, String> {
                    f.get(k).map(|v| v.parse::<u64>().map_err(|_| bad(&format!("bad {k}")))).transpose()
                };
                let ply = LogPly {
                    number: num("n")?.ok_or_else(|| bad("no n"))? as u32,
                    side: f.get("side").and_then(|s| Side::parse(s)),
                    player: f.get("player").cloned().unwrap_or_default(),
                    forced: f.get("forced").is_some_and(|v| v == "yes"),
                    mv: f.get("move").cloned().unwrap_or_default(),
                    points: num("points")?.unwrap_or(0),
                    time_ms: num("time-ms")?.unwrap_or(0),
                    nodes: num("nodes")?,
                    alpha_cuts: num("alpha-cuts")?,
                    beta_cuts: num("beta-cuts")?,
                    depth: num("depth")?,
                    value: f
                        .get("value")
                        .map(|v| v.parse::<i64>().map_err(|_| bad("bad value")))
                        .transpose()?,
                    board: String::new(),
                };
                g.plies.push(ply);
            }
            "UNDO" => {
                let g = games.last_mut().ok_or_else(|| bad("UNDO before any GAME"))?;
                let f = fields(rest);
                let n: usize = f.get("plies").and_then(|v| v.parse().ok()).ok_or_else(|| bad("bad plies"))?;
                let keep = g.plies.len().saturating_sub(n);
                g.plies.truncate(keep);
                g.undone += n;
                g.end = None;
            }
            "END" => {
                let g = games.last_mut().ok_or_else(|| bad("END before any GAME"))?;
                g.end = Some(fields(rest));
            }
            _ => {}
        }
    }
    Ok(games)
}
