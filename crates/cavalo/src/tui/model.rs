//! The full-screen game in the Elm style: the [`Model`] (the session and what the screen
//! needs besides), the messages ([`Msg`]) and [`update`], the only place the model changes.

use cavalo_rules::{Move, Side};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::present::{self, Announcement, Who};
use cavalo_session::{
    Command, Finished, MoveChoice, Search, Session, SessionError, Turn, choose_removal, interpret_move,
    parse_command,
};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What the input line is for.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Prompt {
    /// A move or a command.
    #[default]
    Move,
    /// Which double to remove: the legal moves, the default first, and the doubles' values.
    Removal {
        /// One move per removable double.
        options: Vec<Move>,
        /// Their values.
        values: Vec<u8>,
    },
    /// Quit? y/n.
    ConfirmQuit,
    /// The game is over: any key leaves.
    Over,
}

/// Everything the screen shows.
pub struct Model {
    /// The game.
    pub session: Session,
    /// The language of every word.
    pub lang: Lang,
    /// The line being typed.
    pub input: String,
    /// What happened, oldest first (at most [`MAX_MESSAGES`]).
    pub messages: Vec<String>,
    /// What the input line is for.
    pub prompt: Prompt,
    /// The search under way (the computer's move or a hint).
    pub search: Option<Search>,
    /// Set when the interface should close.
    pub done: bool,
}

/// The most messages kept.
pub const MAX_MESSAGES: usize = 200;

/// What can happen.
#[derive(Debug)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// Time passed: advance the game (forced plies, the computer's turn, search results).
    Tick,
}

impl Model {
    /// A model for `session` in `lang`, with the opening lines.
    pub fn new(session: Session, lang: Lang) -> Model {
        let mut m = Model {
            session,
            lang,
            input: String::new(),
            messages: Vec::new(),
            prompt: Prompt::Move,
            search: None,
            done: false,
        };
        for l in crate::game_ends::intro_lines(&m.session, lang) {
            m.say(l);
        }
        m
    }

    /// Adds a message (each of its lines).
    pub fn say(&mut self, text: impl Into<String>) {
        for l in text.into().lines() {
            self.messages.push(l.to_string());
        }
        let n = self.messages.len();
        if n > MAX_MESSAGES {
            self.messages.drain(..n - MAX_MESSAGES);
        }
    }

    fn announce(&mut self, a: Announcement) {
        let t = a.text(self.lang);
        self.say(t);
    }

    fn announce_plies_from(&mut self, from: usize) {
        for i in from..self.session.plies().len() {
            for a in present::ply_announcements(&self.session, i) {
                self.announce(a);
            }
        }
    }

    fn stop_search(&mut self) {
        if let Some(se) = self.search.take() {
            se.handle().stop();
        }
    }
}

/// Applies `msg` to the model.
pub fn update(m: &mut Model, msg: Msg) -> Result<(), SessionError> {
    match msg {
        Msg::Tick => tick(m),
        Msg::Key(key) => {
            if key.kind == KeyEventKind::Press {
                key_press(m, key);
            }
            Ok(())
        }
    }
}

fn tick(m: &mut Model) -> Result<(), SessionError> {
    if let Some(thought) = m.search.as_mut().and_then(|se| se.poll()) {
        m.search = None;
        let seen = m.session.plies().len();
        match m.session.finish(thought) {
            // The statistics show in the last search's panel.
            Ok(Finished::Played(_)) => m.announce_plies_from(seen),
            Ok(Finished::Hint { mv, .. }) => m.announce(Announcement::Hint { mv }),
            Err(SessionError::Stale) => {}
            Err(e) => {
                let text = m
                    .lang
                    .tr_with("term-search-dropped", &[("error", present::error_text(&e, m.lang).into())]);
                m.say(text);
            }
        }
    }
    if m.search.is_some() || m.prompt != Prompt::Move {
        return Ok(());
    }
    loop {
        let seen = m.session.plies().len();
        match m.session.turn() {
            Turn::Forced { .. } => {
                m.session.play_forced()?;
                m.announce_plies_from(seen);
            }
            Turn::Computer(_) => {
                m.search = Some(Search::start(m.session.begin_think()?));
                return Ok(());
            }
            Turn::Over(_) => {
                for a in present::announcements_since(&m.session, seen) {
                    m.announce(a);
                }
                m.prompt = Prompt::Over;
                return Ok(());
            }
            Turn::Quit => {
                m.done = true;
                return Ok(());
            }
            Turn::Human(_) => return Ok(()),
        }
    }
}

