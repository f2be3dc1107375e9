//! Reading input lines that cannot break the reader: each line is capped in length (the rest of
//! an over-long line is skipped without being stored) and bytes that are not UTF-8 make an error
//! for that line only, never the end of the input.

use std::io::{self, BufRead};

/// The longest line kept, in bytes (a position with every move of a game is under 1 KiB).
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
}
