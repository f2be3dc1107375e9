//! `cavalo engine`: the engine protocol of PROTOCOL.md (UGI) on standard input and output. The
//! messages are read and written by `cavalo_engine::protocol`; this is the conversation.
//!
//! The main thread reads commands; a search runs on its own thread, so that `stop`, `isready`,
//! `position` and `quit` are handled while it thinks. Every line goes out through one writer
//! guarded by a mutex and is flushed at once.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cavalo_engine::params::normalise_name;
use cavalo_engine::protocol::{
    GoProblem, GoRequest, bestmove_line, info_string, parse_check, parse_go, parse_position, parse_setoption,
};
use cavalo_engine::{Engine, Latency, Limits, Options, Player, PlayerKind, SearchResult};
use cavalo_rules::{Outcome, Position, Rules, Side};

mod answer;
mod tables;
use answer::Worker;
/// The reading of input lines (`play` reads its moves with it too).
pub use cavalo_engine::protocol::lines;
use tables::Pending;

/// The seed of the board set up before any `position` command.
pub const DEFAULT_SEED: u64 = 1;

/// The one writer of standard output: every line is written whole and flushed.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// A writer over `w`.
    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes. A closed output is ignored (the referee has gone away).
    pub fn line(&self, s: &str) {
        self.lines(&[s]);
    }

    /// Writes lines together and flushes once.
    pub fn lines(&self, lines: &[&str]) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for s in lines {
            let _ = writeln!(w, "{s}");
        }
        let _ = w.flush();
    }
}

/// What chooses the moves: our engine (searched with the time counted from `go`), or a reference
/// player.
enum Brain {
    Engine(Engine),
    Other(Box<dyn Player>),
}

impl Brain {
    fn new(kind: PlayerKind, options: &Options) -> Brain {
        match kind {
            PlayerKind::Cavalo => Brain::Engine(Engine::new(options.clone())),
            k => Brain::Other(k.build(options)),
        }
    }

    fn new_game(&mut self) {
        match self {
            Brain::Engine(e) => e.new_game(),
            Brain::Other(p) => p.new_game(),
        }
    }

    fn search(
        &mut self,
        start: Instant,
        pos: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&cavalo_engine::SearchInfo),
    ) -> SearchResult {
        match self {
            Brain::Engine(e) => e.search_from(start, pos, limits, stop, on_info),
            Brain::Other(p) => {
                let mut l = limits.clone();
                if let Some(t) = l.movetime {
                    l.movetime = Some(t.saturating_sub(start.elapsed()).max(Duration::from_millis(1)));
                }
                p.choose(pos, &l, stop, on_info)
            }
        }
    }
}

/// A search under way.
struct Search {
    stop: Arc<AtomicBool>,
    /// Raised just before `bestmove` is written: from then on the search counts as over (its
    /// thread only has to finish writing and exit), so that a `go` sent right after `bestmove`
    /// is never refused.
    answered: Arc<AtomicBool>,
    /// Receives once the `bestmove` has been written.
    finished: Receiver<()>,
}

/// The state of a conversation.
struct Session {
    out: Out,
    kind: PlayerKind,
    options: Options,
    rules: Rules,
    brain: Arc<Mutex<Brain>>,
    pos: Position,
    search: Option<Search>,
    /// Lateness of the answers written so far (see `answer`).
    lateness: Arc<Mutex<Latency>>,
    /// The thread that answers `go` and the one that searches (kept for the conversation).
    answerer: Worker,
    searcher: Worker,
    /// The engine's new tables, made apart after `setoption Hash` (see `tables`).
    pending: Option<Pending>,
    /// Tables still in the making when other ones were asked for: never used, dropped once made.
    superseded: Option<Pending>,
}

/// Runs the protocol on standard input and output until `quit` or the end of the input.
pub fn run(rules: Rules) -> anyhow::Result<()> {
    let out = Out::new(Box::new(std::io::stdout()));
    run_with(std::io::stdin().lock(), out, rules);
    Ok(())
}

