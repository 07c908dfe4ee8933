//! [`Dims`]: the sizes or strides of one tensor, a small vector of
//! [`SymInt`] kept inline up to five dims, whose copy is a fixed-size
//! move of the inline buffer.
//!
//! Tensor records are copied on every call (a kernel's result into the
//! tensor table, a recording's arguments and results, a cache hit's
//! outputs): `smallvec`'s own `Clone` pushes element by element, and
//! `from_slice` calls `memcpy` with the length; a copy of unspilled dims
//! here moves the whole buffer at once, which the compiler inlines.
//! Everything else is the vector's own API, reached through `Deref`.

use crate::sym::SymInt;
use smallvec::SmallVec;
use std::ops::{Deref, DerefMut};

/// The vector [`Dims`] wraps.
pub type DimsVec = SmallVec<[SymInt; 5]>;

/// Sizes or strides of one tensor.
#[derive(Default, PartialEq, Eq, Hash)]
pub struct Dims(DimsVec);

impl Dims {
    /// No dims.
    #[inline]
    pub fn new() -> Self {
        Dims(DimsVec::new())
    }

    /// No dims, room for `n`.
    #[inline]
    pub fn with_capacity(n: usize) -> Self {
        Dims(DimsVec::with_capacity(n))
    }

    /// A copy of `dims`.
    #[inline]
    pub fn from_slice(dims: &[SymInt]) -> Self {
        Dims(DimsVec::from_slice(dims))
    }

    /// `n` copies of `d`.
    #[inline]
    pub fn from_elem(d: SymInt, n: usize) -> Self {
        Dims(DimsVec::from_elem(d, n))
    }
}

impl Clone for Dims {
    /// Unspilled dims (at most five) are copied as the whole inline
    /// buffer: a fixed-size move, not a `memcpy` call of their length.
    #[inline(always)]
    #[allow(unsafe_code)]
    fn clone(&self) -> Self {
        if self.0.spilled() {
            return Dims::from_slice(&self.0);
        }
        // SAFETY: an unspilled `SmallVec` holds its elements inline and
        // owns no heap memory, and `SymInt` is `Copy` (nothing to drop,
        // nothing owned): the bitwise copy is a valid vector that shares
        // nothing with `self`.
        Dims(unsafe { std::ptr::read(&self.0) })
    }
}

impl std::fmt::Debug for Dims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl Deref for Dims {
    type Target = DimsVec;
    #[inline(always)]
    fn deref(&self) -> &DimsVec {
        &self.0
    }
}

impl DerefMut for Dims {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut DimsVec {
        &mut self.0
    }
}

impl FromIterator<SymInt> for Dims {
    #[inline]
    fn from_iter<I: IntoIterator<Item = SymInt>>(iter: I) -> Self {
        Dims(DimsVec::from_iter(iter))
    }
}

impl Extend<SymInt> for Dims {
    #[inline]
    fn extend<I: IntoIterator<Item = SymInt>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

impl IntoIterator for Dims {
    type Item = SymInt;
    type IntoIter = smallvec::IntoIter<[SymInt; 5]>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Dims {
    type Item = &'a SymInt;
    type IntoIter = std::slice::Iter<'a, SymInt>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<const N: usize> From<[SymInt; N]> for Dims {
    #[inline]
    fn from(v: [SymInt; N]) -> Self {
        Dims::from_slice(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_equal_their_source_inline_and_spilled() {
        let e = |n: i64| SymInt::Int(n);
        for n in [0, 1, 5, 6, 9] {
            let d: Dims = (0..n).map(e).collect();
            let c = d.clone();
            assert_eq!(c, d, "{n} dims");
            assert_eq!(c.spilled(), n > 5, "{n} dims");
            drop(d);
            assert_eq!(c.len(), n as usize);
            assert!(c.iter().copied().eq((0..n).map(e)));
        }
    }

    #[test]
    fn a_copy_is_independent_of_its_source() {
        let mut d = Dims::from_slice(&[SymInt::Int(2), SymInt::Int(3)]);
        let c = d.clone();
        d[0] = SymInt::Int(7);
        d.push(SymInt::Int(4));
        assert_eq!(c.as_slice(), &[SymInt::Int(2), SymInt::Int(3)]);
    }
}
