//! The mate solver's transposition table: proof and disproof numbers per position, with a
//! memory bound. Buckets of four entries; a new position replaces the entry of its bucket
//! that cost the least work to find (proofs and disproofs are kept longest because finding
//! them cost the most), so a full table degrades the search instead of failing it.

/// Proof or disproof number meaning "never": the node is disproven (pn) or proven (dn).
pub const INFINITE: u32 = u32::MAX / 4;

/// What the solver knows about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number: a lower bound on the leaves the attacker still has to prove.
    pub pn: u32,
    /// Disproof number: the same for the defender.
    pub dn: u32,
    /// Once proven: plies from the position to the end of the game along the proof found.
    pub len: u16,
    /// Once disproven: the earliest ply of the search path (counted like [`Position::ply`],
    /// from the game's start) whose position the disproof rests on, through a repetition
    /// found below; [`SOLID`] when it rests on none and holds on every path. A disproof that
    /// rests on the path never enters the table (docs/mate.md, "Repetitions and the table").
    ///
    /// [`Position::ply`]: crate::rules::Position::ply
    pub rests_on: u32,
}

/// [`Numbers::rests_on`] of a disproof that holds whatever the path.
pub const SOLID: u32 = u32::MAX;

impl Numbers {
    /// A position nothing is known about yet.
    pub const UNKNOWN: Numbers = Numbers {
        pn: 1,
        dn: 1,
        len: 0,
        rests_on: SOLID,
    };

    /// A proven position whose game ends `len` plies later.
    pub fn proven(len: u16) -> Numbers {
        Numbers {
            pn: 0,
            dn: INFINITE,
            len,
            rests_on: SOLID,
        }
    }

    /// A disproven position, resting on the path's ply `rests_on` ([`SOLID`]: on none).
    pub fn disproven(rests_on: u32) -> Numbers {
        Numbers {
            pn: INFINITE,
            dn: 0,
            len: 0,
            rests_on,
        }
    }

    /// Whether the attacker wins here.
    pub fn is_proven(&self) -> bool {
        self.pn == 0
    }

    /// Whether the attacker cannot win here by checks.
    pub fn is_disproven(&self) -> bool {
        self.dn == 0
    }
}

#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    numbers: Numbers,
    /// Nodes spent below this position: what replacement keeps.
    work: u64,
}

const BUCKET: usize = 4;

/// The table. Key 0 marks an empty slot (a real key of 0 is stored as 1: a collision of one
/// key in 2^64 with another is the price).
pub struct Table {
    entries: Vec<Entry>,
    buckets: usize,
    used: usize,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    numbers: Numbers::UNKNOWN,
    work: 0,
};

fn stored_key(key: u64) -> u64 {
    key.max(1)
}

impl Table {
    /// A table that takes at most `bytes` (at least one bucket). Aborts if the memory cannot
    /// be had: callers with a size from outside use [`Table::try_new`].
    pub fn new(bytes: usize) -> Table {
        Table::try_new(bytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table that takes at most `bytes` (at least one bucket), or why the memory cannot be
    /// had (the allocator refused it: nothing aborts).
    pub fn try_new(bytes: usize) -> Result<Table, String> {
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let len = buckets * BUCKET;
        let mut entries = Vec::new();
        entries.try_reserve_exact(len).map_err(|e| {
            format!(
                "cannot allocate a mate table of {} MiB: {e}",
                (len * std::mem::size_of::<Entry>()).div_ceil(1 << 20)
            )
        })?;
        entries.resize(len, EMPTY_ENTRY);
        Ok(Table {
            entries,
            buckets,
            used: 0,
        })
    }

    /// Bytes one entry takes (docs/mate.md quotes it).
    pub fn entry_size() -> usize {
        std::mem::size_of::<Entry>()
    }

    /// Forgets everything (a new problem: disproofs found under one game history need not
    /// hold under another).
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY_ENTRY);
        self.used = 0;
    }

    /// Per mille of the slots in use (USI `hashfull`).
    pub fn permille_full(&self) -> u32 {
        (self.used as u64 * 1000 / self.entries.len() as u64) as u32
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let b = ((key as u128 * self.buckets as u128) >> 64) as usize;
        b * BUCKET..(b + 1) * BUCKET
    }

    /// What is known about `key` (unknown if nothing).
    pub fn get(&self, key: u64) -> Numbers {
        self.find(key)
            .map_or(Numbers::UNKNOWN, |i| self.entries[i].numbers)
    }

    fn find(&self, key: u64) -> Option<usize> {
        let k = stored_key(key);
        self.bucket(key).find(|&i| self.entries[i].key == k)
    }

    /// Records `numbers` for `key`, `work` nodes having been spent on it so far.
    pub fn put(&mut self, key: u64, numbers: Numbers, work: u64) {
        let k = stored_key(key);
        let range = self.bucket(key);
        let slot = match range.clone().find(|&i| self.entries[i].key == k) {
            Some(i) => i,
            None => {
                let victim = range
                    .min_by_key(|&i| {
                        let e = &self.entries[i];
                        // Empty first, then the cheapest; a settled position counts as
                        // expensive, since losing it means proving it again.
                        let settled = e.numbers.pn == 0 || e.numbers.dn == 0;
                        (e.key != 0, settled, e.work)
                    })
                    .unwrap_or_else(|| unreachable!("a bucket has slots"));
                if self.entries[victim].key == 0 {
                    self.used += 1;
                }
                victim
            }
        };
        self.entries[slot] = Entry {
            key: k,
            numbers,
            work: self.entries[slot].work.max(work),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_larger_than_the_address_space_is_an_error_not_an_abort() {
        let e = Table::try_new(usize::MAX / 2).err().expect("refused");
        assert!(e.contains("cannot allocate a mate table"), "{e}");
        assert!(Table::try_new(1 << 20).is_ok());
    }

    #[test]
    fn an_entry_takes_32_bytes() {
        // docs/mate.md quotes it: positions per MiB of table.
        assert_eq!(Table::entry_size(), 32);
    }

    #[test]
    fn a_full_bucket_keeps_settled_and_expensive_entries() {
        // One bucket: every key lands in it.
        let mut t = Table::new(BUCKET * Table::entry_size());
        t.put(10, Numbers::proven(3), 1);
        t.put(11, Numbers::UNKNOWN, 500);
        t.put(12, Numbers::UNKNOWN, 2);
        t.put(13, Numbers::disproven(SOLID), 1);
        assert_eq!(t.permille_full(), 1000);
        t.put(14, Numbers::UNKNOWN, 7);
        assert_eq!(t.get(12), Numbers::UNKNOWN, "the cheapest open entry went");
        assert!(t.get(10).is_proven());
        assert!(t.get(13).is_disproven());
        assert_eq!(t.get(11), Numbers::UNKNOWN);
        assert_eq!(t.find(12), None);
        assert!(t.find(14).is_some());
        t.clear();
        assert_eq!(t.find(10), None);
        assert_eq!(t.permille_full(), 0);
    }
}
