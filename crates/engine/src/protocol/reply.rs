//! What an engine writes to the referee: how its lines are written (the engine's side:
//! [`info_line`], [`stats_line`], [`bestmove_line`], [`info_string`]) and how the referee reads
//! them ([`Reply::parse`]).

use cavalo_rules::Move;

use super::lines::printable;
use crate::SearchInfo;

/// `info depth <d> seldepth <sd> score cp <v> [proven] nodes <n> nps <n> hashfull <h> time <ms> pv ...`
pub fn info_line(i: &SearchInfo) -> String {
    let proven = if i.proven { " proven" } else { "" };
    let mut s = format!(
        "info depth {} seldepth {} score cp {}{} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.score,
        proven,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv_string());
    }
    s
}

/// `info string stats nodes <n> alphacuts <a> betacuts <b> depth <d> time <ms> value <v>`
pub fn stats_line(i: &SearchInfo) -> String {
    format!(
        "info string stats nodes {} alphacuts {} betacuts {} depth {} time {} value {}",
        i.nodes,
        i.alpha_cuts,
        i.beta_cuts,
        i.depth,
        i.time_ms(),
        i.score
    )
}

/// `bestmove <move>`, or `bestmove none` when there is no move to play.
pub fn bestmove_line(m: Option<Move>) -> String {
    match m {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove none".to_string(),
    }
}

/// `info string <msg>`, the control characters of `msg` escaped (it may echo input).
pub fn info_string(msg: &str) -> String {
    format!("info string {}", printable(msg))
}

/// What an `info` line reports of a search (the fields the referee keeps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `score cp`, in points from the mover's view.
    pub score: Option<i32>,
    /// `nodes`.
    pub nodes: Option<u64>,
}

impl Info {
    /// Reads depth, score and nodes from the words after `info` (up to `string` or `pv`); a
    /// field given twice keeps its last valid value.
    fn read(toks: &[&str]) -> Info {
        let mut r = Info::default();
        let mut i = 0;
        while i < toks.len() {
            match toks[i] {
                "depth" => r.depth = toks.get(i + 1).and_then(|v| v.parse().ok()).or(r.depth),
                "nodes" => r.nodes = toks.get(i + 1).and_then(|v| v.parse().ok()).or(r.nodes),
                "score" if toks.get(i + 1) == Some(&"cp") => {
                    r.score = toks.get(i + 2).and_then(|v| v.parse().ok()).or(r.score);
                    i += 1;
                }
                "string" | "pv" => return r,
                _ => {}
            }
            i += 1;
        }
        r
    }
}

/// One line of an engine, as the referee reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<'a> {
    /// An empty line (or only spaces).
    Blank,
    /// `id name <name>`.
    IdName(&'a str),
    /// `ugiok`: the end of the answer to `ugi`.
    UgiOk,
    /// `readyok`.
    ReadyOk,
    /// `info string <text>`.
    InfoString(&'a str),
    /// `info ...` about the search.
    Info(Info),
    /// `bestmove <move>` (`None`: the move is missing).
    BestMove(Option<&'a str>),
    /// Anything else.
    Other,
}

impl Reply<'_> {
    /// Reads one line (without its line ending); a line is known by its first word.
    pub fn parse(line: &str) -> Reply<'_> {
        if let Some(name) = line.strip_prefix("id name ") {
            return Reply::IdName(name.trim());
        }
        let toks: Vec<&str> = line.split_whitespace().collect();
        match toks.first() {
            None => Reply::Blank,
            Some(&"ugiok") => Reply::UgiOk,
            Some(&"readyok") => Reply::ReadyOk,
            Some(&"info") if toks.get(1) == Some(&"string") => {
                let text = line.trim_start()["info".len()..].trim_start()["string".len()..].trim();
                Reply::InfoString(text)
            }
            Some(&"info") => Reply::Info(Info::read(&toks[1..])),
            Some(&"bestmove") => Reply::BestMove(toks.get(1).copied()),
            Some(_) => Reply::Other,
        }
    }
}

/// What follows `info string error` in `line` (the engine reporting an error), if it is one.
pub fn error_text(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("info string error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read() {
        let l = "info depth 7 seldepth 9 score cp -12 proven nodes 4242 nps 1 pv E3 F5";
        let Reply::Info(r) = Reply::parse(l) else { panic!("an info line") };
        assert_eq!((r.depth, r.score, r.nodes), (Some(7), Some(-12), Some(4242)));
        assert_eq!(Reply::parse("info string depth 99"), Reply::InfoString("depth 99"));
        assert_eq!(Reply::parse("info  depth x"), Reply::Info(Info::default()));
    }

    #[test]
    fn replies_are_known_by_their_first_word() {
        assert_eq!(Reply::parse("id name Cavalo 1.0 "), Reply::IdName("Cavalo 1.0"));
        assert_eq!(Reply::parse("  "), Reply::Blank);
        assert_eq!(Reply::parse("ugiok"), Reply::UgiOk);
        assert_eq!(Reply::parse("readyok"), Reply::ReadyOk);
        assert_eq!(Reply::parse("bestmove E3 ponder F5"), Reply::BestMove(Some("E3")));
        assert_eq!(Reply::parse("bestmove"), Reply::BestMove(None));
        assert_eq!(Reply::parse("hello"), Reply::Other);
        assert_eq!(error_text(" info string error: bad"), Some(": bad"));
        assert_eq!(error_text("info string fine"), None);
    }

    #[test]
    fn what_the_engine_writes_the_referee_reads() {
        let info = SearchInfo { depth: 5, score: -3, nodes: 99, ..SearchInfo::default() };
        let Reply::Info(r) = Reply::parse(&info_line(&info)) else { panic!("an info line") };
        assert_eq!((r.depth, r.score, r.nodes), (Some(5), Some(-3), Some(99)));
        assert!(matches!(Reply::parse(&stats_line(&info)), Reply::InfoString(s) if s.starts_with("stats")));
        assert_eq!(Reply::parse(&bestmove_line(None)), Reply::BestMove(Some("none")));
        assert_eq!(info_string("a\u{1b}b"), "info string a\\u{1b}b");
    }
}
