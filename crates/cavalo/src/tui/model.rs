//! The full-screen game in the Elm style: the [`Model`] (the game's controller and the line being
//! typed), the messages ([`Msg`]) and [`update`], the only place the model changes. Keys are
//! mapped to the controller's [`Input`]s; what the screen shows is the controller's view.

use cavalo_session::Session;
use cavalo_session::SessionError;
use cavalo_session::controller::{Controller, Input, Prompt, Waiting};
use cavalo_session::i18n::Lang;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// Everything the screen shows.
pub struct Model {
    /// The game and everything worded about it.
    pub ctl: Controller,
    /// The line being typed.
    pub input: String,
    /// How many lines the messages are scrolled back from the newest (PgUp, PgDn).
    pub back: usize,
}

/// Lines a PgUp or PgDn scrolls the messages.
const PAGE: usize = 5;

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
        Model { ctl: Controller::new(session, lang), input: String::new(), back: 0 }
    }

    /// Whether the interface should close.
    pub fn done(&self) -> bool {
        self.ctl.done()
    }
}

/// Applies `msg` to the model.
pub fn update(m: &mut Model, msg: Msg) -> Result<(), SessionError> {
    match msg {
        Msg::Tick => m.ctl.tick(),
        Msg::Key(key) => {
            if key.kind == KeyEventKind::Press
                && let Some(input) = map_key(m, key)
            {
                m.ctl.input(input);
            }
            Ok(())
        }
    }
}

/// What a key means: an [`Input`] for the controller, or an edit of the line being typed.
fn map_key(m: &mut Model, key: KeyEvent) -> Option<Input> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Input::Interrupt);
    }
    match key.code {
        KeyCode::PageUp => {
            // At most as far back as the messages reach (a line holds at least 20 characters).
            let lines: usize = m.ctl.view().messages.iter().map(|t| t.chars().count() / 20 + 1).sum();
            m.back = (m.back + PAGE).min(lines);
            return None;
        }
        KeyCode::PageDown => {
            m.back = m.back.saturating_sub(PAGE);
            return None;
        }
        KeyCode::Enter => m.back = 0,
        _ => {}
    }
    if m.ctl.waiting() == Waiting::Over {
        return Some(Input::Line(String::new()));
    }
    if m.ctl.prompt() == &Prompt::ConfirmQuit {
        return Some(match key.code {
            KeyCode::Char(c) => Input::Line(c.to_string()),
            _ => Input::Cancel,
        });
    }
    if !m.ctl.typing() {
        return matches!(key.code, KeyCode::Char('q') | KeyCode::Esc).then_some(Input::AskQuit);
    }
    match key.code {
        KeyCode::Char(c) => m.input.push(c),
        KeyCode::Backspace => {
            m.input.pop();
        }
        KeyCode::Esc => {
            m.input.clear();
            return Some(Input::Cancel);
        }
        KeyCode::Enter => return Some(Input::Line(std::mem::take(&mut m.input))),
        _ => {}
    }
    None
}
