//! An external engine driven over the protocol (PROTOCOL.md): a child process, the leader of a
//! session of its own, whose output is read by a thread of its own so that the referee can wait
//! with a deadline, and whose standard error is read by another that keeps its last lines for
//! the messages ([`errtail`]).
//!
//! Foreign programs are not trusted: an output line is at most [`MAX_LINE_BYTES`] long, output
//! that is not UTF-8 is a named forfeit, a second `bestmove` for one `go` is a forfeit, and at the
//! end of the game every process of the engine's session and every descendant is killed
//! ([`procs`]) and the reader threads are joined.

mod errtail;
pub(crate) mod procs;

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use cavalo_engine::protocol::lines::{Line, MAX_LINE, read_lines};
use cavalo_engine::protocol::{Info, Reply, error_text, setoption_command};

use crate::lisp::report::LispReport;
use crate::termination::{During, Exit, Failure, Fault, Hint, Sign, Termination};
use errtail::ErrReader;

/// How long an engine may take by default to answer `ugi` (its loading included) and `isready`
/// before a game.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine may take to answer `isready` after a `bestmove`.
pub const SETTLE_TIMEOUT: Duration = Duration::from_secs(5);

/// The longest output line the referee reads (without its newline): the protocol's.
pub const MAX_LINE_BYTES: usize = MAX_LINE;

/// The most of an `info string` kept for forfeit messages.
const SAID_CHARS: usize = 4000;

/// Lines read ahead of the referee at most (the engine blocks on writing beyond that).
const LINES_AHEAD: usize = 256;

/// How a program is started: the program, its arguments, and the name shown in messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// How the program is named in messages.
    pub shown: String,
    /// Added to the message when the program cannot be started.
    pub hint: Option<Hint>,
    /// How long the program may take to start and answer the handshake.
    pub startup: Duration,
    /// The program's name for [`Fault::LateLoad`] when the handshake did not end within
    /// `startup` (else [`Fault::NoHandshake`]).
    pub late_start: Option<String>,
    /// Signs on standard error that explain a crash: (text in a line, what it means). The first
    /// seen leads the message of a crash the program did not explain itself.
    pub signs: Vec<(String, Sign)>,
    /// The program's whole address space, in MiB (its children inherit the limit); `None`:
    /// unlimited.
    pub memory_mb: Option<u64>,
    /// Started confined (a sandbox, made by `crate::sandbox::confine`); `None`: as it is.
    pub confined: Option<Confined>,
}

/// How a confined program is started: without core files, its files bounded, as another user.
#[derive(Clone, Debug)]
pub struct Confined {
    /// The user to start it as (`None`: this process's own).
    pub user: Option<u32>,
    /// The largest file it may write.
    pub file_bytes: u64,
    /// What must live as long as the program (its sandbox's copy of the team's files).
    pub keep: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

impl PartialEq for Confined {
    fn eq(&self, other: &Confined) -> bool {
        (self.user, self.file_bytes) == (other.user, other.file_bytes)
            && std::sync::Arc::ptr_eq(&self.keep, &other.keep)
    }
}

impl Eq for Confined {}

impl Launch {
    /// `/bin/sh -c 'exec COMMAND'`: a command line with arguments and shell quoting.
    pub fn shell(command: &str) -> Launch {
        Launch {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), format!("exec {command}")],
            shown: command.to_string(),
            hint: None,
            startup: STARTUP_TIMEOUT,
            late_start: None,
            signs: Vec::new(),
            memory_mb: None,
            confined: None,
        }
    }
}

/// What the engine said about its search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineReport {
    /// The move as the engine wrote it.
    pub bestmove: String,
    /// The last reported depth.
    pub depth: Option<u32>,
    /// The last reported score (points, mover's view).
    pub score: Option<i32>,
    /// The last reported node count.
    pub nodes: Option<u64>,
    /// The first `info string error…` of this search, else the last `info string` (shown in
    /// forfeit messages).
    pub said: Option<String>,
}

/// A running external engine.
pub struct ExternalEngine {
    shown: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    reader: Option<JoinHandle<()>>,
    last_bestmove: Option<String>,
    /// The name the engine gave in `id name`.
    pub id_name: Option<String>,
    /// The reader of its standard error.
    err: Option<ErrReader>,
    /// What the signs on standard error mean.
    sign_meanings: Vec<Sign>,
    /// What its confinement keeps while the program runs (the sandbox's copy of the team's files).
    _keep: Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>,
    /// The last `info string error…` since the last command (what explains a crash).
    last_error: Option<String>,
    /// Whether its processes are ended ([`ExternalEngine::end`]).
    ended: bool,
}

