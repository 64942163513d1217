//! The transposition table shared by all search threads.
//!
//! Lock-free: each entry is three atomics (check word, move, data) written without locks, and
//! the check word is `key ^ move ^ data`, so an entry torn by two threads writing at once fails
//! verification on read instead of handing back another position's move. Buckets of four
//! entries; replacement prefers the same position, then the shallowest or oldest entry.

use crate::rules::Move;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};

/// What a stored score means relative to the window it was found with.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Bound {
    /// Exact score.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// A verified table entry.
#[derive(Copy, Clone, Debug)]
pub struct TtHit {
    /// Best move found (may be the null move when none was).
    pub mv: Move,
    /// Score, already adjusted to the probing ply for mate distances.
    pub score: i32,
    /// Static evaluation of the position.
    pub eval: i32,
    /// Remaining depth the score was searched to.
    pub depth: i32,
    /// Meaning of the score.
    pub bound: Bound,
}

impl TtHit {
    /// Whether the stored score settles a search with window (alpha, beta) on its own.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = 24;
const _: () = assert!(std::mem::size_of::<Entry>() == ENTRY_BYTES);

/// The shared table.
pub struct TranspositionTable {
    entries: Box<[Entry]>,
    buckets: usize,
    megabytes: usize,
    generation: AtomicU8,
    /// Whether a search has begun on the table since it was made or cleared: a table no
    /// search has used holds nothing to forget.
    searched: AtomicBool,
}

/// Zeroed entries straight from the allocator, or an error where it has no room: a failed
/// `Vec` allocation would abort the process, and a GUI may ask for any size it was offered.
fn zeroed_entries(count: usize) -> Option<Box<[Entry]>> {
    let layout = std::alloc::Layout::array::<Entry>(count).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout has a non-zero size; an all-zero `Entry` is three atomics holding 0,
    // a valid value; the box takes ownership of exactly `count` entries allocated with the
    // layout it will free them with.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Entry>();
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            ptr, count,
        )))
    }
}

fn pack(score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let b = match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    (score as i16 as u16 as u64)
        | (eval as i16 as u16 as u64) << 16
        | ((depth.clamp(-1, 254) + 1) as u64) << 32
        | (b as u64) << 40
        | (generation as u64) << 48
}

