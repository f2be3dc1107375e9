//! The documentation stands on its own: every link in `README.md`, `README.pt.md` and `docs/`
//! points at a file of this repository that exists (and at a heading of it that exists, for
//! `file.md#anchor`), never outside it; no `--help` text names a document the repository lacks or
//! an address on the web.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The Markdown files whose links are checked.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        ["README.md", "README.pt.md"].iter().map(|f| root.join(f)).filter(|p| p.exists()).collect();
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// What a Markdown text links to, and the web addresses written in its prose.
#[derive(Debug, Default, PartialEq)]
struct Scan {
    links: Vec<String>,
    bare_urls: Vec<String>,
}

fn scan(markdown: &str) -> Scan {
    let mut s = Scan::default();
    let mut in_code_block = false;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                s.links.push(dest_url.to_string());
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_) | CodeBlockKind::Indented)) => {
                in_code_block = true;
            }
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) if !in_code_block => {
                for word in t.split_whitespace() {
                    if ["http://", "https://", "www."].iter().any(|p| word.contains(p)) {
                        s.bare_urls.push(word.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    s
}

/// The anchors GitHub gives the headings of a Markdown text: lower case, letters, digits, `-` and
/// `_` kept, spaces turned into `-`, the rest dropped; a repeated anchor gets `-1`, `-2`, ...
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let text = heading.take().unwrap_or_default();
                let slug: String = text
                    .to_lowercase()
                    .chars()
                    .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
                    .map(|c| if c == ' ' { '-' } else { c })
                    .collect();
                let mut candidate = slug.clone();
                let mut n = 0;
                while set.contains(&candidate) {
                    n += 1;
                    candidate = format!("{slug}-{n}");
                }
                set.insert(candidate);
            }
            _ => {}
        }
    }
    set
}

/// Why the link `target`, found in `file`, is wrong, if it is.
fn check_link(root: &Path, file: &Path, target: &str) -> Result<(), String> {
    if target.contains("://") || target.starts_with("mailto:") || target.starts_with("//") {
        return Err("leaves the repository".into());
    }
    if target.starts_with('/') {
        return Err("is absolute: write a path relative to the document".into());
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let resolved = if path.is_empty() { file.to_path_buf() } else { file.parent().unwrap().join(path) };
    let resolved = resolved.canonicalize().map_err(|_| "points at a missing file".to_string())?;
    if !resolved.starts_with(root) {
        return Err("leaves the repository".into());
    }
    if let Some(anchor) = anchor
        && resolved.extension().is_some_and(|e| e == "md")
        && !anchors(&std::fs::read_to_string(&resolved).unwrap()).contains(anchor)
    {
        return Err(format!("names a heading `#{anchor}` that {} does not have", resolved.display()));
    }
    Ok(())
}

#[test]
fn every_link_of_the_docs_stays_in_the_repository_and_exists() {
    let root = repo_root();
    let docs = documents(&root);
    for expected in ["README.md", "docs/en/rules.md", "docs/pt/regras.md"] {
        assert!(docs.contains(&root.join(expected)), "{expected} not among the documents found: {docs:?}");
    }
    let mut problems = Vec::new();
    for file in &docs {
        let text = std::fs::read_to_string(file).unwrap();
        let scan = scan(&text);
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        for link in scan.links {
            if let Err(why) = check_link(&root, file, &link) {
                problems.push(format!("{name}: link `{link}` {why}"));
            }
        }
        for url in scan.bare_urls {
            problems.push(format!(
                "{name}: `{url}` is a web address (write it in code, or link a file of the repository)"
            ));
        }
    }
    assert!(problems.is_empty(), "broken links:\n{}", problems.join("\n"));
}

#[test]
fn the_checker_finds_bad_links() {
    let root = repo_root();
    let readme = root.join("README.md");
    assert!(check_link(&root, &readme, "docs/en/rules.md").is_ok());
    assert!(check_link(&root, &readme, "docs/en/rules.md#7-notations").is_ok());
    assert!(check_link(&root, &readme, "docs/en/rules.md#no-such-heading").is_err());
    assert!(check_link(&root, &readme, "docs/en/missing.md").is_err());
    assert!(check_link(&root, &readme, "../shared/RULES.md").is_err());
    assert!(check_link(&root, &readme, "https://example.org/").is_err());
    assert!(check_link(&root, &readme, "/etc/passwd").is_err());
    let s =
        scan("[a](x.md) ![b](y.svg) see https://example.org\n\n```sh\ncurl http://127.0.0.1:8080/\n```\n");
    assert_eq!(s.links, ["x.md", "y.svg"]);
    assert_eq!(s.bare_urls, ["https://example.org"]);
    let a = anchors("# Jogo do Cavalo\n## 7. Notações (`x`)\n## Notes\n## Notes\n");
    assert_eq!(a, ["7-notações-x", "jogo-do-cavalo", "notes", "notes-1"].map(String::from).into());
}

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cavalo")).args(args).arg("--help").output().unwrap();
    assert!(out.status.success(), "cavalo {args:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn help_texts_name_no_missing_document_and_no_web_address() {
    let root = repo_root();
    let top = help(&[]);
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "subcommands found in `cavalo --help`: {commands:?}");
    let mut problems = Vec::new();
    for cmd in std::iter::once("").chain(commands) {
        let text = if cmd.is_empty() { top.clone() } else { help(&[cmd]) };
        for word in text.split(|c: char| c.is_whitespace() || "()[],;`'\"".contains(c)) {
            if word.contains("http://") || word.contains("https://") {
                problems.push(format!("cavalo {cmd} --help: web address `{word}`"));
            } else if word.ends_with(".md") && !root.join(word).exists() {
                problems.push(format!("cavalo {cmd} --help: `{word}` is not a file of the repository"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
