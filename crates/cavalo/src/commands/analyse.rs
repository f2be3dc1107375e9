//! `cavalo analyse`: the engine as a teacher. Reads a game (a JSON record, a game of a log.dat or
//! of the games database), has the engine judge every ply (the model and its definitions are in
//! `cavalo_lab::analysis`), and prints a table, with an SVG chart and JSON on request.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use cavalo_lab::analysis::{self, Analysis, Budget, Class, Effort, PlyAnalysis, Thresholds, Value};
use cavalo_rules::{GameRecord, Side};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::{recorded_player_text, side_name};
use cavalo_session::store::{SessionMeta, TextGameError};
use clap::Args;

use crate::args::{EngineOptionArgs, LangArg};
use crate::chart::{Legend, Panel, Series, render};
use cavalo_session::key;

#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game: a JSON game record (as `cavalo play` saves in games/) or a log.dat. Not needed
    /// with --id.
    #[arg(required_unless_present = "id")]
    pub file: Option<PathBuf>,
    /// In a log with several games, the game with this id (or the beginning of it).
    #[arg(long, value_name = "ID")]
    pub game: Option<String>,
    /// The game with this id (or the beginning of it) in the games database (see --data-dir, --db).
    #[arg(long, value_name = "ID", conflicts_with_all = ["file", "game"])]
    pub id: Option<String>,
    #[command(flatten)]
    pub store: crate::commands::games::StoreArgs,
    /// Nodes searched per position (deterministic with one thread).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Milliseconds searched per position [default: 1000 when --nodes is not given].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub time_ms: Option<u64>,
    /// Nodes of all the searches made again where a verdict is unsure, for the whole game
    /// [default: half the nodes of the first pass, or what the first pass left of 40 times the
    /// nodes per position if more; 0: none].
    #[arg(long, value_name = "N")]
    pub max_nodes_per_game: Option<u64>,
    /// Nodes of each of those searches [default: 8 times the nodes per position, at most a
    /// quarter of the game's budget, at least twice the nodes per position].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes_per_research: Option<u64>,
    #[command(flatten)]
    pub engine: EngineOptionArgs,
    /// A move losing at least this many points is an inaccuracy (below: good).
    #[arg(long, default_value_t = Thresholds::default().inaccuracy)]
    pub inaccuracy: i32,
    /// A move losing at least this many points is a mistake.
    #[arg(long, default_value_t = Thresholds::default().mistake)]
    pub mistake: i32,
    /// A move losing at least this many points is a blunder.
    #[arg(long, default_value_t = Thresholds::default().blunder)]
    pub blunder: i32,
    /// A move losing at least this many points is a turning point (as is one that loses points
    /// and changes who is ahead).
    #[arg(long, default_value_t = Thresholds::default().swing)]
    pub swing: i32,
    /// Also draw the value after every ply (White's view) as an SVG chart into this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also write the analysis as JSON into this file; `-` writes it to standard output instead
    /// of the table.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    #[command(flatten)]
    pub lang: LangArg,
}

/// The game the arguments name.
fn load_game(a: &AnalyseArgs) -> Result<GameRecord> {
    if let Some(id) = &a.id {
        let db = a.store.open()?;
        return Ok(cavalo_session::store::record::build(&db.load(&db.resolve(id)?)?));
    }
    let path = a.file.as_deref().expect("clap requires a file without --id");
    let text =
        cavalo_session::files::read_text(path).with_context(|| format!("cannot read {}", path.display()))?;
    cavalo_session::store::game_of_text(&text, a.game.as_deref()).map_err(|e| match e {
        TextGameError::PickInRecord => {
            anyhow::anyhow!("--game picks a game in a log; {} is a JSON record", path.display())
        }
        TextGameError::Several(_) => anyhow::anyhow!("{} {e} with --game ID", path.display()),
        _ => anyhow::anyhow!("{}: {e}", path.display()),
    })
}

