//! Portuguese (pt-PT) and English: the language of a front end, the message catalogues
//! (Project Fluent, `locales/<lang>/cavalo.ftl`, compiled into the program) and numbers written
//! the way each language writes them.
//!
//! ```
//! use cavalo_session::i18n::{Arg, Lang};
//! use cavalo_session::key;
//! assert_eq!(Lang::Pt.tr(key!("stat-nodes")), "nós analisados");
//! assert_eq!(Lang::En.tr_with(key!("unit-ms"), &[("ms", Arg::from(1234u64))]), "1,234 ms");
//! assert_eq!(Lang::Pt.int(1_234_567), "1\u{a0}234\u{a0}567");
//! assert_eq!(Lang::from_accept_language("pt-PT,pt;q=0.9,en;q=0.8"), Some(Lang::Pt));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use intl_memoizer::concurrent::IntlLangMemoizer;
use serde::{Deserialize, Serialize};

/// The English catalogue's source.
pub const EN_FTL: &str = include_str!("../locales/en/cavalo.ftl");
/// The Portuguese catalogue's source.
pub const PT_FTL: &str = include_str!("../locales/pt-PT/cavalo.ftl");

/// A message id that both catalogues have, checked when the program is built: make one with
/// [`key!`](crate::key) (`key!("stat-nodes")`); a typo does not compile. Messages chosen at run
/// time by text go through [`Lang::try_tr`], which may fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(&'static str);

impl Key {
    /// The key `id`, which must be in both catalogues: evaluated in a constant (as
    /// [`key!`](crate::key) does), a missing id stops the build.
    pub const fn checked(id: &'static str) -> Key {
        assert!(
            in_catalogue(EN_FTL, id) && in_catalogue(PT_FTL, id),
            "no such message in the catalogues (locales/en/cavalo.ftl, locales/pt-PT/cavalo.ftl)"
        );
        Key(id)
    }

    /// The message id.
    pub const fn id(self) -> &'static str {
        self.0
    }
}

/// Whether a line of the Fluent `source` starts the message `id` (`id =` or `id=`).
const fn in_catalogue(source: &str, id: &str) -> bool {
    let (s, k) = (source.as_bytes(), id.as_bytes());
    let mut i = 0;
    while i < s.len() {
        let mut j = 0;
        while j < k.len() && i + j < s.len() && s[i + j] == k[j] {
            j += 1;
        }
        if j == k.len() && i + j < s.len() && (s[i + j] == b' ' || s[i + j] == b'=') {
            return true;
        }
        while i < s.len() && s[i] != b'\n' {
            i += 1;
        }
        i += 1;
    }
    false
}

/// A message [`Key`] checked when the program is built: `key!("stat-nodes")`. An id that is
/// not in both catalogues stops the build ("no such message in the catalogues").
///
/// ```
/// use cavalo_session::{i18n::Lang, key};
/// assert_eq!(Lang::En.tr(key!("stat-nodes")), "nodes analysed");
/// ```
///
/// The same with a typo does not compile:
///
/// ```compile_fail
/// use cavalo_session::{i18n::Lang, key};
/// assert_eq!(Lang::En.tr(key!("stat-nodse")), "nodes analysed");
/// ```
#[macro_export]
macro_rules! key {
    ($id:literal) => {{
        const KEY: $crate::i18n::Key = $crate::i18n::Key::checked($id);
        KEY
    }};
}

/// A language Cavalo speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// European Portuguese (pt-PT), the course's language.
    #[serde(rename = "pt")]
    Pt,
    /// English, the default.
    #[default]
    #[serde(rename = "en")]
    En,
}

/// A language name that is neither Portuguese nor English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}` (use pt or en)")]
pub struct UnknownLang(pub String);

/// An argument of a message: a text or a number (numbers are written the language's way).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, inserted as it is.
    Text(String),
    /// A number, written with the language's thousands separator.
    Num(f64),
    /// A number written with exactly this many decimals.
    Decimal(f64, usize),
    /// A count written with its digits only (`1000`, no thousands separator, as in a report's
    /// columns); it still chooses the plural form.
    Count(u64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

macro_rules! arg_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
arg_from_number!(u8, u16, u32, u64, usize, i16, i32, i64, f64);

/// A message that could not be formatted (a fault of the program, found by the tests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum I18nError {
    /// No message has this key.
    #[error("no message `{key}` in the {lang:?} catalogue")]
    UnknownKey {
        /// The language.
        lang: Lang,
        /// The key asked for.
        key: String,
    },
    /// The message refers to an argument not given, or is malformed.
    #[error("message `{key}` ({lang:?}): {detail}")]
    Format {
        /// The language.
        lang: Lang,
        /// The key.
        key: String,
        /// Fluent's complaint.
        detail: String,
    },
}

