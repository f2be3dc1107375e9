//! The transposition table: shared by all search threads, lock-free (each entry is two atomic
//! words, the key stored XOR the data so that a torn entry fails the key check).
//!
//! Scores are stored relative to the points difference at the node (see
//! [`crate::score::to_relative`]): the key does not contain the points already won.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use cavalo_rules::Move;

/// The kind of bound a stored score is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least the score (a beta cut-off).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

/// What a probe found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move found, if any.
    pub best_move: Option<Move>,
    /// The score, relative to the node's points difference.
    pub score: i32,
    /// Whether the score is proven.
    pub proven: bool,
    /// The depth searched.
    pub depth: u8,
    /// The bound.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// Entries per bucket.
const WAYS: usize = 4;

/// The table.
pub struct Table {
    slots: Vec<Slot>,
    buckets: usize,
    age: AtomicU64,
}

// data layout: bits 0..16 move, 16..48 score (i32), 48..56 depth, 56..58 bound, 58 proven,
// 59..64 age (5 bits). A zero data word marks an empty slot (bound 0 is never stored).
const AGE_MASK: u64 = 0x1F;

fn pack(e: &Entry, age: u64) -> u64 {
    let mv = e.best_move.map_or(0xFFFE, |m| m.bits()) as u64;
    let bound = match e.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | (e.score as u32 as u64) << 16
        | (e.depth as u64) << 48
        | bound << 56
        | (e.proven as u64) << 58
        | (age & AGE_MASK) << 59
}

fn unpack(d: u64) -> Option<Entry> {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some(Entry {
        best_move: Move::from_bits(d as u16).filter(|_| d as u16 != 0xFFFE),
        score: (d >> 16) as u32 as i32,
        depth: (d >> 48) as u8,
        bound,
        proven: (d >> 58) & 1 != 0,
    })
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (16 * WAYS)).max(1);
        let mut slots = Vec::with_capacity(buckets * WAYS);
        slots.resize_with(buckets * WAYS, Slot::default);
        Table { slots, buckets, age: AtomicU64::new(0) }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in &self.slots {
            s.key.store(0, Relaxed);
            s.data.store(0, Relaxed);
        }
        self.age.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let i = ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.slots[i * WAYS..(i + 1) * WAYS]
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for s in self.bucket(key) {
            let d = s.data.load(Relaxed);
            if d != 0 && s.key.load(Relaxed) ^ d == key {
                return unpack(d);
            }
        }
        None
    }

    /// Stores an entry, replacing the same key, else the shallowest and oldest entry.
    pub fn store(&self, key: u64, mut e: Entry) {
        let age = self.age.load(Relaxed) & AGE_MASK;
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, s) in bucket.iter().enumerate() {
            let d = s.data.load(Relaxed);
            if d == 0 {
                victim = i;
                break;
            }
            if s.key.load(Relaxed) ^ d == key {
                // Keep the old move when the new search found none.
                if e.best_move.is_none()
                    && let Some(old) = unpack(d)
                {
                    e.best_move = old.best_move;
                }
                victim = i;
                break;
            }
            let old_age = (d >> 59) & AGE_MASK;
            let stale = ((age + 32 - old_age) & AGE_MASK) as i32;
            let value = ((d >> 48) & 0xFF) as i32 - 8 * stale;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let d = pack(&e, age);
        let s = &bucket[victim];
        s.key.store(key ^ d, Relaxed);
        s.data.store(d, Relaxed);
    }

    /// Fill of the table in per mille (entries of the current search, sampled).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed) & AGE_MASK;
        let n = self.slots.len().min(4000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Relaxed);
                d != 0 && (d >> 59) & AGE_MASK == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let t = Table::new(1);
        let mv: Move = "E3x88".parse().unwrap();
        let e = Entry { best_move: Some(mv), score: -123456, proven: true, depth: 9, bound: Bound::Lower };
        t.store(42, e);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(43), None);
        let e2 = Entry { best_move: None, score: 5, proven: false, depth: 3, bound: Bound::Upper };
        t.store(42, e2);
        assert_eq!(t.probe(42).unwrap().best_move, Some(mv), "keeps the old move");
        t.clear();
        assert_eq!(t.probe(42), None);
    }
}