pub fn run(a: AnalyseArgs) -> Result<()> {
    let thresholds =
        Thresholds { inaccuracy: a.inaccuracy, mistake: a.mistake, blunder: a.blunder, swing: a.swing }
            .checked()?;
    // An analysis is always our engine at full strength (a `level` in --set is not for it).
    let options = cavalo_engine::Options { level: cavalo_engine::level::FULL, ..a.engine.options() };
    let time_ms = a.time_ms.or(if a.nodes.is_none() { Some(1000) } else { None });
    let budget = Budget { nodes: a.nodes, time_ms, threads: options.threads };
    let game = load_game(&a)?;
    let meta = SessionMeta::read(&game.meta)?;
    let lang = a.lang.lang();
    let bar =
        crate::progress::bar(0, !std::io::stderr().is_terminal(), crate::progress::Counting::Positions, lang);
    let stop = AtomicBool::new(false);
    let effort = Effort { max_nodes_per_game: a.max_nodes_per_game, nodes_per_search: a.nodes_per_research };
    let result = analysis::analyse(game, budget, effort, thresholds, options, &stop, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let an = result?;
    let to_stdout = a.json.as_deref() == Some(Path::new("-"));
    if !to_stdout {
        print!("{}", table(&an, &meta, lang));
    }
    if let Some(path) = &a.json {
        if to_stdout {
            println!("{}", an.to_json());
        } else {
            cavalo_session::write_atomically(path, &(an.to_json() + "\n"))
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!(
                "{}",
                lang.tr_with(key!("analyse-json-written"), &[("path", path.display().to_string().into())])
            );
        }
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, chart(&an, &meta, lang))
            .with_context(|| format!("cannot write {}", path.display()))?;
        let line =
            lang.tr_with(key!("analyse-chart-written"), &[("path", path.display().to_string().into())]);
        if to_stdout { eprintln!("{line}") } else { println!("{line}") }
    }
    Ok(())
}

/// A value as `+12`, `-3`, `+40*` (exact).
fn value_text(v: Value) -> String {
    format!("{:+}{}", v.points, if v.exact { "*" } else { "" })
}

/// The text report of the game whose record's meta is `meta`: the table of plies, each side's
/// figures, the turning points.
pub fn table(an: &Analysis, meta: &SessionMeta, lang: Lang) -> String {
    let who = |side: Side| recorded_player_text(lang, meta.player(side));
    let mut out = String::new();
    let nodes = an.budget.nodes.map(|n| lang.tr_with(key!("analyse-budget-nodes"), &[("nodes", n.into())]));
    let ms = an.budget.time_ms.map(|t| format!("{t} ms"));
    let budget = nodes.into_iter().chain(ms).collect::<Vec<_>>().join(" / ");
    let args = [
        ("game", Arg::from(meta.id.as_deref().unwrap_or("?"))),
        ("white", who(Side::White).into()),
        ("black", who(Side::Black).into()),
        ("budget", budget.into()),
        ("threads", an.budget.threads.into()),
    ];
    let _ = writeln!(out, "{}", lang.tr_with(key!("analyse-title"), &args));
    let t = an.thresholds;
    let args = [
        ("inaccuracy", Arg::from(t.inaccuracy)),
        ("mistake", t.mistake.into()),
        ("blunder", t.blunder.into()),
        ("swing", t.swing.into()),
    ];
    let _ = writeln!(out, "{}\n", lang.tr_with(key!("analyse-thresholds"), &args));
    if an.too_small {
        let args = [("nodes", Arg::from(an.median_nodes)), ("min", analysis::MIN_NODES.into())];
        let _ = writeln!(out, "{}\n", lang.tr_with(key!("analyse-too-small"), &args));
    }
    let heads = lang.tr(key!("analyse-columns"));
    let h: Vec<&str> = heads.split_whitespace().chain(std::iter::repeat("")).take(10).collect();
    let _ = writeln!(
        out,
        "{:>5}  {:<7} {:<9} {:<9} {:>7} {:>7} {:>8} {:>6} {:>6}  {}",
        h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8], h[9]
    );
    for p in &an.plies {
        let _ = writeln!(out, "{}", row(p, lang));
    }
    let _ = writeln!(out, "{}", lang.tr(key!("analyse-exact-note")));
    let args = [("factor", Arg::from(analysis::MARGIN_FACTOR)), ("noise", noise_arg(an.noise))];
    let _ = writeln!(out, "{}", lang.tr_with(key!("analyse-margin-note"), &args));
    let r = &an.refinement;
    let plies = r.plies.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    let args = [
        ("count", Arg::from(r.plies.len())),
        ("plies", plies.into()),
        ("searches", r.searches.into()),
        ("proven", r.proven.into()),
        ("nodes", r.nodes.into()),
        ("max", r.max_nodes.into()),
    ];
    let _ = writeln!(out, "{}\n", lang.tr_with(key!("analyse-refined"), &args));
    for side in Side::BOTH {
        let s = &an.sides[side.index()];
        if an.too_small {
            let args = [("side", Arg::from(side_name(lang, side))), ("who", who(side).into())];
            let _ = writeln!(out, "{}", lang.tr_with(key!("analyse-not-judged"), &args));
            continue;
        }
        let args = [
            ("side", Arg::from(side_name(lang, side))),
            ("who", who(side).into()),
            ("judged", s.judged.into()),
            ("accuracy", lang.decimal(s.accuracy, 1).into()),
            ("loss", lang.decimal(s.mean_loss, 1).into()),
            ("good", s.classes[0].into()),
            ("inaccuracies", s.classes[1].into()),
            ("mistakes", s.classes[2].into()),
            ("blunders", s.classes[3].into()),
            ("unclear", s.unclear.into()),
        ];
        let _ = writeln!(out, "{}", lang.tr_with(key!("analyse-side"), &args));
    }
    let turning: Vec<String> = an
        .plies
        .iter()
        .filter(|p| p.turning)
        .map(|p| format!("{} {} ({}→{})", p.ply, p.played, p.white_before(), p.white_after()))
        .collect();
    if turning.is_empty() {
        let _ = writeln!(out, "{}", lang.tr(key!("analyse-no-turning")));
    } else {
        let _ = writeln!(
            out,
            "{}",
            lang.tr_with(key!("analyse-turning"), &[("plies", turning.join(", ").into())])
        );
    }
    let _ = writeln!(
        out,
        "{}",
        lang.tr_with(key!("analyse-last"), &[("value", value_text(an.last_value).into())])
    );
    out
}