impl Lang {
    /// Both languages, Portuguese first.
    pub const ALL: [Lang; 2] = [Lang::Pt, Lang::En];

    /// Reads a language name: `pt`, `pt-PT`, `pt_PT.UTF-8`, `en`, `en-GB`, `en_US.UTF-8`...
    /// (any Portuguese is pt-PT, any English is English). `None` for anything else (`C`, `fr`).
    pub fn parse(name: &str) -> Option<Lang> {
        let primary = name.trim().split(['-', '_', '.', '@']).next().unwrap_or("");
        match primary.to_ascii_lowercase().as_str() {
            "pt" => Some(Lang::Pt),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// `pt` or `en`: the short name used by `--lang` and `?lang=`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Pt => "pt",
            Lang::En => "en",
        }
    }

    /// The BCP 47 tag: `pt-PT` or `en`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Pt => "pt-PT",
            Lang::En => "en",
        }
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set and not empty decides (a language other than Portuguese gives English); English when
    /// none is set.
    pub fn from_env() -> Lang {
        Lang::from_env_with(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] reading the variables through `var` (for tests).
    pub fn from_env_with(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| var(name))
            .find(|value| !value.trim().is_empty())
            .and_then(|value| Lang::parse(&value))
            .unwrap_or_default()
    }

    /// The language a browser prefers most among ours, from an `Accept-Language` header
    /// (`pt-PT,pt;q=0.9,en;q=0.8`); `None` when it names neither.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut ranges: Vec<(f32, Lang)> = header
            .split(',')
            .take(32)
            .filter_map(|item| {
                let mut parts = item.split(';');
                let lang = Lang::parse(parts.next()?)?;
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (q > 0.0).then_some((q, lang))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranges.first().map(|r| r.1)
    }

    /// The message `key` with no arguments.
    pub fn tr(self, key: Key) -> String {
        self.tr_with(key, &[])
    }

    /// The message `key` with its arguments; on a fault (a missing argument) the best text
    /// Fluent could make. The key is in both catalogues: [`key!`](crate::key) checked it when
    /// the program was built.
    pub fn tr_with(self, key: Key, args: &[(&str, Arg)]) -> String {
        let key = key.id();
        match self.try_tr(key, args) {
            Ok(text) => text,
            Err(I18nError::Format { .. }) => {
                self.format(key, args).map(|(t, _)| t).unwrap_or_else(|| key.into())
            }
            Err(I18nError::UnknownKey { .. }) => key.to_string(),
        }
    }

    /// `sentence` (already worded, saying the problem) with `detail` quoted after it: another
    /// program's own words (the system's, a JSON reader's), which are not translated
    /// (`with-detail`: `… («No such file or directory»)`).
    pub fn with_detail(self, sentence: impl Into<String>, detail: &str) -> String {
        let args = [("sentence", Arg::Text(sentence.into())), ("detail", Arg::from(detail))];
        self.tr_with(crate::key!("with-detail"), &args)
    }

    /// The message `key` with its arguments, or why it cannot be formatted.
    pub fn try_tr(self, key: &str, args: &[(&str, Arg)]) -> Result<String, I18nError> {
        let (text, errors) = self
            .format(key, args)
            .ok_or_else(|| I18nError::UnknownKey { lang: self, key: key.to_string() })?;
        match errors.first() {
            None => Ok(text),
            Some(e) => Err(I18nError::Format { lang: self, key: key.to_string(), detail: e.clone() }),
        }
    }

    /// Every message key of the catalogue, in file order.
    pub fn keys(self) -> Vec<&'static str> {
        let source = match self {
            Lang::Pt => PT_FTL,
            Lang::En => EN_FTL,
        };
        source
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
            .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim()))
            .collect()
    }

    fn format(self, key: &str, args: &[(&str, Arg)]) -> Option<(String, Vec<String>)> {
        let bundle = bundle(self);
        let pattern = bundle.get_message(key)?.value()?;
        let mut fargs = FluentArgs::with_capacity(args.len());
        for (name, arg) in args {
            let value: FluentValue = match arg {
                Arg::Text(s) => FluentValue::String(Cow::Borrowed(s.as_str())),
                Arg::Num(n) => FluentValue::Number(FluentNumber::new(*n, FluentNumberOptions::default())),
                Arg::Count(n) => FluentValue::Number(FluentNumber::new(
                    *n as f64,
                    FluentNumberOptions { use_grouping: false, ..FluentNumberOptions::default() },
                )),
                Arg::Decimal(n, places) => FluentValue::Number(FluentNumber::new(
                    *n,
                    FluentNumberOptions {
                        minimum_fraction_digits: Some(*places),
                        maximum_fraction_digits: Some(*places),
                        ..FluentNumberOptions::default()
                    },
                )),
            };
            fargs.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors).into_owned();
        Some((text, errors.iter().map(|e| e.to_string()).collect()))
    }

    /// An integer with the language's thousands separator: `1,234,567` in English,
    /// `1 234 567` (no-break spaces) in Portuguese, where four-digit numbers stay whole (`1234`).
    pub fn int(self, n: i64) -> String {
        let digits = n.unsigned_abs().to_string();
        let sign = if n < 0 { "-" } else { "" };
        format!("{sign}{}", self.group(&digits))
    }

    /// The decimal point: `.` in English, `,` in Portuguese.
    pub fn decimal_point(self) -> char {
        match self {
            Lang::Pt => ',',
            Lang::En => '.',
        }
    }

    /// A number with `places` decimals: `1,234.5` in English, `1234,5` in Portuguese.
    pub fn decimal(self, x: f64, places: usize) -> String {
        if !x.is_finite() {
            return x.to_string();
        }
        let text = format!("{:.*}", places, x.abs());
        let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
        let negative = x < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0');
        let sign = if negative { "-" } else { "" };
        let point = self.decimal_point();
        if frac.is_empty() {
            format!("{sign}{}", self.group(whole))
        } else {
            format!("{sign}{}{point}{frac}", self.group(whole))
        }
    }

    fn group(self, digits: &str) -> String {
        let (sep, min_len) = match self {
            Lang::Pt => ('\u{a0}', 5),
            Lang::En => (',', 4),
        };
        if digits.len() < min_len {
            return digits.to_string();
        }
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(sep);
            }
            out.push(c);
        }
        out
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::parse(s).ok_or_else(|| UnknownLang(s.to_string()))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

