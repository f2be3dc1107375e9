//! `cavalo accuracy`: how often a player picks an optimal move on the accuracy suite (positions
//! with the exact value of every legal move), and how many points it loses; `--build` makes a
//! suite (in [`build`]). The measure is `cavalo_lab::accuracy`; here the player is asked
//! (over the referee's `Contestant`) and the result printed.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;

use crate::args::LangArg;
use cavalo_match::contestant::{Contestant, Question};
use cavalo_match::external::EngineReport;
use cavalo_match::{MoveLimits, NamedPlayer, PlayerSpec};
use cavalo_rules::{Move, Rules};
use cavalo_session::i18n::numbers::dec;
use clap::Args;
use serde::Serialize;

use crate::args::EngineArgs;
use crate::limits::SearchLimitArgs;
use crate::progress;
use build::Build;
use cavalo_lab::accuracy::{Accuracy, Row, of_variants, rows, summarise, variants_text};
use cavalo_lab::label;
use cavalo_lab::suite::{self, Item};

/// The suite built into the program (`crates/cavalo/data/accuracy-ply14.jsonl`).
const BUILTIN: &str = include_str!("../../data/accuracy-ply14.jsonl");

const HELP: &str = "\
The suite's positions are taken at one ply of self-play games on boards whose seeds are not used
for fitting the evaluation (the built-in suite: 90 positions at ply 14, seeds 1001..1100 under
canonical rules and 1001..1030 without the threat rule). Every legal move carries its exact value,
proven by search to the end of the game. A move is optimal when no other move's value is higher;
its loss is the best value minus its value. The positions measured are those of the course's rules
(canonical) unless --variants says otherwise: a course program plays only those rules.

Examples:
  cavalo accuracy                                   (our engine, 100 ms per move, canonical positions)
  cavalo accuracy --variants all                    (every position of the suite, both variants)
  cavalo accuracy --nodes 200000 --json             (reproducible)
  cavalo accuracy --nodes 1000000 --moves           (also each position: seed, rules, the move
                                                     chosen, its value, the best value, the loss)
  cavalo accuracy --set mobility=150,region=300 --time-ms 100
  cavalo accuracy --engine classic:4
  cavalo accuracy --player 'cmd:cavalo engine' --option Threads=2 --time-ms 1000
                                                    (a program speaking the engine protocol)
  cavalo accuracy --player 'lisp:team.lisp,args=state+time+side' --time-ms 1000 --moves
                                                    (a course program, as in `cavalo match`)
  cavalo accuracy --build suite.jsonl --seeds 1001..1100 --variants canonical,no-threat --jobs 2
  cavalo accuracy --merge all.jsonl all.jsonl chunk-1.jsonl chunk-2.jsonl";

/// Options of `cavalo accuracy`.
#[derive(Args, Debug)]
#[command(after_long_help = HELP)]
pub struct AccuracyArgs {
    /// The suite to measure on (default: the suite built into the program).
    #[arg(long, value_name = "FILE")]
    suite: Option<PathBuf>,
    #[command(flatten)]
    limits: SearchLimitArgs<100>,
    #[command(flatten)]
    engine: EngineArgs,
    /// Measure another player, given as in `cavalo match`: `cmd:COMMAND` (a program speaking
    /// the engine protocol, e.g. `cmd:cavalo engine`), `lisp:FILE[,KEY=VALUE...]` (a course
    /// program, through the adapter under SBCL) or a built-in player with its options; `,name=TEXT`
    /// names it in the output.
    #[arg(
        long,
        value_name = "SPEC",
        value_parser = crate::commands::r#match::parse_named,
        conflicts_with_all = ["engine", "set", "threads", "hash_mib", "quiescence", "build", "merge"]
    )]
    player: Option<NamedPlayer>,
    /// A `setoption` for an external `--player` (cmd:...), as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE", requires = "player")]
    option: Vec<String>,
    /// Positions searched at once, each by its own engine (timed measurements are fairest with
    /// 1) [default: 1; with --build, every core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Print the result as one JSON object.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Also list each position: the move chosen, its exact value, the best value and the loss
    /// (with --json: a `positions` array).
    #[arg(long)]
    moves: bool,
    /// Make a suite instead of measuring: each position is appended to FILE as it is solved; the
    /// (seed, variant) pairs already in FILE are skipped, so an interrupted build resumes and a
    /// file grows by new ranges.
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    build: Option<PathBuf>,
    /// Merge suites built with the same ply and budgets: `--merge OUT IN...` writes the lines of
    /// every IN to OUT, sorted by variant and seed (OUT may be one of the inputs).
    #[arg(long, value_name = "FILE", num_args = 2.., conflicts_with = "suite")]
    merge: Vec<PathBuf>,
    /// --build: the boards' seeds, A..B.
    #[arg(long, default_value = "1001..1100", requires = "build")]
    seeds: String,
    /// The rule variants, comma-separated (canonical, no-threat, no-zero-double), or `all`.
    /// Measuring: the suite's positions of those variants [default: canonical, the course's
    /// rules]. With --build: the variants built [default: canonical,no-threat].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    variants: Vec<String>,
    /// --build: the ply the positions are taken at (placements included).
    #[arg(long, default_value_t = 14, requires = "build")]
    ply: u16,
    /// --build: node budget per move of the self-play games.
    #[arg(long, default_value_t = 20_000, requires = "build")]
    selfplay_nodes: u64,
    /// --build: node budget of the exact solver for all the moves of a position together (a
    /// position not solved within it is dropped and counted).
    #[arg(long, default_value_t = 200_000_000, requires = "build")]
    budget: u64,
    #[command(flatten)]
    lang: LangArg,
}

