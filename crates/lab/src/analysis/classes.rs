//! The classes of a move and the thresholds where they begin.

use serde::{Deserialize, Serialize};

/// Where the classes begin, in points lost by the move played.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thresholds {
    /// A move losing at least this many points is an inaccuracy (below it: good).
    pub inaccuracy: i32,
    /// A move losing at least this many points is a mistake.
    pub mistake: i32,
    /// A move losing at least this many points is a blunder.
    pub blunder: i32,
    /// A move losing at least this many points is a turning point.
    pub swing: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds { inaccuracy: 3, mistake: 8, blunder: 20, swing: 10 }
    }
}

/// Why thresholds were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThresholdError {
    /// The classes' thresholds must rise: 0 < inaccuracy <= mistake <= blunder.
    #[error("the thresholds must satisfy 0 < inaccuracy ({0}) <= mistake ({1}) <= blunder ({2})")]
    NotIncreasing(i32, i32, i32),
    /// The swing threshold must be positive.
    #[error("the swing threshold must be at least 1 point (got {0})")]
    Swing(i32),
}

impl Thresholds {
    /// The thresholds if they make sense.
    pub fn checked(self) -> Result<Thresholds, ThresholdError> {
        let Thresholds { inaccuracy, mistake, blunder, swing } = self;
        if !(0 < inaccuracy && inaccuracy <= mistake && mistake <= blunder) {
            return Err(ThresholdError::NotIncreasing(inaccuracy, mistake, blunder));
        }
        if swing < 1 {
            return Err(ThresholdError::Swing(swing));
        }
        Ok(self)
    }

    /// The class of a move losing `loss` points.
    pub fn classify(&self, loss: i32) -> Class {
        if loss >= self.blunder {
            Class::Blunder
        } else if loss >= self.mistake {
            Class::Mistake
        } else if loss >= self.inaccuracy {
            Class::Inaccuracy
        } else {
            Class::Good
        }
    }
}

/// How good a move was.
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// Lost less than the inaccuracy threshold.
    Good,
    /// Lost at least the inaccuracy threshold.
    Inaccuracy,
    /// Lost at least the mistake threshold.
    Mistake,
    /// Lost at least the blunder threshold.
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 4] = [Class::Good, Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}