/// The noise for people: `?` when unknown (a search of a single iteration).
fn noise_arg(noise: i32) -> Arg {
    if noise == i32::MAX { Arg::from("?") } else { Arg::from(noise) }
}

/// The catalogue's name of a move's class.
fn class_key(c: Class) -> cavalo_session::i18n::Key {
    match c {
        Class::Good => key!("analyse-class-good"),
        Class::Inaccuracy => key!("analyse-class-inaccuracy"),
        Class::Mistake => key!("analyse-class-mistake"),
        Class::Blunder => key!("analyse-class-blunder"),
    }
}

fn row(p: &PlyAnalysis, lang: Lang) -> String {
    let class = match (p.forced, p.class) {
        (true, _) => lang.tr(key!("analyse-forced")),
        (_, Some(c)) => lang.tr(class_key(c)),
        (_, None) if p.unclear => lang.tr(key!("analyse-class-unclear")),
        (_, None) => String::new(),
    };
    let exact = |l: i32| format!("{l}{}", if p.loss_exact { "*" } else { "" });
    let loss = p.loss.map_or("-".to_string(), exact);
    let measured = p.measured_loss.map_or("-".to_string(), exact);
    let margin = match (p.measured_loss, p.margin) {
        (None, _) => "-".to_string(),
        (Some(_), None) => "?".to_string(),
        (Some(_), Some(m)) => m.to_string(),
    };
    let side = side_name(lang, p.side).to_lowercase();
    format!(
        "{:>5}  {:<7} {:<9} {:<9} {:>7} {:>7} {:>8} {:>6} {:>6}  {}{}{}",
        p.ply,
        side,
        p.played,
        p.best.as_deref().unwrap_or("-"),
        value_text(p.reference()),
        value_text(p.played_value),
        measured,
        margin,
        loss,
        class,
        if p.uncertain { " ?" } else { "" },
        if p.turning { " !" } else { "" }
    )
}

const VALUE: &str = "#1f4e9c";
const EXACT: &str = "#2e7d32";
const TURNING: &str = "#c62828";

/// The chart: the value after every ply from White's view (above 0: White ahead), proven values
/// and turning points marked.
pub fn chart(an: &Analysis, meta: &SessionMeta, lang: Lang) -> String {
    let who = |side: Side| recorded_player_text(lang, meta.player(side));
    let after = |p: &PlyAnalysis| (p.ply as f64, p.white_after() as f64);
    let exact: Vec<(f64, f64)> = an.plies.iter().filter(|p| p.played_value.exact).map(after).collect();
    let turning: Vec<(f64, f64)> = an.plies.iter().filter(|p| p.turning).map(after).collect();
    let series = vec![
        Series { colour: VALUE, points: an.plies.iter().map(after).collect(), line: true, dot: 2.0 },
        Series { colour: EXACT, points: exact, line: false, dot: 3.0 },
        Series { colour: TURNING, points: turning, line: false, dot: 5.0 },
    ];
    let panel = Panel { label: lang.tr(key!("chart-value")), series };
    let players = [("white", Arg::from(who(Side::White))), ("black", who(Side::Black).into())];
    let legend: [Legend; 3] = [
        (VALUE, lang.tr_with(key!("chart-value-legend"), &players)),
        (EXACT, lang.tr(key!("chart-exact"))),
        (TURNING, lang.tr(key!("chart-turning"))),
    ];
    let title =
        lang.tr_with(key!("chart-analysis-title"), &[("id", meta.id.as_deref().unwrap_or("?").into())]);
    render(&title, an.plies.len() as f64, &[panel], &legend, lang)
}
