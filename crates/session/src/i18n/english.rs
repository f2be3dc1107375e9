//! The words only the English catalogue uses. A Portuguese screen, report or chart that holds one
//! shows English to a Portuguese reader: the tests of every front end check their Portuguese
//! output with [`english_words_in`].

use std::collections::BTreeSet;
use std::sync::LazyLock;

use super::{EN_FTL, PT_FTL};

/// The text of a catalogue's messages: no comments, no ids, no placeables (`{ $n }`, selectors),
/// no literals in backquotes (what the user types: `white`).
fn message_text(ftl: &str) -> String {
    let mut out = String::new();
    for line in ftl.lines() {
        let t = line.trim_start();
        let text = if t.starts_with('#') {
            continue;
        } else if t.starts_with('[') || t.starts_with("*[") {
            // A variant of a selector: its text follows its key.
            t.split_once(']').map_or("", |(_, text)| text)
        } else if let Some(rest) = t.strip_prefix('}') {
            rest
        } else {
            // A message's first line: its id (`usage-unknown-argument = …`) is not text.
            match line.split_once('=') {
                Some((id, text)) if !line.starts_with(' ') && !id.trim_end().contains(' ') => text,
                _ => line,
            }
        };
        let (mut depth, mut quoted) = (0, false);
        for c in text.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                '`' => quoted = !quoted,
                _ if depth == 0 && !quoted => out.push(c),
                _ => {}
            }
        }
        out.push('\n');
    }
    out
}

/// The words of `text` (letters only, lower case) of at least four letters.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphabetic()).filter(|w| w.chars().count() >= 4).map(str::to_lowercase)
}

/// The English catalogue's words that no Portuguese message uses as a word of its own. (A
/// Portuguese message quoting `human-computer` does not make "human" Portuguese.)
static ENGLISH_ONLY: LazyLock<BTreeSet<String>> = LazyLock::new(|| {
    let pt = message_text(PT_FTL);
    let portuguese: BTreeSet<String> = pt
        .split(|c: char| !(c.is_alphabetic() || c == '-' || c == ':' || c == '_'))
        .map(str::to_lowercase)
        .collect();
    words(&message_text(EN_FTL)).filter(|w| !portuguese.contains(w)).collect()
});

/// The words of `text` that only the English catalogue uses, but those `allowed` (a notation
/// such as `seed:7`, an engine's name): empty when a Portuguese text shows no English.
pub fn english_words_in(text: &str, allowed: &[&str]) -> Vec<String> {
    let mut found: Vec<String> =
        words(text).filter(|w| ENGLISH_ONLY.contains(w) && !allowed.contains(&w.as_str())).collect();
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn english_words_are_found_and_portuguese_ones_are_not() {
        assert!(ENGLISH_ONLY.len() > 300, "{}", ENGLISH_ONLY.len());
        for w in ["human", "computer", "nodes", "result", "white", "black", "plies"] {
            assert!(ENGLISH_ONLY.contains(w), "{w}");
        }
        let pt = Lang::Pt.tr(key!("stat-nodes"));
        assert_eq!(english_words_in(&pt, &[]), Vec::<String>::new(), "{pt}");
        assert_eq!(english_words_in("Resultado: white (over), 5 plies", &[]), ["over", "plies", "white"]);
        assert_eq!(english_words_in("computer:cavalo", &[]), ["computer"]);
        assert!(english_words_in("início seed:7", &["seed"]).is_empty());
        // Ids are not text: `usage-unknown-argument = …` makes no word of `argument`.
        assert_eq!(message_text("usage-unknown-argument = no option { $arg }\n"), " no option \n");
    }
}
