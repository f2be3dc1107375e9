//! `cavalo play`: set up a game (flags or the course's menu), then play it in the full-screen
//! interface or line by line.

use std::io::{BufRead, IsTerminal, Write};

use cavalo_engine::protocol::lines::LineError;
use std::path::PathBuf;

use anyhow::{Context, Result};
use cavalo_engine::{PlayerChoice, PlayerKind, level};
use cavalo_rules::{Rules, Side, Start};
use cavalo_session::controller::{Controller, Input, View, Waiting};
use cavalo_session::i18n::Lang;
use cavalo_session::present;
use cavalo_session::{EngineConfig, GameConfig, Mode, Session};
use clap::Args;

use crate::args::{EngineArgs, parse_choice, parse_mode, parse_side};
use crate::game_ends::finish;
use crate::input::{LispArgs, read_position};
use crate::view;
use cavalo_session::key;

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
    #[arg(long, value_parser = parse_choice)]
    pub white_engine: Option<PlayerChoice>,
    /// Black's computer player, overriding --engine.
    #[arg(long, value_parser = parse_choice)]
    pub black_engine: Option<PlayerChoice>,
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
    pub store: crate::commands::games::StoreArgs,
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

impl PlayArgs {
    /// Whether the computer player is left to its default (our engine at full strength).
    fn chose_no_player(&self) -> bool {
        self.white_engine.is_none()
            && self.black_engine.is_none()
            && self.engine.engine == PlayerChoice::new(PlayerKind::Cavalo)
    }
}

