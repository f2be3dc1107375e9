//! The tournament's report in the user's language: the crosstable as text (standard output) and
//! as one self-contained HTML page (no scripts, no outside files) for a teacher to publish. The
//! match crate gives the data ([`Crosstable`]); the words come from the catalogues.

use cavalo_session::i18n::Key;
use std::fmt::Write as _;

use cavalo_match::Termination;
use cavalo_match::tournament::{About, Crosstable, Format, Standing};
use cavalo_session::i18n::{Arg, Lang};

use crate::match_report::{limits_of, reason_text, rules_phrase};
use cavalo_match::shown_example;
use cavalo_session::i18n::numbers::{dec, plain, signed};
use cavalo_session::key;

/// The tournament in words: `round robin of 4 players, 2 boards per pairing (seeds 1..2), ...`.
pub fn about_text(lang: Lang, a: &About) -> String {
    let format = match a.format {
        Format::RoundRobin => lang.tr(key!("report-round-robin")),
        Format::Gauntlet => lang.tr(key!("report-gauntlet")),
    };
    let args = [
        ("format", format.into()),
        (
            "players",
            lang.tr_with(key!("report-players-count"), &[("count", Arg::Count(a.names.len() as u64))]).into(),
        ),
        ("boards", lang.tr_with(key!("report-boards-count"), &[("count", Arg::Count(a.boards))]).into()),
        ("first", Arg::Count(a.first_seed)),
        ("last", Arg::Count(a.last_seed())),
        ("limits", limits_of(lang, &a.limits()).into()),
        ("rules", rules_phrase(lang, a.rules).into()),
    ];
    lang.tr_with(key!("report-tournament-about"), &args)
}

/// A player's forfeits: `2 illegal move, 1 timeout`.
fn forfeits_text(lang: Lang, s: &Standing) -> String {
    let each = |(k, v): (&Termination, &u64)| {
        lang.tr_with(
            key!("report-forfeit-count"),
            &[("count", Arg::Count(*v)), ("reason", reason_text(lang, *k).into())],
        )
    };
    s.forfeits.iter().map(each).collect::<Vec<_>>().join(", ")
}

/// The rating and its margin: `+123.4`, `±56.7`; `0.0`, `anchor`; `n/a`.
fn rating_text(lang: Lang, c: &Crosstable, s: &Standing) -> (String, String) {
    match s.rating {
        Some(r) if s.name == c.anchor.0 => (dec(lang, r.elo, 1), lang.tr(key!("report-anchor"))),
        Some(r) => (signed(lang, r.elo, 1), format!("±{}", dec(lang, r.margin, 1))),
        None => (lang.tr(key!("report-na")), String::new()),
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
    s.mean_margin.map_or_else(|| lang.tr(key!("report-na")), |m| signed(lang, m, 1))
}

/// The crosstable as text.
pub fn text(lang: Lang, c: &Crosstable) -> String {
    let mut f = String::new();
    let labels = [lang.tr(key!("report-label-tournament")), lang.tr(key!("report-label-games"))];
    let lw = labels.iter().map(|l| l.chars().count() + 2).max().unwrap_or(0).max(12);
    let games = lang.tr_with(
        key!("report-games-of"),
        &[("games", Arg::Count(c.games)), ("planned", Arg::Count(c.planned_games))],
    );
    let _ = writeln!(f, "{:<lw$}{}", labels[0], about_text(lang, &c.about));
    let _ = writeln!(f, "{:<lw$}{games}", labels[1]);
    let player = lang.tr(key!("report-col-player"));
    let longest = c.standings.iter().map(|s| s.name.chars().count()).max().unwrap_or(6);
    let w = longest.max(player.chars().count()).clamp(6, 40);
    let _ = writeln!(f);
    standings_text(lang, c, &player, w, &mut f);
    let anchor = [("anchor", Arg::from(c.anchor.0.as_str())), ("elo", plain(lang, c.anchor.1).into())];
    let _ = writeln!(f);
    let _ = writeln!(f, "{}", lang.tr_with(key!("report-ratings-note"), &anchor));
    let _ = writeln!(f, "{}", lang.tr(key!("report-margin-note")));
    let _ = writeln!(f);
    let _ = writeln!(f, "{}", lang.tr(key!("report-crosstable")));
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
    let cases = forfeit_cases(lang, c);
    if !cases.is_empty() {
        let _ = writeln!(f);
        let _ = writeln!(f, "{}", lang.tr(key!("report-forfeit-cases")));
        for (_, reason, case) in &cases {
            let args = [("reason", reason.as_str().into()), ("example", shown_example(case).into())];
            let _ = writeln!(f, "  {}", lang.tr_with(key!("report-forfeit-first"), &args));
        }
    }
    if c.standings.iter().any(|s| s.name != s.player) {
        let _ = writeln!(f);
        let _ = writeln!(f, "{}", lang.tr(key!("report-players")));
        for s in c.standings.iter().filter(|s| s.name != s.player) {
            let _ = writeln!(f, "  {} = {}", s.name, s.player);
        }
    }
    f
}

/// Every player's first forfeit of each reason, in the order of the standings: (the player's
/// name, the reason, the case in words: game, board, side, ply, what went wrong).
fn forfeit_cases(lang: Lang, c: &Crosstable) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for &i in &c.ranking {
        let s = &c.standings[i];
        for (reason, case) in &s.forfeit_cases {
            out.push((
                s.name.clone(),
                reason_text(lang, *reason),
                cavalo_match::words::case_text(lang, case, &s.name),
            ));
        }
    }
    out
}

