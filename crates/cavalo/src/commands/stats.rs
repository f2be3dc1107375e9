//! `cavalo stats`: the statistics of log.dat (or of the games database) for the technical
//! manual, and an SVG chart.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::logfile::{self, LogGame, LogPly};
use clap::Args;

use crate::args::LangArg;
use cavalo_session::key;

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The log to analyse (written by `cavalo play`). Its games are told apart by their ids, so
    /// games written at the same time into one log do not mix.
    #[arg(default_value = "log.dat")]
    pub log: PathBuf,
    /// Only the game with this id (or the beginning of it).
    #[arg(long)]
    pub id: Option<String>,
    /// With --db or --data-dir, the games are read straight from the games database instead of
    /// a log.
    #[command(flatten)]
    pub store: crate::commands::games::StoreArgs,
    /// Also draw the time and the nodes of every move of one game as an SVG chart into this file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// The game to chart, counted from 1 among the games reported (default: the last one).
    #[arg(long)]
    pub game: Option<usize>,
    #[command(flatten)]
    pub lang: LangArg,
}

/// Count, mean, standard deviation (population), minimum and maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub mean: f64,
    pub sd: f64,
    pub min: f64,
    pub max: f64,
}

pub fn summarise(values: &[f64]) -> Summary {
    if values.is_empty() {
        return Summary::default();
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
    Summary {
        count: values.len(),
        mean,
        sd: var.sqrt(),
        min: values.iter().copied().fold(f64::INFINITY, f64::min),
        max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    }
}

/// The metrics, and which plies each is taken over.
pub const METRICS: [&str; 6] = ["nodes", "alpha-cuts", "beta-cuts", "time-ms", "depth", "points"];

/// The catalogue's name of one of the [`METRICS`].
fn metric_key(metric: &str) -> cavalo_session::i18n::Key {
    match metric {
        "nodes" => key!("stats-metric-nodes"),
        "alpha-cuts" => key!("stats-metric-alpha-cuts"),
        "beta-cuts" => key!("stats-metric-beta-cuts"),
        "time-ms" => key!("stats-metric-time-ms"),
        "depth" => key!("stats-metric-depth"),
        _ => key!("stats-metric-points"),
    }
}

/// The values of `metric` over a side's plies: search statistics over the computer's searches,
/// time and points over the moves chosen (forced placements and passes left out).
pub fn values(plies: &[&LogPly], metric: &str) -> Vec<f64> {
    plies
        .iter()
        .filter_map(|p| match metric {
            "nodes" => p.nodes.map(|v| v as f64),
            "alpha-cuts" => p.alpha_cuts.map(|v| v as f64),
            "beta-cuts" => p.beta_cuts.map(|v| v as f64),
            "depth" => p.depth.map(|v| v as f64),
            "time-ms" => (!p.forced).then_some(p.time_ms as f64),
            "points" => (!p.forced).then_some(p.points as f64),
            _ => None,
        })
        .collect()
}

fn table(out: &mut String, rows: &[(String, Vec<&LogPly>)], lang: Lang) {
    let heads = lang.tr(key!("stats-columns"));
    let h: Vec<&str> = heads.split_whitespace().chain(std::iter::repeat("")).take(7).collect();
    let _ = writeln!(
        out,
        "{:<28} {:<15} {:>6} {:>14} {:>14} {:>12} {:>12}",
        h[0], h[1], h[2], h[3], h[4], h[5], h[6]
    );
    for (label, plies) in rows {
        for metric in METRICS {
            let s = summarise(&values(plies, metric));
            let m = lang.tr(metric_key(metric));
            if s.count == 0 {
                let _ = writeln!(
                    out,
                    "{label:<28} {m:<15} {:>6} {:>14} {:>14} {:>12} {:>12}",
                    0, "-", "-", "-", "-"
                );
            } else {
                let _ = writeln!(
                    out,
                    "{label:<28} {m:<10} {:>6} {:>14.1} {:>14.1} {:>12} {:>12}",
                    s.count, s.mean, s.sd, s.min, s.max
                );
            }
        }
    }
}

/// `white`/`black` in English (as the log writes them), `branco`/`preto` in Portuguese.
fn side_word(lang: Lang, side: Side) -> String {
    match lang {
        Lang::En => side.name().to_string(),
        Lang::Pt => cavalo_session::present::side_name(lang, side).to_lowercase(),
    }
}

fn side_plies(g: &LogGame, side: Side) -> Vec<&LogPly> {
    g.plies.iter().filter(|p| p.side == Some(side)).collect()
}

/// The report: one table per game, then one over all games.
pub fn report(games: &[LogGame], lang: Lang) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        let h = |k: &str| Arg::from(g.header.get(k).map_or("?", |v| v.as_str()));
        let args = [
            ("n", Arg::from(i + 1)),
            ("id", h("id")),
            ("date", h("date")),
            ("mode", h("mode")),
            ("start", h("start")),
            ("white", h("white")),
            ("black", h("black")),
        ];
        let _ = writeln!(out, "{}", lang.tr_with(key!("stats-game"), &args));
        let back = if g.undone > 0 {
            lang.tr_with(key!("stats-taken-back"), &[("count", g.undone.into())])
        } else {
            String::new()
        };
        let result = match &g.end {
            Some(e) => {
                let e = |k: &str| Arg::from(e.get(k).map_or("?", |v| v.as_str()));
                let args = [
                    ("result", e("result")),
                    ("status", e("status")),
                    ("points", e("points")),
                    ("plies", e("plies")),
                ];
                lang.tr_with(key!("stats-result"), &args)
            }
            None => lang.tr_with(key!("stats-unfinished"), &[("plies", g.plies.len().into())]),
        };
        let _ = writeln!(out, "{result}{back}");
        let rows: Vec<(String, Vec<&LogPly>)> = Side::BOTH
            .iter()
            .map(|&s| {
                let who = g.header.get(s.name()).map_or("?", |v| v.as_str());
                (format!("{} {who}", side_word(lang, s)), side_plies(g, s))
            })
            .collect();
        table(&mut out, &rows, lang);
        out.push('\n');
    }
    if games.len() > 1 {
        let _ = writeln!(out, "{}", lang.tr_with(key!("stats-all"), &[("count", games.len().into())]));
        let rows: Vec<(String, Vec<&LogPly>)> = Side::BOTH
            .iter()
            .map(|&s| (side_word(lang, s), games.iter().flat_map(|g| side_plies(g, s)).collect()))
            .collect();
        table(&mut out, &rows, lang);
    }
    out
}

