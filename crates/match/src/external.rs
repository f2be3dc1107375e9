//! An external engine driven over the protocol (PROTOCOL.md): a child process whose output is
//! read by a thread of its own, so that the referee can wait with a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::referee::{Failure, Termination};

/// How long an engine may take to answer `ugi` and `isready` before a game.
pub const STARTUP_TIMEOUT: Duration = Duration::from_secs(10);

/// One line from the engine, or the end of its output.
enum Line {
    Text(String),
    Eof,
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
}

/// A running external engine.
pub struct ExternalEngine {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    /// The name the engine gave in `id name`.
    pub id_name: Option<String>,
}

fn failure(termination: Termination, detail: String) -> Failure {
    Failure { termination, detail }
}

impl ExternalEngine {
    /// Starts `command` with `/bin/sh -c 'exec COMMAND'`, does the handshake (`ugi` … `ugiok`),
    /// sends the rule variant and `options`, then `uginewgame` and `isready` … `readyok`.
    pub fn start(
        command: &str,
        rules: cavalo_rules::Rules,
        options: &[(String, String)],
    ) -> Result<ExternalEngine, Failure> {
        let mut child = Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| failure(Termination::Crash, format!("cannot start `{command}`: {e}")))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    match line {
                        Ok(l) => {
                            if tx.send(Line::Text(l)).is_err() {
                                return;
                            }
                        }
                        Err(_) => break,
                    }
                }
                let _ = tx.send(Line::Eof);
            })
            .map_err(|e| failure(Termination::Crash, format!("cannot start a thread: {e}")))?;
        let mut e = ExternalEngine { command: command.to_string(), child, stdin, lines: rx, id_name: None };
        e.send("ugi")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        loop {
            let l = e.next_line(deadline, "ugiok")?;
            if let Some(name) = l.strip_prefix("id name ") {
                e.id_name = Some(name.trim().to_string());
            }
            if l.trim() == "ugiok" {
                break;
            }
        }
        e.send(&format!("setoption name Threat value {}", rules.threat))?;
        e.send(&format!("setoption name ZeroDouble value {}", rules.zero_double))?;
        for (n, v) in options {
            e.send(&format!("setoption name {n} value {v}"))?;
        }
        e.send("uginewgame")?;
        e.send("isready")?;
        let deadline = Instant::now() + STARTUP_TIMEOUT;
        while e.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(e)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        if let Err(e) = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()) {
            let status = self.exit_status();
            let what = if status.is_empty() { "stopped reading its input" } else { "exited" };
            return Err(failure(
                Termination::Crash,
                format!("the engine {what}{status}: cannot send `{line}` ({e})"),
            ));
        }
        Ok(())
    }

    fn exit_status(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(s)) = self.child.try_wait() {
                return format!(" ({s})");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        String::new()
    }

    /// The next line before `deadline`.
    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Line::Text(l)) => Ok(l),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.exit_status();
                Err(failure(
                    Termination::Crash,
                    format!("the engine exited{status} while the referee waited for `{waiting_for}`"),
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                Err(failure(Termination::Timeout, format!("no `{waiting_for}` in time")))
            }
        }
    }

    /// Sends `position` and `go`, and waits until `deadline` for `bestmove`. Any line other than
    /// `info ...` or `bestmove <move>` (blank lines aside) is malformed output.
    pub fn think(&mut self, position: &str, go: &str, deadline: Instant) -> Result<EngineReport, Failure> {
        self.send(position)?;
        self.send(go)?;
        let mut report = EngineReport::default();
        loop {
            let line = match self.next_line(deadline, "bestmove") {
                Err(f) if f.termination == Termination::Timeout => {
                    let _ = self.send("stop");
                    return Err(failure(Termination::Timeout, "no bestmove within the time limit".into()));
                }
                r => r?,
            };
            let toks: Vec<&str> = line.split_whitespace().collect();
            match toks.first() {
                None => continue,
                Some(&"info") => read_info(&toks, &mut report),
                Some(&"bestmove") => match toks.get(1) {
                    Some(m) => {
                        report.bestmove = m.to_string();
                        return Ok(report);
                    }
                    None => return Err(failure(Termination::Malformed, "`bestmove` without a move".into())),
                },
                Some(_) => {
                    let mut shown: String = line.chars().take(80).collect();
                    if shown.len() < line.len() {
                        shown.push('…');
                    }
                    return Err(failure(Termination::Malformed, format!("unexpected output `{shown}`")));
                }
            }
        }
    }
}

/// Takes depth, score and nodes from an `info` line.
fn read_info(toks: &[&str], r: &mut EngineReport) {
    let mut i = 1;
    while i < toks.len() {
        match toks[i] {
            "depth" => r.depth = toks.get(i + 1).and_then(|v| v.parse().ok()).or(r.depth),
            "nodes" => r.nodes = toks.get(i + 1).and_then(|v| v.parse().ok()).or(r.nodes),
            "score" if toks.get(i + 1) == Some(&"cp") => {
                r.score = toks.get(i + 2).and_then(|v| v.parse().ok()).or(r.score);
                i += 1;
            }
            "string" | "pv" => return,
            _ => {}
        }
        i += 1;
    }
}

impl Drop for ExternalEngine {
    /// Sends `quit`, gives the engine a moment to leave, then kills it.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|_| self.stdin.flush());
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl std::fmt::Debug for ExternalEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExternalEngine({})", self.command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let mut r = EngineReport::default();
        let l = "info depth 7 seldepth 9 score cp -12 proven nodes 4242 nps 1 pv E3 F5";
        read_info(&l.split_whitespace().collect::<Vec<_>>(), &mut r);
        assert_eq!((r.depth, r.score, r.nodes), (Some(7), Some(-12), Some(4242)));
        read_info(&["info", "string", "depth", "99"], &mut r);
        assert_eq!(r.depth, Some(7));
    }
}
