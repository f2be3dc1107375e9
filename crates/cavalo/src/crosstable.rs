//! The tournament's report in the user's language: the crosstable as text (standard output) and
//! as one self-contained HTML page (no scripts, no outside files) for a teacher to publish. The
//! match crate gives the data ([`Crosstable`]); the words come from the catalogues.

use std::fmt::Write as _;

use cavalo_match::tournament::{About, Crosstable, Format, Standing};
use cavalo_session::i18n::{Arg, Lang};

use crate::match_report::{dec, limits_text, plain, reason_text, rules_text, signed};

/// The tournament in words: `round robin of 4 players, 2 boards per pairing (seeds 1..2), ...`.
pub fn about_text(lang: Lang, a: &About) -> String {
    let format = match a.format {
        Format::RoundRobin => lang.tr("report-round-robin"),
        Format::Gauntlet => lang.tr("report-gauntlet"),
    };
    let args = [
        ("format", format.into()),
        (
            "players",
            lang.tr_with("report-players-count", &[("count", Arg::Count(a.names.len() as u64))]).into(),
        ),
        ("boards", lang.tr_with("report-boards-count", &[("count", Arg::Count(a.boards))]).into()),
        ("first", Arg::Count(a.first_seed)),
        ("last", Arg::Count(a.last_seed())),
        ("limits", limits_text(lang, &a.limits).into()),
        ("rules", rules_text(lang, &a.rules).into()),
    ];
    lang.tr_with("report-tournament-about", &args)
}

/// A player's forfeits: `2 illegal move, 1 timeout`.
fn forfeits_text(lang: Lang, s: &Standing) -> String {
    let each = |(k, v): (&String, &u64)| {
        lang.tr_with(
            "report-forfeit-count",
            &[("count", Arg::Count(*v)), ("reason", reason_text(lang, k).into())],
        )
    };
    s.forfeits.iter().map(each).collect::<Vec<_>>().join(", ")
}

/// The rating and its margin: `+123.4`, `±56.7`; `0.0`, `anchor`; `n/a`.
fn rating_text(lang: Lang, c: &Crosstable, s: &Standing) -> (String, String) {
    match s.rating {
        Some(r) if s.name == c.anchor.0 => (dec(lang, r.elo, 1), lang.tr("report-anchor")),
        Some(r) => (signed(lang, r.elo, 1), format!("±{}", dec(lang, r.margin, 1))),
        None => (lang.tr("report-na"), String::new()),
    }
}

/// Points against another player, `3.5/4`, or `.` for none.
fn cell_text(lang: Lang, c: Option<[f64; 2]>) -> String {
    c.map_or(".".into(), |[p, g]| format!("{}/{g}", plain(lang, p)))
}

fn score_text(lang: Lang, s: &Standing) -> String {
    let score = if s.games == 0 { 0.0 } else { 100.0 * s.points / s.games as f64 };
    format!("{}%", dec(lang, score, 1))
}

fn margin_text(lang: Lang, s: &Standing) -> String {
    s.mean_margin.map_or_else(|| lang.tr("report-na"), |m| signed(lang, m, 1))
}

