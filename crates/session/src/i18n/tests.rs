use std::collections::{BTreeMap, BTreeSet};

use crate::i18n::Key;
use fluent_syntax::ast;

use super::*;

/// Every message of a catalogue with the variables it uses; panics on a syntax error.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            assert!(out.insert(m.id.name.to_string(), vars).is_none(), "duplicate key {}", m.id.name);
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn both_catalogues_have_the_same_keys_with_the_same_arguments() {
    let en = messages(EN_FTL);
    let pt = messages(PT_FTL);
    let only_en: Vec<_> = en.keys().filter(|k| !pt.contains_key(*k)).collect();
    let only_pt: Vec<_> = pt.keys().filter(|k| !en.contains_key(*k)).collect();
    assert!(only_en.is_empty(), "missing in pt-PT: {only_en:?}");
    assert!(only_pt.is_empty(), "missing in en: {only_pt:?}");
    for (key, vars) in &en {
        assert_eq!(vars, &pt[key], "arguments of {key} differ");
    }
    for (lang, parsed) in [(Lang::En, &en), (Lang::Pt, &pt)] {
        let keys: BTreeSet<&str> = lang.keys().into_iter().collect();
        assert_eq!(keys, parsed.keys().map(String::as_str).collect(), "{lang:?}");
    }
}

#[test]
fn every_message_formats_with_its_arguments_and_fails_without() {
    for lang in Lang::ALL {
        let source = if lang == Lang::Pt { PT_FTL } else { EN_FTL };
        for (key, vars) in messages(source) {
            let args: Vec<(&str, Arg)> = vars.iter().map(|v| (v.as_str(), Arg::from(2u32))).collect();
            let text = lang.try_tr(&key, &args).unwrap_or_else(|e| panic!("{e}"));
            assert!(!text.is_empty() && !text.contains("{$"), "{lang:?} {key}: {text}");
            if !vars.is_empty() {
                assert!(matches!(lang.try_tr(&key, &[]), Err(I18nError::Format { .. })), "{key}");
            }
        }
        assert!(matches!(lang.try_tr("no-such-key", &[]), Err(I18nError::UnknownKey { .. })));
    }
}

#[test]
fn portuguese_uses_the_course_words() {
    let pt = |k| Lang::Pt.tr(k);
    assert_eq!(pt(key!("mode-human-computer")), "Humano vs Computador");
    assert_eq!(pt(key!("mode-computer-computer")), "Computador vs Computador");
    assert_eq!(pt(key!("stat-nodes")), "nós analisados");
    assert_eq!(pt(key!("stat-alpha-cuts")), "cortes alfa");
    assert_eq!(pt(key!("stat-beta-cuts")), "cortes beta");
    assert_eq!(pt(key!("stat-time")), "tempo");
    assert_eq!(pt(key!("stat-depth")), "profundidade");
    assert_eq!(pt(key!("stat-value")), "valor");
    assert_eq!(pt(key!("stat-move")), "jogada");
    assert_eq!(pt(key!("result-word-win")), "vitória");
    assert_eq!(pt(key!("result-word-draw")), "empate");
    assert!(Lang::Pt.tr_with(key!("ann-pass"), &[("who", "Preto".into())]).contains("passa"));
}

#[test]
fn numbers_are_grouped_the_language_way() {
    assert_eq!(Lang::En.int(0), "0");
    assert_eq!(Lang::En.int(999), "999");
    assert_eq!(Lang::En.int(1234), "1,234");
    assert_eq!(Lang::En.int(-1_234_567), "-1,234,567");
    assert_eq!(Lang::Pt.int(1234), "1234");
    assert_eq!(Lang::Pt.int(12345), "12\u{a0}345");
    assert_eq!(Lang::Pt.int(1_234_567), "1\u{a0}234\u{a0}567");
    assert_eq!(Lang::En.decimal(12345.678, 1), "12,345.7");
    assert_eq!(Lang::Pt.decimal(12345.678, 1), "12\u{a0}345,7");
    assert_eq!(Lang::Pt.decimal(3.0, 1), "3,0");
    assert_eq!(Lang::Pt.decimal(-0.01, 1), "0,0");
    assert_eq!(Lang::En.decimal(-2.5, 0), "-2");
    assert_eq!(
        Lang::Pt.tr_with(key!("unit-ms"), &[("ms", Arg::from(1_500_000u64))]),
        "1\u{a0}500\u{a0}000 ms"
    );
    assert_eq!(Lang::Pt.tr_with(key!("unit-s"), &[("s", Arg::Decimal(1.25, 1))]), "1,2 s");
    assert_eq!(Lang::En.tr_with(key!("unit-s"), &[("s", Arg::Decimal(12.0, 1))]), "12.0 s");
}

