//! Output strides of elementwise operators. PyTorch has two algorithms and
//! a fake tensor meets both:
//!
//! - TensorIterator (`TensorIteratorBase::compute_fast_setup_type`,
//!   `reorder_dimensions`, `allocate_or_resize_outputs`), which the C++
//!   meta kernels of structured operators run on static sizes;
//! - the references' `compute_elementwise_output_logical_to_physical_perm`
//!   (`torch._prims_common`), which runs where the meta kernel is Python
//!   (`torch._refs.where`, `torch._refs.relu`) and for every call with
//!   symbolic sizes.
//!
//! Both sort the output dims by the inputs' strides; they differ in when
//! they skip the sort (TensorIterator only when every operand has the
//! output's shape, the references on the broadcast inputs), in the strides
//! a broadcast input shows (TensorIterator: 0 on every dim it lacks; the
//! references: `expand`'s strides, which are not 0 on an added dim of
//! size 1), and in how the sorted order becomes strides.

use super::{Decide, channels_last, contiguous, is_channels_last, is_contiguous};
use super::{Dims, with_physical_order};
use crate::error::Result;
use crate::shape_env::ShapeEnv;
use crate::sym::{SymBool, SymInt};
use smallvec::SmallVec;

/// An input of an elementwise operator: its own sizes and strides (not
/// broadcast; a zero-dim input has none).
#[derive(Debug, Clone, Copy)]
pub struct Operand<'a> {
    /// Sizes of the input.
    pub sizes: &'a [SymInt],
    /// Strides of the input.
    pub strides: &'a [SymInt],
}

/// The strides `expand(out_sizes)` gives `o` (ATen's
/// `inferExpandGeometry`): a dim broadcast from size 1 or added with a
/// size other than 1 has stride 0; an added dim of size 1 has the stride
/// of the dim after it times that dim's size.
fn expanded(env: &mut ShapeEnv, out_sizes: &[SymInt], o: &Operand<'_>) -> Result<Dims> {
    let ndim = out_sizes.len();
    let offset = ndim - o.sizes.len().min(ndim);
    let mut strides: Dims = SmallVec::from_elem(SymInt::Int(0), ndim);
    for i in (0..ndim).rev() {
        let (size, stride) = if i >= offset {
            (o.sizes[i - offset], o.strides[i - offset])
        } else if i + 1 < ndim {
            (SymInt::Int(1), env.mul(out_sizes[i + 1], strides[i + 1])?)
        } else {
            (SymInt::Int(1), SymInt::Int(1))
        };
        let same = env.eq(size, out_sizes[i])?;
        strides[i] = if env.guard_or_true(same, "expand")? {
            stride
        } else {
            SymInt::Int(0)
        };
    }
    Ok(strides)
}