impl AccuracyArgs {
    /// The language of what is written (errors included).
    pub fn lang(&self) -> Lang {
        self.lang.lang()
    }
}

/// Runs `cavalo accuracy`.
pub fn run(a: AccuracyArgs) -> Result<()> {
    if let Some(out) = &a.build {
        let Some(variants) = chosen_variants(&a.variants, &["canonical", "no-threat"])? else {
            bail!("--variants all is for measuring: name the variants to build, e.g. canonical,no-threat");
        };
        let build = Build {
            seeds: a.seeds.clone(),
            variants,
            ply: a.ply,
            selfplay_nodes: a.selfplay_nodes,
            budget: a.budget,
            jobs: a.jobs,
            quiet: a.quiet,
        };
        return build::build(&build, out);
    }
    if !a.merge.is_empty() {
        return build::merge(&a.merge);
    }
    measure(&a)
}

/// The player measured: its spec, its name and its options as text.
fn player_of(a: &AccuracyArgs) -> Result<(PlayerSpec, String, String)> {
    Ok(match &a.player {
        Some(named) => {
            let spec = crate::commands::r#match::with_options(named.spec.clone(), &a.option, "option")?;
            let name = named.name.clone().unwrap_or_else(|| spec.to_string());
            (spec, name, String::new())
        }
        None => {
            let (kind, options) = (a.engine.engine.kind, a.engine.options());
            (PlayerSpec::Builtin { kind, options: options.clone() }, kind.to_string(), options.to_string())
        }
    })
}

