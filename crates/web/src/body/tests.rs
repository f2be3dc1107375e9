use cavalo_session::i18n::english_words_in;

use super::*;

/// Every kind of fault, as the reader makes them.
fn faults() -> Vec<BodyError> {
    let detail = || "invalid type: string \"yes\", expected a boolean".to_string();
    vec![
        BodyError::NotJson,
        BodyError::TooLarge(BODY_LIMIT),
        BodyError::Unreadable("error reading a body from connection".into()),
        BodyError::Empty,
        BodyError::Syntax { line: 2, column: 11, detail: "expected value at line 2 column 11".into() },
        BodyError::Cut { line: 1, column: 8, detail: "EOF while parsing a value at line 1 column 8".into() },
        BodyError::Twice("move".into()),
        BodyError::NotObject("[1,2]".into()),
        BodyError::UnknownField { field: "extra".into(), accepted: vec!["mode".into(), "seed".into()] },
        BodyError::UnknownField { field: "extra".into(), accepted: vec![] },
        BodyError::MissingField("move".into()),
        BodyError::WrongValue {
            field: "rules.threat".into(),
            found: Found::Text("\"yes\"".into()),
            detail: detail(),
        },
        BodyError::WrongValue {
            field: "time_ms".into(),
            found: Found::Number("-1".into()),
            detail: detail(),
        },
        BodyError::WrongValue { field: "seed".into(), found: Found::List, detail: detail() },
        BodyError::Shape(detail()),
    ]
}

#[test]
fn every_fault_says_its_problem_in_the_readers_language() {
    for e in faults() {
        let pt = e.text(Lang::Pt);
        // The sentence before the reader's quoted words says the problem.
        let sentence = pt.split(" («").next().unwrap();
        assert_eq!(
            english_words_in(
                sentence,
                &["extra", "seed", "move", "threat", "rules", "mode", "content", "type", "time"]
            ),
            Vec::<String>::new(),
            "{pt}"
        );
        assert_ne!(pt, e.text(Lang::En), "{e:?}");
        assert!(e.status().is_client_error(), "{e:?}");
    }
    let e = BodyError::UnknownField { field: "extra".into(), accepted: vec!["mode".into(), "seed".into()] };
    assert_eq!(e.text(Lang::En), "the field `extra` is not one this request takes; it takes `mode`, `seed`");
    assert_eq!(
        e.text(Lang::Pt),
        "o campo `extra` não é um dos que este pedido aceita; aceita `mode`, `seed`"
    );
    assert_eq!(e.code(), "unknown_field");
}
