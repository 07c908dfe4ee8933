//! Memos keyed by lists of sizes, looked up from the slices directly
//! (hashed word by word, compared in place), so a hit copies nothing:
//! [`ListMemo`], `(sizes, strides) -> V`, keeps the contiguity test's
//! answers on symbolic layouts (`ShapeEnv`) and the contiguous strides of
//! symbolic sizes (`ExprArena`); [`PartsMemo`], keyed by any number of
//! lists, the elementwise stride rule's results (`ShapeEnv`).

use crate::sym::SymInt;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry as Slot;
use rustc_hash::FxHasher;
use smallvec::SmallVec;
use std::hash::Hasher;

/// One remembered key (its first list then its second) and its value.
#[derive(Debug, Clone)]
struct Entry<V> {
    hash: u64,
    split: u8,
    values: SmallVec<[SymInt; 10]>,
    value: V,
}

impl<V> Entry<V> {
    fn is(&self, first: &[SymInt], second: &[SymInt]) -> bool {
        usize::from(self.split) == first.len()
            && self.values.len() == first.len() + second.len()
            && self.values[..first.len()] == *first
            && self.values[first.len()..] == *second
    }
}

/// `(first, second) -> V`, for two lists of sizes.
#[derive(Debug, Clone)]
pub(crate) struct ListMemo<V> {
    table: HashTable<Entry<V>>,
}

impl<V> Default for ListMemo<V> {
    fn default() -> Self {
        ListMemo {
            table: HashTable::new(),
        }
    }
}

/// A size or stride as one word (a constant by its value, an expression
/// by its handle, tagged apart): equal words for equal values, as the
/// handles are canonical.
fn word(v: SymInt) -> u64 {
    match v {
        SymInt::Int(i) => i as u64,
        SymInt::Expr(e) => u64::from(e.0) ^ 0xa5a5_0000_0000_0000,
    }
}

fn hash(first: &[SymInt], second: &[SymInt]) -> u64 {
    let mut h = FxHasher::default();
    h.write_usize(first.len());
    for &v in first.iter().chain(second) {
        h.write_u64(word(v));
    }
    h.finish()
}

impl<V> ListMemo<V> {
    /// Nothing remembered.
    pub(crate) fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Forget everything.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// The value remembered for `first` and `second`.
    #[inline]
    pub(crate) fn get(&self, first: &[SymInt], second: &[SymInt]) -> Option<&V> {
        if self.table.is_empty() {
            return None;
        }
        let h = hash(first, second);
        self.table
            .find(h, |e| e.hash == h && e.is(first, second))
            .map(|e| &e.value)
    }

    /// Keep only the entries `keep` accepts (given their two lists and
    /// value).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&[SymInt], &[SymInt], &V) -> bool) {
        self.table.retain(|e| {
            let (first, second) = e.values.split_at(usize::from(e.split));
            keep(first, second, &e.value)
        });
    }

    /// Remember `value` for `first` and `second`.
    pub(crate) fn insert(&mut self, first: &[SymInt], second: &[SymInt], value: V) {
        let h = hash(first, second);
        match self
            .table
            .entry(h, |e| e.hash == h && e.is(first, second), |e| e.hash)
        {
            Slot::Occupied(mut o) => o.get_mut().value = value,
            Slot::Vacant(v) => {
                let mut values = SmallVec::with_capacity(first.len() + second.len());
                values.extend_from_slice(first);
                values.extend_from_slice(second);
                v.insert(Entry {
                    hash: h,
                    split: first.len() as u8,
                    values,
                    value,
                });
            }
        }
    }
}

/// One remembered key of a [`PartsMemo`] (its lists' lengths, then their
/// values one after another) and its value.
#[derive(Debug, Clone)]
struct PartsEntry<V> {
    hash: u64,
    lens: SmallVec<[u8; 10]>,
    values: SmallVec<[SymInt; 24]>,
    value: V,
}

impl<V> PartsEntry<V> {
    fn is(&self, parts: &[&[SymInt]]) -> bool {
        if self.lens.len() != parts.len() {
            return false;
        }
        // One pass over the values, part after part, compared in line.
        let mut rest = self.values.as_slice();
        for (&n, p) in self.lens.iter().zip(parts) {
            let Some((own, tail)) = rest.split_at_checked(usize::from(n)) else {
                return false;
            };
            if own.len() != p.len() || own.iter().zip(p.iter()).any(|(a, b)| a != b) {
                return false;
            }
            rest = tail;
        }
        true
    }

    fn same_key(&self, other: &Self) -> bool {
        self.hash == other.hash && self.lens == other.lens && self.values == other.values
    }
}

