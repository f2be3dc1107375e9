//! The README's console examples, run against the real binary with `trycmd`.
//!
//! - Every ```` ```console ```` block of `README.md` (and of the rules, `docs/en/rules.md` and
//!   `docs/pt/regras.md`: the seeded generator's test vector) is a trycmd case: `$ cavalo ...`
//!   lines are run (no shell: arguments are split like a shell would, nothing else), and what
//!   follows is the expected output (standard output and error together; `? N` is the exit
//!   status, `[..]` matches any text within a line, a line `...` any number of lines; each
//!   output ends with a blank line).
//! - Examples that need standard input are trycmd cases in `tests/cmd/` (`NAME.toml` with
//!   `NAME.stdin` and `NAME.stdout`).
//! - The README's engine transcript (a ```` ```text ```` block that starts with `$ cavalo engine`;
//!   lines typed by the user start with `> `) must be exactly the `engine` case: what is typed is
//!   `engine.stdin`, the rest is `engine.stdout`. So it is checked against the binary too.
//!
//! After a deliberate change of output,
//! `TRYCMD=overwrite cargo test -p cavalo --test it -- readme::` rewrites the expected outputs
//! (review the diff; keep the `[..]` of timings).

use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmd")
}

#[test]
fn console_examples_of_the_docs_match_the_binary() {
    trycmd::TestCases::new()
        .register_bin("cavalo", PathBuf::from(env!("CARGO_BIN_EXE_cavalo")))
        .default_bin_name("cavalo")
        // The reports of `match` and `tournament` follow the environment's language: English here.
        .env("LC_ALL", "C")
        .case(repo_root().join("README.md"))
        .case(repo_root().join("docs/en/rules.md"))
        .case(repo_root().join("docs/pt/regras.md"))
        .case(cases_dir().join("*.toml"));
}

/// The typed lines and the answers of the README block that starts with `$ cavalo engine`.
fn readme_transcript(readme: &str) -> Option<(String, String)> {
    let mut lines = readme.lines();
    // The ```text block whose first line is the command.
    while let Some(line) = lines.next() {
        if line.trim() == "```text" {
            let mut block = lines.clone();
            if block.next().map(str::trim) == Some("$ cavalo engine") {
                let (mut typed, mut answers) = (String::new(), String::new());
                for l in block.take_while(|l| l.trim() != "```") {
                    match l.strip_prefix("> ") {
                        Some(t) => typed.extend([t, "\n"]),
                        None => answers.extend([l, "\n"]),
                    }
                }
                return Some((typed, answers));
            }
        }
    }
    None
}

#[test]
fn readme_engine_transcript_is_the_checked_case() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let (typed, answers) =
        readme_transcript(&readme).expect("README.md has a ```text block starting with `$ cavalo engine`");
    let stdin = std::fs::read_to_string(cases_dir().join("engine.stdin")).unwrap();
    let stdout = std::fs::read_to_string(cases_dir().join("engine.stdout")).unwrap();
    assert_eq!(typed, stdin, "the README's typed lines (`> ...`) differ from tests/cmd/engine.stdin");
    assert_eq!(answers, stdout, "the README's engine answers differ from tests/cmd/engine.stdout");
}

#[test]
fn transcript_parsing_separates_typed_lines_from_answers() {
    let md = "x\n```text\n$ cavalo engine\n> isready\nreadyok\n> quit\n```\n";
    let (typed, answers) = readme_transcript(md).unwrap();
    assert_eq!(typed, "isready\nquit\n");
    assert_eq!(answers, "readyok\n");
    assert!(readme_transcript("```text\n$ cavalo go\n```\n").is_none());
}
