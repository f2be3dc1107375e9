//! `cavalo play`: set up a game (flags or the course's menu), then play it in the full-screen
//! interface or line by line.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use cavalo_engine::{PlayerKind, SearchInfo};
use cavalo_rules::{Rules, Side, Start};
use cavalo_session::{
    COMMANDS_HELP, Command, EngineConfig, GameConfig, Mode, MoveChoice, PlayerConfig, Session, SessionError,
    Turn, choose_removal, interpret_move, parse_command,
};
use clap::Args;

use crate::analyse::EngineArgs;
use crate::input::{LispArgs, read_position};
use crate::view;

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays: human-computer (hc), computer-computer (cc) or human-human (hh). Asked when missing.
    #[arg(long, value_parser = parse_mode)]
    pub mode: Option<Mode>,
    /// In human-computer mode, the side you play: white (you start) or black. Asked when missing.
    #[arg(long, value_parser = parse_side)]
    pub human: Option<Side>,
    /// The computer's time per move in milliseconds (at least 10; the course uses 1000 to 5000).
    /// Asked when missing and a computer plays.
    #[arg(long, value_parser = clap::value_parser!(u64).range(10..))]
    pub time_ms: Option<u64>,
    /// The board's seed (default: a new random board).
    #[arg(long, conflicts_with = "board")]
    pub seed: Option<u64>,
    /// Start from a position: a file holding a position string or a course Lisp board (or the
    /// text itself). With a Lisp board, --side and --points give the side to move and the points.
    #[arg(long)]
    pub board: Option<String>,
    #[command(flatten)]
    pub lisp: LispArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// White's computer player, overriding --engine (computer-computer games).
    #[arg(long, value_parser = parse_kind)]
    pub white_engine: Option<PlayerKind>,
    /// Black's computer player, overriding --engine.
    #[arg(long, value_parser = parse_kind)]
    pub black_engine: Option<PlayerKind>,
    /// The log file, appended to during the game (never truncated).
    #[arg(long, default_value = "log.dat")]
    pub log: PathBuf,
    /// Write no log.
    #[arg(long)]
    pub no_log: bool,
    /// Where finished and abandoned games are saved as JSON records.
    #[arg(long, default_value = "games")]
    pub games_dir: PathBuf,
    /// Line-by-line mode for scripts and screen readers (automatic when input or output is not a terminal).
    #[arg(long)]
    pub plain: bool,
}

fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| {
        format!("`{s}` is not a mode: use human-computer (hc), computer-computer (cc) or human-human (hh)")
    })
}

fn parse_side(s: &str) -> Result<Side, String> {
    Side::parse(s).ok_or_else(|| format!("`{s}` is not a side: use white or black"))
}

fn parse_kind(s: &str) -> Result<PlayerKind, String> {
    s.parse()
}

/// Lines of input with prompts: the menu's questions and the moves.
pub struct Lines<R> {
    input: R,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines { input }
    }

    /// Prints `prompt`, reads a line; `None` at the end of input.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                println!();
                None
            }
            Ok(_) => {
                if !std::io::stdin().is_terminal() {
                    // Echo scripted input so that a transcript reads like a session.
                    println!("{}", line.trim_end());
                }
                Some(line.trim().to_string())
            }
        }
    }
}

