//! `cavalo play`: set up a game (flags or the course's menu), then play it in the full-screen
//! interface or line by line.

use std::io::{BufRead, IsTerminal, Write};

use crate::protocol::lines::LineError;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, Result};
use cavalo_engine::PlayerKind;
use cavalo_rules::{Rules, Side, Start};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::{self, Announcement, Who};
use cavalo_session::{
    Command, EngineConfig, GameConfig, Mode, MoveChoice, Session, SessionError, Turn, choose_removal,
    interpret_move, parse_command,
};
use clap::Args;

use crate::analyse::EngineArgs;
use crate::game_ends::{finish, intro_lines};
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
    #[command(flatten)]
    pub store: crate::games_cmd::StoreArgs,
    /// Line-by-line mode for scripts and screen readers (automatic when input or output is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// The language of the game: pt (Portuguese) or en (English). Default: from LC_ALL,
    /// LC_MESSAGES or LANG, else English.
    #[arg(long, value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// Continue a game left `playing` in the games database (by a power cut or a kill -9): its
    /// id, or the beginning of it (`cavalo games list --status playing`). It keeps its players,
    /// board and time per move; --log, --games-dir, --plain and --lang apply.
    #[arg(long, value_name = "ID", conflicts_with_all = ["mode", "human", "time_ms", "seed", "board", "white_engine", "black_engine"])]
    pub resume: Option<String>,
}

pub fn parse_lang(s: &str) -> Result<Lang, String> {
    s.parse().map_err(|e: cavalo_session::i18n::UnknownLang| e.to_string())
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

/// Lines of input with prompts: the menu's questions and the moves. A line that is too long or
/// not UTF-8 is refused with a message and the question asked again (never the end of the input).
pub struct Lines<R> {
    input: R,
    lang: Lang,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R, lang: Lang) -> Lines<R> {
        Lines { input, lang }
    }

    /// Prints `prompt`, reads a line; `None` at the end of input.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        loop {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
            match crate::protocol::lines::read_line(&mut self.input) {
                Ok(None) | Err(_) => {
                    println!();
                    return None;
                }
                Ok(Some(Err(e))) => {
                    let key = match e {
                        LineError::TooLong => "term-line-too-long",
                        LineError::NotUtf8 => "term-line-not-utf8",
                    };
                    println!();
                    println!("{}", self.lang.tr(key));
                }
                Ok(Some(Ok(line))) => {
                    if !std::io::stdin().is_terminal() {
                        // Echo scripted input so that a transcript reads like a session.
                        println!("{}", line.trim_end());
                    }
                    return Some(line.trim().to_string());
                }
            }
        }
    }
}

/// Builds the game's set-up from the flags, asking the course's menu questions for what is missing.
pub fn setup<R: BufRead>(a: &PlayArgs, rules: Rules, lines: &mut Lines<R>, lang: Lang) -> Result<GameConfig> {
    let no_answer = || lang.tr("menu-no-answer");
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
            println!("{}", lang.tr("menu-mode-title"));
            for n in 1..=3 {
                println!("  {n}) {}", lang.tr(&format!("menu-mode-{n}")));
            }
            let ans = lines.ask(&lang.tr("menu-choose-123")).with_context(no_answer)?;
            match ans.as_str() {
                "" | "1" => break Mode::HumanComputer,
                "2" => break Mode::ComputerComputer,
                "3" => break Mode::HumanHuman,
                other => match Mode::parse(other) {
                    Some(m) => break m,
                    None => println!("{}", lang.tr("menu-answer-123")),
                },
            }
        },
    };
    let human = match (mode, a.human) {
        (Mode::HumanComputer, None) => loop {
            println!("{}", lang.tr("menu-first-title"));
            println!("  1) {}\n  2) {}", lang.tr("menu-first-1"), lang.tr("menu-first-2"));
            let ans = lines.ask(&lang.tr("menu-choose-12")).with_context(no_answer)?;
            match ans.to_ascii_lowercase().as_str() {
                "" | "1" | "me" | "human" | "white" | "w" | "eu" | "humano" | "branco" => break Side::White,
                "2" | "computer" | "black" | "b" | "computador" | "preto" => break Side::Black,
                _ => println!("{}", lang.tr("menu-answer-12")),
            }
        },
        (_, h) => h.unwrap_or(Side::White),
    };
    let time_ms = match a.time_ms {
        Some(t) => t,
        None if mode == Mode::HumanHuman => 1000,
        None => loop {
            let ans = lines.ask(&lang.tr("menu-time")).with_context(no_answer)?;
            if ans.is_empty() {
                break 1000;
            }
            match ans.parse::<u64>() {
                Ok(t) if (1000..=5000).contains(&t) => break t,
                _ => println!("{}", lang.tr("menu-time-bad")),
            }
        },
    };
    let engine = |side: Side| {
        let kind = match side {
            Side::White => a.white_engine,
            Side::Black => a.black_engine,
        }
        .unwrap_or(a.engine.engine);
        EngineConfig { options: a.engine.options(), ..EngineConfig::new(kind) }
    };
    Ok(GameConfig {
        rules,
        time_ms,
        log: (!a.no_log).then(|| a.log.clone()),
        games_dir: Some(a.games_dir.clone()),
        ..GameConfig::for_mode(start, mode, human, [engine(Side::White), engine(Side::Black)])
    })
}

