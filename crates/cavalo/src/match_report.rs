//! The match summary and the progress lines of `cavalo match` in the user's language (the
//! catalogues' `report-*` messages), and the pieces the tournament's report shares with it:
//! numbers, limits, rules and forfeit reasons. The match crate gives the data ([`Summary`]);
//! the words are here.
//!
//! Numbers are written without thousands separators (as columns of a report are read), with the
//! language's decimal point: `62.5` in English, `62,5` in Portuguese.

use cavalo_session::i18n::Key;
use std::fmt::Write as _;

use cavalo_match::{
    MoveLimits, RecordedLimits, Shard, Sprt, SprtVerdict, Summary, Tally, Termination, shown_example,
};
use cavalo_rules::Rules;
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::{key, present};

pub use cavalo_session::i18n::numbers::{dec, plain, signed};

/// The width of the summary's label column (wider when a label needs it).
const LABEL_WIDTH: usize = 10;

/// An Elo difference: `+241.3`, `0.0`, `+inf`.
pub fn elo_text(lang: Lang, e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf".into() } else { "-inf".into() }
    } else if e.abs() < 0.05 {
        dec(lang, 0.0, 1)
    } else {
        signed(lang, e, 1)
    }
}

/// The half-width of an interval: `180.2`, `inf`.
fn margin_text(lang: Lang, m: f64) -> String {
    if m.is_finite() { dec(lang, m, 1) } else { "inf".into() }
}

/// The rules as the reports name them: `rules canonical`, `regras: sem a regra da ameaça`
/// (the variant worded by [`present::rules_text`]).
pub fn rules_phrase(lang: Lang, rules: Rules) -> String {
    let variant = if rules == Rules::CANONICAL { "canonical" } else { "other" };
    let args = [("rules", present::rules_text(lang, rules).into()), ("variant", variant.into())];
    lang.tr_with(key!("report-rules"), &args)
}

/// How a game ended (a forfeit's reason), in words: `jogada ilegal`, `tempo esgotado`.
pub fn reason_text(lang: Lang, reason: Termination) -> String {
    lang.tr(match reason {
        Termination::Normal => key!("reason-normal"),
        Termination::IllegalMove => key!("reason-illegal-move"),
        Termination::Timeout => key!("reason-timeout"),
        Termination::Crash => key!("reason-crash"),
        Termination::Malformed => key!("reason-malformed-output"),
        Termination::LineTooLong => key!("reason-line-too-long"),
        Termination::InvalidUtf8 => key!("reason-invalid-utf-8"),
        Termination::ExtraBestmove => key!("reason-second-bestmove"),
        Termination::RefusedOption => key!("reason-refused-option"),
    })
}

/// The limits per move in words: from the data, or a description older records keep that this
/// version cannot read as data, shown as it is.
pub fn limits_of(lang: Lang, limits: &RecordedLimits) -> String {
    let l = match limits {
        RecordedLimits::Data(l) => l,
        RecordedLimits::Described(text) => return text.clone(),
    };
    match &l.engine2 {
        Some(l2) => {
            let args = [
                ("limits1", move_limits_text(lang, &l.engine1).into()),
                ("limits2", move_limits_text(lang, l2).into()),
            ];
            lang.tr_with(key!("report-limit-engines"), &args)
        }
        None => move_limits_text(lang, &l.engine1),
    }
}

/// One engine's limits in words: `100 ms por jogada (tolerância 50 ms)`, `profundidade 4, …`.
pub fn move_limits_text(lang: Lang, l: &MoveLimits) -> String {
    let mut parts = Vec::new();
    if let Some(t) = l.time_ms {
        let args = [("ms", Arg::Count(t)), ("tolerance", Arg::Count(l.tolerance_ms))];
        parts.push(lang.tr_with(key!("report-limit-time"), &args));
    }
    if let Some(d) = l.depth {
        parts.push(lang.tr_with(key!("report-limit-depth"), &[("depth", Arg::Count(d.into()))]));
    }
    if let Some(n) = l.nodes {
        parts.push(lang.tr_with(key!("report-limit-nodes"), &[("count", Arg::Count(n))]));
    }
    if l.time_ms.is_none() {
        parts.push(lang.tr_with(key!("report-limit-max"), &[("ms", Arg::Count(l.max_move_ms))]));
    }
    parts.join(", ")
}

