//! The match crate's typed forfeits and errors in the user's language (the catalogues'
//! `forfeit-*`, `fault-*`, `record-*`, `spec-*`, `plan-*` and `sprt-*` messages): the
//! referee gives the data ([`Forfeit`], [`Fault`], [`RecordMismatch`], …), the words are here.

use crate::error::{Aspect, PlanError, RecordMismatch, SprtError};
use crate::fault::{During, Exit, Hint, Sign};
use crate::sandbox::{FOLDER_BYTES, FOLDER_FILES, SandboxError};
use crate::termination::Deadline;
use crate::{Fault, ForfeitCase, SpecError};
use cavalo_session::i18n::{Arg, Key, Lang};
use cavalo_session::present::{illegal_reason, side_name};

use cavalo_session::i18n::numbers::plain;
use cavalo_session::key;

mod lisp;
mod program;

pub use lisp::{expected_text, glue_error_text};
pub use program::program_error_text;

/// A forfeit as a summary shows the first of its reason, naming the loser by `player` (its
/// name): `jogo 3 (semente 2): Equipa A (brancas) na meia-jogada 5: …`.
pub fn case_text(lang: Lang, case: &ForfeitCase, player: &str) -> String {
    let f = &case.forfeit;
    let (when, what) = forfeit_parts(lang, f);
    let stderr = if f.stderr.is_empty() {
        String::new()
    } else {
        let quoted: Vec<String> = f.stderr.iter().map(|l| format!("`{l}`")).collect();
        lang.tr_with(key!("forfeit-stderr"), &[("lines", quoted.join(" | ").into())])
    };
    let args = [
        ("game", case.game.to_string().into()),
        ("seed", case.seed.to_string().into()),
        ("player", player.into()),
        ("side", side_name(lang, f.side).into()),
        ("when", when.into()),
        ("what", what.into()),
        ("stderr", stderr.into()),
    ];
    lang.tr_with(key!("forfeit-case"), &args)
}

/// When a forfeit happened and what went wrong, with the limit a timeout broke:
/// (`na meia-jogada 5`, `o programa terminou …`).
pub fn forfeit_parts(lang: Lang, f: &crate::Forfeit) -> (String, String) {
    let when = match f.ply {
        Some(ply) => lang.tr_with(key!("forfeit-at-ply"), &[("ply", ply.to_string().into())]),
        None => lang.tr(key!("forfeit-at-load")),
    };
    let mut what = fault_text(lang, &f.fault);
    if let Some(limit) = &f.limit {
        let args = [("what", what.into()), ("limit", limit_text(lang, limit).into())];
        what = lang.tr_with(key!("forfeit-with-limit"), &args);
    }
    (when, what)
}

/// The limit a timeout broke.
fn limit_text(lang: Lang, d: &Deadline) -> String {
    match d.time_ms {
        Some(t) => lang.tr_with(
            key!("forfeit-limit-time"),
            &[("ms", t.to_string().into()), ("tolerance", d.ms.to_string().into())],
        ),
        None => lang.tr_with(key!("forfeit-limit-max"), &[("ms", d.ms.to_string().into())]),
    }
}

/// How a program ended: ` (código de saída 3)`, or nothing when unknown.
fn exit_text(lang: Lang, status: &Option<Exit>) -> String {
    match status {
        Some(Exit::Code(c)) => {
            format!(" ({})", lang.tr_with(key!("fault-exit-code"), &[("code", c.to_string().into())]))
        }
        Some(Exit::Signal(s)) => {
            format!(" ({})", lang.tr_with(key!("fault-exit-signal"), &[("signal", s.to_string().into())]))
        }
        None => String::new(),
    }
}

/// What a sign on standard error means.
fn sign_text(lang: Lang, sign: &Sign) -> String {
    match sign {
        Sign::HeapExhausted { heap_mb } => {
            lang.tr_with(key!("fault-sign-heap"), &[("mb", heap_mb.to_string().into())])
        }
        Sign::ControlStackExhausted => lang.tr(key!("fault-sign-stack")),
        Sign::MemoryLimit { limit_mb, heap_mb } => lang.tr_with(
            key!("fault-sign-memory"),
            &[("limit", limit_mb.to_string().into()), ("heap", heap_mb.to_string().into())],
        ),
    }
}

