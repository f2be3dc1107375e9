//! The rule variants of RULES.md §6 and the number rules of §2.

use std::fmt;

/// The rule switches of RULES.md §6. The default is the canonical game (both on).
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The threat rule: a knight may not land one knight-jump away from the opponent's knight.
    pub threat: bool,
    /// Whether `00` counts as a double.
    pub zero_double: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::CANONICAL
    }
}

impl Rules {
    /// The variant [`Display`](fmt::Display) names (`canonical`, `no-threat`, `no-zero-double`,
    /// `no-threat,no-zero-double`); `None` for another text.
    pub fn from_name(name: &str) -> Option<Rules> {
        [true, false]
            .into_iter()
            .flat_map(|threat| [true, false].map(|zero_double| Rules { threat, zero_double }))
            .find(|r| r.to_string() == name)
    }

    /// The canonical rules: threat rule on, `00` a double.
    pub const CANONICAL: Rules = Rules { threat: true, zero_double: true };

    /// Whether the value `v` (0..=99) is a double under these rules.
    ///
    /// ```
    /// use cavalo_rules::Rules;
    /// assert!(Rules::CANONICAL.is_double(77));
    /// assert!(Rules::CANONICAL.is_double(0));
    /// assert!(!Rules { zero_double: false, ..Rules::CANONICAL }.is_double(0));
    /// assert!(!Rules::CANONICAL.is_double(57));
    /// ```
    #[inline]
    pub const fn is_double(self, v: u8) -> bool {
        v.is_multiple_of(11) && (v != 0 || self.zero_double)
    }

    /// Whether these are the canonical rules.
    pub fn is_canonical(self) -> bool {
        self == Rules::CANONICAL
    }
}

/// The symmetric of `v` read as two digits `ab`: `ba`, or `None` when `a == b`.
///
/// ```
/// use cavalo_rules::symmetric;
/// assert_eq!(symmetric(57), Some(75));
/// assert_eq!(symmetric(5), Some(50));
/// assert_eq!(symmetric(10), Some(1));
/// assert_eq!(symmetric(44), None);
/// assert_eq!(symmetric(0), None);
/// ```
#[inline]
pub const fn symmetric(v: u8) -> Option<u8> {
    let (a, b) = (v / 10, v % 10);
    if a == b { None } else { Some(b * 10 + a) }
}

impl fmt::Display for Rules {
    /// `canonical`, or the switches that differ: `no-threat`, `no-zero-double`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.threat, self.zero_double) {
            (true, true) => f.write_str("canonical"),
            (false, true) => f.write_str("no-threat"),
            (true, false) => f.write_str("no-zero-double"),
            (false, false) => f.write_str("no-threat,no-zero-double"),
        }
    }
}
