//! Files named on the command line, read with a bound: a text file is read whole up to
//! [`MAX_TEXT`] bytes, a file of one record per line up to [`MAX_LINE`] bytes a line. A file
//! beyond its bound (or a device that never ends, such as `/dev/zero`) is refused with an error
//! that names it, instead of filling the memory until the program is killed.
//!
//! Every command of the `cavalo` binary, the measurement tools (`cavalo-lab`) and the games'
//! import read the files their user names through here.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The largest text file read whole: 256 MiB (a record, a log, a suite, a saved state).
pub const MAX_TEXT: u64 = 256 << 20;

/// The longest line of a file read line by line: 16 MiB (a training data file's game).
pub const MAX_LINE: usize = 16 << 20;

/// The text of the file at `path`, at most [`MAX_TEXT`] bytes.
pub fn read_text(path: &Path) -> io::Result<String> {
    read_text_within(path, MAX_TEXT)
}

/// The text of the file at `path`, at most `max` bytes; a larger file (or one that does not end)
/// is an error of kind [`io::ErrorKind::FileTooLarge`] saying so.
pub fn read_text_within(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_bytes_within(path, max)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// The bytes of the file at `path`, at most [`MAX_TEXT`] (see [`read_text`]).
pub fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    read_bytes_within(path, MAX_TEXT)
}

/// The bytes of the file at `path`, at most `max` (see [`read_text_within`]).
pub fn read_bytes_within(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = File::open(path)?;
    // A regular file says its size: one too large is refused before it is read.
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > max) {
        return Err(too_large(path, max));
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(path, max));
    }
    Ok(bytes)
}

/// The lines of the file at `path` (without their line ends), each at most `max_line` bytes: a
/// longer one is an error of kind [`io::ErrorKind::FileTooLarge`], and the lines stop there.
pub fn lines(path: &Path, max_line: usize) -> io::Result<Lines> {
    let reader = BufReader::new(File::open(path)?);
    Ok(Lines { reader, path: path.to_path_buf(), max_line, done: false })
}

/// The lines of a file, each bounded (see [`lines`]).
#[derive(Debug)]
pub struct Lines {
    reader: BufReader<File>,
    path: PathBuf,
    max_line: usize,
    done: bool,
}

impl Iterator for Lines {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        if self.done {
            return None;
        }
        let mut bytes = Vec::new();
        let limit = self.max_line as u64 + 1;
        let read = (&mut self.reader).take(limit).read_until(b'\n', &mut bytes);
        let result = match read {
            Ok(0) => {
                self.done = true;
                return None;
            }
            Ok(_) if bytes.len() as u64 == limit && bytes.last() != Some(&b'\n') => {
                Err(line_too_long(&self.path, self.max_line))
            }
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
            }
            Err(e) => Err(e),
        };
        self.done = result.is_err();
        Some(result)
    }
}

fn too_large(path: &Path, max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("{} is larger than {}: not a file this command reads", path.display(), size(max as usize)),
    )
}

fn line_too_long(path: &Path, max: usize) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("{} has a line longer than {}: not a file of one record per line", path.display(), size(max)),
    )
}

/// `bytes` in words: `16 MiB`, `300 bytes`.
fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_file_is_read_up_to_its_bound() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.txt");
        std::fs::write(&p, "0123456789").unwrap();
        assert_eq!(read_text_within(&p, 10).unwrap(), "0123456789");
        let e = read_text_within(&p, 9).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("larger than 9 bytes"), "{e}");
        assert_eq!(read_text(&dir.path().join("none")).unwrap_err().kind(), io::ErrorKind::NotFound);
    }

    #[cfg(unix)]
    #[test]
    fn a_device_that_never_ends_is_refused() {
        let e = read_text_within(Path::new("/dev/zero"), 1000).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge, "{e}");
        let mut it = lines(Path::new("/dev/zero"), 1000).unwrap();
        let e = it.next().unwrap().unwrap_err();
        assert!(e.to_string().contains("a line longer than 1000 bytes"), "{e}");
        assert!(it.next().is_none(), "the lines stop at the fault");
    }

    #[test]
    fn lines_come_without_their_ends() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("l.txt");
        std::fs::write(&p, "ab\r\ncd\n\nlast").unwrap();
        let got: Vec<String> = lines(&p, 4).unwrap().map(Result::unwrap).collect();
        assert_eq!(got, ["ab", "cd", "", "last"]);
        std::fs::write(&p, "abcde\n").unwrap();
        assert!(lines(&p, 4).unwrap().next().unwrap().is_err());
        // A line exactly at the bound, its end just beyond: read.
        std::fs::write(&p, "abcd\nx").unwrap();
        let got: Vec<String> = lines(&p, 4).unwrap().map(Result::unwrap).collect();
        assert_eq!(got, ["abcd", "x"]);
    }
}
