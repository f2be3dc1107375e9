//! The proof search's table: proven bounds on the rest of positions of one board, shared by every
//! thread proving them (see [`ProofTable`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use cavalo_rules::{Board, Rules};

use super::probes::SharedProbes;
use crate::tt::{BUCKET_BYTES, Slot, WAYS};

/// The work of a proof's root entry: above any subtree's.
pub(crate) const ROOT_WORK: u8 = u8::MAX;

/// What the table knows of a position: a lower and an upper bound on its rest, the move of the
/// lower bound (or of an earlier result), and the work the result took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Known {
    pub lo: i16,
    pub hi: i16,
    pub mv: u16,
    /// 1 + log2 of the nodes the result took ([`ROOT_WORK`] for a proof's root; never 0 in a
    /// stored slot). The slot of least work is replaced first.
    pub work: u8,
}

impl Known {
    /// The slot's data word (never 0: the work is not).
    fn pack(self) -> u64 {
        self.lo as u16 as u64
            | (self.hi as u16 as u64) << 16
            | (self.mv as u64) << 32
            | (self.work as u64) << 48
    }

    fn unpack(d: u64) -> Known {
        Known {
            lo: d as u16 as i16,
            hi: (d >> 16) as u16 as i16,
            mv: (d >> 32) as u16,
            work: (d >> 48) as u8,
        }
    }
}

/// The proof search's table, keyed by the position's hash: buckets of [`WAYS`] 16-byte slots on
/// one cache line. A store replaces the same position's slot, else the slot whose result took
/// the least work (4 ways by work: 2 to 16% fewer nodes on the proofs of the proof-horizon
/// measure than 2 ways by cells left).
///
/// Threads share it without locks: each slot holds its key XORed with its data word, so a slot
/// torn by two threads writing at once reads as missing, never as another position's bounds.
/// Every stored bound is proven, so bounds of any thread may be combined. The table remembers
/// the board its entries belong to ([`ProofTable::claim`]): the hash does not name the board's
/// values.
pub struct ProofTable {
    /// `offset` slots of padding, then the buckets (zeroed memory: the pages are only taken
    /// when written).
    slots: Box<[Slot]>,
    offset: usize,
    mask: usize,
    /// Something was stored since the last clear.
    used: AtomicBool,
    /// The board and rules of the entries.
    board: Mutex<Option<(Board, Rules)>>,
    /// The keys of the nodes threads are searching now (see [`crate::solver::Solver::set_deferral`]),
    /// by their low bits; a collision only costs an order of moves.
    busy: Box<[AtomicU64]>,
    /// The probes of the root being proven (see [`SharedProbes`]).
    pub(super) probes: SharedProbes,
}

/// Slots of the table of nodes being searched: far more than two threads ever mark at once.
const BUSY_SLOTS: usize = 1 << 12;

impl ProofTable {
    /// A table of about `mib` MiB (at least one bucket), or `None` when the memory cannot be had
    /// (never an abort).
    pub fn try_new(mib: usize) -> Option<ProofTable> {
        let buckets = mib.max(1).checked_mul(1 << 20)? / BUCKET_BYTES;
        let buckets = (buckets.next_power_of_two() / 2).max(1);
        let slots = crate::tt::zeroed::<Slot>(WAYS * buckets + WAYS - 1)?;
        let size = std::mem::size_of::<Slot>();
        let offset = (BUCKET_BYTES - slots.as_ptr() as usize % BUCKET_BYTES) % BUCKET_BYTES / size;
        Some(ProofTable {
            slots,
            offset,
            mask: buckets - 1,
            used: AtomicBool::new(false),
            board: Mutex::new(None),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            probes: SharedProbes::default(),
        })
    }

    /// Forgets every entry (the board too). No thread may be proving meanwhile.
    pub fn clear(&self) {
        *self.board.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.wipe();
    }

    fn wipe(&self) {
        self.probes.clear();
        if self.used.swap(false, Relaxed) {
            for s in self.slots.iter() {
                s.key.store(0, Relaxed);
                s.data.store(0, Relaxed);
            }
        }
    }

    /// Makes the table the one of `board`: emptied first when its entries belong to another
    /// board. The threads of one search claim the same board, so only the first clears.
    pub fn claim(&self, board: &Board, rules: Rules) {
        let mut held = self.board.lock().unwrap_or_else(|e| e.into_inner());
        if held.as_ref().is_none_or(|(b, r)| b != board || *r != rules) {
            self.wipe();
            *held = Some((board.clone(), rules));
        }
    }

    /// Whether the entries belong to `board` (see [`ProofTable::claim`]).
    pub fn holds(&self, board: &Board, rules: Rules) -> bool {
        self.board
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .is_some_and(|(b, r)| b == board && *r == rules)
    }

    /// Marks `key`'s node as being searched.
    pub(crate) fn mark_busy(&self, key: u64) {
        self.busy[key as usize % BUSY_SLOTS].store(key, Relaxed);
    }

    /// Unmarks `key`'s node (unless another node took its slot meanwhile).
    pub(crate) fn unmark_busy(&self, key: u64) {
        let _ = self.busy[key as usize % BUSY_SLOTS].compare_exchange(key, 0, Relaxed, Relaxed);
    }