type Bundle = FluentBundle<FluentResource>;

static PT: LazyLock<Bundle> = LazyLock::new(|| make_bundle(Lang::Pt, PT_FTL, format_pt));
static EN: LazyLock<Bundle> = LazyLock::new(|| make_bundle(Lang::En, EN_FTL, format_en));

fn bundle(lang: Lang) -> &'static Bundle {
    match lang {
        Lang::Pt => &PT,
        Lang::En => &EN,
    }
}

type Formatter = fn(&FluentValue, &IntlLangMemoizer) -> Option<String>;

fn make_bundle(lang: Lang, source: &str, formatter: Formatter) -> Bundle {
    let tag = lang.tag().parse().expect("our language tags are valid");
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // Terminals show Unicode isolation marks as stray characters.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(formatter));
    // A malformed entry is left out (the catalogue test finds it); the rest still works.
    let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, _)| partial);
    let _ = bundle.add_resource(resource);
    bundle
}

fn format_number(lang: Lang, value: &FluentValue) -> Option<String> {
    let FluentValue::Number(n) = value else { return None };
    if !n.options.use_grouping {
        return Some(format!("{}", n.value));
    }
    match n.options.minimum_fraction_digits {
        Some(places) => Some(lang.decimal(n.value, places)),
        None if n.value.fract() == 0.0 && n.value.abs() < 9.0e15 => Some(lang.int(n.value as i64)),
        None => Some(lang.decimal(n.value, 2)),
    }
}

fn format_pt(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    format_number(Lang::Pt, value)
}

fn format_en(value: &FluentValue, _: &IntlLangMemoizer) -> Option<String> {
    format_number(Lang::En, value)
}

mod english;
pub mod numbers;
pub use english::english_words_in;

#[cfg(test)]
mod tests;
