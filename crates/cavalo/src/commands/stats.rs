//! `cavalo stats`: the statistics of log.dat (or of the games database) for the technical
//! manual, and an SVG chart.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use cavalo_rules::Side;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::logfile::{self, LogGame, LogPly};
use cavalo_session::present::log_line_text;
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

/// The table: for each row (a player) the metrics it has values of; a player without a search
/// (a human) has no nodes, cuts or depth, and no row for them.
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
            if s.count == 0 {
                continue;
            }
            let m = lang.tr(metric_key(metric));
            let _ = writeln!(
                out,
                "{label:<28} {m:<15} {:>6} {:>14} {:>14} {:>12} {:>12}",
                s.count,
                lang.decimal(s.mean, 1),
                lang.decimal(s.sd, 1),
                lang.decimal(s.min, 0),
                lang.decimal(s.max, 0)
            );
        }
    }
}

/// `white`/`black` in English, `branco`/`preto` in Portuguese.
fn side_word(lang: Lang, side: Side) -> String {
    cavalo_session::present::side_name(lang, side).to_lowercase()
}

fn side_plies(g: &LogGame, side: Side) -> Vec<&LogPly> {
    g.plies.iter().filter(|p| p.side == Some(side)).collect()
}

/// The player of `side` in `g`, for people (`humano`, `computador (cavalo)`).
fn player(g: &LogGame, side: Side, lang: Lang) -> String {
    let label = g.header.get(side.name()).map_or("?", |v| v.as_str());
    cavalo_session::present::player_text(lang, label)
}

/// A word of the log (`mode`, `result`, `status`) in `lang`; an unknown one as it is.
fn log_word(lang: Lang, field: &str, value: &str) -> String {
    let k = match (field, value) {
        ("result", "white") => key!("stats-outcome-white"),
        ("result", "black") => key!("stats-outcome-black"),
        ("result", "draw") => key!("stats-outcome-draw"),
        ("result", "none") => key!("stats-outcome-none"),
        ("status", "over") => key!("stats-status-over"),
        ("status", "quit") => key!("stats-status-quit"),
        ("status", "playing") => key!("stats-status-playing"),
        ("mode", m) => match cavalo_session::Mode::parse(m) {
            Some(mode) => cavalo_session::present::mode_key(mode),
            None => return value.to_string(),
        },
        _ => return value.to_string(),
    };
    lang.tr(k)
}

/// The line of how `g` ended (or that it did not).
fn result_line(g: &LogGame, lang: Lang) -> String {
    let back = if g.undone > 0 {
        lang.tr_with(key!("stats-taken-back"), &[("count", g.undone.into())])
    } else {
        String::new()
    };
    let result = match &g.end {
        Some(e) => {
            let e = |k: &str| e.get(k).map_or("?", |v| v.as_str());
            let args = [
                ("result", Arg::from(log_word(lang, "result", e("result")))),
                ("status", log_word(lang, "status", e("status")).into()),
                ("points", e("points").into()),
                ("plies", e("plies").parse::<usize>().map_or_else(|_| Arg::from(e("plies")), Arg::from)),
            ];
            lang.tr_with(key!("stats-result"), &args)
        }
        None => lang.tr_with(key!("stats-unfinished"), &[("plies", g.plies.len().into())]),
    };
    format!("{result}{back}")
}

/// The report: one table per game (a row per side and its player), then one over all games
/// (a row per player, whatever colour it played).
pub fn report(games: &[LogGame], lang: Lang) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        let h = |k: &str| g.header.get(k).map_or("?", |v| v.as_str()).to_string();
        let args = [
            ("n", Arg::from(i + 1)),
            ("id", h("id").into()),
            ("date", h("date").into()),
            ("mode", log_word(lang, "mode", &h("mode")).into()),
            ("start", h("start").into()),
            ("white", player(g, Side::White, lang).into()),
            ("black", player(g, Side::Black, lang).into()),
        ];
        let _ = writeln!(out, "{}", lang.tr_with(key!("stats-game"), &args));
        let _ = writeln!(out, "{}", result_line(g, lang));
        let rows: Vec<(String, Vec<&LogPly>)> = Side::BOTH
            .iter()
            .map(|&s| (format!("{} {}", side_word(lang, s), player(g, s, lang)), side_plies(g, s)))
            .collect();
        table(&mut out, &rows, lang);
        out.push('\n');
    }
    if games.len() > 1 {
        let _ = writeln!(out, "{}", lang.tr_with(key!("stats-all"), &[("count", games.len().into())]));
        let mut rows: Vec<(String, Vec<&LogPly>)> = Vec::new();
        for g in games {
            for side in Side::BOTH {
                let who = player(g, side, lang);
                match rows.iter_mut().find(|(w, _)| *w == who) {
                    Some((_, plies)) => plies.extend(side_plies(g, side)),
                    None => rows.push((who, side_plies(g, side))),
                }
            }
        }
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
    let lang = a.lang.lang();
    let mut games = logfile::parse(&text).map_err(|e| anyhow::anyhow!(log_line_text(lang, &source, &e)))?;
    let src = || ("source", Arg::from(source.as_str()));
    if let Some(id) = &a.id {
        games.retain(|g| g.header.get("id").is_some_and(|g| g.starts_with(id.as_str())));
        if games.is_empty() {
            bail!(lang.tr_with(key!("stats-no-game-id"), &[src(), ("id", Arg::from(id.as_str()))]));
        }
    }
    if games.is_empty() {
        bail!(lang.tr_with(key!("stats-no-game"), &[src()]));
    }
    print!("{}", report(&games, lang));
    if let Some(path) = &a.svg {
        let n = a.game.unwrap_or(games.len());
        if n == 0 || n > games.len() {
            bail!("--game {n}: the log holds games 1 to {}", games.len());
        }
        let svg = chart(&games[n - 1], n, lang);
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        let args = [("n", Arg::from(n)), ("path", path.display().to_string().into())];
        println!("{}", lang.tr_with(key!("stats-chart-written"), &args));
    }
    Ok(())
}