    /// Whether another thread marked `key`'s node as being searched.
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.busy[key as usize % BUSY_SLOTS].load(Relaxed) == key
    }

    /// The index of `key`'s bucket's first slot.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.offset + WAYS * ((key as usize) & self.mask)
    }

    /// Starts loading `key`'s bucket into the cache (see [`crate::tt::prefetch`]).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::tt::prefetch(self.slots.as_ptr().wrapping_add(self.bucket(key)));
    }

    /// What the table knows of `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Known> {
        let i = self.bucket(key);
        self.slots[i..i + WAYS].iter().find_map(|s| {
            let d = s.data.load(Relaxed);
            (d != 0 && s.key.load(Relaxed) ^ d == key).then(|| Known::unpack(d))
        })
    }

    /// Stores `known` for `key`: in the same position's slot, else in the one of least work
    /// (the cheapest to find again).
    pub(crate) fn store(&self, key: u64, known: Known) {
        let i = self.bucket(key);
        self.used.store(true, Relaxed);
        let mut victim = i;
        let mut smallest = u8::MAX;
        for j in i..i + WAYS {
            let d = self.slots[j].data.load(Relaxed);
            if self.slots[j].key.load(Relaxed) ^ d == key {
                victim = j;
                break;
            }
            let work = Known::unpack(d).work;
            if work < smallest {
                smallest = work;
                victim = j;
            }
        }
        let d = known.pack();
        self.slots[victim].key.store(key ^ d, Relaxed);
        self.slots[victim].data.store(d, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cavalo_rules::Move;

    fn known(lo: i16, hi: i16, work: u8) -> Known {
        Known { lo, hi, mv: Move::PASS.bits(), work }
    }

    #[test]
    fn a_store_replaces_the_same_position_else_the_least_work_and_buckets_are_cache_lines() {
        let t = ProofTable::try_new(1).unwrap();
        let i = t.bucket(7);
        assert_eq!(t.slots[i..].as_ptr() as usize % 64, 0);
        // Five positions of one bucket: keys differing only above the mask.
        let key = |n: u64| 7 + (n << 40);
        for (n, work) in [(0, 9), (1, 3), (2, ROOT_WORK), (3, 5)] {
            t.store(key(n), known(-1, 1, work));
        }
        t.store(key(4), known(0, 0, 1));
        assert!(t.probe(key(1)).is_none(), "the least work made room");
        for n in [0, 2, 3, 4] {
            assert!(t.probe(key(n)).is_some(), "{n}");
        }
        t.store(key(0), known(2, 2, 1));
        assert_eq!(t.probe(key(0)), Some(known(2, 2, 1)), "the same position is replaced in place");
        assert!(t.probe(key(3)).is_some());
    }

    #[test]
    fn the_data_word_keeps_every_field_and_a_torn_slot_reads_as_missing() {
        let k = Known { lo: -9999, hi: 9999, mv: 0xABCD, work: ROOT_WORK };
        assert_eq!(Known::unpack(k.pack()), k);
        let t = ProofTable::try_new(1).unwrap();
        t.store(42, k);
        assert_eq!(t.probe(42), Some(k));
        // Another write's data word with this key's check word: not a match.
        let i = (0..WAYS).map(|w| t.bucket(42) + w).find(|&j| t.slots[j].data.load(Relaxed) != 0).unwrap();
        t.slots[i].data.store(known(1, 1, 1).pack(), Relaxed);
        assert_eq!(t.probe(42), None);
    }

    #[test]
    fn a_busy_mark_lasts_until_its_node_unmarks_it_and_a_collision_only_replaces_it() {
        let t = ProofTable::try_new(1).unwrap();
        assert!(!t.is_busy(9));
        t.mark_busy(9);
        assert!(t.is_busy(9) && !t.is_busy(10));
        // Another node of the same slot takes it; unmarking the first leaves the second.
        let other = 9 + BUSY_SLOTS as u64;
        t.mark_busy(other);
        assert!(!t.is_busy(9) && t.is_busy(other));
        t.unmark_busy(9);
        assert!(t.is_busy(other));
        t.unmark_busy(other);
        assert!(!t.is_busy(other));
    }

    #[test]
    fn a_claim_of_another_board_empties_the_table_and_of_the_same_keeps_it() {
        let p = cavalo_rules::Position::from_seed(1, Rules::default());
        let q = cavalo_rules::Position::from_seed(2, Rules::default());
        let t = ProofTable::try_new(1).unwrap();
        t.claim(p.board(), p.rules());
        t.store(5, known(1, 2, 3));
        t.claim(p.board(), p.rules());
        assert!(t.probe(5).is_some() && t.holds(p.board(), p.rules()));
        t.claim(q.board(), q.rules());
        assert!(t.probe(5).is_none() && !t.holds(p.board(), p.rules()) && t.holds(q.board(), q.rules()));
        t.store(5, known(1, 2, 3));
        t.clear();
        assert!(t.probe(5).is_none() && !t.holds(q.board(), q.rules()));
    }
}
