//! One controller for every terminal front end: what a player types or presses ([`Input`])
//! becomes the game's events, and the game becomes a complete, worded [`View`]. The line-by-line
//! terminal and the full-screen terminal only read their input and draw the view.
//!
//! The controller drives the game: it plays forced plies, runs the computer's searches on a
//! thread of their own with the engines it keeps ([`Engines`]) and plays their moves, and says
//! what happened in the player's language. Command words come from the catalogues: `dica`,
//! `anular`, `ajuda`, `sair`, `cancelar` in Portuguese, beside the English ones, in either
//! language.
//!
//! ```
//! use cavalo_rules::Start;
//! use cavalo_session::controller::{Controller, Input, Waiting};
//! use cavalo_session::i18n::Lang;
//! use cavalo_session::{GameConfig, PlayerConfig, Session};
//! let mut config = GameConfig::new(Start::Seed(1));
//! config.players = [PlayerConfig::human(), PlayerConfig::human()];
//! let mut c = Controller::new(Session::new(config).unwrap(), Lang::Pt);
//! while c.waiting() == Waiting::Tick {
//!     c.tick().unwrap(); // the placements are forced: played
//! }
//! assert_eq!(c.game().plies().len(), 2);
//! assert_eq!(c.view().waiting, Waiting::Input);
//! c.input(Input::Line("sair".into()));
//! assert!(c.view().prompt.starts_with("Sair deste jogo?"));
//! c.input(Input::Line("s".into()));
//! assert!(c.done());
//! ```

use cavalo_engine::SearchInfo;
use cavalo_rules::{Move, Side};

use crate::error::SessionError;
use crate::game::{Game, Status, Turn};
use crate::i18n::{Arg, Lang};
use crate::input::{Command, MoveChoice, choose_removal, interpret_move, is_word, parse_command};
use crate::key;
use crate::present::{self, Announcement, CellMark, Who};
use crate::search::{Engines, Search};
use crate::session::{Advance, Finished, Session};

mod heard;
mod view;

use heard::Heard;

pub use view::{PlayerLine, Totals, View};

/// The most messages kept.
pub const MAX_MESSAGES: usize = 200;

/// What a player did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A typed line (Enter): a move, a command, the answer to the question asked.
    Line(String),
    /// Esc: leaves the question asked (the choice of a double, quitting).
    Cancel,
    /// Asks to quit (a key for it while the computer plays): the question is asked.
    AskQuit,
    /// Ctrl-C: the game is abandoned at once.
    Interrupt,
    /// The input has ended: the game is abandoned, and the player told so.
    EndOfInput,
}

/// What the controller waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Nothing but time: [`Controller::tick`] has a step to take (a forced ply, starting the
    /// computer's search, announcing the end).
    Tick,
    /// A line from the player (a move, a command or an answer).
    Input,
    /// A search to finish ([`Controller::wait`] blocks until it has; [`Controller::tick`] looks).
    Search,
    /// The game is over: any key leaves.
    Over,
    /// Nothing: the controller is done.
    Done,
}

/// What the next line typed is for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Prompt {
    /// A move or a command.
    #[default]
    Move,
    /// Which double to remove: the legal moves (the default first) and the doubles' values.
    Removal {
        /// One move per removable double.
        options: Vec<Move>,
        /// Their values.
        values: Vec<u8>,
    },
    /// Quit? yes or no.
    ConfirmQuit,
}

/// Drives one game for a terminal front end.
pub struct Controller {
    session: Session,
    engines: Engines,
    lang: Lang,
    prompt: Prompt,
    search: Option<Search>,
    messages: Vec<String>,
    unread: usize,
    board_shown: Option<usize>,
    /// The announcements of the game's committed events (a store of the session's).
    heard: Heard,
    end_said: bool,
    done: bool,
}