/// A new board's seed: a number of up to six digits, easy to note and type again.
fn random_seed() -> u64 {
    rand::random_range(0..1_000_000)
}

pub fn play(a: PlayArgs, rules: Rules, lang: Lang) -> Result<()> {
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let stdin = std::io::stdin();
    let mut lines = Lines::new(stdin.lock(), lang);
    let (session, db) = match &a.resume {
        Some(id) => resume(&a, id, lang)?,
        None => {
            let config = setup(&a, rules, &mut lines, lang)?;
            let db = a.store.open()?;
            let mut session = Session::new(config)?;
            session.attach_store(db.clone())?;
            (session, db)
        }
    };
    let stored = [("id", session.id().into()), ("path", db.path().display().to_string().into())];
    println!("{}", lang.tr_with("term-stored", &stored));
    let full_screen = !a.plain && tty;
    let _watch = crate::signals::watch(crate::signals::Interrupted {
        db,
        id: session.id().to_string(),
        log: session.config().log.clone(),
        games_dir: a.games_dir.clone(),
        full_screen,
    })?;
    if full_screen {
        drop(lines);
        crate::tui::play(session, lang)
    } else {
        play_plain(session, &mut lines, lang)
    }
}

/// The game `id` of the games database, left `playing`, ready to go on with this run's log and
/// records directory.
fn resume(
    a: &PlayArgs,
    id: &str,
    lang: Lang,
) -> Result<(Session, std::sync::Arc<cavalo_session::store::Db>)> {
    let db = a.store.open()?;
    let id = db.resolve(id)?;
    let mut session = Session::from(db.load(&id)?);
    if session.status() != cavalo_session::Status::Playing {
        anyhow::bail!("{}", lang.tr_with("term-resume-not-playing", &[("id", id.into())]));
    }
    session.keep_in(db.clone());
    session.set_log((!a.no_log).then(|| a.log.clone()));
    session.set_games_dir(Some(a.games_dir.clone()));
    Ok((session, db))
}

/// The board with its legend, the points and the moves so far.
fn print_board(s: &Session, lang: Lang) {
    let p = s.position();
    println!();
    print!("{}", view::ascii_board(&present::session_marks(s)));
    println!("     {}", lang.tr("term-legend"));
    println!(
        "{}",
        lang.tr_with(
            "term-points-line",
            &[
                ("white", Who::of(s, Side::White).text(lang).into()),
                ("wpoints", p.points(Side::White).into()),
                ("black", Who::of(s, Side::Black).text(lang).into()),
                ("bpoints", p.points(Side::Black).into()),
                ("ply", s.plies().len().into()),
            ]
        )
    );
    if !s.plies().is_empty() {
        println!("{}", lang.tr_with("term-moves-line", &[("moves", view::move_list(s.plies()).into())]));
    }
}

/// Prints the announcements of the plies from `from` on (and the end of the game).
fn announce_since(s: &Session, from: usize, lang: Lang) {
    for a in present::announcements_since(s, from) {
        println!("{}", a.text(lang));
    }
}