/// Builds the game's set-up from the flags, asking the course's menu questions for what is missing.
pub fn setup<R: BufRead>(a: &PlayArgs, rules: Rules, lines: &mut Lines<R>) -> Result<GameConfig> {
    let start = match &a.board {
        Some(b) => {
            let text = match std::fs::read_to_string(b) {
                Ok(t) => t,
                Err(_) if b.contains(',') || b.contains('(') => b.clone(),
                Err(e) => return Err(e).with_context(|| format!("cannot read the board file {b}")),
            };
            let pos = read_position(&text, &a.lisp, rules)?;
            Start::Position(pos.to_string())
        }
        None => Start::Seed(a.seed.unwrap_or_else(random_seed)),
    };
    let mode = match a.mode {
        Some(m) => m,
        None => loop {
            println!(
                "Game mode:\n  1) human against computer\n  2) computer against computer\n  3) human against human"
            );
            let ans = lines.ask("Choose 1, 2 or 3 [1]: ").context("no answer: the game was not started")?;
            match ans.as_str() {
                "" | "1" => break Mode::HumanComputer,
                "2" => break Mode::ComputerComputer,
                "3" => break Mode::HumanHuman,
                other => match Mode::parse(other) {
                    Some(m) => break m,
                    None => println!("Please answer 1, 2 or 3."),
                },
            }
        },
    };
    let human = match (mode, a.human) {
        (Mode::HumanComputer, None) => loop {
            println!("Who starts (plays White)?\n  1) you\n  2) the computer");
            let ans = lines.ask("Choose 1 or 2 [1]: ").context("no answer: the game was not started")?;
            match ans.to_ascii_lowercase().as_str() {
                "" | "1" | "me" | "human" | "white" | "w" => break Side::White,
                "2" | "computer" | "black" | "b" => break Side::Black,
                _ => println!("Please answer 1 or 2."),
            }
        },
        (_, h) => h.unwrap_or(Side::White),
    };
    let time_ms = match a.time_ms {
        Some(t) => t,
        None if mode == Mode::HumanHuman => 1000,
        None => loop {
            let ans = lines
                .ask("Computer's time limit per move, in milliseconds, from 1000 to 5000 [1000]: ")
                .context("no answer: the game was not started")?;
            if ans.is_empty() {
                break 1000;
            }
            match ans.parse::<u64>() {
                Ok(t) if (1000..=5000).contains(&t) => break t,
                _ => println!("The time limit must be a whole number from 1000 to 5000."),
            }
        },
    };
    let computer = |side: Side| {
        let kind = match side {
            Side::White => a.white_engine,
            Side::Black => a.black_engine,
        }
        .unwrap_or(a.engine.engine);
        PlayerConfig::Computer(EngineConfig { options: a.engine.options(), ..EngineConfig::new(kind) })
    };
    let players = match mode {
        Mode::HumanHuman => [PlayerConfig::human(), PlayerConfig::human()],
        Mode::ComputerComputer => [computer(Side::White), computer(Side::Black)],
        Mode::HumanComputer => match human {
            Side::White => [PlayerConfig::human(), computer(Side::Black)],
            Side::Black => [computer(Side::White), PlayerConfig::human()],
        },
    };
    Ok(GameConfig {
        rules,
        start,
        players,
        time_ms,
        log: (!a.no_log).then(|| a.log.clone()),
        games_dir: Some(a.games_dir.clone()),
    })
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()),
    );
    h.finish() % 1_000_000
}

pub fn play(a: PlayArgs, rules: Rules) -> Result<()> {
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let stdin = std::io::stdin();
    let mut lines = Lines::new(stdin.lock());
    let config = setup(&a, rules, &mut lines)?;
    let session = Session::new(config)?;
    if a.plain || !tty {
        play_plain(session, &mut lines)
    } else {
        drop(lines);
        crate::tui::play(session)
    }
}

/// The name of a side with its player: `White (human)`.
pub fn who(s: &Session, side: Side) -> String {
    let name = match side {
        Side::White => "White",
        Side::Black => "Black",
    };
    format!("{name} ({})", s.player(side).describe())
}

/// One line of live search information.
pub fn live_line(i: &SearchInfo) -> String {
    let mut s = format!(
        "depth {} value {} nodes {} time {} ms",
        i.depth,
        view::signed(i.score),
        i.nodes,
        i.time_ms()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv_string());
    }
    s
}

/// The course's statistics after a computer move.
pub fn stats_line(i: &SearchInfo) -> String {
    format!(
        "nodes analysed {}, alpha cuts {}, beta cuts {}, time {} ms, depth {}, value {}",
        i.nodes,
        i.alpha_cuts,
        i.beta_cuts,
        i.time_ms(),
        i.depth,
        view::signed(i.score)
    )
}

/// The per-side summary printed at the end.
pub fn summary_lines(s: &Session) -> Vec<String> {
    let mut out = Vec::new();
    for (side, sum) in Side::BOTH.iter().zip(s.summary()) {
        let mut l = format!(
            "{}: {} points, {} moves, {} passes, {:.1} s",
            who(s, *side),
            sum.points,
            sum.moves,
            sum.passes,
            sum.time_ms as f64 / 1000.0
        );
        if sum.searches > 0 {
            l.push_str(&format!(
                ", {} nodes, {} alpha cuts, {} beta cuts, depth {:.1} mean / {} max",
                sum.nodes, sum.alpha_cuts, sum.beta_cuts, sum.mean_depth, sum.max_depth
            ));
        }
        out.push(l);
    }
    out
}

pub fn result_line(s: &Session) -> String {
    let p = s.position();
    let (w, b) = (p.points(Side::White), p.points(Side::Black));
    match p.outcome() {
        Some(o) => match o.winner() {
            Some(side) => format!("Game over: {} wins, {w} to {b}.", who(s, side)),
            None => format!("Game over: a draw, {w} to {b}."),
        },
        None => format!("Game stopped at {w} to {b}."),
    }
}

fn print_board(s: &Session) {
    let p = s.position();
    println!();
    print!("{}", view::ascii_board(&view::session_cells(s)));
    println!("     {}", view::LEGEND);
    println!(
        "Points: {} {}, {} {}. Ply {}.",
        who(s, Side::White),
        p.points(Side::White),
        who(s, Side::Black),
        p.points(Side::Black),
        s.plies().len()
    );
    if !s.plies().is_empty() {
        println!("Moves: {}", view::move_list(s.plies()));
    }
}