fn key_press(m: &mut Model, key: KeyEvent) {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        m.stop_search();
        m.session.quit();
        m.done = true;
        return;
    }
    match m.prompt.clone() {
        Prompt::Over => m.done = true,
        Prompt::ConfirmQuit => {
            let yes = m.lang.tr("term-yes-letter");
            match key.code {
                KeyCode::Char(c) if c.to_lowercase().to_string() == yes || c == 'y' || c == 'Y' => {
                    m.stop_search();
                    m.session.quit();
                    m.done = true;
                }
                _ => {
                    m.prompt = Prompt::Move;
                    let t = m.lang.tr("term-goes-on");
                    m.say(t);
                }
            }
        }
        prompt => {
            let human = matches!(m.session.turn(), Turn::Human(_));
            if !human && !matches!(prompt, Prompt::Removal { .. }) {
                if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                    m.prompt = Prompt::ConfirmQuit;
                }
                return;
            }
            match key.code {
                KeyCode::Char(c) => m.input.push(c),
                KeyCode::Backspace => {
                    m.input.pop();
                }
                KeyCode::Esc => {
                    m.input.clear();
                    if matches!(prompt, Prompt::Removal { .. }) {
                        let t = m.lang.tr("term-move-cancelled");
                        m.say(t);
                    }
                    m.prompt = Prompt::Move;
                }
                KeyCode::Enter => {
                    let line = std::mem::take(&mut m.input);
                    if m.search.is_some() {
                        let t = m.lang.tr("term-wait-hint");
                        m.say(t);
                        return;
                    }
                    submit(m, &line);
                }
                _ => {}
            }
        }
    }
}

fn say_error(m: &mut Model, e: SessionError) {
    m.announce(Announcement::Error(e));
}

/// Handles a typed line: a move, a command, or the choice of a double.
pub fn submit(m: &mut Model, line: &str) {
    let lang = m.lang;
    if let Prompt::Removal { options, .. } = &m.prompt {
        let options = options.clone();
        if line.trim().eq_ignore_ascii_case("cancel") || line.trim().eq_ignore_ascii_case("cancelar") {
            m.prompt = Prompt::Move;
            m.say(lang.tr("term-move-cancelled"));
            return;
        }
        match choose_removal(m.session.position(), &options, line) {
            Ok(mv) => {
                m.prompt = Prompt::Move;
                play_move(m, mv);
            }
            Err(e) => say_error(m, e),
        }
        return;
    }
    match parse_command(line) {
        Command::Empty => {}
        Command::Help => m.say(present::commands_help(lang)),
        Command::Quit => m.prompt = Prompt::ConfirmQuit,
        Command::Hint => match m.session.begin_hint() {
            Ok(job) => {
                m.say(lang.tr("term-hint-thinking"));
                m.search = Some(Search::start(job));
            }
            Err(e) => say_error(m, e),
        },
        Command::Undo => match m.session.undo() {
            Ok(undone) => {
                m.announce(Announcement::Undone { count: undone.len() });
                let list: Vec<String> = undone.iter().map(|p| p.mv.to_string()).collect();
                m.say(lang.tr_with("term-taken-back", &[("moves", list.join(" ").into())]));
            }
            Err(e) => say_error(m, e),
        },
        Command::Move(text) => match interpret_move(m.session.position(), &text) {
            Err(e) => say_error(m, e),
            Ok(MoveChoice::Ready(mv)) => play_move(m, mv),
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let values = choice.removable(m.session.position());
                let MoveChoice::ChooseRemoval { destination, value, options } = choice else {
                    unreachable!()
                };
                let list = values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(", ");
                let args = [
                    ("cell", Arg::from(destination.to_string())),
                    ("value", format!("{value:02}").into()),
                    ("list", list.into()),
                ];
                m.say(lang.tr_with("term-double-holds", &args));
                m.prompt = Prompt::Removal { options, values };
            }
        },
    }
}

fn play_move(m: &mut Model, mv: Move) {
    let seen = m.session.plies().len();
    match m.session.play_human(mv) {
        Ok(_) => m.announce_plies_from(seen),
        Err(e) => say_error(m, e),
    }
}

/// `White (cavalo)` in the model's language.
pub fn who(m: &Model, side: Side) -> String {
    Who::of(&m.session, side).text(m.lang)
}
