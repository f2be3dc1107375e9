//! `cavalo match`: plays a match between two players and measures the difference in strength.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cavalo_match::{GameSetup, MatchPlan, MoveLimits, PlayerSpec, Sprt, Summary, Tally};
use cavalo_rules::{GameRecord, Rules};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

const PLAYERS_HELP: &str = "\
Players (--engine1, --engine2):
  cavalo                      our engine, in this process (default options: 64 MiB hash, 1 thread)
  cavalo:hash=16,threads=2    our engine with options (keys: hash, threads, quiescence=on|off)
  classic[:DEPTH]             the course-style fixed-depth alpha-beta (default depth 4)
  greedy                      takes the highest number in reach
  random[:SEED]               plays a random legal move
  cmd:COMMAND                 an external engine speaking the protocol (docs/en/protocol.md), started with
                              /bin/sh -c 'exec COMMAND', e.g. 'cmd:./target/release/cavalo engine'
                              (options for it: --option1 Hash=16 / --option2 ...)

Each board (a seed) is played twice with the colours swapped: a pair. The referee keeps the
position itself and checks every move: an illegal move, a crash, a timeout (past --time-ms plus
--tolerance-ms, measured on the wall clock for built-in players too) or malformed output loses
the game, and the reason goes to the record.

Statistics are engine 1's: W/D/L, score, Elo difference (logistic) with its 95% interval measured
on the pairs (pentanomial; on the games if every pair ended alike), LOS, and the pair outcomes (0, 0.5, 1, 1.5, 2 points). --sprt uses the
pentanomial GSPRT for logistic Elo as fishtest computes it; bounds ln(beta/(1-alpha)) and
ln((1-beta)/alpha).

Examples:
  cavalo match --engine1 cavalo --engine2 greedy --games 10 --time-ms 50
  cavalo match --engine1 cavalo --engine2 classic:4 --seeds 1..100 --concurrency 2 \\
      --out games.jsonl --summary-json summary.json
  cavalo match --engine1 'cmd:./new/cavalo engine' --engine2 'cmd:./old/cavalo engine' \\
      --seeds 1..1000 --sprt 0 10 0.05 0.05 --out sprt.jsonl     (add --resume to continue it)";

/// Options of `cavalo match`.
#[derive(Args, Debug)]
#[command(after_long_help = PLAYERS_HELP)]
pub struct MatchArgs {
    /// The player measured (see the list below): cavalo[:KEY=VALUE,...], classic[:DEPTH],
    /// greedy, random[:SEED] or cmd:COMMAND.
    #[arg(long, value_name = "PLAYER", value_parser = parse_spec)]
    engine1: PlayerSpec,
    /// Its opponent (same forms).
    #[arg(long, value_name = "PLAYER", value_parser = parse_spec)]
    engine2: PlayerSpec,
    /// A `setoption` for an external engine 1, as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option1: Vec<String>,
    /// A `setoption` for an external engine 2, as NAME=VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    option2: Vec<String>,
    /// The boards, as an inclusive range of seeds A..B (two games per board).
    #[arg(long, value_name = "A..B", conflicts_with_all = ["games", "first_seed"])]
    seeds: Option<String>,
    /// Number of games (even: two per board), on boards --first-seed, --first-seed + 1, ...
    /// [default: 100]
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// The first board's seed, with --games.
    #[arg(long, value_name = "S")]
    first_seed: Option<u64>,
    /// Time per move in milliseconds (the default when no limit is given: 100).
    #[arg(long, value_name = "MS")]
    time_ms: Option<u64>,
    /// Engine 2's time per move when it differs from --time-ms (a time handicap, e.g. to measure
    /// our engine against itself at ten times less time).
    #[arg(long, value_name = "MS")]
    time_ms2: Option<u64>,
    /// Depth per move instead of (or besides) a time.
    #[arg(long, value_name = "PLIES")]
    depth: Option<u32>,
    /// Nodes per move instead of (or besides) a time.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// How late past --time-ms a move may come before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 50)]
    tolerance_ms: u64,
    /// Without --time-ms: the longest a move may take before it loses on time.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    max_move_ms: u64,
    /// Games played at once (each pair of games is played by one worker).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Stop as soon as a sequential probability ratio test decides between elo0 and elo1
    /// (e.g. --sprt 0 10 0.05 0.05).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// Save every game as one JSON line (a game record with the players, the reason the game
    /// ended and per-move statistics in `meta`).
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<PathBuf>,
    /// Continue the match saved in --out: the games already there are not played again.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    summary_json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

fn parse_spec(s: &str) -> Result<PlayerSpec, String> {
    s.parse()
}

fn with_options(spec: PlayerSpec, opts: &[String], flag: &str) -> Result<PlayerSpec> {
    if opts.is_empty() {
        return Ok(spec);
    }
    let PlayerSpec::External { command, mut options } = spec else {
        bail!(
            "--{flag} is for external engines (cmd:...); give a built-in cavalo its options as cavalo:hash=16,threads=2"
        );
    };
    for o in opts {
        let (n, v) = o.split_once('=').with_context(|| format!("--{flag} `{o}` is not NAME=VALUE"))?;
        options.push((n.trim().to_string(), v.trim().to_string()));
    }
    Ok(PlayerSpec::External { command, options })
}

fn parse_seed_range(s: &str) -> Result<(u64, u64)> {
    let bad = || format!("--seeds `{s}` is not a range A..B of seeds such as 1..50");
    let (a, b) = s.split_once("..").with_context(bad)?;
    let a: u64 = a.trim().parse().with_context(bad)?;
    let b: u64 = b.trim().trim_start_matches('=').parse().with_context(bad)?;
    if b < a {
        bail!("--seeds `{s}`: the range is empty");
    }
    Ok((a, b - a + 1))
}

impl MatchArgs {
    fn plan(&self, rules: Rules) -> Result<(MatchPlan, Option<Sprt>)> {
        let engine1 = with_options(self.engine1.clone(), &self.option1, "option1")?;
        let engine2 = with_options(self.engine2.clone(), &self.option2, "option2")?;
        let (first_seed, pairs) = match &self.seeds {
            Some(r) => parse_seed_range(r)?,
            None => {
                let games = self.games.unwrap_or(100);
                if games == 0 || !games.is_multiple_of(2) {
                    bail!("--games must be even and positive (each board is played twice), not {games}");
                }
                (self.first_seed.unwrap_or(1), games / 2)
            }
        };
        if self.time_ms == Some(0) || self.depth == Some(0) || self.nodes == Some(0) {
            bail!("--time-ms, --depth and --nodes must be at least 1");
        }
        let mut time_ms = self.time_ms;
        if time_ms.is_none() && self.depth.is_none() && self.nodes.is_none() {
            time_ms = Some(100);
        }
        let limits = MoveLimits {
            time_ms,
            depth: self.depth,
            nodes: self.nodes,
            tolerance_ms: self.tolerance_ms,
            max_move_ms: self.max_move_ms,
        };
        let sprt = match &self.sprt {
            Some(v) => Some(Sprt::new(v[0], v[1], v[2], v[3]).map_err(anyhow::Error::msg)?),
            None => None,
        };
        let limits2 = match self.time_ms2 {
            Some(0) => bail!("--time-ms2 must be at least 1"),
            Some(t) => Some(MoveLimits { time_ms: Some(t), ..limits.clone() }),
            None => None,
        };
        let setup = GameSetup { engine1, engine2, rules, limits, limits2 };
        Ok((MatchPlan { setup, first_seed, pairs, concurrency: self.concurrency as usize }, sprt))
    }
}

/// Reads the games of an interrupted match, rewriting the file without a torn last line.
fn read_done(path: &Path, plan: &MatchPlan, tally: &mut Tally) -> Result<HashSet<u64>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut done = HashSet::new();
    let mut kept = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let rec = match GameRecord::from_json(line) {
            Ok(r) => r,
            Err(e) if i + 1 == lines.len() => {
                eprintln!("note: ignoring the torn last line of {} ({e})", path.display());
                continue;
            }
            Err(e) => bail!("{} line {}: {e}", path.display(), i + 1),
        };
        let g = plan
            .check_record(&rec)
            .map_err(|e| anyhow::anyhow!("--resume: {} line {}: {e}", path.display(), i + 1))?;
        if !done.insert(g.index) {
            bail!("--resume: {} line {}: game {} is there twice", path.display(), i + 1, g.index);
        }
        tally.add(&g);
        kept.push(*line);
    }
    if kept.len() != lines.len() {
        let mut body = kept.join("\n");
        body.push('\n');
        std::fs::write(path, body).with_context(|| format!("cannot rewrite {}", path.display()))?;
    }
    Ok(done)
}

