//! Numbers in a report, written with the language's decimal point (reports' columns carry no
//! thousands separator).

use super::Lang;

/// `x` with `places` decimals, the language's decimal point.
pub fn dec(lang: Lang, x: f64, places: usize) -> String {
    point(lang, format!("{x:.places$}"))
}

/// `x` with its sign and `places` decimals: `+12.5`, `-3.0`.
pub fn signed(lang: Lang, x: f64, places: usize) -> String {
    point(lang, format!("{x:+.places$}"))
}

/// `x` as short as it goes (`3.5`, `12`, `0.05`), the language's decimal point.
pub fn plain(lang: Lang, x: f64) -> String {
    point(lang, x.to_string())
}

/// `s`, a number Rust wrote, with the language's decimal point.
fn point(lang: Lang, s: String) -> String {
    s.replace('.', &lang.decimal_point().to_string())
}
