//! The tournament report as one self-contained HTML page (no scripts, no outside files), for a
//! teacher to publish. Every text that comes from players or records is escaped.

use std::fmt::Write as _;

use crate::tournament::Crosstable;

/// `s` with `&`, `<`, `>`, `"` and `'` escaped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em}\
th{background:#f3f0e8}td.n{text-align:right;font-variant-numeric:tabular-nums}\
td.self{background:#eee}caption{text-align:left;font-weight:bold;margin-bottom:.3em}\
p.note{color:#555;font-size:.9em}code{font-size:.9em}";

/// The report of `c` as an HTML page.
pub fn crosstable_html(c: &Crosstable) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Tournament</title>\
         <style>{STYLE}</style></head><body>\n<h1>Tournament</h1>\n<p>{}. Games: {} of {}.</p>\n",
        escape(&c.about.describe()),
        c.games,
        c.planned_games
    );
    h.push_str(
        "<table><caption>Standings</caption><tr><th>#</th><th>Player</th><th>Elo</th><th>95%</th>\
         <th>Points</th><th>Games</th><th>W</th><th>D</th><th>L</th><th>Margin</th><th>Forfeits</th></tr>\n",
    );
    for (rank, &i) in c.ranking.iter().enumerate() {
        let s = &c.standings[i];
        let (elo, margin) = c.rating_text(s);
        let _ = writeln!(
            h,
            "<tr><td class=n>{}</td><td title=\"{}\">{}</td><td class=n>{}</td><td class=n>{}</td>\
             <td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td>\
             <td class=n>{}</td><td>{}</td></tr>",
            rank + 1,
            escape(&s.player),
            escape(&s.name),
            elo,
            escape(&margin),
            s.points,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.mean_margin.map_or("n/a".into(), |m| format!("{m:+.1}")),
            escape(&Crosstable::forfeits_text(s))
        );
    }
    h.push_str("</table>\n<table><caption>Crosstable (points/games of the row against the column)</caption><tr><th>#</th><th>Player</th>");
    for k in 1..=c.ranking.len() {
        let _ = write!(h, "<th>{k}</th>");
    }
    h.push_str("</tr>\n");
    for (rank, &i) in c.ranking.iter().enumerate() {
        let _ = write!(h, "<tr><td class=n>{}</td><td>{}</td>", rank + 1, escape(&c.standings[i].name));
        for &j in &c.ranking {
            if i == j {
                h.push_str("<td class=self></td>");
            } else {
                let _ = write!(h, "<td class=n>{}</td>", Crosstable::cell_text(c.standings[i].against[j]));
            }
        }
        h.push_str("</tr>\n");
    }
    let _ = write!(
        h,
        "</table>\n<p class=note>Ratings: maximum likelihood (Bradley-Terry) over all games, one virtual \
         draw per pairing, {} anchored at {}; the 95% column is the half-width of the interval. Margin: \
         mean board points difference per game.</p>\n<table><caption>Players</caption><tr><th>Name</th>\
         <th>Player</th></tr>\n",
        escape(&c.anchor.0),
        c.anchor.1
    );
    for s in &c.standings {
        let _ =
            writeln!(h, "<tr><td>{}</td><td><code>{}</code></td></tr>", escape(&s.name), escape(&s.player));
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{About, Format, Game};

    #[test]
    fn names_are_escaped() {
        let about = About {
            names: vec!["<b>evil</b>".into(), "a&b".into()],
            players: vec!["cmd:<b>evil</b> \"x\"".into(), "a&b".into()],
            format: Format::RoundRobin,
            first_seed: 1,
            boards: 1,
            rules: "canonical".into(),
            limits: "<script>".into(),
        };
        let games = [Game {
            index: 0,
            players: [0, 1],
            points: 1.0,
            termination: crate::Termination::Normal,
            margin: Some(10.0),
        }];
        let c = Crosstable::new(&about, &games, 2, 1, 0.0);
        let h = crosstable_html(&c);
        assert!(!h.contains("<b>") && !h.contains("<script>") && !h.contains("a&b"), "{h}");
        assert!(
            h.contains("&lt;b&gt;evil&lt;/b&gt;") && h.contains("a&amp;b") && h.contains("&quot;x&quot;")
        );
    }
}
