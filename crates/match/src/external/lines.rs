//! The engine's output, read line by line by a thread of its own ([`read_lines`]): a line is at
//! most [`MAX_LINE_BYTES`] long and UTF-8, or reading stops with why.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::SyncSender;

use super::{MAX_LINE_BYTES, excerpt};

/// One line from the engine, or why reading stopped.
pub(super) enum Line {
    /// A line, without its end.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// Bytes that are not UTF-8 (an excerpt).
    NotUtf8(String),
    /// The end of the output.
    Eof,
}

/// Reads `out` line by line into `tx` until the end, a line over [`MAX_LINE_BYTES`], bytes that
/// are not UTF-8, or the receiver going away.
pub(super) fn read_lines(out: impl Read, tx: SyncSender<Line>) {
    let mut r = BufReader::new(out);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let mut ended = false;
        loop {
            let chunk = match r.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => &[][..],
            };
            if chunk.is_empty() {
                ended = true;
                break;
            }
            let (take, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            buf.extend_from_slice(&chunk[..take]);
            r.consume(take);
            if buf.len() > MAX_LINE_BYTES + 2 {
                let _ = tx.send(Line::TooLong);
                return;
            }
            if newline {
                break;
            }
        }
        if buf.is_empty() && ended {
            let _ = tx.send(Line::Eof);
            return;
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if buf.len() > MAX_LINE_BYTES {
            let _ = tx.send(Line::TooLong);
            return;
        }
        let line = match String::from_utf8(std::mem::take(&mut buf)) {
            Ok(l) => Line::Text(l),
            Err(e) => {
                let _ = tx.send(Line::NotUtf8(excerpt(&String::from_utf8_lossy(e.as_bytes()))));
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let (tx, rx) = sync_channel(256);
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
    fn lines_are_split_capped_and_checked() {
        assert_eq!(lines_of(b"a\r\nb\n\nc"), ["a", "b", "", "c", "<eof>"]);
        assert_eq!(lines_of(b""), ["<eof>"]);
        let mut long = vec![b'x'; MAX_LINE_BYTES];
        long.push(b'\n');
        assert_eq!(lines_of(&long)[0].len(), MAX_LINE_BYTES, "a line of exactly the cap is read");
        let endless = vec![b'y'; 10 * MAX_LINE_BYTES];
        assert_eq!(lines_of(&endless), ["<too long>"]);
        assert_eq!(lines_of(b"ok\nbest\xffmove\nnever\n"), ["ok", "<not utf-8: best\u{fffd}move>"]);
    }
}