/// The table of standings, best first, the names `w` characters wide: each column as wide as
/// its header or its least width.
fn standings_text(lang: Lang, c: &Crosstable, player: &str, w: usize, f: &mut String) {
    let cols: Vec<(String, usize)> = [
        ("Elo".to_string(), 8),
        ("95%".to_string(), 8),
        (lang.tr(key!("report-col-points")), 6),
        (lang.tr(key!("report-col-games")), 5),
        (lang.tr(key!("report-col-wdl")), 9),
        (lang.tr(key!("report-col-score")), 6),
        (lang.tr(key!("report-col-margin")), 7),
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
    row(f, "#", player, std::array::from_fn(|i| cols[i].0.clone()), &lang.tr(key!("report-col-forfeits")));
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

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em}\
th{background:#f3f0e8}td.n{text-align:right;font-variant-numeric:tabular-nums}\
td.self{background:#eee}caption{text-align:left;font-weight:bold;margin-bottom:.3em}\
p.note{color:#555;font-size:.9em}code{font-size:.9em}";

/// The HTML page of a tournament (`templates/tournament.html`): every text is escaped by the
/// template, so names and commands from players or records cannot add markup.
#[derive(askama::Template)]
#[template(path = "tournament.html")]
struct Page {
    lang_tag: &'static str,
    title: String,
    about: String,
    games: String,
    standings_caption: String,
    player_col: String,
    standings_heads: Vec<String>,
    standings: Vec<StandingRow>,
    crosstable_caption: String,
    cross: Vec<CrossRow>,
    note: String,
    players_caption: String,
    name_col: String,
    forfeits_caption: String,
    reason_col: String,
    /// (player, reason, what went wrong).
    forfeit_cases: Vec<(String, String, String)>,
    /// (name, player).
    players: Vec<(String, String)>,
}

/// A row of the table of standings.
struct StandingRow {
    rank: usize,
    name: String,
    player: String,
    /// Elo, its margin, points, games, wins, draws, losses, mean margin.
    numbers: [String; 8],
    forfeits: String,
}

/// A row of the crosstable: the player's score against each (`None` against itself).
struct CrossRow {
    rank: usize,
    name: String,
    cells: Vec<Option<String>>,
}

/// The table of standings, best first.
fn standing_rows(lang: Lang, c: &Crosstable) -> Vec<StandingRow> {
    let rows = c.ranking.iter().enumerate().map(|(rank, &i)| {
        let s = &c.standings[i];
        let (elo, margin) = rating_text(lang, c, s);
        StandingRow {
            rank: rank + 1,
            name: s.name.clone(),
            player: s.player.clone(),
            numbers: [
                elo,
                margin,
                plain(lang, s.points),
                s.games.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
                margin_text(lang, s),
            ],
            forfeits: forfeits_text(lang, s),
        }
    });
    rows.collect()
}

/// The crosstable's rows, in the order of the standings.
fn cross_rows(lang: Lang, c: &Crosstable) -> Vec<CrossRow> {
    let row = |(rank, &i): (usize, &usize)| CrossRow {
        rank: rank + 1,
        name: c.standings[i].name.clone(),
        cells: c
            .ranking
            .iter()
            .map(|&j| (i != j).then(|| cell_text(lang, c.standings[i].against[j])))
            .collect(),
    };
    c.ranking.iter().enumerate().map(row).collect()
}

/// The report as an HTML page. Every text that comes from players or records is escaped.
pub fn html(lang: Lang, c: &Crosstable) -> String {
    let t = |key: Key| lang.tr(key);
    let games = lang.tr_with(
        key!("report-html-games"),
        &[("games", Arg::Count(c.games)), ("planned", Arg::Count(c.planned_games))],
    );
    let anchor = [("anchor", c.anchor.0.as_str().into()), ("elo", plain(lang, c.anchor.1).into())];
    let heads = [
        key!("report-col-points"),
        key!("report-col-games"),
        key!("report-col-w"),
        key!("report-col-d"),
        key!("report-col-l"),
        key!("report-col-margin"),
        key!("report-col-forfeits"),
    ];
    let page = Page {
        lang_tag: lang.tag(),
        title: t(key!("report-label-tournament")),
        about: about_text(lang, &c.about),
        games,
        standings_caption: t(key!("report-standings")),
        player_col: t(key!("report-col-player")),
        standings_heads: heads.into_iter().map(t).collect(),
        standings: standing_rows(lang, c),
        crosstable_caption: t(key!("report-crosstable")),
        cross: cross_rows(lang, c),
        note: lang.tr_with(key!("report-html-note"), &anchor),
        players_caption: t(key!("report-players")),
        name_col: t(key!("report-col-name")),
        forfeits_caption: t(key!("report-forfeit-cases")),
        reason_col: t(key!("report-col-reason")),
        forfeit_cases: forfeit_cases(lang, c),
        players: c.standings.iter().map(|s| (s.name.clone(), s.player.clone())).collect(),
    };
    let mut h = askama::Template::render(&page).expect("the page renders: its values are strings");
    h.push('\n');
    h
}

#[cfg(test)]
mod tests {
    use cavalo_match::tournament::TournamentGame;

    use super::*;

    fn crosstable(names: [&str; 2], players: [&str; 2]) -> Crosstable {
        let about = About {
            names: names.map(String::from).to_vec(),
            players: players.map(String::from).to_vec(),
            format: Format::RoundRobin,
            first_seed: 1,
            boards: 1,
            rules: cavalo_rules::Rules::CANONICAL,
            limits: "<script>".into(),
            limits_per_move: None,
        };
        let games = [TournamentGame {
            index: 0,
            seed: 1,
            players: [0, 1],
            points: 1.0,
            termination: Termination::Normal,
            margin: Some(10.0),
            forfeit: None,
        }];
        Crosstable::new(&about, &games, 2, 1, 0.0)
    }

    #[test]
    fn names_are_escaped() {
        let c = crosstable(["<b>evil</b>", "a&b"], ["cmd:<b>evil</b> \"x\"", "a&b"]);
        for lang in Lang::ALL {
            let h = html(lang, &c);
            assert!(!h.contains("<b>") && !h.contains("<script>") && !h.contains("a&b"), "{h}");
            // The template's escapes are numeric: `&#60;` for `<`, `&#38;` for `&`, `&#34;` for `"`.
            assert!(
                h.contains("&#60;b&#62;evil&#60;/b&#62;")
                    && h.contains("a&#38;b")
                    && h.contains("&#34;x&#34;")
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
        let allowed = ["lisp", "projeto", "bradley", "terry"];
        assert_eq!(cavalo_session::i18n::english_words_in(&text, &allowed), Vec::<String>::new(), "{text}");
        assert!(!text.contains("ratings"), "{text}");
        assert!(
            text.contains("Jogador")
                && text.contains("V-E-D")
                && text.contains("Equipa A = lisp:a/projeto.lisp"),
            "{text}"
        );
    }
}
