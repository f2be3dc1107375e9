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

impl Bound {
    /// The bound that `best`, searched with the window `alpha..beta`, is.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
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

/// One slot of a lock-free table: the key is stored XORed with the data word, so that a slot
/// torn by two threads writing at once fails its check and reads as missing, never as another
/// position's data (see also the proof search's table).
#[derive(Default)]
pub(crate) struct Slot {
    pub(crate) key: AtomicU64,
    pub(crate) data: AtomicU64,
}

/// Entries per bucket.
pub(crate) const WAYS: usize = 4;

/// The bytes of a bucket: one cache line of entries, so that a probe touches a single line.
pub(crate) const BUCKET_BYTES: usize = 64;
const _: () = assert!(std::mem::size_of::<Slot>() * WAYS == BUCKET_BYTES);

/// The table could not be allocated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a transposition table of {mib} MiB: not enough memory")]
pub struct AllocError {
    /// The size asked for.
    pub mib: usize,
}

/// The table: `buckets` groups of [`WAYS`] slots, each group starting on a cache line.
pub struct Table {
    /// The slots, `offset` slots of padding first so that bucket 0 starts on a cache line.
    slots: Box<[Slot]>,
    offset: usize,
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

/// How much an entry is worth keeping against another of the same position: a proven exact
/// value above any proven bound, a proven bound above any heuristic entry, then the depth.
fn worth(data: u64) -> u32 {
    let depth = ((data >> 48) & 0xFF) as u32;
    let proven = (data >> 58) & 1 != 0;
    let exact = (data >> 56) & 3 == 1;
    (proven as u32) << 10 | ((proven && exact) as u32) << 9 | depth
}

/// A type whose all-zero bytes are a valid value, so [`zeroed`] may hand out memory the
/// allocator zeroed without writing it.
///
/// # Safety
/// Implement it only for types for which every value made of zero bytes is valid.
pub(crate) unsafe trait ZeroValid {}

// SAFETY: two atomic integers holding 0.
unsafe impl ZeroValid for Slot {}
// SAFETY: 0.
unsafe impl ZeroValid for u128 {}

/// Asks the processor to start loading the cache line at `p` (a slot of a table), so that a read
/// of it a little later does not wait for memory. Only a hint: it reads nothing and changes nothing.
#[inline]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch only hints the cache; it reads nothing and cannot fault, whatever
        // the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// `n` zeroed values, or `None` when the allocator refuses or `n` is 0 (never an abort). The
/// memory is asked for zeroed with the type's own alignment, so the system's `calloc` hands out
/// fresh zero pages without writing over them (a large over-aligned request would be written
/// over in full instead); on Linux they are then put on huge pages and touched once each (see
/// `advise_huge_pages`).
pub(crate) fn zeroed<T: ZeroValid>(n: usize) -> Option<Box<[T]>> {
    let layout = std::alloc::Layout::array::<T>(n).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return None;
    }
    advise_huge_pages(ptr.cast(), layout.size());
    let slice = std::ptr::slice_from_raw_parts_mut(ptr, n);
    // SAFETY: `ptr` was allocated by the global allocator with the layout of `[T; n]`, and
    // all-zero bytes are a valid `T` (`T: ZeroValid`), so the box owns `n` initialised values and
    // frees them with the same layout.
    Some(unsafe { Box::from_raw(slice) })
}

/// Asks the system to back the whole 2 MiB pages of `len` bytes at `ptr` (a table's memory, not
/// yet touched, all zero) with huge pages: a table probe is a random access, and with 4 KiB
/// pages nearly every one misses the processor's address translation cache as well as its data
/// cache. Only advice: where the system does not follow it (or on other systems), nothing
/// changes. The pages are then touched at once, here, while the table is made: assembling a huge
/// page can take the kernel milliseconds, which must not fall inside a timed search.
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 * 1024 * 1024;
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside one live allocation of ours; `madvise` with
            // MADV_HUGEPAGE changes no contents and only fails harmlessly (ignored: advice).
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
            for page in (start..end).step_by(HUGE) {
                // SAFETY: inside the allocation; writing the zero byte the memory already holds
                // changes no value (the table's types are valid all-zero).
                unsafe { (page as *mut u8).write_volatile(0) };
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket), or an error when the memory cannot be had.
    pub fn new(mib: usize) -> Result<Table, AllocError> {
        let bytes = mib.max(1).checked_mul(1024 * 1024).ok_or(AllocError { mib })?;
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let pad = BUCKET_BYTES / std::mem::size_of::<Slot>() - 1;
        let n = buckets.checked_mul(WAYS).and_then(|n| n.checked_add(pad)).ok_or(AllocError { mib })?;
        let slots = zeroed::<Slot>(n).ok_or(AllocError { mib })?;
        let misalign = (slots.as_ptr() as usize % BUCKET_BYTES) / std::mem::size_of::<Slot>();
        let offset = if misalign == 0 { 0 } else { WAYS - misalign };
        Ok(Table { slots, offset, buckets, age: AtomicU64::new(0) })
    }

