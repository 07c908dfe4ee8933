//! The pointwise fast path: output metadata of an elementwise operator
//! (broadcast sizes, output strides, the common device) in one call. When
//! every input is static and laid out the usual way the whole computation
//! is done on `i64`s and never touches the ShapeEnv.

use crate::error::Result;
use crate::kernel::Cx;
use crate::meta::TensorMeta;
use crate::shape::Dims;
use crate::strides::{Decide, Operand};
use crate::sym::SymInt;
use crate::{DType, Layout};
use smallvec::SmallVec;

/// Which of PyTorch's meta kernels gives an elementwise operator its
/// output strides (see [`crate::strides::iterator`] and
/// [`crate::strides::pointwise`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StrideRule {
    /// A C++ structured meta kernel: TensorIterator on static sizes, the
    /// references on symbolic ones (the C++ kernel takes no symbols).
    #[default]
    Iterator,
    /// A Python meta kernel (`torch._refs.where`): the references always.
    Refs,
    /// `add`, `sub`, `mul` and `div` of two tensors: as
    /// [`StrideRule::Iterator`], except that on symbolic sizes the fake
    /// mode's fast path answers first (`make_fast_binary_impl`): when an
    /// input has the output's shape, contiguous if every input is,
    /// channels-last if every input is.
    FastBinary,
}

/// Output metadata of an elementwise operator over `inputs` with result
/// dtype `dtype`: sizes broadcast, strides as the operator's meta kernel
/// computes them (`rule`), on the common device.
pub fn output(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    dtype: DType,
    rule: StrideRule,
) -> Result<TensorMeta> {
    let (sizes, strides) = match static_output(inputs, rule) {
        Some(ss) => ss,
        None => general(cx, inputs, rule)?,
    };
    Ok(TensorMeta {
        sizes,
        strides,
        storage_offset: SymInt::Int(0),
        dtype,
        device: cx.device,
        layout: Layout::Strided,
        requires_grad: false,
        wrapped_number: false,
    })
}

/// The layout operands among `inputs`: wrapped numbers take no part.
fn operands<'a>(inputs: &[&'a TensorMeta]) -> SmallVec<[Operand<'a>; 4]> {
    inputs
        .iter()
        .filter(|t| !t.wrapped_number)
        .map(|t| Operand {
            sizes: &t.sizes,
            strides: &t.strides,
        })
        .collect()
}

/// Sizes and strides without the static path (what it must agree with).
pub(crate) fn general(
    cx: &mut Cx<'_>,
    inputs: &[&TensorMeta],
    rule: StrideRule,
) -> Result<(Dims, Dims)> {
    let shapes: SmallVec<[&[SymInt]; 4]> = inputs.iter().map(|t| t.sizes.as_slice()).collect();
    let sizes = crate::shape::broadcast(cx.env, cx.op, &shapes)?;
    let symbolic = !inputs.iter().all(|t| t.is_static());
    if !symbolic
        && rule != StrideRule::Refs
        && let Some(strides) = crate::strides::iterator(&sizes, &operands(inputs))
    {
        return Ok((sizes, strides));
    }
    if symbolic
        && rule == StrideRule::FastBinary
        && let Some(strides) = fast_binary(cx, &sizes, inputs)?
    {
        return Ok((sizes, strides));
    }
    // The references leave out CPU scalars.
    let kept: SmallVec<[&TensorMeta; 4]> = inputs
        .iter()
        .copied()
        .filter(|t| !(t.sizes.is_empty() && t.device.is_cpu()))
        .collect();
    let strides = crate::strides::pointwise(cx.env, &sizes, &operands(&kept), cx.op)?;
    Ok((sizes, strides))
}