/// Output strides of an elementwise operator over `inputs` as the
/// references compute them (`_prim_elementwise_meta`): the inputs
/// broadcast with `expand`; contiguous when every one is contiguous and
/// not every one channels-last, channels-last in the opposite case (both
/// decided with `guard_or_false`), else the dims sorted by the inputs'
/// strides (`should_swap`) and laid out densely in that order. The caller
/// leaves out CPU scalars (zero-dim CPU tensors), which take no part.
pub fn pointwise(
    env: &mut ShapeEnv,
    out_sizes: &[SymInt],
    inputs: &[Operand<'_>],
    op: &str,
) -> Result<Dims> {
    let ndim = out_sizes.len();
    if ndim == 0 {
        return Ok(Dims::new());
    }
    if inputs.is_empty() || ndim == 1 {
        return contiguous(env, out_sizes);
    }
    let mut all: SmallVec<[Dims; 4]> = SmallVec::new();
    for o in inputs {
        all.push(expanded(env, out_sizes, o)?);
    }
    let mut all_contiguous = true;
    let mut all_cl = true;
    for st in &all {
        all_contiguous = all_contiguous && is_contiguous(env, out_sizes, st, op, Decide::OrFalse)?;
        all_cl = all_cl && ndim == 4 && is_channels_last(env, out_sizes, st, op, Decide::OrFalse)?;
    }
    if all_contiguous && !all_cl {
        return contiguous(env, out_sizes);
    }
    if all_cl && !all_contiguous {
        return channels_last(env, out_sizes);
    }
    let or_false = |env: &mut ShapeEnv, c: SymBool| env.guard_or_false(c, op);
    // `a >= b` for `a, b >= 0`, as the references' `should_swap` decides it.
    let ge = |env: &mut ShapeEnv, a: SymInt, b: SymInt| -> Result<bool> {
        let c = env.eq(b, SymInt::Int(0))?;
        if or_false(env, c)? {
            return Ok(true);
        }
        let c = env.eq(a, SymInt::Int(0))?;
        if or_false(env, c)? {
            return Ok(false);
        }
        let c = env.ge(a, b)?;
        if or_false(env, c)? {
            return Ok(true);
        }
        let m = env.modulo(a, b)?;
        let c = env.eq(m, SymInt::Int(0))?;
        or_false(env, c)
    };
    let should_swap = |env: &mut ShapeEnv, a: usize, b: usize| -> Result<i32> {
        for st in &all {
            let (sa, sb) = (st[a], st[b]);
            let z = env.eq(sa, SymInt::Int(0))?;
            if or_false(env, z)? {
                continue;
            }
            let z = env.eq(sb, SymInt::Int(0))?;
            if or_false(env, z)? {
                continue;
            }
            let same = env.eq(sa, sb)?;
            if or_false(env, same)? {
                if ge(env, out_sizes[b], out_sizes[a])? {
                    continue;
                }
                return Ok(1);
            }
            if ge(env, sb, sa)? {
                return Ok(-1);
            }
            if ge(env, sa, sb)? {
                return Ok(1);
            }
        }
        Ok(0)
    };
    let perm = insertion_sort(ndim, |a, b| should_swap(env, a, b))?;
    // perm[0] is the fastest dim; the physical order is outermost first.
    let physical: SmallVec<[usize; 6]> = perm.iter().rev().copied().collect();
    with_physical_order(env, out_sizes, &physical)
}

/// The sort both algorithms share: dims from the fastest (`perm[0]`),
/// starting from the reverse order, moved by an insertion sort that
/// accepts "no opinion" (`0`) from `should_swap`.
fn insertion_sort(
    ndim: usize,
    mut should_swap: impl FnMut(usize, usize) -> Result<i32>,
) -> Result<SmallVec<[usize; 6]>> {
    let mut perm: SmallVec<[usize; 6]> = (0..ndim).rev().collect();
    for i in 1..ndim {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            let c = should_swap(perm[dim0], perm[dim1])?;
            if c > 0 {
                perm.swap(dim0, dim1);
                dim1 = dim0;
            } else if c < 0 {
                break;
            }
        }
    }
    Ok(perm)
}

