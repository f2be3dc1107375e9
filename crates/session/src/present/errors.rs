//! Errors worded in the player's language: the session's, the store's, the rules' (an illegal
//! move, unreadable text, an invalid position) — each from its typed reason, never from English
//! text.

use cavalo_rules::{
    Cell, IllegalMoveError, IllegalMoveReason, LispBoardError, ParseCellReason, ParseMoveError,
    ParseMoveReason, PositionError, Side,
};

use crate::SessionError;
use crate::error::{FileError, FileKind, RestoreError};
use crate::i18n::{Arg, Lang};
use crate::store::{StoreError, StoreErrorKind};

/// An error in `lang`.
pub fn error_text(e: &SessionError, lang: Lang) -> String {
    let reason = |r: &str| [("reason", Arg::from(r))];
    match e {
        SessionError::Start(e) => lang.tr_with("err-start", &reason(&position_text(lang, e))),
        SessionError::NotHumanTurn => lang.tr("err-not-your-turn"),
        SessionError::NotComputerTurn => lang.tr("err-not-computer-turn"),
        SessionError::NotForced => lang.tr("err-not-forced"),
        SessionError::GameOver => lang.tr("err-game-over"),
        SessionError::Abandoned => lang.tr("err-game-abandoned"),
        SessionError::HintNotMove => lang.tr("err-hint-not-move"),
        SessionError::Illegal(i) => illegal_text(lang, i),
        SessionError::Unreadable(p) => unreadable_text(lang, p),
        SessionError::NotARemoval { text, choices } => lang.tr_with(
            "err-not-a-removal",
            &[("text", Arg::from(text.as_str())), ("choices", Arg::from(crate::error::two_digits(choices)))],
        ),
        SessionError::NothingToUndo => lang.tr("err-nothing-to-undo"),
        SessionError::Stale => lang.tr("err-stale"),
        SessionError::Io(e) => file_text(lang, e),
        SessionError::Store(e) => store_error_text(e, lang),
        SessionError::Restore(e) => lang.tr_with("err-restore", &reason(&restore_text(lang, e))),
    }
}

/// A failed read or write of the games database in `lang`, worded by its kind (the store's own
/// message, naming what failed and where, is its reason).
pub fn store_error_text(e: &StoreError, lang: Lang) -> String {
    let key = match e.kind {
        StoreErrorKind::Full => "err-store-full",
        StoreErrorKind::ReadOnly => "err-store-read-only",
        StoreErrorKind::Locked => "err-store-locked",
        StoreErrorKind::Corrupt => "err-store-corrupt",
        StoreErrorKind::NotFound => "err-store-not-found",
        StoreErrorKind::Open | StoreErrorKind::Invalid | StoreErrorKind::Other => "err-store",
    };
    lang.tr_with(key, &[("reason", Arg::from(e.message.as_str()))])
}

/// An illegal move and why, in `lang`: the rules crate's typed reason worded by the catalogue.
pub fn illegal_text(lang: Lang, e: &IllegalMoveError) -> String {
    lang.tr_with(
        "err-illegal",
        &[("mv", Arg::from(e.mv.as_str())), ("reason", Arg::from(illegal_reason(lang, &e.reason)))],
    )
}

/// Text that is not a move, and why, in `lang`.
pub fn unreadable_text(lang: Lang, e: &ParseMoveError) -> String {
    use ParseCellReason as C;
    use ParseMoveReason as M;
    let key = |k: &str| lang.tr(k);
    let reason = match &e.reason {
        M::Empty => key("unreadable-empty"),
        M::NoCell => key("unreadable-no-cell"),
        M::RemovalDigits(t) => lang.tr_with("unreadable-removal-digits", &[("text", Arg::from(t.as_str()))]),
        M::NotDouble(t) => lang.tr_with("unreadable-not-double", &[("text", Arg::from(t.as_str()))]),
        M::Cell(C::Empty) => key("unreadable-empty"),
        M::Cell(C::Column) => key("unreadable-column"),
        M::Cell(C::Row) => key("unreadable-row"),
        M::Cell(C::PairShape) => key("unreadable-pair"),
        M::Cell(C::PairRowNumber | C::PairRow) => key("unreadable-pair-row"),
        M::Cell(C::PairColumnNumber | C::PairColumn) => key("unreadable-pair-column"),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        other => other.to_string(),
    };
    lang.tr_with("err-unreadable", &[("text", Arg::from(e.input.as_str())), ("reason", Arg::from(reason))])
}

