//! What the Lisp adapter reports when a team's program goes wrong ([`LispReport`]), as data: it
//! writes a JSON object (`info string error: {"lisp":KIND,…}` before it exits, `info string
//! illegal: {…}` before an answer that is no legal move), read here into types. Its `Display`
//! is the referee's English (records' `meta.detail`); front ends word the data in their
//! language. The texts inside (a condition's words, a printed answer) are SBCL's and the team's.

use std::fmt;

use cavalo_rules::Side;
use serde::{Deserialize, Serialize};

/// A Lisp condition the team's code signalled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// Its type, as Lisp prints it (`TYPE-ERROR`, `SB-INT:SIMPLE-PROGRAM-ERROR`).
    #[serde(rename = "type")]
    pub kind: String,
    /// SBCL's words for it, on one line.
    pub text: String,
    /// A type error's value, printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datum: Option<String>,
    /// A type error's expected type, printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// An undefined function's or unbound variable's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// What went wrong loading the team's file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case", tag = "kind")]
pub enum LoadProblem {
    /// The reader failed (SBCL's words, without its stream details).
    Read {
        /// SBCL's words.
        text: String,
        /// Whether the file ended inside a form (a parenthesis or a string not closed).
        eof: bool,
    },
    /// The file reads standard input, empty under the referee.
    ReadsInput,
    /// An error while the file's forms ran.
    Error {
        /// SBCL's words.
        text: String,
    },
    /// The control stack ran out while loading.
    StackExhausted {
        /// The team's function that recursed, when found.
        function: Option<String>,
    },
    /// The heap ran out while loading.
    HeapExhausted {
        /// The heap, in MiB.
        heap_mb: u64,
    },
}

/// A cell where the board returned differs from the board after the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The cell (`E5`).
    pub cell: String,
    /// What it should hold, as Lisp prints it (`NIL`, `-1`, `23`).
    pub should: String,
    /// What it holds.
    pub is: String,
}

/// What the adapter reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case", tag = "lisp")]
pub enum LispReport {
    /// The team's function signalled an error: a crash of the program at that ply.
    Signalled {
        /// The function called (as the glue names it).
        function: String,
        /// The condition.
        condition: Condition,
        /// The innermost calls of the team's own functions (SBCL's backtrace), innermost first.
        frames: Vec<String>,
        /// The state handed to the function, as the course writes it.
        state: String,
    },
    /// The team's file could not be loaded.
    CannotLoad {
        /// The team's file.
        file: String,
        /// The file that failed, when another one loaded from it.
        within: Option<String>,
        /// The line where the failing form starts.
        line: Option<u32>,
        /// What went wrong.
        problem: LoadProblem,
    },
    /// The file defines no such function.
    NoFunction {
        /// The team's file.
        file: String,
        /// The function looked for.
        function: String,
    },
    /// The control stack ran out (deep or infinite recursion).
    StackExhausted {
        /// The team's function that recursed, when found.
        function: Option<String>,
    },
    /// The heap ran out.
    HeapExhausted {
        /// The heap, in MiB.
        heap_mb: u64,
    },
    /// The function returned NIL but the side to move has legal moves.
    ReturnedNil {
        /// The side to move.
        side: Side,
        /// Its legal moves.
        legal: Vec<String>,
    },
    /// A `(row column)` answer that is no legal move: off the board, or a cell no move reaches.
    CellAnswer {
        /// The answer as the function returned it (`(10 4)`).
        answer: String,
        /// The cell it stands for, when on the board.
        cell: Option<String>,
        /// What rows and columns count from (`cell-base`).
        cell_base: u8,
    },
    /// The side to move must pass, but the board returned is another.
    MustPass {
        /// The side to move.
        side: Side,
    },
    /// The board returned has no knight of the side to move.
    NoKnight {
        /// The knight's number in the course's board (-1, -2).
        code: i8,
        /// The side to move.
        side: Side,
    },
    /// The knight went to a legal cell, but the rest of the board is not what the move leaves.
    WrongBoard {
        /// The knight's cell.
        dest: String,
        /// The first cells that differ.
        differences: Vec<Difference>,
        /// How many more differ.
        more: u32,
    },
    /// The answer is not a board, a cell or a move.
    NotAnAnswer {
        /// The answer, printed briefly.
        answer: String,
    },
}

impl LispReport {
    /// The report in an adapter's `info string` text after its tag (`error:`, `illegal:`), or
    /// `None` when the text is none.
    pub fn parse(said: &str) -> Option<LispReport> {
        let json = said.trim_start();
        if !json.starts_with('{') {
            return None;
        }
        serde_json::from_str(json).ok()
    }
}

/// `NIL (removed)`, `-1 (white knight)`: a course cell's value for a reader.
fn cell_value(v: &str) -> String {
    match v {
        "NIL" => "NIL (removed)".into(),
        "-1" => "-1 (white knight)".into(),
        "-2" => "-2 (black knight)".into(),
        _ => v.to_string(),
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.text)
    }
}