/// The boards: `1..50`, `1..50 shard 2/3`, `1..50 (merged from 3 files)`.
pub fn seeds_text(lang: Lang, first: u64, last: u64, shard: Option<Shard>, merged: Option<usize>) -> String {
    let mut s = format!("{first}..{last}");
    if let Some(k) = shard {
        s = lang.tr_with(key!("report-seeds-shard"), &[("seeds", s.into()), ("shard", k.to_string().into())]);
    }
    if let Some(n) = merged {
        s = lang
            .tr_with(key!("report-seeds-merged"), &[("seeds", s.into()), ("files", Arg::Count(n as u64))]);
    }
    s
}

/// `N games`.
pub fn games_count(lang: Lang, n: u64) -> String {
    lang.tr_with(key!("report-games-count"), &[("count", Arg::Count(n))])
}

/// The first line of a match, on standard error: who, how many games, which boards, the limits.
pub fn match_start(lang: Lang, s: &Summary, already: usize) -> String {
    let a = &s.about;
    let already = if already == 0 {
        String::new()
    } else {
        format!(" {}", lang.tr_with(key!("report-already"), &[("count", Arg::Count(already as u64))]))
    };
    let args = [
        ("engine1", a.engine1.as_str().into()),
        ("engine2", a.engine2.as_str().into()),
        ("games", games_count(lang, a.planned_games).into()),
        ("seeds", seeds_text(lang, a.first_seed, a.last_seed, a.shard, a.merged_files).into()),
        ("already", already.into()),
        ("limits", limits_of(lang, &a.limits).into()),
    ];
    lang.tr_with(key!("report-match-start"), &args)
}

/// The progress bar's message: `+7 =1 -2  score 80.0%  Elo +241.3 ±180.2  LLR 1.23`.
pub fn progress(lang: Lang, t: &Tally, sprt: Option<&Sprt>) -> String {
    let score =
        lang.tr_with(key!("report-progress-score"), &[("score", dec(lang, 100.0 * t.score(), 1).into())]);
    let mut s = format!("+{} ={} -{}  {score}", t.wins, t.draws, t.losses);
    match t.elo() {
        Some((e, _)) if e.elo.is_infinite() => {
            let _ = write!(s, "  Elo {}", elo_text(lang, e.elo));
        }
        Some((e, _)) => {
            let _ = write!(s, "  Elo {} ±{}", elo_text(lang, e.elo), margin_text(lang, e.margin()));
        }
        None => {}
    }
    if let Some(sp) = sprt {
        let _ = write!(s, "  LLR {}", dec(lang, t.llr(sp), 2));
    }
    s
}

