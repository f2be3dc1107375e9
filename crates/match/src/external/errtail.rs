//! The end of what a contestant writes on standard error, quoted in the message of a game it
//! loses: a thread reads the whole stream (so that the program never blocks on it) and keeps only
//! the last [`TAIL_LINES`] lines that are not blank, each cut to [`TAIL_CHARS`] characters, in
//! bounded memory whatever the program writes. It also notes the first line that holds one of
//! the launch's signs (e.g. SBCL's `Heap exhausted`), which explains a crash better than the last
//! lines do.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Lines of standard error kept.
pub const TAIL_LINES: usize = 5;

/// Characters kept of each line.
pub const TAIL_CHARS: usize = 200;

/// Bytes kept of a line being read (enough for [`TAIL_CHARS`] characters of UTF-8).
const LINE_BYTES: usize = 4 * TAIL_CHARS;

/// What has been kept so far.
#[derive(Debug, Default)]
struct Tail {
    lines: VecDeque<String>,
    /// The start of the line being read.
    partial: Vec<u8>,
    /// Whether the line being read was longer than what is kept.
    cut: bool,
    /// The index of the first sign seen.
    sign: Option<usize>,
}

impl Tail {
    fn push(&mut self, bytes: &[u8], signs: &[String]) {
        for piece in bytes.split_inclusive(|&b| b == b'\n') {
            let (text, ended) = match piece.strip_suffix(b"\n") {
                Some(t) => (t, true),
                None => (piece, false),
            };
            let room = LINE_BYTES.saturating_sub(self.partial.len());
            self.partial.extend_from_slice(&text[..text.len().min(room)]);
            self.cut |= text.len() > room;
            if ended {
                self.end_line(signs);
            }
        }
    }

    fn end_line(&mut self, signs: &[String]) {
        let line = String::from_utf8_lossy(&self.partial);
        if self.sign.is_none() {
            self.sign = signs.iter().position(|s| line.contains(s.as_str()));
        }
        let line = line.trim();
        if !line.is_empty() {
            let mut kept: String = line.chars().take(TAIL_CHARS).collect();
            if self.cut || kept.len() < line.len() {
                kept.push('…');
            }
            if self.lines.len() == TAIL_LINES {
                self.lines.pop_front();
            }
            self.lines.push_back(kept);
        }
        self.partial.clear();
        self.cut = false;
    }
}

/// A thread reading a program's standard error.
#[derive(Debug)]
pub struct ErrReader {
    tail: Arc<Mutex<Tail>>,
    thread: Option<JoinHandle<()>>,
}

impl ErrReader {
    /// Starts reading `stream`; a line that holds `signs[i]` is remembered as sign `i`.
    pub fn start(mut stream: impl Read + Send + 'static, signs: Vec<String>) -> std::io::Result<ErrReader> {
        let tail = Arc::new(Mutex::new(Tail::default()));
        let kept = Arc::clone(&tail);
        let thread = std::thread::Builder::new().name("engine-stderr".into()).spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match stream.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => lock(&kept).push(&buf[..n], &signs),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
            let mut t = lock(&kept);
            if !t.partial.is_empty() {
                t.end_line(&signs);
            }
        })?;
        Ok(ErrReader { tail, thread: Some(thread) })
    }

    /// Waits until `deadline` at most for the stream to end (every writer gone), and joins the
    /// thread if it did.
    pub fn finish(&mut self, deadline: Instant) {
        while self.thread.as_ref().is_some_and(|t| !t.is_finished()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(2));
        }
        if self.thread.as_ref().is_some_and(JoinHandle::is_finished)
            && let Some(t) = self.thread.take()
        {
            let _ = t.join();
        }
    }

    /// The last lines kept, oldest first (a line not ended yet included).
    pub fn lines(&self) -> Vec<String> {
        let t = lock(&self.tail);
        let mut lines: Vec<String> = t.lines.iter().cloned().collect();
        let partial = String::from_utf8_lossy(&t.partial);
        let partial = partial.trim();
        if !partial.is_empty() {
            if lines.len() == TAIL_LINES {
                lines.remove(0);
            }
            lines.push(partial.chars().take(TAIL_CHARS).collect());
        }
        lines
    }

    /// The index of the first sign seen, if any.
    pub fn sign(&self) -> Option<usize> {
        lock(&self.tail).sign
    }
}

fn lock(tail: &Mutex<Tail>) -> MutexGuard<'_, Tail> {
    tail.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: Vec<u8>, signs: &[&str]) -> ErrReader {
        let signs = signs.iter().map(|s| s.to_string()).collect();
        let mut r = ErrReader::start(std::io::Cursor::new(bytes), signs).unwrap();
        r.finish(Instant::now() + Duration::from_secs(10));
        assert!(r.thread.is_none(), "the reader ended");
        r
    }

    #[test]
    fn the_last_lines_are_kept_cut_and_quoted() {
        let r = read_all(b"one\n\n  two  \r\nthree\nfour\nfive\nsix\nseven".to_vec(), &[]);
        assert_eq!(r.lines(), ["three", "four", "five", "six", "seven"]);
        assert_eq!(
            crate::termination::stderr_note(&r.lines()),
            "; last lines on standard error: `three` | `four` | `five` | `six` | `seven`"
        );
        let long = format!("{}\nend\n", "é".repeat(1000));
        let lines = read_all(long.into_bytes(), &[]).lines();
        assert_eq!(lines[0].chars().count(), TAIL_CHARS + 1, "{lines:?}");
        assert!(lines[0].ends_with('…') && lines[1] == "end");
        assert!(read_all(Vec::new(), &[]).lines().is_empty());
    }

    #[test]
    fn megabytes_are_read_in_bounded_memory_and_signs_noted() {
        let mut bytes = b"Heap exhausted during allocation\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 20_000_000));
        bytes.extend(b"\nHeap exhausted, game over.\n0: fp=1\n");
        let r = read_all(bytes, &["Control stack", "Heap exhausted"]);
        assert_eq!(r.sign(), Some(1));
        let t = lock(&r.tail);
        assert!(t.partial.capacity() <= 2 * LINE_BYTES + 8192, "{}", t.partial.capacity());
        assert_eq!(t.lines.len(), 4);
    }
}
