//! A tiny UTC date formatter (no time-zone database needed).

use std::time::{SystemTime, UNIX_EPOCH};

/// A UTC date and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    /// Year.
    pub year: i64,
    /// Month 1..=12.
    pub month: u32,
    /// Day 1..=31.
    pub day: u32,
    /// Hour 0..=23.
    pub hour: u32,
    /// Minute.
    pub minute: u32,
    /// Second.
    pub second: u32,
    /// Millisecond.
    pub millis: u32,
}

impl DateTime {
    /// The date of `ms` milliseconds after 1970-01-01T00:00:00Z.
    pub fn from_unix_ms(ms: i64) -> DateTime {
        let days = ms.div_euclid(86_400_000);
        let rem = ms.rem_euclid(86_400_000);
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        DateTime {
            year,
            month,
            day,
            hour: (rem / 3_600_000) as u32,
            minute: (rem / 60_000 % 60) as u32,
            second: (rem / 1000 % 60) as u32,
            millis: (rem % 1000) as u32,
        }
    }

    /// ISO 8601: `2025-03-01T14:05:09Z`.
    pub fn iso(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// Compact, for file names: `20250301-140509`.
    pub fn compact(&self) -> String {
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// The current UTC date and time.
pub fn now_utc() -> DateTime {
    let ms = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    DateTime::from_unix_ms(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(DateTime::from_unix_ms(0).iso(), "1970-01-01T00:00:00Z");
        assert_eq!(DateTime::from_unix_ms(951_782_400_000).iso(), "2000-02-29T00:00:00Z");
        let d = DateTime::from_unix_ms(1_740_837_909_123);
        assert_eq!(d.iso(), "2025-03-01T14:05:09Z");
        assert_eq!(d.compact(), "20250301-140509");
        assert_eq!(d.millis, 123);
    }
}