/// `[list, list, ...] -> V`: a memo keyed by several lists of sizes.
#[derive(Debug, Clone)]
pub(crate) struct PartsMemo<V> {
    table: HashTable<PartsEntry<V>>,
}

impl<V> Default for PartsMemo<V> {
    fn default() -> Self {
        PartsMemo {
            table: HashTable::new(),
        }
    }
}

fn hash_parts(parts: &[&[SymInt]]) -> u64 {
    let mut h = FxHasher::default();
    h.write_usize(parts.len());
    for p in parts {
        h.write_usize(p.len());
        for &v in *p {
            h.write_u64(word(v));
        }
    }
    h.finish()
}

impl<V> PartsMemo<V> {
    /// Nothing remembered.
    pub(crate) fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Forget everything.
    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    /// The value remembered for `parts`.
    #[inline]
    pub(crate) fn get(&self, parts: &[&[SymInt]]) -> Option<&V> {
        if self.table.is_empty() {
            return None;
        }
        let h = hash_parts(parts);
        self.table
            .find(h, |e| e.hash == h && e.is(parts))
            .map(|e| &e.value)
    }

    /// Remember `value` for `parts` (each list at most 255 long: a
    /// longer one is not remembered).
    pub(crate) fn insert(&mut self, parts: &[&[SymInt]], value: V) {
        if parts.len() > usize::from(u8::MAX)
            || parts.iter().any(|p| p.len() > usize::from(u8::MAX))
        {
            return;
        }
        let h = hash_parts(parts);
        match self
            .table
            .entry(h, |e| e.hash == h && e.is(parts), |e| e.hash)
        {
            Slot::Occupied(mut o) => o.get_mut().value = value,
            Slot::Vacant(v) => {
                let mut values = SmallVec::new();
                let mut lens = SmallVec::new();
                for p in parts {
                    lens.push(p.len() as u8);
                    values.extend_from_slice(p);
                }
                v.insert(PartsEntry {
                    hash: h,
                    lens,
                    values,
                    value,
                });
            }
        }
    }

    /// Keep the entries whose value `keep` accepts, and those `other`
    /// holds too.
    pub(crate) fn retain_or_in(&mut self, other: &Self, mut keep: impl FnMut(&V) -> bool) {
        self.table
            .retain(|e| keep(&e.value) || other.table.find(e.hash, |o| o.same_key(e)).is_some());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_where_the_first_list_ends() {
        let (a, b, c) = (SymInt::Int(2), SymInt::Int(3), SymInt::Int(4));
        let mut memo = ListMemo::default();
        assert!(memo.is_empty());
        memo.insert(&[a], &[b, c], 1);
        memo.insert(&[a, b], &[c], 2);
        assert_eq!(memo.get(&[a], &[b, c]), Some(&1));
        assert_eq!(memo.get(&[a, b], &[c]), Some(&2));
        assert_eq!(memo.get(&[a, b, c], &[]), None);
        memo.insert(&[a], &[b, c], 3);
        assert_eq!(memo.get(&[a], &[b, c]), Some(&3));
        memo.retain(|first, _, &v| first.len() == 2 && v == 2);
        assert_eq!(memo.get(&[a, b], &[c]), Some(&2));
        assert_eq!(memo.get(&[a], &[b, c]), None);
        memo.clear();
        assert_eq!(memo.get(&[a, b], &[c]), None);
    }

    #[test]
    fn parts_keys_differ_by_where_each_list_ends() {
        let (a, b, c) = (SymInt::Int(2), SymInt::Int(3), SymInt::Int(4));
        let mut memo = PartsMemo::default();
        assert!(memo.is_empty());
        memo.insert(&[&[a], &[b, c]], 1);
        memo.insert(&[&[a, b], &[c]], 2);
        memo.insert(&[&[a, b], &[c], &[]], 3);
        assert_eq!(memo.get(&[&[a], &[b, c]]), Some(&1));
        assert_eq!(memo.get(&[&[a, b], &[c]]), Some(&2));
        assert_eq!(memo.get(&[&[a, b], &[c], &[]]), Some(&3));
        assert_eq!(memo.get(&[&[a, b, c]]), None);
        let mut kept = PartsMemo::default();
        kept.insert(&[&[a], &[b, c]], 0);
        memo.retain_or_in(&kept, |&v| v == 3);
        assert_eq!(memo.get(&[&[a], &[b, c]]), Some(&1));
        assert_eq!(memo.get(&[&[a, b], &[c]]), None);
        assert_eq!(memo.get(&[&[a, b], &[c], &[]]), Some(&3));
        memo.clear();
        assert!(memo.is_empty());
    }
}