/// The menu's question of the computer's level: `None` for the default (full strength).
fn ask_level<R: BufRead>(lines: &mut Lines<R>, lang: Lang) -> Result<Option<u8>> {
    loop {
        let ans = lines.ask(&lang.tr(key!("menu-level"))).with_context(|| lang.tr(key!("menu-no-answer")))?;
        if ans.is_empty() {
            return Ok(None);
        }
        match ans.parse::<u8>() {
            Ok(l) if (level::WEAKEST..=level::FULL).contains(&l) => return Ok(Some(l)),
            _ => println!("{}", lang.tr(key!("menu-level-bad"))),
        }
    }
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
            match cavalo_engine::protocol::lines::read_line(&mut self.input) {
                Ok(None) | Err(_) => {
                    // The game's terminal closed: saved and ended as SIGHUP does (129).
                    crate::signals::exit_if_terminal_gone();
                    println!();
                    return None;
                }
                Ok(Some(Err(e))) => {
                    let key = match e {
                        LineError::TooLong => key!("term-line-too-long"),
                        LineError::NotUtf8 => key!("term-line-not-utf8"),
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
    let no_answer = || lang.tr(key!("menu-no-answer"));
    let start = match &a.board {
        Some(b) => {
            let text = match cavalo_session::files::read_text(std::path::Path::new(b)) {
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
            println!("{}", lang.tr(key!("menu-mode-title")));
            for (n, mode) in
                [key!("menu-mode-1"), key!("menu-mode-2"), key!("menu-mode-3")].into_iter().enumerate()
            {
                println!("  {}) {}", n + 1, lang.tr(mode));
            }
            let ans = lines.ask(&lang.tr(key!("menu-choose-123"))).with_context(no_answer)?;
            match ans.as_str() {
                "" | "1" => break Mode::HumanComputer,
                "2" => break Mode::ComputerComputer,
                "3" => break Mode::HumanHuman,
                other => match Mode::parse(other) {
                    Some(m) => break m,
                    None => println!("{}", lang.tr(key!("menu-answer-123"))),
                },
            }
        },
    };
    let human = match (mode, a.human) {
        (Mode::HumanComputer, None) => loop {
            println!("{}", lang.tr(key!("menu-first-title")));
            println!("  1) {}\n  2) {}", lang.tr(key!("menu-first-1")), lang.tr(key!("menu-first-2")));
            let ans = lines.ask(&lang.tr(key!("menu-choose-12"))).with_context(no_answer)?;
            match ans.to_ascii_lowercase().as_str() {
                "" | "1" | "me" | "human" | "white" | "w" | "eu" | "humano" | "branco" => break Side::White,
                "2" | "computer" | "black" | "b" | "computador" | "preto" => break Side::Black,
                _ => println!("{}", lang.tr(key!("menu-answer-12"))),
            }
        },
        (_, h) => h.unwrap_or(Side::White),
    };
    let time_ms = match a.time_ms {
        Some(t) => t,
        None if mode == Mode::HumanHuman => 1000,
        None => loop {
            let ans = lines.ask(&lang.tr(key!("menu-time"))).with_context(no_answer)?;
            if ans.is_empty() {
                break 1000;
            }
            match ans.parse::<u64>() {
                Ok(t) if (1000..=5000).contains(&t) => break t,
                _ => println!("{}", lang.tr(key!("menu-time-bad"))),
            }
        },
    };
    // The menu asks the level after the time, when our engine at full strength (the default)
    // is the computer player and no flag chose one.
    let level = match a.time_ms {
        None if mode != Mode::HumanHuman && a.chose_no_player() => ask_level(lines, lang)?,
        _ => None,
    };
    let engine = |side: Side| {
        let choice = match side {
            Side::White => a.white_engine.as_ref(),
            Side::Black => a.black_engine.as_ref(),
        }
        .unwrap_or(&a.engine.engine);
        let mut options = a.engine.engine_options.over(choice.options.clone());
        options.level = level.unwrap_or(options.level);
        EngineConfig { engine: choice.kind, options }
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
            let db = a.store.open_for(lang, true)?;
            let mut session = Session::new(config)?;
            session.attach_store(db.clone())?;
            (session, db)
        }
    };
    let stored = [("id", session.id().into()), ("path", db.path().display().to_string().into())];
    println!("{}", lang.tr_with(key!("term-stored"), &stored));
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
    let db = a.store.open_for(lang, true)?;
    let id = db.resolve(id)?;
    let mut session = Session::from(db.load(&id)?);
    if session.status() != cavalo_session::Status::Playing {
        anyhow::bail!("{}", lang.tr_with(key!("term-resume-not-playing"), &[("id", id.into())]));
    }
    session.keep_in(db.clone());
    session.set_log((!a.no_log).then(|| a.log.clone()));
    session.set_games_dir(Some(a.games_dir.clone()));
    Ok((session, db))
}

/// The board with its legend, the points and the moves so far.
fn print_board(v: &View) {
    println!();
    print!("{}", view::ascii_board(&v.marks));
    println!("     {}", v.legend);
    println!("{}", v.points_line);
    if let Some(moves) = &v.moves_line {
        println!("{moves}");
    }
}

/// The line-by-line game: prints what the controller says and the board after every change,
/// reads a line whenever the controller asks for one. The end of the input abandons the game.
pub fn play_plain<R: BufRead>(s: Session, lines: &mut Lines<R>, lang: Lang) -> Result<()> {
    let mut c = Controller::new(s, lang);
    loop {
        for m in c.take_messages() {
            println!("{m}");
        }
        if c.board_changed() {
            print_board(&c.view());
        }
        match c.waiting() {
            Waiting::Tick => c.tick()?,
            Waiting::Search => c.wait(&mut |live| println!("  {live}")),
            Waiting::Input => match lines.ask(&c.view().prompt) {
                Some(line) => c.input(Input::Line(line)),
                None => c.input(Input::EndOfInput),
            },
            Waiting::Over | Waiting::Done => break,
        }
    }
    for m in c.take_messages() {
        println!("{m}");
    }
    let mut s = c.into_session();
    for l in present::summary_lines(&s, lang) {
        println!("  {l}");
    }
    finish(&mut s, lang)
}