/// Measures the player on the suite's positions of the variants asked for.
fn measure(a: &AccuracyArgs) -> Result<()> {
    let measured = match &a.suite {
        Some(p) => suite::read_file(p, false)?,
        None => suite::read(BUILTIN, false).context("the built-in suite")?,
    };
    let variants = chosen_variants(&a.variants, &["canonical"])?;
    let items = of_variants(measured.items()?, variants.as_deref())?;
    let ply = measured.params.ply;
    let limits = a.limits.limits()?;
    let move_limits = a.limits.move_limits()?;
    let (spec, player, options) = player_of(a)?;
    // A player that cannot start at all is an error, not a suite of failed positions; started,
    // it serves the first job.
    spec.check_ready().map_err(anyhow::Error::msg)?;
    let first = Contestant::start(&spec, items[0].rules)
        .map_err(|f| anyhow::anyhow!("the player {spec}: {}", f.detail()))?;
    let first = std::sync::Mutex::new(Some((items[0].rules, first)));
    let lang = a.lang();
    let bar = progress::bar(items.len(), a.quiet || a.json, progress::Counting::Positions, lang);
    let mut chosen = vec![None; items.len()];
    let mut failures = Vec::new();
    let start = Instant::now();
    label::run_jobs(
        &items,
        usize::from(a.jobs.unwrap_or(1)),
        || Seat { spec: spec.clone(), current: first.lock().unwrap_or_else(|e| e.into_inner()).take() },
        |seat, it: &Item| seat.choose(it, &move_limits),
        |i, mv| {
            match mv {
                Ok(mv) => chosen[i] = Some(mv),
                Err(detail) => {
                    let it = &items[i];
                    if !a.json && failures.len() < SHOWN_FAILURES {
                        let args = [
                            ("seed", Arg::Count(it.seed)),
                            ("rules", it.rules.to_string().into()),
                            ("detail", detail.as_str().into()),
                        ];
                        bar.suspend(|| eprintln!("{}", lang.tr_with(key!("accuracy-warning"), &args)));
                    }
                    failures.push((i, Failure { seed: it.seed, rules: it.rules.to_string(), detail }));
                }
            }
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    if !a.json && failures.len() > SHOWN_FAILURES {
        let more = (failures.len() - SHOWN_FAILURES) as u64;
        eprintln!("{}", lang.tr_with(key!("accuracy-more-failures"), &[("count", Arg::Count(more))]));
    }
    // In the suite's order, as the positions are.
    failures.sort_by_key(|f| f.0);
    let failures: Vec<Failure> = failures.into_iter().map(|f| f.1).collect();
    let rows = rows(&items, &chosen);
    let acc =
        summarise(&rows.iter().map(|r| (r.value.map(|v| r.best - v), r.best - r.worst)).collect::<Vec<_>>());
    let rows = if a.moves { rows } else { Vec::new() };
    let mut out = std::io::stdout().lock();
    if a.json {
        let mut v = serde_json::json!({
            "suite": a.suite.as_ref().map_or("built-in".to_string(), |p| p.display().to_string()),
            "ply": ply,
            "variants": variants_text(variants.as_deref()),
            "player": player,
            "options": options,
            "failures": failures,
            "limits": {
                "time_ms": limits.movetime.map(|d| d.as_millis() as u64),
                "depth": limits.depth,
                "nodes": limits.nodes,
            },
            "accuracy": acc,
            "seconds": start.elapsed().as_secs_f64(),
        });
        if a.moves {
            v["positions"] = serde_json::to_value(&rows)?;
        }
        writeln!(out, "{v}")?;
    } else {
        print_text(&mut out, &rows, &acc, ply, &variants_text(variants.as_deref()), lang)?;
    }
    Ok(())
}

/// The result as text: each position of `rows`, then the figures.
fn print_text(
    out: &mut impl Write,
    rows: &[Row],
    acc: &Accuracy,
    ply: u16,
    variants: &str,
    lang: Lang,
) -> Result<()> {
    let (best, loss) = (lang.tr(key!("accuracy-best")), lang.tr(key!("accuracy-loss")));
    for r in rows {
        writeln!(
            out,
            "{:>5} {:<10} {:<7} {:>6}   {best} {:>6}  {loss} {}",
            r.seed,
            r.rules,
            r.chosen.as_deref().unwrap_or("-"),
            r.value.map_or("-".to_string(), |v| format!("{v:+}")),
            format!("{:+}", r.best),
            r.loss
        )?;
    }
    let bad = match acc.bad_moves {
        0 => String::new(),
        n => format!("  {}", lang.tr_with(key!("accuracy-bad"), &[("count", Arg::Count(n as u64))])),
    };
    let args = [
        ("positions", Arg::Count(acc.positions as u64)),
        ("ply", Arg::Count(u64::from(ply))),
        ("variants", variants.into()),
        ("optimal", dec(lang, acc.optimal_pct, 1).into()),
        ("loss", dec(lang, acc.mean_loss, 2).into()),
        ("worst", acc.worst_loss.to_string().into()),
    ];
    writeln!(out, "{}{bad}", lang.tr_with(key!("accuracy-summary"), &args))?;
    Ok(())
}

/// The variants `--variants` names (`default` when it names none); `None` for `all`.
fn chosen_variants(names: &[String], default: &[&str]) -> Result<Option<Vec<Rules>>> {
    let names: Vec<&str> =
        if names.is_empty() { default.to_vec() } else { names.iter().map(|n| n.trim()).collect() };
    if names.contains(&"all") {
        if names.len() > 1 {
            bail!("--variants `all` stands alone (it means every variant)");
        }
        return Ok(None);
    }
    let mut variants: Vec<Rules> = Vec::new();
    for n in names {
        let r = suite::parse_variant(n).map_err(|e| anyhow::anyhow!("--variants: {e}, or all"))?;
        if !variants.contains(&r) {
            variants.push(r);
        }
    }
    Ok(Some(variants))
}

/// Positions without a move whose reason is printed (all are in `--json`).
const SHOWN_FAILURES: usize = 5;

/// A position the player gave no move for, and why.
#[derive(Debug, Serialize)]
struct Failure {
    seed: u64,
    rules: String,
    detail: String,
}

/// One job's player: started for a rule variant, started again for another variant or after it
/// failed (crashed, timed out, wrote nonsense).
struct Seat {
    spec: PlayerSpec,
    current: Option<(Rules, Contestant)>,
}

impl Seat {
    /// The move the player chooses in `it`'s position as a new game, or why it gave none.
    fn choose(&mut self, it: &Item, limits: &MoveLimits) -> Result<Move, String> {
        let asked = (|| -> Result<EngineReport, cavalo_match::referee::Failure> {
            let c = match &mut self.current {
                Some((rules, c)) if *rules == it.rules => {
                    c.new_game()?;
                    c
                }
                _ => {
                    self.current = None;
                    &mut self.current.insert((it.rules, Contestant::start(&self.spec, it.rules)?)).1
                }
            };
            let answer = c.ask(Question::Position, &it.position, limits)?;
            c.settle()?;
            Ok(answer)
        })();
        let said = |a: &EngineReport| {
            a.said.as_ref().map(|s| format!(" (the player said: {s})")).unwrap_or_default()
        };
        match asked {
            // Every position of a suite has legal moves.
            Ok(a) if a.bestmove == "none" => Err(format!("no move (`bestmove none`){}", said(&a))),
            Ok(a) => it
                .position
                .parse_move(&a.bestmove)
                .map_err(|e| format!("`bestmove {}`: {e}{}", a.bestmove, said(&a))),
            Err(mut f) => {
                // Ended, its standard error's last lines quoted (a failed start quotes them itself).
                f.stderr.extend(self.current.take().map(|(_, mut c)| c.end()).unwrap_or_default());
                Err(format!("{}: {}", f.termination.name(), f.detail()))
            }
        }
    }
}

pub mod build;

#[cfg(test)]
mod tests {
    use std::path::Path;

    use cavalo_engine::selfplay;

    use super::*;
    use cavalo_lab::label::SelfPlay;
    use cavalo_lab::suite::Line;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        a: AccuracyArgs,
    }

    fn accuracy(args: &[&str]) -> Result<()> {
        use clap::Parser;
        run(Cli::parse_from(std::iter::once("accuracy").chain(args.iter().copied())).a)
    }

    /// Builds seeds `seeds` (late positions, small budgets: quick) into `out`.
    fn build_into(out: &Path, seeds: &str) {
        let out = out.to_str().unwrap();
        let args = ["--build", out, "--seeds", seeds, "--variants", "canonical,no-threat"];
        let small =
            ["--ply", "30", "--selfplay-nodes", "300", "--budget", "3000000", "--jobs", "2", "--quiet"];
        accuracy(&[&args[..], &small[..]].concat()).unwrap();
    }

    #[test]
    fn an_interrupted_build_resumes_and_merged_builds_are_one_build() {
        let dir = tempfile::tempdir().unwrap();
        let path = |n: &str| dir.path().join(n);
        build_into(&path("whole"), "1..3");
        let whole = std::fs::read_to_string(path("whole")).unwrap();
        let s = suite::read(&whole, false).unwrap();
        assert_eq!(s.lines.len(), 6, "{whole}");
        assert!(s.counts().positions > 0, "{whole}");

        // Interrupted while writing its last line, then resumed over a larger range.
        build_into(&path("cut"), "1..2");
        let text = std::fs::read_to_string(path("cut")).unwrap();
        std::fs::write(path("cut"), &text[..text.len() - 10]).unwrap();
        build_into(&path("cut"), "1..3");
        assert_eq!(std::fs::read_to_string(path("cut")).unwrap(), whole);

        // Two ranges merged.
        build_into(&path("a"), "1..1");
        build_into(&path("b"), "2..3");
        let (m, a, b) = (path("m"), path("a"), path("b"));
        accuracy(&["--merge", m.to_str().unwrap(), a.to_str().unwrap(), b.to_str().unwrap()]).unwrap();
        assert_eq!(std::fs::read_to_string(&m).unwrap(), whole);
        // Merging again adds nothing; an existing output not among the inputs is refused.
        accuracy(&["--merge", m.to_str().unwrap(), m.to_str().unwrap(), a.to_str().unwrap()]).unwrap();
        assert_eq!(std::fs::read_to_string(&m).unwrap(), whole);
        assert!(accuracy(&["--merge", m.to_str().unwrap(), a.to_str().unwrap()]).is_err());
        // A build with other parameters does not add to the file.
        let e = accuracy(&["--build", m.to_str().unwrap(), "--seeds", "4..4", "--ply", "31", "--quiet"]);
        assert!(e.unwrap_err().to_string().contains("built with ply 30"));
    }

    #[test]
    fn the_builtin_suites_first_positions_are_regenerated_exactly() {
        let s = suite::read(BUILTIN, false).unwrap();
        let p = s.params;
        let how = SelfPlay { nodes: p.selfplay_nodes, random_moves: 0 };
        let mut engine = cavalo_lab::suite::build::selfplay_engine();
        let kept: Vec<_> =
            s.lines.iter().filter_map(|l| if let Line::Kept(e) = l { Some(e) } else { None }).collect();
        // The first two, and the first of each other variant.
        let firsts = kept.iter().filter(|e| e.rules != kept[0].rules).take(1);
        for e in kept.iter().take(2).chain(firsts) {
            let pos = selfplay::position_at_ply(e.seed, e.rules, p.ply, how, &mut engine).unwrap();
            assert_eq!(pos.to_string(), e.position, "seed {}", e.seed);
        }
    }

    #[test]
    fn the_builtin_suite_reads() {
        let s = suite::read(BUILTIN, false).unwrap();
        let items = s.items().unwrap();
        assert_eq!(s.counts().positions, items.len());
        assert!(!items.is_empty());
        assert!(items.iter().all(|it| it.position.placements_done() && !it.position.is_over()));
    }
}