    fn all_slots(&self) -> &[Slot] {
        &self.slots[self.offset..self.offset + self.buckets * WAYS]
    }

    /// Empties the table.
    pub fn clear(&self) {
        for s in self.all_slots() {
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
        let start = self.offset + i * WAYS;
        &self.slots[start..start + WAYS]
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, so that a probe of it
    /// a little later does not wait for memory. Only a hint: it never changes the table.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.bucket(key).as_ptr());
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

    /// Stores an entry. An entry of the same position is replaced only by one worth as much
    /// (see [`worth`]: never a proven value by a heuristic one, never a deeper entry by a
    /// shallower one); otherwise the shallowest, oldest entry of the bucket makes room.
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
                if worth(pack(&e, age)) < worth(d) {
                    return;
                }
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
        let n = (self.buckets * WAYS).min(4000);
        let used = self.all_slots()[..n]
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
        let t = Table::new(1).unwrap();
        let mv: Move = "E3x88".parse().unwrap();
        let e = Entry { best_move: Some(mv), score: -123456, proven: false, depth: 9, bound: Bound::Lower };
        t.store(42, e);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(43), None);
        let e2 = Entry { best_move: None, score: 5, proven: false, depth: 9, bound: Bound::Upper };
        t.store(42, e2);
        assert_eq!(t.probe(42).unwrap().best_move, Some(mv), "keeps the old move");
        assert_eq!(t.probe(42).unwrap().score, 5);
        t.clear();
        assert_eq!(t.probe(42), None);
    }

    fn entry(depth: u8, proven: bool, bound: Bound) -> Entry {
        Entry { best_move: None, score: depth as i32, proven, depth, bound }
    }

    #[test]
    fn a_shallower_entry_never_replaces_a_deeper_or_proven_one() {
        let t = Table::new(1).unwrap();
        t.store(7, entry(10, false, Bound::Lower));
        t.store(7, entry(4, false, Bound::Exact));
        assert_eq!(t.probe(7).unwrap().depth, 10, "deeper kept");
        t.store(7, entry(10, false, Bound::Upper));
        assert_eq!(t.probe(7).unwrap().bound, Bound::Upper, "same depth replaces");
        t.store(7, entry(2, true, Bound::Exact));
        assert!(t.probe(7).unwrap().proven, "proven replaces heuristic");
        t.store(7, entry(30, false, Bound::Exact));
        assert_eq!(t.probe(7).unwrap(), entry(2, true, Bound::Exact), "proven exact kept");
        t.store(7, entry(5, true, Bound::Lower));
        assert_eq!(t.probe(7).unwrap().bound, Bound::Exact, "a proven bound does not replace a proven value");
        t.store(7, entry(3, true, Bound::Exact));
        assert_eq!(t.probe(7).unwrap().depth, 3, "a proven value replaces a proven value");
    }

    #[test]
    fn buckets_are_cache_lines_and_huge_tables_are_refused() {
        let t = Table::new(1).unwrap();
        assert_eq!(t.buckets, 1024 * 1024 / 64);
        for key in [0, 1 << 40, u64::MAX] {
            assert_eq!(t.bucket(key).as_ptr() as usize % 64, 0);
        }
        assert!(Table::new(usize::MAX / 1024).is_err());
        // black_box: an allocation nobody reads may be optimised away (and "succeed") in release.
        let huge = std::hint::black_box(Table::new(1 << 40));
        assert!(huge.is_err(), "a petabyte table is an error, not an abort");
    }
}
