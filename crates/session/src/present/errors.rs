//! Errors worded in the player's language: the session's, the store's, the rules' (an illegal
//! move, unreadable text, an invalid position) — each from its typed reason, never from English
//! text.

use cavalo_rules::{
    Cell, IllegalMoveError, IllegalMoveReason, LispBoardError, ParseCellReason, ParseMoveError,
    ParseMoveReason, PositionError, Side,
};

use cavalo_engine::{OptionError, Options, PlayerError, PlayerKind};

use super::message::{Message, Words, side_message};
use crate::SessionError;
use crate::error::{FileError, FileKind, RestoreError};
use crate::i18n::Key;
use crate::i18n::{Arg, Lang};
use crate::key;
use crate::store::{StoreError, StoreErrorKind};

/// An error in `lang`.
pub fn error_text(e: &SessionError, lang: Lang) -> String {
    let reason = |r: &str| [("reason", Arg::from(r))];
    match e {
        SessionError::Start(e) => lang.tr_with(key!("err-start"), &reason(&position_text(lang, e))),
        SessionError::NotHumanTurn => lang.tr(key!("err-not-your-turn")),
        SessionError::NotComputerTurn => lang.tr(key!("err-not-computer-turn")),
        SessionError::NotProgramTurn => lang.tr(key!("err-not-program-turn")),
        SessionError::NotForced => lang.tr(key!("err-not-forced")),
        SessionError::GameOver => lang.tr(key!("err-game-over")),
        SessionError::Abandoned => lang.tr(key!("err-game-abandoned")),
        SessionError::HintNotMove => lang.tr(key!("err-hint-not-move")),
        SessionError::Illegal(i) => illegal_text(lang, i),
        SessionError::Unreadable(p) => unreadable_text(lang, p),
        SessionError::NotARemoval { text, choices } => lang.tr_with(
            key!("err-not-a-removal"),
            &[("text", Arg::from(text.as_str())), ("choices", Arg::from(crate::error::two_digits(choices)))],
        ),
        SessionError::NothingToUndo => lang.tr(key!("err-nothing-to-undo")),
        SessionError::Stale => lang.tr(key!("err-stale")),
        SessionError::Io(e) => file_text(lang, e),
        SessionError::Store(e) => store_error_text(e, lang),
        SessionError::Restore(e) => lang.tr_with(key!("err-restore"), &reason(&restore_text(lang, e))),
    }
}

/// A failed read or write of the games database in `lang`, worded by its kind (the store's own
/// message, naming what failed and where, is its reason).
pub fn store_error_text(e: &StoreError, lang: Lang) -> String {
    super::store_error_message(e).text(lang)
}

/// Why the games database at `path` cannot be used, in `lang`, when a program opens it: what is
/// wrong and what to do about it (a damaged file, one that cannot be written, one a newer Cavalo
/// made, one whose schema version no Cavalo writes); any other failure as [`store_error_text`].
pub fn store_open_text(e: &StoreError, path: &std::path::Path, lang: Lang) -> String {
    let path = || Arg::from(path.display().to_string());
    // SQLite's own words, quoted as its: never our English sentence inside another language.
    let reason = [("path", path()), ("reason", Arg::from(e.detail.as_str()))];
    match e.kind {
        StoreErrorKind::Corrupt => lang.tr_with(key!("err-store-open-damaged"), &reason),
        StoreErrorKind::ReadOnly => lang.tr_with(key!("err-store-open-read-only"), &reason),
        StoreErrorKind::Newer { found, known } => lang.tr_with(
            key!("err-store-open-newer"),
            &[("path", path()), ("found", found.into()), ("known", known.into())],
        ),
        // As written, never as a number formatted for reading (-1, not a grouped figure).
        StoreErrorKind::BadVersion { found } => lang.tr_with(
            key!("err-store-open-bad-version"),
            &[("path", path()), ("found", Arg::from(found.to_string()))],
        ),
        _ => store_error_text(e, lang),
    }
}

/// An illegal move and why, in `lang`: the rules crate's typed reason worded by the catalogue.
pub fn illegal_text(lang: Lang, e: &IllegalMoveError) -> String {
    lang.tr_with(
        key!("err-illegal"),
        &[("mv", Arg::from(e.mv.as_str())), ("reason", Arg::from(illegal_reason(lang, &e.reason)))],
    )
}