/// The crosstable as text.
pub fn text(lang: Lang, c: &Crosstable) -> String {
    let mut f = String::new();
    let labels = [lang.tr("report-label-tournament"), lang.tr("report-label-games")];
    let lw = labels.iter().map(|l| l.chars().count() + 2).max().unwrap_or(0).max(12);
    let games = lang.tr_with(
        "report-games-of",
        &[("games", Arg::Count(c.games)), ("planned", Arg::Count(c.planned_games))],
    );
    let _ = writeln!(f, "{:<lw$}{}", labels[0], about_text(lang, &c.about));
    let _ = writeln!(f, "{:<lw$}{games}", labels[1]);
    let player = lang.tr("report-col-player");
    let longest = c.standings.iter().map(|s| s.name.chars().count()).max().unwrap_or(6);
    let w = longest.max(player.chars().count()).clamp(6, 40);
    let _ = writeln!(f);
    standings_text(lang, c, &player, w, &mut f);
    let anchor = [("anchor", Arg::from(c.anchor.0.as_str())), ("elo", plain(lang, c.anchor.1).into())];
    let _ = writeln!(f);
    let _ = writeln!(f, "{}", lang.tr_with("report-ratings-note", &anchor));
    let _ = writeln!(f, "{}", lang.tr("report-margin-note"));
    let _ = writeln!(f);
    let _ = writeln!(f, "{}", lang.tr("report-crosstable"));
    let _ = write!(f, "{:>2}  {player:<w$}", "#");
    for k in 1..=c.ranking.len() {
        let _ = write!(f, "  {k:>7}");
    }
    let _ = writeln!(f);
    for (rank, &i) in c.ranking.iter().enumerate() {
        let name: String = c.standings[i].name.chars().take(w).collect();
        let _ = write!(f, "{:>2}  {name:<w$}", rank + 1);
        for &j in &c.ranking {
            let cell = if i == j { "-".into() } else { cell_text(lang, c.standings[i].against[j]) };
            let _ = write!(f, "  {cell:>7}");
        }
        let _ = writeln!(f);
    }
    if c.standings.iter().any(|s| s.name != s.player) {
        let _ = writeln!(f);
        let _ = writeln!(f, "{}", lang.tr("report-players"));
        for s in c.standings.iter().filter(|s| s.name != s.player) {
            let _ = writeln!(f, "  {} = {}", s.name, s.player);
        }
    }
    f
}

/// The table of standings, best first, the names `w` characters wide: each column as wide as
/// its header or its least width.
fn standings_text(lang: Lang, c: &Crosstable, player: &str, w: usize, f: &mut String) {
    let cols: Vec<(String, usize)> = [
        ("Elo".to_string(), 8),
        ("95%".to_string(), 8),
        (lang.tr("report-col-points"), 6),
        (lang.tr("report-col-games"), 5),
        (lang.tr("report-col-wdl"), 9),
        (lang.tr("report-col-score"), 6),
        (lang.tr("report-col-margin"), 7),
    ]
    .into_iter()
    .map(|(h, min)| {
        let width = h.chars().count().max(min);
        (h, width)
    })
    .collect();
    let row = |f: &mut String, rank: &str, name: &str, cells: [String; 7], last: &str| {
        let (a, b) = (cols[0].1, cols[1].1);
        let _ = write!(f, "{rank:>2}  {name:<w$}  {:>a$} {:>b$}", cells[0], cells[1]);
        for (cell, (_, width)) in cells[2..].iter().zip(&cols[2..]) {
            let _ = write!(f, "  {cell:>width$}");
        }
        let _ = writeln!(f, "  {last}");
    };
    row(f, "#", player, std::array::from_fn(|i| cols[i].0.clone()), &lang.tr("report-col-forfeits"));
    for (rank, &i) in c.ranking.iter().enumerate() {
        let s = &c.standings[i];
        let (elo, margin) = rating_text(lang, c, s);
        let name: String = s.name.chars().take(w).collect();
        let cells = [
            elo,
            margin,
            plain(lang, s.points),
            s.games.to_string(),
            format!("{}-{}-{}", s.wins, s.draws, s.losses),
            score_text(lang, s),
            margin_text(lang, s),
        ];
        row(f, &(rank + 1).to_string(), &name, cells, &forfeits_text(lang, s));
    }
}

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