const COLOURS: [&str; 2] = ["#c27c0e", "#1f4e9c"];

/// Two panels (time per move, nodes per move), one line per side, ply numbers on the x axis.
pub fn chart(g: &LogGame, number: usize, lang: Lang) -> String {
    use crate::chart::{Panel, Series, render};
    let max_ply = g.plies.iter().map(|p| p.number).max().unwrap_or(1) as f64;
    let id = g.header.get("id").map_or("", |s| s.as_str());
    type Metric = fn(&LogPly) -> Option<f64>;
    let panels: [(cavalo_session::i18n::Key, Metric); 2] = [
        (key!("chart-time-per-move"), |p| (!p.forced).then_some(p.time_ms as f64)),
        (key!("chart-nodes"), |p| p.nodes.map(|n| n as f64)),
    ];
    let panels: Vec<Panel> = panels
        .iter()
        .map(|(label, get)| Panel {
            label: lang.tr(*label),
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
            let args = [
                ("side", Arg::from(cavalo_session::present::side_name(lang, side))),
                ("who", player(g, side, lang).into()),
            ];
            (COLOURS[side.index()], lang.tr_with(key!("chart-stats-legend"), &args))
        })
        .collect();
    let title = lang.tr_with(key!("chart-stats-title"), &[("n", number.into()), ("id", id.into())]);
    render(&title, max_ply, &panels, &legend, lang)
}

#[cfg(test)]
mod tests {
    use cavalo_session::i18n::english_words_in;

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
            r.lines().find(|l| l.starts_with("white computer (cavalo)") && l.contains(" nodes ")).unwrap();
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&cols[cols.len() - 5..], &["2", "2,000.0", "1,000.0", "1,000", "3,000"], "{line}");
        assert!(r.contains("Result: White won (over), points 146-95, 5 plies"), "{r}");
        assert!(r.contains("1 ply taken back"), "{r}");
        assert!(r.contains("All 2 games"));
        let line = r.lines().find(|l| l.starts_with("black human") && l.contains(" time-ms ")).unwrap();
        assert!(line.contains(" 1 ") && line.contains("1,000.0"), "{line}");
        assert!(
            !r.lines().any(|l| l.contains("human") && (l.contains(" nodes ") || l.contains(" depth "))),
            "a human has no search statistics, and no empty rows for them: {r}"
        );
        // Over all games, a row per player whatever its colour: the human's two moves together.
        let all = &r[r.find("All 2 games").unwrap()..];
        let line = all.lines().find(|l| l.starts_with("human ") && l.contains(" time-ms ")).unwrap();
        assert!(line.split_whitespace().nth(2) == Some("2"), "{line}");
        assert!(all.lines().any(|l| l.starts_with("computer (greedy)")), "{all}");
        let pt = report(&games, Lang::Pt);
        assert!(
            pt.contains("Resultado: vitória do Branco (terminado), pontos 146-95, 5 meias-jogadas"),
            "{pt}"
        );
        assert!(pt.contains("1 meia-jogada anulada"), "{pt}");
        assert!(pt.contains("Humano vs Humano") && pt.contains("Branco humano contra Preto humano"), "{pt}");
        assert!(pt.contains("Todos os 2 jogos") && pt.contains(" nós-analisados "), "{pt}");
        assert!(
            pt.lines().any(|l| l.starts_with("branco computador (cavalo)") && l.contains("2000,0")),
            "{pt}"
        );
        let svg = chart(&games[0], 1, Lang::En);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polyline").count(), 4, "two panels, two sides");
        let svg = chart(&games[0], 1, Lang::Pt);
        assert!(
            svg.contains("tempo por jogada (ms)") && svg.contains("eixo x: número da meia-jogada"),
            "{svg}"
        );
        // A game that ended with no result (abandoned) says so in words.
        assert_eq!(log_word(Lang::Pt, "result", "none"), "sem resultado");
        assert_eq!(log_word(Lang::En, "result", "none"), "no result");
        // Portuguese everywhere: the report and the chart's words.
        let allowed = ["seed", "cavalo", "greedy"];
        assert_eq!(english_words_in(&pt, &allowed), Vec::<String>::new(), "English in the report: {pt}");
        let words: String = svg.split('>').filter_map(|t| t.split_once('<').map(|(text, _)| text)).collect();
        assert_eq!(english_words_in(&words, &allowed), Vec::<String>::new(), "English in the chart: {words}");
    }
}