/// The line-by-line game.
pub fn play_plain<R: BufRead>(mut s: Session, lines: &mut Lines<R>, lang: Lang) -> Result<()> {
    let stop = AtomicBool::new(false);
    for l in intro_lines(&s, lang) {
        println!("{l}");
    }
    print_board(&s, lang);
    loop {
        let seen = s.plies().len();
        match s.turn() {
            Turn::Over(_) | Turn::Quit => {
                announce_since(&s, seen, lang);
                for l in present::summary_lines(&s, lang) {
                    println!("  {l}");
                }
                return finish(&mut s, lang);
            }
            Turn::Forced { .. } => {
                s.play_forced()?;
                announce_plies(&s, seen, lang);
                print_board(&s, lang);
            }
            Turn::Computer(side) => {
                println!("{}", lang.tr_with("ann-thinking", &[("who", Who::of(&s, side).text(lang).into())]));
                let ply =
                    s.play_computer(&stop, &mut |i| println!("  {}", present::live_line(lang, i)))?.clone();
                announce_plies(&s, seen, lang);
                if let Some(i) = &ply.search {
                    let stats = present::stats_line(lang, i);
                    println!("{}", lang.tr_with("term-statistics", &[("stats", stats.into())]));
                }
                print_board(&s, lang);
            }
            Turn::Human(side) => {
                let prompt =
                    lang.tr_with("term-prompt-move", &[("who", Who::of(&s, side).text(lang).into())]);
                let Some(line) = lines.ask(&prompt) else {
                    println!("{}", lang.tr("term-end-of-input"));
                    s.quit();
                    continue;
                };
                human_line(&mut s, &line, lines, &stop, lang)?;
            }
        }
    }
}

/// The announcements of the plies from `from` on, without the end of the game (printed once,
/// when the loop sees it).
fn announce_plies(s: &Session, from: usize, lang: Lang) {
    for i in from..s.plies().len() {
        for a in present::ply_announcements(s, i) {
            println!("{}", a.text(lang));
        }
    }
}

fn say_error(e: &SessionError, lang: Lang) {
    println!("{}", Announcement::Error(e.clone()).text(lang));
}

fn human_line<R: BufRead>(
    s: &mut Session,
    line: &str,
    lines: &mut Lines<R>,
    stop: &AtomicBool,
    lang: Lang,
) -> Result<()> {
    match parse_command(line) {
        Command::Empty => {}
        Command::Help => println!("{}", present::commands_help(lang)),
        Command::Quit => {
            let yes = lang.tr("term-yes-letter");
            let ans = lines.ask(&lang.tr("term-quit-ask")).unwrap_or_else(|| yes.clone());
            let ans = ans.to_lowercase();
            if ans == yes || ans == "y" || ans == "yes" || ans == "sim" {
                s.quit();
            } else {
                println!("{}", lang.tr("term-goes-on"));
            }
        }
        Command::Hint => {
            println!("{}", lang.tr("term-hint-thinking"));
            match s.hint(stop, &mut |_| {}) {
                Ok((mv, info)) => {
                    println!("{}", Announcement::Hint { mv }.text(lang));
                    println!("  {}", present::live_line(lang, &info));
                }
                Err(e) => say_error(&e, lang),
            }
        }
        Command::Undo => match s.undo() {
            Ok(undone) => {
                println!("{}", Announcement::Undone { count: undone.len() }.text(lang));
                let list: Vec<String> = undone.iter().map(|p| p.mv.to_string()).collect();
                println!("{}", lang.tr_with("term-taken-back", &[("moves", list.join(" ").into())]));
                print_board(s, lang);
            }
            Err(e) => say_error(&e, lang),
        },
        Command::Move(text) => match interpret_move(s.position(), &text) {
            Err(e) => {
                let error = present::error_text(&e, lang);
                println!("{}", lang.tr_with("term-error-help", &[("error", Arg::from(error))]));
            }
            Ok(choice) => {
                let mv = match &choice {
                    MoveChoice::Ready(m) => *m,
                    MoveChoice::ChooseRemoval { destination, value, options } => {
                        let values = choice.removable(s.position());
                        let list = values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(", ");
                        let args = [
                            ("cell", Arg::from(destination.to_string())),
                            ("value", format!("{value:02}").into()),
                            ("list", list.into()),
                        ];
                        println!("{}", lang.tr_with("term-double-holds", &args));
                        let which = lang
                            .tr_with("term-double-which", &[("default", format!("{:02}", values[0]).into())]);
                        loop {
                            let Some(ans) = lines.ask(&which) else {
                                println!("{}", lang.tr("term-end-of-input"));
                                s.quit();
                                return Ok(());
                            };
                            if ans.eq_ignore_ascii_case("cancel") || ans.eq_ignore_ascii_case("cancelar") {
                                println!("{}", lang.tr("term-move-cancelled"));
                                return Ok(());
                            }
                            match choose_removal(s.position(), options, &ans) {
                                Ok(m) => break m,
                                Err(e) => say_error(&e, lang),
                            }
                        }
                    }
                };
                let seen = s.plies().len();
                match s.play_human(mv) {
                    Ok(_) => {
                        announce_plies(s, seen, lang);
                        print_board(s, lang);
                    }
                    Err(e) => say_error(&e, lang),
                }
            }
        },
    }
    Ok(())
}