/// What went wrong, in words.
pub fn fault_text(lang: Lang, fault: &Fault) -> String {
    let t = |key: Key, args: &[(&str, &str)]| words(lang, key, args);
    match fault {
        Fault::CannotStart { program, error, hint } => {
            let text = t(key!("fault-cannot-start"), &[("program", program), ("error", error)]);
            match hint {
                Some(Hint::InstallSbcl) => t(
                    key!("fault-with-hint"),
                    &[("fault", &text), ("hint", &lang.tr(key!("fault-hint-sbcl")))],
                ),
                None => text,
            }
        }
        Fault::NoThread { error } => t(key!("fault-no-thread"), &[("error", error)]),
        Fault::CannotReadProgram { path, error } => {
            t(key!("fault-cannot-read-program"), &[("path", path), ("error", error)])
        }
        Fault::NoAdapter { path, error } => t(key!("fault-no-adapter"), &[("path", path), ("error", error)]),
        Fault::NoSandbox { error } => t(key!("fault-no-sandbox"), &[("why", &sandbox_text(lang, error))]),
        Fault::StoppedReading { line, error } => {
            t(key!("fault-stopped-reading"), &[("line", line), ("error", error)])
        }
        Fault::Exited { status, during, sign } => exited_text(lang, status, during, sign.as_ref()),
        Fault::SaidError { said } => said.clone(),
        Fault::LateLoad { program, load_ms } => {
            t(key!("fault-late-load"), &[("program", program), ("ms", &load_ms.to_string())])
        }
        Fault::NoHandshake { ms } => t(key!("fault-no-handshake"), &[("ms", &ms.to_string())]),
        Fault::NoReply { reply } => t(key!("fault-no-reply"), &[("reply", reply)]),
        Fault::NoBestmove => lang.tr(key!("fault-no-bestmove")),
        Fault::TooLate { bestmove, took_ms } => {
            t(key!("fault-too-late"), &[("mv", bestmove), ("ms", &took_ms.to_string())])
        }
        Fault::LineTooLong { reply, max_bytes } => t(
            key!("fault-line-too-long"),
            &[("bytes", &max_bytes.to_string()), ("reply", reply), ("kib", &(max_bytes / 1024).to_string())],
        ),
        Fault::NotUtf8 { text, reply } => t(key!("fault-not-utf8"), &[("text", text), ("reply", reply)]),
        Fault::SecondBestmove { first, line } => {
            t(key!("fault-second-bestmove"), &[("first", first), ("line", line)])
        }
        Fault::EmptyBestmove => lang.tr(key!("fault-empty-bestmove")),
        Fault::Unexpected { line } => t(key!("fault-unexpected"), &[("line", line)]),
        Fault::RefusedOption { program, command, said } => {
            t(key!("fault-refused-option"), &[("program", program), ("command", command), ("said", said)])
        }
        Fault::Panicked => lang.tr(key!("fault-panicked")),
        Fault::IllegalMove { .. } => illegal_move_text(lang, fault),
        Fault::Lisp { report } => lisp::report_text(lang, report),
        Fault::LispIllegal { report, position, legal } => t(
            key!("fault-said-illegal"),
            &[("why", &lisp::report_text(lang, report)), ("position", position), ("legal", legal)],
        ),
        Fault::SaidIllegal { why, position, legal } => {
            t(key!("fault-said-illegal"), &[("why", why), ("position", position), ("legal", legal)])
        }
        Fault::NotAMove { bestmove, said: Some(said), .. } => {
            t(key!("fault-not-a-move-said"), &[("mv", bestmove), ("said", said)])
        }
        Fault::NotAMove { bestmove, said: None, .. } => t(key!("fault-not-a-move"), &[("mv", bestmove)]),
    }
}

/// The words of `args` under `key`, in `lang`.
fn words(lang: Lang, key: Key, args: &[(&str, &str)]) -> String {
    let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, Arg::from(*v))).collect();
    lang.tr_with(key, &args)
}