pub fn stats(a: StatsArgs) -> Result<()> {
    let (source, text) = if a.store.given() {
        let db = a.store.open()?;
        (db.path().display().to_string(), crate::commands::games::log_text(&db, a.id.as_deref())?)
    } else {
        let text = cavalo_session::files::read_text(&a.log)
            .with_context(|| format!("cannot read {}", a.log.display()))?;
        (a.log.display().to_string(), text)
    };
    let mut games = logfile::parse(&text).map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
    if let Some(id) = &a.id {
        games.retain(|g| g.header.get("id").is_some_and(|g| g.starts_with(id.as_str())));
        if games.is_empty() {
            bail!("{source} holds no game `{id}`");
        }
    }
    if games.is_empty() {
        bail!("{source} holds no game");
    }
    let lang = a.lang.lang();
    print!("{}", report(&games, lang));
    if let Some(path) = &a.svg {
        let n = a.game.unwrap_or(games.len());
        if n == 0 || n > games.len() {
            bail!("--game {n}: the log holds games 1 to {}", games.len());
        }
        let svg = chart(&games[n - 1], n);
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        let args = [("n", Arg::from(n)), ("path", path.display().to_string().into())];
        println!("{}", lang.tr_with(key!("stats-chart-written"), &args));
    }
    Ok(())
}

const COLOURS: [&str; 2] = ["#c27c0e", "#1f4e9c"];