/// Why a move is illegal, in `lang` (no capital, no full stop: it follows the move).
pub fn illegal_reason(lang: Lang, r: &IllegalMoveReason) -> String {
    use IllegalMoveReason as R;
    let side = |s: Side| Arg::from(s.name());
    let cell = |c: Cell| Arg::from(c.to_string());
    let two = |v: u8| Arg::from(format!("{v:02}"));
    match *r {
        R::GameOver => lang.tr("illegal-game-over"),
        R::PassNotAllowed(s) => lang.tr_with("illegal-pass-not-allowed", &[("side", side(s))]),
        R::MustPass(s) => lang.tr_with("illegal-must-pass", &[("side", side(s))]),
        R::PlaceOn { side: s, cell: c, row } => {
            lang.tr_with("illegal-place-on", &[("side", side(s)), ("cell", cell(c)), ("row", Arg::from(row))])
        }
        R::NoPlacement(s) => lang.tr_with("illegal-no-placement", &[("side", side(s))]),
        R::NotAJump { to, from } => {
            lang.tr_with("illegal-not-a-jump", &[("to", cell(to)), ("from", cell(from))])
        }
        R::Removed(c) => lang.tr_with("illegal-removed", &[("cell", cell(c))]),
        R::Occupied { cell: c, side: s } => {
            lang.tr_with("illegal-occupied", &[("cell", cell(c)), ("side", side(s))])
        }
        R::Threatened { cell: c, side: s, from } => {
            lang.tr_with("illegal-threatened", &[("cell", cell(c)), ("side", side(s)), ("from", cell(from))])
        }
        R::Unreachable(c) => lang.tr_with("illegal-unreachable", &[("cell", cell(c))]),
        R::NothingToRemove { cell: c, value } => {
            lang.tr_with("illegal-nothing-to-remove", &[("cell", cell(c)), ("value", two(value))])
        }
        R::RemovesLanding(v) => lang.tr_with("illegal-removes-landing", &[("value", two(v))]),
        R::NoSuchDouble(v) => lang.tr_with("illegal-no-such-double", &[("value", two(v))]),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        _ => r.to_string(),
    }
}

/// A file that could not be written, in `lang`: which, where, and why (by the failure's kind
/// when the catalogue has it, else the system's words).
fn file_text(lang: Lang, e: &FileError) -> String {
    use std::io::ErrorKind as K;
    let reason = match e.kind {
        K::PermissionDenied => lang.tr("io-permission"),
        K::StorageFull => lang.tr("io-full"),
        K::ReadOnlyFilesystem => lang.tr("io-read-only"),
        K::NotFound => lang.tr("io-not-found"),
        _ => e.message.clone(),
    };
    let key = match e.file {
        FileKind::Log => "err-io-log",
        FileKind::Record => "err-io-record",
    };
    lang.tr_with(key, &[("path", Arg::from(e.path.display().to_string())), ("reason", Arg::from(reason))])
}

/// Why a saved game is not a game, in `lang`.
fn restore_text(lang: Lang, e: &RestoreError) -> String {
    match e {
        RestoreError::Json(m) => lang.tr_with("restore-json", &[("reason", Arg::from(m.as_str()))]),
        RestoreError::Start(p) => position_text(lang, p),
        RestoreError::Ply { number, error } => lang.tr_with(
            "restore-ply",
            &[("ply", Arg::from(*number)), ("error", Arg::from(illegal_text(lang, error)))],
        ),
        RestoreError::Numbering { index, number } => {
            lang.tr_with("restore-numbering", &[("index", Arg::from(*index)), ("number", Arg::from(*number))])
        }
    }
}

