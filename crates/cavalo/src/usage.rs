//! A command line that clap does not understand, worded for `cavalo match` and `cavalo
//! tournament` in the reader's language (their `--lang`, else the environment's): clap's own
//! messages are English, so in Portuguese the error's kind and context are worded from the
//! catalogue (`usage-*`) and clap's text is quoted only where no kind says more. In English,
//! and for the other commands, clap speaks as before.

use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;
use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::run_error::with_detail;

/// The commands whose command line is worded in the reader's language.
const WORDED: [&str; 2] = ["match", "tournament"];

/// Ends the program on clap's error `e`: help and version as clap prints them; a refused
/// command line of `match` or `tournament` in the reader's language (status 2, as clap's).
pub fn exit(e: clap::Error) -> ! {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
        _ => {}
    }
    match lang_of(&args) {
        Some(Lang::Pt) => {
            eprintln!(
                "{}: {}\n\n{}",
                Lang::Pt.tr(key!("error-prefix")),
                text(&e, Lang::Pt),
                Lang::Pt.tr(key!("usage-help"))
            );
            std::process::exit(2)
        }
        _ => e.exit(),
    }
}

/// The language of a command line of `match` or `tournament` (`--lang`, else the environment's);
/// `None` for the other commands.
fn lang_of(args: &[String]) -> Option<Lang> {
    let command = args.iter().find(|a| !a.starts_with('-'))?;
    if !WORDED.contains(&command.as_str()) {
        return None;
    }
    let given = args.iter().enumerate().find_map(|(i, a)| match a.strip_prefix("--lang") {
        Some(rest) if rest.starts_with('=') => Some(rest[1..].to_string()),
        Some("") => args.get(i + 1).cloned(),
        _ => None,
    });
    Some(given.and_then(|l| Lang::parse(&l)).unwrap_or_else(Lang::from_env))
}

/// A context value as text (a list joined by commas).
fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => Some(v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
        _ => None,
    }
}

/// Clap's error `e` in words in `lang`.
pub fn text(e: &clap::Error, lang: Lang) -> String {
    let arg = Arg::from(context(e, ContextKind::InvalidArg).unwrap_or_default());
    let value = context(e, ContextKind::InvalidValue).unwrap_or_default();
    let with = |key, extra: &[(&'static str, Arg)]| {
        let mut args = vec![("arg", arg.clone()), ("value", Arg::from(value.as_str()))];
        args.extend_from_slice(extra);
        lang.tr_with(key, &args)
    };
    match e.kind() {
        ErrorKind::InvalidValue if value.is_empty() => with(key!("usage-empty-value"), &[]),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => value_text(e, lang, &with),
        ErrorKind::UnknownArgument => {
            let sentence = with(key!("usage-unknown-argument"), &[]);
            match context(e, ContextKind::SuggestedArg) {
                Some(s) => lang
                    .tr_with(key!("usage-suggest"), &[("error", sentence.into()), ("suggestion", s.into())]),
                None => sentence,
            }
        }
        ErrorKind::MissingRequiredArgument => lang.tr_with(key!("usage-missing"), &[("args", arg)]),
        ErrorKind::ArgumentConflict => {
            let other = context(e, ContextKind::PriorArg).unwrap_or_default();
            with(key!("usage-conflict"), &[("other", other.into())])
        }
        _ => with_detail(lang, lang.tr(key!("usage-other")), &clap_words(e)),
    }
}

/// A message worded with the refused argument and value (and more arguments).
type Words<'a> = dyn Fn(cavalo_session::i18n::Key, &[(&'static str, Arg)]) -> String + 'a;

/// A value refused: by the reason's type where there is one (a whole number, a number, a
/// language), else the value named and the reason quoted.
fn value_text(e: &clap::Error, lang: Lang, with: &Words) -> String {
    use std::num::IntErrorKind;
    let source = std::error::Error::source(e);
    if let Some(int) = source.and_then(|s| s.downcast_ref::<std::num::ParseIntError>()) {
        return match int.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => with(key!("usage-too-large"), &[]),
            _ => with(key!("usage-not-whole"), &[]),
        };
    }
    if source.is_some_and(|s| s.is::<std::num::ParseFloatError>()) {
        return with(key!("usage-not-number"), &[]);
    }
    if source.is_some_and(|s| s.is::<cavalo_session::i18n::UnknownLang>()) {
        return with(key!("usage-bad-lang"), &[]);
    }
    let sentence = with(key!("usage-invalid-value"), &[]);
    match source {
        Some(reason) => with_detail(lang, sentence, &reason.to_string()),
        None => sentence,
    }
}

/// Clap's own first line, without its `error: `.
fn clap_words(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[arg(long)]
        games: Option<u64>,
        #[arg(long)]
        sprt: Option<f64>,
        #[arg(long, required = true)]
        player: Vec<String>,
        #[arg(long, conflicts_with = "games")]
        boards: Option<u64>,
        #[arg(long)]
        lang: Option<Lang>,
    }

    fn refused(args: &[&str]) -> String {
        let e = Cli::try_parse_from(std::iter::once("x").chain(args.iter().copied())).unwrap_err();
        text(&e, Lang::Pt)
    }

    #[test]
    fn clap_refusals_are_worded_in_portuguese() {
        let p = ["--player", "greedy"];
        assert_eq!(
            refused(&[&p[..], &["--games", "abc"]].concat()),
            "--games <GAMES> pede um número inteiro, não `abc`"
        );
        assert!(
            refused(&[&p[..], &["--games", "99999999999999999999999"]].concat()).contains("grande demais")
        );
        assert!(refused(&[&p[..], &["--sprt", "x"]].concat()).contains("pede um número, não `x`"));
        assert!(refused(&[&p[..], &["--lang", "fr"]].concat()).contains("não é uma língua"));
        assert!(refused(&[&p[..], &["--gmaes", "2"]].concat()).starts_with("não existe a opção --gmaes"));
        assert!(refused(&[]).starts_with("falta indicar: --player"), "{}", refused(&[]));
        let both = refused(&[&p[..], &["--games", "2", "--boards", "3"]].concat());
        assert!(both.contains("não pode ser dado com"), "{both}");
        for args in [&[&p[..], &["--games", "abc"]].concat(), &vec!["--gmaes"]] {
            let t = refused(args);
            let english = cavalo_session::i18n::english_words_in(&t, &["games", "gmaes", "player"]);
            assert_eq!(english, Vec::<String>::new(), "{t}");
        }
    }

    #[test]
    fn the_language_is_that_of_match_and_tournament_only() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(lang_of(&args(&["match", "--lang", "pt"])), Some(Lang::Pt));
        assert_eq!(lang_of(&args(&["--no-threat", "tournament", "--lang=en"])), Some(Lang::En));
        assert_eq!(lang_of(&args(&["play", "--lang", "pt"])), None);
    }
}