/// The report as an HTML page. Every text that comes from players or records is escaped.
pub fn html(lang: Lang, c: &Crosstable) -> String {
    let t = |key: &str| escape(&lang.tr(key));
    let mut h = String::new();
    let games = lang.tr_with(
        "report-html-games",
        &[("games", Arg::Count(c.games)), ("planned", Arg::Count(c.planned_games))],
    );
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{title}</h1>\n<p>{}. {}</p>\n",
        lang.tag(),
        escape(&about_text(lang, &c.about)),
        escape(&games),
        title = t("report-label-tournament"),
    );
    html_standings(lang, c, &mut h);
    let caption = t("report-crosstable");
    let _ = write!(h, "<table><caption>{caption}</caption><tr><th>#</th><th>{}</th>", t("report-col-player"));
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
                let _ = write!(h, "<td class=n>{}</td>", cell_text(lang, c.standings[i].against[j]));
            }
        }
        h.push_str("</tr>\n");
    }
    let anchor = [("anchor", c.anchor.0.as_str().into()), ("elo", plain(lang, c.anchor.1).into())];
    let _ = write!(
        h,
        "</table>\n<p class=note>{}</p>\n<table><caption>{}</caption><tr><th>{}</th><th>{}</th></tr>\n",
        escape(&lang.tr_with("report-html-note", &anchor)),
        t("report-players"),
        t("report-col-name"),
        t("report-col-player")
    );
    for s in &c.standings {
        let _ =
            writeln!(h, "<tr><td>{}</td><td><code>{}</code></td></tr>", escape(&s.name), escape(&s.player));
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

/// The page's table of standings, best first.
fn html_standings(lang: Lang, c: &Crosstable, h: &mut String) {
    let t = |key: &str| escape(&lang.tr(key));
    let _ = write!(
        h,
        "<table><caption>{}</caption><tr><th>#</th><th>{}</th><th>Elo</th><th>95%</th>",
        t("report-standings"),
        t("report-col-player")
    );
    for key in ["points", "games", "w", "d", "l", "margin", "forfeits"] {
        let _ = write!(h, "<th>{}</th>", t(&format!("report-col-{key}")));
    }
    h.push_str("</tr>\n");
    for (rank, &i) in c.ranking.iter().enumerate() {
        let s = &c.standings[i];
        let (elo, margin) = rating_text(lang, c, s);
        let _ = write!(
            h,
            "<tr><td class=n>{}</td><td title=\"{}\">{}</td>",
            rank + 1,
            escape(&s.player),
            escape(&s.name)
        );
        let numbers = [
            elo,
            margin,
            plain(lang, s.points),
            s.games.to_string(),
            s.wins.to_string(),
            s.draws.to_string(),
            s.losses.to_string(),
            margin_text(lang, s),
        ];
        for n in numbers {
            let _ = write!(h, "<td class=n>{}</td>", escape(&n));
        }
        let _ = writeln!(h, "<td>{}</td></tr>", escape(&forfeits_text(lang, s)));
    }
    h.push_str("</table>\n");
}

#[cfg(test)]
mod tests {
    use cavalo_match::Termination;
    use cavalo_match::tournament::Game;

    use super::*;

    fn crosstable(names: [&str; 2], players: [&str; 2]) -> Crosstable {
        let about = About {
            names: names.map(String::from).to_vec(),
            players: players.map(String::from).to_vec(),
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
            termination: Termination::Normal,
            margin: Some(10.0),
        }];
        Crosstable::new(&about, &games, 2, 1, 0.0)
    }

    #[test]
    fn names_are_escaped() {
        let c = crosstable(["<b>evil</b>", "a&b"], ["cmd:<b>evil</b> \"x\"", "a&b"]);
        for lang in Lang::ALL {
            let h = html(lang, &c);
            assert!(!h.contains("<b>") && !h.contains("<script>") && !h.contains("a&b"), "{h}");
            assert!(
                h.contains("&lt;b&gt;evil&lt;/b&gt;") && h.contains("a&amp;b") && h.contains("&quot;x&quot;")
            );
        }
    }

    #[test]
    fn the_page_and_the_text_speak_the_language() {
        let c = crosstable(["Equipa A", "Equipa B"], ["lisp:a/projeto.lisp", "lisp:b/projeto.lisp"]);
        let (pt, en) = (html(Lang::Pt, &c), html(Lang::En, &c));
        assert!(pt.contains("<html lang=\"pt-PT\">") && pt.contains("<title>Torneio</title>"), "{pt}");
        assert!(
            pt.contains("Classificação") && pt.contains("todos contra todos entre 2 jogadores, 1 tabuleiro"),
            "{pt}"
        );
        assert!(
            en.contains("<title>Tournament</title>") && en.contains("round robin of 2 players, 1 board per"),
            "{en}"
        );
        let text = text(Lang::Pt, &c);
        assert!(
            text.contains("Jogador")
                && text.contains("V-E-D")
                && text.contains("Equipa A = lisp:a/projeto.lisp"),
            "{text}"
        );
    }
}