fn failure(termination: Termination, fault: Fault) -> Failure {
    Failure::new(termination, fault)
}

/// At most 80 characters of `s`, with `…` when cut.
pub(crate) fn excerpt(s: &str) -> String {
    let mut shown: String = s.chars().take(80).collect();
    if shown.len() < s.len() {
        shown.push('…');
    }
    shown
}

impl ExternalEngine {
    /// Starts `launch` as the leader of a session of its own, does the handshake (`ugi` …
    /// `ugiok`, within `launch.startup`), sends the rule variant and `options`, then `uginewgame`
    /// and `isready` … `readyok`. A failure quotes the last lines of the program's standard
    /// error.
    pub fn start(
        launch: &Launch,
        rules: cavalo_rules::Rules,
        options: &[(String, String)],
    ) -> Result<ExternalEngine, Failure> {
        let mut e = ExternalEngine::spawn(launch)?;
        match e.handshake(launch, rules, options) {
            Ok(()) => Ok(e),
            Err(mut f) => {
                f.stderr = e.end();
                Err(f)
            }
        }
    }

    /// Starts the program and the threads that read its output and its standard error.
    fn spawn(launch: &Launch) -> Result<ExternalEngine, Failure> {
        let shown = &launch.shown;
        let mut command = Command::new(&launch.program);
        command.args(&launch.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(mb) = launch.memory_mb {
            procs::limit_address_space(&mut command, mb.saturating_mul(1 << 20));
        }
        if let Some(c) = &launch.confined {
            procs::sandboxed(&mut command, c.user, c.file_bytes).current_dir("/");
        }
        let mut child = procs::in_own_session(&mut command).spawn().map_err(|e| {
            let fault =
                Fault::CannotStart { program: shown.clone(), error: e.to_string(), hint: launch.hint };
            failure(Termination::Crash, fault)
        })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        let (tx, rx) = sync_channel(LINES_AHEAD);
        let mut e = ExternalEngine {
            shown: shown.clone(),
            child,
            stdin: Some(stdin),
            lines: rx,
            reader: None,
            last_bestmove: None,
            id_name: None,
            err: None,
            sign_meanings: launch.signs.iter().map(|(_, meaning)| *meaning).collect(),
            _keep: launch.confined.as_ref().map(|c| c.keep.clone()),
            last_error: None,
            ended: false,
        };
        let no_thread =
            |e: std::io::Error| failure(Termination::Crash, Fault::NoThread { error: e.to_string() });
        let reader =
            std::thread::Builder::new().name("engine-output".into()).spawn(move || read_lines(stdout, tx));
        e.reader = Some(reader.map_err(no_thread)?);
        let signs = launch.signs.iter().map(|(text, _)| text.clone()).collect();
        e.err = Some(ErrReader::start(stderr, signs).map_err(no_thread)?);
        Ok(e)
    }

    /// The handshake, the options and a new game.
    fn handshake(
        &mut self,
        launch: &Launch,
        rules: cavalo_rules::Rules,
        options: &[(String, String)],
    ) -> Result<(), Failure> {
        // A program that exits at once may be gone before `ugi` is written: its end is then
        // read while waiting for `ugiok` (what it said before going included), in the same words
        // whichever came first.
        let _ = self.write_line("ugi");
        let deadline = Instant::now() + launch.startup;
        loop {
            let l = match self.next_line(deadline, "ugiok") {
                Err(f) if f.termination == Termination::Timeout => {
                    let ms = launch.startup.as_millis() as u64;
                    let fault = match launch.late_start.clone() {
                        Some(program) => Fault::LateLoad { program, load_ms: ms },
                        None => Fault::NoHandshake { ms },
                    };
                    return Err(failure(f.termination, fault));
                }
                r => r?,
            };
            match Reply::parse(&l) {
                Reply::IdName(name) => self.id_name = Some(name.to_string()),
                Reply::UgiOk => break,
                _ => {}
            }
        }
        let rules_options = [("Threat", rules.threat), ("ZeroDouble", rules.zero_double)];
        let rules_options = rules_options.iter().map(|(n, v)| (n.to_string(), v.to_string()));
        for (n, v) in rules_options.chain(options.iter().cloned()) {
            self.set_option(&n, &v)?;
        }
        self.send("uginewgame")?;
        self.send("isready")?;
        let deadline = Instant::now() + launch.startup;
        while Reply::parse(&self.next_line(deadline, "readyok")?) != Reply::ReadyOk {}
        Ok(())
    }

    /// Sends `setoption name NAME value VALUE` and `isready`, and reads up to `readyok`: an
    /// `info string error` on the way means the engine refused the option, a failure of its own
    /// ([`Termination::RefusedOption`]) rather than a game played with a setting nobody asked for.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        let command = setoption_command(name, value);
        self.send(&command)?;
        self.send("isready")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        let mut refusal = None;
        loop {
            let l = self.next_line(deadline, "readyok")?;
            let l = l.trim();
            if Reply::parse(l) == Reply::ReadyOk {
                break;
            }
            if error_text(l).is_some() {
                refusal.get_or_insert_with(|| l.chars().take(SAID_CHARS).collect::<String>());
            }
        }
        match refusal {
            None => Ok(()),
            Some(said) => Err(failure(
                Termination::RefusedOption,
                Fault::RefusedOption { program: self.shown.clone(), command, said },
            )),
        }
    }