impl Controller {
    /// A controller for `session` speaking `lang`; its first messages say who plays whom.
    pub fn new(mut session: Session, lang: Lang) -> Controller {
        let heard = Heard::default();
        session.add_sink(Box::new(heard.clone()), false).expect("hearing cannot fail");
        let mut c = Controller {
            session,
            engines: Engines::default(),
            lang,
            prompt: Prompt::Move,
            search: None,
            messages: Vec::new(),
            unread: 0,
            board_shown: None,
            heard,
            end_said: false,
            done: false,
        };
        for l in intro_lines(c.game(), lang) {
            c.say(l);
        }
        c
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The language of every word.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The session, when the front end is done with the controller (to save and report).
    pub fn into_session(mut self) -> Session {
        self.stop_search();
        self.session
    }

    /// Whether the front end should close: the game was abandoned, or is over and a key was
    /// pressed ([`Input`] of any kind).
    pub fn done(&self) -> bool {
        self.done
    }

    /// Whether keys type into the input line (a human's turn, or a question); otherwise only
    /// quitting is offered.
    pub fn typing(&self) -> bool {
        self.prompt != Prompt::Move || matches!(self.game().turn(), Turn::Human(_))
    }

    /// What the next line typed is for.
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// The messages said since the last call, oldest first.
    pub fn take_messages(&mut self) -> Vec<String> {
        let n = self.unread.min(self.messages.len());
        self.unread = 0;
        self.messages[self.messages.len() - n..].to_vec()
    }

    /// Whether the board changed since the last call (a front end that prints it prints it
    /// again).
    pub fn board_changed(&mut self) -> bool {
        let now = Some(self.game().plies().len());
        let changed = self.board_shown != now;
        self.board_shown = now;
        changed
    }

    /// What the controller waits for.
    pub fn waiting(&self) -> Waiting {
        if self.done {
            return Waiting::Done;
        }
        if self.prompt != Prompt::Move {
            return Waiting::Input;
        }
        if self.search.is_some() {
            return Waiting::Search;
        }
        match self.game().turn() {
            Turn::Human(_) => Waiting::Input,
            Turn::Forced { .. } | Turn::Computer(_) => Waiting::Tick,
            Turn::Over(_) if !self.end_said => Waiting::Tick,
            Turn::Over(_) => Waiting::Over,
            // (No terminal game has a program of elsewhere: nothing here brings its moves.)
            Turn::Quit | Turn::Program(_) => Waiting::Done,
        }
    }

    fn say(&mut self, text: impl Into<String>) {
        for l in text.into().lines() {
            self.messages.push(l.to_string());
            self.unread += 1;
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

    /// Says what the events committed since the last call announced; `after_ply` (the
    /// statistics of the computer's move) comes after the ply's own, before the game's end.
    fn announce_heard(&mut self, after_ply: Option<String>) {
        let (end, rest): (Vec<_>, Vec<_>) =
            self.heard.take().into_iter().partition(|a| matches!(a, Announcement::GameOver(_)));
        for a in rest {
            self.announce(a);
        }
        if let Some(t) = after_ply {
            self.say(t);
        }
        self.end_said |= !end.is_empty();
        for a in end {
            self.announce(a);
        }
    }

    fn say_error(&mut self, e: &SessionError) {
        self.announce(Announcement::Error(e.clone()));
    }

    fn stop_search(&mut self) {
        if let Some(se) = self.search.take() {
            se.handle().stop();
        }
    }

    fn quit(&mut self) {
        self.stop_search();
        self.session.quit();
        self.done = true;
        // The end, when it was abandoned now: "Abandoned at 86–65."
        self.announce_heard(None);
    }

    // ---- advancing the game ----

    /// Advances the game by one step that needs no player: takes a finished search's result,
    /// or plays a forced ply, or starts the computer's search, or announces the end. A front
    /// end calls it while the controller waits for [`Waiting::Tick`] (or [`Waiting::Search`],
    /// to look whether the search has finished).
    pub fn tick(&mut self) -> Result<(), SessionError> {
        if let Some(thought) = self.search.as_mut().and_then(Search::poll) {
            self.search = None;
            self.finished(thought);
            return Ok(());
        }
        if self.waiting() != Waiting::Tick {
            return Ok(());
        }
        match self.session.advance()? {
            Advance::Played => self.announce_heard(None),
            Advance::Think(mut job) => {
                let t = self.lang.tr_with(key!("ann-thinking"), &[("who", self.who(job.side()).into())]);
                self.say(t);
                self.engines.lend(&mut job);
                self.search = Some(Search::start(*job));
            }
            Advance::Ended => {
                // A game over before this controller saw it end (loaded so): its end is said once.
                self.end_said = true;
                for a in present::announcements_since(self.game(), self.game().plies().len()) {
                    self.announce(a);
                }
            }
            Advance::Human | Advance::Program => {}
        }
        Ok(())
    }

    /// Blocks until the search under way finishes, giving each live line of the computer's
    /// search (worded) to `on_live`, then takes its result. Nothing happens without a search.
    pub fn wait(&mut self, on_live: &mut dyn FnMut(&str)) {
        let lang = self.lang;
        let Some(search) = self.search.take() else { return };
        let hint = search.handle().is_hint();
        let thought = search.wait(&mut |i: &SearchInfo| {
            if !hint {
                on_live(&present::live_line(lang, i));
            }
        });
        if let Some(thought) = thought {
            self.finished(thought);
        }
    }

    fn finished(&mut self, mut thought: crate::Thought) {
        self.engines.keep(&mut thought);
        match self.session.finish(thought) {
            Ok(Finished::Played(ply)) => {
                let stats = ply.search.as_ref().map(|i| {
                    let stats = present::stats_line(self.lang, i);
                    self.lang.tr_with(key!("term-statistics"), &[("stats", stats.into())])
                });
                self.announce_heard(stats);
            }
            Ok(Finished::Hint { mv, info }) => {
                self.announce(Announcement::Hint { mv });
                let t = format!("  {}", present::live_line(self.lang, &info));
                self.say(t);
            }
            Err(SessionError::Stale) => {}
            Err(e) => {
                let error = present::error_text(&e, self.lang);
                let t = self.lang.tr_with(key!("term-search-dropped"), &[("error", error.into())]);
                self.say(t);
            }
        }
    }

    // ---- input ----

    /// Takes what the player did.
    pub fn input(&mut self, input: Input) {
        if self.waiting() == Waiting::Over {
            self.done = true;
            return;
        }
        match input {
            Input::Interrupt => self.quit(),
            Input::EndOfInput => {
                if self.game().status() == Status::Playing {
                    let t = self.lang.tr(key!("term-end-of-input"));
                    self.say(t);
                }
                self.quit();
            }
            Input::AskQuit => self.prompt = Prompt::ConfirmQuit,
            Input::Cancel => match self.prompt {
                Prompt::Removal { .. } => self.cancel_move(),
                Prompt::ConfirmQuit => self.goes_on(),
                Prompt::Move => {}
            },
            Input::Line(line) => match self.prompt.clone() {
                Prompt::ConfirmQuit => {
                    if is_word(&line, key!("cmd-yes")) {
                        self.quit();
                    } else {
                        self.goes_on();
                    }
                }
                Prompt::Removal { options, .. } => self.removal(&options, &line),
                Prompt::Move => self.line(&line),
            },
        }
    }

    fn goes_on(&mut self) {
        self.prompt = Prompt::Move;
        let t = self.lang.tr(key!("term-goes-on"));
        self.say(t);
    }

    fn cancel_move(&mut self) {
        self.prompt = Prompt::Move;
        let t = self.lang.tr(key!("term-move-cancelled"));
        self.say(t);
    }

    fn removal(&mut self, options: &[Move], line: &str) {
        if is_word(line, key!("cmd-cancel")) {
            return self.cancel_move();
        }
        match choose_removal(self.game().position(), options, line) {
            Ok(mv) => {
                self.prompt = Prompt::Move;
                self.play_move(mv);
            }
            Err(e) => self.say_error(&e),
        }
    }

    fn line(&mut self, line: &str) {
        let command = parse_command(line);
        if command == Command::Quit {
            self.prompt = Prompt::ConfirmQuit;
            return;
        }
        if command == Command::Empty {
            return;
        }
        if self.search.is_some() {
            let t = self.lang.tr(key!("term-wait-hint"));
            return self.say(t);
        }
        match command {
            Command::Empty | Command::Quit => {}
            Command::Help => {
                let t = present::commands_help(self.lang);
                self.say(t);
            }
            Command::Hint => self.hint(),
            Command::Undo => self.undo(),
            Command::Move(text) => self.typed_move(&text),
        }
    }

    fn hint(&mut self) {
        match self.session.begin_hint() {
            Ok(mut job) => {
                self.engines.lend(&mut job);
                let t = self.lang.tr(key!("term-hint-thinking"));
                self.say(t);
                self.search = Some(Search::start(job));
            }
            Err(e) => self.say_error(&e),
        }
    }

    fn undo(&mut self) {
        match self.session.undo() {
            Ok(undone) => {
                self.announce_heard(None);
                let list: Vec<String> = undone.iter().map(|p| p.mv.to_string()).collect();
                let t = self.lang.tr_with(key!("term-taken-back"), &[("moves", list.join(" ").into())]);
                self.say(t);
            }
            Err(e) => self.say_error(&e),
        }
    }

    fn typed_move(&mut self, text: &str) {
        match interpret_move(self.game().position(), text) {
            Err(e) => {
                let error = present::error_text(&e, self.lang);
                let t = self.lang.tr_with(key!("term-error-help"), &[("error", Arg::from(error))]);
                self.say(t);
            }
            Ok(MoveChoice::Ready(mv)) => self.play_move(mv),
            Ok(choice @ MoveChoice::ChooseRemoval { .. }) => {
                let values = choice.removable(self.game().position());
                let MoveChoice::ChooseRemoval { destination, value, options } = choice else {
                    unreachable!("matched above")
                };
                let list = values.iter().map(|v| format!("{v:02}")).collect::<Vec<_>>().join(", ");
                let args = [
                    ("cell", Arg::from(destination.to_string())),
                    ("value", format!("{value:02}").into()),
                    ("list", list.into()),
                ];
                let t = self.lang.tr_with(key!("term-double-holds"), &args);
                self.say(t);
                self.prompt = Prompt::Removal { options, values };
            }
        }
    }

    fn play_move(&mut self, mv: Move) {
        match self.session.play_human(mv) {
            Ok(_) => self.announce_heard(None),
            Err(e) => self.say_error(&e),
        }
    }

    // ---- the view ----

    /// Everything a front end shows, worded.
    pub fn view(&self) -> View {
        view::build(self)
    }

    /// `White (cavalo)` in the controller's language.
    fn who(&self, side: Side) -> String {
        Who::of(self.game(), side).text(self.lang)
    }

    fn marks(&self) -> [CellMark; 100] {
        present::session_marks(self.game())
    }
}

/// The first lines: who plays whom, the rules, the start, the time per move.
pub fn intro_lines(s: &Game, lang: Lang) -> Vec<String> {
    let mut out = vec![lang.tr_with(
        key!("term-intro"),
        &[
            ("white", Who::of(s, Side::White).text(lang).into()),
            ("black", Who::of(s, Side::Black).text(lang).into()),
            ("rules", present::rules_text(lang, s.config().rules).into()),
            ("start", s.config().start_text().into()),
        ],
    )];
    if s.mode() != crate::Mode::HumanHuman {
        out.push(lang.tr_with(key!("term-time-per-move"), &[("ms", s.config().time_ms.into())]));
    }
    if s.mode() != crate::Mode::ComputerComputer {
        out.push(lang.tr(key!("term-type-help")));
    }
    out
}

#[cfg(test)]
mod tests;
