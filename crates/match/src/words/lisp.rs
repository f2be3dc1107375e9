//! The Lisp adapter's reports ([`LispReport`]) in the user's language (the catalogues' `lisp-*`
//! messages): a team's crash with its condition, its calls and the state it was given, a load
//! error, an answer that is no legal move. What is quoted (SBCL's words, a printed answer) stays
//! as Lisp wrote it.

use crate::lisp::report::{Condition, LispReport, LoadProblem};
use crate::lisp::{Expected, GlueError, KEYS};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use cavalo_session::present::side_name;

/// A `lisp:` glue key or value refused, in words.
pub fn glue_error_text(lang: Lang, e: &GlueError) -> String {
    match e {
        GlueError::UnknownKey { key } => {
            let keys = KEYS.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
            lang.tr_with(key!("spec-unknown-key"), &[("key", key.as_str().into()), ("keys", keys.into())])
        }
        GlueError::Bad { key, value, expected } => lang.tr_with(
            key!("spec-glue-bad"),
            &[
                ("key", key.as_str().into()),
                ("value", value.as_str().into()),
                ("expected", expected_text(lang, *expected).into()),
            ],
        ),
    }
}

/// What a `lisp:` key's value should be, in words.
pub fn expected_text(lang: Lang, e: Expected) -> String {
    let range = |min: u64, max: u64| [("min", Arg::Count(min)), ("max", Arg::Count(max))];
    match e {
        Expected::FunctionName => lang.tr(key!("spec-expect-function")),
        Expected::State => lang.tr(key!("spec-expect-state")),
        Expected::Args => lang.tr(key!("spec-expect-args")),
        Expected::YesNo => lang.tr(key!("spec-expect-yes-no")),
        Expected::PositiveNumber => lang.tr(key!("spec-expect-positive")),
        Expected::ReserveMs => lang.tr(key!("spec-expect-reserve")),
        Expected::CellBase => lang.tr(key!("spec-expect-cell-base")),
        Expected::Forced => lang.tr(key!("spec-expect-forced")),
        Expected::Millis { min, max } => lang.tr_with(key!("spec-expect-millis"), &range(min, max)),
        Expected::Mebibytes { min, max } => lang.tr_with(key!("spec-expect-mebibytes"), &range(min, max)),
        Expected::SbclPath => lang.tr(key!("spec-expect-sbcl")),
    }
}

/// A report in words.
pub fn report_text(lang: Lang, r: &LispReport) -> String {
    let s = |x: &str| Arg::from(x);
    match r {
        LispReport::Signalled { function, condition, frames, state } => {
            let f = s(function);
            let mut text = lang.tr_with(
                key!("lisp-signalled"),
                &[("condition", condition_text(lang, condition).into()), ("function", f.clone())],
            );
            if !frames.is_empty() {
                text += &lang.tr_with(key!("lisp-frames"), &[("frames", frames.join(" < ").into())]);
            }
            text + &lang.tr_with(key!("lisp-state"), &[("function", f), ("state", s(state))])
        }
        LispReport::CannotLoad { file, within, line, problem } => {
            let mut place = String::new();
            if let Some(w) = within {
                place += &format!("{w} ");
            }
            if let Some(l) = line {
                place += &lang.tr_with(key!("lisp-load-line"), &[("line", Arg::Count(u64::from(*l)))]);
                place += ": ";
            }
            let problem = place + &load_problem_text(lang, problem);
            lang.tr_with(key!("lisp-cannot-load"), &[("file", s(file)), ("problem", problem.into())])
        }
        LispReport::NoFunction { file, function } => {
            lang.tr_with(key!("lisp-no-function"), &[("file", s(file)), ("function", s(function))])
        }
        LispReport::StackExhausted { function } => stack_text(lang, function.as_deref()),
        LispReport::HeapExhausted { heap_mb } => heap_text(lang, *heap_mb),
        _ => answer_text(lang, r),
    }
}

/// A report of an answer that is no legal move, in words.
fn answer_text(lang: Lang, r: &LispReport) -> String {
    let s = |x: &str| Arg::from(x);
    match r {
        LispReport::ReturnedNil { side, legal } => lang.tr_with(
            key!("lisp-returned-nil"),
            &[
                ("side", side_name(lang, *side).into()),
                ("count", Arg::Count(legal.len() as u64)),
                ("legal", legal.join(" ").into()),
            ],
        ),
        LispReport::CellAnswer { answer, cell, cell_base } => {
            let base = u64::from(*cell_base);
            let mut args = vec![
                ("answer", s(answer)),
                ("base", Arg::Count(base)),
                ("other", Arg::Count(1 - base.min(1))),
            ];
            match cell {
                Some(c) => {
                    args.push(("cell", s(c)));
                    lang.tr_with(key!("lisp-cell-answer"), &args)
                }
                None => lang.tr_with(key!("lisp-cell-off"), &args),
            }
        }
        LispReport::MustPass { side } => {
            lang.tr_with(key!("lisp-must-pass"), &[("side", side_name(lang, *side).into())])
        }
        LispReport::NoKnight { code, side } => lang.tr_with(
            key!("lisp-no-knight"),
            &[("code", code.to_string().into()), ("side", side_name(lang, *side).into())],
        ),
        LispReport::WrongBoard { dest, differences, more } => {
            let mut cells: Vec<String> = differences
                .iter()
                .map(|d| {
                    let args = [
                        ("cell", s(&d.cell)),
                        ("should", value_text(lang, &d.should).into()),
                        ("is", value_text(lang, &d.is).into()),
                    ];
                    lang.tr_with(key!("lisp-difference"), &args)
                })
                .collect();
            if *more > 0 {
                cells.push("…".into());
            }
            lang.tr_with(key!("lisp-wrong-board"), &[("cells", cells.join("; ").into()), ("dest", s(dest))])
        }
        LispReport::NotAnAnswer { answer } => {
            lang.tr_with(key!("lisp-not-an-answer"), &[("answer", s(answer))])
        }
        // The crashes and load errors are worded by `report_text`.
        other => other.to_string(),
    }
}

