//! A team's program refused at its upload ([`ProgramError`]) in the user's language (the
//! catalogues' `program-*` messages).

use crate::program::{MAX_BYTES, MAX_FILES, MAX_NAME, ProgramError};
use cavalo_session::i18n::{Arg, Lang};
use cavalo_session::key;

/// Why a program handed in is refused, in words.
pub fn program_error_text(lang: Lang, e: &ProgramError) -> String {
    let name = |n: &str| -> Arg { n.chars().take(80).collect::<String>().escape_debug().to_string().into() };
    match e {
        ProgramError::NoFiles => lang.tr(key!("program-no-files")),
        ProgramError::TooManyFiles { count } => lang.tr_with(
            key!("program-too-many-files"),
            &[("count", Arg::Count(*count as u64)), ("max", Arg::Count(MAX_FILES as u64))],
        ),
        ProgramError::TooBig { bytes } => lang.tr_with(
            key!("program-too-big"),
            &[
                ("kib", Arg::Count(bytes.div_ceil(1024) as u64)),
                ("max", Arg::Count((MAX_BYTES >> 10) as u64)),
            ],
        ),
        ProgramError::BadName { name: n } => {
            lang.tr_with(key!("program-bad-name"), &[("name", name(n)), ("max", Arg::Count(MAX_NAME as u64))])
        }
        ProgramError::Twice { name: n } => lang.tr_with(key!("program-twice"), &[("name", name(n))]),
        ProgramError::NotText { name: n } => lang.tr_with(key!("program-not-text"), &[("name", name(n))]),
        ProgramError::NoEntry => lang.tr(key!("program-no-entry")),
        ProgramError::NoSuchEntry { entry } => {
            lang.tr_with(key!("program-no-such-entry"), &[("entry", name(entry))])
        }
        ProgramError::RefereeKey { key } => lang.tr_with(key!("program-referee-key"), &[("key", name(key))]),
        ProgramError::Glue(e) => super::glue_error_text(lang, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let all = [
            ProgramError::NoFiles,
            ProgramError::TooManyFiles { count: 9 },
            ProgramError::TooBig { bytes: 600 << 10 },
            ProgramError::BadName { name: "../escape.lisp".into() },
            ProgramError::Twice { name: "a.lisp".into() },
            ProgramError::NotText { name: "a.fasl".into() },
            ProgramError::NoEntry,
            ProgramError::NoSuchEntry { entry: "b.lisp".into() },
            ProgramError::RefereeKey { key: "sandbox".into() },
        ];
        for e in &all {
            for lang in [Lang::En, Lang::Pt] {
                let text = program_error_text(lang, e);
                assert!(!text.is_empty() && !text.contains('{'), "{lang:?} {e:?}: {text}");
            }
        }
        assert_eq!(program_error_text(Lang::En, &all[2]), "the files hold 600 KiB: at most 512 KiB in all");
        assert_eq!(
            program_error_text(Lang::Pt, &all[3]),
            "`../escape.lisp` não é um nome de ficheiro: letras, algarismos, `.`, `-` e `_`, até 64, sem começar por `.`"
        );
    }
}