/// Runs the protocol on `input`, answering on `out`, until `quit` or the end of the input (both
/// stop a running search at once; its `bestmove` is still written).
pub fn run_with(input: impl BufRead, out: Out, rules: Rules) {
    let Some(mut s) = Session::new(out, rules) else { return };
    let mut input = input;
    loop {
        let line = match lines::read_line(&mut input) {
            Ok(Some(Ok(line))) => line,
            Ok(Some(Err(e))) => {
                s.error(&e.to_string());
                continue;
            }
            // The end of the input (or an input that cannot be read): stop any search and exit.
            Ok(None) | Err(_) => break,
        };
        let received = Instant::now();
        if !s.command(&line, received) {
            break; // `quit`
        }
    }
    s.finish_search(true);
}

impl Session {
    /// A conversation answering on `out`, with the default options and board; `None` (and an
    /// error line) when its threads cannot be started.
    fn new(out: Out, rules: Rules) -> Option<Session> {
        let (answerer, searcher) = match (Worker::new("answer"), Worker::new("search")) {
            (Ok(a), Ok(s)) => (a, s),
            _ => {
                out.line("info string error: cannot start the search threads");
                return None;
            }
        };
        let options = Options::default();
        let kind = PlayerKind::Cavalo;
        Some(Session {
            brain: Arc::new(Mutex::new(Brain::new(kind, &options))),
            out,
            kind,
            options,
            rules,
            pos: Position::from_seed(DEFAULT_SEED, rules),
            search: None,
            lateness: Arc::default(),
            answerer,
            searcher,
            pending: None,
            superseded: None,
        })
    }

    /// An `info string` line; control characters of echoed input are escaped.
    fn info(&self, msg: &str) {
        self.out.line(&info_string(msg));
    }

    fn error(&self, msg: &str) {
        self.info(&format!("error: {msg}"));
    }

    fn unknown(&self, what: &str) {
        self.info(&format!("unknown command: {what}"));
    }

    /// Whether a search is running; reaps a finished one.
    fn searching(&mut self) -> bool {
        if self.search.as_ref().is_some_and(|s| s.answered.load(SeqCst)) {
            self.finish_search(false);
        }
        self.search.is_some()
    }

    /// Ends the current search (at once when `stop`) and waits for its `bestmove`.
    fn finish_search(&mut self, stop: bool) {
        if let Some(search) = self.search.take() {
            if stop {
                search.stop.store(true, SeqCst);
                self.answerer.unpark();
            }
            let _ = search.finished.recv();
        }
    }