/// A course cell's value for a reader: `NIL (retirada)`, `-1 (cavalo branco)`, `23`.
fn value_text(lang: Lang, v: &str) -> String {
    match v {
        "NIL" => lang.tr(key!("lisp-value-removed")),
        "-1" => lang.tr(key!("lisp-value-white")),
        "-2" => lang.tr(key!("lisp-value-black")),
        _ => v.to_string(),
    }
}

/// A condition in words: the errors a course program meets most worded, the others in SBCL's.
fn condition_text(lang: Lang, c: &Condition) -> String {
    let kind = ("kind", Arg::from(c.kind.as_str()));
    let named = |key| c.name.as_deref().map(|n| lang.tr_with(key, &[kind.clone(), ("name", n.into())]));
    let worded = match (c.kind.as_str(), &c.datum, &c.expected) {
        (_, Some(datum), Some(expected)) => Some(lang.tr_with(
            key!("lisp-condition-type"),
            &[kind.clone(), ("datum", datum.as_str().into()), ("expected", expected.as_str().into())],
        )),
        ("UNDEFINED-FUNCTION", ..) => named(key!("lisp-condition-undefined")),
        ("UNBOUND-VARIABLE", ..) => named(key!("lisp-condition-unbound")),
        ("DIVISION-BY-ZERO", ..) => {
            Some(lang.tr_with(key!("lisp-condition-division"), std::slice::from_ref(&kind)))
        }
        _ => None,
    };
    worded.unwrap_or_else(|| lang.tr_with(key!("lisp-condition"), &[kind, ("text", c.text.as_str().into())]))
}

fn load_problem_text(lang: Lang, p: &LoadProblem) -> String {
    match p {
        LoadProblem::Read { eof: true, .. } => lang.tr(key!("lisp-load-read-eof")),
        LoadProblem::Read { text, .. } => {
            lang.tr_with(key!("lisp-load-read"), &[("text", text.as_str().into())])
        }
        LoadProblem::ReadsInput => lang.tr(key!("lisp-load-reads-input")),
        LoadProblem::Error { text } => text.clone(),
        LoadProblem::StackExhausted { function } => stack_text(lang, function.as_deref()),
        LoadProblem::HeapExhausted { heap_mb } => heap_text(lang, *heap_mb),
    }
}

fn stack_text(lang: Lang, function: Option<&str>) -> String {
    match function {
        Some(f) => lang.tr_with(key!("lisp-stack"), &[("function", f.into())]),
        None => lang.tr(key!("fault-sign-stack")),
    }
}

fn heap_text(lang: Lang, heap_mb: u64) -> String {
    lang.tr_with(key!("fault-sign-heap"), &[("mb", heap_mb.to_string().into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_session::i18n::english_words_in;

    #[test]
    fn a_crash_is_worded_with_its_condition_calls_and_state() {
        let said = r#"{"lisp":"signalled","function":"jogar","condition":{"type":"SIMPLE-TYPE-ERROR","text":"Value of NIL in (+ X NIL) is NIL, not a NUMBER.","datum":"NIL","expected":"NUMBER"},"frames":["(AVALIA ((1 2) (0 0)))"],"state":"((1 2) (0 0))"}"#;
        let r = LispReport::parse(said).unwrap();
        let pt = report_text(Lang::Pt, &r);
        assert_eq!(
            pt,
            "o programa falhou: `SIMPLE-TYPE-ERROR`: o valor NIL não é do tipo NUMBER, na função jogar; \
             as chamadas da equipa, da mais interior para fora: (AVALIA ((1 2) (0 0))); jogar recebeu o \
             estado ((1 2) (0 0))"
        );
        assert_eq!(
            english_words_in(&pt, &["number", "simple", "type", "error"]),
            Vec::<String>::new(),
            "{pt}"
        );
        let en = report_text(Lang::En, &r);
        assert!(
            en.starts_with("the program crashed: `SIMPLE-TYPE-ERROR`: the value NIL is not of type"),
            "{en}"
        );
    }

    #[test]
    fn answers_and_loads_are_worded_in_portuguese() {
        let reports = [
            r#"{"lisp":"cell-answer","answer":"(10 4)","cell":null,"cell-base":0}"#,
            r#"{"lisp":"cell-answer","answer":"(5 4)","cell":"E6","cell-base":0}"#,
            r#"{"lisp":"returned-nil","side":"white","legal":["E3","F4"]}"#,
            r#"{"lisp":"wrong-board","dest":"E3","differences":[{"cell":"E5","should":"NIL","is":"23"}],"more":2}"#,
            r#"{"lisp":"cannot-load","file":"t.lisp","within":null,"line":3,"problem":{"kind":"read","text":"end of file on t.lisp","eof":true}}"#,
            r#"{"lisp":"no-function","file":"t.lisp","function":"JOGA"}"#,
            r#"{"lisp":"not-an-answer","answer":"(1 2 3)"}"#,
            r#"{"lisp":"stack-exhausted","function":"PROCURA"}"#,
        ];
        for said in reports {
            let pt = report_text(Lang::Pt, &LispReport::parse(said).unwrap());
            assert_eq!(english_words_in(&pt, &["file", "cell"]), Vec::<String>::new(), "{pt}");
        }
        let off = report_text(Lang::Pt, &LispReport::parse(reports[0]).unwrap());
        assert!(off.contains("(10 4) fica fora do tabuleiro") && off.contains("cell-base=1"), "{off}");
    }
}