/// A program that ended (`status`) while the referee waited for a reply or sent a line, with
/// the sign of what killed it when there is one.
fn exited_text(lang: Lang, status: &Option<Exit>, during: &During, sign: Option<&Sign>) -> String {
    let status = exit_text(lang, status);
    let text = match during {
        During::Waiting { reply } => {
            words(lang, key!("fault-exited-waiting"), &[("status", &status), ("reply", reply)])
        }
        During::Sending { line, error } => words(
            lang,
            key!("fault-exited-sending"),
            &[("status", &status), ("line", line), ("error", error)],
        ),
    };
    match sign {
        Some(s) => words(lang, key!("fault-with-sign"), &[("sign", &sign_text(lang, s)), ("fault", &text)]),
        None => text,
    }
}

/// An illegal move (`fault` is a [`Fault::IllegalMove`]): why, the position, the legal moves,
/// the Lisp program's own answer and what the engine had said before, when known.
fn illegal_move_text(lang: Lang, fault: &Fault) -> String {
    let Fault::IllegalMove { mv, reason, position, legal, said, lisp } = fault else {
        return fault_text(lang, fault);
    };
    let reason = illegal_reason(lang, reason);
    let text = match lisp {
        Some(r) => words(
            lang,
            key!("fault-illegal-lisp"),
            &[
                ("mv", mv),
                ("reason", &reason),
                ("answer", &lisp::report_text(lang, r)),
                ("position", position),
                ("legal", legal),
            ],
        ),
        None => words(
            lang,
            key!("fault-illegal"),
            &[("mv", mv), ("reason", &reason), ("position", position), ("legal", legal)],
        ),
    };
    match said {
        Some(s) => words(lang, key!("fault-engine-had-said"), &[("fault", &text), ("said", s)]),
        None => text,
    }
}

/// A record that does not fit the match or tournament, in words.
pub fn record_mismatch_text(lang: Lang, e: &RecordMismatch) -> String {
    let s = |x: &dyn ToString| Arg::from(x.to_string());
    let (key, args): (Key, Vec<(&str, Arg)>) = match e {
        RecordMismatch::Missing(field) => (key!("record-missing"), vec![("field", s(field))]),
        RecordMismatch::Invalid(field) => (key!("record-invalid"), vec![("field", s(field))]),
        RecordMismatch::NotTournament => (key!("record-not-tournament"), vec![]),
        RecordMismatch::OtherTournament { what, here, there } => {
            let what = Arg::from(aspect_text(lang, *what));
            (key!("record-other-tournament"), vec![("what", what), ("here", s(here)), ("there", s(there))])
        }
        RecordMismatch::Beyond { game, games, tournament } => {
            let key =
                if *tournament { key!("record-beyond-tournament") } else { key!("record-beyond-match") };
            (key, vec![("game", s(game)), ("games", s(games))])
        }
        RecordMismatch::NotInShard { game, shard } => {
            (key!("record-not-in-shard"), vec![("game", s(game)), ("shard", s(shard))])
        }
        RecordMismatch::OtherPlayers { game, found, want }
        | RecordMismatch::OtherNames { game, found, want } => {
            let key = if matches!(e, RecordMismatch::OtherPlayers { .. }) {
                key!("record-other-players")
            } else {
                key!("record-other-names")
            };
            let args = vec![
                ("game", s(game)),
                ("found1", s(&found[0])),
                ("found2", s(&found[1])),
                ("want1", s(&want[0])),
                ("want2", s(&want[1])),
            ];
            (key, args)
        }
        RecordMismatch::OtherSeed { game, found, want } => {
            (key!("record-other-seed"), vec![("game", s(game)), ("found", s(found)), ("want", s(want))])
        }
        RecordMismatch::OtherRules { game, found, want } => {
            let rules = |r: &cavalo_rules::Rules| Arg::from(cavalo_session::present::rules_text(lang, *r));
            (
                key!("record-other-rules"),
                vec![("game", s(game)), ("found", rules(found)), ("want", rules(want))],
            )
        }
        RecordMismatch::Misplaced(game) => (key!("record-misplaced"), vec![("game", s(game))]),
        // A kind added to the match crate later and not yet in the catalogue: its own words.
    };
    lang.tr_with(key, &args)
}

