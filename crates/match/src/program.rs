//! A team's program as a team hands it in (the arena's upload): its files, the one to load, and
//! the glue to the adapter. Checked whole before anything is written: file names that stay in
//! their folder, text files, bounds on their number and size, an entry among them, glue keys a
//! team may give (the referee's own — `sbcl`, `sandbox`, `heap-mb`, `load-ms` — are not the
//! team's to set). Written to a folder of its own, it is played as `lisp:FOLDER/ENTRY,…,sandbox=yes`.

use std::path::Path;

use crate::lisp::{GlueError, check_glue};
use crate::spec::PlayerSpec;

/// The most files of one program.
pub const MAX_FILES: usize = 8;
/// The most bytes of one program's files together.
pub const MAX_BYTES: usize = 512 << 10;
/// The longest file name.
pub const MAX_NAME: usize = 64;
/// SBCL's heap for a team's program, in MiB: ample for a course program, and a quarter of the
/// adapter's default, so that a server playing arena games beside its classes keeps its memory.
pub const HEAP_MB: u64 = 512;
/// The glue keys that are the referee's, not the team's.
pub const REFEREE_KEYS: [&str; 4] = ["sbcl", "sandbox", "heap-mb", "load-ms"];

/// A team's program, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamProgram {
    /// The files, by name, in the order given.
    pub files: Vec<(String, String)>,
    /// The file to load.
    pub entry: String,
    /// The glue (checked `KEY=VALUE` pairs, in the order given).
    pub glue: Vec<(String, String)>,
}

/// Why a program handed in is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProgramError {
    /// No file.
    #[error("no file")]
    NoFiles,
    /// More files than [`MAX_FILES`].
    #[error("{count} files: at most {MAX_FILES}")]
    TooManyFiles {
        /// How many were given.
        count: usize,
    },
    /// More bytes than [`MAX_BYTES`].
    #[error("{bytes} bytes: at most {MAX_BYTES}")]
    TooBig {
        /// How many were given.
        bytes: usize,
    },
    /// A file name that is not a plain name in the folder (`../x`, `/etc/x`, `a/b`, `.x`, …).
    #[error(
        "`{name}` is not a file name (letters, digits, `.`, `-`, `_`, at most {MAX_NAME}, not starting with `.`)"
    )]
    BadName {
        /// The name given.
        name: String,
    },
    /// Two files with one name.
    #[error("two files are named `{name}`")]
    Twice {
        /// The name.
        name: String,
    },
    /// A file that is not text (it holds a NUL or another control character).
    #[error("`{name}` is not a text file")]
    NotText {
        /// The file's name.
        name: String,
    },
    /// No entry given and not exactly one file.
    #[error("say which of the files to load (entry)")]
    NoEntry,
    /// The entry is not one of the files.
    #[error("the entry `{entry}` is not one of the files")]
    NoSuchEntry {
        /// The entry given.
        entry: String,
    },
    /// A glue key that is the referee's.
    #[error("`{key}` is set by the referee, not by the team")]
    RefereeKey {
        /// The key.
        key: String,
    },
    /// A glue key or value refused.
    #[error("{0}")]
    Glue(GlueError),
}

impl TeamProgram {
    /// Checks a program handed in: its `files` (name, text), the `entry` to load (none: the only
    /// file) and the `options` (glue keys and values).
    pub fn check(
        files: Vec<(String, String)>,
        entry: Option<String>,
        options: Vec<(String, String)>,
    ) -> Result<TeamProgram, ProgramError> {
        if files.is_empty() {
            return Err(ProgramError::NoFiles);
        }
        if files.len() > MAX_FILES {
            return Err(ProgramError::TooManyFiles { count: files.len() });
        }
        let bytes = files.iter().map(|(_, t)| t.len()).sum();
        if bytes > MAX_BYTES {
            return Err(ProgramError::TooBig { bytes });
        }
        for (i, (name, text)) in files.iter().enumerate() {
            if !plain_name(name) {
                return Err(ProgramError::BadName { name: name.clone() });
            }
            if files[..i].iter().any(|(n, _)| n == name) {
                return Err(ProgramError::Twice { name: name.clone() });
            }
            if text.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c')) {
                return Err(ProgramError::NotText { name: name.clone() });
            }
        }
        let entry = match entry {
            Some(e) if files.iter().any(|(n, _)| *n == e) => e,
            Some(entry) => return Err(ProgramError::NoSuchEntry { entry }),
            None if files.len() == 1 => files[0].0.clone(),
            None => return Err(ProgramError::NoEntry),
        };
        let mut glue = Vec::with_capacity(options.len());
        for (key, value) in options {
            if REFEREE_KEYS.contains(&key.as_str()) {
                return Err(ProgramError::RefereeKey { key });
            }
            let value = check_glue(&key, &value).map_err(ProgramError::Glue)?;
            glue.push((key, value));
        }
        Ok(TeamProgram { files, entry, glue })
    }

    /// Writes the files into `dir` (which must exist and be empty: a folder of this program's own).
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), text)?;
        }
        Ok(())
    }

    /// The player that plays this program written to `dir`, in the sandbox, with a heap of
    /// [`HEAP_MB`].
    pub fn player(&self, dir: &Path) -> PlayerSpec {
        let mut glue = self.glue.clone();
        glue.push(("heap-mb".into(), HEAP_MB.to_string()));
        glue.push(("sandbox".into(), "yes".into()));
        PlayerSpec::Lisp { path: dir.join(&self.entry).to_string_lossy().into_owned(), glue }
    }
}

