//! A slice of a schedule, so that several machines can share one match or tournament.

use std::str::FromStr;

use serde::Serialize;

/// The K-th of N disjoint slices of a schedule (1 ≤ K ≤ N): the units whose number modulo N is
/// K − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shard {
    /// Which slice, from 1.
    pub k: u64,
    /// How many slices.
    pub n: u64,
}

impl Shard {
    /// Whether unit `index` (from 0) is in this slice.
    pub fn contains(&self, index: u64) -> bool {
        index % self.n == self.k - 1
    }

    /// How many of `units` units are in this slice.
    pub fn count(&self, units: u64) -> u64 {
        units / self.n + u64::from(units % self.n >= self.k)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}
