//! Dates as the games database and the game records write them: UTC, ISO 8601 to the second
//! (`2025-03-01T14:05:09Z`), which also sorts as text. The calendar is the `time` crate's.

use time::OffsetDateTime;
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

/// `2025-03-01T14:05:09Z`.
const ISO: &[BorrowedFormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");

/// The date `ms` milliseconds after 1970-01-01T00:00:00Z, written ISO 8601 to the second (the
/// epoch itself for a moment the calendar cannot hold).
pub fn iso_from_unix_ms(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH);
    // A UTC date of the calendar's range always has every component the format names.
    t.format(ISO).unwrap_or_default()
}

/// Now, in UTC, written ISO 8601 to the second.
pub fn now_iso() -> String {
    OffsetDateTime::now_utc().format(ISO).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(iso_from_unix_ms(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_from_unix_ms(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(iso_from_unix_ms(1_740_837_909_123), "2025-03-01T14:05:09Z");
        assert_eq!(iso_from_unix_ms(-1), "1969-12-31T23:59:59Z");
        assert_eq!(now_iso().len(), "2025-03-01T14:05:09Z".len());
    }
}
