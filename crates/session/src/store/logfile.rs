//! The course's `log.dat`: written while a game is played, read back by `cavalo stats`.
//!
//! The format (docs/log-format.md) is line-oriented. Each line starts with a keyword, then
//! `key=value` fields separated by spaces; values contain no spaces, except `start=`, which is
//! always last on its line and runs to the line's end. Lines starting with a space hold the
//! board after the ply above them, in the course's Lisp format. Lines starting with `#` are
//! comments.
//!
//! Every `PLY`, `UNDO` and `END` line names its game (`game=ID`, the `id` of its `GAME` line),
//! so games written to one file at the same time (two `cavalo play` in one folder) are told
//! apart; the board lines follow their `PLY` line in the same write. Lines without `game=` (logs
//! written before the tag) belong to the game above them.
//!
//! ```text
//! GAME id=0f8c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f date=2025-03-01T14:05:09Z mode=human-computer white=human black=computer:cavalo rules=canonical time-ms=1000 start=seed:7
//! PLY game=0f8c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f n=1 side=white player=human forced=yes move=F1 points=86 total=86-0 time-ms=0
//!   ((32 42 35 28 3 -1 81 21 67 16)
//!    ...)
//! PLY game=0f8c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f n=4 side=black player=computer move=H8 points=59 total=131-124 time-ms=998 nodes=1234567 alpha-cuts=1234 beta-cuts=56789 depth=12 value=-7
//! UNDO game=0f8c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f plies=2 back-to=6
//! END game=0f8c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f status=over result=white points=250-198 plies=87
//! ```

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;

use cavalo_rules::{GameRecord, Position, Rules, Side};

use crate::PlayerConfig;
use crate::game::{Game, Status};
use crate::store::meta::{RecordedPlayer, SessionMeta};
use crate::{Actor, Ply};

/// Appends `text` to the file at `path` (created if missing, never truncated).
pub fn append(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    f.write_all(text.as_bytes())
}