#[test]
fn plurals_follow_the_count() {
    assert_eq!(Lang::En.tr_with(key!("ann-undo"), &[("count", Arg::from(1u32))]), "One ply taken back.");
    assert_eq!(Lang::En.tr_with(key!("ann-undo"), &[("count", Arg::from(3u32))]), "3 plies taken back.");
    assert_eq!(
        Lang::Pt.tr_with(key!("ann-undo"), &[("count", Arg::from(2u32))]),
        "2 meias-jogadas anuladas."
    );
}

#[test]
fn language_names_are_read() {
    for (name, lang) in [
        ("pt", Some(Lang::Pt)),
        ("pt-PT", Some(Lang::Pt)),
        ("pt_PT.UTF-8", Some(Lang::Pt)),
        ("PT", Some(Lang::Pt)),
        ("en", Some(Lang::En)),
        ("en_GB.UTF-8", Some(Lang::En)),
        ("en-US", Some(Lang::En)),
        ("C", None),
        ("C.UTF-8", None),
        ("fr_FR", None),
        ("", None),
    ] {
        assert_eq!(Lang::parse(name), lang, "{name}");
    }
    assert_eq!("pt".parse::<Lang>(), Ok(Lang::Pt));
    assert_eq!("xx".parse::<Lang>(), Err(UnknownLang("xx".into())));
    assert_eq!(Lang::Pt.to_string(), "pt");
    assert_eq!(serde_json::to_string(&Lang::Pt).unwrap(), "\"pt\"");
}

#[test]
fn the_environment_decides_lc_all_then_lc_messages_then_lang() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        Lang::from_env_with(move |n| pairs.iter().find(|p| p.0 == n).map(|p| p.1.to_string()))
    };
    assert_eq!(env(&[]), Lang::En);
    assert_eq!(env(&[("LANG", "pt_PT.UTF-8")]), Lang::Pt);
    assert_eq!(env(&[("LANG", "pt_PT.UTF-8"), ("LC_MESSAGES", "en_US.UTF-8")]), Lang::En);
    assert_eq!(env(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "pt_PT"), ("LC_ALL", "")]), Lang::Pt);
    assert_eq!(env(&[("LANG", "pt_PT"), ("LC_ALL", "C")]), Lang::En);
    assert_eq!(env(&[("LANG", "de_DE.UTF-8")]), Lang::En);
}

#[test]
fn accept_language_picks_the_preferred_of_ours() {
    assert_eq!(Lang::from_accept_language("pt-PT,pt;q=0.9,en;q=0.8"), Some(Lang::Pt));
    assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9,pt;q=0.8"), Some(Lang::En));
    assert_eq!(Lang::from_accept_language("fr-FR, pt;q=0.5, en;q=0.7"), Some(Lang::En));
    assert_eq!(Lang::from_accept_language("fr, de;q=0.5"), None);
    assert_eq!(Lang::from_accept_language("pt;q=0, en;q=0.1"), Some(Lang::En));
    assert_eq!(Lang::from_accept_language(""), None);
    assert_eq!(Lang::from_accept_language("*"), None);
}

#[test]
fn web_labels_without_arguments_keep_their_placeholders() {
    let text = Lang::Pt.tr(key!("web-burn-hint"));
    assert!(text.contains("{$number}") && text.contains("{$cell}"), "{text}");
}

#[test]
fn report_counts_take_the_plural_form_and_no_separator() {
    let n = |lang: Lang, key: Key, count: u64| lang.tr_with(key, &[("count", Arg::Count(count))]);
    assert_eq!(n(Lang::En, key!("report-complete-pairs"), 1), "1 complete pair");
    assert_eq!(n(Lang::En, key!("report-complete-pairs"), 2), "2 complete pairs");
    assert_eq!(n(Lang::Pt, key!("report-complete-pairs"), 1), "1 par completo");
    assert_eq!(n(Lang::Pt, key!("report-complete-pairs"), 2), "2 pares completos");
    assert_eq!(n(Lang::En, key!("report-wins"), 1), "1 win");
    assert_eq!(n(Lang::En, key!("report-losses"), 0), "0 losses");
    assert_eq!(n(Lang::Pt, key!("report-draws"), 1), "1 empate");
    assert_eq!(n(Lang::En, key!("report-limit-nodes"), 12000), "12000 nodes");
    assert_eq!(n(Lang::Pt, key!("report-limit-nodes"), 1_500_000), "1500000 nós");
    let merged = [("seeds", Arg::from("1..5")), ("files", Arg::Count(1))];
    assert_eq!(Lang::En.tr_with(key!("report-seeds-merged"), &merged), "1..5 (merged from 1 file)");
}