    /// Writes one line to the engine's input.
    fn write_line(&mut self, line: &str) -> std::io::Result<()> {
        match self.stdin.as_mut() {
            Some(s) => writeln!(s, "{line}").and_then(|_| s.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.last_error = None;
        if let Err(e) = self.write_line(line) {
            let Some(status) = self.exit_status() else {
                let fault = Fault::StoppedReading { line: line.to_string(), error: e.to_string() };
                return Err(failure(Termination::Crash, fault));
            };
            // Gone (perhaps before it read a word): what it wrote before going explains it.
            let until = Instant::now() + Duration::from_millis(300);
            while let Ok(Line::Text(l)) =
                self.lines.recv_timeout(until.saturating_duration_since(Instant::now()))
            {
                self.keep_error(&l);
            }
            let during = During::Sending { line: line.to_string(), error: e.to_string() };
            return Err(self.explain_exit(Some(status), during));
        }
        Ok(())
    }

    /// How the engine ended, once it has (waited for 200 ms at most). The engine is not reaped,
    /// so that its id keeps naming it until [`ExternalEngine::end`].
    fn exit_status(&mut self) -> Option<Exit> {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            if let Some(status) = self.peek_exit() {
                return Some(status);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// How the engine ended, if it has, without reaping it.
    fn peek_exit(&self) -> Option<Exit> {
        let pid = self.child.id() as libc::id_t;
        // SAFETY: `info` is a plain C struct that waitid fills in; the call only reads `pid`.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOHANG | libc::WNOWAIT);
            if r != 0 || info.si_pid() == 0 {
                return None;
            }
            Some(match info.si_code {
                libc::CLD_EXITED => Exit::Code(info.si_status()),
                _ => Exit::Signal(info.si_status()),
            })
        }
    }

    /// The next line before `deadline`. An `info string error…` is kept: it explains a crash
    /// that follows before the next command.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = self.lines.recv_timeout(left);
        let l = self.line_or_failure(line.map_err(|e| e == RecvTimeoutError::Timeout), waiting_for)?;
        self.keep_error(&l);
        Ok(l)
    }

    /// Keeps `line` if it is an `info string error…`.
    fn keep_error(&mut self, line: &str) {
        if let Some(said) = error_text(line) {
            let said = said.trim_start_matches(':').trim();
            self.last_error = Some(said.chars().take(SAID_CHARS).collect());
        }
    }

    /// The failure for an engine whose output ended.
    fn exited(&mut self, waiting_for: &str) -> Failure {
        let status = self.exit_status();
        self.explain_exit(status, During::Waiting { reply: waiting_for.to_string() })
    }

    /// The crash of an engine that has gone: the error it said it had, else what a sign on its
    /// standard error means and `exited`, else `exited`.
    fn explain_exit(&mut self, status: Option<Exit>, during: During) -> Failure {
        if let Some(err) = &mut self.err {
            err.finish(Instant::now() + Duration::from_millis(300));
        }
        let sign =
            self.err.as_ref().and_then(ErrReader::sign).and_then(|i| self.sign_meanings.get(i)).copied();
        let fault = match self.last_error.take() {
            Some(said) if !said.is_empty() => match LispReport::parse(&said) {
                Some(report) => Fault::Lisp { report },
                None => Fault::SaidError { said },
            },
            _ => Fault::Exited { status, during, sign },
        };
        failure(Termination::Crash, fault)
    }

    /// A received line, or the failure it stands for (`Err(true)`: nothing came in time).
    fn line_or_failure(&mut self, line: Result<Line, bool>, waiting_for: &str) -> Result<String, Failure> {
        match line {
            Ok(Line::Text(l)) => Ok(l),
            Ok(Line::TooLong) => Err(failure(
                Termination::LineTooLong,
                Fault::LineTooLong { reply: waiting_for.to_string(), max_bytes: MAX_LINE_BYTES },
            )),
            Ok(Line::NotUtf8(text)) => Err(failure(
                Termination::InvalidUtf8,
                Fault::NotUtf8 { text: excerpt(&text), reply: waiting_for.to_string() },
            )),
            Ok(Line::Eof) | Err(false) => Err(self.exited(waiting_for)),
            Err(true) => {
                Err(failure(Termination::Timeout, Fault::NoReply { reply: waiting_for.to_string() }))
            }
        }
    }

    /// A failure for a `bestmove` that came when none was due.
    fn second_bestmove(&self, line: &str) -> Failure {
        let first = self.last_bestmove.clone().unwrap_or_else(|| "?".into());
        failure(Termination::ExtraBestmove, Fault::SecondBestmove { first, line: excerpt(line.trim()) })
    }

    /// Checks the lines that arrived since the last answer: a `bestmove` among them is a second
    /// answer to the last `go`.
    fn drain_pending(&mut self) -> Result<(), Failure> {
        loop {
            let line = match self.lines.try_recv() {
                Ok(l) => Ok(l),
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => Err(false),
            };
            let l = self.line_or_failure(line, "the next position")?;
            if matches!(Reply::parse(&l), Reply::BestMove(_)) {
                return Err(self.second_bestmove(&l));
            }
        }
    }

    /// After a `bestmove`: sends `isready` and reads up to `readyok`. A `bestmove` on the way is
    /// a second answer to one `go`: a forfeit.
    pub fn settle(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        let deadline = Instant::now() + SETTLE_TIMEOUT;
        loop {
            let l = self.next_line(deadline, "readyok")?;
            match Reply::parse(&l) {
                Reply::ReadyOk => return Ok(()),
                Reply::BestMove(_) => return Err(self.second_bestmove(&l)),
                _ => {}
            }
        }
    }

    /// Sends `position` and `go`, and waits until `deadline` for `bestmove`. Any line other than
    /// `info ...` or `bestmove <move>` (blank lines aside) is malformed output.
    pub fn think(&mut self, position: &str, go: &str, deadline: Instant) -> Result<EngineReport, Failure> {
        self.drain_pending()?;
        self.send(position)?;
        self.send(go)?;
        let mut report = EngineReport::default();
        loop {
            let line = match self.next_line(deadline, "bestmove") {
                Err(f) if f.termination == Termination::Timeout => {
                    let _ = self.send("stop");
                    return Err(failure(Termination::Timeout, Fault::NoBestmove));
                }
                r => r?,
            };
            match Reply::parse(&line) {
                Reply::InfoString(text) => {
                    // An error (e.g. about the position) says more than what follows it.
                    if !report.said.as_deref().is_some_and(|s| s.starts_with("error")) {
                        report.said = Some(text.chars().take(SAID_CHARS).collect());
                    }
                }
                Reply::Info(info) => report.add(info),
                Reply::BestMove(Some(m)) => {
                    report.bestmove = m.to_string();
                    self.last_bestmove = Some(report.bestmove.clone());
                    return Ok(report);
                }
                Reply::BestMove(None) => {
                    return Err(failure(Termination::Malformed, Fault::EmptyBestmove));
                }
                Reply::Blank => continue,
                Reply::IdName(_) | Reply::UgiOk | Reply::ReadyOk | Reply::Other => {
                    return Err(failure(Termination::Malformed, Fault::Unexpected { line: excerpt(&line) }));
                }
            }
        }
    }

    /// Ends the engine, once: sends `quit` and gives it a moment to leave, then kills every
    /// process of its session and every descendant (whatever it started), reaps it, and waits
    /// a bounded time for the reader threads. Returns the last lines of its standard error (none
    /// when it wrote none).
    pub fn end(&mut self) -> Vec<String> {
        if !self.ended {
            self.ended = true;
            // Seen while the engine lives: what its death would hand to this process.
            let known = if self.peek_exit().is_none() { procs::tree(self.child.id()) } else { Vec::new() };
            if let Some(mut s) = self.stdin.take() {
                let _ = writeln!(s, "quit").and_then(|_| s.flush());
            }
            let until = Instant::now() + Duration::from_millis(300);
            while Instant::now() < until && self.peek_exit().is_none() {
                std::thread::sleep(Duration::from_millis(2));
            }
            let killed = procs::end_all(self.child.id(), &known);
            let _ = self.child.wait();
            procs::reap(killed);
            // With every process dead the pipes close and the readers end; the output is drained
            // so that its reader is not blocked on a full channel. A process that escaped (left
            // the session, its parent gone) and keeps a pipe open is waited for a bounded time.
            let until = Instant::now() + Duration::from_secs(2);
            let joinable = loop {
                let left = until.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok(Line::Text(_)) => continue,
                    Ok(_) | Err(RecvTimeoutError::Disconnected) => break true,
                    Err(RecvTimeoutError::Timeout) => break false,
                }
            };
            if let Some(h) = self.reader.take().filter(|_| joinable) {
                let _ = h.join();
            }
            if let Some(err) = &mut self.err {
                err.finish(until);
            }
        }
        self.err.as_ref().map(ErrReader::lines).unwrap_or_default()
    }
}

impl EngineReport {
    /// Keeps what an `info` line reports (a field it lacks keeps its value).
    fn add(&mut self, info: Info) {
        self.depth = info.depth.or(self.depth);
        self.score = info.score.or(self.score);
        self.nodes = info.nodes.or(self.nodes);
    }
}

impl Drop for ExternalEngine {
    /// Ends the engine ([`ExternalEngine::end`]) if that was not done.
    fn drop(&mut self) {
        self.end();
    }
}

impl std::fmt::Debug for ExternalEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExternalEngine({})", self.shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_kept() {
        let mut r = EngineReport::default();
        r.add(Info { depth: Some(7), score: Some(-12), nodes: Some(4242) });
        r.add(Info { depth: None, score: Some(3), nodes: None });
        assert_eq!((r.depth, r.score, r.nodes), (Some(7), Some(3), Some(4242)));
    }

    /// `/bin/sh -c COMMAND` (a script, not a program that replaces the shell).
    fn sh(command: &str) -> Launch {
        Launch { args: vec!["-c".into(), command.into()], ..Launch::shell(command) }
    }

    fn start_fails(command: &str) -> Failure {
        ExternalEngine::start(&sh(command), cavalo_rules::Rules::default(), &[]).unwrap_err()
    }

    #[test]
    fn an_engine_that_explains_itself_and_exits_crashes_for_its_reason() {
        // Gone before the referee writes a word, or after: its words are the reason either way.
        for command in [
            "echo 'info string error: cannot load x.lisp: line 3'",
            "read l; echo 'info string error: cannot load x.lisp: line 3'",
        ] {
            let f = start_fails(command);
            assert_eq!(f.termination, Termination::Crash);
            assert_eq!(f.detail(), "cannot load x.lisp: line 3", "{command}");
        }
    }

    #[test]
    fn a_crash_quotes_standard_error_and_names_its_signs() {
        let f = start_fails("echo one >&2; echo two >&2; exit 3");
        assert_eq!(f.termination, Termination::Crash);
        assert_eq!(f.stderr, ["one", "two"]);
        assert!(matches!(*f.fault, Fault::Exited { status: Some(Exit::Code(3)), .. }), "{:?}", f.fault);
        let detail = f.detail();
        assert!(detail.contains("exited (exit status: 3)"), "{detail}");
        assert!(detail.ends_with("; last lines on standard error: `one` | `two`"), "{detail}");
        let mut launch = sh("echo 'Heap exhausted, game over.' >&2; echo '0: fp=1' >&2; kill -9 $$");
        launch.signs = vec![("Heap exhausted".into(), Sign::ControlStackExhausted)];
        let f = ExternalEngine::start(&launch, cavalo_rules::Rules::default(), &[]).unwrap_err();
        let detail = f.detail();
        assert!(
            detail
                .starts_with("control stack exhausted (infinite recursion?): the engine exited (signal: 9)"),
            "{detail}"
        );
    }

    #[test]
    fn a_slow_start_is_named_by_the_launch() {
        let mut launch = Launch::shell("sleep 30");
        launch.startup = Duration::from_millis(200);
        launch.late_start = Some("x.lisp".into());
        let started = Instant::now();
        let f = ExternalEngine::start(&launch, cavalo_rules::Rules::default(), &[]).unwrap_err();
        assert_eq!(
            (f.termination, *f.fault),
            (Termination::Timeout, Fault::LateLoad { program: "x.lisp".into(), load_ms: 200 })
        );
        assert!(started.elapsed() < Duration::from_secs(20), "the sleep was not waited for");
    }
}