/// Why a position (a position string, a Lisp board, a seed) is invalid, in `lang` (no capital,
/// no full stop: it follows "invalid starting position:").
pub fn position_text(lang: Lang, e: &PositionError) -> String {
    use PositionError as P;
    let cell = |c: &Cell| Arg::from(c.to_string());
    let side = |s: &Side| Arg::from(crate::present::side_name(lang, *s));
    let n = |v: usize| Arg::Count(v as u64);
    match e {
        P::Fields(k) => lang.tr_with("pos-fields", &[("found", n(*k))]),
        P::Rows(k) => lang.tr_with("pos-rows", &[("found", n(*k))]),
        P::RowCells { row, cells } => {
            lang.tr_with("pos-row-cells", &[("row", Arg::from(*row)), ("found", n(*cells))])
        }
        P::CellToken { cell: c, token } => {
            lang.tr_with("pos-cell-token", &[("cell", cell(c)), ("token", Arg::from(token.as_str()))])
        }
        P::SideField(f) => lang.tr_with("pos-side-field", &[("found", Arg::from(f.as_str()))]),
        P::PointsField { side: s, found } => {
            lang.tr_with("pos-points-field", &[("side", side(s)), ("found", Arg::from(found.as_str()))])
        }
        P::PointsTooHigh { side: s, points } => {
            lang.tr_with("pos-points-too-high", &[("side", side(s)), ("points", Arg::Count(*points as u64))])
        }
        P::Seed(t) => lang.tr_with("pos-seed", &[("text", Arg::from(t.as_str()))]),
        P::LispExtras => lang.tr("pos-lisp-extras"),
        P::Lisp(l) => lang.tr_with("pos-lisp", &[("reason", Arg::from(lisp_text(lang, l)))]),
        P::ValueRange { cell: c, value } => {
            lang.tr_with("pos-value-range", &[("cell", cell(c)), ("value", Arg::Count(*value as u64))])
        }
        P::Duplicate { value, first, second } => lang.tr_with(
            "pos-duplicate",
            &[("value", Arg::from(format!("{value:02}"))), ("first", cell(first)), ("second", cell(second))],
        ),
        P::TwoKnights { side: s, first, second } => lang.tr_with(
            "pos-two-knights",
            &[("side", side(s)), ("first", cell(first)), ("second", cell(second))],
        ),
        P::WhitePlacesFirst => lang.tr("pos-white-places-first"),
        P::BlackPlacesSecond => lang.tr("pos-black-places-second"),
        P::BlackWithoutWhite => lang.tr("pos-black-without-white"),
        // A reason added to the rules later and not yet in the catalogue: the rules' own words.
        other => other.to_string(),
    }
}

/// Why a course (Lisp) board cannot be read, in `lang`.
fn lisp_text(lang: Lang, e: &LispBoardError) -> String {
    use LispBoardError as L;
    let row = |r: &u8| Arg::from(*r);
    match e {
        L::NoOpening => lang.tr("lisp-no-opening"),
        L::TooFewRows(k) => lang.tr_with("lisp-too-few-rows", &[("found", Arg::Count(*k as u64))]),
        L::RowOpening { row: r, found } => {
            lang.tr_with("lisp-row-opening", &[("row", row(r)), ("found", Arg::from(found.as_str()))])
        }
        L::EndsBeforeRow(r) => lang.tr_with("lisp-ends-before-row", &[("row", row(r))]),
        L::EndsInsideRow(r) => lang.tr_with("lisp-ends-inside-row", &[("row", row(r))]),
        L::ShortRow { row: r, cells } => {
            lang.tr_with("lisp-short-row", &[("row", row(r)), ("found", Arg::Count(*cells as u64))])
        }
        L::LongRow { row: r, found } => {
            lang.tr_with("lisp-long-row", &[("row", row(r)), ("found", Arg::from(found.as_str()))])
        }
        L::RowNotClosed(r) => lang.tr_with("lisp-row-not-closed", &[("row", row(r))]),
        L::TooManyRows(found) => lang.tr_with("lisp-too-many-rows", &[("found", Arg::from(found.as_str()))]),
        L::NotClosed => lang.tr("lisp-not-closed"),
        L::Trailing(t) => lang.tr_with("lisp-trailing", &[("text", Arg::from(t.as_str()))]),
        L::Cell { cell, token } => lang.tr_with(
            "lisp-cell",
            &[("cell", Arg::from(cell.to_string())), ("token", Arg::from(token.as_str()))],
        ),
        other => other.to_string(),
    }
}
