//! Reading the protocol's lines, which cannot break the reader: each line is capped at
//! [`MAX_LINE`] bytes and must be UTF-8.
//!
//! The two sides treat a bad line differently. The engine reads its commands with [`read_line`]:
//! an over-long line is skipped (without being stored) and bytes that are not UTF-8 make an error
//! for that line only, never the end of the input. The referee reads an engine's output with
//! [`read_lines`], on a thread of its own: there a bad line ends the reading, and the game (a
//! forfeit named after it).

use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc::SyncSender;

/// The longest line kept, in bytes, without its line ending (a position with every move of a
/// game is under 1 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// What was wrong with one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// Longer than [`MAX_LINE`]: ignored.
    TooLong,
    /// Not UTF-8: ignored.
    NotUtf8,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong => write!(f, "a line longer than {MAX_LINE} bytes was ignored"),
            LineError::NotUtf8 => f.write_str("a line that is not valid UTF-8 text was ignored"),
        }
    }
}

impl std::error::Error for LineError {}

/// Reads the next line (without its line ending): `Ok(None)` at the end of the input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, LineError>>> {
    let mut buf = Vec::new();
    let n = io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > MAX_LINE {
        skip_line(input)?;
        return Ok(Some(Err(LineError::TooLong)));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(String::from_utf8(buf).map_err(|_| LineError::NotUtf8)))
}

/// Consumes input up to and including the next newline, keeping nothing.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// `s` with every control character written as an escape (`\u{1b}`), so that echoing input never
/// sends terminal control sequences or breaks the line structure.
pub fn printable(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// One line of an engine's output as the referee reads it, or why reading stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line, without its end.
    Text(String),
    /// A line longer than [`MAX_LINE`].
    TooLong,
    /// Bytes that are not UTF-8 (the line, the bad bytes replaced).
    NotUtf8(String),
    /// The end of the output.
    Eof,
}

/// Reads `out` line by line into `tx` until the end, a line over [`MAX_LINE`], bytes that are
/// not UTF-8, or the receiver going away.
pub fn read_lines(out: impl Read, tx: SyncSender<Line>) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let ended = match fill_line(&mut r, &mut buf) {
            Some(ended) => ended,
            None => {
                let _ = tx.send(Line::TooLong);
                return;
            }
        };
        if buf.is_empty() && ended {
            let _ = tx.send(Line::Eof);
            return;
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if buf.len() > MAX_LINE {
            let _ = tx.send(Line::TooLong);
            return;
        }
        let line = match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(l) => Line::Text(l),
            Err(e) => {
                let _ = tx.send(Line::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned()));
                return;
            }
        };
        if tx.send(line).is_err() {
            return;
        }
        if ended {
            let _ = tx.send(Line::Eof);
            return;
        }
    }
}

/// Reads up to and including the next newline into `buf`: `Some(true)` when the input ended
/// first, `None` as soon as the line is over the cap (with its line ending).
fn fill_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<bool> {
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => &[][..],
        };
        if chunk.is_empty() {
            return Some(true);
        }
        let (take, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        buf.extend_from_slice(&chunk[..take]);
        r.consume(take);
        if buf.len() > MAX_LINE + 2 {
            return None;
        }
        if newline {
            return Some(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<Result<String, LineError>> {
        let mut r = io::Cursor::new(bytes.to_vec());
        std::iter::from_fn(|| read_line(&mut r).unwrap()).collect()
    }

    #[test]
    fn lines_bad_bytes_and_long_lines() {
        let mut input = b"isready\r\n\xff\xfe go\n".to_vec();
        input.extend(std::iter::repeat_n(b'a', MAX_LINE + 10));
        input.extend(b"\nquit");
        assert_eq!(
            all(&input),
            vec![
                Ok("isready".to_string()),
                Err(LineError::NotUtf8),
                Err(LineError::TooLong),
                Ok("quit".to_string())
            ]
        );
        let exact = vec![b'b'; MAX_LINE];
        assert_eq!(all(&exact), vec![Ok("b".repeat(MAX_LINE))]);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[2Jb\u{7f}"), "a\\u{1b}[2Jb\\u{7f}");
        assert_eq!(printable("E3 ção"), "E3 ção");
    }

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let (tx, rx) = std::sync::mpsc::sync_channel(256);
        read_lines(bytes, tx);
        rx.iter()
            .map(|l| match l {
                Line::Text(t) => t,
                Line::TooLong => "<too long>".into(),
                Line::NotUtf8(s) => format!("<not utf-8: {s}>"),
                Line::Eof => "<eof>".into(),
            })
            .collect()
    }

    #[test]
    fn the_referee_reads_lines_split_capped_and_checked() {
        assert_eq!(lines_of(b"a\r\nb\n\nc"), ["a", "b", "", "c", "<eof>"]);
        assert_eq!(lines_of(b""), ["<eof>"]);
        let mut long = vec![b'x'; MAX_LINE];
        long.push(b'\n');
        assert_eq!(lines_of(&long)[0].len(), MAX_LINE, "a line of exactly the cap is read");
        let endless = vec![b'y'; 10 * MAX_LINE];
        assert_eq!(lines_of(&endless), ["<too long>"]);
        assert_eq!(lines_of(b"ok\nbest\xffmove\nnever\n"), ["ok", "<not utf-8: best\u{fffd}move>"]);
    }
}