/// Runs `cavalo match`.
pub fn run(a: MatchArgs, rules: Rules) -> Result<()> {
    let (plan, sprt) = a.plan(rules)?;
    let mut tally = Tally::default();
    let mut done = HashSet::new();
    let mut out = None;
    if let Some(path) = &a.out {
        if a.resume {
            done = read_done(path, &plan, &mut tally)?;
        } else if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            bail!(
                "{} already holds games: add --resume to continue that match, or remove it",
                path.display()
            );
        }
        let f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        out = Some(BufWriter::new(f));
    }

    let verdict = |t: &Tally| sprt.as_ref().and_then(|s| s.verdict(t.llr(s)));
    let mut decided = verdict(&tally);
    let to_play = plan.games() - done.len() as u64;
    if !a.quiet {
        let already =
            if done.is_empty() { String::new() } else { format!(" ({} already played)", done.len()) };
        eprintln!(
            "{} vs {}: {} games on seeds {}{already}, {}",
            plan.setup.engine1,
            plan.setup.engine2,
            plan.games(),
            plan.seeds(),
            plan.setup.describe_limits()
        );
    }
    let bar = if a.quiet { ProgressBar::hidden() } else { ProgressBar::new(plan.games()) };
    if !a.quiet {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
    }
    bar.set_position(done.len() as u64);
    bar.set_message(tally.progress(sprt.as_ref()));
    let mut write_error = None;
    if to_play > 0 && decided.is_none() {
        cavalo_match::run(&plan, &done, &mut |rec| {
            if let Ok(g) = cavalo_match::GameSummary::from_record(&rec) {
                tally.add(&g);
            }
            if let Some(w) = out.as_mut()
                && let Err(e) = writeln!(w, "{}", rec.to_json_line()).and_then(|_| w.flush())
            {
                write_error.get_or_insert(e);
            }
            bar.inc(1);
            bar.set_message(tally.progress(sprt.as_ref()));
            if decided.is_none() {
                decided = verdict(&tally);
            }
            if decided.is_some() || write_error.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e).context("cannot write the games file");
    }

    let summary = Summary::new(&plan, &tally, sprt.as_ref(), decided);
    print!("{summary}");
    if let Some(path) = &a.summary_json {
        let mut f = File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(f, "{}", summary.to_json())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges() {
        assert_eq!(parse_seed_range("1..50").unwrap(), (1, 50));
        assert_eq!(parse_seed_range("7..=7").unwrap(), (7, 1));
        assert!(parse_seed_range("5..1").is_err());
        assert!(parse_seed_range("abc").is_err());
    }
}