pub(crate) fn header(s: &Game) -> String {
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

pub(crate) fn ply_entry(game: &str, p: &Ply, player: &PlayerConfig, pos: &Position) -> String {
    let who = match p.by {
        Actor::Human => "human",
        Actor::Computer => "computer",
    };
    let mut line = format!("PLY game={game} n={} side={} player={who}", p.number, p.side);
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

pub(crate) fn undo_line(game: &str, taken_back: usize, remaining: usize) -> String {
    format!("UNDO game={game} plies={taken_back} back-to={remaining}\n")
}

pub(crate) fn footer(s: &Game) -> String {
    let pos = s.position();
    let result = pos.outcome().map_or("none", |o| o.name());
    let points = [pos.points(Side::White), pos.points(Side::Black)];
    end_line(s.id(), s.status().name(), result, points, s.plies().len())
}

/// One game alone in the course's `log.dat` format, as it stands (plies taken back are left
/// out): the `GAME` line, every ply with its board, and the `END` line once the game is over or
/// abandoned. For downloading one game's log.
pub fn game_text(game: &Game) -> String {
    let mut out = header(game);
    let positions = game.positions();
    for (p, after) in game.plies().iter().zip(&positions[1..]) {
        out.push_str(&ply_entry(game.id(), p, game.player(p.side), after));
    }
    if game.status() != Status::Playing {
        out.push_str(&footer(game));
    }
    out
}

/// The `END` line of game `game` (then an empty line): its status (`over`, `quit`), result
/// (`white`, `black`, `draw`, `none`), White's and Black's points and plies.
pub fn end_line(game: &str, status: &str, result: &str, points: [u16; 2], plies: usize) -> String {
    format!(
        "END game={game} status={status} result={result} points={}-{} plies={plies}\n\n",
        points[0], points[1]
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

/// Why a log game cannot be made a game record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogRecordError {
    /// The `GAME` line is missing or has no `start=`.
    #[error("game {0}: its GAME line (with start=) is missing")]
    NoStart(String),
    /// The `rules=` field names no rule variant.
    #[error("game {id}: `{rules}` is not a rule variant")]
    Rules {
        /// The game.
        id: String,
        /// The text.
        rules: String,
    },
    /// The `start=` field is neither `seed:N` nor a position.
    #[error("game {id}: start: {reason}")]
    Start {
        /// The game.
        id: String,
        /// Why.
        reason: String,
    },
}

impl LogGame {
    /// The game's id (empty when its GAME line has none).
    pub fn id(&self) -> &str {
        self.header.get("id").map_or("", |s| s.as_str())
    }

    /// The game as a record: its rules, start and moves (not checked here: replaying the record
    /// checks them), with the header's `id`, `date`, `white` and `black` in `meta`.
    pub fn record(&self) -> Result<GameRecord, LogRecordError> {
        let id = self.id().to_string();
        let name = self.header.get("rules").map_or("canonical", |s| s.as_str());
        let Some(rules) = Rules::from_name(name) else {
            return Err(LogRecordError::Rules { id, rules: name.to_string() });
        };
        let start = self.header.get("start").ok_or_else(|| LogRecordError::NoStart(id.clone()))?;
        let start = crate::read_start(start, rules).map_err(|reason| LogRecordError::Start { id, reason })?;
        let mut rec = GameRecord::new(start, rules);
        rec.moves = self.plies.iter().map(|p| p.mv.clone()).collect();
        let label = |k: &str| self.header.get(k).map(|l| RecordedPlayer::of_label(l));
        let meta = SessionMeta {
            id: self.header.get("id").cloned(),
            date: self.header.get("date").cloned(),
            players: [label("white"), label("black")],
            ..SessionMeta::default()
        };
        meta.write(&mut rec.meta);
        Ok(rec)
    }
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
pub fn parse(text: &str) -> Result<Vec<LogGame>, LogLineError> {
    let mut reader = Reader::default();
    for (no, line) in text.lines().enumerate() {
        reader.line(line).map_err(|problem| LogLineError {
            line: no + 1,
            problem,
            text: line.to_string(),
        })?;
    }
    Ok(reader.games)
}

/// A line of a log that cannot be read: its number (from 1), what is wrong, and the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}: `{text}`")]
pub struct LogLineError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: LogProblem,
    /// The line.
    pub text: String,
}

/// What is wrong with a line of a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogProblem {
    /// A `PLY`, `UNDO` or `END` line without `game=` before any `GAME` line.
    #[error("{0} before any GAME")]
    BeforeGame(&'static str),
    /// A `PLY` line without its number (`n=`).
    #[error("no n")]
    NoNumber,
    /// A field whose value is not a number (`n`, `points`, `time-ms`, `nodes`, …, `plies`).
    #[error("bad {0}")]
    NotANumber(&'static str),
}

/// The games read so far, and where the next line goes.
#[derive(Default)]
struct Reader {
    games: Vec<LogGame>,
    /// The game of each id.
    by_id: HashMap<String, usize>,
    /// The game of the last PLY line (its board lines follow it).
    last_ply: Option<usize>,
}

impl Reader {
    fn line(&mut self, line: &str) -> Result<(), LogProblem> {
        if line.starts_with(' ') {
            self.board_line(line);
            return Ok(());
        }
        let (kw, rest) = line.split_once(' ').unwrap_or((line, ""));
        let f = fields(rest);
        match kw {
            "GAME" => {
                if let Some(id) = f.get("id") {
                    self.by_id.insert(id.clone(), self.games.len());
                }
                self.games.push(LogGame { header: f, ..LogGame::default() });
                self.last_ply = None;
            }
            "PLY" => {
                let gi = self.target(&f, "PLY")?;
                self.last_ply = Some(gi);
                self.games[gi].plies.push(ply_of(&f)?);
            }
            "UNDO" => {
                let gi = self.target(&f, "UNDO")?;
                let g = &mut self.games[gi];
                let n: usize =
                    f.get("plies").and_then(|v| v.parse().ok()).ok_or(LogProblem::NotANumber("plies"))?;
                let keep = g.plies.len().saturating_sub(n);
                g.plies.truncate(keep);
                g.undone += n;
                g.end = None;
            }
            "END" => {
                let gi = self.target(&f, "END")?;
                self.games[gi].end = Some(f);
            }
            _ => {}
        }
        Ok(())
    }

    /// A board line: part of the board after the last ply.
    fn board_line(&mut self, line: &str) {
        if let Some(p) = self.last_ply.and_then(|g| self.games[g].plies.last_mut()) {
            if !p.board.is_empty() {
                p.board.push('\n');
            }
            p.board.push_str(line.trim());
        }
    }

    /// The game a PLY, UNDO or END line belongs to: the one it names (begun here when its GAME
    /// line is missing), else the last one.
    fn target(&mut self, f: &BTreeMap<String, String>, kw: &'static str) -> Result<usize, LogProblem> {
        let games = &mut self.games;
        match f.get("game") {
            Some(id) => Ok(*self.by_id.entry(id.clone()).or_insert_with(|| {
                let header = BTreeMap::from([("id".to_string(), id.clone())]);
                games.push(LogGame { header, ..LogGame::default() });
                games.len() - 1
            })),
            None if games.is_empty() => Err(LogProblem::BeforeGame(kw)),
            None => Ok(games.len() - 1),
        }
    }
}

/// A `PLY` line's fields as a ply (its board follows on the next lines).
fn ply_of(f: &BTreeMap<String, String>) -> Result<LogPly, LogProblem> {
    let num = |k: &'static str| -> Result<Option<u64>, LogProblem> {
        f.get(k).map(|v| v.parse::<u64>().map_err(|_| LogProblem::NotANumber(k))).transpose()
    };
    Ok(LogPly {
        number: num("n")?.ok_or(LogProblem::NoNumber)? as u32,
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
            .map(|v| v.parse::<i64>().map_err(|_| LogProblem::NotANumber("value")))
            .transpose()?,
        board: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_game_becomes_a_record() {
        let log = "\
GAME id=a date=d mode=human-human white=human black=computer:greedy rules=no-threat time-ms=1000 start=seed:2
PLY game=a n=1 side=white player=human forced=yes move=E1 points=1 total=1-0 time-ms=0
PLY game=a n=2 side=black player=computer forced=yes move=F10 points=1 total=1-1 time-ms=0
GAME id=b date=d mode=human-human white=human black=human rules=odd time-ms=1000 start=seed:2
GAME id=c date=d mode=human-human white=human black=human rules=canonical time-ms=1000 start=seed:x
";
        let games = parse(log).unwrap();
        let rec = games[0].record().unwrap();
        assert_eq!(
            (rec.start.clone(), rec.rules.threat, rec.moves.clone()),
            (cavalo_rules::Start::Seed(2), false, vec!["E1".to_string(), "F10".to_string()])
        );
        assert_eq!(rec.meta["black"], "computer:greedy");
        assert_eq!(rec.replay().unwrap().len(), 3);
        assert!(matches!(games[1].record(), Err(LogRecordError::Rules { .. })));
        assert!(matches!(games[2].record(), Err(LogRecordError::Start { .. })));
        let orphan = LogGame::default();
        assert_eq!(orphan.record(), Err(LogRecordError::NoStart(String::new())));
    }

    #[test]
    fn interleaved_games_are_told_apart_by_their_tag() {
        let log = "\
GAME id=a date=d mode=human-human white=human black=human rules=canonical time-ms=1000 start=seed:1
GAME id=b date=d mode=human-human white=human black=human rules=canonical time-ms=1000 start=seed:2
PLY game=a n=1 side=white player=human move=A1 points=10 total=10-0 time-ms=0
  ((1 2)
   (3 4))
PLY game=b n=1 side=white player=human move=B2 points=20 total=20-0 time-ms=0
  ((5 6))
PLY game=a n=2 side=black player=human move=C3 points=30 total=10-30 time-ms=0
UNDO game=a plies=1 back-to=1
END game=b status=quit result=none points=20-0 plies=1

PLY game=c n=1 side=white player=human move=D4 points=1 total=1-0 time-ms=0
";
        let games = parse(log).unwrap();
        assert_eq!(games.len(), 3);
        let (a, b, c) = (&games[0], &games[1], &games[2]);
        assert_eq!(a.plies.iter().map(|p| p.mv.as_str()).collect::<Vec<_>>(), ["A1"]);
        assert_eq!((a.undone, a.end.is_none()), (1, true));
        assert_eq!(a.plies[0].board, "((1 2)\n(3 4))");
        assert_eq!(b.plies[0].board, "((5 6))", "board lines follow their PLY line");
        assert_eq!(b.end.as_ref().unwrap()["status"], "quit");
        assert_eq!((c.header["id"].as_str(), c.plies.len()), ("c", 1), "a game whose GAME line is lost");
    }

    #[test]
    fn untagged_logs_still_read() {
        let log = "GAME id=x start=seed:1\nPLY n=1 side=white player=human move=A1 points=1 total=1-0 time-ms=0\n\
                   END status=over result=white points=1-0 plies=1\n";
        let games = parse(log).unwrap();
        assert_eq!((games.len(), games[0].plies.len(), games[0].end.is_some()), (1, 1, true));
        let e = parse("GAME id=x start=seed:1\nPLY n=1\nUNDO plies=x\n").unwrap_err();
        assert_eq!(
            (e.line, e.problem, e.text.as_str()),
            (3, LogProblem::NotANumber("plies"), "UNDO plies=x")
        );
        let e = parse("PLY n=1\n").unwrap_err();
        assert_eq!((e.line, e.problem), (1, LogProblem::BeforeGame("PLY")));
        assert_eq!(e.to_string(), "line 1: PLY before any GAME: `PLY n=1`");
        assert_eq!(parse("GAME id=y\nPLY side=white\n").unwrap_err().problem, LogProblem::NoNumber);
    }
}