/// Text that is not a move, and why, in `lang`.
pub fn unreadable_text(lang: Lang, e: &ParseMoveError) -> String {
    use ParseCellReason as C;
    use ParseMoveReason as M;
    let key = |k: Key| lang.tr(k);
    let reason = match &e.reason {
        M::Empty => key(key!("unreadable-empty")),
        M::NoCell => key(key!("unreadable-no-cell")),
        M::RemovalDigits(t) => {
            lang.tr_with(key!("unreadable-removal-digits"), &[("text", Arg::from(t.as_str()))])
        }
        M::NotDouble(t) => lang.tr_with(key!("unreadable-not-double"), &[("text", Arg::from(t.as_str()))]),
        M::Cell(C::Empty) => key(key!("unreadable-empty")),
        M::Cell(C::Column) => key(key!("unreadable-column")),
        M::Cell(C::Row) => key(key!("unreadable-row")),
        M::Cell(C::PairShape) => key(key!("unreadable-pair")),
        M::Cell(C::PairRowNumber | C::PairRow) => key(key!("unreadable-pair-row")),
        M::Cell(C::PairColumnNumber | C::PairColumn) => key(key!("unreadable-pair-column")),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        other => other.to_string(),
    };
    lang.tr_with(
        key!("err-unreadable"),
        &[("text", Arg::from(e.input.as_str())), ("reason", Arg::from(reason))],
    )
}

/// Why a move is illegal, in `lang` (no capital, no full stop: it follows the move).
pub fn illegal_reason(lang: Lang, r: &IllegalMoveReason) -> String {
    use IllegalMoveReason as R;
    let side = |s: Side| Arg::from(s.name());
    let cell = |c: Cell| Arg::from(c.to_string());
    let two = |v: u8| Arg::from(format!("{v:02}"));
    match *r {
        R::GameOver => lang.tr(key!("illegal-game-over")),
        R::PassNotAllowed(s) => lang.tr_with(key!("illegal-pass-not-allowed"), &[("side", side(s))]),
        R::MustPass(s) => lang.tr_with(key!("illegal-must-pass"), &[("side", side(s))]),
        R::PlaceOn { side: s, cell: c, row } => lang.tr_with(
            key!("illegal-place-on"),
            &[("side", side(s)), ("cell", cell(c)), ("row", Arg::from(row))],
        ),
        R::NoPlacement(s) => lang.tr_with(key!("illegal-no-placement"), &[("side", side(s))]),
        R::NotAJump { to, from } => {
            lang.tr_with(key!("illegal-not-a-jump"), &[("to", cell(to)), ("from", cell(from))])
        }
        R::Removed(c) => lang.tr_with(key!("illegal-removed"), &[("cell", cell(c))]),
        R::Occupied { cell: c, side: s } => {
            lang.tr_with(key!("illegal-occupied"), &[("cell", cell(c)), ("side", side(s))])
        }
        R::Threatened { cell: c, side: s, from } => lang.tr_with(
            key!("illegal-threatened"),
            &[("cell", cell(c)), ("side", side(s)), ("from", cell(from))],
        ),
        R::Unreachable(c) => lang.tr_with(key!("illegal-unreachable"), &[("cell", cell(c))]),
        R::NothingToRemove { cell: c, value } => {
            lang.tr_with(key!("illegal-nothing-to-remove"), &[("cell", cell(c)), ("value", two(value))])
        }
        R::RemovesLanding(v) => lang.tr_with(key!("illegal-removes-landing"), &[("value", two(v))]),
        R::NoSuchDouble(v) => lang.tr_with(key!("illegal-no-such-double"), &[("value", two(v))]),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        _ => r.to_string(),
    }
}

/// A file that could not be written, in `lang`: which, where, and why (by the failure's kind
/// when the catalogue has it, else the system's words).
fn file_text(lang: Lang, e: &FileError) -> String {
    file_message(e).text(lang)
}

/// The words of a file that could not be read or written, as a message.
pub fn file_message(e: &FileError) -> Message {
    use std::io::ErrorKind as K;
    let reason: Words = match e.kind {
        K::PermissionDenied => Message::new(key!("io-permission")).into(),
        K::StorageFull => Message::new(key!("io-full")).into(),
        K::ReadOnlyFilesystem => Message::new(key!("io-read-only")).into(),
        K::NotFound => Message::new(key!("io-not-found")).into(),
        _ => e.message.as_str().into(),
    };
    let key = match e.file {
        FileKind::Log => key!("err-io-log"),
        FileKind::Record => key!("err-io-record"),
    };
    Message::new(key).with("path", e.path.display().to_string()).with("reason", reason)
}