/// Output strides of an elementwise operator over static `inputs` (every
/// tensor operand, zero-dim ones included) as TensorIterator computes
/// them: when every operand has the output's shape, contiguous if all are
/// contiguous, channels-last if all are 4-D channels-last, their strides
/// if all are non-overlapping and dense with equal strides; otherwise the
/// dims sorted by the operands' strides (0 where an operand broadcasts)
/// and laid out densely in that order. An empty result is contiguous.
/// `None` when a size or stride is symbolic.
pub fn iterator(out_sizes: &[SymInt], inputs: &[Operand<'_>]) -> Option<Dims> {
    let ints =
        |v: &[SymInt]| -> Option<SmallVec<[i64; 6]>> { v.iter().map(|s| s.as_int()).collect() };
    let shape = ints(out_sizes)?;
    let ndim = shape.len();
    let mut ops: SmallVec<[(Ints, Ints); 4]> = SmallVec::new();
    for o in inputs {
        ops.push((ints(o.sizes)?, ints(o.strides)?));
    }
    let to_dims = |v: &[i64]| -> Dims { v.iter().map(|&x| SymInt::Int(x)).collect() };
    let dense = |order: &[usize]| -> SmallVec<[i64; 6]> {
        // `order`: outermost first; sizes of 0 count as 1.
        let mut st: SmallVec<[i64; 6]> = SmallVec::from_elem(1, ndim);
        let mut acc = 1i64;
        for &d in order.iter().rev() {
            st[d] = acc;
            acc = acc.saturating_mul(shape[d].max(1));
        }
        st
    };
    let natural: SmallVec<[usize; 6]> = (0..ndim).collect();
    if ndim == 0 {
        return Some(Dims::new());
    }
    // An empty result is contiguous whatever its operands' layout.
    if shape.contains(&0) {
        return Some(to_dims(&dense(&natural)));
    }
    if ops.iter().all(|(s, _)| s.as_slice() == shape.as_slice()) {
        let is_dense_in = |sizes: &[i64], strides: &[i64], order: &[usize]| -> bool {
            let mut expected = 1i64;
            for &d in order.iter().rev() {
                match sizes[d] {
                    0 => return true,
                    1 => {}
                    s => {
                        if strides[d] != expected {
                            return false;
                        }
                        expected = expected.saturating_mul(s);
                    }
                }
            }
            true
        };
        if ops.iter().all(|(s, st)| is_dense_in(s, st, &natural)) {
            return Some(to_dims(&dense(&natural)));
        }
        let cl: SmallVec<[usize; 6]> = [0usize, 2, 3, 1].into_iter().collect();
        if ndim == 4 && ops.iter().all(|(s, st)| is_dense_in(s, st, &cl)) {
            return Some(to_dims(&dense(&cl)));
        }
        if let Some((_, first)) = ops.first()
            && ops.iter().all(|(_, st)| st == first)
            && non_overlapping_and_dense(&shape, first)
        {
            return Some(to_dims(first));
        }
    }
    // Strides as TensorIterator sees them: 0 where an operand broadcasts.
    let seen: SmallVec<[SmallVec<[i64; 6]>; 4]> = ops
        .iter()
        .map(|(s, st)| {
            let offset = ndim - s.len().min(ndim);
            (0..ndim)
                .map(|d| {
                    if d < offset || (s[d - offset] == 1 && shape[d] != 1) {
                        0
                    } else {
                        st[d - offset]
                    }
                })
                .collect()
        })
        .collect();
    let perm = insertion_sort(ndim, |d0, d1| {
        for st in &seen {
            let (s0, s1) = (st[d0], st[d1]);
            if s0 == 0 || s1 == 0 {
                continue;
            }
            if s0 < s1 {
                return Ok(-1);
            }
            if s0 > s1 {
                return Ok(1);
            }
            if shape[d0] > shape[d1] {
                return Ok(1);
            }
        }
        Ok(0)
    })
    .ok()?;
    let physical: SmallVec<[usize; 6]> = perm.iter().rev().copied().collect();
    Some(to_dims(&dense(&physical)))
}

/// Static sizes or strides of one tensor.
type Ints = SmallVec<[i64; 6]>;

/// `is_non_overlapping_and_dense` on static sizes and strides (c10's
/// `compute_non_overlapping_and_dense`: dims of size below 2 last, the
/// rest by stride, each stride the product of the sizes before it).
fn non_overlapping_and_dense(sizes: &[i64], strides: &[i64]) -> bool {
    if sizes.len() == 1 {
        return sizes[0] < 2 || strides[0] == 1;
    }
    let mut order: SmallVec<[usize; 6]> = (0..sizes.len()).collect();
    order.sort_by_key(|&d| (sizes[d] < 2, strides[d]));
    let mut expected = 1i64;
    for &d in &order {
        if sizes[d] < 2 {
            return true;
        }
        if strides[d] != expected {
            return false;
        }
        expected = expected.saturating_mul(sizes[d]);
    }
    true
}
