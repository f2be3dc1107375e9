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

/// Whether `text` is a date as Cavalo writes them (`2025-03-01T14:05:09Z`, a real day of the
/// calendar): what a game's date must be before it reaches log.dat or the database, so that a
/// record from elsewhere cannot write anything else there (a newline would forge log lines).
pub fn is_iso(text: &str) -> bool {
    time::PrimitiveDateTime::parse(text, ISO).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_real_dates_written_our_way_are_dates() {
        assert!(is_iso("2025-03-01T14:05:09Z"));
        assert!(is_iso(&now_iso()));
        for bad in [
            "",
            "d",
            "2025-02-30T00:00:00Z",
            "2025-03-01",
            "2025-03-01T14:05:09Z\nGAME id=x",
            " 2025-03-01T14:05:09Z",
        ] {
            assert!(!is_iso(bad), "{bad:?}");
        }
    }

    #[test]
    fn known_dates() {
        assert_eq!(iso_from_unix_ms(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_from_unix_ms(951_782_400_000), "2000-02-29T00:00:00Z");
        assert_eq!(iso_from_unix_ms(1_740_837_909_123), "2025-03-01T14:05:09Z");
        assert_eq!(iso_from_unix_ms(-1), "1969-12-31T23:59:59Z");
        assert_eq!(now_iso().len(), "2025-03-01T14:05:09Z".len());
    }
}