/// The summary of a match as text.
pub fn summary_text(lang: Lang, s: &Summary) -> String {
    let a = &s.about;
    let label = |key: Key| lang.tr(key);
    let keys = [
        key!("report-label-match"),
        key!("report-label-setup"),
        key!("report-label-games"),
        key!("report-label-score"),
        key!("report-label-elo"),
        key!("report-label-los"),
        key!("report-label-pairs"),
        key!("report-label-margin"),
        key!("report-label-forfeits"),
        key!("report-label-sprt"),
    ];
    let width = keys.iter().map(|k| label(*k).chars().count() + 1).max().unwrap_or(0).max(LABEL_WIDTH);
    let mut out = String::new();
    let mut line = |key: Key, text: String| {
        let _ = writeln!(out, "{:<width$}{text}", label(key));
    };
    let e1 = || Arg::from(a.engine1.as_str());
    line(
        key!("report-label-match"),
        lang.tr_with(key!("report-vs"), &[("engine1", e1()), ("engine2", a.engine2.as_str().into())]),
    );
    let setup = [
        ("seeds", seeds_text(lang, a.first_seed, a.last_seed, a.shard, a.merged_files).into()),
        ("planned", lang.tr_with(key!("report-planned"), &[("count", Arg::Count(a.planned_games))]).into()),
        ("limits", limits_of(lang, &a.limits).into()),
        ("rules", rules_phrase(lang, a.rules).into()),
    ];
    line(key!("report-label-setup"), lang.tr_with(key!("report-setup"), &setup));
    let count = |key: Key, n: u64| Arg::from(lang.tr_with(key, &[("count", Arg::Count(n))]));
    let games = [
        ("games", Arg::Count(s.games)),
        ("pairs", count(key!("report-complete-pairs"), s.pairs)),
        ("wins", count(key!("report-wins"), s.wins)),
        ("draws", count(key!("report-draws"), s.draws)),
        ("losses", count(key!("report-losses"), s.losses)),
        ("engine1", e1()),
    ];
    line(key!("report-label-games"), lang.tr_with(key!("report-games"), &games));
    line(key!("report-label-score"), format!("{}%", dec(lang, 100.0 * s.score, 1)));
    line(key!("report-label-elo"), elo_line(lang, s));
    line(key!("report-label-los"), format!("{}%", dec(lang, 100.0 * s.los, 1)));
    let counts = s.pentanomial.map(|c| c.to_string()).join(", ");
    line(
        key!("report-label-pairs"),
        lang.tr_with(key!("report-pairs"), &[("engine1", e1()), ("counts", counts.into())]),
    );
    if let Some(m) = &s.pair_margin {
        let margin = [
            ("mean", signed(lang, m.mean, 1).into()),
            ("engine1", e1()),
            ("low", signed(lang, m.low, 1).into()),
            ("high", signed(lang, m.high, 1).into()),
            ("played", count(key!("report-pairs-played-out"), m.count)),
        ];
        line(key!("report-label-margin"), lang.tr_with(key!("report-margin"), &margin));
    }
    forfeit_lines(lang, s, width, &mut out);
    if let Some(text) = sprt_line(lang, s) {
        let _ = writeln!(out, "{:<width$}{text}", label(key!("report-label-sprt")));
    }
    out
}

fn elo_line(lang: Lang, s: &Summary) -> String {
    match (&s.elo, s.elo_model) {
        (Some(e), _) if e.elo.is_infinite() => {
            let key = if e.elo > 0.0 { key!("report-elo-won-all") } else { key!("report-elo-lost-all") };
            lang.tr_with(key, &[("elo", elo_text(lang, e.elo).into())])
        }
        (Some(e), Some(model)) => {
            let args = [
                ("elo", elo_text(lang, e.elo).into()),
                ("margin", margin_text(lang, e.margin()).into()),
                ("low", elo_text(lang, e.low).into()),
                ("high", elo_text(lang, e.high).into()),
                ("model", model.into()),
            ];
            lang.tr_with(key!("report-elo"), &args)
        }
        _ => lang.tr(key!("report-elo-none")),
    }
}

/// Each player's forfeits by reason, and the first game lost for each reason.
fn forfeit_lines(lang: Lang, s: &Summary, width: usize, out: &mut String) {
    for (name, map, examples, cases) in [
        (&s.about.engine1, &s.engine1_forfeits, &s.engine1_forfeit_examples, &s.engine1_forfeit_cases),
        (&s.about.engine2, &s.engine2_forfeits, &s.engine2_forfeit_examples, &s.engine2_forfeit_cases),
    ] {
        if !map.is_empty() {
            let list: Vec<String> = map
                .iter()
                .map(|(k, v)| {
                    lang.tr_with(
                        key!("report-forfeit-by"),
                        &[("count", Arg::Count(*v)), ("reason", reason_text(lang, *k).into())],
                    )
                })
                .collect();
            let args = [("player", name.as_str().into()), ("list", list.join(", ").into())];
            let _ = writeln!(
                out,
                "{:<width$}{}",
                lang.tr(key!("report-label-forfeits")),
                lang.tr_with(key!("report-forfeits"), &args)
            );
        }
        for (reason, example) in examples {
            // English keeps the referee's text; another language words the forfeit's data, when
            // its record kept it.
            let example = match cases.get(reason) {
                Some(case) if lang != Lang::En => cavalo_match::words::case_text(lang, case, name),
                _ => example.clone(),
            };
            let args =
                [("reason", reason_text(lang, *reason).into()), ("example", shown_example(&example).into())];
            let _ = writeln!(out, "{:width$}{}", "", lang.tr_with(key!("report-forfeit-first"), &args));
        }
    }
}

