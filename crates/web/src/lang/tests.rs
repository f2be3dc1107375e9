//! The patterns the page receives word every message as the catalogue does.

use std::collections::BTreeSet;

use cavalo_session::i18n::{Arg, Lang};
use serde_json::Value;

use super::catalogue;
use cavalo_session::key;

/// The plural category of a whole number, as both catalogues' languages have it.
fn plural(n: i64) -> &'static str {
    if n == 1 { "one" } else { "other" }
}

/// A reference of the page's formatter (`i18n.js`): fills a pattern with `arg`.
fn word(p: &Value, lang: Lang, arg: &Arg) -> String {
    match p {
        Value::String(t) => t.clone(),
        Value::Array(parts) => parts.iter().map(|part| word(part, lang, arg)).collect(),
        Value::Object(o) if o.contains_key("var") => match arg {
            Arg::Text(t) => t.clone(),
            Arg::Num(n) => lang.int(*n as i64),
            _ => unreachable!("the test gives texts and numbers"),
        },
        Value::Object(o) => {
            let variants = o["variants"].as_array().unwrap();
            let key = |v: &Value| v[0].as_str().unwrap().to_string();
            let chosen = match arg {
                Arg::Num(n) => variants
                    .iter()
                    .find(|v| key(v) == n.to_string())
                    .or_else(|| variants.iter().find(|v| key(v) == plural(*n as i64))),
                Arg::Text(t) => variants.iter().find(|v| key(v) == *t),
                _ => None,
            };
            let chosen = chosen.unwrap_or(&variants[o["default"].as_u64().unwrap() as usize]);
            word(&chosen[1], lang, arg)
        }
        other => panic!("not a pattern: {other}"),
    }
}

/// The argument names of a pattern.
fn vars(p: &Value, out: &mut BTreeSet<String>) {
    match p {
        Value::Array(parts) => parts.iter().for_each(|part| vars(part, out)),
        Value::Object(o) => {
            for key in ["var", "select"] {
                if let Some(name) = o.get(key).and_then(Value::as_str) {
                    out.insert(name.to_string());
                }
            }
            for v in o.get("variants").and_then(Value::as_array).into_iter().flatten() {
                vars(&v[1], out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_page_message_is_worded_as_the_catalogue_words_it() {
    for lang in Lang::ALL {
        let messages = catalogue(lang);
        assert!(messages.contains_key("ann-undo") && messages.contains_key("web-new-game"));
        assert!(messages.keys().all(|k| super::PAGE_PREFIXES.iter().any(|p| k.starts_with(p))));
        for (key, p) in &messages {
            let mut names = BTreeSet::new();
            vars(p, &mut names);
            for arg in [Arg::Num(0.0), Arg::Num(1.0), Arg::Num(3.0), Arg::Num(12345.0), Arg::from("white")] {
                let args: Vec<(&str, Arg)> = names.iter().map(|n| (n.as_str(), arg.clone())).collect();
                assert_eq!(
                    word(p, lang, &arg),
                    lang.try_tr(key, &args).unwrap(),
                    "{key} ({lang:?}) with {arg:?}"
                );
            }
        }
    }
}

#[test]
fn plural_choices_reach_the_page_as_choices() {
    let undo = &catalogue(Lang::Pt)["ann-undo"];
    assert_eq!(undo[0]["select"], "count", "{undo}");
    assert_eq!(
        word(undo, Lang::Pt, &Arg::Num(1.0)),
        Lang::Pt.tr_with(key!("ann-undo"), &[("count", 1u8.into())])
    );
    assert_ne!(word(undo, Lang::Pt, &Arg::Num(1.0)), word(undo, Lang::Pt, &Arg::Num(2.0)));
}