/// Why a saved game is not a game, in `lang`.
fn restore_text(lang: Lang, e: &RestoreError) -> String {
    match e {
        RestoreError::Ply { number, error } => Message::new(key!("restore-ply"))
            .with("ply", *number)
            .with("error", illegal_text(lang, error))
            .text(lang),
        _ => restore_message(e).text(lang),
    }
}

/// Why a saved game is not a game, as a message (an illegal ply's reason in English: the catalogue words it in
/// pieces).
pub fn restore_message(e: &RestoreError) -> Message {
    match e {
        RestoreError::Json(m) => Message::new(key!("restore-json")).with("reason", m.as_str()),
        RestoreError::Start(p) => position_message(p),
        RestoreError::Ply { number, error } => Message::new(key!("restore-ply"))
            .with("ply", *number)
            .with("error", illegal_text(Lang::En, error)),
        RestoreError::Numbering { index, number } => {
            Message::new(key!("restore-numbering")).with("index", *index).with("number", *number)
        }
    }
}

/// Why a text names no computer player (`cavalo:level=9`, `deep-blue`), in `lang`.
pub fn player_error_text(lang: Lang, e: &PlayerError) -> String {
    player_error_message(e).text(lang)
}

/// [`player_error_text`] as a message. Numbers are quoted as they are typed, never grouped.
pub fn player_error_message(e: &PlayerError) -> Message {
    let m = Message::new;
    match e {
        PlayerError::Unknown(t) => {
            m(key!("err-player-unknown")).with("player", t.as_str()).with("help", PlayerKind::HELP)
        }
        PlayerError::NotANumber { spec, what, value } => m(key!("err-player-not-a-number"))
            .with("player", spec.as_str())
            .with("what", *what)
            .with("value", value.as_str()),
        PlayerError::ClassicDepth { depth } => m(key!("err-player-classic-depth"))
            .with("depth", depth.to_string())
            .with("max", PlayerKind::MAX_CLASSIC_DEPTH.to_string()),
        PlayerError::Option { spec, error } => {
            let option = |name: &str| Options::descriptor(name).map_or_else(|| name.to_string(), |d| d.key());
            let reason = match error {
                OptionError::Unknown(k) => m(key!("err-option-unknown"))
                    .with("option", k.as_str())
                    .with("keys", cavalo_engine::spec_keys()),
                OptionError::OutOfRange { name, value, min, max } => m(key!("err-option-range"))
                    .with("option", option(name))
                    .with("value", value.as_str())
                    .with("min", min.to_string())
                    .with("max", max.to_string()),
                OptionError::NotABool { name, value } => {
                    m(key!("err-option-bool")).with("option", option(name)).with("value", value.as_str())
                }
                OptionError::NotKeyValue(t) => m(key!("err-option-key-value")).with("text", t.as_str()),
            };
            m(key!("err-player-option")).with("player", spec.as_str()).with("reason", reason)
        }
    }
}

/// Why a position (a position string, a Lisp board, a seed) is invalid, in `lang` (no capital,
/// no full stop: it follows "invalid starting position:").
pub fn position_text(lang: Lang, e: &PositionError) -> String {
    position_message(e).text(lang)
}

/// [`position_text`] as a message.
pub fn position_message(e: &PositionError) -> Message {
    use PositionError as P;
    let m = Message::new;
    let cell = |c: &Cell| Words::Text(c.to_string());
    let side = |s: &Side| Words::Message(side_message(*s));
    match e {
        P::Fields(k) => m(key!("pos-fields")).with("found", *k),
        P::Rows(k) => m(key!("pos-rows")).with("found", *k),
        P::RowCells { row, cells } => m(key!("pos-row-cells")).with("row", *row).with("found", *cells),
        P::CellToken { cell: c, token } => {
            m(key!("pos-cell-token")).with("cell", cell(c)).with("token", token.as_str())
        }
        P::SideField(f) => m(key!("pos-side-field")).with("found", f.as_str()),
        P::PointsField { side: s, found } => {
            m(key!("pos-points-field")).with("side", side(s)).with("found", found.as_str())
        }
        P::PointsTooHigh { side: s, points } => {
            m(key!("pos-points-too-high")).with("side", side(s)).with("points", *points)
        }
        P::Seed(t) => m(key!("pos-seed")).with("text", t.as_str()),
        P::LispExtras => m(key!("pos-lisp-extras")),
        P::Lisp(l) => m(key!("pos-lisp")).with("reason", lisp_message(l)),
        P::ValueRange { cell: c, value } => {
            m(key!("pos-value-range")).with("cell", cell(c)).with("value", *value)
        }
        P::Duplicate { value, first, second } => m(key!("pos-duplicate"))
            .with("value", format!("{value:02}"))
            .with("first", cell(first))
            .with("second", cell(second)),
        P::TwoKnights { side: s, first, second } => m(key!("pos-two-knights"))
            .with("side", side(s))
            .with("first", cell(first))
            .with("second", cell(second)),
        P::WhitePlacesFirst => m(key!("pos-white-places-first")),
        P::BlackPlacesSecond => m(key!("pos-black-places-second")),
        P::BlackWithoutWhite => m(key!("pos-black-without-white")),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        other => m(key!("pos-other")).with("reason", other.to_string()),
    }
}