/// The fake mode's fast path for symbolic `add`, `sub`, `mul` and `div`:
/// `None` (the references answer) unless an input has the output's shape
/// and every input is contiguous, or every input channels-last (decided
/// with `guard_or_false`, on the inputs as given).
fn fast_binary(cx: &mut Cx<'_>, sizes: &[SymInt], inputs: &[&TensorMeta]) -> Result<Option<Dims>> {
    let mut full = false;
    for t in inputs {
        if t.dim() == sizes.len() {
            let eq = crate::support::dims_eq(cx, &t.sizes, sizes)?;
            if cx.env.guard_or_false(eq, cx.op)? {
                full = true;
                break;
            }
        }
    }
    if !full {
        return Ok(None);
    }
    let (env, op) = (&mut *cx.env, cx.op);
    let mut contiguous = true;
    let mut cl = true;
    for t in inputs {
        contiguous = contiguous
            && crate::strides::is_contiguous(env, &t.sizes, &t.strides, op, Decide::OrFalse)?;
        cl = cl
            && t.dim() == 4
            && crate::strides::is_channels_last(env, &t.sizes, &t.strides, op, Decide::OrFalse)?;
    }
    if contiguous {
        return crate::strides::contiguous(env, sizes).map(Some);
    }
    if cl {
        return crate::strides::channels_last(env, sizes).map(Some);
    }
    Ok(None)
}

/// The static path: broadcast sizes and contiguous strides when every
/// input is static and either has exactly the contiguous strides of its
/// sizes (then both of PyTorch's algorithms give contiguous strides), or,
/// for a C++ meta kernel, every input has the output's shape and is
/// contiguous (TensorIterator's fast set-up). `None` otherwise, and on a
/// broadcast mismatch: the general path decides and reports.
#[inline]
pub(crate) fn static_output(inputs: &[&TensorMeta], rule: StrideRule) -> Option<(Dims, Dims)> {
    let rank = inputs.iter().map(|t| t.dim()).max().unwrap_or(0);
    let mut sizes: SmallVec<[i64; 6]> = SmallVec::from_elem(1, rank);
    for t in inputs {
        if t.strides.len() != t.dim() {
            return None;
        }
        let off = rank - t.dim();
        for (i, s) in t.sizes.iter().enumerate() {
            let s = s.as_int()?;
            let cur = &mut sizes[off + i];
            if s == *cur || s == 1 {
                continue;
            }
            if *cur == 1 {
                *cur = s;
            } else {
                return None;
            }
        }
    }
    if sizes.contains(&0) {
        return None;
    }
    let mut strides: SmallVec<[i64; 6]> = SmallVec::from_elem(1, rank);
    let mut acc = 1i64;
    for i in (0..rank).rev() {
        strides[i] = acc;
        acc = acc.checked_mul(sizes[i])?;
    }
    // An input's own contiguous strides are the output's, right-aligned.
    let standard = |t: &TensorMeta| -> bool {
        let mut expected = 1i64;
        for i in (0..t.dim()).rev() {
            let (Some(s), Some(st)) = (t.sizes[i].as_int(), t.strides[i].as_int()) else {
                return false;
            };
            if st != expected {
                return false;
            }
            expected = expected.saturating_mul(s.max(1));
        }
        true
    };
    let same_and_contiguous = |t: &TensorMeta| -> bool {
        if t.dim() != rank {
            return false;
        }
        let mut expected = 1i64;
        for i in (0..rank).rev() {
            let (Some(s), Some(st)) = (t.sizes[i].as_int(), t.strides[i].as_int()) else {
                return false;
            };
            if s != sizes[i] {
                return false;
            }
            if s != 1 {
                if st != expected {
                    return false;
                }
                expected = expected.saturating_mul(s);
            }
        }
        true
    };
    let ok = inputs.iter().all(|t| standard(t))
        || rule != StrideRule::Refs
            && inputs
                .iter()
                .all(|t| t.wrapped_number || same_and_contiguous(t));
    if !ok {
        return None;
    }
    let to_sym = |v: &[i64]| -> Dims { v.iter().map(|&x| SymInt::Int(x)).collect() };
    Some((to_sym(&sizes), to_sym(&strides)))
}