fn finish(session: &mut Session) -> Result<()> {
    for w in session.take_warnings() {
        eprintln!("warning: {w}");
    }
    let path = session.save_record()?;
    println!("Game saved to {}", path.display());
    if let Some(log) = &session.config().log {
        println!("Log appended to {}", log.display());
    }
    Ok(())
}

/// The line-by-line game.
pub fn play_plain<R: BufRead>(mut s: Session, lines: &mut Lines<R>) -> Result<()> {
    let stop = AtomicBool::new(false);
    println!(
        "Jogo do Cavalo: {} against {}. Rules: {}. Start: {}.",
        who(&s, Side::White),
        who(&s, Side::Black),
        s.config().rules,
        s.config().start_text()
    );
    if s.mode() != Mode::HumanHuman {
        println!("Computer time per move: {} ms.", s.config().time_ms);
    }
    if s.mode() != Mode::ComputerComputer {
        println!("Type help for the commands.");
    }
    print_board(&s);
    loop {
        match s.turn() {
            Turn::Over(_) => {
                println!("{}", result_line(&s));
                for l in summary_lines(&s) {
                    println!("  {l}");
                }
                return finish(&mut s);
            }
            Turn::Quit => {
                println!("{}", result_line(&s));
                return finish(&mut s);
            }
            Turn::Forced { side, mv } => {
                if mv.is_pass() {
                    println!("{} has no legal move and passes.", who(&s, side));
                } else {
                    println!("{} places its knight on {mv} (forced).", who(&s, side));
                }
                s.play_forced()?;
                print_board(&s);
            }
            Turn::Computer(side) => {
                println!("{} is thinking...", who(&s, side));
                let ply = s.play_computer(&stop, &mut |i| println!("  {}", live_line(i)))?.clone();
                println!("{} plays {} (+{} points).", who(&s, side), ply.mv, ply.gained);
                if let Some(i) = &ply.search {
                    println!("Statistics: {}", stats_line(i));
                }
                print_board(&s);
            }
            Turn::Human(side) => {
                let Some(line) = lines.ask(&format!("{} to move> ", who(&s, side))) else {
                    println!("End of input: the game is stopped and saved.");
                    s.quit();
                    continue;
                };
                human_line(&mut s, side, &line, lines, &stop)?;
            }
        }
    }
}

fn human_line<R: BufRead>(
    s: &mut Session,
    side: Side,
    line: &str,
    lines: &mut Lines<R>,
    stop: &AtomicBool,
) -> Result<()> {
    match parse_command(line) {
        Command::Empty => {}
        Command::Help => println!("{COMMANDS_HELP}"),
        Command::Quit => {
            let ans =
                lines.ask("Quit this game? It will be saved. (y/n) [n]: ").unwrap_or_else(|| "y".into());
            if ans.eq_ignore_ascii_case("y") || ans.eq_ignore_ascii_case("yes") {
                s.quit();
            } else {
                println!("The game goes on.");
            }
        }
        Command::Hint => {
            println!("Thinking about a hint...");
            let (mv, info) = s.hint(stop, &mut |_| {})?;
            println!("Hint: {mv} (value {}, depth {}).", view::signed(info.score), info.depth);
        }
        Command::Undo => match s.undo() {
            Ok(undone) => {
                let list: Vec<String> = undone.iter().map(|p| p.mv.to_string()).collect();
                println!("Taken back: {}.", list.join(" "));
                print_board(s);
            }
            Err(e @ SessionError::NothingToUndo) => println!("{e}."),
            Err(e) => println!("Cannot undo: {e}."),
        },
        Command::Move(text) => match interpret_move(s.position(), &text) {
            Err(e) => println!("{e}. Type help for help."),
            Ok(choice) => {
                let mv = match &choice {
                    MoveChoice::Ready(m) => *m,
                    MoveChoice::ChooseRemoval { destination, value, options } => {
                        let values = choice.removable(s.position());
                        let list = values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(", ");
                        println!(
                            "{destination} holds the double {value:02}: you remove another double: {list}."
                        );
                        loop {
                            let Some(ans) = lines
                                .ask(&format!("Which double to remove (or cancel)? [{:02}]: ", values[0]))
                            else {
                                println!("End of input: the game is stopped and saved.");
                                s.quit();
                                return Ok(());
                            };
                            if ans.eq_ignore_ascii_case("cancel") {
                                println!("Move cancelled.");
                                return Ok(());
                            }
                            match choose_removal(s.position(), options, &ans) {
                                Ok(m) => break m,
                                Err(e) => println!("{e}."),
                            }
                        }
                    }
                };
                let ply = s.play_human(mv)?.clone();
                println!("{} plays {} (+{} points).", who(s, side), ply.mv, ply.gained);
                print_board(s);
            }
        },
    }
    Ok(())
}
