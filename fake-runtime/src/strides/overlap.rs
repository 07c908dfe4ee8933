//! Whether a tensor's elements overlap in memory: ATen's
//! `has_internal_overlap` (`MemoryOverlap.cpp`), which kernels ask before
//! they write into a tensor.

use crate::error::Result;
use crate::shape_env::ShapeEnv;
use crate::sym::SymInt;

/// What ATen's `has_internal_overlap` answers (`MemOverlap`), in the order
/// of its values (`_debug_has_internal_overlap`: 0, 1, 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemOverlap {
    /// No two elements share a location: non-overlapping and dense.
    No,
    /// Some do: a dim of more than one element has stride 0.
    Yes,
    /// Neither could be shown cheaply (an unbacked stride, or strides
    /// that leave holes without repeating an element).
    TooHard,
}

/// `has_internal_overlap` of a tensor of `sizes` and `strides`: too hard
/// when a stride has no hint (before any test, which could guard on it),
/// no overlap when the tensor is non-overlapping and dense
/// (`_or_false`), overlap where a dim decided to hold more than one
/// element (`guard_or_false`) has stride 0 (a guard when the stride is
/// symbolic), else too hard.
pub fn internal_overlap(
    env: &mut ShapeEnv,
    sizes: &[SymInt],
    strides: &[SymInt],
    op: &str,
) -> Result<MemOverlap> {
    // A static stride has its hint.
    for &s in strides.iter().filter(|s| !s.is_static()) {
        if env.size_hint(s)?.is_none() {
            return Ok(MemOverlap::TooHard);
        }
    }
    if super::is_non_overlapping_and_dense(env, sizes, strides, op)? {
        return Ok(MemOverlap::No);
    }
    for (&size, &stride) in sizes.iter().zip(strides) {
        let many = env.gt(size, SymInt::Int(1))?;
        if !env.guard_or_false(many, op)? {
            continue;
        }
        let zero = match stride {
            SymInt::Int(v) => v == 0,
            SymInt::Expr(_) => {
                let c = env.eq(stride, SymInt::Int(0))?;
                env.guard_bool(c, op)?
            }
        };
        if zero {
            return Ok(MemOverlap::Yes);
        }
    }
    Ok(MemOverlap::TooHard)
}