fn sprt_line(lang: Lang, s: &Summary) -> Option<String> {
    let t = s.sprt.as_ref()?;
    let p = &t.params;
    let verdict = match t.verdict {
        Some(SprtVerdict::H1) => {
            lang.tr_with(key!("report-sprt-h1"), &[("elo1", plain(lang, p.elo1).into())])
        }
        Some(SprtVerdict::H0) => {
            lang.tr_with(key!("report-sprt-h0"), &[("elo0", plain(lang, p.elo0).into())])
        }
        None => lang.tr(key!("report-sprt-undecided")),
    };
    let args = [
        ("elo0", plain(lang, p.elo0).into()),
        ("elo1", plain(lang, p.elo1).into()),
        ("alpha", plain(lang, p.alpha).into()),
        ("beta", plain(lang, p.beta).into()),
        ("llr", dec(lang, t.llr, 3).into()),
        ("lower", dec(lang, t.lower, 3).into()),
        ("upper", dec(lang, t.upper, 3).into()),
        ("model", t.model.into()),
        ("verdict", verdict.into()),
    ];
    Some(lang.tr_with(key!("report-sprt"), &args))
}

#[cfg(test)]
mod tests {
    use cavalo_match::{MatchLimits, MoveLimits};

    use super::*;

    #[test]
    fn limits_in_words() {
        let mut depth = MoveLimits::movetime(100);
        depth.time_ms = None;
        depth.depth = Some(4);
        depth.nodes = Some(1);
        let one = |l: MoveLimits| RecordedLimits::Data(MatchLimits { engine1: l, engine2: None });
        assert_eq!(limits_of(Lang::En, &one(depth.clone())), "depth 4, 1 node, at most 60000 ms per move");
        assert_eq!(limits_of(Lang::Pt, &one(depth)), "profundidade 4, 1 nó, no máximo 60000 ms por jogada");
        let two = MatchLimits { engine1: MoveLimits::movetime(60), engine2: Some(MoveLimits::movetime(6)) };
        assert_eq!(
            limits_of(Lang::Pt, &RecordedLimits::Data(two)),
            "motor 1: 60 ms por jogada (tolerância 50 ms); motor 2: 6 ms por jogada (tolerância 50 ms)"
        );
        let odd = RecordedLimits::Described("something else".into());
        assert_eq!(limits_of(Lang::Pt, &odd), "something else");
    }

    #[test]
    fn rules_and_reasons_in_words() {
        let odd = Rules { threat: false, zero_double: false };
        assert_eq!(rules_phrase(Lang::En, odd), "rules: no threat rule, 00 not a double");
        assert_eq!(rules_phrase(Lang::Pt, odd), "regras: sem a regra da ameaça, 00 não é duplo");
        assert_eq!(rules_phrase(Lang::Pt, Rules::CANONICAL), "regras canónicas");
        assert_eq!(reason_text(Lang::Pt, Termination::IllegalMove), "jogada ilegal");
        assert_eq!(reason_text(Lang::En, Termination::InvalidUtf8), "invalid utf-8");
        assert_eq!(
            (signed(Lang::Pt, 1424.24, 1), dec(Lang::En, 1424.24, 1)),
            ("+1424,2".into(), "1424.2".into())
        );
    }
}