/// A name that stays in its folder: ASCII letters, digits, `.`, `-` and `_`, not starting with
/// `.`, at most [`MAX_NAME`] long.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> (String, String) {
        (name.to_string(), text.to_string())
    }

    #[test]
    fn a_good_program_is_taken_with_its_entry_and_glue() {
        let files = vec![file("equipa.lisp", "(load \"regras.lisp\")"), file("regras.lisp", "(defun f ())")];
        let glue = vec![("args".to_string(), "state + time".to_string())];
        let p = TeamProgram::check(files, Some("equipa.lisp".into()), glue).unwrap();
        assert_eq!(p.entry, "equipa.lisp");
        assert_eq!(p.glue, [("args".to_string(), "state+time".to_string())]);
        let dir = tempfile::tempdir().unwrap();
        p.write_to(dir.path()).unwrap();
        assert!(dir.path().join("regras.lisp").is_file());
        let spec = p.player(dir.path()).to_string();
        assert!(
            spec.starts_with("lisp:")
                && spec.ends_with("equipa.lisp,args=state+time,heap-mb=512,sandbox=yes"),
            "{spec}"
        );
        // The only file is the entry.
        assert_eq!(TeamProgram::check(vec![file("a.lisp", "")], None, vec![]).unwrap().entry, "a.lisp");
    }

    #[test]
    fn names_that_leave_the_folder_are_refused() {
        for name in
            ["../escape.lisp", "/etc/x", "a/../../b", "a/b.lisp", ".hidden", "", "..", "a\\b", "é.lisp"]
        {
            let e = TeamProgram::check(vec![file(name, "x")], None, vec![]).unwrap_err();
            assert_eq!(e, ProgramError::BadName { name: name.to_string() }, "{name}");
        }
        let long = "a".repeat(MAX_NAME + 1);
        assert!(matches!(
            TeamProgram::check(vec![file(&long, "")], None, vec![]),
            Err(ProgramError::BadName { .. })
        ));
    }

    #[test]
    fn bounds_text_entries_and_keys_are_checked() {
        let nine: Vec<_> = (0..9).map(|i| file(&format!("f{i}.lisp"), "")).collect();
        assert_eq!(
            TeamProgram::check(nine, None, vec![]).unwrap_err(),
            ProgramError::TooManyFiles { count: 9 }
        );
        let big = vec![file("a.lisp", &"x".repeat(600 << 10))];
        assert_eq!(
            TeamProgram::check(big, None, vec![]).unwrap_err(),
            ProgramError::TooBig { bytes: 600 << 10 }
        );
        let twice = vec![file("a.lisp", ""), file("a.lisp", "")];
        assert_eq!(
            TeamProgram::check(twice, None, vec![]).unwrap_err(),
            ProgramError::Twice { name: "a.lisp".into() }
        );
        let binary = vec![file("a.lisp", "abc\0def")];
        assert_eq!(
            TeamProgram::check(binary, None, vec![]).unwrap_err(),
            ProgramError::NotText { name: "a.lisp".into() }
        );
        let two = vec![file("a.lisp", ""), file("b.lisp", "")];
        assert_eq!(TeamProgram::check(two.clone(), None, vec![]).unwrap_err(), ProgramError::NoEntry);
        assert_eq!(
            TeamProgram::check(two.clone(), Some("c.lisp".into()), vec![]).unwrap_err(),
            ProgramError::NoSuchEntry { entry: "c.lisp".into() }
        );
        for key in REFEREE_KEYS {
            let e = TeamProgram::check(two.clone(), Some("a.lisp".into()), vec![(key.into(), "1".into())]);
            assert_eq!(e.unwrap_err(), ProgramError::RefereeKey { key: key.into() });
        }
        let bad = TeamProgram::check(two, Some("a.lisp".into()), vec![("colour".into(), "x".into())]);
        assert!(matches!(bad, Err(ProgramError::Glue(GlueError::UnknownKey { .. }))));
    }
}