impl TranspositionTable {
    /// An empty table of about `mb` megabytes (at least one bucket), or an error line when
    /// this machine cannot hold it: more than half its memory, or more than the allocator
    /// gives. The memory comes zeroed from the allocator, so this returns at once whatever
    /// the size.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let mb = mb.max(1);
        let bytes = mb as u64 * 1024 * 1024;
        if let Some(total) = crate::platform::physical_memory()
            && bytes > total / 2
        {
            return Err(format!(
                "a {mb} MB table is more than half of this machine's {} MB of memory",
                total >> 20
            ));
        }
        let buckets = (bytes / (ENTRY_BYTES * BUCKET) as u64).max(1);
        let entries = usize::try_from(buckets * BUCKET as u64)
            .ok()
            .and_then(zeroed_entries)
            .ok_or_else(|| format!("cannot allocate a {mb} MB table"))?;
        Ok(TranspositionTable {
            buckets: entries.len() / BUCKET,
            entries,
            megabytes: mb,
            generation: AtomicU8::new(0),
            searched: AtomicBool::new(false),
        })
    }

    /// Size asked for, in MB.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Writes one word on every memory page of the table. The allocator hands out untouched
    /// zero pages: without this, the searches take a page fault (and a copy) on nearly every
    /// new entry, and with two search threads the faults also queue on the kernel's lock of
    /// the address space (measured: the first 150 ms after a fresh table searched half the
    /// nodes of a touched one with one thread, a quarter with two). Safe while searches use
    /// the table (the write keeps what they wrote), so it can run in the background instead
    /// of keeping `isready` waiting for seconds on a large table.
    ///
    /// The write is a compare-exchange of zero with zero: a no-op on the value that still
    /// needs the page writable. An idempotent `fetch_add(0)` does not do: the compiler turns
    /// it into a plain load, and a load maps the shared zero page, which the first real
    /// write must then replace.
    pub fn touch_pages(&self) {
        const PAGE: usize = 4096;
        for e in self.entries.iter().step_by(PAGE / ENTRY_BYTES) {
            let _ = e.check.compare_exchange(0, 0, Relaxed, Relaxed);
        }
    }

    /// Empties the table where it is: no page is given back to the system and taken again,
    /// so the next search takes no page faults (a fresh table costs the searches
    /// several times the clearing time, see [`touch_pages`](Self::touch_pages)). About 40 ms
    /// a GB on the project's machine.
    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.check.store(0, Relaxed);
            e.mv.store(0, Relaxed);
            e.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
        self.searched.store(false, Relaxed);
    }

    /// Whether a search has begun on the table since it was made or last cleared.
    pub fn searched(&self) -> bool {
        self.searched.load(Relaxed)
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.searched.store(true, Relaxed);
        self.generation.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Entry] {
        let i = ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.entries[i * BUCKET..(i + 1) * BUCKET]
    }

    /// Asks the processor to start loading the bucket of `key` into its cache. A probe of
    /// this large table is usually a cache miss; issued as soon as a child position's key is
    /// known, the load overlaps the rest of making the move instead of stalling the probe.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = self.bucket(key);
            // A bucket (96 bytes) spans two or three 64-byte cache lines; its first, middle and
            // last bytes lie less than 64 bytes apart, so together they touch every one of them.
            let size = BUCKET * ENTRY_BYTES;
            let bytes = bucket.as_ptr().cast::<u8>();
            for offset in [0, size / 2, size - 1] {
                // SAFETY: a prefetch is a hint that never reads or faults, and the address
                // lies inside the table anyway; SSE, which it needs, is part of x86_64.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.wrapping_add(offset).cast::<i8>()) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if present and intact. `ply` converts mate scores.
    pub fn probe(&self, key: u64, ply: i32) -> Option<TtHit> {
        for e in self.bucket(key) {
            let (check, mv, data) = (
                e.check.load(Relaxed),
                e.mv.load(Relaxed),
                e.data.load(Relaxed),
            );
            if check ^ mv ^ data == key && data != 0 {
                let bound = match (data >> 40) & 3 {
                    0 => Bound::Exact,
                    1 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(TtHit {
                    mv: Move::from_bits(mv),
                    score: crate::score::from_tt(data as u16 as i16 as i32, ply),
                    eval: (data >> 16) as u16 as i16 as i32,
                    depth: ((data >> 32) & 0xff) as i32 - 1,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a search result.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: i32,
    ) {
        let generation = self.generation.load(Relaxed);
        let new_data = pack(
            crate::score::to_tt(score, ply),
            eval,
            depth,
            bound,
            generation,
        );
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            let (check, emv, data) = (
                e.check.load(Relaxed),
                e.mv.load(Relaxed),
                e.data.load(Relaxed),
            );
            if data == 0 || check ^ emv ^ data == key {
                victim = i;
                if data != 0 && check ^ emv ^ data == key {
                    // Same position: keep a deeper exact result, and keep the old move if
                    // the new search found none.
                    let old_depth = ((data >> 32) & 0xff) as i32 - 1;
                    if bound != Bound::Exact
                        && old_depth > depth + 2
                        && (data >> 48) as u8 == generation
                    {
                        return;
                    }
                    if mv == Move::default() {
                        e.check.store(key ^ emv ^ new_data, Relaxed);
                        e.data.store(new_data, Relaxed);
                        return;
                    }
                }
                break;
            }
            let age = generation.wrapping_sub((data >> 48) as u8) as i32;
            let value = ((data >> 32) & 0xff) as i32 - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let mv = mv.to_bits();
        let e = &bucket[victim];
        e.mv.store(mv, Relaxed);
        e.data.store(new_data, Relaxed);
        e.check.store(key ^ mv ^ new_data, Relaxed);
    }

    /// Permille of sampled entries written in the current search (`hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && (d >> 48) as u8 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn stores_and_verifies() {
        let tt = TranspositionTable::new(1).unwrap();
        let mv = Move::simple(Square::new(1, 1), Square::new(2, 2));
        tt.store(0xdead_beef, mv, 123, -5, 7, Bound::Lower, 0);
        let hit = tt.probe(0xdead_beef, 0).expect("stored");
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (mv, 123, -5, 7, Bound::Lower)
        );
        assert!(tt.probe(0xdead_bee0, 0).is_none());
        // A torn entry (data from another write) fails verification.
        let b = tt.bucket(0xdead_beef);
        b[0].data.store(b[0].data.load(Relaxed) ^ 1, Relaxed);
        assert!(tt.probe(0xdead_beef, 0).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1).unwrap();
        let mate_in_3_from_ply_5 = crate::score::MATE - 8;
        tt.store(
            42,
            Move::default(),
            mate_in_3_from_ply_5,
            0,
            3,
            Bound::Exact,
            5,
        );
        let hit = tt.probe(42, 2).unwrap();
        assert_eq!(hit.score, crate::score::MATE - 5);
    }

    #[test]
    fn a_table_larger_than_the_machine_is_an_error_not_an_abort() {
        let e = TranspositionTable::new(usize::MAX >> 20)
            .err()
            .expect("refused");
        assert!(e.contains("MB"), "{e}");
        let t = TranspositionTable::new(3).unwrap();
        assert_eq!(t.megabytes(), 3);
        t.touch_pages();
        assert!(t.probe(1, 0).is_none());
    }

    #[test]
    fn clearing_empties_the_table_and_forgets_that_it_was_searched() {
        let tt = TranspositionTable::new(1).unwrap();
        assert!(!tt.searched());
        tt.new_search();
        tt.store(77, Move::default(), 5, 5, 3, Bound::Exact, 0);
        assert!(tt.searched() && tt.probe(77, 0).is_some());
        tt.clear();
        assert!(!tt.searched() && tt.probe(77, 0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    /// Pages of `len` bytes from `start` (4 KiB pages, as `touch_pages` takes them) that are
    /// present and mapped by this process alone (Linux's pagemap: bits 63 and 56), so that a
    /// page that only maps the shared zero page does not count. Read for the table's own
    /// pages: the Rss of the mapping around them (smaps) also counts whatever neighbouring
    /// allocations of other tests the kernel merged into that mapping.
    #[cfg(target_os = "linux")]
    fn written_pages(start: usize, len: usize) -> usize {
        use std::io::{Read, Seek, SeekFrom};
        const PAGE: usize = 4096;
        let (first, last) = (start / PAGE, (start + len - 1) / PAGE);
        let mut map = std::fs::File::open("/proc/self/pagemap").unwrap();
        map.seek(SeekFrom::Start(first as u64 * 8)).unwrap();
        let mut bytes = vec![0u8; (last - first + 1) * 8];
        map.read_exact(&mut bytes).unwrap();
        bytes
            .chunks_exact(8)
            .map(|e| u64::from_le_bytes(e.try_into().unwrap()))
            .filter(|e| e >> 63 & 1 == 1 && e >> 56 & 1 == 1)
            .count()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn touching_makes_every_page_of_the_table_resident() {
        let tt = TranspositionTable::new(32).unwrap();
        let (start, len) = (
            tt.entries.as_ptr() as usize,
            std::mem::size_of_val(&*tt.entries),
        );
        let pages = len.div_ceil(4096);
        let before = written_pages(start, len);
        tt.touch_pages();
        let after = written_pages(start, len);
        // Every page, the last partial one aside (an unoptimised build may write them all
        // already when it makes the table; an optimised one takes fresh zeroed pages).
        assert!(
            after + 1 >= pages,
            "{before} of {pages} pages written before touching, {after} after"
        );
    }
}