impl fmt::Display for LoadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadProblem::Read { text, eof } => {
                write!(f, "read error: {text}")?;
                if *eof { f.write_str(" (a parenthesis or a string not closed?)") } else { Ok(()) }
            }
            LoadProblem::ReadsInput => f.write_str(
                "it reads standard input, which is empty under the referee (read nothing at load)",
            ),
            LoadProblem::Error { text } => f.write_str(text),
            LoadProblem::StackExhausted { function } => stack_text(f, function.as_deref()),
            LoadProblem::HeapExhausted { heap_mb } => heap_text(f, *heap_mb),
        }
    }
}

fn stack_text(f: &mut fmt::Formatter<'_>, function: Option<&str>) -> fmt::Result {
    match function {
        Some(name) => write!(f, "control stack exhausted in `{name}` (infinite recursion?)"),
        None => f.write_str("control stack exhausted (infinite recursion?)"),
    }
}

fn heap_text(f: &mut fmt::Formatter<'_>, heap_mb: u64) -> fmt::Result {
    write!(
        f,
        "heap exhausted: the program used all of its {heap_mb} MiB (give heap-mb=… for more, or keep less in memory)"
    )
}

impl fmt::Display for LispReport {
    /// The referee's English text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LispReport as R;
        match self {
            R::Signalled { function, condition, frames, state } => {
                write!(f, "the program crashed: {condition}, in the function {function}")?;
                if !frames.is_empty() {
                    write!(f, "; the team's calls, innermost first: {}", frames.join(" < "))?;
                }
                write!(f, "; {function} was given the state {state}")
            }
            R::CannotLoad { file, within, line, problem } => {
                write!(f, "cannot load {file}: ")?;
                if let Some(w) = within {
                    write!(f, "{w} ")?;
                }
                if let Some(l) = line {
                    write!(f, "line {l}: ")?;
                }
                write!(f, "{problem}")
            }
            R::NoFunction { file, function } => {
                write!(f, "{file} defines no function {function} (give function=NAME)")
            }
            R::StackExhausted { function } => stack_text(f, function.as_deref()),
            R::HeapExhausted { heap_mb } => heap_text(f, *heap_mb),
            R::ReturnedNil { side, legal } => write!(
                f,
                "the function returned NIL (no move) but {side} has {} legal move{}: {}",
                legal.len(),
                if legal.len() == 1 { "" } else { "s" },
                legal.join(" ")
            ),
            R::CellAnswer { answer, cell, cell_base } => {
                let other = 1 - cell_base.min(&1);
                match cell {
                    Some(c) => write!(
                        f,
                        "the answer {answer} is the cell {c}, rows and columns counted from {cell_base}"
                    )?,
                    None => write!(
                        f,
                        "the answer {answer} is off the board, rows and columns counted from {cell_base}"
                    )?,
                }
                write!(f, " (give cell-base={other} if the program counts them from {other})")
            }
            R::MustPass { side } => {
                write!(f, "{side} must pass, but the board returned is not the same board")
            }
            R::NoKnight { code, side } => write!(f, "the board returned has no {code} (the {side} knight)"),
            R::WrongBoard { dest, differences, more } => {
                let cells: Vec<String> = differences
                    .iter()
                    .map(|d| {
                        format!("{} should be {} but is {}", d.cell, cell_value(&d.should), cell_value(&d.is))
                    })
                    .collect();
                write!(f, "{}", cells.join("; "))?;
                if *more > 0 {
                    f.write_str("; …")?;
                }
                write!(
                    f,
                    " (the board returned is not the board after the knight's move to {dest}, a legal move: \
                     after landing the symmetric number is removed, and landing on a double removes another double)"
                )
            }
            R::NotAnAnswer { answer } => {
                write!(f, "the function returned {answer}, which is not a board, a cell or a move")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_adapters_reports_are_read() {
        let said = r#"{"lisp":"signalled","function":"jogar","condition":{"type":"TYPE-ERROR","text":"The value NIL is not of type NUMBER","datum":"NIL","expected":"NUMBER"},"frames":["(AVALIA ((1 2) (0 0)))"],"state":"((1 2) (0 0))"}"#;
        let r = LispReport::parse(said).unwrap();
        let text = r.to_string();
        assert!(text.starts_with("the program crashed: TYPE-ERROR: The value NIL"), "{text}");
        assert!(
            text.contains("(AVALIA ((1 2) (0 0)))") && text.ends_with("the state ((1 2) (0 0))"),
            "{text}"
        );
        let load = r#" {"lisp":"cannot-load","file":"t.lisp","within":null,"line":3,"problem":{"kind":"read","text":"end of file on t.lisp","eof":true}}"#;
        assert_eq!(
            LispReport::parse(load).unwrap().to_string(),
            "cannot load t.lisp: line 3: read error: end of file on t.lisp (a parenthesis or a string not closed?)"
        );
        let cell = r#"{"lisp":"cell-answer","answer":"(10 4)","cell":null,"cell-base":0}"#;
        let text = LispReport::parse(cell).unwrap().to_string();
        assert!(text.contains("(10 4) is off the board") && text.contains("cell-base=1"), "{text}");
        assert_eq!(LispReport::parse("error: not json"), None);
        assert_eq!(LispReport::parse(r#"{"lisp":"unheard-of"}"#), None);
    }
}