    /// Handles one line; `false` to quit.
    fn command(&mut self, line: &str, received: Instant) -> bool {
        if self.superseded.as_ref().is_some_and(Pending::is_ready) {
            self.superseded = None;
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let args = &tokens[1..];
        match cmd {
            "ugi" | "uci" => self.ugi(),
            "isready" => {
                self.tables_made();
                self.out.line("readyok");
            }
            "setoption" => self.setoption(args),
            "uginewgame" | "ucinewgame" => {
                if self.searching() {
                    self.error("uginewgame during a search: send stop first");
                } else {
                    self.brain.lock().unwrap_or_else(|e| e.into_inner()).new_game();
                }
            }
            "position" => self.position(args),
            "go" => self.go(args, received),
            "stop" => {
                if let Some(s) = &self.search {
                    s.stop.store(true, SeqCst);
                    self.answerer.unpark();
                }
            }
            "query" => self.query(args, line),
            "quit" => return false,
            _ => self.unknown(line.trim()),
        }
        true
    }

    fn ugi(&self) {
        self.out.line(&format!("id name Cavalo {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Cavalo team");
        for l in Options::ugi_lines() {
            self.out.line(&l);
        }
        for l in [
            "option name Threat type check default true",
            "option name ZeroDouble type check default true",
            "option name Player type combo default cavalo var cavalo var classic var greedy var random",
            "ugiok",
        ] {
            self.out.line(l);
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let (name, value) = match parse_setoption(args) {
            Ok(nv) => nv,
            Err(e) => return self.error(&e),
        };
        let key = normalise_name(&name);
        let engine_option = Options::descriptor(&name);
        if engine_option.is_none() && !["threat", "zerodouble", "player"].contains(&key.as_str()) {
            return self.error(&format!(
                "setoption: no option named `{name}` (the `ugi` answer lists them: Hash, Threads, Quiescence, Level, Seed, the search parameters, Threat, ZeroDouble, Player)"
            ));
        }
        if self.searching() {
            return self.error(&format!("setoption {name} during a search: send stop first"));
        }
        let result = match key.as_str() {
            "threat" => parse_check(&value).map(|v| self.set_rules(Rules { threat: v, ..self.rules })),
            "zerodouble" => {
                parse_check(&value).map(|v| self.set_rules(Rules { zero_double: v, ..self.rules }))
            }
            "player" => value.parse::<PlayerKind>().map_err(|e| e.to_string()).map(|k| {
                self.take_tables(true);
                self.kind = k;
                *self.brain.lock().unwrap_or_else(|e| e.into_inner()) = Brain::new(k, &self.options);
            }),
            _ => {
                let mut options = self.options.clone();
                if let Err(e) = options.set(&name, &value) {
                    return self.error(&format!("setoption {e}"));
                }
                self.set_engine(options);
                Ok(())
            }
        };
        if let Err(e) = result {
            self.error(&format!("setoption {name}: {e}"));
        }
    }

    /// New engine options. New tables (another `Hash`) are made on a thread of their own while
    /// the conversation goes on (see `tables`); the other options apply at once.
    fn set_engine(&mut self, options: Options) {
        if let Some(p) = self.pending.take_if(|p| !p.serve(&options)) {
            // Tables no longer wanted are left to finish apart and dropped; at most one such
            // (memory stays bounded): a third size asked for meanwhile waits for the first.
            if let Some(old) = self.superseded.replace(p) {
                drop(old.take());
            }
        }
        let mut brain = self.brain.lock().unwrap_or_else(|e| e.into_inner());
        if let Brain::Engine(e) = &mut *brain {
            if self.pending.is_some() || !e.needs_tables(&options) {
                e.set_options_keeping_tables(options.clone());
            } else if let Some(p) = Pending::start(&options) {
                e.set_options_keeping_tables(options.clone());
                self.pending = Some(p);
            } else if let Err(err) = e.set_options(options.clone()) {
                drop(brain);
                return self.error(&format!("setoption Hash: {err}; the table is left as it was"));
            }
        }
        self.options = options;
    }

    /// Gives the engine its new tables: when `wait`, once they are made; otherwise only if they
    /// are. Tables that could not be made are an error, and the engine keeps its own.
    fn take_tables(&mut self, wait: bool) {
        let Some(p) = self.pending.take() else { return };
        if !wait && !p.is_ready() {
            self.pending = Some(p);
            return;
        }
        let made = p.take();
        let mut brain = self.brain.lock().unwrap_or_else(|e| e.into_inner());
        let Brain::Engine(e) = &mut *brain else { return };
        match made {
            Ok(tables) => {
                e.set_options_with(tables);
                e.set_options_keeping_tables(self.options.clone());
            }
            Err(err) => {
                self.options.hash_mib = e.options().hash_mib;
                drop(brain);
                self.error(&format!("setoption Hash: {err}; the table is left as it was"));
            }
        }
    }

    /// `isready`: waits until the new tables are made; the engine takes them now, or after the
    /// search under way.
    fn tables_made(&mut self) {
        let Some(p) = self.pending.take() else { return };
        self.pending = Some(p.wait());
        if !self.searching() {
            self.take_tables(true);
        }
    }

    /// New rules apply to the next `position` command; the current position is carried over
    /// through its position string.
    fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        if let Ok(p) = Position::from_position_string(&self.pos.to_string(), rules) {
            self.pos = p;
        }
    }

    fn position(&mut self, args: &[&str]) {
        match parse_position(args, self.rules) {
            Ok(p) => self.pos = p,
            Err(e) => self.error(&format!("position: {e} (the previous position is kept)")),
        }
    }

    fn go(&mut self, args: &[&str], received: Instant) {
        if self.searching() {
            return self.error("go during a search: send stop and wait for bestmove first");
        }
        let (req, problems) = parse_go(args, self.pos.side_to_move());
        let mut refused = false;
        for p in problems {
            match p {
                GoProblem::Unknown(t) => self.unknown(&format!("{t} (in go)")),
                GoProblem::Bad(e) => {
                    self.error(&format!("go: {e}; go refused, nothing searched"));
                    refused = true;
                }
            }
        }
        // A refused limit never turns into an unlimited search.
        if refused {
            return;
        }
        if self.pos.is_over() && !req.infinite {
            return self.out.line(&bestmove_line(None));
        }
        // New tables only if they are made: the time counts from `received`.
        self.take_tables(false);
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        let go = answer::Go {
            brain: self.brain.clone(),
            out: self.out.clone(),
            pos: self.pos.clone(),
            req,
            received,
            stop: stop.clone(),
            answered: answered.clone(),
            config: self.options.search,
            lateness: self.lateness.clone(),
            searcher: self.searcher.sender(),
        };
        let (done, finished) = channel();
        let job = Box::new(move || {
            go.run();
            let _ = done.send(());
        });
        if !self.answerer.run(job) {
            return self.error("go: the answering thread has gone");
        }
        self.search = Some(Search { stop, answered, finished });
    }

    fn query(&self, args: &[&str], line: &str) {
        let answer = match args {
            ["gameover"] => bool_word(self.pos.is_over()).to_string(),
            ["p1turn"] => bool_word(self.pos.side_to_move() == Side::White).to_string(),
            ["result"] => match self.pos.outcome() {
                None => "none",
                Some(Outcome::White) => "p1win",
                Some(Outcome::Black) => "p2win",
                Some(Outcome::Draw) => "draw",
            }
            .to_string(),
            ["score"] => format!("{} {}", self.pos.points(Side::White), self.pos.points(Side::Black)),
            _ => return self.unknown(line.trim()),
        };
        self.out.line(&format!("response {answer}"));
    }
}

fn bool_word(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn options_of(s: &Session) -> Options {
        match &*s.brain.lock().unwrap() {
            Brain::Engine(e) => e.options().clone(),
            Brain::Other(_) => unreachable!("our engine"),
        }
    }

    /// `setoption Hash` makes the table apart: the conversation goes on (a `go` is searched with
    /// the table the engine has, the other options applied), `isready` waits for the new table
    /// and the engine takes it.
    #[test]
    fn a_new_table_is_made_apart_and_taken_by_isready() {
        let buf = Buf::default();
        let mut s = Session::new(Out::new(Box::new(buf.clone())), Rules::default()).unwrap();
        let now = Instant::now();
        assert!(s.command("setoption name Hash value 3", now));
        assert!(s.command("setoption name Threads value 2", now));
        assert!(s.pending.is_some(), "the table is made on a thread of its own");
        assert_eq!(s.options.hash_mib, 3);
        if !s.pending.as_ref().unwrap().is_ready() {
            // Searched with the table the engine has, and with its two threads.
            assert_eq!((options_of(&s).hash_mib, options_of(&s).threads), (64, 2));
        }
        assert!(s.command("go depth 2", now));
        s.finish_search(false);
        assert!(s.command("isready", now));
        assert!(s.pending.is_none(), "isready waits for the table");
        assert_eq!((options_of(&s).hash_mib, options_of(&s).threads), (3, 2));
        assert_eq!(s.options.threads, 2);
        for mib in [4, 5, 6] {
            assert!(s.command(&format!("setoption name Hash value {mib}"), now));
        }
        assert!(s.command("isready", now));
        assert_eq!(options_of(&s).hash_mib, 6, "the last table asked for");
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(text.contains("bestmove ") && text.ends_with("readyok\n"), "{text}");
        assert!(!text.contains("error"), "{text}");
    }

    #[test]
    fn conversation_in_process() {
        let buf = Buf::default();
        let input = "ugi\nsetoption name Hash value 1\nposition seed 1\ngo depth 2\nisready\nquery score\nfoo bar\nquit\n";
        run_with(input.as_bytes(), Out::new(Box::new(buf.clone())), Rules::default());
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert!(text.starts_with("id name Cavalo"), "{text}");
        assert!(text.contains("\nugiok\n"));
        assert!(text.contains("\nreadyok\n"));
        assert!(text.contains("response 0 0"));
        assert!(text.contains("info string unknown command: foo bar"));
        assert_eq!(text.matches("bestmove F1").count(), 1, "{text}");
    }
}