/// Why a course (Lisp) board cannot be read, as a message.
fn lisp_message(e: &LispBoardError) -> Message {
    use LispBoardError as L;
    let m = Message::new;
    match e {
        L::NoOpening => m(key!("lisp-no-opening")),
        L::TooFewRows(k) => m(key!("lisp-too-few-rows")).with("found", *k),
        L::RowOpening { row, found } => {
            m(key!("lisp-row-opening")).with("row", *row).with("found", found.as_str())
        }
        L::EndsBeforeRow(r) => m(key!("lisp-ends-before-row")).with("row", *r),
        L::EndsInsideRow(r) => m(key!("lisp-ends-inside-row")).with("row", *r),
        L::ShortRow { row, cells } => m(key!("lisp-short-row")).with("row", *row).with("found", *cells),
        L::LongRow { row, found } => m(key!("lisp-long-row")).with("row", *row).with("found", found.as_str()),
        L::RowNotClosed(r) => m(key!("lisp-row-not-closed")).with("row", *r),
        L::TooManyRows(found) => m(key!("lisp-too-many-rows")).with("found", found.as_str()),
        L::NotClosed => m(key!("lisp-not-closed")),
        L::Trailing(t) => m(key!("lisp-trailing")).with("text", t.as_str()),
        L::Cell { cell, token } => {
            m(key!("lisp-cell")).with("cell", cell.to_string()).with("token", token.as_str())
        }
        other => m(key!("pos-other")).with("reason", other.to_string()),
    }
}

/// A line of a log that cannot be read, in `lang`: the source, the line's number, what is wrong
/// and the line.
pub fn log_line_text(lang: Lang, source: &str, e: &crate::logfile::LogLineError) -> String {
    use crate::logfile::LogProblem;
    let problem = match e.problem {
        LogProblem::BeforeGame(kw) => {
            lang.tr_with(key!("log-problem-before-game"), &[("keyword", Arg::from(kw))])
        }
        LogProblem::NoNumber => lang.tr(key!("log-problem-no-number")),
        LogProblem::NotANumber(field) => {
            lang.tr_with(key!("log-problem-not-a-number"), &[("field", Arg::from(field))])
        }
    };
    let args = [
        ("source", Arg::from(source)),
        ("line", Arg::from(e.line as u64)),
        ("problem", Arg::from(problem.as_str())),
        ("text", Arg::from(e.text.as_str())),
    ];
    lang.tr_with(key!("log-line-error"), &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_refused_at_start_quotes_only_sqlites_words() {
        let e = StoreError::new(StoreErrorKind::Corrupt, "the games database g.sqlite: it is damaged")
            .quoting("file is not a database");
        let path = std::path::Path::new("g.sqlite");
        let pt = store_open_text(&e, path, Lang::Pt);
        assert!(pt.contains("(SQLite: file is not a database)") && pt.contains("danificada"), "{pt}");
        assert!(!pt.contains("the games database"), "no English sentence inside Portuguese: {pt}");
        let en = store_open_text(&e, path, Lang::En);
        assert!(
            en.contains("is damaged or is not a Cavalo database") && en.contains("(SQLite: file is not"),
            "{en}"
        );
    }

    #[test]
    fn a_bad_log_line_is_worded_with_its_number_and_text() {
        let e = crate::logfile::parse("GAME id=x\nPLY n=z\n").unwrap_err();
        let pt = log_line_text(Lang::Pt, "log.dat", &e);
        assert_eq!(pt, "log.dat, linha 2: `n` não é um número: `PLY n=z`");
        let e = crate::logfile::parse("END status=over\n").unwrap_err();
        assert_eq!(
            log_line_text(Lang::En, "a.dat", &e),
            "a.dat, line 1: END before any GAME line: `END status=over`"
        );
    }
}