/// What is wrong with the players, in words.
pub fn spec_error_text(lang: Lang, e: &SpecError) -> String {
    match e {
        SpecError::NotAFile { path } => {
            lang.tr_with(key!("spec-not-a-file"), &[("path", path.as_str().into())])
        }
        SpecError::CannotRead { path, kind: std::io::ErrorKind::NotFound, .. } => {
            lang.tr_with(key!("spec-not-found"), &[("path", path.as_str().into())])
        }
        SpecError::CannotRead { path, error, .. } => lang.tr_with(
            key!("spec-cannot-read"),
            &[("path", path.as_str().into()), ("error", error.as_str().into())],
        ),
        SpecError::SameName(name) => lang.tr_with(key!("spec-same-name"), &[("name", name.as_str().into())]),
    }
}

/// Why a tournament cannot be planned, in words.
pub fn plan_error_text(lang: Lang, e: &PlanError) -> String {
    match e {
        PlanError::TooFewPlayers => lang.tr(key!("plan-too-few-players")),
        PlanError::NoBoards => lang.tr(key!("plan-no-boards")),
        PlanError::Twice(p) => lang.tr_with(key!("plan-twice"), &[("player", p.as_str().into())]),
        PlanError::Names(e) => spec_error_text(lang, e),
    }
}

/// SPRT parameters that make no test, in words.
pub fn sprt_error_text(lang: Lang, e: &SprtError) -> String {
    match e {
        SprtError::Hypotheses { elo0, elo1 } => lang.tr_with(
            key!("sprt-hypotheses"),
            &[("elo0", plain(lang, *elo0).into()), ("elo1", plain(lang, *elo1).into())],
        ),
        SprtError::Probability { name, value } => lang.tr_with(
            key!("sprt-probability"),
            &[("name", (*name).into()), ("value", plain(lang, *value).into())],
        ),
    }
}

/// What two records differ in, in words (`as regras`).
pub fn aspect_text(lang: Lang, a: Aspect) -> String {
    let n = |n: u8| [("n", Arg::Count(n.into()))];
    match a {
        Aspect::EngineName(k) => lang.tr_with(key!("aspect-engine-name"), &n(k)),
        Aspect::EngineSpec(k) => lang.tr_with(key!("aspect-engine-spec"), &n(k)),
        Aspect::Players => lang.tr(key!("aspect-players")),
        Aspect::Names => lang.tr(key!("aspect-names")),
        Aspect::Format => lang.tr(key!("aspect-format")),
        Aspect::FirstSeed => lang.tr(key!("aspect-first-seed")),
        Aspect::Boards => lang.tr(key!("aspect-boards")),
        Aspect::Rules => lang.tr(key!("aspect-rules")),
        Aspect::Limits => lang.tr(key!("aspect-limits")),
    }
}

/// Why a program cannot be started in its sandbox, in `lang`.
pub fn sandbox_text(lang: Lang, e: &SandboxError) -> String {
    let t = |k, args: &[(&str, &String)]| {
        let args: Vec<(&str, Arg)> = args.iter().map(|(n, v)| (*n, Arg::from(v.as_str()))).collect();
        lang.tr_with(k, &args)
    };
    match e {
        SandboxError::NoBwrap => lang.tr(key!("sandbox-no-bwrap")),
        SandboxError::Refused { said } => t(key!("sandbox-refused"), &[("said", said)]),
        SandboxError::Sbcl { sbcl, said } => t(key!("sandbox-sbcl"), &[("sbcl", sbcl), ("said", said)]),
        SandboxError::FolderTooBig { folder } => lang.tr_with(
            key!("sandbox-folder-too-big"),
            &[
                ("folder", Arg::from(folder.as_str())),
                ("files", Arg::from(FOLDER_FILES as u64)),
                ("kib", Arg::from(FOLDER_BYTES >> 10)),
            ],
        ),
        SandboxError::Copy { folder, said } => t(key!("sandbox-copy"), &[("folder", folder), ("said", said)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sandbox_refusal_is_worded_in_both_languages() {
        let e = SandboxError::FolderTooBig { folder: "/home/ana".into() };
        assert_eq!(
            sandbox_text(Lang::En, &e),
            "the folder /home/ana holds more than 64 files or 4,096 KiB: give the team's files a folder of their own"
        );
        let pt = fault_text(Lang::Pt, &Fault::NoSandbox { error: SandboxError::NoBwrap });
        assert!(
            pt.starts_with("não foi possível iniciar o programa na sua caixa de areia: o bubblewrap"),
            "{pt}"
        );
    }
}