/// Two panels (time per move, nodes per move), one line per side, ply numbers on the x axis.
pub fn chart(g: &LogGame, number: usize) -> String {
    use crate::chart::{Panel, Series, render};
    let max_ply = g.plies.iter().map(|p| p.number).max().unwrap_or(1) as f64;
    let id = g.header.get("id").map_or("", |s| s.as_str());
    type Metric = fn(&LogPly) -> Option<f64>;
    let panels: [(&str, Metric); 2] = [
        ("time per move (ms)", |p| (!p.forced).then_some(p.time_ms as f64)),
        ("nodes analysed", |p| p.nodes.map(|n| n as f64)),
    ];
    let panels: Vec<Panel> = panels
        .iter()
        .map(|(label, get)| Panel {
            label: label.to_string(),
            series: Side::BOTH
                .iter()
                .map(|&side| Series {
                    colour: COLOURS[side.index()],
                    points: g
                        .plies
                        .iter()
                        .filter(|p| p.side == Some(side))
                        .filter_map(|p| get(p).map(|v| (p.number as f64, v)))
                        .collect(),
                    line: true,
                    dot: 2.5,
                })
                .collect(),
        })
        .collect();
    let legend: Vec<crate::chart::Legend> = Side::BOTH
        .iter()
        .map(|&side| {
            let who = g.header.get(side.name()).map_or("", |s| s.as_str());
            (COLOURS[side.index()], format!("{side} ({who}); x axis: ply number"))
        })
        .collect();
    render(&format!("Game {number} ({id}): time and nodes per move"), max_ply, &panels, &legend)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
GAME id=g1 date=2025-03-01T14:05:09Z mode=computer-computer white=computer:cavalo black=computer:greedy rules=canonical time-ms=100 start=seed:7
PLY n=1 side=white player=computer forced=yes move=F1 points=86 total=86-0 time-ms=0
  ((1 2))
PLY n=2 side=black player=computer forced=yes move=J10 points=65 total=86-65 time-ms=0
PLY n=3 side=white player=computer engine=cavalo move=E3 points=40 total=126-65 time-ms=100 nodes=1000 alpha-cuts=10 beta-cuts=20 depth=4 value=5
PLY n=4 side=black player=computer engine=greedy move=G8 points=30 total=126-95 time-ms=0 nodes=1 alpha-cuts=0 beta-cuts=0 depth=1 value=0
PLY n=5 side=white player=computer engine=cavalo move=D5 points=20 total=146-95 time-ms=300 nodes=3000 alpha-cuts=30 beta-cuts=40 depth=6 value=7
END status=over result=white points=146-95 plies=5

GAME id=g2 date=2025-03-01T15:00:00Z mode=human-human white=human black=human rules=no-threat time-ms=1000 start=59,43 w 0 0
PLY n=1 side=white player=human move=A1 points=10 total=10-0 time-ms=5000
PLY n=2 side=black player=human move=B2 points=20 total=10-20 time-ms=7000
UNDO plies=1 back-to=1
PLY n=2 side=black player=human move=C3 points=30 total=10-30 time-ms=1000
";

    #[test]
    fn summary_numbers() {
        let s = summarise(&[1000.0, 3000.0]);
        assert_eq!((s.count, s.mean, s.sd, s.min, s.max), (2, 2000.0, 1000.0, 1000.0, 3000.0));
        assert_eq!(summarise(&[]).count, 0);
    }

    #[test]
    fn report_on_a_known_log() {
        let games = logfile::parse(LOG).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].header["start"], "59,43 w 0 0");
        assert_eq!(games[1].plies.len(), 2);
        assert_eq!(games[1].plies[1].mv, "C3");
        let white: Vec<&LogPly> = side_plies(&games[0], Side::White);
        assert_eq!(values(&white, "nodes"), vec![1000.0, 3000.0]);
        assert_eq!(values(&white, "points"), vec![40.0, 20.0]);
        assert_eq!(values(&white, "time-ms"), vec![100.0, 300.0]);
        let r = report(&games, Lang::En);
        let line =
            r.lines().find(|l| l.starts_with("white computer:cavalo") && l.contains(" nodes ")).unwrap();
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&cols[cols.len() - 5..], &["2", "2000.0", "1000.0", "1000", "3000"], "{line}");
        assert!(r.contains("Result: white (over), points 146-95, 5 plies"), "{r}");
        assert!(r.contains("1 plies taken back"), "{r}");
        assert!(r.contains("All 2 games"));
        let line = r.lines().find(|l| l.starts_with("black human") && l.contains(" time-ms ")).unwrap();
        assert!(line.contains(" 1 ") && line.contains("1000.0"), "{line}");
        let pt = report(&games, Lang::Pt);
        assert!(pt.contains("Resultado: white (over), pontos 146-95, 5 meias-jogadas"), "{pt}");
        assert!(pt.contains("Todos os 2 jogos") && pt.contains(" nós-analisados "), "{pt}");
        assert!(pt.lines().any(|l| l.starts_with("branco computer:cavalo")), "{pt}");
        let svg = chart(&games[0], 1);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 4, "two panels, two sides");
    }
}
